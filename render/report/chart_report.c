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

#include "../chart/chart.h"
#include "../text/text.h"

#define PAGE_W 595.28
#define PAGE_H 841.89
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
	s = br_scene_new(PAGE_W, PAGE_H);
	if (!s)
		return !(pg->nomem = true);
	s->background = 0xffffff;
	pg->pages[pg->n++] = s;
	pg->y = MARGIN;
	return true;
}

static double bottom_limit(void)
{
	return PAGE_H - MARGIN - FOOT / 2;
}

/* Make room for h points; a new page when it does not fit. */
static bool need(struct pager *pg, double h)
{
	if (!cur(pg) || pg->y + h > bottom_limit())
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
	br_scene_rect(cur(pg), MARGIN, pg->y, PAGE_W - 2 * MARGIN, h,
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

static bool systems_table(struct pager *pg, const struct br_report_input *in)
{
	struct br_font fk = {pg->family, 7, true, BR_C_HEAD};
	struct br_font fv = {pg->family, 7, false, BR_C_HEAD};
	const double key_w = 78, tw = PAGE_W - 2 * MARGIN;
	const char **keys;
	size_t n_keys = br_rs_component_keys(in->rs, in->systems,
					      in->n_systems, &keys);
	size_t c0, r, j, k;

	if (n_keys == (size_t)-1)
		return !(pg->nomem = true);
	if (n_keys == 0) {
		/* no details: a table of names alone would look broken */
		size_t len = 64;
		char *list;
		bool ok;

		for (r = 0; r < in->n_systems; r++)
			len += strlen(in->rs->systems[in->systems[r]]
				      ->identifier) + 2;
		list = malloc(len);
		free(keys);
		if (!list)
			return !(pg->nomem = true);
		list[0] = '\0';
		for (r = 0; r < in->n_systems; r++) {
			if (r)
				strcat(list, ", ");
			strcat(list, in->rs->systems[in->systems[r]]
			       ->identifier);
		}
		strcat(list, " (the input has no hardware or software "
		       "details)");
		fv.size = 9;
		ok = para(pg, &fv, MARGIN, tw, 12, list);
		free(list);
		return ok;
	}
	/* Blocks of at most TABLE_COLS systems, balanced (6 -> 3 + 3). */
	size_t n_blocks = (in->n_systems + TABLE_COLS - 1) / TABLE_COLS;
	size_t per = n_blocks ? (in->n_systems + n_blocks - 1) / n_blocks : 1;

	for (c0 = 0; c0 < in->n_systems && !pg->nomem; c0 += per) {
		size_t nc = in->n_systems - c0 < per ? in->n_systems - c0 : per;
		double col_w = (tw - key_w) / (double)nc;
		size_t shown = 0;

		if (!table_header(pg, in, c0, nc, key_w, col_w))
			break;
		for (r = 0; r < n_keys && !pg->nomem; r++) {
			const char *val[TABLE_COLS];
			size_t span[TABLE_COLS], nl, maxl = 1;
			double h, x;

			/* merge equal non-empty neighbours */
			bool any = false;

			for (j = 0; j < nc; j++) {
				val[j] = br_system_component(in->rs->systems[
					in->systems[c0 + j]], keys[r]);
				any |= *val[j] != '\0';
			}
			if (!any)
				continue;   /* no system of this block has it */
			for (j = 0; j < nc; j = k) {
				for (k = j + 1; k < nc && *val[j] &&
				     !strcmp(val[j], val[k]); k++)
					span[k] = 0;
				span[j] = k - j;
			}
			for (j = 0; j < nc; j++) {
				char **lines;

				if (!span[j])
					continue;
				nl = cell_lines(&fv, val[j], col_w *
						(double)span[j] - 6, &lines);
				if (nl == (size_t)-1)
					return !(pg->nomem = true);
				br_text_lines_free(lines, nl);
				if (nl > maxl)
					maxl = nl;
			}
			h = (double)maxl * 8.5 + 5;
			if (pg->y + h > bottom_limit()) {
				if (!new_page(pg) ||
				    !table_header(pg, in, c0, nc, key_w,
						  col_w))
					break;
			}
			if (shown++ % 2)
				br_scene_rect(cur(pg), MARGIN, pg->y, tw, h,
					      0xf0f0f0, BR_NONE, 0);
			br_scene_text(cur(pg), MARGIN + 3, pg->y + 3 + 7,
				      BR_ANCHOR_START, &fk, keys[r]);
			x = MARGIN + key_w;
			for (j = 0; j < nc; j++) {
				char **lines;

				if (!span[j])
					continue;
				nl = cell_lines(&fv, val[j], col_w *
						(double)span[j] - 6, &lines);
				if (nl == (size_t)-1)
					return !(pg->nomem = true);
				for (k = 0; k < nl; k++)
					br_scene_text(cur(pg), x + 3, pg->y +
						      3 + 7 + 8.5 * (double)k,
						      BR_ANCHOR_START, &fv,
						      lines[k]);
				br_text_lines_free(lines, nl);
				x += col_w * (double)span[j];
				if (j + span[j] < nc)
					br_scene_line(cur(pg), x, pg->y, x,
						      pg->y + h, 0xd0d0d0,
						      0.5, 0);
			}
			pg->y += h;
		}
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
	double tw = PAGE_W - 2 * MARGIN;
	double avail = bottom_limit() - MARGIN;
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

int br_report_opts(const struct br_analysis *a, const struct br_chart_plan *p,
		   struct br_chart_opts *o, struct br_error *err)
{
	double left = 0;
	size_t k, m;

	o->width = (PAGE_W - 2 * MARGIN) / CHART_SCALE;
	o->left = 0;
	for (k = 0; k < p->n_jobs; k++) {
		struct br_scene **sc;
		struct br_error e;
		size_t n;
		int rc;

		/* the overview's pages are pages of their own */
		if (p->jobs[k].type->front)
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

static void footers(struct pager *pg, const char *title)
{
	struct br_font f = {pg->family, 7.5, false, BR_C_AXIS};
	double y = PAGE_H - MARGIN + 6;
	size_t i;

	for (i = 0; i < pg->n; i++) {
		struct br_scene *s = pg->pages[i];
		char buf[64], *t;

		br_scene_line(s, MARGIN, y - 10, PAGE_W - MARGIN, y - 10,
			      0xd0d0d0, 0.5, 0);
		snprintf(buf, sizeof buf, "Page %zu of %zu", i + 1, pg->n);
		br_scene_text(s, PAGE_W - MARGIN, y, BR_ANCHOR_END, &f, buf);
		t = br_text_ellipsize(f.family, f.size, false, title,
				      PAGE_W - 2 * MARGIN - 80);
		if (!t) {
			pg->nomem = true;
			return;
		}
		br_scene_text(s, MARGIN, y, BR_ANCHOR_START, &f, t);
		free(t);
		pg->nomem |= s->nomem;
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
	double tw = PAGE_W - 2 * MARGIN;
	char buf[256];

	*out = NULL;
	if (!p)
		goto nomem;
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
	footers(&p->pg, p->pg.title);
	if (p->pg.nomem) {
		br_pager_free(p);
		return br_error_set(err, BR_EIO, NULL, 0, "out of memory");
	}
	*pages = p->pg.pages;
	*n_pages = p->pg.n;
	free(p);
	return BR_OK;
}
