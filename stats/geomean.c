/*
 * geomean.c - geometric mean of speedups over K tests (doc/statistics.md,
 * "Geometric mean"): its point, measurement CI and verdict from the tests
 * with an interval on both sides (one such test: its own comparison), the
 * across-tests CI (workloads like these: t on the spread of ln S_k) and
 * the geometric sd over the same tests, and the mean over every test.
 */
#include <math.h>
#include <string.h>

#include "stats.h"
#include "stats_int.h"

bool br_geomean_usable(const struct br_summary *a,
		       const struct br_summary *b)
{
	return a && b && a->n > 0 && b->n > 0 && isfinite(a->mean) &&
	       isfinite(b->mean) && a->mean > 0 && b->mean > 0;
}

/* ln S for one test: +/-log1p(d / mean_A), exact near a ratio of 1;
 * away from it the difference of the logs, exact far from 1. */
static double log_speedup(const struct br_summary *a,
			  const struct br_summary *b, enum br_dir dir)
{
	double r = (b->mean - a->mean) / a->mean, l;

	if (fabs(r) < 0.5 && isfinite(r))
		l = log1p(r);
	else
		l = log(b->mean) - log(a->mean);
	return dir == BR_DIR_LIB ? -l : l;
}

/* Squared CV of a mean, (se / mean)^2 (so nothing overflows or
 * vanishes); NAN when no SE (n < 2). */
static double rel_var(const struct br_summary *s)
{
	double c;

	if (isnan(br_st_var_mean(s)))
		return NAN;
	c = s->se / s->mean;
	return c * c;
}

/* Whether test i has an interval on both sides (N >= 2 with an SE, or a
 * published summary with one). */
static bool with_runs(const struct br_summary *a, const struct br_summary *b)
{
	return !isnan(rel_var(a)) && !isnan(rel_var(b));
}

/* Running mean and M2 (Welford) of the ln S of a set of tests. */
struct acc {
	size_t n;
	double mean, m2;
};

static void acc_add(struct acc *s, double l)
{
	double delta = l - s->mean;

	s->n++;
	s->mean += delta / (double)s->n;
	s->m2 += delta * (l - s->mean);
}

/* The measurement CI over the tests with runs (k_runs >= 2, none noisy):
 * V the summed relative variances, Satterthwaite's df over the 2K terms
 * (scaled by V so nothing vanishes). */
static void measurement(const struct br_summary *const *a,
			const struct br_summary *const *b, size_t k,
			double confidence, double mean, struct br_geomean *out)
{
	double v = 0, den = 0, q, h, t;
	size_t i;

	for (i = 0; i < k; i++)
		if (br_geomean_usable(a[i], b[i]) && with_runs(a[i], b[i]))
			v += rel_var(a[i]) + rel_var(b[i]);
	if (v == 0) {
		out->meas_low = out->meas_high = out->gm;
		out->pct_low = out->pct_high = out->pct;
		out->meas_p = mean != 0 ? 0 : 1;
		return;
	}
	for (i = 0; i < k; i++) {
		double ca, cb;

		if (!br_geomean_usable(a[i], b[i]) || !with_runs(a[i], b[i]))
			continue;
		ca = rel_var(a[i]) / v;
		cb = rel_var(b[i]) / v;
		den += ca * ca / (double)(a[i]->n - 1) +
		       cb * cb / (double)(b[i]->n - 1);
	}
	q = br_t_quantile(1 - (1 - confidence) / 2, 1 / den);
	h = q * sqrt(v) / (double)out->k_runs;
	out->meas_low = exp(mean - h);
	out->meas_high = exp(mean + h);
	out->pct_low = 100 * expm1(mean - h);
	out->pct_high = 100 * expm1(mean + h);
	t = mean / (sqrt(v) / (double)out->k_runs);
	out->meas_p = br_t_two_tail(t, 1 / den);
}

/* One test with runs: the geometric mean is that test, so its point,
 * interval (Fieller's), p (Welch's) and verdict are its comparison's. */
static void one_test(const struct br_summary *a, const struct br_summary *b,
		     enum br_dir dir, double confidence,
		     struct br_geomean *out)
{
	struct br_comparison c;

	br_compare_ex(a, b, dir, confidence, 0, false, &c);
	if (isfinite(c.speedup) && c.speedup > 0)
		out->gm = c.speedup;
	out->meas_p = c.p;
	out->pct = c.improvement_pct;
	out->verdict = c.verdict;
	if (c.too_noisy) {
		out->noisy = 1;
		return;
	}
	out->meas_low = c.speedup_ci_low;
	out->meas_high = c.speedup_ci_high;
	out->pct_low = c.improvement_ci_low_pct;
	out->pct_high = c.improvement_ci_high_pct;
}

/* The across-tests CI and the geometric sd of the headline tests. */
static void across(const struct acc *s, double confidence,
		   struct br_geomean *out)
{
	double sd, q, h, m = s->mean, rn = sqrt((double)s->n);

	if (s->n < 2)
		return;
	sd = sqrt(s->m2 / (double)(s->n - 1));
	q = br_t_quantile(1 - (1 - confidence) / 2, (double)(s->n - 1));
	h = q * sd / rn;
	out->across_low = exp(m - h);
	out->across_high = exp(m + h);
	out->gsd = exp(sd);
	out->across_p = sd > 0 ? br_t_two_tail(m / (sd / rn),
					       (double)(s->n - 1)) :
			m != 0 ? 0 : 1;
}

/* The verdict of a measurement CI: better above 1, worse below. */
static enum br_verdict ci_verdict(const struct br_geomean *g)
{
	if (isnan(g->meas_low))
		return BR_VERDICT_SINGLE_RUN;
	if (g->meas_low > 1)
		return BR_VERDICT_BETTER;
	if (g->meas_high < 1)
		return BR_VERDICT_WORSE;
	return BR_VERDICT_NO_DIFFERENCE;
}

int br_geomean(const struct br_summary *const *a,
	       const struct br_summary *const *b, const enum br_dir *dir,
	       size_t k, double confidence, struct br_geomean *out)
{
	struct acc all = { 0, 0, 0 }, runs = { 0, 0, 0 };
	const struct acc *head;
	size_t i, only = 0;

	memset(out, 0, sizeof *out);
	out->gm = out->gm_all = out->meas_low = out->meas_high = NAN;
	out->meas_p = out->across_low = out->across_high = NAN;
	out->pct = out->pct_low = out->pct_high = NAN;
	out->across_p = out->gsd = NAN;
	out->verdict = BR_VERDICT_SINGLE_RUN;
	if (!(confidence > 0 && confidence < 1))
		return BR_EUSAGE;
	for (i = 0; i < k; i++) {
		double l;

		if (!br_geomean_usable(a[i], b[i])) {
			out->skipped++;
			continue;
		}
		l = log_speedup(a[i], b[i], dir ? dir[i] : BR_DIR_HIB);
		acc_add(&all, l);
		if (!with_runs(a[i], b[i])) {
			out->exact++;
			continue;
		}
		acc_add(&runs, l);
		only = i;
		/* a mean whose own interval reaches 0: its ratio cannot be
		 * sized (the test's comparison is too noisy), so neither
		 * can the product */
		if (!(a[i]->ci_low > 0) || !(b[i]->ci_low > 0))
			out->noisy++;
	}
	out->k = all.n;
	out->k_runs = runs.n;
	if (all.n == 0)
		return BR_EDATA;
	out->gm_all = exp(all.mean);
	head = runs.n ? &runs : &all;
	out->gm = exp(head->mean);
	out->pct = 100 * expm1(head->mean);
	if (runs.n == 1) {
		out->noisy = 0;
		one_test(a[only], b[only], dir ? dir[only] : BR_DIR_HIB,
			 confidence, out);
		if (all.n == 1)
			out->gm_all = out->gm;
		return BR_OK;
	}
	if (runs.n && !out->noisy) {
		measurement(a, b, k, confidence, runs.mean, out);
		out->verdict = ci_verdict(out);
	} else if (runs.n) {
		/* tests with runs, one too noisy to size: nothing is
		 * proven, but they are not single runs */
		out->verdict = BR_VERDICT_NO_DIFFERENCE;
	}
	across(head, confidence, out);
	return BR_OK;
}
