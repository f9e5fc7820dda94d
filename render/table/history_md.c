/*
 * history_md.c - a history as GitHub-flavoured Markdown (history_out.h,
 * doc/table.md "History"): the header as paragraphs, then the "changes
 * since LABEL", anomalies and suite-trend tables and the false-discovery
 * words.  Every input string goes through br_md_text (doc/escaping.md),
 * so a name with a pipe stays in its cell.  Every number and sentence is
 * the history's.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "history_int.h"
#include "../text/escape.h"
#include "../../analysis/numfmt.h"

#define ARROW "\xe2\x86\x92"   /* U+2192 */

/* A cell: " text |" (NULL: out of memory, written empty). */
static void md_cell(FILE *f, const char *s)
{
	fputc(' ', f);
	br_md_text(f, s ? s : "");
	fputs(" |", f);
}

/* A made string as a cell, flattened (BR_NBSP as a space), then freed. */
static void md_cell_own(FILE *f, char *s)
{
	md_cell(f, br_ht_flat(s));
	free(s);
}

/* A paragraph of made text (freed). */
static void md_para(FILE *f, char *s)
{
	if (!s)
		return;
	br_ht_flat(s);
	br_md_text(f, br_md_start(f, s));
	fputs("\n\n", f);
	free(s);
}

static void md_header(FILE *f, const struct br_history *h,
		      const struct br_hist_out_opts *o)
{
	char *pts = br_ht_points_words(h), *m = br_ht_method_words(h);

	fputs("## ", f);
	br_md_text(f, br_ht_title(h, o) ? br_ht_title(h, o) : "History");
	fputs("\n\n", f);
	md_para(f, pts ? br_strf("History of %s.", pts) : NULL);
	md_para(f, m ? br_strf("Method: %s.", m) : NULL);
	free(pts);
	free(m);
}

static size_t md_n_listed(const struct br_history *h,
			  const struct br_hist_out_opts *o)
{
	size_t i, k, n = 0;

	for (i = 0; i < h->n_series; i++)
		for (k = 0; br_ht_series_shown(h, o, i) &&
		     k < h->series[i].n_changes; k++)
			n += br_ht_change_listed(h, o,
						 &h->series[i].changes[k]);
	return n;
}

static void md_change(FILE *f, const struct br_history *h,
		      const struct br_hist_series *s,
		      const struct br_hist_change *c)
{
	char r[64], ci[160], p[32], *cell;

	fputc('|', f);
	md_cell(f, s->name);
	md_cell_own(f, br_ht_change_words(h, c));
	md_cell(f, c->where_words ? c->where_words :
		br_ht_label(h, c->cp.at));
	md_cell_own(f, br_ht_before_after(s, &c->cp, ARROW));
	br_ht_factor(r, sizeof r, c->cp.ratio, c->cp.diff,
		     c->cp.diff ? s->at->decimals : 3);
	cell = *br_ht_ratio_ci(ci, sizeof ci, s, &c->cp) ?
	       br_strf("%s (%s)", r, ci) : br_strf("%s", r);
	md_cell_own(f, cell);
	md_cell(f, br_ht_p(p, sizeof p, c->cp.pvalue));
	md_cell(f, br_ht_p(p, sizeof p, c->qvalue));
	md_cell_own(f, br_ht_notes(h, c));
	fputc('\n', f);
}

static void md_changes(FILE *f, const struct br_history *h,
		       const struct br_hist_out_opts *o)
{
	char lv[24];
	size_t i, k;

	fputs("### Changes since ", f);
	br_md_text(f, br_ht_label(h, h->since));
	fputs("\n\n", f);
	if (md_n_listed(h, o) == 0) {
		md_para(f, br_strf("No change since %s in %zu series (%zu "
				   "could be tested).", br_ht_label(h,
				   h->since), h->n_series, h->n_tested));
		return;
	}
	fprintf(f, "| Test | Change | Where | Before %s after | Ratio "
		"(%s CI) | p | q | Notes |\n", ARROW,
		br_fmt_level(lv, sizeof lv, h->o.cp.confidence));
	fputs("| --- | --- | --- | ---: | --- | ---: | ---: | --- |\n", f);
	for (i = 0; i < h->n_series; i++)
		for (k = 0; br_ht_series_shown(h, o, i) &&
		     k < h->series[i].n_changes; k++)
			if (br_ht_change_listed(h, o,
						&h->series[i].changes[k]))
				md_change(f, h, &h->series[i],
					  &h->series[i].changes[k]);
	fputc('\n', f);
}

static void md_anomalies(FILE *f, const struct br_history *h,
			 const struct br_hist_out_opts *o)
{
	bool first = true;
	size_t i, k;

	for (i = 0; i < h->n_series; i++) {
		const struct br_hist_series *s = &h->series[i];

		for (k = 0; br_ht_series_shown(h, o, i) &&
		     k < s->n_anomalies; k++) {
			size_t j = s->anomalies[k];
			char v[64];

			if (!br_ht_anomaly_listed(h, j) || j >= h->n_points)
				continue;
			if (first)
				fputs("### Anomalies\n\nSingle-point spikes, "
				      "not changes.\n\n| Test | Point | Value "
				      "| Unit |\n| --- | --- | ---: | --- |\n",
				      f);
			first = false;
			fputc('|', f);
			md_cell(f, s->name);
			md_cell(f, br_ht_label(h, j));
			md_cell(f, br_cell_shown(&s->at->cells[j],
						 s->at->decimals, v,
						 sizeof v));
			md_cell(f, s->at->t->unit.text);
			fputc('\n', f);
		}
	}
	if (!first)
		fputc('\n', f);
}

static void md_trend(FILE *f, const struct br_history *h)
{
	const struct br_hist_trend *tr = &h->trend;
	char g[48], lo[48], hi[48], lv[24], *head;
	size_t j;

	if (!tr->ok || !tr->gm)
		return;
	fputs("### Suite trend\n\n", f);
	head = br_ht_trend_words(h);
	md_para(f, head ? br_strf("The %s.", head) : NULL);
	free(head);
	fprintf(f, "| Point | Date | Geometric mean | %s CI |\n"
		"| --- | --- | ---: | ---: |\n",
		br_fmt_level(lv, sizeof lv, h->o.cp.confidence));
	for (j = 0; j < h->n_points; j++) {
		bool ci = tr->lo && tr->hi && !isnan(tr->lo[j]) &&
			  !isnan(tr->hi[j]);

		fputc('|', f);
		md_cell(f, br_ht_label(h, j));
		md_cell(f, br_nz(h->points[j].date));
		md_cell(f, br_fmt_fixed(g, sizeof g, tr->gm[j], 3));
		md_cell_own(f, ci ? br_strf("%s to %s",
			br_fmt_fixed(lo, sizeof lo, tr->lo[j], 3),
			br_fmt_fixed(hi, sizeof hi, tr->hi[j], 3)) :
			br_strf("-"));
		fputc('\n', f);
	}
	fputc('\n', f);
}

int br_ht_write_md(FILE *f, const struct br_history *h,
		   const struct br_hist_out_opts *o, struct br_error *err)
{
	(void)err;
	md_header(f, h, o);
	md_changes(f, h, o);
	md_anomalies(f, h, o);
	md_trend(f, h);
	if (h->fdr_words && *h->fdr_words)
		md_para(f, br_strf("%s", h->fdr_words));
	return BR_OK;
}
