/*
 * check_table.c - the mail table reader: seed 003's timing table, the
 * illustrative seed 002 scaling table, delimiters, header cutting,
 * footnote and missing markers, layout rules, exact errors.  Run from
 * tests/ (paths "data/table/...", "../samples/...").
 */
#include <check.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ingest/ingest.h"
#include "ingest/ingest_int.h"
#include "model/model.h"

Suite *br_suite_table(void);

static struct br_resultset *load_ok(const char *path)
{
	struct br_resultset *rs = br_resultset_new();
	struct br_ingest_opts o;
	struct br_error err;
	int rc;

	br_ingest_opts_defaults(&o);
	br_error_clear(&err);
	rc = br_ingest_path(rs, path, &o, &err);
	ck_assert_msg(rc == BR_OK, "%s: %s: %s", path, err.where, err.msg);
	ck_assert_str_eq(rs->sources[0].format, "table");
	return rs;
}

/* Read text as a table (forced); returns the status. */
static int load_text(struct br_resultset *rs, const char *text,
		     struct br_error *err)
{
	struct br_ingest_opts o;

	br_ingest_opts_defaults(&o);
	o.input_format = "table";
	br_error_clear(err);
	return br_ingest_buffer(rs, "in.txt", text, strlen(text), &o, err);
}

static struct br_resultset *text_ok(const char *text)
{
	struct br_resultset *rs = br_resultset_new();
	struct br_error err;

	ck_assert_msg(load_text(rs, text, &err) == BR_OK, "%s: %s", err.where,
		      err.msg);
	return rs;
}

/* The single run (and published value) of an entry. */
static void check_cell(const struct br_sample *s, double v, const char *text,
		       unsigned long line)
{
	ck_assert_uint_eq(s->n_runs, 1);
	ck_assert_double_eq(s->runs[0].value, v);
	ck_assert_uint_eq(s->runs[0].loc.line, line);
	ck_assert(s->has_value);
	ck_assert(!s->is_summary);
	ck_assert_double_eq(s->value, v);
	ck_assert_str_eq(s->value_text, text);
}

static const struct br_entry *entry(const struct br_resultset *rs,
				    const struct br_test *t, const char *sys)
{
	size_t i;

	for (i = 0; i < t->n_entries; i++)
		if (!strcmp(rs->systems[t->entries[i].system]->identifier, sys))
			return &t->entries[i];
	ck_abort_msg("no entry for \"%s\" in \"%s\"", sys, t->title);
	return NULL;
}

START_TEST(test_seed_003)
{
	struct br_resultset *rs =
		load_ok("../samples/seed-003-tpch-ufs-zfs.txt");
	static const char *const titles[] = {
		"db creation", "catalog", "ts creation", "data load",
		"index creation", "key creation",
	};
	const struct br_test *t;
	const struct br_system *s;
	size_t i;

	ck_assert_str_eq(rs->title, "TPC-H 1 GB load phases, UFS vs. ZFS "
			 "(Solaris snv_37, preliminary)");
	ck_assert_ptr_nonnull(strstr(rs->notes, "zfs-discuss"));
	ck_assert_uint_eq(rs->n_systems, 4);
	ck_assert_str_eq(rs->systems[0]->identifier, "UFS");
	ck_assert_str_eq(rs->systems[1]->identifier, "ZFS (default)");
	ck_assert_str_eq(rs->systems[2]->identifier, "ZFS+comp");
	ck_assert_str_eq(rs->systems[3]->identifier, "ZFS+nochksum");
	s = rs->systems[0];
	ck_assert(s->declared);
	ck_assert_uint_eq(s->n_hardware, 3);
	ck_assert_str_eq(s->hardware[0].value, "2 x AMD Opteron 252");
	ck_assert_str_eq(s->software[1].key, "File-System");
	ck_assert_uint_eq(rs->n_tests, 6);
	for (i = 0; i < 6; i++) {
		t = rs->tests[i];
		ck_assert_str_eq(t->title, titles[i]);
		ck_assert_str_eq(t->identifier, "");
		ck_assert_str_eq(t->description, "");
		ck_assert_str_eq(t->scale, "Seconds");
		ck_assert_int_eq(t->unit.dim, BR_DIM_TIME);
		ck_assert_int_eq(t->dir, BR_DIR_LIB);
		ck_assert(!t->dir_inferred);
		ck_assert_int_eq(t->display, BR_DISPLAY_BAR);
		ck_assert_uint_eq(t->n_entries, 4);
		ck_assert_uint_eq(t->loc.line, 25 + i);
	}
	/* "data load[1]": the footnote marker is not part of the title. */
	t = rs->tests[3];
	check_cell(&entry(rs, t, "UFS")->sample, 529, "529", 28);
	check_cell(&entry(rs, t, "ZFS (default)")->sample, 1580, "1580", 28);
	check_cell(&entry(rs, t, "ZFS+comp")->sample, 1539, "1539", 28);
	check_cell(&entry(rs, t, "ZFS+nochksum")->sample, 1579, "1579", 28);
	check_cell(&entry(rs, rs->tests[1], "UFS")->sample, 379, "379", 26);
	check_cell(&entry(rs, rs->tests[0], "ZFS+comp")->sample, 18, "18", 25);
	check_cell(&entry(rs, rs->tests[5], "UFS")->sample, 115, "115", 30);
	ck_assert_uint_eq(rs->n_warnings, 0);
	br_resultset_free(rs);
}
END_TEST

START_TEST(test_seed_002_scaling)
{
	struct br_resultset *rs =
		load_ok("../samples/seed-002-pios-scaling-ILLUSTRATIVE.txt");
	const struct br_test *t;
	const struct br_entry *e;

	ck_assert_ptr_nonnull(strstr(rs->title, "ILLUSTRATIVE"));
	ck_assert_uint_eq(rs->n_tests, 1);
	t = rs->tests[0];
	ck_assert_str_eq(t->title, rs->title);
	ck_assert_int_eq(t->display, BR_DISPLAY_LINE);
	ck_assert_ptr_null(t->display_format); /* not PTS: display says it */
	ck_assert_str_eq(t->scale, "MB/s");
	ck_assert_int_eq(t->dir, BR_DIR_HIB);
	ck_assert_str_eq(t->x_label, "Disks");
	ck_assert_uint_eq(t->n_x, 3);
	ck_assert_double_eq(t->x[0], 10);
	ck_assert_double_eq(t->x[1], 24);
	ck_assert_double_eq(t->x[2], 46);
	ck_assert_uint_eq(t->n_entries, 3);
	e = entry(rs, t, "uDMU nochecksum");
	ck_assert_uint_eq(e->n_points, 3);
	check_cell(&e->points[0], 300, "300", 18);
	e = entry(rs, t, "kernel ZFS");
	check_cell(&e->points[2], 1000, "1000", 20);
	e = entry(rs, t, "uDMU");
	check_cell(&e->points[0], 400, "400", 18);
	/* The mail's shape: uDMU ahead at 10 disks, kernel ZFS after. */
	ck_assert(e->points[0].value > t->entries[2].points[0].value);
	ck_assert(e->points[2].value < t->entries[2].points[2].value);
	br_resultset_free(rs);
}
END_TEST

START_TEST(test_tabs)
{
	struct br_resultset *rs = load_ok("data/table/tabs.txt");
	const struct br_test *t;

	ck_assert_uint_eq(rs->n_systems, 2);
	ck_assert_str_eq(rs->systems[1]->identifier, "slow box");
	t = rs->tests[1];
	ck_assert_str_eq(t->title, "close file");
	ck_assert_str_eq(t->scale, "ms");
	ck_assert_int_eq(t->dir, BR_DIR_LIB);
	ck_assert(t->dir_inferred);        /* from "ms", with a warning */
	ck_assert_uint_eq(t->n_entries, 1); /* "-": no value */
	check_cell(&entry(rs, t, "slow box")->sample, 3.25, "3.25", 5);
	check_cell(&entry(rs, rs->tests[0], "fast")->sample, 1.5, "1.5", 4);
	br_resultset_free(rs);
}
END_TEST

START_TEST(test_semicolons)
{
	struct br_resultset *rs = load_ok("data/table/semicolon.txt");
	const struct br_test *t = rs->tests[1];

	/* "phase" names the label column; labels are not numbers: bars. */
	ck_assert_str_eq(rs->title, "Semicolons");
	ck_assert_uint_eq(rs->n_systems, 2);
	ck_assert_str_eq(rs->systems[1]->identifier, "ZFS (default)");
	ck_assert_int_eq(t->display, BR_DISPLAY_BAR);
	ck_assert_str_eq(t->scale, "Seconds");
	ck_assert_int_eq(t->dir, BR_DIR_LIB);
	check_cell(&entry(rs, t, "ZFS (default)")->sample, 1580, "1580", 4);
	ck_assert_uint_eq(rs->n_warnings, 0);
	br_resultset_free(rs);
}
END_TEST

START_TEST(test_aligned)
{
	struct br_resultset *rs = load_ok("data/table/aligned.txt");
	const struct br_test *t;

	ck_assert_uint_eq(rs->n_systems, 3);
	ck_assert_str_eq(rs->systems[2]->identifier, "ZFS + comp");
	t = rs->tests[0];
	ck_assert_str_eq(t->title, "db creation");
	ck_assert_int_eq(t->dir, BR_DIR_HIB);
	ck_assert_str_eq(t->scale, "MB/s");
	check_cell(&entry(rs, t, "ZFS + comp")->sample, 18, "18", 6);
	t = rs->tests[1];
	ck_assert_str_eq(t->title, "data load");
	ck_assert_uint_eq(t->n_entries, 2);  /* "n/a" */
	check_cell(&entry(rs, t, "ZFS (default)")->sample, 1580, "1580", 7);
	ck_assert_uint_eq(rs->n_warnings, 0);
	br_resultset_free(rs);
}
END_TEST

START_TEST(test_labels_with_numbers)
{
	struct br_resultset *rs = load_ok("data/table/raid.txt");

	ck_assert_uint_eq(rs->n_systems, 2);
	ck_assert_uint_eq(rs->n_tests, 3);
	ck_assert_str_eq(rs->tests[0]->title, "raid 10");
	ck_assert_str_eq(rs->tests[1]->title, "raid 5");
	check_cell(&entry(rs, rs->tests[0], "B")->sample, 2, "2", 6);
	check_cell(&entry(rs, rs->tests[2], "A")->sample, 5, "5", 8);
	ck_assert_uint_eq(rs->n_warnings, 0);
	br_resultset_free(rs);
	/* One name more than values, single blanks: a guess, so a
	 * warning. */
	rs = text_ok("disk A B\nx 1 2\ny 3 4\n");
	ck_assert_uint_eq(rs->n_systems, 2);
	ck_assert_str_eq(rs->systems[0]->identifier, "A");
	ck_assert_uint_eq(rs->n_warnings, 3); /* + 2 x direction unknown */
	ck_assert_str_eq(rs->warnings[0].msg, "the header has one name more "
			 "than the rows have values: \"disk\" is taken as the "
			 "name of the label column");
	ck_assert_uint_eq(rs->warnings[0].loc.line, 1);
	br_resultset_free(rs);
}
END_TEST

START_TEST(test_scaling_auto)
{
	struct br_resultset *rs = load_ok("data/table/scaling-auto.txt");
	const struct br_test *t = rs->tests[0];

	ck_assert_int_eq(t->display, BR_DISPLAY_LINE);
	ck_assert_str_eq(t->title, "threads scaling");
	ck_assert_str_eq(t->x_label, "threads");
	/* Rows are sorted by x. */
	ck_assert_double_eq(t->x[0], 1);
	ck_assert_double_eq(t->x[1], 4);
	ck_assert_double_eq(t->x[2], 8);
	check_cell(&entry(rs, t, "xfs")->points[1], 260, "260", 4);
	check_cell(&entry(rs, t, "xfs")->points[2], 500, "500", 3);
	br_resultset_free(rs);
}
END_TEST

START_TEST(test_layout_forced)
{
	struct br_resultset *rs;
	const struct br_test *t;

	/* Numeric labels under a named column, but bars asked for. */
	rs = text_ok("# layout: bars\nthreads  ext4\n1  100\n8  400\n");
	ck_assert_uint_eq(rs->n_tests, 2);
	ck_assert_str_eq(rs->tests[1]->title, "8");
	ck_assert_int_eq(rs->tests[1]->display, BR_DISPLAY_BAR);
	br_resultset_free(rs);
	/* Scaling without a label column name: titles from metadata. */
	rs = text_ok("# layout: scaling\n# title: Fio\n# x_label: Jobs\n"
		     "# unit: IOPS\next4 xfs\n1 10 20\n2 30 40\n");
	t = rs->tests[0];
	ck_assert_str_eq(t->title, "Fio");
	ck_assert_str_eq(rs->title, "Fio");
	ck_assert_str_eq(t->x_label, "Jobs");
	ck_assert_int_eq(t->dir, BR_DIR_HIB);
	ck_assert(t->dir_inferred);
	check_cell(&entry(rs, t, "xfs")->points[1], 40, "40", 7);
	br_resultset_free(rs);
	/* Durations in minutes stay minutes. */
	rs = text_ok("# unit: Minutes\nA B\nrun 1:30 0:45:00\n");
	t = rs->tests[0];
	ck_assert_int_eq(t->dir, BR_DIR_LIB);
	ck_assert(!t->dir_inferred);
	check_cell(&entry(rs, t, "A")->sample, 1.5, "1.5", 3);
	check_cell(&entry(rs, t, "B")->sample, 45, "45", 3);
	br_resultset_free(rs);
}
END_TEST

START_TEST(test_detect)
{
	static const char prose[] =
		"Hi,\nI'm preparing a personal benchmark.\n"
		"The first results are not very promising.\n--\nDaniel\n";
	static const char table[] = "A B\nx 1 2\ny 3 4\n";
	static const char typo[] = "A B\nw 1 2\nx 3 4\ny 5 6\nz 7 8x\n";
	static const char xml[] = "<?xml version=\"1.0\"?>\n<A>\n<Value>1"
				  "</Value>\n</A>\n";

	ck_assert_int_eq(br_detect_table(prose, strlen(prose)), 0);
	ck_assert_int_eq(br_detect_table(table, strlen(table)), 50);
	ck_assert_int_eq(br_detect_table("A;B\nx;1;2\n", 10), 40);
	ck_assert_int_eq(br_detect_table(xml, strlen(xml)), 0);
	ck_assert_int_eq(br_detect_table("", 0), 0);
	/* A typo in one row of four: still worth reading, for the error. */
	ck_assert_int_eq(br_detect_table(typo, strlen(typo)), 20);
}
END_TEST

struct bad_case {
	const char *text;
	const char *where;
	const char *msg;
};

static const struct bad_case bad[] = {
	{"A B C D E\nx 1 2\n", "in.txt:1",
	 "cannot cut the header into 2 column names (found 5); separate "
	 "names that contain blanks by two blanks or a tab"},
	{"# unit: MB/s\nA B\nx 0:38 1\n", "in.txt:3",
	 "\"0:38\" is a duration, but the unit \"MB/s\" is not a time"},
	{"A B\n", "in.txt:1", "a table needs a header line and at least one "
	 "row"},
	{"# only\n#comments\n", "in.txt:1",
	 "no table: the input has no lines besides comments"},
	{"A B\nfoo bar\n", "in.txt:2",
	 "row does not end in values (numbers or durations): \"bar\""},
	{"# layout: grid\nA B\nx 1 2\n", "in.txt:1",
	 "# layout: must be bars or scaling"},
	{"# title: t\n# direction: up\nA B\nx 1 2\n", "in.txt:2",
	 "# direction: must be HIB, LIB, more or fewer"},
	{"A B\nx 1 2\ny 3 4\nx 5 6\n", "in.txt:4",
	 "row \"x\" repeats line 2"},
	{"A A\nx 1 2\n", "in.txt:1", "column \"A\" appears twice"},
	{"# layout: scaling\nn A B\nx 1 2\n", "in.txt:3",
	 "a scaling table needs a number in the first column, not \"x\""},
	{"# layout: scaling\nn A B\n1 1 2\n2 1 2\n1 3 4\n", "in.txt:5",
	 "x 1 appears twice"},
	{"A;B\nx;1;2\ny;1\n", "in.txt:3", "row has 2 cells, the first row 3"},
	{"A\tB\nx\t1\t2\t3\n", "in.txt:1", "the header has 2 cells, the rows "
	 "3 values"},
	{"A;B\n;1;2\n", "in.txt:2", "row has an empty label"},
	{"A;B\nx;1;zz\n", "in.txt:2", "\"zz\" is not a number or duration"},
	{"A B\nx 1 nan\n", "in.txt:2",
	 "row does not end in values (numbers or durations): \"nan\""},
	{"A B\nx 1 2\ny nan 3\n", "in.txt:3",
	 "only 1 value at the end of the row, the header has 2 columns: "
	 "\"nan\" is not a number or duration"},
	{"A B\nx 1:60 2 3\n", "in.txt:2",
	 "\"1:60\" is not a number or duration (m:ss, h:mm:ss)"},
	{"A B\nx 1 2\n\xfe\n", "in.txt:3",
	 "invalid UTF-8 (byte 0xfe); save the file as UTF-8"},
};

START_TEST(test_errors)
{
	struct br_resultset *rs = br_resultset_new();
	struct br_error err;
	int rc = load_text(rs, bad[_i].text, &err);

	ck_assert_msg(rc == BR_EDATA, "accepted: %s", bad[_i].text);
	ck_assert_str_eq(err.where, bad[_i].where);
	ck_assert_str_eq(err.msg, bad[_i].msg);
	br_resultset_free(rs);
}
END_TEST

START_TEST(test_bad_value_file)
{
	struct br_resultset *rs = br_resultset_new();
	struct br_ingest_opts o;
	struct br_error err;

	br_ingest_opts_defaults(&o);
	br_error_clear(&err);
	ck_assert_int_eq(br_ingest_path(rs, "data/table/bad-value.txt", &o,
					&err), BR_EDATA);
	ck_assert_str_eq(err.where, "data/table/bad-value.txt:5");
	ck_assert_str_eq(err.msg, "only 1 value at the end of the row, the "
			 "header has 4 columns: \"0:1x\" is not a number or "
			 "duration");
	br_resultset_free(rs);
}
END_TEST

START_TEST(test_hostile)
{
	size_t cap = 1 << 20, n = 0, i;
	char *buf = malloc(cap);
	struct br_resultset *rs;
	struct br_error err;

	ck_assert_ptr_nonnull(buf);
	/* Too many columns. */
	n += (size_t)sprintf(buf, "A B\nx");
	for (i = 0; i < 5000; i++)
		n += (size_t)sprintf(buf + n, " %zu", i);
	rs = br_resultset_new();
	ck_assert_int_eq(load_text(rs, buf, &err), BR_EDATA);
	ck_assert_str_eq(err.where, "in.txt:2");
	ck_assert_str_eq(err.msg, "more than 4096 columns");
	br_resultset_free(rs);
	/* A long blank-padded line and huge numbers. */
	memset(buf, ' ', cap - 64);
	memcpy(buf, "A B\nx", 5);
	strcpy(buf + cap - 64, " 1e308 -1e308\n");
	rs = br_resultset_new();
	ck_assert_int_eq(load_text(rs, buf, &err), BR_OK);
	ck_assert_double_eq(rs->tests[0]->entries[0].sample.value, 1e308);
	br_resultset_free(rs);
	/* Durations at their limits. */
	rs = text_ok("A B C\nx 999999999:59:59.5 0:00 00:59\n");
	ck_assert_double_eq(rs->tests[0]->entries[0].sample.value,
			    999999999.0 * 3600 + 59 * 60 + 59.5);
	ck_assert_double_eq(rs->tests[0]->entries[2].sample.value, 59);
	br_resultset_free(rs);
	free(buf);
}
END_TEST

Suite *br_suite_table(void)
{
	Suite *s = suite_create("table");
	TCase *tc = tcase_create("table");

	tcase_add_test(tc, test_seed_003);
	tcase_add_test(tc, test_seed_002_scaling);
	tcase_add_test(tc, test_tabs);
	tcase_add_test(tc, test_semicolons);
	tcase_add_test(tc, test_aligned);
	tcase_add_test(tc, test_labels_with_numbers);
	tcase_add_test(tc, test_scaling_auto);
	tcase_add_test(tc, test_layout_forced);
	tcase_add_test(tc, test_detect);
	tcase_add_loop_test(tc, test_errors, 0, sizeof bad / sizeof bad[0]);
	tcase_add_test(tc, test_bad_value_file);
	tcase_add_test(tc, test_hostile);
	suite_add_tcase(s, tc);
	return s;
}
