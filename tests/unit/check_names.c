/*
 * check_names.c - systems of one name in several inputs (model/scope.c)
 * and their final names (ingest/names.c): merged when one run is split
 * over files or read twice, kept apart and named after their files when
 * both have a result for one test; --name and --rename, and their
 * errors (doc/design.md, "Two files of one machine").
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ingest/ingest.h"
#include "model/model.h"

Suite *br_suite_names(void);

/* Read each name=text pair (as one input each), then name the systems
 * with the --name and --rename arguments given (NULL-terminated). */
static struct br_resultset *read_all(const char *const *files,
				     const char *const *names,
				     const char *const *renames, int *rc,
				     struct br_error *err)
{
	struct br_resultset *rs = br_resultset_new();
	struct br_ingest_opts o;
	struct br_naming nm = {names, 0, renames, 0};
	size_t i;

	ck_assert_ptr_nonnull(rs);
	br_ingest_opts_defaults(&o);
	br_error_clear(err);
	*rc = BR_OK;
	for (i = 0; files[i] && *rc == BR_OK; i += 2)
		*rc = br_ingest_buffer(rs, files[i], files[i + 1],
				       strlen(files[i + 1]), &o, err);
	while (names && names[nm.n_names])
		nm.n_names++;
	while (renames && renames[nm.n_renames])
		nm.n_renames++;
	if (*rc == BR_OK)
		*rc = br_ingest_names(rs, &nm, err);
	return rs;
}

static struct br_resultset *read_ok(const char *const *files,
				    const char *const *names,
				    const char *const *renames)
{
	struct br_error err;
	int rc;
	struct br_resultset *rs = read_all(files, names, renames, &rc, &err);

	ck_assert_msg(rc == BR_OK, "%s: %s", err.where, err.msg);
	return rs;
}

/* The usage error names and renames give, exactly. */
static void read_fails(const char *const *files, const char *const *names,
		       const char *const *renames, const char *msg)
{
	struct br_error err;
	int rc;
	struct br_resultset *rs = read_all(files, names, renames, &rc, &err);

	ck_assert_int_eq(rc, BR_EUSAGE);
	ck_assert_str_eq(err.where, "");
	ck_assert_str_eq(err.msg, msg);
	br_resultset_free(rs);
}

/* The identifiers of rs's systems, joined by "|". */
static const char *ids(const struct br_resultset *rs)
{
	static char buf[512];
	size_t i, len = 0;

	buf[0] = '\0';
	for (i = 0; i < rs->n_systems; i++)
		len += (size_t)snprintf(buf + len, sizeof buf - len, "%s%s",
					i ? "|" : "", rs->systems[i]->identifier);
	return buf;
}

#define HDR "system,value,title,unit,direction\n"
#define ROW(sys, v, t) sys "," v "," t ",MB/s,HIB\n"
#define T_A1 HDR ROW("A", "1", "T")
#define T_A2 HDR ROW("A", "2", "T")

#define DAY2 HDR ROW("A", "2", "T") ROW("B", "3", "T")

/* One run over two files (no test in common): one system. */
START_TEST(test_split_run_merges)
{
	static const char *const f[] = {
		"a.csv", HDR ROW("A", "1", "T1") ROW("B", "5", "T1"),
		"b.csv", HDR ROW("A", "2", "T2"), NULL,
	};
	struct br_resultset *rs = read_ok(f, NULL, NULL);

	ck_assert_str_eq(ids(rs), "A|B");
	ck_assert_uint_eq(rs->n_tests, 2);
	ck_assert_uint_eq(rs->tests[1]->entries[0].system, 0);
	ck_assert_ptr_null(rs->systems[0]->renamed_by);
	ck_assert(!rs->systems[0]->kept_apart);
	ck_assert_uint_eq(rs->n_warnings, 0);
	/* b.csv named system A too: --name reaches it through b.csv */
	ck_assert_uint_eq(rs->sources[1].n_systems, 1);
	ck_assert_uint_eq(rs->sources[1].systems[0], 0);
	br_resultset_free(rs);
}
END_TEST

/* Two files with a result of A for T: two systems, named by stem. */
START_TEST(test_kept_apart_by_stem)
{
	static const char *const f[] = {
		"runs/day1.csv", T_A1, "runs/day2.csv", T_A2, NULL,
	};
	struct br_resultset *rs = read_ok(f, NULL, NULL);

	ck_assert_str_eq(ids(rs), "day1|day2");
	ck_assert_str_eq(rs->systems[1]->original, "A");
	ck_assert(rs->systems[0]->kept_apart && rs->systems[1]->kept_apart);
	ck_assert_str_eq(rs->systems[1]->renamed_by, "after its file's stem: "
			 "kept apart, as 2 inputs have \"A\" with results for "
			 "the same tests");
	ck_assert_uint_eq(rs->tests[0]->n_entries, 2);
	ck_assert_uint_eq(rs->tests[0]->entries[1].system, 1);
	ck_assert_uint_eq(rs->n_warnings, 1);
	ck_assert_ptr_null(rs->warnings[0].loc.file);
	ck_assert_str_eq(rs->warnings[0].msg, "system \"A\" has results for "
			 "the same tests in 2 inputs: kept apart and named "
			 "after their files' stems: \"day1\" (runs/day1.csv), "
			 "\"day2\" (runs/day2.csv) (--name FILE=LABEL or "
			 "--rename OLD=NEW names them)");
	br_resultset_free(rs);
}
END_TEST

/* Shared stems: the titles; no titles: the paths; one path twice: the
 * stem and the place. */
START_TEST(test_kept_apart_same_stem)
{
	static const char *const titled[] = {
		"x/run.csv", "# title: before\n" T_A1,
		"y/run.csv", "# title: after\n" T_A2, NULL,
	};
	static const char *const plain[] = {
		"x/run.csv", T_A1, "y/run.csv", T_A2, NULL,
	};
	static const char *const twice[] = {
		"run.csv", T_A1, "run.csv", T_A1, "run.csv", T_A1, NULL,
	};
	struct br_resultset *rs = read_ok(titled, NULL, NULL);

	ck_assert_str_eq(ids(rs), "before|after");
	ck_assert_str_eq(rs->systems[0]->renamed_by, "after its result's "
			 "title: kept apart, as 2 inputs have \"A\" with "
			 "results for the same tests");
	br_resultset_free(rs);
	rs = read_ok(plain, NULL, NULL);
	ck_assert_str_eq(ids(rs), "x/run|y/run");
	br_resultset_free(rs);
	rs = read_ok(twice, NULL, NULL);
	ck_assert_str_eq(ids(rs), "run #1|run #2|run #3");
	ck_assert(strstr(rs->warnings[0].msg, "3 inputs: kept apart and "
			 "named after their files' stems and places: \"run "
			 "#1\" (run.csv)"));
	br_resultset_free(rs);
}
END_TEST

#define XML(title, stamp, value)                                           \
	"<?xml version=\"1.0\"?>\n<PhoronixTestSuite>\n<Generated><Title>" \
	title "</Title></Generated>\n<System><Identifier>Box</Identifier>"  \
	"<TimeStamp>" stamp "</TimeStamp></System>\n<Result><Identifier>"   \
	"pts/t-1.0.0</Identifier><Title>T</Title><Scale>MB/s</Scale>"       \
	"<Proportion>HIB</Proportion><DisplayFormat>BAR_GRAPH"              \
	"</DisplayFormat><Data><Entry><Identifier>Box</Identifier><Value>"  \
	value "</Value><RawString>" value "</RawString></Entry></Data>"     \
	"</Result>\n</PhoronixTestSuite>\n"

/* PTS files of one stem and title: the systems' dates; the same run
 * (one time stamp) read twice is one system, its second entry dropped
 * as PTS drops it. */
START_TEST(test_pts_dates_and_same_run)
{
	static const char *const f[] = {
		"a/composite.xml", XML("r", "2018-11-27 20:20:29", "10"),
		"b/composite.xml", XML("r", "2018-11-28 01:56:37", "11"),
		"c/composite.xml", XML("r", "2018-11-27 20:20:29", "10"),
		NULL,
	};
	struct br_resultset *rs = read_ok(f, NULL, NULL);

	ck_assert_str_eq(ids(rs), "2018-11-27 20:20:29|2018-11-28 01:56:37");
	ck_assert_uint_eq(rs->tests[0]->n_entries, 2);
	ck_assert_str_eq(rs->tests[0]->entries[0].loc.file, "a/composite.xml");
	ck_assert_uint_eq(rs->n_warnings, 3);
	ck_assert_str_eq(rs->warnings[0].msg, "system \"Box\" is declared "
			 "again (first at a/composite.xml:4); keeping the "
			 "first");
	ck_assert_str_eq(rs->warnings[1].msg, "T: entry for \"Box\" already "
			 "read from a/composite.xml:5; keeping the first");
	ck_assert_str_eq(rs->warnings[1].loc.file, "c/composite.xml");
	br_resultset_free(rs);
}
END_TEST

/* A file of several systems: "stem: name"; a name step 1 gives that
 * another system has gets " (2)". */
START_TEST(test_several_and_taken)
{
	static const char *const f[] = {
		"day1.csv", HDR ROW("A", "1", "T") ROW("B", "2", "T"),
		"day2.csv", HDR ROW("A", "3", "T"),
		"more.csv", HDR ROW("day2", "4", "T"), NULL,
	};
	struct br_resultset *rs = read_ok(f, NULL, NULL);

	ck_assert_str_eq(ids(rs), "day1: A|B|day2 (2)|day2");
	br_resultset_free(rs);
}
END_TEST

/* --name: one system, several systems (LABEL: NAME); and it wins over
 * the file's own name, so no warning is left about it. */
START_TEST(test_name_option)
{
	static const char *const f[] = {
		"day1.csv", T_A1, "day2.csv", DAY2, NULL,
	};
	static const char *const n1[] = {"day1.csv=before", NULL};
	static const char *const n2[] = {
		"day1.csv=before", "day2.csv=<after> ü", NULL,
	};
	struct br_resultset *rs = read_ok(f, n1, NULL);

	ck_assert_str_eq(ids(rs), "before|day2: A|B");
	ck_assert_str_eq(rs->systems[0]->renamed_by,
			 "by --name day1.csv=before");
	ck_assert_uint_eq(rs->n_warnings, 1);
	ck_assert(strstr(rs->warnings[0].msg, "\"day2: A\" (day2.csv) ("));
	br_resultset_free(rs);
	rs = read_ok(f, n2, NULL);
	ck_assert_str_eq(ids(rs), "before|<after> ü: A|<after> ü: B");
	ck_assert_uint_eq(rs->n_warnings, 0);
	br_resultset_free(rs);
}
END_TEST

/* --rename: by the name now, or by the name as read when one system
 * was; all at once, so two names swap. */
START_TEST(test_rename_option)
{
	static const char *const f[] = {
		"day1.csv", T_A1, "day2.csv", DAY2, NULL,
	};
	static const char *const r1[] = {"day1=old", "B=Bee", NULL};
	static const char *const r2[] = {"day2: A=B", "B=day2: A", NULL};
	static const char *const n[] = {"day1.csv=x", NULL};
	static const char *const r3[] = {"x=y", NULL};
	struct br_resultset *rs = read_ok(f, NULL, r1);

	ck_assert_str_eq(ids(rs), "old|day2: A|Bee");
	ck_assert_str_eq(rs->systems[0]->renamed_by, "by --rename day1=old "
			 "(was \"day1\", named after its file's stem: kept "
			 "apart, as 2 inputs have \"A\" with results for the "
			 "same tests)");
	ck_assert_str_eq(rs->systems[2]->renamed_by, "by --rename B=Bee");
	ck_assert_str_eq(rs->systems[2]->original, "B");
	/* day2's A is still named by step 1: the warning says so */
	ck_assert(strstr(rs->warnings[0].msg, ": \"day2: A\" (day2.csv) ("));
	br_resultset_free(rs);
	rs = read_ok(f, NULL, r2);
	ck_assert_str_eq(ids(rs), "day1|B|day2: A");
	br_resultset_free(rs);
	rs = read_ok(f, n, r3);
	ck_assert_str_eq(ids(rs), "y|day2: A|B");
	br_resultset_free(rs);
}
END_TEST

START_TEST(test_option_errors)
{
	static const char *const f[] = {
		"day1.csv", T_A1, "day2.csv", DAY2, NULL,
	};
	static const char *const missing[] = {"day3.csv=x", NULL};
	static const char *const twice[] = {"day1.csv=x", "day1.csv=y", NULL};
	static const char *const bad[] = {"day1.csv", NULL};
	static const char *const empty[] = {"day1.csv=", NULL};
	static const char *const taken[] = {"day1=B", NULL};
	static const char *const both[] = {"day1=Z", "B=Z", NULL};
	static const char *const nobody[] = {"Nope=x", NULL};
	static const char *const ambiguous[] = {"A=x", NULL};
	static const char *const again[] = {"B=x", "B=y", NULL};
	static const char *const n_taken[] = {"day1.csv=B", NULL};

	read_fails(f, missing, NULL, "--name day3.csv=x: 'day3.csv' is not "
		   "among the files read ('day1.csv' and 'day2.csv')");
	read_fails(f, twice, NULL, "--name day1.csv=y: system \"x\" is named "
		   "already, by --name day1.csv=x");
	read_fails(f, bad, NULL, "--name: expected FILE=LABEL, got "
		   "'day1.csv'");
	read_fails(f, empty, NULL, "--name: expected FILE=LABEL, got "
		   "'day1.csv='");
	read_fails(f, NULL, taken, "--rename day1=B: 'B' is the name of "
		   "another system (read from day2.csv)");
	read_fails(f, NULL, both, "--rename B=Z: 'Z' is given to another "
		   "system too, by --rename day1=Z");
	read_fails(f, NULL, nobody, "--rename Nope=x: no system is called "
		   "'Nope' (the systems: 'day1', 'day2: A' and 'B')");
	read_fails(f, NULL, ambiguous, "--rename A=x: 2 systems were read as "
		   "'A'; rename each by its name now: 'day1' and 'day2: A'");
	read_fails(f, NULL, again, "--rename B=y: system 'B' is renamed "
		   "already, by --rename B=x");
	read_fails(f, n_taken, NULL, "--name day1.csv=B: 'B' is the name of "
		   "another system (read from day2.csv)");
}
END_TEST

Suite *br_suite_names(void)
{
	Suite *s = suite_create("names");
	TCase *tc = tcase_create("names");

	tcase_add_test(tc, test_split_run_merges);
	tcase_add_test(tc, test_kept_apart_by_stem);
	tcase_add_test(tc, test_kept_apart_same_stem);
	tcase_add_test(tc, test_pts_dates_and_same_run);
	tcase_add_test(tc, test_several_and_taken);
	tcase_add_test(tc, test_name_option);
	tcase_add_test(tc, test_rename_option);
	tcase_add_test(tc, test_option_errors);
	suite_add_tcase(s, tc);
	return s;
}
