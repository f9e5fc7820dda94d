/*
 * compare.c - candidate B against baseline A (doc/statistics.md,
 * "Candidate B against baseline A"): Welch's t, the Fieller ratio
 * interval solved for delta = R - 1, direction-aware speedup and
 * improvement, the TOST equivalence verdict, the smallest detectable
 * change and the runs needed.  Also the exact t quantile used by every
 * interval in stats/.
 *
 * Consistency by construction: significance is decided once, by
 * |d| > q se_d; p is nudged to agree at the rounding level, and the
 * Fieller roots take the sign of that decision (the product of the roots
 * is C/A with C = (|d| - q se_d)(|d| + q se_d), and the Fieller statistic
 * at ratio 1 is Welch's t), so a verdict can never contradict its own
 * intervals.
 */
#include <float.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <gsl/gsl_cdf.h>
#include <gsl/gsl_randist.h>
#include <gsl/gsl_sf_gamma.h>

#include "stats.h"
#include "stats_int.h"

static const char *const verdict_names[] = {
	[BR_VERDICT_BETTER] = "better",
	[BR_VERDICT_WORSE] = "worse",
	[BR_VERDICT_NO_DIFFERENCE] = "no-difference",
	[BR_VERDICT_EQUIVALENT] = "equivalent",
	[BR_VERDICT_INCONCLUSIVE] = "inconclusive",
	[BR_VERDICT_SINGLE_RUN] = "single-run",
};

const char *br_verdict_name(enum br_verdict v)
{
	if ((size_t)v < sizeof verdict_names / sizeof *verdict_names &&
	    verdict_names[v])
		return verdict_names[v];
	return "";
}

/*
 * The last quantiles computed, keyed by the exact (p, df): summaries and
 * the ranks' Holm levels ask for the same few (0.975, n - 1) thousands of
 * times, and each costs a Newton refinement; room enough that the
 * comparisons' one-off Welch df seldom push them out.  Per thread, so the
 * library stays reentrant.
 */
#define QMEMO 1024
static _Thread_local struct {
	double p, df, q;
} qmemo[QMEMO];

static size_t qmemo_slot(double p, double df)
{
	uint64_t a, b, h;

	memcpy(&a, &p, sizeof a);
	memcpy(&b, &df, sizeof b);
	/* every bit of both into the slot (a whole df has no low mantissa
	 * bits: multiplied, it reached no slot bit, and the ranks' levels
	 * at every df shared one slot); murmur3's finaliser */
	h = a ^ (b * 0x9e3779b97f4a7c15ULL) ^ (b >> 29);
	h ^= h >> 33;
	h *= 0xff51afd7ed558ccdULL;
	h ^= h >> 33;
	h *= 0xc4ceb9fe1a85ec53ULL;
	h ^= h >> 33;
	return (size_t)(h % QMEMO);
}

static double t_quantile(double p, double df);

double br_t_quantile(double p, double df)
{
	size_t k;
	double q;

	if (!(p > 0 && p < 1) || !(df > 0))
		return NAN;
	k = qmemo_slot(p, df);
	if (qmemo[k].p == p && qmemo[k].df == df)
		return qmemo[k].q;
	q = t_quantile(p, df);
	qmemo[k].p = p;
	qmemo[k].df = df;
	qmemo[k].q = q;
	return q;
}

static double t_quantile(double p, double df)
{
	double tail, x, dens, step;
	int i;

	if (isinf(df))
		return gsl_cdf_ugaussian_Pinv(p);
	if (p == 0.5)
		return 0;
	/* Work in the upper tail: 1 - p is exact for p in (0.5, 1). */
	tail = p > 0.5 ? 1 - p : p;
	x = gsl_cdf_tdist_Qinv(tail, df);
	if (!isfinite(x))
		return p > 0.5 ? x : -x;
	for (i = 0; i < 8; i++) {
		dens = gsl_ran_tdist_pdf(x, df);
		if (!(dens > 0))
			break;
		step = (gsl_cdf_tdist_Q(x, df) - tail) / dens;
		if (!isfinite(step))
			break;
		x += step;
		if (!(fabs(step) > 2 * DBL_EPSILON * fabs(x)))
			break;
	}
	return p > 0.5 ? x : -x;
}

bool br_st_plain_pair(const struct br_summary *a,
		      const struct br_summary *b)
{
	double m = fmax(fmax(fabs(a->mean), fabs(b->mean)),
			fmax(isfinite(a->se) ? a->se : 0,
			     isfinite(b->se) ? b->se : 0));

	return m > 1e-100 && m < 1e100 && (!(a->se > 0) || a->se > 1e-100) &&
	       (!(b->se > 0) || b->se > 1e-100);
}

double br_st_scale_pair(const struct br_summary *a,
			const struct br_summary *b, struct br_summary *sa,
			struct br_summary *sb)
{
	double s = fmax(fabs(a->mean), fabs(b->mean));

	if (isfinite(a->se))
		s = fmax(s, a->se);
	if (isfinite(b->se))
		s = fmax(s, b->se);
	if (!(s > 0) || !isfinite(s))
		s = 1;
	else
		s = ldexp(1, ilogb(s));  /* a power of 2: dividing is exact */
	*sa = *a;
	*sb = *b;
	sa->mean /= s;
	sb->mean /= s;
	sa->se /= s;
	sb->se /= s;
	sa->sd /= s;
	sb->sd /= s;
	sa->resolution /= s;
	sb->resolution /= s;
	return s;
}

double br_st_var_mean(const struct br_summary *s)
{
	if (s->n < 2 || !isfinite(s->se) || s->se < 0)
		return NAN;
	return s->se * s->se;
}

bool br_st_welch(const struct br_summary *a, const struct br_summary *b,
		 double alpha, struct br_welch *w)
{
	return br_st_welch_ex(a, b, alpha, BR_ST_CI, w);
}

/*
 * A quantile function f(p, df) at whole df in [1, WHOLE_DF_MAX], kept per
 * thread for the last two p asked: the brackets of BR_ST_SIG and the
 * bisection of runs_needed ask for the same few (p, df) in every
 * comparison of a run.  The same numbers, each computed once.
 */
#define WHOLE_DF_MAX 4096
struct whole_df {
	double p;                    /* 0: slot unused */
	double q[WHOLE_DF_MAX + 1];  /* 0: not computed yet (p != 0.5) */
};

static double whole_df(struct whole_df tab[2], unsigned *next,
		       double (*f)(double p, double df), double p, double df)
{
	struct whole_df *m = NULL;
	size_t i, d;

	if (!(df >= 1 && df <= WHOLE_DF_MAX && df == floor(df)) ||
	    !(p > 0 && p < 1) || p == 0.5)
		return f(p, df);
	for (i = 0; i < 2; i++)
		if (tab[i].p == p)
			m = &tab[i];
	if (!m) {
		m = &tab[(*next)++ % 2];
		memset(m->q, 0, sizeof m->q);
		m->p = p;
	}
	d = (size_t)df;
	if (m->q[d] == 0)
		m->q[d] = f(p, df);
	return m->q[d];
}

/* Below this two-sided p, GSL's t tail (a Cornish-Fisher branch) is off
 * by up to 1e-6 relative: the incomplete beta function instead. */
#define BETA_BELOW 1e-10

static double tail_q(double p, double df)
{
	return br_t_quantile(p, df);
}

/*
 * log I_x(a, 1/2) from the continued fraction of the incomplete beta
 * function (modified Lentz), for x below (a + 1) / (a + 2.5) where it
 * converges quickly: lx = log x, l1x = log(1 - x).  Where GSL's
 * gsl_sf_beta_inc underflows (I below the smallest normal double: mean
 * 100 vs 178.8, SE 1, N 513 and 514 has p = 1.97e-312).
 */
static double log_beta_inc_cf(double a, double x, double lx, double l1x)
{
	const double b = 0.5, tiny = 1e-300;
	double c = 1, d, h, aa, del;
	int m;

	d = 1 - (a + b) * x / (a + 1);
	d = 1 / (fabs(d) < tiny ? tiny : d);
	h = d;
	for (m = 1; m <= 1000; m++) {
		aa = m * (b - m) * x / ((a - 1 + 2 * m) * (a + 2 * m));
		d = 1 + aa * d;
		c = 1 + aa / c;
		d = 1 / (fabs(d) < tiny ? tiny : d);
		c = fabs(c) < tiny ? tiny : c;
		h *= d * c;
		aa = -(a + m) * (a + b + m) * x /
		     ((a + 2 * m) * (a + 1 + 2 * m));
		d = 1 + aa * d;
		c = 1 + aa / c;
		d = 1 / (fabs(d) < tiny ? tiny : d);
		c = fabs(c) < tiny ? tiny : c;
		del = d * c;
		h *= del;
		if (fabs(del - 1) < 1e-16)
			break;
	}
	return a * lx + b * l1x - gsl_sf_lnbeta(a, b) - log(a) + log(h);
}

/*
 * P(|T| > t) = I_x(df/2, 1/2), x = df / (df + t^2), from GSL's incomplete
 * beta function, with what rounding x costs put back: a first-order
 * correction by x I'(x) (log x_true - log x), where log x_true =
 * -log1p(t^2 / df) is exact to rounding (at df = 1e5 the plain x is off
 * by 4e-12 relative).  Where x is below 1e-30 (t^2 can overflow), the
 * leading term x^a / (a B(a, 1/2)) in logs; where I is below the
 * smallest normal double, its continued fraction in logs.  A p below
 * the smallest double is that double (an upper bound), never 0.
 */
static double beta_tail(double at, double df)
{
	double a = df / 2, u, lx, x, p, dx;

	/* log x = log df - 2 log t - log1p(df / t^2) */
	lx = log(df) - 2 * log(at) - log1p(df / at / at);
	if (lx < log(1e-30))
		return fmax(exp(a * lx - log(a) - gsl_sf_lnbeta(a, 0.5)),
			    DBL_TRUE_MIN);
	u = at * at / df;
	x = 1 / (1 + u);
	p = gsl_sf_beta_inc(a, 0.5, x);
	if (!(p > DBL_MIN) && x < (a + 1) / (a + 2.5))
		return fmax(exp(log_beta_inc_cf(a, x, -log1p(u),
						log(u) - log1p(u))),
			    DBL_TRUE_MIN);
	if (!(p > 0) || !isfinite(p))
		return p;
	/* x I'(x) = x^a (1 - x)^(-1/2) / B(a, 1/2); 1 - x = u / (1 + u) */
	dx = exp(a * log(x) - 0.5 * (log(u) - log1p(u)) -
		 gsl_sf_lnbeta(a, 0.5));
	return p + dx * (-log1p(u) - log(x));
}

double br_t_two_tail(double t, double df)
{
	static _Thread_local struct whole_df tail[2];
	static _Thread_local unsigned tail_next;
	double at = fabs(t), p, b, lo = floor(df);

	if (isnan(at) || !(df > 0))
		return NAN;
	if (isinf(at))
		return 0;
	if (isinf(df))
		return 2 * gsl_cdf_ugaussian_Q(at);
	/* |t| beyond q(1 - BETA_BELOW/2) at floor(df) (the quantile falls
	 * as df grows): p is below BETA_BELOW, go to the beta function
	 * straight away (a big comparison has thousands of such pairs) */
	if (lo >= 1 && lo < WHOLE_DF_MAX &&
	    at > whole_df(tail, &tail_next, tail_q, 1 - BETA_BELOW / 2, lo))
		p = 0;
	else
		p = 2 * gsl_cdf_tdist_Q(at, df);
	if (p < BETA_BELOW) {
		/* P(|T| > t) = I_x(df/2, 1/2), x = df / (df + t^2): full
		 * relative accuracy */
		b = beta_tail(at, df);
		if (isfinite(b))
			p = b;
		else if (p == 0)
			p = 2 * gsl_cdf_tdist_Q(at, df);
	}
	return p;
}

/* q(1 - alpha/2, k), refined (br_t_quantile): the brackets of BR_ST_SIG. */
static _Thread_local struct whole_df crit[2];
static _Thread_local unsigned crit_next;

static double crit_int(double alpha, size_t k)
{
	return whole_df(crit, &crit_next, br_t_quantile, 1 - alpha / 2,
			(double)k);
}

/* 1 / -1 / 0 when |t| is clearly above / below q(1 - alpha/2, df), from
 * the whole-df quantiles around df; 0 also when that cannot tell. */
static int sig_by_bracket(double t, double df, double alpha)
{
	double lo = floor(df), at = fabs(t);
	const double margin = 1e-9; /* far beyond the quantiles' error */

	if (!(lo >= 1 && lo < WHOLE_DF_MAX) || !isfinite(at))
		return 0;
	if (at > crit_int(alpha, (size_t)lo) * (1 + margin))
		return 1;
	if (at < crit_int(alpha, (size_t)lo + 1) * (1 - margin))
		return -1;
	return 0;
}

int br_st_sig_at(const struct br_welch *w, double lv)
{
	int br;

	if (w->zero_var)
		return w->sig;   /* p = 0 or 1: the same at any level */
	br = sig_by_bracket(w->t, w->df, lv);
	if (br == 0 && fabs(w->d) > br_t_quantile(1 - lv / 2, w->df) *
				   w->se_d)
		br = 1;
	return br > 0 ? (w->d > 0 ? 1 : -1) : 0;
}

bool br_st_welch_ex(const struct br_summary *a, const struct br_summary *b,
		    double alpha, enum br_st_need need, struct br_welch *w)
{
	double va = br_st_var_mean(a), vb = br_st_var_mean(b), wa, wb;

	if (isnan(va) || isnan(vb))
		return false;
	memset(w, 0, sizeof *w);
	w->d = b->mean - a->mean;
	w->va = va;
	w->vb = vb;
	w->sa = a->se;
	w->sb = b->se;
	/* from the SEs, not their squares: an SE of 1e-200 beside a mean of
	 * 1 (after br_st_scale_pair) has a square of 0 but is not 0 */
	if (a->se == 0 && b->se == 0) {
		w->zero_var = true;
		w->t = w->df = w->q = NAN;
		w->sig = w->d > 0 ? 1 : w->d < 0 ? -1 : 0;
		w->p = w->sig ? 0 : 1;
		return true;
	}
	/* hypot only where the squares could underflow (it is slow) */
	w->se_d = va > 1e-290 && vb > 1e-290 ? sqrt(va + vb)
					       : hypot(a->se, b->se);
	w->t = w->d / w->se_d;
	/* Welch-Satterthwaite, on SE / se_d so tiny variances cannot
	 * underflow */
	wa = a->se / w->se_d;
	wb = b->se / w->se_d;
	wa *= wa;
	wb *= wb;
	w->df = 1 / (wa * wa / (double)(a->n - 1) +
		     wb * wb / (double)(b->n - 1));
	if (need == BR_ST_SIG) {
		int br = sig_by_bracket(w->t, w->df, alpha);

		if (br) {
			w->p = w->q = w->half = NAN;
			w->sig = br > 0 ? (w->d > 0 ? 1 : -1) : 0;
			return true;
		}
	}
	w->p = br_t_two_tail(w->t, w->df);
	if (need != BR_ST_CI && !(fabs(w->p - alpha) <= 1e-6 * alpha)) {
		/* p is far from alpha: the CI test (|d| > q se_d) decides
		 * the same way, so skip the costly exact quantile. */
		w->q = w->half = NAN;
		w->sig = w->p < alpha ? (w->d > 0 ? 1 : -1) : 0;
		return true;
	}
	w->q = br_t_quantile(1 - alpha / 2, w->df);
	w->half = w->q * w->se_d;
	if (fabs(w->d) > w->half)
		w->sig = w->d > 0 ? 1 : -1;
	if (w->sig && !(w->p < alpha))
		w->p = nextafter(alpha, 0);
	else if (!w->sig && !(w->p >= alpha))
		w->p = alpha;
	return true;
}

/*
 * Fieller interval of delta = num/den - 1 at quantile q: the roots of
 * A delta^2 - 2 B delta + C = 0 with A = den^2 - q^2 vd, B = d den +
 * q^2 vd, C = d^2 - q^2 (vn + vd), d = num - den.  half = q sqrt(vn + vd)
 * and sig (the sign of d when |d| > half, else 0) come from the caller
 * so the decision is the one already made.  The root nearer 0 is C/X and
 * the other X/A, X = B + sign(B) sqrt(B^2 - AC): no cancellation, and
 * ratios near 1 keep their digits.  Returns false when the set is
 * unbounded (A <= 0: den not significantly away from 0).
 */
static bool fieller(double num, double sn, double den, double sd, double q,
		    double half, int sig, double *lo, double *hi)
{
	double d = num - den, qsd = q * sd, a, bq, c, x, r1, r2;

	a = den * den - qsd * qsd;
	if (!(a > 0))
		return false;
	bq = d * den + qsd * qsd;
	/* B^2 - AC = q^2 (num^2 vd + vn A), never negative when A > 0; from
	 * the SEs (sn, sd), whose squares can underflow */
	x = fabs(bq) + q * hypot(num * sd, sn * sqrt(a));
	if (sig != 0) {
		/* both roots have the sign of d; C > 0 */
		double near = (fabs(d) - half) * ((fabs(d) + half) / x);
		double far = x / a;

		*lo = sig > 0 ? near : -far;
		*hi = sig > 0 ? far : -near;
		return true;
	}
	x = copysign(x, bq);
	c = fabs(d) - half;
	r1 = x != 0 ? c * ((fabs(d) + half) / x) : 0;
	r2 = x / a;
	*lo = fmin(r1, r2);
	*hi = fmax(r1, r2);
	return true;
}

/*
 * 1 + delta for a ratio interval end, kept on the side of 1 that delta is
 * on (1 + 1e-17 would round to 1 and lose "excludes 1"): at most 1 ulp.
 */
static double one_plus(double delta)
{
	double r = 1 + delta;

	if (delta > 0 && !(r > 1))
		return nextafter(1, 2);
	if (delta < 0 && !(r < 1))
		return nextafter(1, 0);
	return r;
}

/*
 * Fieller's interval of the ratio num/den itself, [*rlo, *rhi], and of
 * delta = ratio - 1, [*dlo, *dhi].  Near and above 1 both come from
 * fieller() (delta keeps its digits); for a ratio below 0.5 the ends are
 * the roots of A R^2 - 2 num den R + C' = 0, C' = num^2 - q^2 vn, taken
 * as C' / X and X / A, X = num den + q sqrt(num^2 vd + vn A): a ratio of
 * 1e-17 keeps its digits too (1 + delta would round it to 0).  False when
 * unbounded.
 */
static bool fieller_ratio_near(double num, double sn, double den,
			       double sd, double q, double half, int sig,
			       double *rlo, double *rhi, double *dlo,
			       double *dhi)
{
	double a, x;

	if (!fieller(num, sn, den, sd, q, half, sig, dlo, dhi))
		return false;
	*rlo = one_plus(*dlo);
	*rhi = one_plus(*dhi);
	if (!(num < 0.5 * den) || !(num > 0))
		return true;
	a = den * den - (q * sd) * (q * sd);
	x = num * den + q * hypot(num * sd, sn * sqrt(a));
	*rlo = (num - q * sn) * ((num + q * sn) / x);
	*rhi = x / a;
	/* on the verdict's side of 1, as fieller() keeps it (at the
	 * boundary the two forms round differently): num < den here, so a
	 * proven difference is below 1 and an unproven one includes it */
	if (sig != 0 && !(*rhi < 1))
		*rhi = nextafter(1, 0);
	else if (sig == 0 && *rhi < 1)
		*rhi = 1;
	*dlo = *rlo - 1;
	*dhi = *rhi - 1;
	return true;
}

/* Ratios beyond 2^+-RATIO_EXP_FAR are sized on each side's own scale. */
#define RATIO_EXP_FAR 60

/*
 * Fieller's interval of num/den (fieller_ratio_near).  When the means are
 * far apart in magnitude (1e200 against 1), den^2 can vanish beside
 * num^2: then each side is first divided by the power of 2 at its own
 * mean (exact), which multiplies every ratio in Fieller's set by the
 * same power of 2, and the ends are scaled back.  The ends are then put
 * on the side of 1 that sig says, as the one decision requires (here 1
 * is far outside unless the interval is huge).  False when unbounded or
 * beyond the doubles.
 */
static bool fieller_ratio(double num, double sn, double den, double sd,
			  double q, double half, int sig, double *rlo,
			  double *rhi, double *dlo, double *dhi)
{
	int en, ed, s2;
	double n2, d2, sn2, sd2, h2;

	if (!(num > 0 && den > 0) ||
	    abs(ilogb(num) - ilogb(den)) <= RATIO_EXP_FAR)
		return fieller_ratio_near(num, sn, den, sd, q, half, sig, rlo,
					  rhi, dlo, dhi);
	en = ilogb(num);
	ed = ilogb(den);
	n2 = ldexp(num, -en);
	sn2 = ldexp(sn, -en);
	d2 = ldexp(den, -ed);
	sd2 = ldexp(sd, -ed);
	h2 = q * hypot(sn2, sd2);
	s2 = fabs(n2 - d2) > h2 ? (n2 > d2 ? 1 : -1) : 0;
	if (!fieller_ratio_near(n2, sn2, d2, sd2, q, h2, s2, rlo, rhi, dlo,
				dhi))
		return false;
	*rlo = ldexp(*rlo, en - ed);
	*rhi = ldexp(*rhi, en - ed);
	if (!isfinite(*rhi))
		return false;
	if (sig > 0 && !(*rlo > 1))
		*rlo = nextafter(1, 2);
	else if (sig < 0 && !(*rhi < 1))
		*rhi = nextafter(1, 0);
	else if (sig == 0) {
		*rlo = fmin(*rlo, 1);
		*rhi = fmax(*rhi, 1);
	}
	*dlo = *rlo - 1;
	*dhi = *rhi - 1;
	return true;
}

/* Every output "not computed". */
static void clear_comparison(struct br_comparison *o)
{
	memset(o, 0, sizeof *o);
	o->d = o->se_d = o->t = o->df = o->p = NAN;
	o->d_ci_low = o->d_ci_high = NAN;
	o->ratio = o->ratio_ci_low = o->ratio_ci_high = NAN;
	o->speedup = o->speedup_ci_low = o->speedup_ci_high = NAN;
	o->improvement_pct = NAN;
	o->improvement_ci_low_pct = o->improvement_ci_high_pct = NAN;
	o->equiv_ci_low_pct = o->equiv_ci_high_pct = NAN;
	o->mde_pct = o->runs_needed = NAN;
	o->verdict = BR_VERDICT_NO_DIFFERENCE;
	o->reason = NULL;
}

/* Whether a ratio r and its reciprocal are normal doubles. */
static bool normal_ratio(double r)
{
	return isnormal(r) && isnormal(1 / r);
}

/*
 * Point estimates of d, ratio, speedup and improvement.  Returns whether
 * ratio-based numbers apply: both means > 0.  Otherwise there is no
 * ratio and no percent, only the difference in the test's unit (one rule
 * for every output, doc/statistics.md "Non-positive means").
 */
static bool point_estimates(struct br_comparison *o, double ma, double mb,
			    bool lib)
{
	double d = mb - ma;

	o->d = d;
	if (ma > 0 && mb > 0 && normal_ratio(mb / ma)) {
		o->ratio = mb / ma;
		o->speedup = lib ? ma / mb : mb / ma;
		o->improvement_pct = lib ? -100 * d / mb : 100 * d / ma;
		return true;
	}
	/* a ratio past the doubles (3.76e9 against 1e-300: inf, and a
	 * speedup of 4e-310 that keeps few digits) is no ratio either */
	o->reason = ma > 0 && mb > 0 ? "a ratio past the range of doubles: "
		    "the difference in the test's unit" : "a mean is not "
		    "above 0: no ratio, the difference in the test's unit";
	return false;
}

/*
 * Improvement-percent interval at quantile q (half = q se_d, sig the
 * decision at that level), from the Fieller interval of the speedup.
 * False when unavailable: a mean not above 0, an unbounded interval, or
 * one that reaches a speedup of 0 or less (too noisy to size).
 */
static bool improvement_ci(const struct br_welch *w, double ma, double mb,
			   double q, double half, int sig, bool lib,
			   bool ratio_ok, double *lo, double *hi)
{
	double rl, rh, dl, dh;
	bool ok;

	if (!ratio_ok)
		return false;
	if (lib)
		ok = fieller_ratio(ma, w->sa, mb, w->sb, q, half, -sig, &rl,
				   &rh, &dl, &dh);
	else
		ok = fieller_ratio(mb, w->sb, ma, w->sa, q, half, sig, &rl,
				   &rh, &dl, &dh);
	/* the speedup must stay above 0: a quantity above 0 */
	if (!ok || !(rl > 0))
		return false;
	*lo = 100 * dl;
	*hi = 100 * dh;
	return true;
}

/* GSL's quantile at whole df, kept (whole_df): runs_for's. */
static _Thread_local struct whole_df pinv[2];
static _Thread_local unsigned pinv_next;

/*
 * Runs needed given n: 2 (q1 + q2)^2 k with the quantiles at 2n - 2 df,
 * q1 = q(1 - a/2) and q2 = q(0.8) to detect a change of delta with 80%
 * power; for equivalence (two one-sided tests at a, true difference 0,
 * 80% power) q1 = q(1 - a) and q2 = q(0.9).  A planning estimate rounded
 * up to whole runs, so GSL's quantile (about 1e-9 relative) serves; the
 * refined br_t_quantile would cost a Newton solve at every bisection
 * step.
 */
static double runs_for(double n, double alpha, bool tost, double k)
{
	double df = 2 * (n - 1);
	double s = whole_df(pinv, &pinv_next, gsl_cdf_tdist_Pinv,
			    tost ? 1 - alpha : 1 - alpha / 2, df) +
		   whole_df(pinv, &pinv_next, gsl_cdf_tdist_Pinv,
			    tost ? 0.9 : 0.8, df);

	return 2 * s * s * k;
}

/* Above this CV^2 / delta^2 (a baseline mean near 0) no count of runs
 * is a useful answer. */
#define RUNS_K_MAX 1e12

/*
 * Smallest integer n >= 2 with n >= runs_for(n): runs_for falls with n,
 * so bracket by doubling from the normal-theory estimate, then bisect.
 * k = CV^2 / delta^2.
 */
static double runs_needed(double alpha, bool tost, double k)
{
	double z, lo = 2, hi, mid;
	int i;

	if (!(k >= 0) || !(k <= RUNS_K_MAX))
		return NAN;
	if (runs_for(2, alpha, tost, k) <= 2)
		return 2;
	z = tost ? gsl_cdf_ugaussian_Pinv(1 - alpha) +
		   gsl_cdf_ugaussian_Pinv(0.9)
		 : gsl_cdf_ugaussian_Pinv(1 - alpha / 2) +
		   gsl_cdf_ugaussian_Pinv(0.8);
	hi = fmax(3, ceil(2 * z * z * k));
	for (i = 0; i < 64 && runs_for(hi, alpha, tost, k) > hi; i++) {
		lo = hi;
		hi *= 2;
	}
	for (i = 0; i < 128 && hi - lo > 1; i++) {
		mid = floor(lo + (hi - lo) / 2);
		if (mid <= lo || mid >= hi)
			break;
		if (runs_for(mid, alpha, tost, k) <= mid)
			hi = mid;
		else
			lo = mid;
	}
	return hi;
}

/* CIs collapsed to the point estimates (both variances 0). */
static void collapse(struct br_comparison *o, bool ratio_ok, bool equiv)
{
	o->d_ci_low = o->d_ci_high = o->d;
	if (ratio_ok)
		o->ratio_ci_low = o->ratio_ci_high = o->ratio;
	o->speedup_ci_low = o->speedup_ci_high = o->speedup;
	o->improvement_ci_low_pct = o->improvement_pct;
	o->improvement_ci_high_pct = o->improvement_pct;
	if (equiv) {
		o->equiv_ci_low_pct = o->improvement_pct;
		o->equiv_ci_high_pct = o->improvement_pct;
	}
}

/* Ratio (B/A) and speedup intervals at the confidence level. */
static void ratio_cis(struct br_comparison *o, const struct br_welch *w,
		      double ma, double mb, bool lib)
{
	double lo, hi;

	if (!fieller_ratio(mb, w->sb, ma, w->sa, w->q, w->half, w->sig,
			   &o->ratio_ci_low, &o->ratio_ci_high, &lo, &hi))
		o->ratio_unbounded = true;
	if (!lib) {
		o->speedup_ci_low = o->ratio_ci_low;
		o->speedup_ci_high = o->ratio_ci_high;
		o->speedup_unbounded = o->ratio_unbounded;
	} else if (!fieller_ratio(ma, w->sa, mb, w->sb, w->q, w->half,
				  -w->sig, &o->speedup_ci_low,
				  &o->speedup_ci_high, &lo, &hi)) {
		o->speedup_unbounded = true;
	} else if (!o->ratio_unbounded && o->ratio_ci_low > 0) {
		/* both bounded: the ratio interval's reciprocals, the ends
		 * swapped (doc/statistics.md, "Direction"), which Fieller's
		 * set for a/b is; solving it again gave ends 2e-12 apart
		 * near a ratio of 1e-3 */
		o->speedup_ci_low = 1 / o->ratio_ci_high;
		o->speedup_ci_high = 1 / o->ratio_ci_low;
	}
	if (o->ratio_unbounded || o->speedup_unbounded ||
	    !(o->ratio_ci_low > 0) || !(o->speedup_ci_low > 0)) {
		/* an interval that is unbounded or reaches 0 says nothing
		 * about the size of a change in a positive quantity */
		o->too_noisy = true;
		o->ratio_ci_low = o->ratio_ci_high = NAN;
		o->speedup_ci_low = o->speedup_ci_high = NAN;
		o->reason = "too noisy to size the change as a ratio";
	}
}

/*
 * Keep lo <= pt <= hi where rounding put them out of order (identical
 * runs 20.661207262800847 x5 against 152.11795167049996 x30 gave a ratio
 * interval whose ends were one ulp inverted).  side says where the
 * decision put the interval: above one (+1), below (-1), or around it
 * (0); an end never crosses one against it, the point moves to the end
 * instead (by the same ulp).
 */
static void order3(double *lo, double *pt, double *hi, double one, int side)
{
	double t;

	if (!isfinite(*lo) || !isfinite(*hi) || !isfinite(*pt))
		return;
	if (*lo > *hi) {
		t = *lo;
		*lo = *hi;
		*hi = t;
	}
	if (*pt < *lo) {
		if (side > 0 && !(*pt > one))
			*pt = *lo;
		else
			*lo = *pt;
	}
	if (*pt > *hi) {
		if (side < 0 && !(*pt < one))
			*pt = *hi;
		else
			*hi = *pt;
	}
}

/* Every interval of o around its point (order3), on the verdict's side. */
static void order_cis(struct br_comparison *o, int sig, bool lib)
{
	int imp = lib ? -sig : sig;

	order3(&o->d_ci_low, &o->d, &o->d_ci_high, 0, sig);
	order3(&o->ratio_ci_low, &o->ratio, &o->ratio_ci_high, 1, sig);
	order3(&o->speedup_ci_low, &o->speedup, &o->speedup_ci_high, 1, imp);
	order3(&o->improvement_ci_low_pct, &o->improvement_pct,
	       &o->improvement_ci_high_pct, 0, imp);
}

static void compare(const struct br_summary *a, const struct br_summary *b,
		    enum br_dir dir, double confidence, double equivalence_pct,
		    bool planning, struct br_comparison *out);

void br_compare(const struct br_summary *a, const struct br_summary *b,
		enum br_dir dir, double confidence, double equivalence_pct,
		struct br_comparison *out)
{
	br_compare_ex(a, b, dir, confidence, equivalence_pct, true, out);
}

void br_compare_ex(const struct br_summary *a, const struct br_summary *b,
		   enum br_dir dir, double confidence, double equivalence_pct,
		   bool planning, struct br_comparison *out)
{
	struct br_summary sa, sb;
	double scale;

	clear_comparison(out);
	if (a && b && a->n > 0 && b->n > 0 && isfinite(a->mean) &&
	    isfinite(b->mean)) {
		/* on means and SEs divided by the largest of them: nothing
		 * squared overflows or vanishes, from 1e-300 to 1e308; only
		 * the difference is in the test's unit */
		scale = br_st_scale_pair(a, b, &sa, &sb);
		compare(&sa, &sb, dir, confidence, equivalence_pct, planning,
			out);
		out->d *= scale;
		out->se_d *= scale;
		out->d_ci_low *= scale;
		out->d_ci_high *= scale;
		return;
	}
	compare(a, b, dir, confidence, equivalence_pct, planning, out);
}

static void compare(const struct br_summary *a, const struct br_summary *b,
		    enum br_dir dir, double confidence, double equivalence_pct,
		    bool planning, struct br_comparison *out)
{
	bool lib = dir == BR_DIR_LIB, equiv, ratio_ok, better, worse;
	double alpha, ma, mb, cv2, delta, lo, hi;
	struct br_welch w;

	clear_comparison(out);
	if (!(confidence > 0 && confidence < 1)) {
		out->verdict = BR_VERDICT_INCONCLUSIVE;
		out->reason = "confidence must be between 0 and 1";
		return;
	}
	if (!a || !b || a->n == 0 || b->n == 0 || !isfinite(a->mean) ||
	    !isfinite(b->mean)) {
		out->verdict = BR_VERDICT_SINGLE_RUN;
		out->reason = "missing result, no comparison";
		return;
	}
	alpha = 1 - confidence;
	equiv = equivalence_pct > 0 && isfinite(equivalence_pct);
	ma = a->mean;
	mb = b->mean;
	ratio_ok = point_estimates(out, ma, mb, lib);
	if (a->n < 2 || b->n < 2) {
		out->verdict = BR_VERDICT_SINGLE_RUN;
		out->reason = "single run, no statistical comparison";
		return;
	}
	if (!br_st_welch(a, b, alpha, &w)) {
		out->verdict = BR_VERDICT_SINGLE_RUN;
		out->reason = "no spread published, no statistical comparison";
		return;
	}
	out->se_d = w.se_d;
	out->t = w.t;
	out->df = w.df;
	out->p = w.p;
	out->zero_variance = w.zero_var;

	if (w.zero_var) {
		collapse(out, ratio_ok, equiv);
		out->reason = "zero variance: timer resolution or too few "
			      "runs?";
	} else {
		out->d_ci_low = w.d - w.half;
		out->d_ci_high = w.d + w.half;
		if (ratio_ok)
			ratio_cis(out, &w, ma, mb, lib);
		if (improvement_ci(&w, ma, mb, w.q, w.half, w.sig, lib,
				   ratio_ok, &lo, &hi)) {
			out->improvement_ci_low_pct = lo;
			out->improvement_ci_high_pct = hi;
		}
		if (equiv) {
			/* TOST: the 1-2a interval; 0 wide for a >= 0.5 */
			double q2 = alpha < 0.5 ?
				    br_t_quantile(1 - alpha, w.df) : 0;
			double h2 = q2 * w.se_d;
			int s2 = fabs(w.d) > h2 ? (w.d > 0 ? 1 : -1) : 0;

			if (improvement_ci(&w, ma, mb, q2, h2, s2, lib,
					   ratio_ok, &lo, &hi)) {
				out->equiv_ci_low_pct = lo;
				out->equiv_ci_high_pct = hi;
			}
		}
		if (ratio_ok && planning) {
			out->mde_pct = 100 * (w.q + br_t_quantile(0.8, w.df)) *
				       w.se_d / fabs(ma);
			cv2 = (w.va * (double)a->n + w.vb * (double)b->n) /
			      (2 * ma * ma);
			delta = equiv ? equivalence_pct / 100 : 0.01;
			out->runs_needed = runs_needed(alpha, equiv,
						       cv2 / (delta * delta));
		}
	}

	out->significant = w.sig != 0;
	order_cis(out, w.sig, lib);
	better = lib ? w.sig < 0 : w.sig > 0;
	worse = lib ? w.sig > 0 : w.sig < 0;
	if (equiv && isfinite(out->equiv_ci_low_pct) &&
	    out->equiv_ci_low_pct > -equivalence_pct &&
	    out->equiv_ci_high_pct < equivalence_pct)
		out->verdict = BR_VERDICT_EQUIVALENT;
	else if (better)
		out->verdict = BR_VERDICT_BETTER;
	else if (worse)
		out->verdict = BR_VERDICT_WORSE;
	else
		out->verdict = equiv ? BR_VERDICT_INCONCLUSIVE :
				       BR_VERDICT_NO_DIFFERENCE;
}
