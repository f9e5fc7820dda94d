/*
 * history.c - many inputs as points of one history (history.h;
 * doc/design.md, "History"): the points and their order, the one
 * analysis of every test x point, and the series.  Change points,
 * false discoveries and the gate are history_cp.c's, the suite trend
 * history_trend.c's.
 *
 * Every system of every input is a point: rs->sources[] in the order
 * the inputs were given, each with the systems it named in file order
 * (a system merged into an earlier file's is that file's point, once).
 * The order is then
 *   - date: the systems' own time stamps (PTS TimeStamp; a text
 *     table's "# system: timestamp"), compared as the text
 *     "YYYY-MM-DD HH:MM:SS" they are written in; ties keep the inputs'
 *     order (a stable sort);
 *   - list: the labels of a list file, each naming a point or an
 *     input's points (br_hist_named); points the list does not name are
 *     left out with a warning, so a list of the last N commits picks
 *     them from a folder that keeps every result;
 *   - args: the inputs' order;
 *   - auto: date when every point has one, else args.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../model/model_int.h"
#include "history_int.h"

void br_hist_opts_defaults(struct br_hist_opts *o)
{
	memset(o, 0, sizeof *o);
	br_analysis_opts_defaults(&o->an);
	o->an.what = BR_AN_LEAN;
	o->order = BR_HIST_ORDER_AUTO;
	o->method = BR_HIST_METHOD_BR;
	br_cp_opts_defaults(&o->cp);
	br_otava_opts_defaults(&o->otava);
	o->fdr_q = 0.05;
}

const char *br_hist_strf(struct br_history *h, const char *fmt, ...)
{
	va_list ap;
	const char *s;

	va_start(ap, fmt);
	s = br_arena_vprintf(h->arena, fmt, ap);
	va_end(ap);
	return s;
}

int br_hist_warn(struct br_history *h, struct br_error *err,
		 const char *fmt, ...)
{
	va_list ap;
	const char *s, **v;

	va_start(ap, fmt);
	s = br_arena_vprintf(h->arena, fmt, ap);
	va_end(ap);
	v = realloc(h->warnings, (h->n_warnings + 1) * sizeof *v);
	if (!s || !v) {
		if (v)
			h->warnings = v;
		return br_error_set(err, BR_EIO, NULL, 0, "out of memory");
	}
	h->warnings = v;
	h->warnings[h->n_warnings++] = s;
	return BR_OK;
}

/* ------------------------------------------------------------- names */

/* The last component of path, and its length without the extension
 * (the stem); *dir gets the folder it is in ("" when none). */
static const char *path_stem(const char *path, size_t *len, const char **dir,
			     size_t *dir_len)
{
	const char *base = strrchr(path, '/'), *dot;

	*dir = "";
	*dir_len = 0;
	if (base) {
		const char *d = base;

		while (d > path && d[-1] != '/')
			d--;
		*dir = d;
		*dir_len = (size_t)(base - d);
		base++;
	} else {
		base = path;
	}
	dot = strrchr(base, '.');
	*len = dot && dot != base ? (size_t)(dot - base) : strlen(base);
	return base;
}

static bool same_text(const char *s, size_t n, const char *label)
{
	return n == strlen(label) && !strncmp(s, label, n);
}

/* Which part of a point's input a label may name. */
enum name_by { BY_PATH, BY_STEM, BY_DIR };

static bool source_named(const struct br_source *src, const char *label,
			 enum name_by by)
{
	const char *dir, *base;
	size_t len, dlen;

	if (!src || !src->path)
		return false;
	base = path_stem(src->path, &len, &dir, &dlen);
	switch (by) {
	case BY_PATH:
		return !strcmp(src->path, label);
	case BY_STEM:
		return same_text(base, len, label);
	default:
		return dlen && same_text(dir, dlen, label);
	}
}

/* Points whose input is named by label in way by; *ambiguous when
 * they belong to more than one input. */
static size_t named_by_source(const struct br_history *h, const char *label,
			      enum name_by by, size_t *idx, bool *ambiguous)
{
	const struct br_resultset *rs = h->rs;
	size_t i, n = 0, src = (size_t)-1;

	for (i = 0; i < h->n_points; i++) {
		size_t s = h->points[i].source;

		if (s >= rs->n_sources ||
		    !source_named(&rs->sources[s], label, by))
			continue;
		if (n && s != src)
			*ambiguous = true;
		src = s;
		idx[n++] = i;
	}
	if (*ambiguous && by != BY_PATH)
		return 0;
	*ambiguous = false;
	return n;
}

size_t br_hist_named(const struct br_history *h, const char *label,
		     size_t **idx, bool *ambiguous)
{
	size_t i, n = 0;
	enum name_by by;

	*ambiguous = false;
	*idx = malloc((h->n_points + 1) * sizeof **idx);
	if (!*idx)
		return (size_t)-1;
	for (i = 0; i < h->n_points && !n; i++)
		if (h->points[i].label && !strcmp(h->points[i].label, label))
			(*idx)[n++] = i;
	for (i = 0; i < h->n_points && !n; i++)
		if (!strcmp(h->rs->systems[h->points[i].system]->identifier,
			    label))
			(*idx)[n++] = i;
	for (by = BY_PATH; by <= BY_DIR && !n && !*ambiguous; by++)
		n = named_by_source(h, label, by, *idx, ambiguous);
	return n;
}

/* ------------------------------------------------------------ points */

static bool selected_system(const struct br_hist_opts *o, size_t s)
{
	size_t k;

	if (!o->sel)
		return true;
	for (k = 0; k < o->sel->n_systems; k++)
		if (o->sel->systems[k] == s)
			return true;
	return false;
}

/* A system's date: its time stamp when it starts "YYYY-MM-DD". */
static const char *system_date(const struct br_system *s)
{
	const char *t = s->timestamp;
	int i;

	if (!t)
		return NULL;
	for (i = 0; i < 10; i++)
		if (i == 4 || i == 7 ? t[i] != '-' : (t[i] < '0' || t[i] > '9'))
			return NULL;
	return t;
}

static void add_point(struct br_history *h, bool *seen, size_t s,
		      size_t source)
{
	const struct br_system *sys = h->rs->systems[s];
	struct br_hist_point *p = &h->points[h->n_points++];

	seen[s] = true;
	p->system = s;
	p->source = source;
	p->label = sys->identifier;
	p->date = system_date(sys);
}

/* Every selected system as a point, in the inputs' order. */
static int gather_points(struct br_history *h, struct br_error *err)
{
	const struct br_resultset *rs = h->rs;
	bool *seen = calloc(rs->n_systems + 1, sizeof *seen);
	size_t i, k;

	h->points = calloc(rs->n_systems + 1, sizeof *h->points);
	if (!seen || !h->points) {
		free(seen);
		return br_error_set(err, BR_EIO, NULL, 0, "out of memory");
	}
	for (i = 0; i < rs->n_sources; i++)
		for (k = 0; k < rs->sources[i].n_systems; k++) {
			size_t s = rs->sources[i].systems[k];

			if (s < rs->n_systems && !seen[s] &&
			    selected_system(&h->o, s))
				add_point(h, seen, s, i);
		}
	for (i = 0; i < rs->n_systems; i++)
		if (!seen[i] && selected_system(&h->o, i))
			add_point(h, seen, i, rs->systems[i]->source);
	free(seen);
	return BR_OK;
}

static int by_date(const void *a, const void *b)
{
	const struct br_hist_point *x = a, *y = b;
	int c = strcmp(x->date, y->date);

	if (c)
		return c;
	return x->system < y->system ? -1 : x->system > y->system;
}

/* Stable by date: ties keep the inputs' order (kept in .system's
 * place, restored after). */
static void order_by_date(struct br_history *h, size_t *rank)
{
	size_t i;

	for (i = 0; i < h->n_points; i++) {
		rank[i] = h->points[i].system;
		h->points[i].system = i;
	}
	qsort(h->points, h->n_points, sizeof *h->points, by_date);
	for (i = 0; i < h->n_points; i++)
		h->points[i].system = rank[h->points[i].system];
}

static bool every_point_dated(const struct br_history *h)
{
	size_t i;

	for (i = 0; i < h->n_points; i++)
		if (!h->points[i].date)
			return false;
	return true;
}

/* ------------------------------------------------------------- list */

static unsigned long list_line(const struct br_hist_opts *o, size_t i)
{
	return o->list_lines ? o->list_lines[i] : (unsigned long)i + 1;
}

/* The points of list label i, appended to out (marking taken[]). */
static int list_label(struct br_history *h, size_t i, unsigned long *taken,
		      struct br_hist_point *out, size_t *n_out,
		      struct br_error *err)
{
	const struct br_hist_opts *o = &h->o;
	const char *label = o->list[i], *file = o->list_path;
	size_t *idx, n, k;
	bool amb;

	n = br_hist_named(h, label, &idx, &amb);
	if (n == (size_t)-1)
		return br_error_set(err, BR_EIO, NULL, 0, "out of memory");
	if (n == 0) {
		free(idx);
		return br_error_set(err, BR_EUSAGE, file, list_line(o, i),
				    amb ? "'%s' names several inputs; give "
				    "the path" : "'%s' names no result (a "
				    "system's name, or an input's path, file "
				    "stem or folder)", label);
	}
	for (k = 0; k < n; k++)
		if (taken[idx[k]]) {
			unsigned long at = taken[idx[k]];

			free(idx);
			return br_error_set(err, BR_EUSAGE, file,
					    list_line(o, i), "'%s' names a "
					    "result listed before, at line %lu",
					    label, at);
		}
	for (k = 0; k < n; k++) {
		struct br_hist_point *p = &out[(*n_out)++];

		*p = h->points[idx[k]];
		taken[idx[k]] = list_line(o, i);
		p->label = n == 1 ? label : br_hist_strf(h, "%s: %s", label,
					h->rs->systems[p->system]->identifier);
		if (!p->label) {
			free(idx);
			return br_error_set(err, BR_EIO, NULL, 0,
					    "out of memory");
		}
	}
	free(idx);
	return BR_OK;
}

/* The points in the list's order; those it leaves out, warned of. */
static int order_by_list(struct br_history *h, struct br_error *err)
{
	unsigned long *taken = calloc(h->n_points + 1, sizeof *taken);
	struct br_hist_point *out = calloc(h->n_points + 1, sizeof *out);
	size_t i, n_out = 0, left = 0;
	int rc = BR_OK;

	if (!taken || !out)
		rc = br_error_set(err, BR_EIO, NULL, 0, "out of memory");
	for (i = 0; rc == BR_OK && i < h->o.n_list; i++)
		rc = list_label(h, i, taken, out, &n_out, err);
	for (i = 0; rc == BR_OK && i < h->n_points; i++)
		if (!taken[i] && left++ < 3)
			rc = br_hist_warn(h, err, "%s: '%s' is not in the list:"
					  " left out", h->o.list_path ?
					  h->o.list_path : "the list",
					  h->points[i].label);
	if (rc == BR_OK && left > 3)
		rc = br_hist_warn(h, err, "%s: %zu more results are not in "
				  "the list: left out", h->o.list_path ?
				  h->o.list_path : "the list", left - 3);
	if (rc == BR_OK) {
		free(h->points);
		h->points = out;
		h->n_points = n_out;
		out = NULL;
	}
	free(out);
	free(taken);
	return rc;
}

static int order_points(struct br_history *h, struct br_error *err)
{
	enum br_hist_order ord = h->o.order;
	size_t *rank;

	if (h->o.n_list && ord == BR_HIST_ORDER_AUTO)
		ord = BR_HIST_ORDER_LIST;
	if (ord == BR_HIST_ORDER_AUTO)
		ord = h->n_points && every_point_dated(h) ?
		      BR_HIST_ORDER_DATE : BR_HIST_ORDER_ARGS;
	h->order = ord;
	switch (ord) {
	case BR_HIST_ORDER_LIST:
		h->order_words = br_hist_strf(h, "in the order of the list %s",
					      h->o.list_path ? h->o.list_path
					      : "given");
		return h->order_words ? order_by_list(h, err) :
		       br_error_set(err, BR_EIO, NULL, 0, "out of memory");
	case BR_HIST_ORDER_DATE:
		if (!every_point_dated(h)) {
			size_t i = 0;

			while (h->points[i].date)
				i++;
			return br_error_set(err, BR_EUSAGE, NULL, 0, "--order "
					    "date: '%s' has no date (--order "
					    "args or a --list orders it)",
					    h->points[i].label);
		}
		rank = malloc((h->n_points + 1) * sizeof *rank);
		if (!rank)
			return br_error_set(err, BR_EIO, NULL, 0,
					    "out of memory");
		order_by_date(h, rank);
		free(rank);
		h->order_words = "ordered by the results' own dates";
		return BR_OK;
	default:
		h->order_words = h->o.order == BR_HIST_ORDER_AUTO ?
			"in the order of the inputs (not every result has a "
			"date)" : "in the order of the inputs";
		return BR_OK;
	}
}

/* h->since from the option. */
static int find_since(struct br_history *h, struct br_error *err)
{
	size_t *idx, n;
	bool amb;

	h->since = 0;
	if (!h->o.since)
		return BR_OK;
	n = br_hist_named(h, h->o.since, &idx, &amb);
	if (n == (size_t)-1)
		return br_error_set(err, BR_EIO, NULL, 0, "out of memory");
	if (n)
		h->since = idx[0];
	free(idx);
	if (!n)
		return br_error_set(err, BR_EUSAGE, NULL, 0, "--since: '%s' "
				    "names %s", h->o.since, amb ? "several "
				    "inputs; give the path" : "no point of "
				    "the history");
	return BR_OK;
}

/* ---------------------------------------------------------- analysis */

static int analyse_points(struct br_history *h, struct br_error *err)
{
	const struct br_resultset *rs = h->rs;
	size_t i, nt = h->o.sel ? h->o.sel->n_tests : rs->n_tests;

	h->sel.rs = rs;
	h->sel.tests = malloc((nt + 1) * sizeof *h->sel.tests);
	h->sel.systems = malloc((h->n_points + 1) * sizeof *h->sel.systems);
	if (!h->sel.tests || !h->sel.systems)
		return br_error_set(err, BR_EIO, NULL, 0, "out of memory");
	for (i = 0; i < nt; i++)
		h->sel.tests[i] = h->o.sel ? h->o.sel->tests[i] : i;
	h->sel.n_tests = nt;
	for (i = 0; i < h->n_points; i++)
		h->sel.systems[i] = h->points[i].system;
	h->sel.n_systems = h->n_points;
	h->o.an.baseline = NULL;
	if (!h->o.an.what)
		h->o.an.what = BR_AN_LEAN;
	return br_analyse(&h->sel, &h->o.an, &h->an, err);
}

/* One series per scalar test with a usable value at two points or
 * more, in test order. */
static int make_series(struct br_history *h, struct br_error *err)
{
	size_t i, j;

	h->series = calloc(h->an->n_tests + 1, sizeof *h->series);
	if (!h->series)
		return br_error_set(err, BR_EIO, NULL, 0, "out of memory");
	for (i = 0; i < h->an->n_tests; i++) {
		const struct br_atest *at = &h->an->tests[i];
		struct br_hist_series *s = &h->series[h->n_series];
		char *name;

		if (!at->scalar || at->n_values < 2)
			continue;
		name = br_test_full_name(at->t);
		s->name = name ? br_hist_strf(h, "%s", name) : NULL;
		free(name);
		s->muted = calloc(h->n_points + 1, sizeof *s->muted);
		if (!s->name || !s->muted) {
			free(s->muted);
			return br_error_set(err, BR_EIO, NULL, 0,
					    "out of memory");
		}
		s->at = at;
		s->pvalue = 1;
		s->log_scale = true;
		for (j = 0; j < h->n_points; j++)
			if (at->cells[j].kind == BR_CELL_VALUE) {
				s->n_values++;
				if (!(at->cells[j].sum.mean > 0))
					s->log_scale = false;
			}
		h->n_series++;
	}
	return BR_OK;
}

/* ---------------------------------------------------------- the whole */

static int build_steps(struct br_history *h, struct br_error *err)
{
	int rc = gather_points(h, err);

	if (rc == BR_OK)
		rc = order_points(h, err);
	if (rc == BR_OK && h->n_points < 2)
		rc = br_error_set(err, BR_EDATA, NULL, 0, "a history needs at "
				  "least two points (results of two systems "
				  "or files); %s %zu", h->order ==
				  BR_HIST_ORDER_LIST ? "the list names" :
				  "the inputs hold", h->n_points);
	if (rc == BR_OK)
		rc = find_since(h, err);
	if (rc == BR_OK)
		rc = analyse_points(h, err);
	if (rc == BR_OK)
		rc = make_series(h, err);
	if (rc == BR_OK)
		rc = br_hist_changes(h, err);
	if (rc == BR_OK)
		rc = br_hist_trend(h, err);
	return rc;
}

int br_history_build(const struct br_resultset *rs,
		     const struct br_hist_opts *o, struct br_history **out,
		     struct br_error *err)
{
	struct br_history *h = calloc(1, sizeof *h);
	int rc;

	*out = NULL;
	if (!h || !(h->arena = br_arena_new())) {
		free(h);
		return br_error_set(err, BR_EIO, NULL, 0, "out of memory");
	}
	h->rs = rs;
	h->o = *o;
	if (!(o->fdr_q > 0 && o->fdr_q < 1))
		rc = br_error_set(err, BR_EUSAGE, NULL, 0, "--fdr: %g is not "
				  "a level in (0, 1)", o->fdr_q);
	else
		rc = build_steps(h, err);
	if (rc != BR_OK) {
		br_history_free(h);
		return rc;
	}
	*out = h;
	return BR_OK;
}

void br_history_free(struct br_history *h)
{
	size_t i;

	if (!h)
		return;
	for (i = 0; i < h->n_series; i++) {
		free(h->series[i].changes);
		free(h->series[i].anomalies);
		free(h->series[i].muted);
	}
	free(h->series);
	free(h->points);
	free(h->trend.gm);
	free(h->trend.lo);
	free(h->trend.hi);
	free(h->gate);
	free(h->warnings);
	br_analysis_free(h->an);
	br_selection_fini(&h->sel);
	br_arena_free(h->arena);
	free(h);
}
