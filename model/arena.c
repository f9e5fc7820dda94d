/*
 * arena.c - bump allocator that owns every string of a resultset.
 * Chunks are never moved, so pointers stay valid until br_arena_free().
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

char *br_arena_printf(struct br_arena *a, const char *fmt, ...)
{
	va_list ap;
	int n;
	char *p;

	va_start(ap, fmt);
	n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	if (n < 0)
		return NULL;
	p = alloc_raw(a, (size_t)n + 1);
	if (!p)
		return NULL;
	va_start(ap, fmt);
	vsnprintf(p, (size_t)n + 1, fmt, ap);
	va_end(ap);
	return p;
}
