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
	ck_assert_ptr_nonnull(strstr(text, "\"SE +/- 7.21G, N = 5\""));
	ck_assert_ptr_nonnull(strstr(text, "\"1,378,135.00\""));
	ck_assert_ptr_nonnull(strstr(text, "\"SE +/- 6,586.79, N = 9\""));
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
	ck_assert_ptr_nonnull(strstr(text, "\"0.000123\""));
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

static struct br_scene *line_pios(bool single_runs, struct analysed *an,
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
	struct br_scene *sc = line_pios(true, &an, &rs);
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

static struct br_scene *line_pios(bool single_runs, struct analysed *an,
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
			e->points[k].value = ys[i][k];
			e->points[k].is_summary = true;
			e->points[k].se = single_runs ? 0 : 10 + 5 * (double)k;
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

/*
 * The PDF report of seed 004 as cmd_render.c lays it out: on paper no
 * text is under 7 pt, and the charts of a page have their value axis
 * (the long vertical axis-coloured line) at one x.
 */
START_TEST(test_report_print)
{
	struct br_resultset *rs = br_resultset_new();
	struct br_scene **pages = NULL, **sc;
	struct br_report_pager *pg = NULL;
	struct br_ingest_opts io;
	struct br_report_input ri;
	struct br_chart_plan plan;
	struct br_chart_opts o;
	struct br_error err;
	struct analysed an;
	size_t n_pages = 0, i, k, n, m, axes = 0;

	br_error_clear(&err);
	br_ingest_opts_defaults(&io);
	ck_assert_int_eq(br_ingest_path(rs, "../samples/seed-004-freebsd-"
					"zfs-zol.csv", &io, &err), BR_OK);
	analyse(rs, &an, BR_AN_RANKS | BR_AN_COMPARE | BR_AN_POINTS);
	ck_assert_int_eq(br_chart_plan(an.a, NULL, &plan, &err), BR_OK);
	br_chart_opts_defaults(&o);
	ck_assert_int_eq(br_report_opts(an.a, &plan, &o, &err), BR_OK);
	ck_assert(o.left > 0);
	memset(&ri, 0, sizeof ri);
	ri.rs = rs;
	ri.systems = an.sel.systems;
	ri.n_systems = an.sel.n_systems;
	ri.n_tests = an.a->n_tests;
	ri.title = "FreeBSD 12.0 ZFS vs. ZoL Benchmarks";
	ck_assert_int_eq(br_pager_new(&ri, &o, &pg, &err), BR_OK);
	/* front pages first, as cmd_render.c */
	for (i = 0; i < 2; i++)
		for (k = 0; k < plan.n_jobs; k++) {
			bool front = plan.jobs[k].type->front;

			if (front != (i == 0))
				continue;
			ck_assert_int_eq(br_chart_build(an.a, &plan.jobs[k], &o,
							front ? 40 : 0, &sc,
							&n, &err), BR_OK);
			for (m = 0; m < n; m++) {
				ck_assert_int_eq(front ?
					br_pager_front(pg, sc[m], &err) :
					br_pager_chart(pg, sc[m], &err), BR_OK);
				br_scene_free(sc[m]);
			}
			free(sc);
		}
	ck_assert_int_eq(br_pager_finish(pg, &pages, &n_pages, &err), BR_OK);
	ck_assert_uint_ge(n_pages, 4);
	for (i = 0; i < n_pages; i++) {
		double axis_x = -1;

		for (k = 0; k < pages[i]->n_prims; k++) {
			const struct br_prim *p = &pages[i]->prims[k];

			if (p->kind == BR_PRIM_TEXT)
				ck_assert_msg(p->size >= 7 - 1e-9, "page %zu: "
					      "\"%s\" at %.2f pt", i + 1,
					      p->text, p->size);
			if (p->kind != BR_PRIM_LINE || p->stroke != BR_C_AXIS ||
			    p->x != p->x2 || fabs(p->y2 - p->y) < 40)
				continue;
			if (axis_x < 0)
				axis_x = p->x;
			ck_assert_msg(fabs(p->x - axis_x) < 0.01, "page %zu: "
				      "axes at %.2f and %.2f", i + 1, axis_x,
				      p->x);
			axes++;
		}
	}
	/* the overview's and the eight bar charts' */
	ck_assert_uint_ge(axes, 9);
	for (i = 0; i < n_pages; i++)
		br_scene_free(pages[i]);
	free(pages);
	br_chart_plan_fini(&plan);
	done(&an);
	br_resultset_free(rs);
}
END_TEST

/* ------------------------------------------------ grouped, overview */

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

/* Issue 14: the TPC-H mail's table as read (samples/), values written
 * as m:ss: labels from 2 minutes on and the axis in m:ss ("26:20" on
 * 5-minute ticks), smaller values in seconds.  Looked at as PNG. */
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
	ck_assert_ptr_nonnull(strstr(d, "\"115\""));  /* under 2 minutes */
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
	tcase_add_test(tc, test_bar_huge);
	tcase_add_test(tc, test_bar_tiny);
	tcase_add_test(tc, test_bar_all_failed);
	tcase_add_test(tc, test_bar_many);
	tcase_add_test(tc, test_bar_whiskers);
	tcase_add_test(tc, test_bar_negative);
	tcase_add_test(tc, test_bar_single);
	tcase_add_test(tc, test_bar_parts);
	tcase_add_test(tc, test_report_print);
	tcase_add_test(tc, test_line);
	tcase_add_test(tc, test_line_top_room);
	tcase_add_test(tc, test_report);
	tcase_add_test(tc, test_long_utf8);
	suite_add_tcase(s, tc);

	tc = tcase_create("grouped");
	tcase_add_checked_fixture(tc, NULL, teardown);
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_grouped_tpch);
	tcase_add_test(tc, test_grouped_tpch_durations);
	tcase_add_test(tc, test_grouped_many_series);
	tcase_add_test(tc, test_grouped_multiway);
	tcase_add_test(tc, test_colours_shared);
	suite_add_tcase(s, tc);

	tc = tcase_create("backends");
	tcase_add_checked_fixture(tc, NULL, teardown);
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_svg);
	tcase_add_test(tc, test_png);
	suite_add_tcase(s, tc);
	return s;
}
