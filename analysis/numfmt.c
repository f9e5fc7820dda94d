/*
 * numfmt.c - display precision as PTS computes it, and numbers as charts
 * show them (grouped digits, SI prefixes, tiny values).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../model/fixed.h"
#include "numfmt.h"

int br_text_decimals(const char *s)
{
	const char *p;
	int n = 0;
	long e = 0;

	if (!s)
		return 0;
	/* strspn(s, "+-0123456789"), a byte at a time without its table */
	for (p = s; (*p >= '0' && *p <= '9') || *p == '+' || *p == '-'; p++)
		;
	if (*p == '.')
		for (p++; *p >= '0' && *p <= '9'; p++)
			n++;
	/* "7.3e+05" has no decimals, "1.5e-3" four */
	if (*p == 'e' || *p == 'E')
		e = strtol(p + 1, NULL, 10);
	if (e > 400 || e < -400)
		return e > 0 ? 0 : 400;
	return n - e > 0 ? (int)(n - e) : 0;
}

int br_text_sig(const char *s)
{
	size_t n = 0;
	bool lead = true;

	if (!s)
		return 0;
	s += strspn(s, "+- ");
	for (; (*s >= '0' && *s <= '9') || *s == '.'; s++) {
		if (*s == '.')
			continue;
		if (lead && *s == '0')
			continue;
		lead = false;
		n++;
	}
	return n ? (int)n : 1;
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

/* The decimals that show m (> 0) with sig significant digits: 3 for
 * 0.0213 at 2, 0 from 10^(sig - 1) up. */
static int sig_decimals(double m, int sig)
{
	int e;

	m = fabs(m);
	if (!(m > 0) || !isfinite(m))
		return 0;
	e = (int)floor(log10(m));
	if (e > -300 && m < pow(10, e)) /* log10 of 1000 - ulp */
		e--;
	return sig - 1 - e > 0 ? sig - 1 - e : 0;
}

/* The decimals of a step 10^-d (0.001: 3); 0 for steps of 1 and up. */
static int step_decimals(double r)
{
	long d = lround(-log10(r));

	return d > 0 ? (int)d : 0;
}

/*
 * The decimals a sample's runs need so that their mean shows the digits
 * its input had: the runs' own step (0.022 has 3), but no more than 4
 * significant digits of the mean (PTS's 2 decimals give 12.35 from
 * 12.345); -1 for samples this does not apply to (a published text, a
 * summary, no runs).
 */
static int runs_want(const struct br_sample *s)
{
	double sum = 0;
	size_t i;

	if ((s->value_text && *s->value_text) || !s->n_runs)
		return -1;
	for (i = 0; i < s->n_runs; i++)
		sum += s->runs[i].value;
	sum /= (double)s->n_runs;
	if (s->resolution > 0) {
		int a = step_decimals(s->resolution), b = sig_decimals(sum, 4);

		return a < b ? a : b;
	}
	return integral_runs(s) ? 0 : sig_decimals(sum, 4);
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

/* Whether two of the sorted values v[0..n) that differ (by more than
 * 1e-9 relative: not a rounding of one number two ways) print the same
 * with d decimals. */
static bool collide(const double *v, size_t n, int d)
{
	char a[400], b[400];
	size_t i;

	for (i = 1; i < n; i++) {
		if (!(v[i] - v[i - 1] > 1e-9 * fmax(fabs(v[i]), fabs(v[i - 1]))))
			continue;
		if (!strcmp(br_fmt_fixed(a, sizeof a, v[i - 1], d),
			    br_fmt_fixed(b, sizeof b, v[i], d)))
			return true;
	}
	return false;
}

/* The finite values of lists[0..nl) (lens[k] each), sorted; NULL on
 * ENOMEM, *n their count. */
static double *sorted_values(const double *const *lists, const size_t *lens,
			     size_t nl, size_t *n)
{
	size_t k, i, total = 0;
	double *v;

	for (k = 0; k < nl; k++)
		total += lens[k];
	v = malloc((total + 1) * sizeof *v);
	*n = 0;
	if (!v)
		return NULL;
	for (k = 0; k < nl; k++)
		for (i = 0; i < lens[k]; i++)
			if (isfinite(lists[k][i]))
				v[(*n)++] = lists[k][i];
	qsort(v, *n, sizeof *v, cmp_double);
	return v;
}

/* The most decimals the values of lists[0..nl) take before the largest
 * shows more than BR_SIG_MAX significant digits (a double holds 15 to
 * 17, and 3760000005.333333492279 shows digits it does not; the CSV's
 * 15 digits must be able to confirm every printed one), at most
 * BR_DECIMALS_MAX; pts_cap: the same at BR_SIG_PTS digits (at most 3
 * more: from 1e12 up fewer, where decimals_cap's 0 says nothing). */
static int sig_cap(const double *const *lists, const size_t *lens,
		   size_t nl, int sig);

static int decimals_cap(const double *const *lists, const size_t *lens,
			size_t nl)
{
	return sig_cap(lists, lens, nl, BR_SIG_MAX);
}

static int pts_cap(const double *const *lists, const size_t *lens,
		   size_t nl)
{
	return sig_cap(lists, lens, nl, BR_SIG_PTS);
}

static int sig_cap(const double *const *lists, const size_t *lens,
		   size_t nl, int sig)
{
	double m = 0;
	size_t i, k;
	int cap;

	for (k = 0; k < nl; k++)
		for (i = 0; i < lens[k]; i++)
			if (isfinite(lists[k][i]) && fabs(lists[k][i]) > m &&
			    (sig == BR_SIG_MAX || fabs(lists[k][i]) < 1e15))
				m = fabs(lists[k][i]);
	/* (br_fmt_fixed writes 6 digits from 1e15 up, whatever the
	 * decimals: PTS's own are kept beside such values) */
	cap = m > 0 ? sig_decimals(m, sig) : BR_DECIMALS_MAX + sig -
					     BR_SIG_MAX;
	return cap > BR_DECIMALS_MAX + sig - BR_SIG_MAX ?
	       BR_DECIMALS_MAX + sig - BR_SIG_MAX : cap;
}

/* Whether a non-zero value of v[0..n) prints as 0 with d decimals. */
static bool zero_shown(const double *v, size_t n, int d)
{
	char a[400];
	size_t i;

	for (i = 0; i < n; i++)
		if (v[i] != 0 &&
		    strtod(br_fmt_fixed(a, sizeof a, v[i], d), NULL) == 0)
			return true;
	return false;
}

/* The power of ten of m (> 0): 2 for 250, -3 for 0.0012. */
static int exp10_of(double m)
{
	int e = (int)floor(log10(m));

	if (e > -300 && m < pow(10, e)) /* log10 of 1000 - ulp */
		e--;
	return e;
}

/*
 * The significant digits a sample wants where its test shows digits
 * (BR_SIG): a published text's own, up to BR_SIG_MAX; a mean of runs
 * the digits of its runs at their step (whole-number runs of mean 362:
 * 3), up to 4; 0 where nothing is known.
 */
static int sig_want(const struct br_sample *s)
{
	double sum = 0, m;
	size_t i;
	int w, step;

	if (s->value_text && *s->value_text) {
		w = br_text_sig(s->value_text);
		return w > BR_SIG_MAX ? BR_SIG_MAX : w;
	}
	if (!s->n_runs)
		return 0;
	for (i = 0; i < s->n_runs; i++)
		sum += s->runs[i].value / (double)s->n_runs;
	m = fabs(sum);
	if (!(m > 0) || !isfinite(m))
		return 0;
	if (s->resolution > 0)
		step = step_decimals(s->resolution);
	else if (integral_runs(s))
		step = 0;
	else
		return 4;
	w = exp10_of(m) + 1 + step;
	return w < 1 ? 1 : w > 4 ? 4 : w;
}

/* The significant digits of a test that fixed decimals cannot show
 * (br_display_refine). */
static int sig_refine(const struct br_sample *const *samples, size_t ns,
		      const double *const *lists, const size_t *lens,
		      size_t nl)
{
	size_t i, k, n;
	int sig = 2;
	double *v;

	for (i = 0; i < ns; i++)
		if (sig_want(samples[i]) > sig)
			sig = sig_want(samples[i]);
	for (k = 0; k < nl; k++) {
		v = sorted_values(&lists[k], &lens[k], 1, &n);
		if (!v)
			break;
		while (sig < BR_SIG_MAX && collide(v, n, BR_SIG(sig)))
			sig++;
		free(v);
	}
	return BR_SIG(sig);
}

int br_display_refine(int d, const struct br_sample *const *samples,
		      size_t ns, const double *const *lists,
		      const size_t *lens, size_t nl)
{
	size_t i, k, n;
	int cap = decimals_cap(lists, lens, nl);
	bool sig = BR_IS_SIG(d);   /* asked for */
	double *v;

	if (sig)
		return sig_refine(samples, ns, lists, lens, nl);

	/* PTS's 9 decimals of a published "295.315218124818" beside a mean
	 * of 29616548.4 would print 17 digits: PTS's own decimals up to the
	 * 15 a double holds ("1378135000000.00"), ours up to BR_SIG_MAX */
	if (d > pts_cap(lists, lens, nl))
		d = pts_cap(lists, lens, nl);
	for (i = 0; i < ns; i++) {
		int w = runs_want(samples[i]);

		if (w > cap)
			sig = true;
		if (w > d)
			d = w > cap ? cap : w;
	}
	/* each list on its own: the computed means differ where the
	 * published values may not (and the other way round); no value
	 * that is not 0 prints as 0 */
	for (k = 0; k < nl; k++) {
		v = sorted_values(&lists[k], &lens[k], 1, &n);
		if (!v)
			return d;
		while (d < cap && (collide(v, n, d) || zero_shown(v, n, d)))
			d++;
		if (collide(v, n, d) || zero_shown(v, n, d))
			sig = true;
		free(v);
	}
	/* no number of decimals does: the same digits for every value */
	return sig ? sig_refine(samples, ns, lists, lens, nl) : d;
}

int br_se_decimals(int value_decimals)
{
	if (BR_IS_SIG(value_decimals))
		return value_decimals;
	return value_decimals > 2 ? value_decimals : 2;
}

int br_se_decimals_of(int value_decimals, const double *v, size_t n)
{
	const size_t lens[1] = {n};
	int d = br_se_decimals(value_decimals), cap;

	if (BR_IS_SIG(value_decimals))
		return value_decimals;

	cap = pts_cap(&v, lens, 1);
	return d > cap ? cap : d;
}

/* "-0.00" -> "0.00" */
static void no_minus_zero(char *buf)
{
	if (buf[0] == '-' && strspn(buf + 1, "0.") == strlen(buf + 1))
		memmove(buf, buf + 1, strlen(buf));
}

/* v (finite) with sig significant digits (BR_SIG in numfmt.h): fixed
 * from 1e-4 to below 1e15 with every integer digit, else an exponent. */
static const char *fmt_sig(char *buf, size_t size, double v, int sig)
{
	char e[64];
	int x, d;

	if (sig < 1)
		sig = 1;
	if (sig > 17)
		sig = 17;
	if (v == 0) {
		snprintf(buf, size, "0");
		return buf;
	}
	/* the exponent after rounding: 9.9996 at 4 digits is 10.00 */
	snprintf(e, sizeof e, "%.*e", sig - 1, v);
	x = atoi(strchr(e, 'e') + 1);
	if (x < -4 || x >= 15) {
		snprintf(buf, size, "%s", e);
		return buf;
	}
	d = sig - 1 - x > 0 ? sig - 1 - x : 0;
	snprintf(buf, size, "%.*f", d, v);
	no_minus_zero(buf);
	return buf;
}

const char *br_fmt_fixed(char *buf, size_t size, double v, int d)
{
	if (!isfinite(v)) {
		snprintf(buf, size, "-");
		return buf;
	}
	if (BR_IS_SIG(d))
		return fmt_sig(buf, size, v, BR_SIG_DIGITS(d));
	if (fabs(v) >= 1e15) { /* no 300-digit numbers: 1.7e+308 */
		snprintf(buf, size, "%.6g", v);
		return buf;
	}
	br_fixed(buf, size, v, d);
	no_minus_zero(buf);
	return buf;
}

const char *br_fmt_x(char *buf, size_t size, double v, int d)
{
	size_t n;

	if (isinf(v)) {   /* an interval bound at infinity */
		snprintf(buf, size, "%s", v > 0 ? "unbounded" : "-unbounded");
		return buf;
	}
	if (BR_IS_SIG(d))
		br_fmt_fixed(buf, size, v, d);
	else if (v > 0 && v < 10 * pow(10, -d))
		snprintf(buf, size, "%.2g", v);  /* not "0.000x" */
	else if (fabs(v) >= 1e12 && fabs(v) < 1e15) /* past 12 digits */
		snprintf(buf, size, "%.12g", v);
	else if (d > sig_decimals(v, BR_SIG_MAX)) /* see decimals_cap */
		br_fmt_fixed(buf, size, v, sig_decimals(v, BR_SIG_MAX));
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
	/* one level a run, asked for in every sentence: the last one's
	 * text, per thread */
	static _Thread_local double last = NAN;
	static _Thread_local char text[32];
	double pct = 100 * confidence;
	int d;

	if (confidence == last && strlen(text) < size) {
		memcpy(buf, text, strlen(text) + 1);
		return buf;
	}
	/* the fewest decimals that give the level back (95, 99.5, ...) */
	for (d = 0; d < 12; d++) {
		snprintf(buf, size, "%.*f", d, pct);
		if (fabs(strtod(buf, NULL) - pct) <= 1e-9 * pct &&
		    (pct >= 100 || strtod(buf, NULL) < 100))
			break;
	}
	snprintf(buf, size, "%.*f%%", d, pct);
	last = NAN;
	if (snprintf(text, sizeof text, "%.*f%%", d, pct) <
	    (int)sizeof text)
		last = confidence;
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
	if (BR_IS_SIG(d)) {
		br_fmt_fixed(buf, size, v, d);
		if (!strchr(buf, 'e'))
			group_digits(buf, size, group_from);
		return buf;
	}
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
