/*
 * pts_xml_json.c - an Entry's JSON: kept verbatim, and what PTS and
 * benchreport put there read into the entry (error, min-result and
 * max-result, test-run-times, compiler-options, benchreport-n and
 * benchreport-se).  Simple objects, nearly all of them, are read by the
 * fast reader of flat_json.c; the rest by json-c.
 */
#include <limits.h>
#include <math.h>
#include <string.h>

#include <json-c/json.h>

#include "pts_xml_int.h"

#define JSON_DEPTH 32         /* nesting accepted in Entry JSON */

/* A JSON value that is a number or a numeric string. */
static bool json_number(struct json_object *o, double *out)
{
	if (!o)
		return false;
	switch (json_object_get_type(o)) {
	case json_type_int:
	case json_type_double:
		*out = json_object_get_double(o);
		return isfinite(*out);
	case json_type_string:
		return br_parse_number(json_object_get_string(o), out, NULL);
	default:
		return false;
	}
}

/* The string (or JSON text) of obj[key], or NULL when absent. */
static const char *json_str(struct json_object *obj, const char *key)
{
	struct json_object *o;

	if (!json_object_object_get_ex(obj, key, &o) || !o)
		return NULL;
	return json_object_get_string(o);
}

/*
 * compiler-options {"compiler-type":"CC","compiler":"gcc",
 * "compiler-options":"-O2"} flattened to "CC: gcc -O2" (empty parts left
 * out); a plain string is kept as it is.
 */
static const char *flatten_compiler(struct pstate *st, struct json_object *o)
{
	const char *type, *cc, *opts;
	const char *r;

	if (json_object_get_type(o) != json_type_object)
		return br_px_istr(st, json_object_get_string(o));
	type = json_str(o, "compiler-type");
	cc = json_str(o, "compiler");
	opts = json_str(o, "compiler-options");
	r = br_arena_printf(st->rs->arena, "%s%s%s%s%s",
			    type && *type ? type : "",
			    type && *type ? ": " : "",
			    cc ? cc : "",
			    cc && *cc && opts && *opts ? " " : "",
			    opts ? opts : "");
	if (!r)
		br_px_fail_nomem(st);
	return r;
}

/* What an Entry/JSON says, however it was read (interned strings). */
struct ejson {
	const char *error, *run_times, *compiler; /* NULL: absent */
	const char *note;  /* benchreport-note */
	double too_fast;   /* benchreport-too-fast: runs too fast to
			    * measure beside the measured ones; 0: none */
	bool okmin, okmax;
	double mn, mx;
	int n_st, se_st;  /* benchreport-n / -se: 0 absent, 1 not a number,
			   * 2 a number (n, se) */
	double n, se;
};

/*
 * Apply j to e.  benchreport's own Entry/JSON keys, written by `convert
 * -o x.xml` for a published summary that has no runs: "benchreport-n"
 * (N) and "benchreport-se" (SE).  PTS ignores them; we read the entry
 * back as the summary it was (the Value, read as a single run, is
 * dropped).  "benchreport-note": an entry the tool could not measure
 * (bonnie++'s "too fast to measure"), written with an empty Value: no
 * value and that reason, not a failure.
 */
static void apply_ejson(struct br_entry *e, const struct ejson *j)
{
	if (j->error)
		e->error = j->error;
	if (j->note && !j->error)
		e->note = j->note;
	/* written by convert for a result too fast to measure: faster
	 * than measurable again (how many runs is not kept) */
	if (e->note && !strcmp(e->note, BR_TOO_FAST_NOTE) &&
	    !e->sample.n_runs)
		e->n_too_fast = 1;
	/* ... and for runs too fast beside measured ones: N = 2 and 1
	 * more run too fast again (doc/statistics.md) */
	if (j->too_fast >= 1 && j->too_fast <= 1e6 &&
	    j->too_fast == (double)(size_t)j->too_fast)
		e->n_too_fast = (size_t)j->too_fast;
	if (j->okmin && j->okmax) {
		e->has_min_max = true;
		e->min_result = j->mn;
		e->max_result = j->mx;
	}
	if (j->run_times)
		e->run_times = j->run_times;
	if (j->compiler)
		e->compiler = j->compiler;
	if (j->n_st != 2 || j->n < 1 || j->n > 1e9 || j->n != floor(j->n) ||
	    e->sample.n_runs > 1 || !e->sample.has_value)
		return;
	if (j->se_st == 1 || (j->se_st == 2 && j->se < 0))
		return;
	e->sample.n_runs = 0;
	e->sample.is_summary = true;
	e->sample.n = (size_t)j->n;
	e->sample.se = j->se_st == 2 ? j->se : NAN;
}

/* json_number's state of a key of obj: 0 absent, 1 not a number, 2. */
static int json_number_st(struct json_object *obj, const char *key,
			  double *out)
{
	struct json_object *o;

	if (!json_object_object_get_ex(obj, key, &o))
		return 0;
	return json_number(o, out) ? 2 : 1;
}

/* Intern s[0..n); on ENOMEM set the error and return NULL. */
static const char *istrn(struct pstate *st, const char *s, size_t n)
{
	const char *r;

	if (!n && st->empty)
		return st->empty;
	r = br_rs_strn(st->rs, s, n);
	if (!r)
		br_px_fail_nomem(st);
	return r;
}

/* A fast-path number (string contents or number token): json_number. */
static int fj_number(const struct br_fj_val *v, double *out)
{
	char buf[64];

	if (v->kind == BR_FJ_NONE)
		return 0;
	if (v->len >= sizeof buf)
		return -1;
	memcpy(buf, v->s, v->len);
	buf[v->len] = '\0';
	return br_parse_number(buf, out, NULL) ? 2 : 1;
}

/* A string-valued key: present as a string or absent (else: json-c). */
static bool fj_stringish(const struct br_fj_val *v)
{
	return v->kind == BR_FJ_NONE || v->kind == BR_FJ_STR;
}

bool br_pts_xml_json_c_only;

/*
 * Entry/JSON in the simple subset (br_flat_json) read without json-c
 * into j; false (nothing interned) when json-c must read it.
 */
static bool fast_json(struct pstate *st, const char *json, size_t len,
		      struct ejson *j)
{
	static const char *const keys[] = {
		"error", "min-result", "max-result", "test-run-times",
		"compiler-options", "benchreport-n", "benchreport-se",
		"benchreport-note", "benchreport-too-fast",
	};
	static const char *const cc_keys[] = {
		"compiler-type", "compiler", "compiler-options",
	};
	struct br_fj_val v[9], cc[3];
	int mn, mx, n, se, tf;

	if (!br_flat_json(json, len, keys, 9, v, 4) || !fj_stringish(&v[0]) ||
	    !fj_stringish(&v[3]) || !fj_stringish(&v[7]) ||
	    v[4].kind == BR_FJ_NUM)
		return false;
	if (v[4].kind == BR_FJ_OBJ &&
	    (!br_flat_json(v[4].s, v[4].len, cc_keys, 3, cc, -1) ||
	     !fj_stringish(&cc[0]) || !fj_stringish(&cc[1]) ||
	     !fj_stringish(&cc[2])))
		return false;
	mn = fj_number(&v[1], &j->mn);
	mx = fj_number(&v[2], &j->mx);
	n = fj_number(&v[5], &j->n);
	se = fj_number(&v[6], &j->se);
	tf = fj_number(&v[8], &j->too_fast);
	if (mn < 0 || mx < 0 || n < 0 || se < 0 || tf < 0)
		return false;
	if (tf != 2)
		j->too_fast = 0;
	j->okmin = mn == 2;
	j->okmax = mx == 2;
	j->n_st = n;
	j->se_st = se;
	if (v[0].kind == BR_FJ_STR)
		j->error = istrn(st, v[0].s, v[0].len);
	if (v[3].kind == BR_FJ_STR)
		j->run_times = istrn(st, v[3].s, v[3].len);
	if (v[7].kind == BR_FJ_STR)
		j->note = istrn(st, v[7].s, v[7].len);
	if (v[4].kind == BR_FJ_STR) {
		j->compiler = istrn(st, v[4].s, v[4].len);
	} else if (v[4].kind == BR_FJ_OBJ) {
		bool ty = cc[0].kind && cc[0].len, c = cc[1].kind && cc[1].len;
		bool op = cc[2].kind && cc[2].len;

		j->compiler = br_arena_printf(st->rs->arena, "%.*s%s%.*s%s%.*s",
			(int)(ty ? cc[0].len : 0), ty ? cc[0].s : "",
			ty ? ": " : "", (int)(cc[1].kind ? cc[1].len : 0),
			cc[1].kind ? cc[1].s : "", c && op ? " " : "",
			(int)(cc[2].kind ? cc[2].len : 0),
			cc[2].kind ? cc[2].s : "");
		if (!j->compiler)
			br_px_fail_nomem(st);
	}
	return true;
}

/*
 * json[0..len) parsed by json-c (at most JSON_DEPTH deep): the value, or
 * NULL with *why saying what is wrong ("data after the object",
 * "incomplete", json-c's words); NULL with *why NULL when out of memory
 * (st marked).  json_object_put() the value.
 */
static struct json_object *parse_json(struct pstate *st, const char *json,
				      size_t len, const char **why)
{
	struct json_tokener *tok = json_tokener_new_ex(JSON_DEPTH);
	struct json_object *obj;
	enum json_tokener_error je;

	*why = NULL;
	if (!tok) {
		br_px_fail_nomem(st);
		return NULL;
	}
	obj = len <= INT_MAX ? json_tokener_parse_ex(tok, json, (int)len)
			     : NULL;
	je = json_tokener_get_error(tok);
	if (obj && je == json_tokener_success &&
	    json_tokener_get_parse_end(tok) >= len) {
		json_tokener_free(tok);
		return obj;
	}
	*why = obj ? "data after the object" : je == json_tokener_continue ?
	       "incomplete" : json_tokener_error_desc(je);
	json_object_put(obj);
	json_tokener_free(tok);
	return NULL;
}

/*
 * Entry/JSON: keep it verbatim, and read error, min-result/max-result
 * (numbers or numeric strings), test-run-times and compiler-options.
 * Invalid JSON is a warning only: PTS tolerates it.  Simple objects
 * (nearly all) are read by fast_json, the rest by json-c.
 */
void br_px_apply_json(struct pstate *st, struct br_entry *e,
		      const char *json, const struct br_loc *loc,
		      const char *sysname)
{
	struct json_object *obj, *o;
	size_t len = strlen(json);
	const char *why;
	struct ejson j;

	memset(&j, 0, sizeof j);
	e->json = istrn(st, json, len);
	if (!br_pts_xml_json_c_only && fast_json(st, json, len, &j)) {
		apply_ejson(e, &j);
		return;
	}
	obj = parse_json(st, json, len, &why);
	if (!obj) {
		if (why)
			br_rs_warn(st->rs, loc, "JSON of the entry for \"%s\" is "
				   "not valid JSON (%s); ignored", sysname, why);
		return;
	}
	if (json_object_get_type(obj) != json_type_object) {
		br_rs_warn(st->rs, loc, "JSON of the entry for \"%s\" is not "
			   "an object; ignored", sysname);
		json_object_put(obj);
		return;
	}
	if (json_object_object_get_ex(obj, "error", &o) && o)
		j.error = br_px_istr(st, json_object_get_string(o));
	j.okmin = json_number_st(obj, "min-result", &j.mn) == 2;
	j.okmax = json_number_st(obj, "max-result", &j.mx) == 2;
	if (json_object_object_get_ex(obj, "benchreport-note", &o) && o)
		j.note = br_px_istr(st, json_object_get_string(o));
	if (json_number_st(obj, "benchreport-too-fast", &j.too_fast) != 2)
		j.too_fast = 0;
	if (json_object_object_get_ex(obj, "test-run-times", &o) && o)
		j.run_times = br_px_istr(st, json_object_get_string(o));
	if (json_object_object_get_ex(obj, "compiler-options", &o) && o)
		j.compiler = flatten_compiler(st, o);
	j.n_st = json_number_st(obj, "benchreport-n", &j.n);
	j.se_st = json_number_st(obj, "benchreport-se", &j.se);
	apply_ejson(e, &j);
	json_object_put(obj);
}

/* ------------------------------------------------------- System JSON */

/* A System/JSON value as text: a string as it is, a number or boolean
 * in JSON; NULL for null, an empty string, an object or an array. */
static const char *sys_val(struct json_object *obj, const char *key)
{
	struct json_object *o;
	const char *s;

	if (!json_object_object_get_ex(obj, key, &o) || !o)
		return NULL;
	switch (json_object_get_type(o)) {
	case json_type_string:
	case json_type_int:
	case json_type_double:
	case json_type_boolean:
		s = json_object_get_string(o);
		return s && *s ? s : NULL;
	default:
		return NULL;
	}
}

/* Details being built: at most one value per key, keys in order. */
struct details {
	struct pstate *st;
	struct br_kv kv[64];
	size_t n;
};

/* Set key to value (replacing an earlier one, as PTS does). */
static void detail_set(struct details *d, const char *key, const char *val)
{
	size_t i;

	if (!key || !val || !*val)
		return;
	for (i = 0; i < d->n; i++)
		if (!strcmp(d->kv[i].key, key)) {
			d->kv[i].value = val;
			return;
		}
	if (d->n < sizeof d->kv / sizeof *d->kv) {
		d->kv[d->n].key = key;
		d->kv[d->n].value = val;
		d->n++;
	}
}

/* "a - b - c" of the values present, interned; NULL when none. */
static const char *joined(struct details *d, const char *const *parts,
			  size_t n)
{
	char *s = NULL;
	size_t i;

	for (i = 0; i < n; i++) {
		char *t;

		if (!parts[i])
			continue;
		t = br_arena_printf(d->st->rs->arena, "%s%s%s", s ? s : "",
				    s ? " - " : "", parts[i]);
		if (!t) {
			br_px_fail_nomem(d->st);
			return NULL;
		}
		s = t;
	}
	return s;
}

/* "label: value" interned, or NULL without a value. */
static const char *labelled(struct details *d, const char *label,
			    const char *v)
{
	char *s;

	if (!v)
		return NULL;
	s = br_arena_printf(d->st->rs->arena, "%s%s", label, v);
	if (!s)
		br_px_fail_nomem(d->st);
	return s;
}

/* Keys read by the named notes, not listed again by their own name. */
static const char *const named_keys[] = {
	"kernel-parameters", "kernel-extra-details", "environment-variables",
	"compiler-configuration", "disk-scheduler", "disk-mount-options",
	"disk-details", "cpu-scaling-governor", "platform-profile",
	"cpu-microcode", "cpu-thermald", "cpu-pm", "cpu-smt",
	"graphics-2d-acceleration", "graphics-aa", "graphics-af",
	"bar1-visible-vram", "vbios-version", "graphics-compute-cores",
};

/* "cpu-scaling-governor" -> "Cpu Scaling Governor", interned. */
static const char *key_words(struct details *d, const char *key)
{
	char *s = br_arena_strdup(d->st->rs->arena, key), *p;
	bool start = true;

	if (!s) {
		br_px_fail_nomem(d->st);
		return NULL;
	}
	for (p = s; *p; p++) {
		if (*p == '-' || *p == '_')
			*p = ' ';
		if (start && *p >= 'a' && *p <= 'z')
			*p = (char)(*p - 'a' + 'A');
		start = *p == ' ';
	}
	return s;
}

/*
 * PTS's notes from System/JSON (doc/pts-format.md section 1.3): Kernel
 * (parameters - extra details), Environment, Compiler, Disk (scheduler /
 * mount options [/ details]), Processor (Scaling Governor, Platform
 * Profile, CPU Microcode, Thermald, power management; SMT when given),
 * Graphics, OpenCL, then every other key with a value under its own name
 * in words ("security" -> "Security").
 */
void br_px_system_details(struct pstate *st, struct br_system *sys,
			  const char *json)
{
	struct json_object *obj;
	struct details d;
	size_t len = strlen(json), i;
	const char *v, *parts[5], *why;

	obj = parse_json(st, json, len, &why);
	if (!obj || json_object_get_type(obj) != json_type_object) {
		if (obj || why)
			br_rs_warn(st->rs, &sys->loc, "JSON of system \"%s\" is "
				   "not a JSON object; its notes are left out",
				   sys->identifier);
		json_object_put(obj);
		return;
	}
	memset(&d, 0, sizeof d);
	d.st = st;
	parts[0] = sys_val(obj, "kernel-parameters");
	parts[1] = sys_val(obj, "kernel-extra-details");
	detail_set(&d, "Kernel", joined(&d, parts, 2));
	detail_set(&d, "Environment", sys_val(obj, "environment-variables"));
	detail_set(&d, "Compiler", sys_val(obj, "compiler-configuration"));
	if (sys_val(obj, "disk-scheduler") && sys_val(obj,
						      "disk-mount-options")) {
		const char *dd = sys_val(obj, "disk-details");

		v = br_arena_printf(st->rs->arena, "%s / %s%s%s",
				    sys_val(obj, "disk-scheduler"),
				    sys_val(obj, "disk-mount-options"),
				    dd ? " / " : "", dd ? dd : "");
		if (!v)
			br_px_fail_nomem(st);
		detail_set(&d, "Disk", v);
	}
	parts[0] = labelled(&d, "Scaling Governor: ",
			    sys_val(obj, "cpu-scaling-governor"));
	parts[1] = labelled(&d, "Platform Profile: ",
			    sys_val(obj, "platform-profile"));
	parts[2] = labelled(&d, "CPU Microcode: ",
			    sys_val(obj, "cpu-microcode"));
	parts[3] = labelled(&d, "Thermald ", sys_val(obj, "cpu-thermald"));
	parts[4] = sys_val(obj, "cpu-pm");
	detail_set(&d, "Processor", joined(&d, parts, 5));
	detail_set(&d, "Processor", labelled(&d, "SMT (threads per core): ",
					     sys_val(obj, "cpu-smt")));
	parts[0] = sys_val(obj, "graphics-2d-acceleration");
	parts[1] = sys_val(obj, "graphics-aa");
	parts[2] = sys_val(obj, "graphics-af");
	parts[3] = labelled(&d, "BAR1 / Visible vRAM Size: ",
			    sys_val(obj, "bar1-visible-vram"));
	parts[4] = labelled(&d, "vBIOS Version: ",
			    sys_val(obj, "vbios-version"));
	detail_set(&d, "Graphics", joined(&d, parts, 5));
	detail_set(&d, "OpenCL", labelled(&d, "GPU Compute Cores: ",
					  sys_val(obj, "graphics-compute-cores")));
	{
		json_object_object_foreach(obj, key, val) {
			bool named = false;

			(void)val;
			for (i = 0; i < sizeof named_keys / sizeof *named_keys;
			     i++)
				named |= !strcmp(key, named_keys[i]);
			if (!named && (v = sys_val(obj, key)))
				detail_set(&d, key_words(&d, key),
					   br_px_istr(st, v));
		}
	}
	for (i = 0; i < d.n; i++)
		d.kv[i].value = br_px_istr(st, d.kv[i].value);
	json_object_put(obj);
	if (st->failed || !d.n)
		return;
	sys->details = br_arena_alloc(st->rs->arena, d.n * sizeof *d.kv);
	if (!sys->details) {
		br_px_fail_nomem(st);
		return;
	}
	memcpy(sys->details, d.kv, d.n * sizeof *d.kv);
	sys->n_details = d.n;
}
