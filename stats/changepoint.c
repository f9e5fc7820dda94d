/*
 * changepoint.c - change points with intervals (changepoint.h;
 * doc/statistics.md, "Change points"): options, the points' values and
 * noise model, the parts between split_before marks, and
 * Benjamini-Hochberg.  The search is in changepoint_seg.c, the numbers
 * of a change in changepoint_est.c, random streams and robust helpers
 * in changepoint_rng.c.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "changepoint_int.h"

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

static int check_level(const char *name, double v, double hi,
		       struct br_error *err)
{
	if (v > 0 && v < hi)
		return BR_OK;
	return br_error_set(err, BR_EUSAGE, NULL, 0,
			    "change points: %s %g is not in (0, %g)", name, v,
			    hi);
}

static int check_opts(const struct br_cp_opts *o, struct br_error *err)
{
	int rc = BR_OK;

	if (!rc)
		rc = check_level("alpha", o->alpha, 0.5, err);
	if (!rc)
		rc = check_level("confidence", o->confidence, 1, err);
	if (!rc)
		rc = check_level("where_confidence", o->where_confidence, 1,
				 err);
	if (!rc)
		rc = check_level("noise_confidence", o->noise_confidence, 1,
				 err);
	if (!rc && (o->min_seg < 2 || o->min_seg > 1000))
		rc = br_error_set(err, BR_EUSAGE, NULL, 0,
				  "change points: min_seg %zu is not in "
				  "[2, 1000]", o->min_seg);
	if (!rc && (o->permutations < 19 || o->permutations > 1000000))
		rc = br_error_set(err, BR_EUSAGE, NULL, 0,
				  "change points: permutations %zu is not in "
				  "[19, 1000000]", o->permutations);
	if (!rc && (o->max_changes < 1 || o->max_changes > 100000))
		rc = br_error_set(err, BR_EUSAGE, NULL, 0,
				  "change points: max_changes %zu is not in "
				  "[1, 100000]", o->max_changes);
	return rc;
}

/* ------------------------------------------------------------- points */

/* Every value positive: runs, or the published mean. */
static bool all_positive(const struct br_cp_obs *obs, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		if (obs[i].skip)
			continue;
		if (!obs[i].runs) {
			if (isfinite(obs[i].mean) && !(obs[i].mean > 0))
				return false;
			continue;
		}
		for (size_t r = 0; r < obs[i].n_runs; r++)
			if (isfinite(obs[i].runs[r]) && !(obs[i].runs[r] > 0))
				return false;
	}
	return true;
}

/* One point's mean on the analysis scale, the variance of that mean
 * from its own runs or SE (NAN: not known), its number of runs, and the
 * sample variance of one run (NAN below 2 runs).  false: no value. */
static bool point_value(const struct br_cp_obs *ob, bool lg, double *y,
			double *v, double *k, double *s2)
{
	double s = 0, q = 0, c = 0;

	*s2 = *v = NAN;
	if (!ob->runs) {
		double m = ob->mean, se = ob->se;

		if (!isfinite(m) || (lg && !(m > 0)))
			return false;
		*y = lg ? log(m) : m;
		*k = ob->n ? (double)ob->n : 1;
		if (isfinite(se) && se >= 0)
			*v = lg ? (se / m) * (se / m) : se * se;
		return true;
	}
	for (size_t r = 0; r < ob->n_runs; r++)
		if (isfinite(ob->runs[r])) {
			s += lg ? log(ob->runs[r]) : ob->runs[r];
			c++;
		}
	if (c == 0)
		return false;
	*y = s / c;
	for (size_t r = 0; r < ob->n_runs; r++)
		if (isfinite(ob->runs[r])) {
			double d = (lg ? log(ob->runs[r]) : ob->runs[r]) - *y;

			q += d * d;
		}
	*k = c;
	if (c > 1) {
		*s2 = q / (c - 1);
		*v = *s2 / c;
	}
	return true;
}

/* The work of one call: every point's value and the part buffers. */
struct work {
	bool *ok, *spike;
	double *y, *v, *k;
	struct cp_part pt;
	struct cp_cut *cut;
};

/*
 * Fills y, v for every point with a value; a point whose own variance
 * is not known (one run, no SE) gets the pooled variance of one run
 * divided by its runs (0 when no point has two runs: the between-point
 * variance then carries all the noise).
 */
static size_t points(const struct br_cp_obs *obs, size_t n, bool lg,
		     struct work *wk)
{
	double num = 0, den = 0, pooled, s2;
	size_t used = 0;

	for (size_t i = 0; i < n; i++) {
		wk->ok[i] = !obs[i].skip &&
			    point_value(&obs[i], lg, &wk->y[i], &wk->v[i],
					&wk->k[i], &s2);
		used += wk->ok[i];
		if (wk->ok[i] && isfinite(s2)) {
			num += (wk->k[i] - 1) * s2;
			den += wk->k[i] - 1;
		}
	}
	pooled = den > 0 ? num / den : 0;
	for (size_t i = 0; i < n; i++)
		if (wk->ok[i] && !isfinite(wk->v[i]))
			wk->v[i] = pooled / wk->k[i];
	return used;
}

/* ------------------------------------------------------------- parts */

/*
 * Gathers the points of obs[p0, p1) with a value into the part, leaves
 * the spikes out (appending them to out->anomalies), and sets the
 * weights: 1 / (tau^2 + v_i), tau^2 the robust variance of a point mean
 * less the median own variance.
 */
static void gather(struct work *wk, size_t p0, size_t p1,
		   const struct br_cp_opts *o, struct br_cp_result *out)
{
	struct cp_part *pt = &wk->pt;
	double var, vmed, floor = INFINITY;
	size_t m = 0, j = 0;

	for (size_t i = p0; i < p1; i++)
		if (wk->ok[i]) {
			pt->y[m] = wk->y[i];
			pt->v[m] = wk->v[i];
			pt->idx[m++] = i;
		}
	cp_spikes(pt->y, pt->v, m, o->alpha, wk->spike, pt->sx);
	for (size_t i = 0; i < m; i++) {
		if (wk->spike[i]) {
			out->anomalies[out->n_anomalies++] = pt->idx[i];
			continue;
		}
		pt->y[j] = pt->y[i];
		pt->v[j] = pt->v[i];
		pt->idx[j++] = pt->idx[i];
	}
	pt->m = m = j;
	var = cp_robust_var(pt->y, m, pt->sx);
	memcpy(pt->sx, pt->v, m * sizeof *pt->v);
	vmed = m ? cp_median(pt->sx, m) : 0;
	pt->tau2 = var > vmed ? var - vmed : 0;
	for (size_t i = 0; i < m; i++)
		if (pt->tau2 + pt->v[i] > 0 && pt->tau2 + pt->v[i] < floor)
			floor = pt->tau2 + pt->v[i];
	for (size_t i = 0; i < m; i++) {
		double s2 = pt->tau2 + pt->v[i];

		pt->w[i] = 1 / (s2 > 0 ? s2 : isfinite(floor) ? floor : 1);
	}
}

/* The changes of one part, appended to out; *p_first as cp_segment. */
static void part_changes(struct work *wk, const struct br_cp_opts *o,
			 bool lg, struct br_cp_result *out, double *p_first)
{
	struct cp_part *pt = &wk->pt;
	size_t left = o->max_changes - out->n_changes, n_cut;

	*p_first = 1;
	if (pt->m < 2 * o->min_seg || left == 0)
		return;
	n_cut = cp_segment(pt, o, wk->cut, left, p_first);
	n_cut = cp_noise_changes(pt, o, wk->cut, n_cut, left);
	for (size_t j = 0; j < n_cut; j++)
		cp_estimate(pt, o, lg, wk->cut, n_cut, j,
			    &out->changes[out->n_changes++]);
}

static int work_alloc(struct work *wk, size_t n, size_t max_changes)
{
	size_t nd = n ? n : 1;

	memset(wk, 0, sizeof *wk);
	wk->ok = malloc(nd * sizeof *wk->ok);
	wk->spike = malloc(nd * sizeof *wk->spike);
	wk->y = malloc(10 * nd * sizeof *wk->y);
	wk->pt.idx = malloc(nd * sizeof *wk->pt.idx);
	wk->cut = malloc((max_changes < nd ? max_changes : nd) *
			 sizeof *wk->cut);
	if (!wk->ok || !wk->spike || !wk->y || !wk->pt.idx || !wk->cut)
		return BR_EIO;
	wk->v = wk->y + nd;
	wk->k = wk->y + 2 * nd;
	wk->pt.y = wk->y + 3 * nd;
	wk->pt.v = wk->y + 4 * nd;
	wk->pt.w = wk->y + 5 * nd;
	wk->pt.sx = wk->y + 6 * nd;
	wk->pt.sw = wk->y + 7 * nd;
	wk->pt.xc = wk->y + 8 * nd;
	return BR_OK;
}

static void work_free(struct work *wk)
{
	free(wk->ok);
	free(wk->spike);
	free(wk->y);
	free(wk->pt.idx);
	free(wk->cut);
}

/* Every part: each gets its tests; the series' p-value is the smallest
 * first-split p-value times the number of parts tested (Bonferroni). */
static void parts(const struct br_cp_obs *obs, size_t n,
		  const struct br_cp_opts *o, struct work *wk,
		  struct br_cp_result *out)
{
	double best = 1, p;
	size_t tested = 0, p0 = 0;

	for (size_t i = 1; i <= n; i++) {
		if (i < n && !obs[i].split_before)
			continue;
		gather(wk, p0, i, o, out);
		part_changes(wk, o, out->log_scale, out, &p);
		if (wk->pt.m >= 2 * o->min_seg) {
			tested++;
			if (p < best)
				best = p;
		}
		p0 = i;
	}
	out->pvalue = tested ? (best * (double)tested < 1 ?
				best * (double)tested : 1) : 1;
}

int br_changepoints(const struct br_cp_obs *obs, size_t n,
		    const struct br_cp_opts *o, struct br_cp_result *out,
		    struct br_error *err)
{
	struct br_cp_opts def;
	struct work wk;
	int rc;

	memset(out, 0, sizeof(*out));
	out->pvalue = 1;
	if (!o) {
		br_cp_opts_defaults(&def);
		o = &def;
	}
	rc = check_opts(o, err);
	if (rc)
		return rc;
	if (n && !obs)
		return br_error_set(err, BR_EUSAGE, NULL, 0,
				    "change points: no points given");
	out->log_scale = all_positive(obs, n);
	if (work_alloc(&wk, n, o->max_changes) ||
	    !(out->changes = malloc((o->max_changes < n ? o->max_changes : n ?
				     n : 1) * sizeof *out->changes)) ||
	    !(out->anomalies = malloc((n ? n : 1) *
				      sizeof *out->anomalies))) {
		work_free(&wk);
		br_cp_result_free(out);
		return br_error_set(err, BR_EIO, NULL, 0, "out of memory");
	}
	out->n_used = points(obs, n, out->log_scale, &wk);
	parts(obs, n, o, &wk, out);
	work_free(&wk);
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
