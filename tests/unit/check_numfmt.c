/*
 * check_numfmt.c - numbers as charts show them (analysis/numfmt.c,
 * doc/charts.md "Numbers"): grouped digits, SI prefixes, tiny values,
 * an SE in its value's style.
 */
#include <check.h>
#include <math.h>

#include "analysis/numfmt.h"

/* Durations: m:ss, h:mm:ss from an hour, rounded once at the shown
 * precision (59.996 s is a whole minute at 2 decimals, not "0:60.00"). */
START_TEST(test_duration)
{
	char buf[64];

	ck_assert_str_eq(br_fmt_duration(buf, sizeof buf, 1580, 0), "26:20");
	ck_assert_str_eq(br_fmt_duration(buf, sizeof buf, 120, 0), "2:00");
	ck_assert_str_eq(br_fmt_duration(buf, sizeof buf, 379, 0), "6:19");
	ck_assert_str_eq(br_fmt_duration(buf, sizeof buf, 3723, 0),
			 "1:02:03");
	ck_assert_str_eq(br_fmt_duration(buf, sizeof buf, 3600, 0),
			 "1:00:00");
	ck_assert_str_eq(br_fmt_duration(buf, sizeof buf, 62.5, 1), "1:02.5");
	ck_assert_str_eq(br_fmt_duration(buf, sizeof buf, 179.996, 2),
			 "3:00.00");
	ck_assert_str_eq(br_fmt_duration(buf, sizeof buf, 179.6, 0), "3:00");
	ck_assert_str_eq(br_fmt_duration(buf, sizeof buf, -150, 0), "-2:30");
	ck_assert_str_eq(br_fmt_duration(buf, sizeof buf, 0, 0), "0:00");
	ck_assert_str_eq(br_fmt_duration(buf, sizeof buf, NAN, 0), "-");
}
END_TEST

Suite *br_suite_numfmt(void);

static const struct {
	double v;
	int d;
	const char *want;
} values[] = {
	{1378135, 0, "1,378,135"},             /* 5+ integer digits */
	{12345.678, 2, "12,345.68"},
	{-1234567.5, 1, "-1,234,567.5"},
	{1234, 2, "1234.00"},                  /* 4 digits: as written */
	{9999.996, 2, "10,000.00"},            /* grouped after rounding */
	{1378135000000.0, 2, "1.38T"},         /* from 1e9: SI, 3 digits */
	{7209005579.76, 2, "7.21G"},
	{999.6e9, 2, "1.00T"},                 /* rounds into the next */
	{9.996e9, 0, "10.0G"},
	{-2.5e15, 2, "-2.50P"},
	{1.7e308, 2, "1.7e+308"},              /* beyond the prefixes */
	{0.000123, 2, "0.000123"},             /* never "0.00" */
	{0.004, 2, "0.004"},
	{-0.00049, 3, "-0.00049"},
	{1.5e-9, 2, "1.5e-09"},
	{4.9e-324, 2, "4.94e-324"},
	{0.05, 2, "0.05"},                     /* shows: its decimals */
	{0, 2, "0.00"},
	{-0.0, 2, "0.00"},
	{NAN, 2, "-"},
	{INFINITY, 2, "-"},
};

START_TEST(test_value)
{
	size_t i = (size_t)_i;
	char buf[64];

	ck_assert_str_eq(br_fmt_value(buf, sizeof buf, values[i].v,
				      values[i].d), values[i].want);
}
END_TEST

/* An SE in its value's style: SI beside an SI value, grouped beside a
 * grouped one, its own decimals otherwise, and never "0.00". */
START_TEST(test_se)
{
	char buf[64];

	ck_assert_str_eq(br_fmt_se(buf, sizeof buf, 7209005579.76, 2,
				   1378135000000.0), "7.21G");
	ck_assert_str_eq(br_fmt_se(buf, sizeof buf, 1234567.5, 2,
				   912345678901.5), "1.23M");
	ck_assert_str_eq(br_fmt_se(buf, sizeof buf, 0.5, 2, 2e9), "500m");
	ck_assert_str_eq(br_fmt_se(buf, sizeof buf, 6586.79, 2, 1378135),
			 "6,586.79");
	ck_assert_str_eq(br_fmt_se(buf, sizeof buf, 24290.33, 2, 1378135),
			 "24,290.33");
	ck_assert_str_eq(br_fmt_se(buf, sizeof buf, 0.83, 2, 60.99), "0.83");
	ck_assert_str_eq(br_fmt_se(buf, sizeof buf, 0.0000042, 2, 0.000123),
			 "0.0000042");
	ck_assert_str_eq(br_fmt_se(buf, sizeof buf, NAN, 2, 5), "-");
}
END_TEST

START_TEST(test_si)
{
	ck_assert_int_eq(br_si_exp(2.5e6), 6);
	ck_assert_int_eq(br_si_exp(1000), 3);
	ck_assert_int_eq(br_si_exp(999.999), 0);
	ck_assert_int_eq(br_si_exp(0.000305), -6);
	ck_assert_int_eq(br_si_exp(1e300), 18);
	ck_assert_int_eq(br_si_exp(1e-300), -18);
	ck_assert_int_eq(br_si_exp(0), 0);
	ck_assert_int_eq(br_si_exp(NAN), 0);
	ck_assert_str_eq(br_si_prefix(3), "k");
	ck_assert_str_eq(br_si_prefix(12), "T");
	ck_assert_str_eq(br_si_prefix(-6), "\u00b5");
	ck_assert_str_eq(br_si_prefix(0), "");
	ck_assert_str_eq(br_si_prefix(4), "");
}
END_TEST

Suite *br_suite_numfmt(void)
{
	Suite *s = suite_create("numfmt");
	TCase *tc = tcase_create("chart numbers");

	tcase_add_loop_test(tc, test_value, 0,
			    sizeof values / sizeof values[0]);
	tcase_add_test(tc, test_se);
	tcase_add_test(tc, test_si);
	tcase_add_test(tc, test_duration);
	suite_add_tcase(s, tc);
	return s;
}
