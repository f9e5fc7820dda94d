/*
 * history_int.h - what the writers of a history's table formats share
 * (history_table.c, history_text.c, history_md.c, history_data.c):
 * which series and changes each lists, and the few ways a number of the
 * history is written.  Formatting only: every number, verdict and
 * sentence is the history's (analysis/history.h).
 */
#ifndef BR_HISTORY_INT_H
#define BR_HISTORY_INT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "../report/history_out.h"

/* Is series i listed: it has a change or an anomaly, or o->all. */
bool br_ht_series_shown(const struct br_history *h,
			const struct br_hist_out_opts *o, size_t i);

/* Is a change listed in the "changes since" table (text, Markdown): after
 * the "since" point (its first point after the change is later) and kept,
 * or any with o->all. */
bool br_ht_change_listed(const struct br_history *h,
			 const struct br_hist_out_opts *o,
			 const struct br_hist_change *c);

/* Is anomaly point j listed: after the "since" point. */
bool br_ht_anomaly_listed(const struct br_history *h, size_t j);

/* Point j's label ("?" when it has none). */
const char *br_ht_label(const struct br_history *h, size_t j);

/* The title: --title, else the results' title; NULL: none. */
const char *br_ht_title(const struct br_history *h,
			const struct br_hist_out_opts *o);

/* A factor on the values as "x2.100" (br_fmt_x's digits, the x in
 * front: "times"), a difference as "+3.20" at decimals d; "-" for NAN. */
const char *br_ht_factor(char *buf, size_t size, double v, bool diff, int d);

/* A change's ratio (or difference) interval "x1.900 to x2.310"; "" when
 * it has none. */
const char *br_ht_ratio_ci(char *buf, size_t size,
			   const struct br_hist_series *s,
			   const struct br_cp_change *cp);

/* A p- or q-value: two significant digits ("0.001", "0.034", "4.2e-05"),
 * "-" for NAN. */
const char *br_ht_p(char *buf, size_t size, double p);

/* "2,242.93 -> 4,710.20 MB/s" (arrow as given) at the test's decimals.
 * New string; NULL on ENOMEM. */
char *br_ht_before_after(const struct br_hist_series *s,
			 const struct br_cp_change *cp, const char *arrow);

/* The change in words with its interval: "2.1x slower from d5 (95% CI
 * 1.9x to 2.3x)".  New string; NULL on ENOMEM. */
char *br_ht_change_words(const struct br_history *h,
			 const struct br_hist_change *c);

/* A change's notes joined by "; ": "noise only", "noise changed: SD x2.50
 * (99% CI x1.50 to x4.10)", "expected shift", "at the latest point",
 * "not kept at q 0.05"; "" when none.  New string; NULL on ENOMEM. */
char *br_ht_notes(const struct br_history *h,
		  const struct br_hist_change *c);

/* "3 points, ordered by the results' dates, from d1 (2018-11-27
 * 20:20:29) to d3 (...)".  New string; NULL on ENOMEM. */
char *br_ht_points_words(const struct br_history *h);

/* The method and its parameters in words: "benchreport's change points:
 * permutation test (999 permutations, alpha 0.01), minimum segment 3
 * points, seed 1; false discovery rate q 0.05 across series".  New
 * string; NULL on ENOMEM. */
char *br_ht_method_words(const struct br_history *h);

/* The suite trend's heading: "geometric mean of speedups against d1
 * over 3 tests (above 1 is better)".  New string; NULL on ENOMEM. */
char *br_ht_trend_words(const struct br_history *h);

/* s with each BR_NBSP marker (analysis/sentence.h) made a plain space,
 * for the outputs that do not wrap (Markdown, CSV, JSON, the gate);
 * returns s.  NULL stays NULL. */
char *br_ht_flat(char *s);

/* Each writer. */
int br_ht_write_text(FILE *f, const struct br_history *h,
		     const struct br_hist_out_opts *o, struct br_error *err);
int br_ht_write_md(FILE *f, const struct br_history *h,
		   const struct br_hist_out_opts *o, struct br_error *err);
int br_ht_write_csv(FILE *f, const struct br_history *h,
		    const struct br_hist_out_opts *o, struct br_error *err);
int br_ht_write_json(FILE *f, const struct br_history *h,
		     const struct br_hist_out_opts *o, struct br_error *err);

#endif
