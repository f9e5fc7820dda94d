/*
 * check_pts_exports.c - PTS's CSV exports against the composite.xml they
 * were made from (tests/data/pts-real/SOURCES.md): the older
 * result-file-to-csv layout must give the XML's published values, the
 * result-file-raw-to-csv export its runs.  Also the layouts' errors with
 * their exact file:line, and format detection.  Run from tests/.
 */
#include <check.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ingest/ingest.h"
#include "model/model.h"

Suite *br_suite_pts_exports(void);

#define REAL "data/pts-real/"

/* Read path (detecting its format) and insist that it worked. */
static struct br_resultset *load_ok(const char *path)
{
	struct br_resultset *rs = br_resultset_new();
	struct br_ingest_opts o;
	struct br_error err;
	int rc;

	ck_assert_ptr_nonnull(rs);
	br_ingest_opts_defaults(&o);
	br_error_clear(&err);
	rc = br_ingest_path(rs, path, &o, &err);
	ck_assert_msg(rc == BR_OK, "%s: %s: %s", path, err.where, err.msg);
	return rs;
}

/* The test titled title with description desc, or NULL. */
static const struct br_test *find_test(const struct br_resultset *rs,
				       const char *title, const char *desc)
{
	size_t i;

	for (i = 0; i < rs->n_tests; i++)
		if (!strcmp(rs->tests[i]->title, title) &&
		    !strcmp(rs->tests[i]->description, desc))
			return rs->tests[i];
	return NULL;
}

/* The entry of system (by name) in t, or NULL. */
static const struct br_entry *find_entry(const struct br_resultset *rs,
					 const struct br_test *t,
					 const char *system)
{
	size_t sys = br_rs_system((struct br_resultset *)rs, system, false,
				  NULL, NULL);
	size_t i;

	if (sys == (size_t)-1)
		return NULL;
	i = br_test_find_entry(t, sys);
	return i == (size_t)-1 ? NULL : &t->entries[i];
}

static const char *kv_get(const struct br_kv *kv, size_t n, const char *key)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (!strcmp(kv[i].key, key))
			return kv[i].value;
	return NULL;
}

static bool has_warning(const struct br_resultset *rs, const char *where,
			unsigned long line, const char *msg)
{
	size_t i;

	for (i = 0; i < rs->n_warnings; i++)
		if (!strcmp(rs->warnings[i].msg, msg) &&
		    rs->warnings[i].loc.line == line &&
		    !strcmp(rs->warnings[i].loc.file, where))
			return true;
	return false;
}

/* System identifier of entry e of a test in rs. */
static const char *sys_of(const struct br_resultset *rs,
			  const struct br_entry *e)
{
	return rs->systems[e->system]->identifier;
}

/* ------------------------------------------- older result-file-to-csv */

START_TEST(test_old_csv_matches_xml)
{
	/* PTS 5.6.0 wrote both files of one saved result (SOURCES.md). */
	struct br_resultset *x = load_ok(REAL "ec2-7zip-composite-5.6.0.xml");
	struct br_resultset *c = load_ok(REAL "ec2-7zip-composite-5.6.0.csv");
	size_t i, j, compared = 0;

	ck_assert_str_eq(c->sources[0].format, "pts-csv");
	ck_assert_str_eq(c->title, x->title);
	ck_assert_uint_eq(c->n_systems, x->n_systems);
	for (i = 0; i < x->n_systems; i++) {
		const struct br_system *xs = x->systems[i];
		const struct br_system *cs = c->systems[i];

		ck_assert_str_eq(cs->identifier, xs->identifier);
		ck_assert_str_eq(kv_get(cs->hardware, cs->n_hardware,
					"Processor"),
				 kv_get(xs->hardware, xs->n_hardware,
					"Processor"));
		ck_assert_str_eq(kv_get(cs->software, cs->n_software,
					"System Layer"),
				 kv_get(xs->software, xs->n_software,
					"System Layer"));
	}
	ck_assert_uint_eq(c->n_tests, x->n_tests);
	for (i = 0; i < x->n_tests; i++) {
		const struct br_test *xt = x->tests[i];
		const struct br_test *ct = find_test(c, xt->title,
						     xt->description);

		ck_assert_msg(ct != NULL, "no CSV test for %s", xt->title);
		ck_assert_uint_eq(ct->n_entries, xt->n_entries);
		for (j = 0; j < xt->n_entries; j++) {
			const struct br_entry *xe = &xt->entries[j];
			const struct br_entry *ce =
				find_entry(c, ct, sys_of(x, xe));

			ck_assert_ptr_nonnull(ce);
			ck_assert(ce->sample.has_value);
			ck_assert_str_eq(ce->sample.value_text,
					 xe->sample.value_text);
			ck_assert_double_eq(ce->sample.value,
					    xe->sample.value);
			compared++;
		}
	}
	ck_assert_uint_eq(compared, 10);
	/* The older layout has neither units nor directions. */
	ck_assert_str_eq(c->tests[0]->scale, "");
	ck_assert_int_eq(c->tests[0]->dir, BR_DIR_UNKNOWN);
	ck_assert(has_warning(c, REAL "ec2-7zip-composite-5.6.0.csv", 0,
			      "older PTS CSV export: no units and no "
			      "higher/lower-is-better column (--direction "
			      "sets one)"));
	br_resultset_free(x);
	br_resultset_free(c);
}
END_TEST

START_TEST(test_old_csv_iozone)
{
	/* Values read off the file (no composite.xml of it is public). */
	struct br_resultset *c = load_ok(REAL "ec2-iozone-5.6.0.csv");
	const struct br_system *s;
	const struct br_test *t;
	const struct br_entry *e;

	ck_assert_str_eq(c->title, "kostas_new_iozone_large");
	ck_assert_uint_eq(c->n_systems, 1);
	s = c->systems[0];
	ck_assert_str_eq(s->identifier, "iozone");
	ck_assert_uint_eq(s->loc.line, 3);
	ck_assert_uint_eq(s->n_hardware, 6);
	ck_assert_uint_eq(s->n_software, 5);
	ck_assert_str_eq(kv_get(s->software, s->n_software, "Kernel"),
			 "3.13.0-48-generic (x86_64)");
	ck_assert_str_eq(kv_get(s->hardware, s->n_hardware, "Disk"), "8GB");
	ck_assert_uint_eq(c->n_tests, 18);
	t = find_test(c, "IOzone", "Record Size: 1MB - File Size: 2GB - "
		      "Disk Test: Read Performance");
	ck_assert_ptr_nonnull(t);
	ck_assert_uint_eq(t->loc.line, 17);
	e = find_entry(c, t, "iozone");
	ck_assert_str_eq(e->sample.value_text, "7714.10");
	ck_assert_double_eq(e->sample.value, 7714.1);
	ck_assert_uint_eq(e->sample.n_runs, 0);
	t = find_test(c, "IOzone", "Record Size: 64Kb - File Size: 512MB - "
		      "Disk Test: Write Performance");
	ck_assert_ptr_nonnull(t);
	ck_assert_uint_eq(t->loc.line, 34);
	ck_assert_str_eq(find_entry(c, t, "iozone")->sample.value_text,
			 "1.02");
	br_resultset_free(c);
}
END_TEST

/* ------------------------------------------------- result-file-raw-to-csv */

static const char *const raw_pairs[][2] = {
	{REAL "ec2-7zip-composite-5.6.0.xml",
	 REAL "ec2-7zip-composite-5.6.0-raw.csv"},
	{REAL "ucd-schbench-8.0.1.xml", REAL "ucd-schbench-8.0.1-raw.csv"},
};

START_TEST(test_raw_csv_matches_xml)
{
	struct br_resultset *x = load_ok(raw_pairs[_i][0]);
	struct br_resultset *c = load_ok(raw_pairs[_i][1]);
	size_t i, j, k, runs = 0;

	ck_assert_str_eq(c->sources[0].format, "pts-raw-csv");
	ck_assert_str_eq(c->title, x->title);
	ck_assert_uint_eq(c->n_tests, x->n_tests);
	for (i = 0; i < x->n_tests; i++) {
		const struct br_test *xt = x->tests[i];
		const struct br_test *ct;
		char title[256];

		snprintf(title, sizeof title, "%s%s%s", xt->title,
			 *xt->app_version ? " " : "", xt->app_version);
		ct = find_test(c, title, xt->description);
		ck_assert_msg(ct != NULL, "no raw test \"%s\"", title);
		ck_assert_int_eq(ct->dir, xt->dir);
		ck_assert_uint_eq(ct->n_entries, xt->n_entries);
		for (j = 0; j < xt->n_entries; j++) {
			const struct br_entry *xe = &xt->entries[j];
			const struct br_entry *ce =
				find_entry(c, ct, sys_of(x, xe));
			double sum = 0, scale;
			int dec = 0;
			const char *dot = strchr(xe->sample.value_text, '.');

			ck_assert_ptr_nonnull(ce);
			ck_assert(!ce->sample.has_value);
			ck_assert_uint_eq(ce->sample.n_runs,
					  xe->sample.n_runs);
			for (k = 0; k < xe->sample.n_runs; k++) {
				ck_assert_double_eq(ce->sample.runs[k].value,
						    xe->sample.runs[k].value);
				sum += ce->sample.runs[k].value;
				runs++;
			}
			ck_assert_double_eq(ce->sample.resolution,
					    xe->sample.resolution);
			/* The runs' mean is the published Value, to its
			 * decimals. */
			if (dot)
				dec = (int)strlen(dot + 1);
			scale = pow(10, dec);
			ck_assert_double_le(fabs(sum / (double)
						 ce->sample.n_runs -
						 xe->sample.value),
					    0.5 / scale + 1e-9);
		}
	}
	ck_assert_uint_eq(runs, _i == 0 ? 30 : 172);
	br_resultset_free(x);
	br_resultset_free(c);
}
END_TEST

START_TEST(test_raw_csv_single_run)
{
	/* RawString is empty for a single run: no runs, a warning. */
	struct br_resultset *c = load_ok(REAL "ucd-pjdfstest-8.0.1-raw.csv");

	ck_assert_str_eq(c->title, "2018-11-27-2141");
	ck_assert_uint_eq(c->n_tests, 1);
	ck_assert_str_eq(c->tests[0]->title, "Pjdfstest");
	ck_assert_str_eq(c->tests[0]->description, "");
	ck_assert_int_eq(c->tests[0]->dir, BR_DIR_LIB);
	ck_assert_uint_eq(c->tests[0]->n_entries, 0);
	ck_assert(has_warning(c, REAL "ucd-pjdfstest-8.0.1-raw.csv", 6,
			      "no runs for system \"PersistentDisk\" (a "
			      "single run, which this export leaves out, "
			      "or a failed one); left out"));
	br_resultset_free(c);
}
END_TEST

/* ---------------------------------------------------- errors, detection */

struct bad_case {
	const char *fmt;
	const char *text;
	const char *where;
	const char *msg;
};

static const struct bad_case bad[] = {
	/* older result-file-to-csv */
	{"pts-csv", "T\n\n ,\"A\",\"A\"\n", "in.csv:3",
	 "system header: \"A\" appears twice"},
	{"pts-csv", "T\n\n ,\"A\"\nOS,x\n\n ,,\"A\"\n", "in.csv:6",
	 "this system header differs from the first one"},
	{"pts-csv", "T\n\n ,\"A\",\"B\"\n\"X - y\",1,2,3\n", "in.csv:4",
	 "result row has 3 values for 2 systems"},
	{"pts-csv", "T\n\n ,\"A\"\n\"X - y\",HIB\n", "in.csv:4",
	 "value for system \"A\" (column 2) is not a number: \"HIB\""},
	{"pts-csv", "T\n\n ,\"A\",\"\"\n", "in.csv:3",
	 "system header: column 3 has no system name"},
	/* result-file-raw-to-csv */
	{"pts-raw-csv", "T,\n\n\"X 1.0 - y\",\nHigher Results Are Better\n\n"
	 "\"A\",1,2,z\n", "in.csv:6",
	 "run 3 of system \"A\" (column 4) is not a number: \"z\""},
	{"pts-raw-csv", "T,\n\n\"X 1.0 - y\",\nHigher Results Are Better\n\n"
	 "\"A\",1\n\"A\",2\n", "in.csv:7",
	 "system \"A\" already has runs for this result (in.csv:6)"},
	{"pts-raw-csv", "T,\n\n\"X 1.0 - y\",\nMore is better\n\n\"A\",1\n",
	 "in.csv:4", "expected 'Higher Results Are Better', 'Lower Results "
	 "Are Better' or a blank line after the title line of \"X 1.0 - "
	 "y\" (line 3)"},
	{"pts-raw-csv", "T,\n\n\"X 1.0 - y\",\nLower Results Are Better\n"
	 "\"A\",1\n", "in.csv:5",
	 "expected a blank line after the line 'Lower Results Are Better'"},
	{"pts-raw-csv", "T,\n\n\"X 1.0 - y\",\nHigher Results Are Better\n\n"
	 "\"A\",1\n\nX,2\n", "in.csv:8",
	 "expected a result's title line ('\"Title Version - "
	 "Description\",') here"},
	{"pts-raw-csv", "T,\n\n\"X 1.0 - y\",\nHigher Results Are Better\n\n"
	 ",1\n", "in.csv:6", "run row without a system name in column 1"},
	{"pts-raw-csv", "T,\n\n\"X 1.0 - y\",\n", "in.csv:3",
	 "the input ends after the title line of \"X 1.0 - y\""},
};

START_TEST(test_errors)
{
	const struct bad_case *b = &bad[_i];
	struct br_resultset *rs = br_resultset_new();
	struct br_ingest_opts o;
	struct br_error err;
	int rc;

	br_ingest_opts_defaults(&o);
	o.input_format = b->fmt;
	br_error_clear(&err);
	rc = br_ingest_buffer(rs, "in.csv", b->text, strlen(b->text), &o,
			      &err);
	ck_assert_msg(rc == BR_EDATA, "accepted: %s", b->text);
	ck_assert_str_eq(err.where, b->where);
	ck_assert_str_eq(err.msg, b->msg);
	br_resultset_free(rs);
	/* Detection picks the same reader, given a proportion line. */
	if (!strcmp(b->fmt, "pts-raw-csv") &&
	    !strstr(b->text, "Results Are Better"))
		return;
	rs = br_resultset_new();
	o.input_format = NULL;
	br_error_clear(&err);
	rc = br_ingest_buffer(rs, "in.csv", b->text, strlen(b->text), &o,
			      &err);
	ck_assert_int_eq(rc, BR_EDATA);
	ck_assert_str_eq(err.msg, b->msg);
	br_resultset_free(rs);
}
END_TEST

START_TEST(test_detection)
{
	/* ',"a","b"' without PTS's leading blank is a tidy/other CSV. */
	static const char tidy[] = ",\"system\",\"value\"\n1,A,3\n";
	struct br_resultset *rs = br_resultset_new();
	struct br_ingest_opts o;
	struct br_error err;

	br_ingest_opts_defaults(&o);
	br_error_clear(&err);
	br_ingest_buffer(rs, "t.csv", tidy, sizeof tidy - 1, &o, &err);
	ck_assert(rs->n_sources == 0 ||
		  strcmp(rs->sources[0].format, "pts-csv") != 0);
	ck_assert(err.code == BR_OK ||
		  strstr(err.msg, "PTS CSV") == NULL);
	br_resultset_free(rs);
}
END_TEST

Suite *br_suite_pts_exports(void)
{
	Suite *s = suite_create("pts_exports");
	TCase *tc = tcase_create("csv");

	tcase_add_test(tc, test_old_csv_matches_xml);
	tcase_add_test(tc, test_old_csv_iozone);
	tcase_add_loop_test(tc, test_raw_csv_matches_xml, 0,
			    sizeof raw_pairs / sizeof raw_pairs[0]);
	tcase_add_test(tc, test_raw_csv_single_run);
	tcase_add_loop_test(tc, test_errors, 0, sizeof bad / sizeof bad[0]);
	tcase_add_test(tc, test_detection);
	suite_add_tcase(s, tc);
	return s;
}
