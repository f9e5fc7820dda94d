/*
 * escape.c - escaping for XML, SVG and HTML output, plain text for
 * terminals (br_visible) and Markdown (br_md_text).
 */
#include <ctype.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "escape.h"
#include "uchar.h"

/* Length of the valid UTF-8 sequence at p and its code point in *cp, or
 * 0 when invalid (br_uchar_decode) or U+FFFE/U+FFFF, which XML forbids. */
static size_t utf8_decode(const unsigned char *p, unsigned *cp)
{
	uint32_t c;
	size_t n = br_uchar_decode((const char *)p, &c);

	if (n == 0 || c == 0xfffe || c == 0xffff)
		return 0;
	*cp = c;
	return n;
}

/* Bidi embeddings, overrides (U+202A..U+202E) and isolates
 * (U+2066..U+2069): they reorder the text after them ("Trojan source"). */
static bool is_bidi_control(unsigned cp)
{
	return (cp >= 0x202a && cp <= 0x202e) || (cp >= 0x2066 && cp <= 0x2069);
}

/* A code point shown as "U+HHHH" in every medium: a C1 control (a
 * terminal may act on CSI U+009B) or a bidi control (it would reorder the
 * text around it: a file name "evil<U+202E>txt.exe" shown reversed). */
static bool shown_as_code(unsigned cp)
{
	return (cp >= 0x80 && cp <= 0x9f) || is_bidi_control(cp);
}

/* "U+HHHH" for cp (< 0x10000) in out[7]. */
static void code_text(unsigned cp, char out[7])
{
	static const char up[] = "0123456789ABCDEF";

	out[0] = 'U';
	out[1] = '+';
	out[2] = up[cp >> 12 & 15];
	out[3] = up[cp >> 8 & 15];
	out[4] = up[cp >> 4 & 15];
	out[5] = up[cp & 15];
	out[6] = '\0';
}

/* The display form of the character at p for XML, HTML, SVG and chart
 * text (br_xml_text, br_display_dup): its length in bytes, and in out
 * what stands for it: U+FFFD for a byte that is not UTF-8, "U+HHHH" for
 * a C1 or bidi control, "" for a control XML forbids (C0 but tab, line
 * feed and carriage return), or the character itself (*plain true). */
static size_t display_char(const unsigned char *p, char out[7], bool *plain)
{
	unsigned cp;
	size_t n = utf8_decode(p, &cp);

	*plain = false;
	out[0] = '\0';
	if (n == 0) {
		memcpy(out, "\xef\xbf\xbd", 4);
		return 1;
	}
	if (n > 1 && shown_as_code(cp)) {
		code_text(cp, out);
		return n;
	}
	*plain = n > 1 || *p >= 0x20 || *p == '\t' || *p == '\n' ||
		 *p == '\r';
	return n;
}

char *br_display_dup(const char *s)
{
	char *out, *q, rep[7];
	size_t len;
	bool plain;

	if (!s)
		s = "";
	len = strlen(s);
	/* at most 6 bytes ("U+202E") for 3 */
	if (len > (SIZE_MAX - 1) / 3 || !(out = malloc(3 * len + 1)))
		return NULL;
	for (q = out; *s;) {
		size_t n = display_char((const unsigned char *)s, rep, &plain);

		if (plain) {
			memcpy(q, s, n);
			q += n;
		} else {
			memcpy(q, rep, strlen(rep));
			q += strlen(rep);
		}
		s += n;
	}
	*q = '\0';
	return out;
}

char *br_css_string_dup(const char *s)
{
	char *d = br_display_dup(s), *out, *q;
	const unsigned char *p;

	/* at most 4 bytes ("\22 ") for 1 */
	if (!d || strlen(d) > (SIZE_MAX - 1) / 4 ||
	    !(out = malloc(4 * strlen(d) + 1))) {
		free(d);
		return NULL;
	}
	for (p = (const unsigned char *)d, q = out; *p; p++) {
		if (*p < 0x20 || *p == 0x7f || strchr("\"\\<>&'", *p))
			q += sprintf(q, "\\%x ", *p);
		else
			*q++ = (char)*p;
	}
	*q = '\0';
	free(d);
	return out;
}

void br_xml_text(FILE *fp, const char *s)
{
	const unsigned char *p = (const unsigned char *)s;

	if (!s)
		return;
	while (*p) {
		size_t n, run = 0;
		char rep[7];
		bool plain;

		/* bytes that need no escaping go out in one write */
		while (p[run] >= 0x20 && p[run] < 0x7f && p[run] != '&' &&
		       p[run] != '<' && p[run] != '>' && p[run] != '"' &&
		       p[run] != '\'')
			run++;
		if (run) {
			fwrite(p, 1, run, fp);
			p += run;
			continue;
		}
		n = display_char(p, rep, &plain);
		if (!plain) {
			fputs(rep, fp);
			p += n;
			continue;
		}
		if (n > 1) {
			fwrite(p, 1, n, fp);
			p += n;
			continue;
		}
		switch (*p) {
		case '&': fputs("&amp;", fp); break;
		case '<': fputs("&lt;", fp); break;
		case '>': fputs("&gt;", fp); break;
		case '"': fputs("&quot;", fp); break;
		case '\'': fputs("&#39;", fp); break;
		case '\r': fputs("&#13;", fp); break;
		default: fputc(*p, fp);
		}
		p++;
	}
}

/* ------------------------------------------------------- plain text */

static const char hex[] = "0123456789abcdef";

size_t br_visible_char(const char *s, unsigned keep,
		       char esc[BR_VIS_ESC_MAX])
{
	const unsigned char *p = (const unsigned char *)s;
	unsigned cp;
	size_t n;

	esc[0] = '\0';
	if (*p >= 0x20 && *p < 0x7f)
		return 1;
	if (*p < 0x80) {
		if ((*p == '\t' && (keep & BR_VIS_TAB)) ||
		    (*p == '\n' && (keep & BR_VIS_LF)) ||
		    (*p == '\r' && (keep & BR_VIS_CR)))
			return 1;
		if (*p == '\t' || *p == '\n' || *p == '\r') {
			esc[0] = '\\';
			esc[1] = *p == '\t' ? 't' : *p == '\n' ? 'n' : 'r';
			esc[2] = '\0';
			return 1;
		}
	}
	n = utf8_decode(p, &cp);
	if (n <= 1) {
		/* C0, DEL or a byte that is not UTF-8: \xHH */
		esc[0] = '\\';
		esc[1] = 'x';
		esc[2] = hex[*p >> 4];
		esc[3] = hex[*p & 15];
		esc[4] = '\0';
		return 1;
	}
	if (shown_as_code(cp))
		code_text(cp, esc);   /* every such code point has 4 digits */
	return n;
}

/* The length of the run at p that br_visible writes as it is: printable
 * ASCII (the common case, tested first) and UTF-8 needing no escape. */
static size_t plain_run(const char *s, unsigned keep)
{
	const char *p = s;
	char esc[BR_VIS_ESC_MAX];

	while (*p) {
		size_t n;

		if ((unsigned char)*p >= 0x20 && (unsigned char)*p < 0x7f) {
			p++;
			continue;
		}
		n = br_visible_char(p, keep, esc);
		if (*esc)
			break;
		p += n;
	}
	return (size_t)(p - s);
}

void br_visible(FILE *fp, const char *s, unsigned keep)
{
	char esc[BR_VIS_ESC_MAX];

	if (!s)
		return;
	while (*s) {
		size_t run = plain_run(s, keep);

		if (run) {
			fwrite(s, 1, run, fp);
			s += run;
			continue;
		}
		s += br_visible_char(s, keep, esc);
		fputs(esc, fp);
	}
}

bool br_visible_plain(const char *s, unsigned keep)
{
	return !s || !s[plain_run(s, keep)];
}

char *br_visible_dup(const char *s, unsigned keep)
{
	char esc[BR_VIS_ESC_MAX], *out, *q;
	size_t len;

	if (!s)
		s = "";
	len = strlen(s);
	/* an escape is at most 4 characters per byte ("\xff") */
	if (len > (SIZE_MAX - 1) / 4 || !(out = malloc(4 * len + 1)))
		return NULL;
	for (q = out; *s;) {
		size_t n = br_visible_char(s, keep, esc);

		if (*esc) {
			size_t e = strlen(esc);

			memcpy(q, esc, e);
			q += e;
		} else {
			memcpy(q, s, n);
			q += n;
		}
		s += n;
	}
	*q = '\0';
	return out;
}

size_t br_visible_width(const char *s, unsigned keep)
{
	char esc[BR_VIS_ESC_MAX];
	size_t w = 0, n;
	uint32_t cp;

	while (s && *s) {
		if ((unsigned char)*s >= 0x20 && (unsigned char)*s < 0x7f) {
			s++;
			w++;
			continue;
		}
		n = br_visible_char(s, keep, esc);
		if (*esc) {
			w += strlen(esc);
		} else if (n > 1 && br_uchar_decode(s, &cp) == n) {
			w += br_uchar_cols(cp);
		} else {
			w++;   /* a tab or line feed kept */
		}
		s += n;
	}
	return w;
}

/* --------------------------------------------------------- Markdown */

static void md_ascii(FILE *fp, char c)
{
	if (strchr("\\`*_[]<>|#~&!", c))
		fputc('\\', fp);
	fputc(c, fp);
}

const char *br_md_start(FILE *fp, const char *s)
{
	const char *p;

	while (s && (*s == ' ' || *s == '\t' || *s == '\n' || *s == '\r'))
		s++;
	if (!s || !*s)
		return s;
	/* "- x", "+ x", "---", "===" (bullets, rules, setext underlines);
	 * "*", "#", ">", "|", "`", "~", "_", "<" are escaped anywhere */
	if ((*s == '-' || *s == '+' || *s == '=') &&
	    (!s[1] || s[1] == ' ' || s[1] == '\t' || s[1] == *s)) {
		fputc('\\', fp);
		fputc(*s, fp);
		return s + 1;
	}
	/* "2) x", "1. x": an ordered list item */
	for (p = s; *p >= '0' && *p <= '9'; p++)
		;
	if (p > s && (*p == '.' || *p == ')') &&
	    (!p[1] || p[1] == ' ' || p[1] == '\t')) {
		fwrite(s, 1, (size_t)(p - s), fp);
		fputc('\\', fp);
		fputc(*p, fp);
		return p + 1;
	}
	return s;
}

void br_md_text(FILE *fp, const char *s)
{
	char esc[BR_VIS_ESC_MAX];

	while (s && *s) {
		size_t n;
		const char *e;

		if (*s == '\t' || *s == '\n' || *s == '\r') {
			fputc(' ', fp);
			s++;
			continue;
		}
		n = br_visible_char(s, 0, esc);
		if (*esc) {
			for (e = esc; *e; e++)
				md_ascii(fp, *e);
		} else if (n == 1) {
			md_ascii(fp, *s);
		} else {
			fwrite(s, 1, n, fp);
		}
		s += n;
	}
}

/* ------------------------------------------------------------- links */

/* n characters from s in the class: lower (a-z 0-9 . -) or upper (A-Z
 * a-z 0-9); how many there are, stopping at the first other one. */
static size_t span_of(const char *s, bool lower)
{
	size_t n = 0;

	while (s[n] && (isdigit((unsigned char)s[n]) ||
			(s[n] >= 'a' && s[n] <= 'z') ||
			(lower ? s[n] == '.' || s[n] == '-' :
			 s[n] >= 'A' && s[n] <= 'Z')))
		n++;
	return n;
}

/* https://openbenchmarking.org/KIND/ID in buf; false ("") if it does
 * not fit. */
static bool url(char *buf, size_t size, const char *kind, const char *id)
{
	int n = snprintf(buf, size, "https://openbenchmarking.org/%s/%s",
			 kind, id);

	if (n < 0 || (size_t)n >= size) {
		buf[0] = '\0';
		return false;
	}
	return true;
}

bool br_pts_profile_url(const char *id, char *buf, size_t size)
{
	const char *name;
	size_t n;

	buf[0] = '\0';
	if (!id)
		return false;
	if (!strncmp(id, "pts/", 4))
		name = id + 4;
	else if (!strncmp(id, "system/", 7))
		name = id + 7;
	else
		return false;
	n = span_of(name, true);
	if (n == 0 || n > 64 || name[n] || !isalnum((unsigned char)*name))
		return false;
	return url(buf, size, "test", id);
}

bool br_ob_result_url(const char *id, char *buf, size_t size)
{
	size_t i, n;
	const char *p;

	buf[0] = '\0';
	if (!id)
		return false;
	for (i = 0; i < 7; i++)
		if (!isdigit((unsigned char)id[i]))
			return false;
	p = id + 7;
	for (i = 0; i < 2; i++) {
		if (*p != '-')
			return false;
		n = span_of(++p, false);
		if (n == 0 || n > 40)
			return false;
		p += n;
	}
	if (*p)
		return false;
	return url(buf, size, "result", id);
}
