/*
 * otava.h - Apache Otava's change-point search, reproduced exactly
 * (doc/statistics.md, "Otava parity").
 *
 * Otava (formerly Hunter) finds change points with E-Divisive means over
 * sliding windows and keeps those whose two-sample test p-value is at
 * most max_pvalue and whose relative change is at least min_magnitude.
 * Its results carry no interval; benchreport's own detector
 * (changepoint.h) does.  This mode lets a user check one against the
 * other: for the same series and parameters it returns the same indexes
 * and the same numbers as Otava's compute_change_points().  Facts and
 * figures carry over from Otava's documentation and tests; the code is
 * ours.  Pure and reentrant.
 */
#ifndef BR_OTAVA_H
#define BR_OTAVA_H

#include <stddef.h>

#include "../model/model.h"

struct br_otava_opts {
	size_t window_len;    /* Otava's window_len (default 50) */
	double max_pvalue;    /* Otava's max_pvalue (default 0.001) */
	double min_magnitude; /* Otava's min_magnitude (default 0.0) */
};

void br_otava_opts_defaults(struct br_otava_opts *o);

/* One change point, with Otava's fields and meanings. */
struct br_otava_cp {
	size_t index;                  /* first point after the change */
	double mean_before, stddev_before;
	double mean_after, stddev_after;
	double pvalue;
	double forward_change_percent; /* 100 (after / before - 1) */
	double magnitude;              /* Otava's magnitude() */
};

/*
 * The change points of x[0..n) as Otava reports them (its first list,
 * ascending index).  BR_OK, BR_EUSAGE for options out of range, BR_EIO
 * on ENOMEM.  *out: free() it (NULL when *n_out is 0).
 *
 * Ranges: window_len >= 2, max_pvalue in (0, 1], min_magnitude finite
 * and >= 0; a value of x that is not finite is BR_EDATA.  err->msg says
 * which ("otava: window length must be at least 2, got 1").  A series
 * shorter than a window is searched as one window.  Needs GSL's error
 * handler off (cli/main.c turns it off), as the rest of stats/ does.
 */
int br_otava_changes(const double *x, size_t n,
		     const struct br_otava_opts *o, struct br_otava_cp **out,
		     size_t *n_out, struct br_error *err);

#endif
