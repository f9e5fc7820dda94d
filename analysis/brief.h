/*
 * brief.h - the compact summary of an analysis (doc/statistics.md, "The
 * summary"): a few sentences with the main findings, each claim with its
 * interval; the geometric mean of each system against the baseline with
 * both of its intervals; the overall rank ranges; the largest proven
 * changes.  `render --summary` lays it out with templates/summary.*.tmpl
 * and `compare --brief` prints the text one, so the two never differ.
 *
 * It leads with the systems (what they share and what differs, from
 * their hardware and software fields), where the numbers come from, and
 * each benchmark's primary metric, one line each (br_test.sub_metric;
 * doc/statistics.md, "Primary metrics").
 *
 * Its size does not grow with the number of tests: at most
 * BR_BRIEF_SYS_LINES systems described, BR_BRIEF_PRIMARY primary
 * results, BR_BRIEF_SYSTEMS geometric means and ranks,
 * BR_BRIEF_CHANGES improvements and BR_BRIEF_REGRESSIONS regressions
 * are listed (the rest counted).  Also here: the regressions
 * `compare --fail-on-regression` names on standard error.
 *
 * Every string may hold BR_NBSP markers (sentence.h).
 */
#ifndef BR_BRIEF_H
#define BR_BRIEF_H

#include <stdbool.h>
#include <stddef.h>

#include "analysis.h"

#define BR_BRIEF_SYSTEMS 20  /* geometric means and ranks listed */
#define BR_BRIEF_CHANGES 5   /* largest proven improvements */
#define BR_BRIEF_REGRESSIONS 10 /* proven regressions named */
#define BR_BRIEF_PRIMARY 12  /* primary results, one line each */
#define BR_BRIEF_SYS_LINES 10 /* systems described, one line each */

struct br_brief_item {
	size_t test;      /* changes: index into a->tests; else (size_t)-1 */
	size_t sys;       /* index into the selected systems */
	char rank[32];    /* ranking: "2-3", "-" when unranked; else "" */
	char *name;       /* changes: the test ("Dbench 4.0 - Client Count:
			   * 1"); else the system */
	char *text;       /* the line's words (below) */
};

struct br_brief {
	/* the systems: "Common: OS: Ubuntu 18.04; ..." (NULL: nothing in
	 * common), then one line per system with what differs from the
	 * others (name: the system), and a note when hardware differs
	 * ("The systems differ in hardware (Processor, Disk): ...", or
	 * NULL) */
	char *sys_common;
	struct br_brief_item *sys;
	size_t n_sys, sys_more;
	char *sys_note;
	/* where the numbers come from: "OpenBenchmarking.org result
	 * 1904258-SP-1904234HV78; tested 2019-04-24 to 2019-04-25, PTS
	 * 8.6.1", "Read from 44 files: ..."; NULL: nothing known.  The
	 * result's link is render's (br_ob_result_url). */
	char *source;
	/* each benchmark's primary metric, in test order: name the test,
	 * text "ext4-vda 646.4, tmpfs-shm 1566 MB/s; tmpfs-shm is 2.42x
	 * faster than ext4-vda (95% CI ...)"; primary_more: the primary
	 * results not listed; n_sub: the sub-metrics selected */
	struct br_brief_item *primary;
	size_t n_primary, primary_more, n_sub;
	/* "FreeBSD UFS ranks first overall: ...", "Against X, 31 of 40
	 * comparisons show a proven difference ..." */
	char **findings;
	size_t n_findings;
	/* one per candidate with a geometric mean over 2+ tests, in
	 * selection order: "1.695x over 7 tests, better; 95% CI 1.516x to
	 * 1.895x over 7 of 7 tests with runs (measurement), 0.655x to
	 * 4.384x across tests like these (geometric sd 2.794); 1 test left
	 * out" */
	struct br_brief_item *geo;
	size_t n_geo, geo_more;      /* listed; left out past the cap */
	/* the overall ranking (3+ systems), best first: rank, system and
	 * "1.059x; first in 1 of 8 tests, could be in 2 more" */
	char *ranking_head;          /* what the ranks mean, or why there is
				      * no ranking; NULL: not asked for */
	struct br_brief_item *ranks;
	size_t n_ranks, ranks_more;
	/* the proven changes against the baseline: primary metrics
	 * before sub-metrics, each largest first by the end of the
	 * interval nearer no change (how large the data prove the change
	 * to be), those too noisy to size as a ratio after them (their
	 * sentence gives the difference in the unit): the comparison's
	 * sentence.  The BR_BRIEF_CHANGES first improvements, the
	 * BR_BRIEF_REGRESSIONS first regressions */
	struct br_brief_item *gains, *losses;
	size_t n_gains, n_losses;
	size_t all_gains, all_losses; /* proven changes in all */
};


/*
 * The summary of a (BR_AN_COMPARE; BR_AN_OVERALL for the ranking).  NULL
 * on ENOMEM.  Free with br_brief_free().
 */
struct br_brief *br_brief_build(const struct br_analysis *a);
void br_brief_free(struct br_brief *b);

/* The summary's start (brief_lead.c): sys_common, sys, sys_note,
 * source and primary.  false on ENOMEM. */
bool br_brief_lead(const struct br_analysis *a, struct br_brief *b);

/* "Dbench 4.0 - Client Count: 1", as compare's heading names a test.
 * NULL on ENOMEM. */
char *br_brief_test_name(const struct br_test *t);

/*
 * A system's line in the overall ranking, after its rank and name:
 * "1.059x; first in 1 of 8 tests, could be in 2 more", or "no test in
 * common with the baseline".  NULL on ENOMEM.
 */
char *br_overall_line(const struct br_analysis *a, size_t j);

/* A geometric mean with both intervals, as the summary lists each
 * candidate's (also a group's, derived.h).  NULL on ENOMEM. */
char *br_geo_text(const struct br_analysis *a, const struct br_ageo *ag);

/*
 * The comparisons --fail-on-regression PCT fails on
 * (br_analysis_regressed), each as one line: "SQLite 3.22 - Timed
 * SQLite Insertions: FreeBSD ZFS takes 21.6% more time than FreeBSD iX
 * ZoL (95% CI 20.7% to 22.5%), worse by more than the 5% allowed (17.8%
 * worse by the gate's measure, the speedup)"; the parenthesis only for
 * fewer is better, where the two percents differ.  *out gets a new array
 * of *n new strings (free each, then the array).  false on ENOMEM.
 */
bool br_regressions(const struct br_analysis *a, double pct, char ***out,
		    size_t *n);

#endif
