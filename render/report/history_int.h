/*
 * history_int.h - what the history's drawn outputs share
 * (history_report.c: charts and files; history_html.c: the HTML report;
 * history_pdf.c: the PDF report).  Not public API.
 */
#ifndef BR_HISTORY_INT_H
#define BR_HISTORY_INT_H

#include <stdbool.h>
#include <stdio.h>

#include "history_out.h"
#include "../paint/scene.h"

/* Whether series s is drawn: with all, every one; else those with a
 * kept change or an anomaly. */
bool br_hist_drawn(const struct br_history *h, size_t s, bool all);

/* The chart options of o (its chart's, else the defaults) into c. */
void br_hist_chart_opts(const struct br_hist_out_opts *o,
			struct br_chart_opts *c);

/* The report's title: --title, else the inputs' (the result set's),
 * else "Benchmark history". */
const char *br_hist_title(const struct br_history *h,
			  const struct br_hist_out_opts *o);

/* The HTML report of h to fp (history_html.c).  BR_EIO on ENOMEM or a
 * write error, BR_EDATA for a template error. */
int br_history_html(FILE *fp, const struct br_history *h,
		    const struct br_hist_out_opts *o, struct br_error *err);

/* The PDF report of h as pages (history_pdf.c): free each with
 * br_scene_free() and the array with free().  BR_EIO on ENOMEM. */
int br_history_pdf_pages(const struct br_history *h,
			 const struct br_hist_out_opts *o,
			 struct br_scene ***pages, size_t *n,
			 struct br_error *err);

#endif
