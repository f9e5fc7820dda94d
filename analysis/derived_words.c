/*
 * derived_words.c - the derived results in words (derived.h): the wins
 * table's rule and lines, the group geometric means, the greatest
 * spreads, the note on hidden unchanged tests.
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "brief.h"
#include "derived.h"
#include "numfmt.h"
#include "sentence.h"

char *br_test_name(const struct br_test *t)
{
	return br_strf("%s%s%s%s%s", br_nz(t->title),
		       t->app_version && *t->app_version ? " " : "",
		       br_nz(t->app_version),
		       t->description && *t->description ? " - " : "",
		       br_nz(t->description));
}

static const char *plural(size_t n)
{
	return n == 1 ? "" : "s";
}

char *br_wins_rule(const struct br_analysis *a)
{
	const struct br_wins *w = &a->wins;
	char lv[24], left[96] = "";

	if (w->left_out)
		snprintf(left, sizeof left, " (%zu left out)", w->left_out);
	return br_strf("A test counts where at least two of the %zu systems "
		       "and at least half of them (rounded down) have a "
		       "result, as PTS counts them: %zu test%s%s.  First: the "
		       "rank range is exactly 1 (every other system proven "
		       "behind at %s" BR_NBSP "confidence, Holm-adjusted); "
		       "last: exactly the last place; tied: neither proven.",
		       a->sel->n_systems, w->n_tests, plural(w->n_tests), left,
		       br_fmt_level(lv, sizeof lv, a->o.confidence));
}

char *br_wins_line(const struct br_analysis *a, size_t j)
{
	const struct br_wins *w = &a->wins;

	if (!w->ran[j])
		return br_strf("no counted test");
	return br_strf("first in %zu of %zu test%s, last in %zu, tied in %zu",
		       w->wins[j], w->ran[j], plural(w->ran[j]), w->losses[j],
		       w->ties[j]);
}

bool br_wins_finding(const struct br_analysis *a, char **s)
{
	const struct br_wins *w = &a->wins;
	size_t j, top = 0;

	*s = NULL;
	/* a derived result: in the summaries that ask for them */
	if (!(a->o.what & BR_AN_DERIVED) || !w->ok || !w->n_tests)
		return true;
	for (j = 1; j < a->sel->n_systems; j++)
		if (w->wins[j] > w->wins[top])
			top = j;
	if (!w->wins[top])
		return true;
	*s = br_strf("%s is first in %zu of %zu test%s, tied in %zu, last "
		     "in %zu (proven places; %zu test%s counted)",
		     br_analysis_system(a, top), w->wins[top], w->ran[top],
		     plural(w->ran[top]), w->ties[top], w->losses[top],
		     w->n_tests, plural(w->n_tests));
	return *s != NULL;
}

char *br_group_head(const struct br_analysis *a, const struct br_group *g)
{
	(void)a;
	if (g->source)
		return br_strf("%s (%s): %zu test%s", g->name, g->source,
			       g->n_tests, plural(g->n_tests));
	return br_strf("%s: %zu test%s", *g->name ? g->name : "(no unit)",
		       g->n_tests, plural(g->n_tests));
}

char *br_group_line(const struct br_analysis *a, const struct br_group *g,
		    size_t j)
{
	char rank[40] = "", *geo, *out;

	if (j == a->base)
		return NULL;
	if (!g->geo[j].ok)
		return br_strf("no test in common with the baseline");
	geo = br_geo_text(a, &g->geo[j]);
	if (!geo)
		return NULL;
	if (g->overall.ok && g->overall.rank_low[j]) {
		memcpy(rank, "; rank ", 7);
		br_fmt_rank(rank + 7, sizeof rank - 7, g->overall.rank_low[j],
			    g->overall.rank_high[j]);
	}
	out = br_strf("%s%s", geo, rank);
	free(geo);
	return out;
}

char *br_groups_head(const struct br_analysis *a)
{
	char none[96] = "";
	const char *by = a->grouped_by == BR_GROUP_SUITE ? "PTS suite" :
			 a->grouped_by == BR_GROUP_UNIT ? "unit" :
			 "test profile";

	if (a->n_ungrouped)
		snprintf(none, sizeof none, "; %zu test%s in no suite",
			 a->n_ungrouped, plural(a->n_ungrouped));
	return br_strf("Geometric means%s%s by %s (--group-by %s), against "
		       "%s%s:", a->sel->rs->derived ? " of " : "",
		       br_nz(a->sel->rs->derived), by,
		       br_group_by_name(a->grouped_by),
		       br_analysis_system(a, a->base), none);
}

char *br_spread_line(const struct br_analysis *a, const struct br_spread *sp)
{
	const struct br_atest *at = &a->tests[sp->test];

	return br_comparison_sentence(at->t, br_analysis_system(a, sp->best),
				      br_analysis_system(a, sp->worst),
				      &sp->cmp, a->o.confidence, 0,
				      at->decimals);
}

char *br_spreads_head(const struct br_analysis *a)
{
	char lv[24];

	return br_strf("Greatest proven spread from best to worst, by the "
		       "lower end of the %s" BR_NBSP "CI (%zu of %zu test%s "
		       "with one; tests whose ratio is too noisy to size "
		       "left out):",
		       br_fmt_level(lv, sizeof lv, a->o.confidence),
		       a->n_spreads, a->all_spreads, plural(a->all_spreads));
}

char *br_unchanged_note(const struct br_analysis *a)
{
	char pct[32];

	snprintf(pct, sizeof pct, "%g", a->o.equivalence);
	return br_strf("%zu test%s proven unchanged within +/-%s%% (two "
		       "one-sided tests) %s not shown.", a->n_unchanged,
		       plural(a->n_unchanged), pct,
		       a->n_unchanged == 1 ? "is" : "are");
}

char *br_group_short(const struct br_analysis *a, const struct br_group *g,
		     size_t j)
{
	const struct br_ageo *ag = &g->geo[j];
	char x[48], lo[48], hi[48], lv[24], head[64], ci[160] = "",
	     rank[40] = "";

	if (!ag->ok)
		return br_strf("no test in common with the baseline");
	if (!isnan(ag->g.meas_low))
		snprintf(ci, sizeof ci, " (%s" BR_NBSP "CI %s to %s)",
			 br_fmt_level(lv, sizeof lv, a->o.confidence),
			 br_fmt_x(lo, sizeof lo, ag->g.meas_low, 3),
			 br_fmt_x(hi, sizeof hi, ag->g.meas_high, 3));
	if (g->overall.ok && g->overall.rank_low[j]) {
		memcpy(rank, "; rank ", 7);
		br_fmt_rank(rank + 7, sizeof rank - 7, g->overall.rank_low[j],
			    g->overall.rank_high[j]);
	}
	return br_strf("%s over %s, %s%s%s", br_fmt_x(x, sizeof x, ag->g.gm,
		       3), br_geo_head(ag, head, sizeof head),
		       br_geo_words(ag), ci, rank);
}

/* ------------------------------------------------- two systems */

bool br_two_way_row(const struct br_analysis *a, size_t i, bool hide)
{
	return a->tests[i].compared &&
	       !(hide && a->unchanged && a->unchanged[i]);
}

size_t br_two_way_candidate(const struct br_analysis *a, bool hide)
{
	size_t i, rows = 0;

	if (a->sel->n_systems != 2 || !(a->o.what & BR_AN_DERIVED))
		return SIZE_MAX;
	for (i = 0; i < a->n_tests; i++)
		rows += br_two_way_row(a, i, hide);
	/* one row would repeat the sentence above it */
	return rows < 2 ? SIZE_MAX : a->base == 0 ? 1 : 0;
}

static char mark_of(const struct br_comparison *c, const char **words)
{
	switch (c->verdict) {
	case BR_VERDICT_BETTER:
		*words = "proven better";
		return ' ';
	case BR_VERDICT_WORSE:
		*words = "proven worse";
		return ' ';
	case BR_VERDICT_EQUIVALENT:
		*words = "proven equivalent";
		return '=';
	case BR_VERDICT_NO_DIFFERENCE:
	case BR_VERDICT_INCONCLUSIVE:
		*words = "no difference proven";
		return '~';
	case BR_VERDICT_SINGLE_RUN:
		break;
	}
	*words = "no interval";
	return '?';
}

void br_two_way_cell(const struct br_analysis *a, size_t i, size_t j,
		     struct br_two_way_cell *out)
{
	const struct br_cell *c = &a->tests[i].cells[j];
	char lo[48], hi[48];
	struct br_speedup sp;

	memset(out, 0, sizeof *out);
	if (c->kind != BR_CELL_VALUE || !c->cmp) {
		out->mark = '?';
		out->words = "no comparison";
		snprintf(out->value, sizeof out->value, "-");
		snprintf(out->ci, sizeof out->ci, "%s",
			 c->why ? c->why : "no comparison");
		return;
	}
	out->mark = mark_of(c->cmp, &out->words);
	br_speedup_of_cmp(c->cmp, &sp);
	out->ok = !isnan(sp.s);
	if (out->ok)
		br_fmt_x(out->value, sizeof out->value, sp.s, 3);
	else
		snprintf(out->value, sizeof out->value, "-");
	if (isnan(sp.lo))
		snprintf(out->ci, sizeof out->ci, "no ratio interval");
	else
		snprintf(out->ci, sizeof out->ci, "%s to %s",
			 br_fmt_x(lo, sizeof lo, sp.lo, 3),
			 br_fmt_x(hi, sizeof hi, sp.hi, 3));
}

char *br_two_way_head(const struct br_analysis *a, size_t j)
{
	char lv[24], eq[64] = "";

	if (a->o.equivalence > 0)
		snprintf(eq, sizeof eq, ", = proven equivalent within "
			 "+/-%g%%", a->o.equivalence);
	return br_strf("%s against %s, every test: speedup (above 1 is "
		       "better) and its %s" BR_NBSP "CI; ~ no difference "
		       "proven%s, ? no interval:", br_analysis_system(a, j),
		       br_analysis_system(a, a->base),
		       br_fmt_level(lv, sizeof lv, a->o.confidence), eq);
}

char *br_two_way_line(const struct br_analysis *a, size_t i, size_t j)
{
	struct br_two_way_cell c;
	char *name = br_test_name(a->tests[i].t), *s;

	if (!name)
		return NULL;
	br_two_way_cell(a, i, j, &c);
	if (!strcmp(c.words, "no comparison"))
		s = br_strf("? %s: %s", name, c.ci);
	else
		s = br_strf("%c %s (%s) %s", c.mark == ' ' ? BR_NBSP[0] :
			    c.mark, c.value, c.ci, name);
	free(name);
	return s;
}
