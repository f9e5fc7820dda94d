/*
 * template.h - the report template engine: a small Mustache-like
 * language (doc/templates.md) over a tree of values, with escaping for
 * the output medium by default.
 *
 *   {{name}}              the value, escaped for the medium
 *   {{{name}}}            the value as it is (only where a template asks)
 *   {{#name}}...{{/name}} a list: once per item, the item's names first;
 *                         an object: once, inside it; a string or flag:
 *                         once when non-empty / true
 *   {{^name}}...{{/name}} once when name is empty, false or an empty list
 *   {{! comment }}        nothing
 * A line holding only a section, close or comment tag (and blanks)
 * disappears entirely, so templates can put tags on lines of their own.
 * A name is looked up in the innermost section's item first, then
 * outwards; a name found nowhere is an error (a typo should not vanish
 * silently).
 *
 * Values: a tree of objects (key -> value), lists of objects, strings and
 * flags, built with br_tdoc_* and owned by one br_tdoc.  Building never
 * fails visibly: on ENOMEM the document remembers it (br_tdoc_failed).
 *
 * Templates built into the binary come from templates/NAME.tmpl, turned
 * into C by scripts/embed-templates.sh at build time (br_template_builtin).
 */
#ifndef BR_TEMPLATE_H
#define BR_TEMPLATE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "../../model/model.h"

/* How {{name}} is escaped. */
enum br_escape {
	BR_ESC_HTML,  /* & < > " ' as entities (br_xml_text) */
	BR_ESC_TEXT,  /* plain text: control characters dropped; ASCII
		       * where faithful (br_ascii) unless utf8, other
		       * characters kept; right-to-left spans between
		       * LEFT-TO-RIGHT MARKs (br_bidi_marks) */
	BR_ESC_MD,    /* Markdown: \ ` * _ [ ] < > | # ~ & ! escaped with
		       * a backslash, newlines become spaces */
};

/* ------------------------------------------------------------ values */

struct br_tdoc;
struct br_tnode;

/* New empty document whose root is an object; NULL on ENOMEM. */
struct br_tdoc *br_tdoc_new(void);
void br_tdoc_free(struct br_tdoc *d);
bool br_tdoc_failed(const struct br_tdoc *d);
struct br_tnode *br_tdoc_root(struct br_tdoc *d);

/*
 * Set key of object obj (obj NULL: ignored, so a failed parent does not
 * need checking).  key is not copied: it must outlive the document (a
 * string literal).  Values are copied; NULL is stored as "".  Setting a
 * key twice adds a second field that is never found: don't.  A document
 * with a filter (br_tdoc_filter) ignores keys its template never names.
 */
void br_tset(struct br_tdoc *d, struct br_tnode *obj, const char *key,
	     const char *val);
void br_tsetf(struct br_tdoc *d, struct br_tnode *obj, const char *key,
	      const char *fmt, ...) __attribute__((format(printf, 4, 5)));
void br_tset_bool(struct br_tdoc *d, struct br_tnode *obj, const char *key,
		  bool v);
/* A new empty list under key; NULL on ENOMEM. */
struct br_tnode *br_tset_list(struct br_tdoc *d, struct br_tnode *obj,
			      const char *key);
/* Append a new empty object to list; NULL on ENOMEM (or list NULL). */
struct br_tnode *br_tlist_add(struct br_tdoc *d, struct br_tnode *list);
/* n zeroed bytes that live as long as d (a lazy list's context);
 * NULL (latched) on ENOMEM. */
void *br_tdoc_alloc(struct br_tdoc *d, size_t n);
/* Free p (malloc'd) with d.  false, with ENOMEM latched, when p is NULL
 * (a failed allocation) or cannot be recorded (p is freed at once). */
bool br_tdoc_own(struct br_tdoc *d, void *p);
/* Set key to s, a malloc'd string the document frees (no copy); NULL
 * latches ENOMEM and stores "". */
void br_tset_owned(struct br_tdoc *d, struct br_tnode *obj, const char *key,
		   char *s);

/*
 * A list of n items made only while the template writes them:
 * fill(ctx, d, item, i, err) sets the fields of item i (an empty object
 * in a scratch document d, freed once the item is written, so memory is
 * one item's, not the list's).  A template that walks the list twice
 * fills each item twice.  fill returns BR_OK, or a status (err set)
 * that stops the rendering.
 */
typedef int (*br_tfill_fn)(void *ctx, struct br_tdoc *d,
			   struct br_tnode *item, size_t i,
			   struct br_error *err);
void br_tset_lazy(struct br_tdoc *d, struct br_tnode *obj, const char *key,
		  size_t n, br_tfill_fn fill, void *ctx);

struct br_template;

/*
 * Build only what t uses: keys t never names are not stored (so builders
 * may skip computing them: br_tdoc_wants).  Names are not scoped, so a
 * name t uses anywhere is kept everywhere and lookups are unchanged.
 * t must outlive d.
 */
void br_tdoc_filter(struct br_tdoc *d, const struct br_template *t);
/* Whether key would be stored (always true without a filter). */
bool br_tdoc_wants(const struct br_tdoc *d, const char *key);

/* ---------------------------------------------------------- templates */

/*
 * Parse a template.  name is used in error locations ("name:LINE").
 * Errors (BR_EDATA): "{{" without "}}", an empty or invalid name, a
 * section not closed, a close tag that does not match.  *out gets a new
 * template (br_template_free) that keeps pointers into src: src must
 * outlive it.
 */
int br_template_parse(const char *name, const char *src, size_t len,
		      struct br_template **out, struct br_error *err);
void br_template_free(struct br_template *t);

/* Whether t names key in any tag ({{key}}, {{#key}} ...). */
bool br_template_uses(const struct br_template *t, const char *key);

/*
 * Write the template with values from root.  utf8 only matters for
 * BR_ESC_TEXT.  BR_EDATA for an unknown name or a list used as a value
 * (with the template's name:line), BR_EIO on a write error.
 */
int br_template_render(const struct br_template *t,
		       const struct br_tnode *root, enum br_escape esc,
		       bool utf8, FILE *fp, struct br_error *err);

/* One string escaped for a medium, as {{name}} writes it. */
void br_escape_write(FILE *fp, const char *s, enum br_escape esc, bool utf8);

/*
 * s as ASCII where it has a faithful ASCII form: common typographic
 * characters transliterated (U+00B1 "+/-", U+2013 "-", U+2026 "...",
 * U+00B5 "u" ...), Latin letters without their diacritics ("e" for
 * U+00E9, "ss" for U+00DF, "l" for U+0142; a combining accent on an
 * ASCII letter dropped); everything else (Greek, Cyrillic, CJK, Arabic
 * ...) kept as UTF-8, never a '?'.  Control characters but newline and
 * tab dropped.  Free with free(); NULL on ENOMEM.
 */
char *br_ascii(const char *s);

/* Columns a UTF-8 string takes on a terminal (br_cols, uchar.h: two for
 * a wide CJK character, none for a combining mark). */
size_t br_utf8_width(const char *s);

/* --------------------------------------------------------- built-ins */

struct br_embedded {
	const char *name;           /* "report.html": file name minus .tmpl */
	const unsigned char *data;  /* NUL-terminated */
	size_t len;                 /* without the NUL */
};

/* Generated from templates/ (build dir: gen/templates.c). */
extern const struct br_embedded br_templates[];
extern const size_t br_n_templates;

/* The built-in template called name, or NULL. */
const struct br_embedded *br_template_builtin(const char *name);

#endif
