/*
 * results.h - the outputs of `stats` and `compare`: the analysis as an
 * aligned text block per test for a terminal or a mail, or as one table
 * (CSV, JSON, Markdown) with stable column names for scripts.  Numbers
 * come from the analysis; these only format them.
 */
#ifndef BR_RESULTS_H
#define BR_RESULTS_H

#include <stdbool.h>
#include <stdio.h>

#include "../../analysis/analysis.h"
#include "table.h"

/*
 * Per test x system statistics: summaries, ranks, relative (needs
 * BR_AN_RANKS; series points with BR_AN_POINTS).  Text: one block per
 * test at PTS display precision, outliers and drift noted under it.
 * BR_OK or BR_EIO (err set).
 */
int br_write_stats(FILE *fp, const struct br_analysis *a, enum br_fmt fmt,
		   struct br_error *err);

struct br_compare_opts {
	bool details;     /* text: Welch t, df, p and planning figures */
	bool ministat;    /* text: ministat's block (needs BR_AN_POOLED) */
	bool hide_unchanged; /* text: leave out a->unchanged tests */
};

/*
 * Every system against the baseline, the geometric means and the overall
 * ranking (needs BR_AN_COMPARE, and BR_AN_OVERALL for the ranking).
 * BR_OK or BR_EIO (err set).
 */
int br_write_compare(FILE *fp, const struct br_analysis *a, enum br_fmt fmt,
		     const struct br_compare_opts *o, struct br_error *err);

/* compare's text after the ranking (derived_out.c, BR_AN_DERIVED): the
 * two-system table, the group geometric means, wins and losses, the
 * greatest spreads, the note on hidden unchanged tests. */
void br_write_derived_text(FILE *fp, const struct br_analysis *a,
			   const struct br_compare_opts *o);

/* The wins rows of the stats and compare tables (derived_out.c; doc/
 * statistics.md, "Wins and losses"), when a->wins.ok: one per system,
 * test "wins", title "Wins and losses", then `middle` cells empty
 * but the note (the rule) at note_at among them, then place (empty),
 * first, last, tied and counted.  false on ENOMEM. */
bool br_table_wins_rows(struct br_table *tb, const struct br_analysis *a,
			size_t middle, size_t note_at);

/* The place column of test i, system j: "first", "last", "tied" or
 * empty, then four empty cells (first .. counted).  false on ENOMEM. */
bool br_table_place(struct br_table *tb, const struct br_analysis *a,
		    size_t i, size_t j);

#endif
