/*
 * log_postmark.c - PostMark 1.5x report (the default verbose one).
 *
 *   Time:
 *           1 seconds total
 *           1 seconds of transactions (2000 per second)
 *   Files:
 *           1556 created (1556 per second)
 *                   Creation alone: 500 files (500 per second)
 *                   Mixed with transactions: 1056 files (1056 per second)
 *           978 read (978 per second)
 *           ...
 *   Data:
 *           5.96 megabytes read (5.96 megabytes per second)
 *           9.60 megabytes written (9.60 megabytes per second)
 *
 * PostMark's kilobyte is 1024 bytes and its megabyte 1024 kilobytes, so
 * data rates are KiB/s, MiB/s.  Its timer counts whole seconds: times
 * have a resolution of 1 s, and a rate N / t (t = N / rate whole seconds)
 * one of rate / t, the step one second moves it by at most, whatever
 * digits it is printed with (doc/statistics.md, "Resolution").  The
 * configuration is not echoed in the report, so tests are named by
 * metric only ("PostMark", "Transactions").
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "log_int.h"

int br_detect_postmark(const char *buf, size_t len)
{
	if (br_log_has(buf, len, "PostMark v"))
		return 90;
	if (br_log_has(buf, len, "seconds of transactions ("))
		return 80;
	return 0;
}

/* The N of "(N per second)" or "(N megabytes per second)"; unit out. */
static bool per_second(const char *s, double *v, const char **unit)
{
	const char *p = strrchr(s, '(');
	const char *w;

	if (!p)
		return false;
	p++;
	if (!br_log_num(&p, v))
		return false;
	w = br_log_skip(p);
	*unit = "Files/s";
	if (strncmp(w, "per second", 10) == 0)
		return true;
	if (strncmp(w, "bytes per", 9) == 0)
		*unit = "B/s";
	else if (strncmp(w, "kilobytes per", 13) == 0)
		*unit = "KiB/s";
	else if (strncmp(w, "megabytes per", 13) == 0)
		*unit = "MiB/s";
	else if (strncmp(w, "gigabytes per", 13) == 0)
		*unit = "GiB/s";
	else
		return false;
	return true;
}

/* PostMark's timer step, in seconds. */
#define TIMER_STEP 1.0

/*
 * The resolution of a rate printed with step rstep on line s: the count
 * before it (after a "Label:" when there is one) over the rate gives the
 * whole seconds t it was measured in (at least 1), and one timer step
 * moves the rate by rate / t.
 */
static double rate_step(const char *s, double rate, double rstep)
{
	const char *p = strchr(s, ':'), *paren = strrchr(s, '(');
	double count, t;

	p = p && paren && p < paren ? p + 1 : s;
	if (!(rate > 0) || !br_log_num(&p, &count) || !(count > 0))
		return rstep;
	t = floor(count / rate / TIMER_STEP + 0.5) * TIMER_STEP;
	if (t < TIMER_STEP)
		t = TIMER_STEP;
	return fmax(rstep, rate * TIMER_STEP / t);
}

static int add(struct br_log *lg, const char *what, const char *unit,
	       enum br_dir dir, double v, unsigned long line)
{
	/* transactions per second are what PostMark users quote; the
	 * other rates and times are sub-metrics (br_test.sub_metric) */
	lg->sub_metric = strcmp(what, "Transactions") != 0;
	return br_log_addf(lg, "postmark", "PostMark", unit, dir, v, line,
			   "%s", what);
}

int br_read_postmark(struct br_resultset *rs, const char *name,
		     const char *buf, size_t len,
		     const struct br_ingest_opts *o, struct br_error *err)
{
	struct br_log_iter it;
	struct br_log lg;
	const char *section = "";
	const char *mixed = NULL;
	bool written = false;   /* the report's last line was read */
	int rc;

	rc = br_log_open(&lg, rs, name, o, err);
	lg.test_named_by = "from PostMark's summary lines";
	br_log_iter_init(&it, buf, len);
	while (rc == BR_OK && br_log_next(&it)) {
		const char *s = br_log_skip(it.line), *p = s, *unit;
		const char *what = NULL;
		double v, rate = 0, rstep = 0;
		bool has_rate;

		if (strncmp(s, "Time:", 5) == 0 || strncmp(s, "Files:", 6) == 0
		    || strncmp(s, "Data:", 5) == 0) {
			section = s[0] == 'T' ? "time" : s[0] == 'F' ? "files"
								   : "data";
			continue;
		}
		if (!*section || !*s)
			continue;
		has_rate = strstr(s, "per second)") != NULL;
		if (has_rate && !per_second(s, &rate, &unit))
			return br_log_fail(&lg, it.no, "PostMark: expected "
					   "'(N per second)'");
		if (has_rate)
			rstep = br_log_last_step();
		if (has_rate && strcmp(section, "time") != 0)
			rstep = rate_step(s, rate, rstep);
		if (strcmp(section, "time") == 0) {
			if (!br_log_num(&p, &v))
				continue;
			p = br_log_skip(p);
			/* the line's own seconds are the rate's t */
			lg.next_step = has_rate ? fmax(rstep,
						       rate * TIMER_STEP /
						       fmax(v, TIMER_STEP))
						: TIMER_STEP;
			if (strncmp(p, "seconds total", 13) == 0)
				rc = add(&lg, "Total Time", "Seconds",
					 BR_DIR_LIB, v, it.no);
			else if (strncmp(p, "seconds of transactions", 23) ==
				 0 && has_rate)
				rc = add(&lg, "Transactions", "TPS",
					 BR_DIR_HIB, rate, it.no);
			lg.next_step = 0;
			continue;
		}
		if (!has_rate)
			continue;
		if (strcmp(section, "files") == 0) {
			if (strncmp(s, "Creation alone:", 15) == 0)
				what = "Creation Alone";
			else if (strncmp(s, "Deletion alone:", 15) == 0)
				what = "Deletion Alone";
			else if (strncmp(s, "Mixed with transactions:", 24) ==
				 0)
				what = mixed;
			else if (br_log_num(&p, &v)) {
				p = br_log_skip(p);
				if (strncmp(p, "created", 7) == 0) {
					what = "Files Created";
					mixed = "Creation Mixed With "
						"Transactions";
				} else if (strncmp(p, "read", 4) == 0) {
					what = "Files Read";
				} else if (strncmp(p, "appended", 8) == 0) {
					what = "Files Appended";
				} else if (strncmp(p, "deleted", 7) == 0) {
					what = "Files Deleted";
					mixed = "Deletion Mixed With "
						"Transactions";
				}
			}
			lg.next_step = rstep;
			if (what)
				rc = add(&lg, what, "Files/s", BR_DIR_HIB,
					 rate, it.no);
			lg.next_step = 0;
		} else if (br_log_num(&p, &v)) {
			lg.next_step = rstep;
			if (strstr(s, " read (") && strcmp(unit, "Files/s"))
				rc = add(&lg, "Data Read", unit, BR_DIR_HIB,
					 rate, it.no);
			else if (strstr(s, " written (") &&
				 strcmp(unit, "Files/s")) {
				rc = add(&lg, "Data Written", unit,
					 BR_DIR_HIB, rate, it.no);
				written = true;
			}
			lg.next_step = 0;
		}
	}
	if (rc != BR_OK)
		return rc;
	/* a whole report ends with "Data:" and its "written" line */
	if (lg.n_results && !written)
		br_log_warn_cut(&lg, it.no, "PostMark", "the report ends "
				"before its \"Data: ... written\" line");
	return br_log_close(&lg, "PostMark", it.no);
}
