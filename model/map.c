/*
 * map.c - string -> index hash map (open addressing, FNV-1a, linear
 * probing).  Used so that a million systems or tests stay O(1) to find.
 */
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "model_int.h"

struct slot {
	const char *key; /* NULL: empty */
	size_t val;
	uint64_t hash;
};

struct br_map {
	struct slot *slots;
	size_t cap; /* power of two */
	size_t used;
};

static uint64_t fnv1a(const char *s)
{
	uint64_t h = 1469598103934665603ULL;

	for (; *s; s++) {
		h ^= (unsigned char)*s;
		h *= 1099511628211ULL;
	}
	return h;
}

struct br_map *br_map_new(void)
{
	struct br_map *m = calloc(1, sizeof *m);

	if (!m)
		return NULL;
	m->cap = 64;
	m->slots = calloc(m->cap, sizeof *m->slots);
	if (!m->slots) {
		free(m);
		return NULL;
	}
	return m;
}

void br_map_free(struct br_map *m)
{
	if (!m)
		return;
	free(m->slots);
	free(m);
}

static struct slot *find(const struct br_map *m, const char *key, uint64_t h)
{
	size_t mask = m->cap - 1;
	size_t i = (size_t)h & mask;

	for (;;) {
		struct slot *s = &m->slots[i];

		if (!s->key || (s->hash == h && strcmp(s->key, key) == 0))
			return s;
		i = (i + 1) & mask;
	}
}

bool br_map_get(const struct br_map *m, const char *key, size_t *val)
{
	struct slot *s = find(m, key, fnv1a(key));

	if (!s->key)
		return false;
	*val = s->val;
	return true;
}

static bool rehash(struct br_map *m)
{
	size_t ncap = m->cap * 2, i;
	struct slot *old = m->slots, *ns;

	if (ncap > SIZE_MAX / sizeof *ns)
		return false;
	ns = calloc(ncap, sizeof *ns);
	if (!ns)
		return false;
	m->slots = ns;
	m->cap = ncap;
	for (i = 0; i < ncap / 2; i++)
		if (old[i].key)
			*find(m, old[i].key, old[i].hash) = old[i];
	free(old);
	return true;
}

bool br_map_put(struct br_map *m, const char *key, size_t val)
{
	uint64_t h = fnv1a(key);
	struct slot *s = find(m, key, h);

	if (!s->key) {
		if ((m->used + 1) * 4 > m->cap * 3) {
			if (!rehash(m))
				return false;
			s = find(m, key, h);
		}
		s->key = key;
		s->hash = h;
		m->used++;
	}
	s->val = val;
	return true;
}

bool br_grow(void **arr, size_t *cap, size_t need, size_t elem)
{
	size_t ncap;
	void *p;

	if (need <= *cap)
		return true;
	ncap = *cap ? *cap : 1; /* many one-entry arrays: no slack */
	while (ncap < need) {
		if (ncap > SIZE_MAX / 2)
			return false;
		ncap *= 2;
	}
	if (ncap > SIZE_MAX / elem)
		return false;
	p = realloc(*arr, ncap * elem);
	if (!p)
		return false;
	*arr = p;
	*cap = ncap;
	return true;
}
