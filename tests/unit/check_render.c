/*
 * check_render.c - charts: the bar chart's scene against
 * golden dumps, SVG well-formedness and texts, PNG size and content.
 *
 * Golden scenes live in tests/data/render/NAME.scene.  BR_RENDER_ACCEPT=1
 * rewrites them (only after looking at the PNGs: BR_RENDER_OUT=DIR
 * writes .png/.svg/.pdf/.scene of every case into DIR).
 */
#include <cairo.h>
#include <check.h>
#include <libxml/parser.h>
#include <libxml/tree.h>
#include <float.h>
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

Suite *br_suite_render(void);

/*
 * fontconfig keeps its configuration (a few hundred bytes) until
 * FcFini(), which only a program that owns fontconfig may call; tell
 * LeakSanitizer (sanitizer builds) that this is not our leak.
 */
const char *__lsan_default_suppressions(void);
const char *__lsan_default_suppressions(void)
{
	return "leak:libfontconfig.so\n";
}

/* The bar chart's tick font (the axis tests are in check_axis.c). */
static const struct br_font tick_font = {BR_FONT_FAMILY, 10, false, 0};


static const struct fixture_entry dbench[] = {
	{"FreeBSD iX ZoL", "132.00", 0.09, 3, NULL},
	{"FreeBSD ZFS", "252.00", 0.15, 3, NULL},
	{"FreeBSD UFS", "845.00", 0.70, 3, NULL},
	{"Ubuntu 18.04 EXT4", "60.99", 0.83, 9, NULL},
	{"Ubuntu 18.04 ZoL", "100.66", 0.07, 3, NULL},
	{"Debian Stretch ZoL", "207.58", 1.58, 3, NULL},
};

static const struct fixture_entry mixed[] = {
	{"Baseline", "12.5", 0.4, 5, NULL},
	{"A system with a very long name that cannot possibly fit on the "
	 "left", "-3.25", 0.9, 3, NULL},
	{"Crashed run", NULL, 0, 0, "The test quit with a non-zero exit "
	 "status."},
	{"Tuned - Intel Xeon", "27.75", 1.2, 3, NULL},
	{"Single", "8", 0, 1, NULL},
};


START_TEST(test_bar_dbench)
{
	struct br_resultset *rs = br_resultset_new();
	struct br_test *t = make_test(rs, "Dbench", "4.0", "Client Count: 1",
				      "MB/s", "HIB", dbench, 6);
	struct br_chart_opts o;
	struct br_scene *sc;

	br_chart_opts_defaults(&o);
	sc = chart(rs, t, &o);
	/* PTS geometry: 600 wide, 6 rows of 46 from a plot top of 64 */
	ck_assert_double_eq(sc->width, 600);
	ck_assert_double_eq(sc->height, 64 + 6 * 46 + 39);
	golden("bar-dbench", sc);
	br_scene_free(sc);
	br_resultset_free(rs);
}
END_TEST

/* Issue 21, defect 1: at 360 pt the labels beyond their bars were moved
 * past grid line after grid line (132.00, 100.66 and 207.58 at about
 * 800); each now sits 6 pt past its bar or whisker, the grid knocked
 * out behind it. */
START_TEST(test_bar_label_near)
{
	struct br_resultset *rs = br_resultset_new();
	struct br_test *t = make_test(rs, "Dbench", "4.0", "Client Count: 1",
				      "MB/s", "HIB", dbench, 6);
	struct br_chart_opts o;
	struct br_scene *sc;
	char msg[256];

	br_chart_opts_defaults(&o);
	o.width = 360;
	sc = chart(rs, t, &o);
	ck_assert_msg(props_near(sc, msg, sizeof msg) == NULL, "%s", msg);
	golden("bar-label-near-360", sc);
	br_scene_free(sc);
	br_resultset_free(rs);
}
END_TEST

/* Issue 21, defect 10: at 300 pt (the least) no text leaves the canvas,
 * the footnote wraps instead of being cut. */
START_TEST(test_bar_narrow)
{
	struct br_resultset *rs = br_resultset_new();
	struct br_test *t = make_test(rs, "Frobnicator Benchmark Suite With "
				      "An Unusually Long Title", "2.1.0",
				      "Mode: Extreme - Threads: 64", "Seconds",
				      "LIB", mixed, 5);
	struct br_chart_opts o;
	struct br_scene *sc;
	char msg[256];

	br_chart_opts_defaults(&o);
	o.width = 300;
	sc = chart(rs, t, &o);
	ck_assert_msg(props_check(sc, true, msg, sizeof msg) == NULL, "%s",
		      msg);
	golden("bar-narrow-300", sc);
	br_scene_free(sc);
	br_resultset_free(rs);
}
END_TEST

/* Values of 12 and 6 digits: SI-prefixed and grouped labels, SEs in
 * their value's style, round ticks of one prefix. */
static const struct fixture_entry huge[] = {
	{"Trillions", "1378135000000.00", 7209005579.76, 5, NULL},
	{"Billions", "912345678901.50", 1234567.5, 5, NULL},
	{"Millions", "1378135", 6586.79, 9, NULL},
};

/* Values below 0.001: significant digits, never "0.00". */
static const struct fixture_entry tiny[] = {
	{"Fast", "0.000123", 0.0000042, 5, NULL},
	{"Slow", "0.000305", 0.0000121, 5, NULL},
	{"Rounded", "0.00", 0.0000003, 3, NULL},
};

START_TEST(test_bar_huge)
{
	struct br_resultset *rs = br_resultset_new();
	struct br_test *t = make_test(rs, "Huge", "1.0", "Operations",
				      "Ops/s", "HIB", huge, 3);
	struct br_chart_opts o;
	struct br_scene *sc;
	char *text;

	br_chart_opts_defaults(&o);
	sc = chart(rs, t, &o);
	text = dump(sc);
	ck_assert_ptr_nonnull(strstr(text, "\"1.38T\""));
	ck_assert_ptr_nonnull(strstr(text, "\"SE +/- 0.00721T, N = 5\""));
	/* one scale a chart (issue 21, defect 9): the millions in T too */
	ck_assert_ptr_nonnull(strstr(text, "\"0.00000138T\""));
	ck_assert_ptr_nonnull(strstr(text, "\"SE +/- 0.00000000659T, N = 9\""));
	ck_assert_ptr_nonnull(strstr(text, "\"0.2T\""));
	free(text);
	golden("bar-huge", sc);
	br_scene_free(sc);
	br_resultset_free(rs);
}
END_TEST

START_TEST(test_bar_tiny)
{
	struct br_resultset *rs = br_resultset_new();
	struct br_test *t = make_test(rs, "Tiny", "1.0", "Latency",
				      "Seconds", "LIB", tiny, 3);
	struct br_chart_opts o;
	struct br_scene *sc;
	char *text;

	br_chart_opts_defaults(&o);
	sc = chart(rs, t, &o);
	text = dump(sc);
	/* the axis' prefix on the labels and SEs too (issue 21, defect 9:
	 * "0.000335" beside "200\u00b5") */
	ck_assert_ptr_nonnull(strstr(text, "\"123\u00b5\""));
	ck_assert_ptr_nonnull(strstr(text, "\"SE +/- 4.20\u00b5, N = 5\""));
	ck_assert_ptr_nonnull(strstr(text, "\"100\u00b5\""));
	free(text);
	golden("bar-tiny", sc);
	br_scene_free(sc);
	br_resultset_free(rs);
}
END_TEST

START_TEST(test_bar_mixed)
{
	struct br_resultset *rs = br_resultset_new();
	struct br_test *t = make_test(rs, "Frobnicator Benchmark Suite With "
				      "An Unusually Long Title", "2.1.0",
				      "Mode: Extreme - Threads: 64|Second line "
				      "of options", "Seconds", "LIB", mixed, 5);
	struct br_chart_opts o;
	struct br_scene *sc;

	br_chart_opts_defaults(&o);
	o.whiskers = BR_WHISKERS_CI;
	o.sort = BR_SORT_BEST;
	o.highlight = "Baseline";
	sc = chart(rs, t, &o);
	golden("bar-mixed", sc);
	br_scene_free(sc);
	br_resultset_free(rs);
}
END_TEST

static const struct fixture_entry all_failed[] = {
	{"FreeBSD ZFS", NULL, 0, 0, "The test quit with a non-zero exit "
	 "status. E: taskset: failed to execute ./fftw-stock/tests/bench: "
	 "No such file or directory"},
	{"Ubuntu 18.04 EXT4", NULL, 0, 0, NULL},
};

/* Issue 14: a test where every entry failed has no axis to draw (it
 * got a made-up 1..5 one): the header and a line per system with why. */
START_TEST(test_bar_all_failed)
{
	struct br_resultset *rs = br_resultset_new();
	struct br_test *t = make_test(rs, "FFTW", "3.3.6", "Build: Stock",
				      "Mflops", "HIB", all_failed, 2);
	struct br_chart_opts o;
	struct br_scene *sc;
	size_t i;

	br_chart_opts_defaults(&o);
	sc = chart(rs, t, &o);
	for (i = 0; i < sc->n_prims; i++)
		ck_assert_msg(sc->prims[i].kind != BR_PRIM_RECT,
			      "a bar or band in a chart without values");
	ck_assert_double_lt(sc->height, 64 + 2 * 46 + 39);  /* was */
	/* the reason whole, over lines (it was cut at "No s...": a PDF
	 * has no hover to show the rest) */
	{
		char all[2048] = "";

		for (i = 0; i < sc->n_prims; i++)
			if (sc->prims[i].kind == BR_PRIM_TEXT &&
			    strlen(all) + strlen(sc->prims[i].text) + 2 <
			    sizeof all) {
				strcat(all, sc->prims[i].text);
				strcat(all, " ");
			}
		ck_assert_msg(strstr(all, "./fftw-stock/tests/bench: No such "
				     "file or directory ") != NULL,
			      "the failure's reason is cut: %s", all);
	}
	golden("bar-all-failed", sc);
	br_scene_free(sc);
	br_resultset_free(rs);
}
END_TEST

START_TEST(test_bar_many)
{
	struct br_resultset *rs = br_resultset_new();
	struct fixture_entry fe[60];
	char names[60][32], vals[60][16];
	struct br_chart_opts o;
	struct br_scene *sc;
	struct br_test *t;
	size_t i;

	for (i = 0; i < 60; i++) {
		snprintf(names[i], sizeof names[i], "Config %02zu", i + 1);
		snprintf(vals[i], sizeof vals[i], "%.1f",
			 100 + 37 * sin((double)i));
		fe[i].system = names[i];
		fe[i].value = vals[i];
		fe[i].se = 1.5;
		fe[i].n = 3;
		fe[i].error = NULL;
	}
	t = make_test(rs, "Many", "1", "Sixty systems", "Ops/s", "HIB", fe,
		      60);
	br_chart_opts_defaults(&o);
	sc = chart(rs, t, &o);
	ck_assert_double_eq(sc->height, 64 + 60 * 28 + 39);
	golden("bar-many", sc);
	br_scene_free(sc);
	br_resultset_free(rs);
}
END_TEST

/* Whiskers wide enough to draw, one across the top of the axis. */
static const struct fixture_entry spread[] = {
	{"Steady", "410.5", 6.5, 5, NULL},
	{"Noisy", "262.25", 48.0, 3, NULL},
	{"Small", "35.75", 9.5, 3, NULL},
	{"Near the grid line", "160.5", 2.0, 3, NULL},
};

/* Every whisker is the same: centred on its bar, capped, a dark line
 * over a white halo (br_chart_whisker_draw), and the footnote says what
 * they are because some are drawn. */
START_TEST(test_bar_whiskers)
{
	struct br_resultset *rs = br_resultset_new();
	struct br_test *t = make_test(rs, "Spread", "1.0", "Whiskers", "MB/s",
				      "HIB", spread, 4);
	struct br_chart_opts o;
	struct br_scene *sc;
	char *d;

	br_chart_opts_defaults(&o);
	sc = chart(rs, t, &o);
	d = dump(sc);
	ck_assert_ptr_nonnull(strstr(d, "Whiskers: +/- 1 SE"));
	ck_assert_ptr_nonnull(strstr(d, "#ffffff 3.00"));
	free(d);
	golden("bar-whiskers", sc);
	br_scene_free(sc);
	br_resultset_free(rs);
}
END_TEST

static const struct fixture_entry negative[] = {
	{"Alpha", "-12.5", 0.8, 3, NULL},
	{"Beta", "-30.25", 1.5, 3, NULL},
	{"Gamma", "-7.75", 0.3, 3, NULL},
};

/* All negative: zero is a labelled tick inside the plot, the bars end
 * clear of the frame. */
START_TEST(test_bar_negative)
{
	struct br_resultset *rs = br_resultset_new();
	struct br_test *t = make_test(rs, "Temperature delta", "1", "Cooler",
				      "C", "LIB", negative, 3);
	struct br_chart_opts o;
	struct br_scene *sc;
	struct br_axis ax;
	char *d;

	br_axis_scale(-30.25 - 1.5, 0, 500, &tick_font, false, &ax);
	ck_assert(ax.hi > 0);
	ck_assert(ax.n_ticks > 0 && ax.ticks[ax.n_ticks - 1] == 0);
	br_chart_opts_defaults(&o);
	sc = chart(rs, t, &o);
	d = dump(sc);
	ck_assert_ptr_nonnull(strstr(d, " \"0\"\n"));
	free(d);
	golden("bar-negative", sc);
	br_scene_free(sc);
	br_resultset_free(rs);
}
END_TEST

static const struct fixture_entry single[] = {
	{"One run", "52.5", 0, 1, NULL},
	{"Another run", "47.25", 0, 1, NULL},
};

/* Single runs say N = 1 (no SE line would read as "not measured"), and
 * with no whisker drawn there is no whisker footnote. */
/* Issue 14: a PDF report's bar chart of 30 systems comes in two parts
 * of 15 rows (at most 24 a page), each with the whole chart's axis and
 * name margin and "(part k of 2)"; unpaged (SVG) it is one chart.
 * Made-up values. */
START_TEST(test_bar_parts)
{
	const struct br_chart_type *bar = br_chart_find("bar", false);
	struct br_resultset *rs = br_resultset_new();
	struct fixture_entry fe[30];
	char names[30][16], vals[30][16];
	struct br_chart_job job = {.type = bar, .test = 0};
	struct br_scene **sc = NULL;
	struct br_chart_opts o;
	struct br_error err;
	struct analysed an;
	size_t i, n = 0;
	char *d;

	for (i = 0; i < 30; i++) {
		snprintf(names[i], sizeof names[i], "System %02zu", i);
		snprintf(vals[i], sizeof vals[i], "%zu", 100 + 5 * i);
		fe[i].system = names[i];
		fe[i].value = vals[i];
		fe[i].se = 1;
		fe[i].n = 3;
		fe[i].error = NULL;
	}
	make_test(rs, "Parts", "1.0", "Thirty systems", "MB/s", "HIB", fe, 30);
	analyse(rs, &an, 0);
	br_chart_opts_defaults(&o);
	br_error_clear(&err);
	ck_assert_int_eq(br_chart_build(an.a, &job, &o, 24, &sc, &n, &err),
			 BR_OK);
	ck_assert_uint_eq(n, 2);
	ck_assert_double_eq(sc[0]->axis_x, sc[1]->axis_x);
	ck_assert_double_eq(sc[0]->height, sc[1]->height);
	d = dump(sc[0]);
	ck_assert_ptr_nonnull(strstr(d, "\"(part 1 of 2)\""));
	ck_assert_ptr_nonnull(strstr(d, "\"System 14\""));
	ck_assert_ptr_null(strstr(d, "\"System 15\""));
	free(d);
	d = dump(sc[1]);
	ck_assert_ptr_nonnull(strstr(d, "\"(part 2 of 2)\""));
	ck_assert_ptr_nonnull(strstr(d, "\"System 15\""));
	ck_assert_ptr_nonnull(strstr(d, "\"System 29\""));
	ck_assert_ptr_null(strstr(d, "\"System 14\""));
	free(d);
	for (i = 0; i < n; i++)
		br_scene_free(sc[i]);
	free(sc);
	ck_assert_int_eq(br_chart_build(an.a, &job, &o, 0, &sc, &n, &err),
			 BR_OK);
	ck_assert_uint_eq(n, 1);
	d = dump(sc[0]);
	ck_assert_ptr_null(strstr(d, "part 1"));
	free(d);
	br_scene_free(sc[0]);
	free(sc);
	done(&an);
	br_resultset_free(rs);
}
END_TEST

START_TEST(test_bar_single)
{
	struct br_resultset *rs = br_resultset_new();
	struct br_test *t = make_test(rs, "Once", "1", "Single runs", "FPS",
				      "HIB", single, 2);
	struct br_chart_opts o;
	struct br_scene *sc;
	char *d;

	br_chart_opts_defaults(&o);
	sc = chart(rs, t, &o);
	d = dump(sc);
	ck_assert_ptr_nonnull(strstr(d, "\"N = 1\""));
	ck_assert_ptr_null(strstr(d, "Whiskers:"));
	free(d);
	golden("bar-single", sc);
	br_scene_free(sc);
	br_resultset_free(rs);
}
END_TEST

static struct br_scene *line_pios(bool single_runs, double scale,
				   struct analysed *an,
				   struct br_resultset **rsp);

START_TEST(test_line)
{
	/* published summaries: mean y, SE 10 + 5k, N = 3 */
	static const double ys[3][3] = {
		{400, 550, 600}, {300, 500, 550}, {350, 700, 1000},
	};
	static const char *const names[3] = {"uDMU", "uDMU nochecksum",
					     "kernel ZFS"};
	static const double xs[3] = {10, 24, 46};
	struct br_resultset *rs = br_resultset_new();
	struct br_test tt, *t;
	struct br_chart_opts o;
	struct br_scene *sc = NULL;
	struct br_error err;
	struct analysed an;
	size_t i, k;
	bool created;

	br_error_clear(&err);
	memset(&tt, 0, sizeof tt);
	tt.title = br_rs_str(rs, "PIOS");
	tt.description = br_rs_str(rs, "Striped pools");
	tt.scale = br_rs_str(rs, "MB/s");
	tt.dir = BR_DIR_HIB;
	tt.display = BR_DISPLAY_LINE;
	tt.x = (double *)xs;        /* copied by br_rs_test */
	tt.n_x = 3;
	tt.x_label = br_rs_str(rs, "Disks");
	t = br_rs_test(rs, &tt, &created, &err);
	ck_assert_ptr_nonnull(t);
	br_test_finish(rs, t);
	for (i = 0; i < 3; i++) {
		size_t sys = br_rs_system(rs, names[i], true, NULL, &err);
		struct br_entry *e = br_test_add_entry(rs, t, sys, NULL, &err);

		e->points = calloc(3, sizeof *e->points); /* model frees */
		e->n_points = 3;
		for (k = 0; k < 3; k++) {
			e->points[k].has_value = true;
			e->points[k].value = ys[i][k];
			e->points[k].is_summary = true;
			e->points[k].se = 10 + 5 * (double)k;
			e->points[k].n = 3;
		}
	}
	analyse(rs, &an, BR_AN_POINTS);
	br_chart_opts_defaults(&o);
	ck_assert_int_eq(br_chart_line(an.a, 0, &o, &sc, &err), BR_OK);
	golden("line-pios", sc);
	br_scene_free(sc);
	done(&an);
	br_resultset_free(rs);
}
END_TEST

/* The PIOS sample's numbers as single values (samples/seed-002): 1000,
 * the highest, is a round axis end; its point sat on the plot's top
 * edge, under the "benchreport" caption.  It is 8 pt below it now. */
START_TEST(test_line_top_room)
{
	struct br_resultset *rs;
	struct analysed an;
	struct br_scene *sc = line_pios(true, 1, &an, &rs);
	double top = INFINITY, high = INFINITY;
	size_t i;

	for (i = 0; i < sc->n_prims; i++) {
		const struct br_prim *p = &sc->prims[i];

		if (p->kind == BR_PRIM_LINE && p->x == sc->axis_x &&
		    p->x2 == sc->axis_x)
			top = fmin(top, fmin(p->y, p->y2));
		if (p->kind == BR_PRIM_CIRCLE)
			high = fmin(high, p->y);
	}
	ck_assert(isfinite(top) && isfinite(high));
	ck_assert_double_ge(high - top, 8 - 1e-9);
	br_scene_free(sc);
	done(&an);
	br_resultset_free(rs);
}
END_TEST

/* Issue 21, defect 9 in line charts: the y axis and the legend's Min /
 * Avg / Max in one notation: "100,000" on the axis beside "Max:
 * 100,000" (the axis said "100k"), "100\u00b5" beside "Max: 100\u00b5"
 * (the legend said "0.0001"). */
START_TEST(test_line_notation)
{
	static const struct {
		double scale;
		const char *tick, *max;
	} c[] = {
		{100, "\"100,000\"", "\"Max: 100,000\""},
		{1e-7, "\"100\u00b5\"", "\"Max: 100\u00b5\""},
	};
	size_t i;

	for (i = 0; i < 2; i++) {
		struct br_resultset *rs;
		struct analysed an;
		struct br_scene *sc = line_pios(false, c[i].scale, &an, &rs);
		char msg[256], *d = dump(sc);

		ck_assert_msg(props_notation(sc, true, msg, sizeof msg) ==
			      NULL, "%s", msg);
		ck_assert_msg(strstr(d, c[i].tick) && strstr(d, c[i].max),
			      "%s", d);
		free(d);
		br_scene_free(sc);
		done(&an);
		br_resultset_free(rs);
	}
}
END_TEST

static struct br_scene *line_pios(bool single_runs, double scale,
				   struct analysed *an,
				   struct br_resultset **rsp)
{
	static const double ys[3][3] = {
		{400, 550, 600}, {300, 500, 550}, {350, 700, 1000},
	};
	static const char *const names[3] = {"uDMU", "uDMU nochecksum",
					     "kernel ZFS"};
	static const double xs[3] = {10, 24, 46};
	struct br_resultset *rs = br_resultset_new();
	struct br_test tt, *t;
	struct br_chart_opts o;
	struct br_scene *sc = NULL;
	struct br_error err;
	size_t i, k;
	bool created;

	br_error_clear(&err);
	memset(&tt, 0, sizeof tt);
	tt.title = br_rs_str(rs, "PIOS");
	tt.scale = br_rs_str(rs, "MB/s");
	tt.dir = BR_DIR_HIB;
	tt.display = BR_DISPLAY_LINE;
	tt.x = (double *)xs;
	tt.n_x = 3;
	tt.x_label = br_rs_str(rs, "Disks");
	t = br_rs_test(rs, &tt, &created, &err);
	ck_assert_ptr_nonnull(t);
	br_test_finish(rs, t);
	for (i = 0; i < 3; i++) {
		size_t sys = br_rs_system(rs, names[i], true, NULL, &err);
		struct br_entry *e = br_test_add_entry(rs, t, sys, NULL, &err);

		e->points = calloc(3, sizeof *e->points);
		e->n_points = 3;
		for (k = 0; k < 3; k++) {
			e->points[k].has_value = true;
			e->points[k].value = ys[i][k] * scale;
			e->points[k].is_summary = true;
			e->points[k].se = single_runs ? 0 : (10 + 5 *
							     (double)k) * scale;
			e->points[k].n = single_runs ? 1 : 3;
		}
	}
	analyse(rs, an, BR_AN_POINTS);
	br_chart_opts_defaults(&o);
	ck_assert_int_eq(br_chart_line(an->a, 0, &o, &sc, &err), BR_OK);
	*rsp = rs;
	return sc;
}

START_TEST(test_report)
{
	struct br_resultset *rs = br_resultset_new();
	struct br_test *t = make_test(rs, "Dbench", "4.0", "Client Count: 1",
				      "MB/s", "HIB", dbench, 6);
	struct br_scene *charts[3], **pages = NULL;
	struct br_report_pager *pg = NULL;
	struct br_report_input ri;
	struct br_chart_opts o;
	struct br_error err;
	size_t n_pages = 0, i, sys[6];
	char *d;

	br_chart_opts_defaults(&o);
	for (i = 0; i < 6; i++) {
		sys[i] = i;
		br_rs_parse_components(rs, i < 3 ? "Processor: Intel Xeon "
				       "E3-1275 v6, Disk: Samsung SSD 970" :
				       "Processor: AMD Ryzen, Disk: Samsung "
				       "SSD 970", &rs->systems[i]->hardware,
				       &rs->systems[i]->n_hardware, &err);
	}
	for (i = 0; i < 3; i++)
		charts[i] = chart(rs, t, &o);
	memset(&ri, 0, sizeof ri);
	ri.rs = rs;
	ri.systems = sys;
	ri.n_systems = 6;
	ri.n_tests = 3;
	ri.title = "FreeBSD 12.0 ZFS vs. ZoL Benchmarks";
	ri.description = "A description.";
	br_error_clear(&err);
	ck_assert_int_eq(br_pager_new(&ri, &o, &pg, &err), BR_OK);
	for (i = 0; i < 3; i++) {
		ck_assert_int_eq(br_pager_chart(pg, charts[i], &err), BR_OK);
		/* placed as a copy: the chart may go at once */
		br_scene_free(charts[i]);
	}
	ck_assert_int_eq(br_pager_finish(pg, &pages, &n_pages, &err), BR_OK);
	/* title page, then two charts a page */
	ck_assert_uint_eq(n_pages, 3);
	ck_assert_double_eq_tol(pages[0]->width, 595.28, 1e-9);
	d = dump(pages[0]);
	ck_assert_ptr_nonnull(strstr(d, "\"FreeBSD 12.0 ZFS vs. ZoL"));
	ck_assert_ptr_nonnull(strstr(d, "\"Intel Xeon E3-1275 v6\""));
	ck_assert_ptr_nonnull(strstr(d, "\"Samsung SSD 970\""));
	/* merged: the disk cell appears once per table block */
	{
		const char *p = d;
		int hits = 0;

		while ((p = strstr(p, "\"Samsung SSD 970\"")) != NULL) {
			hits++;
			p++;
		}
		ck_assert_int_eq(hits, 2);
	}
	ck_assert_ptr_nonnull(strstr(d, "\"Page 1 of 3\""));
	ck_assert_ptr_nonnull(strstr(d, "\"3 tests, 6 systems\""));
	free(d);
	if (getenv("BR_RENDER_OUT")) {
		char *b = NULL;
		size_t len = 0;
		FILE *fp = open_memstream(&b, &len);
		struct br_paint_opts po;

		br_paint_opts_defaults(&po);
		br_render_scenes(fp, BR_IMAGE_PDF, pages, n_pages, &po, &err);
		fclose(fp);
		save(getenv("BR_RENDER_OUT"), "report", "pdf", b, len);
		free(b);
	}
	for (i = 0; i < n_pages; i++)
		br_scene_free(pages[i]);
	free(pages);
	br_resultset_free(rs);
}
END_TEST

/* What br_report_pdf says, kept for the test to read. */
static void keep_said(void *ctx, const char *line)
{
	char *buf = ctx;

	snprintf(buf + strlen(buf), 1024 - strlen(buf), "%s\n", line);
}

/* The PDF report of path as br_report_pdf lays it out for --chart kind
 * on paper; *said gets its lines. */
static struct br_scene **report_of(const char *path, const char *kind,
				   enum br_paper paper, size_t *n_pages,
				   struct br_resultset **rsp, char *said)
{
	struct br_resultset *rs = br_resultset_new();
	struct br_scene **pages = NULL;
	struct br_ingest_opts io;
	struct br_chart_plan plan;
	struct br_pdf_opts ro = {NULL, keep_said, said};
	struct br_chart_opts o;
	struct br_error err;
	struct analysed an;

	br_error_clear(&err);
	br_ingest_opts_defaults(&io);
	ck_assert_int_eq(br_ingest_path(rs, path, &io, &err), BR_OK);
	analyse(rs, &an, BR_AN_RANKS | BR_AN_COMPARE | BR_AN_POINTS |
		BR_AN_SCALING);
	ck_assert_int_eq(br_chart_plan(an.a, kind, &plan, &err), BR_OK);
	br_chart_opts_defaults(&o);
	o.paper = paper;
	*said = '\0';
	ck_assert_int_eq(br_report_pdf(an.a, &plan, &o, &ro, &pages, n_pages,
				       &err), BR_OK);
	br_chart_plan_fini(&plan);
	done(&an);
	*rsp = rs;
	return pages;
}

static void free_pages(struct br_scene **pages, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		br_scene_free(pages[i]);
	free(pages);
}

/*
 * On paper no text is under 7 pt and every page is the paper's size;
 * returns the x of the long vertical axis lines of page i in axes
 * (at most 8), their count.
 */
static size_t check_paper(struct br_scene *const *pages, size_t n_pages,
			  enum br_paper paper, size_t i, double *axes)
{
	size_t k, m, n_axes = 0;

	for (m = 0; m < n_pages; m++) {
		ck_assert_double_eq_tol(pages[m]->width, paper ==
					BR_PAPER_A4 ? 595.28 : 612, 1e-9);
		ck_assert_double_eq_tol(pages[m]->height, paper ==
					BR_PAPER_A4 ? 841.89 : 792, 1e-9);
		for (k = 0; k < pages[m]->n_prims; k++) {
			const struct br_prim *p = &pages[m]->prims[k];

			if (p->kind == BR_PRIM_TEXT)
				ck_assert_msg(p->size >= 7 - 1e-9, "page %zu: "
					      "\"%s\" at %.2f pt", m + 1,
					      p->text, p->size);
			if (m != i || p->kind != BR_PRIM_LINE ||
			    p->stroke != BR_C_AXIS || p->x != p->x2 ||
			    fabs(p->y2 - p->y) < 40 || n_axes == 8)
				continue;
			axes[n_axes++] = p->x;
		}
	}
	return n_axes;
}

/*
 * Issue 21, defect 4: a result overview of forty systems (synthetic,
 * tests/data/render/gen-overview-40.py: 12 tests, 39 candidates) on paper.
 * Its geometric means printed at about 5.6 pt as one block under the
 * last rows, and that block made every test a page of its own (12
 * pages).  Now its means take parts of their own, the header and axis
 * repeated: on A4 4 parts of 3 rows, then 2 of 20 and 19 means; on
 * Letter 6 of 2 rows, then 2 of 20 and 19 means (looked at as PNG); no
 * text under 7 pt.
 */
static void overview_40(enum br_paper paper)
{
	struct br_resultset *rs;
	struct br_scene **pages;
	double axes[8];
	char said[1024], *d;
	size_t n_pages, k, n_ov = 0, n_gm = 0, n_lanes = 0;

	pages = report_of("data/render/overview-40.csv", NULL, paper,
			  &n_pages, &rs, said);
	check_paper(pages, n_pages, paper, 0, axes);
	for (k = 0; k < n_pages; k++) {
		const char *q;

		d = dump(pages[k]);
		if (strstr(d, "\"Result Overview ("))
			n_ov++;
		if (strstr(d, "\"Geometric mean\""))
			n_gm++;
		/* a mean's lane: its candidate's name at the margin, ending
		 * there (the legend's names start at their swatch) */
		for (q = strstr(d, "\"Geometric mean\""); q && *q;
		     q = strchr(q, '\n'), q = q ? q + 1 : NULL) {
			const char *eol = strchr(q, '\n'), *e = strstr(q, " end "),
				   *nm = strstr(q, "\"Node ");

			n_lanes += e && nm && (!eol || (e < eol && nm < eol));
		}
		free(d);
	}
	/* not a page per test: rows 3 to a page on A4, 2 on Letter */
	ck_assert_uint_eq(n_ov, paper == BR_PAPER_A4 ? 6 : 8);
	ck_assert_uint_eq(n_gm, 2);
	ck_assert_uint_eq(n_lanes, 39);
	free_pages(pages, n_pages);
	br_resultset_free(rs);
}

/*
 * Issue 21, defect 4: the PDF report of seed 004 and of real files, on
 * A4 and Letter.  No text under 7 pt; the bar charts of a page have
 * their value axis at one x; a scaling chart takes the whole text width
 * (it started mid-page, at the bar charts' axis); schbench's 42 results
 * as one grouped chart continue on a second page with the header
 * repeated (they printed at about 4 pt).  Looked at as PNG (pdftoppm).
 */
START_TEST(test_report_print)
{
	static const enum br_paper papers[2] = {BR_PAPER_A4, BR_PAPER_LETTER};
	struct br_resultset *rs;
	struct br_scene **pages;
	double axes[8];
	char said[1024], *d;
	size_t n_pages, i, k, n;

	for (i = 0; i < 2; i++) {
		pages = report_of("../samples/seed-004-freebsd-zfs-zol.csv", NULL,
				  papers[i], &n_pages, &rs, said);
		ck_assert_uint_ge(n_pages, 4);
		/* the bar charts' axes at one x (a scaling chart's is at
		 * the left: it takes the whole width) */
		for (k = 0; k < n_pages; k++) {
			double bar_x = -1;
			size_t m;

			n = check_paper(pages, n_pages, papers[i], k, axes);
			for (m = 0; m < n; m++) {
				if (axes[m] < 100)
					continue;
				if (bar_x < 0)
					bar_x = axes[m];
				ck_assert_msg(fabs(axes[m] - bar_x) < 0.01,
					      "page %zu: axes at %.2f and "
					      "%.2f", k + 1, bar_x, axes[m]);
			}
		}
		free_pages(pages, n_pages);
		br_resultset_free(rs);

		pages = report_of("data/pts-real/ec2-tiobench-active-5.6.0.xml",
				  "scaling", papers[i], &n_pages, &rs, said);
		n = check_paper(pages, n_pages, papers[i], 1, axes);
		ck_assert_uint_ge(n, 1);
		/* the y axis at the left, not at a bar chart's name margin */
		ck_assert_msg(axes[0] < 100, "scaling chart's axis at %.2f",
			      axes[0]);
		free_pages(pages, n_pages);
		br_resultset_free(rs);

		pages = report_of("data/pts-real/ucd-schbench-8.0.1.xml",
				  "grouped", papers[i], &n_pages, &rs, said);
		check_paper(pages, n_pages, papers[i], 0, axes);
		ck_assert_uint_ge(n_pages, 3);
		/* the chart's second part: its page, header and legend */
		for (k = 0, d = NULL; k < n_pages; k++) {
			free(d);
			d = dump(pages[k]);
			if (strstr(d, "(part 2 of 2)"))
				break;
		}
		ck_assert_uint_lt(k, n_pages);
		ck_assert_ptr_nonnull(strstr(d, "\"2018-11-27-2154\""));
		ck_assert_ptr_nonnull(strstr(d, "\"2018-11-27 21:54\""));
		if (papers[i] == BR_PAPER_A4)
			golden("report-schbench-grouped-part-2", pages[k]);
		free(d);
		free_pages(pages, n_pages);
		br_resultset_free(rs);
		overview_40(papers[i]);
	}
}
END_TEST

/*
 * Issue 21, defect 12: a title PTS left unexpanded ("$result_name")
 * gives way to the file's name on the cover and in the footers, said.
 */
START_TEST(test_report_unexpanded_title)
{
	struct br_resultset *rs;
	struct br_scene **pages;
	char said[1024], *d;
	size_t n_pages;

	pages = report_of("data/pts-real/manuel-nogvno2-failed-10.8.4.xml",
			  "bar", BR_PAPER_A4, &n_pages, &rs, said);
	ck_assert_ptr_nonnull(strstr(said, "warning: data/pts-real/manuel-"
				     "nogvno2-failed-10.8.4.xml: the title "
				     "\"$result_name\" is a PTS variable left "
				     "unexpanded; the report is titled "
				     "\"manuel-nogvno2-failed-10.8.4\" after "
				     "the file\n"));
	d = dump(pages[0]);
	ck_assert_ptr_null(strstr(d, "$result_name"));
	ck_assert_ptr_nonnull(strstr(d, "\"manuel-nogvno2-failed-10.8.4\""));
	free(d);
	d = dump(pages[n_pages - 1]);
	ck_assert_ptr_null(strstr(d, "$result_name"));
	free(d);
	free_pages(pages, n_pages);
	br_resultset_free(rs);
}
END_TEST

/* ------------------------------------------------ grouped, overview */

static void collect_text(xmlNode *n, char *out, size_t size)
{
	for (; n; n = n->next) {
		if (n->type == XML_ELEMENT_NODE &&
		    !xmlStrcmp(n->name, (const xmlChar *)"text")) {
			xmlChar *c = xmlNodeGetContent(n);

			strncat(out, (const char *)c, size - strlen(out) - 2);
			strcat(out, "\n");
			xmlFree(c);
		}
		collect_text(n->children, out, size);
	}
}

START_TEST(test_svg)
{
	static const struct fixture_entry evil[] = {
		{"<script>alert(1)</script> & \"co\"", "10.5", 0.2, 3, NULL},
		{"]]> </svg>", "20.25", 0.3, 3, NULL},
	};
	struct br_resultset *rs = br_resultset_new();
	struct br_test *t = make_test(rs, "Dbench", "4.0", "Client Count: 1",
				      "MB/s", "HIB", dbench, 6);
	struct br_test *t2 = make_test(rs, "Evil <b>", "1", "x < y & z",
				       "MB/s", "HIB", evil, 2);
	struct br_chart_opts o;
	struct br_scene *sc;
	xmlDoc *doc;
	char *svg, texts[8192] = "";
	size_t len;

	br_chart_opts_defaults(&o);
	sc = chart(rs, t, &o);
	svg = bytes(sc, BR_IMAGE_SVG, &len);
	doc = xmlReadMemory(svg, (int)len, "chart.svg", NULL, XML_PARSE_NONET);
	ck_assert_ptr_nonnull(doc);
	collect_text(xmlDocGetRootElement(doc), texts, sizeof texts);
	xmlFreeDoc(doc);
	ck_assert_ptr_nonnull(strstr(texts, "Dbench 4.0\n"));
	ck_assert_ptr_nonnull(strstr(texts, "Client Count: 1\n"));
	ck_assert_ptr_nonnull(strstr(texts, "MB/s, More Is Better\n"));
	ck_assert_ptr_nonnull(strstr(texts, "SE +/- 0.70, N = 3\n"));
	ck_assert_ptr_nonnull(strstr(texts, "SE +/- 0.83, N = 9\n"));
	ck_assert_ptr_nonnull(strstr(texts, "845.00\n"));
	ck_assert_ptr_nonnull(strstr(texts, "60.99\n"));
	ck_assert_ptr_nonnull(strstr(texts, "\n800\n"));
	/* Dbench's SEs are under 2 pt wide: no whisker, no footnote */
	ck_assert_ptr_null(strstr(texts, "Whiskers:"));
	ck_assert_ptr_null(strstr(svg, " id="));
	free(svg);
	br_scene_free(sc);

	/* hostile names stay text */
	sc = chart(rs, t2, &o);
	svg = bytes(sc, BR_IMAGE_SVG, &len);
	doc = xmlReadMemory(svg, (int)len, "evil.svg", NULL, XML_PARSE_NONET);
	ck_assert_ptr_nonnull(doc);
	texts[0] = '\0';
	collect_text(xmlDocGetRootElement(doc), texts, sizeof texts);
	xmlFreeDoc(doc);
	ck_assert_ptr_nonnull(strstr(texts, "<script>alert(1)</script> & "
				     "\"co\""));
	ck_assert_ptr_nonnull(strstr(texts, "]]> </svg>"));
	ck_assert_ptr_nonnull(strstr(texts, "Evil <b> 1"));
	ck_assert_ptr_null(strstr(svg, "<script>"));
	free(svg);
	br_scene_free(sc);
	br_resultset_free(rs);
}
END_TEST

struct membuf {
	const unsigned char *p;
	size_t len, off;
};

static cairo_status_t read_mem(void *closure, unsigned char *data,
			       unsigned int length)
{
	struct membuf *m = closure;

	if (m->off + length > m->len)
		return CAIRO_STATUS_READ_ERROR;
	memcpy(data, m->p + m->off, length);
	m->off += length;
	return CAIRO_STATUS_SUCCESS;
}

START_TEST(test_png)
{
	struct br_resultset *rs = br_resultset_new();
	struct br_test *t = make_test(rs, "Dbench", "4.0", "Client Count: 1",
				      "MB/s", "HIB", dbench, 6);
	struct br_chart_opts o;
	struct br_scene *sc;
	cairo_surface_t *img;
	struct membuf m;
	char *png;
	size_t len;
	int x, y, w, h, stride, bars = 0, dark = 0;
	size_t k;
	unsigned char *data;

	br_chart_opts_defaults(&o);
	sc = chart(rs, t, &o);
	png = bytes(sc, BR_IMAGE_PNG, &len);
	ck_assert(len > 8 && !memcmp(png, "\x89PNG", 4));
	m.p = (const unsigned char *)png;
	m.len = len;
	m.off = 0;
	img = cairo_image_surface_create_from_png_stream(read_mem, &m);
	ck_assert_int_eq(cairo_surface_status(img), CAIRO_STATUS_SUCCESS);
	w = cairo_image_surface_get_width(img);
	h = cairo_image_surface_get_height(img);
	ck_assert_int_eq(w, 1200);
	ck_assert_int_eq(h, (int)(2 * sc->height));
	data = cairo_image_surface_get_data(img);
	stride = cairo_image_surface_get_stride(img);
	for (y = 0; y < h; y++)
		for (x = 0; x < w; x++) {
			uint32_t px = *(uint32_t *)(data + y * stride + 4 * x);

			for (k = 0; k < BR_N_PALETTE; k++)
				bars += (px & 0xffffff) == br_palette(k);
			dark += ((px >> 16) & 0xff) < 0x60 &&
				((px >> 8) & 0xff) < 0x60;
		}
	/* bars and text are there */
	ck_assert_int_gt(bars, 10000);
	ck_assert_int_gt(dark, 1000);
	cairo_surface_destroy(img);
	free(png);

	/* PDF: same bytes twice (no clock in the output) */
	{
		size_t l1, l2;
		char *a = bytes(sc, BR_IMAGE_PDF, &l1);
		char *b = bytes(sc, BR_IMAGE_PDF, &l2);

		ck_assert(l1 > 1000 && !memcmp(a, "%PDF", 4));
		ck_assert_uint_eq(l1, l2);
		ck_assert(!memcmp(a, b, l1));
		free(a);
		free(b);
	}
	br_scene_free(sc);
	br_resultset_free(rs);
}
END_TEST

START_TEST(test_text)
{
	char **lines, *e;
	size_t n, i;
	double w1 = br_text_width(NULL, 11, true, "Debian Stretch ZoL");
	double w2 = br_text_width(NULL, 11, true, "Debian Stretch ZoL");

	ck_assert(w1 > 60 && w1 < 200);
	ck_assert_double_eq(w1, w2);
	ck_assert(br_text_width(NULL, 11, false, "Debian Stretch ZoL") < w1);
	e = br_text_ellipsize(NULL, 11, true, "Debian Stretch ZoL", 60);
	ck_assert(br_text_width(NULL, 11, true, e) <= 60);
	ck_assert_ptr_nonnull(strstr(e, "\xe2\x80\xa6"));
	free(e);
	n = br_text_wrap(NULL, 8, false, "one two three four five six seven "
			 "eight nine ten Supercalifragilisticexpialidocious",
			 60, &lines);
	ck_assert_uint_gt(n, 3);
	for (i = 0; i < n; i++)
		ck_assert(br_text_width(NULL, 8, false, lines[i]) <= 60);
	br_text_lines_free(lines, n);
}
END_TEST

/* A 300-character non-ASCII title, annotation and compiler note: no
 * fixed buffer cuts a character in half (Pango warned 15 times).
 * br_utf8_cut itself: check_model.c. */
START_TEST(test_long_utf8)
{
	static const struct fixture_entry fe[] = {
		{"A", "1.5", 0.1, 3, NULL}, {"B", "2.5", 0.1, 3, NULL},
	};
	struct br_resultset *rs = br_resultset_new();
	struct br_chart_opts o;
	struct br_scene *sc;
	struct br_test *t;
	char title[601];
	char *text;

	utf8_fill(title, sizeof title, "\xc3\xa9");   /* 300 x e acute */
	t = make_test(rs, title, "1.0", title, "MB/s", "HIB", fe, 2);
	t->annotation = br_rs_str(rs, title);
	((struct br_entry *)&t->entries[0])->compiler = br_rs_str(rs, title);
	br_chart_opts_defaults(&o);
	sc = chart(rs, t, &o);
	text = dump(sc);
	ck_assert_msg(valid_utf8(text), "a scene text is not valid UTF-8");
	ck_assert_ptr_nonnull(strstr(text, "\xc3\xa9\xc3\xa9"));
	free(text);
	br_scene_free(sc);
	br_resultset_free(rs);
}
END_TEST

static void teardown(void)
{
	br_text_shutdown();
}

Suite *br_suite_render(void)
{
	Suite *s = suite_create("render");
	TCase *tc;


	tc = tcase_create("bar");
	tcase_add_checked_fixture(tc, NULL, teardown);
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_text);
	tcase_add_test(tc, test_bar_dbench);
	tcase_add_test(tc, test_bar_mixed);
	tcase_add_test(tc, test_bar_label_near);
	tcase_add_test(tc, test_bar_narrow);
	tcase_add_test(tc, test_bar_huge);
	tcase_add_test(tc, test_bar_tiny);
	tcase_add_test(tc, test_bar_all_failed);
	tcase_add_test(tc, test_bar_many);
	tcase_add_test(tc, test_bar_whiskers);
	tcase_add_test(tc, test_bar_negative);
	tcase_add_test(tc, test_bar_single);
	tcase_add_test(tc, test_bar_parts);
	tcase_add_test(tc, test_report_print);
	tcase_add_test(tc, test_report_unexpanded_title);
	tcase_add_test(tc, test_line);
	tcase_add_test(tc, test_line_top_room);
	tcase_add_test(tc, test_line_notation);
	tcase_add_test(tc, test_report);
	tcase_add_test(tc, test_long_utf8);
	suite_add_tcase(s, tc);

	tc = tcase_create("backends");
	tcase_add_checked_fixture(tc, NULL, teardown);
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_svg);
	tcase_add_test(tc, test_png);
	suite_add_tcase(s, tc);
	return s;
}
