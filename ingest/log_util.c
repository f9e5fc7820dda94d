/*
 * log_util.c - helpers shared by the raw-log readers: line iteration,
 * numbers, system names from paths, and adding a value as a run of the
 * right test and entry (see log_int.h).
 */
#include <ctype.h>
#include <json-c/json.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "log_int.h"
#include "../model/model_int.h"

/* ---------------------------------------------------------------- lines */

void br_log_iter_init(struct br_log_iter *it, const char *buf, size_t len)
{
	it->buf = buf;
	it->len = len;
	it->pos = 0;
	it->no = 0;
	it->line[0] = '\0';
	it->n = 0;
}

bool br_log_next(struct br_log_iter *it)
{
	const char *start, *end, *nl, *p;
	size_t n, i;

	if (it->pos >= it->len)
		return false;
	start = it->buf + it->pos;
	nl = memchr(start, '\n', it->len - it->pos);
	end = nl ? nl : it->buf + it->len;
	it->pos = nl ? (size_t)(nl - it->buf) + 1 : it->len;
	it->no++;
	while (end > start && end[-1] == '\r')
		end--;
	for (p = end; p > start; p--)
		if (p[-1] == '\r') {
			start = p;
			break;
		}
	n = (size_t)(end - start);
	if (n > sizeof it->line - 1)
		n = sizeof it->line - 1;
	for (i = 0; i < n; i++)
		it->line[i] = start[i] ? start[i] : ' ';
	it->line[n] = '\0';
	it->n = n;
	return true;
}

unsigned long br_log_line_at(struct br_log_pos *pos, const char *buf,
			     size_t len, size_t off)
{
	const char *p, *end;

	if (pos->line == 0)
		pos->line = 1;
	if (off > len)
		off = len;
	if (off < pos->off)
		return pos->line; /* offsets go forward only */
	p = buf + pos->off;
	end = buf + off;
	while (p < end && (p = memchr(p, '\n', (size_t)(end - p))) != NULL) {
		pos->line++;
		p++;
	}
	pos->off = off;
	return pos->line;
}

/* -------------------------------------------------------------- numbers */

/* The last numbers br_log_num read, with the steps of their digits: what
 * br_log_add takes as the resolution of such a value ("0.00" has 0.01,
 * which the double 0 has lost).  A reader reads some numbers, then adds
 * them: 128 cover dbench's operation table (about 60 numbers) read
 * before its throughput line.  The most recent reading of the value
 * wins. */
#define LAST_NUMS 128
static _Thread_local struct {
	double v, step;
} last_num[LAST_NUMS];
static _Thread_local unsigned last_next;

double br_log_last_step(void)
{
	return last_num[(last_next - 1) % LAST_NUMS].step;
}

/* The step of v as br_log_num last read it; 0 when it did not. */
static double read_step(double v)
{
	unsigned i, k;

	for (i = 1; i <= LAST_NUMS; i++) {
		k = (last_next - i) % LAST_NUMS;
		if (last_num[k].step > 0 && last_num[k].v == v)
			return last_num[k].step;
	}
	return 0;
}

bool br_log_num(const char **s, double *out)
{
	const char *p = br_log_skip(*s), *q = p;
	char tmp[64];
	size_t n;
	int digits = 0;
	double d;

	if (*q == '+' || *q == '-')
		q++;
	while (isdigit((unsigned char)*q)) {
		q++;
		digits++;
	}
	if (*q == '.') {
		q++;
		while (isdigit((unsigned char)*q)) {
			q++;
			digits++;
		}
	}
	if (!digits)
		return false;
	if (*q == 'e' || *q == 'E') {
		const char *e = q + 1;

		if (*e == '+' || *e == '-')
			e++;
		if (isdigit((unsigned char)*e)) {
			while (isdigit((unsigned char)*e))
				e++;
			q = e;
		}
	}
	n = (size_t)(q - p);
	if (n >= sizeof tmp)
		return false;
	memcpy(tmp, p, n);
	tmp[n] = '\0';
	d = strtod(tmp, NULL);
	if (!isfinite(d))
		return false;
	*out = d;
	*s = q;
	last_num[last_next % LAST_NUMS].v = d;
	last_num[last_next % LAST_NUMS].step = br_num_text_step(tmp, n);
	last_next++;
	return true;
}

bool br_log_num_word(const char **s, double *out)
{
	const char *p = *s;
	double d;

	if (!br_log_num(&p, &d))
		return false;
	if (*p && *p != ' ' && *p != '\t' && *p != ',' && *p != ')')
		return false;
	*out = d;
	*s = p;
	return true;
}

const char *br_log_skip(const char *s)
{
	while (*s == ' ' || *s == '\t')
		s++;
	return s;
}

const char *br_log_after(const char *s, const char *key)
{
	const char *p = strstr(s, key);

	return p ? p + strlen(key) : NULL;
}

bool br_log_starts(const char *s, const char *prefix)
{
	s = br_log_skip(s);
	return strncmp(s, prefix, strlen(prefix)) == 0;
}

bool br_log_has(const char *buf, size_t len, const char *needle)
{
	return br_log_has_tail(buf, len > BR_LOG_DETECT_MAX ?
			       BR_LOG_DETECT_MAX : len, needle);
}

bool br_log_has_tail(const char *buf, size_t len, const char *needle)
{
	size_t nlen = strlen(needle), i;
	const char *p;

	if (nlen == 0 || nlen > len)
		return nlen == 0;
	for (i = 0; i + nlen <= len; i = (size_t)(p - buf) + 1) {
		p = memchr(buf + i, needle[0], len - nlen + 1 - i);
		if (!p)
			return false;
		if (memcmp(p, needle, nlen) == 0)
			return true;
	}
	return false;
}

void br_log_quote(const char *s, size_t n, char *out, size_t cap)
{
	size_t i;

	if (cap == 0)
		return;
	if (n > cap - 1)   /* cut short: not in a character */
		n = br_utf8_fit(s, cap - 1);
	for (i = 0; i < n; i++)
		out[i] = (unsigned char)s[i] < 0x20 || s[i] == 0x7f ? '?' : s[i];
	out[n] = '\0';
}

/* ---------------------------------------------------------------- names */

static void copy_n(char *out, size_t cap, const char *s, size_t n)
{
	if (cap == 0)
		return;
	if (n > cap - 1)   /* cut short: not in a character */
		n = br_utf8_fit(s, cap - 1);
	memcpy(out, s, n);
	out[n] = '\0';
}

/* File name part of path, and its length without the extension. */
static const char *base_name(const char *path, size_t *n_stem)
{
	const char *b = strrchr(path, '/'), *dot;

	b = b ? b + 1 : path;
	dot = strrchr(b, '.');
	*n_stem = dot && dot > b ? (size_t)(dot - b) : strlen(b);
	return b;
}

/* The last component of directory dir as the system sees it (".", ".."
 * and links resolved), into out; false when it cannot be resolved or is
 * "/". */
static bool real_dir_name(const char *dir, char *out, size_t cap,
			  char *real, size_t real_cap)
{
	char *r = realpath(dir, NULL);
	const char *b;
	size_t n;

	if (!r)
		return false;
	b = strrchr(r, '/');
	b = b ? b + 1 : r;
	n = strlen(b);
	if (n)
		copy_n(out, cap, b, n);
	if (n && real)
		copy_n(real, real_cap, r, strlen(r));
	free(r);
	return n > 0;
}

void br_log_system_from_path(const char *path, char *out, size_t cap,
			     char *how, size_t how_cap)
{
	const char *slash = strrchr(path, '/'), *b;
	char real[4096];
	size_t n;

	if (strcmp(path, "<stdin>") == 0 || strcmp(path, "-") == 0) {
		copy_n(out, cap, "stdin", 5);
		if (how)
			snprintf(how, how_cap, "from standard input");
		return;
	}
	if (slash) {
		const char *end = slash;

		while (end > path && end[-1] == '/')
			end--;
		for (b = end; b > path && b[-1] != '/'; b--)
			;
		n = (size_t)(end - b);
		if (n && !(n == 1 && b[0] == '.') &&
		    !(n == 2 && b[0] == '.' && b[1] == '.')) {
			copy_n(out, cap, b, n);
			if (how)
				snprintf(how, how_cap, "from directory %.*s",
					 BR_UTF8_PREC(path, (size_t)(end -
								path)));
			return;
		}
		/* "./x.log", "../x.log", "runs/..//x.log": the name of
		 * the directory they stand for */
		if (end > path) {
			char *dir = strndup(path, (size_t)(end - path));
			bool ok = dir && real_dir_name(dir, out, cap, real,
						       sizeof real);

			if (ok && how)
				snprintf(how, how_cap, "from directory %s "
					 "(%s)", dir, real);
			free(dir);
			if (ok)
				return;
		}
	} else if (real_dir_name(".", out, cap, real, sizeof real)) {
		/* a bare file name: its directory is the current one */
		if (how)
			snprintf(how, how_cap, "from the current directory "
				 "(%s)", real);
		return;
	}
	b = base_name(path, &n);
	copy_n(out, cap, b, n ? n : strlen(b));
	if (how)
		snprintf(how, how_cap, "from the file name %s", b);
}

void br_log_stem(const char *path, char *out, size_t cap)
{
	size_t n, m;
	const char *b = base_name(path, &n);

	m = n;
	while (m > 0 && isdigit((unsigned char)b[m - 1]))
		m--;
	if (m < n) {
		if (m >= 3 && strncmp(b + m - 3, "run", 3) == 0)
			m -= 3;
		while (m > 0 && (b[m - 1] == '-' || b[m - 1] == '_' ||
				 b[m - 1] == '.' || b[m - 1] == ' '))
			m--;
		if (m == 0)
			m = n;
	}
	copy_n(out, cap, b, m);
}

/* -------------------------------------------------------------- results */

/* The system of log name: --system, else named after its path (the
 * name is part of the path or of its real directory, so a buffer of
 * PATH_MAX cuts nothing).  *how: where the name came from. */
static const char *log_system(struct br_resultset *rs, const char *name,
			      const struct br_ingest_opts *o,
			      const char **how)
{
	size_t cap = strlen(name) + 4096;
	char *s, h[8192 + 64];

	if (o && o->system && *o->system) {
		*how = "from --system";
		return br_rs_str(rs, o->system);
	}
	s = br_arena_alloc(rs->arena, cap);
	if (!s)
		return NULL;
	br_log_system_from_path(name, s, cap, h, sizeof h);
	if (!*s)
		strcpy(s, "unnamed");
	*how = br_rs_str(rs, h);
	return *how ? s : NULL;
}

const char *br_log_hf_test_named(bool test_option, bool per_command,
				 const char *title)
{
	if (test_option)
		return "from --test and the measure (wall, user, system time)";
	if (!per_command)
		return "from the hyperfine command and the measure (wall, "
			"user, system time)";
	if (strcmp(title, "Hyperfine") != 0)
		return "from the file name (its path where another "
			"directory's file has that name; its commands name "
			"the systems) and the measure (wall, user, system "
			"time)";
	return "\"Hyperfine\" (its commands name the systems) and the "
		"measure (wall, user, system time)";
}

int br_log_open(struct br_log *lg, struct br_resultset *rs, const char *name,
		const struct br_ingest_opts *o, struct br_error *err)
{
	memset(lg, 0, sizeof *lg);
	lg->rs = rs;
	lg->err = err;
	lg->name = name;
	lg->sys = (size_t)-1;
	lg->file = br_rs_str(rs, name);
	lg->system = log_system(rs, name, o, &lg->named_by);
	if (!lg->file || !lg->system)
		return br_error_set(err, BR_EIO, name, 0, "out of memory");
	return BR_OK;
}

/*
 * Unit spellings the readers emit, by which a test read earlier with
 * another unit of the same dimension is found (canonical forms).
 */
static const char *const alt_units[] = {
	"B/s", "kB/s", "KiB/s", "MB/s", "MiB/s", "GB/s", "GiB/s",
	"Seconds", "ms", "us", "ns", "Minutes",
	"Bytes", "kB", "KiB", "MB", "MiB", "GB", "GiB",
	"IOPS", "kIOPS",
};

/* The test with t's key, or NULL.  t's strings need not be interned. */
static struct br_test *find_test(struct br_resultset *rs,
				 const struct br_test *t, bool *nomem)
{
	char *key = br_test_key(t);
	size_t idx;
	struct br_test *found = NULL;

	if (!key) {
		*nomem = true;
		return NULL;
	}
	if (br_map_get(rs->test_index, key, &idx) && idx < rs->n_tests)
		found = rs->tests[idx];
	free(key);
	return found;
}

/*
 * The entry of the log's system in test t, made when new (and the test
 * too).  *v and *step (a value and its step in t->unit) are converted
 * to the unit of an existing test of the same dimension.
 */
static int log_entry(struct br_log *lg, const struct br_log_test *t,
		     double *v, double *step, unsigned long line,
		     struct br_entry **out, struct br_test **test_out)
{
	struct br_resultset *rs = lg->rs;
	struct br_loc loc = {lg->file, line};
	struct br_test tmp, *test;
	struct br_unit u, ua;
	struct br_entry *e;
	bool nomem = false, created;
	size_t i, ei;

	br_unit_parse(t->unit, &u);
	/* BR_DIR_UNKNOWN: the tool does not say (a Go b.ReportMetric
	 * unit): --direction, else the unit, decides (br_test_finish) */
	br_test_proto(&tmp, t->title, u.canon,
		      t->dir == BR_DIR_LIB ? BR_DIR_LIB :
		      t->dir == BR_DIR_UNKNOWN ? BR_DIR_UNKNOWN : BR_DIR_HIB,
		      BR_DISPLAY_BAR, &loc);
	tmp.identifier = t->identifier;
	tmp.description = t->description;
	if (lg->arguments)
		tmp.arguments = lg->arguments;

	test = find_test(rs, &tmp, &nomem);
	for (i = 0; !test && !nomem && u.dim != BR_DIM_UNKNOWN &&
		    i < sizeof alt_units / sizeof alt_units[0]; i++) {
		br_unit_parse(alt_units[i], &ua);
		if (ua.dim != u.dim || strcmp(ua.canon, u.canon) == 0)
			continue;
		tmp.scale = ua.canon;
		test = find_test(rs, &tmp, &nomem);
		if (test && test->unit.scale > 0) {
			*v = *v * u.scale / test->unit.scale;
			*step = *step * u.scale / test->unit.scale;
		}
	}
	if (nomem)
		goto nomem;
	if (!test) {
		tmp.identifier = br_rs_str(rs, t->identifier);
		tmp.title = br_rs_str(rs, t->title);
		tmp.description = br_rs_str(rs, t->description);
		tmp.arguments = br_rs_str(rs, tmp.arguments);
		tmp.scale = br_rs_str(rs, u.canon);
		if (lg->test_named_by &&
		    !(tmp.named_by = br_rs_str(rs, lg->test_named_by)))
			goto nomem;
		if (!tmp.identifier || !tmp.title || !tmp.description ||
		    !tmp.arguments || !tmp.scale)
			goto nomem;
		test = br_rs_test(rs, &tmp, &created, lg->err);
		if (!test)
			return lg->err->code ? lg->err->code : BR_EIO;
		if (created) {
			test->sub_metric = lg->sub_metric;
			br_test_finish(rs, test);
		}
	}
	lg->sub_metric = false;
	if (lg->sys == (size_t)-1) {
		lg->sys = br_rs_system(rs, lg->system, true, &loc, lg->err);
		if (lg->sys == (size_t)-1)
			return lg->err->code ? lg->err->code : BR_EIO;
		if (!rs->systems[lg->sys]->named_by)
			rs->systems[lg->sys]->named_by = lg->named_by;
	}
	ei = br_test_find_entry(test, lg->sys);
	if (ei == (size_t)-1) {
		e = br_test_add_entry(rs, test, lg->sys, &loc, lg->err);
		if (!e)
			return lg->err->code ? lg->err->code : BR_EIO;
	} else {
		e = &test->entries[ei];
	}
	*out = e;
	if (test_out)
		*test_out = test;
	return BR_OK;
nomem:
	return br_error_set(lg->err, BR_EIO, lg->name, line, "out of memory");
}

int br_log_add(struct br_log *lg, const struct br_log_test *t, double v,
	       unsigned long line)
{
	struct br_loc loc = {lg->file, line};
	struct br_entry *e;
	double step;
	int rc;

	if (!isfinite(v))
		return br_log_fail(lg, line, "value is not a finite number");
	/* the digits the tool printed (doc/statistics.md, "Resolution"):
	 * as br_log_num read them when v is that number, else those of
	 * the shortest decimal of v */
	step = lg->next_step > 0 ? lg->next_step : read_step(v);
	lg->next_step = 0;
	if (!(step > 0))
		step = br_num_step(v);
	rc = log_entry(lg, t, &v, &step, line, &e, NULL);
	if (rc != BR_OK)
		return rc;
	if (e->sample.is_summary && !e->sample.n_runs) {
		/* the runs of what another export summed up (hyperfine's
		 * JSON after its CSV): the runs replace the summary */
		br_log_warn(lg, line, "%s - %s of %s: its runs replace the "
			    "summary read before", t->title, t->description,
			    lg->system);
		e->sample.is_summary = false;
		e->sample.has_value = false;
		e->sample.value_text = NULL;
		e->sample.n = 0;
	}
	if (br_sample_add_run(&e->sample, v, &loc, lg->err) != BR_OK)
		return lg->err->code;
	br_sample_note_step(&e->sample, step);
	e->note = NULL;  /* measured after all: a value, no note */
	lg->n_results++;
	return BR_OK;
}

int br_log_add_summary(struct br_log *lg, const struct br_log_test *t,
		       double mean, double se, size_t n, unsigned long line)
{
	struct br_entry *e;
	double step;
	char *text;
	int rc;

	if (!isfinite(mean))
		return br_log_fail(lg, line, "value is not a finite number");
	step = read_step(mean);
	if (!(step > 0))
		step = br_num_step(mean);
	rc = log_entry(lg, t, &mean, &step, line, &e, NULL);
	if (rc != BR_OK)
		return rc;
	if (e->sample.n_runs || e->sample.has_value || e->sample.is_summary) {
		/* another export of the same run (hyperfine's CSV beside
		 * its JSON): what was read first stays */
		br_log_warn(lg, line, "%s - %s of %s: read already, this "
			    "summary of it is not added", t->title,
			    t->description, lg->system);
		lg->n_results++;
		return BR_OK;
	}
	/* the shortest decimal that reads back as mean */
	text = br_strf("%.15g", mean);
	if (text && strtod(text, NULL) != mean) {
		free(text);
		text = br_strf("%.17g", mean);
	}
	e->sample.value_text = text ? br_rs_str(lg->rs, text) : NULL;
	free(text);
	if (!e->sample.value_text)
		return br_error_set(lg->err, BR_EIO, lg->name, line,
				    "out of memory");
	e->sample.has_value = true;
	e->sample.value = mean;
	e->sample.is_summary = true;
	e->sample.se = isfinite(se) ? se : NAN;
	e->sample.n = n;
	e->note = NULL;
	lg->n_results++;
	return BR_OK;
}

int br_log_add_none(struct br_log *lg, const struct br_log_test *t,
		    const char *note, unsigned long line,
		    const struct br_test **test)
{
	struct br_entry *e;
	struct br_test *found = NULL;
	double v = NAN, step = NAN;
	int rc = log_entry(lg, t, &v, &step, line, &e, &found);

	if (test)
		*test = found;

	if (rc != BR_OK)
		return rc;
	e->n_too_fast++;
	if (e->sample.n_runs == 0 && !e->sample.has_value) {
		e->note = br_rs_str(lg->rs, note);
		if (!e->note)
			return br_error_set(lg->err, BR_EIO, lg->name, line,
					    "out of memory");
	}
	lg->n_results++;
	return BR_OK;
}

int br_log_addf(struct br_log *lg, const char *identifier, const char *title,
		const char *unit, enum br_dir dir, double v, unsigned long line,
		const char *fmt, ...)
{
	struct br_log_test t;
	char *desc;
	va_list ap;
	int rc;

	va_start(ap, fmt);
	desc = br_vstrf(fmt, ap);   /* whole: it names a command, a file */
	va_end(ap);
	if (!desc)
		return br_error_set(lg->err, BR_EIO, lg->name, line,
				    "out of memory");
	t.identifier = identifier;
	t.title = title;
	t.description = desc;
	t.unit = unit;
	t.dir = dir;
	rc = br_log_add(lg, &t, v, line);
	free(desc);
	return rc;
}

int br_log_close(struct br_log *lg, const char *tool, unsigned long last_line)
{
	if (lg->err->code)
		return lg->err->code;
	if (lg->n_results == 0)
		return br_error_set(lg->err, BR_EDATA, lg->name,
				    last_line ? last_line : 1,
				    "no %s result found (truncated log?)",
				    tool);
	return BR_OK;
}

int br_log_fail(struct br_log *lg, unsigned long line, const char *fmt, ...)
{
	va_list ap;
	int rc;

	va_start(ap, fmt);
	rc = br_error_setv(lg->err, BR_EDATA, lg->name, line, fmt, ap);
	va_end(ap);
	return rc;
}

void br_log_warn(struct br_log *lg, unsigned long line, const char *fmt, ...)
{
	struct br_loc loc = {lg->file, line};
	va_list ap;

	va_start(ap, fmt);
	br_rs_vwarn(lg->rs, &loc, fmt, ap);
	va_end(ap);
}

void br_log_warn_tests(struct br_log *lg, unsigned long line,
		       const struct br_test *const *tests, size_t n,
		       const char *fmt, ...)
{
	struct br_loc loc = {lg->file, line};
	va_list ap;

	va_start(ap, fmt);
	br_rs_vwarn_tests(lg->rs, tests, n, &loc, fmt, ap);
	va_end(ap);
}

struct json_object *br_log_json(struct br_log *lg, const char *buf, size_t len,
				size_t start, const char *what)
{
	struct json_tokener *tok;
	struct json_object *root;
	enum json_tokener_error jerr;
	size_t end, n;

	if (start > len)
		start = len;
	n = len - start;
	tok = json_tokener_new();
	if (!tok) {
		br_error_set(lg->err, BR_EIO, lg->name, 0, "out of memory");
		return NULL;
	}
	if (n > (size_t)0x7fffffff)
		n = 0x7fffffff;
	root = json_tokener_parse_ex(tok, buf + start, (int)n);
	jerr = json_tokener_get_error(tok);
	end = start + json_tokener_get_parse_end(tok);
	json_tokener_free(tok);
	if (!root) {
		if (jerr == json_tokener_continue || jerr == json_tokener_success)
			br_log_fail(lg, br_line_of(buf, len, len),
				    "%s: truncated JSON (the object at line "
				    "%lu is not closed)", what,
				    br_line_of(buf, len, start));
		else
			br_log_fail(lg, br_line_of(buf, len, end),
				    "%s: bad JSON: %s", what,
				    json_tokener_error_desc(jerr));
	}
	return root;
}

/* ------------------------------------------- names and details from data */

int br_log_detail(struct br_log *lg, bool hardware, const char *key,
		  const char *value, unsigned long line)
{
	struct br_system *s;
	struct br_kv **arr, *grown;
	size_t *n, i;

	if (lg->sys == (size_t)-1 || !value || !*value)
		return BR_OK;
	s = lg->rs->systems[lg->sys];
	arr = hardware ? &s->hardware : &s->software;
	n = hardware ? &s->n_hardware : &s->n_software;
	for (i = 0; i < *n; i++)
		if (!strcmp((*arr)[i].key, key))
			return BR_OK;
	grown = br_arena_alloc(lg->rs->arena, (*n + 1) * sizeof *grown);
	if (!grown)
		goto nomem;
	if (*n)
		memcpy(grown, *arr, *n * sizeof *grown);
	grown[*n].key = br_rs_str(lg->rs, key);
	grown[*n].value = br_rs_str(lg->rs, value);
	if (!grown[*n].key || !grown[*n].value)
		goto nomem;
	*arr = grown;
	(*n)++;
	return BR_OK;
nomem:
	return br_error_set(lg->err, BR_EIO, lg->name, line, "out of memory");
}

int br_log_system_named(struct br_log *lg, const char *name, size_t n,
			const char *how, const struct br_ingest_opts *o)
{
	const char *s;

	if (o && o->system && *o->system)
		return BR_OK; /* --system wins */
	s = br_rs_strn(lg->rs, name, n);
	if (!s)
		return br_error_set(lg->err, BR_EIO, lg->name, 0,
				    "out of memory");
	if (lg->sys != (size_t)-1 && !strcmp(s, lg->system))
		return BR_OK;
	lg->system = s;
	lg->named_by = how;
	lg->sys = (size_t)-1;
	return BR_OK;
}

void br_log_warn_cut(struct br_log *lg, unsigned long line, const char *tool,
		     const char *what)
{
	br_log_warn(lg, line, "%s log looks cut: %s", tool, what);
}

bool br_log_json_num(struct json_object *o, const char *key, double *v)
{
	struct json_object *jv;

	if (!json_object_object_get_ex(o, key, &jv) ||
	    !(json_object_is_type(jv, json_type_double) ||
	      json_object_is_type(jv, json_type_int)))
		return false;
	*v = json_object_get_double(jv);
	return true;
}

const char *br_log_json_str(struct json_object *o, const char *key)
{
	struct json_object *jv;

	if (!json_object_object_get_ex(o, key, &jv) ||
	    !json_object_is_type(jv, json_type_string))
		return NULL;
	return json_object_get_string(jv);
}
