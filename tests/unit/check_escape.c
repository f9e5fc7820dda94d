/*
 * check_escape.c - the escapers every output shares (issue 13,
 * "Injection"): text for terminals (br_visible: ESC, BEL, DEL, C1
 * controls, bytes that are not UTF-8 and bidi overrides as visible
 * escapes, and the widths that keep tables aligned), Markdown
 * (br_md_text: no link, image, HTML or entity from a name), CSV
 * (br_csv_field: no spreadsheet formula, quoting, and a round trip
 * through a reader that drops the guard apostrophe), JSON
 * (br_json_string: exact \u escapes) and the word wrapper of sentences.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/sentence.h"
#include "render/text/escape.h"
#include "render/table/table.h"
#include "render/text/words.h"

Suite *br_suite_escape(void);

/* What writer(fp, s) writes, as a new string. */
static char *written(void (*writer)(FILE *, const char *), const char *s)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *fp = open_memstream(&buf, &len);

	ck_assert_ptr_nonnull(fp);
	writer(fp, s);
	ck_assert_int_eq(fclose(fp), 0);
	return buf;
}

static void vis0(FILE *fp, const char *s)
{
	br_visible(fp, s, 0);
}

static void check_writer(void (*writer)(FILE *, const char *), const char *s,
			 const char *want)
{
	char *got = written(writer, s);

	ck_assert_msg(!strcmp(got, want), "%s: got \"%s\", want \"%s\"", s,
		      got, want);
	free(got);
}

/* ------------------------------------------------------- br_visible */

START_TEST(test_visible_controls)
{
	static const struct {
		const char *in, *out;
	} cases[] = {
		{"plain ASCII ~!@#$%^&*()", "plain ASCII ~!@#$%^&*()"},
		{"", ""},
		/* C0 controls, DEL: ESC sequences of every kind, BEL */
		{"a\x1b[31mred\x1b[0m", "a\\x1b[31mred\\x1b[0m"},
		{"\x1b]0;title\x07", "\\x1b]0;title\\x07"},
		{"\x01\x08\x0b\x0c\x1f\x7f", "\\x01\\x08\\x0b\\x0c\\x1f\\x7f"},
		{"tab\tnl\ncr\r", "tab\\tnl\\ncr\\r"},
		/* C1 controls in UTF-8: CSI, NEL, the first and the last */
		{"x\xc2\x9b" "2J", "xU+009B2J"},
		{"\xc2\x85\xc2\x80\xc2\x9f", "U+0085U+0080U+009F"},
		/* bidi embeddings, overrides and isolates */
		{"\xe2\x80\xaa\xe2\x80\xab\xe2\x80\xac\xe2\x80\xad\xe2\x80\xae",
		 "U+202AU+202BU+202CU+202DU+202E"},
		{"a\xe2\x81\xa6" "b\xe2\x81\xa7\xe2\x81\xa8\xe2\x81\xa9",
		 "aU+2066bU+2067U+2068U+2069"},
		/* their neighbours and other UTF-8 stay as they are */
		{"\xc2\xa0\xc3\xa9\xe2\x80\xa9\xe2\x80\xaf\xe2\x81\xa5\xe2\x81\xaa"
		 "\xe4\xb8\xad\xf0\x9f\x98\x80",
		 "\xc2\xa0\xc3\xa9\xe2\x80\xa9\xe2\x80\xaf\xe2\x81\xa5\xe2\x81\xaa"
		 "\xe4\xb8\xad\xf0\x9f\x98\x80"},
		/* bytes that are not UTF-8: a lone 0x9b (CSI in Latin-1
		 * terminals), a cut sequence, an overlong '/', a surrogate */
		{"\x9b" "2J", "\\x9b2J"},
		{"\xe2\x80", "\\xe2\\x80"},
		{"\xc0\xaf", "\\xc0\\xaf"},
		{"\xed\xa0\x80", "\\xed\\xa0\\x80"},
		{"\xff\xfe", "\\xff\\xfe"},
		/* a backslash stays one */
		{"C:\\x1b", "C:\\x1b"},
	};
	size_t i;

	for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		char *dup = br_visible_dup(cases[i].in, 0);

		check_writer(vis0, cases[i].in, cases[i].out);
		ck_assert_str_eq(dup, cases[i].out);
		free(dup);
		ck_assert_uint_eq(br_visible_width(cases[i].in, 0),
				  br_visible_width(cases[i].out, 0));
		ck_assert_int_eq(br_visible_plain(cases[i].in, 0),
				 !strcmp(cases[i].in, cases[i].out));
		/* escaped text needs no escaping again */
		ck_assert(br_visible_plain(cases[i].out, 0));
	}
}
END_TEST

START_TEST(test_visible_keep)
{
	char esc[BR_VIS_ESC_MAX];
	char *s;

	s = br_visible_dup("a\tb\nc\r\x1b", BR_VIS_TAB);
	ck_assert_str_eq(s, "a\tb\\nc\\r\\x1b");
	free(s);
	s = br_visible_dup("a\tb\nc\r\x1b", BR_VIS_LF);
	ck_assert_str_eq(s, "a\\tb\nc\\r\\x1b");
	free(s);
	s = br_visible_dup("a\tb\nc\r\x1b", BR_VIS_CR);
	ck_assert_str_eq(s, "a\\tb\\nc\r\\x1b");
	free(s);
	s = br_visible_dup("a\tb\nc\r\x1b", BR_VIS_TAB | BR_VIS_LF |
			   BR_VIS_CR);
	ck_assert_str_eq(s, "a\tb\nc\r\\x1b");
	free(s);
	ck_assert(br_visible_plain("a\tb\n", BR_VIS_TAB | BR_VIS_LF));
	ck_assert(!br_visible_plain("a\tb\n", BR_VIS_TAB));
	ck_assert(br_visible_plain(NULL, 0));
	/* one character at a time: its length and its escape */
	ck_assert_uint_eq(br_visible_char("\xe2\x80\xae!", 0, esc), 3);
	ck_assert_str_eq(esc, "U+202E");
	ck_assert_uint_eq(br_visible_char("\xc3\xa9", 0, esc), 2);
	ck_assert_str_eq(esc, "");
	ck_assert_uint_eq(br_visible_char("\xc3", 0, esc), 1);
	ck_assert_str_eq(esc, "\\xc3");
	ck_assert_uint_eq(br_visible_char("\t", BR_VIS_TAB, esc), 1);
	ck_assert_str_eq(esc, "");
}
END_TEST

START_TEST(test_visible_width)
{
	/* one column per character written: code points, escapes */
	ck_assert_uint_eq(br_visible_width("caf\xc3\xa9", 0), 4);
	ck_assert_uint_eq(br_visible_width("A\x1b[2J", 0), 8);
	ck_assert_uint_eq(br_visible_width("D\xe2\x80\xae" "x", 0), 8);
	ck_assert_uint_eq(br_visible_width("\t", 0), 2);
	ck_assert_uint_eq(br_visible_width("\t", BR_VIS_TAB), 1);
	ck_assert_uint_eq(br_visible_width(NULL, 0), 0);
}
END_TEST

/* ----------------------------------------------------------- Markdown */

static void md(FILE *fp, const char *s)
{
	br_md_text(fp, s);
}

START_TEST(test_md_text)
{
	/* links, images, javascript:, HTML, entities: text */
	check_writer(md, "[sys](https://evil.example/phish) "
		     "![i](https://evil.example/track.png)",
		     "\\[sys\\](https://evil.example/phish) "
		     "\\!\\[i\\](https://evil.example/track.png)");
	check_writer(md, "[click me](javascript:alert(1))",
		     "\\[click me\\](javascript:alert(1))");
	check_writer(md, "<img src=x onerror=alert(1)> &#106;avascript:",
		     "\\<img src=x onerror=alert(1)\\> \\&\\#106;avascript:");
	/* emphasis, code, strike-through, headings, table columns, the
	 * backslash itself */
	check_writer(md, "*b* _i_ `c` ~~s~~ # a|b \\",
		     "\\*b\\* \\_i\\_ \\`c\\` \\~\\~s\\~\\~ \\# a\\|b \\\\");
	/* one line, one cell */
	check_writer(md, "a\nb\r\nc\td", "a b  c d");
	/* controls as on a terminal, their backslash escaped: a Markdown
	 * viewer shows \x1b */
	check_writer(md, "\x1b[31m\xe2\x80\xae\xc2\x9b",
		     "\\\\x1b\\[31mU+202EU+009B");
	check_writer(md, "caf\xc3\xa9 \xe4\xb8\xad", "caf\xc3\xa9 \xe4\xb8\xad");
}
END_TEST

/* ---------------------------------------------------------------- CSV */

static void csv(FILE *fp, const char *s)
{
	br_csv_field(fp, s);
}

START_TEST(test_csv_formula)
{
	/* formulas get an apostrophe; quoting as RFC 4180 needs */
	check_writer(csv, "=HYPERLINK(\"http://evil\",\"x\")",
		     "\"'=HYPERLINK(\"\"http://evil\"\",\"\"x\"\")\"");
	check_writer(csv, "=1+1", "'=1+1");
	check_writer(csv, "+cmd|/C calc!A0", "'+cmd|/C calc!A0");
	check_writer(csv, "-2+3", "'-2+3");
	check_writer(csv, "@SUM(A1)", "'@SUM(A1)");
	check_writer(csv, "-x 4", "'-x 4");
	check_writer(csv, "-", "'-");
	check_writer(csv, "+", "'+");
	/* a tab or CR first: guarded and quoted */
	check_writer(csv, "\t=1+1", "\"'\t=1+1\"");
	check_writer(csv, "\r=1+1", "\"\\r=1+1\"");
	/* apostrophes already there: one more, so that dropping one gives
	 * the text back */
	check_writer(csv, "'=x", "''=x");
	check_writer(csv, "''-5", "'''-5");
	/* numbers stay numbers */
	check_writer(csv, "-5.5", "-5.5");
	check_writer(csv, "+5", "+5");
	check_writer(csv, "-1e-05", "-1e-05");
	check_writer(csv, "-.5", "-.5");
	check_writer(csv, "-5.", "-5.");
	check_writer(csv, "1E+300", "1E+300");
	/* ... but not number-like text */
	check_writer(csv, "-5.5 ", "\"'-5.5 \"");
	check_writer(csv, "-1e", "'-1e");
	check_writer(csv, "-inf", "'-inf");
	check_writer(csv, "-0x10", "'-0x10");
	/* others untouched */
	check_writer(csv, "a=b", "a=b");
	check_writer(csv, "'quoted'", "'quoted'");
	check_writer(csv, "", "");
	ck_assert(!br_csv_formula("'"));
	ck_assert(!br_csv_formula("'a"));
	ck_assert(br_csv_formula("'+"));
}
END_TEST

START_TEST(test_csv_quoting)
{
	check_writer(csv, "a,b", "\"a,b\"");
	check_writer(csv, "say \"hi\"", "\"say \"\"hi\"\"\"");
	check_writer(csv, "two\nlines", "\"two\nlines\"");
	check_writer(csv, "a\tb", "\"a\tb\"");
	check_writer(csv, " lead", "\" lead\"");
	check_writer(csv, "trail ", "\"trail \"");
	check_writer(csv, "#comment", "\"#comment\"");
	check_writer(csv, "a#b", "a#b");
	/* controls as on a terminal (tab and line breaks are CSV's) */
	check_writer(csv, "A\x1b[31m\x07\xe2\x80\xae", "A\\x1b[31m\\x07U+202E");
	check_writer(csv, "\x1b\"", "\"\\x1b\"\"\"");
	check_writer(csv, "caf\xc3\xa9", "caf\xc3\xa9");
}
END_TEST

/* Drop the guard as the tidy CSV reader does (ingest/csv_tidy.c): one
 * apostrophe before '*[=+-@\t\r]. */
/* --------------------------------------------------------------- JSON */

static void json(FILE *fp, const char *s)
{
	br_json_string(fp, s);
}

START_TEST(test_json_string)
{
	check_writer(json, "a\x1b[31m\x07\x7f\"\\</", "\"a\\u001b[31m\\u0007"
		     "\\u007f\\\"\\\\\\u003c/\"");
	/* C1 controls and bidi overrides as \u escapes: exact */
	check_writer(json, "\xc2\x9b\xe2\x80\xae\xe2\x81\xa9",
		     "\"\\u009b\\u202e\\u2069\"");
	/* other UTF-8 as it is; a byte that is not UTF-8 is U+FFFD */
	check_writer(json, "caf\xc3\xa9 \xe4\xb8\xad \xff\xe2\x80",
		     "\"caf\xc3\xa9 \xe4\xb8\xad \\ufffd\\ufffd\\ufffd\"");
}
END_TEST

/* ---------------------------------------------------------- sentences */

START_TEST(test_wrap_visible)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *fp = open_memstream(&buf, &len);

	ck_assert_ptr_nonnull(fp);
	br_wrap(fp, 2, 2, 40, "%s is 3.6%% faster than %s (95%%" BR_NBSP
		"CI)", "A\x1b[2J\xe2\x80\xae", "B\x07\xc2\x9b" "C");
	/* line feeds and tabs in a name are blanks between words; a
	 * carriage return would move the cursor back over the line */
	br_wrap(fp, 0, 2, 72, "%s", "two\nlines\tand\r\ntabs");
	ck_assert_int_eq(fclose(fp), 0);
	ck_assert_str_eq(buf, "  A\\x1b[2JU+202E is 3.6% faster than\n"
			 "    B\\x07U+009BC (95% CI)\n"
			 "two lines and\\r tabs\n");
	free(buf);
}
END_TEST

Suite *br_suite_escape(void)
{
	Suite *s = suite_create("escape");
	TCase *tc = tcase_create("escape");

	tcase_add_test(tc, test_visible_controls);
	tcase_add_test(tc, test_visible_keep);
	tcase_add_test(tc, test_visible_width);
	tcase_add_test(tc, test_md_text);
	tcase_add_test(tc, test_csv_formula);
	tcase_add_test(tc, test_csv_quoting);
	tcase_add_test(tc, test_json_string);
	tcase_add_test(tc, test_wrap_visible);
	suite_add_tcase(s, tc);
	return s;
}
