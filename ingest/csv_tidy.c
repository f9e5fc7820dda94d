/*
 * csv_tidy.c - benchreport's own tidy CSV (doc/tidy-csv.md): "# key:
 * value" metadata comments, a header row, one row per run, per
 * published summary or per series point.  Read with the CSV record
 * reader of csv.c; the writer is render/table/tidy_csv.c.
 */
#include <ctype.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "../model/model_int.h"
#include "csv_int.h"

#define TIDY_DETECT_WINDOW 16384  /* metadata comments can be long */
#define TIDY_MAGIC "# benchreport tidy CSV"

/* True when s[0..n) holds only blanks (a blank line). */
static bool is_blank(const char *s, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (s[i] != ' ' && s[i] != '\t' && s[i] != '\r')
			return false;
	return true;
}

enum col {
	COL_SYSTEM, COL_VALUE, COL_MEAN, COL_SE, COL_N, COL_SD, COL_TEST,
	COL_TITLE, COL_DESCRIPTION, COL_UNIT, COL_DIRECTION, COL_APP_VERSION,
	COL_ARGUMENTS, COL_X, COL_X_LABEL, COL_ERROR, COL_METRIC, N_COLS
};

/* Column names; an alias after '|'. */
static const char *const col_names[N_COLS] = {
	"system", "value", "mean", "se", "n", "sd", "test|identifier",
	"title", "description", "unit|scale", "direction|proportion",
	"app_version", "arguments", "x", "x_label", "error", "metric",
};

/* The column a header name stands for (case-insensitive), or -1. */
static int col_lookup(const char *s)
{
	int i;

	for (i = 0; i < N_COLS; i++) {
		const char *nm = col_names[i], *bar = strchr(nm, '|');

		if (bar) {
			if ((size_t)(bar - nm) == strlen(s) &&
			    !strncasecmp(nm, s, (size_t)(bar - nm)))
				return i;
			if (!strcasecmp(bar + 1, s))
				return i;
		} else if (!strcasecmp(nm, s)) {
			return i;
		}
	}
	return -1;
}

/* The first name of column i (for messages). */
static const char *col_name(int i, char *buf, size_t size)
{
	const char *nm = col_names[i];
	size_t n = strcspn(nm, "|");

	snprintf(buf, size, "%.*s", (int)n, nm);
	return buf;
}

enum row_kind { ROW_RUN, ROW_SUMMARY, ROW_VALUE, ROW_FAIL };

/* The numbers of one row, parsed. */
struct rowval {
	enum row_kind kind;
	double value;        /* ROW_RUN */
	double step;         /* ROW_RUN: its resolution, 0 unknown;
			      * else the mean's as written */
	bool has_mean;
	double mean;
	const char *mean_text;  /* interned */
	double se;           /* NAN: none */
	size_t n;            /* 0: none */
	const char *error;   /* interned, or NULL */
};

/* A series row kept until the end of the file. */
struct srow {
	struct br_test *t;
	size_t entry;
	double x;
	struct rowval v;
	unsigned long line;
};

struct tidy {
	struct br_resultset *rs;
	const char *fname;
	struct br_csv c;
	struct br_meta meta;
	int col[N_COLS];
	size_t n_header;
	struct br_map *entries;   /* "testptr/system" -> entry index * 2
				     + 1 when made by a failure row */
	struct br_arena *keys;    /* the map's key strings */
	struct srow *srows;
	size_t n_srows, cap_srows;
	bool warned_run_extra;
};

/* Field of column k in the current row ("" when absent). */
static const struct br_csv_field *cell(const struct tidy *td, enum col k)
{
	static const struct br_csv_field empty = {"", 0, 0, 0, false};
	int i = td->col[k];

	if (i < 0 || (size_t)i >= td->c.nf)
		return &empty;
	return &td->c.f[i];
}

/*
 * Undo the spreadsheet guard of benchreport's CSV writer (br_csv_field,
 * doc/escaping.md): a field that starts with apostrophes followed by
 * = + - @ tab or carriage return was written with one apostrophe more,
 * so one is dropped.  "'=x" reads "=x" and "''=x" reads "'=x"; "'abc"
 * and "'" stay as they are.  Exact for everything the writer writes.
 */
static void unguard(struct br_csv *c)
{
	size_t i, k;

	for (i = 0; i < c->nf; i++) {
		struct br_csv_field *f = &c->f[i];

		for (k = 0; k < f->n && f->s[k] == '\''; k++)
			;
		if (k && k < f->n && strchr("=+-@\t\r", f->s[k])) {
			f->s++;
			f->n--;
		}
	}
}

/* The line where column k of the current row starts (for messages). */
static unsigned long cell_line(const struct tidy *td, enum col k)
{
	const struct br_csv_field *f = cell(td, k);

	return f->line ? f->line : td->c.rec_line;
}

/*
 * Map the header row's names to columns; EDATA without system and
 * value/mean or with a column twice.  Unknown names: one warning.
 */
static int header(struct tidy *td, struct br_error *err)
{
	struct br_csv *c = &td->c;
	char unknown[512] = "", q[64], nm[32];
	size_t i, nunk = 0;

	for (i = 0; i < N_COLS; i++)
		td->col[i] = -1;
	for (i = 0; i < c->nf; i++) {
		int k = col_lookup(c->f[i].s);

		if (k < 0) {
			size_t ul = strlen(unknown);

			if (c->f[i].n == 0)
				continue;
			if (ul < sizeof unknown - 80)
				snprintf(unknown + ul, sizeof unknown - ul,
					 "%s\"%s\"", nunk ? ", " : "",
					 SNIP(q, c->f[i].s, c->f[i].n));
			nunk++;
			continue;
		}
		if (td->col[k] >= 0)
			return br_error_set(err, BR_EDATA, td->fname,
					    c->rec_line, "column '%s' appears "
					    "twice in the header (columns %d "
					    "and %zu)", col_name(k, nm,
								 sizeof nm),
					    td->col[k] + 1, i + 1);
		td->col[k] = (int)i;
	}
	td->n_header = c->nf;
	if (td->col[COL_SYSTEM] < 0 ||
	    (td->col[COL_VALUE] < 0 && td->col[COL_MEAN] < 0))
		return br_error_set(err, BR_EDATA, td->fname, c->rec_line,
				    "header needs a 'system' column and a "
				    "'value' or 'mean' column");
	if (nunk)
		br_rs_warn(td->rs, &(struct br_loc){td->fname, c->rec_line},
			   "ignoring unknown column%s %s", nunk > 1 ? "s" : "",
			   unknown);
	return BR_OK;
}

/*
 * The direction a direction cell names: *dir (UNKNOWN for "" and
 * "abstract") and *prop, the PTS Proportion the test keeps: "ABSTRACT",
 * which dir cannot say (render/table/tidy_csv.c writes it back), else NULL.
 * false if the word is unknown.
 */
static bool parse_direction(const char *s, enum br_dir *dir,
			    const char **prop)
{
	static const struct {
		const char *word;
		enum br_dir dir;
	} words[] = {
		{"", BR_DIR_UNKNOWN}, {"hib", BR_DIR_HIB}, {"lib", BR_DIR_LIB},
		{"more", BR_DIR_HIB}, {"fewer", BR_DIR_LIB},
		{"less", BR_DIR_LIB}, {"higher", BR_DIR_HIB},
		{"lower", BR_DIR_LIB}, {"more is better", BR_DIR_HIB},
		{"fewer is better", BR_DIR_LIB},
		{"less is better", BR_DIR_LIB},
		{"higher is better", BR_DIR_HIB},
		{"lower is better", BR_DIR_LIB},
		{"abstract", BR_DIR_UNKNOWN},
	};
	size_t i;

	for (i = 0; i < sizeof words / sizeof *words; i++)
		if (!strcasecmp(s, words[i].word)) {
			*dir = words[i].dir;
			*prop = strcasecmp(s, "abstract") ? NULL : "ABSTRACT";
			return true;
		}
	return false;
}

/*
 * The direction test t was given, as PTS spells it: its Proportion when
 * it has one, else the dir its reader set ("" when that is UNKNOWN or
 * was inferred from the unit).
 */
static const char *given_direction(const struct br_test *t)
{
	if (t->proportion && *t->proportion)
		return t->proportion;
	return t->dir_inferred ? "" : br_dir_name(t->dir);
}

/*
 * A number, or a duration when the test's unit is a time (converted from
 * seconds into that unit).  *text gets the text to keep as value_text:
 * the cell verbatim for a number, the converted value for a duration.
 */
static int parse_value(struct tidy *td, const struct br_test *t, enum col k,
		       double *v, const char **text, struct br_error *err)
{
	const struct br_csv_field *f = cell(td, k);
	char q[64], nm[32], num[40];
	double secs;

	if (br_parse_number(f->s, v, NULL)) {
		if (text) {
			*text = br_csv_istr(td->rs, f->s, f->n, td->fname,
					    cell_line(td, k), err);
			if (!*text)
				return err->code;
		}
		return BR_OK;
	}
	if (br_parse_duration(f->s, f->n, &secs)) {
		if (t->unit.dim != BR_DIM_TIME)
			return br_error_set(err, BR_EDATA, td->fname,
					    cell_line(td, k), "column '%s': "
					    "\"%s\" is a duration, but the "
					    "unit \"%s\" is not a time",
					    col_name(k, nm, sizeof nm),
					    SNIP(q, f->s, f->n), t->unit.text);
		*v = secs / t->unit.scale;
		if (text) {
			br_fmt_double(num, sizeof num, *v);
			*text = br_csv_istr(td->rs, num, strlen(num), td->fname,
					    cell_line(td, k), err);
			if (!*text)
				return err->code;
		}
		return BR_OK;
	}
	return br_error_set(err, BR_EDATA, td->fname, cell_line(td, k),
			    "column '%s' is not a number%s: \"%s\"",
			    col_name(k, nm, sizeof nm),
			    br_looks_like_duration(f->s, f->n) ?
			    " or duration (m:ss, h:mm:ss)" : "",
			    SNIP(q, f->s, f->n));
}

/* The kind and numbers of the current row. */
static int row_values(struct tidy *td, const struct br_test *t,
		      struct rowval *rv, struct br_error *err)
{
	const struct br_csv_field *fv = cell(td, COL_VALUE);
	const struct br_csv_field *fm = cell(td, COL_MEAN);
	const struct br_csv_field *fse = cell(td, COL_SE);
	const struct br_csv_field *fn = cell(td, COL_N);
	const struct br_csv_field *fsd = cell(td, COL_SD);
	const struct br_csv_field *fe = cell(td, COL_ERROR);
	char q[64];
	double sd = NAN, d;
	int rc;

	memset(rv, 0, sizeof *rv);
	rv->se = NAN;
	rv->mean = NAN;
	if (fe->n) {
		rv->error = br_csv_istr(td->rs, fe->s, fe->n, td->fname,
					fe->line, err);
		if (!rv->error)
			return err->code;
	}
	if (fm->n) {
		rc = parse_value(td, t, COL_MEAN, &rv->mean, &rv->mean_text,
				 err);
		if (rc != BR_OK)
			return rc;
		rv->has_mean = true;
		rv->step = br_num_text_step(fm->s, fm->n);
		if (rv->step == 0 && t->unit.scale > 0)  /* a duration */
			rv->step = br_duration_step(fm->s, fm->n) /
				   t->unit.scale;
	}
	if (fv->n) {
		rv->kind = ROW_RUN;
		rc = parse_value(td, t, COL_VALUE, &rv->value, NULL, err);
		if (rc != BR_OK)
			return rc;
		rv->step = br_num_text_step(fv->s, fv->n);
		if (rv->step == 0 && t->unit.scale > 0)  /* a duration */
			rv->step = br_duration_step(fv->s, fv->n) /
				   t->unit.scale;
		if ((fse->n || fn->n || fsd->n) && !td->warned_run_extra) {
			br_rs_warn(td->rs, &(struct br_loc){td->fname,
					   td->c.rec_line},
				   "se, n and sd are ignored on run rows "
				   "(rows with a value); the statistics come "
				   "from the runs");
			td->warned_run_extra = true;
		}
		return BR_OK;
	}
	if (!fm->n) {
		if (fse->n || fn->n || fsd->n)
			return br_error_set(err, BR_EDATA, td->fname,
					    td->c.rec_line, "se, n or sd given "
					    "without a mean");
		rv->kind = ROW_FAIL;
		if (!rv->error)
			rv->error = br_csv_istr(td->rs, "", 0, td->fname,
						td->c.rec_line, err);
		return rv->error ? BR_OK : err->code;
	}
	rv->kind = ROW_VALUE;
	if (fn->n) {
		const char *p;

		for (p = fn->s; isdigit((unsigned char)*p); p++)
			;
		if (*p || fn->n > 9 || !br_parse_number(fn->s, &d, NULL) ||
		    d < 1)
			return br_error_set(err, BR_EDATA, td->fname, fn->line,
					    "column 'n' is not a whole number "
					    ">= 1: \"%s\"",
					    SNIP(q, fn->s, fn->n));
		rv->n = (size_t)d;
		rv->kind = ROW_SUMMARY;
	}
	if (fse->n) {
		rc = parse_value(td, t, COL_SE, &rv->se, NULL, err);
		if (rc != BR_OK)
			return rc;
		if (rv->se < 0)
			return br_error_set(err, BR_EDATA, td->fname, fse->line,
					    "column 'se' is negative: \"%s\"",
					    SNIP(q, fse->s, fse->n));
		rv->kind = ROW_SUMMARY;
	}
	if (fsd->n) {
		rc = parse_value(td, t, COL_SD, &sd, NULL, err);
		if (rc != BR_OK)
			return rc;
		if (sd < 0)
			return br_error_set(err, BR_EDATA, td->fname, fsd->line,
					    "column 'sd' is negative: \"%s\"",
					    SNIP(q, fsd->s, fsd->n));
		if (!rv->n)
			return br_error_set(err, BR_EDATA, td->fname, fsd->line,
					    "column 'sd' needs 'n' (se = sd / "
					    "sqrt(n))");
		if (isnan(rv->se))
			rv->se = sd / sqrt((double)rv->n);
		rv->kind = ROW_SUMMARY;
	}
	return BR_OK;
}

/* The row's 'metric' cell: "sub" marks its test a sub-metric
 * (br_test.sub_metric; doc/tidy-csv.md), "primary" or "" leaves it. */
static int row_metric(struct tidy *td, struct br_test *t,
		      struct br_error *err)
{
	const struct br_csv_field *f = cell(td, COL_METRIC);
	char q[64];

	if (f->n == 0 || (f->n == 7 && !strncasecmp(f->s, "primary", 7)))
		return BR_OK;
	if (f->n == 3 && !strncasecmp(f->s, "sub", 3)) {
		t->sub_metric = true;
		return BR_OK;
	}
	return br_error_set(err, BR_EDATA, td->fname, cell_line(td, COL_METRIC),
			    "column 'metric': \"%s\" is neither primary nor "
			    "sub", SNIP(q, f->s, f->n));
}

/* The test of the current row: found, or created from its identity
 * columns. */
static int row_test(struct tidy *td, bool series, struct br_test **out,
		    struct br_error *err)
{
	struct br_resultset *rs = td->rs;
	const struct br_csv_field *fid = cell(td, COL_TEST);
	const struct br_csv_field *fti = cell(td, COL_TITLE);
	const char *prop, *word, *had;
	enum br_dir dir;
	struct br_test tt, *t;
	unsigned long line = td->c.rec_line;
	char q[64], q2[64], *key;
	bool created;
	size_t idx;

	if (!parse_direction(cell(td, COL_DIRECTION)->s, &dir, &prop))
		return br_error_set(err, BR_EDATA, td->fname,
				    cell_line(td, COL_DIRECTION),
				    "column 'direction': unknown direction "
				    "\"%s\" (HIB, LIB, more, fewer or empty)",
				    SNIP(q, cell(td, COL_DIRECTION)->s,
					 cell(td, COL_DIRECTION)->n));
	if (fid->n == 0 && fti->n == 0)
		return br_error_set(err, BR_EDATA, td->fname, line,
				    "row names no test: fill 'test' or "
				    "'title'");
	word = prop ? prop : br_dir_name(dir);
	br_test_proto(&tt, fti->n ? fti->s : fid->s, cell(td, COL_UNIT)->s,
		      dir, series ? BR_DISPLAY_LINE : BR_DISPLAY_BAR,
		      &(struct br_loc){td->fname, line});
	tt.identifier = fid->s;
	tt.app_version = cell(td, COL_APP_VERSION)->s;
	tt.arguments = cell(td, COL_ARGUMENTS)->s;
	tt.description = cell(td, COL_DESCRIPTION)->s;
	/* Known already?  (Looked up before interning anything.) */
	key = br_test_key(&tt);
	if (!key)
		return br_error_set(err, BR_EIO, td->fname, line,
				    "out of memory");
	if (br_map_get(rs->test_index, key, &idx)) {
		free(key);
		t = rs->tests[idx];
		had = given_direction(t);
		if (*word && *had && dir != br_dir_from_proportion(had))
			return br_error_set(err, BR_EDATA, td->fname,
					    cell_line(td, COL_DIRECTION),
					    "direction \"%s\" contradicts "
					    "\"%s\" given for this test on "
					    "%s:%lu", word, SNIP(q2, had,
					    strlen(had)),
					    t->loc.file ? t->loc.file : "?",
					    t->loc.line);
		if (t->loc.file != td->fname && series)
			return br_error_set(err, BR_EDATA, td->fname, line,
					    "series test \"%s\" was already "
					    "read from %s; series cannot be "
					    "merged", SNIP(q, t->title,
					    strlen(t->title)), t->loc.file ?
					    t->loc.file : "another input");
		*out = t;
		return BR_OK;
	}
	free(key);
	tt.identifier = br_csv_istr(rs, tt.identifier, strlen(tt.identifier),
				    td->fname, line, err);
	tt.title = br_csv_istr(rs, tt.title, strlen(tt.title), td->fname, line,
			       err);
	tt.app_version = br_csv_istr(rs, tt.app_version, strlen(tt.app_version),
				     td->fname, line, err);
	tt.arguments = br_csv_istr(rs, tt.arguments, strlen(tt.arguments),
				   td->fname, line, err);
	tt.description = br_csv_istr(rs, tt.description,
				     strlen(tt.description), td->fname, line,
				     err);
	tt.scale = br_csv_istr(rs, tt.scale, strlen(tt.scale), td->fname, line,
			       err);
	tt.proportion = prop;
	tt.named_by = fti->n ? "from the title column (and description, "
		"arguments, version)" : "from the test column (and "
		"description, arguments, version)";
	if (series && cell(td, COL_X_LABEL)->n)
		tt.x_label = br_csv_istr(rs, cell(td, COL_X_LABEL)->s,
					 cell(td, COL_X_LABEL)->n, td->fname,
					 line, err);
	if (err->code)
		return err->code;
	t = br_rs_test(rs, &tt, &created, err);
	if (!t)
		return err->code;
	if (created)
		br_test_finish(rs, t);
	*out = t;
	return BR_OK;
}

/* The entry of (t, system) made by this file, or a new one.  *was_fail
 * says whether it was made by a failure row; *is_new whether it was
 * just made.  EDATA when an earlier input has one. */
static int row_entry(struct tidy *td, struct br_test *t, size_t sys,
		     bool fail_row, size_t *out, bool *was_fail, bool *is_new,
		     struct br_error *err)
{
	struct br_loc loc = {td->fname, td->c.rec_line};
	char key[64], q[64], q2[64];
	const char *ikey;
	size_t v, i;

	*is_new = false;
	snprintf(key, sizeof key, "%p/%zu", (void *)t, sys);
	if (br_map_get(td->entries, key, &v)) {
		*out = v / 2;
		*was_fail = v & 1;
		return BR_OK;
	}
	/* Not made by this file: an entry there is an earlier input's (the
	 * model's index finds it without a scan, so reading many files
	 * stays linear). */
	i = br_test_find_entry(t, sys);
	if (i != (size_t)-1) {
		const struct br_entry *o = &t->entries[i];
		const char *id = td->rs->systems[sys]->identifier;

		return br_error_set(err, BR_EDATA, td->fname, loc.line,
				    "system \"%s\" already has a result for "
				    "\"%s\" (%s:%lu)", SNIP(q, id, strlen(id)),
				    SNIP(q2, t->title, strlen(t->title)),
				    o->loc.file ? o->loc.file : "?",
				    o->loc.line);
	}
	if (!br_test_add_entry(td->rs, t, sys, &loc, err))
		return err->code;
	i = t->n_entries - 1;
	ikey = br_arena_strdup(td->keys, key);
	if (!ikey || !br_map_put(td->entries, ikey,
				 i * 2 + (fail_row ? 1 : 0)))
		return br_error_set(err, BR_EIO, td->fname, loc.line,
				    "out of memory");
	*out = i;
	*was_fail = fail_row;
	*is_new = true;
	return BR_OK;
}

/* What sample_apply() found wrong. */
enum apply_status { APPLY_OK = 0, APPLY_TWICE, APPLY_MEAN_DIFFERS,
		    APPLY_ERR };

/* Apply the numbers of one row to a sample (scalar or series point). */
static enum apply_status sample_apply(struct br_sample *s,
				      const struct rowval *rv,
				      const struct br_loc *loc,
				      struct br_error *err)
{
	if (rv->kind == ROW_RUN) {
		if (s->is_summary || (s->has_value && !s->n_runs))
			return APPLY_TWICE;
		if (br_sample_add_run(s, rv->value, loc, err) != BR_OK)
			return APPLY_ERR;
		br_sample_note_step(s, rv->step);
		if (!rv->has_mean)
			return APPLY_OK;
		if (!s->has_value) {
			s->has_value = true;
			s->value = rv->mean;
			s->value_text = rv->mean_text;
		} else if (strcmp(s->value_text, rv->mean_text)) {
			return APPLY_MEAN_DIFFERS;
		}
		return APPLY_OK;
	}
	if (s->n_runs || s->has_value || s->is_summary)
		return APPLY_TWICE;
	s->has_value = true;
	s->value = rv->mean;
	s->value_text = rv->mean_text;
	if (rv->kind == ROW_SUMMARY) {
		s->is_summary = true;
		s->se = rv->se;
		s->n = rv->n;
		/* a published SE of 0: the mean is known to its last
		 * digit, as identical runs are (doc/statistics.md,
		 * "Resolution") */
		if (rv->se == 0)
			br_sample_note_step(s, rv->step);
	}
	return APPLY_OK;
}

/* The error for a failed sample_apply(); first = the line of the
 * sample's first row. */
static int apply_error(struct tidy *td, enum apply_status st,
		       const struct br_sample *s, const struct rowval *rv,
		       unsigned long line, unsigned long first,
		       struct br_error *err)
{
	char q[64], q2[64];

	if (st == APPLY_ERR)
		return err->code;
	if (st == APPLY_MEAN_DIFFERS)
		return br_error_set(err, BR_EDATA, td->fname, line, "mean "
				    "\"%s\" differs from \"%s\" on line %lu "
				    "for the same test and system",
				    SNIP(q, rv->mean_text,
					 strlen(rv->mean_text)),
				    SNIP(q2, s->value_text,
					 strlen(s->value_text)), first);
	return br_error_set(err, BR_EDATA, td->fname, line, "second row for "
			    "the same test and system (first on line %lu): "
			    "only run rows (with a value) may repeat", first);
}

/* A test of this file with no measured data yet (failure rows only). */
static bool test_has_no_data(const struct br_test *t)
{
	size_t i;

	for (i = 0; i < t->n_entries; i++)
		if (t->entries[i].sample.n_runs ||
		    t->entries[i].sample.has_value)
			return false;
	return true;
}

/*
 * Read one data row: its test, system, kind and numbers; series rows
 * are kept for build_series().
 */
static int tidy_row(struct tidy *td, struct br_error *err)
{
	struct br_resultset *rs = td->rs;
	struct br_csv *c = &td->c;
	struct br_loc loc = {td->fname, c->rec_line};
	const struct br_csv_field *fsys = cell(td, COL_SYSTEM);
	const struct br_csv_field *fx = cell(td, COL_X);
	bool has_data = cell(td, COL_VALUE)->n || cell(td, COL_MEAN)->n;
	bool series = fx->n > 0, was_fail = false, is_new = false;
	enum apply_status st;
	struct br_test *t = NULL;
	struct br_entry *e;
	struct rowval rv;
	double x = 0;
	size_t sys, ei = 0, i;
	char q[64];
	int rc;

	for (i = td->n_header; i < c->nf; i++)
		if (c->f[i].n)
			return br_error_set(err, BR_EDATA, td->fname,
					    c->rec_line, "row has %zu fields, "
					    "the header %zu", c->nf,
					    td->n_header);
	if (fsys->n == 0)
		return br_error_set(err, BR_EDATA, td->fname, c->rec_line,
				    "column 'system' is empty");
	if (series && !br_parse_number(fx->s, &x, NULL))
		return br_error_set(err, BR_EDATA, td->fname, fx->line,
				    "column 'x' is not a number: \"%s\"",
				    SNIP(q, fx->s, fx->n));
	/* A failure row's x (if any) does not matter. */
	rc = row_test(td, series && has_data, &t, err);
	if (rc == BR_OK)
		rc = row_metric(td, t, err);
	if (rc != BR_OK)
		return rc;
	if (has_data && series != (t->display == BR_DISPLAY_LINE)) {
		if (series && t->loc.file == td->fname &&
		    test_has_no_data(t)) {
			/* Created by failure rows: it is a series after
			 * all. */
			t->display = BR_DISPLAY_LINE;
			if (!t->x_label && cell(td, COL_X_LABEL)->n)
				t->x_label = br_csv_istr(rs,
						cell(td, COL_X_LABEL)->s,
						cell(td, COL_X_LABEL)->n,
						td->fname, loc.line, err);
		} else {
			return br_error_set(err, BR_EDATA, td->fname,
					    c->rec_line, "test \"%s\" mixes "
					    "rows with and without x (first "
					    "row on line %lu)",
					    SNIP(q, t->title, strlen(t->title)),
					    t->loc.line);
		}
	}
	rc = row_values(td, t, &rv, err);
	if (rc != BR_OK)
		return rc;
	sys = br_rs_system(rs, fsys->s, true, &loc, err);
	if (sys == (size_t)-1)
		return err->code;
	if (!rs->systems[sys]->named_by)
		rs->systems[sys]->named_by = "from the system column";
	rc = row_entry(td, t, sys, rv.kind == ROW_FAIL, &ei, &was_fail,
		       &is_new, err);
	if (rc != BR_OK)
		return rc;
	e = &t->entries[ei];
	if (!is_new && (rv.kind == ROW_FAIL || was_fail))
		return br_error_set(err, BR_EDATA, td->fname, c->rec_line,
				    "second row for the same test and system "
				    "(first on line %lu): a failure row must "
				    "be the only one", e->loc.line);
	if (rv.error && !e->error)
		e->error = rv.error;
	if (rv.kind == ROW_FAIL)
		return BR_OK;
	if (t->display == BR_DISPLAY_LINE) {
		struct srow *sr;

		if (!br_grow((void **)&td->srows, &td->cap_srows,
			     td->n_srows + 1, sizeof *td->srows))
			return br_error_set(err, BR_EIO, td->fname, loc.line,
					    "out of memory");
		sr = &td->srows[td->n_srows++];
		sr->t = t;
		sr->entry = ei;
		sr->x = x;
		sr->v = rv;
		sr->line = loc.line;
		return BR_OK;
	}
	st = sample_apply(&e->sample, &rv, &loc, err);
	if (st != APPLY_OK)
		return apply_error(td, st, &e->sample, &rv, loc.line,
				   e->loc.line, err);
	return BR_OK;
}

/* qsort() order of doubles. */
static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

/* Index of x in the sorted xs[0..n). */
static size_t x_index(const double *xs, size_t n, double x)
{
	size_t lo = 0, hi = n;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (xs[mid] < x)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

/* A series row's place when grouping rows by test. */
struct srow_key {
	uintptr_t test;  /* the test's address: any fixed order will do */
	size_t row;
};

/* Order of series rows: by test, then by row. */
static int cmp_srow(const void *a, const void *b)
{
	const struct srow_key *x = a, *y = b;

	if (x->test != y->test)
		return x->test < y->test ? -1 : 1;
	return x->row < y->row ? -1 : x->row > y->row;
}

/*
 * Build test->x (the sorted distinct x of its rows) and the points of
 * every entry that has series rows, then apply the rows in file order.
 * O(n log n) in the number of rows, however many series tests there are.
 */
static int build_series(struct tidy *td, struct br_error *err)
{
	struct srow_key *order = NULL;
	double *xs = NULL;
	size_t i, j, k, m, nx;
	int rc = BR_OK;

	if (td->n_srows == 0)
		return BR_OK;
	xs = malloc(td->n_srows * sizeof *xs);
	order = malloc(td->n_srows * sizeof *order);
	if (!xs || !order) {
		rc = br_error_set(err, BR_EIO, td->fname, 0, "out of memory");
		goto out;
	}
	for (i = 0; i < td->n_srows; i++) {
		order[i].test = (uintptr_t)td->srows[i].t;
		order[i].row = i;
	}
	qsort(order, td->n_srows, sizeof *order, cmp_srow);
	/* Each run of one test in order[]: its distinct x, sorted. */
	for (i = 0; i < td->n_srows; i = j) {
		struct br_test *t = td->srows[order[i].row].t;

		for (j = i, nx = 0; j < td->n_srows &&
		     order[j].test == order[i].test; j++)
			xs[nx++] = td->srows[order[j].row].x;
		qsort(xs, nx, sizeof *xs, cmp_double);
		for (k = m = 0; k < nx; k++)
			if (m == 0 || xs[k] != xs[m - 1])
				xs[m++] = xs[k];
		t->x = malloc(m * sizeof *t->x);
		if (!t->x) {
			rc = br_error_set(err, BR_EIO, td->fname, 0,
					  "out of memory");
			goto out;
		}
		memcpy(t->x, xs, m * sizeof *t->x);
		t->n_x = m;
	}
	for (i = 0; i < td->n_srows; i++) {
		struct srow *sr = &td->srows[i];
		struct br_entry *e = &sr->t->entries[sr->entry];
		struct br_loc loc = {td->fname, sr->line};
		struct br_sample *smp;
		enum apply_status st;
		unsigned long first = sr->line;

		if (!e->points) {
			e->points = calloc(sr->t->n_x, sizeof *e->points);
			if (!e->points) {
				rc = br_error_set(err, BR_EIO, td->fname, 0,
						  "out of memory");
				goto out;
			}
			e->n_points = sr->t->n_x;
			for (k = 0; k < e->n_points; k++) {
				e->points[k].se = NAN;
				e->points[k].value = NAN;
			}
		}
		smp = &e->points[x_index(sr->t->x, sr->t->n_x, sr->x)];
		st = sample_apply(smp, &sr->v, &loc, err);
		if (st == APPLY_OK)
			continue;
		/* The line of this point's first row, for the message. */
		for (j = 0; j < i; j++)
			if (td->srows[j].t == sr->t &&
			    td->srows[j].entry == sr->entry &&
			    td->srows[j].x == sr->x) {
				first = td->srows[j].line;
				break;
			}
		rc = apply_error(td, st, smp, &sr->v, sr->line, first, err);
		goto out;
	}
out:
	free(order);
	free(xs);
	return rc;
}

/*
 * Tidy CSV: 95 when the first line after comments names a system and
 * a value or mean column, 80 for the writer's first comment alone, else 0.
 */
int br_detect_tidy_csv(const char *buf, size_t len)
{
	size_t pos = br_text_bom(buf, len), end = len, n, i;
	bool sys = false, val = false, magic;
	const char *s;

	if (end > TIDY_DETECT_WINDOW)
		end = TIDY_DETECT_WINDOW;
	magic = end - pos >= strlen(TIDY_MAGIC) &&
		!strncmp(buf + pos, TIDY_MAGIC, strlen(TIDY_MAGIC));
	/* Skip comments and blank lines; the next line is the header. */
	for (;;) {
		const char *nl;

		if (pos >= end)
			return magic ? 80 : 0;
		nl = memchr(buf + pos, '\n', end - pos);
		n = nl ? (size_t)(nl - (buf + pos)) : end - pos;
		s = buf + pos;
		if (n && s[0] == '#') {
			pos += n + 1;
			continue;
		}
		if (is_blank(s, n)) {
			pos += n + 1;
			continue;
		}
		break;
	}
	for (i = 0; i <= n;) {
		size_t j = i, a, b;
		char word[16];

		while (j < n && s[j] != ',')
			j++;
		a = i;
		b = j;
		while (a < b && (s[a] == ' ' || s[a] == '"'))
			a++;
		while (b > a && (s[b - 1] == ' ' || s[b - 1] == '"' ||
				 s[b - 1] == '\r'))
			b--;
		if (b - a < sizeof word) {
			memcpy(word, s + a, b - a);
			word[b - a] = '\0';
			if (!strcasecmp(word, "system"))
				sys = true;
			if (!strcasecmp(word, "value") ||
			    !strcasecmp(word, "mean"))
				val = true;
		}
		i = j + 1;
	}
	return sys && val ? 95 : magic ? 80 : 0;
}

/* Read benchreport's tidy CSV (doc/tidy-csv.md) into rs. */
int br_read_tidy_csv(struct br_resultset *rs, const char *name, const char *buf,
		     size_t len, const struct br_ingest_opts *o,
		     struct br_error *err)
{
	struct tidy td;
	bool have_header = false;
	size_t rows = 0;
	int rc, r;

	(void)o;
	rc = br_text_check(buf, len, name, err);
	if (rc != BR_OK)
		return rc;
	memset(&td, 0, sizeof td);
	td.rs = rs;
	td.fname = br_rs_str(rs, name);
	td.entries = br_map_new();
	td.keys = br_arena_new();
	if (!td.fname || !td.entries || !td.keys) {
		rc = br_error_set(err, BR_EIO, name, 0, "out of memory");
		goto out;
	}
	td.meta.file = td.fname;
	br_csv_init(&td.c, td.fname, buf, len, false);
	for (;;) {
		const char *s;
		size_t n;

		if (br_csv_eof(&td.c))
			break;
		br_csv_peek_line(&td.c, &s, &n);
		if (n && s[0] == '#') {
			const char *k, *v;
			size_t kl, vl;
			bool used;

			if (!have_header &&
			    br_text_meta(s, n, &k, &kl, &v, &vl)) {
				rc = br_meta_apply(rs, &td.meta, k, kl, v, vl,
						   td.c.line, &used, err);
				if (rc != BR_OK)
					goto out;
			}
			br_csv_skip_line(&td.c);
			continue;
		}
		r = br_csv_next(&td.c, err);
		if (r < 0) {
			rc = err->code;
			goto out;
		}
		if (r == 0)
			break;
		if (br_csv_record_empty(&td.c))
			continue;
		if (!have_header) {
			rc = header(&td, err);
			if (rc != BR_OK)
				goto out;
			have_header = true;
			continue;
		}
		unguard(&td.c);
		rc = tidy_row(&td, err);
		if (rc != BR_OK)
			goto out;
		rows++;
	}
	if (!have_header) {
		rc = br_error_set(err, BR_EDATA, td.fname, td.c.line,
				  "no header row (tidy CSV needs at least the "
				  "columns system and value or mean)");
		goto out;
	}
	rc = build_series(&td, err);
	if (rc == BR_OK && rows == 0)
		br_rs_warn(rs, &(struct br_loc){td.fname, 0},
			   "no data rows after the header");
out:
	free(td.srows);
	br_map_free(td.entries);
	br_arena_free(td.keys);
	br_meta_fini(&td.meta);
	br_csv_fini(&td.c);
	return rc;
}
