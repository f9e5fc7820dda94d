/*
 * uchar.h - Unicode properties of characters for plain text: how many
 * terminal columns one takes, whether it is a right-to-left letter, its
 * faithful ASCII form.  Fixed tables (uchar.c), never the locale, so
 * that a text report is laid out the same everywhere.
 */
#ifndef BR_UCHAR_H
#define BR_UCHAR_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* U+200E LEFT-TO-RIGHT MARK: zero columns. */
#define BR_LRM "\xe2\x80\x8e"

/* Columns cp takes: 2 East Asian Wide and Fullwidth, 0 marks and format
 * characters (combining accents, ZWJ, LRM ...) and NUL, else 1. */
unsigned br_uchar_cols(uint32_t cp);

/* Is cp a strong right-to-left character (bidi class R or AL: Hebrew,
 * Arabic, Syriac ...)? */
bool br_uchar_rtl(uint32_t cp);

/* The ASCII form of a Latin letter with diacritics U+0100..U+024F and
 * U+1E00..U+1EFF ("c" for U+010D, "L" for U+0141, "OE" for U+0152), or
 * NULL when it has none. */
const char *br_uchar_latin(uint32_t cp);

/* Length of the valid UTF-8 sequence at s (*s not NUL) and its code
 * point in *cp; 0 when it is not valid UTF-8. */
size_t br_uchar_decode(const char *s, uint32_t *cp);

/* Columns of a UTF-8 string on a terminal (a byte that is not UTF-8:
 * one); 0 for NULL. */
size_t br_cols(const char *s);

/* Bytes of the longest prefix of s (UTF-8) that takes at most cols
 * columns, with the marks that follow its last character. */
size_t br_cols_prefix(const char *s, size_t cols);

/*
 * s with every right-to-left span, from a right-to-left letter to the
 * last one before a left-to-right letter or the end of the line (the
 * spaces, digits and punctuation between them included), between two
 * LEFT-TO-RIGHT MARKs (U+200E, zero columns).  A terminal or mail reader
 * that applies the bidi algorithm then keeps the span in its place on a
 * left-to-right line: the numbers and columns after an Arabic or Hebrew
 * name stay after it, and a line that starts with one stays
 * left-to-right.  Marks already there are not doubled: marking marked
 * text changes nothing.  A new string (free()); NULL on ENOMEM.
 */
char *br_bidi_marks(const char *s);

#endif
