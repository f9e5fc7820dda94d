/*
 * escape.h - text escaping for every output.  Every string that came
 * from an input goes through one of these: names and titles like
 * "<script>", "]]>", "</svg>", "[x](javascript:...)" or an ESC sequence
 * must stay text, in markup and on a terminal.
 */
#ifndef BR_ESCAPE_H
#define BR_ESCAPE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

/*
 * XML/HTML/SVG text and attribute values: & < > " ' escaped, a carriage
 * return as &#13;; characters XML 1.0 forbids (C0 controls but tab and
 * line feed) dropped; invalid UTF-8 bytes replaced by U+FFFD; C1
 * controls (U+0080..U+009F) and bidi embeddings, overrides and isolates
 * (U+202A..U+202E, U+2066..U+2069) shown as the text "U+202E", as on a
 * terminal, so no name is shown reversed (doc/escaping.md).
 */
void br_xml_text(FILE *fp, const char *s);

/* What br_xml_text shows of s, unescaped, as a new string (free it;
 * NULL on ENOMEM): the text charts give Pango, which warns on invalid
 * UTF-8 and applies bidi overrides. */
char *br_display_dup(const char *s);

/* The text of a CSS string (without its quotes) that shows what
 * br_xml_text shows of s, safe inside an HTML <style> element: " \ < >
 * & ' and control characters written as hex escapes ("\3c "), so no name
 * ends the string or the element.  A new string (free it; NULL on
 * ENOMEM). */
char *br_css_string_dup(const char *s);

/*
 * Plain text for terminals and text files (tables, sentences, inspect,
 * warnings and errors, the text report, CSV): what a terminal would act
 * on, or what would reorder the text around it, is shown as a visible
 * escape instead of being written:
 *
 *   C0 controls and DEL (ESC, BEL, ...)            \x1b  \x07  \x7f
 *   bytes that are not UTF-8                        \xff
 *   C1 controls U+0080..U+009F (CSI is U+009B)      U+009B
 *   bidi embeddings and overrides U+202A..U+202E,
 *   isolates U+2066..U+2069                         U+202E
 *
 * Tab, line feed and carriage return are escaped too (\t \n \r) unless
 * keep says otherwise (a carriage return moves the cursor back over a
 * line on a terminal: only CSV keeps it, quoted).  Everything else,
 * printable ASCII and valid UTF-8, is written as it is; a backslash
 * stays a backslash.  An escape is printable ASCII, one column per
 * character, so escaped text never needs escaping again.
 */
#define BR_VIS_TAB 1u      /* keep tabs */
#define BR_VIS_LF 2u       /* keep line feeds */
#define BR_VIS_CR 4u       /* keep carriage returns */
#define BR_VIS_ESC_MAX 8   /* room for the longest escape and its NUL */

/*
 * The character at p (*p not NUL): returns its length in bytes (1 for a
 * byte that is not UTF-8) and puts its escape into esc, or "" when it is
 * written as it is.  The building block of every writer that must also
 * escape for its medium.
 */
size_t br_visible_char(const char *p, unsigned keep,
		       char esc[BR_VIS_ESC_MAX]);

/* s (NULL: nothing) with br_visible_char()'s escapes. */
void br_visible(FILE *fp, const char *s, unsigned keep);

/* The same as a new string (free with free()); NULL on ENOMEM. */
char *br_visible_dup(const char *s, unsigned keep);

/* Is s written as it is (nothing to escape)? */
bool br_visible_plain(const char *s, unsigned keep);

/* Terminal columns br_visible(s) takes: one per character of an escape,
 * and br_cols' columns (uchar.h) for the rest: two for a wide CJK
 * character, none for a combining mark. */
size_t br_visible_width(const char *s, unsigned keep);

/*
 * Markdown text (GitHub's dialect), for every Markdown writer (the
 * report's template values and the stats/compare tables): \ ` * _ [ ] <
 * > | # ~ & ! escaped with a backslash, so no name becomes a link, an
 * image, inline HTML, an entity, emphasis or a table column; tab, line
 * feed and carriage return become spaces (one line, one cell); other
 * controls, C1 controls and bidi overrides as br_visible() shows them.
 */
void br_md_text(FILE *fp, const char *s);

/*
 * Links to OpenBenchmarking.org, made only from identifiers that match
 * a strict pattern (doc/escaping.md, "Links"), so that nothing from an
 * input chooses where a link goes or breaks out of the attribute:
 * a test profile "pts/fftw-1.2.0" or "system/..." (lower-case letters,
 * digits, '.' and '-', at most 64 after the '/') gives
 * https://openbenchmarking.org/test/ID; a result id "1904258-SP-
 * 1904234HV78" (7 digits, then two '-'-separated parts of letters and
 * digits, at most 40 each) gives https://openbenchmarking.org/result/ID.
 * False (buf "") when id does not match or buf is too small.
 */
bool br_pts_profile_url(const char *id, char *buf, size_t size);
bool br_ob_result_url(const char *id, char *buf, size_t size);

/*
 * The start of a Markdown value, which may land at the start of a line
 * ("- {{text}}", a paragraph): blanks there dropped (four would make
 * code), and what would open a block escaped: "- " "+ " "---" "==="
 * as "\- " "\+ " "\---" "\===", "2) " and "1. " as "2\) " "1\. " (not
 * "-5" or "1.5"), so a system named "2) Slow" or "- minus" never turns
 * a bullet into a nested list.  (#, >, |, `, ~, * are escaped wherever
 * they are.)  Writes that part and
 * returns where the rest of s starts.  The report's Markdown values begin
 * with it; br_md_text() does not (its cells never start a line).
 */
const char *br_md_start(FILE *fp, const char *s);

#endif
