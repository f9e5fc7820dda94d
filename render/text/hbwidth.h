/*
 * hbwidth.h - widths of plain Latin text in DejaVu Sans by HarfBuzz
 * alone, the same as pango's (doc/charts.md, "Fonts"): an SVG chart or
 * an HTML report of such text starts neither fontconfig nor pango.
 */
#ifndef BR_TEXT_HBWIDTH_H
#define BR_TEXT_HBWIDTH_H

#include <cairo.h>
#include <stdbool.h>

/* The width of s in points into *width, or false when s is not such
 * text (then pango measures it); BENCHREPORT_FONTS set: always false. */
bool br_hb_width(const char *family, double size, bool bold,
		 const char *s, double *width);

/* Draws s, as br_hb_width measured it, with its baseline's start at
 * (x, y) in cr's current source; false (nothing drawn) when s is not
 * such text or the font files cannot be opened: then pango draws it.
 * For PDF pages, where cairo's font options are unhinted as pango's
 * are there. */
bool br_hb_show(cairo_t *cr, const char *family, double size, bool bold,
		const char *s, double x, double y);

void br_hb_shutdown(void);

#endif
