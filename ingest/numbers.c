/*
 * numbers.c - ministat-style data files: one number per line, read as
 * ministat reads them (doc/table.md, "Files of numbers (ministat)"): a
 * line is split into columns at any of the delimiters (-d CHARS; default
 * space and tab; runs of them count as one, as strtok's do), column N
 * (-C N, default 1) is the value and must be a whole number, the other
 * columns may hold any text ("12.5 ms").  Blank lines are skipped, and
 * everything from a column that starts with '#'.  Each file is one
 * system (--system NAME, else the file's base name); all such files share
 * one test, "Values" (--test NAME), so `benchreport compare iguana
 * chameleon` compares them as ministat would.
 */
#include <stdio.h>
#include <string.h>

#include "ingest_int.h"
#include "text_int.h"

#define MAX_FIELD 128
#define DEFAULT_DELIMS " \t"

enum field { FIELD_NONE, FIELD_MISSING, FIELD_OK };

/*
 * Column `column` (1-based) of line [p, end), split at any byte of
 * delims, into buf.  FIELD_NONE for a blank or comment line (no column
 * before one starting with '#'), FIELD_MISSING when the line has fewer
 * columns (*columns of them).  A '\r' ends the line (CRLF files).
 */
static enum field field_at(const char *p, const char *end, int column,
			   const char *delims, char *buf, size_t size,
			   bool *too_long, int *columns)
{
	const char *cr = memchr(p, '\r', (size_t)(end - p));
	int i = 0;

	*too_long = false;
	if (cr)
		end = cr;
	while (p < end) {
		const char *q;
		size_t n;

		while (p < end && strchr(delims, *p))
			p++;
		if (p == end)
			break;
		for (q = p; q < end && !strchr(delims, *q); q++)
			;
		if (*p == '#')
			break;      /* a comment from here on */
		if (++i == column) {
			n = (size_t)(q - p);
			if (n >= size) {
				*too_long = true;
				n = size - 1;
			}
			memcpy(buf, p, n);
			buf[n] = '\0';
			*columns = i;
			return FIELD_OK;
		}
		p = q;
	}
	*columns = i;
	return i == 0 ? FIELD_NONE : FIELD_MISSING;
}

int br_detect_numbers(const char *buf, size_t len)
{
	/* a UTF-8 byte order mark is skipped, as the other readers do */
	const char *p = buf + br_text_bom(buf, len);
	const char *end = buf + (len < 4096 ? len : 4096);
	char field[MAX_FIELD];
	int numbers = 0;
	bool too_long;
	double v;
	int cols;

	while (p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		const char *le = nl ? nl : end;

		if (memchr(p, '\0', (size_t)(le - p)))
			return 0;
		/* a number first on every line; text may follow it */
		switch (field_at(p, le, 1, DEFAULT_DELIMS, field, sizeof field,
				 &too_long, &cols)) {
		case FIELD_OK:
			if (too_long || !br_parse_number(field, &v, NULL))
				return 0;
			numbers++;
			break;
		default:
			break;
		}
		if (!nl)
			break;
		p = nl + 1;
	}
	return numbers ? 30 : 0;
}

/* EDATA for field, quoted short and cut at a character boundary (a
 * "%.40s" would cut one in half). */
static int not_a_number(const char *name, unsigned long line,
			const char *field, struct br_error *err)
{
	char q[64];

	br_text_snip(q, sizeof q, field, strlen(field));
	return br_error_set(err, BR_EDATA, name, line, "not a number: \"%s\"",
			    q);
}

/* System name: --system, else the base name of the file (a part of
 * name, not a copy that could be cut). */
static const char *system_name(const char *name, const char *opt)
{
	const char *base;

	if (opt)
		return opt;
	base = strrchr(name, '/');
	return base ? base + 1 : name;
}

int br_read_numbers(struct br_resultset *rs, const char *name,
		    const char *buf, size_t len,
		    const struct br_ingest_opts *o, struct br_error *err)
{
	struct br_test proto, *t;
	struct br_entry *e;
	struct br_loc loc = {br_rs_str(rs, name), 0};
	const char *p = buf + br_text_bom(buf, len), *end = buf + len;
	char field[MAX_FIELD];
	size_t sys, idx;
	bool created, too_long;
	int rc, cols, column = o->column > 0 ? o->column : 1;
	const char *delims = o->delimiters && *o->delimiters ? o->delimiters
			     : DEFAULT_DELIMS;
	enum field f;
	const char *title;

	if (!loc.file)
		return br_error_set(err, BR_EIO, name, 0, "out of memory");
	sys = br_rs_system(rs, system_name(name, o->system), true, &loc,
			   err);
	if (sys == (size_t)-1)
		return err->code;
	if (!rs->systems[sys]->named_by) {
		char how[256];

		snprintf(how, sizeof how, "from the file name %.*s",
			 BR_UTF8_PREC(system_name(name, NULL), 200));
		rs->systems[sys]->named_by = o->system ? "from --system"
			: br_rs_str(rs, how);
		if (!rs->systems[sys]->named_by)
			return br_error_set(err, BR_EIO, name, 0,
					    "out of memory");
	}
	title = o->test ? br_rs_str(rs, o->test) : "Values";
	if (!title)
		return br_error_set(err, BR_EIO, name, 0, "out of memory");
	br_test_proto(&proto, title, "", BR_DIR_UNKNOWN, BR_DISPLAY_BAR,
		      &loc);
	proto.named_by = o->test ? "from --test" : "\"Values\": a numbers "
		"file names no test (--test names it)";
	proto.loc.line = 1;
	t = br_rs_test(rs, &proto, &created, err);
	if (!t)
		return err->code;
	if (created)
		br_test_finish(rs, t);
	idx = br_test_find_entry(t, sys);
	e = idx == (size_t)-1 ? br_test_add_entry(rs, t, sys, &proto.loc, err)
			      : &t->entries[idx];
	if (!e)
		return err->code;
	for (loc.line = 1; p < end; loc.line++) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		const char *le = nl ? nl : end;
		double v;

		if (memchr(p, '\0', (size_t)(le - p)))
			return br_error_set(err, BR_EDATA, name, loc.line,
					    "NUL byte in a data file");
		f = field_at(p, le, column, delims, field, sizeof field,
			     &too_long, &cols);
		if (f == FIELD_MISSING)
			return br_error_set(err, BR_EDATA, name, loc.line,
					    "no column %d (-C %d): the line "
					    "has %d", column, column, cols);
		if (f == FIELD_OK) {
			if (too_long || !br_parse_number(field, &v, NULL))
				return not_a_number(name, loc.line, field,
						    err);
			rc = br_sample_add_run(&e->sample, v, &loc, err);
			if (rc != BR_OK)
				return rc;
			br_sample_note_step(&e->sample, br_num_text_step(
						    field, strlen(field)));
		}
		if (!nl)
			break;
		p = nl + 1;
	}
	if (e->sample.n_runs == 0)
		return br_error_set(err, BR_EDATA, name, 0, "no numbers");
	return BR_OK;
}
