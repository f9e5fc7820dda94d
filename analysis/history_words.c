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

/* Whether speedup S is said as a factor: 2x or more either way. */
static bool is_factor(double S)
{
	return S >= 2 || S <= 0.5;
}

/* The size of speedup S > 0 without its word: "2.10x" (a drop as its
 * inverse) in the factor form, else "12.3%" (|100 (S - 1)|). */
static const char *size_text(char *buf, size_t size, double S, bool factor)
{
	double m = S >= 1 ? S : 1 / S;

	if (factor) {
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

/*
 * A change as the words say it: the speedup S (above 1 is better; for
 * an unknown direction the ratio itself, "higher"/"lower") and its
 * interval lo..hi, or on the value scale the difference in the better
 * sense; the form (a factor when S is 2x either way or the interval
 * reaches a drop of 2x, as compare's sentences).
 */
struct say {
	struct hw w;
	double S, lo, hi;
	bool diff, factor;
	const char *unit;
	int decimals;
};

static struct say say_of(const struct br_hist_series *s, double r,
			 double lo, double hi, bool diff, bool noise)
{
	const struct br_test *t = s->at->t;
	struct say y;

	y.w = noise ? (struct hw){"higher", "lower"} : words_of(t);
	y.diff = diff;
	y.unit = t->unit.canon ? t->unit.canon : "";
	y.decimals = s->at->decimals;
	y.S = r;
	y.lo = lo;
	y.hi = hi;
	if (!noise && t->dir == BR_DIR_LIB) {
		y.S = diff ? -r : 1 / r;
		y.lo = diff ? -hi : 1 / hi;
		y.hi = diff ? -lo : 1 / lo;
	}
	y.factor = !diff && (is_factor(y.S) || (y.lo > 0 && y.lo <= 0.5));
	return y;
}

/* One size in y's form: "2.10x", "12.3%", "1.5 ms". */
static const char *size_of(char *buf, size_t size, const struct say *y,
			   double v)
{
	char num[64];

	if (!y->diff)
		return size_text(buf, size, v, y->factor);
	br_fmt_value(num, sizeof num, fabs(v), y->decimals);
	snprintf(buf, size, "%s%s%s", num, *y->unit ? " " : "", y->unit);
	return buf;
}

static bool is_up(const struct say *y, double v)
{
	return y->diff ? v > 0 : v > 1;
}

static bool is_none(const struct say *y, double v)
{
	return y->diff ? v == 0 : v == 1;
}

/* "12.3% slower", "2.10x faster", "1.5 ms higher", "no change". */
static const char *level_words(char *buf, size_t size, const struct say *y)
{
	char num[96];

	if (!y->diff && (!(y->S > 0) || !isfinite(y->S)))
		snprintf(buf, size, "a change");
	else if (is_none(y, y->S))
		snprintf(buf, size, "no change");
	else
		snprintf(buf, size, "%s %s", size_of(num, sizeof num, y, y->S),
			 is_up(y, y->S) ? y->w.up : y->w.down);
	return buf;
}

/* The interval in the words' form and sense: "1.90x to 2.30x" beside
 * "2.10x slower" (smaller size first), "8.1% to 12.0%", or across no
 * change "3.2% slower to 5.1% faster"; NULL without one. */
static const char *ci_text(struct br_history *h, const struct say *y)
{
	char a[96], b[96];

	if (!isfinite(y->lo) || !isfinite(y->hi) ||
	    (!y->diff && !(y->lo > 0)))
		return NULL;
	if (is_up(y, y->lo) || is_none(y, y->lo))
		return br_hist_strf(h, "%s to %s", size_of(a, sizeof a, y,
							    y->lo),
				    size_of(b, sizeof b, y, y->hi));
	if (!is_up(y, y->hi))
		return br_hist_strf(h, "%s to %s", size_of(a, sizeof a, y,
							    y->hi),
				    size_of(b, sizeof b, y, y->lo));
	return br_hist_strf(h, "%s %s to %s %s", size_of(a, sizeof a, y,
							  y->lo), y->w.down,
			    size_of(b, sizeof b, y, y->hi), y->w.up);
}

/* The noise's change: "noise 2.10x higher" (SD ratio, no direction). */
static const char *noise_words(char *buf, size_t size,
			       const struct br_hist_series *s,
			       const struct br_cp_change *cp)
{
	struct say y = say_of(s, cp->sd_ratio, cp->sd_ratio_lo,
			      cp->sd_ratio_hi, false, true);
	char lw[128];

	if (!(cp->sd_ratio > 0) || !isfinite(cp->sd_ratio))
		snprintf(buf, size, "noise changed");
	else
		snprintf(buf, size, "noise %s", level_words(lw, sizeof lw,
							    &y));
	return buf;
}

int br_hist_change_words(struct br_history *h,
			 const struct br_hist_series *s,
			 struct br_hist_change *c)
{
	const struct br_cp_change *cp = &c->cp;
	const char *at = h->points[cp->at].label;
	bool noise = cp->kind == BR_CP_NOISE;
	struct say y = noise ? say_of(s, cp->sd_ratio, cp->sd_ratio_lo,
				      cp->sd_ratio_hi, false, true) :
			       say_of(s, cp->ratio, cp->ratio_lo, cp->ratio_hi,
				      cp->diff, false);
	char lw[160], nw[160];

	if (noise)
		c->words = br_hist_strf(h, "%s from %s",
					noise_words(nw, sizeof nw, s, cp), at);
	else if (c->latest_test)
		c->words = br_hist_strf(h, "%s at %s; one point, so a step and a "
					"spike cannot be told apart yet",
					level_words(lw, sizeof lw, &y), at);
	else if (cp->noise_changed)
		c->words = br_hist_strf(h, "%s from %s, %s", level_words(lw,
					sizeof lw, &y), at, noise_words(nw,
					sizeof nw, s, cp));
	else
		c->words = br_hist_strf(h, "%s from %s", level_words(lw,
					sizeof lw, &y), at);
	c->ci_words = ci_text(h, &y);
	if (cp->at_lo == cp->at_hi || cp->at_hi >= h->n_points)
		c->where_words = br_hist_strf(h, "at %s", at);
	else
		c->where_words = br_hist_strf(h, "between %s and %s",
					      h->points[cp->at_lo].label,
					      h->points[cp->at_hi].label);
	return c->words && c->where_words ? BR_OK : BR_EIO;
}

/*
 * The fewest points a permutation test of one split can show a change
 * at alpha with: it shuffles points, so its p-value stays near or above
 * 3 / C(m, m/2) even for a step far beyond the noise (the chance that a
 * shuffle splits the m points as the data did, twice for the two
 * sides, and one more for the data's own order in (S + 1) / (B + 1):
 * measured 0.023, 0.012, 0.006 and 0.003 at 9 to 12 points;
 * doc/statistics.md, "Change points", "Limits").  At alpha 0.01, 11.
 */
static size_t fewest_points(double alpha, size_t min_seg)
{
	size_t m;

	for (m = 2 * min_seg; m < 64; m++) {
		double c = 1;

		for (size_t i = 1; i <= m / 2; i++)
			c = c * (double)(m - m / 2 + i) / (double)i;
		if (3 / c <= alpha)
			return m;
	}
	return m;
}

/* " (2 too short to test: fewer than 6 points; 3 without a change had
 * fewer than 11 points, too few to show one at alpha 0.01)" or "". */
static const char *untested(char *buf, size_t size,
			    const struct br_history *h)
{
	size_t n = h->n_series - h->n_tested, weak = 0, s;
	size_t m = fewest_points(h->o.cp.alpha, h->o.cp.min_seg);
	int len = 0;

	buf[0] = 0;
	if (h->o.method != BR_HIST_METHOD_BR)
		return buf;
	for (s = 0; s < h->n_series; s++)
		weak += h->series[s].tested && !h->series[s].n_kept &&
			h->series[s].n_values < m;
	if (n)
		len = snprintf(buf, size, " (%s%zu too short to test: fewer "
			       "than %zu points", n == h->n_series && n > 1 ?
			       "all " : "", n, 2 * h->o.cp.min_seg);
	if (weak && len >= 0 && (size_t)len < size)
		len += snprintf(buf + len, size - (size_t)len, "%s%zu "
				"without a change had fewer than %zu points, "
				"too few to show one at alpha %g",
				n ? "; " : " (", weak, m, h->o.cp.alpha);
	if ((n || weak) && len >= 0 && (size_t)len + 1 < size)
		strcat(buf, ")");
	return buf;
}

int br_hist_fdr_words(struct br_history *h)
{
	size_t k = h->n_changes, n = h->n_series;
	char u[192];

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
