/*
 * chart_line.c - line charts of series results (LINE_GRAPH, scaling
 * tables such as throughput against disk count): one polyline per system
 * in its colour of the whole run (and, past the palette, its marker
 * shape: colours.h), a legend with Min/Avg/Max, per-point whiskers from
 * each point's summary, the value axis by PTS's rule, x from t->x (or the
 * point index) with t->x_label under it (doc/pts-format.md
 * section 4.4).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "chart.h"
#include "../text/text.h"
#include "../../analysis/numfmt.h"

#define PLOT_H 260.0
#define TOP_ROOM 8.0    /* pt between the highest point and the top */
#define LEGEND_ROW 14.0

struct series {
	const char *name;
	const struct br_cell *c;       /* c->points: c->n_points summaries */
	uint32_t color;
	enum br_marker marker;
};

static void xlabel(char *buf, size_t size, double v)
{
	char *end;

	snprintf(buf, size, "%.4f", v);
	end = buf + strlen(buf) - 1;
	while (*end == '0')
		*end-- = '\0';
	if (*end == '.')
		*end = '\0';
}

int br_chart_line(const struct br_analysis *a, size_t ti,
		  const struct br_chart_opts *o, struct br_scene **out,
		  struct br_error *err)
{
	const struct br_atest *at = &a->tests[ti];
	const struct br_test *t = at->t;
	const size_t n_sys = a->sel->n_systems;
	struct br_font f_leg = {o->family, 9, true, BR_C_HEAD};
	struct br_font f_stat = {o->family, 8, false, BR_C_AXIS};
	struct br_font f_tick = {o->family, 10, false, BR_C_TEXT};
	struct br_font f_xcap = {o->family, 8, true, BR_C_TEXT};
	struct series *sr = calloc(n_sys + 1, sizeof *sr);
	struct br_style *styles = br_system_styles(a, o);
	struct br_scene *sc = br_scene_new(o->width, 0);
	double *pts = NULL;
	size_t ns = 0, np = 0, i, k;
	double vmin = 0, vmax = 0, xmin, xmax, left, x0, x1, top, bottom;
	double legend_y, w = o->width, height, tick_w, y;
	struct br_axis ax;
	bool any_whisker = false, shapes = false;
	int rc = BR_OK;
	char buf[128];

	*out = NULL;
	if (!sr || !styles || !sc)
		goto nomem;
	for (i = 0; i < n_sys; i++) {
		const struct br_cell *c = &at->cells[i];

		if (c->kind != BR_CELL_SERIES || !c->points)
			continue;
		sr[ns].name = br_analysis_system(a, i);
		sr[ns].c = c;
		sr[ns].color = styles[i].color;
		sr[ns].marker = styles[i].marker;
		shapes |= styles[i].marker != BR_MARKER_CIRCLE;
		if (c->n_points > np)
			np = c->n_points;
		ns++;
	}
	if (ns == 0) {
		free(sr);
		free(styles);
		br_scene_free(sc);
		return br_error_set(err, BR_EDATA, NULL, 0, "%s%s%s: no "
				    "selected system has a series",
				    br_nz(t->title), *br_nz(t->description) ?
				    " - " : "", br_nz(t->description));
	}
	pts = calloc(2 * np + 2, sizeof *pts);
	if (!pts)
		goto nomem;

	/* value range (whisker tops, as the bar chart) and x range */
	for (i = 0; i < ns; i++)
		for (k = 0; k < sr[i].c->n_points; k++) {
			const struct br_summary *s = &sr[i].c->points[k];
			double lo, hi;

			if (!s->n)
				continue;
			vmin = fmin(vmin, s->mean);
			vmax = fmax(vmax, s->mean);
			if (br_chart_whisker(o, s, &lo, &hi)) {
				vmax = fmax(vmax, hi);
				vmin = fmin(vmin, lo < 0 ? lo : 0);
			}
		}
	/* the highest point or whisker cap 8 pt under the plot's top, not
	 * on it (doc/charts.md) */
	if (vmax > 0)
		vmax += (vmax - vmin) * TOP_ROOM / PLOT_H;
	br_axis_scale(vmin, vmax, PLOT_H, &f_tick, true, &ax);
	if (t->x && t->n_x >= np) {
		xmin = t->x[0];
		xmax = t->x[0];
		for (k = 0; k < np; k++) {
			xmin = fmin(xmin, t->x[k]);
			xmax = fmax(xmax, t->x[k]);
		}
	} else {
		xmin = 1;
		xmax = (double)np;
	}
	if (xmax <= xmin)
		xmax = xmin + 1;

	tick_w = br_chart_ylabels_width(&ax, &f_tick);
	left = fmax(ceil(fmax(50, tick_w + 14)), o->left);
	sc->axis_x = left;
	x0 = left + 10;      /* inset so end dots clear the axis */
	x1 = w - 25;
	top = br_chart_header(sc, t, o, left, (double)ns * LEGEND_ROW + 4,
			      &legend_y);
	bottom = top + PLOT_H;

	/* legend: colour square (the marker when series differ by shape
	 * too), name, Min / Avg / Max of the means, the
	 * statistics in aligned columns (each its own text run: SVG
	 * viewers would collapse the spaces of one) */
	{
		char (*st)[3][48] = calloc(ns, sizeof *st);
		const char **names = calloc(ns, sizeof *names);
		double name_w = 0, col_w[3] = {0, 0, 0}, cx[3], room;
		int d = vmax > 999 ? 0 : 1;
		struct br_label *l = NULL;

		if (!st || !names) {
			free(st);
			free(names);
			goto nomem;
		}
		for (i = 0; i < ns; i++) {
			const struct br_cell *c = sr[i].c;
			char x[32];
			size_t j;

			names[i] = sr[i].name;
			if (!c->series_n)
				continue;
			snprintf(st[i][0], sizeof st[i][0], "Min: %s",
				 br_fmt_value(x, sizeof x, c->series_min, d));
			snprintf(st[i][1], sizeof st[i][1], "Avg: %s",
				 br_fmt_value(x, sizeof x, c->series_avg, d));
			snprintf(st[i][2], sizeof st[i][2], "Max: %s",
				 br_fmt_value(x, sizeof x, c->series_max, d));
			for (j = 0; j < 3; j++)
				col_w[j] = fmax(col_w[j], br_text_width(
					f_stat.family, f_stat.size, false,
					st[i][j]));
		}
		/* names in one line each, told apart, leaving the
		 * statistics their columns while names get half the room */
		room = w - 15 - (left + 14);
		room = fmax(room - (12 + col_w[0] + 10 + col_w[1] + 10 +
				    col_w[2]), room / 2);
		l = br_chart_labels(&f_leg, names, ns, room, 1);
		free(names);
		if (!l) {
			free(st);
			goto nomem;
		}
		for (i = 0; i < ns; i++)
			name_w = fmax(name_w, br_text_width(f_leg.family,
				      f_leg.size, true, l[i].line[0]));
		cx[0] = left + 14 + name_w + 12;
		cx[1] = cx[0] + col_w[0] + 10;
		cx[2] = cx[1] + col_w[1] + 10;
		for (i = 0; i < ns; i++) {
			double ly = legend_y + LEGEND_ROW * (double)i + 10, nw;
			size_t j;

			if (shapes)
				br_scene_marker(sc, sr[i].marker, left + 4.5,
						ly - 3.5, 4.5, sr[i].color,
						BR_NONE, 0);
			else
				br_scene_rect(sc, left, ly - 8, 9, 9,
					      sr[i].color, BR_NONE, 0);
			nw = br_chart_label_draw(sc, left + 14, ly,
						 BR_ANCHOR_START, &f_leg,
						 &l[i], sr[i].name, 0);
			if (!st[i][0][0])
				continue;
			if (cx[2] + col_w[2] <= w - 15) {
				for (j = 0; j < 3; j++)
					br_scene_text(sc, cx[j], ly,
						      BR_ANCHOR_START, &f_stat,
						      st[i][j]);
			} else {   /* long names: right after each name */
				double sx = left + 14 + nw + 10;

				for (j = 0; j < 3; j++)
					sx += br_scene_text(sc, sx, ly,
						BR_ANCHOR_START, &f_stat,
						st[i][j]) + 8;
			}
		}
		free(st);
		br_chart_labels_free(l, ns);
	}

#define YOF(v) (bottom - br_axis_frac(&ax, (v)) * PLOT_H)
#define XOF(v) (x0 + ((v) - xmin) / (xmax - xmin) * (x1 - x0))
	br_chart_ygrid(sc, &ax, &f_tick, left, x1 + 10, top, bottom);
	/* x ticks: every x when few, else about 10 */
	{
		size_t step = np <= 12 ? 1 : (np + 9) / 10;

		for (k = 0; k < np; k += step) {
			double xv = t->x && t->n_x >= np ? t->x[k]
				    : (double)(k + 1);
			double gx = round(XOF(xv));

			br_scene_line(sc, gx, bottom, gx, bottom + 4,
				      BR_C_AXIS, 1, 0);
			xlabel(buf, sizeof buf, xv);
			br_scene_text(sc, gx, bottom + 15, BR_ANCHOR_MIDDLE,
				      &f_tick, buf);
		}
	}
	y = bottom + 15;
	if (t->x_label && *t->x_label) {
		br_scene_text(sc, (x0 + x1) / 2, bottom + 29, BR_ANCHOR_MIDDLE,
			      &f_xcap, t->x_label);
		y += 14;
	}

	for (i = 0; i < ns; i++) {
		size_t m = 0;

		for (k = 0; k < sr[i].c->n_points; k++) {
			const struct br_summary *s = &sr[i].c->points[k];
			double xv = t->x && t->n_x >= np ? t->x[k]
				    : (double)(k + 1), lo, hi;

			if (!s->n)
				continue;
			pts[2 * m] = XOF(xv);
			pts[2 * m + 1] = YOF(s->mean);
			m++;
			if (br_chart_whisker(o, s, &lo, &hi)) {
				double px = XOF(xv), ya = YOF(lo), yb = YOF(hi);

				/* in the series' colour: whose it is */
				any_whisker |= br_chart_whisker_draw(sc, ya,
						yb, px, true, -INFINITY,
						INFINITY, sr[i].color);
			}
		}
		br_scene_polyline(sc, pts, m, sr[i].color, 2);
		for (k = 0; k < m; k++)
			if (m <= 12 || k == 0 || k + 1 == m)
				br_scene_marker(sc, sr[i].marker, pts[2 * k],
						pts[2 * k + 1], 3, sr[i].color,
						BR_NONE, 0);
	}
#undef XOF
#undef YOF
	br_scene_line(sc, left, top, left, bottom, BR_C_AXIS, 1, 0);
	br_scene_line(sc, left, bottom, x1 + 10, bottom, BR_C_AXIS, 1, 0);

	height = br_chart_footer(sc, t, at->cells, n_sys, a->o.confidence, o,
				 left, y + 13, any_whisker);
	if (height < y + 24)
		height = y + 24;
	sc->height = ceil(height);
	br_chart_set_title(sc, t);
	if (br_scene_failed(sc))
		goto nomem;
	*out = sc;
	sc = NULL;
	goto done;
nomem:
	rc = br_error_set(err, BR_EIO, NULL, 0, "out of memory");
done:
	br_scene_free(sc);
	free(sr);
	free(styles);
	free(pts);
	return rc;
}

/* --------------------------------------------------- the table's row */

static bool line_fits(const struct br_analysis *a, size_t i, char *why,
		      size_t why_size)
{
	const struct br_atest *at = &a->tests[i];
	size_t j;

	if (at->t->display != BR_DISPLAY_LINE) {
		if (why)
			snprintf(why, why_size, "not a series result");
		return false;
	}
	for (j = 0; j < a->sel->n_systems; j++)
		if (at->cells[j].kind == BR_CELL_SERIES &&
		    at->cells[j].points)
			return true;
	if (why)
		snprintf(why, why_size, "no selected system has a series");
	return false;
}

const struct br_chart_type br_chart_line_type = {
	.name = "line",                 /* --chart line */
	.help = "a line chart per series (scaling) test",  /* for --help */
	.whole = false,                 /* one chart per test */
	.front = false,                 /* (whole charts only) */
	.misfit = BR_EDATA,             /* no test fits: the data's fault */
	.display = BR_DISPLAY_LINE,     /* draws series results */
	.fits = line_fits,              /* a series test with points */
	.auto_pick = NULL,              /* auto draws it wherever it fits */
	.covers = NULL,                 /* (whole charts only) */
	.layout = br_chart_line,        /* one scene, a line per system */
	.pages = NULL,                  /* never split into pages */
	.parts = NULL,                  /* (whole charts only) */
};
