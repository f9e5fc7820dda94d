/*
 * numfmt.c - display precision as PTS computes it, and numbers as charts
 * show them (grouped digits, SI prefixes, tiny values).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "numfmt.h"

int br_text_decimals(const char *s)
{
	const char *dot;
	int n = 0;

	if (!s || !(dot = strchr(s, '.')))
		return 0;
	for (dot++; *dot >= '0' && *dot <= '9'; dot++)
		n++;
	return n;
}

/*
 * PTS rounds a mean to an integer when no run output had a '.'; runs read
 * from logs keep no text, so an all-integer sample stands for that.
 */
static bool integral_runs(const struct br_sample *s)
{
	size_t i;

	for (i = 0; i < s->n_runs; i++)
		if (s->runs[i].value != floor(s->runs[i].value) ||
		    fabs(s->runs[i].value) >= 1e15)
			return false;
	return true;
}

int br_display_decimals(const struct br_sample *const *samples, size_t ns,
			const double *means, size_t n)
{
	double min = INFINITY;
	int p = 0;
	size_t i;
	bool any = false;

	for (i = 0; i < ns; i++) {
		const struct br_sample *s = samples[i];
		int d;

		if (s->value_text && *s->value_text)
			d = br_text_decimals(s->value_text);
		else if (s->n_runs)
			d = integral_runs(s) ? 0 : 2;
		else
			continue;
		if (d > p)
			p = d;
		any = true;
	}
	if (!any)
		p = 2;
	for (i = 0; i < n; i++)
		if (!isnan(means[i]) && means[i] < min)
			min = means[i];
	if (min >= 10 && p > 2)
		p = 2;
	if (p > 9)
		p = 9;
	return p;
}

int br_se_decimals(int value_decimals)
{
	return value_decimals > 2 ? value_decimals : 2;
}

const char *br_fmt_fixed(char *buf, size_t size, double v, int d)
{
	if (!isfinite(v)) {
		snprintf(buf, size, "-");
		return buf;
	}
	if (fabs(v) >= 1e15) { /* no 300-digit numbers: 1.7e+308 */
		snprintf(buf, size, "%.6g", v);
		return buf;
	}
	snprintf(buf, size, "%.*f", d, v);
	/* "-0.00" -> "0.00" */
	if (buf[0] == '-' && strspn(buf + 1, "0.") == strlen(buf + 1))
		memmove(buf, buf + 1, strlen(buf));
	return buf;
}

const char *br_fmt_x(char *buf, size_t size, double v, int d)
{
	size_t n;

	if (isinf(v)) {   /* an interval bound at infinity */
		snprintf(buf, size, "%s", v > 0 ? "unbounded" : "-unbounded");
		return buf;
	}
	if (v > 0 && v < 10 * pow(10, -d))
		snprintf(buf, size, "%.2g", v);  /* not "0.000x" */
	else
		br_fmt_fixed(buf, size, v, d);
	n = strlen(buf);
	if (n + 1 < size) {
		buf[n] = 'x';
		buf[n + 1] = '\0';
	}
	return buf;
}

const char *br_fmt_level(char *buf, size_t size, double confidence)
{
	double pct = 100 * confidence;
	int d;

	/* the fewest decimals that give the level back (95, 99.5, ...) */
	for (d = 0; d < 12; d++) {
		snprintf(buf, size, "%.*f", d, pct);
		if (fabs(strtod(buf, NULL) - pct) <= 1e-9 * pct &&
		    (pct >= 100 || strtod(buf, NULL) < 100))
			break;
	}
	snprintf(buf, size, "%.*f%%", d, pct);
	return buf;
}

const char *br_fmt_rank(char *buf, size_t size, int low, int high)
{
	if (low <= 0)
		snprintf(buf, size, "%s", "");
	else if (low == high)
		snprintf(buf, size, "%d", low);
	else
		snprintf(buf, size, "%d-%d", low, high);
	return buf;
}

/* --------------------------------------------------- chart numbers */

/* Values from here up are shown with an SI prefix; with GROUP_DIGITS
 * integer digits and more with grouped digits ("12,345"). */
#define SI_MIN 1e9
#define GROUP_DIGITS 5

static const char *const si_up[] = {"", "k", "M", "G", "T", "P", "E"};
static const char *const si_down[] = {"", "m", "\u00b5", "n", "p", "f",
				       "a"};

int br_si_exp(double m)
{
	int e;

	m = fabs(m);
	if (!(m > 0) || !isfinite(m))
		return 0;
	e = 3 * (int)floor(log10(m) / 3);
	/* log10 of 1000 - ulp may round up to 3 */
	if (e > -300 && m < pow(10, e))
		e -= 3;
	return e < -18 ? -18 : e > 18 ? 18 : e;
}

const char *br_si_prefix(int e)
{
	if (e > 0 && e <= 18 && e % 3 == 0)
		return si_up[e / 3];
	if (e < 0 && e >= -18 && e % 3 == 0)
		return si_down[-e / 3];
	return "";
}

/* v in 3 significant digits with v's own SI prefix: "1.38T", "500m";
 * "%.3g" beyond the prefixes (1e21 and up, below 1e-18). */
static const char *fmt_si3(char *buf, size_t size, double v)
{
	double m = fabs(v), x;
	int e = br_si_exp(m), d;

	if (m != 0 && (m >= 1e21 || m < 1e-18)) {
		snprintf(buf, size, "%.3g", v);
		return buf;
	}
	x = m / pow(10, e);
	/* rounded to 3 digits first: 9.996 is "10.0", 999.6 "1.00k" */
	d = x < 10 ? 2 : x < 100 ? 1 : 0;
	x = round(x * pow(10, d)) / pow(10, d);
	if (x >= 1000 && e < 18) {
		e += 3;
		x /= 1000;
	}
	d = x < 10 ? 2 : x < 100 ? 1 : 0;
	snprintf(buf, size, "%s%.*f%s", v < 0 ? "-" : "", d, x,
		 br_si_prefix(e));
	return buf;
}

/* Commas between groups of 3 integer digits of the number in buf when
 * it has at least from of them; buf unchanged when they would not fit. */
static void group_digits(char *buf, size_t size, size_t from)
{
	char tmp[400], *q = tmp;
	const char *p = buf;
	size_t n;

	if (*p == '-')
		*q++ = *p++;
	n = strspn(p, "0123456789");
	if (n < from || strlen(buf) + n / 3 >= sizeof tmp ||
	    strlen(buf) + n / 3 >= size)
		return;
	for (; n; n--) {
		*q++ = *p++;
		if (n > 1 && (n - 1) % 3 == 0)
			*q++ = ',';
	}
	strcpy(q, p);
	strcpy(buf, tmp);
}

/* br_fmt_value(), grouping from group_from integer digits on */
static const char *fmt_value(char *buf, size_t size, double v, int d,
			     size_t group_from)
{
	double m = fabs(v);

	if (!isfinite(v))
		return br_fmt_fixed(buf, size, v, d);
	if (m >= SI_MIN)
		return fmt_si3(buf, size, v);
	if (m != 0 && m < 0.5 * pow(10, -d)) {
		if (m < 1e-6) {
			snprintf(buf, size, "%.3g", v);
			return buf;
		}
		/* 3 significant digits, no trailing zeros: "0.004" */
		snprintf(buf, size, "%.*f", 2 - (int)floor(log10(m)), v);
		while (buf[strlen(buf) - 1] == '0')
			buf[strlen(buf) - 1] = '\0';
		return buf;
	}
	br_fmt_fixed(buf, size, v, d);
	group_digits(buf, size, group_from);
	return buf;
}

const char *br_fmt_value(char *buf, size_t size, double v, int d)
{
	return fmt_value(buf, size, v, d, GROUP_DIGITS);
}

const char *br_fmt_duration(char *buf, size_t size, double seconds, int d)
{
	double m = fabs(seconds), r, h, mi, sec;

	if (d < 0)
		d = 0;
	if (d > 6)
		d = 6;
	if (!isfinite(m) || m >= 3.6e12)
		return br_fmt_fixed(buf, size, seconds, d);
	/* round once, at the shown precision, so 59.996 s is 1:00.00 */
	r = pow(10, d);
	m = round(m * r) / r;
	h = floor(m / 3600);
	mi = floor((m - h * 3600) / 60);
	sec = m - h * 3600 - mi * 60;
	if (sec < 0)
		sec = 0;
	if (h > 0)
		snprintf(buf, size, "%s%.0f:%02.0f:%0*.*f",
			 seconds < 0 ? "-" : "", h, mi, d ? d + 3 : 2, d, sec);
	else
		snprintf(buf, size, "%s%.0f:%0*.*f", seconds < 0 ? "-" : "",
			 mi, d ? d + 3 : 2, d, sec);
	return buf;
}

/* The SE takes its value's style: an SI prefix, or grouped digits
 * ("SE +/- 6,586.79" beside "1,378,135"); the value's decimals are those
 * of the SE's (d) or fewer, so its text decides. */
const char *br_fmt_se(char *buf, size_t size, double se, int d,
		      double value)
{
	char vt[400];

	if (isfinite(se) && isfinite(value) && fabs(value) >= SI_MIN)
		return fmt_si3(buf, size, se);
	br_fmt_value(vt, sizeof vt, value, d);
	return fmt_value(buf, size, se, d, strchr(vt, ',') ? 0 : GROUP_DIGITS);
}
