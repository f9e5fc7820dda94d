/*
 * sentence.c - comparisons in words (doc/statistics.md, "Wording"): a
 * change is said with faster/slower, better/worse or higher/lower, as a
 * factor from 2x either way (or when its interval reaches a drop of 2x)
 * and as a percent below, its interval in the same form; never a bare
 * signed percent.  A percent is the comparison's improvement_pct rounded
 * once, as the CSV holds it.
 */
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../model/fixed.h"
#include "numfmt.h"
#include "sentence.h"

/* "faster"/"slower" for times and rates, "better"/"worse" otherwise. */
static bool speed_words(const struct br_test *t)
{
	switch (t->unit.dim) {
	case BR_DIM_TIME:
	case BR_DIM_BYTE_RATE:
	case BR_DIM_BIT_RATE:
	case BR_DIM_OP_RATE:
	case BR_DIM_FREQ:
		return true;
	default:
		return false;
	}
}

/* What a sentence needs besides the comparison. */
struct say {
	const char *up, *down;  /* "faster", "slower", ... */
	const char *verb;       /* "is"; "takes" with "less time" */
	const char *none;       /* no change: NULL for "no UP or DOWN" */
	const char *unit;       /* the test's unit ("" for none) */
	int decimals;           /* of differences in that unit */
	bool factor;            /* the form: a factor (>= 2x) */
};

/*
 * One speedup S as the words say it, with its percent 100 (S - 1) as
 * the comparison computed it from the means (the CSV's improvement
 * columns), so a percent in words is that number rounded once: 2.3e-14%
 * where the CSV holds 2.32e-14, not 100 (S - 1) of a rounded S.
 */
struct amt {
	double S, pct;
};

static struct amt amt_of(double S, double pct)
{
	struct amt a = {S, isnan(pct) ? 100 * (S - 1) : pct};

	return a;
}

/* How near 2x, 0.5x or 1x a speedup is said as that: within what the
 * CSV's 15 digits print as it, so the words follow the printed number. */
#define ONE_TOL 1e-12

/* Whether speedup S is a drop of 2x or more. */
static bool is_drop(double S)
{
	return S > 0 && S <= 0.5 * (1 + ONE_TOL);
}

/* Whether speedup S is a factor: 2x or more either way. */
static bool is_factor(double S)
{
	return S >= 2 * (1 - ONE_TOL) || is_drop(S);
}

/* A percent magnitude: one decimal (none from 1000 up), two significant
 * digits below 0.1 so a small change is not "0.0%". */
static const char *pct_text(char *buf, size_t size, double v)
{
	int n;

	if (v != 0 && v < 0.095) {
		snprintf(buf, size, "%.2g%%", v);
		return buf;
	}
	/* "%.*f%%", without printf's multi-precision path (fixed.h) */
	n = br_fixed(buf, size, v, v < 999.95 ? 1 : 0);
	if (n >= 0 && (size_t)n + 1 < size) {
		buf[n] = '%';
		buf[n + 1] = '\0';
	} else {
		snprintf(buf, size, "%.*f%%", v < 999.95 ? 1 : 0, v);
	}
	return buf;
}

/* A factor magnitude (>= 1): three significant digits ("4.90x",
 * "878x", "1.33e+17x"). */
static const char *x_text(char *buf, size_t size, double v)
{
	if (v >= 999.5 && isfinite(v)) {
		snprintf(buf, size, v < 1e6 ? "%.0fx" : "%.3gx", v);
		return buf;
	}
	return br_fmt_x(buf, size, v, v < 9.995 ? 2 : v < 99.95 ? 1 : 0);
}

/* Whether a is better (the up word): by its percent, the sign the CSV
 * shows; by S in a factor, where the percent is not printed. */
static bool is_up(const struct say *s, struct amt a)
{
	return s->factor ? a.S > 1 : a.pct > 0;
}

static bool is_none(const struct say *s, struct amt a)
{
	return s->factor ? fabs(a.S - 1) <= ONE_TOL : a.pct == 0;
}

/* The size of a without its word: "4.90x" or "3.6%" in s's form. */
static const char *size_of(char *buf, size_t sz, const struct say *s,
			   struct amt a)
{
	return s->factor ? x_text(buf, sz, a.S >= 1 ? a.S : 1 / a.S) :
			   pct_text(buf, sz, fabs(a.pct));
}

/* "4.90x slower", "3.6% faster", "no faster or slower" */
static const char *change(char *buf, size_t sz, const struct say *s,
			  struct amt a)
{
	char m[48];

	if (is_none(s, a) && s->none)
		snprintf(buf, sz, "%s", s->none);
	else if (is_none(s, a))
		snprintf(buf, sz, "no %s or %s", s->up, s->down);
	else
		snprintf(buf, sz, "%s %s", size_of(m, sizeof m, s, a),
			 is_up(s, a) ? s->up : s->down);
	return buf;
}

/* An interval of speedups in words: "1.8% to 5.4% faster", "3.2% slower
 * to 5.1% faster", "2.0% to 4.1% slower". */
static const char *range(char *buf, size_t sz, const struct say *s,
			 struct amt lo, struct amt hi)
{
	char a[64], b[64];

	if (is_up(s, lo) || is_none(s, lo))
		snprintf(buf, sz, "%s to %s %s", size_of(a, sizeof a, s, lo),
			 size_of(b, sizeof b, s, hi), s->up);
	else if (!is_up(s, hi))
		snprintf(buf, sz, "%s to %s %s", size_of(a, sizeof a, s, hi),
			 size_of(b, sizeof b, s, lo), s->down);
	else
		snprintf(buf, sz, "%s to %s", change(a, sizeof a, s, lo),
			 change(b, sizeof b, s, hi));
	return buf;
}

/*
 * The pieces that hold the test's unit are made at their full length
 * (free() them; NULL on ENOMEM): a unit is input, of any length, and a
 * fixed buffer would cut it, maybe in the middle of a character.
 */

/* A difference in the test's unit, as a magnitude ("9.9 ms"): at the
 * test's precision, two significant digits when that would show 0. */
static char *amount(const struct say *s, double v)
{
	char num[48];
	double a = fabs(v);

	if (a != 0 && !BR_IS_SIG(s->decimals) &&
	    a < 0.5 * pow(10, -s->decimals))
		snprintf(num, sizeof num, "%.2g", a);
	else if (!BR_IS_SIG(s->decimals) && a > 0 && isfinite(a) &&
		 s->decimals > BR_SIG_MAX - 1 - (int)floor(log10(a)))
		/* a difference of 1.12e9 at the SEs' 6 decimals: no more
		 * than 12 significant digits (doc/statistics.md) */
		br_fmt_fixed(num, sizeof num, a,
			     BR_SIG_MAX - 1 - (int)floor(log10(a)) > 0 ?
			     BR_SIG_MAX - 1 - (int)floor(log10(a)) : 0);
	else
		br_fmt_fixed(num, sizeof num, a, s->decimals);
	return br_strf("%s%s%s", num, *s->unit ? " " : "", s->unit);
}

/* "9.9 ms faster" for a goodness g (the difference, negated for fewer
 * is better) */
static char *d_change(const struct say *s, double g)
{
	char *m, *out;

	if (g == 0)
		return br_strf("no %s or %s", s->up, s->down);
	m = amount(s, g);
	out = m ? br_strf("%s %s", m, g > 0 ? s->up : s->down) : NULL;
	free(m);
	return out;
}

/* An interval of goodness in the unit, as range() does for speedups. */
static char *d_range(const struct say *s, double lo, double hi)
{
	char *a, *b, *out = NULL;

	if (lo >= 0) {
		a = amount(s, lo);
		b = d_change(s, hi);
	} else if (hi <= 0) {
		a = amount(s, hi);
		b = d_change(s, lo);
	} else {
		a = d_change(s, lo);
		b = d_change(s, hi);
	}
	if (a && b)
		out = br_strf("%s to %s", a, b);
	free(a);
	free(b);
	return out;
}

/*
 * The change without a ratio (a mean not above 0, or a ratio interval
 * that is unbounded or reaches 0): in the test's unit, with d's interval.
 */
static char *by_difference(const struct say *s, const char *bname,
			   const char *aname, const struct br_comparison *c,
			   bool lib, const char *conf, double confidence,
			   double equivalence)
{
	double g = lib ? -c->d : c->d;
	double lo = lib ? -c->d_ci_high : c->d_ci_low;
	double hi = lib ? -c->d_ci_low : c->d_ci_high;
	const char *noisy = c->too_noisy ? "; too noisy to size the change "
					   "as a ratio" : "";
	char *ch, *r, *out = NULL, lv[24];

	if (c->d == 0 && isnan(lo))
		return br_strf("%s equals %s (single run, no CI)", bname,
			       aname);
	ch = d_change(s, g);
	if (!ch)
		return NULL;
	if (isnan(lo) && c->verdict == BR_VERDICT_SINGLE_RUN) {
		out = br_strf("%s is %s than %s (single run, no CI)", bname,
			      ch, aname);
		free(ch);
		return out;
	}
	if (isfinite(lo) && isfinite(hi))
		r = d_range(s, lo, hi);
	else   /* the difference of two huge means: no finite bounds */
		r = br_strf("without finite bounds");
	if (!r) {
		free(ch);
		return NULL;
	}
	switch (c->verdict) {
	case BR_VERDICT_BETTER:
	case BR_VERDICT_WORSE:
		out = br_strf("%s is %s than %s (%s %s%s)", bname, ch, aname,
			      conf, r, noisy);
		break;
	case BR_VERDICT_INCONCLUSIVE:
		out = br_strf("%s vs %s: inconclusive, neither a difference "
			      "nor equivalence within +/-%g%% proven (%s than "
			      "%s, %s %s%s)", bname, aname, equivalence, ch,
			      aname, conf, r, noisy);
		break;
	default:
		out = br_strf("%s: no difference proven at %s confidence (%s "
			      "than %s, %s %s%s)", bname,
			      br_fmt_level(lv, sizeof lv, confidence), ch,
			      aname, conf, r, noisy);
		break;
	}
	free(ch);
	free(r);
	return out;
}

/*
 * A fewer-is-better change as a percent of the values themselves, the
 * number a reader recomputes from the two means: 100 (B/A - 1) and its
 * interval, negated so that above 0 is still better (a
 * percent of speed, 100 (S - 1), is another number: 27.21 s against
 * 22.38 s is 17.8% slower but takes 21.6% more time).  A time "takes
 * 21.6% more time" / "17.8% less time"; other units keep better/worse
 * (doc/statistics.md, "Wording").
 */
static void value_change(const struct br_test *t,
			 const struct br_comparison *c, struct say *s,
			 struct amt *P, struct amt *L, struct amt *H)
{
	/* 100 (1/S - 1) negated is 100 (S - 1) / S: improvement_pct
	 * times the ratio B/A, so a change too small for the ratio's
	 * digits keeps its sign (the ends: their own ratio, 1 / S) */
	*P = amt_of(P->S, P->pct * c->ratio);
	*L = amt_of(L->S, L->pct * c->ratio_ci_high);
	*H = amt_of(H->S, H->pct * c->ratio_ci_low);
	if (t->unit.dim == BR_DIM_TIME) {
		s->up = "less time";
		s->down = "more time";
		s->verb = "takes";
		s->none = "no more or less time";
	}
}

/* The sentence of an equivalence: the margin is a percent of
 * improvement_pct, so are the TOST bounds and the change beside them, in
 * the speed words (doc/statistics.md, "Wording"); s0 and P0 as before
 * any factor or value change. */
static char *equivalent(const struct say *s0, struct amt P0,
			const char *bname, const char *aname,
			const struct br_comparison *c, double confidence,
			double equivalence)
{
	struct say p = *s0;
	char ch[96], lv[24], x[64], r[192], *tail = NULL, *out;

	p.factor = false;
	if (c->significant) {
		tail = br_strf("; %s is %s, a difference proven at %s "
			       "confidence", bname,
			       change(ch, sizeof ch, &p, P0),
			       br_fmt_level(lv, sizeof lv, confidence));
		if (!tail)
			return NULL;
	}
	out = br_strf("%s is equivalent to %s within +/-%g%% (%s" BR_NBSP
		      "CI %s)%s", bname, aname, equivalence,
		      br_fmt_level(x, sizeof x, 1 - 2 * (1 - confidence)),
		      range(r, sizeof r, &p,
			    amt_of(1 + c->equiv_ci_low_pct / 100,
				   c->equiv_ci_low_pct),
			    amt_of(1 + c->equiv_ci_high_pct / 100,
				   c->equiv_ci_high_pct)),
		      tail ? tail : "");
	free(tail);
	return out;
}

char *br_comparison_sentence(const struct br_test *t, const char *bname,
			     const char *aname, const struct br_comparison *c,
			     double confidence, double equivalence,
			     int decimals)
{
	bool speed = speed_words(t), lib = t->dir == BR_DIR_LIB;
	struct say s = {
		speed ? "faster" : "better", speed ? "slower" : "worse",
		"is", NULL, br_nz(t->unit.text), decimals, false,
	};
	double S = c->speedup, lo = c->speedup_ci_low, hi = c->speedup_ci_high;
	struct amt P = amt_of(S, c->improvement_pct);
	struct amt L = amt_of(lo, c->improvement_ci_low_pct);
	struct amt H = amt_of(hi, c->improvement_ci_high_pct), P0;
	struct say s0;
	char conf[40], lv[24], ch[96], r[192], x[64], y[64], *out = NULL;

	if (t->dir == BR_DIR_UNKNOWN) { /* no claim about better or worse */
		s.up = "higher";
		s.down = "lower";
	}
	snprintf(conf, sizeof conf, "%s" BR_NBSP "CI",
		 br_fmt_level(lv, sizeof lv, confidence));
	if (isnan(S) && isnan(c->d))  /* nothing: the reason says why */
		return br_strf("%s vs %s: no comparison", bname, aname);
	/* an S past the doubles (1e-300 against 3.76e9) is no ratio
	 * either: the CSV has none */
	if (!isfinite(S) || (c->too_noisy &&
			     c->verdict != BR_VERDICT_EQUIVALENT))
		return by_difference(&s, bname, aname, c, lib, conf,
				     confidence, equivalence);
	/* from here on the pieces are numbers and words, no unit */
	s0 = s;
	P0 = P;
	/* a factor when the point is 2x or more either way, or an end of
	 * its interval a drop of 2x or more: a percent slower crowds
	 * towards 100% (99.95% is 2000x) and would print "100.0%" */
	s.factor = is_factor(S) || is_drop(lo) || is_drop(hi);
	if (lib && !s.factor)
		value_change(t, c, &s, &P, &L, &H);
	change(ch, sizeof ch, &s, P);
	switch (c->verdict) {
	case BR_VERDICT_BETTER:
	case BR_VERDICT_WORSE:
		if (isnan(lo))
			out = br_strf("%s %s %s than %s", bname, s.verb, ch,
				      aname);
		else    /* the interval is all on the point's side */
			out = br_strf("%s %s %s than %s (%s %s to %s)",
				      bname, s.verb, ch, aname, conf,
				      size_of(x, sizeof x, &s,
					      is_up(&s, P) ? L : H),
				      size_of(y, sizeof y, &s,
					      is_up(&s, P) ? H : L));
		break;
	case BR_VERDICT_NO_DIFFERENCE:
		if (isnan(lo))
			out = br_strf("%s: no difference proven at %s "
				      "confidence (%s than %s)", bname,
				      br_fmt_level(lv, sizeof lv, confidence),
				      ch, aname);
		else
			out = br_strf("%s: no difference proven at %s "
				      "confidence (%s than %s, %s %s)", bname,
				      br_fmt_level(lv, sizeof lv, confidence),
				      ch, aname, conf,
				      range(r, sizeof r, &s, L, H));
		break;
	case BR_VERDICT_EQUIVALENT:
		out = equivalent(&s0, P0, bname, aname, c, confidence,
				 equivalence);
		break;
	case BR_VERDICT_INCONCLUSIVE:
		if (isnan(lo))
			out = br_strf("%s vs %s: inconclusive, neither a "
				      "difference nor equivalence within "
				      "+/-%g%% proven (%s than %s)", bname,
				      aname, equivalence, ch, aname);
		else
			out = br_strf("%s vs %s: inconclusive, neither a "
				      "difference nor equivalence within "
				      "+/-%g%% proven (%s than %s, %s %s)",
				      bname, aname, equivalence, ch, aname,
				      conf, range(r, sizeof r, &s, L, H));
		break;
	case BR_VERDICT_SINGLE_RUN:
		if (is_none(&s, P))
			out = br_strf("%s equals %s (single run, no CI)",
				      bname, aname);
		else
			out = br_strf("%s %s %s than %s (single run, no CI)",
				      bname, s.verb, ch, aname);
		break;
	}
	return out;
}

char *br_analysis_no_baseline(const struct br_analysis *a, size_t i)
{
	const struct br_cell *c = &a->tests[i].cells[a->base];
	const char *b = br_analysis_system(a, a->base);
	/* the reason without its own full stop: the sentence ends it */
	int n = c->why ? (int)strlen(c->why) : 0;

	while (n > 0 && c->why[n - 1] == '.')
		n--;
	switch (c->kind) {
	case BR_CELL_FAILED:
		return strcmp(c->why, "failed") ?
		       br_strf("the baseline %s failed: %.*s", b, n, c->why) :
		       br_strf("the baseline %s failed", b);
	case BR_CELL_NO_VALUE:
		if (c->beyond)
			return br_strf("the baseline %s was %s", b, c->why);
		return br_strf("the baseline %s has no value: %.*s", b, n,
			       c->why);
	default:
		return br_strf("the baseline %s has no result", b);
	}
}

char *br_analysis_beyond(const struct br_analysis *a, size_t i, size_t j)
{
	const struct br_atest *at = &a->tests[i];

	if (j == a->base || !at->cells[j].beyond ||
	    at->cells[a->base].kind != BR_CELL_VALUE ||
	    at->t->dir == BR_DIR_UNKNOWN)
		return NULL;
	return br_strf("%s is faster than %s (%s), so by an unknown amount",
		       br_analysis_system(a, j),
		       br_analysis_system(a, a->base), BR_BEYOND_WHY);
}

bool br_beyond_count(const struct br_analysis *a, char **out)
{
	size_t i, j, all = 0, some = 0;
	char more[96] = "";

	for (i = 0; i < a->n_tests; i++) {
		size_t runs = 0;

		for (j = 0; j < a->sel->n_systems; j++)
			runs += a->tests[i].cells[j].kind == BR_CELL_VALUE &&
				a->tests[i].cells[j].too_fast;
		all += a->tests[i].n_beyond > 0;
		some += !a->tests[i].n_beyond && runs;
	}
	*out = NULL;
	if (!all && !some)
		return true;
	if (!all) {
		*out = br_strf("In %zu test%s some runs were too fast to "
			       "measure (%s): N counts the others", some,
			       some == 1 ? "" : "s", BR_BEYOND_TOOL);
		return *out != NULL;
	}
	if (some)
		snprintf(more, sizeof more, "; in %zu more some runs were, "
			 "and N counts the others", some);
	*out = br_strf("%zu test%s too fast to measure on some system (%s): "
		       "faster than measurable, not sized and left out of "
		       "the geometric means%s", all, all == 1 ? " was" :
		       "s were", BR_BEYOND_TOOL, more);
	return *out != NULL;
}

char *br_analysis_sentence(const struct br_analysis *a, size_t i, size_t j)
{
	const struct br_atest *at = &a->tests[i];

	return br_comparison_sentence(at->t, br_analysis_system(a, j),
				      br_analysis_system(a, a->base),
				      at->cells[j].cmp, a->o.confidence,
				      a->o.equivalence, at->se_decimals);
}

/* "Wall time" of a file of several commands, "Command: ... (wall time)"
 * of a file of one (and, written before names said so, "Command: ..."
 * without " (user time)" or " (system time)"). */
bool br_hyperfine_wall(const struct br_test *t)
{
	const char *d = t->description;
	size_t n;

	if (!t->identifier || strcmp(t->identifier, "hyperfine") || !d)
		return false;
	if (!strcmp(d, "Wall time"))
		return true;
	n = strlen(d);
	return !strncmp(d, "Command: ", 9) &&
	       !(n > 12 && !strcmp(d + n - 12, " (user time)")) &&
	       !(n > 14 && !strcmp(d + n - 14, " (system time)"));
}

bool br_analysis_hyperfine(const struct br_analysis *a, size_t i, size_t j,
			   char **out)
{
	const struct br_atest *at = &a->tests[i];
	const struct br_cell *ca = &at->cells[a->base], *cb = &at->cells[j];
	const char *an = br_analysis_system(a, a->base);
	const char *bn = br_analysis_system(a, j);
	double r, e;
	bool b_faster;

	if (!br_hyperfine_wall(at->t) || ca->kind != BR_CELL_VALUE ||
	    cb->kind != BR_CELL_VALUE ||
	    !br_hyperfine_ratio(&ca->sum, &cb->sum, &r, &e, &b_faster))
		return false;
	if (isnan(e))
		*out = br_strf("%s ran %.2f times faster than %s",
			       b_faster ? bn : an, r, b_faster ? an : bn);
	else
		*out = br_strf("%s ran %.2f +/- %.2f times faster than %s",
			       b_faster ? bn : an, r, e, b_faster ? an : bn);
	return true;
}

/* A geometric mean's side of 1: within ONE_TOL it is 1, as its
 * "1.000x" says (a mean of exact ratios lands at 1 + 4e-16) */
static bool gm_up(double gm)
{
	return gm > 1 + ONE_TOL;
}

static bool gm_down(double gm)
{
	return gm < 1 - ONE_TOL;
}

const char *br_geo_words(const struct br_ageo *g)
{
	/* no interval: said why, not always "single runs" (runs of N = 3
	 * whose mean is near 0 have none either; the verdict is then
	 * no-difference: nothing proven) */
	if (g->g.noisy && g->g.k_runs >= 2 && isnan(g->g.meas_low) &&
	    g->verdict == BR_VERDICT_NO_DIFFERENCE)
		return gm_up(g->g.gm) ? "better, not proven" :
		       gm_down(g->g.gm) ? "worse, not proven" :
		       "equal, not proven";
	switch (g->verdict) {
	case BR_VERDICT_BETTER:
		return "better";
	case BR_VERDICT_WORSE:
		return "worse";
	case BR_VERDICT_NO_DIFFERENCE:
		return "no difference proven";
	default:
		break;
	}
	return gm_up(g->g.gm) ? "better, single runs" : gm_down(g->g.gm) ?
	       "worse, single runs" : "equal, single runs";
}

/* Why a geometric mean has no measurement CI.  Over one test with runs
 * the mean is that test's comparison, whose Fieller interval can be
 * unbounded with both means clearly above 0 (its Welch df can be below
 * either side's own): then it is the ratio that cannot be sized. */
const char *br_geomean_no_ci(const struct br_geomean *g)
{
	if (!g->noisy)
		return "no test has N >= 2 on both sides";
	return g->k_runs == 1 ? "its test is too noisy to size the change as "
				"a ratio" : "a test's mean is not clearly above "
				"0 (its ratio cannot be sized)";
}

const char *br_overall_firsts(const struct br_analysis *a, size_t j,
			      char *buf, size_t size)
{
	const struct br_overall *o = &a->overall;

	buf[0] = '\0';
	if (!o->ok)
		return buf;
	if (o->wins[j] && o->could[j])
		snprintf(buf, size, "; first in %zu of %zu tests, could be in "
			 "%zu more", o->wins[j], o->ran[j], o->could[j]);
	else if (o->wins[j])
		snprintf(buf, size, "; first in %zu of %zu tests", o->wins[j],
			 o->ran[j]);
	else if (o->could[j])
		snprintf(buf, size, "; could be first in %zu of %zu tests",
			 o->could[j], o->ran[j]);
	return buf;
}

const char *br_geo_head(const struct br_ageo *g, char *buf, size_t size)
{
	const struct br_geomean *m = &g->g;

	if (m->k_runs == m->k || m->k_runs == 0)
		snprintf(buf, size, "%zu test%s", m->k, m->k == 1 ? "" : "s");
	else
		snprintf(buf, size, "%zu of %zu tests with runs", m->k_runs,
			 m->k);
	return buf;
}

size_t br_geo_k(const struct br_ageo *g)
{
	return g->g.k_runs ? g->g.k_runs : g->g.k;
}

const char *br_geo_tests(const struct br_ageo *g, char *buf, size_t size)
{
	const struct br_geomean *m = &g->g;

	if (m->k_runs == m->k || m->k_runs == 0)
		snprintf(buf, size, "%zu", m->k);
	else
		snprintf(buf, size, "%zu of %zu with runs", m->k_runs, m->k);
	return buf;
}

const char *br_geo_over(const struct br_ageo *g, char *buf, size_t size)
{
	snprintf(buf, size, "over %zu of %zu test%s with runs%s", g->g.k_runs,
		 g->g.k, g->g.k == 1 ? "" : "s", g->hyperfine ? "; wall time "
		 "only: hyperfine keeps user and system times as means, "
		 "without runs" : "");
	return buf;
}

const char *br_geo_sub_note(const struct br_ageo *g, char *buf,
			    size_t size)
{
	buf[0] = '\0';
	if (g->sub_metrics)
		snprintf(buf, size, "%zu sub-metric%s not counted "
			 "(--all-metrics counts %s)", g->sub_metrics,
			 g->sub_metrics == 1 ? "" : "s",
			 g->sub_metrics == 1 ? "it" : "them");
	return buf;
}

const char *br_geo_with_single(const struct br_ageo *g, char *buf,
			       size_t size)
{
	char x[48];

	buf[0] = '\0';
	if (g->g.exact && g->g.k_runs)
		snprintf(buf, size, "with the %zu single-run test%s, over all "
			 "%zu tests: %s, not proven", g->g.exact,
			 g->g.exact == 1 ? "" : "s", g->g.k,
			 br_fmt_x(x, sizeof x, g->g.gm_all, 3));
	return buf;
}

/* One swap from below's side: "below B, though ..." */
static char *swap_text(const struct br_analysis *a,
		       const struct br_overall_swap *sw)
{
	const char *w = br_analysis_system(a, sw->above);
	const char *base = br_analysis_system(a, a->base);
	const struct br_geomean *g = &sw->g;
	char lv[24], x[48], lo[48], hi[48];

	if (!sw->direct)
		return br_strf("below %s, though its geometric mean against "
			       "%s is higher: pairs proven over the tests "
			       "each pair ran put %s above it", w, base, w);
	if (isnan(g->meas_low))     /* one test, too noisy for a ratio */
		return br_strf("below %s, though its geometric mean against "
			       "%s is higher: over the %zu test%s both ran "
			       "with runs, %s is proven better (%s; too noisy "
			       "to size the ratio)", w, base, g->k_runs,
			       g->k_runs == 1 ? "" : "s", w,
			       br_fmt_x(x, sizeof x, g->gm, 3));
	return br_strf("below %s, though its geometric mean against %s is "
		       "higher: over the %zu test%s both ran with runs, %s is "
		       "proven better (%s, %s" BR_NBSP "CI %s to %s)", w, base,
		       g->k_runs, g->k_runs == 1 ? "" : "s", w,
		       br_fmt_x(x, sizeof x, g->gm, 3),
		       br_fmt_level(lv, sizeof lv, a->o.confidence),
		       br_fmt_x(lo, sizeof lo, g->meas_low, 3),
		       br_fmt_x(hi, sizeof hi, g->meas_high, 3));
}

#define SWAPS_SAID 3

char *br_overall_why_below(const struct br_analysis *a, size_t j)
{
	const struct br_overall *o = &a->overall;
	char *out = strdup(""), *t, *u;
	size_t k, said = 0, more = 0;

	for (k = 0; out && k < o->n_swaps; k++) {
		if (o->swaps[k].below != j)
			continue;
		if (said == SWAPS_SAID) {
			more++;
			continue;
		}
		t = swap_text(a, &o->swaps[k]);
		u = t ? br_strf("%s%s%s", out, said ? "; " : "", t) : NULL;
		free(t);
		free(out);
		out = u;
		said++;
	}
	if (out && more) {
		u = br_strf("%s; and below %zu more for the same reason", out,
			    more);
		free(out);
		out = u;
	}
	return out;
}

/* ---------------------------------------- Markdown past GitHub's limit */

/* n with thousands separators: "65,536". */
static const char *grouped(char *buf, size_t size, size_t n)
{
	char tmp[32];
	size_t len, i, o = 0;

	snprintf(tmp, sizeof tmp, "%zu", n);
	len = strlen(tmp);
	for (i = 0; i < len && o + 2 < size; i++) {
		if (i && (len - i) % 3 == 0)
			buf[o++] = ',';
		buf[o++] = tmp[i];
	}
	buf[o] = '\0';
	return buf;
}

char *br_md_cut_note(size_t kept, size_t total)
{
	char lim[32];

	return br_strf("Cut to fit GitHub's %s characters: the sections "
		       "of the last %zu of %zu tests are left out (the "
		       "overview has every test); --format html writes "
		       "them all, --summary is shorter.",
		       grouped(lim, sizeof lim, BR_MD_LIMIT),
		       total - kept, total);
}

char *br_md_cut_warning(size_t chars, size_t kept, size_t total)
{
	char lim[32], n[32];

	return br_strf("warning: the Markdown report would be %s "
		       "characters, over GitHub's %s; the sections of the "
		       "last %zu of %zu tests are left out (--format html "
		       "has them all, --summary is shorter)",
		       grouped(n, sizeof n, chars),
		       grouped(lim, sizeof lim, BR_MD_LIMIT),
		       total - kept, total);
}

/* ----------------------------- why a geometric mean has no interval */

/* Whether test i makes system j's geometric mean unsizable: both sides
 * used with runs, and a mean whose own interval reaches 0 (as
 * stats/geomean.c counts g.noisy). */
static bool geo_noisy_test(const struct br_analysis *a, size_t i, size_t j)
{
	const struct br_atest *at = &a->tests[i];
	const struct br_summary *b = &at->cells[a->base].sum;
	const struct br_summary *c = &at->cells[j].sum;

	if (!at->compared || at->t->dir == BR_DIR_UNKNOWN ||
	    (a->primary_only && at->t->sub_metric) ||
	    at->cells[j].kind != BR_CELL_VALUE || !br_geomean_usable(b, c) ||
	    b->n < 2 || c->n < 2 || isnan(b->se) || isnan(c->se))
		return false;
	return !(b->ci_low > 0) || !(c->ci_low > 0);
}

/* "Title: description", or the title alone */
static char *test_name(const struct br_test *t)
{
	return br_strf("%s%s%s", br_nz(t->title),
		       t->description && *t->description ? ": " : "",
		       br_nz(t->description));
}

static void test_label(FILE *fp, const struct br_test *t)
{
	char *name = test_name(t);

	fputs(name ? name : "", fp);
	free(name);
}

/* A geometric mean over one test with runs whose comparison is too
 * noisy to size as a ratio: that test, named. */
static char *one_test_why(const struct br_analysis *a, size_t j)
{
	size_t i;

	for (i = 0; i < a->n_tests; i++) {
		const struct br_atest *at = &a->tests[i];
		const struct br_summary *b = &at->cells[a->base].sum;
		const struct br_summary *c = &at->cells[j].sum;
		char *name, *s;

		if (!at->compared || at->t->dir == BR_DIR_UNKNOWN ||
		    at->cells[j].kind != BR_CELL_VALUE ||
		    !br_geomean_usable(b, c) || b->n < 2 || c->n < 2 ||
		    isnan(b->se) || isnan(c->se))
			continue;
		name = test_name(at->t);
		s = br_strf("the ratio on %s is too noisy to size",
			    name ? name : "");
		free(name);
		return s;
	}
	return br_strf("%s", br_geomean_no_ci(&a->geo[j].g));
}

char *br_geo_no_ci_reason(const struct br_analysis *a, size_t j)
{
	const struct br_ageo *g = &a->geo[j];
	size_t i, n = 0, shown = 0, len = 0;
	char *s = NULL;
	FILE *fp;

	if (j == a->base || !g->ok || !isnan(g->g.meas_low))
		return NULL;
	if (!g->g.noisy)
		return br_strf("no test has N >= 2 on both sides");
	if (g->g.k_runs == 1)
		return one_test_why(a, j);
	for (i = 0; i < a->n_tests; i++)
		n += geo_noisy_test(a, i, j);
	/* the tests stats/geomean.c counted, or the sentence without names */
	if (n != g->g.noisy)
		return br_strf("%s", br_geomean_no_ci(&g->g));
	if (!(fp = open_memstream(&s, &len)))
		return NULL;
	fputs(n == 1 ? "the mean of " : "the means of ", fp);
	for (i = 0; i < a->n_tests && shown < 3; i++) {
		if (!geo_noisy_test(a, i, j))
			continue;
		if (shown)
			fputs(shown + 1 == n ? " and " : ", ", fp);
		test_label(fp, a->tests[i].t);
		shown++;
	}
	if (n > shown)
		fprintf(fp, " and %zu more", n - shown);
	fputs(n == 1 ? " is not clearly above 0, so its ratio cannot be "
	      "sized" : " are not clearly above 0, so their ratios cannot be "
	      "sized", fp);
	if (fclose(fp) != 0) {
		free(s);
		return NULL;
	}
	return s;
}

char *br_geo_no_ci_why(const struct br_analysis *a, size_t j)
{
	char *why = br_geo_no_ci_reason(a, j), *s;

	if (!why)
		return NULL;
	s = br_strf("no interval: %s", why);
	free(why);
	return s;
}
