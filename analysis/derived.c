/*
 * derived.c - results PTS derives from a result file, made with their
 * intervals (doc/statistics.md, "Wins and losses", "Greatest spread",
 * "Two systems"): wins, losses and ties from the per-test rank ranges;
 * the tests with the greatest proven spread between their best and
 * worst system; the tests proven unchanged (TOST) for --hide-unchanged.
 * The group geometric means are in groups.c.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "analysis_int.h"

/* PTS's rule for a test to count in wins and losses
 * (pts_result_file_analyzer::generate_wins_losses_results): two values
 * or more, and at least half the systems (rounded down) with one. */
static bool wins_counts(const struct br_analysis *a, const struct br_atest *at)
{
	return at->scalar && at->t->dir != BR_DIR_UNKNOWN &&
	       at->n_values >= 2 && at->n_values >= a->sel->n_systems / 2;
}

/* The place of a value cell in a counted test with n_values values. */
static enum br_place place_of(const struct br_cell *c, size_t n_values)
{
	if (c->rank_low == 1 && c->rank_high == 1)
		return BR_PLACE_FIRST;
	if (c->rank_low == (int)n_values && c->rank_high == (int)n_values)
		return BR_PLACE_LAST;
	return BR_PLACE_TIED;
}

int br_wins(struct br_analysis *a)
{
	struct br_wins *w = &a->wins;
	size_t n = a->sel->n_systems, i, j, proven;

	w->wins = calloc(n, sizeof *w->wins);
	w->losses = calloc(n, sizeof *w->losses);
	w->ties = calloc(n, sizeof *w->ties);
	w->ran = calloc(n, sizeof *w->ran);
	w->place = calloc(a->n_tests * n + 1, 1);
	if (!w->wins || !w->losses || !w->ties || !w->ran || !w->place)
		return BR_EIO;
	for (i = 0; i < a->n_tests; i++) {
		const struct br_atest *at = &a->tests[i];

		if (!at->scalar || at->t->dir == BR_DIR_UNKNOWN)
			continue;
		if (!wins_counts(a, at)) {
			w->left_out++;
			continue;
		}
		w->n_tests++;
		for (j = 0; j < n; j++) {
			const struct br_cell *c = &at->cells[j];

			if (c->kind != BR_CELL_VALUE)
				continue;
			w->ran[j]++;
			w->place[i * n + j] = (unsigned char)
					      place_of(c, at->n_values);
			switch ((enum br_place)w->place[i * n + j]) {
			case BR_PLACE_FIRST:
				w->wins[j]++;
				break;
			case BR_PLACE_LAST:
				w->losses[j]++;
				break;
			default:
				w->ties[j]++;
			}
		}
	}
	/* shown where some place is proven: "tied in 8 of 8" for every
	 * system says only that nothing is (single runs, noisy tests) */
	for (j = 0, proven = 0; j < n; j++)
		proven += w->wins[j] + w->losses[j];
	w->ok = n >= 2 && w->n_tests >= 2 && proven > 0;
	return BR_OK;
}

enum br_place br_wins_place(const struct br_analysis *a, size_t i, size_t j)
{
	if (!a->wins.place || i >= a->n_tests || j >= a->sel->n_systems)
		return BR_PLACE_NONE;
	return (enum br_place)a->wins.place[i * a->sel->n_systems + j];
}

const char *br_place_name(enum br_place p)
{
	switch (p) {
	case BR_PLACE_FIRST:
		return "first";
	case BR_PLACE_LAST:
		return "last";
	case BR_PLACE_TIED:
		return "tied";
	case BR_PLACE_NONE:
		break;
	}
	return "";
}

/* ------------------------------------------------------------ spreads */

/* Test i's best and worst systems by mean (direction-aware: relative 1
 * is the best), first in selection order on ties; false with fewer than
 * two values or no relative performance. */
static bool extremes(const struct br_atest *at, size_t n, size_t *best,
		     size_t *worst)
{
	size_t j;
	bool any = false;

	for (j = 0; j < n; j++) {
		const struct br_cell *c = &at->cells[j];

		if (c->kind != BR_CELL_VALUE || isnan(c->relative))
			continue;
		if (!any) {
			*best = *worst = j;
			any = true;
			continue;
		}
		if (c->relative > at->cells[*best].relative)
			*best = j;
		if (c->relative < at->cells[*worst].relative)
			*worst = j;
	}
	return any && *best != *worst;
}

/* How large test i's spread is proven to be: ln of the lower end of the
 * best's speedup over the worst, or NAN when it is not a proven spread:
 * the ranks do not place the best above the worst, or the ratio is too
 * noisy to size (its interval unbounded or reaching 0). */
static double spread_of(const struct br_analysis *a, size_t i,
			struct br_spread *sp)
{
	const struct br_atest *at = &a->tests[i];
	const struct br_cell *b, *w;

	if (!at->scalar || at->t->dir == BR_DIR_UNKNOWN ||
	    !extremes(at, a->sel->n_systems, &sp->best, &sp->worst))
		return NAN;
	b = &at->cells[sp->best];
	w = &at->cells[sp->worst];
	if (!(b->rank_high < w->rank_low))
		return NAN;
	sp->test = i;
	br_compare_ex(&w->sum, &b->sum, at->t->dir, a->o.confidence, 0,
		      false, &sp->cmp);
	if (sp->cmp.too_noisy || sp->cmp.speedup_unbounded ||
	    !isfinite(sp->cmp.speedup_ci_low) ||
	    !isfinite(sp->cmp.speedup_ci_high) ||
	    !(sp->cmp.speedup_ci_low > 1))
		return NAN;
	return log(sp->cmp.speedup_ci_low);
}

/* The BR_SPREADS_SHOWN widest proven spreads, by the lower end of their
 * interval (what the data prove at least), ties in test order. */
static int spreads(struct br_analysis *a)
{
	double v[BR_SPREADS_SHOWN];
	size_t i, k;

	a->spreads = calloc(BR_SPREADS_SHOWN, sizeof *a->spreads);
	if (!a->spreads)
		return BR_EIO;
	/* the greatest among tests: one test's spread is its comparison,
	 * said already */
	for (i = 0; a->n_tests >= 2 && i < a->n_tests; i++) {
		struct br_spread sp;
		double x = spread_of(a, i, &sp);

		/* the primary metrics only, as the geometric means
		 * (doc/statistics.md, "Primary metrics") */
		if (isnan(x) || (a->primary_only && a->tests[i].t->sub_metric))
			continue;
		a->all_spreads++;
		if (a->n_spreads == BR_SPREADS_SHOWN &&
		    !(x > v[a->n_spreads - 1]))
			continue;
		k = a->n_spreads < BR_SPREADS_SHOWN ? a->n_spreads++
						     : a->n_spreads - 1;
		while (k > 0 && x > v[k - 1]) {
			a->spreads[k] = a->spreads[k - 1];
			v[k] = v[k - 1];
			k--;
		}
		a->spreads[k] = sp;
		v[k] = x;
	}
	return BR_OK;
}

/* ---------------------------------------------------------- unchanged */

/* Tests where every candidate with a value is proven equivalent to the
 * baseline within --equivalence (TOST), and at least one is. */
static int unchanged(struct br_analysis *a)
{
	size_t i, j;

	a->unchanged = calloc(a->n_tests + 1, sizeof *a->unchanged);
	if (!a->unchanged)
		return BR_EIO;
	if (!(a->o.equivalence > 0))
		return BR_OK;
	for (i = 0; i < a->n_tests; i++) {
		const struct br_atest *at = &a->tests[i];
		size_t eq = 0, other = 0;

		if (!at->compared)
			continue;
		for (j = 0; j < a->sel->n_systems; j++) {
			const struct br_cell *c = &at->cells[j];

			if (j == a->base || c->kind != BR_CELL_VALUE ||
			    !c->cmp)
				continue;
			if (c->cmp->verdict == BR_VERDICT_EQUIVALENT)
				eq++;
			else
				other++;
		}
		a->unchanged[i] = eq > 0 && other == 0;
		a->n_unchanged += a->unchanged[i];
	}
	return BR_OK;
}

int br_derived(struct br_analysis *a)
{
	if (spreads(a) != BR_OK ||
	    unchanged(a) != BR_OK || br_groups(a) != BR_OK)
		return BR_EIO;
	return BR_OK;
}

void br_derived_free(struct br_analysis *a)
{
	size_t g;

	free(a->wins.wins);
	free(a->wins.losses);
	free(a->wins.ties);
	free(a->wins.ran);
	free(a->wins.place);
	free(a->spreads);
	free(a->unchanged);
	for (g = 0; a->groups && g < a->n_groups; g++) {
		free(a->groups[g].name);
		free(a->groups[g].tests);
		free(a->groups[g].geo);
		br_overall_fini(&a->groups[g].overall);
	}
	free(a->groups);
}
