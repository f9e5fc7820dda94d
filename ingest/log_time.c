/*
 * log_time.c - timing output around a command:
 *
 *   GNU time -v   "\tCommand being timed: "dd ...""  ... "\tUser time
 *                 (seconds): 0.00" ... "\tElapsed (wall clock) time (h:mm:ss
 *                 or m:ss): 0:00.09" ... "Maximum resident set size
 *                 (kbytes): 2832"
 *   GNU time      "0.00user 0.04system 0:00.09elapsed 44%CPU (0avgtext+
 *                 0avgdata 2832maxresident)k"
 *   time -p       "real 0.10" "user 0.00" "sys 0.03" (POSIX, also bash's)
 *   bash time     "real\t0m0.109s" "user\t0m0.000s" "sys\t0m0.038s"
 *   zsh time      "dd ...  0.00s user 0.04s system 44% cpu 0.109 total"
 *
 * Each timing in a file is one run (a loop of timed commands gives
 * several runs).  The test is named by the command when the output
 * shows it, else by the log's file name without its run number
 * ("dd-run2.txt" -> "dd").  A command run through sqlite3 (as PTS's
 * pts/sqlite times its insertions) is the test "SQLite".
 */
#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "log_int.h"

struct timing {
	bool has[4];          /* elapsed, user, sys, rss */
	double v[4];
	double step[4];       /* each value's resolution as printed */
	unsigned long line[4];
	char cmd[160];        /* "" when the output does not show it */
	bool gnu;             /* GNU time: its timer's step is 0.01 s */
};

/* GNU time's timer step: it prints times in hundredths of a second, and
 * a time is never finer than that whatever its digits ("1:02:03" has 1;
 * doc/statistics.md, "Resolution"). */
#define GNU_TIME_STEP 0.01

enum { ELAPSED, USER, SYS, RSS };

static const char *const what[4] = {
	"Elapsed Time", "User Time", "System Time",
	"Maximum Resident Set Size",
};

int br_detect_time(const char *buf, size_t len)
{
	struct br_log_iter it;
	size_t scan = len > BR_LOG_DETECT_MAX ? BR_LOG_DETECT_MAX : len;
	int real = 0, user = 0, sys = 0;

	if (br_log_has(buf, len, "Command being timed:") ||
	    br_log_has(buf, len, "Elapsed (wall clock) time"))
		return 90;
	if (br_log_has(buf, len, "elapsed ") && br_log_has(buf, len, "CPU (") &&
	    br_log_has(buf, len, "maxresident)k"))
		return 85;
	br_log_iter_init(&it, buf, scan);
	while (br_log_next(&it)) {
		const char *s = it.line;

		if (strncmp(s, "real", 4) == 0 && (s[4] == ' ' || s[4] == '\t')
		    && isdigit((unsigned char)*br_log_skip(s + 4)))
			real++;
		else if (strncmp(s, "user", 4) == 0 &&
			 (s[4] == ' ' || s[4] == '\t'))
			user++;
		else if (strncmp(s, "sys", 3) == 0 &&
			 (s[3] == ' ' || s[3] == '\t'))
			sys++;
		else if (strstr(s, "s user ") && strstr(s, "s system ") &&
			 strstr(s, " total"))
			return 70;
	}
	return real && (user || sys) ? 75 : 0;
}

/* "0:00.09", "1:02:03", "0m0.109s", "0m0,109s", "12.5", "12.5s" */
static bool duration(const char *s, double *out)
{
	const char *p = br_log_skip(s);
	char tmp[64];
	size_t n = 0;
	double parts[3], v, total = 0;
	int k = 0, i;

	/* the locale's decimal comma of bash's time */
	while (p[n] && p[n] != ' ' && p[n] != '\t' && n + 1 < sizeof tmp) {
		tmp[n] = p[n] == ',' ? '.' : p[n];
		n++;
	}
	tmp[n] = '\0';
	p = tmp;
	if (strchr(tmp, 'm') && !strchr(tmp, ':')) {
		if (!br_log_num(&p, &v) || *p != 'm')
			return false;
		p++;
		total = v * 60;
		if (!br_log_num(&p, &v))
			return false;
		if (*p == 's')
			p++;
		*out = total + v;
		return *p == '\0';
	}
	for (;;) {
		if (k == 3 || !br_log_num(&p, &v))
			return false;
		parts[k++] = v;
		if (*p != ':')
			break;
		p++;
	}
	if (*p == 's')
		p++;
	if (*p != '\0')
		return false;
	for (i = 0; i < k; i++)
		total = total * 60 + parts[i];
	*out = total;
	return true;
}

static bool contains_ci(const char *s, const char *needle)
{
	size_t n = strlen(needle);

	for (; *s; s++)
		if (strncasecmp(s, needle, n) == 0)
			return true;
	return false;
}

/* The command shown, s[0..n): as much as fits, not ending in half a
 * character. */
static void set_cmd(struct timing *t, const char *s, size_t n)
{
	if (n >= sizeof t->cmd)
		n = br_utf8_fit(s, sizeof t->cmd - 1);
	memcpy(t->cmd, s, n);
	t->cmd[n] = '\0';
}

static int flush(struct br_log *lg, struct timing *t, const char *stem)
{
	const char *name = t->cmd[0] ? t->cmd : stem;
	bool sqlite = contains_ci(name, "sqlite");
	int i, rc = BR_OK;

	for (i = 0; i < 4 && rc == BR_OK; i++) {
		const char *unit = i == RSS ? "KiB" : "Seconds";

		if (!t->has[i])
			continue;
		lg->next_step = t->gnu && i != RSS ?
				fmax(t->step[i], GNU_TIME_STEP) : t->step[i];
		/* the elapsed time is the command's; user and system time
		 * and the memory are sub-metrics (br_test.sub_metric) */
		lg->sub_metric = i != ELAPSED;
		if (sqlite)
			rc = br_log_addf(lg, "sqlite", "SQLite", unit,
					 BR_DIR_LIB, t->v[i], t->line[i],
					 "Timed Insertions%s%s",
					 i == ELAPSED ? "" : " - ",
					 i == ELAPSED ? "" : what[i]);
		else
			rc = br_log_addf(lg, "time", "Time", unit, BR_DIR_LIB,
					 t->v[i], t->line[i], "%s: %s - %s",
					 t->cmd[0] ? "Command" : "Log", name,
					 what[i]);
	}
	memset(t, 0, sizeof *t);
	return rc;
}

static void set(struct timing *t, int i, double v, double step,
		unsigned long line)
{
	t->has[i] = true;
	t->v[i] = v;
	t->step[i] = step;
	t->line[i] = line;
}

/* A value of kind i; a repeated kind starts the next timing. */
static int value(struct br_log *lg, struct timing *t, int i, double v,
		 unsigned long line, const char *stem)
{
	int rc = BR_OK;

	double step = br_log_last_step();  /* of the number just read */

	if (t->has[i])
		rc = flush(lg, t, stem);
	set(t, i, v, step, line);
	return rc;
}

/* "0.00user 0.04system 0:00.09elapsed 44%CPU (0avgtext+0avgdata
 * 2832maxresident)k" */
static int gnu_default(struct br_log *lg, struct timing *t, const char *s,
		       unsigned long line, const char *stem)
{
	const char *p = s, *e;
	double u, sy, el, rss, us, ss;
	char tmp[64];
	size_t n;
	int rc = flush(lg, t, stem);

	if (!br_log_num(&p, &u) || strncmp(p, "user ", 5) != 0)
		return br_log_fail(lg, line, "GNU time: expected 'Nuser'");
	us = br_log_last_step();
	p += 5;
	if (!br_log_num(&p, &sy) || strncmp(p, "system ", 7) != 0)
		return br_log_fail(lg, line, "GNU time: expected 'Nsystem'");
	ss = br_log_last_step();
	p += 7;
	e = strstr(p, "elapsed");
	n = e ? (size_t)(e - p) : 0;
	if (!e || n >= sizeof tmp)
		return br_log_fail(lg, line, "GNU time: expected 'elapsed'");
	memcpy(tmp, p, n);
	tmp[n] = '\0';
	if (!duration(tmp, &el))
		return br_log_fail(lg, line, "GNU time: bad elapsed time");
	set(t, ELAPSED, el, br_log_last_step(), line);
	set(t, USER, u, us, line);
	set(t, SYS, sy, ss, line);
	t->gnu = true;
	p = strstr(e, "avgdata ");
	if (p) {
		p += 8;
		if (br_log_num(&p, &rss) && strncmp(p, "maxresident", 11) == 0)
			set(t, RSS, rss, br_log_last_step(), line);
	}
	if (rc == BR_OK)
		rc = flush(lg, t, stem);
	return rc;
}

/* "dd ...  0.00s user 0.04s system 44% cpu 0.109 total" */
static int zsh_line(struct br_log *lg, struct timing *t, const char *s,
		    const char *us, unsigned long line, const char *stem)
{
	const char *b = us, *p;
	double u, sy, el, ustep, sstep;
	int rc = flush(lg, t, stem);

	while (b > s && b[-1] != ' ')
		b--;
	p = b;
	if (!br_log_num(&p, &u) || strncmp(p, "s user ", 7) != 0)
		return br_log_fail(lg, line, "zsh time: expected 'Ns user'");
	ustep = br_log_last_step();
	p += 7;
	if (!br_log_num(&p, &sy) || strncmp(p, "s system ", 9) != 0)
		return br_log_fail(lg, line, "zsh time: expected 'Ns "
				   "system'");
	sstep = br_log_last_step();
	p = strstr(p, " cpu ");
	if (!p)
		return br_log_fail(lg, line, "zsh time: expected 'cpu'");
	p += 5;
	if (!br_log_num(&p, &el) && !duration(p, &el))
		return br_log_fail(lg, line, "zsh time: bad total time");
	while (b > s && b[-1] == ' ')
		b--;
	set_cmd(t, s, (size_t)(b - s));
	set(t, ELAPSED, el, br_log_last_step(), line);
	set(t, USER, u, ustep, line);
	set(t, SYS, sy, sstep, line);
	if (rc == BR_OK)
		rc = flush(lg, t, stem);
	return rc;
}

/* "real 0.10" / "real\t0m0.109s": kind i, or skip a line that only
 * happens to start with the word. */
static int posix_line(struct br_log *lg, struct timing *t, int i,
		      const char *rest, unsigned long line, const char *stem)
{
	char got[40];
	double v;

	rest = br_log_skip(rest);
	if (!isdigit((unsigned char)*rest))
		return BR_OK;
	if (!duration(rest, &v)) {
		br_log_quote(rest, strlen(rest), got, sizeof got);
		return br_log_fail(lg, line, "time: cannot read the time "
				   "'%s'", got);
	}
	return value(lg, t, i, v, line, stem);
}

/* The warning for a log cut in its last timing: GNU time -v without
 * its "Exit status:" line (no_exit), or "real" without "user" and
 * "sys" after it (-p, bash).  Always BR_OK. */
static int time_cut(struct br_log *lg, const struct timing *t, bool no_exit,
		    unsigned long last)
{
	if (no_exit)
		br_log_warn_cut(lg, last, "GNU time -v", "no \"Exit status:\" "
				"line after its last command");
	else if (!t->gnu && t->has[ELAPSED] && (!t->has[USER] ||
						 !t->has[SYS]))
		br_log_warn_cut(lg, last, "time", "its last \"real\" has no "
				"\"user\" and \"sys\" lines after it");
	return BR_OK;
}

int br_read_time(struct br_resultset *rs, const char *name, const char *buf,
		 size_t len, const struct br_ingest_opts *o,
		 struct br_error *err)
{
	struct br_log_iter it;
	struct br_log lg;
	struct timing t;
	char stem[128];
	bool verbose = false, exited = false; /* GNU time -v's last line */
	int rc;

	memset(&t, 0, sizeof t);
	br_log_stem(name, stem, sizeof stem);
	rc = br_log_open(&lg, rs, name, o, err);
	lg.test_named_by = "from the command GNU time -v names, else the "
		"file name, and the measure";
	br_log_iter_init(&it, buf, len);
	while (rc == BR_OK && br_log_next(&it)) {
		const char *s = br_log_skip(it.line), *p, *us;
		double v;

		if (strncmp(s, "Command being timed:", 20) == 0) {
			rc = flush(&lg, &t, stem);
			verbose = true;
			exited = false;
			p = br_log_skip(s + 20);
			if (*p == '"')
				p++;
			set_cmd(&t, p, strlen(p));
			if (t.cmd[0] && t.cmd[strlen(t.cmd) - 1] == '"')
				t.cmd[strlen(t.cmd) - 1] = '\0';
		} else if (strncmp(s, "Exit status:", 12) == 0) {
			exited = true;
		} else if ((p = br_log_after(s, "Elapsed (wall clock) time"))) {
			p = strstr(p, "): ");
			if (!p || !duration(p + 3, &v))
				return br_log_fail(&lg, it.no, "GNU time: "
						   "bad elapsed time");
			rc = value(&lg, &t, ELAPSED, v, it.no, stem);
			t.gnu = true;
		} else if ((p = br_log_after(s, "User time (seconds):")) ||
			   (p = br_log_after(s, "System time (seconds):")) ||
			   (p = br_log_after(s, "Maximum resident set size "
					     "(kbytes):"))) {
			int i = s[0] == 'U' ? USER : s[0] == 'S' ? SYS : RSS;

			if (!br_log_num_word(&p, &v))
				return br_log_fail(&lg, it.no, "GNU time: "
						   "%s is not a number",
						   what[i]);
			if (t.has[i])
				rc = flush(&lg, &t, stem);
			set(&t, i, v, br_log_last_step(), it.no);
			t.gnu = true;
		} else if (isdigit((unsigned char)s[0]) &&
			   strstr(s, "elapsed ") && strstr(s, "system ") &&
			   strstr(s, "user ")) {
			rc = gnu_default(&lg, &t, s, it.no, stem);
		} else if ((us = strstr(s, "s user ")) &&
			   strstr(s, "s system ") && strstr(s, " total")) {
			rc = zsh_line(&lg, &t, s, us, it.no, stem);
		} else if (strncmp(s, "real", 4) == 0 &&
			   (s[4] == ' ' || s[4] == '\t')) {
			rc = posix_line(&lg, &t, ELAPSED, s + 4, it.no, stem);
		} else if (strncmp(s, "user", 4) == 0 &&
			   (s[4] == ' ' || s[4] == '\t')) {
			rc = posix_line(&lg, &t, USER, s + 4, it.no, stem);
		} else if (strncmp(s, "sys", 3) == 0 &&
			   (s[3] == ' ' || s[3] == '\t')) {
			rc = posix_line(&lg, &t, SYS, s + 3, it.no, stem);
		}
	}
	if (rc == BR_OK)
		rc = time_cut(&lg, &t, verbose && !exited, it.no);
	if (rc == BR_OK)
		rc = flush(&lg, &t, stem);
	if (rc != BR_OK)
		return rc;
	return br_log_close(&lg, "timing", it.no);
}
