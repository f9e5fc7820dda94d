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
	double dash;                   /* past the palette: dashed */
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

/* One line chart being laid out: the measured margins and axes every
 * element shares. */
struct line {
	const struct br_test *t;
	const struct br_chart_opts *o;
	struct br_scene *sc;
	struct series *sr;
	size_t ns, np;                 /* series, most points */
	struct br_font f_leg, f_stat, f_tick, f_xcap;
	struct br_axis ax;
	struct br_notation nt;         /* y axis and legend: one notation */
	double vmax, xmin, xmax, left, x0, x1, top, bottom, legend_y;
	bool shapes, any_whisker;
};

#define YOF(L, v) ((L)->bottom - br_axis_frac(&(L)->ax, (v)) * PLOT_H)
#define XOF(L, v) ((L)->x0 + ((v) - (L)->xmin) / ((L)->xmax - (L)->xmin) * \
		   ((L)->x1 - (L)->x0))

/* Point k's x: t->x when it has one per point, else k + 1. */
static double xval(const struct line *L, size_t k)
{
	return L->t->x && L->t->n_x >= L->np ? L->t->x[k] : (double)(k + 1);
}

/* The systems with a series, in their styles. */
static void line_series(struct line *L, const struct br_analysis *a,
			const struct br_atest *at,
			const struct br_style *styles)
{
	size_t i;

	for (i = 0; i < a->sel->n_systems; i++) {
		const struct br_cell *c = &at->cells[i];
		struct series *s = &L->sr[L->ns];

		if (c->kind != BR_CELL_SERIES || !c->points)
			continue;
		s->name = br_analysis_system(a, i);
		s->c = c;
		s->color = styles[i].color;
		s->marker = styles[i].marker;
		s->dash = styles[i].dash;
		L->shapes |= styles[i].marker != BR_MARKER_CIRCLE;
		if (c->n_points > L->np)
			L->np = c->n_points;
		L->ns++;
	}
}

/* The chart's one notation for its y axis and the legend's Min / Avg /
 * Max (doc/charts.md, "Numbers"), from the largest and smallest
 * non-zero of the points and those; decimals as the legend had them. */
static void line_notation(struct line *L)
{
	double big = 0, small = 0;
	size_t i, k;

	for (i = 0; i < L->ns; i++) {
		const struct br_cell *c = L->sr[i].c;
		const double v[3] = {c->series_min, c->series_avg,
				     c->series_max};

		for (k = 0; k < c->n_points + 3; k++) {
			double x = k < 3 ? (c->series_n ? fabs(v[k]) : 0) :
				   (c->points[k - 3].n ?
				    fabs(c->points[k - 3].mean) : 0);

			if (!isfinite(x))
				continue;
			big = fmax(big, x);
			if (x != 0 && (small == 0 || x < small))
				small = x;
		}
	}
	br_notation_pick(&L->nt, big, small, 0, L->vmax > 999 ? 0 : 1,
			 L->vmax > 999 ? 0 : 1);
}

/* The value axis (whisker tops, as the bar chart) and the x range. */
static void line_axes(struct line *L)
{
	double vmin = 0, vmax = 0;
	size_t i, k;

	for (i = 0; i < L->ns; i++)
		for (k = 0; k < L->sr[i].c->n_points; k++) {
			const struct br_summary *s = &L->sr[i].c->points[k];
			double lo, hi;

			if (!s->n)
				continue;
			vmin = fmin(vmin, s->mean);
			vmax = fmax(vmax, s->mean);
			if (br_chart_whisker(L->o, s, &lo, &hi)) {
				vmax = fmax(vmax, hi);
				vmin = fmin(vmin, lo < 0 ? lo : 0);
			}
		}
	/* the highest point or whisker cap 8 pt under the plot's top, not
	 * on it (doc/charts.md) */
	if (vmax > 0)
		vmax = br_axis_room(vmin, vmax, TOP_ROOM, PLOT_H);
	L->vmax = vmax;
	line_notation(L);
	br_axis_scale_in(vmin, vmax, PLOT_H, &L->f_tick, true, &L->nt,
			 &L->ax);
	L->xmin = L->xmax = xval(L, 0);
	for (k = 0; k < L->np; k++) {
		L->xmin = fmin(L->xmin, xval(L, k));
		L->xmax = fmax(L->xmax, xval(L, k));
	}
	if (L->xmax <= L->xmin)
		L->xmax = L->xmin + 1;
	L->left = fmax(ceil(fmax(50, br_chart_ylabels_width(&L->ax,
		       &L->f_tick) + 14)), L->o->left);
	L->sc->axis_x = L->left;
	L->x0 = L->left + 10;      /* inset so end dots clear the axis */
	L->x1 = L->o->width - 25;
}

/* Min / Avg / Max of series i into st, their widths into col_w. */
static void legend_stats(const struct line *L, size_t i, char st[3][48],
			 double *col_w)
{
	const struct br_cell *c = L->sr[i].c;
	const double v[3] = {c->series_min, c->series_avg, c->series_max};
	static const char *const what[3] = {"Min", "Avg", "Max"};
	char x[40];
	size_t j;

	for (j = 0; j < 3; j++) {
		st[j][0] = '\0';
		if (!c->series_n)
			continue;
		snprintf(st[j], 48, "%s: %s", what[j],
			 br_notation_number(&L->nt, v[j], x, sizeof x));
		col_w[j] = fmax(col_w[j], br_text_width(L->f_stat.family,
			L->f_stat.size, false, st[j]));
	}
}

/* One legend row at baseline ly: the key (a square, or the marker when
 * series differ by shape too), the name, the statistics in columns cx
 * (or right after the name when they do not fit). */
static void legend_row(struct line *L, size_t i, double ly,
		       const struct br_label *l, char st[3][48],
		       const double *cx, const double *col_w)
{
	const struct series *s = &L->sr[i];
	double nw, sx;
	size_t j;

	if (L->shapes)
		br_scene_marker(L->sc, s->marker, L->left + 4.5, ly - 3.5, 4.5,
				s->color, BR_NONE, 0);
	else
		br_scene_rect(L->sc, L->left, ly - 8, 9, 9, s->color, BR_NONE,
			      0);
	nw = br_chart_label_draw(L->sc, L->left + 14, ly, BR_ANCHOR_START,
				 &L->f_leg, l, s->name, 0);
	if (!st[0][0])
		return;
	sx = L->left + 14 + nw + 10;
	for (j = 0; j < 3; j++) {
		/* each its own text run: SVG viewers would collapse the
		 * spaces of one */
		if (cx[2] + col_w[2] <= L->o->width - 15)
			br_scene_text(L->sc, cx[j], ly, BR_ANCHOR_START,
				      &L->f_stat, st[j]);
		else   /* long names: right after each name */
			sx += br_scene_text(L->sc, sx, ly, BR_ANCHOR_START,
					    &L->f_stat, st[j]) + 8;
	}
}

/* The legend: a row per series, names in one line each, told apart,
 * leaving the statistics their columns while names get half the room. */
static bool line_legend(struct line *L)
{
	char (*st)[3][48] = calloc(L->ns, sizeof *st);
	const char **names = calloc(L->ns, sizeof *names);
	double name_w = 0, col_w[3] = {0, 0, 0}, cx[3], room;
	struct br_label *l = NULL;
	size_t i;

	if (!st || !names) {
		free(st);
		free(names);
		return false;
	}
	for (i = 0; i < L->ns; i++) {
		names[i] = L->sr[i].name;
		legend_stats(L, i, st[i], col_w);
	}
	room = L->o->width - 15 - (L->left + 14);
	room = fmax(room - (12 + col_w[0] + 10 + col_w[1] + 10 + col_w[2]),
		    room / 2);
	l = br_chart_labels(&L->f_leg, names, L->ns, room, 1);
	free(names);
	if (!l) {
		free(st);
		return false;
	}
	for (i = 0; i < L->ns; i++)
		name_w = fmax(name_w, br_text_width(L->f_leg.family,
			      L->f_leg.size, true, l[i].line[0]));
	cx[0] = L->left + 14 + name_w + 12;
	cx[1] = cx[0] + col_w[0] + 10;
	cx[2] = cx[1] + col_w[1] + 10;
	for (i = 0; i < L->ns; i++)
		legend_row(L, i, L->legend_y + LEGEND_ROW * (double)i + 10,
			   &l[i], st[i], cx, col_w);
	free(st);
	br_chart_labels_free(l, L->ns);
	return true;
}

/* x ticks (every x when few, else about 10) and the x caption; returns
 * the last baseline. */
static double line_xaxis(struct line *L)
{
	size_t step = L->np <= 12 ? 1 : (L->np + 9) / 10, k;
	double y = L->bottom + 15;
	char buf[128];

	for (k = 0; k < L->np; k += step) {
		double gx = round(XOF(L, xval(L, k)));

		br_scene_line(L->sc, gx, L->bottom, gx, L->bottom + 4,
			      BR_C_AXIS, 1, 0);
		xlabel(buf, sizeof buf, xval(L, k));
		br_scene_text(L->sc, gx, L->bottom + 15, BR_ANCHOR_MIDDLE,
			      &L->f_tick, buf);
	}
	if (L->t->x_label && *L->t->x_label) {
		br_scene_text(L->sc, (L->x0 + L->x1) / 2, L->bottom + 29,
			      BR_ANCHOR_MIDDLE, &L->f_xcap, L->t->x_label);
		y += 14;
	}
	return y;
}

/* Series i: its whiskers (in its colour: whose they are), its line
 * (dashed past the palette), its points (all when 12 or fewer, else the
 * ends).  pts: room for its points. */
static void line_draw(struct line *L, size_t i, double *pts)
{
	const struct series *sr = &L->sr[i];
	size_t m = 0, k;

	for (k = 0; k < sr->c->n_points; k++) {
		const struct br_summary *s = &sr->c->points[k];
		double px = XOF(L, xval(L, k)), lo, hi;

		if (!s->n)
			continue;
		pts[2 * m] = px;
		pts[2 * m + 1] = YOF(L, s->mean);
		m++;
		if (br_chart_whisker(L->o, s, &lo, &hi))
			L->any_whisker |= br_chart_whisker_draw(L->sc,
				YOF(L, lo), YOF(L, hi), px, true, -INFINITY,
				INFINITY, sr->color);
	}
	br_scene_polyline_dash(L->sc, pts, m, sr->color, 2, sr->dash);
	for (k = 0; k < m; k++)
		if (m <= 12 || k == 0 || k + 1 == m)
			br_scene_marker(L->sc, sr->marker, pts[2 * k],
					pts[2 * k + 1], 3, sr->color, BR_NONE,
					0);
}

int br_chart_line(const struct br_analysis *a, size_t ti,
		  const struct br_chart_opts *o, struct br_scene **out,
		  struct br_error *err)
{
	const struct br_atest *at = &a->tests[ti];
	const struct br_test *t = at->t;
	struct br_style *styles = br_system_styles(a, o);
	struct line L;
	double *pts = NULL, height, y;
	size_t i;
	int rc = BR_OK;

	*out = NULL;
	memset(&L, 0, sizeof L);
	L.t = t;
	L.o = o;
	L.f_leg = (struct br_font){o->family, 9, true, BR_C_HEAD};
	L.f_stat = (struct br_font){o->family, 8, false, BR_C_AXIS};
	L.f_tick = (struct br_font){o->family, 10, false, BR_C_TEXT};
	L.f_xcap = (struct br_font){o->family, 8, true, BR_C_TEXT};
	L.sr = calloc(a->sel->n_systems + 1, sizeof *L.sr);
	L.sc = br_scene_new(o->width, 0);
	if (!L.sr || !styles || !L.sc)
		goto nomem;
	line_series(&L, a, at, styles);
	if (L.ns == 0) {
		rc = br_error_set(err, BR_EDATA, NULL, 0, "%s%s%s: no "
				  "selected system has a series",
				  br_nz(t->title), *br_nz(t->description) ?
				  " - " : "", br_nz(t->description));
		goto done;
	}
	pts = calloc(2 * L.np + 2, sizeof *pts);
	if (!pts)
		goto nomem;
	line_axes(&L);
	L.top = br_chart_header(L.sc, t, o, L.left, (double)L.ns * LEGEND_ROW
				+ 4, &L.legend_y);
	L.bottom = L.top + PLOT_H;
	if (!line_legend(&L))
		goto nomem;
	br_chart_ygrid(L.sc, &L.ax, &L.f_tick, L.left, L.x1 + 10, L.top,
		       L.bottom);
	y = line_xaxis(&L);
	for (i = 0; i < L.ns; i++)
		line_draw(&L, i, pts);
	br_scene_line(L.sc, L.left, L.top, L.left, L.bottom, BR_C_AXIS, 1, 0);
	br_scene_line(L.sc, L.left, L.bottom, L.x1 + 10, L.bottom, BR_C_AXIS,
		      1, 0);
	height = br_chart_footer(L.sc, t, at->cells, a->sel->n_systems,
				 a->o.confidence, o, L.left, y + 13,
				 L.any_whisker);
	L.sc->height = ceil(fmax(height, y + 24));
	br_chart_set_title(L.sc, t);
	if (br_scene_failed(L.sc))
		goto nomem;
	*out = L.sc;
	L.sc = NULL;
	goto done;
nomem:
	rc = br_error_set(err, BR_EIO, NULL, 0, "out of memory");
done:
	br_scene_free(L.sc);
	free(L.sr);
	free(styles);
	free(pts);
	return rc;
}

#undef XOF
#undef YOF

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
