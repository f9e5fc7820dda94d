/*
 * rank.c - competition ranks with ties within one test (doc/statistics.md,
 * "Ranks"): rank_i = 1 + #{j : j better than i, proven by Welch at
 * alpha}, with no chaining (A~B, B~C, A beats C gives 1, 1, 2),
 * optionally with Holm's step-down adjustment over all tested pairs.
 */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>

#include "stats.h"
#include "stats_int.h"

struct pair {
	size_t i, j;  /* j tested against i (i as baseline) */
	double p;     /* raw, then Holm-adjusted */
	int sig;      /* sign of mean_j - mean_i when proven, else 0 */
};

static bool has_data(const struct br_summary *s)
{
	return s->n > 0 && isfinite(s->mean);
}

static int by_p(const void *x, const void *y)
{
	const struct pair *a = x, *b = y;

	return (a->p > b->p) - (a->p < b->p);
}

/* Holm: adjusted p_(k) = max over l <= k of min(1, (m - l) p_(l)). */
static void holm_adjust(struct pair *pr, size_t m, double alpha)
{
	double run = 0;
	size_t k;

	qsort(pr, m, sizeof *pr, by_p);
	for (k = 0; k < m; k++) {
		double adj = fmin(1, (double)(m - k) * pr[k].p);

		run = fmax(run, adj);
		pr[k].p = run;
		if (!(run < alpha))
			pr[k].sig = 0;
	}
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
	    double confidence, bool holm, int *rank, double *relative)
{
	bool lib = dir == BR_DIR_LIB;
	double alpha;
	struct pair *pr = NULL;
	struct br_welch w;
	size_t *idx, i, j, a, b, k = 0, m = 0;

	if (!(confidence > 0 && confidence < 1))
		return BR_EUSAGE;
	alpha = 1 - confidence;
	if (relative)
		fill_relative(s, n, lib, relative);
	if (!rank)
		return BR_OK;
	/* only systems with a spread can be told apart: pairs among those
	 * (a million single runs need no pairs at all) */
	idx = malloc((n + 1) * sizeof *idx);
	if (!idx)
		return BR_EIO;
	for (i = 0; i < n; i++)
		if (has_data(&s[i]) && s[i].n >= 2 && isfinite(s[i].se))
			idx[k++] = i;
	if (k > 1 && k - 1 > SIZE_MAX / k / sizeof *pr) {
		free(idx);
		return BR_EIO;
	}
	if (k > 1) {
		pr = malloc(k * (k - 1) / 2 * sizeof *pr);
		if (!pr) {
			free(idx);
			return BR_EIO;
		}
	}
	for (a = 0; a < k; a++) {
		for (b = a + 1; b < k; b++) {
			i = idx[a];
			j = idx[b];
			if (!br_st_welch_ex(&s[i], &s[j], alpha, holm ?
					    BR_ST_P : BR_ST_SIG, &w))
				continue;
			pr[m].i = i;
			pr[m].j = j;
			pr[m].p = w.p;
			pr[m].sig = w.sig;
			m++;
		}
	}
	free(idx);
	if (holm && m > 0)
		holm_adjust(pr, m, alpha);
	for (i = 0; i < n; i++)
		rank[i] = has_data(&s[i]) ? 1 : 0;
	for (i = 0; i < m; i++) {
		/* sig > 0: j's mean is proven higher than i's */
		bool j_better = lib ? pr[i].sig < 0 : pr[i].sig > 0;

		if (pr[i].sig == 0)
			continue;
		if (j_better)
			rank[pr[i].i]++;
		else
			rank[pr[i].j]++;
	}
	free(pr);
	return BR_OK;
}
