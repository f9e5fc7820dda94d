/*
 * fixed.c - br_fixed (fixed.h): "%.*f" digits by integer arithmetic.
 *
 * For d <= 9 decimals and |v| * 10^d below 2^52, r = v * 10^d is one
 * correctly rounded product (10^d is exact), so it is within
 * |r| * 2^-53 of the exact value.  printf rounds the exact value to the
 * nearest integer; unless r lies within that error of a half (a tie
 * or near one, where the exact binary value decides), rounding r gives
 * the same integer, whose digits are then written with the point put
 * back.  Everything else (ties, large values, many decimals, NaN and
 * infinities, a small buffer) goes to snprintf.
 */
#include <math.h>
#include <stdio.h>

#include "fixed.h"

static const double pow10_[10] = {
	1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9,
};

int br_fixed(char *buf, size_t size, double v, int d)
{
	char tmp[32];
	double r, fl, frac;
	unsigned long long n;
	int len = 0, k = 0, neg = signbit(v) != 0;

	if (d < 0 || d > 9 || !isfinite(v) || size < 32)
		return snprintf(buf, size, "%.*f", d, v);
	r = fabs(v) * pow10_[d];
	if (!(r < 4503599627370496.0)) /* 2^52 */
		return snprintf(buf, size, "%.*f", d, v);
	fl = floor(r);
	frac = r - fl;            /* exact below 2^52 */
	if (fabs(frac - 0.5) <= r * 0x1p-51 + 0x1p-60)
		return snprintf(buf, size, "%.*f", d, v);
	n = (unsigned long long)fl + (frac > 0.5);
	do {                      /* digits, last first */
		tmp[k++] = (char)('0' + n % 10);
		n /= 10;
	} while (n || k <= d);
	if (neg)
		buf[len++] = '-';
	while (k > d)
		buf[len++] = tmp[--k];
	if (d > 0)
		buf[len++] = '.';
	while (k > 0)
		buf[len++] = tmp[--k];
	buf[len] = '\0';
	return len;
}
