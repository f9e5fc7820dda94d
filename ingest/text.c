/*
 * text.c - helpers shared by the text readers (csv.c, csv_pts.c,
 * csv_pts_raw.c, csv_tidy.c, table.c): a reader's start, encoding
 * checks, durations, number text, "# key: value" metadata and
 * "# system:" declarations.  See text_int.h.
 */
#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "text_int.h"

int br_text_begin(struct br_resultset *rs, const char *name,
		  const char *buf, size_t len, const char **fname,
		  struct br_error *err)
{
	int rc = br_text_check(buf, len, name, err);

	if (rc != BR_OK)
		return rc;
	*fname = br_rs_str(rs, name);
	if (!*fname)
		return br_error_set(err, BR_EIO, name, 0, "out of memory");
	return BR_OK;
}

/* See text_int.h: NUL bytes and invalid UTF-8 are EDATA at their line. */
int br_text_check(const char *buf, size_t len, const char *name,
		  struct br_error *err)
{
	const unsigned char *p = (const unsigned char *)buf;
	unsigned long line = 1;
	size_t i = 0;

	while (i < len) {
		unsigned c = p[i];
		size_t need, k;
		unsigned long cp;

		if (c == '\n') {
			line++;
			i++;
			continue;
		}
		if (c == 0)
			return br_error_set(err, BR_EDATA, name, line,
					    "NUL byte in text input");
		if (c < 0x80) {
			i++;
			continue;
		}
		if (c >= 0xc2 && c <= 0xdf) {
			need = 1;
			cp = c & 0x1f;
		} else if (c >= 0xe0 && c <= 0xef) {
			need = 2;
			cp = c & 0x0f;
		} else if (c >= 0xf0 && c <= 0xf4) {
			need = 3;
			cp = c & 0x07;
		} else {
			goto bad;
		}
		if (len - i <= need)
			goto bad;
		for (k = 1; k <= need; k++) {
			if ((p[i + k] & 0xc0) != 0x80)
				goto bad;
			cp = (cp << 6) | (p[i + k] & 0x3f);
		}
		if ((need == 2 && cp < 0x800) || (need == 3 && cp < 0x10000) ||
		    cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff))
			goto bad;
		i += need + 1;
		continue;
bad:
		return br_error_set(err, BR_EDATA, name, line,
				    "invalid UTF-8 (byte 0x%02x); save the "
				    "file as UTF-8", c);
	}
	return BR_OK;
}

/* See text_int.h. */
size_t br_text_bom(const char *buf, size_t len)
{
	if (len >= 3 && (unsigned char)buf[0] == 0xef &&
	    (unsigned char)buf[1] == 0xbb && (unsigned char)buf[2] == 0xbf)
		return 3;
	return 0;
}

/* Digits at s[*i..n), at most max of them; value in *v. */
static size_t digits(const char *s, size_t n, size_t *i, size_t max,
		     double *v)
{
	size_t start = *i;

	*v = 0;
	while (*i < n && isdigit((unsigned char)s[*i]) && *i - start < max) {
		*v = *v * 10 + (s[*i] - '0');
		(*i)++;
	}
	return *i - start;
}

/* See text_int.h: m:ss or h:mm:ss, in seconds. */
bool br_parse_duration(const char *s, size_t n, double *seconds)
{
	double part[3], frac = 0, scale = 0.1, v;
	size_t i = 0, np = 0, len[3];

	while (n && (s[n - 1] == ' ' || s[n - 1] == '\t' || s[n - 1] == '\r'))
		n--;
	while (i < n && (s[i] == ' ' || s[i] == '\t'))
		i++;
	for (;;) {
		len[np] = digits(s, n, &i, np == 0 ? 9 : 2, &v);
		if (len[np] == 0)
			return false;
		part[np++] = v;
		if (i < n && s[i] == ':' && np < 3) {
			i++;
			continue;
		}
		break;
	}
	if (np < 2)
		return false;
	if (i < n && s[i] == '.') {
		size_t fd = 0;

		for (i++; i < n && isdigit((unsigned char)s[i]) && fd < 9;
		     i++, fd++) {
			frac += (s[i] - '0') * scale;
			scale /= 10;
		}
		if (fd == 0)
			return false;
	}
	if (i != n)
		return false;
	/* Everything after the first field: exactly two digits, < 60. */
	for (i = 1; i < np; i++)
		if (len[i] != 2 || part[i] >= 60)
			return false;
	if (np == 2)
		*seconds = part[0] * 60 + part[1] + frac;
	else
		*seconds = part[0] * 3600 + part[1] * 60 + part[2] + frac;
	return true;
}

/* See text_int.h. */
bool br_looks_like_duration(const char *s, size_t n)
{
	size_t i;

	for (i = 1; i + 1 < n; i++)
		if (s[i] == ':' && isdigit((unsigned char)s[i - 1]) &&
		    isdigit((unsigned char)s[i + 1]))
			return true;
	return false;
}

/* See text_int.h: the shortest text that reads back to v. */
void br_fmt_double(char *buf, size_t size, double v)
{
	int prec;

	for (prec = 15; prec <= 17; prec++) {
		snprintf(buf, size, "%.*g", prec, v);
		if (strtod(buf, NULL) == v)
			return;
	}
}

/* See text_int.h. */
void br_text_snip(char *out, size_t size, const char *s, size_t n)
{
	size_t i, o = 0, max = n > 40 ? 40 : n;

	if (size < 8) {
		if (size)
			out[0] = '\0';
		return;
	}
	for (i = 0; i < max && o + 5 < size; i++) {
		unsigned char c = (unsigned char)s[i];

		out[o++] = c < 0x20 || c == 0x7f ? '?' : (char)c;
	}
	out[o] = '\0';
	if (i < n) {
		/* Do not cut a UTF-8 sequence in half. */
		br_utf8_cut(out);
		strcat(out, "...");
	}
}

/* See text_int.h: "# key: value" with a lower-case key. */
bool br_text_meta(const char *line, size_t n, const char **key,
		  size_t *key_len, const char **value, size_t *value_len)
{
	size_t i = 0, k;

	if (n == 0 || line[0] != '#')
		return false;
	for (i = 1; i < n && (line[i] == ' ' || line[i] == '\t'); i++)
		;
	k = i;
	/* Keys are lower case: "# Source: ..." stays a plain comment. */
	while (i < n && (islower((unsigned char)line[i]) ||
			 isdigit((unsigned char)line[i]) || line[i] == '_' ||
			 line[i] == '-'))
		i++;
	if (i == k || !islower((unsigned char)line[k]))
		return false;
	*key = line + k;
	*key_len = i - k;
	while (i < n && (line[i] == ' ' || line[i] == '\t'))
		i++;
	if (i >= n || line[i] != ':')
		return false;
	for (i++; i < n && (line[i] == ' ' || line[i] == '\t'); i++)
		;
	while (n > i && (line[n - 1] == ' ' || line[n - 1] == '\t' ||
			 line[n - 1] == '\r'))
		n--;
	*value = line + i;
	*value_len = n - i;
	return true;
}

/* See text_int.h. */
bool br_text_key_is(const char *key, size_t n, const char *word)
{
	return strlen(word) == n && strncasecmp(key, word, n) == 0;
}

/* Append kv[0..n) to the array at arr (a new arena array). */
static int append_kv(struct br_resultset *rs, struct br_kv **arr,
		     size_t *n_arr, struct br_kv *kv, size_t n,
		     struct br_error *err)
{
	struct br_kv *na;

	if (n == 0)
		return BR_OK;
	if (*n_arr == 0) {
		*arr = kv;
		*n_arr = n;
		return BR_OK;
	}
	na = br_arena_alloc(rs->arena, (*n_arr + n) * sizeof *na);
	if (!na)
		return br_error_set(err, BR_EIO, NULL, 0, "out of memory");
	memcpy(na, *arr, *n_arr * sizeof *na);
	memcpy(na + *n_arr, kv, n * sizeof *na);
	*arr = na;
	*n_arr += n;
	return BR_OK;
}

/* s joined to old with "\n" (old may be NULL), interned. */
static const char *join_line(struct br_resultset *rs, const char *old,
			     const char *prefix, const char *s, size_t n)
{
	if (!prefix)
		prefix = "";
	if (!old)
		return br_arena_printf(rs->arena, "%s%.*s", prefix, (int)n, s);
	return br_arena_printf(rs->arena, "%s\n%s%.*s", old, prefix, (int)n,
			       s);
}

#define SYS_OWN_HW 1
#define SYS_OWN_SW 2
#define SYS_OWN_NOTES 4

/* Free the per-system ownership bits. */
void br_meta_fini(struct br_meta *m)
{
	free(m->sys_own);
	m->sys_own = NULL;
	m->n_sys_own = 0;
}

/* Ownership bits of system idx (grown as systems appear); NULL on
 * ENOMEM. */
static unsigned char *sys_own(struct br_meta *m, size_t idx)
{
	if (idx >= m->n_sys_own) {
		size_t n = idx + 16;
		unsigned char *p = realloc(m->sys_own, n);

		if (!p)
			return NULL;
		memset(p + m->n_sys_own, 0, n - m->n_sys_own);
		m->sys_own = p;
		m->n_sys_own = n;
	}
	return &m->sys_own[idx];
}

/* Apply the value of one "# system:" line (grammar in text_int.h). */
/* The NAME of "# system: NAME | FIELD | VALUE" from *pp (before end):
 * "quoted" (a doubled quote is one) or plain up to the first '|';
 * *pp is left at that '|' or at end. */
static int sys_meta_name(struct br_resultset *rs, const char *file,
			 unsigned long line, const char **pp, const char *end,
			 char **out, struct br_error *err)
{
	const char *p = *pp;
	size_t nl = 0;
	char *name = br_arena_alloc(rs->arena, (size_t)(end - p) + 1);

	if (!name)
		return br_error_set(err, BR_EIO, file, line, "out of memory");
	if (p < end && *p == '"') {
		for (p++;; p++) {
			if (p >= end)
				return br_error_set(err, BR_EDATA, file, line,
						    "# system: unterminated "
						    "quoted name");
			if (*p == '"') {
				if (p + 1 < end && p[1] == '"') {
					name[nl++] = '"';
					p++;
					continue;
				}
				p++;
				break;
			}
			name[nl++] = *p;
		}
		while (p < end && (*p == ' ' || *p == '\t'))
			p++;
		if (p < end && *p != '|')
			return br_error_set(err, BR_EDATA, file, line,
					    "# system: expected '|' after "
					    "the quoted name");
	} else {
		const char *bar = memchr(p, '|', (size_t)(end - p));
		const char *e = bar ? bar : end;

		while (e > p && (e[-1] == ' ' || e[-1] == '\t'))
			e--;
		memcpy(name, p, (size_t)(e - p));
		nl = (size_t)(e - p);
		p = bar ? bar : end;
	}
	name[nl] = '\0';
	if (nl == 0)
		return br_error_set(err, BR_EDATA, file, line,
				    "# system: empty system name");
	*pp = p;
	*out = name;
	return BR_OK;
}

static int sys_meta(struct br_resultset *rs, struct br_meta *m,
		    const char *value, size_t n, unsigned long line,
		    struct br_error *err)
{
	const char *file = m->file;
	struct br_loc loc = {file, line};
	const char *p = value, *end = value + n, *f;
	struct br_system *sys;
	unsigned char *own;
	size_t idx, fl;
	char *name = NULL;
	int rc = sys_meta_name(rs, file, line, &p, end, &name, err);

	if (rc != BR_OK)
		return rc;
	idx = br_rs_system(rs, name, true, &loc, err);
	if (idx == (size_t)-1)
		return err->code;
	own = sys_own(m, idx);
	if (!own)
		return br_error_set(err, BR_EIO, file, line, "out of memory");
	sys = rs->systems[idx];
	sys->declared = true;
	if (!sys->named_by)
		sys->named_by = "from a '# system:' line";
	if (p >= end)
		return BR_OK; /* a bare declaration */
	/* "| FIELD | VALUE" */
	for (p++; p < end && (*p == ' ' || *p == '\t'); p++)
		;
	f = p;
	while (p < end && *p != '|' && *p != ' ' && *p != '\t')
		p++;
	fl = (size_t)(p - f);
	while (p < end && (*p == ' ' || *p == '\t'))
		p++;
	if (fl == 0 || p >= end || *p != '|')
		return br_error_set(err, BR_EDATA, file, line,
				    "# system: expected NAME | FIELD | VALUE");
	for (p++; p < end && (*p == ' ' || *p == '\t'); p++)
		;
	n = (size_t)(end - p);
	if (br_text_key_is(f, fl, "hardware") ||
	    br_text_key_is(f, fl, "software")) {
		unsigned char bit = (*f == 'h' || *f == 'H') ? SYS_OWN_HW
							     : SYS_OWN_SW;
		struct br_kv **arr = bit == SYS_OWN_HW ? &sys->hardware
						       : &sys->software;
		size_t *narr = bit == SYS_OWN_HW ? &sys->n_hardware
						 : &sys->n_software;
		const char *s;
		struct br_kv *kv;
		size_t nkv;

		if (*narr && !(*own & bit))
			return BR_OK; /* an earlier input's wins */
		s = br_rs_strn(rs, p, n);
		if (!s)
			return br_error_set(err, BR_EIO, file, line,
					    "out of memory");
		rc = br_rs_parse_components(rs, s, &kv, &nkv, err);
		if (rc != BR_OK)
			return rc;
		*own |= bit;
		return append_kv(rs, arr, narr, kv, nkv, err);
	}
	if (br_text_key_is(f, fl, "notes")) {
		if (sys->notes && !(*own & SYS_OWN_NOTES))
			return BR_OK;
		sys->notes = join_line(rs, (*own & SYS_OWN_NOTES) ? sys->notes
					   : NULL, NULL, p, n);
		*own |= SYS_OWN_NOTES;
		if (!sys->notes)
			return br_error_set(err, BR_EIO, file, line,
					    "out of memory");
		return BR_OK;
	}
	if (br_text_key_is(f, fl, "user")) {
		sys->user = br_rs_strn(rs, p, n);
	} else if (br_text_key_is(f, fl, "timestamp")) {
		sys->timestamp = br_rs_strn(rs, p, n);
	} else if (br_text_key_is(f, fl, "client_version")) {
		sys->client_version = br_rs_strn(rs, p, n);
	} else {
		char what[64];

		br_text_snip(what, sizeof what, f, fl);
		br_rs_warn(rs, &loc, "# system: unknown field \"%s\" ignored "
			   "(known: hardware, software, notes, user, "
			   "timestamp, client_version)", what);
	}
	return BR_OK;
}

/* Set or extend one result-set string (see struct br_meta). */
static int set_field(struct br_resultset *rs, const char **field,
		     bool *mine, const char *prefix, const char *value,
		     size_t n, unsigned long line, const char *file,
		     struct br_error *err)
{
	const char *s;

	if (!*mine && *field)
		return BR_OK; /* set by an earlier input: first wins */
	s = join_line(rs, *mine ? *field : NULL, prefix, value, n);
	if (!s)
		return br_error_set(err, BR_EIO, file, line, "out of memory");
	*field = s;
	*mine = true;
	return BR_OK;
}

/* See text_int.h: the result set's metadata keys and "# system:". */
int br_meta_apply(struct br_resultset *rs, struct br_meta *m,
		  const char *key, size_t kl, const char *value, size_t vl,
		  unsigned long line, bool *used, struct br_error *err)
{
	const char *f = m->file;

	*used = true;
	if (br_text_key_is(key, kl, "title")) {
		/* this file's own: it names systems kept apart */
		if (!rs->scope.title && vl &&
		    !(rs->scope.title = br_rs_strn(rs, value, vl)))
			return br_error_set(err, BR_EIO, f, line,
					    "out of memory");
		return set_field(rs, &rs->title, &m->title, NULL, value, vl,
				 line, f, err);
	}
	if (br_text_key_is(key, kl, "description"))
		return set_field(rs, &rs->description, &m->description, NULL,
				 value, vl, line, f, err);
	if (br_text_key_is(key, kl, "notes"))
		return set_field(rs, &rs->notes, &m->notes, NULL, value, vl,
				 line, f, err);
	if (br_text_key_is(key, kl, "source"))
		return set_field(rs, &rs->notes, &m->notes, "Source: ", value,
				 vl, line, f, err);
	if (br_text_key_is(key, kl, "reference_id"))
		return set_field(rs, &rs->reference_id, &m->reference_id, NULL,
				 value, vl, line, f, err);
	if (br_text_key_is(key, kl, "last_modified"))
		return set_field(rs, &rs->last_modified, &m->last_modified,
				 NULL, value, vl, line, f, err);
	if (br_text_key_is(key, kl, "test_client"))
		return set_field(rs, &rs->test_client, &m->test_client, NULL,
				 value, vl, line, f, err);
	if (br_text_key_is(key, kl, "system"))
		return sys_meta(rs, m, value, vl, line, err);
	*used = false;
	return BR_OK;
}
