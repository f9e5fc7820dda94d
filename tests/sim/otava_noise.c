/*
 * otava_noise.c - how often the Otava parity mode (stats/otava.h) finds a
 * change in pure noise (doc/statistics.md, "Otava parity").  Not part of
 * make check: `make otava-noise [OTAVA_NOISE="SERIES SEED"]`.
 *
 * For each setting, SERIES series of independent normal values (mean
 * 100, SD 1: the search is the same under any location and scale when
 * min_magnitude is 0) with GSL's MT19937 seeded from SEED and the
 * setting's number, so each row is reproducible on its own.  Prints the
 * share of series with at least one change point, its 95% Wilson
 * interval, the mean number of change points per series and the time
 * per series.  With a file argument after SERIES and SEED, also the time
 * of each tigerbeetle parameter set on it (one value a line).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include <gsl/gsl_errno.h>
#include <gsl/gsl_randist.h>
#include <gsl/gsl_rng.h>

#include "stats/otava.h"

struct setting {
	size_t n, window_len;
	double max_pvalue;
};

static const struct setting settings[] = {
	{ 365, 50, 0.001 }, /* Otava's defaults */
	{ 365, 50, 0.01 },
	{ 365, 30, 0.001 },
	{ 100, 50, 0.001 },
	{ 100, 50, 0.01 },
	{ 30, 50, 0.001 },
};

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* 95% Wilson interval of k successes in n. */
static void wilson(size_t k, size_t n, double *lo, double *hi)
{
	double z = 1.959963984540054, p = (double)k / (double)n;
	double d = 1 + z * z / (double)n;
	double c = (p + z * z / (2.0 * (double)n)) / d;
	double h = z * sqrt(p * (1 - p) / (double)n +
			    z * z / (4.0 * (double)n * (double)n)) / d;

	*lo = c - h;
	*hi = c + h;
}

static int one_setting(const struct setting *s, size_t row, size_t series,
		       unsigned long seed)
{
	gsl_rng *r = gsl_rng_alloc(gsl_rng_mt19937);
	double *x = malloc(s->n * sizeof *x), t0, lo, hi;
	struct br_otava_opts o;
	struct br_otava_cp *cp;
	struct br_error err;
	size_t i, j, m, hit = 0, total = 0;

	if (!r || !x)
		return 1;
	gsl_rng_set(r, seed * 1000 + row);
	br_otava_opts_defaults(&o);
	o.window_len = s->window_len;
	o.max_pvalue = s->max_pvalue;
	t0 = now();
	for (i = 0; i < series; i++) {
		for (j = 0; j < s->n; j++)
			x[j] = 100 + gsl_ran_gaussian_ziggurat(r, 1.0);
		br_error_clear(&err);
		if (br_otava_changes(x, s->n, &o, &cp, &m, &err) != BR_OK) {
			fprintf(stderr, "otava_noise: %s\n", err.msg);
			return 1;
		}
		hit += m > 0;
		total += m;
		free(cp);
	}
	wilson(hit, series, &lo, &hi);
	printf("%5zu %6zu %10g %8zu %8.1f%%  [%5.1f%%, %5.1f%%] %8.3f %9.3f\n",
	       s->n, s->window_len, s->max_pvalue, series,
	       100.0 * (double)hit / (double)series, 100 * lo, 100 * hi,
	       (double)total / (double)series,
	       1e3 * (now() - t0) / (double)series);
	free(x);
	gsl_rng_free(r);
	return 0;
}

/* Time of the ten tigerbeetle parameter sets on the file's series. */
static int time_file(const char *path)
{
	static const double sets[][2] = {
		{ 0.01, 0.05 }, { 0.05, 0.05 }, { 0.1, 0.05 }, { 0.2, 0.05 },
		{ 0.2, 0 }, { 0.1, 0 }, { 0.01, 0 }, { 0.001, 0 },
		{ 0.0001, 0 }, { 0.00001, 0 },
	};
	double x[4096], t0;
	size_t n = 0, k, rep, m, reps = 200;
	struct br_otava_opts o;
	struct br_otava_cp *cp;
	struct br_error err;
	FILE *fp = fopen(path, "r");

	if (!fp)
		return 1;
	while (n < 4096 && fscanf(fp, "%lf", &x[n]) == 1)
		n++;
	fclose(fp);
	printf("\n%s: %zu points, window_len 30, %zu repeats\n", path, n,
	       reps);
	br_otava_opts_defaults(&o);
	o.window_len = 30;
	for (k = 0; k < sizeof sets / sizeof *sets; k++) {
		o.max_pvalue = sets[k][0];
		o.min_magnitude = sets[k][1];
		t0 = now();
		for (rep = 0; rep < reps; rep++) {
			if (br_otava_changes(x, n, &o, &cp, &m, &err) != BR_OK)
				return 1;
			free(cp);
		}
		printf("  max_pvalue %-7g min_magnitude %-4g %3zu changes  "
		       "%.3f ms\n", sets[k][0], sets[k][1], m,
		       1e3 * (now() - t0) / (double)reps);
	}
	return 0;
}

int main(int argc, char **argv)
{
	size_t series = argc > 1 ? strtoul(argv[1], NULL, 10) : 2000, i;
	unsigned long seed = argc > 2 ? strtoul(argv[2], NULL, 10) : 1;

	gsl_set_error_handler_off();
	if (series == 0)
		return 2;
	printf("Otava parity mode on pure normal noise: share of series with "
	       "any change (seed %lu)\n", seed);
	printf("%5s %6s %10s %8s %9s  %16s %8s %9s\n", "n", "window",
	       "max_p", "series", "any", "95% interval", "cp/ser", "ms/ser");
	for (i = 0; i < sizeof settings / sizeof *settings; i++)
		if (one_setting(&settings[i], i, series, seed))
			return 1;
	if (argc > 3 && time_file(argv[3]))
		return 1;
	return 0;
}
