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

/* Significant-digit display (numfmt.h BR_SIG; doc/statistics.md,
 * "Display precision"): n digits, every integer digit, an exponent
 * below 1e-4 and from 1e15 up, 0 as "0", no "-0". */
START_TEST(test_sig)
{
	char buf[64];

	ck_assert_str_eq(br_fmt_fixed(buf, sizeof buf, 0.000339, BR_SIG(4)),
			 "0.0003390");
	ck_assert_str_eq(br_fmt_fixed(buf, sizeof buf, 1.83e-301, BR_SIG(4)),
			 "1.830e-301");
	ck_assert_str_eq(br_fmt_fixed(buf, sizeof buf, 12.5, BR_SIG(4)),
			 "12.50");
	ck_assert_str_eq(br_fmt_fixed(buf, sizeof buf, 3760000004.4,
				      BR_SIG(4)), "3760000004");
	ck_assert_str_eq(br_fmt_fixed(buf, sizeof buf, 9.9996, BR_SIG(4)),
			 "10.00");
	ck_assert_str_eq(br_fmt_fixed(buf, sizeof buf, 2.5e15, BR_SIG(3)),
			 "2.50e+15");
	ck_assert_str_eq(br_fmt_fixed(buf, sizeof buf, 0, BR_SIG(4)), "0");
	ck_assert_str_eq(br_fmt_fixed(buf, sizeof buf, -0.00001, BR_SIG(2)),
			 "-1.0e-05");
	ck_assert_str_eq(br_fmt_fixed(buf, sizeof buf, NAN, BR_SIG(2)), "-");
	ck_assert_str_eq(br_fmt_value(buf, sizeof buf, 123456.7, BR_SIG(4)),
			 "123,457");
	ck_assert_str_eq(br_fmt_x(buf, sizeof buf, 0.5, BR_SIG(3)), "0.500x");
	ck_assert_int_eq(br_se_decimals(BR_SIG(5)), BR_SIG(5));
	ck_assert_int_eq(br_text_sig("0.022"), 2);
	ck_assert_int_eq(br_text_sig("1.50"), 3);
	ck_assert_int_eq(br_text_sig("0"), 1);
	/* factors: at most 12 significant digits */
	ck_assert_str_eq(br_fmt_x(buf, sizeof buf, 970440043662.3739, 3),
			 "970440043662x");
}
END_TEST

/* br_display_refine: decimals while some number of them shows every
 * value; significant digits where none does. */
START_TEST(test_refine)
{
	static const double tiny[] = {1.1e-300, 1.05}, small[] = {5.375,
								 1.1e-7};
	static const double close_[] = {1.0000001, 1.0000002};
	const double *l1[1] = {tiny}, *l2[1] = {small}, *l3[1] = {close_};
	const size_t lens[1] = {2};

	/* 1e-300 beside 1: no decimals show both, 2 digits do */
	ck_assert_int_eq(br_display_refine(2, NULL, 0, l1, lens, 1),
			 BR_SIG(2));
	/* 1.1e-7 beside 5.375: 7 decimals show it ("0.0000001") */
	ck_assert_int_eq(br_display_refine(2, NULL, 0, l2, lens, 1), 7);
	/* apart in their 8th digit: 7 decimals */
	ck_assert_int_eq(br_display_refine(2, NULL, 0, l3, lens, 1), 7);
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
	tcase_add_test(tc, test_sig);
	tcase_add_test(tc, test_refine);
	suite_add_tcase(s, tc);
	return s;
}
