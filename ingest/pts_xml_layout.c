/*
 * pts_xml_layout.c - the element tree of a PTS result file, in both
 * layouts (doc/pts-format.md):
 *
 *   PTS 3.0+ (Nov 2010 on)   Generated, System..., Result.../Data/Entry...
 *   PTS 0.1 - 2.x            Suite, Generated, System...,
 *                            Benchmark.../Results/Group/Entry...
 *
 * For each element the SAX handlers meet, the context it opens (a record,
 * a text field we keep, or "ignored") and, for a kept field, the record
 * slot its text goes to.  The pre-3.0 names map onto the 3.0 slots, so
 * everything after this file sees one layout.
 */
#include <string.h>

#include "pts_xml_int.h"

/* An element name and the record slot its text goes to. */
struct field_name {
	const char *name;
	int slot;
};

/* Generated/... in both layouts (TimeStamp, TestClientString: pre-3.0). */
static const struct field_name generated_fields[] = {
	{"Title", G_TITLE},
	{"LastModified", G_LAST_MODIFIED},
	{"TestClient", G_TEST_CLIENT},
	{"Description", G_DESCRIPTION},
	{"Notes", G_NOTES},
	{"InternalTags", G_INTERNAL_TAGS},
	{"ReferenceID", G_REFERENCE_ID},
	{"PreSetEnvironmentVariables", G_PRESET_ENV},
	{"TimeStamp", G_LAST_MODIFIED},
	{"TestClientString", G_TEST_CLIENT},
	{NULL, 0},
};

/* pre-3.0 Suite/...: Title -> Generated/Title and so on (1.8). */
static const struct field_name suite_fields[] = {
	{"Title", G_TITLE},
	{"Description", G_DESCRIPTION},
	{NULL, 0},
};

/* System/...; the last five are the pre-3.0 names (1.8). */
static const struct field_name system_fields[] = {
	{"Identifier", S_IDENTIFIER},
	{"Hardware", S_HARDWARE},
	{"Software", S_SOFTWARE},
	{"User", S_USER},
	{"TimeStamp", S_TIMESTAMP},
	{"TestClientVersion", S_CLIENT_VERSION},
	{"Notes", S_NOTES},
	{"JSON", S_JSON},
	{"AssociatedIdentifiers", S_IDENTIFIER},
	{"Author", S_USER},
	{"TestDate", S_TIMESTAMP},
	{"TestNotes", S_NOTES},
	{"Version", S_CLIENT_VERSION},
	{NULL, 0},
};

static const struct field_name result_fields[] = {
	{"Identifier", R_IDENTIFIER},
	{"Title", R_TITLE},
	{"AppVersion", R_APP_VERSION},
	{"Arguments", R_ARGUMENTS},
	{"Description", R_DESCRIPTION},
	{"Scale", R_SCALE},
	{"Proportion", R_PROPORTION},
	{"DisplayFormat", R_DISPLAY_FORMAT},
	{"Annotation", R_ANNOTATION},
	{"Parent", R_PARENT},
	{NULL, 0},
};

/* pre-3.0 Benchmark/... (1.8); ProfileVersion has no counterpart. */
static const struct field_name benchmark_fields[] = {
	{"TestName", R_IDENTIFIER},
	{"Name", R_TITLE},
	{"Scale", R_SCALE},
	{"Proportion", R_PROPORTION},
	{"ResultFormat", R_DISPLAY_FORMAT},
	{"Version", R_APP_VERSION},
	{"TestArguments", R_ARGUMENTS},
	{"Attributes", R_DESCRIPTION},
	{NULL, 0},
};

static const struct field_name entry_fields[] = {
	{"Identifier", E_IDENTIFIER},
	{"Value", E_VALUE},
	{"RawString", E_RAW},
	{"JSON", E_JSON},
	{NULL, 0},
};

/* The slot of element name in table f, or -1 when it is not kept. */
static int lookup(const struct field_name *f, const char *name)
{
	for (; f->name; f++)
		if (!strcmp(f->name, name))
			return f->slot;
	return -1;
}

/* Begin a kept field: its text goes to (kind, slot). */
static int begin_field(struct pstate *st, enum rec_kind kind, int slot)
{
	if (slot < 0)
		return C_IGNORE;
	st->fkind = kind;
	st->fslot = slot;
	st->fline = br_px_cur_line(st);
	st->text.n = 0;
	return C_FIELD;
}

/* The context of a child element name of a parent context. */
int br_px_child_ctx(struct pstate *st, int parent, const char *name)
{
	unsigned long line = br_px_cur_line(st);

	switch (parent) {
	case C_ROOT:
		if (!strcmp(name, "Generated")) {
			st->has_header = true;
			return C_GENERATED;
		}
		if (!strcmp(name, "Suite")) {
			st->has_header = true;
			return C_SUITE;
		}
		if (!strcmp(name, "System")) {
			st->sbuf.n = 0;
			br_px_rec_reset(&st->sys, line);
			return C_SYSTEM;
		}
		if (!strcmp(name, "Result") || !strcmp(name, "Benchmark")) {
			st->rbuf.n = 0;
			st->n_entries = 0;
			br_px_rec_reset(&st->res, line);
			return name[0] == 'R' ? C_RESULT : C_BENCHMARK;
		}
		return C_IGNORE;
	case C_GENERATED:
		return begin_field(st, K_HEADER,
				   lookup(generated_fields, name));
	case C_SUITE:
		return begin_field(st, K_HEADER, lookup(suite_fields, name));
	case C_SYSTEM:
		return begin_field(st, K_SYSTEM, lookup(system_fields, name));
	case C_RESULT:
		if (!strcmp(name, "Data"))
			return C_DATA;
		return begin_field(st, K_RESULT, lookup(result_fields, name));
	case C_BENCHMARK:
		if (!strcmp(name, "Results"))
			return C_RESULTS;
		return begin_field(st, K_RESULT,
				   lookup(benchmark_fields, name));
	case C_RESULTS:
		return !strcmp(name, "Group") ? C_DATA : C_IGNORE;
	case C_DATA:
		if (strcmp(name, "Entry"))
			return C_IGNORE;
		if (!br_grow((void **)&st->entries, &st->cap_entries,
			     st->n_entries + 1, sizeof *st->entries)) {
			br_px_fail_nomem(st);
			return C_IGNORE;
		}
		br_px_rec_reset(&st->entries[st->n_entries++], line);
		return C_ENTRY;
	case C_ENTRY:
		return begin_field(st, K_ENTRY, lookup(entry_fields, name));
	default:
		return C_IGNORE;
	}
}
