/*
 * history_table.c - a history as a table: the format's writer
 * (history_text.c, history_md.c, history_data.c), the gate's lines
 * (history_out.h) and what the writers share (history_int.h).  Every
 * number and sentence is the history's; this only writes them.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "history_int.h"
#include "../output/formats.h"
#include "../text/escape.h"
#include "../../analysis/numfmt.h"
#include "../../analysis/sentence.h"

void br_hist_out_opts_defaults(struct br_hist_out_opts *o)
{
	memset(o, 0, sizeof(*o));
	o->generator = "benchreport";
}

/* ------------------------------------------------------------ which */

bool br_ht_series_shown(const struct br_history *h,
			const struct br_hist_out_opts *o, size_t i)
{
	const struct br_hist_series *s = &h->series[i];

	return o->all || s->n_changes > 0 || s->n_anomalies > 0;
}

bool br_ht_change_listed(const struct br_history *h,
			 const struct br_hist_out_opts *o,
			 const struct br_hist_change *c)
{
	return c->cp.at > h->since && (c->kept || o->all);
}

bool br_ht_anomaly_listed(const struct br_history *h, size_t j)
{
	return j > h->since;
}

const char *br_ht_label(const struct br_history *h, size_t j)
{
	if (j >= h->n_points || !h->points[j].label)
		return "?";
	return h->points[j].label;
}

const char *br_ht_title(const struct br_history *h,
			const struct br_hist_out_opts *o)
{
	if (o->title && *o->title)
		return o->title;
	if (h->rs && h->rs->title && *h->rs->title)
		return h->rs->title;
	return NULL;
}

/* ----------------------------------------------------------- numbers */

const char *br_ht_factor(char *buf, size_t size, double v, bool diff, int d)
{
	char x[64];
	size_t n;

	if (isnan(v)) {
		snprintf(buf, size, "-");
	} else if (diff) {
		br_fmt_fixed(x, sizeof x, v, d);
		snprintf(buf, size, "%s%s", v > 0 && strcmp(x, "0") &&
			 strspn(x, "0.") != strlen(x) ? "+" : "", x);
	} else {
		br_fmt_x(x, sizeof x, v, d);
		n = strlen(x);
		if (n && x[n - 1] == 'x') {     /* "2.100x" -> "x2.100" */
			x[n - 1] = '\0';
			snprintf(buf, size, "x%s", x);
		} else {                        /* "unbounded" */
			snprintf(buf, size, "%s", x);
		}
	}
	return buf;
}

/* Decimals of a ratio (a difference: the test's). */
static int ratio_decimals(const struct br_hist_series *s,
			  const struct br_cp_change *cp)
{
	return cp->diff ? s->at->decimals : 3;
}

const char *br_ht_ratio_ci(char *buf, size_t size,
			   const struct br_hist_series *s,
			   const struct br_cp_change *cp)
{
	char lo[64], hi[64];
	int d = ratio_decimals(s, cp);

	if (isnan(cp->ratio_lo) || isnan(cp->ratio_hi)) {
		*buf = '\0';
		return buf;
	}
	snprintf(buf, size, "%s to %s",
		 br_ht_factor(lo, sizeof lo, cp->ratio_lo, cp->diff, d),
		 br_ht_factor(hi, sizeof hi, cp->ratio_hi, cp->diff, d));
	return buf;
}

char *br_ht_flat(char *s)
{
	char *p;

	for (p = s; p && *p; p++)
		if (*p == BR_NBSP[0])
			*p = ' ';
	return s;
}

const char *br_ht_p(char *buf, size_t size, double p)
{
	if (isnan(p))
		snprintf(buf, size, "-");
	else
		snprintf(buf, size, "%.2g", p);
	return buf;
}

char *br_ht_before_after(const struct br_hist_series *s,
			 const struct br_cp_change *cp, const char *arrow)
{
	const char *unit = s->at && s->at->t ? s->at->t->unit.text : "";
	int d = s->at ? s->at->decimals : 2;
	char a[64], b[64];

	/* unbroken: a wrapped line never starts with the arrow */
	return br_strf("%s" BR_NBSP "%s" BR_NBSP "%s%s%s", br_fmt_value(a,
		       sizeof a, cp->mean_before, d), arrow, br_fmt_value(b,
		       sizeof b, cp->mean_after, d), unit && *unit ? BR_NBSP :
		       "",
		       br_nz(unit));
}

char *br_ht_change_words(const struct br_history *h,
			 const struct br_hist_change *c)
{
	char lv[24];

	if (!c->words)
		return br_strf("from %s", br_ht_label(h, c->cp.at));
	if (!c->ci_words || !*c->ci_words)
		return br_strf("%s", c->words);
	return br_strf("%s (%s" BR_NBSP "CI %s)", c->words, br_fmt_level(lv, sizeof lv,
		       h->o.cp.confidence), c->ci_words);
}

/* Is c one of the gate's regressions? */
static bool in_gate(const struct br_history *h,
		    const struct br_hist_change *c)
{
	size_t g;

	for (g = 0; g < h->n_gate; g++) {
		const struct br_hist_series *s = &h->series[h->gate[g].series];

		if (h->gate[g].series < h->n_series &&
		    h->gate[g].change < s->n_changes &&
		    &s->changes[h->gate[g].change] == c)
			return true;
	}
	return false;
}

/* Append "; " and piece to *acc (a new string), freeing the old. */
static bool join(char **acc, const char *piece)
{
	char *n;

	if (!*acc)
		return false;
	n = br_strf("%s%s%s", *acc, **acc ? "; " : "", piece);
	free(*acc);
	*acc = n;
	return n != NULL;
}

char *br_ht_notes(const struct br_history *h,
		  const struct br_hist_change *c)
{
	char *acc = br_strf("%s", ""), lv[24], r[64], lo[64], hi[64];
	char piece[256];

	if (c->cp.kind == BR_CP_NOISE)
		join(&acc, "noise only");
	if (c->cp.noise_changed) {
		snprintf(piece, sizeof piece, "noise changed: SD %s",
			 br_ht_factor(r, sizeof r, c->cp.sd_ratio, false, 2));
		if (!isnan(c->cp.sd_ratio_lo) && !isnan(c->cp.sd_ratio_hi))
			snprintf(piece + strlen(piece), sizeof piece -
				 strlen(piece), " (%s" BR_NBSP "CI %s to %s)",
				 br_fmt_level(lv, sizeof lv,
					      h->o.cp.noise_confidence),
				 br_ht_factor(lo, sizeof lo, c->cp.sd_ratio_lo,
					      false, 2),
				 br_ht_factor(hi, sizeof hi, c->cp.sd_ratio_hi,
					      false, 2));
		join(&acc, piece);
	}
	if (c->expected)
		join(&acc, "expected shift");
	if (in_gate(h, c))
		join(&acc, "regression at the latest point");
	if (!c->kept) {
		snprintf(piece, sizeof piece, "not kept (alpha %g, q %g)",
			 h->o.method == BR_HIST_METHOD_OTAVA ?
			 h->o.otava.max_pvalue : h->o.cp.alpha, h->o.fdr_q);
		join(&acc, piece);
	}
	return acc;
}

/* ------------------------------------------------------------- words */

/* "d1 (2018-11-27 20:20:29)", or the label alone; the date unbroken. */
static char *point_words(const struct br_history *h, size_t j)
{
	const char *date = j < h->n_points ? h->points[j].date : NULL;
	char *out, *p;
	size_t n;

	if (!date || !*date)
		return br_strf("%s", br_ht_label(h, j));
	out = br_strf("%s (%s)", br_ht_label(h, j), date);
	n = out ? strlen(out) : 0;
	for (p = out ? out + n - 1 - strlen(date) : NULL; p && *p; p++)
		if (*p == ' ')
			*p = BR_NBSP[0];
	return out;
}

char *br_ht_points_words(const struct br_history *h)
{
	char *a, *b, *out = NULL;

	if (h->n_points == 0)
		return br_strf("no points");
	a = point_words(h, 0);
	b = point_words(h, h->n_points - 1);
	if (a && b)
		out = br_strf("%zu point%s, %s, from %s to %s", h->n_points,
			      h->n_points == 1 ? "" : "s",
			      h->order_words ? h->order_words : "in order",
			      a, b);
	free(a);
	free(b);
	return out;
}

char *br_ht_method_words(const struct br_history *h)
{
	const struct br_hist_opts *o = &h->o;

	if (o->method == BR_HIST_METHOD_OTAVA)
		return br_strf("Otava's E-Divisive means (window %zu, "
			       "max p-value %g, min magnitude %g); false "
			       "discovery rate q" BR_NBSP "%g across series",
			       o->otava.window_len, o->otava.max_pvalue,
			       o->otava.min_magnitude, o->fdr_q);
	return br_strf("benchreport's change points: permutation test (%zu "
		       "permutations, alpha" BR_NBSP "%g, seed" BR_NBSP "%llu), "
		       "minimum segment %zu" BR_NBSP "points; false discovery "
		       "rate q" BR_NBSP "%g across series",
		       o->cp.permutations, o->cp.alpha,
		       (unsigned long long)o->cp.seed, o->cp.min_seg,
		       o->fdr_q);
}

char *br_ht_trend_words(const struct br_history *h)
{
	return br_strf("geometric mean of speedups against %s over %zu "
		       "test%s every point shares (above 1 is better)",
		       br_ht_label(h, 0), h->trend.n_tests,
		       h->trend.n_tests == 1 ? "" : "s");
}

/* ----------------------------------------------------------- writers */

int br_history_write_table(FILE *f, const struct br_history *h,
			   const char *format,
			   const struct br_hist_out_opts *o,
			   struct br_error *err)
{
	const struct br_out_format *fmt =
		br_out_format_find(format, BR_OUT_TABLE);
	struct br_hist_out_opts dflt;
	char *list;
	int rc;

	if (!o) {
		br_hist_out_opts_defaults(&dflt);
		o = &dflt;
	}
	if (!fmt) {
		list = br_out_format_list(BR_OUT_TABLE, "", " or ");
		rc = br_error_set(err, BR_EUSAGE, NULL, 0, "history: '%s' is "
				  "not a table format (%s)", format ? format :
				  "", list ? list : "text, md, csv or json");
		free(list);
		return rc;
	}
	switch (fmt->table) {
	case BR_FMT_TEXT: rc = br_ht_write_text(f, h, o, err); break;
	case BR_FMT_MD: rc = br_ht_write_md(f, h, o, err); break;
	case BR_FMT_CSV: rc = br_ht_write_csv(f, h, o, err); break;
	default: rc = br_ht_write_json(f, h, o, err); break;
	}
	if (rc == BR_OK && ferror(f))
		rc = br_error_set(err, BR_EIO, NULL, 0, "write error");
	return rc;
}

/* ------------------------------------------------------------- gate */

size_t br_history_write_gate(FILE *f, const struct br_history *h)
{
	char q[64], r[128], ci[256], lv[24];
	size_t g, n = 0;

	for (g = 0; g < h->n_gate; g++) {
		const struct br_hist_series *s;
		const struct br_hist_change *c;
		char *words;

		if (h->gate[g].series >= h->n_series)
			continue;
		s = &h->series[h->gate[g].series];
		if (h->gate[g].change >= s->n_changes)
			continue;
		c = &s->changes[h->gate[g].change];
		words = br_ht_flat(br_strf("%s", c->words ? c->words : "?"));
		br_fmt_level(lv, sizeof lv, h->o.cp.confidence);
		/* the interval in words' form, else the ratio's */
		if (c->ci_words && *c->ci_words)
			snprintf(ci, sizeof ci, "%s CI %s, ", lv,
				 c->ci_words);
		else if (*br_ht_ratio_ci(r, sizeof r, s, &c->cp))
			snprintf(ci, sizeof ci, "ratio %s, %s CI %s, ",
				 br_ht_factor(q, sizeof q, c->cp.ratio,
					      c->cp.diff,
					      ratio_decimals(s, &c->cp)), lv, r);
		else
			*ci = '\0';
		fputs("benchreport: regression: ", f);
		br_visible(f, s->name, 0);
		fputs(": ", f);
		br_visible(f, words ? words : "?", 0);
		fprintf(f, " (%sq %s)\n", ci, br_ht_p(q, sizeof q, c->qvalue));
		free(words);
		n++;
	}
	return n;
}
