/*
 * chart_grouped.c - the grouped horizontal bar chart: phases x file
 * systems from a mail's table (seed 003), or a PTS multi-way comparison.
 *
 *   title, description lines                        header
 *   [#] UFS  [#] ZFS (default)  [#] ZFS+comp        legend of the series
 *   <- Seconds, Fewer Is Better          benchreport
 *                 |########## 38                    one group per test
 *   db creation   |########### 42                   (or identifier part),
 *                 |#### 18                          one bar per series
 *                 |----------- 40                   in palette colours
 *                 ...
 *                 300  600  900  1200  1500         one axis (PTS rule)
 *
 * Values and whiskers are drawn as in the bar chart (br_chart_bar_value,
 * br_chart_whisker_draw: centred, capped, value clear of both), each
 * bar's "SE +/- x, N = y" beside it, and past 8 series a marker in
 * each bar (doc/charts.md).  Systems
 * are drawn in their colours of the whole run (colours.h), a multi-way
 * comparison's series in palette order.  The layout takes analysis cells;
 * this file also builds the chart of every scalar test (the "grouped"
 * row of the chart table), chart_multiway.c the multi-way one.
 *
 * The layout is one function per element (range, margin, axis, header,
 * a group's label, a bar, the frame, the footer) over one struct of
 * measured margins; a part (a page of a tall chart) draws some groups
 * with the margins and axis of all of them.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "chart.h"
#include "../text/text.h"
#include "../../analysis/numfmt.h"

#define GROUP_PAD 7.0     /* above and below the bars of a group */
#define BAR_GAP 2.0       /* between the bars of a group */
#define LABEL_LH 13.0     /* between the lines of a group's label */

/* The summary a cell with a value is drawn from (its label's value),
 * else NULL. */
static const struct br_summary *value_of(const struct br_cell *c)
{
	return c && c->kind == BR_CELL_VALUE ? &c->drawn : NULL;
}

/*
 * The line beside a bar, as the bar chart has under a name: "SE +/- x,
 * N = y", or "N = 1" for a single run, in buf; NULL for a bar without a
 * value or without an SE.  With single runs only (all_single), no bar
 * gets one: the footer says it once.
 */
/* One grouped chart being laid out: the input, the fonts, and the
 * margins and axis every element reads. */
struct gl {
	const struct br_grouped_input *in;
	const struct br_chart_opts *o;
	struct br_scene *sc;
	struct br_font f_group, f_note, f_val, f_tick, f_none;
	uint32_t *colors;
	enum br_marker *markers;
	bool marked;              /* past the palette: markers in the bars */
	size_t ns, ng;            /* series, groups (all of them) */
	size_t g0, gn;            /* the groups drawn: [g0, g0 + gn) */
	double left, x0, x1, pw;  /* label margin, plot from x0 to x1 */
	double top, bottom;       /* the plot's rows */
	double bar_h, group_h;
	double vmin, vmax;
	double grid[BR_AXIS_MAX_TICKS];
	size_t n_grid;
	struct br_axis ax;
	struct br_label *labels;  /* multi-way names told apart, or NULL */
	struct br_label *notes;   /* the notes told apart, or NULL */
	struct br_notation nt;    /* one notation for every number */
	bool any_whisker, all_single;
	bool narrow;              /* labels over the groups, SE lines under
				   * the bars: a narrow chart (over_layout) */
	double label_h, se_h;     /* narrow: a group's label, an SE line */
	char buf[128];
};

#define XOF(L, v) ((L)->x0 + br_axis_frac(&(L)->ax, (v)) * (L)->pw)

static void rows(struct gl *L);

static const char *note_of(const struct gl *L, size_t g)
{
	const char *n = L->in->group_notes ? L->in->group_notes[g] : NULL;

	return n && *n ? n : NULL;
}

/* The chart's notation as group g writes it: a plain or m:ss chart in
 * the decimals of g's test (each test its own), SI and scientific ones
 * alike for all (doc/charts.md, "Numbers"). */
static struct br_notation group_nt(const struct gl *L, size_t g)
{
	struct br_notation nt = L->nt;
	int dec = L->in->decimals[g];

	nt.test_decimals = dec;
	nt.se_decimals = br_se_decimals(dec);
	if (nt.kind == BR_NOTE_PLAIN || nt.kind == BR_NOTE_DUR)
		nt.decimals = dec;
	return nt;
}

/*
 * The line beside a bar of group g, as the bar chart has under a name:
 * "SE +/- x, N = y" in the chart's notation, or "N = 1" for a single
 * run, in buf; NULL for a bar without a value or without an SE.  With
 * single runs only (all_single), no bar gets one: the footer says it
 * once.
 */
static const char *se_line(const struct gl *L, const struct br_summary *c,
			   size_t g, char *buf, size_t size)
{
	struct br_notation nt = group_nt(L, g);
	char num[64];

	if (!c)
		return NULL;
	if (c->n == 1)
		return L->all_single ? NULL :
		       (snprintf(buf, size, "N = 1"), buf);
	if (c->n < 2 || !isfinite(c->se))
		return NULL;
	snprintf(buf, size, "SE +/- %s, N = %zu", br_notation_se(&nt, c->se,
		 c->mean, num, sizeof num), c->n);
	return buf;
}

/* Cell cell of group g in the chart's notation, in L->buf. */
static const char *value_text(struct gl *L, const struct br_cell *cell,
			      size_t g)
{
	struct br_notation nt = group_nt(L, g);

	return br_notation_value(&nt, cell, L->buf, sizeof L->buf);
}

/* Colours and markers of the series; false on ENOMEM. */
static bool series_styles(struct gl *L)
{
	size_t s;

	L->colors = calloc(L->ns + 1, sizeof *L->colors);
	L->markers = calloc(L->ns + 1, sizeof *L->markers);
	if (!L->colors || !L->markers)
		return false;
	for (s = 0; s < L->ns; s++) {
		L->colors[s] = L->in->colors ? L->in->colors[s] : br_palette(s);
		L->markers[s] = L->in->markers ? L->in->markers[s] :
				br_series_style(s).marker;
	}
	/* past the palette colours repeat: a marker in each bar and in the
	 * legend tells the series apart (doc/charts.md) */
	L->marked = L->ns > BR_N_PALETTE;
	return true;
}

/* The value range over every bar and whisker top, of all groups (the
 * parts of a chart share one axis), and the chart's one notation,
 * chosen from the largest value shown and the smallest non-zero one
 * (br_notation_pick); false when no cell has a value. */
static bool value_range(struct gl *L)
{
	double big = 0, small = 0, dur = -1;
	bool any = false;
	size_t g;

	L->vmin = L->vmax = 0;
	L->all_single = true;
	for (g = 0; g < L->ng * L->ns; g++) {
		const struct br_summary *c = value_of(L->in->cells[g]);
		double lo, hi;

		if (!c)
			continue;
		any = true;
		big = fmax(big, fabs(L->in->cells[g]->shown));
		if (L->in->cells[g]->shown != 0 && (small == 0 ||
		    fabs(L->in->cells[g]->shown) < small))
			small = fabs(L->in->cells[g]->shown);
		dur = br_chart_dur_scale(dur, L->in->cells[g]);
		L->all_single &= c->n == 1;
		L->vmin = fmin(L->vmin, c->mean);
		L->vmax = fmax(L->vmax, c->mean);
		if (br_chart_whisker(L->o, c, &lo, &hi)) {
			L->vmax = fmax(L->vmax, hi);
			if (c->mean < 0)
				L->vmin = fmin(L->vmin, lo);
		}
	}
	br_notation_pick(&L->nt, big, small, fmax(dur, 0), L->in->decimals[0],
			 br_se_decimals(L->in->decimals[0]));
	return any;
}

/*
 * The notes of groups of one title told apart (br_chart_labels: their
 * middle goes, and those alike show more of where they differ), so no
 * two rows read the same; a note belongs with its title, so only notes
 * under equal titles are compared.  false on ENOMEM.
 */
static bool note_labels(struct gl *L, double max_w)
{
	const char **same = calloc(L->ng + 1, sizeof *same);
	size_t *idx = calloc(L->ng + 1, sizeof *idx);
	bool *done = calloc(L->ng + 1, sizeof *done);
	size_t g, h, n, k;
	bool ok = same && idx && done;

	L->notes = ok ? calloc(L->ng + 1, sizeof *L->notes) : NULL;
	ok = ok && L->notes;
	for (g = 0; ok && g < L->ng; g++) {
		struct br_label *l;

		if (done[g])
			continue;
		for (h = g, n = 0; h < L->ng; h++)
			if (!done[h] && !strcmp(L->in->groups[h],
						L->in->groups[g])) {
				done[h] = true;
				idx[n] = h;
				same[n++] = note_of(L, h) ? note_of(L, h) : "";
			}
		l = br_chart_labels(&L->f_note, same, n, max_w, 1);
		if (!l) {
			ok = false;
			break;
		}
		for (k = 0; k < n; k++)
			L->notes[idx[k]] = l[k];   /* its lines taken over */
		free(l);
	}
	free(same);
	free(idx);
	free(done);
	return ok;
}

/*
 * The label margin: the widest group label or note, at most 40% of the
 * width.  Groups without notes are systems (multi-way names): labelled
 * in two lines at most, told apart (br_chart_labels), the margin what
 * their lines need.  Tests keep their title over the options note.
 * false on ENOMEM.
 */
static bool label_margin(struct gl *L)
{
	const double w = L->o->width;
	double label_w = 0;
	size_t g, s;

	for (g = 0; g < L->ng; g++) {
		double lw = br_text_width(L->f_group.family, L->f_group.size,
					  true, L->in->groups[g]);

		if (note_of(L, g))
			lw = fmax(lw, br_text_width(L->f_note.family,
						    L->f_note.size, false,
						    note_of(L, g)));
		label_w = fmax(label_w, lw);
	}
	L->left = fmax(70, label_w + 5 + 10);
	if (L->left > 0.4 * w)
		L->left = floor(0.4 * w);
	L->left = ceil(L->left);
	if (L->in->group_notes)
		return note_labels(L, L->left - 15);
	L->labels = br_chart_labels(&L->f_group, L->in->groups, L->ng,
				    L->left - 15, L->group_h >= 30 ? 2 : 1);
	if (!L->labels)
		return false;
	label_w = 0;
	for (g = 0; g < L->ng; g++)
		for (s = 0; s < L->labels[g].n_lines; s++)
			label_w = fmax(label_w, br_text_width(L->f_group.family,
				       L->f_group.size, true,
				       L->labels[g].line[s]));
	L->left = fmin(L->left, ceil(fmax(70, label_w + 5 + 10)));
	return true;
}

/* The value axis over the plot, with room on it for the labels beyond
 * their bars, labelled in the chart's notation (br_axis_scale_noted);
 * false on ENOMEM. */
static bool value_axis(struct gl *L)
{
	struct br_bar_label *bl = calloc(L->ng * L->ns + 1, sizeof *bl);
	const struct br_grouped_input *in = L->in;
	size_t g, nb = 0;

	if (!bl)
		return false;
	for (g = 0; g < L->ng * L->ns; g++) {
		const struct br_summary *c = value_of(in->cells[g]);
		double lo, hi;

		if (!c)
			continue;
		bl[nb].value = c->mean;
		bl[nb].from = c->mean;
		if (br_chart_whisker(L->o, c, &lo, &hi))
			bl[nb].from = c->mean < 0 ? lo : hi;
		/* a label in its bar keeps clear of the marker there */
		bl[nb].width = br_text_width(L->f_val.family, L->f_val.size,
					     true, value_text(L, in->cells[g],
							      g / L->ns)) +
			       (L->marked ? 11 : 0);
		if (!L->narrow && se_line(L, c, g / L->ns, L->buf,
					   sizeof L->buf))
			bl[nb].after = br_text_width(L->f_note.family,
						     L->f_note.size, false,
						     L->buf);
		nb++;
	}
	br_axis_scale_noted(L->vmin, L->vmax, bl, nb, L->pw, &L->f_tick,
			    &L->nt, &L->ax);
	free(bl);
	return true;
}

/* Where the value label and SE line of cell g (a value: c) end, away
 * from zero, as br_chart_bar_value and bar_se place them (from the
 * bar's rounded ends, a point to spare inside); whether that is on the
 * plot. */
static bool cell_fits(struct gl *L, size_t g, const struct br_summary *c)
{
	double zx = round(XOF(L, 0)), vx = round(XOF(L, c->mean));
	double lo, hi, in_end = vx, out_at = vx, tw, se_w = 0, inset = 0;
	bool neg = vx < zx || c->mean < 0;

	/* a whisker drawn: 2 pt or more on the plot */
	if (br_chart_whisker(L->o, c, &lo, &hi) &&
	    fmin(XOF(L, hi), L->x1) - fmax(XOF(L, lo), L->x0) >= 2) {
		in_end = neg ? fmax(vx, XOF(L, hi)) : fmin(vx, XOF(L, lo));
		out_at = neg ? fmin(vx, XOF(L, lo)) : fmax(vx, XOF(L, hi));
	}
	if (L->marked && fabs(vx - zx) >= 12)
		inset = 11;
	tw = br_text_width(L->f_val.family, L->f_val.size, true,
			   value_text(L, L->in->cells[g], g / L->ns));
	if (!L->narrow && se_line(L, c, g / L->ns, L->buf, sizeof L->buf))
		se_w = 6 + br_text_width(L->f_note.family, L->f_note.size,
					 false, L->buf);
	if ((neg ? zx - in_end : in_end - zx) - inset < tw + 11)
		out_at += neg ? -(6 + tw) : 6 + tw;
	return neg ? out_at - se_w >= L->x0 : out_at + se_w <= L->x1 + 15;
}

/* Whether every bar's value label and SE line stay on the plot. */
static bool labels_fit(struct gl *L)
{
	size_t g;

	for (g = 0; g < L->ng * L->ns; g++) {
		const struct br_summary *c = value_of(L->in->cells[g]);

		if (c && !cell_fits(L, g, c))
			return false;
	}
	return true;
}

/*
 * A narrow chart (doc/charts.md, "Value labels"): labels and SE lines
 * beside bars reaching both ways need more than the plot beside the
 * group labels has (a 300 pt chart of "-1.35e+03" and "3.05e+05, SE
 * +/- 3.78e+04, N = 9").  The plot takes the whole width, each group's
 * label goes over its bars, each SE line on a line of its own under
 * its bar; a report's o->left gives way.  false on ENOMEM.
 */
static bool over_layout(struct gl *L)
{
	size_t g;

	L->narrow = true;
	L->x0 = 15;
	L->pw = L->x1 - L->x0;
	L->label_h = L->in->group_notes ? 28 : 17;
	for (g = 0; g < L->ng * L->ns; g++)
		if (se_line(L, value_of(L->in->cells[g]), g / L->ns, L->buf,
			    sizeof L->buf))
			L->se_h = 10;
	rows(L);
	br_chart_labels_free(L->labels, L->ng);
	br_chart_labels_free(L->notes, L->ng);
	L->labels = L->notes = NULL;
	if (L->in->group_notes) {
		if (!note_labels(L, L->pw - 8))
			return false;
	} else {
		L->labels = br_chart_labels(&L->f_group, L->in->groups, L->ng,
					    L->pw - 8, 1);
		if (!L->labels)
			return false;
	}
	return value_axis(L);
}

/* The header (a part says which: "(part 2 of 3)" as a last description
 * line) and the legend of the series; sets top.  false on ENOMEM. */
static bool header(struct gl *L)
{
	const struct br_grouped_input *in = L->in;
	const enum br_marker *mk = L->marked ? L->markers : NULL;
	struct br_test head = *in->head;
	char *desc = NULL;
	double legend_h, legend_y;

	if (in->parts > 1) {
		desc = br_chart_strf(L->sc, "%s%s(part %zu of %zu)",
				     br_nz(head.description),
				     *br_nz(head.description) ? "|" : "",
				     in->part, in->parts);
		if (!desc)
			return false;
		head.description = desc;
	}
	legend_h = br_chart_legend(NULL, L->o, L->x0, 0, L->x1 - L->x0,
				   in->series, L->colors, mk, L->ns);
	L->top = br_chart_header(L->sc, &head, L->o, L->x0, legend_h + 2,
				 &legend_y);
	br_chart_legend(L->sc, L->o, L->x0, legend_y, L->x1 - L->x0,
			in->series, L->colors, mk, L->ns);
	free(desc);
	return true;
}

/* Group g's label in its row from gy: the name (up to as many lines as
 * the group has room for), the note under it.  false on ENOMEM. */
static bool group_label(struct gl *L, size_t g, double gy)
{
	const char *note = note_of(L, g);
	double cy = gy + L->group_h / 2, lim = L->left - 15, ly;
	double note_h = note ? 10 : 0;
	char **lines = NULL;
	size_t nl, max_lines, k;

	max_lines = (size_t)fmax(1, floor((L->group_h - 4 - note_h) /
					  LABEL_LH));
	if (max_lines > 3)
		max_lines = 3;
	nl = L->labels ? L->labels[g].n_lines :
	     br_chart_wrap(&L->f_group, L->in->groups[g], lim, max_lines,
			   &lines);
	if (nl == (size_t)-1)
		return false;
	ly = cy - (LABEL_LH * (double)nl + note_h) / 2 + 10;
	if (L->labels) {
		br_chart_label_draw(L->sc, L->x0 - 5, ly, BR_ANCHOR_END,
				    &L->f_group, &L->labels[g],
				    L->in->groups[g], LABEL_LH);
	} else {
		for (k = 0; k < nl; k++)
			br_scene_text(L->sc, L->x0 - 5, ly + LABEL_LH *
				      (double)k, BR_ANCHOR_END, &L->f_group,
				      lines[k]);
		br_text_lines_free(lines, nl);
	}
	if (note && L->notes)
		br_chart_label_draw(L->sc, L->x0 - 5, ly + LABEL_LH *
				    (double)nl - 1, BR_ANCHOR_END, &L->f_note,
				    &L->notes[g], note, 10);
	return true;
}

/* The "SE +/- x, N = y" beside a bar that ends at end, knocked out of
 * the grid lines behind it (the axis made room: br_bar_label.after);
 * neg: the bar's label went left (br_chart_bar_value). */
static void bar_se(struct gl *L, const struct br_summary *c, size_t g,
		   double end, double bcy, bool neg)
{
	const char *se = se_line(L, c, g, L->buf, sizeof L->buf);
	double tw, sx;

	if (!se)
		return;
	tw = br_text_width(L->f_note.family, L->f_note.size, false, se);
	sx = neg ? end - 6 - tw : end + 6;
	br_scene_rect(L->sc, sx - 2, bcy + 3 - L->f_note.size * 0.85, tw + 4,
		      L->f_note.size * 1.1, L->sc->background, BR_NONE, 0);
	br_scene_text(L->sc, sx, bcy + 3, BR_ANCHOR_START, &L->f_note, se);
}

/* Text at (x, y) over the plot, knocked out of the grid lines and the
 * zero line behind it (a patch of background). */
static void text_over(struct gl *L, double x, double y,
		      const struct br_font *f, const char *text)
{
	double tw = br_text_width(f->family, f->size, f->bold, text);

	br_scene_rect(L->sc, x - 2, y - f->size * 0.85, tw + 4,
		      f->size * 1.1, L->sc->background, BR_NONE, 0);
	br_scene_text(L->sc, x, y, BR_ANCHOR_START, f, text);
}

/* A narrow chart's "SE +/- x, N = y" on a line of its own under the
 * bar that ends at y, from the plot's left. */
static void se_under(struct gl *L, const struct br_summary *c, size_t g,
		     double y)
{
	const char *se = se_line(L, c, g, L->buf, sizeof L->buf);

	if (se)
		text_over(L, L->x0 + 4, y + 8, &L->f_note, se);
}

/* A narrow chart's group g label over its bars: the name in one line
 * from the plot's left, the note under it.  false on ENOMEM. */
static bool label_over(struct gl *L, size_t g, double gy)
{
	const char *note = note_of(L, g);
	char **lines = NULL;
	size_t nl;

	if (L->labels) {
		text_over(L, L->x0 + 4, gy + 13, &L->f_group,
			  L->labels[g].line[0]);
		if (L->labels[g].shortened)
			br_scene_tip(L->sc, L->in->groups[g]);
	} else {
		nl = br_chart_wrap(&L->f_group, L->in->groups[g], L->pw - 8,
				   1, &lines);
		if (nl == (size_t)-1)
			return false;
		if (nl)
			text_over(L, L->x0 + 4, gy + 13, &L->f_group,
				  lines[0]);
		br_text_lines_free(lines, nl);
	}
	if (note && L->notes && L->notes[g].n_lines) {
		text_over(L, L->x0 + 4, gy + 24, &L->f_note,
			  L->notes[g].line[0]);
		if (L->notes[g].shortened)
			br_scene_tip(L->sc, note);
	}
	return true;
}

/* Series s's bar of group g from gy: bar, marker, whisker, value, SE. */
static void bar(struct gl *L, size_t g, size_t s, double gy)
{
	const struct br_cell *cell = L->in->cells[g * L->ns + s];
	const struct br_summary *c = value_of(cell);
	double by = gy + L->label_h + GROUP_PAD +
		    (L->bar_h + L->se_h + BAR_GAP) * (double)s;
	double bcy = by + L->bar_h / 2, end;
	struct br_bar_value bv = {
		0, 0, bcy + L->f_val.size * 0.36, false, 0, 0,
		L->colors[s], L->grid, L->n_grid, L->x0, L->x1, 0,
		c && c->mean < 0,
	};
	const char *val;

	if (!c) {   /* right of zero, or left where the plot ends */
		double zx = round(XOF(L, 0));
		bool left = zx + 5 + br_text_width(L->f_none.family,
				L->f_none.size, false, "no result") > L->x1 + 15;

		br_scene_text(L->sc, left ? zx - 5 : zx + 5, bcy + 3,
			      left ? BR_ANCHOR_END : BR_ANCHOR_START,
			      &L->f_none, "no result");
		return;
	}
	bv.zx = round(XOF(L, 0));
	bv.vx = round(XOF(L, c->mean));
	if (bv.vx != bv.zx)
		br_scene_rect(L->sc, fmin(bv.zx, bv.vx), by,
			      fabs(bv.vx - bv.zx), L->bar_h, L->colors[s],
			      BR_NONE, 0);
	if (L->marked && fabs(bv.vx - bv.zx) >= 12) {
		double mx = bv.vx > bv.zx ? bv.zx + 6 : bv.zx - 6;

		br_scene_marker(L->sc, L->markers[s], mx, bcy, 2.75,
				br_text_on(L->colors[s]), BR_NONE, 0);
		bv.inset = 11;
	}
	L->any_whisker |= br_chart_bar_whisker(L->sc, L->o, c, &L->ax, L->pw,
					       bcy, &bv);
	val = value_text(L, cell, g);
	end = br_chart_bar_value(L->sc, &L->f_val, &bv, val);
	if (L->narrow)
		se_under(L, c, g, by + L->bar_h);
	else
		bar_se(L, c, g, end, bcy, bv.vx < bv.zx || bv.neg);
}

/* The groups drawn, each its label, a tick between groups, its bars. */
static bool groups(struct gl *L)
{
	size_t g, s;

	for (g = L->g0; g < L->g0 + L->gn; g++) {
		double gy = L->top + L->group_h * (double)(g - L->g0);

		if (!L->narrow && !group_label(L, g, gy))
			return false;
		if (g > L->g0)
			br_scene_line(L->sc, L->x0 - 4, gy, L->x0, gy,
				      BR_C_AXIS, 1, 0);
		for (s = 0; s < L->ns; s++)
			bar(L, g, s, gy);
	}
	return true;
}

/* The axis lines, a narrow chart's group labels over them, the footer;
 * sets the scene's height.  false on ENOMEM. */
static bool frame_and_footer(struct gl *L)
{
	struct br_scene *sc = L->sc;
	double foot_y = L->bottom + 28, height;
	size_t g;

	br_scene_line(sc, L->x0, L->top, L->x0, L->bottom, BR_C_AXIS, 1, 0);
	br_scene_line(sc, L->x0, L->bottom, L->x1, L->bottom, BR_C_AXIS, 1,
		      0);
	if (L->ax.lo < 0)
		br_scene_line(sc, round(XOF(L, 0)), L->top, round(XOF(L, 0)),
			      L->bottom, BR_C_AXIS, 1, 0);
	for (g = L->g0; L->narrow && g < L->g0 + L->gn; g++)
		if (!label_over(L, g, L->top + L->group_h * (double)(g - L->g0)))
			return false;
	if (L->all_single) {
		br_scene_text(sc, L->x0, foot_y, BR_ANCHOR_START, &L->f_note,
			      "Single runs (N = 1): no standard error");
		foot_y += 11;
	}
	height = br_chart_footer(sc, L->in->head, NULL, 0, L->in->confidence,
				 L->o, L->x0, foot_y, L->any_whisker);
	if (height < L->bottom + 39)
		height = L->bottom + 39;
	sc->height = ceil(height);
	return true;
}

/* Bars thin out as series are added; a group holds one of each. */
static void rows(struct gl *L)
{
	size_t ns = L->ns;

	L->bar_h = ns <= 3 ? 18 : ns <= 5 ? 15 : ns <= 8 ? 12 : 10;
	if (L->bar_h < 14)
		L->f_val.size = 8;
	L->group_h = L->label_h + (double)ns * (L->bar_h + L->se_h) +
		     (double)(ns - 1) * BAR_GAP + 2 * GROUP_PAD;
	L->g0 = L->in->count ? (L->in->first < L->ng ? L->in->first : L->ng)
		: 0;
	L->gn = L->in->count ? L->ng - L->g0 : L->ng;
	if (L->in->count && L->in->count < L->gn)
		L->gn = L->in->count;
}

static void gl_init(struct gl *L, const struct br_grouped_input *in,
		    const struct br_chart_opts *o)
{
	const struct br_font f_group = {o->family, 11, true, BR_C_HEAD};
	const struct br_font f_note = {o->family, 8, false, BR_C_AXIS};
	const struct br_font f_val = {o->family, 9, true, BR_C_TEXT};
	const struct br_font f_tick = {o->family, 10, false, BR_C_TEXT};
	const struct br_font f_none = {o->family, 8, false, 0x808080};

	memset(L, 0, sizeof *L);
	L->in = in;
	L->o = o;
	L->f_group = f_group;
	L->f_note = f_note;
	L->f_val = f_val;
	L->f_tick = f_tick;
	L->f_none = f_none;
	L->ns = in->n_series;
	L->ng = in->n_groups;
}

static void gl_fini(struct gl *L)
{
	br_scene_free(L->sc);
	br_chart_labels_free(L->labels, L->ng);
	br_chart_labels_free(L->notes, L->ng);
	free(L->colors);
	free(L->markers);
}

int br_chart_grouped(const struct br_grouped_input *in,
		     const struct br_chart_opts *o, struct br_scene **out,
		     struct br_error *err)
{
	struct gl L;
	int rc = BR_OK;

	*out = NULL;
	gl_init(&L, in, o);
	L.sc = br_scene_new(o->width, 0);
	if (!L.sc || !series_styles(&L))
		goto nomem;
	if (!value_range(&L)) {
		gl_fini(&L);
		return br_error_set(err, BR_EDATA, NULL, 0, "%s: no result to "
				    "draw", in->head->title ? in->head->title
				    : "grouped chart");
	}
	rows(&L);
	if (!label_margin(&L))
		goto nomem;
	L.x0 = fmax(L.left, o->left);
	L.x1 = o->width - 15;
	L.pw = L.x1 - L.x0;
	if (!value_axis(&L))
		goto nomem;
	if (!labels_fit(&L) && !over_layout(&L))
		goto nomem;
	L.sc->axis_x = L.x0;
	if (!header(&L))
		goto nomem;
	L.bottom = L.top + L.group_h * (double)L.gn;
	L.n_grid = br_chart_xgrid(L.sc, &L.ax, &L.f_tick, L.x0, L.pw, L.top,
				  L.bottom, L.grid);
	if (!groups(&L))
		goto nomem;
	if (!frame_and_footer(&L))
		goto nomem;
	br_chart_set_title(L.sc, in->head);
	if (br_scene_failed(L.sc))
		goto nomem;
	*out = L.sc;
	L.sc = NULL;
	goto done;
nomem:
	rc = br_error_set(err, BR_EIO, NULL, 0, "out of memory");
done:
	gl_fini(&L);
	return rc;
}
#undef XOF
/* ------------------------------------------- every scalar test at once */

static const char *dir_text(enum br_dir d)
{
	const char *p = br_dir_phrase(d);

	return p && *p ? p : "direction unknown";
}

/* Fits: at least one scalar test, all with one unit and direction, and
 * names that are not a multi-way comparison (those group per test). */
static bool tests_fit(const struct br_analysis *a, size_t i, char *why,
		      size_t why_size)
{
	const struct br_test *first = NULL;
	size_t k;

	(void)i;
	if (a->multiway) {
		if (why)
			snprintf(why, why_size, "the systems are a multi-way "
				 "comparison: their bars are grouped per "
				 "test");
		return false;
	}
	for (k = 0; k < a->n_tests; k++) {
		const struct br_test *t = a->tests[k].t;

		if (!a->tests[k].scalar)
			continue;
		if (!first) {
			first = t;
			continue;
		}
		if (strcmp(br_nz(t->unit.canon), br_nz(first->unit.canon)) ||
		    t->dir != first->dir) {
			if (why)
				snprintf(why, why_size, "\"%s\" is %s, %s but "
					 "\"%s\" is %s, %s", br_nz(first->title),
					 br_nz(first->unit.text),
					 dir_text(first->dir), br_nz(t->title),
					 br_nz(t->unit.text), dir_text(t->dir));
			return false;
		}
	}
	if (!first && why)
		snprintf(why, why_size, "no selected test has scalar results");
	return first != NULL;
}

/* auto: the rows of a pasted table (tests x systems) belong together. */
static bool tests_auto(const struct br_analysis *a, size_t i)
{
	size_t k;
	bool any = false;

	(void)i;
	for (k = 0; k < a->n_tests; k++)
		if (a->tests[k].scalar) {
			if (!a->tests[k].t->table_row)
				return false;
			any = true;
		}
	return any;
}

static bool tests_cover(const struct br_analysis *a, size_t i)
{
	return a->tests[i].scalar;
}


/*
 * The options every note shares at its start and at its end ("Test:
 * Read - ..." when every row reads), whole options (split at " - ")
 * only and each note keeping an option of its own: *pre and *suf get
 * their lengths in bytes (0: none).  They go to the chart's subtitle,
 * the rows keep the part that differs.
 */
static void shared_options(const char *const *notes, size_t n, size_t *pre,
			   size_t *suf)
{
	const char *first = n ? notes[0] : NULL, *p;
	size_t k, cut, len;

	*pre = *suf = 0;
	if (n < 2 || !first)
		return;
	len = strlen(first);
	for (p = first; (p = strstr(p, " - ")) != NULL; p += 3) {
		cut = (size_t)(p - first);
		for (k = 1; k < n; k++)
			if (!notes[k] || strncmp(notes[k], first, cut + 3))
				break;
		if (k < n)
			break;
		*pre = cut;
	}
	for (p = first + len; p > first + *pre; p--) {
		size_t sl;

		if (strncmp(p - 1, " - ", 3) || p - 1 < first + *pre)
			continue;
		sl = len - (size_t)(p + 2 - first);
		for (k = 1; k < n; k++) {
			size_t nl = notes[k] ? strlen(notes[k]) : 0;

			/* the shared end, and room for an own option */
			if (nl < *pre + sl + 7 ||
			    strcmp(notes[k] + nl - sl - 3, p - 1))
				break;
		}
		if (k == n && len >= *pre + sl + 7)
			*suf = sl;
	}
	/* every note keeps an option of its own */
	for (k = 0; k < n && (*pre || *suf); k++) {
		size_t nl = strlen(notes[k]);

		if (nl <= (*pre ? *pre + 3 : 0) + (*suf ? *suf + 3 : 0)) {
			*pre = 0;
			*suf = 0;
		}
	}
}

/* The scalar tests' notes without the options all share, and those in
 * *common ("A - B"; NULL: none).  false on ENOMEM. */
static bool strip_shared(const char **notes, size_t n, char **own,
			 char **common)
{
	size_t pre, suf, k;

	*common = NULL;
	shared_options(notes, n, &pre, &suf);
	if (!pre && !suf)
		return true;
	*common = br_strf("%.*s%s%s", (int)pre, notes[0], pre && suf ?
			  " - " : "", suf ? notes[0] + strlen(notes[0]) - suf
			  : "");
	if (!*common)
		return false;
	for (k = 0; k < n; k++) {
		size_t nl = strlen(notes[k]), from = pre ? pre + 3 : 0;
		size_t to = suf ? nl - suf - 3 : nl;

		own[k] = strndup(notes[k] + from, to - from);
		if (!own[k])
			return false;
		notes[k] = own[k];
	}
	return true;
}

/* The grouped input of every scalar test, and what it holds. */
struct tests_in {
	struct br_grouped_input gi;
	struct br_test head;
	const char **groups, **notes, **series;
	char **own;               /* notes without the shared options */
	char *common;             /* the shared options: the subtitle */
	const struct br_cell **cells;
	int *decimals;
	uint32_t *colors;
	enum br_marker *marks;
	struct br_style *styles;
	size_t ng;
};

static void tests_in_fini(struct tests_in *t)
{
	size_t k;

	for (k = 0; t->own && k < t->ng; k++)
		free(t->own[k]);
	free(t->own);
	free(t->common);
	free(t->decimals);
	free(t->groups);
	free(t->notes);
	free(t->series);
	free(t->cells);
	free(t->colors);
	free(t->marks);
	free(t->styles);
}

/* The groups (one per scalar test) and their cells; the series (the
 * systems in their colours of the run). */
static void tests_fill(struct tests_in *t, const struct br_analysis *a)
{
	size_t nt = a->n_tests, ns = a->sel->n_systems, k, s;

	for (k = 0, t->ng = 0; k < nt; k++) {
		const struct br_atest *at = &a->tests[k];

		if (!at->scalar)
			continue;
		t->groups[t->ng] = br_nz(at->t->title);
		t->notes[t->ng] = br_nz(at->t->description);
		for (s = 0; s < ns; s++)
			t->cells[t->ng * ns + s] = &at->cells[s];
		t->decimals[t->ng] = at->decimals;   /* each test its own */
		t->ng++;
	}
	for (s = 0; s < ns; s++) {
		t->series[s] = br_analysis_system(a, s);
		t->colors[s] = t->styles[s].color;
		t->marks[s] = t->styles[s].marker;   /* as in the overview */
	}
}

/* The chart of every scalar test as a grouped input; BR_EIO on ENOMEM,
 * BR_EDATA when there is none. */
static int tests_input(const struct br_analysis *a,
		       const struct br_chart_opts *o, struct tests_in *t,
		       struct br_error *err)
{
	size_t nt = a->n_tests, ns = a->sel->n_systems, k;

	memset(t, 0, sizeof *t);
	t->groups = calloc(nt + 1, sizeof *t->groups);
	t->notes = calloc(nt + 1, sizeof *t->notes);
	t->own = calloc(nt + 1, sizeof *t->own);
	t->series = calloc(ns + 1, sizeof *t->series);
	t->cells = calloc(nt * ns + 1, sizeof *t->cells);
	t->decimals = calloc(nt + 1, sizeof *t->decimals);
	t->colors = calloc(ns + 1, sizeof *t->colors);
	t->marks = calloc(ns + 1, sizeof *t->marks);
	t->styles = br_system_styles(a, o);
	if (!t->groups || !t->notes || !t->own || !t->series || !t->cells ||
	    !t->decimals || !t->colors || !t->marks || !t->styles)
		return br_error_set(err, BR_EIO, NULL, 0, "out of memory");
	tests_fill(t, a);
	for (k = 0; k < nt && !a->tests[k].scalar; k++)
		;
	if (k == nt)
		return br_error_set(err, BR_EDATA, NULL, 0, "no scalar test");
	/* the options all rows share go to the subtitle (doc/charts.md) */
	if (!strip_shared(t->notes, t->ng, t->own, &t->common))
		return br_error_set(err, BR_EIO, NULL, 0, "out of memory");
	/* the header: the input's title, the tests' unit and direction */
	t->head = *a->tests[k].t;
	t->head.title = o->title ? o->title : a->sel->rs->title ?
			a->sel->rs->title : "Results";
	t->head.app_version = NULL;
	t->head.description = t->common;
	t->head.annotation = NULL;
	t->gi.head = &t->head;
	t->gi.groups = t->groups;
	t->gi.group_notes = t->notes;
	t->gi.n_groups = t->ng;
	t->gi.series = t->series;
	t->gi.colors = t->colors;
	t->gi.markers = t->marks;
	t->gi.n_series = ns;
	t->gi.cells = t->cells;
	t->gi.decimals = t->decimals;
	t->gi.confidence = a->o.confidence;
	return BR_OK;
}

static int tests_layout(const struct br_analysis *a, size_t i,
			const struct br_chart_opts *o, struct br_scene **out,
			struct br_error *err)
{
	struct tests_in t;
	int rc;

	(void)i;
	*out = NULL;
	rc = tests_input(a, o, &t, err);
	if (rc == BR_OK)
		rc = br_chart_grouped(&t.gi, o, out, err);
	tests_in_fini(&t);
	return rc;
}

/* Pages of per_page groups at most (0: one), balanced, for a PDF
 * report, each with the header, legend and axis of the whole chart. */
static int tests_pages(const struct br_analysis *a, size_t i,
		       const struct br_chart_opts *o, size_t per_page,
		       struct br_scene ***scenes, size_t *n,
		       struct br_error *err)
{
	struct tests_in t;
	size_t parts, k;
	int rc;

	(void)i;
	*scenes = NULL;
	*n = 0;
	rc = tests_input(a, o, &t, err);
	if (per_page == 0 || per_page > t.ng)
		per_page = t.ng ? t.ng : 1;
	parts = rc == BR_OK ? (t.ng + per_page - 1) / per_page : 0;
	per_page = parts ? (t.ng + parts - 1) / parts : 1;
	if (rc == BR_OK && !(*scenes = calloc(parts + 1, sizeof **scenes)))
		rc = br_error_set(err, BR_EIO, NULL, 0, "out of memory");
	for (k = 0; k < parts && rc == BR_OK; k++) {
		t.gi.first = k * per_page;
		t.gi.count = per_page;
		t.gi.part = k + 1;
		t.gi.parts = parts;
		rc = br_chart_grouped(&t.gi, o, &(*scenes)[k], err);
		*n += rc == BR_OK;
	}
	tests_in_fini(&t);
	if (rc != BR_OK) {
		for (k = 0; k < *n; k++)
			br_scene_free((*scenes)[k]);
		free(*scenes);
		*scenes = NULL;
		*n = 0;
	}
	return rc;
}

const struct br_chart_type br_chart_tests_type = {
	.name = "grouped",              /* --chart grouped, whole */
	.help = "every selected test in one chart of grouped bars (one "
		"unit and direction; for \"A: B\" multi-way names, one per "
		"test)",                /* for --help */
	.whole = true,                  /* one chart of the selection */
	.front = false,                 /* among the other charts */
	.misfit = BR_EUSAGE,            /* other tests would fit */
	.display = BR_DISPLAY_BAR,      /* draws scalar results */
	.fits = tests_fit,              /* one unit and direction */
	.auto_pick = tests_auto,        /* auto: a pasted table's rows */
	.covers = tests_cover,          /* stands in for every scalar test */
	.layout = tests_layout,         /* a group of bars per test */
	.pages = tests_pages,           /* the PDF report: groups a page */
	.parts = NULL,                  /* one chart */
};
