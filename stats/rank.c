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
#include <string.h>

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

/* reach = the transitive closure of beats over the items with has
 * (Warshall's algorithm, n^3 / 8 steps at most with bytes). */
static void closure(const bool *has, size_t n, const bool *beats,
		    bool *reach)
{
	size_t i, j, k;

	for (i = 0; i < n; i++)
		for (j = 0; j < n; j++)
			reach[i * n + j] = has[i] && has[j] && i != j &&
					   beats[i * n + j];
	for (k = 0; k < n; k++)
		for (i = 0; i < n; i++) {
			bool *ri = reach + i * n;
			const bool *rk = reach + k * n;

			if (!ri[k])
				continue;
			for (j = 0; j < n; j++)
				ri[j] |= rk[j];
		}
}

void br_rank_order_ranges(const bool *has, size_t n, const bool *beats,
			  bool *reach, int *low, int *high)
{
	size_t i, j, with = 0;

	closure(has, n, beats, reach);
	for (i = 0; i < n; i++)
		with += has[i];
	for (i = 0; i < n; i++) {
		size_t above = 0, below = 0;

		low[i] = high[i] = 0;
		if (!has[i])
			continue;
		/* j must be above i when i is reached from j but not the
		 * other way (both ways: one cycle, no order between them) */
		for (j = 0; j < n; j++) {
			bool ji = reach[j * n + i], ij = reach[i * n + j];

			above += ji && !ij;
			below += ij && !ji;
		}
		low[i] = (int)(1 + above);
		high[i] = (int)(with - below);
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

/* Pass 1 remembers the pairs that wait for the step-down in a bitmap
 * of every pair: one bit each, 39 MB at BR_RANK_MAX_SYSTEMS. */
#define BITS_MAX ((size_t)BR_RANK_MAX_SYSTEMS * (BR_RANK_MAX_SYSTEMS - 1) / 2)

/* The step-down keeps at most br_rank_pairs_max pairs with their
 * p-values (24 MB).  When more wait between the sure level and reach,
 * counting passes (at most br_rank_passes_max, each a pass over the
 * waiting pairs) raise the level first (see step_down).  Variables, not
 * constants, so that tests can send small tests down that path. */
size_t br_rank_pairs_max = (size_t)1 << 20;
unsigned br_rank_passes_max = 6;

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

/*
 * The inner loop of a big test, without br_st_welch_ex's generality: the
 * systems' means, variances of the mean and 1/(n - 1) side by side, and
 * per level the squared bracket quantiles at whole df (as br_st_welch_ex
 * brackets them, same margin).  A pair it cannot settle (a bracket that
 * cannot tell, magnitudes whose squares could leave the doubles) goes
 * to br_st_welch_ex: the decisions are its decisions.
 */
#define FAST_DF_MAX 4096
#define FAST_MARGIN 1e-9

struct fast {
	double *mean, *var, *inm1;  /* by position in idx */
	bool *ok;                   /* squares stay within the doubles */
	struct level {
		double lv;          /* 0: unused */
		double *above, *below;  /* [df]: t^2 beyond: 1 / 0 */
	} lvl[4];
};

static void fast_free(struct fast *f)
{
	size_t i;

	free(f->mean);
	free(f->var);
	free(f->inm1);
	free(f->ok);
	for (i = 0; i < 4; i++) {
		free(f->lvl[i].above);
		free(f->lvl[i].below);
	}
}

static bool fast_init(struct fast *f, const struct br_summary *s,
		      const size_t *idx, size_t k)
{
	size_t a;

	memset(f, 0, sizeof *f);
	f->mean = malloc((k + 1) * sizeof *f->mean);
	f->var = malloc((k + 1) * sizeof *f->var);
	f->inm1 = malloc((k + 1) * sizeof *f->inm1);
	f->ok = malloc((k + 1) * sizeof *f->ok);
	if (!f->mean || !f->var || !f->inm1 || !f->ok)
		return false;
	for (a = 0; a < k; a++) {
		const struct br_summary *x = &s[idx[a]];

		f->mean[a] = x->mean;
		f->var[a] = x->se * x->se;
		f->inm1[a] = 1 / (double)(x->n - 1);
		f->ok[a] = fabs(x->mean) < 1e150 &&
			   (x->se == 0 || (x->se > 1e-70 && x->se < 1e70));
	}
	return true;
}

/* The bracket tables of level lv (slot i), filled as df values come. */
static struct level *fast_level(struct fast *f, size_t i, double lv)
{
	struct level *l = &f->lvl[i];

	if (l->lv != lv) {
		free(l->above);
		free(l->below);
		l->above = calloc(FAST_DF_MAX + 2, sizeof *l->above);
		l->below = calloc(FAST_DF_MAX + 2, sizeof *l->below);
		l->lv = l->above && l->below ? lv : 0;
	}
	return l->lv == lv ? l : NULL;
}

/* The square of q(1 - lv/2, d) scaled by (1 + m), kept in tab[d]. */
static double crit2(double *tab, size_t d, double lv, double m)
{
	if (tab[d] == 0) {
		double q = br_t_quantile(1 - lv / 2, (double)d) * (1 + m);

		tab[d] = q * q;
	}
	return tab[d];
}

/* Welch's decision on positions (a, b) at level l: the sign of mean_b -
 * mean_a when proven, 0 when not, 2 when this cannot tell. */
static int fast_sig(const struct fast *f, struct level *l, size_t a,
		    size_t b)
{
	double va = f->var[a], vb = f->var[b], d, v, t2, df;
	size_t lo, hi;

	if (!l || !f->ok[a] || !f->ok[b])
		return 2;
	d = f->mean[b] - f->mean[a];
	if (va == 0 && vb == 0)   /* the zero-variance rule */
		return d > 0 ? 1 : d < 0 ? -1 : 0;
	v = va + vb;
	t2 = d * d / v;
	df = v * v / (va * va * f->inm1[a] + vb * vb * f->inm1[b]);
	if (!(df >= 1 && df < FAST_DF_MAX))
		return 2;
	/* df between whole lo and hi; a df within 1e-13 of a whole number
	 * (equal runs and spreads give 2(n - 1), give or take a rounding)
	 * is that number: the quantile moves far less than the margin */
	lo = (size_t)df;
	hi = lo + 1;
	if (df - (double)lo < 1e-13 * df)
		hi = lo;
	else if ((double)hi - df < 1e-13 * df)
		lo = hi;
	if (t2 > crit2(l->above, lo, l->lv, FAST_MARGIN))
		return d > 0 ? 1 : -1;
	if (t2 < crit2(l->below, hi, l->lv, -FAST_MARGIN))
		return 0;
	return 2;
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

/* Welch's decision on positions (a, b) at level l (lv): the fast one,
 * else the exact one. */
static int decide(const struct fast *f, struct level *l, double lv,
		  const struct br_summary *s, const size_t *idx, size_t a,
		  size_t b, struct br_welch *w)
{
	int sig = fast_sig(f, l, a, b);

	return sig == 2 ? pair_sig(s, idx[a], idx[b], lv, w) : sig;
}

/*
 * Holm's step-down without holding every pair.  *r pairs are rejected
 * (pass 1's sure ones, counted in low and high); n_sig - *r wait.  Holm
 * rejects every p below a / (m_total - r) once r are rejected (the
 * thresholds only rise), so a counting pass at that level rejects them
 * all at once; repeated, the passes reach Holm's own stopping point (a
 * level that rejects no new pair) or few enough waiting pairs to sort
 * (br_rank_pairs_max).  After br_rank_passes_max passes it stops there:
 * each pair rejected is one Holm rejects, so ranges can only be wider
 * than Holm's, never narrower (doc/statistics.md, "Ranks").
 *
 * Returns 1 when the ranking is complete in low/high, 0 when the pairs
 * still waiting must be sorted (those not significant at *level, the
 * last pass's level, 0 for none), -1 when out of memory.
 */
static int step_down(struct fast *f, const struct br_summary *s,
		     const size_t *idx, size_t k, const unsigned char *bits,
		     struct level *ls, double sure, size_t m_total,
		     size_t n_sig, size_t done, double alpha, bool lib,
		     int *low, int *high, size_t n, size_t *r, double *level)
{
	struct br_welch w;
	int *tl, *th, rc = 0;
	size_t a, b, q, c;
	unsigned pass;

	*level = 0;
	if (n_sig - *r <= br_rank_pairs_max)
		return 0;
	tl = malloc((n + 1) * sizeof *tl);
	th = malloc((n + 1) * sizeof *th);
	if (!tl || !th) {
		rc = -1;
		goto out;
	}
	for (pass = 0; pass < br_rank_passes_max; pass++) {
		double lv = alpha / (double)(m_total - *r);
		struct level *lt = fast_level(f, 3, lv);

		memcpy(tl, low, n * sizeof *tl);
		memcpy(th, high, n * sizeof *th);
		for (a = 0, q = 0, c = 0; a < k; a++) {
			for (b = a + 1; b < k; b++, q++) {
				int sig;

				if (bits && !(bits[q / 8] & (1u << q % 8)))
					continue;
				sig = decide(f, lt, lv, s, idx, a, b, &w);
				if (sig == 0 || (!bits && decide(f, ls, sure, s,
						idx, a, b, &w) != 0))
					continue;   /* not at lv, or sure */
				count_proven(idx[a], idx[b], sig, lib, tl, th);
				c++;
			}
		}
		*level = lv;
		if (done + c == *r) {
			rc = 1;   /* Holm stops here */
			break;
		}
		*r = done + c;
		if (n_sig - *r <= br_rank_pairs_max)
			break;
	}
	if (pass == br_rank_passes_max)
		rc = 1;
	memcpy(low, tl, n * sizeof *tl);
	memcpy(high, th, n * sizeof *th);
out:
	free(tl);
	free(th);
	return rc;
}

/* has[i]: whether system i has data; idx: those with a spread (n >= 2
 * and a finite SE), the only ones a test can tell apart; their count. */
static size_t spread_systems(const struct br_summary *s, size_t n,
			     bool *has, size_t *idx)
{
	size_t i, k = 0;

	for (i = 0; i < n; i++) {
		has[i] = has_data(&s[i]);
		if (has[i] && s[i].n >= 2 && isfinite(s[i].se))
			idx[k++] = i;
	}
	return k;
}

/* br_rank's pass 1: every pair's sign at alpha, and at alpha / m_total
 * (sure) for those significant.  Returns how many are significant; the
 * sure ones are counted into the ranges (*done of them), the others
 * marked in bits (when there is a bitmap) for pass 2. */
static size_t pass_sign(struct fast *f, const struct br_summary *s,
			const size_t *idx, size_t k, double alpha, double sure,
			bool lib, unsigned char *bits, int *rank_low,
			int *rank_high, size_t *done)
{
	struct level *la = fast_level(f, 0, alpha);
	struct level *ls = fast_level(f, 1, sure);
	struct br_welch w;
	size_t a, b, q, n_sig = 0;

	for (a = 0, q = 0; a < k; a++) {
		for (b = a + 1; b < k; b++, q++) {
			int sig = decide(f, la, alpha, s, idx, a, b, &w);

			if (sig == 0)
				continue;
			n_sig++;
			if (decide(f, ls, sure, s, idx, a, b, &w) != 0) {
				count_proven(idx[a], idx[b], sig, lib, rank_low,
					     rank_high);
				(*done)++;
			} else if (bits) {
				bits[q / 8] |= (unsigned char)(1u << q % 8);
			}
		}
	}
	return n_sig;
}

int br_rank(const struct br_summary *s, size_t n, enum br_dir dir,
	    double confidence, int *rank_low, int *rank_high,
	    double *relative)
{
	bool lib = dir == BR_DIR_LIB, *has = NULL;
	double alpha, sure, reach;
	struct br_rank_pair *pr = NULL;
	struct br_welch w;
	size_t *idx = NULL, a, b, k = 0, m = 0, cap = 0, m_total;
	size_t done = 0, n_sig = 0, q, r = 0;
	unsigned char *bits = NULL;
	struct fast f = {0};
	struct level *ls, *lr, *lt;
	double level;
	int rc = BR_EIO, st;

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
	k = spread_systems(s, n, has, idx);
	init_ranges(has, n, rank_low, rank_high);
	if (k > BR_RANK_MAX_SYSTEMS) {
		rc = BR_EDATA;
		goto out;
	}
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
	if (!fast_init(&f, s, idx, k))
		goto out;
	ls = fast_level(&f, 1, sure);
	n_sig = pass_sign(&f, s, idx, k, alpha, sure, lib, bits, rank_low,
			  rank_high, &done);
	if (n_sig == done)
		goto holm_rest;
	r = done;
	st = step_down(&f, s, idx, k, bits, ls, sure, m_total, n_sig, done,
		       alpha, lib, rank_low, rank_high, n, &r, &level);
	if (st < 0)
		goto out;
	if (st > 0)
		goto done;
	lt = level > 0 ? fast_level(&f, 3, level) : NULL;
	/* the k-th rejection needs p < alpha / (m_total - k) and only the
	 * S pairs can be rejected, so none is above reach */
	reach = alpha / (double)(m_total - n_sig + 1);
	lr = fast_level(&f, 2, reach);
	/* pass 2: those between alpha / m_total (or the last counting
	 * level) and reach, kept with their p for the step-down (at most
	 * br_rank_pairs_max of them) */
	for (a = 0, q = 0; a < k; a++) {
		for (b = a + 1; b < k; b++, q++) {
			int sig;

			if (bits && !(bits[q / 8] & (1u << q % 8)))
				continue;
			if (!bits && decide(&f, ls, sure, s, idx, a, b, &w))
				continue;   /* counted in pass 1 */
			if (level > 0 &&
			    decide(&f, lt, level, s, idx, a, b, &w))
				continue;   /* counted by step_down */
			sig = decide(&f, lr, reach, s, idx, a, b, &w);
			if (sig == 0)
				continue;
			/* its t and df, for the p-value */
			pair_sig(s, idx[a], idx[b], reach, &w);
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
	holm(pr, m, m_total, r, alpha, rank_low, rank_high);
done:
	rc = BR_OK;
out:
	fast_free(&f);
	free(bits);
	free(pr);
	free(idx);
	free(has);
	return rc;
}
