/*
 * tidy_csv.h - benchreport's tidy CSV writer (`benchreport convert -o
 * out.csv`).  The format is documented in doc/tidy-csv.md; the reader is
 * ingest/csv_tidy.c, and the two round-trip: what this writes reads back
 * into the same model values.
 */
#ifndef BR_TIDY_CSV_H
#define BR_TIDY_CSV_H

#include <stdio.h>

#include "../../model/model.h"

/*
 * Write rs to fp as tidy CSV: metadata comments (title, description,
 * notes, one "# system:" line per system field), a header row, then one
 * row per run (raw data), per published summary (mean, se, n) or per
 * series point (x), in test order then entry order.  Numbers use the
 * shortest text that reads back to the same double; a published value's
 * text (value_text) is kept verbatim.  PASS/FAIL and other non-numeric
 * results cannot be written as numbers: they are listed in a comment.
 * Returns BR_OK, or BR_EIO when writing fails (err filled).
 */
int br_write_tidy_csv(FILE *fp, const struct br_resultset *rs,
		      struct br_error *err);

#endif
