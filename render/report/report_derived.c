/*
 * report_derived.c - the derived results (analysis/derived.h) as
 * template values for the reports and the summary (doc/templates.md,
 * "Derived results"): the group geometric means, wins and losses, the
 * greatest spreads, the two-system table.  Lists for .md and .html, blocks wrapped to 72
 * columns for .txt.  Only formatting happens here.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report.h"
#include "../../analysis/derived.h"
#include "../../analysis/sentence.h"

#define GROUPS_LISTED 10  /* in a report or summary; compare lists all */

static const char *const names[] = {
	"groups_head", "groups", "has_groups", "groups_more", "groups_text",
	"wins_rule", "wins", "has_wins", "wins_text", "spreads_head",
	"spreads", "has_spreads", "spreads_text", "two_way_head", "two_way",
	"has_two_way", "two_way_text",
};

/* s without BR_NBSP markers (for .md and .html); s itself. */
static char *spaced(char *s)
{
	char *p;

	for (p = s; s && *p; p++)
		if (*p == BR_NBSP[0])
			*p = ' ';
	return s;
}

/* A text block: paragraphs wrapped by br_report_text_wrap. */
struct tblock {
	char *buf;
	size_t len;
	FILE *fp;
	bool bad;
};

static void tb_line(struct tblock *b, const struct br_report *r, int indent,
		    char *s)
{
	char *w = s ? br_report_text_hang(r, indent, 2, s) : NULL;

	if (!b->fp || !w)
		b->bad = true;
	else
		fprintf(b->fp, "%s\n", w);
	free(w);
	free(s);
}

static char *tb_close(struct tblock *b)
{
	if (!b->fp)
		return NULL;
	if (fclose(b->fp) != 0 || b->bad) {
		free(b->buf);
		return NULL;
	}
	while (b->len && b->buf[b->len - 1] == '\n')
		b->buf[--b->len] = '\0';
	return b->buf;
}

static void tb_open(struct tblock *b)
{
	b->buf = NULL;
	b->len = 0;
	b->fp = open_memstream(&b->buf, &b->len);
	b->bad = !b->fp;
}

static size_t groups_listed(const struct br_analysis *a)
{
	return a->n_groups < GROUPS_LISTED ? a->n_groups : GROUPS_LISTED;
}

static void group_values(struct br_tdoc *d, struct br_tnode *root,
			 const struct br_report *r, enum br_report_fmt fmt)
{
	const struct br_analysis *a = r->a;
	struct br_tnode *list = br_tset_list(d, root, "groups");
	struct tblock tb;
	size_t g, j, shown = groups_listed(a);
	double top;

	tb_open(&tb);
	br_tset_bool(d, root, "has_groups", a->n_groups > 0);
	br_tset_owned(d, root, "groups_head", a->n_groups ?
		      spaced(br_groups_head(a)) : strdup(""));
	br_tset_owned(d, root, "groups_more", a->n_groups > shown ?
		      br_strf("and %zu more groups (benchreport compare "
			      "lists them all)", a->n_groups - shown) :
		      strdup(""));
	if (fmt == BR_REPORT_TEXT && a->n_groups) {
		tb_line(&tb, r, 0, br_groups_head(a));
		if (tb.fp)
			fputc('\n', tb.fp);
	}
	for (g = 0; g < shown; g++) {
		const struct br_group *gr = &a->groups[g];
		struct br_tnode *it = br_tlist_add(d, list), *lines;

		if (fmt == BR_REPORT_TEXT && tb.fp && g > 0)
			fputc('\n', tb.fp);
		if (fmt == BR_REPORT_TEXT)
			tb_line(&tb, r, 0, br_group_head(a, gr));
		br_tset_owned(d, it, "name", spaced(br_group_head(a, gr)));
		lines = br_tset_list(d, it, "lines");
		top = 0;
		for (j = 0; j < a->sel->n_systems; j++)
			if (j != a->base && gr->geo[j].ok &&
			    gr->geo[j].g.gm > top)
				top = gr->geo[j].g.gm;
		for (j = 0; j < a->sel->n_systems; j++) {
			struct br_tnode *ln;

			if (j == a->base)
				continue;
			ln = br_tlist_add(d, lines);
			br_tsetf(d, ln, "width", "%.1f", gr->geo[j].ok &&
				 top > 0 ? 100 * gr->geo[j].g.gm / top : 0);
			br_tset(d, ln, "system", br_analysis_system(a, j));
			br_tset_owned(d, ln, "text",
				      spaced(br_group_short(a, gr, j)));
			if (fmt == BR_REPORT_TEXT) {
				char *t = br_group_short(a, gr, j);

				tb_line(&tb, r, 2, t ? br_strf("%s: %s",
					br_analysis_system(a, j), t) : NULL);
				free(t);
			}
		}
	}
	if (a->n_groups > shown && fmt == BR_REPORT_TEXT)
		tb_line(&tb, r, 0, br_strf("(and %zu more groups: benchreport "
			"compare lists them all)", a->n_groups - shown));
	br_tset_owned(d, root, "groups_text", tb_close(&tb));
}

static void wins_values(struct br_tdoc *d, struct br_tnode *root,
			const struct br_report *r, enum br_report_fmt fmt)
{
	const struct br_analysis *a = r->a;
	struct br_tnode *list = br_tset_list(d, root, "wins");
	struct tblock tb;
	size_t j;

	tb_open(&tb);
	br_tset_bool(d, root, "has_wins", a->wins.ok);
	br_tset_owned(d, root, "wins_rule", a->wins.ok ?
		      spaced(br_wins_rule(a)) : strdup(""));
	if (fmt == BR_REPORT_TEXT && a->wins.ok)
		tb_line(&tb, r, 0, br_wins_rule(a));
	for (j = 0; a->wins.ok && j < a->sel->n_systems; j++) {
		struct br_tnode *it = br_tlist_add(d, list);

		br_tset(d, it, "system", br_analysis_system(a, j));
		br_tsetf(d, it, "first", "%zu", a->wins.wins[j]);
		br_tsetf(d, it, "last", "%zu", a->wins.losses[j]);
		br_tsetf(d, it, "tied", "%zu", a->wins.ties[j]);
		br_tsetf(d, it, "of", "%zu", a->wins.ran[j]);
		br_tsetf(d, it, "width", "%.1f", a->wins.ran[j] ? 100.0 *
			 (double)a->wins.wins[j] / (double)a->wins.ran[j] : 0);
		br_tset_owned(d, it, "text", spaced(br_wins_line(a, j)));
		if (fmt == BR_REPORT_TEXT) {
			char *t = br_wins_line(a, j);

			tb_line(&tb, r, 2, t ? br_strf("%s: %s",
				br_analysis_system(a, j), t) : NULL);
			free(t);
		}
	}
	br_tset_owned(d, root, "wins_text", tb_close(&tb));
}

static void spread_values(struct br_tdoc *d, struct br_tnode *root,
			  const struct br_report *r, enum br_report_fmt fmt)
{
	const struct br_analysis *a = r->a;
	struct br_tnode *list = br_tset_list(d, root, "spreads");
	struct tblock tb;
	size_t k;

	tb_open(&tb);
	br_tset_bool(d, root, "has_spreads", a->n_spreads > 0);
	br_tset_owned(d, root, "spreads_head", a->n_spreads ?
		      spaced(br_spreads_head(a)) : strdup(""));
	if (fmt == BR_REPORT_TEXT && a->n_spreads) {
		tb_line(&tb, r, 0, br_spreads_head(a));
		if (tb.fp)
			fputc('\n', tb.fp);
	}
	for (k = 0; k < a->n_spreads; k++) {
		const struct br_spread *sp = &a->spreads[k];
		struct br_tnode *it = br_tlist_add(d, list);

		br_tset_owned(d, it, "name",
			      br_test_name(a->tests[sp->test].t));
		br_tset_owned(d, it, "text", spaced(br_spread_line(a, sp)));
		if (fmt == BR_REPORT_TEXT) {
			char *n = br_test_name(a->tests[sp->test].t);
			char *t = br_spread_line(a, sp);

			tb_line(&tb, r, 0, n && t ? br_strf("- %s: %s", n, t)
				: NULL);
			free(n);
			free(t);
		}
	}
	br_tset_owned(d, root, "spreads_text", tb_close(&tb));
}

/* The two-system table (doc/statistics.md, "Two systems"): a row per
 * compared test, its speedup, interval and mark. */
static void two_way_values(struct br_tdoc *d, struct br_tnode *root,
			   const struct br_report *r, enum br_report_fmt fmt)
{
	const struct br_analysis *a = r->a;
	struct br_tnode *list = br_tset_list(d, root, "two_way");
	size_t i, j = br_two_way_candidate(a, r->o.hide_unchanged);
	struct br_two_way_cell c;
	struct tblock tb;

	tb_open(&tb);
	br_tset_bool(d, root, "has_two_way", j != SIZE_MAX);
	br_tset_owned(d, root, "two_way_head", j != SIZE_MAX ?
		      spaced(br_two_way_head(a, j)) : strdup(""));
	if (fmt == BR_REPORT_TEXT && j != SIZE_MAX)
		tb_line(&tb, r, 0, br_two_way_head(a, j));
	for (i = 0; j != SIZE_MAX && i < a->n_tests; i++) {
		struct br_tnode *it;
		char *name;

		if (!br_two_way_row(a, i, r->o.hide_unchanged))
			continue;
		br_two_way_cell(a, i, j, &c);
		name = br_test_name(a->tests[i].t);
		it = br_tlist_add(d, list);
		br_tsetf(d, it, "mark", "%c", c.mark == ' ' ? ' ' : c.mark);
		br_tset(d, it, "mark_words", c.words);
		br_tset(d, it, "value", c.value);
		br_tset(d, it, "ci", c.ci);
		br_tset_bool(d, it, "changed", c.mark == ' ');
		br_tset(d, it, "name", name ? name : "?");
		if (fmt == BR_REPORT_TEXT)
			tb_line(&tb, r, 2, br_two_way_line(a, i, j));
		free(name);
	}
	br_tset_owned(d, root, "two_way_text", tb_close(&tb));
}

int br_report_derived_values(struct br_tdoc *d, struct br_tnode *root,
			     const struct br_report *r,
			     enum br_report_fmt fmt)
{
	size_t k;
	bool want = false;

	for (k = 0; k < sizeof names / sizeof names[0]; k++)
		want |= br_tdoc_wants(d, names[k]);
	if (!want)
		return BR_OK;
	if (!(r->a->o.what & BR_AN_DERIVED)) {
		/* not computed (a chart-only analysis): every name empty */
		for (k = 0; k < sizeof names / sizeof names[0]; k++)
			if (!strncmp(names[k], "has_", 4))
				br_tset_bool(d, root, names[k], false);
			else if (!strcmp(names[k], "groups") ||
				 !strcmp(names[k], "wins") ||
				 !strcmp(names[k], "spreads") ||
				 !strcmp(names[k], "two_way"))
				br_tset_list(d, root, names[k]);
			else
				br_tset(d, root, names[k], "");
		return BR_OK;
	}
	group_values(d, root, r, fmt);
	wins_values(d, root, r, fmt);
	spread_values(d, root, r, fmt);
	two_way_values(d, root, r, fmt);
	return BR_OK;
}
