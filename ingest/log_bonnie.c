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
	int machine;  /* the -m machine name */
};

static const struct layout l103 = {"1.0x", 1, -1, 2, 14, 1, 15, -1, 27, 0};
static const struct layout l196 = {"1.96", 5, 3, 7, 19, 5, 24, 36, 48, 2};
static const struct layout l198 = {"1.98", 5, 3, 9, 21, 5, 26, 38, 50, 2};

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

/* The 80-column table's data volumes: "821k" KiB/s, "158m" MiB/s,
 * "2g" GiB/s (bonnie++(8), OUTPUT: K, M and G are 1024-based). */
static bool kib_suffix(const char *p, const char **unit)
{
	if (p[0] == '\0' || p[1] != '\0')
		return false;
	if (*p == 'k' || *p == 'K')
		*unit = "KiB/s";
	else if (*p == 'm' || *p == 'M')
		*unit = "MiB/s";
	else if (*p == 'g' || *p == 'G')
		*unit = "GiB/s";
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
	/* block output and input are what bonnie++ users quote; the
	 * other fields are sub-metrics (br_test.sub_metric) */
	lg->sub_metric = is_latency ||
			 (strcmp(what, "Sequential Output - Block") != 0 &&
			  strcmp(what, "Sequential Input - Block") != 0);
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
		rc = br_log_add_none(lg, &t, BR_TOO_FAST_NOTE, line,
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
	} else if (br_log_num(&p, &v) && (*p == '\0' ||
					  (!strcmp(unit, "KiB/s") &&
					   kib_suffix(p, &unit)))) {
		return br_log_addf(lg, "bonnie", "Bonnie++", unit, BR_DIR_HIB,
				   v, line, "%s - %s", prefix, what);
	}
	br_log_quote(field, strlen(field), got, sizeof got);
	return br_log_fail(lg, line, "bonnie++ %s: not a %s: '%s'", what,
			   is_latency ? "latency" : "number", got);
}

/* The warning about a line's results too fast to measure, if any. */
static int too_fast_warn(struct br_log *lg, unsigned long line,
			 const struct too_fast *tf)
{
	if (tf->n)
		/* shown when --tests selects one of them */
		br_log_warn_tests(lg, line, tf->tests, tf->n <= 24 ?
				  (size_t)tf->n : 24, "Bonnie++: %d result%s "
				  "too fast to measure (\"+++++\"), kept with no "
				  "value: %s%s", tf->n, tf->n == 1 ? "" : "s",
				  tf->names, tf->n > 4 ? ", ..." : "");
	return BR_OK;
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
	return rc == BR_OK ? too_fast_warn(lg, line, &tf) : rc;
}

/* Whether the CSV lines of buf name two or more machines (-m). */
static bool several_machines(const char *buf, size_t len)
{
	struct br_log_iter it;
	char *f[MAX_FIELDS], first[BR_LOG_LINE_MAX];
	bool have = false;

	br_log_iter_init(&it, buf, len);
	while (br_log_next(&it)) {
		const struct layout *l;
		size_t n;

		if (count_commas(it.line, it.n) < 6)
			continue;
		n = split(it.line, f, MAX_FIELDS);
		l = layout_of(f, n);
		if (!l || (int)n <= l->machine)
			continue;
		if (!have) {
			snprintf(first, sizeof first, "%s", f[l->machine]);
			have = true;
		} else if (strcmp(first, f[l->machine]) != 0) {
			return true;
		}
	}
	return false;
}

/* The machine name of a result (-m): the system's name when the file
 * has several, else a detail of the system named as any log's. */
static int machine(struct br_log *lg, const char *m, bool several,
		   unsigned long line, const struct br_ingest_opts *o)
{
	if (several)
		return br_log_system_named(lg, m, strlen(m), "from bonnie++'s "
					   "machine name (-m): the file has "
					   "results of several machines", o);
	return br_log_detail(lg, false, "bonnie++ machine name (-m)", m,
			     line);
}

int br_read_bonnie(struct br_resultset *rs, const char *name,
		   const char *buf, size_t len,
		   const struct br_ingest_opts *o, struct br_error *err)
{
	struct br_log_iter it;
	struct br_log lg;
	char *f[MAX_FIELDS];
	bool several = several_machines(buf, len);
	int rc;

	rc = br_log_open(&lg, rs, name, o, err);
	lg.test_named_by = "from bonnie++'s CSV fields (size, file count, "
		"the column's operation)";
	br_log_iter_init(&it, buf, len);
	while (rc == BR_OK && br_log_next(&it)) {
		const struct layout *l;
		size_t n;

		if (count_commas(it.line, it.n) < 6)
			continue;
		n = split(it.line, f, MAX_FIELDS);
		l = layout_of(f, n);
		if (!l)
			continue;
		if (several)
			rc = machine(&lg, f[l->machine], true, it.no, o);
		if (rc == BR_OK)
			rc = read_line(&lg, it.no, f, n, l);
		if (rc == BR_OK && !several)
			rc = machine(&lg, f[l->machine], false, it.no, o);
	}
	if (rc != BR_OK)
		return rc;
	return br_log_close(&lg, "bonnie++", it.no);
}

/* ------------------------------------------------- the 80-column table */

/*
 * What bonnie++ prints for people (on stderr with -q, before the CSV line
 * without it), and what bon_csv2txt prints:
 *
 *   Version 2.00a       ------Sequential Output------ --Sequential Input- --Random-
 *                       -Per Chr- --Block-- -Rewrite- -Per Chr- --Block-- --Seeks--
 *   Name:Size etc        /sec %CP  /sec %CP  /sec %CP  /sec %CP  /sec %CP  /sec %CP
 *   alpha          256M  821k  37  158m  31  399m  13 1645k  39 +++++ +++ +++++ +++
 *   Latency               112ms   41384us   31238us   28188us   23073us   48382us
 *   Version 2.00a       ------Sequential Create------ --------Random Create--------
 *   alpha               -Create-- --Read--- -Delete-- -Create-- --Read--- -Delete--
 *                 files  /sec %CP  /sec %CP  /sec %CP  /sec %CP  /sec %CP  /sec %CP
 *                     1 +++++ +++ +++++ +++ +++++ +++ +++++ +++ +++++ +++ +++++ +++
 *   Latency             36123us      43us    1734us   10982us      15us      74us
 *
 * Columns are found by position: each value ends where its "/sec" (or
 * "K/sec") header ends, its %CP where "%CP" ends, a latency in its
 * column's ten characters; a blank column is a test not run.  A row whose
 * name pushes it out of its columns is read by order when it has all 14
 * fields.  Tests are named as the CSV reader names them, so a table and
 * a CSV line of one run are the same tests.  A header without its rows,
 * or (1.96 and later) a row without its "Latency" line, at the end of
 * the file: the log looks cut, a warning says so.
 */

#define TB_GROUPS 6

struct tb_cols {
	int sec_end[TB_GROUPS], cp_end[TB_GROUPS];
	int first;           /* where the first value column starts */
	bool ok;
};

enum tb_state { TB_NONE, TB_OUT_HDR, TB_OUT, TB_CR_HDR, TB_CR };

struct tb {
	struct br_log lg;
	const struct br_ingest_opts *o;
	enum tb_state state;
	struct tb_cols cols;
	bool latency;         /* 1.96+: a Latency line follows each row */
	bool pending;         /* a row waits for its Latency line */
	unsigned long pending_line;
	bool several;         /* the file names several machines */
	char machine[128], size[64], conc[16], files[64];
	char io[200], fl[200];
};

/* Token n (from 0) of s: start and length; false if fewer. */
static bool token(const char *s, int n, const char **t, size_t *len)
{
	int i;

	for (i = 0;; i++) {
		s = br_log_skip(s);
		if (!*s)
			return false;
		*len = strcspn(s, " \t");
		if (i == n) {
			*t = s;
			return true;
		}
		s += *len;
	}
}

/* The column ends of a "... /sec %CP  /sec %CP ..." header line. */
static void tb_header(struct tb_cols *c, const char *s)
{
	int g = 0, k = 0;
	const char *p = s;

	c->ok = false;
	c->first = -1;
	while (*(p = br_log_skip(p)) && g < TB_GROUPS) {
		size_t n = strcspn(p, " \t");
		int end = (int)(p - s + (ptrdiff_t)n);

		if ((n == 4 && !strncmp(p, "/sec", 4)) ||
		    (n == 5 && !strncmp(p, "K/sec", 5))) {
			if (c->first < 0)
				c->first = (int)(p - s);
			c->sec_end[g] = end;
			k = 1;
		} else if (n == 3 && !strncmp(p, "%CP", 3) && k) {
			c->cp_end[g++] = end;
			k = 0;
		}
		p += n;
	}
	c->ok = g == TB_GROUPS;
}

/*
 * Split a table row (modified in place) into val[6] (a group's value, ""
 * when blank) and its text before the first column (*prefix, trimmed).
 * lat: a Latency line (no prefix, no %CP).  False when a token falls
 * outside the columns and the row does not have all its fields to be
 * read by order.
 */
static bool tb_split(const struct tb_cols *c, char *line, bool lat,
		     char **val, char **prefix)
{
	char *tok[32];
	int end[32], n = 0, g, i, want = lat ? TB_GROUPS : 2 * TB_GROUPS;
	char *p = line;
	bool by_pos = true;

	static char empty[1];

	for (g = 0; g < TB_GROUPS; g++)
		val[g] = empty;
	*prefix = empty;
	while (*(p = (char *)br_log_skip(p)) && n < 32) {
		size_t k = strcspn(p, " \t");

		tok[n] = p;
		end[n++] = (int)(p - line + (ptrdiff_t)k);
		p += k;
		if (*p)
			*p++ = '\0';
	}
	i = lat ? 1 : 0;  /* a Latency line: after "Latency" */
	if (!lat) {   /* the prefix: the tokens before the first column */
		while (i < n && end[i] <= c->first)
			i++;
		if (i > 0) {
			*prefix = tok[0];
			for (g = 1; g < i; g++) /* join them again */
				tok[g - 1][strlen(tok[g - 1])] = ' ';
		}
	}
	for (; i < n && by_pos; i++) {
		for (g = 0; g < TB_GROUPS && end[i] > c->cp_end[g]; g++)
			;
		if (g == TB_GROUPS)
			by_pos = false;
		else if (lat || end[i] <= c->sec_end[g])
			val[g] = tok[i];
	}
	if (by_pos)
		return true;
	/* pushed out of its columns: by order when every field is there */
	i = lat ? 1 : 2;
	if (n - i != want)
		return false;
	for (g = 0; g < TB_GROUPS; g++)
		val[g] = tok[i + (lat ? g : 2 * g)];
	if (!lat) {
		*prefix = tok[0];  /* "NAME SIZE" */
		tok[0][strlen(tok[0])] = ' ';
	}
	return true;
}

/* Name the next results' system after machine m (see machine()). */
static int tb_machine(struct tb *t, const char *m, unsigned long line,
		      bool after)
{
	if (!*m)
		return BR_OK;
	if (t->several != after)
		return machine(&t->lg, m, t->several, line, t->o);
	return BR_OK;
}

/* A row of the Sequential Output table: "NAME SIZE" and six values. */
static int tb_out_row(struct tb *t, char *line, unsigned long no)
{
	struct too_fast tf = {0, "", {NULL}};
	char *val[TB_GROUPS], *prefix, *sp;
	int i, rc;

	if (!tb_split(&t->cols, line, false, val, &prefix))
		return br_log_fail(&t->lg, no, "bonnie++ table: a row that "
				   "fits neither its columns nor 14 fields");
	sp = strrchr(prefix, ' ');
	snprintf(t->size, sizeof t->size, "%.*s",
		 BR_UTF8_PREC(sp ? sp + 1 : prefix, sizeof t->size - 1));
	if (sp) {
		while (sp > prefix && sp[-1] == ' ')
			sp--;
		*sp = '\0';
		snprintf(t->machine, sizeof t->machine, "%.*s",
			 BR_UTF8_PREC(prefix, sizeof t->machine - 1));
	}
	snprintf(t->io, sizeof t->io, "Size: %s%s%s", t->size,
		 *t->conc ? " - Concurrency: " : "", t->conc);
	rc = tb_machine(t, sp ? t->machine : "", no, false);
	for (i = 0; i < TB_GROUPS && rc == BR_OK; i++)
		rc = one(&t->lg, no, val[i], t->io, io_names[i],
			 i == 5 ? "Seeks/s" : "KiB/s", false, &tf);
	if (rc == BR_OK)
		rc = tb_machine(t, sp ? t->machine : "", no, true);
	t->pending = t->latency;
	t->pending_line = no;
	return rc == BR_OK ? too_fast_warn(&t->lg, no, &tf) : rc;
}

/* A row of the Create table: the files and six values. */
static int tb_create_row(struct tb *t, char *line, unsigned long no)
{
	struct too_fast tf = {0, "", {NULL}};
	char *val[TB_GROUPS], *prefix;
	int i, rc;

	if (!tb_split(&t->cols, line, false, val, &prefix) || !*prefix)
		return br_log_fail(&t->lg, no, "bonnie++ table: expected the "
				   "number of files and six columns");
	snprintf(t->fl, sizeof t->fl, "Files: %.*s",
		 BR_UTF8_PREC(prefix, 60));
	rc = tb_machine(t, t->machine, no, false);
	for (i = 0; i < TB_GROUPS && rc == BR_OK; i++)
		rc = one(&t->lg, no, val[i], t->fl, file_names[i], "Files/s",
			 false, &tf);
	if (rc == BR_OK)
		rc = tb_machine(t, t->machine, no, true);
	t->pending = t->latency;
	t->pending_line = no;
	return rc == BR_OK ? too_fast_warn(&t->lg, no, &tf) : rc;
}

/* The Latency line of the row before it. */
static int tb_latency(struct tb *t, char *line, unsigned long no)
{
	struct too_fast tf = {0, "", {NULL}};
	char *val[TB_GROUPS], *prefix;
	bool out = t->state == TB_OUT;
	int i, rc = BR_OK;

	if (!t->pending)
		return BR_OK;
	t->pending = false;
	if (!tb_split(&t->cols, line, true, val, &prefix))
		return br_log_fail(&t->lg, no, "bonnie++ table: a Latency line "
				   "that fits neither its columns nor six "
				   "fields");
	for (i = 0; i < TB_GROUPS && rc == BR_OK; i++)
		rc = one(&t->lg, no, val[i], out ? t->io : t->fl,
			 out ? io_names[i] : file_names[i], "us", true, &tf);
	return rc == BR_OK ? too_fast_warn(&t->lg, no, &tf) : rc;
}

static bool tb_has_csv(const char *buf, size_t len)
{
	return br_detect_bonnie(buf, len) > 0;
}

int br_detect_bonnie_table(const char *buf, size_t len)
{
	if (!br_log_has(buf, len, "------Sequential Output------") &&
	    !br_log_has(buf, len, "------Sequential Create------"))
		return 0;
	/* a report with its CSV line is the CSV reader's */
	return tb_has_csv(buf, len) ? 0 : 85;
}

/* Whether the table rows of buf name two or more machines. */
static bool tb_several(const char *buf, size_t len)
{
	struct br_log_iter it;
	char first[128] = "";
	bool rows = false;

	br_log_iter_init(&it, buf, len);
	while (br_log_next(&it)) {
		const char *t;
		size_t n;

		if (strstr(it.line, "%CP")) {
			rows = !strncmp(it.line, "Machine", 7) ||
			       !strncmp(it.line, "Name:Size", 9);
			continue;
		}
		if (!rows || !token(it.line, 0, &t, &n) || it.line[0] == ' ' ||
		    !strncmp(t, "Latency", 7) || !strncmp(t, "Version", 7)) {
			rows = false;
			continue;
		}
		if (!*first)
			snprintf(first, sizeof first, "%.*s",
				 BR_UTF8_PREC(t, n < 127 ? n : 127));
		else if (strlen(first) != n || strncmp(first, t, n))
			return true;
	}
	return false;
}

/* One line of a table (see above). */
static int tb_line(struct tb *t, char *s, unsigned long no)
{
	const char *tk;
	size_t n;

	if (strstr(s, "------Sequential Output------")) {
		t->state = TB_OUT_HDR;
		t->conc[0] = '\0';
		/* 1.96 and later print latencies: "Version  1.96", "2.00a" */
		t->latency = token(s, 1, &tk, &n) && strncmp(s, "Version", 7) ==
			     0 && (tk[0] >= '2' || !strncmp(tk, "1.9", 3));
		return BR_OK;
	}
	if (strstr(s, "------Sequential Create------")) {
		t->state = TB_CR_HDR;
		return BR_OK;
	}
	if (t->state == TB_OUT_HDR && !strncmp(s, "Concurrency", 11)) {
		if (token(s, 1, &tk, &n) && !(n == 1 && *tk == '1'))
			snprintf(t->conc, sizeof t->conc, "%.*s",
				 (int)(n < 15 ? n : 15), tk);
		return BR_OK;
	}
	if ((t->state == TB_OUT_HDR || t->state == TB_CR_HDR) &&
	    strstr(s, "%CP")) {
		tb_header(&t->cols, s);
		if (!t->cols.ok)
			return br_log_fail(&t->lg, no, "bonnie++ table: expected "
					   "six '/sec %%CP' columns");
		t->state = t->state == TB_OUT_HDR ? TB_OUT : TB_CR;
		return BR_OK;
	}
	if (t->state == TB_CR_HDR && strstr(s, "-Create--")) {
		if (s[0] != ' ' && token(s, 0, &tk, &n))
			snprintf(t->machine, sizeof t->machine, "%.*s",
				 (int)(n < 127 ? n : 127), tk);
		return BR_OK;
	}
	if (t->state != TB_OUT && t->state != TB_CR)
		return BR_OK;
	if (!token(s, 0, &tk, &n)) {
		t->state = TB_NONE;  /* a blank line ends a table */
		return BR_OK;
	}
	if (!strncmp(s, "Latency", 7))
		return tb_latency(t, s, no);
	return t->state == TB_OUT ? tb_out_row(t, s, no)
				  : tb_create_row(t, s, no);
}

int br_read_bonnie_table(struct br_resultset *rs, const char *name,
			 const char *buf, size_t len,
			 const struct br_ingest_opts *o, struct br_error *err)
{
	struct br_log_iter it;
	struct tb *t = calloc(1, sizeof *t);
	int rc;

	if (!t)
		return br_error_set(err, BR_EIO, name, 0, "out of memory");
	t->o = o;
	t->several = tb_several(buf, len);
	rc = br_log_open(&t->lg, rs, name, o, err);
	t->lg.test_named_by = "from bonnie++'s table headings (size, file "
		"count, the column's operation)";
	br_log_iter_init(&it, buf, len);
	while (rc == BR_OK && br_log_next(&it))
		rc = tb_line(t, it.line, it.no);
	if (rc == BR_OK && (t->state == TB_OUT_HDR || t->state == TB_CR_HDR))
		br_log_warn_cut(&t->lg, it.no, "bonnie++", "a table's header "
				"has no rows");
	else if (rc == BR_OK && t->pending)
		br_log_warn_cut(&t->lg, t->pending_line, "bonnie++", "its last "
				"row has no \"Latency\" line after it");
	if (rc == BR_OK)
		rc = br_log_close(&t->lg, "bonnie++", it.no);
	free(t);
	return rc;
}
