/*
 * pts_xml_model.c - a PTS result file's finished records into the model:
 * the Generated header, each System, and each Result (Benchmark) with
 * its entries, filled according to the display format: a scalar Value
 * with its RawString runs, a LINE_GRAPH series, or PASS/FAIL text.
 * Within one file a later Result with the same comparison key replaces
 * the earlier one; across files results with the same key merge their
 * entries, the first entry for a system winning.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pts_xml_int.h"

/* ------------------------------------------------- per-file bookkeeping */

/* Make the per-test bookkeeping cover every test of rs (new ones 0). */
static bool grow_touched(struct pstate *st)
{
	size_t need = st->rs->n_tests;

	if (need <= st->n_touched)
		return true;
	if (!br_grow((void **)&st->touched, &st->cap_touched, need,
		     sizeof *st->touched))
		return false;
	memset(st->touched + st->n_touched, 0,
	       (st->cap_touched - st->n_touched) * sizeof *st->touched);
	st->n_touched = st->cap_touched;
	return true;
}

/* "Title - Description" or "Title", for messages (static buffer: a
 * long one is cut, at a character boundary). */
static const char *test_name(const struct br_test *t)
{
	static char buf[256];

	if (t->description && *t->description)
		snprintf(buf, sizeof buf, "%s - %s", t->title, t->description);
	else
		snprintf(buf, sizeof buf, "%s", t->title);
	br_utf8_cut(buf);
	return buf;
}

/* ------------------------------------------------------ header, systems */

/* Generated: the first input that has one sets each field. */
void br_px_finish_header(struct pstate *st)
{
	struct br_resultset *rs = st->rs;
	const char **dst[G_N];
	int i;

	if (!st->has_header)
		return;
	dst[G_TITLE] = &rs->title;
	dst[G_LAST_MODIFIED] = &rs->last_modified;
	dst[G_TEST_CLIENT] = &rs->test_client;
	dst[G_DESCRIPTION] = &rs->description;
	dst[G_NOTES] = &rs->notes;
	dst[G_INTERNAL_TAGS] = &rs->internal_tags;
	dst[G_REFERENCE_ID] = &rs->reference_id;
	dst[G_PRESET_ENV] = &rs->preset_env;
	for (i = 0; i < G_N && !st->failed; i++) {
		const char *v = br_px_rec_get(&st->hbuf, &st->header, i);

		if (!*dst[i])
			*dst[i] = br_px_istr(st, v ? v : "");
		/* this file's own: it names systems kept apart */
		if (i == G_TITLE && v && *v && !st->failed)
			rs->scope.title = br_px_istr(st, v);
	}
}

/* </System>: declare the system (the first declaration wins). */
void br_px_finish_system(struct pstate *st)
{
	struct br_resultset *rs = st->rs;
	const struct rec *r = &st->sys;
	const char *id = br_px_rec_get(&st->sbuf, r, S_IDENTIFIER), *v;
	struct br_loc loc = {st->file, r->line0};
	struct br_system *sys;
	size_t idx;

	if (!id || !*id) {
		br_rs_warn(rs, &loc, "<System> without an Identifier ignored");
		return;
	}
	idx = br_rs_system(rs, id, true, &loc, st->err);
	if (idx == (size_t)-1) {
		br_px_fail_nomem(st);
		return;
	}
	sys = rs->systems[idx];
	if (!sys->named_by)
		sys->named_by = "from the result file's System Identifier";
	if (sys->declared) {
		br_rs_warn(rs, &loc, "system \"%s\" is declared again (first "
			   "at %s:%lu); keeping the first", id,
			   sys->loc.file ? sys->loc.file : "?",
			   sys->loc.line);
		return;
	}
	sys->declared = true;
	sys->loc = loc;
	v = br_px_rec_get(&st->sbuf, r, S_HARDWARE);
	if (br_rs_parse_components(rs, v ? v : "", &sys->hardware,
				   &sys->n_hardware, st->err) != BR_OK) {
		br_px_fail_nomem(st);
		return;
	}
	v = br_px_rec_get(&st->sbuf, r, S_SOFTWARE);
	if (br_rs_parse_components(rs, v ? v : "", &sys->software,
				   &sys->n_software, st->err) != BR_OK) {
		br_px_fail_nomem(st);
		return;
	}
	v = br_px_rec_get(&st->sbuf, r, S_USER);
	sys->user = br_px_istr(st, v ? v : "");
	v = br_px_rec_get(&st->sbuf, r, S_TIMESTAMP);
	sys->timestamp = br_px_istr(st, v ? v : "");
	v = br_px_rec_get(&st->sbuf, r, S_CLIENT_VERSION);
	sys->client_version = br_px_istr(st, v ? v : "");
	v = br_px_rec_get(&st->sbuf, r, S_NOTES);
	sys->notes = br_px_istr(st, v ? v : "");
	v = br_px_rec_get(&st->sbuf, r, S_JSON);
	sys->json = v && *v ? br_px_istr(st, v) : NULL;
	if (sys->json && !st->failed)
		br_px_system_details(st, sys, sys->json);
}

/* -------------------------------------------------------------- entries */

/*
 * Add the numeric ':'-separated pieces of s[0..n) as runs of smp.  PTS
 * skips non-numeric pieces in its maths; so do we, and N counts only the
 * numeric ones.  Returns how many were skipped; bad (when still "")
 * gets the first.  s is modified while parsing and restored.
 */
static size_t add_runs(struct pstate *st, struct br_sample *smp, char *s,
		       size_t n, const struct br_loc *loc, char *bad,
		       size_t badsz)
{
	size_t skipped = 0, i = 0;

	while (i <= n && !st->failed) {
		size_t j = i;
		char save;
		double v;

		while (j < n && s[j] != ':')
			j++;
		save = s[j];
		s[j] = '\0';
		if (br_parse_number(s + i, &v, NULL)) {
			if (br_sample_add_run(smp, v, loc, st->err) != BR_OK)
				br_px_fail_nomem(st);
			br_sample_note_step(smp, br_num_text_step(s + i,
								  j - i));
		} else if (!skipped++ && !bad[0]) {
			snprintf(bad, badsz, "%.*s",
				 BR_UTF8_PREC(s + i, QUOTE_MAX));
		}
		s[j] = save;
		i = j + 1;
	}
	return skipped;
}

/* One warning for the non-numeric run values of one entry. */
static void warn_skipped(struct pstate *st, const struct br_test *t,
			 const struct br_loc *loc, const char *sysname,
			 size_t skipped, const char *bad)
{
	br_rs_warn_test(st->rs, t, loc, "RawString of \"%s\": %zu "
			"non-numeric run value%s skipped (first: \"%s\")",
			sysname, skipped, skipped == 1 ? "" : "s", bad);
}

/* Is a non-numeric Value an error for this format?  Yes for bar graphs. */
static bool strict_bar(const struct br_test *t)
{
	static const char *const fmts[] = {
		"", "BAR_GRAPH", "BAR_ANALYZE_GRAPH", "VERTICAL_BAR_GRAPH",
		"HORIZONTAL_BAR_GRAPH",
	};
	size_t i;

	if (!t->display_format)
		return true; /* set by another reader: a plain bar graph */
	for (i = 0; i < sizeof fmts / sizeof fmts[0]; i++)
		if (!strcmp(t->display_format, fmts[i]))
			return true;
	return false;
}

/*
 * A scalar entry (BAR_GRAPH, unknown formats, IMAGE_COMPARISON, ...):
 * Value is the published number, RawString its runs; no RawString means
 * one run (PTS drops it when there was a single run).
 */
static void fill_scalar(struct pstate *st, const struct br_test *t,
			struct br_entry *e, const struct rec *x,
			const char *sysname)
{
	char *val = br_px_rec_get(&st->rbuf, x, E_VALUE);
	char *raw = br_px_rec_get(&st->rbuf, x, E_RAW);
	struct br_loc vloc = {st->file, br_px_rec_line(x, E_VALUE)};
	struct br_loc rloc = {st->file, br_px_rec_line(x, E_RAW)};
	char qb[QUOTE_MAX + 4], bad[QUOTE_MAX + 1] = "";
	double v;
	size_t skipped;

	if (!br_parse_number(val, &v, NULL)) {
		if (t->display == BR_DISPLAY_BAR && strict_bar(t)) {
			br_px_fail(st, BR_EDATA, vloc.line, "<Value> is not a "
				   "number: \"%s\"", br_px_quote(val, qb));
			return;
		}
		if (t->display == BR_DISPLAY_BAR)
			br_rs_warn_test(st->rs, t, &vloc, "%s: <Value> of "
					"\"%s\" is not a number: \"%s\"",
					test_name(t), sysname,
					br_px_quote(val, qb));
		e->sample.value_text = br_px_istr(st, val);
		return;
	}
	e->sample.has_value = true;
	e->sample.value = v;
	e->sample.value_text = br_px_istr(st, val);
	if (raw && *raw) {
		skipped = add_runs(st, &e->sample, raw, strlen(raw), &rloc,
				   bad, sizeof bad);
		if (skipped)
			warn_skipped(st, t, &rloc, sysname, skipped, bad);
	} else if (br_sample_add_run(&e->sample, v, &vloc, st->err) != BR_OK) {
		br_px_fail_nomem(st);
	}
}

/* Count the comma-separated pieces of s. */
static size_t count_pieces(const char *s, char sep)
{
	size_t n = 1;

	for (; *s; s++)
		if (*s == sep)
			n++;
	return n;
}

/*
 * LINE_GRAPH: Value is a comma list of y points; RawString a comma list
 * of the same length whose elements are ':' lists of runs.  When the
 * lengths differ the runs are ignored (warning); without RawString each
 * point is one run.  A non-numeric point stays without value (warning).
 */
static void fill_line(struct pstate *st, const struct br_test *t,
		      struct br_entry *e, const struct rec *x,
		      const char *sysname)
{
	char *val = br_px_rec_get(&st->rbuf, x, E_VALUE);
	char *raw = br_px_rec_get(&st->rbuf, x, E_RAW);
	struct br_loc vloc = {st->file, br_px_rec_line(x, E_VALUE)};
	struct br_loc rloc = {st->file, br_px_rec_line(x, E_RAW)};
	size_t np = count_pieces(val, ','), i, nbadpt = 0, skipped = 0;
	char qb[QUOTE_MAX + 4], badpt[QUOTE_MAX + 4] = "";
	char bad[QUOTE_MAX + 1] = "";
	struct br_sample *pts;
	char *p;
	bool use_raw = raw && *raw;

	pts = calloc(np, sizeof *pts);
	if (!pts) {
		br_px_fail_nomem(st);
		return;
	}
	e->points = pts;
	e->n_points = np;
	for (i = 0, p = val; i < np && !st->failed; i++) {
		char *end = strchr(p, ','), *b = p, *z;
		size_t len = end ? (size_t)(end - p) : strlen(p);
		double v;

		pts[i].se = NAN;
		pts[i].value = NAN;
		p[len] = '\0';
		z = p + len;
		while (br_px_is_space((unsigned char)*b))
			b++;
		while (z > b && br_px_is_space((unsigned char)z[-1]))
			z--;
		if (br_parse_number(p, &v, NULL)) {
			char save = *z;

			*z = '\0';
			pts[i].has_value = true;
			pts[i].value = v;
			pts[i].value_text = br_px_istr(st, b);
			*z = save;
		} else if (!nbadpt++) {
			snprintf(badpt, sizeof badpt, "%s", br_px_quote(p, qb));
		}
		if (end)
			*end = ',';
		p += len + 1;
	}
	if (nbadpt)
		br_rs_warn_test(st->rs, t, &vloc, "%s: %zu point%s of \"%s\" "
				"not a number (first: \"%s\")", test_name(t),
				nbadpt, nbadpt == 1 ? " is" : "s are", sysname,
				badpt);
	if (use_raw && count_pieces(raw, ',') != np) {
		br_rs_warn_test(st->rs, t, &rloc, "%s: RawString of \"%s\" "
				"has %zu points, Value has %zu; runs ignored",
				test_name(t), sysname, count_pieces(raw, ','),
				np);
		return;
	}
	for (i = 0, p = raw; i < np && !st->failed; i++) {
		char *end;
		size_t len;

		if (!use_raw) {
			if (pts[i].has_value &&
			    br_sample_add_run(&pts[i], pts[i].value, &vloc,
					      st->err) != BR_OK)
				br_px_fail_nomem(st);
			continue;
		}
		end = strchr(p, ',');
		len = end ? (size_t)(end - p) : strlen(p);
		skipped += add_runs(st, &pts[i], p, len, &rloc, bad,
				    sizeof bad);
		p += len + 1;
	}
	if (skipped)
		warn_skipped(st, t, &rloc, sysname, skipped, bad);
}

/*
 * Fill entry e (just added to t) from entry record x according to t's
 * display kind.  An empty Value is a failed run: error is the JSON
 * "error" text, or "".
 */
static void fill_entry(struct pstate *st, const struct br_test *t,
		       struct br_entry *e, const struct rec *x,
		       const char *sysname)
{
	const char *val = br_px_rec_get(&st->rbuf, x, E_VALUE);
	const char *json = br_px_rec_get(&st->rbuf, x, E_JSON);

	if (val && *val) {
		switch (t->display) {
		case BR_DISPLAY_LINE:
			fill_line(st, t, e, x, sysname);
			break;
		case BR_DISPLAY_PASS_FAIL:
		case BR_DISPLAY_MULTI_PASS_FAIL:
			e->pass_fail = br_px_istr(st, val);
			break;
		default:
			fill_scalar(st, t, e, x, sysname);
			break;
		}
	}
	if (json && *json && !st->failed) {
		struct br_loc jloc = {st->file, br_px_rec_line(x, E_JSON)};

		br_px_apply_json(st, e, json, &jloc, sysname);
	}
	if ((!val || !*val) && !e->error && !e->note)
		e->error = st->empty;
}

/*
 * Add the buffered entries of the current Result to t.  Entries below
 * n0 came from an earlier input (merge: keep them), those from n0 on
 * from this Result (a second entry for a system is a duplicate: keep the
 * first, as PTS does).  A system never gets a second entry, so the
 * model's entry index finds the one it has without a scan, and reading
 * many files stays linear.
 */
static void add_entries(struct pstate *st, struct br_test *t, size_t n0)
{
	struct br_resultset *rs = st->rs;
	size_t k, i;

	for (k = 0; k < st->n_entries && !st->failed; k++) {
		const struct rec *x = &st->entries[k];
		const char *id = br_px_rec_get(&st->rbuf, x, E_IDENTIFIER);
		struct br_loc loc = {st->file, x->line0};
		struct br_entry *e, *old;
		size_t sys;

		if (!id || !*id) {
			br_rs_warn_test(rs, t, &loc, "%s: <Entry> without an "
					"Identifier ignored", test_name(t));
			continue;
		}
		sys = br_rs_system(rs, id, true, &loc, st->err);
		if (sys == (size_t)-1) {
			br_px_fail_nomem(st);
			return;
		}
		if (!rs->systems[sys]->named_by)
			rs->systems[sys]->named_by = "from the result file's "
				"Entry Identifier";
		if (!rs->systems[sys]->user) {
			/* Only named here: unknown fields read as "". */
			struct br_system *s = rs->systems[sys];

			s->user = s->timestamp = st->empty;
			s->client_version = s->notes = st->empty;
		}
		i = br_test_find_entry(t, sys);
		if (i != (size_t)-1) {
			old = &t->entries[i];
			if (i >= n0)
				br_rs_warn_test(rs, t, &loc, "%s: duplicate "
						"entry for \"%s\" (first at line "
						"%lu); keeping the first",
						test_name(t), id,
						old->loc.line);
			else
				br_rs_warn_test(rs, t, &loc, "%s: entry for "
						"\"%s\" already read from %s:%lu; "
						"keeping the first",
						test_name(t), id, old->loc.file ?
						old->loc.file : "?",
						old->loc.line);
			continue;
		}
		e = br_test_add_entry(rs, t, sys, &loc, st->err);
		if (!e) {
			br_px_fail_nomem(st);
			return;
		}
		fill_entry(st, t, e, x, rs->systems[sys]->identifier);
	}
}

/* ------------------------------------------------------------- results */

/* Index of t in rs->tests (t came from br_rs_test, so it is there). */
static size_t test_index(struct pstate *st, const struct br_test *t)
{
	char *key = br_test_key(t);
	size_t idx = (size_t)-1;

	if (!key) {
		br_px_fail_nomem(st);
		return idx;
	}
	if (!br_map_get(st->rs->test_index, key, &idx))
		idx = (size_t)-1;
	free(key);
	return idx;
}

/* strcmp that treats NULL as "". */
static bool str_differs(const char *a, const char *b)
{
	return strcmp(a ? a : "", b ? b : "") != 0;
}

/* </Result>: find or create the test, then replace or merge entries. */
void br_px_finish_result(struct pstate *st)
{
	struct br_resultset *rs = st->rs;
	const struct rec *r = &st->res;
	static const int slots[] = {
		R_IDENTIFIER, R_TITLE, R_APP_VERSION, R_ARGUMENTS,
		R_DESCRIPTION, R_SCALE, R_PROPORTION, R_DISPLAY_FORMAT,
		R_ANNOTATION, R_PARENT,
	};
	const char *v[R_N];
	struct br_test tmp, *t;
	struct touched *tc;
	bool created;
	size_t idx, i;

	for (i = 0; i < sizeof slots / sizeof slots[0]; i++) {
		const char *s = br_px_rec_get(&st->rbuf, r, slots[i]);

		v[slots[i]] = br_px_istr(st, s ? s : "");
	}
	if (st->failed)
		return;
	br_test_proto(&tmp, v[R_TITLE], v[R_SCALE],
		      br_dir_from_proportion(v[R_PROPORTION]),
		      br_display_from_pts(v[R_DISPLAY_FORMAT]),
		      &(struct br_loc){st->file, r->line0});
	tmp.identifier = v[R_IDENTIFIER];
	tmp.app_version = v[R_APP_VERSION];
	tmp.arguments = v[R_ARGUMENTS];
	tmp.description = v[R_DESCRIPTION];
	tmp.proportion = v[R_PROPORTION];
	tmp.display_format = v[R_DISPLAY_FORMAT];
	tmp.annotation = v[R_ANNOTATION];
	tmp.parent = v[R_PARENT];
	tmp.named_by = "from the result file's Identifier, Title, Arguments "
		"and Description";

	t = br_rs_test(rs, &tmp, &created, st->err);
	if (!t) {
		br_px_fail_nomem(st);
		return;
	}
	idx = created ? rs->n_tests - 1 : test_index(st, &tmp);
	if (idx == (size_t)-1 || !grow_touched(st)) {
		if (!st->failed)
			br_px_fail_nomem(st);
		return;
	}
	tc = &st->touched[idx];
	if (created) {
		br_test_finish(rs, t);
		tc->line = r->line0;
		tc->n0 = 0;
	} else if (tc->line) {
		/* Same key twice in one file: the later one wins (PTS). */
		br_rs_warn_test(rs, t, &tmp.loc, "%s: <Result> at line %lu "
				"replaces the one at line %lu (same comparison "
				"key)", test_name(t), r->line0, tc->line);
		br_test_truncate_entries(t, tc->n0);
		if (idx >= st->n_tests0) {
			bool refinish =
				str_differs(t->scale, tmp.scale) ||
				str_differs(t->proportion, tmp.proportion) ||
				str_differs(t->display_format,
					    tmp.display_format);

			t->identifier = tmp.identifier;
			t->title = tmp.title;
			t->scale = tmp.scale;
			t->proportion = tmp.proportion;
			t->display_format = tmp.display_format;
			t->annotation = tmp.annotation;
			t->parent = tmp.parent;
			t->loc = tmp.loc;
			if (refinish) {
				t->dir = tmp.dir;
				t->display = tmp.display;
				br_test_finish(rs, t);
			}
		}
		tc->line = r->line0;
	} else {
		/* Known from an earlier input: merge (merge-results). */
		tc->line = r->line0;
		tc->n0 = t->n_entries;
	}
	add_entries(st, t, tc->n0);
}

/* After the document: one warning per system only entries named. */
void br_px_warn_undeclared(struct pstate *st)
{
	size_t i;

	for (i = st->n_systems0; i < st->rs->n_systems; i++) {
		const struct br_system *s = st->rs->systems[i];

		if (!s->declared)
			br_rs_warn(st->rs, &s->loc, "system \"%s\" has "
				   "entries but no <System> block; its "
				   "hardware and software are unknown",
				   s->identifier);
	}
}
