/*
 * report.h - reports people publish: one self-contained HTML page, a
 * plain-text mail body, GitHub Markdown; laid out by templates
 * (templates/NAME.tmpl, template.h, doc/templates.md).
 *
 *   br_report_build()   analysis -> struct br_report: the analysis
 *                       (analysis/analysis.h) holds every number the
 *                       report shows; the report adds its options
 *   br_report_values()  report -> template values for one medium
 *                       (strings formatted at PTS precision; text blocks
 *                       aligned and wrapped to 72 columns; each chart
 *                       laid out and painted as its test is written)
 *   br_report_write()   values + template -> bytes
 *
 * Only what the template uses is formatted, and the per-test values live
 * one test at a time (a text report's text blocks excepted: they are
 * made for every test at once, in parallel, and kept while it is
 * written).
 * Ownership: a report borrows the analysis (it must outlive the report).
 * Nothing here prints.
 */
#ifndef BR_REPORT_H
#define BR_REPORT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "../../analysis/analysis.h"
#include "../chart/chart.h"
#include "../paint/scene.h"
#include "template.h"

#define BR_REPORT_WIDTH 72  /* text columns */

enum br_report_fmt { BR_REPORT_HTML, BR_REPORT_TEXT, BR_REPORT_MD };
/* (Their names, for --format and extensions: formats.h's table.) */

/* Name of the built-in template: "report.html", "report.txt", ...; with
 * summary, the compact summary's ("summary.txt", ...). */
const char *br_report_template_name(enum br_report_fmt fmt);
const char *br_summary_template_name(enum br_report_fmt fmt);

struct br_report_opts {
	const char *title;       /* --title; NULL: the input's */
	bool plot;               /* text: ministat-style dot plots */
	bool utf8;               /* text: UTF-8 allowed (else ASCII) */
	bool summary;            /* the compact summary's built-in template
				  * (templates/summary.*.tmpl) */
	const char *generator;   /* "benchreport 0.1.0" */
	const struct br_chart_opts *chart; /* HTML: charts drawn with these
				  * (chart.h); NULL: none */
	const struct br_chart_plan *plan; /* HTML: which charts, as every
				  * other output draws them (br_chart_plan):
				  * its whole charts first, each test's own
				  * with the test; its extras (the overview)
				  * are the report's overview table */
	bool hide_unchanged;     /* the two-system table without the tests
				  * proven unchanged (--hide-unchanged) */
	const char *chart_dir;   /* Markdown (with chart and plan): each
				  * test's chart as an image in this
				  * directory, named as render -o DIR/ names
				  * it (SVG); NULL: none */
	/* a warning the report says ("warning: FILE: the title ... left
	 * unexpanded ..."), as one line without "\n"; NULL: none */
	void (*say)(void *ctx, const char *line);
	void *ctx;
};

void br_report_opts_defaults(struct br_report_opts *o);

struct br_report {
	const struct br_analysis *a;  /* every number (needs BR_AN_RANKS,
				       * BR_AN_COMPARE and, for charts of
				       * series, BR_AN_POINTS) */
	struct br_report_opts o;
	const char *title;            /* br_analysis_title */
	char title_buf[256];          /* the file's name, when the title
				       * gives way to it */
	struct br_style *styles;      /* per system: its colour and marker
				       * in the charts (br_system_styles) */
	/* Markdown fitted to GitHub's limit (report_fit.c): md_fitting
	 * set on the copy written, with the first md_tests tests */
	bool md_fitting;
	size_t md_tests;
};

/* The report of analysis a (borrowed).  BR_EIO on ENOMEM.  *out: free
 * with br_report_free(). */
int br_report_build(const struct br_analysis *a,
		    const struct br_report_opts *o, struct br_report **out,
		    struct br_error *err);
void br_report_free(struct br_report *r);

/*
 * The template values of r for fmt (doc/templates.md lists them); with
 * t, only those t uses (NULL: all).  The tests and the overview rows
 * are lazy lists: made one item at a time while a template writes them,
 * charts included, so *out must not outlive r.  *out: free with
 * br_tdoc_free().  BR_EIO on ENOMEM.
 */
int br_report_values(const struct br_report *r, enum br_report_fmt fmt,
		     const struct br_template *t, struct br_tdoc **out,
		     struct br_error *err);

/*
 * Write r as fmt to fp with the template src (len bytes, named name in
 * errors), or the built-in one when src is NULL.  BR_EDATA for template
 * errors, BR_EIO for ENOMEM, write errors and a chart failure other than
 * "nothing to draw".
 */
int br_report_write(const struct br_report *r, enum br_report_fmt fmt,
		    const char *name, const char *src, size_t len, FILE *fp,
		    struct br_error *err);

/* ---------------------------------------- shared by report_*.c only */

/* Text blocks of the mail body (report_text.c), NUL-terminated, every
 * line at most BR_REPORT_WIDTH columns; free with free(). */
char *br_report_text_systems(const struct br_report *r);
char *br_report_text_overview(const struct br_report *r);
char *br_report_text_geomean(const struct br_report *r);
char *br_report_text_test(const struct br_report *r, size_t i);
char *br_report_text_plot(const struct br_report *r, size_t i);
char *br_report_text_wrap(const struct br_report *r, int indent,
			  const char *s);
/* One paragraph wrapped at indent, its continuation lines hang columns
 * further in; NULL on ENOMEM.  Free it. */
char *br_report_text_hang(const struct br_report *r, int indent, int hang,
			  const char *s);

/* The compact summary's values (report_brief.c, analysis/brief.h),
 * when the template uses them; anchors[i]: analysis test i's anchor, as
 * the report's (NULL: not wanted).  BR_OK, or BR_EIO on ENOMEM. */
int br_report_brief_values(struct br_tdoc *d, struct br_tnode *root,
			   const struct br_report *r, enum br_report_fmt fmt,
			   const char *const *anchors);

/* The derived results (report_derived.c; doc/templates.md, "Derived
 * results"): groups_*, wins_*, spreads_*.  BR_OK or BR_EIO. */
int br_report_derived_values(struct br_tdoc *d, struct br_tnode *root,
			     const struct br_report *r,
			     enum br_report_fmt fmt);

/* "Dbench 4.0", "Client Count: 1": title with version, whole however
 * long: free() it.  NULL on ENOMEM. */
char *br_report_test_name(const struct br_test *t);
/* Provenance values (report_prov.c; doc/templates.md): the root's
 * source, writer and text block, a system's test date and PTS version,
 * a test's profile, its link and the entries' compiler options. */
void br_report_prov_root(struct br_tdoc *d, struct br_tnode *root,
			 const struct br_report *r, enum br_report_fmt fmt);
void br_report_prov_system(struct br_tdoc *d, struct br_tnode *it,
			   const struct br_report *r, size_t j);
void br_report_prov_test(struct br_tdoc *d, struct br_tnode *it,
			 const struct br_report *r, size_t i,
			 enum br_report_fmt fmt);
/* The notes as pieces, each address apart: notes_parts (report_prov.c;
 * doc/templates.md). */
void br_report_notes_parts(struct br_tdoc *d, struct br_tnode *root,
			   const char *s);
/* A Markdown report's charts from --chart-dir (report_mdcharts.c):
 * chart_file of test i, chart_files of the whole selection; "" and no
 * items but for BR_REPORT_MD with o.chart_dir. */
void br_report_md_chart_file(struct br_tdoc *d, struct br_tnode *it,
			     const struct br_report *r, size_t i,
			     enum br_report_fmt fmt);
void br_report_md_chart_files(struct br_tdoc *d, struct br_tnode *root,
			      const struct br_report *r, enum br_report_fmt fmt);
/*
 * Series (line-graph) results as tables: x down the side, per system the
 * mean, SE and N of each point, from the analysis' point summaries
 * (BR_AN_POINTS).  br_report_series_points: how many points test i's
 * series have (the longest), 0 when it has none to show.
 * br_report_series_has: whether system j has a series there.
 * br_report_point: point k of system j as the tables print it: x (the
 * test's x value, else the point's number from 1), mean (the test's
 * decimals), SE ("-" for a single run) and N; mean "-" and SE and N ""
 * when the point has no value.
 */
struct br_point_text {
	char x[40], mean[48], se[48], n[24];
};
size_t br_report_series_points(const struct br_report *r, size_t i);
bool br_report_series_has(const struct br_report *r, size_t i, size_t j);
void br_report_point(const struct br_report *r, size_t i, size_t j,
		     size_t k, struct br_point_text *p);
/* The heading of the x column: the test's x label, else "Point". */
const char *br_report_series_x_label(const struct br_test *t);

/* Markdown over BR_MD_LIMIT characters (report_fit.c, doc/templates.md):
 * written with as many tests' sections as fit, said (o.say) and noted
 * in the report.  Arguments as br_report_write's. */
int br_report_md_fit(const struct br_report *r, const char *name,
		     const char *src, size_t len, FILE *fp,
		     struct br_error *err);

/* Paper and phone layout values (report_paper.c, doc/templates.md):
 * overview_wide, the overview too wide for a printed page. */
void br_report_paper_values(struct br_tdoc *d, struct br_tnode *root,
			    const struct br_report *r);
/* A merged systems-table cell's label for the stacked layout (phones):
 * "who", the names of systems j to k - 1, or "All systems". */
void br_report_paper_span(struct br_tdoc *d, struct br_tnode *cell,
			  const struct br_report *r, size_t j, size_t k);

/* Whether system j of test i has a comparison to state. */
bool br_report_has_cmp(const struct br_report *r, size_t i, size_t j);

#endif
