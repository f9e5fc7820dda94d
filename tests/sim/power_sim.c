/*
 * power_sim.c - performance per watt and joules per run on simulated
 * results with fixed seeds (doc/statistics.md, "Performance per watt"):
 *
 *   coverage   how often the 95% intervals of stats/power.h hold the true
 *              P = X / W and J = X W, over 10,000 simulated tests for each
 *              of n = 3, 4, 5, 10 runs, m = 60, 300 sensor samples and
 *              CVs of 1%, 5%, 10% for each (normal noise, independent
 *              samples): every one of the 144 figures must be within
 *              94-96% (the Monte Carlo error of one is 0.22%)
 *   bootstrap  on one simulated test of n = 50 runs and m = 200 samples
 *              per CV (1%, 5%, 10% for both), the endpoints of the 95%
 *              percentile interval of 10,000 resamples (runs and samples
 *              resampled independently) against ours: within 1%
 *
 * Prints a table of every figure (doc/statistics.md has it); exits 1 when
 * one is outside its bound.  make sim runs it.
 */
#include <gsl/gsl_errno.h>
#include <gsl/gsl_randist.h>
#include <gsl/gsl_rng.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "stats/power.h"

#define REPS 10000
#define BOOT 10000
#define TRUE_X 100.0   /* the result's true mean (seconds for joules) */
#define TRUE_W 50.0    /* the true mean power, watts */

struct moments {
	double mean, se;
};

static struct moments draw(gsl_rng *r, double mu, double cv, size_t n,
			   double *buf)
{
	struct moments m;
	double s = 0, ss = 0;
	size_t i;

	for (i = 0; i < n; i++) {
		buf[i] = mu + gsl_ran_gaussian_ziggurat(r, cv * mu);
		s += buf[i];
	}
	m.mean = s / (double)n;
	for (i = 0; i < n; i++)
		ss += (buf[i] - m.mean) * (buf[i] - m.mean);
	m.se = sqrt(ss / (double)(n - 1) / (double)n);
	return m;
}

/* Coverage of both intervals in one scenario, in percent. */
static void coverage(unsigned long seed, size_t n, size_t m, double cvx,
		     double cvw, double *cov_p, double *cov_j)
{
	gsl_rng *r = gsl_rng_alloc(gsl_rng_mt19937);
	double *buf = malloc(sizeof *buf * (n > m ? n : m));
	size_t k, hit_p = 0, hit_j = 0;

	gsl_rng_set(r, seed);
	for (k = 0; k < REPS; k++) {
		struct moments x = draw(r, TRUE_X, cvx, n, buf);
		struct moments w = draw(r, TRUE_W, cvw, m, buf);
		struct br_power_ci p, j;

		br_power_ci(x.mean, x.se, n, w.mean, w.se, m, true, 0.95, &p);
		br_power_ci(x.mean, x.se, n, w.mean, w.se, m, false, 0.95, &j);
		hit_p += p.lo <= TRUE_X / TRUE_W && TRUE_X / TRUE_W <= p.hi;
		hit_j += j.lo <= TRUE_X * TRUE_W && TRUE_X * TRUE_W <= j.hi;
	}
	*cov_p = 100.0 * (double)hit_p / REPS;
	*cov_j = 100.0 * (double)hit_j / REPS;
	free(buf);
	gsl_rng_free(r);
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

/* The mean of n values drawn with replacement from v. */
static double resample(gsl_rng *r, const double *v, size_t n)
{
	double s = 0;
	size_t i;

	for (i = 0; i < n; i++)
		s += v[gsl_rng_uniform_int(r, n)];
	return s / (double)n;
}

/* Percentile 95% interval of 10,000 resamples of f(X*, W*). */
static void boot(gsl_rng *r, const double *x, size_t n, const double *w,
		 size_t m, bool per, double *lo, double *hi)
{
	double *v = malloc(sizeof *v * BOOT);
	size_t b;

	for (b = 0; b < BOOT; b++) {
		double mx = resample(r, x, n), mw = resample(r, w, m);

		v[b] = per ? mx / mw : mx * mw;
	}
	qsort(v, BOOT, sizeof *v, cmp_double);
	*lo = v[(size_t)(0.025 * BOOT) - 1];
	*hi = v[(size_t)(0.975 * BOOT)];
	free(v);
}

/* Largest relative endpoint difference, ours against the bootstrap, in
 * percent, for one simulated test of each kind. */
static double agreement(unsigned long seed, double cv, bool per,
			double *ours_w, double *boot_w)
{
	const size_t n = 50, m = 200;
	gsl_rng *r = gsl_rng_alloc(gsl_rng_mt19937);
	double x[50], w[200], blo, bhi, d1, d2;
	struct moments mx, mw;
	struct br_power_ci c;

	gsl_rng_set(r, seed);
	mx = draw(r, TRUE_X, cv, n, x);
	mw = draw(r, TRUE_W, cv, m, w);
	br_power_ci(mx.mean, mx.se, n, mw.mean, mw.se, m, per, 0.95, &c);
	boot(r, x, n, w, m, per, &blo, &bhi);
	gsl_rng_free(r);
	*ours_w = c.hi - c.lo;
	*boot_w = bhi - blo;
	d1 = fabs(c.lo - blo) / blo;
	d2 = fabs(c.hi - bhi) / bhi;
	return 100.0 * (d1 > d2 ? d1 : d2);
}

static int run_coverage(void)
{
	static const size_t ns[] = {3, 4, 5, 10}, ms[] = {60, 300};
	static const double cvs[] = {0.01, 0.05, 0.10};
	double lo = 100, hi = 0, cp, cj;
	unsigned long seed = 20261202;
	size_t a, b, c, d, in = 0;
	int bad = 0;

	printf("coverage of 95%% intervals, %d tests each "
	       "(n runs, m samples, CV of runs, CV of samples):\n", REPS);
	printf("   n    m  cv_x  cv_w  per-watt  joules\n");
	for (a = 0; a < 4; a++)
		for (b = 0; b < 2; b++)
			for (c = 0; c < 3; c++)
				for (d = 0; d < 3; d++) {
					coverage(seed++, ns[a], ms[b], cvs[c],
						 cvs[d], &cp, &cj);
					printf("%4zu %4zu %4.0f%% %4.0f%%  "
					       "%7.2f%% %6.2f%%\n", ns[a],
					       ms[b], 100 * cvs[c],
					       100 * cvs[d], cp, cj);
					lo = fmin(lo, fmin(cp, cj));
					hi = fmax(hi, fmax(cp, cj));
					in += (cp >= 94 && cp <= 96) +
					      (cj >= 94 && cj <= 96);
					bad |= cp < 94 || cp > 96 ||
					       cj < 94 || cj > 96;
				}
	printf("range %.2f%% to %.2f%%; %zu of 144 within 94%% to 96%% "
	       "(fails outside it)\n", lo, hi, in);
	return bad;
}

static int run_bootstrap(void)
{
	static const double cvs[] = {0.01, 0.05, 0.10};
	double worst = 0, ow, bw;
	size_t i;
	int k;

	printf("\nagainst a %d-resample percentile bootstrap (n = 50, "
	       "m = 200): largest endpoint difference, widths:\n", BOOT);
	for (i = 0; i < 3; i++)
		for (k = 0; k < 2; k++) {
			double e = agreement(7 + i, cvs[i], k == 0, &ow, &bw);

			printf("  CV %4.0f%%  %-9s %.3f%%  (width %.5g, "
			       "bootstrap %.5g)\n", 100 * cvs[i],
			       k == 0 ? "per-watt" : "joules", e, ow, bw);
			worst = fmax(worst, e);
		}
	printf("largest %.3f%% (bound 1%%)\n", worst);
	return worst >= 1;
}

int main(void)
{
	int bad;

	gsl_set_error_handler_off();   /* as benchreport itself */
	bad = run_coverage();

	bad |= run_bootstrap();
	if (bad)
		fprintf(stderr, "power_sim: a figure is outside its bound\n");
	return bad;
}
