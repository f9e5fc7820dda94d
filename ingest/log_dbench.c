/*
 * log_dbench.c - dbench 3.x and 4.x output.
 *
 *   dbench version 4.00 - Copyright Andrew Tridgell 1999-2004
 *   ...
 *    Operation      Count    AvgLat    MaxLat
 *    ----------------------------------------
 *    NTCreateX     172617     0.010     2.175
 *   ...
 *   Throughput 1092.42 MB/sec  2 clients  2 procs  max_latency=14.000 ms
 *
 * dbench 3.x ends with "Throughput 179.726 MB/sec 20 procs" (one process
 * per client, no operation table).  The throughput is the result (test
 * "Dbench", "Client Count: N", MB/s); the 4.x operation table gives extra
 * results: average and maximum latency per operation, in ms.
 */
#include <stdio.h>
#include <string.h>

#include "log_int.h"

#define MAX_OPS 64

struct op {
	char name[32];
	double avg, max;
	unsigned long line;
};

int br_detect_dbench(const char *buf, size_t len)
{
	if (br_log_has(buf, len, "dbench version "))
		return 90;
	if (br_log_has(buf, len, "Throughput ") &&
	    br_log_has(buf, len, " MB/sec") && br_log_has(buf, len, " procs"))
		return 70;
	return 0;
}

/* "Throughput 1092.42 MB/sec  2 clients  2 procs ..." */
static int read_throughput(struct br_log *lg, struct br_log_iter *it,
			   struct op *ops, size_t n_ops)
{
	const char *p = it->line + strlen("Throughput");
	const char *q, *w;
	double mbs, clients = -1, procs = -1, v;
	char desc[64], got[40];
	size_t i;
	int rc;

	if (!br_log_num(&p, &mbs)) {
		br_log_quote(br_log_skip(p), strlen(br_log_skip(p)), got,
			     sizeof got);
		return br_log_fail(lg, it->no, "expected a number after "
				   "'Throughput', got '%s'", got);
	}
	if (!br_log_starts(p, "MB/sec"))
		return br_log_fail(lg, it->no, "expected 'MB/sec' after the "
				   "dbench throughput");
	/* Each count is the number before its word. */
	for (q = p; *q; q = w) {
		const char *num = q;

		if (!br_log_num(&num, &v)) {
			w = q + 1;
			continue;
		}
		w = br_log_skip(num);
		if (strncmp(w, "clients", 7) == 0)
			clients = v;
		else if (strncmp(w, "procs", 5) == 0)
			procs = v;
	}
	/* dbench 4 ends the line with max_latency=: without it, cut */
	if (clients >= 0 && !strstr(p, "max_latency="))
		br_log_warn_cut(lg, it->no, "dbench", "its Throughput line "
				"ends before \"max_latency=\"");
	if (clients < 0)
		clients = procs;
	if (clients < 0 || clients > 1e9)
		return br_log_fail(lg, it->no, "dbench throughput line "
				   "without a client count");
	snprintf(desc, sizeof desc, "Client Count: %.0f", clients);
	rc = br_log_addf(lg, "dbench", "Dbench", "MB/s", BR_DIR_HIB, mbs,
			 it->no, "%s", desc);
	/* the throughput is what dbench users quote; the per-operation
	 * latencies are its sub-metrics (model.h, br_test.sub_metric) */
	for (i = 0; i < n_ops && rc == BR_OK; i++) {
		lg->sub_metric = true;
		rc = br_log_addf(lg, "dbench", "Dbench", "ms", BR_DIR_LIB,
				 ops[i].avg, ops[i].line,
				 "%s - Operation: %s - Average Latency", desc,
				 ops[i].name);
		lg->sub_metric = true;
		if (rc == BR_OK)
			rc = br_log_addf(lg, "dbench", "Dbench", "ms",
					 BR_DIR_LIB, ops[i].max, ops[i].line,
					 "%s - Operation: %s - Max Latency",
					 desc, ops[i].name);
	}
	return rc;
}

/* " NTCreateX     172617     0.010     2.175" */
static int read_op(struct br_log *lg, struct br_log_iter *it, struct op *op)
{
	const char *p = br_log_skip(it->line), *e = p;
	double count;
	size_t n;

	while (*e && *e != ' ' && *e != '\t')
		e++;
	n = (size_t)(e - p);
	if (n == 0 || n >= sizeof op->name)
		return br_log_fail(lg, it->no, "bad dbench operation row");
	memcpy(op->name, p, n);
	op->name[n] = '\0';
	if (!br_log_num_word(&e, &count) || !br_log_num_word(&e, &op->avg) ||
	    !br_log_num_word(&e, &op->max))
		return br_log_fail(lg, it->no, "dbench operation %s: expected "
				   "count, average and maximum latency",
				   op->name);
	op->line = it->no;
	return BR_OK;
}

int br_read_dbench(struct br_resultset *rs, const char *name, const char *buf,
		   size_t len, const struct br_ingest_opts *o,
		   struct br_error *err)
{
	struct op ops[MAX_OPS];
	struct br_log_iter it;
	struct br_log lg;
	size_t n_ops = 0;
	bool in_table = false;
	int rc;

	rc = br_log_open(&lg, rs, name, o, err);
	lg.test_named_by = "from dbench's client count and operation table";
	br_log_iter_init(&it, buf, len);
	while (rc == BR_OK && br_log_next(&it)) {
		const char *s = br_log_skip(it.line);

		if (strncmp(s, "Throughput ", 11) == 0) {
			rc = read_throughput(&lg, &it, ops, n_ops);
			n_ops = 0;
			in_table = false;
		} else if (strncmp(s, "Operation", 9) == 0 &&
			   strstr(s, "AvgLat")) {
			in_table = true;
			n_ops = 0;
		} else if (in_table) {
			if (*s == '\0')
				in_table = false;
			else if (*s != '-' && n_ops < MAX_OPS)
				rc = read_op(&lg, &it, &ops[n_ops++]);
		}
	}
	if (rc != BR_OK)
		return rc;
	/* an operation table is followed by its Throughput line */
	if (in_table && lg.n_results)
		br_log_warn_cut(&lg, it.no, "dbench", "its last operation "
				"table has no \"Throughput\" line after it");
	return br_log_close(&lg, "dbench", it.no);
}
