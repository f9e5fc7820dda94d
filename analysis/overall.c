/*
 * overall.c - the overall ranking of three or more systems
 * (doc/statistics.md, "Overall ranking"): by the geometric mean against
 * the baseline, two systems tied unless the interval of their direct
 * geometric-mean ratio excludes 1; wins and shared firsts from the
 * per-test ranks.
 */
#include <math.h>
#include <stdlib.h>

#include "analysis_int.h"

#define OVERALL_MAX_SYSTEMS 200
#define OVERALL_MAX_CELLS 4000000  /* tests x systems */

void br_overall_fini(struct br_overall *o)
{
	free(o->order);
	free(o->rank);
	free(o->gm);
	free(o->wins);
	free(o->shared);
}

/*
 * Geometric mean of system b against system a over the scalar tests
 * where both have a value above 0 and the test a direction; false when
 * there is none.  ga, gb, gd: scratch of n_tests entries.
 */
static bool pair_geomean(const struct br_analysis *a, size_t x, size_t y,
			 const struct br_summary **ga,
			 const struct br_summary **gb, enum br_dir *gd,
			 struct br_geomean *out)
{
	size_t i, k = 0;

	for (i = 0; i < a->n_tests; i++) {
		const struct br_atest *at = &a->tests[i];
		const struct br_cell *cx = &at->cells[x], *cy = &at->cells[y];

		if (!at->scalar || at->t->dir == BR_DIR_UNKNOWN ||
		    cx->kind != BR_CELL_VALUE || cy->kind != BR_CELL_VALUE ||
		    !br_geomean_usable(&cx->sum, &cy->sum))
			continue;
		ga[k] = &cx->sum;
		gb[k] = &cy->sum;
		gd[k] = at->t->dir;
		k++;
	}
	return k > 0 && br_geomean(ga, gb, gd, k, a->o.confidence, out) ==
		BR_OK;
}

/* Insertion sort of order[] by gm, best first, NAN last, ties in
 * selection order (n <= OVERALL_MAX_SYSTEMS). */
static void sort_by_gm(size_t *order, size_t n, const double *gm)
{
	size_t i, j;

	for (i = 1; i < n; i++)
		for (j = i; j > 0; j--) {
			double x = gm[order[j]], y = gm[order[j - 1]];
			size_t tmp;

			if (!(isnan(y) && !isnan(x)) && !(x > y))
				break;
			tmp = order[j];
			order[j] = order[j - 1];
			order[j - 1] = tmp;
		}
}

/* Wins and shared firsts: tests where two systems or more have N >= 2;
 * a single run is never beaten, so it cannot be first either. */
static void count_firsts(struct br_analysis *a)
{
	struct br_overall *o = &a->overall;
	size_t n = a->sel->n_systems, i, j;

	for (i = 0; i < a->n_tests; i++) {
		const struct br_atest *at = &a->tests[i];
		size_t with = 0, first = 0;

		if (!at->scalar || at->t->dir == BR_DIR_UNKNOWN)
			continue;
		for (j = 0; j < n; j++)
			with += at->cells[j].sum.n >= 2;
		if (with < 2)
			continue;
		o->n_tests++;
		for (j = 0; j < n; j++)
			first += at->cells[j].sum.n >= 2 &&
				 at->cells[j].rank == 1;
		for (j = 0; j < n; j++)
			if (at->cells[j].sum.n >= 2 && at->cells[j].rank == 1) {
				if (first == 1)
					o->wins[j]++;
				else
					o->shared[j]++;
			}
	}
}

bool br_overall_possible(struct br_analysis *a)
{
	size_t n = a->sel->n_systems;

	if (n < 3)
		return false;
	if (n > OVERALL_MAX_SYSTEMS ||
	    a->sel->n_tests > OVERALL_MAX_CELLS / n) {
		a->overall.why = "too many systems or tests for pairwise "
				 "ratios";
		return false;
	}
	return true;
}

int br_overall(struct br_analysis *a)
{
	struct br_overall *o = &a->overall;
	size_t n = a->sel->n_systems, nt = a->n_tests, j, k;
	const struct br_summary **ga = NULL, **gb = NULL;
	enum br_dir *gd = NULL;
	bool *beats = NULL;
	int rc = BR_EIO;

	o->order = calloc(n, sizeof *o->order);
	o->rank = calloc(n, sizeof *o->rank);
	o->gm = calloc(n, sizeof *o->gm);
	o->wins = calloc(n, sizeof *o->wins);
	o->shared = calloc(n, sizeof *o->shared);
	beats = calloc(n * n, sizeof *beats);
	ga = calloc(nt + 1, sizeof *ga);
	gb = calloc(nt + 1, sizeof *gb);
	gd = calloc(nt + 1, sizeof *gd);
	if (!o->order || !o->rank || !o->gm || !o->wins || !o->shared ||
	    !beats || !ga || !gb || !gd)
		goto out;
	count_firsts(a);
	for (j = 0; j < n; j++) {
		o->order[j] = j;
		o->gm[j] = j == a->base ? 1 : a->geo[j].ok ? a->geo[j].g.gm
			   : NAN;
	}
	for (j = 0; j < n; j++)
		for (k = j + 1; k < n; k++) {
			struct br_geomean g;
			double lo, hi;

			if (isnan(o->gm[j]) || isnan(o->gm[k]) ||
			    !pair_geomean(a, j, k, ga, gb, gd, &g))
				continue;
			lo = g.meas_low;
			hi = g.meas_high;
			if (isnan(lo) || isnan(hi)) {
				/* a test with N < 2: the across-tests CI */
				lo = g.across_low;
				hi = g.across_high;
				o->across = true;
			}
			if (lo > 1)
				beats[k * n + j] = true;  /* k proven better */
			else if (hi < 1)
				beats[j * n + k] = true;
		}
	for (j = 0; j < n; j++) {
		if (isnan(o->gm[j]))
			continue;
		o->rank[j] = 1;
		for (k = 0; k < n; k++)
			o->rank[j] += beats[k * n + j];
	}
	sort_by_gm(o->order, n, o->gm);
	o->ok = true;
	rc = BR_OK;
out:
	free(beats);
	free(ga);
	free(gb);
	free(gd);
	return rc;
}
