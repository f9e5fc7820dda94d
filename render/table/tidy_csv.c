/*
 * tidy_csv.c - write a resultset as benchreport's tidy CSV (doc/tidy-csv.md):
 * "# key: value" metadata comments, "# system:" declarations, a header
 * row, then one row per run, per published value or summary, or per
 * series point.  ingest/csv_tidy.c reads it back into the same model
 * values, so every choice here is mirrored there:
 *
 *   sample with runs        one row per run: value = the run; mean = the
 *                           published value (PTS Value) if there is one
 *   published summary       one row: mean, se (if known), n (if known)
 *   published value only    one row: mean (se and n empty)
 *   failed entry            one row with value and mean empty, error text
 *   series (LINE) entry     the rows above once per point, with x
 *
 * Numbers are written with the shortest %.15g/%.16g/%.17g text that reads
 * back to the same double; a published value keeps its text verbatim.
 */
#include <errno.h>
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../text/escape.h"
#include "table.h"
#include "tidy_csv.h"

/* The optional columns this file needs (the others are always written). */
struct cols {
	bool x;      /* x_label, x: some test is a series */
	bool value;  /* some sample has runs (or nothing else to write) */
	bool mean;   /* mean, se, n: some published value or summary */
	bool error;  /* some entry failed */
	bool metric; /* some test is a sub-metric (br_test.sub_metric) */
};

/* Shortest of %.15g, %.16g, %.17g that strtod() reads back exactly. */
static void fmt_num(char *buf, size_t size, double v)
{
	int prec;

	for (prec = 15; prec <= 17; prec++) {
		snprintf(buf, size, "%.*g", prec, v);
		if (strtod(buf, NULL) == v)
			return;
	}
}

/* NULL as "". */
/* Can test t be written as numbers?  PASS/FAIL and images cannot. */
static bool numeric_test(const struct br_test *t)
{
	return t->display == BR_DISPLAY_BAR || t->display == BR_DISPLAY_LINE;
}

/* Is t a series: LINE display, or entries with points? */
static bool is_series(const struct br_test *t)
{
	size_t i;

	if (t->display == BR_DISPLAY_LINE)
		return true;
	for (i = 0; i < t->n_entries; i++)
		if (t->entries[i].n_points)
			return true;
	return false;
}

/* Note which columns sample s needs. */
static void scan_sample(const struct br_sample *s, struct cols *c)
{
	if (s->n_runs)
		c->value = true;
	if (s->has_value || s->is_summary)
		c->mean = true;
}

/* Which optional columns the whole result set needs. */
static void scan_columns(const struct br_resultset *rs, struct cols *c)
{
	size_t i, j, k;

	memset(c, 0, sizeof *c);
	for (i = 0; i < rs->n_tests; i++) {
		const struct br_test *t = rs->tests[i];

		if (!numeric_test(t))
			continue;
		if (is_series(t))
			c->x = true;
		if (t->sub_metric)
			c->metric = true;
		for (j = 0; j < t->n_entries; j++) {
			const struct br_entry *e = &t->entries[j];

			if (e->error)
				c->error = true;
			scan_sample(&e->sample, c);
			for (k = 0; k < e->n_points; k++)
				scan_sample(&e->points[k], c);
		}
	}
	if (!c->mean)
		c->value = true; /* the reader needs value or mean */
}

/* One CSV field (br_csv_field: quoted when RFC 4180, a leading '#' or a
 * blank at an end needs it, an apostrophe before a formula, controls
 * shown as escapes). */
static void put_field(FILE *fp, const char *s, bool first)
{
	if (!first)
		fputc(',', fp);
	br_csv_field(fp, s);
}

/* s[0..n) in a comment line: tabs kept, other controls shown as
 * br_visible() shows them. */
static void put_vis(FILE *fp, const char *s, size_t n)
{
	const char *end = s + n;
	char esc[BR_VIS_ESC_MAX];

	while (s < end) {
		size_t k = br_visible_char(s, BR_VIS_TAB, esc);

		if (*esc)
			fputs(esc, fp);
		else
			fwrite(s, 1, k, fp);
		s += k;
	}
}

/* "# key: value" lines; a value with line breaks becomes several lines
 * of the same key (the reader joins them with "\n"). */
static void put_meta(FILE *fp, const char *key, const char *value)
{
	const char *p = value;

	if (!value || !*value)
		return;
	for (;;) {
		size_t n = strcspn(p, "\r\n");

		fprintf(fp, "# %s: ", key);
		put_vis(fp, p, n);
		fputc('\n', fp);
		p += n;
		if (*p == '\r' && p[1] == '\n')
			p++;
		if (!*p)
			break;
		p++;
	}
}

/* The system name as "# system:" wants it: quoted when it holds '|' or
 * '"', or has blanks at either end. */
static void put_sys_name(FILE *fp, const char *id)
{
	size_t n = strlen(id);
	const char *p;

	if (n && !strpbrk(id, "|\"") && id[0] != ' ' && id[n - 1] != ' ' &&
	    id[0] != '\t' && id[n - 1] != '\t') {
		put_vis(fp, id, n);
		return;
	}
	fputc('"', fp);
	for (p = id; *p; p++) {
		size_t k = strcspn(p, "\"");

		put_vis(fp, p, k);
		p += k;
		if (!*p)
			break;
		fputs("\"\"", fp);
	}
	fputc('"', fp);
}

/* Text inside a comment line: line breaks become spaces. */
static void put_text(FILE *fp, const char *s)
{
	while (*s) {
		size_t n = strcspn(s, "\r\n");

		put_vis(fp, s, n);
		s += n;
		if (*s) {
			fputc(' ', fp);
			s++;
		}
	}
}

/* Component pairs back into "Key: value, Key: value"; line breaks (which
 * a comment line cannot hold) become spaces. */
static void put_components(FILE *fp, const struct br_kv *kv, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++) {
		if (i)
			fputs(", ", fp);
		if (kv[i].key && *kv[i].key) {
			put_text(fp, kv[i].key);
			fputs(": ", fp);
		}
		put_text(fp, br_nz(kv[i].value));
	}
}

/* One "# system: NAME | field | value" line per line of value. */
static void put_sys_field(FILE *fp, const struct br_system *s,
			  const char *field, const char *value)
{
	const char *p = value;

	for (;;) {
		size_t n = strcspn(p, "\r\n");

		fputs("# system: ", fp);
		put_sys_name(fp, s->identifier);
		fprintf(fp, " | %s | ", field);
		put_vis(fp, p, n);
		fputc('\n', fp);
		p += n;
		if (*p == '\r' && p[1] == '\n')
			p++;
		if (!*p)
			break;
		p++;
	}
}

/* Every "# system:" line of one system, or a bare declaration. */
static void put_system(FILE *fp, const struct br_system *s)
{
	bool any = false;

	if (strpbrk(s->identifier, "\r\n"))
		return; /* cannot be declared; its rows still name it */
	if (s->n_hardware) {
		fputs("# system: ", fp);
		put_sys_name(fp, s->identifier);
		fputs(" | hardware | ", fp);
		put_components(fp, s->hardware, s->n_hardware);
		fputc('\n', fp);
		any = true;
	}
	if (s->n_software) {
		fputs("# system: ", fp);
		put_sys_name(fp, s->identifier);
		fputs(" | software | ", fp);
		put_components(fp, s->software, s->n_software);
		fputc('\n', fp);
		any = true;
	}
	if (s->notes && *s->notes) {
		put_sys_field(fp, s, "notes", s->notes);
		any = true;
	}
	if (s->user && *s->user) {
		put_sys_field(fp, s, "user", s->user);
		any = true;
	}
	if (s->timestamp && *s->timestamp) {
		put_sys_field(fp, s, "timestamp", s->timestamp);
		any = true;
	}
	if (s->client_version && *s->client_version) {
		put_sys_field(fp, s, "client_version", s->client_version);
		any = true;
	}
	if (!any) {
		fputs("# system: ", fp);
		put_sys_name(fp, s->identifier);
		fputc('\n', fp);
	}
}

/* The direction column: as given, or empty when it was inferred. */
static const char *direction_text(const struct br_test *t)
{
	if (t->dir_inferred)
		return "";  /* the reader infers it again from the unit */
	if (t->dir != BR_DIR_UNKNOWN)
		return br_dir_name(t->dir);
	if (t->proportion && !strncmp(t->proportion, "ABSTRACT", 8))
		return "ABSTRACT";
	return "";
}

/* The header row for the columns in c. */
static void put_header(FILE *fp, const struct cols *c)
{
	fputs("test,title,app_version,arguments,description,unit,direction",
	      fp);
	if (c->x)
		fputs(",x_label", fp);
	fputs(",system", fp);
	if (c->x)
		fputs(",x", fp);
	if (c->value)
		fputs(",value", fp);
	if (c->mean)
		fputs(",mean,se,n", fp);
	if (c->error)
		fputs(",error", fp);
	if (c->metric)
		fputs(",metric", fp);
	fputc('\n', fp);
}

/* What one row carries besides the test and the system. */
struct row {
	const char *x;      /* NULL: no x */
	const char *value;
	const char *mean;
	const char *se;
	const char *n;
	const char *error;
};

/* One data row of test t and system s. */
static void put_row(FILE *fp, const struct cols *c, const struct br_test *t,
		    const struct br_system *s, const struct row *r)
{
	put_field(fp, br_nz(t->identifier), true);
	put_field(fp, br_nz(t->title), false);
	put_field(fp, br_nz(t->app_version), false);
	put_field(fp, br_nz(t->arguments), false);
	put_field(fp, br_nz(t->description), false);
	put_field(fp, br_nz(t->scale), false);
	put_field(fp, direction_text(t), false);
	if (c->x)
		put_field(fp, br_nz(t->x_label), false);
	put_field(fp, s->identifier, false);
	if (c->x)
		put_field(fp, br_nz(r->x), false);
	if (c->value)
		put_field(fp, br_nz(r->value), false);
	if (c->mean) {
		put_field(fp, br_nz(r->mean), false);
		put_field(fp, br_nz(r->se), false);
		put_field(fp, br_nz(r->n), false);
	}
	if (c->error)
		put_field(fp, br_nz(r->error), false);
	if (c->metric)
		put_field(fp, t->sub_metric ? "sub" : "", false);
	fputc('\n', fp);
}

/* The rows of one sample (scalar or one series point).  Returns whether
 * anything was written. */
static bool put_sample(FILE *fp, const struct cols *c, const struct br_test *t,
		       const struct br_system *sys, const struct br_sample *s,
		       const char *x, const char *error)
{
	char vbuf[40], mbuf[40], sebuf[40], nbuf[24];
	struct row r = {x, NULL, NULL, NULL, NULL, error};
	size_t i;

	if (s->has_value || s->is_summary) {
		if (s->value_text)
			r.mean = s->value_text;
		else if (!isnan(s->value)) {
			fmt_num(mbuf, sizeof mbuf, s->value);
			r.mean = mbuf;
		}
	}
	if (s->n_runs) {
		for (i = 0; i < s->n_runs; i++) {
			br_run_text(s->runs[i].value, s->resolution, vbuf,
				    sizeof vbuf);
			r.value = vbuf;
			put_row(fp, c, t, sys, &r);
		}
		return true;
	}
	if (!r.mean)
		return false;
	if (s->is_summary) {
		if (!isnan(s->se)) {
			fmt_num(sebuf, sizeof sebuf, s->se);
			r.se = sebuf;
		}
		if (s->n) {
			snprintf(nbuf, sizeof nbuf, "%zu", s->n);
			r.n = nbuf;
		}
	}
	put_row(fp, c, t, sys, &r);
	return true;
}

/*
 * All rows of one entry: per point for a series, else its sample;
 * a failure row when nothing else was written.
 */
static void put_entry(FILE *fp, const struct cols *c, const struct br_test *t,
		      const struct br_system *sys, const struct br_entry *e)
{
	char xbuf[40];
	bool any = false;
	size_t i;

	if (is_series(t)) {
		for (i = 0; i < e->n_points; i++) {
			double x = t->x && i < t->n_x ? t->x[i] : (double)i + 1;

			fmt_num(xbuf, sizeof xbuf, x);
			if (put_sample(fp, c, t, sys, &e->points[i], xbuf,
				       e->error))
				any = true;
		}
	} else {
		any = put_sample(fp, c, t, sys, &e->sample, NULL, e->error);
	}
	if (!any) {
		/* Nothing measured: a failure row (error "" if unknown). */
		struct row r = {NULL, NULL, NULL, NULL, NULL, br_nz(e->error)};

		put_row(fp, c, t, sys, &r);
	}
}

/* See tidy_csv.h. */
int br_write_tidy_csv(FILE *fp, const struct br_resultset *rs,
		      struct br_error *err)
{
	struct cols c;
	size_t i, j;

	scan_columns(rs, &c);
	fputs("# benchreport tidy CSV (doc/tidy-csv.md)\n", fp);
	put_meta(fp, "title", rs->title);
	put_meta(fp, "description", rs->description);
	put_meta(fp, "notes", rs->notes);
	put_meta(fp, "reference_id", rs->reference_id);
	put_meta(fp, "last_modified", rs->last_modified);
	put_meta(fp, "test_client", rs->test_client);
	for (i = 0; i < rs->n_systems; i++)
		put_system(fp, rs->systems[i]);
	for (i = 0; i < rs->n_tests; i++) {
		const struct br_test *t = rs->tests[i];

		if (numeric_test(t))
			continue;
		fprintf(fp, "# not written (%s results are not numbers): ",
			br_test_display_format(t));
		put_text(fp, br_nz(t->title));
		if (t->description && *t->description) {
			fputs(" - ", fp);
			put_text(fp, t->description);
		}
		fputc('\n', fp);
	}
	put_header(fp, &c);
	for (i = 0; i < rs->n_tests; i++) {
		const struct br_test *t = rs->tests[i];

		if (!numeric_test(t))
			continue;
		for (j = 0; j < t->n_entries; j++) {
			const struct br_entry *e = &t->entries[j];

			if (e->system >= rs->n_systems)
				continue;
			put_entry(fp, &c, t, rs->systems[e->system], e);
		}
	}
	if (fflush(fp) != 0 || ferror(fp))
		return br_error_set(err, BR_EIO, NULL, 0, "write error: %s",
				    strerror(errno));
	return BR_OK;
}
