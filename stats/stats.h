/*
 * stats.h - model -> summaries (../shared/STATS.md section 3 and 4).
 * Pure functions over the model; never prints, never draws.  GSL does the
 * numerics (two-pass moments, exact t quantiles).
 *
 * Missing quantities are NAN (with a reason where it matters); output code
 * prints them as empty fields or words, never as "nan".
 */
#ifndef BR_STATS_H
#define BR_STATS_H

#include <stdbool.h>
#include <stddef.h>

#include "../model/model.h"

#define BR_MAX_FLAGGED 8

/* Per-system summary of one sample (STATS.md 3.1, 3.2, 4.3). */
struct br_summary {
	size_t n;            /* runs, or the published N */
	bool from_summary;   /* from published mean/SE/N, not from runs */
	double mean;         /* mean of runs; the published value otherwise */
	double sd;           /* sample sd (n-1); summary: SE*sqrt(N) */
	double se;           /* sd/sqrt(n) */
	double ci_low;       /* t-based CI of the mean at the confidence */
	double ci_high;
	double median;       /* middle value; mean of the two middle ones */
	double q1, q3;       /* Hyndman-Fan type 7 */
	double min, max;
	double cv_pct;       /* 100 sd/|mean|; NAN if n < 2 or mean == 0 */
	bool sign_change;    /* runs change sign: CV meaningless */
	/* Outliers, Iglewicz-Hoaglin modified z > 3.5: flagged, not dropped */
	size_t n_flagged;
	size_t flagged[BR_MAX_FLAGGED]; /* run indexes (0-based), first ones */
	/* Run-order drift (runs only, n >= 5 for trend, n >= 4 for lag-1) */
	double lag1;         /* lag-1 autocorrelation; NAN if not computed */
	double trend_slope;  /* OLS slope of value on run index */
	double trend_p;      /* two-sided p of the slope */
	bool drift;          /* trend_p < 0.05 or |lag1| large: warn */
};

/*
 * Summarise s at confidence (0 < c < 1).  Returns BR_OK, or BR_EDATA
 * when s has no value at all (out->n = 0).  Summary-only samples get
 * sd = SE*sqrt(N) and their CI from that; median/min/max/quartiles are
 * NAN for them.
 */
int br_summarize(const struct br_sample *s, double confidence,
		 struct br_summary *out);

enum br_verdict {
	BR_VERDICT_BETTER,
	BR_VERDICT_WORSE,
	BR_VERDICT_NO_DIFFERENCE,
	BR_VERDICT_EQUIVALENT,
	BR_VERDICT_INCONCLUSIVE,
	BR_VERDICT_SINGLE_RUN,
};

/* "better", "worse", "no-difference", "equivalent", "inconclusive",
 * "single-run" (the CSV spelling). */
const char *br_verdict_name(enum br_verdict v);

/* Candidate B against baseline A (STATS.md 3.3, 3.4, 4.1, 4.2). */
struct br_comparison {
	double d;            /* mean_B - mean_A */
	double se_d;         /* sqrt(v_A + v_B) */
	double t, df, p;     /* Welch; p two-sided */
	double d_ci_low, d_ci_high;
	double ratio;        /* mean_B / mean_A */
	double ratio_ci_low, ratio_ci_high; /* Fieller; NAN if unbounded */
	bool ratio_unbounded;/* g >= 1: "baseline too noisy for a ratio" */
	/* Direction-aware speedup S = R (HIB) or 1/R (LIB) and its CI;
	 * improvement_pct = 100 (S - 1), > 0 means B is better. */
	double speedup, speedup_ci_low, speedup_ci_high;
	double improvement_pct, improvement_ci_low_pct, improvement_ci_high_pct;
	enum br_verdict verdict;
	const char *reason;  /* static text for degenerate cases, or NULL */
	bool zero_variance;  /* both sides had zero variance */
	/* --equivalence: TOST at the 1-2a CI (e.g. 90% for 95%) in percent */
	double equiv_ci_low_pct, equiv_ci_high_pct;
	/* Smallest detectable change (80% power) in % of the baseline, and
	 * runs per system needed to resolve the equivalence margin (or 1%
	 * when no margin was given).  NAN when not computable. */
	double mde_pct;
	double runs_needed;
};

/*
 * Compare b (candidate) against a (baseline) for a test of direction dir
 * (UNKNOWN is treated as HIB for speedup but flagged by the caller).
 * equivalence_pct > 0 enables the three-way TOST verdict.  Never fails;
 * degenerate cases set verdict and reason (STATS.md 3.3).
 */
void br_compare(const struct br_summary *a, const struct br_summary *b,
		enum br_dir dir, double confidence, double equivalence_pct,
		struct br_comparison *out);

/* Geometric mean of speedups over K tests (STATS.md 3.5). */
struct br_geomean {
	size_t k;            /* tests used */
	double gm;           /* exp(mean ln S_k) */
	double meas_low, meas_high;   /* measurement CI; NAN if unavailable */
	double across_low, across_high; /* across-tests CI; NAN if K < 2 */
	double gsd;          /* geometric sd exp(s_l); NAN if K < 2 */
};

/*
 * a[k], b[k]: baseline and candidate summaries of test k, dir[k] its
 * direction.  Tests with a non-positive mean on either side are skipped
 * (the caller lists them).  Returns BR_OK, or BR_EDATA when no test is
 * usable.
 */
int br_geomean(const struct br_summary *const *a,
	       const struct br_summary *const *b, const enum br_dir *dir,
	       size_t k, double confidence, struct br_geomean *out);

/*
 * Competition ranks with ties within one test (STATS.md 3.6):
 * rank_i = 1 + #{j : j better than i with Welch p < alpha}, with Holm's
 * adjustment of the pairwise p-values when holm is true.  relative[i] =
 * performance relative to the best mean (HIB: mean/best, LIB: best/mean),
 * so the best is 1.  Systems with n == 0 get rank 0 and relative NAN.
 */
int br_rank(const struct br_summary *s, size_t n, enum br_dir dir,
	    double confidence, bool holm, int *rank, double *relative);

/* Student t quantile q(p, df) (gsl_cdf_tdist_Pinv). */
double br_t_quantile(double p, double df);

#endif
