/*
 * pts_xml_int.h - what the files of the PTS / OpenBenchmarking result XML
 * reader share (br_read_pts_xml, br_detect_pts_xml in ingest_int.h):
 *
 *   pts_xml.c         the streaming SAX2 parse: libxml2 set-up, the
 *                     handlers, the element stack, field text and the
 *                     records it is collected into
 *   pts_xml_prolog.c  what comes before the root element: detection,
 *                     byte order mark, the declared encoding
 *   pts_xml_layout.c  the element tree of both layouts (PTS 3.0+ and
 *                     pre-3.0): which element opens which context and
 *                     which record field it fills
 *   pts_xml_model.c   finished records (Generated, System, Result and
 *                     its entries) into the model
 *   pts_xml_json.c    Entry/JSON
 *   pts_xml_scan.c    the pre-scan of the bytes before libxml2 parses
 *                     them: attributes per element
 *
 * Types and constants keep short names: only these files include this
 * header.  Functions they share carry the br_px_ prefix.
 */
#ifndef BR_PTS_XML_INT_H
#define BR_PTS_XML_INT_H

#include <stdbool.h>
#include <stddef.h>

#include <libxml/parser.h>

#include "../model/model_int.h"
#include "ingest_int.h"

#define ROOT_NAME "PhoronixTestSuite"
#define MAX_DEPTH 64          /* element nesting; PTS files need 5 */
#define MAX_ATTRS 8           /* attributes on one element; PTS uses none */

/*
 * Where the attribute pre-scan (pts_xml_scan.c) is between two chunks:
 * in text, a tag, a quoted value, a comment, CDATA, a processing
 * instruction or a declaration, with the line it is on.
 */
struct ascan {
	unsigned char state;    /* enum in pts_xml_scan.c */
	unsigned char quote;    /* the quote a value ends with */
	unsigned char run;      /* '-', ']' or '?' just seen (count) */
	unsigned attrs;         /* '=' outside quotes in this start tag */
	unsigned long line;     /* 1 + line feeds scanned so far */
	unsigned long tag_line; /* the line the start tag began on */
};
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

/* One input being read: the parser, the open elements, the records being
 * collected and what this file did to the resultset so far. */
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

	struct ascan scan;      /* attribute pre-scan (pts_xml_scan.c) */
};

/* What a declared encoding name means to us (case as written). */
enum enc_kind { ENC_UTF8, ENC_LATIN1, ENC_OTHER };

/* ------------------------------------------------ pts_xml.c: helpers */

/* libxml2's current line, or 0 when it has none. */
unsigned long br_px_cur_line(const struct pstate *st);

/* Record the first error (printf-style, at line) and stop the parser. */
void br_px_fail(struct pstate *st, int code, unsigned long line,
		const char *fmt, ...) __attribute__((format(printf, 4, 5)));

/* Out of memory: BR_EIO at the current line. */
void br_px_fail_nomem(struct pstate *st);

/* Intern s in the resultset (NULL -> NULL, "" -> the one interned "");
 * on ENOMEM set the error and return NULL. */
const char *br_px_istr(struct pstate *st, const char *s);

/* s, or its first QUOTE_MAX bytes and "..." copied into out (size
 * QUOTE_MAX + 4): input quoted in a one-line message. */
const char *br_px_quote(const char *s, char *out);

/* Empty record whose element starts at line0: every field absent. */
void br_px_rec_reset(struct rec *r, unsigned long line0);

/* Field slot of r, stored in b, or NULL when the element was absent. */
char *br_px_rec_get(const struct sbuf *b, const struct rec *r, int slot);

/* Line of a field, or of its record when the field was absent. */
unsigned long br_px_rec_line(const struct rec *r, int slot);

/* XML and C white space (no locale). */
int br_px_is_space(int c);

/* ----------------------------------------------------- pts_xml_prolog.c */

/* Whether buf starts with the UTF-8 byte order mark. */
bool br_px_has_bom(const char *buf, size_t len);

/* What a declared encoding name (as written, "" for none) means to us. */
enum enc_kind br_px_encoding_kind(const char *enc);

/*
 * The encoding the XML declaration at the start of buf names, as written,
 * into out (size bytes): "" when there is none.  false when the
 * declaration names one in a way we cannot read.
 */
bool br_px_declared_encoding(const char *buf, size_t len, char *out,
			     size_t size);

/* ISO-8859-1 buf[0..len) as UTF-8 into out (room for 2 len bytes);
 * returns the length written. */
size_t br_px_latin1_to_utf8(const char *buf, size_t len, char *out);

/* ----------------------------------------------------- pts_xml_layout.c */

/*
 * The context of a child element called name of an element of context
 * parent; starts the record (System, Result, Entry) or the kept field
 * the element opens.  C_IGNORE for elements we do not read.
 */
int br_px_child_ctx(struct pstate *st, int parent, const char *name);

/* ------------------------------------------------------ pts_xml_model.c */

/* Generated: the first input that has one sets each resultset field. */
void br_px_finish_header(struct pstate *st);

/* </System>: declare the system (the first declaration wins). */
void br_px_finish_system(struct pstate *st);

/* </Result> (</Benchmark>): find or create the test, then replace or
 * merge its entries. */
void br_px_finish_result(struct pstate *st);

/* After the document: one warning per system only entries named. */
void br_px_warn_undeclared(struct pstate *st);

/* ------------------------------------------------------- pts_xml_json.c */

/*
 * Entry/JSON of entry e of system sysname (at loc): keep it verbatim and
 * apply what it says (error, min/max, run times, compiler options,
 * benchreport's N and SE).  Invalid JSON is a warning only.
 */
/* sys->details from its System/JSON (doc/pts-format.md section 1.3);
 * invalid JSON, or not an object, is a warning. */
void br_px_system_details(struct pstate *st, struct br_system *sys,
			  const char *json);
void br_px_apply_json(struct pstate *st, struct br_entry *e, const char *json,
		      const struct br_loc *loc, const char *sysname);

/* ------------------------------------------- pts_xml_scan.c: pre-scan */

/*
 * Scan p[0..n), the next bytes libxml2 is about to parse, for a start tag
 * with more than MAX_ATTRS attributes (libxml2's check for duplicate
 * attributes takes time quadratic in their number: 200,000 took a
 * minute).  false, with the error set naming the tag's line, when one
 * has; the state carries over from one chunk to the next.
 */
bool br_px_scan_attrs(struct pstate *st, const char *p, size_t n);

#endif
