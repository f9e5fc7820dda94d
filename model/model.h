/*
 * model.h - the normalised result model: the contract between ingest/,
 * stats/ and render/.
 *
 *   br_resultset
 *     |- title, description, notes, ... (Generated block of a PTS file)
 *     |- systems[]   br_system: identifier, hardware/software key:value pairs
 *     |- tests[]     br_test: identifier, title, unit, direction, display
 *     |    `- entries[]   br_entry (one per system that ran the test)
 *     |         |- sample       scalar result: raw runs or a published summary
 *     |         `- points[]     series result (LINE_GRAPH, scaling tables):
 *     |                         one br_sample per x position
 *     `- warnings[]  things a user should know (shown by `inspect`)
 *
 * Ownership, one rule for the whole model: a resultset owns everything
 * reachable from it.  Strings live in its arena and stay valid until
 * br_resultset_free(); arrays are grown with the br_rs_* helpers only.
 * Nothing here prints or exits.
 *
 * Source locations: every system, test, entry and run remembers the file
 * and line it was read from (struct br_loc), so any later error or warning
 * can point back into the input.
 */
#ifndef BR_MODEL_H
#define BR_MODEL_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Status codes double as process exit codes (doc/design.md section 5). */
enum br_status {
	BR_OK = 0,
	BR_EDATA = 1,    /* bad input data */
	BR_EUSAGE = 2,   /* bad command line */
	BR_EIO = 3,      /* I/O or system error, including out of memory */
	BR_EREGRESS = 4, /* regression found (--fail-on-regression only) */
};

/*
 * One error, filled by the first failing call (first error wins, later
 * ones are ignored so the root cause survives).  Needs no heap.
 */
struct br_error {
	int code;        /* enum br_status; BR_OK while no error */
	char where[512]; /* "results/zfs.xml:42", or "" */
	char msg[512];   /* one line, no newline, no "benchreport:" prefix */
};

void br_error_clear(struct br_error *err);

/*
 * Record an error unless one is already recorded.  file may be NULL;
 * line 0 means "no line".  Returns code, so callers can
 * `return br_error_set(...)`.
 */
int br_error_set(struct br_error *err, int code, const char *file,
		 unsigned long line, const char *fmt, ...)
	__attribute__((format(printf, 5, 6)));
int br_error_setv(struct br_error *err, int code, const char *file,
		  unsigned long line, const char *fmt, va_list ap);

/* Where a value came from.  file is interned in the resultset's arena. */
struct br_loc {
	const char *file; /* NULL when unknown or computed */
	unsigned long line;  /* 1-based; 0 when unknown */
};

/* ---------------------------------------------------------------- units */

enum br_dim {
	BR_DIM_UNKNOWN = 0, /* kept verbatim, never converted */
	BR_DIM_TIME,        /* base: second */
	BR_DIM_BYTE_RATE,   /* base: byte per second */
	BR_DIM_BIT_RATE,    /* base: bit per second */
	BR_DIM_OP_RATE,     /* base: operation per second (TPS, IOPS, ...) */
	BR_DIM_BYTES,       /* base: byte */
	BR_DIM_SCORE,       /* dimensionless score; no conversion */
	BR_DIM_PERCENT,
	BR_DIM_FREQ,        /* base: hertz (FPS is an op rate, not this) */
	BR_DIM_COUNT,       /* a plain count */
};

struct br_unit {
	enum br_dim dim;
	double scale;     /* value * scale = value in the base unit */
	const char *text; /* as written in the input (after PTS's "|" cut) */
	const char *canon;/* canonical spelling, e.g. "MB/s"; == text if unknown */
};

/*
 * Parse a unit string (PTS Scale or a log's unit) into dimension + scale.
 * Never fails: an unknown unit has dim BR_DIM_UNKNOWN, scale 1, and its
 * text kept.  out->text/canon point into static storage or into s, so the
 * caller interns s first.
 */
void br_unit_parse(const char *s, struct br_unit *out);

/* Name of a dimension, e.g. "time", "byte-rate". */
const char *br_dim_name(enum br_dim d);

/* ------------------------------------------------------------ direction */

enum br_dir {
	BR_DIR_UNKNOWN = 0,
	BR_DIR_HIB, /* higher (more) is better */
	BR_DIR_LIB, /* lower (fewer) is better */
};

/* HIB/LIB from a PTS Proportion string; UNKNOWN for "" or "ABSTRACT". */
enum br_dir br_dir_from_proportion(const char *s);
/* "hib", "lib", "more-is-better", "fewer-is-better", "less-is-better"
 * (any case) as a direction; BR_DIR_UNKNOWN for anything else. */
enum br_dir br_dir_from_name(const char *s);

/* The direction a unit implies (time: LIB, rates: HIB), else UNKNOWN. */
enum br_dir br_dir_from_unit(const struct br_unit *u);

const char *br_dir_name(enum br_dir d);       /* "HIB", "LIB", "" */
const char *br_dir_phrase(enum br_dir d);     /* "More Is Better", ... */

/* -------------------------------------------------------------- systems */

struct br_kv {
	const char *key;
	const char *value;
};

struct br_system {
	const char *identifier;     /* as shown on charts */
	struct br_kv *hardware;     /* in input order */
	size_t n_hardware;
	struct br_kv *software;
	size_t n_software;
	const char *user;
	const char *timestamp;      /* "YYYY-MM-DD HH:MM:SS" as given, or NULL */
	const char *client_version;
	const char *notes;
	const char *json;           /* System/JSON verbatim, or NULL */
	/* The notes PTS prints from System/JSON, in its words and order
	 * (doc/pts-format.md section 1.3): key "Processor", value "Scaling
	 * Governor: acpi-cpufreq ondemand - CPU Microcode: 0x42e"; set by
	 * the PTS XML reader, never written back (json is) */
	struct br_kv *details;
	size_t n_details;
	bool declared;              /* false: only named by entries */
	const char *named_by;       /* where the identifier came from, for
				     * inspect ("from directory runs/disk",
				     * "from --system"); NULL: not said */
	/* Naming across inputs (doc/design.md, "Two files of one
	 * machine"): the identifier as its input wrote it; identifier
	 * differs from it only when the system was kept apart from one of
	 * the same name in another input, or named by --name or
	 * --rename, and renamed_by then says how (NULL: not renamed) */
	const char *original;
	const char *renamed_by;
	size_t source;              /* index in rs->sources of the file
				     * that named it first; (size_t)-1:
				     * not known yet (while it is read) */
	bool kept_apart;            /* another input has a system of the
				     * same original identifier with a
				     * result for a test this one has */
	size_t same_prev;           /* the earlier system of the same
				     * original identifier kept apart from
				     * this one, or (size_t)-1 */
	struct br_loc loc;
};

/* ------------------------------------------------------ tests and entries */

enum br_display {
	BR_DISPLAY_BAR = 0,         /* BAR_GRAPH and unknown formats */
	BR_DISPLAY_LINE,            /* LINE_GRAPH, scaling tables */
	BR_DISPLAY_PASS_FAIL,
	BR_DISPLAY_MULTI_PASS_FAIL,
	BR_DISPLAY_OTHER,           /* IMAGE_COMPARISON, NO_RESULT, ... */
};

/*
 * The display kind of a PTS DisplayFormat (ResultFormat before PTS 3.0),
 * matched exactly: LINE_GRAPH and FILLED_LINE_GRAPH are LINE, PASS_FAIL
 * and MULTI_PASS_FAIL their own kinds, IMAGE_COMPARISON, NO_RESULT,
 * SCATTER_PLOT and PIE_CHART OTHER; NULL, "" and any other name BAR, as
 * PTS draws a format it does not know as bars (doc/pts-format.md).
 */
enum br_display br_display_from_pts(const char *s);

/*
 * The PTS DisplayFormat name of d (static storage): "BAR_GRAPH",
 * "LINE_GRAPH", "PASS_FAIL" or "MULTI_PASS_FAIL".  OTHER stands for
 * several PTS formats and gets "BAR_GRAPH", what PTS falls back to.
 */
const char *br_display_pts_name(enum br_display d);

/* One run value. */
struct br_run {
	double value;
	struct br_loc loc;
};

/*
 * What is known about one measured quantity: its raw runs in order, or a
 * published summary (mean, SE, N) when runs are not available.
 */
struct br_sample {
	struct br_run *runs;    /* raw runs in input order, or NULL */
	size_t n_runs;
	size_t cap_runs;
	bool has_value;         /* value/value_text are the published value */
	double value;           /* PTS Value (the mean PTS computed) */
	const char *value_text; /* Value exactly as written: decimals matter */
	bool is_summary;        /* no runs: mean/se/n below were published */
	double se;              /* summary only; NAN when not published */
	size_t n;               /* summary only: N */
	double df;              /* summary only: the degrees of freedom of
				 * se when not n - 1 (0: n - 1): a derived
				 * result's (analysis/derive_power.c) */
	bool log_ci;            /* summary only: the interval is value
				 * exp(+/- q se / value), q Student's at df
				 * (performance per watt, stats/power.h) */
	bool duration;          /* written as a duration ("26:20"): shown
				 * as m:ss from 120 seconds on (doc/table.md,
				 * "Durations"); the numbers stay in the
				 * test's unit */
	double resolution;      /* the runs' step as written: 10^-d for the
				 * most decimals d among them (or a tool's
				 * timer resolution); 0 when not known.  The
				 * spread of identical runs is below it, not
				 * zero (doc/statistics.md, "Resolution") */
};

/* An entry's note when every run was too fast to measure (bonnie++'s
 * "+++++"). */
#define BR_TOO_FAST_NOTE "too fast to measure"

struct br_entry {
	size_t system;          /* index into resultset->systems */
	struct br_sample sample;   /* scalar result (BAR, PASS_FAIL) */
	struct br_sample *points;  /* series result, one per test->x, or NULL;
				    * malloc'd by the reader, freed with the
				    * resultset (like each sample's runs) */
	size_t n_points;
	const char *error;      /* failed entry: error text ("" if unknown) */
	const char *note;       /* no value, and why: a result the tool
				 * could not measure ("too fast to
				 * measure", bonnie++'s "+++++") */
	size_t n_too_fast;      /* runs the tool reported as too fast to
				 * measure (note BR_TOO_FAST_NOTE when no
				 * run was measured; read back as 1 from a
				 * converted file), not among the runs:
				 * faster than measurable, shown beside N
				 * (doc/statistics.md, "Too fast to
				 * measure") */
	const char *pass_fail;  /* PASS_FAIL: "PASS"/"FAIL" (comma list) */
	bool has_min_max;       /* Entry JSON min-result / max-result */
	double min_result, max_result;
	const char *run_times;  /* Entry JSON test-run-times, verbatim */
	const char *compiler;   /* Entry JSON compiler-options, flattened */
	const char *json;       /* Entry/JSON verbatim */
	struct br_loc loc;
};

struct br_entry_index;

struct br_test {
	const char *identifier;  /* "pts/dbench-1.0.0"; may be "" */
	const char *title;       /* "Dbench" */
	const char *app_version; /* "4.0" */
	const char *arguments;
	const char *description; /* "Client Count: 1" */
	const char *scale;       /* unit as written (PTS Scale) */
	/* The PTS Proportion and DisplayFormat as written ("HIB", "LIB",
	 * "ABSTRACT", "" ...; "BAR_GRAPH" ...), kept so that converters can
	 * write them back; NULL when the input had none (every format but
	 * PTS XML and CSV; tidy CSV keeps "ABSTRACT", which dir cannot say).
	 * Nothing derives dir or display from them: readers set those. */
	const char *proportion;
	const char *display_format;
	const char *annotation;
	const char *parent;
	struct br_unit unit;     /* parsed from scale by br_test_finish() */
	enum br_dir dir;         /* set by the reader; see br_test_finish() */
	bool dir_inferred;       /* dir came from the unit, not the input */
	enum br_display display; /* set by the reader */
	double *x;               /* series x positions (NULL: point index);
				  * malloc'd, freed with the resultset */
	size_t n_x;
	const char *x_label;     /* "Disks"; NULL when none */
	bool table_row;          /* a row of a pasted table of tests x
				  * systems (ingest/table.c): such rows are
				  * drawn together in one grouped chart */
	struct br_entry *entries;   /* in input order */
	size_t n_entries;
	size_t cap_entries;
	/* system -> position in entries[], kept by br_test_add_entry() and
	 * br_test_truncate_entries() once a test has more than a few
	 * entries, so br_test_find_entry() costs O(1) and reading many
	 * files stays linear; NULL: none (lookups then scan).  Private to
	 * resultset.c, freed with the resultset. */
	struct br_entry_index *entry_index;
	struct br_loc loc;
	/* A sub-metric (doc/statistics.md, "Primary metrics"): a detail
	 * of a benchmark whose number people quote is another result of
	 * it (dbench's per-operation latencies beside its throughput,
	 * fio's latency percentiles beside its bandwidth and IOPS).  Set
	 * by each reader that knows its benchmark's primary metric, on
	 * the other results; false (primary) for every result of a
	 * reader that does not, as for every PTS result.  The summary
	 * leads with the primary metrics and the geometric mean counts
	 * only them unless asked (--all-metrics). */
	bool sub_metric;
	/* A derived result (analysis/derive.h: --per, --cost): the note
	 * naming the number each system was divided or multiplied by,
	 * also appended to annotation; NULL: measured as read */
	const char *derived_note;
	/* where its name (title, description) came from, for inspect
	 * ("from the result file's Identifier, Title and Description",
	 * "from the Go benchmark line's name and unit"); NULL: not said.
	 * The first input that made the test names it */
	const char *named_by;
	/* Shown in a time unit chosen for its size (analysis/units.h):
	 * every value was multiplied by 10^unit_shift (0: not scaled),
	 * and the display precision it had before, its point moved
	 * (analysis.c), so each value keeps its digits */
	int unit_shift;
};

struct br_warning {
	struct br_loc loc;
	const char *msg;
	/* the test it is about, or NULL (the input as a whole): --tests
	 * hides the warnings of the tests it leaves out */
	const struct br_test *test;
	/* or, test NULL, the n_tests tests it is about (a log's line of
	 * several results): shown when any of them is selected */
	const struct br_test *const *tests;
	size_t n_tests;
};

struct br_source {
	const char *path;   /* as given on the command line; "-" for stdin */
	const char *format; /* what it was read as: "pts-xml", "tidy-csv", ... */
	const char *title;  /* the file's own title (PTS Generated/Title),
			     * or NULL: it names kept-apart systems */
	bool own_names;     /* the file names its systems itself
			     * (br_rs_scope_begin's own_names): --system
			     * does not name them */
	/* the systems this file named (made, or merged into one of an
	 * earlier file), in rs->systems: what --name names */
	size_t *systems;
	size_t n_systems;
	/* why this format's reader took the file, in words (inspect):
	 * what its detection found, or "named by --input-format"; NULL:
	 * not said */
	const char *why;
};

struct br_arena;

struct br_resultset {
	struct br_arena *arena;
	const char *title;
	const char *description;
	const char *notes;
	const char *last_modified;
	const char *test_client;
	const char *reference_id;
	const char *internal_tags;
	const char *preset_env;

	struct br_system **systems;
	size_t n_systems, cap_systems;
	struct br_test **tests;
	size_t n_tests, cap_tests;
	struct br_warning *warnings;
	size_t n_warnings, cap_warnings;
	struct br_source *sources;
	size_t n_sources, cap_sources;
	/* files a walk found and --keep-going skipped for an error (each
	 * also a warning, "skipped: ... (--keep-going)"): the summary and
	 * the command's last line say how many */
	size_t n_skipped;

	struct br_map *system_index; /* identifier -> index */
	struct br_map *test_index;   /* comparison key -> index */
	/* The selected tests were derived (analysis/derive.h: --per,
	 * --cost): "performance per dollar", "performance per core"; NULL:
	 * measured as read */
	const char *derived;
	/* The direction the user gave (--direction) for results whose
	 * input gives none, while its input is read: br_test_finish() */
	enum br_dir dir_given;
	/* The file being read (br_rs_scope_begin/end): its systems start
	 * at first_system; with isolate, a name an earlier file used
	 * makes a system of this file's own (same_prev), which the end
	 * merges or keeps apart; title is the file's title */
	struct br_rs_scope {
		size_t first_system;
		bool isolate;
		bool own_names;   /* the file names its systems */
		bool shadowed;
		const char *title;
	} scope;
};

/* --------------------------------------------------------------- arena */

/* Allocate n zeroed bytes that live as long as the arena. NULL on ENOMEM. */
void *br_arena_alloc(struct br_arena *a, size_t n);
/* Copy s (n bytes, NUL added). NULL on ENOMEM. */
char *br_arena_strndup(struct br_arena *a, const char *s, size_t n);
char *br_arena_strdup(struct br_arena *a, const char *s);
/* A string made like printf, of any length (no fixed buffer cuts a name
 * in the middle of a character). NULL on ENOMEM. */
char *br_arena_printf(struct br_arena *a, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
char *br_arena_vprintf(struct br_arena *a, const char *fmt, va_list ap)
	__attribute__((format(printf, 2, 0)));

/* The same in the heap, for text that does not outlive a call: free()
 * it.  NULL on ENOMEM. */
char *br_strf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
char *br_vstrf(const char *fmt, va_list ap)
	__attribute__((format(printf, 1, 0)));

/* The length of the longest start of s of at most max bytes that does
 * not end inside a character: for "%.*s" and copies that must stop at
 * max bytes (a name quoted short). */
size_t br_utf8_fit(const char *s, size_t max);
/* The two arguments of a "%.*s" that prints at most max bytes of s
 * without ending inside a character (s is evaluated twice). */
#define BR_UTF8_PREC(s, max) (int)br_utf8_fit((s), (max)), (s)

/* s, cut by a size-limited snprintf, loses the character cut short at
 * its end (a UTF-8 lead byte without all its continuation bytes), so a
 * fixed buffer that must stay (struct br_error) still holds valid
 * UTF-8.  A complete last character is kept. */
void br_utf8_cut(char *s);

/* ----------------------------------------------------------- resultset */

/* New empty resultset; NULL on ENOMEM.  Free with br_resultset_free(). */
struct br_resultset *br_resultset_new(void);
void br_resultset_free(struct br_resultset *rs);

/* Intern a string in rs's arena (NULL -> NULL).  NULL on ENOMEM too:
 * callers that pass non-NULL check the result. */
const char *br_rs_str(struct br_resultset *rs, const char *s);
const char *br_rs_strn(struct br_resultset *rs, const char *s, size_t n);

/* Record that path was read as format. */
int br_rs_add_source(struct br_resultset *rs, const char *path,
		     const char *format, struct br_error *err);

/* Add a warning (printf-style; loc may be NULL).  Never fails visibly:
 * on ENOMEM the warning is dropped. */
void br_rs_warn(struct br_resultset *rs, const struct br_loc *loc,
		const char *fmt, ...) __attribute__((format(printf, 3, 4)));
void br_rs_vwarn(struct br_resultset *rs, const struct br_loc *loc,
		 const char *fmt, va_list ap)
	__attribute__((format(printf, 3, 0)));
/* A warning about test t (one of rs->tests): shown only when t is
 * selected. */
void br_rs_warn_test(struct br_resultset *rs, const struct br_test *t,
		     const struct br_loc *loc, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));
/* A warning about the n tests tests[] (copied): shown only when one of
 * them is selected. */
void br_rs_vwarn_tests(struct br_resultset *rs,
		       const struct br_test *const *tests, size_t n,
		       const struct br_loc *loc, const char *fmt, va_list ap)
	__attribute__((format(printf, 5, 0)));

/*
 * Find the system named id; when absent and create is true, append a new
 * undeclared one (declared = false) at loc.  Returns its index, or
 * (size_t)-1 when absent (create false) or on ENOMEM (err set).
 */
size_t br_rs_system(struct br_resultset *rs, const char *id, bool create,
		    const struct br_loc *loc, struct br_error *err);

/*
 * One input file is read between these two calls.  isolate: the file
 * names its own systems (a PTS result file, a CSV export, a table;
 * own_names, which also keeps --system from naming them) or holds a
 * whole set of runs (go test -bench's old.txt and new.txt), so
 * a system whose identifier an earlier file used is not that file's:
 * at the end it is merged into the earlier one when neither has a
 * result for a test the other has (one run split over two files), and
 * kept apart otherwise (both marked kept_apart; br_ingest_names() names
 * them after their files).  Without isolate (raw logs: their
 * directory names the system, and runs add up across files) a name
 * finds the earlier system.  The end records the file's systems in its
 * source, the last one added.  Returns BR_OK, or BR_EIO on ENOMEM.
 */
void br_rs_scope_begin(struct br_resultset *rs, bool isolate,
		       bool own_names);
int br_rs_scope_end(struct br_resultset *rs, struct br_error *err);

/*
 * Give every system the identifier names[i] (interned here; NULL keeps
 * it) and rebuild the index by identifier.  The names must be distinct.
 * false on ENOMEM (then the model is unchanged).
 */
bool br_rs_set_names(struct br_resultset *rs, const char *const *names);

/* Index of the system named id, or (size_t)-1 when there is none. */
size_t br_rs_find_system(const struct br_resultset *rs, const char *id);

/* The value of component key in s (hardware, then software), or "". */
const char *br_system_component(const struct br_system *s, const char *key);

/*
 * The component keys of systems[0..n) (indexes into rs->systems) in order
 * of first appearance, hardware keys first: the rows of a systems table,
 * as PTS merges them.  *keys gets a malloc'd array (free with free()) of
 * strings owned by rs.  Returns the count, or (size_t)-1 on ENOMEM.
 */
size_t br_rs_component_keys(const struct br_resultset *rs,
			    const size_t *systems, size_t n,
			    const char ***keys);

/* Parse "Key: value, Key: value" (PTS component string) into pairs. */
int br_rs_parse_components(struct br_resultset *rs, const char *s,
			   struct br_kv **out, size_t *n_out,
			   struct br_error *err);

/*
 * The comparison key of a test, as PTS's comparison hash input:
 * "<identifier minus last .z>,<arguments>,<description>,<app version>,
 * <scale>", or the title in place of an empty identifier.  Returns a
 * string to free with free(), or NULL on ENOMEM.
 */
char *br_test_key(const struct br_test *t);

/* Lower-case hex SHA-1 of the comparison key (41 bytes with NUL). */
void br_test_hash(const struct br_test *t, char out[41]);

/*
 * Find the test with t's comparison key, or append a new one copied from
 * t (strings must already be interned; entries are not copied).  *created
 * says which happened.  Returns NULL on ENOMEM (err set).
 */
struct br_test *br_rs_test(struct br_resultset *rs, const struct br_test *t,
			   bool *created, struct br_error *err);

/*
 * Start a prototype test for br_rs_test(): all of *t zeroed, then
 * identifier, app_version, arguments and description "", title and scale
 * as given (NULL reads as ""), dir, display, and loc (NULL: unknown).
 * proportion, display_format, annotation, parent and x_label stay NULL,
 * which means absent.  The strings are borrowed, not copied: pass
 * interned ones or literals.  Never fails.
 */
void br_test_proto(struct br_test *t, const char *title, const char *scale,
		   enum br_dir dir, enum br_display display,
		   const struct br_loc *loc);

/* Remove every entry of test (PTS: a later Result with the same hash
 * replaces the earlier one within a file). */
void br_test_clear_entries(struct br_test *t);

/* Remove the entries from index n on (a replacement within one file that
 * keeps the entries merged from earlier files). */
void br_test_truncate_entries(struct br_test *t, size_t n);

/* Index of the entry for system in t, or (size_t)-1. */
size_t br_test_find_entry(const struct br_test *t, size_t system);

/* Append an empty entry for system.  NULL on ENOMEM. */
struct br_entry *br_test_add_entry(struct br_resultset *rs, struct br_test *t,
				   size_t system, const struct br_loc *loc,
				   struct br_error *err);

/* Append a run value to a sample. */
int br_sample_add_run(struct br_sample *s, double v, const struct br_loc *loc,
		      struct br_error *err);

/*
 * Resolution (doc/statistics.md, "Resolution"): a run of s has this
 * step (the last digit it was written with, or a tool's timer
 * resolution); s->resolution becomes it unless already finer.  A step
 * <= 0 or not finite changes nothing.
 */
void br_sample_note_step(struct br_sample *s, double step);

/* The step of a decimal number as written: 1 for "5", 0.01 for "0.37",
 * 1e-4 for "1.5e-3" (kept within 1e-300 .. 1e300); 0 when text[0..len)
 * is not one decimal number (blanks around it allowed). */
double br_num_text_step(const char *text, size_t len);

/* The step in seconds of a duration as written: that of its seconds
 * after the last ':' (1 for "26:20", 0.1 for "1:30.5"); 0 without one. */
double br_duration_step(const char *text, size_t len);


/*
 * The step of the shortest decimal (up to 15 significant digits) that
 * reads back as v: 0.01 for 0.37, 1 for 5 and 1200 (an integer is not
 * taken to be rounded to hundreds).  For readers that only have the
 * double: trailing zeros they read are lost ("5.0" gives 1), so the step
 * can be coarser than written.  0 for 0, not finite, or more digits.
 */
double br_num_step(double v);

/* Number of values behind a sample: n_runs, or the published N. */
size_t br_sample_n(const struct br_sample *s);

/*
 * Finish a test a reader has just created: parse unit from scale (the
 * part before any '|'), keep the dir and display the reader set, and
 * when dir is BR_DIR_UNKNOWN for a bar or line result, take the
 * direction the user gave (rs->dir_given), else infer it from the unit
 * (dir_inferred) or leave it unknown, with a warning to rs either way.  proportion and display_format are not read: readers of PTS
 * files convert them first (br_dir_from_proportion(),
 * br_display_from_pts()).
 */
void br_test_finish(struct br_resultset *rs, struct br_test *t);

/* t's DisplayFormat: as a PTS input wrote it, else the PTS name of its
 * display kind (br_display_pts_name). */
const char *br_test_display_format(const struct br_test *t);

/* ------------------------------------------------------------ numbers */

/*
 * Parse a decimal number occupying all of s (leading/trailing blanks
 * allowed).  Rejects "", "abc", "1,5", "nan", "inf", hex and overflow to
 * infinity.  On success *decimals (may be NULL) gets the count of digits
 * after the '.', which PTS uses for display precision.
 */
bool br_parse_number(const char *s, double *out, int *decimals);

/* s, or "" for NULL: the model's optional strings, printed. */
static inline const char *br_nz(const char *s)
{
	return s ? s : "";
}

#endif
