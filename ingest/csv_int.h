/*
 * csv_int.h - the CSV record reader (csv.c) that the PTS CSV export
 * readers (csv_pts.c, csv_pts_raw.c) and the tidy CSV reader (csv_tidy.c)
 * share.
 *
 * A struct br_csv reads one buffer record by record: br_csv_next() fills
 * f[0..nf) with the fields of the next record, unescaped and
 * NUL-terminated in a scratch buffer that the next call reuses.  Lines
 * can also be looked at raw (br_csv_peek_line) and skipped, which is how
 * the readers handle comments and PTS's title lines.
 */
#ifndef BR_CSV_INT_H
#define BR_CSV_INT_H

#include <stdbool.h>
#include <stddef.h>

#include "text_int.h"

/* One field of the current record: valid until the next br_csv_next(). */
struct br_csv_field {
	const char *s;       /* NUL-terminated, unescaped, blanks trimmed
				when unquoted */
	size_t n;
	size_t off;          /* into the scratch buffer while reading */
	unsigned long line;  /* where the field starts */
	bool quoted;
};

/* A reader over one buffer; see br_csv_init(). */
struct br_csv {
	const char *buf;
	size_t len, pos;
	unsigned long line;  /* line of buf[pos] */
	const char *name;
	bool lenient;        /* PTS: a stray quote inside quotes is text */
	struct br_csv_field *f; /* the current record */
	size_t nf, capf;
	char *sb;            /* its unescaped text */
	size_t sblen, sbcap;
	unsigned long rec_line;
};

/*
 * Start reading buf[0..len) (named name in messages; neither is copied)
 * after any byte order mark.  lenient: accept unescaped quotes inside
 * quoted fields, as PTS writes them.  Never fails.
 */
void br_csv_init(struct br_csv *c, const char *name, const char *buf,
		 size_t len, bool lenient);

/* Free the record buffers (not the input). */
void br_csv_fini(struct br_csv *c);

/* The raw line at the read position: *start and *n, without the line
 * break.  Does not move. */
void br_csv_peek_line(const struct br_csv *c, const char **start, size_t *n);

/* Move past the current line (a comment or a line read raw). */
void br_csv_skip_line(struct br_csv *c);

/* True when nothing is left to read. */
bool br_csv_eof(const struct br_csv *c);

/*
 * Read one record at the read position into c->f[0..c->nf), its first
 * line in c->rec_line.  Returns 1, 0 at the end of input, or -1 with err
 * set (BR_EDATA: unterminated quote, text after a closing quote, more
 * than BR_TEXT_MAX_COLUMNS fields; BR_EIO: out of memory).
 */
int br_csv_next(struct br_csv *c, struct br_error *err);

/* Is the current record empty (blank line, or only empty fields)? */
bool br_csv_record_empty(const struct br_csv *c);

/* Intern s[0..n) in rs; NULL with BR_EIO at fname:line set in err on
 * ENOMEM. */
const char *br_csv_istr(struct br_resultset *rs, const char *s, size_t n,
			const char *fname, unsigned long line,
			struct br_error *err);

/* "text" quoted for a message, at most 40 bytes, in the char array buf. */
#define SNIP(buf, s, n) (br_text_snip((buf), sizeof (buf), (s), (n)), (buf))

#endif
