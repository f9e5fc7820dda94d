/*
 * formats.h - the output formats, in one table: each format's names (the
 * --format value and the file extensions it goes by), what takes it and
 * which writer writes it.  Every command finds its format here, by
 * --format or by -o's extension, ignoring case; --help, the man page and
 * the errors that list formats are made from the same rows.
 */
#ifndef BR_FORMATS_H
#define BR_FORMATS_H

#include <stdbool.h>
#include <stddef.h>

#include "../table/convert.h"
#include "../paint/render.h"
#include "../report/report.h"
#include "../table/table.h"

/* What takes a format (a row may serve several). */
enum {
	BR_OUT_TABLE = 1u << 0,   /* stats and compare tables */
	BR_OUT_CHART = 1u << 1,   /* render: a chart, a set of charts */
	BR_OUT_REPORT = 1u << 2,  /* render: a report from a template */
	BR_OUT_CONVERT = 1u << 3, /* convert: the results themselves */
};

struct br_out_format {
	const char *name;         /* --format value and file extension */
	const char *alias;        /* another name and extension; "" none */
	unsigned uses;            /* BR_OUT_*: what takes it */
	const char *what;         /* a few words for --help */
	/* the writer, for each use the row has: */
	enum br_fmt table;                /* BR_OUT_TABLE: table.h */
	enum br_image_format image;       /* BR_OUT_CHART: render.h */
	enum br_report_fmt report;        /* BR_OUT_REPORT: report.h */
	enum br_convert_fmt convert;      /* BR_OUT_CONVERT: convert.h */
};
extern const struct br_out_format br_out_formats[];
extern const size_t br_n_out_formats;

/* The row whose name or alias is name, ignoring case, among the rows with
 * any of uses; NULL if none (or name is NULL). */
const struct br_out_format *br_out_format_find(const char *name,
					       unsigned uses);

/* The extension of path's last component (after its last '.'; a leading
 * dot names a hidden file, not an extension), or NULL. */
const char *br_out_path_ext(const char *path);

/* "svg, png or pdf": the names of the formats with any of uses, in table
 * order, each after dot ("" or "."), the last after last (" or ", ", ").
 * Free it; NULL on ENOMEM. */
char *br_out_format_list(unsigned uses, const char *dot, const char *last);

#endif
