/*
 * report_prov.c - where a report's numbers come from, as template values
 * (doc/templates.md, "Provenance"): the OpenBenchmarking.org result and
 * its link, the program that wrote the result file, each system's test
 * date and PTS version, each test's profile with its link and the
 * compiler options PTS recorded per entry.  Links are made only by
 * br_pts_profile_url() and br_ob_result_url() (doc/escaping.md,
 * "Links"); every other value is text the template escapes.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../text/escape.h"
#include "report.h"

/* "x" or "" for NULL. */
static const char *nz(const char *s)
{
	return s ? s : "";
}

/* A text paragraph made plain and wrapped at indent; NULL on ENOMEM. */
static char *para(const struct br_report *r, int indent, const char *fmt,
		  ...) __attribute__((format(printf, 3, 4)));
static char *para(const struct br_report *r, int indent, const char *fmt,
		  ...)
{
	va_list ap;
	char *s, *w;

	va_start(ap, fmt);
	s = br_vstrf(fmt, ap);
	va_end(ap);
	if (!s)
		return NULL;
	w = br_report_text_wrap(r, indent, s);
	free(s);
	return w;
}

/* The text report's SOURCE block: lines of at most 72 columns. */
static char *prov_text(const struct br_report *r, const char *url)
{
	const struct br_resultset *rs = r->a->sel->rs;
	char *buf = NULL, *p;
	size_t len = 0, j;
	FILE *fp = open_memstream(&buf, &len);
	bool nomem = false;

	if (!fp)
		return NULL;
	if (rs->reference_id && *rs->reference_id) {
		p = para(r, 0, "OpenBenchmarking.org result %s",
			 rs->reference_id);
		nomem |= !p;
		fprintf(fp, "%s\n", nz(p));
		free(p);
		if (*url)
			fprintf(fp, "%s\n", url);
	}
	if ((rs->test_client && *rs->test_client) ||
	    (rs->last_modified && *rs->last_modified)) {
		p = para(r, 0, "%s%s%s%s", nz(rs->test_client),
			 rs->test_client && *rs->test_client &&
			 rs->last_modified && *rs->last_modified ? "; " : "",
			 rs->last_modified && *rs->last_modified ?
			 "last modified " : "", nz(rs->last_modified));
		nomem |= !p;
		fprintf(fp, "%s\n", nz(p));
		free(p);
	}
	for (j = 0; j < r->a->sel->n_systems; j++) {
		const struct br_system *s = br_analysis_sys(r->a, j);
		bool ts = s->timestamp && *s->timestamp;
		bool cv = s->client_version && *s->client_version;

		if (!ts && !cv)
			continue;
		p = para(r, 4, "[%zu] %s: %s%s%s%s%s", j + 1, s->identifier,
			 ts ? "tested " : "", nz(s->timestamp),
			 ts && cv ? ", " : "", cv ? "PTS " : "",
			 nz(s->client_version));
		nomem |= !p;
		/* br_report_text_wrap indents every line: the first flush */
		fprintf(fp, "%s\n", p ? p + 4 : "");
		free(p);
	}
	if (fclose(fp) != 0 || nomem) {
		free(buf);
		return NULL;
	}
	if (len && buf[len - 1] == '\n')
		buf[len - 1] = '\0';
	return buf;
}

void br_report_prov_root(struct br_tdoc *d, struct br_tnode *root,
			 const struct br_report *r, enum br_report_fmt fmt)
{
	const struct br_resultset *rs = r->a->sel->rs;
	char url[160];
	bool any = false, tested = false;
	size_t j;

	br_ob_result_url(rs->reference_id, url, sizeof url);
	br_tset(d, root, "source_url", url);
	br_tset(d, root, "test_client", nz(rs->test_client));
	br_tset(d, root, "last_modified", nz(rs->last_modified));
	any = (rs->reference_id && *rs->reference_id) ||
	      (rs->test_client && *rs->test_client);
	for (j = 0; j < r->a->sel->n_systems; j++) {
		const struct br_system *s = br_analysis_sys(r->a, j);

		tested |= s->timestamp && *s->timestamp;
		any |= (s->timestamp && *s->timestamp) ||
		       (s->client_version && *s->client_version);
	}
	br_tset_bool(d, root, "has_provenance", any);
	br_tset_bool(d, root, "has_tested", tested);
	if (fmt == BR_REPORT_TEXT && br_tdoc_wants(d, "provenance_text"))
		br_tset_owned(d, root, "provenance_text", any ?
			      prov_text(r, url) : strdup(""));
}

void br_report_prov_system(struct br_tdoc *d, struct br_tnode *it,
			   const struct br_report *r, size_t j)
{
	const struct br_system *s = br_analysis_sys(r->a, j);

	br_tset(d, it, "tested", nz(s->timestamp));
	br_tset(d, it, "pts_version", nz(s->client_version));
}

void br_report_prov_test(struct br_tdoc *d, struct br_tnode *it,
			 const struct br_report *r, size_t i,
			 enum br_report_fmt fmt)
{
	const struct br_atest *at = &r->a->tests[i];
	const struct br_test *t = at->t;
	struct br_tnode *list;
	char url[160];
	size_t j;
	bool any = false, profile = t->identifier && strchr(t->identifier,
							    '/');

	br_pts_profile_url(t->identifier, url, sizeof url);
	br_tset(d, it, "profile", nz(t->identifier));
	br_tset(d, it, "profile_url", url);
	br_tset(d, it, "arguments", nz(t->arguments));
	list = br_tset_list(d, it, "compiler_options");
	for (j = 0; j < r->a->sel->n_systems; j++) {
		const struct br_entry *e = at->cells[j].entry;
		struct br_tnode *c;

		if (!e || !e->compiler || !*e->compiler)
			continue;
		any = true;
		if (!list)
			continue;
		c = br_tlist_add(d, list);
		br_tset(d, c, "system", br_analysis_system(r->a, j));
		br_tset(d, c, "value", e->compiler);
	}
	br_tset_bool(d, it, "has_compiler_options", any);
	/* a profile is "repository/name" (pts/fftw-1.2.0); other inputs'
	 * test keys (t1, a log's name) are not shown as one */
	br_tset_bool(d, it, "has_profile", profile);
	if (fmt != BR_REPORT_TEXT || !br_tdoc_wants(d, "profile_text"))
		return;
	if (!profile)
		br_tset(d, it, "profile_text", "");
	else if (*url && 3 + strlen(url) <= BR_REPORT_WIDTH)
		/* the link on a line of its own: never broken */
		br_tset_owned(d, it, "profile_text", para(r, 3,
			      "Test profile: %s\n%s", t->identifier, url));
	else
		br_tset_owned(d, it, "profile_text", para(r, 3,
			      "Test profile: %s", t->identifier));
}

/*
 * The file's notes as pieces, so that a template links the addresses in
 * them ("Source: https://openbenchmarking.org/result/..."): notes_parts,
 * each a text and a url (empty or an http(s) address, up to a blank, a
 * quote or a bracket, without a full stop or comma after it).  Both are
 * escaped as every value is.
 */
void br_report_notes_parts(struct br_tdoc *d, struct br_tnode *root,
			   const char *s)
{
	struct br_tnode *list = br_tset_list(d, root, "notes_parts");
	const char *p = s;

	while (list && s && *p) {
		const char *u = strstr(p, "http"), *e;
		struct br_tnode *it;

		while (u && strncmp(u, "https://", 8) && strncmp(u, "http://", 7))
			u = strstr(u + 4, "http");
		e = u ? u + strcspn(u, " \t\n\"'<>()[]{}") : p + strlen(p);
		while (u && e > u && strchr(".,;:!?", e[-1]))
			e--;
		it = br_tlist_add(d, list);
		br_tsetf(d, it, "text", "%.*s", (int)((u ? u : e) - p), p);
		br_tsetf(d, it, "url", "%.*s", u ? (int)(e - u) : 0, u ? u : "");
		p = e;
	}
}
