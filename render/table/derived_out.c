/*
 * derived_out.c - the derived results in compare's text (doc/
 * statistics.md, "Wins and losses", "Geometric mean per group",
 * "Greatest spread", "Two systems"): the wins table, the group geometric
 * means, the greatest spreads and the two-system table.  Every number
 * and sentence is the analysis' (analysis/derived.h).
 */
#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "results.h"
#include "../text/words.h"
#include "../../analysis/derived.h"
#include "../../analysis/numfmt.h"
#include "../../analysis/sentence.h"

#define WIDTH 72

static void wrap(FILE *fp, int indent, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
static void wrap(FILE *fp, int indent, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	br_vwrap(fp, indent, 2, WIDTH, fmt, ap);
	va_end(ap);
}

static void write_wins(FILE *fp, const struct br_analysis *a)
{
	size_t j;
	char *rule;

	if (!a->wins.ok || !a->wins.n_tests)
		return;
	rule = br_wins_rule(a);
	fputc('\n', fp);
	wrap(fp, 0, "Wins and losses. %s", rule ? rule : "?");
	free(rule);
	for (j = 0; j < a->sel->n_systems; j++) {
		char *line = br_wins_line(a, j);

		wrap(fp, 2, "%s: %s", br_analysis_system(a, j),
		     line ? line : "?");
		free(line);
	}
}

static void write_groups(FILE *fp, const struct br_analysis *a)
{
	size_t g, j;
	char *head;

	if (a->groups_why) {
		fputc('\n', fp);
		wrap(fp, 0, "No geometric means by group: %s.", a->groups_why);
	}
	if (!a->n_groups)
		return;
	head = br_groups_head(a);
	fputc('\n', fp);
	wrap(fp, 0, "%s", head ? head : "?");
	free(head);
	for (g = 0; g < a->n_groups; g++) {
		const struct br_group *gr = &a->groups[g];

		head = br_group_head(a, gr);
		wrap(fp, 2, "%s", head ? head : "?");
		free(head);
		for (j = 0; j < a->sel->n_systems; j++) {
			char *line;

			if (j == a->base)
				continue;
			line = br_group_line(a, gr, j);
			wrap(fp, 4, "%s: %s", br_analysis_system(a, j),
			     line ? line : "?");
			free(line);
		}
	}
}

static void write_spreads(FILE *fp, const struct br_analysis *a)
{
	size_t k;
	char *head;

	if (!a->n_spreads)
		return;
	head = br_spreads_head(a);
	fputc('\n', fp);
	wrap(fp, 0, "%s", head ? head : "?");
	free(head);
	for (k = 0; k < a->n_spreads; k++) {
		const struct br_spread *sp = &a->spreads[k];
		char *name = br_test_name(a->tests[sp->test].t);
		char *line = br_spread_line(a, sp);

		wrap(fp, 2, "%s: %s", name ? name : "?", line ? line : "?");
		free(name);
		free(line);
	}
}

/* PTS's two-way compare: every test's speedup of the one candidate
 * against the baseline, with its interval, in one list. */
static void write_two_way(FILE *fp, const struct br_analysis *a,
			  const struct br_compare_opts *o)
{
	size_t i, j = br_two_way_candidate(a, o->hide_unchanged);
	char *s;

	if (j == SIZE_MAX)
		return;
	s = br_two_way_head(a, j);
	fputc('\n', fp);
	wrap(fp, 0, "%s", s ? s : "?");
	free(s);
	for (i = 0; i < a->n_tests; i++) {
		if (!br_two_way_row(a, i, o->hide_unchanged))
			continue;
		s = br_two_way_line(a, i, j);
		wrap(fp, 2, "%s", s ? s : "?");
		free(s);
	}
}

bool br_table_place(struct br_table *tb, const struct br_analysis *a,
		    size_t i, size_t j)
{
	bool ok = br_table_str(tb, br_place_name(br_wins_place(a, i, j)));
	size_t k;

	for (k = 0; k < 4; k++)
		ok &= br_table_empty(tb);
	return ok;
}

bool br_table_wins_rows(struct br_table *tb, const struct br_analysis *a,
			size_t middle, size_t note_at)
{
	char *rule, *p;
	size_t j, k;
	bool ok = true;

	if (!a->wins.ok)
		return true;
	rule = br_wins_rule(a);
	if (!rule)
		return false;
	for (p = rule; *p; p++)
		if (*p == BR_NBSP[0])
			*p = ' ';
	for (j = 0; ok && j < a->sel->n_systems; j++) {
		ok &= br_table_row(tb);
		ok &= br_table_str(tb, "wins");
		ok &= br_table_str(tb, "Wins and losses");
		ok &= br_table_str(tb, "");
		ok &= br_table_str(tb, "");
		ok &= br_table_str(tb, "");
		ok &= br_table_str(tb, br_analysis_system(a, j));
		for (k = 0; k < middle; k++)
			ok &= k == note_at ? br_table_str(tb, rule)
					   : br_table_empty(tb);
		ok &= br_table_str(tb, "");
		ok &= br_table_int(tb, (long long)a->wins.wins[j]);
		ok &= br_table_int(tb, (long long)a->wins.losses[j]);
		ok &= br_table_int(tb, (long long)a->wins.ties[j]);
		ok &= br_table_int(tb, (long long)a->wins.ran[j]);
	}
	free(rule);
	return ok;
}

void br_write_derived_text(FILE *fp, const struct br_analysis *a,
			   const struct br_compare_opts *o)
{
	char *note;

	if (!(a->o.what & BR_AN_DERIVED))
		return;
	write_two_way(fp, a, o);
	write_groups(fp, a);
	write_wins(fp, a);
	write_spreads(fp, a);
	if (o->hide_unchanged && a->n_unchanged) {
		note = br_unchanged_note(a);
		fputc('\n', fp);
		wrap(fp, 0, "%s", note ? note : "?");
		free(note);
	}
}
