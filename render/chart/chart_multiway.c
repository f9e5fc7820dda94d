/*
 * chart_multiway.c - a PTS multi-way comparison drawn as PTS does
 * (doc/pts-format.md section 1.5): when every system is named "A: B"
 * ("Kernel 5.4: GCC 9"), one test's bars are grouped by the part before
 * ": " with a legend of the parts after it.  The "grouped" row of the
 * chart table for one test; the layout is chart_grouped.c's.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "chart.h"

static bool multiway_fit(const struct br_analysis *a, size_t i, char *why,
			 size_t why_size)
{
	if (!a->tests[i].scalar) {
		if (why)
			snprintf(why, why_size, "not a bar result");
		return false;
	}
	if (!a->multiway) {
		if (why)
			snprintf(why, why_size, "the systems are not a "
				 "multi-way comparison (\"A: B\" names)");
		return false;
	}
	if (a->tests[i].n_values == 0) {
		if (why)
			snprintf(why, why_size, "no selected system has a "
				 "result");
		return false;
	}
	return true;
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

static int multiway_layout(const struct br_analysis *a, size_t ti,
			   const struct br_chart_opts *o, struct br_scene **out,
			   struct br_error *err)
{
	const struct br_atest *at = &a->tests[ti];
	size_t n = a->sel->n_systems, ng = 0, ns = 0, i;
	char **groups = calloc(n + 1, sizeof *groups);
	char **series = calloc(n + 1, sizeof *series);
	size_t *at_g = calloc(n + 1, sizeof *at_g);  /* system i's group, */
	size_t *at_s = calloc(n + 1, sizeof *at_s);  /* and series */
	int *decimals = calloc(n + 1, sizeof *decimals);
	const struct br_cell **cells = NULL;
	struct br_grouped_input gi;
	int rc;

	*out = NULL;
	if (!groups || !series || !at_g || !at_s || !decimals)
		goto nomem;
	/* groups and series in order of first appearance */
	for (i = 0; i < n; i++) {
		const char *id = br_analysis_system(a, i), *post;
		size_t len;

		at_g[i] = SIZE_MAX;
		if (!br_multiway_split(id, &len, &post))
			continue;
		at_g[i] = find_str(groups, ng, id, len);
		if (at_g[i] == ng && !(groups[ng++] = strndup(id, len)))
			goto nomem;
		at_s[i] = find_str(series, ns, post, (size_t)-1);
		if (at_s[i] == ns && !(series[ns++] = strdup(post)))
			goto nomem;
	}
	cells = calloc(ng * ns + 1, sizeof *cells);
	if (!cells)
		goto nomem;
	for (i = 0; i < n; i++)
		if (at_g[i] != SIZE_MAX)
			cells[at_g[i] * ns + at_s[i]] = &at->cells[i];
	memset(&gi, 0, sizeof gi);
	gi.head = at->t;
	gi.groups = (const char *const *)groups;
	gi.n_groups = ng;
	gi.series = (const char *const *)series;
	gi.n_series = ns;
	gi.cells = cells;
	for (i = 0; i < ng; i++)
		decimals[i] = at->decimals;   /* one test */
	gi.decimals = decimals;
	gi.confidence = a->o.confidence;
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
	free(at_g);
	free(at_s);
	free(decimals);
	free(cells);
	return rc;
}

const struct br_chart_type br_chart_multiway_type = {
	.name = "grouped",              /* --chart grouped, per test */
	.help = "",                     /* the whole chart's row says it */
	.whole = false,                 /* one chart per test */
	.front = false,                 /* (whole charts only) */
	.misfit = BR_EUSAGE,            /* other systems would fit */
	.display = BR_DISPLAY_BAR,      /* draws scalar results */
	.fits = multiway_fit,           /* "A: B" system names, a result */
	.auto_pick = NULL,              /* auto draws it wherever it fits */
	.covers = NULL,                 /* (whole charts only) */
	.layout = multiway_layout,      /* bars grouped by A, a colour per B */
	.pages = NULL,                  /* never split into pages */
	.parts = NULL,                  /* (whole charts only) */
};
