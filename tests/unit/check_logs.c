/*
 * check_logs.c - the raw-log readers (ingest/log_*.c) on real output of
 * the tools (tests/data/logs/, provenance in SOURCES.md there): the
 * numbers, test names, units and directions, runs merging into entries,
 * FILE:LINE errors for truncated and garbled logs, hostile bytes.
 */
#include <check.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "ingest/ingest.h"
#include "ingest/log_int.h"
#include "model/model.h"

Suite *br_suite_logs(void);

static char *slurp(const char *path, size_t *len)
{
	FILE *fp = fopen(path, "rb");
	char *buf;
	long n;

	ck_assert_msg(fp != NULL, "cannot open %s", path);
	fseek(fp, 0, SEEK_END);
	n = ftell(fp);
	fseek(fp, 0, SEEK_SET);
	buf = malloc((size_t)n + 1);
	ck_assert(buf != NULL);
	ck_assert_uint_eq(fread(buf, 1, (size_t)n, fp), (size_t)n);
	buf[n] = '\0';
	fclose(fp);
	*len = (size_t)n;
	return buf;
}

/* Read buf named name (system sys or NULL) into rs; returns the code. */
static int read_buf(struct br_resultset *rs, const char *name,
		    const char *buf, size_t len, const char *sys,
		    const char *format, struct br_error *err)
{
	struct br_ingest_opts o;

	br_ingest_opts_defaults(&o);
	o.system = sys;
	o.input_format = format;
	br_error_clear(err);
	return br_ingest_buffer(rs, name, buf, len, &o, err);
}

/* Read file path into rs; it must succeed. */
static void read_ok(struct br_resultset *rs, const char *path,
		    const char *sys)
{
	struct br_error err;
	size_t len;
	char *buf = slurp(path, &len);
	int rc = read_buf(rs, path, buf, len, sys, NULL, &err);

	ck_assert_msg(rc == BR_OK, "%s: %s: %s", path, err.where, err.msg);
	free(buf);
}

static struct br_resultset *load(const char *path)
{
	struct br_resultset *rs = br_resultset_new();

	ck_assert(rs != NULL);
	read_ok(rs, path, NULL);
	return rs;
}

/* The test with this identifier and description. */
static const struct br_test *test_of(const struct br_resultset *rs,
				     const char *id, const char *desc)
{
	size_t i;

	for (i = 0; i < rs->n_tests; i++)
		if (!strcmp(rs->tests[i]->identifier, id) &&
		    !strcmp(rs->tests[i]->description, desc))
			return rs->tests[i];
	ck_abort_msg("no test %s \"%s\"", id, desc);
	return NULL;
}

/* Run k of the only entry of a test. */
static double run(const struct br_test *t, size_t k)
{
	ck_assert_uint_ge(t->n_entries, 1);
	ck_assert_uint_gt(t->entries[0].sample.n_runs, k);
	return t->entries[0].sample.runs[k].value;
}

static void check_test(const struct br_resultset *rs, const char *id,
		       const char *desc, const char *unit, enum br_dir dir,
		       double v)
{
	const struct br_test *t = test_of(rs, id, desc);

	ck_assert_str_eq(t->scale, unit);
	ck_assert_int_eq(t->dir, dir);
	ck_assert(!t->dir_inferred);
	ck_assert_msg(fabs(run(t, 0) - v) <= 1e-9 * fabs(v) + 1e-12,
		      "%s: %.17g != %.17g", desc, run(t, 0), v);
}

static const char *format_of(const struct br_resultset *rs)
{
	ck_assert_uint_ge(rs->n_sources, 1);
	return rs->sources[rs->n_sources - 1].format;
}

/* ------------------------------------------------------------- dbench */

START_TEST(test_dbench4)
{
	struct br_resultset *rs = load("data/logs/dbench/dbench-4.00-2clients"
				       ".txt");
	const struct br_test *t;

	ck_assert_str_eq(format_of(rs), "dbench");
	check_test(rs, "dbench", "Client Count: 2", "MB/s", BR_DIR_HIB,
		   1101.35);
	t = test_of(rs, "dbench", "Client Count: 2");
	ck_assert_str_eq(t->title, "Dbench");
	ck_assert_uint_eq(t->entries[0].sample.runs[0].loc.line, 33);
	ck_assert_str_eq(rs->systems[t->entries[0].system]->identifier,
			 "dbench");
	check_test(rs, "dbench", "Client Count: 2 - Operation: NTCreateX - "
		   "Average Latency", "ms", BR_DIR_LIB, 0.010);
	check_test(rs, "dbench", "Client Count: 2 - Operation: Flush - Max "
		   "Latency", "ms", BR_DIR_LIB, 5.446);
	ck_assert_uint_eq(rs->n_tests, 1 + 2 * 16);
	br_resultset_free(rs);
}
END_TEST

START_TEST(test_dbench3)
{
	struct br_resultset *rs = load("data/logs/dbench/dbench-3.03-lkml"
				       ".txt");

	check_test(rs, "dbench", "Client Count: 20", "MB/s", BR_DIR_HIB,
		   179.726);
	br_resultset_free(rs);
}
END_TEST

/* Several logs of one test and system: runs of one entry. */
START_TEST(test_runs_merge)
{
	struct br_resultset *rs = br_resultset_new();
	const struct br_test *t;

	read_ok(rs, "data/logs/dbench/dbench-4.00-2clients.txt", "ext4");
	read_ok(rs, "data/logs/dbench/dbench-4.00-2clients.txt", "ext4");
	read_ok(rs, "data/logs/dbench/dbench-4.00-2clients.txt", "xfs");
	t = test_of(rs, "dbench", "Client Count: 2");
	ck_assert_uint_eq(rs->n_systems, 2);
	ck_assert_uint_eq(t->n_entries, 2);
	ck_assert_uint_eq(t->entries[0].sample.n_runs, 2);
	ck_assert_uint_eq(t->entries[1].sample.n_runs, 1);
	ck_assert_str_eq(rs->systems[t->entries[1].system]->identifier, "xfs");
	br_resultset_free(rs);
}
END_TEST

START_TEST(test_dbench_errors)
{
	struct br_resultset *rs = br_resultset_new();
	struct br_error err;
	size_t len;
	char *buf = slurp("data/logs/dbench/dbench-4.00-2clients.txt", &len);
	char *cut = strstr(buf, "Throughput");
	static const char garbled[] =
		"dbench version 4.00 - Copyright Andrew Tridgell 1999-2004\n"
		"\nThroughput abc MB/sec  2 clients  2 procs\n";

	ck_assert(cut != NULL);
	ck_assert_int_eq(read_buf(rs, "x/run1.txt", buf, (size_t)(cut - buf),
				  NULL, NULL, &err), BR_EDATA);
	ck_assert_str_eq(err.where, "x/run1.txt:32");
	ck_assert_msg(strstr(err.msg, "no dbench result") != NULL, "%s",
		      err.msg);
	ck_assert_int_eq(read_buf(rs, "x/run2.txt", garbled,
				  sizeof garbled - 1, NULL, NULL, &err),
			 BR_EDATA);
	ck_assert_str_eq(err.where, "x/run2.txt:3");
	ck_assert_msg(strstr(err.msg, "'abc MB/sec") != NULL, "%s", err.msg);
	free(buf);
	br_resultset_free(rs);
}
END_TEST

/* ---------------------------------------------------------------- fio */

#define RR "Job: randread - Type: randread - Block Size: 4KiB - Read "

START_TEST(test_fio3_json)
{
	struct br_resultset *rs = load("data/logs/fio/fio-3.33-randread.json");

	ck_assert_str_eq(format_of(rs), "fio-json");
	check_test(rs, "fio", RR "Bandwidth", "KiB/s", BR_DIR_HIB, 52512);
	check_test(rs, "fio", RR "IOPS", "IOPS", BR_DIR_HIB, 13128.205128);
	check_test(rs, "fio", RR "Completion Latency", "us", BR_DIR_LIB,
		   75.2999729);
	check_test(rs, "fio", RR "Completion Latency P99", "us", BR_DIR_LIB,
		   280.576);
	check_test(rs, "fio", RR "Completion Latency P50", "us", BR_DIR_LIB,
		   68.096);
	ck_assert_str_eq(test_of(rs, "fio", RR "Bandwidth")->title,
			 "Flexible IO Tester");
	br_resultset_free(rs);
}
END_TEST

/* fio prints text around its JSON when a signal stops it. */
START_TEST(test_fio_json_signal)
{
	struct br_resultset *rs = load("data/logs/fio/fio-3.33-json-sigint"
				       ".txt");
	const struct br_test *t = test_of(rs, "fio", "Job: sig - Type: read "
					  "- Block Size: 4KiB - Read "
					  "Bandwidth");

	ck_assert(run(t, 0) > 0);
	ck_assert_uint_eq(t->entries[0].sample.runs[0].loc.line, 10);
	br_resultset_free(rs);
}
END_TEST

START_TEST(test_fio2_json)
{
	struct br_resultset *rs = load("data/logs/fio/fio-2.2.10-write.json");

	check_test(rs, "fio", "Job: test - Write Bandwidth", "KiB/s",
		   BR_DIR_HIB, 62499);
	check_test(rs, "fio", "Job: test - Write IOPS", "IOPS", BR_DIR_HIB,
		   15624.70);
	check_test(rs, "fio", "Job: test - Write Completion Latency", "us",
		   BR_DIR_LIB, 8151.19);
	check_test(rs, "fio", "Job: test - Write Completion Latency P99.9",
		   "us", BR_DIR_LIB, 14912);
	check_test(rs, "fio", "Job: test - Write Total Latency", "us",
		   BR_DIR_LIB, 8182.26);
	br_resultset_free(rs);
}
END_TEST

#define SW "Job: seqwrite - Type: write - Block Size: 64KiB - Write "

START_TEST(test_fio3_text)
{
	struct br_resultset *rs = load("data/logs/fio/fio-3.33-seqwrite.txt");

	ck_assert_str_eq(format_of(rs), "fio");
	check_test(rs, "fio", SW "Bandwidth", "MiB/s", BR_DIR_HIB, 3556);
	check_test(rs, "fio", SW "IOPS", "IOPS", BR_DIR_HIB, 56900);
	check_test(rs, "fio", SW "Completion Latency", "us", BR_DIR_LIB,
		   16.27);
	check_test(rs, "fio", SW "Total Latency", "us", BR_DIR_LIB, 16.57);
	check_test(rs, "fio", SW "Completion Latency P95", "us", BR_DIR_LIB,
		   20);
	br_resultset_free(rs);
}
END_TEST

#define RW "Type: randwrite - Block Size: 4KiB - Write "

START_TEST(test_fio2_text)
{
	struct br_resultset *rs = load("data/logs/fio/fio-2.1.3-randwrite-"
				       "4jobs.txt");

	check_test(rs, "fio", "Job: test - " RW "Bandwidth", "KiB/s",
		   BR_DIR_HIB, 88453);
	check_test(rs, "fio", "Job: test #4 - " RW "Bandwidth", "KiB/s",
		   BR_DIR_HIB, 88463);
	check_test(rs, "fio", "Job: test #2 - " RW "IOPS", "IOPS",
		   BR_DIR_HIB, 22115);
	check_test(rs, "fio", "Job: test - " RW "Completion Latency P99.9",
		   "us", BR_DIR_LIB, 64);
	check_test(rs, "fio", "Group: 0 - Write Aggregate Bandwidth", "KiB/s",
		   BR_DIR_HIB, 353810);
	br_resultset_free(rs);
}
END_TEST

/* One test read as MiB/s, then as KiB/s: converted to the first unit. */
START_TEST(test_unit_normalised)
{
	struct br_resultset *rs = br_resultset_new();
	struct br_error err;
	size_t len;
	char *buf = slurp("data/logs/fio/fio-3.33-seqwrite.txt", &len);
	char *p = strstr(buf, "BW=3556MiB/s");
	char *q = malloc(len + 16);
	const struct br_test *t;
	size_t n;

	ck_assert(p != NULL && q != NULL);
	n = (size_t)(p - buf);
	memcpy(q, buf, n);
	n += (size_t)sprintf(q + n, "BW=3641344KiB/s");
	memcpy(q + n, p + 12, len - (size_t)(p + 12 - buf));
	n += len - (size_t)(p + 12 - buf);
	read_ok(rs, "data/logs/fio/fio-3.33-seqwrite.txt", "A");
	ck_assert_int_eq(read_buf(rs, "b/run2.txt", q, n, "A", NULL, &err),
			 BR_OK);
	t = test_of(rs, "fio", SW "Bandwidth");
	ck_assert_str_eq(t->scale, "MiB/s");
	ck_assert_uint_eq(t->entries[0].sample.n_runs, 2);
	ck_assert_double_eq_tol(t->entries[0].sample.runs[1].value, 3556.0,
				1e-9);
	free(q);
	free(buf);
	br_resultset_free(rs);
}
END_TEST

START_TEST(test_fio_errors)
{
	struct br_resultset *rs = br_resultset_new();
	struct br_error err;
	size_t len;
	char *buf = slurp("data/logs/fio/fio-3.33-randread.json", &len);

	ck_assert_int_eq(read_buf(rs, "f/cut.json", buf, len / 2, NULL, NULL,
				  &err), BR_EDATA);
	ck_assert_msg(strstr(err.msg, "truncated JSON") != NULL, "%s",
		      err.msg);
	ck_assert(strncmp(err.where, "f/cut.json:", 11) == 0);
	free(buf);
	br_resultset_free(rs);
}
END_TEST

/* ------------------------------------------------------------ postmark */

START_TEST(test_postmark)
{
	struct br_resultset *rs = load("data/logs/postmark/postmark-1.51.txt");

	ck_assert_str_eq(format_of(rs), "postmark");
	check_test(rs, "postmark", "Transactions", "TPS", BR_DIR_HIB, 2000);
	check_test(rs, "postmark", "Files Created", "Files/s", BR_DIR_HIB,
		   1556);
	check_test(rs, "postmark", "Creation Alone", "Files/s", BR_DIR_HIB,
		   500);
	check_test(rs, "postmark", "Deletion Mixed With Transactions",
		   "Files/s", BR_DIR_HIB, 944);
	check_test(rs, "postmark", "Data Read", "MiB/s", BR_DIR_HIB, 5.96);
	check_test(rs, "postmark", "Data Written", "MiB/s", BR_DIR_HIB, 9.60);
	check_test(rs, "postmark", "Total Time", "Seconds", BR_DIR_LIB, 1);
	br_resultset_free(rs);
}
END_TEST

/* ------------------------------------------------------------- bonnie */

START_TEST(test_bonnie198)
{
	struct br_resultset *rs = load("data/logs/bonnie/bonnie-2.00a.csv");

	ck_assert_str_eq(format_of(rs), "bonnie");
	check_test(rs, "bonnie", "Size: 256M - Sequential Output - Block",
		   "KiB/s", BR_DIR_HIB, 326174);
	check_test(rs, "bonnie", "Size: 256M - Sequential Input - Per Char",
		   "KiB/s", BR_DIR_HIB, 6003);
	check_test(rs, "bonnie", "Size: 256M - Latency: Sequential Output - "
		   "Per Char", "us", BR_DIR_LIB, 2125);
	check_test(rs, "bonnie", "Files: 1 - Latency: Random Create - Delete",
		   "us", BR_DIR_LIB, 169);
	ck_assert_uint_ge(rs->n_warnings, 1); /* "+++++" fields */
	br_resultset_free(rs);
}
END_TEST

START_TEST(test_bonnie196)
{
	struct br_resultset *rs = load("data/logs/bonnie/bonnie-1.96-forum"
				       ".txt");

	check_test(rs, "bonnie", "Size: 7888M - Sequential Output - Block",
		   "KiB/s", BR_DIR_HIB, 64825);
	check_test(rs, "bonnie", "Size: 7888M - Random Seeks", "Seeks/s",
		   BR_DIR_HIB, 258.5);
	check_test(rs, "bonnie", "Files: 16 - Sequential Create - Create",
		   "Files/s", BR_DIR_HIB, 18344);
	check_test(rs, "bonnie", "Size: 7888M - Latency: Sequential Output - "
		   "Block", "ms", BR_DIR_LIB, 4693);
	br_resultset_free(rs);
}
END_TEST

START_TEST(test_bonnie103)
{
	struct br_resultset *rs = load("data/logs/bonnie/bonnie-1.02b-lkml"
				       ".txt");

	check_test(rs, "bonnie", "Size: 2G - Sequential Output - Per Char",
		   "KiB/s", BR_DIR_HIB, 27330);
	check_test(rs, "bonnie", "Size: 2G - Sequential Input - Block",
		   "KiB/s", BR_DIR_HIB, 56311);
	check_test(rs, "bonnie", "Files: 16 - Random Create - Delete",
		   "Files/s", BR_DIR_HIB, 9173);
	br_resultset_free(rs);
	rs = load("data/logs/bonnie/bonnie-1.97-ceph.csv");
	check_test(rs, "bonnie", "Size: 8196M - Latency: Sequential Output - "
		   "Rewrite", "ms", BR_DIR_LIB, 2056);
	br_resultset_free(rs);
}
END_TEST

START_TEST(test_bonnie_truncated)
{
	struct br_resultset *rs = br_resultset_new();
	struct br_error err;
	static const char cut[] =
		"1.98,2.00a,vm,1,1796007343,256M,,8192,5,4203,99,326174,86,"
		"+++++,+++,6003,99,+++++,+++,+++++,+++,1,,,,,+++++,+++\n";

	ck_assert_int_eq(read_buf(rs, "b/run.csv", cut, sizeof cut - 1, NULL,
				  NULL, &err), BR_EDATA);
	ck_assert_str_eq(err.where, "b/run.csv:1");
	ck_assert_msg(strstr(err.msg, "truncated bonnie++") != NULL, "%s",
		      err.msg);
	br_resultset_free(rs);
}
END_TEST

/* --------------------------------------------------------------- time */

START_TEST(test_time)
{
	struct br_resultset *rs = load("data/logs/time/gnu-time-v.txt");
	const char *cmd = "Command: dd if=/dev/zero of=/tmp/brb/ext4/ddfile "
			  "bs=1M count=128 conv=fsync - ";
	char d[200];

	ck_assert_str_eq(format_of(rs), "time");
	snprintf(d, sizeof d, "%sElapsed Time", cmd);
	check_test(rs, "time", d, "Seconds", BR_DIR_LIB, 0.09);
	snprintf(d, sizeof d, "%sSystem Time", cmd);
	check_test(rs, "time", d, "Seconds", BR_DIR_LIB, 0.04);
	snprintf(d, sizeof d, "%sMaximum Resident Set Size", cmd);
	check_test(rs, "time", d, "KiB", BR_DIR_LIB, 2832);
	br_resultset_free(rs);

	rs = load("data/logs/time/gnu-time-p.txt");
	check_test(rs, "time", "Log: gnu-time-p - Elapsed Time", "Seconds",
		   BR_DIR_LIB, 0.10);
	br_resultset_free(rs);
	rs = load("data/logs/time/bash-time.txt");
	check_test(rs, "time", "Log: bash-time - Elapsed Time", "Seconds",
		   BR_DIR_LIB, 0.109);
	check_test(rs, "time", "Log: bash-time - System Time", "Seconds",
		   BR_DIR_LIB, 0.038);
	br_resultset_free(rs);
	rs = load("data/logs/time/gnu-time-default.txt");
	check_test(rs, "time", "Log: gnu-time-default - Elapsed Time",
		   "Seconds", BR_DIR_LIB, 0.29);
	check_test(rs, "time", "Log: gnu-time-default - Maximum Resident Set "
		   "Size", "KiB", BR_DIR_LIB, 2800);
	br_resultset_free(rs);
}
END_TEST

/* Resolution from the digits a log printed: "0.00user" keeps its 0.01
 * though the value is 0; "2800maxresident" is whole KiB. */
START_TEST(test_log_resolution)
{
	struct br_resultset *rs = load("data/logs/time/gnu-time-default.txt");
	const struct br_test *t;

	t = test_of(rs, "time", "Log: gnu-time-default - User Time");
	ck_assert_double_eq(run(t, 0), 0);
	ck_assert_double_eq_tol(t->entries[0].sample.resolution, 0.01, 1e-15);
	t = test_of(rs, "time", "Log: gnu-time-default - Elapsed Time");
	ck_assert_double_eq_tol(t->entries[0].sample.resolution, 0.01, 1e-15);
	t = test_of(rs, "time", "Log: gnu-time-default - Maximum Resident "
		    "Set Size");
	ck_assert_double_eq(t->entries[0].sample.resolution, 1);
	br_resultset_free(rs);
}
END_TEST

START_TEST(test_time_runs_in_one_log)
{
	struct br_resultset *rs = br_resultset_new();
	struct br_error err;
	static const char two[] = "real\t1m2.5s\nuser\t0m1.000s\nsys\t0m0,5s\n"
				  "real\t0m22.38s\nuser\t0m1.000s\n"
				  "sys\t0m0.500s\n";
	const struct br_test *t;

	ck_assert_int_eq(read_buf(rs, "s/copy-run1.log", two, sizeof two - 1,
				  NULL, NULL, &err), BR_OK);
	t = test_of(rs, "time", "Log: copy - Elapsed Time");
	ck_assert_uint_eq(t->entries[0].sample.n_runs, 2);
	ck_assert_double_eq_tol(run(t, 0), 62.5, 1e-12);
	ck_assert_double_eq_tol(run(t, 1), 22.38, 1e-12);
	t = test_of(rs, "time", "Log: copy - System Time");
	ck_assert_double_eq_tol(run(t, 0), 0.5, 1e-12);
	ck_assert_int_eq(read_buf(rs, "s/bad.log", "real\t0mX.5s\nuser 1\n",
				  19, NULL, "time", &err), BR_EDATA);
	ck_assert_str_eq(err.where, "s/bad.log:1");
	br_resultset_free(rs);
}
END_TEST

START_TEST(test_hyperfine)
{
	struct br_resultset *rs = load("data/logs/hyperfine/hyperfine-1.15"
				       ".json");
	const struct br_test *t = test_of(rs, "hyperfine", "Command: dd "
					  "if=/dev/zero of=/tmp/brb/ext4/"
					  "ddfile bs=1M count=64 conv=fsync "
					  "(wall time)");

	ck_assert_str_eq(format_of(rs), "hyperfine");
	ck_assert_str_eq(t->scale, "Seconds");
	ck_assert_int_eq(t->dir, BR_DIR_LIB);
	ck_assert_uint_eq(t->entries[0].sample.n_runs, 5);
	ck_assert_double_eq_tol(run(t, 4), 0.05355202498000001, 1e-15);
	ck_assert_uint_eq(t->entries[0].sample.runs[0].loc.line, 4);
	br_resultset_free(rs);
}
END_TEST

/* The tests of rs that are primary metrics (br_test.sub_metric false),
 * their descriptions joined with "|". */
static char *primaries(const struct br_resultset *rs)
{
	char *s = strdup(""), *n;
	size_t i;

	for (i = 0; s && i < rs->n_tests; i++) {
		if (rs->tests[i]->sub_metric)
			continue;
		n = br_strf("%s%s%s", s, *s ? "|" : "",
			    rs->tests[i]->description);
		free(s);
		s = n;
	}
	ck_assert_ptr_nonnull(s);
	return s;
}

/* Which results each reader marks primary (doc/statistics.md, "Primary
 * metrics"): the one people quote; the rest are sub-metrics. */
START_TEST(test_primary_metrics)
{
	static const struct {
		const char *path, *primary;
		size_t n_tests;
	} c[] = {
		{"data/logs/dbench/dbench-4.00-2clients.txt",
		 "Client Count: 2", 33},
		{"data/logs/fio/fio-3.33-randread.json",
		 RR "Bandwidth|" RR "IOPS", 8},
		{"data/logs/postmark/postmark-1.51.txt", "Transactions", 12},
		{"data/logs/bonnie/bonnie-2.00a.csv", "Size: 256M - Sequential "
		 "Output - Block|Size: 256M - Sequential Input - Block", 24},
		{"data/logs/time/gnu-time-v.txt", "Command: dd if=/dev/zero "
		 "of=/tmp/brb/ext4/ddfile bs=1M count=128 conv=fsync - Elapsed "
		 "Time", 4},
		{"data/logs/hyperfine/hyperfine-1.15.json", "Command: dd "
		 "if=/dev/zero of=/tmp/brb/ext4/ddfile bs=1M count=64 "
		 "conv=fsync (wall time)", 3},
		/* a reader without sub-metrics: every result primary */
		{"data/logs/blogbench/blogbench-freebsd-zfs.txt",
		 "Test: Write|Test: Read", 2},
	};
	size_t k;

	for (k = 0; k < sizeof c / sizeof c[0]; k++) {
		struct br_resultset *rs = load(c[k].path);
		char *p = primaries(rs);

		ck_assert_msg(!strcmp(p, c[k].primary), "%s: %s", c[k].path,
			      p);
		ck_assert_uint_eq(rs->n_tests, c[k].n_tests);
		free(p);
		br_resultset_free(rs);
	}
}
END_TEST

/* The system name of entry k of t. */
static const char *sys_of(const struct br_resultset *rs,
			  const struct br_test *t, size_t k)
{
	ck_assert_uint_gt(t->n_entries, k);
	return rs->systems[t->entries[k].system]->identifier;
}

/* Three commands: three systems of one test named after the file; the
 * numbers are the JSON's own (tests/data/logs/SOURCES.md). */
START_TEST(test_hyperfine_commands)
{
	struct br_resultset *rs = load("data/logs/hyperfine/gzip-levels"
				       ".json");
	const struct br_test *w = test_of(rs, "hyperfine", "Wall time");
	const struct br_test *u = test_of(rs, "hyperfine", "User time");
	const struct br_test *s = test_of(rs, "hyperfine", "System time");

	ck_assert_uint_eq(rs->n_tests, 3);
	ck_assert_uint_eq(rs->n_systems, 3);
	ck_assert_str_eq(w->title, "gzip-levels");
	ck_assert_str_eq(w->scale, "Seconds");
	ck_assert_int_eq(w->dir, BR_DIR_LIB);
	ck_assert_uint_eq(w->n_entries, 3);
	ck_assert_str_eq(sys_of(rs, w, 0), "gzip -1 -c blob");
	ck_assert_str_eq(sys_of(rs, w, 1), "gzip -6 -c blob");
	ck_assert_str_eq(sys_of(rs, w, 2), "gzip -9 -c blob");
	ck_assert_uint_eq(w->entries[1].sample.n_runs, 10);
	ck_assert_double_eq_tol(w->entries[1].sample.runs[0].value,
				0.08393684100000001, 1e-15);
	/* hyperfine exports the means of user and system time only */
	ck_assert_uint_eq(u->entries[0].sample.n_runs, 1);
	ck_assert_double_eq_tol(u->entries[0].sample.runs[0].value,
				0.0343863, 1e-15);
	ck_assert_double_eq_tol(s->entries[2].sample.runs[0].value, 0.0,
				1e-15);
	ck_assert_uint_eq(w->entries[2].sample.runs[0].loc.line, 72);
	br_resultset_free(rs);
}
END_TEST

/* --test names the test; -n names are the systems (hyperfine writes the
 * name as "command"). */
START_TEST(test_hyperfine_test_option)
{
	struct br_resultset *rs = br_resultset_new();
	struct br_ingest_opts o;
	struct br_error err;
	const struct br_test *w;
	size_t len;
	char *buf = slurp("data/logs/hyperfine/compress-named.json", &len);

	ck_assert(rs != NULL);
	br_ingest_opts_defaults(&o);
	o.test = "compression";
	br_error_clear(&err);
	ck_assert_int_eq(br_ingest_buffer(rs, "h/compress-named.json", buf,
					  len, &o, &err), BR_OK);
	w = test_of(rs, "hyperfine", "Wall time");
	ck_assert_str_eq(w->title, "compression");
	ck_assert_str_eq(sys_of(rs, w, 0), "xz");
	ck_assert_str_eq(sys_of(rs, w, 1), "zstd");
	ck_assert_uint_eq(w->entries[1].sample.n_runs, 12);
	free(buf);
	br_resultset_free(rs);
}
END_TEST

/* A command listed twice names two systems, "COMMAND #1" and "#2", a
 * number a real command has skipped, with a warning; --system keeps a
 * file of several commands one system with a test per command, the
 * twice-listed ones apart too (issue 25).  (A made-up file: the shape of
 * hyperfine's, the numbers only need to differ.) */
START_TEST(test_hyperfine_twice_and_system)
{
	static const char two[] =
		"{\"results\": [\n"
		" {\"command\": \"true\", \"mean\": 1, \"times\": [1, 1.5]},\n"
		" {\"command\": \"true\", \"mean\": 2, \"times\": [2, 2.5]},\n"
		" {\"command\": \"true #2\", \"mean\": 4, \"times\": [4, 4]},\n"
		" {\"command\": \"x\", \"mean\": 3, \"times\": [3, 3.5]}]}\n";
	struct br_resultset *rs = br_resultset_new();
	struct br_error err;
	const struct br_test *w;

	ck_assert(rs != NULL);
	ck_assert_int_eq(read_buf(rs, "d/twice.json", two, sizeof two - 1,
				  NULL, NULL, &err), BR_OK);
	w = test_of(rs, "hyperfine", "Wall time");
	ck_assert_str_eq(w->title, "twice");
	ck_assert_str_eq(sys_of(rs, w, 0), "true #1");
	ck_assert_double_eq(w->entries[0].sample.runs[0].value, 1);
	ck_assert_uint_eq(w->entries[0].sample.n_runs, 2);
	ck_assert_str_eq(sys_of(rs, w, 1), "true #3");
	ck_assert_double_eq(w->entries[1].sample.runs[0].value, 2);
	ck_assert_uint_eq(w->entries[1].sample.n_runs, 2);
	ck_assert_str_eq(sys_of(rs, w, 2), "true #2");
	ck_assert_double_eq(w->entries[2].sample.runs[0].value, 4);
	ck_assert_str_eq(sys_of(rs, w, 3), "x");
	ck_assert_uint_eq(rs->n_warnings, 1);
	ck_assert_str_eq(rs->warnings[0].msg, "hyperfine: command \"true\" is "
			 "listed 2 times; its results are kept apart as "
			 "\"true #1\" and \"true #3\"");
	ck_assert_uint_eq(rs->warnings[0].loc.line, 2);
	br_resultset_free(rs);

	rs = br_resultset_new();
	ck_assert(rs != NULL);
	ck_assert_int_eq(read_buf(rs, "d/twice.json", two, sizeof two - 1,
				  "box", NULL, &err), BR_OK);
	ck_assert_uint_eq(rs->n_systems, 1);
	w = test_of(rs, "hyperfine", "Command: x (wall time)");
	ck_assert_str_eq(w->title, "Hyperfine");
	ck_assert_double_eq(run(w, 1), 3.5);
	/* the two "true" are two tests: their runs never pooled */
	ck_assert_uint_eq(test_of(rs, "hyperfine", "Command: true #1 (wall "
				  "time)")->entries[0].sample.n_runs, 2);
	ck_assert_double_eq(run(test_of(rs, "hyperfine", "Command: true #3 "
					"(wall time)"), 0), 2);
	ck_assert_double_eq(run(test_of(rs, "hyperfine", "Command: true #2 "
					"(wall time)"), 0), 4);
	br_resultset_free(rs);
}
END_TEST

/* Files of one name in two directories (machineA/bench.json,
 * machineB/bench.json) are never pooled: the second is named by its
 * path; a run file beside the first (bench-run2.json) still adds runs to
 * it (issue 25).  (Made-up files, as above.) */
START_TEST(test_hyperfine_two_directories)
{
	static const char f[] =
		"{\"results\": [\n"
		" {\"command\": \"a\", \"mean\": 1, \"times\": [1, 1.5]},\n"
		" {\"command\": \"b\", \"mean\": 2, \"times\": [2, 2.5]}]}\n";
	struct br_resultset *rs = br_resultset_new();
	struct br_error err;
	const struct br_test *w;

	ck_assert(rs != NULL);
	ck_assert_int_eq(read_buf(rs, "r/machineA/bench.json", f,
				  sizeof f - 1, NULL, NULL, &err), BR_OK);
	ck_assert_int_eq(read_buf(rs, "r/machineB/bench.json", f,
				  sizeof f - 1, NULL, NULL, &err), BR_OK);
	ck_assert_int_eq(read_buf(rs, "s/machineB/bench.json", f,
				  sizeof f - 1, NULL, NULL, &err), BR_OK);
	ck_assert_int_eq(read_buf(rs, "r/machineA/bench-run2.json", f,
				  sizeof f - 1, NULL, NULL, &err), BR_OK);
	ck_assert_uint_eq(rs->n_systems, 2);
	ck_assert_uint_eq(rs->n_tests, 3);  /* wall time only: no user, system */
	w = rs->tests[0];
	ck_assert_str_eq(w->title, "bench");
	ck_assert_str_eq(w->description, "Wall time");
	ck_assert_uint_eq(w->entries[0].sample.n_runs, 4);  /* + run2 */
	w = rs->tests[1];
	ck_assert_str_eq(w->title, "machineB/bench");
	ck_assert_uint_eq(w->entries[0].sample.n_runs, 2);
	w = rs->tests[2];
	ck_assert_str_eq(w->title, "s/machineB/bench");
	ck_assert_uint_eq(w->entries[0].sample.n_runs, 2);
	ck_assert_uint_eq(rs->n_warnings, 2);
	ck_assert_str_eq(rs->warnings[0].msg, "hyperfine: "
			 "r/machineB/bench.json has the name of "
			 "r/machineA/bench.json, a file in another directory: "
			 "its tests are \"machineB/bench\", not pooled with "
			 "that file's");
	br_resultset_free(rs);
}
END_TEST

/* ------------------------------------------------------------- iozone */

#define IOZ(r, f, t) "Record Size: " r " - File Size: " f " - Disk Test: " t

START_TEST(test_iozone_table)
{
	struct br_resultset *rs = load("data/logs/iozone/iozone-3.492-i0-i2"
				       ".txt");

	ck_assert_str_eq(format_of(rs), "iozone");
	check_test(rs, "iozone", IOZ("1MB", "100MB", "Write Performance"),
		   "kB/s", BR_DIR_HIB, 314600);
	check_test(rs, "iozone", IOZ("1MB", "100MB", "Random Read "
				     "Performance"), "kB/s", BR_DIR_HIB,
		   374715);
	check_test(rs, "iozone", IOZ("1MB", "100MB", "Random Write "
				     "Performance"), "kB/s", BR_DIR_HIB,
		   325762);
	ck_assert_uint_eq(rs->n_tests, 4);
	br_resultset_free(rs);

	rs = load("data/logs/iozone/iozone-3.489-auto-all.txt");
	ck_assert_uint_eq(rs->n_tests, 7 * 13);
	check_test(rs, "iozone", IOZ("4Kb", "16KB", "Re-fread Performance"),
		   "kB/s", BR_DIR_HIB, 1985134);
	check_test(rs, "iozone", IOZ("64Kb", "1MB", "Backward Read "
				     "Performance"), "kB/s", BR_DIR_HIB,
		   154191);
	check_test(rs, "iozone", IOZ("1MB", "1MB", "Stride Read "
				     "Performance"), "kB/s", BR_DIR_HIB,
		   300835);
	br_resultset_free(rs);

	rs = load("data/logs/iozone/iozone-3.4xx-rpi-i012.txt");
	check_test(rs, "iozone", IOZ("4Kb", "100MB", "Re-read Performance"),
		   "kB/s", BR_DIR_HIB, 12207);
	br_resultset_free(rs);
}
END_TEST

START_TEST(test_iozone_other)
{
	struct br_resultset *rs = load("data/logs/iozone/iozone-3.506-"
				       "throughput.txt");

	check_test(rs, "iozone", "Record Size: 1Kb - File Size: 1MB - "
		   "Processes: 4 - Disk Test: Initial Writers", "kB/s",
		   BR_DIR_HIB, 221.13);
	check_test(rs, "iozone", "Record Size: 1Kb - File Size: 1MB - "
		   "Processes: 4 - Disk Test: Re-Readers", "kB/s", BR_DIR_HIB,
		   2740.10);
	ck_assert_uint_eq(rs->n_tests, 4);
	br_resultset_free(rs);

	rs = load("data/logs/iozone/iozone-excel-report.txt");
	check_test(rs, "iozone", IOZ("4Kb", "32KB", "Write Performance"),
		   "kB/s", BR_DIR_HIB, 235549);
	check_test(rs, "iozone", IOZ("4Kb", "64KB", "Rewrite Performance"),
		   "kB/s", BR_DIR_HIB, 653436);
	ck_assert_uint_eq(rs->n_tests, 6);
	br_resultset_free(rs);
}
END_TEST

START_TEST(test_iozone_garbled)
{
	struct br_resultset *rs = br_resultset_new();
	struct br_error err;
	static const char bad[] =
		"              kB  reclen    write  rewrite\n"
		"          102400       4     26x4     2666\n";

	ck_assert_int_eq(read_buf(rs, "i/bad.txt", bad, sizeof bad - 1, NULL,
				  NULL, &err), BR_EDATA);
	ck_assert_str_eq(err.where, "i/bad.txt:2");
	br_resultset_free(rs);
}
END_TEST

/* ----------------------------------------------- blogbench, compilebench */

START_TEST(test_blogbench)
{
	struct br_resultset *rs = load("data/logs/blogbench/blogbench-freebsd"
				       "-zfs.txt");

	ck_assert_str_eq(format_of(rs), "blogbench");
	check_test(rs, "blogbench", "Test: Write", "Final Score", BR_DIR_HIB,
		   6476);
	check_test(rs, "blogbench", "Test: Read", "Final Score", BR_DIR_HIB,
		   660436);
	br_resultset_free(rs);
}
END_TEST

START_TEST(test_compilebench)
{
	struct br_resultset *rs = load("data/logs/compilebench/compilebench-"
				       "ext4-lkml.txt");

	ck_assert_str_eq(format_of(rs), "compilebench");
	check_test(rs, "compilebench", "Test: Initial Create", "MB/s",
		   BR_DIR_HIB, 30.25);
	check_test(rs, "compilebench", "Test: Read Compiled Tree", "MB/s",
		   BR_DIR_HIB, 19.83);
	check_test(rs, "compilebench", "Test: Delete Compiled Tree",
		   "Seconds", BR_DIR_LIB, 4.42);
	ck_assert_uint_eq(rs->n_tests, 4);
	br_resultset_free(rs);
}
END_TEST

/* ---------------------------------------------------------- helpers */

START_TEST(test_names)
{
	static const struct {
		const char *path, *sys, *stem, *how;
	} c[] = {
		{"samples/logs/ext4-vda/dbench-run1.txt", "ext4-vda",
		 "dbench", "from directory samples/logs/ext4-vda"},
		{"/abs/xfs//run3", "xfs", "run3", "from directory /abs/xfs"},
		{"<stdin>", "stdin", "<stdin>", "from standard input"},
		{"a/b/7.txt", "b", "7", "from directory a/b"},
		/* ".." of a directory that does not exist: the file name */
		{"no-such-dir/../copy_2.log", "copy_2", "copy",
		 "from the file name copy_2.log"},
	};
	char out[64], how[4200], cwd[4096], parent[4096], want[4200];
	const char *here, *up;
	size_t i;

	for (i = 0; i < sizeof c / sizeof c[0]; i++) {
		br_log_system_from_path(c[i].path, out, sizeof out, how,
					sizeof how);
		ck_assert_str_eq(out, c[i].sys);
		ck_assert_str_eq(how, c[i].how);
		br_log_stem(c[i].path, out, sizeof out);
		ck_assert_str_eq(out, c[i].stem);
	}
	/* ".", ".." and no directory part: the real directory's name (the
	 * unit tests run in tests/, so "tests" and the tree's name) */
	ck_assert_ptr_nonnull(getcwd(cwd, sizeof cwd));
	here = strrchr(cwd, '/') + 1;
	ck_assert_str_eq(here, "tests");
	snprintf(parent, sizeof parent, "%.*s", (int)(here - 1 - cwd), cwd);
	up = strrchr(parent, '/') + 1;
	br_log_system_from_path("./copy_2.log", out, sizeof out, how,
				sizeof how);
	ck_assert_str_eq(out, "tests");
	snprintf(want, sizeof want, "from directory . (%s)", cwd);
	ck_assert_str_eq(how, want);
	br_log_system_from_path("dbench.txt", out, sizeof out, how,
				sizeof how);
	ck_assert_str_eq(out, "tests");
	snprintf(want, sizeof want, "from the current directory (%s)", cwd);
	ck_assert_str_eq(how, want);
	br_log_system_from_path("..//x.log", out, sizeof out, how,
				sizeof how);
	ck_assert_str_eq(out, up);
	snprintf(want, sizeof want, "from directory .. (%s)", parent);
	ck_assert_str_eq(how, want);
	br_log_system_from_path("data/logs/../logs/./x.log", out, sizeof out,
				NULL, 0);
	ck_assert_str_eq(out, "logs");
	/* a long path: the name is cut at a character, not overrun */
	br_log_system_from_path("./x.log", out, 3, NULL, 0);
	ck_assert_str_eq(out, "te");
}
END_TEST

START_TEST(test_numbers)
{
	const char *p;
	double v;

	p = "1e308 x";
	ck_assert(br_log_num(&p, &v));
	ck_assert_double_eq(v, 1e308);
	p = "1e309";
	ck_assert(!br_log_num(&p, &v));
	p = "NaN";
	ck_assert(!br_log_num(&p, &v));
	p = "inf";
	ck_assert(!br_log_num(&p, &v));
	p = " -2.5e-3ms";
	ck_assert(br_log_num(&p, &v));
	ck_assert_double_eq(v, -2.5e-3);
	ck_assert_str_eq(p, "ms");
	p = "12.5e";
	ck_assert(br_log_num(&p, &v));
	ck_assert_str_eq(p, "e");
}
END_TEST

/* Every log format on hostile bytes: no crash, a clean code. */
START_TEST(test_hostile)
{
	static const char *const samples[] = {
		"Throughput 1e308 MB/sec 1e308 clients",
		"Throughput NaN MB/sec 2 clients 2 procs",
		"{\"fio version\" : \"fio-3\", \"jobs\" : [{\"jobname\" : "
		"\"x\", \"read\" : {\"bw\" : NaN, \"iops\" : 1e400, "
		"\"io_bytes\" : 5}}]}",
		"{\"results\": [{\"command\": \"x\", \"mean\": 1, \"times\": "
		"[1e308, \"a\"]}]}",
		"x: (groupid=0, jobs=1): err= 0\n  read: IOPS=1e308k, "
		"BW=1e308MiB/s\n    clat percentiles (usec):\n     | "
		"th=[ ], 50.00th=[x]\n",
		"1.96,1.96,a,1,2,3M,,+++++,,,,,,,,,,,,,\n",
		"a,1G,1,2,3,4,5,6,7,8,9,10,11,12\n",
		"kB  reclen write\n 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 "
		"18 19 20 21 22 23 24 25 26 27 28 29 30 31 32 33 34 35 36\n",
		"\"Writer report\"\n\"4\"\n\"16\" 1 2 3 4\n",
		"Children see throughput for = 1\n",
		"real 99999999999999999999999999999999999:1:1\nuser 1\n",
		"Final score for writes: 1e999\n",
		"x total runs 1 avg 1e308 MB/s\n",
		"PostMark v1.51\nTime:\n\t1 seconds of transactions (NaN per "
		"second)\n",
	};
	char *big;
	size_t i, f, n = 1 << 20;

	for (i = 0; i < sizeof samples / sizeof samples[0]; i++)
		for (f = 0; f < br_n_log_formats; f++) {
			struct br_resultset *rs = br_resultset_new();
			struct br_error err;

			br_error_clear(&err);
			(void)br_log_formats[f].detect(samples[i],
						       strlen(samples[i]));
			(void)br_log_formats[f].read(rs, "h/x", samples[i],
						     strlen(samples[i]), NULL,
						     &err);
			br_resultset_free(rs);
		}
	/* a huge line full of NUL bytes and digits */
	big = malloc(n);
	ck_assert(big != NULL);
	for (i = 0; i < n; i++)
		big[i] = i % 7 == 0 ? '\0' : i % 3 ? '9' : ' ';
	memcpy(big, "Throughput ", 11);
	for (f = 0; f < br_n_log_formats; f++) {
		struct br_resultset *rs = br_resultset_new();
		struct br_error err;

		br_error_clear(&err);
		(void)br_log_formats[f].detect(big, n);
		(void)br_log_formats[f].read(rs, "h/big", big, n, NULL, &err);
		br_resultset_free(rs);
	}
	free(big);
}
END_TEST

Suite *br_suite_logs(void)
{
	Suite *s = suite_create("logs");
	TCase *tc;

	tc = tcase_create("dbench");
	tcase_add_test(tc, test_dbench4);
	tcase_add_test(tc, test_primary_metrics);
	tcase_add_test(tc, test_dbench3);
	tcase_add_test(tc, test_runs_merge);
	tcase_add_test(tc, test_dbench_errors);
	suite_add_tcase(s, tc);
	tc = tcase_create("fio");
	tcase_add_test(tc, test_fio3_json);
	tcase_add_test(tc, test_fio_json_signal);
	tcase_add_test(tc, test_fio2_json);
	tcase_add_test(tc, test_fio3_text);
	tcase_add_test(tc, test_fio2_text);
	tcase_add_test(tc, test_unit_normalised);
	tcase_add_test(tc, test_log_resolution);
	tcase_add_test(tc, test_fio_errors);
	suite_add_tcase(s, tc);
	tc = tcase_create("postmark-bonnie");
	tcase_add_test(tc, test_postmark);
	tcase_add_test(tc, test_bonnie198);
	tcase_add_test(tc, test_bonnie196);
	tcase_add_test(tc, test_bonnie103);
	tcase_add_test(tc, test_bonnie_truncated);
	suite_add_tcase(s, tc);
	tc = tcase_create("timing");
	tcase_add_test(tc, test_time);
	tcase_add_test(tc, test_time_runs_in_one_log);
	tcase_add_test(tc, test_hyperfine);
	tcase_add_test(tc, test_hyperfine_commands);
	tcase_add_test(tc, test_hyperfine_test_option);
	tcase_add_test(tc, test_hyperfine_twice_and_system);
	tcase_add_test(tc, test_hyperfine_two_directories);
	suite_add_tcase(s, tc);
	tc = tcase_create("iozone-blogbench-compilebench");
	tcase_add_test(tc, test_iozone_table);
	tcase_add_test(tc, test_iozone_other);
	tcase_add_test(tc, test_iozone_garbled);
	tcase_add_test(tc, test_blogbench);
	tcase_add_test(tc, test_compilebench);
	suite_add_tcase(s, tc);
	tc = tcase_create("helpers");
	tcase_add_test(tc, test_names);
	tcase_add_test(tc, test_numbers);
	tcase_add_test(tc, test_hostile);
	tcase_set_timeout(tc, 60);
	suite_add_tcase(s, tc);
	return s;
}
