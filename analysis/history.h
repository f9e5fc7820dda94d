/*
 * history.h - many inputs as points of one history, with change points
 * that carry intervals (doc/design.md, "History"; doc/statistics.md,
 * "Change points").
 *
 * Every system of every input is a point (a day, a commit, a release).
 * Points are put in order by the results' own dates, by a list file (one
 * label per line) or by the order of the arguments, and the history
 * says which.  Tests are matched across inputs by test, options and unit
 * (the resultset's comparison key), so one test is one series.  Each
 * point of a series is the analysis's cell of that test and system
 * (analysis.h: summary, SE, interval, the usable-entry rule), and the
 * detector (stats/changepoint.h) finds its change points.  Across all
 * series the false discovery rate is controlled (Benjamini-Hochberg).
 *
 * This layer makes every number, verdict and sentence of a history;
 * render/ and cli/ read them.  Nothing here prints.
 *
 * Ownership: a history borrows its result set (which must outlive it)
 * and owns everything else; free it with br_history_free().
 */
#ifndef BR_HISTORY_H
#define BR_HISTORY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "analysis.h"
#include "../stats/changepoint.h"
#include "../stats/otava.h"

/* ------------------------------------------------------------- options */

enum br_hist_order {
	BR_HIST_ORDER_AUTO = 0, /* dates when every point has one, else the
				 * arguments (the history says which) */
	BR_HIST_ORDER_DATE,     /* the results' own dates (PTS TestDate /
				 * Generated, a log's timestamp) */
	BR_HIST_ORDER_LIST,     /* a list file: one label per line */
	BR_HIST_ORDER_ARGS,     /* the order of the inputs as given */
};

enum br_hist_method {
	BR_HIST_METHOD_BR = 0,  /* benchreport's detector (changepoint.h) */
	BR_HIST_METHOD_OTAVA,   /* Otava's E-Divisive, exactly (otava.h) */
};

/* An annotation: a label and what to do there (the annotations file). */
enum br_hist_note_kind {
	BR_HIST_NOTE_EXPECTED,  /* "expected shift": the series is cut here */
	BR_HIST_NOTE_IGNORE,    /* "ignore": the point is left out */
};

struct br_hist_note {
	const char *label;      /* a point's label */
	const char *test;       /* a test pattern (br_test_matches), or NULL:
				 * every test */
	enum br_hist_note_kind kind;
	struct br_loc loc;      /* where the annotation was written */
};

struct br_hist_opts {
	struct br_analysis_opts an; /* confidence, what (summaries) */
	enum br_hist_order order;
	const char *const *list;    /* BR_HIST_ORDER_LIST: labels in order */
	size_t n_list;
	const char *list_path;      /* ... the file they came from */
	enum br_hist_method method;
	struct br_cp_opts cp;       /* the detector's options (seed, alpha,
				     * min_seg, permutations ...) */
	struct br_otava_opts otava; /* BR_HIST_METHOD_OTAVA */
	double fdr_q;               /* Benjamini-Hochberg level across
				     * series (default 0.05) */
	const struct br_hist_note *notes;
	size_t n_notes;
	const char *since;          /* "changes since LABEL": a point's
				     * label, or NULL: the first point */
	/* Added with the command (doc/design.md, "History"): */
	const unsigned long *list_lines; /* the line of each list label in
				     * list_path, for errors (NULL: i + 1) */
	const struct br_selection *sel; /* --tests / --systems: only its
				     * tests and systems (NULL: every one);
				     * it borrows the same result set */
};

void br_hist_opts_defaults(struct br_hist_opts *o);

/* -------------------------------------------------------------- points */

struct br_hist_point {
	size_t system;          /* index into rs->systems */
	size_t source;          /* index into rs->sources */
	const char *label;      /* as shown: the list file's label, else the
				 * system's identifier */
	const char *date;       /* "YYYY-MM-DD HH:MM:SS" (or a prefix of
				 * it), NULL when the input gives none */
};

/* ------------------------------------------------------------- changes */

struct br_hist_change {
	struct br_cp_change cp; /* the detector's numbers (or, with the
				 * Otava method, its numbers put in the
				 * same fields; no intervals then: NAN) */
	double qvalue;          /* Benjamini-Hochberg across the history */
	bool kept;              /* p <= alpha and q <= fdr_q: reported */
	bool regression;        /* worse in the test's direction */
	bool expected;          /* at a point annotated "expected shift" */
	bool at_latest;         /* in force at the latest point (the gate's
				 * question): the series' last kept change
				 * and the latest point has a value, or the
				 * latest point's own test (latest_test) */
	double forward_change_percent; /* Otava's fields: 100 (after /
				 * before - 1) */
	double magnitude;       /* Otava's magnitude: the larger of |after /
				 * before - 1| and |before / after - 1| */
	const char *words;      /* "2.1x slower from <label>" (direction-
				 * aware, analysis/sentence.h style) */
	const char *where_words; /* "between <label> and <label>" (the set
				  * of places), or "at <label>" */
	const char *ci_words;   /* the interval of words' size in the same
				 * form and sense: "1.9x to 2.3x" beside
				 * "2.1x slower" (an interval of ratios
				 * below 1 turned into factors, as
				 * analysis/sentence.h says "4.90x slower
				 * (95% CI 4.5x to 5.3x)"), "8.1% to 12.0%";
				 * NULL: no interval (the Otava method) or
				 * not made.  The outputs print "95% CI "
				 * before it (cp.confidence's level): it
				 * holds no level itself */
	/* Added with the gate (doc/design.md, "History"): */
	bool latest_test;       /* not the detector's: the gate's test of
				 * the latest point alone against the
				 * segment before it (at_lo == at_hi == at,
				 * n_after 1); one point, so a step and a
				 * spike cannot be told apart yet */
};

/* One test across the points. */
struct br_hist_series {
	const struct br_atest *at; /* the analysis's test: cells[j] is point
				    * j (in history order), decimals */
	const char *name;       /* the test's full name */
	size_t n_values;        /* points with a usable value */
	bool log_scale;         /* every value positive: ratios */
	double pvalue;          /* the detector's whole-series p (1: not
				 * tested) */
	struct br_hist_change *changes; /* by point, ascending */
	size_t n_changes;
	size_t n_kept;          /* ... of them kept (FDR) */
	size_t *anomalies;      /* points that are single-point spikes */
	size_t n_anomalies;
	bool *muted;            /* per point: "ignore" annotation */
	/* Added with the gate (doc/design.md, "History"): */
	double latest_pvalue;   /* the p of the gate's test of the latest
				 * point (in the false discovery family
				 * whether proven or not); NAN: not tested */
	bool tested;            /* the detector searched it (enough
				 * points): its whole-series p is in the
				 * family when it found no change */
};

/* The suite's geometric mean over the tests every point shares. */
struct br_hist_trend {
	bool ok;                /* at least one shared test with values */
	size_t n_tests;         /* tests with a positive value at every
				 * point and a direction */
	double *gm;             /* per point: the geometric mean of speedups
				 * against the first point (1 there), in
				 * "better is higher" sense */
	double *lo, *hi;        /* its interval per point (NAN: none) */
};

/* A regression proven at the latest point: what the gate names. */
struct br_hist_gate_item {
	size_t series;          /* index into series[] */
	size_t change;          /* index into series[].changes */
};

struct br_history {
	const struct br_resultset *rs;
	struct br_hist_opts o;
	struct br_selection sel; /* all points' systems, in history order */
	struct br_analysis *an;  /* summaries of every test x point */
	enum br_hist_order order; /* the order used (AUTO resolved) */
	const char *order_words; /* "ordered by the results' dates", ... */
	struct br_hist_point *points;
	size_t n_points;
	size_t since;            /* index of the "since" point */
	struct br_hist_series *series; /* one per test with values at 2+
				    * points, in test order */
	size_t n_series;
	size_t n_tested;         /* series the detector could test */
	size_t n_changes;        /* changes kept, all series */
	double expected_false;   /* changes one would expect by chance among
				  * those kept (the FDR bound: q x kept) */
	const char *fdr_words;   /* "12 changes in 40 series at q 0.05; at
				  * most 0.6 expected by chance" */
	struct br_hist_trend trend;
	struct br_hist_gate_item *gate; /* regressions at the latest point,
				    * not expected */
	size_t n_gate;
	/* Added with the command: */
	const char **warnings;   /* what a user should know: points a list
				  * leaves out, ... (one line each, no
				  * "warning: " prefix) */
	size_t n_warnings;
	struct br_arena *arena;  /* private: the history's strings */
};

/*
 * The history of every system in rs (each a point).  BR_EUSAGE when the
 * options do not fit the inputs (a list label that names no point, a
 * "since" label unknown; err says which), BR_EDATA when there are fewer
 * than two points, BR_EIO on ENOMEM.  *out: free with
 * br_history_free().
 */
int br_history_build(const struct br_resultset *rs,
		     const struct br_hist_opts *o, struct br_history **out,
		     struct br_error *err);
void br_history_free(struct br_history *h);

#endif
