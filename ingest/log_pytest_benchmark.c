/*
 * log_pytest_benchmark.c - pytest-benchmark's JSON (--benchmark-json
 * PATH, or a file --benchmark-save / --benchmark-autosave stored under
 * .benchmarks/):
 *
 *   {"machine_info": {"node": "vm", "machine": "x86_64",
 *                     "python_implementation": "CPython",
 *                     "python_version": "3.11.2", "system": "Linux",
 *                     "release": "6.1.0", "cpu": {"brand": "..."}},
 *    "benchmarks": [{"name": "test_sha256",
 *                    "fullname": "test_bench.py::test_sha256",
 *                    "stats": {"mean": 4.7e-06, "stddev": 1.3e-06,
 *                              "rounds": 5, "data": [3.8e-06, ...],
 *                              ...}}, ...],
 *    "datetime": "...", "version": "3.2.2"}
 *
 * Each benchmark is a test, "NAME" "Time per call" in seconds, fewer is
 * better; its "fullname" (file and parameters) is part of the key.  With
 * "data" (--benchmark-json always writes it; --benchmark-save only with
 * --benchmark-save-data) every element is a run: one round's time per
 * call.  Without it, the stats are read as a summary, as a tidy CSV's
 * summary row (doc/tidy-csv.md): the mean, N = "rounds" and standard
 * error stddev / sqrt(rounds), and a warning says the runs are not in
 * the file.  machine_info gives details of the system (its processor,
 * Python and OS); the system is named as any log's (--system or the
 * directory).  Parsed with json-c, whose depth limit bounds the nesting.
 */
#include <json-c/json.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "log_int.h"

int br_detect_pytest_benchmark(const char *buf, size_t len)
{
	size_t i = 0;

	while (i < len && (buf[i] == ' ' || buf[i] == '\t' || buf[i] == '\n' ||
			   buf[i] == '\r'))
		i++;
	if (i == len || buf[i] != '{')
		return 0;
	if (br_log_has(buf, len, "\"machine_info\"") &&
	    br_log_has(buf, len, "\"benchmarks\""))
		return 95;
	return 0;
}

static bool is_num(struct json_object *jv)
{
	return json_object_is_type(jv, json_type_double) ||
	       json_object_is_type(jv, json_type_int);
}

/* Line of the next "fullname" key at or after *from. */
static unsigned long bench_line(const char *buf, size_t len,
				struct br_log_pos *pos, size_t *from)
{
	static const char key[] = "\"fullname\"";
	const char *p = NULL;
	size_t i = *from, k = sizeof key - 1;

	while (i < len && (p = memchr(buf + i, '"', len - i)) != NULL) {
		i = (size_t)(p - buf);
		if (len - i >= k && !memcmp(p, key, k))
			break;
		i++;
		p = NULL;
	}
	*from = p ? i + k : len;
	return br_log_line_at(pos, buf, len, p ? i : len);
}

/* One benchmark: its runs, or its stats as a summary (*summaries++). */
static int pb_bench(struct br_log *lg, struct json_object *b, size_t i,
		    unsigned long line, size_t *summaries)
{
	struct json_object *stats, *data;
	struct br_log_test t = {"pytest-benchmark", NULL, "Time per call",
				"Seconds", BR_DIR_LIB};
	double mean, sd, rounds;
	size_t j, n;
	int rc = BR_OK;

	t.title = br_log_json_str(b, "name");
	lg->arguments = br_log_json_str(b, "fullname");
	if (!t.title || !json_object_object_get_ex(b, "stats", &stats))
		return br_log_fail(lg, line, "pytest-benchmark: benchmark %zu "
				   "has no \"name\" or \"stats\"", i + 1);
	if (!lg->arguments)
		lg->arguments = t.title;
	if (json_object_object_get_ex(stats, "data", &data) &&
	    json_object_is_type(data, json_type_array) &&
	    (n = json_object_array_length(data)) > 0) {
		for (j = 0; j < n && rc == BR_OK; j++) {
			struct json_object *jv =
				json_object_array_get_idx(data, j);

			if (!is_num(jv))
				return br_log_fail(lg, line, "pytest-benchmark: "
						   "a time of %s is not a "
						   "number", t.title);
			rc = br_log_add(lg, &t, json_object_get_double(jv),
					line);
		}
		return rc;
	}
	if (!br_log_json_num(stats, "mean", &mean) ||
	    !br_log_json_num(stats, "rounds", &rounds)
	    || !(rounds >= 1) || rounds > 1e15)
		return br_log_fail(lg, line, "pytest-benchmark: %s has neither "
				   "\"data\" nor \"mean\" and \"rounds\"",
				   t.title);
	if (!br_log_json_num(stats, "stddev", &sd) || !(sd >= 0) || rounds < 2)
		sd = NAN;
	(*summaries)++;
	return br_log_add_summary(lg, &t, mean, sd / sqrt(rounds),
				  (size_t)rounds, line);
}

/* machine_info's details, on the log's system. */
static int pb_machine(struct br_log *lg, struct json_object *root)
{
	struct json_object *mi, *cpu;
	char tmp[256];
	const char *a, *b;
	int rc = BR_OK;

	if (!json_object_object_get_ex(root, "machine_info", &mi))
		return BR_OK;
	if (json_object_object_get_ex(mi, "cpu", &cpu))
		rc = br_log_detail(lg, true, "Processor",
				   br_log_json_str(cpu, "brand"),
				   1);
	if (rc == BR_OK)
		rc = br_log_detail(lg, true, "Architecture",
				   br_log_json_str(mi, "machine"), 1);
	a = br_log_json_str(mi, "python_implementation");
	b = br_log_json_str(mi, "python_version");
	if (rc == BR_OK && a && b) {
		snprintf(tmp, sizeof tmp, "%.*s %.*s", BR_UTF8_PREC(a, 100),
			 BR_UTF8_PREC(b, 100));
		rc = br_log_detail(lg, false, "Python", tmp, 1);
	}
	if (rc == BR_OK)
		rc = br_log_detail(lg, false, "OS",
				   br_log_json_str(mi, "system"), 1);
	if (rc == BR_OK)
		rc = br_log_detail(lg, false, "Kernel",
				   br_log_json_str(mi, "release"),
				   1);
	return rc;
}

int br_read_pytest_benchmark(struct br_resultset *rs, const char *name,
			     const char *buf, size_t len,
			     const struct br_ingest_opts *o,
			     struct br_error *err)
{
	struct json_object *root, *list;
	struct br_log lg;
	struct br_log_pos pos = {0, 0};
	size_t i, n, from = 0, summaries = 0;
	int rc;

	rc = br_log_open(&lg, rs, name, o, err);
	lg.test_named_by = "from pytest-benchmark's benchmark name";
	if (rc != BR_OK)
		return rc;
	root = br_log_json(&lg, buf, len, 0, "pytest-benchmark");
	if (!root)
		return err->code;
	if (!json_object_object_get_ex(root, "benchmarks", &list) ||
	    !json_object_is_type(list, json_type_array)) {
		json_object_put(root);
		return br_log_fail(&lg, 1, "pytest-benchmark: no \"benchmarks\" "
				   "array");
	}
	n = json_object_array_length(list);
	for (i = 0; i < n && rc == BR_OK; i++)
		rc = pb_bench(&lg, json_object_array_get_idx(list, i), i,
			      bench_line(buf, len, &pos, &from), &summaries);
	if (rc == BR_OK && lg.n_results)
		rc = pb_machine(&lg, root);
	json_object_put(root);
	if (rc == BR_OK && summaries)
		br_log_warn(&lg, 1, "pytest-benchmark: %zu benchmark%s without "
			    "\"data\": read as summaries (mean, rounds, SE "
			    "from stddev); --benchmark-save-data keeps the "
			    "runs", summaries, summaries == 1 ? "" : "s");
	if (rc != BR_OK)
		return rc;
	return br_log_close(&lg, "pytest-benchmark", 1);
}
