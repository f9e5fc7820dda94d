/*
 * log_blogbench.c - blogbench's final scores.
 *
 *   Final score for writes:          6476
 *   Final score for reads :        660436
 *
 * Two results, "BlogBench" "Test: Write" / "Test: Read", unit "Final
 * Score", more is better (as PTS's pts/blogbench).
 */
#include <string.h>

#include "log_int.h"

int br_detect_blogbench(const char *buf, size_t len)
{
	if (br_log_has(buf, len, "Final score for writes:") ||
	    br_log_has(buf, len, "Final score for reads :"))
		return 90;
	if (br_log_has(buf, len, "Spawning ") &&
	    br_log_has(buf, len, " rewriters..."))
		return 60; /* a blogbench log cut before its scores */
	return 0;
}

int br_read_blogbench(struct br_resultset *rs, const char *name,
		      const char *buf, size_t len,
		      const struct br_ingest_opts *o, struct br_error *err)
{
	struct br_log_iter it;
	struct br_log lg;
	int rc;

	rc = br_log_open(&lg, rs, name, o, err);
	lg.test_named_by = "from blogbench's summary lines";
	br_log_iter_init(&it, buf, len);
	while (rc == BR_OK && br_log_next(&it)) {
		const char *s = br_log_skip(it.line), *p, *test;
		double v;

		if (strncmp(s, "Final score for ", 16) != 0)
			continue;
		p = s + 16;
		if (strncmp(p, "writes", 6) == 0)
			test = "Test: Write";
		else if (strncmp(p, "reads", 5) == 0)
			test = "Test: Read";
		else
			continue;
		p = strchr(p, ':');
		if (!p)
			return br_log_fail(&lg, it.no, "blogbench: expected "
					   "':' after 'Final score for ...'");
		p++;
		if (!br_log_num_word(&p, &v))
			return br_log_fail(&lg, it.no, "blogbench: the final "
					   "score is not a number");
		rc = br_log_addf(&lg, "blogbench", "BlogBench", "Final Score",
				 BR_DIR_HIB, v, it.no, "%s", test);
	}
	if (rc != BR_OK)
		return rc;
	/* blogbench prints both final scores, writes then reads */
	if (lg.n_results == 1)
		br_log_warn_cut(&lg, it.no, "blogbench", "one final score "
				"only (writes and reads follow each other)");
	return br_log_close(&lg, "blogbench", it.no);
}
