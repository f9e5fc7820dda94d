/*
 * history_text.c - a history as text for a terminal or a mail
 * (history_out.h, doc/table.md "History"): a header (the points, their
 * order, the method), the "changes since LABEL" table, anomalies, the
 * suite trend and the false-discovery words.  72 columns as compare's
 * text: a test name that does not fit loses its middle in the table
 * (never two alike) and is written whole on the line under it.  Every
 * number and sentence is the history's.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "history_int.h"
#include "../report/template.h"
#include "../text/escape.h"
#include "../text/uchar.h"
#include "../text/words.h"
#include "../../analysis/numfmt.h"

#define WIDTH 72
#define NAME_MIN 16     /* the test column is never narrower */
#define GAP 2

/* s as the medium takes it: what a terminal would act on shown as an
 * escape (br_visible: ESC as \x1b), then ASCII where faithful unless utf8
 * (doc/table.md, "Columns, scripts and direction in text"); the BR_NBSP
 * markers kept (br_visible and br_ascii would not).  A new string; NULL
 * on ENOMEM. */
static char *plain(const struct br_hist_out_opts *o, const char *s)
{
	char *copy = br_strf("%s", br_nz(s)), *out = br_strf("%s", "");
	char *piece, *v, *a, *n, *next;

	for (piece = copy; copy && out && piece; piece = next) {
		next = strchr(piece, BR_NBSP[0]);
		if (next)
			*next++ = '\0';
		v = br_visible_dup(piece, 0);
		a = !v || o->utf8 ? v : br_ascii(v);
		n = a ? br_strf("%s%s%s", out, piece == copy ? "" : BR_NBSP,
				a) : NULL;
		if (a != v)
			free(a);
		free(v);
		free(out);
		out = n;
	}
	free(copy);
	return out;
}

/* One wrapped paragraph of made text (NULL: out of memory, not said). */
static void say(FILE *f, const struct br_hist_out_opts *o, int indent,
		const char *s)
{
	char *p;

	if (!s)
		return;
	p = plain(o, s);
	if (p)
		br_wrap(f, indent, 2, WIDTH, "%s", p);
	free(p);
}

static void header(FILE *f, const struct br_history *h,
		   const struct br_hist_out_opts *o)
{
	char *pts = br_ht_points_words(h), *m = br_ht_method_words(h);
	const char *title = br_ht_title(h, o);
	char *line = !pts ? NULL : title ? br_strf("%s: history of %s.",
		title, pts) : br_strf("History of %s.", pts);

	say(f, o, 0, line);
	free(line);
	line = m ? br_strf("Method: %s.", m) : NULL;
	say(f, o, 0, line);
	free(line);
	free(pts);
	free(m);
}

/* ------------------------------------------------------------ table */

struct row {
	size_t s, c;            /* series, change */
	size_t name;            /* index into the table's names */
	char ratio[64], ci[160], p[32], q[32];
};

struct tab {
	struct row *rows;
	size_t n;
	char **full;            /* per name: shown whole (visible, plain) */
	char **shortn;          /* ... cut to the column */
	size_t n_names;
	size_t w[5];            /* name, ratio, ci, p, q */
};

static void tab_free(struct tab *t)
{
	size_t k;

	for (k = 0; k < t->n_names; k++)
		free(t->full ? t->full[k] : NULL);
	free(t->full);
	if (t->shortn)
		br_text_short_names_free(t->shortn, t->n_names);
	free(t->rows);
}

static size_t max_sz(size_t a, size_t b)
{
	return a > b ? a : b;
}

/* The rows and their cells; false on ENOMEM. */
static bool tab_rows(struct tab *t, const struct br_history *h,
		     const struct br_hist_out_opts *o)
{
	size_t i, k, cap = 0;

	for (i = 0; i < h->n_series; i++)
		if (br_ht_series_shown(h, o, i))
			cap += h->series[i].n_changes;
	t->rows = calloc(cap ? cap : 1, sizeof *t->rows);
	t->full = calloc(cap ? cap : 1, sizeof *t->full);
	if (!t->rows || !t->full)
		return false;
	for (i = 0; i < h->n_series; i++) {
		const struct br_hist_series *s = &h->series[i];
		bool named = false;

		if (!br_ht_series_shown(h, o, i))
			continue;
		for (k = 0; k < s->n_changes; k++) {
			const struct br_hist_change *c = &s->changes[k];
			struct row *r = &t->rows[t->n];

			if (!br_ht_change_listed(h, o, c))
				continue;
			if (!named) {
				t->full[t->n_names] = plain(o, s->name);
				if (!t->full[t->n_names++])
					return false;
				named = true;
			}
			r->s = i;
			r->c = k;
			r->name = t->n_names - 1;
			br_ht_factor(r->ratio, sizeof r->ratio, c->cp.ratio,
				     c->cp.diff, c->cp.diff ? s->at->decimals
				     : 3);
			if (!*br_ht_ratio_ci(r->ci, sizeof r->ci, s, &c->cp))
				snprintf(r->ci, sizeof r->ci, "-");
			br_ht_p(r->p, sizeof r->p, c->cp.pvalue);
			br_ht_p(r->q, sizeof r->q, c->qvalue);
			t->n++;
		}
	}
	return true;
}

/* Column widths, the names cut to what is left of WIDTH. */
static bool tab_widths(struct tab *t, const char *ci_head)
{
	size_t k, rest, nw = 4;     /* "Test" */

	t->w[1] = strlen("Change");
	t->w[2] = br_cols(ci_head);
	t->w[3] = t->w[4] = 1;
	for (k = 0; k < t->n; k++) {
		t->w[1] = max_sz(t->w[1], br_cols(t->rows[k].ratio));
		t->w[2] = max_sz(t->w[2], br_cols(t->rows[k].ci));
		t->w[3] = max_sz(t->w[3], strlen(t->rows[k].p));
		t->w[4] = max_sz(t->w[4], strlen(t->rows[k].q));
	}
	rest = t->w[1] + t->w[2] + t->w[3] + t->w[4] + 4 * GAP;
	rest = rest + NAME_MIN < WIDTH ? WIDTH - rest : NAME_MIN;
	t->shortn = br_text_short_names((const char *const *)t->full,
					t->n_names, rest);
	if (!t->shortn)
		return false;
	for (k = 0; k < t->n_names; k++)
		nw = max_sz(nw, br_cols(t->shortn[k]));
	t->w[0] = nw;
	return true;
}

/* A cell padded to w: right-aligned or left (then padded only when more
 * columns follow). */
static void cell(FILE *f, const char *s, size_t w, bool right, bool last)
{
	size_t c = br_cols(s), pad = w > c ? w - c : 0;
	char *m = NULL;

	if (right)
		br_spaces(f, pad);
	for (const char *p = s; *p; p++)
		if ((unsigned char)*p >= 0xd6 && (unsigned char)*p <= 0xf0) {
			m = br_bidi_marks(s);   /* right-to-left names */
			break;
		}
	fputs(m ? m : s, f);
	free(m);
	if (!right && !last)
		br_spaces(f, pad);
}

static void tab_line(FILE *f, const struct tab *t, const char *const *c)
{
	size_t k;

	for (k = 0; k < 5; k++) {
		if (k)
			br_spaces(f, GAP);
		cell(f, c[k], t->w[k], k == 1 || k >= 3, k == 4);
	}
	fputc('\n', f);
}

/* The line under a row: the name when the table cut it, the change in
 * words, where, before and after, the notes. */
static void row_words(FILE *f, const struct br_history *h,
		      const struct br_hist_out_opts *o, const struct tab *t,
		      const struct row *r)
{
	const struct br_hist_series *s = &h->series[r->s];
	const struct br_hist_change *c = &s->changes[r->c];
	char *w = br_ht_change_words(h, c), *notes = br_ht_notes(h, c);
	char *ba = br_ht_before_after(s, &c->cp, o->utf8 ? "\xe2\x86\x92"
				      : "->");
	bool cut = strcmp(t->full[r->name], t->shortn[r->name]) != 0;
	bool where = c->where_words && c->cp.at_lo != c->cp.at_hi;
	char *line = w && notes && ba ?
		br_strf("%s%s%s%s%s: %s%s%s", cut ? s->name : "", cut ? ": "
			: "", w, where ? ", " : "", where ? c->where_words :
			"", ba, *notes ? "; " : "", notes) : NULL;

	say(f, o, 2, line);
	free(line);
	free(w);
	free(notes);
	free(ba);
}

static bool changes(FILE *f, const struct br_history *h,
		    const struct br_hist_out_opts *o)
{
	struct tab t = { 0 };
	char lv[24], ci_head[48], *line;
	const char *head[5];
	size_t k;
	bool ok = tab_rows(&t, h, o);

	snprintf(ci_head, sizeof ci_head, "%s CI",
		 br_fmt_level(lv, sizeof lv, h->o.cp.confidence));
	if (ok && t.n == 0) {
		line = br_strf("No change since %s in %zu series (%zu could be "
			       "tested).", br_ht_label(h, h->since),
			       h->n_series, h->n_tested);
		fputc('\n', f);
		say(f, o, 0, line);
		free(line);
	} else if (ok && (ok = tab_widths(&t, ci_head))) {
		line = br_strf("Changes since %s:", br_ht_label(h, h->since));
		fputc('\n', f);
		say(f, o, 0, line);
		free(line);
		fputc('\n', f);
		head[0] = "Test";
		head[1] = "Change";
		head[2] = ci_head;
		head[3] = "p";
		head[4] = "q";
		tab_line(f, &t, head);
		for (k = 0; k < t.n; k++) {
			head[0] = t.shortn[t.rows[k].name];
			head[1] = t.rows[k].ratio;
			head[2] = t.rows[k].ci;
			head[3] = t.rows[k].p;
			head[4] = t.rows[k].q;
			tab_line(f, &t, head);
			row_words(f, h, o, &t, &t.rows[k]);
		}
	}
	tab_free(&t);
	return ok;
}

/* ------------------------------------------------- anomalies, trend */

static void anomalies(FILE *f, const struct br_history *h,
		      const struct br_hist_out_opts *o)
{
	bool first = true;
	size_t i, k;

	for (i = 0; i < h->n_series; i++) {
		const struct br_hist_series *s = &h->series[i];
		const char *unit = s->at->t->unit.text;

		for (k = 0; br_ht_series_shown(h, o, i) &&
		     k < s->n_anomalies; k++) {
			size_t j = s->anomalies[k];
			char v[64], *line;

			if (!br_ht_anomaly_listed(h, j) || j >= h->n_points)
				continue;
			if (first)
				fputs("\nAnomalies (single-point spikes, not "
				      "changes):\n", f);
			first = false;
			br_cell_shown(&s->at->cells[j], s->at->decimals, v,
				      sizeof v);
			line = br_strf("%s at %s: %s%s%s", s->name,
				       br_ht_label(h, j), *v ? v : "-",
				       *v && *unit ? " " : "", *v ? unit : "");
			say(f, o, 2, line);
			free(line);
		}
	}
}

/* One point of the trend: "d2 1.012 (0.998 to 1.026)", unbroken. */
static char *trend_item(const struct br_history *h, size_t j)
{
	const struct br_hist_trend *tr = &h->trend;
	char g[48], lo[48], hi[48];

	br_fmt_fixed(g, sizeof g, tr->gm[j], 3);
	if (tr->lo && tr->hi && !isnan(tr->lo[j]) && !isnan(tr->hi[j]))
		return br_strf("%s" BR_NBSP "%s" BR_NBSP "(%s" BR_NBSP "to"
			       BR_NBSP "%s)", br_ht_label(h, j), g,
			       br_fmt_fixed(lo, sizeof lo, tr->lo[j], 3),
			       br_fmt_fixed(hi, sizeof hi, tr->hi[j], 3));
	return br_strf("%s" BR_NBSP "%s", br_ht_label(h, j), g);
}

static void trend(FILE *f, const struct br_history *h,
		  const struct br_hist_out_opts *o)
{
	char *head, *acc, *item, *n, lv[24];
	size_t j;

	if (!h->trend.ok || !h->trend.gm)
		return;
	head = br_ht_trend_words(h);
	acc = head ? br_strf("Suite trend, the %s, with its %s CI:", head,
			     br_fmt_level(lv, sizeof lv, h->o.cp.confidence))
		   : NULL;
	fputc('\n', f);
	say(f, o, 0, acc);
	free(head);
	free(acc);
	acc = br_strf("%s", "");
	for (j = 0; acc && j < h->n_points; j++) {
		item = trend_item(h, j);
		n = item ? br_strf("%s%s%s", acc, j ? ", " : "", item) : NULL;
		free(item);
		free(acc);
		acc = n;
	}
	say(f, o, 2, acc);
	free(acc);
}

int br_ht_write_text(FILE *f, const struct br_history *h,
		     const struct br_hist_out_opts *o, struct br_error *err)
{
	header(f, h, o);
	if (!changes(f, h, o))
		return br_error_set(err, BR_EIO, NULL, 0, "out of memory");
	anomalies(f, h, o);
	trend(f, h, o);
	if (h->fdr_words && *h->fdr_words) {
		fputc('\n', f);
		say(f, o, 0, h->fdr_words);
	}
	return BR_OK;
}
