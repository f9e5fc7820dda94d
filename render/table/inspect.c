/*
 * inspect.c - `benchreport inspect`: what was read.  For each input its
 * format; the result set's metadata; systems; tests with unit, direction
 * and N per system; every warning.  Every text from an input is shown
 * as br_visible() shows it (escape.h).
 */
#include <stdio.h>
#include <string.h>

#include "../text/escape.h"
#include "inspect.h"
#include "../../analysis/numfmt.h"

/* pre, s as br_visible() shows it (no ESC or bidi override from an
 * input reaches the terminal; a line break shows as \n), post. */
static void put(FILE *fp, const char *pre, const char *s, const char *post)
{
	fputs(pre, fp);
	br_visible(fp, s, 0);
	fputs(post, fp);
}

static const char *display_name(enum br_display d)
{
	switch (d) {
	case BR_DISPLAY_BAR: return "bar";
	case BR_DISPLAY_LINE: return "line";
	case BR_DISPLAY_PASS_FAIL: return "pass/fail";
	case BR_DISPLAY_MULTI_PASS_FAIL: return "multi pass/fail";
	case BR_DISPLAY_OTHER: return "other";
	}
	return "?";
}

static void kv_line(FILE *fp, const char *label, const struct br_kv *kv,
		    size_t n)
{
	size_t i;

	if (!n)
		return;
	fprintf(fp, "      %s:\n", label);
	for (i = 0; i < n; i++) {
		put(fp, "        ", kv[i].key, ": ");
		put(fp, "", kv[i].value, "\n");
	}
}

/* One entry's N as a short token: "3", "9s" (published summary), "1v"
 * (published value only), "5pt" (series points), "failed", "PASS". */
static void entry_n(FILE *fp, const struct br_entry *e, unsigned *legend)
{
	size_t i, n = 0;

	if (e->error) {
		fputs("failed", fp);
		return;
	}
	if (e->pass_fail) {
		br_visible(fp, e->pass_fail, 0);
		return;
	}
	if (e->n_points) {
		for (i = 0; i < e->n_points; i++)
			if (br_sample_n(&e->points[i]) > n)
				n = br_sample_n(&e->points[i]);
		fprintf(fp, "%zux%zu", e->n_points, n);
		*legend |= 4;
		return;
	}
	if (e->sample.is_summary) {
		fprintf(fp, "%zus", e->sample.n);
		*legend |= 1;
	} else if (e->sample.n_runs) {
		fprintf(fp, "%zu", e->sample.n_runs);
	} else if (e->sample.has_value) {
		fputs("1v", fp);
		*legend |= 2;
	} else {
		fputs("none", fp);
	}
}

/* The location of a warning: "file:line: ", "file: " or nothing. */
static void put_loc(FILE *fp, const struct br_loc *loc)
{
	if (loc->file && loc->line) {
		put(fp, "", loc->file, ":");
		fprintf(fp, "%lu: ", loc->line);
	} else if (loc->file) {
		put(fp, "", loc->file, ": ");
	}
}

/*
 * The entries whose published value is not the mean of their runs
 * (br_entry_published_off), counted, and written as warnings when fp:
 * charts draw and label the published value, statistics use the runs
 * (doc/statistics.md, "Published and computed values").
 */
static size_t published_off(FILE *fp, const struct br_selection *sel)
{
	const struct br_resultset *rs = sel->rs;
	size_t i, j, n = 0;

	for (i = 0; i < sel->n_tests; i++) {
		const struct br_test *t = rs->tests[sel->tests[i]];

		for (j = 0; j < sel->n_systems; j++) {
			size_t k = br_test_find_entry(t, sel->systems[j]), runs;
			const struct br_entry *e;
			double pub, mean;
			char buf[64];

			if (k == (size_t)-1)
				continue;
			e = &t->entries[k];
			if (!br_entry_published_off(e, &pub, &mean, &runs))
				continue;
			n++;
			if (!fp)
				continue;
			fputs("  ", fp);
			put_loc(fp, &e->loc);
			put(fp, "", br_test_title(t), t->description &&
			    *t->description ? " - " : "");
			put(fp, "", br_nz(t->description), ", ");
			put(fp, "", rs->systems[sel->systems[j]]->identifier,
			    ": published value ");
			put(fp, "", e->sample.value_text ? e->sample.value_text
			    : br_fmt_fixed(buf, sizeof buf, pub, 2), "");
			fprintf(fp, " is not the mean of its %zu runs (%s); "
				"charts draw and label the published value, "
				"statistics use the runs\n", runs,
				br_fmt_fixed(buf, sizeof buf, mean,
					     br_text_decimals(
						     e->sample.value_text)));
		}
	}
	return n;
}

/*
 * Where s's name came from: how its input named it; for a system
 * renamed (kept apart from one of the same name in another input, or
 * by --name or --rename), how, and what it was read as, and where.
 */
static void names(FILE *fp, const struct br_resultset *rs,
		  const struct br_system *s)
{
	if (!s->renamed_by) {
		if (s->named_by)
			put(fp, "      named ", s->named_by, "\n");
		return;
	}
	put(fp, "      named ", s->renamed_by, "\n");
	put(fp, "      read as \"", s->original, "\"");
	if (s->source < rs->n_sources)
		put(fp, " in ", rs->sources[s->source].path, "");
	if (s->named_by)
		put(fp, ", named ", s->named_by, "");
	fputc('\n', fp);
}

void br_write_inspect(FILE *fp, const struct br_selection *sel, bool verbose)
{
	const struct br_resultset *rs = sel->rs;
	unsigned legend = 0;
	size_t i, j;

	for (i = 0; i < rs->n_sources; i++) {
		put(fp, "input: ", rs->sources[i].path, " (");
		fprintf(fp, "%s)\n", rs->sources[i].format);
		if (rs->sources[i].why)  /* which reader took it, and why */
			fprintf(fp, "  read as %s: %s\n",
				rs->sources[i].format, rs->sources[i].why);
	}
	if (rs->title)
		put(fp, "title: ", rs->title, "\n");
	if (rs->description && *rs->description)
		put(fp, "description: ", rs->description, "\n");
	if (rs->test_client && *rs->test_client)
		put(fp, "test client: ", rs->test_client, "\n");
	if (rs->last_modified && *rs->last_modified)
		put(fp, "last modified: ", rs->last_modified, "\n");

	fprintf(fp, "\nsystems: %zu\n", sel->n_systems);
	for (i = 0; i < sel->n_systems; i++) {
		const struct br_system *s = rs->systems[sel->systems[i]];

		fprintf(fp, "  [%zu] ", i + 1);
		put(fp, "", s->identifier, s->declared ? "\n" :
		    " (not declared; named by entries)\n");
		names(fp, rs, s);
		if (s->timestamp && *s->timestamp)
			put(fp, "      time: ", s->timestamp, "\n");
		if (verbose) {
			kv_line(fp, "hardware", s->hardware, s->n_hardware);
			kv_line(fp, "software", s->software, s->n_software);
		} else if (s->n_hardware || s->n_software) {
			fprintf(fp, "      %zu hardware and %zu software "
				"items (-v lists them)\n", s->n_hardware,
				s->n_software);
		}
	}

	fprintf(fp, "\ntests: %zu\n", sel->n_tests);
	for (i = 0; i < sel->n_tests; i++) {
		const struct br_test *t = rs->tests[sel->tests[i]];

		fprintf(fp, "  [%zu] ", i + 1);
		put(fp, "", br_test_title(t),
		    t->app_version && *t->app_version ? " " : "");
		put(fp, "", br_nz(t->app_version),
		    t->description && *t->description ? " - " : "");
		put(fp, "", br_nz(t->description), "\n");
		if (t->named_by)  /* where its name came from */
			put(fp, "      named ", t->named_by, "\n");
		put(fp, "      ", br_nz(t->identifier),
		    t->identifier && *t->identifier ? ", unit " : "unit ");
		br_visible(fp, *t->unit.text ? t->unit.text : "(none)", 0);
		if (t->unit.dim != BR_DIM_UNKNOWN)
			fprintf(fp, " (%s)", br_dim_name(t->unit.dim));
		fprintf(fp, ", %s%s, %s\n", br_dir_phrase(t->dir),
			t->dir_inferred ? " (inferred from unit)" : "",
			display_name(t->display));
		fputs("      N:", fp);
		for (j = 0; j < sel->n_systems; j++) {
			size_t e = br_test_find_entry(t, sel->systems[j]);

			fputc(' ', fp);
			if (e == (size_t)-1)
				fputc('-', fp);
			else
				entry_n(fp, &t->entries[e], &legend);
		}
		fputc('\n', fp);
	}
	if (legend)
		fprintf(fp, "  (N per system in system order; -: no result%s%s%s)"
			"\n", legend & 1 ? "; Ns: published mean, SE and N" : "",
			legend & 2 ? "; 1v: published value only" : "",
			legend & 4 ? "; PxN: P series points of N runs" : "");
	else if (sel->n_tests)
		fputs("  (N per system in system order; -: no result)\n", fp);

	fprintf(fp, "\nwarnings: %zu\n", rs->n_warnings +
		published_off(NULL, sel));
	for (i = 0; i < rs->n_warnings; i++) {
		const struct br_warning *w = &rs->warnings[i];

		fputs("  ", fp);
		put_loc(fp, &w->loc);
		put(fp, "", w->msg, "\n");
	}
	published_off(fp, sel);
}

