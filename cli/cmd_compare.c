/*
 * cmd_compare.c - `benchreport compare`: every system against a baseline,
 * the geometric means and the overall ranking (render/results.h writes
 * them), and the regression gate (exit 4).
 */
#include "cli.h"

struct compare_job {
	const struct br_cli *cli;
	const struct br_analysis *a;
	enum br_fmt fmt;
};

static int write_compare(FILE *fp, void *ctx, struct br_error *err)
{
	const struct compare_job *job = ctx;

	return br_write_compare(fp, job->a, job->fmt, &job->cli->cmp, err);
}

int br_cmd_compare(struct br_cli *cli)
{
	unsigned what = BR_AN_COMPARE | BR_AN_PLANNING | BR_AN_OVERALL;
	struct br_cli_input in;
	struct br_analysis *a = NULL;
	struct compare_job job;
	int rc;

	rc = br_cli_table_format(cli, &job.fmt);
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
	rc = br_cli_analyse(cli, &in, what, &a);
	if (rc == BR_OK) {
		job.cli = cli;
		job.a = a;
		rc = br_cli_emit(cli, write_compare, &job);
	}
	if (rc == BR_OK && cli->fail_on_regression >= 0 &&
	    br_analysis_regressed(a, cli->fail_on_regression))
		rc = BR_EREGRESS;
	br_analysis_free(a);
	br_cli_input_free(&in);
	return rc;
}
