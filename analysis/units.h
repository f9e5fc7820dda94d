/*
 * units.h - time results in the unit a person would choose for their
 * size (doc/statistics.md, "Time units"): "12.3 ms", "1.21 s", "845 µs",
 * as hyperfine prints them, one unit per test (or per group of tests
 * drawn on one axis), for the outputs people read: text, Markdown and
 * HTML reports, charts, and `stats` and `compare` as text.  CSV, JSON
 * and the Markdown data tables keep the unit the input wrote.
 *
 * As analysis/derive.h does, the choice is made here once, by scaling
 * every run (or published summary) of the chosen tests by a power of
 * ten, and the whole analysis then runs on them: means, SEs, intervals
 * and differences scale with their value, ratios and verdicts do not
 * change, and a published value's text is moved by whole decimal
 * places, so no value loses a significant digit (issue 20's rule).
 */
#ifndef BR_UNITS_H
#define BR_UNITS_H

#include <stdbool.h>
#include <stddef.h>

#include "analysis.h"

/* The time units a result may be shown in, smallest first. */
enum br_tunit {
	BR_TU_NS,
	BR_TU_US,
	BR_TU_MS,
	BR_TU_S,
	BR_TU_N,
};

/* Its text ("ns", "\u00b5s" as UTF-8, "ms", "s") and its size in
 * seconds (1e-9 ... 1). */
const char *br_tunit_text(enum br_tunit u);
double br_tunit_seconds(enum br_tunit u);

/*
 * The unit for values of magnitude m seconds (> 0; the test's typical
 * value): the largest unit of which m is at least one (999.5 us: us,
 * 1 ms: ms; 3600 s: s), ns below one ns.  BR_TU_N for m not above 0 or
 * not finite (no value to choose by).
 */
enum br_tunit br_tunit_for(double m);

/*
 * The typical magnitude of v[0..n) (NAN, infinities and 0 ignored;
 * signs dropped): the median of |v|, the upper of the middle two for
 * an even count; 0 when none is left.  v is reordered.
 */
double br_tunit_typical(double *v, size_t n);

/*
 * text (a number as written: "0.1052", "1.5e-3", "-12") with its decimal
 * point moved k places (k > 0: right), every digit kept: "105.2", "1.5",
 * "-0.012"; written to out (cap bytes).  False when text is not a plain
 * number (then out is "").
 */
bool br_text_shift10(const char *text, int k, char *out, size_t cap);

/*
 * v times 10^k as its decimal digits read: the shortest text that reads
 * back as v, its point moved (br_text_shift10), read again, so 0.0027775
 * s is the double nearest 2.7775 ms (2.7775000000000003), not 0.0027775
 * * 1000 (2.7774999999999999), and prints "2.778" where the seconds
 * printed "0.002778"; the same digits a CSV of the seconds shows, moved.
 * By an exact power of ten where the text does not fit.
 */
double br_shift10(double v, int k);

/*
 * Move the time tests of a's selection to the unit their values call
 * for (above), after a, analysed in the input's units, is complete: a
 * test whose unit is ns, us, ms or s (not minutes or hours, not a
 * duration written as m:ss, not a derived unit) gets the unit of the
 * typical value its selected systems show (published value or mean,
 * every point of a series).  Tests drawn together share one unit,
 * chosen from all their values: the rows of a pasted table (table_row)
 * of one unit, and with one_axis every selected test of one unit (the
 * grouped chart of --chart grouped).  A test's unit text becomes the
 * chosen unit's ("ms"); t->scale (its key) stays.  Its entries in rs
 * and its numbers in a move (br_analysis_moved): every ratio, p-value,
 * verdict and rank stays the one the input's unit gave, so a sentence
 * in text says what the CSV says, and each value keeps the display
 * precision it had, its point moved (br_test.unit_shift).  Returns
 * BR_OK or an error code (err set).
 */
int br_display_units(struct br_resultset *rs, struct br_analysis *a,
		     bool one_axis, struct br_error *err);

#endif
