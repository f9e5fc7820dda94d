/*
 * csv_pts.c - the PTS result-file-to-csv export (doc/pts-format.md): a
 * title, a system header row, component rows, the header again, then
 * one row per result with the published values (no runs).  Read with
 * the lenient CSV record reader of csv.c.
 */
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "csv_int.h"

#define DETECT_WINDOW 4096

/* PTS's software keys (doc/pts-format.md section 1.3); every other key is hardware. */
static const char *const pts_software_keys[] = {
	"OS", "Kernel", "Desktop", "Display Server", "Display Driver",
	"OpenGL", "OpenCL", "Vulkan", "Compiler", "File-System",
	"Screen Resolution", "System Layer",
};

/* Does a component row with key k go to the software list? */
static bool is_software_key(const char *k)
{
	size_t i;

	for (i = 0; i < sizeof pts_software_keys / sizeof *pts_software_keys;
	     i++)
		if (!strcasecmp(k, pts_software_keys[i]))
			return true;
	return false;
}

/*
 * A system header row, and where its systems start: 2 for ' ,,"sys1",...'
 * (newer exports: an empty second column, the proportion's), 1 for
 * ' ,"sys1",...' (older exports without the proportion column; that form
 * needs the leading blank PTS writes), 0 for any other line
 * (doc/pts-format.md section 3.1).
 */
static int pts_header_line(const char *s, size_t n)
{
	size_t i = 0;

	while (i < n && (s[i] == ' ' || s[i] == '\t'))
		i++;
	if (i >= n || s[i++] != ',')
		return 0;
	if (i < n && s[i] == '"')
		return i > 1 ? 1 : 0;
	while (i < n && (s[i] == ' ' || s[i] == '\t'))
		i++;
	if (i >= n || s[i++] != ',')
		return 0;
	return i < n && s[i] == '"' ? 2 : 0;
}

/*
 * PTS CSV export: 90 when one of the first lines is a system header
 * row (' ,,"System",...', or ' ,"System",...' in older exports), else 0.
 */
int br_detect_pts_csv(const char *buf, size_t len)
{
	size_t pos = br_text_bom(buf, len), end = len;
	int lines = 0;

	if (end > DETECT_WINDOW)
		end = DETECT_WINDOW;
	while (pos < end && lines < 64) {
		const char *nl = memchr(buf + pos, '\n', end - pos);
		size_t n = nl ? (size_t)(nl - (buf + pos)) : end - pos;

		if (pts_header_line(buf + pos, n))
			return 90;
		pos += n + 1;
		lines++;
	}
	return 0;
}

/* Split "Title - Description (unit)" back into its parts.  The unit is
 * the last balanced parenthesised group at the end; the title ends at
 * the first " - ".  Old exports wrote "pts/name-1.0.0 - arguments". */
static void split_label(char *s, const char **title, const char **desc,
			const char **unit, bool *is_ident)
{
	size_t n = strlen(s);
	char *dash;

	*unit = "";
	*is_ident = false;
	while (n && s[n - 1] == ' ')
		s[--n] = '\0';
	if (n && s[n - 1] == ')') {
		size_t i = n - 1;
		int depth = 0;

		for (;;) {
			if (s[i] == ')')
				depth++;
			else if (s[i] == '(' && --depth == 0)
				break;
			if (i == 0)
				break;
			i--;
		}
		if (depth == 0 && s[i] == '(' && i > 0 && s[i - 1] == ' ') {
			s[n - 1] = '\0';
			*unit = s + i + 1;
			s[i] = '\0';
			n = i;
			while (n && s[n - 1] == ' ')
				s[--n] = '\0';
		}
	}
	/* "Title -  (unit)" when the description was empty. */
	if (n >= 2 && s[n - 1] == '-' && s[n - 2] == ' ') {
		n -= 2;
		s[n] = '\0';
		while (n && s[n - 1] == ' ')
			s[--n] = '\0';
	}
	*title = s;
	*desc = "";
	dash = strstr(s, " - ");
	if (dash) {
		*dash = '\0';
		*desc = dash + 3;
		while (**desc == ' ')
			(*desc)++;
	}
	if (strchr(*title, '/') && !strchr(*title, ' '))
		*is_ident = true;
}

/* Is s a PASS/FAIL value (or a comma list of them)? */
static bool pass_fail_text(const char *s)
{
	/* PASS, FAIL, or a comma list of them (MULTI_PASS_FAIL). */
	while (*s) {
		if (!strncmp(s, "PASS", 4) || !strncmp(s, "FAIL", 4))
			s += 4;
		else
			return false;
		if (*s == ',')
			s++;
		else if (*s)
			return false;
	}
	return true;
}

struct pts_sys {
	size_t idx;          /* in rs->systems */
	bool fill;           /* components come from this file */
	struct br_kv *hw, *sw;
	size_t n_hw, n_sw;
};

/* The system header: fields 2.. are the systems. */
static int pts_systems(struct br_resultset *rs, struct br_csv *c,
		       const char *fname, size_t off, struct pts_sys **out,
		       size_t *n_out, struct br_error *err)
{
	struct br_loc loc = {fname, c->rec_line};
	struct pts_sys *sys;
	size_t i, j, n;
	char q[64];

	if (c->nf < off + 1)
		return br_error_set(err, BR_EDATA, fname, c->rec_line,
				    "system header row names no system");
	n = c->nf - off;
	sys = calloc(n, sizeof *sys);
	if (!sys)
		return br_error_set(err, BR_EIO, fname, c->rec_line,
				    "out of memory");
	*out = sys;
	*n_out = n;
	for (i = 0; i < n; i++) {
		const struct br_csv_field *f = &c->f[i + off];
		struct br_system *s;

		if (f->n == 0)
			return br_error_set(err, BR_EDATA, fname, c->rec_line,
					    "system header: column %zu has no "
					    "system name", i + off + 1);
		for (j = 0; j < i; j++)
			if (!strcmp(c->f[j + off].s, f->s))
				return br_error_set(err, BR_EDATA, fname,
						    c->rec_line, "system "
						    "header: \"%s\" appears "
						    "twice",
						    SNIP(q, f->s, f->n));
		sys[i].idx = br_rs_system(rs, f->s, true, &loc, err);
		if (sys[i].idx == (size_t)-1)
			return err->code;
		s = rs->systems[sys[i].idx];
		s->declared = true;
		if (!s->named_by)
			s->named_by = "from the CSV export's system header";
		sys[i].fill = s->n_hardware == 0 && s->n_software == 0;
	}
	return BR_OK;
}

/* Same systems in the same order as the first header? */
static bool pts_same_header(const struct br_csv *c,
			    const struct br_resultset *rs,
			    const struct pts_sys *sys, size_t n, size_t off)
{
	size_t i;

	if (c->nf != n + off)
		return false;
	for (i = 0; i < n; i++)
		if (strcmp(c->f[i + off].s,
			   rs->systems[sys[i].idx]->identifier))
			return false;
	return true;
}

/* Add key: value to a growing malloc'd kv array. */
static bool kv_push(struct br_kv **arr, size_t *n, const char *k,
		    const char *v)
{
	struct br_kv *p = realloc(*arr, (*n + 1) * sizeof *p);

	if (!p)
		return false;
	p[*n].key = k;
	p[*n].value = v;
	*arr = p;
	(*n)++;
	return true;
}

/* One component row: "Processor,,v1,v2,..." (off 2) or
 * "Processor,v1,v2,..." (off 1). */
static int pts_component(struct br_resultset *rs, struct br_csv *c,
			 const char *fname, size_t off, struct pts_sys *sys,
			 size_t n, struct br_error *err)
{
	struct br_loc loc = {fname, c->rec_line};
	const char *key;
	size_t i;
	bool sw;
	char q[64];

	if (c->nf > n + off) {
		for (i = n + off; i < c->nf && c->f[i].n == 0; i++)
			;
		if (i < c->nf) {
			br_rs_warn(rs, &loc, "component row \"%s\" has %zu "
				   "values for %zu systems (a value with a "
				   "comma?); row ignored",
				   SNIP(q, c->f[0].s, c->f[0].n), c->nf - off,
				   n);
			return BR_OK;
		}
	}
	if (c->f[0].n == 0)
		return br_error_set(err, BR_EDATA, fname, c->rec_line,
				    "component row without a name in "
				    "column 1");
	key = br_rs_strn(rs, c->f[0].s, c->f[0].n);
	if (!key)
		return br_error_set(err, BR_EIO, fname, c->rec_line,
				    "out of memory");
	sw = is_software_key(key);
	for (i = 0; i < n && i + off < c->nf; i++) {
		const struct br_csv_field *f = &c->f[i + off];
		const char *v;

		if (!sys[i].fill || f->n == 0)
			continue;
		v = br_rs_strn(rs, f->s, f->n);
		if (!v || !(sw ? kv_push(&sys[i].sw, &sys[i].n_sw, key, v)
			       : kv_push(&sys[i].hw, &sys[i].n_hw, key, v)))
			return br_error_set(err, BR_EIO, fname, c->rec_line,
					    "out of memory");
	}
	return BR_OK;
}

/* Move the collected components into the arena-owned systems. */
static int pts_store_components(struct br_resultset *rs, struct pts_sys *sys,
				size_t n, struct br_error *err)
{
	size_t i;

	for (i = 0; i < n; i++) {
		struct br_system *s = rs->systems[sys[i].idx];

		if (!sys[i].fill)
			continue;
		if (sys[i].n_hw) {
			s->hardware = br_arena_alloc(rs->arena, sys[i].n_hw *
						     sizeof *s->hardware);
			if (!s->hardware)
				return br_error_set(err, BR_EIO, NULL, 0,
						    "out of memory");
			memcpy(s->hardware, sys[i].hw,
			       sys[i].n_hw * sizeof *s->hardware);
			s->n_hardware = sys[i].n_hw;
		}
		if (sys[i].n_sw) {
			s->software = br_arena_alloc(rs->arena, sys[i].n_sw *
						     sizeof *s->software);
			if (!s->software)
				return br_error_set(err, BR_EIO, NULL, 0,
						    "out of memory");
			memcpy(s->software, sys[i].sw,
			       sys[i].n_sw * sizeof *s->software);
			s->n_software = sys[i].n_sw;
		}
	}
	return BR_OK;
}

/* One result row: "Title - Description (unit)",HIB,v1,v2,... (off 2), or
 * "Title - Description",v1,v2,... (off 1: no proportion, no unit). */
static int pts_result(struct br_resultset *rs, struct br_csv *c,
		      const char *fname, size_t off, const struct pts_sys *sys,
		      size_t n, struct br_error *err)
{
	struct br_loc loc = {fname, c->rec_line};
	const char *title, *desc, *unit, *prop, *fmt;
	struct br_test tt, *t;
	bool created, is_ident, pass_fail = true, any = false;
	char *label, lab[64], q[64], q2[64];
	size_t i;

	if (c->f[0].n == 0)
		return br_error_set(err, BR_EDATA, fname, c->rec_line,
				    "result row without a label in column 1");
	for (i = n + off; i < c->nf; i++)
		if (c->f[i].n)
			return br_error_set(err, BR_EDATA, fname, c->rec_line,
					    "result row has %zu values for %zu "
					    "systems", c->nf - off, n);
	SNIP(lab, c->f[0].s, c->f[0].n); /* for messages, before the cut */
	/* The label is ours to cut up: it lives in the scratch buffer. */
	label = (char *)c->f[0].s;
	split_label(label, &title, &desc, &unit, &is_ident);
	prop = off == 2 && c->nf > 1 ? c->f[1].s : "";
	if (!strcasecmp(prop, "HIB"))
		prop = "HIB";
	else if (!strcasecmp(prop, "LIB"))
		prop = "LIB";
	for (i = 0; i < n && i + off < c->nf; i++) {
		if (c->f[i + off].n == 0)
			continue;
		any = true;
		if (!pass_fail_text(c->f[i + off].s))
			pass_fail = false;
	}
	fmt = any && pass_fail ? "PASS_FAIL" : "BAR_GRAPH";
	br_test_proto(&tt, br_csv_istr(rs, title, strlen(title), fname,
				       loc.line, err),
		      br_csv_istr(rs, unit, strlen(unit), fname, loc.line,
				  err),
		      br_dir_from_proportion(prop), br_display_from_pts(fmt),
		      &loc);
	if (is_ident) {
		/* Old exports: "pts/name-1.0.0 - arguments". */
		tt.identifier = tt.title;
		tt.arguments = br_csv_istr(rs, desc, strlen(desc), fname,
					   loc.line, err);
	} else {
		tt.description = br_csv_istr(rs, desc, strlen(desc), fname,
					     loc.line, err);
	}
	tt.proportion = br_csv_istr(rs, prop, strlen(prop), fname, loc.line,
				    err);
	tt.display_format = fmt;
	tt.named_by = is_ident ? "from its row in PTS's CSV (PTS Identifier "
		"and arguments)" : "from its row in PTS's CSV (title and "
		"description)";
	if (err->code)
		return err->code;
	t = br_rs_test(rs, &tt, &created, err);
	if (!t)
		return err->code;
	if (created) {
		br_test_finish(rs, t);
	} else if (t->loc.file == fname) {
		/* PTS: a later result with the same key replaces it. */
		br_rs_warn_test(rs, t, &loc, "result \"%s\" repeats line "
				"%lu; the later row replaces it", lab,
				t->loc.line);
		br_test_clear_entries(t);
		t->loc = loc;
	}
	for (i = 0; i < n && i + off < c->nf; i++) {
		const struct br_csv_field *f = &c->f[i + off];
		struct br_entry *e;
		const char *sid;
		size_t k;
		double v;
		int dec;

		if (f->n == 0)
			continue; /* no result (or a failed run) */
		sid = rs->systems[sys[i].idx]->identifier;
		k = created || t->loc.file == fname ? (size_t)-1
			: br_test_find_entry(t, sys[i].idx);
		if (k != (size_t)-1)
			return br_error_set(err, BR_EDATA, fname, f->line,
					    "system \"%s\" already has a "
					    "result for \"%s\" (%s:%lu)",
					    SNIP(q, sid, strlen(sid)), lab,
					    t->entries[k].loc.file ?
					    t->entries[k].loc.file : "?",
					    t->entries[k].loc.line);
		e = br_test_add_entry(rs, t, sys[i].idx, &loc, err);
		if (!e)
			return err->code;
		if (t->display == BR_DISPLAY_PASS_FAIL &&
		    pass_fail_text(f->s)) {
			e->pass_fail = br_csv_istr(rs, f->s, f->n, fname,
						   loc.line, err);
			if (!e->pass_fail)
				return err->code;
			continue;
		}
		if (!br_parse_number(f->s, &v, &dec))
			return br_error_set(err, BR_EDATA, fname, f->line,
					    "value for system \"%s\" (column "
					    "%zu) is not a number: \"%s\"",
					    SNIP(q, sid, strlen(sid)),
					    i + off + 1,
					    SNIP(q2, f->s, f->n));
		e->sample.has_value = true;
		e->sample.value = v;
		e->sample.value_text = br_csv_istr(rs, f->s, f->n, fname,
						   loc.line, err);
		if (!e->sample.value_text)
			return err->code;
	}
	return BR_OK;
}

/* How many system header rows buf holds: two in a PTS CSV export
 * (components, then results). */
static int count_headers(const char *fname, const char *buf, size_t len)
{
	struct br_csv c;
	const char *s;
	size_t n;
	int k = 0;

	br_csv_init(&c, fname, buf, len, true);
	while (!br_csv_eof(&c)) {
		br_csv_peek_line(&c, &s, &n);
		if (pts_header_line(s, n))
			k++;
		br_csv_skip_line(&c);
	}
	br_csv_fini(&c);
	return k;
}

/*
 * Read a PTS result-file-to-csv export (doc/pts-format.md section 3.1):
 * title and description lines, the system header, component rows, the
 * header again, result rows; in both the older layout without the
 * proportion column and the newer one with it.  Values are published
 * means: has_value and value_text, no runs, N unknown.
 */
int br_read_pts_csv(struct br_resultset *rs, const char *name, const char *buf,
		    size_t len, const struct br_ingest_opts *o,
		    struct br_error *err)
{
	struct pts_sys *sys = NULL;
	struct br_meta meta;
	size_t n_sys = 0, i, n;
	struct br_csv c;
	const char *fname, *s;
	int headers = 0, total_headers = 0, rc = BR_OK, r, off = 0;
	bool title_done = false, used;

	(void)o;
	rc = br_text_begin(rs, name, buf, len, &fname, err);
	if (rc != BR_OK)
		return rc;
	memset(&meta, 0, sizeof meta);
	meta.file = fname;
	total_headers = count_headers(fname, buf, len);
	if (total_headers == 0)
		return br_error_set(err, BR_EDATA, fname, 1, "no system header "
				    "row (' ,,\"System 1\",...') in this PTS "
				    "CSV export");
	/* The title and description lines before the first header. */
	br_csv_init(&c, fname, buf, len, true);
	while (!br_csv_eof(&c)) {
		br_csv_peek_line(&c, &s, &n);
		if (pts_header_line(s, n))
			break;
		while (n && (*s == ' ' || *s == '\t')) {
			s++;
			n--;
		}
		while (n && (s[n - 1] == ' ' || s[n - 1] == '\t'))
			n--;
		if (n && !title_done) {
			/* ",Title," (PTS 9+), or the bare title. */
			if (n >= 2 && s[0] == ',' && s[n - 1] == ',') {
				s++;
				n -= 2;
			}
			rc = br_meta_apply(rs, &meta, "title", 5, s, n, c.line,
					   &used, err);
			title_done = true;
		} else if (n) {
			rc = br_meta_apply(rs, &meta, "description", 11, s, n,
					   c.line, &used, err);
		}
		if (rc != BR_OK)
			goto out;
		br_csv_skip_line(&c);
	}
	/* Headers, components, results. */
	for (;;) {
		int is_header;

		if (br_csv_eof(&c))
			break;
		br_csv_peek_line(&c, &s, &n);
		is_header = pts_header_line(s, n);
		r = br_csv_next(&c, err);
		if (r < 0) {
			rc = err->code;
			goto out;
		}
		if (r == 0)
			break;
		if (br_csv_record_empty(&c))
			continue;
		if (is_header) {
			if (headers == 0) {
				off = is_header;
				rc = pts_systems(rs, &c, fname, (size_t)off,
						 &sys, &n_sys, err);
			} else if (is_header != off ||
				   !pts_same_header(&c, rs, sys, n_sys,
						    (size_t)off)) {
				rc = br_error_set(err, BR_EDATA, fname,
						  c.rec_line, "this system "
						  "header differs from the "
						  "first one");
			}
			if (rc != BR_OK)
				goto out;
			headers++;
			if (headers == 2)
				rc = pts_store_components(rs, sys, n_sys, err);
			if (rc != BR_OK)
				goto out;
			continue;
		}
		if (headers == 1 && total_headers >= 2)
			rc = pts_component(rs, &c, fname, (size_t)off, sys,
					   n_sys, err);
		else
			rc = pts_result(rs, &c, fname, (size_t)off, sys,
					n_sys, err);
		if (rc != BR_OK)
			goto out;
	}
	br_rs_warn(rs, &(struct br_loc){fname, 0}, "PTS CSV export: "
		   "published values only (no runs, SE or N, no test "
		   "identifiers or versions)");
	if (off == 1)
		br_rs_warn(rs, &(struct br_loc){fname, 0}, "older PTS CSV "
			   "export: no units and no higher/lower-is-better "
			   "column (--direction sets one)");
out:
	for (i = 0; i < n_sys; i++) {
		free(sys[i].hw);
		free(sys[i].sw);
	}
	free(sys);
	br_meta_fini(&meta);
	br_csv_fini(&c);
	return rc;
}
