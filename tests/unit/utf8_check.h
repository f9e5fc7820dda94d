/*
 * utf8_check.h - what the unit tests check text with: whether it is
 * valid UTF-8, and long names made of one multi-byte character.
 */
#ifndef BR_UTF8_CHECK_H
#define BR_UTF8_CHECK_H

#include <stdbool.h>
#include <string.h>

/* Whether s is valid UTF-8 (no character cut short, no stray byte). */
static inline bool valid_utf8(const char *s)
{
	const unsigned char *p = (const unsigned char *)s;

	while (*p) {
		int need = *p < 0x80 ? 0 : (*p & 0xE0) == 0xC0 ? 1 :
			   (*p & 0xF0) == 0xE0 ? 2 : (*p & 0xF8) == 0xF0 ? 3 :
			   -1;

		if (need < 0)
			return false;
		for (p++; need > 0; need--, p++)
			if ((*p & 0xC0) != 0x80)
				return false;
	}
	return true;
}

/* buf (size bytes) filled with as many whole copies of the character ch
 * as fit; returns buf. */
static inline char *utf8_fill(char *buf, size_t size, const char *ch)
{
	size_t n = strlen(ch), len = 0;

	while (len + n < size) {
		memcpy(buf + len, ch, n);
		len += n;
	}
	buf[len] = '\0';
	return buf;
}

#endif
