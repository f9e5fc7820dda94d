/*
 * stats_int.h - helpers shared inside stats/ (not part of the API).
 */
#ifndef BR_STATS_INT_H
#define BR_STATS_INT_H

#include <stdbool.h>

#include "stats.h"

/*
 * Welch's test of b against a, the core of br_compare and br_rank.
 * sig is +1 when mean_B is significantly above mean_A (the CI of d lies
 * above 0), -1 when below, 0 otherwise; p agrees with sig (p < alpha
 * exactly when sig != 0).  Both variances zero: zero_var, se_d = half =
 * 0, t and df NAN, p 0 or 1.
 */
struct br_welch {
	double d;        /* mean_B - mean_A */
	double va, vb;   /* se_A^2, se_B^2 */
	double se_d;
	double t, df, p;
	double q;        /* q(1 - alpha/2, df); NAN when zero_var */
	double half;     /* q se_d: the CI of d is d -/+ half */
	int sig;
	bool zero_var;
};

/*
 * Whether mean^2 and se^2 neither overflow nor (for se > 0) underflow:
 * comparisons square both, so values beyond ~1e150 or a nonzero SE below
 * ~1e-150 are refused rather than computed as garbage.
 */
bool br_st_in_range(const struct br_summary *s);

/* Square of a summary's SE, or NAN when n < 2 or SE unknown. */
double br_st_var_mean(const struct br_summary *s);

/*
 * Fill w for alpha in (0, 1).  Returns false (w untouched) when the pair
 * cannot be tested: a side with n < 2, a non-finite mean, no SE, or out
 * of range (br_st_in_range).
 */
bool br_st_welch(const struct br_summary *a, const struct br_summary *b,
		 double alpha, struct br_welch *w);

/*
 * As br_st_welch; with_ci false (ranking) skips the exact quantile when
 * p is clearly on one side of alpha (q and half are then NAN): sig and p
 * are the same as br_st_welch's.
 */
bool br_st_welch_ex(const struct br_summary *a, const struct br_summary *b,
		    double alpha, bool with_ci, struct br_welch *w);

#endif
