/*
 * table.c - typed table and its CSV/JSON/Markdown/text writers.
 */
#include <ctype.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "../../model/model_int.h"
#include "../text/escape.h"
#include "table.h"
#include "../text/uchar.h"
#include "../text/words.h"

struct br_table {
	size_t n_cols;
	const char *const *cols;
	struct br_tcell *cells;   /* n_rows * n_cols */
	size_t n_rows;
	size_t cap_cells;
	size_t col;              /* next cell of the current row */
	struct br_arena *arena;
	/* br_table_stream: rows are written as they are completed */
	FILE *out;
	enum br_fmt out_fmt;
	const char *out_cmd;
	size_t n_written;        /* rows written so far */
};

struct br_table *br_table_new(size_t n_cols, const char *const *cols)
{
	struct br_table *t = calloc(1, sizeof *t);

	if (!t)
		return NULL;
	t->arena = br_arena_new();
	if (!t->arena) {
		free(t);
		return NULL;
	}
	t->n_cols = n_cols;
	t->cols = cols;
	return t;
}

void br_table_free(struct br_table *t)
{
	if (!t)
		return;
	free(t->cells);
	br_arena_free(t->arena);
	free(t);
}

static void write_rows(const struct br_table *t, FILE *fp, enum br_fmt fmt,
		       size_t first);

/* Stream mode: write the completed row and forget it. */
static bool flush(struct br_table *t)
{
	write_rows(t, t->out, t->out_fmt, t->n_written);
	t->n_written += t->n_rows;
	t->n_rows = 0;
	br_arena_free(t->arena);
	t->arena = br_arena_new();
	return t->arena != NULL;
}

bool br_table_row(struct br_table *t)
{
	size_t need;

	if (t->out && t->n_rows && !flush(t))
		return false;
	need = (t->n_rows + 1) * t->n_cols;

	if (!br_grow((void **)&t->cells, &t->cap_cells, need, sizeof *t->cells))
		return false;
	memset(&t->cells[t->n_rows * t->n_cols], 0,
	       t->n_cols * sizeof *t->cells);
	t->n_rows++;
	t->col = 0;
	return true;
}

static struct br_tcell *next(struct br_table *t)
{
	if (t->n_rows == 0 || t->col >= t->n_cols)
		return NULL;
	return &t->cells[(t->n_rows - 1) * t->n_cols + t->col++];
}

bool br_table_str(struct br_table *t, const char *s)
{
	struct br_tcell *c = next(t);

	if (!c)
		return false;
	c->kind = BR_TCELL_STR;
	c->s = br_arena_strdup(t->arena, s ? s : "");
	return c->s != NULL;
}

bool br_table_num(struct br_table *t, double v, const char *disp)
{
	struct br_tcell *c = next(t);

	if (!c)
		return false;
	/* NAN and infinities are "no value": never "nan"/"inf" in CSV, and
	 * JSON has no such numbers */
	c->kind = isfinite(v) ? BR_TCELL_NUM : BR_TCELL_EMPTY;
	c->v = v;
	if (disp && isfinite(v)) {
		c->disp = br_arena_strdup(t->arena, disp);
		if (!c->disp)
			return false;
	}
	return true;
}

bool br_table_num_exact(struct br_table *t, double v)
{
	if (!br_table_num(t, v, NULL))
		return false;
	t->cells[(t->n_rows - 1) * t->n_cols + t->col - 1].exact = true;
	return true;
}

bool br_table_int(struct br_table *t, long long v)
{
	struct br_tcell *c = next(t);

	if (!c)
		return false;
	c->kind = BR_TCELL_INT;
	c->i = v;
	return true;
}

bool br_table_empty(struct br_table *t)
{
	return next(t) != NULL;
}

bool br_table_test(struct br_table *t, const struct br_test *test)
{
	bool ok = true;

	ok &= br_table_str(t, br_nz(test->identifier));
	ok &= br_table_str(t, br_nz(test->title));
	ok &= br_table_str(t, br_nz(test->description));
	ok &= br_table_str(t, test->unit.text);
	ok &= br_table_str(t, br_dir_name(test->dir));
	return ok;
}

const char *br_num_roundtrip(double v, char *buf, size_t size)
{
	int prec;

	for (prec = 15; prec <= 17; prec++) {
		snprintf(buf, size, "%.*g", prec, v);
		if (strtod(buf, NULL) == v)
			break;
	}
	if (strcmp(buf, "-0") == 0)
		snprintf(buf, size, "0");
	return buf;
}

const char *br_run_text(double v, double resolution, char *buf,
			size_t size)
{
	int k = (int)lround(-log10(resolution));

	if (resolution > 0 && resolution <= 1 && k <= 17 &&
	    fabs(pow(10, -k) / resolution - 1) < 1e-9) {
		snprintf(buf, size, "%.*f", k, v == 0 ? 0.0 : v);  /* no -0 */
		if (strtod(buf, NULL) == v)
			return buf;
	}
	return br_num_roundtrip(v, buf, size);
}

/* The value of a cell as plain text for CSV/JSON (no display rounding). */
static const char *raw_text(const struct br_tcell *c, char *buf, size_t size)
{
	switch (c->kind) {
	case BR_TCELL_STR:
		return c->s;
	case BR_TCELL_NUM:
		if (c->exact)
			br_num_roundtrip(c->v, buf, size);
		else
			snprintf(buf, size, "%.15g", c->v);
		if (strcmp(buf, "-0") == 0)
			snprintf(buf, size, "0");
		return buf;
	case BR_TCELL_INT:
		snprintf(buf, size, "%lld", c->i);
		return buf;
	case BR_TCELL_EMPTY:
		break;
	}
	return "";
}

static const char *disp_text(const struct br_tcell *c, char *buf, size_t size)
{
	if (c->kind == BR_TCELL_NUM && c->disp)
		return c->disp;
	if (c->kind == BR_TCELL_EMPTY)
		return "-";
	return raw_text(c, buf, size);
}

/* A decimal number as CSV readers take it: [+-]digits[.digits][e[+-]digits]
 * (or .digits).  Such a field is never a formula. */
static bool is_number(const char *s)
{
	bool digits = false;

	if (*s == '+' || *s == '-')
		s++;
	for (; *s >= '0' && *s <= '9'; s++)
		digits = true;
	if (*s == '.')
		for (s++; *s >= '0' && *s <= '9'; s++)
			digits = true;
	if (!digits)
		return false;
	if (*s == 'e' || *s == 'E') {
		s++;
		if (*s == '+' || *s == '-')
			s++;
		if (*s < '0' || *s > '9')
			return false;
		while (*s >= '0' && *s <= '9')
			s++;
	}
	return *s == '\0';
}

bool br_csv_formula(const char *s)
{
	const char *p = s;

	while (*p == '\'')
		p++;
	if (!*p || !strchr("=+-@\t\r", *p))
		return false;
	return p > s || !is_number(s);
}

void br_csv_field(FILE *fp, const char *s)
{
	char esc[BR_VIS_ESC_MAX];
	size_t n = strlen(s);
	/* a leading carriage return is written "\r" (not kept: it would
	 * move a terminal's cursor), which starts no formula */
	bool guard = br_csv_formula(s) && s[strspn(s, "'")] != '\r';
	bool quote = strpbrk(s, ",\"\r\n\t") || s[0] == '#' ||
		     (n && (s[0] == ' ' || s[n - 1] == ' '));

	/* The decisions hold for the escaped text too: an escape is never
	 * one of these characters, and keeps neither a leading formula
	 * character nor a blank at an end. */
	if (!guard && !quote && br_visible_plain(s, BR_VIS_TAB | BR_VIS_LF)) {
		fwrite(s, 1, n, fp);
		return;
	}
	if (quote)
		fputc('"', fp);
	if (guard)
		fputc('\'', fp);
	while (*s) {
		size_t k = br_visible_char(s, BR_VIS_TAB | BR_VIS_LF, esc);

		if (*esc) {
			fputs(esc, fp);
		} else {
			if (*s == '"')
				fputc('"', fp);
			fwrite(s, 1, k, fp);
		}
		s += k;
	}
	if (quote)
		fputc('"', fp);
}

void br_json_string(FILE *fp, const char *s)
{
	const unsigned char *p;
	char esc[BR_VIS_ESC_MAX];

	fputc('"', fp);
	for (p = (const unsigned char *)s; *p; p++) {
		size_t n;

		switch (*p) {
		case '"': fputs("\\\"", fp); continue;
		case '\\': fputs("\\\\", fp); continue;
		case '\n': fputs("\\n", fp); continue;
		case '\r': fputs("\\r", fp); continue;
		case '\t': fputs("\\t", fp); continue;
		case '<': fputs("\\u003c", fp); continue; /* safe in HTML */
		}
		if (*p < 0x20 || *p == 0x7f) {
			fprintf(fp, "\\u%04x", *p);
			continue;
		}
		if (*p < 0x80) {
			fputc(*p, fp);
			continue;
		}
		/* Exact and safe: C1 controls and bidi overrides as \u
		 * escapes, a byte that is not UTF-8 (JSON must be) as
		 * U+FFFD. */
		n = br_visible_char((const char *)p, 0, esc);
		if (esc[0] == 'U')
			fprintf(fp, "\\u%c%c%c%c", tolower(esc[2]),
				tolower(esc[3]), tolower(esc[4]),
				tolower(esc[5]));
		else if (*esc)
			fputs("\\ufffd", fp);
		else
			fwrite(p, 1, n, fp);
		p += n - 1;
	}
	fputc('"', fp);
}

/* CSV, JSON and Markdown write row by row: the header before the
 * first row (Markdown aligns numeric columns by that row's cells), the
 * rows t->cells[0..n_rows) numbered from first, and the end. */
static void header(const struct br_table *t, FILE *fp, enum br_fmt fmt,
		   const char *cmd)
{
	size_t c;

	switch (fmt) {
	case BR_FMT_CSV:
		for (c = 0; c < t->n_cols; c++) {
			if (c)
				fputc(',', fp);
			br_csv_field(fp, t->cols[c]);
		}
		fputc('\n', fp);
		break;
	case BR_FMT_JSON:
		fputs("{\n  \"schema\": 1,\n  \"command\": ", fp);
		br_json_string(fp, cmd);
		fputs(",\n  \"rows\": [", fp);
		break;
	case BR_FMT_MD:
		fputs("|", fp);
		for (c = 0; c < t->n_cols; c++) {
			/* our own column names: nothing to escape */
			fprintf(fp, " %s |", t->cols[c]);
		}
		fputs("\n|", fp);
		for (c = 0; c < t->n_cols; c++) {
			const struct br_tcell *cell = t->n_rows ? &t->cells[c]
						      : NULL;
			bool num = cell && (cell->kind == BR_TCELL_NUM ||
					    cell->kind == BR_TCELL_INT);

			fputs(num ? " ---: |" : " --- |", fp);
		}
		fputc('\n', fp);
		break;
	case BR_FMT_TEXT:
		break;
	}
}

static void write_rows(const struct br_table *t, FILE *fp, enum br_fmt fmt,
		       size_t first)
{
	char buf[64];
	size_t r, c;

	if (first == 0 && t->n_rows)
		header(t, fp, fmt, t->out_cmd);
	for (r = 0; r < t->n_rows; r++) {
		const struct br_tcell *row = &t->cells[r * t->n_cols];

		if (fmt == BR_FMT_JSON)
			fputs(first + r ? ",\n    {" : "\n    {", fp);
		else if (fmt == BR_FMT_MD)
			fputc('|', fp);
		for (c = 0; c < t->n_cols; c++) {
			const struct br_tcell *cell = &row[c];

			switch (fmt) {
			case BR_FMT_CSV:
				if (c)
					fputc(',', fp);
				br_csv_field(fp, raw_text(cell, buf,
							  sizeof buf));
				break;
			case BR_FMT_JSON:
				if (c)
					fputs(", ", fp);
				br_json_string(fp, t->cols[c]);
				fputs(": ", fp);
				if (cell->kind == BR_TCELL_STR)
					br_json_string(fp, cell->s);
				else if (cell->kind == BR_TCELL_EMPTY)
					fputs("null", fp);
				else
					fputs(raw_text(cell, buf, sizeof buf),
					      fp);
				break;
			case BR_FMT_MD:
				fputc(' ', fp);
				br_md_text(fp, disp_text(cell, buf,
							 sizeof buf));
				fputs(" |", fp);
				break;
			case BR_FMT_TEXT:
				break;
			}
		}
		fputs(fmt == BR_FMT_JSON ? "}" : "\n", fp);
	}
}

static void footer(const struct br_table *t, FILE *fp, enum br_fmt fmt,
		   const char *cmd, size_t n_rows)
{
	if (n_rows == 0)
		header(t, fp, fmt, cmd);
	if (fmt == BR_FMT_JSON)
		fputs(n_rows ? "\n  ]\n}\n" : "]\n}\n", fp);
}

void br_table_stream(struct br_table *t, FILE *fp, enum br_fmt fmt,
		     const char *command)
{
	if (fmt == BR_FMT_TEXT)
		return;  /* aligned: needs every row's width */
	t->out = fp;
	t->out_fmt = fmt;
	t->out_cmd = command;
}

/* Display width of a cell as br_visible() writes it: terminal columns
 * (two for a wide CJK character) and one per escape character. */
static size_t width(const char *s)
{
	return br_visible_width(s, 0);
}

/* A text cell as br_visible() writes it, a right-to-left name between
 * LEFT-TO-RIGHT MARKs (br_bidi_marks) so that the columns after it stay
 * in place. */
static void cell_text(FILE *fp, const char *s)
{
	const unsigned char *p;
	char *v, *m;

	for (p = (const unsigned char *)s; *p; p++)
		if (*p >= 0xd6 && *p <= 0xf0)   /* lead of U+0580.. */
			break;
	if (!*p || !(v = br_visible_dup(s, 0))) {
		br_visible(fp, s, 0);
		return;
	}
	m = br_bidi_marks(v);
	fputs(m ? m : v, fp);
	free(m);
	free(v);
}

static void write_text(const struct br_table *t, FILE *fp)
{
	size_t *w = calloc(t->n_cols, sizeof *w);
	bool *right = calloc(t->n_cols, sizeof *right);
	char buf[64];
	size_t r, c;

	if (!w || !right) {
		free(w);
		free(right);
		return;
	}
	for (c = 0; c < t->n_cols; c++)
		w[c] = width(t->cols[c]);
	for (r = 0; r < t->n_rows; r++)
		for (c = 0; c < t->n_cols; c++) {
			const struct br_tcell *cell = &t->cells[r * t->n_cols + c];
			size_t cw = width(disp_text(cell, buf, sizeof buf));

			if (cw > w[c])
				w[c] = cw;
			if (cell->kind == BR_TCELL_NUM || cell->kind == BR_TCELL_INT)
				right[c] = true;
		}
	for (r = 0; r <= t->n_rows; r++) {
		for (c = 0; c < t->n_cols; c++) {
			const char *s = r == 0 ? t->cols[c]
				: disp_text(&t->cells[(r - 1) * t->n_cols + c],
					    buf, sizeof buf);
			size_t pad = w[c] - width(s);
			bool last = c + 1 == t->n_cols;

			if (c)
				fputs("  ", fp);
			if (right[c])
				br_spaces(fp, pad);
			cell_text(fp, s);
			if (!right[c] && !last)
				br_spaces(fp, pad);
		}
		fputc('\n', fp);
	}
	free(w);
	free(right);
}

int br_table_write(struct br_table *t, FILE *fp, enum br_fmt fmt,
		   const char *command, struct br_error *err)
{
	if (t->out) {
		/* streamed: the last row and the end */
		if (t->n_rows && !flush(t))
			return br_error_set(err, BR_EIO, NULL, 0,
					    "out of memory");
		footer(t, t->out, t->out_fmt, t->out_cmd, t->n_written);
	} else if (fmt == BR_FMT_TEXT) {
		write_text(t, fp);
	} else {
		t->out_cmd = command;
		write_rows(t, fp, fmt, 0);
		footer(t, fp, fmt, command, t->n_rows);
	}
	if (ferror(fp))
		return br_error_set(err, BR_EIO, NULL, 0, "write error");
	return BR_OK;
}
