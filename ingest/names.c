/*
 * names.c - the names of the systems once every input is read, decided
 * here once for every output (doc/design.md, "Two files of one
 * machine"):
 *
 *  1. systems kept apart (model/scope.c: two inputs with a system of
 *     one name and a result for one test) are named after their files:
 *     the file's stem, else (where stems are shared) the result's title,
 *     else the system's date, else the shortest tail of the path that
 *     differs ("a/run"), else the stem and the file's place ("run #2");
 *     "LABEL: NAME" for a file of several systems.  One warning says
 *     how.
 *  2. --name FILE=LABEL names the systems FILE named (or the one file
 *     of results read from directory FILE): LABEL for one,
 *     "LABEL: NAME" for each of several.
 *  3. --rename OLD=NEW renames the system now called OLD (or, when one
 *     system only was read as OLD, that one).
 *
 * Every new name must be free: a clash made by --name or --rename is a
 * usage error; one made by step 1 gets " (2)", " (3)" ...
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "ingest.h"
#include "../model/model_int.h"

#define NONE ((size_t)-1)

enum by { BY_NONE, BY_AUTO, BY_NAME, BY_RENAME };

struct namer {
	struct br_resultset *rs;
	struct br_error *err;
	const char **name;  /* new identifier per system; NULL: as it is */
	const char **how;   /* its renamed_by */
	enum by *by;
	const char **opt;   /* the option that gave it (messages) */
	const char *kinds;  /* how step 1 named, for the warning */
	bool mixed;         /* step 1 named groups in different ways */
};

static const char *cur(const struct namer *nm, size_t i)
{
	return nm->name[i] ? nm->name[i] : nm->rs->systems[i]->identifier;
}

/* ------------------------------------------------- step 1: kept apart */

/* The stem of path: its last component without its last extension. */
static const char *stem(struct br_resultset *rs, const char *path)
{
	const char *b = strrchr(path, '/'), *dot;

	if (!strcmp(path, "<stdin>"))
		return "stdin";
	b = b ? b + 1 : path;
	dot = strrchr(b, '.');
	return dot && dot > b ? br_rs_strn(rs, b, (size_t)(dot - b))
			      : br_rs_str(rs, b);
}

enum label_kind { L_STEM, L_TITLE, L_DATE, L_PATH, L_PLACE, L_N };

static const char *const kind_words[L_N] = {
	"their files' stems", "their results' titles", "their systems' dates",
	"their files' paths", "their files' stems and places",
};
static const char *const kind_how[L_N] = {
	"after its file's stem", "after its result's title",
	"after its system's date", "after its file's path",
	"after its file's stem and place among the inputs",
};

/* The last depth components of path, the last without its extension
 * ("a/run" for "tests/a/run.csv" at 2); the whole path when it has no
 * more components. */
static const char *path_tail(struct br_resultset *rs, const char *path,
			     size_t depth)
{
	const char *b = path + strlen(path), *dot = strrchr(path, '.');
	const char *slash = strrchr(path, '/');
	size_t n = 0;

	while (b > path && n < depth)
		if (*--b == '/' && b[1])
			n++;
	if (n == depth)
		b++;
	if (dot && (!slash || dot > slash + 1))
		return br_rs_strn(rs, b, (size_t)(dot - b));
	return br_rs_str(rs, b);
}

/* The label of kind k for member s, or NULL (none, or ENOMEM); place:
 * its place in the group, or for L_PATH the components to take. */
static const char *label_of(struct br_resultset *rs, size_t s,
			    enum label_kind k, size_t place)
{
	const struct br_system *sys = rs->systems[s];
	const struct br_source *src = sys->source < rs->n_sources ?
				      &rs->sources[sys->source] : NULL;
	const char *v = NULL;

	if (!src)
		return NULL;
	switch (k) {
	case L_STEM: v = stem(rs, src->path); break;
	case L_TITLE: v = src->title; break;
	case L_DATE: v = sys->timestamp; break;
	case L_PATH: v = path_tail(rs, src->path, place); break;
	case L_PLACE:
		v = br_arena_printf(rs->arena, "%s #%zu", stem(rs, src->path),
				    place + 1);
		break;
	case L_N: break;
	}
	return v && *v ? v : NULL;
}

/* The labels of kind k of the n members (for L_PATH, tails of depth
 * components), when all exist and differ. */
static bool labels_at(struct br_resultset *rs, const size_t *m, size_t n,
		      enum label_kind k, size_t depth, const char **out)
{
	size_t i, j;

	for (i = 0; i < n; i++) {
		out[i] = label_of(rs, m[i], k, k == L_PATH ? depth : i);
		if (!out[i])
			return false;
		for (j = 0; j < i; j++)
			if (!strcmp(out[i], out[j]))
				return false;
	}
	return true;
}

/* The labels of kind k of the n members, when all exist and differ:
 * for L_PATH the shortest tails of their paths that do ("a/run"). */
static bool labels(struct br_resultset *rs, const size_t *m, size_t n,
		   enum label_kind k, const char **out)
{
	size_t depth;

	if (k != L_PATH)
		return labels_at(rs, m, n, k, 0, out);
	for (depth = 2; depth <= 64; depth++)
		if (labels_at(rs, m, n, k, depth, out))
			return true;
	return false;
}

/* Name the members m[0..n) of one group (in input order). */
static int name_group(struct namer *nm, const size_t *m, size_t n)
{
	struct br_resultset *rs = nm->rs;
	const char **lab = calloc(n, sizeof *lab);
	enum label_kind k = L_STEM;
	size_t i;

	if (!lab)
		return br_error_set(nm->err, BR_EIO, NULL, 0, "out of memory");
	while (k < L_PLACE && !labels(rs, m, n, k, lab))
		k++;
	if (k == L_PLACE && !labels(rs, m, n, k, lab)) {
		free(lab);
		return br_error_set(nm->err, BR_EIO, NULL, 0, "out of memory");
	}
	nm->mixed |= nm->kinds && nm->kinds != kind_words[k];
	nm->kinds = kind_words[k];
	for (i = 0; i < n; i++) {
		const struct br_system *s = rs->systems[m[i]];
		const struct br_source *src = &rs->sources[s->source];

		nm->name[m[i]] = src->n_systems > 1 ?
			br_arena_printf(rs->arena, "%s: %s", lab[i],
					s->original) : lab[i];
		nm->how[m[i]] = br_arena_printf(rs->arena, "%s: kept apart, "
			"as %zu inputs have \"%s\" with results for the same "
			"tests", kind_how[k], n, s->original);
		nm->by[m[i]] = BY_AUTO;
		if (!nm->name[m[i]] || !nm->how[m[i]]) {
			free(lab);
			return br_error_set(nm->err, BR_EIO, NULL, 0,
					    "out of memory");
		}
	}
	free(lab);
	return BR_OK;
}

/* Every group of systems kept apart, each named. */
static int name_kept_apart(struct namer *nm)
{
	struct br_resultset *rs = nm->rs;
	size_t n = rs->n_systems, i, q, k;
	bool *prev = calloc(n + 1, sizeof *prev);
	size_t *m = malloc((n + 1) * sizeof *m);
	int rc = BR_OK;

	if (!prev || !m) {
		free(prev);
		free(m);
		return br_error_set(nm->err, BR_EIO, NULL, 0, "out of memory");
	}
	for (i = 0; i < n; i++)
		if (rs->systems[i]->same_prev != NONE)
			prev[rs->systems[i]->same_prev] = true;
	for (i = 0; i < n && rc == BR_OK; i++) {
		if (!rs->systems[i]->kept_apart || prev[i])
			continue;
		k = 0;  /* the last of a group: its chain, then reversed */
		for (q = i; q != NONE; q = rs->systems[q]->same_prev)
			m[k++] = q;
		for (q = 0; q < k / 2; q++) {
			size_t t = m[q];

			m[q] = m[k - 1 - q];
			m[k - 1 - q] = t;
		}
		rc = name_group(nm, m, k);
	}
	free(prev);
	free(m);
	return rc;
}

/* ------------------------------------------------ options: FILE=LABEL */

/* Split "A=B" at its first '=' into two arena strings. */
static int split(struct namer *nm, const char *opt, const char *what,
		 const char *arg, const char **a, const char **b)
{
	const char *eq = strchr(arg, '=');

	if (!eq || eq == arg || !eq[1])
		return br_error_set(nm->err, BR_EUSAGE, NULL, 0, "%s: expected "
				    "%s, got '%s'", opt, what, arg);
	*a = br_rs_strn(nm->rs, arg, (size_t)(eq - arg));
	*b = br_rs_str(nm->rs, eq + 1);
	if (!*a || !*b)
		return br_error_set(nm->err, BR_EIO, NULL, 0, "out of memory");
	return BR_OK;
}

/* Whether path names the file read as source path src. */
static bool same_file(const char *path, const char *src)
{
	struct stat a, b;

	if (!strcmp(path, src) || (!strcmp(path, "-") &&
				   !strcmp(src, "<stdin>")))
		return true;
	return stat(path, &a) == 0 && stat(src, &b) == 0 &&
	       a.st_dev == b.st_dev && a.st_ino == b.st_ino;
}

/* "'a.xml', 'b.xml' and 3 more": some of the files read. */
static void list_files(const struct br_resultset *rs, char *buf, size_t cap)
{
	size_t i, len = 0, shown = rs->n_sources > 4 ? 3 : rs->n_sources;

	buf[0] = '\0';
	for (i = 0; i < shown && len < cap; i++)
		len += (size_t)snprintf(buf + len, cap - len, "%s'%s'",
			i == 0 ? "" : i + 1 == shown && shown == rs->n_sources ?
			" and " : ", ", rs->sources[i].path);
	if (shown < rs->n_sources && len < cap)
		snprintf(buf + len, cap - len, " and %zu more",
			 rs->n_sources - shown);
	br_utf8_cut(buf);
}

/* The one file with systems read from directory dir (a saved PTS
 * result: results/day1/composite.xml for results/day1), or NONE: with
 * the error set when there are several. */
static size_t find_in_dir(struct namer *nm, const char *arg, const char *dir)
{
	const struct br_resultset *rs = nm->rs;
	size_t i, n = 0, found = NONE, len = strlen(dir);

	while (len > 1 && dir[len - 1] == '/')
		len--;
	for (i = 0; i < rs->n_sources; i++) {
		const char *p = rs->sources[i].path;

		if (strncmp(p, dir, len) || p[len] != '/' ||
		    !rs->sources[i].n_systems)
			continue;
		found = i;
		n++;
	}
	if (n > 1) {
		br_error_set(nm->err, BR_EUSAGE, NULL, 0, "--name %s: '%s' "
			     "holds %zu files of results; name one of them",
			     arg, dir, n);
		return NONE;
	}
	return found;
}

/* The source --name's FILE names, or NONE with the error set: FILE
 * itself, or the one file of results read from directory FILE. */
static size_t find_source(struct namer *nm, const char *arg,
			  const char *file)
{
	const struct br_resultset *rs = nm->rs;
	size_t i, found = NONE;
	char files[256];

	for (i = 0; i < rs->n_sources; i++)
		if (same_file(file, rs->sources[i].path)) {
			if (found != NONE) {
				br_error_set(nm->err, BR_EUSAGE, NULL, 0,
					     "--name %s: '%s' was read twice; "
					     "--rename names each of its "
					     "systems", arg, file);
				return NONE;
			}
			found = i;
		}
	if (found == NONE) {
		found = find_in_dir(nm, arg, file);
		if (nm->err->code)
			return NONE;
	}
	if (found == NONE) {
		list_files(rs, files, sizeof files);
		br_error_set(nm->err, BR_EUSAGE, NULL, 0, "--name %s: '%s' is "
			     "not among the files read (%s)", arg, file,
			     rs->n_sources ? files : "none");
	} else if (!rs->sources[found].n_systems) {
		br_error_set(nm->err, BR_EUSAGE, NULL, 0, "--name %s: '%s' "
			     "names no system of its own (its results joined "
			     "systems an earlier file named: --rename renames "
			     "those)", arg, file);
		found = NONE;
	}
	return found;
}

static int apply_name(struct namer *nm, const char *arg)
{
	struct br_resultset *rs = nm->rs;
	const char *file, *label;
	const struct br_source *src;
	size_t k, s;
	int rc = split(nm, "--name", "FILE=LABEL", arg, &file, &label);

	if (rc != BR_OK)
		return rc;
	k = find_source(nm, arg, file);
	if (k == NONE)
		return nm->err->code;
	src = &rs->sources[k];
	for (k = 0; k < src->n_systems; k++) {
		s = src->systems[k];
		if (nm->by[s] == BY_NAME)
			return br_error_set(nm->err, BR_EUSAGE, NULL, 0,
					    "--name %s: system \"%s\" is named "
					    "already, by --name %s", arg,
					    cur(nm, s), nm->opt[s]);
		nm->name[s] = src->n_systems > 1 ?
			br_arena_printf(rs->arena, "%s: %s", label,
					rs->systems[s]->original) : label;
		nm->how[s] = br_arena_printf(rs->arena, "by --name %s", arg);
		nm->by[s] = BY_NAME;
		nm->opt[s] = arg;
		if (!nm->name[s] || !nm->how[s])
			return br_error_set(nm->err, BR_EIO, NULL, 0,
					    "out of memory");
	}
	return BR_OK;
}

/* ------------------------------------------------ options: OLD=NEW */

/* "'a', 'b' and 3 more": names of systems i with want[i] (NULL: all). */
static void list_names(const struct namer *nm, const bool *want, char *buf,
		       size_t cap)
{
	size_t i, len = 0, n = 0, total = 0;

	for (i = 0; i < nm->rs->n_systems; i++)
		total += !want || want[i];
	buf[0] = '\0';
	for (i = 0; i < nm->rs->n_systems && len < cap; i++) {
		if (want && !want[i])
			continue;
		if (n == 4 && total > 5) {
			snprintf(buf + len, cap - len, " and %zu more",
				 total - n);
			break;
		}
		len += (size_t)snprintf(buf + len, cap - len, "%s'%s'",
			n == 0 ? "" : n + 1 == total ? " and " : ", ",
			cur(nm, i));
		n++;
	}
	br_utf8_cut(buf);
}

/* The system --rename's OLD names, or NONE with the error set: the one
 * called OLD now, else the one read as OLD. */
static size_t find_system(struct namer *nm, const char *arg, const char *old)
{
	const struct br_resultset *rs = nm->rs;
	size_t i, found = NONE, n = 0;
	bool *as_read = calloc(rs->n_systems + 1, sizeof *as_read);
	char names[320];

	if (!as_read) {
		br_error_set(nm->err, BR_EIO, NULL, 0, "out of memory");
		return NONE;
	}
	for (i = 0; i < rs->n_systems && found == NONE; i++)
		if (!strcmp(cur(nm, i), old))
			found = i;
	for (i = 0; i < rs->n_systems && found == NONE; i++)
		if (!strcmp(rs->systems[i]->original, old)) {
			as_read[i] = true;
			n++;
		}
	for (i = 0; i < rs->n_systems && n == 1; i++)
		if (as_read[i])
			found = i;
	if (found == NONE) {
		list_names(nm, n ? as_read : NULL, names, sizeof names);
		if (n)
			br_error_set(nm->err, BR_EUSAGE, NULL, 0, "--rename %s: "
				     "%zu systems were read as '%s'; rename "
				     "each by its name now: %s", arg, n, old,
				     names);
		else
			br_error_set(nm->err, BR_EUSAGE, NULL, 0, "--rename %s: "
				     "no system is called '%s' (the systems: "
				     "%s)", arg, old, names);
	}
	free(as_read);
	return found;
}

/* Every --rename, at once (so A=B and B=A swap two names). */
static int apply_renames(struct namer *nm, const char *const *args, size_t n)
{
	struct br_resultset *rs = nm->rs;
	size_t *target = calloc(n + 1, sizeof *target), k, j;
	const char **to = calloc(n + 1, sizeof *to), *old;
	int rc = target && to ? BR_OK :
		 br_error_set(nm->err, BR_EIO, NULL, 0, "out of memory");

	for (k = 0; k < n && rc == BR_OK; k++) {
		rc = split(nm, "--rename", "OLD=NEW", args[k], &old, &to[k]);
		if (rc != BR_OK)
			break;
		target[k] = find_system(nm, args[k], old);
		if (target[k] == NONE)
			rc = nm->err->code;
		for (j = 0; j < k && rc == BR_OK; j++)
			if (target[j] == target[k])
				rc = br_error_set(nm->err, BR_EUSAGE, NULL, 0,
						  "--rename %s: system '%s' is "
						  "renamed already, by --rename "
						  "%s", args[k], cur(nm, target[k]),
						  args[j]);
	}
	for (k = 0; k < n && rc == BR_OK; k++) {
		size_t s = target[k];
		const char *was = nm->how[s];

		nm->how[s] = was ? br_arena_printf(rs->arena, "by --rename %s "
			"(was \"%s\", named %s)", args[k], cur(nm, s), was) :
			br_arena_printf(rs->arena, "by --rename %s", args[k]);
		nm->name[s] = to[k];
		nm->by[s] = BY_RENAME;
		nm->opt[s] = args[k];
		if (!nm->how[s])
			rc = br_error_set(nm->err, BR_EIO, NULL, 0,
					  "out of memory");
	}
	free(target);
	free(to);
	return rc;
}

/* ------------------------------------------------------ distinct names */

static bool user_named(const struct namer *nm, size_t i)
{
	return nm->by[i] == BY_NAME || nm->by[i] == BY_RENAME;
}

/* A clash of i's new name with system j's: the option's fault. */
static int clash(struct namer *nm, size_t i, size_t j)
{
	const struct br_system *o = nm->rs->systems[j];
	const char *from = o->source < nm->rs->n_sources ?
			   nm->rs->sources[o->source].path : "?";

	if (user_named(nm, j))
		return br_error_set(nm->err, BR_EUSAGE, NULL, 0, "%s %s: "
				    "'%s' is given to another system too, by "
				    "%s %s", nm->by[i] == BY_NAME ? "--name" :
				    "--rename", nm->opt[i], cur(nm, i),
				    nm->by[j] == BY_NAME ? "--name" :
				    "--rename", nm->opt[j]);
	return br_error_set(nm->err, BR_EUSAGE, NULL, 0, "%s %s: '%s' is the "
			    "name of another system (read from %s)",
			    nm->by[i] == BY_NAME ? "--name" : "--rename",
			    nm->opt[i], cur(nm, i), from);
}

/* Which pass of distinct() takes system i: names as read, then those
 * step 1 gave, then the options'. */
static size_t pass_of(const struct namer *nm, size_t i)
{
	return nm->by[i] == BY_NONE ? 0 : nm->by[i] == BY_AUTO ? 1 : 2;
}

/* Make every name distinct: a name step 1 gave gets " (2)" ...; a name
 * an option gave that is taken is an error. */
static int distinct(struct namer *nm)
{
	struct br_map *m = br_map_new();
	size_t i, j, k;
	int rc = m ? BR_OK : br_error_set(nm->err, BR_EIO, NULL, 0,
					  "out of memory");

	for (k = 0; k < 3 && rc == BR_OK; k++)
		for (i = 0; i < nm->rs->n_systems && rc == BR_OK; i++) {
			const char *base = cur(nm, i);
			size_t n = 2;

			if (pass_of(nm, i) != k)
				continue;
			while (rc == BR_OK && k > 0 &&
			       br_map_get(m, cur(nm, i), &j)) {
				if (k == 2) {
					rc = clash(nm, i, j);
					break;
				}
				nm->name[i] = br_arena_printf(nm->rs->arena,
					"%s (%zu)", base, n++);
				if (!nm->name[i])
					rc = br_error_set(nm->err, BR_EIO, NULL,
							  0, "out of memory");
			}
			if (rc == BR_OK && !br_map_put(m, cur(nm, i), i))
				rc = br_error_set(nm->err, BR_EIO, NULL, 0,
						  "out of memory");
		}
	br_map_free(m);
	return rc;
}

/* ------------------------------------------------------------ warning */

/* One line: which systems step 1 named, and how (those an option named
 * afterwards left out: the user chose their names).  Linear in the
 * systems: a history of many files is many groups. */
static void warn_kept_apart(struct namer *nm)
{
	struct br_resultset *rs = nm->rs;
	struct br_map *seen = br_map_new();
	bool *src = calloc(rs->n_sources + 1, sizeof *src);
	char *list = NULL, *originals = NULL, *t;
	size_t i, v, n = 0, n_orig = 0, n_src = 0;

	for (i = 0; seen && src && i < rs->n_systems; i++) {
		const struct br_system *s = rs->systems[i];

		if (nm->by[i] != BY_AUTO)
			continue;
		if (!br_map_get(seen, s->original, &v)) {
			if (!br_map_put(seen, s->original, i))
				break;
			if (n_orig++ < 3) {
				t = br_strf("%s%s\"%s\"", originals ?
					    originals : "", originals ? ", " :
					    "", s->original);
				free(originals);
				originals = t;
			}
		}
		n_src += !src[s->source];
		src[s->source] = true;
		if (n++ < 4) {
			t = br_strf("%s%s\"%s\" (%s)", list ? list : "",
				    list ? ", " : "", cur(nm, i),
				    rs->sources[s->source].path);
			free(list);
			list = t;
		}
	}
	if (n && list && originals)
		br_rs_warn(rs, NULL, "%s %s%s %s results for the same tests in "
			   "%zu inputs: kept apart and named after %s: %s%s "
			   "(--name FILE=LABEL or --rename OLD=NEW names "
			   "them)", n_orig == 1 ? "system" : "systems",
			   originals, n_orig > 3 ? ", ..." : "",
			   n_orig == 1 ? "has" : "have", n_src,
			   nm->mixed ? "their files" : nm->kinds, list,
			   n > 4 ? ", ..." : "");
	br_map_free(seen);
	free(src);
	free(list);
	free(originals);
}

/* ---------------------------------------------------------------- all */

static int name_all(struct namer *nm, const struct br_naming *opt)
{
	size_t i;
	int rc = name_kept_apart(nm);

	for (i = 0; i < opt->n_names && rc == BR_OK; i++)
		rc = apply_name(nm, opt->names[i]);
	if (rc == BR_OK && opt->n_renames)
		rc = apply_renames(nm, opt->renames, opt->n_renames);
	if (rc == BR_OK)
		rc = distinct(nm);
	if (rc == BR_OK)
		warn_kept_apart(nm);
	if (rc == BR_OK && !br_rs_set_names(nm->rs, nm->name))
		rc = br_error_set(nm->err, BR_EIO, NULL, 0, "out of memory");
	for (i = 0; i < nm->rs->n_systems && rc == BR_OK; i++)
		if (nm->by[i] != BY_NONE)
			nm->rs->systems[i]->renamed_by = nm->how[i];
	return rc;
}

int br_ingest_names(struct br_resultset *rs, const struct br_naming *opt,
		    struct br_error *err)
{
	struct namer nm;
	size_t n = rs->n_systems + 1;
	int rc;

	memset(&nm, 0, sizeof nm);
	nm.rs = rs;
	nm.err = err;
	nm.name = calloc(n, sizeof *nm.name);
	nm.how = calloc(n, sizeof *nm.how);
	nm.by = calloc(n, sizeof *nm.by);
	nm.opt = calloc(n, sizeof *nm.opt);
	if (!nm.name || !nm.how || !nm.by || !nm.opt)
		rc = br_error_set(err, BR_EIO, NULL, 0, "out of memory");
	else
		rc = name_all(&nm, opt);
	free(nm.name);
	free(nm.how);
	free(nm.by);
	free(nm.opt);
	return rc;
}
