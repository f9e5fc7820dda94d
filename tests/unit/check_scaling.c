/*
 * check_scaling.c - scaling families (analysis/scaling.c) on real result
 * files and seeds: options split from PTS descriptions, their values
 * read as numbers and sizes, families found and skipped; and the scaling
 * chart's scene against reviewed dumps (scene_check.h).
 */
#include <check.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/analysis.h"
#include "analysis/scaling.h"
#include "analyse_check.h"
#include "render/chart/chart.h"
#include "scene_check.h"

Suite *br_suite_scaling(void);

#define SEED0 "../samples/seed-000-dragonfly-hammer.csv"
#define SEED4 "../samples/seed-004-freebsd-zfs-zol.csv"
#define REAL "data/pts-real/"

static void opt_is(const struct br_option *o, const char *name,
		   const char *value)
{
	ck_assert_uint_eq(o->name_len, strlen(name));
	ck_assert(!strncmp(o->name, name, o->name_len));
	ck_assert_uint_eq(o->value_len, strlen(value));
	ck_assert(!strncmp(o->value, value, o->value_len));
}

/* Descriptions as PTS wrote them in tests/data/pts-real and the seeds. */
START_TEST(test_options_split)
{
	struct br_option o[BR_MAX_OPTIONS];

	ck_assert_uint_eq(br_options_split("Record Size: 4Kb - File Size: "
		"512MB - Disk Test: Write Performance", o, BR_MAX_OPTIONS), 3);
	opt_is(&o[0], "Record Size", "4Kb");
	opt_is(&o[1], "File Size", "512MB");
	opt_is(&o[2], "Disk Test", "Write Performance");
	ck_assert_uint_eq(br_options_split("Compression Level: 19, Long Mode "
		"- Compression Speed", o, BR_MAX_OPTIONS), 2);
	opt_is(&o[0], "Compression Level", "19, Long Mode");
	opt_is(&o[1], "", "Compression Speed");
	ck_assert_uint_eq(br_options_split("Total Time - 4K, 16 Rays Per "
		"Pixel", o, BR_MAX_OPTIONS), 2);
	opt_is(&o[1], "", "4K, 16 Rays Per Pixel");
	ck_assert_uint_eq(br_options_split("Client Count: 1", o, 1), 1);
	opt_is(&o[0], "Client Count", "1");
	/* more options than room, and none */
	ck_assert_uint_eq(br_options_split("Test: Read - Size Per Thread: "
		"128MB - Thread Count: 16", o, 2), 0);
	ck_assert_uint_eq(br_options_split("", o, BR_MAX_OPTIONS), 0);
	ck_assert_uint_eq(br_options_split(NULL, o, BR_MAX_OPTIONS), 0);
}
END_TEST

static void num_is(const char *s, double v, bool bytes, int exp)
{
	struct br_optnum n;

	ck_assert_msg(br_option_number(s, strlen(s), &n), "%s", s);
	ck_assert_msg(n.v == v, "%s: %.17g, want %.17g", s, n.v, v);
	ck_assert_int_eq(n.bytes, bytes);
	ck_assert_int_eq(n.exp, exp);
}

START_TEST(test_option_number)
{
	static const char *const bad[] = {
		"1D FFT Size 1024", "19, Long Mode", "-1", "1e3", "", " ",
		"x86", "Write Performance", "4KB/s", "1.2.3", ".",
		"4 Seconds", "2 MB/s", "12Clients", "12 Clients 2",
		"12 Clients, Long", "4 x",
	};
	struct br_optnum n;
	size_t i;

	num_is("1", 1, false, 0);
	num_is("48", 48, false, 0);
	num_is("0.5", 0.5, false, 0);
	num_is("10k", 10000, false, 1);
	num_is("2M", 2e6, false, 2);
	/* sizes: IOzone's record and file sizes, tiobench's per thread */
	num_is("4Kb", 4096, true, 1);
	num_is("4KB", 4096, true, 1);
	num_is("4 KiB", 4096, true, 1);
	num_is("512MB", 512.0 * 1048576, true, 2);
	num_is("16MB", 16.0 * 1048576, true, 2);
	num_is("2GB", 2.0 * 1073741824, true, 3);
	num_is("64 bytes", 64, true, 0);
	/* a count and its word: PTS 5's Dbench ("12 Clients") */
	num_is("12 Clients", 12, false, 0);
	num_is("4 Rays", 4, false, 0);
	num_is("16 Threads Per Core", 16, false, 0);
	ck_assert(br_option_number("12 Clients", 10, &n));
	ck_assert_uint_eq(n.word_len, 7);
	ck_assert(!strncmp(n.word, "Clients", 7));
	ck_assert(br_option_number("12", 2, &n) && !n.word);
	for (i = 0; i < sizeof bad / sizeof bad[0]; i++)
		ck_assert_msg(!br_option_number(bad[i], strlen(bad[i]), &n),
			      "%s read as a number", bad[i]);
}
END_TEST

/* Family f: option, unit, the options it shares, x and log scale. */
static void family_is(const struct br_analysis *a, size_t fi,
		      const char *option, const char *unit, const char *rest,
		      const double *x, size_t n, bool log)
{
	const struct br_family *f;
	size_t k;

	ck_assert_uint_lt(fi, a->n_families);
	f = &a->families[fi];
	ck_assert_str_eq(f->option, option);
	ck_assert_str_eq(f->unit, unit);
	ck_assert_str_eq(f->rest, rest);
	ck_assert_uint_eq(f->n, n);
	for (k = 0; k < n; k++)
		ck_assert_msg(f->x[k] == x[k], "family %zu x[%zu] = %g, want "
			      "%g", fi, k, f->x[k], x[k]);
	ck_assert_int_eq(f->log, log);
}

/* The members' descriptions, in x order. */
static void members_match(const struct br_analysis *a, size_t fi,
			  const char *const *desc)
{
	const struct br_family *f = &a->families[fi];
	size_t k;

	for (k = 0; k < f->n; k++)
		ck_assert_str_eq(a->tests[f->tests[k]].t->description, desc[k]);
}

START_TEST(test_families_tiobench)
{
	/* 23 results: Read at 4 sizes x 4 thread counts, Write at fewer;
	 * sizes and thread counts tie at 4 values: Thread Count, the later
	 * option, is x.  Write at 256MB has one thread count: no family. */
	static const double x4[] = {4, 8, 16, 32}, x2[] = {4, 8};
	static const char *const read32[] = {
		"Test: Read - Size Per Thread: 32MB - Thread Count: 4",
		"Test: Read - Size Per Thread: 32MB - Thread Count: 8",
		"Test: Read - Size Per Thread: 32MB - Thread Count: 16",
		"Test: Read - Size Per Thread: 32MB - Thread Count: 32",
	};
	struct br_resultset *rs = br_resultset_new();
	struct br_selection sel;
	struct br_analysis *a = analyse_file(rs, REAL
		"ec2-tiobench-active-5.6.0.xml", BR_AN_SCALING, &sel);
	size_t i, k;

	ck_assert_uint_eq(a->n_families, 7);
	family_is(a, 0, "Thread Count", "", "Test: Read - Size Per Thread: "
		  "32MB", x4, 4, true);
	members_match(a, 0, read32);
	family_is(a, 1, "Thread Count", "", "Test: Read - Size Per Thread: "
		  "64MB", x4, 4, true);
	family_is(a, 2, "Thread Count", "", "Test: Read - Size Per Thread: "
		  "128MB", x4, 4, true);
	family_is(a, 3, "Thread Count", "", "Test: Read - Size Per Thread: "
		  "256MB", x4, 4, true);
	family_is(a, 4, "Thread Count", "", "Test: Write - Size Per Thread: "
		  "32MB", x2, 2, false);
	family_is(a, 5, "Thread Count", "", "Test: Write - Size Per Thread: "
		  "64MB", x2, 2, false);
	family_is(a, 6, "Thread Count", "", "Test: Write - Size Per Thread: "
		  "128MB", x2, 2, false);
	for (i = 0; i < a->n_families; i++)
		for (k = 0; k < a->families[i].n; k++)
			ck_assert(!strstr(a->tests[a->families[i].tests[k]].t
					  ->description, "Write - Size Per "
					  "Thread: 256MB"));
	br_analysis_free(a);
	br_selection_fini(&sel);
	br_resultset_free(rs);
}
END_TEST

START_TEST(test_families_schbench)
{
	/* 6 message-thread counts x 7 worker counts: x is the workers */
	static const double x[] = {2, 4, 6, 8, 16, 24, 32};
	static const char *const rest[] = {
		"Message Threads: 2", "Message Threads: 4",
		"Message Threads: 6", "Message Threads: 8",
		"Message Threads: 16", "Message Threads: 32",
	};
	struct br_resultset *rs = br_resultset_new();
	struct br_selection sel;
	struct br_analysis *a = analyse_file(rs, REAL "ucd-schbench-8.0.1.xml",
					     BR_AN_SCALING, &sel);
	size_t i;

	ck_assert_uint_eq(a->n_families, 6);
	for (i = 0; i < 6; i++)
		family_is(a, i, "Workers Per Message Thread", "", rest[i], x, 7,
			  true);
	br_analysis_free(a);
	br_selection_fini(&sel);
	br_resultset_free(rs);
}
END_TEST

START_TEST(test_families_zstd)
{
	/* levels 3, 8, 12, 19 (19/3 < 8: linear); "19, Long Mode" is not
	 * a number, and install size and time have no option */
	static const double x[] = {3, 8, 12, 19};
	struct br_resultset *rs = br_resultset_new();
	struct br_selection sel;
	struct br_analysis *a = analyse_file(rs, REAL "manuel-zstd-10.8.4.xml",
					     BR_AN_SCALING, &sel);
	size_t i, k;

	ck_assert_uint_eq(a->n_families, 2);
	family_is(a, 0, "Compression Level", "", "Compression Speed", x, 4,
		  false);
	family_is(a, 1, "Compression Level", "", "Decompression Speed", x, 4,
		  false);
	for (i = 0; i < 2; i++)
		for (k = 0; k < 4; k++)
			ck_assert(!strstr(a->tests[a->families[i].tests[k]].t
					  ->description, "Long Mode"));
	br_analysis_free(a);
	br_selection_fini(&sel);
	br_resultset_free(rs);
}
END_TEST

START_TEST(test_families_seeds)
{
	static const double clients[] = {1, 6}, mb[] = {512, 2048, 4096};
	struct br_resultset *rs = br_resultset_new();
	struct br_selection sel;
	struct br_analysis *a = analyse_file(rs, SEED4, BR_AN_SCALING, &sel);

	/* Dbench at Client Count 1 and 6; IOzone's Read and Write differ
	 * in Disk Test, which is not a number */
	ck_assert_uint_eq(a->n_families, 1);
	family_is(a, 0, "Client Count", "", "", clients, 2, false);
	ck_assert_str_eq(a->tests[a->families[0].tests[0]].t->title,
			 "Dbench");
	br_analysis_free(a);
	br_selection_fini(&sel);
	br_resultset_free(rs);
	/* not asked for: none */
	rs = br_resultset_new();
	a = analyse_file(rs, SEED4, BR_AN_COMPARE, &sel);
	ck_assert_uint_eq(a->n_families, 0);
	br_analysis_free(a);
	br_selection_fini(&sel);
	br_resultset_free(rs);
	/* IOzone over File Size 512MB, 2GB, 4GB: in MB, log scale */
	rs = br_resultset_new();
	a = analyse_file(rs, SEED0, BR_AN_SCALING, &sel);
	ck_assert_uint_eq(a->n_families, 1);
	family_is(a, 0, "File Size", "MB", "Record Size: 4Kb - Disk Test: "
		  "Write Performance", mb, 3, true);
	br_analysis_free(a);
	br_selection_fini(&sel);
	br_resultset_free(rs);
}
END_TEST

/* Families too small to draw are skipped: a single point, a point
 * without a value, sizes mixed with numbers, two units, an option
 * without a name; and a selection of one result. */
START_TEST(test_families_skipped)
{
	static const double x[] = {1, 16};
	struct br_resultset *rs = br_resultset_new();
	struct br_selection sel;
	struct br_analysis *a = analyse_file(rs, "data/csv/tidy-scaling-"
					     "rules.csv", BR_AN_SCALING, &sel);
	struct br_analysis_opts ao;
	struct br_error err;

	ck_assert_uint_eq(a->n_families, 1);
	family_is(a, 0, "Threads", "", "", x, 2, true);
	ck_assert_str_eq(a->tests[a->families[0].tests[0]].t->title, "Good");
	br_analysis_free(a);
	br_selection_fini(&sel);
	/* one Dbench result selected: no family */
	br_error_clear(&err);
	br_resultset_free(rs);
	rs = br_resultset_new();
	a = analyse_file(rs, SEED4, BR_AN_SCALING, &sel);
	br_analysis_free(a);
	br_selection_fini(&sel);
	ck_assert_int_eq(br_select(rs, "Client Count: 1", NULL, &sel, &err),
			 BR_OK);
	br_analysis_opts_defaults(&ao);
	ao.what = BR_AN_SCALING;
	ck_assert_int_eq(br_analyse(&sel, &ao, &a, &err), BR_OK);
	ck_assert_uint_eq(a->n_families, 0);
	br_analysis_free(a);
	br_selection_fini(&sel);
	br_resultset_free(rs);
}
END_TEST

/* Values written as a number and a word, without an option name (PTS
 * 5's Dbench: "1 Clients", "12 Clients", "48 Clients"): a family named
 * by the word; a word that differs makes none. */
START_TEST(test_families_words)
{
	static const double x[] = {1, 12, 48};
	struct br_resultset *rs = br_resultset_new();
	struct br_selection sel;
	struct br_analysis *a = analyse_file(rs, "data/csv/tidy-scaling-"
					     "words.csv", BR_AN_SCALING, &sel);

	ck_assert_uint_eq(a->n_families, 1);
	family_is(a, 0, "Clients", "", "", x, 3, true);
	ck_assert_str_eq(a->tests[a->families[0].tests[0]].t->title,
			 "Dbench");
	br_analysis_free(a);
	br_selection_fini(&sel);
	br_resultset_free(rs);
}
END_TEST

/* The scaling chart of family 0 of path. */
static struct br_scene *scaling_scene(const char *path)
{
	const struct br_chart_type *ty = br_chart_find("scaling", true);
	struct br_resultset *rs = br_resultset_new();
	struct br_chart_plan plan;
	struct br_chart_opts o;
	struct br_selection sel;
	struct br_scene **sc = NULL;
	struct br_analysis *a = analyse_file(rs, path, BR_AN_SCALING |
					     BR_AN_COMPARE | BR_AN_LEAN,
					     &sel);
	struct br_error err;
	struct br_scene *out;
	size_t n = 0, k;

	ck_assert_ptr_nonnull(ty);
	br_error_clear(&err);
	br_chart_opts_defaults(&o);
	/* --chart scaling plans the overview (an extra) and one chart per
	 * family */
	ck_assert_int_eq(br_chart_plan(a, "scaling", &plan, &err), BR_OK);
	for (k = 0; k < plan.n_jobs && plan.jobs[k].type != ty; k++)
		;
	ck_assert_uint_lt(k, plan.n_jobs);
	ck_assert_uint_eq(plan.jobs[k].part, 0);
	ck_assert(!plan.jobs[k].extra);
	ck_assert_int_eq(br_chart_build(a, &plan.jobs[k], &o, 0, &sc, &n,
					&err), BR_OK);
	ck_assert_uint_eq(n, 1);
	out = sc[0];
	free(sc);
	br_chart_plan_fini(&plan);
	br_analysis_free(a);
	br_selection_fini(&sel);
	br_resultset_free(rs);
	return out;
}

START_TEST(test_chart_dbench)
{
	struct br_scene *sc = scaling_scene(SEED4);

	ck_assert_str_eq(sc->title, "Dbench - by Client Count");
	golden("scaling-dbench", sc);
	br_scene_free(sc);
}
END_TEST

START_TEST(test_chart_iozone)
{
	struct br_scene *sc = scaling_scene(SEED0);

	golden("scaling-iozone", sc);
	br_scene_free(sc);
}
END_TEST

/* Schbench at 2 message threads: latencies, all above zero, but the 95%
 * interval of 4 workers (582 usec, SE 241 over 6 runs) reaches -38.  The
 * y axis still starts at 0 (it went down to -25k, a quarter of the plot
 * for one invisible whisker end); that whisker stops, capless, at it. */
START_TEST(test_chart_schbench)
{
	struct br_scene *sc = scaling_scene(REAL "ucd-schbench-8.0.1.xml");
	double bottom = -1, zero = -1;
	size_t k;

	for (k = 0; k < sc->n_prims; k++) {
		const struct br_prim *p = &sc->prims[k];

		/* the value axis: the vertical line at axis_x */
		if (p->kind == BR_PRIM_LINE && p->x == sc->axis_x &&
		    p->x2 == sc->axis_x)
			bottom = fmax(p->y, p->y2);
		if (p->kind == BR_PRIM_TEXT && p->anchor == BR_ANCHOR_END &&
		    !strcmp(p->text, "0"))
			zero = p->y;
	}
	ck_assert_double_gt(bottom, 0);
	ck_assert_double_gt(zero, 0);
	/* the 0 label's baseline is 3.5 pt under its tick: the axis' end */
	ck_assert_double_lt(fabs(zero - 3.5 - bottom), 1);
	golden("scaling-schbench", sc);
	br_scene_free(sc);
}
END_TEST

/* --chart scaling with no family: the reason, exit 1 (BR_EDATA). */
START_TEST(test_chart_none)
{
	struct br_resultset *rs = br_resultset_new();
	struct br_chart_plan plan;
	struct br_selection sel;
	struct br_analysis *a = analyse_file(rs, REAL "ucd-cray-8.0.1.xml",
					     BR_AN_SCALING | BR_AN_COMPARE,
					     &sel);
	struct br_error err;

	br_error_clear(&err);
	ck_assert_int_eq(br_chart_plan(a, "scaling", &plan, &err), BR_EDATA);
	ck_assert_str_eq(err.msg, "no scaling chart: no two selected results "
			 "differ in one numeric option only (such as \"Client "
			 "Count: 1\" and \"Client Count: 6\", or \"1 Clients\" "
			 "and \"12 Clients\")");
	br_analysis_free(a);
	br_selection_fini(&sel);
	br_resultset_free(rs);
}
END_TEST

Suite *br_suite_scaling(void)
{
	Suite *s = suite_create("scaling");
	TCase *tc = tcase_create("families");

	tcase_add_test(tc, test_options_split);
	tcase_add_test(tc, test_option_number);
	tcase_add_test(tc, test_families_tiobench);
	tcase_add_test(tc, test_families_schbench);
	tcase_add_test(tc, test_families_zstd);
	tcase_add_test(tc, test_families_seeds);
	tcase_add_test(tc, test_families_skipped);
	tcase_add_test(tc, test_families_words);
	suite_add_tcase(s, tc);
	tc = tcase_create("chart");
	tcase_set_timeout(tc, 30);
	tcase_add_test(tc, test_chart_dbench);
	tcase_add_test(tc, test_chart_iozone);
	tcase_add_test(tc, test_chart_schbench);
	tcase_add_test(tc, test_chart_none);
	suite_add_tcase(s, tc);
	return s;
}
