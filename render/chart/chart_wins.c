/*
 * chart_wins.c - wins, losses and ties as one chart (doc/statistics.md,
 * "Wins and losses"; doc/charts.md, "Wins and losses"): a row per
 * system, its counted tests as one stacked bar of the tests where it is
 * proven first, tied (neither proven) and proven last, each part with
 * its count, the tests counted beside it, the rule under the plot.
 * Every number and word is the analysis' (a->wins, br_wins_rule).  A
 * whole-selection row of the chart table.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "chart.h"
#include "../text/text.h"
#include "../../analysis/derived.h"
#include "../../analysis/sentence.h"

/* Okabe-Ito: bluish green, grey, vermillion; told apart by lightness
 * too, and each part carries its count. */
#define C_FIRST 0x009e73u
#define C_TIED 0xc8c8c8u
#define C_LAST 0xd55e00u

#define ROW_H 26.0
#define BAR_H 16.0

static bool wins_fit(const struct br_analysis *a, size_t i, char *why,
		     size_t why_size)
{
	(void)i;
	if (a->wins.ok)
		return true;
	if (why)
		snprintf(why, why_size, "wins and losses: needs two systems, "
			 "two tests where PTS's rule counts them and a first "
			 "or last place proven");
	return false;
}

/* The rule, the markers of the analysis' words made spaces. */
static char *rule_text(const struct br_analysis *a)
{
	char *s = br_wins_rule(a), *p;

	for (p = s; p && *p; p++)
		if (*p == BR_NBSP[0])
			*p = ' ';
	return s;
}

/* Footer lines (8 pt) from y, wrapped to max_w; the next baseline. */
static double foot(struct br_scene *sc, const struct br_chart_opts *o,
		   double x, double y, double max_w, const char *text)
{
	struct br_font f = {o->family, 8, false, BR_C_AXIS};

	return br_chart_note_lines(sc, &f, x, y, max_w, text);
}

/* One part of a bar: [x, x + w) at y, its count inside when it fits. */
static void part(struct br_scene *sc, const struct br_chart_opts *o,
		 double x, double y, double w, uint32_t fill, size_t count)
{
	struct br_font f = {o->family, 9, true, 0};
	char buf[32];

	if (!count || w <= 0)
		return;
	br_scene_rect(sc, x, y, w, BAR_H, fill, BR_NONE, 0);
	snprintf(buf, sizeof buf, "%zu", count);
	f.color = br_text_on(fill);
	if (br_text_width(f.family, f.size, true, buf) + 4 <= w)
		br_scene_text(sc, x + w / 2, y + BAR_H / 2 + 3.2,
			      BR_ANCHOR_MIDDLE, &f, buf);
}

/* Row j: the name, the bar of its counted tests, the words beside. */
static void row(struct br_scene *sc, const struct br_analysis *a, size_t j,
		const struct br_chart_opts *o, const struct br_axis *ax,
		double x0, double pw, double y, const struct br_label *l)
{
	const struct br_wins *w = &a->wins;
	struct br_font fn = {o->family, 9, true, BR_C_HEAD};
	struct br_font fv = {o->family, 9, false, BR_C_TEXT};
	double k = pw / (ax->hi - ax->lo), x = x0;
	double wf = k * (double)w->wins[j], wt = k * (double)w->ties[j];
	double wl = k * (double)w->losses[j];
	char *words;


	br_chart_label_draw(sc, x0 - 6, y + BAR_H / 2 + 3.2 -
			    (l->n_lines > 1 ? 5.5 : 0), BR_ANCHOR_END, &fn, l,
			    br_analysis_system(a, j), 11);
	part(sc, o, x, y, wf, C_FIRST, w->wins[j]);
	x += wf;
	part(sc, o, x, y, wt, C_TIED, w->ties[j]);
	x += wt;
	part(sc, o, x, y, wl, C_LAST, w->losses[j]);
	x += wl;
	words = br_chart_strf(sc, "%zu test%s", w->ran[j],
			      w->ran[j] == 1 ? "" : "s");
	if (words)
		br_scene_text(sc, x + 6, y + BAR_H / 2 + 3, BR_ANCHOR_START,
			      &fv, words);
	free(words);
}

/* The left margin: the widest system name, at most 40% of the width. */
static struct br_label *names(const struct br_analysis *a,
			      const struct br_chart_opts *o, double *left)
{
	struct br_font fn = {o->family, 9, true, BR_C_HEAD};
	size_t n = a->sel->n_systems, j;
	const char **nm = calloc(n + 1, sizeof *nm);
	struct br_label *l;
	double w = 0;

	if (!nm)
		return NULL;
	for (j = 0; j < n; j++) {
		nm[j] = br_analysis_system(a, j);
		w = fmax(w, br_text_width(fn.family, fn.size, true, nm[j]));
	}
	*left = ceil(fmin(fmax(70, w + 16), floor(0.4 * o->width)));
	l = br_chart_labels(&fn, nm, n, *left - 16, 2);
	free(nm);
	return l;
}

static int wins_layout(const struct br_analysis *a, size_t i,
		       const struct br_chart_opts *o, struct br_scene **out,
		       struct br_error *err)
{
	static const char *const keys[] = {
		"First: proven best", "Tied: neither proven",
		"Last: proven worst",
	};
	static const uint32_t colors[] = {C_FIRST, C_TIED, C_LAST};
	struct br_font ft = {o->family, 10, false, BR_C_TEXT};
	size_t n = a->sel->n_systems, j, most = 0;
	struct br_scene *sc = br_scene_new(o->width, 0);
	struct br_label *l = NULL;
	struct br_test head;
	struct br_axis ax;
	double left = 0, x1 = o->width - 15, top, ly, lh, y, bottom, room;
	char *rule = NULL;
	double grid[BR_AXIS_MAX_TICKS];

	(void)i;
	*out = NULL;
	if (sc)
		l = names(a, o, &left);
	if (!sc || !l)
		goto nomem;
	for (j = 0; j < n; j++)
		most = a->wins.ran[j] > most ? a->wins.ran[j] : most;
	memset(&head, 0, sizeof head);
	head.title = "Wins, losses and ties";
	head.description = o->title ? o->title : a->sel->rs->title;
	head.unit.text = "Tests proven first, tied and proven last";
	head.dir = BR_DIR_HIB;
	lh = br_chart_legend(NULL, o, left, 0, x1 - left, keys, colors,
			     NULL, 3);
	top = br_chart_header(sc, &head, o, left, lh + 2, &ly);
	br_chart_legend(sc, o, left, ly, x1 - left, keys, colors, NULL, 3);
	room = 12 + br_text_width(o->family, 9, false, most == 1 ?
				  "1 test" : "00 tests") +
	       br_text_width(o->family, 9, false, "0") *
	       (most >= 100 ? (most >= 1000 ? 2 : 1) : 0);
	br_axis_scale(0, (double)most, x1 - left - room, &ft, false, &ax);
	bottom = top + ROW_H * (double)n + 6;
	br_chart_xgrid(sc, &ax, &ft, left, x1 - left - room, top, bottom,
		       grid);
	for (j = 0, y = top + 6; j < n; j++, y += ROW_H)
		row(sc, a, j, o, &ax, left, x1 - left - room, y, &l[j]);
	br_scene_line(sc, left, top, left, bottom, BR_C_AXIS, 1, 0);
	br_scene_line(sc, left, bottom, x1 - room, bottom, BR_C_AXIS, 1, 0);
	rule = rule_text(a);
	y = bottom + 32;
	if (rule)
		y = foot(sc, o, left, y, x1 - left, rule);
	sc->height = ceil(fmax(y, bottom + 39));
	br_scene_set_title(sc, head.title);
	free(rule);
	br_chart_labels_free(l, n);
	if (br_scene_failed(sc))
		goto nomem_sc;
	*out = sc;
	return BR_OK;
nomem:
	br_chart_labels_free(l, n);
nomem_sc:
	br_scene_free(sc);
	return br_error_set(err, BR_EIO, NULL, 0, "out of memory");
}

/* Only on request (--chart wins): the reports give the table. */
static bool wins_auto(const struct br_analysis *a, size_t i)
{
	(void)a;
	(void)i;
	return false;
}

const struct br_chart_type br_chart_wins_type = {
	.name = "wins",                 /* --chart wins */
	.help = "wins, losses and ties: per system, the tests where it is "
		"proven first, tied or proven last",   /* --help */
	.whole = true,                  /* one chart of the selection */
	.front = false,                 /* among the other charts */
	.misfit = BR_EDATA,             /* no choice of tests makes one */
	.display = BR_DISPLAY_BAR,      /* reads scalar results */
	.fits = wins_fit,               /* a proven first or last place */
	.auto_pick = wins_auto,         /* never by auto */
	.covers = NULL,                 /* drawn beside the tests' charts */
	.layout = wins_layout,          /* one scene */
	.pages = NULL,                  /* not paged */
	.parts = NULL,                  /* one chart */
};
