/*
 * sentence.c - comparisons in words (doc/statistics.md, "Comparisons in
 * words").
 */
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "numfmt.h"
#include "sentence.h"

/* "faster"/"slower" for times and rates, "better"/"worse" otherwise. */
static bool speed_words(const struct br_test *t)
{
	switch (t->unit.dim) {
	case BR_DIM_TIME:
	case BR_DIM_BYTE_RATE:
	case BR_DIM_BIT_RATE:
	case BR_DIM_OP_RATE:
	case BR_DIM_FREQ:
		return true;
	default:
		return false;
	}
}

const char *br_signed_pct(char *buf, size_t size, double v)
{
	char num[24];

	if (v != 0 && fabs(v) < 0.95) /* keep a bound near 0 visibly signed */
		snprintf(num, sizeof num, "%.2g", v);
	else
		br_fmt_fixed(num, sizeof num, v, fabs(v) < 10 ? 1 : 0);
	snprintf(buf, size, "%s%s%%", v > 0 && strcmp(num, "0") &&
		 strcmp(num, "0.0") ? "+" : "", num);
	return buf;
}

const char *br_comparison_sentence(char *buf, size_t size,
				   const struct br_test *t, const char *bname,
				   const char *aname,
				   const struct br_comparison *c,
				   double confidence, double equivalence)
{
	bool speed = speed_words(t);
	const char *up = speed ? "faster" : "better";
	const char *down = speed ? "slower" : "worse";
	double S = c->speedup, lo = c->speedup_ci_low, hi = c->speedup_ci_high;
	char conf[32], l[40], h[40], p[40], x[40];

	if (t->dir == BR_DIR_UNKNOWN) { /* no claim about better or worse */
		up = "higher";
		down = "lower";
	}
	snprintf(conf, sizeof conf, "%g%%" BR_NBSP "CI", confidence * 100);
	if (isnan(S) && !isnan(c->improvement_pct)) {
		/* no ratio (a mean <= 0): the difference in percent of the
		 * baseline's magnitude, direction-aware */
		double v = c->improvement_pct;

		if (c->verdict == BR_VERDICT_BETTER ||
		    c->verdict == BR_VERDICT_WORSE) {
			bool better = c->verdict == BR_VERDICT_BETTER;

			snprintf(buf, size, "%s is %.1f%% %s than %s (%s "
				 "%.1f%% to %.1f%%)", bname, fabs(v),
				 better ? up : down, aname, conf,
				 better ? c->improvement_ci_low_pct
					: -c->improvement_ci_high_pct,
				 better ? c->improvement_ci_high_pct
					: -c->improvement_ci_low_pct);
			return buf;
		}
		if (c->verdict == BR_VERDICT_SINGLE_RUN) {
			snprintf(buf, size, "%s is %.1f%% %s than %s (single "
				 "run, no CI)", bname, fabs(v),
				 v >= 0 ? up : down, aname);
			return buf;
		}
	}
	switch (c->verdict) {
	case BR_VERDICT_BETTER:
		if (S >= 1.5 && !isnan(lo))
			snprintf(buf, size, "%s is %s %s than %s (%s %s to %s)",
				 bname, br_fmt_x(x, sizeof x, S, 2), up, aname,
				 conf, br_fmt_x(l, sizeof l, lo, 2),
				 br_fmt_x(h, sizeof h, hi, 2));
		else if (!isnan(lo))
			snprintf(buf, size, "%s is %.1f%% %s than %s (%s "
				 "%.1f%% to %.1f%%)", bname, 100 * (S - 1), up,
				 aname, conf, 100 * (lo - 1), 100 * (hi - 1));
		else
			snprintf(buf, size, "%s is %.1f%% %s than %s", bname,
				 100 * (S - 1), up, aname);
		break;
	case BR_VERDICT_WORSE:
		if (S <= 1 / 1.5 && S > 0 && !isnan(lo) && lo > 0)
			snprintf(buf, size, "%s is %s %s than %s (%s %s to %s)",
				 bname, br_fmt_x(x, sizeof x, 1 / S, 2), down,
				 aname, conf, br_fmt_x(l, sizeof l, 1 / hi, 2),
				 br_fmt_x(h, sizeof h, 1 / lo, 2));
		else if (!isnan(lo))
			snprintf(buf, size, "%s is %.1f%% %s than %s (%s "
				 "%.1f%% to %.1f%%)", bname, 100 * (1 - S),
				 down, aname, conf, 100 * (1 - hi),
				 100 * (1 - lo));
		else
			snprintf(buf, size, "%s is %.1f%% %s than %s", bname,
				 100 * (1 - S), down, aname);
		break;
	case BR_VERDICT_NO_DIFFERENCE:
		if (isnan(c->improvement_ci_low_pct) ||
		    isnan(c->improvement_ci_high_pct)) {
			snprintf(buf, size, "%s: no difference proven at %g%% "
				 "confidence (%s vs %s: %s; the interval has "
				 "no finite bounds)", bname, confidence * 100,
				 bname, aname, br_signed_pct(p, sizeof p,
				 c->improvement_pct));
			break;
		}
		snprintf(buf, size, "%s: no difference proven at %g%% "
			 "confidence (%s vs %s: %s, %s %s to %s)", bname,
			 confidence * 100, bname, aname,
			 br_signed_pct(p, sizeof p, c->improvement_pct), conf,
			 br_signed_pct(l, sizeof l, c->improvement_ci_low_pct),
			 br_signed_pct(h, sizeof h,
				       c->improvement_ci_high_pct));
		break;
	case BR_VERDICT_EQUIVALENT:
		snprintf(buf, size, "%s is equivalent to %s within +/-%g%% "
			 "(%g%%" BR_NBSP "CI %s to %s)", bname, aname,
			 equivalence, 100 - 2 * (100 - confidence * 100),
			 br_signed_pct(l, sizeof l, c->equiv_ci_low_pct),
			 br_signed_pct(h, sizeof h, c->equiv_ci_high_pct));
		break;
	case BR_VERDICT_INCONCLUSIVE:
		snprintf(buf, size, "%s vs %s: inconclusive, neither a "
			 "difference nor equivalence within +/-%g%% proven "
			 "(%s, %s %s to %s)", bname, aname, equivalence,
			 br_signed_pct(p, sizeof p, c->improvement_pct), conf,
			 br_signed_pct(l, sizeof l, c->improvement_ci_low_pct),
			 br_signed_pct(h, sizeof h,
				       c->improvement_ci_high_pct));
		break;
	case BR_VERDICT_SINGLE_RUN:
		if (isnan(S))   /* nothing to compare: the reason says why */
			snprintf(buf, size, "%s vs %s: no comparison", bname,
				 aname);
		else if (S >= 1.5 || (S > 0 && S <= 1 / 1.5))
			snprintf(buf, size, "%s is %s %s than %s (single run, "
				 "no CI)", bname, br_fmt_x(x, sizeof x, S >= 1 ?
				 S : 1 / S, 2), S >= 1 ? up : down, aname);
		else if (S != 1 && !isnan(S))
			snprintf(buf, size, "%s is %.1f%% %s than %s (single "
				 "run, no CI)", bname,
				 S >= 1 ? 100 * (S - 1) : 100 * (1 - S),
				 S >= 1 ? up : down, aname);
		else
			snprintf(buf, size, "%s equals %s (single run, no "
				 "CI)", bname, aname);
		break;
	}
	return buf;
}

const char *br_analysis_sentence(char *buf, size_t size,
				 const struct br_analysis *a, size_t i,
				 size_t j)
{
	const struct br_atest *at = &a->tests[i];

	return br_comparison_sentence(buf, size, at->t,
				      br_analysis_system(a, j),
				      br_analysis_system(a, a->base),
				      at->cells[j].cmp, a->o.confidence,
				      a->o.equivalence);
}
