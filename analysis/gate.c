/*
 * gate.c - the line every regression gate prints: how many tests it
 * judged, how many it could not and which (gate.h; doc/statistics.md,
 * "Regression gate").  A gate that passes because it could not look
 * must say so: a failed, missing or single-run candidate is counted and
 * named, never silently passed.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gate.h"
#include "history_int.h"

/* The names of the tests not judged, with why: the first
 * BR_GATE_NAMES kept, the rest counted. */
struct names {
	char *v[BR_GATE_NAMES];
	size_t n;
	bool oom;
};

static void names_add(struct names *nm, const struct br_test *t,
		      const char *sys, const char *why)
{
	char *full;

	if (nm->n++ >= BR_GATE_NAMES)
		return;
	full = br_test_full_name(t);
	nm->v[nm->n - 1] = full ? br_strf("%s (%s%s%s)", full, sys ? sys : "",
					  sys ? ": " : "", why) : NULL;
	nm->oom |= !nm->v[nm->n - 1];
	free(full);
}

static void names_free(struct names *nm)
{
	size_t k;

	for (k = 0; k < nm->n && k < BR_GATE_NAMES; k++)
		free(nm->v[k]);
}

/* "A (x), B (y) and 4 more" */
static char *names_list(const struct names *nm)
{
	size_t k, shown = nm->n < BR_GATE_NAMES ? nm->n : BR_GATE_NAMES;
	char *s = strdup(""), *t;

	for (k = 0; s && k < shown; k++) {
		t = br_strf("%s%s%s", s, k == 0 ? "" : k + 1 < shown ||
			    nm->n > shown ? ", " : " and ", nm->v[k]);
		free(s);
		s = t;
	}
	if (s && nm->n > shown) {
		t = br_strf("%s and %zu more", s, nm->n - shown);
		free(s);
		s = t;
	}
	return s;
}

/* The line and the strict words from the counts and names; limit:
 * " beyond 5%" or "". */
static int gate_words(struct br_gate *g, const struct names *nm,
		      const char *limit)
{
	char *list = names_list(nm), *reg;

	if (!list || nm->oom) {
		free(list);
		return BR_EIO;
	}
	g->n_unjudged = g->n_tests - g->n_judged;
	reg = g->n_regressed ? br_strf("%zu regression%s%s", g->n_regressed,
				       g->n_regressed == 1 ? "" : "s", limit)
			     : br_strf("no regression%s", limit);
	g->line = reg ? br_strf("gate: judged %zu of %zu %s%s, could not "
				"judge %zu%s%s; %s", g->n_judged, g->n_tests,
				g->unit, g->n_tests == 1 ? "" : "s",
				g->n_unjudged,
				g->n_unjudged ? ": " : "", list, reg) : NULL;
	free(reg);
	free(list);
	if (g->line && g->n_unjudged)
		g->strict = br_strf("the gate could not judge %zu of %zu "
				    "%s%s (--gate-strict)", g->n_unjudged,
				    g->n_tests, g->unit,
				    g->n_tests == 1 ? "" : "s");
	return g->line && (!g->n_unjudged || g->strict) ? BR_OK : BR_EIO;
}

void br_gate_fini(struct br_gate *g)
{
	free(g->line);
	free(g->strict);
	memset(g, 0, sizeof *g);
}

/* ------------------------------------------------------------ compare */

/* Why cell c of a comparison cannot be judged; NULL: it can. */
static const char *cell_why(const struct br_cell *c)
{
	switch (c->kind) {
	case BR_CELL_VALUE: return c->sum.n < 2 ? "one run" : NULL;
	case BR_CELL_NONE: return "no result";
	case BR_CELL_FAILED: return "failed";
	default: return "no value";
	}
}

/* Why candidate j's comparison in test i cannot be judged; NULL: it
 * can. */
static const char *pair_why(const struct br_analysis *a, size_t i, size_t j)
{
	const struct br_atest *at = &a->tests[i];
	const struct br_comparison *c = at->cells[j].cmp;
	const char *why;

	if (!at->scalar)
		return "not a single value";
	if (at->t->dir == BR_DIR_UNKNOWN)
		return "no direction";
	if ((why = cell_why(&at->cells[a->base])) != NULL)
		return !strcmp(why, "one run") ? "the baseline ran once" :
		       !strcmp(why, "failed") ? "the baseline failed" :
		       "the baseline has no value";
	if ((why = cell_why(&at->cells[j])) != NULL)
		return why;
	if (!c || c->verdict == BR_VERDICT_SINGLE_RUN)
		return "no spread known";
	return NULL;
}

int br_gate_compare(const struct br_analysis *a, double pct,
		    struct br_gate *g)
{
	const struct br_selection *sel = a->sel;
	struct names nm = {{NULL}, 0, false};
	char limit[64];
	size_t i, j;
	int rc;

	memset(g, 0, sizeof *g);
	/* one candidate: a test is a comparison */
	g->unit = sel->n_systems > 2 ? "comparison" : "test";
	for (i = 0; i < a->n_tests; i++)
		for (j = 0; j < sel->n_systems; j++) {
			const char *why;

			if (j == a->base)
				continue;
			g->n_tests++;
			why = pair_why(a, i, j);
			if (why) {
				names_add(&nm, a->tests[i].t,
					  sel->rs->systems[sel->systems[j]]->
					  identifier, why);
				continue;
			}
			g->n_judged++;
			g->n_regressed += br_comparison_regressed(
				a->tests[i].cells[j].cmp, pct);
		}
	snprintf(limit, sizeof limit, " beyond %g%%", pct);
	rc = gate_words(g, &nm, limit);
	names_free(&nm);
	if (rc != BR_OK)
		br_gate_fini(g);
	return rc;
}

/* ------------------------------------------------------------ history */

/* The series of the history's test i, or NULL. */
static const struct br_hist_series *series_of(const struct br_history *h,
					      size_t i)
{
	size_t s;

	for (s = 0; s < h->n_series; s++)
		if (h->series[s].at == &h->an->tests[i])
			return &h->series[s];
	return NULL;
}

int br_gate_history(const struct br_history *h, struct br_gate *g)
{
	struct names nm = {{NULL}, 0, false};
	size_t i, k, L = h->n_points ? h->n_points - 1 : 0;
	bool *reg = calloc(h->n_series + 1, sizeof *reg);
	int rc;

	memset(g, 0, sizeof *g);
	g->unit = "test";
	if (!reg)
		return BR_EIO;
	for (k = 0; k < h->n_gate; k++)
		if (h->gate[k].series < h->n_series)
			reg[h->gate[k].series] = true;
	g->n_tests = h->an->n_tests;
	for (i = 0; i < h->an->n_tests; i++) {
		const struct br_atest *at = &h->an->tests[i];
		const struct br_hist_series *se = series_of(h, i);
		const char *why = NULL;
		bool latest = at->cells[L].kind != BR_CELL_VALUE;

		if (latest)
			why = cell_why(&at->cells[L]);
		else if (at->t->dir == BR_DIR_UNKNOWN)
			why = "no direction";
		else if (!se || !(se->tested || isfinite(se->latest_pvalue)))
			why = "too few points";
		if (why) {
			names_add(&nm, at->t, latest ? "latest point" : NULL,
				  why);
			continue;
		}
		g->n_judged++;
		g->n_regressed += reg[se - h->series];
	}
	free(reg);
	rc = gate_words(g, &nm, "");
	names_free(&nm);
	if (rc != BR_OK)
		br_gate_fini(g);
	return rc;
}
