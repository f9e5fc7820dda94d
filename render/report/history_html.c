/*
 * history_html.c - the history report as one self-contained HTML page
 * (templates/history.html.tmpl; doc/templates.md, "The history
 * report"): the order and the false-discovery words, a table of the kept
 * changes, the suite trend and each drawn series' trend chart inline
 * (SVG, laid out one at a time while the template writes them), and the
 * points.  Every number and sentence is the history's.
 */
#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "history_int.h"
#include "template.h"
#include "../chart/trend.h"
#include "../paint/render.h"

/* Chart text is never shown under this many CSS pixels: narrower
 * pages scroll the chart (as the main report's charts). */
#define MIN_TEXT_PX 10.0

struct html {
	const struct br_history *h;
	const struct br_hist_out_opts *o;
	struct br_chart_opts c;
	size_t *drawn;           /* series drawn, in order */
	size_t n_drawn;
};

/* sc as inline SVG (no XML declaration), its smallest text kept at
 * MIN_TEXT_PX by a min-width.  NULL on ENOMEM. */
static char *inline_svg(const struct br_scene *sc)
{
	struct br_paint_opts po;
	struct br_error err;
	char *buf = NULL, *svg, *out;
	size_t len = 0, k;
	double least = 0;
	FILE *fp = open_memstream(&buf, &len);

	if (!fp)
		return NULL;
	br_paint_opts_defaults(&po);
	br_error_clear(&err);
	br_render_svg(fp, sc, &po, &err);
	if (fclose(fp) != 0 || err.code != BR_OK || !(svg = strstr(buf,
							"<svg"))) {
		free(buf);
		return NULL;
	}
	for (k = 0; k < sc->n_prims; k++)
		if (sc->prims[k].kind == BR_PRIM_TEXT && sc->prims[k].size > 0 &&
		    (least == 0 || sc->prims[k].size < least))
			least = sc->prims[k].size;
	if (least > 0 && least < MIN_TEXT_PX)
		out = br_strf("<svg style=\"min-width:%.0fpx\"%s",
			      ceil(sc->width * MIN_TEXT_PX / least), svg + 4);
	else
		out = br_strf("%s", svg);
	free(buf);
	return out;
}

/* Series s's anchor: "trend-NN-title-description" (NN its test's
 * number: unique). */
static char *anchor_of(const struct br_history *h, size_t s)
{
	const struct br_test *t = h->series[s].at->t;
	char slug[128];

	br_chart_slug(slug, sizeof slug, t->title, t->description);
	return br_strf("trend-%zu-%s", (size_t)(h->series[s].at -
		       h->an->tests) + 1, slug);
}

/* A p- or q-value as the tables write it: 2 significant digits. */
static void pq(struct br_tdoc *d, struct br_tnode *it, const char *key,
	       double v)
{
	if (isfinite(v))
		br_tsetf(d, it, key, "%.2g", v);
	else
		br_tset(d, it, key, "");
}

/* One row of the changes table: change c of series s. */
static void change_row(struct br_tdoc *d, struct br_tnode *it,
		       const struct br_history *h, size_t s,
		       const struct br_hist_change *c)
{
	const struct br_hist_series *se = &h->series[s];
	bool noise = c->cp.kind == BR_CP_NOISE;

	br_tset(d, it, "test", se->name);
	br_tset_owned(d, it, "anchor", anchor_of(h, s));
	br_tset(d, it, "words", c->words);
	br_tset(d, it, "kind", noise ? "noise" : c->regression ? "regression"
		: "improvement");
	br_tset(d, it, "class", noise ? "" : c->regression ? "worse" :
		"better");
	br_tset_bool(d, it, "expected", c->expected);
	br_tset(d, it, "ci", c->ci_words);
	br_tset(d, it, "where", c->where_words);
	pq(d, it, "p", c->cp.pvalue);
	pq(d, it, "q", c->qvalue);
}

static void changes(struct br_tdoc *d, struct br_tnode *root,
		    const struct br_history *h)
{
	struct br_tnode *list = br_tset_list(d, root, "changes");
	bool any = false;
	size_t s, k;

	for (s = 0; s < h->n_series; s++)
		for (k = 0; k < h->series[s].n_changes; k++) {
			const struct br_hist_change *c =
				&h->series[s].changes[k];

			if (!c->kept)
				continue;
			change_row(d, br_tlist_add(d, list), h, s, c);
			any = true;
		}
	br_tset_bool(d, root, "has_changes", any);
}

/* Item i of the series list: drawn series i's chart, made now. */
static int series_fill(void *ctx, struct br_tdoc *d, struct br_tnode *it,
		       size_t i, struct br_error *err)
{
	struct html *H = ctx;
	size_t s = H->drawn[i];
	const struct br_hist_series *se = &H->h->series[s];
	const struct br_test *t = se->at->t;
	struct br_scene *sc = NULL;
	int rc;

	rc = br_chart_trend(H->h, s, &H->c, &sc, err);
	if (rc != BR_OK)
		return rc;
	br_tset(d, it, "name", se->name);
	br_tset_owned(d, it, "anchor", anchor_of(H->h, s));
	br_tset_owned(d, it, "caption", br_strf("%s%s%s", t->unit.text ?
		      t->unit.text : br_nz(t->scale), br_dir_phrase(t->dir) &&
		      *br_dir_phrase(t->dir) ? ", " : "",
		      br_nz(br_dir_phrase(t->dir))));
	br_tsetf(d, it, "n_kept", "%zu", se->n_kept);
	br_tsetf(d, it, "n_anomalies", "%zu", se->n_anomalies);
	br_tset_owned(d, it, "svg", inline_svg(sc));
	br_scene_free(sc);
	return br_tdoc_failed(d) ? br_error_set(err, BR_EIO, NULL, 0,
						"out of memory") : BR_OK;
}

/* The points' table. */
static void points(struct br_tdoc *d, struct br_tnode *root,
		   const struct br_history *h)
{
	struct br_tnode *list = br_tset_list(d, root, "points");
	size_t k;

	for (k = 0; k < h->n_points; k++) {
		struct br_tnode *it = br_tlist_add(d, list);

		br_tsetf(d, it, "number", "%zu", k + 1);
		br_tset(d, it, "label", h->points[k].label);
		br_tset(d, it, "date", h->points[k].date);
	}
	br_tsetf(d, root, "n_points", "%zu", h->n_points);
}

/* s with its first letter upper-case (ASCII). */
static char *capital(const char *s)
{
	char *c = br_strf("%s", br_nz(s));

	if (c && *c)
		c[0] = (char)toupper((unsigned char)c[0]);
	return c;
}

/* The report's top: title, counts, the order and FDR words, the suite
 * trend. */
static int head(struct br_tdoc *d, struct br_tnode *root, struct html *H,
		struct br_error *err)
{
	const struct br_history *h = H->h;
	struct br_scene *sc = NULL;
	int rc;

	br_tset(d, root, "title", br_hist_title(h, H->o));
	br_tset(d, root, "generator", H->o && H->o->generator ?
		H->o->generator : "benchreport");
	br_tset_owned(d, root, "summary", br_strf("%zu points, %zu series "
		      "(%zu tested for changes), %zu change%s kept",
		      h->n_points, h->n_series, h->n_tested, h->n_changes,
		      h->n_changes == 1 ? "" : "s"));
	br_tset_owned(d, root, "order", capital(h->order_words));
	br_tset(d, root, "order_words", h->order_words);
	br_tset(d, root, "fdr", h->fdr_words);
	br_tset_bool(d, root, "has_suite", h->trend.ok);
	if (!h->trend.ok) {
		br_tset(d, root, "suite_svg", "");
		return BR_OK;
	}
	rc = br_chart_suite_trend(h, &H->c, &sc, err);
	if (rc != BR_OK)
		return rc;
	br_tset_owned(d, root, "suite_svg", inline_svg(sc));
	br_scene_free(sc);
	return BR_OK;
}

static int values(struct br_tdoc *d, struct html *H, struct br_error *err)
{
	struct br_tnode *root = br_tdoc_root(d);
	size_t s;
	int rc = head(d, root, H, err);

	if (rc != BR_OK)
		return rc;
	changes(d, root, H->h);
	for (s = 0; s < H->h->n_series; s++)
		if (br_hist_drawn(H->h, s, H->o && H->o->all))
			H->drawn[H->n_drawn++] = s;
	br_tset_bool(d, root, "has_series", H->n_drawn > 0);
	br_tset_lazy(d, root, "series", H->n_drawn, series_fill, H);
	if (H->n_drawn < H->h->n_series)
		br_tset_owned(d, root, "not_drawn", br_strf("%zu series "
			      "without a change or an anomaly are not drawn "
			      "(--all draws every series).", H->h->n_series -
			      H->n_drawn));
	else
		br_tset(d, root, "not_drawn", "");
	points(d, root, H->h);
	return br_tdoc_failed(d) ? br_error_set(err, BR_EIO, NULL, 0,
						"out of memory") : BR_OK;
}

int br_history_html(FILE *fp, const struct br_history *h,
		    const struct br_hist_out_opts *o, struct br_error *err)
{
	const struct br_embedded *e = br_template_builtin("history.html");
	struct br_template *t = NULL;
	struct br_tdoc *d = NULL;
	struct html H;
	int rc;

	memset(&H, 0, sizeof H);
	H.h = h;
	H.o = o;
	br_hist_chart_opts(o, &H.c);
	if (!e)
		return br_error_set(err, BR_EIO, NULL, 0, "no built-in "
				    "template history.html");
	H.drawn = calloc(h->n_series + 1, sizeof *H.drawn);
	d = br_tdoc_new();
	if (!H.drawn || !d) {
		rc = br_error_set(err, BR_EIO, NULL, 0, "out of memory");
		goto done;
	}
	rc = br_template_parse("history.html", (const char *)e->data, e->len,
			       &t, err);
	if (rc == BR_OK)
		rc = values(d, &H, err);
	if (rc == BR_OK)
		rc = br_template_render(t, br_tdoc_root(d), BR_ESC_HTML, true,
					fp, err);
done:
	br_template_free(t);
	br_tdoc_free(d);
	free(H.drawn);
	return rc;
}
