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
	double sa, sb;   /* se_A, se_B (their squares can underflow) */
	double se_d;
	double t, df, p;
	double q;        /* q(1 - alpha/2, df); NAN when zero_var */
	double half;     /* q se_d: the CI of d is d -/+ half */
	int sig;
	bool zero_var;
};

/*
 * a and b with mean, sd and se divided by the power of 2 at the largest
 * magnitude among their means and SEs (exact; 1 when that is 0), and so
 * their resolution: Welch's test and the ratio
 * intervals are the same on them, and nothing squared can overflow or
 * vanish.  Returns the divisor; the difference of means scales with it.
 */
/* Whether a and b can be tested as they are, without br_st_scale_pair:
 * every mean and SE between 1e-100 and 1e100 (or 0), so no square
 * overflows or underflows.  Saves the copies in a loop over pairs. */
bool br_st_plain_pair(const struct br_summary *a,
		      const struct br_summary *b);

double br_st_scale_pair(const struct br_summary *a,
			const struct br_summary *b, struct br_summary *sa,
			struct br_summary *sb);

/* The decision of a filled w at another level lv: the sign of d when
 * |d| > q(1 - lv/2, df) se_d, else 0, as br_st_welch_ex would give it at
 * lv, without computing t and df again. */
int br_st_sig_at(const struct br_welch *w, double lv);

/* How far br_rank's step-down goes in memory (rank.c): the pairs it
 * sorts at most, and its counting passes at most.  Tests lower them. */
extern size_t br_rank_pairs_max;
extern unsigned br_rank_passes_max;

/* Square of a summary's SE, or NAN when n < 2 or SE unknown. */
double br_st_var_mean(const struct br_summary *s);

/*
 * Fill w for alpha in (0, 1).  Returns false (w untouched) when the pair
 * cannot be tested: a side with n < 2, a non-finite mean or no SE.  Give
 * it scaled summaries (br_st_scale_pair) when the magnitudes may be
 * extreme.
 */
bool br_st_welch(const struct br_summary *a, const struct br_summary *b,
		 double alpha, struct br_welch *w);

/* What a caller of br_st_welch_ex needs beyond d, t and df. */
enum br_st_need {
	BR_ST_CI,   /* everything (br_st_welch) */
	BR_ST_P,    /* sig and p; q and half NAN unless p is near alpha */
	BR_ST_SIG,  /* sig only; p is NAN when sig was clear without it */
};

/*
 * As br_st_welch, computing only what need asks for: sig (and p when
 * computed) are always the same as br_st_welch's.  BR_ST_SIG decides
 * most pairs by |t| against the quantiles at the integers around df
 * (q falls as df grows), with no incomplete beta function at all.
 */
bool br_st_welch_ex(const struct br_summary *a, const struct br_summary *b,
		    double alpha, enum br_st_need need, struct br_welch *w);

#endif
