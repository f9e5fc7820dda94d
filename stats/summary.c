/*
 * summary.c - one sample -> struct br_summary (doc/statistics.md,
 * "Per system":
 * two-pass moments and the t-based CI of the mean, order statistics,
 * Iglewicz-Hoaglin outlier flags and run-order drift checks.
 *
 * Numerics: never the one-pass sum of squares (it prints sd 0 for
 * 1e9 + {1, 2, 3} and NaN for three 0.1s, doc/statistics.md, "Where
 * ministat and PTS differ").  GSL's mean and sd_m are a long-double
 * running mean and a second pass over the deviations; equal runs
 * short-cut to mean = x_1, sd = 0 exactly.
 */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <gsl/gsl_cdf.h>
#include <gsl/gsl_sort.h>
#include <gsl/gsl_statistics_double.h>

#include "stats.h"
#include "stats_int.h"

/* Runs up to this many are summarised without malloc. */
#define STACK_RUNS 64

/* Every field "not computed": NAN numbers, no flags. */
static void clear_summary(struct br_summary *o)
{
	memset(o, 0, sizeof *o);
	o->mean = o->sd = o->se = NAN;
	o->ci_low = o->ci_high = NAN;
	o->median = o->q1 = o->q3 = o->min = o->max = NAN;
	o->cv_pct = NAN;
	o->lag1 = o->trend_slope = o->trend_p = NAN;
}

/*
 * Above BIG x - mean and (x - mean)^2 can overflow, below SMALL the
 * squares vanish, so the moments are computed on x / scale (two-pass,
 * same formulas) and scaled back: values from the smallest doubles up to
 * DBL_MAX keep a finite mean and, where it exists in doubles, a finite
 * sd ({1, 1.1, 0.9}e-170 had sd 0).
 */
#define BIG 1e150
#define SMALL 1e-150

/* Neumaier's compensated sum of x[i] / scale: exact for sums that
 * cancel ({-2, 0, 3, -1} sums to 0, not 2.7e-20). */
static double csum(const double *x, size_t n, double scale)
{
	double s = 0, c = 0, t, v;
	size_t i;

	for (i = 0; i < n; i++) {
		v = x[i] / scale;
		t = s + v;
		if (fabs(s) >= fabs(v))
			c += (s - t) + v;
		else
			c += (v - t) + s;
		s = t;
	}
	return s + c;
}

/*
 * Mean and sd of x / scale, scaled back: the mean is a compensated sum
 * divided by n (within about an ulp of the exact mean: {-2, 0, 3, -1}
 * gives 0); sd is the two-pass sum of squared deviations less the
 * square of their sum over n (the corrected two-pass formula), so a
 * large offset (3.76e9 + {1, 2, 4, 7}) costs no digits.
 */
static void moments(const double *x, size_t n, double scale,
		    struct br_summary *o)
{
	double m = csum(x, n, scale) / (double)n, ss = 0, sd = 0, d;
	size_t i;

	for (i = 0; i < n; i++) {
		d = x[i] / scale - m;
		ss += d * d;
		sd += d;
	}
	ss -= sd * sd / (double)n;
	o->mean = m * scale;
	o->sd = n >= 2 ? sqrt(fmax(ss, 0) / (double)(n - 1)) * scale : NAN;
	if (!isfinite(o->sd))
		o->sd = NAN; /* beyond DBL_MAX: no spread to report */
}

/* CI of the mean and CV from n, mean and se (sd for CV); bounds that
 * overflow are unavailable (NAN), never infinite. */
static void finish_ci(struct br_summary *o, double confidence)
{
	double q;

	if (o->n < 2 || isnan(o->se))
		return;
	q = br_t_quantile(1 - (1 - confidence) / 2, (double)(o->n - 1));
	o->ci_low = o->mean - q * o->se;
	o->ci_high = o->mean + q * o->se;
	if (!isfinite(o->ci_low) || !isfinite(o->ci_high))
		o->ci_low = o->ci_high = NAN;
	if (o->mean != 0)
		o->cv_pct = 100 * (o->sd / fabs(o->mean));
	if (!isfinite(o->cv_pct))
		o->cv_pct = NAN;
}

/* A positive ratio's interval on the log scale: mean exp(+/- q se /
 * mean), q Student's at df (stats/power.h, doc/statistics.md,
 * "Performance per watt"). */
static void log_ci(struct br_summary *o, double df, double confidence)
{
	double q = br_t_quantile(1 - (1 - confidence) / 2, df);

	o->ci_low = o->mean * exp(-q * o->se / o->mean);
	o->ci_high = o->mean * exp(q * o->se / o->mean);
	if (!isfinite(o->ci_low) || !isfinite(o->ci_high))
		o->ci_low = o->ci_high = NAN;
}

/*
 * Hyndman-Fan type 7 quantile of sorted x (h = (n-1)p), as
 * gsl_stats_quantile_from_sorted_data but written lo + h (hi - lo) so
 * that equal neighbours give their value exactly.
 */
static double quantile7(const double *x, size_t n, double p)
{
	double h = (double)(n - 1) * p, lo, hi;
	size_t i = (size_t)h;

	if (i + 1 >= n)
		return x[n - 1];
	lo = x[i];
	hi = x[i + 1];
	return lo + (h - (double)i) * (hi - lo);
}

/*
 * Flag runs by the modified z-score (doc/statistics.md, "Outliers").  x in
 * run order, work has room for n doubles.
 */
static void flag_outliers(const double *x, size_t n, double median,
			  double step, double *work, struct br_summary *o)
{
	double mad, mean_ad, z;
	double sum = 0;
	size_t i;

	if (n < BR_OUTLIER_MIN_N)
		return;
	for (i = 0; i < n; i++) {
		work[i] = fabs(x[i] - median);
		sum += work[i];
	}
	gsl_sort(work, 1, n);
	mad = gsl_stats_median_from_sorted_data(work, 1, n);
	mean_ad = sum / (double)n;
	if (!(mad > 0) && !(mean_ad > 0))
		return;
	for (i = 0; i < n; i++) {
		if (mad > 0)
			z = 0.6745 * (x[i] - median) / mad;
		else
			z = (x[i] - median) / (1.2533 * mean_ad);
		/* a run within one step of the median is the median, as
		 * the values resolve it ({5, 5, 5, 5, 6}: 6 is not odd;
		 * 0.028 beside 0.027 neither, though their binary
		 * difference is a hair above 0.001) */
		if (!(fabs(z) > 3.5) ||
		    !(fabs(x[i] - median) > step * (1 + 1e-9)))
			continue;
		if (o->n_flagged < BR_MAX_FLAGGED)
			o->flagged[o->n_flagged] = i;
		o->n_flagged++;
	}
}

/* Lag-1 autocorrelation and OLS trend over run order (doc/statistics.md,
 * "Run-order checks"). */
static void check_drift(const double *x, size_t n, double mean,
			struct br_summary *o)
{
	double ss = 0, cross = 0, sxy = 0, sxx, mid, b, sse = 0, se_b;
	double dn = (double)n, lim;
	bool by_lag = false, by_trend = false;
	size_t i;

	for (i = 0; i < n; i++) {
		double dv = x[i] - mean;

		ss += dv * dv;
		if (i + 1 < n)
			cross += dv * (x[i + 1] - mean);
	}
	if (n >= BR_LAG1_MIN_N && ss > 0) {
		o->lag1 = cross / ss;
		lim = -1 / dn + BR_LAG1_Z * (dn - 2) / (dn * sqrt(dn - 1));
		by_lag = n >= BR_LAG1_FLAG_N && o->lag1 > lim;
	}
	if (n >= BR_TREND_MIN_N) {
		mid = (dn - 1) / 2;
		sxx = dn * (dn * dn - 1) / 12;
		for (i = 0; i < n; i++)
			sxy += ((double)i - mid) * (x[i] - mean);
		b = sxy / sxx;
		for (i = 0; i < n; i++) {
			double e = (x[i] - mean) - b * ((double)i - mid);

			sse += e * e;
		}
		se_b = sqrt(sse / (dn - 2) / sxx);
		o->trend_slope = b;
		if (se_b > 0)
			o->trend_p = 2 * gsl_cdf_tdist_Q(fabs(b / se_b),
							 dn - 2);
		else
			o->trend_p = b == 0 ? 1 : 0;
		by_trend = o->trend_p < BR_DRIFT_ALPHA;
	}
	o->drift = by_lag || by_trend;
	if (by_lag && by_trend)
		o->drift_reason = "runs trend and are autocorrelated over "
				  "run order";
	else if (by_trend)
		o->drift_reason = "runs trend over run order";
	else if (by_lag)
		o->drift_reason = "runs are autocorrelated (lag 1)";
}

/* Summary of raw runs; buf has room for 2n doubles. */
static int summarize_runs(const struct br_sample *s, double confidence,
			  bool lean, double *buf, struct br_summary *o)
{
	double *x = buf, *sorted = buf + s->n_runs, big, scale = 1;
	size_t n = s->n_runs, i;

	o->n = n;
	o->min = o->max = s->runs[0].value;
	for (i = 0; i < n; i++) {
		double v = s->runs[i].value;

		if (!isfinite(v))
			return BR_EDATA;
		x[i] = v;
		o->min = fmin(o->min, v);
		o->max = fmax(o->max, v);
	}
	o->sign_change = o->min < 0 && o->max > 0;
	big = fmax(fabs(o->min), fabs(o->max));
	if (o->min == o->max) {
		o->mean = x[0];
		o->sd = n >= 2 ? 0.0 : NAN;
	} else {
		if (big > BIG || big < SMALL)
			scale = big;
		moments(x, n, scale, o);
	}
	if (n >= 2)
		o->se = o->sd / sqrt((double)n);
	o->resolution = s->resolution;
	if (n >= 2 && s->resolution > 0 && isfinite(o->sd) &&
	    o->sd < s->resolution / sqrt(12)) {
		/* identical runs: the spread is below what the values
		 * resolve, not zero, and rounding that nothing dithers
		 * does not average out: the mean is known to +/- r/2 at
		 * any n, and r/2 is the largest sd an error within that
		 * can have (doc/statistics.md, "Resolution") */
		o->se = s->resolution / 2;
		o->floored = true;
	}
	finish_ci(o, confidence);
	if (lean)
		return BR_OK;
	memcpy(sorted, x, n * sizeof *x);
	gsl_sort(sorted, 1, n);
	o->median = gsl_stats_median_from_sorted_data(sorted, 1, n);
	o->q1 = quantile7(sorted, n, 0.25);
	o->q3 = quantile7(sorted, n, 0.75);
	/* outliers and drift on x / scale when the magnitudes are extreme
	 * (their squares would overflow or vanish); both are scale-free but
	 * for the slope */
	if (scale != 1)
		for (i = 0; i < n; i++)
			x[i] /= scale;
	flag_outliers(x, n, o->median / scale, s->resolution / scale, sorted,
		      o);
	check_drift(x, n, o->mean / scale, o);
	o->trend_slope *= scale;
	return BR_OK;
}

int br_summarize(const struct br_sample *s, double confidence,
		 struct br_summary *out)
{
	return br_summarize_ex(s, confidence, false, out);
}

int br_summarize_ex(const struct br_sample *s, double confidence, bool lean,
		    struct br_summary *out)
{
	double stack[2 * STACK_RUNS], *buf = stack;
	int rc;

	clear_summary(out);
	if (!(confidence > 0 && confidence < 1))
		return BR_EUSAGE;
	if (s->n_runs > 0) {
		if (s->n_runs > STACK_RUNS) {
			if (s->n_runs > SIZE_MAX / (2 * sizeof *buf))
				return BR_EIO;
			buf = malloc(2 * s->n_runs * sizeof *buf);
			if (!buf)
				return BR_EIO;
		}
		rc = summarize_runs(s, confidence, lean, buf, out);
		if (buf != stack)
			free(buf);
		if (rc != BR_OK)
			clear_summary(out);
		return rc;
	}
	if (!s->has_value || !isfinite(s->value))
		return BR_EDATA;
	out->from_summary = true;
	out->mean = s->value;
	out->n = 1;
	if (!s->is_summary || s->n < 2)
		return BR_OK;
	out->n = s->n;
	if (isfinite(s->se) && s->se >= 0) {
		out->se = s->se;
		out->sd = s->se * sqrt((double)s->n);
	}
	out->resolution = s->resolution;
	if (out->se == 0 && s->resolution > 0) {
		/* a published SE of 0 for a mean written to a step: known
		 * to +/- step / 2, as identical runs are */
		out->se = s->resolution / 2;
		out->floored = true;
	}
	finish_ci(out, confidence);
	if (s->log_ci && s->df > 0 && out->mean > 0 && isfinite(out->se))
		log_ci(out, s->df, confidence);
	return BR_OK;
}
