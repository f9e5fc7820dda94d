/*
 * load.c - reading every INPUT into one resultset, and --tests/--systems.
 */
#define _GNU_SOURCE /* FNM_CASEFOLD, strcasestr */
#include <fnmatch.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "cli.h"
#include "render/output.h"

void br_cli_print_warnings(const struct br_cli *cli,
			   const struct br_resultset *rs)
{
	size_t i;

	if (cli->quiet)
		return;
	for (i = 0; i < rs->n_warnings; i++) {
		const struct br_warning *w = &rs->warnings[i];

		if (w->loc.file && w->loc.line)
			fprintf(stderr, PROG ": warning: %s:%lu: %s\n",
				w->loc.file, w->loc.line, w->msg);
		else if (w->loc.file)
			fprintf(stderr, PROG ": warning: %s: %s\n",
				w->loc.file, w->msg);
		else
			fprintf(stderr, PROG ": warning: %s\n", w->msg);
	}
}

static bool has_wildcard(const char *p)
{
	return strpbrk(p, "*?[") != NULL;
}

static bool match_one(const char *pat, const char *s)
{
	if (!s || !*s)
		return false;
	if (has_wildcard(pat))
		return fnmatch(pat, s, FNM_CASEFOLD) == 0;
	return strcasestr(s, pat) != NULL;
}

/* DESIGN.md: matched against the identifier, title and description. */
static bool test_matches(const char *pat, const struct br_test *t)
{
	char both[1024];

	if (match_one(pat, t->identifier) || match_one(pat, t->title) ||
	    match_one(pat, t->description))
		return true;
	snprintf(both, sizeof both, "%s - %s", t->title ? t->title : "",
		 t->description ? t->description : "");
	return match_one(pat, both);
}

void br_cli_selection_free(struct br_selection *sel)
{
	br_resultset_free(sel->rs);
	free(sel->tests);
	free(sel->systems);
	free(sel->system_on);
	memset(sel, 0, sizeof *sel);
}

static int select_systems(const struct br_cli *cli, struct br_selection *sel)
{
	struct br_resultset *rs = sel->rs;
	size_t i;

	sel->systems = calloc(rs->n_systems + 1, sizeof *sel->systems);
	sel->system_on = calloc(rs->n_systems + 1, sizeof *sel->system_on);
	if (!sel->systems || !sel->system_on) {
		fprintf(stderr, PROG ": out of memory\n");
		return BR_EIO;
	}
	if (!cli->systems) {
		for (i = 0; i < rs->n_systems; i++) {
			sel->systems[sel->n_systems++] = i;
			sel->system_on[i] = true;
		}
		return BR_OK;
	}
	{
		const char *p = cli->systems;

		while (*p) {
			const char *end = strchr(p, ',');
			size_t len = end ? (size_t)(end - p) : strlen(p);
			char *name = strndup(p, len);
			size_t idx;

			if (!name) {
				fprintf(stderr, PROG ": out of memory\n");
				return BR_EIO;
			}
			idx = br_rs_system(rs, name, false, NULL, NULL);
			if (idx == (size_t)-1) {
				br_cli_usage(cli, "--systems: no system named "
					     "'%s' in the input", name);
				free(name);
				return BR_EUSAGE;
			}
			free(name);
			if (!sel->system_on[idx]) {
				if (sel->n_systems >= rs->n_systems)
					break;
				sel->system_on[idx] = true;
				sel->systems[sel->n_systems++] = idx;
			}
			if (!end)
				break;
			p = end + 1;
		}
	}
	return BR_OK;
}

int br_cli_load(const struct br_cli *cli, struct br_selection *sel)
{
	struct br_error err;
	size_t i;
	int rc;

	memset(sel, 0, sizeof *sel);
	br_error_clear(&err);
	sel->rs = br_resultset_new();
	if (!sel->rs) {
		fprintf(stderr, PROG ": out of memory\n");
		return BR_EIO;
	}
	for (i = 0; i < cli->n_inputs; i++) {
		struct br_ingest_opts o = cli->ingest;

		o.system = cli->input_systems[i];
		rc = br_ingest_path(sel->rs, cli->inputs[i], &o, &err);
		if (rc != BR_OK) {
			if (rc == BR_EUSAGE)
				br_cli_usage(cli, "%s", err.msg);
			else
				br_cli_report(&err);
			br_cli_selection_free(sel);
			return rc;
		}
	}
	rc = select_systems(cli, sel);
	if (rc != BR_OK) {
		br_cli_selection_free(sel);
		return rc;
	}
	sel->tests = calloc(sel->rs->n_tests + 1, sizeof *sel->tests);
	if (!sel->tests) {
		fprintf(stderr, PROG ": out of memory\n");
		br_cli_selection_free(sel);
		return BR_EIO;
	}
	for (i = 0; i < sel->rs->n_tests; i++)
		if (!cli->tests || test_matches(cli->tests, sel->rs->tests[i]))
			sel->tests[sel->n_tests++] = i;
	if (cli->tests && sel->n_tests == 0) {
		br_cli_usage(cli, "--tests: no test matches '%s'", cli->tests);
		br_cli_selection_free(sel);
		return BR_EUSAGE;
	}
	return BR_OK;
}

int br_cli_table_format(const struct br_cli *cli, enum br_fmt *fmt)
{
	const char *ext;

	*fmt = BR_FMT_TEXT;
	if (cli->format) {
		if (!br_fmt_parse(cli->format, fmt))
			return br_cli_usage(cli, "--format: unknown format "
					    "'%s' (text, csv, json, md)",
					    cli->format);
		return BR_OK;
	}
	if (cli->output && (ext = strrchr(cli->output, '.')) != NULL &&
	    !strchr(ext, '/')) {
		if (!br_fmt_parse(ext + 1, fmt))
			return br_cli_usage(cli, "cannot tell the format from "
					    "'%s'; use --format", cli->output);
	}
	return BR_OK;
}

int br_cli_emit(const struct br_cli *cli,
		int (*write)(FILE *fp, void *ctx, struct br_error *err),
		void *ctx)
{
	struct br_out out;
	struct br_error err;
	int rc;

	br_error_clear(&err);
	rc = br_out_open(&out, cli->output ? cli->output : "-", &err);
	if (rc == BR_OK) {
		rc = write(out.fp, ctx, &err);
		if (rc == BR_OK)
			rc = br_out_commit(&out, &err);
		else
			br_out_abort(&out);
	}
	if (rc != BR_OK)
		br_cli_report(&err);
	return rc;
}
