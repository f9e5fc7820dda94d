/*
 * check_grouped.c - grouped bar charts (a group of bars per test, or per
 * "A: B" multi-way name): their scenes against golden dumps in
 * tests/data/render/, rows that never read alike, and colours shared
 * between charts.  BR_RENDER_ACCEPT=1 and BR_RENDER_OUT=DIR as in
 * check_render.c.
 */
#include <check.h>
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
#include "stats/stats.h"
#include "analyse_check.h"
#include "render_check.h"
#include "scene_props.h"
#include "utf8_check.h"

Suite *br_suite_grouped(void);

/* Seed 003: the mail's TPC-H load phases (m:ss as seconds) x systems. */
static const char *const tpch_systems[4] = {
	"UFS", "ZFS (default)", "ZFS+comp", "ZFS+nochksum",
};
static const struct {
	const char *phase;
	const char *secs[4];
} tpch[6] = {
	{"db creation", {"38", "42", "18", "40"}},
	{"catalog", {"379", "725", "715", "724"}},
	{"ts creation", {"13", "14", "4", "16"}},
	{"data load", {"529", "1580", "1539", "1579"}},
	{"index creation", {"48", "38", "31", "36"}},
	{"key creation", {"115", "91", "78", "85"}},
};

START_TEST(test_grouped_tpch)
{
	const struct br_chart_type *tests_type = br_chart_find("grouped",
								true);
	struct br_resultset *rs = br_resultset_new();
	struct br_chart_opts o;
	struct br_scene *sc = NULL;
	struct br_error err;
	struct analysed an;
	size_t g, k;
	char *d;

	for (g = 0; g < 6; g++) {
		struct fixture_entry fe[4];
		struct br_test *t;

		for (k = 0; k < 4; k++) {
			fe[k].system = tpch_systems[k];
			fe[k].value = tpch[g].secs[k];
			fe[k].se = 0;
			fe[k].n = 1;
			fe[k].error = NULL;
		}
		/* the phase as description too: tests are keyed by it;
		 * then none, as the table reader reads them */
		t = make_test(rs, tpch[g].phase, "", tpch[g].phase, "Seconds",
			      "LIB", fe, 4);
		t->description = "";
		t->table_row = true;
	}
	rs->title = "TPC-H 1 GB load phases, UFS vs. ZFS (Solaris snv_37, "
		    "preliminary)";
	analyse(rs, &an, BR_AN_COMPARE);
	br_chart_opts_defaults(&o);
	br_error_clear(&err);
	ck_assert(tests_type->fits(an.a, SIZE_MAX, NULL, 0));
	ck_assert(tests_type->auto_pick(an.a, SIZE_MAX));
	ck_assert_int_eq(tests_type->layout(an.a, SIZE_MAX, &o, &sc,
						    &err), BR_OK);
	d = dump(sc);
	/* the caption, the legend, a value in and one after a bar */
	ck_assert_ptr_nonnull(strstr(d, "\"Seconds, Fewer Is Better\""));
	ck_assert_ptr_nonnull(strstr(d, "\"ZFS+nochksum\""));
	ck_assert_ptr_nonnull(strstr(d, "\"1580\""));
	ck_assert_ptr_nonnull(strstr(d, "\"4\""));
	ck_assert_ptr_nonnull(strstr(d, "\"data load\""));
	/* single runs: no whiskers, so no whisker statement */
	ck_assert_ptr_null(strstr(d, "Whiskers"));
	free(d);
	golden("grouped-tpch", sc);
	br_scene_free(sc);
	done(&an);

	/* nothing to draw: every entry failed */
	for (g = 0; g < rs->n_tests; g++)
		for (k = 0; k < rs->tests[g]->n_entries; k++)
			rs->tests[g]->entries[k].error = "crashed";
	analyse(rs, &an, BR_AN_COMPARE);
	ck_assert_int_eq(tests_type->layout(an.a, SIZE_MAX, &o, &sc,
						    &err), BR_EDATA);
	ck_assert_ptr_null(sc);
	done(&an);
	br_resultset_free(rs);
}
END_TEST

/*
 * Issue 21, defect 3: schbench's 42 results in one grouped chart at
 * 400 pt.  Every row is "Schbench" over "Message Threads: N - Workers
 * Per Message Thread: M"; cut at its end, seven rows read "Message
 * Threads: 32 - Worke...".  Shortened in the middle, each note keeps
 * both numbers, and no two read the same.  Looked at as PNG.
 */
START_TEST(test_grouped_distinct_notes)
{
	const struct br_chart_type *tests_type = br_chart_find("grouped",
								true);
	struct br_resultset *rs = br_resultset_new();
	struct br_ingest_opts io;
	struct br_chart_opts o;
	struct br_scene *sc = NULL;
	struct br_error err;
	struct analysed an;
	const char *notes[64];
	size_t n = 0, k, j;

	br_error_clear(&err);
	br_ingest_opts_defaults(&io);
	ck_assert_int_eq(br_ingest_path(rs, "data/pts-real/ucd-schbench-"
					"8.0.1.xml", &io, &err), BR_OK);
	analyse(rs, &an, BR_AN_COMPARE);
	br_chart_opts_defaults(&o);
	o.width = 400;
	ck_assert_int_eq(tests_type->layout(an.a, SIZE_MAX, &o, &sc, &err),
			 BR_OK);
	for (k = 0; k < sc->n_prims; k++) {
		const struct br_prim *p = &sc->prims[k];

		if (p->kind == BR_PRIM_TEXT && p->anchor == BR_ANCHOR_END &&
		    p->size == 8 && p->x < sc->axis_x) {
			ck_assert_uint_lt(n, 64);
			notes[n++] = p->text;
			ck_assert_msg(strstr(p->text, "Thread: ") != NULL,
				      "\"%s\" lost the workers", p->text);
		}
	}
	ck_assert_uint_eq(n, 42);
	for (k = 0; k < n; k++)
		for (j = k + 1; j < n; j++)
			ck_assert_msg(strcmp(notes[k], notes[j]), "rows %zu "
				      "and %zu both read \"%s\"", k + 1, j + 1,
				      notes[k]);
	golden("grouped-schbench-400", sc);
	br_scene_free(sc);
	done(&an);
	br_resultset_free(rs);
}
END_TEST

/* Issue 14: the TPC-H mail's table as read (samples/), values written
 * as m:ss: labels and the axis in m:ss ("26:20" on 5-minute ticks);
 * issue 21, defect 9: values under 2 minutes too, in the chart's one
 * notation ("1:55", not "115" beside "6:19").  Looked at as PNG. */
START_TEST(test_grouped_tpch_durations)
{
	const struct br_chart_type *tests_type = br_chart_find("grouped",
								true);
	struct br_resultset *rs = br_resultset_new();
	struct br_selection sel;
	struct br_analysis *a;
	struct br_chart_opts o;
	struct br_scene *sc = NULL;
	struct br_error err;
	char *d;

	a = analyse_file(rs, "../samples/seed-003-tpch-ufs-zfs.txt",
			 BR_AN_COMPARE | BR_AN_LEAN, &sel);
	br_chart_opts_defaults(&o);
	br_error_clear(&err);
	ck_assert_int_eq(tests_type->layout(a, SIZE_MAX, &o, &sc, &err),
			 BR_OK);
	d = dump(sc);
	ck_assert_ptr_nonnull(strstr(d, "\"26:20\""));
	ck_assert_ptr_nonnull(strstr(d, "\"6:19\""));
	ck_assert_ptr_nonnull(strstr(d, "\"1:55\""));  /* under 2 minutes */
	ck_assert_ptr_null(strstr(d, "\"115\""));
	ck_assert_ptr_nonnull(strstr(d, "\"25:00\""));
	ck_assert_ptr_null(strstr(d, "\"1580\""));
	free(d);
	golden("grouped-tpch-durations", sc);
	br_scene_free(sc);
	br_analysis_free(a);
	br_selection_fini(&sel);
	br_resultset_free(rs);
}
END_TEST

/* Issue 14: past the palette's 8 series colours repeat, so each bar
 * and legend entry carries its series' marker (circles, then squares).
 * Made-up values, SE 2 and N 3 each.  Looked at as PNG. */
START_TEST(test_grouped_many_series)
{
	enum { NS = 10 };
	static const char *const series[NS] = {
		"s1", "s2", "s3", "s4", "s5", "s6", "s7", "s8", "s9", "s10",
	};
	static const char *const groups[1] = {"Group"};
	struct br_cell cells[NS];
	const struct br_cell *cp[NS];
	struct br_grouped_input gi;
	struct br_test head;
	struct br_chart_opts o;
	struct br_scene *sc = NULL;
	struct br_error err;
	int dec[1] = {0};
	size_t s, n_square = 0, n_circle = 0;

	memset(cells, 0, sizeof cells);
	for (s = 0; s < NS; s++) {
		cells[s].kind = BR_CELL_VALUE;
		cells[s].sum.n = 3;
		cells[s].sum.mean = cells[s].shown = 50 + 10 * (double)s;
		cells[s].sum.se = 2;
		cells[s].sum.ci_low = cells[s].sum.mean - 8.6;
		cells[s].sum.ci_high = cells[s].sum.mean + 8.6;
		cells[s].drawn = cells[s].sum;
		cp[s] = &cells[s];
	}
	memset(&head, 0, sizeof head);
	head.title = "Many series";
	head.unit.text = "MB/s";
	head.dir = BR_DIR_HIB;
	memset(&gi, 0, sizeof gi);
	gi.head = &head;
	gi.groups = groups;
	gi.n_groups = 1;
	gi.series = series;
	gi.n_series = NS;
	gi.cells = cp;
	gi.decimals = dec;
	gi.confidence = 0.95;
	br_chart_opts_defaults(&o);
	br_error_clear(&err);
	ck_assert_int_eq(br_chart_grouped(&gi, &o, &sc, &err), BR_OK);
	/* legend and bars: 8 circles then 2 squares, twice (squares are
	 * rects of their own size; circles are circles) */
	for (s = 0; s < sc->n_prims; s++) {
		const struct br_prim *p = &sc->prims[s];

		n_circle += p->kind == BR_PRIM_CIRCLE;
		n_square += p->kind == BR_PRIM_RECT && p->w < 8.5 &&
			    p->w == p->h;
	}
	ck_assert_uint_eq(n_circle, 2 * 8);
	ck_assert_uint_eq(n_square, 2 * 2);
	golden("grouped-many-series", sc);
	br_scene_free(sc);
}
END_TEST

/* PTS multi-way: "Kernel X: GCC Y" grouped by kernel, legend of GCCs,
 * SE whiskers, a missing cell and a negative value. */
START_TEST(test_grouped_multiway)
{
	static const struct fixture_entry fe[] = {
		{"Kernel 5.4: GCC 9", "103.72", 1.1, 3, NULL},
		{"Kernel 5.4: GCC 10", "112.51", 1.4, 3, NULL},
		{"Kernel 5.4: Clang 10", "-8.25", 0.5, 3, NULL},
		{"Kernel 5.5: GCC 9", "103.27", 1.9, 3, NULL},
		{"Kernel 5.5: GCC 10", "99.88", 0.8, 3, NULL},
		{"Kernel 5.6 with a long name that wraps: GCC 9", "107.95",
		 1.6, 3, NULL},
		{"Kernel 5.6 with a long name that wraps: Clang 10", "116.7",
		 0.9, 5, NULL},
	};
	const struct br_chart_type *tests_type = br_chart_find("grouped",
								true);
	const struct br_chart_type *multiway_type = br_chart_find("grouped",
								  false);
	struct br_resultset *rs = br_resultset_new();
	struct br_chart_opts o;
	struct br_scene *sc = NULL;
	struct br_error err;
	struct analysed an;
	char *d;

	make_test(rs, "Dbench", "4.0", "Client Count: 1", "MB/s", "HIB", fe,
		  7);
	analyse(rs, &an, 0);
	ck_assert(an.a->multiway);
	/* one chart per test, never the whole selection's */
	ck_assert(!tests_type->fits(an.a, SIZE_MAX, NULL, 0));
	ck_assert(multiway_type->fits(an.a, 0, NULL, 0));
	br_chart_opts_defaults(&o);
	br_error_clear(&err);
	ck_assert_int_eq(multiway_type->layout(an.a, 0, &o, &sc,
						       &err), BR_OK);
	d = dump(sc);
	ck_assert_ptr_nonnull(strstr(d, "\"no result\""));
	ck_assert_ptr_nonnull(strstr(d, "\"-8.25\""));
	ck_assert_ptr_nonnull(strstr(d, "Whiskers: +/- 1 SE"));
	/* the bar chart's whiskers (br_chart_whisker_draw): halo, line */
	ck_assert_ptr_nonnull(strstr(d, "#ffffff 3.00"));
	ck_assert_ptr_nonnull(strstr(d, "#231f20 1.00"));
	free(d);
	golden("grouped-multiway", sc);
	br_scene_free(sc);
	done(&an);
	br_resultset_free(rs);
}
END_TEST

/* ------------------------------------------------- colours shared */

/* The fill of the rectangle right before the first text run that
 * reads text (a legend's), or with after, of the first rectangle after
 * the last one (a bar beside its name); BR_NONE when there is none. */
static uint32_t fill_by(const struct br_scene *sc, const char *text,
			bool after)
{
	size_t i, k, at = SIZE_MAX;

	for (i = 0; i < sc->n_prims; i++) {
		if (sc->prims[i].kind != BR_PRIM_TEXT ||
		    strcmp(sc->prims[i].text, text))
			continue;
		if (!after)
			return i > 0 && sc->prims[i - 1].kind == BR_PRIM_RECT ?
			       sc->prims[i - 1].fill : BR_NONE;
		at = i;
	}
	for (k = at + 1; at != SIZE_MAX && k < sc->n_prims; k++)
		if (sc->prims[k].kind == BR_PRIM_RECT)
			return sc->prims[k].fill;
	return BR_NONE;
}

/* Issue 14: a system has one colour in every chart (bars and the
 * overview's legend and bars), a vendor's only when its name says so
 * in whole words, and a value in a bar is black or white to be read. */
START_TEST(test_colours_shared)
{
	static const char *const names[4] = {
		"AMD Ryzen 9 7950X", "Intel Core i9-13900K", "Debian 12 amd64",
		"Arch Linux",
	};
	static const char *const vals[3][4] = {
		{"100.5", "120.25", "97.75", "88.5"},
		{"51.5", "49.25", "60.75", "55.5"},
		{"7.75", "8.5", "6.25", "9.25"},
	};
	const struct br_chart_type *ov = br_chart_find("overview", true);
	struct br_resultset *rs = br_resultset_new();
	struct br_scene *bar = NULL, **pages = NULL;
	struct br_style *styles;
	struct br_chart_opts o;
	struct br_error err;
	struct analysed an;
	uint32_t amd, intel;
	size_t n_pages = 0, i, k;

	for (k = 0; k < 3; k++) {
		struct fixture_entry fe[4];
		char title[16];

		for (i = 0; i < 4; i++) {
			fe[i].system = names[i];
			fe[i].value = vals[k][i];
			fe[i].se = 0.05;
			fe[i].n = 3;
			fe[i].error = NULL;
		}
		snprintf(title, sizeof title, "Test %zu", k + 1);
		make_test(rs, title, "1.0", title, "Ops/s", "HIB", fe, 4);
	}
	rs->title = "Four systems";
	analyse(rs, &an, BR_AN_COMPARE);
	br_chart_opts_defaults(&o);
	br_error_clear(&err);
	ck_assert_int_eq(br_chart_bar(an.a, 0, &o, &bar, &err), BR_OK);
	ck_assert(ov->fits(an.a, SIZE_MAX, NULL, 0));
	ck_assert_int_eq(ov->pages(an.a, SIZE_MAX, &o, 0, &pages, &n_pages,
				   &err), BR_OK);
	ck_assert_uint_eq(n_pages, 1);
	styles = br_system_styles(an.a, &o);
	ck_assert_ptr_nonnull(styles);
	ck_assert_ptr_nonnull(br_vendor_of("AMD", &amd));
	ck_assert_ptr_nonnull(br_vendor_of("Intel", &intel));
	ck_assert_uint_eq(styles[0].color, amd);
	ck_assert_uint_eq(styles[1].color, intel);
	for (i = 0; i < 4; i++) {
		uint32_t c = fill_by(bar, names[i], true);

		ck_assert_msg(c == styles[i].color, "%s: bar #%06x, its "
			      "colour #%06x", names[i], c, styles[i].color);
		for (k = 0; k < i; k++)
			ck_assert_uint_ne(styles[i].color, styles[k].color);
		if (i == an.a->base)
			continue;
		/* the overview: legend square, geometric mean's bar */
		ck_assert_uint_eq(fill_by(pages[0], names[i], false), c);
		ck_assert_uint_eq(fill_by(pages[0], names[i], true), c);
	}
	ck_assert_uint_ne(styles[2].color, amd);     /* amd64 */
	ck_assert_uint_ne(styles[3].color, intel);   /* Arch */
	/* "100.50" sits in AMD's vermillion bar: black reads there */
	for (i = 0; i < bar->n_prims; i++)
		if (bar->prims[i].kind == BR_PRIM_TEXT &&
		    !strcmp(bar->prims[i].text, "100.50"))
			ck_assert_uint_eq(bar->prims[i].fill,
					  br_text_on(amd));
	golden("colours-bar", bar);
	golden("colours-overview", pages[0]);
	free(styles);
	br_scene_free(bar);
	br_scene_free(pages[0]);
	free(pages);
	done(&an);
	br_resultset_free(rs);
}
END_TEST

/* ------------------------------------------------------- backends */

static void teardown(void)
{
	br_text_shutdown();
}

Suite *br_suite_grouped(void)
{
	Suite *s = suite_create("grouped");
	TCase *tc = tcase_create("grouped");

	tcase_add_checked_fixture(tc, NULL, teardown);
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_grouped_tpch);
	tcase_add_test(tc, test_grouped_tpch_durations);
	tcase_add_test(tc, test_grouped_many_series);
	tcase_add_test(tc, test_grouped_multiway);
	tcase_add_test(tc, test_grouped_distinct_notes);
	tcase_add_test(tc, test_colours_shared);
	suite_add_tcase(s, tc);
	return s;
}
