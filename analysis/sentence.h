/*
 * sentence.h - results in words: one sentence per comparison, in the
 * wording of doc/statistics.md ("Comparisons in words").  Every output
 * that states a comparison (compare, the reports) prints these.
 */
#ifndef BR_SENTENCE_H
#define BR_SENTENCE_H

#include <stddef.h>

#include "analysis.h"

/* Inside a sentence: a space that never breaks ("N = 3", "95% CI");
 * printed as a space (render/words.h br_wrap). */
#define BR_NBSP "\x1f"

/*
 * One sentence for candidate bname against baseline aname on test t:
 * "B is 3.6% faster than A (95% CI 1.8% to 5.4%)", "B: no difference
 * proven at 95% confidence (...)", "B is equivalent to A within +/-1%
 * (...)", ...  Direction-aware; "faster/slower" for times and rates,
 * "better/worse" for other units, "higher/lower" when the direction is
 * unknown.  equivalence is the --equivalence margin in percent (0: off).
 * Into buf (with BR_NBSP markers); returns buf.
 */
const char *br_comparison_sentence(char *buf, size_t size,
				   const struct br_test *t, const char *bname,
				   const char *aname,
				   const struct br_comparison *c,
				   double confidence, double equivalence);

/* The sentence of system j against the baseline in test i of a (which
 * must have a comparison there). */
const char *br_analysis_sentence(char *buf, size_t size,
				 const struct br_analysis *a, size_t i,
				 size_t j);

/* "+1.2%" / "-13%" / "-0.021%": one decimal below 10, none above,
 * two significant digits below 1. */
const char *br_signed_pct(char *buf, size_t size, double v);

#endif
