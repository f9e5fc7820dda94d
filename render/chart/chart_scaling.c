/*
 * chart_scaling.c - scaling charts: one line chart per scaling family
 * (analysis/scaling.h), the results that differ in one numeric option
 * only, such as Dbench at Client Count 1, 6, 12 and 48.  The option goes
 * on a numeric x axis named after it (log scale when its values span a
 * factor of 8 or more), one line per system in its colour of the whole
 * run, a confidence-interval whisker per point (doc/charts.md, "Scaling
 * charts").  A whole-selection row of the chart table with one part per
 * family.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "chart.h"
#include "../text/text.h"
#include "../../analysis/numfmt.h"
#include "../../analysis/scaling.h"

#define PLOT_H 260.0
#define TOP_ROOM 8.0    /* pt between the highest point and the top */
#define XLABEL_GAP 6.0
#define MANY 24           /* points: past this, a marker at the ends only
			   * and ticks only where labelled */

/* Where x lies across the plot, 0 at the family's first x and 1 at its
 * last: on a log scale when the family says so. */
static double xfrac(const struct br_family *f, double x)
{
	double lo = f->x[0], hi = f->x[f->n - 1];

	if (f->log)
		return (log(x) - log(lo)) / (log(hi) - log(lo));
	return (x - lo) / (hi - lo);
}

static int scaling_layout(const struct br_analysis *a, size_t fi,
			  const struct br_chart_opts *o0,
			  struct br_scene **out, struct br_error *err)
{
	const struct br_family *f = &a->families[fi];
	const struct br_atest *at0 = &a->tests[f->tests[0]];
	const size_t n_sys = a->sel->n_systems;
	struct br_chart_opts o = *o0;
	struct br_font f_tick = {o.family, 10, false, BR_C_TEXT};
	struct br_font f_xcap = {o.family, 8, true, BR_C_TEXT};
	struct br_style *styles = br_system_styles(a, o0);
	struct br_scene *sc = br_scene_new(o.width, 0);
	const char **names = calloc(n_sys + 1, sizeof *names);
	uint32_t *colors = calloc(n_sys + 1, sizeof *colors);
	enum br_marker *markers = calloc(n_sys + 1, sizeof *markers);
	size_t *sys = calloc(n_sys + 1, sizeof *sys);
	double *pts = calloc(2 * f->n + 2, sizeof *pts);
	double vmin = 0, vmax = 0, wmin = 0, left, x0, x1, top, bottom, legend_y;
	double legend_h, w = o.width, y, height, last_end = -INFINITY;
	struct br_test head;
	struct br_axis ax;
	bool shapes = false, any_whisker = false;
	size_t ns = 0, i, k;
	int d, rc = BR_OK;
	char buf[64], *s;

	*out = NULL;
	if (!styles || !sc || !names || !colors || !markers || !sys || !pts)
		goto nomem;
	/* the whiskers are confidence intervals: how far a point can be
	 * trusted is what a scaling line is read for */
	if (o.whiskers != BR_WHISKERS_NONE)
		o.whiskers = BR_WHISKERS_CI;
	/* the systems with a value at some point, and the value range */
	for (i = 0; i < n_sys; i++) {
		bool any = false;

		for (k = 0; k < f->n; k++) {
			const struct br_cell *c =
				&a->tests[f->tests[k]].cells[i];
			double lo, hi;

			if (c->kind != BR_CELL_VALUE)
				continue;
			any = true;
			vmin = fmin(vmin, c->sum.mean);
			vmax = fmax(vmax, c->sum.mean);
			if (br_chart_whisker(&o, &c->sum, &lo, &hi)) {
				wmin = fmin(wmin, lo);
				vmax = fmax(vmax, hi);
			}
		}
		if (!any)
			continue;
		sys[ns] = i;
		names[ns] = br_analysis_system(a, i);
		colors[ns] = styles[i].color;
		markers[ns] = styles[i].marker;
		shapes |= styles[i].marker != BR_MARKER_CIRCLE;
		ns++;
	}
	/* an interval reaching below zero when no mean does (a latency's
	 * t interval) does not take the axis there: a step of plot for a
	 * whisker end; it stops, capless, at zero (doc/charts.md) */
	if (vmin < 0)
		vmin = fmin(vmin, wmin);
	/* the highest point or whisker cap 8 pt under the plot's top, not
	 * on it (doc/charts.md) */
	if (vmax > 0)
		vmax += (vmax - vmin) * TOP_ROOM / PLOT_H;
	br_axis_scale(vmin, vmax, PLOT_H, &f_tick, true, &ax);
	left = fmax(ceil(fmax(50, br_chart_ylabels_width(&ax, &f_tick) + 14)),
		    o.left);
	sc->axis_x = left;
	x0 = left + 10;   /* inset so end points clear the axis */
	x1 = w - 25;

	/* the header of the family: its title, the options it shares */
	head = *at0->t;
	head.description = f->rest;
	legend_h = br_chart_legend(NULL, &o, left, 0, w - 15 - left, names,
				   colors, shapes ? markers : NULL, ns);
	top = br_chart_header(sc, &head, &o, left, legend_h + 4, &legend_y);
	br_chart_legend(sc, &o, left, legend_y, w - 15 - left, names, colors,
			shapes ? markers : NULL, ns);
	bottom = top + PLOT_H;
	br_chart_ygrid(sc, &ax, &f_tick, left, x1 + 10, top, bottom);

#define XOF(v) (x0 + xfrac(f, (v)) * (x1 - x0))
#define YOF(v) (bottom - br_axis_frac(&ax, (v)) * PLOT_H)
	/* x ticks at the family's values, labels that would touch the
	 * last one drawn left out (and, past MANY points, their ticks) */
	d = f->x_decimals;
	for (k = 0; k < f->n; k++) {
		double gx = round(XOF(f->x[k])), tw;
		bool room;

		br_fmt_value(buf, sizeof buf, f->x[k], d);
		tw = br_text_width(f_tick.family, f_tick.size, false, buf);
		room = gx - tw / 2 >= last_end + XLABEL_GAP;
		if (room || f->n <= MANY)
			br_scene_line(sc, gx, bottom, gx, bottom + 4,
				      BR_C_AXIS, 1, 0);
		if (!room)
			continue;
		br_scene_text(sc, gx, bottom + 15, BR_ANCHOR_MIDDLE, &f_tick,
			      buf);
		last_end = gx + tw / 2;
	}
	s = br_chart_strf(sc, "%s%s%s%s%s", f->option, *f->unit ? " (" : "",
			  f->unit, *f->unit ? ")" : "",
			  f->log ? ", log scale" : "");
	if (s)
		br_scene_text(sc, (x0 + x1) / 2, bottom + 29,
			      BR_ANCHOR_MIDDLE, &f_xcap, s);
	free(s);
	y = bottom + 29;

	for (i = 0; i < ns; i++) {
		size_t m = 0;

		for (k = 0; k < f->n; k++) {
			const struct br_cell *c =
				&a->tests[f->tests[k]].cells[sys[i]];
			double lo, hi, px = XOF(f->x[k]);

			if (c->kind != BR_CELL_VALUE)
				continue;
			pts[2 * m] = px;
			pts[2 * m + 1] = YOF(c->sum.mean);
			m++;
			/* in the series' colour: whose it is */
			if (br_chart_whisker(&o, &c->sum, &lo, &hi))
				any_whisker |= br_chart_whisker_draw(sc,
					YOF(lo), YOF(hi), px, true, -INFINITY,
					bottom, colors[i]);
		}
		if (m > 1)
			br_scene_polyline(sc, pts, m, colors[i], 2);
		for (k = 0; k < m; k++)
			if (m <= MANY || k == 0 || k + 1 == m)
				br_scene_marker(sc, markers[i], pts[2 * k],
						pts[2 * k + 1], 3, colors[i],
						BR_NONE, 0);
	}
#undef XOF
#undef YOF
	br_scene_line(sc, left, top, left, bottom, BR_C_AXIS, 1, 0);
	br_scene_line(sc, left, bottom, x1 + 10, bottom, BR_C_AXIS, 1, 0);

	height = br_chart_footer(sc, &head, at0->cells, n_sys,
				 a->o.confidence, &o, left, y + 13,
				 any_whisker);
	if (height < y + 24)
		height = y + 24;
	sc->height = ceil(height);
	s = br_chart_strf(sc, "%s - by %s%s%s", br_nz(head.title), f->option,
			  *f->rest ? " - " : "", f->rest);
	if (s)
		br_scene_set_title(sc, s);
	free(s);
	if (br_scene_failed(sc))
		goto nomem;
	*out = sc;
	sc = NULL;
	goto done;
nomem:
	rc = br_error_set(err, BR_EIO, NULL, 0, "out of memory");
done:
	br_scene_free(sc);
	free(styles);
	free(names);
	free(colors);
	free(markers);
	free(sys);
	free(pts);
	return rc;
}

/* --------------------------------------------------- the table's row */

static bool scaling_fits(const struct br_analysis *a, size_t i, char *why,
			 size_t why_size)
{
	(void)i;
	if (a->n_families)
		return true;
	if (why)
		snprintf(why, why_size, "no scaling chart: no two selected "
			 "results differ in one numeric option only (such as "
			 "\"Client Count: 1\" and \"Client Count: 6\")");
	return false;
}

static size_t scaling_parts(const struct br_analysis *a)
{
	return a->n_families;
}

const struct br_chart_type br_chart_scaling_type = {
	.name = "scaling",              /* --chart scaling */
	.help = "only the scaling charts: one line chart per family "
		"of results that differ only in one numeric option (Dbench "
		"at \"Client Count: 1\" and \"Client Count: 6\"), that "
		"option on the x axis (log scale from a factor of 8), one "
		"line per system, confidence-interval whiskers",  /* --help */
	.whole = true,                  /* charts of the selection */
	.front = false,                 /* among the other charts */
	.misfit = BR_EDATA,             /* no family: the data's fault */
	.display = BR_DISPLAY_BAR,      /* reads scalar results */
	.fits = scaling_fits,           /* the analysis found a family */
	.auto_pick = NULL,              /* auto draws it wherever it fits */
	.covers = NULL,                 /* drawn beside the tests' charts */
	.layout = scaling_layout,       /* one family's lines */
	.pages = NULL,                  /* never split into pages */
	.parts = scaling_parts,         /* one chart per family */
};
