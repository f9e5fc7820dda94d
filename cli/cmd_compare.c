/*
 * cmd_compare.c - `benchreport compare`: every system against a baseline,
 * the geometric means and the overall ranking (render/table/results.h writes
 * them), the compact summary (--brief: the text or Markdown of `render
 * --summary`, render/report/report.h), and the regression gate (exit 4: each
 * regression named on stderr, and a -o file left unwritten, an earlier one
 * at its place removed; the gate's line, analysis/gate.h, always printed;
 * --gate-strict fails also on a test it could not judge).
 */
#include <stdlib.h>
#include <string.h>

#include "analysis/brief.h"
#include "analysis/gate.h"
#include "analysis/sentence.h"
#include "cli.h"
#include "render/text/escape.h"
#include "render/report/report.h"

struct compare_job {
	const struct br_cli *cli;
	const struct br_analysis *a;
	const struct br_report *r;   /* --brief: the summary; else NULL */
	enum br_fmt fmt;
	bool regressed;
	const char *strict;          /* --gate-strict fails: why; NULL */
};

static int write_compare(FILE *fp, void *ctx, struct br_error *err)
{
	const struct compare_job *job = ctx;
	int rc;

	if (job->r)
		rc = br_report_write(job->r, job->fmt == BR_FMT_MD ?
				     BR_REPORT_MD : BR_REPORT_TEXT, NULL,
				     NULL, 0, fp, err);
	else
		rc = br_write_compare(fp, job->a, job->fmt, &job->cli->cmp,
				      err);
	if (rc == BR_OK && job->regressed) {
		br_error_set(err, BR_EREGRESS, NULL, 0, "a regression was "
			     "found (--fail-on-regression %g)",
			     job->cli->fail_on_regression);
		rc = BR_EREGRESS;
	} else if (rc == BR_OK && job->strict) {
		br_error_set(err, BR_EREGRESS, NULL, 0, "%s", job->strict);
		rc = BR_EREGRESS;
	}
	return rc;
}

/* A line the --brief report says (a title's fallback): on stderr,
 * unless -q. */
static void say_line(void *ctx, const char *line)
{
	const struct br_cli *cli = ctx;

	if (!cli->quiet)
		fprintf(stderr, PROG ": %s\n", line);
}

/* The gate's line (analysis/gate.h) on stderr, -q or not: what it
 * judged and what it could not.  *strict: --gate-strict's failure
 * (a new string) or NULL.  false on ENOMEM. */
static bool say_gate(const struct br_cli *cli, const struct br_analysis *a,
		     char **strict)
{
	struct br_gate g;
	char *p, *s;

	*strict = NULL;
	if (br_gate_compare(a, cli->fail_on_regression, &g) != BR_OK) {
		fprintf(stderr, PROG ": out of memory\n");
		return false;
	}
	for (p = g.line; *p; p++)
		if (*p == BR_NBSP[0])
			*p = ' ';
	s = br_visible_dup(g.line, 0);
	fprintf(stderr, PROG ": %s\n", s ? s : g.line);
	free(s);
	if (cli->gate_strict && g.strict) {
		fprintf(stderr, PROG ": %s\n", g.strict);
		*strict = g.strict;
		g.strict = NULL;
	}
	br_gate_fini(&g);
	return true;
}

/* --fail-on-regression: one line per regressed comparison on stderr,
 * -q or not (they are why the run fails).  Returns whether any. */
static bool say_regressions(const struct br_cli *cli,
			    const struct br_analysis *a)
{
	char **v;
	size_t n, k, ungated = br_analysis_ungated(a);

	if (ungated && !cli->quiet)
		fprintf(stderr, PROG ": warning: --fail-on-regression: %zu "
			"test%s of unknown direction %s not gated (--direction "
			"hib|lib before the inputs gives one)\n", ungated,
			ungated == 1 ? "" : "s", ungated == 1 ? "is" : "are");
	if (!br_regressions(a, cli->fail_on_regression, &v, &n)) {
		fprintf(stderr, PROG ": out of memory\n");
		return br_analysis_regressed(a, cli->fail_on_regression);
	}
	for (k = 0; k < n; k++) {
		char *p, *s;

		for (p = v[k]; *p; p++)
			if (*p == BR_NBSP[0])
				*p = ' ';
		s = br_visible_dup(v[k], 0);
		fprintf(stderr, PROG ": regression: %s\n", s ? s : v[k]);
		free(s);
		free(v[k]);
	}
	free(v);
	return n > 0;
}

int br_cmd_compare(struct br_cli *cli)
{
	unsigned what = BR_AN_COMPARE | BR_AN_PLANNING | BR_AN_OVERALL |
			BR_AN_DERIVED;
	struct br_cli_input in;
	struct br_analysis *a = NULL;
	struct br_report *r = NULL;
	struct compare_job job;
	char *strict = NULL;
	int rc;

	rc = br_cli_table_format(cli, &job.fmt);
	if (rc == BR_OK && cli->gate_strict && cli->fail_on_regression < 0)
		rc = br_cli_usage(cli, "--gate-strict: give "
				  "--fail-on-regression PCT");
	if (rc == BR_OK && cli->brief && job.fmt != BR_FMT_TEXT &&
	    job.fmt != BR_FMT_MD)
		rc = br_cli_usage(cli, "--brief prints the summary as text or "
				  "md, not csv or json");
	if (rc == BR_OK && cli->cmp.hide_unchanged &&
	    !(cli->an.equivalence > 0))
		rc = br_cli_usage(cli, "--hide-unchanged needs --equivalence "
				  "PCT: the margin a test is proven unchanged "
				  "within");
	if (rc == BR_OK)
		rc = br_cli_load(cli, &in);
	if (rc != BR_OK)
		return rc;
	if (in.sel.n_systems < 2) {
		rc = br_cli_usage(cli, "compare needs at least two systems");
		br_cli_input_free(&in);
		return rc;
	}
	if (cli->cmp.ministat)
		what |= BR_AN_POOLED;
	if (cli->brief)
		what |= BR_AN_RANKS;
	/* text and the brief summary read as people read; the tables of
	 * CSV, JSON and md keep the input's unit */
	rc = br_cli_analyse(cli, &in, what, &a);
	if (rc == BR_OK && (job.fmt == BR_FMT_TEXT || cli->brief))
		rc = br_cli_display_units(cli, &in, a, false);
	if (rc == BR_OK && cli->brief) {
		struct br_report_opts o;
		struct br_error err;

		/* the options of `render --summary -o x.txt`: same bytes */
		br_report_opts_defaults(&o);
		o.summary = true;
		o.generator = PROG " " BR_VERSION;
		o.say = say_line;
		o.ctx = cli;
		br_error_clear(&err);
		rc = br_report_build(a, &o, &r, &err);
		if (rc != BR_OK)
			rc = br_cli_fail(cli, &err);
	}
	if (rc == BR_OK) {
		job.cli = cli;
		job.a = a;
		job.r = r;
		job.regressed = cli->fail_on_regression >= 0 &&
				say_regressions(cli, a);
		job.strict = NULL;
		if (cli->fail_on_regression >= 0 &&
		    !say_gate(cli, a, &strict))
			rc = BR_EIO;
		job.strict = strict;
		if (rc == BR_OK)
			rc = br_cli_emit(cli, write_compare, &job);
	}
	free(strict);
	br_report_free(r);
	br_analysis_free(a);
	br_cli_input_free(&in);
	return rc;
}
