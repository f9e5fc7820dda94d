/*
 * trend.h - trend charts of a history (analysis/history.h; doc/charts.md,
 * "Trend charts"): one per series, the points in history order with
 * their intervals, the levels between kept changes as a band, each kept
 * change a marker with its place set shaded and its words below; and
 * the suite trend, the geometric mean of every point with its band.
 * Every number and sentence comes from the history.
 */
#ifndef BR_TREND_H
#define BR_TREND_H

#include "chart.h"
#include "../../analysis/history.h"

/* Series s of h as a trend chart.  BR_EIO on ENOMEM, BR_EDATA when the
 * series has no point with a value. */
int br_chart_trend(const struct br_history *h, size_t s,
		   const struct br_chart_opts *o, struct br_scene **out,
		   struct br_error *err);

/* The suite trend of h (h->trend).  BR_EDATA when there is none
 * (trend.ok false), BR_EIO on ENOMEM. */
int br_chart_suite_trend(const struct br_history *h,
			 const struct br_chart_opts *o, struct br_scene **out,
			 struct br_error *err);

#endif
