/*
 * log_compilebench.c - compilebench's summary after "run complete:".
 *
 *   intial create total runs 20 avg 30.25 MB/s (user 0.74s sys 2.40s)
 *   no runs for create
 *   compile total runs 20 avg 39.79 MB/s (user 0.17s sys 2.55s)
 *   delete compiled tree total runs 20 avg 4.42 seconds (user 0.58s ...)
 *
 * ("intial" is compilebench's spelling.)  Each phase that ran is a result
 * "Compile Bench" "Test: Initial Create" ...: MB/s (more is better) or
 * seconds (fewer is better), as the phase reports it.
 */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "log_int.h"

int br_detect_compilebench(const char *buf, size_t len)
{
	if (br_log_has(buf, len, "intial create total runs") ||
	    br_log_has(buf, len, "compile total runs") ||
	    br_log_has(buf, len, "read compiled tree total runs"))
		return 90;
	if (br_log_has(buf, len, "using working directory") &&
	    br_log_has(buf, len, "intial dirs"))
		return 70;
	return 0;
}

/* "intial create" -> "Initial Create" */
static void phase_title(const char *s, size_t n, char *out, size_t cap)
{
	size_t i, k = 0;
	bool up = true;

	if (n >= 6 && strncmp(s, "intial", 6) == 0) {
		k = (size_t)snprintf(out, cap, "Initial");
		s += 6;
		n -= 6;
		up = false;
	}
	for (i = 0; i < n && k + 1 < cap; i++) {
		char c = s[i];

		if (c == ' ')
			up = true;
		else if (up) {
			c = (char)toupper((unsigned char)c);
			up = false;
		}
		out[k++] = c;
	}
	out[k] = '\0';
}

int br_read_compilebench(struct br_resultset *rs, const char *name,
			 const char *buf, size_t len,
			 const struct br_ingest_opts *o, struct br_error *err)
{
	struct br_log_iter it;
	struct br_log lg;
	int rc;

	rc = br_log_open(&lg, rs, name, o, err);
	lg.test_named_by = "from compilebench's summary lines";
	br_log_iter_init(&it, buf, len);
	while (rc == BR_OK && br_log_next(&it)) {
		const char *s = br_log_skip(it.line);
		const char *k = strstr(s, " total runs "), *p, *w;
		char phase[64];
		double runs, v;

		if (!k || k == s || k - s > 40)
			continue;
		phase_title(s, (size_t)(k - s), phase, sizeof phase);
		p = k + strlen(" total runs ");
		if (!br_log_num(&p, &runs) ||
		    strncmp(br_log_skip(p), "avg ", 4) != 0)
			return br_log_fail(&lg, it.no, "compilebench %s: "
					   "expected 'total runs N avg'",
					   phase);
		p = br_log_skip(p) + 4;
		if (!br_log_num_word(&p, &v))
			return br_log_fail(&lg, it.no, "compilebench %s: the "
					   "average is not a number", phase);
		w = br_log_skip(p);
		if (strncmp(w, "MB/s", 4) == 0)
			rc = br_log_addf(&lg, "compilebench", "Compile Bench",
					 "MB/s", BR_DIR_HIB, v, it.no,
					 "Test: %s", phase);
		else if (strncmp(w, "seconds", 7) == 0)
			rc = br_log_addf(&lg, "compilebench", "Compile Bench",
					 "Seconds", BR_DIR_LIB, v, it.no,
					 "Test: %s", phase);
		else
			return br_log_fail(&lg, it.no, "compilebench %s: "
					   "unknown unit", phase);
	}
	if (rc != BR_OK)
		return rc;
	/* the summary's last line is about the stat phase: "stat compiled
	 * tree total runs ..." or "no runs for stat tree" */
	if (lg.n_results && !br_log_has_tail(buf, len, "stat tree") &&
	    !br_log_has_tail(buf, len, "stat compiled tree"))
		br_log_warn_cut(&lg, it.no, "compilebench", "its summary ends "
				"before the stat tree line");
	return br_log_close(&lg, "compilebench", it.no);
}
