/*
 * changepoint_rng.c - the detector's random streams and its robust
 * helpers (doc/statistics.md, "Change points").
 *
 * Every draw comes from a stream of its own, keyed by the seed, the
 * bounds of the segment it serves (indexes into obs[]) and what it is
 * for, so no result depends on the order in which segments, series or
 * threads are worked on.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <gsl/gsl_cdf.h>

#include "changepoint_int.h"

static uint64_t splitmix64(uint64_t *x)
{
	uint64_t z = (*x += 0x9e3779b97f4a7c15ULL);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

void cp_rng_init(struct cp_rng *r, uint64_t seed, uint64_t a, uint64_t b,
		 uint64_t tag)
{
	uint64_t x = seed;

	/* Fold the key in, each part through a full splitmix64 round. */
	x = splitmix64(&x) ^ a;
	x = splitmix64(&x) ^ b;
	x = splitmix64(&x) ^ tag;
	for (int i = 0; i < 4; i++)
		r->s[i] = splitmix64(&x);
	r->has_spare = false;
	r->spare = 0;
}

static uint64_t rotl(uint64_t x, int k)
{
	return (x << k) | (x >> (64 - k));
}

uint64_t cp_rng_next(struct cp_rng *r)
{
	uint64_t *s = r->s;
	uint64_t out = rotl(s[1] * 5, 7) * 9, t = s[1] << 17;

	s[2] ^= s[0];
	s[3] ^= s[1];
	s[1] ^= s[2];
	s[0] ^= s[3];
	s[2] ^= t;
	s[3] = rotl(s[3], 45);
	return out;
}

/* Uniform on [0, n) for n < 2^32 by multiply-shift (bias below 2^-32 n,
 * far under anything a permutation test can resolve). */
size_t cp_rng_below(struct cp_rng *r, size_t n)
{
	uint64_t x = cp_rng_next(r) >> 32;

	return (size_t)((x * (uint64_t)n) >> 32);
}

static double rng_unit(struct cp_rng *r)
{
	return (double)(cp_rng_next(r) >> 11) * 0x1.0p-53;
}

/* Marsaglia's polar method. */
double cp_rng_normal(struct cp_rng *r)
{
	double u, v, s;

	if (r->has_spare) {
		r->has_spare = false;
		return r->spare;
	}
	do {
		u = 2 * rng_unit(r) - 1;
		v = 2 * rng_unit(r) - 1;
		s = u * u + v * v;
	} while (s >= 1 || s == 0);
	s = sqrt(-2 * log(s) / s);
	r->spare = v * s;
	r->has_spare = true;
	return u * s;
}

/* ------------------------------------------------------------ medians */

/* The k-th smallest of x[0..n) (Wirth's selection); reorders x so that
 * x[0..k) are no larger. */
static double select_k(double *x, size_t n, size_t k)
{
	long l = 0, m = (long)n - 1, kk = (long)k;

	while (l < m) {
		double piv = x[kk], t;
		long i = l, j = m;

		do {
			while (x[i] < piv)
				i++;
			while (piv < x[j])
				j--;
			if (i <= j) {
				t = x[i];
				x[i] = x[j];
				x[j] = t;
				i++;
				j--;
			}
		} while (i <= j);
		if (j < kk)
			l = i;
		if (kk < i)
			m = j;
	}
	return x[k];
}

double cp_median(double *x, size_t n)
{
	double hi = select_k(x, n, n / 2), lo = hi;

	if (n % 2)
		return hi;
	/* x[0 .. n/2) now holds the n/2 smallest: the largest of them */
	lo = x[0];
	for (size_t i = 1; i < n / 2; i++)
		if (x[i] > lo)
			lo = x[i];
	return (lo + hi) / 2;
}

/*
 * tau^2, the between-point variance: successive differences d_i of the
 * point means have variance 2 tau^2 + v_i + v_(i+1) where there is no
 * change, so d_i^2 / (2 tau^2 + v_i + v_(i+1)) is chi-square with one
 * degree of freedom, whose median is 0.454936.  tau^2 is where the
 * median of those ratios equals it (bisection; the ratios fall as tau^2
 * grows), 0 when they are below it at 0.  A few steps or spikes move a
 * median little.
 */
double cp_tau2(const double *y, const double *v, size_t m, double *scratch)
{
	const double target = 0.45493642311957283;
	double lo = 0, hi;

	if (m < 3)
		return 0;
	for (size_t i = 0; i + 1 < m; i++)
		scratch[i] = (y[i + 1] - y[i]) * (y[i + 1] - y[i]);
	hi = cp_median(scratch, m - 1) / (2 * target) * 1.0000001;
	if (!(hi > 0))
		return 0;
	for (int it = 0; it < 60; it++) {
		double t = it == 0 ? 0 : (lo + hi) / 2;

		for (size_t i = 0; i + 1 < m; i++) {
			double d = y[i + 1] - y[i], c = 2 * t + v[i] + v[i + 1];

			scratch[i] = c > 0 ? d * d / c : d != 0 ? INFINITY : 0;
		}
		if (cp_median(scratch, m - 1) > target) {
			if (it > 0)
				lo = t;
		} else if (it == 0) {
			return 0;
		} else {
			hi = t;
		}
		if (hi - lo <= 1e-9 * hi)
			break;
	}
	return (lo + hi) / 2;
}

double cp_robust_var(const double *y, size_t m, double *scratch)
{
	double med, mad;

	if (m < 3)
		return 0;
	for (size_t i = 0; i + 1 < m; i++)
		scratch[i] = y[i + 1] - y[i];
	med = cp_median(scratch, m - 1);
	for (size_t i = 0; i + 1 < m; i++)
		scratch[i] = fabs(scratch[i] - med);
	mad = 1.482602218505602 * cp_median(scratch, m - 1);
	return mad * mad / 2;
}

/* The median of up to three values. */
static double med3(const double *x, size_t n)
{
	double a = x[0], b, c, t;

	if (n == 1)
		return a;
	b = x[1];
	if (n == 2)
		return (a + b) / 2;
	c = x[2];
	if (a > b) {
		t = a; a = b; b = t;
	}
	return c < a ? a : c > b ? b : c;
}

/* Variance of the median of k normal values, in units of one's: 1, 1/2,
 * and 0.4487 for three. */
static const double med_var[4] = { 0, 1, 0.5, 0.448671 };

/*
 * Point i is a spike when it is far, on the same side, from the median
 * of the (up to) three points before it and from that of the three
 * after: |y - either median| > z sd, z the normal quantile of a
 * Bonferroni bound over the m points.  The smaller distance is tested
 * against the smaller of the two SDs: the chance it exceeds is at most
 * that of either distance.
 */
void cp_spikes(const double *y, const double *v, size_t m, double alpha,
	       bool *flags, double *scratch)
{
	double var, tau2, vmed, z;

	memset(flags, 0, m * sizeof *flags);
	if (m < 4)
		return;
	var = cp_robust_var(y, m, scratch);
	memcpy(scratch, v, m * sizeof *v);
	vmed = cp_median(scratch, m);
	tau2 = var > vmed ? var - vmed : 0;
	if (tau2 + vmed <= 0)
		return;
	z = gsl_cdf_ugaussian_Qinv(alpha / (2.0 * (double)m));
	for (size_t i = 0; i < m; i++) {
		size_t nl = i < 3 ? i : 3, nr = m - 1 - i < 3 ? m - 1 - i : 3;
		double own = tau2 + v[i], sd = INFINITY, d = INFINITY;
		double sl = 0, sr = 0;

		if (nl) {
			double dl = y[i] - med3(y + i - nl, nl);

			sl = dl > 0 ? 1 : -1;
			d = fabs(dl);
			sd = sqrt(own + med_var[nl] * (tau2 + vmed));
		}
		if (nr) {
			double dr = y[i] - med3(y + i + 1, nr);
			double sdr = sqrt(own + med_var[nr] * (tau2 + vmed));

			sr = dr > 0 ? 1 : -1;
			if (nl && sl != sr)
				continue;
			if (fabs(dr) < d)
				d = fabs(dr);
			if (sdr < sd)
				sd = sdr;
		}
		flags[i] = d > z * sd;
	}
}
