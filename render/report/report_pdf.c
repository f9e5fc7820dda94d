/*
 * report_pdf.c - the PDF report as one call (br_report_pdf): the title
 * page, the overview's pages, then every other chart of the plan, each
 * in parts of as many rows as a page holds at the page's geometry
 * (chart_report.c: the pager, the paper sizes).  cli/ writes the pages.
 */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../chart/chart.h"

/* First guesses of rows per page, made fewer while a part is taller
 * than a page (doc/charts.md, "Charts on paper"). */
#define FRONT_ROWS 40   /* overview rows */
#define CHART_ROWS 24   /* bar chart rows (grouped: groups) */
#define FIT_TRIES 16    /* fewer rows at most this many times */

static void say(const struct br_pdf_opts *ro, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static void say(const struct br_pdf_opts *ro, const char *fmt, ...)
{
	char line[1024];
	va_list ap;

	if (!ro->say)
		return;
	va_start(ap, fmt);
	vsnprintf(line, sizeof line, fmt, ap);
	va_end(ap);
	ro->say(ro->ctx, line);
}

/*
 * The report's title, as every report has it (br_analysis_title): an
 * input's title PTS left unexpanded gives way to the file's name, said.
 * buf holds that name.
 */
static const char *report_title(const struct br_analysis *a,
				const struct br_pdf_opts *ro, char *buf,
				size_t size)
{
	char *warning;
	const char *t = br_analysis_title(a, ro->title, buf, size, &warning);

	if (warning)
		say(ro, "%s", warning);
	free(warning);
	return t;
}

static void free_scenes(struct br_scene **sc, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		br_scene_free(sc[i]);
	free(sc);
}

/*
 * Job j laid out in parts that fit a page room points tall: per rows a
 * part first, fewer (in proportion) while the tallest is taller.  A
 * chart that does not page is one scene, scaled down onto the page
 * when taller.
 */
static int build_fitting(const struct br_analysis *a,
			 const struct br_chart_job *j,
			 const struct br_chart_opts *o, double room, size_t per,
			 struct br_scene ***sc, size_t *n, struct br_error *err)
{
	struct br_chart_opts po = *o;
	size_t tries, m;
	int rc;

	po.room = room;
	for (tries = 0;; tries++) {
		double tallest = 0;

		rc = br_chart_build(a, j, &po, per, sc, n, err);
		if (rc != BR_OK || !j->type->pages)
			return rc;
		for (m = 0; m < *n; m++)
			tallest = fmax(tallest, (*sc)[m]->height);
		if (tallest <= room || per <= 1 || tries == FIT_TRIES)
			return BR_OK;
		free_scenes(*sc, *n);
		*sc = NULL;
		*n = 0;
		per = (size_t)floor((double)per * room / tallest);
		per = per < 1 ? 1 : per;
	}
}

/* Job j onto the pages: the overview's on pages of their own. */
static int place_job(struct br_report_pager *pg, const struct br_analysis *a,
		     const struct br_chart_job *j,
		     const struct br_chart_opts *o,
		     const struct br_pdf_opts *ro, struct br_error *err)
{
	bool front = j->type->front;
	struct br_scene **sc;
	struct br_error e;
	size_t n, m;
	int rc;

	br_error_clear(&e);
	rc = build_fitting(a, j, o, br_pager_room(o), front ? FRONT_ROWS :
			   CHART_ROWS, &sc, &n, &e);
	if (rc == BR_EDATA) {
		say(ro, "render: skipping %s", e.msg);
		return BR_OK;
	}
	if (rc != BR_OK) {
		*err = e;
		return rc;
	}
	for (m = 0; m < n && rc == BR_OK; m++)
		rc = front ? br_pager_front(pg, sc[m], err)
		     : br_pager_chart(pg, sc[m], err);
	free_scenes(sc, n);
	return rc;
}

int br_report_pdf(const struct br_analysis *a, const struct br_chart_plan *p,
		  const struct br_chart_opts *chart,
		  const struct br_pdf_opts *ro, struct br_scene ***pages,
		  size_t *n_pages, struct br_error *err)
{
	struct br_report_pager *pg = NULL;
	struct br_chart_opts co = *chart, wide;
	struct br_report_input ri;
	char name[256];
	size_t k, pass;
	int rc;

	*pages = NULL;
	*n_pages = 0;
	memset(&ri, 0, sizeof ri);
	ri.rs = a->sel->rs;
	ri.systems = a->sel->systems;
	ri.n_systems = a->sel->n_systems;
	ri.title = report_title(a, ro, name, sizeof name);
	ri.description = a->sel->rs->description;
	ri.n_tests = a->n_tests;
	ri.note = p->note;
	/* a title given way to the file's name heads the charts too */
	if (!co.title && ri.title == name)
		co.title = name;
	/* charts at the page's width, the bar charts' axes lined up */
	rc = br_report_opts(a, p, &co, err);
	wide = co;
	wide.left = 0;
	if (rc == BR_OK)
		rc = br_pager_new(&ri, &co, &pg, err);
	for (pass = 0; pass < 2 && rc == BR_OK; pass++)
		for (k = 0; k < p->n_jobs && rc == BR_OK; k++) {
			const struct br_chart_job *j = &p->jobs[k];

			if (j->type->front != (pass == 0))
				continue;
			rc = place_job(pg, a, j, br_report_aligned(j->type) ? &co :
				       &wide,
				       ro, err);
		}
	if (rc != BR_OK) {
		br_pager_free(pg);
		return rc;
	}
	return br_pager_finish(pg, pages, n_pages, err);
}
