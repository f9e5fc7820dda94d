/*
 * report_data.c - the report's numbers, computed once: summaries, ranks,
 * comparisons against the baseline and geometric means all come from
 * stats/ here (the report-data builder); the writers only format them.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "numfmt.h"
#include "parallel.h"
#include "report.h"
#include "words.h"

bool br_report_fmt_from_ext(const char *ext, enum br_report_fmt *out)
{
	if (!ext)
		return false;
	if (!strcasecmp(ext, "html") || !strcasecmp(ext, "htm"))
		*out = BR_REPORT_HTML;
	else if (!strcasecmp(ext, "txt") || !strcasecmp(ext, "text"))
		*out = BR_REPORT_TEXT;
	else if (!strcasecmp(ext, "md") || !strcasecmp(ext, "markdown"))
		*out = BR_REPORT_MD;
	else
		return false;
	return true;
}

const char *br_report_template_name(enum br_report_fmt fmt)
{
	switch (fmt) {
	case BR_REPORT_HTML: return "report.html";
	case BR_REPORT_TEXT: return "report.txt";
	case BR_REPORT_MD: return "report.md";
	}
	return "report.html";
}

void br_report_opts_defaults(struct br_report_opts *o)
{
	memset(o, 0, sizeof *o);
	o->confidence = 0.95;
	o->generator = "benchreport";
}

static const char *nz(const char *s)
{
	return s ? s : "";
}

const char *br_report_system(const struct br_report *r, size_t j)
{
	return r->rs->systems[r->systems[j]]->identifier;
}

const char *br_report_test_name(char *buf, size_t size,
				const struct br_test *t)
{
	snprintf(buf, size, "%s%s%s", nz(t->title),
		 t->app_version && *t->app_version ? " " : "",
		 nz(t->app_version));
	return buf;
}

const char *br_report_sentence(char *buf, size_t size,
			       const struct br_report *r, size_t i, size_t c)
{
	const struct br_report_test *rt = &r->tests[i];

	return br_comparison_sentence(buf, size, rt->t,
				      br_report_system(r, c),
				      br_report_system(r, r->base),
				      &rt->cells[c].cmp, r->o.confidence,
				      r->o.equivalence);
}

void br_report_free(struct br_report *r)
{
	size_t i;

	if (!r)
		return;
	for (i = 0; i < r->n_tests; i++)
		free(r->tests[i].cells);
	free(r->tests);
	free(r->geo);
	free(r);
}

/* Summaries, ranks, best/worst and comparisons of one scalar test. */
static int test_numbers(struct br_report *r, struct br_report_test *rt)
{
	size_t n = r->n_systems, j, n_val = 0;
	struct br_summary *sum = calloc(n + 1, sizeof *sum);
	int *rank = calloc(n + 1, sizeof *rank);
	double *rel = calloc(n + 1, sizeof *rel);
	double *means = calloc(n + 1, sizeof *means);
	double lo = INFINITY, hi = -INFINITY;
	const struct br_report_cell *base;
	int rc = BR_OK;

	if (!sum || !rank || !rel || !means) {
		rc = BR_EIO;
		goto out;
	}
	for (j = 0; j < n; j++) {
		struct br_report_cell *c = &rt->cells[j];

		means[j] = NAN;
		if (!c->entry || c->entry->error || c->entry->pass_fail ||
		    c->entry->n_points ||
		    br_summarize(&c->entry->sample, r->o.confidence,
				 &c->sum) != BR_OK)
			c->sum.n = 0;
		sum[j] = c->sum;
		if (c->sum.n)
			means[j] = c->sum.mean;
	}
	rc = br_rank(sum, n, rt->t->dir, r->o.confidence, false, rank, rel);
	if (rc != BR_OK)
		goto out;
	for (j = 0; j < n; j++) {
		rt->cells[j].rank = rank[j];
		rt->cells[j].relative = rel[j];
		if (!isnan(rel[j])) {
			n_val++;
			lo = rel[j] < lo ? rel[j] : lo;
			hi = rel[j] > hi ? rel[j] : hi;
		}
	}
	/* Best and worst only mean something with two values that differ
	 * and a known direction. */
	if (n_val >= 2 && lo < hi && rt->t->dir != BR_DIR_UNKNOWN)
		for (j = 0; j < n; j++) {
			rt->cells[j].best = rel[j] == hi;
			rt->cells[j].worst = rel[j] == lo;
		}
	rt->decimals = br_test_decimals(rt->t, means, n);
	rt->se_decimals = br_se_decimals(rt->decimals);
	base = &rt->cells[r->base];
	for (j = 0; j < n; j++) {
		struct br_report_cell *c = &rt->cells[j];

		c->vs_base = NAN;
		if (!base->sum.n || !c->sum.n)
			continue;
		/* reports show no power/runs-needed estimates */
		br_compare_ex(&base->sum, &c->sum, rt->t->dir,
			      r->o.confidence, r->o.equivalence, false,
			      &c->cmp);
		c->vs_base = c->cmp.speedup;
		c->has_cmp = j != r->base;
	}
out:
	free(sum);
	free(rank);
	free(rel);
	free(means);
	return rc;
}

/* Geometric mean of every system against the baseline over the scalar
 * tests both have (the compare command's rule). */
static int geomeans(struct br_report *r)
{
	size_t k_max = r->n_tests + 1, i, j;
	const struct br_summary **ga = calloc(k_max, sizeof *ga);
	const struct br_summary **gb = calloc(k_max, sizeof *gb);
	enum br_dir *gd = calloc(k_max, sizeof *gd);
	int rc = BR_OK;

	r->geo = calloc(r->n_systems + 1, sizeof *r->geo);
	if (!ga || !gb || !gd || !r->geo) {
		rc = BR_EIO;
		goto out;
	}
	for (j = 0; j < r->n_systems; j++) {
		struct br_report_geo *g = &r->geo[j];
		size_t k = 0;

		if (j == r->base)
			continue;
		for (i = 0; i < r->n_tests; i++) {
			const struct br_report_test *rt = &r->tests[i];
			const struct br_summary *a = &rt->cells[r->base].sum;
			const struct br_summary *b = &rt->cells[j].sum;

			if (!rt->scalar || !a->n || !b->n)
				continue;
			if (rt->t->dir == BR_DIR_UNKNOWN ||
			    !br_geomean_usable(a, b)) {
				g->skipped++;
				continue;
			}
			ga[k] = a;
			gb[k] = b;
			gd[k] = rt->t->dir;
			k++;
		}
		g->ok = k > 0 && br_geomean(ga, gb, gd, k, r->o.confidence,
					    &g->g) == BR_OK;
	}
out:
	free(ga);
	free(gb);
	free(gd);
	return rc;
}

static int numbers_of(void *ctx, size_t i)
{
	struct br_report *r = ctx;

	return r->tests[i].scalar ? test_numbers(r, &r->tests[i]) : BR_OK;
}

/* test_numbers of every scalar test, on every CPU for large reports (the
 * numbers are the same whichever thread made them). */
static int all_numbers(struct br_report *r)
{
	return br_parallel_for(r->n_tests, 64, numbers_of, r);
}

int br_report_build(const struct br_resultset *rs, const size_t *tests,
		    size_t n_tests, const size_t *systems, size_t n_systems,
		    const struct br_report_opts *o, struct br_report **out,
		    struct br_error *err)
{
	struct br_report *r = calloc(1, sizeof *r);
	size_t i, j;

	*out = NULL;
	if (!r)
		return br_error_set(err, BR_EIO, NULL, 0, "out of memory");
	r->rs = rs;
	r->o = *o;
	r->systems = systems;
	r->n_systems = n_systems;
	r->title = o->title && *o->title ? o->title
		   : rs->title && *rs->title ? rs->title
		   : "Benchmark results";
	if (o->baseline) {
		for (j = 0; j < n_systems; j++)
			if (!strcmp(rs->systems[systems[j]]->identifier,
				    o->baseline))
				break;
		if (j == n_systems) {
			free(r);
			return br_error_set(err, BR_EUSAGE, NULL, 0,
					    "--baseline: no selected system "
					    "named '%s'", o->baseline);
		}
		r->base = j;
	}
	r->tests = calloc(n_tests + 1, sizeof *r->tests);
	if (!r->tests)
		goto nomem;
	for (i = 0; i < n_tests; i++) {
		struct br_report_test *rt = &r->tests[r->n_tests];
		const struct br_test *t = rs->tests[tests[i]];

		rt->t = t;
		rt->cells = calloc(n_systems + 1, sizeof *rt->cells);
		if (!rt->cells)
			goto nomem;
		r->n_tests++;
		for (j = 0; j < n_systems; j++) {
			size_t e = br_test_find_entry(t, systems[j]);

			rt->cells[j].entry = e == (size_t)-1 ? NULL
					     : &t->entries[e];
			rt->cells[j].relative = NAN;
			rt->cells[j].vs_base = NAN;
		}
		rt->scalar = t->display == BR_DISPLAY_BAR;
		rt->decimals = 2;
		rt->se_decimals = 2;
		r->n_scalar += rt->scalar;
	}
	if (all_numbers(r) != BR_OK)
		goto nomem;
	if (geomeans(r) != BR_OK)
		goto nomem;
	*out = r;
	return BR_OK;
nomem:
	br_report_free(r);
	return br_error_set(err, BR_EIO, NULL, 0, "out of memory");
}
