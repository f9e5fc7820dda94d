/*
 * check_changepoint.c - the change-point detector (stats/changepoint.h;
 * doc/statistics.md, "Change points").
 *
 * Exact values of one fixed series (a step of about 20 % after point 5,
 * runs of 1 to 4 per point) against tests/reference/changepoint_ref.py,
 * which recomputes them independently (fractions, scipy): the weighted
 * geometric levels, the ratio and its 95 % interval, the SDs and their
 * ratio with its 99 % interval; and, for a longer series that no
 * permutation of its points reaches, the p-value, which is then the
 * Bonferroni bound of the t test over the splits.
 * br_bh_adjust against the Benjamini-Hochberg values of the same script
 * (statsmodels' fdr_bh rule, checked by hand: 0.005 -> 5 x 0.005 / 1 and
 * 0.01 -> 5 x 0.01 / 2 are both 0.025).  Then behaviour: min_seg, skip,
 * split_before, a single spike is an anomaly and not a change, a change
 * in noise alone, the value scale, too few points, determinism from two
 * threads, and options out of range (exact messages).
 */
#include <check.h>
#include <math.h>
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <gsl/gsl_errno.h>

#include "model/model.h"
#include "stats/changepoint.h"

Suite *br_suite_changepoint(void);

/* Relative agreement with the reference: the log-scale sums run in a
 * different order, quantiles come from GSL against scipy. */
#define TOL 1e-9

static void near(double got, double want, const char *what)
{
	ck_assert_msg(fabs(got - want) <= TOL * fabs(want),
		      "%s: got %.17g, want %.17g", what, got, want);
}

/* The reference series (changepoint_ref.py's RUNS). */
static const double ref_runs[][4] = {
	{ 100.0, 101.0, 99.5 }, { 100.8 }, { 99.2, 100.1 },
	{ 100.5, 100.9, 99.9, 100.2 }, { 99.7 }, { 100.3, 100.6 },
	{ 120.4, 119.8, 121.0 }, { 119.5 }, { 120.9, 120.2 },
	{ 120.1, 119.6, 120.8 }, { 121.2 }, { 119.9, 120.5 },
};
static const size_t ref_n[] = { 3, 1, 2, 4, 1, 2, 3, 1, 2, 3, 1, 2 };

static void ref_obs(struct br_cp_obs *obs)
{
	for (size_t i = 0; i < 12; i++)
		obs[i] = (struct br_cp_obs){ .runs = ref_runs[i],
					     .n_runs = ref_n[i], .se = NAN };
}

static struct br_cp_result detect(const struct br_cp_obs *obs, size_t n,
				  const struct br_cp_opts *o)
{
	struct br_cp_result r;
	struct br_error err = { 0 };

	ck_assert_int_eq(br_changepoints(obs, n, o, &r, &err), BR_OK);
	return r;
}

START_TEST(test_reference)
{
	struct br_cp_obs obs[12];
	struct br_cp_result r;
	const struct br_cp_change *c;

	gsl_set_error_handler_off();
	ref_obs(obs);
	r = detect(obs, 12, NULL);
	ck_assert(r.log_scale);
	ck_assert_uint_eq(r.n_used, 12);
	ck_assert_uint_eq(r.n_anomalies, 0);
	ck_assert_uint_eq(r.n_changes, 1);
	c = &r.changes[0];
	ck_assert_int_eq(c->kind, BR_CP_SHIFT);
	ck_assert_uint_eq(c->at, 6);
	ck_assert_uint_eq(c->at_lo, 6);
	ck_assert_uint_eq(c->at_hi, 6);
	ck_assert_uint_eq(c->n_before, 6);
	ck_assert_uint_eq(c->n_after, 6);
	ck_assert(!c->diff);
	/* 12 points: 2 of the 924 ways to split them 6/6 reach the step,
	 * so the permutation p-value is about 0.002, of the form
	 * (S + 1) / 1000 */
	ck_assert(c->pvalue >= 0.001 && c->pvalue <= 0.01);
	ck_assert(fabs(c->pvalue * 1000 - round(c->pvalue * 1000)) < 1e-9);
	ck_assert(r.pvalue == c->pvalue);
	near(c->mean_before, 100.20152022793481, "mean_before");
	near(c->mean_after, 120.33329303603122, "mean_after");
	near(c->ratio, 1.2009128480516207, "ratio");
	near(c->ratio_lo, 1.1942047517369481, "ratio_lo");
	near(c->ratio_hi, 1.2076586251376196, "ratio_hi");
	near(c->sd_before, 0.44878756098108291, "sd_before");
	near(c->sd_after, 0.55543735914346903, "sd_after");
	near(c->sd_ratio, 1.0301455182389279, "sd_ratio");
	near(c->sd_ratio_lo, 0.26651951436603366, "sd_ratio_lo");
	near(c->sd_ratio_hi, 3.9816963919959512, "sd_ratio_hi");
	ck_assert(!c->noise_changed);
	br_cp_result_free(&r);
}
END_TEST

/* 24 points: no permutation reaches the step, the p-value is the
 * Bonferroni bound of the t test (changepoint_ref.py's step24). */
static void step_series(double *v, struct br_cp_obs *obs, size_t n,
			size_t at, double lo, double hi);

START_TEST(test_bonferroni)
{
	double v[24];
	struct br_cp_obs obs[24];
	struct br_cp_result r;

	step_series(v, obs, 24, 12, 100, 110);
	r = detect(obs, 24, NULL);
	ck_assert_uint_eq(r.n_changes, 1);
	ck_assert_uint_eq(r.changes[0].at, 12);
	ck_assert_msg(fabs(r.changes[0].pvalue / 1.9079864013318235e-23 - 1)
		      < 1e-6, "p %.17g", r.changes[0].pvalue);
	br_cp_result_free(&r);
}
END_TEST

START_TEST(test_bh)
{
	const double p[] = { 0.01, 0.04, 0.03, 0.005, NAN, 0.2 };
	const double want[] = { 0.025, 0.05, 0.049999999999999996, 0.025,
				NAN, 0.2 };
	double q[6];

	br_bh_adjust(p, 6, q);
	for (int i = 0; i < 6; i++) {
		if (isnan(want[i]))
			ck_assert(isnan(q[i]));
		else
			ck_assert_msg(fabs(q[i] - want[i]) <= 1e-15,
				      "q[%d] = %.17g", i, q[i]);
	}
	br_bh_adjust(p, 0, q);
}
END_TEST

/* A series of n single values: level lo before at, hi from at on, a
 * fixed small wiggle (SD about 0.5 %). */
static void step_series(double *v, struct br_cp_obs *obs, size_t n,
			size_t at, double lo, double hi)
{
	static const double wig[] = { 0.3, -0.5, 0.1, 0.6, -0.2, -0.7, 0.4,
				      0.0, -0.3, 0.5, -0.6, 0.2, 0.7, -0.1 };

	for (size_t i = 0; i < n; i++) {
		v[i] = (i < at ? lo : hi) * (1 + wig[i % 14] / 100);
		obs[i] = (struct br_cp_obs){ .runs = &v[i], .n_runs = 1,
					     .se = NAN };
	}
}

START_TEST(test_step_and_min_seg)
{
	double v[40];
	struct br_cp_obs obs[40];
	struct br_cp_opts o;
	struct br_cp_result r;

	step_series(v, obs, 40, 25, 100, 110);
	r = detect(obs, 40, NULL);
	ck_assert_uint_eq(r.n_changes, 1);
	ck_assert_uint_eq(r.changes[0].at, 25);
	ck_assert(r.changes[0].at_lo <= 25 && 25 <= r.changes[0].at_hi);
	ck_assert(r.changes[0].ratio_lo < 1.1 && 1.1 < r.changes[0].ratio_hi);
	ck_assert(r.pvalue < 1e-6);
	br_cp_result_free(&r);

	/* a step 4 points before the end: a change with min_seg 3 and 4,
	 * none with 5 (then the last 4 points are too short a segment) */
	step_series(v, obs, 40, 36, 100, 110);
	br_cp_opts_defaults(&o);
	o.min_seg = 4;
	r = detect(obs, 40, &o);
	ck_assert_uint_eq(r.n_changes, 1);
	ck_assert_uint_eq(r.changes[0].at, 36);
	br_cp_result_free(&r);
	o.min_seg = 5;
	r = detect(obs, 40, &o);
	for (size_t i = 0; i < r.n_changes; i++)
		ck_assert_uint_le(r.changes[i].at, 35);
	ck_assert_uint_le(r.changes[0].at_hi, 35);
	br_cp_result_free(&r);

	/* fewer than 2 min_seg points: not tested */
	r = detect(obs, 5, NULL);
	ck_assert_uint_eq(r.n_changes, 0);
	ck_assert(r.pvalue == 1);
	br_cp_result_free(&r);
}
END_TEST

START_TEST(test_skip_and_split)
{
	double v[40];
	struct br_cp_obs obs[40];
	struct br_cp_result r;

	/* skipped points keep their indexes: the step stays at 25 */
	step_series(v, obs, 40, 25, 100, 110);
	obs[24].skip = obs[10].skip = true;
	obs[24].runs = NULL;
	r = detect(obs, 40, NULL);
	ck_assert_uint_eq(r.n_used, 38);
	ck_assert_uint_eq(r.n_changes, 1);
	ck_assert_uint_eq(r.changes[0].at, 25);
	ck_assert_uint_eq(r.changes[0].n_before, 23);
	br_cp_result_free(&r);

	/* an expected shift at the step: each part flat, no change */
	step_series(v, obs, 40, 25, 100, 110);
	obs[25].split_before = true;
	r = detect(obs, 40, NULL);
	ck_assert_uint_eq(r.n_changes, 0);
	ck_assert(r.pvalue > 0.01);
	br_cp_result_free(&r);

	/* a cut elsewhere: the step is still found, inside its part */
	obs[25].split_before = false;
	obs[8].split_before = true;
	r = detect(obs, 40, NULL);
	ck_assert_uint_eq(r.n_changes, 1);
	ck_assert_uint_eq(r.changes[0].at, 25);
	ck_assert_uint_eq(r.changes[0].n_before, 17);
	br_cp_result_free(&r);
}
END_TEST

START_TEST(test_spike)
{
	double v[40];
	struct br_cp_obs obs[40];
	struct br_cp_result r;
	static const size_t where[] = { 17, 1, 39 };

	for (int w = 0; w < 3; w++) {
		step_series(v, obs, 40, 40, 100, 100);
		v[where[w]] = 130;
		r = detect(obs, 40, NULL);
		ck_assert_uint_eq(r.n_changes, 0);
		ck_assert_uint_eq(r.n_anomalies, 1);
		ck_assert_uint_eq(r.anomalies[0], where[w]);
		ck_assert_uint_eq(r.n_used, 40);
		br_cp_result_free(&r);
	}
	/* a spike beside a step: the spike listed, the step found */
	step_series(v, obs, 40, 20, 100, 110);
	v[5] = 70;
	r = detect(obs, 40, NULL);
	ck_assert_uint_eq(r.n_anomalies, 1);
	ck_assert_uint_eq(r.anomalies[0], 5);
	ck_assert_uint_eq(r.n_changes, 1);
	ck_assert_uint_eq(r.changes[0].at, 20);
	br_cp_result_free(&r);
}
END_TEST

static uint64_t sm64(uint64_t *x)
{
	uint64_t z = (*x += 0x9e3779b97f4a7c15ULL);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

static double gauss(uint64_t *x)
{
	double u = ((double)(sm64(x) >> 11) + 0.5) * 0x1.0p-53;
	double v = (double)(sm64(x) >> 11) * 0x1.0p-53;

	return sqrt(-2 * log(u)) * cos(6.283185307179586 * v);
}

START_TEST(test_noise_only)
{
	double v[80];
	struct br_cp_obs obs[80];
	struct br_cp_result r;
	uint64_t s = 7;

	for (size_t i = 0; i < 80; i++) {
		v[i] = 100 * exp((i < 40 ? 0.005 : 0.04) * gauss(&s));
		obs[i] = (struct br_cp_obs){ .runs = &v[i], .n_runs = 1,
					     .se = NAN };
	}
	r = detect(obs, 80, NULL);
	ck_assert_uint_eq(r.n_changes, 1);
	ck_assert_int_eq(r.changes[0].kind, BR_CP_NOISE);
	ck_assert(r.changes[0].noise_changed);
	ck_assert(r.changes[0].sd_ratio_lo > 1);
	ck_assert(r.changes[0].at_lo <= 40 && 40 <= r.changes[0].at_hi);
	ck_assert(r.changes[0].pvalue <= 0.01);
	br_cp_result_free(&r);
}
END_TEST

START_TEST(test_value_scale)
{
	double v[30];
	struct br_cp_obs obs[30];
	struct br_cp_result r;

	/* values around 0 (a difference, not a ratio), published means */
	for (size_t i = 0; i < 30; i++)
		obs[i] = (struct br_cp_obs){ .mean = (i < 15 ? -1 : 2) +
					     0.05 * ((double)(i * 7 % 5) - 2),
					     .se = 0.02, .n = 5 };
	(void)v;
	r = detect(obs, 30, NULL);
	ck_assert(!r.log_scale);
	ck_assert_uint_eq(r.n_changes, 1);
	ck_assert(r.changes[0].diff);
	ck_assert_uint_eq(r.changes[0].at, 15);
	ck_assert(r.changes[0].ratio_lo < 3 && 3 < r.changes[0].ratio_hi);
	br_cp_result_free(&r);
}
END_TEST

/* Determinism: the same 12 series from two threads, and serially. */
#define DET_SERIES 12
#define DET_N 120

struct det {
	double v[DET_SERIES][DET_N];
	struct br_cp_obs obs[DET_SERIES][DET_N];
	struct br_cp_result r[2][DET_SERIES];
};

struct det_arg {
	struct det *d;
	int copy;
	size_t from, to;
};

static void *det_run(void *p)
{
	struct det_arg *a = p;
	struct br_cp_opts o;
	struct br_error err = { 0 };

	br_cp_opts_defaults(&o);
	o.seed = 99;
	for (size_t s = a->from; s < a->to; s++)
		if (br_changepoints(a->d->obs[s], DET_N, &o,
				    &a->d->r[a->copy][s], &err))
			return p;
	return NULL;
}

START_TEST(test_threads)
{
	struct det *d = calloc(1, sizeof *d);
	struct det_arg a[3] = { { d, 0, 0, DET_SERIES },
				{ d, 1, 0, DET_SERIES / 2 },
				{ d, 1, DET_SERIES / 2, DET_SERIES } };
	pthread_t t[2];
	uint64_t s = 3;

	ck_assert_ptr_nonnull(d);
	for (size_t i = 0; i < DET_SERIES; i++)
		for (size_t j = 0; j < DET_N; j++) {
			double lev = j >= 40 + 5 * i ? 1.03 : 1;

			if (i % 3 == 0)
				lev = 1;
			d->v[i][j] = 50 * lev * exp(0.01 * gauss(&s));
			d->obs[i][j] = (struct br_cp_obs){
				.runs = &d->v[i][j], .n_runs = 1, .se = NAN };
		}
	ck_assert_ptr_null(det_run(&a[0]));
	ck_assert_int_eq(pthread_create(&t[0], NULL, det_run, &a[2]), 0);
	ck_assert_ptr_null(det_run(&a[1]));
	ck_assert_int_eq(pthread_join(t[0], NULL), 0);
	(void)t[1];
	for (size_t i = 0; i < DET_SERIES; i++) {
		struct br_cp_result *x = &d->r[0][i], *y = &d->r[1][i];

		ck_assert_uint_eq(x->n_changes, y->n_changes);
		ck_assert_uint_eq(x->n_anomalies, y->n_anomalies);
		ck_assert(x->pvalue == y->pvalue);
		if (x->n_changes)
			ck_assert(!memcmp(x->changes, y->changes,
					  x->n_changes * sizeof *x->changes));
		if (i % 3)
			ck_assert_uint_ge(x->n_changes, 1);
		br_cp_result_free(x);
		br_cp_result_free(y);
	}
	free(d);
}
END_TEST

static void bad_opt(const struct br_cp_opts *o, const char *msg)
{
	double v[8] = { 1, 2, 3, 4, 5, 6, 7, 8 };
	struct br_cp_obs obs[8];
	struct br_cp_result r;
	struct br_error err = { 0 };

	for (int i = 0; i < 8; i++)
		obs[i] = (struct br_cp_obs){ .runs = &v[i], .n_runs = 1,
					     .se = NAN };
	ck_assert_int_eq(br_changepoints(obs, 8, o, &r, &err), BR_EUSAGE);
	ck_assert_int_eq(err.code, BR_EUSAGE);
	ck_assert_str_eq(err.msg, msg);
	ck_assert_uint_eq(r.n_changes, 0);
	ck_assert_ptr_null(r.changes);
}

START_TEST(test_options)
{
	struct br_cp_opts o;

	br_cp_opts_defaults(&o);
	ck_assert(o.alpha == 0.01 && o.confidence == 0.95);
	ck_assert(o.where_confidence == 0.9 && o.noise_confidence == 0.99);
	ck_assert_uint_eq(o.min_seg, 3);
	ck_assert_uint_eq(o.permutations, 999);
	ck_assert_uint_eq(o.max_changes, 16);
	o.alpha = 0;
	bad_opt(&o, "change points: alpha 0 is not in (0, 0.5)");
	o.alpha = 0.5;
	bad_opt(&o, "change points: alpha 0.5 is not in (0, 0.5)");
	br_cp_opts_defaults(&o);
	o.confidence = 1;
	bad_opt(&o, "change points: confidence 1 is not in (0, 1)");
	br_cp_opts_defaults(&o);
	o.where_confidence = NAN;
	bad_opt(&o, "change points: where_confidence nan is not in (0, 1)");
	br_cp_opts_defaults(&o);
	o.noise_confidence = -0.2;
	bad_opt(&o, "change points: noise_confidence -0.2 is not in (0, 1)");
	br_cp_opts_defaults(&o);
	o.min_seg = 1;
	bad_opt(&o, "change points: min_seg 1 is not in [2, 1000]");
	br_cp_opts_defaults(&o);
	o.permutations = 18;
	bad_opt(&o, "change points: permutations 18 is not in [19, 1000000]");
	br_cp_opts_defaults(&o);
	o.max_changes = 0;
	bad_opt(&o, "change points: max_changes 0 is not in [1, 100000]");
}
END_TEST

START_TEST(test_max_changes)
{
	double v[60];
	struct br_cp_obs obs[60];
	struct br_cp_opts o;
	struct br_cp_result r;

	/* three clear steps; at most two asked for */
	step_series(v, obs, 60, 60, 100, 100);
	for (size_t i = 15; i < 60; i++)
		v[i] *= i < 30 ? 1.2 : i < 45 ? 1.5 : 1.1;
	br_cp_opts_defaults(&o);
	r = detect(obs, 60, &o);
	ck_assert_uint_eq(r.n_changes, 3);
	ck_assert_uint_eq(r.changes[0].at, 15);
	ck_assert_uint_eq(r.changes[1].at, 30);
	ck_assert_uint_eq(r.changes[2].at, 45);
	br_cp_result_free(&r);
	o.max_changes = 2;
	r = detect(obs, 60, &o);
	ck_assert_uint_eq(r.n_changes, 2);
	br_cp_result_free(&r);
}
END_TEST

Suite *br_suite_changepoint(void)
{
	Suite *s = suite_create("changepoint");
	TCase *tc = tcase_create("detector");

	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_reference);
	tcase_add_test(tc, test_bonferroni);
	tcase_add_test(tc, test_bh);
	tcase_add_test(tc, test_step_and_min_seg);
	tcase_add_test(tc, test_skip_and_split);
	tcase_add_test(tc, test_spike);
	tcase_add_test(tc, test_noise_only);
	tcase_add_test(tc, test_value_scale);
	tcase_add_test(tc, test_threads);
	tcase_add_test(tc, test_options);
	tcase_add_test(tc, test_max_changes);
	suite_add_tcase(s, tc);
	return s;
}
