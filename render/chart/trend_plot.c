/*
 * trend_plot.c - the layout of a trend chart (trend_plot.h; doc/
 * charts.md, "Trend charts"): the header and a legend of what is drawn,
 * a plot of the points in order (each in a slot of its own, so 3 and
 * 365 points both fill the width) over a value axis that need not start
 * at zero, the x labels thinned (and turned upright when that shows
 * more of them), the change markers tagged with their numbers at the
 * plot's top, and under the plot the caption of the points shown and
 * the list of changes with their words and intervals.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "trend_plot.h"
#include "../text/text.h"
#include "../../analysis/numfmt.h"

#define PLOT_H 260.0
#define TAG_ROW 14.0      /* a row of change tags at the plot's top */
#define LAB_SIZE 8.0      /* x labels */
#define LAB_MAX 110.0     /* the longest x label, upright or not */
#define RIGHT 15.0        /* the plot's right margin */

#define C_POINT 0x231f20u
#define C_BAR 0x757575u
#define C_LINE 0xa0a0a0u
#define C_BAND 0xdde6eeu
#define C_LEVEL 0x4f6f8cu
#define C_REG 0xd55e00u   /* vermillion: regressions */
#define C_IMP 0x0072b2u   /* blue: improvements */
#define C_OTHER 0x595959u /* a change in noise alone */
#define C_ANOM 0xcc79a7u  /* reddish purple: anomalies */

struct tr {
	const struct tr_in *in;
	const struct br_chart_opts *o;
	struct br_scene *sc;
	struct br_font f_tick, f_lab, f_tag, f_item, f_note;
	struct br_axis ax;
	struct br_notation nt;
	double left, x0, x1, top, bottom, slot, tags_h, lab_h;
	size_t step;              /* every step-th point labelled */
	bool upright;             /* x labels turned 90 degrees */
	size_t *row;              /* per mark: its tag's row */
	double *tag_x;            /* ... and its tag's left */
	size_t n_rows;
	double base;              /* a zoomed axis' start (0: from zero) */
};

#define XOF(T, k) ((T)->x0 + ((double)(k) + 0.5) * (T)->slot)
#define EDGE(T, k) ((T)->x0 + (double)(k) * (T)->slot)
#define YOF(T, v) ((T)->bottom - br_axis_frac(&(T)->ax, (v)) * PLOT_H)

static uint32_t kind_color(enum tr_kind k)
{
	return k == TR_REGRESSION ? C_REG : k == TR_IMPROVEMENT ? C_IMP :
	       C_OTHER;
}

static enum br_marker kind_marker(enum tr_kind k)
{
	return k == TR_REGRESSION ? BR_MARKER_TRIANGLE_DOWN :
	       k == TR_IMPROVEMENT ? BR_MARKER_TRIANGLE : BR_MARKER_SQUARE;
}

/* ------------------------------------------------------------- axis */

/* The lowest and highest of everything drawn against the axis. */
static void tr_range(const struct tr_in *in, double *vmin, double *vmax)
{
	size_t k;

	*vmin = INFINITY;
	*vmax = -INFINITY;
	for (k = 0; k < in->n; k++) {
		const struct tr_pt *p = &in->pt[k];

		if (!p->ok)
			continue;
		*vmin = fmin(*vmin, p->ci ? fmin(p->lo, p->v) : p->v);
		*vmax = fmax(*vmax, p->ci ? fmax(p->hi, p->v) : p->v);
	}
	for (k = 0; k < in->n_seg; k++) {
		const struct tr_seg *s = &in->seg[k];

		*vmin = fmin(*vmin, isfinite(s->lo) ? s->lo : s->level);
		*vmax = fmax(*vmax, isfinite(s->hi) ? s->hi : s->level);
	}
	if (isfinite(in->ref)) {
		*vmin = fmin(*vmin, in->ref);
		*vmax = fmax(*vmax, in->ref);
	}
	if (!isfinite(*vmin) || !isfinite(*vmax))
		*vmin = *vmax = 0;
}

/*
 * The value axis: from zero when the values come near it, else from a
 * whole step below the lowest (a trend's changes of a few percent
 * would be flat lines on an axis from zero; the lowest label says where
 * it starts).  The top leaves room for the change tags.
 */
static void tr_axis(struct tr *T)
{
	double vmin, vmax, room = T->tags_h + 8, big, small, base = 0;
	struct br_axis ax;
	int k;
	size_t i;

	T->base = 0;
	tr_range(T->in, &vmin, &vmax);
	if (vmax <= vmin)
		vmax = vmin + (vmin != 0 ? fabs(vmin) * 0.1 : 1);
	big = fmax(fabs(vmin), fabs(vmax));
	small = vmin > 0 ? vmin : 0;
	br_notation_pick(&T->nt, big, small, T->in->dur_scale,
			 T->in->decimals, T->in->decimals);
	vmax = br_axis_room(vmin, vmax, room, PLOT_H - room);
	br_axis_scale_in(fmin(vmin, 0), vmax, PLOT_H, &T->f_tick, true,
			 &T->nt, &T->ax);
	if (vmin > 0 && vmin > 0.25 * vmax) {
		/* base: a whole step below vmin, steps of the range above
		 * it; a few rounds until the step holds still */
		br_axis_scale_in(0, vmax - vmin, PLOT_H, &T->f_tick, true,
				 &T->nt, &ax);
		for (k = 0; k < 6; k++) {
			double step = ax.step;

			base = floor(vmin / step) * step;
			br_axis_scale_in(0, vmax - base, PLOT_H, &T->f_tick,
					 true, &T->nt, &ax);
			if (ax.step == step)
				break;
		}
		if (k < 6 && base > 0) {
			ax.lo += base;
			ax.hi += base;
			for (i = 0; i < ax.n_ticks; i++)
				ax.ticks[i] += base;
			T->ax = ax;
			T->base = base;
		}
	}
}

/* The widest y label, the base's included. */
static double tr_ylabels_w(struct tr *T)
{
	char lab[64];
	double w = br_chart_ylabels_width(&T->ax, &T->f_tick);

	if (T->base > 0)
		w = fmax(w, br_text_width(T->f_tick.family, T->f_tick.size,
			 false, br_axis_label(lab, sizeof lab, T->base,
					      &T->ax)));
	return w;
}

/* ------------------------------------------------------- x labels */

/* 1, 2, 5, 10, 20, 50 ...: the k-th of them. */
static size_t nice_step(size_t k)
{
	static const size_t m[3] = {1, 2, 5};
	size_t p = 1, i;

	for (i = 0; i < k / 3; i++)
		p *= 10;
	return m[k % 3] * p;
}

/* How many labels a step shows. */
static size_t shown(size_t n, size_t step)
{
	return (n + step - 1) / step;
}

/*
 * Every step-th label, level (they fit side by side, at most cut to
 * LAB_MAX), or upright (a line height apart, cut to LAB_MAX): level
 * when that shows at least half as many.
 */
static void tr_xplan(struct tr *T)
{
	const struct tr_in *in = T->in;
	double maxw = 0, lh = LAB_SIZE + 3;
	size_t k, level = 0, up = 0;

	for (k = 0; k < in->n; k++)
		maxw = fmax(maxw, br_text_width(T->f_lab.family, LAB_SIZE,
			    false, in->labels[k]));
	maxw = fmin(maxw, LAB_MAX);
	for (k = 0; level == 0; k++)
		if (nice_step(k) * T->slot >= fmin(maxw, 60) + 8 ||
		    nice_step(k) >= in->n)
			level = nice_step(k);
	for (k = 0; up == 0; k++)
		if (nice_step(k) * T->slot >= lh || nice_step(k) >= in->n)
			up = nice_step(k);
	T->upright = 2 * shown(in->n, level) < shown(in->n, up);
	T->step = T->upright ? up : level;
	T->lab_h = T->upright ? maxw + 8 : 15;
}

/* The labels shown, every step-th, each in one line cut to fit
 * (upright: LAB_MAX; level: its share of the width) and told apart
 * (br_chart_labels: the middle of a long label goes, so labels that
 * differ at their ends stay different).  NULL on ENOMEM. */
static struct br_label *tr_xtexts(const struct tr *T, size_t *n)
{
	const char **names;
	struct br_label *l;
	double room = T->upright ? LAB_MAX : fmin(LAB_MAX,
		      (double)T->step * T->slot - 8);
	size_t k;

	*n = shown(T->in->n, T->step);
	names = calloc(*n + 1, sizeof *names);
	if (!names)
		return NULL;
	for (k = 0; k < *n; k++)
		names[k] = T->in->labels[k * T->step];
	l = br_chart_labels(&T->f_lab, names, *n, fmax(room, 20), 1);
	free(names);
	return l;
}

/* The x labels and ticks: each level label kept inside the canvas and
 * left out when it would touch the one before. */
static void tr_xlabels(struct tr *T)
{
	double last_r = -INFINITY;
	struct br_label *l;
	size_t k, n;

	l = tr_xtexts(T, &n);
	if (!l) {
		T->sc->nomem = true;
		return;
	}
	for (k = 0; k < n; k++) {
		double x = XOF(T, k * T->step), w, c;
		const char *s = l[k].line[0], *full = T->in->labels[k * T->step];

		br_scene_line(T->sc, x, T->bottom, x, T->bottom + 4, BR_C_AXIS,
			      1, 0);
		if (T->upright) {
			br_scene_text_rotated(T->sc, x + 0.3 * LAB_SIZE,
					      T->bottom + 7, BR_ANCHOR_END,
					      &T->f_lab, 90, s);
		} else {
			w = br_text_width(T->f_lab.family, LAB_SIZE, false, s);
			c = fmin(fmax(x, 2 + w / 2), T->o->width - 2 - w / 2);
			if (c - w / 2 < last_r + 4)
				continue;
			br_scene_text(T->sc, c, T->bottom + 14,
				      BR_ANCHOR_MIDDLE, &T->f_lab, s);
			last_r = c + w / 2;
		}
		if (l[k].shortened)
			br_scene_tip(T->sc, full);
	}
	br_chart_labels_free(l, n);
}

/* "1st", "2nd", "3rd", "4th", "11th", "20th", "21st" ... */
static const char *ordinal(char *buf, size_t size, size_t k)
{
	const char *suf = "th";

	if (k % 100 < 11 || k % 100 > 13)
		suf = k % 10 == 1 ? "st" : k % 10 == 2 ? "nd" :
		      k % 10 == 3 ? "rd" : "th";
	snprintf(buf, size, "%zu%s", k, suf);
	return buf;
}

/* Lines of text wrapped to the chart's width from x, baselines lead
 * apart from y; returns the next baseline. */
static double tr_para(struct tr *T, const struct br_font *f, double x,
		      double y, double lead, const char *s)
{
	char **lines;
	size_t n, k;

	if (!s || !*s)
		return y;
	n = br_text_wrap(f->family, f->size, f->bold, s,
			 T->o->width - RIGHT - x, &lines);
	if (n == (size_t)-1) {
		T->sc->nomem = true;
		return y;
	}
	for (k = 0; k < n; k++, y += lead)
		br_scene_text(T->sc, x, y, BR_ANCHOR_START, f, lines[k]);
	br_text_lines_free(lines, n);
	return y;
}

/* The caption under the x labels: how many points, which, in what
 * order, which are labelled. */
static double tr_xcaption(struct tr *T, double y)
{
	const struct tr_in *in = T->in;
	char every[64] = "", ord[24];
	char *s;

	if (T->step > 1)
		snprintf(every, sizeof every, "; every %s labelled",
			 ordinal(ord, sizeof ord, T->step));
	/* the labels between LEFT-TO-RIGHT MARKs (U+200E): a
	 * right-to-left one keeps "to" and the comma where they belong
	 * (isolates would be shown as "U+2068": doc/escaping.md) */
	s = br_chart_strf(T->sc, "%zu points, \u200e%s\u200e to \u200e%s"
			  "\u200e%s%s%s", in->n,
			  in->labels[0], in->labels[in->n - 1],
			  in->order_words && *in->order_words ? ", " : "",
			  br_nz(in->order_words), every);
	y = tr_para(T, &T->f_note, T->left, y, 11, s);
	free(s);
	return y;
}

/* ------------------------------------------------------- change tags */

/* Tag i's width: its marker and number. */
static double tag_w(const struct tr *T, size_t i)
{
	char num[24];

	snprintf(num, sizeof num, "%zu", i + 1);
	return 14 + br_text_width(T->f_tag.family, T->f_tag.size, true, num);
}

/* Each tag in the first row where it clears the one before (2 pt),
 * over its marker and inside the plot. */
static bool tr_tags_plan(struct tr *T)
{
	double *end = calloc(T->in->n_mk + 1, sizeof *end);
	size_t i, r;

	T->row = calloc(T->in->n_mk + 1, sizeof *T->row);
	T->tag_x = calloc(T->in->n_mk + 1, sizeof *T->tag_x);
	if (!end || !T->row || !T->tag_x) {
		free(end);
		return false;
	}
	T->n_rows = 0;
	for (i = 0; i < T->in->n_mk; i++) {
		double w = tag_w(T, i), x;

		x = EDGE(T, T->in->mk[i].at) - w / 2;
		x = fmax(T->x0, fmin(x, T->x1 - w));
		for (r = 0; r < T->n_rows && x < end[r] + 2; r++)
			;
		if (r == T->n_rows)
			T->n_rows++;
		end[r] = x + w;
		T->row[i] = r;
		T->tag_x[i] = x;
	}
	free(end);
	T->tags_h = (double)T->n_rows * TAG_ROW;
	return true;
}

/* Tag i: a white box with the change's marker and number. */
static void tr_tag(struct tr *T, size_t i)
{
	const struct tr_mark *m = &T->in->mk[i];
	uint32_t c = kind_color(m->kind);
	double x = T->tag_x[i], y = T->top + 2 + (double)T->row[i] * TAG_ROW;
	double w = tag_w(T, i);
	char num[24];

	snprintf(num, sizeof num, "%zu", i + 1);
	br_scene_rect(T->sc, x, y, w, TAG_ROW - 2, 0xffffff, c, 1);
	br_scene_marker(T->sc, kind_marker(m->kind), x + 6, y + 6, 3.5, c,
			BR_NONE, 0);
	/* the number dark: the colours are for shapes, not text (the
	 * vermillion reads at 3.6:1 on white) */
	br_scene_text(T->sc, x + 11, y + 9.5, BR_ANCHOR_START, &T->f_tag,
		      num);
}

/* ---------------------------------------------------------- drawing */

/* The bands of the segments' levels, and the place sets of changes. */
static void tr_bands(struct tr *T)
{
	const struct tr_in *in = T->in;
	size_t i;

	for (i = 0; i < in->n_seg; i++) {
		const struct tr_seg *s = &in->seg[i];
		double xa = EDGE(T, s->from), xb = EDGE(T, s->to);

		if (isfinite(s->lo) && isfinite(s->hi) && s->hi > s->lo) {
			double ya = YOF(T, s->hi), yb = YOF(T, s->lo);

			br_scene_rect(T->sc, xa, ya, xb - xa, yb - ya, C_BAND,
				      BR_NONE, 0);
		}
	}
	for (i = 0; i < in->n_mk; i++) {
		const struct tr_mark *m = &in->mk[i];
		double xa = EDGE(T, m->at_lo), xb = EDGE(T, m->at_hi);
		uint32_t tint = m->kind == TR_REGRESSION ? 0xf7dccbu :
				m->kind == TR_IMPROVEMENT ? 0xcfe3f1u :
				0xe8e8e8u;

		if (m->at_hi > m->at_lo)
			br_scene_rect(T->sc, xa, T->top, xb - xa,
				      T->bottom - T->top, tint, BR_NONE, 0);
	}
}

/* The levels over the points: what the points say, in one line each. */
static void tr_levels(struct tr *T)
{
	size_t i;

	for (i = 0; i < T->in->n_seg; i++) {
		const struct tr_seg *s = &T->in->seg[i];
		double y = YOF(T, s->level);

		br_scene_line(T->sc, EDGE(T, s->from), y, EDGE(T, s->to), y,
			      C_LEVEL, 2, 0);
	}
}

/* The suite's band: the points' intervals joined, broken at a point
 * without one. */
static void tr_point_band(struct tr *T)
{
	const struct tr_in *in = T->in;
	double *p = malloc((4 * in->n + 4) * sizeof *p);
	size_t k = 0, j, m;

	if (!p) {
		T->sc->nomem = true;
		return;
	}
	while (k < in->n) {
		for (; k < in->n && !(in->pt[k].ok && in->pt[k].ci); k++)
			;
		for (m = 0; k + m < in->n && in->pt[k + m].ok &&
		     in->pt[k + m].ci; m++) {
			p[2 * m] = XOF(T, k + m);
			p[2 * m + 1] = YOF(T, in->pt[k + m].hi);
		}
		for (j = 0; j < m; j++) {
			p[2 * (m + j)] = XOF(T, k + m - 1 - j);
			p[2 * (m + j) + 1] = YOF(T, in->pt[k + m - 1 - j].lo);
		}
		if (m > 1)
			br_scene_polygon(T->sc, p, 2 * m, C_BAND, BR_NONE, 0);
		k += m;
	}
	free(p);
}

/* The line through the points, broken at gaps. */
static void tr_line(struct tr *T, uint32_t color, double width)
{
	const struct tr_in *in = T->in;
	double *p = malloc((2 * in->n + 2) * sizeof *p);
	size_t k = 0, m;

	if (!p) {
		T->sc->nomem = true;
		return;
	}
	while (k < in->n) {
		for (; k < in->n && !in->pt[k].ok; k++)
			;
		for (m = 0; k + m < in->n && in->pt[k + m].ok; m++) {
			p[2 * m] = XOF(T, k + m);
			p[2 * m + 1] = YOF(T, in->pt[k + m].v);
		}
		if (m > 1)
			br_scene_polyline(T->sc, p, m, color, width);
		k += m;
	}
	free(p);
}

/* The change markers: a line where the change is (dashed for a
 * regression, solid for an improvement, dotted for noise alone). */
static void tr_marks(struct tr *T)
{
	size_t i;

	for (i = 0; i < T->in->n_mk; i++) {
		const struct tr_mark *m = &T->in->mk[i];
		double x = EDGE(T, m->at), y0 = T->top + 2 +
			   (double)(T->row[i] + 1) * TAG_ROW - 2;

		br_scene_line(T->sc, x, y0, x, T->bottom, kind_color(m->kind),
			      1.5, m->kind == TR_REGRESSION ? 4 :
			      m->kind == TR_OTHER ? 1.5 : 0);
	}
	for (i = 0; i < T->in->n_mk; i++)
		tr_tag(T, i);
}

/* An anomaly's mark: a diamond ring round its point (a closed line:
 * an unfilled polygon is drawn open). */
static void tr_ring(struct tr *T, double cx, double cy, double d)
{
	const double p[10] = {cx, cy - d, cx + d, cy, cx, cy + d, cx - d, cy,
			      cx, cy - d};

	br_scene_polyline(T->sc, p, 5, C_ANOM, 1.5);
}

/* The points: intervals (capped when there is room), dots, and a
 * diamond around each anomaly. */
static void tr_points(struct tr *T)
{
	const struct tr_in *in = T->in;
	double r = fmin(3, fmax(1, T->slot * 0.3));
	size_t k;

	if (!in->band_points)
		for (k = 0; k < in->n; k++) {
			const struct tr_pt *p = &in->pt[k];
			double x = XOF(T, k);

			if (!p->ok || !p->ci)
				continue;
			if (T->slot >= 10)
				br_chart_whisker_draw(T->sc, YOF(T, p->lo),
					YOF(T, p->hi), x, true, -INFINITY,
					INFINITY, C_BAR);
			else
				br_scene_line(T->sc, x, YOF(T, p->lo), x,
					      YOF(T, p->hi), C_BAR,
					      fmin(1, fmax(0.3, T->slot * 0.5)),
					      0);
		}
	for (k = 0; k < in->n; k++)
		if (in->pt[k].ok)
			br_scene_circle(T->sc, XOF(T, k), YOF(T, in->pt[k].v),
					r, C_POINT, BR_NONE, 0);
	for (k = 0; k < in->n; k++)
		if (in->pt[k].ok && in->pt[k].anomaly)
			tr_ring(T, XOF(T, k), YOF(T, in->pt[k].v), r + 4);
}

/* The axes, the grid, and the zoomed axis' lowest label. */
static void tr_frame(struct tr *T)
{
	char lab[64];

	br_chart_ygrid(T->sc, &T->ax, &T->f_tick, T->left, T->x1, T->top,
		       T->bottom);
	if (T->base > 0)
		br_scene_text(T->sc, T->left - 5, T->bottom + 3.5,
			      BR_ANCHOR_END, &T->f_tick,
			      br_axis_label(lab, sizeof lab, T->base, &T->ax));
	if (isfinite(T->in->ref)) {
		double y = YOF(T, T->in->ref);

		br_scene_line(T->sc, T->left, y, T->x1, y, BR_C_AXIS, 1, 2);
	}
}

static void tr_axes_lines(struct tr *T)
{
	br_scene_line(T->sc, T->left, T->top, T->left, T->bottom, BR_C_AXIS,
		      1, 0);
	br_scene_line(T->sc, T->left, T->bottom, T->x1, T->bottom, BR_C_AXIS,
		      1, 0);
}

/* ------------------------------------------------- legend and notes */

#define MAX_KEYS 6

/* The legend's keys: what is drawn. */
static size_t tr_keys(const struct tr *T, const char **lab, uint32_t *col,
		      enum br_marker *mk)
{
	const struct tr_in *in = T->in;
	bool kind[3] = {false, false, false}, anom = false;
	size_t n = 0, i;

	for (i = 0; i < in->n_mk; i++)
		kind[in->mk[i].kind] = true;
	for (i = 0; i < in->n; i++)
		anom |= in->pt[i].ok && in->pt[i].anomaly;
	lab[n] = in->what, col[n] = C_POINT, mk[n++] = BR_MARKER_CIRCLE;
	if (in->n_seg)
		lab[n] = "Level between changes", col[n] = C_LEVEL,
		mk[n++] = BR_MARKER_SQUARE;
	if (kind[TR_REGRESSION])
		lab[n] = "Regression", col[n] = C_REG,
		mk[n++] = BR_MARKER_TRIANGLE_DOWN;
	if (kind[TR_IMPROVEMENT])
		lab[n] = "Improvement", col[n] = C_IMP,
		mk[n++] = BR_MARKER_TRIANGLE;
	if (kind[TR_OTHER])
		lab[n] = "Change in noise", col[n] = C_OTHER,
		mk[n++] = BR_MARKER_SQUARE;
	if (anom)
		lab[n] = "Anomaly", col[n] = C_ANOM,
		mk[n++] = BR_MARKER_DIAMOND;
	return n;
}

static double tr_legend(struct tr *T, struct br_scene *sc, double y)
{
	const char *lab[MAX_KEYS];
	uint32_t col[MAX_KEYS];
	enum br_marker mk[MAX_KEYS];
	size_t n = tr_keys(T, lab, col, mk);

	return br_chart_legend(sc, T->o, 6, y, T->o->width - 6 - RIGHT, lab,
			       col, mk, n);
}

/* The list of changes: each tag's marker and number, its words (bold),
 * its interval and place. */
static double tr_list(struct tr *T, double y)
{
	char last[24];
	double x;
	size_t i;

	/* the words start after the widest number */
	snprintf(last, sizeof last, "%zu", T->in->n_mk);
	x = T->left + 16 + ceil(br_text_width(T->f_item.family, T->f_item.size,
					 true, last));
	for (i = 0; i < T->in->n_mk; i++) {
		const struct tr_mark *m = &T->in->mk[i];
		struct br_font f = T->f_item;
		char num[24];

		snprintf(num, sizeof num, "%zu", i + 1);
		br_scene_marker(T->sc, kind_marker(m->kind), T->left + 4,
				y - 3.5, 3.5, kind_color(m->kind), BR_NONE, 0);
		br_scene_text(T->sc, T->left + 10, y, BR_ANCHOR_START, &f,
			      num);
		y = tr_para(T, &f, x, y, 12, m->words);
		y = tr_para(T, &T->f_note, x, y, 11, m->detail) + 3;
	}
	return y;
}

/* ------------------------------------------------------------ main */

static void tr_fonts(struct tr *T)
{
	const char *fam = T->o->family;

	T->f_tick = (struct br_font){fam, 10, false, BR_C_TEXT};
	T->f_lab = (struct br_font){fam, LAB_SIZE, false, BR_C_TEXT};
	T->f_tag = (struct br_font){fam, 8, true, BR_C_HEAD};
	T->f_item = (struct br_font){fam, 9, true, BR_C_HEAD};
	T->f_note = (struct br_font){fam, 8, false, BR_C_AXIS};
}

/* Margins, slots, the x labels' plan and the axis. */
static bool tr_measure(struct tr *T)
{
	double w = T->o->width;
	size_t rows;

	/* a first left margin for the slots, then the axis' labels */
	T->left = fmax(44, T->o->left);
	T->x1 = w - RIGHT;
	T->x0 = T->left + 4;
	T->slot = (T->x1 - T->x0) / (double)T->in->n;
	if (!tr_tags_plan(T))
		return false;
	tr_axis(T);
	T->left = fmax(ceil(fmax(44, tr_ylabels_w(T) + 14)), T->o->left);
	T->x0 = T->left + 4;
	T->slot = (T->x1 - T->x0) / (double)T->in->n;
	rows = T->n_rows;
	free(T->row);
	free(T->tag_x);
	if (!tr_tags_plan(T))
		return false;
	if (T->n_rows != rows)
		tr_axis(T);     /* room for another row of tags */
	tr_xplan(T);
	return true;
}

int br_trend_plot(const struct tr_in *in, const struct br_chart_opts *o,
		  struct br_scene **out, struct br_error *err)
{
	struct tr T;
	double y, legend_y, legend_h;
	int rc = BR_OK;

	*out = NULL;
	memset(&T, 0, sizeof T);
	T.in = in;
	T.o = o;
	tr_fonts(&T);
	T.sc = br_scene_new(o->width, 0);
	if (!T.sc || !tr_measure(&T))
		goto nomem;
	T.sc->axis_x = T.left;
	legend_h = tr_legend(&T, NULL, 0);
	T.top = br_chart_header(T.sc, in->t, o, T.left, legend_h + 4,
				&legend_y);
	T.bottom = T.top + PLOT_H;
	tr_legend(&T, T.sc, legend_y);
	tr_frame(&T);
	tr_bands(&T);
	if (in->band_points)
		tr_point_band(&T);
	tr_line(&T, in->band_points ? C_IMP : C_LINE,
		in->band_points ? 1.5 : 0.75);
	tr_points(&T);
	tr_levels(&T);
	tr_marks(&T);
	tr_axes_lines(&T);
	tr_xlabels(&T);
	y = tr_xcaption(&T, T.bottom + T.lab_h + 12);
	y = tr_list(&T, y + 6);
	y = tr_para(&T, &T.f_note, T.left, y + 2, 11, in->bars_note);
	y = tr_para(&T, &T.f_note, T.left, y, 11, in->n_seg ? in->band_note :
		    NULL);
	T.sc->height = ceil(y + 2);
	br_chart_set_title(T.sc, in->t);
	if (br_scene_failed(T.sc))
		goto nomem;
	*out = T.sc;
	T.sc = NULL;
	goto done;
nomem:
	rc = br_error_set(err, BR_EIO, NULL, 0, "out of memory");
done:
	br_scene_free(T.sc);
	free(T.row);
	free(T.tag_x);
	return rc;
}
