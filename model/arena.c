/*
 * arena.c - bump allocator that owns every string of a resultset.
 * Chunks are never moved, so pointers stay valid until br_arena_free().
 * Also the string helpers of model.h that size printf output (so that
 * no fixed buffer cuts a name) or mend a cut one.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model_int.h"

#define CHUNK_SIZE (64 * 1024)

struct chunk {
	struct chunk *next;
	size_t used, size;
	max_align_t data[];
};

struct br_arena {
	struct chunk *head;
};

struct br_arena *br_arena_new(void)
{
	return calloc(1, sizeof(struct br_arena));
}

void br_arena_free(struct br_arena *a)
{
	struct chunk *c, *next;

	if (!a)
		return;
	for (c = a->head; c; c = next) {
		next = c->next;
		free(c);
	}
	free(a);
}

static void *alloc_raw(struct br_arena *a, size_t n);

void *br_arena_alloc(struct br_arena *a, size_t n)
{
	void *p = alloc_raw(a, n);

	if (p)
		memset(p, 0, n);
	return p;
}

/* n bytes, not zeroed (strings are written over at once). */
static void *alloc_raw(struct br_arena *a, size_t n)
{
	struct chunk *c = a->head;
	size_t align = sizeof(max_align_t);
	void *p;

	n = (n + align - 1) / align * align;
	if (n == 0)
		n = align;
	if (!c || c->size - c->used < n) {
		size_t size = n > CHUNK_SIZE / 2 ? n : CHUNK_SIZE;

		c = malloc(sizeof *c + size);
		if (!c)
			return NULL;
		c->size = size;
		c->used = 0;
		if (n > CHUNK_SIZE / 2 && a->head) {
			/* Big block: keep the current chunk in front. */
			c->next = a->head->next;
			a->head->next = c;
		} else {
			c->next = a->head;
			a->head = c;
		}
	}
	p = (char *)c->data + c->used;
	c->used += n;
	return p;
}

char *br_arena_strndup(struct br_arena *a, const char *s, size_t n)
{
	char *p = alloc_raw(a, n + 1);

	if (!p)
		return NULL;
	memcpy(p, s, n);
	p[n] = '\0';
	return p;
}

char *br_arena_strdup(struct br_arena *a, const char *s)
{
	return s ? br_arena_strndup(a, s, strlen(s)) : NULL;
}

/*
 * fmt formatted into a string of its full length from alloc(ctx, size):
 * the one place that sizes printf output.  NULL on ENOMEM.
 */
static char *vformat(void *(*alloc)(void *ctx, size_t n), void *ctx,
		     const char *fmt, va_list ap)
{
	va_list ap2;
	char buf[256], *p;
	int n;

	/* most strings are short: formatted once, into buf, then copied */
	va_copy(ap2, ap);
	n = vsnprintf(buf, sizeof buf, fmt, ap2);
	va_end(ap2);
	if (n < 0)
		return NULL;
	p = alloc(ctx, (size_t)n + 1);
	if (p && (size_t)n < sizeof buf)
		memcpy(p, buf, (size_t)n + 1);
	else if (p)
		vsnprintf(p, (size_t)n + 1, fmt, ap);
	return p;
}

static void *arena_alloc_raw(void *a, size_t n)
{
	return alloc_raw(a, n);
}

static void *heap_alloc(void *ctx, size_t n)
{
	(void)ctx;
	return malloc(n);
}

char *br_arena_vprintf(struct br_arena *a, const char *fmt, va_list ap)
{
	return vformat(arena_alloc_raw, a, fmt, ap);
}

char *br_arena_printf(struct br_arena *a, const char *fmt, ...)
{
	va_list ap;
	char *p;

	va_start(ap, fmt);
	p = br_arena_vprintf(a, fmt, ap);
	va_end(ap);
	return p;
}

char *br_vstrf(const char *fmt, va_list ap)
{
	return vformat(heap_alloc, NULL, fmt, ap);
}

char *br_strf(const char *fmt, ...)
{
	va_list ap;
	char *p;

	va_start(ap, fmt);
	p = br_vstrf(fmt, ap);
	va_end(ap);
	return p;
}

size_t br_utf8_fit(const char *s, size_t max)
{
	size_t n = strnlen(s, max);

	if (n < max)
		return n;       /* all of s fits */
	/* s[n] is the first byte left out: when it continues a character,
	 * that character goes too */
	while (n > 0 && ((unsigned char)s[n] & 0xC0) == 0x80)
		n--;
	return n;
}

void br_utf8_cut(char *s)
{
	size_t n = strlen(s), k = n, need;
	unsigned char c;

	/* back over continuation bytes to the lead byte of the last char */
	while (k > 0 && ((unsigned char)s[k - 1] & 0xC0) == 0x80 && n - k < 3)
		k--;
	if (k == 0)
		return;
	c = (unsigned char)s[k - 1];
	need = c >= 0xF0 ? 4 : c >= 0xE0 ? 3 : c >= 0xC0 ? 2 : 1;
	if (c >= 0x80 && n - (k - 1) < need)
		s[k - 1] = '\0';   /* a character cut short: drop it */
}
