/*
 * check_props.c - what every chart must hold (issue 21, "How we will
 * know"; tests/unit/scene_props.h), on scenes, not pixels:
 *
 *  - random bar charts (fixed seed: magnitudes from 1e-10 to 1e13,
 *    negative values, failed entries, single runs, long names) at every
 *    width from 300 to 2000 (step 50, and 301): no text off the canvas,
 *    no two texts overlapping, no two names alike, every value label
 *    next to its bar's end, one notation a chart;
 *  - every real result file in tests/data and samples/ in every chart
 *    kind at 300, 600 and 1200 pt and laid out for the PDF report: the
 *    same for its bar charts; no text off the canvas and no two texts
 *    overlapping for the others (overview, grouped, line, scaling), and
 *    one notation in grouped, line and scaling charts (their y axis
 *    and legend: scene_props.h, props_check_kind);
 *  - random grouped charts (2 to 4 tests of one unit) and multi-way
 *    comparisons at every width: one notation a chart.
 */
#include <check.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/analysis.h"
#include "ingest/ingest.h"
#include "model/model.h"
#include "render/chart/chart.h"
#include "render/paint/render.h"
#include "render/paint/scene.h"
#include "analyse_check.h"
#include "render_check.h"
#include "scene_props.h"

Suite *br_suite_props(void);

/* ------------------------------------------------------ random charts */

static uint64_t rng_state;

static double rnd(void)
{
	rng_state = rng_state * 6364136223846793005ull + 1442695040888963407ull;
	return (double)(rng_state >> 11) / 9007199254740992.0;
}

static const char *const pool[] = {
	"FreeBSD iX ZoL", "Ubuntu 18.04 EXT4", "B / CM2711 rev 2 ARMv7",
	"A system with a very long name that cannot possibly fit on the left",
	"Intel Core i9-9900K - ASUS PRIME Z390-A - Intel UHD 630 - Samsung",
	"Debian Stretch ZoL", "x", "ZFS+nochksum",
	"AMD EPYC 7601 32-Core @ 2.20GHz (32 Cores / 64 Threads)",
	"Supercalifragilisticexpialidociousbenchmarkmachine", "UFS",
	"Clear Linux 31000 - GCC 9.2.1 - 5.3.8-850.native", "2 x Xeon",
	"Tuned - Intel Xeon",
};

/* Multi-way names (issue 21, defect 9 in chart_multiway.c): "A: B". */
static const char *const pool_multiway[] = {
	"Kernel 5.4: GCC 9", "Kernel 5.4: GCC 10", "Kernel 5.4: Clang 10",
	"Kernel 5.5: GCC 9", "Kernel 5.5: GCC 10", "Kernel 5.5: Clang 10",
	"Kernel 5.6: GCC 9", "Kernel 5.6: GCC 10", "Kernel 5.6: Clang 10",
	"Kernel 5.7: GCC 9", "Kernel 5.7: GCC 10", "Kernel 5.7: Clang 10",
	"Kernel 5.8: GCC 9", "Kernel 5.8: GCC 10",
};

/* Test k of the random set: 1 to 14 systems named from names (14),
 * desc its options (the tests of one file differ in them), prop its
 * direction (NULL: either, at random). */
static struct br_test *random_test(struct br_resultset *rs, int k,
				   const char *const *names,
				   const char *desc, const char *prop)
{
	static char texts[14][64];
	struct fixture_entry fe[14];
	size_t n = 1 + (size_t)(rnd() * 14), i, order[14];
	double mag = pow(10, -10 + 23 * rnd()), sign = rnd() < 0.15 ? -1 : 1;
	int sig = 3 + (int)(rnd() * 4);
	double dir;
	char title[32];

	for (i = 0; i < 14; i++)
		order[i] = i;
	for (i = 0; i < 14; i++) {  /* shuffled: distinct names */
		size_t j = i + (size_t)(rnd() * (double)(14 - i)), t;

		t = order[i];
		order[i] = order[j];
		order[j] = t;
	}
	for (i = 0; i < n; i++) {
		double v = sign * mag * (0.02 + 0.98 * rnd());
		static const int runs[] = {1, 3, 5, 9};

		/* mixed signs now and then, at any magnitude */
		if (rnd() < 0.1)
			sign = -sign;
		/* as PTS writes them: 2 decimals at most from 10 up */
		if (fabs(v) >= 10)
			snprintf(texts[i], sizeof texts[i], "%.*f",
				 sig > 4 ? 2 : sig - 3, v);
		else
			snprintf(texts[i], sizeof texts[i], "%.*g", sig, v);
		fe[i].system = names[order[i]];
		fe[i].value = rnd() < 0.08 ? NULL : texts[i];
		fe[i].n = runs[(int)(rnd() * 4)];
		fe[i].se = fabs(v) * 0.15 * rnd();
		fe[i].error = "The test quit with a non-zero exit status.";
	}
	snprintf(title, sizeof title, "Random %d", k);
	dir = rnd();   /* drawn either way: one sequence for every use */
	return make_test(rs, title, "1.0", desc, "MB/s", prop ? prop :
			 dir < 0.5 ? "HIB" : "LIB", fe, n);
}

/* A failing scene as $BR_RENDER_OUT/NAME.png and .scene, to look at. */
static void look(const struct br_scene *sc, const char *name)
{
	size_t len;
	char *b = bytes(sc, BR_IMAGE_PNG, &len), *d = dump(sc);

	save(getenv("BR_RENDER_OUT"), name, "png", b, len);
	save(getenv("BR_RENDER_OUT"), name, "scene", d, strlen(d));
	free(b);
	free(d);
}

/* The random tests' seed and count: BR_PROPS_SEED and BR_PROPS_N in
 * the environment, for runs over many seeds (make check: the
 * defaults). */
static uint64_t props_seed(uint64_t dflt)
{
	const char *s = getenv("BR_PROPS_SEED");

	return s && *s ? strtoull(s, NULL, 10) : dflt;
}

static int props_n(int dflt)
{
	const char *s = getenv("BR_PROPS_N");

	return s && *s ? atoi(s) : dflt;
}

static const double widths[] = {
	300, 301, 350, 400, 450, 500, 550, 600, 650, 700, 750, 800, 850, 900,
	950, 1000, 1050, 1100, 1150, 1200, 1250, 1300, 1350, 1400, 1450, 1500,
	1550, 1600, 1650, 1700, 1750, 1800, 1850, 1900, 1950, 2000,
};

START_TEST(test_props_random)
{
	int k, n = props_n(40);

	rng_state = props_seed(21);
	for (k = 0; k < n; k++) {
		struct br_resultset *rs = br_resultset_new();
		struct br_test *t = random_test(rs, k, pool,
						"Mode: A - Threads: 8", NULL);
		struct analysed an;
		size_t w;

		analyse(rs, &an, 0);
		for (w = 0; w < sizeof widths / sizeof *widths; w++) {
			struct br_chart_opts o;
			struct br_scene *sc = NULL;
			struct br_error err;
			char msg[512];
			const char *m;

			br_chart_opts_defaults(&o);
			o.width = widths[w];
			br_error_clear(&err);
			ck_assert_int_eq(br_chart_bar(an.a, test_index(an.a, t),
						      &o, &sc, &err), BR_OK);
			m = props_check(sc, true, msg, sizeof msg);
			if (m && getenv("BR_RENDER_OUT"))
				look(sc, "props-random");
			ck_assert_msg(m == NULL, "random test %d at width %.0f:"
				      " %s", k, widths[w], m);
			br_scene_free(sc);
		}
		done(&an);
		br_resultset_free(rs);
	}
}
END_TEST

/* Random chart k of a grouped kind on an's analysis at every width
 * (type: the whole selection's tests, or a multi-way one per test);
 * counted in *n when it fits. */
static void random_grouped(const struct analysed *an, bool whole, int k,
			   size_t *n)
{
	const struct br_chart_type *type = br_chart_find("grouped", whole);
	size_t ti = whole ? SIZE_MAX : 0, w;

	if (!type->fits(an->a, ti, NULL, 0))
		return;
	for (w = 0; w < sizeof widths / sizeof *widths; w++) {
		struct br_chart_opts o;
		struct br_scene *sc = NULL;
		struct br_error err;
		char msg[512];
		const char *m;

		br_chart_opts_defaults(&o);
		o.width = widths[w];
		br_error_clear(&err);
		if (type->layout(an->a, ti, &o, &sc, &err) != BR_OK) {
			/* every entry failed: nothing to draw */
			ck_assert_int_eq(err.code, BR_EDATA);
			continue;
		}
		m = props_check_kind(sc, "grouped", msg, sizeof msg);
		if (m && getenv("BR_RENDER_OUT"))
			look(sc, whole ? "props-grouped" : "props-multiway");
		ck_assert_msg(m == NULL, "random %s chart %d at width %.0f: "
			      "%s", whole ? "grouped" : "multi-way", k,
			      widths[w], m);
		(*n)++;
		br_scene_free(sc);
	}
}

/* Issue 21, defect 9 in grouped charts: random tests of one unit and
 * direction (2 to 4, each its own magnitude) drawn grouped, and random
 * multi-way comparisons, at every width: one notation for the axis,
 * value labels and SE lines. */
START_TEST(test_props_random_grouped)
{
	size_t n_grouped = 0, n_multiway = 0;
	int k, j, n = props_n(30);

	rng_state = props_seed(2109);
	for (k = 0; k < n; k++) {
		struct br_resultset *rs = br_resultset_new();
		struct analysed an;
		int nt = 2 + (int)(rnd() * 3);
		const char *prop = rnd() < 0.5 ? "HIB" : "LIB";

		for (j = 0; j < nt; j++) {
			char desc[32];

			snprintf(desc, sizeof desc, "Mode: %c", 'A' + j);
			random_test(rs, k * 10 + j, pool, desc, prop);
		}
		analyse(rs, &an, 0);
		random_grouped(&an, true, k, &n_grouped);
		done(&an);
		br_resultset_free(rs);
		rs = br_resultset_new();
		random_test(rs, k, pool_multiway, "Mode: A", NULL);
		analyse(rs, &an, 0);
		random_grouped(&an, false, k, &n_multiway);
		done(&an);
		br_resultset_free(rs);
	}
	ck_assert_msg(n_grouped > 0 && n_multiway > 0, "%zu grouped, %zu "
		      "multi-way charts drawn", n_grouped, n_multiway);
}
END_TEST

/* -------------------------------------------------------- real files */

static const char *const real_files[] = {
	"data/pts-real/ec2-7zip-composite-5.6.0.xml",
	"data/pts-real/ec2-7zip-composite-5.6.0.csv",
	"data/pts-real/ec2-7zip-run0-5.6.0.xml",
	"data/pts-real/ec2-7zip-run1-5.6.0.xml",
	"data/pts-real/ec2-iozone-5.6.0.csv",
	"data/pts-real/ec2-tiobench-active-5.6.0.xml",
	"data/pts-real/manuel-nogvno2-failed-10.8.4.xml",
	"data/pts-real/manuel-zstd-10.8.4.xml",
	"data/pts-real/ucd-cray-8.0.1.xml",
	"data/pts-real/ucd-himeno-8.0.1.xml",
	"data/pts-real/ucd-pjdfstest-8.0.1.xml",
	"data/pts-real/ucd-schbench-8.0.1.xml",
	"../samples/seed-000-dragonfly-hammer.csv",
	"../samples/seed-002-pios-scaling-ILLUSTRATIVE.txt",
	"../samples/seed-003-tpch-ufs-zfs.txt",
	"../samples/seed-004-freebsd-zfs-zol.csv",
};

static const char *const kinds[] = {
	NULL, "bar", "grouped", "line", "scaling", "overview",
};

/* Every chart of plan p at o's width: the bar charts hold every
 * property, the others no text off the canvas and no overlap; counted
 * in *n_charts. */
static void check_plan(const struct br_analysis *a,
		       const struct br_chart_plan *p,
		       const struct br_chart_opts *o, const char *file,
		       size_t *n_charts)
{
	size_t j, k;

	for (j = 0; j < p->n_jobs; j++) {
		struct br_scene **sc = NULL;
		size_t n = 0;
		struct br_error err;
		bool bar = !strcmp(p->jobs[j].type->name, "bar");

		br_error_clear(&err);
		if (br_chart_build(a, &p->jobs[j], o, bar ? 24 : 0, &sc, &n,
				   &err) != BR_OK) {
			if (getenv("BR_PROPS_VERBOSE"))
				fprintf(stderr, "%s: %s: %s\n", file,
					p->jobs[j].type->name, err.msg);
			continue;
		}
		if (getenv("BR_PROPS_VERBOSE"))
			fprintf(stderr, "%s: %s job %zu at %.0f: %zu scenes\n",
				file, p->jobs[j].type->name, j, o->width, n);
		for (k = 0; k < n; k++) {
			char msg[512];
			const char *m = props_check_kind(sc[k],
					p->jobs[j].type->name, msg, sizeof msg);

			if (m && getenv("BR_PROPS_VERBOSE"))
				fprintf(stderr, "%s, %s at %.0f: %s\n", file,
					p->jobs[j].type->name, o->width, m);
			ck_assert_msg(m == NULL, "%s, %s chart %zu at %.0f: %s",
				      file, p->jobs[j].type->name, j, o->width,
				      m);
			(*n_charts)++;
			br_scene_free(sc[k]);
		}
		free(sc);
	}
}

START_TEST(test_props_real)
{
	const char *file = real_files[_i];
	static const double w[] = {300, 600, 1200};
	struct br_resultset *rs = br_resultset_new();
	struct br_selection sel;
	struct br_analysis *a = analyse_file(rs, file, BR_AN_RANKS |
					     BR_AN_COMPARE | BR_AN_POINTS |
					     BR_AN_SCALING | BR_AN_OVERALL,
					     &sel);
	size_t k, i, n_charts = 0;

	for (k = 0; k < sizeof kinds / sizeof *kinds; k++) {
		struct br_chart_plan p;
		struct br_error err;

		br_error_clear(&err);
		if (br_chart_plan(a, kinds[k], &p, &err) != BR_OK)
			continue;
		for (i = 0; i < 3; i++) {
			struct br_chart_opts o;

			br_chart_opts_defaults(&o);
			o.width = w[i];
			check_plan(a, &p, &o, file, &n_charts);
		}
		if (!kinds[k]) {  /* the PDF report's layout */
			struct br_chart_opts o;

			br_chart_opts_defaults(&o);
			ck_assert_int_eq(br_report_opts(a, &p, &o, &err),
					 BR_OK);
			check_plan(a, &p, &o, file, &n_charts);
		}
		br_chart_plan_fini(&p);
	}
	ck_assert_msg(n_charts > 0, "%s: no chart drawn", file);
	br_analysis_free(a);
	br_selection_fini(&sel);
	br_resultset_free(rs);
}
END_TEST

/* ------------------------------------------- one notation, its cases */

static const char *value_in(const struct br_notation *nt, double v,
			    double dur_scale, char *buf, size_t size)
{
	struct br_cell c;

	memset(&c, 0, sizeof c);
	c.kind = BR_CELL_VALUE;
	c.shown = v;
	c.dur_scale = dur_scale;
	return br_notation_value(nt, &c, buf, size);
}

/* Issue 21, defect 9's examples, each now in its chart's notation. */
START_TEST(test_notation_cases)
{
	struct br_notation nt;
	char buf[64];

	/* seed 003: "115" (the source's 1:55) beside "6:19" */
	br_notation_pick(&nt, 379, 0, 1, 0, 2);
	ck_assert_int_eq(nt.kind, BR_NOTE_DUR);
	ck_assert_str_eq(value_in(&nt, 115, 1, buf, sizeof buf), "1:55");
	ck_assert_str_eq(value_in(&nt, 379, 1, buf, sizeof buf), "6:19");
	/* below 2 minutes the chart is in seconds, every value too */
	br_notation_pick(&nt, 115, 0, 1, 0, 2);
	ck_assert_int_eq(nt.kind, BR_NOTE_PLAIN);
	ck_assert_str_eq(value_in(&nt, 115, 1, buf, sizeof buf), "115");
	/* "0.000335" beside an axis of "200µ" */
	br_notation_pick(&nt, 0.000335, 0, 0, 6, 6);
	ck_assert_int_eq(nt.kind, BR_NOTE_SI);
	ck_assert_int_eq(nt.si_exp, -6);
	ck_assert_str_eq(value_in(&nt, 0.000335, 0, buf, sizeof buf),
			 "335\u00b5");
	/* an SE of "1.67e-07" beside "0.000008" */
	br_notation_pick(&nt, 0.000008, 0, 0, 6, 6);
	ck_assert_str_eq(value_in(&nt, 0.000008, 0, buf, sizeof buf),
			 "8.00\u00b5");
	ck_assert_str_eq(br_notation_se(&nt, 1.67e-7, 0.000008, buf,
					sizeof buf), "0.167\u00b5");
	/* an axis "1n" beside "1.01e-09" */
	br_notation_pick(&nt, 1.01e-9, 0, 0, 2, 2);
	ck_assert_str_eq(value_in(&nt, 1.01e-9, 0, buf, sizeof buf),
			 "1.01n");
	/* plain: grouped digits, never an exponent */
	br_notation_pick(&nt, 30422.5, 0, 0, 1, 2);
	ck_assert_int_eq(nt.kind, BR_NOTE_PLAIN);
	ck_assert_str_eq(value_in(&nt, 30422.5, 0, buf, sizeof buf),
			 "30,422.5");
	ck_assert_str_eq(br_notation_se(&nt, 1.5e-7, 0.5, buf, sizeof buf),
			 "0.000000150");
	/* beyond the prefixes */
	br_notation_pick(&nt, 1e308, 0, 0, 2, 2);
	ck_assert_int_eq(nt.kind, BR_NOTE_SCI);
	ck_assert_str_eq(value_in(&nt, 11, 0, buf, sizeof buf), "1.10e+01");
	/* a value no one scale shows beside the largest: 1e-300 beside 1
	 * (tests/data/numeric/huge-ratio.csv) printed 30 zeros */
	br_notation_pick(&nt, 1, 1e-300, 0, 2, 2);
	ck_assert_int_eq(nt.kind, BR_NOTE_SCI);
	ck_assert_str_eq(value_in(&nt, 1e-300, 0, buf, sizeof buf),
			 "1.00e-300");
	br_notation_pick(&nt, 1, 1e-9, 0, 2, 2);
	ck_assert_int_eq(nt.kind, BR_NOTE_PLAIN);
}
END_TEST

Suite *br_suite_props(void)
{
	Suite *s = suite_create("props");
	TCase *tc = tcase_create("props");

	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, test_notation_cases);
	tcase_add_test(tc, test_props_random);
	tcase_add_test(tc, test_props_random_grouped);
	tcase_add_loop_test(tc, test_props_real, 0,
			    sizeof real_files / sizeof *real_files);
	suite_add_tcase(s, tc);
	return s;
}
