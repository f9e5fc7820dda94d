/*
 * otava_int.h - the parts of the Otava parity mode shared between
 * otava.c (split and merge over the whole series) and otava_win.c (the
 * E-Divisive search inside one window, the two-sample test).  Not part
 * of the API; doc/statistics.md, "Otava parity", says what each step
 * does and why the order of every sum is kept.
 */
#ifndef BR_OTAVA_INT_H
#define BR_OTAVA_INT_H

#include <stddef.h>

/* The two-sample comparison of x[a..idx) against x[idx..b). */
struct br_ot_test {
	double mean1, mean2; /* means before / after */
	double sd1, sd2;     /* population SDs (divisor n; 0 for n = 1) */
	double p;            /* pooled Student t, two-sided; NAN when both
			      * sides are constant and equal */
};

/* numpy's pairwise sum of x[0..n) (8 accumulators, blocks of 128),
 * the same bits as numpy.add.reduce on a contiguous float64 array. */
double br_ot_sum(const double *x, size_t n);

/* Compare x[a..idx) with x[idx..b), a < idx < b, as Otava's t-test
 * tester does: numpy mean and std (ddof 0) of each side, handed to a
 * pooled-variance Student t as if they were sample SDs; p = 1 when the
 * two sides hold two points in all. */
void br_ot_ttest(const double *x, size_t a, size_t idx, size_t b,
		 struct br_ot_test *t);

/*
 * The E-Divisive search with the t-test inside one window w[0..len):
 * the first-pass change points, ascending, local indexes, into
 * cps[0..*ncps) (room for len).  work: 3 * len doubles of scratch.
 */
void br_ot_window(const double *w, size_t len, double max_p, size_t *cps,
		  size_t *ncps, double *work);

#endif
