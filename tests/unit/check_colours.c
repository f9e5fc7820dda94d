/*
 * check_colours.c - the colours of systems (render/chart/colours.c): vendor
 * names matched as whole words, one style per system and distinct
 * styles for many, labels readable on every fill (WCAG 2.x contrast,
 * computed here independently), and a palette that readers with
 * deuteranopia or protanopia can tell apart.  That charts and the
 * report use these colours is check_render.c's test_colours_shared.
 */
#include <check.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "render/chart/chart.h"
#include "render/chart/colours.h"

Suite *br_suite_colours(void);

static const struct {
	const char *name;
	const char *vendor;   /* NULL: none */
} words[] = {
	{"Arch Linux", NULL},               /* not Intel's "arc" */
	{"Debian 12 amd64", NULL},          /* an ISA, not AMD */
	{"ARMv7", NULL},
	{"Intel Core i9-13900K", "Intel"},
	{"Core i7 8700K", "Intel"},
	{"AMD Ryzen 9 7950X", "AMD"},
	{"amd-pstate", "AMD"},              /* '-' separates words */
	{"nvidia-smi", "NVIDIA"},
	{"Radeon RX 7900 XTX", "AMD"},
	{"GeForce RTX 4090", "NVIDIA"},     /* GPUs first, as PTS */
	{"Ryzen 7 + GeForce GTX 1080", "NVIDIA"},
	{"FreeBSD 14.0 UFS", "BSD"},
	{"Tuned - Intel Xeon", "Intel"},
	{"Ubuntu 22.04 on ARM", "ARM"},
	{"AWS c7g.large", "Amazon"},
	{"Windows 11", "Microsoft"},
	{"Google Cloud n2", "Google"},
	{"warm cache", NULL},               /* "arm" inside a word */
	{"Farm 3", NULL},
	{"Searcher", NULL},                 /* "arc" */
	{"Epycurean", NULL},
	{"Intelligent tiering", NULL},
	{"RXBUF=4096", NULL},
	{"Core Infrastructure", NULL},      /* not "core i" */
	{"HAMMER2", NULL},
	{"", NULL},
};

START_TEST(test_whole_words)
{
	const char *got = br_vendor_of(words[_i].name, NULL);

	if (!words[_i].vendor)
		ck_assert_msg(got == NULL, "\"%s\": %s, expected no vendor",
			      words[_i].name, got);
	else
		ck_assert_msg(got && !strcmp(got, words[_i].vendor),
			      "\"%s\": %s, expected %s", words[_i].name,
			      got ? got : "none", words[_i].vendor);
}
END_TEST

START_TEST(test_assign)
{
	static const char *const mixed[] = {
		"Debian 12 amd64", "AMD Ryzen 9 7950X", "Intel Core i9-13900K",
		"Arch Linux",
	};
	static const char *const two_amd[] = {
		"AMD Ryzen 9 7950X", "AMD EPYC 9654", "Intel Xeon 8480",
	};
	const char *many[40];
	char names[40][16];
	struct br_style st[40];
	uint32_t amd, intel;
	size_t i, j;

	ck_assert_ptr_nonnull(br_vendor_of("AMD", &amd));
	ck_assert_ptr_nonnull(br_vendor_of("Intel", &intel));

	/* a vendor's only system gets its colour, the others the rest of
	 * the palette in order, none twice */
	br_assign_styles(mixed, 4, true, NULL, st);
	ck_assert_uint_eq(st[1].color, amd);
	ck_assert_uint_eq(st[2].color, intel);
	for (i = 0; i < 4; i++)
		for (j = 0; j < i; j++)
			ck_assert_uint_ne(st[i].color, st[j].color);
	/* without vendor colours: the palette in order */
	br_assign_styles(mixed, 4, false, NULL, st);
	for (i = 0; i < 4; i++)
		ck_assert_uint_eq(st[i].color, br_palette(i));

	/* two AMD systems: the colour would not say which, so neither
	 * gets it for being AMD */
	br_assign_styles(two_amd, 3, true, NULL, st);
	ck_assert_uint_eq(st[2].color, intel);
	ck_assert_uint_ne(st[0].color, st[1].color);
	ck_assert_uint_ne(st[0].color, intel);
	ck_assert_uint_ne(st[1].color, intel);

	/* highlight: the others grey, the highlighted one its colour */
	br_assign_styles(mixed, 4, true, "AMD Ryzen 9 7950X", st);
	ck_assert_uint_eq(st[1].color, amd);
	ck_assert_uint_eq(st[0].color, st[2].color);
	ck_assert_uint_eq(st[0].color, st[3].color);

	/* past the palette: the colours again with other markers; every
	 * (colour, marker) pair once */
	for (i = 0; i < 40; i++) {
		snprintf(names[i], sizeof names[i], "Config %zu", i);
		many[i] = names[i];
	}
	br_assign_styles(many, 40, true, NULL, st);
	for (i = 0; i < 40; i++) {
		ck_assert_uint_eq(st[i].marker, i < BR_N_PALETTE ?
				  BR_MARKER_CIRCLE : i / BR_N_PALETTE);
		for (j = 0; j < i; j++)
			ck_assert(st[i].color != st[j].color ||
				  st[i].marker != st[j].marker);
	}
}
END_TEST

/* ------------------------------------------------------- contrast */

/* WCAG 2.x relative luminance, written out again on purpose. */
static double wcag_lum(uint32_t c)
{
	double sum = 0;
	static const double k[3] = {0.2126, 0.7152, 0.0722};
	int i;

	for (i = 0; i < 3; i++) {
		double v = ((c >> (16 - 8 * i)) & 0xff) / 255.0;

		v = v <= 0.03928 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4);
		sum += k[i] * v;
	}
	return sum;
}

static double contrast(uint32_t a, uint32_t b)
{
	double la = wcag_lum(a), lb = wcag_lum(b);

	return (fmax(la, lb) + 0.05) / (fmin(la, lb) + 0.05);
}

START_TEST(test_contrast)
{
	static const char *const vendor_names[] = {
		"Intel", "AMD", "NVIDIA", "ARM", "FreeBSD", "Windows", "AWS",
		"Google",
	};
	static const char *const one[] = {"A", "B"};
	uint32_t fills[BR_N_PALETTE + 16];
	struct br_style st[2];
	size_t n = 0, i;

	for (i = 0; i < BR_N_PALETTE; i++)
		fills[n++] = br_palette(i);
	for (i = 0; i < sizeof vendor_names / sizeof vendor_names[0]; i++)
		ck_assert_ptr_nonnull(br_vendor_of(vendor_names[i],
						   &fills[n++]));
	br_assign_styles(one, 2, true, "A", st);   /* the grey of others */
	fills[n++] = st[1].color;
	fills[n++] = 0xffff00;                      /* the worst cases */
	fills[n++] = 0x777777;
	for (i = 0; i < n; i++) {
		uint32_t t = br_text_on(fills[i]);
		double c = contrast(t, fills[i]);

		ck_assert(t == 0x000000 || t == 0xffffff);
		ck_assert_msg(c >= 4.5, "text #%06x on #%06x: %.2f:1", t,
			      fills[i], c);
	}
	/* the reported failures: white was 1.45:1 on yellow */
	ck_assert_uint_eq(br_text_on(0xf0e442), 0x000000);
	ck_assert_uint_eq(br_text_on(0x000000), 0xffffff);
}
END_TEST

/* ------------------------------------------- colour vision deficiency */

/* Machado, Oliveira and Fernandes (2009), severity 1.0, on linear sRGB
 * (tests/colours/cvd.py uses the same). */
static const double machado[2][3][3] = {
	{{0.367322, 0.860646, -0.227968},     /* deuteranopia */
	 {0.280085, 0.672501, 0.047413},
	 {-0.011820, 0.042940, 0.968881}},
	{{0.152286, 1.052583, -0.204868},     /* protanopia */
	 {0.114503, 0.786281, 0.099216},
	 {-0.003882, -0.048116, 1.051998}},
};

static double lab_f(double t)
{
	return t > 216.0 / 24389 ? cbrt(t) : t * 841.0 / 108 + 4.0 / 29;
}

/* CIELAB (D65) of colour c as seen through matrix m (NULL: as is). */
static void lab_of(uint32_t c, const double (*m)[3], double lab[3])
{
	double rgb[3], v[3], x, y, z;
	int i, k;

	for (i = 0; i < 3; i++) {
		double s = ((c >> (16 - 8 * i)) & 0xff) / 255.0;

		rgb[i] = s <= 0.04045 ? s / 12.92 : pow((s + 0.055) / 1.055,
							2.4);
	}
	for (i = 0; i < 3; i++) {
		v[i] = rgb[i];
		if (m) {
			v[i] = 0;
			for (k = 0; k < 3; k++)
				v[i] += m[i][k] * rgb[k];
			v[i] = fmin(1, fmax(0, v[i]));
		}
	}
	x = (0.4124564 * v[0] + 0.3575761 * v[1] + 0.1804375 * v[2]) / 0.95047;
	y = 0.2126729 * v[0] + 0.7151522 * v[1] + 0.0721750 * v[2];
	z = (0.0193339 * v[0] + 0.1191920 * v[1] + 0.9503041 * v[2]) / 1.08883;
	lab[0] = 116 * lab_f(y) - 16;
	lab[1] = 500 * (lab_f(x) - lab_f(y));
	lab[2] = 200 * (lab_f(y) - lab_f(z));
}

/*
 * Every two palette colours stay at least 15 apart in CIELAB (1976)
 * for normal vision, deuteranopia and protanopia.  The palette has 26.4,
 * 17.0 and 20.7 (tests/colours/cvd.py; CIEDE2000 21.7, 11.6, 12.2).
 * PTS's first eight colours fail it: 7.3 under protanopia (teal #009688
 * and grey #9e9e9e), and red #f44336 and green #4caf50 are CIEDE2000 6.0
 * apart under deuteranopia.
 */
START_TEST(test_cvd_distinct)
{
	double best = INFINITY;
	size_t v, i, j;

	for (v = 0; v < 3; v++)
		for (i = 0; i < BR_N_PALETTE; i++)
			for (j = 0; j < i; j++) {
				double a[3], b[3], d;

				lab_of(br_palette(i), v ? machado[v - 1] :
				       NULL, a);
				lab_of(br_palette(j), v ? machado[v - 1] :
				       NULL, b);
				d = sqrt((a[0] - b[0]) * (a[0] - b[0]) +
					 (a[1] - b[1]) * (a[1] - b[1]) +
					 (a[2] - b[2]) * (a[2] - b[2]));
				ck_assert_msg(d >= 15, "vision %zu: #%06x and "
					      "#%06x only %.1f apart", v,
					      br_palette(i), br_palette(j), d);
				best = fmin(best, d);
			}
	ck_assert_double_eq_tol(best, 17.0, 0.1);
}
END_TEST

Suite *br_suite_colours(void)
{
	Suite *s = suite_create("colours");
	TCase *tc = tcase_create("colours");

	tcase_add_loop_test(tc, test_whole_words, 0,
			    sizeof words / sizeof words[0]);
	tcase_add_test(tc, test_assign);
	tcase_add_test(tc, test_contrast);
	tcase_add_test(tc, test_cvd_distinct);
	suite_add_tcase(s, tc);
	return s;
}
