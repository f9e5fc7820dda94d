/*
 * check_axis.c - the value axis (br_axis_scale, doc/charts.md "The value
 * axis"): round steps of 1, 2, 2.5 or 5 x 10^k that cover the data and
 * its whiskers, labels that never overlap or repeat, and an answer for
 * every finite range, from denormals to +/-1.8e308.
 */
#include <check.h>
#include <float.h>
#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "render/chart/chart.h"
#include "render/text/text.h"
Suite *br_suite_axis(void);

/* ------------------------------------------------------------- axis */

/* max: the largest whisker top (value + SE), on a 500-point axis in the
 * bar chart's tick font; where PTS's ticks were 1100, 2200 ... or 9, 18,
 * 27 (doc/pts-format.md section 2.3) these are round. */
static const struct {
	double max;
	double top;
	const char *ticks;  /* labels joined by spaces */
} axis_cases[] = {
	{845, 1000, "200 400 600 800"},        /* PTS: 200 .. 1000 of 1200 */
	{39.35, 40, "5 10 15 20 25 30 35"},    /* PTS: 9 18 27 36 45 */
	{5644, 6000, "1000 2000 3000 4000 5000"},
	{1378135, 1400000, "0.2M 0.4M 0.6M 0.8M 1.0M 1.2M"},
	{34172 + 845.64, 40000, "5k 10k 15k 20k 25k 30k 35k"},
	{0.306 * 6, 2, "0.25 0.50 0.75 1.00 1.25 1.50 1.75"},
	{3300, 3500, "500 1000 1500 2000 2500 3000"},
	{90, 100, "20 40 60 80"},
	{0.00012, 0.00012, "20\u00b5 40\u00b5 60\u00b5 80\u00b5 100\u00b5"},
	{1.38e12 + 7.2e9, 1.4e12, "0.2T 0.4T 0.6T 0.8T 1.0T 1.2T"},
	{7, 7, "1 2 3 4 5 6"},
};

static const struct br_font tick_font = {BR_FONT_FAMILY, 10, false, 0};

START_TEST(test_axis_round)
{
	size_t i = (size_t)_i, k;
	struct br_axis ax;
	char got[256] = "", lab[64];

	br_axis_scale(0, axis_cases[i].max, 500, &tick_font, false, &ax);
	ck_assert_double_eq_tol(ax.hi, axis_cases[i].top,
				1e-9 * axis_cases[i].top);
	ck_assert_double_eq(ax.lo, 0);
	for (k = 0; k < ax.n_ticks; k++) {
		if (k)
			strcat(got, " ");
		strcat(got, br_axis_label(lab, sizeof lab, ax.ticks[k], &ax));
	}
	ck_assert_str_eq(got, axis_cases[i].ticks);
}
END_TEST

/* Every finite range gives an axis at once: equal values, denormals, the
 * largest doubles either side, one huge value among small ones.  Ticks
 * inside the range, positions finite, labels short (was: 1.4e308 looped
 * for ever in the tick loop). */
START_TEST(test_axis_extremes)
{
	static const double ranges[][2] = {
		{0, 1.4e308}, {0, 1.3e308}, {0, DBL_MAX}, {-DBL_MAX, DBL_MAX},
		{-DBL_MAX, 0}, {-1e308, 1e308}, {0, 4.9e-324},
		{-4.9e-324, 4.9e-324}, {5, 5}, {-1e-300, 1e-300},
		{0, 1e15}, {-7, 1.7e308}, {0, 0}, {-3, -3},
		{0, 2.2250738585072014e-308}, {1e-310, 1e-310},
	};
	size_t i, k;

	for (i = 0; i < sizeof ranges / sizeof ranges[0]; i++) {
		struct br_axis ax;
		char lab[64];
		double f;

		br_axis_scale(ranges[i][0], ranges[i][1], 500, &tick_font,
			      false, &ax);
		ck_assert_msg(isfinite(ax.lo) && isfinite(ax.hi) &&
			      ax.hi > ax.lo && isfinite(ax.step) &&
			      ax.step > 0, "range %zu: %g..%g step %g", i,
			      ax.lo, ax.hi, ax.step);
		ck_assert_msg(ax.lo <= ranges[i][0] && ax.hi >= ranges[i][1],
			      "range %zu: %g..%g", i, ax.lo, ax.hi);
		ck_assert_uint_le(ax.n_ticks, BR_AXIS_MAX_TICKS);
		for (k = 0; k < ax.n_ticks; k++) {
			ck_assert(ax.ticks[k] > ax.lo && ax.ticks[k] < ax.hi);
			ck_assert_uint_le(strlen(br_axis_label(lab, sizeof lab,
				ax.ticks[k], &ax)), 12);
		}
		for (k = 0; k < 2; k++) {
			f = br_axis_frac(&ax, ranges[i][k]);
			ck_assert_msg(isfinite(f) && f >= 0 && f <= 1,
				      "range %zu: frac %g", i, f);
		}
	}
}
END_TEST

START_TEST(test_axis_small_and_negative)
{
	struct br_axis ax;
	char lab[64];
	size_t k;
	bool zero = false;

	/* nothing positive: a sane default */
	br_axis_scale(0, 0, 500, &tick_font, false, &ax);
	ck_assert_double_eq(ax.hi, 1);
	ck_assert_uint_ge(ax.n_ticks, 3);
	/* negative: zero is a tick, both ends beyond the data */
	br_axis_scale(-40, 100, 500, &tick_font, false, &ax);
	ck_assert(ax.lo <= -40 && ax.hi >= 100);
	for (k = 0; k < ax.n_ticks; k++)
		zero |= ax.ticks[k] == 0;
	ck_assert(zero);
	ck_assert_str_eq(br_axis_label(lab, sizeof lab, ax.ticks[0], &ax),
			 "-20");
	br_axis_scale(-5, -1, 500, &tick_font, false, &ax);
	ck_assert(ax.lo <= -5 && ax.hi >= 0);
	/* a narrow axis takes fewer, wider steps; a vertical one a line
	 * height apart */
	br_axis_scale(0, 1378135, 120, &tick_font, false, &ax);
	ck_assert_uint_le(ax.n_ticks, 2);
	br_axis_scale(0, 100, 260, &tick_font, true, &ax);
	ck_assert_double_eq(ax.step, 20);
	/* beyond the prefixes: 3 significant digits */
	br_axis_scale(0, 1.7e308, 500, &tick_font, false, &ax);
	ck_assert_str_eq(br_axis_label(lab, sizeof lab, ax.ticks[0], &ax),
			 "2.5e+307");
}
END_TEST

/* splitmix64 (fixed seeds: the same axes every run, no rand()). */
static uint64_t splitmix(uint64_t *x)
{
	uint64_t z = (*x += 0x9e3779b97f4a7c15u);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
	return z ^ (z >> 31);
}

/* A double in [0, 1). */
static double unit_rand(uint64_t *x)
{
	return (double)(splitmix(x) >> 11) * 0x1p-53;
}

/* Whether s is 1, 2, 2.5 or 5 x 10^k (to 1e-9: pow(10, k) is not
 * exact for k < 0). */
static bool round_step(double s)
{
	double p = pow(10, floor(log10(s))), m = s / p;

	return fabs(m - 1) < 1e-9 || fabs(m - 2) < 1e-9 ||
	       fabs(m - 2.5) < 1e-9 || fabs(m - 5) < 1e-9 ||
	       fabs(m - 10) < 1e-8;
}

/*
 * Random values and whiskers at every magnitude (10^-300 .. 10^300,
 * some negative, some equal) on axes 100 to 900 points long: every axis
 * has a round step, covers the values and whiskers, and its labels are
 * distinct and (measured) do not overlap.
 */
START_TEST(test_axis_property)
{
	uint64_t seed = 14;
	int i;

	for (i = 0; i < 3000; i++) {
		double mag = pow(10, floor(unit_rand(&seed) * 601) - 300);
		double len = 100 + floor(unit_rand(&seed) * 800);
		double lo = 0, hi = 0, gap, prev_w = 0;
		bool vertical = i % 5 == 0;
		int n = 1 + (int)(unit_rand(&seed) * 6), j;
		struct br_axis ax;
		char lab[BR_AXIS_MAX_TICKS][64];
		size_t k, m;

		for (j = 0; j < n; j++) {
			double v = mag * unit_rand(&seed) * 10, se;

			if (i % 7 == 0)
				v = mag;  /* equal values */
			if (i % 3 == 0 && j == 0)
				v = -v;
			se = v * unit_rand(&seed) * 0.1;
			lo = fmin(lo, fmin(v, v - fabs(se)));
			hi = fmax(hi, fmax(v, v + fabs(se)));
		}
		br_axis_scale(lo, hi, len, &tick_font, vertical, &ax);
		ck_assert_msg(ax.lo <= lo && ax.hi >= hi && ax.lo <= 0 &&
			      ax.hi >= 0, "%d: %g..%g does not cover %g..%g",
			      i, ax.lo, ax.hi, lo, hi);
		ck_assert_msg(round_step(ax.step), "%d: step %.17g", i,
			      ax.step);
		ck_assert_uint_le(ax.n_ticks, BR_AXIS_MAX_TICKS);
		gap = len * ax.step / (ax.hi - ax.lo);
		for (k = 0; k < ax.n_ticks; k++) {
			double w;

			br_axis_label(lab[k], sizeof lab[k], ax.ticks[k], &ax);
			for (m = 0; m < k; m++)
				ck_assert_msg(strcmp(lab[k], lab[m]), "%d: "
					      "label %s twice", i, lab[k]);
			w = br_text_width(tick_font.family, tick_font.size,
					  false, lab[k]);
			if (k && !vertical)
				ck_assert_msg((w + prev_w) / 2 < gap, "%d: "
					      "%s overlaps %s", i, lab[k - 1],
					      lab[k]);
			if (k && vertical)
				ck_assert_msg(tick_font.size < gap, "%d: "
					      "labels %g apart", i, gap);
			prev_w = w;
		}
	}
}
END_TEST


/* Values written as durations: from 120 s on, steps that read as m:ss
 * and m:ss labels (the TPC-H mail's 26:20 on 5-minute ticks); in a
 * unit of minutes the same seconds; under 120 s, or with a negative
 * value, numbers as before. */
static const struct {
	double max, scale, top;
	const char *ticks;
} dur_cases[] = {
	{1580, 1, 1800, "5:00 10:00 15:00 20:00 25:00"},
	{1580.0 / 60, 60, 30, "5:00 10:00 15:00 20:00 25:00"},
	{379, 1, 420, "1:00 2:00 3:00 4:00 5:00 6:00"},
	{125, 1, 150, "0:30 1:00 1:30 2:00"},
	{7000, 1, 7200, "15:00 30:00 45:00 1:00:00 1:15:00 1:30:00 1:45:00"},
	{115, 1, 120, "20 40 60 80 100"},
};

START_TEST(test_axis_duration)
{
	size_t i = (size_t)_i, k;
	struct br_axis ax;
	char got[256] = "", lab[64];

	br_axis_scale_dur(0, dur_cases[i].max, 500, &tick_font, false,
			  dur_cases[i].scale, &ax);
	ck_assert_double_eq_tol(ax.hi, dur_cases[i].top, 1e-9);
	for (k = 0; k < ax.n_ticks; k++) {
		if (k)
			strcat(got, " ");
		strcat(got, br_axis_label(lab, sizeof lab, ax.ticks[k], &ax));
	}
	ck_assert_str_eq(got, dur_cases[i].ticks);
}
END_TEST

START_TEST(test_axis_duration_negative)
{
	struct br_axis ax;
	char lab[64];

	br_axis_scale_dur(-300, 1580, 500, &tick_font, false, 1, &ax);
	ck_assert_double_eq(ax.dur_scale, 0);
	ck_assert_str_eq(br_axis_label(lab, sizeof lab, 500, &ax), "500");
}
END_TEST

Suite *br_suite_axis(void)
{
	Suite *s = suite_create("axis");
	TCase *tc = tcase_create("axis");

	tcase_add_checked_fixture(tc, NULL, br_text_shutdown);
	tcase_set_timeout(tc, 60);
	tcase_add_loop_test(tc, test_axis_round, 0,
			    sizeof axis_cases / sizeof axis_cases[0]);
	tcase_add_test(tc, test_axis_small_and_negative);
	tcase_add_loop_test(tc, test_axis_duration, 0,
			    sizeof dur_cases / sizeof dur_cases[0]);
	tcase_add_test(tc, test_axis_duration_negative);
	tcase_add_test(tc, test_axis_extremes);
	tcase_add_test(tc, test_axis_property);
	suite_add_tcase(s, tc);
	return s;
}
