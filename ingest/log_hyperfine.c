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
 * "Hyperfine" (or --test NAME) "Command: ...", its user and system time
 * "Command: ... (user time)" and "... (system time)".  Seconds, fewer is
 * better.  A command listed twice (hyperfine allows it) names two
 * systems: the second is "COMMAND (2)", and so on.  A file without
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

/*
 * nm->system[i]: result i's command, "COMMAND (k)" for its k-th
 * appearance from the second on.  Sorted, so a file of many commands is
 * not compared pairwise.  BR_OK, or BR_EIO (err set).
 */
static int hf_systems(struct br_resultset *rs, struct json_object *results,
		      size_t n, struct hf_names *nm, const char *name,
		      struct br_error *err)
{
	struct hf_key *k = calloc(n, sizeof *k);
	size_t i, dup = 1;
	int rc = BR_OK;

	nm->system = br_arena_alloc(rs->arena, n * sizeof *nm->system);
	if (!k || !nm->system) {
		free(k);
		return br_error_set(err, BR_EIO, name, 0, "out of memory");
	}
	for (i = 0; i < n; i++) {
		k[i].cmd = command_of(results, i);
		k[i].i = i;
		if (!k[i].cmd)
			k[i].cmd = "";  /* hf_result says it has none */
	}
	qsort(k, n, sizeof *k, key_cmp);
	for (i = 0; i < n && rc == BR_OK; i++) {
		char *dn;

		dup = i > 0 && !strcmp(k[i].cmd, k[i - 1].cmd) ? dup + 1 : 1;
		nm->system[k[i].i] = k[i].cmd;
		if (dup == 1)
			continue;
		dn = br_strf("%s (%zu)", k[i].cmd, dup);
		nm->system[k[i].i] = dn ? br_rs_str(rs, dn) : NULL;
		free(dn);
		if (!nm->system[k[i].i])
			rc = br_error_set(err, BR_EIO, name, 0,
					  "out of memory");
	}
	free(k);
	return rc;
}

/* Add one value of command cmd: what is "Wall time", "User time" or
 * "System time". */
static int hf_add(struct br_log *lg, const struct hf_names *nm,
		  const char *cmd, const char *what, double v,
		  unsigned long line)
{
	if (nm->per_command)
		return br_log_addf(lg, "hyperfine", nm->title, "Seconds",
				   BR_DIR_LIB, v, line, "%s", what);
	if (!strcmp(what, "Wall time"))
		return br_log_addf(lg, "hyperfine", nm->title, "Seconds",
				   BR_DIR_LIB, v, line, "Command: %s", cmd);
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
			rc = hf_add(lg, nm, cmd, "Wall time",
				    json_object_get_double(jv), line);
		}
	} else if (json_object_object_get_ex(r, "mean", &jv) &&
		   is_number(jv)) {
		rc = hf_add(lg, nm, cmd, "Wall time",
			    json_object_get_double(jv), line);
	} else {
		return br_log_fail(lg, line, "hyperfine: '%s' has neither "
				   "\"times\" nor \"mean\"", cmd);
	}
	if (rc == BR_OK && json_object_object_get_ex(r, "user", &jv) &&
	    is_number(jv))
		rc = hf_add(lg, nm, cmd, "User time",
			    json_object_get_double(jv), line);
	if (rc == BR_OK && json_object_object_get_ex(r, "system", &jv) &&
	    is_number(jv))
		rc = hf_add(lg, nm, cmd, "System time",
			    json_object_get_double(jv), line);
	return rc;
}

int br_read_hyperfine(struct br_resultset *rs, const char *name,
		      const char *buf, size_t len,
		      const struct br_ingest_opts *o, struct br_error *err)
{
	struct json_object *root, *results;
	struct br_log lg;
	struct br_log_pos pos = {0, 0};
	struct hf_names nm;
	size_t i, n, from = 0;
	char *stem = NULL;
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
	nm.per_command = n >= 2 && !(o && o->system && *o->system);
	nm.title = o && o->test ? o->test : "Hyperfine";
	nm.system = NULL;
	if (nm.per_command) {
		rc = hf_systems(rs, results, n, &nm, name, err);
		if (rc != BR_OK) {
			json_object_put(root);
			return rc;
		}
	}
	if (nm.per_command && !(o && o->test)) {
		stem = br_arena_alloc(rs->arena, strlen(name) + 1);
		if (!stem) {
			json_object_put(root);
			return br_error_set(err, BR_EIO, name, 0,
					    "out of memory");
		}
		br_log_stem(name, stem, strlen(name) + 1);
		/* stdin ("<stdin>") has no file name to take it from */
		nm.title = *stem && *name != '<' ? stem : "Hyperfine";
	}
	/* files of other tests stay apart even where their descriptions
	 * ("Wall time") are the same */
	lg.arguments = nm.title;
	for (i = 0; i < n && rc == BR_OK; i++)
		rc = hf_result(&lg, &nm, json_object_array_get_idx(results, i),
			       i, br_log_line_at(&pos, buf, len,
						 next_command(buf, len,
							      &from)));
	json_object_put(root);
	if (rc != BR_OK)
		return rc;
	return br_log_close(&lg, "hyperfine", 1);
}
