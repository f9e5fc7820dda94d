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

/* The summary of a cell with a value, else NULL. */
static const struct br_summary *value_of(const struct br_cell *c)
{
	return c && c->kind == BR_CELL_VALUE ? &c->sum : NULL;
}

/*
 * The line beside a bar, as the bar chart has under a name: "SE +/- x,
 * N = y", or "N = 1" for a single run, in buf; NULL for a bar without a
 * value or without an SE.  With single runs only (all_single), no bar
 * gets one: the footer says it once.
 */
static const char *se_line(const struct br_summary *c, int decimals,
			   bool all_single, char *buf, size_t size)
{
	char num[64];

	if (!c)
		return NULL;
	if (c->n == 1)
		return all_single ? NULL : (snprintf(buf, size, "N = 1"), buf);
	if (c->n < 2 || !isfinite(c->se))
		return NULL;
	snprintf(buf, size, "SE +/- %s, N = %zu", br_fmt_se(num, sizeof num,
		 c->se, br_se_decimals(decimals), c->mean), c->n);
	return buf;
}

int br_chart_grouped(const struct br_grouped_input *in,
		     const struct br_chart_opts *o, struct br_scene **out,
		     struct br_error *err)
{
	const size_t ns = in->n_series, ng = in->n_groups;
	struct br_font f_group = {o->family, 11, true, BR_C_HEAD};
	struct br_font f_note = {o->family, 8, false, BR_C_AXIS};
	struct br_font f_val = {o->family, 9, true, BR_C_TEXT};
	struct br_font f_tick = {o->family, 10, false, BR_C_TEXT};
	struct br_font f_none = {o->family, 8, false, 0x808080};
	struct br_scene *sc = br_scene_new(o->width, 0);
	uint32_t *colors = calloc(ns + 1, sizeof *colors);
	enum br_marker *markers = calloc(ns + 1, sizeof *markers);
	/* past the palette colours repeat: a marker in each bar and in the
	 * legend tells the series apart (doc/charts.md) */
	const bool marked = ns > BR_N_PALETTE;
	double w = o->width, left, x0, x1, pw, top, bottom, legend_y, legend_h;
	double bar_h, group_h, vmin = 0, vmax = 0, label_w = 0, height, foot_y;
	double grid[BR_AXIS_MAX_TICKS];
	struct br_axis ax;
	struct br_label *labels = NULL;
	bool any = false, any_whisker = false, all_single = true;
	size_t g, s, n_grid;
	int rc = BR_OK;
	char buf[128];

	*out = NULL;
	if (!sc || !colors || !markers)
		goto nomem;
	for (s = 0; s < ns; s++) {
		colors[s] = in->colors ? in->colors[s] : br_palette(s);
		markers[s] = in->markers ? in->markers[s] :
			     br_series_style(s).marker;
	}

	/* value range over every bar and whisker top */
	for (g = 0; g < ng * ns; g++) {
		const struct br_summary *c = value_of(in->cells[g]);
		double lo, hi;

		if (!c)
			continue;
		any = true;
		all_single &= c->n == 1;
		vmin = fmin(vmin, c->mean);
		vmax = fmax(vmax, c->mean);
		if (br_chart_whisker(o, c, &lo, &hi)) {
			vmax = fmax(vmax, hi);
			if (c->mean < 0)
				vmin = fmin(vmin, lo);
		}
	}
	if (!any) {
		br_scene_free(sc);
		free(colors);
		free(markers);
		return br_error_set(err, BR_EDATA, NULL, 0, "%s: no result to "
				    "draw", in->head->title ? in->head->title
				    : "grouped chart");
	}

	/* Bars thin out as series are added; a group holds one of each. */
	bar_h = ns <= 3 ? 18 : ns <= 5 ? 15 : ns <= 8 ? 12 : 10;
	if (bar_h < 14)
		f_val.size = 8;
	group_h = (double)ns * bar_h + (double)(ns - 1) * BAR_GAP +
		  2 * GROUP_PAD;

	/* Left margin from the group labels (at most 40 % of the width). */
	for (g = 0; g < ng; g++) {
		double lw = br_text_width(f_group.family, f_group.size, true,
					  in->groups[g]);

		if (in->group_notes && in->group_notes[g])
			lw = fmax(lw, br_text_width(f_note.family, f_note.size,
						    false,
						    in->group_notes[g]));
		label_w = fmax(label_w, lw);
	}
	left = fmax(70, label_w + 5 + 10);
	if (left > 0.4 * w)
		left = floor(0.4 * w);
	left = ceil(left);
	/*
	 * Groups without notes are systems (multi-way names): labelled in
	 * two lines at most, told apart (br_chart_labels), the margin what
	 * their lines need.  Tests keep their title over the options note,
	 * which tells equal titles apart.
	 */
	if (!in->group_notes) {
		labels = br_chart_labels(&f_group, in->groups, ng, left - 15,
					 group_h >= 30 ? 2 : 1);
		if (!labels)
			goto nomem;
		label_w = 0;
		for (g = 0; g < ng; g++)
			for (s = 0; s < labels[g].n_lines; s++)
				label_w = fmax(label_w, br_text_width(
					f_group.family, f_group.size, true,
					labels[g].line[s]));
		left = fmin(left, ceil(fmax(70, label_w + 5 + 10)));
	}
	x0 = fmax(left, o->left);
	sc->axis_x = x0;
	x1 = w - 15;
	pw = x1 - x0;
	{
		/* labels beyond their bars get room on the axis */
		struct br_bar_label *bl = calloc(ng * ns + 1, sizeof *bl);
		size_t nb = 0;

		double dur = -1;

		if (!bl)
			goto nomem;
		for (g = 0; g < ng * ns; g++) {
			const struct br_summary *c = value_of(in->cells[g]);
			double lo, hi;

			if (!c)
				continue;
			bl[nb].value = c->mean;
			bl[nb].from = c->mean;
			if (br_chart_whisker(o, c, &lo, &hi))
				bl[nb].from = c->mean < 0 ? lo : hi;
			br_cell_chart_text(in->cells[g], in->decimals[g / ns],
					   buf, sizeof buf);
			bl[nb].width = br_text_width(f_val.family,
						     f_val.size, true, buf);
			if (se_line(c, in->decimals[g / ns], all_single, buf,
				    sizeof buf))
				bl[nb].after = br_text_width(f_note.family,
							     f_note.size,
							     false, buf);
			nb++;
			dur = br_chart_dur_scale(dur, in->cells[g]);
		}
		br_axis_scale_labelled(vmin, vmax, bl, nb, pw, &f_tick,
				       fmax(dur, 0), &ax);
		free(bl);
	}

	legend_h = br_chart_legend(NULL, o, x0, 0, x1 - x0, in->series, colors,
				   marked ? markers : NULL, ns);
	top = br_chart_header(sc, in->head, o, x0, legend_h + 2, &legend_y);
	br_chart_legend(sc, o, x0, legend_y, x1 - x0, in->series, colors,
			marked ? markers : NULL, ns);
	bottom = top + group_h * (double)ng;

#define XOF(v) (x0 + br_axis_frac(&ax, (v)) * pw)
	n_grid = br_chart_xgrid(sc, &ax, &f_tick, x0, pw, top, bottom, grid);

	for (g = 0; g < ng; g++) {
		double gy = top + group_h * (double)g, cy = gy + group_h / 2;
		double lim = left - 15, ly;
		const char *note = in->group_notes ? in->group_notes[g] : NULL;
		char **lines = NULL;
		size_t nl, max_lines, k;

		/* label: up to as many lines as the group has room for,
		 * the note under it */
		max_lines = (size_t)fmax(1, floor((group_h - 4 -
						   (note && *note ? 10 : 0)) /
						  13));
		if (max_lines > 3)
			max_lines = 3;
		nl = labels ? labels[g].n_lines :
		     br_chart_wrap(&f_group, in->groups[g], lim, max_lines,
				   &lines);
		if (nl == (size_t)-1)
			goto nomem;
		ly = cy - (13.0 * (double)nl + (note && *note ? 10 : 0)) / 2 +
		     10;
		if (labels) {
			br_chart_label_draw(sc, x0 - 5, ly, BR_ANCHOR_END,
					    &f_group, &labels[g],
					    in->groups[g], 13);
		} else {
			for (k = 0; k < nl; k++)
				br_scene_text(sc, x0 - 5, ly + 13.0 *
					      (double)k, BR_ANCHOR_END,
					      &f_group, lines[k]);
			br_text_lines_free(lines, nl);
		}
		if (note && *note) {
			char *e = br_text_ellipsize(f_note.family, f_note.size,
						    false, note, lim);

			if (!e)
				goto nomem;
			br_scene_text(sc, x0 - 5, ly + 13.0 * (double)nl - 1,
				      BR_ANCHOR_END, &f_note, e);
			free(e);
		}
		if (g > 0)
			br_scene_line(sc, x0 - 4, gy, x0, gy, BR_C_AXIS, 1, 0);

		for (s = 0; s < ns; s++) {
			const struct br_summary *c =
				value_of(in->cells[g * ns + s]);
			double by = gy + GROUP_PAD + (bar_h + BAR_GAP) *
				    (double)s, bcy = by + bar_h / 2;
			struct br_bar_value bv = {
				0, 0, bcy + f_val.size * 0.36, false, 0, 0,
				colors[s], grid, n_grid, x0, x1, 0,
			};
			const char *val, *se;
			double end;

			if (!c) {
				br_scene_text(sc, round(XOF(0)) + 5, bcy + 3,
					      BR_ANCHOR_START, &f_none,
					      "no result");
				continue;
			}
			bv.zx = round(XOF(0));
			bv.vx = round(XOF(c->mean));
			if (bv.vx != bv.zx)
				br_scene_rect(sc, fmin(bv.zx, bv.vx), by,
					      fabs(bv.vx - bv.zx), bar_h,
					      colors[s], BR_NONE, 0);
			if (marked && fabs(bv.vx - bv.zx) >= 12) {
				double mx = bv.vx > bv.zx ? bv.zx + 6 :
					    bv.zx - 6;

				br_scene_marker(sc, markers[s], mx, bcy, 2.75,
						br_text_on(colors[s]), BR_NONE,
						0);
				bv.inset = 11;
			}
			any_whisker |= br_chart_bar_whisker(sc, o, c, &ax, pw,
							     bcy, &bv);
			val = br_cell_chart_text(in->cells[g * ns + s],
					    in->decimals[g], buf, sizeof buf);
			end = br_chart_bar_value(sc, &f_val, &bv, val);
			/* the SE beside the bar and its value (the axis
			 * made room for it: br_bar_label.after) */
			se = se_line(c, in->decimals[g], all_single, buf,
				     sizeof buf);
			if (se) {
				/* knocked out of the grid lines behind it */
				double tw = br_text_width(f_note.family,
							  f_note.size, false,
							  se);
				double sx = c->mean < 0 ? end - 6 - tw :
					    end + 6;

				br_scene_rect(sc, sx - 2, bcy + 3 - f_note.size
					      * 0.85, tw + 4, f_note.size * 1.1,
					      sc->background, BR_NONE, 0);
				br_scene_text(sc, sx, bcy + 3, BR_ANCHOR_START,
					      &f_note, se);
			}
		}
	}

	br_scene_line(sc, x0, top, x0, bottom, BR_C_AXIS, 1, 0);
	br_scene_line(sc, x0, bottom, x1, bottom, BR_C_AXIS, 1, 0);
	if (ax.lo < 0)
		br_scene_line(sc, round(XOF(0)), top, round(XOF(0)), bottom,
			      BR_C_AXIS, 1, 0);
#undef XOF

	foot_y = bottom + 28;
	if (all_single) {
		br_scene_text(sc, x0, foot_y, BR_ANCHOR_START, &f_note,
			      "Single runs (N = 1): no standard error");
		foot_y += 11;
	}
	height = br_chart_footer(sc, in->head, NULL, 0, in->confidence, o, x0,
				 foot_y, any_whisker);
	if (height < bottom + 39)
		height = bottom + 39;
	sc->height = ceil(height);
	br_chart_set_title(sc, in->head);
	if (br_scene_failed(sc))
		goto nomem;
	*out = sc;
	sc = NULL;
	goto done;
nomem:
	rc = br_error_set(err, BR_EIO, NULL, 0, "out of memory");
done:
	br_scene_free(sc);
	br_chart_labels_free(labels, ng);
	free(colors);
	free(markers);
	return rc;
}

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

static int tests_layout(const struct br_analysis *a, size_t i,
			const struct br_chart_opts *o, struct br_scene **out,
			struct br_error *err)
{
	size_t nt = a->n_tests, ns = a->sel->n_systems, ng = 0, k, s;
	const char **groups = calloc(nt + 1, sizeof *groups);
	const char **notes = calloc(nt + 1, sizeof *notes);
	const char **series = calloc(ns + 1, sizeof *series);
	const struct br_cell **cells = calloc(nt * ns + 1, sizeof *cells);
	int *decimals = calloc(nt + 1, sizeof *decimals);
	uint32_t *colors = calloc(ns + 1, sizeof *colors);
	enum br_marker *marks = calloc(ns + 1, sizeof *marks);
	struct br_style *styles = br_system_styles(a, o);
	const struct br_test *first = NULL;
	struct br_grouped_input gi;
	struct br_test head;
	int rc;

	(void)i;
	*out = NULL;
	memset(&gi, 0, sizeof gi);
	if (!groups || !notes || !series || !cells || !decimals || !colors ||
	    !marks || !styles) {
		rc = br_error_set(err, BR_EIO, NULL, 0, "out of memory");
		goto done;
	}
	for (k = 0; k < nt; k++) {
		const struct br_atest *at = &a->tests[k];

		if (!at->scalar)
			continue;
		if (!first)
			first = at->t;
		groups[ng] = br_nz(at->t->title);
		notes[ng] = at->t->description;
		for (s = 0; s < ns; s++)
			cells[ng * ns + s] = &at->cells[s];
		decimals[ng] = at->decimals;   /* each test its own */
		ng++;
	}
	for (s = 0; s < ns; s++) {
		series[s] = br_analysis_system(a, s);
		colors[s] = styles[s].color;
		marks[s] = styles[s].marker;   /* as in the overview */
	}
	/* the header: the input's title, the tests' unit and direction */
	head = *first;
	head.title = o->title ? o->title : a->sel->rs->title ?
		     a->sel->rs->title : "Results";
	head.app_version = NULL;
	head.description = NULL;
	head.annotation = NULL;
	gi.head = &head;
	gi.groups = groups;
	gi.group_notes = notes;
	gi.n_groups = ng;
	gi.series = series;
	gi.colors = colors;
	gi.markers = marks;
	gi.n_series = ns;
	gi.cells = cells;
	gi.decimals = decimals;
	gi.confidence = a->o.confidence;
	rc = br_chart_grouped(&gi, o, out, err);
done:
	free(decimals);
	free(groups);
	free(notes);
	free(series);
	free(cells);
	free(colors);
	free(marks);
	free(styles);
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
	.pages = NULL,                  /* never split into pages */
	.parts = NULL,                  /* one chart */
};
