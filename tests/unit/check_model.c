/* check_model.c - units, directions, display kinds, numbers, components,
 * test keys and prototype tests. */
#include <check.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/model.h"
#include "model/model_int.h"
#include "utf8_check.h"

Suite *br_suite_model(void);

START_TEST(test_units)
{
	static const struct {
		const char *text;
		enum br_dim dim;
		double scale;
		const char *canon;
	} cases[] = {
		{"MB/s", BR_DIM_BYTE_RATE, 1e6, "MB/s"},
		{"MiB/s", BR_DIM_BYTE_RATE, 1048576.0, "MiB/s"},
		{"KB/s", BR_DIM_BYTE_RATE, 1e3, "kB/s"},
		{"kB/s", BR_DIM_BYTE_RATE, 1e3, "kB/s"},
		{"KiB/s", BR_DIM_BYTE_RATE, 1024.0, "KiB/s"},
		{"GB/s", BR_DIM_BYTE_RATE, 1e9, "GB/s"},
		{"Seconds", BR_DIM_TIME, 1, "Seconds"},
		{"sec", BR_DIM_TIME, 1, "Seconds"},
		{"ms", BR_DIM_TIME, 1e-3, "ms"},
		{"Milliseconds", BR_DIM_TIME, 1e-3, "ms"},
		{"Microseconds", BR_DIM_TIME, 1e-6, "us"},
		{"Nanoseconds", BR_DIM_TIME, 1e-9, "ns"},
		{"TPS", BR_DIM_OP_RATE, 1, "TPS"},
		{"Ops/sec", BR_DIM_OP_RATE, 1, "Ops/sec"},
		{"IOPS", BR_DIM_OP_RATE, 1, "IOPS"},
		{"Files/s", BR_DIM_OP_RATE, 1, "Files/s"},
		{"Score", BR_DIM_SCORE, 1, "Score"},
		{"Final Score", BR_DIM_SCORE, 1, "Final Score"},
		{"Frobnicates", BR_DIM_UNKNOWN, 1, "Frobnicates"},
	};
	size_t i = (size_t)_i;
	struct br_unit u;

	br_unit_parse(cases[i].text, &u);
	ck_assert_int_eq(u.dim, cases[i].dim);
	ck_assert_double_eq(u.scale, cases[i].scale);
	ck_assert_str_eq(u.canon, cases[i].canon);
	ck_assert_str_eq(u.text, cases[i].text);
}
END_TEST

START_TEST(test_direction)
{
	struct br_unit u;

	ck_assert_int_eq(br_dir_from_proportion("HIB"), BR_DIR_HIB);
	ck_assert_int_eq(br_dir_from_proportion("LIB"), BR_DIR_LIB);
	ck_assert_int_eq(br_dir_from_proportion(""), BR_DIR_UNKNOWN);
	ck_assert_int_eq(br_dir_from_proportion("ABSTRACT"), BR_DIR_UNKNOWN);
	br_unit_parse("Seconds", &u);
	ck_assert_int_eq(br_dir_from_unit(&u), BR_DIR_LIB);
	br_unit_parse("MB/s", &u);
	ck_assert_int_eq(br_dir_from_unit(&u), BR_DIR_HIB);
	br_unit_parse("Score", &u);
	ck_assert_int_eq(br_dir_from_unit(&u), BR_DIR_UNKNOWN);
}
END_TEST

START_TEST(test_display_names)
{
	static const struct {
		const char *pts;
		enum br_display display;
		const char *name;   /* br_display_pts_name(display) */
	} cases[] = {
		{NULL, BR_DISPLAY_BAR, "BAR_GRAPH"},
		{"", BR_DISPLAY_BAR, "BAR_GRAPH"},
		{"BAR_GRAPH", BR_DISPLAY_BAR, "BAR_GRAPH"},
		{"HORIZONTAL_BAR_GRAPH", BR_DISPLAY_BAR, "BAR_GRAPH"},
		{"LINE_GRAPH", BR_DISPLAY_LINE, "LINE_GRAPH"},
		{"FILLED_LINE_GRAPH", BR_DISPLAY_LINE, "LINE_GRAPH"},
		{"line_graph", BR_DISPLAY_BAR, "BAR_GRAPH"},
		{"PASS_FAIL", BR_DISPLAY_PASS_FAIL, "PASS_FAIL"},
		{"MULTI_PASS_FAIL", BR_DISPLAY_MULTI_PASS_FAIL,
		 "MULTI_PASS_FAIL"},
		{"IMAGE_COMPARISON", BR_DISPLAY_OTHER, "BAR_GRAPH"},
		{"NO_RESULT", BR_DISPLAY_OTHER, "BAR_GRAPH"},
		{"SCATTER_PLOT", BR_DISPLAY_OTHER, "BAR_GRAPH"},
		{"PIE_CHART", BR_DISPLAY_OTHER, "BAR_GRAPH"},
	};
	size_t i;

	for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		ck_assert_int_eq(br_display_from_pts(cases[i].pts),
				 cases[i].display);
		ck_assert_str_eq(br_display_pts_name(cases[i].display),
				 cases[i].name);
	}
}
END_TEST

START_TEST(test_proto)
{
	struct br_loc loc = {"x.txt", 7};
	struct br_test t;

	memset(&t, 0xff, sizeof t);
	br_test_proto(&t, "Dbench", "MB/s", BR_DIR_HIB, BR_DISPLAY_LINE, &loc);
	ck_assert_str_eq(t.identifier, "");
	ck_assert_str_eq(t.title, "Dbench");
	ck_assert_str_eq(t.app_version, "");
	ck_assert_str_eq(t.arguments, "");
	ck_assert_str_eq(t.description, "");
	ck_assert_str_eq(t.scale, "MB/s");
	ck_assert_ptr_null(t.proportion);
	ck_assert_ptr_null(t.display_format);
	ck_assert_ptr_null(t.annotation);
	ck_assert_ptr_null(t.parent);
	ck_assert_ptr_null(t.x_label);
	ck_assert_ptr_null(t.x);
	ck_assert_ptr_null(t.entries);
	ck_assert_uint_eq(t.n_entries, 0);
	ck_assert_int_eq(t.dir, BR_DIR_HIB);
	ck_assert(!t.dir_inferred);
	ck_assert_int_eq(t.display, BR_DISPLAY_LINE);
	ck_assert_str_eq(t.loc.file, "x.txt");
	ck_assert_uint_eq(t.loc.line, 7);
	br_test_proto(&t, NULL, NULL, BR_DIR_UNKNOWN, BR_DISPLAY_BAR, NULL);
	ck_assert_str_eq(t.title, "");
	ck_assert_str_eq(t.scale, "");
	ck_assert_ptr_null(t.loc.file);
	ck_assert_uint_eq(t.loc.line, 0);
}
END_TEST

START_TEST(test_numbers)
{
	double v;
	int dec;

	ck_assert(br_parse_number("132.00", &v, &dec));
	ck_assert_double_eq(v, 132.0);
	ck_assert_int_eq(dec, 2);
	ck_assert(br_parse_number(" 845 ", &v, &dec));
	ck_assert_int_eq(dec, 0);
	ck_assert(br_parse_number("-1.5e3", &v, &dec));
	ck_assert_double_eq(v, -1500.0);
	ck_assert(br_parse_number("1e308", &v, NULL));
	ck_assert(!br_parse_number("1e309", &v, NULL));
	ck_assert(!br_parse_number("abc", &v, NULL));
	ck_assert(!br_parse_number("", &v, NULL));
	ck_assert(!br_parse_number("12,5", &v, NULL));
	ck_assert(!br_parse_number("nan", &v, NULL));
	ck_assert(!br_parse_number("inf", &v, NULL));
	ck_assert(!br_parse_number("0x10", &v, NULL));
	ck_assert(!br_parse_number(".", &v, NULL));
	ck_assert(!br_parse_number("1e", &v, NULL));
	/* -0 keeps its sign; leading zeros and signs as strtod reads them */
	ck_assert(br_parse_number("-0", &v, NULL));
	ck_assert(v == 0 && signbit(v));
	ck_assert(br_parse_number("+007.50", &v, &dec));
	ck_assert_double_eq(v, 7.5);
	ck_assert_int_eq(dec, 2);
}
END_TEST

/* Resolution (doc/statistics.md, "Resolution"): the step of a number as
 * written, of a double, and the finest step a sample keeps. */
START_TEST(test_resolution)
{
	struct br_sample s;

	ck_assert_double_eq(br_num_text_step("5", 1), 1);
	ck_assert_double_eq(br_num_text_step("0.37", 4), 0.01);
	ck_assert_double_eq(br_num_text_step(" -0.000", 7), 0.001);
	ck_assert_double_eq(br_num_text_step("1.5e-3", 6), 1e-4);
	ck_assert_double_eq(br_num_text_step("12E+2", 5), 100);
	ck_assert_double_eq(br_num_text_step("5.25 ", 5), 0.01);
	ck_assert_double_eq(br_num_text_step("5.25xyz", 7), 0);
	ck_assert_double_eq(br_num_text_step("1:30.5", 6), 0);
	ck_assert_double_eq_tol(br_duration_step("1:30.5", 6), 0.1, 1e-16);
	ck_assert_double_eq(br_duration_step("26:20", 5), 1);
	ck_assert_double_eq(br_duration_step("1:02:03", 7), 1);
	ck_assert_double_eq(br_duration_step("90", 2), 0);
	ck_assert_double_eq(br_num_text_step("4.9e-324", 8), 1e-300);
	ck_assert_double_eq(br_num_text_step("abc", 3), 0);
	ck_assert_double_eq(br_num_text_step("1e", 2), 0);
	ck_assert_double_eq(br_num_text_step("", 0), 0);
	ck_assert_double_eq(br_num_step(0.37), 0.01);
	ck_assert_double_eq(br_num_step(5.0), 1);
	ck_assert_double_eq(br_num_step(1200), 1);
	ck_assert_double_eq(br_num_step(0.1 + 0.2), 0.1);
	ck_assert_double_eq(br_num_step(-1.5e-170), 1e-171);
	ck_assert_double_eq(br_num_step(0), 0);
	ck_assert_double_eq(br_num_step(NAN), 0);
	ck_assert(br_num_step(1.0 / 3) <= 1e-15);  /* all its digits */
	memset(&s, 0, sizeof s);
	br_sample_note_step(&s, 0.1);
	br_sample_note_step(&s, 1);
	ck_assert_double_eq(s.resolution, 0.1);
	br_sample_note_step(&s, 0.01);
	br_sample_note_step(&s, 0);
	br_sample_note_step(&s, -1);
	br_sample_note_step(&s, INFINITY);
	ck_assert_double_eq(s.resolution, 0.01);
}
END_TEST

/* The fast path for plain decimals (<= 15 digits) is bit-for-bit
 * strtod, on random digit strings and on halfway-looking cases. */
START_TEST(test_numbers_vs_strtod)
{
	static const char *const fixed[] = {
		"0.1", "0.2", "0.3", "1.005", "2.675", "0.125", "1e0",
		"999999999999999", "99999999999999.9", "0.000000000000001",
		"123456789012345", "1234567890123456", "9007199254740993",
		"4.35", "-8.675", ".5", "5.", "000000000000000000001",
	};
	unsigned long x = 12345;
	char buf[64];
	double a, b;
	size_t i;
	int k;

	for (i = 0; i < sizeof fixed / sizeof fixed[0]; i++) {
		ck_assert_msg(br_parse_number(fixed[i], &a, NULL), "%s",
			      fixed[i]);
		b = strtod(fixed[i], NULL);
		ck_assert_msg(!memcmp(&a, &b, sizeof a), "%s: %a vs %a",
			      fixed[i], a, b);
	}
	for (i = 0; i < 200000; i++) {
		int digits = 1 + (int)(i % 17), point;
		size_t n = 0;

		if (i & 1)
			buf[n++] = '-';
		x = x * 6364136223846793005UL + 1442695040888963407UL;
		point = (int)((x >> 33) % (unsigned long)(digits + 1));
		for (k = 0; k < digits; k++) {
			if (k == point && k > 0)
				buf[n++] = '.';
			x = x * 6364136223846793005UL + 1442695040888963407UL;
			buf[n++] = (char)('0' + (x >> 33) % 10);
		}
		buf[n] = '\0';
		ck_assert(br_parse_number(buf, &a, NULL));
		b = strtod(buf, NULL);
		ck_assert_msg(!memcmp(&a, &b, sizeof a), "%s: %a vs %a", buf,
			      a, b);
	}
}
END_TEST

START_TEST(test_components)
{
	struct br_resultset *rs = br_resultset_new();
	struct br_error err;
	struct br_kv *kv;
	size_t n;

	br_error_clear(&err);
	ck_assert_int_eq(br_rs_parse_components(rs,
		"Processor: AMD Ryzen Threadripper 2950X 16-Core @ 3.50GHz "
		"(16 Cores / 32 Threads), Memory: 4 x 8192 MB DDR4-2933MT/s, "
		"Disk: A + B", &kv, &n, &err), BR_OK);
	ck_assert_uint_eq(n, 3);
	ck_assert_str_eq(kv[0].key, "Processor");
	ck_assert_str_eq(kv[0].value, "AMD Ryzen Threadripper 2950X 16-Core "
			 "@ 3.50GHz (16 Cores / 32 Threads)");
	ck_assert_str_eq(kv[1].key, "Memory");
	ck_assert_str_eq(kv[2].value, "A + B");
	br_resultset_free(rs);
}
END_TEST

START_TEST(test_hash)
{
	/* The example of doc/pts-format.md section 1.6, checked with sha1sum. */
	struct br_test t = {0};
	char hex[41];
	char *key;

	t.identifier = "pts/dbench-1.0.0";
	t.arguments = "1";
	t.description = "Client Count: 1";
	t.app_version = "4.0";
	t.scale = "MB/s";
	key = br_test_key(&t);
	ck_assert_str_eq(key, "pts/dbench-1.0,1,Client Count: 1,4.0,MB/s");
	free(key);
	br_test_hash(&t, hex);
	ck_assert_str_eq(hex, "04726263abb07903ba2ccffae9efce64e8f4a49a");
	br_sha1_hex("abc", 3, hex);
	ck_assert_str_eq(hex, "a9993e364706816aba3e25717850c26c9cd0d89d");
	br_sha1_hex("", 0, hex);
	ck_assert_str_eq(hex, "da39a3ee5e6b4b0d3255bfef95601890afd80709");
}
END_TEST

START_TEST(test_map_many)
{
	struct br_resultset *rs = br_resultset_new();
	struct br_error err;
	char name[32];
	size_t i;

	br_error_clear(&err);
	for (i = 0; i < 20000; i++) {
		snprintf(name, sizeof name, "sys-%zu", i);
		ck_assert_uint_eq(br_rs_system(rs, name, true, NULL, &err), i);
	}
	ck_assert_uint_eq(br_rs_system(rs, "sys-12345", false, NULL, &err),
			  12345);
	ck_assert_uint_eq(br_rs_system(rs, "nope", false, NULL, &err),
			  (size_t)-1);
	br_resultset_free(rs);
}
END_TEST

START_TEST(test_error_first_wins)
{
	struct br_error err;

	br_error_clear(&err);
	br_error_set(&err, BR_EDATA, "a.xml", 42, "first %d", 1);
	br_error_set(&err, BR_EIO, "b.xml", 7, "second");
	ck_assert_int_eq(err.code, BR_EDATA);
	ck_assert_str_eq(err.where, "a.xml:42");
	ck_assert_str_eq(err.msg, "first 1");
	br_error_clear(&err);
	br_error_set(&err, BR_EDATA, NULL, 0, "line\nbreak");
	ck_assert_str_eq(err.msg, "line break");
}
END_TEST

/* br_utf8_cut drops a character cut short at the end, and only that;
 * br_utf8_fit stops a prefix before a character it would cut. */
START_TEST(test_utf8_cut)
{
	static const struct {
		const char *in, *out;
	} cases[] = {
		{"", ""},
		{"abc", "abc"},
		{"ab\xc3\xa9\xc3", "ab\xc3\xa9"},             /* 2-byte cut */
		{"ab\xc3\xa9", "ab\xc3\xa9"},                 /* whole */
		{"a\xe6", "a"},                               /* 3-byte cut */
		{"a\xe6\xb5", "a"},
		{"a\xe6\xb5\x8b", "a\xe6\xb5\x8b"},
		{"a\xf0", "a"},                               /* 4-byte cut */
		{"a\xf0\x9f", "a"},
		{"a\xf0\x9f\x98", "a"},
		{"a\xf0\x9f\x98\x80", "a\xf0\x9f\x98\x80"},
		{"\xc3", ""},
	};
	static const char s[] = "a\xc3\xa9\xe6\xb5\x8b";  /* a e-acute ce */
	char buf[16];
	size_t i;

	for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		strcpy(buf, cases[i].in);
		br_utf8_cut(buf);
		ck_assert_str_eq(buf, cases[i].out);
	}
	ck_assert_uint_eq(br_utf8_fit(s, 0), 0);
	ck_assert_uint_eq(br_utf8_fit(s, 1), 1);
	ck_assert_uint_eq(br_utf8_fit(s, 2), 1);       /* not half an e */
	ck_assert_uint_eq(br_utf8_fit(s, 3), 3);
	ck_assert_uint_eq(br_utf8_fit(s, 4), 3);
	ck_assert_uint_eq(br_utf8_fit(s, 5), 3);
	ck_assert_uint_eq(br_utf8_fit(s, 6), 6);
	ck_assert_uint_eq(br_utf8_fit(s, 60), 6);      /* all of it */
}
END_TEST

/* 600 bytes of one character: e acute (2 bytes), a CJK ideograph (3),
 * an emoji (4).  None divides 511, the room of a br_error field. */
static const char *const long_chars[] = {
	"\xc3\xa9", "\xe6\xb5\x8b", "\xf0\x9f\x98\x80",
};

/* A message and a file name of 600 bytes of non-ASCII text: the error's
 * fixed fields cut them, but never in the middle of a character. */
START_TEST(test_error_long_utf8)
{
	const char *ch = long_chars[_i];
	struct br_error err;
	char name[601];

	utf8_fill(name, sizeof name, ch);
	ck_assert_uint_eq(strlen(name), 600);
	br_error_clear(&err);
	br_error_set(&err, BR_EDATA, name, 42, "%s", name);
	ck_assert_msg(valid_utf8(err.msg), "msg cut inside a character");
	ck_assert_msg(valid_utf8(err.where), "where cut inside a character");
	/* cut at the last whole character that fits: 511 bytes less at
	 * most 3 */
	ck_assert_uint_ge(strlen(err.msg), sizeof err.msg - 4);
	ck_assert_uint_ge(strlen(err.where), sizeof err.where - 4);
	ck_assert(strncmp(err.msg, name, strlen(err.msg)) == 0);
	ck_assert(strncmp(err.where, name, strlen(err.where)) == 0);
}
END_TEST

/* A warning has no fixed buffer: one quoting a 600-byte name three
 * times (title, description, system) is kept whole, as are
 * br_arena_printf's and br_strf's strings. */
START_TEST(test_warn_long_utf8)
{
	const char *ch = long_chars[_i];
	struct br_resultset *rs = br_resultset_new();
	char name[601], *want, *heap;
	const char *arena;

	ck_assert_ptr_nonnull(rs);
	utf8_fill(name, sizeof name, ch);
	want = malloc(3 * 600 + 16);
	ck_assert_ptr_nonnull(want);
	sprintf(want, "%s - %s: %s", name, name, name);
	br_rs_warn(rs, NULL, "%s - %s: %s", name, name, name);
	ck_assert_uint_eq(rs->n_warnings, 1);
	ck_assert_msg(valid_utf8(rs->warnings[0].msg),
		      "warning cut inside a character");
	/* (not ck_assert_str_eq: it would print 3 x 1,800 bytes) */
	ck_assert_msg(strcmp(rs->warnings[0].msg, want) == 0,
		      "warning of %zu bytes kept as %zu", strlen(want),
		      strlen(rs->warnings[0].msg));
	arena = br_arena_printf(rs->arena, "%s - %s: %s", name, name, name);
	ck_assert(arena && strcmp(arena, want) == 0);
	heap = br_strf("%s - %s: %s", name, name, name);
	ck_assert(heap && strcmp(heap, want) == 0);
	free(heap);
	free(want);
	br_resultset_free(rs);
}
END_TEST

Suite *br_suite_model(void)
{
	Suite *s = suite_create("model");
	TCase *tc = tcase_create("model");

	tcase_add_loop_test(tc, test_units, 0, 19);
	tcase_add_test(tc, test_direction);
	tcase_add_test(tc, test_display_names);
	tcase_add_test(tc, test_proto);
	tcase_add_test(tc, test_numbers);
	tcase_add_test(tc, test_numbers_vs_strtod);
	tcase_add_test(tc, test_resolution);
	tcase_add_test(tc, test_components);
	tcase_add_test(tc, test_hash);
	tcase_add_test(tc, test_map_many);
	tcase_add_test(tc, test_error_first_wins);
	tcase_add_test(tc, test_utf8_cut);
	tcase_add_loop_test(tc, test_error_long_utf8, 0, 3);
	tcase_add_loop_test(tc, test_warn_long_utf8, 0, 3);
	suite_add_tcase(s, tc);
	return s;
}
