/*
 * power.c - performance per watt and joules per run with their intervals:
 * the delta method on the log scale (power.h).
 */
#include <math.h>
#include <string.h>

#include "power.h"
#include "stats.h"   /* br_t_quantile */

static bool spread(double se, size_t n)
{
	return n >= 2 && isfinite(se) && se >= 0;
}

/*
 * log P = log X - log W and log J = log X + log W: either way the
 * relative SEs add in quadrature, s^2 = a^2 + b^2 (a = s_x / X, b =
 * s_w / W).  With f = a^2 / s^2 the runs' share of the variance,
 * Welch-Satterthwaite's df is 1 / d = f^2 / (n - 1) + (1 - f)^2 / (m -
 * 1); ours is d (f^2 + (1 - f)^2)^g with g = min(1, 2 / (n - 1)).  With
 * few runs Welch-Satterthwaite's lets the df jump towards m - 1 whenever
 * the runs happen to agree, just when the interval is already too
 * narrow (92% at 95% for 3 runs); the factor, at most 1, takes the df
 * back towards the harmonic mean of both sides' (g = 1: the weights
 * normalised to sum to 1) and fades as the runs' own df grows.  g was
 * chosen by the simulation (doc/statistics.md, "Performance per watt"),
 * which has the coverage of each rule tried.
 */
static void log_delta(double x, double se_x, size_t n_x, double w,
		      double se_w, size_t n_w, double c, struct br_power_ci *o)
{
	double a = se_x / x, b = se_w / w, s2 = a * a + b * b, f, g, q, s;

	if (s2 == 0) {
		o->lo = o->hi = o->value;
		return;
	}
	f = a * a / s2;
	g = n_x > 3 ? 2 / (double)(n_x - 1) : 1;
	o->df = pow(f * f + (1 - f) * (1 - f), g) /
		(f * f / (double)(n_x - 1) +
		 (1 - f) * (1 - f) / (double)(n_w - 1));
	q = br_t_quantile(1 - (1 - c) / 2, o->df);
	s = sqrt(s2);
	o->lo = o->value * exp(-q * s);
	o->hi = o->value * exp(q * s);
}

void br_power_ci(double x, double se_x, size_t n_x, double w, double se_w,
		 size_t n_w, bool per, double c, struct br_power_ci *out)
{
	out->ok = x > 0 && w > 0 && isfinite(x) && isfinite(w);
	out->value = out->ok ? (per ? x / w : x * w) : NAN;
	out->lo = out->hi = out->df = NAN;
	if (!out->ok || !spread(se_x, n_x) || !spread(se_w, n_w) ||
	    !(c > 0 && c < 1))
		return;
	log_delta(x, se_x, n_x, w, se_w, n_w, c, out);
}
