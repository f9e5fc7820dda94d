/*
 * derived_out.c - the derived results in compare's text (doc/
 * statistics.md, "Wins and losses", "Geometric mean per group",
 * "Greatest spread", "Two systems"): the wins table, the group geometric
 * means, the greatest spreads and the two-system table.  Every number
 * and sentence is the analysis' (analysis/derived.h).
 */
#include <math.h>
#include <stdarg.h>
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

/* The mark of a comparison in the two-system table: "~" inside the
 * noise (no difference proven), "=" proven equivalent, a space (one
 * br_wrap keeps) for a proven change, "?" single runs or no test. */
static char mark(const struct br_comparison *c)
{
	switch (c->verdict) {
	case BR_VERDICT_BETTER:
	case BR_VERDICT_WORSE:
		return BR_NBSP[0];
	case BR_VERDICT_EQUIVALENT:
		return '=';
	case BR_VERDICT_NO_DIFFERENCE:
	case BR_VERDICT_INCONCLUSIVE:
		return '~';
	case BR_VERDICT_SINGLE_RUN:
		break;
	}
	return '?';
}

static void two_way_row(FILE *fp, const struct br_analysis *a, size_t i,
			size_t j)
{
	const struct br_cell *c = &a->tests[i].cells[j];
	char *name = br_test_name(a->tests[i].t);
	char x[48], lo[48], hi[48], ci[112];
	struct br_speedup s;

	if (c->kind != BR_CELL_VALUE || !c->cmp) {
		wrap(fp, 2, "? %s: %s", name ? name : "?", c->why ? c->why :
		     "no comparison");
		free(name);
		return;
	}
	br_speedup_of_cmp(c->cmp, &s);
	if (isnan(s.lo))
		snprintf(ci, sizeof ci, "no ratio interval");
	else
		snprintf(ci, sizeof ci, "%s to %s",
			 br_fmt_x(lo, sizeof lo, s.lo, 3),
			 br_fmt_x(hi, sizeof hi, s.hi, 3));
	wrap(fp, 2, "%c %s (%s) %s", mark(c->cmp),
	     isnan(s.s) ? "-" : br_fmt_x(x, sizeof x, s.s, 3), ci,
	     name ? name : "?");
	free(name);
}

/* PTS's two-way compare: every test's speedup of the one candidate
 * against the baseline, with its interval, in one list. */
static void write_two_way(FILE *fp, const struct br_analysis *a,
			  const struct br_compare_opts *o)
{
	size_t i, j = a->base == 0 ? 1 : 0, rows = 0;
	char lv[24], eq[64] = "";

	if (a->sel->n_systems != 2)
		return;
	for (i = 0; i < a->n_tests; i++)
		rows += a->tests[i].compared &&
			!(o->hide_unchanged && a->unchanged[i]);
	if (rows < 2)     /* one row would repeat the sentence above it */
		return;
	if (a->o.equivalence > 0)
		snprintf(eq, sizeof eq, ", = proven equivalent within +/-%g%%",
			 a->o.equivalence);
	fputc('\n', fp);
	wrap(fp, 0, "%s against %s, every test: speedup (above 1 is better) "
	     "and its %s" BR_NBSP "CI; ~ no difference proven%s, ? no "
	     "interval:",
	     br_analysis_system(a, j), br_analysis_system(a, a->base),
	     br_fmt_level(lv, sizeof lv, a->o.confidence), eq);
	for (i = 0; i < a->n_tests; i++)
		if (a->tests[i].compared &&
		    !(o->hide_unchanged && a->unchanged[i]))
			two_way_row(fp, a, i, j);
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
