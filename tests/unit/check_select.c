/*
 * check_select.c - choosing tests and systems (analysis/select.c) and its
 * "did you mean" distances (analysis/suggest.c): repeated --tests
 * patterns add up, a wildcard matches anywhere, a pattern that finds
 * nothing names the closest tests, a system name matches ignoring case or
 * by a unique start, only the warnings of selected tests are shown; and
 * every name of the output format table (br_out_formats[]) finds its row
 * in any case.
 *
 * Inputs: ../samples/seed-004-freebsd-zfs-zol.csv (OpenBenchmarking.org
 * 1904258-SP-1904234HV78, see its header) and
 * data/pts-real/manuel-nogvno2-failed-10.8.4.xml (data/pts-real/SOURCES.md).
 */
#include <check.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "analysis/analysis.h"
#include "analysis/suggest.h"
#include "ingest/ingest.h"
#include "model/model.h"
#include "render/output/formats.h"

Suite *br_suite_select(void);

#define SEED4 "../samples/seed-004-freebsd-zfs-zol.csv"
#define NOGVNO2 "data/pts-real/manuel-nogvno2-failed-10.8.4.xml"

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

/* Distances worked out by hand (and, for kitten/sitting and ca/abc, the
 * textbook values of Levenshtein and of optimal string alignment). */
START_TEST(test_edit_distance)
{
	ck_assert_uint_eq(br_edit_distance("kitten", "sitting"), 3);
	ck_assert_uint_eq(br_edit_distance("ca", "abc"), 3);
	ck_assert_uint_eq(br_edit_distance("tset", "test"), 1);
	ck_assert_uint_eq(br_edit_distance("tset", "tests"), 2);
	ck_assert_uint_eq(br_edit_distance("FLAW", "lawn"), 2);
	ck_assert_uint_eq(br_edit_distance("", "abc"), 3);
	ck_assert_uint_eq(br_edit_distance("Tests", "tests"), 0);
	ck_assert_uint_eq(br_edit_distance("report", "render"), 4);
}
END_TEST

START_TEST(test_pattern_distance)
{
	ck_assert_uint_eq(br_pattern_distance("postmark*total",
					      "PostMark - Total Time"), 0);
	ck_assert_uint_eq(br_pattern_distance("dbnch", "Dbench 4.0"), 1);
	ck_assert_uint_eq(br_pattern_distance("sqllite", "SQLite 3.22"), 1);
	ck_assert_uint_eq(br_pattern_distance("sqlitr", "SQLite 3.22"), 1);
	ck_assert_uint_eq(br_pattern_distance("std", "Zstd"), 0);
	ck_assert_uint_eq(br_pattern_distance("ztd", "Zstd"), 1);
	ck_assert_uint_eq(br_pattern_distance("zstb", "Zstd"), 1);
	ck_assert_uint_eq(br_pattern_distance("zsdt", "Zstd"), 1);
	ck_assert_uint_eq(br_pattern_distance("zzz", "abc"), 3);
	ck_assert_uint_eq(br_pattern_distance("a?c", "xxabcxx"), 0);
	ck_assert_uint_eq(br_pattern_distance("[xy]z", "az"), 0);
	ck_assert_uint_eq(br_pattern_distance("[", "a"), 1);
	ck_assert_uint_eq(br_pattern_distance("", "abc"), 0);
	ck_assert_uint_eq(br_suggest_limit(1), 1);
	ck_assert_uint_eq(br_suggest_limit(4), 1);
	ck_assert_uint_eq(br_suggest_limit(5), 2);
	ck_assert_uint_eq(br_suggest_limit(13), 4);
	ck_assert_uint_eq(br_suggest_limit(100), 4);
}
END_TEST

/* The names of the selected tests, "|" between them. */
static char *selected(const struct br_selection *sel)
{
	char *s = strdup(""), *t, *name;
	size_t k;

	for (k = 0; s && k < sel->n_tests; k++) {
		name = br_test_full_name(sel->rs->tests[sel->tests[k]]);
		t = br_strf("%s%s%s", s, k ? "|" : "", name);
		free(name);
		free(s);
		s = t;
	}
	ck_assert_ptr_nonnull(s);
	return s;
}

static void check_select(const struct br_resultset *rs,
			 const char *const *pats, size_t n, const char *want)
{
	struct br_selection sel;
	struct br_error err;
	char *got;

	br_error_clear(&err);
	ck_assert_msg(br_select_any(rs, pats, n, NULL, &sel, &err) == BR_OK,
		      "%s", err.msg);
	got = selected(&sel);
	ck_assert_str_eq(got, want);
	free(got);
	br_selection_fini(&sel);
}

static void check_refused(const struct br_resultset *rs,
			  const char *const *pats, size_t n,
			  const char *systems, const char *msg)
{
	struct br_selection sel;
	struct br_error err;

	br_error_clear(&err);
	ck_assert_int_eq(br_select_any(rs, pats, n, systems, &sel, &err),
			 BR_EUSAGE);
	ck_assert_str_eq(err.msg, msg);
	ck_assert_ptr_null(sel.tests);
}

START_TEST(test_tests_patterns)
{
	struct br_resultset *rs = load(SEED4);
	static const char *const any[] = {"sqlite", "client count: 6"};
	static const char *const glob[] = {"postmark*transaction"};
	static const char *const whole[] = {"Dbench 4.0 - Client Count: 1"};
	static const char *const short_name[] = {"Dbench - Client Count: 6"};
	static const char *const typo[] = {"dbench", "dbnch"};
	static const char *const words[] = {"dbench client 1"};
	static const char *const none[] = {"zzzz"};

	/* any pattern selects; input order, each test once */
	check_select(rs, any, 2, "Dbench 4.0 - Client Count: 6|"
		     "SQLite 3.22 - Timed SQLite Insertions");
	check_select(rs, glob, 1,
		     "PostMark 1.51 - Disk Transaction Performance");
	check_select(rs, whole, 1, "Dbench 4.0 - Client Count: 1");
	check_select(rs, short_name, 1, "Dbench 4.0 - Client Count: 6");
	/* each pattern must find a test */
	check_refused(rs, typo, 2, NULL, "--tests: no test matches 'dbnch'; "
		      "did you mean 'Dbench 4.0 - Client Count: 1' or "
		      "'Dbench 4.0 - Client Count: 6'?");
	check_refused(rs, words, 1, NULL, "--tests: no test matches 'dbench "
		      "client 1'; did you mean 'Dbench 4.0 - Client Count: "
		      "1'?");
	check_refused(rs, none, 1, NULL, "--tests: no test matches 'zzzz'");
	br_resultset_free(rs);
}
END_TEST

/* A test of the given title, version and description. */
static void make_test(struct br_test *t, const char *title,
		      const char *version, const char *desc)
{
	memset(t, 0, sizeof *t);
	t->identifier = "pts/dbench-1.0.0";
	t->title = title;
	t->app_version = version;
	t->description = desc;
}

/* Exact ("="), anchored ("^", "$") patterns (issue 26): the marks, case,
 * wildcards and which name they apply to. */
START_TEST(test_exact_and_anchors)
{
	struct br_test c1, c12, c128;

	make_test(&c1, "Dbench", "4.0", "Client Count: 1");
	make_test(&c12, "Dbench", "4.0", "Client Count: 12");
	make_test(&c128, "Dbench", "4.0", "Client Count: 128");
	/* anywhere: 1 is in 12 and 128 */
	ck_assert(br_test_matches("Dbench - Client Count: 1", &c12));
	ck_assert(br_test_matches("Dbench - Client Count: 1", &c128));
	/* exact: the full name, case included */
	ck_assert(br_test_matches("=Dbench 4.0 - Client Count: 1", &c1));
	ck_assert(!br_test_matches("=Dbench 4.0 - Client Count: 1", &c12));
	ck_assert(!br_test_matches("=dbench 4.0 - client count: 1", &c1));
	ck_assert(!br_test_matches("=Dbench - Client Count: 1", &c1));
	ck_assert(!br_test_matches("=Client Count: 1", &c1));
	/* "$": the end of a name (the description, the title-description) */
	ck_assert(br_test_matches("client count: 1$", &c1));
	ck_assert(!br_test_matches("client count: 1$", &c12));
	ck_assert(br_test_matches("dbench - client count: 12$", &c12));
	ck_assert(!br_test_matches("dbench - client count: 12$", &c128));
	/* "^": the start of a name; both: the whole name */
	ck_assert(br_test_matches("^client", &c1));
	ck_assert(!br_test_matches("^count", &c1));
	ck_assert(br_test_matches("^dbench$", &c1));
	ck_assert(br_test_matches("^client count: 12$", &c12));
	ck_assert(!br_test_matches("^client count: 1$", &c12));
	/* with wildcards */
	ck_assert(br_test_matches("^dbench*count: 1?$", &c12));
	ck_assert(!br_test_matches("^dbench*count: 1?$", &c128));
	ck_assert(br_test_matches("count: 1*8$", &c128));
	ck_assert(!br_test_matches("^count: 1*8$", &c128));
}
END_TEST

static void check_spec(const struct br_resultset *rs,
		       const struct br_select_spec *sp, const char *want,
		       size_t n_systems)
{
	struct br_selection sel;
	struct br_error err;
	char *got;

	br_error_clear(&err);
	ck_assert_msg(br_select_spec(rs, sp, &sel, &err) == BR_OK, "%s",
		      err.msg);
	got = selected(&sel);
	ck_assert_str_eq(got, want);
	ck_assert_uint_eq(sel.n_systems, n_systems);
	free(got);
	br_selection_fini(&sel);
}

static void spec_refused(const struct br_resultset *rs,
			 const struct br_select_spec *sp, const char *msg)
{
	struct br_selection sel;
	struct br_error err;

	br_error_clear(&err);
	ck_assert_int_eq(br_select_spec(rs, sp, &sel, &err), BR_EUSAGE);
	ck_assert_str_eq(err.msg, msg);
	ck_assert_ptr_null(sel.tests);
}

/* --exclude and --exclude-systems on seed 004 (8 tests, 6 systems). */
START_TEST(test_exclude)
{
	struct br_resultset *rs = load(SEED4);
	static const char *const dbench[] = {"dbench"};
	static const char *const six[] = {"count: 6$"};
	static const char *const all[] = {"*"};
	static const char *const typo[] = {"=Dbench 4.0 - Client Count:1"};
	static const char *const zol[] = {"zol$", "=FreeBSD UFS"};
	static const char *const sys_typo[] = {"debain"};
	struct br_select_spec sp;

	memset(&sp, 0, sizeof sp);
	sp.tests = dbench;
	sp.n_tests = 1;
	sp.exclude = six;
	sp.n_exclude = 1;
	check_spec(rs, &sp, "Dbench 4.0 - Client Count: 1", 6);
	sp.exclude_systems = zol;
	sp.n_exclude_systems = 2;
	check_spec(rs, &sp, "Dbench 4.0 - Client Count: 1", 2);
	sp.systems = "debian,freebsd z";
	check_spec(rs, &sp, "Dbench 4.0 - Client Count: 1", 1);
	sp.exclude_systems = sys_typo;
	sp.n_exclude_systems = 1;
	spec_refused(rs, &sp, "--exclude-systems: no system matches "
		     "'debain'; did you mean 'Debian Stretch ZoL'?");
	sp.exclude_systems = all;
	spec_refused(rs, &sp, "--exclude-systems: no system is left");
	sp.n_exclude_systems = 0;
	sp.exclude = all;
	spec_refused(rs, &sp, "--exclude: no test is left");
	sp.exclude = typo;
	spec_refused(rs, &sp, "--exclude: no test matches '=Dbench 4.0 - "
		     "Client Count:1'; did you mean '=Dbench 4.0 - Client "
		     "Count: 1'?");
	br_resultset_free(rs);
}
END_TEST

static size_t named(const struct br_resultset *rs, const size_t *among,
		    size_t n, const char *name)
{
	struct br_error err;
	size_t idx = SIZE_MAX;

	br_error_clear(&err);
	ck_assert_msg(br_system_named(rs, among, n, "--baseline", name, &idx,
				      &err) == BR_OK, "%s", err.msg);
	return idx;
}

static void named_refused(const struct br_resultset *rs,
			  const size_t *among, size_t n, const char *name,
			  const char *msg)
{
	struct br_error err;
	size_t idx = SIZE_MAX;

	br_error_clear(&err);
	ck_assert_int_eq(br_system_named(rs, among, n, "--baseline", name,
					 &idx, &err), BR_EUSAGE);
	ck_assert_str_eq(err.msg, msg);
}

/* seed-004's systems: FreeBSD iX ZoL, FreeBSD ZFS, FreeBSD UFS, Ubuntu
 * 18.04 EXT4, Ubuntu 18.04 ZoL, Debian Stretch ZoL. */
START_TEST(test_system_names)
{
	struct br_resultset *rs = load(SEED4);
	static const size_t ubuntu[] = {3, 4};
	static const char *const sys[] = {"debian,ubuntu 18.04 e"};

	ck_assert_uint_eq(named(rs, NULL, 0, "FreeBSD UFS"), 2);
	ck_assert_uint_eq(named(rs, NULL, 0, "freebsd ufs"), 2);
	ck_assert_uint_eq(named(rs, NULL, 0, "FREEBSD U"), 2);
	ck_assert_uint_eq(named(rs, NULL, 0, "deb"), 5);
	ck_assert_uint_eq(named(rs, ubuntu, 2, "ubuntu 18.04 z"), 4);
	named_refused(rs, NULL, 0, "free", "--baseline: 'free' could be "
		      "'FreeBSD iX ZoL', 'FreeBSD ZFS' or 'FreeBSD UFS'; give "
		      "more of the name");
	named_refused(rs, ubuntu, 2, "ubuntu", "--baseline: 'ubuntu' could "
		      "be 'Ubuntu 18.04 EXT4' or 'Ubuntu 18.04 ZoL'; give more "
		      "of the name");
	named_refused(rs, NULL, 0, "FreeBSD UFZ", "--baseline: no system "
		      "named 'FreeBSD UFZ' in the input; did you mean 'FreeBSD "
		      "UFS'?");
	named_refused(rs, ubuntu, 2, "debian", "--baseline: no system named "
		      "'debian' among the selected systems");
	named_refused(rs, NULL, 0, "zzz", "--baseline: no system named 'zzz' "
		      "in the input");
	/* --systems takes the same names, in its order */
	{
		struct br_selection sel;
		struct br_error err;

		br_error_clear(&err);
		ck_assert_int_eq(br_select_any(rs, NULL, 0, sys[0], &sel,
					       &err), BR_OK);
		ck_assert_uint_eq(sel.n_systems, 2);
		ck_assert_uint_eq(sel.systems[0], 5);
		ck_assert_uint_eq(sel.systems[1], 3);
		br_selection_fini(&sel);
	}
	check_refused(rs, NULL, 0, "ubuntu", "--systems: 'ubuntu' could be "
		      "'Ubuntu 18.04 EXT4' or 'Ubuntu 18.04 ZoL'; give more of "
		      "the name");
	br_resultset_free(rs);
}
END_TEST

/* The real file has 6 duplicate-entry warnings: 3 in FFTW - Test Install
 * Size (lines 57, 62, 67), one each in LuaJIT, Google Draco and SciMark. */
START_TEST(test_warnings_of_selected_tests)
{
	struct br_resultset *rs = load(NOGVNO2);
	static const char *const fftw[] = {"fftw - test install"};
	struct br_selection sel;
	struct br_error err;
	bool *shown;
	size_t k, n_test = 0, n_shown = 0;

	br_error_clear(&err);
	ck_assert_int_eq(br_select_any(rs, fftw, 1, NULL, &sel, &err), BR_OK);
	shown = br_selection_warnings(&sel);
	ck_assert_ptr_nonnull(shown);
	for (k = 0; k < rs->n_warnings; k++) {
		n_test += rs->warnings[k].test != NULL;
		if (shown[k] && rs->warnings[k].test) {
			ck_assert(strstr(rs->warnings[k].msg, "FFTW") ==
				  rs->warnings[k].msg);
			ck_assert(rs->warnings[k].loc.line == 57 ||
				  rs->warnings[k].loc.line == 62 ||
				  rs->warnings[k].loc.line == 67);
			n_shown++;
		}
		if (!rs->warnings[k].test)   /* about the input: always */
			ck_assert(shown[k]);
	}
	ck_assert_uint_eq(n_test, 6);
	ck_assert_uint_eq(n_shown, 3);
	free(shown);
	br_selection_fini(&sel);
	br_resultset_free(rs);
}
END_TEST

/* Whether name is a name or alias of a row with any of uses, ignoring
 * case (an independent walk over the table). */
static bool in_table(const char *name, unsigned uses)
{
	size_t k;

	for (k = 0; k < br_n_out_formats; k++)
		if ((br_out_formats[k].uses & uses) &&
		    (!strcasecmp(br_out_formats[k].name, name) ||
		     (*br_out_formats[k].alias &&
		      !strcasecmp(br_out_formats[k].alias, name))))
			return true;
	return false;
}

/* Each use finds exactly the names of its rows of the format table, in
 * any case (so --help and the errors, made from the table, list what
 * works), and every row gives each of its uses a writer. */
START_TEST(test_format_table)
{
	static const char *const others[] = {"jpg", "gif", "tex", "xlsx"};
	static const unsigned uses[] = {BR_OUT_TABLE, BR_OUT_CHART,
					BR_OUT_REPORT, BR_OUT_CONVERT};
	size_t k, j, u, c;
	char *list;

	for (k = 0; k < br_n_out_formats + 4; k++) {
		for (j = 0; j < 2; j++) {
			const char *n = k >= br_n_out_formats ?
				(j ? "" : others[k - br_n_out_formats]) :
				j ? br_out_formats[k].alias :
				    br_out_formats[k].name;
			char up[16];

			if (!*n)
				continue;
			for (c = 0; n[c] && c + 1 < sizeof up; c++)
				up[c] = (char)(n[c] >= 'a' && n[c] <= 'z' ?
					       n[c] - 'a' + 'A' : n[c]);
			up[c] = '\0';
			for (u = 0; u < 4; u++) {
				ck_assert_msg((br_out_format_find(n, uses[u])
					       != NULL) == in_table(n, uses[u]),
					      "%s for %u", n, uses[u]);
				ck_assert_msg(br_out_format_find(up, uses[u])
					      == br_out_format_find(n, uses[u]),
					      "%s for %u", up, uses[u]);
			}
		}
	}
	/* the writers of the names each command knows */
	ck_assert_int_eq(br_out_format_find("TXT", BR_OUT_TABLE)->table,
			 BR_FMT_TEXT);
	ck_assert_int_eq(br_out_format_find("Markdown", BR_OUT_TABLE)->table,
			 BR_FMT_MD);
	ck_assert_int_eq(br_out_format_find("CSV", BR_OUT_TABLE)->table,
			 BR_FMT_CSV);
	ck_assert_int_eq(br_out_format_find("text", BR_OUT_REPORT)->report,
			 BR_REPORT_TEXT);
	ck_assert_int_eq(br_out_format_find("HTM", BR_OUT_REPORT)->report,
			 BR_REPORT_HTML);
	ck_assert_int_eq(br_out_format_find("Png", BR_OUT_CHART)->image,
			 BR_IMAGE_PNG);
	ck_assert_int_eq(br_out_format_find("JSON", BR_OUT_CONVERT)->convert,
			 BR_CONVERT_JSON);
	ck_assert_int_eq(br_out_format_find("xml", BR_OUT_CONVERT)->convert,
			 BR_CONVERT_XML);
	ck_assert_ptr_null(br_out_format_find("xml", BR_OUT_TABLE));
	ck_assert_ptr_null(br_out_format_find(NULL, BR_OUT_TABLE));
	/* extensions: the last component's, not a hidden file's name */
	ck_assert_str_eq(br_out_path_ext("out/x.tar.CSV"), "CSV");
	ck_assert_ptr_null(br_out_path_ext("out.d/x"));
	ck_assert_ptr_null(br_out_path_ext("out/.csv"));
	ck_assert_ptr_null(br_out_path_ext(".csv"));
	ck_assert_ptr_null(br_out_path_ext("x"));
	list = br_out_format_list(BR_OUT_CHART | BR_OUT_REPORT, ".", " or ");
	ck_assert_str_eq(list, ".svg, .png, .pdf, .html, .txt or .md");
	free(list);
	list = br_out_format_list(BR_OUT_TABLE, "", ", ");
	ck_assert_str_eq(list, "text, csv, json, md");
	free(list);
}
END_TEST

Suite *br_suite_select(void)
{
	Suite *s = suite_create("select");
	TCase *tc = tcase_create("select");

	tcase_add_test(tc, test_edit_distance);
	tcase_add_test(tc, test_pattern_distance);
	tcase_add_test(tc, test_tests_patterns);
	tcase_add_test(tc, test_exact_and_anchors);
	tcase_add_test(tc, test_exclude);
	tcase_add_test(tc, test_system_names);
	tcase_add_test(tc, test_warnings_of_selected_tests);
	tcase_add_test(tc, test_format_table);
	suite_add_tcase(s, tc);
	return s;
}
