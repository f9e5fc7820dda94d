/* model_int.h - private helpers of model/ shared with ingest/ and tests. */
#ifndef BR_MODEL_INT_H
#define BR_MODEL_INT_H

#include <stddef.h>

#include "model.h"

struct br_arena *br_arena_new(void);
void br_arena_free(struct br_arena *a);

/*
 * br_map: string -> size_t, open addressing.  Keys are borrowed: they
 * must outlive the map (the resultset interns them in its arena).
 */
struct br_map;
struct br_map *br_map_new(void);
void br_map_free(struct br_map *m);
/* Returns true and sets *val when key is present. */
bool br_map_get(const struct br_map *m, const char *key, size_t *val);
/* Insert or overwrite.  Returns false on ENOMEM. */
bool br_map_put(struct br_map *m, const char *key, size_t val);

/* Grow *arr (element size elem) to hold at least need elements.
 * Returns false on ENOMEM or overflow, leaving *arr untouched. */
bool br_grow(void **arr, size_t *cap, size_t need, size_t elem);

/* Rebuild t's index of entries by system after the systems of its
 * entries changed (scope.c merges a file's system into an earlier one).
 * false on ENOMEM (the old index stays: rebuild again). */
bool br_test_reindex(struct br_test *t);

/* Free what an entry owns (its runs and points), for one removed. */
void br_entry_free(struct br_entry *e);

/* SHA-1 of n bytes at p, as 40 lower-case hex digits + NUL. */
void br_sha1_hex(const void *p, size_t n, char out[41]);

#endif
