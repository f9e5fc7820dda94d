/*
 * history_int.h - what the parts of the history (history.c: points,
 * order and series; history_cp.c: change points, false discoveries and
 * the gate; history_trend.c: the suite trend; history_words.c: the
 * words) share.  Private to analysis/.
 */
#ifndef BR_HISTORY_INT_H
#define BR_HISTORY_INT_H

#include "history.h"

/* A string in h's arena, made like printf; NULL on ENOMEM. */
const char *br_hist_strf(struct br_history *h, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/* Add a warning line to h; BR_EIO on ENOMEM. */
int br_hist_warn(struct br_history *h, struct br_error *err,
		 const char *fmt, ...) __attribute__((format(printf, 3, 4)));

/*
 * The points a label names among h->points (doc/design.md, "History"):
 * the point of that label, else the system of that name, else every
 * point of the input of that path, file stem or folder.  Indexes into
 * h->points, ascending, in *idx (malloc'd, free it); returns how many
 * (0: none), or (size_t)-1 on ENOMEM; *ambiguous is set when a stem or
 * folder names several inputs (then 0 is returned).
 */
size_t br_hist_named(const struct br_history *h, const char *label,
		     size_t **idx, bool *ambiguous);

/* Change points of every series, the latest-point test, false
 * discoveries, words and the gate (history_cp.c). */
int br_hist_changes(struct br_history *h, struct br_error *err);

/* Annotations of series s at point j: flags[s * n_points + j]. */
enum { BR_HIST_F_MUTED = 1, BR_HIST_F_SPLIT = 2 };

/*
 * The gate's test of the latest point of series s (history_gate.c): the
 * latest point alone against the segment before it (from the detector's
 * last change in r, or the last expected shift, to the point before;
 * anomalies left out), when that segment has min_seg points or more,
 * one-sided in the worse direction.  Fills *out (latest_test's numbers)
 * and *p, and returns true; false (and *p NAN) when not tested.
 */
bool br_hist_latest(const struct br_history *h, size_t s,
		    const struct br_cp_result *r, const unsigned char *flags,
		    struct br_cp_change *out, double *p);

/* The suite trend (history_trend.c). */
int br_hist_trend(struct br_history *h, struct br_error *err);

/* Words of change c of series s (history_words.c). */
int br_hist_change_words(struct br_history *h,
			 const struct br_hist_series *s,
			 struct br_hist_change *c);
/* h->fdr_words. */
int br_hist_fdr_words(struct br_history *h);

#endif
