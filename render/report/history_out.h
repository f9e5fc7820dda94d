/*
 * history_out.h - a history (analysis/history.h) as bytes: the "changes
 * since LABEL" table (text, Markdown, CSV), JSON with Otava's fields and
 * the intervals, trend charts (SVG, PNG, PDF) and the history report
 * (HTML, PDF).  Every number and sentence comes from the history;
 * nothing here computes.
 */
#ifndef BR_HISTORY_OUT_H
#define BR_HISTORY_OUT_H

#include <stdbool.h>
#include <stdio.h>

#include "../../analysis/history.h"
#include "../chart/chart.h"
#include "../output/output.h"

struct br_hist_out_opts {
	const char *title;       /* --title; NULL: the inputs' */
	bool utf8;               /* text: UTF-8 allowed (else ASCII) */
	bool all;                /* every series, not only those with a
				  * change or an anomaly */
	const char *generator;   /* "benchreport 0.1.0" */
	const struct br_chart_opts *chart; /* charts and reports */
	/* -o DIR/: files it never removes, and where it says so
	 * (output.h, br_outdir_set_inputs and br_outdir_set_warn) */
	const struct br_out_id *inputs;
	size_t n_inputs;
	void (*warn)(void *ctx, const char *line);
	void *warn_ctx;
};

void br_hist_out_opts_defaults(struct br_hist_out_opts *o);

/*
 * The table formats: "text", "markdown", "csv", "json" (formats.h
 * spelling, any case).  BR_EUSAGE for another name, BR_EIO on a write
 * error.  Owned by render/table/history_table.c.
 */
int br_history_write_table(FILE *f, const struct br_history *h,
			   const char *format,
			   const struct br_hist_out_opts *o,
			   struct br_error *err);

/*
 * The gate's lines, one per regression proven at the latest point (h->
 * gate), for stderr: "benchreport: regression: TEST: 2.1x slower from
 * LABEL (95% CI 1.9x to 2.3x, q 0.0004)".  Returns how many.
 */
size_t br_history_write_gate(FILE *f, const struct br_history *h);

/*
 * The drawn formats: one trend chart per series ("svg", "png", "pdf")
 * into the directory dir (br_outdir: written as a set, or not at all),
 * or, with path not a directory ("-o trend.pdf"), all in one PDF; the
 * report ("html", or "pdf" with report true) to path.  BR_EUSAGE for a
 * format it does not draw, BR_EIO on a write error.  Owned by
 * render/report/history_report.c and render/chart/chart_trend.c.
 */
int br_history_write_drawn(const struct br_history *h, const char *format,
			   bool report, const char *path,
			   const struct br_hist_out_opts *o,
			   struct br_error *err);

#endif
