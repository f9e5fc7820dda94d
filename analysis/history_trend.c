/*
 * history_trend.c - the suite trend of a history (history.h;
 * doc/design.md, "History"): at each point, the geometric mean of
 * the speedups against the first point over the tests every point
 * shares (a positive value at every point, none muted, a known
 * direction), with its measurement interval: br_geomean() of point j's
 * summaries against point 0's, the rule of compare's geometric mean
 * (analysis.c), so gm is over the tests with runs on both sides (all
 * of them when none has runs).  Point 0 is the reference: 1 exactly,
 * its interval 1 to 1.
 */
#include <math.h>
#include <stdlib.h>

#include "history_int.h"

/* Whether series s counts in the trend. */
static bool shared(const struct br_history *h, const struct br_hist_series *s)
{
	size_t j;

	if (s->at->t->dir == BR_DIR_UNKNOWN)
		return false;
	for (j = 0; j < h->n_points; j++)
		if (s->at->cells[j].kind != BR_CELL_VALUE || s->muted[j] ||
		    !(s->at->cells[j].sum.mean > 0))
			return false;
	return true;
}

int br_hist_trend(struct br_history *h, struct br_error *err)
{
	struct br_hist_trend *tr = &h->trend;
	size_t np = h->n_points, i, j, k = 0;
	const struct br_summary **a = calloc(h->n_series + 1, sizeof *a);
	const struct br_summary **b = calloc(h->n_series + 1, sizeof *b);
	enum br_dir *d = calloc(h->n_series + 1, sizeof *d);
	size_t *use = calloc(h->n_series + 1, sizeof *use);

	tr->gm = calloc(np + 1, sizeof *tr->gm);
	tr->lo = calloc(np + 1, sizeof *tr->lo);
	tr->hi = calloc(np + 1, sizeof *tr->hi);
	if (!a || !b || !d || !use || !tr->gm || !tr->lo || !tr->hi) {
		free(a);
		free(b);
		free(d);
		free(use);
		return br_error_set(err, BR_EIO, NULL, 0, "out of memory");
	}
	for (i = 0; i < h->n_series; i++)
		if (shared(h, &h->series[i]))
			use[k++] = i;
	tr->n_tests = k;
	tr->ok = k > 0;
	for (j = 0; j < np; j++) {
		struct br_geomean g;

		tr->gm[j] = tr->lo[j] = tr->hi[j] = j ? NAN : 1;
		if (!j || !k)
			continue;
		for (i = 0; i < k; i++) {
			const struct br_atest *at = h->series[use[i]].at;

			a[i] = &at->cells[0].sum;
			b[i] = &at->cells[j].sum;
			d[i] = at->t->dir;
		}
		if (br_geomean(a, b, d, k, h->o.an.confidence, &g) != BR_OK)
			continue;
		tr->gm[j] = g.gm;
		tr->lo[j] = g.meas_low;
		tr->hi[j] = g.meas_high;
	}
	if (!k)
		for (j = 0; j < np; j++)
			tr->gm[j] = tr->lo[j] = tr->hi[j] = NAN;
	free(a);
	free(b);
	free(d);
	free(use);
	return BR_OK;
}
