/*
 * log_gobench.c - the output of `go test -bench` (the format benchstat
 * reads, golang.org/x/perf's benchfmt):
 *
 *   goos: linux
 *   goarch: amd64
 *   pkg: example.com/brsample
 *   cpu: Intel(R) Xeon(R) Processor
 *   BenchmarkSHA256-2   5832   83105 ns/op   52.94 MB/s   32 B/op   1 allocs/op
 *   ...
 *   PASS
 *   ok      example.com/brsample    9.884s
 *
 * Every benchmark line is one run (-count N gives N lines of a name);
 * every "VALUE UNIT" pair on it is a result of its own test: title the
 * benchmark's name without "Benchmark" and without the "-N" GOMAXPROCS
 * suffix (as benchstat shows it: "SHA256", "Sort/n=100"), description
 * the unit as Go prints it ("ns/op", "B/op", "allocs/op", "MB/s", or a
 * b.ReportMetric unit such as "ratio").  ns/op is in ns, B/op in bytes,
 * MB/s (10^6 bytes) a byte rate; units ending in "/s" are more-is-better,
 * units ending in "/op" fewer-is-better, others (b.ReportMetric's
 * "ratio") have the direction --direction gives, else none (Go records
 * none; a warning says so).  The package
 * ("pkg:") is part of the tests' key, so benchmarks of one name in two
 * packages stay apart.  The configuration lines ("key: value") before
 * the benchmarks are system details: "cpu" hardware (Processor),
 * "goos"/"goarch" software (OS, Architecture), and the GOMAXPROCS
 * suffix.  A raw `go test` log (one with a "goos:" or "pkg:" header)
 * ends with "PASS"/"FAIL" and "ok"/"FAIL PKG": without them, or with a
 * benchmark line cut short, the log looks cut (a warning says so).
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "log_int.h"

#define GO_KEY_MAX 256

/* The length of a benchmark line's name field, or 0 if line is not one:
 * "Benchmark" then nothing or a character that is not a lower-case
 * letter (Go's rule), up to a blank. */
static size_t bench_name(const char *s)
{
	size_t n;

	if (strncmp(s, "Benchmark", 9) != 0 || islower((unsigned char)s[9]))
		return 0;
	n = strcspn(s, " \t");
	return n;
}

/* Whether s is a benchmark line with results: name, a whole number of
 * iterations, then at least one "VALUE UNIT". */
static bool bench_line(const char *s)
{
	size_t n = bench_name(s);
	const char *p;
	double v;

	if (!n)
		return false;
	p = br_log_skip(s + n);
	if (!isdigit((unsigned char)*p))
		return false;
	p += strspn(p, "0123456789");
	if (*p != ' ' && *p != '\t')
		return false;
	if (!br_log_num_word(&p, &v))
		return false;
	p = br_log_skip(p);
	return *p && *p != ' ';
}

int br_detect_gobench(const char *buf, size_t len)
{
	struct br_log_iter it;
	size_t scan = len > BR_LOG_DETECT_MAX ? BR_LOG_DETECT_MAX : len;

	br_log_iter_init(&it, buf, scan);
	while (br_log_next(&it))
		if (bench_line(it.line))
			return 90;
	return 0;
}

/* The configuration a go test log has printed so far. */
struct go_conf {
	char pkg[GO_KEY_MAX];
	char goos[GO_KEY_MAX], goarch[GO_KEY_MAX], cpu[GO_KEY_MAX];
	char procs[16];
	bool header;           /* a "goos:"/"pkg:" line: raw go test output */
	bool closed;           /* "ok"/"PASS"/"FAIL" after the last result */
	unsigned long last;    /* line of the last benchmark line */
	bool cut;              /* the last benchmark line was cut short */
};

/* "key: value" configuration line: stores the ones we use. */
static bool conf_line(struct go_conf *c, const char *s)
{
	static const struct {
		const char *key;
		size_t off;
	} keys[] = {
		{"pkg: ", offsetof(struct go_conf, pkg)},
		{"goos: ", offsetof(struct go_conf, goos)},
		{"goarch: ", offsetof(struct go_conf, goarch)},
		{"cpu: ", offsetof(struct go_conf, cpu)},
	};
	size_t i, k;

	if (!islower((unsigned char)s[0]))
		return false;
	for (i = 0; i < sizeof keys / sizeof keys[0]; i++) {
		k = strlen(keys[i].key);
		if (strncmp(s, keys[i].key, k) == 0) {
			char *dst = (char *)c + keys[i].off;

			snprintf(dst, GO_KEY_MAX, "%.*s",
				 BR_UTF8_PREC(s + k, GO_KEY_MAX - 1));
			c->header = true;
			return true;
		}
	}
	return false;
}

/* How Go's unit u maps to ours: unit and direction. */
static const char *unit_of(const char *u, enum br_dir *dir)
{
	size_t n = strlen(u);

	*dir = n > 2 && !strcmp(u + n - 2, "/s") ? BR_DIR_HIB :
	       n > 3 && !strcmp(u + n - 3, "/op") ? BR_DIR_LIB : BR_DIR_UNKNOWN;
	if (!strcmp(u, "ns/op"))
		return "ns";
	if (!strcmp(u, "B/op"))
		return "Bytes";
	if (!strcmp(u, "MB/s"))
		return "MB/s";
	return u;
}

/* One "VALUE UNIT" pair of benchmark title (in package pkg). */
static int go_value(struct br_log *lg, const char *title, const char *key,
		    const char *unit, double v, unsigned long line)
{
	struct br_log_test t;
	enum br_dir dir;

	t.identifier = "go";
	t.title = title;
	/* ns/op is shown in the unit its size calls for (analysis/units.h):
	 * named as benchstat names it, "sec/op", not "ns/op" above "µs" */
	t.description = strcmp(unit, "ns/op") ? unit : "sec/op";
	t.unit = unit_of(unit, &dir);
	t.dir = dir;
	lg->arguments = key;
	return br_log_add(lg, &t, v, line);
}

/* Split the name field into title (no "Benchmark", no "-N") and the
 * GOMAXPROCS suffix. */
static void split_name(const char *s, size_t n, char *title, size_t cap,
		       char *procs, size_t pcap)
{
	size_t m = n, d;

	s += 9;
	n -= 9;
	m = n;
	for (d = m; d > 0 && isdigit((unsigned char)s[d - 1]); d--)
		;
	procs[0] = '\0';
	if (d < m && d > 0 && s[d - 1] == '-') {
		snprintf(procs, pcap, "%.*s", (int)(m - d), s + d);
		m = d - 1;
	}
	snprintf(title, cap, "%.*s", BR_UTF8_PREC(s, m < cap ? m : cap - 1));
}

/* A benchmark line: its name, iterations, then VALUE UNIT pairs. */
static int go_line(struct br_log *lg, struct go_conf *c, const char *s,
		   unsigned long line)
{
	char title[GO_KEY_MAX], unit[64], procs[16];
	const char *key, *p;
	size_t n = bench_name(s), u, pairs = 0;
	double v;
	int rc = BR_OK;

	c->last = line;
	c->closed = false;
	c->cut = !bench_line(s);
	if (c->cut)
		return BR_OK; /* a name alone: cut, or a log line follows */
	split_name(s, n, title, sizeof title, procs, sizeof procs);
	if (!c->procs[0])
		snprintf(c->procs, sizeof c->procs, "%s", procs);
	{
		char *k = br_strf("%s %s", c->pkg, title);

		key = k ? br_rs_str(lg->rs, k) : NULL;
		free(k);
		if (!key)
			return br_log_fail(lg, line, "out of memory");
	}
	p = br_log_skip(s + n);
	p += strspn(p, "0123456789");
	while (rc == BR_OK && br_log_num_word(&p, &v)) {
		p = br_log_skip(p);
		u = strcspn(p, " \t");
		if (u == 0 || u >= sizeof unit) {
			c->cut = true; /* a value without its unit */
			break;
		}
		memcpy(unit, p, u);
		unit[u] = '\0';
		p = br_log_skip(p + u);
		rc = go_value(lg, title, key, unit, v, line);
		pairs++;
	}
	if (rc == BR_OK && *p && !c->cut)
		return br_log_fail(lg, line, "go test: expected a number and "
				   "a unit after benchmark %s", title);
	return rc;
}

/* The header's details on the system, and the cut warning. */
static int go_finish(struct br_log *lg, const struct go_conf *c,
		     unsigned long last_line)
{
	int rc = br_log_detail(lg, true, "Processor", c->cpu, 1);

	if (rc == BR_OK)
		rc = br_log_detail(lg, false, "OS", c->goos, 1);
	if (rc == BR_OK)
		rc = br_log_detail(lg, false, "Architecture", c->goarch, 1);
	if (rc == BR_OK)
		rc = br_log_detail(lg, false, "GOMAXPROCS", c->procs, 1);
	if (rc != BR_OK)
		return rc;
	if (c->cut)
		br_log_warn_cut(lg, c->last, "go test", "its last benchmark "
				"line has no result");
	else if (c->header && c->last && !c->closed)
		br_log_warn_cut(lg, last_line, "go test", "no \"PASS\" or "
				"\"ok\" line after its last benchmark");
	return BR_OK;
}

int br_read_gobench(struct br_resultset *rs, const char *name,
		    const char *buf, size_t len,
		    const struct br_ingest_opts *o, struct br_error *err)
{
	struct br_log_iter it;
	struct br_log lg;
	struct go_conf *c = calloc(1, sizeof *c);
	int rc;

	if (!c)
		return br_error_set(err, BR_EIO, name, 0, "out of memory");
	rc = br_log_open(&lg, rs, name, o, err);
	lg.test_named_by = "from the Go benchmark line (BenchmarkNAME, its "
		"unit)";
	br_log_iter_init(&it, buf, len);
	while (rc == BR_OK && br_log_next(&it)) {
		const char *s = it.line;

		if (bench_name(s) && it.pos >= len && buf[len - 1] != '\n') {
			c->cut = true;  /* the last line, without its end */
			c->last = it.no;
		} else if (bench_name(s)) {
			rc = go_line(&lg, c, s, it.no);
		}
		else if (!strcmp(s, "PASS") || !strncmp(s, "ok ", 3) ||
			 !strncmp(s, "ok\t", 3) || !strncmp(s, "FAIL", 4))
			c->closed = true;
		else
			(void)conf_line(c, s);
	}
	if (rc == BR_OK && lg.n_results)
		rc = go_finish(&lg, c, it.no);
	free(c);
	if (rc != BR_OK)
		return rc;
	return br_log_close(&lg, "go test -bench", it.no);
}
