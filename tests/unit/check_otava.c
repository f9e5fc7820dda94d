/*
 * check_otava.c - the Otava parity mode (stats/otava.h; doc/statistics.md,
 * "Otava parity"; data and provenance in tests/data/otava/NOTES.md).
 *
 *  1. the ten parameter sets of Apache Otava's tests/tigerbeetle_test.py
 *     give exactly the index lists Otava asserts;
 *  2. every change point of those runs, and of the extra runs (Otava's
 *     report and analysis test series, fewer points than a window, the
 *     smallest windows, max_pvalue 1), has the numbers that
 *     tests/reference/otava_ref.py computes in exact arithmetic
 *     (reference.txt), within these tolerances:
 *       - means and SDs 1e-14 relative: the means of integers are exact
 *         sums divided once (correctly rounded); an SD carries the
 *         rounding of the mean into a few hundred deviations, 2e-16
 *         relative seen;
 *       - p 1e-11 relative: the t tail is good to about 1e-13
 *         (otava_win.c), the t it is given is off by a few ulps, which
 *         the tail magnifies by about t^2 (t up to 25 here, 1e-13);
 *         1.7e-13 seen;
 *       - forward_change_percent 1e-11 and magnitude 1e-13 absolute
 *         (a ratio of two means minus 1: what cancels is absolute
 *         error, 2e-14 and 2e-16 seen);
 *  3. Otava's own figures for its report test series (six decimals,
 *     as its JSON report prints them);
 *  4. the window search alone on Otava's divisive-test sequence;
 *  5. edge cases: no points, one, a constant series, two constant
 *     levels (p exactly 0), options out of range and values that are
 *     not finite, with their exact messages.
 */
#include <check.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <gsl/gsl_errno.h>

#include "model/model.h"
#include "stats/otava.h"
#include "stats/otava_int.h"

Suite *br_suite_otava(void);

#define DIR "data/otava/"
#define MAXN 400
#define LINE 8192

/* The values of DIR NAME, one a line; NAME:K keeps the first K. */
static size_t load(const char *spec, double *x)
{
	char path[256], name[128];
	const char *colon = strchr(spec, ':');
	size_t n = 0, keep = MAXN;
	FILE *fp;

	snprintf(name, sizeof name, "%.*s",
		 (int)(colon ? (size_t)(colon - spec) : strlen(spec)), spec);
	if (colon)
		keep = strtoul(colon + 1, NULL, 10);
	snprintf(path, sizeof path, DIR "%s", name);
	fp = fopen(path, "r");
	ck_assert_msg(fp != NULL, "cannot open %s", path);
	while (n < keep && n < MAXN && fscanf(fp, "%lf", &x[n]) == 1)
		n++;
	fclose(fp);
	return n;
}

static void run(const double *x, size_t n, size_t wlen, double p,
		double mag, struct br_otava_cp **cp, size_t *m)
{
	struct br_otava_opts o;
	struct br_error err;

	gsl_set_error_handler_off();
	br_error_clear(&err);
	br_otava_opts_defaults(&o);
	o.window_len = wlen;
	o.max_pvalue = p;
	o.min_magnitude = mag;
	ck_assert_int_eq(br_otava_changes(x, n, &o, cp, m, &err), BR_OK);
}

/* Line k (0-based) of the data lines of tigerbeetle-expected.txt. */
static void expected_set(int k, char *line)
{
	FILE *fp = fopen(DIR "tigerbeetle-expected.txt", "r");
	int i = 0;

	ck_assert(fp != NULL);
	while (fgets(line, LINE, fp))
		if (line[0] != '#' && i++ == k)
			break;
	fclose(fp);
	ck_assert_int_eq(i, k + 1);
}

START_TEST(test_tigerbeetle_sets)
{
	static double x[MAXN];
	char line[LINE], *s, *end;
	struct br_otava_cp *cp;
	size_t n = load("tigerbeetle.txt", x), m, k = 0, wlen;
	double p, mag;

	ck_assert_uint_eq(n, 365);
	expected_set(_i, line);
	wlen = strtoul(line, &s, 10);
	p = strtod(s, &s);
	mag = strtod(s, &s);
	ck_assert_msg(*s == ' ' && s[1] == ':', "bad line %s", line);
	run(x, n, wlen, p, mag, &cp, &m);
	for (s += 2;; s = end, k++) {
		unsigned long want = strtoul(s, &end, 10);

		if (end == s)
			break;
		ck_assert_msg(k < m, "set %s: only %zu change points", line, m);
		ck_assert_msg(cp[k].index == want, "set %s: #%zu is %zu, not %lu",
			      line, k, cp[k].index, want);
	}
	ck_assert_msg(k == m, "set %s: %zu change points, not %zu", line, m,
		      k);
	free(cp);
}
END_TEST

static void near(double got, double want, double rel, double abs_tol,
		 const char *what, const char *head, size_t index)
{
	double tol = abs_tol + rel * fabs(want);

	ck_assert_msg(fabs(got - want) <= tol,
		      "%s at %zu of run %s: %.17g, reference %.17g", what,
		      index, head, got, want);
}

/* Check the change points of one "run" header against the rows after
 * it; returns how many rows were read. */
static size_t check_run(FILE *fp, const char *head)
{
	static double x[MAXN];
	char spec[128], line[LINE];
	struct br_otava_cp *cp;
	size_t wlen, count, m, k, n;
	double p, mag, v[8];

	ck_assert_int_eq(sscanf(head, "run %127s %zu %lf %lf %zu", spec, &wlen,
				&p, &mag, &count), 5);
	n = load(spec, x);
	run(x, n, wlen, p, mag, &cp, &m);
	ck_assert_msg(m == count, "run %s: %zu change points, not %zu", head,
		      m, count);
	for (k = 0; k < count; k++) {
		ck_assert(fgets(line, sizeof line, fp) != NULL);
		ck_assert_int_eq(sscanf(line, "%lf %lf %lf %lf %lf %lf %lf %lf",
					&v[0], &v[1], &v[2], &v[3], &v[4],
					&v[5], &v[6], &v[7]), 8);
		ck_assert_uint_eq(cp[k].index, (size_t)v[0]);
		near(cp[k].mean_before, v[1], 1e-14, 0, "mean_before", head, k);
		near(cp[k].stddev_before, v[2], 1e-14, 0, "stddev_before",
		     head, k);
		near(cp[k].mean_after, v[3], 1e-14, 0, "mean_after", head, k);
		near(cp[k].stddev_after, v[4], 1e-14, 0, "stddev_after", head,
		     k);
		near(cp[k].pvalue, v[5], 1e-11, 0, "pvalue", head, k);
		near(cp[k].forward_change_percent, v[6], 0, 1e-11,
		     "forward_change_percent", head, k);
		near(cp[k].magnitude, v[7], 0, 1e-13, "magnitude", head, k);
	}
	free(cp);
	return count;
}

START_TEST(test_reference_numbers)
{
	FILE *fp = fopen(DIR "reference.txt", "r");
	char line[LINE];
	size_t runs = 0, points = 0;

	ck_assert(fp != NULL);
	while (fgets(line, sizeof line, fp))
		if (strncmp(line, "run ", 4) == 0) {
			points += check_run(fp, line);
			runs++;
		}
	fclose(fp);
	/* the ten tigerbeetle sets and the seven extra runs */
	ck_assert_uint_eq(runs, 17);
	ck_assert_uint_eq(points, 170);
}
END_TEST

/* Otava's report test: its JSON report prints these with "%f". */
START_TEST(test_otava_report_figures)
{
	static const struct {
		const char *file;
		size_t index;
		double fcp, mag, mb, sb, ma, sa;
	} want[] = {
		{ "report-series1.txt", 6, -49, 0.977513, 0.996667, 0.067495,
		  0.504000, 0.025768 },
		{ "report-series2.txt", 4, -11, 0.124108, 2.025000, 0.011180,
		  1.801429, 0.026954 },
	};
	double x[MAXN];
	struct br_otava_cp *cp;
	size_t i, n, m;

	for (i = 0; i < 2; i++) {
		n = load(want[i].file, x);
		run(x, n, 50, 0.001, 0, &cp, &m);
		ck_assert_uint_eq(m, 1);
		ck_assert_uint_eq(cp[0].index, want[i].index);
		/* "{:.0f}" of the percent, "{:f}" of the rest */
		ck_assert_double_eq(round(cp[0].forward_change_percent),
				    want[i].fcp);
		ck_assert_double_eq_tol(cp[0].magnitude, want[i].mag, 5e-7);
		ck_assert_double_eq_tol(cp[0].mean_before, want[i].mb, 5e-7);
		ck_assert_double_eq_tol(cp[0].stddev_before, want[i].sb, 5e-7);
		ck_assert_double_eq_tol(cp[0].mean_after, want[i].ma, 5e-7);
		ck_assert_double_eq_tol(cp[0].stddev_after, want[i].sa, 5e-7);
		ck_assert(cp[0].pvalue < 5e-7); /* printed 0.000000 */
		free(cp);
	}
}
END_TEST

/* Otava's analysis test (window 10, p 0.0001: one change at 10) and its
 * divisive test: the search alone, whole series, t-test at 0.01, finds
 * 5 and 8. */
START_TEST(test_otava_other_tests)
{
	static const double seq[] = { 0.3, 2.4, 1.5, -0.9, -0.5, 99.7, 98.3,
				      99.1, 149.0, 149.7, 149.5, 149.1,
				      148.8, 150.0 };
	double x[MAXN], work[3 * 14];
	size_t cps[14], ncps, n = load("single-series.txt", x), m;
	struct br_otava_cp *cp;

	run(x, n, 10, 0.0001, 0, &cp, &m);
	ck_assert_uint_eq(m, 1);
	ck_assert_uint_eq(cp[0].index, 10);
	free(cp);
	br_ot_window(seq, 14, 0.01, cps, &ncps, work);
	ck_assert_uint_eq(ncps, 2);
	ck_assert_uint_eq(cps[0], 5);
	ck_assert_uint_eq(cps[1], 8);
}
END_TEST

START_TEST(test_small_and_flat)
{
	double x[40] = { 0 };
	struct br_otava_cp *cp;
	size_t i, m;

	run(x, 0, 50, 0.001, 0, &cp, &m);
	ck_assert(cp == NULL && m == 0);
	x[0] = 5;
	run(x, 1, 50, 0.001, 0, &cp, &m);
	ck_assert(cp == NULL && m == 0);
	for (i = 0; i < 40; i++)
		x[i] = 5;
	run(x, 40, 10, 0.2, 0, &cp, &m);
	ck_assert(cp == NULL && m == 0);
	/* two flat levels: t is infinite, p exactly 0 */
	for (i = 20; i < 40; i++)
		x[i] = 7;
	run(x, 40, 50, 0.001, 0, &cp, &m);
	ck_assert_uint_eq(m, 1);
	ck_assert_uint_eq(cp[0].index, 20);
	ck_assert_double_eq(cp[0].mean_before, 5);
	ck_assert_double_eq(cp[0].mean_after, 7);
	ck_assert_double_eq(cp[0].stddev_before, 0);
	ck_assert_double_eq(cp[0].stddev_after, 0);
	ck_assert_double_eq(cp[0].pvalue, 0);
	ck_assert_double_eq_tol(cp[0].forward_change_percent, 40, 1e-12);
	ck_assert_double_eq_tol(cp[0].magnitude, 0.4, 1e-15);
	free(cp);
}
END_TEST

static void refused(const double *x, size_t n, size_t wlen, double p,
		    double mag, int code, const char *msg)
{
	struct br_otava_opts o;
	struct br_otava_cp *cp = (struct br_otava_cp *)1;
	struct br_error err;
	size_t m = 99;

	br_error_clear(&err);
	br_otava_opts_defaults(&o);
	o.window_len = wlen;
	o.max_pvalue = p;
	o.min_magnitude = mag;
	ck_assert_int_eq(br_otava_changes(x, n, &o, &cp, &m, &err), code);
	ck_assert_int_eq(err.code, code);
	ck_assert_str_eq(err.msg, msg);
	ck_assert(cp == NULL && m == 0);
}

START_TEST(test_out_of_range)
{
	double x[3] = { 1, 2, 3 };
	struct br_otava_opts o;

	br_otava_opts_defaults(&o);
	ck_assert_uint_eq(o.window_len, 50);
	ck_assert_double_eq(o.max_pvalue, 0.001);
	ck_assert_double_eq(o.min_magnitude, 0);
	refused(x, 3, 1, 0.001, 0, BR_EUSAGE,
		"otava: window length must be at least 2, got 1");
	refused(x, 3, 0, 0.001, 0, BR_EUSAGE,
		"otava: window length must be at least 2, got 0");
	refused(x, 3, 50, 0, 0, BR_EUSAGE,
		"otava: max p-value must be above 0 and at most 1, got 0");
	refused(x, 3, 50, 1.5, 0, BR_EUSAGE,
		"otava: max p-value must be above 0 and at most 1, got 1.5");
	refused(x, 3, 50, NAN, 0, BR_EUSAGE,
		"otava: max p-value must be above 0 and at most 1, got nan");
	refused(x, 3, 50, 0.001, -0.1, BR_EUSAGE,
		"otava: min magnitude must be a finite number of 0 or more, "
		"got -0.1");
	refused(x, 3, 50, 0.001, INFINITY, BR_EUSAGE,
		"otava: min magnitude must be a finite number of 0 or more, "
		"got inf");
	x[1] = NAN;
	refused(x, 3, 50, 0.001, 0, BR_EDATA,
		"otava: value 2 of 3 is not a finite number");
	x[1] = -INFINITY;
	refused(x, 3, 50, 0.001, 0, BR_EDATA,
		"otava: value 2 of 3 is not a finite number");
}
END_TEST

Suite *br_suite_otava(void)
{
	Suite *s = suite_create("otava");
	TCase *tc = tcase_create("otava");

	tcase_set_timeout(tc, 60);
	tcase_add_loop_test(tc, test_tigerbeetle_sets, 0, 10);
	tcase_add_test(tc, test_reference_numbers);
	tcase_add_test(tc, test_otava_report_figures);
	tcase_add_test(tc, test_otava_other_tests);
	tcase_add_test(tc, test_small_and_flat);
	tcase_add_test(tc, test_out_of_range);
	suite_add_tcase(s, tc);
	return s;
}
