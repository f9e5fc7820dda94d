/*
 * stats_out.c - `benchreport stats` output: per test x system n, mean,
 * sd, se, CI, median, min, max, CV, rank and relative (doc/statistics.md,
 * "Per system").  CSV/JSON/Markdown are one row per test x system (x
 * point for series); text is one aligned block per test (a series test:
 * a row per system and x point).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "results.h"
#include "../text/escape.h"
#include "../text/words.h"
#include "../../analysis/numfmt.h"
#include "../../analysis/runnote.h"

static const char *const csv_cols[] = {
	"test", "title", "description", "unit", "direction", "system", "n",
	"mean", "sd", "se", "ci_low", "ci_high", "median", "min", "max",
	"cv_pct", "rank_low", "rank_high", "relative", "x", "flagged_runs",
	"note", "place", "first", "last", "tied", "counted",
};
#define N_CSV_COLS (sizeof csv_cols / sizeof csv_cols[0])

static void flagged_text(const struct br_summary *s, char *buf, size_t size)
{
	size_t i, len = 0;

	buf[0] = '\0';
	for (i = 0; i < s->n_flagged && i < BR_MAX_FLAGGED; i++)
		len += (size_t)snprintf(buf + len, len < size ? size - len : 0,
					"%s%zu", i ? " " : "",
					s->flagged[i] + 1);
}

static bool add_row(struct br_table *tb, const struct br_test *t,
		    const char *system, const struct br_summary *s,
		    const struct br_cell *c, double x, const char *note,
		    const char *place)
{
	size_t k;
	char flagged[128];
	bool ok = true;

	ok &= br_table_row(tb);
	ok &= br_table_test(tb, t);
	ok &= br_table_str(tb, system);
	ok &= br_table_int(tb, (long long)(s ? s->n : 0));
	ok &= br_table_num(tb, s ? s->mean : NAN, NULL);
	ok &= br_table_num(tb, s ? s->sd : NAN, NULL);
	ok &= br_table_num(tb, s ? s->se : NAN, NULL);
	ok &= br_table_num(tb, s ? s->ci_low : NAN, NULL);
	ok &= br_table_num(tb, s ? s->ci_high : NAN, NULL);
	ok &= br_table_num(tb, s ? s->median : NAN, NULL);
	ok &= br_table_num(tb, s ? s->min : NAN, NULL);
	ok &= br_table_num(tb, s ? s->max : NAN, NULL);
	ok &= br_table_num(tb, s ? s->cv_pct : NAN, NULL);
	if (c && c->rank_low > 0) {
		ok &= br_table_int(tb, c->rank_low);
		ok &= br_table_int(tb, c->rank_high);
	} else {
		ok &= br_table_empty(tb);
		ok &= br_table_empty(tb);
	}
	ok &= br_table_num(tb, c ? c->relative : NAN, NULL);
	ok &= br_table_num(tb, x, NULL);
	if (s)
		flagged_text(s, flagged, sizeof flagged);
	ok &= br_table_str(tb, s ? flagged : "");
	ok &= br_table_str(tb, note ? note : "");
	ok &= br_table_str(tb, place);
	for (k = 0; k < 4; k++)           /* first .. counted: wins rows */
		ok &= br_table_empty(tb);
	return ok;
}

/* A cell's note: why it has no value, or what to know about its runs. */
static const char *cell_note(const struct br_cell *c)
{
	if (c->kind != BR_CELL_VALUE)
		return c->why;
	if (c->too_fast)    /* bonnie++'s "+++++": not in N */
		return c->too_fast == 1 ? "1 more run too fast to measure" :
		       "more runs too fast to measure";
	if (c->sum.drift)
		return "run-order drift";
	if (c->sum.sign_change)
		return "runs change sign";
	if (c->sum.floored && c->sum.from_summary)
		return "published SE 0: SE from the mean's last digit";
	if (c->sum.floored)
		return "runs closer than their resolution: SE from the step";
	return NULL;
}

/* Series entries: one row per x point with a value. */
static bool add_series_rows(struct br_table *tb, const struct br_test *t,
			    const char *system, const struct br_cell *c)
{
	size_t i;
	bool ok = true;

	for (i = 0; c->points && i < c->n_points; i++) {
		double x = i < t->n_x ? t->x[i] : (double)(i + 1);

		if (c->points[i].n)
			ok &= add_row(tb, t, system, &c->points[i], NULL, x,
				      NULL, "");
	}
	return ok;
}

static int stats_table(const struct br_analysis *a, FILE *fp, enum br_fmt fmt,
		       struct br_error *err)
{
	struct br_table *tb = br_table_new(N_CSV_COLS, csv_cols);
	size_t i, j;
	bool ok = tb != NULL;

	if (ok)
		br_table_stream(tb, fp, fmt, "stats");
	for (i = 0; ok && i < a->n_tests; i++) {
		const struct br_atest *at = &a->tests[i];

		for (j = 0; ok && j < a->sel->n_systems; j++) {
			const struct br_cell *c = &at->cells[j];
			const char *name = br_analysis_system(a, j);

			if (c->kind == BR_CELL_NONE)
				continue;
			if (c->kind == BR_CELL_SERIES)
				ok &= add_series_rows(tb, at->t, name, c);
			else
				ok &= add_row(tb, at->t, name,
					      c->kind == BR_CELL_VALUE ?
					      &c->sum : NULL, c, NAN,
					      cell_note(c), br_place_name(
					      br_wins_place(a, i, j)));
		}
	}
	/* n .. flagged_runs empty, the rule as the note */
	if (ok)
		ok &= br_table_wins_rows(tb, a, 16, 15);
	if (!ok) {
		br_table_free(tb);
		return br_error_set(err, BR_EIO, NULL, 0, "out of memory");
	}
	ok = br_table_write(tb, fp, fmt, "stats", err) == BR_OK;
	br_table_free(tb);
	return ok ? BR_OK : BR_EIO;
}

/*
 * Under a test's table: runs flagged as outliers (kept, doc/statistics.md
 * "Outliers") and run-order drift ("Run-order checks"), so nobody has to
 * look for them in the CSV.
 */
static void notes(FILE *fp, const struct br_analysis *a,
		  const struct br_atest *at)
{
	size_t j, k;

	for (j = 0; j < a->sel->n_systems; j++) {
		const struct br_cell *c = &at->cells[j];
		const struct br_summary *s = &c->sum;
		const char *name = br_analysis_system(a, j);
		char v[48], runs[BR_MAX_FLAGGED * 64];

		if (c->kind != BR_CELL_VALUE)
			continue;
		if (s->n_flagged) {
			size_t len = 0;

			for (k = 0; k < s->n_flagged && k < BR_MAX_FLAGGED &&
				    len < sizeof runs; k++)
				len += (size_t)snprintf(runs + len,
					sizeof runs - len, "%srun %zu: %s",
					k ? ", " : "", s->flagged[k] + 1,
					br_fmt_fixed(v, sizeof v,
						     c->entry->sample.runs[
						     s->flagged[k]].value,
						     br_run_decimals(
							&c->entry->sample,
							at->decimals,
							at->t->unit_shift)));
			br_wrap(fp, 2, 4, 72, "%s: %zu of %zu runs flagged as "
				"outliers, kept (%s%s)", name, s->n_flagged,
				s->n, runs, s->n_flagged > BR_MAX_FLAGGED ?
				", ..." : "");
		}
		if (s->drift)
			br_wrap(fp, 2, 2, 72, "%s: %s; the CI assumes "
				"independent runs", name, s->drift_reason ?
				s->drift_reason : "runs drift with their "
				"order");
		if (s->floored && s->from_summary)
			br_wrap(fp, 2, 2, 72, "%s: a published SE of 0 for a "
				"mean written to %g: SE %s from that step, "
				"half of it, not 0", name, s->resolution,
				br_fmt_fixed(v, sizeof v, s->se,
					     at->se_decimals));
		else if (s->floored)
			br_wrap(fp, 2, 2, 72, "%s: the runs differ by less than "
				"their resolution (%g): SE %s from the step, "
				"half of it at any N, not 0", name,
				s->resolution,
				br_fmt_fixed(v, sizeof v, s->se,
					     at->se_decimals));
	}
}

static const char *const text_cols[] = {
	"System", "N", "Mean", "SE", "CI low", "CI high", "CV%", "Rank",
};
#define N_TEXT_COLS (sizeof text_cols / sizeof text_cols[0])

/* One test's aligned table. */
static bool text_rows(struct br_table *tb, const struct br_analysis *a,
		      const struct br_atest *at)
{
	const int d = at->decimals, sd = at->se_decimals;
	char buf[64];
	size_t j, k;
	bool ok = true;

	for (j = 0; ok && j < a->sel->n_systems; j++) {
		const struct br_cell *c = &at->cells[j];
		const struct br_summary *s = &c->sum;
		const char *note = cell_note(c);

		if (c->kind == BR_CELL_NONE || c->kind == BR_CELL_SERIES)
			continue;
		ok &= br_table_row(tb);
		ok &= br_table_str(tb, br_analysis_system(a, j));
		if (c->kind != BR_CELL_VALUE) {
			/* N empty, the reason under Mean, rest empty */
			ok &= br_table_str(tb, "");
			ok &= br_table_str(tb, note);
			for (k = 3; k < N_TEXT_COLS; k++)
				ok &= br_table_str(tb, "");
			continue;
		}
		ok &= br_table_int(tb, (long long)s->n);
		ok &= br_table_num(tb, s->mean,
				   br_fmt_fixed(buf, sizeof buf, s->mean, d));
		ok &= br_table_num(tb, s->se,
				   br_fmt_fixed(buf, sizeof buf, s->se, sd));
		ok &= br_table_num(tb, s->ci_low,
				   br_fmt_fixed(buf, sizeof buf, s->ci_low, sd));
		ok &= br_table_num(tb, s->ci_high,
				   br_fmt_fixed(buf, sizeof buf, s->ci_high,
						sd));
		ok &= br_table_num(tb, s->cv_pct,
				   br_fmt_fixed(buf, sizeof buf, s->cv_pct, 1));
		if (c->rank_low > 0)
			ok &= br_table_num(tb, c->rank_low, br_fmt_rank(buf,
				sizeof buf, c->rank_low, c->rank_high));
		else
			ok &= br_table_empty(tb);
	}
	return ok;
}

/*
 * A series (line-graph) test's rows: one per system and x point with a
 * value, under "System", the x label ("Point" without one), N, Mean, SE,
 * the CI and CV%: the same numbers as the CSV's rows with an x.
 */
static bool text_series_rows(struct br_table *tb, const struct br_analysis *a,
			     const struct br_atest *at)
{
	const int d = at->decimals, sd = at->se_decimals;
	const struct br_test *t = at->t;
	char buf[64];
	size_t j, i;
	bool ok = true;

	for (j = 0; ok && j < a->sel->n_systems; j++) {
		const struct br_cell *c = &at->cells[j];

		if (c->kind != BR_CELL_SERIES)
			continue;
		for (i = 0; ok && c->points && i < c->n_points; i++) {
			const struct br_summary *p = &c->points[i];
			double x = i < t->n_x ? t->x[i] : (double)(i + 1);

			if (!p->n)
				continue;
			ok &= br_table_row(tb);
			ok &= br_table_str(tb, br_analysis_system(a, j));
			snprintf(buf, sizeof buf, "%g", x);
			ok &= br_table_num(tb, x, buf);
			ok &= br_table_int(tb, (long long)p->n);
			ok &= br_table_num(tb, p->mean, br_fmt_fixed(buf,
					   sizeof buf, p->mean, d));
			ok &= br_table_num(tb, p->se, br_fmt_fixed(buf,
					   sizeof buf, p->se, sd));
			ok &= br_table_num(tb, p->ci_low, br_fmt_fixed(buf,
					   sizeof buf, p->ci_low, sd));
			ok &= br_table_num(tb, p->ci_high, br_fmt_fixed(buf,
					   sizeof buf, p->ci_high, sd));
			ok &= br_table_num(tb, p->cv_pct, br_fmt_fixed(buf,
					   sizeof buf, p->cv_pct, 1));
		}
	}
	return ok;
}

/* Whether test at has a system with a series. */
static bool has_series(const struct br_analysis *a, const struct br_atest *at)
{
	size_t j;

	for (j = 0; j < a->sel->n_systems; j++)
		if (at->cells[j].kind == BR_CELL_SERIES)
			return true;
	return false;
}

/* A test's two heading lines: title, version and description, then
 * unit and direction; every part from the input escaped for a terminal
 * (br_visible: a line break in a title prints as "\n", not as a line). */
static void text_heading(FILE *fp, const struct br_test *t)
{
	br_visible(fp, br_test_title(t), 0);
	if (t->app_version && *t->app_version) {
		fputc(' ', fp);
		br_visible(fp, t->app_version, 0);
	}
	if (t->description && *t->description) {
		fputs(" - ", fp);
		br_visible(fp, t->description, 0);
	}
	fputc('\n', fp);
	br_visible(fp, t->unit.text, 0);
	fprintf(fp, "%s%s\n", *t->unit.text ? ", " : "",
		br_dir_phrase(t->dir));
}

/* Text: one block per test, numbers at PTS display precision. */
static int stats_text(const struct br_analysis *a, FILE *fp,
		      struct br_error *err)
{
	const char *cols[N_TEXT_COLS], *scols[N_TEXT_COLS];
	char lo[48], lv[24];
	size_t i;

	memcpy(cols, text_cols, sizeof cols);
	snprintf(lo, sizeof lo, "%s CI low",
		 br_fmt_level(lv, sizeof lv, a->o.confidence));
	cols[4] = lo;
	cols[5] = "high";
	/* a series test's: System, x, N, Mean, SE, CI low, high, CV% */
	memcpy(scols, (const char *const[N_TEXT_COLS]){"System", "Point", "N",
	       "Mean", "SE", lo, "high", "CV%"}, sizeof scols);
	for (i = 0; i < a->n_tests; i++) {
		const struct br_atest *at = &a->tests[i];
		const struct br_test *t = at->t;
		struct br_table *tb;
		bool ok;

		text_heading(fp, t);
		if (t->derived_note)    /* --per, --cost: the numbers used */
			br_wrap(fp, 0, 2, 72, "%s", t->derived_note);
		if (has_series(a, at)) {
			/* x down the side instead of the rank (scols lives
			 * as long as the table: it keeps the pointer) */
			scols[1] = t->x_label && *t->x_label ? t->x_label :
				   "Point";
			tb = br_table_new(N_TEXT_COLS, scols);
			ok = tb && text_series_rows(tb, a, at);
		} else {
			tb = br_table_new(N_TEXT_COLS, cols);
			ok = tb && text_rows(tb, a, at);
		}
		if (!ok) {
			br_table_free(tb);
			return br_error_set(err, BR_EIO, NULL, 0,
					    "out of memory");
		}
		ok = br_table_write(tb, fp, BR_FMT_TEXT, "stats", err) ==
		     BR_OK;
		br_table_free(tb);
		if (!ok)
			return err->code;
		notes(fp, a, at);
		if (i + 1 < a->n_tests)
			fputc('\n', fp);
	}
	return BR_OK;
}

int br_write_stats(FILE *fp, const struct br_analysis *a, enum br_fmt fmt,
		   struct br_error *err)
{
	if (fmt == BR_FMT_TEXT)
		return stats_text(a, fp, err);
	return stats_table(a, fp, fmt, err);
}
