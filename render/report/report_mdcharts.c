/*
 * report_mdcharts.c - a Markdown report's charts (render --chart-dir DIR,
 * issue 22): the SVG files `render -o DIR/` writes, linked by the paths
 * it gives them, never drawn here (doc/templates.md, chart_file and
 * chart_files).
 */
#include <stdio.h>
#include <string.h>

#include "../chart/chart.h"
#include "report.h"

/* chart_file: where render -o DIR/ writes test i's chart, for a
 * Markdown report with --chart-dir DIR ("" otherwise, or when no chart
 * of its own draws the test). */
void br_report_md_chart_file(struct br_tdoc *d, struct br_tnode *it,
			     const struct br_report *r, size_t i,
			     enum br_report_fmt fmt)
{
	const struct br_chart_job *j = r->o.plan && r->o.chart_dir &&
		fmt == BR_REPORT_MD ? br_chart_plan_test(r->o.plan, i) : NULL;
	const char *dir = r->o.chart_dir;
	char name[136];

	if (!j || !r->o.chart) {
		br_tset(d, it, "chart_file", "");
		return;
	}
	/* as cli/cmd_render.c render_dir names it */
	br_chart_file_name(name, 128, r->a, j, r->o.chart,
			   r->a->n_tests >= 100 ? 3 : 2);
	br_tsetf(d, it, "chart_file", "%s%s%s.svg", dir,
		 *dir && dir[strlen(dir) - 1] != '/' ? "/" : "", name);
}

/* chart_files: the charts of the whole selection (the overview of
 * speedups, scaling charts) that render -o DIR/ writes, for a Markdown
 * report with --chart-dir DIR: file, and name (the file's name). */
void br_report_md_chart_files(struct br_tdoc *d, struct br_tnode *root,
			      const struct br_report *r, enum br_report_fmt fmt)
{
	struct br_tnode *list = br_tset_list(d, root, "chart_files");
	const char *dir = r->o.chart_dir;
	size_t k;

	for (k = 0; list && fmt == BR_REPORT_MD && dir && r->o.plan &&
		    r->o.chart && k < r->o.plan->n_jobs; k++) {
		const struct br_chart_job *j = &r->o.plan->jobs[k];
		struct br_tnode *it;
		char name[136];

		if (!j->type->whole)
			continue;
		br_chart_file_name(name, 128, r->a, j, r->o.chart,
				   r->a->n_tests >= 100 ? 3 : 2);
		it = br_tlist_add(d, list);
		br_tset(d, it, "name", name);
		br_tsetf(d, it, "file", "%s%s%s.svg", dir, *dir &&
			 dir[strlen(dir) - 1] != '/' ? "/" : "", name);
	}
}
