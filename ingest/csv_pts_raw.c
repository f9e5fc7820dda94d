/*
 * csv_pts_raw.c - the PTS result-file-raw-to-csv export
 * (doc/pts-format.md section 3.2): a title line, then per result a
 * quoted "Title Version - Description", line, a "Higher Results Are
 * Better" or "Lower Results Are Better" line (none for other
 * proportions), a blank line, and one "system",run1,run2,... line per
 * entry.  Read with the lenient CSV record reader of csv.c.
 */
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "csv_int.h"

#define DETECT_WINDOW 4096

static const char hib_line[] = "Higher Results Are Better";
static const char lib_line[] = "Lower Results Are Better";

/* Is s[0..n) the proportion line (blanks around it allowed)? */
static enum br_dir prop_line(const char *s, size_t n, bool *is_prop)
{
	while (n && (*s == ' ' || *s == '\t')) {
		s++;
		n--;
	}
	while (n && (s[n - 1] == ' ' || s[n - 1] == '\t' || s[n - 1] == '\r'))
		n--;
	*is_prop = true;
	if (n == sizeof hib_line - 1 && !memcmp(s, hib_line, n))
		return BR_DIR_HIB;
	if (n == sizeof lib_line - 1 && !memcmp(s, lib_line, n))
		return BR_DIR_LIB;
	*is_prop = false;
	return BR_DIR_UNKNOWN;
}

/* '"...",': a result title line. */
static bool title_line(const char *s, size_t n)
{
	while (n && (s[n - 1] == ' ' || s[n - 1] == '\t'))
		n--;
	return n >= 4 && s[0] == '"' && s[n - 1] == ',' && s[n - 2] == '"';
}

/*
 * PTS raw CSV export: 95 when a proportion line follows a '"...",' line
 * in the first few KiB, else 0.
 */
int br_detect_pts_raw_csv(const char *buf, size_t len)
{
	size_t pos = br_text_bom(buf, len), end = len;
	bool prev_title = false, is_prop;
	int lines = 0;

	if (end > DETECT_WINDOW)
		end = DETECT_WINDOW;
	while (pos < end && lines < 256) {
		const char *nl = memchr(buf + pos, '\n', end - pos);
		size_t n = nl ? (size_t)(nl - (buf + pos)) : end - pos;

		if (n && buf[pos + n - 1] == '\r')
			n--;
		prop_line(buf + pos, n, &is_prop);
		if (is_prop && prev_title)
			return 95;
		prev_title = title_line(buf + pos, n);
		pos += (nl ? (size_t)(nl - (buf + pos)) : n) + 1;
		lines++;
	}
	return 0;
}

/* Where the reader is in a result block. */
enum raw_state {
	RAW_TITLE,  /* before a result's title line (blank lines skipped) */
	RAW_PROP,   /* after it: the proportion line or the blank line */
	RAW_BLANK,  /* after the proportion line: the blank line */
	RAW_ROWS,   /* system rows, up to a blank line */
};

/* Start the test of a title line: "Title Version - Description". */
static struct br_test *raw_test(struct br_resultset *rs, struct br_csv *c,
				const char *fname, enum br_dir dir,
				struct br_error *err)
{
	struct br_loc loc = {fname, c->rec_line};
	char *label = (char *)c->f[0].s, *dash, lab[64];
	const char *title = label, *desc = "";
	struct br_test tt, *t;
	bool created;

	SNIP(lab, c->f[0].s, c->f[0].n);
	dash = strstr(label, " - ");
	if (dash) {
		char *e = dash;

		desc = dash + 3;
		while (*desc == ' ')
			desc++;
		/* "Title  - ..." when the version was empty */
		while (e > label && e[-1] == ' ')
			e--;
		*e = '\0';
	}
	br_test_proto(&tt, br_csv_istr(rs, title, strlen(title), fname,
				       loc.line, err),
		      "", dir, BR_DISPLAY_BAR, &loc);
	tt.description = br_csv_istr(rs, desc, strlen(desc), fname, loc.line,
				     err);
	tt.proportion = dir == BR_DIR_HIB ? "HIB" : dir == BR_DIR_LIB ? "LIB"
		: NULL;
	tt.named_by = "from the raw CSV export's test label (title and "
		"description)";
	if (err->code)
		return NULL;
	t = br_rs_test(rs, &tt, &created, err);
	if (!t)
		return NULL;
	if (created) {
		br_test_finish(rs, t);
	} else if (t->loc.file == fname) {
		/* PTS: a later result with the same key replaces it. */
		br_rs_warn(rs, &loc, "result \"%s\" repeats line %lu; the "
			   "later one replaces it", lab, t->loc.line);
		br_test_clear_entries(t);
		t->loc = loc;
	}
	return t;
}

/* One system row: "system",run1,run2,... */
static int raw_row(struct br_resultset *rs, struct br_csv *c,
		   const char *fname, struct br_test *t, struct br_error *err)
{
	struct br_loc loc = {fname, c->rec_line};
	struct br_entry *e;
	size_t sys, i, k, last = c->nf;
	char q[64], q2[64];

	if (c->f[0].n == 0)
		return br_error_set(err, BR_EDATA, fname, c->rec_line,
				    "run row without a system name in "
				    "column 1");
	while (last > 1 && c->f[last - 1].n == 0)
		last--;
	sys = br_rs_system(rs, c->f[0].s, true, &loc, err);
	if (sys == (size_t)-1)
		return err->code;
	rs->systems[sys]->declared = true;
	if (!rs->systems[sys]->named_by)
		rs->systems[sys]->named_by = "from the raw CSV export's run "
			"rows";
	k = br_test_find_entry(t, sys);
	if (k != (size_t)-1)
		return br_error_set(err, BR_EDATA, fname, c->rec_line,
				    "system \"%s\" already has runs for this "
				    "result (%s:%lu)",
				    SNIP(q, c->f[0].s, c->f[0].n),
				    t->entries[k].loc.file ?
				    t->entries[k].loc.file : "?",
				    t->entries[k].loc.line);
	if (last == 1) {
		/* PTS leaves a single run out of RawString, and a failed
		 * run has none. */
		br_rs_warn(rs, &loc, "no runs for system \"%s\" (a single "
			   "run, which this export leaves out, or a failed "
			   "one); left out", SNIP(q, c->f[0].s, c->f[0].n));
		return BR_OK;
	}
	e = br_test_add_entry(rs, t, sys, &loc, err);
	if (!e)
		return err->code;
	for (i = 1; i < last; i++) {
		const struct br_csv_field *f = &c->f[i];
		double v;

		if (!br_parse_number(f->s, &v, NULL))
			return br_error_set(err, BR_EDATA, fname, f->line,
					    "run %zu of system \"%s\" (column "
					    "%zu) is not a number: \"%s\"", i,
					    SNIP(q, c->f[0].s, c->f[0].n),
					    i + 1, SNIP(q2, f->s, f->n));
		if (br_sample_add_run(&e->sample, v, &loc, err) != BR_OK)
			return err->code;
		br_sample_note_step(&e->sample, br_num_text_step(f->s, f->n));
	}
	return BR_OK;
}

/*
 * The reader's state across lines: where it is in a result block, the
 * result being read, and what the "input ends" and "expected" messages
 * name (the title line's label and line).
 */
struct raw_reader {
	struct br_resultset *rs;
	struct br_csv *c;
	const char *fname;
	struct br_error *err;
	enum raw_state st;
	struct br_test *t;      /* the current result's test */
	enum br_dir dir;        /* its proportion */
	unsigned long title_at; /* line of its title */
	char lab[64];           /* its title, snipped for messages */
};

/* Line 1: the export's title and a delimiter, unless the file starts
 * with a result; the title goes into the result set's metadata. */
static int raw_head(struct raw_reader *rd, struct br_meta *meta)
{
	const char *s;
	size_t n;
	bool used;
	int rc = BR_OK;

	br_csv_peek_line(rd->c, &s, &n);
	if (title_line(s, n))
		return BR_OK;
	while (n && (s[n - 1] == ' ' || s[n - 1] == '\t'))
		n--;
	if (n && s[n - 1] == ',')
		n--;
	if (n)
		rc = br_meta_apply(rd->rs, meta, "title", 5, s, n, 1, &used,
				   rd->err);
	if (rc != BR_OK)
		return rc;
	br_csv_skip_line(rd->c);
	return BR_OK;
}

/* A result's title line (blank lines before it skipped): its test,
 * with the proportion read ahead from the next line. */
static int raw_on_title(struct raw_reader *rd, bool empty)
{
	struct br_csv *c = rd->c;
	bool is_prop = false;

	if (empty)
		return BR_OK;
	if (!c->f[0].quoted || c->f[0].n == 0 || c->nf != 2 || c->f[1].n)
		return br_error_set(rd->err, BR_EDATA, rd->fname, c->rec_line,
				    "expected a result's title line "
				    "('\"Title Version - Description\",') "
				    "here");
	/* The proportion comes on the next line. */
	rd->title_at = c->rec_line;
	SNIP(rd->lab, c->f[0].s, c->f[0].n);
	rd->dir = BR_DIR_UNKNOWN;
	if (!br_csv_eof(c)) {
		const char *peek;
		size_t pn;

		br_csv_peek_line(c, &peek, &pn);
		rd->dir = prop_line(peek, pn, &is_prop);
	}
	rd->t = raw_test(rd->rs, c, rd->fname, rd->dir, rd->err);
	if (!rd->t)
		return rd->err->code;
	rd->st = RAW_PROP;
	return BR_OK;
}

/* One record (raw text s[0..n), empty if it has no fields) in the
 * state machine of enum raw_state. */
static int raw_step(struct raw_reader *rd, const char *s, size_t n,
		    bool empty)
{
	bool is_prop;

	switch (rd->st) {
	case RAW_TITLE:
		return raw_on_title(rd, empty);
	case RAW_PROP:
		prop_line(s, n, &is_prop);
		if (is_prop) {
			rd->st = RAW_BLANK;
			return BR_OK;
		}
		if (!empty)
			return br_error_set(rd->err, BR_EDATA, rd->fname,
					    rd->c->rec_line, "expected '%s', "
					    "'%s' or a blank line after the "
					    "title line of \"%s\" (line %lu)",
					    hib_line, lib_line, rd->lab,
					    rd->title_at);
		rd->st = RAW_ROWS;
		return BR_OK;
	case RAW_BLANK:
		if (!empty)
			return br_error_set(rd->err, BR_EDATA, rd->fname,
					    rd->c->rec_line, "expected a blank "
					    "line after the line '%s'",
					    rd->dir == BR_DIR_LIB ? lib_line
					    : hib_line);
		rd->st = RAW_ROWS;
		return BR_OK;
	case RAW_ROWS:
		if (empty) {
			rd->st = RAW_TITLE;
			return BR_OK;
		}
		return raw_row(rd->rs, rd->c, rd->fname, rd->t, rd->err);
	}
	return BR_OK;
}

/* After the last record: a result cut short, or none at all, is an
 * error; else the warning that this export has runs only. */
static int raw_finish(struct raw_reader *rd)
{
	if (rd->st == RAW_PROP || rd->st == RAW_BLANK)
		return br_error_set(rd->err, BR_EDATA, rd->fname, rd->title_at,
				    "the input ends after the title line of "
				    "\"%s\"", rd->lab);
	if (!rd->t)   /* empty, or a title alone: not an export, said so */
		return br_error_set(rd->err, BR_EDATA, rd->fname, 1, "no "
				    "result in this PTS raw CSV export (a "
				    "result starts with a line '\"Title "
				    "Version - Description\",')");
	br_rs_warn(rd->rs, &(struct br_loc){rd->fname, 0}, "PTS raw CSV "
		   "export: runs only (no units, test identifiers or "
		   "published values; titles end with the program version)");
	return BR_OK;
}

/*
 * Read a PTS result-file-raw-to-csv export (doc/pts-format.md section
 * 3.2).  Entries get the runs; the published value, the unit and the
 * test identifier are not in this export.
 */
int br_read_pts_raw_csv(struct br_resultset *rs, const char *name,
			const char *buf, size_t len,
			const struct br_ingest_opts *o, struct br_error *err)
{
	struct raw_reader rd;
	struct br_meta meta;
	struct br_csv c;
	const char *fname, *s;
	size_t n;
	int rc, r;

	(void)o;
	rc = br_text_begin(rs, name, buf, len, &fname, err);
	if (rc != BR_OK)
		return rc;
	memset(&meta, 0, sizeof meta);
	meta.file = fname;
	br_csv_init(&c, fname, buf, len, true);
	memset(&rd, 0, sizeof rd);
	rd.rs = rs;
	rd.c = &c;
	rd.fname = fname;
	rd.err = err;
	rd.st = RAW_TITLE;
	rd.dir = BR_DIR_UNKNOWN;
	rc = raw_head(&rd, &meta);
	if (rc != BR_OK)
		goto out;
	while (!br_csv_eof(&c)) {
		br_csv_peek_line(&c, &s, &n);
		r = br_csv_next(&c, err);
		if (r < 0) {
			rc = err->code;
			goto out;
		}
		if (r == 0)
			break;
		rc = raw_step(&rd, s, n, br_csv_record_empty(&c));
		if (rc != BR_OK)
			goto out;
	}
	rc = raw_finish(&rd);
out:
	br_meta_fini(&meta);
	br_csv_fini(&c);
	return rc;
}
