/*
 * inspect.h - what was read, for `benchreport inspect`: each input's
 * format, the result set's metadata, the selected systems and tests with
 * unit, direction and N per system, and every warning.
 */
#ifndef BR_INSPECT_H
#define BR_INSPECT_H

#include <stdbool.h>
#include <stdio.h>

#include "../../analysis/analysis.h"

/* verbose: list every hardware and software item. */
void br_write_inspect(FILE *fp, const struct br_selection *sel, bool verbose);

#endif
