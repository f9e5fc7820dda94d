/*
 * report_plot.c - the plain-text report's ministat-style dot plots: one
 * row of BR_REPORT_WIDTH - 2 buckets per stacked run, a symbol per
 * system (at most 7, as ministat), and each system's mean +/- SD bar.
 */
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report_text_int.h"
#include "../text/words.h"

/* ---------------------------------------------------------------- plot */

#define PLOT_W (W - 2)          /* buckets between the frame's bars */
#define MAX_SETS 7

static const char symbol[] = " x+*%#@O";

/*
 * The column of v on a plot of PLOT_W columns from x0 to x1, clamped to
 * the plot: finite for every v, also when x1 - x0 does not fit in a
 * double (then in halves) or is a denormal too small to halve.
 */
static long column(double v, double x0, double x1)
{
	double span = x1 - x0, f;

	if (isfinite(span) && isfinite(v - x0))
		f = (v - x0) / span;
	else
		f = (v / 2 - x0 / 2) / (x1 / 2 - x0 / 2);
	f *= PLOT_W - 1;
	if (!(f > 0))          /* NAN too */
		return 0;
	return f >= PLOT_W - 1 ? PLOT_W - 1 : lround(f);
}

/*
 * A dot plot being drawn: the sets (systems with runs) and their span,
 * the stacked points, height rows of PLOT_W buckets each holding the
 * OR of the sets' numbers, and the bar lines.
 */
struct plot {
	size_t set[MAX_SETS], n_sets;
	double x0, x1;
	size_t height, n_bars;
	unsigned char *data;
	char (*bars)[PLOT_W + 1];
};

/*
 * The systems with a result, as sets; NULL when they can be plotted,
 * else what the report says instead ("" for nothing).
 */
static const char *plot_sets(struct plot *p, const struct br_report *r,
			     const struct br_atest *rt)
{
	size_t j;

	for (j = 0; j < r->a->sel->n_systems; j++) {
		const struct br_cell *c = &rt->cells[j];

		if (!c->sum.n)
			continue;
		if (c->sum.from_summary || !c->entry->sample.n_runs)
			return "   (no dot plot: published summaries "
			       "have no runs)";
		if (p->n_sets == MAX_SETS)
			return "   (no dot plot: more than 7 systems)";
		p->set[p->n_sets++] = j;
	}
	return p->n_sets ? NULL : "";
}

/* the span: every run, and mean -/+ sd */
static void plot_span(struct plot *p, const struct br_atest *rt)
{
	size_t k;

	p->x0 = INFINITY;
	p->x1 = -INFINITY;
	for (k = 0; k < p->n_sets; k++) {
		const struct br_summary *s = &rt->cells[p->set[k]].sum;

		p->x0 = s->min < p->x0 ? s->min : p->x0;
		p->x1 = s->max > p->x1 ? s->max : p->x1;
		if (!isnan(s->sd)) {
			p->x0 = s->mean - s->sd < p->x0 ? s->mean - s->sd
							: p->x0;
			p->x1 = s->mean + s->sd > p->x1 ? s->mean + s->sd
							: p->x1;
		}
	}
	/* mean +/- sd may pass the largest doubles */
	p->x0 = fmax(p->x0, -DBL_MAX);
	p->x1 = fmin(p->x1, DBL_MAX);
}

/* a line per set: its symbol and its system */
static void plot_legend(struct br_tmem *m, const struct br_report *r,
			const struct plot *p)
{
	char **names = br_report_short_names(r, W - 5);
	size_t k;

	for (k = 0; names && k < p->n_sets; k++)
		fprintf(m->fp, "   %c %s\n", symbol[k + 1],
			names[p->set[k]]);
	if (!names)
		m->nomem = true;
	br_text_short_names_free(names, r->a->sel->n_systems);
}

/* the stack height: most runs of one set in one bucket */
static void plot_height(struct plot *p, const struct br_atest *rt)
{
	size_t k;

	p->height = 1;
	for (k = 0; k < p->n_sets; k++) {
		const struct br_sample *s =
			&rt->cells[p->set[k]].entry->sample;
		size_t cnt[PLOT_W] = {0}, q;

		for (q = 0; q < s->n_runs; q++) {
			long c = column(s->runs[q].value, p->x0, p->x1);

			if (++cnt[c] > p->height)
				p->height = cnt[c];
		}
	}
}

/* set k's runs, stacked upwards in their buckets */
static void plot_points(struct plot *p, const struct br_atest *rt, size_t k)
{
	const struct br_sample *s = &rt->cells[p->set[k]].entry->sample;
	size_t cnt[PLOT_W] = {0}, q;

	for (q = 0; q < s->n_runs; q++) {
		long c = column(s->runs[q].value, p->x0, p->x1);

		p->data[cnt[c]++ * PLOT_W + (size_t)c] |=
			(unsigned char)(k + 1);
	}
}

/* set k's bar |___A___|, on the first bar line with room for it */
static void plot_bar(struct plot *p, const struct br_atest *rt, size_t k)
{
	const struct br_summary *su = &rt->cells[p->set[k]].sum;
	long lo, hi, a, md, c;
	size_t b;

	a = column(su->mean, p->x0, p->x1);
	md = column(su->median, p->x0, p->x1);
	lo = isnan(su->sd) ? a : column(su->mean - su->sd, p->x0, p->x1);
	hi = isnan(su->sd) ? a : column(su->mean + su->sd, p->x0, p->x1);
	for (b = 0; b < p->n_bars; b++) {
		for (c = lo; c <= hi && p->bars[b][c] == ' '; c++)
			;
		if (c > hi)
			break;
	}
	if (b == p->n_bars) {
		memset(p->bars[b], ' ', PLOT_W);
		p->bars[b][PLOT_W] = '\0';
		p->n_bars++;
	}
	for (c = lo; c <= hi; c++)
		p->bars[b][c] = '_';
	p->bars[b][lo] = '|';
	p->bars[b][hi] = '|';
	p->bars[b][md] = 'M';
	p->bars[b][a] = 'A';
}

/* +----+ */
static void plot_rule(FILE *fp)
{
	size_t j;

	fputc('+', fp);
	for (j = 0; j < PLOT_W; j++)
		fputc('-', fp);
	fputs("+\n", fp);
}

/* the frame, the stacked points from the top, and the bar lines */
static void plot_draw(FILE *fp, const struct plot *p)
{
	size_t j, k;

	plot_rule(fp);
	for (k = p->height; k-- > 0;) {
		fputc('|', fp);
		for (j = 0; j < PLOT_W; j++)
			fputc(symbol[p->data[k * PLOT_W + j] & 7], fp);
		fputs("|\n", fp);
	}
	for (k = 0; k < p->n_bars; k++)
		fprintf(fp, "|%s|\n", p->bars[k]);
	plot_rule(fp);
}

/*
 * ministat's plot (FreeBSD usr.bin/ministat): one column per bucket of
 * (max - min) / (PLOT_W - 1), points stacked upwards, sets as x + * % #
 * @ O (colliding sets OR their numbers, as ministat does), then one bar
 * per set: |___A___| spans mean -/+ 1 sd, A the mean, M the median;
 * bars share a line when they do not overlap.  Needs raw runs.
 */
char *br_report_text_plot(const struct br_report *r, size_t i)
{
	const struct br_atest *rt = &r->a->tests[i];
	struct plot p = {.n_sets = 0};
	const char *instead;
	struct br_tmem m;
	size_t k;

	if (!rt->scalar)
		return strdup("");
	instead = plot_sets(&p, r, rt);
	if (instead)
		return strdup(instead);
	plot_span(&p, rt);
	if (!br_tmem_open(&m))
		return NULL;
	plot_legend(&m, r, &p);
	if (!(p.x1 > p.x0)) {
		fputs("   [no plot, span is zero width]\n", m.fp);
		return br_tmem_finish(&m);
	}
	plot_height(&p, rt);
	p.data = calloc(p.height * PLOT_W, 1);
	p.bars = calloc(p.n_sets, sizeof *p.bars);
	if (!p.data || !p.bars) {
		free(p.data);
		free(p.bars);
		m.nomem = true;
		return br_tmem_finish(&m);
	}
	for (k = 0; k < p.n_sets; k++) {
		plot_points(&p, rt, k);
		plot_bar(&p, rt, k);
	}
	plot_draw(m.fp, &p);
	free(p.data);
	free(p.bars);
	return br_tmem_finish(&m);
}
