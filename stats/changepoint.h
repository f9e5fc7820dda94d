/*
 * changepoint.h - change points in a history of measurements
 * (doc/statistics.md, "Change points").
 *
 * A series is one test measured at n points in order (commits, days,
 * releases); each point has its own repeat runs (or a published mean,
 * SE and N).  The detector finds where the level shifts and says, for
 * each change, how large it is and where it happened, each with an
 * interval:
 *
 *   - on the log scale when every value is positive (a change is a
 *     ratio), else on the values (a change is a difference);
 *   - point means weighted by a two-level noise model: the spread
 *     between points (day-to-day) plus each point's own SE from its
 *     runs, so a point of 10 runs counts more than one of 1;
 *   - binary segmentation, segments of at least min_seg points; each
 *     split is tested by a seeded permutation test of the whole search
 *     over that segment (the p-value stays honest after the split was
 *     chosen);
 *   - a single point far from both neighbours' segment is an anomaly
 *     (a spike), never a change;
 *   - a change in noise (the SD ratio of the two segments outside its
 *     interval) is reported as such, beside or instead of a shift.
 *
 * Pure: no I/O, no globals; the same input and seed give the same
 * result on any number of threads.  Reentrant.
 */
#ifndef BR_CHANGEPOINT_H
#define BR_CHANGEPOINT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "../model/model.h"

/* One point of a series. */
struct br_cp_obs {
	const double *runs;   /* its runs, or NULL */
	size_t n_runs;
	double mean;          /* runs NULL: the published mean */
	double se;            /* ... its SE (NAN: not known) */
	size_t n;             /* ... its N */
	bool skip;            /* no value here (missing, failed, muted by
			       * an annotation): not part of the series;
			       * indexes below still count it */
	bool split_before;    /* an annotation "expected shift" here: the
			       * series is cut before this point and each
			       * part analysed on its own */
};

struct br_cp_opts {
	double alpha;         /* level of each split's permutation test
			       * (default 0.01: at most about 1% of
			       * change-free series show a change) */
	double confidence;    /* of the ratio and SD-ratio intervals
			       * (default 0.95) */
	double where_confidence; /* of the set of places (default 0.90) */
	double noise_confidence; /* of the SD-ratio test (default 0.99) */
	size_t min_seg;       /* shortest segment, in points (default 3) */
	size_t permutations;  /* of each split's test (default 999) */
	size_t max_changes;   /* per series (default 16) */
	uint64_t seed;        /* of every random draw (default 1) */
};

void br_cp_opts_defaults(struct br_cp_opts *o);

enum br_cp_kind {
	BR_CP_SHIFT,          /* the level changed (maybe the noise too) */
	BR_CP_NOISE,          /* only the noise changed */
};

struct br_cp_change {
	enum br_cp_kind kind;
	size_t at;            /* index (into obs[]) of the first point
			       * after the change */
	size_t at_lo, at_hi;  /* the where_confidence set of places: the
			       * first point after lies in [at_lo, at_hi] */
	double mean_before, mean_after; /* weighted level of each segment,
			       * in the values' unit (the geometric one on
			       * the log scale) */
	double sd_before, sd_after; /* SD of the point means of each
			       * segment, in the values' unit */
	double ratio, ratio_lo, ratio_hi; /* after / before with its
			       * confidence interval (log scale); on the
			       * value scale: after - before and its
			       * interval (see diff below) */
	bool diff;            /* ratio* hold a difference (values <= 0) */
	double sd_ratio, sd_ratio_lo, sd_ratio_hi; /* sd_after / sd_before
			       * and its noise_confidence interval, both
			       * SDs on the analysis scale: on the log
			       * scale the ratio of the CVs, so a level
			       * that doubles at the same CV has 1 */
	bool noise_changed;   /* sd_ratio's interval excludes 1 */
	double pvalue;        /* of the split's permutation test (below
			       * its floor 1 / (permutations + 1), the
			       * Bonferroni bound of the t test at the
			       * split); a split found after another
			       * reports 2 p and a change in noise 4 p,
			       * so p <= alpha decides everywhere */
	size_t n_before, n_after; /* points in the two segments tested */
};

struct br_cp_result {
	bool log_scale;       /* every value was positive */
	double pvalue;        /* of the first split of the whole series (or
			       * of its first part): what a false-discovery
			       * rule across series reads; 1: not tested
			       * (too few points).  With split_before parts:
			       * the smallest first-split p-value times the
			       * number of parts tested */
	struct br_cp_change *changes; /* by at, ascending */
	size_t n_changes;
	size_t *anomalies;    /* indexes of single-point spikes, ascending */
	size_t n_anomalies;
	size_t n_used;        /* points with a value */
};

/*
 * The change points of obs[0..n).  BR_OK, BR_EUSAGE for options out of
 * range (err says which), BR_EIO on ENOMEM.  Fewer than 2 * min_seg
 * points with a value: no change, pvalue 1.  *out: free with
 * br_cp_result_free().
 */
int br_changepoints(const struct br_cp_obs *obs, size_t n,
		    const struct br_cp_opts *o, struct br_cp_result *out,
		    struct br_error *err);
void br_cp_result_free(struct br_cp_result *r);

/*
 * Benjamini-Hochberg adjusted p-values (q-values) of p[0..m), in the
 * same order: q_i = min over j with p_j >= p_i of m p_j / rank_j,
 * capped at 1.  NAN p stays NAN and does not count in m.
 */
void br_bh_adjust(const double *p, size_t m, double *q);

#endif
