/*
 * check_uchar.c - terminal columns, right-to-left marks and the text
 * tables' shortened names (render/text/uchar.c, render/chart/labels.c).
 * Reference columns are wcwidth's (glibc, East Asian Width): a CJK
 * ideograph and a wide emoji 2, a combining accent and U+200E 0.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "render/text/uchar.h"
#include "render/text/words.h"

Suite *br_suite_uchar(void);

#define LRM "\xe2\x80\x8e"

START_TEST(test_cols)
{
	ck_assert_uint_eq(br_cols(""), 0);
	ck_assert_uint_eq(br_cols(NULL), 0);
	ck_assert_uint_eq(br_cols("abc"), 3);
	/* 测试一: three wide ideographs */
	ck_assert_uint_eq(br_cols("\xe6\xb5\x8b\xe8\xaf\x95\xe4\xb8\x80"), 6);
	/* Greek, precomposed e-acute: one each */
	ck_assert_uint_eq(br_cols("\xce\xa3\xcf\x8d\xcf\x83"), 3);
	ck_assert_uint_eq(br_cols("caf\xc3\xa9"), 4);
	/* e + U+0301 COMBINING ACUTE, U+200E, U+200D ZWJ: none */
	ck_assert_uint_eq(br_cols("e\xcc\x81"), 1);
	ck_assert_uint_eq(br_cols(LRM "\xe2\x80\x8d"), 0);
	/* U+1F600 emoji, U+FF21 fullwidth A, U+AC00 Hangul: wide */
	ck_assert_uint_eq(br_cols("\xf0\x9f\x98\x80\xef\xbc\xa1\xea\xb0\x80"),
			  6);
	/* Arabic letters one each, a harakah (U+064E) none */
	ck_assert_uint_eq(br_cols("\xd8\xae\xd9\x8e\xd8\xa7"), 2);
	/* a stray byte: one */
	ck_assert_uint_eq(br_cols("a\xff"), 2);
	/* prefixes by columns: a wide character is not split, marks
	 * stay with their letter */
	ck_assert_uint_eq(br_cols_prefix("\xe6\xb5\x8b\xe8\xaf\x95", 3), 3);
	ck_assert_uint_eq(br_cols_prefix("e\xcc\x81x", 1), 3);
}
END_TEST

static void marks_is(const char *in, const char *want)
{
	char *out = br_bidi_marks(in);

	ck_assert_ptr_nonnull(out);
	ck_assert_str_eq(out, want);
	free(out);
}

START_TEST(test_bidi_marks)
{
	/* no right-to-left letter: unchanged */
	marks_is("A is 3.5% faster", "A is 3.5% faster");
	marks_is("\xe6\xb5\x8b 1", "\xe6\xb5\x8b 1");
	/* خادم الاختبار 2: the span from the first to the last Arabic
	 * letter (the space between inside), the digit after it outside */
	marks_is("\xd8\xae\xd8\xa7\xd8\xaf\xd9\x85 \xd8\xa7\xd9\x84 2  3",
		 LRM "\xd8\xae\xd8\xa7\xd8\xaf\xd9\x85 \xd8\xa7\xd9\x84" LRM
		 " 2  3");
	/* שרת is ...: ends before the Latin letter; a second span on the
	 * next line is marked on its own */
	marks_is("\xd7\xa9\xd7\xa8\xd7\xaa is 1.5x faster than "
		 "\xd7\xa9\xd7\xa8\n\xd7\xaa x",
		 LRM "\xd7\xa9\xd7\xa8\xd7\xaa" LRM " is 1.5x faster than "
		 LRM "\xd7\xa9\xd7\xa8" LRM "\n" LRM "\xd7\xaa" LRM " x");
	/* a harakah after the last letter stays in the span */
	marks_is("\xd8\xae\xd9\x8e.", LRM "\xd8\xae\xd9\x8e" LRM ".");
	/* marked text stays as it is */
	marks_is(LRM "\xd7\xa9\xd7\xa8" LRM " 3", LRM "\xd7\xa9\xd7\xa8" LRM
		 " 3");
}
END_TEST

START_TEST(test_wrap_marks)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *fp = open_memstream(&buf, &len);

	ck_assert_ptr_nonnull(fp);
	/* "שרת שרת is 5% faster than A": wrapped at 12 columns, each
	 * line's right-to-left span marked on its own line */
	br_wrap(fp, 0, 2, 12, "%s is 5%% faster than A",
		"\xd7\xa9\xd7\xa8\xd7\xaa \xd7\xa9\xd7\xa8\xd7\xaa");
	ck_assert_int_eq(fclose(fp), 0);
	ck_assert_str_eq(buf, LRM "\xd7\xa9\xd7\xa8\xd7\xaa \xd7\xa9\xd7\xa8"
			 "\xd7\xaa" LRM " is\n  5% faster\n  than A\n");
	free(buf);
}
END_TEST

START_TEST(test_short_names)
{
	const char *names[] = {
		"AMD Ryzen 9 7950X - Linux 6.8 - mitigations=off",
		"AMD Ryzen 9 7950X - Linux 6.8 - mitigations=auto",
		"short",
		/* 测试测试测试测试测试测试一 / ...二: 26 columns each */
		"\xe6\xb5\x8b\xe8\xaf\x95\xe6\xb5\x8b\xe8\xaf\x95\xe6\xb5\x8b"
		"\xe8\xaf\x95\xe6\xb5\x8b\xe8\xaf\x95\xe6\xb5\x8b\xe8\xaf\x95"
		"\xe6\xb5\x8b\xe8\xaf\x95\xe4\xb8\x80",
		"\xe6\xb5\x8b\xe8\xaf\x95\xe6\xb5\x8b\xe8\xaf\x95\xe6\xb5\x8b"
		"\xe8\xaf\x95\xe6\xb5\x8b\xe8\xaf\x95\xe6\xb5\x8b\xe8\xaf\x95"
		"\xe6\xb5\x8b\xe8\xaf\x95\xe4\xba\x8c",
	};
	char **s = br_text_short_names(names, 5, 25);
	size_t i, j;

	ck_assert_ptr_nonnull(s);
	/* the middle goes: start and end kept */
	ck_assert_str_eq(s[0], "AMD Ryzen 9 ...ations=off");
	ck_assert_str_eq(s[1], "AMD Ryzen 9 ...tions=auto");
	ck_assert_str_eq(s[2], "short");
	for (i = 0; i < 5; i++) {
		ck_assert_uint_le(br_cols(s[i]), 25);
		for (j = 0; j < i; j++)
			ck_assert_str_ne(s[i], s[j]);
	}
	/* wide names end in their own last character */
	ck_assert_ptr_nonnull(strstr(s[3], "..."));
	ck_assert_ptr_nonnull(strstr(s[3], "\xe4\xb8\x80"));
	ck_assert_ptr_nonnull(strstr(s[4], "\xe4\xba\x8c"));
	br_text_short_names_free(s, 5);
	/* names alike at their start and end: told apart */
	{
		const char *alike[] = {"abcdefghij-1-klmnopqrstuv",
				       "abcdefghij-2-klmnopqrstuv"};

		s = br_text_short_names(alike, 2, 12);
		ck_assert_ptr_nonnull(s);
		ck_assert_str_ne(s[0], s[1]);
		ck_assert_uint_le(br_cols(s[1]), 12);
		br_text_short_names_free(s, 2);
	}
}
END_TEST

Suite *br_suite_uchar(void)
{
	Suite *s = suite_create("uchar");
	TCase *tc = tcase_create("uchar");

	tcase_add_test(tc, test_cols);
	tcase_add_test(tc, test_bidi_marks);
	tcase_add_test(tc, test_wrap_marks);
	tcase_add_test(tc, test_short_names);
	suite_add_tcase(s, tc);
	return s;
}
