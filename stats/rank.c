/*
 * rank.c - rank ranges within one test (doc/statistics.md, "Ranks"):
 * each system's rank_low..rank_high is the set of places the data allow,
 * from Welch's test of every pair with Holm's step-down adjustment over
 * all tested pairs (simultaneous at the confidence level).  rank_low =
 * 1 + the systems proven better, rank_high = N - the systems proven
 * worse.  Ordering by mean fits every range and every proven pair, so
 * whatever br_compare proves at the same confidence fits them too.
 */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>

#include "stats.h"
#include "stats_int.h"

static bool has_data(const struct br_summary *s)
{
	return s->n > 0 && isfinite(s->mean);
}

static int by_p(const void *x, const void *y)
{
	const struct br_rank_pair *a = x, *b = y;

	return (a->p > b->p) - (a->p < b->p);
}

size_t br_rank_ranges(const bool *has, size_t n, struct br_rank_pair *pr,
		      size_t m, size_t m_total, double alpha, int *low,
		      int *high)
{
	size_t i, k, with = 0;

	for (i = 0; i < n; i++)
		with += has[i];
	for (i = 0; i < n; i++) {
		low[i] = has[i] ? 1 : 0;
		high[i] = has[i] ? (int)with : 0;
	}
	/* Holm: reject the k-th smallest p while p_(l) < alpha / (m - l)
	 * for every l <= k.  A pair with p >= alpha is never rejected, so
	 * the candidates (p < alpha) sort first and the rest need no p. */
	if (m > 0)  /* pr may be NULL then */
		qsort(pr, m, sizeof *pr, by_p);
	for (k = 0; k < m && k < m_total; k++) {
		if (!(pr[k].p < alpha / (double)(m_total - k)))
			break;
		low[pr[k].worse]++;
		high[pr[k].better]--;
	}
	return k;
}

/* relative[i] against the best mean (HIB: mean/best, LIB: best/mean). */
static void fill_relative(const struct br_summary *s, size_t n, bool lib,
			  double *relative)
{
	double best = NAN;
	size_t i;

	for (i = 0; i < n; i++) {
		if (!has_data(&s[i]))
			continue;
		if (isnan(best) || (lib ? s[i].mean < best : s[i].mean > best))
			best = s[i].mean;
	}
	for (i = 0; i < n; i++) {
		relative[i] = NAN;
		if (!has_data(&s[i]) || !(best > 0) || !(s[i].mean > 0))
			continue;
		relative[i] = lib ? best / s[i].mean : s[i].mean / best;
	}
}

int br_rank(const struct br_summary *s, size_t n, enum br_dir dir,
	    double confidence, int *rank_low, int *rank_high,
	    double *relative)
{
	bool lib = dir == BR_DIR_LIB, *has = NULL;
	double alpha;
	struct br_rank_pair *pr = NULL;
	struct br_welch w;
	size_t *idx = NULL, i, j, a, b, k = 0, m = 0, m_total = 0;
	int rc = BR_EIO;

	if (!(confidence > 0 && confidence < 1))
		return BR_EUSAGE;
	alpha = 1 - confidence;
	if (relative)
		fill_relative(s, n, lib, relative);
	if (!rank_low || !rank_high)
		return BR_OK;
	/* only systems with a spread can be told apart: pairs among those
	 * (a million single runs need no pairs at all) */
	idx = malloc((n + 1) * sizeof *idx);
	has = malloc((n + 1) * sizeof *has);
	if (!idx || !has)
		goto out;
	for (i = 0; i < n; i++) {
		has[i] = has_data(&s[i]);
		if (has[i] && s[i].n >= 2 && isfinite(s[i].se))
			idx[k++] = i;
	}
	if (k > 1 && k - 1 > SIZE_MAX / k / sizeof *pr)
		goto out;
	if (k > 1) {
		pr = malloc(k * (k - 1) / 2 * sizeof *pr);
		if (!pr)
			goto out;
	}
	/* pass 1: the pairs significant at alpha (the sign alone: most
	 * pairs of a big test are settled without a p-value) */
	for (a = 0; a < k; a++) {
		for (b = a + 1; b < k; b++) {
			struct br_summary si, sj;

			i = idx[a];
			j = idx[b];
			br_st_scale_pair(&s[i], &s[j], &si, &sj);
			if (!br_st_welch_ex(&si, &sj, alpha, BR_ST_SIG, &w))
				continue;
			m_total++;
			if (w.sig == 0)
				continue;
			/* sig > 0: j's mean is proven higher than i's */
			pr[m].better = (w.sig > 0) != lib ? j : i;
			pr[m].worse = pr[m].better == j ? i : j;
			pr[m].p = w.p;
			m++;
		}
	}
	/* pass 2: a pair significant at alpha / m_total is rejected by
	 * Holm whatever the others (it sorts before every p above that,
	 * and each threshold is at least alpha / m_total): p = -1 keeps it
	 * first.  Only the rest need their p-value. */
	for (a = 0; a < m; a++) {
		struct br_summary si, sj;

		br_st_scale_pair(&s[pr[a].worse], &s[pr[a].better], &si, &sj);
		if (!br_st_welch_ex(&si, &sj, alpha / (double)m_total,
				    BR_ST_SIG, &w))
			continue;       /* cannot happen: tested above */
		if (w.sig != 0)
			pr[a].p = -1;
		else if (isnan(pr[a].p) &&
			 br_st_welch_ex(&si, &sj, alpha, BR_ST_P, &w))
			pr[a].p = w.p;
	}
	br_rank_ranges(has, n, pr, m, m_total, alpha, rank_low, rank_high);
	rc = BR_OK;
out:
	free(pr);
	free(idx);
	free(has);
	return rc;
}
