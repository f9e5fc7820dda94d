/*
 * table.h - a small typed table (named columns, rows of cells) and its
 * writers for CSV, JSON, Markdown and aligned text.  Commands build a
 * table from computed summaries; the writers only format.
 *
 * Numbers keep their value (CSV/JSON print it with 15 significant
 * digits, enough to be exact for any decimal input and free of binary
 * noise) and an optional display text (text/Markdown print that).
 * Missing numbers (NAN) print as an empty CSV field, JSON null, and "-".
 */
#ifndef BR_TABLE_H
#define BR_TABLE_H

#include <stdbool.h>
#include <stdio.h>

#include "../../model/model.h"

enum br_fmt { BR_FMT_TEXT, BR_FMT_CSV, BR_FMT_JSON, BR_FMT_MD };
/* The names of each (--format, extensions) are in formats.h's table. */

enum br_tcell_kind { BR_TCELL_EMPTY, BR_TCELL_STR, BR_TCELL_NUM, BR_TCELL_INT };

struct br_tcell {
	enum br_tcell_kind kind;
	const char *s;     /* STR */
	double v;          /* NUM */
	long long i;       /* INT */
	const char *disp;  /* NUM: text shown in text/Markdown, or NULL */
	bool exact;        /* NUM: CSV/JSON with the shortest text that reads
			    * back exactly, not %.15g */
};

struct br_table;

/* New table with n_cols columns named cols (borrowed: static strings). */
struct br_table *br_table_new(size_t n_cols, const char *const *cols);
void br_table_free(struct br_table *t);

/* Start a new row; the following br_table_* calls fill its cells left
 * to right.  Return false on ENOMEM (the table is then unusable). */
bool br_table_row(struct br_table *t);
bool br_table_str(struct br_table *t, const char *s);   /* copied */
bool br_table_num(struct br_table *t, double v, const char *disp);
/* A NUM cell written in CSV and JSON with the shortest digits that read
 * back as v (br_num_roundtrip), where %.15g would hide a difference. */
bool br_table_num_exact(struct br_table *t, double v);
bool br_table_int(struct br_table *t, long long v);
bool br_table_empty(struct br_table *t);
/* The five cells that name a test: its identifier, title, description,
 * unit and direction ("HIB"/"LIB"/""). */
bool br_table_test(struct br_table *t, const struct br_test *test);

/*
 * Write the table.  schema/command go into JSON's envelope.  Returns
 * BR_OK or BR_EIO.  After br_table_stream() it writes what is left (the
 * last row, the end) to the stream's fp, fmt and command.
 */
int br_table_write(struct br_table *t, FILE *fp, enum br_fmt fmt,
		   const char *command, struct br_error *err);

/*
 * From now on write each row to fp as fmt as soon as the next one starts,
 * and keep none (CSV, JSON, Markdown: a table of millions of rows in
 * constant memory).  Text needs every row for its column widths: there
 * this does nothing.  The last call is br_table_write().
 */
void br_table_stream(struct br_table *t, FILE *fp, enum br_fmt fmt,
		     const char *command);

/*
 * Helpers shared with other writers.
 *
 * br_json_string: a JSON string, exact: controls, C1 controls and bidi
 * overrides as \u escapes, '<' as \u003c (safe inside HTML); a byte
 * that is not UTF-8 becomes U+FFFD.
 *
 * br_csv_field: one CSV field (RFC 4180).  Text is shown as on a
 * terminal (escape.h, br_visible: ESC as \x1b, ...; tab and line breaks
 * kept); a field that is not a number and starts with = + - @ tab or CR,
 * after any apostrophes, gets an apostrophe in front (br_csv_formula), so
 * that no spreadsheet reads it as a formula ("-5.5" stays a number);
 * quoted when it holds , " tab or a line break, starts with '#' or has a
 * blank at either end.
 */
void br_json_string(FILE *fp, const char *s);
void br_csv_field(FILE *fp, const char *s);
/* Does br_csv_field put an apostrophe in front of s?  s matches
 * '*[=+-@\t\r].* and is not a decimal number.  (A reader that removes
 * one leading apostrophe before '*[=+-@\t\r] gets s back exactly.) */
bool br_csv_formula(const char *s);
/* Shortest of %.15g..%.17g that reads back exactly, into buf. */
const char *br_num_roundtrip(double v, char *buf, size_t size);

/* A run value written so that it keeps its resolution (doc/statistics.md,
 * "Resolution"): with k decimals when the resolution is 10^-k (k <= 17)
 * and that reads back as v ("0.000", "5.0"), else br_num_roundtrip. */
const char *br_run_text(double v, double resolution, char *buf,
			size_t size);

#endif
