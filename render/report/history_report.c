/*
 * history_report.c - a history drawn (history_out.h): the trend charts
 * (render/chart/trend.h) as one file each in a directory, written as a
 * set (br_outdir: all or nothing), or all in one PDF, and the reports
 * (history_html.c, history_pdf.c) to a file.  Files are named as render
 * names a test's chart ("NN-title-description", br_chart_file_name),
 * the suite trend "00-suite-trend".  No partial output on an error.
 *
 * This is the one file of report/ that writes files (doc/design.md 3.5
 * puts output/ above report/): the contract (history_out.h) gives the
 * history's drawn outputs one entry point, which the command calls.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>

#include "history_int.h"
#include "../chart/trend.h"
#include "../output/output.h"
#include "../paint/render.h"

bool br_hist_drawn(const struct br_history *h, size_t s, bool all)
{
	const struct br_hist_series *se = &h->series[s];

	return all || se->n_kept > 0 || se->n_anomalies > 0;
}

void br_hist_chart_opts(const struct br_hist_out_opts *o,
			struct br_chart_opts *c)
{
	if (o && o->chart)
		*c = *o->chart;
	else
		br_chart_opts_defaults(c);
}

const char *br_hist_title(const struct br_history *h,
			  const struct br_hist_out_opts *o)
{
	if (o && o->title && *o->title)
		return o->title;
	if (h->rs && h->rs->title && *h->rs->title)
		return h->rs->title;
	return "Benchmark history";
}

/* The chart table's row the file names are made for: one per test. */
static const struct br_chart_type trend_row = {
	.name = "trend",
	.help = "",
	.whole = false,
	.front = false,
	.misfit = BR_EDATA,
	.display = BR_DISPLAY_BAR,
	.fits = NULL,
	.auto_pick = NULL,
	.covers = NULL,
	.layout = NULL,
	.pages = NULL,
	.parts = NULL,
};

/* Chart k of the drawn set: the suite trend (k == n_series) or series
 * k's, with its file name (no extension) when name is not NULL. */
static int chart_of(const struct br_history *h, size_t k,
		    const struct br_chart_opts *c, struct br_scene **sc,
		    char *name, size_t size, struct br_error *err)
{
	if (k == h->n_series) {
		if (name)
			snprintf(name, size, "%0*u-suite-trend",
				 h->an->n_tests >= 100 ? 3 : 2, 0u);
		return br_chart_suite_trend(h, c, sc, err);
	}
	if (name) {
		struct br_chart_job j;

		memset(&j, 0, sizeof j);
		j.type = &trend_row;
		j.test = (size_t)(h->series[k].at - h->an->tests);
		br_chart_file_name(name, size, h->an, &j, c,
				   h->an->n_tests >= 100 ? 3 : 2);
	}
	return br_chart_trend(h, k, c, sc, err);
}

/* Whether chart k is in the drawn set: every series (a chart per test,
 * whether it changed or not: the reports pick), and the suite trend
 * when there is one. */
static bool in_set(const struct br_history *h, size_t k,
		   const struct br_hist_out_opts *o)
{
	(void)o;
	return k == h->n_series ? h->trend.ok : true;
}

static void paint_opts(const struct br_hist_out_opts *o, const char *title,
		       struct br_paint_opts *po)
{
	br_paint_opts_defaults(po);
	po->title = title;
	po->creator = o ? o->generator : NULL;
}

/* One chart into the set d as name.ext. */
static int dir_file(struct br_outdir *d, const char *name,
		    enum br_image_format f, struct br_scene *sc,
		    const struct br_hist_out_opts *o, struct br_error *err)
{
	struct br_paint_opts po;
	struct br_out out;
	char file[160];
	int rc;

	snprintf(file, sizeof file, "%s.%s", name, br_image_format_suffix(f));
	rc = br_outdir_file(d, file, &out, err);
	if (rc != BR_OK)
		return rc;
	paint_opts(o, sc->title, &po);
	rc = br_render_scenes(out.fp, f, &sc, 1, &po, err);
	if (rc == BR_OK)
		return br_out_commit(&out, err);
	br_out_abort(&out);
	return rc;
}

/* Every chart of the set into the directory dir, as a whole. */
static int write_dir(const struct br_history *h, const char *dir,
		     enum br_image_format f, const struct br_hist_out_opts *o,
		     struct br_error *err)
{
	struct br_chart_opts c;
	struct br_outdir *d = NULL;
	struct stat st;
	size_t k, n = 0;
	int rc;

	if (stat(dir, &st) == 0 && !S_ISDIR(st.st_mode))
		return br_error_set(err, BR_EUSAGE, NULL, 0, "-o %s: not a "
				    "directory", dir);
	br_hist_chart_opts(o, &c);
	rc = br_outdir_open(&d, dir, err);
	if (rc == BR_OK) {
		br_outdir_set_inputs(d, o->inputs, o->n_inputs);
		br_outdir_set_warn(d, o->warn, o->warn_ctx);
	}
	for (k = 0; rc == BR_OK && k <= h->n_series; k++) {
		struct br_scene *sc = NULL;
		char name[140];

		if (!in_set(h, k, o))
			continue;
		rc = chart_of(h, k, &c, &sc, name, sizeof name, err);
		if (rc == BR_OK)
			rc = dir_file(d, name, f, sc, o, err);
		br_scene_free(sc);
		n++;
	}
	if (rc == BR_OK && n == 0) {
		br_outdir_abort(d);
		return br_error_set(err, BR_EDATA, NULL, 0, "history: nothing "
				    "to draw");
	}
	if (rc != BR_OK) {
		br_outdir_abort(d);
		return rc;
	}
	return br_outdir_commit(d, err);
}

/* Scenes to path in format f, in one go (a temporary file renamed into
 * place, or nothing). */
static int write_scenes(const char *path, enum br_image_format f,
			struct br_scene *const *sc, size_t n,
			const char *title, const struct br_hist_out_opts *o,
			struct br_error *err)
{
	struct br_paint_opts po;
	struct br_out out;
	int rc;

	memset(&out, 0, sizeof out);
	rc = br_out_open(&out, path, err);
	if (rc != BR_OK)
		return rc;
	paint_opts(o, title, &po);
	rc = br_render_scenes(out.fp, f, sc, n, &po, err);
	if (rc == BR_OK)
		return br_out_commit(&out, err);
	br_out_abort(&out);
	return rc;
}

static void free_scenes(struct br_scene **sc, size_t n)
{
	size_t k;

	for (k = 0; k < n; k++)
		br_scene_free(sc[k]);
	free(sc);
}

/* Every chart of the set, a page each, in one PDF at path. */
static int write_pdf(const struct br_history *h, const char *path,
		     const struct br_hist_out_opts *o, struct br_error *err)
{
	struct br_scene **sc = calloc(h->n_series + 2, sizeof *sc);
	struct br_chart_opts c;
	size_t k, n = 0;
	int rc = BR_OK;

	if (!sc)
		return br_error_set(err, BR_EIO, NULL, 0, "out of memory");
	br_hist_chart_opts(o, &c);
	/* the suite trend first: the whole history at a glance */
	for (k = 0; rc == BR_OK && k <= h->n_series; k++) {
		size_t which = k == 0 ? h->n_series : k - 1;

		if (in_set(h, which, o))
			rc = chart_of(h, which, &c, &sc[n++], NULL, 0, err);
	}
	if (rc == BR_OK && n == 0)
		rc = br_error_set(err, BR_EDATA, NULL, 0, "history: nothing to "
				  "draw");
	if (rc == BR_OK)
		rc = write_scenes(path, BR_IMAGE_PDF, sc, n,
				  br_hist_title(h, o), o, err);
	free_scenes(sc, n);
	return rc;
}

/* The PDF report to path. */
static int write_pdf_report(const struct br_history *h, const char *path,
			    const struct br_hist_out_opts *o,
			    struct br_error *err)
{
	struct br_scene **pages = NULL;
	size_t n = 0;
	int rc = br_history_pdf_pages(h, o, &pages, &n, err);

	if (rc == BR_OK)
		rc = write_scenes(path, BR_IMAGE_PDF, pages, n,
				  br_hist_title(h, o), o, err);
	free_scenes(pages, n);
	return rc;
}

/* The HTML report to path. */
static int write_html(const struct br_history *h, const char *path,
		      const struct br_hist_out_opts *o, struct br_error *err)
{
	struct br_out out;
	int rc;

	memset(&out, 0, sizeof out);
	rc = br_out_open(&out, path, err);
	if (rc != BR_OK)
		return rc;
	rc = br_history_html(out.fp, h, o, err);
	if (rc == BR_OK)
		return br_out_commit(&out, err);
	br_out_abort(&out);
	return rc;
}

/* Whether path names a directory: ends in '/', or is one. */
static bool is_dir(const char *path)
{
	struct stat st;

	return strcmp(path, "-") && (path[strlen(path) - 1] == '/' ||
		(stat(path, &st) == 0 && S_ISDIR(st.st_mode)));
}

int br_history_write_drawn(const struct br_history *h, const char *format,
			   bool report, const char *path,
			   const struct br_hist_out_opts *o,
			   struct br_error *err)
{
	enum br_image_format f;

	if (!path || !*path)
		path = "-";
	if (!strcasecmp(format, "html"))
		return write_html(h, path, o, err);
	if (!strcasecmp(format, "svg"))
		f = BR_IMAGE_SVG;
	else if (!strcasecmp(format, "png"))
		f = BR_IMAGE_PNG;
	else if (!strcasecmp(format, "pdf"))
		f = BR_IMAGE_PDF;
	else
		return br_error_set(err, BR_EUSAGE, NULL, 0, "history: format "
				    "'%s' is not drawn (svg, png, pdf, html)",
				    format);
	if (report && f == BR_IMAGE_PDF)
		return write_pdf_report(h, path, o, err);
	if (report)
		return br_error_set(err, BR_EUSAGE, NULL, 0, "history: a report "
				    "is HTML or PDF, not %s", format);
	if (is_dir(path))
		return write_dir(h, path, f, o, err);
	if (f == BR_IMAGE_PDF)
		return write_pdf(h, path, o, err);
	return br_error_set(err, BR_EUSAGE, NULL, 0, "-o %s is one file, but "
			    "the history draws a chart per test: give a "
			    "directory (-o DIR/), or PDF for all in one file",
			    path);
}
