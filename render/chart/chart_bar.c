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
 * The bar chart of test ti, or of its rows [from, from + cnt) only (part
 * `part` of `parts`: a page of a tall chart), with the axis and name
 * margin of all rows, so the parts line up.
 */
static int bar_chart(const struct br_analysis *a, size_t ti,
		     const struct br_chart_opts *o, size_t from, size_t cnt,
		     size_t part, size_t parts, struct br_scene **out,
		     struct br_error *err)
{
	const struct br_atest *at = &a->tests[ti];
	const struct br_test *t = at->t;
	const size_t n_sys = a->sel->n_systems;
	struct br_font f_name = {o->family, 11, true, BR_C_HEAD};
	struct br_font f_se = {o->family, 8, false, BR_C_AXIS};
	struct br_font f_val = {o->family, 10, true, BR_C_TEXT};
	struct br_font f_tick = {o->family, 10, false, BR_C_TEXT};
	struct br_font f_fail = {o->family, 9, false, 0x808080};
	struct br_scene *sc = NULL;
	struct br_style *styles = NULL;
	struct br_axis ax;
	struct row *rows = NULL;
	struct br_label *labels = NULL;
	const char **names = NULL;
	char **se_text = NULL;
	size_t n = 0, i;
	double w = o->width, left, x0, x1, pw, top, rh, bottom, vmin, vmax;
	double name_w = 0, se_w = 0, height, grid[BR_AXIS_MAX_TICKS];
	bool any_whisker = false, any_se = false;
	size_t most_lines = 1, n_grid, r0, rn;
	struct br_test head;
	char *part_desc = NULL;
	const int dec = at->decimals, sdec = at->se_decimals;
	int rc = BR_OK;

	*out = NULL;
	rows = calloc(n_sys + 1, sizeof *rows);
	se_text = calloc(n_sys + 1, sizeof *se_text);
	names = calloc(n_sys + 1, sizeof *names);
	styles = br_system_styles(a, o);
	sc = br_scene_new(w, 0);
	if (!rows || !se_text || !names || !styles || !sc)
		goto nomem;

	/* Rows: every selected system with an entry. */
	for (i = 0; i < n_sys; i++) {
		const struct br_cell *c = &at->cells[i];
		struct row *r = &rows[n];

		if (c->kind == BR_CELL_NONE)
			continue;
		r->idx = i;
		r->name = br_analysis_system(a, i);
		r->c = c;
		if (c->kind == BR_CELL_VALUE) {
			r->s = &c->sum;
			r->key = t->dir == BR_DIR_LIB ? c->sum.mean
				 : -c->sum.mean;
		}
		n++;
	}
	if (n == 0) {
		br_scene_free(sc);
		free(rows);
		free(names);
		free(se_text);
		free(styles);
		return br_error_set(err, BR_EDATA, NULL, 0, "%s%s%s: no "
				    "selected system has a result",
				    br_nz(t->title), *br_nz(t->description) ?
				    " - " : "", br_nz(t->description));
	}
	if (o->sort == BR_SORT_NAME)
		qsort(rows, n, sizeof *rows, by_name);
	if (!at->n_values) {
		sc->height = ceil(failed_block(sc, a, at, rows, n, o));
		br_chart_set_title(sc, t);
		if (br_scene_failed(sc))
			goto nomem;
		*out = sc;
		sc = NULL;
		goto done;
	}
	else if (o->sort == BR_SORT_BEST)
		qsort(rows, n, sizeof *rows, by_best);

	/* Value range (display precision: the analysis'). */
	vmin = 0;
	vmax = 0;
	for (i = 0; i < n; i++) {
		double lo, hi;

		if (!rows[i].s)
			continue;
		vmin = fmin(vmin, rows[i].s->mean);
		vmax = fmax(vmax, rows[i].s->mean);
		/* PTS scales to the whisker tops (seed 004, BlogBench) */
		if (br_chart_whisker(o, rows[i].s, &lo, &hi)) {
			vmax = fmax(vmax, hi);
			if (rows[i].s->mean < 0)
				vmin = fmin(vmin, lo);
		}
	}

	/* Left margin from the measured names and SE lines. */
	for (i = 0; i < n; i++) {
		const struct br_summary *s = rows[i].s;
		double nw = br_text_width(f_name.family, f_name.size, true,
					  rows[i].name);

		if (nw > name_w)
			name_w = nw;
		/* a single run says so: no SE line would read as
		 * "not measured" */
		if (s && (s->n == 1 || (s->n >= 2 && isfinite(s->se)))) {
			char num[64], buf[128];

			if (s->n == 1)
				snprintf(buf, sizeof buf, "N = 1");
			else
				snprintf(buf, sizeof buf, "SE +/- %s, N = %zu",
					 br_fmt_se(num, sizeof num, s->se,
						   sdec, s->mean), s->n);
			se_text[i] = strdup(buf);
			if (!se_text[i])
				goto nomem;
			nw = br_text_width(f_se.family, f_se.size, false, buf);
			if (nw > se_w)
				se_w = nw;
		}
	}
	left = fmax(name_w, se_w) + 5 + 10;
	if (left < 70)
		left = 70;
	/* PTS allows 55 %; beyond 45 % the plot gets too narrow to read,
	 * so longer names are wrapped or shortened instead, and the margin
	 * is what their lines need. */
	if (left > 0.45 * w)
		left = floor(0.45 * w);
	left = ceil(left);
	for (i = 0; i < n; i++)
		names[i] = rows[i].name;
	labels = br_chart_labels(&f_name, names, n, left - 15, 2);
	if (!labels)
		goto nomem;
	name_w = 0;
	for (i = 0; i < n; i++) {
		size_t k;

		for (k = 0; k < labels[i].n_lines; k++)
			name_w = fmax(name_w, br_text_width(f_name.family,
				      f_name.size, true, labels[i].line[k]));
		if (labels[i].n_lines > most_lines)
			most_lines = labels[i].n_lines;
		any_se |= se_text[i] != NULL;
	}
	left = fmax(o->left, fmin(left, ceil(fmax(70, fmax(name_w, se_w) +
						    5 + 10))));
	x0 = left;
	sc->axis_x = x0;
	x1 = w - 15;
	pw = x1 - x0;
	{
		/* labels beyond their bars get room on the axis */
		struct br_bar_label *bl = calloc(n + 1, sizeof *bl);
		size_t nb = 0;

		double dur = -1;

		if (!bl)
			goto nomem;
		for (i = 0; i < n; i++) {
			char val[64];
			double wlo, whi;

			if (!rows[i].s)
				continue;
			bl[nb].value = rows[i].s->mean;
			bl[nb].from = rows[i].s->mean;
			if (br_chart_whisker(o, rows[i].s, &wlo, &whi))
				bl[nb].from = rows[i].s->mean < 0 ? wlo : whi;
			br_cell_chart_text(rows[i].c, dec, val, sizeof val);
			bl[nb++].width = br_text_width(f_val.family,
						       f_val.size, true, val);
			dur = br_chart_dur_scale(dur, rows[i].c);
		}
		br_axis_scale_labelled(vmin, vmax, bl, nb, pw, &f_tick,
				       fmax(dur, 0), &ax);
		free(bl);
	}

	rh = n < 10 ? 46 : n < 20 ? 36 : 28;
	/* two name lines (13 pt apart), the SE line, 4 pt above and below */
	if (most_lines > 1)
		rh = fmax(rh, any_se ? 42 : 34);
	r0 = from < n ? from : 0;
	rn = cnt < n - r0 ? cnt : n - r0;
	/* a part says which: "(part 2 of 3)" as a last description line */
	head = *t;
	if (parts > 1) {
		part_desc = br_chart_strf(sc, "%s%s(part %zu of %zu)",
					  br_nz(t->description),
					  *br_nz(t->description) ? "|" : "",
					  part, parts);
		if (!part_desc)
			goto nomem;
		head.description = part_desc;
	}
	top = br_chart_header(sc, &head, o, x0, 0, NULL);
	bottom = top + rh * (double)rn;

#define XOF(v) (x0 + br_axis_frac(&ax, (v)) * pw)

	/* Grid at the labelled ticks, under the bars. */
	n_grid = br_chart_xgrid(sc, &ax, &f_tick, x0, pw, top, bottom, grid);

	for (i = r0; i < r0 + rn; i++) {
		const struct row *r = &rows[i];
		const struct br_summary *s = r->s;
		double ry = top + rh * (double)(i - r0), cy = ry + rh / 2;
		double by = ry + 6, bh = rh - 12, ny;
		struct br_font fn = f_name;
		const struct br_label *l = &labels[i];

		/* name, right-aligned, and the SE line under it: the block
		 * centred on the row */
		if (!s)
			fn.color = BR_C_MUTED;
		ny = cy + 4 - (13 * (double)(l->n_lines - 1) +
			       (se_text[i] ? 10 : 0)) / 2;
		br_chart_label_draw(sc, x0 - 5, ny, BR_ANCHOR_END, &fn, l,
				    r->name, 13);
		if (se_text[i])
			br_scene_text(sc, x0 - 5, ny + 13 * (double)(l->n_lines
				      - 1) + 10, BR_ANCHOR_END, &f_se,
				      se_text[i]);
		if (i > r0)
			br_scene_line(sc, x0 - 4, ry, x0, ry, BR_C_AXIS, 1, 0);

		if (!s)
			continue;  /* drawn over the axes below */

		{
			struct br_bar_value bv = {
				round(XOF(0)), round(XOF(s->mean)), cy + 3.5,
				false, 0, 0, styles[r->idx].color, grid,
				n_grid, x0, x1, 0,
			};
			char buf[64];
			const char *val;

			if (bv.vx != bv.zx)
				br_scene_rect(sc, fmin(bv.zx, bv.vx), by,
					      fabs(bv.vx - bv.zx), bh, bv.fill,
					      BR_C_OUTLINE, 1);
			any_whisker |= br_chart_bar_whisker(sc, o, s, &ax, pw,
							     cy, &bv);
			val = br_cell_chart_text(r->c, dec, buf, sizeof buf);
			br_chart_bar_value(sc, &f_val, &bv, val);
		}
	}

	/* Axis lines over the bars: left, bottom, and zero if inside. */
	br_scene_line(sc, x0, top, x0, bottom, BR_C_AXIS, 1, 0);
	br_scene_line(sc, x0, bottom, x1, bottom, BR_C_AXIS, 1, 0);
	if (ax.lo < 0)
		br_scene_line(sc, round(XOF(0)), top, round(XOF(0)), bottom,
			      BR_C_AXIS, 1, 0);
#undef XOF
	for (i = r0; i < r0 + rn; i++) {
		double ry = top + rh * (double)(i - r0);

		if (!rows[i].s && !failed_row(sc, &rows[i], &f_fail, x0, pw,
					      ry + 6, rh - 12, ry + rh / 2))
			goto nomem;
	}

	height = br_chart_footer(sc, t, at->cells, n_sys, a->o.confidence, o,
				 x0, bottom + 28, any_whisker);
	if (height < bottom + 39)
		height = bottom + 39;
	sc->height = ceil(height);
	br_chart_set_title(sc, t);
	if (br_scene_failed(sc))
		goto nomem;
	*out = sc;
	sc = NULL;
	goto done;
nomem:
	rc = br_error_set(err, BR_EIO, NULL, 0, "out of memory");
done:
	br_scene_free(sc);
	for (i = 0; se_text && i < n_sys; i++)
		free(se_text[i]);
	free(se_text);
	br_chart_labels_free(labels, n);
	free(names);
	free(rows);
	free(part_desc);
	free(styles);
	return rc;
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
