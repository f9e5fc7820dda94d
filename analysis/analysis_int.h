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

/* The same over the tests idx[0..n_idx) (indexes into a->tests), from
 * the geometric means geo[] against the baseline over those tests (a
 * group's, groups.c): into *o.  BR_OK or BR_EIO. */
int br_overall_over(const struct br_analysis *a, const size_t *idx,
		    size_t n_idx, const struct br_ageo *geo,
		    struct br_overall *o);

/* Candidate j's geometric mean against the baseline over the compared
 * tests idx[0..n_idx) (idx NULL: all), as the overall one (analysis.c):
 * *g zeroed first.  ga, gb, gd: scratch of a->n_tests + 1 entries. */
void br_geo_candidate(const struct br_analysis *a, const size_t *idx,
		      size_t n_idx, size_t j, const struct br_summary **ga,
		      const struct br_summary **gb, enum br_dir *gd,
		      struct br_ageo *g);

/* Wins, losses and ties from the rank ranges (derived.c), BR_AN_RANKS:
 * BR_OK or BR_EIO. */
int br_wins(struct br_analysis *a);
/* The derived results (derived.c, groups.c), BR_AN_DERIVED: BR_OK or
 * BR_EIO. */
int br_derived(struct br_analysis *a);
int br_groups(struct br_analysis *a);
void br_derived_free(struct br_analysis *a);

/* Test i after units.c moved its values to a time unit chosen for their
 * size (br_test.unit_shift set, its entries scaled): its summaries, its
 * comparisons' differences and its shown values move the same way,
 * their ratios, p-values, verdicts and ranks stay as the analysis in
 * the input's unit made them, and its display precision is its own,
 * moved.  BR_OK or BR_EIO. */
int br_analysis_moved(struct br_analysis *a, size_t i);

#endif
