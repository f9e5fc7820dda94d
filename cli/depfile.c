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

struct path_list {
	char **v;
	size_t n, cap;
	bool oom;
};

static struct path_list targets, prereqs;
static struct br_out dep_out; /* opened before the run: fail early */

static void list_add(struct path_list *l, const char *path)
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

static void list_free(struct path_list *l)
{
	size_t i;

	for (i = 0; i < l->n; i++)
		free(l->v[i]);
	free(l->v);
	memset(l, 0, sizeof *l);
}

static void on_commit(void *ctx, const char *path)
{
	(void)ctx;
	list_add(&targets, path);
}

static void on_path(void *ctx, const char *path, bool is_dir)
{
	(void)ctx;
	(void)is_dir;
	list_add(&prereqs, path);
}

void br_cli_add_dep(const char *path)
{
	list_add(&prereqs, path);
}

int br_cli_dep_begin(struct br_cli *cli)
{
	if (!cli->depfile)
		return BR_OK;
	if (!cli->output || !strcmp(cli->output, "-"))
		return br_cli_usage(cli, "--depfile needs -o FILE: the make "
				    "rule's target");
	{
		struct br_error err;

		/* An unwritable depfile fails the run before any output is
		 * made, not after. */
		br_error_clear(&err);
		if (br_out_open(&dep_out, cli->depfile, &err) != BR_OK) {
			br_cli_report(&err);
			return err.code;
		}
	}
	cli->ingest.on_path = on_path;
	cli->ingest.on_path_ctx = NULL;
	br_out_set_commit_hook(on_commit, NULL);
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

/* Sort key: the path, then first-seen order (to keep the first one). */
static char **sort_base;

static int cmp_idx(const void *a, const void *b)
{
	size_t i = *(const size_t *)a, j = *(const size_t *)b;
	int c = strcmp(sort_base[i], sort_base[j]);

	return c ? c : (i > j) - (i < j);
}

/* dup[i] set when v[i] repeats an earlier entry. */
static bool *find_dups(const struct path_list *l)
{
	size_t *idx = malloc((l->n + 1) * sizeof *idx), i;
	bool *dup = calloc(l->n + 1, sizeof *dup);

	if (!idx || !dup) {
		free(idx);
		free(dup);
		return NULL;
	}
	for (i = 0; i < l->n; i++)
		idx[i] = i;
	sort_base = l->v;
	qsort(idx, l->n, sizeof *idx, cmp_idx);
	for (i = 1; i < l->n; i++)
		if (!strcmp(l->v[idx[i]], l->v[idx[i - 1]]))
			dup[idx[i]] = true;
	free(idx);
	return dup;
}

static bool has_newline(const struct path_list *l)
{
	size_t i;

	for (i = 0; i < l->n; i++)
		if (strchr(l->v[i], '\n'))
			return true;
	return false;
}

/* After a failed run: remove the depfile's temporary file. */
void br_cli_dep_abort(void)
{
	br_out_set_commit_hook(NULL, NULL);
	br_out_abort(&dep_out);
	list_free(&targets);
	list_free(&prereqs);
}

int br_cli_dep_write(const struct br_cli *cli)
{
	struct br_error err;
	struct br_out out;
	bool *tdup = NULL, *pdup = NULL;
	size_t i, col;
	char *first;
	int rc;

	if (!cli->depfile)
		return BR_OK;
	br_out_set_commit_hook(NULL, NULL);
	br_error_clear(&err);
	out = dep_out;
	memset(&dep_out, 0, sizeof dep_out);
	/* The -o argument as given is the rule's first target (a
	 * directory's trailing slash dropped), then every file written. */
	{
		struct path_list all = {0};
		size_t len = strlen(cli->output);

		while (len > 1 && cli->output[len - 1] == '/')
			len--;
		first = strndup(cli->output, len);
		if (first)
			list_add(&all, first);
		else
			all.oom = true;
		free(first);
		for (i = 0; i < targets.n; i++)
			list_add(&all, targets.v[i]);
		all.oom |= targets.oom;
		list_free(&targets);
		targets = all;
	}
	if (targets.oom || prereqs.oom ||
	    !(tdup = find_dups(&targets)) || !(pdup = find_dups(&prereqs))) {
		rc = br_error_set(&err, BR_EIO, cli->depfile, 0,
				  "out of memory");
		goto done;
	}
	if (has_newline(&targets) || has_newline(&prereqs)) {
		rc = br_error_set(&err, BR_EIO, cli->depfile, 0, "cannot "
				  "write a make rule for a file name with a "
				  "newline in it");
		goto done;
	}
	col = 0;
	for (i = 0; i < targets.n; i++) {
		if (tdup[i])
			continue;
		if (col && col + strlen(targets.v[i]) > 76) {
			fputs(" \\\n ", out.fp);
			col = 1;
		} else if (col) {
			fputc(' ', out.fp);
			col++;
		}
		put_path(out.fp, targets.v[i]);
		col += strlen(targets.v[i]);
	}
	fputc(':', out.fp);
	col++;
	for (i = 0; i < prereqs.n; i++) {
		if (pdup[i])
			continue;
		if (col > 1 && col + 1 + strlen(prereqs.v[i]) > 76) {
			fputs(" \\\n", out.fp);
			col = 0;
		}
		fputc(' ', out.fp);
		put_path(out.fp, prereqs.v[i]);
		col += strlen(prereqs.v[i]) + 1;
	}
	fputc('\n', out.fp);
	for (i = 0; i < prereqs.n; i++) {
		if (pdup[i])
			continue;
		fputc('\n', out.fp);
		put_path(out.fp, prereqs.v[i]);
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
	list_free(&targets);
	list_free(&prereqs);
	return rc;
}
