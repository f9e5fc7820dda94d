/*
 * log_bonnie.c - bonnie++ CSV lines (what -q prints on stdout, and the
 * last line of the normal report), in the layouts of bonnie++ 1.0x and
 * of 1.96 and later:
 *
 *   1.0x  name,size,putc,%cpu,block,%cpu,rewrite,%cpu,getc,%cpu,
 *         block,%cpu,seeks,%cpu,files,create,%cpu,... (27 fields)
 *   1.96  1.96,1.96,name,concurrency,seed,size,chunk,putc,%cpu,...,
 *   1.97  files,max,min,dirs,chunk,create,%cpu,...,12 latencies
 *   1.98  1.98,2.00a,name,concurrency,seed,size,chunk,seeks,seek procs,
 *         putc,%cpu,... (two more fields before the results)
 *
 * Throughputs are K/sec, which bonnie++ computes with 1024-byte K: KiB/s.
 * "+++++" means the test ran too fast to measure: no value (a warning
 * says so).  An empty field means the test was not run.  Latencies
 * (1.96+) carry their unit: "2125us", "4693ms", "2s".
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "log_int.h"

#define MAX_FIELDS 64

static const char *const io_names[6] = {
	"Sequential Output - Per Char", "Sequential Output - Block",
	"Sequential Output - Rewrite", "Sequential Input - Per Char",
	"Sequential Input - Block", "Random Seeks",
};

static const char *const file_names[6] = {
	"Sequential Create - Create", "Sequential Create - Read",
	"Sequential Create - Delete", "Random Create - Create",
	"Random Create - Read", "Random Create - Delete",
};

/* Where things are in one layout (field indexes; -1: absent). */
struct layout {
	const char *name;
	int size, conc, io, files, n_files_fields, file, lat, n_fields;
};

static const struct layout l103 = {"1.0x", 1, -1, 2, 14, 1, 15, -1, 27};
static const struct layout l196 = {"1.96", 5, 3, 7, 19, 5, 24, 36, 48};
static const struct layout l198 = {"1.98", 5, 3, 9, 21, 5, 26, 38, 50};

/* Split line (modified) at commas into at most max fields. */
static size_t split(char *line, char **f, size_t max)
{
	size_t n = 0;
	char *p = line;

	while (n < max) {
		char *c = strchr(p, ',');

		f[n++] = p;
		if (!c)
			break;
		*c = '\0';
		p = c + 1;
	}
	return n;
}

static bool is_version(const char *s)
{
	double v;
	const char *p = s;

	return s[0] == '1' && s[1] == '.' && br_log_num(&p, &v) && *p == '\0';
}

/* "256M", "7888M", "2G", "256M:4096" ... */
static bool is_size(const char *s)
{
	double v;
	const char *p = s;

	if (!br_log_num(&p, &v))
		return false;
	if (*p == 'K' || *p == 'M' || *p == 'G' || *p == 'T' || *p == 'k' ||
	    *p == 'm' || *p == 'g')
		p++;
	return *p == '\0' || *p == ':';
}

/* Which layout a comma-split line has, or NULL. */
static const struct layout *layout_of(char **f, size_t n)
{
	if (n >= 7 && is_version(f[0]) && strncmp(f[0], "1.9", 3) == 0) {
		if (strcmp(f[0], "1.96") == 0 || strcmp(f[0], "1.97") == 0)
			return &l196;
		return &l198;
	}
	if (n >= 14 && is_size(f[1]))
		return &l103;
	return NULL;
}

static int count_commas(const char *s, size_t n)
{
	int c = 0;
	size_t i;

	for (i = 0; i < n; i++)
		c += s[i] == ',';
	return c;
}

int br_detect_bonnie(const char *buf, size_t len)
{
	struct br_log_iter it;
	char *f[MAX_FIELDS];
	size_t scan = len > BR_LOG_DETECT_MAX ? BR_LOG_DETECT_MAX : len;

	br_log_iter_init(&it, buf, scan);
	while (br_log_next(&it)) {
		if (count_commas(it.line, it.n) >= 13 &&
		    layout_of(f, split(it.line, f, MAX_FIELDS)))
			return 85;
	}
	if (br_log_has(buf, len, "------Sequential Output------"))
		return 60;
	return 0;
}

/* Value of a latency field: "2125us", "4693ms", "2s". */
static bool latency(const char *s, double *v, const char **unit)
{
	const char *p = s;

	if (!br_log_num(&p, v))
		return false;
	if (strcmp(p, "us") == 0)
		*unit = "us";
	else if (strcmp(p, "ms") == 0)
		*unit = "ms";
	else if (strcmp(p, "s") == 0)
		*unit = "Seconds";
	else if (strcmp(p, "ns") == 0)
		*unit = "ns";
	else
		return false;
	return true;
}

static bool too_fast(const char *s)
{
	return s[0] == '+' && strspn(s, "+") == strlen(s);
}

/* The fields of one line that were too fast to measure. */
struct too_fast {
	int n;
	char names[200];
	const struct br_test *tests[24]; /* of a line's 24 fields at most */
};

static int one(struct br_log *lg, unsigned long line, const char *field,
	       const char *prefix, const char *what, const char *unit,
	       bool is_latency, struct too_fast *tf)
{
	const char *p = br_log_skip(field);
	char got[40];
	double v;

	if (*p == '\0')
		return BR_OK; /* not run */
	if (too_fast(p)) {
		size_t l = strlen(tf->names);
		struct br_log_test t = {"bonnie", "Bonnie++", NULL, unit,
					is_latency ? BR_DIR_LIB : BR_DIR_HIB};
		char *desc = br_strf("%s - %s%s", prefix, is_latency ?
				     "Latency: " : "", what);
		int rc;

		if (tf->n++ < 4)
			snprintf(tf->names + l, sizeof tf->names - l, "%s%s%s",
				 l ? ", " : "", is_latency ? "Latency: " : "",
				 what);
		if (!desc)
			return br_log_fail(lg, line, "out of memory");
		/* kept, with no value and its reason: a result that
		 * vanished would look like a test that was not run */
		t.description = desc;
		rc = br_log_add_none(lg, &t, "too fast to measure", line,
				     tf->n <= 24 ? &tf->tests[tf->n - 1] :
				     NULL);
		free(desc);
		return rc;
	}
	if (is_latency) {
		if (latency(p, &v, &unit))
			return br_log_addf(lg, "bonnie", "Bonnie++", unit,
					   BR_DIR_LIB, v, line,
					   "%s - Latency: %s", prefix, what);
	} else {
		if (br_log_num(&p, &v) && *p == '\0')
			return br_log_addf(lg, "bonnie", "Bonnie++", unit,
					   BR_DIR_HIB, v, line, "%s - %s",
					   prefix, what);
	}
	br_log_quote(field, strlen(field), got, sizeof got);
	return br_log_fail(lg, line, "bonnie++ %s: not a %s: '%s'", what,
			   is_latency ? "latency" : "number", got);
}

static int read_line(struct br_log *lg, unsigned long line, char **f,
		     size_t n, const struct layout *l)
{
	char io[96], files[96];
	const char *conc = l->conc >= 0 ? f[l->conc] : "1";
	const char *nf;
	struct too_fast tf = {0, "", {NULL}};
	int i, rc = BR_OK;

	if ((int)n < l->files)
		return br_log_fail(lg, line, "truncated bonnie++ %s CSV line "
				   "(%zu fields, expected %d)", l->name, n,
				   l->n_fields);
	if ((int)n > l->files && (int)n < l->file + 12)
		return br_log_fail(lg, line, "truncated bonnie++ %s CSV line "
				   "(%zu fields, expected %d)", l->name, n,
				   l->n_fields);
	if (l->lat >= 0 && (int)n > l->file + 12 && (int)n < l->lat + 12)
		return br_log_fail(lg, line, "truncated bonnie++ %s CSV line "
				   "(%zu fields, expected %d)", l->name, n,
				   l->n_fields);
	if (!strcmp(conc, "1"))
		conc = "";
	/* the fields quoted short, cut at a character boundary */
	snprintf(io, sizeof io, "Size: %.*s%s%.*s",
		 BR_UTF8_PREC(f[l->size], 40), *conc ? " - Concurrency: " : "",
		 BR_UTF8_PREC(conc, 8));
	/* num_files[:max[:min]][/dirs][:chunk], as bon_csv2txt shows it */
	nf = (int)n > l->files ? f[l->files] : "";
	if (l->n_files_fields == 1 || (int)n <= l->files + 4)
		/* n == l->files: no file-test fields at all (found by
		 * fuzzing: f[n] was read past the split fields) */
		snprintf(files, sizeof files, "Files: %.*s",
			 BR_UTF8_PREC(nf, 40));
	else
		snprintf(files, sizeof files, "Files: %.*s%s%.*s%s%.*s%s%.*s",
			 BR_UTF8_PREC(f[l->files], 16),
			 *f[l->files + 1] ? ":" : "",
			 BR_UTF8_PREC(f[l->files + 1], 16),
			 *f[l->files + 2] ? ":" : "",
			 BR_UTF8_PREC(f[l->files + 2], 16),
			 *f[l->files + 3] ? "/" : "",
			 BR_UTF8_PREC(f[l->files + 3], 16));
	for (i = 0; i < 6 && rc == BR_OK; i++)
		rc = one(lg, line, f[l->io + 2 * i], io, io_names[i],
			 i == 5 ? "Seeks/s" : "KiB/s", false, &tf);
	if ((int)n >= l->file + 12 && *f[l->files])
		for (i = 0; i < 6 && rc == BR_OK; i++)
			rc = one(lg, line, f[l->file + 2 * i], files,
				 file_names[i], "Files/s", false, &tf);
	if (l->lat >= 0 && (int)n >= l->lat + 12) {
		for (i = 0; i < 6 && rc == BR_OK; i++)
			rc = one(lg, line, f[l->lat + i], io, io_names[i],
				 "us", true, &tf);
		for (i = 0; i < 6 && rc == BR_OK; i++)
			rc = one(lg, line, f[l->lat + 6 + i], files,
				 file_names[i], "us", true, &tf);
	}
	if (rc == BR_OK && tf.n)
		/* shown when --tests selects one of them */
		br_log_warn_tests(lg, line, tf.tests, tf.n <= 24 ?
				  (size_t)tf.n : 24, "Bonnie++: %d result%s "
				  "too fast to measure (\"+++++\"), kept with no "
				  "value: %s%s", tf.n, tf.n == 1 ? "" : "s",
				  tf.names, tf.n > 4 ? ", ..." : "");
	return rc;
}

int br_read_bonnie(struct br_resultset *rs, const char *name,
		   const char *buf, size_t len,
		   const struct br_ingest_opts *o, struct br_error *err)
{
	struct br_log_iter it;
	struct br_log lg;
	char *f[MAX_FIELDS];
	int rc;

	rc = br_log_open(&lg, rs, name, o, err);
	br_log_iter_init(&it, buf, len);
	while (rc == BR_OK && br_log_next(&it)) {
		const struct layout *l;
		size_t n;

		if (count_commas(it.line, it.n) < 6)
			continue;
		n = split(it.line, f, MAX_FIELDS);
		l = layout_of(f, n);
		if (l)
			rc = read_line(&lg, it.no, f, n, l);
	}
	if (rc != BR_OK)
		return rc;
	return br_log_close(&lg, "bonnie++", it.no);
}
