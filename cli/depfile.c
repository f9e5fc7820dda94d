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
 *
 * Names are written as GNU make reads them (put_name); a name make
 * cannot read back (a line break, a tab, ';', '|', a backslash at its
 * end, "(...)" at its end) fails the run rather than a build later.
 * The depfile may not be the output or an input: it would replace it.
 */
#include <errno.h>
#include <limits.h>
#include <pwd.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cli.h"
#include "render/text/escape.h"
#include "render/output/output.h"

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
	size_t n = strlen(path);
	char *dot;

	/* make reads "dir(x)" as the member x of the archive dir; "dir(x)/."
	 * is the same directory, with the same time stamp, to make too */
	if (is_dir && n && path[n - 1] == ')' && strchr(path, '(') &&
	    (dot = malloc(n + 3)) != NULL) {
		memcpy(dot, path, n);
		memcpy(dot + n, "/.", 3);
		list_add(&d->prereqs, dot);
		free(dot);
		return;
	}
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

/* path without trailing slashes (but "/") into a new string. */
static char *strip_slashes(const char *path)
{
	size_t n = strlen(path);

	while (n > 1 && path[n - 1] == '/')
		n--;
	return strndup(path, n);
}

/* Neither a nor b exists (yet): the same last name in the same
 * directory? */
static bool same_place(const char *a, const char *b)
{
	const char *sa = strrchr(a, '/'), *sb = strrchr(b, '/');
	const char *ba = sa ? sa + 1 : a, *bb = sb ? sb + 1 : b;
	char *da, *db, ra[PATH_MAX], rb[PATH_MAX];
	bool same = false;

	if (strcmp(ba, bb) != 0)
		return false;
	da = sa ? strndup(a, sa == a ? 1 : (size_t)(sa - a)) : strdup(".");
	db = sb ? strndup(b, sb == b ? 1 : (size_t)(sb - b)) : strdup(".");
	if (da && db && realpath(da, ra) && realpath(db, rb))
		same = strcmp(ra, rb) == 0;
	free(da);
	free(db);
	return same;
}

/* Are paths a and b the same file (or would they be, once written)? */
static bool same_file(const char *path_a, const char *path_b)
{
	char *a = strip_slashes(path_a), *b = strip_slashes(path_b);
	struct stat st_a, st_b;
	bool same, ea, eb;

	if (!a || !b) {
		same = !strcmp(path_a, path_b);
	} else if (!strcmp(a, b)) {
		same = true;
	} else {
		ea = stat(a, &st_a) == 0;
		eb = stat(b, &st_b) == 0;
		if (ea && eb)
			same = st_a.st_dev == st_b.st_dev &&
			       st_a.st_ino == st_b.st_ino;
		else
			same = !ea && !eb && same_place(a, b);
	}
	free(a);
	free(b);
	return same;
}

/* The depfile would replace the output or an input: a usage error. */
static int depfile_clash(const struct br_cli *cli)
{
	const char *what = NULL;
	char *vis;
	size_t i;
	int rc;

	if (same_file(cli->depfile, cli->output))
		what = "the output (-o)";
	else if (cli->template_path &&
		 same_file(cli->depfile, cli->template_path))
		what = "the --template file";
	for (i = 0; !what && i < cli->n_inputs; i++)
		if (strcmp(cli->inputs[i], "-") != 0 &&
		    same_file(cli->depfile, cli->inputs[i]))
			what = "an input";
	if (!what)
		return BR_OK;
	vis = br_visible_dup(cli->depfile, 0);
	rc = br_cli_usage(cli, "--depfile %s is also %s: the make rule "
			  "would overwrite it", vis ? vis : "FILE", what);
	free(vis);
	return rc;
}

/* -o names an input file (one that exists) or the --template file: a
 * usage error, before the file is read and then replaced by the output.
 * A directory given as input and as -o DIR/ (a chart per test) is no
 * clash; a missing input fails as it would. */
static int output_clash(const struct br_cli *cli)
{
	const char *what = NULL;
	struct stat st;
	char *vis;
	size_t i;
	int rc;

	if (!cli->output || !strcmp(cli->output, "-"))
		return BR_OK;
	if (cli->template_path && same_file(cli->output, cli->template_path))
		what = "the --template file";
	for (i = 0; !what && i < cli->n_inputs; i++)
		if (strcmp(cli->inputs[i], "-") != 0 &&
		    stat(cli->inputs[i], &st) == 0 && !S_ISDIR(st.st_mode) &&
		    same_file(cli->output, cli->inputs[i]))
			what = "an input";
	if (!what)
		return BR_OK;
	vis = br_visible_dup(cli->output, 0);
	rc = br_cli_usage(cli, "-o %s is also %s: the output would replace "
			  "it", vis ? vis : "OUT", what);
	free(vis);
	return rc;
}

/*
 * Every file a command reads (ingest's on_path): its device and inode
 * kept (render -o DIR/ never removes an input), then --depfile's
 * record.
 */
static void on_read(void *ctx, const char *path, bool is_dir)
{
	struct br_cli *cli = ctx;
	struct br_cli_files *f = &cli->files;
	struct stat st;

	if (!is_dir && stat(path, &st) == 0) {
		if (f->n_read == f->cap_read) {
			size_t cap = f->cap_read ? f->cap_read * 2 : 64;
			struct br_out_id *v = realloc(f->read, cap * sizeof *v);

			if (v) {
				f->read = v;
				f->cap_read = cap;
			}
		}
		if (f->n_read < f->cap_read) {
			f->read[f->n_read].dev = st.st_dev;
			f->read[f->n_read].ino = st.st_ino;
			f->n_read++;
		}
	}
	if (cli->deps.on)
		on_path(&cli->deps, path, is_dir);
}

/*
 * path (an output) as a walk tells it apart (ingest.h, struct
 * br_ingest_skip): the file, or the directory it will be made in and
 * its name there.  false: neither exists (nothing to leave out).
 */
static bool output_id(const char *path, struct br_ingest_skip *k,
		      char **name)
{
	char *p = strip_slashes(path), *slash, *dir;
	struct stat st;
	bool ok = false;

	*name = NULL;
	if (!p)
		return false;
	if (stat(p, &st) == 0) {
		ok = true;
	} else if (errno == ENOENT) {
		slash = strrchr(p, '/');
		dir = slash ? strndup(p, slash == p ? 1 : (size_t)(slash - p))
		      : strdup(".");
		*name = strdup(slash ? slash + 1 : p);
		ok = dir && *name && stat(dir, &st) == 0;
		free(dir);
		if (!ok) {
			free(*name);
			*name = NULL;
		}
	}
	free(p);
	if (ok) {
		k->dev = st.st_dev;
		k->ino = st.st_ino;
		k->name = *name;
	}
	return ok;
}

/* The outputs a walk leaves out, and the record of the files read. */
static void outputs_begin(struct br_cli *cli)
{
	struct br_cli_files *f = &cli->files;
	size_t n = 0;

	if (cli->output && strcmp(cli->output, "-") &&
	    output_id(cli->output, &f->skip[n], &f->names[n]))
		f->skip[n++].why = "the output of this run (-o)";
	if (cli->depfile &&
	    output_id(cli->depfile, &f->skip[n], &f->names[n]))
		f->skip[n++].why = "the make rule of this run (--depfile)";
	cli->ingest.skip = f->skip;
	cli->ingest.n_skip = n;
	cli->ingest.on_path = on_read;
	cli->ingest.on_path_ctx = cli;
}

void br_cli_outputs_free(struct br_cli *cli)
{
	free(cli->files.names[0]);
	free(cli->files.names[1]);
	free(cli->files.read);
	memset(&cli->files, 0, sizeof cli->files);
}

int br_cli_dep_begin(struct br_cli *cli)
{
	struct br_error err;
	int rc;

	rc = output_clash(cli);
	if (rc != BR_OK)
		return rc;
	outputs_begin(cli);
	if (!cli->depfile)
		return BR_OK;
	if (!cli->output || !strcmp(cli->output, "-"))
		return br_cli_usage(cli, "--depfile needs -o FILE: the make "
				    "rule's target");
	rc = depfile_clash(cli);
	if (rc != BR_OK)
		return rc;
	/* An unwritable depfile fails the run before any output is made,
	 * not after. */
	br_error_clear(&err);
	if (br_out_open(&cli->deps.out, cli->depfile, &err) != BR_OK) {
		br_cli_report(&err);
		return err.code;
	}
	cli->deps.on = true;
	return BR_OK;
}

/*
 * path as GNU make reads it back, in a new string (NULL on ENOMEM).
 * make unescapes a name twice:
 *
 * - reading the line: a blank, '#', ':' (and '%' in a target, else a
 *   pattern rule) needs a backslash, and the run of backslashes before
 *   it is halved, so it is doubled here; other backslashes are literal.
 *   '$' is written "$$", and '=' as "$(or =)": make has no escape for
 *   it, and "eq=x.csv:" would assign a variable.
 * - a name with a wildcard (* ? [) is then a glob(3) pattern, where
 *   every backslash escapes: there each backslash is doubled and each
 *   wildcard escaped first.
 *
 * Checked with GNU make 4.3 (tests/golden/batch-depfile-make-names).
 */
static char *make_name(const char *path, bool target)
{
	bool glob = strpbrk(path, "*?[") != NULL;
	/* the glob pattern: at most 2 bytes per byte */
	char *g = malloc(2 * strlen(path) + 1), *out, *q;
	const char *p;

	if (!g)
		return NULL;
	for (p = path, q = g; *p; p++) {
		if (glob && strchr("\\*?[", *p))
			*q++ = '\\';
		*q++ = *p;
	}
	*q = '\0';
	/* then make's escapes: at most 7 bytes per byte ("$(or =)") */
	out = malloc(7 * strlen(g) + 1);
	for (p = g, q = out; out && *p; p++) {
		const char *e = p;

		while (*e == '\\')
			e++;
		if (*e && (strchr(" #:", *e) || (target && *e == '%'))) {
			/* the backslashes before it doubled, and one more */
			for (; p < e; p++) {
				*q++ = '\\';
				*q++ = '\\';
			}
			*q++ = '\\';
			*q++ = *p;
		} else if (e > p) {
			memcpy(q, p, (size_t)(e - p));
			q += e - p;
			p = e - 1;
		} else if (*p == '$') {
			q = stpcpy(q, "$$");
		} else if (*p == '=') {
			q = stpcpy(q, "$(or =)");
		} else {
			*q++ = *p;
		}
	}
	if (out)
		*q = '\0';
	free(g);
	return out;
}

/* Would make read the '~' path starts with as a home directory ("~",
 * "~/x", "~user/x" for a user that exists)? */
static bool tilde_expands(const char *path)
{
	char user[256];
	size_t n;

	if (path[0] != '~')
		return false;
	n = strcspn(path + 1, "/");
	if (n == 0)
		return true;
	if (n >= sizeof user)
		return false;
	memcpy(user, path + 1, n);
	user[n] = '\0';
	return getpwnam(user) != NULL;
}

/* Why make cannot read path back from a rule, or NULL when it can. */
static const char *unwritable(const char *path)
{
	size_t n = strlen(path);

	if (strpbrk(path, "\n\t"))
		return "make cannot read a line break or a tab in a name";
	if (strchr(path, ';'))
		return "make would read what follows ';' as a recipe";
	if (strchr(path, '|'))
		return "make would read what follows '|' as order-only "
		       "prerequisites";
	if (n && path[n - 1] == '\\')
		return "make cannot read a backslash at the end of a name";
	if (n && path[n - 1] == ')' && strchr(path, '(') != path &&
	    strchr(path, '('))
		return "make would read \"NAME(MEMBER)\" as a member of an "
		       "archive";
	if (tilde_expands(path))
		return "make would read the '~' as a home directory";
	return NULL;
}

/* The first name in l that make cannot read: an error (BR_EIO, as
 * before), or BR_OK. */
static int check_names(const struct br_cli *cli, const struct br_paths *l,
		       struct br_error *err)
{
	size_t i;

	for (i = 0; i < l->n; i++) {
		const char *why = unwritable(l->v[i]);
		char *vis;

		if (!why)
			continue;
		vis = br_visible_dup(l->v[i], 0);
		br_error_set(err, BR_EIO, cli->depfile, 0, "cannot write a "
			     "make rule for '%s': %s", vis ? vis : "?", why);
		free(vis);
		return BR_EIO;
	}
	return BR_OK;
}

/* Write path for make (make_name); its length written, or 0 with
 * *oom set. */
static size_t put_path(FILE *fp, const char *path, bool target, bool *oom)
{
	char *m = make_name(path, target);
	size_t n;

	if (!m) {
		*oom = true;
		return 0;
	}
	fputs(m, fp);
	n = strlen(m);
	free(m);
	return n;
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

int br_cli_dep_check(const struct br_cli *cli)
{
	struct br_error err;
	const char *why;
	int rc;

	if (!cli->depfile || !cli->deps.on)
		return BR_OK;
	br_error_clear(&err);
	rc = check_names(cli, &cli->deps.prereqs, &err);
	if (rc == BR_OK && cli->output && (why = unwritable(cli->output))) {
		char *vis = br_visible_dup(cli->output, 0);

		rc = br_error_set(&err, BR_EIO, cli->depfile, 0, "cannot "
				  "write a make rule for '%s': %s",
				  vis ? vis : "?", why);
		free(vis);
	}
	if (rc != BR_OK)
		br_cli_report(&err);
	return rc;
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
	bool *tdup = NULL, *pdup = NULL, oom = false;
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
	rc = check_names(cli, targets, &err);
	if (rc == BR_OK)
		rc = check_names(cli, prereqs, &err);
	if (rc != BR_OK)
		goto done;
	col = 0;
	for (i = 0; i < targets->n && !oom; i++) {
		char *m = tdup[i] ? NULL : make_name(targets->v[i], true);

		if (!m) {
			oom = !tdup[i];
			continue;
		}
		if (col && col + strlen(m) > 76) {
			fputs(" \\\n ", out.fp);
			col = 1;
		} else if (col) {
			fputc(' ', out.fp);
			col++;
		}
		fputs(m, out.fp);
		col += strlen(m);
		free(m);
	}
	fputc(':', out.fp);
	col++;
	for (i = 0; i < prereqs->n && !oom; i++) {
		char *m = pdup[i] ? NULL : make_name(prereqs->v[i], false);

		if (!m) {
			oom = !pdup[i];
			continue;
		}
		if (col > 1 && col + 1 + strlen(m) > 76) {
			fputs(" \\\n", out.fp);
			col = 0;
		}
		fputc(' ', out.fp);
		fputs(m, out.fp);
		col += strlen(m) + 1;
		free(m);
	}
	fputc('\n', out.fp);
	/* an empty rule per prerequisite: its name is a target there */
	for (i = 0; i < prereqs->n && !oom; i++) {
		if (pdup[i])
			continue;
		fputc('\n', out.fp);
		put_path(out.fp, prereqs->v[i], true, &oom);
		fputs(":\n", out.fp);
	}
	if (oom) {
		rc = br_error_set(&err, BR_EIO, cli->depfile, 0,
				  "out of memory");
		goto done;
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
