/*
 * analysis_int.h - what the files of analysis/ share (not part of the
 * API).
 */
#ifndef BR_ANALYSIS_INT_H
#define BR_ANALYSIS_INT_H

#include "analysis.h"

/* The overall ranking of a (overall.c), from its per-test ranks and
 * comparisons.  BR_OK (a->overall.ok or .why set) or BR_EIO. */
int br_overall(struct br_analysis *a);
/* Whether a's selection can be ranked overall: 3 to 200 systems and at
 * most 4 million tests x systems; else a->overall.why says why (or the
 * comparison itself says it all, for two). */
bool br_overall_possible(struct br_analysis *a);
void br_overall_fini(struct br_overall *o);

#endif
