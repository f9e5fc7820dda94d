/*
 * labels.c - the visible labels of the names in one chart (systems on
 * bars, rows and legends).
 *
 * Names that differ only at the end ("ARMv7 ... - NVMe", "... - SD
 * card", "... - USB SSD") must never look alike, so a name is wrapped
 * onto a second line before anything is cut, and when it is cut, its
 * middle goes: the start says what it is, the end usually tells it from
 * its neighbours.  The labels of a chart are made together, so that two
 * that still look alike can be told apart (more of what differs, or a
 * number).  Text is measured with br_text_width(), as it is drawn; the
 * names in the text report's tables are shortened by the same rules in
 * terminal columns (br_cols), with "..." (br_text_short_names).
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "chart.h"
#include "../text/text.h"
#include "../text/uchar.h"
#include "../text/words.h"

#define ELL "\xe2\x80\xa6"   /* U+2026 */
#define ELL_LEN 3

/* What a label is laid out with: a font and points in a chart, or
 * terminal columns in text (br_text_short_names). */
struct fit {
	const struct br_font *f;   /* NULL: widths in terminal columns */
	const char *ell;           /* U+2026, or "..." in text: 3 bytes */
	double max_w;
	size_t max_lines;    /* 1 or 2 */
	char *tmp;           /* scratch, as long as any label text */
};

static double width(const struct fit *c, const char *s)
{
	if (!c->f)
		return (double)br_cols(s);
	return br_text_width(c->f->family, c->f->size, c->f->bold, s);
}

/* Code point of the UTF-8 character at s (0 for a stray byte). */
static uint32_t code_at(const char *s)
{
	const unsigned char *p = (const unsigned char *)s;

	if (p[0] < 0x80)
		return p[0];
	if ((p[0] & 0xe0) == 0xc0 && p[1])
		return (uint32_t)(p[0] & 0x1f) << 6 | (p[1] & 0x3f);
	if ((p[0] & 0xf0) == 0xe0 && p[1] && p[2])
		return (uint32_t)(p[0] & 0x0f) << 12 |
		       (uint32_t)(p[1] & 0x3f) << 6 | (p[2] & 0x3f);
	return 0;
}

/* Ideographs and kana break anywhere; so does our ellipsis. */
static bool breaks_anywhere(uint32_t c)
{
	return c >= 0x2e80 || c == 0x2026;
}

static size_t char_start(const char *s, size_t b)
{
	while (b > 0 && (s[b] & 0xc0) == 0x80)
		b--;
	return b;
}

/*
 * How good a break before byte b of s is: 3 after a separator and its
 * space (" - ", ", "), 2 at a space or after '/' or ',', 1 beside an
 * ideograph or after '-', 0 inside a word; -1 not a place to break (in
 * a character, before a space).
 */
static int break_class(const char *s, size_t b)
{
	size_t p;

	if ((s[b] & 0xc0) == 0x80 || s[b] == ' ')
		return -1;
	if (s[b - 1] == ' ') {
		for (p = b - 1; p > 0 && s[p] == ' '; p--)
			;
		return strchr("-,;:/|", s[p]) ? 3 : 2;
	}
	if (s[b - 1] == '/' || s[b - 1] == ',')
		return 2;
	p = char_start(s, b - 1);
	if (s[b - 1] == '-' || breaks_anywhere(code_at(s + p)) ||
	    breaks_anywhere(code_at(s + b)))
		return 1;
	return 0;
}

/* Line one of a break at b (moved back to a character's start): s up
 * to b without its trailing spaces. */
static bool first_fits(const struct fit *c, const char *s, size_t b)
{
	b = char_start(s, b);
	while (b > 0 && s[b - 1] == ' ')
		b--;
	memcpy(c->tmp, s, b);
	c->tmp[b] = '\0';
	return b > 0 && width(c, c->tmp) <= c->max_w;
}

/* Line two of a break at b (moved on to a character's start). */
static bool second_fits(const struct fit *c, const char *s, size_t b)
{
	while ((s[b] & 0xc0) == 0x80)
		b++;
	while (s[b] == ' ')
		b++;
	return s[b] && width(c, s + b) <= c->max_w;
}

/* Whether the word around byte b of s (between spaces) fits a line. */
static bool word_fits(const struct fit *c, const char *s, size_t b)
{
	size_t a = b, e = b;

	while (a > 0 && s[a - 1] != ' ')
		a--;
	while (s[e] && s[e] != ' ')
		e++;
	memcpy(c->tmp, s + a, e - a);
	c->tmp[e - a] = '\0';
	return width(c, c->tmp) <= c->max_w;
}

/*
 * Where s is best broken into two lines that each fit: the byte the
 * second line starts at (spaces there skipped by the caller), or 0 when
 * no break fits.  Line one grows and line two shrinks with b, so the
 * breaks that fit are one range, found by bisection; in it the best
 * class wins, the latest of it (the fullest first line) among equals.
 */
static size_t two_lines(const struct fit *c, const char *s)
{
	size_t len = strlen(s), lo, hi, b, best = 0;
	int best_class = -1;

	if (len < 2)
		return 0;
	/* last b whose first line fits */
	lo = 0;
	hi = len - 1;
	while (lo < hi) {
		size_t mid = (lo + hi + 1) / 2;

		if (first_fits(c, s, mid))
			lo = mid;
		else
			hi = mid - 1;
	}
	hi = char_start(s, lo);
	if (hi == 0)
		return 0;
	/* first b whose second line fits */
	lo = 1;
	b = hi;
	while (lo < b) {
		size_t mid = (lo + b) / 2;

		if (second_fits(c, s, mid))
			b = mid;
		else
			lo = mid + 1;
	}
	if (!second_fits(c, s, lo))
		return 0;
	for (b = lo; b <= hi; b++) {
		int k = break_class(s, b);

		if (k >= best_class && k >= 0) {
			best_class = k;
			best = b;
		}
	}
	/* inside a word only where the word alone is wider than a line
	 * ("B / CM27" "11" was one): else the name is shortened instead */
	if (best_class == 0 && word_fits(c, s, best))
		return 0;
	return best;
}

/* Whether s fits in the lines allowed; *brk: where line two starts (0:
 * one line). */
static bool fits(const struct fit *c, const char *s, size_t *brk)
{
	*brk = 0;
	if (width(c, s) <= c->max_w)
		return true;
	if (c->max_lines < 2)
		return false;
	*brk = two_lines(c, s);
	return *brk > 0;
}

/* Byte offset of character k of s (its length when s is shorter). */
static size_t char_off(const char *s, size_t k)
{
	const char *p = s;

	while (*p && k > 0) {
		p++;
		while ((*p & 0xc0) == 0x80)
			p++;
		k--;
	}
	return (size_t)(p - s);
}

static size_t n_chars(const char *s)
{
	size_t n = 0;

	for (; *s; s++)
		n += (*s & 0xc0) != 0x80;
	return n;
}

/* Into buf: the first h bytes of s, the ellipsis, s from byte t, sfx. */
static void compose(const struct fit *c, char *buf, const char *s, size_t h,
		    size_t t, const char *sfx)
{
	memcpy(buf, s, h);
	memcpy(buf + h, c->ell, ELL_LEN);
	strcpy(buf + h + ELL_LEN, s + t);
	strcat(buf, sfx);
}

/* The label's lines from its text and break. */
static bool set_lines(struct br_label *l, const char *text, size_t brk,
		      bool shortened)
{
	size_t end = brk;

	free(l->line[0]);
	free(l->line[1]);
	l->line[0] = l->line[1] = NULL;
	l->shortened = shortened;
	if (!brk) {
		l->n_lines = 1;
		l->line[0] = strdup(text);
		return l->line[0] != NULL;
	}
	while (end > 0 && text[end - 1] == ' ')
		end--;
	while (text[brk] == ' ')
		brk++;
	l->n_lines = 2;
	l->line[0] = strndup(text, end);
	l->line[1] = strdup(text + brk);
	return l->line[0] && l->line[1];
}

/*
 * The label of name s with suffix sfx ("" or " (2)") in the lines
 * allowed: whole if it fits (wrapped if need be), else its first at most
 * head characters (default SIZE_MAX: up to its first " - ", in half the
 * room), an ellipsis, and as much of its end as fits, started at a word
 * when that loses little.  false on ENOMEM.
 */
static bool make_label(struct fit *c, const char *s, const char *sfx,
		       size_t head, struct br_label *l)
{
	size_t len = strlen(s), n = n_chars(s), brk, lo, hi, h, t;
	char *buf = c->tmp + len + strlen(sfx) + ELL_LEN + 1;

	strcpy(buf, s);
	strcat(buf, sfx);
	if (fits(c, buf, &brk))
		return set_lines(l, buf, brk, false);
	if (head == SIZE_MAX) {
		const char *dash = strstr(s, " - ");
		double room = c->max_w * (c->max_lines < 2 ? 0.5 : 1);

		head = dash ? n_chars(s) - n_chars(dash) + 3 : n / 2;
		/* longest such head within its room */
		lo = 0;
		hi = head;
		while (lo < hi) {
			size_t mid = (lo + hi + 1) / 2, b = char_off(s, mid);

			memcpy(buf, s, b);
			buf[b] = '\0';
			if (width(c, buf) <= room)
				lo = mid;
			else
				hi = mid - 1;
		}
		head = lo;
	}
	if (head > n)
		head = n;
	/* the head shrinks until it fits with the ellipsis alone */
	for (;;) {
		h = char_off(s, head);
		compose(c, buf, s, h, len, sfx);
		if (head == 0 || fits(c, buf, &brk))
			break;
		lo = 0;
		hi = head - 1;
		while (lo < hi) {
			size_t mid = (lo + hi + 1) / 2;

			compose(c, buf, s, char_off(s, mid), len, sfx);
			if (fits(c, buf, &brk))
				lo = mid;
			else
				hi = mid - 1;
		}
		head = lo;
	}
	/* the longest tail after it */
	lo = 0;
	hi = n - head;
	while (lo < hi) {
		size_t mid = (lo + hi + 1) / 2;

		compose(c, buf, s, h, char_off(s, n - mid), sfx);
		if (fits(c, buf, &brk))
			lo = mid;
		else
			hi = mid - 1;
	}
	t = char_off(s, n - lo);
	/* a tail starts at a word when that costs a third of it at most */
	if (t > h && t < len && s[t - 1] != ' ' && s[t] != ' ') {
		const char *sp = strchr(s + t, ' ');

		if (sp && (size_t)(sp - s) - t <= (len - t) / 3)
			t = (size_t)(sp - s);
	}
	while (s[t] == ' ')
		t++;
	compose(c, buf, s, h, t, sfx);
	fits(c, buf, &brk);
	return set_lines(l, buf, brk, true);
}

static bool same(const struct br_label *a, const struct br_label *b)
{
	return a->n_lines == b->n_lines && !strcmp(a->line[0], b->line[0]) &&
	       (a->n_lines < 2 || !strcmp(a->line[1], b->line[1]));
}

/* A label and its name's place in the chart, for sorting. */
struct ref {
	const struct br_label *l;
	size_t i;
};

static int by_label(const void *x, const void *y)
{
	const struct ref *p = x, *q = y;
	const struct br_label *a = p->l, *b = q->l;
	int r = strcmp(a->line[0], b->line[0]);

	if (!r)
		r = strcmp(a->n_lines > 1 ? a->line[1] : "",
			   b->n_lines > 1 ? b->line[1] : "");
	if (!r)
		r = (a->n_lines > b->n_lines) - (a->n_lines < b->n_lines);
	if (!r)   /* stable: the first drawn keeps its label */
		r = (p->i > q->i) - (p->i < q->i);
	return r;
}

/*
 * rank[i]: 0 when label i is like no other, else its place (1, 2, ...)
 * among those alike, in drawing order; other[i]: one of them, not i
 * (the first, or for the first the second).
 * Sorted, so a chart of thousands of names costs n log n comparisons.
 * Returns how many are alike another.
 */
static size_t find_alike(const struct br_label *l, size_t n, struct ref *r,
			 size_t *rank, size_t *other)
{
	size_t i, j, k, marked = 0;

	for (i = 0; i < n; i++) {
		r[i].l = &l[i];
		r[i].i = i;
		rank[i] = 0;
	}
	qsort(r, n, sizeof *r, by_label);
	for (i = 0; i < n; i = j) {
		for (j = i + 1; j < n && same(r[i].l, r[j].l); j++)
			;
		for (k = i; j - i > 1 && k < j; k++) {
			rank[r[k].i] = k - i + 1;
			other[r[k].i] = r[k == i ? i + 1 : i].i;
			marked++;
		}
	}
	return marked;
}

/* Characters name a shares at its start with the name b. */
static size_t common_head(const char *a, const char *b)
{
	size_t k = 0;

	while (a[k] && a[k] == b[k])
		k++;
	return n_chars(a) - n_chars(a + char_start(a, k));
}

/* The labels of n names laid out by c (c->tmp set here). */
static struct br_label *labels(struct fit *c, const char *const *names,
			       size_t n)
{
	struct br_label *l = calloc(n + 1, sizeof *l);
	struct ref *r = calloc(n + 1, sizeof *r);
	size_t *rank = calloc(n + 1, sizeof *rank);
	size_t *other = calloc(n + 1, sizeof *other);
	size_t *head = calloc(n + 1, sizeof *head);
	size_t i, longest = 0, round;
	bool ok = l && r && rank && other && head;

	for (i = 0; ok && i < n; i++) {
		size_t len = strlen(names[i]);

		longest = len > longest ? len : longest;
	}
	/* two buffers: the fitting scratch, the composed label (with a
	 * suffix of at most 24 bytes) */
	c->tmp = ok ? malloc(2 * (longest + ELL_LEN + 32)) : NULL;
	ok = ok && c->tmp;
	for (i = 0; ok && i < n; i++)
		ok = make_label(c, names[i], "", SIZE_MAX, &l[i]);
	/*
	 * Labels alike: show more of where their names differ.  Round 1
	 * keeps the longest end, round 2 a head that runs just past the
	 * first difference from the first of those alike; round 3 numbers
	 * them, the first drawn of each kind keeping its label, one count
	 * over the chart (numbered within each kind, "Record Size: ...ance
	 * (38)" of two kinds read the same).  Should a number meet a name
	 * that reads the same, later rounds count on (a few rounds: a width
	 * that holds no more than an ellipsis tells nothing apart anyway).
	 */
	for (round = 1; ok && round <= 5; round++) {
		size_t num = 2 + (round > 3 ? (round - 3) * n : 0);

		if (!find_alike(l, n, r, rank, other))
			break;
		for (i = 0; i < n; i++)
			head[i] = round == 2 && rank[i] ?
				  common_head(names[i], names[other[i]]) + 3 :
				  0;
		for (i = 0; ok && i < n; i++) {
			char sfx[24];

			if (!rank[i] || (round < 3 && !l[i].shortened))
				continue;
			if (round < 3) {
				ok = make_label(c, names[i], "", head[i],
						&l[i]);
				continue;
			}
			if (rank[i] == 1)
				continue;
			snprintf(sfx, sizeof sfx, " (%zu)", num++);
			ok = make_label(c, names[i], sfx, SIZE_MAX, &l[i]);
		}
	}
	free(c->tmp);
	free(r);
	free(rank);
	free(other);
	free(head);
	if (!ok) {
		br_chart_labels_free(l, n);
		return NULL;
	}
	return l;
}

struct br_label *br_chart_labels(const struct br_font *f,
				 const char *const *names, size_t n,
				 double max_w, size_t max_lines)
{
	struct fit c;

	c.f = f;
	c.ell = ELL;
	c.max_w = max_w;
	c.max_lines = max_lines < 2 ? 1 : 2;
	return labels(&c, names, n);
}

char **br_text_short_names(const char *const *names, size_t n,
			   size_t cols)
{
	struct fit c;
	struct br_label *l;
	char **out;
	size_t i;

	c.f = NULL;
	c.ell = "...";
	c.max_w = (double)cols;
	c.max_lines = 1;
	l = labels(&c, names, n);
	out = l ? calloc(n + 1, sizeof *out) : NULL;
	for (i = 0; out && i < n; i++) {
		out[i] = l[i].line[0];   /* one line: taken over */
		l[i].line[0] = NULL;
	}
	br_chart_labels_free(l, n);
	return out;
}

void br_chart_labels_free(struct br_label *l, size_t n)
{
	size_t i;

	for (i = 0; l && i < n; i++) {
		free(l[i].line[0]);
		free(l[i].line[1]);
	}
	free(l);
}

double br_chart_label_draw(struct br_scene *sc, double x, double y,
			   enum br_anchor anchor, const struct br_font *f,
			   const struct br_label *l, const char *name,
			   double line_h)
{
	double w = 0, lw;
	size_t k;

	for (k = 0; k < l->n_lines; k++) {
		lw = br_scene_text(sc, x, y + line_h * (double)k, anchor, f,
				   l->line[k]);
		if (l->shortened && lw > 0)
			br_scene_tip(sc, name);
		w = lw > w ? lw : w;
	}
	return w;
}

void br_text_short_names_free(char **names, size_t n)
{
	size_t i;

	for (i = 0; names && i < n; i++)
		free(names[i]);
	free(names);
}
