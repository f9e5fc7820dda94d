/*
 * history_data.c - a history for scripts (history_out.h, doc/table.md
 * "History"): CSV, one row per change and per anomaly of the "changes
 * since" table, and JSON with every point, series, change (Otava's
 * fields, the intervals, the verdicts), the trend and the false-
 * discovery figures.  Numbers in the shortest digits that read back
 * exactly; no number (NAN) is an empty CSV field or JSON null.  Every
 * number and sentence is the history's.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "history_int.h"
#include "table.h"
#include "../../analysis/numfmt.h"

/* ------------------------------------------------------------- CSV */

static const char *const csv_cols[] = {
	"kind", "test", "identifier", "unit", "direction", "index", "label",
	"date", "where_low_index", "where_high_index", "where_low_label",
	"where_high_label", "mean_before", "stddev_before", "mean_after",
	"stddev_after", "scale", "ratio", "ratio_ci_low", "ratio_ci_high",
	"forward_change_percent", "magnitude", "pvalue", "qvalue", "kept",
	"regression", "expected", "noise_changed", "sd_ratio",
	"sd_ratio_ci_low", "sd_ratio_ci_high", "value", "words",
	"where_words", "ci_words",
};
#define N_CSV (sizeof csv_cols / sizeof csv_cols[0])

static const char *yes(bool b)
{
	return b ? "true" : "false";
}

/* kind .. date: the cells that say which test and point. */
static bool csv_head(struct br_table *tb, const struct br_history *h,
		     const struct br_hist_series *s, const char *kind,
		     size_t j)
{
	const struct br_test *t = s->at->t;
	bool ok = true;

	ok &= br_table_row(tb);
	ok &= br_table_str(tb, kind);
	ok &= br_table_str(tb, s->name);
	ok &= br_table_str(tb, br_nz(t->identifier));
	ok &= br_table_str(tb, t->unit.text);
	ok &= br_table_str(tb, br_dir_name(t->dir));
	ok &= br_table_int(tb, (long long)j);
	ok &= br_table_str(tb, br_ht_label(h, j));
	ok &= br_table_str(tb, j < h->n_points ? br_nz(h->points[j].date)
			   : "");
	return ok;
}

static bool csv_change(struct br_table *tb, const struct br_history *h,
		       const struct br_hist_series *s,
		       const struct br_hist_change *c)
{
	const struct br_cp_change *cp = &c->cp;
	char *w = br_ht_flat(br_strf("%s", br_nz(c->words)));
	bool ok = csv_head(tb, h, s, cp->kind == BR_CP_NOISE ? "noise" :
			   "shift", cp->at);

	ok &= br_table_int(tb, (long long)cp->at_lo);
	ok &= br_table_int(tb, (long long)cp->at_hi);
	ok &= br_table_str(tb, br_ht_label(h, cp->at_lo));
	ok &= br_table_str(tb, br_ht_label(h, cp->at_hi));
	ok &= br_table_num_exact(tb, cp->mean_before);
	ok &= br_table_num_exact(tb, cp->sd_before);
	ok &= br_table_num_exact(tb, cp->mean_after);
	ok &= br_table_num_exact(tb, cp->sd_after);
	ok &= br_table_str(tb, cp->diff ? "difference" : "ratio");
	ok &= br_table_num_exact(tb, cp->ratio);
	ok &= br_table_num_exact(tb, cp->ratio_lo);
	ok &= br_table_num_exact(tb, cp->ratio_hi);
	ok &= br_table_num_exact(tb, c->forward_change_percent);
	ok &= br_table_num_exact(tb, c->magnitude);
	ok &= br_table_num_exact(tb, cp->pvalue);
	ok &= br_table_num_exact(tb, c->qvalue);
	ok &= br_table_str(tb, yes(c->kept));
	ok &= br_table_str(tb, yes(c->regression));
	ok &= br_table_str(tb, yes(c->expected));
	ok &= br_table_str(tb, yes(cp->noise_changed));
	ok &= br_table_num_exact(tb, cp->sd_ratio);
	ok &= br_table_num_exact(tb, cp->sd_ratio_lo);
	ok &= br_table_num_exact(tb, cp->sd_ratio_hi);
	ok &= br_table_empty(tb);
	ok &= w && br_table_str(tb, w);
	ok &= br_table_str(tb, br_nz(c->where_words));
	ok &= br_table_str(tb, br_nz(c->ci_words));
	free(w);
	return ok;
}

static bool csv_anomaly(struct br_table *tb, const struct br_history *h,
			const struct br_hist_series *s, size_t j)
{
	bool ok = csv_head(tb, h, s, "anomaly", j);
	size_t k;

	for (k = 8; k < N_CSV - 4; k++)   /* where .. sd_ratio_ci_high */
		ok &= br_table_empty(tb);
	ok &= br_table_num_exact(tb, s->at->cells[j].kind == BR_CELL_VALUE ?
				 s->at->cells[j].shown : NAN);
	for (k = 0; k < 3; k++)
		ok &= br_table_empty(tb);
	return ok;
}

int br_ht_write_csv(FILE *f, const struct br_history *h,
		    const struct br_hist_out_opts *o, struct br_error *err)
{
	struct br_table *tb = br_table_new(N_CSV, csv_cols);
	bool ok = tb != NULL;
	size_t i, k;
	int rc;

	if (ok)
		br_table_stream(tb, f, BR_FMT_CSV, "history");
	for (i = 0; ok && i < h->n_series; i++) {
		const struct br_hist_series *s = &h->series[i];

		if (!br_ht_series_shown(h, o, i))
			continue;
		for (k = 0; ok && k < s->n_changes; k++)
			if (br_ht_change_listed(h, o, &s->changes[k]))
				ok &= csv_change(tb, h, s, &s->changes[k]);
		for (k = 0; ok && k < s->n_anomalies; k++)
			if (br_ht_anomaly_listed(h, s->anomalies[k]) &&
			    s->anomalies[k] < h->n_points)
				ok &= csv_anomaly(tb, h, s, s->anomalies[k]);
	}
	if (ok)
		rc = br_table_write(tb, f, BR_FMT_CSV, "history", err);
	else
		rc = br_error_set(err, BR_EIO, NULL, 0, "out of memory");
	br_table_free(tb);
	return rc;
}

/* ------------------------------------------------------------ JSON */

/* A small JSON writer: it keeps the commas and the indentation, so the
 * document is valid whatever is written into it. */
#define J_DEPTH 8

struct jw {
	FILE *f;
	int depth;
	bool first[J_DEPTH];
	bool flat[J_DEPTH];     /* this container on one line */
};

static void j_sep(struct jw *w, const char *key)
{
	int d = w->depth;

	if (!w->first[d])
		fputc(',', w->f);
	if (w->flat[d]) {
		if (!w->first[d])
			fputc(' ', w->f);
	} else {
		fprintf(w->f, "\n%*s", 2 * (d + 1), "");
	}
	w->first[d] = false;
	if (key) {
		br_json_string(w->f, key);
		fputs(": ", w->f);
	}
}

static void j_open(struct jw *w, const char *key, char c, bool flat)
{
	if (w->depth >= 0)
		j_sep(w, key);
	fputc(c, w->f);
	w->depth++;
	w->first[w->depth] = true;
	w->flat[w->depth] = flat || (w->depth > 0 && w->flat[w->depth - 1]);
}

static void j_close(struct jw *w, char c)
{
	bool empty = w->first[w->depth], flat = w->flat[w->depth];

	w->depth--;
	if (!empty && !flat)
		fprintf(w->f, "\n%*s", 2 * (w->depth + 1), "");
	fputc(c, w->f);
}

static void j_str(struct jw *w, const char *key, const char *s)
{
	j_sep(w, key);
	if (s)
		br_json_string(w->f, s);
	else
		fputs("null", w->f);
}

/* A made string, flattened and freed (NULL: null). */
static void j_own(struct jw *w, const char *key, char *s)
{
	j_str(w, key, br_ht_flat(s));
	free(s);
}

static void j_num(struct jw *w, const char *key, double v)
{
	char buf[40];

	j_sep(w, key);
	fputs(isfinite(v) ? br_num_roundtrip(v, buf, sizeof buf) : "null",
	      w->f);
}

static void j_int(struct jw *w, const char *key, size_t v)
{
	j_sep(w, key);
	fprintf(w->f, "%zu", v);
}

static void j_bool(struct jw *w, const char *key, bool b)
{
	j_sep(w, key);
	fputs(b ? "true" : "false", w->f);
}

static void j_pair(struct jw *w, const char *key, double a, double b)
{
	j_open(w, key, '[', true);
	j_num(w, NULL, a);
	j_num(w, NULL, b);
	j_close(w, ']');
}

static void j_method(struct jw *w, const struct br_history *h)
{
	const struct br_hist_opts *o = &h->o;

	j_open(w, "method", '{', false);
	j_str(w, "name", o->method == BR_HIST_METHOD_OTAVA ? "otava" :
	      "benchreport");
	j_own(w, "words", br_ht_method_words(h));
	if (o->method == BR_HIST_METHOD_OTAVA) {
		j_int(w, "window_len", o->otava.window_len);
		j_num(w, "max_pvalue", o->otava.max_pvalue);
		j_num(w, "min_magnitude", o->otava.min_magnitude);
	} else {
		j_num(w, "alpha", o->cp.alpha);
		j_int(w, "permutations", o->cp.permutations);
		j_int(w, "min_seg", o->cp.min_seg);
		j_int(w, "max_changes", o->cp.max_changes);
		j_sep(w, "seed");
		fprintf(w->f, "%llu", (unsigned long long)o->cp.seed);
	}
	j_num(w, "confidence", o->cp.confidence);
	j_num(w, "where_confidence", o->cp.where_confidence);
	j_num(w, "noise_confidence", o->cp.noise_confidence);
	j_num(w, "fdr_q", o->fdr_q);
	j_close(w, '}');
}

static void j_points(struct jw *w, const struct br_history *h)
{
	size_t j;

	j_open(w, "points", '[', false);
	for (j = 0; j < h->n_points; j++) {
		const struct br_hist_point *p = &h->points[j];
		bool src = h->rs && p->source < h->rs->n_sources;

		j_open(w, NULL, '{', true);
		j_int(w, "index", j);
		j_str(w, "label", p->label);
		j_str(w, "date", p->date);
		j_str(w, "source", src ? h->rs->sources[p->source].path :
		      NULL);
		j_str(w, "format", src ? h->rs->sources[p->source].format :
		      NULL);
		j_close(w, '}');
	}
	j_close(w, ']');
}

static void j_change(struct jw *w, const struct br_history *h,
		     const struct br_hist_change *c)
{
	const struct br_cp_change *cp = &c->cp;

	j_open(w, NULL, '{', false);
	j_int(w, "index", cp->at);
	j_str(w, "label", br_ht_label(h, cp->at));
	j_str(w, "kind", cp->kind == BR_CP_NOISE ? "noise" : "shift");
	j_num(w, "forward_change_percent", c->forward_change_percent);
	j_num(w, "magnitude", c->magnitude);
	j_num(w, "mean_before", cp->mean_before);
	j_num(w, "stddev_before", cp->sd_before);
	j_num(w, "mean_after", cp->mean_after);
	j_num(w, "stddev_after", cp->sd_after);
	j_num(w, "pvalue", cp->pvalue);
	j_num(w, "qvalue", c->qvalue);
	j_bool(w, "difference", cp->diff);
	j_num(w, "ratio", cp->ratio);
	j_pair(w, "ratio_ci", cp->ratio_lo, cp->ratio_hi);
	j_open(w, "where", '[', true);
	j_str(w, NULL, br_ht_label(h, cp->at_lo));
	j_str(w, NULL, br_ht_label(h, cp->at_hi));
	j_close(w, ']');
	j_open(w, "where_index", '[', true);
	j_int(w, NULL, cp->at_lo);
	j_int(w, NULL, cp->at_hi);
	j_close(w, ']');
	j_num(w, "sd_ratio", cp->sd_ratio);
	j_pair(w, "sd_ratio_ci", cp->sd_ratio_lo, cp->sd_ratio_hi);
	j_bool(w, "noise_changed", cp->noise_changed);
	j_int(w, "n_before", cp->n_before);
	j_int(w, "n_after", cp->n_after);
	j_bool(w, "regression", c->regression);
	j_bool(w, "kept", c->kept);
	j_bool(w, "expected", c->expected);
	j_bool(w, "at_latest", c->at_latest);
	j_own(w, "words", c->words ? br_strf("%s", c->words) : NULL);
	j_own(w, "where_words", c->where_words ? br_strf("%s",
	      c->where_words) : NULL);
	j_own(w, "ci_words", c->ci_words ? br_strf("%s", c->ci_words) :
	      NULL);
	j_close(w, '}');
}

static void j_series(struct jw *w, const struct br_history *h, size_t i)
{
	const struct br_hist_series *s = &h->series[i];
	const struct br_test *t = s->at->t;
	size_t k;

	j_open(w, NULL, '{', false);
	j_str(w, "test", s->name);
	j_str(w, "identifier", t->identifier);
	j_str(w, "unit", t->unit.text);
	j_str(w, "direction", br_dir_name(t->dir));
	j_int(w, "n_values", s->n_values);
	j_bool(w, "log_scale", s->log_scale);
	j_num(w, "pvalue", s->pvalue);
	j_int(w, "n_kept", s->n_kept);
	j_open(w, "changes", '[', false);
	for (k = 0; k < s->n_changes; k++)
		j_change(w, h, &s->changes[k]);
	j_close(w, ']');
	j_open(w, "anomalies", '[', false);
	for (k = 0; k < s->n_anomalies; k++) {
		size_t j = s->anomalies[k];
		bool v = j < h->n_points &&
			 s->at->cells[j].kind == BR_CELL_VALUE;

		j_open(w, NULL, '{', true);
		j_int(w, "index", j);
		j_str(w, "label", br_ht_label(h, j));
		j_num(w, "value", v ? s->at->cells[j].shown : NAN);
		j_close(w, '}');
	}
	j_close(w, ']');
	j_close(w, '}');
}

static void j_trend(struct jw *w, const struct br_history *h)
{
	const struct br_hist_trend *tr = &h->trend;
	size_t j;

	j_open(w, "trend", '{', false);
	j_bool(w, "ok", tr->ok);
	j_int(w, "n_tests", tr->n_tests);
	j_own(w, "words", tr->ok ? br_ht_trend_words(h) : NULL);
	j_open(w, "points", '[', false);
	for (j = 0; tr->ok && tr->gm && j < h->n_points; j++) {
		j_open(w, NULL, '{', true);
		j_int(w, "index", j);
		j_str(w, "label", br_ht_label(h, j));
		j_num(w, "gm", tr->gm[j]);
		j_pair(w, "ci", tr->lo ? tr->lo[j] : NAN,
		       tr->hi ? tr->hi[j] : NAN);
		j_close(w, '}');
	}
	j_close(w, ']');
	j_close(w, '}');
}

static void j_fdr_gate(struct jw *w, const struct br_history *h)
{
	size_t g;

	j_open(w, "fdr", '{', false);
	j_num(w, "q", h->o.fdr_q);
	j_int(w, "series", h->n_series);
	j_int(w, "tested", h->n_tested);
	j_int(w, "changes", h->n_changes);
	j_num(w, "expected_false", h->expected_false);
	j_own(w, "words", h->fdr_words ? br_strf("%s", h->fdr_words) : NULL);
	j_close(w, '}');
	j_open(w, "gate", '[', false);
	for (g = 0; g < h->n_gate; g++) {
		const struct br_hist_gate_item *it = &h->gate[g];
		const struct br_hist_series *s;

		if (it->series >= h->n_series ||
		    it->change >= h->series[it->series].n_changes)
			continue;
		s = &h->series[it->series];
		j_open(w, NULL, '{', true);
		j_str(w, "test", s->name);
		j_int(w, "index", s->changes[it->change].cp.at);
		j_str(w, "label", br_ht_label(h, s->changes[it->change].cp.at));
		j_own(w, "words", br_ht_change_words(h,
		      &s->changes[it->change]));
		j_close(w, '}');
	}
	j_close(w, ']');
}

static const char *order_name(enum br_hist_order o)
{
	switch (o) {
	case BR_HIST_ORDER_DATE: return "date";
	case BR_HIST_ORDER_LIST: return "list";
	case BR_HIST_ORDER_ARGS: return "arguments";
	default: return "auto";
	}
}

int br_ht_write_json(FILE *f, const struct br_history *h,
		     const struct br_hist_out_opts *o, struct br_error *err)
{
	struct jw w = { .f = f, .depth = -1 };
	size_t i;

	(void)err;
	j_open(&w, NULL, '{', false);
	j_int(&w, "schema", 1);
	j_str(&w, "command", "history");
	j_str(&w, "generator", o->generator ? o->generator : "benchreport");
	j_str(&w, "title", br_ht_title(h, o));  /* null: none */
	j_str(&w, "order", order_name(h->order));
	j_str(&w, "order_words", h->order_words);
	j_open(&w, "since", '{', true);
	j_int(&w, "index", h->since);
	j_str(&w, "label", br_ht_label(h, h->since));
	j_close(&w, '}');
	j_method(&w, h);
	j_points(&w, h);
	j_open(&w, "series", '[', false);
	for (i = 0; i < h->n_series; i++)
		if (br_ht_series_shown(h, o, i))
			j_series(&w, h, i);
	j_close(&w, ']');
	j_trend(&w, h);
	j_fdr_gate(&w, h);
	j_close(&w, '}');
	fputc('\n', f);
	return BR_OK;
}
