/*
 * ingest.c - reading inputs: files, directories (recursively, in sorted
 * order so output is stable), stdin; format detection and dispatch.
 */
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>

#include "ingest_int.h"

#define DEFAULT_MAX_INPUT ((size_t)2 << 30) /* 2 GiB */
#define MAX_DEPTH 32

/* Every reader, in the order detection ties are broken. */
static const struct br_format formats[] = {
	{"pts-xml", br_detect_pts_xml, br_read_pts_xml},
	{"pts-csv", br_detect_pts_csv, br_read_pts_csv},
	{"tidy-csv", br_detect_tidy_csv, br_read_tidy_csv},
	{"table", br_detect_table, br_read_table},
	{"numbers", br_detect_numbers, br_read_numbers},
};
#define N_FORMATS (sizeof formats / sizeof formats[0])

void br_ingest_opts_defaults(struct br_ingest_opts *o)
{
	memset(o, 0, sizeof *o);
}

/* The i-th known format: the file formats, then the raw-log formats. */
static const struct br_format *format_at(size_t i)
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
		for (i = 0; (f = format_at(i)) != NULL; i++)
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

/* The most likely format of buf, or NULL. */
static const struct br_format *detect(const char *buf, size_t len)
{
	const struct br_format *f = NULL, *g;
	int best = 0;
	size_t i;

	for (i = 0; (g = format_at(i)) != NULL; i++) {
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

	for (i = 0; (g = format_at(i)) != NULL; i++)
		if (!strcasecmp(name, g->name))
			f = g;
	return f;
}

int br_ingest_buffer(struct br_resultset *rs, const char *name,
		     const char *buf, size_t len,
		     const struct br_ingest_opts *o, struct br_error *err)
{
	const struct br_format *f;
	int rc;

	if (o->input_format) {
		f = format_named(o->input_format);
		if (!f)
			return br_error_set(err, BR_EUSAGE, NULL, 0,
					    "unknown input format '%s' "
					    "(known: %s)", o->input_format,
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
	rc = f->read(rs, name, buf, len, o, err);
	if (rc != BR_OK)
		return rc;
	return br_rs_add_source(rs, name, f->name, err);
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
 * in all; buf is grown as needed.  A regular file's size (size, or 0)
 * sizes it at once.
 */
static int read_rest(FILE *fp, const char *name, size_t max, size_t size,
		     char **buf, size_t *n, size_t *cap, struct br_error *err)
{
	for (;;) {
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
		*n += got;
		if (*n < *cap)
			break;
	}
	if (ferror(fp))
		return read_error(name, err);
	(*buf)[*n] = '\0';
	return BR_OK;
}

/*
 * One input file (or stdin).  Its first 64 KiB decide the format, so a
 * gigabyte of something else is refused after reading 64 KiB.  A PTS
 * result file is then parsed as it is read, never held whole; other
 * formats are read whole first.  in_dir: the file was found by walking a
 * directory.  There a file that is not a known format (a README, a
 * script) is skipped with a warning, unless --input-format was given;
 * named on the command line it is an error.
 */
static int ingest_file(struct br_resultset *rs, const char *path,
		       bool in_dir, const struct br_ingest_opts *o,
		       struct br_error *err)
{
	size_t max = o->max_input_bytes ? o->max_input_bytes : DEFAULT_MAX_INPUT;
	bool is_stdin = strcmp(path, "-") == 0;
	const char *name = is_stdin ? "<stdin>" : path;
	FILE *fp = is_stdin ? stdin : fopen(path, "rb");
	const struct br_format *f;
	size_t n, cap = SNIFF_BYTES, size = 0;
	struct stat st;
	char *buf = NULL;
	int rc;

	if (!fp)
		return br_error_set(err, BR_EIO, path, 0, "cannot open: %s",
				    strerror(errno));
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
	f = o->input_format ? format_named(o->input_format) : detect(buf, n);
	if (!f && in_dir && !o->input_format) {
		struct br_loc loc = {br_rs_str(rs, name), 0};

		br_rs_warn(rs, &loc, "skipped: not a format benchreport reads");
		rc = BR_OK;
		goto out;
	}
	if (f && f->read == br_read_pts_xml && n == cap) {
		rc = br_read_pts_xml_stream(rs, name, buf, n, fp, max, o, err);
		if (rc == BR_OK)
			rc = br_rs_add_source(rs, name, f->name, err);
		goto out;
	}
	/* Not a format: the first 64 KiB are enough to say so. */
	rc = f && n == cap ? read_rest(fp, name, max, size, &buf, &n, &cap,
				       err) : BR_OK;
	if (rc == BR_OK) {
		buf[n] = '\0';
		rc = br_ingest_buffer(rs, name, buf, n, o, err);
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

static int ingest_dir(struct br_resultset *rs, const char *path, int depth,
		      const struct br_ingest_opts *o, struct br_error *err);

static int ingest_any(struct br_resultset *rs, const char *path, int depth,
		      const struct br_ingest_opts *o, struct br_error *err)
{
	struct stat st;

	if (strcmp(path, "-") == 0)
		return ingest_file(rs, path, false, o, err);
	if (stat(path, &st) != 0)
		return br_error_set(err, BR_EIO, path, 0, "cannot open: %s",
				    strerror(errno));
	if (S_ISDIR(st.st_mode))
		return ingest_dir(rs, path, depth, o, err);
	return ingest_file(rs, path, depth > 0, o, err);
}

static int ingest_dir(struct br_resultset *rs, const char *path, int depth,
		      const struct br_ingest_opts *o, struct br_error *err)
{
	DIR *d;
	struct dirent *de;
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
	while ((de = readdir(d)) != NULL) {
		char *full;
		size_t len;

		if (de->d_name[0] == '.')
			continue; /* ., .., hidden files */
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
		qsort(names, n, sizeof *names, cmp_str);
		for (i = 0; i < n && rc == BR_OK; i++)
			rc = ingest_any(rs, names[i], depth + 1, o, err);
	}
	for (i = 0; i < n; i++)
		free(names[i]);
	free(names);
	return rc;
}

int br_ingest_path(struct br_resultset *rs, const char *path,
		   const struct br_ingest_opts *o, struct br_error *err)
{
	return ingest_any(rs, path, 0, o, err);
}
