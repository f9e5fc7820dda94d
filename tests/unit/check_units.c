/*
 * check_units.c - time results in the unit their size calls for
 * (analysis/units.h, doc/statistics.md "Time units"): the unit chosen
 * for a magnitude at its boundaries, the typical value of a test, a
 * published text moved by whole decimal places, and a whole test moved
 * (one unit for its table, its precision kept with the point, a test
 * whose SD a move would cost kept in its unit).
 *
 * The tidy CSVs below are made up for the rule's edges (their numbers
 * are not measurements).
 */
#include <check.h>
#include <math.h>
#include <string.h>

#include "analysis/analysis.h"
#include "analysis/units.h"
#include "ingest/ingest.h"
#include "model/model.h"

Suite *br_suite_units(void);

/* The largest unit the magnitude is at least one of. */
START_TEST(test_unit_for)
{
	ck_assert_int_eq(br_tunit_for(999.5e-6), BR_TU_US);  /* 999.5 us */
	ck_assert_int_eq(br_tunit_for(1e-3), BR_TU_MS);
	ck_assert_int_eq(br_tunit_for(0.0123), BR_TU_MS);
	ck_assert_int_eq(br_tunit_for(0.9999999), BR_TU_MS);
	ck_assert_int_eq(br_tunit_for(1.21), BR_TU_S);
	ck_assert_int_eq(br_tunit_for(3600), BR_TU_S);     /* no minutes */
	ck_assert_int_eq(br_tunit_for(1e300), BR_TU_S);    /* huge */
	ck_assert_int_eq(br_tunit_for(845e-6), BR_TU_US);
	ck_assert_int_eq(br_tunit_for(1e-9), BR_TU_NS);
	ck_assert_int_eq(br_tunit_for(5e-10), BR_TU_NS);   /* below 1 ns */
	ck_assert_int_eq(br_tunit_for(1e-300), BR_TU_NS);
	ck_assert_int_eq(br_tunit_for(0), BR_TU_N);
	ck_assert_int_eq(br_tunit_for(-1), BR_TU_N);
	ck_assert_int_eq(br_tunit_for(NAN), BR_TU_N);
	ck_assert_int_eq(br_tunit_for(INFINITY), BR_TU_N);
	ck_assert_str_eq(br_tunit_text(BR_TU_US), "\xc2\xb5s");
	ck_assert_str_eq(br_tunit_text(BR_TU_S), "s");
	ck_assert_double_eq(br_tunit_seconds(BR_TU_MS), 1e-3);
}
END_TEST

/* The median of |v|, zeros and non-finite values left out. */
START_TEST(test_typical)
{
	double mixed[] = {845e-6, 0.0123, 1.21};          /* one table */
	double even[] = {845e-6, 0.0123};                  /* upper middle */
	double neg[] = {-0.5, 0, NAN, -0.002, 0.003, INFINITY};
	double none[] = {0, -0.0, NAN};

	ck_assert_double_eq(br_tunit_typical(mixed, 3), 0.0123);
	ck_assert_int_eq(br_tunit_for(0.0123), BR_TU_MS);
	ck_assert_double_eq(br_tunit_typical(even, 2), 0.0123);
	ck_assert_double_eq(br_tunit_typical(neg, 6), 0.003);
	ck_assert_double_eq(br_tunit_typical(none, 3), 0);
	ck_assert_double_eq(br_tunit_typical(NULL, 0), 0);
}
END_TEST

static const char *shifted(const char *s, int k)
{
	static char buf[64];

	return br_text_shift10(s, k, buf, sizeof buf) ? buf : NULL;
}

/* Every digit kept, the point moved. */
START_TEST(test_shift_text)
{
	ck_assert_str_eq(shifted("0.1052", 3), "105.2");
	ck_assert_str_eq(shifted("0.0373506", 3), "37.3506");
	ck_assert_str_eq(shifted("1723", -3), "1.723");
	ck_assert_str_eq(shifted("41384", -3), "41.384");
	ck_assert_str_eq(shifted("132.00", 3), "132000");
	ck_assert_str_eq(shifted("1.5e-3", 3), "1.5");
	ck_assert_str_eq(shifted("7.3e+05", -6), "0.73");
	ck_assert_str_eq(shifted("-12", -3), "-0.012");
	ck_assert_str_eq(shifted("0", 3), "0");
	ck_assert_str_eq(shifted("0.000", 3), "0");
	ck_assert_str_eq(shifted("0.0000", 3), "0.0");
	ck_assert_str_eq(shifted("5", 0), "5");
	ck_assert_str_eq(shifted(".5", 1), "5");
	ck_assert_ptr_null(shifted("26:20", 3));
	ck_assert_ptr_null(shifted("1.2.3", 3));
	ck_assert_ptr_null(shifted("", 3));
	ck_assert_ptr_null(shifted("12x", 3));
	ck_assert_ptr_null(shifted(NULL, 3));
}
END_TEST

/* A tidy CSV read, every test and system selected, analysed, moved. */
static struct br_resultset *moved(const char *csv, struct br_selection *sel,
				  struct br_analysis **a)
{
	struct br_resultset *rs = br_resultset_new();
	struct br_ingest_opts o;
	struct br_analysis_opts ao;
	struct br_error err;

	ck_assert_ptr_nonnull(rs);
	br_ingest_opts_defaults(&o);
	o.input_format = "tidy-csv";
	br_error_clear(&err);
	ck_assert_int_eq(br_ingest_buffer(rs, "t.csv", csv, strlen(csv), &o,
					  &err), BR_OK);
	ck_assert_int_eq(br_select(rs, NULL, NULL, sel, &err), BR_OK);
	br_analysis_opts_defaults(&ao);
	ao.what = BR_AN_RANKS;
	ck_assert_int_eq(br_analyse(sel, &ao, a, &err), BR_OK);
	ck_assert_int_eq(br_display_units(rs, *a, false, &err), BR_OK);
	return rs;
}

static const struct br_test *test_of(const struct br_resultset *rs,
				     const char *id)
{
	size_t i;

	for (i = 0; i < rs->n_tests; i++)
		if (!strcmp(rs->tests[i]->identifier, id))
			return rs->tests[i];
	ck_abort_msg("no test %s", id);
	return NULL;
}

/* Mixed magnitudes in one table: one unit, from the typical value; the
 * digits as written, the point moved; other units left alone. */
START_TEST(test_moved)
{
	static const char csv[] =
		"test,unit,direction,system,value\n"
		"wall,s,LIB,a,0.1052\n"
		"wall,s,LIB,b,0.000845\n"
		"wall,s,LIB,c,1.21\n"
		"go,ns,LIB,a,1723\n"
		"go,ns,LIB,a,1725\n"
		"go,ns,LIB,b,3079\n"
		"go,ns,LIB,b,3080\n"
		"big,ms,LIB,a,7200000\n"
		"small,us,LIB,a,0.5\n"
		"zero,ms,LIB,a,0\n"
		"rate,MB/s,HIB,a,0.001\n";
	struct br_selection sel;
	struct br_analysis *a = NULL;
	struct br_resultset *rs = moved(csv, &sel, &a);
	const struct br_test *t;
	char buf[64];
	size_t i;

	/* typical 0.1052 s: ms for all three, at the test's one precision
	 * (0.000845 was written with 6 decimals: 3 once in ms) */
	t = test_of(rs, "wall");
	ck_assert_str_eq(t->unit.text, "ms");
	ck_assert_int_eq(t->unit_shift, 3);
	ck_assert_str_eq(t->scale, "s");            /* its key stays */
	for (i = 0; i < a->n_tests && a->tests[i].t != t; i++)
		;
	ck_assert_uint_lt(i, a->n_tests);
	ck_assert_str_eq(br_cell_shown(&a->tests[i].cells[0],
				       a->tests[i].decimals, buf, sizeof buf),
			 "105.200");
	ck_assert_str_eq(br_cell_shown(&a->tests[i].cells[1],
				       a->tests[i].decimals, buf, sizeof buf),
			 "0.845");
	ck_assert_str_eq(br_cell_shown(&a->tests[i].cells[2],
				       a->tests[i].decimals, buf, sizeof buf),
			 "1210.000");
	t = test_of(rs, "go");     /* 1.7 and 3.1 us */
	ck_assert_str_eq(t->unit.text, "\xc2\xb5s");
	ck_assert_int_eq(t->unit_shift, -3);
	ck_assert_double_eq_tol(t->entries[0].sample.runs[1].value, 1.725,
				1e-15);
	ck_assert_double_eq_tol(t->entries[0].sample.resolution, 1e-3, 1e-18);
	t = test_of(rs, "big");    /* 2 hours: seconds, never more */
	ck_assert_str_eq(t->unit.text, "s");
	ck_assert_double_eq(t->entries[0].sample.runs[0].value, 7200);
	t = test_of(rs, "small");  /* 500 ns */
	ck_assert_str_eq(t->unit.text, "ns");
	ck_assert_double_eq(t->entries[0].sample.runs[0].value, 500);
	t = test_of(rs, "zero");   /* nothing to choose by */
	ck_assert_str_eq(t->unit.text, "ms");
	ck_assert_int_eq(t->unit_shift, 0);
	t = test_of(rs, "rate");
	ck_assert_str_eq(t->unit.text, "MB/s");
	br_analysis_free(a);
	br_selection_fini(&sel);
	br_resultset_free(rs);
}
END_TEST

/* The SE scales with its value; a spread a move would cost digits of
 * (3760000001 ns beside ...02) and a mean of exactly 0 keep the unit;
 * negative values are sized by their magnitude. */
START_TEST(test_kept)
{
	static const char csv[] =
		"test,unit,direction,system,value\n"
		"offset,ns,LIB,a,3760000001\n"
		"offset,ns,LIB,a,3760000002\n"
		"offset,ns,LIB,a,3760000004\n"
		"signed,ms,LIB,a,-1\n"
		"signed,ms,LIB,a,2\n"
		"signed,ms,LIB,a,-1\n"
		"neg,us,LIB,a,-2500\n"
		"neg,us,LIB,a,-2600\n"
		"se,ms,LIB,a,12.1\n"
		"se,ms,LIB,a,12.5\n"
		"se,ms,LIB,a,12.3\n";
	struct br_selection sel;
	struct br_analysis *a = NULL;
	struct br_resultset *rs = moved(csv, &sel, &a);
	const struct br_atest *at;
	char buf[64];
	size_t i;

	ck_assert_str_eq(test_of(rs, "offset")->unit.text, "ns");
	ck_assert_str_eq(test_of(rs, "signed")->unit.text, "ms");
	ck_assert_str_eq(test_of(rs, "neg")->unit.text, "ms");
	ck_assert_str_eq(test_of(rs, "se")->unit.text, "ms");
	for (i = 0; i < a->n_tests && a->tests[i].t != test_of(rs, "neg");
	     i++)
		;
	at = &a->tests[i];
	ck_assert_str_eq(br_cell_shown(&at->cells[0], at->decimals, buf,
				       sizeof buf), "-2.550");
	ck_assert_double_eq_tol(at->cells[0].sum.se, 0.05, 1e-12);
	br_analysis_free(a);
	br_selection_fini(&sel);
	br_resultset_free(rs);
}
END_TEST

/* Analysed in the input's unit, then moved: the ratios, percents and
 * verdicts are the ones the input's unit gives, bit for bit, and every
 * absolute number is the unmoved one's digits, the point moved.  Means
 * of exactly 78400 ms twice: moved run by run to seconds first, they
 * came out an ulp apart ("1.8e-14% more time" beside the CSV's 0). */
START_TEST(test_moved_after)
{
	static const char csv[] =
		"test,unit,direction,system,value\n"
		"wall,ms,LIB,A,7.85e+04\n"
		"wall,ms,LIB,A,7.83e+04\n"
		"wall,ms,LIB,B,7.85e+04\n"
		"wall,ms,LIB,B,7.84e+04\n"
		"wall,ms,LIB,B,7.83e+04\n";
	struct br_resultset *rs = br_resultset_new();
	struct br_selection sel;
	struct br_ingest_opts o;
	struct br_analysis_opts ao;
	struct br_analysis *a = NULL, *m = NULL;
	struct br_error err;
	const struct br_comparison *c, *cm;
	const struct br_summary *s, *sm;

	br_ingest_opts_defaults(&o);
	o.input_format = "tidy-csv";
	br_error_clear(&err);
	ck_assert_int_eq(br_ingest_buffer(rs, "t.csv", csv, strlen(csv), &o,
					  &err), BR_OK);
	ck_assert_int_eq(br_select(rs, NULL, NULL, &sel, &err), BR_OK);
	br_analysis_opts_defaults(&ao);
	ao.what = BR_AN_RANKS | BR_AN_COMPARE;
	ck_assert_int_eq(br_analyse(&sel, &ao, &a, &err), BR_OK);
	ck_assert_int_eq(br_analyse(&sel, &ao, &m, &err), BR_OK);
	ck_assert_int_eq(br_display_units(rs, m, false, &err), BR_OK);
	ck_assert_str_eq(rs->tests[0]->unit.text, "s");
	ck_assert_int_eq(rs->tests[0]->unit_shift, -3);
	c = a->tests[0].cells[1].cmp;
	cm = m->tests[0].cells[1].cmp;
	ck_assert_double_eq(cm->improvement_pct, 0);
	ck_assert_double_eq(cm->improvement_pct, c->improvement_pct);
	ck_assert_double_eq(cm->improvement_ci_low_pct,
			    c->improvement_ci_low_pct);
	ck_assert_double_eq(cm->ratio_ci_high, c->ratio_ci_high);
	ck_assert_double_eq(cm->p, c->p);
	ck_assert_int_eq(cm->verdict, c->verdict);
	ck_assert_double_eq(cm->d, 0);
	ck_assert_double_eq(cm->d_ci_high, br_shift10(c->d_ci_high, -3));
	s = &a->tests[0].cells[0].sum;
	sm = &m->tests[0].cells[0].sum;
	ck_assert_double_eq(sm->mean, 78.4);
	ck_assert_double_eq(sm->se, br_shift10(s->se, -3));
	ck_assert_double_eq(sm->ci_low, br_shift10(s->ci_low, -3));
	ck_assert_double_eq(m->tests[0].cells[0].drawn.mean, 78.4);
	ck_assert_int_eq(m->tests[0].cells[0].rank_low,
			 a->tests[0].cells[0].rank_low);
	/* its precision: 0 decimals in ms are 3 in s, SEs' 2 are 5 */
	ck_assert_int_eq(m->tests[0].decimals, a->tests[0].decimals + 3);
	ck_assert_int_eq(m->tests[0].se_decimals,
			 a->tests[0].se_decimals + 3);
	br_analysis_free(a);
	br_analysis_free(m);
	br_selection_fini(&sel);
	br_resultset_free(rs);
}
END_TEST

Suite *br_suite_units(void)
{
	Suite *s = suite_create("units");
	TCase *tc = tcase_create("core");

	tcase_add_test(tc, test_unit_for);
	tcase_add_test(tc, test_typical);
	tcase_add_test(tc, test_shift_text);
	tcase_add_test(tc, test_moved);
	tcase_add_test(tc, test_kept);
	tcase_add_test(tc, test_moved_after);
	suite_add_tcase(s, tc);
	return s;
}
