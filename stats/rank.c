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

/*
 * Holm's step-down over m_total tested pairs of which done are already
 * rejected (and counted in low and high) and pr[0..m) are the rest with
 * p < alpha (sorted here): reject the next smallest p while it is below
 * alpha / (m_total - its place).  A pair with p >= alpha is never
 * rejected, so the others need no p.  Returns the pairs it rejected.
 */
static size_t holm(struct br_rank_pair *pr, size_t m, size_t m_total,
		   size_t done, double alpha, int *low, int *high)
{
	size_t k;

	if (m > 0)  /* pr may be NULL then */
		qsort(pr, m, sizeof *pr, by_p);
	for (k = 0; k < m && done + k < m_total; k++) {
		if (!(pr[k].p < alpha / (double)(m_total - done - k)))
			break;
		low[pr[k].worse]++;
		high[pr[k].better]--;
	}
	return k;
}

static void init_ranges(const bool *has, size_t n, int *low, int *high)
{
	size_t i, with = 0;

	for (i = 0; i < n; i++)
		with += has[i];
	for (i = 0; i < n; i++) {
		low[i] = has[i] ? 1 : 0;
		high[i] = has[i] ? (int)with : 0;
	}
}

size_t br_rank_ranges(const bool *has, size_t n, struct br_rank_pair *pr,
		      size_t m, size_t m_total, double alpha, int *low,
		      int *high)
{
	init_ranges(has, n, low, high);
	return holm(pr, m, m_total, 0, alpha, low, high);
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

/* Pass 1 remembers its significant pairs in a bitmap up to this many
 * pairs (16 MB; 11,000 systems with a spread); beyond, pass 2 tests
 * every pair again. */
#define BITS_MAX ((size_t)1 << 27)

/* pr with room for one more, doubling; false when out of memory. */
static bool grow(struct br_rank_pair **pr, size_t m, size_t *cap)
{
	struct br_rank_pair *np;
	size_t nc;

	if (m < *cap)
		return true;
	nc = *cap ? *cap * 2 : 64;
	if (nc > SIZE_MAX / sizeof **pr)
		return false;
	np = realloc(*pr, nc * sizeof **pr);
	if (!np)
		return false;
	*pr = np;
	*cap = nc;
	return true;
}

/* A pair proven at once: sig > 0 when the mean of j is the higher. */
static void count_proven(size_t i, size_t j, int sig, bool lib, int *low,
			 int *high)
{
	size_t better = (sig > 0) != lib ? j : i;

	low[better == j ? i : j]++;
	high[better]--;
}

/* Welch's decision on (i, j) at level lv: the sign of mean_j - mean_i
 * when proven, else 0 (also when untestable). */
static int pair_sig(const struct br_summary *s, size_t i, size_t j,
		    double lv, struct br_welch *w)
{
	struct br_summary si, sj;

	if (br_st_plain_pair(&s[i], &s[j]))
		return br_st_welch_ex(&s[i], &s[j], lv, BR_ST_SIG, w) ? w->sig
									: 0;
	br_st_scale_pair(&s[i], &s[j], &si, &sj);
	if (!br_st_welch_ex(&si, &sj, lv, BR_ST_SIG, w))
		return 0;
	return w->sig;
}

int br_rank(const struct br_summary *s, size_t n, enum br_dir dir,
	    double confidence, int *rank_low, int *rank_high,
	    double *relative)
{
	bool lib = dir == BR_DIR_LIB, *has = NULL;
	double alpha, sure, reach;
	struct br_rank_pair *pr = NULL;
	struct br_welch w;
	size_t *idx = NULL, i, a, b, k = 0, m = 0, cap = 0, m_total;
	size_t done = 0, n_sig = 0, q;
	unsigned char *bits = NULL;
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
	has = calloc(n + 1, sizeof *has);
	if (!idx || !has)
		goto out;
	for (i = 0; i < n; i++) {
		has[i] = has_data(&s[i]);
		if (has[i] && s[i].n >= 2 && isfinite(s[i].se))
			idx[k++] = i;
	}
	init_ranges(has, n, rank_low, rank_high);
	/* every pair of those is tested (n >= 2 and an SE on both sides) */
	m_total = k > 1 ? k * (k - 1) / 2 : 0;
	if (m_total == 0)
		goto done;
	sure = alpha / (double)m_total;
	if (m_total <= BITS_MAX)
		bits = calloc(m_total / 8 + 1, 1);
	/* pass 1: the sign alone (most pairs are settled without a
	 * p-value).  Not significant at alpha: never rejected.  Below
	 * alpha / m_total: Holm rejects it whatever the others (it sorts
	 * before every p above that, and no threshold is lower), so it is
	 * counted now.  The rest (S of them, with the sure ones) wait in
	 * the bitmap. */
	for (a = 0, q = 0; a < k; a++) {
		for (b = a + 1; b < k; b++, q++) {
			int sig = pair_sig(s, idx[a], idx[b], alpha, &w);

			if (sig == 0)
				continue;
			n_sig++;
			if (br_st_sig_at(&w, sure) != 0) {
				count_proven(idx[a], idx[b], sig, lib, rank_low,
					     rank_high);
				done++;
			} else if (bits) {
				bits[q / 8] |= (unsigned char)(1u << q % 8);
			}
		}
	}
	if (n_sig == done)
		goto holm_rest;
	/* the k-th rejection needs p < alpha / (m_total - k) and only the
	 * S pairs can be rejected, so none is above reach */
	reach = alpha / (double)(m_total - n_sig + 1);
	/* pass 2: those between alpha / m_total and reach, kept with their
	 * p for the step-down (memory for those only) */
	for (a = 0, q = 0; a < k; a++) {
		for (b = a + 1; b < k; b++, q++) {
			int sig;

			if (bits ? !(bits[q / 8] & (1u << q % 8))
				 : pair_sig(s, idx[a], idx[b], sure, &w) != 0)
				continue;
			sig = pair_sig(s, idx[a], idx[b], reach, &w);
			if (sig == 0)
				continue;
			if (!grow(&pr, m, &cap))
				goto out;
			/* sig > 0: the second's mean is proven higher */
			pr[m].better = (sig > 0) != lib ? idx[b] : idx[a];
			pr[m].worse = pr[m].better == idx[b] ? idx[a] : idx[b];
			/* below reach, so below alpha: no nudging to do */
			pr[m].p = w.zero_var ? 0 : br_t_two_tail(w.t, w.df);
			m++;
		}
	}
holm_rest:
	holm(pr, m, m_total, done, alpha, rank_low, rank_high);
done:
	rc = BR_OK;
out:
	free(bits);
	free(pr);
	free(idx);
	free(has);
	return rc;
}
