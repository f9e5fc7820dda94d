/*
 * numfmt.h - how numbers are shown: PTS's display precision rules
 * (doc/pts-format.md sections 2.2, 2.3) and fixed-point formatting
 * without "-0".
 */
#ifndef BR_NUMFMT_H
#define BR_NUMFMT_H

#include <stddef.h>

#include "../model/model.h"

/* Decimals of a number's text: digits after the '.', less the exponent
 * ("0.37": 2, "1.5e-3": 4, "7.3e+05": 0); 0 when none or NULL. */
int br_text_decimals(const char *s);

/*
 * Display decimals of one test (doc/pts-format.md section 2.3): P = most
 * decimals among the published values of samples[0..ns) (the selected
 * entries; for samples with runs but no published text: 0 when every
 * run is an integer, as PTS rounds those means, else PTS's 2), min =
 * smallest shown value; p = min(2, P) if min >= 10, else P.  means[i]
 * are the values to be shown (NAN ones are ignored).
 */
int br_display_decimals(const struct br_sample *const *samples, size_t ns,
			const double *means, size_t n);

/* The most decimals br_display_refine() gives a test, and the most
 * significant digits any value of a test shows. */
#define BR_DECIMALS_MAX 12
#define BR_SIG_MAX 12
/* ... and the most a test's own (PTS's) decimals may show: what a
 * double holds. */
#define BR_SIG_PTS 15

/*
 * Display precision that follows the data (doc/statistics.md, "Display
 * precision"): d (PTS's rule, br_display_decimals) raised so that
 *   - the mean of a sample's runs shows the digits its runs were written
 *     with (runs 0.022 and 0.018: 3 decimals), up to 4 significant
 *     digits, and
 *   - values that differ print differently: within each of the lists
 *     lists[0..nl) (lens[k] values each; NAN ignored), two values more
 *     than 1e-9 relative apart never give the same text (means 1.5 and
 *     2.5 of whole-number runs: 1 decimal, not "2" and "2"),
 * at most BR_DECIMALS_MAX, and never so many that the largest value
 * shows more than BR_SIG_MAX significant digits (d itself lowered
 * where it would show more than BR_SIG_PTS).  Where no such d does it
 * (two values still print the same, a non-zero value prints as 0, or a
 * sample's runs want more decimals than the largest value leaves), the
 * test shows significant digits: BR_SIG(n), n the most the samples'
 * runs want (their digits at their step, up to 4; a published text's
 * own, up to BR_SIG_MAX), at least 2, raised until the values of each
 * list print differently, at most BR_SIG_MAX.  d < 0 asks for those
 * significant digits whatever the decimals could do.
 */
int br_display_refine(int d, const struct br_sample *const *samples,
		      size_t ns, const double *const *lists,
		      const size_t *lens, size_t nl);

/*
 * Significant-digit display (doc/statistics.md, "Display precision"): a
 * test whose values one number of decimals cannot show (1e-300 beside 1,
 * 0.0000001 beside 5, means apart in their 14th digit) shows each value
 * with the same number of significant digits instead.  Its decimals are
 * then BR_SIG(n), below 0, and every formatter below that takes decimals
 * d (br_fmt_fixed, br_fmt_value, br_fmt_se, br_fmt_x, br_cell_shown)
 * writes n significant digits for d < 0: "0.0003390", "1.830e-301",
 * "12.50", "362.0", integer digits always in full ("123456"), an
 * exponent below 1e-4 and from 1e15 up; 0 as "0".
 */
#define BR_SIG(n) (-(n))
#define BR_IS_SIG(d) ((d) < 0)
#define BR_SIG_DIGITS(d) (-(d))

/* Significant digits of a number's text ("0.022": 2, "1.50": 3, "0": 1);
 * 0 for NULL or no number. */
int br_text_sig(const char *s);

/* SE decimals under a bar: max(2, value decimals) (PTS 2.2); a
 * significant-digit test's SEs take its digits (d itself). */
int br_se_decimals(int value_decimals);
/* ... of a test whose SEs and interval ends are at most as large as the
 * largest of v[0..n) (NAN ignored): no more than take it past
 * BR_SIG_PTS significant digits. */
int br_se_decimals_of(int value_decimals, const double *v, size_t n);

/* v with d decimals into buf; "-0.00" becomes "0.00"; NAN and infinities
 * give "-"; magnitudes from 1e15 up use 6 significant digits; d < 0:
 * -d significant digits (BR_SIG above). */
const char *br_fmt_fixed(char *buf, size_t size, double v, int d);

/*
 * The power of ten, a multiple of 3 in [-18, 18], that brings magnitude m
 * into [1, 1000): 6 for 2.5e6 ("2.5M"); 0 for 0 and non-finite m.
 */
int br_si_exp(double m);

/* The SI prefix of 10^e ("k", "M", "\u00b5" as UTF-8, ...), "" for 0. */
const char *br_si_prefix(int e);

/*
 * A value as charts show it (doc/charts.md, "Numbers"): from 1e9 up 3
 * significant digits and an SI prefix ("1.38T"); from 1e4 up d decimals
 * with grouped digits ("1,378,135.00"); a non-zero value that d decimals
 * would show as 0 with up to 3 significant digits ("0.000123",
 * "1.23e-09" below 1e-6); else br_fmt_fixed().
 */
const char *br_fmt_value(char *buf, size_t size, double v, int d);

/* Values written as durations are shown as durations from this many
 * seconds on (doc/table.md, "Durations"). */
#define BR_DURATION_FROM 120.0

/*
 * seconds as m:ss, or h:mm:ss from an hour on ("26:20", "1:02:03"),
 * the seconds with d decimals ("1:02.5"); a negative value with a "-";
 * br_fmt_fixed() when not finite or beyond a billion hours.
 */
const char *br_fmt_duration(char *buf, size_t size, double seconds, int d);

/* An SE beside its value: in the value's style (SI when the value is
 * shown with a prefix: "7.21G"; grouped digits when the value has
 * them: "6,586.79"), else br_fmt_value(se, d). */
const char *br_fmt_se(char *buf, size_t size, double se, int d,
		      double value);

/* A factor: br_fmt_fixed(v, d) and "x" ("1.910x", "4.54545e+306x");
 * two significant digits where d decimals would show fewer ("0.00012x",
 * never "0.000x"), fewer decimals where d would show more than
 * BR_SIG_MAX significant digits (a geometric mean over many tests is
 * exact to about 1e-14, 1e-12 promised: 970440043662.381x showed digits
 * it does not hold); "unbounded" for an infinite bound; d < 0: -d
 * significant digits (BR_SIG). */
const char *br_fmt_x(char *buf, size_t size, double v, int d);

/* A confidence level as a percent with the digits it needs: "95%",
 * "99.5%", "99.99999%" (never a rounded "100%"). */
const char *br_fmt_level(char *buf, size_t size, double confidence);

/* A rank range (doc/statistics.md, "Ranks"): "2-4", "1" where low ==
 * high, "" for 0 (no rank). */
const char *br_fmt_rank(char *buf, size_t size, int low, int high);

#endif
