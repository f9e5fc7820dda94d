/*
 * check_report.c - the template engine (render/report/template.c) and the
 * reports (render/report_*.c): placeholders, sections, escaping per
 * medium, template errors with their line; hostile names that must stay
 * text in HTML and SVG (parsed back with libxml2); the text report's
 * 72 columns and ASCII.
 */
#include <check.h>
#include <libxml/HTMLparser.h>
#include <libxml/parser.h>
#include <libxml/tree.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "analysis/analysis.h"
#include "analysis/numfmt.h"
#include "analysis/parallel.h"
#include "ingest/ingest.h"
#include "model/model.h"
#include "render/chart/chart.h"
#include "render/table/table.h"
#include "render/report/report.h"
#include "render/paint/scene.h"
#include "render/report/template.h"
#include "render/text/text.h"
#include "analyse_check.h"

Suite *br_suite_report(void);

/* ------------------------------------------------------------ helpers */

/* Render src with values from root; the output (free()) or NULL with
 * err filled. */
static char *render(const char *src, const struct br_tnode *root,
		    enum br_escape esc, bool utf8, struct br_error *err)
{
	struct br_template *t = NULL;
	char *buf = NULL;
	size_t len = 0;
	FILE *fp;
	int rc;

	br_error_clear(err);
	rc = br_template_parse("t", src, strlen(src), &t, err);
	if (rc != BR_OK)
		return NULL;
	fp = open_memstream(&buf, &len);
	ck_assert_ptr_nonnull(fp);
	rc = br_template_render(t, root, esc, utf8, fp, err);
	fclose(fp);
	br_template_free(t);
	if (rc != BR_OK) {
		free(buf);
		return NULL;
	}
	return buf;
}

/* A document: title, flag, empty, and a list of two items. */
static struct br_tdoc *sample_doc(void)
{
	struct br_tdoc *d = br_tdoc_new();
	struct br_tnode *root = br_tdoc_root(d), *list, *it;

	br_tset(d, root, "title", "A & <B>");
	br_tset_bool(d, root, "yes", true);
	br_tset_bool(d, root, "no", false);
	br_tset(d, root, "empty", "");
	br_tset_list(d, root, "none");
	list = br_tset_list(d, root, "items");
	it = br_tlist_add(d, list);
	br_tset(d, it, "name", "one");
	br_tsetf(d, it, "n", "%d", 1);
	it = br_tlist_add(d, list);
	br_tset(d, it, "name", "two|2");
	br_tsetf(d, it, "n", "%d", 2);
	ck_assert(!br_tdoc_failed(d));
	return d;
}

/* ------------------------------------------------------ template engine */

static const struct {
	const char *src;
	enum br_escape esc;
	const char *want;
} render_cases[] = {
	{"x {{title}} y", BR_ESC_HTML, "x A &amp; &lt;B&gt; y"},
	{"x {{{title}}} y", BR_ESC_HTML, "x A & <B> y"},
	{"{{ title }}", BR_ESC_TEXT, "A & <B>"},
	{"{{title}}", BR_ESC_MD, "A \\& \\<B\\>"},
	{"{{#items}}[{{name}}={{n}}]{{/items}}", BR_ESC_MD,
	 "[one=1][two\\|2=2]"},
	/* outer names are visible inside a section */
	{"{{#items}}{{title}};{{/items}}", BR_ESC_TEXT, "A & <B>;A & <B>;"},
	{"{{#yes}}Y{{/yes}}{{#no}}N{{/no}}{{^no}}n{{/no}}", BR_ESC_TEXT,
	 "Yn"},
	{"{{#empty}}E{{/empty}}{{^empty}}e{{/empty}}", BR_ESC_TEXT, "e"},
	{"{{#none}}L{{/none}}{{^none}}l{{/none}}", BR_ESC_TEXT, "l"},
	{"{{#title}}has {{title}}{{/title}}", BR_ESC_TEXT, "has A & <B>"},
	{"a{{! a comment }}b", BR_ESC_TEXT, "ab"},
	/* standalone tags take their line with them */
	{"<ul>\n{{#items}}\n  <li>{{name}}</li>\n{{/items}}\n</ul>\n",
	 BR_ESC_HTML, "<ul>\n  <li>one</li>\n  <li>two|2</li>\n</ul>\n"},
	{"a\n  {{! note }}  \nb\n", BR_ESC_TEXT, "a\nb\n"},
	{"{{#yes}}\r\nwin\r\n{{/yes}}\r\n", BR_ESC_TEXT, "win\r\n"},
	/* a tag that is not alone keeps the line */
	{"x {{#yes}}y{{/yes}}\n", BR_ESC_TEXT, "x y\n"},
	{"no tags at all", BR_ESC_HTML, "no tags at all"},
	{"", BR_ESC_HTML, ""},
};

START_TEST(test_render_cases)
{
	size_t i = (size_t)_i;
	struct br_tdoc *d = sample_doc();
	struct br_error err;
	char *got = render(render_cases[i].src, br_tdoc_root(d),
			   render_cases[i].esc, false, &err);

	ck_assert_msg(got != NULL, "case %zu: %s", i, err.msg);
	ck_assert_str_eq(got, render_cases[i].want);
	free(got);
	br_tdoc_free(d);
}
END_TEST

static const struct {
	const char *src;
	const char *where;   /* "t:LINE" */
	const char *msg;     /* substring */
} error_cases[] = {
	{"a\n{{#items}}\nb\n", "t:2", "section 'items' is not closed"},
	{"{{#items}}\n{{/yes}}", "t:2", "closes '{{#items}}' of line 1"},
	{"x\n\n{{/items}}", "t:3", "closes no section"},
	{"{{title", "t:1", "'{{' without '}}'"},
	{"{{{title}}", "t:1", "'{{{' without '}}}'"},
	{"{{}}", "t:1", "empty tag name"},
	{"{{a b}}", "t:1", "invalid tag name 'a b'"},
	{"ok\n{{titel}}", "t:2", "unknown name 'titel'"},
	{"{{items}}", "t:1", "'items' is a list"},
	/* an item's names are gone after its section */
	{"{{#items}}{{/items}}{{name}}", "t:1", "unknown name 'name'"},
};

START_TEST(test_render_errors)
{
	size_t i = (size_t)_i;
	struct br_tdoc *d = sample_doc();
	struct br_error err;
	char *got = render(error_cases[i].src, br_tdoc_root(d), BR_ESC_HTML,
			   false, &err);

	ck_assert_ptr_null(got);
	ck_assert_int_eq(err.code, BR_EDATA);
	ck_assert_str_eq(err.where, error_cases[i].where);
	ck_assert_msg(strstr(err.msg, error_cases[i].msg) != NULL,
		      "case %zu: '%s' lacks '%s'", i, err.msg,
		      error_cases[i].msg);
	br_tdoc_free(d);
}
END_TEST

START_TEST(test_escape_media)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *fp = open_memstream(&buf, &len);
	char *a;

	/* text: ASCII by default where faithful (a CJK character kept,
	 * never '?'), control characters and bytes that are not UTF-8
	 * shown as br_visible() shows them */
	br_escape_write(fp, "\xc2\xb1 5 \xc2\xb5s \xe2\x80\x93 caf\xc3\xa9"
			"\x01\x7f \xe4\xb8\xad", BR_ESC_TEXT, false);
	fputc('|', fp);
	br_escape_write(fp, "caf\xc3\xa9 \xff", BR_ESC_TEXT, true);
	fputc('|', fp);
	br_escape_write(fp, "a|b\nc `d` *e* _f_ [g](h) <i> #j ~k &l; !m",
			BR_ESC_MD, false);
	fputc('|', fp);
	br_escape_write(fp, "<\"'&>\x01", BR_ESC_HTML, false);
	fclose(fp);
	ck_assert_str_eq(buf, "+/- 5 us - cafe\\x01\\x7f \xe4\xb8\xad|"
			 "caf\xc3\xa9 \\xff|"
			 "a\\|b c \\`d\\` \\*e\\* \\_f\\_ \\[g\\](h) \\<i\\> "
			 "\\#j \\~k \\&l; \\!m|&lt;&quot;&#39;&amp;&gt;");
	free(buf);
	a = br_ascii("x\xe2\x80\xa6y\xc3\x86");
	ck_assert_str_eq(a, "x...yAE");
	free(a);
	/* Latin Extended-A, a combining acute, Greek (mu stays Greek in
	 * a Greek word, is "u" in a unit), Arabic: kept or folded */
	a = br_ascii("\xc5\x81\xc3\xb3" "d\xc5\xba Cafe\xcc\x81 "
		     "\xce\xbc\xce\xac \xce\xbcs \xd8\xae\xd8\xa7");
	ck_assert_str_eq(a, "Lodz Cafe \xce\xbc\xce\xac us "
			 "\xd8\xae\xd8\xa7");
	free(a);
	ck_assert_uint_eq(br_utf8_width("caf\xc3\xa9"), 4);
	/* wide CJK two columns, a combining accent none */
	ck_assert_uint_eq(br_utf8_width("\xe6\xb5\x8b\xe8\xaf\x95"), 4);
	ck_assert_uint_eq(br_utf8_width("e\xcc\x81"), 1);
}
END_TEST

START_TEST(test_builtin_templates)
{
	static const char *const names[] = {
		"report.html", "report.txt", "report.md",
	};
	size_t i;

	for (i = 0; i < 3; i++) {
		const struct br_embedded *e = br_template_builtin(names[i]);
		struct br_template *t = NULL;
		struct br_error err;

		ck_assert_ptr_nonnull(e);
		ck_assert_uint_eq(strlen((const char *)e->data), e->len);
		br_error_clear(&err);
		ck_assert_int_eq(br_template_parse(e->name,
			(const char *)e->data, e->len, &t, &err), BR_OK);
		br_template_free(t);
	}
	ck_assert_ptr_null(br_template_builtin("report.pdf"));
}
END_TEST


/* A lazy list: items "i0", "i1" ... counted as they are made; item 2
 * fails when fail is set. */
struct lazy {
	int fills;
	bool fail;
};

static int fill_item(void *ctx, struct br_tdoc *d, struct br_tnode *it,
		     size_t i, struct br_error *err)
{
	struct lazy *l = ctx;

	l->fills++;
	if (l->fail && i == 2)
		return br_error_set(err, BR_EIO, NULL, 0, "item %zu failed",
				    i);
	br_tsetf(d, it, "name", "i%zu", i);
	br_tset_owned(d, it, "owned", strdup("o"));
	br_tset(d, it, "unused", "never stored");
	return BR_OK;
}

START_TEST(test_lazy_lists)
{
	static const char src[] =
		"{{#items}}[{{name}}{{owned}} {{title}}]{{/items}}|"
		"{{#items}}{{name}}{{/items}}|{{^none}}none{{/none}}";
	struct br_tdoc *d = br_tdoc_new();
	struct br_tnode *root = br_tdoc_root(d);
	struct br_template *t = NULL;
	struct lazy l = {0, false};
	struct br_error err;
	char *got;

	br_tset(d, root, "title", "T");
	br_tset_lazy(d, root, "items", 3, fill_item, &l);
	br_tset_lazy(d, root, "none", 0, fill_item, &l);
	/* walked twice: each item made twice; an empty lazy list is false */
	got = render(src, root, BR_ESC_TEXT, false, &err);
	ck_assert_msg(got != NULL, "%s", err.msg);
	ck_assert_str_eq(got, "[i0o T][i1o T][i2o T]|i0i1i2|none");
	ck_assert_int_eq(l.fills, 6);
	free(got);
	/* an item's names are gone after it; a lazy list is not a value */
	got = render("{{#items}}{{/items}}{{name}}", root, BR_ESC_TEXT, false,
		     &err);
	ck_assert_ptr_null(got);
	ck_assert_str_eq(err.msg, "unknown name 'name'");
	got = render("{{items}}", root, BR_ESC_TEXT, false, &err);
	ck_assert_ptr_null(got);
	ck_assert_str_eq(err.msg, "'items' is a list: use "
			 "{{#items}}...{{/items}}");
	/* a failing item stops the rendering with its error */
	l.fail = true;
	l.fills = 0;
	got = render("{{#items}}{{name}}{{/items}}", root, BR_ESC_TEXT, false,
		     &err);
	ck_assert_ptr_null(got);
	ck_assert_int_eq(err.code, BR_EIO);
	ck_assert_str_eq(err.msg, "item 2 failed");
	ck_assert_int_eq(l.fills, 3);
	br_tdoc_free(d);

	/* a filtered document stores only the names its template uses,
	 * in lazy items too */
	ck_assert_int_eq(br_template_parse("t", src, strlen(src), &t, &err),
			 BR_OK);
	ck_assert(br_template_uses(t, "items"));
	ck_assert(br_template_uses(t, "none"));
	ck_assert(!br_template_uses(t, "unused"));
	ck_assert(!br_template_uses(t, "item"));
	d = br_tdoc_new();
	root = br_tdoc_root(d);
	br_tdoc_filter(d, t);
	ck_assert(br_tdoc_wants(d, "title"));
	ck_assert(!br_tdoc_wants(d, "unused"));
	br_tset(d, root, "title", "T");
	br_tset(d, root, "unused", "x");
	br_tset_lazy(d, root, "items", 3, fill_item, &l);
	br_tset_lazy(d, root, "none", 0, fill_item, &l);
	l.fail = false;
	got = render("{{#items}}{{name}}{{/items}}", root, BR_ESC_TEXT, false,
		     &err);
	ck_assert_str_eq(got, "i0i1i2");
	free(got);
	got = render("{{unused}}", root, BR_ESC_TEXT, false, &err);
	ck_assert_ptr_null(got);
	got = render("{{#items}}{{unused}}{{/items}}", root, BR_ESC_TEXT,
		     false, &err);
	ck_assert_ptr_null(got);
	ck_assert_str_eq(err.msg, "unknown name 'unused'");
	br_tdoc_free(d);
	br_template_free(t);
}
END_TEST


/* br_parallel_for: every item once, in whatever thread; failures. */
struct pfor {
	int calls[1000];
	size_t fail_at;  /* item that fails, or (size_t)-1 */
};

static int pfor_item(void *ctx, size_t i)
{
	struct pfor *p = ctx;

	p->calls[i]++;
	return i == p->fail_at ? BR_EIO : BR_OK;
}

START_TEST(test_parallel_for)
{
	static struct pfor p;
	size_t i, min;

	for (min = 0; min <= 2000; min += 1000) {
		memset(&p, 0, sizeof p);
		p.fail_at = (size_t)-1;
		ck_assert_int_eq(br_parallel_for(1000, min, pfor_item, &p),
				 BR_OK);
		for (i = 0; i < 1000; i++)
			ck_assert_int_eq(p.calls[i], 1);
	}
	memset(&p, 0, sizeof p);
	p.fail_at = 999;
	ck_assert_int_eq(br_parallel_for(1000, 1, pfor_item, &p), BR_EIO);
	ck_assert_int_eq(p.calls[999], 1);
	memset(&p, 0, sizeof p);
	p.fail_at = 0;   /* the first span stops at once */
	ck_assert_int_eq(br_parallel_for(1000, 1, pfor_item, &p), BR_EIO);
	ck_assert_int_eq(p.calls[1], 0);
	ck_assert_int_eq(br_parallel_for(0, 1, pfor_item, &p), BR_OK);
}
END_TEST

/* ------------------------------------------------------------ reports */

/* The report of every test and system of path as fmt; free(). */
static char *report_of(const char *path, enum br_report_fmt fmt, bool utf8,
		       bool plot)
{
	struct br_resultset *rs = br_resultset_new();
	struct br_selection sel;
	struct br_analysis *a = NULL;
	struct br_chart_opts co;
	struct br_chart_plan plan;
	struct br_report_opts o;
	struct br_report *r = NULL;
	struct br_error err;
	char *buf = NULL;
	size_t len = 0;
	FILE *fp;

	a = analyse_file(rs, path, BR_AN_RANKS | BR_AN_COMPARE | BR_AN_POINTS,
			 &sel);
	br_error_clear(&err);
	br_report_opts_defaults(&o);
	o.utf8 = utf8;
	o.plot = plot;
	o.generator = "benchreport test";
	br_chart_opts_defaults(&co);
	memset(&plan, 0, sizeof plan);
	if (fmt == BR_REPORT_HTML) {
		ck_assert_int_eq(br_chart_plan(a, "bar", &plan, &err), BR_OK);
		o.chart = &co;
		o.plan = &plan;
	}
	ck_assert_int_eq(br_report_build(a, &o, &r, &err), BR_OK);
	fp = open_memstream(&buf, &len);
	ck_assert_msg(br_report_write(r, fmt, NULL, NULL, 0, fp, &err) ==
		      BR_OK, "%s", err.msg);
	fclose(fp);
	{
		/* The template's names filter the values: the same bytes
		 * as from every value. */
		const struct br_embedded *e =
			br_template_builtin(br_report_template_name(fmt));
		struct br_tdoc *d = NULL;
		char *all;

		ck_assert_int_eq(br_report_values(r, fmt, NULL, &d, &err),
				 BR_OK);
		all = render((const char *)e->data, br_tdoc_root(d),
			     fmt == BR_REPORT_HTML ? BR_ESC_HTML :
			     fmt == BR_REPORT_MD ? BR_ESC_MD : BR_ESC_TEXT,
			     fmt == BR_REPORT_TEXT ? utf8 : true, &err);
		ck_assert_msg(all != NULL, "%s", err.msg);
		if (strcmp(all, buf)) {
			size_t k = 0;

			while (all[k] == buf[k])
				k++;
			ck_abort_msg("%s: filtered values differ at byte %zu: "
				     "'%.40s' vs '%.40s'", path, k, buf + k,
				     all + k);
		}
		free(all);
		br_tdoc_free(d);
	}
	br_report_free(r);
	br_chart_plan_fini(&plan);
	br_analysis_free(a);
	br_selection_fini(&sel);
	br_resultset_free(rs);
	return buf;
}

static const char *const hostile[] = {
	"<script>alert(1)</script> & \"quotes\" ]]> </svg>",
	"<script>alert(3)</script>",
	"\"Quote\" & 'apos' </svg>",
	"</svg><svg onload=alert(4)>",
	"<style>*{display:none}</style>",
	"Mode: <b>1</b> & \"x\" ]]>",
};

/* Every element name in the tree, and all text, for the checks. */
struct walk {
	size_t scripts, styles, svgs, bad;
	char text[65536];
	size_t len;
};

static void walk(xmlNode *n, struct walk *w)
{
	static const char *const ok[] = {
		"html", "head", "meta", "link", "title", "style", "body",
		"header", "div", "h1", "h2", "h3", "p", "main", "table",
		"thead", "tbody", "tr", "th", "td", "span", "a", "b", "br",
		"ul", "li", "section", "figure", "footer", "script", "i",
		"details", "summary", "code", "caption",
		/* inline SVG */
		"svg", "rect", "line", "polyline", "polygon", "circle",
		"text", "path",
	};
	xmlAttr *a;
	size_t i;

	for (; n; n = n->next) {
		if (n->type == XML_TEXT_NODE && n->content) {
			size_t l = strlen((const char *)n->content);

			if (w->len + l < sizeof w->text) {
				memcpy(w->text + w->len, n->content, l);
				w->len += l;
				w->text[w->len] = '\0';
			}
		}
		if (n->type != XML_ELEMENT_NODE) {
			walk(n->children, w);
			continue;
		}
		for (i = 0; i < sizeof ok / sizeof ok[0]; i++)
			if (!strcmp((const char *)n->name, ok[i]))
				break;
		if (i == sizeof ok / sizeof ok[0]) {
			fprintf(stderr, "unexpected element <%s>\n",
				(const char *)n->name);
			w->bad++;
		}
		w->scripts += !strcmp((const char *)n->name, "script");
		w->styles += !strcmp((const char *)n->name, "style");
		/* charts, not the geometric mean's bars (svg class "bar") */
		if (!strcmp((const char *)n->name, "svg")) {
			xmlChar *cl = xmlGetProp(n, (const xmlChar *)"class");

			w->svgs += !cl || strcmp((const char *)cl, "bar");
			xmlFree(cl);
		}
		for (a = n->properties; a; a = a->next)
			if (!strncasecmp((const char *)a->name, "on", 2)) {
				fprintf(stderr, "event attribute %s\n",
					(const char *)a->name);
				w->bad++;
			}
		walk(n->children, w);
	}
}

START_TEST(test_hostile_html)
{
	char *html = report_of("data/hostile/hostile.csv", BR_REPORT_HTML,
			       false, false);
	htmlDocPtr doc;
	struct walk w;
	const char *p;
	size_t i, n_svg = 0;

	doc = htmlReadMemory(html, (int)strlen(html), "hostile.html", "UTF-8",
			     HTML_PARSE_NOERROR | HTML_PARSE_NOWARNING |
			     HTML_PARSE_NONET);
	ck_assert_ptr_nonnull(doc);
	memset(&w, 0, sizeof w);
	walk(xmlDocGetRootElement(doc), &w);
	ck_assert_uint_eq(w.bad, 0);
	ck_assert_uint_eq(w.scripts, 1);   /* the sorting script only */
	ck_assert_uint_eq(w.styles, 1);
	ck_assert_uint_eq(w.svgs, 2);      /* one chart per test */
	for (i = 0; i < sizeof hostile / sizeof hostile[0]; i++)
		ck_assert_msg(strstr(w.text, hostile[i]) != NULL,
			      "'%s' is not text", hostile[i]);
	xmlFreeDoc(doc);
	/* Each chart is well-formed XML on its own, names as text. */
	for (p = html; (p = strstr(p, "<svg ")) != NULL; p++) {
		const char *end = strstr(p, "</svg>\n");
		xmlDocPtr svg;

		if (!strncmp(p, "<svg class=\"bar\"", 16))
			continue;

		ck_assert_ptr_nonnull(end);
		svg = xmlReadMemory(p, (int)(end + 6 - p), "chart.svg", "UTF-8",
				    XML_PARSE_NONET | XML_PARSE_NOERROR |
				    XML_PARSE_NOWARNING);
		ck_assert_msg(svg != NULL, "chart %zu is not XML", n_svg);
		memset(&w, 0, sizeof w);
		walk(xmlDocGetRootElement(svg), &w);
		ck_assert_uint_eq(w.bad, 0);
		ck_assert_uint_eq(w.scripts, 0);
		ck_assert_uint_eq(w.svgs, 1);
		ck_assert(strstr(w.text, "<script>alert(3)</script>") ||
			  strstr(w.text, "\"Quote\" & 'apos' </svg>"));
		xmlFreeDoc(svg);
		n_svg++;
	}
	ck_assert_uint_eq(n_svg, 2);
	free(html);
}
END_TEST

START_TEST(test_hostile_md)
{
	char *md = report_of("data/hostile/hostile.csv", BR_REPORT_MD, false,
			     false);
	const char *line = md;

	/* no raw markup from the input: the only '<' is the template's
	 * own anchors */
	while (line && *line) {
		const char *nl = strchr(line, '\n');
		const char *lt = line;

		while ((lt = memchr(lt, '<', nl ? (size_t)(nl - lt)
					      : strlen(lt))) != NULL) {
			ck_assert_msg(lt > md && (lt[-1] == '\\' ||
				      !strncmp(lt, "<a id=\"test-", 12) ||
				      !strncmp(lt, "</a>", 4)),
				      "raw '<' in: %.60s", line);
			lt++;
		}
		line = nl ? nl + 1 : NULL;
	}
	/* a table row keeps its column count: the name's '|' is escaped */
	ck_assert_ptr_nonnull(strstr(md, "a\\|b \\`code\\`"));
	free(md);
}
END_TEST

/* Text: no line over 72 columns; ASCII unless utf8. */
static void check_text(const char *text, bool utf8)
{
	const char *line = text;
	unsigned long n = 1;

	while (*line) {
		const char *nl = strchr(line, '\n');
		size_t len = nl ? (size_t)(nl - line) : strlen(line);
		char *s = strndup(line, len);
		size_t i;

		ck_assert_msg(br_utf8_width(s) <= BR_REPORT_WIDTH,
			      "line %lu has %zu columns: %s", n,
			      br_utf8_width(s), s);
		for (i = 0; !utf8 && i < len; i++)
			ck_assert_msg((unsigned char)s[i] < 0x80,
				      "line %lu: non-ASCII byte: %s", n, s);
		/* no "-- " line either: a mail reader would take all
		 * after it as a signature */
		ck_assert_msg(len == 0 || s[len - 1] != ' ',
			      "line %lu ends in a blank: '%s'", n, s);
		free(s);
		line += len + (nl != NULL);
		n++;
	}
}

static const char *const text_inputs[] = {
	"../samples/seed-004-freebsd-zfs-zol.csv",
	"../samples/seed-000-dragonfly-hammer.csv",
	"../samples/seed-003-tpch-ufs-zfs.txt",
	"data/hostile/hostile.csv",
	"data/ministat/iguana",
};

START_TEST(test_text_width_ascii)
{
	size_t i = (size_t)_i;
	char *t = report_of(text_inputs[i], BR_REPORT_TEXT, false, true);

	check_text(t, false);
	free(t);
}
END_TEST

START_TEST(test_text_utf8)
{
	const char *csv = "test,title,unit,direction,system,value\n"
			  "a,Caf\xc3\xa9 \xe2\x80\x93 \xc2\xb5s,s,LIB,"
			  "S\xc3\xbc\xc3\x9f,1\n"
			  "a,Caf\xc3\xa9 \xe2\x80\x93 \xc2\xb5s,s,LIB,"
			  "Gr\xc3\xbc\xc3\x9f,2\n";
	FILE *fp = fopen("report-utf8.csv", "w");
	char *ascii, *utf8;

	ck_assert_ptr_nonnull(fp);
	fputs(csv, fp);
	fclose(fp);
	ascii = report_of("report-utf8.csv", BR_REPORT_TEXT, false, false);
	utf8 = report_of("report-utf8.csv", BR_REPORT_TEXT, true, false);
	remove("report-utf8.csv");
	check_text(ascii, false);
	check_text(utf8, true);
	ck_assert_ptr_nonnull(strstr(ascii, "Cafe - us"));
	ck_assert_ptr_nonnull(strstr(ascii, "Gruss is 2.00x slower than Suss"));
	ck_assert_ptr_nonnull(strstr(utf8, "Caf\xc3\xa9 \xe2\x80\x93 "
				     "\xc2\xb5s"));
	free(ascii);
	free(utf8);
}
END_TEST

START_TEST(test_plot_layout)
{
	char *t = report_of("data/ministat/iguana", BR_REPORT_TEXT, false,
			    true);
	const char *frame = "+-----------------------------------------"
			    "-----------------------------+";

	/* one set: its points and its |__A__| bar inside a 72-wide frame */
	ck_assert_uint_eq(strlen(frame), 72);
	ck_assert_ptr_nonnull(strstr(t, frame));
	ck_assert_ptr_nonnull(strstr(t, "   x iguana\n"));
	ck_assert_ptr_nonnull(strstr(t, "|x "));
	ck_assert_ptr_nonnull(strstr(t, "M"));
	ck_assert_ptr_nonnull(strstr(t, "A"));
	free(t);
	/* summaries have no runs: a note instead of a plot */
	t = report_of("../samples/seed-004-freebsd-zfs-zol.csv",
		      BR_REPORT_TEXT, false, true);
	/* ... said once, at the first test, for the 7 after it */
	ck_assert_ptr_nonnull(strstr(t, "   (no dot plot: published summaries "
				     "have no runs; nor for the 7 more\n"
				     "   tests below)"));
	ck_assert_ptr_null(strstr(strstr(t, "nor for the") + 1,
				  "no dot plot"));
	ck_assert_ptr_null(strstr(t, "+----"));
	free(t);
}
END_TEST

/* Spans a double cannot subtract, or too small to divide: every point
 * and bar lands inside the frame (denormals wrote far outside it). */
START_TEST(test_plot_extremes)
{
	static const char *const inputs[] = {
		"system,test,value\nA,t,5e-324\nB,t,1e-323\n",
		"system,test,value\nA,t,5e-324\nA,t,1e-323\nB,t,0\n",
		"system,test,value\nA,t,1e308\nA,t,1.7e308\nA,t,-1e308\n"
		"B,t,-0\nB,t,0\nB,t,4.9e-324\n",
		"system,test,value\nA,t,-1.7e308\nA,t,1.7e308\nB,t,1\n",
	};
	size_t i;

	for (i = 0; i < sizeof inputs / sizeof inputs[0]; i++) {
		FILE *fp = fopen("report-plot.csv", "w");
		char *t, *p;

		ck_assert_ptr_nonnull(fp);
		fputs(inputs[i], fp);
		fclose(fp);
		t = report_of("report-plot.csv", BR_REPORT_TEXT, false, true);
		/* every plot line is framed, 72 wide */
		for (p = t; (p = strstr(p, "\n|")) != NULL; p++)
			ck_assert_msg(p[72] == '|' && p[73] == '\n',
				      "input %zu: '%.80s'", i, p + 1);
		free(t);
	}
	remove("report-plot.csv");
}
END_TEST

/* ------------------------------------------------------------ tables */

static const char *const tcols[] = {"name", "value", "n", "note"};

/* A table of k rows (hostile text, numbers, missing numbers), written
 * buffered or streamed. */
static char *table_text(size_t k, enum br_fmt fmt, bool stream)
{
	static const char *const names[] = {
		"plain", "a, \"quoted\" | <b>", " padded ", "line\nbreak",
	};
	struct br_table *tb = br_table_new(4, tcols);
	struct br_error err;
	char *buf = NULL, note[32];
	size_t len = 0, i;
	FILE *fp = open_memstream(&buf, &len);

	ck_assert_ptr_nonnull(tb);
	br_error_clear(&err);
	if (stream)
		br_table_stream(tb, fp, fmt, "stats");
	for (i = 0; i < k; i++) {
		/* a local buffer: the table keeps its own copy */
		snprintf(note, sizeof note, "row %zu", i);
		ck_assert(br_table_row(tb));
		ck_assert(br_table_str(tb, names[i % 4]));
		ck_assert(br_table_num(tb, i % 3 ? 1.5 * (double)i : NAN,
				       "1.50"));
		ck_assert(br_table_int(tb, (long long)i - 2));
		ck_assert(br_table_str(tb, note));
		memset(note, 'x', sizeof note - 1);
	}
	ck_assert_int_eq(br_table_write(tb, fp, fmt, "stats", &err), BR_OK);
	fclose(fp);
	br_table_free(tb);
	return buf;
}

/* Rows written as they come are the bytes of the whole table at once. */
START_TEST(test_table_stream)
{
	static const enum br_fmt fmts[] = {BR_FMT_CSV, BR_FMT_JSON, BR_FMT_MD,
					   BR_FMT_TEXT};
	static const size_t rows[] = {0, 1, 2, 7};
	size_t f, r;

	for (f = 0; f < 4; f++)
		for (r = 0; r < 4; r++) {
			char *a = table_text(rows[r], fmts[f], false);
			char *b = table_text(rows[r], fmts[f], true);

			ck_assert_str_eq(a, b);
			free(a);
			free(b);
		}
	/* and what they are */
	{
		char *csv = table_text(2, BR_FMT_CSV, true);

		ck_assert_str_eq(csv, "name,value,n,note\n"
				 "plain,,-2,row 0\n"
				 "\"a, \"\"quoted\"\" | <b>\",1.5,-1,row 1\n");
		free(csv);
	}
}
END_TEST

/* ---------------------------------------------------- published values */

static const char *const published_inputs[] = {
	"data/pts-real/ec2-7zip-composite-5.6.0.xml",
	"data/pts-real/ec2-7zip-run0-5.6.0.xml",
	"data/pts-real/ec2-7zip-run1-5.6.0.xml",
	"data/pts-real/ec2-tiobench-active-5.6.0.xml",
	"data/pts-real/manuel-nogvno2-failed-10.8.4.xml",
	"data/pts-real/manuel-zstd-10.8.4.xml",
	"data/pts-real/ucd-cray-8.0.1.xml",
	"data/pts-real/ucd-himeno-8.0.1.xml",
	"data/pts-real/ucd-pjdfstest-8.0.1.xml",
	"data/pts-real/ucd-schbench-8.0.1.xml",
	"../samples/seed-004-freebsd-zfs-zol.csv",
};

/* Whether scene sc has a text run reading text. */
static bool has_text(const struct br_scene *sc, const char *text)
{
	size_t i;

	for (i = 0; i < sc->n_prims; i++)
		if (sc->prims[i].kind == BR_PRIM_TEXT &&
		    !strcmp(sc->prims[i].text, text))
			return true;
	return false;
}

/*
 * Issue 14: a value a chart or report prints is the entry's published
 * one, as PTS wrote it, where it has one: the mean of PTS's rounded runs
 * can differ in the last digit (ec2-tiobench's 5434.96 against our
 * 5434.95).  Every bar chart of the real files labels every such entry
 * with its <Value> text, and the text report shows it.
 */
/* s without its grouping commas (a static copy). */
static const char *ungrouped(const char *s)
{
	static char out[64];
	size_t n = 0;

	for (; *s && n + 1 < sizeof out; s++)
		if (*s != ',')
			out[n++] = *s;
	out[n] = '\0';
	return out;
}

START_TEST(test_published_values)
{
	const char *path = published_inputs[_i];
	struct br_resultset *rs = br_resultset_new();
	struct br_selection sel;
	struct br_analysis *a = NULL;
	struct br_chart_opts co;
	struct br_error err;
	size_t i, j, checked = 0;
	char *txt = report_of(path, BR_REPORT_TEXT, false, false);

	a = analyse_file(rs, path, BR_AN_LEAN, &sel);
	br_error_clear(&err);
	br_chart_opts_defaults(&co);
	for (i = 0; i < a->n_tests; i++) {
		const struct br_atest *at = &a->tests[i];
		struct br_scene *sc = NULL;

		if (!at->scalar || !at->n_values)
			continue;
		ck_assert_msg(br_chart_bar(a, i, &co, &sc, &err) == BR_OK,
			      "%s: %s", path, err.msg);
		for (j = 0; j < a->sel->n_systems; j++) {
			const struct br_cell *c = &at->cells[j];
			const struct br_sample *sa = c->entry ?
						     &c->entry->sample : NULL;
			const char *v;
			char buf[64], want[64];

			if (c->kind != BR_CELL_VALUE || !sa->has_value)
				continue;
			/* as written, or at the test's precision (PTS's
			 * rule: 2 decimals from 10 up); the runs' mean where
			 * the test needs more decimals than the text has
			 * (doc/statistics.md, "Display precision") */
			v = br_text_decimals(sa->value_text) == at->decimals ?
			    sa->value_text : br_fmt_fixed(want, sizeof want,
			    sa->n_runs && br_text_decimals(sa->value_text) <
			    at->decimals ? c->sum.mean : sa->value,
			    at->decimals);
			/* from 10,000 on the digits are grouped, from 1e9
			 * on an SI prefix says them (doc/charts.md) */
			if (fabs(sa->value) >= 1e9)
				continue;
			ck_assert_str_eq(br_cell_shown(c, at->decimals, buf,
						       sizeof buf), v);
			ck_assert_str_eq(ungrouped(br_cell_chart_text(c,
					 at->decimals, buf, sizeof buf)), v);
			ck_assert_msg(has_text(sc, buf), "%s: %s, %s: no label "
				      "'%s'", path, br_nz(at->t->title),
				      br_analysis_system(a, j), buf);
			ck_assert_msg(strstr(txt, v), "%s: %s, %s: '%s' not in "
				      "the text report", path,
				      br_nz(at->t->title),
				      br_analysis_system(a, j), v);
			checked++;
		}
		br_scene_free(sc);
	}
	ck_assert_msg(checked > 0, "%s: no published value", path);
	free(txt);
	br_analysis_free(a);
	br_selection_fini(&sel);
	br_resultset_free(rs);
}
END_TEST

Suite *br_suite_report(void)
{
	Suite *s = suite_create("report");
	TCase *tc = tcase_create("template");

	tcase_add_loop_test(tc, test_render_cases, 0,
			    sizeof render_cases / sizeof render_cases[0]);
	tcase_add_loop_test(tc, test_render_errors, 0,
			    sizeof error_cases / sizeof error_cases[0]);
	tcase_add_test(tc, test_escape_media);
	tcase_add_test(tc, test_builtin_templates);
	tcase_add_test(tc, test_lazy_lists);
	tcase_add_test(tc, test_parallel_for);
	tcase_add_test(tc, test_table_stream);
	suite_add_tcase(s, tc);
	tc = tcase_create("report");
	tcase_set_timeout(tc, 30);
	tcase_add_test(tc, test_hostile_html);
	tcase_add_test(tc, test_hostile_md);
	tcase_add_loop_test(tc, test_text_width_ascii, 0,
			    sizeof text_inputs / sizeof text_inputs[0]);
	tcase_add_test(tc, test_text_utf8);
	tcase_add_test(tc, test_plot_layout);
	tcase_add_test(tc, test_plot_extremes);
	tcase_add_loop_test(tc, test_published_values, 0,
			    sizeof published_inputs /
			    sizeof published_inputs[0]);
	suite_add_tcase(s, tc);
	return s;
}
