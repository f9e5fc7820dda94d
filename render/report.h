/*
 * report.h - reports people publish: one self-contained HTML page, a
 * plain-text mail body, GitHub Markdown; laid out by templates
 * (templates/NAME.tmpl, template.h, doc/templates.md).
 *
 *   br_report_build()   model + selection -> struct br_report: every
 *                       number the report shows, computed once with
 *                       stats/ (summaries, ranks, Welch/Fieller against
 *                       the baseline, geometric means)
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
 * Ownership: a report borrows the resultset (it must outlive the report).
 * Nothing here prints.
 */
#ifndef BR_REPORT_H
#define BR_REPORT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "../model/model.h"
#include "../stats/stats.h"
#include "scene.h"
#include "template.h"

#define BR_REPORT_WIDTH 72  /* text columns */

enum br_report_fmt { BR_REPORT_HTML, BR_REPORT_TEXT, BR_REPORT_MD };

/* From a file extension: "html"/"htm", "txt"/"text", "md"/"markdown". */
bool br_report_fmt_from_ext(const char *ext, enum br_report_fmt *out);

/* Name of the built-in template: "report.html", "report.txt", ... */
const char *br_report_template_name(enum br_report_fmt fmt);

/* Lays out the chart of one test (the render command's own chart code,
 * so --whiskers, --sort ... apply).  BR_EDATA: nothing drawable. */
typedef int (*br_report_chart_fn)(void *ctx, const struct br_test *t,
				  struct br_scene **out,
				  struct br_error *err);

struct br_report_opts {
	double confidence;       /* of CIs and comparisons; 0.95 */
	double equivalence;      /* --equivalence PCT; 0: off */
	const char *baseline;    /* --baseline NAME; NULL: the first system,
				  * and overview percentages relative to the
				  * best instead */
	const char *title;       /* --title; NULL: the input's */
	bool plot;               /* text: ministat-style dot plots */
	bool utf8;               /* text: UTF-8 allowed (else ASCII) */
	const char *generator;   /* "benchreport 0.1.0" */
	br_report_chart_fn chart;/* NULL: no charts */
	void *chart_ctx;
};

void br_report_opts_defaults(struct br_report_opts *o);

/* One test x one selected system. */
struct br_report_cell {
	const struct br_entry *entry; /* NULL: no entry */
	struct br_summary sum;        /* sum.n == 0: no usable value */
	int rank;                     /* 0: none */
	double relative;              /* to the best mean (best = 1); NAN */
	bool has_cmp;                 /* cmp against the baseline is set */
	struct br_comparison cmp;
	double vs_base;               /* direction-aware speedup against the
				       * baseline's mean (cmp.speedup) */
	bool best, worst;             /* marked in the overview */
};

struct br_report_test {
	const struct br_test *t;
	struct br_report_cell *cells; /* one per selected system */
	bool scalar;                  /* BAR: summaries, overview row */
	int decimals, se_decimals;    /* PTS display precision */
};

struct br_report_geo {
	bool ok;                      /* g is set */
	struct br_geomean g;          /* system against the baseline */
	size_t skipped;
};

struct br_report {
	const struct br_resultset *rs;
	struct br_report_opts o;
	const char *title;
	const size_t *systems;        /* selected, in order (borrowed) */
	size_t n_systems;
	size_t base;                  /* index into systems */
	struct br_report_test *tests;
	size_t n_tests;
	size_t n_scalar;              /* tests with scalar results */
	struct br_report_geo *geo;    /* per system (base: not ok) */
};

/*
 * Build the report of the selected tests and systems (indexes into rs,
 * borrowed).  BR_EUSAGE when o->baseline names no selected system (err
 * says so), BR_EIO on ENOMEM.  *out: free with br_report_free().
 */
int br_report_build(const struct br_resultset *rs, const size_t *tests,
		    size_t n_tests, const size_t *systems, size_t n_systems,
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

/* "Dbench 4.0", "Client Count: 1": title with version. */
const char *br_report_test_name(char *buf, size_t size,
				const struct br_test *t);
/* The comparison sentence of cell c of test i against the baseline. */
const char *br_report_sentence(char *buf, size_t size,
			       const struct br_report *r, size_t i, size_t c);
/* Identifier of selected system j. */
const char *br_report_system(const struct br_report *r, size_t j);

#endif
