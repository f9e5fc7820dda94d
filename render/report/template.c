/*
 * template.c - the report template engine (template.h, doc/templates.md).
 *
 * A template is parsed once into a flat token array; a section token
 * knows the index of its close tag, so rendering is a recursive walk over
 * token ranges with a stack of context objects.  Values live in a tree
 * of nodes allocated from one arena.
 */
#define _GNU_SOURCE /* memmem */
#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "../../model/model_int.h"
#include "../text/escape.h"
#include "template.h"
#include "../text/uchar.h"

/* ------------------------------------------------------------ values */

enum tkind { TV_STR, TV_BOOL, TV_LIST, TV_OBJ, TV_LAZY };

struct br_tnode {
	enum tkind kind;
	const char *key;         /* field name in its object; NULL for items */
	const char *s;           /* TV_STR */
	bool b;                  /* TV_BOOL */
	struct br_tnode *first;  /* TV_LIST items / TV_OBJ fields */
	struct br_tnode *last;
	size_t n;                /* children; TV_LAZY: items */
	struct br_tnode *next;   /* sibling */
	br_tfill_fn fill;        /* TV_LAZY */
	void *fill_ctx;
	const struct br_template *want; /* TV_LAZY: the document's filter */
};

struct br_tdoc {
	struct br_arena *arena;
	struct br_tnode *root;
	const struct br_template *want; /* NULL: every key */
	void **owned;            /* br_tdoc_own: freed with the document */
	size_t n_owned, cap_owned;
	bool nomem;
};

static struct br_tnode *node(struct br_tdoc *d, enum tkind kind)
{
	struct br_tnode *n = br_arena_alloc(d->arena, sizeof *n);

	if (!n)
		d->nomem = true;
	else
		n->kind = kind;
	return n;
}

struct br_tdoc *br_tdoc_new(void)
{
	struct br_tdoc *d = calloc(1, sizeof *d);

	if (!d)
		return NULL;
	d->arena = br_arena_new();
	if (d->arena)
		d->root = node(d, TV_OBJ);
	if (!d->arena || !d->root) {
		br_tdoc_free(d);
		return NULL;
	}
	return d;
}

void br_tdoc_free(struct br_tdoc *d)
{
	size_t i;

	if (!d)
		return;
	for (i = 0; i < d->n_owned; i++)
		free(d->owned[i]);
	free(d->owned);
	br_arena_free(d->arena);
	free(d);
}

void *br_tdoc_alloc(struct br_tdoc *d, size_t n)
{
	void *p = br_arena_alloc(d->arena, n);

	if (!p)
		d->nomem = true;
	return p;
}

void br_tdoc_filter(struct br_tdoc *d, const struct br_template *t)
{
	d->want = t;
}

bool br_tdoc_wants(const struct br_tdoc *d, const char *key)
{
	return !d->want || br_template_uses(d->want, key);
}

bool br_tdoc_failed(const struct br_tdoc *d)
{
	return d->nomem;
}

struct br_tnode *br_tdoc_root(struct br_tdoc *d)
{
	return d->root;
}

static void append(struct br_tnode *parent, struct br_tnode *child)
{
	if (parent->last)
		parent->last->next = child;
	else
		parent->first = child;
	parent->last = child;
	parent->n++;
}

/* A new field of obj; NULL (and nothing added) on ENOMEM. */
static struct br_tnode *field(struct br_tdoc *d, struct br_tnode *obj,
			      const char *key, enum tkind kind)
{
	struct br_tnode *n;

	if (!obj || obj->kind != TV_OBJ || !br_tdoc_wants(d, key))
		return NULL;
	n = node(d, kind);
	if (!n)
		return NULL;
	n->key = key;
	append(obj, n);
	return n;
}

void br_tset(struct br_tdoc *d, struct br_tnode *obj, const char *key,
	     const char *val)
{
	struct br_tnode *n = field(d, obj, key, TV_STR);

	if (!n)
		return;
	n->s = br_arena_strdup(d->arena, val ? val : "");
	if (!n->s) {
		d->nomem = true;
		n->s = "";
	}
}

void br_tsetf(struct br_tdoc *d, struct br_tnode *obj, const char *key,
	      const char *fmt, ...)
{
	char small[256], *big = NULL;
	va_list ap;
	int len;

	if (!obj || !br_tdoc_wants(d, key))
		return;
	va_start(ap, fmt);
	len = vsnprintf(small, sizeof small, fmt, ap);
	va_end(ap);
	if (len < 0) {
		d->nomem = true;
		return;
	}
	if ((size_t)len >= sizeof small) {
		big = malloc((size_t)len + 1);
		if (!big) {
			d->nomem = true;
			return;
		}
		va_start(ap, fmt);
		vsnprintf(big, (size_t)len + 1, fmt, ap);
		va_end(ap);
	}
	br_tset(d, obj, key, big ? big : small);
	free(big);
}

void br_tset_bool(struct br_tdoc *d, struct br_tnode *obj, const char *key,
		  bool v)
{
	struct br_tnode *n = field(d, obj, key, TV_BOOL);

	if (n)
		n->b = v;
}

struct br_tnode *br_tset_list(struct br_tdoc *d, struct br_tnode *obj,
			      const char *key)
{
	return field(d, obj, key, TV_LIST);
}

void br_tset_owned(struct br_tdoc *d, struct br_tnode *obj, const char *key,
		   char *s)
{
	struct br_tnode *n;

	if (!br_tdoc_own(d, s)) {
		br_tset(d, obj, key, "");
		return;
	}
	n = field(d, obj, key, TV_STR);
	if (n)
		n->s = s;
}

bool br_tdoc_own(struct br_tdoc *d, void *p)
{
	if (!p || !br_grow((void **)&d->owned, &d->cap_owned, d->n_owned + 1,
			   sizeof *d->owned)) {
		d->nomem = true;
		free(p);
		return false;
	}
	d->owned[d->n_owned++] = p;
	return true;
}

void br_tset_lazy(struct br_tdoc *d, struct br_tnode *obj, const char *key,
		  size_t n, br_tfill_fn fill, void *ctx)
{
	struct br_tnode *l = field(d, obj, key, TV_LAZY);

	if (!l)
		return;
	l->n = n;
	l->fill = fill;
	l->fill_ctx = ctx;
	l->want = d->want;
}

struct br_tnode *br_tlist_add(struct br_tdoc *d, struct br_tnode *list)
{
	struct br_tnode *n;

	if (!list || list->kind != TV_LIST)
		return NULL;
	n = node(d, TV_OBJ);
	if (n)
		append(list, n);
	return n;
}

/* ------------------------------------------------------------ escaping */

static const struct {
	unsigned cp;
	const char *ascii;
} translit[] = {
	{0x00a0, " "}, {0x00a9, "(c)"}, {0x00ab, "<<"}, {0x00ae, "(R)"},
	{0x00b0, "deg"}, {0x00b1, "+/-"}, {0x00b2, "^2"}, {0x00b5, "u"},
	{0x00b7, "."}, {0x00bb, ">>"}, {0x00d7, "x"}, {0x00f7, "/"},
	{0x03bc, "u"}, {0x2010, "-"}, {0x2011, "-"}, {0x2012, "-"},
	{0x2013, "-"}, {0x2014, "--"}, {0x2018, "'"}, {0x2019, "'"},
	{0x201c, "\""}, {0x201d, "\""}, {0x2022, "*"}, {0x2026, "..."},
	{0x2122, "(TM)"}, {0x2212, "-"}, {0x2248, "~"}, {0x2264, "<="},
	{0x2265, ">="},
};

/* Latin-1 letters with diacritics, U+00C0..U+00FF, without them. */
static const char latin1[] =
	"AAAAAAACEEEEIIIIDNOOOOOxOUUUUYTs"
	"aaaaaaaceeeeiiiidnooooo/ouuuuyty";

static bool greek(uint32_t cp)
{
	return (cp >= 0x370 && cp <= 0x3ff) || (cp >= 0x1f00 && cp <= 0x1fff);
}

/*
 * The faithful ASCII form of cp, or NULL when it has none (Greek,
 * Cyrillic, CJK, Arabic ...: kept as UTF-8, never a '?').  The micro
 * sign's Greek mu is "u" in a unit ("us"), not in a Greek word: prev and
 * next are the code points around it.
 */
static const char *ascii_of(uint32_t cp, uint32_t prev, uint32_t next,
			    char *buf)
{
	size_t i;

	if (cp == 0x3bc && (greek(prev) || greek(next)))
		return NULL;
	for (i = 0; i < sizeof translit / sizeof translit[0]; i++)
		if (translit[i].cp == cp)
			return translit[i].ascii;
	if (cp >= 0xc0 && cp <= 0xff) {
		buf[0] = latin1[cp - 0xc0];
		buf[1] = '\0';
		if (cp == 0xc6 || cp == 0xe6)
			return cp == 0xc6 ? "AE" : "ae";
		if (cp == 0xdf)
			return "ss";
		return buf;
	}
	return br_uchar_latin(cp);
}

/* Plain text: ASCII where each character has a faithful ASCII form (or
 * valid UTF-8 when utf8); controls but newline and tab, bytes that are
 * not UTF-8, C1 and bidi controls as br_visible() shows them. */
static void text_escape(FILE *fp, const char *s, bool utf8)
{
	const char *p = s;
	uint32_t prev = 0;
	bool prev_ascii = false;   /* the last character went out as ASCII */
	char buf[4], esc[BR_VIS_ESC_MAX];

	while (*p) {
		uint32_t cp, next = 0;
		size_t n, run = 0;
		const char *a;

		/* plain printable ASCII goes out in one write */
		while ((unsigned char)p[run] >= 0x20 &&
		       (unsigned char)p[run] < 0x7f)
			run++;
		if (run) {
			fwrite(p, 1, run, fp);
			p += run;
			prev = (unsigned char)p[-1];
			prev_ascii = true;
			continue;
		}
		/* what a terminal would act on (controls, bytes that are
		 * not UTF-8, C1 and bidi controls): br_visible's escape */
		n = br_visible_char(p, BR_VIS_TAB | BR_VIS_LF, esc);
		if (*esc) {
			fputs(esc, fp);
			p += n;
			prev = '?';
			prev_ascii = true;
			continue;
		}
		n = br_uchar_decode(p, &cp);
		if (n > 1) {
			if (p[n] && !br_uchar_decode(p + n, &next))
				next = 0;
			if (utf8) {
				fwrite(p, 1, n, fp);
			} else if (cp >= 0x300 && cp <= 0x36f && prev_ascii) {
				/* a combining accent on a letter gone ASCII */
			} else if ((a = ascii_of(cp, prev, next, buf))) {
				fputs(a, fp);
				prev_ascii = true;
			} else {
				fwrite(p, 1, n, fp);
				prev_ascii = false;
			}
			p += n;
			prev = cp;
			continue;
		}
		fputc(*p, fp);   /* printable, a tab or a line feed */
		prev = (unsigned char)*p;
		prev_ascii = true;
		p++;
	}
}

/* A Markdown value: br_md_start() for its start, br_md_text() for the
 * rest, the escaper every Markdown writer uses (doc/escaping.md). */
static void md_escape(FILE *fp, const char *s)
{
	br_md_text(fp, br_md_start(fp, s));
}

/* text_escape() with right-to-left spans kept in place by marks
 * (br_bidi_marks): the text report's values. */
static void text_out(FILE *fp, const char *s, bool utf8)
{
	char *buf = NULL, *marked;
	size_t len = 0;
	FILE *mem = open_memstream(&buf, &len);

	if (!mem) {
		text_escape(fp, s, utf8);
		return;
	}
	text_escape(mem, s, utf8);
	if (fclose(mem) != 0 || !buf) {
		free(buf);
		text_escape(fp, s, utf8);
		return;
	}
	marked = br_bidi_marks(buf);
	fputs(marked ? marked : buf, fp);
	free(marked);
	free(buf);
}

void br_escape_write(FILE *fp, const char *s, enum br_escape esc, bool utf8)
{
	if (!s)
		return;
	switch (esc) {
	case BR_ESC_HTML:
		br_xml_text(fp, s);
		break;
	case BR_ESC_TEXT:
		text_out(fp, s, utf8);
		break;
	case BR_ESC_MD:
		md_escape(fp, s);
		break;
	}
}

char *br_ascii(const char *s)
{
	char *buf = NULL;
	size_t len = 0;
	const unsigned char *p;
	FILE *fp;

	/* Already plain (the common case): a copy. */
	for (p = (const unsigned char *)(s ? s : ""); *p; p++)
		if ((*p < 0x20 || *p > 0x7e) && *p != '\n' && *p != '\t')
			break;
	if (!*p)
		return strdup(s ? s : "");
	fp = open_memstream(&buf, &len);
	if (!fp)
		return NULL;
	text_escape(fp, s ? s : "", false);
	if (fclose(fp) != 0) {
		free(buf);
		return NULL;
	}
	return buf;
}

size_t br_utf8_width(const char *s)
{
	return br_cols(s);
}

/* ------------------------------------------------------------ parsing */

enum tok_kind { K_TEXT, K_VAR, K_RAW, K_SECTION, K_INVERTED, K_CLOSE };

struct tok {
	enum tok_kind kind;
	const char *s;        /* K_TEXT: the text; else the name */
	size_t len;
	unsigned long line;   /* of the tag */
	size_t close;         /* K_SECTION/K_INVERTED: index of the close */
};

struct br_template {
	char *name;
	struct tok *toks;
	size_t n, cap;
	struct br_map *names;     /* every tag name (br_template_uses) */
	struct br_arena *name_arena;
};

void br_template_free(struct br_template *t)
{
	if (!t)
		return;
	free(t->name);
	free(t->toks);
	br_map_free(t->names);
	br_arena_free(t->name_arena);
	free(t);
}

/* Every tag name of t, once, in t->names (copies in t->name_arena). */
static bool index_names(struct br_template *t)
{
	size_t i, unused;

	t->names = br_map_new();
	t->name_arena = br_arena_new();
	if (!t->names || !t->name_arena)
		return false;
	for (i = 0; i < t->n; i++) {
		const struct tok *k = &t->toks[i];
		char *key;

		if (k->kind == K_TEXT)
			continue;
		key = br_arena_strndup(t->name_arena, k->s, k->len);
		if (!key)
			return false;
		if (!br_map_get(t->names, key, &unused) &&
		    !br_map_put(t->names, key, 0))
			return false;
	}
	return true;
}

bool br_template_uses(const struct br_template *t, const char *key)
{
	size_t unused;

	return t->names && br_map_get(t->names, key, &unused);
}

static bool add_tok(struct br_template *t, enum tok_kind kind, const char *s,
		    size_t len, unsigned long line)
{
	struct tok *k;

	if (kind == K_TEXT && len == 0)
		return true;
	if (!br_grow((void **)&t->toks, &t->cap, t->n + 1, sizeof *t->toks))
		return false;
	k = &t->toks[t->n++];
	k->kind = kind;
	k->s = s;
	k->len = len;
	k->line = line;
	k->close = 0;
	return true;
}

static bool name_char(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
	       (c >= '0' && c <= '9') || c == '_' || c == '-' || c == '.';
}


/* Sections nested in one another, counted when parsed (each one a
 * level of recursion when rendered). */
#define MAX_DEPTH 64
/* Bytes a template may write (its text and values before escaping):
 * nested lists multiply (20 of them wrote 10 MB/s without end). */
#define MAX_OUTPUT ((size_t)256 << 20)

/*
 * The parse under way: the template being built, the source, where the
 * text before the next tag starts, and the stack of open sections (their
 * tokens' indexes).
 */
struct parser {
	struct br_template *t;
	const char *src, *end, *text;
	size_t *stack, depth, cap;
	struct br_error *err;
	const char *counted;    /* line feeds counted up to here ... */
	unsigned long line;     /* ... the line there */
};

/* The line of p, at or after every p asked before: counted on from the
 * last one, so that the lines of all tags cost one pass over the source
 * (rescanning from the start took 52 s for 40,000 tags). */
static unsigned long line_at(struct parser *ps, const char *p)
{
	const char *q = ps->counted;

	while (q < p && (q = memchr(q, '\n', (size_t)(p - q))) != NULL) {
		ps->line++;
		q++;
	}
	ps->counted = p;
	return ps->line;
}

/* One tag: its kind, its name [nm, ne), and the source it takes [ls, le). */
struct tag {
	const char *open, *after, *nm, *ne, *ls, *le;
	enum tok_kind kind;
	bool triple, comment;
	unsigned long line;
};

static int parse_nomem(struct parser *ps)
{
	return br_error_set(ps->err, BR_EIO, NULL, 0, "out of memory");
}

/* "{{", "{{{" or a sigil, the closing braces, and the name trimmed */
static int tag_scan(struct parser *ps, struct tag *g)
{
	const char *q = g->open + 2, *close, *end = ps->end;

	g->kind = K_VAR;
	if (q < end && *q == '{') {
		g->triple = true;
		g->kind = K_RAW;
		q++;
	}
	close = memmem(q, (size_t)(end - q), g->triple ? "}}}" : "}}",
		       g->triple ? 3 : 2);
	if (!close)
		return br_error_set(ps->err, BR_EDATA, ps->t->name, g->line,
				    "'%s' without '%s'", g->triple ? "{{{"
				    : "{{", g->triple ? "}}}" : "}}");
	if (!g->triple && q < close) {
		switch (*q) {
		case '#': g->kind = K_SECTION; q++; break;
		case '^': g->kind = K_INVERTED; q++; break;
		case '/': g->kind = K_CLOSE; q++; break;
		case '!': g->comment = true; break;
		default: break;
		}
	}
	g->nm = q;
	g->ne = close;
	while (g->nm < g->ne && (*g->nm == ' ' || *g->nm == '\t'))
		g->nm++;
	while (g->ne > g->nm && (g->ne[-1] == ' ' || g->ne[-1] == '\t'))
		g->ne--;
	g->after = close + (g->triple ? 3 : 2);
	return BR_OK;
}

/* a tag's name: not empty, letters, digits, _ - . only */
static int tag_name_check(struct parser *ps, const struct tag *g)
{
	const char *c;

	if (g->comment)
		return BR_OK;
	if (g->nm == g->ne)
		return br_error_set(ps->err, BR_EDATA, ps->t->name, g->line,
				    "empty tag name");
	for (c = g->nm; c < g->ne; c++)
		if (!name_char(*c))
			return br_error_set(ps->err, BR_EDATA, ps->t->name,
					    g->line, "invalid tag name "
					    "'%.*s' (letters, digits, _ - . "
					    "only)", (int)(g->ne - g->nm),
					    g->nm);
	return BR_OK;
}

/* A standalone section/close/comment tag takes its line. */
static void tag_standalone(const struct parser *ps, struct tag *g)
{
	const char *ls = g->open, *le = g->after, *end = ps->end;

	g->ls = g->open;
	g->le = g->after;
	if (!(g->comment || g->kind == K_SECTION || g->kind == K_INVERTED ||
	      g->kind == K_CLOSE))
		return;
	while (ls > ps->text && (ls[-1] == ' ' || ls[-1] == '\t'))
		ls--;
	while (le < end && (*le == ' ' || *le == '\t'))
		le++;
	if ((ls == ps->src || ls[-1] == '\n') &&
	    (le == end || *le == '\n' ||
	     (*le == '\r' && le + 1 < end && le[1] == '\n'))) {
		if (le < end && *le == '\r')
			le++;
		if (le < end)
			le++;
		g->ls = ls;
		g->le = le;
	}
}

/* a section opens on the stack; a close must match the innermost one */
static int tag_nest(struct parser *ps, const struct tag *g)
{
	struct br_template *t = ps->t;
	int nl = (int)(g->ne - g->nm);
	struct tok *o;

	if (g->kind == K_SECTION || g->kind == K_INVERTED) {
		/* every section counts, a list, a group or a flag: they
		 * nest as deep when rendered (80,000 nested flags
		 * overflowed the stack) */
		if (ps->depth + 1 >= MAX_DEPTH)
			return br_error_set(ps->err, BR_EDATA, t->name,
					    g->line, "sections nested more "
					    "than %d deep", MAX_DEPTH - 1);
		if (!br_grow((void **)&ps->stack, &ps->cap, ps->depth + 1,
			     sizeof *ps->stack))
			return parse_nomem(ps);
		ps->stack[ps->depth++] = t->n - 1;
		return BR_OK;
	}
	if (g->kind != K_CLOSE)
		return BR_OK;
	if (ps->depth == 0)
		return br_error_set(ps->err, BR_EDATA, t->name, g->line,
				    "'{{/%.*s}}' closes no section", nl,
				    g->nm);
	o = &t->toks[ps->stack[ps->depth - 1]];
	if (o->len != (size_t)nl || memcmp(o->s, g->nm, o->len))
		return br_error_set(ps->err, BR_EDATA, t->name, g->line,
				    "'{{/%.*s}}' closes '{{#%.*s}}' of line "
				    "%lu", nl, g->nm, (int)o->len, o->s,
				    o->line);
	o->close = t->n - 1;
	ps->depth--;
	return BR_OK;
}

/* the tag at open: the text before it, then its token; sets *next */
static int parse_tag(struct parser *ps, const char *open, const char **next)
{
	struct tag g = {.open = open};
	int rc;

	g.line = line_at(ps, open);
	if ((rc = tag_scan(ps, &g)) != BR_OK ||
	    (rc = tag_name_check(ps, &g)) != BR_OK)
		return rc;
	tag_standalone(ps, &g);
	if (!add_tok(ps->t, K_TEXT, ps->text, (size_t)(g.ls - ps->text), 0))
		return parse_nomem(ps);
	ps->text = g.le;
	*next = g.le;
	if (g.comment)
		return BR_OK;
	if (!add_tok(ps->t, g.kind, g.nm, (size_t)(g.ne - g.nm), g.line))
		return parse_nomem(ps);
	return tag_nest(ps, &g);
}

/* the text after the last tag; every section closed; the names indexed */
static int parse_finish(struct parser *ps)
{
	if (!add_tok(ps->t, K_TEXT, ps->text, (size_t)(ps->end - ps->text),
		     0))
		return parse_nomem(ps);
	if (ps->depth) {
		const struct tok *o = &ps->t->toks[ps->stack[ps->depth - 1]];

		return br_error_set(ps->err, BR_EDATA, ps->t->name, o->line,
				    "section '%.*s' is not closed",
				    (int)o->len, o->s);
	}
	if (!index_names(ps->t))
		return parse_nomem(ps);
	return BR_OK;
}

int br_template_parse(const char *name, const char *src, size_t len,
		      struct br_template **out, struct br_error *err)
{
	struct parser ps = {.src = src, .end = src + len, .text = src,
			    .err = err, .counted = src, .line = 1};
	const char *p = src;
	int rc = BR_OK;

	*out = NULL;
	ps.t = calloc(1, sizeof *ps.t);
	if (!ps.t || !(ps.t->name = strdup(name ? name : "template"))) {
		free(ps.t);
		return br_error_set(err, BR_EIO, NULL, 0, "out of memory");
	}
	while (p < ps.end && rc == BR_OK) {
		const char *open = memmem(p, (size_t)(ps.end - p), "{{", 2);

		if (!open)
			break;
		rc = parse_tag(&ps, open, &p);
	}
	if (rc == BR_OK)
		rc = parse_finish(&ps);
	free(ps.stack);
	if (rc != BR_OK) {
		br_template_free(ps.t);
		return rc;
	}
	*out = ps.t;
	return BR_OK;
}

/* ---------------------------------------------------------- rendering */


struct rstate {
	const struct br_template *t;
	const struct br_tnode *ctx[MAX_DEPTH];
	size_t depth;
	enum br_escape esc;
	bool utf8;
	FILE *fp;
	struct br_error *err;
	size_t written;   /* bytes of text and values, before escaping */
};

/* Count n more bytes of output: false, with the error set, past
 * MAX_OUTPUT (the caller's -o file is then not written). */
static bool output_room(struct rstate *st, size_t n, unsigned long line)
{
	st->written += n;
	if (st->written <= MAX_OUTPUT)
		return true;
	br_error_set(st->err, BR_EDATA, st->t->name, line, "the template "
		     "writes more than %zu MiB (nested lists?)",
		     MAX_OUTPUT >> 20);
	return false;
}

static const struct br_tnode *lookup(const struct rstate *st,
				     const struct tok *k)
{
	size_t i = st->depth;

	while (i-- > 0) {
		const struct br_tnode *n;

		for (n = st->ctx[i]->first; n; n = n->next)
			if (strlen(n->key) == k->len &&
			    !memcmp(n->key, k->s, k->len))
				return n;
	}
	return NULL;
}

static bool truthy(const struct br_tnode *n)
{
	switch (n->kind) {
	case TV_STR: return n->s[0] != '\0';
	case TV_BOOL: return n->b;
	case TV_LIST: return n->n > 0;
	case TV_LAZY: return n->n > 0;
	case TV_OBJ: return true;
	}
	return false;
}

static int render_range(struct rstate *st, size_t from, size_t to);

/* Tokens [from, to) once per item of lazy list n, each item made just
 * before and freed just after. */
static int render_lazy(struct rstate *st, const struct br_tnode *n,
		       size_t from, size_t to)
{
	size_t i;
	int rc = BR_OK;

	for (i = 0; i < n->n && rc == BR_OK; i++) {
		struct br_tdoc *d = br_tdoc_new();

		if (!d)
			return br_error_set(st->err, BR_EIO, NULL, 0,
					    "out of memory");
		d->want = n->want;
		rc = n->fill(n->fill_ctx, d, d->root, i, st->err);
		if (rc == BR_OK && d->nomem)
			rc = br_error_set(st->err, BR_EIO, NULL, 0,
					  "out of memory");
		if (rc == BR_OK) {
			st->ctx[st->depth++] = d->root;
			rc = render_range(st, from, to);
			st->depth--;
		}
		br_tdoc_free(d);
	}
	return rc;
}

static int render_range(struct rstate *st, size_t from, size_t to)
{
	size_t i;
	int rc;

	for (i = from; i < to; i++) {
		const struct tok *k = &st->t->toks[i];
		const struct br_tnode *n;

		if (k->kind == K_TEXT) {
			if (!output_room(st, k->len, k->line))
				return st->err->code;
			fwrite(k->s, 1, k->len, st->fp);
			continue;
		}
		if (k->kind == K_CLOSE)
			continue;
		n = lookup(st, k);
		if (!n)
			return br_error_set(st->err, BR_EDATA, st->t->name,
					    k->line, "unknown name '%.*s'",
					    (int)k->len, k->s);
		if (k->kind == K_VAR || k->kind == K_RAW) {
			if (n->kind == TV_LIST || n->kind == TV_LAZY ||
			    n->kind == TV_OBJ)
				return br_error_set(st->err, BR_EDATA,
					st->t->name, k->line, "'%.*s' is a "
					"%s: use {{#%.*s}}...{{/%.*s}}",
					(int)k->len, k->s, n->kind == TV_OBJ ?
					"group" : "list", (int)k->len, k->s,
					(int)k->len, k->s);
			if (!output_room(st, n->kind == TV_BOOL ? 4 :
					 strlen(n->s), k->line))
				return st->err->code;
			if (n->kind == TV_BOOL)
				fputs(n->b ? "true" : "", st->fp);
			else if (k->kind == K_RAW)
				fputs(n->s, st->fp);
			else
				br_escape_write(st->fp, n->s, st->esc,
						st->utf8);
			continue;
		}
		if (k->kind == K_INVERTED) {
			if (!truthy(n)) {
				rc = render_range(st, i + 1, k->close);
				if (rc != BR_OK)
					return rc;
			}
			i = k->close;
			continue;
		}
		/* K_SECTION */
		if (st->depth + 1 >= MAX_DEPTH)
			return br_error_set(st->err, BR_EDATA, st->t->name,
					    k->line, "sections nested more "
					    "than %d deep", MAX_DEPTH - 1);
		if (n->kind == TV_LAZY) {
			rc = render_lazy(st, n, i + 1, k->close);
			if (rc != BR_OK)
				return rc;
		} else if (n->kind == TV_LIST || n->kind == TV_OBJ) {
			const struct br_tnode *it = n->kind == TV_LIST
						    ? n->first : n;

			for (; it; it = n->kind == TV_LIST ? it->next : NULL) {
				st->ctx[st->depth++] = it;
				rc = render_range(st, i + 1, k->close);
				st->depth--;
				if (rc != BR_OK)
					return rc;
			}
		} else if (truthy(n)) {
			rc = render_range(st, i + 1, k->close);
			if (rc != BR_OK)
				return rc;
		}
		i = k->close;
	}
	return BR_OK;
}

int br_template_render(const struct br_template *t,
		       const struct br_tnode *root, enum br_escape esc,
		       bool utf8, FILE *fp, struct br_error *err)
{
	struct rstate st;
	int rc;

	memset(&st, 0, sizeof st);
	st.t = t;
	st.ctx[0] = root;
	st.depth = 1;
	st.esc = esc;
	st.utf8 = utf8;
	st.fp = fp;
	st.err = err;
	rc = render_range(&st, 0, t->n);
	if (rc == BR_OK && ferror(fp))
		rc = br_error_set(err, BR_EIO, NULL, 0, "write error");
	return rc;
}

const struct br_embedded *br_template_builtin(const char *name)
{
	size_t i;

	for (i = 0; i < br_n_templates; i++)
		if (!strcmp(br_templates[i].name, name))
			return &br_templates[i];
	return NULL;
}
