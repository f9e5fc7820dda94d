/*
 * report_paper.c - layout values for paper and phones (doc/templates.md,
 * "Paper and phones"): whether the overview table fits a printed page
 * with every value on one line, else the HTML prints it stacked.  Only
 * the widths of the texts the report prints are measured here.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "report.h"
#include "../../analysis/numfmt.h"

/* The page: A4's 210 mm (narrower than Letter's 216) less the print
 * stylesheet's 12 mm margins, in points; the overview's test column
 * keeps 26% of it. */
#define PAGE_PT (186.0 / 25.4 * 72.0)
#define NAME_SHARE 0.26
/* 8 pt DejaVu Sans: a digit is 0.636 em, bold 0.696 em; 0.7 em covers
 * both and the separators.  The percentage line is 0.8 of that and a
 * BEST or WORST tag about six characters more; a cell pads 8 pt. */
#define CHAR_PT (8.0 * 0.7)
#define REL_SHARE 0.8
#define TAG_CHARS 6.0
#define PAD_PT 8.0

/* The width a value column needs on paper, in points. */
static double cell_pt(const struct br_cell *c, int decimals)
{
	char buf[64];
	double v, rel;

	if (!c->sum.n)
		return (double)br_utf8_width(c->kind == BR_CELL_FAILED ?
			"failed" : "") * CHAR_PT + PAD_PT;
	v = (double)br_utf8_width(br_cell_shown(c, decimals, buf,
						sizeof buf)) * CHAR_PT;
	/* "100.0%" and a tag under it */
	rel = (7.0 + (c->best || c->worst ? TAG_CHARS : 0)) * CHAR_PT *
	      REL_SHARE;
	return (v > rel ? v : rel) + PAD_PT;
}

/* Whether the overview's value columns, each as wide as its widest
 * value, leave the test column less than its share of an A4 page. */
static bool overview_wide(const struct br_report *r)
{
	double total = 0;
	size_t i, j;

	for (j = 0; j < r->a->sel->n_systems; j++) {
		double w = 0;

		for (i = 0; i < r->a->n_tests; i++) {
			const struct br_atest *rt = &r->a->tests[i];
			double c;

			if (!rt->scalar)
				continue;
			c = cell_pt(&rt->cells[j], rt->decimals);
			if (c > w)
				w = c;
		}
		total += w;
	}
	return total > PAGE_PT * (1 - NAME_SHARE);
}

void br_report_paper_values(struct br_tdoc *d, struct br_tnode *root,
			    const struct br_report *r)
{
	if (br_tdoc_wants(d, "overview_wide"))
		br_tset_bool(d, root, "overview_wide", overview_wide(r));
}

void br_report_paper_span(struct br_tdoc *d, struct br_tnode *cell,
			  const struct br_report *r, size_t j, size_t k)
{
	char *s = NULL;
	size_t len = 0, i;
	FILE *fp;

	if (!br_tdoc_wants(d, "who"))
		return;
	if (j == 0 && k == r->a->sel->n_systems && k > 1) {
		br_tset(d, cell, "who", "All systems");
		return;
	}
	fp = open_memstream(&s, &len);
	if (!fp) {
		br_tset(d, cell, "who", NULL);
		return;
	}
	for (i = j; i < k; i++)
		fprintf(fp, "%s%s", i > j ? ", " : "",
			br_analysis_system(r->a, i));
	fclose(fp);
	br_tset_owned(d, cell, "who", s);
}
