/*
 * cp_sim.c - the change-point detector (stats/changepoint.h) on
 * simulated series with fixed seeds: false alarms on series with no
 * change, recall of steps, coverage of the ratio interval and of the
 * set of places (doc/statistics.md, "Change points", has the figures).
 *
 *   cp_sim            the small version make check runs (make sim):
 *                     exits 1 when a figure is outside its bound
 *   cp_sim --full     every size of the issue (make sim-full): a table
 *   cp_sim --null N --power N   other sizes (series per row)
 *   cp_sim --full --only TEXT   the rows whose name holds TEXT
 *
 * Series (seed 23 + the row's number, then one splitmix64 stream per
 * series): level 100; each point's mean has noise of SD sigma = CV x
 * level, CV 1, 2, 3, 4 or 5 % (series i has CV 1 + i mod 5 %); normal
 * (value = level + noise) or lognormal (value = level x exp(noise /
 * level)).  Runs per point, by series (i / 5 mod 3): one run of SD
 * sigma; five runs whose point-to-point part has variance 0.8 sigma^2
 * and whose runs have SD sigma (so the mean of five has 0.2 sigma^2:
 * between-point noise larger than within, the usual case); or 1 to 10
 * runs (uniform) with between-point SD 0.7 sigma and run SD 0.7 sigma x
 * sqrt(5).  A step of d sigma (up or down, at random) starts at a point
 * drawn uniformly from the middle 80 % of the series.
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/parallel.h"
#include "stats/changepoint.h"

#define MAX_RUNS 10

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

struct row {
	const char *name;
	size_t n;          /* points */
	int lognormal;
	double step;       /* in sigma; 0: no change */
	size_t series;
};

/* What one series gave. */
struct out {
	int any;           /* any change reported */
	int found;         /* a shift within 2 points of the step */
	int ratio_in;      /* ... its ratio interval holds the true ratio */
	int where_in;      /* ... its set of places holds the step */
	int pts_any;       /* the 5 % neighbour rule fired somewhere */
	size_t pts_pairs;  /* neighbour pairs more than 5 % apart */
	int anomalies;     /* anomalies listed */
	size_t width;      /* at_hi - at_lo of the found change */
};

struct job {
	const struct row *r;
	uint64_t seed;
	struct out *o;
};

/* One series: values into runs[i * MAX_RUNS ...], the step's place. */
static size_t make_series(const struct row *r, size_t s, uint64_t *rng,
			  double *runs, struct br_cp_obs *obs, double *truth)
{
	double cv = (1 + (double)(s % 5)) / 100, sigma = 100 * cv;
	int mode = (int)((s / 5) % 3);
	size_t lo = (size_t)ceil(0.1 * (double)r->n);
	size_t hi = (size_t)floor(0.9 * (double)r->n);
	size_t at = lo + (size_t)(unif(rng) * (double)(hi - lo + 1));
	double sign = unif(rng) < 0.5 ? -1 : 1, shift = sign * r->step * sigma;

	if (at > hi)
		at = hi;
	/* the true ratio of the levels (of the geometric levels, lognormal) */
	*truth = r->lognormal ? exp(shift / 100) : (100 + shift) / 100;
	for (size_t i = 0; i < r->n; i++) {
		size_t k = mode == 0 ? 1 : mode == 1 ? 5 :
			   1 + (size_t)(unif(rng) * 10);
		double tb = mode == 0 ? sigma : mode == 1 ? sigma * sqrt(0.8)
					 : 0.7 * sigma;
		double tw = mode == 0 ? 0 : mode == 1 ? sigma :
			    0.7 * sigma * sqrt(5.0);
		double lev = i >= at && r->step != 0 ? shift : 0;
		double b = tb * gauss(rng);

		if (k > MAX_RUNS)
			k = MAX_RUNS;
		for (size_t j = 0; j < k; j++) {
			double e = b + tw * gauss(rng);

			runs[i * MAX_RUNS + j] = r->lognormal ?
				100 * exp((lev + e) / 100) : 100 + lev + e;
		}
		obs[i] = (struct br_cp_obs){ .runs = runs + i * MAX_RUNS,
					     .n_runs = k, .se = NAN };
	}
	return at;
}

/* PTS's rule: neighbouring point means more than 5 % apart. */
static void pts_rule(const struct br_cp_obs *obs, size_t n, struct out *o)
{
	double prev = 0;

	for (size_t i = 0; i < n; i++) {
		double m = 0;

		for (size_t j = 0; j < obs[i].n_runs; j++)
			m += obs[i].runs[j];
		m /= (double)obs[i].n_runs;
		if (i && fabs(m / prev - 1) > 0.05) {
			o->pts_any = 1;
			o->pts_pairs++;
		}
		prev = m;
	}
}

static int one(void *ctx, size_t s)
{
	struct job *jb = ctx;
	const struct row *r = jb->r;
	struct out *o = &jb->o[s];
	double *runs = malloc(r->n * MAX_RUNS * sizeof *runs), truth;
	struct br_cp_obs *obs = malloc(r->n * sizeof *obs);
	uint64_t rng = jb->seed ^ (0x51ed2701ULL * (s + 1));
	struct br_cp_result res;
	struct br_cp_opts opt;
	struct br_error err = { 0 };
	size_t at;

	if (!runs || !obs)
		return 3;
	sm64(&rng);
	at = make_series(r, s, &rng, runs, obs, &truth);
	br_cp_opts_defaults(&opt);
	opt.seed = jb->seed + s;
	memset(o, 0, sizeof *o);
	if (br_changepoints(obs, r->n, &opt, &res, &err))
		return 3;
	o->any = res.n_changes > 0;
	o->anomalies = res.n_anomalies > 0;
	for (size_t c = 0; c < res.n_changes && r->step != 0; c++) {
		const struct br_cp_change *ch = &res.changes[c];

		if (ch->kind != BR_CP_SHIFT || o->found ||
		    (ch->at > at ? ch->at - at : at - ch->at) > 2)
			continue;
		o->found = 1;
		o->ratio_in = ch->ratio_lo <= truth && truth <= ch->ratio_hi;
		o->where_in = ch->at_lo <= at && at <= ch->at_hi;
		o->width = ch->at_hi - ch->at_lo;
	}
	pts_rule(obs, r->n, o);
	br_cp_result_free(&res);
	free(runs);
	free(obs);
	return 0;
}

/* Tallies of one row. */
struct tally {
	double any, found, ratio, where, pts_any, pts_pairs, anom, width;
	double m_ratio[3], m_found[3], m_any[3]; /* by runs mode */
	size_t n_found;
};

static int run_row(const struct row *r, uint64_t seed, struct tally *t)
{
	struct out *o = calloc(r->series, sizeof *o);
	struct job jb = { r, seed, o };
	size_t pairs = 0;

	if (!o || br_parallel_for(r->series, 1, one, &jb))
		return 3;
	memset(t, 0, sizeof *t);
	for (size_t s = 0; s < r->series; s++) {
		t->any += o[s].any;
		t->found += o[s].found;
		t->ratio += o[s].ratio_in;
		t->where += o[s].where_in;
		t->width += (double)o[s].width;
		t->n_found += (size_t)o[s].found;
		t->m_ratio[(s / 5) % 3] += o[s].ratio_in;
		t->m_found[(s / 5) % 3] += o[s].found;
		t->m_any[(s / 5) % 3] += o[s].any;
		t->pts_any += o[s].pts_any;
		t->anom += o[s].anomalies;
		pairs += o[s].pts_pairs;
	}
	t->pts_pairs = (double)pairs / (double)(r->series * (r->n - 1));
	free(o);
	return 0;
}

static double pct(double x, double n)
{
	return n > 0 ? 100 * x / n : NAN;
}

static void print_row(const struct row *r, uint64_t seed,
		      const struct tally *t)
{
	double n = (double)r->series, f = (double)t->n_found;

	if (r->step == 0)
		printf("%-28s %6zu %5llu  any %5.2f%%  anomaly %5.2f%%  "
		       "PTS 5%%: series %5.1f%% pairs %5.2f%%\n", r->name,
		       r->series, (unsigned long long)seed,
		       pct(t->any, n), pct(t->anom, n), pct(t->pts_any, n),
		       100 * t->pts_pairs);
	else
		printf("%-28s %6zu %5llu  found %5.1f%%  ratio %5.1f%%  "
		       "where %5.1f%% (mean width %.1f)\n", r->name, r->series,
		       (unsigned long long)seed, pct(t->found, n),
		       pct(t->ratio, f), pct(t->where, f),
		       f > 0 ? t->width / f : NAN);
	if (getenv("CP_SIM_MODES"))
		printf("   by runs (1 / 5 / 1-10): any %.2f %.2f %.2f%%  "
		       "ratio %.1f %.1f %.1f%%\n",
		       pct(t->m_any[0], n / 3), pct(t->m_any[1], n / 3),
		       pct(t->m_any[2], n / 3),
		       pct(t->m_ratio[0], t->m_found[0]),
		       pct(t->m_ratio[1], t->m_found[1]),
		       pct(t->m_ratio[2], t->m_found[2]));
	fflush(stdout);
}

/* A bound the small version checks: a figure of a row, at least lo and
 * at most hi (percent). */
struct bound {
	size_t row;
	int what;          /* 0 any, 1 found, 2 ratio, 3 where */
	double lo, hi;
};

static double figure(const struct tally *t, const struct row *r, int what)
{
	double n = (double)r->series, f = (double)t->n_found;

	return what == 0 ? pct(t->any, n) : what == 1 ? pct(t->found, n) :
	       what == 2 ? pct(t->ratio, f) : pct(t->where, f);
}

/*
 * The small version's rows and bounds: each bound is the less
 * three binomial SDs at the row's size (the seeds are fixed, so a pass
 * is a pass every time; the slack says how far off a figure may be by
 * chance and still be consistent with the bound).
 *   no change, n = 100, 1,000 series: any change <= 1.5 % + 1.15 %
 *   2 sigma, n = 100, 300 series: found >= 89 % - 5.4 %
 *   3 sigma, n = 100, 300 series: found >= 98 % - 2.4 %, place set
 *     coverage >= 88 % - 5.6 %
 *   both steps, ratio coverage in [94 % - 2.7 %, 96 % + 2.7 %] (about
 *     600 changes found... each row's own: 300 found, 3.8 %)
 */
static const struct row quick[] = {
	{ "no change n=100 normal", 100, 0, 0, 500 },
	{ "no change n=100 lognormal", 100, 1, 0, 500 },
	{ "step 2sd n=100 lognormal", 100, 1, 2, 300 },
	{ "step 3sd n=100 normal", 100, 0, 3, 300 },
};
static const struct bound quick_bounds[] = {
	{ 0, 0, 0, 3.1 }, { 1, 0, 0, 3.1 },
	{ 2, 1, 83.6, 100 }, { 3, 1, 95.6, 100 },
	{ 2, 2, 90.2, 99.8 }, { 3, 2, 90.2, 99.8 },
	{ 3, 3, 82.4, 100 },
};

static const struct row full[] = {
	{ "no change n=30 normal", 30, 0, 0, 10000 },
	{ "no change n=30 lognormal", 30, 1, 0, 10000 },
	{ "no change n=100 normal", 100, 0, 0, 10000 },
	{ "no change n=100 lognormal", 100, 1, 0, 10000 },
	{ "no change n=365 normal", 365, 0, 0, 10000 },
	{ "no change n=365 lognormal", 365, 1, 0, 10000 },
	{ "step 2sd n=100 normal", 100, 0, 2, 2000 },
	{ "step 2sd n=100 lognormal", 100, 1, 2, 2000 },
	{ "step 3sd n=100 normal", 100, 0, 3, 2000 },
	{ "step 3sd n=100 lognormal", 100, 1, 3, 2000 },
	{ "step 2sd n=365 normal", 365, 0, 2, 2000 },
	{ "step 2sd n=365 lognormal", 365, 1, 2, 2000 },
	{ "step 3sd n=365 normal", 365, 0, 3, 2000 },
	{ "step 3sd n=365 lognormal", 365, 1, 3, 2000 },
	{ "step 5sd n=100 normal", 100, 0, 5, 1000 },
	{ "step 5sd n=100 lognormal", 100, 1, 5, 1000 },
};

int main(int argc, char **argv)
{
	const struct row *rows = quick;
	size_t n_rows = sizeof quick / sizeof *quick, scale_null = 0;
	size_t scale_power = 0;
	struct row *own = NULL;
	struct tally t[32];
	const char *only = NULL;
	int bad = 0, check = 1;

	for (int i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--full")) {
			rows = full;
			n_rows = sizeof full / sizeof *full;
			check = 0;
		} else if (!strcmp(argv[i], "--null") && i + 1 < argc) {
			scale_null = strtoul(argv[++i], NULL, 10);
		} else if (!strcmp(argv[i], "--only") && i + 1 < argc) {
			only = argv[++i];
		} else if (!strcmp(argv[i], "--power") && i + 1 < argc) {
			scale_power = strtoul(argv[++i], NULL, 10);
		} else {
			fprintf(stderr, "usage: cp_sim [--full] [--null N] "
				"[--power N] [--only TEXT]\n");
			return 2;
		}
	}
	if (scale_null || scale_power) {
		own = malloc(sizeof full);
		if (!own)
			return 3;
		memcpy(own, full, sizeof full);
		for (size_t r = 0; r < sizeof full / sizeof *full; r++)
			if (own[r].step == 0 ? scale_null : scale_power)
				own[r].series = own[r].step == 0 ?
						scale_null : scale_power;
		rows = own;
		n_rows = sizeof full / sizeof *full;
		check = 0;
	}
	printf("%-28s %6s %5s  (defaults: alpha 0.01, 999 permutations, "
	       "min_seg 3)\n", "row", "series", "seed");
	for (size_t r = 0; r < n_rows; r++) {
		uint64_t seed = 23000 + r;

		if (only && !strstr(rows[r].name, only))
			continue;
		if (run_row(&rows[r], seed, &t[r]))
			return 3;
		print_row(&rows[r], seed, &t[r]);
	}
	for (size_t b = 0; check && !only && b < sizeof quick_bounds /
				      sizeof *quick_bounds; b++) {
		const struct bound *q = &quick_bounds[b];
		double f = figure(&t[q->row], &rows[q->row], q->what);
		static const char *what[] = { "any change", "found",
					      "ratio coverage",
					      "place coverage" };

		if (!(f >= q->lo && f <= q->hi)) {
			fprintf(stderr, "cp_sim: %s: %s %.2f%% is outside "
				"[%.1f%%, %.1f%%]\n", rows[q->row].name,
				what[q->what], f, q->lo, q->hi);
			bad = 1;
		}
	}
	free(own);
	return bad;
}
