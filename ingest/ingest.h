/*
 * ingest.h - bytes -> model.  Every input format is detected from its
 * content (or named with --input-format) and read into a br_resultset.
 * Several inputs may be read into one resultset: results with the same
 * comparison key merge as PTS's merge-results does.
 *
 * Errors: BR_EDATA with "FILE:LINE" and a one-line message for bad input,
 * BR_EIO for unreadable files.  On error the resultset may hold part of
 * the input; callers discard it.
 */
#ifndef BR_INGEST_H
#define BR_INGEST_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

#include "../model/model.h"

struct br_ingest_opts {
	const char *input_format; /* NULL: detect from content */
	const char *system;       /* --system NAME for raw logs, or NULL */
	enum br_dir direction;    /* --direction for results whose input
				     gives none, or BR_DIR_UNKNOWN */
	const char *test;         /* --test NAME: the test of a hyperfine
				     JSON or a numbers file, or NULL */
	int column;               /* -C N: numbers files read column N
				     (1-based); 0: the first */
	const char *delimiters;   /* -d CHARS: numbers files' column
				     separators; NULL: space and tab */
	size_t max_input_bytes;   /* 0: the default cap (2 GiB) */
	/* Called with every file about to be read and every directory
	 * walked (never stdin), e.g. to write a dependency file.  NULL:
	 * none. */
	void (*on_path)(void *ctx, const char *path, bool is_dir);
	void *on_path_ctx;
	/* The files a directory walk leaves out: this run's outputs (-o,
	 * --depfile), so that it never reads what it will replace, nor a
	 * second run its own output.  NULL: none. */
	const struct br_ingest_skip *skip;
	size_t n_skip;
	/* --keep-going: a file found by a walk that cannot be read, or
	 * that its reader refuses, is skipped with its error as a warning
	 * ("skipped: ... (--keep-going)"), not the end of the run. */
	bool keep_going;
};

/*
 * A file a walk leaves out, told apart by device and inode: the file
 * itself when it exists (a directory for render -o DIR/), else the
 * directory it will be made in and its name there (name non-NULL).
 * why: the warning's words ("the output of this run (-o)").
 */
struct br_ingest_skip {
	dev_t dev;
	ino_t ino;
	const char *name;
	const char *why;
};

void br_ingest_opts_defaults(struct br_ingest_opts *o);

/*
 * Read path (a file, a directory read recursively, or "-" for stdin) into
 * rs.  Returns BR_OK or an error code with err filled.
 */
int br_ingest_path(struct br_resultset *rs, const char *path,
		   const struct br_ingest_opts *o, struct br_error *err);

/*
 * Read an in-memory input named name (used in messages).  buf need not be
 * NUL-terminated.  format NULL: detect.
 */
int br_ingest_buffer(struct br_resultset *rs, const char *name,
		     const char *buf, size_t len,
		     const struct br_ingest_opts *o, struct br_error *err);

/* --name FILE=LABEL and --rename OLD=NEW, each as given. */
struct br_naming {
	const char *const *names;
	size_t n_names;
	const char *const *renames;
	size_t n_renames;
};

/*
 * After every input is read, the systems' final names (names.c;
 * doc/design.md, "Two files of one machine"): systems kept apart named
 * after their files, with one warning saying how; then --name, then
 * --rename.  Each renamed system's renamed_by says how.  A FILE or OLD
 * that names nothing, a malformed argument and a new name another
 * system has are BR_EUSAGE errors of one line; opt may be empty.
 */
int br_ingest_names(struct br_resultset *rs, const struct br_naming *opt,
		    struct br_error *err);

/* Comma-separated names of the formats --input-format accepts. */
const char *br_ingest_format_names(void);

#endif
