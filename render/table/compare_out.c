/*
 * compare_out.c - `benchreport compare` output: every system against the
 * baseline in words (or one table row each), the geometric means, the
 * overall ranking and ministat's blocks (doc/statistics.md, "Candidate B
 * against baseline A").  The numbers and sentences are the analysis'.
 */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "results.h"
#include "../text/escape.h"
#include "../text/words.h"
#include "../../analysis/brief.h"
#include "../../analysis/numfmt.h"

#define WIDTH 72

static const char *const cols[] = {
	"test", "title", "description", "unit", "direction", "system",
	"baseline", "mean", "baseline_mean", "improvement_pct",
	"improvement_ci_low_pct", "improvement_ci_high_pct", "p_value",
	"verdict", "ratio", "ratio_ci_low", "ratio_ci_high", "t", "df",
	"mde_pct", "runs_needed", "note", "overall_rank_low",
	"overall_rank_high", "difference", "difference_ci_low",
	"difference_ci_high", "equiv_ci_low_pct", "equiv_ci_high_pct",
	"speedup", "speedup_ci_low", "speedup_ci_high", "place", "first",
	"last", "tied", "counted",
};
#define N_COLS (sizeof cols / sizeof cols[0])

/* The compared rows: candidates of tests where the baseline has a value
 * (the baseline itself and results that are not bars have none). */
static bool is_row(const struct br_analysis *a, size_t i, size_t j)
{
	return a->tests[i].compared && j != a->base;
}

/* A row's note: why the candidate has no value, the comparison's own
 * reason, or that the direction is unknown. */
static const char *row_note(const struct br_analysis *a, size_t i, size_t j)
{
	const struct br_cell *c = &a->tests[i].cells[j];

	if (c->kind != BR_CELL_VALUE)
		return c->why;
	if (c->cmp->reason)
		return c->cmp->reason;
	if (a->tests[i].t->dir == BR_DIR_UNKNOWN)
		return "direction unknown: read as more is better";
	return "";
}

/* ------------------------------------------------------------ table */

/* Whether %.15g writes a and b the same though they differ. */
static bool same15(double a, double b)
{
	char x[32], y[32];

	if (!isfinite(a) || !isfinite(b) || a == b)
		return false;
	snprintf(x, sizeof x, "%.15g", a);
	snprintf(y, sizeof y, "%.15g", b);
	return strcmp(x, y) == 0;
}

/*
 * A point and its interval, three cells.  Where %.15g would write two of
 * them, or an end and the verdict's boundary (1 for a ratio, 0 for a
 * percent or difference), the same though they differ, all three get the
 * shortest digits that read back exactly: a printed interval then shows
 * low <= point <= high and never "1" beside "better" (doc/statistics.md,
 * "Signs of the CSV columns").
 */
static bool trio(struct br_table *tb, double pt, double lo, double hi,
		 double boundary)
{
	bool ok = true;

	if (same15(lo, pt) || same15(pt, hi) || same15(lo, hi) ||
	    same15(lo, boundary) || same15(hi, boundary) ||
	    same15(pt, boundary)) {
		ok &= br_table_num_exact(tb, pt);
		ok &= br_table_num_exact(tb, lo);
		ok &= br_table_num_exact(tb, hi);
	} else {
		ok &= br_table_num(tb, pt, NULL);
		ok &= br_table_num(tb, lo, NULL);
		ok &= br_table_num(tb, hi, NULL);
	}
	return ok;
}

static bool add_test_row(struct br_table *tb, const struct br_analysis *a,
			 size_t i, size_t j)
{
	const struct br_atest *at = &a->tests[i];
	const struct br_test *t = at->t;
	const struct br_comparison *c = at->cells[j].cmp;
	bool ok = true;

	ok &= br_table_row(tb);
	ok &= br_table_test(tb, t);
	ok &= br_table_str(tb, br_analysis_system(a, j));
	ok &= br_table_str(tb, br_analysis_system(a, a->base));
	ok &= br_table_num(tb, at->cells[j].kind == BR_CELL_VALUE ?
			   at->cells[j].sum.mean : NAN, NULL);
	ok &= br_table_num(tb, at->cells[a->base].sum.mean, NULL);
	ok &= trio(tb, c->improvement_pct, c->improvement_ci_low_pct,
		   c->improvement_ci_high_pct, 0);
	ok &= br_table_num(tb, c->p, NULL);
	ok &= br_table_str(tb, br_verdict_name(c->verdict));
	ok &= trio(tb, c->ratio, c->ratio_ci_low, c->ratio_ci_high, 1);
	ok &= br_table_num(tb, c->t, NULL);
	ok &= br_table_num(tb, c->df, NULL);
	ok &= br_table_num(tb, c->mde_pct, NULL);
	ok &= br_table_num(tb, c->runs_needed, NULL);
	ok &= br_table_str(tb, row_note(a, i, j));
	ok &= br_table_empty(tb);
	ok &= br_table_empty(tb);
	ok &= trio(tb, c->d, c->d_ci_low, c->d_ci_high, 0);
	ok &= br_table_num(tb, c->equiv_ci_low_pct, NULL);
	ok &= br_table_num(tb, c->equiv_ci_high_pct, NULL);
	/* ratio is mean / baseline_mean (a time ratio on a fewer-is-better
	 * test); speedup is the direction's, above 1 better, as every
	 * report and sentence says it (doc/statistics.md) */
	ok &= br_table_num(tb, c->speedup, NULL);
	ok &= br_table_num(tb, c->speedup_ci_low, NULL);
	ok &= br_table_num(tb, c->speedup_ci_high, NULL);
	ok &= br_table_place(tb, a, i, j);
	return ok;
}

/* A geometric mean's note: which tests its interval is over, what it
 * leaves out. */
static const char *geo_note(char *buf, size_t size, const struct br_ageo *g)
{
	char over[192], single[128];

	br_geo_over(g, over, sizeof over);
	br_geo_with_single(g, single, sizeof single);
	if (isnan(g->g.meas_low))
		snprintf(buf, size, "no measurement CI (%s): %s", over,
			 br_geomean_no_ci(&g->g));
	else
		snprintf(buf, size, "measurement CI %s%s%s", over,
			 *single ? "; " : "", single);
	return buf;
}

/* overall_rank_low and _high of system j in ranking o (empty when
 * unranked). */
static bool overall_cells(struct br_table *tb, const struct br_overall *o,
			  size_t j)
{
	bool ok = true;

	if (o->ok && o->rank_low[j]) {
		ok &= br_table_int(tb, o->rank_low[j]);
		ok &= br_table_int(tb, o->rank_high[j]);
	} else {
		ok &= br_table_empty(tb);
		ok &= br_table_empty(tb);
	}
	return ok;
}

/* A geometric-mean row: the overall one (test "geomean") or a group's
 * (test "group", title the group's name; doc/statistics.md, "Geometric
 * mean per group"), ranked in o. */
static bool geo_row(struct br_table *tb, const struct br_analysis *a,
		    const struct br_ageo *g, const struct br_overall *o,
		    size_t j, const char *test, const char *title)
{
	char desc[64], note[384];
	bool ok = true;
	size_t i;

	br_geo_head(g, desc, sizeof desc);
	ok &= br_table_row(tb);
	ok &= br_table_str(tb, test);
	ok &= br_table_str(tb, title);
	ok &= br_table_str(tb, desc);
	ok &= br_table_str(tb, "");
	ok &= br_table_str(tb, "HIB");
	ok &= br_table_str(tb, br_analysis_system(a, j));
	ok &= br_table_str(tb, br_analysis_system(a, a->base));
	ok &= br_table_num(tb, g->g.gm, NULL);
	ok &= br_table_num(tb, 1, NULL);
	/* written as a test's row is (trio): a one-test mean is that
	 * test, digit for digit */
	ok &= trio(tb, g->g.pct, g->g.pct_low, g->g.pct_high, 0);
	ok &= br_table_empty(tb);
	ok &= br_table_str(tb, br_verdict_name(g->verdict));
	ok &= trio(tb, g->g.gm, g->g.meas_low, g->g.meas_high, 1);
	ok &= br_table_empty(tb);
	ok &= br_table_empty(tb);
	ok &= br_table_empty(tb);
	ok &= br_table_empty(tb);
	ok &= br_table_str(tb, geo_note(note, sizeof note, g));
	ok &= overall_cells(tb, o, j);
	for (i = 0; i < 5; i++)                 /* difference .. equiv */
		ok &= br_table_empty(tb);
	/* speedup: as ratio */
	ok &= trio(tb, g->g.gm, g->g.meas_low, g->g.meas_high, 1);
	for (i = 0; i < 5; i++)                 /* place .. counted */
		ok &= br_table_empty(tb);
	return ok;
}

static bool add_geo_row(struct br_table *tb, const struct br_analysis *a,
			size_t j)
{
	return geo_row(tb, a, &a->geo[j], &a->overall, j, "geomean",
		       "Geometric mean of speedups");
}

/* Each group's rows (BR_AN_DERIVED), after the overall ones. */
static bool add_group_rows(struct br_table *tb, const struct br_analysis *a)
{
	size_t g, j;
	bool ok = true;

	for (g = 0; ok && g < a->n_groups; g++)
		for (j = 0; ok && j < a->sel->n_systems; j++)
			if (j != a->base && a->groups[g].geo[j].ok)
				ok &= geo_row(tb, a, &a->groups[g].geo[j],
					      &a->groups[g].overall, j,
					      "group", a->groups[g].name);
	return ok;
}

/* The baseline's own geomean row, when there is an overall ranking. */
static bool add_base_row(struct br_table *tb, const struct br_analysis *a)
{
	const char *name = br_analysis_system(a, a->base);
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
	ok &= overall_cells(tb, &a->overall, a->base);
	for (i = 0; i < 13; i++)     /* difference .. speedup, place .. */
		ok &= br_table_empty(tb);
	return ok;
}

static int write_table(const struct br_analysis *a, FILE *fp,
		       enum br_fmt fmt, const struct br_compare_opts *o,
		       struct br_error *err)
{
	struct br_table *tb = br_table_new(N_COLS, cols);
	bool ok = tb != NULL;
	size_t i, j;

	if (ok)
		br_table_stream(tb, fp, fmt, "compare");
	for (i = 0; ok && i < a->n_tests; i++)
		for (j = 0; ok && j < a->sel->n_systems; j++)
			if (is_row(a, i, j) && !(o->hide_unchanged &&
						 a->unchanged &&
						 a->unchanged[i]))
				ok &= add_test_row(tb, a, i, j);
	for (j = 0; ok && j < a->sel->n_systems; j++)
		if (a->geo[j].ok)
			ok &= add_geo_row(tb, a, j);
	if (ok && a->overall.ok)
		ok &= add_base_row(tb, a);
	if (ok)
		ok &= add_group_rows(tb, a);
	/* baseline .. speedup_ci_high empty, the rule as the note */
	if (ok)
		ok &= br_table_wins_rows(tb, a, 26, 15);
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
	va_list ap;

	va_start(ap, fmt);
	br_vwrap(fp, indent, 2, WIDTH, fmt, ap);
	va_end(ap);
}

/* "no measurement CI (over ...): why", why named as every format
 * names it (analysis/sentence.h br_geo_no_ci_reason). */
static void no_ci_line(FILE *fp, const struct br_analysis *a, size_t j,
		       char *note, size_t size)
{
	char *why = br_geo_no_ci_reason(a, j);

	wrap(fp, 2, "no measurement CI (%s): %s",
	     br_geo_over(&a->geo[j], note, size),
	     why ? why : br_geomean_no_ci(&a->geo[j].g));
	free(why);
}

/* ", about N runs per system to resolve 1%" (or the --equivalence
 * margin), or "" when not computable. */
static const char *runs_text(char *buf, size_t size,
			     const struct br_analysis *a,
			     const struct br_comparison *c)
{
	if (isnan(c->runs_needed))
		return "";
	snprintf(buf, size, "; about %.0f runs per system to resolve %g%%",
		 c->runs_needed, a->o.equivalence > 0 ? a->o.equivalence
		 : 1.0);
	return buf;
}

static void describe(FILE *fp, const struct br_analysis *a,
		     const struct br_compare_opts *o, size_t i, size_t j)
{
	const struct br_comparison *c = a->tests[i].cells[j].cmp;
	char *text = br_analysis_sentence(a, i, j), runs[96];

	if (text)   /* without memory, like br_wrap: not said */
		wrap(fp, 2, "%s", text);
	free(text);
	if (br_analysis_hyperfine(a, i, j, &text)) {
		if (text)
			wrap(fp, 4, "(hyperfine's summary: %s)", text);
		free(text);
	}
	if (c->verdict == BR_VERDICT_SINGLE_RUN) {
		/* "single run" is in the sentence; other reasons are not */
		if (c->reason && !strstr(c->reason, "single run"))
			wrap(fp, 4, "(%s)", c->reason);
		return;
	}
	if (o->details && !isnan(c->t))
		wrap(fp, 4, "(Welch t = %.2f, df = %.1f, p = %.3g)", c->t,
		     c->df, c->p);
	if (o->details && !isnan(c->mde_pct))
		wrap(fp, 4, "(smallest detectable change %.2g%%%s)",
		     c->mde_pct, runs_text(runs, sizeof runs, a, c));
	if (c->reason && !c->too_noisy)  /* that one is in the sentence */
		wrap(fp, 4, "(%s)", c->reason);
}

/* v, with a negative zero as 0: "%g" would print "-0" for runs of -0 */
static double unsigned_zero(double v)
{
	return v == 0 ? 0.0 : v;
}

static void ministat_line(FILE *fp, char sym, const struct br_summary *s)
{
	fprintf(fp, "%c %3zu %13.8g %13.8g %13.8g %13.8g %13.8g\n", sym, s->n,
		unsigned_zero(s->min), unsigned_zero(s->max),
		unsigned_zero(s->median), unsigned_zero(s->mean),
		unsigned_zero(s->sd));
}

/* ministat's symbols, in its order: it reads at most 7 data sets. */
static const char ministat_syms[] = "x+*%#@O";
#define MINISTAT_SETS (sizeof ministat_syms - 1)

/* A candidate's verdict under its line, as ministat words it. */
static void ministat_verdict(FILE *fp, const struct br_analysis *a,
			     const struct br_pooled *pt)
{
	double conf = a->o.confidence * 100;

	if (!pt) {
		fputs("No comparison: each set needs at least 2 values\n", fp);
	} else if (pt->different) {
		fprintf(fp, "Difference at %.1f%% confidence\n", conf);
		fprintf(fp, "\t%g +/- %g\n", unsigned_zero(pt->d), pt->e);
		fprintf(fp, "\t%g%% +/- %g%%\n", unsigned_zero(pt->pct),
			pt->pct_e);
		fprintf(fp, "\t(Student's t, pooled s = %g)\n", pt->s_p);
		if (pt->floored)
			fputs("\t(runs closer than their resolution: s from "
			      "the step)\n", fp);
	} else {
		fprintf(fp, "No difference proven at %.1f%% confidence\n",
			conf);
	}
}

/*
 * Test i in ministat's layout, one block for all its systems as ministat
 * prints several files: the legend (x the baseline, then + * % # @ O),
 * the table head, the baseline's line, then each candidate's line and
 * its verdict against the baseline.  Candidates without a value are left
 * out; past ministat's 7 sets a note says how many more.
 */
static void ministat_block(FILE *fp, const struct br_analysis *a, size_t i)
{
	const struct br_cell *base = &a->tests[i].cells[a->base];
	size_t j, k, more = 0;

	fprintf(fp, "%c ", ministat_syms[0]);
	br_visible(fp, br_analysis_system(a, a->base), 0);
	fputc('\n', fp);
	for (j = 0, k = 1; j < a->sel->n_systems; j++) {
		if (!is_row(a, i, j) ||
		    a->tests[i].cells[j].kind != BR_CELL_VALUE)
			continue;
		if (k < MINISTAT_SETS) {
			fprintf(fp, "%c ", ministat_syms[k++]);
			br_visible(fp, br_analysis_system(a, j), 0);
			fputc('\n', fp);
		} else
			more++;
	}
	fputs("    N           Min           Max        Median           Avg"
	      "        Stddev\n", fp);
	ministat_line(fp, ministat_syms[0], &base->sum);
	for (j = 0, k = 1; j < a->sel->n_systems && k < MINISTAT_SETS; j++) {
		const struct br_cell *c = &a->tests[i].cells[j];

		if (!is_row(a, i, j) || c->kind != BR_CELL_VALUE)
			continue;
		ministat_line(fp, ministat_syms[k++], &c->sum);
		ministat_verdict(fp, a, c->pooled);
	}
	if (more)
		fprintf(fp, "(%zu more system%s: ministat has symbols for %zu "
			"sets)\n", more, more == 1 ? "" : "s", MINISTAT_SETS);
}

/* s padded to w columns with spaces br_wrap keeps (it squeezes blanks). */
static const char *pad_nbsp(char *buf, size_t size, const char *s, int w)
{
	size_t n;

	snprintf(buf, size, "%s", s);
	n = strlen(buf);
	while ((int)n < w && n + 1 < size) {
		buf[n++] = NBSP[0];
		buf[n] = '\0';
	}
	return buf;
}

static void write_overall(const struct br_analysis *a, FILE *fp)
{
	const struct br_overall *o = &a->overall;
	char x[48], lv[24], rk[64];
	size_t i;
	int w = 1;

	if (o->why) {
		fputc('\n', fp);
		wrap(fp, 0, "No overall ranking: %s.", o->why);
		return;
	}
	if (!o->ok)
		return;
	fputc('\n', fp);
	wrap(fp, 0, "Overall ranking by the geometric mean against %s; "
	     "ranks are the places the %s" NBSP "measurement CIs of the "
	     "pairs' direct ratios allow (Holm-adjusted):",
	     br_analysis_system(a, a->base),
	     br_fmt_level(lv, sizeof lv, a->o.confidence));
	for (i = 0; i < a->sel->n_systems; i++)
		if (o->rank_low[i] && (int)strlen(br_fmt_rank(rk, sizeof rk,
				o->rank_low[i], o->rank_high[i])) > w)
			w = (int)strlen(rk);
	for (i = 0; i < a->sel->n_systems; i++) {
		size_t j = o->order[i];
		const char *name = br_analysis_system(a, j);
		char *line = br_overall_line(a, j);  /* as the summary says it */

		if (!o->rank_low[j])
			pad_nbsp(rk, sizeof rk, "-", w);
		else
			pad_nbsp(rk, sizeof rk, br_fmt_rank(x, sizeof x,
				 o->rank_low[j], o->rank_high[j]), w);
		wrap(fp, 2, "%s %s: %s", rk, name, line ? line : "?");
		free(line);
	}
}

/* A test's heading: name, then unit, direction and the baseline's value
 * at the test's display precision. */
static void heading(FILE *fp, const struct br_analysis *a, size_t i)
{
	const struct br_atest *at = &a->tests[i];
	const struct br_test *t = at->t;
	const struct br_summary *b = &at->cells[a->base].sum;
	const char *aname = br_analysis_system(a, a->base);
	char m[32], se[32];

	wrap(fp, 0, "%s%s%s%s%s", br_test_title(t),
	     t->app_version && *t->app_version ? " " : "",
	     br_nz(t->app_version),
	     t->description && *t->description ? " - " : "",
	     br_nz(t->description));
	br_fmt_fixed(m, sizeof m, b->mean, at->decimals);
	if (b->n >= 2 && !isnan(b->se))
		wrap(fp, 0, "%s%s%s; baseline %s: %s (SE" NBSP "+/-" NBSP
		     "%s," NBSP "N" NBSP "=" NBSP "%zu)", t->unit.text,
		     *t->unit.text ? ", " : "", br_dir_phrase(t->dir), aname,
		     m, br_fmt_fixed(se, sizeof se, b->se, at->se_decimals),
		     b->n);
	else
		wrap(fp, 0, "%s%s%s; baseline %s: %s (N" NBSP "=" NBSP "%zu)",
		     t->unit.text, *t->unit.text ? ", " : "",
		     br_dir_phrase(t->dir), aname, m, b->n);
	if (t->derived_note)    /* --per, --cost: the numbers used */
		wrap(fp, 0, "%s", t->derived_note);
}

static void write_text(const struct br_analysis *a,
		       const struct br_compare_opts *o, FILE *fp)
{
	const char *aname = br_analysis_system(a, a->base);
	char conf[24], x[48], lo[48], hi[48], note[256];
	size_t i, j, k;
	bool first = true, series_said = false;

	br_fmt_level(conf, sizeof conf, a->o.confidence);
	for (i = 0; i < a->n_tests; i++) {
		if (!a->tests[i].compared || a->sel->n_systems < 2)
			continue;
		if (o->hide_unchanged && a->unchanged && a->unchanged[i])
			continue;
		if (!first)
			fputc('\n', fp);
		first = false;
		heading(fp, a, i);
		for (j = 0; j < a->sel->n_systems; j++) {
			const struct br_cell *c = &a->tests[i].cells[j];

			if (!is_row(a, i, j))
				continue;
			if (c->kind != BR_CELL_VALUE) {
				char *fast = br_analysis_beyond(a, i, j);

				if (fast)   /* bonnie++'s "+++++" */
					wrap(fp, 2, "%s", fast);
				else
					wrap(fp, 2, "%s: %s, no comparison",
					     br_analysis_system(a, j), c->why);
				free(fast);
				continue;
			}
			describe(fp, a, o, i, j);
		}
		if (o->ministat)
			ministat_block(fp, a, i);
	}
	for (k = 0; k < a->n_skipped; k++) {
		const struct br_test *t = a->tests[a->skipped[k]].t;
		char *why = br_analysis_no_baseline(a, a->skipped[k]);

		if (k == 0 && !first)
			fputc('\n', fp);
		wrap(fp, 0, "%s%s%s: skipped, %s", br_test_title(t),
		     t->description && *t->description ? " - " : "",
		     br_nz(t->description), why ? why : "?");
		free(why);
		first = false;
	}
	/* series results are not compared: said, not left out unsaid */
	for (i = 0; a->sel->n_systems >= 2 && i < a->n_tests; i++) {
		const struct br_test *t = a->tests[i].t;
		bool series = false;

		for (j = 0; j < a->sel->n_systems; j++)
			series |= a->tests[i].cells[j].kind == BR_CELL_SERIES;
		if (a->tests[i].compared || !series)
			continue;
		if (!first && !series_said)
			fputc('\n', fp);      /* one blank line before them */
		series_said = true;
		wrap(fp, 0, "%s%s%s: not compared, a series (line graph) "
		     "result; stats lists its points, render draws them",
		     br_test_title(t), t->description && *t->description ?
		     " - " : "", br_nz(t->description));
	}
	for (j = 0; j < a->sel->n_systems; j++) {
		const struct br_ageo *g = &a->geo[j];

		/* over one test the geometric mean only repeats it */
		if (!g->ok || g->g.k < 2)
			continue;
		fputc('\n', fp);
		wrap(fp, 0, "Geometric mean%s%s over %s, %s against %s: %s "
		     "(%s)", a->sel->rs->derived ? " of " : "",
		     br_nz(a->sel->rs->derived),
		     br_geo_head(g, note, sizeof note),
		     br_analysis_system(a, j), aname,
		     br_fmt_x(x, sizeof x, g->g.gm, 3), br_geo_words(g));
		if (!isnan(g->g.meas_low))
			wrap(fp, 2, "%s CI %s to %s (measurement, %s)", conf,
			     br_fmt_x(lo, sizeof lo, g->g.meas_low, 3),
			     br_fmt_x(hi, sizeof hi, g->g.meas_high, 3),
			     br_geo_over(g, note, sizeof note));
		else
			no_ci_line(fp, a, j, note, sizeof note);
		if (*br_geo_with_single(g, note, sizeof note))
			wrap(fp, 2, "%s", note);
		if (!isnan(g->g.across_low))
			wrap(fp, 2, "%s CI %s to %s across tests like these "
			     "(geometric sd %s)", conf, br_fmt_x(lo, sizeof lo,
			     g->g.across_low, 3), br_fmt_x(hi, sizeof hi,
			     g->g.across_high, 3), br_fmt_fixed(x, sizeof x,
			     g->g.gsd, 3));
		if (g->skipped)
			wrap(fp, 2, "%zu test%s left out (no result on one "
			     "side, a mean not above 0, or no direction)",
			     g->skipped, g->skipped == 1 ? "" : "s");
		if (*br_geo_sub_note(g, note, sizeof note))
			wrap(fp, 2, "%s", note);
	}
	write_overall(a, fp);
	if (!o->ministat)     /* ministat's layout, nothing after it */
		br_write_derived_text(fp, a, o);
}

int br_write_compare(FILE *fp, const struct br_analysis *a, enum br_fmt fmt,
		     const struct br_compare_opts *o, struct br_error *err)
{
	if (fmt != BR_FMT_TEXT)
		return write_table(a, fp, fmt, o, err);
	write_text(a, o, fp);
	return BR_OK;
}
