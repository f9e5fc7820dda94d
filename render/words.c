/*
 * words.c - word wrapping and padding for plain-text output.
 */
#include <stdarg.h>
#include <string.h>

#include "words.h"

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

void br_wrap(FILE *fp, int indent, int hang, int width, const char *fmt, ...)
{
	char text[4096];
	const char *p = text;
	int col, ind = indent;
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(text, sizeof text, fmt, ap);
	va_end(ap);
	br_spaces(fp, (size_t)ind);
	col = ind;
	while (*p) {
		const char *sp = strchr(p, ' ');
		int len = sp ? (int)(sp - p) : (int)strlen(p);

		if (col > ind && col + 1 + len > width) {
			ind = indent + hang;
			fputc('\n', fp);
			br_spaces(fp, (size_t)ind);
			col = ind;
		} else if (col > ind) {
			fputc(' ', fp);
			col++;
		}
		col += len;
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
}
