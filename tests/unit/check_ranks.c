/*
 * check_ranks.c - br_rank's rank ranges against their contract
 * (doc/statistics.md, "Ranks"; stats/stats.h).
 *
 * Every system with a value gets rank_low..rank_high, the places the data
 * allow at the confidence level: pairs with n >= 2 and an SE are tested
 * with Welch's test (resolution floor, zero-variance rule), the p-values
 * are Holm-adjusted over all tested pairs, rank_low = 1 + the systems
 * proven better, rank_high = N - the systems proven worse.  What is
 * checked, on real samples (runs through br_sample_add_run, then
 * br_summarize, so the resolution floor and the summaries are the
 * library's own):
 *
 *  1. some assignment of distinct places 1..N, each system inside its
 *     range, puts every pair br_compare proves (same confidence, same
 *     direction; verdict better / worse) the right way round.  Found by
 *     exhaustive search (N <= 6), not by assuming the order by mean;
 *  2. 1 <= rank_low <= rank_high <= N; no value (n == 0): 0..0;
 *  3. the ranges are exactly Holm's step-down over br_compare's own
 *     p-values, so every pair Holm proves br_compare proves too, the same
 *     way round; and wherever the ranges alone order two systems
 *     (rank_high_i < rank_low_j) br_compare proves i better than j;
 *  4. a single run, or a summary without an SE, gets 1..N;
 *  5. well separated systems get exact ranks in the order of their means,
 *     more-is-better and less-is-better;
 *  6. identical systems all get 1..N;
 *  plus what stats.h promises beyond that: the order by mean fits every
 *  range and every pair br_compare proves, and br_compare's verdicts are
 *  antisymmetric (B better than A exactly when A is worse than B).
 *
 * The random part draws 20,000 tests (4 x 5,000, fixed seeds, splitmix64:
 * no rand()) of 2 to 6 systems with 0 to 8 runs each: well separated,
 * overlapping, identical runs with and without a resolution, runs
 * rounded to their resolution, one system far noisier than the rest,
 * identical systems and a mix with summaries and missing values, both
 * directions, confidence 0.9, 0.95 and 0.99.  A failing case prints its
 * seed, its index and all its runs to stderr; counts at the end make sure
 * the checks had something to check.
 */
#include <check.h>
#include <math.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <gsl/gsl_errno.h>

#include "model/model.h"
#include "stats/stats.h"
#include "stats/stats_int.h"

Suite *br_suite_ranks(void);

#define MAX_SYS 6
#define MAX_RUNS 8
#define CASES_PER_LOOP 5000
#define N_LOOPS 4
#define SEED 0x5eed2a4b1c0ffee1ULL
#define SHOW_PER_KIND 3 /* reproducers printed per kind of failure */

/* ------------------------------------------------------------- random */

struct rng {
	uint64_t s;
};

static uint64_t next64(struct rng *r)
{
	uint64_t z = (r->s += 0x9e3779b97f4a7c15ULL);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

/* [0, 1) with 53 bits */
static double unif(struct rng *r)
{
	return (double)(next64(r) >> 11) * 0x1.0p-53;
}

/* 0..n-1 */
static int pick(struct rng *r, int n)
{
	return (int)(unif(r) * n);
}

static double gauss(struct rng *r)
{
	double u = unif(r), v = unif(r);

	return sqrt(-2 * log(1 - u)) * cos(2 * M_PI * v);
}

static void shuffle(struct rng *r, int *a, int n)
{
	int i;

	for (i = 0; i < n; i++)
		a[i] = i;
	for (i = n - 1; i > 0; i--) {
		int j = pick(r, i + 1), t = a[i];

		a[i] = a[j];
		a[j] = t;
	}
}

/* ------------------------------------------------------------- a case */

enum kind {
	K_RUNS,       /* raw runs (n_runs >= 1) */
	K_SUMM,       /* published mean, SE and N */
	K_SUMM_NOSE,  /* published mean and N, no SE */
	K_EMPTY,      /* no value at all */
};

static const char *const kind_names[] = {"runs", "summary", "summary-no-se",
					 "empty"};

struct tsys {
	enum kind kind;
	size_t n;              /* runs, or the published N */
	double v[MAX_RUNS];
	double res;            /* the sample's resolution (0: not known) */
	double pm, pse;        /* published mean and SE */
};

struct tcase {
	uint64_t seed;
	long index;
	const char *scenario;
	int k;
	enum br_dir dir;
	double conf;
	struct tsys sys[MAX_SYS];
	/* filled by run_case */
	struct br_summary sum[MAX_SYS];
	int low[MAX_SYS], high[MAX_SYS];
	int proven[MAX_SYS][MAX_SYS]; /* 1: compare proves i better than j */
	int holm[MAX_SYS][MAX_SYS];   /* 1: Holm proves i better than j */
	double p[MAX_SYS][MAX_SYS];
	enum br_verdict verdict[MAX_SYS][MAX_SYS]; /* baseline i, cand. j */
	int n_with;            /* N: systems with a value */
};

static double round_to(double v, double r)
{
	return r > 0 ? round(v / r) * r : v;
}

/* The sample of one system, built the way a reader builds it. */
static void make_sample(const struct tsys *t, struct br_sample *s)
{
	size_t i;

	memset(s, 0, sizeof *s);
	s->se = NAN;
	switch (t->kind) {
	case K_RUNS:
		for (i = 0; i < t->n; i++)
			ck_assert_int_eq(br_sample_add_run(s, t->v[i], NULL,
							   NULL), BR_OK);
		s->resolution = t->res;
		break;
	case K_SUMM:
	case K_SUMM_NOSE:
		s->has_value = s->is_summary = true;
		s->value = t->pm;
		s->se = t->kind == K_SUMM ? t->pse : NAN;
		s->n = t->n;
		break;
	case K_EMPTY:
		break;
	}
}

static void free_sample(struct br_sample *s)
{
	free(s->runs);
	memset(s, 0, sizeof *s);
}

static bool has_value(const struct br_summary *s)
{
	return s->n > 0 && isfinite(s->mean);
}

static bool testable(const struct br_summary *s)
{
	return has_value(s) && s->n >= 2 && isfinite(s->se);
}

static void dump_case(const struct tcase *c, bool ranked)
{
	int i, j;
	size_t r;

	fprintf(stderr, "  case: seed 0x%016llx index %ld (%s), %d systems, "
		"%s, confidence %g\n", (unsigned long long)c->seed, c->index,
		c->scenario, c->k, br_dir_name(c->dir), c->conf);
	for (i = 0; i < c->k; i++) {
		const struct tsys *t = &c->sys[i];
		const struct br_summary *s = &c->sum[i];

		fprintf(stderr, "  [%d] %s", i, kind_names[t->kind]);
		if (t->kind == K_RUNS) {
			fprintf(stderr, " resolution %.17g runs", t->res);
			for (r = 0; r < t->n; r++)
				fprintf(stderr, "%s%.17g", r ? "," : " ",
					t->v[r]);
		} else if (t->kind != K_EMPTY) {
			fprintf(stderr, " mean %.17g se %.17g N %zu", t->pm,
				t->kind == K_SUMM ? t->pse : NAN, t->n);
		}
		fprintf(stderr, "\n      n %zu mean %.17g se %.17g%s",
			s->n, s->mean, s->se, s->floored ? " (floored)" : "");
		if (ranked)
			fprintf(stderr, "  rank %d..%d", c->low[i], c->high[i]);
		fputc('\n', stderr);
	}
	if (!ranked)
		return;
	for (i = 0; i < c->k; i++)
		for (j = 0; j < c->k; j++)
			if (c->proven[i][j])
				fprintf(stderr, "  compare proves [%d] better "
					"than [%d] (p %.17g)\n", i, j,
					c->p[i][j]);
}

/* ------------------------------------------------------------ failures */

enum fail_kind {
	F_RC,         /* br_rank did not return BR_OK */
	F_BOUNDS,     /* a range outside 1..N, low > high, n == 0 not 0..0 */
	F_SINGLE,     /* a single run / no SE not 1..N */
	F_ANTISYM,    /* compare(i, j) and compare(j, i) disagree */
	F_TESTED,     /* compare tests a pair ranks skip, or the reverse */
	F_NO_ORDER,   /* no order within the ranges fits compare's pairs */
	F_HOLM,       /* ranges differ from Holm over compare's p-values */
	F_IMPLIED,    /* ranges order i before j: compare proves j better,
		       * or no Holm-proven pair (or chain of two) says so */
	F_MEAN_ORDER, /* the order by mean misses a range or a proven pair */
	F_EXPECTED,   /* separated: not exact; identical: not 1..N */
	F_STEP_DOWN,  /* counting passes (big tests) disagree: not the same
		       * ranges, or narrower ones when stopped early */
	N_FAIL
};

static const char *const fail_names[N_FAIL] = {
	"br_rank return code", "range bounds", "single run / no SE not 1..N",
	"compare verdicts not antisymmetric",
	"compare and ranks test different pairs",
	"no order within the ranges fits compare's proven pairs",
	"ranges differ from Holm over compare's p-values",
	"ranges order a pair that compare contradicts or Holm does not prove",
	"order by mean misses a range or a proven pair",
	"expected ranks (separated: exact by mean; identical: 1..N)",
	"counting passes: other ranges, or narrower when stopped early",
};

struct tally {
	long fails[N_FAIL];
	char first[256]; /* the first failure, for the assertion message */
	long cases, pairs_tested, compare_proven, holm_proven, implied;
	long step_down_wider;  /* ranges one counting pass left wider */
	long implied_direct, implied_chain; /* ... compare proves it or not */
	long nontrivial, exact, partial, floored, single, empty, summaries;
	long borderline, search_nodes;
};

static void violation(struct tally *t, enum fail_kind f, const struct tcase *c,
		 bool ranked, const char *fmt, ...)
	__attribute__((format(printf, 5, 6)));

static void violation(struct tally *t, enum fail_kind f, const struct tcase *c,
		 bool ranked, const char *fmt, ...)
{
	char msg[200];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	if (t->fails[f]++ < SHOW_PER_KIND) {
		fprintf(stderr, "check_ranks: %s: %s\n", fail_names[f], msg);
		dump_case(c, ranked);
	}
	if (!t->first[0])
		snprintf(t->first, sizeof t->first, "%s (seed 0x%016llx "
			 "index %ld): %s", fail_names[f],
			 (unsigned long long)c->seed, c->index, msg);
}

/* --------------------------------------------------- exhaustive search */

struct search {
	const struct tcase *c;
	int sys[MAX_SYS];   /* the systems with a value */
	int n;
	int pos[MAX_SYS];   /* place of sys[0..depth) */
	bool used[MAX_SYS + 1];
	long nodes;
};

/* Place sys[depth..n): true when every system gets a free place inside
 * its range and every proven pair among them is the right way round. */
static bool place(struct search *st, int depth)
{
	const struct tcase *c = st->c;
	int i, p, e;

	if (depth == st->n)
		return true;
	i = st->sys[depth];
	for (p = c->low[i]; p <= c->high[i]; p++) {
		bool ok = p >= 1 && p <= st->n && !st->used[p];

		st->nodes++;
		for (e = 0; ok && e < depth; e++) {
			int j = st->sys[e];

			if ((c->proven[i][j] && !(p < st->pos[e])) ||
			    (c->proven[j][i] && !(st->pos[e] < p)))
				ok = false;
		}
		if (!ok)
			continue;
		st->used[p] = true;
		st->pos[depth] = p;
		if (place(st, depth + 1))
			return true;
		st->used[p] = false;
	}
	return false;
}

static bool order_exists(const struct tcase *c, long *nodes)
{
	struct search st;
	int i;

	memset(&st, 0, sizeof st);
	st.c = c;
	for (i = 0; i < c->k; i++)
		if (has_value(&c->sum[i]))
			st.sys[st.n++] = i;
	i = place(&st, 0);
	*nodes += st.nodes;
	return i;
}

/* ------------------------------------------------------ one case, all */

/* a better than b by mean in direction dir */
static bool mean_better(double a, double b, enum br_dir dir)
{
	return dir == BR_DIR_LIB ? a < b : a > b;
}

/* A pair br_compare proves, for Holm over its p-values. */
struct holm_pair {
	int better, worse;
	double p;
};

/*
 * The ranking a big test gets, where more pairs wait for Holm's
 * step-down than br_rank sorts in memory: counting passes.  Run to the
 * end they give exactly the same ranges; stopped after one pass, ranges
 * that are never narrower.
 */
static void step_down_agrees(const struct tcase *c, struct tally *t)
{
	int low[MAX_SYS], high[MAX_SYS], i, rc;
	size_t pairs_max = br_rank_pairs_max;
	unsigned passes, passes_max = br_rank_passes_max;

	for (passes = 1000; passes >= 1; passes = passes > 1 ? 1 : 0) {
		br_rank_pairs_max = 0;
		br_rank_passes_max = passes;
		rc = br_rank(c->sum, (size_t)c->k, c->dir, c->conf, low, high,
			     NULL);
		br_rank_pairs_max = pairs_max;
		br_rank_passes_max = passes_max;
		ck_assert_int_eq(rc, BR_OK);
		for (i = 0; i < c->k; i++) {
			bool bad = passes > 1 ? low[i] != c->low[i] ||
						high[i] != c->high[i]
					      : low[i] > c->low[i] ||
						high[i] < c->high[i];

			t->step_down_wider += passes == 1 &&
					      (low[i] < c->low[i] ||
					       high[i] > c->high[i]);
			if (bad)
				violation(t, F_STEP_DOWN, c, true, "[%d] rank "
					  "%d..%d, by %u counting passes "
					  "%d..%d", i, c->low[i], c->high[i],
					  passes, low[i], high[i]);
		}
	}
}

static void case_pairs(struct tcase *c, struct tally *t)
{
	struct br_comparison cmp;
	int i, j, k = c->k;

	/* the pairs br_compare proves, both ways round */
	memset(c->proven, 0, sizeof c->proven);
	for (i = 0; i < k; i++) {
		for (j = 0; j < k; j++) {
			c->p[i][j] = NAN;
			c->verdict[i][j] = BR_VERDICT_SINGLE_RUN;
			if (i == j)
				continue;
			br_compare(&c->sum[i], &c->sum[j], c->dir, c->conf, 0,
				   &cmp);
			c->verdict[i][j] = cmp.verdict;
			c->p[i][j] = cmp.p;
			if (cmp.verdict == BR_VERDICT_BETTER)
				c->proven[j][i] = 1;
			else if (cmp.verdict == BR_VERDICT_WORSE)
				c->proven[i][j] = 1;
		}
	}
	for (i = 0; i < k; i++) {
		for (j = i + 1; j < k; j++) {
			enum br_verdict a = c->verdict[i][j],
					b = c->verdict[j][i];
			bool ok = (a == BR_VERDICT_BETTER) ==
				  (b == BR_VERDICT_WORSE) &&
				  (a == BR_VERDICT_WORSE) ==
				  (b == BR_VERDICT_BETTER) &&
				  (a == BR_VERDICT_SINGLE_RUN) ==
				  (b == BR_VERDICT_SINGLE_RUN);

			if (!ok)
				violation(t, F_ANTISYM, c, true, "[%d] vs [%d]: "
				     "%s, reversed %s", i, j,
				     br_verdict_name(a), br_verdict_name(b));
			if ((testable(&c->sum[i]) && testable(&c->sum[j])) !=
			    (a != BR_VERDICT_SINGLE_RUN))
				violation(t, F_TESTED, c, true, "[%d] vs [%d]: "
				     "verdict %s for n %zu, %zu", i, j,
				     br_verdict_name(a), c->sum[i].n,
				     c->sum[j].n);
		}
	}
}

static void case_bounds(struct tcase *c, struct tally *t)
{
	int i, k = c->k;

	/* 2 and 4: bounds */
	for (i = 0; i < k; i++) {
		const struct br_summary *s = &c->sum[i];

		if (!has_value(s)) {
			if (c->low[i] != 0 || c->high[i] != 0)
				violation(t, F_BOUNDS, c, true, "[%d] has no value, "
				     "rank %d..%d", i, c->low[i], c->high[i]);
			continue;
		}
		if (!(1 <= c->low[i] && c->low[i] <= c->high[i] &&
		      c->high[i] <= c->n_with))
			violation(t, F_BOUNDS, c, true, "[%d] rank %d..%d, N %d",
			     i, c->low[i], c->high[i], c->n_with);
		if (!testable(s) &&
		    (c->low[i] != 1 || c->high[i] != c->n_with))
			violation(t, F_SINGLE, c, true, "[%d] n %zu se %g: rank "
			     "%d..%d, N %d", i, s->n, s->se, c->low[i],
			     c->high[i], c->n_with);
	}
}

static void case_order(struct tcase *c, struct tally *t)
{
	int i, j, k = c->k;

	/* 1: some order within the ranges fits every proven pair */
	for (i = 0; i < k; i++)
		for (j = 0; j < k; j++)
			t->compare_proven += c->proven[i][j];
	if (!order_exists(c, &t->search_nodes))
		violation(t, F_NO_ORDER, c, true, "N %d", c->n_with);

	/* stats.h: the order by mean fits them too (ties: any order; a tie
	 * is never proven) */
	for (i = 0; i < k; i++) {
		int place_lo = 1, place_hi = 0;

		if (!has_value(&c->sum[i]))
			continue;
		for (j = 0; j < k; j++) {
			if (!has_value(&c->sum[j]))
				continue;
			if (j != i && mean_better(c->sum[j].mean,
						  c->sum[i].mean, c->dir))
				place_lo++;
			if (j == i || !mean_better(c->sum[i].mean,
						   c->sum[j].mean, c->dir))
				place_hi++;
			if (c->proven[i][j] &&
			    !mean_better(c->sum[i].mean, c->sum[j].mean,
					 c->dir))
				violation(t, F_MEAN_ORDER, c, true, "[%d] proven "
				     "better than [%d] against the means", i,
				     j);
		}
		/* some place within place_lo..place_hi must be in range */
		if (place_hi < c->low[i] || place_lo > c->high[i])
			violation(t, F_MEAN_ORDER, c, true, "[%d] places %d..%d by "
			     "mean, rank %d..%d", i, place_lo, place_hi,
			     c->low[i], c->high[i]);
	}
}

static bool case_holm(struct tcase *c, struct tally *t)
{
	struct holm_pair hp[MAX_SYS * MAX_SYS];
	int i, j, k = c->k;
	int m_total = 0, m = 0, holm_low[MAX_SYS], holm_high[MAX_SYS];
	bool border = false;

	/* 3: Holm's step-down over compare's p-values gives the ranges */
	for (i = 0; i < k; i++) {
		holm_low[i] = has_value(&c->sum[i]) ? 1 : 0;
		holm_high[i] = has_value(&c->sum[i]) ? c->n_with : 0;
		for (j = i + 1; j < k; j++) {
			if (!testable(&c->sum[i]) || !testable(&c->sum[j]))
				continue;
			m_total++;
			t->pairs_tested++;
			if (!c->proven[i][j] && !c->proven[j][i])
				continue;
			hp[m].better = c->proven[i][j] ? i : j;
			hp[m].worse = c->proven[i][j] ? j : i;
			hp[m].p = c->p[i][j];
			m++;
		}
	}
	for (i = 1; i < m; i++) { /* insertion sort by p */
		int b;

		for (b = i; b > 0 && hp[b - 1].p > hp[b].p; b--) {
			struct holm_pair x = hp[b];

			hp[b] = hp[b - 1];
			hp[b - 1] = x;
		}
	}
	for (i = 0; i < m; i++) {
		double thr = (1 - c->conf) / (double)(m_total - i);

		if (fabs(hp[i].p - thr) <= 1e-9 * thr)
			border = true;
	}
	memset(c->holm, 0, sizeof c->holm);
	for (i = 0; i < m; i++) {
		if (!(hp[i].p < (1 - c->conf) / (double)(m_total - i)))
			break;
		holm_low[hp[i].worse]++;
		holm_high[hp[i].better]--;
		c->holm[hp[i].better][hp[i].worse] = 1;
		t->holm_proven++;
	}
	if (border) {
		t->borderline++;
	} else {
		for (i = 0; i < k; i++)
			if (holm_low[i] != c->low[i] ||
			    holm_high[i] != c->high[i])
				violation(t, F_HOLM, c, true, "[%d] rank %d..%d, "
				     "Holm over compare's p gives %d..%d", i,
				     c->low[i], c->high[i], holm_low[i],
				     holm_high[i]);
	}
	return border;
}

static void case_implied(struct tcase *c, struct tally *t, bool border)
{
	int i, j, k = c->k;

	/* 3: where the ranges alone put i before j (rank_high_i <
	 * rank_low_j), Holm proves it: directly, or through some x proven
	 * worse than i and better than j (high_i < low_j means i's proven
	 * worse and j's proven better number N or more, so they share a
	 * system when the pair itself is not proven); and compare never
	 * proves the opposite.  compare need not prove the pair itself when
	 * Holm proves it only through x: counted (implied_chain). */
	for (i = 0; i < k; i++) {
		for (j = 0; j < k; j++) {
			int x;
			bool chain = false;

			if (i == j || !has_value(&c->sum[i]) ||
			    !has_value(&c->sum[j]) ||
			    !(c->high[i] < c->low[j]))
				continue;
			t->implied++;
			for (x = 0; x < k; x++)
				chain |= c->holm[i][x] && c->holm[x][j];
			if (c->proven[j][i] || (!c->holm[i][j] && !chain &&
						!border))
				violation(t, F_IMPLIED, c, true, "[%d] %d..%d "
				     "before [%d] %d..%d; compare: %s", i,
				     c->low[i], c->high[i], j, c->low[j],
				     c->high[j],
				     br_verdict_name(c->verdict[j][i]));
			if (c->proven[i][j])
				t->implied_direct++;
			else
				t->implied_chain++;
		}
	}
}

static void case_informative(struct tcase *c, struct tally *t)
{
	int i, k = c->k;

	/* how informative the case was */
	{
		bool wide = false, exact = false;

		for (i = 0; i < k; i++) {
			if (!has_value(&c->sum[i]))
				continue;
			wide |= c->low[i] < c->high[i];
			exact |= c->n_with >= 2 && c->low[i] == c->high[i];
		}
		t->nontrivial += wide;
		t->exact += exact;
		t->partial += wide && exact;
	}
}

static void run_case(struct tcase *c, struct tally *t)
{
	struct br_sample smp;
	double rel[MAX_SYS];
	int i, k = c->k, rc, want;
	bool border;

	t->cases++;
	c->n_with = 0;
	for (i = 0; i < k; i++) {
		make_sample(&c->sys[i], &smp);
		rc = br_summarize(&smp, c->conf, &c->sum[i]);
		free_sample(&smp);
		want = c->sys[i].kind == K_EMPTY ? BR_EDATA : BR_OK;
		ck_assert_int_eq(rc, want);
		if (c->sys[i].kind == K_EMPTY)
			ck_assert_uint_eq(c->sum[i].n, 0);
		c->n_with += has_value(&c->sum[i]);
		t->floored += c->sum[i].floored;
		t->single += c->sum[i].n == 1;
		t->empty += c->sum[i].n == 0;
		t->summaries += c->sum[i].from_summary;
	}
	for (i = 0; i < k; i++)
		c->low[i] = c->high[i] = -99;
	rc = br_rank(c->sum, (size_t)k, c->dir, c->conf, c->low, c->high,
		     rel);
	if (rc != BR_OK) {
		violation(t, F_RC, c, false, "returned %d", rc);
		return;
	}
	step_down_agrees(c, t);

	case_pairs(c, t);
	case_bounds(c, t);
	case_order(c, t);
	border = case_holm(c, t);
	case_implied(c, t, border);
	case_informative(c, t);
}

/* --------------------------------------------------------- generation */

static const double confs[] = {0.9, 0.95, 0.99};

static void runs_normal(struct rng *r, struct tsys *s, size_t n, double mean,
			double sd, double res)
{
	size_t i;

	s->kind = K_RUNS;
	s->n = n;
	s->res = res;
	for (i = 0; i < n; i++)
		s->v[i] = round_to(mean + sd * gauss(r), res);
}

static void runs_const(struct tsys *s, size_t n, double v, double res)
{
	size_t i;

	s->kind = K_RUNS;
	s->n = n;
	s->res = res;
	for (i = 0; i < n; i++)
		s->v[i] = v;
}

static size_t runs_1_8(struct rng *r)
{
	return 1 + (size_t)pick(r, MAX_RUNS);
}

/* Fill c for case index idx of the stream seeded by seed. */
/* gen_case's last scenario: a mix of every kind of sample (runs,
 * identical runs, a single run, published summaries with and without
 * an SE, none), signs too. */
static void gen_mixed(struct rng *r, struct tcase *c, int k, double scale)
{
	double sign = pick(r, 5) == 0 ? -1 : 1;
	int i;

	for (i = 0; i < k; i++) {
		struct tsys *s = &c->sys[i];
		double mean = sign * scale *
			      (1 + 0.05 * gauss(r));
		double sd = scale * pow(10, -3 * unif(r));
		int w = pick(r, 100);

		if (w < 55) {
			runs_normal(r, s, runs_1_8(r), mean,
				    sd, pick(r, 4) ? 0 :
				    pow(10, floor(log10(sd))));
		} else if (w < 65) {
			runs_const(s, runs_1_8(r),
				   round_to(mean, 1),
				   pick(r, 2) ? 1 : 0);
		} else if (w < 75) {
			runs_normal(r, s, 1, mean, sd, 0);
		} else if (w < 85) {
			s->kind = K_SUMM;
			s->n = runs_1_8(r);
			s->pm = mean;
			s->pse = sd / sqrt((double)s->n);
		} else if (w < 92) {
			s->kind = K_SUMM_NOSE;
			s->n = runs_1_8(r);
			s->pm = mean;
		} else {
			s->kind = K_EMPTY;
		}
	}
}

static void gen_case(uint64_t seed, long idx, struct tcase *c)
{
	struct rng r = {seed ^ (0x2545f4914f6cdd1dULL * (uint64_t)(idx + 1))};
	int i, k, scen, perm[MAX_SYS];
	double scale;

	next64(&r);
	memset(c, 0, sizeof *c);
	c->seed = seed;
	c->index = idx;
	c->k = k = 2 + pick(&r, MAX_SYS - 1);
	c->dir = pick(&r, 2) ? BR_DIR_HIB : BR_DIR_LIB;
	c->conf = confs[pick(&r, 3)];
	scale = pow(10, unif(&r) * 6 - 2);
	scen = pick(&r, 7);
	switch (scen) {
	case 0: /* well separated: gaps of 300 to 3000 sd, n >= 3 */
		c->scenario = "separated";
		shuffle(&r, perm, k);
		for (i = 0; i < k; i++) {
			double sd = scale / (300 + unif(&r) * 2700);
			double res = pick(&r, 3) == 0 ?
				     pow(10, floor(log10(sd))) : 0;

			runs_normal(&r, &c->sys[i], 3 + (size_t)pick(&r, 6),
				    scale * (1 + perm[i]), sd, res);
		}
		break;
	case 1: /* overlapping: means a few SE apart */
	case 3: /* ... with one system far noisier than the rest */
		c->scenario = scen == 1 ? "overlapping" : "wild precision";
		{
			double sd = scale * pow(10, -1 - 2 * unif(&r));
			double spread = sd * pow(10, unif(&r) * 1.5 - 1);
			int noisy = scen == 3 ? pick(&r, k) : -1;

			for (i = 0; i < k; i++) {
				double si = sd * (0.3 + unif(&r));

				if (i == noisy)
					si *= pow(10, 2 + 2 * unif(&r));
				runs_normal(&r, &c->sys[i], runs_1_8(&r),
					    scale + spread * 2 * gauss(&r), si,
					    0);
			}
		}
		break;
	case 2: /* identical runs, with and without a resolution */
		c->scenario = "identical runs";
		{
			static const double steps[] = {0, 1, 0.01};
			double res = steps[pick(&r, 3)];
			double step = res > 0 ? res : 1;
			double base = round_to(scale, step);

			for (i = 0; i < k; i++) {
				double v = base + step * pick(&r, 4);

				if (pick(&r, 4))
					runs_const(&c->sys[i], runs_1_8(&r), v,
						   res);
				else
					runs_normal(&r, &c->sys[i],
						    runs_1_8(&r), v, step * 0.7,
						    res);
			}
		}
		break;
	case 4: /* runs rounded to their resolution, often closer than it */
		c->scenario = "quantized";
		{
			double res = pick(&r, 2) ? 1 : 0.01;
			double base = round_to(scale * 100, res);

			for (i = 0; i < k; i++)
				runs_normal(&r, &c->sys[i], runs_1_8(&r),
					    base + res * 3 * gauss(&r),
					    res * pow(10, unif(&r) * 2 - 1.3),
					    res);
		}
		break;
	case 5: /* identical systems */
		c->scenario = "identical systems";
		{
			static const double steps[] = {0, 1, 0.01};
			double res = steps[pick(&r, 3)];

			if (pick(&r, 3) == 0)
				runs_const(&c->sys[0], runs_1_8(&r),
					   round_to(scale, res), res);
			else
				runs_normal(&r, &c->sys[0], runs_1_8(&r),
					    scale, scale * 0.05, res);
			for (i = 1; i < k; i++)
				c->sys[i] = c->sys[0];
		}
		break;
	default: /* a mix of everything, signs too */
		c->scenario = "mixed";
		gen_mixed(&r, c, k, scale);
		break;
	}
}

/* What a scenario promises beyond the general contract. */
static void check_expected(struct tcase *c, struct tally *t)
{
	int i, j;

	if (strcmp(c->scenario, "separated") == 0) {
		for (i = 0; i < c->k; i++) {
			int want = 1;

			for (j = 0; j < c->k; j++)
				want += j != i && mean_better(c->sum[j].mean,
							      c->sum[i].mean,
							      c->dir);
			if (c->low[i] != want || c->high[i] != want)
				violation(t, F_EXPECTED, c, true, "[%d] rank "
				     "%d..%d, want exactly %d", i, c->low[i],
				     c->high[i], want);
		}
	} else if (strcmp(c->scenario, "identical systems") == 0) {
		for (i = 0; i < c->k; i++)
			if (c->low[i] != 1 || c->high[i] != c->k)
				violation(t, F_EXPECTED, c, true, "[%d] rank %d..%d,"
				     " want 1..%d", i, c->low[i], c->high[i],
				     c->k);
	}
}

static void assert_clean(const struct tally *t)
{
	long total = 0;
	int f;

	for (f = 0; f < N_FAIL; f++) {
		total += t->fails[f];
		if (t->fails[f])
			fprintf(stderr, "check_ranks: %ld x %s\n", t->fails[f],
				fail_names[f]);
	}
	ck_assert_msg(total == 0, "%ld contract violations; first: %s", total,
		      t->first);
}

/* ------------------------------------------------------------- tests */

START_TEST(test_random)
{
	struct tally t;
	struct tcase c;
	long idx;
	uint64_t seed = SEED + (uint64_t)_i * 0x100000001b3ULL;

	gsl_set_error_handler_off();
	memset(&t, 0, sizeof t);
	for (idx = 0; idx < CASES_PER_LOOP; idx++) {
		gen_case(seed, idx, &c);
		run_case(&c, &t);
		check_expected(&c, &t);
	}
	if (getenv("BR_RANKS_VERBOSE"))
		fprintf(stderr, "check_ranks loop %d: %ld cases, %ld pairs "
			"tested, %ld compare-proven, %ld Holm-proven, %ld "
			"ordered by the ranges (%ld of them not proven by "
			"compare); %ld with a range, %ld with "
			"an exact rank, %ld both; %ld floored, %ld single, "
			"%ld empty, %ld summaries; %ld borderline; %ld "
			"search nodes\n", _i, t.cases, t.pairs_tested,
			t.compare_proven, t.holm_proven, t.implied,
			t.implied_chain,
			t.nontrivial, t.exact, t.partial, t.floored, t.single,
			t.empty, t.summaries, t.borderline, t.search_nodes);
	assert_clean(&t);
	/* not vacuous */
	ck_assert_int_eq(t.cases, CASES_PER_LOOP);
	ck_assert_int_ge(t.compare_proven, 5000);
	ck_assert_int_ge(t.holm_proven, 3000);
	ck_assert_int_ge(t.compare_proven - t.holm_proven, 300);
	ck_assert_int_ge(t.implied, 3000);
	ck_assert_int_ge(t.nontrivial, 1500);
	ck_assert_int_ge(t.exact, 1000);
	ck_assert_int_ge(t.partial, 150);
	ck_assert_int_ge(t.floored, 1000);
	ck_assert_int_ge(t.single, 500);
	ck_assert_int_ge(t.empty, 50);
	ck_assert_int_ge(t.summaries, 100);
	ck_assert_int_le(t.borderline, CASES_PER_LOOP / 1000);
	if (getenv("BR_RANKS_VERBOSE"))
		fprintf(stderr, "  %ld ranges wider after one counting pass\n",
			t.step_down_wider);
	ck_assert_int_ge(t.step_down_wider, 1);
}
END_TEST

/* Runs with mean m and sd sqrt(n) (SE 1): m + c (j - (n-1)/2). */
static void runs_se1(struct tsys *s, size_t n, double m, double res)
{
	double ss = 0;
	size_t j;

	for (j = 0; j < n; j++)
		ss += ((double)j - (double)(n - 1) / 2) *
		      ((double)j - (double)(n - 1) / 2);
	s->kind = K_RUNS;
	s->n = n;
	s->res = res;
	for (j = 0; j < n; j++)
		s->v[j] = n < 2 ? m : round_to(m + sqrt((double)n *
							(double)(n - 1) / ss) *
					       ((double)j -
						(double)(n - 1) / 2), res);
}

/* 5: means 100, 200, ... (shuffled), SE about 1, n 3..8: exact ranks in
 * the order of the means, both directions, every confidence. */
START_TEST(test_separated)
{
	struct tally t;
	struct tcase c;
	struct rng r = {SEED ^ 5};
	int k, d, q, rep, i, perm[MAX_SYS];
	long idx = 0;

	gsl_set_error_handler_off();
	memset(&t, 0, sizeof t);
	for (k = 2; k <= MAX_SYS; k++)
	for (d = 0; d < 2; d++)
	for (q = 0; q < 3; q++)
	for (rep = 0; rep < 12; rep++) {
		memset(&c, 0, sizeof c);
		c.seed = SEED ^ 5;
		c.index = idx++;
		c.scenario = "separated";
		c.k = k;
		c.dir = d ? BR_DIR_LIB : BR_DIR_HIB;
		c.conf = confs[q];
		shuffle(&r, perm, k);
		for (i = 0; i < k; i++)
			runs_se1(&c.sys[i], 3 + (size_t)((rep + i) % 6),
				 100.0 * (perm[i] + 1), rep % 3 ? 0 : 0.01);
		run_case(&c, &t);
		check_expected(&c, &t);
		for (i = 0; i < k; i++) {
			int want = d ? perm[i] + 1 : k - perm[i];

			ck_assert_msg(c.low[i] == want && c.high[i] == want,
				      "k %d %s conf %g: [%d] mean %g rank "
				      "%d..%d, want %d", k,
				      br_dir_name(c.dir), c.conf, i,
				      c.sum[i].mean, c.low[i], c.high[i],
				      want);
			ck_assert(c.sum[i].se > 0.9 && c.sum[i].se < 1.1);
		}
	}
	assert_clean(&t);
	ck_assert_int_eq(t.compare_proven, t.holm_proven);
	ck_assert_int_eq(t.exact, idx);
}
END_TEST

/* 6: identical systems, whatever their runs, all 1..N. */
START_TEST(test_identical)
{
	static const double steps[] = {0, 1, 0.01};
	struct tally t;
	struct tcase c;
	struct rng r = {SEED ^ 6};
	int k, s, n, i, shape;
	long idx = 0;

	gsl_set_error_handler_off();
	memset(&t, 0, sizeof t);
	for (k = 2; k <= MAX_SYS; k++)
	for (s = 0; s < 3; s++)
	for (n = 1; n <= MAX_RUNS; n++)
	for (shape = 0; shape < 3; shape++) {
		memset(&c, 0, sizeof c);
		c.seed = SEED ^ 6;
		c.index = idx++;
		c.scenario = "identical systems";
		c.k = k;
		c.dir = shape == 1 ? BR_DIR_LIB : BR_DIR_HIB;
		c.conf = confs[(n + shape) % 3];
		if (shape == 0)
			runs_const(&c.sys[0], (size_t)n, 42, steps[s]);
		else
			runs_normal(&r, &c.sys[0], (size_t)n, 42,
				    shape == 1 ? 0.004 : 3, steps[s]);
		for (i = 1; i < k; i++)
			c.sys[i] = c.sys[0];
		run_case(&c, &t);
		check_expected(&c, &t);
		for (i = 0; i < k; i++)
			ck_assert(c.low[i] == 1 && c.high[i] == k);
	}
	assert_clean(&t);
	ck_assert_int_eq(t.compare_proven, 0);
	ck_assert_int_gt(t.floored, 0);
}
END_TEST

/* 4: a single run among well separated systems is 1..N and widens each
 * of theirs by one place; a system without a value is 0..0 and not
 * counted in N. */
START_TEST(test_single_and_missing)
{
	struct tally t;
	struct tcase c;
	struct rng r = {SEED ^ 4};
	int k, d, i, one, none, rep, perm[MAX_SYS];
	long idx = 0;

	gsl_set_error_handler_off();
	memset(&t, 0, sizeof t);
	for (k = 3; k <= MAX_SYS; k++)
	for (d = 0; d < 2; d++)
	for (rep = 0; rep < 20; rep++) {
		memset(&c, 0, sizeof c);
		c.seed = SEED ^ 4;
		c.index = idx++;
		c.scenario = "single run";
		c.k = k;
		c.dir = d ? BR_DIR_LIB : BR_DIR_HIB;
		c.conf = confs[rep % 3];
		shuffle(&r, perm, k);
		one = pick(&r, k);
		none = rep % 2 ? (one + 1 + pick(&r, k - 1)) % k : -1;
		for (i = 0; i < k; i++) {
			if (i == none)
				c.sys[i].kind = K_EMPTY;
			else
				runs_se1(&c.sys[i], i == one ? 1 :
					 3 + (size_t)pick(&r, 6),
					 100.0 * (perm[i] + 1), 0);
		}
		run_case(&c, &t);
		ck_assert_int_eq(c.n_with, k - (none >= 0));
		for (i = 0; i < k; i++) {
			int j, place = 1;

			if (i == none) {
				ck_assert(c.low[i] == 0 && c.high[i] == 0);
				continue;
			}
			if (i == one) {
				ck_assert(c.low[i] == 1 &&
					  c.high[i] == c.n_with);
				continue;
			}
			for (j = 0; j < k; j++)
				place += j != i && j != one && j != none &&
					 mean_better(c.sum[j].mean,
						     c.sum[i].mean, c.dir);
			ck_assert_msg(c.low[i] == place &&
				      c.high[i] == place + 1,
				      "[%d] rank %d..%d, want %d..%d", i,
				      c.low[i], c.high[i], place, place + 1);
		}
	}
	assert_clean(&t);
}
END_TEST

/* doc/statistics.md's example: A = 8.5, 8.2, 8.8, 8.35, 8.65 is proven
 * better than C = 7.9, 8.1; {5, 5} and {4, 4} are told apart without a
 * resolution (zero variance), not with resolution 1 (p = 0.074). */
START_TEST(test_doc_examples)
{
	static const double a[] = {8.5, 8.2, 8.8, 8.35, 8.65};
	struct tally t;
	struct tcase c;
	int i;

	gsl_set_error_handler_off();
	memset(&t, 0, sizeof t);
	memset(&c, 0, sizeof c);
	c.scenario = "doc A and C";
	c.k = 2;
	c.dir = BR_DIR_HIB;
	c.conf = 0.95;
	c.sys[0].kind = K_RUNS;
	c.sys[0].n = 5;
	memcpy(c.sys[0].v, a, sizeof a);
	c.sys[1].kind = K_RUNS;
	c.sys[1].n = 2;
	c.sys[1].v[0] = 7.9;
	c.sys[1].v[1] = 8.1;
	run_case(&c, &t);
	ck_assert(c.low[0] == 1 && c.high[0] == 1);
	ck_assert(c.low[1] == 2 && c.high[1] == 2);

	for (i = 0; i < 2; i++) {
		c.scenario = i ? "doc {5,5} {4,4} resolution 1" :
			     "doc {5,5} {4,4} no resolution";
		runs_const(&c.sys[0], 2, 5, i);
		runs_const(&c.sys[1], 2, 4, i);
		c.dir = BR_DIR_LIB;
		run_case(&c, &t);
		if (i) {
			ck_assert(c.sum[0].floored && c.sum[1].floored);
			ck_assert(fabs(c.p[0][1] - (1 - sqrt(2) / 2)) <
				  1e-12);
			ck_assert(c.low[0] == 1 && c.high[0] == 2);
			ck_assert(c.low[1] == 1 && c.high[1] == 2);
		} else {
			ck_assert(c.low[0] == 2 && c.high[0] == 2);
			ck_assert(c.low[1] == 1 && c.high[1] == 1);
		}
	}
	assert_clean(&t);
}
END_TEST

/* Ranges can order two systems that compare does not tell apart: [1]
 * has two runs (df about 1), so at 99% compare proves nothing between it
 * and [0], yet Holm proves [0] better than [3] and [4] and both better
 * than [1], so [0] is 1..2 and [1] 3..6.  Every check of run_case holds:
 * the order comes from Holm-proven pairs, and nothing contradicts it. */
START_TEST(test_chain)
{
	static const double runs[6][MAX_RUNS] = {
		{0.012918295300224761, 0.012907402649988383,
		 0.012923372285894854, 0.012916336657597727,
		 0.012906890438338441, 0.012917716981224627,
		 0.012909739605224039, 0.012905255550443064},
		{0.012782722847661411, 0.012771299445564169},
		{0.012778951162265647, 0.012761895853553546,
		 0.012762511567914074, 0.01278005887230947,
		 0.012776832689186076, 0.012755612840888192},
		{0.012881925699594756, 0.012825505543581221,
		 0.012855731901660512, 0.012850997561620493,
		 0.012864122600981531, 0.012844943461464083,
		 0.012875965729529159, 0.012827464030947523},
		{0.012861098132946407, 0.01288489453024297,
		 0.012871702784367063, 0.012859623998974645,
		 0.012890895403644503, 0.012892403553246138,
		 0.012854378584909457, 0.012882971913411791},
		{0.012870101770459799, 0.012846478640583909,
		 0.012850881252533766, 0.012865872356712774,
		 0.012857878131330068, 0.0128656490929594,
		 0.012865881906385305},
	};
	static const size_t n[6] = {8, 2, 6, 8, 8, 7};
	struct tally t;
	struct tcase c;
	int i;

	gsl_set_error_handler_off();
	memset(&t, 0, sizeof t);
	memset(&c, 0, sizeof c);
	c.scenario = "chain";
	c.k = 6;
	c.dir = BR_DIR_HIB;
	c.conf = 0.99;
	for (i = 0; i < 6; i++) {
		c.sys[i].kind = K_RUNS;
		c.sys[i].n = n[i];
		memcpy(c.sys[i].v, runs[i], sizeof runs[i]);
	}
	run_case(&c, &t);
	assert_clean(&t);
	ck_assert_int_eq(t.implied_chain, 1);
}
END_TEST

/* The search itself: it finds an order where one exists and reports
 * none where the ranges and the pairs cannot be met together (so a pass
 * of check 1 means something). */
START_TEST(test_search)
{
	struct tcase c;
	long nodes = 0;
	int i;

	memset(&c, 0, sizeof c);
	c.k = 3;
	for (i = 0; i < 3; i++) {
		c.sum[i].n = 3;
		c.sum[i].mean = i;
		c.low[i] = 1;
		c.high[i] = 3;
	}
	c.proven[2][0] = 1;
	c.proven[0][1] = 1;
	ck_assert(order_exists(&c, &nodes));
	c.proven[1][2] = 1; /* a cycle */
	ck_assert(!order_exists(&c, &nodes));
	c.proven[1][2] = 0;
	c.low[1] = c.high[1] = 1; /* 1 first, but 0 and 2 are before it */
	ck_assert(!order_exists(&c, &nodes));
	c.proven[0][1] = 0;
	c.low[0] = c.high[0] = 3; /* 1, 2, 0 */
	ck_assert(order_exists(&c, &nodes));
	c.low[2] = c.high[2] = 3; /* two systems at place 3 */
	ck_assert(!order_exists(&c, &nodes));
	c.sum[2].n = 0; /* ...unless one has no value: N = 2 */
	c.low[0] = c.high[0] = 2;
	ck_assert(order_exists(&c, &nodes));
}
END_TEST

/* ---------------------------------------- br_rank_order_ranges (overall)
 *
 * Checked against enumeration: for random graphs of up to 7 items (some
 * without has, edges at random so cycles occur), every order of the has
 * items is tried; an order is consistent when it follows the DAG of the
 * strongly connected components (found here by depth-first reachability,
 * not by the closure the code uses): every member of a component that
 * leads to another comes before every member of that one.  Each
 * item's range must be exactly the set of places it takes in those
 * orders, and that set must have no gap. */

#define OG_MAX 7

struct og {
	size_t n;
	bool has[OG_MAX], beats[OG_MAX * OG_MAX];
	bool reach[OG_MAX][OG_MAX];       /* by DFS */
	bool seen[OG_MAX + 1][OG_MAX];    /* [item][place - 1] */
	size_t perm[OG_MAX], m, orders;
};

static void og_dfs(struct og *g, size_t from, size_t at)
{
	size_t j;

	for (j = 0; j < g->n; j++)
		if (g->has[at] && g->has[j] && j != at &&
		    g->beats[at * g->n + j] && !g->reach[from][j]) {
			g->reach[from][j] = true;
			og_dfs(g, from, j);
		}
}

static bool og_consistent(const struct og *g)
{
	size_t x, y;

	for (x = 0; x < g->m; x++)
		for (y = x + 1; y < g->m; y++) {
			size_t u = g->perm[x], v = g->perm[y];

			/* u placed before v: wrong when v's component
			 * leads to u's (the components are blocks: a
			 * cycle's members share its span) */
			if (g->reach[v][u] && !g->reach[u][v])
				return false;
		}
	return true;
}

static void og_enum(struct og *g, size_t k)
{
	size_t i, tmp;

	if (k == g->m) {
		if (!og_consistent(g))
			return;
		g->orders++;
		for (i = 0; i < g->m; i++)
			g->seen[g->perm[i]][i] = true;
		return;
	}
	for (i = k; i < g->m; i++) {
		tmp = g->perm[k];
		g->perm[k] = g->perm[i];
		g->perm[i] = tmp;
		og_enum(g, k + 1);
		tmp = g->perm[k];
		g->perm[k] = g->perm[i];
		g->perm[i] = tmp;
	}
}

START_TEST(test_order_ranges_brute)
{
	uint64_t st = 0x9e3779b97f4a7c15ULL;
	long cases = 0, cyclic = 0;
	int round;

	for (round = 0; round < 3000; round++) {
		struct og g;
		bool reach[OG_MAX * OG_MAX];
		int low[OG_MAX], high[OG_MAX];
		size_t i, j;
		unsigned dens;

		memset(&g, 0, sizeof g);
		st = st * 6364136223846793005ULL + 1442695040888963407ULL;
		g.n = 1 + (size_t)((st >> 33) % OG_MAX);
		dens = (unsigned)((st >> 20) % 4);  /* edge odds 1/8 .. 4/8 */
		for (i = 0; i < g.n; i++) {
			st = st * 6364136223846793005ULL + 1;
			g.has[i] = (st >> 40) % 8 != 0;
			for (j = 0; j < g.n; j++) {
				st = st * 6364136223846793005ULL + 1;
				g.beats[i * g.n + j] = i != j &&
					(st >> 45) % 8 <= dens;
			}
		}
		for (i = 0; i < g.n; i++)
			og_dfs(&g, i, i);
		for (i = 0; i < g.n; i++) {
			if (g.has[i])
				g.perm[g.m++] = i;
			for (j = 0; j < g.n; j++)
				cyclic += i < j && g.reach[i][j] &&
					  g.reach[j][i];
		}
		og_enum(&g, 0);
		br_rank_order_ranges(g.has, g.n, g.beats, reach, low, high);
		ck_assert(g.m == 0 || g.orders > 0);
		for (i = 0; i < g.n; i++) {
			size_t p, lo = 0, hi = 0;

			if (!g.has[i]) {
				ck_assert_int_eq(low[i], 0);
				ck_assert_int_eq(high[i], 0);
				continue;
			}
			for (p = 1; p <= g.m; p++)
				if (g.seen[i][p - 1]) {
					lo = lo ? lo : p;
					hi = p;
				}
			for (p = lo; p <= hi; p++)
				ck_assert(g.seen[i][p - 1]);   /* no gap */
			ck_assert_int_eq(low[i], (int)lo);
			ck_assert_int_eq(high[i], (int)hi);
		}
		cases++;
	}
	ck_assert_int_eq(cases, 3000);
	ck_assert_int_gt(cyclic, 100);     /* cycles were tried */
}
END_TEST

/* The cycle: C above A, A above B, B above C: all 1-3; a fourth
 * item below C sits below the whole cycle. */
START_TEST(test_order_ranges_cycle)
{
	bool has[4] = { true, true, true, true }, beats[16] = { false };
	bool reach[16];
	int low[4], high[4], i;

	beats[2 * 3 + 0] = true;   /* C > A */
	beats[0 * 3 + 1] = true;   /* A > B */
	beats[1 * 3 + 2] = true;   /* B > C */
	br_rank_order_ranges(has, 3, beats, reach, low, high);
	for (i = 0; i < 3; i++) {
		ck_assert_int_eq(low[i], 1);
		ck_assert_int_eq(high[i], 3);
	}
	memset(beats, 0, sizeof beats);
	beats[2 * 4 + 0] = beats[0 * 4 + 1] = beats[1 * 4 + 2] = true;
	beats[2 * 4 + 3] = true;   /* C > D */
	br_rank_order_ranges(has, 4, beats, reach, low, high);
	for (i = 0; i < 3; i++) {
		ck_assert_int_eq(low[i], 1);
		ck_assert_int_eq(high[i], 3);
	}
	ck_assert_int_eq(low[3], 4);
	ck_assert_int_eq(high[3], 4);
	/* a chain, no cycle: exact ranks through the middle item */
	memset(beats, 0, sizeof beats);
	beats[0 * 3 + 1] = beats[1 * 3 + 2] = true;
	br_rank_order_ranges(has, 3, beats, reach, low, high);
	for (i = 0; i < 3; i++) {
		ck_assert_int_eq(low[i], i + 1);
		ck_assert_int_eq(high[i], i + 1);
	}
}
END_TEST

Suite *br_suite_ranks(void)
{
	Suite *s = suite_create("ranks");
	TCase *fixed = tcase_create("fixed cases");
	TCase *random = tcase_create("random");
	TCase *brute = tcase_create("order ranges by enumeration");

	tcase_add_test(fixed, test_search);
	tcase_add_test(fixed, test_order_ranges_cycle);
	tcase_add_test(fixed, test_doc_examples);
	tcase_add_test(fixed, test_chain);
	tcase_add_test(fixed, test_separated);
	tcase_add_test(fixed, test_identical);
	tcase_add_test(fixed, test_single_and_missing);
	tcase_set_timeout(random, 120);
	tcase_set_timeout(brute, 120);
	tcase_add_test(brute, test_order_ranges_brute);
	tcase_add_loop_test(random, test_random, 0, N_LOOPS);
	suite_add_tcase(s, fixed);
	suite_add_tcase(s, random);
	suite_add_tcase(s, brute);
	return s;
}
