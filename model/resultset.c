/*
 * resultset.c - building a br_resultset: systems, tests, entries, runs,
 * warnings.  Ingesters call these; nothing else mutates the model.
 */
#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "model_int.h"

#define ENOMEM_MSG "out of memory"

struct br_resultset *br_resultset_new(void)
{
	struct br_resultset *rs = calloc(1, sizeof *rs);

	if (!rs)
		return NULL;
	rs->arena = br_arena_new();
	rs->system_index = br_map_new();
	rs->test_index = br_map_new();
	if (!rs->arena || !rs->system_index || !rs->test_index) {
		br_resultset_free(rs);
		return NULL;
	}
	return rs;
}

static void free_sample(struct br_sample *s)
{
	free(s->runs);
	s->runs = NULL;
	s->n_runs = s->cap_runs = 0;
}

void br_entry_free(struct br_entry *e)
{
	size_t i;

	free_sample(&e->sample);
	for (i = 0; i < e->n_points; i++)
		free_sample(&e->points[i]);
	free(e->points);
	e->points = NULL;
	e->n_points = 0;
}

/* ------------------------------------------------------ entry index */

/*
 * A test's entries by system: open addressing with linear probing on a
 * multiplicative hash of the system index.  A slot holds an entry's
 * position + 1 (0: empty); the key is read back from entries[], so a
 * slot is 4 bytes, 8 to 16 per entry.  Tests of up to INDEX_FROM
 * entries have none (a scan of a few entries is as fast, and a million
 * one-entry tests cost no extra allocation); past it the index holds
 * every entry, at a load of at most 1/2.  When a system has two entries
 * (readers do not make them) the index keeps the first, as a scan
 * finds it.
 */
#define INDEX_FROM 8

struct br_entry_index {
	unsigned bits;   /* 2^bits slots */
	uint32_t *slot;
};

static size_t home_slot(const struct br_entry_index *ix, size_t system)
{
	return (size_t)(((uint64_t)system * 0x9e3779b97f4a7c15ULL) >>
			(64 - ix->bits));
}

/* The slot of system, or of the empty slot where it would go. */
static size_t index_probe(const struct br_entry_index *ix,
			  const struct br_entry *entries, size_t system)
{
	size_t mask = ((size_t)1 << ix->bits) - 1;
	size_t i = home_slot(ix, system);

	while (ix->slot[i] && entries[ix->slot[i] - 1].system != system)
		i = (i + 1) & mask;
	return i;
}

static void index_free(struct br_test *t)
{
	if (t->entry_index)
		free(t->entry_index->slot);
	free(t->entry_index);
	t->entry_index = NULL;
}

/* A new index of t's n_entries entries, at a load of at most 1/2.
 * false on ENOMEM (t keeps its old index). */
static bool index_build(struct br_test *t)
{
	struct br_entry_index *ix;
	size_t i, k;

	if (t->n_entries >= UINT32_MAX / 4)
		return false; /* a billion entries, 200 GB of them */
	ix = malloc(sizeof *ix);
	if (!ix)
		return false;
	for (ix->bits = 4; ((size_t)1 << ix->bits) < 2 * t->n_entries;
	     ix->bits++)
		;
	ix->slot = calloc((size_t)1 << ix->bits, sizeof *ix->slot);
	if (!ix->slot) {
		free(ix);
		return false;
	}
	for (i = 0; i < t->n_entries; i++) {
		k = index_probe(ix, t->entries, t->entries[i].system);
		if (!ix->slot[k])
			ix->slot[k] = (uint32_t)(i + 1);
	}
	index_free(t);
	t->entry_index = ix;
	return true;
}

/* Drop the entry at position pos from the index (backward-shift
 * deletion: no tombstones, probe chains stay short). */
static void index_remove(struct br_entry_index *ix,
			 const struct br_entry *entries, size_t pos)
{
	size_t mask = ((size_t)1 << ix->bits) - 1;
	size_t i = index_probe(ix, entries, entries[pos].system), j, k;

	if (ix->slot[i] != (uint32_t)(pos + 1))
		return; /* a second entry of its system: not indexed */
	for (j = i;;) {
		j = (j + 1) & mask;
		if (!ix->slot[j])
			break;
		k = home_slot(ix, entries[ix->slot[j] - 1].system);
		/* move j's entry into the hole at i unless its home lies
		 * cyclically in (i, j] */
		if (i <= j ? (k <= i || k > j) : (k <= i && k > j)) {
			ix->slot[i] = ix->slot[j];
			i = j;
		}
	}
	ix->slot[i] = 0;
}

void br_test_truncate_entries(struct br_test *t, size_t n)
{
	size_t i;

	if (n >= t->n_entries)
		return;
	if (n <= INDEX_FROM)
		index_free(t);
	for (i = t->n_entries; i-- > n;) {
		if (t->entry_index)
			index_remove(t->entry_index, t->entries, i);
		br_entry_free(&t->entries[i]);
	}
	t->n_entries = n;
}

void br_test_clear_entries(struct br_test *t)
{
	br_test_truncate_entries(t, 0);
}

void br_resultset_free(struct br_resultset *rs)
{
	size_t i;

	if (!rs)
		return;
	for (i = 0; i < rs->n_tests; i++) {
		br_test_clear_entries(rs->tests[i]);
		index_free(rs->tests[i]);
		free(rs->tests[i]->entries);
		free(rs->tests[i]->x);
	}
	free(rs->tests);
	free(rs->systems);
	free(rs->warnings);
	free(rs->sources);
	br_map_free(rs->system_index);
	br_map_free(rs->test_index);
	br_arena_free(rs->arena);
	free(rs);
}

const char *br_rs_str(struct br_resultset *rs, const char *s)
{
	return s ? br_arena_strdup(rs->arena, s) : NULL;
}

const char *br_rs_strn(struct br_resultset *rs, const char *s, size_t n)
{
	return br_arena_strndup(rs->arena, s, n);
}

int br_rs_add_source(struct br_resultset *rs, const char *path,
		     const char *format, struct br_error *err)
{
	struct br_source *src;

	if (!br_grow((void **)&rs->sources, &rs->cap_sources,
		     rs->n_sources + 1, sizeof *rs->sources))
		return br_error_set(err, BR_EIO, path, 0, ENOMEM_MSG);
	src = &rs->sources[rs->n_sources];
	memset(src, 0, sizeof *src);
	src->path = br_rs_str(rs, path);
	src->format = br_rs_str(rs, format);
	src->title = rs->scope.title;
	src->own_names = rs->scope.own_names;
	if (!src->path || !src->format)
		return br_error_set(err, BR_EIO, path, 0, ENOMEM_MSG);
	rs->n_sources++;
	return BR_OK;
}

void br_rs_vwarn(struct br_resultset *rs, const struct br_loc *loc,
		 const char *fmt, va_list ap)
{
	struct br_warning *w;

	if (!br_grow((void **)&rs->warnings, &rs->cap_warnings,
		     rs->n_warnings + 1, sizeof *rs->warnings))
		return;
	w = &rs->warnings[rs->n_warnings];
	/* as long as it is: a buffer would cut a long name */
	w->msg = br_arena_vprintf(rs->arena, fmt, ap);
	if (!w->msg)
		return;
	if (loc)
		w->loc = *loc;
	else
		memset(&w->loc, 0, sizeof w->loc);
	w->test = NULL;
	w->tests = NULL;
	w->n_tests = 0;
	rs->n_warnings++;
}

void br_rs_vwarn_tests(struct br_resultset *rs,
		       const struct br_test *const *tests, size_t n,
		       const struct br_loc *loc, const char *fmt, va_list ap)
{
	size_t k = rs->n_warnings;
	const struct br_test **copy;

	br_rs_vwarn(rs, loc, fmt, ap);
	if (rs->n_warnings == k || n == 0)
		return;
	copy = br_arena_alloc(rs->arena, n * sizeof *copy);
	if (!copy)
		return;  /* shown whatever the selection: better than lost */
	memcpy(copy, tests, n * sizeof *copy);
	rs->warnings[k].tests = copy;
	rs->warnings[k].n_tests = n;
}

void br_rs_warn_test(struct br_resultset *rs, const struct br_test *t,
		     const struct br_loc *loc, const char *fmt, ...)
{
	size_t n = rs->n_warnings;
	va_list ap;

	va_start(ap, fmt);
	br_rs_vwarn(rs, loc, fmt, ap);
	va_end(ap);
	if (rs->n_warnings > n)
		rs->warnings[n].test = t;
}

void br_rs_warn(struct br_resultset *rs, const struct br_loc *loc,
		const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	br_rs_vwarn(rs, loc, fmt, ap);
	va_end(ap);
}

size_t br_rs_find_system(const struct br_resultset *rs, const char *id)
{
	size_t idx;

	return br_map_get(rs->system_index, id, &idx) ? idx : (size_t)-1;
}

size_t br_rs_system(struct br_resultset *rs, const char *id, bool create,
		    const struct br_loc *loc, struct br_error *err)
{
	struct br_system *sys;
	size_t idx;

	size_t prev = (size_t)-1;

	if (br_map_get(rs->system_index, id, &idx)) {
		/* an earlier file's system is not this file's (scope.c) */
		if (!create || !rs->scope.isolate ||
		    idx >= rs->scope.first_system)
			return idx;
		prev = idx;
	} else if (!create) {
		return (size_t)-1;
	}
	if (!br_grow((void **)&rs->systems, &rs->cap_systems,
		     rs->n_systems + 1, sizeof *rs->systems))
		goto nomem;
	sys = br_arena_alloc(rs->arena, sizeof *sys);
	if (!sys)
		goto nomem;
	sys->identifier = br_rs_str(rs, id);
	if (!sys->identifier)
		goto nomem;
	sys->original = sys->identifier;
	sys->source = (size_t)-1;
	sys->same_prev = prev;
	if (prev != (size_t)-1)
		rs->scope.shadowed = true;
	if (loc)
		sys->loc = *loc;
	idx = rs->n_systems;
	if (!br_map_put(rs->system_index, sys->identifier, idx))
		goto nomem;
	rs->systems[rs->n_systems++] = sys;
	return idx;
nomem:
	br_error_set(err, BR_EIO, loc ? loc->file : NULL, loc ? loc->line : 0,
		     ENOMEM_MSG);
	return (size_t)-1;
}

int br_rs_parse_components(struct br_resultset *rs, const char *s,
			   struct br_kv **out, size_t *n_out,
			   struct br_error *err)
{
	size_t n = 0, i = 0;
	const char *p;
	struct br_kv *kv;

	*out = NULL;
	*n_out = 0;
	if (!s || !*s)
		return BR_OK;
	/* PTS splits on ", " and then on the first ": ". */
	for (p = s; (p = strstr(p, ", ")) != NULL; p += 2)
		n++;
	n++;
	kv = br_arena_alloc(rs->arena, n * sizeof *kv);
	if (!kv)
		return br_error_set(err, BR_EIO, NULL, 0, ENOMEM_MSG);
	for (p = s;;) {
		const char *end = strstr(p, ", ");
		size_t len = end ? (size_t)(end - p) : strlen(p);
		const char *colon = NULL, *q;

		for (q = p; q + 1 < p + len; q++)
			if (q[0] == ':' && q[1] == ' ') {
				colon = q;
				break;
			}
		if (len > 0) {
			if (colon) {
				kv[i].key = br_rs_strn(rs, p, (size_t)(colon - p));
				kv[i].value = br_rs_strn(rs, colon + 2,
						(size_t)(p + len - colon - 2));
			} else {
				kv[i].key = br_rs_str(rs, "");
				kv[i].value = br_rs_strn(rs, p, len);
			}
			if (!kv[i].key || !kv[i].value)
				return br_error_set(err, BR_EIO, NULL, 0,
						    ENOMEM_MSG);
			i++;
		}
		if (!end)
			break;
		p = end + 2;
	}
	*out = kv;
	*n_out = i;
	return BR_OK;
}

const char *br_system_component(const struct br_system *s, const char *key)
{
	size_t i;

	for (i = 0; i < s->n_hardware; i++)
		if (!strcmp(s->hardware[i].key, key))
			return s->hardware[i].value;
	for (i = 0; i < s->n_software; i++)
		if (!strcmp(s->software[i].key, key))
			return s->software[i].value;
	return "";
}

size_t br_rs_component_keys(const struct br_resultset *rs,
			    const size_t *systems, size_t n,
			    const char ***keys)
{
	struct br_map *seen = br_map_new();
	size_t cap = 1, count = 0, i, j, pass, dummy;

	*keys = NULL;
	for (i = 0; i < n; i++)
		cap += rs->systems[systems[i]]->n_hardware +
		       rs->systems[systems[i]]->n_software;
	*keys = calloc(cap, sizeof **keys);
	if (!seen || !*keys)
		goto nomem;
	for (pass = 0; pass < 2; pass++)
		for (i = 0; i < n; i++) {
			const struct br_system *s = rs->systems[systems[i]];
			const struct br_kv *kv = pass ? s->software
						 : s->hardware;
			size_t nkv = pass ? s->n_software : s->n_hardware;

			for (j = 0; j < nkv; j++) {
				if (br_map_get(seen, kv[j].key, &dummy))
					continue;
				if (!br_map_put(seen, kv[j].key, count))
					goto nomem;
				(*keys)[count++] = kv[j].key;
			}
		}
	br_map_free(seen);
	return count;
nomem:
	br_map_free(seen);
	free(*keys);
	*keys = NULL;
	return (size_t)-1;
}

char *br_test_key(const struct br_test *t)
{
	const char *id = br_nz(t->identifier), *dot, *parts[4];
	size_t idlen = strlen(id), lens[4], size, i;
	char *buf;

	while (idlen && isspace((unsigned char)id[idlen - 1]))
		idlen--;
	if (idlen == 0) {
		id = br_nz(t->title);
		idlen = strlen(id);
	} else {
		/* pts/dbench-1.0.0 -> pts/dbench-1.0 */
		for (dot = id + idlen; dot > id && dot[-1] != '.'; dot--)
			;
		if (dot > id)
			idlen = (size_t)(dot - 1 - id);
	}
	parts[0] = br_nz(t->arguments);
	parts[1] = br_nz(t->description);
	parts[2] = br_nz(t->app_version);
	parts[3] = br_nz(t->scale);
	size = idlen + 1;
	for (i = 0; i < 4; i++)
		size += (lens[i] = strlen(parts[i])) + 1;
	buf = malloc(size);
	if (!buf)
		return NULL;
	/* "id,arguments,description,app_version,scale", put together by
	 * hand: it is made twice per result read (snprintf was 6% of
	 * reading a large history) */
	memcpy(buf, id, idlen);
	size = idlen;
	for (i = 0; i < 4; i++) {
		buf[size++] = ',';
		memcpy(buf + size, parts[i], lens[i]);
		size += lens[i];
	}
	buf[size] = '\0';
	return buf;
}

void br_test_hash(const struct br_test *t, char out[41])
{
	char *key = br_test_key(t);
	const char *b, *e;

	if (!key) {
		memset(out, '0', 40);
		out[40] = '\0';
		return;
	}
	/* PTS trims the whole string before hashing. */
	for (b = key; *b && isspace((unsigned char)*b); b++)
		;
	for (e = b + strlen(b); e > b && isspace((unsigned char)e[-1]); e--)
		;
	br_sha1_hex(b, (size_t)(e - b), out);
	free(key);
}

struct br_test *br_rs_test(struct br_resultset *rs, const struct br_test *t,
			   bool *created, struct br_error *err)
{
	char *key = br_test_key(t);
	const char *ikey;
	struct br_test *nt;
	size_t idx;

	*created = false;
	if (!key)
		goto nomem;
	if (br_map_get(rs->test_index, key, &idx)) {
		free(key);
		return rs->tests[idx];
	}
	ikey = br_rs_str(rs, key);
	free(key);
	if (!ikey)
		goto nomem;
	if (!br_grow((void **)&rs->tests, &rs->cap_tests, rs->n_tests + 1,
		     sizeof *rs->tests))
		goto nomem;
	nt = br_arena_alloc(rs->arena, sizeof *nt);
	if (!nt)
		goto nomem;
	*nt = *t;
	nt->entries = NULL;
	nt->n_entries = nt->cap_entries = 0;
	nt->entry_index = NULL;
	nt->x = NULL;
	nt->n_x = 0;
	if (t->n_x) {
		nt->x = malloc(t->n_x * sizeof *nt->x);
		if (!nt->x)
			goto nomem;
		memcpy(nt->x, t->x, t->n_x * sizeof *nt->x);
		nt->n_x = t->n_x;
	}
	if (!br_map_put(rs->test_index, ikey, rs->n_tests)) {
		free(nt->x);
		goto nomem;
	}
	rs->tests[rs->n_tests++] = nt;
	*created = true;
	return nt;
nomem:
	br_error_set(err, BR_EIO, t->loc.file, t->loc.line, ENOMEM_MSG);
	return NULL;
}

/*
 * O(1) with the index; a test of a few entries (or one a caller built
 * without br_test_add_entry) is scanned.
 */
size_t br_test_find_entry(const struct br_test *t, size_t system)
{
	size_t i;

	if (t->entry_index) {
		i = index_probe(t->entry_index, t->entries, system);
		return t->entry_index->slot[i] ?
		       (size_t)t->entry_index->slot[i] - 1 : (size_t)-1;
	}
	for (i = 0; i < t->n_entries; i++)
		if (t->entries[i].system == system)
			return i;
	return (size_t)-1;
}

/* Index entry pos of t (just appended), building or growing the index
 * as t passes INDEX_FROM entries and half the slots. */
static bool index_add(struct br_test *t, size_t pos)
{
	struct br_entry_index *ix = t->entry_index;
	size_t k;

	if (!ix)
		return t->n_entries <= INDEX_FROM || index_build(t);
	if (2 * t->n_entries > ((size_t)1 << ix->bits))
		return index_build(t);
	k = index_probe(ix, t->entries, t->entries[pos].system);
	if (!ix->slot[k])
		ix->slot[k] = (uint32_t)(pos + 1);
	return true;
}

bool br_test_reindex(struct br_test *t)
{
	return t->entry_index ? index_build(t) : true;
}

struct br_entry *br_test_add_entry(struct br_resultset *rs, struct br_test *t,
				   size_t system, const struct br_loc *loc,
				   struct br_error *err)
{
	struct br_entry *e;

	(void)rs;
	if (!br_grow((void **)&t->entries, &t->cap_entries, t->n_entries + 1,
		     sizeof *t->entries))
		goto nomem;
	e = &t->entries[t->n_entries++];
	memset(e, 0, sizeof *e);
	e->system = system;
	e->sample.se = NAN;
	e->sample.value = NAN;
	if (loc)
		e->loc = *loc;
	if (!index_add(t, t->n_entries - 1)) {
		t->n_entries--;
		goto nomem;
	}
	return e;
nomem:
	br_error_set(err, BR_EIO, loc ? loc->file : NULL, loc ? loc->line : 0,
		     ENOMEM_MSG);
	return NULL;
}

int br_sample_add_run(struct br_sample *s, double v, const struct br_loc *loc,
		      struct br_error *err)
{
	if (!br_grow((void **)&s->runs, &s->cap_runs, s->n_runs + 1,
		     sizeof *s->runs))
		return br_error_set(err, BR_EIO, loc ? loc->file : NULL,
				    loc ? loc->line : 0, ENOMEM_MSG);
	s->runs[s->n_runs].value = v;
	if (loc)
		s->runs[s->n_runs].loc = *loc;
	else
		memset(&s->runs[s->n_runs].loc, 0, sizeof *loc);
	s->n_runs++;
	return BR_OK;
}

void br_sample_note_step(struct br_sample *s, double step)
{
	if (!(step > 0) || !isfinite(step))
		return;
	if (!(s->resolution > 0) || step < s->resolution)
		s->resolution = step;
}

double br_num_text_step(const char *text, size_t len)
{
	const char *p = text, *end = text + len;
	long dec = 0, ex = 0, digits = 0;

	while (p < end && (*p == ' ' || *p == '\t'))
		p++;
	if (p < end && (*p == '+' || *p == '-'))
		p++;
	for (; p < end && isdigit((unsigned char)*p); p++)
		digits++;
	if (p < end && *p == '.')
		for (p++; p < end && isdigit((unsigned char)*p); p++) {
			digits++;
			dec++;
		}
	if (!digits)
		return 0;
	if (p < end && (*p == 'e' || *p == 'E')) {
		bool neg = false;

		p++;
		if (p < end && (*p == '+' || *p == '-'))
			neg = *p++ == '-';
		if (p == end || !isdigit((unsigned char)*p))
			return 0;
		for (; p < end && isdigit((unsigned char)*p); p++)
			if (ex < 100000)
				ex = ex * 10 + (*p - '0');
		if (neg)
			ex = -ex;
	}
	while (p < end && (*p == ' ' || *p == '\t' || *p == '\r'))
		p++;
	if (p != end)
		return 0;  /* not all a number ("1:30.5", "5x") */
	/* 10^(ex - dec), kept within 1e-300 .. 1e300 (4.9e-324 is written
	 * finer than any step that matters) */
	return pow(10, (double)(ex - dec < -300 ? -300 : ex - dec > 300 ?
				300 : ex - dec));
}

double br_duration_step(const char *text, size_t len)
{
	size_t i = len;

	while (i > 0 && text[i - 1] != ':')
		i--;
	if (i == 0)
		return 0;
	return br_num_text_step(text + i, len - i);
}

double br_num_step(double v)
{
	double a = fabs(v);
	int d;

	if (!(a > 0) || !isfinite(a))
		return 0;
	/* from the leading digit's place down, the first step that holds
	 * v to double precision; an integer's step is 1 (1200 is not
	 * taken to be rounded to hundreds) */
	for (d = (int)floor(log10(a)); d > -330; d--) {
		double step = pow(10, d), k = nearbyint(a / step);

		if (k > 1e15)
			return 0;
		if (fabs(k * step - a) <= a * 1e-15)
			return step > 1 ? 1 : step;
	}
	return 0;
}

size_t br_sample_n(const struct br_sample *s)
{
	if (s->n_runs)
		return s->n_runs;
	if (s->is_summary)
		return s->n;
	return s->has_value ? 1 : 0;
}

/* A zeroed test with its identity strings set; see model.h. */
void br_test_proto(struct br_test *t, const char *title, const char *scale,
		   enum br_dir dir, enum br_display display,
		   const struct br_loc *loc)
{
	memset(t, 0, sizeof *t);
	t->identifier = "";
	t->title = title ? title : "";
	t->app_version = "";
	t->arguments = "";
	t->description = "";
	t->scale = scale ? scale : "";
	t->dir = dir;
	t->display = display;
	if (loc)
		t->loc = *loc;
}

void br_test_finish(struct br_resultset *rs, struct br_test *t)
{
	const char *scale = br_nz(t->scale), *bar = strchr(scale, '|');
	const char *unit_text = scale;
	enum br_dir udir;

	if (bar) {
		unit_text = br_rs_strn(rs, scale, (size_t)(bar - scale));
		if (!unit_text)
			unit_text = "";
	}
	br_unit_parse(unit_text, &t->unit);
	t->dir_inferred = false;
	if (t->dir != BR_DIR_UNKNOWN || t->display == BR_DISPLAY_PASS_FAIL ||
	    t->display == BR_DISPLAY_MULTI_PASS_FAIL ||
	    t->display == BR_DISPLAY_OTHER)
		return;
	if (rs->dir_given != BR_DIR_UNKNOWN) {
		t->dir = rs->dir_given;  /* --direction: said, no warning */
		return;
	}
	udir = br_dir_from_unit(&t->unit);
	if (udir != BR_DIR_UNKNOWN) {
		t->dir = udir;
		t->dir_inferred = true;
		br_rs_warn_test(rs, t, &t->loc,
			   "%s%s%s: no direction given; %s inferred from unit "
			   "\"%s\"", br_nz(t->title), *br_nz(t->description) ? " - " : "",
			   br_nz(t->description), br_dir_phrase(udir), unit_text);
	} else {
		br_rs_warn_test(rs, t, &t->loc,
			   "%s%s%s: direction unknown (no Proportion, unit \"%s\" "
			   "does not imply one)", br_nz(t->title),
			   *br_nz(t->description) ? " - " : "", br_nz(t->description),
			   unit_text);
	}
}

bool br_parse_number(const char *s, double *out, int *decimals)
{
	const char *p = s, *start, *p0;
	int dec = 0, digits = 0;
	char *end;
	double v;

	while (*p == ' ' || *p == '\t')
		p++;
	start = p;
	if (*p == '+' || *p == '-')
		p++;
	while (isdigit((unsigned char)*p)) {
		p++;
		digits++;
	}
	if (*p == '.') {
		p++;
		while (isdigit((unsigned char)*p)) {
			p++;
			dec++;
		}
	}
	if (digits + dec == 0)
		return false;
	p0 = p;
	if (*p == 'e' || *p == 'E') {
		const char *q = p + 1;

		if (*q == '+' || *q == '-')
			q++;
		if (!isdigit((unsigned char)*q))
			return false;
		while (isdigit((unsigned char)*q))
			q++;
		p = q;
	}
	while (*p == ' ' || *p == '\t' || *p == '\r' || *p == '\n')
		p++;
	if (*p)
		return false;
	if (digits + dec <= 15 && *p0 != 'e' && *p0 != 'E') {
		/* Clinger's fast path: the digits and 10^dec are exact
		 * doubles, so one correctly rounded division is what strtod
		 * gives, at a fraction of its cost. */
		static const double pow10[] = {
			1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9,
			1e10, 1e11, 1e12, 1e13, 1e14, 1e15,
		};
		const char *q = start + (*start == '+' || *start == '-');
		uint64_t m = 0;

		for (; q < p0; q++)
			if (*q != '.')
				m = m * 10 + (uint64_t)(*q - '0');
		v = (double)m / pow10[dec];
		*out = *start == '-' ? -v : v;
		if (decimals)
			*decimals = dec;
		return true;
	}
	errno = 0;
	v = strtod(start, &end);
	if (!isfinite(v))
		return false;
	*out = v;
	if (decimals)
		*decimals = dec;
	return true;
}
