/*
 * cmd_stats.c - `benchreport stats`: per test x system statistics
 * (render/table/results.h writes them).
 */
#include "cli.h"

struct stats_job {
	const struct br_analysis *a;
	enum br_fmt fmt;
};

static int write_stats(FILE *fp, void *ctx, struct br_error *err)
{
	const struct stats_job *job = ctx;

	return br_write_stats(fp, job->a, job->fmt, err);
}

int br_cmd_stats(struct br_cli *cli)
{
	struct br_cli_input in;
	struct br_analysis *a = NULL;
	struct stats_job job;
	int rc;

	rc = br_cli_table_format(cli, &job.fmt);
	if (rc == BR_OK)
		rc = br_cli_load(cli, &in);
	if (rc != BR_OK)
		return rc;
	rc = br_cli_analyse(cli, &in, BR_AN_RANKS | BR_AN_POINTS, &a);
	if (rc == BR_OK && job.fmt == BR_FMT_TEXT)  /* CSV, JSON, md: the
						      * input's unit */
		rc = br_cli_display_units(cli, &in, a, false);
	if (rc == BR_OK) {
		job.a = a;
		rc = br_cli_emit(cli, write_stats, &job);
	}
	br_analysis_free(a);
	br_cli_input_free(&in);
	return rc;
}
