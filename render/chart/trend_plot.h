/*
 * trend_plot.h - the layout every trend chart shares (trend_plot.c):
 * points in order along x, a value axis, bands, change markers and
 * their list.  chart_trend.c fills a tr_in from a history; nothing here
 * reads the history, and nothing here computes a statistic.
 */
#ifndef BR_TREND_PLOT_H
#define BR_TREND_PLOT_H

#include <stdbool.h>
#include <stddef.h>

#include "chart.h"

/* One point: its value and interval as the history has them. */
struct tr_pt {
	bool ok;             /* has a value (else a gap) */
	double v;
	bool ci;             /* lo..hi is an interval to draw */
	double lo, hi;
	bool anomaly;        /* a single-point spike */
};

/* A level held from point from to point to (exclusive), with a band. */
struct tr_seg {
	size_t from, to;
	double level, lo, hi;
};

enum tr_kind { TR_REGRESSION, TR_IMPROVEMENT, TR_OTHER };

/* A change: first point after it at, its place set at_lo..at_hi. */
struct tr_mark {
	size_t at, at_lo, at_hi;
	enum tr_kind kind;
	const char *words;   /* "2.1x slower from v1.2" */
	const char *detail;  /* "95% CI 1.9x to 2.3x; between A and B" */
};

struct tr_in {
	const struct br_test *t;      /* header and caption */
	size_t n;                     /* points */
	const char *const *labels;    /* n point labels */
	const struct tr_pt *pt;       /* n */
	bool band_points;             /* the points' intervals as one band
				       * (the suite trend), not bars */
	const struct tr_seg *seg;
	size_t n_seg;
	const struct tr_mark *mk;
	size_t n_mk;
	double ref;                   /* a reference level drawn dashed
				       * (the suite's 1); NAN: none */
	int decimals;                 /* the values' display precision */
	double dur_scale;             /* values as m:ss (br_cell); 0: no */
	const char *order_words;      /* "ordered by ..." (the history's) */
	const char *what;             /* legend of the points: "Mean" */
	const char *bars_note;        /* footnote on the intervals, or NULL */
	const char *band_note;        /* footnote on the segments' band */
};

/* The chart of in, o->width wide.  BR_EIO on ENOMEM. */
int br_trend_plot(const struct tr_in *in, const struct br_chart_opts *o,
		  struct br_scene **out, struct br_error *err);

#endif
