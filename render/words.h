/*
 * words.h - benchmark results in words, for plain-text output (compare,
 * the mail report): one sentence per comparison in STATS.md's wording,
 * and a word wrapper for 72-column text.
 */
#ifndef BR_WORDS_H
#define BR_WORDS_H

#include <stddef.h>
#include <stdio.h>

#include "../model/model.h"
#include "../stats/stats.h"

/* Inside a string given to br_wrap(): a space that never breaks
 * ("N = 3", "95% CI"); printed as a space. */
#define BR_NBSP "\x1f"

/*
 * Print printf-formatted text word-wrapped at width columns: the first
 * line indented by indent, the others by indent + hang.  Words longer
 * than a line are not broken.  Ends with a newline.
 */
void br_wrap(FILE *fp, int indent, int hang, int width, const char *fmt, ...)
	__attribute__((format(printf, 5, 6)));

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

/* n spaces, written in blocks (padding is most of a text report). */
void br_spaces(FILE *fp, size_t n);

/* "+1.2%" / "-13%" / "-0.021%": one decimal below 10, none above,
 * two significant digits below 1. */
const char *br_signed_pct(char *buf, size_t size, double v);

#endif
