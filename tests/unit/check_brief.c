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
	ck_assert_uint_eq(b->n_losses, BR_BRIEF_CHANGES);
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
	br_brief_free(b);
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
	suite_add_tcase(s, tc);
	return s;
}
