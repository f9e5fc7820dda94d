/*
 * brief_one.c - what a one-system summary says of its results (issue 22,
 * item 13): with nothing to compare, the summary still gives values, the
 * first result of each benchmark (by title, in the order of the file;
 * not PTS's install sizes), as
 * "SQLite 3.22 - Timed SQLite Insertions: 22.38 Seconds (95% CI 22.16 to
 * 22.60, N = 3)", at most BR_BRIEF_ONE of them and a line counting the
 * rest (doc/statistics.md, "The summary").
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "brief.h"
#include "numfmt.h"
#include "sentence.h"

/* Whether test i is a benchmark's result worth a line: a value, and
 * not the size PTS records of an installation ("test install size",
 * PTS's own Arguments for it). */
static bool listed(const struct br_analysis *a, size_t i)
{
	const char *args = a->tests[i].t->arguments;

	return a->tests[i].scalar &&
	       a->tests[i].cells[0].kind == BR_CELL_VALUE &&
	       !(args && !strncmp(args, "test install size", 17));
}

/* Whether test i is the first listed one of its benchmark (its title). */
static bool first_of_title(const struct br_analysis *a, size_t i)
{
	const char *ti = br_nz(a->tests[i].t->title);
	size_t k;

	for (k = 0; k < i; k++)
		if (listed(a, k) && !strcmp(br_nz(a->tests[k].t->title), ti))
			return false;
	return true;
}

/* "TEST: VALUE UNIT (95% CI LO to HI, N = 3)", or "(single run)". */
static char *value_line(const struct br_analysis *a, size_t i)
{
	const struct br_atest *at = &a->tests[i];
	const struct br_cell *c = &at->cells[0];
	const struct br_test *t = at->t;
	char v[64], lo[48], hi[48], lv[24], ci[160];

	br_cell_shown(c, at->decimals, v, sizeof v);
	if (c->sum.n >= 2 && c->sum.ci_low == c->sum.ci_low)
		snprintf(ci, sizeof ci, "%s" BR_NBSP "CI %s to %s, N = %zu",
			 br_fmt_level(lv, sizeof lv, a->o.confidence),
			 br_fmt_fixed(lo, sizeof lo, c->sum.ci_low,
				      at->se_decimals),
			 br_fmt_fixed(hi, sizeof hi, c->sum.ci_high,
				      at->se_decimals), c->sum.n);
	else
		snprintf(ci, sizeof ci, "%s", c->sum.n == 1 ? "single run" :
			 "no interval");
	return br_strf("%s%s%s%s%s: %s%s%s (%s)", br_nz(t->title),
		       t->app_version && *t->app_version ? " " : "",
		       br_nz(t->app_version),
		       t->description && *t->description ? " - " : "",
		       br_nz(t->description), v, *t->unit.text ? " " : "",
		       t->unit.text, ci);
}

bool br_brief_one_values(const struct br_analysis *a, char ***out,
			 size_t *n)
{
	size_t i, shown = 0, with = 0;
	char **v;

	*out = NULL;
	*n = 0;
	if (a->sel->n_systems != 1)
		return true;
	v = calloc(BR_BRIEF_ONE + 2, sizeof *v);
	if (!v)
		return false;
	for (i = 0; i < a->n_tests; i++) {
		/* every result counts towards the rest ("107 of 126 tests
		 * have a result" above) */
		with += a->tests[i].cells[0].kind == BR_CELL_VALUE ||
			a->tests[i].cells[0].kind == BR_CELL_SERIES;
		if (!listed(a, i))
			continue;
		if (shown == BR_BRIEF_ONE || !first_of_title(a, i))
			continue;
		if (!(v[shown++] = value_line(a, i)))
			goto nomem;
	}
	if (with > shown && shown) {
		size_t more = with - shown;

		v[shown] = br_strf("%zu more result%s in the full report",
				   more, more == 1 ? "" : "s");
		if (!v[shown++])
			goto nomem;
	}
	*out = v;
	*n = shown;
	return true;
nomem:
	for (i = 0; i < shown; i++)
		free(v[i]);
	free(v);
	return false;
}
