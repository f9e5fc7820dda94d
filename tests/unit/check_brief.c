/*
 * check_brief.c - the compact summary (analysis/brief.h) and the
 * regressions --fail-on-regression names, on seed 004 (samples/: 8
 * tests, 6 systems, PTS's published runs).
 *
 * References: the verdict counts and the largest changes were counted
 * and ordered by hand from `compare --format csv` (12 better, 19 worse
 * among 39 comparisons; the improvement intervals' ends nearer 0); the
 * regression boundary is SQLite's Ubuntu 18.04 EXT4 improvement_ci_high
 * of -42.7178%, a Fieller interval (its formula is checked against
 * scipy in check_stats.c).
 */
#include <check.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "analyse_check.h"
#include "analysis/brief.h"
#include "analysis/sentence.h"

Suite *br_suite_brief(void);

#define SEED4 "../samples/seed-004-freebsd-zfs-zol.csv"

/* s with its BR_NBSP markers as spaces (a copy to free). */
static char *spaced(const char *s)
{
	char *c = strdup(s), *p;

	ck_assert_ptr_nonnull(c);
	for (p = c; *p; p++)
		if (*p == BR_NBSP[0])
			*p = ' ';
	return c;
}

static void eq_spaced(const char *got, const char *want)
{
	char *g = spaced(got);

	ck_assert_str_eq(g, want);
	free(g);
}

START_TEST(test_seed4_summary)
{
	struct br_resultset *rs = br_resultset_new();
	struct br_selection sel;
	struct br_analysis *a = analyse_file(rs, SEED4, BR_AN_COMPARE |
					     BR_AN_OVERALL, &sel);
	struct br_brief *b = br_brief_build(a);

	ck_assert_ptr_nonnull(b);
	ck_assert_uint_eq(b->n_findings, 2);
	/* "of 7": FreeBSD UFS has no SQLite result (8 tests, it ran 7) */
	eq_spaced(b->findings[0], "FreeBSD UFS ranks first overall; first in "
		  "3 of 7 tests, could be in 1 more; its geometric mean over 7 "
		  "tests is 1.695x against FreeBSD iX ZoL (95% CI 1.516x to "
		  "1.895x over 7 of 7 tests with runs)");
	eq_spaced(b->findings[1], "Against FreeBSD iX ZoL, 31 of 39 "
		  "comparisons in 8 tests show a difference proven at 95% "
		  "confidence: 12 better, 19 worse");
	/* every candidate has a geometric mean over 2+ tests */
	ck_assert_uint_eq(b->n_geo, 5);
	ck_assert_uint_eq(b->geo_more, 0);
	ck_assert_str_eq(b->geo[1].name, "FreeBSD UFS");
	eq_spaced(b->geo[1].text, "1.695x over 7 tests, better; 95% CI 1.516x "
		  "to 1.895x over 7 of 7 tests with runs (measurement), 0.655x "
		  "to 4.384x "
		  "across tests like these (geometric sd 2.794); 1 test left "
		  "out");
	/* the ranking, best first, as compare prints it */
	ck_assert_uint_eq(b->n_ranks, 6);
	ck_assert_str_eq(b->ranks[0].name, "FreeBSD UFS");
	ck_assert_str_eq(b->ranks[0].rank, "1");
	ck_assert_str_eq(b->ranks[1].rank, "2-3");
	ck_assert_str_eq(b->ranks[1].text, "1.059x; first in 1 of 8 tests, "
			 "could be in 2 more");
	ck_assert_str_eq(b->ranks[5].name, "Debian Stretch ZoL");
	/* the largest proven changes, by the interval's end nearer 1 */
	ck_assert_uint_eq(b->all_gains, 12);
	ck_assert_uint_eq(b->all_losses, 19);
	ck_assert_uint_eq(b->n_gains, BR_BRIEF_CHANGES);
	/* every regression up to BR_BRIEF_REGRESSIONS, the rest counted */
	ck_assert_uint_eq(b->n_losses, BR_BRIEF_REGRESSIONS);
	ck_assert_str_eq(b->gains[0].name, "BlogBench 1.1 - Test: Write");
	eq_spaced(b->gains[0].text, "Ubuntu 18.04 EXT4 is 8.59x better than "
		  "FreeBSD iX ZoL (95% CI 6.56x to 12.2x)");
	/* 6.40x (6.37x to 6.43x) after 6.72x (6.54x to 6.91x) */
	ck_assert_str_eq(b->gains[1].name, "Dbench 4.0 - Client Count: 6");
	ck_assert_str_eq(b->gains[2].name, "Dbench 4.0 - Client Count: 1");
	ck_assert_str_eq(b->losses[0].name, "IOzone 3.465 - Record Size: 4Kb "
			 "- File Size: 512MB - Disk Test: Write Performance");
	ck_assert_str_eq(br_analysis_system(a, b->losses[0].sys),
			 "Debian Stretch ZoL");
	/* the systems: no field is the same on all six; memory, disk and
	 * file system are most systems' (5, 5 and 4 of 6), said once; the
	 * Debian one is another machine, which its line and the note say */
	ck_assert_str_eq(b->sys_common, "Unless a line says otherwise: "
			 "Memory: 16384MB; Disk: Samsung SSD 970 EVO Plus 500GB; "
			 "File-System: zfs");
	ck_assert_uint_eq(b->n_sys, 6);
	ck_assert_str_eq(b->sys[2].text, "Processor: Intel Xeon E3-1275 v6 @ "
			 "3.80GHz (8 Cores); OS: FreeBSD; Kernel: 12.0-RELEASE "
			 "(x86_64); Compiler: Clang 6.0.1 (SVN 335540); "
			 "File-System: ufs");
	ck_assert_str_eq(b->sys[5].name, "Debian Stretch ZoL");
	/* values past 60 bytes cut at a blank */
	ck_assert(strncmp(b->sys[5].text, "Processor: AMD Ryzen Threadripper "
			  "2950X 16-Core @ 3.50GHz (16 Cores ...; Memory: 4 x "
			  "16384 MB DDR4-1200MHz; Disk: 3 x 4001GB", 113) == 0);
	ck_assert_str_eq(b->sys_note, "The systems differ in hardware "
			 "(Processor, Memory, Disk), not only in software: a "
			 "difference between them is not the software's alone");
	ck_assert_str_eq(b->source, "OpenBenchmarking.org result "
			 "1904258-SP-1904234HV78");
	/* a PTS result is its own primary metric: all 8, in file order */
	ck_assert_uint_eq(b->n_primary, 8);
	ck_assert_uint_eq(b->primary_more, 0);
	ck_assert_uint_eq(b->n_sub, 0);
	ck_assert_str_eq(b->primary[0].name, "Dbench 4.0 - Client Count: 1 "
			 "(MB/s)");
	eq_spaced(b->primary[0].text, "FreeBSD iX ZoL 132.00, FreeBSD ZFS "
		  "252.00, FreeBSD UFS 845.00, Ubuntu 18.04 EXT4 60.99, Ubuntu "
		  "18.04 ZoL 100.66, Debian Stretch ZoL 207.58; best (proven): "
		  "FreeBSD UFS; FreeBSD UFS is 6.40x faster than FreeBSD iX "
		  "ZoL (95% CI 6.37x to 6.43x)");
	br_brief_free(b);
	br_analysis_free(a);
	br_selection_fini(&sel);
	br_resultset_free(rs);
}
END_TEST

/* samples/logs (ext4 against tmpfs, raw logs) analysed, every metric
 * counted in the geometric mean or the primary ones only. */
static struct br_analysis *logs(struct br_resultset *rs,
				struct br_selection *sel, bool all)
{
	struct br_ingest_opts io;
	struct br_analysis_opts ao;
	struct br_analysis *a = NULL;
	struct br_error err;

	br_ingest_opts_defaults(&io);
	br_error_clear(&err);
	ck_assert_int_eq(br_ingest_path(rs, "../samples/logs", &io, &err),
			 BR_OK);
	ck_assert_int_eq(br_select(rs, NULL, NULL, sel, &err), BR_OK);
	br_analysis_opts_defaults(&ao);
	ao.what = BR_AN_COMPARE | BR_AN_RANKS | BR_AN_OVERALL;
	ao.all_metrics = all;
	ck_assert_int_eq(br_analyse(sel, &ao, &a, &err), BR_OK);
	return a;
}

/* The primary metrics (br_test.sub_metric): the geometric mean of
 * tmpfs-shm against ext4-vda over the 9 primary tests with a value on
 * both sides is 5.0295x, the exp of the mean log of their speedups in
 * the compare CSV (2.50066, 1.4, 86.5382, 86.5372, 0.821828, 0.821469,
 * 2.15247, 1, 54.0503); --all-metrics gives the 1.891x over 79 tests
 * of before. */
START_TEST(test_logs_primary)
{
	struct br_resultset *rs = br_resultset_new();
	struct br_selection sel;
	struct br_analysis *a = logs(rs, &sel, false);
	struct br_brief *b;
	size_t i, sub = 0;

	for (i = 0; i < rs->n_tests; i++)
		sub += rs->tests[i]->sub_metric;
	/* 95 tests: dbench 1 + 32, fio 4 + 12, PostMark 1 + 11, bonnie++
	 * 2 + 22, time 1 + 3, SQLite 1 + 2, hyperfine 1 + 2 */
	ck_assert_uint_eq(rs->n_tests, 95);
	ck_assert_uint_eq(sub, 84);
	ck_assert(a->primary_only);
	ck_assert(a->geo[1].ok);
	ck_assert_uint_eq(a->geo[1].g.k, 9);
	ck_assert_uint_eq(a->geo[1].skipped, 1);  /* bonnie++ block output */
	ck_assert_uint_eq(a->geo[1].sub_metrics, 72);
	ck_assert_double_eq_tol(a->geo[1].g.gm, 5.029471884665866, 1e-9);
	b = br_brief_build(a);
	ck_assert_ptr_nonnull(b);
	/* 11 primary tests; bonnie++'s block input has no value on either
	 * side ("+++++") and is only counted */
	ck_assert_uint_eq(b->n_primary, 10);
	ck_assert_uint_eq(b->primary_more, 1);
	ck_assert_uint_eq(b->n_sub, 84);
	ck_assert_str_eq(b->primary[1].name, "Dbench - Client Count: 2 "
			 "(MB/s)");
	eq_spaced(b->primary[1].text, "ext4-vda 511.29, tmpfs-shm 1278.55; "
		  "tmpfs-shm is 2.50x faster than ext4-vda (95% CI 1.31x to "
		  "4.12x)");
	/* both proven regressions too noisy for a ratio are named, with
	 * the difference in the unit */
	ck_assert_uint_eq(b->all_losses, 5);
	ck_assert_uint_eq(b->n_losses, 5);
	eq_spaced(b->losses[4].text, "tmpfs-shm is 8.985 ms slower than "
		  "ext4-vda (95% CI 4.005 ms to 13.964 ms slower; too noisy to "
		  "size the change as a ratio)");
	/* no hardware or software fields in raw logs: each system's
	 * directory says what it is */
	ck_assert_uint_eq(b->n_sys, 2);
	ck_assert_str_eq(b->sys[0].text, "no hardware or software recorded "
			 "(named from directory ../samples/logs/ext4-vda)");
	br_brief_free(b);
	br_analysis_free(a);
	br_selection_fini(&sel);
	br_resultset_free(rs);

	rs = br_resultset_new();
	a = logs(rs, &sel, true);
	ck_assert(!a->primary_only);
	ck_assert_uint_eq(a->geo[1].g.k, 79);
	ck_assert_uint_eq(a->geo[1].sub_metrics, 0);
	ck_assert_double_eq_tol(a->geo[1].g.gm, 1.89079152962452, 1e-9);
	br_analysis_free(a);
	br_selection_fini(&sel);
	br_resultset_free(rs);
}
END_TEST

/* seed 004's SQLite test only (--tests sqlite), analysed. */
static struct br_analysis *sqlite_only(struct br_resultset *rs,
				       struct br_selection *sel)
{
	struct br_ingest_opts io;
	struct br_analysis_opts ao;
	struct br_analysis *a = NULL;
	struct br_error err;

	br_ingest_opts_defaults(&io);
	br_error_clear(&err);
	ck_assert_int_eq(br_ingest_path(rs, SEED4, &io, &err), BR_OK);
	ck_assert_int_eq(br_select(rs, "sqlite", NULL, sel, &err), BR_OK);
	ck_assert_uint_eq(sel->n_tests, 1);
	br_analysis_opts_defaults(&ao);
	ao.what = BR_AN_COMPARE;
	ck_assert_int_eq(br_analyse(sel, &ao, &a, &err), BR_OK);
	return a;
}

/* How many lines br_regressions gives at pct (freed). */
static size_t count_at(const struct br_analysis *a, double pct)
{
	char **v;
	size_t n, k;

	ck_assert(br_regressions(a, pct, &v, &n));
	for (k = 0; k < n; k++)
		free(v[k]);
	free(v);
	ck_assert_int_eq(n > 0, br_analysis_regressed(a, pct));
	return n;
}

START_TEST(test_seed4_regressions)
{
	struct br_resultset *rs = br_resultset_new();
	struct br_selection sel;
	struct br_analysis *a = sqlite_only(rs, &sel);
	char **v;
	size_t n;

	/* the whole interval past -42.6%: named; past -42.8%: not */
	ck_assert(br_regressions(a, 42.6, &v, &n));
	ck_assert_uint_eq(n, 1);
	/* the sentence's percent is of the times, the gate's of speed */
	eq_spaced(v[0], "SQLite 3.22 - Timed SQLite Insertions: Ubuntu 18.04 "
		  "EXT4 takes 75.8% more time than FreeBSD iX ZoL (95% CI "
		  "74.6% to 77.1%), worse by more than the 42.6% allowed "
		  "(43.1% worse by the gate's measure, the speedup)");
	free(v[0]);
	free(v);
	ck_assert_uint_eq(count_at(a, 42.8), 0);
	/* at 16%: ZFS (17.1% to 18.4% slower) and ZoL (16.4% to 18.0%) too;
	 * Debian Stretch ZoL is faster, FreeBSD UFS has no result */
	ck_assert_uint_eq(count_at(a, 16), 3);
	br_analysis_free(a);
	br_selection_fini(&sel);
	br_resultset_free(rs);

	/* every test: the comparisons proven worse with the improvement
	 * interval's high end below -PCT, counted in the compare CSV */
	rs = br_resultset_new();
	a = analyse_file(rs, SEED4, BR_AN_COMPARE, &sel);
	ck_assert_uint_eq(count_at(a, 5), 16);
	ck_assert_uint_eq(count_at(a, 42.6), 10);
	ck_assert_uint_eq(count_at(a, 42.8), 9);
	ck_assert_uint_eq(count_at(a, 1000), 0);
	br_analysis_free(a);
	br_selection_fini(&sel);
	br_resultset_free(rs);
}
END_TEST

Suite *br_suite_brief(void)
{
	Suite *s = suite_create("brief");
	TCase *tc = tcase_create("seed 004");

	tcase_add_test(tc, test_seed4_summary);
	tcase_add_test(tc, test_seed4_regressions);
	tcase_add_test(tc, test_logs_primary);
	suite_add_tcase(s, tc);
	return s;
}
