/*
 * derive.h - results derived from the measured ones, as PTS's result
 * viewer and perf_per_dollar module derive them (doc/statistics.md,
 * "Derived results"): performance per core, thread, GHz or memory
 * channel (--per), and performance per dollar or per hour of cost
 * (--cost, --cost-file).
 *
 * Each divides a more-is-better value, or multiplies a fewer-is-better
 * one, by an exact number per system (a count from its hardware string,
 * a cost, a cost an hour times the run's recorded duration).  Scaling a
 * sample by an exact constant k scales its mean, SD, SE and interval by
 * k and a ratio of two systems by k1 / k2, so the derived results are
 * made here once, by scaling every run (or published summary) of the
 * selected tests, and the whole analysis then runs on them: every
 * output, its intervals, verdicts, ranks and geometric means, reads
 * the derived numbers.  The unit says what was done ("MB/s Per Core",
 * "Seconds x Dollar", PTS's words) and each test's annotation names the
 * number used for each system.
 */
#ifndef BR_DERIVE_H
#define BR_DERIVE_H

#include <stdbool.h>
#include <stddef.h>

#include "analysis.h"

enum br_per {
	BR_PER_NONE = 0,
	BR_PER_CORES,
	BR_PER_THREADS,
	BR_PER_GHZ,
	BR_PER_CHANNELS,
	BR_PER_WATT,      /* not a count: PTS's power monitor results */
};

/* "cores", "threads", "ghz", "channels", "watt" or "watts" (any case);
 * false otherwise. */
bool br_per_from_name(const char *s, enum br_per *out);

/*
 * The count PTS's viewer reads for per from system s's Processor (and
 * Memory) hardware string (doc/statistics.md, "Derived results"):
 * cores, "(16 Cores / 32 Threads)" -> 16; threads -> 32 ("(8 Cores)":
 * the cores); GHz, "... @ 3.40GHz (..." -> 3.4; channels, DIMMs of
 * "Memory: 4 x 16384 MB ..." over the sockets of "Processor: 2 x ...",
 * when whole.  *count > 0; false when the strings hold none.
 */
bool br_per_count(const struct br_system *s, enum br_per per, double *count);

/* One system's cost: --cost NAME=AMOUNT[/h] or a line of --cost-file. */
struct br_cost {
	const char *system;   /* as given (br_system_named resolves it) */
	double amount;        /* dollars, or dollars an hour */
	bool per_hour;
	const char *where;    /* "--cost" or "FILE:LINE", for errors */
};

/*
 * Parse "NAME=AMOUNT" or "NAME=AMOUNT/h" (AMOUNT > 0, an optional
 * leading '$'; NAME is split at the last '=') into c, NAME interned in
 * rs; c->where is where.  BR_EUSAGE with err saying what is wrong.
 */
int br_cost_parse(struct br_resultset *rs, const char *arg, const char *where,
		  struct br_cost *c, struct br_error *err);

/*
 * A cost file's text (modified in place: lines are cut): one
 * "SYSTEM,AMOUNT[/h]" a line, split at the last comma, blank lines and
 * '#' comments skipped, a first line "system,cost" (any case) a header,
 * a name in double quotes unquoted.  Appends to *costs (realloc'd,
 * *n_costs counts them); each where is "PATH:LINE" interned in rs.
 * BR_EDATA naming the file and line of a bad line.
 */
int br_cost_file_parse(struct br_resultset *rs, const char *path, char *text,
		       struct br_cost **costs, size_t *n_costs,
		       struct br_error *err);

/* br_cost_parse of one --cost ARG, appended to *costs (realloc'd). */
int br_cost_add_arg(struct br_resultset *rs, const char *arg,
		    struct br_cost **costs, size_t *n, struct br_error *err);

struct br_derive_opts {
	enum br_per per;              /* BR_PER_NONE: none */
	const char *const *cost_args; /* each --cost NAME=AMOUNT[/h] */
	size_t n_cost_args;
	const char *cost_path;        /* --cost-file, and its text (cut in */
	char *cost_text;              /* place); NULL: none */
};

/* What br_derive_apply did, for the warnings cli prints. */
struct br_derive_info {
	bool applied;         /* something was derived */
	size_t dropped;       /* selected tests left out: not a bar result
			       * with a direction */
	size_t no_time;       /* per hour: entries without run times, left
			       * without a value */
	const char *what;     /* "--per cores", "--cost" */
	const char *why;      /* why the dropped tests were left out */
};

/*
 * Derive: scale the runs, published values and summaries of every
 * selected test in rs by each selected system's factor (more is better:
 * 1 / k, fewer is better: k), rename the unit and annotate the test with
 * the factors; tests that cannot be derived (no direction, not a bar
 * result) leave the selection (info->dropped).  BR_EUSAGE naming the
 * system whose count cannot be found or that has no cost, and when
 * --per and --cost are both given; BR_EDATA when nothing is left;
 * BR_EIO on ENOMEM.  A no-op when o asks for nothing.
 */
int br_derive_apply(struct br_resultset *rs, struct br_selection *sel,
		    const struct br_derive_opts *o,
		    struct br_derive_info *info, struct br_error *err);

/*
 * --per watt (br_derive_apply; analysis/derive_power.c, doc/statistics.md,
 * "Performance per watt"): each selected bar test for which PTS recorded
 * a power monitor result (a LINE_GRAPH result whose description names
 * "System", "CPU" or "GPU Power Consumption" and " Monitor", unit Watts
 * or Milliwatts, its Parent the test's comparison hash; the system's
 * monitor is preferred, then the CPU's, then the GPU's) becomes its
 * performance per watt (more is better: X / W, "MB/s Per Watt") or its
 * joules per run (fewer is better in seconds, ms or us: X W, "Joules Per
 * Run Average"), PTS's derivations, each entry a summary carrying the
 * interval of stats/power.h (runs and sensor samples both; a value
 * alone without runs or without 3 samples as PTS asks).  Other tests
 * leave the selection (info->dropped); BR_EDATA when none is left.
 */
int br_derive_power(struct br_resultset *rs, struct br_selection *sel,
		    struct br_derive_info *info, struct br_error *err);

#endif
