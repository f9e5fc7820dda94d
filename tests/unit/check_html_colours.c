/*
 * check_html_colours.c - the built-in HTML report's text colours reach
 * WCAG AA (4.5:1) on every background they are drawn on, in the light
 * scheme, the dark scheme and on paper (doc/templates.md, "The built-in
 * HTML report").  The colours are read from the template's CSS
 * variables, so the test follows the template.
 */
#include <check.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "render/report/template.h"

Suite *br_suite_html_colours(void);

/* WCAG 2 relative luminance of 0xrrggbb. */
static double luminance(unsigned rgb)
{
	double c[3], l = 0;
	static const double w[3] = {0.2126, 0.7152, 0.0722};
	int i;

	for (i = 0; i < 3; i++) {
		double v = ((rgb >> (16 - 8 * i)) & 0xff) / 255.0;

		c[i] = v <= 0.03928 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4);
		l += w[i] * c[i];
	}
	return l;
}

static double contrast(unsigned a, unsigned b)
{
	double x = luminance(a), y = luminance(b);

	return x > y ? (x + 0.05) / (y + 0.05) : (y + 0.05) / (x + 0.05);
}

/* The colour variables a scheme sets. */
#define N_VARS 16
struct scheme {
	char name[N_VARS][24];
	unsigned value[N_VARS];
	int n;
};

static void set_var(struct scheme *s, const char *name, size_t len,
		    unsigned v)
{
	int i;

	ck_assert_uint_lt(len, sizeof s->name[0]);
	for (i = 0; i < s->n; i++)
		if (strlen(s->name[i]) == len && !strncmp(s->name[i], name, len))
			break;
	if (i == s->n) {
		ck_assert_int_lt(s->n, N_VARS);
		memcpy(s->name[i], name, len);
		s->name[i][len] = '\0';
		s->n++;
	}
	s->value[i] = v;
}

static unsigned get_var(const struct scheme *s, const char *name)
{
	int i;

	for (i = 0; i < s->n; i++)
		if (!strcmp(s->name[i], name))
			return s->value[i];
	ck_abort_msg("no CSS variable --%s", name);
	return 0;
}

/* Apply the ":root { ... }" block that follows `after` in css (the first
 * one when after is NULL) to s: "--name: #rrggbb;" (or #rgb)
 * declarations. */
static void read_root(struct scheme *s, const char *css, const char *after)
{
	const char *p = after ? strstr(css, after) : css, *end;

	ck_assert_msg(p != NULL, "no %s in the template", after);
	p = strstr(p, ":root {");
	ck_assert_ptr_nonnull(p);
	end = strchr(p, '}');
	ck_assert_ptr_nonnull(end);
	while ((p = strstr(p, "--")) && p < end) {
		const char *colon = strchr(p, ':');
		unsigned v;
		int a = 0, b = 0;

		ck_assert_ptr_nonnull(colon);
		ck_assert_msg(sscanf(colon + 1, " #%n%6x%n", &a, &v, &b) == 1 &&
			      (b - a == 6 || b - a == 3),
			      "--%.*s is not #rrggbb or #rgb",
			      (int)(colon - p - 2), p + 2);
		if (b - a == 3) /* #rgb: each digit twice */
			v = (v >> 8) * 0x110000 + ((v >> 4) & 0xf) * 0x1100 +
			    (v & 0xf) * 0x11;
		set_var(s, p + 2, (size_t)(colon - p - 2), v);
		p = colon;
	}
}

START_TEST(test_contrast_reference)
{
	/* WCAG's formula against published figures: black on white 21:1,
	 * #767676 on white 4.54:1 (the lightest grey that passes AA) */
	ck_assert_double_eq_tol(contrast(0x000000, 0xffffff), 21.0, 1e-9);
	ck_assert_double_eq_tol(contrast(0x767676, 0xffffff), 4.54, 0.005);
	/* the report's old grey on its shaded rows: 4.1:1, under AA */
	ck_assert_double_lt(contrast(0x757575, 0xf2f2f2), 4.5);
}
END_TEST

START_TEST(test_report_text_colours)
{
	static const char *const texts[] = {"ink", "muted", "blue"};
	static const char *const grounds[] = {"bg", "shade", "best-bg",
					       "worst-bg"};
	static const char *const schemes[] = {NULL,
		"prefers-color-scheme: dark", "@media print"};
	const struct br_embedded *e = br_template_builtin("report.html");
	struct scheme s;
	size_t k, i, j;

	ck_assert_ptr_nonnull(e);
	for (k = 0; k < 3; k++) {
		memset(&s, 0, sizeof s);
		/* dark and print override the light scheme's values */
		read_root(&s, (const char *)e->data, NULL);
		if (schemes[k])
			read_root(&s, (const char *)e->data, schemes[k]);
		for (i = 0; i < 3; i++)
			for (j = 0; j < 4; j++) {
				double c = contrast(get_var(&s, texts[i]),
						    get_var(&s, grounds[j]));

				ck_assert_msg(c >= 4.5, "%s: --%s on --%s "
					      "is %.2f:1", schemes[k] ?
					      schemes[k] : "light", texts[i],
					      grounds[j], c);
			}
		ck_assert_double_ge(contrast(get_var(&s, "head-ink"),
					     get_var(&s, "head")), 4.5);
		ck_assert_double_ge(contrast(get_var(&s, "head-muted"),
					     get_var(&s, "head")), 4.5);
	}
}
END_TEST

Suite *br_suite_html_colours(void)
{
	Suite *s = suite_create("html_colours");
	TCase *tc = tcase_create("core");

	tcase_add_test(tc, test_contrast_reference);
	tcase_add_test(tc, test_report_text_colours);
	suite_add_tcase(s, tc);
	return s;
}
