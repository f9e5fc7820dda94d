/*
 * derived.h - the words of the derived results (derived.c, groups.c;
 * doc/statistics.md, "Wins and losses", "Geometric mean per group",
 * "Greatest spread", "Two systems"): every output prints these.  Each
 * returns a new string with BR_NBSP markers (sentence.h), NULL on
 * ENOMEM: free() it.
 */
#ifndef BR_DERIVED_H
#define BR_DERIVED_H

#include "analysis.h"

/* The rule of the wins table: "A test counts where at least two of the
 * 6 systems and at least half of them (rounded down) have a result, as
 * PTS counts them: 8 tests.  First: the rank range is exactly 1 (every
 * other system proven behind at 95%, Holm-adjusted); last: exactly the
 * last place; tied: neither proven." */
char *br_wins_rule(const struct br_analysis *a);

/* System j's wins: "first in 3 of 7 tests, last in 0, tied in 4", or
 * "no counted test". */
char *br_wins_line(const struct br_analysis *a, size_t j);

/* The summary's line: the system with the most wins (the first of them
 * in selection order): "FreeBSD UFS is first in 3 of 7 tests, tied in 4
 * (proven firsts; 8 tests counted)", or NULL in *s when no test counts
 * or nothing is proven first, or the analysis has no BR_AN_DERIVED. */
bool br_wins_finding(const struct br_analysis *a, char **s);

/* A group's heading: "pts/dbench: 2 tests", "Disk Test Suite
 * (pts/disk-1.3.2): 6 tests". */
char *br_group_head(const struct br_analysis *a, const struct br_group *g);

/* Candidate j's geometric mean in group g, as the summary writes the
 * overall one, with the group's rank range when it has a ranking:
 * "1.695x over 7 tests, better; 95% CI ...; rank 1". */
char *br_group_line(const struct br_analysis *a, const struct br_group *g,
		    size_t j);

/* The same in short, for the summary and the reports: "1.487x over 2
 * tests, better (95% CI 1.473x to 1.501x); rank 2". */
char *br_group_short(const struct br_analysis *a, const struct br_group *g,
		     size_t j);

/* What the groups are and how they were made: "Geometric means by test
 * profile (--group-by profile), against A:" and the tests in no group. */
char *br_groups_head(const struct br_analysis *a);

/* A spread in words: "FreeBSD UFS is 13.9x faster than Ubuntu 18.04 EXT4
 * (95% CI 13.6x to 14.1x)". */
char *br_spread_line(const struct br_analysis *a, const struct br_spread *sp);

/* "Greatest proven spread from best to worst (5 of 7 tests), by the
 * lower end of the 95% CI:" */
char *br_spreads_head(const struct br_analysis *a);

/* --hide-unchanged: "3 tests proven unchanged within +/-5% (TOST) are
 * not shown." */
char *br_unchanged_note(const struct br_analysis *a);

/*
 * The two-system table (doc/statistics.md, "Two systems"): with exactly
 * two selected systems, every compared test's speedup of the candidate
 * against the baseline with its interval and a mark.  Each output
 * (compare's text, the reports, their CSV/JSON rows) reads these.
 */
struct br_two_way_cell {
	char mark;          /* '~' no difference proven, '=' proven
			     * equivalent, '?' no interval or no value,
			     * ' ' a proven change */
	const char *words;  /* in words: "proven better", "proven worse",
			     * "no difference proven", "proven equivalent",
			     * "no interval", "no comparison" */
	char value[48];     /* "3.353x", "-" */
	char ci[160];       /* "3.340x to 3.367x", "no ratio interval", or
			     * why there is no comparison ("no result") */
	bool ok;            /* a comparison with a speedup */
};

/* The candidate of the two-system table, or SIZE_MAX when it is not
 * shown: not two systems, or fewer than two rows (hide: without the
 * tests a->unchanged marks, --hide-unchanged). */
size_t br_two_way_candidate(const struct br_analysis *a, bool hide);

/* Whether compared test i is a row (not hidden as unchanged). */
bool br_two_way_row(const struct br_analysis *a, size_t i, bool hide);

/* Test i's cell for candidate j. */
void br_two_way_cell(const struct br_analysis *a, size_t i, size_t j,
		     struct br_two_way_cell *out);

/* Test i's line of the table in text: "~ 0.956x (0.851x to 1.062x)
 * BlogBench 1.1 - Test: Read", a proven change's mark a BR_NBSP, "?
 * SQLite 3.22 - Timed SQLite Insertions: no result". */
char *br_two_way_line(const struct br_analysis *a, size_t i, size_t j);

/* The heading: "FreeBSD UFS against FreeBSD ZFS, every test: speedup
 * (above 1 is better) and its 95% CI; ~ no difference proven, = proven
 * equivalent within +/-5%, ? no interval:" */
char *br_two_way_head(const struct br_analysis *a, size_t j);

/* "Dbench 4.0 - Client Count: 1", as compare's heading names a test. */
char *br_test_name(const struct br_test *t);

#endif
