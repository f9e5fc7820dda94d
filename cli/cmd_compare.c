/*
 * cmd_compare.c - `benchreport compare`: every system against a baseline
 * (Welch, Fieller, direction-aware speedups), the geometric mean over
 * tests, optional ministat blocks and a regression gate (exit 4).
 */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "render/numfmt.h"
#include "render/parallel.h"
#include "render/words.h"
#include "stats/pooled.h"
#include "stats/stats.h"

#define WIDTH 72

static const char *const cols[] = {
	"test", "title", "description", "unit", "direction", "system",
	"baseline", "mean", "baseline_mean", "improvement_pct",
	"improvement_ci_low_pct", "improvement_ci_high_pct", "p_value",
	"verdict", "ratio", "ratio_ci_low", "ratio_ci_high", "t", "df",
	"mde_pct", "runs_needed", "note", "overall_rank",
};
#define N_COLS (sizeof cols / sizeof cols[0])

static const char *nz(const char *s)
{
	return s ? s : "";
}

/* Everything compare computes, kept for the writers. */
struct cmp_row {
	size_t test;             /* index into sel->tests */
	size_t sys;              /* index into sel->systems */
	struct br_summary a, b;
	struct br_comparison c;
	const char *note;
	const char *missing;     /* candidate has no result: why, or NULL */
};

struct cmp_geo {
	size_t sys;
	bool ok;
	struct br_geomean g;
	size_t skipped;
};

/*
 * Overall ranking (STATS.md 3.6): by the geometric mean against the
 * baseline; two systems tie unless the measurement CI of their direct
 * geometric-mean ratio excludes 1.  Wins: tests where the system ranks
 * first alone; shared: first together with others.
 */
struct cmp_overall {
	bool ok;
	const char *why;         /* not ranked: why, or NULL */
	size_t *order;           /* selected-system indexes, best first */
	int *rank;               /* by selected-system index; 0: unranked */
	double *gm;              /* against the baseline (1 for it) */
	size_t *wins, *shared;
	size_t n_tests;          /* tests with N >= 2 for 2+ systems */
	bool across;             /* some pair needed the across-tests CI */
};

struct cmp_result {
	struct cmp_overall overall;
	size_t base;             /* index into sel->systems */
	struct cmp_row *rows;
	size_t n_rows;
	struct cmp_geo *geo;     /* per selected system (base excluded) */
	size_t n_geo;
	size_t *skipped_tests;   /* tests the baseline has no result for */
	size_t n_skipped;
};

static void result_free(struct cmp_result *r)
{
	free(r->overall.order);
	free(r->overall.rank);
	free(r->overall.gm);
	free(r->overall.wins);
	free(r->overall.shared);
	free(r->rows);
	free(r->geo);
	free(r->skipped_tests);
}

/* Summary of system sys for test t; false when it has no usable value. */
static bool summary_of(const struct br_cli *cli, const struct br_test *t,
		       size_t sys, struct br_summary *out)
{
	size_t e = br_test_find_entry(t, sys);
	const struct br_entry *en;

	if (e == (size_t)-1)
		return false;
	en = &t->entries[e];
	if (en->error || en->pass_fail || en->n_points)
		return false;
	return br_summarize(&en->sample, cli->confidence, out) == BR_OK &&
	       out->n > 0;
}

/* Why system sys has no usable result in t: its error, or "no result". */
static const char *no_result(const struct br_test *t, size_t sys)
{
	size_t e = br_test_find_entry(t, sys);

	if (e == (size_t)-1)
		return "no result";
	if (t->entries[e].error)
		return *t->entries[e].error ? t->entries[e].error : "failed";
	return "no numeric result";
}

static int find_baseline(const struct br_cli *cli,
			 const struct br_selection *sel, size_t *base)
{
	size_t i;

	*base = 0;
	if (!cli->baseline)
		return BR_OK;
	for (i = 0; i < sel->n_systems; i++)
		if (!strcmp(sel->rs->systems[sel->systems[i]]->identifier,
			    cli->baseline)) {
			*base = i;
			return BR_OK;
		}
	return br_cli_usage(cli, "--baseline: no system named '%s' in the "
			    "input", cli->baseline);
}

static bool comparable(const struct br_test *t)
{
	return t->display == BR_DISPLAY_BAR;
}

static int compute_overall(const struct br_cli *cli,
			   const struct br_selection *sel,
			   struct cmp_result *r);

struct row_job {
	const struct br_cli *cli;
	const struct br_selection *sel;
	struct cmp_result *r;
};

static int compare_row(void *ctx, size_t i)
{
	const struct row_job *job = ctx;
	struct cmp_row *row = &job->r->rows[i];
	const struct br_test *t =
		job->sel->rs->tests[job->sel->tests[row->test]];

	br_compare(&row->a, &row->b, t->dir, job->cli->confidence,
		   job->cli->equivalence, &row->c);
	return BR_OK;
}

static int compute(const struct br_cli *cli, const struct br_selection *sel,
		   struct cmp_result *r)
{
	const struct br_resultset *rs = sel->rs;
	size_t max_rows = sel->n_tests * sel->n_systems + 1, i, j;
	const struct br_summary **ga = NULL, **gb = NULL;
	struct br_summary *sa = NULL, *sb = NULL;
	enum br_dir *gd = NULL;
	size_t *by_sys = NULL, *first = NULL;
	int rc;

	memset(r, 0, sizeof *r);
	rc = find_baseline(cli, sel, &r->base);
	if (rc != BR_OK)
		return rc;
	r->rows = calloc(max_rows, sizeof *r->rows);
	r->geo = calloc(sel->n_systems + 1, sizeof *r->geo);
	r->skipped_tests = calloc(sel->n_tests + 1, sizeof *r->skipped_tests);
	ga = calloc(sel->n_tests + 1, sizeof *ga);
	gb = calloc(sel->n_tests + 1, sizeof *gb);
	sa = calloc(sel->n_tests + 1, sizeof *sa);
	sb = calloc(sel->n_tests + 1, sizeof *sb);
	gd = calloc(sel->n_tests + 1, sizeof *gd);
	if (!r->rows || !r->geo || !r->skipped_tests || !ga || !gb || !sa ||
	    !sb || !gd) {
		rc = BR_EIO;
		goto out;
	}
	for (i = 0; i < sel->n_tests; i++) {
		const struct br_test *t = rs->tests[sel->tests[i]];
		struct br_summary a;

		if (!comparable(t))
			continue;
		if (!summary_of(cli, t, sel->systems[r->base], &a)) {
			r->skipped_tests[r->n_skipped++] = i;
			continue;
		}
		for (j = 0; j < sel->n_systems; j++) {
			struct cmp_row *row;

			if (j == r->base)
				continue;
			row = &r->rows[r->n_rows];
			if (!summary_of(cli, t, sel->systems[j], &row->b)) {
				/* stated, not dropped: stats/ gives the
				 * single-run verdict with its reason */
				memset(&row->b, 0, sizeof row->b);
				row->b.mean = NAN;
				row->missing = no_result(t, sel->systems[j]);
			}
			row->test = i;
			row->sys = j;
			row->a = a;
			if (t->dir == BR_DIR_UNKNOWN)
				row->note = "direction unknown: read as more "
					    "is better";
			r->n_rows++;
		}
	}
	/* The comparisons themselves: independent, so on every CPU for
	 * large inputs (each row's numbers are the same either way). */
	{
		struct row_job job = {cli, sel, r};

		br_parallel_for(r->n_rows, 256, compare_row, &job);
	}
	/* Rows by system (counting sort, row order kept): each system's
	 * rows without scanning all of them, so a million systems are
	 * linear, not quadratic. */
	by_sys = malloc((r->n_rows + 1) * sizeof *by_sys);
	first = calloc(sel->n_systems + 2, sizeof *first);
	if (!by_sys || !first) {
		rc = BR_EIO;
		goto out;
	}
	for (i = 0; i < r->n_rows; i++)
		first[r->rows[i].sys + 2]++;
	for (j = 2; j < sel->n_systems + 2; j++)
		first[j] += first[j - 1];
	for (i = 0; i < r->n_rows; i++)
		by_sys[first[r->rows[i].sys + 1]++] = i;
	/* Geometric mean per candidate over the tests both have. */
	for (j = 0; j < sel->n_systems; j++) {
		struct cmp_geo *g;
		size_t k = 0, ri;

		if (j == r->base)
			continue;
		g = &r->geo[r->n_geo++];
		g->sys = j;
		for (ri = first[j]; ri < first[j + 1]; ri++) {
			const struct cmp_row *row = &r->rows[by_sys[ri]];
			const struct br_test *t =
				rs->tests[sel->tests[row->test]];

			if (row->sys != j)
				continue;
			if (row->missing || !(row->a.mean > 0 &&
					      row->b.mean > 0) ||
			    t->dir == BR_DIR_UNKNOWN) {
				g->skipped++;
				continue;
			}
			sa[k] = row->a;
			sb[k] = row->b;
			ga[k] = &sa[k];
			gb[k] = &sb[k];
			gd[k] = t->dir;
			k++;
		}
		g->ok = k > 0 && br_geomean(ga, gb, gd, k, cli->confidence,
					    &g->g) == BR_OK;
	}
	rc = compute_overall(cli, sel, r);
out:
	free(by_sys);
	free(first);
	free(ga);
	free(gb);
	free(sa);
	free(sb);
	free(gd);
	if (rc != BR_OK) {
		result_free(r);
		fprintf(stderr, PROG ": out of memory\n");
	}
	return rc;
}

/* ---------------------------------------------------- overall ranking */

#define OVERALL_MAX_SYSTEMS 200
#define OVERALL_MAX_CELLS 4000000  /* tests x systems summaries kept */

/* Geometric mean of b against a over the tests where both have a
 * positive mean and the test a direction; false when none. */
static bool pair_geomean(const struct br_cli *cli,
			 const struct br_selection *sel,
			 const struct br_summary *sum, const bool *has,
			 size_t a, size_t b, const struct br_summary **ga,
			 const struct br_summary **gb, enum br_dir *gd,
			 struct br_geomean *out)
{
	size_t n = sel->n_systems, i, k = 0;

	for (i = 0; i < sel->n_tests; i++) {
		const struct br_test *t = sel->rs->tests[sel->tests[i]];

		if (!has[i * n + a] || !has[i * n + b] ||
		    t->dir == BR_DIR_UNKNOWN || !(sum[i * n + a].mean > 0) ||
		    !(sum[i * n + b].mean > 0))
			continue;
		ga[k] = &sum[i * n + a];
		gb[k] = &sum[i * n + b];
		gd[k] = t->dir;
		k++;
	}
	return k > 0 && br_geomean(ga, gb, gd, k, cli->confidence, out) ==
		BR_OK;
}

static int cmp_gm(const void *x, const void *y, void *gm)
{
	double a = ((const double *)gm)[*(const size_t *)x];
	double b = ((const double *)gm)[*(const size_t *)y];

	if (isnan(a) != isnan(b))
		return isnan(a) ? 1 : -1;
	if (a != b && !isnan(a))
		return a > b ? -1 : 1;
	return *(const size_t *)x < *(const size_t *)y ? -1 : 1;
}

/* Insertion sort by gm (n <= OVERALL_MAX_SYSTEMS; no qsort_r needed). */
static void sort_by_gm(size_t *order, size_t n, double *gm)
{
	size_t i, j;

	for (i = 1; i < n; i++)
		for (j = i; j > 0 && cmp_gm(&order[j], &order[j - 1], gm) < 0;
		     j--) {
			size_t tmp = order[j];

			order[j] = order[j - 1];
			order[j - 1] = tmp;
		}
}

static int compute_overall(const struct br_cli *cli,
			   const struct br_selection *sel,
			   struct cmp_result *r)
{
	struct cmp_overall *o = &r->overall;
	size_t n = sel->n_systems, nt = sel->n_tests, i, j, k;
	struct br_summary *sum = NULL;
	const struct br_summary **ga = NULL, **gb = NULL;
	enum br_dir *gd = NULL;
	bool *has = NULL, *beats = NULL;
	int *trank = NULL;
	int rc = BR_EIO;

	if (n < 3)
		return BR_OK; /* the comparison itself says it all */
	if (n > OVERALL_MAX_SYSTEMS || nt * n > OVERALL_MAX_CELLS) {
		o->why = "too many systems or tests for pairwise ratios";
		return BR_OK;
	}
	o->order = calloc(n, sizeof *o->order);
	o->rank = calloc(n, sizeof *o->rank);
	o->gm = calloc(n, sizeof *o->gm);
	o->wins = calloc(n, sizeof *o->wins);
	o->shared = calloc(n, sizeof *o->shared);
	sum = calloc(nt * n + 1, sizeof *sum);
	has = calloc(nt * n + 1, sizeof *has);
	beats = calloc(n * n, sizeof *beats);
	trank = calloc(n, sizeof *trank);
	ga = calloc(nt + 1, sizeof *ga);
	gb = calloc(nt + 1, sizeof *gb);
	gd = calloc(nt + 1, sizeof *gd);
	if (!o->order || !o->rank || !o->gm || !o->wins || !o->shared ||
	    !sum || !has || !beats || !trank || !ga || !gb || !gd)
		goto out;
	/* every system's summary of every comparable test; wins per test */
	for (i = 0; i < nt; i++) {
		const struct br_test *t = sel->rs->tests[sel->tests[i]];
		size_t with = 0, first = 0;

		if (!comparable(t))
			continue;
		for (j = 0; j < n; j++) {
			has[i * n + j] = summary_of(cli, t, sel->systems[j],
						    &sum[i * n + j]);
			if (!has[i * n + j])
				memset(&sum[i * n + j], 0, sizeof *sum);
			/* firsts need a test: N >= 2 on both sides */
			with += has[i * n + j] && sum[i * n + j].n >= 2;
		}
		if (with < 2 || t->dir == BR_DIR_UNKNOWN)
			continue;
		o->n_tests++;
		if (br_rank(&sum[i * n], n, t->dir, cli->confidence,
			    cli->holm, trank, NULL) != BR_OK)
			goto out;
		/* a single run is never beaten: it cannot be first either */
		for (j = 0; j < n; j++)
			trank[j] = sum[i * n + j].n >= 2 ? trank[j] : 0;
		for (j = 0; j < n; j++)
			first += trank[j] == 1;
		for (j = 0; j < n; j++)
			if (trank[j] == 1) {
				if (first == 1)
					o->wins[j]++;
				else
					o->shared[j]++;
			}
	}
	/* against the baseline, and every pair directly */
	for (j = 0; j < n; j++) {
		struct br_geomean g;

		o->order[j] = j;
		o->gm[j] = j == r->base ? 1 :
			pair_geomean(cli, sel, sum, has, r->base, j, ga, gb, gd,
				     &g) ? g.gm : NAN;
	}
	for (j = 0; j < n; j++)
		for (k = j + 1; k < n; k++) {
			struct br_geomean g;
			double lo, hi;

			if (isnan(o->gm[j]) || isnan(o->gm[k]) ||
			    !pair_geomean(cli, sel, sum, has, j, k, ga, gb, gd,
					  &g))
				continue;
			lo = g.meas_low;
			hi = g.meas_high;
			if (isnan(lo) || isnan(hi)) {
				/* a test with N < 2: the across-tests CI */
				lo = g.across_low;
				hi = g.across_high;
				o->across = true;
			}
			if (lo > 1)
				beats[k * n + j] = true;  /* k proven better */
			else if (hi < 1)
				beats[j * n + k] = true;
		}
	for (j = 0; j < n; j++) {
		if (isnan(o->gm[j]))
			continue;
		o->rank[j] = 1;
		for (k = 0; k < n; k++)
			o->rank[j] += beats[k * n + j];
	}
	sort_by_gm(o->order, n, o->gm);
	o->ok = true;
	rc = BR_OK;
out:
	free(sum);
	free(has);
	free(beats);
	free(trank);
	free(ga);
	free(gb);
	free(gd);
	return rc;
}

/* ------------------------------------------------------------ table */

static bool add_test_row(struct br_table *tb, const struct br_selection *sel,
			 const struct cmp_result *r, const struct cmp_row *row)
{
	const struct br_resultset *rs = sel->rs;
	const struct br_test *t = rs->tests[sel->tests[row->test]];
	const struct br_comparison *c = &row->c;
	bool ok = true;

	ok &= br_table_row(tb);
	ok &= br_table_str(tb, nz(t->identifier));
	ok &= br_table_str(tb, nz(t->title));
	ok &= br_table_str(tb, nz(t->description));
	ok &= br_table_str(tb, t->unit.text);
	ok &= br_table_str(tb, br_dir_name(t->dir));
	ok &= br_table_str(tb, rs->systems[sel->systems[row->sys]]->identifier);
	ok &= br_table_str(tb, rs->systems[sel->systems[r->base]]->identifier);
	ok &= br_table_num(tb, row->b.mean, NULL);
	ok &= br_table_num(tb, row->a.mean, NULL);
	ok &= br_table_num(tb, c->improvement_pct, NULL);
	ok &= br_table_num(tb, c->improvement_ci_low_pct, NULL);
	ok &= br_table_num(tb, c->improvement_ci_high_pct, NULL);
	ok &= br_table_num(tb, c->p, NULL);
	ok &= br_table_str(tb, br_verdict_name(c->verdict));
	ok &= br_table_num(tb, c->ratio, NULL);
	ok &= br_table_num(tb, c->ratio_ci_low, NULL);
	ok &= br_table_num(tb, c->ratio_ci_high, NULL);
	ok &= br_table_num(tb, c->t, NULL);
	ok &= br_table_num(tb, c->df, NULL);
	ok &= br_table_num(tb, c->mde_pct, NULL);
	ok &= br_table_num(tb, c->runs_needed, NULL);
	ok &= br_table_str(tb, row->missing ? row->missing : c->reason ?
			   c->reason : nz(row->note));
	ok &= br_table_empty(tb);
	return ok;
}

static enum br_verdict geo_verdict(const struct br_geomean *g)
{
	if (isnan(g->meas_low) || isnan(g->meas_high))
		return BR_VERDICT_SINGLE_RUN;
	if (g->meas_low > 1)
		return BR_VERDICT_BETTER;
	if (g->meas_high < 1)
		return BR_VERDICT_WORSE;
	return BR_VERDICT_NO_DIFFERENCE;
}

static bool add_geo_row(struct br_table *tb, const struct br_selection *sel,
			const struct cmp_result *r, const struct cmp_geo *g)
{
	const struct br_resultset *rs = sel->rs;
	char desc[64];
	bool ok = true;

	snprintf(desc, sizeof desc, "%zu tests", g->g.k);
	ok &= br_table_row(tb);
	ok &= br_table_str(tb, "geomean");
	ok &= br_table_str(tb, "Geometric mean of speedups");
	ok &= br_table_str(tb, desc);
	ok &= br_table_str(tb, "");
	ok &= br_table_str(tb, "HIB");
	ok &= br_table_str(tb, rs->systems[sel->systems[g->sys]]->identifier);
	ok &= br_table_str(tb, rs->systems[sel->systems[r->base]]->identifier);
	ok &= br_table_num(tb, g->g.gm, NULL);
	ok &= br_table_num(tb, 1, NULL);
	ok &= br_table_num(tb, 100 * (g->g.gm - 1), NULL);
	ok &= br_table_num(tb, 100 * (g->g.meas_low - 1), NULL);
	ok &= br_table_num(tb, 100 * (g->g.meas_high - 1), NULL);
	ok &= br_table_empty(tb);
	ok &= br_table_str(tb, br_verdict_name(geo_verdict(&g->g)));
	ok &= br_table_num(tb, g->g.gm, NULL);
	ok &= br_table_num(tb, g->g.meas_low, NULL);
	ok &= br_table_num(tb, g->g.meas_high, NULL);
	ok &= br_table_empty(tb);
	ok &= br_table_empty(tb);
	ok &= br_table_empty(tb);
	ok &= br_table_empty(tb);
	ok &= br_table_str(tb, isnan(g->g.meas_low) ?
			   "measurement CI needs N >= 2 in every test" : "");
	if (r->overall.ok && r->overall.rank[g->sys])
		ok &= br_table_int(tb, r->overall.rank[g->sys]);
	else
		ok &= br_table_empty(tb);
	return ok;
}

/* The baseline's own geomean row, when there is an overall ranking. */
static bool add_base_row(struct br_table *tb, const struct br_selection *sel,
			 const struct cmp_result *r)
{
	const char *name = sel->rs->systems[sel->systems[r->base]]->identifier;
	size_t i;
	bool ok = true;

	ok &= br_table_row(tb);
	ok &= br_table_str(tb, "geomean");
	ok &= br_table_str(tb, "Geometric mean of speedups");
	ok &= br_table_str(tb, "baseline");
	ok &= br_table_str(tb, "");
	ok &= br_table_str(tb, "HIB");
	ok &= br_table_str(tb, name);
	ok &= br_table_str(tb, name);
	ok &= br_table_num(tb, 1, NULL);
	ok &= br_table_num(tb, 1, NULL);
	for (i = 0; i < 4; i++)
		ok &= br_table_empty(tb);
	ok &= br_table_str(tb, "");             /* verdict */
	for (i = 0; i < 7; i++)                 /* ratio .. runs_needed */
		ok &= br_table_empty(tb);
	ok &= br_table_str(tb, "baseline");
	ok &= br_table_int(tb, r->overall.rank[r->base]);
	return ok;
}

static int write_table(const struct br_selection *sel,
		       const struct cmp_result *r, FILE *fp, enum br_fmt fmt,
		       struct br_error *err)
{
	struct br_table *tb = br_table_new(N_COLS, cols);
	bool ok = tb != NULL;
	size_t i;

	for (i = 0; ok && i < r->n_rows; i++)
		ok &= add_test_row(tb, sel, r, &r->rows[i]);
	for (i = 0; ok && i < r->n_geo; i++)
		if (r->geo[i].ok)
			ok &= add_geo_row(tb, sel, r, &r->geo[i]);
	if (ok && r->overall.ok)
		ok &= add_base_row(tb, sel, r);
	if (ok)
		ok = br_table_write(tb, fp, fmt, "compare", err) == BR_OK;
	else
		br_error_set(err, BR_EIO, NULL, 0, "out of memory");
	br_table_free(tb);
	return ok ? BR_OK : err->code;
}

/* ------------------------------------------------------------- text */

#define NBSP BR_NBSP

static void wrap(FILE *fp, int indent, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
/* compare's text: WIDTH columns, continuation lines indented by 2. */
static void wrap(FILE *fp, int indent, const char *fmt, ...)
{
	char text[4096];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(text, sizeof text, fmt, ap);
	va_end(ap);
	br_wrap(fp, indent, 2, WIDTH, "%s", text);
}

/* ", about N runs per system to resolve 1%" (or the --equivalence
 * margin), or "" when not computable. */
static const char *runs_text(const struct br_cli *cli,
			     const struct br_comparison *c)
{
	static char buf[96];

	if (isnan(c->runs_needed))
		return "";
	snprintf(buf, sizeof buf, "; about %.0f runs per system to resolve "
		 "%g%%", c->runs_needed, cli->equivalence > 0 ?
		 cli->equivalence : 1.0);
	return buf;
}

static void describe(FILE *fp, const struct br_cli *cli,
		     const struct br_test *t, const char *bname,
		     const char *aname, const struct br_comparison *c)
{
	char text[2048];

	wrap(fp, 2, "%s", br_comparison_sentence(text, sizeof text, t, bname,
		aname, c, cli->confidence, cli->equivalence));
	if (c->verdict == BR_VERDICT_SINGLE_RUN) {
		/* "single run" is in the sentence; other reasons are not */
		if (c->reason && !strstr(c->reason, "single run"))
			wrap(fp, 4, "(%s)", c->reason);
		return;
	}
	if (cli->details && !isnan(c->t))
		wrap(fp, 4, "(Welch t = %.2f, df = %.1f, p = %.3g)", c->t,
		     c->df, c->p);
	if (cli->details && !isnan(c->mde_pct))
		wrap(fp, 4, "(smallest detectable change %.2g%%%s)",
		     c->mde_pct, runs_text(cli, c));
	if (c->reason)   /* e.g. "baseline too noisy for a ratio" */
		wrap(fp, 4, "(%s)", c->reason);
}

static void ministat_line(FILE *fp, char sym, const struct br_summary *s)
{
	fprintf(fp, "%c %3zu %13.8g %13.8g %13.8g %13.8g %13.8g\n", sym, s->n,
		s->min, s->max, s->median, s->mean, s->sd);
}

static void ministat_block(FILE *fp, const struct br_cli *cli,
			   const char *aname, const char *bname,
			   const struct cmp_row *row)
{
	struct br_pooled pt;

	fprintf(fp, "x %s\n+ %s\n", aname, bname);
	fputs("    N           Min           Max        Median           Avg"
	      "        Stddev\n", fp);
	ministat_line(fp, 'x', &row->a);
	ministat_line(fp, '+', &row->b);
	if (!br_pooled_t(&row->a, &row->b, cli->confidence, &pt)) {
		fputs("No comparison: each set needs at least 2 values\n", fp);
		return;
	}
	if (pt.different) {
		fprintf(fp, "Difference at %.1f%% confidence\n",
			cli->confidence * 100);
		fprintf(fp, "\t%g +/- %g\n", pt.d, pt.e);
		fprintf(fp, "\t%g%% +/- %g%%\n", pt.pct, pt.pct_e);
		fprintf(fp, "\t(Student's t, pooled s = %g)\n", pt.s_p);
	} else {
		fprintf(fp, "No difference proven at %.1f%% confidence\n",
			cli->confidence * 100);
	}
}

static void write_overall(const struct br_cli *cli,
			  const struct br_selection *sel,
			  const struct cmp_result *r, FILE *fp)
{
	const struct cmp_overall *o = &r->overall;
	const struct br_resultset *rs = sel->rs;
	size_t i;

	if (o->why) {
		fputc('\n', fp);
		wrap(fp, 0, "No overall ranking: %s.", o->why);
		return;
	}
	if (!o->ok)
		return;
	fputc('\n', fp);
	wrap(fp, 0, "Overall ranking by the geometric mean against %s; "
	     "tied when the %g%%" NBSP "CI of two systems' direct ratio "
	     "includes 1%s:", rs->systems[sel->systems[r->base]]->identifier,
	     cli->confidence * 100, o->across ? " (the across-tests CI "
	     "where a test has N < 2)" : "");
	for (i = 0; i < sel->n_systems; i++) {
		size_t j = o->order[i];
		const char *name = rs->systems[sel->systems[j]]->identifier;
		char firsts[96] = "";

		if (!o->rank[j]) {
			wrap(fp, 2, "-  %s: no test in common with the "
			     "baseline", name);
			continue;
		}
		if (o->shared[j])
			snprintf(firsts, sizeof firsts, "; first in %zu of %zu "
				 "tests (%zu shared)", o->wins[j] + o->shared[j],
				 o->n_tests, o->shared[j]);
		else if (o->wins[j])
			snprintf(firsts, sizeof firsts, "; first in %zu of %zu "
				 "tests", o->wins[j], o->n_tests);
		wrap(fp, 2, "%-2d %s: %.3fx%s", o->rank[j], name, o->gm[j],
		     firsts);
	}
}

static void write_text(const struct br_cli *cli,
		       const struct br_selection *sel,
		       const struct cmp_result *r, FILE *fp)
{
	const struct br_resultset *rs = sel->rs;
	const char *aname = rs->systems[sel->systems[r->base]]->identifier;
	size_t i, j, last_test = (size_t)-1;
	char conf[16];

	snprintf(conf, sizeof conf, "%g%%", cli->confidence * 100);
	for (i = 0; i < r->n_rows; i++) {
		const struct cmp_row *row = &r->rows[i];
		const struct br_test *t = rs->tests[sel->tests[row->test]];
		const char *bname =
			rs->systems[sel->systems[row->sys]]->identifier;

		if (row->test != last_test) {
			char m[32], se[32];
			double mean = row->a.mean;
			int d = br_test_decimals(t, &mean, 1);

			if (last_test != (size_t)-1)
				fputc('\n', fp);
			last_test = row->test;
			wrap(fp, 0, "%s%s%s%s%s", nz(t->title),
			     t->app_version && *t->app_version ? " " : "",
			     nz(t->app_version),
			     t->description && *t->description ? " - " : "",
			     nz(t->description));
			br_fmt_fixed(m, sizeof m, row->a.mean, d);
			if (row->a.n >= 2 && !isnan(row->a.se))
				wrap(fp, 0, "%s%s%s; baseline %s: %s (SE" NBSP "+/-"
				     NBSP "%s," NBSP "N" NBSP "=" NBSP "%zu)", t->unit.text,
				     *t->unit.text ? ", " : "",
				     br_dir_phrase(t->dir), aname, m,
				     br_fmt_fixed(se, sizeof se, row->a.se,
						  br_se_decimals(d)),
				     row->a.n);
			else
				wrap(fp, 0, "%s%s%s; baseline %s: %s (N" NBSP "="
				     NBSP "%zu)", t->unit.text,
				     *t->unit.text ? ", " : "",
				     br_dir_phrase(t->dir), aname, m,
				     row->a.n);
		}
		if (row->missing) {
			wrap(fp, 2, "%s: %s, no comparison", bname,
			     row->missing);
			continue;
		}
		describe(fp, cli, t, bname, aname, &row->c);
		if (cli->ministat)
			ministat_block(fp, cli, aname, bname, row);
	}
	for (i = 0; i < r->n_skipped; i++) {
		const struct br_test *t =
			rs->tests[sel->tests[r->skipped_tests[i]]];

		if (i == 0)
			fputc('\n', fp);
		wrap(fp, 0, "%s%s%s: skipped, the baseline %s has no result",
		     nz(t->title), t->description && *t->description ?
		     " - " : "", nz(t->description), aname);
	}
	for (j = 0; j < r->n_geo; j++) {
		const struct cmp_geo *g = &r->geo[j];
		const char *bname =
			rs->systems[sel->systems[g->sys]]->identifier;

		/* over one test the geometric mean only repeats it */
		if (!g->ok || g->g.k < 2)
			continue;
		fputc('\n', fp);
		wrap(fp, 0, "Geometric mean over %zu tests, %s against %s: "
		     "%.3fx", g->g.k, bname, aname, g->g.gm);
		if (!isnan(g->g.meas_low))
			wrap(fp, 2, "%s CI %.3fx to %.3fx (measurement, these "
			     "tests)", conf, g->g.meas_low, g->g.meas_high);
		else
			wrap(fp, 2, "no measurement CI: a test has N < 2");
		if (!isnan(g->g.across_low))
			wrap(fp, 2, "%s CI %.3fx to %.3fx across tests like "
			     "these (geometric sd %.3f)", conf,
			     g->g.across_low, g->g.across_high, g->g.gsd);
		if (g->skipped)
			wrap(fp, 2, "%zu tests left out (no result on one "
			     "side, a mean not above 0, or no direction)",
			     g->skipped);
	}
	write_overall(cli, sel, r, fp);
}

/* --fail-on-regression: significantly worse by more than PCT, i.e. the
 * whole CI of the improvement lies below -PCT. */
static bool regressed(const struct br_cli *cli, const struct cmp_result *r)
{
	size_t i;

	if (cli->fail_on_regression < 0)
		return false;
	for (i = 0; i < r->n_rows; i++) {
		const struct br_comparison *c = &r->rows[i].c;

		if (c->verdict == BR_VERDICT_WORSE &&
		    !isnan(c->improvement_ci_high_pct) &&
		    c->improvement_ci_high_pct < -cli->fail_on_regression)
			return true;
	}
	return false;
}

struct compare_job {
	const struct br_cli *cli;
	const struct br_selection *sel;
	const struct cmp_result *r;
	enum br_fmt fmt;
};

static int write_compare(FILE *fp, void *ctx, struct br_error *err)
{
	const struct compare_job *job = ctx;

	if (job->fmt != BR_FMT_TEXT)
		return write_table(job->sel, job->r, fp, job->fmt, err);
	write_text(job->cli, job->sel, job->r, fp);
	return BR_OK;
}

int br_cmd_compare(struct br_cli *cli)
{
	struct br_selection sel;
	struct cmp_result r;
	struct compare_job job;
	int rc;

	rc = br_cli_table_format(cli, &job.fmt);
	if (rc != BR_OK)
		return rc;
	rc = br_cli_load(cli, &sel);
	if (rc != BR_OK)
		return rc;
	br_cli_print_warnings(cli, sel.rs);
	if (sel.n_systems < 2) {
		rc = br_cli_usage(cli, "compare needs at least two systems");
		br_cli_selection_free(&sel);
		return rc;
	}
	rc = compute(cli, &sel, &r);
	if (rc != BR_OK) {
		br_cli_selection_free(&sel);
		return rc;
	}
	job.cli = cli;
	job.sel = &sel;
	job.r = &r;
	rc = br_cli_emit(cli, write_compare, &job);
	if (rc == BR_OK && regressed(cli, &r))
		rc = BR_EREGRESS;
	result_free(&r);
	br_cli_selection_free(&sel);
	return rc;
}
