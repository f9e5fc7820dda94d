/*
 * flat_json.c - the Entry JSON of a PTS result, read without json-c when
 * it is simple (ingest_int.h, br_flat_json).
 *
 * Nearly every Entry/JSON in a composite.xml is a small flat object such
 * as {"test-run-times":"52.90:84.44"} or a compiler-options object of
 * three strings.  json-c allocates a tokener, a hash table and an object
 * per value for each; for a large result file that was a quarter of the
 * ingest time.  This scanner accepts a strict subset of JSON and says
 * "not simple" for everything else, which json-c then reads as before:
 * so the subset only has to be right, not complete.
 *
 * The subset: an object (whitespace around tokens allowed) whose keys are
 * strings and whose values are strings or numbers, or, for one chosen
 * key, such a flat object again.  Strings hold printable ASCII only (no
 * escapes, no control or non-ASCII bytes); numbers follow the JSON
 * grammar.  Anything else (arrays, true/false/null, deeper nesting,
 * escapes, UTF-8, exponents or more than 15 digits, a repeated key we
 * look for, trailing data) is "not simple".
 */
#include <string.h>

#include "ingest_int.h"

struct scan {
	const char *p, *end;
};

static void skip_ws(struct scan *s)
{
	while (s->p < s->end && (*s->p == ' ' || *s->p == '\t' ||
				 *s->p == '\n' || *s->p == '\r'))
		s->p++;
}

static bool is_digit(char c)
{
	return c >= '0' && c <= '9';
}

/* A string of printable ASCII, no escapes: its contents. */
static bool scan_string(struct scan *s, const char **str, size_t *len)
{
	const char *q;

	if (s->p >= s->end || *s->p != '"')
		return false;
	q = ++s->p;
	while (s->p < s->end && *s->p != '"') {
		unsigned char c = (unsigned char)*s->p;

		if (c < 0x20 || c > 0x7e || c == '\\')
			return false;
		s->p++;
	}
	if (s->p >= s->end)
		return false;
	*str = q;
	*len = (size_t)(s->p - q);
	s->p++;
	return true;
}

/*
 * -?(0|[1-9][0-9]*)(.[0-9]+)?, at most 15 digits: exact as a double
 * whichever way it is read (json-c reads an integer as int64, huge ones
 * and exponents its own way, and the integer -0 as +0: those are not
 * simple).
 */
static bool scan_number(struct scan *s, const char **num, size_t *len)
{
	const char *q = s->p, *p = s->p, *e = s->end;
	size_t digits;

	if (p < e && *p == '-')
		p++;
	if (p < e && *p == '0') {
		p++;
		/* json-c reads the integer -0 as int64 0, i.e. +0.0 */
		if (*q == '-' && !(p < e && *p == '.'))
			return false;
	} else if (p < e && is_digit(*p)) {
		while (p < e && is_digit(*p))
			p++;
	} else {
		return false;
	}
	if (p < e && *p == '.') {
		if (++p >= e || !is_digit(*p))
			return false;
		while (p < e && is_digit(*p))
			p++;
	}
	digits = (size_t)(p - q) - (*q == '-') - (memchr(q, '.',
		 (size_t)(p - q)) != NULL);
	if (digits > 15 || (p < e && (*p == 'e' || *p == 'E')))
		return false;
	*num = q;
	*len = (size_t)(p - q);
	s->p = p;
	return true;
}

static bool scan_object(struct scan *s, const char *const *keys, size_t n,
			struct br_fj_val *vals, int nest, bool inner);

/* One value into v (v NULL: a key not looked for, checked and dropped). */
static bool scan_value(struct scan *s, struct br_fj_val *v, bool may_nest)
{
	struct br_fj_val dummy;
	const char *q = s->p;

	if (!v)
		v = &dummy;
	if (s->p < s->end && *s->p == '"') {
		v->kind = BR_FJ_STR;
		return scan_string(s, &v->s, &v->len);
	}
	if (s->p < s->end && *s->p == '{') {
		if (!may_nest)
			return false;
		v->kind = BR_FJ_OBJ;
		if (!scan_object(s, NULL, 0, NULL, -1, true))
			return false;
		v->s = q;
		v->len = (size_t)(s->p - q);
		return true;
	}
	v->kind = BR_FJ_NUM;
	return scan_number(s, &v->s, &v->len);
}

/* { "key": value, ... }; inner: a nested object (no nesting in it). */
static bool scan_object(struct scan *s, const char *const *keys, size_t n,
			struct br_fj_val *vals, int nest, bool inner)
{
	skip_ws(s);
	if (s->p >= s->end || *s->p != '{')
		return false;
	s->p++;
	skip_ws(s);
	if (s->p < s->end && *s->p == '}') {
		s->p++;
		return true;
	}
	for (;;) {
		const char *k;
		size_t klen, i;
		struct br_fj_val *v = NULL;

		if (!scan_string(s, &k, &klen))
			return false;
		for (i = 0; i < n; i++)
			if (strlen(keys[i]) == klen &&
			    !memcmp(keys[i], k, klen))
				break;
		if (i < n) {
			if (vals[i].kind != BR_FJ_NONE)
				return false; /* repeated: json-c decides */
			v = &vals[i];
		}
		skip_ws(s);
		if (s->p >= s->end || *s->p != ':')
			return false;
		s->p++;
		skip_ws(s);
		if (!scan_value(s, v, !inner && (int)i == nest))
			return false;
		skip_ws(s);
		if (s->p < s->end && *s->p == ',') {
			s->p++;
			skip_ws(s);
			continue;
		}
		if (s->p < s->end && *s->p == '}') {
			s->p++;
			return true;
		}
		return false;
	}
}

bool br_flat_json(const char *json, size_t len, const char *const *keys,
		  size_t n, struct br_fj_val *vals, int nest)
{
	struct scan s;
	size_t i;

	for (i = 0; i < n; i++)
		vals[i].kind = BR_FJ_NONE;
	s.p = json;
	s.end = json + len;
	if (!scan_object(&s, keys, n, vals, nest, false))
		return false;
	skip_ws(&s);
	return s.p == s.end;
}
