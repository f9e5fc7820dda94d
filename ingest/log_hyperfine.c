/*
 * log_hyperfine.c - hyperfine's --export-json file.
 *
 *   {"results": [{"command": "dd ...", "mean": 0.21, "stddev": 0.01,
 *                 ..., "times": [0.20, 0.22, ...], ...}]}
 *
 * Every element of "times" is one run (seconds, fewer is better) of the
 * test "Hyperfine" "Command: ...".  A file without "times" (very old
 * hyperfine) gives its mean as one run.  Parsed with json-c, whose depth
 * limit bounds the nesting.
 */
#include <json-c/json.h>
#include <stdio.h>
#include <string.h>

#include "log_int.h"

int br_detect_hyperfine(const char *buf, size_t len)
{
	size_t i = 0;

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

int br_read_hyperfine(struct br_resultset *rs, const char *name,
		      const char *buf, size_t len,
		      const struct br_ingest_opts *o, struct br_error *err)
{
	struct json_object *root, *results, *r, *jv, *times;
	struct br_log lg;
	struct br_log_pos pos = {0, 0};
	size_t i, n, j, from = 0;
	int rc;

	rc = br_log_open(&lg, rs, name, o, err);
	if (rc != BR_OK)
		return rc;
	root = br_log_json(&lg, buf, len, 0, "hyperfine");
	if (!root)
		return err->code;
	if (!json_object_object_get_ex(root, "results", &results) ||
	    !json_object_is_type(results, json_type_array)) {
		json_object_put(root);
		return br_log_fail(&lg, 1, "hyperfine: no \"results\" array");
	}
	n = json_object_array_length(results);
	for (i = 0; i < n && rc == BR_OK; i++) {
		const char *cmd;
		unsigned long line;

		r = json_object_array_get_idx(results, i);
		line = br_log_line_at(&pos, buf, len,
				      next_command(buf, len, &from));
		if (!json_object_object_get_ex(r, "command", &jv) ||
		    !json_object_is_type(jv, json_type_string)) {
			rc = br_log_fail(&lg, line, "hyperfine: result %zu "
					 "has no \"command\"", i + 1);
			break;
		}
		cmd = json_object_get_string(jv);
		if (json_object_object_get_ex(r, "times", &times) &&
		    json_object_is_type(times, json_type_array) &&
		    json_object_array_length(times) > 0) {
			size_t m = json_object_array_length(times);

			for (j = 0; j < m && rc == BR_OK; j++) {
				jv = json_object_array_get_idx(times, j);
				if (!json_object_is_type(jv, json_type_double)
				    && !json_object_is_type(jv,
							    json_type_int)) {
					rc = br_log_fail(&lg, line, "hyperfine:"
							 " a time of '%s' is "
							 "not a number", cmd);
					break;
				}
				rc = br_log_addf(&lg, "hyperfine", "Hyperfine",
						 "Seconds", BR_DIR_LIB,
						 json_object_get_double(jv),
						 line, "Command: %s", cmd);
			}
		} else if (json_object_object_get_ex(r, "mean", &jv) &&
			   (json_object_is_type(jv, json_type_double) ||
			    json_object_is_type(jv, json_type_int))) {
			rc = br_log_addf(&lg, "hyperfine", "Hyperfine",
					 "Seconds", BR_DIR_LIB,
					 json_object_get_double(jv), line,
					 "Command: %s", cmd);
		} else {
			rc = br_log_fail(&lg, line, "hyperfine: '%s' has "
					 "neither \"times\" nor \"mean\"", cmd);
		}
	}
	json_object_put(root);
	if (rc != BR_OK)
		return rc;
	return br_log_close(&lg, "hyperfine", 1);
}
