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
 * s_w / W).  The degrees of freedom are each side's, weighted by its
 * share f = a^2 / s^2 of the variance: 1 / df = f / (n - 1) + (1 - f) /
 * (m - 1).  Welch-Satterthwaite's weights (f^2 and (1 - f)^2) let the
 * df jump towards m - 1 whenever the few runs happen to agree, which is
 * when the interval is already too narrow: 92% at 95% for 3 runs
 * (doc/statistics.md, "Performance per watt").
 */
static void log_delta(double x, double se_x, size_t n_x, double w,
		      double se_w, size_t n_w, double c, struct br_power_ci *o)
{
	double a = se_x / x, b = se_w / w, s2 = a * a + b * b, f, q, s;

	if (s2 == 0) {
		o->lo = o->hi = o->value;
		return;
	}
	f = a * a / s2;
	o->df = 1 / (f / (double)(n_x - 1) + (1 - f) / (double)(n_w - 1));
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
