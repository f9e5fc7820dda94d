/*
 * changepoint_int.h - the detector's parts, shared by stats/changepoint*.c
 * only (changepoint.h is the interface; doc/statistics.md, "Change
 * points", says what each step computes and why).
 */
#ifndef BR_CHANGEPOINT_INT_H
#define BR_CHANGEPOINT_INT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "changepoint.h"

/* ------------------------------------------------------------- random */

/* xoshiro256** seeded through splitmix64: one stream per (seed, key). */
struct cp_rng {
	uint64_t s[4];
	double spare;   /* the polar method's second normal */
	bool has_spare;
};

void cp_rng_init(struct cp_rng *r, uint64_t seed, uint64_t a, uint64_t b,
		 uint64_t tag);
uint64_t cp_rng_next(struct cp_rng *r);
size_t cp_rng_below(struct cp_rng *r, size_t n);
double cp_rng_normal(struct cp_rng *r);

/* Stream tags: which draw a stream feeds. */
enum { CP_TAG_SHIFT = 1, CP_TAG_NOISE = 2, CP_TAG_WHERE = 3 };

/* -------------------------------------------------------------- parts */

/*
 * One part of a series (the points between two split_before marks) with
 * a value, anomalies left out: point means on the analysis scale, the
 * variance of each mean from its own runs, the weights of the two-level
 * noise model and each point's index into obs[].
 */
struct cp_part {
	size_t m;
	double *y, *v, *w;
	size_t *idx;
	double *sx, *sw;    /* scratch, m each: permuted copies */
	double *xc;         /* scratch, m: centred values */
	double tau2;        /* between-point variance */
};

/* A found change inside a part: k is the index (into the part) of the
 * first point after it. */
struct cp_cut {
	size_t k;
	double p;
	enum br_cp_kind kind;
};

/* ------------------------------------------------------------- steps */

/* A statistic searched over the splits k in [ms, len - ms] of x[0..len)
 * (weights w, or NULL): its maximum, the split in *at.  It may stop as
 * soon as the running maximum reaches stop (then it returns that value,
 * at least stop). */
typedef double (*cp_stat_fn)(const double *x, const double *w, size_t len,
			     size_t ms, double stop, size_t *at);

double cp_shift_stat(const double *x, const double *w, size_t len,
		     size_t ms, double stop, size_t *at);
double cp_noise_stat(const double *x, const double *w, size_t len,
		     size_t ms, double stop, size_t *at);

/* The sequential (Besag-Clifford) permutation p-value of the maximum obs
 * of stat over x[0..len) (w permuted along, or NULL): at most B
 * permutations, stop after h at least as large.  sx, sw: scratch. */
double cp_perm_pvalue(cp_stat_fn stat, const double *x, const double *w,
		      size_t len, size_t ms, double obs, size_t B, size_t h,
		      struct cp_rng *rng, double *sx, double *sw, bool *floor);

/* Robust variance of one point mean (the MAD of successive differences,
 * halved) over y[0..m); 0 for m < 3. */
double cp_robust_var(const double *y, size_t m, double *scratch);

/* Screens part points for single-point spikes: flags[i] set for each
 * (Bonferroni over the part's points at level alpha).  v: each mean's
 * own variance.  scratch: m doubles. */
void cp_spikes(const double *y, const double *v, size_t m, double alpha,
	       bool *flags, double *scratch);

/* The between-point variance of the means y[0..m) with own variances
 * v (a median-unbiased estimate from successive differences).
 * scratch: m doubles. */
double cp_tau2(const double *y, const double *v, size_t m, double *scratch);

/* The median of x[0..n) (n > 0); reorders x. */
double cp_median(double *x, size_t n);

/* Binary segmentation of the part: the cuts (ascending k) into cut[],
 * at most max_cut; *p_first the p-value of the first split of the part
 * (1 when not tested). */
size_t cp_segment(struct cp_part *pt, const struct br_cp_opts *o,
		  struct cp_cut *cut, size_t max_cut, double *p_first);

/* Noise-only changes in the segments between the cuts, merged into
 * cut[] (ascending); returns the new count. */
size_t cp_noise_changes(struct cp_part *pt, const struct br_cp_opts *o,
			struct cp_cut *cut, size_t n_cut, size_t max_cut);

/* The numbers of the change at cut[j] between its neighbours. */
void cp_estimate(struct cp_part *pt, const struct br_cp_opts *o,
		 bool log_scale, const struct cp_cut *cut, size_t n_cut,
		 size_t j, struct br_cp_change *c);

#endif
