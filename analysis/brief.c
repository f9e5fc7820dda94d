/*
 * brief.c - the compact summary (doc/statistics.md, "The summary") and
 * the regressions --fail-on-regression names: sentences made from the
 * analysis, the same wording as compare's (sentence.c).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "brief.h"
#include "derived.h"
#include "numfmt.h"
#include "sentence.h"

#define NONE ((size_t)-1)

char *br_brief_test_name(const struct br_test *t)
{
	return br_strf("%s%s%s%s%s", br_nz(t->title),
		       t->app_version && *t->app_version ? " " : "",
		       br_nz(t->app_version),
		       t->description && *t->description ? " - " : "",
		       br_nz(t->description));
}


/* "95% CI 1.516x to 1.895x over 3 of 3 tests with runs", or why there
 * is no interval: naming the tests (br_geo_no_ci_why) for candidate j's
 * mean against the baseline, in general words for a group's (j NONE). */
static char *meas_ci_of(const struct br_analysis *a,
			const struct br_ageo *ag, size_t j)
{
	const struct br_geomean *g = &ag->g;
	char lv[24], lo[48], hi[48], over[192];

	br_geo_over(ag, over, sizeof over);
	if (isnan(g->meas_low)) {
		char *why = j != NONE ? br_geo_no_ci_reason(a, j) : NULL, *s;

		s = br_strf("no measurement CI (%s): %s", over,
			    why ? why : br_geomean_no_ci(g));
		free(why);
		return s;
	}
	return br_strf("%s" BR_NBSP "CI %s to %s %s",
		       br_fmt_level(lv, sizeof lv, a->o.confidence),
		       br_fmt_x(lo, sizeof lo, g->meas_low, 3),
		       br_fmt_x(hi, sizeof hi, g->meas_high, 3), over);
}

static char *meas_ci(const struct br_analysis *a, const struct br_ageo *ag)
{
	size_t j;

	/* a candidate's overall mean names its tests; a group's
	 * (--group-by) runs over a subset and says the reason alone */
	for (j = 0; j < a->sel->n_systems; j++)
		if (ag == &a->geo[j])
			return meas_ci_of(a, ag, j);
	return meas_ci_of(a, ag, NONE);
}

/* " (95% CI 1.516x to 1.895x over ...)", or "; no measurement CI ..." */
static char *ci_tail(const struct br_analysis *a, const struct br_ageo *g)
{
	char *ci = meas_ci(a, g), *out;

	if (!ci)
		return NULL;
	out = isnan(g->g.meas_low) ? br_strf("; %s", ci) :
	      br_strf(" (%s)", ci);
	free(ci);
	return out;
}

static char *geo_text_of(const struct br_analysis *a,
			 const struct br_ageo *ag, size_t j);

/* Candidate j's geometric mean with both intervals (brief.h), naming
 * the tests that leave it without a measurement interval. */
static char *geo_line(const struct br_analysis *a, size_t j)
{
	return geo_text_of(a, &a->geo[j], j);
}

char *br_geo_text(const struct br_analysis *a, const struct br_ageo *ag)
{
	return geo_text_of(a, ag, NONE);
}

static char *geo_text_of(const struct br_analysis *a,
			 const struct br_ageo *ag, size_t j)
{
	const struct br_geomean *g = &ag->g;
	char x[48], lo[48], hi[48], sd[48], single[160] = "", across[192],
	     left[192] = "", head[64], sub[96];
	char *ci = meas_ci_of(a, ag, j), *out;

	if (!ci)
		return NULL;
	if (*br_geo_with_single(ag, single + 2, sizeof single - 2)) {
		single[0] = ';';
		single[1] = ' ';
	}
	if (isnan(g->across_low))
		snprintf(across, sizeof across, "no across-tests CI");
	else
		snprintf(across, sizeof across, "%s to %s across tests like "
			 "these (geometric sd %s)",
			 br_fmt_x(lo, sizeof lo, g->across_low, 3),
			 br_fmt_x(hi, sizeof hi, g->across_high, 3),
			 br_fmt_fixed(sd, sizeof sd, g->gsd, 3));
	if (ag->skipped)
		snprintf(left, sizeof left, "; %zu test%s left out",
			 ag->skipped, ag->skipped == 1 ? "" : "s");
	if (*br_geo_sub_note(ag, sub, sizeof sub))
		snprintf(left + strlen(left), sizeof left - strlen(left),
			 "; %s", sub);
	out = br_strf("%s over %s, %s; %s%s, %s%s%s",
		      br_fmt_x(x, sizeof x, g->gm, 3),
		      br_geo_head(ag, head, sizeof head), br_geo_words(ag), ci,
		      isnan(g->meas_low) ? "" : " (measurement)", across,
		      single, left);
	free(ci);
	return out;
}

char *br_overall_line(const struct br_analysis *a, size_t j)
{
	const struct br_overall *o = &a->overall;
	char x[48], f[160], *why, *out;

	if (!o->rank_low[j])
		return br_strf("no test in common with the baseline");
	why = br_overall_why_below(a, j);
	if (!why)
		return NULL;
	out = br_strf("%s%s%s%s", br_fmt_x(x, sizeof x, o->gm[j], 3),
		      br_overall_firsts(a, j, f, sizeof f), *why ? "; " : "",
		      why);
	free(why);
	return out;
}

/* ------------------------------------------------------------ findings */

/* "its geometric mean over 7 tests is 1.695x against B (95% CI ...)" */
static char *geo_claim(const struct br_analysis *a, size_t j)
{
	const struct br_geomean *g = &a->geo[j].g;
	char x[48], head[64];
	char *ci = ci_tail(a, &a->geo[j]), *out;

	if (!ci)
		return NULL;
	out = br_strf("its geometric mean over %s is %s against %s%s",
		      br_geo_head(&a->geo[j], head, sizeof head),
		      br_fmt_x(x, sizeof x, g->gm, 3),
		      br_analysis_system(a, a->base), ci);
	free(ci);
	return out;
}

/* "; it is listed first though C's geometric mean against A is higher
 * (the ranking says why)" when the leader's is not the highest, else
 * "": the list follows proven pairs before geometric means. */
static void leader_why(const struct br_analysis *a, size_t top, char *buf,
		       size_t size)
{
	const struct br_overall *o = &a->overall;
	size_t j, hi = top;

	buf[0] = '\0';
	for (j = 0; j < a->sel->n_systems; j++)
		if (o->rank_low[j] && o->gm[j] > o->gm[hi])
			hi = j;
	if (hi != top)
		snprintf(buf, size, "; it is listed first though %s's "
			 "geometric mean against %s is higher (the ranking "
			 "says why)", br_analysis_system(a, hi),
			 br_analysis_system(a, a->base));
}

/* The leader by the overall ranking (3+ systems). */
static char *leader_ranked(const struct br_analysis *a)
{
	const struct br_overall *o = &a->overall;
	size_t top = o->order[0], j, others = 0;
	const char *name = br_analysis_system(a, top);
	char f[160], rk[32], why[256], *claim = NULL, *out;

	leader_why(a, top, why, sizeof why);
	/* "first in 3 of 8 tests, ..." without br_overall_firsts' "; " */
	br_overall_firsts(a, top, f, sizeof f);
	if (*f)
		memmove(f, f + 2, strlen(f + 2) + 1);
	if (top != a->base && a->geo[top].ok && !(claim = geo_claim(a, top)))
		return NULL;
	if (o->rank_low[top] == 1 && o->rank_high[top] == 1) {
		out = br_strf("%s%s ranks first overall%s%s%s%s%s", name,
			      top == a->base ? ", the baseline," : "",
			      *f ? "; " : "", f, claim ? "; " : "",
			      claim ? claim : "", why);
		free(claim);
		return out;
	}
	for (j = 0; j < a->sel->n_systems; j++)
		if (j != top && o->rank_low[j] == 1)
			others++;
	out = br_strf("No system is proven first overall: %s leads%s%s%s%s, "
		      "but the data allow it places %s, and %zu other "
		      "system%s could be first%s", name,
		      top == a->base ? " (the baseline)" : "",
		      *f ? " (" : "", f, *f ? ")" : "",
		      br_fmt_rank(rk, sizeof rk, o->rank_low[top],
				  o->rank_high[top]), others,
		      others == 1 ? "" : "s", why);
	if (out && claim) {
		char *o2 = br_strf("%s; %s", out, claim);

		free(out);
		out = o2;
	}
	free(claim);
	return out;
}

/* Without a ranking: the candidate with the highest geometric mean,
 * against the baseline; NULL *s when there is none. */
static bool leader_geo(const struct br_analysis *a, char **s)
{
	const struct br_ageo *g;
	size_t j, best = NONE;
	char x[48], head[64], *ci;
	const char *name, *base = br_analysis_system(a, a->base);

	*s = NULL;
	for (j = 0; j < a->sel->n_systems; j++)
		if (j != a->base && a->geo[j].ok && a->geo[j].g.k >= 2 &&
		    (best == NONE || a->geo[j].g.gm > a->geo[best].g.gm))
			best = j;
	if (best == NONE)
		return true;
	g = &a->geo[best];
	name = br_analysis_system(a, best);
	if (!(ci = ci_tail(a, g)))
		return false;
	br_fmt_x(x, sizeof x, g->g.gm, 3);
	br_geo_head(g, head, sizeof head);
	switch (g->verdict) {
	case BR_VERDICT_BETTER:
	case BR_VERDICT_WORSE:
		*s = br_strf("%s%s is %s than %s on the geometric mean of %s: "
			     "%s%s", a->sel->n_systems > 2 ?
			     "Of the systems compared with the baseline, " :
			     "", name, g->verdict == BR_VERDICT_BETTER ?
			     "better" : "worse", base, head, x, ci);
		break;
	case BR_VERDICT_NO_DIFFERENCE:
		*s = br_strf("No difference between %s and %s is proven on "
			     "the geometric mean of %s: %s%s%s",
			     name, base, head, x, ci, a->sel->n_systems > 2 ?
			     "; it is the highest against the baseline" : "");
		break;
	default:        /* no measurement CI: ci says why */
		*s = br_strf("On the geometric mean of %s %s is %s "
			     "against %s%s", head, name, x, base,
			     isnan(g->g.meas_low) ? ci : " (single runs)");
		break;
	}
	free(ci);
	return *s != NULL;
}

/* "Against B, 31 of 40 comparisons in 8 tests show a difference proven
 * at 95% confidence: 20 better, 11 worse; ..." */
static char *counts(const struct br_analysis *a)
{
	size_t i, j, n = 0, better = 0, worse = 0, equiv = 0, tests = 0;
	char lv[24], eq[64] = "", sk[160] = "";

	for (i = 0; i < a->n_tests; i++) {
		if (!a->tests[i].compared)
			continue;
		tests++;
		for (j = 0; j < a->sel->n_systems; j++) {
			const struct br_cell *c = &a->tests[i].cells[j];

			if (!c->cmp || c->kind != BR_CELL_VALUE)
				continue;
			n++;
			better += c->cmp->verdict == BR_VERDICT_BETTER;
			worse += c->cmp->verdict == BR_VERDICT_WORSE;
			equiv += c->cmp->verdict == BR_VERDICT_EQUIVALENT;
		}
	}
	if (!n && a->n_tests && !a->n_scalar)
		/* series are drawn and tabulated point by point, never
		 * compared: the baseline's values are not what is missing */
		return br_strf("Nothing is compared: %s a series (a line "
			       "graph), shown point by point in the full "
			       "report", a->n_tests == 1 ? "the only test is" :
			       "every test is");
	if (!n)
		return br_strf("No test has a value for %s and another system "
			       "to compare", br_analysis_system(a, a->base));
	if (a->o.equivalence > 0)
		snprintf(eq, sizeof eq, ", %zu equivalent within +/-%g%%",
			 equiv, a->o.equivalence);
	if (a->n_skipped)
		snprintf(sk, sizeof sk, "; %zu test%s without a value for the "
			 "baseline %s not compared", a->n_skipped,
			 a->n_skipped == 1 ? "" : "s",
			 a->n_skipped == 1 ? "is" : "are");
	return br_strf("Against %s, %zu of %zu comparison%s in %zu test%s "
		       "show a difference proven at %s confidence: %zu "
		       "better, %zu worse%s%s", br_analysis_system(a, a->base),
		       better + worse, n, n == 1 ? "" : "s", tests,
		       tests == 1 ? "" : "s",
		       br_fmt_level(lv, sizeof lv, a->o.confidence), better,
		       worse, eq, sk);
}

/* "6 of 252 results failed; the full report says which and why", or,
 * for one system, what it has; NULL *s when there is nothing to say. */
static bool results(const struct br_analysis *a, char **s)
{
	size_t i, j, n = 0, ok = 0, failed = 0;

	*s = NULL;
	for (i = 0; i < a->n_tests; i++)
		for (j = 0; j < a->sel->n_systems; j++) {
			enum br_cell_kind k = a->tests[i].cells[j].kind;

			if (k == BR_CELL_NONE)
				continue;
			n++;
			ok += k == BR_CELL_VALUE || k == BR_CELL_SERIES ||
			      k == BR_CELL_PASS_FAIL;
			failed += k == BR_CELL_FAILED;
		}
	if (a->sel->n_systems == 1) {
		char f[48] = "";

		if (failed)
			snprintf(f, sizeof f, ", %zu failed", failed);
		*s = br_strf("%s is the only system, so nothing is compared: "
			     "%zu of %zu test%s have a result%s",
			     br_analysis_system(a, 0), ok, a->n_tests,
			     a->n_tests == 1 ? "" : "s", f);
	} else if (failed) {
		*s = br_strf("%zu of %zu result%s failed; the full report says "
			     "which and why", failed, n, n == 1 ? "" : "s");
	} else {
		return true;
	}
	return *s != NULL;
}

/* ------------------------------------------------------------- changes */

/* How large comparison c proves its change: ln of the interval's end
 * nearer 1 (> 0), or NAN when c is no proven change with a bounded
 * ratio interval in a test with a direction. */
static double proven_size(const struct br_atest *at, const struct br_cell *c)
{
	const struct br_comparison *m = c->cmp;

	if (!m || c->kind != BR_CELL_VALUE || at->t->dir == BR_DIR_UNKNOWN ||
	    m->too_noisy || isnan(m->speedup) ||
	    !isfinite(m->speedup_ci_low) || !isfinite(m->speedup_ci_high) ||
	    m->speedup_ci_low <= 0)
		return NAN;
	if (m->verdict == BR_VERDICT_BETTER && m->speedup_ci_low > 1)
		return log(m->speedup_ci_low);
	if (m->verdict == BR_VERDICT_WORSE && m->speedup_ci_high < 1)
		return -log(m->speedup_ci_high);
	return NAN;
}

/* A proven change: its order in the summary (primary metrics first,
 * then sized before unsized, larger first, then test and system
 * order). */
struct change {
	size_t i, j;
	bool sub;         /* a sub-metric */
	double size;      /* proven_size(); NAN: too noisy to size */
};

static int change_cmp(const void *x, const void *y)
{
	const struct change *p = x, *q = y;
	bool pn = isnan(p->size), qn = isnan(q->size);

	if (p->sub != q->sub)
		return p->sub ? 1 : -1;
	if (pn != qn)
		return pn ? 1 : -1;
	if (!pn && p->size != q->size)
		return p->size > q->size ? -1 : 1;
	if (p->i != q->i)
		return p->i < q->i ? -1 : 1;
	return p->j < q->j ? -1 : p->j > q->j;
}

/* The first max of the n changes v, as items. */
static bool changes(const struct br_analysis *a, const struct change *v,
		    size_t n, size_t max, struct br_brief_item **out,
		    size_t *n_out)
{
	size_t k;

	*n_out = 0;
	if (n > max)
		n = max;
	if (!n)
		return true;
	*out = calloc(n, sizeof **out);
	if (!*out)
		return false;
	for (k = 0; k < n; k++) {
		struct br_brief_item *it = &(*out)[k];

		it->test = v[k].i;
		it->sys = v[k].j;
		it->name = br_brief_test_name(a->tests[v[k].i].t);
		it->text = br_analysis_sentence(a, v[k].i, v[k].j);
		(*n_out)++;
		if (!it->name || !it->text)
			return false;
	}
	return true;
}

/* Every proven change against the baseline in a test with a direction,
 * better ones into up and worse into down, each in the summary's
 * order; those in a test without one (read as more is better) counted
 * in all_gains and all_losses only, as the findings count them. */
static bool collect_changes(const struct br_analysis *a, struct br_brief *b)
{
	struct change *up, *down;
	size_t i, j, nu = 0, nd = 0, cells = a->n_tests * a->sel->n_systems;
	size_t xu = 0, xd = 0;
	bool ok;

	up = calloc(cells + 1, sizeof *up);
	down = calloc(cells + 1, sizeof *down);
	ok = up && down;
	for (i = 0; ok && a->geo && i < a->n_tests; i++) {
		const struct br_atest *at = &a->tests[i];

		if (!at->compared)
			continue;
		for (j = 0; j < a->sel->n_systems; j++) {
			const struct br_cell *c = &at->cells[j];
			struct change ch = {i, j, at->t->sub_metric,
					    proven_size(at, c)};

			if (!c->cmp || c->kind != BR_CELL_VALUE)
				continue;
			if (at->t->dir == BR_DIR_UNKNOWN) {
				xu += c->cmp->verdict == BR_VERDICT_BETTER;
				xd += c->cmp->verdict == BR_VERDICT_WORSE;
			} else if (c->cmp->verdict == BR_VERDICT_BETTER)
				up[nu++] = ch;
			else if (c->cmp->verdict == BR_VERDICT_WORSE)
				down[nd++] = ch;
		}
	}
	if (ok) {
		qsort(up, nu, sizeof *up, change_cmp);
		qsort(down, nd, sizeof *down, change_cmp);
		b->all_gains = nu + xu;
		b->all_losses = nd + xd;
		ok = changes(a, up, nu, BR_BRIEF_CHANGES, &b->gains,
			     &b->n_gains) &&
		     changes(a, down, nd, BR_BRIEF_REGRESSIONS, &b->losses,
			     &b->n_losses);
	}
	free(up);
	free(down);
	return ok;
}

/* --------------------------------------------------------------- brief */

static bool add_finding(struct br_brief *b, char *s)
{
	if (!s)
		return false;
	b->findings[b->n_findings++] = s;
	return true;
}

/* The summary's first lines: the leader, the counts, the results and
 * the wins. */
static bool build_findings(const struct br_analysis *a, struct br_brief *b)
{
	const struct br_overall *o = &a->overall;
	size_t i, j;
	char *s;

	b->findings = calloc(7, sizeof *b->findings);
	if (!b->findings)
		return false;
	for (i = 0, j = 0; o->ok && i < a->sel->n_systems; i++)
		j += o->rank_low[i] > 0;
	if (o->ok && j >= 2) {   /* a ranking of two systems or more */
		if (!add_finding(b, leader_ranked(a)))
			return false;
	} else {
		if (!leader_geo(a, &s))
			return false;
		if (s)
			add_finding(b, s);
	}
	if (a->geo && a->sel->n_systems > 1 && !add_finding(b, counts(a)))
		return false;
	if (!results(a, &s))
		return false;
	if (s)
		add_finding(b, s);
	if (!br_wins_finding(a, &s))
		return false;
	if (s)
		add_finding(b, s);
	if (!br_beyond_count(a, &s))   /* bonnie++'s "+++++" */
		return false;
	if (s)
		add_finding(b, s);
	return true;
}

static bool build(const struct br_analysis *a, struct br_brief *b)
{
	const struct br_overall *o = &a->overall;
	size_t i, j;
	char lv[24];

	if (!br_brief_lead(a, b) || !build_findings(a, b))
		return false;
	/* geometric means: candidates over 2+ tests (compare's rule) */
	b->geo = calloc(BR_BRIEF_SYSTEMS, sizeof *b->geo);
	if (!b->geo)
		return false;
	for (j = 0; a->geo && j < a->sel->n_systems; j++) {
		struct br_brief_item *it;

		if (!a->geo[j].ok || a->geo[j].g.k < 2)
			continue;
		if (b->n_geo == BR_BRIEF_SYSTEMS) {
			b->geo_more++;
			continue;
		}
		it = &b->geo[b->n_geo++];
		it->test = NONE;
		it->sys = j;
		it->name = strdup(br_analysis_system(a, j));
		it->text = geo_line(a, j);
		if (!it->name || !it->text)
			return false;
	}

	/* the ranking */
	if (o->why)
		b->ranking_head = br_strf("No overall ranking: %s.", o->why);
	else if (o->ok)
		b->ranking_head = br_strf("Overall ranking by the geometric "
			"mean against %s; ranks are the places the %s" BR_NBSP
			"measurement CIs of the pairs' direct ratios allow "
			"(Holm-adjusted):", br_analysis_system(a, a->base),
			br_fmt_level(lv, sizeof lv, a->o.confidence));
	if ((o->why || o->ok) && !b->ranking_head)
		return false;
	if (o->ok) {
		b->ranks = calloc(BR_BRIEF_SYSTEMS, sizeof *b->ranks);
		if (!b->ranks)
			return false;
		for (i = 0; i < a->sel->n_systems; i++) {
			struct br_brief_item *it;

			j = o->order[i];
			if (b->n_ranks == BR_BRIEF_SYSTEMS) {
				b->ranks_more++;
				continue;
			}
			it = &b->ranks[b->n_ranks++];
			it->test = NONE;
			it->sys = j;
			if (o->rank_low[j])
				br_fmt_rank(it->rank, sizeof it->rank,
					    o->rank_low[j], o->rank_high[j]);
			else
				snprintf(it->rank, sizeof it->rank, "-");
			it->name = strdup(br_analysis_system(a, j));
			it->text = br_overall_line(a, j);
			if (!it->name || !it->text)
				return false;
		}
	}

	return collect_changes(a, b);
}

struct br_brief *br_brief_build(const struct br_analysis *a)
{
	struct br_brief *b = calloc(1, sizeof *b);

	if (b && !build(a, b)) {
		br_brief_free(b);
		return NULL;
	}
	return b;
}

static void items_free(struct br_brief_item *v, size_t n)
{
	size_t k;

	for (k = 0; k < n; k++) {
		free(v[k].name);
		free(v[k].text);
	}
	free(v);
}

void br_brief_free(struct br_brief *b)
{
	size_t k;

	if (!b)
		return;
	free(b->sys_common);
	items_free(b->sys, b->n_sys);
	free(b->sys_note);
	free(b->source);
	items_free(b->primary, b->n_primary);
	for (k = 0; k < b->n_findings; k++)
		free(b->findings[k]);
	free(b->findings);
	items_free(b->geo, b->n_geo);
	free(b->ranking_head);
	items_free(b->ranks, b->n_ranks);
	items_free(b->gains, b->n_gains);
	items_free(b->losses, b->n_losses);
	free(b);
}

/* --------------------------------------------------------- regressions */

bool br_regressions(const struct br_analysis *a, double pct, char ***out,
		    size_t *n)
{
	size_t i, j, cap = 0;
	char **v = NULL;

	*out = NULL;
	*n = 0;
	for (i = 0; i < a->n_tests; i++) {
		/* as br_analysis_regressed: no direction, no gate */
		if (!a->tests[i].compared ||
		    a->tests[i].t->dir == BR_DIR_UNKNOWN)
			continue;
		for (j = 0; j < a->sel->n_systems; j++) {
			const struct br_comparison *c = a->tests[i].cells[j].cmp;
			char *name, *s, *line, **nv, gm[80];

			if (!br_comparison_regressed(c, pct))
				continue;
			if (*n == cap) {
				cap = cap ? 2 * cap : 8;
				nv = realloc(v, cap * sizeof *v);
				if (!nv)
					goto nomem;
				v = nv;
			}
			name = br_brief_test_name(a->tests[i].t);
			s = br_analysis_sentence(a, i, j);
			/* fewer is better: the sentence's percent is of the
			 * values, the gate's of the speedup (doc/
			 * statistics.md, "Regression gate") */
			gm[0] = '\0';
			if (a->tests[i].t->dir == BR_DIR_LIB)
				snprintf(gm, sizeof gm, " (%.1f%% worse by the "
					 "gate's measure, the speedup)",
					 fabs(c->improvement_pct));
			line = name && s ? br_strf("%s: %s, worse by more than "
						   "the %g%% allowed%s", name,
						   s, pct, gm) : NULL;
			free(name);
			free(s);
			if (!line)
				goto nomem;
			v[(*n)++] = line;
		}
	}
	*out = v;
	return true;
nomem:
	for (i = 0; i < *n; i++)
		free(v[i]);
	free(v);
	*n = 0;
	return false;
}
