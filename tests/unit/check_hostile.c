/*
 * check_hostile.c - hostile input content (issue 25): the attribute
 * pre-scan of PTS XML, NUL bytes in raw logs, what HTML, SVG and chart
 * text show of bidi and C1 controls and bytes that are not UTF-8
 * (doc/escaping.md).
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ingest/ingest.h"
#include "model/model.h"
#include "render/text/escape.h"

/* A name in a CSS string of the HTML report's style sheet: what the page
 * shows elsewhere (br_display_dup), with everything that could end the
 * string, the rule or the <style> element as a hex escape. */
START_TEST(test_css_string)
{
	static const struct {
		const char *in, *css;
	} cases[] = {
		{"</style><script>", "\\3c /style\\3e \\3c script\\3e "},
		{"a\"b\\c'd&e", "a\\22 b\\5c c\\27 d\\26 e"},
		{"x\x1b\r\n\ty\x7f", "x\\d \\a \\9 y\\7f "},
		{"evil\xe2\x80\xaetxt}", "evilU+202Etxt}"},
		{"raw\xff", "raw\xef\xbf\xbd"},
		{"", ""},
	};
	size_t i;

	for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		char *c = br_css_string_dup(cases[i].in);

		ck_assert_str_eq(c, cases[i].css);
		free(c);
	}
}
END_TEST

Suite *br_suite_hostile(void);

/* Read buf[0..len) as format (NULL: detect); the status, err set. */
static int read_as(const char *name, const char *buf, size_t len,
		   const char *format, struct br_error *err)
{
	struct br_resultset *rs = br_resultset_new();
	struct br_ingest_opts o;
	int rc;

	ck_assert_ptr_nonnull(rs);
	br_ingest_opts_defaults(&o);
	o.input_format = format;
	br_error_clear(err);
	rc = br_ingest_buffer(rs, name, buf, len, &o, err);
	br_resultset_free(rs);
	return rc;
}

#define PTS_HEAD "<?xml version=\"1.0\"?>\n<PhoronixTestSuite>\n"
#define PTS_TAIL "<Title>x</Title></Generated>\n</PhoronixTestSuite>\n"

/* Attributes are counted in start tags only: not in comments, CDATA,
 * processing instructions, quoted values or end tags. */
static const struct {
	const char *xml;
	int code;
	const char *where;
} attr_cases[] = {
	{PTS_HEAD "<Generated a=\"1\" b=\"2\" c=\"3\" d=\"4\" e=\"5\" f=\"6\" "
	 "g=\"7\" h=\"8\">" PTS_TAIL, BR_OK, ""},
	{PTS_HEAD "\n<Generated a=\"1\" b=\"2\" c=\"3\" d=\"4\" e=\"5\" "
	 "f=\"6\"\n g=\"7\" h=\"8\" i='9'>" PTS_TAIL, BR_EDATA, "a.xml:4"},
	{PTS_HEAD "<!-- a=1 b=2 c=3 d=4 e=5 f=6 g=7 h=8 i=9 -->\n"
	 "<?pi a=1 b=2 c=3 d=4 e=5 f=6 g=7 h=8 i=9 ?>\n"
	 "<Generated a=\"= = = = = = = = =\" b='>=>=>=>=>=>=>=>=>='>"
	 "<![CDATA[ a=1 b=2 c=3 d=4 e=5 f=6 g=7 h=8 i=9 ]]>"
	 PTS_TAIL, BR_OK, ""},
	/* "<!-->" is no comment's end: the '=' after it are in it */
	{PTS_HEAD "<!--> = = = = = = = = = -->\n<Generated>" PTS_TAIL,
	 BR_OK, ""},
};

START_TEST(test_pts_attributes)
{
	size_t i = (size_t)_i;
	struct br_error err;

	ck_assert_int_eq(read_as("a.xml", attr_cases[i].xml,
				 strlen(attr_cases[i].xml), "pts-xml", &err),
			 attr_cases[i].code);
	if (attr_cases[i].code == BR_OK)
		return;
	ck_assert_str_eq(err.where, attr_cases[i].where);
	ck_assert_str_eq(err.msg, "an element with more than 8 attributes "
			 "(PTS result files use none)");
}
END_TEST

/* The pre-scan carries its state from one chunk to the next: a big
 * file (parsed in 256 KiB chunks) with the tag at a chunk boundary. */
START_TEST(test_pts_attributes_chunks)
{
	size_t pad = ((size_t)1 << 18) - 30, len, k;
	char *buf = malloc(pad + 4096);
	struct br_error err;
	int i;

	ck_assert_ptr_nonnull(buf);
	len = (size_t)sprintf(buf, PTS_HEAD "<!--");
	memset(buf + len, ' ', pad);
	len += pad;
	len += (size_t)sprintf(buf + len, "-->\n<Generated");
	for (i = 0; i < 9; i++)
		len += (size_t)sprintf(buf + len, " a%d=\"x\"", i);
	k = len;
	len += (size_t)sprintf(buf + len, ">" PTS_TAIL);
	ck_assert_int_eq(read_as("c.xml", buf, len, "pts-xml", &err),
			 BR_EDATA);
	ck_assert_str_eq(err.where, "c.xml:4");
	/* eight are read */
	len = (size_t)sprintf(buf + k - 7, ">" PTS_TAIL) + k - 7;
	ck_assert_int_eq(read_as("c.xml", buf, len, "pts-xml", &err), BR_OK);
	free(buf);
}
END_TEST

/* A raw log stops at its first NUL byte, at its line, detected or
 * forced (it was read as a blank: a good log with NULs after it read). */
START_TEST(test_log_nul)
{
	static const char log[] = "Throughput 179.726 MB/sec 20 procs\n"
				  "\n\0\0\0\0";
	static const char *const formats[] = {
		NULL, "dbench", "fio", "time", "hyperfine", "pts-raw-csv",
		"iozone", "bonnie",
	};
	struct br_error err;
	size_t i;

	for (i = 0; i < sizeof formats / sizeof formats[0]; i++) {
		ck_assert_int_eq(read_as("d.log", log, sizeof log - 1,
					 formats[i], &err), BR_EDATA);
		ck_assert_str_eq(err.where, "d.log:3");
		ck_assert_str_eq(err.msg, "NUL byte in text input");
	}
	ck_assert_int_eq(read_as("d.log", log, 35, NULL, &err), BR_OK);
}
END_TEST

/* What br_xml_text(s) writes, as a new string. */
static char *xml_of(const char *s)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *fp = open_memstream(&buf, &len);

	ck_assert_ptr_nonnull(fp);
	br_xml_text(fp, s);
	ck_assert_int_eq(fclose(fp), 0);
	return buf;
}

/* HTML, SVG and XML show bidi embeddings, overrides and isolates and C1
 * controls as "U+HHHH", as terminals do, bytes that are not UTF-8 as
 * U+FFFD, a carriage return as &#13;; chart text (br_display_dup) the
 * same, unescaped. */
START_TEST(test_markup_visible)
{
	static const struct {
		const char *in, *xml, *display;
	} cases[] = {
		{"evil\xe2\x80\xaetxt.exe", "evilU+202Etxt.exe",
		 "evilU+202Etxt.exe"},
		{"\xe2\x80\xaa\xe2\x80\xab\xe2\x80\xac\xe2\x80\xad",
		 "U+202AU+202BU+202CU+202D", "U+202AU+202BU+202CU+202D"},
		{"i\xe2\x81\xa6\xe2\x81\xa7\xe2\x81\xa8\xe2\x81\xa9",
		 "iU+2066U+2067U+2068U+2069", "iU+2066U+2067U+2068U+2069"},
		{"csi\xc2\x9b" "31m\xc2\x85", "csiU+009B31mU+0085",
		 "csiU+009B31mU+0085"},
		{"raw\x9b\xff<&>", "raw\xef\xbf\xbd\xef\xbf\xbd&lt;&amp;&gt;",
		 "raw\xef\xbf\xbd\xef\xbf\xbd<&>"},
		{"a\x1b]0;t\x07\r\n\tb", "a]0;t&#13;\n\tb", "a]0;t\r\n\tb"},
		/* kept: a left-to-right mark, Hebrew, CJK */
		{"\xe2\x80\x8e\xd7\x90\xe4\xb8\xad", "\xe2\x80\x8e\xd7\x90"
		 "\xe4\xb8\xad", "\xe2\x80\x8e\xd7\x90\xe4\xb8\xad"},
	};
	size_t i;

	for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		char *x = xml_of(cases[i].in), *d = br_display_dup(cases[i].in);

		ck_assert_str_eq(x, cases[i].xml);
		ck_assert_str_eq(d, cases[i].display);
		free(x);
		free(d);
	}
}
END_TEST

Suite *br_suite_hostile(void)
{
	Suite *s = suite_create("hostile");
	TCase *tc = tcase_create("hostile");

	tcase_add_loop_test(tc, test_pts_attributes, 0,
			    sizeof attr_cases / sizeof attr_cases[0]);
	tcase_add_test(tc, test_pts_attributes_chunks);
	tcase_add_test(tc, test_log_nul);
	tcase_add_test(tc, test_markup_visible);
	tcase_add_test(tc, test_css_string);
	suite_add_tcase(s, tc);
	return s;
}
