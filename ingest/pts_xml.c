/*
 * pts_xml.c - Phoronix Test Suite / OpenBenchmarking.org result files
 * (composite.xml; PTS-FORMAT.md sections 1 and 2), in both layouts:
 *
 *   PTS 3.0+ (Nov 2010 on)   Generated, System..., Result.../Data/Entry...
 *   PTS 0.1 - 2.x            Suite, Generated, System...,
 *                            Benchmark.../Results/Group/Entry...
 *
 * How it reads.  libxml2's SAX2 push parser feeds the file in chunks; no
 * tree is built.  A small stack maps each open element to a context
 * (root, System, Result, Entry, a text field we keep, or "ignored"), so
 * unknown elements and everything below them cost nothing.  The text of
 * kept fields is collected per record (the Generated header, the current
 * System, the current Result with all its entries) and turned into model
 * objects when the record's end tag is seen.  Memory is therefore bounded
 * by the largest <Result>, not by the file, and every value keeps the line
 * of its element (libxml2's own line counter, an int, so lines beyond
 * 65535 are exact).
 *
 * What it reads the way PTS does (pts_result_file.php uses SimpleXML):
 * missing or empty elements read as "", unknown elements are ignored, and
 * every text has HTML tags removed as PHP's strip_tags() removes them,
 * then surrounding white space trimmed.  Within one file a later Result
 * with the same comparison key replaces the earlier one; across files
 * (several inputs read into one resultset) results with the same key
 * merge their entries, as `phoronix-test-suite merge-results` does, and
 * the first entry for a system wins.
 *
 * Hostile input.  Options: XML_PARSE_NONET, no entity substitution, no
 * DTD loading, no XML_PARSE_HUGE (libxml2's default limits stay on).  A
 * DOCTYPE is refused the moment its name is parsed, before any of its
 * entity declarations is read (PTS never writes one), so external
 * entities and entity expansion bombs never run; an undeclared entity
 * reference is a libxml2 error.  Nesting deeper than MAX_DEPTH elements
 * and text fields longer than MAX_TEXT bytes are errors.  libxml2 never
 * prints: its errors arrive through a structured handler and become one
 * BR_EDATA line with the line number libxml2 reports.
 */
#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <json-c/json.h>
#include <libxml/parser.h>
#include <libxml/parserInternals.h>
#include <libxml/xmlerror.h>

#include "../model/model_int.h"
#include "ingest_int.h"

#define ROOT_NAME "PhoronixTestSuite"
#define MAX_DEPTH 64          /* element nesting; PTS files need 5 */
#define MAX_TEXT 10000000     /* bytes in one field: XML_MAX_TEXT_LENGTH */
#define CHUNK ((size_t)1 << 18)   /* bytes fed to libxml2 at a time */
#define DETECT_WINDOW 8192    /* bytes br_detect_pts_xml looks at */
#define JSON_DEPTH 32         /* nesting accepted in Entry JSON */
#define QUOTE_MAX 60          /* bytes of input quoted in a message */
#define NOSTR ((size_t)-1)    /* "element absent" in a record */
#define ENOMEM_MSG "out of memory"

/* What an open element is, for deciding what its children are. */
enum ctx {
	C_IGNORE = 0,   /* unknown element, or anything below one */
	C_ROOT,         /* PhoronixTestSuite */
	C_GENERATED,    /* Generated (both layouts) */
	C_SUITE,        /* pre-3.0 Suite: title and description */
	C_SYSTEM,
	C_RESULT,       /* Result */
	C_BENCHMARK,    /* pre-3.0 Benchmark, the old Result */
	C_RESULTS,      /* pre-3.0 Benchmark/Results */
	C_DATA,         /* Result/Data, pre-3.0 Results/Group */
	C_ENTRY,
	C_FIELD,        /* a text element whose content we keep */
};

/* Which record a kept field belongs to. */
enum rec_kind { K_HEADER, K_SYSTEM, K_RESULT, K_ENTRY };

/* Field slots of each record kind. */
enum {
	G_TITLE, G_LAST_MODIFIED, G_TEST_CLIENT, G_DESCRIPTION, G_NOTES,
	G_INTERNAL_TAGS, G_REFERENCE_ID, G_PRESET_ENV, G_N
};
enum {
	S_IDENTIFIER, S_HARDWARE, S_SOFTWARE, S_USER, S_TIMESTAMP,
	S_CLIENT_VERSION, S_NOTES, S_JSON, S_N
};
enum {
	R_IDENTIFIER, R_TITLE, R_APP_VERSION, R_ARGUMENTS, R_DESCRIPTION,
	R_SCALE, R_PROPORTION, R_DISPLAY_FORMAT, R_ANNOTATION, R_PARENT, R_N
};
enum { E_IDENTIFIER, E_VALUE, E_RAW, E_JSON, E_N };
#define MAX_SLOTS R_N

struct field_name {
	const char *name;
	int slot;
};

/* Generated/... in both layouts (TimeStamp, TestClientString: pre-3.0). */
static const struct field_name generated_fields[] = {
	{"Title", G_TITLE},
	{"LastModified", G_LAST_MODIFIED},
	{"TestClient", G_TEST_CLIENT},
	{"Description", G_DESCRIPTION},
	{"Notes", G_NOTES},
	{"InternalTags", G_INTERNAL_TAGS},
	{"ReferenceID", G_REFERENCE_ID},
	{"PreSetEnvironmentVariables", G_PRESET_ENV},
	{"TimeStamp", G_LAST_MODIFIED},
	{"TestClientString", G_TEST_CLIENT},
	{NULL, 0},
};

/* pre-3.0 Suite/...: Title -> Generated/Title and so on (1.8). */
static const struct field_name suite_fields[] = {
	{"Title", G_TITLE},
	{"Description", G_DESCRIPTION},
	{NULL, 0},
};

/* System/...; the last five are the pre-3.0 names (1.8). */
static const struct field_name system_fields[] = {
	{"Identifier", S_IDENTIFIER},
	{"Hardware", S_HARDWARE},
	{"Software", S_SOFTWARE},
	{"User", S_USER},
	{"TimeStamp", S_TIMESTAMP},
	{"TestClientVersion", S_CLIENT_VERSION},
	{"Notes", S_NOTES},
	{"JSON", S_JSON},
	{"AssociatedIdentifiers", S_IDENTIFIER},
	{"Author", S_USER},
	{"TestDate", S_TIMESTAMP},
	{"TestNotes", S_NOTES},
	{"Version", S_CLIENT_VERSION},
	{NULL, 0},
};

static const struct field_name result_fields[] = {
	{"Identifier", R_IDENTIFIER},
	{"Title", R_TITLE},
	{"AppVersion", R_APP_VERSION},
	{"Arguments", R_ARGUMENTS},
	{"Description", R_DESCRIPTION},
	{"Scale", R_SCALE},
	{"Proportion", R_PROPORTION},
	{"DisplayFormat", R_DISPLAY_FORMAT},
	{"Annotation", R_ANNOTATION},
	{"Parent", R_PARENT},
	{NULL, 0},
};

/* pre-3.0 Benchmark/... (1.8); ProfileVersion has no counterpart. */
static const struct field_name benchmark_fields[] = {
	{"TestName", R_IDENTIFIER},
	{"Name", R_TITLE},
	{"Scale", R_SCALE},
	{"Proportion", R_PROPORTION},
	{"ResultFormat", R_DISPLAY_FORMAT},
	{"Version", R_APP_VERSION},
	{"TestArguments", R_ARGUMENTS},
	{"Attributes", R_DESCRIPTION},
	{NULL, 0},
};

static const struct field_name entry_fields[] = {
	{"Identifier", E_IDENTIFIER},
	{"Value", E_VALUE},
	{"RawString", E_RAW},
	{"JSON", E_JSON},
	{NULL, 0},
};

/* NUL-separated strings of one record; offsets stay valid on growth. */
struct sbuf {
	char *p;
	size_t n, cap;
};

/* One record: offsets into its sbuf (NOSTR: element absent) and the
 * line of each field element and of the record's own element. */
struct rec {
	size_t off[MAX_SLOTS];
	unsigned long line[MAX_SLOTS];
	unsigned long line0;
};

/* Per test of the resultset: what this file did to it. */
struct touched {
	unsigned long line; /* first <Result> in this file with its key; 0 */
	size_t n0;          /* entries it had before this file touched it */
};

struct pstate {
	struct br_resultset *rs;
	const char *name;     /* input name, for messages */
	const char *file;     /* the same, interned: for br_loc */
	const char *empty;    /* "" interned once */
	struct br_error *err;
	bool nonspace;          /* the input has more than white space */
	xmlParserCtxtPtr ctxt;
	bool failed;

	unsigned char stack[MAX_DEPTH + 1]; /* enum ctx per open element */
	const xmlChar *open_name[MAX_DEPTH + 1]; /* libxml2's dict strings */
	unsigned long open_line[MAX_DEPTH + 1];
	int depth;

	/* the kept field being read */
	struct sbuf text;
	enum rec_kind fkind;
	int fslot;
	unsigned long fline;

	bool has_header;
	struct sbuf hbuf;
	struct rec header;
	struct sbuf sbuf;
	struct rec sys;
	struct sbuf rbuf;       /* the current Result and its entries */
	struct rec res;
	struct rec *entries;
	size_t n_entries, cap_entries;

	/* per-file bookkeeping */
	size_t n_systems0;      /* systems before this file */
	size_t n_tests0;        /* tests before this file */
	struct touched *touched;
	size_t cap_touched, n_touched;
	size_t *mark;           /* per system: seq stamp, see add_entries */
	size_t *mark_idx;       /* per system: entry index behind the mark */
	size_t cap_mark, n_mark;
	size_t seq;
};

/* ------------------------------------------------------------ helpers */

static unsigned long cur_line(const struct pstate *st)
{
	if (st->ctxt && st->ctxt->input && st->ctxt->input->line > 0)
		return (unsigned long)st->ctxt->input->line;
	return 0;
}

/* Record the first error and stop the parser. */
static void fail(struct pstate *st, int code, unsigned long line,
		 const char *fmt, ...) __attribute__((format(printf, 4, 5)));
static void fail(struct pstate *st, int code, unsigned long line,
		 const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	br_error_setv(st->err, code, st->name, line, fmt, ap);
	va_end(ap);
	st->failed = true;
	if (st->ctxt)
		xmlStopParser(st->ctxt);
}

/* Out of memory: BR_EIO at the current line. */
static void fail_nomem(struct pstate *st)
{
	fail(st, BR_EIO, cur_line(st), ENOMEM_MSG);
}

/* Intern s; on ENOMEM set the error and return NULL. */
static const char *istr(struct pstate *st, const char *s)
{
	const char *r;

	if (!s)
		return NULL;
	if (!*s && st->empty)
		return st->empty;
	r = br_rs_str(st->rs, s);
	if (!r)
		fail_nomem(st);
	return r;
}

/*
 * Copy at most QUOTE_MAX bytes of s into out (size QUOTE_MAX + 4), with
 * "..." when cut, so that a message quoting input stays one short line.
 */
static const char *quote(const char *s, char *out)
{
	size_t n = strlen(s);

	if (n <= QUOTE_MAX)
		return s;
	memcpy(out, s, QUOTE_MAX);
	memcpy(out + QUOTE_MAX, "...", 4);
	return out;
}

/* Room for more bytes in b; false on ENOMEM. */
static bool sbuf_reserve(struct sbuf *b, size_t more)
{
	return br_grow((void **)&b->p, &b->cap, b->n + more, 1);
}

/* Append s[0..n) and a NUL; returns the offset, or NOSTR on ENOMEM. */
static size_t sbuf_add(struct sbuf *b, const char *s, size_t n)
{
	size_t off = b->n;

	if (n >= SIZE_MAX - b->n - 1 || !sbuf_reserve(b, n + 1))
		return NOSTR;
	memcpy(b->p + off, s, n);
	b->p[off + n] = '\0';
	b->n += n + 1;
	return off;
}

/* Empty record whose element starts at line0: every field absent. */
static void rec_reset(struct rec *r, unsigned long line0)
{
	int i;

	for (i = 0; i < MAX_SLOTS; i++) {
		r->off[i] = NOSTR;
		r->line[i] = 0;
	}
	r->line0 = line0;
}

/* Field slot of rec in b, or NULL when the element was absent. */
static char *rec_get(const struct sbuf *b, const struct rec *r, int slot)
{
	return r->off[slot] == NOSTR ? NULL : b->p + r->off[slot];
}

/* Line of a field, or of its record when the field was absent. */
static unsigned long rec_line(const struct rec *r, int slot)
{
	return r->line[slot] ? r->line[slot] : r->line0;
}

/* XML and C white space (no locale). */
static int is_space(int c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' ||
	       c == '\f' || c == '\v';
}

/*
 * Remove tags from s[0..n) in place, the way PHP's strip_tags() does
 * with no allowed tags, and return the new length.  A '<' followed by
 * anything but white space opens a tag that runs to its matching '>'
 * ('>' inside quotes does not count, nested '<' need their own '>'),
 * "<!--" opens a comment that runs to "-->", and an unclosed tag or
 * comment swallows the rest.  '<' before white space and a lone '>' are
 * text.  (PHP's extra states for "<?php" and "<!DOCTYPE" reduce to the
 * same result for text that reaches us.)
 */
static size_t strip_tags(char *s, size_t n)
{
	size_t i = 0, o = 0;

	if (!memchr(s, '<', n))
		return n;
	while (i < n) {
		char c = s[i];
		int depth = 0;
		char q = 0;

		if (c != '<' ||
		    (i + 1 < n && is_space((unsigned char)s[i + 1]))) {
			s[o++] = c;
			i++;
			continue;
		}
		if (n - i >= 4 && !memcmp(s + i, "<!--", 4)) {
			size_t j;

			for (j = i + 4; j + 3 <= n; j++)
				if (!memcmp(s + j, "-->", 3))
					break;
			i = j + 3 <= n ? j + 3 : n;
			continue;
		}
		for (i++; i < n; i++) {
			c = s[i];
			if (q) {
				if (c == q)
					q = 0;
			} else if (c == '"' || c == '\'') {
				q = c;
			} else if (c == '<') {
				depth++;
			} else if (c == '>') {
				if (!depth)
					break;
				depth--;
			}
		}
		if (i < n)
			i++; /* the closing '>' */
	}
	return o;
}

/* ------------------------------------------------------------ detect */

static size_t skip_space(const char *b, size_t n, size_t i)
{
	while (i < n && is_space((unsigned char)b[i]))
		i++;
	return i;
}

/* Index just past needle in b[i..n), or n when absent. */
static size_t skip_past(const char *b, size_t n, size_t i, const char *needle)
{
	size_t k = strlen(needle);

	for (; i + k <= n; i++)
		if (!memcmp(b + i, needle, k))
			return i + k;
	return n;
}

/* Does the element name at b[i] equal name (and end there)? */
static bool name_is(const char *b, size_t n, size_t i, const char *name)
{
	size_t k = strlen(name);

	if (i + k > n || memcmp(b + i, name, k))
		return false;
	if (i + k == n)
		return true; /* cut by the window: good enough */
	return is_space((unsigned char)b[i + k]) || b[i + k] == '>' ||
	       b[i + k] == '/';
}

/* Whether buf starts with the UTF-8 byte order mark. */
static bool has_bom(const char *buf, size_t len)
{
	return len >= 3 && !memcmp(buf, "\xef\xbb\xbf", 3);
}

/*
 * The root element must be PhoronixTestSuite, after an optional BOM,
 * <?xml ...?>, comments and other processing instructions such as
 * <?xml-stylesheet?>.  A DOCTYPE naming that root also scores: the reader
 * then refuses it with a clear message instead of "unknown format".
 */
int br_detect_pts_xml(const char *buf, size_t len)
{
	size_t n = len < DETECT_WINDOW ? len : DETECT_WINDOW, i = 0;

	if (has_bom(buf, n))
		i = 3;
	for (;;) {
		i = skip_space(buf, n, i);
		if (i >= n || buf[i] != '<')
			return 0;
		if (n - i >= 2 && buf[i + 1] == '?') {
			i = skip_past(buf, n, i + 2, "?>");
		} else if (n - i >= 4 && !memcmp(buf + i, "<!--", 4)) {
			i = skip_past(buf, n, i + 4, "-->");
		} else if (n - i >= 9 && !memcmp(buf + i, "<!DOCTYPE", 9)) {
			i = skip_space(buf, n, i + 9);
			return name_is(buf, n, i, ROOT_NAME) ? 90 : 0;
		} else {
			return name_is(buf, n, i + 1, ROOT_NAME) ? 100 : 0;
		}
	}
}

/* ------------------------------------------------- per-file bookkeeping */

/* Make the per-system marks cover every system of rs (new ones zero). */
static bool grow_marks(struct pstate *st)
{
	size_t need = st->rs->n_systems, cap = st->cap_mark;

	if (need <= st->n_mark)
		return true;
	if (!br_grow((void **)&st->mark, &cap, need, sizeof *st->mark))
		return false;
	cap = st->cap_mark;
	if (!br_grow((void **)&st->mark_idx, &cap, need,
		     sizeof *st->mark_idx))
		return false;
	st->cap_mark = cap;
	memset(st->mark + st->n_mark, 0,
	       (cap - st->n_mark) * sizeof *st->mark);
	st->n_mark = cap;
	return true;
}

/* Make the per-test bookkeeping cover every test of rs (new ones 0). */
static bool grow_touched(struct pstate *st)
{
	size_t need = st->rs->n_tests;

	if (need <= st->n_touched)
		return true;
	if (!br_grow((void **)&st->touched, &st->cap_touched, need,
		     sizeof *st->touched))
		return false;
	memset(st->touched + st->n_touched, 0,
	       (st->cap_touched - st->n_touched) * sizeof *st->touched);
	st->n_touched = st->cap_touched;
	return true;
}

/* "Title - Description" or "Title", for messages (static buffer). */
static const char *test_name(const struct br_test *t)
{
	static char buf[256];

	if (t->description && *t->description)
		snprintf(buf, sizeof buf, "%s - %s", t->title, t->description);
	else
		snprintf(buf, sizeof buf, "%s", t->title);
	return buf;
}

/* ------------------------------------------------------ header, systems */

/* Generated: the first input that has one sets each field. */
static void finish_header(struct pstate *st)
{
	struct br_resultset *rs = st->rs;
	const char **dst[G_N];
	int i;

	if (!st->has_header)
		return;
	dst[G_TITLE] = &rs->title;
	dst[G_LAST_MODIFIED] = &rs->last_modified;
	dst[G_TEST_CLIENT] = &rs->test_client;
	dst[G_DESCRIPTION] = &rs->description;
	dst[G_NOTES] = &rs->notes;
	dst[G_INTERNAL_TAGS] = &rs->internal_tags;
	dst[G_REFERENCE_ID] = &rs->reference_id;
	dst[G_PRESET_ENV] = &rs->preset_env;
	for (i = 0; i < G_N && !st->failed; i++) {
		const char *v = rec_get(&st->hbuf, &st->header, i);

		if (!*dst[i])
			*dst[i] = istr(st, v ? v : "");
	}
}

static void finish_system(struct pstate *st)
{
	struct br_resultset *rs = st->rs;
	const struct rec *r = &st->sys;
	const char *id = rec_get(&st->sbuf, r, S_IDENTIFIER), *v;
	struct br_loc loc = {st->file, r->line0};
	struct br_system *sys;
	size_t idx;

	if (!id || !*id) {
		br_rs_warn(rs, &loc, "<System> without an Identifier ignored");
		return;
	}
	idx = br_rs_system(rs, id, true, &loc, st->err);
	if (idx == (size_t)-1) {
		fail_nomem(st);
		return;
	}
	sys = rs->systems[idx];
	if (sys->declared) {
		br_rs_warn(rs, &loc, "system \"%s\" is declared again (first "
			   "at %s:%lu); keeping the first", id,
			   sys->loc.file ? sys->loc.file : "?",
			   sys->loc.line);
		return;
	}
	sys->declared = true;
	sys->loc = loc;
	v = rec_get(&st->sbuf, r, S_HARDWARE);
	if (br_rs_parse_components(rs, v ? v : "", &sys->hardware,
				   &sys->n_hardware, st->err) != BR_OK) {
		fail_nomem(st);
		return;
	}
	v = rec_get(&st->sbuf, r, S_SOFTWARE);
	if (br_rs_parse_components(rs, v ? v : "", &sys->software,
				   &sys->n_software, st->err) != BR_OK) {
		fail_nomem(st);
		return;
	}
	v = rec_get(&st->sbuf, r, S_USER);
	sys->user = istr(st, v ? v : "");
	v = rec_get(&st->sbuf, r, S_TIMESTAMP);
	sys->timestamp = istr(st, v ? v : "");
	v = rec_get(&st->sbuf, r, S_CLIENT_VERSION);
	sys->client_version = istr(st, v ? v : "");
	v = rec_get(&st->sbuf, r, S_NOTES);
	sys->notes = istr(st, v ? v : "");
	v = rec_get(&st->sbuf, r, S_JSON);
	sys->json = v && *v ? istr(st, v) : NULL;
}

/* -------------------------------------------------------------- entries */

/* A JSON value that is a number or a numeric string. */
static bool json_number(struct json_object *o, double *out)
{
	if (!o)
		return false;
	switch (json_object_get_type(o)) {
	case json_type_int:
	case json_type_double:
		*out = json_object_get_double(o);
		return isfinite(*out);
	case json_type_string:
		return br_parse_number(json_object_get_string(o), out, NULL);
	default:
		return false;
	}
}

/* The string (or JSON text) of obj[key], or NULL when absent. */
static const char *json_str(struct json_object *obj, const char *key)
{
	struct json_object *o;

	if (!json_object_object_get_ex(obj, key, &o) || !o)
		return NULL;
	return json_object_get_string(o);
}

/*
 * compiler-options {"compiler-type":"CC","compiler":"gcc",
 * "compiler-options":"-O2"} flattened to "CC: gcc -O2" (empty parts left
 * out); a plain string is kept as it is.
 */
static const char *flatten_compiler(struct pstate *st, struct json_object *o)
{
	const char *type, *cc, *opts;
	const char *r;

	if (json_object_get_type(o) != json_type_object)
		return istr(st, json_object_get_string(o));
	type = json_str(o, "compiler-type");
	cc = json_str(o, "compiler");
	opts = json_str(o, "compiler-options");
	r = br_arena_printf(st->rs->arena, "%s%s%s%s%s",
			    type && *type ? type : "",
			    type && *type ? ": " : "",
			    cc ? cc : "",
			    cc && *cc && opts && *opts ? " " : "",
			    opts ? opts : "");
	if (!r)
		fail_nomem(st);
	return r;
}

/* What an Entry/JSON says, however it was read (interned strings). */
struct ejson {
	const char *error, *run_times, *compiler; /* NULL: absent */
	bool okmin, okmax;
	double mn, mx;
	int n_st, se_st;  /* benchreport-n / -se: 0 absent, 1 not a number,
			   * 2 a number (n, se) */
	double n, se;
};

/*
 * Apply j to e.  benchreport's own Entry/JSON keys, written by `convert
 * -o x.xml` for a published summary that has no runs: "benchreport-n"
 * (N) and "benchreport-se" (SE).  PTS ignores them; we read the entry
 * back as the summary it was (the Value, read as a single run, is
 * dropped).
 */
static void apply_ejson(struct br_entry *e, const struct ejson *j)
{
	if (j->error)
		e->error = j->error;
	if (j->okmin && j->okmax) {
		e->has_min_max = true;
		e->min_result = j->mn;
		e->max_result = j->mx;
	}
	if (j->run_times)
		e->run_times = j->run_times;
	if (j->compiler)
		e->compiler = j->compiler;
	if (j->n_st != 2 || j->n < 1 || j->n > 1e9 || j->n != floor(j->n) ||
	    e->sample.n_runs > 1 || !e->sample.has_value)
		return;
	if (j->se_st == 1 || (j->se_st == 2 && j->se < 0))
		return;
	e->sample.n_runs = 0;
	e->sample.is_summary = true;
	e->sample.n = (size_t)j->n;
	e->sample.se = j->se_st == 2 ? j->se : NAN;
}

/* json_number's state of a key of obj: 0 absent, 1 not a number, 2. */
static int json_number_st(struct json_object *obj, const char *key,
			  double *out)
{
	struct json_object *o;

	if (!json_object_object_get_ex(obj, key, &o))
		return 0;
	return json_number(o, out) ? 2 : 1;
}

/* Intern s[0..n); on ENOMEM set the error and return NULL. */
static const char *istrn(struct pstate *st, const char *s, size_t n)
{
	const char *r;

	if (!n && st->empty)
		return st->empty;
	r = br_rs_strn(st->rs, s, n);
	if (!r)
		fail_nomem(st);
	return r;
}

/* A fast-path number (string contents or number token): json_number. */
static int fj_number(const struct br_fj_val *v, double *out)
{
	char buf[64];

	if (v->kind == BR_FJ_NONE)
		return 0;
	if (v->len >= sizeof buf)
		return -1;
	memcpy(buf, v->s, v->len);
	buf[v->len] = '\0';
	return br_parse_number(buf, out, NULL) ? 2 : 1;
}

/* A string-valued key: present as a string or absent (else: json-c). */
static bool fj_stringish(const struct br_fj_val *v)
{
	return v->kind == BR_FJ_NONE || v->kind == BR_FJ_STR;
}

bool br_pts_xml_json_c_only;

/*
 * Entry/JSON in the simple subset (br_flat_json) read without json-c
 * into j; false (nothing interned) when json-c must read it.
 */
static bool fast_json(struct pstate *st, const char *json, size_t len,
		      struct ejson *j)
{
	static const char *const keys[] = {
		"error", "min-result", "max-result", "test-run-times",
		"compiler-options", "benchreport-n", "benchreport-se",
	};
	static const char *const cc_keys[] = {
		"compiler-type", "compiler", "compiler-options",
	};
	struct br_fj_val v[7], cc[3];
	int mn, mx, n, se;

	if (!br_flat_json(json, len, keys, 7, v, 4) || !fj_stringish(&v[0]) ||
	    !fj_stringish(&v[3]) || v[4].kind == BR_FJ_NUM)
		return false;
	if (v[4].kind == BR_FJ_OBJ &&
	    (!br_flat_json(v[4].s, v[4].len, cc_keys, 3, cc, -1) ||
	     !fj_stringish(&cc[0]) || !fj_stringish(&cc[1]) ||
	     !fj_stringish(&cc[2])))
		return false;
	mn = fj_number(&v[1], &j->mn);
	mx = fj_number(&v[2], &j->mx);
	n = fj_number(&v[5], &j->n);
	se = fj_number(&v[6], &j->se);
	if (mn < 0 || mx < 0 || n < 0 || se < 0)
		return false;
	j->okmin = mn == 2;
	j->okmax = mx == 2;
	j->n_st = n;
	j->se_st = se;
	if (v[0].kind == BR_FJ_STR)
		j->error = istrn(st, v[0].s, v[0].len);
	if (v[3].kind == BR_FJ_STR)
		j->run_times = istrn(st, v[3].s, v[3].len);
	if (v[4].kind == BR_FJ_STR) {
		j->compiler = istrn(st, v[4].s, v[4].len);
	} else if (v[4].kind == BR_FJ_OBJ) {
		bool ty = cc[0].kind && cc[0].len, c = cc[1].kind && cc[1].len;
		bool op = cc[2].kind && cc[2].len;

		j->compiler = br_arena_printf(st->rs->arena, "%.*s%s%.*s%s%.*s",
			(int)(ty ? cc[0].len : 0), ty ? cc[0].s : "",
			ty ? ": " : "", (int)(cc[1].kind ? cc[1].len : 0),
			cc[1].kind ? cc[1].s : "", c && op ? " " : "",
			(int)(cc[2].kind ? cc[2].len : 0),
			cc[2].kind ? cc[2].s : "");
		if (!j->compiler)
			fail_nomem(st);
	}
	return true;
}

/*
 * Entry/JSON: keep it verbatim, and read error, min-result/max-result
 * (numbers or numeric strings), test-run-times and compiler-options.
 * Invalid JSON is a warning only: PTS tolerates it.  Simple objects
 * (nearly all) are read by fast_json, the rest by json-c.
 */
static void apply_json(struct pstate *st, struct br_entry *e,
		       const char *json, const struct br_loc *loc,
		       const char *sysname)
{
	struct json_tokener *tok;
	struct json_object *obj, *o;
	size_t len = strlen(json);
	struct ejson j;

	memset(&j, 0, sizeof j);
	e->json = istrn(st, json, len);
	if (!br_pts_xml_json_c_only && fast_json(st, json, len, &j)) {
		apply_ejson(e, &j);
		return;
	}
	tok = json_tokener_new_ex(JSON_DEPTH);
	if (!tok) {
		fail_nomem(st);
		return;
	}
	obj = len <= INT_MAX ? json_tokener_parse_ex(tok, json, (int)len)
			     : NULL;
	if (!obj || json_tokener_get_error(tok) != json_tokener_success ||
	    json_tokener_get_parse_end(tok) < len) {
		enum json_tokener_error je = json_tokener_get_error(tok);

		br_rs_warn(st->rs, loc, "JSON of the entry for \"%s\" is not "
			   "valid JSON (%s); ignored", sysname,
			   obj ? "data after the object" :
			   je == json_tokener_continue ? "incomplete" :
			   json_tokener_error_desc(je));
		json_object_put(obj);
		json_tokener_free(tok);
		return;
	}
	json_tokener_free(tok);
	if (json_object_get_type(obj) != json_type_object) {
		br_rs_warn(st->rs, loc, "JSON of the entry for \"%s\" is not "
			   "an object; ignored", sysname);
		json_object_put(obj);
		return;
	}
	if (json_object_object_get_ex(obj, "error", &o) && o)
		j.error = istr(st, json_object_get_string(o));
	j.okmin = json_number_st(obj, "min-result", &j.mn) == 2;
	j.okmax = json_number_st(obj, "max-result", &j.mx) == 2;
	if (json_object_object_get_ex(obj, "test-run-times", &o) && o)
		j.run_times = istr(st, json_object_get_string(o));
	if (json_object_object_get_ex(obj, "compiler-options", &o) && o)
		j.compiler = flatten_compiler(st, o);
	j.n_st = json_number_st(obj, "benchreport-n", &j.n);
	j.se_st = json_number_st(obj, "benchreport-se", &j.se);
	apply_ejson(e, &j);
	json_object_put(obj);
}

/*
 * Add the numeric ':'-separated pieces of s[0..n) as runs of smp.  PTS
 * skips non-numeric pieces in its maths; so do we, and N counts only the
 * numeric ones.  Returns how many were skipped; bad (when still "")
 * gets the first.  s is modified while parsing and restored.
 */
static size_t add_runs(struct pstate *st, struct br_sample *smp, char *s,
		       size_t n, const struct br_loc *loc, char *bad,
		       size_t badsz)
{
	size_t skipped = 0, i = 0;

	while (i <= n && !st->failed) {
		size_t j = i;
		char save;
		double v;

		while (j < n && s[j] != ':')
			j++;
		save = s[j];
		s[j] = '\0';
		if (br_parse_number(s + i, &v, NULL)) {
			if (br_sample_add_run(smp, v, loc, st->err) != BR_OK)
				fail_nomem(st);
		} else if (!skipped++ && !bad[0]) {
			snprintf(bad, badsz, "%.*s", QUOTE_MAX, s + i);
		}
		s[j] = save;
		i = j + 1;
	}
	return skipped;
}

/* One warning for the non-numeric run values of one entry. */
static void warn_skipped(struct pstate *st, const struct br_loc *loc,
			 const char *sysname, size_t skipped, const char *bad)
{
	br_rs_warn(st->rs, loc, "RawString of \"%s\": %zu non-numeric run "
		   "value%s skipped (first: \"%s\")", sysname, skipped,
		   skipped == 1 ? "" : "s", bad);
}

/* Is a non-numeric Value an error for this format?  Yes for bar graphs. */
static bool strict_bar(const struct br_test *t)
{
	static const char *const fmts[] = {
		"", "BAR_GRAPH", "BAR_ANALYZE_GRAPH", "VERTICAL_BAR_GRAPH",
		"HORIZONTAL_BAR_GRAPH",
	};
	size_t i;

	for (i = 0; i < sizeof fmts / sizeof fmts[0]; i++)
		if (!strcmp(t->display_format, fmts[i]))
			return true;
	return false;
}

/*
 * A scalar entry (BAR_GRAPH, unknown formats, IMAGE_COMPARISON, ...):
 * Value is the published number, RawString its runs; no RawString means
 * one run (PTS drops it when there was a single run).
 */
static void fill_scalar(struct pstate *st, const struct br_test *t,
			struct br_entry *e, const struct rec *x,
			const char *sysname)
{
	char *val = rec_get(&st->rbuf, x, E_VALUE);
	char *raw = rec_get(&st->rbuf, x, E_RAW);
	struct br_loc vloc = {st->file, rec_line(x, E_VALUE)};
	struct br_loc rloc = {st->file, rec_line(x, E_RAW)};
	char qb[QUOTE_MAX + 4], bad[QUOTE_MAX + 1] = "";
	double v;
	size_t skipped;

	if (!br_parse_number(val, &v, NULL)) {
		if (t->display == BR_DISPLAY_BAR && strict_bar(t)) {
			fail(st, BR_EDATA, vloc.line, "<Value> is not a "
			     "number: \"%s\"", quote(val, qb));
			return;
		}
		if (t->display == BR_DISPLAY_BAR)
			br_rs_warn(st->rs, &vloc, "%s: <Value> of \"%s\" is "
				   "not a number: \"%s\"", test_name(t),
				   sysname, quote(val, qb));
		e->sample.value_text = istr(st, val);
		return;
	}
	e->sample.has_value = true;
	e->sample.value = v;
	e->sample.value_text = istr(st, val);
	if (raw && *raw) {
		skipped = add_runs(st, &e->sample, raw, strlen(raw), &rloc,
				   bad, sizeof bad);
		if (skipped)
			warn_skipped(st, &rloc, sysname, skipped, bad);
	} else if (br_sample_add_run(&e->sample, v, &vloc, st->err) != BR_OK) {
		fail_nomem(st);
	}
}

/* Count the comma-separated pieces of s. */
static size_t count_pieces(const char *s, char sep)
{
	size_t n = 1;

	for (; *s; s++)
		if (*s == sep)
			n++;
	return n;
}

/*
 * LINE_GRAPH: Value is a comma list of y points; RawString a comma list
 * of the same length whose elements are ':' lists of runs.  When the
 * lengths differ the runs are ignored (warning); without RawString each
 * point is one run.  A non-numeric point stays without value (warning).
 */
static void fill_line(struct pstate *st, const struct br_test *t,
		      struct br_entry *e, const struct rec *x,
		      const char *sysname)
{
	char *val = rec_get(&st->rbuf, x, E_VALUE);
	char *raw = rec_get(&st->rbuf, x, E_RAW);
	struct br_loc vloc = {st->file, rec_line(x, E_VALUE)};
	struct br_loc rloc = {st->file, rec_line(x, E_RAW)};
	size_t np = count_pieces(val, ','), i, nbadpt = 0, skipped = 0;
	char qb[QUOTE_MAX + 4], badpt[QUOTE_MAX + 4] = "";
	char bad[QUOTE_MAX + 1] = "";
	struct br_sample *pts;
	char *p;
	bool use_raw = raw && *raw;

	pts = calloc(np, sizeof *pts);
	if (!pts) {
		fail_nomem(st);
		return;
	}
	e->points = pts;
	e->n_points = np;
	for (i = 0, p = val; i < np && !st->failed; i++) {
		char *end = strchr(p, ','), *b = p, *z;
		size_t len = end ? (size_t)(end - p) : strlen(p);
		double v;

		pts[i].se = NAN;
		pts[i].value = NAN;
		p[len] = '\0';
		z = p + len;
		while (is_space((unsigned char)*b))
			b++;
		while (z > b && is_space((unsigned char)z[-1]))
			z--;
		if (br_parse_number(p, &v, NULL)) {
			char save = *z;

			*z = '\0';
			pts[i].has_value = true;
			pts[i].value = v;
			pts[i].value_text = istr(st, b);
			*z = save;
		} else if (!nbadpt++) {
			snprintf(badpt, sizeof badpt, "%s", quote(p, qb));
		}
		if (end)
			*end = ',';
		p += len + 1;
	}
	if (nbadpt)
		br_rs_warn(st->rs, &vloc, "%s: %zu point%s of \"%s\" not a "
			   "number (first: \"%s\")", test_name(t), nbadpt,
			   nbadpt == 1 ? " is" : "s are", sysname, badpt);
	if (use_raw && count_pieces(raw, ',') != np) {
		br_rs_warn(st->rs, &rloc, "%s: RawString of \"%s\" has %zu "
			   "points, Value has %zu; runs ignored", test_name(t),
			   sysname, count_pieces(raw, ','), np);
		return;
	}
	for (i = 0, p = raw; i < np && !st->failed; i++) {
		char *end;
		size_t len;

		if (!use_raw) {
			if (pts[i].has_value &&
			    br_sample_add_run(&pts[i], pts[i].value, &vloc,
					      st->err) != BR_OK)
				fail_nomem(st);
			continue;
		}
		end = strchr(p, ',');
		len = end ? (size_t)(end - p) : strlen(p);
		skipped += add_runs(st, &pts[i], p, len, &rloc, bad,
				    sizeof bad);
		p += len + 1;
	}
	if (skipped)
		warn_skipped(st, &rloc, sysname, skipped, bad);
}

/*
 * Fill entry e (just added to t) from entry record x according to t's
 * display kind.  An empty Value is a failed run: error is the JSON
 * "error" text, or "".
 */
static void fill_entry(struct pstate *st, const struct br_test *t,
		       struct br_entry *e, const struct rec *x,
		       const char *sysname)
{
	const char *val = rec_get(&st->rbuf, x, E_VALUE);
	const char *json = rec_get(&st->rbuf, x, E_JSON);

	if (val && *val) {
		switch (t->display) {
		case BR_DISPLAY_LINE:
			fill_line(st, t, e, x, sysname);
			break;
		case BR_DISPLAY_PASS_FAIL:
		case BR_DISPLAY_MULTI_PASS_FAIL:
			e->pass_fail = istr(st, val);
			break;
		default:
			fill_scalar(st, t, e, x, sysname);
			break;
		}
	}
	if (json && *json && !st->failed) {
		struct br_loc jloc = {st->file, rec_line(x, E_JSON)};

		apply_json(st, e, json, &jloc, sysname);
	}
	if ((!val || !*val) && !e->error)
		e->error = st->empty;
}

/*
 * Add the buffered entries of the current Result to t.  Marks keep this
 * linear in entries: mark[sys] == 2*seq means "t already had an entry
 * for sys before this file" (merge: keep it), 2*seq+1 "this Result
 * already gave one" (duplicate: keep the first, as PTS does).
 */
static void add_entries(struct pstate *st, struct br_test *t, size_t n0)
{
	struct br_resultset *rs = st->rs;
	size_t i, k;

	st->seq++;
	if (!grow_marks(st)) {
		fail_nomem(st);
		return;
	}
	for (i = 0; i < n0; i++) {
		st->mark[t->entries[i].system] = 2 * st->seq;
		st->mark_idx[t->entries[i].system] = i;
	}
	for (k = 0; k < st->n_entries && !st->failed; k++) {
		const struct rec *x = &st->entries[k];
		const char *id = rec_get(&st->rbuf, x, E_IDENTIFIER);
		struct br_loc loc = {st->file, x->line0};
		struct br_entry *e, *old;
		size_t sys;

		if (!id || !*id) {
			br_rs_warn(rs, &loc, "%s: <Entry> without an "
				   "Identifier ignored", test_name(t));
			continue;
		}
		sys = br_rs_system(rs, id, true, &loc, st->err);
		if (sys == (size_t)-1 || !grow_marks(st)) {
			fail_nomem(st);
			return;
		}
		if (!rs->systems[sys]->user) {
			/* Only named here: unknown fields read as "". */
			struct br_system *s = rs->systems[sys];

			s->user = s->timestamp = st->empty;
			s->client_version = s->notes = st->empty;
		}
		if (st->mark[sys] == 2 * st->seq + 1 ||
		    st->mark[sys] == 2 * st->seq) {
			old = &t->entries[st->mark_idx[sys]];
			if (st->mark[sys] & 1)
				br_rs_warn(rs, &loc, "%s: duplicate entry for "
					   "\"%s\" (first at line %lu); "
					   "keeping the first", test_name(t),
					   id, old->loc.line);
			else
				br_rs_warn(rs, &loc, "%s: entry for \"%s\" "
					   "already read from %s:%lu; keeping "
					   "the first", test_name(t), id,
					   old->loc.file ? old->loc.file : "?",
					   old->loc.line);
			continue;
		}
		e = br_test_add_entry(rs, t, sys, &loc, st->err);
		if (!e) {
			fail_nomem(st);
			return;
		}
		st->mark[sys] = 2 * st->seq + 1;
		st->mark_idx[sys] = t->n_entries - 1;
		fill_entry(st, t, e, x, rs->systems[sys]->identifier);
	}
}

/* ------------------------------------------------------------- results */

/* Index of t in rs->tests (t came from br_rs_test, so it is there). */
static size_t test_index(struct pstate *st, const struct br_test *t)
{
	char *key = br_test_key(t);
	size_t idx = (size_t)-1;

	if (!key) {
		fail_nomem(st);
		return idx;
	}
	if (!br_map_get(st->rs->test_index, key, &idx))
		idx = (size_t)-1;
	free(key);
	return idx;
}

/* strcmp that treats NULL as "". */
static bool str_differs(const char *a, const char *b)
{
	return strcmp(a ? a : "", b ? b : "") != 0;
}

/* </Result>: find or create the test, then replace or merge entries. */
static void finish_result(struct pstate *st)
{
	struct br_resultset *rs = st->rs;
	const struct rec *r = &st->res;
	static const int slots[] = {
		R_IDENTIFIER, R_TITLE, R_APP_VERSION, R_ARGUMENTS,
		R_DESCRIPTION, R_SCALE, R_PROPORTION, R_DISPLAY_FORMAT,
		R_ANNOTATION, R_PARENT,
	};
	const char *v[R_N];
	struct br_test tmp, *t;
	struct touched *tc;
	bool created;
	size_t idx, i;

	for (i = 0; i < sizeof slots / sizeof slots[0]; i++) {
		const char *s = rec_get(&st->rbuf, r, slots[i]);

		v[slots[i]] = istr(st, s ? s : "");
	}
	if (st->failed)
		return;
	memset(&tmp, 0, sizeof tmp);
	tmp.identifier = v[R_IDENTIFIER];
	tmp.title = v[R_TITLE];
	tmp.app_version = v[R_APP_VERSION];
	tmp.arguments = v[R_ARGUMENTS];
	tmp.description = v[R_DESCRIPTION];
	tmp.scale = v[R_SCALE];
	tmp.proportion = v[R_PROPORTION];
	tmp.display_format = v[R_DISPLAY_FORMAT];
	tmp.annotation = v[R_ANNOTATION];
	tmp.parent = v[R_PARENT];
	tmp.loc.file = st->file;
	tmp.loc.line = r->line0;

	t = br_rs_test(rs, &tmp, &created, st->err);
	if (!t) {
		fail_nomem(st);
		return;
	}
	idx = created ? rs->n_tests - 1 : test_index(st, &tmp);
	if (idx == (size_t)-1 || !grow_touched(st)) {
		if (!st->failed)
			fail_nomem(st);
		return;
	}
	tc = &st->touched[idx];
	if (created) {
		br_test_finish(rs, t);
		tc->line = r->line0;
		tc->n0 = 0;
	} else if (tc->line) {
		/* Same key twice in one file: the later one wins (PTS). */
		br_rs_warn(rs, &tmp.loc, "%s: <Result> at line %lu replaces "
			   "the one at line %lu (same comparison key)",
			   test_name(t), r->line0, tc->line);
		br_test_truncate_entries(t, tc->n0);
		if (idx >= st->n_tests0) {
			bool refinish =
				str_differs(t->scale, tmp.scale) ||
				str_differs(t->proportion, tmp.proportion) ||
				str_differs(t->display_format,
					    tmp.display_format);

			t->identifier = tmp.identifier;
			t->title = tmp.title;
			t->scale = tmp.scale;
			t->proportion = tmp.proportion;
			t->display_format = tmp.display_format;
			t->annotation = tmp.annotation;
			t->parent = tmp.parent;
			t->loc = tmp.loc;
			if (refinish)
				br_test_finish(rs, t);
		}
		tc->line = r->line0;
	} else {
		/* Known from an earlier input: merge (merge-results). */
		tc->line = r->line0;
		tc->n0 = t->n_entries;
	}
	add_entries(st, t, tc->n0);
}

/* After the document: one warning per system only entries named. */
static void warn_undeclared(struct pstate *st)
{
	size_t i;

	for (i = st->n_systems0; i < st->rs->n_systems; i++) {
		const struct br_system *s = st->rs->systems[i];

		if (!s->declared)
			br_rs_warn(st->rs, &s->loc, "system \"%s\" has "
				   "entries but no <System> block; its "
				   "hardware and software are unknown",
				   s->identifier);
	}
}

/* --------------------------------------------------------- SAX handlers */

static int lookup(const struct field_name *f, const char *name)
{
	for (; f->name; f++)
		if (!strcmp(f->name, name))
			return f->slot;
	return -1;
}

/* Begin a kept field: its text goes to (kind, slot). */
static int begin_field(struct pstate *st, enum rec_kind kind, int slot)
{
	if (slot < 0)
		return C_IGNORE;
	st->fkind = kind;
	st->fslot = slot;
	st->fline = cur_line(st);
	st->text.n = 0;
	return C_FIELD;
}

/* The context of a child element name of a parent context. */
static int child_ctx(struct pstate *st, int parent, const char *name)
{
	unsigned long line = cur_line(st);

	switch (parent) {
	case C_ROOT:
		if (!strcmp(name, "Generated")) {
			st->has_header = true;
			return C_GENERATED;
		}
		if (!strcmp(name, "Suite")) {
			st->has_header = true;
			return C_SUITE;
		}
		if (!strcmp(name, "System")) {
			st->sbuf.n = 0;
			rec_reset(&st->sys, line);
			return C_SYSTEM;
		}
		if (!strcmp(name, "Result") || !strcmp(name, "Benchmark")) {
			st->rbuf.n = 0;
			st->n_entries = 0;
			rec_reset(&st->res, line);
			return name[0] == 'R' ? C_RESULT : C_BENCHMARK;
		}
		return C_IGNORE;
	case C_GENERATED:
		return begin_field(st, K_HEADER,
				   lookup(generated_fields, name));
	case C_SUITE:
		return begin_field(st, K_HEADER, lookup(suite_fields, name));
	case C_SYSTEM:
		return begin_field(st, K_SYSTEM, lookup(system_fields, name));
	case C_RESULT:
		if (!strcmp(name, "Data"))
			return C_DATA;
		return begin_field(st, K_RESULT, lookup(result_fields, name));
	case C_BENCHMARK:
		if (!strcmp(name, "Results"))
			return C_RESULTS;
		return begin_field(st, K_RESULT,
				   lookup(benchmark_fields, name));
	case C_RESULTS:
		return !strcmp(name, "Group") ? C_DATA : C_IGNORE;
	case C_DATA:
		if (strcmp(name, "Entry"))
			return C_IGNORE;
		if (!br_grow((void **)&st->entries, &st->cap_entries,
			     st->n_entries + 1, sizeof *st->entries)) {
			fail_nomem(st);
			return C_IGNORE;
		}
		rec_reset(&st->entries[st->n_entries++], line);
		return C_ENTRY;
	case C_ENTRY:
		return begin_field(st, K_ENTRY, lookup(entry_fields, name));
	default:
		return C_IGNORE;
	}
}

/* SAX start tag: push the element's context (root checked here). */
static void on_start(void *ctx, const xmlChar *localname,
		     const xmlChar *prefix, const xmlChar *uri,
		     int nb_namespaces, const xmlChar **namespaces,
		     int nb_attributes, int nb_defaulted,
		     const xmlChar **attributes)
{
	struct pstate *st = ctx;
	const char *name = (const char *)localname;
	int c;

	(void)nb_namespaces;
	(void)namespaces;
	(void)nb_attributes;
	(void)nb_defaulted;
	(void)attributes;
	if (st->failed)
		return;
	if (st->depth >= MAX_DEPTH) {
		fail(st, BR_EDATA, cur_line(st), "elements nested more than "
		     "%d deep", MAX_DEPTH);
		return;
	}
	if (st->depth == 0) {
		if (strcmp(name, ROOT_NAME) || prefix || uri) {
			char qb[QUOTE_MAX + 4];

			fail(st, BR_EDATA, cur_line(st), "root element is "
			     "<%s>, not <%s>: not a PTS result file",
			     quote(name, qb), ROOT_NAME);
			return;
		}
		c = C_ROOT;
	} else if (prefix || uri) {
		c = C_IGNORE;
	} else {
		c = child_ctx(st, st->stack[st->depth - 1], name);
	}
	st->open_name[st->depth] = localname;
	st->open_line[st->depth] = cur_line(st);
	st->stack[st->depth++] = (unsigned char)c;
}

/* Store the collected text of the field that just ended. */
static void end_field(struct pstate *st)
{
	struct sbuf *b;
	struct rec *r;
	size_t n = st->text.p ? strip_tags(st->text.p, st->text.n) : 0;
	const char *s = st->text.p ? st->text.p : "";

	switch (st->fkind) {
	case K_HEADER:
		b = &st->hbuf;
		r = &st->header;
		break;
	case K_SYSTEM:
		b = &st->sbuf;
		r = &st->sys;
		break;
	case K_RESULT:
		b = &st->rbuf;
		r = &st->res;
		break;
	default:
		if (!st->n_entries)
			return;
		b = &st->rbuf;
		r = &st->entries[st->n_entries - 1];
		break;
	}
	if (r->off[st->fslot] != NOSTR)
		return; /* SimpleXML reads the first of repeated elements */
	while (n && is_space((unsigned char)s[n - 1]))
		n--;
	while (n && is_space((unsigned char)*s)) {
		s++;
		n--;
	}
	r->off[st->fslot] = sbuf_add(b, s, n);
	r->line[st->fslot] = st->fline;
	if (r->off[st->fslot] == NOSTR)
		fail_nomem(st);
}

/* SAX end tag: pop, and finish a field, a System or a Result. */
static void on_end(void *ctx, const xmlChar *localname,
		   const xmlChar *prefix, const xmlChar *uri)
{
	struct pstate *st = ctx;

	(void)localname;
	(void)prefix;
	(void)uri;
	if (st->failed || st->depth == 0)
		return;
	switch (st->stack[--st->depth]) {
	case C_FIELD:
		end_field(st);
		break;
	case C_SYSTEM:
		finish_system(st);
		break;
	case C_RESULT:
	case C_BENCHMARK:
		finish_result(st);
		break;
	default:
		break;
	}
}

/* SAX text and CDATA: kept only directly inside a kept field. */
static void on_text(void *ctx, const xmlChar *ch, int len)
{
	struct pstate *st = ctx;

	if (st->failed || st->depth == 0 ||
	    st->stack[st->depth - 1] != C_FIELD || len <= 0)
		return;
	if (st->text.n + (size_t)len > MAX_TEXT) {
		fail(st, BR_EDATA, st->fline, "text of an element is longer "
		     "than %d bytes", MAX_TEXT);
		return;
	}
	if (!sbuf_reserve(&st->text, (size_t)len + 1)) {
		fail_nomem(st);
		return;
	}
	memcpy(st->text.p + st->text.n, ch, (size_t)len);
	st->text.n += (size_t)len;
}

/* <!DOCTYPE ...>: refused before its internal subset is read. */
static void on_doctype(void *ctx, const xmlChar *name, const xmlChar *eid,
		       const xmlChar *sid)
{
	struct pstate *st = ctx;

	(void)name;
	(void)eid;
	(void)sid;
	fail(st, BR_EDATA, cur_line(st), "DOCTYPE/entity declarations are "
	     "not allowed in a result file");
}

/* Is the input empty or white space only? */
static bool only_space(const struct pstate *st)
{
	return !st->nonspace;
}

/* libxml2's errors: the first one (warnings aside) becomes ours. */
static void on_xml_error(void *ctx, xmlErrorPtr e)
{
	struct pstate *st = ctx;
	char msg[400];
	size_t n;

	if (!e || e->level == XML_ERR_WARNING || st->failed)
		return;
	snprintf(msg, sizeof msg, "%s", e->message ? e->message : "error");
	n = strlen(msg);
	while (n && is_space((unsigned char)msg[n - 1]))
		msg[--n] = '\0';
	if (e->code == XML_ERR_NO_MEMORY)
		fail(st, BR_EIO, (unsigned long)(e->line > 0 ? e->line : 0),
		     ENOMEM_MSG);
	else if (e->code == XML_ERR_DOCUMENT_EMPTY && !only_space(st))
		/* The push parser's word for text that is not XML. */
		fail(st, BR_EDATA, (unsigned long)(e->line > 0 ? e->line : 0),
		     "malformed XML: Start tag expected, '<' not found");
	else if (e->code == XML_ERR_DOCUMENT_END && st->depth > 0)
		/* The push parser's word for a truncated file. */
		fail(st, BR_EDATA, (unsigned long)(e->line > 0 ? e->line : 0),
		     "malformed XML: input ends inside <%s> (line %lu): "
		     "truncated?", (const char *)st->open_name[st->depth - 1],
		     st->open_line[st->depth - 1]);
	else
		fail(st, BR_EDATA, (unsigned long)(e->line > 0 ? e->line : 0),
		     "malformed XML: %s", msg);
}

/* libxml2's unstructured messages (a few code paths): never printed. */
static void on_generic_error(void *ctx, const char *msg, ...)
{
	(void)ctx;
	(void)msg;
}

/* ---------------------------------------------------------------- read */

static void pstate_free(struct pstate *st)
{
	free(st->text.p);
	free(st->hbuf.p);
	free(st->sbuf.p);
	free(st->rbuf.p);
	free(st->entries);
	free(st->touched);
	free(st->mark);
	free(st->mark_idx);
}

/* What a declared encoding name means to us (case as written). */
enum enc_kind { ENC_UTF8, ENC_LATIN1, ENC_OTHER };

static enum enc_kind encoding_kind(const char *enc)
{
	static const char *const utf8[] = {
		"", "utf-8", "utf8", "us-ascii", "ascii",
	};
	static const char *const latin1[] = {
		"iso-8859-1", "latin1", "iso_8859-1", "iso8859-1",
	};
	size_t i;

	for (i = 0; i < sizeof utf8 / sizeof utf8[0]; i++)
		if (!strcasecmp(enc, utf8[i]))
			return ENC_UTF8;
	for (i = 0; i < sizeof latin1 / sizeof latin1[0]; i++)
		if (!strcasecmp(enc, latin1[i]))
			return ENC_LATIN1;
	return ENC_OTHER;
}

/*
 * The encoding the XML declaration at the start of buf names, as written,
 * into out: "" when there is none.  false when the declaration names one
 * in a way we cannot read (then nothing is parsed).
 */
static bool declared_encoding(const char *buf, size_t len, char *out,
			      size_t size)
{
	size_t end, i, n = 0;
	const char *hit = NULL;
	char q;

	out[0] = '\0';
	if (has_bom(buf, len)) {
		buf += 3;
		len -= 3;
	}
	if (len < 5 || memcmp(buf, "<?xml", 5))
		return true;
	for (end = 5; end + 1 < len && end < 1024; end++)
		if (buf[end] == '?' && buf[end + 1] == '>')
			break;
	for (i = 5; i + 8 <= end; i++)
		if (!memcmp(buf + i, "encoding", 8)) {
			hit = buf + i + 8;
			break;
		}
	if (!hit)
		return true;
	i = (size_t)(hit - buf);
	while (i < end && is_space((unsigned char)buf[i]))
		i++;
	if (i >= end || buf[i++] != '=')
		return false;
	while (i < end && is_space((unsigned char)buf[i]))
		i++;
	if (i >= end || (buf[i] != '"' && buf[i] != '\''))
		return false;
	q = buf[i++];
	for (; i < end && buf[i] != q; i++) {
		char c = buf[i];

		if (!((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') ||
		      (c >= '0' && c <= '9') || c == '-' || c == '_' ||
		      c == '.') || n + 1 >= size)
			return false;
		out[n++] = c;
	}
	out[n] = '\0';
	return i < end && n > 0;
}

/* ISO-8859-1 text as UTF-8 into out (room for 2 len bytes): its length. */
static size_t latin1_to_utf8(const char *buf, size_t len, char *out)
{
	size_t i, n = 0;

	for (i = 0; i < len; i++) {
		unsigned char c = (unsigned char)buf[i];

		if (c < 0x80) {
			out[n++] = (char)c;
		} else {
			out[n++] = (char)(0xc0 | c >> 6);
			out[n++] = (char)(0x80 | (c & 0x3f));
		}
	}
	return n;
}

/* Where the input comes from: buf[0..len), then (fp not NULL) fp, at
 * most max bytes in all. */
struct source {
	const char *buf;
	size_t len;
	FILE *fp;
	size_t max;
};

/* Feed p[0..n) to libxml2 (converted from ISO-8859-1 into conv first
 * when latin1); libxml2's status. */
static int feed(struct pstate *st, const char *p, size_t n, bool latin1,
		char *conv)
{
	size_t i;

	for (i = 0; i < n && !st->nonspace; i++)
		st->nonspace = !is_space((unsigned char)p[i]);
	if (latin1) {
		n = latin1_to_utf8(p, n, conv);
		p = conv;
	}
	return xmlParseChunk(st->ctxt, p, (int)n, 0);
}

/* Feed the source to a SAX2 push parser with our handlers and safe
 * options, CHUNK bytes at a time. */
static void parse(struct pstate *st, const struct source *src)
{
	xmlSAXHandler sax;
	xmlParserCtxtPtr ctxt;
	const char *buf = src->buf;
	size_t len = src->len, off, total = src->len;
	char enc[32], *conv = NULL, *chunk = NULL;
	enum enc_kind kind;
	bool latin1;
	int rc = 0;

	memset(&sax, 0, sizeof sax);
	sax.initialized = XML_SAX2_MAGIC;
	sax.startElementNs = on_start;
	sax.endElementNs = on_end;
	sax.characters = on_text;
	sax.cdataBlock = on_text;
	sax.ignorableWhitespace = on_text;
	sax.internalSubset = on_doctype;
	sax.serror = on_xml_error;

	/* libxml2 guesses UTF-16, UCS-4 or EBCDIC from the first bytes, and
	 * its push parser crashes when converting them then fails (2.9.14,
	 * found by fuzzing: tests/fuzz/regress/pts-xml/).  Result files are
	 * UTF-8 (or ASCII): refuse the rest before libxml2 sees them. */
	if (len >= 4) {
		xmlCharEncoding guess =
			xmlDetectCharEncoding((const xmlChar *)buf, 4);

		if (guess != XML_CHAR_ENCODING_NONE &&
		    guess != XML_CHAR_ENCODING_UTF8) {
			fail(st, BR_EDATA, 1, "malformed XML: not UTF-8 "
			     "(looks like %s; save it as UTF-8)",
			     xmlGetCharEncodingName(guess) ?
			     xmlGetCharEncodingName(guess) : "another encoding");
			return;
		}
	}
	/* The declared encoding: libxml2 is never asked to switch (it
	 * crashed switching to a declared UCS-4 with junk after it, 2.9.14,
	 * fuzzing): UTF-8 and ASCII are read as they are, ISO-8859-1 is
	 * converted here, anything else is refused. */
	if (!declared_encoding(buf, len, enc, sizeof enc)) {
		fail(st, BR_EDATA, 1, "malformed XML: unreadable encoding "
		     "declaration");
		return;
	}
	kind = encoding_kind(enc);
	if (kind == ENC_OTHER) {
		fail(st, BR_EDATA, 1, "malformed XML: not UTF-8 (declares "
		     "encoding \"%s\"; save it as UTF-8)", enc);
		return;
	}
	/* a UTF-8 byte order mark outranks the declaration, as in libxml2 */
	latin1 = kind == ENC_LATIN1 && !has_bom(buf, len);
	if ((latin1 && !(conv = malloc(2 * CHUNK))) ||
	    (src->fp && !(chunk = malloc(CHUNK)))) {
		free(conv);
		fail_nomem(st);
		return;
	}
	ctxt = xmlCreatePushParserCtxt(&sax, st, NULL, 0, st->name);
	if (!ctxt) {
		br_error_set(st->err, BR_EIO, st->name, 0, ENOMEM_MSG);
		st->failed = true;
		free(conv);
		free(chunk);
		return;
	}
	st->ctxt = ctxt;
	xmlCtxtUseOptions(ctxt, XML_PARSE_NONET | XML_PARSE_NOERROR |
			  XML_PARSE_NOWARNING | XML_PARSE_BIG_LINES |
			  XML_PARSE_IGNORE_ENC);
	for (off = 0; off < len && !st->failed && rc == 0; ) {
		size_t n = len - off > CHUNK ? CHUNK : len - off;

		rc = feed(st, buf + off, n, latin1, conv);
		off += n;
	}
	while (src->fp && !st->failed && rc == 0) {
		size_t n = fread(chunk, 1, CHUNK, src->fp);

		if (n == 0) {
			if (ferror(src->fp))
				br_error_set(st->err, BR_EIO, st->name, 0,
					     "read error: %s",
					     strerror(errno));
			st->failed = ferror(src->fp) != 0;
			break;
		}
		if (n > src->max - total) {
			br_error_set(st->err, BR_EDATA, st->name, 0,
				     "input larger than %zu bytes", src->max);
			st->failed = true;
			break;
		}
		total += n;
		rc = feed(st, chunk, n, latin1, conv);
	}
	if (!st->failed && rc == 0)
		rc = xmlParseChunk(ctxt, NULL, 0, 1);
	if (!st->failed && (rc != 0 || !ctxt->wellFormed))
		fail(st, BR_EDATA, cur_line(st), "malformed XML");
	st->ctxt = NULL;
	if (ctxt->myDoc)
		xmlFreeDoc(ctxt->myDoc);
	xmlFreeParserCtxt(ctxt);
	free(conv);
	free(chunk);
}

/*
 * Read the result file buf[0..len) named name into rs (see the top of
 * this file).  The Generated header is applied only when the whole file
 * read; on error rs may hold part of the file and err says where.
 */
static int read_xml(struct br_resultset *rs, const char *name,
		    const struct source *src, struct br_error *err)
{
	struct pstate st;
	xmlStructuredErrorFunc old_serror;
	void *old_sctx;
	xmlGenericErrorFunc old_gerror;
	void *old_gctx;

	memset(&st, 0, sizeof st);
	st.rs = rs;
	st.name = name;
	st.err = err;
	st.n_systems0 = rs->n_systems;
	st.n_tests0 = rs->n_tests;
	rec_reset(&st.header, 0);
	st.file = br_rs_str(rs, name);
	st.empty = br_rs_str(rs, "");
	if (!st.file || !st.empty)
		return br_error_set(err, BR_EIO, name, 0, ENOMEM_MSG);

	xmlInitParser();
	/* Route every libxml2 message to us while we parse (thread-local
	 * in libxml2), then put back whatever the caller had. */
	old_serror = xmlStructuredError;
	old_sctx = xmlStructuredErrorContext;
	old_gerror = xmlGenericError;
	old_gctx = xmlGenericErrorContext;
	xmlSetStructuredErrorFunc(&st, on_xml_error);
	xmlSetGenericErrorFunc(NULL, on_generic_error);

	parse(&st, src);

	xmlSetStructuredErrorFunc(old_sctx, old_serror);
	xmlSetGenericErrorFunc(old_gctx, old_gerror);

	if (!st.failed)
		finish_header(&st);
	if (!st.failed)
		warn_undeclared(&st);
	pstate_free(&st);
	if (st.failed)
		return err->code != BR_OK ? err->code : BR_EDATA;
	return BR_OK;
}

int br_read_pts_xml(struct br_resultset *rs, const char *name, const char *buf,
		    size_t len, const struct br_ingest_opts *o,
		    struct br_error *err)
{
	struct source src = {buf, len, NULL, len};

	(void)o;
	return read_xml(rs, name, &src, err);
}

int br_read_pts_xml_stream(struct br_resultset *rs, const char *name,
			   const char *head, size_t head_len, FILE *fp,
			   size_t max, const struct br_ingest_opts *o,
			   struct br_error *err)
{
	struct source src = {head, head_len, fp, max};

	(void)o;
	return read_xml(rs, name, &src, err);
}
