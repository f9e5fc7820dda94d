/*
 * otava.c - Apache Otava's change-point search, reproduced (otava.h;
 * doc/statistics.md, "Otava parity").
 *
 * Two passes, as in Otava's compute_change_points():
 *
 *   split  windows of window_len points, each starting half a window
 *          on (or at the last change found in the one before), each
 *          searched by E-Divisive with a t-test at a relaxed level (10x
 *          max_pvalue below 0.05, 2x below 0.5); the union of what the
 *          windows find are the "weak" change points;
 *   merge  each weak point tested against its neighbours over the whole
 *          series; while the weakest (highest p) is not below
 *          max_pvalue, or the smallest change is not above
 *          min_magnitude, it goes, and the two points after it are
 *          tested again.  The point before it keeps its old numbers
 *          (until it is itself one of the two after a later drop):
 *          Otava does so, and the expected results depend on it.
 *
 * The window search and the t-test are in otava_win.c.
 */
#include <math.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "otava.h"
#include "otava_int.h"

void br_otava_opts_defaults(struct br_otava_opts *o)
{
	o->window_len = 50;
	o->max_pvalue = 0.001;
	o->min_magnitude = 0.0;
}

static int check_input(const double *x, size_t n,
		       const struct br_otava_opts *o, struct br_error *err)
{
	size_t i;

	if (o->window_len < 2)
		return br_error_set(err, BR_EUSAGE, NULL, 0, "otava: window "
				    "length must be at least 2, got %zu",
				    o->window_len);
	if (!(o->max_pvalue > 0 && o->max_pvalue <= 1))
		return br_error_set(err, BR_EUSAGE, NULL, 0, "otava: max "
				    "p-value must be above 0 and at most 1, "
				    "got %g", o->max_pvalue);
	if (!(o->min_magnitude >= 0 && isfinite(o->min_magnitude)))
		return br_error_set(err, BR_EUSAGE, NULL, 0, "otava: min "
				    "magnitude must be a finite number of 0 "
				    "or more, got %g", o->min_magnitude);
	for (i = 0; i < n; i++)
		if (!isfinite(x[i]))
			return br_error_set(err, BR_EDATA, NULL, 0, "otava: "
					    "value %zu of %zu is not a finite "
					    "number", i + 1, n);
	return BR_OK;
}

/* The level of the split pass: Otava's first-pass p-value. */
static double first_pass(double max_p)
{
	if (max_p < 0.05)
		return max_p * 10;
	if (max_p < 0.5)
		return max_p * 2;
	return max_p;
}

/*
 * The weak change points of x[0..n), ascending, into cps (room for n):
 * the union of each window's.  Returns false on ENOMEM.
 */
static bool split(const double *x, size_t n, size_t wlen, double p1,
		  size_t *cps, size_t *ncps)
{
	size_t start = 0, end, step = wlen / 2, k, nw, last;
	size_t room = wlen < n ? wlen : n;
	size_t *wcps = malloc((room + 1) * sizeof *wcps);
	double *work = malloc((3 * room + 1) * sizeof *work);
	bool *seen = calloc(n + 1, sizeof *seen);

	if (!wcps || !work || !seen) {
		free(wcps);
		free(work);
		free(seen);
		return false;
	}
	while (start < n) {
		end = n - start > wlen ? start + wlen : n;
		br_ot_window(x + start, end - start, p1, wcps, &nw, work);
		last = nw > 0 ? wcps[nw - 1] + start : 0;
		for (k = 0; k < nw; k++)
			seen[wcps[k] + start] = true;
		start = last > start + step ? last : start + step;
	}
	*ncps = 0;
	for (k = 0; k < n; k++)
		if (seen[k])
			cps[(*ncps)++] = k;
	free(wcps);
	free(work);
	free(seen);
	return true;
}

/* The test of cps[k] against its neighbours cps[k - 1] and cps[k + 1]
 * (the series' ends for the first and the last). */
static void test_at(const double *x, size_t n, const size_t *cps, size_t m,
		    size_t k, struct br_ot_test *t)
{
	br_ot_ttest(x, k == 0 ? 0 : cps[k - 1], cps[k],
		    k + 1 == m ? n : cps[k + 1], t);
}

/* Otava's forward and backward relative changes: 0 when the mean they
 * divide by is 0. */
static double fwd_change(const struct br_ot_test *t)
{
	return t->mean1 == 0 ? 0 : t->mean2 / t->mean1 - 1.0;
}

static double magnitude(const struct br_ot_test *t)
{
	double f = fabs(fwd_change(t));
	double b = fabs(t->mean2 == 0 ? 0 : t->mean1 / t->mean2 - 1.0);

	return b > f ? b : f; /* Python's max(f, b) */
}

/* The one merge() drops next, or m when all stay.  Ties go to the
 * first, as Python's max() and min() give them. */
static size_t weakest(const struct br_ot_test *t, size_t m,
		      const struct br_otava_opts *o)
{
	size_t k, w = 0;

	for (k = 1; k < m; k++)
		if (t[k].p > t[w].p)
			w = k;
	if (!(t[w].p < o->max_pvalue))
		return w;
	w = 0;
	for (k = 1; k < m; k++)
		if (magnitude(&t[k]) < magnitude(&t[w]))
			w = k;
	return magnitude(&t[w]) > o->min_magnitude ? m : w;
}

/* Otava's merge: drop the weakest until all pass (the file comment). */
static size_t merge(const double *x, size_t n, size_t *cps,
		    struct br_ot_test *t, size_t m,
		    const struct br_otava_opts *o)
{
	size_t w;

	while (m > 0) {
		w = weakest(t, m, o);
		if (w == m)
			break;
		memmove(cps + w, cps + w + 1, (m - w - 1) * sizeof *cps);
		memmove(t + w, t + w + 1, (m - w - 1) * sizeof *t);
		m--;
		/* Otava tests again the points now at w and w + 1 (whose
		 * numbers may be stale from an earlier drop), not w - 1 */
		if (w < m)
			test_at(x, n, cps, m, w, &t[w]);
		if (w + 1 < m)
			test_at(x, n, cps, m, w + 1, &t[w + 1]);
	}
	return m;
}

static void fill(const size_t *cps, const struct br_ot_test *t, size_t m,
		 struct br_otava_cp *out)
{
	size_t k;

	for (k = 0; k < m; k++) {
		out[k].index = cps[k];
		out[k].mean_before = t[k].mean1;
		out[k].stddev_before = t[k].sd1;
		out[k].mean_after = t[k].mean2;
		out[k].stddev_after = t[k].sd2;
		out[k].pvalue = t[k].p;
		out[k].forward_change_percent = fwd_change(&t[k]) * 100.0;
		out[k].magnitude = magnitude(&t[k]);
	}
}

int br_otava_changes(const double *x, size_t n,
		     const struct br_otava_opts *o, struct br_otava_cp **out,
		     size_t *n_out, struct br_error *err)
{
	size_t *cps = NULL, m = 0, k;
	struct br_ot_test *t = NULL;
	int rc;

	*out = NULL;
	*n_out = 0;
	rc = check_input(x, n, o, err);
	if (rc != BR_OK || n == 0)
		return rc;
	cps = malloc(n * sizeof *cps);
	t = malloc(n * sizeof *t);
	if (!cps || !t || !split(x, n, o->window_len,
				 first_pass(o->max_pvalue), cps, &m))
		goto nomem;
	for (k = 0; k < m; k++)
		test_at(x, n, cps, m, k, &t[k]);
	m = merge(x, n, cps, t, m, o);
	if (m > 0) {
		*out = malloc(m * sizeof **out);
		if (!*out)
			goto nomem;
		fill(cps, t, m, *out);
	}
	*n_out = m;
	free(cps);
	free(t);
	return BR_OK;
nomem:
	free(cps);
	free(t);
	return br_error_set(err, BR_EIO, NULL, 0, "otava: out of memory");
}
