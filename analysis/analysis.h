/*
 * analysis.h - one place that decides: every number, verdict and rank an
 * output shows is made here, once per run, and read everywhere
 * (doc/design.md, "The analysis layer").
 *
 *   selection     which tests and systems (--tests, --systems), and the
 *                 baseline (--baseline, else the first selected system)
 *   cells         one per test x selected system: the usable-entry rule
 *                 (one rule for every output) and, when usable, the
 *                 summary (mean, SE, CI, ...)
 *   per test      ranks, relative performance, best and worst, the
 *                 display precision, comparisons against the baseline
 *                 with their verdicts
 *   overall       geometric means against the baseline, the overall
 *                 ranking, the rows of the result overview
 *   sentences     the words that state a comparison (sentence.h)
 *
 * stats/ holds the formulas and no policy; this layer holds the policy
 * (which entries count, which tests a geometric mean uses, what "proven"
 * means for a rank) and no formatting beyond the sentences.  render/
 * turns an analysis into bytes and computes nothing.
 *
 * Ownership: an analysis borrows its selection (and through it the result
 * set); both must outlive it.  Nothing here prints.
 */
#ifndef BR_ANALYSIS_H
#define BR_ANALYSIS_H

#include <stdbool.h>
#include <stddef.h>

#include "../model/model.h"
#include "../stats/pooled.h"
#include "../stats/stats.h"

/* ----------------------------------------------------------- selection */

struct br_family;

/* What the user selected from the loaded inputs. */
struct br_selection {
	const struct br_resultset *rs;
	size_t *tests;           /* indexes into rs->tests, in input order */
	size_t n_tests;
	size_t *systems;         /* indexes into rs->systems, selected order */
	size_t n_systems;
};

/*
 * Select from rs the tests matching pattern (NULL: all; the rule of
 * br_test_matches) and the systems of
 * the comma-separated list (NULL: all, in input order).  BR_EUSAGE with
 * err->msg naming the option ("--tests: no test matches 'x'") when a
 * pattern matches nothing or a system is unknown; BR_EIO on ENOMEM.  sel
 * borrows rs; free it with br_selection_fini().
 */
int br_select(const struct br_resultset *rs, const char *pattern,
	      const char *systems, struct br_selection *sel,
	      struct br_error *err);
void br_selection_fini(struct br_selection *sel);

/*
 * br_select with any number of --tests patterns: a test is selected when
 * one of them matches it, and each must match a test ("--tests: no test
 * matches 'x'; did you mean 'Dbench 4.0 - Client Count: 1'?").  A system
 * name is resolved by br_system_named().
 */
int br_select_any(const struct br_resultset *rs, const char *const *patterns,
		  size_t n_patterns, const char *systems,
		  struct br_selection *sel, struct br_error *err);

/*
 * Added with exact and excluding patterns (issue 26; doc/design.md,
 * "Choosing tests and systems"): the tests any of tests[] matches (all
 * without one) less those any of exclude[] matches; the systems of the
 * list (NULL: all) less those whose name any of exclude_systems[]
 * matches.  Every pattern must match something ("--exclude: no test
 * matches 'x'; did you mean ...?"), and excluding may not leave no test
 * or no system.  Otherwise as br_select_any.
 */
struct br_select_spec {
	const char *const *tests;
	size_t n_tests;
	const char *systems;
	const char *const *exclude;
	size_t n_exclude;
	const char *const *exclude_systems;
	size_t n_exclude_systems;
};
int br_select_spec(const struct br_resultset *rs,
		   const struct br_select_spec *sp, struct br_selection *sel,
		   struct br_error *err);

/*
 * Whether test t matches a --tests pattern (the rule of br_select): the
 * pattern, ignoring case, is found anywhere in t's identifier, title,
 * description, "Title - Description" or "Title Version - Description";
 * '*', '?' and "[...]" are wildcards within it.  A leading '^' anchors it
 * at the start of one of those names, a trailing '$' at its end (both:
 * the whole name, ignoring case); "=NAME" matches the test whose
 * "Title Version - Description" is exactly NAME, case included (what
 * inspect --list tests prints after its '=').  System patterns
 * (--exclude-systems) follow the same rules on the system's name.
 */
bool br_test_matches(const char *pattern, const struct br_test *t);

/* "Title Version - Description" as inspect and --list show it; NULL on
 * ENOMEM.  Free it. */
char *br_test_full_name(const struct br_test *t);

/*
 * The system that name means among rs->systems[among[0..n_among)] (every
 * system when among is NULL): the one named exactly so, else the one
 * named so ignoring case, else the one whose name starts with it
 * (ignoring case).  Sets *idx (an index into rs->systems) and returns
 * BR_OK; BR_EUSAGE with err->msg starting "OPT: " when none or more than
 * one fits ("--baseline: 'freebsd' could be 'FreeBSD ZFS' or 'FreeBSD
 * UFS'; give more of the name"), BR_EIO on ENOMEM.
 */
int br_system_named(const struct br_resultset *rs, const size_t *among,
		    size_t n_among, const char *opt, const char *name,
		    size_t *idx, struct br_error *err);

/*
 * Which of rs->warnings to show for this selection: those about no test
 * in particular and those about a selected test.  An array of
 * rs->n_warnings flags (free it), NULL on ENOMEM.
 */
bool *br_selection_warnings(const struct br_selection *sel);

/* ------------------------------------------------------------- options */

/* What to compute beyond the summaries (the rest costs time). */
enum {
	BR_AN_RANKS = 1u << 0,    /* ranks, relative, best and worst, wins
				   * and losses (br_wins) */
	BR_AN_COMPARE = 1u << 1,  /* comparisons with the baseline, geometric
				   * means, the overview rows */
	BR_AN_PLANNING = 1u << 2, /* + smallest detectable change and runs
				   * needed in each comparison */
	BR_AN_OVERALL = 1u << 3,  /* + the overall ranking (3+ systems) */
	BR_AN_POOLED = 1u << 4,   /* + ministat's pooled t per comparison */
	BR_AN_POINTS = 1u << 5,   /* summaries of series points */
	BR_AN_LEAN = 1u << 6,     /* summaries without median, quartiles,
				   * outliers and run-order drift, for
				   * outputs that show none of them (charts,
				   * convert): the other numbers the same */
	BR_AN_SCALING = 1u << 7,  /* scaling families (scaling.h) */
	BR_AN_DERIVED = 1u << 8,  /* + the group geometric
				   * means, the greatest spreads and the
				   * unchanged tests (derived.c, issue 24);
				   * implies ranks and comparisons */
};

/* --group-by (doc/statistics.md, "Geometric mean per group"). */
enum br_group_by {
	BR_GROUP_AUTO,    /* by profile where that makes two groups or more
			   * and one of them holds two tests; else none */
	BR_GROUP_NONE,
	BR_GROUP_PROFILE, /* the test profile: pts/fio-1.15.0 -> pts/fio */
	BR_GROUP_SUITE,   /* PTS suites that hold the profile (groups.c) */
	BR_GROUP_UNIT,    /* the unit as written */
};

struct br_analysis_opts {
	double confidence;    /* of every interval and test, in (0, 1) */
	const char *baseline; /* the system others are compared with; NULL:
			       * the first selected one */
	double equivalence;   /* margin in percent for the three-way verdict
			       * (two one-sided tests); 0: off */
	unsigned what;        /* BR_AN_* */
	/* derived results (BR_AN_DERIVED, issue 24) */
	enum br_group_by group_by;
	/* --all-metrics: the geometric means (and the ranking and groups
	 * made from them) count sub-metrics too (br_test.sub_metric;
	 * doc/statistics.md, "Primary metrics"); false: primary only */
	bool all_metrics;
};

void br_analysis_opts_defaults(struct br_analysis_opts *o);

/* ------------------------------------------------------------- results */

/* A cell whose every run was too fast to measure, in every output. */
#define BR_BEYOND_WORDS "faster than measurable"
/* ... and why: what the tool printed. */
#define BR_BEYOND_TOOL "bonnie++ printed \"+++++\""
#define BR_BEYOND_WHY "too fast to measure: " BR_BEYOND_TOOL

/* What a test x system cell holds: the usable-entry rule. */
enum br_cell_kind {
	BR_CELL_NONE,      /* the system has no entry for this test */
	BR_CELL_FAILED,    /* the entry records a failed run */
	BR_CELL_PASS_FAIL, /* a PASS/FAIL result: no number */
	BR_CELL_SERIES,    /* a series (line graph): see points */
	BR_CELL_NO_VALUE,  /* an entry without a usable number */
	BR_CELL_VALUE,     /* usable: sum holds its summary */
};

struct br_cell {
	enum br_cell_kind kind;
	const struct br_entry *entry;  /* NULL for BR_CELL_NONE */
	const char *why;        /* not VALUE: the reason in words ("no
				 * result", the error text, "failed", "PASS",
				 * "no value"); NULL for VALUE and SERIES */
	struct br_summary sum;  /* VALUE: its summary (sum.n > 0, finite
				 * mean); otherwise zeroed */
	size_t too_fast;        /* runs too fast to measure (bonnie++'s
				 * "+++++"), not in sum: "N = 2, 1 too fast
				 * to measure" (br_cell_n_note) */
	bool beyond;            /* NO_VALUE: every run was too fast to
				 * measure: faster than measurable, ahead
				 * of every measured system of its test
				 * (doc/statistics.md, "Too fast to
				 * measure"); why says so */
	/* VALUE: the value charts and reports print, br_cell_shown(): the
	 * entry's published value when it has one (PTS rounds its own
	 * mean, which can differ from ours in the last digit), else
	 * sum.mean.  Statistics use sum (doc/statistics.md, "Published
	 * and computed values"). */
	double shown;
	struct br_summary drawn; /* VALUE: sum, centred on shown (mean =
				 * shown, the interval moved with it): what
				 * a bar or point is drawn from, so one
				 * value draws and labels it (doc/
				 * statistics.md, "Published and computed
				 * values") */
	const char *shown_text; /* published, as written ("132.00"), printed
				 * as it is when it has the test's decimals;
				 * NULL: none, or not a plain number */
	double dur_scale;       /* VALUE written as a duration (m:ss): the
				 * seconds in one unit of the test, and
				 * br_cell_shown() writes it as m:ss from
				 * 120 s on; 0: a plain number */
	struct br_summary *points; /* SERIES with BR_AN_POINTS: one summary
				    * per point (n == 0: no value) */
	size_t n_points;
	size_t series_n;        /* ... points with a value, and the lowest, */
	double series_min, series_avg, series_max; /* mean, highest of their
				 * means (a line chart's legend) */
	/* BR_AN_RANKS, scalar tests: */
	int rank_low, rank_high; /* the places the data allow (br_rank):
				 * 1 + the systems proven better .. N - those
				 * proven worse; 0..0: no value */
	double relative;        /* to the best mean (HIB mean/best, LIB
				 * best/mean); NAN when not positive */
	bool best, worst;       /* proven best / worst: rank range exactly
				 * 1..1 / N..N (every other system with a
				 * value proven behind / ahead, Holm-
				 * adjusted Welch as the ranks), with two
				 * values or more and a known direction */
	/* BR_AN_COMPARE, tests where the baseline has a value: against the
	 * baseline (a candidate without a value gets the degenerate
	 * comparison that says so: check kind); NULL for the baseline
	 * itself and in other tests */
	const struct br_comparison *cmp;
	const struct br_pooled *pooled;  /* BR_AN_POOLED; NULL: none */
};

struct br_atest {
	const struct br_test *t;
	struct br_cell *cells;  /* one per selected system, in its order */
	bool scalar;            /* a bar result: ranks, comparisons */
	bool compared;          /* scalar and the baseline has a value */
	size_t n_values;        /* cells with a usable value */
	size_t n_beyond;        /* cells faster than measurable (beyond):
				 * no measured cell is best or 100% */
	int decimals;           /* display precision of values (PTS's rule,
				 * doc/pts-format.md section 2.3) */
	int se_decimals;        /* ... of SEs and intervals (section 2.2) */
	int pts_decimals;       /* ... by PTS's rule alone (before the
				 * data raised it) */
};

/* A candidate's geometric mean of speedups against the baseline. */
struct br_ageo {
	bool ok;                /* g is set: at least one test used */
	struct br_geomean g;
	size_t skipped;         /* compared tests left out for this system:
				 * no value, a mean not above 0, or no
				 * direction */
	size_t sub_metrics;     /* compared sub-metrics not counted (not
				 * in skipped): a->primary_only */
	enum br_verdict verdict;/* better / worse / no-difference by the
				 * measurement CI (g.verdict); single-run
				 * without it */
	bool hyperfine;         /* a hyperfine file with single-run user and
				 * system times: gm is over wall time only */
};

/* A pair the overall ranking lists against the order of geometric
 * means: above is proven better than below (directly or through other
 * pairs), though below's geometric mean against the baseline is higher. */
struct br_overall_swap {
	size_t above, below;    /* selected-system indexes */
	bool direct;            /* proven by their own direct ratio: g, the
				 * geometric mean of above against below */
	struct br_geomean g;
};

/*
 * The overall ranking (3+ systems, BR_AN_OVERALL): ordered by the
 * geometric mean against the baseline; a pair proven by the measurement
 * interval of its direct geometric-mean ratio (the interval behind the
 * verdict against the baseline), Holm-adjusted over all pairs; rank
 * ranges from those pairs closed transitively, a cycle among them left
 * unordered (br_rank_order_ranges), so some order fits every range.
 * Wins: tests where a system's rank range is exactly 1; could: tests
 * where it starts at 1 but is wider (single runs count in neither).
 */
struct br_overall {
	bool ok;
	const char *why;        /* not ranked although asked: why */
	size_t *order;          /* selected-system indexes, best first: by
				 * gm, but never above a system proven
				 * better */
	int *rank_low, *rank_high; /* by selected-system index; 0: unranked */
	double *gm;             /* against the baseline (1 for itself) */
	size_t *wins, *could;
	size_t *ran;            /* per system: of the n_tests, those where it
				 * has N >= 2 (its "of k tests") */
	size_t n_tests;         /* tests with N >= 2 for two systems */
	struct br_overall_swap *swaps; /* every such pair, by order[] */
	size_t n_swaps;
};

/* ---------------------------------- derived results (derived.c, issue 24)
 * Wins and losses from the per-test rank ranges (PTS's "first place
 * finishes", proven): a test counts when at least two selected systems
 * and at least half of them (rounded down, PTS's rule) have a value, it
 * has a direction, and it is a bar result; in it a system with a value
 * wins where its rank range is exactly 1..1, loses where it is exactly
 * N..N, and is tied (neither proven) otherwise. */
enum br_place {
	BR_PLACE_NONE = 0,      /* the test does not count, or no value */
	BR_PLACE_FIRST,         /* rank range exactly 1..1 */
	BR_PLACE_LAST,          /* exactly the last place */
	BR_PLACE_TIED,          /* neither proven */
};

struct br_wins {
	bool ok;                /* shown: 2+ systems, 2+ tests counted and
				 * a first or last place proven */
	size_t n_tests;         /* tests counted */
	size_t left_out;        /* scalar tests with a direction the rule
				 * leaves out (too few values) */
	size_t *wins, *losses, *ties, *ran; /* per selected system; ran:
				 * counted tests where it has a value */
	unsigned char *place;   /* [test * n_systems + system]: enum
				 * br_place */
};


/* One group of tests (--group-by) and its geometric means, made as the
 * overall ones are (br_ageo, br_overall) over its tests only. */
struct br_group {
	char *name;             /* "pts/dbench", "Disk Test Suite", "MB/s" */
	const char *source;     /* a suite: its PTS identifier ("pts/disk-
				 * 1.3.2"); else NULL */
	size_t *tests;          /* indexes into a->tests, in order */
	size_t n_tests;
	struct br_ageo *geo;    /* per selected system (not the baseline) */
	struct br_overall overall; /* 3+ systems: rank ranges in the group */
};

/* A test's spread between its best and worst system (PTS's "greatest
 * spread"), where the ranks prove the best above the worst and the
 * ratio of the two has a bounded interval. */
struct br_spread {
	size_t test;            /* index into a->tests */
	size_t best, worst;     /* selected-system indexes */
	struct br_comparison cmp; /* best against worst (baseline worst):
				 * speedup > 1 and its interval */
};

#define BR_SPREADS_SHOWN 5

struct br_analysis {
	const struct br_selection *sel;
	struct br_analysis_opts o;
	size_t base;            /* the baseline: index into sel->systems */
	bool base_given;        /* named by the user (opts.baseline) */
	bool multiway;          /* PTS multi-way names ("A: B"), see below */
	/* the geometric means count primary metrics only: some selected
	 * test is a sub-metric, another is not, and no --all-metrics
	 * (doc/statistics.md, "Primary metrics") */
	bool primary_only;
	struct br_atest *tests; /* one per selected test, in its order */
	size_t n_tests;
	size_t n_scalar;        /* scalar tests among them */
	size_t *skipped;        /* scalar tests the baseline has no value for
				 * (BR_AN_COMPARE), indexes into tests */
	size_t n_skipped;
	struct br_ageo *geo;    /* BR_AN_COMPARE: per selected system (the
				 * baseline's is not ok) */
	size_t geo_k;           /* most tests behind any geometric mean */
	size_t *overview;       /* the overview's rows: compared tests with
				 * a direction, indexes into tests */
	size_t n_overview;
	size_t n_overview_shown; /* ... of them, rows where some other system
				 * has a speedup: 0 leaves nothing to draw */
	struct br_overall overall;
	struct br_family *families; /* BR_AN_SCALING: results that differ in
				 * one numeric option (scaling.h) */
	size_t n_families;
	struct br_wins wins;    /* BR_AN_RANKS (derived.c) */
	/* BR_AN_DERIVED (derived.c, groups.c) */
	enum br_group_by grouped_by; /* the grouping used (AUTO resolved) */
	struct br_group *groups;     /* at least two, or none */
	size_t n_groups;
	size_t n_ungrouped;     /* scalar tests with a direction in no group
				 * (suite: profiles no suite names) */
	const char *groups_why; /* no groups although asked: why */
	struct br_spread *spreads;   /* widest first, at most
				      * BR_SPREADS_SHOWN */
	size_t n_spreads, all_spreads; /* listed; tests with a proven one */
	bool *unchanged;        /* per test: compared, and every candidate
				 * with a value proven equivalent to the
				 * baseline (--equivalence, TOST) */
	size_t n_unchanged;
	/* private */
	struct br_cell *cell_store;
	struct br_comparison *cmp_store;
	struct br_pooled *pooled_store;
};

/*
 * Analyse the selection.  BR_EUSAGE when o->baseline names no selected
 * system or the options contradict each other (err says so), BR_EDATA
 * when the selection has no system, BR_EIO on ENOMEM.  *out: free with
 * br_analysis_free().
 */
int br_analyse(const struct br_selection *sel,
	       const struct br_analysis_opts *o, struct br_analysis **out,
	       struct br_error *err);
void br_analysis_free(struct br_analysis *a);

/* System j's place in test i (BR_PLACE_NONE without BR_AN_RANKS). */
enum br_place br_wins_place(const struct br_analysis *a, size_t i, size_t j);

/* "first", "last", "tied"; "" for BR_PLACE_NONE (the CSV's place). */
const char *br_place_name(enum br_place p);

/*
 * The text of cell c's shown value, written to buf and returned: the
 * published text when it has `decimals` decimals (its test's display
 * precision), else shown at that precision; a value written as a
 * duration as m:ss (h:mm:ss) from 120 seconds on (br_fmt_duration).  ""
 * when c has no value.
 */
const char *br_cell_shown(const struct br_cell *c, int decimals, char *buf,
			  size_t size);
/* The same as a chart label writes it: grouped digits from 10,000, an
 * SI prefix from 1e9, significant digits for a tiny value. */
const char *br_cell_chart_text(const struct br_cell *c, int decimals,
			       char *buf, size_t size);

/*
 * Whether entry e's published value (PTS's <Value>) and the mean of its
 * runs differ by more than one unit of the value's printed precision
 * (5434.96 for a mean of 5434.955 does not; 100.00 for a mean of 350
 * does): *published, *mean and *n (runs) say how.  False for entries
 * without both (a published summary, runs only, a failed entry).
 */
bool br_entry_published_off(const struct br_entry *e, double *published,
			    double *mean, size_t *n);

/*
 * The title every report of a has (doc/templates.md): given (--title) when
 * not NULL or empty, else the input's, else "Benchmark results".  An
 * input's title that is a PTS variable PTS left unexpanded
 * ("$result_name") gives way to the first file's name without its
 * extension, written to buf (size bytes); *warning (when warning is not
 * NULL) then gets the sentence that says so, "warning: FILE: ..."
 * (free it; NULL on ENOMEM), else NULL.  The title is given, the
 * input's, a constant or buf.
 */
const char *br_analysis_title(const struct br_analysis *a, const char *given,
			      char *buf, size_t size, char **warning);

/* Selected system j, and its identifier. */
const struct br_system *br_analysis_sys(const struct br_analysis *a,
					size_t j);
const char *br_analysis_system(const struct br_analysis *a, size_t j);

/* System j's speedup against the baseline in test i (direction-aware,
 * > 1 is better): 1 for the baseline itself; NAN without a ratio. */
double br_analysis_vs_base(const struct br_analysis *a, size_t i, size_t j);

/*
 * A speedup as a chart shows it: S and its interval (NAN when there is
 * none: single runs, an unbounded interval), and whether the interval
 * includes 1 (not proven).  From a comparison, or from a geometric mean.
 */
struct br_speedup {
	double s, lo, hi;
	bool not_proven;
};
void br_speedup_of_cmp(const struct br_comparison *c, struct br_speedup *s);
void br_speedup_of_geo(const struct br_ageo *g, struct br_speedup *s);

/*
 * --fail-on-regression PCT: some comparison is significantly worse than
 * the baseline by more than pct percent (the whole interval of the
 * improvement lies below -pct).  Tests of unknown direction are not
 * gated: "lower" is not "worse" (doc/statistics.md, "Regression gate").
 */
bool br_analysis_regressed(const struct br_analysis *a, double pct);
/* The compared tests the gate leaves out for want of a direction. */
size_t br_analysis_ungated(const struct br_analysis *a);
/* ... this one comparison (NULL: none). */
bool br_comparison_regressed(const struct br_comparison *c, double pct);

/*
 * PTS multi-way comparisons (doc/pts-format.md section 1.5): every
 * selected identifier has exactly one ": " with text on both sides and
 * does not look like a date, some part before ": " is shared, the parts
 * after it differ, and groups x series make at most 4 cells a system.  br_multiway_split() splits one identifier: *pre_len
 * gets the length of the part before ": ", *post the part after; false
 * when id has no single such split.
 */
bool br_multiway_split(const char *id, size_t *pre_len, const char **post);

/*
 * A test's title as the text outputs head it (issue 25): the input's, or
 * "(untitled)" when it has none or an empty one, so that no heading or
 * sentence starts empty.  Terminal outputs still escape it (br_visible).
 */
const char *br_test_title(const struct br_test *t);
/* --group-by's names: "auto", "none", "profile", "suite", "unit"; parse
 * one (false: not a name). */
const char *br_group_by_name(enum br_group_by by);
bool br_group_by_parse(const char *s, enum br_group_by *by);

#endif
