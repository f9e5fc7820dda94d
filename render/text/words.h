/*
 * words.h - plain text for mail and terminals: a word wrapper for
 * 72-column text that keeps the analysis' non-breaking spaces and shows
 * control characters as visible escapes, and padding.  The sentences themselves come from analysis/sentence.h.
 */
#ifndef BR_WORDS_H
#define BR_WORDS_H

#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>

#include "../../analysis/sentence.h"

/*
 * Print printf-formatted text word-wrapped at width terminal columns
 * (br_cols, uchar.h: a CJK character takes two, a combining mark none):
 * the first line indented by indent, the others by indent + hang.  Words longer
 * than a line are not broken; BR_NBSP markers print as spaces that never
 * break.  Ends with a newline.  The text (names in sentences) is shown
 * as br_visible() shows it (escape.h), so an ESC or a bidi override in a
 * name never reaches the terminal; a tab or line feed in it is a blank
 * between words, and a BR_NBSP byte a space; right-to-left names are
 * kept in place on each line by LEFT-TO-RIGHT MARKs (br_bidi_marks).
 * The text is not cut however long (a long name stays whole); without
 * memory nothing is printed.
 */
void br_wrap(FILE *fp, int indent, int hang, int width, const char *fmt, ...)
	__attribute__((format(printf, 5, 6)));
void br_vwrap(FILE *fp, int indent, int hang, int width, const char *fmt,
	      va_list ap) __attribute__((format(printf, 5, 0)));

/*
 * Names for the columns of a text table, each at most cols terminal
 * columns (br_cols), shortened as the charts shorten them (labels.c,
 * br_chart_labels): whole when they fit, else their middle left out
 * ("AMD Ryzen 9 ...mitigations=off"), and never two alike (more of where
 * they differ, else a number).  n new strings in a new array: free each
 * and the array (br_text_short_names_free).  NULL on ENOMEM.
 */
char **br_text_short_names(const char *const *names, size_t n, size_t cols);
void br_text_short_names_free(char **names, size_t n);

/* n spaces, written in blocks (padding is most of a text report). */
void br_spaces(FILE *fp, size_t n);

#endif
