/*
 * hbwidth.h - widths of plain Latin text in DejaVu Sans by HarfBuzz
 * alone, the same as pango's (doc/charts.md, "Fonts"): an SVG chart or
 * an HTML report of such text starts neither fontconfig nor pango.
 */
#ifndef BR_TEXT_HBWIDTH_H
#define BR_TEXT_HBWIDTH_H

#include <stdbool.h>

/* The width of s in points into *width, or false when s is not such
 * text (then pango measures it); BENCHREPORT_FONTS set: always false. */
bool br_hb_width(const char *family, double size, bool bold,
		 const char *s, double *width);

void br_hb_shutdown(void);

#endif
