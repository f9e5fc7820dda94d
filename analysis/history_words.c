/*
 * history_words.c - a history's changes in words (history.h), in the
 * wording of compare's sentences (analysis/sentence.c, doc/statistics.md
 * "Wording"): faster/slower for times and rates, better/worse for other
 * units, higher/lower when the direction is unknown; a factor from 2x
 * either way ("2.10x slower"), a percent below ("12.3% faster"); on the
 * value scale (a value not above 0) the difference in the test's unit.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "history_int.h"
#include "numfmt.h"

struct hw {
	const char *up, *down;
};

static struct hw words_of(const struct br_test *t)
{
	struct hw w = {"higher", "lower"};

	if (t->dir == BR_DIR_UNKNOWN)
		return w;
	switch (t->unit.dim) {
	case BR_DIM_TIME:
	case BR_DIM_BYTE_RATE:
	case BR_DIM_BIT_RATE:
	case BR_DIM_OP_RATE:
	case BR_DIM_FREQ:
		w.up = "faster";
		w.down = "slower";
		break;
	default:
		w.up = "better";
		w.down = "worse";
	}
	return w;
}

/* A factor S > 0 as "2.10x" / "12.3%" and whether it is up (> 1). */
static const char *factor_text(char *buf, size_t size, double S)
{
	double m = S >= 1 ? S : 1 / S;

	if (S >= 2 || S <= 0.5) {
		if (m >= 999.5 && isfinite(m))
			snprintf(buf, size, m < 1e6 ? "%.0fx" : "%.3gx", m);
		else
			br_fmt_x(buf, size, m, m < 9.995 ? 2 : m < 99.95 ? 1
				 : 0);
	} else {
		double pct = fabs(100 * (S - 1));

		if (pct != 0 && pct < 0.095)
			snprintf(buf, size, "%.2g%%", pct);
		else
			snprintf(buf, size, "%.1f%%", pct);
	}
	return buf;
}

/* "12.3% slower", "2.10x faster", "1.5 ms higher": the change of a
 * level by ratio r (or difference r when diff), in test t's words. */
static const char *level_words(char *buf, size_t size,
			       const struct br_hist_series *s, double r,
			       bool diff)
{
	const struct br_test *t = s->at->t;
	struct hw w = words_of(t);
	char num[64];
	bool up;

	if (diff) {
		const char *unit = t->unit.canon ? t->unit.canon : "";

		up = t->dir == BR_DIR_LIB ? r < 0 : r > 0;
		br_fmt_value(num, sizeof num, fabs(r), s->at->decimals);
		snprintf(buf, size, "%s%s%s %s", num, *unit ? " " : "", unit,
			 r == 0 ? "no change" : up ? w.up : w.down);
		return buf;
	}
	if (!(r > 0) || !isfinite(r)) {
		snprintf(buf, size, "a change");
		return buf;
	}
	if (t->dir == BR_DIR_LIB)
		r = 1 / r;
	if (r == 1) {
		snprintf(buf, size, "no change");
		return buf;
	}
	factor_text(num, sizeof num, r);
	snprintf(buf, size, "%s %s", num, r > 1 ? w.up : w.down);
	return buf;
}

/* The noise's change: "noise 2.10x higher" (SD ratio, no direction). */
static const char *noise_words(char *buf, size_t size, double sd_ratio)
{
	char num[64];

	if (!(sd_ratio > 0) || !isfinite(sd_ratio)) {
		snprintf(buf, size, "noise changed");
		return buf;
	}
	factor_text(num, sizeof num, sd_ratio);
	snprintf(buf, size, "noise %s %s", num,
		 sd_ratio > 1 ? "higher" : "lower");
	return buf;
}

int br_hist_change_words(struct br_history *h,
			 const struct br_hist_series *s,
			 struct br_hist_change *c)
{
	const char *at = h->points[c->cp.at].label;
	char lw[160], nw[96];

	if (c->cp.kind == BR_CP_NOISE) {
		c->words = br_hist_strf(h, "%s from %s",
					noise_words(nw, sizeof nw,
						    c->cp.sd_ratio), at);
	} else if (c->latest_test) {
		c->words = br_hist_strf(h, "%s at %s (one point: a step or a "
					"spike cannot be told apart yet)",
					level_words(lw, sizeof lw, s,
						    c->cp.ratio, c->cp.diff),
					at);
	} else {
		level_words(lw, sizeof lw, s, c->cp.ratio, c->cp.diff);
		c->words = c->cp.noise_changed ?
			br_hist_strf(h, "%s from %s, %s", lw, at,
				     noise_words(nw, sizeof nw,
						 c->cp.sd_ratio)) :
			br_hist_strf(h, "%s from %s", lw, at);
	}
	if (c->cp.at_lo == c->cp.at_hi || c->cp.at_hi >= h->n_points)
		c->where_words = br_hist_strf(h, "at %s", at);
	else
		c->where_words = br_hist_strf(h, "between %s and %s",
					      h->points[c->cp.at_lo].label,
					      h->points[c->cp.at_hi].label);
	return c->words && c->where_words ? BR_OK : BR_EIO;
}

/* " (2 too short to test: fewer than 6 points)" or "". */
static const char *untested(char *buf, size_t size,
			    const struct br_history *h)
{
	size_t n = h->n_series - h->n_tested;

	buf[0] = 0;
	if (n && h->o.method == BR_HIST_METHOD_BR)
		snprintf(buf, size, " (%s%zu too short to test: fewer than %zu "
			 "points)", n == h->n_series ? "all " : "", n,
			 2 * h->o.cp.min_seg);
	return buf;
}

int br_hist_fdr_words(struct br_history *h)
{
	size_t k = h->n_changes, n = h->n_series;
	char u[96];

	untested(u, sizeof u, h);
	if (h->o.method == BR_HIST_METHOD_OTAVA && !k)
		h->fdr_words = br_hist_strf(h, "no change in %zu series by "
					    "Otava's E-Divisive", n);
	else if (h->o.method == BR_HIST_METHOD_OTAVA)
		h->fdr_words = br_hist_strf(h, "%zu change%s in %zu series by "
					    "Otava's E-Divisive (its own "
					    "p-value rule, without false "
					    "discovery control)", k,
					    k == 1 ? "" : "s", n);
	else if (!k)
		h->fdr_words = br_hist_strf(h, "no change in %zu series at "
					    "false discovery rate %g%s", n,
					    h->o.fdr_q, u);
	else
		h->fdr_words = br_hist_strf(h, "%zu change%s in %zu series at "
					    "false discovery rate %g: at most "
					    "%.2g of them expected by chance%s",
					    k, k == 1 ? "" : "s", n, h->o.fdr_q,
					    h->expected_false, u);
	return h->fdr_words ? BR_OK : BR_EIO;
}
