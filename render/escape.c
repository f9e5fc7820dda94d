/*
 * escape.c - escaping for XML, SVG and HTML output.
 */
#include <stddef.h>

#include "escape.h"

/* Length of the valid UTF-8 sequence at p, or 0 when invalid. */
static size_t utf8_len(const unsigned char *p)
{
	size_t n, i;
	unsigned cp;

	if (p[0] < 0x80)
		return 1;
	if ((p[0] & 0xe0) == 0xc0) {
		n = 2;
		cp = p[0] & 0x1f;
	} else if ((p[0] & 0xf0) == 0xe0) {
		n = 3;
		cp = p[0] & 0x0f;
	} else if ((p[0] & 0xf8) == 0xf0) {
		n = 4;
		cp = p[0] & 0x07;
	} else {
		return 0;
	}
	for (i = 1; i < n; i++) {
		if ((p[i] & 0xc0) != 0x80)
			return 0;
		cp = cp << 6 | (p[i] & 0x3f);
	}
	/* overlong, surrogates, beyond U+10FFFF, U+FFFE/U+FFFF */
	if ((n == 2 && cp < 0x80) || (n == 3 && cp < 0x800) ||
	    (n == 4 && cp < 0x10000) || cp > 0x10ffff ||
	    (cp >= 0xd800 && cp <= 0xdfff) || cp == 0xfffe || cp == 0xffff)
		return 0;
	return n;
}

void br_xml_text(FILE *fp, const char *s)
{
	const unsigned char *p = (const unsigned char *)s;

	if (!s)
		return;
	while (*p) {
		size_t n, run = 0;

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
		n = utf8_len(p);

		if (n == 0) {
			fputs("\xef\xbf\xbd", fp);
			p++;
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
		default:
			if (*p >= 0x20 || *p == '\t' || *p == '\n' ||
			    *p == '\r')
				fputc(*p, fp);
		}
		p++;
	}
}
