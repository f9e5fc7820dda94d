/*
 * pts_xml.c - Phoronix Test Suite / OpenBenchmarking.org result files
 * (composite.xml; doc/pts-format.md sections 1 and 2), in both layouts:
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
 * and text fields longer than MAX_TEXT bytes are errors, and so is an
 * element with more than MAX_ATTRS attributes, found by a pre-scan
 * before libxml2 parses it (pts_xml_scan.c).  libxml2 never
 * prints: its errors arrive through a structured handler and become one
 * BR_EDATA line with the line number libxml2 reports.
 *
 * The reader's files (pts_xml_int.h): this one parses; the prolog, the
 * element tree of both layouts, the mapping into the model and
 * Entry/JSON have files of their own.
 */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <libxml/parser.h>
#include <libxml/parserInternals.h>
#include <libxml/xmlerror.h>

#include "pts_xml_int.h"

#define MAX_TEXT 10000000     /* bytes in one field: XML_MAX_TEXT_LENGTH */
#define CHUNK ((size_t)1 << 18)   /* bytes fed to libxml2 at a time */

/* ------------------------------------------------------------ helpers */

/* libxml2's current line, or 0 when it has none. */
unsigned long br_px_cur_line(const struct pstate *st)
{
	if (st->ctxt && st->ctxt->input && st->ctxt->input->line > 0)
		return (unsigned long)st->ctxt->input->line;
	return 0;
}

/* Record the first error and stop the parser. */
void br_px_fail(struct pstate *st, int code, unsigned long line,
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
void br_px_fail_nomem(struct pstate *st)
{
	br_px_fail(st, BR_EIO, br_px_cur_line(st), ENOMEM_MSG);
}

/* Intern s; on ENOMEM set the error and return NULL. */
const char *br_px_istr(struct pstate *st, const char *s)
{
	const char *r;

	if (!s)
		return NULL;
	if (!*s && st->empty)
		return st->empty;
	r = br_rs_str(st->rs, s);
	if (!r)
		br_px_fail_nomem(st);
	return r;
}

/*
 * Copy at most QUOTE_MAX bytes of s into out (size QUOTE_MAX + 4), with
 * "..." when cut, so that a message quoting input stays one short line.
 * The cut is at a character boundary.
 */
const char *br_px_quote(const char *s, char *out)
{
	size_t n = strlen(s);

	if (n <= QUOTE_MAX)
		return s;
	n = br_utf8_fit(s, QUOTE_MAX);
	memcpy(out, s, n);
	memcpy(out + n, "...", 4);
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
void br_px_rec_reset(struct rec *r, unsigned long line0)
{
	int i;

	for (i = 0; i < MAX_SLOTS; i++) {
		r->off[i] = NOSTR;
		r->line[i] = 0;
	}
	r->line0 = line0;
}

/* Field slot of rec in b, or NULL when the element was absent. */
char *br_px_rec_get(const struct sbuf *b, const struct rec *r, int slot)
{
	return r->off[slot] == NOSTR ? NULL : b->p + r->off[slot];
}

/* Line of a field, or of its record when the field was absent. */
unsigned long br_px_rec_line(const struct rec *r, int slot)
{
	return r->line[slot] ? r->line[slot] : r->line0;
}

/* XML and C white space (no locale). */
int br_px_is_space(int c)
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
		    (i + 1 < n && br_px_is_space((unsigned char)s[i + 1]))) {
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

/* --------------------------------------------------------- SAX handlers */

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
		br_px_fail(st, BR_EDATA, br_px_cur_line(st), "elements "
			   "nested more than %d deep", MAX_DEPTH);
		return;
	}
	if (st->depth == 0) {
		if (strcmp(name, ROOT_NAME) || prefix || uri) {
			char qb[QUOTE_MAX + 4];

			br_px_fail(st, BR_EDATA, br_px_cur_line(st), "root "
				   "element is <%s>, not <%s>: not a PTS "
				   "result file",
				   br_px_quote(name, qb), ROOT_NAME);
			return;
		}
		c = C_ROOT;
	} else if (prefix || uri) {
		c = C_IGNORE;
	} else {
		c = br_px_child_ctx(st, st->stack[st->depth - 1], name);
	}
	st->open_name[st->depth] = localname;
	st->open_line[st->depth] = br_px_cur_line(st);
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
	while (n && br_px_is_space((unsigned char)s[n - 1]))
		n--;
	while (n && br_px_is_space((unsigned char)*s)) {
		s++;
		n--;
	}
	r->off[st->fslot] = sbuf_add(b, s, n);
	r->line[st->fslot] = st->fline;
	if (r->off[st->fslot] == NOSTR)
		br_px_fail_nomem(st);
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
		br_px_finish_system(st);
		break;
	case C_RESULT:
	case C_BENCHMARK:
		br_px_finish_result(st);
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
		br_px_fail(st, BR_EDATA, st->fline, "text of an element is "
			   "longer than %d bytes", MAX_TEXT);
		return;
	}
	if (!sbuf_reserve(&st->text, (size_t)len + 1)) {
		br_px_fail_nomem(st);
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
	br_px_fail(st, BR_EDATA, br_px_cur_line(st), "DOCTYPE/entity "
		   "declarations are not allowed in a result file");
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
	br_utf8_cut(msg);   /* it may quote a long element name */
	n = strlen(msg);
	while (n && br_px_is_space((unsigned char)msg[n - 1]))
		msg[--n] = '\0';
	if (e->code == XML_ERR_NO_MEMORY)
		br_px_fail(st, BR_EIO,
			   (unsigned long)(e->line > 0 ? e->line : 0),
			   ENOMEM_MSG);
	else if (e->code == XML_ERR_DOCUMENT_EMPTY && !only_space(st))
		/* The push parser's word for text that is not XML. */
		br_px_fail(st, BR_EDATA,
			   (unsigned long)(e->line > 0 ? e->line : 0),
			   "malformed XML: Start tag expected, '<' not found");
	else if (e->code == XML_ERR_DOCUMENT_END && st->depth > 0)
		/* The push parser's word for a truncated file. */
		br_px_fail(st, BR_EDATA,
			   (unsigned long)(e->line > 0 ? e->line : 0),
			   "malformed XML: input ends inside <%s> (line %lu): "
			   "truncated?",
			   (const char *)st->open_name[st->depth - 1],
			   st->open_line[st->depth - 1]);
	else
		br_px_fail(st, BR_EDATA,
			   (unsigned long)(e->line > 0 ? e->line : 0),
			   "malformed XML: %s", msg);
}

/* libxml2's unstructured messages (a few code paths): never printed. */
static void on_generic_error(void *ctx, const char *msg, ...)
{
	(void)ctx;
	(void)msg;
}

/* ---------------------------------------------------------------- read */

/* Free what the parse allocated (the model keeps what it was given). */
static void pstate_free(struct pstate *st)
{
	free(st->text.p);
	free(st->hbuf.p);
	free(st->sbuf.p);
	free(st->rbuf.p);
	free(st->entries);
	free(st->touched);
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
		st->nonspace = !br_px_is_space((unsigned char)p[i]);
	if (!br_px_scan_attrs(st, p, n))
		return -1;
	if (latin1) {
		n = br_px_latin1_to_utf8(p, n, conv);
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
			br_px_fail(st, BR_EDATA, 1, "malformed XML: not UTF-8 "
				   "(looks like %s; save it as UTF-8)",
				   xmlGetCharEncodingName(guess) ?
				   xmlGetCharEncodingName(guess) :
				   "another encoding");
			return;
		}
	}
	/* The declared encoding: libxml2 is never asked to switch (it
	 * crashed switching to a declared UCS-4 with junk after it, 2.9.14,
	 * fuzzing): UTF-8 and ASCII are read as they are, ISO-8859-1 is
	 * converted here, anything else is refused. */
	if (!br_px_declared_encoding(buf, len, enc, sizeof enc)) {
		br_px_fail(st, BR_EDATA, 1, "malformed XML: unreadable "
			   "encoding declaration");
		return;
	}
	kind = br_px_encoding_kind(enc);
	if (kind == ENC_OTHER) {
		br_px_fail(st, BR_EDATA, 1, "malformed XML: not UTF-8 "
			   "(declares encoding \"%s\"; save it as UTF-8)", enc);
		return;
	}
	/* a UTF-8 byte order mark outranks the declaration, as in libxml2 */
	latin1 = kind == ENC_LATIN1 && !br_px_has_bom(buf, len);
	if ((latin1 && !(conv = malloc(2 * CHUNK))) ||
	    (src->fp && !(chunk = malloc(CHUNK)))) {
		free(conv);
		br_px_fail_nomem(st);
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
		br_px_fail(st, BR_EDATA, br_px_cur_line(st), "malformed XML");
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
	br_px_rec_reset(&st.header, 0);
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
		br_px_finish_header(&st);
	if (!st.failed)
		br_px_warn_undeclared(&st);
	pstate_free(&st);
	if (st.failed)
		return err->code != BR_OK ? err->code : BR_EDATA;
	return BR_OK;
}

/* See ingest_int.h. */
int br_read_pts_xml(struct br_resultset *rs, const char *name, const char *buf,
		    size_t len, const struct br_ingest_opts *o,
		    struct br_error *err)
{
	struct source src = {buf, len, NULL, len};

	(void)o;
	return read_xml(rs, name, &src, err);
}

/* See ingest_int.h. */
int br_read_pts_xml_stream(struct br_resultset *rs, const char *name,
			   const char *head, size_t head_len, FILE *fp,
			   size_t max, const struct br_ingest_opts *o,
			   struct br_error *err)
{
	struct source src = {head, head_len, fp, max};

	(void)o;
	return read_xml(rs, name, &src, err);
}
