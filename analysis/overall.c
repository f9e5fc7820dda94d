/*
 * overall.c - the overall ranking of three or more systems
 * (doc/statistics.md, "Overall ranking"): ordered by the geometric mean
 * against the baseline; rank ranges from the direct geometric-mean ratio
 * of every pair, proven by its measurement interval (the one behind the
 * verdict against the baseline) with Holm's adjustment over the pairs;
 * firsts from the per-test rank ranges.  The same over a subset of the
 * tests (br_overall_over): a group's ranking (groups.c).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis_int.h"

#define OVERALL_MAX_SYSTEMS 200
#define OVERALL_MAX_CELLS 4000000  /* tests x systems */

void br_overall_fini(struct br_overall *o)
{
	free(o->order);
	free(o->rank_low);
	free(o->rank_high);
	free(o->gm);
	free(o->wins);
	free(o->could);
	free(o->ran);
	free(o->swaps);
}

/* The tests a ranking is over: idx[0..n) (a group's), or every test. */
struct sub {
	const size_t *idx;
	size_t n;
};

static size_t sub_n(const struct br_analysis *a, const struct sub *only)
{
	return only ? only->n : a->n_tests;
}

static size_t sub_at(const struct sub *only, size_t s)
{
	return only ? only->idx[s] : s;
}

/*
 * Geometric mean of system b against system a over the scalar tests
 * where both have a value above 0 and the test a direction; false when
 * there is none.  ga, gb, gd: scratch of n_tests entries.
 */
static bool pair_geomean(const struct br_analysis *a, const struct sub *only,
			 size_t x, size_t y, const struct br_summary **ga,
			 const struct br_summary **gb, enum br_dir *gd,
			 struct br_geomean *out)
{
	size_t s, k = 0;

	for (s = 0; s < sub_n(a, only); s++) {
		const struct br_atest *at = &a->tests[sub_at(only, s)];
		const struct br_cell *cx = &at->cells[x], *cy = &at->cells[y];

		if (!at->scalar || at->t->dir == BR_DIR_UNKNOWN ||
		    (a->primary_only && at->t->sub_metric) ||
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

/* Whether i must be listed above j: a chain of proven pairs leads from i
 * to j and none back (a cycle leaves its members unordered). */
static bool must_above(const bool *reach, size_t n, size_t i, size_t j)
{
	return reach[i * n + j] && !reach[j * n + i];
}

/*
 * order[] (sorted by gm) made to follow the proven pairs: each next is
 * the first in gm order whose musts above it are all placed (a pair is
 * proven on the tests both ran, so with missing results it can disagree
 * with the order of geometric means against the baseline).  The musts
 * form no cycle, so one is always ready, and every system lies within
 * its rank range.  reach: br_rank_order_ranges'; placed: scratch of n.
 */
static void follow_proofs(size_t *order, size_t n, const bool *reach,
			  bool *placed)
{
	size_t out, k, i, pick;

	for (i = 0; i < n; i++)
		placed[i] = false;
	for (out = 0; out < n; out++) {
		pick = out;
		for (k = out; k < n; k++) {
			size_t c = order[k];
			bool ready = true;

			for (i = 0; i < n && ready; i++)
				ready = placed[i] || !must_above(reach, n, i,
								  c);
			if (ready) {
				pick = k;
				break;
			}
		}
		i = order[pick];
		memmove(order + out + 1, order + out,
			(pick - out) * sizeof *order);
		order[out] = i;
		placed[i] = true;
	}
}

/*
 * The verdicts against the baseline (unadjusted, doc/statistics.md,
 * "Overall ranking") contradict the ranking where a chain of Holm-proven
 * pairs, each over the tests its two systems ran, puts a system above
 * the baseline though its own geometric mean against the baseline is
 * proven worse (or below it, proven better): as on a cycle of proven
 * pairs, every system of such a cycle is left unordered among the others
 * of it (reach gets both ways, and the ranges widen).  The verdicts
 * order nothing by themselves.
 */
static bool widen_by_verdicts(const struct br_analysis *a,
			      const struct br_ageo *geo, const bool *has,
			      const bool *beats, bool *reach, int *low,
			      int *high)
{
	size_t n = a->sel->n_systems, i, j, with = 0;
	bool *b2 = malloc(n * n * sizeof *b2), *r2 = malloc(n * n *
							      sizeof *r2);
	int *l2 = calloc(n, sizeof *l2), *h2 = calloc(n, sizeof *h2);
	bool ok = b2 && r2 && l2 && h2;

	if (ok) {
		memcpy(b2, beats, n * n * sizeof *b2);
		for (j = 0; j < n; j++) {
			if (j == a->base || !geo[j].ok)
				continue;
			if (geo[j].verdict == BR_VERDICT_BETTER)
				b2[j * n + a->base] = true;
			else if (geo[j].verdict == BR_VERDICT_WORSE)
				b2[a->base * n + j] = true;
		}
		br_rank_order_ranges(has, n, b2, r2, l2, h2);
		for (i = 0; i < n; i++)
			for (j = 0; j < n; j++)
				if (reach[j * n + i] && r2[i * n + j])
					reach[i * n + j] = true;
		for (i = 0; i < n; i++)
			with += has[i];
		for (i = 0; i < n; i++) {
			size_t above = 0, below = 0;

			if (!has[i])
				continue;
			for (j = 0; j < n; j++) {
				above += must_above(reach, n, j, i);
				below += must_above(reach, n, i, j);
			}
			low[i] = (int)(1 + above);
			high[i] = (int)(with - below);
		}
	}
	free(b2);
	free(r2);
	free(l2);
	free(h2);
	return ok;
}

/* Whether geometric mean x is lower than y as the CSV writes them (15
 * significant digits): a difference in the 16th is no reason to give. */
static bool gm_lower(double x, double y)
{
	char a[40], b[40];

	snprintf(a, sizeof a, "%.15g", x);
	snprintf(b, sizeof b, "%.15g", y);
	return x < y && strtod(a, NULL) < strtod(b, NULL);
}

/*
 * The pairs where the ranking puts w above v though v's geometric mean
 * against the baseline is higher (doc/statistics.md, "Overall ranking"):
 * what the text says to explain the order.  A pair proven directly gets
 * its direct ratio; one proven through others gets none.
 */
static bool find_swaps(const struct br_analysis *a, const struct sub *only,
		       struct br_overall *o, const bool *reach,
		       const bool *beats, const struct br_summary **ga,
		       const struct br_summary **gb, enum br_dir *gd)
{
	size_t n = a->sel->n_systems, i, x, cap = 0;

	for (i = 0; i < n; i++)
		for (x = i + 1; x < n; x++) {
			size_t w = o->order[i], v = o->order[x];
			struct br_overall_swap *sw;

			if (!must_above(reach, n, w, v) ||
			    !gm_lower(o->gm[w], o->gm[v]))
				continue;
			if (o->n_swaps == cap) {
				size_t nc = cap ? 2 * cap : 8;

				sw = realloc(o->swaps, nc * sizeof *sw);
				if (!sw)
					return false;
				o->swaps = sw;
				cap = nc;
			}
			sw = &o->swaps[o->n_swaps++];
			memset(sw, 0, sizeof *sw);
			sw->above = w;
			sw->below = v;
			sw->direct = beats[w * n + v] &&
				     pair_geomean(a, only, v, w, ga, gb, gd,
						  &sw->g);
		}
	return true;
}

/* Firsts: tests where two systems or more have N >= 2; wins: a rank
 * range of exactly 1 (proven best), could: a range from 1 (not proven
 * behind anyone).  A single run is never proven either way, so it
 * counts in neither. */
static void count_firsts(const struct br_analysis *a, const struct sub *only,
			 struct br_overall *o)
{
	size_t n = a->sel->n_systems, s, j;

	for (s = 0; s < sub_n(a, only); s++) {
		const struct br_atest *at = &a->tests[sub_at(only, s)];
		size_t with = 0;

		if (!at->scalar || at->t->dir == BR_DIR_UNKNOWN ||
		    (a->primary_only && at->t->sub_metric))
			continue;
		for (j = 0; j < n; j++)
			with += at->cells[j].sum.n >= 2;
		if (with < 2)
			continue;
		o->n_tests++;
		for (j = 0; j < n; j++) {
			const struct br_cell *c = &at->cells[j];

			o->ran[j] += c->sum.n >= 2;
			if (c->sum.n < 2 || c->rank_low != 1)
				continue;
			if (c->rank_high == 1)
				o->wins[j]++;
			else
				o->could[j]++;
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

static int rank_over(const struct br_analysis *a, const struct sub *only,
		     const struct br_ageo *geo, struct br_overall *o);

int br_overall(struct br_analysis *a)
{
	return rank_over(a, NULL, a->geo, &a->overall);
}

int br_overall_over(const struct br_analysis *a, const size_t *idx,
		    size_t n_idx, const struct br_ageo *geo,
		    struct br_overall *o)
{
	struct sub only = {idx, n_idx};

	return rank_over(a, &only, geo, o);
}

static int rank_over(const struct br_analysis *a, const struct sub *only,
		     const struct br_ageo *geo, struct br_overall *o)
{
	size_t n = a->sel->n_systems, nt = a->n_tests, j, k, m = 0;
	size_t m_total = 0;
	const struct br_summary **ga = NULL, **gb = NULL;
	enum br_dir *gd = NULL;
	struct br_rank_pair *pr = NULL;
	bool *has = NULL, *beats = NULL, *reach = NULL;
	size_t r;
	double alpha = 1 - a->o.confidence;
	int rc = BR_EIO;

	o->order = calloc(n, sizeof *o->order);
	o->rank_low = calloc(n, sizeof *o->rank_low);
	o->rank_high = calloc(n, sizeof *o->rank_high);
	o->gm = calloc(n, sizeof *o->gm);
	o->wins = calloc(n, sizeof *o->wins);
	o->could = calloc(n, sizeof *o->could);
	o->ran = calloc(n, sizeof *o->ran);
	has = calloc(n, sizeof *has);
	beats = calloc(n * n, sizeof *beats);
	reach = calloc(n * n, sizeof *reach);
	pr = calloc(n * (n - 1) / 2, sizeof *pr);
	ga = calloc(nt + 1, sizeof *ga);
	gb = calloc(nt + 1, sizeof *gb);
	gd = calloc(nt + 1, sizeof *gd);
	if (!o->order || !o->rank_low || !o->rank_high || !o->gm ||
	    !o->wins || !o->could || !o->ran || !has || !beats || !reach ||
	    !pr || !ga || !gb || !gd)
		goto out;
	/* no test says which way is better (plain numbers, as ministat
	 * reads them): nothing to rank by, and no system "has no test in
	 * common" with the baseline */
	for (j = 0; j < sub_n(a, only); j++)
		if (a->tests[sub_at(only, j)].scalar &&
		    a->tests[sub_at(only, j)].t->dir != BR_DIR_UNKNOWN)
			break;
	if (j == sub_n(a, only)) {
		rc = BR_OK;
		goto out;
	}
	count_firsts(a, only, o);
	for (j = 0; j < n; j++) {
		o->order[j] = j;
		o->gm[j] = j == a->base ? 1 : geo[j].ok ? geo[j].g.gm : NAN;
		has[j] = !isnan(o->gm[j]);
	}
	/* each pair on the tests both have; a pair without a measurement
	 * interval (single runs on a side in every test) is never proven,
	 * as the verdict against the baseline is not */
	for (j = 0; j < n; j++)
		for (k = j + 1; k < n; k++) {
			struct br_geomean g;

			if (!has[j] || !has[k] ||
			    !pair_geomean(a, only, j, k, ga, gb, gd, &g) ||
			    isnan(g.meas_p))
				continue;
			m_total++;
			if (!(g.meas_p < alpha) || g.gm == 1)
				continue;
			pr[m].better = g.gm > 1 ? k : j;
			pr[m].worse = g.gm > 1 ? j : k;
			pr[m].p = g.meas_p;
			m++;
		}
	r = br_rank_ranges(has, n, pr, m, m_total, alpha, o->rank_low,
			   o->rank_high);
	for (k = 0; k < r; k++)
		beats[pr[k].better * n + pr[k].worse] = true;
	/* the Holm-proven pairs closed transitively; a cycle among them
	 * (possible: each pair has its own tests) leaves its members
	 * unordered, so some order fits every range */
	br_rank_order_ranges(has, n, beats, reach, o->rank_low,
			     o->rank_high);
	if (!widen_by_verdicts(a, geo, has, beats, reach, o->rank_low,
			       o->rank_high))
		goto out;
	sort_by_gm(o->order, n, o->gm);
	follow_proofs(o->order, n, reach, has);
	if (!find_swaps(a, only, o, reach, beats, ga, gb, gd))
		goto out;
	o->ok = true;
	rc = BR_OK;
out:
	free(reach);
	free(beats);
	free(has);
	free(pr);
	free(ga);
	free(gb);
	free(gd);
	return rc;
}
