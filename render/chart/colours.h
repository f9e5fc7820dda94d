/*
 * colours.h - which colour (and marker shape) stands for which system,
 * and which text colour reads on a fill (doc/charts.md).
 *
 * A system keeps one colour through a whole run: bar, grouped, line and
 * overview charts and the HTML report's swatches all take it from
 * br_system_styles(), which works it out from the selection and the
 * chart options alone, so every caller gets the same answer.
 */
#ifndef BR_COLOURS_H
#define BR_COLOURS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "../../analysis/analysis.h"
#include "../paint/scene.h"

struct br_chart_opts;

/* Colours in the palette; past them, markers change shape. */
#define BR_N_PALETTE 8

/* How one system (or series) is drawn. */
struct br_style {
	uint32_t color;
	enum br_marker marker;    /* dots and line points, legends of them */
	double dash;              /* lines: 0 solid; past the palette the
				   * on/off length of their dashes, so two
				   * lines of one colour differ */
};

/* Colour k of the palette (k modulo BR_N_PALETTE). */
uint32_t br_palette(size_t k);

/* The style of series k in palette order: colour k, and past the
 * palette the next marker shape and a dash (BR_DASHES). */
struct br_style br_series_style(size_t k);

/*
 * The vendor (e.g. "AMD") whose name is a whole word of name (case does
 * not matter; non-alphanumeric characters and the ends of name separate
 * words), or NULL.  *color (may be NULL) gets the vendor's colour.
 */
const char *br_vendor_of(const char *name, uint32_t *color);

/*
 * Styles of systems names[0..n) (out[n]): a system whose vendor no other
 * system shares gets the vendor's colour (when vendor is set); the others
 * take the remaining palette colours in order, then, past the palette,
 * every colour again with the next marker shape.  With highlight, every
 * system but the one so named is grey.
 */
void br_assign_styles(const char *const *names, size_t n, bool vendor,
		      const char *highlight, struct br_style *out);

/* The styles of the selected systems of a, by selection index, for the
 * chart options o (NULL: the defaults).  free() it; NULL on ENOMEM. */
struct br_style *br_system_styles(const struct br_analysis *a,
				  const struct br_chart_opts *o);

/* Black or white, whichever contrasts more with fill (WCAG 2.x); the
 * better of the two always reaches sqrt(21) = 4.58:1. */
uint32_t br_text_on(uint32_t fill);

#endif
