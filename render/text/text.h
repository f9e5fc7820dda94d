/*
 * text.h - text measurement with pango, for layout.
 *
 * One private pangocairo font map at 72 dpi with hinting and metric
 * hinting off, so a width depends only on the font file, the string and
 * the size: the same on every run and for every backend (sizes are in
 * points = pixels at 1x).  Families are resolved by fontconfig; the
 * default is "DejaVu Sans", measured on a private configuration of its
 * two files when they have every character of the string, else on the
 * system's (render/text/fonts.h; doc/charts.md, "Fonts").
 *
 * Widths are cached by font and text (bounded; identical results).
 * Not thread-safe (lazily created font maps).  br_text_shutdown()
 * releases it; later calls create it again.
 */
#ifndef BR_TEXT_H
#define BR_TEXT_H

#include <stdbool.h>
#include <stddef.h>

#define BR_FONT_FAMILY "DejaVu Sans"

/* Advance width of one line of UTF-8 text; 0 for NULL/"". */
double br_text_width(const char *family, double size, bool bold,
		     const char *s);

/*
 * s shortened to fit max_w by cutting characters at the end and adding
 * "..." (U+2026).  Returns a new string (free with free()); s itself
 * when it fits, copied.  NULL on ENOMEM.
 */
char *br_text_ellipsize(const char *family, double size, bool bold,
			const char *s, double max_w);

/*
 * Break s into lines no wider than max_w, at spaces where possible (a
 * word longer than a line is cut).  *lines gets an array of n strings,
 * each to free with free(), and the array too (br_text_lines_free).
 * Returns the number of lines (0 for ""), or (size_t)-1 on ENOMEM.
 */
size_t br_text_wrap(const char *family, double size, bool bold,
		    const char *s, double max_w, char ***lines);
void br_text_lines_free(char **lines, size_t n);

/*
 * A pango layout of s in the measuring context, for backends that paint
 * text with pango (same widths as measured), from a bounded cache of
 * shaped layouts (runs repeat across the charts of a report): borrowed,
 * valid until the next call or br_text_shutdown(); do not unref or change
 * it.  For painters that draw a run and move on.
 */
struct _PangoLayout;
struct _PangoLayout *br_text_layout_shared(const char *family, double size,
					   bool bold, const char *s);

/* Release the font map and the caches (for leak checkers). */
void br_text_shutdown(void);

#endif
