/*
 * history_pdf.c - the history report as pages of A4 or Letter (--paper):
 * a first page with the title, the counts, the order and false-discovery
 * words and a table of the kept changes, then the suite trend and each
 * drawn series' trend chart, laid out for the text width at 7/8 scale
 * (so no text prints under 7 pt, as the main PDF report), as many a page
 * as fit, and page numbers.  Pages are scenes (br_scene_dump tests
 * them).  Every number and sentence is the history's.
 */
#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "history_int.h"
#include "../chart/trend.h"
#include "../text/text.h"

#define MARGIN 42.0
#define FOOT 28.0
#define SCALE (7.0 / 8.0)

struct pages {
	double pw, ph;
	struct br_scene **v;
	size_t n, cap;
	double y;
	bool nomem;
	const char *family;
};

static struct br_scene *cur(struct pages *P)
{
	return P->v[P->n - 1];
}

static bool new_page(struct pages *P)
{
	struct br_scene *s;

	if (P->n == P->cap) {
		size_t cap = P->cap ? 2 * P->cap : 8;
		struct br_scene **nv = realloc(P->v, cap * sizeof *nv);

		if (!nv)
			return !(P->nomem = true);
		P->v = nv;
		P->cap = cap;
	}
	if (!(s = br_scene_new(P->pw, P->ph)))
		return !(P->nomem = true);
	s->background = 0xffffff;
	P->v[P->n++] = s;
	P->y = MARGIN;
	return true;
}

/* Room for h more points on this page, else a new page. */
static bool need(struct pages *P, double h)
{
	if (P->n == 0 || P->y + h > P->ph - MARGIN - FOOT / 2)
		return new_page(P);
	return true;
}

/* Text wrapped to w from x, lines lead apart. */
static void para(struct pages *P, const struct br_font *f, double x,
		 double w, double lead, const char *s)
{
	char **lines;
	size_t n, k;

	if (!s || !*s)
		return;
	n = br_text_wrap(f->family, f->size, f->bold, s, w, &lines);
	if (n == (size_t)-1) {
		P->nomem = true;
		return;
	}
	for (k = 0; k < n && need(P, lead); k++, P->y += lead)
		br_scene_text(cur(P), x, P->y + f->size, BR_ANCHOR_START, f,
			      lines[k]);
	br_text_lines_free(lines, n);
}

/* The lines of s wrapped to w (a table cell); (size_t)-1 on ENOMEM. */
static size_t cell(const struct br_font *f, const char *s, double w,
		   char ***lines)
{
	*lines = NULL;
	return s && *s ? br_text_wrap(f->family, f->size, f->bold, s, w,
				      lines) : 0;
}

#define COLS 4

/* One row of the changes table: cells wrapped in their columns, the row
 * as tall as its tallest cell. */
static void table_row(struct pages *P, const char *const *text,
		      const struct br_font *f, const double *cw, bool head)
{
	char **lines[COLS];
	size_t n[COLS], k, i, most = 0;
	double x = MARGIN, h;

	for (k = 0; k < COLS; k++) {
		n[k] = cell(f, text[k], cw[k] - 6, &lines[k]);
		if (n[k] == (size_t)-1) {
			P->nomem = true;
			n[k] = 0;
		}
		most = n[k] > most ? n[k] : most;
	}
	h = (double)most * (f->size + 2) + 6;
	if (need(P, h)) {
		if (head)
			br_scene_rect(cur(P), MARGIN, P->y, P->pw - 2 * MARGIN,
				      h, BR_C_HEAD, BR_NONE, 0);
		for (k = 0; k < COLS; x += cw[k], k++)
			for (i = 0; i < n[k]; i++)
				br_scene_text(cur(P), x + 3, P->y + 3 + f->size
					      + (double)i * (f->size + 2),
					      BR_ANCHOR_START, f, lines[k][i]);
		P->y += h;
		br_scene_line(cur(P), MARGIN, P->y, P->pw - MARGIN, P->y,
			      0xd0d0d0, 0.5, 0);
	}
	for (k = 0; k < COLS; k++)
		if (n[k])
			br_text_lines_free(lines[k], n[k]);
}

/* The kept changes: test, words, interval, place. */
static void changes_table(struct pages *P, const struct br_history *h)
{
	static const char *const heads[COLS] = {"Test", "Change", "Interval",
						"Where"};
	struct br_font fh = {P->family, 8, true, 0xffffff};
	struct br_font fc = {P->family, 8, false, BR_C_HEAD};
	double tw = P->pw - 2 * MARGIN;
	const double cw[COLS] = {0.28 * tw, 0.28 * tw, 0.22 * tw, 0.22 * tw};
	size_t s, k;

	table_row(P, heads, &fh, cw, true);
	for (s = 0; s < h->n_series; s++)
		for (k = 0; k < h->series[s].n_changes; k++) {
			const struct br_hist_change *c =
				&h->series[s].changes[k];
			const char *row[COLS];
			char *ci;

			if (!c->kept)
				continue;
			ci = br_trend_ci_text(h, c, h->series[s].at->decimals);
			P->nomem |= !ci;
			row[0] = h->series[s].name;
			row[1] = c->words;
			row[2] = ci;
			row[3] = c->where_words;
			table_row(P, row, &fc, cw, false);
			free(ci);
		}
}

/* The first page's text: title, counts, order, FDR, the changes. */
static void front(struct pages *P, const struct br_history *h,
		  const struct br_hist_out_opts *o)
{
	struct br_font ft = {P->family, 22, true, BR_C_HEAD};
	struct br_font fd = {P->family, 10, false, BR_C_HEAD};
	struct br_font fs = {P->family, 8.5, false, BR_C_AXIS};
	struct br_font fh = {P->family, 13, true, BR_C_HEAD};
	double tw = P->pw - 2 * MARGIN;
	size_t k, kept;
	char *s;

	if (!new_page(P))
		return;
	br_scene_set_title(cur(P), br_hist_title(h, o));
	br_scene_rect(cur(P), MARGIN, MARGIN, tw, 4, BR_C_HEAD, BR_NONE, 0);
	P->y = MARGIN + 16;
	para(P, &ft, MARGIN, tw, 28, br_hist_title(h, o));
	s = br_strf("%zu points, %zu series (%zu tested for changes), %zu "
		    "change%s kept.", h->n_points, h->n_series, h->n_tested,
		    h->n_changes, h->n_changes == 1 ? "" : "s");
	P->nomem |= !s;
	para(P, &fd, MARGIN, tw, 14, s);
	free(s);
	s = br_strf("%s.", br_nz(h->order_words));
	if (s && *s)
		s[0] = (char)toupper((unsigned char)s[0]);
	P->nomem |= !s;
	para(P, &fs, MARGIN, tw, 12, s);
	free(s);
	/* a sentence of its own: "No change in 3 series ..." */
	s = br_strf("%s.", br_nz(h->fdr_words));
	if (s && *s)
		s[0] = (char)toupper((unsigned char)s[0]);
	P->nomem |= !s;
	para(P, &fs, MARGIN, tw, 12, s && s[1] ? s : NULL);
	free(s);
	P->y += 14;
	para(P, &fh, MARGIN, tw, 20, "Changes");
	for (k = 0, kept = 0; k < h->n_series; k++)
		kept += h->series[k].n_kept;
	if (kept)
		changes_table(P, h);
	else
		para(P, &fd, MARGIN, tw, 14, "No change was kept in any "
		     "series.");
	P->y += 18;
}

/* A chart at the text width (down to the page's height). */
static void place(struct pages *P, const struct br_scene *c)
{
	double tw = P->pw - 2 * MARGIN;
	double avail = P->ph - MARGIN - FOOT / 2 - MARGIN;
	double s = tw / c->width, h;

	if (c->height * s > avail)
		s = avail / c->height;
	h = c->height * s;
	if (!need(P, h))
		return;
	br_scene_append(cur(P), c, MARGIN + (tw - c->width * s) / 2, P->y, s);
	P->y += h + 22;
	P->nomem |= cur(P)->nomem;
}

/* The suite trend, then every drawn series' chart. */
static int charts(struct pages *P, const struct br_history *h,
		  const struct br_hist_out_opts *o,
		  const struct br_chart_opts *c, struct br_error *err)
{
	size_t k;
	int rc = BR_OK;

	for (k = 0; rc == BR_OK && k <= h->n_series && !P->nomem; k++) {
		size_t which = k == 0 ? h->n_series : k - 1;
		struct br_scene *sc = NULL;

		if (which == h->n_series ? !h->trend.ok :
		    !br_hist_drawn(h, which, o && o->all))
			continue;
		rc = which == h->n_series ?
		     br_chart_suite_trend(h, c, &sc, err) :
		     br_chart_trend(h, which, c, &sc, err);
		if (rc == BR_OK)
			place(P, sc);
		br_scene_free(sc);
	}
	return rc;
}

int br_history_pdf_pages(const struct br_history *h,
			 const struct br_hist_out_opts *o,
			 struct br_scene ***pages, size_t *n,
			 struct br_error *err)
{
	struct pages P;
	struct br_chart_opts c;
	size_t k;
	int rc;

	*pages = NULL;
	*n = 0;
	memset(&P, 0, sizeof P);
	br_hist_chart_opts(o, &c);
	P.pw = c.paper == BR_PAPER_LETTER ? 612.0 : 595.28;
	P.ph = c.paper == BR_PAPER_LETTER ? 792.0 : 841.89;
	P.family = c.family;
	c.width = (P.pw - 2 * MARGIN) / SCALE;
	c.left = 0;
	front(&P, h, o);
	rc = charts(&P, h, o, &c, err);
	if (rc == BR_OK && !P.nomem)
		br_pdf_footers(P.v, P.n, P.pw, P.ph, P.family,
			       br_hist_title(h, o), &P.nomem);
	if (rc == BR_OK && P.nomem)
		rc = br_error_set(err, BR_EIO, NULL, 0, "out of memory");
	if (rc != BR_OK) {
		for (k = 0; k < P.n; k++)
			br_scene_free(P.v[k]);
		free(P.v);
		return rc;
	}
	*pages = P.v;
	*n = P.n;
	return BR_OK;
}
