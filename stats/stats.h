/*
 * stats.h - model -> summaries (doc/statistics.md).
 * Pure functions over the model; never prints, never draws.  GSL does the
 * numerics (two-pass moments, exact t quantiles).
 *
 * Missing quantities are NAN (with a reason where it matters); output code
 * prints them as empty fields or words, never as "nan".  Verdicts and flags
 * are never derived from a NAN: every degenerate input has its own rule.
 *
 * Levels: alpha = 1 - confidence, for any confidence in (0, 1); quantiles
 * are exact (br_t_quantile), never a table.
 *
 * Run-order drift (doc/statistics.md, "Run-order checks"), computed from
 * raw runs only:
 *   lag1   r1 = sum_{i<n} (x_i - m)(x_{i+1} - m) / sum (x_i - m)^2 (the
 *          NIST StRD definition), for n >= BR_LAG1_MIN_N (at n = 2 it is
 *          -1/2 whatever the data) and runs that are not all equal.
 *          Under independence r1 has mean -1/n and variance
 *          (n-2)^2 / (n^2 (n-1)) (Moran); it counts as drift when
 *          n >= BR_LAG1_FLAG_N and r1 > -1/n + BR_LAG1_Z (n-2) /
 *          (n sqrt(n-1)), a one-sided test at about 1% (checked by
 *          simulation: 0.5-1% for n = 6..100).  Only positive
 *          autocorrelation is flagged: it is what makes confidence
 *          intervals too narrow (warm-up, thermal throttling, caches
 *          filling); negative r1 (alternation) makes them conservative.
 *   trend  OLS slope of x_i on the run index i = 0..n-1 (units per run),
 *          two-sided t test with n-2 df, for n >= BR_TREND_MIN_N; drift
 *          when trend_p < BR_DRIFT_ALPHA.  Identical runs: slope 0,
 *          p 1; a perfect line: p 0.
 *   With both tests at 1% about 2% of drift-free entries are flagged:
 *   drift is a hint to look at the run order, not a verdict.
 */
#ifndef BR_STATS_H
#define BR_STATS_H

#include <stdbool.h>
#include <stddef.h>

#include "../model/model.h"

#define BR_MAX_FLAGGED 8

#define BR_LAG1_MIN_N 3     /* lag1 computed from this many runs */
#define BR_LAG1_FLAG_N 6    /* ... and can flag drift from this many */
#define BR_LAG1_Z 2.326     /* one-sided normal quantile, ~1% */
#define BR_TREND_MIN_N 5    /* trend slope and p from this many runs */
#define BR_DRIFT_ALPHA 0.01 /* trend_p below this is drift */
#define BR_OUTLIER_MIN_N 5  /* runs flagged as outliers from this many */

/* Per-system summary of one sample (doc/statistics.md, "Per system"). */
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
	/* Run-order drift (runs only; rules in the comment at the top) */
	double resolution;   /* the runs' step as written (0: not known) */
	bool floored;        /* sd was below resolution / sqrt(12): se is
			      * resolution / 2 at any n (doc/statistics.md,
			      * "Resolution") */
	double lag1;         /* lag-1 autocorrelation; NAN if not computed */
	double trend_slope;  /* OLS slope of value on run index; NAN if n < 5 */
	double trend_p;      /* two-sided p of the slope; NAN if n < 5 */
	bool drift;          /* trend or lag-1 test fired: warn */
	const char *drift_reason; /* static text when drift, else NULL */
};

/*
 * Summarise s at confidence (0 < c < 1).  Returns BR_OK, or BR_EDATA
 * when s has no value at all or a run is not finite (out->n = 0),
 * BR_EUSAGE when confidence is outside (0, 1), BR_EIO when out of memory.
 *
 * Raw runs (n_runs > 0; a published value beside them is ignored):
 * compensated two-pass moments (the mean a compensated sum over n; sd
 * from the corrected two-pass formula; on
 * x / max|x| when that is above 1e150 or below 1e-150); if min == max
 * then mean = x_1 and sd = 0 exactly.  When the sample's resolution r is
 * known and sd < r / sqrt(12) (identical runs, or runs closer than the
 * values resolve), se = r / 2 at any n (rounding nothing dithers does
 * not average out) and the CI use that floor, floored is set, and sd
 * stays the runs' own.  n = 1: sd, se, CI and cv_pct are NAN, median = min = max =
 * q1 = q3 = x_1.  Quartiles are Hyndman-Fan type 7, computed as
 * lo + h (hi - lo) so equal neighbours give their value exactly.
 * cv_pct is NAN if n < 2 or mean == 0; sign_change (min < 0 < max) says
 * CV is meaningless but cv_pct is still given.  Outliers (doc/statistics.md):
 * n >= BR_OUTLIER_MIN_N, modified z = 0.6745 (x - median) / MAD, or when
 * MAD = 0,
 * (x - median) / (1.2533 MeanAD) with MeanAD = mean |x - median|;
 * |z| > 3.5 is flagged, unless the run is within one resolution step of
 * the median; nothing when both are 0.
 *
 * Summary-only samples (is_summary, N >= 1, from_summary set): mean =
 * the published value, sd = SE*sqrt(N), se = SE, CI with df = N-1 (NAN
 * when SE is unpublished or N < 2); median/min/max/quartiles, outliers
 * and drift are NAN / none.
 *
 * A published value alone (has_value, no runs, no N: e.g. a CSV export):
 * n = 1, mean = value, from_summary set, everything else NAN.
 */
int br_summarize(const struct br_sample *s, double confidence,
		 struct br_summary *out);

/* As br_summarize; lean leaves median, quartiles (NAN), outliers and
 * run-order drift (none) out: the same n, mean, sd, se, CI, min, max and
 * cv_pct for outputs that show nothing else. */
int br_summarize_ex(const struct br_sample *s, double confidence, bool lean,
		    struct br_summary *out);

enum br_verdict {
	BR_VERDICT_BETTER,
	BR_VERDICT_WORSE,
	BR_VERDICT_NO_DIFFERENCE,
	BR_VERDICT_EQUIVALENT,
	BR_VERDICT_INCONCLUSIVE,
	BR_VERDICT_SINGLE_RUN, /* also: no spread known, or a side missing */
};

/* "better", "worse", "no-difference", "equivalent", "inconclusive",
 * "single-run" (the CSV spelling). */
const char *br_verdict_name(enum br_verdict v);

/* Candidate B against baseline A (doc/statistics.md, "Candidate B
 * against baseline A"). */
struct br_comparison {
	double d;            /* mean_B - mean_A */
	double se_d;         /* sqrt(v_A + v_B) */
	double t, df, p;     /* Welch; p two-sided */
	double d_ci_low, d_ci_high;
	double ratio;        /* mean_B / mean_A */
	double ratio_ci_low, ratio_ci_high; /* Fieller; NAN if unbounded */
	bool ratio_unbounded;/* g >= 1: "baseline too noisy for a ratio" */
	bool speedup_unbounded; /* speedup CI unbounded (the denominator of
				 * S, A for HIB and B for LIB, too noisy);
				 * when both are bounded, LIB's speedup CI
				 * is the ratio CI's reciprocals, the ends
				 * swapped */
	/* Direction-aware speedup S = R (HIB) or 1/R (LIB) and its CI;
	 * improvement_pct = 100 (S - 1), > 0 means B is better. */
	double speedup, speedup_ci_low, speedup_ci_high;
	double improvement_pct, improvement_ci_low_pct, improvement_ci_high_pct;
	enum br_verdict verdict;
	const char *reason;  /* static text for degenerate cases, or NULL */
	bool zero_variance;  /* both sides had zero variance */
	bool significant;    /* a difference is proven at the confidence
			      * (also when the verdict is "equivalent") */
	bool too_noisy;      /* the interval of the ratio is unbounded or
			      * reaches 0: no ratio or percent interval,
			      * the change is sized by d's interval */
	/* --equivalence (TOST): the 1-2a CI (90% for 95%) of
	 * improvement_pct; NAN without a margin */
	double equiv_ci_low_pct, equiv_ci_high_pct;
	/* Smallest detectable change (80% power) in % of the baseline, and
	 * runs per system needed to resolve the equivalence margin (or 1%
	 * when no margin was given).  NAN when not computable (no spread,
	 * zero variance, no ratio). */
	double mde_pct;
	double runs_needed;
};

/*
 * Compare b (candidate) against a (baseline) for a test of direction dir
 * (UNKNOWN is treated as HIB for speedup but flagged by the caller).
 * equivalence_pct > 0 enables the three-way TOST verdict.  Never fails;
 * degenerate cases set verdict and reason ("Degenerate cases" in
 * doc/statistics.md).  Works the same
 * for runs and summary-only inputs: only n, mean and se are used
 * (v = se^2, df = n - 1).
 *
 * Significance: Welch; "significant" means the CI of d excludes 0, i.e.
 * |d| > q(1-a/2, df) se_d.  p is 2 Q(|t|, df), nudged by at most rounding
 * so that p < alpha exactly when significant.  The Fieller intervals are
 * solved for delta = ratio - 1 with the stable root formulas and the same
 * q (for a ratio below 0.5 for the ratio itself), so the improvement CI
 * lies entirely above 0 exactly when the verdict is better, entirely
 * below exactly when worse, and contains 0 otherwise.  Means and SEs are
 * first divided by a power of 2 (exact), so any magnitude works.
 *
 * Ratios need both means > 0 (doc/statistics.md "Non-positive means"):
 * HIB: speedup S = B/A, improvement_pct = 100 d/mean_A and its CI from
 * Fieller of B/A.  LIB: S = A/B, improvement = -100 d/mean_B and its CI
 * from Fieller of A/B (the reciprocal interval of the B/A one).  A mean
 * <= 0 on either side: ratio, speedup, improvement and their CIs NAN,
 * mde_pct and runs_needed NAN, reason "a mean is not above 0: no ratio,
 * the difference in the test's unit"; d and its CI as always.  A Fieller
 * interval that is unbounded or reaches 0 (ratio or speedup): too_noisy,
 * ratio/speedup/improvement CIs NAN, reason "too noisy to size the change
 * as a ratio" (ratio_unbounded / speedup_unbounded say which was
 * unbounded).
 *
 * Verdicts without equivalence: better / worse when significant
 * (direction-aware), else no-difference.  With equivalence_pct = m: the
 * 1-2a CI of the improvement percent (equiv_ci_*) strictly inside (-m, m)
 * gives equivalent (even when also significant: significant says so);
 * else significant gives better / worse; else inconclusive.
 *
 * Degenerate cases, in this order: either side n == 0 (or NULL): single-
 * run, "missing result, no comparison", everything NAN.  n < 2 on either
 * side: single-run, "single run, no statistical comparison", point
 * estimates only.  se unknown (summary without SE): single-run, "no
 * spread published, no statistical comparison".  Both SEs 0 (no
 * resolution floor applied): zero_variance, reason "zero variance: timer
 * resolution or too few runs?", t and df NAN, all CIs collapse to the
 * point, p = 1 (d == 0, no-difference) or 0 (better / worse).  Confidence
 * outside (0, 1): inconclusive, everything NAN.
 *
 * mde_pct = 100 (q(1-a/2, df) + q(0.8, df)) se_d / mean_A.
 * runs_needed = smallest n >= 2 with n >= 2 (q1 + q2)^2 CV^2 / delta^2,
 * quantiles at 2n-2 df, CV^2 = n (se_A^2 + se_B^2) / (2 mean_A^2) per
 * side's n, delta = equivalence_pct/100 or 0.01: without a margin q1 =
 * q(1-a/2), q2 = q(0.8) (detect a change of delta, 80% power); with one
 * q1 = q(1-a), q2 = q(0.9) (TOST: prove equivalence within delta, 80%
 * power); NAN when CV^2 / delta^2 > 1e12.
 */
void br_compare(const struct br_summary *a, const struct br_summary *b,
		enum br_dir dir, double confidence, double equivalence_pct,
		struct br_comparison *out);

/* As br_compare; planning false leaves mde_pct and runs_needed NAN and
 * saves their t quantiles (reports and charts that never show them). */
void br_compare_ex(const struct br_summary *a, const struct br_summary *b,
		   enum br_dir dir, double confidence, double equivalence_pct,
		   bool planning, struct br_comparison *out);

/* Geometric mean of speedups over K tests (doc/statistics.md,
 * "Geometric mean"). */
struct br_geomean {
	size_t k;            /* tests used (a mean above 0 on both sides) */
	size_t k_runs;       /* ... of them with an interval on both sides
			      * (N >= 2 and an SE, or a published SE): the
			      * tests behind gm, the measurement CI, the
			      * verdict and the across-tests CI */
	size_t skipped;      /* tests left out (missing or mean <= 0) */
	double gm;           /* exp(mean ln S_k) over the k_runs tests with
			      * runs; over all k when none has runs */
	double gm_all;       /* exp(mean ln S_k) over all k tests (PTS's
			      * number); gm when exact is 0 */
	double meas_low, meas_high;   /* measurement CI of gm; NAN if
				       * unavailable */
	double meas_p;       /* two-sided p of gm = 1 by the measurement
			      * error; NAN when no test has runs */
	double pct, pct_low, pct_high; /* 100 (gm - 1) and the same of the
					* measurement CI, without losing
					* digits near 1 (one test with runs:
					* its comparison's improvement) */
	enum br_verdict verdict; /* better / worse / no-difference, by the
				  * measurement CI (one test with runs: its
				  * comparison's); single-run without one */
	size_t exact;        /* used tests without an SE on a side (a
			      * single run): in gm_all only */
	size_t noisy;        /* tests with runs where a side's own CI
			      * reaches 0 (its ratio cannot be sized): no
			      * measurement CI at all */
	double across_low, across_high; /* across-tests CI over gm's tests;
					 * NAN if fewer than 2 */
	double across_p;     /* two-sided p of gm = 1 across tests */
	double gsd;          /* geometric sd exp(s_l); NAN if fewer than 2 */
};

/*
 * a[k], b[k]: baseline and candidate summaries of test k, dir[k] its
 * direction.  Tests with a NULL or empty summary or a non-positive mean
 * on either side are skipped (the caller lists them; br_geomean_usable()
 * says which).  ln S_k is +/-log1p(d/mean_A) for ratios near 1 (they
 * keep their digits) and +/-(ln mean_B - ln mean_A) away from it (a ratio
 * of 1e-15 keeps its digits too).  gm, the measurement CI, its p, the
 * verdict and the across-tests CI come from the tests with an interval
 * on both sides only (a single run proves nothing); gm_all is over every
 * used test.  One test with runs: gm, the interval, p and verdict are
 * its br_compare's (Fieller, Welch), so a one-test geometric mean equals
 * its test.  Two or more: the delta-method interval (Satterthwaite df);
 * NAN when a side of one of them has a CI (ci_low) that reaches 0
 * (noisy); with all variances 0 it collapses to gm.  Returns
 * BR_OK, BR_EDATA when no test is usable (gm NAN), BR_EUSAGE for a
 * confidence outside (0, 1).
 */
int br_geomean(const struct br_summary *const *a,
	       const struct br_summary *const *b, const enum br_dir *dir,
	       size_t k, double confidence, struct br_geomean *out);

/* Whether br_geomean uses a test with these summaries (NULL allowed). */
bool br_geomean_usable(const struct br_summary *a,
		       const struct br_summary *b);

/*
 * Rank ranges within one test (doc/statistics.md, "Ranks"): rank_low[i]
 * = 1 + the systems proven better than i, rank_high[i] = N - the systems
 * proven worse, N = the systems with a value.  A pair is proven when
 * Welch's test (zero-variance rule, resolution floor) rejects equal
 * means after Holm's step-down adjustment over all tested pairs, so all
 * ranges hold together at the confidence level.  A system with n < 2 or
 * no SE is never proven either way: 1..N.  Where every pair is proven
 * in a consistent order, the ranges are exact ranks.  The order by mean
 * fits every range and every pair Welch proves unadjusted (br_compare's
 * verdicts) too.  relative[i] = performance relative to the best mean
 * (HIB: mean/best, LIB: best/mean), so the best is 1; NAN when the best
 * or own mean is <= 0.  Systems with n == 0 get 0..0 and relative NAN.
 * rank_low, rank_high (both or neither) and relative may be NULL.
 * Returns BR_OK, BR_EUSAGE for a confidence outside (0, 1), BR_EDATA
 * past BR_RANK_MAX_SYSTEMS systems with a spread, BR_EIO when out of
 * memory.
 */
int br_rank(const struct br_summary *s, size_t n, enum br_dir dir,
	    double confidence, int *rank_low, int *rank_high,
	    double *relative);

/* Systems with a spread (N >= 2 and an SE) br_rank tests pairwise in one
 * test, at most: 25,000 take about 12 s on one core; callers refuse more
 * (BR_EDATA from br_rank itself). */
#define BR_RANK_MAX_SYSTEMS 25000

/* One pair proven different before adjustment: its p-value. */
struct br_rank_pair {
	size_t better, worse;
	double p;
};

/*
 * The rank ranges of n items (has[i]: ranked at all) from m_total tested
 * pairs, of which pr[0..m) are those with p < alpha (the only ones Holm
 * can reject; pr is sorted in place): low = 1 + rejections with the item
 * worse, high = #has - rejections with it better.  Items without has get
 * 0..0.  Returns r: pr[0..r) are the pairs proven.  br_rank's core,
 * shared with the overall ranking.
 */
size_t br_rank_ranges(const bool *has, size_t n, struct br_rank_pair *pr,
		      size_t m, size_t m_total, double alpha, int *low,
		      int *high);

/*
 * Rank ranges that admit an order agreeing with every proven pair
 * (doc/statistics.md, "Overall ranking"): beats[i * n + j] says item i is
 * proven better than item j.  The pairs are closed transitively (reach,
 * n * n, written here: reach[i * n + j] when a chain of proven pairs leads
 * from i to j).  Items that reach each other form a cycle, a strongly
 * connected component: the pairs contradict each other there, so its
 * members are one block, unordered among themselves, and share its span.
 * low[i] = 1 + the items that must be above i (they reach it and it does
 * not reach them back), high[i] = #has - the items that must be below
 * it.  These are exactly the places i takes in the orders of the has
 * items that follow the DAG of the components, and every place between
 * is taken by one of them.  Items without has get 0..0.  Time n^3 (n a
 * few hundred at most).
 */
void br_rank_order_ranges(const bool *has, size_t n, const bool *beats,
			  bool *reach, int *low, int *high);

/* Two-sided p of Student's t: 2 Q(|t|, df); below 1e-10 from the
 * incomplete beta function, corrected for the rounding of its argument,
 * and from its leading term in logs where t^2 overflows (full relative
 * accuracy down to the smallest doubles).  NAN for a NAN t or df <= 0. */
double br_t_two_tail(double t, double df);

/*
 * Student t quantile q(p, df), any real df > 0 (df = INFINITY: normal).
 * gsl_cdf_tdist_Pinv stops at about 5e-9 relative; this polishes it by
 * Newton steps on gsl_cdf_tdist_Q to full double precision (checked for
 * df >= 1; stats/ never uses less, and GSL gives NAN for df below about
 * 0.01).  NAN for p outside (0, 1) or df <= 0 / NAN.
 */
double br_t_quantile(double p, double df);

#endif
