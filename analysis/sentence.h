/*
 * sentence.h - results in words: one sentence per comparison, in the
 * wording of doc/statistics.md ("Comparisons in words").  Every output
 * that states a comparison (compare, the reports) prints these.
 */
#ifndef BR_SENTENCE_H
#define BR_SENTENCE_H

#include <stdbool.h>
#include <stddef.h>

#include "analysis.h"

/* Inside a sentence: a space that never breaks ("N = 3", "95% CI");
 * printed as a space (render/text/words.h br_wrap). */
#define BR_NBSP "\x1f"

/*
 * One sentence for candidate bname against baseline aname on test t, in
 * the wording of doc/statistics.md ("Wording"): "B is 3.6% faster than A
 * (95% CI 1.8% to 5.4%)", "B is 4.90x slower than A (...)", "B: no
 * difference proven at 95% confidence (1.2% faster than A, 95% CI 3.2%
 * slower to 5.1% faster)", "B is equivalent to A within +/-1% (...)", ...
 * "faster/slower" for times and rates, "better/worse" for other units,
 * "higher/lower" when the direction is unknown.  Without a ratio (a mean
 * not above 0, or too noisy) the change is the difference in t's unit at
 * decimals places.  equivalence is the --equivalence margin in percent
 * (0: off).  A new string, of any length (names are not cut), with
 * BR_NBSP markers: free() it.  NULL on ENOMEM.
 */
char *br_comparison_sentence(const struct br_test *t, const char *bname,
			     const char *aname, const struct br_comparison *c,
			     double confidence, double equivalence,
			     int decimals);

/* Why a geometric mean has no measurement interval: "no test has N >= 2
 * on both sides" or "a test's mean is not clearly above 0" (with runs:
 * its ratio cannot be sized). */
const char *br_geomean_no_ci(const struct br_geomean *g);

/* A geometric mean's verdict in words (its factor a speedup: above 1 is
 * better): "better", "worse", "no difference proven", or without a
 * measurement interval "better, single runs" or, when a test's mean is
 * not clearly above 0, "better, not proven". */
const char *br_geo_words(const struct br_ageo *g);

/* Whether t is the wall time of a hyperfine JSON (ingest/log_hyperfine.c
 * names its tests): "Wall time", or "Command: ..." without a user or
 * system time suffix. */
bool br_hyperfine_wall(const struct br_test *t);

/*
 * Which tests a geometric mean's point and measurement interval are over
 * (doc/statistics.md, "Geometric mean"), written to buf and returned:
 * br_geo_head gives "3 tests" when every test has runs (or none has:
 * then over all of them) and "1 of 2 tests with runs" otherwise;
 * br_geo_over "over 1 of 2 tests with runs" always, with "; wall time
 * only: hyperfine keeps user and system times as means, without runs"
 * for a hyperfine file.
 */
const char *br_geo_head(const struct br_ageo *g, char *buf, size_t size);
/* The tests behind gm (k_runs, or k when no test has runs). */
size_t br_geo_k(const struct br_ageo *g);
/* br_geo_head for a table's Tests column: "3", "1 of 2 with runs". */
const char *br_geo_tests(const struct br_ageo *g, char *buf, size_t size);
const char *br_geo_over(const struct br_ageo *g, char *buf, size_t size);

/* The sub-metrics a geometric mean leaves out (doc/statistics.md,
 * "Primary metrics"): "86 sub-metrics not counted (--all-metrics counts
 * them)"; "" when none.  Written to buf, returned. */
const char *br_geo_sub_note(const struct br_ageo *g, char *buf,
			    size_t size);

/* The mean over every test, single runs included, when it differs in
 * its tests from the headline: "with the 1 single-run test, over all 2
 * tests: 0.316x, not proven"; "" otherwise.  Written to buf, returned. */
const char *br_geo_with_single(const struct br_ageo *g, char *buf,
			       size_t size);

/*
 * Why the overall ranking lists system j below systems whose geometric
 * means against the baseline are lower (a->overall.swaps): "below B,
 * though its geometric mean against A is higher: over the 2 tests both
 * ran with runs, B is proven better (1.50x, 95% CI 1.40x to 1.61x)", or
 * "below B, ...: pairs proven over the tests each pair ran put B above
 * it"; at most 3, then "and below 2 more for the same reason".  "" when
 * the order of geometric means holds for j.  A new string with BR_NBSP
 * markers: free() it; NULL on ENOMEM.
 */
char *br_overall_why_below(const struct br_analysis *a, size_t j);

/* System j's firsts in the overall ranking (a->overall.ok), as the
 * tail of its entry: "; first in 2 of 8 tests", "; first in 2 of 8
 * tests, could be in 1 more", "; could be first in 3 of 8 tests", or "";
 * "of 8": the tests of the ranking where j has N >= 2 (o->ran), so a
 * system that ran 7 of them says "of 7" (doc/statistics.md, "Overall
 * ranking").  Written to buf, returned. */
const char *br_overall_firsts(const struct br_analysis *a, size_t j,
			      char *buf, size_t size);

/* Why test i of a has no comparison, its baseline having no value:
 * "the baseline B has no result", "... failed: REASON", "... has no
 * value: REASON", "the baseline B was faster than measurable".  A new string: free() it; NULL on
 * ENOMEM. */
char *br_analysis_no_baseline(const struct br_analysis *a, size_t i);

/* System j against the baseline in test i where j was too fast to
 * measure and the baseline has a value: "B is faster than A (too fast
 * to measure: bonnie++ printed "+++++"), so by an unknown amount"
 * (doc/statistics.md, "Too fast to measure").  NULL otherwise (or on
 * ENOMEM); free() it. */
char *br_analysis_beyond(const struct br_analysis *a, size_t i, size_t j);

/* The summary's count of tests too fast to measure: "10 tests were too
 * fast to measure on some system (bonnie++ printed "+++++"): faster than
 * measurable, not sized and left out of the geometric means; in 1 more
 * some runs were, and N counts the others".  NULL *out when there is
 * none; false on ENOMEM.  free() *out. */
bool br_beyond_count(const struct br_analysis *a, char **out);

/* The sentence of system j against the baseline in test i of a (which
 * must have a comparison there), as br_comparison_sentence() makes it. */
char *br_analysis_sentence(const struct br_analysis *a, size_t i, size_t j);

/*
 * hyperfine's summary line for system j against the baseline in test i
 * of a, when test i is the wall time of a hyperfine JSON
 * (ingest/log_hyperfine.c) and both means are above 0: "B ran 2.21 +/-
 * 0.22 times faster than A" (or A than B), R and E to two decimals as
 * hyperfine prints them, without "+/- E" for a single run.  false when
 * the test is not one; else true with *out a new string (NULL on
 * ENOMEM): free() it.
 */
bool br_analysis_hyperfine(const struct br_analysis *a, size_t i, size_t j,
			   char **out);

/* Markdown past GitHub's limit (doc/templates.md, "Markdown on
 * GitHub"): the report's note, "Cut to fit GitHub's 65,536 characters:
 * the sections of the last 40 of 126 tests are left out ...", and the
 * warning said on stderr, "warning: the Markdown report would be 88,698
 * characters ...".  New strings: free() them; NULL on ENOMEM. */
#define BR_MD_LIMIT 65536
char *br_md_cut_note(size_t kept, size_t total);
char *br_md_cut_warning(size_t chars, size_t kept, size_t total);

/* Why system j's geometric mean against the baseline has no measurement
 * interval, naming the tests (every format says it: doc/statistics.md,
 * "Geometric mean"): "no interval: the means of T1 and T2 are not
 * clearly above 0, so their ratios cannot be sized" (up to three named,
 * "and N more"), "no interval: the ratio on T is too noisy to size"
 * (over one test with runs, whose Fieller interval is unbounded), or
 * "no interval: no test has N >= 2 on both sides".
 * A new string: free() it; NULL on ENOMEM or when j has an interval. */
char *br_geo_no_ci_why(const struct br_analysis *a, size_t j);
/* The same without "no interval: ", for "no measurement CI (...): why"
 * in compare and the summary: one sentence in every format. */
char *br_geo_no_ci_reason(const struct br_analysis *a, size_t j);

#endif
