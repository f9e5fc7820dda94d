/*
 * chart_bar.c - the horizontal bar chart (doc/pts-format.md
 * section 4.3).
 *
 *   title, description lines                      header
 *   -> MB/s, More Is Better              benchreport   caption (top - 5)
 *        System A |#################### 845.00 |      one row per system:
 *   SE +/- 0.70, N = 3                               46/36/28 pt high
 *        System B |#### 60.99                        bar = row - 12
 *                 200  400  600  800  1000           ticks (round steps)
 *   Whiskers: +/- 1 SE; 1. notes ...                 footer
 *
 * Improvements over PTS, keeping its look: measured text (no estimated
 * widths), long names wrapped onto two lines (rows grow to hold them) or
 * shortened in the middle, never two alike (br_chart_labels), failed
 * entries shown as a muted row, negative values (axis from min to max
 * with a zero line), whiskers centred on the bar with caps (PTS draws
 * them on the bar's top edge, where they merge with its border) and a
 * statement of what they are, "N = 1" for single runs, each system
 * in its colour of the whole run (colours.h; PTS paints every bar blue
 * unless a vendor's name matches, inside words too), its value in black
 * or white, whichever reads on it.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "chart.h"
#include "../text/text.h"
#include "../../analysis/numfmt.h"

#define FAILED_FILL 0xf2f2f2u
#define MARKER_INSET 11.0  /* a marker 6 pt from the zero end, 2.75 pt wide */

struct row {
	size_t idx;                    /* index into the selected systems */
	const char *name;
	const struct br_cell *c;
	const struct br_summary *s;    /* NULL: failed / no value */
	double key;                    /* --sort best: smaller first */
};

static int by_name(const void *a, const void *b)
{
	const struct row *x = a, *y = b;
	int c = strcmp(x->name, y->name);

	return c ? c : (x->idx > y->idx) - (x->idx < y->idx);
}

static int by_best(const void *a, const void *b)
{
	const struct row *x = a, *y = b;

	if (!x->s != !y->s)
		return x->s ? -1 : 1;   /* failed rows last */
	if (x->s && x->key != y->key)
		return x->key < y->key ? -1 : 1;
	return (x->idx > y->idx) - (x->idx < y->idx);
}

/*
 * Why row r has no bar ("failed: E: out of memory"), ellipsized to max_w
 * at a character boundary (the reason is input, a PTS error message, of
 * any length): free() it; NULL on ENOMEM.
 */
static char *why_text(struct br_scene *sc, const struct row *r,
		      const struct br_font *f, double max_w)
{
	char *msg, *m;

	msg = br_chart_strf(sc, "%s%s", r->c->kind == BR_CELL_FAILED &&
			    strcmp(r->c->why, "failed") ? "failed: " : "",
			    r->c->why);
	if (!msg)
		return NULL;
	m = br_text_ellipsize(f->family, f->size, false, msg, max_w);
	free(msg);
	return m;
}

/* A failed entry: a muted band across the plot with the reason. */
static bool failed_row(struct br_scene *sc, const struct row *r,
		       const struct br_font *f, double x0, double pw,
		       double by, double bh, double cy)
{
	char *m = why_text(sc, r, f, pw - 12);

	if (!m)
		return false;
	br_scene_rect(sc, x0 + 1, by, pw - 1, bh, FAILED_FILL, BR_NONE, 0);
	br_scene_text(sc, x0 + 6, cy + 3, BR_ANCHOR_START, f, m);
	free(m);
	return true;
}

/*
 * A test without a single value (every entry failed): an axis would have
 * nothing to scale to, so instead of an empty plot the header and one
 * line per system, its name and why (issue 14).  Returns the height;
 * sc's nomem set when out of memory.
 */
static double failed_block(struct br_scene *sc, const struct br_analysis *a,
			   const struct br_atest *at, const struct row *rows,
			   size_t n, const struct br_chart_opts *o)
{
	struct br_font f_name = {o->family, 11, true, BR_C_MUTED};
	struct br_font f_why = {o->family, 9, false, 0x808080};
	const double x = 15, w = o->width - 15 - x;
	double y = br_chart_header(sc, at->t, o, x, 0, NULL) + 12;
	size_t i;

	for (i = 0; i < n; i++, y += 18) {
		char *name = br_text_ellipsize(f_name.family, f_name.size,
					       true, rows[i].name, 0.45 * w);
		double nw;
		char *m, **lines = NULL;
		size_t nl, k;

		if (!name) {
			sc->nomem = true;
			break;
		}
		nw = br_scene_text(sc, x, y, BR_ANCHOR_START, &f_name, name);
		free(name);
		/* the reason in up to three lines, 11 pt apart: a PDF or
		 * PNG has no hover to show what an ellipsis cut */
		m = why_text(sc, &rows[i], &f_why, INFINITY);
		nl = m ? br_chart_wrap(&f_why, m, w - nw - 8, 3, &lines)
		       : (size_t)-1;
		free(m);
		if (nl == (size_t)-1) {
			sc->nomem = true;
			break;
		}
		for (k = 0; k < nl; k++)
			br_scene_text(sc, x + nw + 8, y + 11.0 * (double)k,
				      BR_ANCHOR_START, &f_why, lines[k]);
		br_text_lines_free(lines, nl);
		if (nl > 1)
			y += 11.0 * (double)(nl - 1);
	}
	return br_chart_footer(sc, at->t, at->cells, a->sel->n_systems,
			       a->o.confidence, o, x, y + 10, false);
}

/*
 * One bar chart's layout, measured once and shared by the functions
 * that place its elements (value axis, names, value labels, footnote),
 * as kplot lays out a plot: each element is one small function.
 */
struct bar_layout {
	const struct br_analysis *a;
	const struct br_atest *at;
	const struct br_chart_opts *o;
	struct br_font f_name, f_se, f_val, f_tick, f_fail;
	struct br_style *styles;
	struct row *rows;              /* rows[0..n): every shown system */
	size_t n;
	char **se_text;                /* "SE +/- x, N = y" per row, or NULL */
	struct br_label *labels;       /* the rows' names, shortened */
	struct br_notation nt;         /* one notation for every number */
	double vmin, vmax;             /* values and whiskers */
	double x0, x1, pw;             /* the plot */
	double top, bottom, rh;        /* rows: from top, rh each */
	double bar_y, bar_h;           /* a row's bar: from its top, high */
	bool over;                     /* names over the bars, not beside */
	double se_w;                   /* widest SE line */
	double name_share;             /* the name margin's most, of w */
	size_t most_lines;             /* lines of the tallest name */
	bool any_se, any_whisker;
	struct br_axis ax;
	double grid[BR_AXIS_MAX_TICKS];
	size_t n_grid;
};

static void layout_free(struct bar_layout *L)
{
	size_t i;

	for (i = 0; L->se_text && i < L->n; i++)
		free(L->se_text[i]);
	free(L->se_text);
	br_chart_labels_free(L->labels, L->n);
	free(L->rows);
	free(L->styles);
}

/* Rows: every selected system with an entry, in the chart's order. */
static bool collect_rows(struct bar_layout *L)
{
	const size_t n_sys = L->a->sel->n_systems;
	const struct br_test *t = L->at->t;
	size_t i;

	L->rows = calloc(n_sys + 1, sizeof *L->rows);
	L->se_text = calloc(n_sys + 1, sizeof *L->se_text);
	L->styles = br_system_styles(L->a, L->o);
	if (!L->rows || !L->se_text || !L->styles)
		return false;
	for (i = 0; i < n_sys; i++) {
		const struct br_cell *c = &L->at->cells[i];
		struct row *r = &L->rows[L->n];

		if (c->kind == BR_CELL_NONE)
			continue;
		r->idx = i;
		r->name = br_analysis_system(L->a, i);
		r->c = c;
		if (c->kind == BR_CELL_VALUE) {
			r->s = &c->drawn;   /* the value it is labelled with */
			r->key = t->dir == BR_DIR_LIB ? c->drawn.mean
				 : -c->drawn.mean;
		}
		L->n++;
	}
	if (L->o->sort == BR_SORT_NAME)
		qsort(L->rows, L->n, sizeof *L->rows, by_name);
	else if (L->o->sort == BR_SORT_BEST && L->at->n_values)
		qsort(L->rows, L->n, sizeof *L->rows, by_best);
	return true;
}

/* The values' range with their whiskers (PTS scales to the whisker
 * tops: seed 004, BlogBench), and the chart's one notation, chosen
 * from the largest value (doc/charts.md, "Numbers"). */
static void value_range(struct bar_layout *L)
{
	double big = 0, small = 0, dur = -1, lo, hi;
	size_t i;

	L->vmin = 0;
	L->vmax = 0;
	for (i = 0; i < L->n; i++) {
		const struct br_summary *s = L->rows[i].s;

		if (!s)
			continue;
		L->vmin = fmin(L->vmin, s->mean);
		L->vmax = fmax(L->vmax, s->mean);
		big = fmax(big, fabs(L->rows[i].c->shown));
		if (L->rows[i].c->shown != 0 && (small == 0 ||
		    fabs(L->rows[i].c->shown) < small))
			small = fabs(L->rows[i].c->shown);
		dur = br_chart_dur_scale(dur, L->rows[i].c);
		if (br_chart_whisker(L->o, s, &lo, &hi)) {
			L->vmax = fmax(L->vmax, hi);
			if (s->mean < 0)
				L->vmin = fmin(L->vmin, lo);
		}
	}
	br_notation_pick(&L->nt, big, small, fmax(dur, 0), L->at->decimals,
			 L->at->se_decimals);
}

/* The SE lines under the names: "N = 1" for a single run (no line read
 * as "not measured"); their widest in L->se_w. */
static bool se_lines(struct bar_layout *L)
{
	size_t i;

	for (i = 0; i < L->n; i++) {
		const struct br_summary *s = L->rows[i].s;
		char num[64], fast[48] = "";

		if (!s || !(s->n == 1 || (s->n >= 2 && isfinite(s->se))))
			continue;
		/* runs too fast to measure are not in N: say so */
		if (L->rows[i].c->too_fast)
			snprintf(fast, sizeof fast, " (+%zu too fast)",
				 L->rows[i].c->too_fast);
		if (s->n == 1)
			L->se_text[i] = br_chart_strf(NULL, "N = 1%s", fast);
		else
			L->se_text[i] = br_chart_strf(NULL, "SE +/- %s, N = "
				"%zu%s", br_notation_se(&L->nt, s->se, s->mean,
						      num, sizeof num), s->n,
				fast);
		if (!L->se_text[i])
			return false;
		L->se_w = fmax(L->se_w, br_text_width(L->f_se.family,
				L->f_se.size, false, L->se_text[i]));
		L->any_se = true;
	}
	return true;
}

/*
 * The name margin: the measured names and SE lines, at most name_share
 * of the width (PTS allows 55 %; beyond 45 % the plot gets too narrow to read,
 * so longer names are wrapped or shortened, and the margin is what
 * their lines need), at least o->left (a report lines charts up).
 */
static bool name_margin(struct bar_layout *L)
{
	const char **names = calloc(L->n + 1, sizeof *names);
	double w = L->o->width, name_w = 0, left;
	size_t i, k;

	if (!names)
		return false;
	for (i = 0; i < L->n; i++) {
		names[i] = L->rows[i].name;
		name_w = fmax(name_w, br_text_width(L->f_name.family,
			      L->f_name.size, true, names[i]));
	}
	left = fmax(70, fmax(name_w, L->se_w) + 5 + 10);
	left = ceil(fmin(left, floor(L->name_share * w)));
	L->labels = br_chart_labels(&L->f_name, names, L->n, left - 15, 2);
	free(names);
	if (!L->labels)
		return false;
	name_w = 0;
	L->most_lines = 1;
	for (i = 0; i < L->n; i++) {
		for (k = 0; k < L->labels[i].n_lines; k++)
			name_w = fmax(name_w, br_text_width(L->f_name.family,
				      L->f_name.size, true,
				      L->labels[i].line[k]));
		if (L->labels[i].n_lines > L->most_lines)
			L->most_lines = L->labels[i].n_lines;
	}
	left = fmin(left, ceil(fmax(70, fmax(name_w, L->se_w) + 5 + 10)));
	/* an SE line is not shortened: it keeps 5 pt from the edge */
	left = fmax(left, ceil(L->se_w + 5 + 5));
	L->x0 = fmax(L->o->left, left);
	L->x1 = w - 15;
	L->pw = L->x1 - L->x0;
	return true;
}

/*
 * Names over the bars, each in one line as wide as the plot, which
 * takes the whole width: where labels reaching both ways beside an SE
 * line do not fit beside the names (a 300 pt chart of "-162,551,820.2",
 * "6,487,530.0" and "SE +/- 891,026.69, N = 9").  A report's o->left
 * gives way: the chart does not fit otherwise.
 */
static bool names_over(struct bar_layout *L)
{
	const char **names = calloc(L->n + 1, sizeof *names);
	size_t i;

	if (!names)
		return false;
	for (i = 0; i < L->n; i++)
		names[i] = L->rows[i].name;
	br_chart_labels_free(L->labels, L->n);
	L->over = true;
	L->most_lines = 1;
	L->x0 = 15;
	L->x1 = L->o->width - 15;
	L->pw = L->x1 - L->x0;
	L->labels = br_chart_labels(&L->f_name, names, L->n, L->pw - 8, 1);
	free(names);
	return L->labels != NULL;
}

/* Room row i's marker takes at its bar's zero end: past the palette,
 * where colours repeat, a marker tells the ninth bar from the first
 * (colours.c, as in grouped charts); a value label inside the bar keeps
 * clear of it. */
static double marker_inset(const struct bar_layout *L, size_t i)
{
	return L->styles[L->rows[i].idx].marker != BR_MARKER_CIRCLE ?
	       MARKER_INSET : 0;
}

/* The value axis, with room on it for the labels drawn beyond their
 * bars, labelled in the chart's notation. */
static bool value_axis(struct bar_layout *L)
{
	struct br_bar_label *bl = calloc(L->n + 1, sizeof *bl);
	size_t nb = 0, i;
	double lo, hi;

	if (!bl)
		return false;
	for (i = 0; i < L->n; i++) {
		const struct br_summary *s = L->rows[i].s;
		char val[64];

		if (!s)
			continue;
		bl[nb].value = s->mean;
		bl[nb].from = s->mean;
		if (br_chart_whisker(L->o, s, &lo, &hi))
			bl[nb].from = s->mean < 0 ? lo : hi;
		br_notation_value(&L->nt, L->rows[i].c, val, sizeof val);
		bl[nb++].width = br_text_width(L->f_val.family,
					       L->f_val.size, true, val) +
				 marker_inset(L, i);
	}
	br_axis_scale_noted(L->vmin, L->vmax, bl, nb, L->pw, &L->f_tick,
			    &L->nt, &L->ax);
	free(bl);
	return true;
}

/* Rows of 46, 36 or 28 pt as PTS; two name lines (13 pt apart), the SE
 * line, 4 pt above and below need 42.  Names over the bars: a line for
 * the name, one for the SE line, then the bar. */
static void row_height(struct bar_layout *L)
{
	if (L->over) {   /* the name, the SE line, an 18 pt bar */
		L->bar_y = L->any_se ? 29 : 19;
		L->bar_h = 18;
		L->rh = L->bar_y + L->bar_h + 5;
		return;
	}
	L->rh = L->n < 10 ? 46 : L->n < 20 ? 36 : 28;
	if (L->most_lines > 1)
		L->rh = fmax(L->rh, L->any_se ? 42 : 34);
	L->bar_y = 6;
	L->bar_h = L->rh - 12;
}

/* Title, description and caption; a part says which: "(part 2 of 3)"
 * as a last description line.  Sets the plot's top. */
static bool header(struct br_scene *sc, struct bar_layout *L, size_t part,
		   size_t parts)
{
	const struct br_test *t = L->at->t;
	struct br_test head = *t;
	char *desc = NULL;

	if (parts > 1) {
		desc = br_chart_strf(sc, "%s%s(part %zu of %zu)",
				     br_nz(t->description),
				     *br_nz(t->description) ? "|" : "", part,
				     parts);
		if (!desc)
			return false;
		head.description = desc;
	}
	L->top = br_chart_header(sc, &head, L->o, L->x0, 0, NULL);
	free(desc);
	return true;
}

/* Text at (x, y) over the plot, knocked out of the grid lines and the
 * zero line behind it (a patch of background). */
static void text_over(struct br_scene *sc, double x, double y,
		      const struct br_font *f, const char *text)
{
	double tw = br_text_width(f->family, f->size, f->bold, text);

	br_scene_rect(sc, x - 2, y - f->size * 0.85, tw + 4, f->size * 1.1,
		      sc->background, BR_NONE, 0);
	br_scene_text(sc, x, y, BR_ANCHOR_START, f, text);
}

/* Row i's name over its bar, from the plot's left, and its SE line
 * under the name (a narrow chart: doc/charts.md, "Value labels"). */
static void name_over(struct br_scene *sc, const struct bar_layout *L,
		      size_t i, double ry, const struct br_font *fn)
{
	const struct br_label *l = &L->labels[i];

	text_over(sc, L->x0 + 4, ry + 13, fn, l->line[0]);
	if (l->shortened)
		br_scene_tip(sc, L->rows[i].name);
	if (L->se_text[i])
		text_over(sc, L->x0 + 4, ry + 24, &L->f_se, L->se_text[i]);
}

/* Row i's name, right-aligned, and its SE line under it: the block
 * centred on the row at cy; a tick between rows. */
static void row_name(struct br_scene *sc, const struct bar_layout *L,
		     size_t i, double ry, bool first)
{
	const struct br_label *l = &L->labels[i];
	struct br_font fn = L->f_name;
	double cy = ry + L->rh / 2, ny;

	if (!L->rows[i].s)
		fn.color = BR_C_MUTED;
	if (L->over) {
		name_over(sc, L, i, ry, &fn);
		return;
	}
	ny = cy + 4 - (13 * (double)(l->n_lines - 1) +
		       (L->se_text[i] ? 10 : 0)) / 2;
	br_chart_label_draw(sc, L->x0 - 5, ny, BR_ANCHOR_END, &fn, l,
			    L->rows[i].name, 13);
	if (L->se_text[i])
		br_scene_text(sc, L->x0 - 5, ny + 13 *
			      (double)(l->n_lines - 1) + 10, BR_ANCHOR_END,
			      &L->f_se, L->se_text[i]);
	if (!first)
		br_scene_line(sc, L->x0 - 4, ry, L->x0, ry, BR_C_AXIS, 1, 0);
}

static double x_of(const struct bar_layout *L, double v)
{
	return L->x0 + br_axis_frac(&L->ax, v) * L->pw;
}

/* Row i's bar, whisker and value label (next to the bar's end). */
static void row_bar(struct br_scene *sc, struct bar_layout *L, size_t i,
		    double ry)
{
	const struct row *r = &L->rows[i];
	double cy = ry + L->bar_y + L->bar_h / 2;
	struct br_bar_value bv = {
		round(x_of(L, 0)), round(x_of(L, r->s->mean)), cy + 3.5,
		false, 0, 0, L->styles[r->idx].color, L->grid, L->n_grid,
		L->x0, L->x1, 0, r->s->mean < 0,
	};
	char buf[64];

	if (bv.vx != bv.zx)
		br_scene_rect(sc, fmin(bv.zx, bv.vx), ry + L->bar_y,
			      fabs(bv.vx - bv.zx), L->bar_h, bv.fill,
			      BR_C_OUTLINE, 1);
	/* past the palette: its marker at the zero end (marker_inset) */
	if (marker_inset(L, i) > 0 && fabs(bv.vx - bv.zx) >= 12) {
		br_scene_marker(sc, L->styles[r->idx].marker,
				bv.vx > bv.zx ? bv.zx + 6 : bv.zx - 6, cy,
				2.75, br_text_on(bv.fill), BR_NONE, 0);
		bv.inset = MARKER_INSET;
	}
	L->any_whisker |= br_chart_bar_whisker(sc, L->o, r->s, &L->ax, L->pw,
					       cy, &bv);
	br_chart_bar_value(sc, &L->f_val, &bv, br_notation_value(&L->nt,
			   r->c, buf, sizeof buf));
}

/* Rows [r0, r0 + rn): the grid under the bars, names, bars, then the
 * axis lines over the bars and the failed rows' bands over those. */
static bool plot(struct br_scene *sc, struct bar_layout *L, size_t r0,
		 size_t rn)
{
	double zx = round(x_of(L, 0));
	size_t i;

	L->bottom = L->top + L->rh * (double)rn;
	L->n_grid = br_chart_xgrid(sc, &L->ax, &L->f_tick, L->x0, L->pw,
				   L->top, L->bottom, L->grid);
	for (i = r0; i < r0 + rn; i++) {
		double ry = L->top + L->rh * (double)(i - r0);

		if (!L->over)
			row_name(sc, L, i, ry, i == r0);
		if (L->rows[i].s)
			row_bar(sc, L, i, ry);
	}
	br_scene_line(sc, L->x0, L->top, L->x0, L->bottom, BR_C_AXIS, 1, 0);
	br_scene_line(sc, L->x0, L->bottom, L->x1, L->bottom, BR_C_AXIS, 1, 0);
	if (L->ax.lo < 0)
		br_scene_line(sc, zx, L->top, zx, L->bottom, BR_C_AXIS, 1, 0);
	for (i = r0; i < r0 + rn; i++) {
		double ry = L->top + L->rh * (double)(i - r0);

		if (!L->rows[i].s && !failed_row(sc, &L->rows[i], &L->f_fail,
						 L->x0, L->pw, ry + L->bar_y,
						 L->bar_h, ry + L->bar_y +
						 L->bar_h / 2))
			return false;
		if (L->over)   /* over the grid, the zero line, the bands */
			row_name(sc, L, i, ry, i == r0);
	}
	return true;
}

/* The footnote under the axis labels; returns the chart's height. */
static double footnote(struct br_scene *sc, const struct bar_layout *L)
{
	return br_chart_footer(sc, L->at->t, L->at->cells,
			       L->a->sel->n_systems, L->a->o.confidence, L->o,
			       L->x0, L->bottom + 28, L->any_whisker);
}

/* Whether row i's value label stays in the plot: in its bar, or
 * beyond it and its whisker, measured as br_chart_bar_value places it
 * (from the bar's rounded ends), with a point to spare inside. */
static bool label_in_plot(const struct bar_layout *L, size_t i)
{
	const struct br_summary *s = L->rows[i].s;
	double zx = round(x_of(L, 0)), vx = round(x_of(L, s->mean));
	double lo, hi, in_end = vx, out_at = vx, tw, inset = 0;
	bool neg = vx < zx || s->mean < 0;
	char val[64];

	/* a whisker drawn: 2 pt or more on the plot */
	if (br_chart_whisker(L->o, s, &lo, &hi) &&
	    fmin(x_of(L, hi), L->x1) - fmax(x_of(L, lo), L->x0) >= 2) {
		in_end = neg ? fmax(vx, x_of(L, hi)) : fmin(vx, x_of(L, lo));
		out_at = neg ? fmin(vx, x_of(L, lo)) : fmax(vx, x_of(L, hi));
	}
	if (fabs(vx - zx) >= 12)
		inset = marker_inset(L, i);
	tw = br_text_width(L->f_val.family, L->f_val.size, true,
			   br_notation_value(&L->nt, L->rows[i].c, val,
					     sizeof val));
	if ((neg ? zx - in_end : in_end - zx) - inset >= tw + 11)
		return true;
	return neg ? out_at - 6 - tw >= L->x0 : out_at + 6 + tw <= L->x1 + 15;
}

/* Whether every value label stays in the plot (a narrow chart whose
 * labels reach both ways may not have room). */
static bool labels_in_plot(const struct bar_layout *L)
{
	size_t i;

	for (i = 0; i < L->n; i++)
		if (L->rows[i].s && !label_in_plot(L, i))
			return false;
	return true;
}

/* Measure everything: SE lines, the name margin and the axis (the
 * names give up room, down to a quarter of the width, where the value
 * labels need it), rows. */
static bool measure(struct bar_layout *L)
{
	static const double share[] = {0.45, 0.35, 0.25};
	size_t k;

	if (!se_lines(L))
		return false;
	for (k = 0; k < 3; k++) {
		br_chart_labels_free(L->labels, L->n);
		L->labels = NULL;
		L->name_share = share[k];
		if (!name_margin(L) || !value_axis(L))
			return false;
		if (labels_in_plot(L))
			break;
	}
	if (k == 3 && (!names_over(L) || !value_axis(L)))
		return false;
	row_height(L);
	return true;
}

/*
 * The bar chart of test ti, or of its rows [from, from + cnt) only (part
 * `part` of `parts`: a page of a tall chart), with the axis and name
 * margin of all rows, so the parts line up.
 */
static int bar_chart(const struct br_analysis *a, size_t ti,
		     const struct br_chart_opts *o, size_t from, size_t cnt,
		     size_t part, size_t parts, struct br_scene **out,
		     struct br_error *err)
{
	const struct br_test *t = a->tests[ti].t;
	struct bar_layout L = {
		.a = a, .at = &a->tests[ti], .o = o,
		.f_name = {o->family, 11, true, BR_C_HEAD},
		.f_se = {o->family, 8, false, BR_C_AXIS},
		.f_val = {o->family, 10, true, BR_C_TEXT},
		.f_tick = {o->family, 10, false, BR_C_TEXT},
		.f_fail = {o->family, 9, false, 0x808080},
	};
	struct br_scene *sc = br_scene_new(o->width, 0);
	size_t r0, rn;
	double height;

	*out = NULL;
	if (!sc || !collect_rows(&L))
		goto nomem;
	if (L.n == 0) {
		br_scene_free(sc);
		layout_free(&L);
		return br_error_set(err, BR_EDATA, NULL, 0, "%s%s%s: no "
				    "selected system has a result",
				    br_nz(t->title), *br_nz(t->description) ?
				    " - " : "", br_nz(t->description));
	}
	if (!L.at->n_values) {
		height = failed_block(sc, a, L.at, L.rows, L.n, o);
	} else {
		value_range(&L);
		if (!measure(&L))
			goto nomem;
		sc->axis_x = L.x0;
		r0 = from < L.n ? from : 0;
		rn = cnt < L.n - r0 ? cnt : L.n - r0;
		if (!header(sc, &L, part, parts) || !plot(sc, &L, r0, rn))
			goto nomem;
		height = fmax(footnote(sc, &L), L.bottom + 39);
	}
	sc->height = ceil(height);
	br_chart_set_title(sc, t);
	if (br_scene_failed(sc))
		goto nomem;
	*out = sc;
	layout_free(&L);
	return BR_OK;
nomem:
	br_scene_free(sc);
	layout_free(&L);
	return br_error_set(err, BR_EIO, NULL, 0, "out of memory");
}

int br_chart_bar(const struct br_analysis *a, size_t ti,
		 const struct br_chart_opts *o, struct br_scene **out,
		 struct br_error *err)
{
	return bar_chart(a, ti, o, 0, SIZE_MAX, 1, 1, out, err);
}

/* Pages of per_page rows at most (0: one), balanced, for a PDF report:
 * a chart of many systems shrunk onto one page printed its names under
 * 7 pt (doc/charts.md, "Charts on paper"). */
static int bar_pages(const struct br_analysis *a, size_t i,
		     const struct br_chart_opts *o, size_t per_page,
		     struct br_scene ***scenes, size_t *n,
		     struct br_error *err)
{
	size_t rows = 0, parts, k, j;
	int rc = BR_OK;

	for (j = 0; j < a->sel->n_systems; j++)
		rows += a->tests[i].cells[j].kind != BR_CELL_NONE;
	/* a chart of failures only is a short block: one part */
	if (per_page == 0 || rows <= per_page || !a->tests[i].n_values)
		per_page = rows ? rows : 1;
	parts = (rows + per_page - 1) / per_page;
	if (parts == 0)
		parts = 1;
	per_page = (rows + parts - 1) / parts;
	*n = 0;
	*scenes = calloc(parts, sizeof **scenes);
	if (!*scenes)
		return br_error_set(err, BR_EIO, NULL, 0, "out of memory");
	for (k = 0; k < parts && rc == BR_OK; k++) {
		rc = bar_chart(a, i, o, k * per_page, per_page, k + 1, parts,
			       &(*scenes)[k], err);
		if (rc == BR_OK)
			(*n)++;
	}
	if (rc != BR_OK) {
		for (k = 0; k < *n; k++)
			br_scene_free((*scenes)[k]);
		free(*scenes);
		*scenes = NULL;
		*n = 0;
	}
	return rc;
}

/* --------------------------------------------------- the table's row */

static bool bar_fits(const struct br_analysis *a, size_t i, char *why,
		     size_t why_size)
{
	const struct br_atest *at = &a->tests[i];
	size_t j;

	if (!at->scalar) {
		if (why)
			snprintf(why, why_size, "not a bar result");
		return false;
	}
	for (j = 0; j < a->sel->n_systems; j++)
		if (at->cells[j].kind != BR_CELL_NONE)
			return true;
	if (why)
		snprintf(why, why_size, "no selected system has a result");
	return false;
}

const struct br_chart_type br_chart_bar_type = {
	.name = "bar",                  /* --chart bar */
	.help = "a bar chart per test, never grouped",  /* for --help */
	.whole = false,                 /* one chart per test */
	.front = false,                 /* (whole charts only) */
	.misfit = BR_EDATA,             /* no test fits: the data's fault */
	.display = BR_DISPLAY_BAR,      /* draws scalar results */
	.fits = bar_fits,               /* a scalar test with a result */
	.auto_pick = NULL,              /* auto draws it wherever it fits */
	.covers = NULL,                 /* (whole charts only) */
	.layout = br_chart_bar,         /* one scene of every system */
	.pages = bar_pages,             /* the PDF report: pages of rows */
	.parts = NULL,                  /* (whole charts only) */
};
