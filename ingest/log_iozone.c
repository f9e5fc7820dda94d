/*
 * log_iozone.c - IOzone output: the auto-mode (-a) table with whatever
 * tests -i selected, the Excel-style report (-R), and the throughput-mode
 * (-t) summary.
 *
 *                                   random  random ...
 *        kB  reclen   write  rewrite  read  reread  read   write ...
 *       512       4 1213447  3465173 ...
 *
 *   "Writer report"
 *           "4"  "8"
 *   "64"   1234  2345
 *
 *   Children see throughput for  4 initial writers  =  221.13 kB/sec
 *
 * One result per (test, file size, record size) as PTS's pts/iozone names
 * them: "IOzone" "Record Size: 4Kb - File Size: 512MB - Disk Test: Write
 * Performance", in kB/s, more is better (ops/s with -O, microseconds per
 * operation, fewer is better, with -N).  Table columns are matched to
 * their headings by position (iozone right-aligns both), so any selection
 * of tests reads right.  The Excel report repeats the table; it is read
 * only when the log has no table.
 */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "log_int.h"

#define MAX_COLS 32

struct col {
	char name[48];
	size_t end; /* column of the heading's last character + 1 */
};

static const struct {
	const char *heading, *test;
} tests[] = {
	{"write", "Write"}, {"rewrite", "Rewrite"}, {"read", "Read"},
	{"reread", "Re-read"}, {"random read", "Random Read"},
	{"random write", "Random Write"}, {"bkwd read", "Backward Read"},
	{"record rewrite", "Record Rewrite"}, {"stride read", "Stride Read"},
	{"fwrite", "fwrite"}, {"frewrite", "Re-fwrite"}, {"fread", "fread"},
	{"freread", "Re-fread"},
	/* -R report titles */
	{"Writer", "Write"}, {"Re-writer", "Rewrite"}, {"Reader", "Read"},
	{"Re-Reader", "Re-read"}, {"Random read", "Random Read"},
	{"Random write", "Random Write"}, {"Backward read", "Backward Read"},
	{"Record rewrite", "Record Rewrite"}, {"Stride read", "Stride Read"},
	{"Fwrite", "fwrite"}, {"Re-Fwrite", "Re-fwrite"}, {"Fread", "fread"},
	{"Re-Fread", "Re-fread"},
};

int br_detect_iozone(const char *buf, size_t len)
{
	if (br_log_has(buf, len, "Iozone: Performance Test of File I/O"))
		return 95;
	if (br_log_has(buf, len, "Children see throughput for"))
		return 85;
	if (br_log_has(buf, len, "reclen") &&
	    (br_log_has(buf, len, "kB  reclen") ||
	     br_log_has(buf, len, "KB  reclen")))
		return 80;
	if (br_log_has(buf, len, "\"Writer report\""))
		return 80;
	return 0;
}

static const char *test_name(const char *heading, char *tmp, size_t cap)
{
	size_t i;

	for (i = 0; i < sizeof tests / sizeof tests[0]; i++)
		if (strcmp(tests[i].heading, heading) == 0)
			return tests[i].test;
	snprintf(tmp, cap, "%s", heading);
	return tmp;
}

/* Record sizes as PTS writes them ("4Kb", "1MB"), file sizes "512MB". */
static void fmt_kb(double kb, bool record, char *out, size_t cap)
{
	/* Past 2^53 a double is not a whole count of KiB, and the cast to
	 * long long would be undefined (found by fuzzing: 8.9e45). */
	if (!(kb < 9007199254740992.0))
		snprintf(out, cap, "%.15g%s", kb, record ? "Kb" : "KB");
	else if (kb >= 1048576 && kb == (double)(long long)kb &&
	    (long long)kb % 1048576 == 0)
		snprintf(out, cap, "%lldGB", (long long)kb / 1048576);
	else if (kb >= 1024 && kb == (double)(long long)kb &&
		 (long long)kb % 1024 == 0)
		snprintf(out, cap, "%lldMB", (long long)kb / 1024);
	else
		snprintf(out, cap, "%.15g%s", kb, record ? "Kb" : "KB");
}

/* kB/s, or what -O (operations per second) and -N (microseconds per
 * operation) report instead. */
struct iounit {
	const char *unit;
	enum br_dir dir;
};

static struct iounit pick_unit(const char *buf, size_t len)
{
	struct iounit u = {"kB/s", BR_DIR_HIB};

	if (br_log_has(buf, len, "Output is in operations per second")) {
		u.unit = "Ops/sec";
	} else if (br_log_has(buf, len, "microseconds per operation")) {
		u.unit = "us";
		u.dir = BR_DIR_LIB;
	}
	return u;
}

static int add(struct br_log *lg, const struct iounit *u, double rec,
	       double file, const char *test, double v, unsigned long line)
{
	char r[32], f[32];

	fmt_kb(rec, true, r, sizeof r);
	fmt_kb(file, false, f, sizeof f);
	return br_log_addf(lg, "iozone", "IOzone", u->unit, u->dir, v,
			   line, "Record Size: %s - File Size: %s - Disk Test: "
			   "%s Performance", r, f, test);
}

/* Words of a line with their end columns. */
static size_t words(const char *s, char w[][48], size_t *end, size_t max)
{
	size_t n = 0, i = 0;

	while (s[i] && n < max) {
		size_t b, l;

		while (s[i] == ' ' || s[i] == '\t')
			i++;
		if (!s[i])
			break;
		b = i;
		while (s[i] && s[i] != ' ' && s[i] != '\t')
			i++;
		l = i - b < 47 ? i - b : br_utf8_fit(s + b, 47);
		memcpy(w[n], s + b, l);
		w[n][l] = '\0';
		end[n++] = i;
	}
	return n;
}

/* A heading line: "kB  reclen  write ..."; qualifiers from prev. */
static size_t headings(const char *s, const char *prev, struct col *c)
{
	char w[MAX_COLS][48], q[MAX_COLS][48];
	size_t e[MAX_COLS], qe[MAX_COLS], n, nq, i, k;

	n = words(s, w, e, MAX_COLS);
	nq = prev ? words(prev, q, qe, MAX_COLS) : 0;
	for (i = 0; i < n; i++) {
		snprintf(c[i].name, sizeof c[i].name, "%.47s", w[i]);
		c[i].end = e[i];
	}
	for (k = 0; k < nq; k++) {
		size_t best = n, bd = 4;

		for (i = 2; i < n; i++) {
			size_t d = c[i].end > qe[k] ? c[i].end - qe[k]
						    : qe[k] - c[i].end;
			if (d < bd) {
				bd = d;
				best = i;
			}
		}
		if (best < n) {
			char t[48];

			snprintf(t, sizeof t, "%.*s %.*s",
				 BR_UTF8_PREC(q[k], 20),
				 BR_UTF8_PREC(c[best].name, 20));
			snprintf(c[best].name, sizeof c[best].name, "%s", t);
		}
	}
	return n;
}

static bool is_heading(const char *s)
{
	s = br_log_skip(s);
	return (strncmp(s, "kB ", 3) == 0 || strncmp(s, "KB ", 3) == 0) &&
	       strstr(s, "reclen") != NULL;
}

/* A row of the table: numbers matched to columns by end position. */
static int table_row(struct br_log *lg, const struct iounit *u,
		     const struct col *c, size_t nc, const char *s,
		     unsigned long line)
{
	char w[MAX_COLS][48], tmp[48];
	size_t e[MAX_COLS], n = words(s, w, e, MAX_COLS), i, k;
	double v[MAX_COLS];
	size_t at[MAX_COLS];
	int rc = BR_OK;

	for (i = 0; i < n; i++) {
		const char *p = w[i];
		size_t best = 0, bd = (size_t)-1;

		if (!br_log_num(&p, &v[i]) || *p)
			return br_log_fail(lg, line, "iozone: '%s' in the "
					   "results table is not a number",
					   w[i]);
		for (k = 0; k < nc; k++) {
			size_t d = c[k].end > e[i] ? c[k].end - e[i]
						   : e[i] - c[k].end;
			if (d < bd) {
				bd = d;
				best = k;
			}
		}
		at[i] = best;
	}
	if (n < 3 || at[0] != 0 || at[1] != 1)
		return br_log_fail(lg, line, "iozone: results row without "
				   "file size and record size");
	for (i = 2; i < n && rc == BR_OK; i++)
		if (at[i] >= 2)
			rc = add(lg, u, v[1], v[0],
				 test_name(c[at[i]].name, tmp, sizeof tmp),
				 v[i], line);
	return rc;
}

/* "Children see throughput for  4 initial writers  =  221.13 kB/sec" */
static int throughput(struct br_log *lg, const struct iounit *u,
		      const char *s, double rec, double file,
		      unsigned long line)
{
	const char *p = s + strlen("Children see throughput for"), *eq;
	char test[64];
	double procs, v;
	size_t n, i;
	char r[32], f[32];

	if (!br_log_num(&p, &procs))
		return br_log_fail(lg, line, "iozone: expected a process "
				   "count");
	p = br_log_skip(p);
	eq = strchr(p, '=');
	if (!eq)
		return br_log_fail(lg, line, "iozone: expected '='");
	n = (size_t)(eq - p);
	while (n && (p[n - 1] == ' ' || p[n - 1] == '\t'))
		n--;
	if (n >= sizeof test)
		n = br_utf8_fit(p, sizeof test - 1);
	for (i = 0; i < n; i++)
		test[i] = (i == 0 || p[i - 1] == ' ' || p[i - 1] == '-')
			  ? (char)toupper((unsigned char)p[i]) : p[i];
	test[n] = '\0';
	p = eq + 1;
	if (!br_log_num(&p, &v))
		return br_log_fail(lg, line, "iozone: %s: the throughput is "
				   "not a number", test);
	fmt_kb(rec, true, r, sizeof r);
	fmt_kb(file, false, f, sizeof f);
	if (rec > 0 && file > 0)
		return br_log_addf(lg, "iozone", "IOzone", u->unit, u->dir,
				   v, line, "Record Size: %s - File Size: %s -"
				   " Processes: %.0f - Disk Test: %s", r, f,
				   procs, test);
	return br_log_addf(lg, "iozone", "IOzone", u->unit, u->dir, v,
			   line, "Processes: %.0f - Disk Test: %s", procs,
			   test);
}

/* The test of a -R report title line ("\"Writer report\""), or NULL. */
static const char *report_title(const char *s, char *tmp, size_t cap)
{
	const char *e;
	char h[48];
	size_t n;

	s = br_log_skip(s);
	if (*s != '"')
		return NULL;
	e = strstr(s, " report\"");
	if (!e || e == s + 1)
		return NULL;
	n = (size_t)(e - s - 1);
	if (n >= sizeof h)
		return NULL;
	memcpy(h, s + 1, n);
	h[n] = '\0';
	return test_name(h, tmp, cap);
}

/* Strip the quotes of the words of a -R line into numbers. */
static size_t quoted_numbers(const char *s, double *v, size_t max, bool *ok)
{
	char w[MAX_COLS][48];
	size_t e[MAX_COLS], n = words(s, w, e, MAX_COLS), i, k = 0;

	*ok = true;
	for (i = 0; i < n && k < max; i++) {
		const char *p = w[i][0] == '"' ? w[i] + 1 : w[i];

		if (!br_log_num(&p, &v[k]) || (*p && strcmp(p, "\"")))
			*ok = false;
		k++;
	}
	return k;
}

int br_read_iozone(struct br_resultset *rs, const char *name,
		   const char *buf, size_t len,
		   const struct br_ingest_opts *o, struct br_error *err)
{
	struct br_log_iter it;
	struct br_log lg;
	struct col cols[MAX_COLS];
	char prev[BR_LOG_LINE_MAX], rtmp[48];
	const char *report = NULL;
	double rec = 0, file = 0, recs[MAX_COLS];
	size_t nc = 0, n_recs = 0, table_rows = 0;
	bool in_table = false;
	struct iounit u = pick_unit(buf, len);
	int rc, pass;

	rc = br_log_open(&lg, rs, name, o, err);
	lg.test_named_by = "from iozone's table headings (file and record "
		"size, operation)";
	/* pass 0: table and throughput; pass 1: -R report if no table */
	for (pass = 0; pass < 2 && rc == BR_OK; pass++) {
		if (pass == 1 && (table_rows || lg.n_results))
			break;
		prev[0] = '\0';
		br_log_iter_init(&it, buf, len);
		while (rc == BR_OK && br_log_next(&it)) {
			const char *s = br_log_skip(it.line), *p;
			double v;

			if (pass == 1) {
				const char *t = report_title(s, rtmp,
							     sizeof rtmp);
				bool ok;
				double row[MAX_COLS];
				size_t k, m;

				if (t) {
					report = t;
					n_recs = 0;
				} else if (!report || !*s) {
					report = *s ? report : NULL;
				} else if (n_recs == 0) {
					n_recs = quoted_numbers(s, recs,
								MAX_COLS, &ok);
					if (!ok)
						rc = br_log_fail(&lg, it.no,
							"iozone: bad record "
							"sizes of the %s "
							"report", report);
				} else {
					m = quoted_numbers(s, row, MAX_COLS,
							   &ok);
					if (!ok || m < 2 || m > n_recs + 1)
						rc = br_log_fail(&lg, it.no,
							"iozone: bad row of "
							"the %s report",
							report);
					for (k = 1; k < m && rc == BR_OK; k++)
						rc = add(&lg, &u, recs[k - 1],
							 row[0], report,
							 row[k], it.no);
				}
				continue;
			}
			if (is_heading(s)) {
				nc = headings(it.line, prev, cols);
				in_table = nc > 2;
			} else if (in_table && isdigit((unsigned char)*s)) {
				rc = table_row(&lg, &u, cols, nc, it.line,
					       it.no);
				table_rows++;
			} else if (in_table) {
				in_table = false;
			} else if (strncmp(s, "Children see throughput for",
					   27) == 0) {
				rc = throughput(&lg, &u, s, rec, file,
						it.no);
			} else if ((p = br_log_after(s, "Each process writes "
						     "a ")) &&
				   br_log_num(&p, &v)) {
				file = v;
				p = br_log_after(p, "file in ");
				if (p && br_log_num(&p, &v))
					rec = v;
			} else if ((p = br_log_after(s, "Record Size ")) &&
				   br_log_num(&p, &v)) {
				rec = v;
			} else if ((p = br_log_after(s, "File size set to ")) &&
				   br_log_num(&p, &v)) {
				file = v;
			}
			snprintf(prev, sizeof prev, "%s", it.line);
		}
	}
	if (rc != BR_OK)
		return rc;
	/* a run from its "Run began:" line ends "iozone test complete." */
	if (lg.n_results && !report && br_log_has(buf, len, "Run began:") &&
	    !br_log_has_tail(buf, len, "iozone test complete."))
		br_log_warn_cut(&lg, it.no, "iozone", "no \"iozone test "
				"complete.\" line after its results");
	return br_log_close(&lg, "iozone", it.no);
}
