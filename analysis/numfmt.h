/*
 * numfmt.h - how numbers are shown: PTS's display precision rules
 * (doc/pts-format.md sections 2.2, 2.3) and fixed-point formatting
 * without "-0".
 */
#ifndef BR_NUMFMT_H
#define BR_NUMFMT_H

#include <stddef.h>

#include "../model/model.h"

/* Digits after the '.' in a number's text (0 when none or NULL). */
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

/* SE decimals under a bar: max(2, value decimals) (PTS 2.2). */
int br_se_decimals(int value_decimals);

/* v with d decimals into buf; "-0.00" becomes "0.00"; NAN and infinities
 * give "-"; magnitudes from 1e15 up use 6 significant digits. */
const char *br_fmt_fixed(char *buf, size_t size, double v, int d);

/* A factor: br_fmt_fixed(v, d) and "x" ("1.910x", "4.54545e+306x");
 * two significant digits where d decimals would show fewer ("0.00012x",
 * never "0.000x"); "unbounded" for an infinite bound. */
const char *br_fmt_x(char *buf, size_t size, double v, int d);

/* A confidence level as a percent with the digits it needs: "95%",
 * "99.5%", "99.99999%" (never a rounded "100%"). */
const char *br_fmt_level(char *buf, size_t size, double confidence);

/* A rank range (doc/statistics.md, "Ranks"): "2-4", "1" where low ==
 * high, "" for 0 (no rank). */
const char *br_fmt_rank(char *buf, size_t size, int low, int high);

#endif
