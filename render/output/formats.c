/*
 * formats.c - the output format table (formats.h) and its look-ups.
 */
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "formats.h"

/*
 * Every output format, once, in the order help lists them.  --help, the
 * man page and the errors that list formats are made from this table;
 * tests/golden/help-lists-tables checks they agree, and check_select's
 * format test that each command's parser takes exactly its rows.
 */
const struct br_out_format br_out_formats[] = {
	{.name = "text", .alias = "txt", .uses = BR_OUT_TABLE,
	 .what = "aligned columns", .table = BR_FMT_TEXT},
	{.name = "csv", .alias = "", .uses = BR_OUT_TABLE | BR_OUT_CONVERT,
	 .what = "comma-separated", .table = BR_FMT_CSV,
	 .convert = BR_CONVERT_CSV},
	{.name = "json", .alias = "", .uses = BR_OUT_TABLE | BR_OUT_CONVERT,
	 .what = "JSON", .table = BR_FMT_JSON, .convert = BR_CONVERT_JSON},
	{.name = "svg", .alias = "", .uses = BR_OUT_CHART,
	 .what = "SVG chart", .image = BR_IMAGE_SVG},
	{.name = "png", .alias = "", .uses = BR_OUT_CHART,
	 .what = "PNG chart", .image = BR_IMAGE_PNG},
	{.name = "pdf", .alias = "", .uses = BR_OUT_CHART,
	 .what = "PDF chart, or the whole report", .image = BR_IMAGE_PDF},
	{.name = "html", .alias = "htm", .uses = BR_OUT_REPORT,
	 .what = "HTML report", .report = BR_REPORT_HTML},
	{.name = "txt", .alias = "text", .uses = BR_OUT_REPORT,
	 .what = "plain text report", .report = BR_REPORT_TEXT},
	{.name = "md", .alias = "markdown",
	 .uses = BR_OUT_TABLE | BR_OUT_REPORT, .what = "Markdown",
	 .table = BR_FMT_MD, .report = BR_REPORT_MD},
	{.name = "xml", .alias = "", .uses = BR_OUT_CONVERT,
	 .what = "PTS composite.xml", .convert = BR_CONVERT_XML},
};
const size_t br_n_out_formats = sizeof br_out_formats /
				sizeof br_out_formats[0];

const struct br_out_format *br_out_format_find(const char *name,
					       unsigned uses)
{
	size_t k;

	if (!name)
		return NULL;
	for (k = 0; k < br_n_out_formats; k++) {
		const struct br_out_format *f = &br_out_formats[k];

		if ((f->uses & uses) && (!strcasecmp(f->name, name) ||
		    (*f->alias && !strcasecmp(f->alias, name))))
			return f;
	}
	return NULL;
}

const char *br_out_path_ext(const char *path)
{
	const char *slash, *dot;

	if (!path)
		return NULL;
	slash = strrchr(path, '/');
	dot = strrchr(path, '.');
	if (!dot || (slash && dot < slash) || dot == path ||
	    (slash && dot == slash + 1))
		return NULL;
	return dot + 1;
}

char *br_out_format_list(unsigned uses, const char *dot, const char *last)
{
	size_t k, n = 0, m = 0;
	char *s = NULL, *t;

	for (k = 0; k < br_n_out_formats; k++)
		n += (br_out_formats[k].uses & uses) != 0;
	for (k = 0; k < br_n_out_formats; k++) {
		if (!(br_out_formats[k].uses & uses))
			continue;
		m++;
		t = br_strf("%s%s%s%s", s ? s : "", m == 1 ? "" : m == n ?
			    last : ", ", dot, br_out_formats[k].name);
		free(s);
		if (!t)
			return NULL;
		s = t;
	}
	return s ? s : strdup("");
}
