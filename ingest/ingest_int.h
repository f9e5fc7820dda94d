/*
 * ingest_int.h - what the format readers share.  Each reader parses one
 * whole buffer (not NUL-terminated; len bytes) named name into rs.
 */
#ifndef BR_INGEST_INT_H
#define BR_INGEST_INT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "ingest.h"

#define BR_DETECT_SURE 100 /* the highest score: the format is certain */

struct br_format {
	const char *name;     /* --input-format value, shown by inspect */
	/* Score how sure we are that buf is this format: 0 = no, 100 = sure
	 * (BR_DETECT_SURE; nothing scores more, so detection stops at the
	 * first reader that says it).  Looks at most at the first few KiB. */
	int (*detect)(const char *buf, size_t len);
	int (*read)(struct br_resultset *rs, const char *name, const char *buf,
		    size_t len, const struct br_ingest_opts *o,
		    struct br_error *err);
	/* The file names its systems itself (a result file, an export, a
	 * table): a name an earlier file used is kept apart from that
	 * file's when both have a result for one test
	 * (br_rs_scope_begin).  false: raw logs and numbers, named after
	 * their directory or file, whose runs add up across files. */
	bool own_names;
	/* A file of a whole set of runs, named like a raw log (--system
	 * names it) but kept apart like a result file: two files of one
	 * folder are two sets, not runs that add up (go test -bench's
	 * old.txt and new.txt, as benchstat reads them). */
	bool whole_set;
};

/* PTS / OpenBenchmarking composite.xml, all versions (pts_xml.c; the
 * reader's other files are listed in pts_xml_int.h). */
int br_detect_pts_xml(const char *buf, size_t len);
int br_read_pts_xml(struct br_resultset *rs, const char *name, const char *buf,
		    size_t len, const struct br_ingest_opts *o,
		    struct br_error *err);
/*
 * The same, streaming: head[0..head_len) is the start of the input (its
 * XML declaration included), the rest is read from fp in chunks, at most
 * max bytes in all, so the file itself is never held in memory.
 */
int br_read_pts_xml_stream(struct br_resultset *rs, const char *name,
			   const char *head, size_t head_len, FILE *fp,
			   size_t max, const struct br_ingest_opts *o,
			   struct br_error *err);

/*
 * A simple Entry/JSON object without json-c (flat_json.c): for each of
 * the n keys, vals[i] gets the value's kind and text (a string's
 * contents without quotes, a number's digits, an object's whole text);
 * BR_FJ_NONE when absent.  Only keys[nest] may hold an object (nest -1:
 * none), which can be scanned again with its own keys.  false: not in
 * the simple subset (flat_json.c says which); read it with json-c.
 */
enum br_fj_kind { BR_FJ_NONE, BR_FJ_STR, BR_FJ_NUM, BR_FJ_OBJ };
struct br_fj_val {
	enum br_fj_kind kind;
	const char *s;   /* into the JSON text, not NUL-terminated */
	size_t len;
};
bool br_flat_json(const char *json, size_t len, const char *const *keys,
		  size_t n, struct br_fj_val *vals, int nest);
/* Tests only: read every Entry/JSON with json-c (pts_xml_json.c). */
extern bool br_pts_xml_json_c_only;

/* PTS result-file-to-csv export (csv_pts.c). */
int br_detect_pts_csv(const char *buf, size_t len);
int br_read_pts_csv(struct br_resultset *rs, const char *name, const char *buf,
		    size_t len, const struct br_ingest_opts *o,
		    struct br_error *err);

/* PTS result-file-raw-to-csv export: the runs (csv_pts_raw.c). */
int br_detect_pts_raw_csv(const char *buf, size_t len);
int br_read_pts_raw_csv(struct br_resultset *rs, const char *name,
			const char *buf, size_t len,
			const struct br_ingest_opts *o, struct br_error *err);

/* benchreport tidy CSV: one row per run or per summary (csv_tidy.c). */
int br_detect_tidy_csv(const char *buf, size_t len);
int br_read_tidy_csv(struct br_resultset *rs, const char *name, const char *buf,
		     size_t len, const struct br_ingest_opts *o,
		     struct br_error *err);

/* ministat data: one number per line (numbers.c). */
int br_detect_numbers(const char *buf, size_t len);
int br_read_numbers(struct br_resultset *rs, const char *name,
		    const char *buf, size_t len,
		    const struct br_ingest_opts *o, struct br_error *err);

/* Timing/result table pasted from a mail, e.g. seed 003 (table.c). */
int br_detect_table(const char *buf, size_t len);
int br_read_table(struct br_resultset *rs, const char *name, const char *buf,
		  size_t len, const struct br_ingest_opts *o,
		  struct br_error *err);

/*
 * Raw run logs of benchmark tools (dbench, iozone, fio, ...), one format
 * per tool, listed by logs.c.  Detection is by content.
 */
/* The i-th known format (the file formats, then the raw logs), in the
 * order detection ties are broken; NULL past the last. */
const struct br_format *br_format_at(size_t i);

/* What the detection of format name looks for, in words (logs.c), for
 * inspect; NULL for an unknown name. */
const char *br_format_why(const char *name);

extern const struct br_format br_log_formats[];
extern const size_t br_n_log_formats;

/* Line number (1-based) of byte offset off in buf. */
unsigned long br_line_of(const char *buf, size_t len, size_t off);

#endif
