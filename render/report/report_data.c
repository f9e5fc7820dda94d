/*
 * report_data.c - a report: the analysis and the report's own options.
 * Every number comes from the analysis; the writers (report_values.c,
 * report_text.c) only format them.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report.h"
#include "../../analysis/numfmt.h"

const char *br_report_template_name(enum br_report_fmt fmt)
{
	switch (fmt) {
	case BR_REPORT_HTML: return "report.html";
	case BR_REPORT_TEXT: return "report.txt";
	case BR_REPORT_MD: return "report.md";
	}
	return "report.html";
}

const char *br_summary_template_name(enum br_report_fmt fmt)
{
	switch (fmt) {
	case BR_REPORT_HTML: return "summary.html";
	case BR_REPORT_TEXT: return "summary.txt";
	case BR_REPORT_MD: return "summary.md";
	}
	return "summary.html";
}

void br_report_opts_defaults(struct br_report_opts *o)
{
	memset(o, 0, sizeof *o);
	o->generator = "benchreport";
}

char *br_report_test_name(const struct br_test *t)
{
	return br_strf("%s%s%s", br_test_title(t),
		       t->app_version && *t->app_version ? " " : "",
		       br_nz(t->app_version));
}

bool br_report_series_has(const struct br_report *r, size_t i, size_t j)
{
	const struct br_cell *c = &r->a->tests[i].cells[j];

	return c->kind == BR_CELL_SERIES && c->points && c->n_points;
}

size_t br_report_series_points(const struct br_report *r, size_t i)
{
	size_t j, np = 0;

	for (j = 0; j < r->a->sel->n_systems; j++)
		if (br_report_series_has(r, i, j) &&
		    r->a->tests[i].cells[j].n_points > np)
			np = r->a->tests[i].cells[j].n_points;
	return np;
}

const char *br_report_series_x_label(const struct br_test *t)
{
	return t->x_label && *t->x_label ? t->x_label : "Point";
}

void br_report_point(const struct br_report *r, size_t i, size_t j,
		     size_t k, struct br_point_text *p)
{
	const struct br_atest *rt = &r->a->tests[i];
	const struct br_test *t = rt->t;
	const struct br_cell *c = &rt->cells[j];
	const struct br_summary *s;

	if (t->x && k < t->n_x)
		snprintf(p->x, sizeof p->x, "%.15g", t->x[k]);
	else
		snprintf(p->x, sizeof p->x, "%zu", k + 1);
	strcpy(p->mean, "-");
	p->se[0] = p->n[0] = '\0';
	if (!br_report_series_has(r, i, j) || k >= c->n_points ||
	    !c->points[k].n)
		return;
	s = &c->points[k];
	br_fmt_value(p->mean, sizeof p->mean, s->mean, rt->decimals);
	if (isnan(s->se))
		strcpy(p->se, "-");
	else
		br_fmt_fixed(p->se, sizeof p->se, s->se, rt->se_decimals);
	snprintf(p->n, sizeof p->n, "%zu", s->n);
}

bool br_report_has_cmp(const struct br_report *r, size_t i, size_t j)
{
	const struct br_cell *c = &r->a->tests[i].cells[j];

	return j != r->a->base && c->kind == BR_CELL_VALUE && c->cmp;
}

void br_report_free(struct br_report *r)
{
	if (r)
		free(r->styles);
	free(r);
}

int br_report_build(const struct br_analysis *a,
		    const struct br_report_opts *o, struct br_report **out,
		    struct br_error *err)
{
	struct br_report *r = calloc(1, sizeof *r);
	char *warning;

	*out = NULL;
	if (!r)
		return br_error_set(err, BR_EIO, NULL, 0, "out of memory");
	r->a = a;
	r->o = *o;
	/* the swatches' colours are the charts' (o->chart NULL: the
	 * defaults, as the charts of another run would have them) */
	r->styles = br_system_styles(a, o->chart);
	if (!r->styles) {
		free(r);
		return br_error_set(err, BR_EIO, NULL, 0, "out of memory");
	}
	r->title = br_analysis_title(a, o->title, r->title_buf,
				     sizeof r->title_buf, &warning);
	if (warning && o->say)
		o->say(o->ctx, warning);
	free(warning);
	*out = r;
	return BR_OK;
}
