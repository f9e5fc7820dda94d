/*
 * report_values.c - a built report as template values (doc/templates.md)
 * and the write step.  Only formatting happens here: numbers at PTS
 * display precision, charts painted as inline SVG, text blocks from
 * report_text.c.
 */
#include <ctype.h>
#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../paint/render.h"
#include "../table/table.h"
#include "report.h"
#include "../text/escape.h"
#include "../text/words.h"
#include "../../analysis/numfmt.h"
#include "../../analysis/parallel.h"
#include "../../analysis/scaling.h"
#include "../../analysis/sentence.h"
#include "../../analysis/runnote.h"

/* A string that may contain BR_NBSP markers, with plain spaces. */
static char *plain(char *s)
{
	char *p;

	for (p = s; *p; p++)
		if (*p == BR_NBSP[0])
			*p = ' ';
	return s;
}

static char *dupf(const char *fmt, ...)
	__attribute__((format(printf, 1, 2)));

static char *dupf(const char *fmt, ...)
{
	va_list ap;
	char *s;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	if (n < 0 || !(s = malloc((size_t)n + 1)))
		return NULL;
	va_start(ap, fmt);
	vsnprintf(s, (size_t)n + 1, fmt, ap);
	va_end(ap);
	return s;
}

/* A text block: made only when the template uses it. */
#define SET_TEXT(d, o, key, expr)                                        \
	do {                                                             \
		if (br_tdoc_wants(d, key))                               \
			br_tset_owned(d, o, key, expr);                  \
	} while (0)

/* A sort key (data-v): the shortest digits that read back as v, "-0"
 * kept (a negated mean of 0). */
/* A system's runs are listed in its test's spread table as they are
 * up to this many; more fold behind "N runs" (doc/templates.md). */
#define BR_RUNS_UNFOLDED 10

static const char *sort_key(double v, char *buf, size_t size)
{
	if (v == 0 && signbit(v)) {
		snprintf(buf, size, "-0");
		return buf;
	}
	return br_num_roundtrip(v, buf, size);
}

/* ------------------------------------------------------------- systems */

/* The j-th system's swatch: its colour in the charts as "#rrggbb", its
 * marker as a character and its class (doc/templates.md). */
static void set_style(struct br_tdoc *d, struct br_tnode *it,
		      const struct br_report *r, size_t j)
{
	static const char *const glyphs[BR_N_MARKERS] = {
		/* U+25CF circle, U+25A0 square, U+25B2 triangle, U+25C6
		 * diamond, U+25BC triangle down: as br_marker */
		"\xe2\x97\x8f", "\xe2\x96\xa0", "\xe2\x96\xb2",
		"\xe2\x97\x86", "\xe2\x96\xbc",
	};
	const struct br_style *st = &r->styles[j];

	br_tsetf(d, it, "color", "#%06x", (unsigned)st->color & 0xffffffu);
	br_tset(d, it, "marker", glyphs[st->marker]);
	/* a class for the colour: the page says it once, not on every
	 * row of every test */
	br_tsetf(d, it, "swatch", "s%zu", j + 1);
}

/* Component key of the report's j-th system, or "". */
static const char *component(const struct br_report *r, size_t j,
			     const char *key)
{
	return br_system_component(br_analysis_sys(r->a, j), key);
}

/* Component rows: keys in order of first appearance, hardware first;
 * equal non-empty neighbouring cells merged (cells[].span). */
static void system_rows(struct br_tdoc *d, struct br_tnode *root,
			const struct br_report *r)
{
	struct br_tnode *rows = br_tset_list(d, root, "system_rows");
	const char **keys;
	size_t n, i, j, k;

	n = br_rs_component_keys(r->a->sel->rs, r->a->sel->systems,
				 r->a->sel->n_systems, &keys);
	if (n == (size_t)-1) {
		br_tset_bool(d, root, "has_system_rows", false);
		return;
	}
	for (i = 0; i < n; i++) {
		struct br_tnode *row = br_tlist_add(d, rows);
		struct br_tnode *cells = br_tset_list(d, row, "cells");
		struct br_tnode *values = br_tset_list(d, row, "values");

		br_tset(d, row, "key", keys[i]);
		for (j = 0; j < r->a->sel->n_systems; j = k) {
			const char *v = component(r, j, keys[i]);
			struct br_tnode *c = br_tlist_add(d, cells);

			for (k = j + 1; k < r->a->sel->n_systems && *v &&
			     !strcmp(v, component(r, k, keys[i])); k++)
				;
			br_tset(d, c, "value", v);
			br_tsetf(d, c, "span", "%zu", k - j);
			br_report_paper_span(d, c, r, j, k);
		}
		for (j = 0; j < r->a->sel->n_systems; j++)
			br_tset(d, br_tlist_add(d, values), "value",
				component(r, j, keys[i]));
	}
	br_tset_bool(d, root, "has_system_rows", n > 0);
	free(keys);
}

/* One system note: "Security: KPTI" from the notes, or a detail PTS
 * prints from System/JSON. */
struct note {
	size_t sys;
	const char *key;        /* "" for a note without one */
	size_t kl;
	const char *val;
	size_t vl;
};

/* Every selected system's notes, then its details, in order; NULL (and
 * *n 0) when there are none or on ENOMEM. */
static struct note *all_notes(const struct br_report *r, size_t *n)
{
	struct note *v = NULL, *nv;
	size_t cap = 0, j, i;

	*n = 0;
	for (j = 0; j < r->a->sel->n_systems; j++) {
		const struct br_system *sy = br_analysis_sys(r->a, j);
		const char *p = sy->notes;

		for (i = 0; (p && *p) || i < sy->n_details; ) {
			struct note x = {j, "", 0, NULL, 0};

			if (p && *p) {
				const char *nl = strchr(p, '\n');
				size_t len = nl ? (size_t)(nl - p) : strlen(p);
				const char *colon = memchr(p, ':', len);
				size_t kl = colon ? (size_t)(colon - p) : 0;

				x.val = p;
				if (colon && kl > 0 && kl <= 40) {
					x.key = p;
					x.kl = kl;
					x.val = colon + 1;
					while (x.val < p + len && *x.val == ' ')
						x.val++;
				}
				x.vl = (size_t)(p + len - x.val);
				p = nl ? nl + 1 : NULL;
				if (!len)
					continue;
			} else {
				x.key = sy->details[i].key;
				x.kl = strlen(x.key);
				x.val = sy->details[i].value;
				x.vl = strlen(x.val);
				i++;
			}
			if (*n == cap) {
				cap = cap ? 2 * cap : 16;
				nv = realloc(v, cap * sizeof *v);
				if (!nv) {
					free(v);
					*n = 0;
					return NULL;
				}
				v = nv;
			}
			v[(*n)++] = x;
		}
	}
	return v;
}

/* Whether the notes with v[i]'s key are one per selected system (two
 * or more), all with v[i]'s value. */
static bool same_for_all(const struct br_report *r, const struct note *v,
			 size_t n, size_t i)
{
	size_t k, count = 0;

	for (k = i; k < n; k++) {
		if (v[k].kl != v[i].kl || strncmp(v[k].key, v[i].key, v[i].kl))
			continue;
		if (v[k].vl != v[i].vl || memcmp(v[k].val, v[i].val, v[i].vl))
			return false;
		count++;
	}
	return count >= 2 && count == r->a->sel->n_systems;
}

/* System notes ("Security: KPTI" lines) and the notes PTS prints from
 * System/JSON, grouped by their key, as the OpenBenchmarking page's
 * "Security Details" blocks. */
static void system_notes(struct br_tdoc *d, struct br_tnode *root,
			 const struct br_report *r)
{
	struct br_tnode *groups = br_tset_list(d, root, "system_notes");
	size_t n, i, k;
	struct note *v = all_notes(r, &n);

	for (i = 0; i < n; i++) {
		struct br_tnode *grp, *items;
		char *key;
		bool seen = false;

		for (k = 0; k < i && !seen; k++)
			seen = v[k].kl == v[i].kl && !strncmp(v[k].key,
							       v[i].key, v[i].kl);
		if (seen)
			continue;
		grp = br_tlist_add(d, groups);
		items = br_tset_list(d, grp, "items");
		key = strndup(v[i].key, v[i].kl);
		br_tset(d, grp, "key", v[i].kl ? key : "Notes");
		free(key);
		/* the same for every system (a compiler's configuration,
		 * often): once, without a name */
		if (same_for_all(r, v, n, i)) {
			struct br_tnode *it = br_tlist_add(d, items);
			char *val = strndup(v[i].val, v[i].vl);

			br_tset(d, it, "system", "");
			br_tset(d, it, "value", val ? val : "");
			free(val);
			continue;
		}
		for (k = i; k < n; k++) {
			struct br_tnode *it;
			char *val;

			if (v[k].kl != v[i].kl || strncmp(v[k].key, v[i].key,
							  v[i].kl))
				continue;
			it = br_tlist_add(d, items);
			val = strndup(v[k].val, v[k].vl);
			br_tset(d, it, "system", br_analysis_system(r->a,
								    v[k].sys));
			br_tset(d, it, "value", val ? val : "");
			free(val);
		}
	}
	br_tset_bool(d, root, "has_system_notes", n > 0);
	free(v);
}

/* ------------------------------------------------------------ numbers */

static const char *fmt_pct(char *buf, size_t size, double v)
{
	if (isnan(v))
		snprintf(buf, size, "%s", "");
	else
		snprintf(buf, size, "%.*f%%", v < 10 ? 2 : 1, v);
	return buf;
}

static const char *fmt_x(char *buf, size_t size, double v)
{
	if (isnan(v))
		snprintf(buf, size, "%s", "");
	else
		br_fmt_x(buf, size, v, 3);
	return buf;
}

/* A geometric-mean row's other numbers: the tests left out, the
 * across-tests interval, the overall rank range and firsts (compare's
 * "Overall ranking"). */
static void geomean_more(struct br_tdoc *d, struct br_tnode *it,
			 const struct br_report *r, size_t j)
{
	const struct br_ageo *g = &r->a->geo[j];
	const struct br_overall *o = &r->a->overall;
	char lo[32], hi[32], buf[160];
	bool base = j == r->a->base;

	br_tsetf(d, it, "skipped", "%zu", base ? (size_t)0 : g->skipped);
	if (base || isnan(g->g.across_low) || isnan(g->g.across_high))
		br_tset(d, it, "across", "");
	else
		br_tsetf(d, it, "across", "%s to %s", fmt_x(lo, sizeof lo,
			 g->g.across_low), fmt_x(hi, sizeof hi,
			 g->g.across_high));
	if (o->ok && o->rank_low[j]) {
		br_tset(d, it, "rank", br_fmt_rank(buf, sizeof buf,
			o->rank_low[j], o->rank_high[j]));
		br_tsetf(d, it, "rank_sort", "%d", o->rank_low[j]);
		char *why = br_overall_why_below(r->a, j);

		br_overall_firsts(r->a, j, buf, sizeof buf);
		if (why && *why)
			br_tsetf(d, it, "firsts", "%s%s%s", buf[0] ? buf + 2 :
				 "", buf[0] ? "; " : "", plain(why));
		else
			br_tset(d, it, "firsts", buf[0] ? buf + 2 : "");
		free(why);
	} else {
		br_tset(d, it, "rank", "");
		br_tset(d, it, "rank_sort", "");
		br_tset(d, it, "firsts", "");
	}
}

/* Why a geometric mean has no interval, naming the tests (analysis'
 * sentence, as every format says it); empty for the baseline. */
static void geomean_no_ci(struct br_tdoc *d, struct br_tnode *it,
			  const struct br_report *r, size_t j)
{
	char *why = j == r->a->base ? NULL : br_geo_no_ci_why(r->a, j);

	if (why)
		br_tset_owned(d, it, "no_ci", why);
	else
		br_tset(d, it, "no_ci", "");
}

static void geomean(struct br_tdoc *d, struct br_tnode *root,
		    const struct br_report *r)
{
	struct br_tnode *list = br_tset_list(d, root, "geomean");
	const struct br_ageo *most;
	double top = 1;
	size_t j, k = r->a->geo_k;
	bool any = false;
	char note[96];

	for (j = 0; r->a->geo && j < r->a->sel->n_systems; j++)
		if (r->a->geo[j].ok) {
			any = true;
			if (r->a->geo[j].g.gm > top)
				top = r->a->geo[j].g.gm;
			if (!isnan(r->a->geo[j].g.meas_high) &&
			    r->a->geo[j].g.meas_high > top)
				top = r->a->geo[j].g.meas_high;
		}
	/* room past the largest bar or interval: an interval ending at
	 * the track's end reads as cut off */
	top *= 1.05;
	for (j = 0; any && j < r->a->sel->n_systems; j++) {
		const struct br_ageo *g = &r->a->geo[j];
		struct br_tnode *it;
		char buf[64], lo[32], hi[32];
		double v = j == r->a->base ? 1 : g->ok ? g->g.gm : NAN;

		if (j != r->a->base && !g->ok)
			continue;
		it = br_tlist_add(d, list);
		br_tset(d, it, "system", br_analysis_system(r->a, j));
		br_tset_bool(d, it, "is_baseline", j == r->a->base);
		set_style(d, it, r, j);
		br_tset(d, it, "value", fmt_x(buf, sizeof buf, v));
		br_tsetf(d, it, "width", "%.1f", 100 * v / top);
		if (j == r->a->base)
			br_tsetf(d, it, "tests", "%zu", k);
		else
			br_tset(d, it, "tests", br_geo_tests(g, buf,
							     sizeof buf));
		if (j == r->a->base || isnan(g->g.meas_low)) {
			br_tset(d, it, "ci", "");
			br_tset(d, it, "ci_low_width", "");
			br_tset(d, it, "ci_high_width", "");
			br_tset(d, it, "ci_span_width", "");
			geomean_no_ci(d, it, r, j);
		} else {
			char over[192], single[128];

			br_tset(d, it, "no_ci", "");
			br_tsetf(d, it, "ci", "%s to %s (%s%s%s)", fmt_x(lo,
				 sizeof lo, g->g.meas_low), fmt_x(hi, sizeof hi,
				 g->g.meas_high), br_geo_over(g, over,
				 sizeof over), g->g.exact && g->g.k_runs ?
				 "; " : "", br_geo_with_single(g, single,
				 sizeof single));
			br_tsetf(d, it, "ci_low_width", "%.1f",
				 100 * g->g.meas_low / top);
			br_tsetf(d, it, "ci_high_width", "%.1f",
				 100 * g->g.meas_high / top);
			br_tsetf(d, it, "ci_span_width", "%.1f",
				 100 * (g->g.meas_high - g->g.meas_low) / top);
		}
		br_tset(d, it, "class", j == r->a->base ? "base" :
			g->verdict == BR_VERDICT_BETTER ? "better" :
			g->verdict == BR_VERDICT_WORSE ? "worse" : "same");
		geomean_more(d, it, r, j);
	}
	br_tset_bool(d, root, "has_geomean", any);
	br_tsetf(d, root, "geomean_tests", "%zu", k);
	/* the sub-metrics left out (doc/statistics.md, "Primary
	 * metrics"): the most any candidate's mean leaves out */
	for (j = 0, most = NULL; any && j < r->a->sel->n_systems; j++)
		if (j != r->a->base && (!most || r->a->geo[j].sub_metrics >
					most->sub_metrics))
			most = &r->a->geo[j];
	br_tset(d, root, "geomean_sub_note", most ?
		br_geo_sub_note(most, note, sizeof note) : "");
	br_tset_bool(d, root, "has_overall", any && r->a->overall.ok);
	br_tset(d, root, "overall_why", r->a->overall.why);
}

/* Chart text is never drawn smaller than this many CSS pixels: a narrow
 * page scrolls the chart sideways rather than shrink it (doc/templates.md). */
#define MIN_TEXT_PX 10.0

/* svg (starting "<svg") with a style that keeps the scene's smallest
 * text at MIN_TEXT_PX or more however narrow the page. */
static char *min_width(char *svg, const struct br_scene *sc, bool *nomem)
{
	double least = 0, w;
	size_t k;
	char *out;

	for (k = 0; k < sc->n_prims; k++)
		if (sc->prims[k].kind == BR_PRIM_TEXT && sc->prims[k].size > 0 &&
		    (least == 0 || sc->prims[k].size < least))
			least = sc->prims[k].size;
	w = least > 0 && least < MIN_TEXT_PX ? ceil(sc->width * MIN_TEXT_PX /
						    least) : 0;
	if (w <= 0)
		return svg;
	{   /* the style, then the rest of svg as it is (no printf of it) */
		char head[64];
		int hn = snprintf(head, sizeof head,
				  "<svg style=\"min-width:%.0fpx\"", w);
		size_t rest = strlen(svg + 4);

		out = hn > 0 ? malloc((size_t)hn + rest + 1) : NULL;
		if (out) {
			memcpy(out, head, (size_t)hn);
			memcpy(out + hn, svg + 4, rest + 1);
		}
	}
	free(svg);
	if (!out)
		*nomem = true;
	return out;
}

/* The chart as inline SVG: br_render_svg without the XML declaration;
 * classes: its styles as the classes of the page's chart_css. */
static char *chart_svg(const struct br_scene *sc, bool classes, bool *nomem)
{
	struct br_paint_opts po;
	struct br_error err;
	char *buf = NULL, *svg;
	size_t len = 0;
	FILE *fp = open_memstream(&buf, &len);

	if (!fp) {
		*nomem = true;
		return NULL;
	}
	br_paint_opts_defaults(&po);
	po.svg_classes = classes;
	br_error_clear(&err);
	br_render_svg(fp, sc, &po, &err);
	if (fclose(fp) != 0 || err.code != BR_OK) {
		free(buf);
		*nomem = true;
		return NULL;
	}
	svg = strstr(buf, "<svg");
	if (svg && svg != buf)
		memmove(buf, svg, strlen(svg) + 1);
	return svg ? min_width(buf, sc, nomem) : buf;
}

static const char *verdict_class(enum br_verdict v)
{
	switch (v) {
	case BR_VERDICT_BETTER: return "better";
	case BR_VERDICT_WORSE: return "worse";
	case BR_VERDICT_EQUIVALENT: return "same";
	default: return "none";
	}
}

/* Decimals a run is written with: those of the sample's resolution
 * (10^-d, the most decimals among its runs), else -1 (unknown). */
static int run_decimals(const struct br_sample *sm)
{
	double d;

	if (!(sm->resolution > 0) || sm->resolution > 1)
		return sm->resolution == 1 ? 0 : -1;
	d = -log10(sm->resolution);
	if (fabs(d - round(d)) > 1e-6 || d > 15)
		return -1;
	return (int)round(d);
}

/*
 * A row's spread, as OpenBenchmarking.org shows it (doc/templates.md):
 * min and max of the runs at the values' precision, SD at the SEs', CV
 * in percent, and the runs themselves in input order, as written.
 */
static void row_spread(struct br_tdoc *d, struct br_tnode *row,
		       const struct br_atest *rt, const struct br_cell *c)
{
	const struct br_summary *s = &c->sum;
	const struct br_sample *sm = c->entry ? &c->entry->sample : NULL;
	struct br_tnode *runs;
	char buf[64];
	size_t k;
	int dec;

	br_tset(d, row, "min", s->n >= 2 && !isnan(s->min) ? br_fmt_fixed(
		buf, sizeof buf, s->min, rt->decimals) : "");
	br_tset(d, row, "max", s->n >= 2 && !isnan(s->max) ? br_fmt_fixed(
		buf, sizeof buf, s->max, rt->decimals) : "");
	br_tset(d, row, "sd", s->n >= 2 && !isnan(s->sd) ? br_fmt_fixed(
		buf, sizeof buf, s->sd, rt->se_decimals) : "");
	if (s->n >= 2 && !isnan(s->cv_pct))
		br_tsetf(d, row, "cv", "%s%%", br_fmt_fixed(buf, sizeof buf,
			 s->cv_pct, 1));
	else
		br_tset(d, row, "cv", "");
	runs = br_tset_list(d, row, "runs");
	dec = sm ? run_decimals(sm) : -1;
	for (k = 0; runs && sm && c->kind == BR_CELL_VALUE &&
	     k < sm->n_runs; k++) {
		struct br_tnode *ru = br_tlist_add(d, runs);

		if (dec >= 0)
			br_tset(d, ru, "value", br_fmt_fixed(buf, sizeof buf,
				sm->runs[k].value, dec));
		else
			br_tsetf(d, ru, "value", "%.15g", sm->runs[k].value);
		br_tsetf(d, ru, "number", "%zu", k + 1);
	}
	br_tset_bool(d, row, "has_runs", sm && c->kind == BR_CELL_VALUE &&
		     sm->n_runs > 0);
	br_tsetf(d, row, "n_runs", "%zu", sm && c->kind == BR_CELL_VALUE ?
		 sm->n_runs : (size_t)0);
	/* a few runs are listed as they are; more fold behind a count */
	br_tset_bool(d, row, "fold_runs", sm && c->kind == BR_CELL_VALUE &&
		     sm->n_runs > BR_RUNS_UNFOLDED);
}

static void test_rows(struct br_tdoc *d, struct br_tnode *it,
		      const struct br_report *r, size_t i)
{
	const struct br_atest *rt = &r->a->tests[i];
	struct br_tnode *rows = br_tset_list(d, it, "rows");
	size_t j;
	bool spread = false, minmax = false, runs = false;

	for (j = 0; j < r->a->sel->n_systems; j++) {
		const struct br_cell *c = &rt->cells[j];
		const struct br_summary *s = &c->sum;
		double vs = br_analysis_vs_base(r->a, i, j);
		struct br_tnode *row;
		char buf[64], note[320];

		if (!c->entry)
			continue;
		row = br_tlist_add(d, rows);
		br_tset(d, row, "system", br_analysis_system(r->a, j));
		br_tset_bool(d, row, "is_baseline", j == r->a->base);
		set_style(d, row, r, j);
		br_tset(d, row, "class", c->best ? "best" : c->worst ? "worst"
			: "");
		br_tset_bool(d, row, "best", c->best);
		br_tset_bool(d, row, "worst", c->worst);
		if (!s->n) {
			const char *why = c->why ? c->why : "no value";

			br_tset(d, row, "n", "");
			br_tset(d, row, "mean", "");
			br_tset(d, row, "se", "");
			br_tset(d, row, "ci_low", "");
			br_tset(d, row, "ci_high", "");
			br_tset(d, row, "rank", "");
			br_tset(d, row, "vs_baseline", "");
			br_tset(d, row, "note", why);
			br_tset(d, row, "sort", "");
			row_spread(d, row, rt, c);
			continue;
		}
		br_tsetf(d, row, "n", "%zu", s->n);
		br_tset(d, row, "mean", br_cell_shown(c, rt->decimals, buf,
						      sizeof buf));
		/* the shortest digits that sort as the mean itself */
		br_tset(d, row, "sort", sort_key(s->mean, buf,
							 sizeof buf));
		br_tset(d, row, "se", isnan(s->se) ? "" : br_fmt_fixed(buf,
			sizeof buf, s->se, rt->se_decimals));
		br_tset(d, row, "ci_low", isnan(s->ci_low) ? "" : br_fmt_fixed(
			buf, sizeof buf, s->ci_low, rt->se_decimals));
		br_tset(d, row, "ci_high", isnan(s->ci_high) ? "" :
			br_fmt_fixed(buf, sizeof buf, s->ci_high,
				     rt->se_decimals));
		br_tset(d, row, "rank", br_fmt_rank(buf, sizeof buf,
			c->rank_low, c->rank_high));
		if (j == r->a->base)
			br_tset(d, row, "vs_baseline", "baseline");
		else if (isnan(vs))
			br_tset(d, row, "vs_baseline", "");
		else
			br_tset(d, row, "vs_baseline", fmt_x(buf, sizeof buf,
								 vs));
		br_tset(d, row, "note", br_run_note(c, rt->decimals,
						    rt->t->unit_shift, note,
						    sizeof note));
		row_spread(d, row, rt, c);
		spread |= s->n >= 2 && !isnan(s->sd);
		minmax |= s->n >= 2 && !isnan(s->min);
		runs |= c->kind == BR_CELL_VALUE && c->entry->sample.n_runs;
	}
	br_tset_bool(d, it, "has_spread", spread);
	/* published summaries only: no min, max or runs columns of empty
	 * cells (the text report leaves them out too) */
	br_tset_bool(d, it, "has_minmax", minmax);
	br_tset_bool(d, it, "any_runs", runs);
}

/* ------------------------------------------------------------ anchors */

/* A test's anchor: one per test of the result set, whatever the
 * selection, so that a link made from one report works in another. */
struct anchor {
	const struct br_test *t;
	char *id;
};

static int anchor_by_id(const void *a, const void *b)
{
	return strcmp(((const struct anchor *)a)->id,
		      ((const struct anchor *)b)->id);
}

static int anchor_by_test(const void *a, const void *b)
{
	uintptr_t x = (uintptr_t)((const struct anchor *)a)->t;
	uintptr_t y = (uintptr_t)((const struct anchor *)b)->t;

	return x < y ? -1 : x > y;
}

/* FNV-1a, 32 bits: a short stable tag for a comparison key. */
static uint32_t key_hash(const char *s)
{
	uint32_t h = 2166136261u;

	for (; *s; s++)
		h = (h ^ (unsigned char)*s) * 16777619u;
	return h;
}

/*
 * Every test of the result set gets "test-" and the slug of its title
 * and description ("test-fftw-float-sse-2d-fft-size-4096").  Tests that
 * share a slug (the same test at two versions, say) add a hash of their
 * comparison key (br_test_key), and anchors still equal after that the
 * test's position in the input.  Sorted by test for lookups; NULL when
 * out of memory.
 */
static struct anchor *make_anchors(struct br_tdoc *d,
				   const struct br_resultset *rs)
{
	struct anchor *an = br_tdoc_alloc(d, (rs->n_tests + 1) * sizeof *an);
	char buf[128];
	size_t i, k, pass;

	if (!an)
		return NULL;
	for (i = 0; i < rs->n_tests; i++) {
		br_chart_slug(buf, sizeof buf, rs->tests[i]->title,
			      rs->tests[i]->description);
		an[i].t = rs->tests[i];
		if (!br_tdoc_own(d, an[i].id = dupf("test-%s",
								buf)))
			return NULL;
	}
	/* pass 0: key hashes on shared slugs; pass 1: positions */
	for (pass = 0; pass < 2; pass++) {
		qsort(an, rs->n_tests, sizeof *an, anchor_by_id);
		for (i = 0; i < rs->n_tests; i = k) {
			bool shared;

			for (k = i + 1; k < rs->n_tests &&
			     !strcmp(an[i].id, an[k].id); k++)
				;
			/* every test of the group: which one sorts first
			 * is not stable */
			for (shared = k - i > 1; shared && i < k; i++) {
				char *key = pass ? NULL : br_test_key(an[i].t);
				char *id;
				size_t at;

				for (at = 0; pass && at < rs->n_tests &&
				     rs->tests[at] != an[i].t; at++)
					;
				id = pass ? dupf("%s-%zu",
							     an[i].id, at + 1)
				     : key ? dupf("%s-%08x",
					     an[i].id, (unsigned)key_hash(key))
				     : NULL;
				free(key);
				if (!br_tdoc_own(d, an[i].id = id))
					return NULL;
			}
		}
	}
	qsort(an, rs->n_tests, sizeof *an, anchor_by_test);
	return an;
}

static const char *anchor_of(const struct anchor *an, size_t n,
			     const struct br_test *t)
{
	struct anchor want = {t, NULL};
	const struct anchor *a = an ? bsearch(&want, an, n, sizeof *an,
					      anchor_by_test) : NULL;

	return a ? a->id : "test";
}

/* What the lazy lists' fill functions need; lives in the document. */
struct fill_ctx {
	const struct br_report *r;
	enum br_report_fmt fmt;
	struct anchor *anchors;      /* by test; NULL when not wanted */
	size_t *scalar;              /* overview rows: scalar test indexes */
	char **text, **plot;         /* text: every test's blocks, made in
				      * parallel beforehand; or NULL */
};

/* The chart of job j as inline SVG; NULL with err set on failure.  Its
 * styles are classes when the template has their style sheet
 * (chart_css). */
static char *job_svg(const struct br_tdoc *d, const struct br_report *r,
		     const struct br_chart_job *j, struct br_error *err)
{
	struct br_scene **sc = NULL;
	struct br_error cerr;
	bool nomem = false;
	size_t n = 0, k;
	char *svg = NULL;
	int rc;

	br_error_clear(&cerr);
	rc = br_chart_build(r->a, j, r->o.chart, 0, &sc, &n, &cerr);
	if (rc != BR_OK) {
		br_error_set(err, cerr.code, NULL, 0, "%s", cerr.msg);
		return NULL;
	}
	svg = chart_svg(sc[0], br_tdoc_wants(d, "chart_css"), &nomem);
	for (k = 0; k < n; k++)
		br_scene_free(sc[k]);
	free(sc);
	if (nomem)
		br_error_set(err, BR_EIO, NULL, 0, "out of memory");
	return svg;
}

/* The chart of test i as inline SVG (HTML only): laid out, painted and
 * freed here, one test at a time.  "" when the plan gives it none. */
static int test_chart(struct br_tdoc *d, struct br_tnode *it,
		      const struct br_report *r, size_t i,
		      struct br_error *err)
{
	const struct br_chart_job *j = r->o.plan ?
		br_chart_plan_test(r->o.plan, i) : NULL;
	char *svg;

	if (!r->o.chart || !j) {
		br_tset(d, it, "chart_svg", "");
		return BR_OK;
	}
	svg = job_svg(d, r, j, err);
	if (!svg)
		return err->code;
	br_tset_owned(d, it, "chart_svg", svg);
	return BR_OK;
}

/*
 * The plan's charts of the whole selection as inline SVG items ("svg")
 * of list, in its order: those of a row with parts (the scaling charts)
 * when parts, else those that stand in for tests (a table's grouped
 * chart; not the extras).  *n: how many.  BR_OK or err's code.
 */
static int plan_svgs(struct br_tdoc *d, struct br_tnode *list,
		     const struct br_report *r, bool parts, size_t *n,
		     struct br_error *err)
{
	size_t k;

	*n = 0;
	for (k = 0; list && r->o.chart && r->o.plan &&
	     k < r->o.plan->n_jobs; k++) {
		const struct br_chart_job *j = &r->o.plan->jobs[k];
		char *svg;

		if (parts ? !j->type->parts : j->test != SIZE_MAX ||
		    j->extra || j->type->parts)
			continue;
		svg = job_svg(d, r, j, err);
		if (!svg)
			return err->code;
		br_tset_owned(d, br_tlist_add(d, list), "svg", svg);
		++*n;
	}
	return BR_OK;
}

/* The plan's charts of the whole selection that stand in for tests (a
 * table's grouped chart), as inline SVG; not its extras. */
static int whole_charts(struct br_tdoc *d, struct br_tnode *root,
			const struct br_report *r, struct br_error *err)
{
	size_t n;

	return plan_svgs(d, br_tset_list(d, root, "charts"), r, false, &n,
			 err);
}

/* Whether system j's series in test i has an SE at some point: single
 * runs only get no SE column of empty cells (issue 22). */
static bool series_se(const struct br_report *r, size_t i, size_t j,
		      size_t np)
{
	struct br_point_text pt;
	size_t k;

	for (k = 0; k < np; k++) {
		br_report_point(r, i, j, k, &pt);
		if (*pt.se && strcmp(pt.se, "-"))
			return true;
	}
	return false;
}

/* ... of some system with a series in test i. */
static bool series_any_se(const struct br_report *r, size_t i)
{
	size_t np = br_report_series_points(r, i), j;

	for (j = 0; j < r->a->sel->n_systems; j++)
		if (br_report_series_has(r, i, j) && series_se(r, i, j, np))
			return true;
	return false;
}

/*
 * A series result's table (br_report_point): has_series, x_label, the
 * systems with a series (series_systems: series_name) and a row per
 * point (points: x, point_cells: point_mean, point_se, point_n; empty
 * where the text report writes "-").
 */
static void series_values(struct br_tdoc *d, struct br_tnode *it,
			  const struct br_report *r, size_t i)
{
	size_t np = br_report_series_points(r, i), j, k;
	struct br_tnode *sys, *points;

	br_tset_bool(d, it, "has_series", np > 0);
	br_tset(d, it, "x_label", br_report_series_x_label(r->a->tests[i].t));
	sys = br_tset_list(d, it, "series_systems");
	points = br_tset_list(d, it, "points");
	for (j = 0; sys && j < r->a->sel->n_systems; j++)
		if (br_report_series_has(r, i, j)) {
			struct br_tnode *sn = br_tlist_add(d, sys);

			br_tset(d, sn, "series_name",
				br_analysis_system(r->a, j));
			br_tset_bool(d, sn, "series_se",
				     series_se(r, i, j, np));
		}
	for (k = 0; points && k < np; k++) {
		struct br_tnode *row = br_tlist_add(d, points), *cells;
		struct br_point_text pt;

		br_report_point(r, i, 0, k, &pt);   /* x: any system's */
		br_tset(d, row, "x", pt.x);
		cells = br_tset_list(d, row, "point_cells");
		for (j = 0; cells && j < r->a->sel->n_systems; j++) {
			struct br_tnode *c;

			if (!br_report_series_has(r, i, j))
				continue;
			br_report_point(r, i, j, k, &pt);
			c = br_tlist_add(d, cells);
			/* empty, not "-", as in the tables of scalar tests */
			br_tset(d, c, "point_mean", strcmp(pt.mean, "-") ?
				pt.mean : "");
			br_tset(d, c, "point_se", strcmp(pt.se, "-") ? pt.se
				: "");
			br_tset(d, c, "point_n", pt.n);
			br_tset_bool(d, c, "series_se",
				     series_se(r, i, j, np));
		}
	}
}

/* The cells of one row of a scaling table: family point k of f, one
 * per selected system (mean and interval as the test's own rows). */
static void scaling_row(struct br_tdoc *d, struct br_tnode *row,
			const struct br_report *r, const struct br_family *f,
			size_t k, const char *const *anchors)
{
	const struct br_atest *at = &r->a->tests[f->tests[k]];
	struct br_tnode *cells = br_tset_list(d, row, "cells");
	char buf[64];
	size_t j;

	br_tset(d, row, "x", br_fmt_value(buf, sizeof buf, f->x[k],
					  f->x_decimals));
	br_tset(d, row, "anchor", anchors ? anchors[f->tests[k]] : NULL);
	for (j = 0; cells && j < r->a->sel->n_systems; j++) {
		const struct br_cell *c = &at->cells[j];
		struct br_tnode *it = br_tlist_add(d, cells);
		bool ci = c->kind == BR_CELL_VALUE && !isnan(c->sum.ci_low) &&
			  !isnan(c->sum.ci_high);

		br_tset(d, it, "system", br_analysis_system(r->a, j));
		br_tset(d, it, "mean", c->kind != BR_CELL_VALUE ? "" :
			br_cell_shown(c, at->decimals, buf, sizeof buf));
		br_tset(d, it, "ci_low", !ci ? "" : br_fmt_fixed(buf,
			sizeof buf, c->sum.ci_low, at->se_decimals));
		br_tset(d, it, "ci_high", !ci ? "" : br_fmt_fixed(buf,
			sizeof buf, c->sum.ci_high, at->se_decimals));
	}
}

/*
 * The scaling families (analysis/scaling.h): in HTML the plan's scaling
 * charts (a row with parts) as inline SVG, in its order; in Markdown a
 * table each, x down the side and a column per system.
 */
static int scaling_list(struct br_tdoc *d, struct br_tnode *root,
			const struct br_report *r, enum br_report_fmt fmt,
			const char *const *anchors, struct br_error *err)
{
	struct br_tnode *list = br_tset_list(d, root, "scaling");
	bool any = false;
	size_t k, p;

	if (fmt == BR_REPORT_HTML) {
		int rc = plan_svgs(d, list, r, true, &k, err);

		if (rc != BR_OK)
			return rc;
		any = k > 0;
	}
	for (k = 0; list && fmt == BR_REPORT_MD && k < r->a->n_families;
	     k++) {
		const struct br_family *f = &r->a->families[k];
		const struct br_test *t = r->a->tests[f->tests[0]].t;
		struct br_tnode *it = br_tlist_add(d, list), *rows;

		br_tset(d, it, "title", t->title);
		br_tset(d, it, "option", f->option);
		br_tset(d, it, "rest", f->rest);
		br_tsetf(d, it, "axis", "%s%s%s%s", f->option, *f->unit ?
			 " (" : "", f->unit, *f->unit ? ")" : "");
		br_tsetf(d, it, "caption", "%s%s%s", t->unit.text,
			 *t->unit.text && *br_dir_phrase(t->dir) ? ", " : "",
			 br_dir_phrase(t->dir));
		rows = br_tset_list(d, it, "rows");
		for (p = 0; rows && p < f->n; p++)
			scaling_row(d, br_tlist_add(d, rows), r, f, p,
				    anchors);
		any = true;
	}
	br_tset_bool(d, root, "has_scaling", any);
	return BR_OK;
}

static int fill_test(void *ctx, struct br_tdoc *d, struct br_tnode *it,
		     size_t i, struct br_error *err)
{
	const struct fill_ctx *fc = ctx;
	const struct br_report *r = fc->r;
	const struct br_atest *rt = &r->a->tests[i];
	const struct br_test *t = rt->t;
	struct br_tnode *verdicts;
	bool any = false;
	size_t j;

	br_tsetf(d, it, "number", "%zu", i + 1);
	br_tset(d, it, "anchor", anchor_of(fc->anchors,
		r->a->sel->rs->n_tests, t));
	if (br_tdoc_wants(d, "name"))
		br_tset_owned(d, it, "name", br_report_test_name(t));
	br_tset(d, it, "title", t->title);
	br_tset(d, it, "version", t->app_version);
	br_tset(d, it, "identifier", t->identifier);
	br_tset(d, it, "description", t->description);
	br_tset(d, it, "unit", t->unit.text);
	br_tset(d, it, "direction", br_dir_phrase(t->dir));
	br_tset(d, it, "sort_order", t->dir == BR_DIR_LIB ? "asc" : "desc");
	br_tsetf(d, it, "caption", "%s%s%s", t->unit.text,
		 *t->unit.text && *br_dir_phrase(t->dir) ? ", " : "",
		 br_dir_phrase(t->dir));
	br_tset(d, it, "annotation", t->annotation);
	br_report_prov_test(d, it, r, i, fc->fmt);
	br_tset_bool(d, it, "scalar", rt->scalar);
	br_tset(d, it, "kind", rt->scalar ? "" :
		br_report_series_points(r, i) ? (series_any_se(r, i) ?
		"Mean, SE and N of each point of the series:" :
		"Mean and N of each point of the series:") :
		t->display == BR_DISPLAY_LINE ?
		"a series (line graph) result without points" :
		"not a numeric result: not summarised");
	series_values(d, it, r, i);
	br_report_md_chart_file(d, it, r, i, fc->fmt);
	if (fc->fmt != BR_REPORT_HTML)
		br_tset(d, it, "chart_svg", "");
	else if (br_tdoc_wants(d, "chart_svg")) {
		int rc = test_chart(d, it, r, i, err);

		if (rc != BR_OK)
			return rc;
	}
	if (br_tdoc_wants(d, "rows"))
		test_rows(d, it, r, i);
	verdicts = br_tset_list(d, it, "verdicts");
	for (j = 0; j < r->a->sel->n_systems; j++) {
		const struct br_cell *c = &rt->cells[j];
		struct br_tnode *v;
		char *text = br_analysis_beyond(r->a, i, j);

		if (!text && !br_report_has_cmp(r, i, j))
			continue;
		any = true;
		if (!verdicts) {
			free(text);
			continue;
		}
		v = br_tlist_add(d, verdicts);
		br_tset(d, v, "system", br_analysis_system(r->a, j));
		br_tset(d, v, "class", text ? "better" :
			verdict_class(c->cmp->verdict));
		if (!text)
			text = br_analysis_sentence(r->a, i, j);
		br_tset_owned(d, v, "text", text ? plain(text) : NULL);
	}
	br_tset_bool(d, it, "has_verdicts", any);
	/* one system: nothing to compare, the row says why it has none */
	if (rt->scalar && !rt->cells[r->a->base].sum.n &&
	    r->a->sel->n_systems > 1) {
		char *why = br_analysis_no_baseline(r->a, i);

		br_tsetf(d, it, "no_comparison", "No comparison: %s.",
			 why ? why : "?");
		free(why);
	} else
		br_tset(d, it, "no_comparison", "");
	if (fc->fmt == BR_REPORT_TEXT) {
		if (fc->text)
			br_tset(d, it, "text", fc->text[i]);
		if (fc->plot)
			br_tset(d, it, "plot", fc->plot[i]);
		else
			br_tset(d, it, "plot", "");
	}
	return BR_OK;
}

/* The text blocks of test i (fill_ctx.text, .plot). */
static int text_of(void *ctx, size_t i)
{
	struct fill_ctx *fc = ctx;

	if (fc->text && !(fc->text[i] = br_report_text_test(fc->r, i)))
		return BR_EIO;
	if (fc->plot && !(fc->plot[i] = br_report_text_plot(fc->r, i)))
		return BR_EIO;
	return BR_OK;
}

/*
 * A test without a dot plot says why ("   (no dot plot: published
 * summaries have no runs)"); the same reason is said once, at the first
 * such test, with how many tests below share it, and the others say
 * nothing.
 */
static void plot_notes_once(const struct br_report *r, char **plot,
			    size_t n)
{
	static const char note[] = "   (no dot plot: ";
	size_t i, k, more;

	for (i = 0; i < n; i++) {
		char *why, *s;

		if (!plot[i] || strncmp(plot[i], note, sizeof note - 1))
			continue;
		for (more = 0, k = i + 1; k < n; k++)
			if (plot[k] && !strcmp(plot[k], plot[i])) {
				plot[k][0] = '\0';
				more++;
			}
		if (!more)
			continue;
		/* "(no dot plot: why)" -> "(no dot plot: why; nor for the
		 * 3 more tests below)" */
		why = plot[i] + 3;
		s = br_strf("%.*s; nor for the %zu more test%s below)",
			    (int)strlen(why) - 1, why, more,
			    more == 1 ? "" : "s");
		if (s) {
			char *w = br_report_text_wrap(r, 3, s);

			if (w) {
				free(plot[i]);
				plot[i] = w;
			}
			free(s);
		}
	}
}

/*
 * Every test's text blocks, made on every CPU before the template runs
 * (they are most of a text report's work) and freed with the document.
 */
static void text_blocks(struct br_tdoc *d, struct fill_ctx *fc)
{
	const struct br_report *r = fc->r;
	size_t n = r->a->n_tests, i;

	if (br_tdoc_wants(d, "text"))
		fc->text = br_tdoc_alloc(d, (n + 1) * sizeof *fc->text);
	if (r->o.plot && br_tdoc_wants(d, "plot"))
		fc->plot = br_tdoc_alloc(d, (n + 1) * sizeof *fc->plot);
	if ((!fc->text && !fc->plot) || br_tdoc_failed(d))
		return;
	/* a failure leaves NULLs, which br_tdoc_own reports */
	br_parallel_for(n, 64, text_of, fc);
	if (fc->plot)
		plot_notes_once(r, fc->plot, n);
	for (i = 0; i < n; i++) {
		if (fc->text && !br_tdoc_own(d, fc->text[i]))
			fc->text[i] = NULL;
		if (fc->plot && !br_tdoc_own(d, fc->plot[i]))
			fc->plot[i] = NULL;
	}
}

static int fill_overview(void *ctx, struct br_tdoc *d, struct br_tnode *row,
			 size_t k, struct br_error *err)
{
	const struct fill_ctx *fc = ctx;
	const struct br_report *r = fc->r;
	size_t i = fc->scalar[k], j;
	const struct br_atest *rt = &r->a->tests[i];
	const struct br_test *t = rt->t;
	bool rel_base = r->a->base_given;
	struct br_tnode *cells;

	(void)err;
	br_tsetf(d, row, "name", "%s%s%s", br_nz(t->title),
		 t->description && *t->description ? ": " : "",
		 br_nz(t->description));
	br_tset(d, row, "title", t->title);
	br_tset(d, row, "description", t->description);
	br_tset(d, row, "unit", t->unit.text);
	br_tset(d, row, "direction", br_dir_phrase(t->dir));
	br_tset(d, row, "arrow", t->dir == BR_DIR_HIB ? "\xe2\x86\x91"
		: t->dir == BR_DIR_LIB ? "\xe2\x86\x93" : "");
	br_tset(d, row, "anchor", anchor_of(fc->anchors,
		r->a->sel->rs->n_tests, t));
	cells = br_tset_list(d, row, "cells");
	for (j = 0; cells && j < r->a->sel->n_systems; j++) {
		const struct br_cell *c = &rt->cells[j];
		struct br_tnode *cell = br_tlist_add(d, cells);
		char buf[64], pbuf[64];

		/* the stacked layout's label (paper, phones) */
		br_tset(d, cell, "system", br_analysis_system(r->a, j));
		double rel = rel_base ? br_analysis_vs_base(r->a, i, j)
			     : c->relative;

		if (!c->sum.n) {
			br_tset(d, cell, "value", c->kind == BR_CELL_FAILED ?
				"failed" : c->beyond ? BR_BEYOND_WORDS :
				c->entry && c->entry->note ?
				c->entry->note : "");
			br_tset(d, cell, "rel", "");
			br_tset(d, cell, "sort", "");
			br_tset(d, cell, "class", "none");
			br_tset_bool(d, cell, "best", false);
			br_tset_bool(d, cell, "worst", false);
			br_tset_bool(d, cell, "plain", true);
			continue;
		}
		br_tset(d, cell, "value", br_cell_shown(c, rt->decimals, buf,
							sizeof buf));
		/* one system: 100% of itself says nothing */
		if (br_tdoc_wants(d, "rel"))
			br_tset(d, cell, "rel", r->a->sel->n_systems < 2 ? "" :
				fmt_pct(pbuf, sizeof pbuf, 100 * rel));
		/* sorting by a column puts the best first; a relative
		 * value needs no more than nine digits to sort (one shown
		 * as 48.9% differs from the next in its third) */
		if (isnan(rel))
			br_tset(d, cell, "sort", sort_key(t->dir == BR_DIR_LIB
				? -c->sum.mean : c->sum.mean, pbuf,
				sizeof pbuf));
		else
			br_tsetf(d, cell, "sort", "%.9g", rel);
		br_tset(d, cell, "class", c->best ? "best" : c->worst
			? "worst" : "");
		br_tset_bool(d, cell, "best", c->best);
		br_tset_bool(d, cell, "worst", c->worst);
		br_tset_bool(d, cell, "plain", !c->best && !c->worst);
	}
	return BR_OK;
}

/* The overview table and the tests: lazy lists, one item at a time. */
static void lazy_lists(struct br_tdoc *d, struct br_tnode *root,
		       const struct br_report *r, enum br_report_fmt fmt,
		       struct anchor *anchors)
{
	struct fill_ctx *fc = br_tdoc_alloc(d, sizeof *fc);
	size_t i, j, k = 0;

	if (!fc)
		return;
	fc->r = r;
	fc->fmt = fmt;
	fc->anchors = anchors;
	fc->scalar = br_tdoc_alloc(d, (r->a->n_scalar + 1) * sizeof *fc->scalar);
	if (!fc->scalar)
		return;
	for (i = 0; i < r->a->n_tests && k < r->a->n_scalar; i++)
		if (r->a->tests[i].scalar)
			fc->scalar[k++] = i;
	br_tset_lazy(d, root, "overview", k, fill_overview, fc);
	br_tset_bool(d, root, "has_overview", r->a->n_scalar > 0);
	/* any best or worst mark to explain */
	for (k = 0, i = 0; i < r->a->n_tests && !k; i++)
		for (j = 0; j < r->a->sel->n_systems && !k; j++)
			k = r->a->tests[i].cells[j].best ||
			    r->a->tests[i].cells[j].worst;
	br_tset_bool(d, root, "has_marks", k);
	/* a mark needs another system to be proven ahead of */
	br_tset_bool(d, root, "can_mark", r->a->sel->n_systems > 1);
	/* ranks and "vs. baseline" need another system (issue 22) */
	br_tset_bool(d, root, "several_systems", r->a->sel->n_systems > 1);
	{
		/* the result overview left out: one line says why */
		char why[512];

		if (br_chart_overview_empty(r->a, why, sizeof why)) {
			why[0] = (char)toupper((unsigned char)why[0]);
			if (strlen(why) + 1 < sizeof why)
				strcat(why, ".");
			if (fmt == BR_REPORT_TEXT)
				SET_TEXT(d, root, "overview_note",
					 br_report_text_wrap(r, 0, why));
			else
				br_tset(d, root, "overview_note", why);
		} else {
			br_tset(d, root, "overview_note", NULL);
		}
	}
	br_tset(d, root, "relative_to", r->a->base_given ?
		br_analysis_system(r->a, r->a->base) : "the best result");
	if (fmt == BR_REPORT_TEXT)
		text_blocks(d, fc);
	br_tset_lazy(d, root, "tests", r->md_fitting ? r->md_tests :
		     r->a->n_tests, fill_test, fc);
	if (r->md_fitting && r->md_tests < r->a->n_tests)
		br_tset_owned(d, root, "md_cut", br_md_cut_note(r->md_tests,
			      r->a->n_tests));
	else
		br_tset(d, root, "md_cut", NULL);
}

/* The text report's blocks: title, its rule, description, summary,
 * systems, overview and geometric means. */
static void text_values(struct br_tdoc *d, struct br_tnode *root,
			const struct br_report *r)
{
	char buf[128], lv[24];
	size_t w;
	char *rule;

	SET_TEXT(d, root, "title_text", br_report_text_wrap(r, 0,
		 r->title));
	w = br_utf8_width(r->title);
	if (w > BR_REPORT_WIDTH)
		w = BR_REPORT_WIDTH;
	rule = malloc(w + 1);
	if (rule) {
		memset(rule, '=', w);
		rule[w] = '\0';
	}
	br_tset_owned(d, root, "title_rule", rule);
	SET_TEXT(d, root, "description_text", br_report_text_wrap(r,
		 0, br_nz(r->a->sel->rs->description)));
	snprintf(buf, sizeof buf, "%zu system%s, %zu test%s; %s "
		 "confidence intervals; baseline: ", r->a->sel->n_systems,
		 r->a->sel->n_systems == 1 ? "" : "s", r->a->n_tests,
		 r->a->n_tests == 1 ? "" : "s",
		 br_fmt_level(lv, sizeof lv, r->a->o.confidence));
	{
		char *s = NULL;
		size_t len = 0;
		FILE *fp = open_memstream(&s, &len);

		if (fp) {
			fprintf(fp, "%s%s.", buf,
				br_analysis_system(r->a, r->a->base));
			fclose(fp);
		}
		br_tset_owned(d, root, "summary_text",
			      s ? br_report_text_wrap(r, 0, s) : NULL);
		free(s);
	}
	SET_TEXT(d, root, "systems_text", br_report_text_systems(r));
	SET_TEXT(d, root, "overview_text", br_report_text_overview(r));
	SET_TEXT(d, root, "geomean_text", br_report_text_geomean(r));
}

int br_report_values(const struct br_report *r, enum br_report_fmt fmt,
		     const struct br_template *t, struct br_tdoc **out,
		     struct br_error *err)
{
	struct br_tdoc *d = br_tdoc_new();
	struct br_tnode *root, *systems;
	struct anchor *anchors = NULL;
	const char **test_anchor = NULL;
	size_t j;
	char lv[24];

	*out = NULL;
	if (!d)
		return br_error_set(err, BR_EIO, NULL, 0, "out of memory");
	if (t)
		br_tdoc_filter(d, t);
	root = br_tdoc_root(d);
	br_tset(d, root, "title", r->title);
	br_tset(d, root, "description", r->a->sel->rs->description);
	br_tset(d, root, "notes", r->a->sel->rs->notes);
	br_report_notes_parts(d, root, r->a->sel->rs->notes);
	br_report_md_chart_files(d, root, r, fmt);
	br_tset(d, root, "generator", r->o.generator);
	if (fmt == BR_REPORT_HTML)
		br_tset(d, root, "chart_css", br_svg_css());
	br_tset(d, root, "confidence", br_fmt_level(lv, sizeof lv,
						   r->a->o.confidence));
	br_tset(d, root, "baseline", br_analysis_system(r->a, r->a->base));
	br_tsetf(d, root, "n_systems", "%zu", r->a->sel->n_systems);
	br_tsetf(d, root, "n_tests", "%zu", r->a->n_tests);
	/* one system: nothing is compared against it (issue 22) */
	br_tsetf(d, root, "summary", "%zu system%s, %zu test%s; %s "
		 "confidence intervals%s%s", r->a->sel->n_systems,
		 r->a->sel->n_systems == 1 ? "" : "s", r->a->n_tests,
		 r->a->n_tests == 1 ? "" : "s", lv,
		 r->a->sel->n_systems > 1 ? "; comparisons against " : "",
		 r->a->sel->n_systems > 1 ?
		 br_analysis_system(r->a, r->a->base) : "");
	br_tset(d, root, "source", br_nz(r->a->sel->rs->reference_id));
	systems = br_tset_list(d, root, "systems");
	for (j = 0; j < r->a->sel->n_systems; j++) {
		struct br_tnode *s = br_tlist_add(d, systems);

		br_tset(d, s, "name", br_analysis_system(r->a, j));
		br_tsetf(d, s, "number", "%zu", j + 1);
		/* the overview's stacked layout names each value by its
		 * column (the page's CSS says each name once) */
		br_tsetf(d, s, "column", "%zu", j + 2);
		br_tset_owned(d, s, "css_name", br_css_string_dup(
			br_analysis_system(r->a, j)));
		br_tset_bool(d, s, "is_baseline", j == r->a->base);
		br_tset(d, s, "notes", br_analysis_sys(r->a, j)->notes);
		set_style(d, s, r, j);
		br_report_prov_system(d, s, r, j);
	}
	system_rows(d, root, r);
	system_notes(d, root, r);
	br_report_prov_root(d, root, r, fmt);
	geomean(d, root, r);
	if (fmt == BR_REPORT_HTML && br_tdoc_wants(d, "charts") &&
	    whole_charts(d, root, r, err) != BR_OK) {
		br_tdoc_free(d);
		return err->code;
	}
	if (br_tdoc_wants(d, "anchor")) {
		/* one anchor per test, the same wherever a link points */
		anchors = make_anchors(d, r->a->sel->rs);
		test_anchor = br_tdoc_alloc(d, (r->a->n_tests + 1) *
					    sizeof *test_anchor);
		for (j = 0; anchors && test_anchor && j < r->a->n_tests; j++)
			test_anchor[j] = anchor_of(anchors,
						   r->a->sel->rs->n_tests,
						   r->a->tests[j].t);
		if (!anchors || !test_anchor)
			test_anchor = NULL;
	}
	if ((br_tdoc_wants(d, "scaling") || br_tdoc_wants(d, "has_scaling")) &&
	    scaling_list(d, root, r, fmt, test_anchor, err) != BR_OK) {
		br_tdoc_free(d);
		return err->code;
	}
	lazy_lists(d, root, r, fmt, anchors);
	br_report_paper_values(d, root, r);
	if (br_report_brief_values(d, root, r, fmt, test_anchor) != BR_OK) {
		br_tdoc_free(d);
		return br_error_set(err, BR_EIO, NULL, 0, "out of memory");
	}
	if (br_report_derived_values(d, root, r, fmt) != BR_OK) {
		br_tdoc_free(d);
		return br_error_set(err, BR_EIO, NULL, 0, "out of memory");
	}
	if (fmt == BR_REPORT_TEXT)
		text_values(d, root, r);
	if (br_tdoc_failed(d)) {
		br_tdoc_free(d);
		return br_error_set(err, BR_EIO, NULL, 0, "out of memory");
	}
	*out = d;
	return BR_OK;
}

int br_report_write(const struct br_report *r, enum br_report_fmt fmt,
		    const char *name, const char *src, size_t len, FILE *fp,
		    struct br_error *err)
{
	static const enum br_escape esc[] = {
		[BR_REPORT_HTML] = BR_ESC_HTML,
		[BR_REPORT_TEXT] = BR_ESC_TEXT,
		[BR_REPORT_MD] = BR_ESC_MD,
	};
	struct br_template *t = NULL;
	struct br_tdoc *d = NULL;
	int rc;

	/* the built-in Markdown report fits GitHub (report_fit.c) */
	if (fmt == BR_REPORT_MD && !src && !r->o.summary && !r->md_fitting)
		return br_report_md_fit(r, name, src, len, fp, err);
	if (!src) {
		const char *tn = r->o.summary ? br_summary_template_name(fmt)
				 : br_report_template_name(fmt);
		const struct br_embedded *e = br_template_builtin(tn);

		if (!e)
			return br_error_set(err, BR_EIO, NULL, 0, "built-in "
					    "template %s missing", tn);
		name = e->name;
		src = (const char *)e->data;
		len = e->len;
	}
	rc = br_template_parse(name, src, len, &t, err);
	if (rc == BR_OK)
		rc = br_report_values(r, fmt, t, &d, err);
	if (rc == BR_OK)
		rc = br_template_render(t, br_tdoc_root(d), esc[fmt],
					fmt == BR_REPORT_TEXT ? r->o.utf8
					: true, fp, err);
	br_tdoc_free(d);
	br_template_free(t);
	return rc;
}
