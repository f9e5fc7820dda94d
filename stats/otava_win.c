/*
 * otava_win.c - the E-Divisive search inside one window and the
 * two-sample t-test of the Otava parity mode (otava.h, otava_int.h;
 * doc/statistics.md, "Otava parity").
 *
 * Parity is bit for bit, so every sum is taken in the order numpy takes
 * it in the reference implementation: pairwise sums for means and
 * variances, running sums down columns for the distance tables, and the
 * energy statistic as the same three terms A - B - C with the same
 * rounded coefficients.  Built with -std=c11, so GCC contracts no
 * a * b + c into an fma, which would change the last bits.
 */
#include <math.h>
#include <stdbool.h>
#include <stddef.h>

#include <gsl/gsl_sf_gamma.h>

#include "otava_int.h"
#include "stats.h"

/* numpy's PW_BLOCKSIZE and unroll factor */
#define PW_BLOCK 128
#define PW_UNROLL 8

/* x[i], or (x[i] - m)^2 when sq: numpy squares the deviations in place
 * before summing, the same two roundings. */
static double term(const double *x, size_t i, bool sq, double m)
{
	double d;

	if (!sq)
		return x[i];
	d = x[i] - m;
	return d * d;
}

static double pairwise(const double *x, size_t n, bool sq, double m)
{
	double r[PW_UNROLL], res;
	size_t i, k, n2;

	if (n < PW_UNROLL) {
		res = -0.0;
		for (i = 0; i < n; i++)
			res += term(x, i, sq, m);
		return res;
	}
	if (n <= PW_BLOCK) {
		for (k = 0; k < PW_UNROLL; k++)
			r[k] = term(x, k, sq, m);
		for (i = PW_UNROLL; i < n - n % PW_UNROLL; i += PW_UNROLL)
			for (k = 0; k < PW_UNROLL; k++)
				r[k] += term(x, i + k, sq, m);
		res = ((r[0] + r[1]) + (r[2] + r[3])) +
		      ((r[4] + r[5]) + (r[6] + r[7]));
		for (; i < n; i++)
			res += term(x, i, sq, m);
		return res;
	}
	n2 = n / 2;
	n2 -= n2 % PW_UNROLL;
	return pairwise(x, n2, sq, m) + pairwise(x + n2, n - n2, sq, m);
}

double br_ot_sum(const double *x, size_t n)
{
	/* numpy starts the reduction at the identity 0.0 */
	return 0.0 + pairwise(x, n, false, 0);
}

/* numpy.mean, and numpy.std with ddof 0 (0 for fewer than 2 points, as
 * the reference tester sets it). */
static void mean_sd(const double *x, size_t n, double *mean, double *sd)
{
	*mean = br_ot_sum(x, n) / (double)n;
	if (n < 2) {
		*sd = 0.0;
		return;
	}
	*sd = sqrt((0.0 + pairwise(x, n, true, *mean)) / (double)n);
}

/*
 * Two-sided p of Student's t, to about 1e-13 relative everywhere (scipy,
 * which Otava calls, is about as close): br_t_two_tail below 1e-12,
 * where it works from the incomplete beta function in full; above, the
 * incomplete beta function straight (br_t_two_tail takes GSL's t tail
 * there, up to 6e-10 off), from whichever side is the smaller: P(|T| <
 * t) = I_y(1/2, df/2), y = t^2 / (df + t^2), when it is below 1/2,
 * else I_x(df/2, 1/2), x = df / (df + t^2).
 */
static double t_two_sided(double t, double df)
{
	double p = br_t_two_tail(t, df), u, q;

	if (!(p > 1e-12))
		return p;
	u = t * t / df;
	q = gsl_sf_beta_inc(0.5, df / 2, u / (1 + u));
	if (q < 0.5)
		return 1 - q;
	return gsl_sf_beta_inc(df / 2, 0.5, 1 / (1 + u));
}

void br_ot_ttest(const double *x, size_t a, size_t idx, size_t b,
		 struct br_ot_test *t)
{
	double n1 = (double)(idx - a), n2 = (double)(b - idx);
	double df, svar, denom;

	mean_sd(x + a, idx - a, &t->mean1, &t->sd1);
	mean_sd(x + idx, b - idx, &t->mean2, &t->sd2);
	if (b - a <= 2) {
		t->p = 1.0;
		return;
	}
	/* scipy's ttest_ind_from_stats, equal variances, with the
	 * population SDs in place of sample SDs (Otava's choice) */
	df = n1 + n2 - 2.0;
	svar = ((n1 - 1) * (t->sd1 * t->sd1) + (n2 - 1) * (t->sd2 * t->sd2)) /
	       df;
	denom = sqrt(svar * (1.0 / n1 + 1.0 / n2));
	t->p = t_two_sided((t->mean1 - t->mean2) / denom, df);
}

/* The best (tau, kappa) of one window interval so far: numpy's argmax,
 * the first maximum in row-major order of Q[tau][kappa], a NaN first. */
struct qbest {
	double q;
	size_t i, j;
	bool any, nan;
};

static void qbest_offer(struct qbest *b, double q, size_t i, size_t j)
{
	bool before;

	if (b->nan && !isnan(q))
		return;
	before = i < b->i || (i == b->i && j < b->j);
	if (!b->any || (isnan(q) && !b->nan) || q > b->q ||
	    ((q == b->q || isnan(q)) && before)) {
		b->q = q;
		b->i = i;
		b->j = j;
		b->any = true;
		b->nan = isnan(q);
	}
}

/*
 * cumV[k], k < L: the running sum of V(s, s + k + 1), the distances of
 * point s + k + 1 to every earlier point of the interval, taken as the
 * whole column sum from the window's start minus the part before s
 * (both sequential from 0.0), as the reference precomputes them.
 */
static void column_sums(const double *w, size_t s, size_t L, double *cumv)
{
	size_t k, r, c;
	double acc, before, v;

	for (k = 0; k < L; k++) {
		c = s + k + 1;
		acc = 0.0;
		for (r = 0; r < s; r++)
			acc += fabs(w[r] - w[c]);
		before = acc;
		for (r = s; r < c; r++)
			acc += fabs(w[r] - w[c]);
		v = acc - before;
		cumv[k] = k == 0 ? v : cumv[k - 1] + v;
	}
}

/*
 * One column j (kappa = s + j + 2) of Q = A - B - C over the interval
 * [s, e): h[a] = H(s + a, s + j), the row sums of distances of
 * point s + a to the points after it up to s + j + 1.
 */
static void q_column(const double *h, const double *cumv, size_t j,
		     double *suf, struct qbest *b)
{
	double pre = 0.0, A, B, C, q;
	size_t i, r;

	/* suf[i] = h[j] + h[j-1] + ... + h[i+1]: numpy's flipped cumsum
	 * from the last row up (rows below j add exact zeros) */
	suf[j] = 0.0;
	for (r = j; r >= 1; r--)
		suf[r - 1] = suf[r] + h[r];
	for (i = 0; i <= j; i++) {
		pre = i == 0 ? h[0] : pre + h[i];
		A = (2.0 / (double)(j + 2)) *
		    (pre - (i >= 1 ? cumv[i - 1] : 0.0));
		B = 0.0;
		if (i >= 1)
			B = ((double)(2 * (j - i + 1)) /
			     (double)((j + 2) * i)) * cumv[i - 1];
		C = 0.0;
		if (j > i)
			C = ((double)(2 * (i + 1)) /
			     (double)((j + 2) * (j - i))) * suf[i];
		q = (A - B) - C;
		qbest_offer(b, q, i, j);
	}
}

/*
 * The candidate of w[s..e), e - s >= 2: the tau that maximises the
 * energy statistic Q(tau, kappa) over s < tau < kappa <= e.  The
 * table's lower triangle holds zeros, which take part in the maximum
 * (the first of them is at row 1, column 0).  work: 3 (e - s) doubles.
 */
static double candidate(const double *w, size_t s, size_t e, size_t *tau,
			double *work)
{
	size_t L = e - 1 - s, j, a;
	double *cumv = work, *rowacc = work + L, *suf = work + 2 * L;
	struct qbest b = { 0, 0, 0, false, false };

	column_sums(w, s, L, cumv);
	for (j = 0; j < L; j++) {
		/* H(s + a, s + j) for every row a <= j, by running row sums */
		rowacc[j] = 0.0;
		for (a = 0; a <= j; a++)
			rowacc[a] += fabs(w[s + a] - w[s + j + 1]);
		q_column(rowacc, cumv, j, suf, &b);
	}
	if (L >= 2)
		qbest_offer(&b, 0.0, 1, 0);
	*tau = s + b.i + 1;
	return b.q;
}

/* Insert v into the ascending a[0..*n). */
static void insert_sorted(size_t *a, size_t *n, size_t v)
{
	size_t k = *n;

	while (k > 0 && a[k - 1] > v) {
		a[k] = a[k - 1];
		k--;
	}
	a[k] = v;
	(*n)++;
}

void br_ot_window(const double *w, size_t len, double max_p, size_t *cps,
		  size_t *ncps, double *work)
{
	struct br_ot_test t;
	size_t k, s, e, tau, best_tau = 0, best_s = 0, best_e = 0;
	double q, best_q = 0;
	bool found;

	*ncps = 0;
	for (;;) {
		found = false;
		for (k = 0; k <= *ncps; k++) {
			s = k == 0 ? 0 : cps[k - 1];
			e = k == *ncps ? len : cps[k];
			if (e - s < 2)
				continue;
			q = candidate(w, s, e, &tau, work);
			/* Python's max(): the first, unless one is
			 * strictly greater */
			if (!found || q > best_q) {
				best_q = q;
				best_tau = tau;
				best_s = s;
				best_e = e;
				found = true;
			}
		}
		if (!found)
			return;
		br_ot_ttest(w, best_s, best_tau, best_e, &t);
		if (!(t.p <= max_p))
			return;
		insert_sorted(cps, ncps, best_tau);
	}
}
