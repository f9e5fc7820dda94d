/*
 * cmd_stats.c - `benchreport stats`: per test x system n, mean, sd, se,
 * CI, median, min, max, CV, rank and relative (STATS.md 3.1, 3.6).
 * CSV/JSON/Markdown are one row per test x system (x point for series);
 * text is one aligned block per test.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "render/numfmt.h"
#include "render/words.h"
#include "stats/stats.h"

static const char *const csv_cols[] = {
	"test", "title", "description", "unit", "direction", "system", "n",
	"mean", "sd", "se", "ci_low", "ci_high", "median", "min", "max",
	"cv_pct", "rank", "relative", "x", "flagged_runs", "note",
};
#define N_CSV_COLS (sizeof csv_cols / sizeof csv_cols[0])

static const char *nz(const char *s)
{
	return s ? s : "";
}

/* One test's rows: summaries of its selected scalar entries. */
struct test_stats {
	size_t n;                  /* selected systems */
	struct br_summary *sum;    /* per selected system */
	const struct br_entry **entry; /* NULL: no entry */
	int *rank;
	double *relative;
	double *means;
};

static void test_stats_free(struct test_stats *ts)
{
	free(ts->sum);
	free(ts->entry);
	free(ts->rank);
	free(ts->relative);
	free(ts->means);
}

static int compute(const struct br_cli *cli, const struct br_selection *sel,
		   const struct br_test *t, struct test_stats *ts)
{
	size_t i;

	memset(ts, 0, sizeof *ts);
	ts->n = sel->n_systems;
	ts->sum = calloc(ts->n + 1, sizeof *ts->sum);
	ts->entry = calloc(ts->n + 1, sizeof *ts->entry);
	ts->rank = calloc(ts->n + 1, sizeof *ts->rank);
	ts->relative = calloc(ts->n + 1, sizeof *ts->relative);
	ts->means = calloc(ts->n + 1, sizeof *ts->means);
	if (!ts->sum || !ts->entry || !ts->rank || !ts->relative ||
	    !ts->means) {
		test_stats_free(ts);
		return BR_EIO;
	}
	for (i = 0; i < ts->n; i++) {
		size_t e = br_test_find_entry(t, sel->systems[i]);

		ts->means[i] = NAN;
		if (e == (size_t)-1)
			continue;
		ts->entry[i] = &t->entries[e];
		if (ts->entry[i]->error || ts->entry[i]->n_points ||
		    br_summarize(&ts->entry[i]->sample, cli->confidence,
				 &ts->sum[i]) != BR_OK)
			ts->sum[i].n = 0;
		else
			ts->means[i] = ts->sum[i].mean;
	}
	br_rank(ts->sum, ts->n, t->dir, cli->confidence, cli->holm, ts->rank,
		ts->relative);
	return BR_OK;
}

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
		    const char *system, const struct br_summary *s, int rank,
		    double relative, double x, const char *note)
{
	char flagged[128];
	bool ok = true;

	ok &= br_table_row(tb);
	ok &= br_table_str(tb, nz(t->identifier));
	ok &= br_table_str(tb, nz(t->title));
	ok &= br_table_str(tb, nz(t->description));
	ok &= br_table_str(tb, t->unit.text);
	ok &= br_table_str(tb, br_dir_name(t->dir));
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
	if (rank > 0)
		ok &= br_table_int(tb, rank);
	else
		ok &= br_table_empty(tb);
	ok &= br_table_num(tb, relative, NULL);
	ok &= br_table_num(tb, x, NULL);
	if (s)
		flagged_text(s, flagged, sizeof flagged);
	ok &= br_table_str(tb, s ? flagged : "");
	ok &= br_table_str(tb, note ? note : "");
	return ok;
}

static const char *entry_note(const struct br_entry *e,
			      const struct br_summary *s)
{
	if (!e)
		return "no result";
	if (e->error)
		return *e->error ? e->error : "failed";
	if (e->pass_fail)
		return e->pass_fail;
	if (s && s->drift)
		return "run-order drift";
	if (s && s->sign_change)
		return "runs change sign";
	return NULL;
}

/* Series entries: one row per x point. */
static bool add_series_rows(struct br_table *tb, const struct br_cli *cli,
			    const struct br_test *t, const char *system,
			    const struct br_entry *e)
{
	size_t i;
	bool ok = true;

	for (i = 0; i < e->n_points; i++) {
		struct br_summary s;
		double x = i < t->n_x ? t->x[i] : (double)(i + 1);

		if (br_summarize(&e->points[i], cli->confidence, &s) != BR_OK)
			continue;
		ok &= add_row(tb, t, system, &s, 0, NAN, x, NULL);
	}
	return ok;
}

static int stats_table(const struct br_cli *cli,
		       const struct br_selection *sel, FILE *fp,
		       enum br_fmt fmt, struct br_error *err)
{
	struct br_table *tb = br_table_new(N_CSV_COLS, csv_cols);
	const struct br_resultset *rs = sel->rs;
	size_t i, j;
	bool ok = tb != NULL;

	for (i = 0; ok && i < sel->n_tests; i++) {
		const struct br_test *t = rs->tests[sel->tests[i]];
		struct test_stats ts;

		if (compute(cli, sel, t, &ts) != BR_OK) {
			ok = false;
			break;
		}
		for (j = 0; ok && j < ts.n; j++) {
			const char *name = rs->systems[sel->systems[j]]->identifier;
			const struct br_entry *e = ts.entry[j];

			if (!e)
				continue;
			if (e->n_points)
				ok &= add_series_rows(tb, cli, t, name, e);
			else
				ok &= add_row(tb, t, name, ts.sum[j].n ?
					      &ts.sum[j] : NULL, ts.rank[j],
					      ts.relative[j], NAN,
					      entry_note(e, &ts.sum[j]));
		}
		test_stats_free(&ts);
	}
	if (!ok) {
		br_table_free(tb);
		return br_error_set(err, BR_EIO, NULL, 0, "out of memory");
	}
	ok = br_table_write(tb, fp, fmt, "stats", err) == BR_OK;
	br_table_free(tb);
	return ok ? BR_OK : BR_EIO;
}

/*
 * Under a test's table: runs flagged as outliers (kept, STATS.md 3.2) and
 * run-order drift (4.3), so nobody has to look for them in the CSV.
 */
static void notes(FILE *fp, const struct br_selection *sel,
		  const struct test_stats *ts, int decimals)
{
	const struct br_resultset *rs = sel->rs;
	size_t j, k;

	for (j = 0; j < ts->n; j++) {
		const struct br_summary *s = &ts->sum[j];
		const struct br_entry *e = ts->entry[j];
		const char *name = rs->systems[sel->systems[j]]->identifier;
		char v[48];

		if (!e || !s->n || e->n_points)
			continue;
		if (s->n_flagged) {
			fprintf(fp, "  %s: %zu of %zu runs flagged as "
				"outliers, kept (", name, s->n_flagged, s->n);
			for (k = 0; k < s->n_flagged && k < BR_MAX_FLAGGED;
			     k++)
				fprintf(fp, "%srun %zu: %s", k ? ", " : "",
					s->flagged[k] + 1,
					br_fmt_fixed(v, sizeof v,
						     e->sample.runs[s->flagged[k]]
						     .value, decimals));
			fputs(s->n_flagged > BR_MAX_FLAGGED ? ", ...)\n"
			      : ")\n", fp);
		}
		if (s->drift)
			br_wrap(fp, 2, 2, 72, "%s: %s; the CI assumes "
				"independent runs", name, s->drift_reason ?
				s->drift_reason : "runs drift with their "
				"order");
	}
}

static const char *const text_cols[] = {
	"System", "N", "Mean", "SE", "CI low", "CI high", "CV%", "Rank",
};
#define N_TEXT_COLS (sizeof text_cols / sizeof text_cols[0])

/* Text: one block per test, numbers at PTS display precision. */
static int stats_text(const struct br_cli *cli, const struct br_selection *sel,
		      FILE *fp, struct br_error *err)
{
	const struct br_resultset *rs = sel->rs;
	char conf[16];
	size_t i, j;

	snprintf(conf, sizeof conf, "%g%%", cli->confidence * 100);
	for (i = 0; i < sel->n_tests; i++) {
		const struct br_test *t = rs->tests[sel->tests[i]];
		const char *cols[N_TEXT_COLS];
		char lo[32], hi[32], buf[64];
		struct test_stats ts;
		struct br_table *tb;
		int d, sd;
		bool ok = true;

		memcpy(cols, text_cols, sizeof cols);
		snprintf(lo, sizeof lo, "%s CI low", conf);
		snprintf(hi, sizeof hi, "high");
		cols[4] = lo;
		cols[5] = hi;
		if (compute(cli, sel, t, &ts) != BR_OK)
			return br_error_set(err, BR_EIO, NULL, 0,
					    "out of memory");
		d = br_test_decimals(t, ts.means, ts.n);
		sd = br_se_decimals(d);
		fprintf(fp, "%s%s%s%s%s\n", nz(t->title),
			t->app_version && *t->app_version ? " " : "",
			nz(t->app_version),
			t->description && *t->description ? " - " : "",
			nz(t->description));
		fprintf(fp, "%s%s%s\n", t->unit.text, *t->unit.text ? ", " : "",
			br_dir_phrase(t->dir));
		tb = br_table_new(N_TEXT_COLS, cols);
		ok = tb != NULL;
		for (j = 0; ok && j < ts.n; j++) {
			const struct br_summary *s = &ts.sum[j];
			const struct br_entry *e = ts.entry[j];
			const char *note = entry_note(e, s);

			if (!e || e->n_points)
				continue;
			ok &= br_table_row(tb);
			ok &= br_table_str(tb, rs->systems[sel->systems[j]]
					   ->identifier);
			if (!s->n) {
				size_t k;

				/* N empty, the reason under Mean, rest empty */
				ok &= br_table_str(tb, "");
				ok &= br_table_str(tb, note ? note : "no value");
				for (k = 3; k < N_TEXT_COLS; k++)
					ok &= br_table_str(tb, "");
				continue;
			}
			ok &= br_table_int(tb, (long long)s->n);
			ok &= br_table_num(tb, s->mean,
					   br_fmt_fixed(buf, sizeof buf,
							s->mean, d));
			ok &= br_table_num(tb, s->se,
					   br_fmt_fixed(buf, sizeof buf,
							s->se, sd));
			ok &= br_table_num(tb, s->ci_low,
					   br_fmt_fixed(buf, sizeof buf,
							s->ci_low, sd));
			ok &= br_table_num(tb, s->ci_high,
					   br_fmt_fixed(buf, sizeof buf,
							s->ci_high, sd));
			ok &= br_table_num(tb, s->cv_pct,
					   br_fmt_fixed(buf, sizeof buf,
							s->cv_pct, 1));
			if (ts.rank[j] > 0)
				ok &= br_table_int(tb, ts.rank[j]);
			else
				ok &= br_table_empty(tb);
		}
		if (ok)
			ok = br_table_write(tb, fp, BR_FMT_TEXT, "stats",
					    err) == BR_OK;
		br_table_free(tb);
		if (ok)
			notes(fp, sel, &ts, d);
		test_stats_free(&ts);
		if (!ok)
			return br_error_set(err, BR_EIO, NULL, 0,
					    "out of memory");
		if (i + 1 < sel->n_tests)
			fputc('\n', fp);
	}
	return BR_OK;
}

struct stats_job {
	const struct br_cli *cli;
	const struct br_selection *sel;
	enum br_fmt fmt;
};

static int write_stats(FILE *fp, void *ctx, struct br_error *err)
{
	const struct stats_job *job = ctx;

	if (job->fmt == BR_FMT_TEXT)
		return stats_text(job->cli, job->sel, fp, err);
	return stats_table(job->cli, job->sel, fp, job->fmt, err);
}

int br_cmd_stats(struct br_cli *cli)
{
	struct br_selection sel;
	struct stats_job job;
	int rc;

	rc = br_cli_table_format(cli, &job.fmt);
	if (rc != BR_OK)
		return rc;
	rc = br_cli_load(cli, &sel);
	if (rc != BR_OK)
		return rc;
	br_cli_print_warnings(cli, sel.rs);
	job.cli = cli;
	job.sel = &sel;
	rc = br_cli_emit(cli, write_stats, &job);
	br_cli_selection_free(&sel);
	return rc;
}
