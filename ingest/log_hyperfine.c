/*
 * log_hyperfine.c - hyperfine's --export-json file.
 *
 *   {"results": [{"command": "dd ...", "mean": 0.21, "stddev": 0.01,
 *                 "user": 0.01, "system": 0.05,
 *                 ..., "times": [0.20, 0.22, ...], ...}]}
 *
 * A file of two or more commands is hyperfine's comparison, and each
 * command (its -n name when it has one: hyperfine writes that as
 * "command") becomes a system; the test is --test NAME, else the file's
 * stem ("gzip-levels.json", "gzip-levels-run2.json" -> "gzip-levels"),
 * with three results: "Wall time" (every element of "times" is a run),
 * "User time" and "System time" (hyperfine exports their means only:
 * one value each).  A file of one command, or any file read with
 * --system, is one result of one system, as every raw log: the test is
 * "Hyperfine" (or --test NAME) "Command: ... (wall time)", its user and
 * system time "Command: ... (user time)" and "... (system time)", so a
 * pattern can keep one of the three.  Seconds, fewer is better.
 *
 * Runs of different commands or files are never pooled (issue 25).  A
 * command listed more than once (hyperfine allows it) is kept apart:
 * its appearances are "COMMAND #1", "COMMAND #2", ... (a number another
 * command of the file already is, say a real "a #2", is skipped), with
 * a warning.  Files of one stem in one directory add runs to the same
 * tests (gzip-levels.json, gzip-levels-run2.json), but a file whose
 * stem an earlier file in another directory used (machineA/bench.json,
 * machineB/bench.json) names its tests by the shortest tail of its path
 * no earlier file's tests have ("machineB/bench"), with a warning.
 *
 * A file without
 * "times" (very old hyperfine) gives its mean as one run.  The title is
 * also the tests' arguments, so files of two tests (gzip-levels.json,
 * compress-named.json; --test A and --test B) never merge into one.  Parsed with
 * json-c, whose depth limit bounds the nesting.  Commands as systems:
 * doc/statistics.md, "hyperfine's relative speed".
 */
#include <json-c/json.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "log_int.h"
#include "../model/model_int.h"
#include "text_int.h"

int br_detect_hyperfine(const char *buf, size_t len)
{
	size_t i = br_text_bom(buf, len);   /* a UTF-8 BOM is skipped */

	while (i < len && (buf[i] == ' ' || buf[i] == '\t' || buf[i] == '\n' ||
			   buf[i] == '\r'))
		i++;
	if (i == len || buf[i] != '{')
		return 0;
	if (br_log_has(buf, len, "\"results\"") &&
	    br_log_has(buf, len, "\"command\"") &&
	    br_log_has(buf, len, "\"mean\""))
		return 95;
	return 0;
}

/* Offset of the next "command" key at or after *from (moved past it). */
static size_t next_command(const char *buf, size_t len, size_t *from)
{
	static const char key[] = "\"command\"";
	size_t k = sizeof key - 1, i = *from;
	const char *p;

	while (i + k <= len) {
		p = memchr(buf + i, '"', len - i);
		if (!p || (size_t)(p - buf) + k > len)
			break;
		i = (size_t)(p - buf);
		if (memcmp(p, key, k) == 0) {
			*from = i + k;
			return i;
		}
		i++;
	}
	return *from;
}

/* How a file's commands map to systems and tests (see the top). */
struct hf_names {
	bool per_command;       /* each command a system */
	const char *title;      /* the test's title */
	const char **system;    /* per_command: each result's system */
};

/* A result's command, or NULL when it has none (an error later). */
static const char *command_of(struct json_object *results, size_t i)
{
	struct json_object *jv;

	if (!json_object_object_get_ex(json_object_array_get_idx(results, i),
				       "command", &jv) ||
	    !json_object_is_type(jv, json_type_string))
		return NULL;
	return json_object_get_string(jv);
}

struct hf_key {
	const char *cmd;
	size_t i;
};

static int key_cmp(const void *pa, const void *pb)
{
	const struct hf_key *a = pa, *b = pb;
	int c = strcmp(a->cmd, b->cmd);

	return c ? c : a->i < b->i ? -1 : a->i > b->i;
}

/* "name #k" for the least k from *k on that no command of the file and
 * no name given so far is (used holds them); interned, or NULL. */
static const char *free_name(struct br_resultset *rs, struct br_map *used,
			     const char *cmd, size_t *k)
{
	for (;;) {
		char *s = br_strf("%s #%zu", cmd, ++*k);
		const char *in = s ? br_rs_str(rs, s) : NULL;
		size_t v;

		free(s);
		if (!in)
			return NULL;
		if (!br_map_get(used, in, &v))
			return br_map_put(used, in, 1) ? in : NULL;
	}
}

/* The warning for command k[i].cmd, listed j - i times. */
static void warn_listed(struct br_log *lg, const struct hf_key *k,
			size_t i, size_t j, const struct hf_names *nm,
			const unsigned long *line)
{
	char c[160], a[200], b[200];

	br_log_quote(k[i].cmd, strlen(k[i].cmd), c, sizeof c);
	br_log_quote(nm->system[k[i].i], strlen(nm->system[k[i].i]), a,
		     sizeof a);
	br_log_quote(nm->system[k[j - 1].i], strlen(nm->system[k[j - 1].i]),
		     b, sizeof b);
	br_log_warn(lg, line[k[i].i], "hyperfine: command \"%s\" is listed "
		    "%zu times; its results are kept apart as \"%s\" %s "
		    "\"%s\"", c, j - i, a, j - i == 2 ? "and" : "to", b);
}

/*
 * nm->system[i]: result i's name, its command when the file lists it
 * once, else "COMMAND #k" (see the top).  Sorted, so a file of many
 * commands is not compared pairwise.  BR_OK, or BR_EIO (err set).
 */
static int hf_systems(struct br_log *lg, struct json_object *results,
		      size_t n, struct hf_names *nm, const unsigned long *line)
{
	struct hf_key *k = calloc(n + 1, sizeof *k);
	struct br_map *used = br_map_new();
	size_t i, j, m, seq;
	int rc = BR_OK;

	nm->system = br_arena_alloc(lg->rs->arena,
				    (n + 1) * sizeof *nm->system);
	for (i = 0; k && used && nm->system && i < n; i++) {
		k[i].cmd = command_of(results, i);
		k[i].i = i;
		if (!k[i].cmd)
			k[i].cmd = "";  /* hf_result says it has none */
		if (!br_map_put(used, k[i].cmd, 1))
			break;
	}
	if (!k || !used || !nm->system || i < n) {
		free(k);
		br_map_free(used);
		return br_error_set(lg->err, BR_EIO, lg->name, 0,
				    "out of memory");
	}
	qsort(k, n, sizeof *k, key_cmp);
	for (i = 0; i < n && rc == BR_OK; i = j) {
		for (j = i + 1; j < n && !strcmp(k[j].cmd, k[i].cmd); j++)
			;
		nm->system[k[i].i] = k[i].cmd;
		for (m = i, seq = 0; j - i > 1 && m < j && rc == BR_OK; m++) {
			nm->system[k[m].i] = free_name(lg->rs, used, k[m].cmd,
						       &seq);
			if (!nm->system[k[m].i])
				rc = br_error_set(lg->err, BR_EIO, lg->name, 0,
						  "out of memory");
		}
		if (rc == BR_OK && j - i > 1)
			warn_listed(lg, k, i, j, nm, line);
	}
	free(k);
	br_map_free(used);
	return rc;
}

/* ------------------------------------------------- a file's test title */

/* The length of path's directory part (0: none). */
static size_t dir_len(const char *path)
{
	const char *s = strrchr(path, '/');

	return s ? (size_t)(s - path) : 0;
}

/* The path of a file whose runs are in a test of an earlier hyperfine
 * file of several commands with arguments title, in a directory other
 * than path's; with same_stem, instead, the title of such a test whose
 * file is in path's directory and has path's stem.  NULL: none. */
static const char *earlier(const struct br_resultset *rs, const char *path,
			   const char *title, const char *stem,
			   bool same_stem)
{
	size_t i, e, dl = dir_len(path);
	char st[512];

	for (i = 0; i < rs->n_tests; i++) {
		const struct br_test *t = rs->tests[i];

		if (!t->identifier || strcmp(t->identifier, "hyperfine") ||
		    !t->description || strcmp(t->description, "Wall time") ||
		    !t->arguments || (!same_stem && strcmp(t->arguments,
							   title)))
			continue;
		for (e = 0; e < t->n_entries; e++) {
			const struct br_sample *sa = &t->entries[e].sample;
			const char *f = sa->n_runs ? sa->runs[0].loc.file
						   : NULL;
			bool same_dir;

			if (!f)
				continue;
			same_dir = dir_len(f) == dl && !strncmp(f, path, dl);
			if (!same_stem && !same_dir)
				return f;
			if (same_stem && same_dir) {
				br_log_stem(f, st, sizeof st);
				if (!strcmp(st, stem))
					return t->arguments;
			}
		}
	}
	return NULL;
}

/* The last d components of path's directory and the stem ("b/bench"),
 * or NULL when the directory has fewer than d (or on ENOMEM). */
static char *path_title(const char *path, size_t d, const char *stem)
{
	size_t dl = dir_len(path), c = 0;
	const char *p = path + dl;

	if (dl == 0)
		return NULL;
	while (p > path && c < d) {
		p--;
		if (*p == '/' && p + 1 < path + dl)
			c++;
	}
	if (c == d)
		p++;
	else if (c + 1 < d)
		return NULL;
	return br_strf("%.*s/%s", (int)(path + dl - p), p, stem);
}

/*
 * The title of a file of several commands named after its stem (see the
 * top): the title of an earlier file of its stem in its directory, else
 * the stem, else the shortest tail of its path that no earlier file in
 * another directory has, with a warning.  Interned; NULL on ENOMEM.
 */
static const char *hf_title(struct br_log *lg, const char *stem)
{
	const char *same = earlier(lg->rs, lg->name, NULL, stem, true);
	const char *other, *title = stem;
	char *tried = NULL, a[200], b[200];
	size_t d;

	if (same)
		return same;
	other = earlier(lg->rs, lg->name, stem, stem, false);
	if (!other)
		return br_rs_str(lg->rs, stem);
	for (d = 1; (tried = path_title(lg->name, d, stem)) != NULL; d++) {
		if (!earlier(lg->rs, lg->name, tried, stem, false))
			break;
		free(tried);
	}
	if (!tried)  /* every tail taken: the path as given */
		tried = br_strf("%s", lg->name);
	title = tried ? br_rs_str(lg->rs, tried) : NULL;
	free(tried);
	if (!title)
		return NULL;
	br_log_quote(other, strlen(other), a, sizeof a);
	br_log_quote(title, strlen(title), b, sizeof b);
	br_log_warn(lg, 1, "hyperfine: %s has the name of %s, a file in "
		    "another directory: its tests are \"%s\", not pooled with "
		    "that file's", lg->name, a, b);
	return title;
}

/* Add one value of the command named cmd (its name: nm->system[i]):
 * what is "Wall time", "User time" or "System time". */
static int hf_add(struct br_log *lg, const struct hf_names *nm,
		  const char *cmd, const char *what, double v,
		  unsigned long line)
{
	/* the wall time is the command's; user and system time are
	 * sub-metrics (br_test.sub_metric) */
	lg->sub_metric = strcmp(what, "Wall time") != 0;
	if (nm->per_command)
		return br_log_addf(lg, "hyperfine", nm->title, "Seconds",
				   BR_DIR_LIB, v, line, "%s", what);
	return br_log_addf(lg, "hyperfine", nm->title, "Seconds", BR_DIR_LIB,
			   v, line, "Command: %s (%c%s)", cmd, what[0] + 32,
			   what + 1);
}

static bool is_number(struct json_object *jv)
{
	return json_object_is_type(jv, json_type_double) ||
	       json_object_is_type(jv, json_type_int);
}

/* One element of "results": its runs, then its user and system time. */
static int hf_result(struct br_log *lg, const struct hf_names *nm,
		     struct json_object *r, size_t i, unsigned long line)
{
	struct json_object *jv, *times;
	const char *cmd;
	size_t j, m;
	int rc = BR_OK;

	if (!json_object_object_get_ex(r, "command", &jv) ||
	    !json_object_is_type(jv, json_type_string))
		return br_log_fail(lg, line, "hyperfine: result %zu has no "
				   "\"command\"", i + 1);
	cmd = json_object_get_string(jv);
	if (nm->per_command) {
		lg->system = br_rs_str(lg->rs, nm->system[i]);
		lg->sys = (size_t)-1;
		lg->named_by = "from the hyperfine command (its -n name when "
			       "given)";
		if (!lg->system)
			return br_error_set(lg->err, BR_EIO, lg->name, line,
					    "out of memory");
	}
	if (json_object_object_get_ex(r, "times", &times) &&
	    json_object_is_type(times, json_type_array) &&
	    json_object_array_length(times) > 0) {
		m = json_object_array_length(times);
		for (j = 0; j < m && rc == BR_OK; j++) {
			jv = json_object_array_get_idx(times, j);
			if (!is_number(jv))
				return br_log_fail(lg, line, "hyperfine: a time "
						   "of '%s' is not a number",
						   cmd);
			rc = hf_add(lg, nm, nm->system[i], "Wall time",
				    json_object_get_double(jv), line);
		}
	} else if (json_object_object_get_ex(r, "mean", &jv) &&
		   is_number(jv)) {
		rc = hf_add(lg, nm, nm->system[i], "Wall time",
			    json_object_get_double(jv), line);
	} else {
		return br_log_fail(lg, line, "hyperfine: '%s' has neither "
				   "\"times\" nor \"mean\"", cmd);
	}
	if (rc == BR_OK && json_object_object_get_ex(r, "user", &jv) &&
	    is_number(jv))
		rc = hf_add(lg, nm, nm->system[i], "User time",
			    json_object_get_double(jv), line);
	if (rc == BR_OK && json_object_object_get_ex(r, "system", &jv) &&
	    is_number(jv))
		rc = hf_add(lg, nm, nm->system[i], "System time",
			    json_object_get_double(jv), line);
	return rc;
}

/* How the n results of the file map to systems and tests (hf_names),
 * line[i] the line of result i.  BR_OK or an error (err set). */
static int hf_naming(struct br_log *lg, struct json_object *results,
		     size_t n, const struct br_ingest_opts *o,
		     const unsigned long *line, struct hf_names *nm)
{
	const char *name = lg->name;
	char *stem;
	int rc;

	nm->per_command = n >= 2 && !(o && o->system && *o->system);
	nm->title = o && o->test ? o->test : "Hyperfine";
	nm->system = NULL;
	rc = hf_systems(lg, results, n, nm, line);
	if (rc != BR_OK || !nm->per_command || (o && o->test))
		return rc;
	/* stdin ("<stdin>") has no file name to take it from */
	if (*name == '<')
		return BR_OK;
	stem = malloc(strlen(name) + 1);
	if (!stem)
		return br_error_set(lg->err, BR_EIO, name, 0, "out of memory");
	br_log_stem(name, stem, strlen(name) + 1);
	if (*stem)
		nm->title = hf_title(lg, stem);
	free(stem);
	if (!nm->title)
		return br_error_set(lg->err, BR_EIO, name, 0, "out of memory");
	return BR_OK;
}

int br_read_hyperfine(struct br_resultset *rs, const char *name,
		      const char *buf, size_t len,
		      const struct br_ingest_opts *o, struct br_error *err)
{
	struct json_object *root, *results;
	struct br_log lg;
	struct br_log_pos pos = {0, 0};
	struct hf_names nm;
	unsigned long *line;
	size_t i, n, from = 0;
	int rc;

	rc = br_log_open(&lg, rs, name, o, err);
	if (rc != BR_OK)
		return rc;
	root = br_log_json(&lg, buf, len, br_text_bom(buf, len), "hyperfine");
	if (!root)
		return err->code;
	if (!json_object_object_get_ex(root, "results", &results) ||
	    !json_object_is_type(results, json_type_array)) {
		json_object_put(root);
		return br_log_fail(&lg, 1, "hyperfine: no \"results\" array");
	}
	n = json_object_array_length(results);
	line = calloc(n + 1, sizeof *line);
	if (!line) {
		json_object_put(root);
		return br_error_set(err, BR_EIO, name, 0, "out of memory");
	}
	for (i = 0; i < n; i++)
		line[i] = br_log_line_at(&pos, buf, len,
					 next_command(buf, len, &from));
	rc = hf_naming(&lg, results, n, o, line, &nm);
	/* files of other tests stay apart even where their descriptions
	 * ("Wall time") are the same */
	lg.arguments = nm.title;
	lg.test_named_by = br_log_hf_test_named(o && o->test,
						nm.per_command, nm.title);
	for (i = 0; i < n && rc == BR_OK; i++)
		rc = hf_result(&lg, &nm, json_object_array_get_idx(results, i),
			       i, line[i]);
	free(line);
	json_object_put(root);
	if (rc != BR_OK)
		return rc;
	return br_log_close(&lg, "hyperfine", 1);
}
