/*
 * render_input.h - the render command's chart inputs that need stats/:
 * grouped charts (a table's tests x systems, PTS multi-way comparisons)
 * and the result overview (speedups against the baseline, geometric
 * means).  Summaries, comparisons and geometric means are computed here
 * with stats/, then laid out with render/chart.h, which computes nothing.
 */
#ifndef BR_RENDER_INPUT_H
#define BR_RENDER_INPUT_H

#include <stdbool.h>
#include <stddef.h>

#include "cli.h"
#include "render/chart.h"

/* --chart: which charts render draws. */
enum br_chart_kind {
	BR_CHART_AUTO,     /* grouped for a table or multi-way input, else
			    * a bar or line chart per test */
	BR_CHART_BAR,      /* a bar chart per scalar test, never grouped */
	BR_CHART_GROUPED,  /* the selected tests in one grouped chart (or a
			    * grouped chart per test when multi-way) */
	BR_CHART_LINE,     /* a line chart per series test */
	BR_CHART_OVERVIEW, /* the result overview alone */
};

/* "auto", "bar", "grouped", "line", "overview"; false if unknown. */
bool br_chart_kind_parse(const char *s, enum br_chart_kind *out);

/* Whether any input was read as a table (struct br_source "table"). */
bool br_input_is_table(const struct br_resultset *rs);

/*
 * Whether the selected systems form a PTS multi-way comparison
 * (PTS-FORMAT.md 1.5): every identifier has exactly one ": " with text
 * on both sides and does not look like a date, and the parts group: some
 * part before ": " is shared, and the parts after it differ.
 */
bool br_is_multiway(const struct br_selection *sel);

/*
 * Whether the selected scalar tests can share one grouped chart: at
 * least one, all with the same unit and direction.  When not, why gets
 * a one-line reason (may be NULL).
 */
bool br_grouped_fits(const struct br_selection *sel, char *why,
		     size_t why_size);

/*
 * The grouped chart of every selected scalar test (groups) x the selected
 * systems (series), titled with the input's title.  BR_EDATA when
 * br_grouped_fits() says no or nothing has a value; BR_EIO on ENOMEM.
 */
int br_grouped_tests_chart(const struct br_cli *cli,
			   const struct br_selection *sel,
			   const struct br_chart_opts *o,
			   struct br_scene **out, struct br_error *err);

/* The multi-way grouped chart of one scalar test. */
int br_multiway_chart(const struct br_cli *cli, const struct br_selection *sel,
		      const struct br_test *t, const struct br_chart_opts *o,
		      struct br_scene **out, struct br_error *err);

/*
 * The result overview against selected system base (index into
 * sel->systems): one scene, or several of at most per_scene tests each
 * when per_scene > 0 (the geometric mean on the last).  *scenes gets a
 * new array of *n scenes (free each, then the array).  BR_EDATA when
 * there is no overview to draw (fewer than 2 systems, or fewer than 3
 * tests with a known direction where the baseline has a value: PTS's
 * threshold).
 */
int br_overview_charts(const struct br_cli *cli,
		       const struct br_selection *sel, size_t base,
		       const struct br_chart_opts *o, size_t per_scene,
		       struct br_scene ***scenes, size_t *n,
		       struct br_error *err);

#endif
