/*
 * check_prov.c - where a report's numbers come from (doc/templates.md,
 * "Provenance"): the notes PTS prints from System/JSON, read into
 * system details in PTS's words (doc/pts-format.md section 1.3); links
 * to OpenBenchmarking.org only for identifiers of the strict patterns
 * (doc/escaping.md, "Links"); and a hostile result file whose every
 * provenance field stays text in the HTML and Markdown reports.
 *
 * The expected details of the real file (tests/data/pts-real/
 * manuel-zstd-10.8.4.xml) were read off its System/JSON by hand.
 */
#include <check.h>
#include <libxml/HTMLparser.h>
#include <libxml/tree.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/analysis.h"
#include "ingest/ingest.h"
#include "model/model.h"
#include "render/text/escape.h"
#include "render/report/report.h"
#include "analyse_check.h"

Suite *br_suite_prov(void);

/* ------------------------------------------------------------- links */

static const struct {
	const char *id, *url;  /* url NULL: no link */
} profiles[] = {
	{"pts/fftw-1.2.0", "https://openbenchmarking.org/test/pts/fftw-1.2.0"},
	{"pts/dbench", "https://openbenchmarking.org/test/pts/dbench"},
	{"system/blender-1.0.0",
	 "https://openbenchmarking.org/test/system/blender-1.0.0"},
	{"local/mine-1.0.0", NULL},
	{"pts/", NULL},
	{"pts/-x", NULL},
	{"pts/Fftw-1.2.0", NULL},
	{"pts/x\"><script>", NULL},
	{"pts/x y", NULL},
	{"pts/x/../../y", NULL},
	{"javascript:alert(1)", NULL},
	{"https://evil.example/pts/x", NULL},
	{"", NULL},
	{"pts/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa",
	 NULL},                                       /* 65 after the '/' */
};

START_TEST(test_profile_url)
{
	size_t i = (size_t)_i;
	char buf[160];
	bool ok = br_pts_profile_url(profiles[i].id, buf, sizeof buf);

	ck_assert_msg(ok == (profiles[i].url != NULL), "%s", profiles[i].id);
	ck_assert_str_eq(buf, profiles[i].url ? profiles[i].url : "");
}
END_TEST

static const struct {
	const char *id, *url;
} results[] = {
	{"1904258-SP-1904234HV78",
	 "https://openbenchmarking.org/result/1904258-SP-1904234HV78"},
	{"2403011-NE-VARIANTS01",
	 "https://openbenchmarking.org/result/2403011-NE-VARIANTS01"},
	{"190425-SP-1904234HV78", NULL},
	{"1904258-SP", NULL},
	{"1904258-SP-", NULL},
	{"1904258-SP-19042/../x", NULL},
	{"1904258-SP-1904234HV78\"><b>", NULL},
	{"1904258-SP-1904234HV78-X", NULL},
	{NULL, NULL},
};

START_TEST(test_result_url)
{
	size_t i = (size_t)_i;
	char buf[160], small[20];

	ck_assert(br_ob_result_url(results[i].id, buf, sizeof buf) ==
		  (results[i].url != NULL));
	ck_assert_str_eq(buf, results[i].url ? results[i].url : "");
	/* a buffer too small gives no link, never a cut one */
	ck_assert(!br_ob_result_url(results[i].id, small, sizeof small));
	ck_assert_str_eq(small, "");
}
END_TEST

/* ------------------------------------------------------------ details */

/* System j's detail key, or NULL. */
static const char *detail(const struct br_system *s, const char *key)
{
	size_t i;

	for (i = 0; i < s->n_details; i++)
		if (!strcmp(s->details[i].key, key))
			return s->details[i].value;
	return NULL;
}

START_TEST(test_details_real)
{
	struct br_resultset *rs = br_resultset_new();
	struct br_ingest_opts io;
	struct br_error err;
	const struct br_system *s;

	br_ingest_opts_defaults(&io);
	br_error_clear(&err);
	ck_assert_int_eq(br_ingest_path(rs, "data/pts-real/"
		"manuel-zstd-10.8.4.xml", &io, &err), BR_OK);
	s = rs->systems[0];
	ck_assert_uint_eq(s->n_details, 4);
	/* PTS's order: Kernel, Environment, Processor, then the rest */
	ck_assert_str_eq(s->details[0].key, "Kernel");
	ck_assert_str_eq(s->details[0].value,
			 "Transparent Huge Pages: always");
	ck_assert_str_eq(s->details[1].key, "Environment");
	ck_assert_str_eq(s->details[1].value,
			 "FLAGS=-O3 CXXFLAGS=-O3 CFLAGS=-O3");
	ck_assert_str_eq(s->details[2].key, "Processor");
	ck_assert_str_eq(s->details[2].value, "Scaling Governor: "
			 "intel_cpufreq schedutil - CPU Microcode: 0x42e");
	ck_assert_str_eq(s->details[3].key, "Security");
	ck_assert(!strncmp(s->details[3].value, "gather_data_sampling: Not "
			   "affected + itlb_multihit: KVM: Mitigation", 58));
	/* JSON's "\/" read as '/' */
	ck_assert_ptr_nonnull(strstr(s->details[3].value,
				     "usercopy/swapgs barriers"));
	br_resultset_free(rs);
}
END_TEST

/* PTS's wording of each key, from System/JSON written here. */
START_TEST(test_details_words)
{
	static const char xml[] =
		"<PhoronixTestSuite><System><Identifier>A</Identifier>"
		"<JSON>{\"kernel-parameters\":\"quiet\","
		"\"kernel-extra-details\":\"THP: madvise\","
		"\"disk-scheduler\":\"NONE\",\"disk-mount-options\":\"rw\","
		"\"disk-details\":\"Block Size: 4096\","
		"\"cpu-scaling-governor\":\"acpi-cpufreq ondemand\","
		"\"platform-profile\":\"balanced\",\"cpu-thermald\":\"2.4\","
		"\"graphics-aa\":\"AA 4x\",\"vbios-version\":\"1.2\","
		"\"graphics-compute-cores\":\"2304\",\"python\":\"Python 3.11\","
		"\"some_other-key\":42,\"empty\":\"\",\"obj\":{\"a\":1}}</JSON>"
		"</System><Result><Identifier>pts/t</Identifier><Title>T"
		"</Title><Scale>s</Scale><Proportion>LIB</Proportion><Data>"
		"<Entry><Identifier>A</Identifier><Value>1</Value>"
		"<RawString>1</RawString></Entry></Data></Result>"
		"</PhoronixTestSuite>";
	struct br_resultset *rs = br_resultset_new();
	struct br_ingest_opts io;
	struct br_error err;
	const struct br_system *s;

	br_ingest_opts_defaults(&io);
	br_error_clear(&err);
	ck_assert_msg(br_ingest_buffer(rs, "sys.xml", xml, strlen(xml), &io,
				       &err) == BR_OK, "%s", err.msg);
	s = rs->systems[0];
	ck_assert_str_eq(detail(s, "Kernel"), "quiet - THP: madvise");
	ck_assert_str_eq(detail(s, "Disk"), "NONE / rw / Block Size: 4096");
	ck_assert_str_eq(detail(s, "Processor"), "Scaling Governor: "
			 "acpi-cpufreq ondemand - Platform Profile: balanced - "
			 "Thermald 2.4");
	ck_assert_str_eq(detail(s, "Graphics"), "AA 4x - vBIOS Version: 1.2");
	ck_assert_str_eq(detail(s, "OpenCL"), "GPU Compute Cores: 2304");
	ck_assert_str_eq(detail(s, "Python"), "Python 3.11");
	ck_assert_str_eq(detail(s, "Some Other Key"), "42");
	ck_assert_ptr_null(detail(s, "Empty"));
	ck_assert_ptr_null(detail(s, "Obj"));
	ck_assert_uint_eq(s->n_details, 7);
	br_resultset_free(rs);
}
END_TEST

/* ----------------------------------------------------------- reports */

/* The report of path as fmt, without charts; free(). */
static char *report_of(const char *path, enum br_report_fmt fmt)
{
	struct br_resultset *rs = br_resultset_new();
	struct br_selection sel;
	struct br_analysis *a = analyse_file(rs, path, BR_AN_RANKS |
		BR_AN_COMPARE | BR_AN_OVERALL, &sel);
	struct br_report_opts o;
	struct br_report *r = NULL;
	struct br_error err;
	char *buf = NULL;
	size_t len = 0;
	FILE *fp;

	br_error_clear(&err);
	br_report_opts_defaults(&o);
	o.generator = "benchreport test";
	ck_assert_int_eq(br_report_build(a, &o, &r, &err), BR_OK);
	fp = open_memstream(&buf, &len);
	ck_assert_msg(br_report_write(r, fmt, NULL, NULL, 0, fp, &err) ==
		      BR_OK, "%s", err.msg);
	fclose(fp);
	br_report_free(r);
	br_analysis_free(a);
	br_selection_fini(&sel);
	br_resultset_free(rs);
	return buf;
}

struct links {
	size_t scripts, ob, events;
	char bad[256];
};

static void walk(xmlNode *n, struct links *l)
{
	xmlAttr *a;

	for (; n; n = n->next) {
		if (n->type != XML_ELEMENT_NODE)
			continue;
		l->scripts += !strcmp((const char *)n->name, "script");
		for (a = n->properties; a; a = a->next) {
			xmlChar *v = xmlNodeGetContent((xmlNode *)a);

			if (!strncasecmp((const char *)a->name, "on", 2))
				l->events++;
			if (!strcmp((const char *)n->name, "a") &&
			    !strcmp((const char *)a->name, "href")) {
				if (!strcmp((const char *)v, "https://"
					    "openbenchmarking.org/test/pts/"
					    "fine-1.0.0"))
					l->ob++;
				else if (strncmp((const char *)v, "#test-", 6) &&
					 strcmp((const char *)v, "#overview") &&
					 strcmp((const char *)v, "#top"))
					snprintf(l->bad, sizeof l->bad, "%s",
						 (const char *)v);
			}
			xmlFree(v);
		}
		walk(n->children, l);
	}
}

START_TEST(test_hostile_html)
{
	char *html = report_of("data/hostile/hostile-provenance.xml",
			       BR_REPORT_HTML);
	htmlDocPtr doc = htmlReadMemory(html, (int)strlen(html), "p.html",
					"UTF-8", HTML_PARSE_NOERROR |
					HTML_PARSE_NOWARNING |
					HTML_PARSE_NONET);
	struct links l;

	ck_assert_ptr_nonnull(doc);
	memset(&l, 0, sizeof l);
	walk(xmlDocGetRootElement(doc), &l);
	ck_assert_uint_eq(l.scripts, 1);       /* the sorting script */
	ck_assert_uint_eq(l.events, 0);
	ck_assert_msg(!l.bad[0], "link to %s", l.bad);
	ck_assert_uint_eq(l.ob, 1);            /* pts/fine-1.0.0 only */
	/* the hostile values are there, as text */
	ck_assert_ptr_nonnull(strstr(html, "2403011-NE-X&quot;&gt;alert(4)"));
	ck_assert_ptr_nonnull(strstr(html, "10.8.4 [x](javascript:alert(5))"));
	ck_assert_ptr_nonnull(strstr(html, "Test profile pts/x&quot;&gt;"
				     "alert(9)"));
	ck_assert_ptr_nonnull(strstr(html, "Alpha: CC: gcc alert(11) -O2"));
	xmlFreeDoc(doc);
	free(html);
}
END_TEST

START_TEST(test_hostile_md)
{
	char *md = report_of("data/hostile/hostile-provenance.xml",
			     BR_REPORT_MD);
	const char *p;
	size_t links = 0;

	/* the one link is the valid profile's; hostile text is escaped */
	for (p = md; (p = strstr(p, "](")) != NULL; p++) {
		if ((p > md && p[-1] == '\\') || !strncmp(p, "](#test-", 8))
			continue;       /* "\]": text; the tests' anchors */
		ck_assert_msg(!strncmp(p, "](https://openbenchmarking.org/"
				       "test/pts/fine-1.0.0)", 51),
			      "link at: %.60s", p);
		links++;
	}
	ck_assert_uint_eq(links, 1);
	ck_assert_ptr_nonnull(strstr(md, "PTS 10.8.4 \\[x\\](javascript:"
				     "alert(5))"));
	ck_assert_ptr_nonnull(strstr(md, "\\[link\\](javascript:alert(7)) "
				     "\\*bold\\* \\| pipe"));
	free(md);
}
END_TEST

/* Ten systems with one compiler configuration: shown once, unnamed
 * (PTS's System/JSON of the real 7-Zip file). */
START_TEST(test_notes_same_for_all)
{
	char *md = report_of("data/pts-real/ec2-7zip-composite-5.6.0.xml",
			     BR_REPORT_MD);
	/* "\--": the Markdown report escapes a value's line-initial '-' */
	const char *p = strstr(md, "**Compiler details**\n- \\--build=");

	ck_assert_ptr_nonnull(p);
	ck_assert_ptr_null(strstr(p + 30, "--build="));  /* once */
	ck_assert_ptr_null(strstr(md, "7zip-run-0: --build="));
	free(md);
}
END_TEST

Suite *br_suite_prov(void)
{
	Suite *s = suite_create("prov");
	TCase *tc = tcase_create("prov");

	tcase_add_loop_test(tc, test_profile_url, 0,
			    sizeof profiles / sizeof *profiles);
	tcase_add_loop_test(tc, test_result_url, 0,
			    sizeof results / sizeof *results);
	tcase_add_test(tc, test_details_real);
	tcase_add_test(tc, test_details_words);
	tcase_add_test(tc, test_hostile_html);
	tcase_add_test(tc, test_hostile_md);
	tcase_add_test(tc, test_notes_same_for_all);
	suite_add_tcase(s, tc);
	return s;
}
