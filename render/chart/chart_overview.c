/*
 * chart_overview.c - the result overview: every test normalised to the
 * baseline, one row per test, the geometric mean last (OpenBenchmarking's
 * "Result Overview" as a single chart, doc/pts-format.md section 4.5).
 *
 *   Result Overview / <input title>                 header
 *   [#] System B  [#] System C                      legend of candidates
 *   -> Relative performance vs. System A, More Is Better
 *                          |                        1 = the baseline
 *   Dbench - Clients: 1    |######## 1.32x          <= 3 candidates: a bar
 *                      0.87x ###|                   per candidate from 1
 *   ...                    |                        > 3: dots on a track
 *   Geometric mean         |#### 1.035x             always bars, labelled
 *              0.5x       1x       2x               log axis
 *
 * A log axis, because speedups multiply: 0.5x and 2x are equally far
 * from 1.  Every number is the analysis' (its comparisons and geometric
 * means); the "overview" row of the chart table is built at the end.
 *
 * A mark says how sure it is (doc/charts.md, "The result overview"):
 * full colour (interval excludes 1), pale bar or hollow dot (includes
 * 1), hatched bar or ringed dot (no interval: single runs); an arrow or
 * a broken bar with its true value beyond the axis; a cross with the
 * reason where a candidate among dots has no result.  The layout is one
 * struct ov of measured margins and axis, filled and drawn element by
 * element (ov_styles ... ov_footer).
 */
#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "chart.h"
#include "../text/text.h"
#include "../../analysis/numfmt.h"
#include "../../analysis/sentence.h"

#define MAX_LANES 3        /* candidates drawn as bars per row */
#define VALUE_PAD 44.0     /* room for "0.87x" beside the extreme bars */
#define RANGE_LIMIT 1000.0 /* speedups clamped to [1/1000, 1000]: beyond,
			    * an off-scale mark with the true value */
#define GM_HEAD 22.0       /* the geometric mean's heading line */
#define GM_LANE 13.0       /* a geometric mean's lane */

static uint32_t pale(uint32_t c)
{
	uint32_t r = (c >> 16) & 0xff, g = (c >> 8) & 0xff, b = c & 0xff;

	r = r + (0xff - r) * 3 / 5;
	g = g + (0xff - g) * 3 / 5;
	b = b + (0xff - b) * 3 / 5;
	return r << 16 | g << 8 | b;
}

static double clampv(double v)
{
	return fmin(fmax(v, 1 / RANGE_LIMIT), RANGE_LIMIT);
}

static bool usable(double v)
{
	return isfinite(v) && v > 0;
}

struct axis {
	double llo, lhi;           /* log range */
	double x0, pw;
	double ticks[24];
	size_t n_ticks;
	int tick_dec;              /* decimals of every tick label; -1:
				    * powers of two only ("1/2x", "2x") */
};

static double xof(const struct axis *a, double v)
{
	return a->x0 + (log(clampv(v)) - a->llo) / (a->lhi - a->llo) * a->pw;
}

/* Keep the candidates (ascending) that lie inside the axis, 1 always,
 * outward from 1 at least min_gap apart. */
static void pick_ticks(struct axis *a, const double *cand, size_t n,
		       double min_gap)
{
	double last = 1, edge = min_gap / 3;
	size_t i;

	a->n_ticks = 0;
	a->ticks[a->n_ticks++] = 1;
	for (i = 0; i < n && a->n_ticks < 23; i++) {          /* upward */
		double x = xof(a, cand[i]);

		if (cand[i] <= last * (1 + 1e-9) ||
		    log(cand[i]) > a->lhi - 1e-9)
			continue;
		if (x - xof(a, last) >= min_gap &&
		    a->x0 + a->pw - x >= edge) {
			a->ticks[a->n_ticks++] = cand[i];
			last = cand[i];
		}
	}
	last = 1;
	for (i = n; i-- > 0 && a->n_ticks < 23;) {            /* downward */
		double x = xof(a, cand[i]);

		if (cand[i] >= last * (1 - 1e-9) ||
		    log(cand[i]) < a->llo + 1e-9)
			continue;
		if (xof(a, last) - x >= min_gap && x - a->x0 >= edge) {
			a->ticks[a->n_ticks++] = cand[i];
			last = cand[i];
		}
	}
}

/*
 * Ticks: powers of two (speedups read as "2x", "4x" faster, "1/2x") when
 * at least two of them fit beside 1; for a narrow range, finer steps
 * (0.8x, 0.9x, 1.1x, 1.25x ...).
 */
static void log_ticks(struct axis *a, double min_gap)
{
	static const double fine[] = {
		0.5, 0.6, 0.7, 0.75, 0.8, 0.9, 0.95, 1.05, 1.1, 1.2, 1.25,
		1.5, 1.75, 2,
	};
	double cand[64];
	size_t n = 0;
	int e;

	for (e = -10; e <= 10; e++)
		cand[n++] = ldexp(1, e);
	pick_ticks(a, cand, n, min_gap);
	if (a->n_ticks >= 3)
		return;
	n = 0;
	for (e = -10; e < -1; e++)
		cand[n++] = ldexp(1, e);
	memcpy(cand + n, fine, sizeof fine);
	n += sizeof fine / sizeof fine[0];
	for (e = 2; e <= 10; e++)
		cand[n++] = ldexp(1, e);
	pick_ticks(a, cand, n, min_gap);
}

static int by_value(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

/* The ticks in order, and one format for all their labels: fractions
 * when every tick is a power of two, else the decimals the finest needs
 * ("0.70x 0.75x 1.00x", never "1/2x" beside "0.6x"). */
static void sort_ticks(struct axis *a)
{
	size_t i;
	bool pow2 = true;

	qsort(a->ticks, a->n_ticks, sizeof a->ticks[0], by_value);
	a->tick_dec = 0;
	for (i = 0; i < a->n_ticks; i++) {
		int e, d = 0;
		double m = frexp(a->ticks[i], &e);

		pow2 &= m == 0.5;
		while (d < 6 && fabs(a->ticks[i] * pow(10, d) -
				     round(a->ticks[i] * pow(10, d))) > 1e-9)
			d++;
		if (d > a->tick_dec)
			a->tick_dec = d;
	}
	if (pow2)
		a->tick_dec = -1;
}

/* A tick's label in its axis' format (sort_ticks): "1/2x", "4x";
 * "0.75x", "1.00x". */
static void tick_label(char *buf, size_t size, double v,
		       const struct axis *a)
{
	double inv = 1 / v;

	if (a->tick_dec < 0 && v < 1)
		snprintf(buf, size, "1/%.0fx", inv);
	else if (a->tick_dec < 0)
		snprintf(buf, size, "%.0fx", v);
	else
		snprintf(buf, size, "%.*fx", a->tick_dec, v);
}

static void value_label(char *buf, size_t size, double v, int dec)
{
	br_fmt_x(buf, size, v, v < 0.1 && dec < 3 ? 3 : dec);
}

/* Beyond the axis (RANGE_LIMIT): the true value, grouped ("52,752x",
 * "1/30,543x"), written beside its off-scale mark. */
static bool off_scale(double v)
{
	return usable(v) && (v > RANGE_LIMIT || v < 1 / RANGE_LIMIT);
}

static void off_label(char *buf, size_t size, double v)
{
	char n[48];

	if (v >= 1)
		snprintf(buf, size, "%sx", br_fmt_value(n, sizeof n, v, 0));
	else
		snprintf(buf, size, "1/%sx", br_fmt_value(n, sizeof n, 1 / v,
							   0));
}

/* What the marks of one chart say, for its footnote. */
struct ov_marks {
	bool whisker;     /* a whisker drawn */
	bool pale_bar, hollow_dot;   /* interval includes 1 */
	bool hatched_bar, ringed_dot; /* no interval: single runs */
	bool off;         /* a value beyond the axis, marked */
	bool cross;       /* a candidate without a result among dots */
};

/* Diagonal stripes over the rect (x, y, w, h): a bar without an
 * interval (single runs), not as sure as a full one. */
static void hatch(struct br_scene *sc, double x, double y, double w, double h,
		  uint32_t color)
{
	double t;

	for (t = 3; t < w + h; t += 4) {
		double s0 = fmax(0, t - w), s1 = fmin(h, t);

		if (s1 - s0 > 0.5)
			br_scene_line(sc, x + t - s0, y + h - s0, x + t - s1,
				      y + h - s1, color, 1, 0);
	}
}

/* A break across the bar's end at x (lane y, h): the bar goes on past
 * the axis. */
static void bar_break(struct br_scene *sc, double x, double y, double h,
		      uint32_t bg)
{
	br_scene_line(sc, x - 5, y + h + 1, x - 1, y - 1, bg, 2, 0);
	br_scene_line(sc, x - 1, y + h + 1, x + 3, y - 1, bg, 2, 0);
}

/* The bar of a lane from 1 to v: full, pale (not proven) or hatched (no
 * interval), broken at the axis' end when beyond it. */
static void lane_fill(struct br_scene *sc, double one, double vx, double y,
		      double h, uint32_t color, const struct br_speedup *c,
		      struct ov_marks *m)
{
	bool none = !usable(c->lo) || !usable(c->hi);

	if (vx == one) {
		br_scene_line(sc, one, y, one, y + h, color, 2, 0);
		return;
	}
	br_scene_rect(sc, fmin(one, vx), y, fabs(vx - one), h,
		      c->not_proven || none ? pale(color) : color, BR_NONE, 0);
	if (none) {
		hatch(sc, fmin(one, vx), y, fabs(vx - one), h, color);
		m->hatched_bar = true;
	}
	m->pale_bar |= c->not_proven;
	if (off_scale(c->s)) {
		bar_break(sc, c->s > 1 ? vx - 4 : vx + 8, y, h,
			  sc->background);
		m->off = true;
	}
}

/*
 * One labelled bar from 1 to v in lane (y, h) (lane_fill), CI whisker
 * through its middle, the value beside its end (the true one past the
 * axis); without a value why (NULL: "no result").
 */
static void lane_bar(struct br_scene *sc, const struct axis *a,
		     const struct br_font *fv, double y, double h,
		     uint32_t color, const struct br_speedup *c, int dec,
		     const char *why, struct ov_marks *m)
{
	double one = round(xof(a, 1)), vx, cy = y + h / 2, tw;
	char buf[64];

	if (!usable(c->s)) {
		struct br_font fn = *fv;

		fn.color = 0x808080;
		fn.bold = false;
		br_scene_text(sc, one + 4, cy + 3, BR_ANCHOR_START, &fn,
			      why ? why : "no result");
		return;
	}
	vx = round(xof(a, c->s));
	lane_fill(sc, one, vx, y, h, color, c, m);
	if (usable(c->lo) && usable(c->hi)) {
		double wa = xof(a, c->lo), wb = xof(a, c->hi);

		m->whisker |= br_chart_whisker_draw(sc, wa, wb, cy, false,
						    -INFINITY, INFINITY,
						    BR_C_WHISKER);
		/* the label goes beyond the whisker too */
		if (c->s >= 1)
			vx = fmax(vx, round(wb));
		else
			vx = fmin(vx, round(wa));
	}
	if (off_scale(c->s))
		off_label(buf, sizeof buf, c->s);
	else
		value_label(buf, sizeof buf, c->s, dec);
	/* knocked out of the grid lines behind it */
	tw = br_text_width(fv->family, fv->size, fv->bold, buf);
	br_scene_rect(sc, c->s >= 1 ? vx + 3 : vx - 5 - tw,
		      cy - fv->size * 0.5, tw + 2, fv->size, sc->background,
		      BR_NONE, 0);
	br_scene_text(sc, c->s >= 1 ? vx + 4 : vx - 4,
		      cy + fv->size * 0.36, c->s >= 1 ?
		      BR_ANCHOR_START : BR_ANCHOR_END, fv, buf);
}

/* Text on a patch of background (grid lines do not cross it). */
static void knocked_text(struct br_scene *sc, double x, double y,
			 enum br_anchor an, const struct br_font *f,
			 const char *s)
{
	double tw = br_text_width(f->family, f->size, f->bold, s);
	double x0 = an == BR_ANCHOR_END ? x - tw : x;

	br_scene_rect(sc, x0 - 1, y - f->size * 0.86, tw + 2, f->size * 1.1,
		      sc->background, BR_NONE, 0);
	br_scene_text(sc, x, y, an, f, s);
}

/* The reason of a row of dots without one, why[0..n) its cells': their
 * common reason, else "no result". */
static void row_why(struct br_scene *sc, const struct br_font *f, double x,
		    double y, const char *const *why, size_t n)
{
	struct br_font fn = *f;
	const char *w = why ? why[0] : NULL;
	size_t k;

	for (k = 1; w && k < n; k++)
		if (!why[k] || strcmp(why[k], w))
			w = NULL;
	fn.color = 0x808080;
	fn.bold = false;
	br_scene_text(sc, x, y, BR_ANCHOR_START, &fn, w ? w : "no result");
}

/* Footer note lines (8 pt) from y; returns the next baseline. */
static double note(struct br_scene *sc, const struct br_chart_opts *o,
		   double x, double y, double max_w, const char *text)
{
	struct br_font f = {o->family, 8, false, BR_C_AXIS};

	return br_chart_note_lines(sc, &f, x, y, max_w, text);
}

/* ------------------------------------------------------- the layout */

/* One overview being laid out: the input, the measured margins and
 * axis every element shares, and what its marks said. */
struct ov {
	const struct br_overview_input *in;
	const struct br_chart_opts *o;
	struct br_scene *sc;
	size_t nc, nt, r0, rn;     /* candidates, tests, rows drawn */
	size_t g0, gn;             /* geometric means drawn */
	struct br_font f_row, f_gm, f_val, f_gval, f_tick;
	uint32_t *colors;
	enum br_marker *markers;
	struct br_label *rows, *sys;
	struct axis ax;
	bool lanes;                /* a bar per candidate, else dots */
	bool shapes;               /* dots differ by shape too */
	double left, x1, top, bottom, row_h, lane_h, gm_lane, gm_h;
	double dot_r, dot_dy;
	struct ov_marks m;
	char *unit;
};

/* Lane and dot sizes and the row height, from the candidates (and
 * rows) in L. */
static void ov_sizes(struct ov *L)
{
	L->lanes = L->nc <= MAX_LANES;
	L->lane_h = 11;
	L->gm_lane = GM_LANE;
	/* dots: each candidate a little lower than the one before, so
	 * equal speedups stay visible, smaller past 8 candidates */
	L->dot_r = L->nc > 8 ? 2.75 : 3.5;
	L->dot_dy = L->lanes ? 0 : L->nc > 8 ? 3.25 : 2.5;
	L->row_h = L->lanes ? (double)L->nc * L->lane_h +
		   (double)(L->nc - 1) * 2 + 10
		   : fmax(L->rn <= 60 ? 16 : 13, (double)(L->nc - 1) *
			  L->dot_dy + 2 * L->dot_r + 5);
}

/* The height of a geometric-mean block of n lanes: a heading line,
 * then a labelled lane each. */
static double gm_height(size_t n)
{
	return GM_HEAD + (double)n * (GM_LANE + 3) + 8;
}

/* Colours and markers of the candidates. */
static bool ov_styles(struct ov *L)
{
	size_t k;

	L->colors = calloc(L->nc + 1, sizeof *L->colors);
	L->markers = calloc(L->nc + 1, sizeof *L->markers);
	if (!L->colors || !L->markers)
		return false;
	for (k = 0; k < L->nc; k++) {
		struct br_style st = L->in->styles ? L->in->styles[k] :
				     br_series_style(k + 1);

		L->colors[k] = st.color;
		L->markers[k] = st.marker;
		/* dots of more systems than colours differ by shape too */
		L->shapes |= !L->lanes && st.marker != BR_MARKER_CIRCLE;
	}
	return true;
}

/* Widen [*lo, *hi] by speedup c (and its interval when drawn). */
static void range_add(const struct br_speedup *c, bool interval, double *lo,
		      double *hi)
{
	if (!usable(c->s))
		return;
	*lo = fmin(*lo, clampv(c->s));
	*hi = fmax(*hi, clampv(c->s));
	if (interval && usable(c->lo) && usable(c->hi)) {
		*lo = fmin(*lo, clampv(c->lo));
		*hi = fmax(*hi, clampv(c->hi));
	}
}

/* The left margin from the row labels (at most 42 % of the width), the
 * row height, and the labels shortened to fit. */
static bool ov_margins(struct ov *L)
{
	const struct br_overview_input *in = L->in;
	double label_w = 0, w = L->o->width;
	size_t i, k;

	for (i = 0; i < L->nt; i++)
		label_w = fmax(label_w, br_text_width(L->f_row.family,
			L->f_row.size, false, in->tests[i]));
	if (in->gm) {
		label_w = fmax(label_w, br_text_width(L->f_gm.family,
			L->f_gm.size, true, "Geometric mean"));
		for (k = 0; k < L->nc; k++)
			label_w = fmax(label_w, br_text_width(L->f_row.family,
				L->f_row.size, false, in->systems[k]));
	}
	L->left = ceil(fmin(fmax(label_w + 16, 90), floor(0.42 * w)));
	L->x1 = w - 15;
	/* a row's test name and its last option are what tell rows apart:
	 * long labels lose their middle (br_chart_labels), those of every
	 * page at once, so pages agree; in two lines where the row has
	 * room ("IOzone - ... 512MB - Disk Test: Write") */
	L->rows = br_chart_labels(&L->f_row, in->tests, L->nt, L->left - 12,
				  L->row_h >= 26 ? 2 : 1);
	L->sys = br_chart_labels(&L->f_row, in->systems, L->nc, L->left - 12,
				 1);
	return L->rows && L->sys;
}

/* The log axis: the data's range (1 included) into the plot minus room
 * for labels, and the densest ticks whose labels keep 8 pt apart. */
static void ov_axis(struct ov *L, double lo, double hi)
{
	double l0 = log(lo), l1 = log(hi), span, pad, inner, gap;
	char buf[64];
	size_t i;

	if (l1 - l0 < log(1.5)) {   /* a sensible minimum span */
		double mid = (l0 + l1) / 2;

		l0 = fmin(fmin(l0, mid - log(1.5) / 2), 0);
		l1 = fmax(fmax(l1, mid + log(1.5) / 2), 0);
	}
	span = l1 - l0;
	pad = L->lanes || L->in->gm ? VALUE_PAD : 12;
	inner = L->x1 - L->left - 2 * pad;
	L->ax.x0 = L->left;
	L->ax.pw = L->x1 - L->left;
	L->ax.llo = l0 - span * pad / inner;
	L->ax.lhi = l1 + span * pad / inner;
	for (gap = 28; gap < 200; gap += 4) {
		double prev_r = -1e9;
		bool ok = true;

		log_ticks(&L->ax, gap);
		sort_ticks(&L->ax);
		for (i = 0; i < L->ax.n_ticks && ok; i++) {
			double tw, cx = xof(&L->ax, L->ax.ticks[i]);

			tick_label(buf, sizeof buf, L->ax.ticks[i], &L->ax);
			tw = br_text_width(L->f_tick.family, L->f_tick.size,
					   false, buf);
			ok = cx - tw / 2 >= prev_r + 8;
			prev_r = cx + tw / 2;
		}
		if (ok)
			break;
	}
}

/* Title, subtitle, the legend of candidates, the caption; the plot's
 * top and bottom. */
static void ov_header(struct ov *L)
{
	const struct br_overview_input *in = L->in;
	struct br_test head;
	double legend_y, legend_h;

	memset(&head, 0, sizeof head);
	head.title = in->title;
	head.description = in->subtitle;
	if (in->measure && *in->measure)   /* "Performance per dollar" */
		L->unit = br_chart_strf(L->sc, "%c%s vs. %s",
					toupper((unsigned char)in->measure[0]),
					in->measure + 1, in->baseline ?
					in->baseline : "the baseline");
	else
		L->unit = br_chart_strf(L->sc, "Relative performance vs. %s",
					in->baseline ? in->baseline :
					"the baseline");
	head.unit.text = L->unit ? L->unit : "";
	head.dir = BR_DIR_HIB;
	legend_h = br_chart_legend(NULL, L->o, L->left, 0, L->x1 - L->left,
				   in->systems, L->colors,
				   L->shapes ? L->markers : NULL, L->nc);
	L->top = br_chart_header(L->sc, &head, L->o, L->left, legend_h + 2,
				 &legend_y);
	br_chart_legend(L->sc, L->o, L->left, legend_y, L->x1 - L->left,
			in->systems, L->colors, L->shapes ? L->markers : NULL,
			L->nc);
	if (in->gm)   /* a heading line, then a labelled lane each */
		L->gm_h = gm_height(L->gn);
	L->bottom = L->top + L->row_h * (double)L->rn + L->gm_h;
}

/* Grid lines under everything, tick labels under the plot. */
static void ov_grid(struct ov *L)
{
	char buf[64];
	size_t i;

	for (i = 0; i < L->ax.n_ticks; i++) {
		double gx = round(xof(&L->ax, L->ax.ticks[i]));

		if (L->ax.ticks[i] != 1)
			br_scene_line(L->sc, gx, L->top, gx, L->bottom,
				      BR_C_GRID, 1, 5);
		tick_label(buf, sizeof buf, L->ax.ticks[i], &L->ax);
		br_scene_text(L->sc, gx, L->bottom + 15, BR_ANCHOR_MIDDLE,
			      &L->f_tick, buf);
	}
}
/* Candidate k's dot at (px, dy): filled; hollow when the interval
 * includes 1; ringed (hollow with a centre) without an interval. */
static void ov_dot(struct ov *L, size_t k, const struct br_speedup *c,
		   double px, double dy)
{
	uint32_t col = L->colors[k];

	if (!usable(c->lo) || !usable(c->hi)) {
		br_scene_marker(L->sc, L->markers[k], px, dy, L->dot_r,
				0xffffff, col, 1.25);
		br_scene_circle(L->sc, px, dy, L->dot_r * 0.4, col, BR_NONE,
				0);
		L->m.ringed_dot = true;
	} else if (c->not_proven) {
		br_scene_marker(L->sc, L->markers[k], px, dy, L->dot_r,
				0xffffff, col, 1.5);
		L->m.hollow_dot = true;
	} else {
		/* a white rim parts piled marks */
		br_scene_marker(L->sc, L->markers[k], px, dy, L->dot_r, col,
				0xffffff, 0.75);
	}
}

/* An arrow at the axis' end for a dot beyond it, pointing out. */
static void ov_arrow(struct ov *L, size_t k, double px, double dy, bool up)
{
	double d = up ? 1 : -1, r = L->dot_r + 1, pts[6];

	pts[0] = px - d * r;
	pts[1] = dy - r;
	pts[2] = px + d * r;
	pts[3] = dy;
	pts[4] = px - d * r;
	pts[5] = dy + r;
	br_scene_polygon(L->sc, pts, 3, L->colors[k], 0xffffff, 0.75);
	L->m.off = true;
}

/* A cross at the plot's left edge: candidate k has no result here. */
static void ov_cross(struct ov *L, size_t k, double dy)
{
	double x = L->left + 6, r = fmin(L->dot_r, 3);

	br_scene_line(L->sc, x - r, dy - r, x + r, dy + r, L->colors[k], 1.5,
		      0);
	br_scene_line(L->sc, x - r, dy + r, x + r, dy - r, L->colors[k], 1.5,
		      0);
	L->m.cross = true;
}

/* The words beside a row's marks: the off-scale values on each side
 * ("52,752x 30,543x"), the reasons of the crosses ("failed"). */
static void ov_row_words(struct ov *L, size_t i, double cy)
{
	const struct br_overview_input *in = L->in;
	struct br_font fw = L->f_val;
	char hi[256] = "", lo[256] = "", why[128] = "", buf[64];
	size_t k;

	fw.bold = false;
	for (k = 0; k < L->nc; k++) {
		const struct br_speedup *c = &in->cells[i * L->nc + k];
		const char *w = in->why ? in->why[i * L->nc + k] : NULL;
		char *to = c->s > 1 ? hi : lo;

		if (off_scale(c->s)) {
			off_label(buf, sizeof buf, c->s);
			snprintf(to + strlen(to), sizeof hi - strlen(to),
				 "%s%s", *to ? " " : "", buf);
		} else if (!usable(c->s) && !strstr(why, w ? w : "no result")) {
			snprintf(why + strlen(why), sizeof why - strlen(why),
				 "%s%s", *why ? ", " : "", w ? w : "no result");
		}
	}
	if (*hi)
		knocked_text(L->sc, round(xof(&L->ax, RANGE_LIMIT)) - 8,
			     cy + 3, BR_ANCHOR_END, &fw, hi);
	if (*lo)
		knocked_text(L->sc, round(xof(&L->ax, 1 / RANGE_LIMIT)) + 8,
			     cy + 3, BR_ANCHOR_START, &fw, lo);
	fw.color = 0x808080;
	if (*why)
		knocked_text(L->sc, L->left + 12, cy + 3, BR_ANCHOR_START, &fw,
			     why);
}

/* A row of dots (more than MAX_LANES candidates): each candidate's dot,
 * an arrow past the axis, a cross where it has no result; a row with no
 * dot at all says why instead. */
static void ov_dots(struct ov *L, size_t i, double cy)
{
	const struct br_overview_input *in = L->in;
	size_t k, n_dots = 0;

	for (k = 0; k < L->nc; k++)
		n_dots += usable(in->cells[i * L->nc + k].s);
	if (n_dots == 0) {
		row_why(L->sc, &L->f_val, round(xof(&L->ax, 1)) + 4, cy + 3,
			in->why ? in->why + i * L->nc : NULL, L->nc);
		return;
	}
	ov_row_words(L, i, cy);   /* under the marks: none is hidden */
	for (k = 0; k < L->nc; k++) {
		const struct br_speedup *c = &in->cells[i * L->nc + k];
		double dy = cy + ((double)k - (double)(L->nc - 1) / 2) *
			    L->dot_dy;

		if (!usable(c->s))
			ov_cross(L, k, dy);
		else if (off_scale(c->s))
			ov_arrow(L, k, xof(&L->ax, c->s), dy, c->s > 1);
		else
			ov_dot(L, k, c, xof(&L->ax, c->s), dy);
	}
}

/* The rows of tests from y: stripes and dots, or a bar per lane. */
static double ov_rows(struct ov *L, double y)
{
	const struct br_overview_input *in = L->in;
	size_t i, k;

	for (i = L->r0; i < L->r0 + L->rn; i++, y += L->row_h) {
		double cy = y + L->row_h / 2;

		if (!L->lanes && (i - L->r0) % 2 == 0)
			br_scene_rect(L->sc, L->left + 1, y,
				      L->x1 - L->left - 1, L->row_h, 0xf3f5f7,
				      BR_NONE, 0);
		br_chart_label_draw(L->sc, L->left - 6, cy + 3.2 - 6.5 *
				    (double)(L->rows[i].n_lines - 1),
				    BR_ANCHOR_END, &L->f_row, &L->rows[i],
				    in->tests[i], 13);
		if (i > L->r0 && L->lanes)
			br_scene_line(L->sc, L->left - 4, y, L->left, y,
				      BR_C_AXIS, 1, 0);
		if (!L->lanes) {
			ov_dots(L, i, cy);
			continue;
		}
		for (k = 0; k < L->nc; k++)
			lane_bar(L->sc, &L->ax, &L->f_val, y + 5 +
				 (L->lane_h + 2) * (double)k, L->lane_h,
				 L->colors[k], &in->cells[i * L->nc + k], 2,
				 in->why ? in->why[i * L->nc + k] : NULL,
				 &L->m);
	}
	return y;
}

/* The geometric means from y: a heading, a labelled lane each. */
static void ov_gm(struct ov *L, double y)
{
	double gy = y + GM_HEAD;
	size_t k;

	br_scene_line(L->sc, 6, y + 1, L->x1, y + 1, BR_C_HEAD, 0.75, 0);
	br_scene_text(L->sc, L->left - 6, y + 15, BR_ANCHOR_END, &L->f_gm,
		      "Geometric mean");
	for (k = L->g0; k < L->g0 + L->gn; k++) {
		double ly = gy + (L->gm_lane + 3) * (double)(k - L->g0);

		br_chart_label_draw(L->sc, L->left - 6, ly + L->gm_lane / 2 +
				    3.2, BR_ANCHOR_END, &L->f_row, &L->sys[k],
				    L->in->systems[k], 0);
		lane_bar(L->sc, &L->ax, &L->f_gval, ly, L->gm_lane,
			 L->colors[k], &L->in->gm[k], 3, NULL, &L->m);
	}
}

/* "pale", "hollow", "hollow or pale": one look, named as drawn. */
static const char *look(bool bar, const char *bar_word, bool dot,
			const char *dot_word, char *buf, size_t size)
{
	snprintf(buf, size, "%s%s%s", dot ? dot_word : "",
		 dot && bar ? " or " : "", bar ? bar_word : "");
	return buf;
}

/* The footnote's sentence on the marks: whiskers, the looks of "not
 * proven" and "no interval", off-scale arrows, crosses. */
static void ov_marks_text(const struct ov *L, char *buf, size_t size)
{
	const struct ov_marks *m = &L->m;
	char lv[24], pw[32], sw[32];
	size_t n;

	br_fmt_level(lv, sizeof lv, L->in->confidence);
	look(m->pale_bar, "pale", m->hollow_dot, "hollow", pw, sizeof pw);
	look(m->hatched_bar, "hatched", m->ringed_dot, "ringed", sw,
	     sizeof sw);
	buf[0] = '\0';
	if (m->whisker)
		snprintf(buf, size, "Whiskers: %s confidence intervals%s%s%s.",
			 lv, *pw ? "; " : "", pw, *pw ? ": the interval "
			 "includes 1, no difference proven" : "");
	else if (*pw)
		snprintf(buf, size, "%c%s: the %s confidence interval "
			 "includes 1, no difference proven.", pw[0] - 'a' + 'A',
			 pw + 1, lv);
	n = strlen(buf);
	if (*sw)
		snprintf(buf + n, size - n, "%s%c%s: single runs, no "
			 "interval.", n ? " " : "", sw[0] - 'a' + 'A', sw + 1);
	n = strlen(buf);
	if (m->off)
		snprintf(buf + n, size - n, "%sArrow: beyond the axis "
			 "(1000x), the value written beside it.",
			 n ? " " : "");
	n = strlen(buf);
	if (m->cross)
		snprintf(buf + n, size - n, "%sCross: no result, the reason "
			 "beside it.", n ? " " : "");
}

/* The footnote from y: what the numbers are; returns the next line. */
static double ov_footer(struct ov *L, double y)
{
	const struct br_overview_input *in = L->in;
	char buf[512], *foot;
	size_t k;

	ov_marks_text(L, buf, sizeof buf);
	foot = br_chart_strf(L->sc, "Each test: speedup over %s (time-like "
			     "results inverted), so more than 1x is better. "
			     "%s", in->baseline ? in->baseline :
			     "the baseline", buf);
	if (foot)
		y = note(L->sc, L->o, L->left, y, L->x1 - L->left, foot);
	free(foot);
	if (in->gm && in->gm_k) {
		size_t kmin = (size_t)-1, kmax = 0;

		for (k = 0; k < L->nc; k++) {
			kmin = in->gm_k[k] < kmin ? in->gm_k[k] : kmin;
			kmax = in->gm_k[k] > kmax ? in->gm_k[k] : kmax;
		}
		const char *with = in->gm_runs_only ? " with runs" : "";
		const char *left = in->gm_runs_only ? "; single-run tests "
				   "prove nothing and are left out" : "";

		if (kmin == kmax)
			snprintf(buf, sizeof buf, "Geometric mean of the "
				 "speedups over %zu test%s%s%s.", kmax,
				 kmax == 1 ? "" : "s", with, left);
		else
			snprintf(buf, sizeof buf, "Geometric mean of the "
				 "speedups over the tests both systems have%s "
				 "(%zu to %zu)%s.", with, kmin, kmax, left);
		y = note(L->sc, L->o, L->left, y, L->x1 - L->left, buf);
	}
	return y;
}

/* The input, its rows and fonts into L. */
static void ov_init(struct ov *L, const struct br_overview_input *in,
		    const struct br_chart_opts *o)
{
	const size_t nt = in->n_tests;
	struct br_font f_row = {o->family, 9, false, BR_C_HEAD};
	struct br_font f_gm = {o->family, 10, true, BR_C_HEAD};
	struct br_font f_val = {o->family, 8, true, BR_C_TEXT};
	struct br_font f_gval = {o->family, 9, true, BR_C_TEXT};
	struct br_font f_tick = {o->family, 10, false, BR_C_TEXT};

	memset(L, 0, sizeof *L);
	L->in = in;
	L->o = o;
	L->nc = in->n_systems;
	L->nt = nt;
	/* rows drawn: a window of the tests (scale and margin from all) */
	L->r0 = in->show_n && in->show_from < nt ? in->show_from : 0;
	L->rn = in->show_n && in->show_from < nt ?
		(in->show_n < nt - L->r0 ? in->show_n : nt - L->r0) : nt;
	if (in->gm_only)
		L->rn = 0;
	L->g0 = in->gm_n && in->gm_from < L->nc ? in->gm_from : 0;
	L->gn = in->gm_n && in->gm_from < L->nc ?
		(in->gm_n < L->nc - L->g0 ? in->gm_n : L->nc - L->g0) : L->nc;
	L->f_row = f_row;
	L->f_gm = f_gm;
	L->f_val = f_val;
	L->f_gval = f_gval;
	L->f_tick = f_tick;
	ov_sizes(L);
}

int br_chart_overview(const struct br_overview_input *in,
		      const struct br_chart_opts *o, struct br_scene **out,
		      struct br_error *err)
{
	struct ov L;
	double lo = 1, hi = 1, y, one;
	size_t i, k;
	int rc = BR_OK;

	*out = NULL;
	if (in->n_systems == 0 || (in->n_tests == 0 && !in->gm))
		return br_error_set(err, BR_EDATA, NULL, 0, "result overview: "
				    "needs a test and two systems");
	ov_init(&L, in, o);
	L.sc = br_scene_new(o->width, 0);
	if (!L.sc || !ov_styles(&L))
		goto nomem;
	/* range over every speedup and interval, 1 included */
	for (i = 0; i < L.nt * L.nc; i++)
		range_add(&in->cells[i], L.lanes, &lo, &hi);
	for (k = 0; in->gm && k < L.nc; k++)
		range_add(&in->gm[k], true, &lo, &hi);
	if (!ov_margins(&L))
		goto nomem;
	ov_axis(&L, lo, hi);
	ov_header(&L);
	ov_grid(&L);
	y = ov_rows(&L, L.top);
	if (in->gm)
		ov_gm(&L, y);
	/* the baseline over the bars, then the axes */
	one = round(xof(&L.ax, 1));
	br_scene_line(L.sc, one, L.top, one, L.bottom, BR_C_HEAD, 1, 0);
	br_scene_line(L.sc, L.left, L.top, L.left, L.bottom, BR_C_AXIS, 1, 0);
	br_scene_line(L.sc, L.left, L.bottom, L.x1, L.bottom, BR_C_AXIS, 1, 0);
	y = ov_footer(&L, L.bottom + 30);
	L.sc->height = ceil(fmax(y, L.bottom + 39));
	br_scene_set_title(L.sc, in->title);
	if (br_scene_failed(L.sc))
		goto nomem;
	*out = L.sc;
	L.sc = NULL;
	goto done;
nomem:
	rc = br_error_set(err, BR_EIO, NULL, 0, "out of memory");
done:
	br_scene_free(L.sc);
	br_chart_labels_free(L.rows, L.nt);
	br_chart_labels_free(L.sys, L.nc);
	free(L.colors);
	free(L.markers);
	free(L.unit);
	return rc;
}

/* ------------------------------------------------ from the analysis */

bool br_chart_overview_empty(const struct br_analysis *a, char *why,
			     size_t why_size)
{
	if (a->sel->n_systems < 2 || a->n_overview < 3 ||
	    a->n_overview_shown)
		return false;
	if (why)
		/* not "no result overview": the reports' overview table
		 * is there; what is missing is the chart of speedups */
		snprintf(why, why_size, "no chart of speedups: no other "
			 "system has a result in a test where %s has one, so "
			 "nothing is compared", br_analysis_system(a, a->base));
	return true;
}

static bool overview_fit(const struct br_analysis *a, size_t i, char *why,
			 size_t why_size)
{
	(void)i;
	/* rows without a single speedup: an empty axis "over 0 tests" */
	if (br_chart_overview_empty(a, why, why_size))
		return false;
	if (a->sel->n_systems < 2) {
		if (why)
			snprintf(why, why_size, "result overview: needs two "
				 "systems");
		return false;
	}
	/* PTS draws its overview from 3 results on */
	if (a->n_overview < 3) {
		if (why)
			snprintf(why, why_size, "result overview: needs three "
				 "tests with a direction where %s has a "
				 "result", br_analysis_system(a, a->base));
		return false;
	}
	return true;
}


/* What the layout needs, gathered from the analysis. */
struct ov_data {
	size_t nc;                     /* candidates */
	const char **names;            /* candidates' names */
	struct br_style *styles;       /* candidates' styles */
	char **labels;                 /* one per overview row */
	struct br_speedup *cells;
	const char **why;              /* per cell: why no speedup */
	struct br_speedup *gm;
	size_t *gm_k;
	bool gm_runs_only;
};

static void ov_free(struct ov_data *d, size_t nt)
{
	size_t i;

	for (i = 0; d->labels && i < nt; i++)
		free(d->labels[i]);
	free(d->labels);
	free(d->names);
	free(d->styles);
	free(d->cells);
	free(d->why);
	free(d->gm);
	free(d->gm_k);
}

/* Why cell c has no speedup, in a word or two (the error text of a
 * failed run is too long for a row). */
static const char *short_why(const struct br_cell *c)
{
	switch (c->kind) {
	case BR_CELL_NONE:
		return "not run";
	case BR_CELL_FAILED:
		return "failed";
	case BR_CELL_NO_VALUE:
		return c->why && strlen(c->why) <= 24 ? c->why : "no value";
	case BR_CELL_VALUE:
		/* a speedup is a ratio of positive means: a negative or
		 * zero value (or baseline) has a result but none */
		if (c->cmp && !(c->cmp->speedup > 0))
			return "no ratio: \u2264 0";
		return c->cmp ? NULL : "no comparison";
	default:
		return "no value";
	}
}

static bool ov_gather(const struct br_analysis *a,
		      const struct br_chart_opts *o, struct ov_data *d)
{
	size_t ns = a->sel->n_systems, nt = a->n_overview, r, j, k;
	struct br_style *all = br_system_styles(a, o);

	memset(d, 0, sizeof *d);
	d->nc = ns - 1;
	d->names = calloc(ns, sizeof *d->names);
	d->styles = calloc(ns, sizeof *d->styles);
	d->labels = calloc(nt + 1, sizeof *d->labels);
	d->cells = calloc(nt * ns + 1, sizeof *d->cells);
	d->why = calloc(nt * ns + 1, sizeof *d->why);
	d->gm = calloc(ns, sizeof *d->gm);
	d->gm_k = calloc(ns, sizeof *d->gm_k);
	if (!all || !d->names || !d->styles || !d->labels || !d->cells ||
	    !d->why || !d->gm || !d->gm_k) {
		free(all);
		return false;
	}
	for (j = 0, k = 0; j < ns; j++) {
		if (j == a->base)
			continue;
		d->names[k] = br_analysis_system(a, j);
		d->styles[k] = all[j];   /* the system's, as in every chart */
		br_speedup_of_geo(&a->geo[j], &d->gm[k]);
		d->gm_k[k] = a->geo[j].ok ? br_geo_k(&a->geo[j]) : 0;
		d->gm_runs_only |= a->geo[j].ok && a->geo[j].g.exact &&
				   a->geo[j].g.k_runs;
		k++;
	}
	free(all);
	for (r = 0; r < nt; r++) {
		const struct br_atest *at = &a->tests[a->overview[r]];
		const struct br_test *t = at->t;
		size_t len = strlen(br_nz(t->title)) +
			     strlen(br_nz(t->description)) + 4;

		d->labels[r] = malloc(len);
		if (!d->labels[r])
			return false;
		snprintf(d->labels[r], len, "%s%s%s", br_nz(t->title),
			 *br_nz(t->description) ? " - " : "",
			 br_nz(t->description));
		for (j = 0, k = 0; j < ns; j++) {
			struct br_speedup *c = &d->cells[r * d->nc + k];

			if (j == a->base)
				continue;
			c->s = c->lo = c->hi = NAN;
			if (at->cells[j].kind == BR_CELL_VALUE &&
			    at->cells[j].cmp)
				br_speedup_of_cmp(at->cells[j].cmp, c);
			d->why[r * d->nc + k] = short_why(&at->cells[j]);
			k++;
		}
	}
	return true;
}

/*
 * The parts of an overview of nt rows at per rows a page (0: one part):
 * the rows in chunks as even as may be, then the geometric means: with
 * the last chunk when they fit in the room of per rows beside it, else
 * in parts of their own of as many lanes as that room holds (on paper
 * as many as the page holds: ov_gm_fill), as even as may be
 * (doc/charts.md, "Charts on paper").
 */
struct ov_plan {
	size_t per, n_rows;     /* rows a chunk, chunks of rows */
	size_t gm_per, n_gm;    /* lanes a part, parts of means alone */
};

static void ov_plan(size_t nt, size_t nc, size_t per, struct ov_plan *p)
{
	struct ov L;
	double room;
	size_t last, lanes;

	memset(p, 0, sizeof *p);
	p->per = per == 0 || per > nt ? nt : per;
	p->n_rows = nt ? (nt + p->per - 1) / p->per : 0;
	if (p->n_rows) {
		p->per = (nt + p->n_rows - 1) / p->n_rows;   /* balanced */
		p->n_rows = (nt + p->per - 1) / p->per;
	}
	if (per == 0 || nc == 0)
		return;
	memset(&L, 0, sizeof L);
	L.nc = nc;
	L.rn = p->per;
	ov_sizes(&L);
	room = (double)per * L.row_h;
	last = nt - (p->n_rows ? p->n_rows - 1 : 0) * p->per;
	if ((double)last * L.row_h + gm_height(nc) <= room)
		return;
	lanes = room > gm_height(1) ? (size_t)floor((room - gm_height(0)) /
		(GM_LANE + 3)) : 1;
	p->n_gm = (nc + lanes - 1) / lanes;
	p->gm_per = (nc + p->n_gm - 1) / p->n_gm;
	p->n_gm = (nc + p->gm_per - 1) / p->gm_per;
}

/* Part c of n (plan p) of the overview of d as a scene. */
static int ov_part(const struct br_analysis *a, const struct br_chart_opts *o,
		   const struct ov_data *d, const struct ov_plan *p, size_t c,
		   size_t n, struct br_scene **out, struct br_error *err)
{
	const size_t nt = a->n_overview;
	struct br_overview_input oi;
	char head[64];

	if (n > 1)
		snprintf(head, sizeof head, "Result Overview (%zu of %zu)",
			 c + 1, n);
	else
		snprintf(head, sizeof head, "Result Overview");
	memset(&oi, 0, sizeof oi);
	oi.title = head;
	oi.subtitle = o->title ? o->title : a->sel->rs->title;
	oi.baseline = br_analysis_system(a, a->base);
	oi.measure = a->sel->rs->derived;
	oi.systems = d->names;
	oi.styles = d->styles;
	oi.n_systems = d->nc;
	oi.tests = (const char *const *)d->labels;
	oi.n_tests = nt;
	oi.cells = d->cells;
	oi.why = d->why;
	oi.gm_k = d->gm_k;
	oi.gm_runs_only = d->gm_runs_only;
	oi.confidence = a->o.confidence;
	if (c < p->n_rows) {    /* a chunk of rows, the means after the last */
		oi.show_from = c * p->per;
		oi.show_n = nt - oi.show_from < p->per ? nt - oi.show_from :
			    p->per;
		oi.gm = c + 1 == p->n_rows && !p->n_gm ? d->gm : NULL;
	} else {                /* the means alone, a part of them */
		oi.gm_only = true;
		oi.gm = d->gm;
		oi.gm_from = (c - p->n_rows) * p->gm_per;
		oi.gm_n = p->gm_per;
	}
	return br_chart_overview(&oi, o, out, err);
}

/*
 * On paper (o->room), parts of means alone hold as many as the page
 * does: a part of one mean is laid out, and each mean more takes a
 * lane's height (less two lines, for a footnote that grows with the
 * marks drawn).  Else the room of the rows stands (ov_plan).
 */
static int ov_gm_fill(const struct br_analysis *a,
		      const struct br_chart_opts *o, const struct ov_data *d,
		      struct ov_plan *p, struct br_error *err)
{
	struct ov_plan one = *p;
	struct br_scene *sc = NULL;
	double spare;
	size_t lanes;
	int rc;

	if (!p->n_gm || !(o->room > 0))
		return BR_OK;
	one.gm_per = 1;
	one.n_gm = d->nc;
	rc = ov_part(a, o, d, &one, p->n_rows, p->n_rows + one.n_gm, &sc,
		     err);
	if (rc != BR_OK)
		return rc;
	spare = o->room - sc->height - 2 * 12 - 1;
	br_scene_free(sc);
	lanes = spare > 0 ? 1 + (size_t)floor(spare / (GM_LANE + 3)) : 1;
	if (lanes <= p->gm_per)
		return BR_OK;
	p->n_gm = (d->nc + lanes - 1) / lanes;
	p->gm_per = (d->nc + p->n_gm - 1) / p->n_gm;
	p->n_gm = (d->nc + p->gm_per - 1) / p->gm_per;
	return BR_OK;
}

static int overview_pages(const struct br_analysis *a, size_t i,
			  const struct br_chart_opts *o, size_t per_page,
			  struct br_scene ***scenes, size_t *n,
			  struct br_error *err)
{
	const size_t nt = a->n_overview;
	struct ov_data d;
	struct ov_plan p;
	size_t n_parts, c, k;
	int rc = BR_OK;

	(void)i;
	*scenes = NULL;
	*n = 0;
	if (!ov_gather(a, o, &d)) {
		ov_free(&d, nt);
		return br_error_set(err, BR_EIO, NULL, 0, "out of memory");
	}
	ov_plan(nt, d.nc, per_page, &p);
	rc = ov_gm_fill(a, o, &d, &p, err);
	if (rc != BR_OK) {
		ov_free(&d, nt);
		return rc;
	}
	n_parts = p.n_rows + p.n_gm;
	*scenes = calloc(n_parts + 1, sizeof **scenes);
	if (!*scenes) {
		ov_free(&d, nt);
		return br_error_set(err, BR_EIO, NULL, 0, "out of memory");
	}
	for (c = 0; c < n_parts && rc == BR_OK; c++)
		rc = ov_part(a, o, &d, &p, c, n_parts, &(*scenes)[c], err);
	if (rc != BR_OK) {
		for (k = 0; k < c; k++)
			br_scene_free((*scenes)[k]);
		free(*scenes);
		*scenes = NULL;
	} else {
		*n = n_parts;
	}
	ov_free(&d, nt);
	return rc;
}

const struct br_chart_type br_chart_overview_type = {
	.name = "overview",             /* --chart overview */
	.help = "the result overview alone: every test's speedup "
		"against the baseline and the geometric means",  /* --help */
	.whole = true,                  /* one chart of the selection */
	.front = true,                  /* the PDF report's first pages */
	.misfit = BR_EDATA,             /* too few results: the data's */
	.display = BR_DISPLAY_BAR,      /* reads scalar results */
	.fits = overview_fit,           /* two systems, three tests */
	.auto_pick = NULL,              /* auto draws it wherever it fits */
	.covers = NULL,                 /* drawn beside the tests' charts */
	.layout = NULL,                 /* always as pages: */
	.pages = overview_pages,        /* a strip of rows per page */
	.parts = NULL,                  /* one chart */
};
