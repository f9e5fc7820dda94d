/*
 * changepoint_seg.c - binary segmentation with a permutation test of the
 * whole search, and the search for changes in noise (doc/statistics.md,
 * "Change points").
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <gsl/gsl_cdf.h>

#include "changepoint_int.h"

/*
 * The shift statistic: x centred on its weighted mean, so the weighted
 * sum left of split k, L_k, gives the standardised difference of the
 * two weighted means as z_k^2 = L_k^2 W / (W_L W_R).  Returned: the
 * maximum of L_k^2 / (W_L W_R), which orders the splits as z_k^2 and as
 * the t statistic does (W and the total sum of squares are the same for
 * every permutation).
 */
double cp_shift_stat(const double *x, const double *w, size_t len,
		     size_t ms, double stop, size_t *at)
{
	double W = 0, sl = 0, wl = 0, best = -1;
	size_t k, bk = ms;

	for (k = 0; k < len; k++)
		W += w[k];
	for (k = 0; k + 1 < ms; k++) {
		sl += w[k] * x[k];
		wl += w[k];
	}
	for (; k + ms < len; k++) {
		double q;

		sl += w[k] * x[k];
		wl += w[k];
		q = sl * sl / (wl * (W - wl));
		if (q > best) {
			best = q;
			bk = k + 1;
			if (q >= stop)
				break;
		}
	}
	*at = bk;
	return best;
}

/*
 * The noise statistic (Inclan and Tiao's centred cumulative sum of
 * squares) of x, the squared standardised residuals: the maximum over
 * the splits of |C_k - k C_n / n|.
 */
double cp_noise_stat(const double *x, const double *w, size_t len,
		     size_t ms, double stop, size_t *at)
{
	double tot = 0, c = 0, best = -1;
	size_t k, bk = ms;

	(void)w;
	for (k = 0; k < len; k++)
		tot += x[k];
	for (k = 0; k + ms < len; k++) {
		double q;

		c += x[k];
		if (k + 1 < ms)
			continue;
		q = fabs(c - (double)(k + 1) * tot / (double)len);
		if (q > best) {
			best = q;
			bk = k + 1;
			if (q >= stop)
				break;
		}
	}
	*at = bk;
	return best;
}

/*
 * Besag and Clifford's sequential p-value: permute (Fisher-Yates, each
 * permutation from the last) until h permutations reach obs (then p =
 * h / L after L permutations) or B are done (then p = (S + 1) / (B + 1),
 * S of them reached it).  Ties count as reaching it (a relative 1e-12
 * allows for rounding in a different order).
 */
double cp_perm_pvalue(cp_stat_fn stat, const double *x, const double *w,
		      size_t len, size_t ms, double obs, size_t B, size_t h,
		      struct cp_rng *rng, double *sx, double *sw, bool *floor)
{
	double lim = obs * (1 - 1e-12);
	size_t s = 0, l, at;

	memcpy(sx, x, len * sizeof *x);
	if (w)
		memcpy(sw, w, len * sizeof *w);
	for (l = 1; l <= B; l++) {
		for (size_t i = len - 1; i > 0; i--) {
			size_t j = cp_rng_below(rng, i + 1);
			double t = sx[i];

			sx[i] = sx[j];
			sx[j] = t;
			if (w) {
				t = sw[i];
				sw[i] = sw[j];
				sw[j] = t;
			}
		}
		if (stat(sx, w ? sw : NULL, len, ms, lim, &at) >= lim &&
		    ++s >= h) {
			*floor = false;
			return (double)h / (double)l;
		}
	}
	*floor = s == 0;
	return (double)(s + 1) / (double)(B + 1);
}

/* Exceedances that stop a permutation test early: enough that p near
 * alpha is resolved (alpha (B + 1) of them decide), at least 10. */
static size_t stop_after(double alpha, size_t B)
{
	double h = ceil(alpha * (double)(B + 1)) + 1;

	return h < 10 ? 10 : (size_t)h;
}

/* ------------------------------------------------------- segmentation */

struct seg {
	struct cp_part *pt;
	const struct br_cp_opts *o;
	struct cp_cut *cut;
	size_t n, max;
	double p_first;
	bool first;
};

/*
 * The p-value of the best split of [a, b) (its place in *k, relative to
 * a).  Below the permutation floor 1 / (B + 1) the Bonferroni bound over
 * the splits of the t test at the chosen split takes over: still a
 * valid p-value (doc/statistics.md).
 */
static double shift_test(struct seg *g, size_t a, size_t b, size_t *k)
{
	struct cp_part *pt = g->pt;
	size_t len = b - a, ms = g->o->min_seg, B = g->o->permutations;
	const double *y = pt->y + a, *w = pt->w + a;
	double W = 0, S = 0, ss = 0, mu, obs, r, t2, p, bonf;
	struct cp_rng rng;
	bool floor;

	for (size_t i = 0; i < len; i++) {
		W += w[i];
		S += w[i] * y[i];
	}
	mu = S / W;
	for (size_t i = 0; i < len; i++) {
		pt->xc[i] = y[i] - mu;
		ss += w[i] * pt->xc[i] * pt->xc[i];
	}
	obs = cp_shift_stat(pt->xc, w, len, ms, INFINITY, k);
	if (!(ss > 0))
		return 1;
	cp_rng_init(&rng, g->o->seed, pt->idx[a], pt->idx[b - 1],
		    CP_TAG_SHIFT);
	p = cp_perm_pvalue(cp_shift_stat, pt->xc, w, len, ms, obs, B,
			   stop_after(g->o->alpha, B), &rng, pt->sx, pt->sw,
			   &floor);
	if (!floor)
		return p;
	r = obs * W / ss;
	t2 = r < 1 ? (double)(len - 2) * r / (1 - r) : INFINITY;
	bonf = (double)(len - 2 * ms + 1) * 2 *
	       gsl_cdf_tdist_Q(sqrt(t2), (double)(len - 2));
	return bonf < p ? bonf : p;
}

static void seg_rec(struct seg *g, size_t a, size_t b)
{
	size_t k;
	double p;

	if (b - a < 2 * g->o->min_seg || g->n >= g->max)
		return;
	p = shift_test(g, a, b, &k);
	if (g->first) {
		g->p_first = p;
		g->first = false;
	}
	if (!(p <= g->o->alpha))
		return;
	g->cut[g->n++] = (struct cp_cut){ a + k, p, BR_CP_SHIFT };
	seg_rec(g, a, a + k);
	seg_rec(g, a + k, b);
}

static int cut_cmp(const void *x, const void *y)
{
	const struct cp_cut *a = x, *b = y;

	return (a->k > b->k) - (a->k < b->k);
}

size_t cp_segment(struct cp_part *pt, const struct br_cp_opts *o,
		  struct cp_cut *cut, size_t max_cut, double *p_first)
{
	struct seg g = { pt, o, cut, 0, max_cut, 1, true };

	seg_rec(&g, 0, pt->m);
	qsort(cut, g.n, sizeof *cut, cut_cmp);
	*p_first = g.p_first;
	return g.n;
}

/* ------------------------------------------------------------- noise */

/* The shortest segment on either side of a change in noise. */
static size_t noise_min_seg(const struct br_cp_opts *o)
{
	return o->min_seg < 5 ? 5 : o->min_seg;
}

/* Does the F test at level noise_confidence find the variances of the
 * point means of [a, k) and [k, b) different? */
static bool f_differs(const struct cp_part *pt, const struct br_cp_opts *o,
		      size_t a, size_t k, size_t b)
{
	double m[2] = { 0, 0 }, v[2] = { 0, 0 }, f, tail;
	size_t lo[2] = { a, k }, hi[2] = { k, b };

	for (int s = 0; s < 2; s++) {
		for (size_t i = lo[s]; i < hi[s]; i++)
			m[s] += pt->y[i];
		m[s] /= (double)(hi[s] - lo[s]);
		for (size_t i = lo[s]; i < hi[s]; i++)
			v[s] += (pt->y[i] - m[s]) * (pt->y[i] - m[s]);
		v[s] /= (double)(hi[s] - lo[s] - 1);
	}
	if (!(v[0] > 0 && v[1] > 0))
		return v[0] != v[1];
	f = v[1] / v[0];
	tail = (1 - o->noise_confidence) / 2;
	return f < gsl_cdf_fdist_Pinv(tail, (double)(b - k - 1),
				      (double)(k - a - 1)) ||
	       f > gsl_cdf_fdist_Qinv(tail, (double)(b - k - 1),
				      (double)(k - a - 1));
}

/*
 * A change in noise in [a, b), a segment with no shift: the permutation
 * test of the cumulative sum of squared standardised residuals at level
 * alpha / 4 (below its floor, the Bonferroni bound of the F test at the
 * chosen split), reported as 4 p so that p <= alpha still decides.
 */
static double noise_test(struct cp_part *pt, const struct br_cp_opts *o,
			 size_t a, size_t b, size_t *k)
{
	size_t len = b - a, ms = noise_min_seg(o), B = o->permutations;
	double W = 0, S = 0, obs, p, bonf, sl = 0, f;
	struct cp_rng rng;
	bool floor;

	for (size_t i = a; i < b; i++) {
		W += pt->w[i];
		S += pt->w[i] * pt->y[i];
	}
	for (size_t i = a; i < b; i++) {
		double e = pt->y[i] - S / W;

		pt->xc[i - a] = e * e * pt->w[i];
	}
	obs = cp_noise_stat(pt->xc, NULL, len, ms, INFINITY, k);
	cp_rng_init(&rng, o->seed, pt->idx[a], pt->idx[b - 1], CP_TAG_NOISE);
	p = cp_perm_pvalue(cp_noise_stat, pt->xc, NULL, len, ms, obs, B,
			   stop_after(o->alpha / 4, B), &rng, pt->sx, pt->sw,
			   &floor);
	if (floor) {
		double tot = 0;

		for (size_t i = 0; i < len; i++) {
			tot += pt->xc[i];
			if (i < *k)
				sl += pt->xc[i];
		}
		f = ((tot - sl) / (double)(len - *k)) / (sl / (double)*k);
		bonf = gsl_cdf_fdist_Q(f, (double)(len - *k - 1),
				       (double)(*k - 1));
		if (bonf > 0.5)
			bonf = 1 - bonf;
		bonf *= 2 * (double)(len - 2 * ms + 1);
		if (bonf < p)
			p = bonf;
	}
	p *= 4;
	return p < 1 ? p : 1;
}

size_t cp_noise_changes(struct cp_part *pt, const struct br_cp_opts *o,
			struct cp_cut *cut, size_t n_cut, size_t max_cut)
{
	size_t n = n_cut, a = 0, ms = noise_min_seg(o);

	for (size_t j = 0; j <= n_cut && n < max_cut; j++) {
		size_t b = j < n_cut ? cut[j].k : pt->m, k;
		double p;

		if (b - a >= 2 * ms) {
			p = noise_test(pt, o, a, b, &k);
			if (p <= o->alpha && f_differs(pt, o, a, a + k, b))
				cut[n++] = (struct cp_cut){ a + k, p,
							    BR_CP_NOISE };
		}
		a = b;
	}
	qsort(cut, n, sizeof *cut, cut_cmp);
	return n;
}
