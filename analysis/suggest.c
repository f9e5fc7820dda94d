/*
 * suggest.c - edit distances for "did you mean ...?" (suggest.h).
 */
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "suggest.h"

static unsigned char fold(unsigned char c)
{
	return c >= 'A' && c <= 'Z' ? (unsigned char)(c + 32) : c;
}

static size_t min3(size_t a, size_t b, size_t c)
{
	size_t m = a < b ? a : b;

	return m < c ? m : c;
}

size_t br_edit_distance(const char *a, const char *b)
{
	size_t na = strlen(a), nb = strlen(b), w = nb + 1, i, j, r;
	size_t *d = malloc((na + 1) * w * sizeof *d);

	if (!d)
		return SIZE_MAX;
	for (i = 0; i <= na; i++)
		d[i * w] = i;
	for (j = 0; j <= nb; j++)
		d[j] = j;
	for (i = 1; i <= na; i++)
		for (j = 1; j <= nb; j++) {
			unsigned char ca = fold((unsigned char)a[i - 1]);
			unsigned char cb = fold((unsigned char)b[j - 1]);
			size_t v = min3(d[(i - 1) * w + j] + 1,
					d[i * w + j - 1] + 1,
					d[(i - 1) * w + j - 1] + (ca != cb));

			if (i > 1 && j > 1 &&
			    ca == fold((unsigned char)b[j - 2]) &&
			    fold((unsigned char)a[i - 2]) == cb &&
			    d[(i - 2) * w + j - 2] + 1 < v)
				v = d[(i - 2) * w + j - 2] + 1;
			d[i * w + j] = v;
		}
	r = d[na * w + nb];
	free(d);
	return r;
}

/* One element of a glob: a character, '?' or a "[...]" set (ANY), '*'. */
enum { EL_CHAR, EL_ANY, EL_STAR };
struct el {
	int kind;
	unsigned char c;
};

/* The elements of pattern into els (strlen(pattern) of them at most). */
static size_t elements(const char *p, struct el *els)
{
	size_t n = 0;

	while (*p) {
		if (*p == '*') {
			els[n++] = (struct el){EL_STAR, 0};
			p++;
		} else if (*p == '?') {
			els[n++] = (struct el){EL_ANY, 0};
			p++;
		} else if (*p == '[') {
			/* fnmatch: a ']' right after '[' (or "[!") is in it */
			const char *q = p + 1;

			if (*q == '!' || *q == '^')
				q++;
			q = *q ? strchr(q + 1, ']') : NULL;
			if (!q) {
				els[n++] = (struct el){EL_CHAR, '['};
				p++;
				continue;
			}
			els[n++] = (struct el){EL_ANY, 0};
			p = q + 1;
		} else {
			els[n++] = (struct el){EL_CHAR,
					       fold((unsigned char)*p)};
			p++;
		}
	}
	return n;
}

static bool el_matches(const struct el *e, unsigned char c)
{
	return e->kind == EL_ANY || e->c == fold(c);
}

size_t br_pattern_distance(const char *pattern, const char *text)
{
	size_t np = strlen(pattern), nt = strlen(text), w = nt + 1, i, j;
	size_t best = SIZE_MAX, n;
	struct el *els = malloc((np + 1) * sizeof *els);
	size_t *d = malloc((np + 1) * w * sizeof *d);

	if (!els || !d) {
		free(els);
		free(d);
		return SIZE_MAX;
	}
	n = elements(pattern, els);
	for (j = 0; j <= nt; j++)
		d[j] = 0;                       /* a match may start anywhere */
	for (i = 1; i <= n; i++) {
		const struct el *e = &els[i - 1];
		size_t *row = d + i * w, *up = d + (i - 1) * w;

		if (e->kind == EL_STAR) {
			row[0] = up[0];
			for (j = 1; j <= nt; j++)
				row[j] = up[j] < row[j - 1] ? up[j]
							    : row[j - 1];
			continue;
		}
		row[0] = up[0] + 1;
		for (j = 1; j <= nt; j++) {
			unsigned char c = (unsigned char)text[j - 1];
			size_t v = min3(up[j] + 1, row[j - 1] + 1,
					up[j - 1] + !el_matches(e, c));

			if (i > 1 && j > 1 && e->kind == EL_CHAR &&
			    els[i - 2].kind == EL_CHAR &&
			    e->c == fold((unsigned char)text[j - 2]) &&
			    els[i - 2].c == fold(c) &&
			    d[(i - 2) * w + j - 2] + 1 < v)
				v = d[(i - 2) * w + j - 2] + 1;
			row[j] = v;
		}
	}
	for (j = 0; j <= nt; j++)               /* ... and end anywhere */
		if (d[n * w + j] < best)
			best = d[n * w + j];
	free(els);
	free(d);
	return best;
}

size_t br_suggest_limit(size_t len)
{
	size_t k = len <= 4 ? 1 : 1 + (len - 1) / 4;

	return k > 4 ? 4 : k;
}
