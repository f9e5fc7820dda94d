/*
 * changepoint_est.c - the numbers of one change: levels, the ratio with
 * its interval, the SDs and their ratio, the set of places
 * (doc/statistics.md, "Change points").
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <gsl/gsl_cdf.h>

#include "changepoint_int.h"

/* Draws of the parametric bootstrap of a change's place. */
#define WHERE_DRAWS 500

/* The weighted mean, total weight and weighted sum of squares about the
 * mean of y[a, b). */
static void seg_fit(const struct cp_part *pt, size_t a, size_t b,
		    double *mean, double *W, double *ss)
{
	double w = 0, s = 0, q = 0;

	for (size_t i = a; i < b; i++) {
		w += pt->w[i];
		s += pt->w[i] * pt->y[i];
	}
	for (size_t i = a; i < b; i++) {
		double d = pt->y[i] - s / w;

		q += pt->w[i] * d * d;
	}
	*mean = s / w;
	*W = w;
	*ss = q;
}

/* Sample SD of the point means of [a, b) on the analysis scale (*scale)
 * and in the values' unit (*unit). */
static void seg_sd(const struct cp_part *pt, bool log_scale, size_t a,
		   size_t b, double *scale, double *unit)
{
	double m = 0, mu = 0, q = 0, qu = 0, n = (double)(b - a);

	for (size_t i = a; i < b; i++) {
		m += pt->y[i];
		mu += log_scale ? exp(pt->y[i]) : pt->y[i];
	}
	m /= n;
	mu /= n;
	for (size_t i = a; i < b; i++) {
		double u = log_scale ? exp(pt->y[i]) : pt->y[i];

		q += (pt->y[i] - m) * (pt->y[i] - m);
		qu += (u - mu) * (u - mu);
	}
	*scale = n > 1 ? sqrt(q / (n - 1)) : NAN;
	*unit = n > 1 ? sqrt(qu / (n - 1)) : NAN;
}

/* Simulates [a, b) from the fitted model (levels m0, m1 and scales s0,
 * s1 of the points before and after k) into x, centred as the
 * statistic of kind wants it. */
static void simulate(const struct cp_part *pt, size_t a, size_t k,
		     size_t b, const double m[2], const double s[2],
		     enum br_cp_kind kind, struct cp_rng *rng, double *x)
{
	double W = 0, S = 0;

	for (size_t i = a; i < b; i++) {
		int side = i >= k;

		x[i - a] = m[side] + s[side] * cp_rng_normal(rng) /
				     sqrt(pt->w[i]);
		W += pt->w[i];
		S += pt->w[i] * x[i - a];
	}
	for (size_t i = a; i < b; i++) {
		x[i - a] -= S / W;
		if (kind == BR_CP_NOISE)
			x[i - a] *= x[i - a] * pt->w[i];
	}
}

/*
 * The where_confidence set of places of the change at k in [a, b): a
 * parametric bootstrap from the fitted levels and noise.  The bootstrap
 * errors e = k* - k give the set [k - e_hi, k - e_lo] (equal tails,
 * inclusive), holding k and inside the admissible splits.
 */
static void where_set(struct cp_part *pt, const struct br_cp_opts *o,
		      size_t a, size_t k, size_t b, const double m[2],
		      const double s[2], enum br_cp_kind kind, size_t *lo,
		      size_t *hi)
{
	size_t len = b - a, ms = o->min_seg, at, cum, e_lo, e_hi;
	double *hist = pt->sw, tail;
	struct cp_rng rng;

	if (kind == BR_CP_NOISE && ms < 5)
		ms = 5;
	cp_rng_init(&rng, o->seed, pt->idx[a], pt->idx[b - 1],
		    CP_TAG_WHERE + 16 * (uint64_t)kind);
	memset(hist, 0, len * sizeof *hist);
	for (int d = 0; d < WHERE_DRAWS; d++) {
		simulate(pt, a, k, b, m, s, kind, &rng, pt->sx);
		if (kind == BR_CP_NOISE)
			cp_noise_stat(pt->sx, NULL, len, ms, INFINITY, &at);
		else
			cp_shift_stat(pt->sx, pt->w + a, len, ms, INFINITY,
				      &at);
		hist[at]++;
	}
	tail = (1 - o->where_confidence) / 2 * WHERE_DRAWS;
	for (e_lo = 0, cum = 0; e_lo + 1 < len; e_lo++) {
		if ((double)(cum + (size_t)hist[e_lo]) > tail)
			break;
		cum += (size_t)hist[e_lo];
	}
	for (e_hi = len - 1, cum = 0; e_hi > 0; e_hi--) {
		if ((double)(cum + (size_t)hist[e_hi]) > tail)
			break;
		cum += (size_t)hist[e_hi];
	}
	/* the bootstrap's truth is k - a: a true place t gives an estimate
	 * of about 2 (k - a) - t */
	{
		long long kk = (long long)(k - a), l = 2 * kk - (long long)e_hi;
		long long h = 2 * kk - (long long)e_lo;

		if (l < (long long)ms)
			l = (long long)ms;
		if (h > (long long)(len - ms))
			h = (long long)(len - ms);
		if (l > kk)
			l = kk;
		if (h < kk)
			h = kk;
		*lo = a + (size_t)l;
		*hi = a + (size_t)h;
	}
}

/* The SD ratio sd1 / sd0 with its noise_confidence interval (F). */
static void sd_ratio(const struct br_cp_opts *o, double sd0, double sd1,
		     size_t n0, size_t n1, struct br_cp_change *c)
{
	double f, tail = (1 - o->noise_confidence) / 2;
	double d0 = (double)n0 - 1, d1 = (double)n1 - 1;

	c->sd_ratio = sd1 / sd0;
	c->sd_ratio_lo = c->sd_ratio_hi = NAN;
	c->noise_changed = false;
	if (!(sd0 > 0 && sd1 > 0 && d0 > 0 && d1 > 0))
		return;
	f = c->sd_ratio * c->sd_ratio;
	c->sd_ratio_lo = sqrt(f / gsl_cdf_fdist_Qinv(tail, d1, d0));
	c->sd_ratio_hi = sqrt(f / gsl_cdf_fdist_Pinv(tail, d1, d0));
	c->noise_changed = c->sd_ratio_lo > 1 || c->sd_ratio_hi < 1;
}

/* The cut before and after cut[j] that bound its segments: for a shift
 * the neighbouring shifts (a change in noise leaves the level alone). */
static void bounds(const struct cp_part *pt, const struct cp_cut *cut,
		   size_t n_cut, size_t j, size_t *a, size_t *b)
{
	bool shift = cut[j].kind == BR_CP_SHIFT;
	size_t i;

	*a = 0;
	for (i = j; i-- > 0;)
		if (!shift || cut[i].kind == BR_CP_SHIFT) {
			*a = cut[i].k;
			break;
		}
	*b = pt->m;
	for (i = j + 1; i < n_cut; i++)
		if (!shift || cut[i].kind == BR_CP_SHIFT) {
			*b = cut[i].k;
			break;
		}
}

void cp_estimate(struct cp_part *pt, const struct br_cp_opts *o,
		 bool log_scale, const struct cp_cut *cut, size_t n_cut,
		 size_t j, struct br_cp_change *c)
{
	size_t a, b, k = cut[j].k, n0, n1;
	double m[2], W[2], ss[2], s[2], sds[2], sdu[2], df, s2, d, se, q;

	bounds(pt, cut, n_cut, j, &a, &b);
	n0 = k - a;
	n1 = b - k;
	seg_fit(pt, a, k, &m[0], &W[0], &ss[0]);
	seg_fit(pt, k, b, &m[1], &W[1], &ss[1]);
	df = (double)(n0 + n1 - 2);
	s2 = (ss[0] + ss[1]) / df;
	d = m[1] - m[0];
	se = sqrt(s2 * (1 / W[0] + 1 / W[1]));
	q = gsl_cdf_tdist_Qinv((1 - o->confidence) / 2, df);
	memset(c, 0, sizeof *c);
	c->kind = cut[j].kind;
	c->pvalue = cut[j].p;
	c->n_before = n0;
	c->n_after = n1;
	c->diff = !log_scale;
	c->mean_before = log_scale ? exp(m[0]) : m[0];
	c->mean_after = log_scale ? exp(m[1]) : m[1];
	c->ratio = log_scale ? exp(d) : d;
	c->ratio_lo = log_scale ? exp(d - q * se) : d - q * se;
	c->ratio_hi = log_scale ? exp(d + q * se) : d + q * se;
	seg_sd(pt, log_scale, a, k, &sds[0], &sdu[0]);
	seg_sd(pt, log_scale, k, b, &sds[1], &sdu[1]);
	c->sd_before = sdu[0];
	c->sd_after = sdu[1];
	sd_ratio(o, sds[0], sds[1], n0, n1, c);
	if (c->kind == BR_CP_SHIFT) {
		s[0] = s[1] = sqrt(s2);
	} else {
		s[0] = n0 > 1 ? sqrt(ss[0] / (double)(n0 - 1)) : 0;
		s[1] = n1 > 1 ? sqrt(ss[1] / (double)(n1 - 1)) : 0;
		m[0] = m[1] = (m[0] * W[0] + m[1] * W[1]) / (W[0] + W[1]);
	}
	c->at = pt->idx[k];
	where_set(pt, o, a, k, b, m, s, c->kind, &a, &b);
	c->at_lo = pt->idx[a];
	c->at_hi = pt->idx[b];
}
