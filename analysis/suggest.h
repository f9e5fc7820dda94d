/*
 * suggest.h - "did you mean ...?": how far a mistyped name is from the
 * ones the user could have meant (doc/design.md, "Command line").
 *
 * Distances ignore ASCII case and count one edit for a character added,
 * dropped, changed, or two neighbours swapped (Damerau-Levenshtein,
 * optimal string alignment).  Memory is three rows of the second
 * string's length; nothing here prints.
 */
#ifndef BR_SUGGEST_H
#define BR_SUGGEST_H

#include <stddef.h>

/* Edits from a to b; SIZE_MAX on ENOMEM. */
size_t br_edit_distance(const char *a, const char *b);

/*
 * Edits from pattern to the closest part of text (a substring: the rest
 * of text is free), reading pattern as a --tests glob: '*' matches any
 * run, '?' any one character, "[...]" one character of a set (any
 * character, for this count).  0 when the pattern matches.  SIZE_MAX on
 * ENOMEM.
 */
size_t br_pattern_distance(const char *pattern, const char *text);

/*
 * The largest distance still worth a suggestion for a word of len
 * characters: 1 for up to 4, then one more per 4 characters, at most 4
 * (a suggestion further off than that is a guess).
 */
size_t br_suggest_limit(size_t len);

#endif
