/*
 * check_chart_trend.c - trend charts of a history (render/chart/
 * trend.h) built from a history filled in by hand: what they draw comes
 * from the history (the points' means and intervals, each kept change's
 * words, interval and place, the levels between changes, the suite's
 * geometric mean), and at every width from 300 to 2000 points, with 3 to
 * 365 points, long labels and labels in other scripts, no text leaves
 * the canvas and no two texts overlap (scene_props.h).
 * BR_RENDER_OUT=DIR saves each chart drawn at 300, 600 and 2000 as PNG.
 */
#include <check.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <dirent.h>
#include <unistd.h>

#include "analysis/history.h"
#include "render/chart/trend.h"
#include "render/report/history_int.h"
#include "render/report/history_out.h"
#include "render/paint/render.h"
#include "render_check.h"
#include "scene_check.h"
#include "scene_props.h"

Suite *br_suite_chart_trend(void);

/* A history of n points and two series filled by hand. */
struct fake {
	struct br_resultset *rs;
	struct analysed an;
	struct br_history h;
	struct br_hist_point *points;
	struct br_hist_series series[2];
	struct br_hist_change ch[3];
	size_t anomalies[1];
	double *gm, *lo, *hi;
	char (*names)[96];
	char (*texts)[32];
};

enum label_kind { LAB_DATE, LAB_LONG, LAB_SCRIPTS };

static void fake_label(char *buf, size_t size, size_t k, enum label_kind lk)
{
	static const char *const scripts[] = {
		"\346\265\213\350\257\225\346\234\272 %zu",  /* CJK */
		"\330\247\331\204\331\206\330\270\330\247\331\205 %zu", /* Arabic */
		"\320\241\320\265\321\200\320\262\320\265\321\200 %zu", /* Cyrillic */
	};

	if (lk == LAB_DATE)
		snprintf(buf, size, "2024-%02zu-%02zu", 1 + (k / 28) % 12,
			 1 + k % 28);
	else if (lk == LAB_LONG)
		snprintf(buf, size, "Clear Linux OS 24870 kernel 4.15.0-%zu-gcp"
			 " with a very long build identifier", k);
	else
		snprintf(buf, size, scripts[k % 3], k);
	if (lk == LAB_DATE && k >= 336)   /* distinct names past a year */
		snprintf(buf + strlen(buf), size - strlen(buf), "b");
}

/* Test values: a step at `at` by factor f, a little noise. */
static void fake_test(struct fake *F, size_t n, const char *title,
		      const char *desc, const char *unit, const char *prop,
		      double level, size_t at, double f, size_t gap)
{
	struct fixture_entry *fe = calloc(n, sizeof *fe);
	size_t k;

	ck_assert_ptr_nonnull(fe);
	for (k = 0; k < n; k++) {
		double v = level * (k >= at ? f : 1) *
			   (1 + 0.01 * sin((double)k * 1.7));

		snprintf(F->texts[k], sizeof F->texts[k], "%.2f", v);
		fe[k].system = F->names[k];
		fe[k].value = k == gap ? NULL : F->texts[k];
		fe[k].se = v * 0.004;
		fe[k].n = 3;
		fe[k].error = "failed";
	}
	make_test(F->rs, title, "1.1.2", desc, unit, prop, fe, n);
	free(fe);
}

/* The changes of series 0 (a regression at 3n/5, place set around it)
 * and series 1 (an improvement at n/3 and a noise change). */
static void fake_changes(struct fake *F, size_t n)
{
	struct br_hist_change *c = F->ch;

	memset(F->ch, 0, sizeof F->ch);
	c[0].cp.kind = BR_CP_SHIFT;
	c[0].cp.at = 3 * n / 5;
	c[0].cp.at_lo = c[0].cp.at > 2 ? c[0].cp.at - 2 : 0;
	c[0].cp.at_hi = c[0].cp.at + 1 < n ? c[0].cp.at + 1 : c[0].cp.at;
	c[0].cp.mean_before = 2240, c[0].cp.mean_after = 1792;
	c[0].cp.sd_before = 15, c[0].cp.sd_after = 12;
	c[0].cp.ratio = 0.8, c[0].cp.ratio_lo = 0.78, c[0].cp.ratio_hi = 0.82;
	c[0].kept = c[0].regression = true;
	c[0].words = "1.25x slower from the 60% point";
	c[0].where_words = "between the 58% point and the 61% point";
	c[0].ci_words = "1.22x to 1.28x";
	c[1].cp.kind = BR_CP_SHIFT;
	c[1].cp.at = c[1].cp.at_lo = c[1].cp.at_hi = n / 3;
	c[1].cp.mean_before = 125, c[1].cp.mean_after = 100;
	c[1].cp.sd_before = 1, c[1].cp.sd_after = 0.8;
	c[1].cp.ratio = 0.8, c[1].cp.ratio_lo = 0.79, c[1].cp.ratio_hi = 0.81;
	c[1].kept = true;
	c[1].words = "1.25x faster from the 33% point";
	c[1].where_words = "at the 33% point";
	c[2] = c[1];
	c[2].cp.kind = BR_CP_NOISE;
	c[2].cp.at = c[2].cp.at_lo = c[2].cp.at_hi = n / 3 + (n > 9 ? 5 : 1);
	c[2].words = "noise 2.0x larger from the 38% point";
	c[2].ci_words = NULL;
	c[2].kept = n > 3;
}

static void fake_new(struct fake *F, size_t n, enum label_kind lk)
{
	size_t k;

	memset(F, 0, sizeof *F);
	F->rs = br_resultset_new();
	F->names = calloc(n, sizeof *F->names);
	F->texts = calloc(n, sizeof *F->texts);
	F->points = calloc(n, sizeof *F->points);
	F->gm = calloc(n, sizeof *F->gm);
	F->lo = calloc(n, sizeof *F->lo);
	F->hi = calloc(n, sizeof *F->hi);
	ck_assert(F->names && F->texts && F->points && F->gm && F->lo &&
		  F->hi);
	for (k = 0; k < n; k++)
		fake_label(F->names[k], sizeof F->names[k], k, lk);
	fake_test(F, n, "CacheBench", "Test: Read", "MB/s", "HIB", 2240,
		  3 * n / 5, 0.8, n > 3 ? 1 : n);
	fake_test(F, n, "Timed Linux Kernel Compilation", "Build: defconfig",
		  "Seconds", "LIB", 125, n / 3, 0.8, n);
	analyse(F->rs, &F->an, 0);
	fake_changes(F, n);
	for (k = 0; k < n; k++) {
		F->points[k].system = k;
		F->points[k].label = F->names[k];
		F->gm[k] = (k >= n / 3 ? 1.12 : 1) * (k >= 3 * n / 5 ? 0.9 :
			   1) * (k ? 1 + 0.005 * sin((double)k) : 1);
		F->lo[k] = k ? F->gm[k] * 0.985 : NAN;
		F->hi[k] = k ? F->gm[k] * 1.015 : NAN;
	}
	F->anomalies[0] = n / 5;
	F->series[0].at = &F->an.a->tests[0];
	F->series[0].name = "CacheBench: Test: Read";
	F->series[0].changes = &F->ch[0];
	F->series[0].n_changes = F->series[0].n_kept = 1;
	F->series[0].anomalies = F->anomalies;
	F->series[0].n_anomalies = n > 5;
	F->series[1].at = &F->an.a->tests[1];
	F->series[1].name = "Timed Linux Kernel Compilation";
	F->series[1].changes = &F->ch[1];
	F->series[1].n_changes = F->series[1].n_kept = 2;
	F->h.rs = F->rs;
	F->h.an = F->an.a;
	F->h.o.an.confidence = 0.95;
	F->h.o.cp.confidence = 0.95;
	F->h.order_words = "ordered by the results' dates";
	F->h.n_tested = 2;
	F->h.n_changes = 2 + F->ch[2].kept;
	F->h.fdr_words = "3 changes in 2 series at q 0.05; at most 0.15 "
			 "expected by chance";
	F->h.points = F->points;
	F->h.n_points = n;
	F->h.series = F->series;
	F->h.n_series = 2;
	F->h.trend.ok = true;
	F->h.trend.n_tests = 2;
	F->h.trend.gm = F->gm;
	F->h.trend.lo = F->lo;
	F->h.trend.hi = F->hi;
}

static void fake_free(struct fake *F)
{
	done(&F->an);
	br_resultset_free(F->rs);
	free(F->names);
	free(F->texts);
	free(F->points);
	free(F->gm);
	free(F->lo);
	free(F->hi);
}

/* Whether sc has a text run s. */
static bool has_text(const struct br_scene *sc, const char *s)
{
	size_t i;

	for (i = 0; i < sc->n_prims; i++)
		if (sc->prims[i].kind == BR_PRIM_TEXT &&
		    !strcmp(sc->prims[i].text, s))
			return true;
	return false;
}

static size_t count_kind(const struct br_scene *sc, enum br_prim_kind k,
			 uint32_t fill)
{
	size_t i, n = 0;

	for (i = 0; i < sc->n_prims; i++)
		n += sc->prims[i].kind == k && sc->prims[i].fill == fill;
	return n;
}

/* Chart s of F (SIZE_MAX: the suite trend) at width w. */
static struct br_scene *draw(const struct fake *F, size_t s, double w)
{
	struct br_chart_opts o;
	struct br_scene *sc = NULL;
	struct br_error err;
	int rc;

	br_chart_opts_defaults(&o);
	o.width = w;
	br_error_clear(&err);
	rc = s == SIZE_MAX ? br_chart_suite_trend(&F->h, &o, &sc, &err) :
	     br_chart_trend(&F->h, s, &o, &sc, &err);
	ck_assert_msg(rc == BR_OK, "%s", err.msg);
	return sc;
}

static void look(const struct br_scene *sc, const char *name)
{
	size_t len;
	char *b;

	if (!getenv("BR_RENDER_OUT"))
		return;
	b = bytes(sc, BR_IMAGE_PNG, &len);
	save(getenv("BR_RENDER_OUT"), name, "png", b, len);
	free(b);
}

/* What a series' chart draws comes from the history. */
START_TEST(test_trend_content)
{
	struct fake F;
	struct br_scene *sc;

	fake_new(&F, 30, LAB_DATE);
	sc = draw(&F, 0, 600);
	ck_assert(has_text(sc, "1.25x slower from the 60% point"));
	ck_assert(has_text(sc, "95% CI 1.22x to 1.28x; between the 58% "
			   "point and the 61% point"));
	ck_assert(has_text(sc, "MB/s, More Is Better"));
	ck_assert(has_text(sc, "Regression"));
	ck_assert(has_text(sc, "Anomaly"));
	ck_assert(!has_text(sc, "Improvement"));
	/* 29 points with a value (point 1 failed: a gap) and the
	 * legend's key */
	ck_assert_uint_eq(count_kind(sc, BR_PRIM_CIRCLE, 0x231f20), 30);
	br_scene_free(sc);
	sc = draw(&F, 1, 600);
	ck_assert(has_text(sc, "1.25x faster from the 33% point"));
	ck_assert(has_text(sc, "noise 2.0x larger from the 38% point"));
	/* no ci_words: the ratio as the detector has it */
	ck_assert(has_text(sc, "after / before 0.800x, 95% CI 0.790x to "
			   "0.810x; at the 33% point"));
	ck_assert(has_text(sc, "Seconds, Fewer Is Better"));
	/* every label upright: no "every 2nd labelled" */
	ck_assert(has_text(sc, "30 points, \u200e2024-01-01\u200e to "
			   "\u200e2024-02-02\u200e, ordered by the results' "
			   "dates"));
	br_scene_free(sc);
	sc = draw(&F, SIZE_MAX, 600);
	ck_assert(has_text(sc, "Suite trend"));
	ck_assert(has_text(sc, "Geometric mean"));
	br_scene_free(sc);
	fake_free(&F);
}
END_TEST

/* The scenes of a history of 30 days, reviewed (tests/data/render/
 * trend-*.scene; BR_RENDER_ACCEPT=1 rewrites them). */
START_TEST(test_trend_golden)
{
	struct fake F;
	struct br_scene *sc;

	fake_new(&F, 30, LAB_DATE);
	sc = draw(&F, 0, 600);
	golden("trend-regression", sc);
	br_scene_free(sc);
	sc = draw(&F, 1, 600);
	golden("trend-improvement-noise", sc);
	br_scene_free(sc);
	sc = draw(&F, SIZE_MAX, 600);
	golden("trend-suite", sc);
	br_scene_free(sc);
	fake_free(&F);
}
END_TEST

/* Sixteen kept changes on series 1 (the detector's most), their places
 * crowded into the first third with wide place sets: tags in rows. */

static char many_words[16][96];

static void many_changes(struct fake *F, struct br_hist_change *many)
{
	size_t n = F->h.n_points, k;

	for (k = 0; k < 16; k++) {
		many[k] = F->ch[1];
		many[k].cp.at = 1 + k * (n / 3 + 1) / 17;
		if (many[k].cp.at >= n)
			many[k].cp.at = n - 1;
		many[k].cp.at_lo = many[k].cp.at > 3 ? many[k].cp.at - 3 : 0;
		many[k].cp.at_hi = many[k].cp.at + 2 < n ? many[k].cp.at + 2 :
				   n - 1;
		many[k].regression = k % 2;
		many[k].cp.kind = k % 5 == 4 ? BR_CP_NOISE : BR_CP_SHIFT;
		/* a history's words always name their place, so no two
		 * changes of one series read the same */
		if (k % 2)
			snprintf(many_words[k], sizeof many_words[k],
				 "1.07x slower from point %zu, whose label is "
				 "long enough to wrap: point %zu", k, k);
		else
			snprintf(many_words[k], sizeof many_words[k],
				 "1.07x faster from point %zu", k);
		many[k].words = many_words[k];
	}
	F->series[1].changes = many;
	F->series[1].n_changes = F->series[1].n_kept = 16;
}

static const size_t sizes[] = {3, 12, 60, 365};

/* No text off the canvas, none overlapping, at widths 300 to 2000. */
START_TEST(test_trend_props)
{
	struct br_hist_change many[16];
	enum label_kind lk;
	size_t z, s, w;

	for (lk = LAB_DATE; lk <= LAB_SCRIPTS; lk++)
		for (z = 0; z < sizeof sizes / sizeof *sizes; z++) {
			struct fake F;

			fake_new(&F, sizes[z], lk);
			for (s = 0; s < 4; s++)
				for (w = 300; w <= 2000; w += 50) {
					size_t which = s == 2 ? SIZE_MAX :
						       s == 3 ? 1 : s;
					struct br_scene *sc;

					if (s == 3 && w == 300)
						many_changes(&F, many);
					sc = draw(&F, which, (double)w);
					char msg[512], name[64];
					const char *m = props_check(sc, false,
							msg, sizeof msg);

					snprintf(name, sizeof name,
						 "trend-%d-%zu-%zu-%zu", lk,
						 sizes[z], s, w);
					if (w == 300 || w == 600 || w == 2000)
						look(sc, name);
					ck_assert_msg(m == NULL, "%s: %s", name,
						      m);
					br_scene_free(sc);
				}
			fake_free(&F);
		}
}
END_TEST

/* The files of directory dir, sorted, joined by spaces. */
static char *listing(const char *dir)
{
	struct dirent **e;
	int n = scandir(dir, &e, NULL, alphasort), k;
	char *out = calloc(4096, 1);

	ck_assert(n >= 0 && out);
	for (k = 0; k < n; k++) {
		if (e[k]->d_name[0] != '.') {
			strcat(out, *out ? " " : "");
			strcat(out, e[k]->d_name);
		}
		free(e[k]);
	}
	free(e);
	return out;
}

/* Remove directory dir and its files. */
static void rm_tree(const char *dir)
{
	char cmd[512];

	snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
	ck_assert_int_eq(system(cmd), 0);
}

static int write_drawn(const struct fake *F, const char *format,
		       bool report, const char *path, struct br_error *err)
{
	struct br_hist_out_opts o;
	struct br_chart_opts c;

	memset(&o, 0, sizeof o);
	br_chart_opts_defaults(&c);
	o.chart = &c;
	o.generator = "benchreport test";
	o.title = "CacheBench over days";
	br_error_clear(err);
	return br_history_write_drawn(&F->h, format, report, path, &o, err);
}

/* One file per drawn series, named as render names a test's chart, and
 * the suite trend, as a set; one PDF of them all; the reports. */
START_TEST(test_trend_files)
{
	char tmp[] = "/tmp/br-trend-XXXXXX", path[600], msg[800], *l, *b;
	struct br_error err;
	struct fake F;
	size_t len;

	ck_assert_ptr_nonnull(mkdtemp(tmp));
	fake_new(&F, 30, LAB_DATE);
	snprintf(path, sizeof path, "%s/charts/", tmp);
	ck_assert_int_eq(write_drawn(&F, "svg", false, path, &err), BR_OK);
	l = listing(path);
	ck_assert_str_eq(l, "00-suite-trend.svg 01-cachebench-test-read.svg "
			 "02-timed-linux-kernel-compilation-build-defconfig"
			 ".svg");
	free(l);
	/* a new set replaces the last one; a series without a change is
	 * drawn too */
	F.series[1].n_kept = 0;
	ck_assert_int_eq(write_drawn(&F, "png", false, path, &err), BR_OK);
	l = listing(path);
	ck_assert_str_eq(l, "00-suite-trend.png 01-cachebench-test-read.png "
			 "02-timed-linux-kernel-compilation-build-defconfig"
			 ".png");
	free(l);
	/* ... but not in the report */
	snprintf(path, sizeof path, "%s/changed.html", tmp);
	ck_assert_int_eq(write_drawn(&F, "html", false, path, &err), BR_OK);
	b = slurp(path);
	ck_assert_ptr_nonnull(strstr(b, "1 series without a change or an "
				     "anomaly is not drawn here"));
	free(b);
	F.series[1].n_kept = 2;
	snprintf(path, sizeof path, "%s/all.pdf", tmp);
	ck_assert_int_eq(write_drawn(&F, "pdf", false, path, &err), BR_OK);
	b = slurp(path);
	ck_assert(b && !strncmp(b, "%PDF", 4));
	free(b);
	snprintf(path, sizeof path, "%s/report.pdf", tmp);
	ck_assert_int_eq(write_drawn(&F, "PDF", true, path, &err), BR_OK);
	snprintf(path, sizeof path, "%s/report.html", tmp);
	ck_assert_int_eq(write_drawn(&F, "html", true, path, &err), BR_OK);
	b = slurp(path);
	ck_assert_ptr_nonnull(b);
	ck_assert_ptr_nonnull(strstr(b, "<td class=\"worse\"><span class=\""
				     "tag\">regression</span>1.25x slower from "
				     "the 60% point</td>"));
	ck_assert_ptr_nonnull(strstr(b, "Ordered by the results&#39; dates"));
	len = 0;
	for (l = b; (l = strstr(l, "<svg")); l++)
		len++;
	ck_assert_uint_eq(len, 3);
	free(b);
	if (getenv("BR_RENDER_OUT")) {
		snprintf(path, sizeof path, "%s/history.html",
			 getenv("BR_RENDER_OUT"));
		write_drawn(&F, "html", true, path, &err);
		snprintf(path, sizeof path, "%s/history.pdf",
			 getenv("BR_RENDER_OUT"));
		write_drawn(&F, "pdf", true, path, &err);
	}
	/* errors: nothing written */
	snprintf(path, sizeof path, "%s/one.svg", tmp);
	ck_assert_int_eq(write_drawn(&F, "svg", false, path, &err),
			 BR_EUSAGE);
	snprintf(msg, sizeof msg, "-o %s is one file, but the history draws "
		 "a chart per test: give a directory (-o DIR/), or PDF for "
		 "all in one file", path);
	ck_assert_str_eq(err.msg, msg);
	ck_assert_int_eq(write_drawn(&F, "csv", false, path, &err),
			 BR_EUSAGE);
	ck_assert_str_eq(err.msg, "history: format 'csv' is not drawn (svg, "
			 "png, pdf, html)");
	ck_assert_int_eq(access(path, F_OK), -1);
	fake_free(&F);
	rm_tree(tmp);
}
END_TEST

/* The PDF report's pages on A4 and Letter, 365 points and sixteen
 * changes: every text on its page, none overlapping, every page of the
 * paper's size. */
START_TEST(test_trend_pdf_pages)
{
	static const enum br_paper papers[2] = {BR_PAPER_A4, BR_PAPER_LETTER};
	static const double pw[2] = {595.28, 612}, ph[2] = {841.89, 792};
	struct br_hist_change many[16];
	struct fake F;
	size_t p, k;

	fake_new(&F, 365, LAB_LONG);
	many_changes(&F, many);
	for (p = 0; p < 2; p++) {
		struct br_hist_out_opts o;
		struct br_chart_opts c;
		struct br_scene **pages = NULL;
		struct br_error err;
		size_t n = 0;

		memset(&o, 0, sizeof o);
		br_chart_opts_defaults(&c);
		c.paper = papers[p];
		o.chart = &c;
		br_error_clear(&err);
		ck_assert_int_eq(br_history_pdf_pages(&F.h, &o, &pages, &n,
						      &err), BR_OK);
		/* the first page, the suite trend, two series */
		ck_assert_uint_ge(n, 3);
		for (k = 0; k < n; k++) {
			char msg[512];
			const char *m = props_check(pages[k], false, msg,
						    sizeof msg);

			ck_assert_msg(m == NULL, "page %zu: %s", k + 1, m);
			ck_assert_double_eq_tol(pages[k]->width, pw[p], 0.01);
			ck_assert_double_eq_tol(pages[k]->height, ph[p], 0.01);
			br_scene_free(pages[k]);
		}
		free(pages);
	}
	fake_free(&F);
}
END_TEST

Suite *br_suite_chart_trend(void)
{
	Suite *s = suite_create("chart_trend");
	TCase *tc = tcase_create("trend");

	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, test_trend_content);
	tcase_add_test(tc, test_trend_golden);
	tcase_add_test(tc, test_trend_props);
	tcase_add_test(tc, test_trend_files);
	tcase_add_test(tc, test_trend_pdf_pages);
	suite_add_tcase(s, tc);
	return s;
}
