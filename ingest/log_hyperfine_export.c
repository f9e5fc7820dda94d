/*
 * log_hyperfine_export.c - hyperfine's --export-csv and --export-markdown
 * files (its JSON is log_hyperfine.c's):
 *
 *   command,mean,stddev,median,user,system,min,max[,parameter_NAME...]
 *   gzip -1 -c blob,0.1051981699,0.0510209844,0.092000412,0.0373506,...
 *
 *   | Command | Mean [ms] | Min [ms] | Max [ms] | Relative |
 *   |:---|---:|---:|---:|---:|
 *   | `gzip -1 -c blob` | 105.2 ± 51.0 | 44.9 | 222.3 | 1.00 |
 *
 * Neither has the runs or their number: each command's wall time is read
 * as a summary, its mean with N and standard error not known (as a tidy
 * CSV summary row without them, doc/tidy-csv.md), and a warning says so
 * (export JSON for the runs).  The CSV's "user" and "system" are the
 * means of those times, read as summaries of unknown N too.  Read with
 * another export of the same run, the runs of the JSON replace these
 * summaries, and a second summary of a command is not added (warnings
 * say so).  Tests and
 * systems are named as the JSON reader names them: a file of two or more
 * commands is a comparison, each command a system, the test the file's
 * stem (or --test) with "Wall time", "User time", "System time"; a file
 * of one command, or one read with --system, is "Hyperfine" (or --test)
 * "Command: ...".  Seconds (the Markdown's unit is in its header: s, ms,
 * µs, ns), fewer is better.  A row with fewer fields than the header is
 * an error, except the last row: a cut file (a warning says so).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "csv_int.h"
#include "log_int.h"

#define HFX_CSV_HEADER "command,mean,stddev,median,user,system,min,max"
#define HFX_MD_HEADER "| Command | Mean ["

/* The first line of buf after blank lines and a BOM: *n bytes at the
 * returned pointer. */
static const char *first_line(const char *buf, size_t len, size_t *n)
{
	size_t i = 0;
	const char *nl;

	if (len >= 3 && !memcmp(buf, "\xef\xbb\xbf", 3))
		i = 3;
	while (i < len && (buf[i] == '\n' || buf[i] == '\r' || buf[i] == ' '))
		i++;
	nl = memchr(buf + i, '\n', len - i);
	*n = nl ? (size_t)(nl - buf) - i : len - i;
	return buf + i;
}

int br_detect_hyperfine_csv(const char *buf, size_t len)
{
	size_t n, k = strlen(HFX_CSV_HEADER);
	const char *s = first_line(buf, len, &n);

	if (n >= k && !strncasecmp(s, HFX_CSV_HEADER, k) &&
	    (n == k || s[k] == ',' || s[k] == '\r'))
		return 99; /* above tidy CSV's 95: a header it would take */
	return 0;
}

int br_detect_hyperfine_md(const char *buf, size_t len)
{
	size_t n, k = strlen(HFX_MD_HEADER);
	const char *s = first_line(buf, len, &n);

	if (n >= k && !strncmp(s, HFX_MD_HEADER, k))
		return 96;
	return 0;
}

/* How a file's commands are named (as log_hyperfine.c's). */
struct hfx {
	struct br_log lg;
	bool per_command;
	const char *title;
	size_t rows;            /* commands read so far */
};

static int hfx_begin(struct hfx *h, struct br_resultset *rs,
		     const char *name, size_t n_commands,
		     const struct br_ingest_opts *o, struct br_error *err)
{
	int rc = br_log_open(&h->lg, rs, name, o, err);
	char *stem;

	if (rc != BR_OK)
		return rc;
	h->rows = 0;
	h->per_command = n_commands >= 2 && !(o && o->system && *o->system);
	h->title = o && o->test ? o->test : "Hyperfine";
	if (h->per_command && !(o && o->test)) {
		stem = br_arena_alloc(rs->arena, strlen(name) + 1);
		if (!stem)
			return br_error_set(err, BR_EIO, name, 0,
					    "out of memory");
		br_log_stem(name, stem, strlen(name) + 1);
		h->title = *stem && *name != '<' ? stem : "Hyperfine";
	}
	h->lg.arguments = h->title;
	h->lg.test_named_by = br_log_hf_test_named(o && o->test,
						   h->per_command, h->title);
	return BR_OK;
}

/* Point the log at command cmd's system (per-command files). */
static int hfx_command(struct hfx *h, const char *cmd, unsigned long line)
{
	if (!h->per_command)
		return BR_OK;
	h->lg.system = br_rs_str(h->lg.rs, cmd);
	h->lg.sys = (size_t)-1;
	h->lg.named_by = "from the hyperfine command (its -n name when "
			 "given)";
	if (!h->lg.system)
		return br_error_set(h->lg.err, BR_EIO, h->lg.name, line,
				    "out of memory");
	return BR_OK;
}

/* The test of cmd's what ("Wall time", "User time", "System time"). */
static int hfx_test(struct hfx *h, const char *cmd, const char *what,
		    const char *unit, struct br_log_test *t, char **desc)
{
	t->identifier = "hyperfine";
	t->title = h->title;
	t->unit = unit;
	t->dir = BR_DIR_LIB;
	if (h->per_command)
		*desc = br_strf("%s", what);
	else if (!strcmp(what, "Wall time"))
		*desc = br_strf("Command: %s", cmd);
	else
		*desc = br_strf("Command: %s (%c%s)", cmd, what[0] + 32,
				what + 1);
	t->description = *desc;
	return *desc ? BR_OK : br_error_set(h->lg.err, BR_EIO, h->lg.name, 0,
					     "out of memory");
}

/* cmd's wall time: a summary of mean (in unit) of unknown N. */
static int hfx_wall(struct hfx *h, const char *cmd, double mean,
		    const char *unit, unsigned long line)
{
	struct br_log_test t;
	char *desc = NULL;
	int rc = hfx_test(h, cmd, "Wall time", unit, &t, &desc);

	if (rc == BR_OK)
		rc = br_log_add_summary(&h->lg, &t, mean, NAN, 0, line);
	free(desc);
	return rc;
}

/* cmd's mean user or system time: a summary of unknown N too (the
 * JSON's, one value, replaces it when read after it). */
static int hfx_one(struct hfx *h, const char *cmd, const char *what,
		   double v, unsigned long line)
{
	struct br_log_test t;
	char *desc = NULL;
	int rc = hfx_test(h, cmd, what, "Seconds", &t, &desc);

	h->lg.sub_metric = true;  /* user and system: hf_add's rule */
	if (rc == BR_OK)
		rc = br_log_add_summary(&h->lg, &t, v, NAN, 0, line);
	free(desc);
	return rc;
}

static int hfx_end(struct hfx *h, const char *what, unsigned long last)
{
	if (h->lg.err->code)
		return h->lg.err->code;
	if (h->lg.n_results)
		br_log_warn(&h->lg, 1, "hyperfine %s: each command's mean only "
			    "(no runs, N not known); --export-json keeps the "
			    "runs", what);
	return br_log_close(&h->lg, "hyperfine", last);
}


/* ------------------------------------------------------------------ CSV */

/* Columns of the CSV header. */
struct hfx_cols {
	int command, mean, user, system, need;
	size_t nf;     /* the header's fields: a row has as many */
};

static int csv_header(struct br_csv *c, struct hfx_cols *k)
{
	size_t i;

	k->command = k->mean = k->user = k->system = -1;
	k->nf = c->nf;
	for (i = 0; i < c->nf; i++) {
		const char *f = c->f[i].s;

		if (!strcasecmp(f, "command"))
			k->command = (int)i;
		else if (!strcasecmp(f, "mean"))
			k->mean = (int)i;
		else if (!strcasecmp(f, "user"))
			k->user = (int)i;
		else if (!strcasecmp(f, "system"))
			k->system = (int)i;
	}
	k->need = k->command > k->mean ? k->command : k->mean;
	if (k->user > k->need)
		k->need = k->user;
	if (k->system > k->need)
		k->need = k->system;
	return k->command >= 0 && k->mean >= 0;
}

/* The number in field i of the current record, or an error. */
static int csv_num(struct hfx *h, struct br_csv *c, int i, double *v)
{
	const char *p = c->f[i].s;

	if (br_log_num(&p, v) && *br_log_skip(p) == '\0')
		return BR_OK;
	return br_log_fail(&h->lg, c->rec_line, "hyperfine CSV: '%.*s' is not "
			   "a number", BR_UTF8_PREC(c->f[i].s, 40));
}

static int csv_row(struct hfx *h, struct br_csv *c, const struct hfx_cols *k)
{
	const char *cmd;
	double v;
	int rc;

	cmd = br_rs_str(h->lg.rs, c->f[k->command].s);
	if (!cmd)
		return br_log_fail(&h->lg, c->rec_line, "out of memory");
	rc = hfx_command(h, cmd, c->rec_line);
	if (rc == BR_OK)
		rc = csv_num(h, c, k->mean, &v);
	if (rc == BR_OK)
		rc = hfx_wall(h, cmd, v, "Seconds", c->rec_line);
	if (rc == BR_OK && k->user >= 0 && (rc = csv_num(h, c, k->user,
							  &v)) == BR_OK)
		rc = hfx_one(h, cmd, "User time", v, c->rec_line);
	if (rc == BR_OK && k->system >= 0 && (rc = csv_num(h, c, k->system,
							    &v)) == BR_OK)
		rc = hfx_one(h, cmd, "System time", v, c->rec_line);
	h->rows++;
	return rc;
}

/* The number of non-empty records after the header: the commands. */
static size_t csv_count(const char *name, const char *buf, size_t len,
			struct br_error *err)
{
	struct br_csv c;
	size_t n = 0;
	int r;

	br_csv_init(&c, name, buf, len, false);
	while ((r = br_csv_next(&c, err)) == 1)
		n += !br_csv_record_empty(&c);
	br_csv_fini(&c);
	err->code = BR_OK; /* the second pass reports it */
	return n > 0 ? n - 1 : 0;
}

int br_read_hyperfine_csv(struct br_resultset *rs, const char *name,
			  const char *buf, size_t len,
			  const struct br_ingest_opts *o, struct br_error *err)
{
	struct hfx h;
	struct hfx_cols k;
	struct br_csv c;
	int r, rc = hfx_begin(&h, rs, name, csv_count(name, buf, len, err), o,
			      err);

	if (rc != BR_OK)
		return rc;
	br_csv_init(&c, name, buf, len, false);
	r = br_csv_next(&c, err);
	if (r == 1 && !csv_header(&c, &k))
		rc = br_log_fail(&h.lg, c.rec_line, "hyperfine CSV: no "
				 "\"command\" and \"mean\" columns");
	while (rc == BR_OK && r == 1 && (r = br_csv_next(&c, err)) == 1) {
		if (br_csv_record_empty(&c))
			continue;
		if (c.nf >= k.nf) {
			rc = csv_row(&h, &c, &k);
			continue;
		}
		if (!br_csv_eof(&c))
			rc = br_log_fail(&h.lg, c.rec_line, "hyperfine CSV: "
					 "%zu fields, expected %zu", c.nf,
					 k.nf);
		else
			br_log_warn_cut(&h.lg, c.rec_line, "hyperfine CSV",
					"its last row has too few fields");
	}
	br_csv_fini(&c);
	if (r < 0)
		return err->code;
	if (rc != BR_OK)
		return rc;
	return hfx_end(&h, "CSV", c.line);
}

/* ------------------------------------------------------------- Markdown */

/* The cells of a table row "| a | b |" (modified in place), trimmed. */
static size_t md_cells(char *s, char **cell, size_t max)
{
	size_t n = 0;
	char *p = strchr(s, '|'), *q, *b, *e;

	while (p && n < max && (q = strchr(p + 1, '|')) != NULL) {
		b = (char *)br_log_skip(p + 1);
		for (e = q; e > b && (e[-1] == ' ' || e[-1] == '\t'); e--)
			;
		cell[n++] = b;
		p = q;
		*e = '\0'; /* may be *q: the next search starts after it */
	}
	return n;
}

/* The unit in "Mean [ms]", or NULL. */
static const char *md_unit(const char *h)
{
	const char *p = strstr(h, "Mean [");

	if (!p)
		return NULL;
	p += 6;
	if (!strncmp(p, "s]", 2))
		return "Seconds";
	if (!strncmp(p, "ms]", 3))
		return "ms";
	if (!strncmp(p, "\xc2\xb5s]", 4) || !strncmp(p, "us]", 3))
		return "us";
	if (!strncmp(p, "ns]", 3))
		return "ns";
	return NULL;
}

/* Rows of a Markdown table: the commands, for per_command. */
static size_t md_count(const char *buf, size_t len)
{
	struct br_log_iter it;
	size_t n = 0;

	br_log_iter_init(&it, buf, len);
	while (br_log_next(&it))
		n += it.line[0] == '|' && it.line[1] == ' ' &&
		     it.line[2] == '`';
	return n;
}

static int md_row(struct hfx *h, char *line, const char *unit,
		  size_t want, unsigned long no, bool last)
{
	char *cell[8], *cmd, *p;
	const char *pc;
	size_t n = md_cells(line, cell, 8), m;
	double v;
	int rc;

	if (n < want || n < 2 || !(pc = cell[1], br_log_num(&pc, &v))) {
		if (last) {
			br_log_warn_cut(&h->lg, no, "hyperfine Markdown",
					"its last row is short");
			return BR_OK;
		}
		return br_log_fail(&h->lg, no, "hyperfine Markdown: expected "
				   "'| `COMMAND` | MEAN ± SD | ...' (%zu "
				   "columns)", want);
	}
	cmd = cell[0];
	m = strlen(cmd);
	if (m >= 2 && cmd[0] == '`' && cmd[m - 1] == '`') {
		cmd[m - 1] = '\0';
		cmd++;
	}
	p = (char *)br_rs_str(h->lg.rs, cmd);
	if (!p)
		return br_log_fail(&h->lg, no, "out of memory");
	rc = hfx_command(h, p, no);
	if (rc == BR_OK)
		rc = hfx_wall(h, p, v, unit, no);
	h->rows++;
	return rc;
}

int br_read_hyperfine_md(struct br_resultset *rs, const char *name,
			 const char *buf, size_t len,
			 const struct br_ingest_opts *o, struct br_error *err)
{
	struct br_log_iter it;
	struct hfx h;
	const char *unit = NULL;
	char hdr[BR_LOG_LINE_MAX], *cell[8];
	size_t rows = md_count(buf, len), seen = 0, want = 0;
	int rc = hfx_begin(&h, rs, name, rows, o, err);

	br_log_iter_init(&it, buf, len);
	while (rc == BR_OK && br_log_next(&it)) {
		if (!unit && !strncmp(it.line, HFX_MD_HEADER,
				      strlen(HFX_MD_HEADER))) {
			unit = md_unit(it.line);
			memcpy(hdr, it.line, it.n + 1);
			want = md_cells(hdr, cell, 8);
			if (!unit)
				rc = br_log_fail(&h.lg, it.no, "hyperfine "
						 "Markdown: unknown unit in "
						 "'Mean [...]'");
			continue;
		}
		if (!unit || strncmp(it.line, "| `", 3) != 0)
			continue;
		seen++;
		rc = md_row(&h, it.line, unit, want, it.no, seen == rows &&
			    it.pos >= it.len);
	}
	if (rc != BR_OK)
		return rc;
	return hfx_end(&h, "Markdown", it.no);
}
