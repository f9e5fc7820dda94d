/*
 * fuzz_chart.h - the "chart" fuzz target (issue: a value that hangs the
 * axis): the input's bytes as the numbers of charts, laid out by every
 * chart type and painted as SVG.  Only a crash, a sanitizer report or a
 * hang counts.
 *
 * Layout of the input: byte 0 systems (1 + b % 12), byte 1 runs per
 * system (1 + b % 6), byte 2 direction (b % 3: more, fewer, unknown),
 * byte 3 points of the series test (1 + b % 8), then 8-byte doubles
 * (host order) taken in turn for the runs of a bar test, the runs of a
 * second bar test and the points of a series test, cycling when they run
 * out.  Not-finite doubles are written as 0 (readers refuse them).
 * Inputs are built as benchreport's tidy CSV (doc/tidy-csv.md), so the
 * numbers take the path every real input takes.
 */
#ifndef BR_FUZZ_CHART_H
#define BR_FUZZ_CHART_H

#include <math.h>

#include "analysis/analysis.h"
#include "render/chart/chart.h"
#include "render/paint/render.h"
#include "render/paint/scene.h"

/* The k-th double of the input (cycling), finite. */
static double br_fuzz_value(const uint8_t *data, size_t size, size_t k)
{
	size_t n = (size - 4) / 8;
	double v;

	if (n == 0)
		return (double)k;
	memcpy(&v, data + 4 + (k % n) * 8, sizeof v);
	return isfinite(v) ? v : 0;
}

/* The tidy CSV of the input (free()); NULL when out of memory. */
static char *br_fuzz_chart_csv(const uint8_t *data, size_t size,
			       size_t *len)
{
	static const char *const dir[] = {"HIB", "LIB", ""};
	size_t ns = 1 + data[0] % 12, nr = 1 + data[1] % 6, k = 0;
	size_t np = 1 + data[3] % 8, s, r, t;
	const char *d = dir[data[2] % 3];
	char *out = NULL;
	FILE *fp = open_memstream(&out, len);

	if (!fp)
		return NULL;
	fputs("test,system,value,unit,direction,x\n", fp);
	for (t = 0; t < 2; t++)
		for (s = 0; s < ns; s++)
			for (r = 0; r < nr; r++)
				fprintf(fp, "bar%zu,S%zu,%.17g,MB/s,%s,\n", t,
					s, br_fuzz_value(data, size, k++), d);
	for (s = 0; s < ns; s++)
		for (r = 0; r < np; r++)
			fprintf(fp, "line,S%zu,%.17g,MB/s,%s,%zu\n", s,
				br_fuzz_value(data, size, k++), d, r + 1);
	if (fclose(fp) != 0) {
		free(out);
		return NULL;
	}
	return out;
}

/* Every job of the plan for kind: laid out, painted as SVG, freed. */
static void br_fuzz_chart_kind(const struct br_analysis *a, const char *kind)
{
	struct br_chart_plan plan;
	struct br_chart_opts co;
	struct br_paint_opts po;
	struct br_error err;
	size_t j, i;

	br_chart_opts_defaults(&co);
	br_paint_opts_defaults(&po);
	br_error_clear(&err);
	memset(&plan, 0, sizeof plan);
	if (br_chart_plan(a, kind, &plan, &err) != BR_OK)
		return;
	for (j = 0; j < plan.n_jobs; j++) {
		struct br_scene **sc = NULL;
		size_t n = 0;
		char *svg = NULL;
		size_t svg_len = 0;

		if (br_chart_build(a, &plan.jobs[j], &co, 0, &sc, &n, &err) !=
		    BR_OK)
			continue;
		for (i = 0; i < n; i++) {
			FILE *fp = open_memstream(&svg, &svg_len);

			if (fp) {
				br_render_svg(fp, sc[i], &po, &err);
				fclose(fp);
			}
			free(svg);
			svg = NULL;
			br_scene_free(sc[i]);
		}
		free(sc);
	}
	br_chart_plan_fini(&plan);
}

static int br_fuzz_chart(const uint8_t *data, size_t size)
{
	static const char *const kinds[] = {"auto", "bar", "line", "grouped",
					    "overview"};
	struct br_resultset *rs;
	struct br_ingest_opts o;
	struct br_analysis_opts ao;
	struct br_selection sel;
	struct br_analysis *a = NULL;
	struct br_error err;
	size_t len = 0, k;
	char *csv;

	if (size < 4)
		return 0;
	csv = br_fuzz_chart_csv(data, size, &len);
	rs = br_resultset_new();
	if (!csv || !rs)
		goto out;
	br_ingest_opts_defaults(&o);
	o.input_format = "tidy-csv";
	br_error_clear(&err);
	if (br_ingest_buffer(rs, "chart.csv", csv, len, &o, &err) != BR_OK ||
	    br_select(rs, NULL, NULL, &sel, &err) != BR_OK)
		goto out;
	br_analysis_opts_defaults(&ao);
	ao.what = BR_AN_RANKS | BR_AN_COMPARE | BR_AN_POINTS;
	if (br_analyse(&sel, &ao, &a, &err) == BR_OK)
		for (k = 0; k < sizeof kinds / sizeof kinds[0]; k++)
			br_fuzz_chart_kind(a, kinds[k]);
	br_analysis_free(a);
	br_selection_fini(&sel);
out:
	free(csv);
	br_resultset_free(rs);
	/* the font map stays for the next input (br_text_shutdown() per
	 * input would make fontconfig load the fonts every time) */
	return 0;
}

#endif
