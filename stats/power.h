/*
 * power.h - performance per watt and joules per run with their intervals
 * (doc/statistics.md, "Performance per watt"): a result's mean X (its
 * runs: SE s_x on n - 1 df) over or times the mean power W of the sensor
 * samples recorded while it ran (s_w on m - 1 df), the two independent.
 *
 *   per watt   P = X / W
 *   joules     J = X W (X in seconds)
 *
 * Both by the delta method on the log scale: se(log)^2 = (s_x / X)^2 +
 * (s_w / W)^2, the interval value exp(+/- q se), q Student's at
 * Welch-Satterthwaite's df times (f^2 + (1 - f)^2)^g, f the runs' share
 * of se^2, g = min(1, 2 / (n - 1)) (Welch-Satterthwaite's alone covers
 * 92% at 95% for 3 runs; the simulation tests/sim/power_sim.c measures
 * 94.4-95.8% at 3 to 10 runs).  The interval is
 * positive and scales with the units, as a ratio's should.
 *
 * Pure formulas; no policy (which sensor, which unit) lives here.
 */
#ifndef BR_STATS_POWER_H
#define BR_STATS_POWER_H

#include <stdbool.h>
#include <stddef.h>

struct br_power_ci {
	double value;        /* P or J */
	double lo, hi;       /* its interval at the confidence; NAN when
			      * there is none (a single run or sample, no
			      * SE, W not proven above 0) */
	double df;           /* the degrees of freedom used; NAN: none */
	bool ok;             /* value is set (both means above 0) */
};

/*
 * X / W (per watt: per = true) or X W (joules: per = false) from the
 * means, SEs and counts of both, at confidence c.  A side with n < 2 or
 * a SE that is not finite gives the value without an interval; a mean
 * not above 0 gives ok = false.
 */
void br_power_ci(double x, double se_x, size_t n_x, double w, double se_w,
		 size_t n_w, bool per, double c, struct br_power_ci *out);

#endif
