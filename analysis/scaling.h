/*
 * scaling.h - scaling families: selected results that differ in one
 * numeric option only ("Dbench - Client Count: 1, 6, 12, 48"), found
 * once per run (BR_AN_SCALING) for the scaling charts and the reports
 * (doc/charts.md, "Scaling charts").
 */
#ifndef BR_SCALING_H
#define BR_SCALING_H

#include <stdbool.h>
#include <stddef.h>

#include "analysis.h"

/* One option of a description: "Record Size: 4Kb" is name "Record
 * Size", value "4Kb"; "Compression Speed" has no name. */
struct br_option {
	const char *name, *value;
	size_t name_len, value_len;
};

#define BR_MAX_OPTIONS 16

/*
 * Split a PTS description into its options, at " - ": "Record Size: 4Kb
 * - File Size: 512MB - Disk Test: Write Performance" gives three.  The
 * spans point into desc, blanks around them left out.  Returns the
 * number of options (0 for an empty description), or 0 when there are
 * more than max.
 */
size_t br_options_split(const char *desc, struct br_option *opt, size_t max);

/* A number an option's value stands for. */
struct br_optnum {
	double v;     /* in bytes when bytes, else plain: "10k" is 10000 */
	bool bytes;   /* a size: "4Kb", "512MB", "1 GiB", "64 bytes" */
	int exp;      /* the prefix as written: 0 none, 1 k, 2 M, 3 G, 4 T */
	const char *word; /* a count with a word ("12 Clients", PTS 5's
			   * Dbench): the word, in s; NULL: none */
	size_t word_len;
};

/*
 * Parse an option's value (len bytes of s) as a number with an optional
 * unit: a plain decimal number ("12", "0.5"), with an SI prefix ("10k",
 * "2M": powers of 1000), a size ("4Kb", "4KB", "4 KiB", "512MB",
 * "1GB": powers of 1024, as the sizes PTS's disk tests pass to their
 * programs are) or a count and the word that names it, after a blank
 * ("12 Clients", "4 Threads": letters, not a unit of measure such as
 * "Seconds" or "MB/s").  false for anything else ("1D FFT Size 1024",
 * "19, Long Mode", "-1", "1e3").
 */
bool br_option_number(const char *s, size_t len, struct br_optnum *out);

/*
 * A scaling family: two or more selected bar results with the same
 * title, program version, unit and direction whose descriptions have the
 * same options and differ only in one, whose values are numbers of one
 * kind (sizes, or plain numbers), and that have a value for some system.
 * Where results differ in several such options (a grid: Record Size x
 * File Size), the option with the most distinct values is the x axis
 * (on a tie, the later option), and every combination of the others is
 * a family.
 */
struct br_family {
	size_t *tests;      /* indexes into a->tests, by x ascending */
	double *x;          /* the option's value for each, in unit */
	size_t n;           /* points: at least 2 */
	char *option;       /* the option's name: "Client Count"; for
			     * values without one ("12 Clients"), their
			     * word: "Clients" */
	const char *unit;   /* the sizes' unit ("KB", "MB", ...: the
			     * smallest prefix written), "" for numbers */
	char *rest;         /* the description without that option
			     * ("Disk Test: Write Performance"), or "" */
	bool log;           /* x > 0 and spans a factor of 8 or more: a
			     * log scale */
	int x_decimals;     /* decimals that write every x exactly (at most
			     * 3): how charts and tables print x */
};

/* The families of a (BR_AN_SCALING) into a->families, in the order of
 * their first result.  BR_EIO on ENOMEM. */
int br_scaling_find(struct br_analysis *a);
void br_scaling_free(struct br_analysis *a);

#endif
