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

/* Three rows of a distance table (the one before last for a swap), each
 * of w cells: memory in the length of one string only. */
struct rows {
	size_t *r[3];
};

static bool rows_init(struct rows *t, size_t w)
{
	size_t *all = malloc(3 * w * sizeof *all);

	if (!all)
		return false;
	t->r[0] = all;
	t->r[1] = all + w;
	t->r[2] = all + 2 * w;
	return true;
}

/* Row i (i - 1, i - 2: the ones before it). */
static size_t *row_at(const struct rows *t, size_t i)
{
	return t->r[i % 3];
}

size_t br_edit_distance(const char *a, const char *b)
{
	size_t na = strlen(a), nb = strlen(b), i, j, r;
	struct rows t;

	if (!rows_init(&t, nb + 1))
		return SIZE_MAX;
	for (j = 0; j <= nb; j++)
		row_at(&t, 0)[j] = j;
	for (i = 1; i <= na; i++) {
		size_t *row = row_at(&t, i), *up = row_at(&t, i - 1);
		size_t *up2 = row_at(&t, i + 1);     /* row i - 2 */

		row[0] = i;
		for (j = 1; j <= nb; j++) {
			unsigned char ca = fold((unsigned char)a[i - 1]);
			unsigned char cb = fold((unsigned char)b[j - 1]);
			size_t v = min3(up[j] + 1, row[j - 1] + 1,
					up[j - 1] + (ca != cb));

			if (i > 1 && j > 1 &&
			    ca == fold((unsigned char)b[j - 2]) &&
			    fold((unsigned char)a[i - 2]) == cb &&
			    up2[j - 2] + 1 < v)
				v = up2[j - 2] + 1;
			row[j] = v;
		}
	}
	r = row_at(&t, na)[nb];
	free(t.r[0]);
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
	size_t np = strlen(pattern), nt = strlen(text), i, j, n;
	size_t best = SIZE_MAX;
	struct el *els = malloc((np + 1) * sizeof *els);
	struct rows t;

	if (!els || !rows_init(&t, nt + 1)) {
		free(els);
		return SIZE_MAX;
	}
	n = elements(pattern, els);
	for (j = 0; j <= nt; j++)
		row_at(&t, 0)[j] = 0;           /* a match may start anywhere */
	for (i = 1; i <= n; i++) {
		const struct el *e = &els[i - 1];
		size_t *row = row_at(&t, i), *up = row_at(&t, i - 1);
		size_t *up2 = row_at(&t, i + 1);      /* row i - 2 */

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
			    els[i - 2].c == fold(c) && up2[j - 2] + 1 < v)
				v = up2[j - 2] + 1;
			row[j] = v;
		}
	}
	for (j = 0; j <= nt; j++)               /* ... and end anywhere */
		if (row_at(&t, n)[j] < best)
			best = row_at(&t, n)[j];
	free(els);
	free(t.r[0]);
	return best;
}

size_t br_suggest_limit(size_t len)
{
	size_t k = len <= 4 ? 1 : 1 + (len - 1) / 4;

	return k > 4 ? 4 : k;
}
