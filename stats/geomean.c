/*
 * geomean.c - geometric mean of speedups over K tests (doc/statistics.md,
 * "Geometric mean"),
 * with the measurement CI (these exact tests: delta method on each
 * test's SEs, Satterthwaite df over all 2K terms), the across-tests CI
 * (workloads like these: t on the spread of ln S_k) and the geometric sd.
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

int br_geomean(const struct br_summary *const *a,
	       const struct br_summary *const *b, const enum br_dir *dir,
	       size_t k, double confidence, struct br_geomean *out)
{
	double mean = 0, m2 = 0, v = 0, den = 0, q, h, s, t;
	size_t i, used = 0, with_se = 0;

	memset(out, 0, sizeof *out);
	out->gm = out->meas_low = out->meas_high = out->meas_p = NAN;
	out->across_low = out->across_high = out->across_p = NAN;
	out->gsd = NAN;
	if (!(confidence > 0 && confidence < 1))
		return BR_EUSAGE;
	/* pass 1: Welford mean and M2 of ln S, the summed relative vars of
	 * the tests with an SE on both sides */
	for (i = 0; i < k; i++) {
		double l, delta, ca, cb;

		if (!br_geomean_usable(a[i], b[i])) {
			out->skipped++;
			continue;
		}
		l = log_speedup(a[i], b[i], dir ? dir[i] : BR_DIR_HIB);
		used++;
		delta = l - mean;
		mean += delta / (double)used;
		m2 += delta * (l - mean);
		ca = rel_var(a[i]);
		cb = rel_var(b[i]);
		if (isnan(ca) || isnan(cb)) {
			out->exact++;
		} else if (!(a[i]->ci_low > 0) || !(b[i]->ci_low > 0)) {
			/* a mean whose own interval reaches 0: its ratio
			 * cannot be sized (the test's comparison is too
			 * noisy), so neither can the product */
			out->noisy++;
		} else {
			v += ca + cb;
			with_se++;
		}
	}
	out->k = used;
	if (used == 0)
		return BR_EDATA;
	out->gm = exp(mean);
	if (out->noisy) {
		/* no measurement interval */
	} else if (with_se && v == 0) {
		out->meas_low = out->meas_high = out->gm;
		out->meas_p = mean != 0 ? 0 : 1;
	} else if (with_se) {
		/* pass 2: Satterthwaite df over the terms, scaled by V */
		for (i = 0; i < k; i++) {
			double ca, cb;

			if (!br_geomean_usable(a[i], b[i]))
				continue;
			ca = rel_var(a[i]) / v;
			cb = rel_var(b[i]) / v;
			if (isnan(ca) || isnan(cb) || !(a[i]->ci_low > 0) ||
			    !(b[i]->ci_low > 0))
				continue;
			den += ca * ca / (double)(a[i]->n - 1) +
			       cb * cb / (double)(b[i]->n - 1);
		}
		q = br_t_quantile(1 - (1 - confidence) / 2, 1 / den);
		h = q * sqrt(v) / (double)used;
		out->meas_low = exp(mean - h);
		out->meas_high = exp(mean + h);
		t = mean / (sqrt(v) / (double)used);
		out->meas_p = br_t_two_tail(t, 1 / den);
	}
	if (used >= 2) {
		s = sqrt(m2 / (double)(used - 1));
		q = br_t_quantile(1 - (1 - confidence) / 2,
				  (double)(used - 1));
		h = q * s / sqrt((double)used);
		out->across_low = exp(mean - h);
		out->across_high = exp(mean + h);
		out->gsd = exp(s);
		out->across_p = s > 0 ? br_t_two_tail(mean / (s /
				sqrt((double)used)), (double)(used - 1))
				: mean != 0 ? 0 : 1;
	}
	return BR_OK;
}
