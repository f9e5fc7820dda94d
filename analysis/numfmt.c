/*
 * numfmt.c - display precision as PTS computes it.
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
