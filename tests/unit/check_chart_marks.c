/*
 * check_chart_marks.c - what a chart's marks say (issue 21): one value
 * draws and labels a bar; an off-scale speedup is marked with its value;
 * a single run has a look of its own; colours within a chart differ;
 * an overview strip says where a system has no result.  Each case is a
 * golden scene (tests/data/render/NAME.scene) plus the numbers it rests
 * on, asserted here.
 */
#include <check.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analyse_check.h"
#include "render_check.h"

Suite *br_suite_chart_marks(void);

struct drawn {
	struct br_resultset *rs;
	struct br_selection sel;
	struct br_analysis *a;
	struct br_scene *sc;
};

/* The first chart of type kind (whole or per test) of path (of the
 * systems named, NULL: all), test i (for a per-test type) or part i (a
 * whole one), at width. */
static void draw(struct drawn *d, const char *path, const char *systems,
		 const char *kind, bool whole, size_t i, double width)
{
	const struct br_chart_type *ty = br_chart_find(kind, whole);
	struct br_chart_job j = {ty, whole ? SIZE_MAX : i, whole ? i : 0,
				 false};
	struct br_chart_opts o;
	struct br_scene **sc = NULL;
	struct br_error err;
	size_t n = 0, k;

	ck_assert_ptr_nonnull(ty);
	d->rs = br_resultset_new();
	d->a = analyse_file(d->rs, path, BR_AN_SCALING | BR_AN_COMPARE |
			    BR_AN_RANKS | BR_AN_LEAN | BR_AN_POINTS, &d->sel);
	br_error_clear(&err);
	if (systems) {   /* again, of these systems only */
		struct br_analysis_opts ao;

		br_analysis_free(d->a);
		br_selection_fini(&d->sel);
		ck_assert_int_eq(br_select(d->rs, NULL, systems, &d->sel, &err),
				 BR_OK);
		br_analysis_opts_defaults(&ao);
		ao.what = BR_AN_SCALING | BR_AN_COMPARE | BR_AN_RANKS |
			  BR_AN_LEAN | BR_AN_POINTS;
		ck_assert_int_eq(br_analyse(&d->sel, &ao, &d->a, &err), BR_OK);
	}
	br_chart_opts_defaults(&o);
	o.width = width;
	ck_assert_int_eq(br_chart_build(d->a, &j, &o, 0, &sc, &n, &err),
			 BR_OK);
	ck_assert_uint_ge(n, 1);
	d->sc = sc[0];
	for (k = 1; k < n; k++)
		br_scene_free(sc[k]);
	free(sc);
}

static void drawn_free(struct drawn *d)
{
	br_scene_free(d->sc);
	br_analysis_free(d->a);
	br_selection_fini(&d->sel);
	br_resultset_free(d->rs);
}

/* The text run that reads s, or NULL. */
static const struct br_prim *text_of(const struct br_scene *sc,
				     const char *s)
{
	size_t i;

	for (i = 0; i < sc->n_prims; i++)
		if (sc->prims[i].kind == BR_PRIM_TEXT &&
		    !strcmp(sc->prims[i].text, s))
			return &sc->prims[i];
	return NULL;
}

/* The filled rect across baseline y (a bar beside its label), or NULL. */
static const struct br_prim *bar_at(const struct br_scene *sc, double y)
{
	size_t i;

	for (i = 0; i < sc->n_prims; i++) {
		const struct br_prim *p = &sc->prims[i];

		if (p->kind == BR_PRIM_RECT && p->h >= 10 && p->h < 60 &&
		    p->y <= y && y <= p->y + p->h && p->fill != BR_NONE &&
		    p->x >= sc->axis_x - 0.5 && p->x <= sc->axis_x + 0.5)
			return p;
	}
	return NULL;
}

/* Defect 2: published values 100.00 ... 600.00 over runs that all
 * average 350: each bar ends at the value it is labelled with, so the
 * six bars grow as 1 : 2 : ... : 6 (they were six equal bars).  Looked
 * at: bar-published-off.png (BR_RENDER_OUT) and the CLI's SVG through
 * rsvg-convert. */
START_TEST(test_published_value_draws)
{
	static const char *const label[] = {
		"100.00", "200.00", "300.00", "400.00", "500.00", "600.00",
	};
	struct drawn d;
	double len0 = 0;
	size_t k;

	draw(&d, "data/pts/published-off.xml", NULL, "bar", false, 0, 600);
	for (k = 0; k < 6; k++) {
		const struct br_prim *t = text_of(d.sc, label[k]), *b;

		ck_assert_msg(t != NULL, "no label %s", label[k]);
		b = bar_at(d.sc, t->y - 3);
		ck_assert_msg(b != NULL, "no bar at %s", label[k]);
		if (k == 0)
			len0 = b->w;
		ck_assert_msg(fabs(b->w - len0 * (double)(k + 1)) <= 1.0,
			      "bar %s is %.2f long, want %.2f", label[k], b->w,
			      len0 * (double)(k + 1));
	}
	golden("bar-published-off", d.sc);
	drawn_free(&d);
}
END_TEST

/* br_entry_published_off: 100.00 over runs of mean 350 is off; PTS's
 * own rounding (5434.96 for 5434.955) is not. */
START_TEST(test_published_off)
{
	struct br_resultset *rs = br_resultset_new();
	struct br_selection sel;
	struct br_analysis *a = analyse_file(rs, "data/pts/published-off.xml",
					     0, &sel);
	double pub, mean;
	size_t n, j;

	for (j = 0; j < 6; j++) {
		ck_assert(br_entry_published_off(a->tests[0].cells[j].entry,
						 &pub, &mean, &n));
		ck_assert(pub == 100.0 * (double)(j + 1));
		ck_assert(fabs(mean - 350) < 1e-9);
		ck_assert_uint_eq(n, 3);
		ck_assert(!br_entry_published_off(a->tests[1].cells[j].entry,
						  &pub, &mean, &n));
	}
	br_analysis_free(a);
	br_selection_fini(&sel);
	br_resultset_free(rs);
}
END_TEST

/* Primitives of kind whose colour (fill, or stroke for lines) is c. */
static size_t count(const struct br_scene *sc, enum br_prim_kind kind,
		    uint32_t c)
{
	size_t i, n = 0;

	for (i = 0; i < sc->n_prims; i++)
		n += sc->prims[i].kind == kind &&
		     (kind == BR_PRIM_LINE ? sc->prims[i].stroke :
		      sc->prims[i].fill) == c;
	return n;
}

/* A text run containing s, or NULL. */
static const struct br_prim *text_with(const struct br_scene *sc,
				       const char *s)
{
	size_t i;

	for (i = 0; i < sc->n_prims; i++)
		if (sc->prims[i].kind == BR_PRIM_TEXT &&
		    strstr(sc->prims[i].text, s))
			return &sc->prims[i];
	return NULL;
}

#define OV_MARKS "data/csv/tidy-overview-marks.csv"

/* Defects 5, 6 and 11 in a strip of dots (four candidates): speedups of
 * 52,752x, 30,543x and 10,490x are arrows at the axis' end with their
 * values beside them, not dots at 1024x; Charlie's failure and Delta's
 * absence are crosses with the words; negative values say that there is
 * no ratio, not "no result"; single runs are ringed dots; the footnote
 * names each look.  Looked at: overview-marks-dots.png. */
START_TEST(test_overview_dots_marks)
{
	struct drawn d;
	const struct br_prim *t;
	size_t i, arrows = 0, rings = 0;

	draw(&d, OV_MARKS, NULL, "overview", true, 0, 600);
	t = text_of(d.sc, "52,752x 30,543x 10,490x");
	ck_assert_ptr_nonnull(t);
	for (i = 0; i < d.sc->n_prims; i++) {
		const struct br_prim *p = &d.sc->prims[i];

		/* a triangle pointing right, its tip past the label */
		arrows += p->kind == BR_PRIM_POLYLINE && p->n_pts == 3 &&
			  p->pts[2] > p->pts[0] && p->pts[0] > t->x &&
			  fabs(p->pts[3] - t->y) < 8;
		rings += p->kind == BR_PRIM_CIRCLE && p->fill == 0xffffff &&
			 p->stroke != BR_NONE && p->stroke_width == 1.25;
	}
	ck_assert_uint_eq(arrows, 3);
	ck_assert_uint_eq(rings, 4);   /* the four single runs */
	ck_assert_ptr_nonnull(text_of(d.sc, "failed, not run"));
	ck_assert_ptr_nonnull(text_of(d.sc, "no ratio: \u2264 0"));
	ck_assert_ptr_null(text_of(d.sc, "no result"));
	ck_assert_ptr_nonnull(text_with(d.sc, "Ringed: single runs, no "
					"interval."));
	ck_assert_ptr_nonnull(text_with(d.sc, "Arrow: beyond the axis"));
	ck_assert_ptr_nonnull(text_with(d.sc, "Cross: no result"));
	golden("overview-marks-dots", d.sc);
	drawn_free(&d);
}
END_TEST

/* The same in bars (two candidates): bars past the axis broken, with
 * their true values; single runs hatched, and said so.  Looked at:
 * overview-marks-lanes.png and the PDF through pdftoppm. */
START_TEST(test_overview_lanes_marks)
{
	struct drawn d;

	draw(&d, OV_MARKS, "Base,Alpha,Charlie", "overview", true, 0, 600);
	ck_assert_ptr_nonnull(text_of(d.sc, "52,752x"));
	ck_assert_ptr_nonnull(text_of(d.sc, "10,490x"));
	ck_assert_ptr_nonnull(text_of(d.sc, "failed"));
	/* two breaks (two white strokes each) */
	ck_assert_uint_eq(count(d.sc, BR_PRIM_LINE, d.sc->background), 4);
	ck_assert_ptr_nonnull(text_with(d.sc, "Hatched: single runs, no "
					"interval."));
	golden("overview-marks-lanes", d.sc);
	drawn_free(&d);
}
END_TEST

/* Defect 7: eleven systems, three more than the palette's colours.  In
 * the bar chart the ninth to eleventh bars carry their marker at the
 * zero end (a square), so no two bars look alike; in the scaling chart
 * their lines are dashed (and their legend keys squares).  Looked at:
 * bar-eleven.png and scaling-eleven.png. */
START_TEST(test_colours_past_palette)
{
	struct drawn d;
	size_t i, j, n_bars = 0, n_lines = 0;
	uint32_t fill[16];
	int marked[16];
	struct { uint32_t c; double dash; } line[16];

	draw(&d, "data/csv/tidy-eleven.csv", NULL, "bar", false, 0, 600);
	for (i = 0; i < d.sc->n_prims && n_bars < 16; i++) {
		const struct br_prim *p = &d.sc->prims[i], *q;

		if (p->kind != BR_PRIM_RECT || p->h < 20 || p->fill == BR_NONE
		    || p->x != d.sc->axis_x)
			continue;
		fill[n_bars] = p->fill;
		q = i + 1 < d.sc->n_prims ? p + 1 : NULL;
		/* the marker right after its bar, inside its zero end */
		marked[n_bars] = q && q->kind == BR_PRIM_RECT && q->w < 8 &&
				 q->x > p->x && q->x < p->x + 11;
		n_bars++;
	}
	ck_assert_uint_eq(n_bars, 11);
	for (i = 0; i < n_bars; i++)
		for (j = i + 1; j < n_bars; j++)
			ck_assert_msg(fill[i] != fill[j] || marked[i] !=
				      marked[j], "bars %zu and %zu look alike",
				      i, j);
	golden("bar-eleven", d.sc);
	drawn_free(&d);

	draw(&d, "data/csv/tidy-eleven.csv", NULL, "scaling", true, 0, 600);
	for (i = 0; i < d.sc->n_prims && n_lines < 16; i++) {
		const struct br_prim *p = &d.sc->prims[i];

		if (p->kind != BR_PRIM_POLYLINE || p->fill != BR_NONE ||
		    p->stroke_width != 2)
			continue;
		line[n_lines].c = p->stroke;
		line[n_lines].dash = p->dash;
		n_lines++;
	}
	ck_assert_uint_eq(n_lines, 11);
	for (i = 0; i < n_lines; i++)
		for (j = i + 1; j < n_lines; j++)
			ck_assert_msg(line[i].c != line[j].c ||
				      line[i].dash != line[j].dash,
				      "lines %zu and %zu look alike", i, j);
	golden("scaling-eleven", d.sc);
	drawn_free(&d);
}
END_TEST

/* Defect 6 in a scaling chart: IOzone's HAMMER2 has single runs, so its
 * line is dotted, its points hollow, and the footnote says so under the
 * promise of 95% CIs the other lines keep (scene scaling-iozone).
 * Looked at: scaling-iozone.png. */
START_TEST(test_scaling_single_runs)
{
	struct drawn d;
	size_t i, dotted = 0, hollow = 0;

	draw(&d, "../samples/seed-000-dragonfly-hammer.csv", NULL, "scaling",
	     true, 0, 600);
	for (i = 0; i < d.sc->n_prims; i++) {
		const struct br_prim *p = &d.sc->prims[i];

		dotted += p->kind == BR_PRIM_POLYLINE && p->dash == 1.5;
		hollow += p->kind == BR_PRIM_CIRCLE && p->fill == 0xffffff &&
			  p->r == 3;
	}
	ck_assert_uint_ge(dotted, 1);
	ck_assert_uint_ge(hollow, 3);
	ck_assert_ptr_nonnull(text_of(d.sc, "Dotted line, hollow point: a "
				      "single run (N = 1), no interval."));
	drawn_free(&d);
}
END_TEST

/* br_series_style: no two of the first 120 series (15 rounds of the
 * palette) share colour, marker and dash, so lines (dash) and dots and
 * bars (marker) of one chart differ. */
START_TEST(test_series_styles_differ)
{
	struct br_style st[120];
	size_t i, j;

	for (i = 0; i < 120; i++)
		st[i] = br_series_style(i);
	for (i = 0; i < 120; i++)
		for (j = i + 1; j < 120; j++) {
			ck_assert_msg(st[i].color != st[j].color ||
				      st[i].marker != st[j].marker ||
				      st[i].dash != st[j].dash,
				      "series %zu and %zu alike", i, j);
			/* within 40 (5 markers), the marker alone differs */
			if (j < 40)
				ck_assert(st[i].color != st[j].color ||
					  st[i].marker != st[j].marker);
			/* within 24 (3 dashes), the line alone differs */
			if (j < 24)
				ck_assert(st[i].color != st[j].color ||
					  st[i].dash != st[j].dash);
		}
}
END_TEST

Suite *br_suite_chart_marks(void)
{
	Suite *s = suite_create("chart_marks");
	TCase *tc = tcase_create("marks");

	tcase_set_timeout(tc, 30);
	tcase_add_test(tc, test_published_value_draws);
	tcase_add_test(tc, test_published_off);
	tcase_add_test(tc, test_overview_dots_marks);
	tcase_add_test(tc, test_overview_lanes_marks);
	tcase_add_test(tc, test_colours_past_palette);
	tcase_add_test(tc, test_scaling_single_runs);
	tcase_add_test(tc, test_series_styles_differ);
	suite_add_tcase(s, tc);
	return s;
}
