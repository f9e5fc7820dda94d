/*
 * cp-bench.c - the change-point detector (stats/changepoint.h) on 1,000
 * series of 365 points, through analysis/parallel.h as the history
 * command runs it (`make bench`, bench/run.sh).
 *
 *   cp-bench [SERIES [POINTS]]
 *
 * Series from a fixed seed (splitmix64): level 100, five runs per point
 * with between-point noise of CV 2 % and run noise of CV 2 %; one series
 * in five has a step of 3 % at a random place in its middle 80 %, one in
 * ten a second one.  Default options (999 permutations, alpha 0.01).
 * Prints the changes found and the wall time of the detection alone.
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "analysis/parallel.h"
#include "stats/changepoint.h"

#define RUNS 5

struct bench {
	size_t n;
	double *runs;              /* series x n x RUNS */
	struct br_cp_obs *obs;     /* series x n */
	size_t *found;             /* changes per series */
};

static uint64_t sm64(uint64_t *x)
{
	uint64_t z = (*x += 0x9e3779b97f4a7c15ULL);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

static double unif(uint64_t *x)
{
	return (double)(sm64(x) >> 11) * 0x1.0p-53;
}

static double gauss(uint64_t *x)
{
	double u = unif(x), v = unif(x);

	return sqrt(-2 * log(u > 0 ? u : 1e-300)) * cos(6.283185307179586 * v);
}

static void make(struct bench *b, size_t s, uint64_t *rng)
{
	size_t n = b->n, at1 = n, at2 = n;

	if (s % 5 == 0)
		at1 = n / 10 + (size_t)(unif(rng) * 0.8 * (double)n);
	if (s % 10 == 0)
		at2 = n / 10 + (size_t)(unif(rng) * 0.8 * (double)n);
	for (size_t i = 0; i < n; i++) {
		double lev = 100 * (i >= at1 ? 1.03 : 1) * (i >= at2 ? 0.97 : 1);
		double day = 0.02 * gauss(rng);
		double *r = b->runs + (s * n + i) * RUNS;

		for (size_t j = 0; j < RUNS; j++)
			r[j] = lev * exp(day + 0.02 * gauss(rng));
		b->obs[s * n + i] = (struct br_cp_obs){ .runs = r,
							.n_runs = RUNS,
							.se = NAN };
	}
}

static int one(void *ctx, size_t s)
{
	struct bench *b = ctx;
	struct br_cp_opts o;
	struct br_cp_result r;
	struct br_error err = { 0 };

	br_cp_opts_defaults(&o);
	if (br_changepoints(b->obs + s * b->n, b->n, &o, &r, &err))
		return err.code;
	b->found[s] = r.n_changes;
	br_cp_result_free(&r);
	return 0;
}

int main(int argc, char **argv)
{
	size_t series = argc > 1 ? strtoul(argv[1], NULL, 10) : 1000;
	size_t n = argc > 2 ? strtoul(argv[2], NULL, 10) : 365, total = 0;
	struct bench b = { n, NULL, NULL, NULL };
	struct timespec t0, t1;
	uint64_t rng = 2023;

	b.runs = malloc(series * n * RUNS * sizeof *b.runs);
	b.obs = malloc(series * n * sizeof *b.obs);
	b.found = calloc(series, sizeof *b.found);
	if (!b.runs || !b.obs || !b.found)
		return 3;
	for (size_t s = 0; s < series; s++)
		make(&b, s, &rng);
	clock_gettime(CLOCK_MONOTONIC, &t0);
	if (br_parallel_for(series, 1, one, &b))
		return 1;
	clock_gettime(CLOCK_MONOTONIC, &t1);
	for (size_t s = 0; s < series; s++)
		total += b.found[s];
	printf("%zu series x %zu points: %zu changes, %.3f s\n", series, n,
	       total, (double)(t1.tv_sec - t0.tv_sec) +
		      (double)(t1.tv_nsec - t0.tv_nsec) / 1e9);
	free(b.runs);
	free(b.obs);
	free(b.found);
	return 0;
}
