/*
 * render_input.c - chart inputs that need statistics: grouped charts and
 * the result overview.  stats/ computes (br_summarize, br_compare,
 * br_geomean); render/ lays out; this file only gathers and arranges.
 */
#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "render_input.h"
#include "stats/stats.h"

/*
 * fontconfig (under pango) keeps its configuration until FcFini(), which
 * only a program that owns fontconfig may call; tell LeakSanitizer
 * (sanitizer builds, `make sanitize`) that this is not our leak.  The
 * unit tests say the same in check_render.c.
 */
const char *__lsan_default_suppressions(void);
const char *__lsan_default_suppressions(void)
{
	return "leak:libfontconfig.so\n";
}

/* ... and quietly: golden tests compare stderr. */
const char *__lsan_default_options(void);
const char *__lsan_default_options(void)
{
	return "print_suppressions=0";
}

bool br_chart_kind_parse(const char *s, enum br_chart_kind *out)
{
	static const struct {
		const char *name;
		enum br_chart_kind kind;
	} kinds[] = {
		{"auto", BR_CHART_AUTO}, {"bar", BR_CHART_BAR},
		{"grouped", BR_CHART_GROUPED}, {"line", BR_CHART_LINE},
		{"overview", BR_CHART_OVERVIEW},
	};
	size_t i;

	for (i = 0; i < sizeof kinds / sizeof kinds[0]; i++)
		if (!strcasecmp(s, kinds[i].name)) {
			*out = kinds[i].kind;
			return true;
		}
	return false;
}

bool br_input_is_table(const struct br_resultset *rs)
{
	size_t i;

	for (i = 0; i < rs->n_sources; i++)
		if (rs->sources[i].format &&
		    !strcmp(rs->sources[i].format, "table"))
			return true;
	return false;
}

static const char *nz(const char *s)
{
	return s ? s : "";
}

/* Summary of system sys for scalar test t; n = 0 when it has none. */
static void summary_of(const struct br_cli *cli, const struct br_test *t,
		       size_t sys, struct br_summary *out)
{
	size_t e = br_test_find_entry(t, sys);
	const struct br_entry *en;

	memset(out, 0, sizeof *out);
	if (e == (size_t)-1)
		return;
	en = &t->entries[e];
	if (en->error || en->pass_fail || en->n_points)
		return;
	if (br_summarize(&en->sample, cli->confidence, out) != BR_OK ||
	    !isfinite(out->mean))
		out->n = 0;
}

/* ---------------------------------------------------------- multi-way */

/* "2020-01-01 12:00"-like: starts with digits-digits-digits. */
static bool looks_like_date(const char *s)
{
	int parts = 0;

	while (*s) {
		if (!isdigit((unsigned char)*s))
			return false;
		while (isdigit((unsigned char)*s))
			s++;
		parts++;
		if (*s != '-')
			break;
		s++;
	}
	return parts >= 3;
}

/* Split id at its only ": "; false when it has none, several, or an
 * empty side. */
static bool split_id(const char *id, size_t *pre_len, const char **post)
{
	const char *c = strstr(id, ": ");

	if (!c || strstr(c + 2, ": ") || c == id || !c[2] ||
	    looks_like_date(id))
		return false;
	*pre_len = (size_t)(c - id);
	*post = c + 2;
	return true;
}

bool br_is_multiway(const struct br_selection *sel)
{
	size_t i, j, n = sel->n_systems;
	bool shared_pre = false, differ_post = false;

	if (n < 2)
		return false;
	for (i = 0; i < n; i++) {
		const char *a = sel->rs->systems[sel->systems[i]]->identifier;
		const char *pa;
		size_t la;

		if (!split_id(a, &la, &pa))
			return false;
		for (j = 0; j < i; j++) {
			const char *b = sel->rs->systems[sel->systems[j]]
					->identifier, *pb;
			size_t lb;

			split_id(b, &lb, &pb);
			if (la == lb && !strncmp(a, b, la))
				shared_pre = true;
			if (strcmp(pa, pb))
				differ_post = true;
		}
	}
	return shared_pre && differ_post;
}

/* Index of s in list[0..n), comparing the first len bytes (len
 * (size_t)-1: whole strings); n when absent. */
static size_t find_str(char *const *list, size_t n, const char *s, size_t len)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (len == (size_t)-1 ? !strcmp(list[i], s) :
		    strlen(list[i]) == len && !strncmp(list[i], s, len))
			return i;
	return n;
}

int br_multiway_chart(const struct br_cli *cli, const struct br_selection *sel,
		      const struct br_test *t, const struct br_chart_opts *o,
		      struct br_scene **out, struct br_error *err)
{
	size_t n = sel->n_systems, ng = 0, ns = 0, i;
	char **groups = calloc(n + 1, sizeof *groups);
	char **series = calloc(n + 1, sizeof *series);
	const struct br_test **gt = calloc(n + 1, sizeof *gt);
	struct br_summary *cells = calloc(n * n + 1, sizeof *cells);
	struct br_grouped_input gi;
	int rc;

	*out = NULL;
	if (!groups || !series || !gt || !cells) {
		rc = br_error_set(err, BR_EIO, NULL, 0, "out of memory");
		goto done;
	}
	/* groups and series in order of first appearance */
	for (i = 0; i < n; i++) {
		const char *id = sel->rs->systems[sel->systems[i]]->identifier;
		const char *post;
		size_t len;

		if (!split_id(id, &len, &post))
			continue;
		if (find_str(groups, ng, id, len) == ng &&
		    !(groups[ng++] = strndup(id, len)))
			goto nomem;
		if (find_str(series, ns, post, (size_t)-1) == ns &&
		    !(series[ns++] = strdup(post)))
			goto nomem;
	}
	for (i = 0; i < n; i++) {
		const char *id = sel->rs->systems[sel->systems[i]]->identifier;
		const char *post;
		size_t len, g, s;

		if (!split_id(id, &len, &post))
			continue;
		g = find_str(groups, ng, id, len);
		s = find_str(series, ns, post, (size_t)-1);
		summary_of(cli, t, sel->systems[i], &cells[g * ns + s]);
	}
	for (i = 0; i < ng; i++)
		gt[i] = t;
	memset(&gi, 0, sizeof gi);
	gi.head = t;
	gi.groups = (const char *const *)groups;
	gi.group_tests = gt;
	gi.n_groups = ng;
	gi.series = (const char *const *)series;
	gi.n_series = ns;
	gi.cells = cells;
	rc = br_chart_grouped(&gi, o, out, err);
	goto done;
nomem:
	rc = br_error_set(err, BR_EIO, NULL, 0, "out of memory");
done:
	for (i = 0; i < n; i++) {
		if (groups)
			free(groups[i]);
		if (series)
			free(series[i]);
	}
	free(groups);
	free(series);
	free(gt);
	free(cells);
	return rc;
}

/* ------------------------------------------------------ tests x systems */

static const char *dir_text(enum br_dir d)
{
	const char *p = br_dir_phrase(d);

	return p && *p ? p : "direction unknown";
}

bool br_grouped_fits(const struct br_selection *sel, char *why,
		     size_t why_size)
{
	const struct br_test *first = NULL;
	size_t i;

	for (i = 0; i < sel->n_tests; i++) {
		const struct br_test *t = sel->rs->tests[sel->tests[i]];

		if (t->display != BR_DISPLAY_BAR)
			continue;
		if (!first) {
			first = t;
			continue;
		}
		if (strcmp(nz(t->unit.canon), nz(first->unit.canon)) ||
		    t->dir != first->dir) {
			if (why)
				snprintf(why, why_size, "\"%s\" is %s, %s but "
					 "\"%s\" is %s, %s", nz(first->title),
					 nz(first->unit.text),
					 dir_text(first->dir), nz(t->title),
					 nz(t->unit.text), dir_text(t->dir));
			return false;
		}
	}
	if (!first && why)
		snprintf(why, why_size, "no selected test has scalar results");
	return first != NULL;
}

int br_grouped_tests_chart(const struct br_cli *cli,
			   const struct br_selection *sel,
			   const struct br_chart_opts *o,
			   struct br_scene **out, struct br_error *err)
{
	size_t nt = sel->n_tests, ns = sel->n_systems, ng = 0, i, s;
	const char **groups = calloc(nt + 1, sizeof *groups);
	const char **notes = calloc(nt + 1, sizeof *notes);
	const struct br_test **gt = calloc(nt + 1, sizeof *gt);
	const char **series = calloc(ns + 1, sizeof *series);
	struct br_summary *cells = calloc(nt * ns + 1, sizeof *cells);
	struct br_grouped_input gi;
	struct br_test head;
	char why[512];
	int rc;

	*out = NULL;
	if (!groups || !notes || !gt || !series || !cells) {
		rc = br_error_set(err, BR_EIO, NULL, 0, "out of memory");
		goto done;
	}
	if (!br_grouped_fits(sel, why, sizeof why)) {
		rc = br_error_set(err, BR_EDATA, NULL, 0, "grouped chart: %s",
				  why);
		goto done;
	}
	for (i = 0; i < nt; i++) {
		const struct br_test *t = sel->rs->tests[sel->tests[i]];

		if (t->display != BR_DISPLAY_BAR)
			continue;
		groups[ng] = nz(t->title);
		notes[ng] = t->description;
		gt[ng] = t;
		for (s = 0; s < ns; s++)
			summary_of(cli, t, sel->systems[s],
				   &cells[ng * ns + s]);
		ng++;
	}
	for (s = 0; s < ns; s++)
		series[s] = sel->rs->systems[sel->systems[s]]->identifier;
	/* the header: the input's title, the tests' unit and direction */
	head = *gt[0];
	head.title = cli->title ? cli->title : sel->rs->title ?
		     sel->rs->title : "Results";
	head.app_version = NULL;
	head.description = NULL;
	head.annotation = NULL;
	memset(&gi, 0, sizeof gi);
	gi.head = &head;
	gi.groups = groups;
	gi.group_notes = notes;
	gi.group_tests = gt;
	gi.n_groups = ng;
	gi.series = series;
	gi.n_series = ns;
	gi.cells = cells;
	rc = br_chart_grouped(&gi, o, out, err);
done:
	free(groups);
	free(notes);
	free(gt);
	free(series);
	free(cells);
	return rc;
}

/* ------------------------------------------------------------ overview */

struct ov_data {
	size_t nc;                     /* candidates */
	const char **names;            /* candidates' names */
	size_t *colors;
	size_t nt;                     /* rows */
	char **labels;
	struct br_overview_cell *cells;
	struct br_overview_cell *gm;
	size_t *gm_k;
};

static void ov_free(struct ov_data *d)
{
	size_t i;

	for (i = 0; d->labels && i < d->nt; i++)
		free(d->labels[i]);
	free(d->labels);
	free(d->names);
	free(d->colors);
	free(d->cells);
	free(d->gm);
	free(d->gm_k);
}

static void cell_from(struct br_overview_cell *c,
		      const struct br_comparison *cmp)
{
	c->speedup = cmp->speedup;
	c->lo = cmp->speedup_ci_low;
	c->hi = cmp->speedup_ci_high;
	if (cmp->speedup_unbounded || !(isfinite(c->lo) && isfinite(c->hi))) {
		c->lo = NAN;
		c->hi = NAN;
	}
	c->not_proven = isfinite(c->lo) && c->lo <= 1 && c->hi >= 1;
}

/* Speedups of every candidate on every usable test, and geometric
 * means over the tests each candidate shares with the baseline. */
static int ov_compute(const struct br_cli *cli, const struct br_selection *sel,
		      size_t base, struct ov_data *d, struct br_error *err)
{
	size_t ns = sel->n_systems, i, j, k;
	struct br_summary *a = calloc(sel->n_tests + 1, sizeof *a);
	struct br_summary *b = calloc(sel->n_tests * ns + 1, sizeof *b);
	const struct br_summary **ga = calloc(sel->n_tests + 1, sizeof *ga);
	const struct br_summary **gb = calloc(sel->n_tests + 1, sizeof *gb);
	enum br_dir *dirs = calloc(sel->n_tests + 1, sizeof *dirs);
	enum br_dir *gd = calloc(sel->n_tests + 1, sizeof *gd);
	int rc = BR_OK;

	memset(d, 0, sizeof *d);
	d->nc = ns - 1;
	d->names = calloc(ns, sizeof *d->names);
	d->colors = calloc(ns, sizeof *d->colors);
	d->labels = calloc(sel->n_tests + 1, sizeof *d->labels);
	d->cells = calloc(sel->n_tests * ns + 1, sizeof *d->cells);
	d->gm = calloc(ns, sizeof *d->gm);
	d->gm_k = calloc(ns, sizeof *d->gm_k);
	if (!a || !b || !ga || !gb || !dirs || !gd || !d->names ||
	    !d->colors || !d->labels || !d->cells || !d->gm || !d->gm_k)
		goto nomem;
	for (j = 0, k = 0; j < ns; j++)
		if (j != base) {
			d->names[k] = sel->rs->systems[sel->systems[j]]
				      ->identifier;
			d->colors[k++] = j;
		}
	/* rows: scalar tests with a direction where the baseline has a
	 * value */
	for (i = 0; i < sel->n_tests; i++) {
		const struct br_test *t = sel->rs->tests[sel->tests[i]];
		size_t r = d->nt;

		if (t->display != BR_DISPLAY_BAR || t->dir == BR_DIR_UNKNOWN)
			continue;
		summary_of(cli, t, sel->systems[base], &a[r]);
		if (a[r].n == 0)
			continue;
		d->labels[r] = *nz(t->description) ?
			       malloc(strlen(nz(t->title)) +
				      strlen(t->description) + 4) :
			       strdup(nz(t->title));
		if (!d->labels[r])
			goto nomem;
		if (*nz(t->description))
			sprintf(d->labels[r], "%s - %s", nz(t->title),
				t->description);
		dirs[r] = t->dir;
		for (j = 0, k = 0; j < ns; j++) {
			struct br_comparison cmp;
			struct br_overview_cell *c;

			if (j == base)
				continue;
			c = &d->cells[r * d->nc + k];
			summary_of(cli, t, sel->systems[j], &b[r * ns + j]);
			c->speedup = c->lo = c->hi = NAN;
			if (b[r * ns + j].n) {
				br_compare_ex(&a[r], &b[r * ns + j], t->dir,
					      cli->confidence, 0, false, &cmp);
				cell_from(c, &cmp);
			}
			k++;
		}
		d->nt++;
	}
	for (j = 0, k = 0; j < ns; j++) {
		struct br_geomean g;
		struct br_overview_cell *c;
		size_t m = 0;

		if (j == base)
			continue;
		c = &d->gm[k];
		for (i = 0; i < d->nt; i++) {
			if (!br_geomean_usable(&a[i], &b[i * ns + j]))
				continue;
			ga[m] = &a[i];
			gb[m] = &b[i * ns + j];
			gd[m] = dirs[i];
			m++;
		}
		c->speedup = c->lo = c->hi = NAN;
		if (m && br_geomean(ga, gb, gd, m, cli->confidence, &g) ==
		    BR_OK) {
			c->speedup = g.gm;
			c->lo = g.meas_low;
			c->hi = g.meas_high;
			if (!(isfinite(c->lo) && isfinite(c->hi)))
				c->lo = c->hi = NAN;
			c->not_proven = isfinite(c->lo) && c->lo <= 1 &&
					c->hi >= 1;
			d->gm_k[k] = g.k;
		}
		k++;
	}
	goto done;
nomem:
	rc = br_error_set(err, BR_EIO, NULL, 0, "out of memory");
done:
	free(a);
	free(b);
	free(ga);
	free(gb);
	free(dirs);
	free(gd);
	return rc;
}

int br_overview_charts(const struct br_cli *cli,
		       const struct br_selection *sel, size_t base,
		       const struct br_chart_opts *o, size_t per_scene,
		       struct br_scene ***scenes, size_t *n,
		       struct br_error *err)
{
	struct ov_data d;
	struct br_overview_input oi;
	size_t n_chunks, c, i;
	const char *title = cli->title ? cli->title : sel->rs->title;
	int rc;

	*scenes = NULL;
	*n = 0;
	if (sel->n_systems < 2)
		return br_error_set(err, BR_EDATA, NULL, 0, "result overview: "
				    "needs two systems");
	rc = ov_compute(cli, sel, base, &d, err);
	if (rc != BR_OK) {
		ov_free(&d);
		return rc;
	}
	if (d.nt < 3) {   /* PTS draws its overview from 3 results on */
		ov_free(&d);
		return br_error_set(err, BR_EDATA, NULL, 0, "result overview: "
				    "needs three tests with a direction where "
				    "%s has a result", sel->rs->systems[
				    sel->systems[base]]->identifier);
	}
	if (per_scene == 0 || per_scene > d.nt)
		per_scene = d.nt;
	n_chunks = (d.nt + per_scene - 1) / per_scene;
	per_scene = (d.nt + n_chunks - 1) / n_chunks;   /* balanced pages */
	n_chunks = (d.nt + per_scene - 1) / per_scene;
	*scenes = calloc(n_chunks, sizeof **scenes);
	if (!*scenes) {
		ov_free(&d);
		return br_error_set(err, BR_EIO, NULL, 0, "out of memory");
	}
	for (c = 0; c < n_chunks; c++) {
		size_t t0 = c * per_scene;
		size_t cnt = d.nt - t0 < per_scene ? d.nt - t0 : per_scene;
		char head[64];

		if (n_chunks > 1)
			snprintf(head, sizeof head, "Result Overview (%zu of "
				 "%zu)", c + 1, n_chunks);
		else
			snprintf(head, sizeof head, "Result Overview");
		memset(&oi, 0, sizeof oi);
		oi.title = head;
		oi.subtitle = title;
		oi.baseline = sel->rs->systems[sel->systems[base]]->identifier;
		oi.baseline_color = base;
		oi.systems = d.names;
		oi.colors = d.colors;
		oi.n_systems = d.nc;
		oi.tests = (const char *const *)d.labels;
		oi.n_tests = d.nt;
		oi.cells = d.cells;
		oi.show_from = t0;
		oi.show_n = cnt;
		oi.gm = c + 1 == n_chunks ? d.gm : NULL;
		oi.gm_k = d.gm_k;
		oi.confidence = cli->confidence;
		rc = br_chart_overview(&oi, o, &(*scenes)[c], err);
		if (rc != BR_OK)
			break;
	}
	if (rc != BR_OK) {
		for (i = 0; i < c; i++)
			br_scene_free((*scenes)[i]);
		free(*scenes);
		*scenes = NULL;
	} else {
		*n = n_chunks;
	}
	ov_free(&d);
	return rc;
}
