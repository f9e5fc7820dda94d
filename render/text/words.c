/*
 * words.c - word wrapping and padding for plain-text output.
 */
#define _GNU_SOURCE   /* fputs_unlocked, fwrite_unlocked */
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "escape.h"
#include "uchar.h"
#include "unlocked.h"
#include "words.h"

/* Terminal columns of the n bytes at p (uchar.h): a CJK character two,
 * a combining mark none. */
static int cols_of(const char *p, int n)
{
	int w = 0;

	while (n > 0) {
		uint32_t cp;
		size_t k = (unsigned char)*p < 0x80 ? 1 : br_uchar_decode(p, &cp);

		if (k == 0 || (int)k > n) {
			k = 1;
			w++;
		} else {
			w += k == 1 ? 1 : (int)br_uchar_cols(cp);
		}
		p += k;
		n -= (int)k;
	}
	return w;
}

void br_spaces(FILE *fp, size_t n)
{
	static const char blanks[64] = "                                "
				       "                                ";

	while (n > 0) {
		size_t k = n < sizeof blanks ? n : sizeof blanks;

		fwrite(blanks, 1, k, fp);
		n -= k;
	}
}

/*
 * text as br_visible() shows it (ESC as \x1b, ...), its BR_NBSP markers
 * kept, tabs and line feeds as spaces (the text is wrapped again
 * anyway): text itself when there is nothing to escape, else a new string
 * in *copy.  Without memory, every byte that might need an escape
 * becomes '?' in place.
 */
static const char *visible(char *text, char **copy)
{
	char esc[BR_VIS_ESC_MAX], *q;
	const char *p;
	unsigned char *u;

	*copy = NULL;
	for (p = text; (*p >= 0x20 && *p < 0x7f) || *p == BR_NBSP[0]; p++)
		;
	if (!*p)
		return text;
	*copy = malloc(4 * strlen(text) + 1);
	if (!*copy) {
		for (u = (unsigned char *)text; *u; u++)
			if ((*u < 0x20 && *u != BR_NBSP[0]) || *u >= 0x7f)
				*u = '?';
		return text;
	}
	for (q = *copy, p = text; *p;) {
		size_t n = 1;

		if (*p == '\t' || *p == '\n') {
			*q++ = ' ';  /* blanks between words, like a space */
			p++;
			continue;
		}
		if (*p != BR_NBSP[0])
			n = br_visible_char(p, 0, esc);
		if (*p != BR_NBSP[0] && *esc) {
			q = stpcpy(q, esc);
		} else {
			memcpy(q, p, n);
			q += n;
		}
		p += n;
	}
	*q = '\0';
	return *copy;
}

/* text (mutable: see visible()) wrapped onto fp. */
static void wrap_text(FILE *fp, int indent, int hang, int width, char *text)
{
	char *copy;
	const char *p;
	int col, ind = indent;

	p = visible(text, &copy);
	br_spaces(fp, (size_t)ind);
	col = ind;
	while (*p) {
		const char *sp = strchr(p, ' ');
		int len = sp ? (int)(sp - p) : (int)strlen(p);
		int cols = cols_of(p, len);

		if (col > ind && col + 1 + cols > width) {
			ind = indent + hang;
			fputc('\n', fp);
			br_spaces(fp, (size_t)ind);
			col = ind;
		} else if (col > ind) {
			fputc(' ', fp);
			col++;
		}
		col += cols;
		while (len > 0) {   /* the word, its NBSPs as spaces */
			const char *nb = memchr(p, BR_NBSP[0], (size_t)len);
			int k = nb ? (int)(nb - p) : len;

			fwrite(p, 1, (size_t)k, fp);
			p += k;
			len -= k;
			if (nb) {
				fputc(' ', fp);
				p++;
				len--;
			}
		}
		while (*p == ' ')
			p++;
	}
	fputc('\n', fp);
	free(copy);
}

/* Could s hold a right-to-left letter (a lead byte of U+0580 on)? */
static bool maybe_rtl(const char *s)
{
	for (; *s; s++)
		if ((unsigned char)*s >= 0xd6 && (unsigned char)*s <= 0xf0)
			return true;
	return false;
}

void br_vwrap(FILE *fp, int indent, int hang, int width, const char *fmt,
	      va_list ap)
{
	char *text = br_vstrf(fmt, ap), *buf = NULL, *marked;
	size_t len = 0;
	FILE *mem;

	if (!text)
		return;
	if (!maybe_rtl(text) || !(mem = open_memstream(&buf, &len))) {
		wrap_text(fp, indent, hang, width, text);
		free(text);
		return;
	}
	/* right-to-left names kept in place, line by line, after
	 * wrapping (uchar.h) */
	wrap_text(mem, indent, hang, width, text);
	free(text);
	if (fclose(mem) != 0 || !buf) {
		free(buf);
		return;
	}
	marked = br_bidi_marks(buf);
	fputs(marked ? marked : buf, fp);
	free(marked);
	free(buf);
}

void br_wrap(FILE *fp, int indent, int hang, int width, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	br_vwrap(fp, indent, hang, width, fmt, ap);
	va_end(ap);
}
