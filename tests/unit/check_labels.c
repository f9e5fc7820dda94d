/*
 * check_labels.c - the labels of names in charts (render/chart/labels.c):
 * wrapped before shortened, shortened in the middle, never two alike in
 * one chart (issue 14), the full name as an SVG tooltip; and every chart
 * of the real result files and samples drawn without two labels alike.
 */
#include <check.h>
#include <dirent.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/analysis.h"
#include "ingest/ingest.h"
#include "model/model.h"
#include "render/chart/chart.h"
#include "render/paint/render.h"
#include "render/paint/scene.h"
#include "render/text/text.h"
#include "analyse_check.h"
#include "utf8_check.h"

Suite *br_suite_labels(void);

#define ELL "\xe2\x80\xa6"

static const struct br_font name_font = {BR_FONT_FAMILY, 11, true, 0};

static const char *const armv7[3] = {
	"ARMv7 rev 3 - llvmpipe (LLVM 9.0.1 128 bits) - BCM2711 - NVMe",
	"ARMv7 rev 3 - llvmpipe (LLVM 9.0.1 128 bits) - BCM2711 - SD card",
	"ARMv7 rev 3 - llvmpipe (LLVM 9.0.1 128 bits) - BCM2711 - USB SSD",
};

static bool starts(const char *s, const char *prefix)
{
	return !strncmp(s, prefix, strlen(prefix));
}

static bool ends(const char *s, const char *suffix)
{
	size_t a = strlen(s), b = strlen(suffix);

	return a >= b && !strcmp(s + a - b, suffix);
}

static void strip_spaces(char *s)
{
	char *p = s;

	for (; *s; s++)
		if (*s != ' ')
			*p++ = *s;
	*p = '\0';
}

/*
 * Label l of name fits (each line at most max_w, valid UTF-8) and is the
 * name (whole, maybe wrapped: the lines are its text with the spaces
 * at the break dropped) or a prefix + ellipsis + suffix of it (over both
 * lines), with sfx after it (NULL: maybe a number, " (2)").
 */
static void check_label(const char *name, const struct br_label *l,
			double max_w, const char *sfx)
{
	char joined[1024], bare[1024], *e;
	size_t k;

	ck_assert_uint_ge(l->n_lines, 1);
	ck_assert_uint_le(l->n_lines, 2);
	for (k = 0; k < l->n_lines; k++) {
		ck_assert_msg(valid_utf8(l->line[k]), "not UTF-8: %s",
			      l->line[k]);
		ck_assert_msg(br_text_width(name_font.family, name_font.size,
					    true, l->line[k]) <= max_w,
			      "too wide: \"%s\"", l->line[k]);
		ck_assert(*l->line[k] != '\0');
	}
	snprintf(joined, sizeof joined, "%s%s", l->line[0],
		 l->n_lines > 1 ? l->line[1] : "");
	if (!sfx) {   /* any number */
		char *p = strrchr(joined, '(');

		if (p && p > joined && p[-1] == ' ' && ends(p, ")") &&
		    strspn(p + 1, "0123456789") == strlen(p) - 2)
			p[-1] = '\0';
		sfx = "";
	}
	ck_assert_msg(ends(joined, sfx), "\"%s\" lacks \"%s\"", joined, sfx);
	joined[strlen(joined) - strlen(sfx)] = '\0';
	e = strstr(joined, ELL);
	ck_assert_int_eq(l->shortened, e != NULL);
	/* lines are the text without the spaces at the break: compare
	 * without spaces */
	strip_spaces(joined);
	snprintf(bare, sizeof bare, "%s", name);
	strip_spaces(bare);
	if (!e) {
		ck_assert_msg(!strcmp(joined, bare), "\"%s\" is not \"%s\"",
			      joined, name);
		return;
	}
	e = strstr(joined, ELL);
	*e = '\0';
	ck_assert_msg(starts(bare, joined), "\"%s\" does not start \"%s\"",
		      joined, name);
	e += strlen(ELL);
	ck_assert_msg(ends(bare, e), "\"%s\" does not end \"%s\"", e, name);
}

static void visible(const struct br_label *l, char *buf, size_t size)
{
	snprintf(buf, size, "%s\n%s", l->line[0],
		 l->n_lines > 1 ? l->line[1] : "");
}

/* No two labels of n read the same. */
static void check_distinct(const struct br_label *l, size_t n)
{
	char a[1024], b[1024];
	size_t i, j;

	for (i = 0; i < n; i++)
		for (j = i + 1; j < n; j++) {
			visible(&l[i], a, sizeof a);
			visible(&l[j], b, sizeof b);
			ck_assert_msg(strcmp(a, b), "labels %zu and %zu alike: "
				      "%s", i, j, a);
		}
}

START_TEST(test_armv7)
{
	static const double widths[] = {60, 100, 150, 200, 255, 400};
	size_t w, lines, i;

	for (lines = 1; lines <= 2; lines++)
		for (w = 0; w < sizeof widths / sizeof widths[0]; w++) {
			struct br_label *l = br_chart_labels(&name_font,
				armv7, 3, widths[w], lines);

			ck_assert_ptr_nonnull(l);
			for (i = 0; i < 3; i++)
				check_label(armv7[i], &l[i], widths[w], "");
			check_distinct(l, 3);
			br_chart_labels_free(l, 3);
		}
	/* one line of 200 pt: the start and the end that differs */
	{
		struct br_label *l = br_chart_labels(&name_font, armv7, 3,
						     200, 1);

		ck_assert(starts(l[2].line[0], "ARMv7 rev 3 - "));
		ck_assert(ends(l[2].line[0], "USB SSD"));
		ck_assert(ends(l[1].line[0], "SD card"));
		ck_assert(l[0].shortened);
		br_chart_labels_free(l, 3);
	}
	/* two lines of 255 pt (the bar chart's widest name column): whole */
	{
		struct br_label *l = br_chart_labels(&name_font, armv7, 3,
						     255, 2);

		for (i = 0; i < 3; i++) {
			ck_assert(!l[i].shortened);
			ck_assert_uint_eq(l[i].n_lines, 2);
		}
		br_chart_labels_free(l, 3);
	}
}
END_TEST

START_TEST(test_cjk)
{
	static const char *const names[3] = {
		"测试系统一号 - 固态硬盘 - 西部数据黑盘",
		"测试系统一号 - 固态硬盘 - 三星固态硬盘",
		"测试系统一号 - 固态硬盘 - 闪迪存储卡",
	};
	static const double widths[] = {40, 80, 120, 160};
	size_t w, lines, i;

	for (lines = 1; lines <= 2; lines++)
		for (w = 0; w < sizeof widths / sizeof widths[0]; w++) {
			struct br_label *l = br_chart_labels(&name_font,
				names, 3, widths[w], lines);

			ck_assert_ptr_nonnull(l);
			for (i = 0; i < 3; i++)
				check_label(names[i], &l[i], widths[w], "");
			check_distinct(l, 3);
			br_chart_labels_free(l, 3);
		}
}
END_TEST

/* 50 names sharing a 60-character prefix; and names differing only in
 * their middle, which the labels show when there is room. */
START_TEST(test_many_alike)
{
	char buf[50][128];
	const char *names[50];
	size_t i, lines;

	for (i = 0; i < 50; i++) {
		snprintf(buf[i], sizeof buf[i], "Intel Xeon Platinum 8380 "
			 "@ 2.30GHz - 512GB DDR4-3200 - Ubuntu 22.04 %zu",
			 i * 7919 % 1000);
		ck_assert_uint_ge(strlen(buf[i]), 60);
		names[i] = buf[i];
	}
	for (lines = 1; lines <= 2; lines++) {
		struct br_label *l = br_chart_labels(&name_font, names, 50,
						     120, lines);

		ck_assert_ptr_nonnull(l);
		for (i = 0; i < 50; i++)
			check_label(names[i], &l[i], 120, "");
		check_distinct(l, 50);
		br_chart_labels_free(l, 50);
	}
	for (i = 0; i < 6; i++) {
		snprintf(buf[i], sizeof buf[i], "A machine with a long common "
			 "start - disk %zu - and a long common end too", i);
		names[i] = buf[i];
	}
	for (lines = 1; lines <= 2; lines++) {
		struct br_label *l = br_chart_labels(&name_font, names, 6,
						     150, lines);

		/* the difference is too far from both ends to show in
		 * 150 pt: numbered */
		for (i = 0; i < 6; i++)
			check_label(names[i], &l[i], 150, NULL);
		check_distinct(l, 6);
		br_chart_labels_free(l, 6);
	}
	{
		/* room for the start up to the difference */
		struct br_label *l = br_chart_labels(&name_font, names, 6,
						     320, 1);

		for (i = 0; i < 6; i++) {
			check_label(names[i], &l[i], 320, "");
			ck_assert(strstr(l[i].line[0], "disk "));
		}
		check_distinct(l, 6);
		br_chart_labels_free(l, 6);
	}
}
END_TEST

/* Names alike even whole are numbered; the first keeps its label. */
START_TEST(test_numbered)
{
	static const char *const same[3] = {"Same", "Same", "Same"};
	static const char *const tiny[3] = {
		"Wide machine name one", "Wide machine name two",
		"Wide machine name six",
	};
	struct br_label *l = br_chart_labels(&name_font, same, 3, 300, 1);
	size_t i;

	ck_assert_str_eq(l[0].line[0], "Same");
	ck_assert_str_eq(l[1].line[0], "Same (2)");
	ck_assert_str_eq(l[2].line[0], "Same (3)");
	br_chart_labels_free(l, 3);
	/* room for little more than an ellipsis and a number */
	l = br_chart_labels(&name_font, tiny, 3, 40, 1);
	check_distinct(l, 3);
	for (i = 0; i < 3; i++)
		ck_assert(valid_utf8(l[i].line[0]));
	br_chart_labels_free(l, 3);
}
END_TEST

/* Markup in names is text: measured, cut and kept as typed. */
START_TEST(test_markup)
{
	static const char *const names[2] = {
		"<b>&amp; a system named in markup - first</b>",
		"<b>&amp; a system named in markup - second</b>",
	};
	struct br_label *l = br_chart_labels(&name_font, names, 2, 150, 1);
	size_t i;

	for (i = 0; i < 2; i++) {
		check_label(names[i], &l[i], 150, "");
		ck_assert(starts(l[i].line[0], "<b>&amp;"));
	}
	check_distinct(l, 2);
	br_chart_labels_free(l, 2);
}
END_TEST

/* A shortened label's runs carry the name: a <title> in SVG, escaped. */
START_TEST(test_svg_tooltip)
{
	static const char *const names[2] = {
		"<script> & a very long name that is shortened - one",
		"<script> & a very long name that is shortened - two",
	};
	struct br_scene *sc = br_scene_new(300, 100);
	struct br_label *l = br_chart_labels(&name_font, names, 2, 120, 2);
	struct br_paint_opts po;
	struct br_error err;
	char *svg = NULL, *d = NULL;
	size_t len = 0, dlen = 0;
	FILE *fp;

	ck_assert(l[0].shortened);
	br_chart_label_draw(sc, 200, 20, BR_ANCHOR_END, &name_font, &l[0],
			    names[0], 13);
	br_chart_label_draw(sc, 200, 60, BR_ANCHOR_END, &name_font, &l[1],
			    names[1], 13);
	fp = open_memstream(&svg, &len);
	br_paint_opts_defaults(&po);
	br_error_clear(&err);
	ck_assert_int_eq(br_render_scenes(fp, BR_IMAGE_SVG,
					  (struct br_scene *const *)&sc, 1,
					  &po, &err), BR_OK);
	fclose(fp);
	ck_assert_ptr_nonnull(strstr(svg, "<g><title>&lt;script&gt; &amp; a "
				     "very long name that is shortened - "
				     "one</title>\n<text"));
	ck_assert_ptr_null(strstr(svg, "<script>"));
	/* one group per label, its lines inside */
	{
		const char *p = svg;
		int groups = 0;

		while ((p = strstr(p, "<g>")) != NULL) {
			groups++;
			p++;
		}
		ck_assert_int_eq(groups, 2);
	}
	fp = open_memstream(&d, &dlen);
	br_scene_dump(fp, sc);
	fclose(fp);
	ck_assert_ptr_nonnull(strstr(d, " tip \"<script> & a very long"));
	free(d);
	free(svg);
	br_chart_labels_free(l, 2);
	br_scene_free(sc);
}
END_TEST

/* ------------------------------------ every chart of the real files */

/* Which label set a text run belongs to: names are drawn in the head
 * colour (muted for failed rows), 9 to 11 pt; a set is one font and
 * anchor, and for right-aligned names one column. */
static bool label_key(const struct br_prim *p, char *key, size_t size)
{
	uint32_t c = p->fill == BR_C_MUTED ? BR_C_HEAD : p->fill;

	if (p->kind != BR_PRIM_TEXT || c != BR_C_HEAD || p->size < 9 ||
	    p->size > 11 || p->angle != 0 || (p->anchor == BR_ANCHOR_START &&
					      p->x < 7))
		return false;   /* not a name; x 6: the header's lines */
	snprintf(key, size, "%d %.2f %d %.2f", (int)p->anchor, p->size,
		 p->bold, p->anchor == BR_ANCHOR_END ? p->x : 0);
	return true;
}

static size_t labels_seen;   /* by check_scene: that it sees some */

/* In scene sc no two labels of one set read the same (a label's second
 * line: the next run of its set 13 pt below). */
static void check_scene(const struct br_scene *sc, const char *what)
{
	size_t i, j, n = 0;
	char (*keys)[64] = calloc(sc->n_prims + 1, sizeof *keys);
	char **text = calloc(sc->n_prims + 1, sizeof *text);

	ck_assert(keys && text);
	for (i = 0; i < sc->n_prims; i++) {
		const struct br_prim *p = &sc->prims[i];
		char key[64];

		if (!label_key(p, key, sizeof key))
			continue;
		if (n > 0 && !strcmp(keys[n - 1], key) && i > 0 &&
		    sc->prims[i - 1].kind == BR_PRIM_TEXT &&
		    sc->prims[i - 1].x == p->x &&
		    fabs(p->y - sc->prims[i - 1].y - 13) < 0.01) {
			char *t = malloc(strlen(text[n - 1]) + strlen(p->text)
					 + 2);

			sprintf(t, "%s\n%s", text[n - 1], p->text);
			free(text[n - 1]);
			text[n - 1] = t;
			continue;
		}
		strcpy(keys[n], key);
		text[n++] = strdup(p->text);
	}
	labels_seen += n;
	for (i = 0; i < n; i++)
		for (j = i + 1; j < n; j++)
			ck_assert_msg(strcmp(keys[i], keys[j]) ||
				      strcmp(text[i], text[j]), "%s: \"%s\" "
				      "twice", what, text[i]);
	for (i = 0; i < n; i++)
		free(text[i]);
	free(text);
	free(keys);
}

/* Every chart of path as render draws them (auto), at the default width
 * and a narrow one. */
static void check_file(const char *path)
{
	static const double widths[] = {600, 360};
	struct br_resultset *rs = br_resultset_new();
	struct br_selection sel;
	struct br_analysis *a;
	struct br_chart_plan plan;
	struct br_error err;
	size_t j, k, w;

	a = analyse_file(rs, path, BR_AN_COMPARE | BR_AN_POINTS, &sel);
	br_error_clear(&err);
	ck_assert_int_eq(br_chart_plan(a, NULL, &plan, &err), BR_OK);
	for (w = 0; w < sizeof widths / sizeof widths[0]; w++) {
		struct br_chart_opts o;

		br_chart_opts_defaults(&o);
		o.width = widths[w];
		for (j = 0; j < plan.n_jobs; j++) {
			struct br_scene **sc;
			size_t n;
			char what[1024];

			if (br_chart_build(a, &plan.jobs[j], &o, 40, &sc, &n,
					   &err) != BR_OK)
				continue;   /* nothing to draw here */
			for (k = 0; k < n; k++) {
				snprintf(what, sizeof what, "%s, chart %zu "
					 "(%s), %.0f pt", path, j,
					 plan.jobs[j].type->name, o.width);
				check_scene(sc[k], what);
				br_scene_free(sc[k]);
			}
			free(sc);
		}
	}
	br_chart_plan_fini(&plan);
	br_analysis_free(a);
	br_selection_fini(&sel);
	br_resultset_free(rs);
}

START_TEST(test_real_files)
{
	static const char *const dirs[] = {"data/pts-real", "../samples",
					   "data/render"};
	size_t d;

	for (d = 0; d < sizeof dirs / sizeof dirs[0]; d++) {
		struct dirent **list;
		int n = scandir(dirs[d], &list, NULL, alphasort), i;

		ck_assert_int_ge(n, 0);
		for (i = 0; i < n; i++) {
			const char *nm = list[i]->d_name;
			char path[512];

			if ((ends(nm, ".xml") || ends(nm, ".csv") ||
			     ends(nm, ".txt")) && !starts(nm, "."))  {
				snprintf(path, sizeof path, "%s/%s", dirs[d],
					 nm);
				check_file(path);
			}
			free(list[i]);
		}
		free(list);
	}
	ck_assert_uint_gt(labels_seen, 500);
}
END_TEST

/* The scene check takes a bar chart's two-line names as one label each:
 * names alike in their first line pass. */
START_TEST(test_scene_check_finds)
{
	struct br_scene *sc = br_scene_new(600, 100);
	struct br_font f = name_font;

	f.color = BR_C_HEAD;
	br_scene_text(sc, 250, 20, BR_ANCHOR_END, &f, "Same start");
	br_scene_text(sc, 250, 33, BR_ANCHOR_END, &f, "one");
	br_scene_text(sc, 250, 60, BR_ANCHOR_END, &f, "Same start");
	br_scene_text(sc, 250, 73, BR_ANCHOR_END, &f, "two");
	check_scene(sc, "two-line labels");
	br_scene_free(sc);
}
END_TEST

static void teardown(void)
{
	br_text_shutdown();
}

Suite *br_suite_labels(void)
{
	Suite *s = suite_create("labels");
	TCase *tc = tcase_create("labels");

	tcase_add_checked_fixture(tc, NULL, teardown);
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_armv7);
	tcase_add_test(tc, test_cjk);
	tcase_add_test(tc, test_many_alike);
	tcase_add_test(tc, test_numbered);
	tcase_add_test(tc, test_markup);
	tcase_add_test(tc, test_svg_tooltip);
	tcase_add_test(tc, test_scene_check_finds);
	suite_add_tcase(s, tc);

	tc = tcase_create("real");
	tcase_add_checked_fixture(tc, NULL, teardown);
	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, test_real_files);
	suite_add_tcase(s, tc);
	return s;
}
