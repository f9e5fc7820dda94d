/*
 * chart_groups.c - the geometric means per group of tests (--group-by;
 * doc/statistics.md, "Geometric mean per group") as one chart: the
 * result overview's look (br_chart_overview), one row per group, every
 * candidate's geometric mean against the baseline on a log axis with its
 * measurement interval, pale where the interval includes 1.  Every
 * number is the analysis' (a->groups).  A whole-selection row of the
 * chart table.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "chart.h"
#include "colours.h"
#include "../../analysis/derived.h"
#include "../../analysis/sentence.h"

static bool groups_fit(const struct br_analysis *a, size_t i, char *why,
		       size_t why_size)
{
	(void)i;
	if (a->n_groups >= 2 && a->sel->n_systems >= 2)
		return true;
	if (why)
		snprintf(why, why_size, "geometric means by group: needs two "
			 "groups of tests (--group-by) and two systems");
	return false;
}

/* What the overview layout needs, from the groups. */
struct gr_data {
	const char **names;
	struct br_style *styles;
	char **labels;
	struct br_speedup *cells;
	const char **why;
	size_t nc, ng;
};

static void gr_free(struct gr_data *d)
{
	size_t g;

	for (g = 0; d->labels && g < d->ng; g++)
		free(d->labels[g]);
	free(d->labels);
	free(d->names);
	free(d->styles);
	free(d->cells);
	free(d->why);
}

static bool gr_gather(const struct br_analysis *a,
		      const struct br_chart_opts *o, struct gr_data *d)
{
	size_t ns = a->sel->n_systems, g, j, k;
	struct br_style *all = br_system_styles(a, o);

	memset(d, 0, sizeof *d);
	d->nc = ns - 1;
	d->ng = a->n_groups;
	d->names = calloc(ns, sizeof *d->names);
	d->styles = calloc(ns, sizeof *d->styles);
	d->labels = calloc(d->ng + 1, sizeof *d->labels);
	d->cells = calloc(d->ng * ns + 1, sizeof *d->cells);
	d->why = calloc(d->ng * ns + 1, sizeof *d->why);
	if (!all || !d->names || !d->styles || !d->labels || !d->cells ||
	    !d->why) {
		free(all);
		return false;
	}
	for (j = 0, k = 0; j < ns; j++)
		if (j != a->base) {
			d->names[k] = br_analysis_system(a, j);
			d->styles[k++] = all[j];
		}
	free(all);
	for (g = 0; g < d->ng; g++) {
		const struct br_group *gr = &a->groups[g];

		d->labels[g] = br_group_head(a, gr);
		if (!d->labels[g])
			return false;
		for (j = 0, k = 0; j < ns; j++) {
			if (j == a->base)
				continue;
			br_speedup_of_geo(&gr->geo[j], &d->cells[g * d->nc + k]);
			d->why[g * d->nc + k] = gr->geo[j].ok ? NULL :
						"not run";
			k++;
		}
	}
	return true;
}

static int groups_layout(const struct br_analysis *a, size_t i,
			 const struct br_chart_opts *o, struct br_scene **out,
			 struct br_error *err)
{
	struct br_overview_input oi;
	struct gr_data d;
	char *title;
	int rc;

	(void)i;
	*out = NULL;
	title = br_groups_head(a);
	if (!title || !gr_gather(a, o, &d)) {
		free(title);
		gr_free(&d);
		return br_error_set(err, BR_EIO, NULL, 0, "out of memory");
	}
	title[strcspn(title, ",")] = '\0';   /* "Geometric means by ..." */
	memset(&oi, 0, sizeof oi);
	oi.title = title;
	oi.subtitle = o->title ? o->title : a->sel->rs->title;
	oi.baseline = br_analysis_system(a, a->base);
	oi.measure = a->sel->rs->derived;
	oi.systems = d.names;
	oi.styles = d.styles;
	oi.n_systems = d.nc;
	oi.tests = (const char *const *)d.labels;
	oi.n_tests = d.ng;
	oi.cells = d.cells;
	oi.why = d.why;
	oi.confidence = a->o.confidence;
	rc = br_chart_overview(&oi, o, out, err);
	gr_free(&d);
	free(title);
	return rc;
}

/* Only on request: the HTML and text reports list the group means, and
 * the test charts stay what auto draws. */
static bool groups_auto(const struct br_analysis *a, size_t i)
{
	(void)a;
	(void)i;
	return false;
}

const struct br_chart_type br_chart_groups_type = {
	.name = "groups",               /* --chart groups */
	.help = "the geometric means per group of tests (--group-by), "
		"one row per group",   /* --help */
	.whole = true,                  /* one chart of the selection */
	.front = false,                 /* among the other charts */
	.misfit = BR_EUSAGE,            /* --group-by would make groups */
	.display = BR_DISPLAY_BAR,      /* reads scalar results */
	.fits = groups_fit,             /* two groups, two systems */
	.auto_pick = groups_auto,       /* never by auto */
	.covers = NULL,                 /* drawn beside the tests' charts */
	.layout = groups_layout,        /* one scene */
	.pages = NULL,                  /* not paged */
	.parts = NULL,                  /* one chart */
};
