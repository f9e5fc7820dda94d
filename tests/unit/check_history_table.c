/*
 * check_history_table.c - a history's table formats and gate lines
 * (render/table/history_*.c) on a history built by hand: the text
 * table at 72 columns with a long name cut (never two alike) and one in
 * Japanese, ASCII and UTF-8, no change said plainly, Markdown with a pipe
 * in a name, CSV rows, JSON parsed back with json-c (NAN as null, names
 * escaped), the gate's lines, an unknown format.  The writers only read
 * the structs; every number and sentence below is the fixture's.
 */
#include <check.h>
#include <json-c/json.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/history.h"
#include "render/report/history_out.h"

Suite *br_suite_history_table(void);

/* ------------------------------------------------------------ fixture */

#define NP 8
#define NS 4

static const char *const labels[NP] = {
	"d1", "d2", "d3", "d4", "d5", "d6", "d7", "d8",
};
static const char *const dates[NP] = {
	"2026-11-01 09:00:00", "2026-11-02 09:00:00", "2026-11-03 09:00:00",
	"2026-11-04 09:00:00", "2026-11-05 09:00:00", "2026-11-06 09:00:00",
	"2026-11-07 09:00:00", "2026-11-08 09:00:00",
};

struct fix {
	struct br_history h;
	struct br_hist_point points[NP];
	struct br_test tests[NS];
	struct br_atest at[NS];
	struct br_cell cells[NS][NP];
	struct br_hist_series series[NS];
	struct br_hist_change ch[3];
	size_t anomaly;
	struct br_hist_gate_item gate;
	double gm[NP], lo[NP], hi[NP];
};

static void fix_test(struct fix *f, size_t i, const char *name,
		     const char *unit, enum br_dir dir, int decimals)
{
	size_t j;

	f->tests[i].identifier = "pts/cachebench-1.1.2";
	f->tests[i].title = name;
	f->tests[i].unit.text = unit;
	f->tests[i].dir = dir;
	f->at[i].t = &f->tests[i];
	f->at[i].cells = f->cells[i];
	f->at[i].decimals = decimals;
	for (j = 0; j < NP; j++) {
		f->cells[i][j].kind = BR_CELL_VALUE;
		f->cells[i][j].shown = 100 + (double)i + 0.25 * (double)j;
	}
	f->series[i].at = &f->at[i];
	f->series[i].name = name;
	f->series[i].n_values = NP;
	f->series[i].log_scale = true;
	f->series[i].pvalue = 1;
}

/* A change of ratio r [lo, hi] at point at, places [alo, ahi]. */
static void fix_change(struct br_hist_change *c, size_t at, size_t alo,
		       size_t ahi, double before, double r, double lo,
		       double hi, double p, double q)
{
	memset(c, 0, sizeof *c);
	c->cp.kind = BR_CP_SHIFT;
	c->cp.at = at;
	c->cp.at_lo = alo;
	c->cp.at_hi = ahi;
	c->cp.mean_before = before;
	c->cp.mean_after = before * r;
	c->cp.sd_before = 0.01 * before;
	c->cp.sd_after = 0.01 * before * r;
	c->cp.ratio = r;
	c->cp.ratio_lo = lo;
	c->cp.ratio_hi = hi;
	c->cp.sd_ratio = 1;
	c->cp.sd_ratio_lo = 0.5;
	c->cp.sd_ratio_hi = 2;
	c->cp.pvalue = p;
	c->cp.n_before = at;
	c->cp.n_after = NP - at;
	c->qvalue = q;
	c->kept = true;
	c->forward_change_percent = 100 * (r - 1);
	c->magnitude = fabs(r - 1);
}

static const char *long_name = "Zstd Compression 1.5.4: Compression Level"
	" 19 - Long Mode - Threads: 64 - Dictionary Size: 128MB";

static struct fix *fixture(void)
{
	struct fix *f = calloc(1, sizeof *f);
	struct br_history *h = &f->h;
	size_t j;

	ck_assert_ptr_nonnull(f);
	for (j = 0; j < NP; j++) {
		f->points[j].label = labels[j];
		f->points[j].date = dates[j];
		f->points[j].system = j;
		f->points[j].source = j;
		f->gm[j] = j < 4 ? 1 + 0.005 * (double)j : 0.8 - 0.01 *
			   (double)(j - 4);
		f->lo[j] = j ? f->gm[j] - 0.02 : NAN;
		f->hi[j] = j ? f->gm[j] + 0.02 : NAN;
	}
	fix_test(f, 0, "CacheBench: Read", "MB/s", BR_DIR_HIB, 2);
	fix_test(f, 1, long_name, "Seconds", BR_DIR_LIB, 3);
	fix_test(f, 2, "\xe3\x82\xad\xe3\x83\xa3\xe3\x83\x83\xe3\x82\xb7\xe3"
		 "\x83\xa5 | \xe8\xaa\xad\xe3\x81\xbf", "MB/s", BR_DIR_HIB, 2);
	fix_test(f, 3, "Quiet \"test\" <x>", "ms", BR_DIR_LIB, 1);

	fix_change(&f->ch[0], 4, 3, 5, 2242.93, 0.5, 0.45, 0.55, 0.001,
		   0.004);
	f->ch[0].regression = true;
	f->ch[0].words = "2.0x slower from d5";
	f->ch[0].where_words = "between d4 and d6";
	f->ch[0].ci_words = "1.8x to 2.2x";
	fix_change(&f->ch[1], 7, 7, 7, 12.5, 1.25, 1.2, 1.3, 0.001, 0.003);
	f->ch[1].regression = true;
	f->ch[1].at_latest = true;
	f->ch[1].words = "1.25x slower from d8";
	f->ch[1].where_words = "at d8";
	f->ch[1].ci_words = "1.20x to 1.30x";
	f->ch[1].cp.noise_changed = true;
	f->ch[1].cp.sd_ratio = 2.5;
	f->ch[1].cp.sd_ratio_lo = 1.5;
	f->ch[1].cp.sd_ratio_hi = 4.1;
	fix_change(&f->ch[2], 3, 2, 4, 100, 1.05, 1.01, 1.09, 0.02, 0.2);
	f->ch[2].kept = false;
	f->ch[2].words = "5.0% better from d4";
	f->ch[2].where_words = "between d3 and d5";
	f->ch[2].ci_words = "1.0% to 9.0%";

	f->series[0].changes = &f->ch[0];
	f->series[0].n_changes = f->series[0].n_kept = 1;
	f->series[0].pvalue = 0.001;
	f->series[1].changes = &f->ch[1];
	f->series[1].n_changes = f->series[1].n_kept = 1;
	f->series[1].pvalue = 0.001;
	f->series[2].changes = &f->ch[2];
	f->series[2].n_changes = 1;
	f->series[2].pvalue = 0.02;
	f->anomaly = 2;
	f->series[2].anomalies = &f->anomaly;
	f->series[2].n_anomalies = 1;

	/* br_hist_opts_defaults' values, set here so that the writers are
	 * tested without the builder */
	br_cp_opts_defaults(&h->o.cp);
	br_otava_opts_defaults(&h->o.otava);
	h->o.fdr_q = 0.05;
	h->order = BR_HIST_ORDER_DATE;
	h->order_words = "ordered by the results' dates";
	h->points = f->points;
	h->n_points = NP;
	h->series = f->series;
	h->n_series = NS;
	h->n_tested = NS;
	h->n_changes = 2;
	h->expected_false = 0.1;
	h->fdr_words = "2 changes in 4 series at q 0.05; at most 0.1 "
		       "expected by chance";
	h->trend.ok = true;
	h->trend.n_tests = 2;
	h->trend.gm = f->gm;
	h->trend.lo = f->lo;
	h->trend.hi = f->hi;
	f->gate.series = 1;
	f->gate.change = 0;
	h->gate = &f->gate;
	h->n_gate = 1;
	return f;
}

/* br_history_write_table's output as a new string. */
static char *written(const struct br_history *h, const char *format,
		     const struct br_hist_out_opts *o)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *fp = open_memstream(&buf, &len);
	struct br_error err;

	ck_assert_ptr_nonnull(fp);
	br_error_clear(&err);
	ck_assert_int_eq(br_history_write_table(fp, h, format, o, &err),
			 BR_OK);
	ck_assert_int_eq(fclose(fp), 0);
	return buf;
}

START_TEST(test_opts_defaults)
{
	struct br_hist_out_opts o;

	memset(&o, 0xff, sizeof o);
	br_hist_out_opts_defaults(&o);
	ck_assert_ptr_null(o.title);
	ck_assert(!o.utf8);
	ck_assert(!o.all);
	ck_assert_str_eq(o.generator, "benchreport");
}
END_TEST

START_TEST(test_unknown_format)
{
	struct fix *f = fixture();
	struct br_error err;

	br_error_clear(&err);
	ck_assert_int_eq(br_history_write_table(stdout, &f->h, "svg", NULL,
						&err), BR_EUSAGE);
	ck_assert_str_eq(err.msg, "history: 'svg' is not a table format "
			 "(text, csv, json or md)");
	free(f);
}
END_TEST

/* The text at 72 columns, ASCII: kept changes only; the long name cut in
 * the table and whole on the line under it; a Japanese name (two
 * columns a character) in the anomalies, UTF-8 as it has no ASCII form;
 * the trend's points unbroken. */
static const char *const text_ascii =
	"History of 8 points, ordered by the results' dates, from d1\n"
	"  (2026-11-01 09:00:00) to d8 (2026-11-08 09:00:00).\n"
	"Method: benchreport's change points: permutation test (999 permutations,\n"
	"  alpha 0.01, seed 1), minimum segment 3 points; false discovery rate\n"
	"  q 0.05 across series.\n"
	"\n"
	"Changes since d1:\n"
	"\n"
	"Test                            Change  95% CI                p      q\n"
	"CacheBench: Read                x0.500  x0.450 to x0.550  0.001  0.004\n"
	"  2.0x slower from d5 (95% CI 1.8x to 2.2x), between d4 and d6:\n"
	"    2242.93 -> 1121.46 MB/s\n"
	"Zstd Compression...Size: 128MB  x1.250  x1.200 to x1.300  0.001  0.003\n"
	"  Zstd Compression 1.5.4: Compression Level 19 - Long Mode - Threads: 64\n"
	"    - Dictionary Size: 128MB: 1.25x slower from d8 (95% CI 1.20x to\n"
	"    1.30x): 12.500 -> 15.625 Seconds; noise changed: SD x2.50 (99% CI\n"
	"    x1.50 to x4.10); regression at the latest point\n"
	"\n"
	"Anomalies (single-point spikes, not changes):\n"
	"  \xe3\x82\xad\xe3\x83\xa3\xe3\x83\x83\xe3\x82\xb7\xe3\x83\xa5 | \xe8\xaa\xad\xe3\x81\xbf at d3: 102.50 MB/s\n"
	"\n"
	"Suite trend, the geometric mean of speedups against d1 over 2 tests\n"
	"  every point shares (above 1 is better), with its 95% CI:\n"
	"  d1 1.000, d2 1.005 (0.985 to 1.025), d3 1.010 (0.990 to 1.030),\n"
	"    d4 1.015 (0.995 to 1.035), d5 0.800 (0.780 to 0.820),\n"
	"    d6 0.790 (0.770 to 0.810), d7 0.780 (0.760 to 0.800),\n"
	"    d8 0.770 (0.750 to 0.790)\n"
	"\n"
	"2 changes in 4 series at q 0.05; at most 0.1 expected by chance\n";

/* UTF-8 with every change (--all): the one not kept, in the Japanese
 * name that takes 17 columns of the 30, its row aligned on them. */
static const char *const text_all =
	"History of 8 points, ordered by the results' dates, from d1\n"
	"  (2026-11-01 09:00:00) to d8 (2026-11-08 09:00:00).\n"
	"Method: benchreport's change points: permutation test (999 permutations,\n"
	"  alpha 0.01, seed 1), minimum segment 3 points; false discovery rate\n"
	"  q 0.05 across series.\n"
	"\n"
	"Changes since d1:\n"
	"\n"
	"Test                            Change  95% CI                p      q\n"
	"CacheBench: Read                x0.500  x0.450 to x0.550  0.001  0.004\n"
	"  2.0x slower from d5 (95% CI 1.8x to 2.2x), between d4 and d6:\n"
	"    2242.93 \xe2\x86\x92 1121.46 MB/s\n"
	"Zstd Compression...Size: 128MB  x1.250  x1.200 to x1.300  0.001  0.003\n"
	"  Zstd Compression 1.5.4: Compression Level 19 - Long Mode - Threads: 64\n"
	"    - Dictionary Size: 128MB: 1.25x slower from d8 (95% CI 1.20x to\n"
	"    1.30x): 12.500 \xe2\x86\x92 15.625 Seconds; noise changed: SD x2.50 (99% CI\n"
	"    x1.50 to x4.10); regression at the latest point\n"
	"\xe3\x82\xad\xe3\x83\xa3\xe3\x83\x83\xe3\x82\xb7\xe3\x83\xa5 | \xe8\xaa\xad\xe3\x81\xbf               x1.050  x1.010 to x1.090   0.02    0.2\n"
	"  5.0% better from d4 (95% CI 1.0% to 9.0%), between d3 and d5:\n"
	"    100.00 \xe2\x86\x92 105.00 MB/s; not kept (alpha 0.01, q 0.05)\n"
	"\n"
	"Anomalies (single-point spikes, not changes):\n"
	"  \xe3\x82\xad\xe3\x83\xa3\xe3\x83\x83\xe3\x82\xb7\xe3\x83\xa5 | \xe8\xaa\xad\xe3\x81\xbf at d3: 102.50 MB/s\n"
	"\n"
	"Suite trend, the geometric mean of speedups against d1 over 2 tests\n"
	"  every point shares (above 1 is better), with its 95% CI:\n"
	"  d1 1.000, d2 1.005 (0.985 to 1.025), d3 1.010 (0.990 to 1.030),\n"
	"    d4 1.015 (0.995 to 1.035), d5 0.800 (0.780 to 0.820),\n"
	"    d6 0.790 (0.770 to 0.810), d7 0.780 (0.760 to 0.800),\n"
	"    d8 0.770 (0.750 to 0.790)\n"
	"\n"
	"2 changes in 4 series at q 0.05; at most 0.1 expected by chance\n";

START_TEST(test_text)
{
	struct fix *f = fixture();
	struct br_hist_out_opts o;
	char *t;

	br_hist_out_opts_defaults(&o);
	t = written(&f->h, "text", &o);
	ck_assert_str_eq(t, text_ascii);
	free(t);
	o.utf8 = o.all = true;
	t = written(&f->h, "TEXT", &o);
	ck_assert_str_eq(t, text_all);
	free(t);
	free(f);
}
END_TEST

static const char *const md_all =
	"## History\n"
	"\n"
	"History of 8 points, ordered by the results' dates, from d1 (2026-11-01 09:00:00) to d8 (2026-11-08 09:00:00).\n"
	"\n"
	"Method: benchreport's change points: permutation test (999 permutations, alpha 0.01, seed 1), minimum segment 3 points; false discovery rate q 0.05 across series.\n"
	"\n"
	"### Changes since d1\n"
	"\n"
	"| Test | Change | Where | Before \xe2\x86\x92 after | Ratio (95% CI) | p | q | Notes |\n"
	"| --- | --- | --- | ---: | --- | ---: | ---: | --- |\n"
	"| CacheBench: Read | 2.0x slower from d5 (95% CI 1.8x to 2.2x) | between d4 and d6 | 2242.93 \xe2\x86\x92 1121.46 MB/s | x0.500 (x0.450 to x0.550) | 0.001 | 0.004 |  |\n"
	"| Zstd Compression 1.5.4: Compression Level 19 - Long Mode - Threads: 64 - Dictionary Size: 128MB | 1.25x slower from d8 (95% CI 1.20x to 1.30x) | at d8 | 12.500 \xe2\x86\x92 15.625 Seconds | x1.250 (x1.200 to x1.300) | 0.001 | 0.003 | noise changed: SD x2.50 (99% CI x1.50 to x4.10); regression at the latest point |\n"
	"| \xe3\x82\xad\xe3\x83\xa3\xe3\x83\x83\xe3\x82\xb7\xe3\x83\xa5 \\| \xe8\xaa\xad\xe3\x81\xbf | 5.0% better from d4 (95% CI 1.0% to 9.0%) | between d3 and d5 | 100.00 \xe2\x86\x92 105.00 MB/s | x1.050 (x1.010 to x1.090) | 0.02 | 0.2 | not kept (alpha 0.01, q 0.05) |\n"
	"\n"
	"### Anomalies\n"
	"\n"
	"Single-point spikes, not changes.\n"
	"\n"
	"| Test | Point | Value | Unit |\n"
	"| --- | --- | ---: | --- |\n"
	"| \xe3\x82\xad\xe3\x83\xa3\xe3\x83\x83\xe3\x82\xb7\xe3\x83\xa5 \\| \xe8\xaa\xad\xe3\x81\xbf | d3 | 102.50 | MB/s |\n"
	"\n"
	"### Suite trend\n"
	"\n"
	"The geometric mean of speedups against d1 over 2 tests every point shares (above 1 is better).\n"
	"\n"
	"| Point | Date | Geometric mean | 95% CI |\n"
	"| --- | --- | ---: | ---: |\n"
	"| d1 | 2026-11-01 09:00:00 | 1.000 | - |\n"
	"| d2 | 2026-11-02 09:00:00 | 1.005 | 0.985 to 1.025 |\n"
	"| d3 | 2026-11-03 09:00:00 | 1.010 | 0.990 to 1.030 |\n"
	"| d4 | 2026-11-04 09:00:00 | 1.015 | 0.995 to 1.035 |\n"
	"| d5 | 2026-11-05 09:00:00 | 0.800 | 0.780 to 0.820 |\n"
	"| d6 | 2026-11-06 09:00:00 | 0.790 | 0.770 to 0.810 |\n"
	"| d7 | 2026-11-07 09:00:00 | 0.780 | 0.760 to 0.800 |\n"
	"| d8 | 2026-11-08 09:00:00 | 0.770 | 0.750 to 0.790 |\n"
	"\n"
	"2 changes in 4 series at q 0.05; at most 0.1 expected by chance\n"
	"\n";

START_TEST(test_markdown)
{
	struct fix *f = fixture();
	struct br_hist_out_opts o;
	char *t;

	br_hist_out_opts_defaults(&o);
	o.all = true;
	t = written(&f->h, "md", &o);
	ck_assert_str_eq(t, md_all);
	free(t);
	free(f);
}
END_TEST

/* Round-trip digits (22.429299999999998 is 0.01 x 2242.93 as a double),
 * no number as an empty field. */
static const char *const csv_kept =
	"kind,test,identifier,unit,direction,index,label,date,where_low_index,where_high_index,where_low_label,where_high_label,mean_before,stddev_before,mean_after,stddev_after,scale,ratio,ratio_ci_low,ratio_ci_high,forward_change_percent,magnitude,pvalue,qvalue,kept,regression,expected,noise_changed,sd_ratio,sd_ratio_ci_low,sd_ratio_ci_high,value,words,where_words,ci_words\n"
	"shift,CacheBench: Read,pts/cachebench-1.1.2,MB/s,HIB,4,d5,2026-11-05 09:00:00,3,5,d4,d6,2242.93,22.429299999999998,1121.465,11.214649999999999,ratio,0.5,0.45,0.55,-50,0.5,0.001,0.004,true,true,false,false,1,0.5,2,,2.0x slower from d5,between d4 and d6,1.8x to 2.2x\n"
	"shift,Zstd Compression 1.5.4: Compression Level 19 - Long Mode - Threads: 64 - Dictionary Size: 128MB,pts/cachebench-1.1.2,Seconds,LIB,7,d8,2026-11-08 09:00:00,7,7,d8,d8,12.5,0.125,15.625,0.15625,ratio,1.25,1.2,1.3,25,0.25,0.001,0.003,true,true,false,true,2.5,1.5,4.1,,1.25x slower from d8,at d8,1.20x to 1.30x\n"
	"anomaly,\xe3\x82\xad\xe3\x83\xa3\xe3\x83\x83\xe3\x82\xb7\xe3\x83\xa5 | \xe8\xaa\xad\xe3\x81\xbf,pts/cachebench-1.1.2,MB/s,HIB,2,d3,2026-11-03 09:00:00,,,,,,,,,,,,,,,,,,,,,,,,102.5,,,\n";

START_TEST(test_csv)
{
	struct fix *f = fixture();
	struct br_hist_out_opts o;
	char *t;

	br_hist_out_opts_defaults(&o);
	t = written(&f->h, "csv", &o);
	ck_assert_str_eq(t, csv_kept);
	free(t);
	free(f);
}
END_TEST

/* json-c's member k of o, which must be there. */
static struct json_object *member(struct json_object *o, const char *k)
{
	struct json_object *v = NULL;

	ck_assert_msg(json_object_object_get_ex(o, k, &v), "no \"%s\"", k);
	return v;
}

static double num_at(struct json_object *a, size_t i)
{
	return json_object_get_double(json_object_array_get_idx(a, i));
}

/* JSON parsed back: Otava's fields and the intervals as numbers that read
 * back exactly, NAN as null, every point, the shown series only (the
 * quiet fourth has no change), the trend, the FDR figures, the gate. */
START_TEST(test_json)
{
	struct fix *f = fixture();
	struct br_hist_out_opts o;
	struct json_object *root, *series, *c, *p0, *tr;
	char *t;

	br_hist_out_opts_defaults(&o);
	t = written(&f->h, "json", &o);
	root = json_tokener_parse(t);
	ck_assert_msg(root != NULL, "not JSON:\n%s", t);
	ck_assert_str_eq(json_object_get_string(member(root, "command")),
			 "history");
	ck_assert(json_object_is_type(member(root, "title"), json_type_null));
	ck_assert_str_eq(json_object_get_string(member(root, "order")), "date");
	ck_assert_int_eq(json_object_array_length(member(root, "points")), NP);
	p0 = json_object_array_get_idx(member(root, "points"), 7);
	ck_assert_str_eq(json_object_get_string(member(p0, "label")), "d8");
	ck_assert_str_eq(json_object_get_string(member(p0, "date")),
			 "2026-11-08 09:00:00");
	series = member(root, "series");
	ck_assert_int_eq(json_object_array_length(series), 3);
	c = json_object_array_get_idx(member(json_object_array_get_idx(series,
					     0), "changes"), 0);
	ck_assert_int_eq(json_object_get_int(member(c, "index")), 4);
	ck_assert_str_eq(json_object_get_string(member(c, "label")), "d5");
	ck_assert_double_eq(json_object_get_double(member(c,
			    "forward_change_percent")), -50);
	ck_assert_double_eq(json_object_get_double(member(c, "magnitude")),
			    0.5);
	ck_assert_double_eq(json_object_get_double(member(c, "mean_before")),
			    2242.93);
	ck_assert_double_eq(json_object_get_double(member(c,
			    "stddev_before")), 0.01 * 2242.93);
	ck_assert_double_eq(json_object_get_double(member(c, "mean_after")),
			    2242.93 * 0.5);
	ck_assert_double_eq(json_object_get_double(member(c,
			    "stddev_after")), 0.01 * 2242.93 * 0.5);
	ck_assert_double_eq(json_object_get_double(member(c, "pvalue")),
			    0.001);
	ck_assert_double_eq(json_object_get_double(member(c, "qvalue")),
			    0.004);
	ck_assert_double_eq(num_at(member(c, "ratio_ci"), 0), 0.45);
	ck_assert_double_eq(num_at(member(c, "ratio_ci"), 1), 0.55);
	ck_assert_str_eq(json_object_get_string(json_object_array_get_idx(
			 member(c, "where"), 0)), "d4");
	ck_assert_int_eq(json_object_get_int(json_object_array_get_idx(
			 member(c, "where_index"), 1)), 5);
	ck_assert(json_object_get_boolean(member(c, "regression")));
	ck_assert(json_object_get_boolean(member(c, "kept")));
	ck_assert_str_eq(json_object_get_string(member(c, "kind")), "shift");
	ck_assert_str_eq(json_object_get_string(member(c, "ci_words")),
			 "1.8x to 2.2x");
	/* the third series: its change not kept is there, marked */
	c = json_object_array_get_idx(series, 2);
	ck_assert(!json_object_get_boolean(member(json_object_array_get_idx(
		  member(c, "changes"), 0), "kept")));
	ck_assert_int_eq(json_object_get_int(member(json_object_array_get_idx(
			 member(c, "anomalies"), 0), "index")), 2);
	tr = json_object_array_get_idx(member(member(root, "trend"), "points"),
				       0);
	ck_assert(json_object_is_type(json_object_array_get_idx(member(tr,
		  "ci"), 0), json_type_null));
	ck_assert_double_eq(json_object_get_double(member(tr, "gm")), 1);
	ck_assert_double_eq(json_object_get_double(member(member(root, "fdr"),
			    "expected_false")), 0.1);
	ck_assert_int_eq(json_object_array_length(member(root, "gate")), 1);
	json_object_put(root);
	free(t);
	free(f);
}
END_TEST

/* One line per regression the gate names, the interval in words' form
 * (else the ratio's); how many. */
START_TEST(test_gate)
{
	struct fix *f = fixture();
	char *buf = NULL;
	size_t len = 0;
	FILE *fp = open_memstream(&buf, &len);

	ck_assert_uint_eq(br_history_write_gate(fp, &f->h), 1);
	f->ch[1].ci_words = NULL;
	f->ch[1].qvalue = 0.0004;
	ck_assert_uint_eq(br_history_write_gate(fp, &f->h), 1);
	f->h.n_gate = 0;
	ck_assert_uint_eq(br_history_write_gate(fp, &f->h), 0);
	fclose(fp);
	ck_assert_str_eq(buf, "benchreport: regression: Zstd Compression "
		"1.5.4: Compression Level 19 - Long Mode - Threads: 64 - "
		"Dictionary Size: 128MB: 1.25x slower from d8 (95% CI 1.20x "
		"to 1.30x, q 0.003)\n"
		"benchreport: regression: Zstd Compression 1.5.4: Compression "
		"Level 19 - Long Mode - Threads: 64 - Dictionary Size: 128MB: "
		"1.25x slower from d8 (ratio x1.250, 95% CI x1.200 to x1.300, "
		"q 0.0004)\n");
	free(buf);
	free(f);
}
END_TEST

/* No change since the "since" point: said plainly in text and Markdown;
 * CSV its header, JSON no series. */
START_TEST(test_no_change)
{
	struct fix *f = fixture();
	struct br_hist_out_opts o;
	char *t;

	br_hist_out_opts_defaults(&o);
	f->h.since = 5;      /* the kept change at d5 is before it */
	f->h.series[1].n_changes = 0;
	f->h.trend.ok = false;
	f->h.fdr_words = NULL;
	t = written(&f->h, "text", &o);
	ck_assert_str_eq(t,
		"History of 8 points, ordered by the results' dates, from d1\n"
		"  (2026-11-01 09:00:00) to d8 (2026-11-08 09:00:00).\n"
		"Method: benchreport's change points: permutation test (999 "
		"permutations,\n"
		"  alpha 0.01, seed 1), minimum segment 3 points; false "
		"discovery rate\n"
		"  q 0.05 across series.\n"
		"\n"
		"No change since d6 in 4 series (4 could be tested).\n");
	free(t);
	t = written(&f->h, "md", &o);
	ck_assert_ptr_nonnull(strstr(t, "### Changes since d6\n\nNo change "
				     "since d6 in 4 series (4 could be "
				     "tested).\n"));
	ck_assert_ptr_null(strstr(t, "| Test |"));
	free(t);
	t = written(&f->h, "csv", &o);
	ck_assert_uint_eq(strchr(t, '\n') - t + 1, strlen(t));
	free(t);
	f->h.series[0].n_changes = f->h.series[2].n_changes = 0;
	f->h.series[2].n_anomalies = 0;
	t = written(&f->h, "json", &o);
	ck_assert_ptr_nonnull(strstr(t, "\"series\": [],"));
	ck_assert_ptr_nonnull(strstr(t, "\"fdr\": {"));
	ck_assert_ptr_nonnull(strstr(t, "\"words\": null"));
	free(t);
	free(f);
}
END_TEST

/* Names from inputs stay text (doc/escaping.md): an ESC shown as \x1b
 * in text and on the gate's line, a formula guarded in CSV, a pipe and
 * markup escaped in Markdown, JSON exact; two long names that differ at
 * their end never cut to the same text. */
START_TEST(test_hostile_names)
{
	struct fix *f = fixture();
	struct br_hist_out_opts o;
	struct json_object *root;
	char *t;

	br_hist_out_opts_defaults(&o);
	f->series[0].name = "=cmd|' /C calc'!A0 \x1b[31m<b>";
	f->series[1].name = "Zstd Compression 1.5.4: Compression Level 19 -"
			    " Long Mode - Threads: 64 - Dictionary Size: 1";
	f->series[2].name = "Zstd Compression 1.5.4: Compression Level 19 -"
			    " Long Mode - Threads: 64 - Dictionary Size: 2";
	f->ch[2].kept = true;
	t = written(&f->h, "text", &o);
	ck_assert_ptr_nonnull(strstr(t, "\n=cmd|' /C calc'!A0 \\x1b[31m<b>    "
				     "x0.500"));
	ck_assert_ptr_null(strchr(t, '\x1b'));
	ck_assert_ptr_nonnull(strstr(t, "\nZstd Compression...onary Size: 1  "));
	ck_assert_ptr_nonnull(strstr(t, "\nZstd Compression...onary Size: 2  "));
	free(t);
	t = written(&f->h, "csv", &o);
	ck_assert_ptr_nonnull(strstr(t, "\nshift,'=cmd|' /C calc'!A0 "
				     "\\x1b[31m<b>,pts/"));
	free(t);
	t = written(&f->h, "md", &o);
	ck_assert_ptr_nonnull(strstr(t, "\n| =cmd\\|' /C calc'\\!A0 "
				     "\\\\x1b\\[31m\\<b\\> |"));
	free(t);
	t = written(&f->h, "json", &o);
	ck_assert_ptr_nonnull(strstr(t, "\"test\": \"=cmd|' /C calc'!A0 "
				     "\\u001b[31m\\u003cb>\""));
	root = json_tokener_parse(t);
	ck_assert_ptr_nonnull(root);
	json_object_put(root);
	free(t);
	free(f);
}
END_TEST

Suite *br_suite_history_table(void)
{
	Suite *s = suite_create("history_table");
	TCase *tc = tcase_create("core");

	tcase_add_test(tc, test_opts_defaults);
	tcase_add_test(tc, test_unknown_format);
	tcase_add_test(tc, test_text);
	tcase_add_test(tc, test_markdown);
	tcase_add_test(tc, test_csv);
	tcase_add_test(tc, test_json);
	tcase_add_test(tc, test_gate);
	tcase_add_test(tc, test_no_change);
	tcase_add_test(tc, test_hostile_names);
	suite_add_tcase(s, tc);
	return s;
}
