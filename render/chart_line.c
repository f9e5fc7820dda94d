/*
 * chart_line.c - line charts of series results (LINE_GRAPH, scaling
 * tables): not drawn yet.
 */
#include "chart.h"

int br_chart_line(const struct br_chart_input *in,
		  const struct br_summary *const *psum,
		  const struct br_chart_opts *o, struct br_scene **out,
		  struct br_error *err)
{
	(void)psum;
	(void)o;
	*out = NULL;
	return br_error_set(err, BR_EDATA, NULL, 0, "%s: line charts are not "
			    "drawn yet", in->t->title ? in->t->title : "");
}
