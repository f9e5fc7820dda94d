/*
 * ingest.c - reading inputs: files, directories (recursively, in sorted
 * order so output is stable), stdin; format detection and dispatch.
 */
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

#include "ingest_int.h"

#define DEFAULT_MAX_INPUT ((size_t)2 << 30) /* 2 GiB */
#define LOG_MAX_INPUT ((size_t)256 << 20)  /* 256 MiB: a raw log */
#define MAX_DEPTH 32

/* Every reader, in the order detection ties are broken. */
static const struct br_format formats[] = {
	{"pts-xml", br_detect_pts_xml, br_read_pts_xml, true, false},
	{"pts-csv", br_detect_pts_csv, br_read_pts_csv, true, false},
	{"pts-raw-csv", br_detect_pts_raw_csv, br_read_pts_raw_csv, true,
	 false},
	{"tidy-csv", br_detect_tidy_csv, br_read_tidy_csv, true, false},
	{"table", br_detect_table, br_read_table, true, false},
	{"numbers", br_detect_numbers, br_read_numbers, false, false},
};
#define N_FORMATS (sizeof formats / sizeof formats[0])

/*
 * Whether f's reader fails on any NUL byte, at its line, before looking
 * at anything after it: the text formats (the CSVs and tables check the
 * encoding of the whole input first, a numbers file every line before
 * the next).  Every other text format (PTS raw CSV and the raw logs) is
 * refused at its first NUL byte by br_ingest_buffer (nul_refused).  So
 * every input but PTS XML (parsed as it is read) is read only up to its
 * first NUL, and /dev/zero is refused at once, not at the cap.
 */
static bool refuses_nul(const struct br_format *f)
{
	return f->read == br_read_pts_csv || f->read == br_read_tidy_csv ||
	       f->read == br_read_table || f->read == br_read_numbers;
}

/* A raw log (ingest/logs.c): capped at LOG_MAX_INPUT. */
static bool is_log(const struct br_format *f)
{
	return f >= br_log_formats && f < br_log_formats + br_n_log_formats;
}

/* A format whose reader does not refuse NUL bytes itself (PTS raw CSV,
 * the raw logs, which would read one as a blank): the input is refused
 * at its first NUL, at that line (issue 25, item 8: a dbench log with
 * gigabytes of NUL bytes after it is no good log).  BR_OK when none. */
static int nul_refused(const struct br_format *f, const char *name,
		       const char *buf, size_t len, struct br_error *err)
{
	const char *nul;

	if (f->read == br_read_pts_xml || refuses_nul(f))
		return BR_OK;
	nul = memchr(buf, '\0', len);
	if (!nul)
		return BR_OK;
	return br_error_set(err, BR_EDATA, name,
			    br_line_of(buf, len, (size_t)(nul - buf)),
			    "NUL byte in text input");
}

void br_ingest_opts_defaults(struct br_ingest_opts *o)
{
	memset(o, 0, sizeof *o);
}

/* The i-th known format: the file formats, then the raw-log formats. */
const struct br_format *br_format_at(size_t i)
{
	if (i < N_FORMATS)
		return &formats[i];
	i -= N_FORMATS;
	return i < br_n_log_formats ? &br_log_formats[i] : NULL;
}

const char *br_ingest_format_names(void)
{
	static char names[1024];
	const struct br_format *f;
	size_t i, len = 0;

	if (!names[0])
		for (i = 0; (f = br_format_at(i)) != NULL; i++)
			len += (size_t)snprintf(names + len,
				len < sizeof names ? sizeof names - len : 0,
				"%s%s", i ? ", " : "", f->name);
	return names;
}

unsigned long br_line_of(const char *buf, size_t len, size_t off)
{
	unsigned long line = 1;
	size_t i;

	if (off > len)
		off = len;
	for (i = 0; i < off; i++)
		if (buf[i] == '\n')
			line++;
	return line;
}

/* The most likely format of buf, or NULL.  A tie goes to the reader
 * listed first, so the first one sure of it (BR_DETECT_SURE, the highest
 * score) wins without asking the rest: a PTS result file is not also
 * scanned by every log detector. */
static const struct br_format *detect(const char *buf, size_t len)
{
	const struct br_format *f = NULL, *g;
	int best = 0;
	size_t i;

	for (i = 0; best < BR_DETECT_SURE && (g = br_format_at(i)) != NULL;
	     i++) {
		int score = g->detect(buf, len);

		if (score > best) {
			best = score;
			f = g;
		}
	}
	return f;
}

/* The format called name (--input-format), or NULL. */
static const struct br_format *format_named(const char *name)
{
	const struct br_format *f = NULL, *g;
	size_t i;

	for (i = 0; (g = br_format_at(i)) != NULL; i++)
		if (!strcasecmp(name, g->name))
			f = g;
	return f;
}

/* The format the options name: --input-format, else numbers when -C or
 * -d is given (they are ministat's, for files of numbers only), else
 * NULL: detect it. */
static const char *format_wanted(const struct br_ingest_opts *o)
{
	if (o->input_format)
		return o->input_format;
	if (o->column > 0 || o->delimiters)
		return "numbers";
	return NULL;
}

int br_ingest_buffer(struct br_resultset *rs, const char *name,
		     const char *buf, size_t len,
		     const struct br_ingest_opts *o, struct br_error *err)
{
	const struct br_format *f;
	enum br_dir saved;
	int rc;

	if (format_wanted(o)) {
		f = format_named(format_wanted(o));
		if (!f)
			return br_error_set(err, BR_EUSAGE, NULL, 0,
					    "unknown input format '%s' "
					    "(known: %s)", format_wanted(o),
					    br_ingest_format_names());
	} else {
		f = detect(buf, len);
		if (!f) {
			if (len == 0)
				return br_error_set(err, BR_EDATA, name, 0,
						    "empty input");
			return br_error_set(err, BR_EDATA, name, 1,
					    "not a format benchreport reads "
					    "(known: %s)",
					    br_ingest_format_names());
		}
	}
	rc = nul_refused(f, name, buf, len, err);
	if (rc != BR_OK)
		return rc;
	saved = rs->dir_given;
	rs->dir_given = o->direction;
	br_rs_scope_begin(rs, f->own_names || f->whole_set, f->own_names);
	rc = f->read(rs, name, buf, len, o, err);
	rs->dir_given = saved;
	if (rc != BR_OK)
		return rc;
	rc = br_rs_add_source(rs, name, f->name, err);
	if (rc == BR_OK)   /* what inspect says of why this reader */
		rs->sources[rs->n_sources - 1].why = format_wanted(o) ?
			"named by --input-format" : br_format_why(f->name);
	return rc == BR_OK ? br_rs_scope_end(rs, err) : rc;
}

#define SNIFF_BYTES 65536 /* detectors look at the first few KiB only */

/* fread until n bytes or the end: how many were read. */
static size_t read_full(FILE *fp, char *buf, size_t n)
{
	size_t got = 0, k;

	while (got < n && (k = fread(buf + got, 1, n - got, fp)) > 0)
		got += k;
	return got;
}

static int read_error(const char *name, struct br_error *err)
{
	return br_error_set(err, BR_EIO, name, 0, "read error: %s",
			    strerror(errno));
}

/*
 * The rest of fp after buf[0..n) (capacity *cap + 1), at most max bytes
 * in all, counted as they are read: a regular file, standard input, a
 * FIFO or a device alike, whatever its size said.  buf is grown as
 * needed; a regular file's size (size, or 0) sizes it at once.  at_nul:
 * stop after the read that brought the first NUL byte (*cut set), for
 * a reader that refuses it anyway.
 */
static int read_rest(FILE *fp, const char *name, size_t max, size_t size,
		     bool at_nul, char **buf, size_t *n, size_t *cap,
		     bool *cut, struct br_error *err)
{
	*cut = at_nul && memchr(*buf, '\0', *n) != NULL;
	while (!*cut) {
		size_t got;

		if (*n == *cap) {
			size_t ncap = size > *cap ? size : *cap * 2;
			int c = getc(fp);
			char *nb;

			if (c == EOF)
				break;
			ungetc(c, fp);
			if (*cap >= max)
				return br_error_set(err, BR_EDATA, name, 0,
						    "input larger than %zu "
						    "bytes", max);
			ncap = ncap > max ? max : ncap;
			nb = realloc(*buf, ncap + 1);
			if (!nb)
				return br_error_set(err, BR_EIO, name, 0,
						    "out of memory");
			*buf = nb;
			*cap = ncap;
		}
		got = read_full(fp, *buf + *n, *cap - *n);
		*cut = at_nul && memchr(*buf + *n, '\0', got) != NULL;
		*n += got;
		if (*n < *cap)
			break;
	}
	if (ferror(fp))
		return read_error(name, err);
	(*buf)[*n] = '\0';
	return BR_OK;
}

/* Say that path, found by a walk, was skipped (one warning line). */
static void skipped(struct br_resultset *rs, const char *path,
		    const char *why)
{
	struct br_loc loc = {br_rs_str(rs, path), 0};

	br_rs_warn(rs, &loc, "skipped: %s", why);
}

/* What a file that is neither regular nor a directory is, in words. */
static const char *kind_of(mode_t mode)
{
	if (S_ISFIFO(mode))
		return "a FIFO, not a regular file";
	if (S_ISSOCK(mode))
		return "a socket, not a regular file";
	if (S_ISCHR(mode) || S_ISBLK(mode))
		return "a device, not a regular file";
	return "not a regular file";
}

/*
 * Open path for reading.  Named on the command line (walked false) it
 * may be anything readable: a FIFO such as bash's <(cmd) is waited for
 * and read, a device is read, both up to the cap.  Found by a walk, only
 * a regular file is read: the open does not wait (a FIFO would wait for
 * a writer forever) and the file is checked once open, in case it
 * changed since the walk looked at it.  NULL with *why set: skip it.
 */
static FILE *open_input(const char *path, bool walked, const char **why,
			struct br_error *err)
{
	struct stat st;
	FILE *fp;
	int fd, fl;

	*why = NULL;
	if (!walked) {
		fp = fopen(path, "rb");
		if (!fp)
			br_error_set(err, BR_EIO, path, 0, "cannot open: %s",
				     strerror(errno));
		return fp;
	}
	fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY);
	if (fd < 0) {
		br_error_set(err, BR_EIO, path, 0, "cannot open: %s",
			     strerror(errno));
		return NULL;
	}
	if (fstat(fd, &st) != 0) {
		br_error_set(err, BR_EIO, path, 0, "cannot open: %s",
			     strerror(errno));
		close(fd);
		return NULL;
	}
	if (!S_ISREG(st.st_mode)) {
		*why = kind_of(st.st_mode);
		close(fd);
		return NULL;
	}
	fl = fcntl(fd, F_GETFL);
	if (fl != -1)
		fcntl(fd, F_SETFL, fl & ~O_NONBLOCK);
	fp = fdopen(fd, "rb");
	if (!fp) {
		br_error_set(err, BR_EIO, path, 0, "cannot open: %s",
			     strerror(errno));
		close(fd);
	}
	return fp;
}

/*
 * One input file (or stdin).  Its first 64 KiB decide the format, so a
 * gigabyte of something else is refused after reading 64 KiB.  A PTS
 * result file is then parsed as it is read, never held whole; other
 * formats are read whole first, up to the cap (LOG_MAX_INPUT for a raw
 * log), and stop at their first NUL byte (refused at its line).  in_dir:
 * the file was found by walking a directory.  There a file that is not
 * a known format (a README, a script) is skipped with a warning, unless
 * --input-format was given; named on the command line it is an error.
 */
static int ingest_file(struct br_resultset *rs, const char *path,
		       bool in_dir, const struct br_ingest_opts *o,
		       struct br_error *err)
{
	size_t max = o->max_input_bytes ? o->max_input_bytes : DEFAULT_MAX_INPUT;
	bool is_stdin = strcmp(path, "-") == 0, cut = false;
	const char *name = is_stdin ? "<stdin>" : path, *why = NULL;
	FILE *fp = is_stdin ? stdin : open_input(path, in_dir, &why, err);
	const struct br_format *f;
	size_t n, cap = SNIFF_BYTES, size = 0;
	struct stat st;
	char *buf = NULL;
	int rc;

	if (!fp) {
		if (!why)
			return err->code;
		skipped(rs, path, why);
		return BR_OK;
	}
	if (!is_stdin && o->on_path)
		o->on_path(o->on_path_ctx, path, false);
	if (fstat(fileno(fp), &st) == 0 && S_ISREG(st.st_mode)) {
		if ((unsigned long long)st.st_size > max) {
			rc = br_error_set(err, BR_EDATA, name, 0, "input "
					  "larger than %zu bytes", max);
			goto out;
		}
		size = (size_t)st.st_size;
	}
	if (cap > max)
		cap = max;
	buf = malloc(cap + 1);
	if (!buf) {
		rc = br_error_set(err, BR_EIO, name, 0, "out of memory");
		goto out;
	}
	n = read_full(fp, buf, cap);
	if (ferror(fp)) {
		rc = read_error(name, err);
		goto out;
	}
	f = format_wanted(o) ? format_named(format_wanted(o)) : detect(buf, n);
	if (!f && in_dir && !format_wanted(o)) {
		struct br_loc loc = {br_rs_str(rs, name), 0};

		br_rs_warn(rs, &loc, "skipped: not a format benchreport reads");
		rc = BR_OK;
		goto out;
	}
	if (f && f->read == br_read_pts_xml && n == cap) {
		br_rs_scope_begin(rs, f->own_names || f->whole_set,
				  f->own_names);
		rc = br_read_pts_xml_stream(rs, name, buf, n, fp, max, o, err);
		if (rc == BR_OK)
			rc = br_rs_add_source(rs, name, f->name, err);
		if (rc == BR_OK)
			rs->sources[rs->n_sources - 1].why = format_wanted(o)
				? "named by --input-format"
				: br_format_why(f->name);
		if (rc == BR_OK)
			rc = br_rs_scope_end(rs, err);
		goto out;
	}
	if (f && is_log(f) && max > LOG_MAX_INPUT)
		max = LOG_MAX_INPUT;
	if (f && size > max) {
		rc = br_error_set(err, BR_EDATA, name, 0, "input larger than "
				  "%zu bytes", max);
		goto out;
	}
	/* Not a format: the first 64 KiB are enough to say so. */
	rc = f && n == cap ? read_rest(fp, name, max, size, true, &buf, &n,
				       &cap, &cut, err) : BR_OK;
	if (rc == BR_OK) {
		buf[n] = '\0';
		rc = br_ingest_buffer(rs, name, buf, n, o, err);
		/* The reader refuses the NUL the read stopped at; should one
		 * not, the rest was never read: never take that as read. */
		if (rc == BR_OK && cut)
			rc = br_error_set(err, BR_EDATA, name, 0,
					  "NUL byte in text input");
	}
out:
	free(buf);
	if (!is_stdin)
		fclose(fp);
	return rc;
}

static bool br_grow_names(char ***names, size_t *cap)
{
	size_t ncap = *cap ? *cap * 2 : 16;
	char **p = realloc(*names, ncap * sizeof *p);

	if (!p)
		return false;
	*names = p;
	*cap = ncap;
	return true;
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/*
 * Directory walks.  A walk reads regular files and directories, and
 * nothing else: a FIFO, socket or device found in a directory is skipped
 * with a warning naming it (opening a FIFO would wait for a writer
 * forever; one named on the command line, e.g. bash's <(cmd), is read).
 *
 * A directory is never entered from inside itself: one that is being
 * read already, or that holds one being read (a symbolic link to ".",
 * "..", the root of the walk or "/"), would loop, and is skipped with a
 * warning, as is a symbolic link that never resolves (ELOOP) and one
 * whose target does not exist.  So are this run's outputs (o->skip):
 * a walk never reads the file it will replace.  The
 * directories are told apart by device and inode, so no spelling of a
 * path fools the check: the walk keeps the directories it is in, and for
 * its root and every directory it entered through a symbolic link, that
 * directory's parents up to "/", read as the system sees them ("..").
 * A directory reached twice without a loop (two links to it) is read
 * twice, as if given twice.
 */
struct dir_id {
	dev_t dev;
	ino_t ino;
};

struct walk {
	struct dir_id *in;  /* see above: a stack, popped as dirs end */
	size_t n, cap;
};

#define MAX_PARENTS 4096 /* parents followed up to "/" (PATH_MAX / 1) */

static bool walk_push(struct walk *w, const struct stat *st)
{
	if (w->n == w->cap) {
		size_t ncap = w->cap ? w->cap * 2 : 32;
		struct dir_id *p = realloc(w->in, ncap * sizeof *p);

		if (!p)
			return false;
		w->in = p;
		w->cap = ncap;
	}
	w->in[w->n].dev = st->st_dev;
	w->in[w->n].ino = st->st_ino;
	w->n++;
	return true;
}

static bool walk_is_in(const struct walk *w, const struct stat *st)
{
	size_t i;

	for (i = 0; i < w->n; i++)
		if (w->in[i].dev == st->st_dev && w->in[i].ino == st->st_ino)
			return true;
	return false;
}

/* Push directory path (st) and its parents up to "/".  false: ENOMEM. */
static bool walk_push_parents(struct walk *w, const char *path,
			      const struct stat *st)
{
	size_t len = strlen(path), i;
	struct stat up, cur = *st;
	char *p = malloc(len + 3 * MAX_PARENTS + 1);
	bool ok = p != NULL;

	if (!ok)
		return false;
	memcpy(p, path, len + 1);
	for (i = 0; i < MAX_PARENTS; i++) {
		memcpy(p + len, "/..", 4);
		len += 3;
		if (stat(p, &up) != 0 ||
		    (up.st_dev == cur.st_dev && up.st_ino == cur.st_ino))
			break; /* "/" (its own parent), or unreadable */
		if (!(ok = walk_push(w, &up)))
			break;
		cur = up;
	}
	free(p);
	return ok;
}

/*
 * Names a walk never reads: "." and "..", hidden files (a leading '.'),
 * which include the temporary files of the output writer
 * (".benchreport-tmp.XXXXXX", render/output/output.h) and its manifest, and
 * "NAME.tmp.XXXXXX" with six letters or digits, as mkstemp made them:
 * the temporary files of earlier versions.  A run killed before its
 * rename (SIGKILL, a crash, a power cut) leaves one behind, and a later
 * walk must not take a half-written output for an input.
 */
static bool walk_skips_name(const char *name)
{
	size_t len = strlen(name), i;

	if (name[0] == '.')
		return true;
	if (len < 11 || memcmp(name + len - 11, ".tmp.", 5) != 0)
		return false;
	for (i = len - 6; i < len; i++)
		if (!isalnum((unsigned char)name[i]))
			return false;
	return true;
}

static int ingest_dir(struct br_resultset *rs, const char *path, int depth,
		      struct walk *w, const struct br_ingest_opts *o,
		      struct br_error *err);

/* Why the walk leaves out the file st (an output of this run), or NULL;
 * dir and name: an output not made yet, by its directory and name. */
static const char *left_out(const struct br_ingest_opts *o,
			    const struct stat *st, const char *name)
{
	size_t i;

	for (i = 0; i < o->n_skip; i++) {
		const struct br_ingest_skip *k = &o->skip[i];

		if (k->dev == st->st_dev && k->ino == st->st_ino &&
		    (name ? k->name && !strcmp(k->name, name) : !k->name))
			return k->why;
	}
	return NULL;
}

/*
 * A file found by a walk, under --keep-going: read into a resultset of
 * its own first; one that fails there (unreadable, or refused by its
 * reader) is skipped with its error as a warning, "skipped: ...
 * (--keep-going)", the rest of the run goes on.  One that reads is read
 * again into rs, so that nothing of a refused file is ever kept.
 */
static int ingest_checked(struct br_resultset *rs, const char *path,
			  const struct br_ingest_opts *o, struct br_error *err)
{
	struct br_resultset *t = br_resultset_new();
	struct br_ingest_opts quiet = *o;
	struct br_loc loc = {NULL, 0};
	struct br_error e;
	size_t n = strlen(path);
	int rc;

	if (!t)
		return br_error_set(err, BR_EIO, path, 0, "out of memory");
	br_error_clear(&e);
	quiet.on_path = NULL;      /* said once, by the read that counts */
	t->dir_given = rs->dir_given;
	rc = ingest_file(t, path, true, &quiet, &e);
	br_resultset_free(t);
	if (rc == BR_OK)
		return ingest_file(rs, path, true, o, err);
	if (rc != BR_EDATA && rc != BR_EIO) {
		*err = e;
		return rc;
	}
	if (o->on_path)            /* a fixed file rebuilds (--depfile) */
		o->on_path(o->on_path_ctx, path, false);
	loc.file = br_rs_str(rs, path);
	if (!strncmp(e.where, path, n) && e.where[n] == ':')
		loc.line = strtoul(e.where + n + 1, NULL, 10);
	br_rs_warn(rs, &loc, "skipped: %s (--keep-going)", e.msg);
	rs->n_skipped++;
	return BR_OK;
}

/* A file or directory found by a walk that is not to be read (a FIFO,
 * a dangling link, an output of this run): say why, return true. */
static bool walk_passes(struct br_resultset *rs, const char *path,
			const struct br_ingest_opts *o, int stat_rc,
			const struct stat *st)
{
	const char *why = NULL;
	struct stat lst;

	if (stat_rc != 0) {
		if (errno == ELOOP)
			why = "a symbolic link loop";
		else if (errno == ENOENT && lstat(path, &lst) == 0 &&
			 S_ISLNK(lst.st_mode))
			why = "a symbolic link to nothing (its target does "
			      "not exist)";
	} else if ((why = left_out(o, st, NULL)) == NULL &&
		   !S_ISDIR(st->st_mode) && !S_ISREG(st->st_mode)) {
		why = kind_of(st->st_mode);
	}
	if (why)
		skipped(rs, path, why);
	return why != NULL;
}

static int ingest_any(struct br_resultset *rs, const char *path, int depth,
		      struct walk *w, const struct br_ingest_opts *o,
		      struct br_error *err)
{
	struct stat st, lst;
	size_t n0 = w->n;
	int rc, e;

	if (strcmp(path, "-") == 0)
		return ingest_file(rs, path, false, o, err);
	rc = stat(path, &st);
	e = errno;
	if (depth > 0 && walk_passes(rs, path, o, rc, &st))
		return BR_OK;
	if (rc != 0)
		return br_error_set(err, BR_EIO, path, 0, "cannot open: %s",
				    strerror(e));
	if (!S_ISDIR(st.st_mode)) {
		if (depth > 0 && o->keep_going)
			return ingest_checked(rs, path, o, err);
		return ingest_file(rs, path, depth > 0, o, err);
	}
	if (walk_is_in(w, &st)) {
		skipped(rs, path, "a symbolic link loop (back into a "
			"directory being read)");
		return BR_OK;
	}
	/* The root and a directory entered through a link: its parents
	 * too (see struct walk). */
	if (!walk_push(w, &st) ||
	    ((depth == 0 || (lstat(path, &lst) == 0 && S_ISLNK(lst.st_mode))) &&
	     !walk_push_parents(w, path, &st)))
		rc = br_error_set(err, BR_EIO, path, 0, "out of memory");
	else
		rc = ingest_dir(rs, path, depth, w, o, err);
	w->n = n0;
	return rc;
}

static int ingest_dir(struct br_resultset *rs, const char *path, int depth,
		      struct walk *w, const struct br_ingest_opts *o,
		      struct br_error *err)
{
	DIR *d;
	struct dirent *de;
	struct stat ds;
	char **names = NULL;
	size_t n = 0, cap = 0, i;
	int rc = BR_OK;

	if (depth > MAX_DEPTH)
		return br_error_set(err, BR_EDATA, path, 0,
				    "directories nested too deeply");
	d = opendir(path);
	if (!d)
		return br_error_set(err, BR_EIO, path, 0, "cannot open: %s",
				    strerror(errno));
	if (o->on_path)
		o->on_path(o->on_path_ctx, path, true);
	if (o->n_skip && fstat(dirfd(d), &ds) != 0)
		memset(&ds, 0, sizeof ds);
	while ((de = readdir(d)) != NULL) {
		char *full;
		size_t len;

		if (walk_skips_name(de->d_name))
			continue;
		/* an output not made when the run began, made since */
		if (o->n_skip && left_out(o, &ds, de->d_name))
			continue;
		len = strlen(path) + strlen(de->d_name) + 2;
		full = malloc(len);
		if (!full || (n == cap && !br_grow_names(&names, &cap))) {
			free(full);
			rc = br_error_set(err, BR_EIO, path, 0, "out of memory");
			break;
		}
		snprintf(full, len, "%s%s%s", path,
			 path[strlen(path) - 1] == '/' ? "" : "/", de->d_name);
		names[n++] = full;
	}
	closedir(d);
	if (rc == BR_OK) {
		if (n)  /* an empty directory: names is NULL */
			qsort(names, n, sizeof *names, cmp_str);
		for (i = 0; i < n && rc == BR_OK; i++)
			rc = ingest_any(rs, names[i], depth + 1, w, o, err);
	}
	for (i = 0; i < n; i++)
		free(names[i]);
	free(names);
	return rc;
}

int br_ingest_path(struct br_resultset *rs, const char *path,
		   const struct br_ingest_opts *o, struct br_error *err)
{
	struct walk w = {NULL, 0, 0};
	enum br_dir saved = rs->dir_given;
	int rc;

	/* --direction for what this path holds (br_test_finish) */
	rs->dir_given = o->direction;
	rc = ingest_any(rs, path, 0, &w, o, err);
	rs->dir_given = saved;
	free(w.in);
	return rc;
}
