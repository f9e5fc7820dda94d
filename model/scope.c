/*
 * scope.c - one input file at a time: the systems a file names, merged
 * into an earlier file's system of the same name or kept apart from it
 * (doc/design.md, "Two files of one machine"), and the final names.
 *
 * While a file that names its own systems is read (scope.isolate), a
 * name an earlier file used makes a new system (br_rs_system(), its
 * same_prev the earlier one) and the index by identifier points to it,
 * so the file's own entries go to it.  At the end of the file each such
 * system is merged into the earlier one when that one stands alone and
 * neither has a result for a test the other has, else the two are kept
 * apart.  The file's entries are the last of each test's entries (a
 * file only appends, and only its entries name its systems), so the
 * end looks at those only, and reading many files stays linear.
 */
#include <stdlib.h>
#include <string.h>

#include "model_int.h"

#define NONE ((size_t)-1)

void br_rs_scope_begin(struct br_resultset *rs, bool isolate, bool own_names)
{
	rs->scope.first_system = rs->n_systems;
	rs->scope.isolate = isolate;
	rs->scope.own_names = own_names;
	rs->scope.shadowed = false;
	rs->scope.title = NULL;
}

/* Whether system s (of this file) and system p (earlier) both have a
 * result for one test. */
static bool overlap(const struct br_resultset *rs, size_t s, size_t p)
{
	size_t i, k, first = rs->scope.first_system;

	for (i = 0; i < rs->n_tests; i++) {
		const struct br_test *t = rs->tests[i];

		for (k = t->n_entries; k-- > 0 && t->entries[k].system >= first;)
			if (t->entries[k].system == s) {
				if (br_test_find_entry(t, p) != NONE)
					return true;
				break;
			}
	}
	return false;
}

/* System s of this file joins p: its declaration, when p has none
 * (else the first stays, as a second <System> of one name in a file). */
static void merge_into(struct br_resultset *rs, struct br_system *p,
		       const struct br_system *s)
{
	struct br_system keep = *p;

	if (!s->declared)
		return;
	if (p->declared) {
		br_rs_warn(rs, &s->loc, "system \"%s\" is declared again "
			   "(first at %s:%lu); keeping the first", s->original,
			   p->loc.file ? p->loc.file : "?", p->loc.line);
		return;
	}
	*p = *s;
	p->identifier = keep.identifier;
	p->original = keep.original;
	p->named_by = keep.named_by ? keep.named_by : s->named_by;
	p->renamed_by = keep.renamed_by;
	p->source = keep.source;
	p->kept_apart = keep.kept_apart;
	p->same_prev = keep.same_prev;
}

/* The system of p's group (p and those kept apart from it) that s is
 * the same run as: the same non-empty time stamp (a PTS result read
 * twice, or a run's test-1.xml beside its composite.xml); NONE. */
static size_t same_run(const struct br_resultset *rs,
		       const struct br_system *s, size_t p)
{
	size_t q;

	if (!s->timestamp || !*s->timestamp)
		return NONE;
	for (q = p; q != NONE; q = rs->systems[q]->same_prev)
		if (rs->systems[q]->timestamp &&
		    !strcmp(rs->systems[q]->timestamp, s->timestamp))
			return q;
	return NONE;
}

/* Decide, for each system of this file that has an earlier namesake,
 * merge (to[k] = the earlier one) or keep apart (to[k] = NONE): merged
 * when it is the same run, or when the earlier one stands alone and
 * neither has a result for a test the other has. */
static bool decide(struct br_resultset *rs, size_t *to)
{
	size_t first = rs->scope.first_system, s, q;
	bool merged = false;

	for (s = first; s < rs->n_systems; s++) {
		struct br_system *sys = rs->systems[s];
		size_t p = sys->same_prev;

		to[s - first] = NONE;
		if (p == NONE)
			continue;
		q = same_run(rs, sys, p);
		if (q != NONE) {
			to[s - first] = q;
			merged = true;
			continue;
		}
		if (!rs->systems[p]->kept_apart && !overlap(rs, s, p)) {
			to[s - first] = p;
			merged = true;
			continue;
		}
		sys->kept_apart = true;
		for (q = p; q != NONE; q = rs->systems[q]->same_prev)
			rs->systems[q]->kept_apart = true;
	}
	return merged;
}

/*
 * This file's entries of t (the last ones) go to their systems' new
 * places; one of a system merged into an earlier one that has a result
 * for t already (the same run read twice) is dropped, as PTS keeps the
 * first.
 */
static bool move_entries(struct br_resultset *rs, struct br_test *t,
			 const size_t *to)
{
	size_t first = rs->scope.first_system, tail = t->n_entries, k, w, d;
	bool changed = false;

	while (tail > 0 && t->entries[tail - 1].system >= first)
		tail--;
	for (k = tail; k < t->n_entries; k++) {
		struct br_entry *e = &t->entries[k];
		size_t old;

		d = to[e->system - first];
		changed |= d != e->system;
		if (d >= first || (old = br_test_find_entry(t, d)) == NONE)
			continue;
		br_rs_warn_test(rs, t, &e->loc, "%s%s%s: entry for \"%s\" "
				"already read from %s:%lu; keeping the first",
				t->title, t->description && *t->description ?
				" - " : "", br_nz(t->description),
				rs->systems[d]->original, t->entries[old].loc.file ?
				t->entries[old].loc.file : "?",
				t->entries[old].loc.line);
		e->system = NONE;  /* dropped below */
	}
	for (k = w = tail; k < t->n_entries; k++) {
		if (t->entries[k].system == NONE) {
			br_entry_free(&t->entries[k]);
			continue;
		}
		t->entries[k].system = to[t->entries[k].system - first];
		if (w != k)
			t->entries[w] = t->entries[k];
		w++;
	}
	t->n_entries = w;
	return !changed || br_test_reindex(t);
}

/* Apply the merges: entries, declarations, the compacted systems and
 * the index by identifier. */
static bool apply(struct br_resultset *rs, size_t *to)
{
	size_t first = rs->scope.first_system, n = rs->n_systems, s, i, k;

	for (s = first, k = first; s < n; s++)
		if (to[s - first] == NONE)
			to[s - first] = k++;
		else
			merge_into(rs, rs->systems[to[s - first]],
				   rs->systems[s]);
	for (i = 0; i < rs->n_tests; i++)
		if (!move_entries(rs, rs->tests[i], to))
			return false;
	for (s = first, k = first; s < n; s++) {
		size_t d = to[s - first];

		if (d >= first)
			rs->systems[k++] = rs->systems[s];
		if (!br_map_put(rs->system_index, rs->systems[d]->identifier,
				d))
			return false;
	}
	rs->n_systems = k;
	return true;
}

/* The file's systems into its source: those it made, then those it
 * merged into (to[k] < first). */
static bool record(struct br_resultset *rs, const size_t *to, size_t n_to)
{
	struct br_source *src = &rs->sources[rs->n_sources - 1];
	size_t first = rs->scope.first_system, n = rs->n_systems - first;
	size_t k, j, m = 0;

	for (k = 0; k < n_to; k++)
		if (to && to[k] < first)
			n++;
	if (!n)
		return true;
	src->systems = br_arena_alloc(rs->arena, n * sizeof *src->systems);
	if (!src->systems)
		return false;
	for (k = first; k < rs->n_systems; k++) {
		rs->systems[k]->source = rs->n_sources - 1;
		src->systems[m++] = k;
	}
	for (k = 0; k < n_to; k++) {
		if (!to || to[k] >= first)
			continue;
		for (j = 0; j < m && src->systems[j] != to[k]; j++)
			;
		if (j == m)
			src->systems[m++] = to[k];
	}
	src->n_systems = m;
	return true;
}

int br_rs_scope_end(struct br_resultset *rs, struct br_error *err)
{
	size_t n = rs->n_systems - rs->scope.first_system, *to = NULL;
	bool ok = true;

	if (rs->scope.shadowed && n) {
		to = malloc(n * sizeof *to);
		ok = to != NULL;
		if (ok && decide(rs, to))
			ok = apply(rs, to);
	}
	if (ok && rs->n_sources)
		ok = record(rs, to, to ? n : 0);
	free(to);
	rs->scope.isolate = false;
	rs->scope.own_names = false;
	rs->scope.shadowed = false;
	rs->scope.first_system = rs->n_systems;
	if (!ok)
		return br_error_set(err, BR_EIO, NULL, 0, "out of memory");
	return BR_OK;
}

bool br_rs_set_names(struct br_resultset *rs, const char *const *names)
{
	struct br_map *m = br_map_new();
	const char **id = calloc(rs->n_systems + 1, sizeof *id);
	size_t i;
	bool ok = m && id;

	for (i = 0; ok && i < rs->n_systems; i++) {
		id[i] = names[i] ? br_rs_str(rs, names[i])
				 : rs->systems[i]->identifier;
		ok = id[i] && br_map_put(m, id[i], i);
	}
	if (ok) {
		for (i = 0; i < rs->n_systems; i++)
			rs->systems[i]->identifier = id[i];
		br_map_free(rs->system_index);
		rs->system_index = m;
		m = NULL;
	}
	br_map_free(m);
	free(id);
	return ok;
}
