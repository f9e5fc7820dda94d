/*
 * check_overview.c - the result overview chart
 * (render/chart/chart_overview.c): bars of up to three candidates, dots
 * of more, many candidates, rows without a value, against golden scenes
 * (render_check.h); and the wins chart (render/chart/chart_wins.c) of
 * seed 004's analysis.
 */
#include <check.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "render/chart/chart.h"
#include "render/text/text.h"
#include "render_check.h"
#include "analyse_check.h"

Suite *br_suite_overview(void);

#define CELL(s, l, h, np) {s, l, h, np}
static const char *const ov_tests[8] = {
	"Dbench - Client Count: 1", "Dbench - Client Count: 6",
	"IOzone - Record Size: 4Kb - File Size: 512MB - Disk Test: Read "
	"Performance",
	"IOzone - Record Size: 4Kb - File Size: 512MB - Disk Test: Write "
	"Performance",
	"PostMark - Disk Transaction Performance", "BlogBench - Test: Read",
	"BlogBench - Test: Write", "SQLite - Timed SQLite Insertions",
};

/* Speedups of seed 004 against FreeBSD iX ZoL (from compare), with a
 * missing result and a not-proven one. */
static const struct br_speedup ov_cells[8][2] = {
	{CELL(1.909, 1.905, 1.913, false), CELL(0.763, 0.762, 0.764, false)},
	{CELL(1.158, 1.150, 1.166, false), CELL(0.738, 0.733, 0.743, false)},
	{CELL(0.687, 0.680, 0.694, false), CELL(0.996, 0.985, 1.007, true)},
	{CELL(0.953, 0.940, 0.966, false), CELL(0.058, 0.057, 0.059, false)},
	{CELL(0.984, 0.960, 1.010, true), CELL(0.541, 0.530, 0.552, false)},
	{CELL(1.004, 0.990, 1.018, true), CELL(0.298, 0.290, 0.306, false)},
	{CELL(1.286, 1.100, 1.510, false), CELL(NAN, NAN, NAN, false)},
	{CELL(1.620, 1.520, 1.730, false), CELL(1.510, 1.420, 1.600, false)},
};
static const struct br_speedup ov_gm[5] = {
	CELL(1.035, 0.972, 1.103, true), CELL(0.527, 0.479, 0.579, false),
	CELL(1.695, 1.516, 1.895, false), CELL(1.059, 1.022, 1.098, false),
	CELL(0.839, 0.791, 0.891, false),
};

static struct br_scene *overview(size_t nc, const struct br_speedup
				 *cells, size_t nt)
{
	static const char *const names[5] = {
		"FreeBSD ZFS", "Debian Stretch ZoL", "FreeBSD UFS",
		"Ubuntu 18.04 EXT4", "Ubuntu 18.04 ZoL",
	};
	static const size_t slots[5] = {1, 5, 2, 3, 4};
	static const size_t gm_k[5] = {8, 7, 8, 8, 8};
	struct br_style styles[5];
	struct br_overview_input oi;
	struct br_chart_opts o;
	struct br_scene *sc = NULL;
	struct br_error err;
	size_t i;

	memset(&oi, 0, sizeof oi);
	oi.title = "Result Overview";
	oi.subtitle = "FreeBSD 12.0 ZFS vs. ZoL Benchmarks";
	oi.baseline = "FreeBSD iX ZoL";
	oi.systems = names;
	for (i = 0; i < 5; i++)
		styles[i] = br_series_style(slots[i]);
	oi.styles = styles;
	oi.n_systems = nc;
	oi.tests = ov_tests;
	oi.n_tests = nt;
	oi.cells = cells;
	oi.gm = ov_gm;
	oi.gm_k = gm_k;
	oi.confidence = 0.95;
	br_chart_opts_defaults(&o);
	br_error_clear(&err);
	ck_assert_int_eq(br_chart_overview(&oi, &o, &sc, &err), BR_OK);
	return sc;
}

/* Issue 14: twelve candidates (more than the palette's eight: shapes
 * too), several with the same speedup in one row, and a row where every
 * candidate failed.  Made-up speedups: the layout is what is tested.
 * Looked at as PNG: each dot visible, smaller markers, the failed row
 * says "failed", no "Whiskers" for dots (the geometric means are drawn
 * without intervals here). */
START_TEST(test_overview_many)
{
	enum { NC = 12, NT = 4 };
	static const char *const names[NC] = {
		"sys-a", "sys-b", "sys-c", "sys-d", "sys-e", "sys-f",
		"sys-g", "sys-h", "sys-i", "sys-j", "sys-k", "sys-l",
	};
	static const char *const tests[NT] = {
		"IOzone - Record Size: 4Kb - File Size: 512MB - Disk Test: "
		"Read Performance",
		"IOzone - Record Size: 4Kb - File Size: 2GB - Disk Test: "
		"Read Performance",
		"Equal speedups", "Every candidate failed",
	};
	struct br_speedup cells[NC * NT], gm[NC];
	const char *why[NC * NT];
	struct br_style styles[NC];
	struct br_overview_input oi;
	struct br_chart_opts o;
	struct br_scene *sc = NULL;
	struct br_error err;
	size_t i, k;
	char *d;

	for (i = 0; i < NT; i++)
		for (k = 0; k < NC; k++) {
			struct br_speedup *c = &cells[i * NC + k];

			c->s = i == 2 ? 1.25 : 0.8 + 0.05 * (double)k + 0.1 *
			       (double)i;
			c->lo = c->hi = NAN;
			c->not_proven = false;
			why[i * NC + k] = NULL;
			if (i == 3) {
				c->s = NAN;
				why[i * NC + k] = "failed";
			}
		}
	for (k = 0; k < NC; k++) {
		styles[k] = br_series_style(k + 1);
		gm[k].s = 0.9 + 0.03 * (double)k;
		gm[k].lo = gm[k].hi = NAN;
		gm[k].not_proven = false;
	}
	memset(&oi, 0, sizeof oi);
	oi.title = "Result Overview";
	oi.baseline = "base";
	oi.systems = names;
	oi.styles = styles;
	oi.n_systems = NC;
	oi.tests = tests;
	oi.n_tests = NT;
	oi.cells = cells;
	oi.why = why;
	oi.gm = gm;
	oi.confidence = 0.95;
	br_chart_opts_defaults(&o);
	br_error_clear(&err);
	ck_assert_int_eq(br_chart_overview(&oi, &o, &sc, &err), BR_OK);
	d = dump(sc);
	ck_assert_ptr_nonnull(strstr(d, "\"failed\""));
	ck_assert_ptr_null(strstr(d, "Whiskers"));
	ck_assert_ptr_nonnull(strstr(d, "512MB"));
	ck_assert_ptr_nonnull(strstr(d, "2GB"));
	free(d);
	golden("overview-many", sc);
	br_scene_free(sc);
}
END_TEST

START_TEST(test_overview_bars)
{
	struct br_scene *sc = overview(2, &ov_cells[0][0], 8);
	char *d = dump(sc);

	/* values beside the bars, the geometric means with 3 decimals,
	 * powers-of-two ticks, the rows' names cut in the middle */
	ck_assert_ptr_nonnull(strstr(d, "\"1.91x\""));
	ck_assert_ptr_nonnull(strstr(d, "\"0.527x\""));
	ck_assert_ptr_nonnull(strstr(d, "\"1/2x\""));
	ck_assert_ptr_nonnull(strstr(d, "\"2x\""));
	ck_assert_ptr_nonnull(strstr(d, "Disk Test: Write Performance\""));
	ck_assert_ptr_nonnull(strstr(d, "\"no result\""));
	ck_assert_ptr_nonnull(strstr(d, "Relative performance vs. FreeBSD "
				     "iX ZoL, More Is Better"));
	ck_assert_ptr_nonnull(strstr(d, "pale: the interval includes 1"));
	ck_assert_ptr_nonnull(strstr(d, "(7 to 8)"));
	free(d);
	golden("overview-bars", sc);
	br_scene_free(sc);
}
END_TEST

START_TEST(test_overview_dots)
{
	struct br_speedup cells[8 * 5];
	struct br_scene *sc;
	size_t i, k;
	char *d;

	/* five candidates: dots; made-up spread around the pair above */
	for (i = 0; i < 8; i++)
		for (k = 0; k < 5; k++) {
			const struct br_speedup *c = &ov_cells[i][k % 2];

			cells[i * 5 + k] = *c;
			cells[i * 5 + k].s = c->s * (1 + 0.35 * (double)k);
		}
	sc = overview(5, cells, 8);
	d = dump(sc);
	ck_assert_ptr_nonnull(strstr(d, "circle"));
	ck_assert_ptr_nonnull(strstr(d, "\"Ubuntu 18.04 ZoL\""));
	ck_assert_ptr_nonnull(strstr(d, "\"Geometric mean\""));
	free(d);
	golden("overview-dots", sc);
	br_scene_free(sc);

	/* nothing to compare */
	{
		struct br_overview_input oi;
		struct br_chart_opts o;
		struct br_error err;

		memset(&oi, 0, sizeof oi);
		br_chart_opts_defaults(&o);
		br_error_clear(&err);
		sc = NULL;
		ck_assert_int_eq(br_chart_overview(&oi, &o, &sc, &err),
				 BR_EDATA);
		ck_assert_ptr_null(sc);
	}
}
END_TEST

/* Wins, losses and ties of seed 004 (doc/statistics.md, "Wins and
 * losses"): the counts and places the analysis makes, and the chart of
 * them against its reviewed scene; refused where nothing is proven. */
START_TEST(test_wins_chart)
{
	static const size_t first[] = {0, 0, 3, 1, 0, 1};
	static const size_t last[] = {0, 0, 0, 3, 1, 2};
	static const size_t tied[] = {8, 8, 4, 4, 7, 5};
	struct br_resultset *rs = br_resultset_new();
	struct br_selection sel;
	struct br_analysis *a = analyse_file(rs,
		"../samples/seed-004-freebsd-zfs-zol.csv", BR_AN_RANKS, &sel);
	const struct br_chart_type *t = br_chart_find("wins", true);
	struct br_chart_opts o;
	struct br_scene *sc = NULL;
	struct br_error err;
	size_t j;
	char why[256];

	ck_assert_ptr_nonnull(t);
	ck_assert(a->wins.ok);
	ck_assert_uint_eq(a->wins.n_tests, 8);
	for (j = 0; j < 6; j++) {
		ck_assert_uint_eq(a->wins.wins[j], first[j]);
		ck_assert_uint_eq(a->wins.losses[j], last[j]);
		ck_assert_uint_eq(a->wins.ties[j], tied[j]);
	}
	/* SQLite (the last test): Debian Stretch ZoL proven first, FreeBSD
	 * UFS without a result has no place */
	ck_assert_int_eq(br_wins_place(a, 7, 5), BR_PLACE_FIRST);
	ck_assert_int_eq(br_wins_place(a, 7, 2), BR_PLACE_NONE);
	ck_assert_str_eq(br_place_name(BR_PLACE_LAST), "last");
	ck_assert(t->fits(a, 0, why, sizeof why));
	br_chart_opts_defaults(&o);
	br_error_clear(&err);
	ck_assert_int_eq(t->layout(a, 0, &o, &sc, &err), BR_OK);
	golden("wins-seed-004", sc);
	br_scene_free(sc);
	br_analysis_free(a);
	br_selection_fini(&sel);
	br_resultset_free(rs);
	/* one system: nothing to count */
	rs = br_resultset_new();
	a = analyse_file(rs, "data/pts-real/ucd-schbench-8.0.1.xml",
			 BR_AN_RANKS, &sel);
	ck_assert(!a->wins.ok);
	ck_assert(!t->fits(a, 0, why, sizeof why));
	ck_assert(strstr(why, "first or last place proven") != NULL);
	br_analysis_free(a);
	br_selection_fini(&sel);
	br_resultset_free(rs);
}
END_TEST

static void teardown(void)
{
	br_text_shutdown();
}

Suite *br_suite_overview(void)
{
	Suite *s = suite_create("overview");
	TCase *tc = tcase_create("overview");

	tcase_add_checked_fixture(tc, NULL, teardown);
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_overview_bars);
	tcase_add_test(tc, test_overview_dots);
	tcase_add_test(tc, test_overview_many);
	tcase_add_test(tc, test_wins_chart);
	suite_add_tcase(s, tc);
	return s;
}
