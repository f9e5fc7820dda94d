/*
 * check_csv.c - the PTS CSV export reader, the tidy CSV reader and
 * writer (round trip), the seed samples' published numbers, error
 * messages with their exact file:line, and hostile input.  Run from
 * tests/ (paths "data/csv/...", "../samples/...").
 */
#include <check.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ingest/ingest.h"
#include "ingest/ingest_int.h"
#include "model/model.h"
#include "render/table/table.h"
#include "render/table/tidy_csv.h"

Suite *br_suite_csv(void);

/* Read path (format NULL: detect).  Returns the resultset; *rc and err
 * say how it went. */
static struct br_resultset *load(const char *path, const char *fmt, int *rc,
				 struct br_error *err)
{
	struct br_resultset *rs = br_resultset_new();
	struct br_ingest_opts o;

	ck_assert_ptr_nonnull(rs);
	br_ingest_opts_defaults(&o);
	o.input_format = fmt;
	br_error_clear(err);
	*rc = br_ingest_path(rs, path, &o, err);
	return rs;
}

/* Read path and insist that it worked. */
static struct br_resultset *load_ok(const char *path, const char *fmt)
{
	struct br_error err;
	int rc;
	struct br_resultset *rs = load(path, fmt, &rc, &err);

	ck_assert_msg(rc == BR_OK, "%s: %s: %s", path, err.where, err.msg);
	return rs;
}

/* Read an in-memory text as fmt (NULL: detect). */
static int load_buf(struct br_resultset *rs, const char *name,
		    const char *text, size_t len, const char *fmt,
		    struct br_error *err)
{
	struct br_ingest_opts o;

	br_ingest_opts_defaults(&o);
	o.input_format = fmt;
	br_error_clear(err);
	return br_ingest_buffer(rs, name, text, len, &o, err);
}

static const struct br_test *find_test(const struct br_resultset *rs,
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

static const struct br_entry *find_entry(const struct br_resultset *rs,
					 const struct br_test *t,
					 const char *system)
{
	size_t sys = br_rs_system((struct br_resultset *)rs, system, false,
				  NULL, NULL);
	size_t i;

	ck_assert_msg(sys != (size_t)-1, "no system \"%s\"", system);
	i = br_test_find_entry(t, sys);
	ck_assert_msg(i != (size_t)-1, "no entry for \"%s\"", system);
	return &t->entries[i];
}

static const char *kv_get(const struct br_kv *kv, size_t n, const char *key)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (!strcmp(kv[i].key, key))
			return kv[i].value;
	return NULL;
}

static bool has_warning(const struct br_resultset *rs, const char *part)
{
	size_t i;

	for (i = 0; i < rs->n_warnings; i++)
		if (strstr(rs->warnings[i].msg, part))
			return true;
	return false;
}

/* A published summary as the page shows it. */
static void check_summary(const struct br_entry *e, const char *text,
			  double se, size_t n)
{
	ck_assert(e->sample.has_value);
	ck_assert(e->sample.is_summary);
	ck_assert_uint_eq(e->sample.n_runs, 0);
	ck_assert_str_eq(e->sample.value_text, text);
	ck_assert_double_eq(e->sample.value, strtod(text, NULL));
	if (isnan(se))
		ck_assert(isnan(e->sample.se));
	else
		ck_assert_double_eq_tol(e->sample.se, se, 1e-12);
	ck_assert_uint_eq(e->sample.n, n);
}

/* ------------------------------------------------------------ PTS CSV */

START_TEST(test_pts_export)
{
	struct br_resultset *rs = load_ok("data/csv/pts-export.csv", NULL);
	const struct br_system *s;
	const struct br_test *t;
	const struct br_entry *e;

	ck_assert_str_eq(rs->sources[0].format, "pts-csv");
	ck_assert_str_eq(rs->title, "FreeBSD 12.0 ZFS vs. ZoL Benchmarks");
	ck_assert_ptr_null(rs->description);
	ck_assert_uint_eq(rs->n_systems, 6);
	s = rs->systems[3];
	ck_assert_str_eq(s->identifier, "Ubuntu 18.04 EXT4");
	ck_assert(s->declared);
	ck_assert_uint_eq(s->loc.line, 3);
	ck_assert_uint_eq(s->n_hardware, 9);
	ck_assert_str_eq(kv_get(s->hardware, s->n_hardware, "Monitor"),
			 "Acer B286HK + DELL P2415Q");
	ck_assert_ptr_null(kv_get(s->hardware, s->n_hardware, "Desktop"));
	ck_assert_str_eq(kv_get(s->software, s->n_software, "Desktop"),
			 "GNOME Shell 3.28.3");
	ck_assert_str_eq(kv_get(s->software, s->n_software, "File-System"),
			 "ext4");
	/* An empty component cell is no component. */
	s = rs->systems[0];
	ck_assert_ptr_null(kv_get(s->hardware, s->n_hardware, "Monitor"));
	ck_assert_uint_eq(s->n_hardware, 7);
	ck_assert_uint_eq(s->n_software, 5);

	ck_assert_uint_eq(rs->n_tests, 8);
	t = rs->tests[0];
	ck_assert_str_eq(t->title, "Dbench");
	ck_assert_str_eq(t->description, "Client Count: 1");
	ck_assert_str_eq(t->identifier, "");
	ck_assert_str_eq(t->scale, "MB/s");
	ck_assert_int_eq(t->dir, BR_DIR_HIB);
	ck_assert(!t->dir_inferred);
	ck_assert_int_eq(t->display, BR_DISPLAY_BAR);
	ck_assert_str_eq(t->loc.file, "data/csv/pts-export.csv");
	ck_assert_uint_eq(t->loc.line, 24);
	ck_assert_uint_eq(t->n_entries, 6);
	e = find_entry(rs, t, "Ubuntu 18.04 EXT4");
	ck_assert(e->sample.has_value);
	ck_assert(!e->sample.is_summary);
	ck_assert_uint_eq(e->sample.n_runs, 0);
	ck_assert_double_eq(e->sample.value, 60.99);
	ck_assert_str_eq(e->sample.value_text, "60.99");
	ck_assert_uint_eq(e->loc.line, 24);
	e = find_entry(rs, t, "FreeBSD iX ZoL");
	ck_assert_str_eq(e->sample.value_text, "132.00");
	ck_assert_double_eq(e->sample.value, 132.0);

	t = find_test(rs, "IOzone", "Record Size: 4Kb - File Size: 512MB - "
		      "Disk Test: Write Performance");
	ck_assert_str_eq(find_entry(rs, t, "Debian Stretch ZoL")
			 ->sample.value_text, "64.12");
	/* "(sec)": PTS's short unit; an empty cell is no entry. */
	t = find_test(rs, "SQLite", "Timed SQLite Insertions");
	ck_assert_str_eq(t->scale, "sec");
	ck_assert_int_eq(t->unit.dim, BR_DIM_TIME);
	ck_assert_int_eq(t->dir, BR_DIR_LIB);
	ck_assert_uint_eq(t->n_entries, 5);
	ck_assert_uint_eq(br_test_find_entry(t, 2), (size_t)-1);
	ck_assert_str_eq(find_entry(rs, t, "Ubuntu 18.04 EXT4")
			 ->sample.value_text, "39.35");
	ck_assert(has_warning(rs, "published values only"));
	br_resultset_free(rs);
}
END_TEST

START_TEST(test_pts_real_export)
{
	/* A real PTS 10.8.4 export: bare title and description lines. */
	struct br_resultset *rs =
		load_ok("data/csv/pts-real-10.8.4-nosev-compilation.csv", NULL);
	const struct br_system *s;
	const struct br_test *t;

	ck_assert_str_eq(rs->sources[0].format, "pts-csv");
	ck_assert_str_eq(rs->title, "14-05-nosev-compilation");
	ck_assert_str_eq(rs->description,
			 "KVM testing on Ubuntu 22.10 via the Phoronix Test "
			 "Suite.");
	ck_assert_uint_eq(rs->n_systems, 1);
	s = rs->systems[0];
	ck_assert_str_eq(s->identifier, "14-05-nosev-compilation");
	ck_assert_str_eq(kv_get(s->software, s->n_software, "System Layer"),
			 "KVM");
	ck_assert_str_eq(kv_get(s->software, s->n_software, "Vulkan"),
			 "1.3.224");
	ck_assert_str_eq(kv_get(s->hardware, s->n_hardware, "Chipset"),
			 "Intel 82G33/G31/P35/P31 + ICH9");
	ck_assert_uint_eq(rs->n_tests, 10);
	t = find_test(rs, "Timed Linux Kernel Compilation",
		      "Build: allmodconfig");
	ck_assert_str_eq(t->scale, "sec");
	ck_assert_int_eq(t->unit.dim, BR_DIM_TIME);
	ck_assert_int_eq(t->dir, BR_DIR_LIB);
	ck_assert_uint_eq(t->loc.line, 29);
	ck_assert_str_eq(t->entries[0].sample.value_text, "1277.463");
	ck_assert_double_eq(t->entries[0].sample.value, 1277.463);
	br_resultset_free(rs);
}
END_TEST

START_TEST(test_pts_old_labels)
{
	/* Exports of 2018 wrote "identifier - arguments" labels. */
	struct br_resultset *rs =
		load_ok("data/csv/pts-2018-identifier-labels.csv", "pts-csv");
	const struct br_test *t = rs->tests[0];

	ck_assert_str_eq(rs->title, "ZFS quick check");
	ck_assert_str_eq(t->identifier, "pts/dbench-1.0.0");
	ck_assert_str_eq(t->arguments, "1");
	ck_assert_str_eq(t->description, "");
	ck_assert_str_eq(t->scale, "");
	t = rs->tests[1];
	ck_assert_str_eq(t->identifier, "pts/sqlite-2.1.0");
	ck_assert_str_eq(t->arguments, "");
	ck_assert_int_eq(t->dir, BR_DIR_LIB);
	ck_assert_uint_eq(t->n_entries, 1);
	br_resultset_free(rs);
}
END_TEST

START_TEST(test_pts_pass_fail_and_repeats)
{
	struct br_resultset *rs = load_ok("data/csv/pts-pass-fail.csv", NULL);
	const struct br_test *t = rs->tests[0];

	ck_assert_str_eq(t->title, "Some Check");
	ck_assert_str_eq(t->description, "Mode: strict");
	ck_assert_int_eq(t->display, BR_DISPLAY_PASS_FAIL);
	ck_assert_uint_eq(t->n_entries, 2);
	ck_assert_str_eq(t->entries[0].pass_fail, "PASS");
	ck_assert_str_eq(t->entries[1].pass_fail, "FAIL");
	/* "Dbench -  (MB/s)": no description; the repeat replaces. */
	t = rs->tests[1];
	ck_assert_str_eq(t->title, "Dbench");
	ck_assert_str_eq(t->description, "");
	ck_assert_uint_eq(t->n_entries, 3);
	ck_assert_str_eq(t->entries[1].sample.value_text, "20");
	ck_assert_uint_eq(t->loc.line, 9);
	ck_assert(has_warning(rs, "result \"Dbench -  (MB/s)\" repeats line "
			      "8; the later row replaces it"));
	br_resultset_free(rs);
}
END_TEST

/* An input and the error it must give. */
struct bad_case {
	const char *text;
	const char *where;
	const char *msg;
};

static void check_bad(const struct bad_case *c, const char *fmt)
{
	struct br_resultset *rs = br_resultset_new();
	struct br_error err;
	int rc = load_buf(rs, "in.csv", c->text, strlen(c->text), fmt, &err);

	ck_assert_msg(rc == BR_EDATA, "accepted: %s", c->text);
	ck_assert_int_eq(err.code, BR_EDATA);
	ck_assert_str_eq(err.where, c->where);
	ck_assert_str_eq(err.msg, c->msg);
	br_resultset_free(rs);
}

static const struct bad_case pts_bad[] = {
	{",T,\n\n ,,\"A\",\"A\"\n", "in.csv:3",
	 "system header: \"A\" appears twice"},
	{",T,\n\n ,,\"A\",\"B\"\nOS,,x,y\n\n ,,\"A\",\"C\"\n", "in.csv:6",
	 "this system header differs from the first one"},
	{",T,\n\n ,,\"A\",\"B\"\n\"X - y (s)\",LIB,1,2,3\n", "in.csv:4",
	 "result row has 3 values for 2 systems"},
	{",T,\n\n ,,\"A\"\n,LIB,1\n", "in.csv:4",
	 "result row without a label in column 1"},
	{",T,\n\n ,,\"A\",\"\"\n", "in.csv:3",
	 "system header: column 4 has no system name"},
	{",T,\n\n ,,\"A\"\n\"X - y (s)\",LIB,nan\n", "in.csv:4",
	 "value for system \"A\" (column 3) is not a number: \"nan\""},
	{",T,\n\n ,,\"A\"\n\"X - y (s)\",LIB,1e309\n", "in.csv:4",
	 "value for system \"A\" (column 3) is not a number: \"1e309\""},
	{"just a title\n\nand prose\n", "in.csv:1",
	 "no system header row (' ,,\"System 1\",...') in this PTS CSV "
	 "export"},
};

START_TEST(test_pts_errors)
{
	struct br_error err;
	int rc;
	struct br_resultset *rs = load("data/csv/pts-bad-number.csv", NULL,
				       &rc, &err);

	ck_assert_int_eq(rc, BR_EDATA);
	ck_assert_str_eq(err.where, "data/csv/pts-bad-number.csv:7");
	ck_assert_str_eq(err.msg, "value for system \"B\" (column 4) is not a "
			 "number: \"12.5x\"");
	br_resultset_free(rs);
	check_bad(&pts_bad[_i], "pts-csv");
}
END_TEST

/* ----------------------------------------------------------- tidy CSV */

START_TEST(test_tidy_runs)
{
	struct br_resultset *rs = load_ok("data/csv/tidy-runs.csv", NULL);
	const struct br_system *s;
	const struct br_test *t;
	const struct br_entry *e;

	ck_assert_str_eq(rs->sources[0].format, "tidy-csv");
	ck_assert_str_eq(rs->title, "Tidy runs");
	ck_assert_str_eq(rs->description, "first line\nsecond line");
	ck_assert_str_eq(rs->notes, "a note\nSource: hand-made");
	ck_assert_uint_eq(rs->n_systems, 2);
	s = rs->systems[0];
	ck_assert_str_eq(s->identifier, "Box, \"quoted\"");
	ck_assert(s->declared);
	ck_assert_uint_eq(s->loc.line, 9);
	ck_assert_uint_eq(s->n_hardware, 2);
	ck_assert_str_eq(kv_get(s->hardware, 2, "Memory"), "8GB");
	ck_assert_str_eq(kv_get(s->software, s->n_software, "OS"), "Linux");
	ck_assert_str_eq(rs->systems[1]->notes, "hello | world");

	ck_assert_uint_eq(rs->n_tests, 2);
	t = rs->tests[0];
	ck_assert_str_eq(t->identifier, "pts/a-1.0.0");
	ck_assert_str_eq(t->title, "A");
	ck_assert_str_eq(t->app_version, "1.0");
	ck_assert_str_eq(t->arguments, "-x");
	ck_assert_str_eq(t->description, "Mode: 1, fast");
	ck_assert_ptr_null(t->proportion);    /* not PTS: dir says it */
	ck_assert_ptr_null(t->display_format);
	ck_assert_int_eq(t->dir, BR_DIR_HIB);
	ck_assert(!t->dir_inferred);
	ck_assert_int_eq(t->display, BR_DISPLAY_BAR);
	ck_assert_uint_eq(t->loc.line, 13);
	e = find_entry(rs, t, "Box, \"quoted\"");
	ck_assert_uint_eq(e->sample.n_runs, 2);
	ck_assert_double_eq(e->sample.runs[0].value, 10.5);
	ck_assert_double_eq(e->sample.runs[1].value, 11.5);
	ck_assert_uint_eq(e->sample.runs[1].loc.line, 15);
	ck_assert(!e->sample.has_value);
	ck_assert_ptr_null(e->error);
	e = find_entry(rs, t, "plain");
	ck_assert_uint_eq(e->sample.n_runs, 2);
	ck_assert_double_eq(e->sample.runs[1].value, 1e308);
	ck_assert_uint_eq(e->sample.runs[1].loc.line, 20);

	/* Quoted line break; a duration in Seconds; a failure row. */
	t = rs->tests[1];
	ck_assert_str_eq(t->description, "two\nlines");
	ck_assert_int_eq(t->dir, BR_DIR_LIB);
	e = find_entry(rs, t, "Box, \"quoted\"");
	ck_assert_double_eq(e->sample.runs[0].value, 62);
	ck_assert_uint_eq(e->loc.line, 16);
	e = find_entry(rs, t, "plain");
	ck_assert_str_eq(e->error, "crashed");
	ck_assert_uint_eq(e->sample.n_runs, 0);
	ck_assert_uint_eq(e->loc.line, 18);
	ck_assert(has_warning(rs, "ignoring unknown column \"colour\""));
	br_resultset_free(rs);
}
END_TEST

START_TEST(test_tidy_series)
{
	struct br_resultset *rs = load_ok("data/csv/tidy-series.csv", NULL);
	const struct br_test *t = rs->tests[0];
	const struct br_entry *e;

	ck_assert_uint_eq(rs->n_tests, 1);
	ck_assert_int_eq(t->display, BR_DISPLAY_LINE);
	ck_assert_ptr_null(t->display_format);
	ck_assert_str_eq(t->x_label, "Disks");
	ck_assert_uint_eq(t->n_x, 3);
	ck_assert_double_eq(t->x[0], 10);
	ck_assert_double_eq(t->x[1], 24);
	ck_assert_double_eq(t->x[2], 46);
	e = find_entry(rs, t, "C");
	ck_assert_str_eq(e->error, "");
	ck_assert_uint_eq(e->n_points, 0);
	e = find_entry(rs, t, "A");
	ck_assert_uint_eq(e->n_points, 3);
	ck_assert_uint_eq(e->points[0].n_runs, 1);
	ck_assert_double_eq(e->points[0].runs[0].value, 400);
	ck_assert_uint_eq(e->points[0].runs[0].loc.line, 5);
	ck_assert_double_eq(e->points[1].runs[0].value, 550);
	ck_assert_uint_eq(e->points[2].n_runs, 0);
	ck_assert(!e->points[2].has_value);
	e = find_entry(rs, t, "B");
	ck_assert_uint_eq(e->points[0].n_runs, 2);
	ck_assert_double_eq(e->points[0].runs[1].value, 310);
	ck_assert_uint_eq(e->points[1].n_runs, 0);
	ck_assert_double_eq(e->points[2].runs[0].value, 500);
	br_resultset_free(rs);
}
END_TEST

START_TEST(test_tidy_summary)
{
	struct br_resultset *rs = load_ok("data/csv/tidy-summary.csv", NULL);
	const struct br_test *t = rs->tests[0];
	const struct br_entry *e;

	ck_assert_int_eq(t->dir, BR_DIR_LIB);
	/* A bare mean: no SE, no N -> a published value only. */
	e = find_entry(rs, t, "A");
	ck_assert(e->sample.has_value);
	ck_assert(!e->sample.is_summary);
	ck_assert_double_eq(e->sample.value, 1580);   /* 26:20 */
	ck_assert_str_eq(e->sample.value_text, "1580");
	check_summary(find_entry(rs, t, "B"), "100.50", 0.25, 4);
	check_summary(find_entry(rs, t, "C"), "7", 0.3, 9);  /* sd/sqrt(n) */
	check_summary(find_entry(rs, t, "D"), "8", 0.5, 0);  /* N unknown */
	br_resultset_free(rs);
}
END_TEST

START_TEST(test_tidy_bom_crlf)
{
	static const char text[] =
		"\xef\xbb\xbf# title: crlf\r\n"
		"system,value,title,unit\r\n"
		"A,1.25,T,ms\r\n"
		"\"B\r\nC\",2,T,ms\r\n"
		"A,3,T,ms";  /* no final line break */
	struct br_resultset *rs = br_resultset_new();
	struct br_error err;
	const struct br_test *t;

	ck_assert_int_eq(load_buf(rs, "crlf.csv", text, sizeof text - 1, NULL,
				  &err), BR_OK);
	ck_assert_str_eq(rs->sources[0].format, "tidy-csv");
	ck_assert_str_eq(rs->title, "crlf");
	t = rs->tests[0];
	ck_assert_str_eq(t->scale, "ms");
	ck_assert_uint_eq(t->entries[0].sample.n_runs, 2);
	ck_assert_double_eq(t->entries[0].sample.runs[1].value, 3);
	ck_assert_uint_eq(t->entries[0].sample.runs[1].loc.line, 6);
	ck_assert_str_eq(rs->systems[1]->identifier, "B\r\nC");
	br_resultset_free(rs);
}
END_TEST

static const struct bad_case tidy_bad[] = {
	{"system,value,title,unit\nA,26:20,T,MB/s\n", "in.csv:2",
	 "column 'value': \"26:20\" is a duration, but the unit \"MB/s\" is "
	 "not a time"},
	{"system,value,title,unit\nA,26:70,T,s\n", "in.csv:2",
	 "column 'value' is not a number or duration (m:ss, h:mm:ss): "
	 "\"26:70\""},
	{"system,value,title\nA,NaN,T\n", "in.csv:2",
	 "column 'value' is not a number: \"NaN\""},
	{"system,value,title\nA,-inf,T\n", "in.csv:2",
	 "column 'value' is not a number: \"-inf\""},
	{"system,value,title\nA,1e309,T\n", "in.csv:2",
	 "column 'value' is not a number: \"1e309\""},
	{"system,title,unit\nA,T,s\n", "in.csv:1",
	 "header needs a 'system' column and a 'value' or 'mean' column"},
	{"value,title\n1,T\n", "in.csv:1",
	 "header needs a 'system' column and a 'value' or 'mean' column"},
	{"system,value,VALUE\nA,1,2\n", "in.csv:1",
	 "column 'value' appears twice in the header (columns 2 and 3)"},
	{"system,value,title\nA,1,\"T\nB,2,T\n", "in.csv:2",
	 "unterminated quoted field (no closing '\"')"},
	{"system,value,title\n\"A\"x,1,T\n", "in.csv:2",
	 "unexpected text after a closing quote (write \"\" for a quote "
	 "inside a quoted field)"},
	{"system,value,title\nA,1,T\n\xff\n", "in.csv:3",
	 "invalid UTF-8 (byte 0xff); save the file as UTF-8"},
	{"system,value,title\nA,1,T\xc0\xaf\n", "in.csv:2",
	 "invalid UTF-8 (byte 0xc0); save the file as UTF-8"},
	{"system,value,title,direction\nA,1,T,sideways\n", "in.csv:2",
	 "column 'direction': unknown direction \"sideways\" (HIB, LIB, more, "
	 "fewer or empty)"},
	{"system,value,mean,se,title\nA,,,0.5,T\n", "in.csv:2",
	 "se, n or sd given without a mean"},
	{"system,mean,n,title\nA,1,2.5,T\n", "in.csv:2",
	 "column 'n' is not a whole number >= 1: \"2.5\""},
	{"system,mean,n,title\nA,1,0,T\n", "in.csv:2",
	 "column 'n' is not a whole number >= 1: \"0\""},
	{"system,mean,se,title\nA,1,-0.5,T\n", "in.csv:2",
	 "column 'se' is negative: \"-0.5\""},
	{"system,mean,sd,title\nA,1,0.5,T\n", "in.csv:2",
	 "column 'sd' needs 'n' (se = sd / sqrt(n))"},
	{"system,mean,n,title\nA,1,3,T\n\nA,2,3,T\n", "in.csv:4",
	 "second row for the same test and system (first on line 2): only "
	 "run rows (with a value) may repeat"},
	{"system,value,mean,title\nA,,1,T\nA,2,,T\n", "in.csv:3",
	 "second row for the same test and system (first on line 2): only "
	 "run rows (with a value) may repeat"},
	{"system,value,mean,title\nA,1,5.0,T\nA,2,5.00,T\n", "in.csv:3",
	 "mean \"5.00\" differs from \"5.0\" on line 2 for the same test and "
	 "system"},
	{"system,value,title\nA,,T\nA,1,T\n", "in.csv:3",
	 "second row for the same test and system (first on line 2): a "
	 "failure row must be the only one"},
	{"system,value,title,x\nA,1,T,1\nB,2,T,\n", "in.csv:3",
	 "test \"T\" mixes rows with and without x (first row on line 2)"},
	{"system,value,title,x\nA,1,T,\nB,2,T,3\n", "in.csv:3",
	 "test \"T\" mixes rows with and without x (first row on line 2)"},
	{"system,value,title,x\nA,1,T,ten\n", "in.csv:2",
	 "column 'x' is not a number: \"ten\""},
	{"system,value,title,x\nA,1,T,5\nA,2,T,5\nA,3,T,6\nB,1,T,5\n"
	 "B,,T,5\n", "in.csv:6",
	 "second row for the same test and system (first on line 5): a "
	 "failure row must be the only one"},
	{"system,value,mean,title,x\nA,,1,T,5\nA,,2,T,5\n", "in.csv:3",
	 "second row for the same test and system (first on line 2): only "
	 "run rows (with a value) may repeat"},
	{"system,value,title\nA,1,T,extra\n", "in.csv:2",
	 "row has 4 fields, the header 3"},
	{"system,value,title\n,1,T\n", "in.csv:2", "column 'system' is empty"},
	{"system,value,title,test\nA,1,,\n", "in.csv:2",
	 "row names no test: fill 'test' or 'title'"},
	{"# title: only comments\n\n", "in.csv:3",
	 "no header row (tidy CSV needs at least the columns system and "
	 "value or mean)"},
	{"# system: \"A\nsystem,value\n", "in.csv:1",
	 "# system: unterminated quoted name"},
	{"# system: \"A\" B\nsystem,value\n", "in.csv:1",
	 "# system: expected '|' after the quoted name"},
	{"# system: A | hardware\nsystem,value\n", "in.csv:1",
	 "# system: expected NAME | FIELD | VALUE"},
	{"# system:  | notes | x\nsystem,value\n", "in.csv:1",
	 "# system: empty system name"},
	{"system,value,title,direction\nA,1,T,HIB\nB,2,T,LIB\n", "in.csv:3",
	 "direction \"LIB\" contradicts \"HIB\" given for this test on "
	 "in.csv:2"},
};

START_TEST(test_tidy_errors)
{
	check_bad(&tidy_bad[_i], "tidy-csv");
}
END_TEST

START_TEST(test_nul_byte)
{
	static const char text[] = "system,value,title\nA,1,T\0\n";
	struct br_resultset *rs = br_resultset_new();
	struct br_error err;

	ck_assert_int_eq(load_buf(rs, "nul.csv", text, sizeof text - 1, NULL,
				  &err), BR_EDATA);
	ck_assert_str_eq(err.where, "nul.csv:2");
	ck_assert_str_eq(err.msg, "NUL byte in text input");
	br_resultset_free(rs);
}
END_TEST

START_TEST(test_tidy_bad_number_file)
{
	struct br_error err;
	int rc;
	struct br_resultset *rs = load("data/csv/bad-number.csv", NULL, &rc,
				       &err);

	ck_assert_int_eq(rc, BR_EDATA);
	ck_assert_str_eq(err.where, "data/csv/bad-number.csv:5");
	ck_assert_str_eq(err.msg, "column 'value' is not a number: \"12,5x\"");
	br_resultset_free(rs);
}
END_TEST

START_TEST(test_tidy_merge)
{
	/* Two inputs: the first title wins; a third input with a result
	 * of system A for the same test is kept apart from the first, and
	 * the two are named after their files (doc/design.md, "Two files
	 * of one machine"). */
	static const char a[] = "# title: first\nsystem,value,title\nA,1,T\n";
	static const char b[] = "# title: second\nsystem,value,title\nB,2,T\n";
	struct br_resultset *rs = br_resultset_new();
	struct br_error err;

	ck_assert_int_eq(load_buf(rs, "a.csv", a, strlen(a), NULL, &err),
			 BR_OK);
	ck_assert_int_eq(load_buf(rs, "b.csv", b, strlen(b), NULL, &err),
			 BR_OK);
	ck_assert_str_eq(rs->title, "first");
	ck_assert_uint_eq(rs->n_tests, 1);
	ck_assert_uint_eq(rs->tests[0]->n_entries, 2);
	ck_assert_int_eq(load_buf(rs, "c.csv", a, strlen(a), NULL, &err),
			 BR_OK);
	ck_assert_uint_eq(rs->n_systems, 3);
	ck_assert_uint_eq(rs->tests[0]->n_entries, 3);
	ck_assert_int_eq(br_ingest_names(rs, &(struct br_naming){0}, &err),
			 BR_OK);
	ck_assert_str_eq(rs->systems[0]->identifier, "a");
	ck_assert_str_eq(rs->systems[1]->identifier, "B");
	ck_assert_str_eq(rs->systems[2]->identifier, "c");
	ck_assert_str_eq(rs->systems[2]->original, "A");
	ck_assert_uint_eq(rs->tests[0]->entries[2].system, 2);
	br_resultset_free(rs);
}
END_TEST

/* Each run's resolution is the last digit it was written with; the
 * sample keeps the finest (doc/statistics.md, "Resolution"). */
START_TEST(test_tidy_resolution)
{
	static const char a[] = "system,value,title,unit\nA,5,T,s\nA,5.0,T,s\n"
				"B,0.370,T,s\nB,0.380,T,s\nC,1.5e-3,T,s\n"
				"D,1:30.5,T,s\nD,1:30.5,T,s\n";
	struct br_resultset *rs = br_resultset_new();
	const struct br_test *t;
	struct br_error err;

	ck_assert_int_eq(load_buf(rs, "a.csv", a, strlen(a), NULL, &err),
			 BR_OK);
	t = find_test(rs, "T", "");
	ck_assert_double_eq_tol(find_entry(rs, t, "A")->sample.resolution,
				0.1, 1e-15);
	ck_assert_double_eq_tol(find_entry(rs, t, "B")->sample.resolution,
				0.001, 1e-18);
	ck_assert_double_eq_tol(find_entry(rs, t, "C")->sample.resolution,
				1e-4, 1e-19);
	/* a duration resolves its seconds' last digit */
	ck_assert_double_eq_tol(find_entry(rs, t, "D")->sample.resolution,
				0.1, 1e-15);
	br_resultset_free(rs);
}
END_TEST

START_TEST(test_tidy_direction_given)
{
	/* A direction contradicts only one the test was given, whichever
	 * reader made it: a table's "# direction:" (an enum, no PTS
	 * string), a tidy CSV's "abstract" (kept as Proportion ABSTRACT);
	 * one inferred from the unit was not given. */
	static const char table[] = "# unit: MB/s\n# direction: lower\n"
				    "\tA\tB\nT\t1\t2\n";
	static const char t_hib[] = "system,value,title,unit,direction\n"
				    "C,3,T,MB/s,HIB\n";
	static const char u_abs[] = "system,value,title,direction\n"
				    "A,1,U,abstract\n";
	static const char u_lib[] = "system,value,title,direction\n"
				    "B,2,U,LIB\n";
	static const char v_none[] = "system,value,title,unit\nA,1,V,s\n";
	static const char v_hib[] = "system,value,title,unit,direction\n"
				    "B,2,V,s,HIB\n";
	struct br_resultset *rs = br_resultset_new();
	const struct br_test *t;
	struct br_error err;

	ck_assert_int_eq(load_buf(rs, "t.txt", table, strlen(table), "table",
				  &err), BR_OK);
	t = rs->tests[0];
	ck_assert_int_eq(t->dir, BR_DIR_LIB);
	ck_assert(!t->dir_inferred);
	ck_assert_ptr_null(t->proportion);
	ck_assert_int_eq(load_buf(rs, "b.csv", t_hib, strlen(t_hib), NULL,
				  &err), BR_EDATA);
	ck_assert_str_eq(err.where, "b.csv:2");
	ck_assert_str_eq(err.msg, "direction \"HIB\" contradicts \"LIB\" "
			 "given for this test on t.txt:4");

	ck_assert_int_eq(load_buf(rs, "u.csv", u_abs, strlen(u_abs), NULL,
				  &err), BR_OK);
	t = find_test(rs, "U", "");
	ck_assert_int_eq(t->dir, BR_DIR_UNKNOWN);
	ck_assert_str_eq(t->proportion, "ABSTRACT");
	ck_assert_int_eq(load_buf(rs, "c.csv", u_lib, strlen(u_lib), NULL,
				  &err), BR_EDATA);
	ck_assert_str_eq(err.msg, "direction \"LIB\" contradicts "
			 "\"ABSTRACT\" given for this test on u.csv:2");

	ck_assert_int_eq(load_buf(rs, "v.csv", v_none, strlen(v_none), NULL,
				  &err), BR_OK);
	t = find_test(rs, "V", "");
	ck_assert_int_eq(t->dir, BR_DIR_LIB);
	ck_assert(t->dir_inferred);
	ck_assert_int_eq(load_buf(rs, "d.csv", v_hib, strlen(v_hib), NULL,
				  &err), BR_OK);
	ck_assert_int_eq(t->dir, BR_DIR_LIB);
	br_resultset_free(rs);
}
END_TEST

/* --------------------------------------------------- seed samples */

START_TEST(test_seed_004)
{
	struct br_resultset *rs =
		load_ok("../samples/seed-004-freebsd-zfs-zol.csv", NULL);
	const struct br_test *t;
	const struct br_system *s;

	ck_assert_str_eq(rs->sources[0].format, "tidy-csv");
	ck_assert_str_eq(rs->title, "FreeBSD 12.0 ZFS vs. ZoL Benchmarks");
	ck_assert_str_eq(rs->reference_id, "1904258-SP-1904234HV78");
	ck_assert_uint_eq(rs->n_systems, 6);
	ck_assert_uint_eq(rs->n_tests, 8);
	t = find_test(rs, "Dbench", "Client Count: 1");
	ck_assert_str_eq(t->app_version, "4.0");
	ck_assert_int_eq(t->dir, BR_DIR_HIB);
	check_summary(find_entry(rs, t, "Ubuntu 18.04 EXT4"), "60.99", 0.83, 9);
	check_summary(find_entry(rs, t, "FreeBSD iX ZoL"), "132.00", 0.09, 3);
	check_summary(find_entry(rs, t, "FreeBSD UFS"), "845.00", 0.70, 3);
	check_summary(find_entry(rs, t, "Debian Stretch ZoL"), "207.58", 1.58,
		      3);
	t = find_test(rs, "IOzone", "Record Size: 4Kb - File Size: 512MB - "
		      "Disk Test: Read Performance");
	ck_assert_str_eq(t->app_version, "3.465");
	check_summary(find_entry(rs, t, "FreeBSD ZFS"), "2514", 22.22, 11);
	check_summary(find_entry(rs, t, "Ubuntu 18.04 EXT4"), "5644", 92.53,
		      12);
	t = find_test(rs, "IOzone", "Record Size: 4Kb - File Size: 512MB - "
		      "Disk Test: Write Performance");
	check_summary(find_entry(rs, t, "FreeBSD iX ZoL"), "911.00", 1.30, 3);
	check_summary(find_entry(rs, t, "Debian Stretch ZoL"), "64.12", 13.46,
		      9);
	t = find_test(rs, "PostMark", "Disk Transaction Performance");
	check_summary(find_entry(rs, t, "FreeBSD UFS"), "3796", 57.70, 15);
	t = find_test(rs, "BlogBench", "Test: Write");
	check_summary(find_entry(rs, t, "Ubuntu 18.04 ZoL"), "18932", 2614.11,
		      3);
	t = find_test(rs, "SQLite", "Timed SQLite Insertions");
	ck_assert_int_eq(t->dir, BR_DIR_LIB);
	ck_assert_uint_eq(t->n_entries, 5);
	ck_assert_uint_eq(br_test_find_entry(t, 2), (size_t)-1); /* UFS */
	check_summary(find_entry(rs, t, "Debian Stretch ZoL"), "13.82", 0.22,
		      3);
	s = rs->systems[5];
	ck_assert_str_eq(kv_get(s->hardware, s->n_hardware, "Memory"),
			 "4 x 16384 MB DDR4-1200MHz");
	ck_assert_str_eq(kv_get(rs->systems[0]->software,
				rs->systems[0]->n_software, "Kernel"),
			 "12.0-STABLE (x86_64)");
	br_resultset_free(rs);
}
END_TEST

START_TEST(test_seed_000)
{
	struct br_resultset *rs =
		load_ok("../samples/seed-000-dragonfly-hammer.csv", NULL);
	const struct br_test *t;

	ck_assert_str_eq(rs->title, "DragonFlyBSD 4.9 HAMMER vs. HAMMER2 vs. "
			 "TrueOS ZFS");
	ck_assert_uint_eq(rs->n_systems, 4);
	ck_assert_str_eq(rs->systems[0]->identifier, "HAMMER2");
	ck_assert_uint_eq(rs->n_tests, 12);
	t = find_test(rs, "SQLite", "Test Target: Default Test Directory");
	ck_assert_int_eq(t->dir, BR_DIR_LIB);
	ck_assert_str_eq(t->scale, "Seconds");
	check_summary(find_entry(rs, t, "HAMMER"), "34.69", 0.79, 6);
	check_summary(find_entry(rs, t, "HAMMER2"), "7.11", 0.06, 3);
	t = find_test(rs, "Compile Bench", "Test: Compile");
	check_summary(find_entry(rs, t, "TrueOS ZFS"), "1646.77", 86.02, 6);
	check_summary(find_entry(rs, t, "TrueOS ZFS - Force 4K Block Size"),
		      "1368.71", 28.60, 6);
	t = find_test(rs, "Unpacking The Linux Kernel", "linux-2.6.32.tar.bz2");
	ck_assert_str_eq(t->app_version, "");
	check_summary(find_entry(rs, t, "HAMMER"), "10.01", 0.13, 8);
	/* Three SEs for four systems: HAMMER2 has N = 1 (see the file). */
	t = find_test(rs, "Dbench", "Client Count: 1");
	check_summary(find_entry(rs, t, "HAMMER2"), "180.55", NAN, 1);
	check_summary(find_entry(rs, t, "HAMMER"), "91.16", 9.84, 6);
	t = find_test(rs, "BlogBench", "Read Score");
	check_summary(find_entry(rs, t, "TrueOS ZFS"), "979518", 46115.70, 6);
	check_summary(find_entry(rs, t, "TrueOS ZFS - Force 4K Block Size"),
		      "1079656", 12172.19, 3);
	t = find_test(rs, "IOzone", "Record Size: 4Kb - File Size: 512MB - "
		      "Disk Test: Write Performance");
	check_summary(find_entry(rs, t, "TrueOS ZFS - Force 4K Block Size"),
		      "761.30", 31.64, 6);
	br_resultset_free(rs);
}
END_TEST

/* ----------------------------------------------------- round trip */

static bool same_str(const char *a, const char *b)
{
	return (!a && !b) || (a && b && !strcmp(a, b)) ||
	       (!a && b && !*b) || (a && !b && !*a);
}

static void same_sample(const struct br_sample *a, const struct br_sample *b)
{
	size_t i;

	ck_assert_uint_eq(a->n_runs, b->n_runs);
	for (i = 0; i < a->n_runs; i++)
		ck_assert(a->runs[i].value == b->runs[i].value);
	ck_assert_int_eq(a->has_value, b->has_value);
	if (a->has_value) {
		ck_assert(a->value == b->value);
		ck_assert_str_eq(a->value_text, b->value_text);
	}
	ck_assert_msg(a->resolution == b->resolution, "resolution %g != %g",
		      a->resolution, b->resolution);
	ck_assert_int_eq(a->is_summary, b->is_summary);
	if (a->is_summary) {
		ck_assert(isnan(a->se) ? isnan(b->se) : a->se == b->se);
		ck_assert_uint_eq(a->n, b->n);
	}
}

static void same_kv(const struct br_kv *a, size_t na, const struct br_kv *b,
		    size_t nb)
{
	size_t i;

	ck_assert_uint_eq(na, nb);
	for (i = 0; i < na; i++) {
		ck_assert_str_eq(a[i].key, b[i].key);
		ck_assert_str_eq(a[i].value, b[i].value);
	}
}

/* The model values of a and b agree (numeric tests only). */
static void same_model(const struct br_resultset *a,
		       const struct br_resultset *b)
{
	size_t i, j, k, nb = 0;

	ck_assert(same_str(a->title, b->title));
	ck_assert(same_str(a->description, b->description));
	ck_assert(same_str(a->notes, b->notes));
	ck_assert(same_str(a->reference_id, b->reference_id));
	ck_assert_uint_eq(a->n_systems, b->n_systems);
	for (i = 0; i < a->n_systems; i++) {
		const struct br_system *x = a->systems[i], *y = b->systems[i];

		ck_assert_str_eq(x->identifier, y->identifier);
		same_kv(x->hardware, x->n_hardware, y->hardware,
			y->n_hardware);
		same_kv(x->software, x->n_software, y->software,
			y->n_software);
		ck_assert(same_str(x->notes, y->notes));
	}
	for (i = 0; i < a->n_tests; i++) {
		const struct br_test *x = a->tests[i], *y;

		if (x->display != BR_DISPLAY_BAR &&
		    x->display != BR_DISPLAY_LINE)
			continue; /* not representable: a comment says so */
		ck_assert_uint_lt(nb, b->n_tests);
		y = b->tests[nb++];
		ck_assert_str_eq(x->identifier, y->identifier);
		ck_assert_str_eq(x->title, y->title);
		ck_assert_str_eq(x->app_version, y->app_version);
		ck_assert_str_eq(x->arguments, y->arguments);
		ck_assert_str_eq(x->description, y->description);
		ck_assert_str_eq(x->scale, y->scale);
		ck_assert_int_eq(x->dir, y->dir);
		ck_assert_int_eq(x->dir_inferred, y->dir_inferred);
		ck_assert_int_eq(x->display, y->display);
		ck_assert(same_str(x->x_label, y->x_label));
		ck_assert_uint_eq(x->n_x, y->n_x);
		for (k = 0; k < x->n_x; k++)
			ck_assert(x->x[k] == y->x[k]);
		ck_assert_uint_eq(x->n_entries, y->n_entries);
		for (j = 0; j < x->n_entries; j++) {
			const struct br_entry *e = &x->entries[j];
			const struct br_entry *f = &y->entries[j];

			ck_assert_str_eq(a->systems[e->system]->identifier,
					 b->systems[f->system]->identifier);
			ck_assert(same_str(e->error, f->error));
			ck_assert_int_eq(!e->error, !f->error);
			same_sample(&e->sample, &f->sample);
			ck_assert_uint_eq(e->n_points, f->n_points);
			for (k = 0; k < e->n_points; k++)
				same_sample(&e->points[k], &f->points[k]);
		}
	}
	ck_assert_uint_eq(nb, b->n_tests);
}

/* Write rs as tidy CSV into a malloc'd buffer. */
static char *write_tidy(const struct br_resultset *rs, size_t *len)
{
	char *buf = NULL;
	FILE *fp = open_memstream(&buf, len);
	struct br_error err;

	ck_assert_ptr_nonnull(fp);
	br_error_clear(&err);
	ck_assert_int_eq(br_write_tidy_csv(fp, rs, &err), BR_OK);
	ck_assert_int_eq(fclose(fp), 0);
	return buf;
}

static const char *const roundtrip_inputs[] = {
	"../samples/seed-000-dragonfly-hammer.csv",
	"../samples/seed-004-freebsd-zfs-zol.csv",
	"../samples/seed-003-tpch-ufs-zfs.txt",
	"../samples/seed-002-pios-scaling-ILLUSTRATIVE.txt",
	"data/csv/tidy-runs.csv",
	"data/csv/tidy-series.csv",
	"data/csv/tidy-summary.csv",
	"data/csv/pts-export.csv",
	"data/csv/pts-real-10.8.4-nosev-compilation.csv",
	"data/csv/pts-pass-fail.csv",
};

START_TEST(test_roundtrip)
{
	const char *path = roundtrip_inputs[_i];
	struct br_resultset *a = load_ok(path, NULL), *b, *c;
	struct br_error err;
	size_t len, len2;
	char *text = write_tidy(a, &len), *text2;

	b = br_resultset_new();
	ck_assert_msg(load_buf(b, "rt.csv", text, len, NULL, &err) == BR_OK,
		      "%s: %s: %s\n%s", path, err.where, err.msg, text);
	ck_assert_str_eq(b->sources[0].format, "tidy-csv");
	same_model(a, b);
	/* Writing what was read back gives the same text (but for the
	 * comment naming PASS/FAIL results, which are not carried over). */
	text2 = write_tidy(b, &len2);
	if (!strstr(text, "\n# not written"))
		ck_assert_str_eq(text2, text);
	c = br_resultset_new();
	ck_assert_int_eq(load_buf(c, "rt2.csv", text2, len2, NULL, &err),
			 BR_OK);
	same_model(b, c);
	free(text);
	free(text2);
	br_resultset_free(a);
	br_resultset_free(b);
	br_resultset_free(c);
}
END_TEST

/* Every text survives the spreadsheet guard (doc/escaping.md): written by
 * the CSV writer, with or without its apostrophe, and read back by the
 * tidy reader, it is the same text. */
START_TEST(test_formula_guard_roundtrip)
{
	static const char *const texts[] = {
		"", "'", "''", "=", "'=", "''=", "=x", "'=x", "''=x", "-5",
		"'-5", "-5.5", "-x", "'-x", "@", "'@a", "\t", "'\t",
		"a", "'a", "a=", "+5", "'+5", "-", "'-", "-e5", "1e5",
		"=HYPERLINK(\"http://evil.example\")", "'''@SUM(A1)",
	};
	const size_t n = sizeof texts / sizeof texts[0];
	struct br_resultset *rs = br_resultset_new();
	struct br_error err;
	char *buf = NULL;
	size_t len, i, guarded = 0;
	FILE *fp = open_memstream(&buf, &len);

	ck_assert_ptr_nonnull(fp);
	fputs("test,title,description,unit,direction,system,value\n", fp);
	for (i = 0; i < n; i++) {
		fprintf(fp, "t%zu,T,", i);
		br_csv_field(fp, texts[i]);
		fputs(",s,LIB,A,1\n", fp);
		guarded += br_csv_formula(texts[i]);
	}
	ck_assert_int_eq(fclose(fp), 0);
	ck_assert_uint_eq(guarded, 19); /* the cases are not all plain */
	ck_assert_msg(load_buf(rs, "g.csv", buf, len, "tidy-csv", &err) ==
		      BR_OK, "%s: %s\n%s", err.where, err.msg, buf);
	ck_assert_uint_eq(rs->n_tests, n);
	for (i = 0; i < n; i++)
		ck_assert_str_eq(rs->tests[i]->description, texts[i]);
	free(buf);
	br_resultset_free(rs);
}
END_TEST

START_TEST(test_writer_text)
{
	/* Exact output for a small hand-built resultset. */
	struct br_resultset *rs = br_resultset_new();
	struct br_test tt = {0}, *t;
	struct br_entry *e;
	struct br_error err;
	size_t s0, s1, len;
	bool created;
	char *text;

	br_error_clear(&err);
	rs->title = "Writer, \"quoted\"";
	rs->description = "line 1\nline 2";
	s0 = br_rs_system(rs, "A|B", true, NULL, &err);
	s1 = br_rs_system(rs, "plain", true, NULL, &err);
	rs->systems[s0]->declared = true;
	ck_assert_int_eq(br_rs_parse_components(rs, "OS: Linux, Kernel: 6.1",
		&rs->systems[s0]->software, &rs->systems[s0]->n_software,
		&err), BR_OK);
	br_test_proto(&tt, "T, one", "MB/s", BR_DIR_HIB, BR_DISPLAY_BAR, NULL);
	tt.description = "a \"b\"\nc";
	t = br_rs_test(rs, &tt, &created, &err);
	br_test_finish(rs, t);
	e = br_test_add_entry(rs, t, s0, NULL, &err);
	br_sample_add_run(&e->sample, 0.1, NULL, &err);
	br_sample_add_run(&e->sample, 1.0 / 3, NULL, &err);
	br_sample_add_run(&e->sample, 1e308, NULL, &err);
	e->sample.has_value = true;
	e->sample.value = 132;
	e->sample.value_text = "132.00";
	e = br_test_add_entry(rs, t, s1, NULL, &err);
	e->sample.has_value = true;
	e->sample.is_summary = true;
	e->sample.value = 2.5;
	e->sample.value_text = NULL;
	e->sample.se = 0.125;
	e->sample.n = 7;
	text = write_tidy(rs, &len);
	ck_assert_str_eq(text,
		"# benchreport tidy CSV (doc/tidy-csv.md)\n"
		"# title: Writer, \"quoted\"\n"
		"# description: line 1\n"
		"# description: line 2\n"
		"# system: \"A|B\" | software | OS: Linux, Kernel: 6.1\n"
		"# system: plain\n"
		"test,title,app_version,arguments,description,unit,direction,"
		"system,value,mean,se,n\n"
		",\"T, one\",,,\"a \"\"b\"\"\nc\",MB/s,HIB,A|B,0.1,132.00,,\n"
		",\"T, one\",,,\"a \"\"b\"\"\nc\",MB/s,HIB,A|B,"
		"0.3333333333333333,132.00,,\n"
		",\"T, one\",,,\"a \"\"b\"\"\nc\",MB/s,HIB,A|B,1e+308,"
		"132.00,,\n"
		",\"T, one\",,,\"a \"\"b\"\"\nc\",MB/s,HIB,plain,,2.5,0.125,"
		"7\n");
	free(text);
	br_resultset_free(rs);
}
END_TEST

/* ------------------------------------------------ detection, hostile */

START_TEST(test_detect)
{
	static const struct {
		const char *path;
		int pts, tidy;
	} cases[] = {
		{"data/csv/pts-export.csv", 90, 0},
		{"data/csv/pts-real-10.8.4-nosev-compilation.csv", 90, 0},
		{"data/csv/tidy-runs.csv", 0, 95},
		{"../samples/seed-000-dragonfly-hammer.csv", 0, 95},
		{"../samples/seed-003-tpch-ufs-zfs.txt", 0, 0},
	};
	char buf[65536];
	FILE *fp = fopen(cases[_i].path, "rb");
	size_t n;

	ck_assert_ptr_nonnull(fp);
	n = fread(buf, 1, sizeof buf, fp);
	fclose(fp);
	ck_assert_int_eq(br_detect_pts_csv(buf, n), cases[_i].pts);
	ck_assert_int_eq(br_detect_tidy_csv(buf, n), cases[_i].tidy);
	ck_assert_int_eq(br_detect_pts_csv("", 0), 0);
	ck_assert_int_eq(br_detect_tidy_csv("", 0), 0);
	/* Only comments but the writer's first line: still tidy CSV. */
	ck_assert_int_eq(br_detect_tidy_csv("# benchreport tidy CSV\n", 23),
			 80);
}
END_TEST

/* Run every reader on text; whatever happens, no crash, and a failure
 * leaves a one-line error. */
static void try_all(const char *text, size_t len)
{
	static const char *const fmts[] = {"pts-csv", "tidy-csv", "table"};
	size_t i;

	(void)br_detect_pts_csv(text, len);
	(void)br_detect_tidy_csv(text, len);
	(void)br_detect_table(text, len);
	for (i = 0; i < 3; i++) {
		struct br_resultset *rs = br_resultset_new();
		struct br_error err;
		int rc = load_buf(rs, "fuzz", text, len, fmts[i], &err);

		if (rc != BR_OK) {
			ck_assert_int_eq(err.code, rc);
			ck_assert(err.msg[0]);
			ck_assert_ptr_null(strchr(err.msg, '\n'));
		}
		br_resultset_free(rs);
	}
}

START_TEST(test_hostile)
{
	size_t big = 1 << 20, i;
	char *buf = malloc(big + 64);
	struct br_resultset *rs;
	struct br_error err;
	int n;

	ck_assert_ptr_nonnull(buf);
	/* A megabyte-long field. */
	strcpy(buf, "system,value,title\nA,1,");
	n = (int)strlen(buf);
	memset(buf + n, 'x', big);
	strcpy(buf + n + big, "\n");
	rs = br_resultset_new();
	ck_assert_int_eq(load_buf(rs, "big", buf, strlen(buf), NULL, &err),
			 BR_OK);
	ck_assert_uint_eq(strlen(rs->tests[0]->title), big);
	br_resultset_free(rs);
	try_all(buf, strlen(buf));
	/* Too many columns. */
	n = sprintf(buf, "system,value\nA,1");
	for (i = 0; i < 5000; i++)
		n += sprintf(buf + n, ",x");
	rs = br_resultset_new();
	ck_assert_int_eq(load_buf(rs, "wide", buf, strlen(buf), "tidy-csv",
				  &err), BR_EDATA);
	ck_assert_str_eq(err.where, "wide:2");
	ck_assert_str_eq(err.msg, "more than 4096 columns");
	br_resultset_free(rs);
	/* An unterminated quote running to the end of a big input. */
	buf[0] = '"';
	memset(buf + 1, 'q', big);
	try_all(buf, big + 1);
	/* Odd bytes everywhere. */
	try_all("\"", 1);
	try_all(",", 1);
	try_all("\n\n\n", 3);
	try_all(" ,,\"", 4);
	try_all(" ,,\"A\"\n\"x\",HIB,", 16);
	try_all("#\n# system:\n# system: |\n# system: \"\"\"\n", 39);
	try_all("a\tb\n1\t2\t3\n", 10);
	try_all("x;y\n1;2;\n", 9);
	try_all("1 2\n3 4\n", 8);
	free(buf);
}
END_TEST

START_TEST(test_mutations)
{
	/* Flip, cut and splice bytes of real inputs: no crash, no leak. */
	static const char *const paths[] = {
		"data/csv/tidy-runs.csv", "data/csv/pts-export.csv",
		"data/csv/tidy-series.csv",
		"../samples/seed-003-tpch-ufs-zfs.txt",
	};
	static const char junk[] = "\",\n\r#:|[]()-0123456789.e:\xff\x00 \t;";
	char orig[65536], buf[65536];
	unsigned seed = 12345u + (unsigned)_i;
	FILE *fp = fopen(paths[_i], "rb");
	size_t n, k;

	ck_assert_ptr_nonnull(fp);
	n = fread(orig, 1, sizeof orig, fp);
	fclose(fp);
	for (k = 0; k < 300; k++) {
		size_t m = n, j, flips;

		memcpy(buf, orig, n);
		seed = seed * 1103515245u + 12345u;
		flips = 1 + (seed >> 16) % 8;
		for (j = 0; j < flips; j++) {
			seed = seed * 1103515245u + 12345u;
			buf[(seed >> 8) % m] = junk[(seed >> 3) %
						    (sizeof junk - 1)];
		}
		seed = seed * 1103515245u + 12345u;
		if (k % 3 == 0)
			m = (seed >> 8) % n;   /* cut */
		try_all(buf, m);
	}
}
END_TEST

START_TEST(test_many_rows)
{
	/* 100000 run rows of one test+system, then 2000 systems. */
	size_t cap = 8 << 20, len = 0, i;
	char *buf = malloc(cap);
	struct br_resultset *rs = br_resultset_new();
	struct br_error err;

	ck_assert_ptr_nonnull(buf);
	len += (size_t)sprintf(buf, "system,value,title\n");
	for (i = 0; i < 100000; i++)
		len += (size_t)sprintf(buf + len, "A,%zu,T\n", i);
	for (i = 0; i < 2000; i++)
		len += (size_t)sprintf(buf + len, "S%zu,%zu,T\n", i, i);
	ck_assert_int_eq(load_buf(rs, "many", buf, len, NULL, &err), BR_OK);
	ck_assert_uint_eq(rs->tests[0]->entries[0].sample.n_runs, 100000);
	ck_assert_uint_eq(rs->tests[0]->n_entries, 2001);
	br_resultset_free(rs);
	/* 50000 series tests of one row each: also linear. */
	len = (size_t)sprintf(buf, "system,value,title,x\n");
	for (i = 0; i < 50000; i++)
		len += (size_t)sprintf(buf + len, "A,%zu,T%zu,%zu\n", i, i,
				       i % 7);
	rs = br_resultset_new();
	ck_assert_int_eq(load_buf(rs, "series", buf, len, NULL, &err), BR_OK);
	ck_assert_uint_eq(rs->n_tests, 50000);
	ck_assert_uint_eq(rs->tests[49999]->n_x, 1);
	ck_assert_double_eq(rs->tests[49999]->x[0], 49999 % 7);
	br_resultset_free(rs);
	free(buf);
}
END_TEST

Suite *br_suite_csv(void)
{
	Suite *s = suite_create("csv");
	TCase *tc = tcase_create("pts");

	tcase_add_test(tc, test_pts_export);
	tcase_add_test(tc, test_pts_real_export);
	tcase_add_test(tc, test_pts_old_labels);
	tcase_add_test(tc, test_pts_pass_fail_and_repeats);
	tcase_add_loop_test(tc, test_pts_errors, 0,
			    sizeof pts_bad / sizeof pts_bad[0]);
	suite_add_tcase(s, tc);

	tc = tcase_create("tidy");
	tcase_add_test(tc, test_tidy_runs);
	tcase_add_test(tc, test_tidy_series);
	tcase_add_test(tc, test_tidy_summary);
	tcase_add_test(tc, test_tidy_bom_crlf);
	tcase_add_loop_test(tc, test_tidy_errors, 0,
			    sizeof tidy_bad / sizeof tidy_bad[0]);
	tcase_add_test(tc, test_nul_byte);
	tcase_add_test(tc, test_tidy_bad_number_file);
	tcase_add_test(tc, test_tidy_merge);
	tcase_add_test(tc, test_tidy_resolution);
	tcase_add_test(tc, test_tidy_direction_given);
	suite_add_tcase(s, tc);

	tc = tcase_create("samples");
	tcase_add_test(tc, test_seed_004);
	tcase_add_test(tc, test_seed_000);
	suite_add_tcase(s, tc);

	tc = tcase_create("roundtrip");
	tcase_add_loop_test(tc, test_roundtrip, 0, sizeof roundtrip_inputs /
			    sizeof roundtrip_inputs[0]);
	tcase_add_test(tc, test_writer_text);
	tcase_add_test(tc, test_formula_guard_roundtrip);
	suite_add_tcase(s, tc);

	tc = tcase_create("hostile");
	tcase_set_timeout(tc, 60);
	tcase_add_loop_test(tc, test_detect, 0, 5);
	tcase_add_test(tc, test_hostile);
	tcase_add_loop_test(tc, test_mutations, 0, 4);
	tcase_add_test(tc, test_many_rows);
	suite_add_tcase(s, tc);
	return s;
}
