/*
 * check_pts_xml.c - the PTS / OpenBenchmarking result XML reader: every
 * element of doc/pts-format.md section 1.2, the pre-3.0 layout, entries of every
 * display format, PTS's replace/merge rules, hostile input (exact error
 * text and line), the real corpus in data/pts-real/, and speed.
 * Runs from tests/, so paths are "data/pts/...".
 */
#include <check.h>
#include <dirent.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "ingest/ingest.h"
#include "ingest/ingest_int.h"
#include "model/model.h"

Suite *br_suite_pts_xml(void);

/* Read paths[0..n) into one resultset with format fmt (NULL: detect). */
static struct br_resultset *load_n(const char *const *paths, size_t n,
				   const char *fmt, int *rc,
				   struct br_error *err)
{
	struct br_resultset *rs = br_resultset_new();
	struct br_ingest_opts o;
	size_t i;

	ck_assert_ptr_nonnull(rs);
	br_ingest_opts_defaults(&o);
	o.input_format = fmt;
	br_error_clear(err);
	*rc = BR_OK;
	for (i = 0; i < n && *rc == BR_OK; i++)
		*rc = br_ingest_path(rs, paths[i], &o, err);
	if (*rc == BR_OK)  /* the final names, as the command line does */
		*rc = br_ingest_names(rs, &(struct br_naming){0}, err);
	return rs;
}

static struct br_resultset *load(const char *path, int *rc,
				 struct br_error *err)
{
	return load_n(&path, 1, NULL, rc, err);
}

/* Load a file that must read without error. */
static struct br_resultset *load_ok(const char *path)
{
	struct br_error err;
	int rc;
	struct br_resultset *rs = load(path, &rc, &err);

	ck_assert_msg(rc == BR_OK, "%s: %s: %s", path, err.where, err.msg);
	return rs;
}

static struct br_resultset *load_buf(const char *name, const char *buf,
				     size_t len, int *rc, struct br_error *err)
{
	struct br_resultset *rs = br_resultset_new();
	struct br_ingest_opts o;

	ck_assert_ptr_nonnull(rs);
	br_ingest_opts_defaults(&o);
	o.input_format = "pts-xml";
	br_error_clear(err);
	*rc = br_ingest_buffer(rs, name, buf, len, &o, err);
	return rs;
}

static size_t sys_index(const struct br_resultset *rs, const char *id)
{
	size_t i;

	for (i = 0; i < rs->n_systems; i++)
		if (!strcmp(rs->systems[i]->identifier, id))
			return i;
	ck_abort_msg("no system \"%s\"", id);
	return 0;
}

/* The test with this title and description (first match). */
static struct br_test *test_by(const struct br_resultset *rs,
			       const char *title, const char *desc)
{
	size_t i;

	for (i = 0; i < rs->n_tests; i++)
		if (!strcmp(rs->tests[i]->title, title) &&
		    !strcmp(rs->tests[i]->description, desc))
			return rs->tests[i];
	ck_abort_msg("no test \"%s\" / \"%s\"", title, desc);
	return NULL;
}

static const struct br_entry *entry_of(const struct br_resultset *rs,
				       const struct br_test *t,
				       const char *sys)
{
	size_t i = br_test_find_entry(t, sys_index(rs, sys));

	ck_assert_msg(i != (size_t)-1, "no entry for %s", sys);
	return &t->entries[i];
}

/* Is there a warning at file:line whose text is exactly msg? */
static bool has_warning(const struct br_resultset *rs, const char *file,
			unsigned long line, const char *msg)
{
	size_t i;

	for (i = 0; i < rs->n_warnings; i++) {
		const struct br_warning *w = &rs->warnings[i];

		if ((file ? w->loc.file && !strcmp(w->loc.file, file)
			  : !w->loc.file) &&
		    w->loc.line == line && !strcmp(w->msg, msg))
			return true;
	}
	return false;
}

static void dump_warnings(const struct br_resultset *rs)
{
	size_t i;

	for (i = 0; i < rs->n_warnings; i++)
		fprintf(stderr, "warning %s:%lu: %s\n",
			rs->warnings[i].loc.file ? rs->warnings[i].loc.file
						 : "?",
			rs->warnings[i].loc.line, rs->warnings[i].msg);
}

#define ck_warning(rs, file, line, msg)                                   \
	do {                                                              \
		if (!has_warning(rs, file, line, msg)) {                  \
			dump_warnings(rs);                                \
			ck_abort_msg("missing warning %s:%d: %s",         \
				     (file) ? (const char *)(file) : "-", \
				     (int)(line), msg);                   \
		}                                                         \
	} while (0)

static void ck_runs(const struct br_sample *s, const double *v, size_t n)
{
	size_t i;

	ck_assert_uint_eq(s->n_runs, n);
	for (i = 0; i < n; i++)
		ck_assert_double_eq_tol(s->runs[i].value, v[i], 1e-9);
}

/* ------------------------------------------------------------- layout */

START_TEST(test_minimal)
{
	struct br_resultset *rs = load_ok("data/pts/minimal.xml");
	const struct br_system *s;
	const struct br_test *t;
	const struct br_entry *e;
	static const double ufs[] = {843.79, 845.00, 846.21};

	ck_assert_str_eq(rs->title, "FreeBSD ZFS vs Linux ZoL Storage");
	ck_assert_str_eq(rs->last_modified, "2018-08-20 14:03:11");
	ck_assert_str_eq(rs->test_client, "Phoronix Test Suite v8.0.0");
	ck_assert_str_eq(rs->description, "Two OS/file-system setups.");
	ck_assert_str_eq(rs->notes, "");
	ck_assert_str_eq(rs->reference_id, "");
	ck_assert_uint_eq(rs->n_systems, 2);
	ck_assert_uint_eq(rs->n_tests, 1);
	ck_assert_uint_eq(rs->n_warnings, 0);
	ck_assert_uint_eq(rs->n_sources, 1);
	ck_assert_str_eq(rs->sources[0].format, "pts-xml");

	s = rs->systems[0];
	ck_assert_str_eq(s->identifier, "FreeBSD UFS");
	ck_assert(s->declared);
	ck_assert_str_eq(s->loc.file, "data/pts/minimal.xml");
	ck_assert_uint_eq(s->loc.line, 10);
	ck_assert_uint_eq(s->n_hardware, 2);
	ck_assert_str_eq(s->hardware[1].key, "Memory");
	ck_assert_str_eq(s->hardware[1].value, "4 x 8192 MB DDR4-2933MT/s");
	ck_assert_uint_eq(s->n_software, 3);
	ck_assert_str_eq(s->software[2].key, "File-System");
	ck_assert_str_eq(s->software[2].value, "ufs");
	ck_assert_str_eq(s->user, "user");
	ck_assert_str_eq(s->timestamp, "2018-08-19 09:05:33");
	ck_assert_str_eq(s->client_version, "8.0.0");
	ck_assert_str_eq(s->notes, "");
	ck_assert_ptr_null(s->json);

	t = rs->tests[0];
	ck_assert_str_eq(t->identifier, "pts/dbench-1.0.0");
	ck_assert_str_eq(t->title, "Dbench");
	ck_assert_str_eq(t->app_version, "4.0");
	ck_assert_str_eq(t->arguments, "1");
	ck_assert_str_eq(t->description, "Client Count: 1");
	ck_assert_str_eq(t->scale, "MB/s");
	ck_assert_str_eq(t->proportion, "HIB");
	ck_assert_str_eq(t->display_format, "BAR_GRAPH");
	ck_assert_str_eq(t->annotation, "");
	ck_assert_str_eq(t->parent, "");
	ck_assert_int_eq(t->dir, BR_DIR_HIB);
	ck_assert(!t->dir_inferred);
	ck_assert_int_eq(t->display, BR_DISPLAY_BAR);
	ck_assert_int_eq(t->unit.dim, BR_DIM_BYTE_RATE);
	ck_assert_uint_eq(t->loc.line, 28);
	ck_assert_uint_eq(t->n_entries, 2);

	e = entry_of(rs, t, "FreeBSD UFS");
	ck_assert_uint_eq(e->loc.line, 38);
	ck_assert(e->sample.has_value);
	ck_assert_double_eq(e->sample.value, 845.0);
	ck_assert_str_eq(e->sample.value_text, "845.00");
	ck_runs(&e->sample, ufs, 3);
	ck_assert_uint_eq(e->sample.runs[0].loc.line, 41);
	ck_assert_ptr_null(e->error);
	ck_assert_ptr_null(e->json);
	ck_assert_ptr_null(e->run_times);

	e = entry_of(rs, t, "Ubuntu 18.04 EXT4");
	ck_assert_uint_eq(e->sample.n_runs, 9);
	ck_assert_str_eq(e->sample.value_text, "60.99");
	ck_assert_str_eq(e->run_times, "61.02:60.87:61.11:60.95:61.30:60.71:"
			 "61.04:60.98:61.12");
	ck_assert_str_eq(e->json, "{\"test-run-times\":\"61.02:60.87:61.11:"
			 "60.95:61.30:60.71:61.04:60.98:61.12\"}");
	br_resultset_free(rs);
}
END_TEST

START_TEST(test_generated_and_system)
{
	struct br_resultset *rs = load_ok("data/pts/variants.xml");
	const struct br_system *s;

	/* Markup escaped in the XML is stripped, white space trimmed. */
	ck_assert_str_eq(rs->title, "Every  variant");
	ck_assert_str_eq(rs->description, "Line one & two.");
	ck_assert_str_eq(rs->last_modified, "2024-03-01 10:00:00");
	ck_assert_str_eq(rs->test_client, "Phoronix Test Suite v10.8.4");
	ck_assert_str_eq(rs->notes, "Some notes");
	ck_assert_str_eq(rs->internal_tags, "tag1,tag2");
	ck_assert_str_eq(rs->reference_id, "2403011-NE-VARIANTS01");
	ck_assert_str_eq(rs->preset_env, "CFLAGS=-O3;CXXFLAGS=-O3");
	ck_assert_uint_eq(rs->n_systems, 2);

	s = rs->systems[sys_index(rs, "Alpha")];
	ck_assert_str_eq(s->user, "alice");
	ck_assert_str_eq(s->notes, "Alpha notes");
	ck_assert_str_eq(s->json, "{\"cpu-scaling-governor\":"
			 "\"intel_pstate powersave\"}");
	ck_assert_str_eq(s->hardware[0].key, "Processor");
	/* Missing Notes and JSON: "" and NULL. */
	s = rs->systems[sys_index(rs, "Beta")];
	ck_assert_str_eq(s->notes, "");
	ck_assert_ptr_null(s->json);
	ck_assert_uint_eq(s->loc.line, 27);
	br_resultset_free(rs);
}
END_TEST

START_TEST(test_entry_json_and_failed)
{
	struct br_resultset *rs = load_ok("data/pts/variants.xml");
	const struct br_test *t = test_by(rs, "Timed Linux Kernel Compilation",
					  "Build: defconfig");
	const struct br_entry *e;
	static const double alpha[] = {123.40, 123.50};

	ck_assert_str_eq(t->annotation, "Lower is better; see notes.");
	ck_assert_str_eq(t->parent,
			 "04726263abb07903ba2ccffae9efce64e8f4a49a");
	ck_assert_int_eq(t->dir, BR_DIR_LIB);
	e = entry_of(rs, t, "Alpha");
	ck_runs(&e->sample, alpha, 2);
	ck_assert(e->has_min_max);
	ck_assert_double_eq_tol(e->min_result, 122.9, 1e-12);
	ck_assert_double_eq_tol(e->max_result, 124.1, 1e-12);
	ck_assert_str_eq(e->run_times, "124.00:125.00");
	ck_assert_str_eq(e->compiler, "CC: gcc -O2 -march=native");
	ck_assert_ptr_null(e->error);

	/* Failed run: kept, error from the JSON, no value, no runs. */
	e = entry_of(rs, t, "Beta");
	ck_assert_str_eq(e->error,
			 "The test quit with a non-zero exit status.");
	ck_assert(!e->sample.has_value);
	ck_assert_uint_eq(e->sample.n_runs, 0);
	ck_assert_uint_eq(e->loc.line, 53);

	/* Non-numeric run pieces are skipped; invalid JSON only warns. */
	t = test_by(rs, "Stream", "Type: Copy");
	e = entry_of(rs, t, "Alpha");
	ck_assert_uint_eq(e->sample.n_runs, 2);
	/* "19999.0": the runs resolve 0.1 (doc/statistics.md, Resolution) */
	ck_assert_double_eq_tol(e->sample.resolution, 0.1, 1e-15);
	ck_assert(!e->has_min_max);
	ck_assert_str_eq(e->json,
			 "{\"min-result\": 19999, \"max-result\": \"20002\"");
	ck_warning(rs, "data/pts/variants.xml", 133,
		   "RawString of \"Alpha\": 2 non-numeric run values "
		   "skipped (first: \"N/A\")");
	ck_warning(rs, "data/pts/variants.xml", 134,
		   "JSON of the entry for \"Alpha\" is not valid JSON "
		   "(incomplete); ignored");
	/* No RawString: the Value is the one run. */
	e = entry_of(rs, t, "Beta");
	ck_assert_uint_eq(e->sample.n_runs, 1);
	ck_assert_double_eq(e->sample.runs[0].value, 18000);
	ck_assert_uint_eq(e->sample.runs[0].loc.line, 138);
	ck_warning(rs, "data/pts/variants.xml", 139,
		   "JSON of the entry for \"Beta\" is not an object; "
		   "ignored");
	ck_assert_uint_eq(rs->n_warnings, 4);
	br_resultset_free(rs);
}
END_TEST


/*
 * Entry/JSON: the fast reader (flat_json.c) and json-c agree on every
 * field and warning, for what the fast reader takes and what it hands
 * to json-c.
 */
static const char *const entry_jsons[] = {
	"{\"test-run-times\":\"52.90:84.44:84.25\"}",
	"{}", " { } ", "{\"a\":1}",
	"{\"compiler-options\":{\"compiler-type\":\"CC\",\"compiler\":\"gcc\","
	"\"compiler-options\":\"-O2 -march=native\"},\"test-run-times\":\"1:2\"}",
	"{\"compiler-options\":{\"compiler\":\"gcc\"}}",
	"{\"compiler-options\":{\"compiler-type\":\"\",\"compiler\":\"\","
	"\"compiler-options\":\"-O3\"}}",
	"{\"compiler-options\":{}}",
	"{\"compiler-options\":\"gcc -O2\"}",
	"{\"compiler-options\":12}",
	"{\"compiler-options\":{\"compiler\":7}}",
	"{\"compiler-options\":{\"x\":{\"y\":1}}}",
	"{\"compiler-options\":[1,2]}",
	"{\"min-result\": 19999, \"max-result\": \"20002\"}",
	"{\"min-result\":-0.5,\"max-result\":1.25}",
	"{\"min-result\":\"abc\",\"max-result\":3}",
	"{\"min-result\":1e3,\"max-result\":2E-3}",
	"{\"min-result\":1e999,\"max-result\":2}",
	"{\"min-result\":123456789012345678901234,\"max-result\":2}",
	"{\"min-result\":1234567890123456,\"max-result\":2}",
	"{\"min-result\":123456789012345,\"max-result\":2}",
	"{\"min-result\":null,\"max-result\":2}",
	"{\"min-result\":true,\"max-result\":2}",
	"{\"min-result\":01,\"max-result\":2}",
	"{\"min-result\":-0,\"max-result\":7}",
	"{\"min-result\":-0.0,\"max-result\":0}",
	"{\"benchreport-n\":5,\"benchreport-se\":-0}",
	"{\"error\":\"The test quit with a non-zero exit status.\"}",
	"{\"error\":\"\"}", "{\"error\":5}", "{\"error\":null}",
	"{\"error\":\"a\\\"b\\u00e9\"}",
	"{\"error\":\"caf\xc3\xa9\"}",
	"{\"error\":\"one\",\"error\":\"two\"}",
	"{\"x\":1,\"x\":2,\"test-run-times\":\"5\"}",
	"{\"benchreport-n\":9,\"benchreport-se\":0.83}",
	"{\"benchreport-n\":\"9\",\"benchreport-se\":\"0.83\"}",
	"{\"benchreport-n\":9,\"benchreport-se\":\"x\"}",
	"{\"benchreport-n\":9,\"benchreport-se\":-1}",
	"{\"benchreport-n\":9.5}", "{\"benchreport-n\":0}",
	"{\"benchreport-n\":9}",
	"{\"min-result\": 19999, \"max-result\": \"20002\"",
	"[1,2]", "\"str\"", "{\"a\":1} x", "{\"a\":1,}", "{\"a\" 1}",
	"{'a':1}", "{\"a\":-}", "{\"a\":1.}", "{\"a\":.5}", "{\"a\":\"\t\"}",
};

static void entry_fields(const struct br_resultset *rs, char *out,
			 size_t size)
{
	const struct br_entry *e = &rs->tests[0]->entries[0];
	size_t i, n;

	n = (size_t)snprintf(out, size, "error=%s rt=%s cc=%s mm=%d:%.17g:"
			     "%.17g json=%s summary=%d n=%zu se=%.17g runs=%zu",
			     e->error ? e->error : "(null)",
			     e->run_times ? e->run_times : "(null)",
			     e->compiler ? e->compiler : "(null)",
			     e->has_min_max, e->has_min_max ? e->min_result
			     : 0, e->has_min_max ? e->max_result : 0,
			     e->json ? e->json : "(null)",
			     e->sample.is_summary, e->sample.n,
			     e->sample.is_summary ? e->sample.se : 0,
			     e->sample.n_runs);
	for (i = 0; i < rs->n_warnings && n < size; i++)
		n += (size_t)snprintf(out + n, size - n, " | %lu %s",
				      rs->warnings[i].loc.line,
				      rs->warnings[i].msg);
}

START_TEST(test_entry_json_fast_vs_json_c)
{
	size_t i = (size_t)_i;
	char *doc, *esc, fast[4096], slow[4096];
	const char *src = entry_jsons[i];
	size_t k, n = 0;
	struct br_resultset *rs;
	struct br_error err;
	int rc, pass;

	esc = malloc(6 * strlen(src) + 1);
	for (k = 0; src[k]; k++)
		n += (size_t)sprintf(esc + n, "%s", src[k] == '&' ? "&amp;" :
				     src[k] == '<' ? "&lt;" : src[k] == '"' ?
				     "&quot;" : (char[]){src[k], 0});
	esc[n] = '\0';
	n = strlen(esc) + 1024;
	doc = malloc(n);
	snprintf(doc, n, "<?xml version=\"1.0\"?>\n<PhoronixTestSuite>\n"
		 "<System><Identifier>A</Identifier></System>\n<Result>"
		 "<Title>T</Title><Scale>MB/s</Scale><Proportion>HIB"
		 "</Proportion><DisplayFormat>BAR_GRAPH</DisplayFormat>"
		 "<Data><Entry><Identifier>A</Identifier><Value>5.5</Value>"
		 "<RawString></RawString>\n<JSON>%s</JSON></Entry></Data>"
		 "</Result>\n</PhoronixTestSuite>\n", esc);
	for (pass = 0; pass < 2; pass++) {
		br_pts_xml_json_c_only = pass == 1;
		rs = load_buf("e.xml", doc, strlen(doc), &rc, &err);
		ck_assert_msg(rc == BR_OK, "%s: %s", src, err.msg);
		entry_fields(rs, pass ? slow : fast, sizeof fast);
		br_resultset_free(rs);
	}
	br_pts_xml_json_c_only = false;
	ck_assert_msg(!strcmp(fast, slow), "%s:\n fast %s\n json-c %s", src,
		      fast, slow);
	free(doc);
	free(esc);
}
END_TEST

/* The fast reader takes the common shapes itself (not all to json-c). */
START_TEST(test_flat_json_subset)
{
	static const char *const keys[] = {"a", "b"};
	struct br_fj_val v[2];

	ck_assert(br_flat_json("{\"a\":\"x y\",\"b\":-1.5}",
			       strlen("{\"a\":\"x y\",\"b\":-1.5}"), keys, 2, v,
			       -1));
	ck_assert_int_eq(v[0].kind, BR_FJ_STR);
	ck_assert_uint_eq(v[0].len, 3);
	ck_assert(!memcmp(v[0].s, "x y", 3));
	ck_assert_int_eq(v[1].kind, BR_FJ_NUM);
	ck_assert_uint_eq(v[1].len, 4);
	ck_assert(br_flat_json(" {\"c\":1, \"b\" : {\"d\":\"e\"} } ",
			       strlen(" {\"c\":1, \"b\" : {\"d\":\"e\"} } "),
			       keys, 2, v, 1));
	ck_assert_int_eq(v[0].kind, BR_FJ_NONE);
	ck_assert_int_eq(v[1].kind, BR_FJ_OBJ);
	ck_assert_uint_eq(v[1].len, 9);
	ck_assert(!memcmp(v[1].s, "{\"d\":\"e\"}", 9));
	/* nesting only where allowed, no escapes, no repeats */
	ck_assert(!br_flat_json("{\"b\":{\"d\":1}}",
			       strlen("{\"b\":{\"d\":1}}"), keys, 2, v, 0));
	ck_assert(!br_flat_json("{\"a\":\"\\n\"}",
			       strlen("{\"a\":\"\\n\"}"), keys, 2, v, -1));
	ck_assert(!br_flat_json("{\"a\":1,\"a\":2}",
			       strlen("{\"a\":1,\"a\":2}"), keys, 2, v, -1));
	ck_assert(!br_flat_json("{\"a\":1e5}",
			       strlen("{\"a\":1e5}"), keys, 2, v, -1));
	ck_assert(!br_flat_json("{\"a\":1}x",
			       strlen("{\"a\":1}x"), keys, 2, v, -1));
}
END_TEST

START_TEST(test_line_graph)
{
	struct br_resultset *rs = load_ok("data/pts/variants.xml");
	const struct br_test *t = test_by(rs, "Unigine Heaven",
		"Resolution: 1920 x 1080 - Mode: Fullscreen");
	const struct br_entry *e;
	static const double p1[] = {61.4, 61.6};
	size_t i;

	ck_assert_int_eq(t->display, BR_DISPLAY_LINE);
	ck_assert_ptr_null(t->x);
	e = entry_of(rs, t, "Alpha");
	ck_assert(!e->sample.has_value);
	ck_assert_uint_eq(e->n_points, 3);
	ck_assert_double_eq(e->points[0].value, 60.1);
	ck_assert_str_eq(e->points[2].value_text, "59.8");
	ck_runs(&e->points[1], p1, 2);
	ck_assert(isnan(e->points[0].se));

	/* 4 points, RawString with 2: runs ignored, values kept. */
	e = entry_of(rs, t, "Beta");
	ck_assert_uint_eq(e->n_points, 4);
	for (i = 0; i < 4; i++) {
		ck_assert(e->points[i].has_value);
		ck_assert_uint_eq(e->points[i].n_runs, 0);
	}
	ck_assert_str_eq(e->points[1].value_text, "51.0");
	ck_warning(rs, "data/pts/variants.xml", 79,
		   "Unigine Heaven - Resolution: 1920 x 1080 - Mode: "
		   "Fullscreen: RawString of \"Beta\" has 2 points, Value "
		   "has 4; runs ignored");
	br_resultset_free(rs);
}
END_TEST

START_TEST(test_pass_fail)
{
	struct br_resultset *rs = load_ok("data/pts/variants.xml");
	const struct br_test *t = test_by(rs, "GLmark2", "Validation");

	ck_assert_int_eq(t->display, BR_DISPLAY_PASS_FAIL);
	ck_assert_str_eq(entry_of(rs, t, "Alpha")->pass_fail, "PASS");
	ck_assert_str_eq(entry_of(rs, t, "Beta")->pass_fail, "FAIL");
	ck_assert(!entry_of(rs, t, "Alpha")->sample.has_value);
	t = test_by(rs, "Conformance", "Suite: basic");
	ck_assert_int_eq(t->display, BR_DISPLAY_MULTI_PASS_FAIL);
	ck_assert_str_eq(t->scale, "Test A,Test B,Test C");
	ck_assert_str_eq(entry_of(rs, t, "Alpha")->pass_fail,
			 "PASS,FAIL,PASS");
	br_resultset_free(rs);
}
END_TEST

START_TEST(test_duplicate_entries)
{
	struct br_resultset *rs = load_ok("data/pts/dup-entries.xml");
	const struct br_test *t = rs->tests[0];

	ck_assert_uint_eq(t->n_entries, 1);
	ck_assert_str_eq(t->entries[0].sample.value_text, "10.5");
	ck_assert_uint_eq(t->entries[0].sample.n_runs, 2);
	ck_assert_uint_eq(rs->n_warnings, 1);
	ck_warning(rs, "data/pts/dup-entries.xml", 18,
		   "Test: duplicate entry for \"A\" (first at line 13); "
		   "keeping the first");
	br_resultset_free(rs);
}
END_TEST

START_TEST(test_duplicate_results)
{
	struct br_resultset *rs = load_ok("data/pts/dup-results.xml");
	const struct br_test *t;

	/* Same comparison key (identifier minus .z) twice: the later
	 * Result replaces the earlier one, entries and fields. */
	ck_assert_uint_eq(rs->n_tests, 1);
	t = rs->tests[0];
	ck_assert_str_eq(t->title, "Dbench (rerun)");
	ck_assert_str_eq(t->identifier, "pts/dbench-1.0.1");
	ck_assert_uint_eq(t->loc.line, 29);
	ck_assert_uint_eq(t->n_entries, 1);
	ck_assert_str_eq(entry_of(rs, t, "B")->sample.value_text, "250");
	ck_assert_uint_eq(br_test_find_entry(t, sys_index(rs, "A")),
			  (size_t)-1);
	ck_assert_uint_eq(rs->n_warnings, 1);
	ck_warning(rs, "data/pts/dup-results.xml", 29,
		   "Dbench - Client Count: 1: <Result> at line 29 replaces "
		   "the one at line 9 (same comparison key)");
	br_resultset_free(rs);
}
END_TEST

START_TEST(test_fragment)
{
	struct br_resultset *rs = load_ok("data/pts/fragment.xml");
	const struct br_system *s;

	ck_assert_ptr_null(rs->title);
	ck_assert_uint_eq(rs->n_systems, 2);
	ck_assert_uint_eq(rs->n_tests, 2);
	s = rs->systems[sys_index(rs, "run-a")];
	ck_assert(!s->declared);
	ck_assert_uint_eq(s->loc.line, 13);
	ck_assert_str_eq(s->user, "");
	ck_assert_uint_eq(s->n_hardware, 0);
	/* One warning per undeclared system, not per entry. */
	ck_assert_uint_eq(rs->n_warnings, 2);
	ck_warning(rs, "data/pts/fragment.xml", 13,
		   "system \"run-a\" has entries but no <System> block; its "
		   "hardware and software are unknown");
	ck_warning(rs, "data/pts/fragment.xml", 18,
		   "system \"run-b\" has entries but no <System> block; its "
		   "hardware and software are unknown");
	br_resultset_free(rs);
}
END_TEST

START_TEST(test_merge)
{
	static const char *const paths[] = {
		"data/pts/merge-a.xml", "data/pts/merge-b.xml",
	};
	struct br_error err;
	int rc;
	struct br_resultset *rs = load_n(paths, 2, NULL, &rc, &err);
	const struct br_test *t;
	const struct br_system *s;

	ck_assert_int_eq(rc, BR_OK);
	/* The first input's Generated block wins. */
	ck_assert_str_eq(rs->title, "First title");
	ck_assert_str_eq(rs->description, "From merge-a");
	/* "Shared" has a result for one test in both files: kept apart,
	 * each named after its file (of two systems: "stem: name"). */
	ck_assert_uint_eq(rs->n_systems, 4);
	s = rs->systems[sys_index(rs, "merge-a: Shared")];
	ck_assert_str_eq(s->hardware[0].value, "from merge-a");
	ck_assert_str_eq(s->loc.file, "data/pts/merge-a.xml");
	ck_assert_str_eq(s->original, "Shared");
	ck_assert(s->kept_apart);
	s = rs->systems[sys_index(rs, "merge-b: Shared")];
	ck_assert_str_eq(s->loc.file, "data/pts/merge-b.xml");
	ck_assert_uint_eq(s->source, 1);
	/* Same key across files: entries merge, first file's fields. */
	ck_assert_uint_eq(rs->n_tests, 2);
	t = test_by(rs, "Dbench", "Client Count: 1");
	ck_assert_str_eq(t->identifier, "pts/dbench-1.0.0");
	ck_assert_uint_eq(t->n_entries, 4);
	ck_assert_str_eq(entry_of(rs, t, "A")->sample.value_text, "100");
	ck_assert_str_eq(entry_of(rs, t, "B")->sample.value_text, "200");
	ck_assert_str_eq(entry_of(rs, t, "B")->loc.file,
			 "data/pts/merge-b.xml");
	ck_assert_str_eq(entry_of(rs, t, "merge-a: Shared")->sample.value_text,
			 "150");
	ck_assert_str_eq(entry_of(rs, t, "merge-b: Shared")->loc.file,
			 "data/pts/merge-b.xml");
	ck_assert_uint_eq(rs->n_warnings, 1);
	ck_warning(rs, NULL, 0,
		   "system \"Shared\" has results for the same tests in 2 "
		   "inputs: kept apart and named after their files' stems: "
		   "\"merge-a: Shared\" (data/pts/merge-a.xml), \"merge-b: "
		   "Shared\" (data/pts/merge-b.xml) (--name FILE=LABEL or "
		   "--rename OLD=NEW names them)");
	br_resultset_free(rs);
}
END_TEST

START_TEST(test_merge_other_reader)
{
	/* A test made by another reader has no DisplayFormat string: a
	 * PTS file merged into it still reads its Value as a bar graph's
	 * (a non-number is an error), and the test keeps what that reader
	 * set. */
	static const char tidy[] =
		"test,title,app_version,arguments,description,unit,"
		"direction,system,value\n"
		"pts/dbench-1.0.0,Dbench,4.0,1,Client Count: 1,MB/s,HIB,"
		"Tidy box,100\n";
	struct br_resultset *rs = br_resultset_new();
	struct br_ingest_opts o;
	struct br_error err;
	const struct br_test *t;

	br_ingest_opts_defaults(&o);
	br_error_clear(&err);
	ck_assert_int_eq(br_ingest_buffer(rs, "t.csv", tidy, strlen(tidy),
					  &o, &err), BR_OK);
	ck_assert_uint_eq(rs->n_tests, 1);
	t = rs->tests[0];
	ck_assert_ptr_null(t->display_format);
	ck_assert_ptr_null(t->proportion);
	ck_assert_int_eq(br_ingest_path(rs, "data/pts/bad-value.xml", &o,
					&err), BR_EDATA);
	ck_assert_str_eq(err.where, "data/pts/bad-value.xml:45");
	ck_assert_str_eq(err.msg, "<Value> is not a number: \"abc\"");
	ck_assert_uint_eq(rs->n_tests, 1);
	ck_assert_int_eq(t->display, BR_DISPLAY_BAR);
	ck_assert_int_eq(t->dir, BR_DIR_HIB);
	ck_assert_ptr_null(t->display_format);
	ck_assert_str_eq(entry_of(rs, t, "FreeBSD UFS")->sample.value_text,
			 "845.00");
	br_resultset_free(rs);
}
END_TEST

START_TEST(test_pre3)
{
	struct br_resultset *rs = load_ok("data/pts/pre3.xml");
	const struct br_system *s;
	const struct br_test *t;
	const struct br_entry *e;
	static const double runs[] = {15603.21, 15789.02, 15771.91};

	ck_assert_str_eq(rs->title, "Ubuntu 10.04 vs. 10.10");
	ck_assert_str_eq(rs->description, "A pre-3.0 layout result file.");
	ck_assert_str_eq(rs->last_modified, "2010-08-02 16:20:44");
	ck_assert_str_eq(rs->test_client,
			 "Phoronix Test Suite v2.8.1 (Torsken)");
	ck_assert_uint_eq(rs->n_systems, 2);
	s = rs->systems[0];
	ck_assert_str_eq(s->identifier, "Ubuntu 10.04");
	ck_assert(s->declared);
	ck_assert_str_eq(s->user, "tester");
	ck_assert_str_eq(s->timestamp, "2010-08-02");
	ck_assert_str_eq(s->notes, "Stock settings.");
	ck_assert_str_eq(s->client_version, "2.8.1");
	ck_assert_str_eq(s->software[0].value, "Ubuntu 10.04");
	ck_assert_uint_eq(rs->n_tests, 1);
	t = rs->tests[0];
	ck_assert_str_eq(t->identifier, "apache");
	ck_assert_str_eq(t->title, "Apache Benchmark");
	ck_assert_str_eq(t->app_version, "2.2.14");
	ck_assert_str_eq(t->arguments, "");
	ck_assert_str_eq(t->description, "Static Web Page Serving");
	ck_assert_str_eq(t->scale, "Requests Per Second");
	ck_assert_str_eq(t->display_format, "BAR_GRAPH");
	ck_assert_int_eq(t->dir, BR_DIR_HIB);
	ck_assert_uint_eq(t->loc.line, 35);
	e = entry_of(rs, t, "Ubuntu 10.04");
	ck_runs(&e->sample, runs, 3);
	ck_assert_str_eq(e->sample.value_text, "15721.38");
	ck_assert_uint_eq(entry_of(rs, t, "Ubuntu 10.10")->sample.n_runs, 2);
	ck_assert_uint_eq(rs->n_warnings, 0);
	br_resultset_free(rs);
}
END_TEST

START_TEST(test_markup)
{
	struct br_resultset *rs = load_ok("data/pts/markup.xml");
	const struct br_test *t;

	/* strip_tags: tags go, their text stays; "< 5" is not a tag;
	 * '>' inside a quoted attribute does not end the tag. */
	ck_assert_str_eq(rs->title, "alert(1)Results bold < 5");
	ck_assert_str_eq(rs->description, "CDATA text & more");
	ck_assert_uint_eq(rs->n_systems, 1);
	ck_assert_str_eq(rs->systems[0]->identifier, "xSys One");
	ck_assert_str_eq(rs->systems[0]->hardware[0].value, "Fast CPU");
	t = rs->tests[0];
	/* Only the element's own text, as SimpleXML reads it. */
	ck_assert_str_eq(t->title, "XY");
	ck_assert_str_eq(entry_of(rs, t, "xSys One")->sample.value_text,
			 "1.5");
	br_resultset_free(rs);
}
END_TEST

/* --------------------------------------------------------- hostile */

static const struct {
	const char *path;
	const char *format;   /* NULL: detect */
	int code;
	const char *where;
	const char *msg;
} bad_cases[] = {
	{"data/pts/entity-bomb.xml", NULL, BR_EDATA,
	 "data/pts/entity-bomb.xml:2",
	 "DOCTYPE/entity declarations are not allowed in a result file"},
	{"data/pts/external-entity.xml", NULL, BR_EDATA,
	 "data/pts/external-entity.xml:2",
	 "DOCTYPE/entity declarations are not allowed in a result file"},
	{"data/pts/doctype.xml", NULL, BR_EDATA, "data/pts/doctype.xml:3",
	 "DOCTYPE/entity declarations are not allowed in a result file"},
	{"data/pts/undeclared-entity.xml", NULL, BR_EDATA,
	 "data/pts/undeclared-entity.xml:4",
	 "malformed XML: Entity 'xxe' not defined"},
	{"data/pts/truncated.xml", NULL, BR_EDATA,
	 "data/pts/truncated.xml:40",
	 "malformed XML: input ends inside <Entry> (line 38): truncated?"},
	{"data/pts/bad-value.xml", NULL, BR_EDATA,
	 "data/pts/bad-value.xml:45", "<Value> is not a number: \"abc\""},
	{"data/pts/nul-byte.xml", NULL, BR_EDATA, "data/pts/nul-byte.xml:8",
	 "malformed XML: Char 0x0 out of allowed range"},
	{"data/pts/deep.xml", NULL, BR_EDATA, "data/pts/deep.xml:5",
	 "elements nested more than 64 deep"},
	{"data/pts/not-xml.txt", "pts-xml", BR_EDATA,
	 "data/pts/not-xml.txt:1",
	 "malformed XML: Start tag expected, '<' not found"},
	{"data/pts/wrong-root.xml", "pts-xml", BR_EDATA,
	 "data/pts/wrong-root.xml:3",
	 "root element is <PhoronixTestSuite2>, not <PhoronixTestSuite>: "
	 "not a PTS result file"},
	/* libxml2 crashed switching to these (fuzzing) */
	{"fuzz/regress/pts-xml/declared-ucs4", "pts-xml", BR_EDATA,
	 "fuzz/regress/pts-xml/declared-ucs4:1",
	 "malformed XML: not UTF-8 (declares encoding \"UCS-4\"; save it "
	 "as UTF-8)"},
	{"fuzz/regress/pts-xml/declared-ucs4-junk-segv", "pts-xml", BR_EDATA,
	 "fuzz/regress/pts-xml/declared-ucs4-junk-segv:1",
	 "malformed XML: not UTF-8 (declares encoding \"UCS-4\"; save it "
	 "as UTF-8)"},
	{"fuzz/regress/pts-xml/utf16le-bom", "pts-xml", BR_EDATA,
	 "fuzz/regress/pts-xml/utf16le-bom:1",
	 "malformed XML: not UTF-8 (looks like UTF-16; save it as UTF-8)"},
};

/* Declared encodings: UTF-8 (with a BOM too) and ISO-8859-1 are read,
 * the latter converted; an unreadable declaration is refused. */
START_TEST(test_declared_encodings)
{
	static const char latin1[] = "<?xml version=\"1.0\" encoding="
		"'iso-8859-1'?>\n<PhoronixTestSuite><Generated><Title>Caf\xe9"
		"</Title></Generated></PhoronixTestSuite>\n";
	static const char bom[] = "\xef\xbb\xbf<?xml version=\"1.0\" "
		"encoding=\"UTF-8\"?>\n<PhoronixTestSuite><Generated><Title>"
		"Caf\xc3\xa9</Title></Generated></PhoronixTestSuite>\n";
	static const char bom_latin1[] = "\xef\xbb\xbf<?xml version=\"1.0\" "
		"encoding=\"ISO-8859-1\"?>\n<PhoronixTestSuite><Generated>"
		"<Title>Caf\xc3\xa9</Title></Generated></PhoronixTestSuite>\n";
	static const char bad[] = "<?xml version=\"1.0\" encoding=UTF-8?>\n"
		"<PhoronixTestSuite/>\n";
	struct br_resultset *rs;
	struct br_error err;
	int rc;

	rs = load_buf("l.xml", latin1, sizeof latin1 - 1, &rc, &err);
	ck_assert_msg(rc == BR_OK, "%s", err.msg);
	ck_assert_str_eq(rs->title, "Caf\xc3\xa9");
	br_resultset_free(rs);
	rs = load_buf("b.xml", bom, sizeof bom - 1, &rc, &err);
	ck_assert_msg(rc == BR_OK, "%s", err.msg);
	ck_assert_str_eq(rs->title, "Caf\xc3\xa9");
	br_resultset_free(rs);
	/* a UTF-8 byte order mark outranks a Latin-1 declaration */
	rs = load_buf("bl.xml", bom_latin1, sizeof bom_latin1 - 1, &rc, &err);
	ck_assert_msg(rc == BR_OK, "%s", err.msg);
	ck_assert_str_eq(rs->title, "Caf\xc3\xa9");
	br_resultset_free(rs);
	rs = load_buf("x.xml", bad, sizeof bad - 1, &rc, &err);
	ck_assert_int_eq(rc, BR_EDATA);
	ck_assert_str_eq(err.where, "x.xml:1");
	ck_assert_str_eq(err.msg, "malformed XML: unreadable encoding "
			 "declaration");
	br_resultset_free(rs);
}
END_TEST

START_TEST(test_bad_input)
{
	size_t i = (size_t)_i;
	struct br_error err;
	int rc;
	struct br_resultset *rs = load_n(&bad_cases[i].path, 1,
					 bad_cases[i].format, &rc, &err);

	ck_assert_int_eq(rc, bad_cases[i].code);
	ck_assert_int_eq(err.code, bad_cases[i].code);
	ck_assert_str_eq(err.where, bad_cases[i].where);
	ck_assert_str_eq(err.msg, bad_cases[i].msg);
	br_resultset_free(rs);
}
END_TEST

/* libxml2 must not print: run bad inputs with stderr captured. */
START_TEST(test_silent)
{
	FILE *tmp = tmpfile();
	int saved = dup(2);
	size_t i;
	long size;

	ck_assert_ptr_nonnull(tmp);
	ck_assert_int_ge(saved, 0);
	fflush(stderr);
	ck_assert_int_ge(dup2(fileno(tmp), 2), 0);
	for (i = 0; i < sizeof bad_cases / sizeof bad_cases[0]; i++) {
		struct br_error err;
		int rc;
		struct br_resultset *rs = load_n(&bad_cases[i].path, 1,
						 "pts-xml", &rc, &err);

		br_resultset_free(rs);
	}
	fflush(stderr);
	dup2(saved, 2);
	close(saved);
	fseek(tmp, 0, SEEK_END);
	size = ftell(tmp);
	fclose(tmp);
	ck_assert_int_eq(size, 0);
}
END_TEST

START_TEST(test_detect)
{
	static const char bom[] = "\xEF\xBB\xBF<?xml version=\"1.0\"?>\n"
				  "<PhoronixTestSuite>";
	static const char comment[] = "<?xml version=\"1.0\"?>\n"
		"<!--Phoronix Test Suite v5.6.0 (Dedilovo)-->\n"
		"<?xml-stylesheet type=\"text/xsl\" href=\"x.xsl\"?>\n"
		"  <PhoronixTestSuite>\n";
	static const char other[] = "<?xml version=\"1.0\"?>\n<Results/>";
	static const char prefix[] = "<PhoronixTestSuiteX>";
	static const char empty_root[] = "<PhoronixTestSuite/>";

	ck_assert_int_eq(br_detect_pts_xml(bom, sizeof bom - 1), 100);
	ck_assert_int_eq(br_detect_pts_xml(comment, sizeof comment - 1), 100);
	ck_assert_int_eq(br_detect_pts_xml(empty_root,
					   sizeof empty_root - 1), 100);
	ck_assert_int_eq(br_detect_pts_xml(other, sizeof other - 1), 0);
	ck_assert_int_eq(br_detect_pts_xml(prefix, sizeof prefix - 1), 0);
	ck_assert_int_eq(br_detect_pts_xml("", 0), 0);
	ck_assert_int_eq(br_detect_pts_xml("a,b,c\n1,2,3\n", 12), 0);
	ck_assert_int_eq(br_detect_pts_xml("<!DOCTYPE PhoronixTestSuite [",
					   29), 90);
	ck_assert_int_eq(br_detect_pts_xml("This is not XML", 15), 0);
}
END_TEST

/* Detection keeps what is not a result file away from the reader. */
START_TEST(test_detect_dispatch)
{
	static const char *const paths[] = {
		"data/pts/not-xml.txt", "data/pts/wrong-root.xml",
	};
	size_t i;

	for (i = 0; i < 2; i++) {
		struct br_error err;
		int rc;
		struct br_resultset *rs = load(paths[i], &rc, &err);

		ck_assert_int_eq(rc, BR_EDATA);
		ck_assert_msg(!strncmp(err.msg, "not a format benchreport "
				       "reads", 30), "%s", err.msg);
		br_resultset_free(rs);
	}
}
END_TEST

/* Lines past 65535 are exact (libxml2 2.9 clamps node lines there). */
START_TEST(test_big_lines)
{
	static const char head[] = "<?xml version=\"1.0\"?>\n"
				   "<PhoronixTestSuite>\n";
	static const char tail[] = "<Result><Title>T</Title>\n"
		"<Scale>MB/s</Scale><Proportion>HIB</Proportion>\n"
		"<Data><Entry><Identifier>S</Identifier>\n"
		"<Value>1.5</Value>\n<RawString>1:2</RawString>\n"
		"</Entry></Data></Result>\n</PhoronixTestSuite>\n";
	size_t pad = 70000, len = strlen(head) + pad + strlen(tail);
	char *buf = malloc(len);
	struct br_error err;
	int rc;
	struct br_resultset *rs;
	const struct br_entry *e;

	ck_assert_ptr_nonnull(buf);
	memcpy(buf, head, strlen(head));
	memset(buf + strlen(head), '\n', pad);
	memcpy(buf + strlen(head) + pad, tail, strlen(tail));
	rs = load_buf("big-lines.xml", buf, len, &rc, &err);
	ck_assert_msg(rc == BR_OK, "%s", err.msg);
	ck_assert_uint_eq(rs->tests[0]->loc.line, 70003);
	e = &rs->tests[0]->entries[0];
	ck_assert_uint_eq(e->loc.line, 70005);
	ck_assert_uint_eq(e->sample.runs[0].loc.line, 70007);
	ck_warning(rs, "big-lines.xml", 70005, "system \"S\" has entries but "
		   "no <System> block; its hardware and software are "
		   "unknown");
	br_resultset_free(rs);
	free(buf);
}
END_TEST

/* One text field over libxml2's default 10 MB text limit: refused. */
START_TEST(test_huge_text)
{
	static const char head[] = "<PhoronixTestSuite><Generated>\n<Title>";
	static const char tail[] = "</Title></Generated></PhoronixTestSuite>";
	size_t pad = 10000001, len = strlen(head) + pad + strlen(tail);
	char *buf = malloc(len);
	struct br_error err;
	int rc;
	struct br_resultset *rs;

	ck_assert_ptr_nonnull(buf);
	memcpy(buf, head, strlen(head));
	memset(buf + strlen(head), 'x', pad);
	memcpy(buf + strlen(head) + pad, tail, strlen(tail));
	rs = load_buf("huge.xml", buf, len, &rc, &err);
	ck_assert_int_eq(rc, BR_EDATA);
	ck_assert_str_eq(err.where, "huge.xml:2");
	ck_assert_str_eq(err.msg,
			 "text of an element is longer than 10000000 bytes");
	br_resultset_free(rs);
	free(buf);
}
END_TEST

/* ------------------------------------------------------ real corpus */

/* Every file in data/pts-real/, read on its own. */
static size_t real_files(char names[][512], size_t max)
{
	DIR *d = opendir("data/pts-real");
	struct dirent *de;
	size_t n = 0;

	ck_assert_ptr_nonnull(d);
	while ((de = readdir(d)) != NULL && n < max) {
		size_t l = strlen(de->d_name);

		if (l > 4 && l < 256 && !strcmp(de->d_name + l - 4, ".xml"))
			snprintf(names[n++], 512, "data/pts-real/%.255s",
				 de->d_name);
	}
	closedir(d);
	return n;
}

/*
 * PTS's Value is the mean of the numeric runs rounded to the decimals it
 * shows: |mean - Value| <= 0.5 * 10^-decimals (+ 1e-9 relative).
 */
START_TEST(test_real_corpus)
{
	static char names[64][512];
	size_t n = real_files(names, 64), f, checked = 0;

	ck_assert_uint_ge(n, 10);
	for (f = 0; f < n; f++) {
		struct br_resultset *rs = load_ok(names[f]);
		size_t i, j, k;

		ck_assert_uint_ge(rs->n_tests, 1);
		ck_assert_uint_ge(rs->n_systems, 1);
		for (i = 0; i < rs->n_tests; i++) {
			const struct br_test *t = rs->tests[i];

			if (t->display != BR_DISPLAY_BAR)
				continue;
			for (j = 0; j < t->n_entries; j++) {
				const struct br_sample *s =
					&t->entries[j].sample;
				double sum = 0, mean, v;
				int dec;

				if (!s->has_value || s->n_runs == 0)
					continue;
				for (k = 0; k < s->n_runs; k++)
					sum += s->runs[k].value;
				mean = sum / (double)s->n_runs;
				ck_assert(br_parse_number(s->value_text, &v,
							  &dec));
				ck_assert_msg(fabs(mean - v) <=
					      0.5 * pow(10, -dec) +
						      1e-9 * fabs(v),
					      "%s:%lu: mean %.9g vs Value %s",
					      names[f], t->entries[j].loc.line,
					      mean, s->value_text);
				checked++;
			}
		}
		br_resultset_free(rs);
	}
	ck_assert_uint_ge(checked, 200);
}
END_TEST

START_TEST(test_real_7zip)
{
	struct br_resultset *rs =
		load_ok("data/pts-real/ec2-7zip-composite-5.6.0.xml");
	const struct br_test *t;
	const struct br_entry *e;
	static const double runs[] = {4917, 4934, 4929};

	ck_assert_str_eq(rs->title, "7zip");
	ck_assert_str_eq(rs->test_client,
			 "Phoronix Test Suite v5.6.0 (Dedilovo)");
	ck_assert_uint_eq(rs->n_systems, 10);
	ck_assert_uint_eq(rs->n_tests, 1);
	ck_assert_uint_eq(rs->n_warnings, 0);
	ck_assert_str_eq(rs->systems[9]->identifier, "7zip-run-9");
	ck_assert_str_eq(rs->systems[9]->timestamp, "2015-05-11 19:27:53");
	ck_assert_str_eq(rs->systems[9]->software[4].key, "System Layer");
	t = rs->tests[0];
	ck_assert_str_eq(t->scale, "MIPS");
	ck_assert_uint_eq(t->n_entries, 10);
	e = entry_of(rs, t, "7zip-run-3");
	ck_assert_str_eq(e->sample.value_text, "4927");
	ck_runs(&e->sample, runs, 3);
	ck_assert_str_eq(e->compiler, "CXX: g++ -pipe -lpthread");
	br_resultset_free(rs);
}
END_TEST

START_TEST(test_real_failed_entries)
{
	struct br_resultset *rs =
		load_ok("data/pts-real/manuel-nogvno2-failed-10.8.4.xml");
	const struct br_test *t;
	const struct br_entry *e;

	ck_assert_str_eq(rs->title, "$result_name");
	ck_assert_uint_eq(rs->n_systems, 1);
	ck_assert_uint_eq(rs->n_tests, 126);
	t = test_by(rs, "FFTW", "Build: Stock - Size: 1D FFT Size 32");
	e = entry_of(rs, t, "NoGVNO2");
	ck_assert(!e->sample.has_value);
	ck_assert_str_eq(e->error, "The test quit with a non-zero exit status."
			 " E: taskset: failed to execute ./fftw-stock/tests/"
			 "bench: No such file or directory");
	ck_assert_str_eq(e->run_times, "1.94:0.01:0.01");
	t = test_by(rs, "FLAC Audio Encoding", "");
	ck_assert_str_eq(entry_of(rs, t, "NoGVNO2")->error,
			 "The test run did not produce a result.");
	t = test_by(rs, "eSpeak-NG Speech Engine", "Text-To-Speech Synthesis");
	e = entry_of(rs, t, "NoGVNO2");
	ck_assert_str_eq(e->sample.value_text, "67.793");
	ck_assert_uint_eq(e->sample.n_runs, 20);
	ck_assert_double_eq(e->sample.runs[19].value, 69.228);
	/* "Test Install Size" results repeat the entry: first kept. */
	t = test_by(rs, "FFTW", "Test Install Size");
	ck_assert_str_eq(t->identifier, "");
	ck_assert_uint_eq(t->n_entries, 1);
	ck_assert_str_eq(t->entries[0].sample.value_text, "98508");
	ck_assert_uint_eq(rs->n_warnings, 6);
	ck_warning(rs, "data/pts-real/manuel-nogvno2-failed-10.8.4.xml", 57,
		   "FFTW - Test Install Size: duplicate entry for "
		   "\"NoGVNO2\" (first at line 52); keeping the first");
	br_resultset_free(rs);
}
END_TEST

START_TEST(test_real_schbench)
{
	struct br_resultset *rs =
		load_ok("data/pts-real/ucd-schbench-8.0.1.xml");
	const struct br_test *t;
	const struct br_entry *e;

	ck_assert_uint_eq(rs->n_systems, 1);
	ck_assert_str_eq(rs->systems[0]->identifier, "2018-11-27 21:54");
	ck_assert_uint_eq(rs->n_tests, 42);
	t = test_by(rs, "Schbench",
		    "Message Threads: 32 - Workers Per Message Thread: 32");
	ck_assert_str_eq(t->scale, "usec, 99.9th Latency Percentile");
	ck_assert_str_eq(t->app_version, "");
	ck_assert_int_eq(t->dir, BR_DIR_LIB);
	e = entry_of(rs, t, "2018-11-27 21:54");
	ck_assert_str_eq(e->sample.value_text, "1340757");
	ck_assert_uint_eq(e->sample.n_runs, 6);
	ck_assert_double_eq(e->sample.runs[2].value, 1464320);
	ck_assert_str_eq(e->compiler, "CC: gcc -O2 -lpthread");
	br_resultset_free(rs);
}
END_TEST

/* Two per-run files PTS wrote (test-1.xml, test-2.xml) merge into what
 * its composite.xml holds for those systems. */
START_TEST(test_real_merge)
{
	static const char *const paths[] = {
		"data/pts-real/ec2-7zip-run0-5.6.0.xml",
		"data/pts-real/ec2-7zip-run1-5.6.0.xml",
	};
	struct br_error err;
	int rc;
	struct br_resultset *rs = load_n(paths, 2, NULL, &rc, &err);
	struct br_resultset *comp =
		load_ok("data/pts-real/ec2-7zip-composite-5.6.0.xml");
	size_t i, k;

	ck_assert_int_eq(rc, BR_OK);
	ck_assert_str_eq(rs->description,
			 "7zip run - 0 cloud lab exercise mpsp unipi.gr");
	ck_assert_uint_eq(rs->n_systems, 2);
	ck_assert_uint_eq(rs->n_tests, 1);
	ck_assert_uint_eq(rs->n_warnings, 0);
	ck_assert_uint_eq(rs->tests[0]->n_entries, 2);
	for (i = 0; i < 2; i++) {
		const struct br_entry *a = &rs->tests[0]->entries[i];
		const struct br_entry *b = &comp->tests[0]->entries[i];

		ck_assert_str_eq(rs->systems[a->system]->identifier,
				 comp->systems[b->system]->identifier);
		ck_assert_str_eq(a->sample.value_text, b->sample.value_text);
		ck_assert_uint_eq(a->sample.n_runs, b->sample.n_runs);
		for (k = 0; k < a->sample.n_runs; k++)
			ck_assert_double_eq(a->sample.runs[k].value,
					    b->sample.runs[k].value);
	}
	br_resultset_free(rs);
	br_resultset_free(comp);
}
END_TEST

/* ------------------------------------------------------------ speed */

struct gbuf {
	char *p;
	size_t n, cap;
};

static void gput(struct gbuf *b, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
static void gput(struct gbuf *b, const char *fmt, ...)
{
	va_list ap;
	int n;

	for (;;) {
		va_start(ap, fmt);
		n = vsnprintf(b->p + b->n, b->cap - b->n, fmt, ap);
		va_end(ap);
		ck_assert_int_ge(n, 0);
		if ((size_t)n < b->cap - b->n)
			break;
		b->cap = b->cap * 2 + (size_t)n + 1;
		b->p = realloc(b->p, b->cap);
		ck_assert_ptr_nonnull(b->p);
	}
	b->n += (size_t)n;
}

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}


/* Everything the reader made, as text: to compare two reads. */
static char *dump_rs(const struct br_resultset *rs)
{
	char *out = NULL;
	size_t len = 0, i, j, k;
	FILE *fp = open_memstream(&out, &len);

	ck_assert_ptr_nonnull(fp);
	fprintf(fp, "title=%s systems=%zu tests=%zu\n", rs->title,
		rs->n_systems, rs->n_tests);
	for (i = 0; i < rs->n_tests; i++) {
		const struct br_test *t = rs->tests[i];

		fprintf(fp, "%s|%s|%lu\n", t->title, t->description,
			t->loc.line);
		for (j = 0; j < t->n_entries; j++) {
			const struct br_entry *e = &t->entries[j];

			fprintf(fp, " %zu %s %lu:", e->system,
				e->sample.value_text ? e->sample.value_text
				: "-", e->loc.line);
			for (k = 0; k < e->sample.n_runs; k++)
				fprintf(fp, " %a@%lu", e->sample.runs[k].value,
					e->sample.runs[k].loc.line);
			fprintf(fp, " cc=%s\n", e->compiler ? e->compiler
				: "-");
		}
	}
	for (i = 0; i < rs->n_warnings; i++)
		fprintf(fp, "W %lu %s\n", rs->warnings[i].loc.line,
			rs->warnings[i].msg);
	fclose(fp);
	return out;
}

/* A result file of n results, ISO-8859-1 when latin1. */
static void gen_results(struct gbuf *b, int n, bool latin1)
{
	int r, s;

	gput(b, "<?xml version=\"1.0\"%s?>\n<PhoronixTestSuite>\n"
	     "<Generated><Title>Stream %s</Title></Generated>\n",
	     latin1 ? " encoding=\"ISO-8859-1\"" : "",
	     latin1 ? "caf\xe9" : "caf\xc3\xa9");
	for (s = 0; s < 3; s++)
		gput(b, "<System><Identifier>S%d</Identifier></System>\n", s);
	for (r = 0; r < n; r++) {
		gput(b, "<Result><Title>T%d</Title><Description>r\xc3%c %d"
		     "</Description><Scale>MB/s</Scale><Proportion>HIB"
		     "</Proportion><DisplayFormat>BAR_GRAPH</DisplayFormat>"
		     "<Data>\n", r, latin1 ? ' ' : '\xa9', r);
		for (s = 0; s < 3; s++)
			gput(b, "<Entry><Identifier>S%d</Identifier><Value>"
			     "%d.5</Value><RawString>%d.4:%d.6:x</RawString>\n"
			     "<JSON>{\"compiler-options\":{\"compiler\":\"gcc"
			     "\"}}</JSON></Entry>\n", s, r, r, r);
		gput(b, "</Data></Result>\n");
	}
	gput(b, "</PhoronixTestSuite>\n");
}

/*
 * Files over 64 KiB are parsed as they are read (br_read_pts_xml_stream):
 * the same model, warnings and error lines as from the whole buffer, for
 * UTF-8 and ISO-8859-1, whole and cut short.
 */
START_TEST(test_stream_vs_buffer)
{
	static const char path[] = "stream-test.xml";
	int latin1, cut;

	for (latin1 = 0; latin1 <= 1; latin1++)
		for (cut = 0; cut <= 1; cut++) {
			struct gbuf b = {malloc(1 << 16), 0, 1 << 16};
			struct br_resultset *a, *c;
			struct br_error ea, ec;
			char *da, *dc;
			int ra, rc;
			FILE *fp;

			gen_results(&b, 3000, latin1);
			ck_assert_uint_gt(b.n, 4 * 262144);
			if (cut)
				b.n = b.n * 2 / 3;
			fp = fopen(path, "wb");
			ck_assert_ptr_nonnull(fp);
			ck_assert_uint_eq(fwrite(b.p, 1, b.n, fp), b.n);
			fclose(fp);
			a = load_buf(path, b.p, b.n, &ra, &ea);
			c = load(path, &rc, &ec);
			ck_assert_int_eq(ra, rc);
			if (cut) {
				ck_assert_int_eq(rc, BR_EDATA);
				ck_assert_str_eq(ea.where, ec.where);
				ck_assert_str_eq(ea.msg, ec.msg);
			} else {
				ck_assert_msg(rc == BR_OK, "%s", ec.msg);
				ck_assert_str_eq(c->title, "Stream caf\xc3\xa9");
				ck_assert_uint_eq(c->n_tests, 3000);
				da = dump_rs(a);
				dc = dump_rs(c);
				ck_assert_msg(!strcmp(da, dc), "stream differs");
				free(da);
				free(dc);
			}
			br_resultset_free(a);
			br_resultset_free(c);
			free(b.p);
			unlink(path);
		}
}
END_TEST

/* A composite.xml of 2,000 results x 12 systems x 5 runs (~10 MB). */
START_TEST(test_speed_composite)
{
	struct gbuf b = {malloc(1 << 20), 0, 1 << 20};
	struct br_error err;
	struct br_resultset *rs;
	double t0, dt;
	int rc, r, s;

	gput(&b, "<?xml version=\"1.0\"?>\n<!--Phoronix Test Suite v10.8.6-->"
	     "\n<PhoronixTestSuite>\n  <Generated>\n    <Title>Big</Title>\n"
	     "  </Generated>\n");
	for (s = 0; s < 12; s++)
		gput(&b, "  <System>\n    <Identifier>System %d</Identifier>\n"
		     "    <Hardware>Processor: CPU %d (8 Cores), Memory: "
		     "16GB</Hardware>\n    <Software>OS: Linux, Kernel: 6.%d"
		     "</Software>\n    <User>u</User>\n    <TimeStamp>2024-"
		     "01-01 00:00:00</TimeStamp>\n  </System>\n", s, s, s);
	for (r = 0; r < 2000; r++) {
		gput(&b, "  <Result>\n    <Identifier>pts/test-%d-1.0.0"
		     "</Identifier>\n    <Title>Test %d</Title>\n"
		     "    <AppVersion>1.0</AppVersion>\n    <Arguments>-a %d"
		     "</Arguments>\n    <Description>Option: %d</Description>"
		     "\n    <Scale>MB/s</Scale>\n    <Proportion>HIB"
		     "</Proportion>\n    <DisplayFormat>BAR_GRAPH"
		     "</DisplayFormat>\n    <Data>\n", r % 50, r % 50, r, r);
		for (s = 0; s < 12; s++)
			gput(&b, "      <Entry>\n        <Identifier>System %d"
			     "</Identifier>\n        <Value>%d.50</Value>\n"
			     "        <RawString>%d.48:%d.49:%d.50:%d.51:%d.52"
			     "</RawString>\n        <JSON>{\"compiler-options"
			     "\":{\"compiler-type\":\"CC\",\"compiler\":"
			     "\"gcc\",\"compiler-options\":\"-O3 -march="
			     "native -lm\"},\"test-run-times\":"
			     "\"60.01:60.02:60.03:60.04:60.05\"}</JSON>\n"
			     "      </Entry>\n", s, 100 + r + s, 100 + r + s,
			     100 + r + s, 100 + r + s, 100 + r + s,
			     100 + r + s);
		gput(&b, "    </Data>\n  </Result>\n");
	}
	gput(&b, "</PhoronixTestSuite>\n");
	ck_assert_uint_ge(b.n, 8000000);
	t0 = now();
	rs = load_buf("big.xml", b.p, b.n, &rc, &err);
	dt = now() - t0;
	ck_assert_msg(rc == BR_OK, "%s: %s", err.where, err.msg);
	ck_assert_uint_eq(rs->n_tests, 2000);
	ck_assert_uint_eq(rs->n_systems, 12);
	ck_assert_uint_eq(rs->tests[1999]->n_entries, 12);
	ck_assert_uint_eq(rs->tests[1999]->entries[11].sample.n_runs, 5);
	/* Target 0.1 s optimised; generous for sanitizer builds. */
	ck_assert_msg(dt < 3.0, "10 MB composite took %.3f s", dt);
	br_resultset_free(rs);
	free(b.p);
}
END_TEST

/* 100,000 systems and one result with an entry for each: linear. */
START_TEST(test_speed_wide)
{
	struct gbuf b = {malloc(1 << 20), 0, 1 << 20};
	struct br_error err;
	struct br_resultset *rs;
	double t0, dt;
	int rc, s, n = 100000;

	gput(&b, "<PhoronixTestSuite>\n");
	for (s = 0; s < n; s++)
		gput(&b, "<System><Identifier>s%d</Identifier></System>\n", s);
	gput(&b, "<Result><Title>Wide</Title><Scale>ms</Scale><Proportion>"
	     "LIB</Proportion><Data>\n");
	for (s = 0; s < n; s++)
		gput(&b, "<Entry><Identifier>s%d</Identifier><Value>%d"
		     "</Value></Entry>\n", s, s);
	/* A duplicate at the end must still be found. */
	gput(&b, "<Entry><Identifier>s7</Identifier><Value>1</Value>"
	     "</Entry>\n</Data></Result>\n</PhoronixTestSuite>\n");
	t0 = now();
	rs = load_buf("wide.xml", b.p, b.n, &rc, &err);
	dt = now() - t0;
	ck_assert_msg(rc == BR_OK, "%s: %s", err.where, err.msg);
	ck_assert_uint_eq(rs->n_systems, (size_t)n);
	ck_assert_uint_eq(rs->tests[0]->n_entries, (size_t)n);
	ck_assert_uint_eq(rs->n_warnings, 1);
	ck_assert_msg(dt < 5.0, "100k entries took %.3f s", dt);
	br_resultset_free(rs);
	free(b.p);
}
END_TEST

Suite *br_suite_pts_xml(void)
{
	Suite *s = suite_create("pts_xml");
	TCase *tc = tcase_create("layout");
	TCase *bad = tcase_create("hostile");
	TCase *real = tcase_create("real");
	TCase *speed = tcase_create("speed");

	tcase_add_test(tc, test_minimal);
	tcase_add_test(tc, test_generated_and_system);
	tcase_add_test(tc, test_entry_json_and_failed);
	tcase_add_loop_test(tc, test_entry_json_fast_vs_json_c, 0,
			    sizeof entry_jsons / sizeof entry_jsons[0]);
	tcase_add_test(tc, test_flat_json_subset);
	tcase_add_test(tc, test_declared_encodings);
	tcase_add_test(tc, test_stream_vs_buffer);
	tcase_add_test(tc, test_line_graph);
	tcase_add_test(tc, test_pass_fail);
	tcase_add_test(tc, test_duplicate_entries);
	tcase_add_test(tc, test_duplicate_results);
	tcase_add_test(tc, test_fragment);
	tcase_add_test(tc, test_merge);
	tcase_add_test(tc, test_merge_other_reader);
	tcase_add_test(tc, test_pre3);
	tcase_add_test(tc, test_markup);
	tcase_add_test(tc, test_detect);
	tcase_add_test(tc, test_detect_dispatch);
	tcase_add_test(tc, test_big_lines);
	suite_add_tcase(s, tc);

	tcase_add_loop_test(bad, test_bad_input, 0,
			    sizeof bad_cases / sizeof bad_cases[0]);
	tcase_add_test(bad, test_silent);
	tcase_add_test(bad, test_huge_text);
	tcase_set_timeout(bad, 30);
	suite_add_tcase(s, bad);

	tcase_add_test(real, test_real_corpus);
	tcase_add_test(real, test_real_7zip);
	tcase_add_test(real, test_real_failed_entries);
	tcase_add_test(real, test_real_schbench);
	tcase_add_test(real, test_real_merge);
	suite_add_tcase(s, real);

	tcase_add_test(speed, test_speed_composite);
	tcase_add_test(speed, test_speed_wide);
	tcase_set_timeout(speed, 60);
	suite_add_tcase(s, speed);
	return s;
}
