/*
 * cmd_convert.c - `benchreport convert INPUT... -o OUT.xml|.csv|.json`:
 * every input read and merged as PTS's merge-results does, written as a
 * composite.xml that PTS opens, tidy CSV, or PTS-shaped JSON.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "render/table/convert.h"

static int pick_format(const struct br_cli *cli, enum br_convert_fmt *fmt)
{
	const char *f = cli->format;
	const struct br_out_format *row;

	if (!f && cli->output)
		f = br_out_path_ext(cli->output);
	row = br_out_format_find(f, BR_OUT_CONVERT);
	if (row)
		*fmt = row->convert;
	else {
		/* the formats from output.c's table */
		char *dots = br_out_format_list(BR_OUT_CONVERT, ".", " or ");
		char *list = br_out_format_list(BR_OUT_CONVERT, "", " or ");

		if (!f)
			br_cli_usage(cli, "convert needs -o OUT: a %s file, or "
				     "--format %s", dots ? dots : "?",
				     list ? list : "?");
		else
			br_cli_usage(cli, "convert: unknown output format "
				     "'%s' (%s)", f, list ? list : "?");
		free(dots);
		free(list);
		return BR_EUSAGE;
	}
	return BR_OK;
}

struct convert_job {
	const struct br_cli *cli;
	const struct br_analysis *a;
	enum br_convert_fmt fmt;
	char now[32];
};

static int write_convert(FILE *fp, void *ctx, struct br_error *err)
{
	const struct convert_job *job = ctx;

	return br_write_converted(fp, job->a, job->fmt, job->cli->title,
				  job->now, err);
}

int br_cmd_convert(struct br_cli *cli)
{
	struct br_cli_input in;
	struct br_analysis *a = NULL;
	struct convert_job job;
	int rc;

	job.fmt = BR_CONVERT_XML;
	rc = pick_format(cli, &job.fmt);
	if (rc == BR_OK)
		rc = br_cli_load(cli, &in);
	if (rc != BR_OK)
		return rc;
	rc = br_cli_analyse(cli, &in, BR_AN_POINTS | BR_AN_LEAN, &a);
	if (rc == BR_OK) {
		br_cli_now(job.now, sizeof job.now);
		job.cli = cli;
		job.a = a;
		rc = br_cli_emit(cli, write_convert, &job);
	}
	br_analysis_free(a);
	br_cli_input_free(&in);
	return rc;
}
