/*
 * table.c - timing/result tables as pasted into a mail (seed 003):
 *
 *   # unit: Seconds
 *   UFS ZFS (default) ZFS+comp ZFS+nochksum
 *   db creation 0:38 0:42 0:18 0:40
 *   data load[1] 8:49 26:20 25:39 26:19
 *
 * The file holds the table alone, with optional "#" comment and
 * "# key: value" metadata lines before it (doc/table.md).  Every data
 * row ends in K value cells (numbers, durations such as 26:20, or "-"
 * for none); K decides how the header is cut into column names, so names
 * and labels may contain blanks.  Each row becomes a test with one run
 * per column (system); a "scaling" table (numeric first column, e.g.
 * disks) becomes one LINE_GRAPH test whose x are the first column.
 */
#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "../model/model_int.h"
#include "text_int.h"

#define DETECT_WINDOW 4096
#define MAX_VALUE_TEXT 63  /* longer cells are never numbers */

struct span {
	const char *s;
	size_t n;
};

enum mode { MODE_BLANKS, MODE_TAB, MODE_SEMI, MODE_COMMA };

enum vkind { V_NO, V_NUM, V_DUR, V_MISSING };

struct trow {
	unsigned long line;
	struct span label;   /* footnote markers still in */
	size_t cells;        /* index of its k cells in table.cells */
	size_t k_row;        /* value cells found at the end */
	struct span bad;     /* the cell just before them (for messages) */
};

struct table {
	const char *name;
	enum mode mode;
	unsigned long header_line;
	struct span header;
	struct span *names;  /* column names: k, or k + 1 with a stub */
	size_t n_names, cap_names;
	bool has_stub;
	bool stub_guessed;   /* from single-blank tokens: worth a warning */
	size_t k;
	struct trow *rows;
	size_t n_rows, cap_rows;
	struct span *cells;  /* k per row (row-major) once k is known */
	size_t n_cells, cap_cells;
	/* per-row candidate cells before k is known */
	struct span *tok;
	size_t n_tok, cap_tok;
};

/* Free what analyze() allocated. */
static void table_fini(struct table *tb)
{
	free(tb->names);
	free(tb->rows);
	free(tb->cells);
	free(tb->tok);
}

/* A blank between cells (a trailing CR counts as one). */
static bool blank(char c)
{
	return c == ' ' || c == '\t' || c == '\r';
}

/* sp without blanks at either end. */
static struct span trim(struct span sp)
{
	while (sp.n && blank(sp.s[0])) {
		sp.s++;
		sp.n--;
	}
	while (sp.n && blank(sp.s[sp.n - 1]))
		sp.n--;
	return sp;
}

/* s[0..n) without a trailing footnote marker "[1]" (up to 8 chars). */
static size_t strip_marker(const char *s, size_t n)
{
	size_t i;

	if (n < 3 || s[n - 1] != ']')
		return n;
	for (i = n - 1; i > 0 && n - i <= 8; i--)
		if (s[i - 1] == '[')
			return i - 1;
	return n;
}

/* Is s[0..n) a "no value" mark: -, --, n/a, na, an en or em dash? */
static bool missing_marker(const char *s, size_t n)
{
	static const char *const marks[] = {
		"-", "--", "n/a", "na", "\xe2\x80\x93", "\xe2\x80\x94",
	};
	size_t i;

	for (i = 0; i < sizeof marks / sizeof *marks; i++)
		if (strlen(marks[i]) == n && !strncasecmp(s, marks[i], n))
			return true;
	return false;
}

/* What a cell holds; *v gets seconds for a duration. */
static enum vkind classify(struct span sp, double *v)
{
	char tmp[MAX_VALUE_TEXT + 1];
	size_t n;
	double d;

	sp = trim(sp);
	n = strip_marker(sp.s, sp.n);
	if (n == 0 || n > MAX_VALUE_TEXT)
		return V_NO;
	memcpy(tmp, sp.s, n);
	tmp[n] = '\0';
	if (br_parse_number(tmp, v ? v : &d, NULL))
		return V_NUM;
	if (br_parse_duration(tmp, n, v ? v : &d))
		return V_DUR;
	if (missing_marker(tmp, n))
		return V_MISSING;
	return V_NO;
}

/* Append sp to a growing array; false on ENOMEM. */
static bool push_span(struct span **arr, size_t *n, size_t *cap,
		      struct span sp)
{
	if (!br_grow((void **)arr, cap, *n + 1, sizeof **arr))
		return false;
	(*arr)[(*n)++] = sp;
	return true;
}

/* Split line into tb->tok by the table's mode.  Blanks: runs of blanks;
 * tab: runs of tabs; ';' and ',': every one (empty cells kept). */
static int split_cells(struct table *tb, const char *s, size_t n,
		       unsigned long line, struct br_error *err)
{
	size_t i = 0;

	tb->n_tok = 0;
	while (i < n) {
		size_t j;
		struct span sp;

		if (tb->mode == MODE_BLANKS) {
			while (i < n && blank(s[i]))
				i++;
			if (i >= n)
				break;
			for (j = i; j < n && !blank(s[j]); j++)
				;
		} else {
			char d = tb->mode == MODE_TAB ? '\t'
				 : tb->mode == MODE_SEMI ? ';' : ',';

			for (j = i; j < n && s[j] != d; j++)
				;
		}
		sp.s = s + i;
		sp.n = j - i;
		if (tb->mode != MODE_BLANKS)
			sp = trim(sp);
		if (tb->n_tok >= BR_TEXT_MAX_COLUMNS)
			return br_error_set(err, BR_EDATA, tb->name, line,
					    "more than %d columns",
					    BR_TEXT_MAX_COLUMNS);
		if (!push_span(&tb->tok, &tb->n_tok, &tb->cap_tok, sp))
			return br_error_set(err, BR_EIO, tb->name, line,
					    "out of memory");
		if (tb->mode == MODE_TAB) {
			while (j < n && s[j] == '\t')
				j++;
			i = j;
		} else if (tb->mode == MODE_BLANKS) {
			i = j;
		} else {
			i = j + 1;
			if (j + 1 == n) {
				/* "a;b;" ends in an empty cell */
				sp.s = s + n;
				sp.n = 0;
				if (!push_span(&tb->tok, &tb->n_tok,
					       &tb->cap_tok, sp))
					return br_error_set(err, BR_EIO,
							    tb->name, line,
							    "out of memory");
			}
		}
	}
	return BR_OK;
}

/* The lines of the table: not blank, not comments.  Calls fn for each
 * with its 1-based line number; stops at the first error.  The first
 * such line is the header. */
struct line {
	const char *s;
	size_t n;
	unsigned long no;
};

/*
 * The table's lines (not blank, not comments) with their line numbers,
 * in a malloc'd array for the caller to free.
 */
static int collect_lines(const char *buf, size_t len, struct line **out,
			 size_t *n_out, const char *name, struct br_error *err)
{
	size_t pos = br_text_bom(buf, len), cap = 0, n = 0;
	struct line *ls = NULL;
	unsigned long no = 1;

	while (pos < len) {
		const char *p = buf + pos;
		const char *nl = memchr(p, '\n', len - pos);
		size_t l = nl ? (size_t)(nl - p) : len - pos;
		struct span sp = trim((struct span){p, l});

		if (sp.n && sp.s[0] != '#') {
			if (!br_grow((void **)&ls, &cap, n + 1, sizeof *ls)) {
				free(ls);
				return br_error_set(err, BR_EIO, name, no,
						    "out of memory");
			}
			ls[n].s = p;
			ls[n].n = l;
			while (ls[n].n && blank(ls[n].s[ls[n].n - 1]))
				ls[n].n--;
			ls[n].no = no;
			n++;
		}
		pos += l + 1;
		no++;
	}
	*out = ls;
	*n_out = n;
	return BR_OK;
}

/* Does every line contain c? */
static bool all_have(const struct line *ls, size_t n, char c)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (!memchr(ls[i].s, c, ls[i].n))
			return false;
	return true;
}

/* Could n header names go with rows ending in kmin..kmax values? */
static bool names_fit(size_t n, size_t kmin, size_t kmax)
{
	return n == kmin || n == kmin + 1 || n == kmax || n == kmax + 1;
}

/* Does sp contain a tab or two blanks in a row? */
static bool has_gap(struct span sp)
{
	size_t i;

	for (i = 0; i < sp.n; i++)
		if (sp.s[i] == '\t' ||
		    (sp.s[i] == ' ' && i + 1 < sp.n && sp.s[i + 1] == ' '))
			return true;
	return false;
}

/* Header names by gaps: runs of two or more blanks, or any tab. */
static int names_by_gaps(struct table *tb, struct span h)
{
	size_t i = 0;

	tb->n_names = 0;
	while (i < h.n) {
		size_t j = i;
		struct span sp;

		while (j < h.n) {
			if (h.s[j] == '\t' ||
			    (h.s[j] == ' ' && j + 1 < h.n &&
			     (h.s[j + 1] == ' ' || h.s[j + 1] == '\t')))
				break;
			j++;
		}
		sp = trim((struct span){h.s + i, j - i});
		if (sp.n && !push_span(&tb->names, &tb->n_names,
				       &tb->cap_names, sp))
			return -1;
		while (j < h.n && blank(h.s[j]))
			j++;
		i = j;
	}
	return 0;
}

/* Header names by single blanks, a token starting with '(' or '['
 * joined to the one before (until its brackets close). */
static int names_by_tokens(struct table *tb, struct span h)
{
	size_t i = 0;
	int depth = 0;

	tb->n_names = 0;
	while (i < h.n) {
		size_t j, k;

		while (i < h.n && blank(h.s[i]))
			i++;
		if (i >= h.n)
			break;
		for (j = i; j < h.n && !blank(h.s[j]); j++)
			;
		if (tb->n_names && (depth > 0 || h.s[i] == '(' ||
				    h.s[i] == '[')) {
			struct span *last = &tb->names[tb->n_names - 1];

			last->n = (size_t)(h.s + j - last->s);
		} else if (!push_span(&tb->names, &tb->n_names,
				      &tb->cap_names,
				      (struct span){h.s + i, j - i})) {
			return -1;
		}
		for (k = i; k < j; k++) {
			if (h.s[k] == '(' || h.s[k] == '[')
				depth++;
			else if ((h.s[k] == ')' || h.s[k] == ']') && depth > 0)
				depth--;
		}
		i = j;
	}
	return 0;
}

/* The fewest and most value cells that end a row. */
struct krange {
	size_t min, max;
};

/*
 * One data row: its tokens (all kept in tb->cells until K is known, the
 * row's token count parked in label.n) and how many of them at the end
 * are values.  Blank-separated rows count values from the end; a
 * delimited row's every cell but the first is one.
 */
static int add_row(struct table *tb, const struct line *l,
		   struct krange *kr, struct br_error *err)
{
	struct trow r;
	size_t nv = 0, j;
	int rc;

	rc = split_cells(tb, l->s, l->n, l->no, err);
	if (rc != BR_OK)
		return rc;
	memset(&r, 0, sizeof r);
	r.line = l->no;
	if (tb->mode == MODE_BLANKS) {
		while (nv < tb->n_tok &&
		       classify(tb->tok[tb->n_tok - 1 - nv], NULL) != V_NO)
			nv++;
		if (nv == tb->n_tok)
			nv--; /* the first cell is the label */
	} else {
		nv = tb->n_tok - 1;
	}
	r.k_row = nv;
	if (nv < tb->n_tok)
		r.bad = tb->tok[tb->n_tok - 1 - nv];
	r.cells = tb->n_cells;
	/* Keep every token for now; cut once K is known. */
	for (j = 0; j < tb->n_tok; j++)
		if (!push_span(&tb->cells, &tb->n_cells, &tb->cap_cells,
			       tb->tok[j]))
			return br_error_set(err, BR_EIO, tb->name, r.line,
					    "out of memory");
	r.label.n = tb->n_tok; /* token count, resolved in cut_rows() */
	if (!br_grow((void **)&tb->rows, &tb->cap_rows, tb->n_rows + 1,
		     sizeof *tb->rows))
		return br_error_set(err, BR_EIO, tb->name, r.line,
				    "out of memory");
	tb->rows[tb->n_rows++] = r;
	if (nv < kr->min)
		kr->min = nv;
	if (nv > kr->max)
		kr->max = nv;
	return BR_OK;
}

/* Rows that cannot make a table whatever the header says: delimited
 * rows of different lengths, or a row with no values at the end. */
static int check_rows(const struct table *tb, struct krange kr,
		      struct br_error *err)
{
	char q[64];
	size_t i;

	if (tb->mode != MODE_BLANKS && kr.min != kr.max) {
		for (i = 0; i < tb->n_rows; i++)
			if (tb->rows[i].k_row != tb->rows[0].k_row)
				break;
		return br_error_set(err, BR_EDATA, tb->name, tb->rows[i].line,
				    "row has %zu cells, the first row %zu",
				    tb->rows[i].k_row + 1,
				    tb->rows[0].k_row + 1);
	}
	if (kr.min == 0) {
		for (i = 0; i < tb->n_rows && tb->rows[i].k_row; i++)
			;
		return br_error_set(err, BR_EDATA, tb->name, tb->rows[i].line,
				    "row does not end in values (numbers or "
				    "durations): \"%s\"",
				    (br_text_snip(q, sizeof q,
						  tb->rows[i].bad.s,
						  tb->rows[i].bad.n), q));
	}
	return BR_OK;
}

/*
 * The header's names into tb->names.  Delimited: its cells.  Blanks:
 * cut at gaps (two blanks or a tab) when there are any, else (or when
 * the gaps give a count no row fits) at single blanks, which guesses.
 */
static int header_names(struct table *tb, struct krange kr,
			struct br_error *err)
{
	int rc;

	if (tb->mode != MODE_BLANKS) {
		rc = split_cells(tb, tb->header.s, tb->header.n,
				 tb->header_line, err);
		if (rc != BR_OK)
			return rc;
		/* Swap: the header's cells become the names. */
		tb->names = tb->tok;
		tb->n_names = tb->n_tok;
		tb->cap_names = tb->cap_tok;
		tb->tok = NULL;
		tb->n_tok = tb->cap_tok = 0;
		return BR_OK;
	}
	/* Prefer gaps of two blanks or a tab when there are any. */
	if (has_gap(tb->header) && names_by_gaps(tb, tb->header) < 0)
		return br_error_set(err, BR_EIO, tb->name, 0,
				    "out of memory");
	if (!names_fit(tb->n_names, kr.min, kr.max)) {
		if (names_by_tokens(tb, tb->header) < 0)
			return br_error_set(err, BR_EIO, tb->name, 0,
					    "out of memory");
		tb->stub_guessed = true;
	}
	return BR_OK;
}

/*
 * K: when all rows end in as many values, K is that count and a
 * header with one name more names the label column.  When they
 * differ, a header of the smaller count means labels that end in
 * numbers ("raid 10"); one of the larger count means a row lacks a
 * value (a typo) - an error rather than a guess.  Sets has_stub.
 */
static int match_header(struct table *tb, struct krange kr,
			struct br_error *err)
{
	char q[64];
	size_t i;

	if (kr.min == kr.max && tb->n_names == kr.min + 1) {
		tb->has_stub = true;
	} else if (tb->n_names == kr.min) {
		tb->stub_guessed = false;
	} else if (kr.max > kr.min && (tb->n_names == kr.max ||
				       tb->n_names == kr.max + 1)) {
		/* A row with too few values is the likelier culprit. */
		for (i = 0; i < tb->n_rows && tb->rows[i].k_row != kr.min;
		     i++)
			;
		return br_error_set(err, BR_EDATA, tb->name, tb->rows[i].line,
				    "only %zu value%s at the end of the row, "
				    "the header has %zu columns: \"%s\" is not "
				    "a number or duration", kr.min,
				    kr.min == 1 ? "" : "s",
				    tb->n_names - (tb->n_names > kr.max),
				    (br_text_snip(q, sizeof q,
						  tb->rows[i].bad.s,
						  tb->rows[i].bad.n), q));
	} else if (tb->n_names == kr.min + 1) {
		tb->has_stub = true;
	} else if (tb->mode != MODE_BLANKS) {
		return br_error_set(err, BR_EDATA, tb->name, tb->header_line,
				    "the header has %zu cells, the rows %zu "
				    "values", tb->n_names, tb->k);
	} else {
		return br_error_set(err, BR_EDATA, tb->name, tb->header_line,
				    "cannot cut the header into %zu column "
				    "names (found %zu); separate names that "
				    "contain blanks by two blanks or a tab",
				    tb->k, tb->n_names);
	}
	if (!tb->has_stub)
		tb->stub_guessed = false;
	return BR_OK;
}

/* Cut every row once K is known: label = text before its last K
 * cells, and the row's cells start at those K. */
static int cut_rows(struct table *tb, struct br_error *err)
{
	char q[64];
	size_t i;

	for (i = 0; i < tb->n_rows; i++) {
		struct trow *r = &tb->rows[i];
		size_t ntok = r->label.n, first = ntok - tb->k;
		const struct span *tk = &tb->cells[r->cells];

		if (first == 0)
			return br_error_set(err, BR_EDATA, tb->name, r->line,
					    "row has no label before its "
					    "values");
		if (tb->mode == MODE_BLANKS) {
			/* "x 1:60 2": a broken duration next to the values
			 * is a typo, not part of the label. */
			if (br_looks_like_duration(tk[first - 1].s,
						   tk[first - 1].n))
				return br_error_set(err, BR_EDATA, tb->name,
						    r->line, "\"%s\" is not a "
						    "number or duration (m:ss, "
						    "h:mm:ss)",
						    (br_text_snip(q, sizeof q,
						     tk[first - 1].s,
						     tk[first - 1].n), q));
			r->label.s = tk[0].s;
			r->label.n = (size_t)(tk[first - 1].s - tk[0].s) +
				     tk[first - 1].n;
		} else {
			r->label = tk[0];
		}
		r->cells += first;
	}
	return BR_OK;
}

/*
 * Read the structure of the table in buf: mode, header names, K and
 * every row's label and cells.  Used by detection (on a prefix) and by
 * the reader.  Returns BR_OK or an error naming the line.
 */
static int analyze(struct table *tb, const char *buf, size_t len,
		   struct br_error *err)
{
	struct line *ls = NULL;
	struct krange kr = {(size_t)-1, 0};
	size_t n_ls = 0, i;
	int rc;

	rc = collect_lines(buf, len, &ls, &n_ls, tb->name, err);
	if (rc != BR_OK)
		return rc;
	if (n_ls == 0) {
		rc = br_error_set(err, BR_EDATA, tb->name, 1, "no table: the "
				  "input has no lines besides comments");
		goto out;
	}
	if (n_ls == 1) {
		rc = br_error_set(err, BR_EDATA, tb->name, ls[0].no, "a table "
				  "needs a header line and at least one row");
		goto out;
	}
	tb->mode = all_have(ls, n_ls, '\t') ? MODE_TAB
		   : all_have(ls, n_ls, ';') ? MODE_SEMI
		   : all_have(ls, n_ls, ',') ? MODE_COMMA : MODE_BLANKS;
	tb->header_line = ls[0].no;
	tb->header = trim((struct span){ls[0].s, ls[0].n});
	for (i = 1; i < n_ls; i++) {
		rc = add_row(tb, &ls[i], &kr, err);
		if (rc != BR_OK)
			goto out;
	}
	tb->k = kr.min;
	rc = check_rows(tb, kr, err);
	if (rc != BR_OK)
		goto out;
	rc = header_names(tb, kr, err);
	if (rc != BR_OK)
		goto out;
	rc = match_header(tb, kr, err);
	if (rc != BR_OK)
		goto out;
	rc = cut_rows(tb, err);
out:
	free(ls);
	return rc;
}

/*
 * A table: 50 (blank-separated) or 40 (delimited) when the first 4 KiB
 * read as one; 20 when most rows end in values but something is wrong
 * (so the reader reports the line); else 0.
 */
int br_detect_table(const char *buf, size_t len)
{
	struct table tb;
	struct br_error err;
	size_t n = len;
	int rc;

	if (n > DETECT_WINDOW) {
		/* Whole lines only. */
		n = DETECT_WINDOW;
		while (n > 0 && buf[n - 1] != '\n')
			n--;
	}
	if (n == 0 || memchr(buf, '\0', n))
		return 0;
	memset(&tb, 0, sizeof tb);
	tb.name = "";
	br_error_clear(&err);
	if (analyze(&tb, buf, n, &err) == BR_OK && tb.n_rows >= 1) {
		rc = tb.mode == MODE_BLANKS ? 50 : 40;
	} else {
		/* Mostly a table (a typo in a row)?  Then let the reader
		 * say where, rather than "not a format we read". */
		size_t i, good = 0;

		for (i = 0; i < tb.n_rows; i++)
			if (tb.rows[i].k_row >= 1)
				good++;
		rc = tb.n_rows >= 2 && good * 4 >= tb.n_rows * 3 ? 20 : 0;
	}
	table_fini(&tb);
	return rc;
}

/* ------------------------------------------------------------ reader */

struct tmeta {
	struct span unit, direction, x_label, layout, title;
	bool has_unit, has_direction, has_x_label, has_layout, has_title;
	unsigned long direction_line, layout_line;
};

/* The "#" lines before the header: ours (unit, direction, x_label,
 * layout) and the result set's (title, description, source, system...). */
static int read_meta(struct br_resultset *rs, struct br_meta *meta,
		     struct tmeta *tm, const char *buf, size_t len,
		     unsigned long header_line, struct br_error *err)
{
	size_t pos = br_text_bom(buf, len);
	unsigned long no = 1;

	while (pos < len && no < header_line) {
		const char *p = buf + pos, *k, *v;
		const char *nl = memchr(p, '\n', len - pos);
		size_t l = nl ? (size_t)(nl - p) : len - pos, kl, vl;
		struct span sp = trim((struct span){p, l});
		bool used;
		int rc;

		if (sp.n && br_text_meta(sp.s, sp.n, &k, &kl, &v, &vl)) {
			struct span val = {v, vl};

			if (br_text_key_is(k, kl, "unit")) {
				tm->unit = val;
				tm->has_unit = true;
			} else if (br_text_key_is(k, kl, "direction")) {
				tm->direction = val;
				tm->has_direction = true;
				tm->direction_line = no;
			} else if (br_text_key_is(k, kl, "x_label")) {
				tm->x_label = val;
				tm->has_x_label = true;
			} else if (br_text_key_is(k, kl, "layout")) {
				tm->layout = val;
				tm->has_layout = true;
				tm->layout_line = no;
			} else {
				if (br_text_key_is(k, kl, "title")) {
					tm->title = val;
					tm->has_title = true;
				}
				rc = br_meta_apply(rs, meta, k, kl, v, vl, no,
						   &used, err);
				if (rc != BR_OK)
					return rc;
			}
		}
		pos += l + 1;
		no++;
	}
	return BR_OK;
}

/* The direction "# direction:" names; false if unknown. */
static bool table_direction(struct span sp, enum br_dir *out)
{
	static const struct {
		const char *word;
		enum br_dir dir;
	} words[] = {
		{"hib", BR_DIR_HIB}, {"lib", BR_DIR_LIB}, {"more", BR_DIR_HIB},
		{"fewer", BR_DIR_LIB}, {"less", BR_DIR_LIB},
		{"higher", BR_DIR_HIB}, {"lower", BR_DIR_LIB},
		{"more is better", BR_DIR_HIB},
		{"fewer is better", BR_DIR_LIB},
		{"less is better", BR_DIR_LIB},
		{"higher is better", BR_DIR_HIB},
		{"lower is better", BR_DIR_LIB},
	};
	size_t i;

	for (i = 0; i < sizeof words / sizeof *words; i++)
		if (strlen(words[i].word) == sp.n &&
		    !strncasecmp(sp.s, words[i].word, sp.n)) {
			*out = words[i].dir;
			return true;
		}
	return false;
}

/* A label with its footnote markers ("[1]") taken out, interned. */
static const char *clean_label(struct br_resultset *rs, struct span sp)
{
	char *out = br_arena_alloc(rs->arena, sp.n + 1);
	size_t i = 0, o = 0;

	if (!out)
		return NULL;
	while (i < sp.n) {
		if (sp.s[i] == '[') {
			size_t j = i + 1;

			while (j < sp.n && j - i <= 8 && sp.s[j] != ']' &&
			       sp.s[j] != '[')
				j++;
			if (j < sp.n && sp.s[j] == ']' && j - i <= 8) {
				i = j + 1;
				continue;
			}
		}
		out[o++] = sp.s[i++];
	}
	while (o && blank(out[o - 1]))
		o--;
	out[o] = '\0';
	/* Squeeze blank runs (alignment padding) to one blank. */
	for (i = o = 0; out[i]; i++) {
		if (blank(out[i])) {
			if (o == 0 || out[o - 1] == ' ')
				continue;
			out[o++] = ' ';
		} else {
			out[o++] = out[i];
		}
	}
	while (o && out[o - 1] == ' ')
		o--;
	out[o] = '\0';
	return out;
}

/* Put one cell into a sample: a run, plus the published value text. */
static int cell_value(struct br_resultset *rs, const struct table *tb,
		      const struct br_test *t, struct span cell,
		      unsigned long line, struct br_sample *s,
		      struct br_error *err)
{
	struct br_loc loc = {tb->name, line};
	char num[40], q[64];
	double v = 0;
	enum vkind k = classify(cell, &v);
	size_t n;

	cell = trim(cell);
	n = strip_marker(cell.s, cell.n);
	if (k == V_MISSING)
		return BR_OK;
	if (k == V_NO)
		return br_error_set(err, BR_EDATA, tb->name, line,
				    "\"%s\" is not a number or duration",
				    (br_text_snip(q, sizeof q, cell.s, cell.n),
				     q));
	if (k == V_DUR) {
		if (t->unit.dim != BR_DIM_TIME)
			return br_error_set(err, BR_EDATA, tb->name, line,
					    "\"%s\" is a duration, but the "
					    "unit \"%s\" is not a time",
					    (br_text_snip(q, sizeof q, cell.s,
							  cell.n), q),
					    t->unit.text);
		v /= t->unit.scale;
		br_fmt_double(num, sizeof num, v);
		s->value_text = br_rs_str(rs, num);
	} else {
		s->value_text = br_rs_strn(rs, cell.s, n);
	}
	if (!s->value_text)
		return br_error_set(err, BR_EIO, tb->name, line,
				    "out of memory");
	s->has_value = true;
	s->value = v;
	s->duration = k == V_DUR;
	br_sample_note_step(s, k == V_DUR ? br_duration_step(cell.s, n) /
			    t->unit.scale : br_num_text_step(cell.s, n));
	return br_sample_add_run(s, v, &loc, err);
}

/* A new entry for (t, system); EDATA if an earlier input has one.  A
 * test made by this table has only this table's entries (one per
 * column, and columns are distinct): no search then. */
static struct br_entry *new_entry(struct br_resultset *rs,
				  const struct table *tb, struct br_test *t,
				  size_t sys, unsigned long line,
				  struct br_error *err)
{
	struct br_loc loc = {tb->name, line};
	size_t i = t->loc.file == tb->name ? (size_t)-1
		   : br_test_find_entry(t, sys);
	char q[64], q2[64];

	if (i != (size_t)-1) {
		const struct br_entry *o = &t->entries[i];
		const char *id = rs->systems[sys]->identifier;

		br_error_set(err, BR_EDATA, tb->name, line, "system \"%s\" "
			     "already has a result for \"%s\" (%s:%lu)",
			     (br_text_snip(q, sizeof q, id, strlen(id)), q),
			     (br_text_snip(q2, sizeof q2, t->title,
					   strlen(t->title)), q2),
			     o->loc.file ? o->loc.file : "?", o->loc.line);
		return NULL;
	}
	return br_test_add_entry(rs, t, sys, &loc, err);
}

/* (x, row index) pairs: by x, then by row. */
static int cmp_row_x(const void *a, const void *b)
{
	const double *x = a, *y = b;

	if (x[0] != y[0])
		return x[0] < y[0] ? -1 : 1;
	return x[1] < y[1] ? -1 : x[1] > y[1];
}

/*
 * The reader's state: the analysed table and its metadata lines, and
 * what is derived from them before the tests are made (the layout, the
 * unit and direction, one system per value column).
 */
struct treader {
	struct br_resultset *rs;
	struct br_error *err;
	const char *fname;   /* interned input name */
	struct table tb;
	struct tmeta tm;
	bool scaling;        /* one LINE_GRAPH test rather than one a row */
	const char *unit;
	enum br_dir dir;
	size_t *sys;         /* system of each value column: tb.k of them */
};

/* Layout: "# layout:", or numeric labels under a named first column.
 * A guessed label-column name is worth a warning in a bar table. */
static int table_layout(struct treader *tr)
{
	const struct table *tb = &tr->tb;
	char q[64];
	size_t i;

	if (tr->tm.has_layout) {
		if (br_text_key_is(tr->tm.layout.s, tr->tm.layout.n,
				   "scaling"))
			tr->scaling = true;
		else if (!br_text_key_is(tr->tm.layout.s, tr->tm.layout.n,
					 "bars"))
			return br_error_set(tr->err, BR_EDATA, tr->fname,
					    tr->tm.layout_line, "# layout: "
					    "must be bars or scaling");
	} else if (tb->has_stub) {
		tr->scaling = true;
		for (i = 0; i < tb->n_rows && tr->scaling; i++)
			if (classify(tb->rows[i].label, NULL) != V_NUM)
				tr->scaling = false;
	}
	if (tb->stub_guessed && !tr->scaling)
		br_rs_warn(tr->rs, &(struct br_loc){tr->fname,
						    tb->header_line},
			   "the header has one name more than the rows have "
			   "values: \"%s\" is taken as the name of the label "
			   "column", (br_text_snip(q, sizeof q, tb->names[0].s,
						   tb->names[0].n), q));
	return BR_OK;
}

/* Unit and direction: metadata, else Seconds / LIB for durations. */
static int table_unit(struct treader *tr)
{
	const struct table *tb = &tr->tb;
	bool any_dur = false;
	size_t i;

	for (i = 0; i < tb->n_rows * tb->k && !any_dur; i++)
		if (classify(tb->cells[tb->rows[i / tb->k].cells + i % tb->k],
			     NULL) == V_DUR)
			any_dur = true;
	tr->unit = "";
	if (tr->tm.has_unit)
		tr->unit = br_rs_strn(tr->rs, tr->tm.unit.s, tr->tm.unit.n);
	else if (any_dur)
		tr->unit = "Seconds";
	tr->dir = BR_DIR_UNKNOWN;
	if (tr->tm.has_direction) {
		if (!table_direction(tr->tm.direction, &tr->dir))
			return br_error_set(tr->err, BR_EDATA, tr->fname,
					    tr->tm.direction_line,
					    "# direction: must be HIB, LIB, "
					    "more or fewer");
	} else if (any_dur) {
		tr->dir = BR_DIR_LIB;
	}
	if (!tr->unit)
		return br_error_set(tr->err, BR_EIO, tr->fname, 0,
				    "out of memory");
	return BR_OK;
}

/* Systems, in header order: one per value column, named by it (the
 * label column's name, if any, skipped). */
static int table_systems(struct treader *tr)
{
	const struct table *tb = &tr->tb;
	struct br_resultset *rs = tr->rs;
	size_t i, j, ns = tb->k;

	tr->sys = malloc(ns * sizeof *tr->sys);
	if (!tr->sys)
		return br_error_set(tr->err, BR_EIO, tr->fname, 0,
				    "out of memory");
	for (j = 0; j < ns; j++) {
		struct br_loc loc = {tr->fname, tb->header_line};
		struct span nm = tb->names[j + (tb->has_stub ? 1 : 0)];
		const char *id = clean_label(rs, nm);
		size_t s;

		if (!id)
			return br_error_set(tr->err, BR_EIO, tr->fname, 0,
					    "out of memory");
		if (!*id)
			return br_error_set(tr->err, BR_EDATA, tr->fname,
					    tb->header_line, "column %zu has "
					    "no name", j + 1);
		s = tr->sys[j] = br_rs_system(rs, id, true, &loc, tr->err);
		if (s == (size_t)-1)
			return tr->err->code;
		rs->systems[s]->declared = true;
		if (!rs->systems[s]->named_by)
			rs->systems[s]->named_by = "from the table's column "
				"header";
		for (i = 0; i < j; i++)
			if (tr->sys[i] == s)
				return br_error_set(tr->err, BR_EDATA,
						    tr->fname, tb->header_line,
						    "column \"%s\" appears "
						    "twice", id);
	}
	return BR_OK;
}

/* The bar test a row makes (or adds to, when an earlier input made
 * it) into *out; a row that repeats one of this table is an error. */
static int row_test(struct treader *tr, const struct trow *r,
		    struct br_test **out)
{
	struct br_loc loc = {tr->fname, r->line};
	const char *title = clean_label(tr->rs, r->label);
	struct br_test tt, *t;
	bool created;
	char q[64];

	if (!title)
		return br_error_set(tr->err, BR_EIO, tr->fname, r->line,
				    "out of memory");
	if (!*title)
		return br_error_set(tr->err, BR_EDATA, tr->fname, r->line,
				    "row has an empty label");
	br_test_proto(&tt, title, tr->unit, tr->dir, BR_DISPLAY_BAR, &loc);
	tt.named_by = "from the table's row label";
	t = br_rs_test(tr->rs, &tt, &created, tr->err);
	if (!t)
		return tr->err->code;
	if (created) {
		br_test_finish(tr->rs, t);
		t->table_row = true;
	} else if (t->loc.file == tr->fname) {
		return br_error_set(tr->err, BR_EDATA, tr->fname, r->line,
				    "row \"%s\" repeats line %lu",
				    (br_text_snip(q, sizeof q, tt.title,
						  strlen(tt.title)), q),
				    t->loc.line);
	}
	*out = t;
	return BR_OK;
}

/* A bar table: one test per row, one entry per cell with a value. */
static int read_rows(struct treader *tr)
{
	const struct table *tb = &tr->tb;
	size_t i, j;
	int rc;

	for (i = 0; i < tb->n_rows; i++) {
		const struct trow *r = &tb->rows[i];
		struct br_test *t = NULL;

		rc = row_test(tr, r, &t);
		if (rc != BR_OK)
			return rc;
		for (j = 0; j < tb->k; j++) {
			struct span cell = tb->cells[r->cells + j];
			struct br_entry *e;

			if (classify(cell, NULL) == V_MISSING)
				continue;
			e = new_entry(tr->rs, tb, t, tr->sys[j], r->line,
				      tr->err);
			if (!e)
				return tr->err->code;
			rc = cell_value(tr->rs, tb, t, cell, r->line,
					&e->sample, tr->err);
			if (rc != BR_OK)
				return rc;
		}
	}
	return BR_OK;
}

/* A scaling table's x: (x, row index) pairs in *out (malloc'd), sorted
 * by x; every label must be a number and no x may repeat. */
static int scaling_xs(struct treader *tr, double **out)
{
	const struct table *tb = &tr->tb;
	double *xs;
	char q[64];
	size_t i;

	xs = *out = malloc(tb->n_rows * 2 * sizeof *xs);
	if (!xs)
		return br_error_set(tr->err, BR_EIO, tr->fname, 0,
				    "out of memory");
	for (i = 0; i < tb->n_rows; i++) {
		if (classify(tb->rows[i].label, &xs[2 * i]) != V_NUM)
			return br_error_set(tr->err, BR_EDATA, tr->fname,
					    tb->rows[i].line, "a scaling "
					    "table needs a number in the "
					    "first column, not \"%s\"",
					    (br_text_snip(q, sizeof q,
					     tb->rows[i].label.s,
					     tb->rows[i].label.n), q));
		xs[2 * i + 1] = (double)i;
	}
	qsort(xs, tb->n_rows, 2 * sizeof *xs, cmp_row_x);
	for (i = 1; i < tb->n_rows; i++)
		if (xs[2 * i] == xs[2 * i - 2])
			return br_error_set(tr->err, BR_EDATA, tr->fname,
					    tb->rows[(size_t)xs[2 * i + 1]]
					    .line, "x %g appears twice",
					    xs[2 * i]);
	return BR_OK;
}

/* The scaling table's one LINE_GRAPH test, titled by "# title:", else
 * the first heading, else "Scaling", into *out; an earlier input's
 * test of that title is an error (series are not merged). */
static int scaling_test(struct treader *tr, struct br_test **out)
{
	const struct table *tb = &tr->tb;
	struct br_loc loc = {tr->fname, tb->header_line};
	bool named = tb->has_stub && tb->names[0].n, created;
	struct br_test tt, *t;
	const char *title;

	if (tr->tm.has_title)
		title = br_rs_strn(tr->rs, tr->tm.title.s, tr->tm.title.n);
	else if (named)
		title = br_arena_printf(tr->rs->arena, "%.*s scaling",
					(int)tb->names[0].n, tb->names[0].s);
	else
		title = "Scaling";
	if (!title)
		return br_error_set(tr->err, BR_EIO, tr->fname, 0,
				    "out of memory");
	br_test_proto(&tt, title, tr->unit, tr->dir, BR_DISPLAY_LINE, &loc);
	tt.named_by = tr->tm.has_title ? "from the table's '# title:' line"
		: named ? "from the table's first heading (the x column)"
		: "\"Scaling\": the table names no title ('# title:' names "
		"it)";
	if (tr->tm.has_x_label)
		tt.x_label = br_rs_strn(tr->rs, tr->tm.x_label.s,
					tr->tm.x_label.n);
	else if (named)
		tt.x_label = clean_label(tr->rs, tb->names[0]);
	t = br_rs_test(tr->rs, &tt, &created, tr->err);
	if (!t)
		return tr->err->code;
	if (!created)
		return br_error_set(tr->err, BR_EDATA, tr->fname,
				    tb->header_line, "scaling test \"%s\" was "
				    "already read from %s:%lu; series cannot "
				    "be merged", tt.title, t->loc.file ?
				    t->loc.file : "?", t->loc.line);
	br_test_finish(tr->rs, t);
	*out = t;
	return BR_OK;
}

/* The scaling test's x (sorted, from xs) and one entry per column
 * whose points are that column's cells in x order. */
static int scaling_entries(struct treader *tr, struct br_test *t,
			   const double *xs)
{
	const struct table *tb = &tr->tb;
	size_t i, j, *order;
	int rc = BR_OK;

	t->x = malloc(tb->n_rows * sizeof *t->x);
	order = malloc(tb->n_rows * sizeof *order);
	if (!t->x || !order) {
		free(order);
		return br_error_set(tr->err, BR_EIO, tr->fname, 0,
				    "out of memory");
	}
	for (i = 0; i < tb->n_rows; i++) {
		t->x[i] = xs[2 * i];
		order[i] = (size_t)xs[2 * i + 1];
	}
	t->n_x = tb->n_rows;
	for (j = 0; j < tb->k && rc == BR_OK; j++) {
		struct br_entry *e = new_entry(tr->rs, tb, t, tr->sys[j],
					       tb->header_line, tr->err);

		if (!e) {
			rc = tr->err->code;
			break;
		}
		e->points = calloc(tb->n_rows, sizeof *e->points);
		if (!e->points) {
			rc = br_error_set(tr->err, BR_EIO, tr->fname, 0,
					  "out of memory");
			break;
		}
		e->n_points = tb->n_rows;
		for (i = 0; i < tb->n_rows && rc == BR_OK; i++) {
			const struct trow *r = &tb->rows[order[i]];

			e->points[i].se = NAN;
			e->points[i].value = NAN;
			rc = cell_value(tr->rs, tb, t, tb->cells[r->cells + j],
					r->line, &e->points[i], tr->err);
		}
	}
	free(order);
	return rc;
}

/* A scaling table: one LINE_GRAPH test; x = the first column. */
static int read_scaling(struct treader *tr)
{
	struct br_test *t = NULL;
	double *xs = NULL;
	int rc;

	rc = scaling_xs(tr, &xs);
	if (rc == BR_OK)
		rc = scaling_test(tr, &t);
	if (rc == BR_OK)
		rc = scaling_entries(tr, t, xs);
	free(xs);
	return rc;
}

/*
 * Read a mail table (doc/table.md): one test per row, or one series
 * test for a scaling table; one run per cell.
 */
int br_read_table(struct br_resultset *rs, const char *name, const char *buf,
		  size_t len, const struct br_ingest_opts *o,
		  struct br_error *err)
{
	struct treader tr;
	struct br_meta meta;
	const char *fname;
	int rc;

	(void)o;
	rc = br_text_begin(rs, name, buf, len, &fname, err);
	if (rc != BR_OK)
		return rc;
	memset(&tr, 0, sizeof tr);
	memset(&meta, 0, sizeof meta);
	tr.rs = rs;
	tr.err = err;
	tr.fname = fname;
	tr.tb.name = fname;
	meta.file = fname;
	rc = analyze(&tr.tb, buf, len, err);
	if (rc == BR_OK)
		rc = read_meta(rs, &meta, &tr.tm, buf, len, tr.tb.header_line,
			       err);
	if (rc == BR_OK)
		rc = table_layout(&tr);
	if (rc == BR_OK)
		rc = table_unit(&tr);
	if (rc == BR_OK)
		rc = table_systems(&tr);
	if (rc == BR_OK)
		rc = tr.scaling ? read_scaling(&tr) : read_rows(&tr);
	free(tr.sys);
	br_meta_fini(&meta);
	table_fini(&tr.tb);
	return rc;
}
