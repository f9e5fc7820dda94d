/*
 * pooled.c - ministat's pooled-variance t comparison with the exact t
 * quantile instead of ministat's rounded table (doc/statistics.md,
 * "ministat block"), and hyperfine's relative speed ("hyperfine's
 * relative speed").
 */
#include <math.h>

#include <gsl/gsl_cdf.h>

#include "pooled.h"

/* The sd behind the SE every other number uses: the runs' own, or for a
 * side whose runs are closer than their resolution, se sqrt(n) (the SE
 * from the step, doc/statistics.md "Resolution"). */
static double used_sd(const struct br_summary *s)
{
	return s->floored ? s->se * sqrt((double)s->n) : s->sd;
}

bool br_pooled_t(const struct br_summary *a, const struct br_summary *b,
		 double confidence, struct br_pooled *out)
{
	double na = (double)a->n, nb = (double)b->n, df, t, sa, sb;

	if (a->n < 2 || b->n < 2 || isnan(a->sd) || isnan(b->sd))
		return false;
	df = na + nb - 2;
	sa = used_sd(a);
	sb = used_sd(b);
	out->floored = a->floored || b->floored;
	out->s_p = sqrt(((na - 1) * sa * sa + (nb - 1) * sb * sb) / df);
	t = br_t_quantile(1 - (1 - confidence) / 2, df);
	out->d = b->mean - a->mean;
	out->e = t * out->s_p * sqrt(1 / na + 1 / nb);
	out->pct = out->d * 100 / a->mean;
	out->pct_e = out->e * 100 / fabs(a->mean);
	out->different = fabs(out->d) > out->e;
	out->df = df;
	if (out->s_p > 0) {
		out->t = out->d / (out->s_p * sqrt(1 / na + 1 / nb));
		out->p = br_t_two_tail(out->t, df);
	} else {
		out->t = NAN;
		out->p = out->d == 0 ? 1 : 0;
	}
	return true;
}

bool br_hyperfine_ratio(const struct br_summary *a, const struct br_summary *b,
			double *ratio, double *pm, bool *b_faster)
{
	const struct br_summary *fast, *slow;

	if (!(a->mean > 0) || !(b->mean > 0))
		return false;
	*b_faster = b->mean < a->mean;
	fast = *b_faster ? b : a;
	slow = *b_faster ? a : b;
	*ratio = slow->mean / fast->mean;
	if (isnan(a->sd) || isnan(b->sd) || a->n < 2 || b->n < 2)
		*pm = NAN;
	else
		*pm = *ratio * sqrt(pow(slow->sd / slow->mean, 2) +
				    pow(fast->sd / fast->mean, 2));
	return true;
}
