/*
 * check_marks.c - which value a report marks best or worst
 * (doc/statistics.md, "Best and worst"): only a value proven better
 * (worse) than every other value of its test, by the ranks' Welch tests
 * Holm-adjusted at the report's confidence; never a single run, never a
 * test of unknown direction, never a test with fewer than two values.
 *
 * The expected marks were worked out by hand from the runs below: the
 * separated groups differ by tens of SEs (each pair's Welch p is below
 * 1e-6, far under Holm's smallest level 0.05 / 6), the close ones by less
 * than one SE.  The 7-Zip case is a real PTS result file
 * (tests/data/pts-real/SOURCES.md): ten systems within 0.8% of each
 * other, 3 runs each, where compare proves no difference.
 */
#include <check.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "analysis/analysis.h"
#include "ingest/ingest.h"
#include "model/model.h"
#include "analyse_check.h"

Suite *br_suite_marks(void);

/* A tidy CSV of test "t" (direction dir) read and analysed with ranks. */
static struct br_analysis *analyse_csv(struct br_resultset *rs,
				       struct br_selection *sel,
				       const char *rows)
{
	struct br_ingest_opts io;
	struct br_analysis_opts ao;
	struct br_analysis *a = NULL;
	struct br_error err;

	br_ingest_opts_defaults(&io);
	br_error_clear(&err);
	ck_assert_msg(br_ingest_buffer(rs, "marks.csv", rows, strlen(rows),
				       &io, &err) == BR_OK, "%s", err.msg);
	ck_assert_int_eq(br_select(rs, NULL, NULL, sel, &err), BR_OK);
	br_analysis_opts_defaults(&ao);
	ao.what = BR_AN_RANKS | BR_AN_COMPARE;
	ck_assert_int_eq(br_analyse(sel, &ao, &a, &err), BR_OK);
	return a;
}

/* "B.W" string of the marks of test 0: B best, W worst, . neither. */
static void marks(const struct br_analysis *a, char *out)
{
	size_t j;

	for (j = 0; j < a->sel->n_systems; j++) {
		const struct br_cell *c = &a->tests[0].cells[j];

		ck_assert(!(c->best && c->worst));
		out[j] = c->best ? 'B' : c->worst ? 'W' : '.';
	}
	out[j] = '\0';
}

static const struct {
	const char *what, *csv, *want;
} cases[] = {
	{"separated, more is better",
	 "test,unit,direction,system,value\n"
	 "t,MB/s,HIB,a,100\nt,MB/s,HIB,a,101\nt,MB/s,HIB,a,99\n"
	 "t,MB/s,HIB,b,200\nt,MB/s,HIB,b,201\nt,MB/s,HIB,b,199\n"
	 "t,MB/s,HIB,c,150\nt,MB/s,HIB,c,151\nt,MB/s,HIB,c,149\n",
	 "WB."},
	{"separated, fewer is better",
	 "test,unit,direction,system,value\n"
	 "t,s,LIB,a,100\nt,s,LIB,a,101\nt,s,LIB,a,99\n"
	 "t,s,LIB,b,200\nt,s,LIB,b,201\nt,s,LIB,b,199\n"
	 "t,s,LIB,c,150\nt,s,LIB,c,151\nt,s,LIB,c,149\n",
	 "BW."},
	/* the top two cannot be told apart: no best; the bottom is proven
	 * behind both */
	{"tie at the top",
	 "test,unit,direction,system,value\n"
	 "t,MB/s,HIB,a,200\nt,MB/s,HIB,a,202\nt,MB/s,HIB,a,198\n"
	 "t,MB/s,HIB,b,200.5\nt,MB/s,HIB,b,201.5\nt,MB/s,HIB,b,199.5\n"
	 "t,MB/s,HIB,c,100\nt,MB/s,HIB,c,101\nt,MB/s,HIB,c,99\n",
	 "..W"},
	/* the highest mean is a single run: never proven either way, and
	 * nothing is proven ahead of it */
	{"single run highest",
	 "test,unit,direction,system,value\n"
	 "t,MB/s,HIB,a,100\nt,MB/s,HIB,a,101\nt,MB/s,HIB,a,99\n"
	 "t,MB/s,HIB,b,500\n"
	 "t,MB/s,HIB,c,150\nt,MB/s,HIB,c,151\nt,MB/s,HIB,c,149\n",
	 "..."},
	{"unknown direction",
	 "test,unit,direction,system,value\n"
	 "t,x,,a,100\nt,x,,a,101\nt,x,,a,99\n"
	 "t,x,,b,200\nt,x,,b,201\nt,x,,b,199\n",
	 ".."},
	/* two systems, separated: one best and one worst */
	{"two systems",
	 "test,unit,direction,system,value\n"
	 "t,MB/s,HIB,a,100\nt,MB/s,HIB,a,101\nt,MB/s,HIB,a,99\n"
	 "t,MB/s,HIB,b,200\nt,MB/s,HIB,b,201\nt,MB/s,HIB,b,199\n",
	 "WB"},
	/* one value only: nothing to be better than */
	{"one value",
	 "test,unit,direction,system,value\n"
	 "t,MB/s,HIB,a,100\nt,MB/s,HIB,a,101\nt,MB/s,HIB,a,99\n",
	 "."},
};

START_TEST(test_cases)
{
	size_t i = (size_t)_i;
	struct br_resultset *rs = br_resultset_new();
	struct br_selection sel;
	struct br_analysis *a = analyse_csv(rs, &sel, cases[i].csv);
	char got[16];

	marks(a, got);
	ck_assert_msg(!strcmp(got, cases[i].want), "%s: marks %s, want %s",
		      cases[i].what, got, cases[i].want);
	br_analysis_free(a);
	br_selection_fini(&sel);
	br_resultset_free(rs);
}
END_TEST

/* Ten 7-Zip runs within 0.8%: the highest mean (4928) and the lowest
 * (4891) are not proven against the rest, so nothing is marked, and
 * every rank range is 1-10. */
START_TEST(test_7zip)
{
	struct br_resultset *rs = br_resultset_new();
	struct br_selection sel;
	struct br_analysis *a = analyse_file(rs, "data/pts-real/"
		"ec2-7zip-composite-5.6.0.xml", BR_AN_RANKS | BR_AN_COMPARE,
		&sel);
	const struct br_atest *at = &a->tests[0];
	double hi = -INFINITY, lo = INFINITY;
	size_t j;

	ck_assert_uint_eq(a->n_tests, 1);
	ck_assert_uint_eq(a->sel->n_systems, 10);
	for (j = 0; j < 10; j++) {
		const struct br_cell *c = &at->cells[j];

		ck_assert_int_eq(c->kind, BR_CELL_VALUE);
		ck_assert(!c->best && !c->worst);
		ck_assert_int_eq(c->rank_low, 1);
		ck_assert_int_eq(c->rank_high, 10);
		hi = fmax(hi, c->shown);
		lo = fmin(lo, c->shown);
	}
	/* the values the old rule marked: the runs' means, shown with 1
	 * decimal since 4913.3 and 4912.7 must not both print "4913"
	 * (doc/statistics.md, "Display precision") */
	ck_assert_int_eq(at->decimals, 1);
	ck_assert_double_eq_tol(hi, 14785.0 / 3, 1e-9);
	ck_assert_double_eq_tol(lo, 14674.0 / 3, 1e-9);
	br_analysis_free(a);
	br_selection_fini(&sel);
	br_resultset_free(rs);
}
END_TEST

Suite *br_suite_marks(void)
{
	Suite *s = suite_create("marks");
	TCase *tc = tcase_create("marks");

	tcase_add_loop_test(tc, test_cases, 0, sizeof cases / sizeof *cases);
	tcase_add_test(tc, test_7zip);
	suite_add_tcase(s, tc);
	return s;
}
