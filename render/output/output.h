/*
 * output.h - where bytes go.
 *
 * A regular file (or a new one) is written to a temporary file in its
 * directory and renamed into place on success, so a failed run never
 * leaves a partial file and parallel builds never see one.  A symlink is
 * followed: its target is replaced, the link stays.  An existing file
 * keeps its mode (and, for root, its owner).  A symlink another user
 * planted in a sticky world-writable directory is not followed
 * (br_out_link_check): the kernel's protected_symlinks rule, which the
 * rename would otherwise get round.
 *
 * Anything else is not a place to put a file but something to write
 * into, opened and written in place, never replaced: a character or
 * block device (/dev/null, /dev/full), a FIFO, a file under /proc or
 * /dev/fd, and whatever standard output or standard error is (-o
 * /dev/stdout writes to standard output as the shell opened it).  A
 * socket cannot be opened: an error.  "-" means stdout.  A write error
 * is reported by br_out_commit() with its cause ("No space left on
 * device"); the writers see none half-way.
 *
 * Temporary files are named BR_OUT_TMP_PREFIX plus six random characters
 * (hidden, and short whatever the final name, so they fit wherever the
 * final name does).  br_out_catch_signals() makes SIGINT, SIGTERM,
 * SIGHUP, SIGQUIT, SIGPIPE, SIGALRM, SIGUSR1 and SIGUSR2 remove every
 * temporary file (and a directory br_outdir_open() created) before the
 * process dies of the signal, and ignores SIGXFSZ, so that a write
 * beyond a file size limit (ulimit -f) fails with EFBIG: an I/O error,
 * exit 3, the temporary file removed.
 */
#ifndef BR_OUTPUT_H
#define BR_OUTPUT_H

#include <stdbool.h>
#include <stdio.h>
#include <sys/types.h>

#include "../../model/model.h"

#define BR_OUT_TMP_PREFIX ".benchreport-tmp."
#define BR_OUT_TMP_SIZE 24    /* the prefix, 6 random characters, NUL */
#define BR_OUT_MANIFEST ".benchreport-manifest"

struct br_outdir;
struct br_out_sink;

struct br_out {
	FILE *fp;        /* write here */
	char *path;      /* destination as given, or NULL for stdout ("-") */
	int kind;        /* how it is written (output.c); 0: nothing open */
	int dirfd;       /* a temporary file's directory */
	char *name;      /* the final name in dirfd (symlinks followed) */
	char tmp[BR_OUT_TMP_SIZE];  /* the temporary file's name in dirfd */
	int slot;        /* its entry in the signal handler's list, + 1 */
	struct br_outdir *dir;      /* br_outdir_file(): the set it is in */
	struct br_out_sink *sink;   /* under fp: its descriptor, its error */
};

/* Open an output for path ("-" = stdout).  BR_EIO on failure. */
int br_out_open(struct br_out *o, const char *path, struct br_error *err);

/* Flush, close and rename into place (a br_outdir_file(): hand it to
 * its set).  On failure removes the temporary file and returns BR_EIO;
 * standard output's error is "cannot write standard output: ...".
 * Always releases o. */
int br_out_commit(struct br_out *o, struct br_error *err);

/* Whether o is a file written to a temporary file and renamed into place
 * (not standard output, a device or a FIFO, which are written in place). */
bool br_out_is_file(const struct br_out *o);

/* Discard: close and remove the temporary file.  Safe to call twice,
 * and on a zeroed struct. */
void br_out_abort(struct br_out *o);

/*
 * A set of files written into one directory (render -o DIR/) that
 * replaces, as a whole, the set the last run wrote there.  Every file
 * goes to a temporary file in DIR; nothing visible changes until
 * br_outdir_commit(), which (signals held) renames them all into place
 * again.  The set is listed in DIR/BR_OUT_MANIFEST, each file with its
 * size, modification time and inode as written; files not listed there
 * (a README someone put in DIR) are never touched, and a listed one only
 * while it is as written (br_outdir_set_inputs below).  A failed run
 * (br_outdir_abort) leaves DIR as it was, and removes DIR if
 * br_outdir_open() created it.
 *
 * If a rename fails in the commit (it needs no data blocks, but a full
 * directory can refuse a new entry), the files not yet moved are removed,
 * DIR holds this run's files moved so far and the last run's others, the
 * manifest lists both, and BR_EIO says so: the next successful run
 * removes what is stale.
 */
int br_outdir_open(struct br_outdir **d, const char *dir,
		   struct br_error *err);
/* Open file name (no '/') of the set: o->fp is its temporary file;
 * br_out_commit(o) adds it to the set, br_out_abort(o) drops it. */
int br_outdir_file(struct br_outdir *d, const char *name, struct br_out *o,
		   struct br_error *err);
/* A file of the last run's set is removed only while it is as this
 * program wrote it (the manifest records size, time and inode), is not
 * one of the inputs (ids, which must outlive d) and the manifest is
 * this user's; each listed file kept is one line to warn (DIR/NAME:
 * why), when set. */
struct br_out_id {
	dev_t dev;
	ino_t ino;
};
void br_outdir_set_inputs(struct br_outdir *d, const struct br_out_id *ids,
			  size_t n);
void br_outdir_set_warn(struct br_outdir *d,
			void (*warn)(void *ctx, const char *line), void *ctx);
/* Put the set in place (see above).  Always frees d. */
int br_outdir_commit(struct br_outdir *d, struct br_error *err);
/* Remove every file of the set; DIR is as before.  Frees d; NULL ok. */
void br_outdir_abort(struct br_outdir *d);

/*
 * The kernel's protected_symlinks rule for every symbolic link on path
 * (links.c): one in a sticky world-writable directory is followed only
 * when this process's user or the directory's owner owns it.  BR_OK, or
 * BR_EIO with err set ("cannot write: not following a symbolic link of
 * another user (uid N) in a sticky world-writable directory").  The
 * outputs (br_out_open, br_outdir_open) check their path with it.
 */
int br_out_link_check(const char *path, struct br_error *err);

/* Install the handlers that remove temporary files on SIGINT, SIGTERM,
 * SIGHUP, SIGQUIT, SIGPIPE, SIGALRM, SIGUSR1 and SIGUSR2, then die of
 * the signal (a signal that is ignored, as SIGHUP under nohup, stays
 * ignored); ignore SIGXFSZ (writes fail with EFBIG).  For main(). */
void br_out_catch_signals(void);

/* Remove every temporary file now (what the handlers do); for tests. */
void br_out_remove_temps(void);

#endif
