/*
 * depfile.c - --depfile FILE: after a successful run, a make rule naming
 * every output (the -o argument and each file written) and every file
 * it was built from (inputs, the files and directories of directory
 * inputs, a --template file), like gcc -MMD -MP:
 *
 *   out.pdf: a.xml logs logs/run1.txt \
 *    logs/run2.txt
 *   a.xml:
 *   ...
 *
 * Directories are prerequisites too, so adding a log to one rebuilds.
 * Each prerequisite also gets an empty rule, so deleting one does not
 * break make.  Written atomically like every other output.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "render/output.h"

static void list_add(struct br_paths *l, const char *path)
{
	char *copy;

	if (l->oom)
		return;
	if (l->n == l->cap) {
		size_t cap = l->cap ? l->cap * 2 : 64;
		char **v = realloc(l->v, cap * sizeof *v);

		if (!v) {
			l->oom = true;
			return;
		}
		l->v = v;
		l->cap = cap;
	}
	copy = strdup(path);
	if (!copy) {
		l->oom = true;
		return;
	}
	l->v[l->n++] = copy;
}

static void list_free(struct br_paths *l)
{
	size_t i;

	for (i = 0; i < l->n; i++)
		free(l->v[i]);
	free(l->v);
	memset(l, 0, sizeof *l);
}

static void on_path(void *ctx, const char *path, bool is_dir)
{
	struct br_deps *d = ctx;

	(void)is_dir;
	list_add(&d->prereqs, path);
}

void br_cli_dep_add(struct br_cli *cli, const char *path)
{
	if (cli->deps.on)
		list_add(&cli->deps.prereqs, path);
}

void br_cli_dep_target(struct br_cli *cli, const char *path)
{
	if (cli->deps.on)
		list_add(&cli->deps.targets, path);
}

int br_cli_dep_begin(struct br_cli *cli)
{
	struct br_error err;

	if (!cli->depfile)
		return BR_OK;
	if (!cli->output || !strcmp(cli->output, "-"))
		return br_cli_usage(cli, "--depfile needs -o FILE: the make "
				    "rule's target");
	/* An unwritable depfile fails the run before any output is made,
	 * not after. */
	br_error_clear(&err);
	if (br_out_open(&cli->deps.out, cli->depfile, &err) != BR_OK) {
		br_cli_report(&err);
		return err.code;
	}
	cli->deps.on = true;
	cli->ingest.on_path = on_path;
	cli->ingest.on_path_ctx = &cli->deps;
	return BR_OK;
}

/* Write path escaped for make (as gcc does: space, '#', '$'). */
static void put_path(FILE *fp, const char *p)
{
	for (; *p; p++) {
		if (*p == ' ' || *p == '\t' || *p == '#')
			fputc('\\', fp);
		else if (*p == '$')
			fputc('$', fp);
		fputc(*p, fp);
	}
}

/* A path and where it was first seen, for finding repeats. */
struct seen {
	const char *path;
	size_t at;
};

static int by_path(const void *a, const void *b)
{
	const struct seen *x = a, *y = b;
	int c = strcmp(x->path, y->path);

	return c ? c : (x->at > y->at) - (x->at < y->at);
}

/* dup[i] set when v[i] repeats an earlier entry. */
static bool *find_dups(const struct br_paths *l)
{
	struct seen *s = malloc((l->n + 1) * sizeof *s);
	bool *dup = calloc(l->n + 1, sizeof *dup);
	size_t i;

	if (!s || !dup) {
		free(s);
		free(dup);
		return NULL;
	}
	for (i = 0; i < l->n; i++) {
		s[i].path = l->v[i];
		s[i].at = i;
	}
	qsort(s, l->n, sizeof *s, by_path);
	for (i = 1; i < l->n; i++)
		if (!strcmp(s[i].path, s[i - 1].path))
			dup[s[i].at] = true;
	free(s);
	return dup;
}

static bool has_newline(const struct br_paths *l)
{
	size_t i;

	for (i = 0; i < l->n; i++)
		if (strchr(l->v[i], '\n'))
			return true;
	return false;
}

/* After a failed run: remove the depfile's temporary file. */
void br_cli_dep_abort(struct br_cli *cli)
{
	br_out_abort(&cli->deps.out);
	list_free(&cli->deps.targets);
	list_free(&cli->deps.prereqs);
	cli->deps.on = false;
}

int br_cli_dep_write(struct br_cli *cli)
{
	struct br_paths *targets = &cli->deps.targets;
	struct br_paths *prereqs = &cli->deps.prereqs;
	struct br_error err;
	struct br_out out;
	bool *tdup = NULL, *pdup = NULL;
	size_t i, col;
	char *first;
	int rc;

	if (!cli->depfile)
		return BR_OK;
	br_error_clear(&err);
	out = cli->deps.out;
	memset(&cli->deps.out, 0, sizeof cli->deps.out);
	cli->deps.on = false;
	/* The -o argument as given is the rule's first target (a
	 * directory's trailing slash dropped), then every file written. */
	{
		struct br_paths all = {0};
		size_t len = strlen(cli->output);

		while (len > 1 && cli->output[len - 1] == '/')
			len--;
		first = strndup(cli->output, len);
		if (first)
			list_add(&all, first);
		else
			all.oom = true;
		free(first);
		for (i = 0; i < targets->n; i++)
			list_add(&all, targets->v[i]);
		all.oom |= targets->oom;
		list_free(targets);
		*targets = all;
	}
	if (targets->oom || prereqs->oom ||
	    !(tdup = find_dups(targets)) || !(pdup = find_dups(prereqs))) {
		rc = br_error_set(&err, BR_EIO, cli->depfile, 0,
				  "out of memory");
		goto done;
	}
	if (has_newline(targets) || has_newline(prereqs)) {
		rc = br_error_set(&err, BR_EIO, cli->depfile, 0, "cannot "
				  "write a make rule for a file name with a "
				  "newline in it");
		goto done;
	}
	col = 0;
	for (i = 0; i < targets->n; i++) {
		if (tdup[i])
			continue;
		if (col && col + strlen(targets->v[i]) > 76) {
			fputs(" \\\n ", out.fp);
			col = 1;
		} else if (col) {
			fputc(' ', out.fp);
			col++;
		}
		put_path(out.fp, targets->v[i]);
		col += strlen(targets->v[i]);
	}
	fputc(':', out.fp);
	col++;
	for (i = 0; i < prereqs->n; i++) {
		if (pdup[i])
			continue;
		if (col > 1 && col + 1 + strlen(prereqs->v[i]) > 76) {
			fputs(" \\\n", out.fp);
			col = 0;
		}
		fputc(' ', out.fp);
		put_path(out.fp, prereqs->v[i]);
		col += strlen(prereqs->v[i]) + 1;
	}
	fputc('\n', out.fp);
	for (i = 0; i < prereqs->n; i++) {
		if (pdup[i])
			continue;
		fputc('\n', out.fp);
		put_path(out.fp, prereqs->v[i]);
		fputs(":\n", out.fp);
	}
	rc = br_out_commit(&out, &err);
done:
	if (rc != BR_OK) {
		br_out_abort(&out);
		br_cli_report(&err);
	}
	free(tdup);
	free(pdup);
	list_free(targets);
	list_free(prereqs);
	return rc;
}
