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
#define SINGLE_DASH 1.5   /* a segment to a point without an interval */

/* Where x lies across the plot, 0 at the family's first x and 1 at its
 * last: on a log scale when the family says so. */
static double xfrac(const struct br_family *f, double x)
{
	double lo = f->x[0], hi = f->x[f->n - 1];

	if (f->log)
		return (log(x) - log(lo)) / (log(hi) - log(lo));
	return (x - lo) / (hi - lo);
}

/* One scaling chart being laid out: the family, the systems with a
 * value in it, and the measured margins and axes every element shares. */
struct sc_layout {
	const struct br_analysis *a;
	const struct br_family *f;
	struct br_chart_opts o;       /* whiskers: CI or none */
	struct br_scene *sc;
	struct br_font f_tick, f_xcap;
	struct br_style *styles;      /* by selection index */
	const char **names;           /* of the systems drawn, ... */
	uint32_t *colors;
	enum br_marker *markers;
	size_t *sys;                  /* ... their selection indexes */
	size_t ns;
	struct br_axis ax;
	double left, x0, x1, top, bottom;
	bool shapes, any_whisker, any_single;
};

#define XOF(L, v) ((L)->x0 + xfrac((L)->f, (v)) * ((L)->x1 - (L)->x0))
#define YOF(L, v) ((L)->bottom - br_axis_frac(&(L)->ax, (v)) * PLOT_H)

/* The cell of system i (selection index) at the family's point k. */
static const struct br_cell *cell_at(const struct sc_layout *L, size_t k,
				     size_t i)
{
	return &L->a->tests[L->f->tests[k]].cells[i];
}

/* The systems with a value at some point, and the value axis. */
static void sc_systems(struct sc_layout *L)
{
	double vmin = 0, vmax = 0, wmin = 0, lo, hi;
	size_t i, k;

	for (i = 0; i < L->a->sel->n_systems; i++) {
		bool any = false;

		for (k = 0; k < L->f->n; k++) {
			const struct br_cell *c = cell_at(L, k, i);

			if (c->kind != BR_CELL_VALUE)
				continue;
			any = true;
			vmin = fmin(vmin, c->drawn.mean);
			vmax = fmax(vmax, c->drawn.mean);
			if (br_chart_whisker(&L->o, &c->drawn, &lo, &hi)) {
				wmin = fmin(wmin, lo);
				vmax = fmax(vmax, hi);
			}
		}
		if (!any)
			continue;
		L->sys[L->ns] = i;
		L->names[L->ns] = br_analysis_system(L->a, i);
		L->colors[L->ns] = L->styles[i].color;
		L->markers[L->ns] = L->styles[i].marker;
		L->shapes |= L->styles[i].marker != BR_MARKER_CIRCLE;
		L->ns++;
	}
	/* an interval reaching below zero when no mean does (a latency's
	 * t interval) does not take the axis there: a step of plot for a
	 * whisker end; it stops, capless, at zero (doc/charts.md) */
	if (vmin < 0)
		vmin = fmin(vmin, wmin);
	/* the highest point or whisker cap 8 pt under the plot's top, not
	 * on it (doc/charts.md) */
	if (vmax > 0)
		vmax = br_axis_room(vmin, vmax, TOP_ROOM, PLOT_H);
	br_axis_scale(vmin, vmax, PLOT_H, &L->f_tick, true, &L->ax);
	L->left = fmax(ceil(fmax(50, br_chart_ylabels_width(&L->ax,
		       &L->f_tick) + 14)), L->o.left);
	L->sc->axis_x = L->left;
	L->x0 = L->left + 10;   /* inset so end points clear the axis */
	L->x1 = L->o.width - 25;
}

/* x ticks at the family's values, labels that would touch the last one
 * drawn left out (and, past MANY points, their ticks); the caption.
 * Returns its baseline. */
static double sc_xaxis(struct sc_layout *L)
{
	const struct br_family *f = L->f;
	double last_end = -INFINITY, y = L->bottom + 29;
	char buf[64], *s;
	size_t k;

	for (k = 0; k < f->n; k++) {
		double gx = round(XOF(L, f->x[k])), tw;
		bool room;

		br_fmt_value(buf, sizeof buf, f->x[k], f->x_decimals);
		tw = br_text_width(L->f_tick.family, L->f_tick.size, false,
				   buf);
		room = gx - tw / 2 >= last_end + XLABEL_GAP;
		if (room || f->n <= MANY)
			br_scene_line(L->sc, gx, L->bottom, gx, L->bottom + 4,
				      BR_C_AXIS, 1, 0);
		if (!room)
			continue;
		br_scene_text(L->sc, gx, L->bottom + 15, BR_ANCHOR_MIDDLE,
			      &L->f_tick, buf);
		last_end = gx + tw / 2;
	}
	s = br_chart_strf(L->sc, "%s%s%s%s%s", f->option, *f->unit ? " (" :
			  "", f->unit, *f->unit ? ")" : "",
			  f->log ? ", log scale" : "");
	if (s)
		br_scene_text(L->sc, (L->x0 + L->x1) / 2, y, BR_ANCHOR_MIDDLE,
			      &L->f_xcap, s);
	free(s);
	return y;
}

/*
 * System i's line (of those drawn): a whisker per point in its colour
 * (whose it is), the segments solid (dashed past the palette) but dotted
 * where they reach a point without an interval (a single run), each
 * point a marker, hollow without an interval (past MANY points, at the
 * ends only).  A point without a value is skipped: the line joins its
 * neighbours.  pts: room for the family's points.
 */
static void sc_line(struct sc_layout *L, size_t i, double *pts, bool *single)
{
	const double dash = L->styles[L->sys[i]].dash;
	uint32_t col = L->colors[i];
	size_t m = 0, k, j;

	for (k = 0; k < L->f->n; k++) {
		const struct br_cell *c = cell_at(L, k, L->sys[i]);
		double lo, hi, px = XOF(L, L->f->x[k]);

		if (c->kind != BR_CELL_VALUE)
			continue;
		pts[2 * m] = px;
		pts[2 * m + 1] = YOF(L, c->drawn.mean);
		single[m] = c->drawn.n < 2;
		m++;
		if (br_chart_whisker(&L->o, &c->drawn, &lo, &hi))
			L->any_whisker |= br_chart_whisker_draw(L->sc,
				YOF(L, lo), YOF(L, hi), px, true, -INFINITY,
				L->bottom, col);
	}
	/* runs of segments with the same dash, one polyline each */
	for (k = 0; k + 1 < m; k = j) {
		double d = single[k] || single[k + 1] ? SINGLE_DASH : dash;

		for (j = k + 1; j + 1 < m && (single[j] || single[j + 1] ?
		     SINGLE_DASH : dash) == d; j++)
			;
		br_scene_polyline_dash(L->sc, pts + 2 * k, j - k + 1, col, 2,
				       d);
	}
	for (k = 0; k < m; k++) {
		if (m > MANY && k != 0 && k + 1 != m)
			continue;
		if (single[k])
			br_scene_marker(L->sc, L->markers[i], pts[2 * k],
					pts[2 * k + 1], 3, 0xffffff, col, 1.5);
		else
			br_scene_marker(L->sc, L->markers[i], pts[2 * k],
					pts[2 * k + 1], 3, col, BR_NONE, 0);
		L->any_single |= single[k];
	}
}

static int scaling_layout(const struct br_analysis *a, size_t fi,
			  const struct br_chart_opts *o0,
			  struct br_scene **out, struct br_error *err)
{
	const struct br_family *f = &a->families[fi];
	const struct br_atest *at0 = &a->tests[f->tests[0]];
	const size_t n_sys = a->sel->n_systems;
	struct sc_layout L;
	double *pts = calloc(2 * f->n + 2, sizeof *pts), y, legend_y, legend_h;
	bool *single = calloc(f->n + 1, sizeof *single);
	double w = o0->width, height;
	struct br_test head;
	int rc = BR_OK;
	size_t i;
	char *s;

	*out = NULL;
	memset(&L, 0, sizeof L);
	L.a = a;
	L.f = f;
	L.o = *o0;
	/* the whiskers are confidence intervals: how far a point can be
	 * trusted is what a scaling line is read for */
	if (L.o.whiskers != BR_WHISKERS_NONE)
		L.o.whiskers = BR_WHISKERS_CI;
	L.f_tick = (struct br_font){L.o.family, 10, false, BR_C_TEXT};
	L.f_xcap = (struct br_font){L.o.family, 8, true, BR_C_TEXT};
	L.styles = br_system_styles(a, o0);
	L.sc = br_scene_new(w, 0);
	L.names = calloc(n_sys + 1, sizeof *L.names);
	L.colors = calloc(n_sys + 1, sizeof *L.colors);
	L.markers = calloc(n_sys + 1, sizeof *L.markers);
	L.sys = calloc(n_sys + 1, sizeof *L.sys);
	if (!L.styles || !L.sc || !L.names || !L.colors || !L.markers ||
	    !L.sys || !pts || !single)
		goto nomem;
	sc_systems(&L);

	/* the header of the family: its title, the options it shares */
	head = *at0->t;
	head.description = f->rest;
	legend_h = br_chart_legend(NULL, &L.o, L.left, 0, w - 15 - L.left,
				   L.names, L.colors, L.shapes ? L.markers :
				   NULL, L.ns);
	L.top = br_chart_header(L.sc, &head, &L.o, L.left, legend_h + 4,
				&legend_y);
	br_chart_legend(L.sc, &L.o, L.left, legend_y, w - 15 - L.left,
			L.names, L.colors, L.shapes ? L.markers : NULL, L.ns);
	L.bottom = L.top + PLOT_H;
	br_chart_ygrid(L.sc, &L.ax, &L.f_tick, L.left, L.x1 + 10, L.top,
		       L.bottom);
	y = sc_xaxis(&L);
	for (i = 0; i < L.ns; i++)
		sc_line(&L, i, pts, single);
	br_scene_line(L.sc, L.left, L.top, L.left, L.bottom, BR_C_AXIS, 1, 0);
	br_scene_line(L.sc, L.left, L.bottom, L.x1 + 10, L.bottom, BR_C_AXIS,
		      1, 0);
	height = br_chart_footer(L.sc, &head, at0->cells, n_sys,
				 a->o.confidence, &L.o, L.left, y + 13,
				 L.any_whisker);
	if (L.any_single) {   /* the look of "no interval", named */
		struct br_font fn = {L.o.family, 8, false, BR_C_AXIS};

		height = fmax(height, y + 13) + 11;
		br_scene_text(L.sc, L.left, height - 11 + 2, BR_ANCHOR_START,
			      &fn, "Dotted line, hollow point: a single run "
			      "(N = 1), no interval.");
	}
	L.sc->height = ceil(fmax(height, y + 24));
	s = br_chart_strf(L.sc, "%s - by %s%s%s", br_nz(head.title),
			  f->option, *f->rest ? " - " : "", f->rest);
	if (s)
		br_scene_set_title(L.sc, s);
	free(s);
	if (br_scene_failed(L.sc))
		goto nomem;
	*out = L.sc;
	L.sc = NULL;
	goto done;
nomem:
	rc = br_error_set(err, BR_EIO, NULL, 0, "out of memory");
done:
	br_scene_free(L.sc);
	free(L.styles);
	free(L.names);
	free(L.colors);
	free(L.markers);
	free(L.sys);
	free(pts);
	free(single);
	return rc;
}

#undef XOF
#undef YOF

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
			 "\"Client Count: 1\" and \"Client Count: 6\", or \"1 "
			 "Clients\" and \"12 Clients\")");
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
