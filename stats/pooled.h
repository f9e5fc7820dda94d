/*
 * pooled.h - ministat's comparison (pooled-variance Student's t), for
 * `compare --ministat` only; everything else uses Welch (stats.h).
 */
#ifndef BR_POOLED_H
#define BR_POOLED_H

#include <stdbool.h>

#include "stats.h"

struct br_pooled {
	double d;        /* mean_B - mean_A */
	double e;        /* t(1-a/2, nA+nB-2) * s_p * sqrt(1/nA + 1/nB) */
	double s_p;      /* pooled standard deviation */
	double pct, pct_e; /* d and e in percent of mean_A */
	bool different;  /* |d| > e */
	double t, df, p; /* pooled t = d / (s_p sqrt(1/nA + 1/nB)), nA+nB-2,
			  * two-sided p; s_p = 0: t NAN, p 0 or 1 */
};

/* false when either side has n < 2 (ministat refuses n < 3; we allow 2). */
bool br_pooled_t(const struct br_summary *a, const struct br_summary *b,
		 double confidence, struct br_pooled *out);

#endif
