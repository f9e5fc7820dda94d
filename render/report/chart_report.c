/*
 * chart_report.c - the multi-page A4 report: title page with the systems
 * table, then the charts, with page numbers.  Pages are scenes, so the
 * report is as testable (br_scene_dump) as a single chart.
 */
#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "../chart/chart.h"
#include "../text/text.h"

/* The paper sizes, in points (enum br_paper's order). */
static const struct {
	double w, h;
} paper[] = {
	{595.28, 841.89},   /* A4: 210 x 297 mm */
	{612.0, 792.0},     /* Letter: 8.5 x 11 in */
};
#define PAGE_W(o) paper[(o)->paper == BR_PAPER_LETTER].w
#define PAGE_H(o) paper[(o)->paper == BR_PAPER_LETTER].h
#define MARGIN 42.0
#define FOOT 28.0             /* footer band at the bottom */
#define TABLE_COLS 5          /* systems per table block */
/*
 * Charts are laid out wider than the text and scaled down onto it by
 * CHART_SCALE: at full size two 6-row bar charts no longer share a page.
 * Their smallest text is 8 pt (SE lines, notes, the caption), printed at
 * 7 pt, the least that reads on paper.
 */
#define CHART_SCALE (7.0 / 8.0)

struct pager {
	double pw, ph;            /* the page */
	struct br_scene **pages;
	size_t n, cap;
	double y;                 /* next free y on the current page */
	bool nomem;
	const char *family;
	bool charts;              /* the charts have started their page */
	const char *title;        /* for the footers */
};

struct br_report_pager {
	struct pager pg;
};

static struct br_scene *cur(struct pager *pg)
{
	return pg->n ? pg->pages[pg->n - 1] : NULL;
}

static bool new_page(struct pager *pg)
{
	struct br_scene *s;

	if (pg->n == pg->cap) {
		size_t cap = pg->cap ? 2 * pg->cap : 8;
		struct br_scene **np = realloc(pg->pages, cap * sizeof *np);

		if (!np)
			return !(pg->nomem = true);
		pg->pages = np;
		pg->cap = cap;
	}
	s = br_scene_new(pg->pw, pg->ph);
	if (!s)
		return !(pg->nomem = true);
	s->background = 0xffffff;
	pg->pages[pg->n++] = s;
	pg->y = MARGIN;
	return true;
}

static double bottom_limit(const struct pager *pg)
{
	return pg->ph - MARGIN - FOOT / 2;
}

/* Make room for h points; a new page when it does not fit. */
static bool need(struct pager *pg, double h)
{
	if (!cur(pg) || pg->y + h > bottom_limit(pg))
		return new_page(pg);
	return true;
}

/* Wrapped text; returns false on ENOMEM. */
static bool para(struct pager *pg, const struct br_font *f, double x,
		 double max_w, double leading, const char *text)
{
	char **lines;
	size_t n, k;

	n = br_text_wrap(f->family, f->size, f->bold, text, max_w, &lines);
	if (n == (size_t)-1)
		return !(pg->nomem = true);
	for (k = 0; k < n; k++) {
		if (!need(pg, leading))
			break;
		br_scene_text(cur(pg), x, pg->y + f->size, BR_ANCHOR_START, f,
			      lines[k]);
		pg->y += leading;
	}
	br_text_lines_free(lines, n);
	return !pg->nomem;
}

/* ------------------------------------------------------ systems table */

/* text wrapped into w (0 lines for ""); (size_t)-1 on ENOMEM. */
static size_t cell_lines(const struct br_font *f, const char *text, double w,
			 char ***lines)
{
	if (!text || !*text) {
		*lines = NULL;
		return 0;
	}
	return br_text_wrap(f->family, f->size, f->bold, text, w, lines);
}

static bool table_header(struct pager *pg, const struct br_report_input *in,
			 size_t c0, size_t nc, double key_w, double col_w)
{
	struct br_font fh = {pg->family, 7.5, true, 0xffffff};
	double h = 0, x = MARGIN + key_w;
	size_t j, k;

	/* height: the tallest wrapped name */
	for (j = 0; j < nc; j++) {
		char **lines;
		size_t n = cell_lines(&fh, in->rs->systems[in->systems[c0 + j]]
				      ->identifier, col_w - 6, &lines);

		if (n == (size_t)-1)
			return !(pg->nomem = true);
		if (n * 9.0 + 8 > h)
			h = n * 9.0 + 8;
		br_text_lines_free(lines, n);
	}
	if (!need(pg, h + 20))
		return false;
	br_scene_rect(cur(pg), MARGIN, pg->y, pg->pw - 2 * MARGIN, h,
		      BR_C_HEAD, BR_NONE, 0);
	for (j = 0; j < nc; j++, x += col_w) {
		char **lines;
		size_t n = cell_lines(&fh, in->rs->systems[in->systems[c0 + j]]
				      ->identifier, col_w - 6, &lines);

		if (n == (size_t)-1)
			return !(pg->nomem = true);
		for (k = 0; k < n; k++)
			br_scene_text(cur(pg), x + 3, pg->y + 4 + 7.5 +
				      9.0 * (double)k, BR_ANCHOR_START, &fh,
				      lines[k]);
		br_text_lines_free(lines, n);
	}
	pg->y += h;
	return true;
}

/* No details: the names in a sentence (a table of names alone would
 * look broken). */
static bool names_only(struct pager *pg, const struct br_report_input *in)
{
	struct br_font fv = {pg->family, 9, false, BR_C_HEAD};
	size_t len = 64, r;
	char *list;
	bool ok;

	for (r = 0; r < in->n_systems; r++)
		len += strlen(in->rs->systems[in->systems[r]]->identifier) + 2;
	list = malloc(len);
	if (!list)
		return !(pg->nomem = true);
	list[0] = '\0';
	for (r = 0; r < in->n_systems; r++) {
		if (r)
			strcat(list, ", ");
		strcat(list, in->rs->systems[in->systems[r]]->identifier);
	}
	strcat(list, " (the input has no hardware or software details)");
	ok = para(pg, &fv, MARGIN, pg->pw - 2 * MARGIN, 12, list);
	free(list);
	return ok;
}

/* One block of the systems table: systems c0 .. c0 + nc - 1. */
struct block {
	const struct br_report_input *in;
	size_t c0, nc;
	double key_w, col_w;
	size_t shown;             /* rows drawn, for the stripes */
};

/* Row key of block b: the systems' values, equal non-empty neighbours
 * merged (span[j]: columns cell j spans, 0 under a merged one);
 * false when no system of the block has the key. */
static bool row_values(const struct block *b, const char *key,
		       const char **val, size_t *span)
{
	bool any = false;
	size_t j, k;

	for (j = 0; j < b->nc; j++) {
		val[j] = br_system_component(b->in->rs->systems[
			b->in->systems[b->c0 + j]], key);
		any |= *val[j] != '\0';
	}
	for (j = 0; j < b->nc; j = k) {
		for (k = j + 1; k < b->nc && *val[j] && !strcmp(val[j],
								 val[k]); k++)
			span[k] = 0;
		span[j] = k - j;
	}
	return any;
}

/* Row key's cells at y, or (draw false) the lines the tallest takes;
 * (size_t)-1 on ENOMEM. */
static size_t row_cells(struct pager *pg, const struct block *b,
			const char *const *val, const size_t *span, bool draw,
			double h)
{
	struct br_font fv = {pg->family, 7, false, BR_C_HEAD};
	double x = MARGIN + b->key_w;
	size_t j, k, nl, maxl = 1;

	for (j = 0; j < b->nc; j++) {
		char **lines;

		if (!span[j])
			continue;
		nl = cell_lines(&fv, val[j], b->col_w * (double)span[j] - 6,
				&lines);
		if (nl == (size_t)-1)
			return (size_t)-1;
		for (k = 0; draw && k < nl; k++)
			br_scene_text(cur(pg), x + 3, pg->y + 3 + 7 + 8.5 *
				      (double)k, BR_ANCHOR_START, &fv,
				      lines[k]);
		br_text_lines_free(lines, nl);
		maxl = nl > maxl ? nl : maxl;
		x += b->col_w * (double)span[j];
		if (draw && j + span[j] < b->nc)
			br_scene_line(cur(pg), x, pg->y, x, pg->y + h,
				      0xd0d0d0, 0.5, 0);
	}
	return maxl;
}

/* Row key of block b, on a new page (its header repeated) when it does
 * not fit; false on ENOMEM. */
static bool table_row(struct pager *pg, struct block *b, const char *key)
{
	struct br_font fk = {pg->family, 7, true, BR_C_HEAD};
	const char *val[TABLE_COLS];
	size_t span[TABLE_COLS], maxl;
	double h;

	if (!row_values(b, key, val, span))
		return true;   /* no system of this block has it */
	maxl = row_cells(pg, b, val, span, false, 0);
	if (maxl == (size_t)-1)
		return !(pg->nomem = true);
	h = (double)maxl * 8.5 + 5;
	if (pg->y + h > bottom_limit(pg) &&
	    (!new_page(pg) || !table_header(pg, b->in, b->c0, b->nc,
					     b->key_w, b->col_w)))
		return false;
	if (b->shown++ % 2)
		br_scene_rect(cur(pg), MARGIN, pg->y, pg->pw - 2 * MARGIN, h,
			      0xf0f0f0, BR_NONE, 0);
	br_scene_text(cur(pg), MARGIN + 3, pg->y + 3 + 7, BR_ANCHOR_START, &fk,
		      key);
	if (row_cells(pg, b, val, span, true, h) == (size_t)-1)
		return !(pg->nomem = true);
	pg->y += h;
	return true;
}

/* The systems table: a column per system, in blocks of at most
 * TABLE_COLS, balanced (6 -> 3 + 3); a row per hardware/software key. */
static bool systems_table(struct pager *pg, const struct br_report_input *in)
{
	const double key_w = 78, tw = pg->pw - 2 * MARGIN;
	const char **keys;
	size_t n_keys = br_rs_component_keys(in->rs, in->systems,
					      in->n_systems, &keys);
	size_t n_blocks, per, r;
	struct block b;

	if (n_keys == (size_t)-1)
		return !(pg->nomem = true);
	if (n_keys == 0) {
		free(keys);
		return names_only(pg, in);
	}
	n_blocks = (in->n_systems + TABLE_COLS - 1) / TABLE_COLS;
	per = n_blocks ? (in->n_systems + n_blocks - 1) / n_blocks : 1;
	for (b.c0 = 0; b.c0 < in->n_systems && !pg->nomem; b.c0 += per) {
		b.in = in;
		b.nc = in->n_systems - b.c0 < per ? in->n_systems - b.c0 : per;
		b.key_w = key_w;
		b.col_w = (tw - key_w) / (double)b.nc;
		b.shown = 0;
		if (!table_header(pg, in, b.c0, b.nc, key_w, b.col_w))
			break;
		for (r = 0; r < n_keys && !pg->nomem; r++)
			if (!table_row(pg, &b, keys[r]))
				break;
		br_scene_line(cur(pg), MARGIN, pg->y, MARGIN + tw, pg->y,
			      BR_C_HEAD, 0.75, 0);
		pg->y += 18;
	}
	free(keys);
	return !pg->nomem;
}

/* ------------------------------------------------------------- charts */

static bool place_chart(struct pager *pg, const struct br_scene *c)
{
	double tw = pg->pw - 2 * MARGIN;
	double avail = bottom_limit(pg) - MARGIN;
	double s = tw / c->width;
	double h;

	if (c->height * s > avail)
		s = avail / c->height;
	h = c->height * s;
	if (!need(pg, h))
		return false;
	/* centred when scaled down for height */
	br_scene_append(cur(pg), c, MARGIN + (tw - c->width * s) / 2, pg->y,
			s);
	pg->y += h + 22;
	return !cur(pg)->nomem;
}

bool br_paper_parse(const char *s, enum br_paper *out)
{
	if (!strcasecmp(s, "a4"))
		*out = BR_PAPER_A4;
	else if (!strcasecmp(s, "letter"))
		*out = BR_PAPER_LETTER;
	else
		return false;
	return true;
}

bool br_report_aligned(const struct br_chart_type *t)
{
	return t->display != BR_DISPLAY_LINE && !t->parts;
}

double br_pager_room(const struct br_chart_opts *o)
{
	double tw = PAGE_W(o) - 2 * MARGIN;

	/* the page's height between the margins, at the scale that takes
	 * a chart o->width wide to the text width */
	return (PAGE_H(o) - MARGIN - FOOT / 2 - MARGIN) * o->width / tw;
}

int br_report_opts(const struct br_analysis *a, const struct br_chart_plan *p,
		   struct br_chart_opts *o, struct br_error *err)
{
	double left = 0;
	size_t k, m;

	o->width = (PAGE_W(o) - 2 * MARGIN) / CHART_SCALE;
	o->left = 0;
	for (k = 0; k < p->n_jobs; k++) {
		struct br_scene **sc;
		struct br_error e;
		size_t n;
		int rc;

		/* the overview's pages are pages of their own; line and
		 * scaling charts take the whole width */
		if (p->jobs[k].type->front || !br_report_aligned(
			    p->jobs[k].type))
			continue;
		br_error_clear(&e);
		rc = br_chart_build(a, &p->jobs[k], o, 0, &sc, &n, &e);
		if (rc == BR_EIO)
			return br_error_set(err, BR_EIO, NULL, 0, "out of "
					    "memory");
		if (rc != BR_OK)
			continue;   /* said when the report is drawn */
		for (m = 0; m < n; m++) {
			left = fmax(left, sc[m]->axis_x);
			br_scene_free(sc[m]);
		}
		free(sc);
	}
	o->left = left;
	return BR_OK;
}

void br_pdf_footers(struct br_scene *const *pages, size_t n, double pw,
		    double ph, const char *family, const char *title,
		    bool *nomem)
{
	struct br_font f = {family, 7.5, false, BR_C_AXIS};
	double y = ph - MARGIN + 6;
	size_t i;

	for (i = 0; i < n; i++) {
		struct br_scene *s = pages[i];
		char buf[64], *t;

		br_scene_line(s, MARGIN, y - 10, pw - MARGIN, y - 10,
			      0xd0d0d0, 0.5, 0);
		snprintf(buf, sizeof buf, "Page %zu of %zu", i + 1, n);
		br_scene_text(s, pw - MARGIN, y, BR_ANCHOR_END, &f, buf);
		t = br_text_ellipsize(f.family, f.size, false, title,
				      pw - 2 * MARGIN - 80);
		if (!t) {
			*nomem = true;
			return;
		}
		br_scene_text(s, MARGIN, y, BR_ANCHOR_START, &f, t);
		free(t);
		*nomem |= s->nomem;
	}
}

void br_pager_free(struct br_report_pager *p)
{
	size_t i;

	if (!p)
		return;
	for (i = 0; i < p->pg.n; i++)
		br_scene_free(p->pg.pages[i]);
	free(p->pg.pages);
	free(p);
}

int br_pager_new(const struct br_report_input *in,
		 const struct br_chart_opts *o, struct br_report_pager **out,
		 struct br_error *err)
{
	struct br_report_pager *p = calloc(1, sizeof *p);
	struct pager *pg = p ? &p->pg : NULL;
	struct br_font ft = {o->family, 22, true, BR_C_HEAD};
	struct br_font fd = {o->family, 10, false, BR_C_HEAD};
	struct br_font fs = {o->family, 8, false, BR_C_AXIS};
	struct br_font fh = {o->family, 13, true, BR_C_HEAD};
	double tw = PAGE_W(o) - 2 * MARGIN;
	char buf[256];

	*out = NULL;
	if (!p)
		goto nomem;
	pg->pw = PAGE_W(o);
	pg->ph = PAGE_H(o);
	pg->family = o->family;
	pg->title = in->title;
	if (!new_page(pg))
		goto nomem;
	br_scene_set_title(cur(pg), in->title);
	/* Title block: a dark rule, the title, the description. */
	br_scene_rect(cur(pg), MARGIN, MARGIN, tw, 4, BR_C_HEAD, BR_NONE, 0);
	pg->y = MARGIN + 16;
	if (!para(pg, &ft, MARGIN, tw, 28, in->title))
		goto nomem;
	pg->y += 4;
	if (in->description && *in->description &&
	    !para(pg, &fd, MARGIN, tw, 14, in->description))
		goto nomem;
	snprintf(buf, sizeof buf, "%zu test%s, %zu system%s", in->n_tests,
		 in->n_tests == 1 ? "" : "s", in->n_systems,
		 in->n_systems == 1 ? "" : "s");
	pg->y += 4;
	if (!para(pg, &fs, MARGIN, tw, 12, buf))
		goto nomem;
	if (in->note && *in->note) {
		/* a sentence: "No result overview: ..." */
		char *s = br_strf("%c%s.", toupper((unsigned char)
				  in->note[0]), in->note + 1);
		bool ok = s && para(pg, &fs, MARGIN, tw, 12, s);

		free(s);
		if (!ok)
			goto nomem;
	}
	pg->y += 18;
	if (in->n_systems) {
		if (!para(pg, &fh, MARGIN, tw, 20, "Test systems") ||
		    !systems_table(pg, in))
			goto nomem;
	}
	*out = p;
	return BR_OK;
nomem:
	br_pager_free(p);
	return br_error_set(err, BR_EIO, NULL, 0, "out of memory");
}

int br_pager_front(struct br_report_pager *p, const struct br_scene *sc,
		   struct br_error *err)
{
	if (!new_page(&p->pg) || !place_chart(&p->pg, sc))
		return br_error_set(err, BR_EIO, NULL, 0, "out of memory");
	return BR_OK;
}

int br_pager_chart(struct br_report_pager *p, const struct br_scene *sc,
		   struct br_error *err)
{
	if ((!p->pg.charts && !new_page(&p->pg)) || !place_chart(&p->pg, sc))
		return br_error_set(err, BR_EIO, NULL, 0, "out of memory");
	p->pg.charts = true;
	return BR_OK;
}

int br_pager_finish(struct br_report_pager *p, struct br_scene ***pages,
		    size_t *n_pages, struct br_error *err)
{
	*pages = NULL;
	*n_pages = 0;
	br_pdf_footers(p->pg.pages, p->pg.n, p->pg.pw, p->pg.ph,
		       p->pg.family, p->pg.title, &p->pg.nomem);
	if (p->pg.nomem) {
		br_pager_free(p);
		return br_error_set(err, BR_EIO, NULL, 0, "out of memory");
	}
	*pages = p->pg.pages;
	*n_pages = p->pg.n;
	free(p);
	return BR_OK;
}
