/*
 * render_check.h - what the chart tests (check_render.c,
 * check_overview.c) share: test resultsets, analysing them, scene dumps
 * and golden scenes (tests/data/render/NAME.scene; BR_RENDER_ACCEPT=1
 * rewrites them, only after looking at the PNGs that BR_RENDER_OUT=DIR
 * writes).
 */
#ifndef BR_RENDER_CHECK_H
#define BR_RENDER_CHECK_H

#include <cairo.h>
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/analysis.h"
#include "ingest/ingest.h"
#include "model/model.h"
#include "render/chart/chart.h"
#include "render/paint/render.h"
#include "render/paint/scene.h"
#include "scene_check.h"

/* ---------------------------------------------------- test resultsets */

struct fixture_entry {
	const char *system;
	const char *value;   /* published text, or NULL: failed */
	double se;           /* runs are built to have this sample SE */
	int n;
	const char *error;
};

/* A test with entries whose runs are value +/- k*d (sample SE = se). */
static inline struct br_test *make_test(struct br_resultset *rs,
					const char *title, const char *version,
					const char *desc, const char *scale,
					const char *prop,
					const struct fixture_entry *fe,
					size_t n)
{
	struct br_test tt, *t;
	struct br_error err;
	bool created;
	size_t i;

	br_error_clear(&err);
	memset(&tt, 0, sizeof tt);
	tt.identifier = br_rs_str(rs, "pts/test-1.0.0");
	tt.title = br_rs_str(rs, title);
	tt.app_version = br_rs_str(rs, version);
	tt.arguments = br_rs_str(rs, desc);
	tt.description = br_rs_str(rs, desc);
	tt.scale = br_rs_str(rs, scale);
	tt.dir = br_dir_from_proportion(prop);
	tt.display = BR_DISPLAY_BAR;
	t = br_rs_test(rs, &tt, &created, &err);
	ck_assert_ptr_nonnull(t);
	for (i = 0; i < n; i++) {
		size_t sys = br_rs_system(rs, fe[i].system, true, NULL, &err);
		struct br_entry *e = br_test_add_entry(rs, t, sys, NULL, &err);
		double v, d;
		int k, half = fe[i].n / 2;

		ck_assert_ptr_nonnull(e);
		if (!fe[i].value) {
			e->error = br_rs_str(rs, fe[i].error ? fe[i].error
					     : "");
			continue;
		}
		ck_assert(br_parse_number(fe[i].value, &v, NULL));
		e->sample.has_value = true;
		e->sample.value = v;
		e->sample.value_text = br_rs_str(rs, fe[i].value);
		if (fe[i].n == 1) {
			br_sample_add_run(&e->sample, v, NULL, &err);
			continue;
		}
		/* odd n: symmetric runs v + k d, k = -half..half; sample sd
		 * = d sqrt(sum k^2 / (n-1)) */
		{
			double sk = 0;

			for (k = -half; k <= half; k++)
				sk += (double)k * k;
			d = fe[i].se * sqrt((double)fe[i].n) /
			    sqrt(sk / (fe[i].n - 1));
		}
		for (k = -half; k <= half; k++)
			br_sample_add_run(&e->sample, v + k * d, NULL, &err);
	}
	br_test_finish(rs, t);
	ck_assert_int_eq(err.code, BR_OK);
	return t;
}

/* The analysis of every test and system of rs (free with done()). */
struct analysed {
	struct br_selection sel;
	struct br_analysis *a;
};

static inline void analyse(struct br_resultset *rs, struct analysed *an,
		    unsigned what)
{
	struct br_analysis_opts ao;
	struct br_error err;

	br_error_clear(&err);
	ck_assert_int_eq(br_select(rs, NULL, NULL, &an->sel, &err), BR_OK);
	br_analysis_opts_defaults(&ao);
	ao.what = what;
	ck_assert_int_eq(br_analyse(&an->sel, &ao, &an->a, &err), BR_OK);
}

static inline void done(struct analysed *an)
{
	br_analysis_free(an->a);
	br_selection_fini(&an->sel);
}

/* Index of t among the analysis' tests. */
static inline size_t test_index(const struct br_analysis *a,
				const struct br_test *t)
{
	size_t i;

	for (i = 0; i < a->n_tests; i++)
		if (a->tests[i].t == t)
			return i;
	ck_abort_msg("test not analysed");
	return 0;
}

/* Bar chart of t over every system of rs. */
static inline struct br_scene *chart(struct br_resultset *rs, struct br_test *t,
			      const struct br_chart_opts *o)
{
	struct analysed an;
	struct br_scene *sc = NULL;
	struct br_error err;

	analyse(rs, &an, 0);
	br_error_clear(&err);
	ck_assert_int_eq(br_chart_bar(an.a, test_index(an.a, t), o, &sc, &err),
			 BR_OK);
	ck_assert_ptr_nonnull(sc);
	done(&an);
	return sc;
}

#endif
