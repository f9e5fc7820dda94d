/*
 * check_fonts.c - speed work that must not change a byte (issue 27):
 * br_fixed() against snprintf's "%.*f" on values of every kind, and text
 * widths through the private font configuration (render/text/fonts.h)
 * against the system's (BENCHREPORT_FONTS=system), for names in many
 * scripts, both weights and the sizes charts use; and plain Latin text
 * measured by HarfBuzz alone (render/text/hbwidth.h) against pango.
 */
#include <check.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/fixed.h"
#include "render/text/fonts.h"
#include "render/text/hbwidth.h"
#include "render/text/text.h"

Suite *br_suite_fonts(void);

/* A value of kind k from a fixed linear congruential sequence. */
static double value_of(unsigned long long *st, int k)
{
	double u;

	*st = *st * 6364136223846793005ull + 1442695040888963407ull;
	u = (double)(*st >> 11) / 9007199254740992.0;
	switch (k) {
	case 0:  return (u - 0.5) * pow(10, (int)(u * 1e6) % 20 - 8);
	case 1:  return floor(u * 2e6 - 1e6) / pow(10, (int)(u * 1e7) % 6);
	case 2:  return floor(u * 1e5) / 8 - 5000;  /* exact ties */
	case 3:  return floor(u * 1e6) * 0.005;     /* near ties */
	default: return ldexp(u, (int)(u * 1e8) % 100 - 60);
	}
}

START_TEST(test_fixed_as_printf)
{
	static const double edge[] = {0.0, -0.0, 0.005, -0.005, 0.125,
				      2.5, -2.5, 1e15, 4503599627370496.0,
				      1e-300, 999.995, 0.045, 1.0 / 3};
	unsigned long long st = 27;
	char a[64], b[64];
	size_t i;
	int d;

	for (i = 0; i < 300000; i++) {
		double v = value_of(&st, (int)(i % 5));
		int la, lb;

		d = (int)(i % 11);
		la = snprintf(a, sizeof a, "%.*f", d, v);
		lb = br_fixed(b, sizeof b, v, d);
		ck_assert_msg(la == lb && !strcmp(a, b), "%.17g at %d: %s, %s",
			      v, d, a, b);
	}
	for (i = 0; i < sizeof edge / sizeof edge[0]; i++)
		for (d = 0; d <= 10; d++) {
			snprintf(a, sizeof a, "%.*f", d, edge[i]);
			br_fixed(b, sizeof b, edge[i], d);
			ck_assert_str_eq(a, b);
		}
	snprintf(a, sizeof a, "%.*f", 2, NAN);
	br_fixed(b, sizeof b, NAN, 2);
	ck_assert_str_eq(a, b);
}
END_TEST

static const char *const texts[] = {
	"SE +/- 0.09, N = 3", "MB/s, More Is Better", "FreeBSD iX ZoL",
	"Ubuntu 18.04 EXT4", "1,000,000", "0.022", "AVWAV Ta To fi fl",
	"Caf\xc3\xa9 \xc5\x81\xc3\xb3""d\xc5\xba Stra\xc3\x9f""e",
	"Cafe\xcc\x81 combining", "\xce\xa3\xcf\x8d\xcf\x83\xcf\x84\xce\xb7"
	"\xce\xbc\xce\xb1 \xce\x91", "\xd0\x9f\xd1\x80\xd0\xb8\xd0\xb2\xd0\xb5"
	"\xd1\x82 \xd0\xbc\xd0\xb8\xd1\x80", "\xd8\xae\xd8\xa7\xd8\xaf\xd9\x85 "
	"\xd8\xa7\xd9\x84\xd8\xa7\xd8\xae\xd8\xaa\xd8\xa8\xd8\xa7\xd8\xb1 2",
	"\xd7\xa9\xd7\xa8\xd7\xaa 3", "\xe6\xb5\x8b\xe8\xaf\x95\xe4\xb8\x80",
	"\xe6\x97\xa5\xe6\x9c\xac\xe8\xaa\x9e <i>", "\xe2\x80\x8e" "abc"
	"\xe2\x80\x8e", "x\xe2\x80\xa6", "\xe2\x86\x90 \xe2\x96\xb2 \xe2\x9c\x93",
	"tab\there", "\xf0\x9f\x98\x80 emoji",
};

static void widths(double *out)
{
	static const double sizes[] = {8, 10, 11, 13.5, 17};
	size_t i, j, k = 0;

	for (i = 0; i < sizeof texts / sizeof texts[0]; i++)
		for (j = 0; j < sizeof sizes / sizeof sizes[0]; j++) {
			out[k++] = br_text_width(NULL, sizes[j], false, texts[i]);
			out[k++] = br_text_width(NULL, sizes[j], true, texts[i]);
		}
	br_text_shutdown();
}

START_TEST(test_private_fonts_same_widths)
{
	enum { N = sizeof texts / sizeof texts[0] * 10 };
	double mine[N], sys[N];
	size_t i;

	unsetenv("BENCHREPORT_FONTS");
	br_text_shutdown();
	if (!br_fonts_project()) {   /* no DejaVu Sans where looked */
		br_text_shutdown();
		return;
	}
	ck_assert(br_fonts_covers(NULL, true, texts[0]));
	ck_assert(!br_fonts_covers(NULL, false, texts[13]));   /* CJK */
	widths(mine);
	setenv("BENCHREPORT_FONTS", "system", 1);
	ck_assert_ptr_null(br_fonts_project());
	widths(sys);
	unsetenv("BENCHREPORT_FONTS");
	for (i = 0; i < N; i++)
		ck_assert_msg(mine[i] == sys[i], "'%s' (%zu): %.17g vs %.17g",
			      texts[i / 10], i % 10, mine[i], sys[i]);
	ck_assert(mine[0] > 0);
}
END_TEST

/* n random strings of the characters render/text/hbwidth.c shapes
 * itself (Latin, Latin-1, Latin Extended, punctuation), with the pairs
 * DejaVu Sans kerns, into buf (NUL-separated). */
static size_t corpus(char *buf, size_t n)
{
	static const char *const pieces[] = {
		"A", "V", "W", "T", "Y", "L", "P", "F", "f", "r", "v", "w",
		"y", "o", "a", "e", ".", ",", "-", "'", "\"", "0", "1", "7",
		" ", "(", ")", "/", "%", "x", "j", "g", "\xc3\xa9", "\xc3\x85",
		"\xc3\x9f", "\xc5\x81", "\xc5\xba", "\xc3\xb6", "\xc3\x97",
		"\xe2\x80\xa6", "\xe2\x80\x93", "\xe2\x80\x9c", "\xc2\xa0",
		"\xc2\xb1", "\xc8\x99", "\xc4\xb0", "i", "I",
	};
	unsigned long long st = 5;
	size_t i, k, len = 0;

	for (i = 0; i < n; i++) {
		size_t m = 1 + i % 12;

		for (k = 0; k < m; k++) {
			const char *p;

			st = st * 6364136223846793005ull + 1442695040888963407ull;
			p = pieces[(st >> 33) % (sizeof pieces / sizeof pieces[0])];
			memcpy(buf + len, p, strlen(p));
			len += strlen(p);
		}
		buf[len++] = '\0';
	}
	return len;
}

/* Widths of the corpus at chart sizes, both weights. */
static void corpus_widths(const char *buf, size_t n, double *out)
{
	/* 12.7 pt is 13004.8 pango units: pango keeps 13004 */
	static const double sizes[] = {8, 12.7, 13.5};
	size_t i, j, k = 0;
	const char *p = buf;

	for (i = 0; i < n; i++, p += strlen(p) + 1)
		for (j = 0; j < 3; j++) {
			out[k++] = br_text_width(NULL, sizes[j], false, p);
			out[k++] = br_text_width(NULL, sizes[j], true, p);
		}
	br_text_shutdown();
}

/* HarfBuzz alone (hbwidth.c) against pango on the system's fonts. */
START_TEST(test_harfbuzz_widths_as_pango)
{
	enum { N = 2000 };
	static char buf[N * 12 * 3 + 1];
	static double mine[N * 6], sys[N * 6];
	size_t i;
	const char *p = buf;

	corpus(buf, N);
	unsetenv("BENCHREPORT_FONTS");
	br_text_shutdown();
	if (!br_fonts_file(false))
		return;   /* no DejaVu Sans where looked: pango measures all */
	ck_assert(br_hb_width(NULL, 8, false, "AV", &mine[0]));
	ck_assert(!br_hb_width(NULL, 8, false, "\xe6\xb5\x8b", &mine[0]));
	br_text_shutdown();
	corpus_widths(buf, N, mine);
	setenv("BENCHREPORT_FONTS", "system", 1);
	corpus_widths(buf, N, sys);
	unsetenv("BENCHREPORT_FONTS");
	for (i = 0; i < N * 6; i++) {
		ck_assert_msg(mine[i] == sys[i], "'%s' (%zu): %.17g vs %.17g",
			      p, i % 6, mine[i], sys[i]);
		if (i % 6 == 5)
			p += strlen(p) + 1;
	}
}
END_TEST

Suite *br_suite_fonts(void)
{
	Suite *s = suite_create("fonts");
	TCase *tc = tcase_create("same bytes, faster");

	tcase_add_test(tc, test_fixed_as_printf);
	tcase_add_test(tc, test_private_fonts_same_widths);
	tcase_add_test(tc, test_harfbuzz_widths_as_pango);
	suite_add_tcase(s, tc);
	return s;
}
