/*
 * pooled.h - the other tools' own comparisons, so that compare can say
 * what they say: ministat's (pooled-variance Student's t), for `compare
 * --ministat` only, and hyperfine's relative speed (doc/statistics.md,
 * "ministat block" and "hyperfine's relative speed").  Everything else
 * uses Welch (stats.h).
 */
#ifndef BR_POOLED_H
#define BR_POOLED_H

#include <stdbool.h>

#include "stats.h"

struct br_pooled {
	double d;        /* mean_B - mean_A */
	double e;        /* t(1-a/2, nA+nB-2) * s_p * sqrt(1/nA + 1/nB) */
	double s_p;      /* pooled standard deviation; a side whose runs
			  * are closer than their resolution enters with
			  * se sqrt(n), its SE from the step */
	bool floored;    /* a side did (doc/statistics.md, "Resolution") */
	double pct, pct_e; /* d and e in percent of mean_A */
	bool different;  /* |d| > e */
	double t, df, p; /* pooled t = d / (s_p sqrt(1/nA + 1/nB)), nA+nB-2,
			  * two-sided p; s_p = 0: t NAN, p 0 or 1 */
};

/* false when either side has n < 2 (ministat refuses n < 3; we allow 2). */
bool br_pooled_t(const struct br_summary *a, const struct br_summary *b,
		 double confidence, struct br_pooled *out);

/*
 * hyperfine's "FAST ran R +/- E times faster than SLOW": R the slower
 * mean over the faster one, E = R * sqrt((sd_a/mean_a)^2 +
 * (sd_b/mean_b)^2), the runs' spread propagated (not a confidence
 * interval; NAN when either side has no sd, a single run, where
 * hyperfine prints no +/-).  *b_faster: b's mean is below a's.  false
 * when a mean is not above 0.
 */
bool br_hyperfine_ratio(const struct br_summary *a, const struct br_summary *b,
			double *ratio, double *pm, bool *b_faster);

#endif
