/*
 * log_int.h - what the raw-log readers (ingest/log_*.c) share.
 *
 * A raw log is the text a benchmark tool printed on one run.  Each reader
 * turns one log into results of one system: the system is --system NAME
 * or the log's parent directory name (results/ext4/dbench-1.txt ->
 * "ext4").  Several logs of one test and system become runs of one entry,
 * so standard errors and confidence intervals come out.
 *
 *   br_log_iter   lines of a buffer: NUL-safe, bounded copies, "\r"
 *                 progress overwrites resolved to what a terminal shows
 *   br_log_num    a decimal number (never NaN, infinity or overflow)
 *   br_log        one log being read: file, system, result count
 *   br_log_add    one value of one test: finds or creates the test (the
 *                 unit normalised to the one the test already has),
 *                 finds or creates the system's entry, appends a run
 *
 * Nothing here recurses or rescans: every reader is linear in its input.
 */
#ifndef BR_LOG_INT_H
#define BR_LOG_INT_H

#include <stdbool.h>
#include <stddef.h>

#include "ingest_int.h"

/* Longest line a reader looks at; the rest of a longer line is ignored. */
#define BR_LOG_LINE_MAX 4096

/* How far detect() functions look into a buffer. */
#define BR_LOG_DETECT_MAX 16384

struct br_log_iter {
	const char *buf;
	size_t len;
	size_t pos;                 /* start of the next line */
	unsigned long no;           /* number of the line last returned */
	char line[BR_LOG_LINE_MAX]; /* OUT: the current line */
	size_t n;                   /* its length */
};

/* Start iterating over len bytes at buf (not NUL-terminated). */
void br_log_iter_init(struct br_log_iter *it, const char *buf, size_t len);

/*
 * Next line into it->line (NUL-terminated, it->n bytes, it->no its line
 * number).  Line ends are "\n" or "\r\n"; inside a line only the text
 * after the last "\r" is kept (a progress display overwritten in place).
 * NUL bytes become spaces; a line longer than BR_LOG_LINE_MAX - 1 is cut.
 * Returns false at the end of the buffer.
 */
bool br_log_next(struct br_log_iter *it);

/*
 * Line numbers of increasing byte offsets without rescanning: pos starts
 * zeroed; each call counts newlines from the previous offset only.
 */
struct br_log_pos {
	size_t off;
	unsigned long line; /* line of off, 0 before the first call */
};
unsigned long br_log_line_at(struct br_log_pos *pos, const char *buf,
			     size_t len, size_t off);

/*
 * Parse a decimal number at *s after blanks: [+-]digits[.digits][e[+-]d].
 * On success stores it, moves *s past it and returns true.  Rejects text
 * without digits, "nan", "inf", hex, and values that overflow to infinity.
 * It remembers the step of the digits it read ("0.00": 0.01) for
 * br_log_add, which takes it as the resolution when it adds that value.
 */
bool br_log_num(const char **s, double *out);

/* The step of the digits of the number br_log_num read last on this
 * thread ("0.00": 0.01); 0 before any. */
double br_log_last_step(void);

/* Like br_log_num, but the number must be followed by a blank, ',' ')' or
 * the end of the string. */
bool br_log_num_word(const char **s, double *out);

/* Skip blanks (space, tab). */
const char *br_log_skip(const char *s);

/* Pointer just after the first occurrence of key in s, or NULL. */
const char *br_log_after(const char *s, const char *key);

/* True when s (after leading blanks) starts with prefix. */
bool br_log_starts(const char *s, const char *prefix);

/* True when buf (first len bytes, at most BR_LOG_DETECT_MAX) contains
 * needle. */
bool br_log_has(const char *buf, size_t len, const char *needle);

/* True when the whole of buf (not only its first BR_LOG_DETECT_MAX
 * bytes: the end of a long log) contains needle. */
bool br_log_has_tail(const char *buf, size_t len, const char *needle);

/*
 * The system name of a log named path: the name of its parent directory,
 * the real one when the path says "." or ".." or has no directory part
 * ("./x.log" in runs/disk gives "disk"), else (it cannot be resolved, or
 * is "/") the file name without extension; "<stdin>" gives "stdin".
 * Writes at most cap bytes to out, and to how (unless NULL) where the
 * name came from, for inspect ("from directory runs/disk").
 */
void br_log_system_from_path(const char *path, char *out, size_t cap,
			     char *how, size_t how_cap);

/*
 * The stem of a log's file name without extension and without a trailing
 * run number ("dd-run3.txt" -> "dd", "copy_2.log" -> "copy"), used to name
 * the test of tools that do not print what they ran.
 */
void br_log_stem(const char *path, char *out, size_t cap);

/*
 * How hyperfine's tests are named (br_test.named_by), title as chosen:
 * --test (test_option), the file's stem (the commands name the
 * systems), or "Hyperfine" with each command in the description.
 */
const char *br_log_hf_test_named(bool test_option, bool per_command,
				 const char *title);

/* One log being read. */
struct br_log {
	struct br_resultset *rs;
	struct br_error *err;
	const char *name;       /* the log's name as given (messages) */
	const char *file;       /* interned name, for source locations */
	const char *system;     /* interned system identifier */
	const char *named_by;   /* how it was named (br_system.named_by) */
	const char *test_named_by; /* how the tests it makes are named
				 * (br_test.named_by; copied), or NULL */
	size_t sys;             /* its index; (size_t)-1 until first result */
	size_t n_results;       /* values added so far */
	double next_step;       /* the resolution of the next value added
				 * (the reader knows it); 0: br_log_add
				 * finds it (doc/statistics.md "Resolution") */
	bool sub_metric;        /* the next value added is a sub-metric
				 * (br_test.sub_metric): set by the reader
				 * before the add, which marks a test it
				 * makes and clears this */
	const char *arguments;  /* NULL, or what tells this log's tests from
				 * others of the same identifier and
				 * description (hyperfine: the test's title,
				 * a file's stem or --test): the tests'
				 * arguments, part of their key */
};

/* What a value measures.  Strings are borrowed; br_log_add interns them. */
struct br_log_test {
	const char *identifier;  /* "dbench", "fio", ... (no dots) */
	const char *title;       /* "Dbench" */
	const char *description; /* "Client Count: 4" */
	const char *unit;        /* as the tool means it: "MB/s", "KiB/s" */
	enum br_dir dir;         /* HIB or LIB; BR_DIR_UNKNOWN when the
				  * tool does not say (--direction, else
				  * the unit, decides) */
};

/* Start reading the log name into rs.  Returns BR_OK or BR_EIO. */
int br_log_open(struct br_log *lg, struct br_resultset *rs, const char *name,
		const struct br_ingest_opts *o, struct br_error *err);

/*
 * Add value v (in t->unit) of test t, read at line of this log, as a run
 * of the log's system.  When a test with the same identifier, title and
 * description exists with another unit of the same dimension (KiB/s vs
 * MiB/s, us vs ms), v is converted to that unit.  Returns BR_OK or an
 * error code (err set).
 */
int br_log_add(struct br_log *lg, const struct br_log_test *t, double v,
	       unsigned long line);

/*
 * A result of test t the tool printed only as a summary (hyperfine's
 * CSV, pytest-benchmark's stats): mean (in t->unit), its standard error
 * se (NAN: not known) and N n (0: not known), as a tidy CSV's summary
 * row (doc/tidy-csv.md).  When the test and system have a result
 * already (another export of the same run), it stays and a warning says
 * this one is not added.  Returns BR_OK or an error code (err set).
 */
int br_log_add_summary(struct br_log *lg, const struct br_log_test *t,
		       double mean, double se, size_t n, unsigned long line);

/*
 * A result of test t the tool ran but could not measure (bonnie++'s
 * "+++++": too fast): an entry of the log's system with no value and
 * note as its reason, unless the entry has runs (a run added later
 * drops the note); counted in the entry's n_too_fast either way.  *test (when test is not NULL): the test, for a
 * warning about it.  Returns BR_OK or an error code (err set).
 */
int br_log_add_none(struct br_log *lg, const struct br_log_test *t,
		    const char *note, unsigned long line,
		    const struct br_test **test);

/* br_log_add with a printf-style description. */
int br_log_addf(struct br_log *lg, const char *identifier, const char *title,
		const char *unit, enum br_dir dir, double v, unsigned long line,
		const char *fmt, ...) __attribute__((format(printf, 8, 9)));

/*
 * Finish a log: BR_OK when at least one value was read, else a BR_EDATA
 * error "no TOOL result found" at last_line (a truncated log).
 */
int br_log_close(struct br_log *lg, const char *tool, unsigned long last_line);

/* Record a BR_EDATA error at line of this log (printf-style). */
int br_log_fail(struct br_log *lg, unsigned long line, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

/* Add a warning at line of this log. */
void br_log_warn(struct br_log *lg, unsigned long line, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
/* ... about the n tests tests[]: --tests shows it when it selects one. */
void br_log_warn_tests(struct br_log *lg, unsigned long line,
		       const struct br_test *const *tests, size_t n,
		       const char *fmt, ...)
	__attribute__((format(printf, 5, 6)));

/* Copy at most cap - 1 bytes of s (n bytes) to out, quoting for a message:
 * control bytes become '?'; a cut is at a character boundary. */
void br_log_quote(const char *s, size_t n, char *out, size_t cap);

/*
 * Parse the JSON value starting at byte start of buf (text after it is
 * ignored).  Returns a json-c object to release with json_object_put(),
 * or NULL with a FILE:LINE error in lg->err (truncated or bad JSON).
 */
struct json_object;
struct json_object *br_log_json(struct br_log *lg, const char *buf, size_t len,
				size_t start, const char *what);

/* Member key of o as a number (a JSON double or integer) into *v; false
 * when absent or not a number. */
bool br_log_json_num(struct json_object *o, const char *key, double *v);
/* Member key of o as a string (owned by o); NULL when absent or not a
 * string. */
const char *br_log_json_str(struct json_object *o, const char *key);

/*
 * A detail of the log's system the tool recorded (Go's "cpu:" header,
 * Google Benchmark's context): appended to its hardware (hardware true)
 * or software list unless the key is there already (the first wins).
 * Does nothing before the log's first result (no system yet).  Returns
 * BR_OK or BR_EIO (err set).
 */
int br_log_detail(struct br_log *lg, bool hardware, const char *key,
		  const char *value, unsigned long line);

/*
 * Name the log's system from its data (bonnie++'s -m machine name),
 * unless --system named it: the next results are that system's, and
 * how says where the name came from (for inspect).  Returns BR_OK or
 * BR_EIO.
 */
int br_log_system_named(struct br_log *lg, const char *name, size_t n,
			const char *how, const struct br_ingest_opts *o);

/*
 * Warn, at line (where the log ends, or the line cut short), that the
 * log looks cut: what is missing ("the report ends before its ...").  Every raw-log reader calls
 * it when the lines that follow its summary in a real log are missing.
 */
void br_log_warn_cut(struct br_log *lg, unsigned long line, const char *tool,
		     const char *what);

/* ------------------------------------------------ the formats (logs.c) */

#define BR_LOG_FORMAT(x)                                                  \
	int br_detect_##x(const char *buf, size_t len);                   \
	int br_read_##x(struct br_resultset *rs, const char *name,        \
			const char *buf, size_t len,                      \
			const struct br_ingest_opts *o, struct br_error *err);

BR_LOG_FORMAT(dbench)
BR_LOG_FORMAT(fio_json)
BR_LOG_FORMAT(fio_text)
BR_LOG_FORMAT(postmark)
BR_LOG_FORMAT(bonnie)
BR_LOG_FORMAT(time)
BR_LOG_FORMAT(hyperfine)
BR_LOG_FORMAT(iozone)
BR_LOG_FORMAT(blogbench)
BR_LOG_FORMAT(compilebench)
BR_LOG_FORMAT(gobench)
BR_LOG_FORMAT(gbench)
BR_LOG_FORMAT(hyperfine_csv)
BR_LOG_FORMAT(hyperfine_md)
BR_LOG_FORMAT(pytest_benchmark)
BR_LOG_FORMAT(bonnie_table)

#undef BR_LOG_FORMAT

#endif
