/*
 * cmd_inspect.c - `benchreport inspect`: what was read (render/table/inspect.h
 * writes it), or with --list the names --tests and --systems select from
 * (a test's exact selector, "=NAME").
 */
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "render/text/escape.h"
#include "render/table/inspect.h"

struct inspect_job {
	const struct br_cli *cli;
	const struct br_selection *sel;
};

/* --list: the selected tests' or systems' names, one a line, as --tests
 * and --systems take them (shown as br_visible() shows them): a test as
 * its exact selector, "=Title Version - Description". */
static void write_list(FILE *fp, const struct br_selection *sel,
		       bool tests)
{
	size_t k, n = tests ? sel->n_tests : sel->n_systems;

	for (k = 0; k < n; k++) {
		char *name = tests ? br_test_full_name(
					sel->rs->tests[sel->tests[k]])
				   : strdup(sel->rs->systems[
					    sel->systems[k]]->identifier);

		if (tests)
			fputc('=', fp);
		br_visible(fp, name ? name : "?", 0);
		fputc('\n', fp);
		free(name);
	}
}

static int write_job(FILE *fp, void *ctx, struct br_error *err)
{
	const struct inspect_job *job = ctx;

	(void)err;
	if (job->cli->list)
		write_list(fp, job->sel, !strcmp(job->cli->list, "tests"));
	else
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
