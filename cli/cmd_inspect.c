/*
 * cmd_inspect.c - `benchreport inspect`: what was read (render/inspect.h
 * writes it).
 */
#include "cli.h"
#include "render/inspect.h"

struct inspect_job {
	const struct br_cli *cli;
	const struct br_selection *sel;
};

static int write_job(FILE *fp, void *ctx, struct br_error *err)
{
	const struct inspect_job *job = ctx;

	(void)err;
	br_write_inspect(fp, job->sel, job->cli->verbose > 0);
	return BR_OK;
}

int br_cmd_inspect(struct br_cli *cli)
{
	struct br_cli_input in;
	struct inspect_job job;
	int rc;

	rc = br_cli_load(cli, &in);
	if (rc != BR_OK)
		return rc;
	job.cli = cli;
	job.sel = &in.sel;
	rc = br_cli_emit(cli, write_job, &job);
	br_cli_input_free(&in);
	return rc;
}
