/*
 * check_history.c - many inputs as one history (analysis/history.h):
 * the points and their order (dates, a list, the arguments), tests
 * matched across files, series values that are the analysis's cells,
 * annotations, the gate's test of the latest point and the false
 * discovery rate, the suite trend, and the errors with their exact text.
 *
 * Inputs are hand-made tidy CSVs (doc/tidy-csv.md), one per point, each
 * naming its one system "box" as PTS names a machine, so the loader
 * keeps them apart and names them after their files (doc/design.md,
 * "Two files of one machine").  The reference numbers of the latest-
 * point test, its q-values and the trend come from
 * tests/reference/history_ref.py (standard library; exact rational
 * moments), which prints them.
 */
#include <check.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/history.h"
#include "ingest/ingest.h"
#include "model/model.h"

Suite *br_suite_history(void);

/* One test at one point: its runs as written. */
struct tcell {
	const char *title, *unit, *dir, *runs;
};

/* One input: its file name, time stamp (NULL: none) and cells. */
struct tfile {
	const char *name, *ts;
	struct tcell cells[4];
};

static void add_file(struct br_resultset *rs, const struct tfile *f)
{
	struct br_ingest_opts io;
	struct br_error err;
	char buf[4096];
	size_t n = 0, k;

	n += (size_t)snprintf(buf + n, sizeof buf - n, "# system: box\n");
	if (f->ts)
		n += (size_t)snprintf(buf + n, sizeof buf - n,
				      "# system: box | timestamp | %s\n",
				      f->ts);
	n += (size_t)snprintf(buf + n, sizeof buf - n,
			      "title,unit,direction,system,value\n");
	for (k = 0; k < 4 && f->cells[k].title; k++) {
		const struct tcell *c = &f->cells[k];
		char runs[256], *save = NULL, *v;

		snprintf(runs, sizeof runs, "%s", c->runs);
		for (v = strtok_r(runs, " ", &save); v;
		     v = strtok_r(NULL, " ", &save))
			n += (size_t)snprintf(buf + n, sizeof buf - n,
					      "%s,%s,%s,box,%s\n", c->title,
					      c->unit, c->dir, v);
	}
	br_ingest_opts_defaults(&io);
	br_error_clear(&err);
	ck_assert_msg(br_ingest_buffer(rs, f->name, buf, n, &io, &err) ==
		      BR_OK, "%s: %s", f->name, err.msg);
}

static struct br_resultset *load(const struct tfile *f, size_t n)
{
	struct br_resultset *rs = br_resultset_new();
	struct br_naming nm;
	struct br_error err;
	size_t i;

	ck_assert_ptr_nonnull(rs);
	for (i = 0; i < n; i++)
		add_file(rs, &f[i]);
	memset(&nm, 0, sizeof nm);
	br_error_clear(&err);
	ck_assert_msg(br_ingest_names(rs, &nm, &err) == BR_OK, "%s", err.msg);
	return rs;
}

static struct br_history *build(const struct br_resultset *rs,
				const struct br_hist_opts *o)
{
	struct br_history *h = NULL;
	struct br_error err;

	br_error_clear(&err);
	ck_assert_msg(br_history_build(rs, o, &h, &err) == BR_OK, "%s: %s",
		      err.where, err.msg);
	return h;
}

/* The error of a build that must fail: its code, "where: msg". */
static int build_fails(const struct br_resultset *rs,
		       const struct br_hist_opts *o, char *msg, size_t size)
{
	struct br_history *h = NULL;
	struct br_error err;
	int rc;

	br_error_clear(&err);
	rc = br_history_build(rs, o, &h, &err);
	ck_assert_ptr_null(h);
	snprintf(msg, size, "%s%s%s", err.where, *err.where ? ": " : "",
		 err.msg);
	return rc;
}

#define RD(r) {"Read", "MB/s", "HIB", r}
#define WR(r) {"Write", "MB/s", "HIB", r}
#define LAT(r) {"Latency", "ms", "LIB", r}

/* Three days given out of order, each with a date. */
static const struct tfile days[] = {
	{"day-c.csv", "2024-01-03 09:00:00", {RD("90 91"), WR("50 52")}},
	{"day-a.csv", "2024-01-01 09:00:00", {RD("100 102"), WR("50 51")}},
	{"day-b.csv", "2024-01-02 09:00:00", {RD("95 96"), WR("51 52"),
					      LAT("2.0 2.1")}},
};

START_TEST(test_order_by_date)
{
	struct br_resultset *rs = load(days, 3);
	struct br_hist_opts o;
	struct br_history *h;

	br_hist_opts_defaults(&o);
	h = build(rs, &o);
	ck_assert_uint_eq(h->n_points, 3);
	ck_assert_int_eq(h->order, BR_HIST_ORDER_DATE);
	ck_assert_str_eq(h->order_words, "ordered by the results' own dates");
	ck_assert_str_eq(h->points[0].label, "day-a");
	ck_assert_str_eq(h->points[1].label, "day-b");
	ck_assert_str_eq(h->points[2].label, "day-c");
	ck_assert_str_eq(h->points[0].date, "2024-01-01 09:00:00");
	ck_assert_str_eq(rs->sources[h->points[0].source].path, "day-a.csv");
	/* Read and Write at every point; Latency at one: no series */
	ck_assert_uint_eq(h->n_series, 2);
	ck_assert_str_eq(h->series[0].name, "Read");
	ck_assert_str_eq(h->series[1].name, "Write");
	ck_assert_uint_eq(h->series[0].n_values, 3);
	ck_assert(h->series[0].log_scale);
	/* the points' cells are the analysis's: means of the runs */
	ck_assert_ptr_eq(h->series[0].at, &h->an->tests[0]);
	ck_assert_double_eq(h->series[0].at->cells[0].sum.mean, 101);
	ck_assert_double_eq(h->series[0].at->cells[1].sum.mean, 95.5);
	ck_assert_double_eq(h->series[0].at->cells[2].sum.mean, 90.5);
	ck_assert_uint_eq(h->an->sel->n_systems, 3);
	ck_assert_str_eq(rs->systems[h->an->sel->systems[2]]->identifier,
			 "day-c");
	/* too short for the detector (fewer than 2 x 3 points) */
	ck_assert_uint_eq(h->n_tested, 0);
	ck_assert_str_eq(h->fdr_words, "no change in 2 series at false "
			 "discovery rate 0.05 (all 2 too short to test: fewer "
			 "than 6 points)");
	br_history_free(h);
	/* the arguments' order when asked */
	o.order = BR_HIST_ORDER_ARGS;
	h = build(rs, &o);
	ck_assert_str_eq(h->order_words, "in the order of the inputs");
	ck_assert_str_eq(h->points[0].label, "day-c");
	ck_assert_str_eq(h->points[2].label, "day-b");
	br_history_free(h);
	br_resultset_free(rs);
}
END_TEST

/* One input without a date: auto falls back to the arguments, and
 * --order date says which has none. */
START_TEST(test_order_auto_args)
{
	struct tfile f[3];
	struct br_resultset *rs;
	struct br_hist_opts o;
	struct br_history *h;
	char msg[1100];

	memcpy(f, days, sizeof f);
	f[1].ts = NULL;
	rs = load(f, 3);
	br_hist_opts_defaults(&o);
	h = build(rs, &o);
	ck_assert_int_eq(h->order, BR_HIST_ORDER_ARGS);
	ck_assert_str_eq(h->order_words, "in the order of the inputs (not "
			 "every result has a date)");
	ck_assert_str_eq(h->points[0].label, "day-c");
	ck_assert_ptr_null(h->points[1].date);
	br_history_free(h);
	o.order = BR_HIST_ORDER_DATE;
	ck_assert_int_eq(build_fails(rs, &o, msg, sizeof msg), BR_EUSAGE);
	ck_assert_str_eq(msg, "--order date: 'day-a' has no date (--order "
			 "args or a --list orders it)");
	br_resultset_free(rs);
}
END_TEST

/* Equal dates keep the arguments' order (two systems of one file: the
 * loader merges two files' systems of one time stamp, doc/design.md
 * section 5.1). */
START_TEST(test_order_date_ties)
{
	static const char two[] =
		"# system: one | timestamp | 2024-01-02 00:00:00\n"
		"# system: two | timestamp | 2024-01-02 00:00:00\n"
		"title,unit,direction,system,value\n"
		"Read,MB/s,HIB,two,10\nRead,MB/s,HIB,one,11\n";
	struct br_resultset *rs = load(days, 2);
	struct br_ingest_opts io;
	struct br_hist_opts o;
	struct br_history *h;
	struct br_error err;

	br_ingest_opts_defaults(&io);
	br_error_clear(&err);
	ck_assert_int_eq(br_ingest_buffer(rs, "two.csv", two, strlen(two),
					  &io, &err), BR_OK);
	br_hist_opts_defaults(&o);
	h = build(rs, &o);
	ck_assert_int_eq(h->order, BR_HIST_ORDER_DATE);
	ck_assert_uint_eq(h->n_points, 4);
	ck_assert_str_eq(h->points[0].label, "day-a");
	ck_assert_str_eq(h->points[1].label, "one");
	ck_assert_str_eq(h->points[2].label, "two");
	ck_assert_str_eq(h->points[3].label, "day-c");
	br_history_free(h);
	br_resultset_free(rs);
}
END_TEST

START_TEST(test_order_by_list)
{
	struct br_resultset *rs = load(days, 3);
	static const char *const list[] = {"day-b", "day-c.csv"};
	static const unsigned long lines[] = {2, 4};
	static const char *const bad[] = {"day-b", "day-x"};
	static const char *const twice[] = {"day-b", "day-b.csv"};
	struct br_hist_opts o;
	struct br_history *h;
	char msg[1100];

	br_hist_opts_defaults(&o);
	o.order = BR_HIST_ORDER_LIST;
	o.list = list;
	o.n_list = 2;
	o.list_lines = lines;
	o.list_path = "order.txt";
	h = build(rs, &o);
	ck_assert_int_eq(h->order, BR_HIST_ORDER_LIST);
	ck_assert_str_eq(h->order_words, "in the order of the list "
			 "order.txt");
	ck_assert_uint_eq(h->n_points, 2);
	ck_assert_str_eq(h->points[0].label, "day-b");
	ck_assert_str_eq(h->points[1].label, "day-c.csv");
	ck_assert_str_eq(rs->systems[h->points[1].system]->identifier,
			 "day-c");
	ck_assert_uint_eq(h->n_warnings, 1);
	ck_assert_str_eq(h->warnings[0], "order.txt: 'day-a' is not in the "
			 "list: left out");
	/* the cells follow the list: Read at day-b, then day-c */
	ck_assert_double_eq(h->series[0].at->cells[0].sum.mean, 95.5);
	br_history_free(h);
	o.list = bad;
	ck_assert_int_eq(build_fails(rs, &o, msg, sizeof msg), BR_EUSAGE);
	ck_assert_str_eq(msg, "order.txt:4: 'day-x' names no result (a "
			 "system's name, or an input's path, file stem or "
			 "folder)");
	o.list = twice;
	ck_assert_int_eq(build_fails(rs, &o, msg, sizeof msg), BR_EUSAGE);
	ck_assert_str_eq(msg, "order.txt:4: 'day-b.csv' names a result "
			 "listed before, at line 2");
	/* a list of one point is not a history */
	o.list = list;
	o.n_list = 1;
	ck_assert_int_eq(build_fails(rs, &o, msg, sizeof msg), BR_EDATA);
	ck_assert_str_eq(msg, "a history needs at least two points (results "
			 "of two systems or files); the list names 1");
	br_resultset_free(rs);
}
END_TEST

/*
 * Five points; Read drops at the last one, Write and Latency hold.
 * history_ref.py: Read's latest-point test against p1..p4.
 */
static const struct tfile five[] = {
	{"p1.csv", "2024-02-01 00:00:00",
	 {RD("100 101 99"), WR("50 51 49"), LAT("2.0 2.1 1.9")}},
	{"p2.csv", "2024-02-02 00:00:00",
	 {RD("102 100 101"), WR("50 52 51"), LAT("2.0 2.0 2.1")}},
	{"p3.csv", "2024-02-03 00:00:00",
	 {RD("99 100 98"), WR("49 50 51"), LAT("2.1 2.0 2.0")}},
	{"p4.csv", "2024-02-04 00:00:00",
	 {RD("101 103 102"), WR("51 50 52"), LAT("1.9 2.0 2.0")}},
	{"p5.csv", "2024-02-05 00:00:00",
	 {RD("80 81 79"), WR("50 51 50"), LAT("2.0 2.1 2.1")}},
};

static const struct br_hist_change *latest_change(const struct br_history *h,
						  size_t s)
{
	const struct br_hist_series *se = &h->series[s];

	if (!se->n_changes || !se->changes[se->n_changes - 1].latest_test)
		return NULL;
	return &se->changes[se->n_changes - 1];
}

START_TEST(test_gate_latest_point)
{
	struct br_resultset *rs = load(five, 5);
	const struct br_hist_change *c;
	struct br_hist_opts o;
	struct br_history *h;

	br_hist_opts_defaults(&o);
	h = build(rs, &o);
	ck_assert_uint_eq(h->n_series, 3);
	c = latest_change(h, 0);
	ck_assert_ptr_nonnull(c);
	/* history_ref.py: latest Read */
	ck_assert_double_eq_tol(c->cp.mean_before, 100.49378066, 1e-6);
	ck_assert_double_eq_tol(c->cp.ratio, 0.79606916, 1e-8);
	ck_assert_double_eq_tol(c->cp.ratio_lo, 0.75893077, 1e-8);
	ck_assert_double_eq_tol(c->cp.ratio_hi, 0.83502494, 1e-8);
	ck_assert_double_eq_tol(c->cp.pvalue, 0.0003096285, 1e-11);
	ck_assert_uint_eq(c->cp.at, 4);
	ck_assert_uint_eq(c->cp.n_before, 4);
	ck_assert(c->kept && c->regression && c->at_latest);
	ck_assert_str_eq(c->words, "20.4% slower at p5; one point, so a step "
			 "and a spike cannot be told apart yet");
	ck_assert_str_eq(c->where_words, "at p5");
	/* its interval in the words' sense: slowdowns of 16.5% to 24.1% */
	ck_assert_str_eq(c->ci_words, "16.5% to 24.1%");
	ck_assert_double_eq_tol(c->forward_change_percent, 100 * (80.0 /
				c->cp.mean_before - 1), 1e-9);
	/* Write and Latency hold: no change recorded, p in the family */
	ck_assert_ptr_null(latest_change(h, 1));
	ck_assert_ptr_null(latest_change(h, 2));
	ck_assert_uint_eq(h->n_changes, 1);
	ck_assert_uint_eq(h->n_gate, 1);
	ck_assert_uint_eq(h->gate[0].series, 0);
	/* BH over the three latest-point p-values (history_ref.py) */
	ck_assert_double_eq_tol(c->qvalue, 0.0009288855, 1e-11);
	ck_assert_double_eq_tol(h->expected_false, 0.05, 1e-15);
	ck_assert_str_eq(h->fdr_words, "1 change in 3 series at false "
			 "discovery rate 0.05: at most 0.05 of them expected "
			 "by chance (all 3 too short to test: fewer than 6 "
			 "points)");
	br_history_free(h);
	br_resultset_free(rs);
}
END_TEST

/* An "expected shift" at the latest point mutes the gate; "ignore"
 * leaves the point out of the series; a better latest point is no
 * regression. */
START_TEST(test_annotations)
{
	struct br_resultset *rs = load(five, 5);
	struct br_hist_note notes[2];
	struct br_hist_opts o;
	struct br_history *h;
	char msg[1100];

	br_hist_opts_defaults(&o);
	memset(notes, 0, sizeof notes);
	notes[0].label = "p5";
	notes[0].test = "read";
	notes[0].kind = BR_HIST_NOTE_EXPECTED;
	notes[0].loc.file = "notes.txt";
	notes[0].loc.line = 3;
	o.notes = notes;
	o.n_notes = 1;
	h = build(rs, &o);
	ck_assert_ptr_null(latest_change(h, 0));
	ck_assert_uint_eq(h->n_gate, 0);
	br_history_free(h);
	notes[0].kind = BR_HIST_NOTE_IGNORE;
	h = build(rs, &o);
	ck_assert(h->series[0].muted[4]);
	ck_assert(!h->series[1].muted[4]);
	ck_assert_ptr_null(latest_change(h, 0));
	ck_assert_uint_eq(h->n_gate, 0);
	/* the trend leaves out a test muted somewhere */
	ck_assert_uint_eq(h->trend.n_tests, 2);
	br_history_free(h);
	notes[0].label = "p9";
	ck_assert_int_eq(build_fails(rs, &o, msg, sizeof msg), BR_EUSAGE);
	ck_assert_str_eq(msg, "notes.txt:3: 'p9' names no point of the "
			 "history");
	br_resultset_free(rs);
}
END_TEST

/* Latency (lower is better) falling at the end: better, not gated;
 * --since after the point: no gate for the detector's changes. */
START_TEST(test_gate_better_and_since)
{
	struct tfile f[5];
	struct br_resultset *rs;
	struct br_hist_opts o;
	struct br_history *h;
	char msg[1100];

	memcpy(f, five, sizeof f);
	f[4].cells[0] = (struct tcell)RD("100 101 100");
	f[4].cells[2] = (struct tcell)LAT("1.0 1.1 1.0");
	rs = load(f, 5);
	br_hist_opts_defaults(&o);
	o.since = "p3";
	h = build(rs, &o);
	ck_assert_uint_eq(h->since, 2);
	/* one-sided: a better latest point is no change */
	ck_assert_ptr_null(latest_change(h, 2));
	ck_assert_uint_eq(h->n_gate, 0);
	br_history_free(h);
	o.since = "p7";
	ck_assert_int_eq(build_fails(rs, &o, msg, sizeof msg), BR_EUSAGE);
	ck_assert_str_eq(msg, "--since: 'p7' names no point of the history");
	br_resultset_free(rs);
}
END_TEST

/* The trend: geometric mean of speedups against p1 over the three
 * tests every point shares, with its measurement interval
 * (history_ref.py, through geo_ref.py's delta method). */
START_TEST(test_trend)
{
	struct br_resultset *rs = load(five, 5);
	struct br_hist_opts o;
	struct br_history *h;

	br_hist_opts_defaults(&o);
	h = build(rs, &o);
	ck_assert(h->trend.ok);
	ck_assert_uint_eq(h->trend.n_tests, 3);
	ck_assert_double_eq(h->trend.gm[0], 1);
	ck_assert_double_eq_tol(h->trend.gm[1], 1.00441761, 1e-8);
	ck_assert_double_eq_tol(h->trend.lo[1], 0.97256480, 1e-8);
	ck_assert_double_eq_tol(h->trend.hi[1], 1.03731365, 1e-8);
	ck_assert_double_eq_tol(h->trend.gm[4], 0.92026254, 1e-8);
	ck_assert_double_eq_tol(h->trend.lo[4], 0.89109240, 1e-8);
	ck_assert_double_eq_tol(h->trend.hi[4], 0.95038758, 1e-8);
	br_history_free(h);
	br_resultset_free(rs);
}
END_TEST

/* The same seed gives the same history; a bad level is an error. */
START_TEST(test_errors)
{
	struct br_resultset *rs = load(days, 1);
	struct br_hist_opts o;
	char msg[1100];

	br_hist_opts_defaults(&o);
	ck_assert_int_eq(build_fails(rs, &o, msg, sizeof msg), BR_EDATA);
	ck_assert_str_eq(msg, "a history needs at least two points (results "
			 "of two systems or files); the inputs hold 1");
	br_resultset_free(rs);
	rs = load(days, 3);
	o.fdr_q = 1.5;
	ck_assert_int_eq(build_fails(rs, &o, msg, sizeof msg), BR_EUSAGE);
	ck_assert_str_eq(msg, "--fdr: 1.5 is not a level in (0, 1)");
	br_resultset_free(rs);
}
END_TEST

/*
 * Twelve points; Read steps from about 100 to about 80 MB/s at the
 * seventh (index 6) and stays there; Write holds.  The detector finds
 * the step (stats/changepoint.c); what the history makes of it is
 * checked here.
 */
static struct br_resultset *load_step(void)
{
	static const char *const rd[] = {
		"100 101 99", "102 100 101", "99 100 98", "101 103 102",
		"100 99 101", "101 100 102", "80 81 79", "81 80 82",
		"79 80 81", "80 82 81", "81 79 80", "80 81 82"};
	static const char *const wr[] = {
		"50 51 49", "50 52 51", "49 50 51", "51 50 52", "50 51 50",
		"49 51 50", "50 50 51", "51 49 50", "50 51 52", "49 50 50",
		"51 50 51", "50 49 51"};
	static char names[12][16], ts[12][24];
	struct tfile f[12];
	size_t i;

	memset(f, 0, sizeof f);
	for (i = 0; i < 12; i++) {
		snprintf(names[i], sizeof names[i], "s%02zu.csv", i);
		snprintf(ts[i], sizeof ts[i], "2024-04-%02zu 00:00:00", i + 1);
		f[i].name = names[i];
		f[i].ts = ts[i];
		f[i].cells[0] = (struct tcell)RD(rd[i]);
		f[i].cells[1] = (struct tcell)WR(wr[i]);
	}
	return load(f, 12);
}

/* The last detector change of series s, or NULL. */
static const struct br_hist_change *step_change(const struct br_history *h,
						size_t s)
{
	const struct br_hist_series *se = &h->series[s];
	size_t k;

	for (k = se->n_changes; k-- > 0;)
		if (!se->changes[k].latest_test)
			return &se->changes[k];
	return NULL;
}

START_TEST(test_step_gate)
{
	struct br_resultset *rs = load_step();
	const struct br_hist_change *c;
	struct br_hist_note note;
	struct br_hist_opts o;
	struct br_history *h;

	br_hist_opts_defaults(&o);
	h = build(rs, &o);
	ck_assert_uint_eq(h->n_tested, 2);
	c = step_change(h, 0);
	ck_assert_ptr_nonnull(c);
	ck_assert_uint_eq(c->cp.at, 6);
	ck_assert(c->kept && c->regression && c->at_latest && !c->expected);
	ck_assert(c->cp.ratio < 0.82 && c->cp.ratio > 0.78);
	ck_assert_str_eq(h->points[6].label, "s06");
	ck_assert(strstr(c->words, "% slower from s06") != NULL);
	ck_assert_ptr_null(step_change(h, 1));
	ck_assert_uint_eq(h->n_gate, 1);
	ck_assert_uint_eq(h->gate[0].series, 0);
	ck_assert_ptr_eq(&h->series[0].changes[h->gate[0].change], c);
	/* Otava's fields from the means */
	ck_assert_double_eq_tol(c->forward_change_percent, 100 *
				(c->cp.mean_after / c->cp.mean_before - 1),
				1e-12);
	ck_assert_double_eq_tol(c->magnitude, fmax(fabs(c->cp.mean_after /
				c->cp.mean_before - 1), fabs(c->cp.mean_before
				/ c->cp.mean_after - 1)), 1e-12);
	br_history_free(h);
	/* since a later point: the step is before it, not gated */
	o.since = "s08";
	h = build(rs, &o);
	ck_assert_uint_eq(h->since, 8);
	ck_assert_ptr_nonnull(step_change(h, 0));
	ck_assert_uint_eq(h->n_gate, 0);
	br_history_free(h);
	/* an expected shift there: the series is cut, nothing gated */
	o.since = NULL;
	memset(&note, 0, sizeof note);
	note.label = "s06";
	note.kind = BR_HIST_NOTE_EXPECTED;
	o.notes = &note;
	o.n_notes = 1;
	h = build(rs, &o);
	c = step_change(h, 0);
	ck_assert(!c || c->expected || !c->kept);
	ck_assert_uint_eq(h->n_gate, 0);
	br_history_free(h);
	br_resultset_free(rs);
}
END_TEST

/* Benjamini-Hochberg across the history, by hand: the family is each
 * detector change's p, each searched series' whole p where it has no
 * change, and each latest-point test's p (doc/design.md, "History"). */
START_TEST(test_step_fdr)
{
	struct br_resultset *rs = load_step();
	const struct br_hist_change *cq[8];
	struct br_hist_opts o;
	struct br_history *h;
	double p[8], q;
	size_t m = 0, i, k, j, nc = 0;

	br_hist_opts_defaults(&o);
	h = build(rs, &o);
	for (i = 0; i < h->n_series; i++) {
		const struct br_hist_series *se = &h->series[i];
		size_t found = 0;

		ck_assert(se->tested);
		for (k = 0; k < se->n_changes; k++) {
			cq[nc++] = &se->changes[k];
			if (!se->changes[k].latest_test) {
				p[m++] = se->changes[k].cp.pvalue;
				found++;
			}
		}
		if (!found)
			p[m++] = se->pvalue;
		ck_assert(!isnan(se->latest_pvalue));
		p[m++] = se->latest_pvalue;
	}
	/* Read: its change and its latest test; Write: its whole p and its
	 * latest test */
	ck_assert_uint_eq(m, 4);
	/* q of each change: min over p_j >= p_i of m p_j / rank_j */
	for (k = 0; k < nc; k++) {
		double pi = cq[k]->cp.pvalue, best = 1;

		for (j = 0; j < m; j++) {
			size_t rank = 0, l;

			if (p[j] < pi)
				continue;
			for (l = 0; l < m; l++)
				rank += p[l] <= p[j];
			q = (double)m * p[j] / (double)rank;
			if (q < best)
				best = q;
		}
		ck_assert_double_eq_tol(cq[k]->qvalue, best, 1e-15 * best);
	}
	ck_assert_double_eq_tol(h->expected_false,
				0.05 * (double)h->n_changes, 1e-15);
	br_history_free(h);
	br_resultset_free(rs);
}
END_TEST

/* Otava's method: its numbers in the change, no intervals, kept as
 * Otava keeps them. */
START_TEST(test_step_otava)
{
	struct br_resultset *rs = load_step();
	const struct br_hist_change *c;
	struct br_hist_opts o;
	struct br_history *h;

	br_hist_opts_defaults(&o);
	o.method = BR_HIST_METHOD_OTAVA;
	o.otava.window_len = 12;
	h = build(rs, &o);
	c = step_change(h, 0);
	ck_assert_ptr_nonnull(c);
	ck_assert_uint_eq(c->cp.at, 6);
	ck_assert(c->kept && c->regression);
	ck_assert(isnan(c->cp.ratio_lo) && isnan(c->cp.ratio_hi));
	ck_assert_ptr_null(c->ci_words);
	ck_assert_double_eq_tol(c->cp.mean_before, 100.5, 1e-9);
	ck_assert_double_eq_tol(c->cp.mean_after, 80.5, 1e-9);
	ck_assert_double_eq_tol(c->forward_change_percent,
				100 * (80.5 / 100.5 - 1), 1e-9);
	ck_assert_str_eq(c->words, "19.9% slower from s06");
	ck_assert_str_eq(c->where_words, "at s06");
	ck_assert(strncmp(h->fdr_words, "1 change in 2 series by Otava's "
			  "E-Divisive", 40) == 0);
	br_history_free(h);
	br_resultset_free(rs);
}
END_TEST

Suite *br_suite_history(void)
{
	Suite *s = suite_create("history");
	TCase *tc = tcase_create("core");

	tcase_add_test(tc, test_order_by_date);
	tcase_add_test(tc, test_order_auto_args);
	tcase_add_test(tc, test_order_date_ties);
	tcase_add_test(tc, test_order_by_list);
	tcase_add_test(tc, test_gate_latest_point);
	tcase_add_test(tc, test_annotations);
	tcase_add_test(tc, test_gate_better_and_since);
	tcase_add_test(tc, test_trend);
	tcase_add_test(tc, test_errors);
	tcase_add_test(tc, test_step_gate);
	tcase_add_test(tc, test_step_fdr);
	tcase_add_test(tc, test_step_otava);
	suite_add_tcase(s, tc);
	return s;
}
