/*
 * log_gbench.c - Google Benchmark's JSON (--benchmark_format=json, or
 * --benchmark_out=FILE):
 *
 *   {"context": {"host_name": "vm", "num_cpus": 2, "mhz_per_cpu": 2300,
 *                "library_build_type": "release", ...},
 *    "benchmarks": [
 *      {"name": "BM_StringCopy/64", "run_name": "BM_StringCopy/64",
 *       "run_type": "iteration", "repetitions": 5, "repetition_index": 0,
 *       "iterations": 3209475, "real_time": 84.03, "cpu_time": 18.36,
 *       "time_unit": "ns", "bytes_per_second": 3.49e9, "items": 1024},
 *      ...
 *      {"name": "BM_StringCopy/64_mean", "run_type": "aggregate",
 *       "aggregate_name": "mean", ...}, ...]}
 *
 * Every "iteration" element is one run (--benchmark_repetitions=N gives
 * N of a benchmark); "aggregate" elements (mean, median, stddev, cv,
 * BigO, RMS) are the library's own statistics of those runs and are not
 * read.  An element with "error_occurred" is skipped (a warning says
 * so).  Each benchmark (its "run_name") gives tests of title the name
 * and description "Real time", "CPU time" (in its "time_unit", fewer is
 * better), "Bytes per second" (B/s), "Items per second" and each user
 * counter (named, and its unit, as the code names it; the JSON does not
 * say which way is better: --direction says, else a warning).  The context's CPU count and
 * clock are hardware details, its host name and build type software
 * details (the system is named as any log's: --system or the
 * directory).  Parsed with json-c, whose depth limit bounds the nesting.
 */
#include <json-c/json.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "log_int.h"

int br_detect_gbench(const char *buf, size_t len)
{
	size_t i = 0;

	while (i < len && (buf[i] == ' ' || buf[i] == '\t' || buf[i] == '\n' ||
			   buf[i] == '\r'))
		i++;
	if (i == len || buf[i] != '{')
		return 0;
	if (br_log_has(buf, len, "\"context\"") &&
	    br_log_has(buf, len, "\"benchmarks\"") &&
	    (br_log_has(buf, len, "\"real_time\"") ||
	     br_log_has(buf, len, "\"library_build_type\"")))
		return 95;
	return 0;
}

/* Keys of an element that are not measurements. */
static bool not_a_counter(const char *k)
{
	static const char *const skip[] = {
		"name", "run_name", "run_type", "family_index",
		"per_family_instance_index", "repetitions",
		"repetition_index", "threads", "iterations", "time_unit",
		"aggregate_name", "aggregate_unit", "error_occurred",
		"error_message", "label", "real_time", "cpu_time",
		"bytes_per_second", "items_per_second", "big_o", "rms",
	};
	size_t i;

	for (i = 0; i < sizeof skip / sizeof skip[0]; i++)
		if (!strcmp(k, skip[i]))
			return true;
	return false;
}

static int gb_add(struct br_log *lg, const char *title, const char *what,
		  const char *unit, enum br_dir dir, double v,
		  unsigned long line)
{
	lg->arguments = title;
	return br_log_addf(lg, "gbench", title, unit, dir, v, line, "%s",
			   what);
}

/* The time unit of element b ("ns", "us", "ms", "s"). */
static const char *time_unit(struct json_object *b)
{
	const char *u = br_log_json_str(b, "time_unit");

	if (!u || !strcmp(u, "ns"))
		return "ns";
	if (!strcmp(u, "us"))
		return "us";
	if (!strcmp(u, "ms"))
		return "ms";
	if (!strcmp(u, "s"))
		return "Seconds";
	return NULL;
}

/* One "iteration" element: its times, rates and counters. */
static int gb_run(struct br_log *lg, struct json_object *b,
		  const char *title, unsigned long line)
{
	const char *unit = time_unit(b);
	double v;
	int rc = BR_OK;

	if (!unit)
		return br_log_fail(lg, line, "Google Benchmark: %s: unknown "
				   "\"time_unit\"", title);
	if (br_log_json_num(b, "real_time", &v))
		rc = gb_add(lg, title, "Real time", unit, BR_DIR_LIB, v, line);
	if (rc == BR_OK && br_log_json_num(b, "cpu_time", &v))
		rc = gb_add(lg, title, "CPU time", unit, BR_DIR_LIB, v, line);
	if (rc == BR_OK && br_log_json_num(b, "bytes_per_second", &v))
		rc = gb_add(lg, title, "Bytes per second", "B/s", BR_DIR_HIB,
			    v, line);
	if (rc == BR_OK && br_log_json_num(b, "items_per_second", &v))
		rc = gb_add(lg, title, "Items per second", "Items/s",
			    BR_DIR_HIB, v, line);
	json_object_object_foreach(b, key, jv) {
		if (rc != BR_OK)
			break;
		if (not_a_counter(key) ||
		    !(json_object_is_type(jv, json_type_double) ||
		      json_object_is_type(jv, json_type_int)))
			continue;
		rc = gb_add(lg, title, key, key, BR_DIR_UNKNOWN,
			    json_object_get_double(jv), line);
	}
	return rc;
}

/* The context's details, on the log's system. */
static int gb_context(struct br_log *lg, struct json_object *root)
{
	struct json_object *ctx;
	char tmp[64];
	double v;
	int rc = BR_OK;

	if (!json_object_object_get_ex(root, "context", &ctx))
		return BR_OK;
	if (br_log_json_num(ctx, "num_cpus", &v)) {
		snprintf(tmp, sizeof tmp, "%.0f", v);
		rc = br_log_detail(lg, true, "CPUs", tmp, 1);
	}
	if (rc == BR_OK && br_log_json_num(ctx, "mhz_per_cpu", &v)) {
		snprintf(tmp, sizeof tmp, "%.0f MHz", v);
		rc = br_log_detail(lg, true, "CPU clock", tmp, 1);
	}
	if (rc == BR_OK)
		rc = br_log_detail(lg, false, "Host",
				   br_log_json_str(ctx, "host_name"),
				   1);
	if (rc == BR_OK)
		rc = br_log_detail(lg, false, "Library build",
				   br_log_json_str(ctx, "library_build_type"), 1);
	return rc;
}

/* Line of the element whose "name" is the n-th after *from. */
static unsigned long element_line(const char *buf, size_t len,
				  struct br_log_pos *pos, size_t *from)
{
	const char *p = NULL;
	size_t i = *from;

	while (i < len && (p = memchr(buf + i, '"', len - i)) != NULL) {
		i = (size_t)(p - buf);
		if (len - i >= 6 && !memcmp(p, "\"name\"", 6))
			break;
		i++;
		p = NULL;
	}
	*from = p ? i + 6 : len;
	return br_log_line_at(pos, buf, len, p ? i : len);
}

static int gb_elements(struct br_log *lg, struct json_object *list,
		       const char *buf, size_t len)
{
	struct br_log_pos pos = {0, 0};
	size_t i, n = json_object_array_length(list), from = 0, errors = 0;
	int rc = BR_OK;

	for (i = 0; i < n && rc == BR_OK; i++) {
		struct json_object *b = json_object_array_get_idx(list, i), *jv;
		unsigned long line = element_line(buf, len, &pos, &from);
		const char *title = br_log_json_str(b, "run_name"), *type;

		if (!title)
			title = br_log_json_str(b, "name");
		if (!title)
			return br_log_fail(lg, line, "Google Benchmark: "
					   "benchmark %zu has no \"name\"",
					   i + 1);
		type = br_log_json_str(b, "run_type");
		if (type && strcmp(type, "iteration") != 0)
			continue; /* an aggregate: not a run */
		if (json_object_object_get_ex(b, "error_occurred", &jv) &&
		    json_object_get_boolean(jv)) {
			if (errors++ == 0)
				br_log_warn(lg, line, "Google Benchmark: %s "
					    "failed (\"error_occurred\"): "
					    "not read", title);
			continue;
		}
		rc = gb_run(lg, b, title, line);
	}
	return rc;
}

int br_read_gbench(struct br_resultset *rs, const char *name,
		   const char *buf, size_t len,
		   const struct br_ingest_opts *o, struct br_error *err)
{
	struct json_object *root, *list;
	struct br_log lg;
	int rc;

	rc = br_log_open(&lg, rs, name, o, err);
	lg.test_named_by = "from Google Benchmark's run_name and the measure";
	if (rc != BR_OK)
		return rc;
	root = br_log_json(&lg, buf, len, 0, "Google Benchmark");
	if (!root)
		return err->code;
	if (!json_object_object_get_ex(root, "benchmarks", &list) ||
	    !json_object_is_type(list, json_type_array)) {
		json_object_put(root);
		return br_log_fail(&lg, 1, "Google Benchmark: no "
				   "\"benchmarks\" array");
	}
	rc = gb_elements(&lg, list, buf, len);
	if (rc == BR_OK && lg.n_results)
		rc = gb_context(&lg, root);
	json_object_put(root);
	if (rc != BR_OK)
		return rc;
	return br_log_close(&lg, "Google Benchmark", 1);
}
