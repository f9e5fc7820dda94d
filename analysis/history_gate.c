/*
 * history_gate.c - the gate's test of the latest point of a series
 * (history_int.h; doc/design.md, "History").
 *
 * The detector needs min_seg points after a change, so a regression
 * that arrives with the latest point is out of its reach until more
 * points follow.  The gate asks the one question the latest point can
 * answer: is it worse than the segment before it, by more than that
 * segment's own day-to-day noise and the point's measurement error?
 *
 * On the detector's scale (logs when every value is positive), with y_i
 * the point means of the k points of the segment (from the last change
 * or expected shift to the point before the latest; anomalies left out)
 * and s_i their SEs (on the log scale s_i / mean_i; 0 for a single run):
 *
 *   tau^2 = max(0, var(y) - mean(s_i^2))     between-point variance
 *   w_i   = 1 / (tau^2 + s_i^2),  mu = sum w_i y_i / sum w_i
 *   V     = tau^2 + s_L^2 + 1 / sum w_i      the latest point's
 *                                             prediction variance
 *   t     = (y_L - mu) / sqrt(V), df = k - 1
 *
 * and p is one-sided in the worse direction (lower for higher-is-
 * better).  The change's ratio is exp(y_L - mu) (a difference on the
 * value scale) with the t interval of df k - 1 at the confidence of
 * the intervals.  A test of unknown direction has no worse side and is
 * not tested.  One point cannot tell a step from a spike: the words say
 * so.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "history_int.h"

/* Where the segment before the latest point L starts. */
static size_t segment_start(const struct br_history *h, size_t s,
			    const struct br_cp_result *r,
			    const unsigned char *flags, size_t L)
{
	size_t k, j, start = 0, np = h->n_points;

	for (k = 0; k < r->n_changes; k++)
		if (r->changes[k].at <= L && r->changes[k].at > start &&
		    r->changes[k].pvalue <= h->o.cp.alpha)
			start = r->changes[k].at;
	for (j = 1; j < L; j++)
		if ((flags[s * np + j] & BR_HIST_F_SPLIT) && j > start)
			start = j;
	return start;
}

static bool is_anomaly(const struct br_cp_result *r, size_t j)
{
	size_t k;

	for (k = 0; k < r->n_anomalies; k++)
		if (r->anomalies[k] == j)
			return true;
	return false;
}

/* Point j's mean and SE on the series' scale; false without a value. */
static bool point_value(const struct br_history *h, size_t s, size_t j,
			const unsigned char *flags, bool logs, double *y,
			double *se)
{
	const struct br_cell *c = &h->series[s].at->cells[j];

	if (c->kind != BR_CELL_VALUE ||
	    (flags[s * h->n_points + j] & BR_HIST_F_MUTED))
		return false;
	*y = logs ? log(c->sum.mean) : c->sum.mean;
	*se = isfinite(c->sum.se) && c->sum.n >= 2 ? c->sum.se : 0;
	if (logs)
		*se /= c->sum.mean;
	return isfinite(*y);
}

struct seg {
	size_t k;
	double mu, tau2, var_mu, sd;  /* sd: of the point means */
};

/* The segment's level and noise from its points y[0..k), se[0..k). */
static bool segment_fit(const double *y, const double *se, size_t k,
			struct seg *g)
{
	double m = 0, v = 0, s2 = 0, sw = 0, swy = 0;
	size_t i;

	g->k = k;
	for (i = 0; i < k; i++) {
		m += y[i];
		s2 += se[i] * se[i];
	}
	m /= (double)k;
	s2 /= (double)k;
	for (i = 0; i < k; i++)
		v += (y[i] - m) * (y[i] - m);
	v /= (double)(k - 1);
	g->sd = sqrt(v);
	g->tau2 = v > s2 ? v - s2 : 0;
	for (i = 0; i < k; i++) {
		double d = g->tau2 + se[i] * se[i];

		if (!(d > 0))
			return false;
		sw += 1 / d;
		swy += y[i] / d;
	}
	g->mu = swy / sw;
	g->var_mu = 1 / sw;
	return isfinite(g->mu) && isfinite(g->var_mu);
}

/* The change record of the latest point L against segment g. */
static void latest_change(const struct br_history *h, size_t s, size_t L,
			  const struct seg *g, double yL, double V, bool logs,
			  struct br_cp_change *out)
{
	const struct br_cell *c = &h->series[s].at->cells[L];
	double d = yL - g->mu;
	double tq = br_t_quantile(0.5 + h->o.cp.confidence / 2,
				  (double)(g->k - 1)) * sqrt(V);

	memset(out, 0, sizeof *out);
	out->kind = BR_CP_SHIFT;
	out->at = out->at_lo = out->at_hi = L;
	out->mean_before = logs ? exp(g->mu) : g->mu;
	out->mean_after = c->sum.mean;
	out->sd_before = logs ? out->mean_before * g->sd : g->sd;
	out->sd_after = NAN;
	out->diff = !logs;
	out->ratio = logs ? exp(d) : d;
	out->ratio_lo = logs ? exp(d - tq) : d - tq;
	out->ratio_hi = logs ? exp(d + tq) : d + tq;
	out->sd_ratio = out->sd_ratio_lo = out->sd_ratio_hi = NAN;
	out->n_before = g->k;
	out->n_after = 1;
}

bool br_hist_latest(const struct br_history *h, size_t s,
		    const struct br_cp_result *r, const unsigned char *flags,
		    struct br_cp_change *out, double *p)
{
	const struct br_hist_series *se = &h->series[s];
	enum br_dir dir = se->at->t->dir;
	size_t L = h->n_points - 1, j, k = 0, start;
	bool logs = se->log_scale, ok = false;
	double *y, *e, yL, eL, V, t, two;
	struct seg g;

	*p = NAN;
	if (dir == BR_DIR_UNKNOWN || h->n_points < 2 ||
	    (flags[s * h->n_points + L] & BR_HIST_F_SPLIT) ||
	    !point_value(h, s, L, flags, logs, &yL, &eL))
		return false;
	start = segment_start(h, s, r, flags, L);
	y = malloc((L + 1) * sizeof *y);
	e = malloc((L + 1) * sizeof *e);
	for (j = start; y && e && j < L; j++)
		if (!is_anomaly(r, j) &&
		    point_value(h, s, j, flags, logs, &y[k], &e[k]))
			k++;
	if (y && e && k >= h->o.cp.min_seg && k >= 2 &&
	    segment_fit(y, e, k, &g)) {
		V = g.tau2 + eL * eL + g.var_mu;
		t = (yL - g.mu) / sqrt(V);
		two = br_t_two_tail(t, (double)(k - 1));
		if (V > 0 && isfinite(t) && !isnan(two)) {
			bool worse = dir == BR_DIR_HIB ? t < 0 : t > 0;

			*p = worse ? two / 2 : 1 - two / 2;
			latest_change(h, s, L, &g, yL, V, logs, out);
			out->pvalue = *p;
			ok = true;
		}
	}
	free(y);
	free(e);
	return ok;
}
