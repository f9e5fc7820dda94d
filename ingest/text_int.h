/*
 * text_int.h - helpers shared by the line-oriented text readers: the PTS
 * CSV export (csv_pts.c), tidy CSV (csv_tidy.c), their record reader
 * (csv.c) and mail tables (table.c).  Encoding
 * checks, durations, shortest number text and the "# key: value"
 * metadata comments both tidy CSV and tables accept.
 */
#ifndef BR_TEXT_INT_H
#define BR_TEXT_INT_H

#include <stdbool.h>
#include <stddef.h>

#include "ingest_int.h"

/* Most columns a CSV row or table line may have; more is EDATA. */
#define BR_TEXT_MAX_COLUMNS 4096

/*
 * Check that buf is text we accept: no NUL byte and valid UTF-8 (no
 * overlong forms, surrogates or code points above U+10FFFF).  Returns
 * BR_OK or BR_EDATA with name:line and the offending byte.
 */
int br_text_check(const char *buf, size_t len, const char *name,
		  struct br_error *err);

/*
 * A text reader's start: buf checked (br_text_check) and name kept in
 * rs, into *fname.  Returns BR_OK, or the error's code with err set
 * (EDATA for the text, EIO when out of memory).
 */
int br_text_begin(struct br_resultset *rs, const char *name,
		  const char *buf, size_t len, const char **fname,
		  struct br_error *err);

/* Length of a UTF-8 byte order mark at buf (3), or 0. */
size_t br_text_bom(const char *buf, size_t len);

/*
 * Parse a duration occupying all of s[0..n) (blanks around allowed):
 * "m:ss" or "h:mm:ss", seconds may have a fraction ("1:02.5"); minutes
 * and seconds after a colon are two digits below 60.  "26:20" is 1580.
 * Returns false for anything else (plain numbers included).
 */
bool br_parse_duration(const char *s, size_t n, double *seconds);

/* True when s[0..n) contains a ':' between digits (looks like a
 * duration, valid or not); used to word error messages. */
bool br_looks_like_duration(const char *s, size_t n);

/* Shortest of %.15g/%.16g/%.17g that reads back to v (buf >= 32). */
void br_fmt_double(char *buf, size_t size, double v);

/*
 * A copy of s[0..n) safe to quote in a one-line message: at most 40
 * bytes (then "..."), control characters shown as '?'.  out >= 64.
 */
void br_text_snip(char *out, size_t size, const char *s, size_t n);

/*
 * If line[0..n) is a metadata comment "# key: value" (key a word of
 * lower-case letters, digits, '_' or '-' right after "#" and blanks, so
 * "# Source: ..." is prose, not metadata), set key/value
 * spans (value trimmed) and return true.  Any other line starting with
 * '#' is a plain comment: false.
 */
bool br_text_meta(const char *line, size_t n, const char **key,
		  size_t *key_len, const char **value, size_t *value_len);

/* Case-insensitive: does key[0..n) equal word? */
bool br_text_key_is(const char *key, size_t n, const char *word);

/*
 * What metadata one input has set so far: fields set by an earlier input
 * are kept (first input wins), fields this input sets may be extended by
 * later lines of it.  Zero it, set file, and br_meta_fini() at the end.
 */
struct br_meta {
	const char *file;       /* interned name of this input */
	bool title, description, notes, reference_id, last_modified,
	     test_client;       /* set by this input */
	unsigned char *sys_own; /* per system index: SYS_OWN_* bits */
	size_t n_sys_own;
};

void br_meta_fini(struct br_meta *m);

/*
 * Apply one metadata line key: value (from br_text_meta) that belongs to
 * the result set: title, description, notes, source (added to notes as
 * "Source: ..."), reference_id, last_modified, test_client, or system.
 * Repeated keys are joined with "\n".  Returns BR_OK and sets *used when
 * the key was one of these, BR_OK with *used false for other keys (the
 * caller's own or a plain comment), or an error.
 *
 * "# system: NAME [| FIELD | VALUE]": NAME is plain text up to the first
 * '|', or "quoted" with "" for a quote (needed when it holds '|' or '"'
 * or blanks at either end).  FIELD is hardware or software (VALUE a PTS
 * "Key: value, Key: value" string; repeated lines add components),
 * notes (repeated lines joined with "\n"), user, timestamp or
 * client_version.  The system is created if needed and declared.
 */
int br_meta_apply(struct br_resultset *rs, struct br_meta *m,
		  const char *key, size_t key_len, const char *value,
		  size_t value_len, unsigned long line, bool *used,
		  struct br_error *err);

#endif
