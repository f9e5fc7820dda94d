/*
 * chart_common.c - what every chart shares: the value axis (round ticks,
 * labels that fit: doc/charts.md), tick labels,
 * header, footer and legend, options (the colours: colours.c).
 */
#include <float.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <stdlib.h>
#include <strings.h>

#include "chart.h"
#include "../text/text.h"
#include "../../analysis/numfmt.h"

char *br_chart_strf(struct br_scene *sc, const char *fmt, ...)
{
	va_list ap;
	char *s;

	va_start(ap, fmt);
	s = br_vstrf(fmt, ap);
	va_end(ap);
	if (!s && sc)
		sc->nomem = true;
	return s;
}

void br_chart_opts_defaults(struct br_chart_opts *o)
{
	memset(o, 0, sizeof *o);
	o->width = 600;
	o->whiskers = BR_WHISKERS_SE;
	o->sort = BR_SORT_INPUT;
	o->highlight = NULL;
	o->watermark = "benchreport";
	o->family = BR_FONT_FAMILY;
	o->vendor_colors = true;
}

bool br_whiskers_parse(const char *s, enum br_whiskers *out)
{
	if (!strcasecmp(s, "se"))
		*out = BR_WHISKERS_SE;
	else if (!strcasecmp(s, "ci"))
		*out = BR_WHISKERS_CI;
	else if (!strcasecmp(s, "none"))
		*out = BR_WHISKERS_NONE;
	else
		return false;
	return true;
}

bool br_sort_parse(const char *s, enum br_sort *out)
{
	if (!strcasecmp(s, "input"))
		*out = BR_SORT_INPUT;
	else if (!strcasecmp(s, "name"))
		*out = BR_SORT_NAME;
	else if (!strcasecmp(s, "best"))
		*out = BR_SORT_BEST;
	else
		return false;
	return true;
}

/* a * b, capped at +/-DBL_MAX: axis arithmetic near the largest doubles
 * must stay finite. */
static double mul(double a, double b)
{
	double r = a * b;

	return isfinite(r) || isnan(r) ? r : copysign(DBL_MAX, r);
}

/* Most intervals an axis is split into, and the room a label needs: a
 * horizontal one its width and GAP, a vertical one its line height. */
#define AXIS_MAX_N 8
#define AXIS_LABEL_GAP 8.0
#define AXIS_MIN_PX 40.0

/* The SI prefix and decimals of an axis' labels: one prefix for every
 * tick (that of the largest, beyond 5 digits or below 0.001), and the
 * decimals the step needs in it (one more for a 2.5). */
static void label_decimals(struct br_axis *ax, int si_exp)
{
	double s, k;

	ax->si_exp = si_exp;
	s = ax->step / pow(10, ax->si_exp);
	k = floor(log10(s) + 1e-9);
	ax->decimals = k >= 0 ? 0 : (int)-k;
	if (fabs(s / pow(10, k) - 2.5) < 1e-6 && k <= 0)
		ax->decimals++;
}

/* The SI exponent every label of the axis being scaled must have
 * (br_axis_scale_noted: a chart's notation), or NO_FORCE. */
#define NO_FORCE (-1000)
#define FORCE_SCI (-2000)   /* "%.2e": a scientific chart's axis */
static _Thread_local int forced_exp = NO_FORCE;

static void label_style(struct br_axis *ax)
{
	double big = fmax(fabs(ax->ticks[0]), fabs(ax->ticks[ax->n_ticks -
						   1]));

	/* a prefix from 5 integer digits up and below 0.001; a chart
	 * whose values are written otherwise says so (br_axis_use_notation) */
	ax->sci = forced_exp == FORCE_SCI;
	if (ax->sci)
		label_decimals(ax, 0);
	else if (forced_exp != NO_FORCE)
		label_decimals(ax, forced_exp);
	else
		label_decimals(ax, big >= 1e4 || big < 1e-3 ? br_si_exp(big)
			       : 0);
}

/* Whether the labels of ax fit length points without overlapping. */
static bool labels_fit(const struct br_axis *ax, double length,
		       const struct br_font *f, bool vertical)
{
	double space = length * ax->step / (ax->hi / 2 - ax->lo / 2) / 2;
	double prev = 0;
	size_t i;

	if (!f)
		return true;
	if (vertical)
		return ax->n_ticks < 2 || space >= f->size + 4;
	for (i = 0; i < ax->n_ticks; i++) {
		char buf[64];
		double w = br_text_width(f->family, f->size, f->bold,
					 br_axis_label(buf, sizeof buf,
						       ax->ticks[i], ax));

		if (i && (prev + w) / 2 + AXIS_LABEL_GAP > space)
			return false;
		prev = w;
	}
	return true;
}

/*
 * The axis of step s over [lo, hi] (lo <= 0 <= hi): whole steps that
 * cover it, false when that takes more than n steps.
 */
static bool axis_try(struct br_axis *ax, double lo, double hi, double s,
		     int n)
{
	double klo = ceil(lo / s), khi = ceil(hi / s);
	/* all negative: the axis ends half a step past zero, so that zero
	 * is a labelled tick and the bars end clear of the frame */
	bool neg = hi <= 0 && lo < 0;
	int i;

	/* hi / s rounded down to a whole k: one more step */
	if (mul(khi, s) < hi)
		khi++;
	if (mul(klo, s) > lo)
		klo--;
	if (!(khi - klo <= n))
		return false;
	if (khi == klo)
		khi++;
	ax->step = s;
	ax->lo = mul(klo, s);
	ax->hi = neg ? s / 2 : mul(khi, s);
	ax->n_ticks = 0;
	for (i = 1; klo + i <= khi && i <= BR_AXIS_MAX_TICKS; i++) {
		double v = mul(klo + i, s);

		if (v > ax->lo && v < ax->hi)
			ax->ticks[ax->n_ticks++] = v;
	}
	if (ax->n_ticks)
		label_style(ax);
	return true;
}

void br_axis_scale(double min, double max, double length,
		   const struct br_font *f, bool vertical, struct br_axis *ax)
{
	static const double mant[] = {1, 2, 2.5, 5};
	double lo, hi, span, lg;
	int n = AXIS_MAX_N, k, k0, j;

	memset(ax, 0, sizeof *ax);
	lo = isfinite(min) && min < 0 ? min : 0;
	hi = isfinite(max) && max > 0 ? max : 0;
	if (lo == 0 && hi == 0)
		hi = 1;
	if (length > 0 && length / AXIS_MIN_PX < n)
		n = length / AXIS_MIN_PX < 1 ? 1 : (int)(length / AXIS_MIN_PX);
	/* log10 of the span, in halves where the span is beyond doubles */
	span = hi - lo;
	lg = isfinite(span) ? log10(span) : log10(hi / 2 - lo / 2) + log10(2);
	k0 = (int)floor(lg - log10(n)) - 1;
	/* From fine (a tenth of the finest allowed) to coarse (thousands
	 * of spans: one part, no label to overlap); pow(10, k) of k > 308
	 * is infinite and skipped, of k < -323 zero and skipped. */
	for (k = k0; k <= k0 + 6; k++)
		for (j = 0; j < 4; j++) {
			double s = mant[j] * pow(10, k);

			if (s > 0 && isfinite(s) &&
			    axis_try(ax, lo, hi, s, n) &&
			    labels_fit(ax, length, f, vertical))
				return;
		}
	/* not reached for finite ranges; one step whatever happens */
	ax->lo = lo;
	ax->hi = hi;
	ax->step = hi - lo;
	ax->n_ticks = 0;
}

/* Steps of a duration axis in seconds: each reads well as m:ss. */
static const double dur_steps[] = {
	1, 2, 5, 10, 15, 30, 60, 120, 300, 600, 900, 1800, 3600, 7200,
	18000, 36000, 86400, 172800, 432000, 864000,
};

void br_axis_scale_dur(double min, double max, double length,
		       const struct br_font *f, bool vertical,
		       double dur_scale, struct br_axis *ax)
{
	int n = AXIS_MAX_N;
	size_t j;

	if (!(dur_scale > 0) || !isfinite(max) || min < 0 ||
	    !(max * dur_scale >= BR_DURATION_FROM) ||
	    max * dur_scale > 1e6 * dur_steps[19]) {
		br_axis_scale(min, max, length, f, vertical, ax);
		return;
	}
	memset(ax, 0, sizeof *ax);
	if (length > 0 && length / AXIS_MIN_PX < n)
		n = length / AXIS_MIN_PX < 1 ? 1 : (int)(length / AXIS_MIN_PX);
	for (j = 0; j < sizeof dur_steps / sizeof *dur_steps; j++) {
		ax->dur_scale = dur_scale;
		if (axis_try(ax, 0, max, dur_steps[j] / dur_scale, n) &&
		    (ax->dur_scale = dur_scale, ax->si_exp = 0,
		     ax->decimals = 0, labels_fit(ax, length, f, vertical)))
			return;
	}
	/* beyond ten days a step: whole multiples of the largest */
	br_axis_scale(min, max, length, f, vertical, ax);
}

/* Points between a bar's end (or its whisker's) and the axis' end. */
#define END_ROOM 10.0

/* Points label l needs beyond its bar on axis ax (0: it fits inside):
 * 6 from the end, 6 clear of the axis line, and a text after it as far
 * again; a bar or whisker keeps END_ROOM from the end (1580 on a 1600
 * axis touched it). */
static double label_need(const struct br_bar_label *l,
			 const struct br_axis *ax, double length)
{
	/* the bar up to its whisker's inner end (a whisker is symmetric
	 * about the value) */
	double inner = 2 * l->value - l->from;
	double inside = (inner * l->value > 0 ? fabs(br_axis_frac(ax, inner)
			 - br_axis_frac(ax, 0)) : 0) * length;
	/* a point more than br_chart_bar_value wants: it measures from
	 * the bar's rounded ends */
	bool in = inside >= l->width + 11;
	double need = (in ? 0 : l->width + 12) +
		      (l->after > 0 ? l->after + 6 + (in ? 6 : 0) : 0);

	return fmax(need, END_ROOM);
}

/*
 * The range [*lo, *hi] around [min, max] that leaves every label its
 * room in points at the scale it gives (units per point = range /
 * length), solved by iterating that scale: what labels reaching both
 * ways need when the doubling in br_axis_scale_labelled() would run
 * away (their room near half the axis).  Gives up growing past a
 * thousand times the data's range: no scale holds them.
 */
static void exact_room(double min, double max, const struct br_bar_label *l,
		       size_t n, const double *need, double length,
		       double *lo, double *hi)
{
	double per = (max - min) / length, cap = 1000 * per;
	int it;
	size_t i;

	for (it = 0; it < 60 && per <= cap; it++) {
		*lo = min;
		*hi = max;
		for (i = 0; i < n; i++) {
			if (!isfinite(l[i].value) || l[i].value == 0)
				continue;
			if (l[i].value < 0)
				*lo = fmin(*lo, l[i].from - need[i] * per);
			else
				*hi = fmax(*hi, l[i].from + need[i] * per);
		}
		per = (*hi - *lo) / length;
	}
}

/* The needs of l[0..n) on axis ax (label_need) in need[], the range
 * that doubles each overflow in [*lo, *hi] (from [min, max]) and the
 * most points labels need each way in *nlo, *nhi. */
static void needs(const struct br_bar_label *l, size_t n, double *need,
		  const struct br_axis *ax, double length, double *lo,
		  double *hi, double *nlo, double *nhi)
{
	/* data units per point, in halves near the largest doubles */
	double per = (ax->hi / 2 - ax->lo / 2) / length;
	size_t i;

	*nlo = *nhi = 0;
	for (i = 0; i < n; i++) {
		double ext;

		need[i] = label_need(&l[i], ax, length);
		ext = mul(per, 2 * need[i]);
		if (!isfinite(l[i].value) || l[i].value == 0)
			continue;
		if (l[i].value < 0) {
			*lo = fmin(*lo, fmax(l[i].from - ext, -DBL_MAX));
			*nlo = fmax(*nlo, need[i]);
		} else {
			*hi = fmax(*hi, fmin(l[i].from + ext, DBL_MAX));
			*nhi = fmax(*nhi, need[i]);
		}
	}
}

/*
 * Labels reaching both ways with their room near half the axis, where
 * doubling what overflows would grow the axis without end: the range
 * solved for the scale at which every label has its room (exact_room),
 * for a plot 5 % shorter each time until the axis its round steps give
 * holds every label; not for a plot shorter than what the labels need,
 * which holds no scale.
 */
static void exact_search(double dmin, double dmax,
			 const struct br_bar_label *l, size_t n, double *need,
			 double length, const struct br_font *f,
			 double dur_scale, struct br_axis *ax)
{
	double eff = length, lo, hi, nlo, nhi;
	int k;

	for (k = 0; k < 40; k++, eff *= 0.95) {
		lo = dmin;
		hi = dmax;
		needs(l, n, need, ax, length, &lo, &hi, &nlo, &nhi);
		if (k > 0 && lo >= ax->lo && hi <= ax->hi)
			return;
		if (eff <= nlo + nhi)
			return;
		exact_room(dmin, dmax, l, n, need, eff, &lo, &hi);
		br_axis_scale_dur(lo, hi, length, f, false, dur_scale, ax);
	}
}

void br_axis_scale_labelled(double min, double max,
			    const struct br_bar_label *l, size_t n,
			    double length, const struct br_font *f,
			    double dur_scale, struct br_axis *ax)
{
	double *need = calloc(n + 1, sizeof *need);
	const double dmin = min, dmax = max;
	int pass;

	br_axis_scale_dur(min, max, length, f, false, dur_scale, ax);
	/* the axis grows by what overflows, so two passes mostly do */
	for (pass = 0; need && pass < 8; pass++) {
		double lo = min, hi = max, nlo, nhi;

		needs(l, n, need, ax, length, &lo, &hi, &nlo, &nhi);
		if (lo >= ax->lo && hi <= ax->hi)
			break;
		if (2 * (nlo + nhi) >= 0.9 * length && isfinite(dmax - dmin)) {
			exact_search(dmin, dmax, l, n, need, length, f,
				     dur_scale, ax);
			break;
		}
		min = lo;
		max = hi;
		br_axis_scale_dur(min, max, length, f, false, dur_scale, ax);
	}
	free(need);
}

double br_axis_room(double vmin, double vmax, double room, double length)
{
	double top = vmax + (vmax / length - vmin / length) * room;

	return isfinite(top) ? top : DBL_MAX;
}

double br_axis_frac(const struct br_axis *ax, double v)
{
	double range = ax->hi - ax->lo, f;

	if (!(ax->hi > ax->lo))
		return 0;
	f = (v - ax->lo) / range;
	if (isfinite(range) && isfinite(f))
		return f;
	/* v - lo or hi - lo beyond the doubles: in halves */
	return (v / 2 - ax->lo / 2) / (ax->hi / 2 - ax->lo / 2);
}

/* v with d decimals, its integer digits in groups of three
 * ("10,000,000,000": a plain axis has no prefix, br_fmt_value's "10.0G"
 * from 1e9 on). */
static void grouped(char *buf, size_t size, double v, int d)
{
	char num[64];
	const char *p = br_fmt_fixed(num, sizeof num, v, d), *dot;
	size_t n = 0, digits, i;

	if (*p == '-' && size > 1)
		buf[n++] = *p++;
	dot = strchr(p, '.');
	digits = dot ? (size_t)(dot - p) : strlen(p);
	for (i = 0; p[i] && n + 1 < size; i++) {
		if (i && i < digits && (digits - i) % 3 == 0 && n + 2 < size)
			buf[n++] = ',';
		buf[n++] = p[i];
	}
	if (size)
		buf[n] = '\0';
}

const char *br_axis_label(char *buf, size_t size, double v,
			  const struct br_axis *ax)
{
	double x = v / pow(10, ax->si_exp);

	if (ax->dur_scale > 0)
		br_fmt_duration(buf, size, v * ax->dur_scale, 0);
	else if (v == 0)
		snprintf(buf, size, "0");
	else if (ax->sci)
		snprintf(buf, size, "%.2e", v);  /* as the values */
	else if ((ax->si_exp == 18 && fabs(x) >= 1000) ||
		 (ax->si_exp == -18 && fabs(x) < 1e-3))
		snprintf(buf, size, "%.3g", v); /* beyond the prefixes */
	else if (ax->si_exp == 0 && fabs(v) >= 1e4 && fabs(v) < 1e15)
		grouped(buf, size, v, ax->decimals);  /* "250,000" */
	else
		snprintf(buf, size, "%.*f%s", ax->decimals, x,
			 br_si_prefix(ax->si_exp));
	return buf;
}

double br_chart_dur_scale(double so_far, const struct br_cell *c)
{
	if (!c || c->kind != BR_CELL_VALUE)
		return so_far;
	if (so_far < 0)
		return c->dur_scale;
	return so_far == c->dur_scale ? so_far : 0;
}

/* ------------------------------------------------- one notation a chart */

void br_notation_pick(struct br_notation *nt, double big, double small,
		      double dur_scale, int dec, int sdec)
{
	double x;

	memset(nt, 0, sizeof *nt);
	nt->decimals = dec;
	nt->test_decimals = dec;
	nt->se_decimals = sdec;
	big = fabs(big);
	if (!isfinite(big))
		return;
	/* the duration axis' own rule (br_axis_scale_dur) */
	if (dur_scale > 0 && big * dur_scale >= BR_DURATION_FROM &&
	    big * dur_scale <= 1e6 * dur_steps[19]) {
		nt->kind = BR_NOTE_DUR;
		nt->dur_scale = dur_scale;
	} else if (big != 0 && (big >= 1e21 || big < 1e-18 ||
				(small > 0 && small < big * 1e-9))) {
		/* past the prefixes, or a value no one scale shows beside
		 * the largest (1e-300 beside 1: 30 zeros) */
		nt->kind = BR_NOTE_SCI;
	} else if (big >= 1e9 || (big != 0 && big < 1e-3)) {
		/* the largest in 3 significant digits: "1.38T", "335µ" */
		nt->kind = BR_NOTE_SI;
		nt->si_exp = br_si_exp(big);
		x = big / pow(10, nt->si_exp);
		nt->decimals = x < 9.995 ? 2 : x < 99.95 ? 1 : 0;
	}
}

/* x with d decimals, or with 3 significant digits where d would show a
 * non-zero x as 0 (no exponent: "0.000123"), and suffix. */
static const char *fixed_sig(char *buf, size_t size, double x, int d,
			     const char *suffix)
{
	double m = fabs(x);
	char num[400];

	if (m != 0 && isfinite(m) && m < 0.5 * pow(10, -d))
		d = 2 - (int)floor(log10(m));
	if (d > 30)
		d = 30;
	br_fmt_fixed(num, sizeof num, x, d);
	snprintf(buf, size, "%s%s", num, suffix);
	return buf;
}

/* A plain chart's text: br_fmt_value()'s, without exponents. */
static const char *plain(char *buf, size_t size, const char *text, double v)
{
	if (strchr(text, 'e') && isfinite(v))
		return fixed_sig(buf, size, v, 0, "");
	if (buf != text)
		snprintf(buf, size, "%s", text);
	return buf;
}

const char *br_notation_number(const struct br_notation *nt, double v,
			       char *buf, size_t size)
{
	switch (nt->kind) {
	case BR_NOTE_DUR:
		return br_fmt_duration(buf, size, v * nt->dur_scale,
				       nt->dur_scale == 1 ? nt->decimals : 0);
	case BR_NOTE_SI:
		if (v == 0)   /* no prefix to 0: the test's decimals */
			return br_fmt_fixed(buf, size, v, nt->test_decimals);
		return fixed_sig(buf, size, v / pow(10, nt->si_exp),
				 nt->decimals, br_si_prefix(nt->si_exp));
	case BR_NOTE_SCI:
		snprintf(buf, size, "%.2e", v);
		return buf;
	case BR_NOTE_PLAIN:
		break;
	}
	return plain(buf, size, br_fmt_value(buf, size, v, nt->decimals), v);
}

const char *br_notation_value(const struct br_notation *nt,
			      const struct br_cell *c, char *buf, size_t size)
{
	if (c->kind != BR_CELL_VALUE) {
		if (size)
			*buf = '\0';
		return buf;
	}
	/* a duration below 2 minutes is seconds here: the axis is */
	if (nt->kind != BR_NOTE_PLAIN || c->dur_scale > 0)
		return br_notation_number(nt, c->shown, buf, size);
	return plain(buf, size, br_cell_chart_text(c, nt->decimals, buf,
						   size), c->shown);
}

const char *br_notation_se(const struct br_notation *nt, double se,
			   double value, char *buf, size_t size)
{
	double x;

	switch (nt->kind) {
	case BR_NOTE_DUR:
		x = se * nt->dur_scale;
		return br_fmt_duration(buf, size, x, x >= 10 ? 1 : 2);
	case BR_NOTE_SI:
		x = se / pow(10, nt->si_exp);
		/* 3 significant digits, the prefix of the values */
		return fixed_sig(buf, size, x, x == 0 || !isfinite(x) ? 0 :
				 (int)fmax(0, 2 - floor(log10(fabs(x)))),
				 br_si_prefix(nt->si_exp));
	case BR_NOTE_SCI:
		snprintf(buf, size, "%.2e", se);
		return buf;
	case BR_NOTE_PLAIN:
		break;
	}
	return plain(buf, size, br_fmt_se(buf, size, se, nt->se_decimals,
					  value), se);
}

void br_axis_scale_in(double min, double max, double length,
		      const struct br_font *f, bool vertical,
		      const struct br_notation *nt, struct br_axis *ax)
{
	forced_exp = nt->kind == BR_NOTE_SI ? nt->si_exp :
		     nt->kind == BR_NOTE_PLAIN ? 0 :
		     nt->kind == BR_NOTE_SCI ? FORCE_SCI : NO_FORCE;
	br_axis_scale_dur(min, max, length, f, vertical,
			  nt->kind == BR_NOTE_DUR ? nt->dur_scale : 0, ax);
	forced_exp = NO_FORCE;
}

void br_axis_scale_noted(double min, double max,
			 const struct br_bar_label *l, size_t n,
			 double length, const struct br_font *f,
			 const struct br_notation *nt, struct br_axis *ax)
{
	forced_exp = nt->kind == BR_NOTE_SI ? nt->si_exp :
		     nt->kind == BR_NOTE_PLAIN ? 0 :
		     nt->kind == BR_NOTE_SCI ? FORCE_SCI : NO_FORCE;
	br_axis_scale_labelled(min, max, l, n, length, f,
			       nt->kind == BR_NOTE_DUR ? nt->dur_scale : 0, ax);
	forced_exp = NO_FORCE;
}

/* ------------------------------------------------------ header, footer */

/* Draw s shrunk by 0.5 steps (down to min_size), then ellipsized. */
static void fitted_text(struct br_scene *sc, double x, double y,
			struct br_font f, double min_size, const char *s,
			double max_w)
{
	char *e;

	while (f.size > min_size &&
	       br_text_width(f.family, f.size, f.bold, s) > max_w)
		f.size -= 0.5;
	e = br_text_ellipsize(f.family, f.size, f.bold, s, max_w);
	if (!e) {
		sc->nomem = true;
		return;
	}
	br_scene_text(sc, x, y, BR_ANCHOR_START, &f, e);
	free(e);
}

static void arrow(struct br_scene *sc, double x, double cy, bool right)
{
	double pts[6];

	if (right) {
		br_scene_line(sc, x, cy, x + 5, cy, BR_C_TEXT, 1.5, 0);
		pts[0] = x + 4.5; pts[1] = cy - 3.5;
		pts[2] = x + 9;   pts[3] = cy;
		pts[4] = x + 4.5; pts[5] = cy + 3.5;
	} else {
		br_scene_line(sc, x + 4, cy, x + 9, cy, BR_C_TEXT, 1.5, 0);
		pts[0] = x + 4.5; pts[1] = cy - 3.5;
		pts[2] = x;       pts[3] = cy;
		pts[4] = x + 4.5; pts[5] = cy + 3.5;
	}
	br_scene_polygon(sc, pts, 3, BR_C_TEXT, BR_NONE, 0);
}

/*
 * The title at (6, 19) in f: shrunk to 13 pt at most to fit the width,
 * else wrapped in two lines (16 pt apart) at 13 pt, the second
 * ellipsized past that: a title cut to "TPC-H 1 GB load phases, UFS
 * vs. ZFS (Solaris sn..." at 300 pt lost what it compares.  Returns
 * the height it takes beyond one line.
 */
static double title_text(struct br_scene *sc, struct br_font f,
			 const char *s, double max_w)
{
	char **lines = NULL;
	size_t n, k;

	while (f.size > 13 && br_text_width(f.family, f.size, f.bold, s) >
	       max_w)
		f.size -= 0.5;
	if (br_text_width(f.family, f.size, f.bold, s) <= max_w) {
		br_scene_text(sc, 6, 19, BR_ANCHOR_START, &f, s);
		return 0;
	}
	n = br_chart_wrap(&f, s, max_w, 2, &lines);
	if (n == (size_t)-1) {
		sc->nomem = true;
		return 0;
	}
	for (k = 0; k < n; k++)
		br_scene_text(sc, 6, 19 + 16 * (double)k, BR_ANCHOR_START, &f,
			      lines[k]);
	br_text_lines_free(lines, n);
	return n > 1 ? 16 * (double)(n - 1) : 0;
}

double br_chart_header(struct br_scene *sc, const struct br_test *t,
		       const struct br_chart_opts *o, double plot_left,
		       double extra, double *legend_y)
{
	double w = o->width, header, top, y;
	struct br_font ft = {o->family, 17, true, BR_C_HEAD};
	struct br_font fs = {o->family, 11, true, BR_C_HEAD};
	struct br_font fc = {o->family, 8, true, BR_C_TEXT};
	struct br_font fw = {o->family, 8, true, BR_C_AXIS};
	const char *d = br_nz(t->description), *phrase;
	char *title, *caption;
	size_t n_sub = 0;
	double more = 0;

	title = br_chart_strf(sc, "%s%s%s", br_nz(t->title),
		     *br_nz(t->app_version) ? " " : "", br_nz(t->app_version));
	if (title)
		more = title_text(sc, ft, title, w - 12);
	free(title);

	/* Description: '|' separates lines; each line wraps. */
	y = 35 + more;
	while (*d) {
		size_t len = strcspn(d, "|"), k, n;
		char *line = strndup(d, len), *p, **lines;

		if (!line) {
			sc->nomem = true;
			break;
		}
		for (p = line + strlen(line); p > line && p[-1] == ' ';)
			*--p = '\0';
		p = line + strspn(line, " ");
		n = *p ? br_text_wrap(fs.family, fs.size, fs.bold, p, w - 12,
				      &lines) : 0;
		if (n == (size_t)-1) {
			sc->nomem = true;
			n = 0;
		}
		for (k = 0; k < n; k++) {
			br_scene_text(sc, 6, y, BR_ANCHOR_START, &fs,
				      lines[k]);
			y += 15;
			n_sub++;
		}
		if (n)
			br_text_lines_free(lines, n);
		free(line);
		d += len;
		if (*d == '|')
			d++;
	}
	header = 16 + 17 + more + 15 * (double)n_sub;
	if (header < 46 + more)
		header = 46 + more;
	if (legend_y)
		*legend_y = header + 2;
	top = header + extra + 16;

	phrase = br_dir_phrase(t->dir);
	caption = br_chart_strf(sc, "%s%s%s", t->unit.text ? t->unit.text :
		       br_nz(t->scale), *br_nz(t->unit.text) && phrase &&
		       *phrase ? ", " : "", br_nz(phrase));
	{
		double x = plot_left, wm = 0, cy = top - 5 - 3;
		bool dir = t->dir == BR_DIR_HIB || t->dir == BR_DIR_LIB;

		if (o->watermark && *o->watermark)
			wm = br_scene_text(sc, w - 15, top - 5, BR_ANCHOR_END,
					   &fw, o->watermark);
		/* a caption too long for the plot's width starts at the
		 * chart's edge: shrunk, it printed at 5 pt in a report */
		if (caption && x + (dir ? 12 : 0) + br_text_width(fc.family,
		    fc.size, true, caption) > w - 15 - wm - 10)
			x = 6;
		if (dir) {
			arrow(sc, x, cy, t->dir == BR_DIR_HIB);
			x += 12;
		}
		if (caption)
			fitted_text(sc, x, top - 5, fc, fc.size, caption,
				    w - 15 - wm - 10 - x);
	}
	free(caption);
	return top;
}

/* Note k of compiler text c: "CC: gcc -O2 -fPIC" -> "1. (CC) gcc
 * options: -O2 -fPIC" (PTS's note); free() it. */
static char *compiler_note(struct br_scene *sc, int k, const char *c)
{
	const char *colon = strstr(c, ": "), *sp;

	if (!colon || colon - c > 8)
		return br_chart_strf(sc, "%d. %s", k, c);
	sp = strchr(colon + 2, ' ');
	if (!sp)
		return br_chart_strf(sc, "%d. (%.*s) %s", k, (int)(colon - c), c,
			    colon + 2);
	return br_chart_strf(sc, "%d. (%.*s) %.*s options:%s", k, (int)(colon - c), c,
		    (int)(sp - colon - 2), colon + 2, sp);
}

double br_chart_note_lines(struct br_scene *sc, const struct br_font *f,
			   double x, double y, double max_w, const char *text)
{
	char **lines;
	size_t n, k;

	n = br_text_wrap(f->family, f->size, f->bold, text, max_w, &lines);
	if (n == (size_t)-1) {
		sc->nomem = true;
		return y;
	}
	for (k = 0; k < n; k++) {
		br_scene_text(sc, x, y, BR_ANCHOR_START, f, lines[k]);
		y += 11;
	}
	br_text_lines_free(lines, n);
	return y;
}

double br_chart_footer(struct br_scene *sc, const struct br_test *t,
		       const struct br_cell *cells, size_t n,
		       double confidence, const struct br_chart_opts *o,
		       double x, double y, bool whiskers)
{
	struct br_font f = {o->family, 8, false, BR_C_AXIS};
	double max_w = o->width - 15 - x, last = y - 11;
	char buf[128], lv[24];
	int k = 1;
	size_t i, j;

	if (whiskers && o->whiskers != BR_WHISKERS_NONE) {
		if (o->whiskers == BR_WHISKERS_SE)
			snprintf(buf, sizeof buf, "Whiskers: +/- 1 SE "
				 "(standard error of the mean)");
		else
			snprintf(buf, sizeof buf, "Whiskers: %s CI "
				 "(t confidence interval of the mean)",
				 br_fmt_level(lv, sizeof lv, confidence));
		/* wrapped, not cut ("...standard error of the me" at
		 * --width 300) */
		y = br_chart_note_lines(sc, &f, x, y, max_w, buf);
		last = y - 11;
	}
	if (t->annotation && *t->annotation) {
		char *note = br_chart_strf(sc, "%d. %s", k++, t->annotation);

		if (note)
			y = br_chart_note_lines(sc, &f, x, y, max_w, note);
		free(note);
		last = y - 11;
	}
	/* distinct compiler notes of the shown entries, first seen first */
	for (i = 0; i < n; i++) {
		const char *c = cells[i].entry ? cells[i].entry->compiler
				: NULL;
		bool seen = false;

		if (!c || !*c)
			continue;
		for (j = 0; j < i && !seen; j++)
			seen = cells[j].entry && cells[j].entry->compiler &&
			       !strcmp(cells[j].entry->compiler, c);
		if (seen)
			continue;
		{
			char *line = compiler_note(sc, k++, c);

			if (line)
				y = br_chart_note_lines(sc, &f, x, y, max_w, line);
			free(line);
			last = y - 11;
		}
	}
	return last + 11;
}

/* ------------------------------------------------------------- legend */

#define LEGEND_ROW_H 14.0
#define LEGEND_GAP 16.0

double br_chart_legend(struct br_scene *sc, const struct br_chart_opts *o,
		       double x, double y, double max_w,
		       const char *const *labels, const uint32_t *colors,
		       const enum br_marker *markers, size_t n)
{
	struct br_font f = {o->family, 9, true, BR_C_HEAD};
	double cx = x, cy = y;
	struct br_label *l;
	size_t k;

	if (n == 0)
		return 0;
	/* one line each, told apart (br_chart_labels) */
	l = br_chart_labels(&f, labels, n, max_w - 14, 1);
	if (!l) {
		if (sc)
			sc->nomem = true;
		return 0;
	}
	for (k = 0; k < n; k++) {
		double lw = br_text_width(f.family, f.size, true,
					  l[k].line[0]);

		if (cx > x && cx + 14 + lw > x + max_w) {
			cx = x;
			cy += LEGEND_ROW_H;
		}
		if (sc && markers)
			br_scene_marker(sc, markers[k], cx + 4.5, cy + 5.5,
					4.5, colors[k], BR_NONE, 0);
		else if (sc)
			br_scene_rect(sc, cx, cy + 1, 9, 9, colors[k], BR_NONE,
				      0);
		if (sc)
			br_chart_label_draw(sc, cx + 13, cy + 9,
					    BR_ANCHOR_START, &f, &l[k],
					    labels[k], 0);
		cx += 13 + lw + LEGEND_GAP;
	}
	br_chart_labels_free(l, n);
	return cy - y + LEGEND_ROW_H;
}

size_t br_chart_wrap(const struct br_font *f, const char *s, double max_w,
		     size_t max_lines, char ***lines)
{
	size_t n = br_text_wrap(f->family, f->size, f->bold, s, max_w, lines);

	if (n == (size_t)-1 || n <= max_lines || max_lines == 0)
		return n;
	{
		/* the rest of the text from the last kept line on: lines
		 * are consecutive pieces of s, spaces between them cut */
		const char *from = s;
		char *e;
		size_t k;

		for (k = 0; k + 1 < max_lines; k++) {
			const char *p = strstr(from, (*lines)[k]);

			if (p)
				from = p + strlen((*lines)[k]);
		}
		from += strspn(from, " ");
		e = br_text_ellipsize(f->family, f->size, f->bold, from, max_w);

		if (!e) {
			br_text_lines_free(*lines, n);
			*lines = NULL;
			return (size_t)-1;
		}
		free((*lines)[max_lines - 1]);
		(*lines)[max_lines - 1] = e;
		for (k = max_lines; k < n; k++)
			free((*lines)[k]);
		return max_lines;
	}
}

void br_chart_set_title(struct br_scene *sc, const struct br_test *t)
{
	char *title = br_chart_strf(sc, "%s%s%s", br_nz(t->title),
			   t->description && *t->description ? " - " : "",
			   br_nz(t->description)), *bar;

	if (!title)
		return;
	while ((bar = strchr(title, '|')) != NULL)
		*bar = ',';
	br_scene_set_title(sc, title);
	free(title);
}

bool br_chart_whisker(const struct br_chart_opts *o, const struct br_summary *s,
		      double *lo, double *hi)
{
	if (!s || s->n < 2)
		return false;
	if (o->whiskers == BR_WHISKERS_SE && isfinite(s->se) && s->se > 0) {
		*lo = s->mean - s->se;
		*hi = s->mean + s->se;
		return true;
	}
	if (o->whiskers == BR_WHISKERS_CI && isfinite(s->ci_low) &&
	    isfinite(s->ci_high) && s->ci_high > s->ci_low) {
		*lo = s->ci_low;
		*hi = s->ci_high;
		return true;
	}
	return false;
}

/* ------------------------------------------------- whiskers and values */

#define WHISKER_HALO 0xffffffu
#define LABEL_GAP 3.0     /* least room between a value label and a grid
			   * line, so that neither reads as part of the
			   * other */

/* A line from (a, at) to (b, at), or from (at, a) to (at, b). */
static void axis_line(struct br_scene *sc, double a, double b, double at,
		      bool vertical, uint32_t color, double width)
{
	if (vertical)
		br_scene_line(sc, at, a, at, b, color, width, 0);
	else
		br_scene_line(sc, a, at, b, at, color, width, 0);
}

/* One pass of a whisker, halo or line: width is the line's. */
static void whisker_pass(struct br_scene *sc, double a, double b, double at,
			 bool vertical, bool cap_a, bool cap_b, uint32_t color,
			 double width)
{
	double c = BR_WHISKER_CAP;

	axis_line(sc, a, b, at, vertical, color, width);
	if (cap_a)
		axis_line(sc, at - c, at + c, a, !vertical, color, width);
	if (cap_b)
		axis_line(sc, at - c, at + c, b, !vertical, color, width);
}

bool br_chart_whisker_draw(struct br_scene *sc, double a, double b, double at,
			   bool vertical, double lim_lo, double lim_hi,
			   uint32_t color)
{
	double lo = fmin(a, b), hi = fmax(a, b);
	double ca = fmax(lo, lim_lo), cb = fmin(hi, lim_hi);

	if (!(cb - ca >= 2))
		return false;
	/* the halo first, so the line is drawn whole over it */
	whisker_pass(sc, ca, cb, at, vertical, lo >= lim_lo, hi <= lim_hi,
		     WHISKER_HALO, 3);
	whisker_pass(sc, ca, cb, at, vertical, lo >= lim_lo, hi <= lim_hi,
		     color, 1);
	return true;
}

size_t br_chart_xgrid(struct br_scene *sc, const struct br_axis *ax,
		      const struct br_font *f, double x0, double pw,
		      double top, double bottom, double *grid)
{
	size_t i, n = 0;
	char lab[64];

	for (i = 0; i < ax->n_ticks; i++) {
		double gx = round(x0 + br_axis_frac(ax, ax->ticks[i]) * pw);

		/* zero has the axis line, drawn over the bars */
		if (ax->ticks[i] != 0) {
			br_scene_line(sc, gx, top, gx, bottom, BR_C_GRID, 1,
				      5);
			grid[n++] = gx;
		}
		br_scene_text(sc, gx, bottom + 15, BR_ANCHOR_MIDDLE, f,
			      br_axis_label(lab, sizeof lab, ax->ticks[i], ax));
	}
	return n;
}

double br_chart_ylabels_width(const struct br_axis *ax,
			      const struct br_font *f)
{
	double w = 0;
	char lab[64];
	size_t i;

	for (i = 0; i < ax->n_ticks; i++)
		w = fmax(w, br_text_width(f->family, f->size, f->bold,
			 br_axis_label(lab, sizeof lab, ax->ticks[i], ax)));
	return w;
}

void br_chart_ygrid(struct br_scene *sc, const struct br_axis *ax,
		    const struct br_font *f, double left, double right,
		    double top, double bottom)
{
	char lab[64];
	size_t i;

	/* no bars anchor a line chart: say where zero is */
	if (ax->lo == 0)
		br_scene_text(sc, left - 5, bottom + 3.5, BR_ANCHOR_END, f,
			      "0");
	for (i = 0; i < ax->n_ticks; i++) {
		double gy = round(bottom - br_axis_frac(ax, ax->ticks[i]) *
				  (bottom - top));

		br_scene_line(sc, left, gy, right, gy, ax->ticks[i] == 0 ?
			      BR_C_AXIS : BR_C_GRID, 1,
			      ax->ticks[i] == 0 ? 0 : 5);
		br_scene_text(sc, left - 5, gy + 3.5, BR_ANCHOR_END, f,
			      br_axis_label(lab, sizeof lab, ax->ticks[i], ax));
	}
}

/*
 * Whether a grid line of v comes within LABEL_GAP of the extent [a, a +
 * tw]: then the label is knocked out of the grid (a patch of background
 * behind it) where it stands, next to its bar.  Moving it past the line
 * instead repeated line after line and left labels far from their bars
 * (issue 21, defect 1).
 */
static bool touches_grid(const struct br_bar_value *v, double a, double tw)
{
	size_t k;

	for (k = 0; k < v->n_grid; k++)
		if (v->grid[k] > a - LABEL_GAP &&
		    v->grid[k] < a + tw + LABEL_GAP)
			return true;
	return false;
}

bool br_chart_bar_whisker(struct br_scene *sc, const struct br_chart_opts *o,
			  const struct br_summary *s, const struct br_axis *ax,
			  double pw, double cy, struct br_bar_value *v)
{
	double lo, hi;

	v->whisker = false;
	if (!br_chart_whisker(o, s, &lo, &hi))
		return false;
	v->wa = v->x0 + br_axis_frac(ax, lo) * pw;
	v->wb = v->x0 + br_axis_frac(ax, hi) * pw;
	v->whisker = br_chart_whisker_draw(sc, v->wa, v->wb, cy, false, v->x0,
					   v->x1, BR_C_WHISKER);
	return v->whisker;
}

double br_chart_bar_value(struct br_scene *sc, const struct br_font *f,
			  const struct br_bar_value *v, const char *text)
{
	bool neg = v->vx < v->zx || v->neg;
	double tw = br_text_width(f->family, f->size, f->bold, text);
	double in_end = v->vx, out_at = v->vx, room, a;
	struct br_font fv = *f;

	/* in the bar: between its zero end and the whisker, if any */
	if (v->whisker) {
		in_end = neg ? fmax(v->vx, v->wb) : fmin(v->vx, v->wa);
		out_at = neg ? fmin(v->vx, v->wa) : fmax(v->vx, v->wb);
	}
	room = (neg ? v->zx - in_end : in_end - v->zx) - v->inset;
	if (room >= tw + 10) {
		fv.color = br_text_on(v->fill);
		br_scene_text(sc, neg ? in_end + 5 : in_end - 5, v->y,
			      neg ? BR_ANCHOR_START : BR_ANCHOR_END, &fv,
			      text);
		return out_at;
	}
	/* beyond the bar and whisker, 6 pt on, over the grid lines */
	a = neg ? out_at - 6 - tw : out_at + 6;
	if (touches_grid(v, a, tw))
		br_scene_rect(sc, a - LABEL_GAP, v->y - f->size * 0.85,
			      tw + 2 * LABEL_GAP, f->size * 1.1,
			      sc->background, BR_NONE, 0);
	if (neg)
		br_scene_text(sc, a + tw, v->y, BR_ANCHOR_END, &fv, text);
	else
		br_scene_text(sc, a, v->y, BR_ANCHOR_START, &fv, text);
	return neg ? a : a + tw;
}
