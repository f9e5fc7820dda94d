/*
 * chart_overview.c - the result overview: every test normalised to the
 * baseline, one row per test, the geometric mean last (OpenBenchmarking's
 * "Result Overview" as a single chart, doc/pts-format.md section 4.5).
 *
 *   Result Overview / <input title>                 header
 *   [#] System B  [#] System C                      legend of candidates
 *   -> Relative performance vs. System A, More Is Better
 *                          |                        1 = the baseline
 *   Dbench - Clients: 1    |######## 1.32x          <= 3 candidates: a bar
 *                      0.87x ###|                   per candidate from 1
 *   ...                    |                        > 3: dots on a track
 *   Geometric mean         |#### 1.035x             always bars, labelled
 *              0.5x       1x       2x               log axis
 *
 * A log axis, because speedups multiply: 0.5x and 2x are equally far
 * from 1.  Every number is the analysis' (its comparisons and geometric
 * means); the "overview" row of the chart table is built at the end.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "chart.h"
#include "../text/text.h"
#include "../../analysis/numfmt.h"

#define MAX_LANES 3        /* candidates drawn as bars per row */
#define VALUE_PAD 44.0     /* room for "0.87x" beside the extreme bars */
#define RANGE_LIMIT 1000.0 /* speedups clamped to [1/1000, 1000] */
#define GM_HEAD 22.0       /* the geometric mean's heading line */

static uint32_t pale(uint32_t c)
{
	uint32_t r = (c >> 16) & 0xff, g = (c >> 8) & 0xff, b = c & 0xff;

	r = r + (0xff - r) * 3 / 5;
	g = g + (0xff - g) * 3 / 5;
	b = b + (0xff - b) * 3 / 5;
	return r << 16 | g << 8 | b;
}

static double clampv(double v)
{
	return fmin(fmax(v, 1 / RANGE_LIMIT), RANGE_LIMIT);
}

static bool usable(double v)
{
	return isfinite(v) && v > 0;
}

struct axis {
	double llo, lhi;           /* log range */
	double x0, pw;
	double ticks[24];
	size_t n_ticks;
	int tick_dec;              /* decimals of every tick label; -1:
				    * powers of two only ("1/2x", "2x") */
};

static double xof(const struct axis *a, double v)
{
	return a->x0 + (log(clampv(v)) - a->llo) / (a->lhi - a->llo) * a->pw;
}

/* Keep the candidates (ascending) that lie inside the axis, 1 always,
 * outward from 1 at least min_gap apart. */
static void pick_ticks(struct axis *a, const double *cand, size_t n,
		       double min_gap)
{
	double last = 1, edge = min_gap / 3;
	size_t i;

	a->n_ticks = 0;
	a->ticks[a->n_ticks++] = 1;
	for (i = 0; i < n && a->n_ticks < 23; i++) {          /* upward */
		double x = xof(a, cand[i]);

		if (cand[i] <= last * (1 + 1e-9) ||
		    log(cand[i]) > a->lhi - 1e-9)
			continue;
		if (x - xof(a, last) >= min_gap &&
		    a->x0 + a->pw - x >= edge) {
			a->ticks[a->n_ticks++] = cand[i];
			last = cand[i];
		}
	}
	last = 1;
	for (i = n; i-- > 0 && a->n_ticks < 23;) {            /* downward */
		double x = xof(a, cand[i]);

		if (cand[i] >= last * (1 - 1e-9) ||
		    log(cand[i]) < a->llo + 1e-9)
			continue;
		if (xof(a, last) - x >= min_gap && x - a->x0 >= edge) {
			a->ticks[a->n_ticks++] = cand[i];
			last = cand[i];
		}
	}
}

/*
 * Ticks: powers of two (speedups read as "2x", "4x" faster, "1/2x") when
 * at least two of them fit beside 1; for a narrow range, finer steps
 * (0.8x, 0.9x, 1.1x, 1.25x ...).
 */
static void log_ticks(struct axis *a, double min_gap)
{
	static const double fine[] = {
		0.5, 0.6, 0.7, 0.75, 0.8, 0.9, 0.95, 1.05, 1.1, 1.2, 1.25,
		1.5, 1.75, 2,
	};
	double cand[64];
	size_t n = 0;
	int e;

	for (e = -10; e <= 10; e++)
		cand[n++] = ldexp(1, e);
	pick_ticks(a, cand, n, min_gap);
	if (a->n_ticks >= 3)
		return;
	n = 0;
	for (e = -10; e < -1; e++)
		cand[n++] = ldexp(1, e);
	memcpy(cand + n, fine, sizeof fine);
	n += sizeof fine / sizeof fine[0];
	for (e = 2; e <= 10; e++)
		cand[n++] = ldexp(1, e);
	pick_ticks(a, cand, n, min_gap);
}

static int by_value(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

/* The ticks in order, and one format for all their labels: fractions
 * when every tick is a power of two, else the decimals the finest needs
 * ("0.70x 0.75x 1.00x", never "1/2x" beside "0.6x"). */
static void sort_ticks(struct axis *a)
{
	size_t i;
	bool pow2 = true;

	qsort(a->ticks, a->n_ticks, sizeof a->ticks[0], by_value);
	a->tick_dec = 0;
	for (i = 0; i < a->n_ticks; i++) {
		int e, d = 0;
		double m = frexp(a->ticks[i], &e);

		pow2 &= m == 0.5;
		while (d < 6 && fabs(a->ticks[i] * pow(10, d) -
				     round(a->ticks[i] * pow(10, d))) > 1e-9)
			d++;
		if (d > a->tick_dec)
			a->tick_dec = d;
	}
	if (pow2)
		a->tick_dec = -1;
}

/* A tick's label in its axis' format (sort_ticks): "1/2x", "4x";
 * "0.75x", "1.00x". */
static void tick_label(char *buf, size_t size, double v,
		       const struct axis *a)
{
	double inv = 1 / v;

	if (a->tick_dec < 0 && v < 1)
		snprintf(buf, size, "1/%.0fx", inv);
	else if (a->tick_dec < 0)
		snprintf(buf, size, "%.0fx", v);
	else
		snprintf(buf, size, "%.*fx", a->tick_dec, v);
}

static void value_label(char *buf, size_t size, double v, int dec)
{
	br_fmt_x(buf, size, v, v < 0.1 && dec < 3 ? 3 : dec);
}

/*
 * One labelled bar from 1 to v in lane (y, h): pale when not proven, CI
 * whisker through its middle, the value beside its end; without a value
 * why (NULL: "no result").
 */
static void lane_bar(struct br_scene *sc, const struct axis *a,
		     const struct br_font *fv, double y, double h,
		     uint32_t color, const struct br_speedup *c, int dec,
		     const char *why, bool *whiskers)
{
	double one = round(xof(a, 1)), vx, cy = y + h / 2, tw;
	char buf[64];

	if (!usable(c->s)) {
		struct br_font fn = *fv;

		fn.color = 0x808080;
		fn.bold = false;
		br_scene_text(sc, one + 4, cy + 3, BR_ANCHOR_START, &fn,
			      why ? why : "no result");
		return;
	}
	vx = round(xof(a, c->s));
	if (vx != one)
		br_scene_rect(sc, fmin(one, vx), y, fabs(vx - one), h,
			      c->not_proven ? pale(color) : color, BR_NONE, 0);
	else
		br_scene_line(sc, one, y, one, y + h, color, 2, 0);
	if (usable(c->lo) && usable(c->hi)) {
		double wa = xof(a, c->lo), wb = xof(a, c->hi);

		*whiskers |= br_chart_whisker_draw(sc, wa, wb, cy, false,
						   -INFINITY, INFINITY,
						   BR_C_WHISKER);
		/* the label goes beyond the whisker too */
		if (c->s >= 1)
			vx = fmax(vx, round(wb));
		else
			vx = fmin(vx, round(wa));
	}
	value_label(buf, sizeof buf, c->s, dec);
	/* knocked out of the grid lines behind it */
	tw = br_text_width(fv->family, fv->size, fv->bold, buf);
	br_scene_rect(sc, c->s >= 1 ? vx + 3 : vx - 5 - tw,
		      cy - fv->size * 0.5, tw + 2, fv->size, sc->background,
		      BR_NONE, 0);
	br_scene_text(sc, c->s >= 1 ? vx + 4 : vx - 4,
		      cy + fv->size * 0.36, c->s >= 1 ?
		      BR_ANCHOR_START : BR_ANCHOR_END, fv, buf);
}

/* What marks a result not proven: pale bars, hollow dots or both. */
static const char *pale_word(bool lanes, bool pale_row, bool pale_gm)
{
	if (lanes || !pale_row)
		return "pale";
	return pale_gm ? "hollow or pale" : "hollow";
}

/* The reason of a row of dots without one, why[0..n) its cells': their
 * common reason, else "no result". */
static void row_why(struct br_scene *sc, const struct br_font *f, double x,
		    double y, const char *const *why, size_t n)
{
	struct br_font fn = *f;
	const char *w = why ? why[0] : NULL;
	size_t k;

	for (k = 1; w && k < n; k++)
		if (!why[k] || strcmp(why[k], w))
			w = NULL;
	fn.color = 0x808080;
	fn.bold = false;
	br_scene_text(sc, x, y, BR_ANCHOR_START, &fn, w ? w : "no result");
}

/* Footer note lines (8 pt) from y; returns the next baseline. */
static double note(struct br_scene *sc, const struct br_chart_opts *o,
		   double x, double y, double max_w, const char *text)
{
	struct br_font f = {o->family, 8, false, BR_C_AXIS};
	char **lines;
	size_t n, k;

	n = br_text_wrap(f.family, f.size, false, text, max_w, &lines);
	if (n == (size_t)-1) {
		sc->nomem = true;
		return y;
	}
	for (k = 0; k < n; k++, y += 11)
		br_scene_text(sc, x, y, BR_ANCHOR_START, &f, lines[k]);
	br_text_lines_free(lines, n);
	return y;
}

int br_chart_overview(const struct br_overview_input *in,
		      const struct br_chart_opts *o, struct br_scene **out,
		      struct br_error *err)
{
	const size_t nc = in->n_systems, nt = in->n_tests;
	/* rows drawn: a window of the tests (scale and margin from all) */
	const size_t r0 = in->show_n && in->show_from < nt ? in->show_from
			  : 0;
	const size_t rn = in->show_n && in->show_from < nt ?
			  (in->show_n < nt - r0 ? in->show_n : nt - r0) : nt;
	struct br_font f_row = {o->family, 9, false, BR_C_HEAD};
	struct br_font f_gm = {o->family, 10, true, BR_C_HEAD};
	struct br_font f_val = {o->family, 8, true, BR_C_TEXT};
	struct br_font f_gval = {o->family, 9, true, BR_C_TEXT};
	struct br_font f_tick = {o->family, 10, false, BR_C_TEXT};
	struct br_scene *sc = NULL;
	uint32_t *colors = NULL;
	enum br_marker *markers = NULL;
	struct br_label *rows = NULL, *sys = NULL;
	struct br_test head;
	struct axis ax;
	const bool lanes = nc <= MAX_LANES;
	double w = o->width, left, x1, top, y, legend_y, legend_h, row_h;
	double lane_h = 11, gm_lane = 13, gm_h = 0, label_w = 0, lo = 1, hi = 1;
	double bottom, plot_top;
	bool any_pale = false, any_whisker = false, any_nan_ci = false;
	bool pale_gm = false, pale_row = false;
	/* dots: each candidate a little lower than the one before, so
	 * equal speedups stay visible, smaller past 8 candidates */
	double dot_r = nc > 8 ? 2.75 : 3.5;
	double dot_dy = lanes ? 0 : nc > 8 ? 3.25 : 2.5;
	bool shapes = false;
	size_t i, k, n_dots;
	int rc = BR_OK;
	char buf[512], lv[24], *unit = NULL, *foot = NULL;

	*out = NULL;
	if (nc == 0 || (nt == 0 && !in->gm))
		return br_error_set(err, BR_EDATA, NULL, 0, "result overview: "
				    "needs a test and two systems");
	sc = br_scene_new(w, 0);
	colors = calloc(nc + 1, sizeof *colors);
	markers = calloc(nc + 1, sizeof *markers);
	if (!sc || !colors || !markers)
		goto nomem;
	for (k = 0; k < nc; k++) {
		struct br_style st = in->styles ? in->styles[k] :
				     br_series_style(k + 1);

		colors[k] = st.color;
		markers[k] = st.marker;
		/* dots of more systems than colours differ by shape too */
		shapes |= !lanes && st.marker != BR_MARKER_CIRCLE;
	}

	/* range over every speedup and interval, 1 included */
	for (i = 0; i < nt * nc; i++) {
		const struct br_speedup *c = &in->cells[i];

		if (!usable(c->s))
			continue;
		lo = fmin(lo, clampv(c->s));
		hi = fmax(hi, clampv(c->s));
		if (lanes && usable(c->lo) && usable(c->hi)) {
			lo = fmin(lo, clampv(c->lo));
			hi = fmax(hi, clampv(c->hi));
		}
		any_pale |= c->not_proven;
		pale_row |= c->not_proven;
		any_nan_ci |= !usable(c->lo);
	}
	for (k = 0; in->gm && k < nc; k++) {
		const struct br_speedup *c = &in->gm[k];

		if (!usable(c->s))
			continue;
		lo = fmin(lo, clampv(c->s));
		hi = fmax(hi, clampv(c->s));
		if (usable(c->lo) && usable(c->hi)) {
			lo = fmin(lo, clampv(c->lo));
			hi = fmax(hi, clampv(c->hi));
		}
		any_pale |= c->not_proven;
		pale_gm |= c->not_proven;
	}

	/* left margin from the row labels, at most 42 % of the width */
	for (i = 0; i < nt; i++)
		label_w = fmax(label_w, br_text_width(f_row.family, f_row.size,
						      false, in->tests[i]));
	if (in->gm) {
		label_w = fmax(label_w, br_text_width(f_gm.family, f_gm.size,
						      true, "Geometric mean"));
		for (k = 0; k < nc; k++)
			label_w = fmax(label_w, br_text_width(f_row.family,
				f_row.size, false, in->systems[k]));
	}
	left = ceil(fmin(fmax(label_w + 16, 90), floor(0.42 * w)));
	x1 = w - 15;
	/* a row's test name and its last option are what tell rows apart:
	 * long labels lose their middle (br_chart_labels); those of every
	 * page at once, so pages agree */
	row_h = lanes ? (double)nc * lane_h + (double)(nc - 1) * 2 + 10
		: fmax(rn <= 60 ? 16 : 13, (double)(nc - 1) * dot_dy +
		       2 * dot_r + 5);
	/* a name in two lines where the row has room: the part that tells
	 * it apart survives ("IOzone - ... 512MB - Disk Test: Write") */
	rows = br_chart_labels(&f_row, in->tests, nt, left - 12,
			       row_h >= 26 ? 2 : 1);
	sys = br_chart_labels(&f_row, in->systems, nc, left - 12, 1);
	if (!rows || !sys)
		goto nomem;

	/* the data's log range maps into the plot minus room for labels */
	{
		double l0 = log(lo), l1 = log(hi), span, pad_l, pad_r, inner;

		if (l1 - l0 < log(1.5)) {   /* a sensible minimum span */
			double mid = (l0 + l1) / 2;

			l0 = fmin(l0, mid - log(1.5) / 2);
			l1 = fmax(l1, mid + log(1.5) / 2);
			l0 = fmin(l0, 0);
			l1 = fmax(l1, 0);
		}
		span = l1 - l0;
		pad_l = lanes || in->gm ? VALUE_PAD : 12;
		pad_r = pad_l;
		inner = x1 - left - pad_l - pad_r;
		ax.x0 = left;
		ax.pw = x1 - left;
		ax.llo = l0 - span * pad_l / inner;
		ax.lhi = l1 + span * pad_r / inner;
	}
	/* the densest ticks whose labels keep 8 pt apart */
	{
		double gap;

		for (gap = 28; gap < 200; gap += 4) {
			double prev_r = -1e9;
			bool ok = true;

			log_ticks(&ax, gap);
			sort_ticks(&ax);
			for (i = 0; i < ax.n_ticks && ok; i++) {
				double tw, cx = xof(&ax, ax.ticks[i]);

				tick_label(buf, sizeof buf, ax.ticks[i], &ax);
				tw = br_text_width(f_tick.family, f_tick.size,
						   false, buf);
				ok = cx - tw / 2 >= prev_r + 8;
				prev_r = cx + tw / 2;
			}
			if (ok)
				break;
		}
	}

	/* header with the legend of candidates */
	memset(&head, 0, sizeof head);
	head.title = in->title;
	head.description = in->subtitle;
	unit = br_chart_strf(sc, "Relative performance vs. %s",
			     in->baseline ? in->baseline : "the baseline");
	head.unit.text = unit ? unit : "";
	head.dir = BR_DIR_HIB;
	legend_h = br_chart_legend(NULL, o, left, 0, x1 - left, in->systems,
				   colors, shapes ? markers : NULL, nc);
	top = br_chart_header(sc, &head, o, left, legend_h + 2, &legend_y);
	br_chart_legend(sc, o, left, legend_y, x1 - left, in->systems, colors,
			shapes ? markers : NULL, nc);

	if (in->gm)   /* a heading line, then a labelled lane each */
		gm_h = GM_HEAD + (double)nc * (gm_lane + 3) + 8;
	plot_top = top;
	bottom = top + row_h * (double)rn + gm_h;

	/* grid under everything; the baseline's line at 1 */
	for (i = 0; i < ax.n_ticks; i++) {
		double gx = round(xof(&ax, ax.ticks[i]));

		if (ax.ticks[i] != 1)
			br_scene_line(sc, gx, plot_top, gx, bottom, BR_C_GRID,
				      1, 5);
		tick_label(buf, sizeof buf, ax.ticks[i], &ax);
		br_scene_text(sc, gx, bottom + 15, BR_ANCHOR_MIDDLE, &f_tick,
			      buf);
	}

	y = top;
	for (i = r0; i < r0 + rn; i++, y += row_h) {
		double cy = y + row_h / 2;

		if (!lanes && (i - r0) % 2 == 0)
			br_scene_rect(sc, left + 1, y, x1 - left - 1, row_h,
				      0xf3f5f7, BR_NONE, 0);
		br_chart_label_draw(sc, left - 6, cy + 3.2 - 6.5 *
				    (double)(rows[i].n_lines - 1),
				    BR_ANCHOR_END, &f_row, &rows[i],
				    in->tests[i], 13);
		if (i > r0 && lanes)
			br_scene_line(sc, left - 4, y, left, y, BR_C_AXIS, 1,
				      0);
		n_dots = 0;
		for (k = 0; k < nc; k++) {
			const struct br_speedup *c =
				&in->cells[i * nc + k];
			double dy = cy + ((double)k - (double)(nc - 1) / 2) *
				    dot_dy;

			if (lanes) {
				lane_bar(sc, &ax, &f_val, y + 5 +
					 (lane_h + 2) * (double)k, lane_h,
					 colors[k], c, 2, in->why ?
					 in->why[i * nc + k] : NULL,
					 &any_whisker);
			} else if (usable(c->s)) {
				double px = xof(&ax, c->s);

				n_dots++;
				if (c->not_proven)
					br_scene_marker(sc, markers[k], px, dy,
							dot_r, 0xffffff,
							colors[k], 1.5);
				else
					/* a white rim parts piled marks */
					br_scene_marker(sc, markers[k], px, dy,
							dot_r, colors[k],
							0xffffff, 0.75);
			}
		}
		/* a row without a dot says why, not nothing */
		if (!lanes && n_dots == 0)
			row_why(sc, &f_val, round(xof(&ax, 1)) + 4, cy + 3,
				in->why ? in->why + i * nc : NULL, nc);
	}
	if (in->gm) {
		double gy = y + GM_HEAD;

		br_scene_line(sc, 6, y + 1, x1, y + 1, BR_C_HEAD, 0.75, 0);
		br_scene_text(sc, left - 6, y + 15, BR_ANCHOR_END, &f_gm,
			      "Geometric mean");
		for (k = 0; k < nc; k++) {
			double ly = gy + (gm_lane + 3) * (double)k;

			br_chart_label_draw(sc, left - 6, ly + gm_lane / 2 +
					    3.2, BR_ANCHOR_END, &f_row, &sys[k],
					    in->systems[k], 0);
			lane_bar(sc, &ax, &f_gval, ly, gm_lane, colors[k],
				 &in->gm[k], 3, NULL, &any_whisker);
		}
	}
	/* the baseline over the bars, then the axes */
	{
		double one = round(xof(&ax, 1));

		br_scene_line(sc, one, plot_top, one, bottom, BR_C_HEAD, 1, 0);
	}
	br_scene_line(sc, left, plot_top, left, bottom, BR_C_AXIS, 1, 0);
	br_scene_line(sc, left, bottom, x1, bottom, BR_C_AXIS, 1, 0);

	/* footer: what the numbers are */
	y = bottom + 30;
	buf[0] = '\0';
	/* "Whiskers" only where one is drawn (dots have none); a hollow
	 * dot or pale bar said as what it is */
	br_fmt_level(lv, sizeof lv, in->confidence);
	if (any_whisker)
		snprintf(buf, sizeof buf, "Whiskers: %s confidence "
			 "intervals%s%s%s.", lv, any_pale ? "; " : "",
			 any_pale ? pale_word(lanes, pale_row, pale_gm) : "",
			 any_pale ? ": the interval includes 1, no "
			 "difference proven" : "");
	else if (any_pale)
		snprintf(buf, sizeof buf, "%c%s: the %s confidence interval "
			 "includes 1, no difference proven.",
			 pale_word(lanes, pale_row, pale_gm)[0] - 'a' + 'A',
			 pale_word(lanes, pale_row, pale_gm) + 1, lv);
	else if (any_nan_ci)
		snprintf(buf, sizeof buf, "No confidence intervals: single "
			 "runs.");
	foot = br_chart_strf(sc, "Each test: speedup over %s (time-like "
			     "results inverted), so more than 1x is better. "
			     "%s", in->baseline ? in->baseline :
			     "the baseline", buf);
	if (foot)
		y = note(sc, o, left, y, x1 - left, foot);
	if (in->gm && in->gm_k) {
		size_t kmin = (size_t)-1, kmax = 0;

		for (k = 0; k < nc; k++) {
			kmin = in->gm_k[k] < kmin ? in->gm_k[k] : kmin;
			kmax = in->gm_k[k] > kmax ? in->gm_k[k] : kmax;
		}
		if (kmin == kmax)
			snprintf(buf, sizeof buf, "Geometric mean of the "
				 "speedups over %zu test%s.", kmax,
				 kmax == 1 ? "" : "s");
		else
			snprintf(buf, sizeof buf, "Geometric mean of the "
				 "speedups over the tests both systems have "
				 "(%zu to %zu).", kmin, kmax);
		y = note(sc, o, left, y, x1 - left, buf);
	}
	sc->height = ceil(fmax(y, bottom + 39));
	br_scene_set_title(sc, in->title);
	if (br_scene_failed(sc))
		goto nomem;
	*out = sc;
	sc = NULL;
	goto done;
nomem:
	rc = br_error_set(err, BR_EIO, NULL, 0, "out of memory");
done:
	br_scene_free(sc);
	br_chart_labels_free(rows, nt);
	br_chart_labels_free(sys, nc);
	free(colors);
	free(markers);
	free(unit);
	free(foot);
	return rc;
}

/* ------------------------------------------------ from the analysis */

bool br_chart_overview_empty(const struct br_analysis *a, char *why,
			     size_t why_size)
{
	if (a->sel->n_systems < 2 || a->n_overview < 3 ||
	    a->n_overview_shown)
		return false;
	if (why)
		snprintf(why, why_size, "no result overview: no other system "
			 "has a result in a test where %s has one",
			 br_analysis_system(a, a->base));
	return true;
}

static bool overview_fit(const struct br_analysis *a, size_t i, char *why,
			 size_t why_size)
{
	(void)i;
	/* rows without a single speedup: an empty axis "over 0 tests" */
	if (br_chart_overview_empty(a, why, why_size))
		return false;
	if (a->sel->n_systems < 2) {
		if (why)
			snprintf(why, why_size, "result overview: needs two "
				 "systems");
		return false;
	}
	/* PTS draws its overview from 3 results on */
	if (a->n_overview < 3) {
		if (why)
			snprintf(why, why_size, "result overview: needs three "
				 "tests with a direction where %s has a "
				 "result", br_analysis_system(a, a->base));
		return false;
	}
	return true;
}


/* What the layout needs, gathered from the analysis. */
struct ov_data {
	size_t nc;                     /* candidates */
	const char **names;            /* candidates' names */
	struct br_style *styles;       /* candidates' styles */
	char **labels;                 /* one per overview row */
	struct br_speedup *cells;
	const char **why;              /* per cell: why no speedup */
	struct br_speedup *gm;
	size_t *gm_k;
};

static void ov_free(struct ov_data *d, size_t nt)
{
	size_t i;

	for (i = 0; d->labels && i < nt; i++)
		free(d->labels[i]);
	free(d->labels);
	free(d->names);
	free(d->styles);
	free(d->cells);
	free(d->why);
	free(d->gm);
	free(d->gm_k);
}

/* Why cell c has no speedup, in a word or two (the error text of a
 * failed run is too long for a row). */
static const char *short_why(const struct br_cell *c)
{
	switch (c->kind) {
	case BR_CELL_NONE:
		return "not run";
	case BR_CELL_FAILED:
		return "failed";
	case BR_CELL_NO_VALUE:
		return c->why && strlen(c->why) <= 24 ? c->why : "no value";
	case BR_CELL_VALUE:
		return c->cmp ? NULL : "no comparison";
	default:
		return "no value";
	}
}

static bool ov_gather(const struct br_analysis *a,
		      const struct br_chart_opts *o, struct ov_data *d)
{
	size_t ns = a->sel->n_systems, nt = a->n_overview, r, j, k;
	struct br_style *all = br_system_styles(a, o);

	memset(d, 0, sizeof *d);
	d->nc = ns - 1;
	d->names = calloc(ns, sizeof *d->names);
	d->styles = calloc(ns, sizeof *d->styles);
	d->labels = calloc(nt + 1, sizeof *d->labels);
	d->cells = calloc(nt * ns + 1, sizeof *d->cells);
	d->why = calloc(nt * ns + 1, sizeof *d->why);
	d->gm = calloc(ns, sizeof *d->gm);
	d->gm_k = calloc(ns, sizeof *d->gm_k);
	if (!all || !d->names || !d->styles || !d->labels || !d->cells ||
	    !d->why || !d->gm || !d->gm_k) {
		free(all);
		return false;
	}
	for (j = 0, k = 0; j < ns; j++) {
		if (j == a->base)
			continue;
		d->names[k] = br_analysis_system(a, j);
		d->styles[k] = all[j];   /* the system's, as in every chart */
		br_speedup_of_geo(&a->geo[j], &d->gm[k]);
		d->gm_k[k] = a->geo[j].ok ? a->geo[j].g.k : 0;
		k++;
	}
	free(all);
	for (r = 0; r < nt; r++) {
		const struct br_atest *at = &a->tests[a->overview[r]];
		const struct br_test *t = at->t;
		size_t len = strlen(br_nz(t->title)) +
			     strlen(br_nz(t->description)) + 4;

		d->labels[r] = malloc(len);
		if (!d->labels[r])
			return false;
		snprintf(d->labels[r], len, "%s%s%s", br_nz(t->title),
			 *br_nz(t->description) ? " - " : "",
			 br_nz(t->description));
		for (j = 0, k = 0; j < ns; j++) {
			struct br_speedup *c = &d->cells[r * d->nc + k];

			if (j == a->base)
				continue;
			c->s = c->lo = c->hi = NAN;
			if (at->cells[j].kind == BR_CELL_VALUE &&
			    at->cells[j].cmp)
				br_speedup_of_cmp(at->cells[j].cmp, c);
			d->why[r * d->nc + k] = short_why(&at->cells[j]);
			k++;
		}
	}
	return true;
}

static int overview_pages(const struct br_analysis *a, size_t i,
			  const struct br_chart_opts *o, size_t per_page,
			  struct br_scene ***scenes, size_t *n,
			  struct br_error *err)
{
	const size_t nt = a->n_overview;
	struct br_overview_input oi;
	struct ov_data d;
	size_t n_chunks, c, k;
	int rc = BR_OK;

	(void)i;
	*scenes = NULL;
	*n = 0;
	if (!ov_gather(a, o, &d)) {
		ov_free(&d, nt);
		return br_error_set(err, BR_EIO, NULL, 0, "out of memory");
	}
	if (per_page == 0 || per_page > nt)
		per_page = nt;
	n_chunks = (nt + per_page - 1) / per_page;
	per_page = (nt + n_chunks - 1) / n_chunks;   /* balanced pages */
	n_chunks = (nt + per_page - 1) / per_page;
	*scenes = calloc(n_chunks, sizeof **scenes);
	if (!*scenes) {
		ov_free(&d, nt);
		return br_error_set(err, BR_EIO, NULL, 0, "out of memory");
	}
	for (c = 0; c < n_chunks; c++) {
		size_t t0 = c * per_page;
		char head[64];

		if (n_chunks > 1)
			snprintf(head, sizeof head, "Result Overview (%zu of "
				 "%zu)", c + 1, n_chunks);
		else
			snprintf(head, sizeof head, "Result Overview");
		memset(&oi, 0, sizeof oi);
		oi.title = head;
		oi.subtitle = o->title ? o->title : a->sel->rs->title;
		oi.baseline = br_analysis_system(a, a->base);
		oi.systems = d.names;
		oi.styles = d.styles;
		oi.n_systems = d.nc;
		oi.tests = (const char *const *)d.labels;
		oi.n_tests = nt;
		oi.cells = d.cells;
		oi.why = d.why;
		oi.show_from = t0;
		oi.show_n = nt - t0 < per_page ? nt - t0 : per_page;
		oi.gm = c + 1 == n_chunks ? d.gm : NULL;
		oi.gm_k = d.gm_k;
		oi.confidence = a->o.confidence;
		rc = br_chart_overview(&oi, o, &(*scenes)[c], err);
		if (rc != BR_OK)
			break;
	}
	if (rc != BR_OK) {
		for (k = 0; k < c; k++)
			br_scene_free((*scenes)[k]);
		free(*scenes);
		*scenes = NULL;
	} else {
		*n = n_chunks;
	}
	ov_free(&d, nt);
	return rc;
}

const struct br_chart_type br_chart_overview_type = {
	.name = "overview",             /* --chart overview */
	.help = "the result overview alone: every test's speedup "
		"against the baseline and the geometric means",  /* --help */
	.whole = true,                  /* one chart of the selection */
	.front = true,                  /* the PDF report's first pages */
	.misfit = BR_EDATA,             /* too few results: the data's */
	.display = BR_DISPLAY_BAR,      /* reads scalar results */
	.fits = overview_fit,           /* two systems, three tests */
	.auto_pick = NULL,              /* auto draws it wherever it fits */
	.covers = NULL,                 /* drawn beside the tests' charts */
	.layout = NULL,                 /* always as pages: */
	.pages = overview_pages,        /* a strip of rows per page */
	.parts = NULL,                  /* one chart */
};
