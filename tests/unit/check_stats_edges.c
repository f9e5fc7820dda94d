/*
 * check_stats_edges.c - the statistics at the edges of doubles and of
 * resolution (issue 20; doc/statistics.md, "Numerics", "Resolution",
 * "Outliers", "Welch's t", "Ratio interval (Fieller)").  Reference values
 * from exact rationals and 50-digit mpmath (tests/reference/
 * numeric_ref.py checks the same cases in the numeric-* goldens).
 */
#include <check.h>
#include <float.h>
#include <math.h>
#include <string.h>

#include <gsl/gsl_errno.h>

#include "model/model.h"
#include "stats/pooled.h"
#include "stats/stats.h"

Suite *br_suite_stats_edges(void);

#define MAX_RUNS 2048

static struct br_run run_buf[MAX_RUNS];

/* A sample of n runs: k copies of x, then n - k copies of y, resolution
 * r (0: none). */
static void two_values(struct br_sample *s, size_t n, size_t k, double x,
		       double y, double r)
{
	size_t i;

	ck_assert_uint_le(n, MAX_RUNS);
	memset(s, 0, sizeof *s);
	s->se = NAN;
	s->runs = run_buf;
	s->n_runs = n;
	s->resolution = r;
	for (i = 0; i < n; i++)
		run_buf[i].value = i < k ? x : y;
}

static void runs_of(struct br_sample *s, const double *x, size_t n, double r)
{
	size_t i;

	two_values(s, n, n, 0, 0, r);
	for (i = 0; i < n; i++)
		run_buf[i].value = x[i];
}

static void summary_of(struct br_summary *out, double mean, double se,
		       size_t n)
{
	struct br_sample s;

	memset(&s, 0, sizeof s);
	s.has_value = s.is_summary = true;
	s.value = mean;
	s.se = se;
	s.n = n;
	ck_assert_int_eq(br_summarize(&s, 0.95, out), BR_OK);
}

static void rel(double got, double want, double tol)
{
	ck_assert_msg(fabs(got - want) <= tol * fabs(want),
		      "got %.17g, want %.17g (rel %g)", got, want, tol);
}

/* Identical readings bound the mean to +/- r/2 at any n: SE r/2. */
START_TEST(test_floor_any_n)
{
	static const size_t ns[] = {2, 5, 30, 1000};
	struct br_sample s;
	struct br_summary a, b;
	struct br_comparison c;
	size_t i;

	gsl_set_error_handler_off();
	for (i = 0; i < sizeof ns / sizeof *ns; i++) {
		two_values(&s, ns[i], ns[i], 100, 100, 1);
		ck_assert_int_eq(br_summarize(&s, 0.95, &a), BR_OK);
		two_values(&s, ns[i], ns[i], 101, 101, 1);
		ck_assert_int_eq(br_summarize(&s, 0.95, &b), BR_OK);
		ck_assert(a.floored && b.floored);
		ck_assert_double_eq(a.se, 0.5);
		ck_assert_double_eq(a.sd, 0);
		br_compare(&a, &b, BR_DIR_HIB, 0.95, 0, &c);
		ck_assert_int_eq(c.verdict, BR_VERDICT_NO_DIFFERENCE);
		ck_assert(c.p > 0.15);
		rel(c.t, sqrt(2), 1e-15);
		rel(c.df, 2.0 * (double)(ns[i] - 1), 1e-12);
		/* the true change lies anywhere in (0%, 2%) */
		ck_assert(c.improvement_ci_low_pct < 0.02 &&
			  c.improvement_ci_high_pct > 1.98);
		ck_assert(c.ratio_ci_low < 1.0002 && c.ratio_ci_high > 1.0198);
	}
	/* {100 x 999, 101}: closer than the step, floored too */
	two_values(&s, 1000, 999, 100, 101, 1);
	ck_assert_int_eq(br_summarize(&s, 0.95, &a), BR_OK);
	ck_assert(a.floored && a.se == 0.5);
	/* 100 and 101 alternating: they dither, their own SE */
	two_values(&s, 1000, 500, 100, 101, 1);
	ck_assert_int_eq(br_summarize(&s, 0.95, &a), BR_OK);
	ck_assert(!a.floored);
	rel(a.se, a.sd / sqrt(1000), 1e-15);
}
END_TEST

/* ministat's pooled s takes the floored SE: never "1 +/- 0". */
START_TEST(test_pooled_floor)
{
	struct br_sample s;
	struct br_summary a, b;
	struct br_pooled p;

	two_values(&s, 5, 5, 100, 100, 1);
	ck_assert_int_eq(br_summarize(&s, 0.95, &a), BR_OK);
	two_values(&s, 5, 5, 103, 103, 1);
	ck_assert_int_eq(br_summarize(&s, 0.95, &b), BR_OK);
	ck_assert(br_pooled_t(&a, &b, 0.95, &p));
	ck_assert(p.floored && p.different);
	rel(p.s_p, 0.5 * sqrt(5), 1e-15);
	/* q(0.975, 8) = 2.3060041352041662 */
	rel(p.e, 2.3060041352041662 * 0.5 * sqrt(5) * sqrt(0.4), 1e-12);
}
END_TEST

/* Sums that cancel are exactly 0; a large offset keeps sd's digits. */
START_TEST(test_accurate_moments)
{
	static const double cancel[] = {-2, 0, 3, -1};
	static const double offset[] = {3760000001, 3760000002, 3760000004,
					3760000007};
	static const double tiny[] = {0.1, 0.2, -0.3};
	struct br_sample s;
	struct br_summary a;

	runs_of(&s, cancel, 4, 0);
	ck_assert_int_eq(br_summarize(&s, 0.95, &a), BR_OK);
	ck_assert_double_eq(a.mean, 0);
	rel(a.sd, sqrt(14.0 / 3), 1e-15);
	ck_assert(isnan(a.cv_pct));
	runs_of(&s, offset, 4, 0);
	ck_assert_int_eq(br_summarize(&s, 0.95, &a), BR_OK);
	ck_assert_double_eq(a.mean, 3760000003.5);
	/* exact: sqrt(21 / 3) = sqrt(7) */
	rel(a.sd, sqrt(7), 1e-14);
	/* 0.1 + 0.2 - 0.3 in doubles: the mean of the doubles, correctly
	 * rounded (exact rational: 2.7755575615628914e-17 / 3) */
	runs_of(&s, tiny, 3, 0);
	ck_assert_int_eq(br_summarize(&s, 0.95, &a), BR_OK);
	rel(a.mean, 2.7755575615628914e-17 / 3, 1e-15);
}
END_TEST

/* Outliers only from 5 runs. */
START_TEST(test_outliers_from_five)
{
	static const double three[] = {10.00, 10.09, 10.00};
	static const double four[] = {10.0, 10.0, 10.0, 19.0};
	static const double five[] = {10.0, 10.1, 10.0, 10.1, 19.0};
	struct br_sample s;
	struct br_summary a;

	runs_of(&s, three, 3, 0.01);
	ck_assert_int_eq(br_summarize(&s, 0.95, &a), BR_OK);
	ck_assert_uint_eq(a.n_flagged, 0);
	runs_of(&s, four, 4, 0.1);
	ck_assert_int_eq(br_summarize(&s, 0.95, &a), BR_OK);
	ck_assert_uint_eq(a.n_flagged, 0);
	runs_of(&s, five, 5, 0.1);
	ck_assert_int_eq(br_summarize(&s, 0.95, &a), BR_OK);
	ck_assert_uint_eq(a.n_flagged, 1);
	ck_assert_uint_eq(a.flagged[0], 4);
}
END_TEST

/* p below the smallest normal double, never 0 (mpmath:
 * 1.9728217038167915e-312 at t = 78.8 / sqrt(2), df = 1024.99902...). */
START_TEST(test_p_subnormal)
{
	struct br_summary a, b;
	struct br_comparison c;
	double p;

	gsl_set_error_handler_off();
	summary_of(&a, 100, 1, 513);
	summary_of(&b, 178.8, 1, 514);
	br_compare(&a, &b, BR_DIR_HIB, 0.95, 0, &c);
	/* a subnormal keeps about 12 digits here */
	rel(c.p, 1.9728217038167915e-312, 1e-10);
	p = br_t_two_tail(1e160, 3);
	ck_assert(p > 0 && p <= DBL_TRUE_MIN);
	ck_assert_double_eq(br_t_two_tail(INFINITY, 3), 0);
}
END_TEST

/* Fieller far from 1: exact to 1e-12 up to 1e300 (values of
 * numeric_ref.py's quadratic in 50 digits). */
START_TEST(test_huge_ratio)
{
	static const int e[] = {100, 160, 200, 300};
	struct br_summary a, b;
	struct br_comparison c;
	size_t i;
	double m;

	gsl_set_error_handler_off();
	summary_of(&a, 1, 0.01, 10);
	for (i = 0; i < sizeof e / sizeof *e; i++) {
		m = pow(10, e[i]);
		summary_of(&b, m, m / 100, 10);
		br_compare(&a, &b, BR_DIR_HIB, 0.95, 0, &c);
		ck_assert(!c.too_noisy);
		ck_assert_int_eq(c.verdict, BR_VERDICT_BETTER);
		rel(c.ratio_ci_low, 0.968507979607824 * m, 1e-12);
		rel(c.ratio_ci_high, 1.03251601541262 * m, 1e-12);
		/* and the other way round */
		br_compare(&b, &a, BR_DIR_HIB, 0.95, 0, &c);
		ck_assert(!c.too_noisy);
		rel(c.ratio_ci_low, 0.968507979607824 / m, 1e-12);
		rel(c.ratio_ci_high, 1.03251601541262 / m, 1e-12);
	}
}
END_TEST

/* Every interval holds its point, also where rounding collapses it. */
START_TEST(test_ordered_intervals)
{
	struct br_sample s;
	struct br_summary a, b;
	struct br_comparison c;
	int dir;

	gsl_set_error_handler_off();
	for (dir = 0; dir < 2; dir++) {
		two_values(&s, 5, 5, 20.661207262800847, 0, 1e-15);
		ck_assert_int_eq(br_summarize(&s, 0.95, &a), BR_OK);
		two_values(&s, 30, 30, 152.11795167049996, 0, 1e-14);
		ck_assert_int_eq(br_summarize(&s, 0.95, &b), BR_OK);
		br_compare(&a, &b, dir ? BR_DIR_LIB : BR_DIR_HIB, 0.95, 0,
			   &c);
		ck_assert(c.ratio_ci_low <= c.ratio &&
			  c.ratio <= c.ratio_ci_high);
		ck_assert(c.speedup_ci_low <= c.speedup &&
			  c.speedup <= c.speedup_ci_high);
		ck_assert(c.improvement_ci_low_pct <= c.improvement_pct &&
			  c.improvement_pct <= c.improvement_ci_high_pct);
		ck_assert(c.d_ci_low <= c.d && c.d <= c.d_ci_high);
		ck_assert(c.ratio_ci_low > 1);
	}
	/* a ratio an ulp above 1, proven: its interval stays above 1 */
	summary_of(&a, 1, 1e-17, 30);
	summary_of(&b, 1.0000000000000004, 1e-17, 30);
	br_compare(&a, &b, BR_DIR_HIB, 0.95, 0, &c);
	ck_assert_int_eq(c.verdict, BR_VERDICT_BETTER);
	ck_assert(c.ratio_ci_low > 1 && c.ratio_ci_low <= c.ratio &&
		  c.ratio <= c.ratio_ci_high);
}
END_TEST

Suite *br_suite_stats_edges(void)
{
	Suite *s = suite_create("stats_edges");
	TCase *tc = tcase_create("edges");

	tcase_add_test(tc, test_floor_any_n);
	tcase_add_test(tc, test_pooled_floor);
	tcase_add_test(tc, test_accurate_moments);
	tcase_add_test(tc, test_outliers_from_five);
	tcase_add_test(tc, test_p_subnormal);
	tcase_add_test(tc, test_huge_ratio);
	tcase_add_test(tc, test_ordered_intervals);
	suite_add_tcase(s, tc);
	return s;
}
