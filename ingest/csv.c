/*
 * csv.c - the RFC 4180 record reader under the CSV readers (quotes,
 * doubled quotes, embedded commas and line breaks, CRLF or LF), see
 * csv_int.h:
 *
 *   pts-csv   csv_pts.c, PTS's result-file-to-csv export
 *   pts-raw-csv  csv_pts_raw.c, PTS's result-file-raw-to-csv export
 *   tidy-csv  csv_tidy.c, benchreport's own tidy CSV (doc/tidy-csv.md)
 *
 * Memory stays in proportion to the input: a record is copied once into
 * a scratch buffer and rows are capped at BR_TEXT_MAX_COLUMNS fields.
 */
#include <stdlib.h>
#include <string.h>

#include "csv_int.h"

/*
 * Start reading buf (named name in messages) after any byte order mark.
 * lenient: PTS writes unescaped quotes inside quoted fields; accept them.
 */
void br_csv_init(struct br_csv *c, const char *name, const char *buf,
		 size_t len, bool lenient)
{
	memset(c, 0, sizeof *c);
	c->buf = buf;
	c->len = len;
	c->pos = br_text_bom(buf, len);
	c->line = 1;
	c->name = name;
	c->lenient = lenient;
}

/* Free the record buffers (not the input). */
void br_csv_fini(struct br_csv *c)
{
	free(c->f);
	free(c->sb);
}

/* Append one byte to the record's text; false on ENOMEM. */
static bool sb_put(struct br_csv *c, char ch)
{
	if (c->sblen == c->sbcap) {
		size_t ncap = c->sbcap ? c->sbcap * 2 : 256;
		char *p = realloc(c->sb, ncap);

		if (!p)
			return false;
		c->sb = p;
		c->sbcap = ncap;
	}
	c->sb[c->sblen++] = ch;
	return true;
}

/* The raw line at the read position: start and length without the line
 * break. */
void br_csv_peek_line(const struct br_csv *c, const char **start,
		      size_t *n)
{
	const char *p = c->buf + c->pos;
	const char *nl = memchr(p, '\n', c->len - c->pos);
	size_t l = nl ? (size_t)(nl - p) : c->len - c->pos;

	if (l && p[l - 1] == '\r')
		l--;
	*start = p;
	*n = l;
}

/* Move past the current line (a comment or a line read raw). */
void br_csv_skip_line(struct br_csv *c)
{
	const char *p = c->buf + c->pos;
	const char *nl = memchr(p, '\n', c->len - c->pos);

	if (nl) {
		c->pos += (size_t)(nl - p) + 1;
		c->line++;
	} else {
		c->pos = c->len;
	}
}

/* True when nothing is left to read. */
bool br_csv_eof(const struct br_csv *c)
{
	return c->pos >= c->len;
}

/* Does a field end at q (a comma, a line end or the end of input)? */
static bool at_field_end(const struct br_csv *c, size_t q)
{
	const char *b = c->buf;

	return q >= c->len || b[q] == ',' || b[q] == '\n' ||
	       (b[q] == '\r' && (q + 1 >= c->len || b[q + 1] == '\n'));
}

/*
 * Read a quoted field whose '"' is at the read position into the record's
 * text, up to its closing quote.  Returns 0, or -1 with err set.
 */
static int read_quoted(struct br_csv *c, struct br_error *err)
{
	unsigned long open = c->line;

	c->pos++;
	for (;;) {
		char ch;
		size_t q;

		if (c->pos >= c->len) {
			br_error_set(err, BR_EDATA, c->name, open,
				     "unterminated quoted field (no closing "
				     "'\"')");
			return -1;
		}
		ch = c->buf[c->pos];
		if (ch == '"') {
			q = c->pos + 1;
			if (q < c->len && c->buf[q] == '"') {
				if (!sb_put(c, '"'))
					goto nomem;
				c->pos += 2;
				continue;
			}
			if (at_field_end(c, q)) {
				c->pos = q;
				return 0;
			}
			if (!c->lenient) {
				while (q < c->len && (c->buf[q] == ' ' ||
						      c->buf[q] == '\t'))
					q++;
				if (at_field_end(c, q)) {
					c->pos = q;
					return 0;
				}
				br_error_set(err, BR_EDATA, c->name, c->line,
					     "unexpected text after a closing "
					     "quote (write \"\" for a quote "
					     "inside a quoted field)");
				return -1;
			}
		}
		if (ch == '\n')
			c->line++;
		if (!sb_put(c, ch))
			goto nomem;
		c->pos++;
	}
nomem:
	br_error_set(err, BR_EIO, c->name, c->line, "out of memory");
	return -1;
}

/*
 * Read one record at the read position into c->f/c->nf.  Returns 1, 0 at
 * the end of input, or -1 with err set.
 */
int br_csv_next(struct br_csv *c, struct br_error *err)
{
	size_t i;

	if (br_csv_eof(c))
		return 0;
	c->nf = 0;
	c->sblen = 0;
	c->rec_line = c->line;
	for (;;) {
		struct br_csv_field fld;

		memset(&fld, 0, sizeof fld);
		fld.off = c->sblen;
		fld.line = c->line;
		if (c->pos < c->len && c->buf[c->pos] == '"') {
			int rc = read_quoted(c, err);

			if (rc < 0)
				return -1;
			fld.quoted = true;
		} else {
			while (c->pos < c->len && c->buf[c->pos] != ',' &&
			       c->buf[c->pos] != '\n') {
				if (!sb_put(c, c->buf[c->pos]))
					goto nomem;
				c->pos++;
			}
		}
		fld.n = c->sblen - fld.off;
		if (!sb_put(c, '\0'))
			goto nomem;
		if (c->nf >= BR_TEXT_MAX_COLUMNS) {
			br_error_set(err, BR_EDATA, c->name, c->rec_line,
				     "more than %d columns",
				     BR_TEXT_MAX_COLUMNS);
			return -1;
		}
		if (c->nf == c->capf) {
			size_t ncap = c->capf ? c->capf * 2 : 16;
			struct br_csv_field *nfp;

			nfp = realloc(c->f, ncap * sizeof *nfp);
			if (!nfp)
				goto nomem;
			c->f = nfp;
			c->capf = ncap;
		}
		c->f[c->nf++] = fld;
		if (c->pos >= c->len)
			break;
		if (c->buf[c->pos] == ',') {
			/* At the very end, "a,b," still has an empty third
			 * field: the loop reads it. */
			c->pos++;
			continue;
		}
		if (c->buf[c->pos] == '\r')
			c->pos++;
		if (c->pos < c->len && c->buf[c->pos] == '\n') {
			c->pos++;
			c->line++;
		}
		break;
	}
	/* Resolve the text pointers; trim unquoted fields (and the '\r' of
	 * a CRLF line end). */
	for (i = 0; i < c->nf; i++) {
		struct br_csv_field *f = &c->f[i];
		char *s = c->sb + f->off;
		size_t n = f->n;

		if (!f->quoted) {
			while (n && (s[n - 1] == ' ' || s[n - 1] == '\t' ||
				     s[n - 1] == '\r'))
				n--;
			s[n] = '\0';
			while (n && (*s == ' ' || *s == '\t')) {
				s++;
				n--;
			}
		}
		f->s = s;
		f->n = n;
	}
	return 1;
nomem:
	br_error_set(err, BR_EIO, c->name, c->line, "out of memory");
	return -1;
}

/* Is the current record empty (blank line, or only empty fields)? */
bool br_csv_record_empty(const struct br_csv *c)
{
	size_t i;

	for (i = 0; i < c->nf; i++)
		if (c->f[i].n)
			return false;
	return true;
}

/* Intern s[0..n) or record ENOMEM. */
const char *br_csv_istr(struct br_resultset *rs, const char *s, size_t n,
			const char *fname, unsigned long line,
			struct br_error *err)
{
	const char *r = br_rs_strn(rs, s, n);

	if (!r)
		br_error_set(err, BR_EIO, fname, line, "out of memory");
	return r;
}
