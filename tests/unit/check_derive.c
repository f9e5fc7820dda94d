/*
 * check_derive.c - derived results (analysis/derive.h): the counts
 * --per reads from hardware strings by PTS's viewer's rules, the costs
 * of --cost and --cost-file, and the scaling itself (a more-is-better
 * value divided, a fewer-is-better one multiplied, mean, SE and
 * interval alike, the unit renamed and the counts named); and the
 * intervals of performance per watt and joules per run (stats/power.h).
 *
 * Inputs: ../samples/seed-004-freebsd-zfs-zol.csv (OpenBenchmarking.org
 * 1904258-SP-1904234HV78, see its header).
 */
#include <check.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/analysis.h"
#include "analysis/derive.h"
#include "ingest/ingest.h"
#include "model/model.h"
#include "stats/power.h"

Suite *br_suite_derive(void);

#define SEED4 "../samples/seed-004-freebsd-zfs-zol.csv"

/* A system with the given Processor and Memory (either may be NULL). */
static double count_of(const char *proc, const char *mem, enum br_per per)
{
	struct br_kv hw[2];
	struct br_system s;
	double v = -1;
	size_t n = 0;

	memset(&s, 0, sizeof s);
	if (proc)
		hw[n++] = (struct br_kv){"Processor", proc};
	if (mem)
		hw[n++] = (struct br_kv){"Memory", mem};
	s.hardware = hw;
	s.n_hardware = n;
	return br_per_count(&s, per, &v) ? v : -1;
}

/* The hardware strings of PTS results and PTS's own example. */
START_TEST(test_counts)
{
	const char *ryzen = "AMD Ryzen 9 5950X 16-Core @ 3.40GHz "
		"(16 Cores / 32 Threads)";
	const char *xeon = "Intel Xeon E3-1275 v6 @ 3.80GHz (8 Cores)";
	const char *dual = "2 x Intel Xeon E5-2620 v2 @ 2.60GHz "
		"(12 Cores / 24 Threads)";

	ck_assert_double_eq(count_of(ryzen, NULL, BR_PER_CORES), 16);
	ck_assert_double_eq(count_of(ryzen, NULL, BR_PER_THREADS), 32);
	ck_assert_double_eq(count_of(ryzen, NULL, BR_PER_GHZ), 3.4);
	ck_assert_double_eq(count_of(xeon, NULL, BR_PER_CORES), 8);
	/* no thread count: the cores, as PTS */
	ck_assert_double_eq(count_of(xeon, NULL, BR_PER_THREADS), 8);
	ck_assert_double_eq(count_of(xeon, NULL, BR_PER_GHZ), 3.8);
	ck_assert_double_eq(count_of(dual, "8 x 16384 MB DDR3-1600MT/s",
				     BR_PER_CHANNELS), 4);
	ck_assert_double_eq(count_of(ryzen, "4 x 16384 MB DDR4",
				     BR_PER_CHANNELS), 4);
	/* none to find */
	ck_assert_double_eq(count_of(xeon, "16384MB", BR_PER_CHANNELS), -1);
	ck_assert_double_eq(count_of(ryzen, "1 x 8192 MB", BR_PER_CHANNELS),
			    -1);   /* PTS: more DIMMs than sockets */
	ck_assert_double_eq(count_of(dual, "3 x 8192 MB", BR_PER_CHANNELS),
			    -1);   /* not whole a socket */
	ck_assert_double_eq(count_of("Intel Core i7", NULL, BR_PER_CORES), -1);
	ck_assert_double_eq(count_of("Intel Core i7", NULL, BR_PER_GHZ), -1);
	ck_assert_double_eq(count_of("ARMv8 @ 2.2GHz (x Cores)", NULL,
				     BR_PER_CORES), -1);
	ck_assert_double_eq(count_of(NULL, NULL, BR_PER_THREADS), -1);
}
END_TEST

START_TEST(test_cost_args)
{
	struct br_resultset *rs = br_resultset_new();
	struct br_cost c;
	struct br_error err;

	ck_assert_ptr_nonnull(rs);
	br_error_clear(&err);
	ck_assert_int_eq(br_cost_parse(rs, "A=100", "--cost", &c, &err), BR_OK);
	ck_assert_str_eq(c.system, "A");
	ck_assert_double_eq(c.amount, 100);
	ck_assert(!c.per_hour);
	ck_assert_int_eq(br_cost_parse(rs, "B=C=$2.50/h", "--cost", &c, &err),
			 BR_OK);
	ck_assert_str_eq(c.system, "B=C");
	ck_assert_double_eq(c.amount, 2.5);
	ck_assert(c.per_hour);
	ck_assert_int_eq(br_cost_parse(rs, "A", "--cost", &c, &err),
			 BR_EUSAGE);
	ck_assert_str_eq(err.msg, "--cost: 'A' is not SYSTEM=AMOUNT or "
			 "SYSTEM=AMOUNT/h");
	br_error_clear(&err);
	ck_assert_int_eq(br_cost_parse(rs, "A=0", "--cost", &c, &err),
			 BR_EUSAGE);
	ck_assert_str_eq(err.msg, "--cost: '0' is not a cost above 0 (100, "
			 "$100 or 2.50/h)");
	br_error_clear(&err);
	ck_assert_int_eq(br_cost_parse(rs, "A=12x", "--cost", &c, &err),
			 BR_EUSAGE);
	br_resultset_free(rs);
}
END_TEST

START_TEST(test_cost_file)
{
	struct br_resultset *rs = br_resultset_new();
	char good[] = "System,Cost\n# prices of 2019\n\n\"A, B\",100\r\n"
		"C , $2.5/h\n";
	char bad[] = "A,100\nB;200\n";
	struct br_cost *costs = NULL;
	size_t n = 0;
	struct br_error err;

	ck_assert_ptr_nonnull(rs);
	br_error_clear(&err);
	ck_assert_int_eq(br_cost_file_parse(rs, "c.csv", good, &costs, &n,
					    &err), BR_OK);
	ck_assert_uint_eq(n, 2);
	ck_assert_str_eq(costs[0].system, "A, B");
	ck_assert_str_eq(costs[0].where, "c.csv:4");
	ck_assert_double_eq(costs[0].amount, 100);
	ck_assert_str_eq(costs[1].system, "C");
	ck_assert(costs[1].per_hour);
	ck_assert_int_eq(br_cost_file_parse(rs, "d.csv", bad, &costs, &n,
					    &err), BR_EDATA);
	ck_assert_str_eq(err.where, "d.csv:2");
	ck_assert_str_eq(err.msg, "not SYSTEM,AMOUNT: 'B;200'");
	free(costs);
	br_resultset_free(rs);
}
END_TEST

static struct br_resultset *load(const char *path)
{
	struct br_resultset *rs = br_resultset_new();
	struct br_ingest_opts io;
	struct br_error err;

	ck_assert_ptr_nonnull(rs);
	br_ingest_opts_defaults(&io);
	br_error_clear(&err);
	ck_assert_msg(br_ingest_path(rs, path, &io, &err) == BR_OK, "%s: %s",
		      path, err.msg);
	return rs;
}

/* Seed 004 per core: Dbench (MB/s, more is better) divided by 8 and 16,
 * SQLite (seconds, fewer is better) multiplied; SE scaled alike. */
START_TEST(test_apply_per_cores)
{
	struct br_resultset *rs = load(SEED4);
	struct br_selection sel;
	struct br_derive_opts o;
	struct br_derive_info info;
	struct br_error err;
	const struct br_test *db = NULL, *sq = NULL;
	size_t i;

	br_error_clear(&err);
	ck_assert_int_eq(br_select(rs, NULL, NULL, &sel, &err), BR_OK);
	memset(&o, 0, sizeof o);
	o.per = BR_PER_CORES;
	ck_assert_int_eq(br_derive_apply(rs, &sel, &o, &info, &err), BR_OK);
	ck_assert(info.applied);
	ck_assert_uint_eq(info.dropped, 0);
	for (i = 0; i < rs->n_tests; i++) {
		if (!strcmp(rs->tests[i]->identifier, "pts/dbench") && !db)
			db = rs->tests[i];
		if (!strcmp(rs->tests[i]->identifier, "pts/sqlite"))
			sq = rs->tests[i];
	}
	ck_assert_ptr_nonnull(db);
	ck_assert_ptr_nonnull(sq);
	ck_assert_str_eq(db->scale, "MB/s Per Core");
	ck_assert_str_eq(sq->scale, "Seconds x Core");
	/* FreeBSD iX ZoL 132.00 (SE 0.09) / 8; Debian 207.58 (1.58) / 16 */
	ck_assert_double_eq_tol(db->entries[0].sample.value, 16.5, 1e-12);
	ck_assert_double_eq_tol(db->entries[0].sample.se, 0.01125, 1e-12);
	ck_assert_double_eq_tol(db->entries[5].sample.value, 12.97375, 1e-12);
	/* the published "132.00" scaled, with its 5 significant digits */
	ck_assert_str_eq(db->entries[0].sample.value_text, "16.500");
	ck_assert_ptr_nonnull(strstr(db->annotation, "Debian Stretch ZoL 16."));
	ck_assert_ptr_nonnull(strstr(sq->annotation, "multiplied"));
	br_selection_fini(&sel);
	br_resultset_free(rs);
}
END_TEST

/* stats/power.h against scipy's t quantile and mpmath (a = b = 1%,
 * n = 3, m = 61: f = 1/2, df = 1/2 / (1/8 + 1/240) = 3.870967741935484,
 * q = 2.8133279146260874): P = 2 exp(+/- q sqrt(2e-4)), J = 5000 the
 * same; and a = 2%, b = 1%, n = 5 (f = 0.8, g = 1/2: df = 0.68^(1/2) /
 * (0.64 / 4 + 0.04 / 60) = 5.1324966293995775, q = 2.5507498561555467
 * by mpmath's incomplete beta: scipy's t.ppf is 1.3e-9 off at this df,
 * s = sqrt(5e-4)). */
START_TEST(test_power_ci)
{
	struct br_power_ci c;

	br_power_ci(100, 1, 3, 50, 0.5, 61, true, 0.95, &c);
	ck_assert(c.ok);
	ck_assert_double_eq_tol(c.value, 2, 1e-15);
	ck_assert_double_eq_tol(c.df, 3.870967741935484, 1e-12);
	ck_assert_double_eq_tol(c.lo, 1.9219892466114752, 1e-12);
	ck_assert_double_eq_tol(c.hi, 2.0811770966211807, 1e-12);
	br_power_ci(100, 1, 3, 50, 0.5, 61, false, 0.95, &c);
	ck_assert_double_eq_tol(c.value, 5000, 1e-9);
	ck_assert_double_eq_tol(c.lo, 4804.973116528688, 1e-8);
	ck_assert_double_eq_tol(c.hi, 5202.942741552952, 1e-8);
	br_power_ci(100, 2, 5, 50, 0.5, 61, true, 0.95, &c);
	ck_assert_double_eq_tol(c.df, 5.1324966293995775, 1e-12);
	ck_assert_double_eq_tol(c.lo, 1.8891191832649624, 1e-12);
	ck_assert_double_eq_tol(c.hi, 2.1173889055992776, 1e-12);
	br_power_ci(100, 2, 5, 50, 0.5, 61, false, 0.95, &c);
	ck_assert_double_eq_tol(c.lo, 4722.797958162406, 1e-8);
	ck_assert_double_eq_tol(c.hi, 5293.472263998194, 1e-8);
	/* one run: the value, no interval; a mean not above 0: nothing */
	br_power_ci(100, NAN, 1, 50, 0.5, 61, true, 0.95, &c);
	ck_assert(c.ok && isnan(c.lo) && isnan(c.hi));
	br_power_ci(100, 1, 3, 0, 0.5, 61, true, 0.95, &c);
	ck_assert(!c.ok);
}
END_TEST

Suite *br_suite_derive(void)
{
	Suite *s = suite_create("derive");
	TCase *tc = tcase_create("core");

	tcase_add_test(tc, test_counts);
	tcase_add_test(tc, test_cost_args);
	tcase_add_test(tc, test_cost_file);
	tcase_add_test(tc, test_apply_per_cores);
	tcase_add_test(tc, test_power_ci);
	suite_add_tcase(s, tc);
	return s;
}
