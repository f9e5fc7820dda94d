/*
 * changepoint.c - change points with intervals (changepoint.h;
 * doc/statistics.md, "Change points").
 *
 * STUB: the interface is fixed, the detector is being written; until
 * then no series has a change.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "changepoint.h"

void br_cp_opts_defaults(struct br_cp_opts *o)
{
	memset(o, 0, sizeof(*o));
	o->alpha = 0.01;
	o->confidence = 0.95;
	o->where_confidence = 0.90;
	o->noise_confidence = 0.99;
	o->min_seg = 3;
	o->permutations = 999;
	o->max_changes = 16;
	o->seed = 1;
}

int br_changepoints(const struct br_cp_obs *obs, size_t n,
		    const struct br_cp_opts *o, struct br_cp_result *out,
		    struct br_error *err)
{
	(void)o;
	(void)err;
	memset(out, 0, sizeof(*out));
	out->pvalue = 1;
	out->log_scale = true;
	for (size_t i = 0; i < n; i++)
		if (!obs[i].skip)
			out->n_used++;
	return BR_OK;
}

void br_cp_result_free(struct br_cp_result *r)
{
	if (!r)
		return;
	free(r->changes);
	free(r->anomalies);
	memset(r, 0, sizeof(*r));
}

struct bh_item {
	double p;
	size_t i;
};

static int bh_cmp(const void *a, const void *b)
{
	const struct bh_item *x = a, *y = b;
	if (x->p != y->p)
		return x->p < y->p ? -1 : 1;
	return x->i < y->i ? -1 : x->i > y->i;
}

void br_bh_adjust(const double *p, size_t m, double *q)
{
	struct bh_item *it = malloc((m ? m : 1) * sizeof(*it));
	size_t k = 0;
	for (size_t i = 0; i < m; i++) {
		q[i] = p[i];
		if (!isnan(p[i]) && it)
			it[k++] = (struct bh_item){ p[i], i };
	}
	if (!it)
		return;
	qsort(it, k, sizeof(*it), bh_cmp);
	double run = 1;
	for (size_t r = k; r-- > 0;) {
		double v = it[r].p * (double)k / (double)(r + 1);
		if (v < run)
			run = v;
		q[it[r].i] = run;
	}
	free(it);
}
