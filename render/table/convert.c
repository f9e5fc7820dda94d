/*
 * convert.c - composite.xml and JSON writers.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "convert.h"
#include "../text/escape.h"
#include "table.h"
#include "tidy_csv.h"

/*
 * A sample's Value as PTS writes it: the published text when there is
 * one; else the mean of the runs (the analysis') with PTS's default
 * precision, 2 decimals, since the runs' own texts are not kept (doc/
 * pts-format.md section 2.1); else a published number.  Every digit of a
 * large mean is written: this is data, not display.
 */
static const char *value_text(const struct br_sample *s,
			      const struct br_summary *sum, char *buf,
			      size_t size)
{
	if (s->value_text && *s->value_text)
		return s->value_text;
	if (s->n_runs && sum && sum->n) {
		snprintf(buf, size, "%.2f", sum->mean);
		return buf;
	}
	if (s->has_value)
		return br_num_roundtrip(s->value, buf, size);
	return "";
}

/* Whether a is the analysis of every test and system of its result set,
 * in input order: the writers index its cells by the model's indexes. */
static bool of_everything(const struct br_analysis *a)
{
	const struct br_selection *sel = a->sel;
	size_t i;

	if (sel->n_tests != sel->rs->n_tests ||
	    sel->n_systems != sel->rs->n_systems)
		return false;
	for (i = 0; i < sel->n_tests; i++)
		if (sel->tests[i] != i)
			return false;
	for (i = 0; i < sel->n_systems; i++)
		if (sel->systems[i] != i)
			return false;
	return true;
}

/* The analysis cell of entry e of test at (the analysis is of every
 * test and system, in input order). */
static const struct br_cell *cell_of(const struct br_atest *at,
				     const struct br_entry *e)
{
	return &at->cells[e->system];
}

static void raw_string(FILE *fp, const struct br_sample *s)
{
	char buf[64];
	size_t i;

	for (i = 0; i < s->n_runs; i++) {
		if (i)
			fputc(':', fp);
		fputs(br_run_text(s->runs[i].value, s->resolution, buf,
				  sizeof buf), fp);
	}
}

/* s cut to at most max bytes at a UTF-8 boundary, with "..." when cut,
 * into buf. */
static const char *clip(const char *s, size_t max, char *buf, size_t size)
{
	size_t n = strlen(s);

	if (n <= max || max < 4 || max + 1 > size)
		return s;
	n = br_utf8_fit(s, max - 3);
	snprintf(buf, size, "%.*s...", (int)n, s);
	return buf;
}

/*
 * A PTS TimeStamp "YYYY-MM-DD HH:MM:SS": kept when it is one, a date alone
 * gets " 00:00:00", anything else is replaced by fallback.
 */
static const char *timestamp(const char *s, const char *fallback, char *buf,
			     size_t size)
{
	static const char pat[] = "dddd-dd-dd dd:dd:dd";
	size_t i, n = s ? strlen(s) : 0;

	for (i = 0; i < n && i < sizeof pat - 1; i++)
		if (pat[i] == 'd' ? s[i] < '0' || s[i] > '9' : s[i] != pat[i])
			break;
	if (i == sizeof pat - 1 && n == i)
		return s;
	if (i == 10 && n == 10) {
		snprintf(buf, size, "%s 00:00:00", s);
		return buf;
	}
	return fallback;
}

static void elem(FILE *fp, int indent, const char *name, const char *text)
{
	fprintf(fp, "%*s<%s>", indent, "", name);
	br_xml_text(fp, br_nz(text));
	fprintf(fp, "</%s>\n", name);
}

static void components(FILE *fp, int indent, const char *name,
		       const struct br_kv *kv, size_t n)
{
	size_t i;

	fprintf(fp, "%*s<%s>", indent, "", name);
	for (i = 0; i < n; i++) {
		if (i)
			fputs(", ", fp);
		if (*kv[i].key) {
			br_xml_text(fp, kv[i].key);
			fputs(": ", fp);
		}
		br_xml_text(fp, kv[i].value);
	}
	fprintf(fp, "</%s>\n", name);
}

static void entry_json(FILE *fp, const struct br_entry *e)
{
	char buf[64];

	if (e->json && *e->json) {
		elem(fp, 8, "JSON", e->json);
		return;
	}
	if (e->error || e->note) {
		fputs("        <JSON>", fp);
		fputs(e->error ? "{&quot;error&quot;:" :
		      "{&quot;benchreport-note&quot;:", fp);
		{
			/* JSON string inside XML text */
			char *tmp = NULL;
			size_t len = 0;
			FILE *m = open_memstream(&tmp, &len);

			if (m) {
				br_json_string(m, e->error ? e->error :
					       e->note);
				fclose(m);
				br_xml_text(fp, tmp);
			}
			free(tmp);
		}
		fputs("}</JSON>\n", fp);
		return;
	}
	if (e->n_too_fast && !e->sample.is_summary) {
		/* runs too fast to measure beside the measured ones
		 * (bonnie++'s "+++++"): read back as N = 2 and 1 more */
		fprintf(fp, "        <JSON>{&quot;benchreport-too-fast&quot;:"
			"%zu}</JSON>\n", e->n_too_fast);
		return;
	}
	if (e->sample.is_summary) {
		fputs("        <JSON>{&quot;benchreport-n&quot;:", fp);
		fprintf(fp, "%zu", e->sample.n);
		if (!isnan(e->sample.se))
			fprintf(fp, ",&quot;benchreport-se&quot;:%s",
				br_num_roundtrip(e->sample.se, buf, sizeof buf));
		fputs("}</JSON>\n", fp);
	}
}

static void entry_xml(FILE *fp, const struct br_resultset *rs,
		      const struct br_atest *at, const struct br_entry *e)
{
	const struct br_cell *c = cell_of(at, e);
	char buf[400];  /* "%.2f" of DBL_MAX */
	size_t i;

	fputs("      <Entry>\n", fp);
	elem(fp, 8, "Identifier", rs->systems[e->system]->identifier);
	if (e->error || (e->note && !e->sample.n_runs &&
			 !e->sample.has_value)) {
		elem(fp, 8, "Value", "");
		elem(fp, 8, "RawString", "");
	} else if (e->pass_fail) {
		elem(fp, 8, "Value", e->pass_fail);
		elem(fp, 8, "RawString", "");
	} else if (e->n_points) {
		fputs("        <Value>", fp);
		for (i = 0; i < e->n_points; i++) {
			if (i)
				fputc(',', fp);
			br_xml_text(fp, value_text(&e->points[i],
						   c->points ? &c->points[i]
						   : NULL, buf, sizeof buf));
		}
		fputs("</Value>\n        <RawString>", fp);
		for (i = 0; i < e->n_points; i++) {
			if (i)
				fputc(',', fp);
			raw_string(fp, &e->points[i]);
		}
		fputs("</RawString>\n", fp);
	} else {
		elem(fp, 8, "Value", value_text(&e->sample, &c->sum, buf,
						sizeof buf));
		fputs("        <RawString>", fp);
		raw_string(fp, &e->sample);
		fputs("</RawString>\n", fp);
	}
	entry_json(fp, e);
	fputs("      </Entry>\n", fp);
}

/* ------------------------------------------------- result titles */

/* PTS's schema allows titles of 2..50 characters. */
#define TITLE_MAX 50

static void free_titles(char **v, size_t n)
{
	size_t i;

	for (i = 0; v && i < n; i++)
		free(v[i]);
	free(v);
}

/* The title a result is written with: its own when 2..50 bytes, a
 * longer one cut to 50 with "..." (the whole in the Annotation), a
 * shorter one "Result: A" (or "Result"); with " #N" on its end (cut to
 * make room) when it is the Nth alike. */
static char *title_of(const struct br_test *t, size_t nth)
{
	char buf[256], num[24] = "";
	const char *s = br_nz(t->title);
	size_t room = TITLE_MAX;

	if (nth > 1)
		room -= (size_t)snprintf(num, sizeof num, " #%zu", nth);
	if (strlen(s) < 2)
		return br_strf("Result%s%s%s", *s ? ": " : "", s, num);
	return br_strf("%s%s", clip(s, room, buf, sizeof buf), num);
}

/* A written title and its result: results are told apart by title,
 * version, description and unit (the heading of their charts). */
struct title_ix {
	const char *s;
	const struct br_test *t;
	size_t i;
};

/* The unit a result is written with (its Scale). */
static const char *scale_of(const struct br_test *t)
{
	return t->scale && *t->scale ? t->scale : t->unit.text;
}

static int cmp_heading(const struct title_ix *x, const struct title_ix *y)
{
	int c = strcmp(x->s, y->s);

	if (!c)
		c = strcmp(br_nz(x->t->app_version), br_nz(y->t->app_version));
	if (!c)
		c = strcmp(br_nz(x->t->description), br_nz(y->t->description));
	return c ? c : strcmp(scale_of(x->t), scale_of(y->t));
}

static int cmp_title(const void *a, const void *b)
{
	const struct title_ix *x = a, *y = b;
	int c = cmp_heading(x, y);

	return c ? c : x->i < y->i ? -1 : x->i > y->i;
}

/* Number the headings that look alike (v sorted): the second of a kind
 * gets " #2" on its title, and so on.  false when none did. */
static bool number_alike(const struct br_analysis *a, char **titles,
			 struct title_ix *v, size_t n, size_t *nth)
{
	size_t k, run = 1;
	bool any = false;
	char **nt = calloc(n + 1, sizeof *nt);

	/* the new titles are put in place after the loop: v[k - 1].s must
	 * stay alive for the next comparison */
	for (k = 1; nt && k < n; k++) {
		run = cmp_heading(&v[k], &v[k - 1]) ? 1 : run + 1;
		if (run == 1)
			continue;
		nth[v[k].i] += run - 1;
		nt[v[k].i] = title_of(a->tests[v[k].i].t, nth[v[k].i]);
	}
	for (k = 0; nt && k < n; k++)
		if (nt[k]) {
			free(titles[k]);
			titles[k] = nt[k];
			any = true;
		}
	free(nt);
	return any;
}

/*
 * Every result's written title (issue 25): distinct results never share
 * one, so that titles "A" and "B", both too short for PTS's schema, or
 * two that differ only after 50 characters, stay apart in every chart
 * and list made from the file.  NULL on ENOMEM.
 */
static char **result_titles(const struct br_analysis *a)
{
	size_t n = a->sel->rs->n_tests, i, pass;
	char **titles = calloc(n + 1, sizeof *titles);
	struct title_ix *v = calloc(n + 1, sizeof *v);
	size_t *nth = calloc(n + 1, sizeof *nth);
	bool ok = titles && v && nth;

	for (i = 0; ok && i < n; i++) {
		nth[i] = 1;
		ok = (titles[i] = title_of(a->tests[i].t, 1)) != NULL;
	}
	/* a numbered one may meet another title: number again */
	for (pass = 0; ok && pass < 8; pass++) {
		for (i = 0; i < n; i++)
			v[i] = (struct title_ix){titles[i], a->tests[i].t, i};
		qsort(v, n, sizeof *v, cmp_title);
		if (!number_alike(a, titles, v, n, nth))
			break;
	}
	free(v);
	free(nth);
	if (!ok) {
		free_titles(titles, n);
		return NULL;
	}
	return titles;
}

/* One <Result>, titled title. */
static void result_xml(FILE *fp, const struct br_resultset *rs,
		       const struct br_atest *at, const char *title)
{
	const struct br_test *t = at->t;
	size_t j;

	fputs("  <Result>\n", fp);
	elem(fp, 4, "Identifier", t->identifier);
	elem(fp, 4, "Title", title);
	elem(fp, 4, "AppVersion", t->app_version);
	elem(fp, 4, "Arguments", t->arguments);
	elem(fp, 4, "Description", t->description);
	elem(fp, 4, "Scale", scale_of(t));
	elem(fp, 4, "Proportion", t->proportion && *t->proportion
	     ? t->proportion : br_dir_name(t->dir));
	elem(fp, 4, "DisplayFormat", br_test_display_format(t));
	if (strlen(br_nz(t->title)) > TITLE_MAX) {
		fputs("    <Annotation>", fp);
		br_xml_text(fp, t->title);
		if (t->annotation && *t->annotation) {
			fputs(" - ", fp);
			br_xml_text(fp, t->annotation);
		}
		fputs("</Annotation>\n", fp);
	} else if (t->annotation) {
		elem(fp, 4, "Annotation", t->annotation);
	}
	if (t->parent)
		elem(fp, 4, "Parent", t->parent);
	fputs("    <Data>\n", fp);
	for (j = 0; j < t->n_entries; j++)
		entry_xml(fp, rs, at, &t->entries[j]);
	fputs("    </Data>\n  </Result>\n", fp);
}

int br_write_pts_xml(FILE *fp, const struct br_analysis *a,
		     const char *title, const char *now, struct br_error *err)
{
	const struct br_resultset *rs = a->sel->rs;
	char buf[256], ts[32], **titles;
	size_t i;

	if (!of_everything(a))
		return br_error_set(err, BR_EUSAGE, NULL, 0, "convert writes "
				    "every test and system");
	fputs("<?xml version=\"1.0\"?>\n<!--benchreport-->\n"
	      "<PhoronixTestSuite>\n  <Generated>\n", fp);
	elem(fp, 4, "Title", clip(title ? title : rs->title && *rs->title ?
				  rs->title : "benchreport results", 126, buf,
				  sizeof buf));
	elem(fp, 4, "LastModified", timestamp(rs->last_modified, now, ts,
					       sizeof ts));
	elem(fp, 4, "TestClient", rs->test_client && *rs->test_client
	     ? rs->test_client : "benchreport");
	elem(fp, 4, "Description", rs->description);
	if (rs->notes)
		elem(fp, 4, "Notes", rs->notes);
	if (rs->internal_tags)
		elem(fp, 4, "InternalTags", rs->internal_tags);
	if (rs->reference_id)
		elem(fp, 4, "ReferenceID", rs->reference_id);
	if (rs->preset_env)
		elem(fp, 4, "PreSetEnvironmentVariables", rs->preset_env);
	fputs("  </Generated>\n", fp);
	for (i = 0; i < rs->n_systems; i++) {
		const struct br_system *s = rs->systems[i];

		fputs("  <System>\n", fp);
		elem(fp, 4, "Identifier", s->identifier);
		components(fp, 4, "Hardware", s->hardware, s->n_hardware);
		components(fp, 4, "Software", s->software, s->n_software);
		elem(fp, 4, "User", s->user);
		elem(fp, 4, "TimeStamp", timestamp(s->timestamp, now, ts,
						   sizeof ts));
		elem(fp, 4, "TestClientVersion", s->client_version);
		elem(fp, 4, "Notes", s->notes);
		if (s->json && *s->json)
			elem(fp, 4, "JSON", s->json);
		fputs("  </System>\n", fp);
	}
	titles = result_titles(a);
	if (!titles)
		return br_error_set(err, BR_EIO, NULL, 0, "out of memory");
	for (i = 0; i < rs->n_tests; i++)
		result_xml(fp, rs, &a->tests[i], titles[i]);
	free_titles(titles, rs->n_tests);
	fputs("</PhoronixTestSuite>\n", fp);
	if (ferror(fp))
		return br_error_set(err, BR_EIO, NULL, 0, "write error");
	return BR_OK;
}

/* ------------------------------------------------------------- JSON */

static void jkey(FILE *fp, int indent, const char *key)
{
	fprintf(fp, "%*s", indent, "");
	br_json_string(fp, key);
	fputs(": ", fp);
}

static void jnum(FILE *fp, double v)
{
	char buf[64];

	if (isfinite(v))
		fputs(br_num_roundtrip(v, buf, sizeof buf), fp);
	else
		fputs("null", fp);
}

static void jkv_object(FILE *fp, int indent, const char *key,
		       const struct br_kv *kv, size_t n)
{
	size_t i;

	jkey(fp, indent, key);
	fputc('{', fp);
	for (i = 0; i < n; i++) {
		fputs(i ? ", " : "", fp);
		br_json_string(fp, *kv[i].key ? kv[i].key : "Other");
		fputs(": ", fp);
		br_json_string(fp, kv[i].value);
	}
	fputc('}', fp);
}

static void jsample(FILE *fp, const struct br_sample *s,
		    const struct br_summary *sum)
{
	char buf[400];  /* "%.2f" of DBL_MAX */
	size_t i;
	double v;

	fputs("\"value\": ", fp);
	if (br_parse_number(value_text(s, sum, buf, sizeof buf), &v,
			    NULL))
		jnum(fp, v);
	else
		fputs("null", fp);
	fputs(", \"raw_values\": [", fp);
	for (i = 0; i < s->n_runs; i++) {
		fputs(i ? ", " : "", fp);
		jnum(fp, s->runs[i].value);
	}
	fputc(']', fp);
	if (s->is_summary) {
		fputs(", \"se\": ", fp);
		jnum(fp, s->se);
		fprintf(fp, ", \"n\": %zu", s->n);
	}
}

static void jentry(FILE *fp, const struct br_atest *at,
		   const struct br_entry *e)
{
	const struct br_cell *c = cell_of(at, e);
	size_t i;

	fputc('{', fp);
	if (e->error) {
		fputs("\"value\": null, \"error\": ", fp);
		br_json_string(fp, e->error);
	} else if (e->note && !e->sample.n_runs && !e->sample.has_value) {
		fputs("\"value\": null, \"note\": ", fp);
		br_json_string(fp, e->note);
	} else if (e->pass_fail) {
		fputs("\"value\": ", fp);
		br_json_string(fp, e->pass_fail);
	} else if (e->n_points) {
		fputs("\"points\": [", fp);
		for (i = 0; i < e->n_points; i++) {
			fputs(i ? ", {" : "{", fp);
			jsample(fp, &e->points[i], c->points ?
				&c->points[i] : NULL);
			fputc('}', fp);
		}
		fputc(']', fp);
	} else {
		jsample(fp, &e->sample, &c->sum);
	}
	if (e->has_min_max) {
		fputs(", \"min_result\": ", fp);
		jnum(fp, e->min_result);
		fputs(", \"max_result\": ", fp);
		jnum(fp, e->max_result);
	}
	fputc('}', fp);
}

int br_write_json(FILE *fp, const struct br_analysis *a, const char *title,
		  const char *now, struct br_error *err)
{
	const struct br_resultset *rs = a->sel->rs;
	size_t i, j;

	if (!of_everything(a))
		return br_error_set(err, BR_EUSAGE, NULL, 0, "convert writes "
				    "every test and system");
	fputs("{\n", fp);
	jkey(fp, 2, "title");
	br_json_string(fp, title ? title : br_nz(rs->title));
	fputs(",\n", fp);
	jkey(fp, 2, "last_modified");
	br_json_string(fp, rs->last_modified && *rs->last_modified
		       ? rs->last_modified : now);
	fputs(",\n", fp);
	jkey(fp, 2, "description");
	br_json_string(fp, br_nz(rs->description));
	if (rs->notes && *rs->notes) {
		fputs(",\n", fp);
		jkey(fp, 2, "notes");
		br_json_string(fp, rs->notes);
	}
	fputs(",\n", fp);
	jkey(fp, 2, "systems");
	fputs("{", fp);
	for (i = 0; i < rs->n_systems; i++) {
		const struct br_system *s = rs->systems[i];

		fputs(i ? ",\n" : "\n", fp);
		jkey(fp, 4, s->identifier);
		fputs("{\n", fp);
		jkey(fp, 6, "identifier");
		br_json_string(fp, s->identifier);
		fputs(",\n", fp);
		jkv_object(fp, 6, "hardware", s->hardware, s->n_hardware);
		fputs(",\n", fp);
		jkv_object(fp, 6, "software", s->software, s->n_software);
		fputs(",\n", fp);
		jkey(fp, 6, "user");
		br_json_string(fp, br_nz(s->user));
		fputs(",\n", fp);
		jkey(fp, 6, "timestamp");
		br_json_string(fp, br_nz(s->timestamp));
		fputs(",\n", fp);
		jkey(fp, 6, "client_version");
		br_json_string(fp, br_nz(s->client_version));
		if (s->notes && *s->notes) {
			fputs(",\n", fp);
			jkey(fp, 6, "notes");
			br_json_string(fp, s->notes);
		}
		fputs("\n    }", fp);
	}
	fputs(rs->n_systems ? "\n  },\n" : "},\n", fp);
	jkey(fp, 2, "results");
	fputs("{", fp);
	for (i = 0; i < rs->n_tests; i++) {
		const struct br_test *t = a->tests[i].t;
		char hash[41];

		br_test_hash(t, hash);
		fputs(i ? ",\n" : "\n", fp);
		jkey(fp, 4, hash);
		fputs("{\n", fp);
#define JSTR(k, v) do { jkey(fp, 6, k); br_json_string(fp, br_nz(v)); \
			fputs(",\n", fp); } while (0)
		JSTR("identifier", t->identifier);
		JSTR("title", t->title);
		JSTR("app_version", t->app_version);
		JSTR("arguments", t->arguments);
		JSTR("description", t->description);
		JSTR("scale", t->scale && *t->scale ? t->scale : t->unit.text);
		JSTR("proportion", t->proportion && *t->proportion
		     ? t->proportion : br_dir_name(t->dir));
		JSTR("display_format", br_test_display_format(t));
		if (t->annotation && *t->annotation)
			JSTR("annotation", t->annotation);
		if (t->parent && *t->parent)
			JSTR("parent", t->parent);
#undef JSTR
		jkey(fp, 6, "results");
		fputs("{", fp);
		for (j = 0; j < t->n_entries; j++) {
			const struct br_entry *e = &t->entries[j];

			fputs(j ? ",\n" : "\n", fp);
			jkey(fp, 8, rs->systems[e->system]->identifier);
			jentry(fp, &a->tests[i], e);
		}
		fputs(t->n_entries ? "\n      }\n    }" : "}\n    }", fp);
	}
	fputs(rs->n_tests ? "\n  }\n}\n" : "}\n}\n", fp);
	if (ferror(fp))
		return br_error_set(err, BR_EIO, NULL, 0, "write error");
	return BR_OK;
}

int br_write_converted(FILE *fp, const struct br_analysis *a,
		       enum br_convert_fmt f, const char *title,
		       const char *now, struct br_error *err)
{
	switch (f) {
	case BR_CONVERT_XML:
		return br_write_pts_xml(fp, a, title, now, err);
	case BR_CONVERT_CSV:
		return br_write_tidy_csv(fp, a->sel->rs, err);
	case BR_CONVERT_JSON:
		break;
	}
	return br_write_json(fp, a, title, now, err);
}
