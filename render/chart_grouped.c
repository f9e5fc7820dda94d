/*
 * chart_grouped.c - the grouped horizontal bar chart: phases x file
 * systems from a mail's table (seed 003), or a PTS multi-way comparison.
 *
 *   title, description lines                        header
 *   [#] UFS  [#] ZFS (default)  [#] ZFS+comp        legend of the series
 *   <- Seconds, Fewer Is Better          benchreport
 *                 |########## 38                    one group per test
 *   db creation   |########### 42                   (or identifier part),
 *                 |#### 18                          one bar per series
 *                 |----------- 40                   in palette colours
 *                 ...
 *                 300  600  900  1200  1500         one axis (PTS rule)
 *
 * Values are drawn in the bar (white) or after it (blue) as in the bar
 * chart; whiskers run through the middle of a bar, since grouped bars are
 * too thin for PTS's top-edge whisker.  Layout only: summaries come from
 * the caller.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "chart.h"
#include "numfmt.h"
#include "text.h"

#define GROUP_PAD 7.0     /* above and below the bars of a group */
#define BAR_GAP 2.0       /* between the bars of a group */

static bool has_value(const struct br_summary *s)
{
	return s->n > 0 && isfinite(s->mean);
}

/* Display decimals over every cell: one test's rule (PTS 2.3) when all
 * groups show the same test, else the most any group needs. */
static int decimals(const struct br_grouped_input *in, double *means)
{
	size_t g, s, ns = in->n_series;
	bool same = true;
	int dec = 0;

	for (g = 0; g < in->n_groups; g++) {
		for (s = 0; s < ns; s++) {
			const struct br_summary *c = &in->cells[g * ns + s];

			means[g * ns + s] = has_value(c) ? c->mean : NAN;
		}
		same &= in->group_tests[g] == in->group_tests[0];
	}
	if (same)
		return br_test_decimals(in->group_tests[0], means,
					in->n_groups * ns);
	for (g = 0; g < in->n_groups; g++) {
		int d = br_test_decimals(in->group_tests[g], means + g * ns,
					 ns);

		if (d > dec)
			dec = d;
	}
	return dec;
}

int br_chart_grouped(const struct br_grouped_input *in,
		     const struct br_chart_opts *o, struct br_scene **out,
		     struct br_error *err)
{
	const size_t ns = in->n_series, ng = in->n_groups;
	struct br_font f_group = {o->family, 11, true, BR_C_HEAD};
	struct br_font f_note = {o->family, 8, false, BR_C_AXIS};
	struct br_font f_val = {o->family, 9, true, 0xffffff};
	struct br_font f_tick = {o->family, 10, false, BR_C_TEXT};
	struct br_font f_none = {o->family, 8, false, 0x808080};
	struct br_scene *sc = br_scene_new(o->width, 0);
	uint32_t *colors = calloc(ns + 1, sizeof *colors);
	double *means = calloc(ng * ns + 1, sizeof *means);
	double w = o->width, left, x0, x1, pw, top, bottom, legend_y, legend_h;
	double bar_h, group_h, vmin = 0, vmax = 0, label_w = 0, height;
	struct br_axis ax;
	struct br_chart_input fin;
	bool any = false, any_whisker = false;
	size_t g, s;
	int dec, rc = BR_OK;
	char buf[128];

	*out = NULL;
	if (!sc || !colors || !means)
		goto nomem;
	for (s = 0; s < ns; s++)
		colors[s] = br_palette(in->colors ? in->colors[s] : s);

	/* value range over every bar and whisker top */
	for (g = 0; g < ng * ns; g++) {
		const struct br_summary *c = &in->cells[g];
		double lo, hi;

		if (!has_value(c))
			continue;
		any = true;
		vmin = fmin(vmin, c->mean);
		vmax = fmax(vmax, c->mean);
		if (br_chart_whisker(o, c, &lo, &hi)) {
			vmax = fmax(vmax, hi);
			if (c->mean < 0)
				vmin = fmin(vmin, lo);
		}
	}
	if (!any) {
		br_scene_free(sc);
		free(colors);
		free(means);
		return br_error_set(err, BR_EDATA, NULL, 0, "%s: no result to "
				    "draw", in->head->title ? in->head->title
				    : "grouped chart");
	}
	dec = decimals(in, means);
	br_axis_scale(vmin, vmax, &ax);

	/* Bars thin out as series are added; a group holds one of each. */
	bar_h = ns <= 3 ? 18 : ns <= 5 ? 15 : ns <= 8 ? 12 : 10;
	if (bar_h < 14)
		f_val.size = 8;
	group_h = (double)ns * bar_h + (double)(ns - 1) * BAR_GAP +
		  2 * GROUP_PAD;

	/* Left margin from the group labels (at most 40 % of the width). */
	for (g = 0; g < ng; g++) {
		double lw = br_text_width(f_group.family, f_group.size, true,
					  in->groups[g]);

		if (in->group_notes && in->group_notes[g])
			lw = fmax(lw, br_text_width(f_note.family, f_note.size,
						    false,
						    in->group_notes[g]));
		label_w = fmax(label_w, lw);
	}
	left = fmax(70, label_w + 5 + 10);
	if (left > 0.4 * w)
		left = floor(0.4 * w);
	left = ceil(left);
	x0 = left;
	x1 = w - 15;
	pw = x1 - x0;

	legend_h = br_chart_legend(NULL, o, x0, 0, x1 - x0, in->series, colors,
				   ns);
	top = br_chart_header(sc, in->head, o, x0, legend_h + 2, &legend_y);
	br_chart_legend(sc, o, x0, legend_y, x1 - x0, in->series, colors, ns);
	bottom = top + group_h * (double)ng;

#define XOF(v) (x0 + ((v) - ax.lo) / (ax.hi - ax.lo) * pw)
	for (g = 0; g < ax.n_ticks; g++) {
		double gx = round(XOF(ax.ticks[g]));

		if (ax.ticks[g] != 0)
			br_scene_line(sc, gx, top, gx, bottom, BR_C_GRID, 1,
				      5);
		br_scene_text(sc, gx, bottom + 15, BR_ANCHOR_MIDDLE, &f_tick,
			      br_axis_label(buf, sizeof buf, ax.ticks[g],
					    ax.step));
	}

	for (g = 0; g < ng; g++) {
		double gy = top + group_h * (double)g, cy = gy + group_h / 2;
		double lim = left - 15, ly;
		const char *note = in->group_notes ? in->group_notes[g] : NULL;
		char **lines = NULL;
		size_t nl, max_lines, k;

		/* label: up to as many lines as the group has room for,
		 * the note under it */
		max_lines = (size_t)fmax(1, floor((group_h - 4 -
						   (note && *note ? 10 : 0)) /
						  13));
		if (max_lines > 3)
			max_lines = 3;
		nl = br_chart_wrap(&f_group, in->groups[g], lim, max_lines,
				   &lines);
		if (nl == (size_t)-1)
			goto nomem;
		ly = cy - (13.0 * (double)nl + (note && *note ? 10 : 0)) / 2 +
		     10;
		for (k = 0; k < nl; k++)
			br_scene_text(sc, x0 - 5, ly + 13.0 * (double)k,
				      BR_ANCHOR_END, &f_group, lines[k]);
		br_text_lines_free(lines, nl);
		if (note && *note) {
			char *e = br_text_ellipsize(f_note.family, f_note.size,
						    false, note, lim);

			if (!e)
				goto nomem;
			br_scene_text(sc, x0 - 5, ly + 13.0 * (double)nl - 1,
				      BR_ANCHOR_END, &f_note, e);
			free(e);
		}
		if (g > 0)
			br_scene_line(sc, x0 - 4, gy, x0, gy, BR_C_AXIS, 1, 0);

		for (s = 0; s < ns; s++) {
			const struct br_summary *c = &in->cells[g * ns + s];
			double by = gy + GROUP_PAD + (bar_h + BAR_GAP) *
				    (double)s, bcy = by + bar_h / 2;
			double zx, vx, bx, bw, tw, lo, hi, in_end, out_at;
			struct br_font fv = f_val;
			bool neg;

			if (!has_value(c)) {
				br_scene_text(sc, round(XOF(0)) + 5, bcy + 3,
					      BR_ANCHOR_START, &f_none,
					      "no result");
				continue;
			}
			zx = round(XOF(0));
			vx = round(XOF(c->mean));
			bx = fmin(zx, vx);
			bw = fabs(vx - zx);
			neg = c->mean < 0;
			in_end = vx;       /* value text clear of the whisker */
			out_at = vx;
			if (bw > 0)
				br_scene_rect(sc, bx, by, bw, bar_h, colors[s],
					      BR_NONE, 0);
			if (br_chart_whisker(o, c, &lo, &hi)) {
				double wa = fmax(XOF(lo), x0);
				double wb = fmin(XOF(hi), x1);

				any_whisker = true;
				in_end = neg ? fmax(vx, wb) : fmin(vx, wa);
				out_at = neg ? fmin(vx, wa) : fmax(vx, wb);
				if (wb - wa >= 2) {
					br_scene_line(sc, wa, bcy, wb, bcy,
						      BR_C_AXIS, 1, 0);
					if (XOF(lo) >= x0)
						br_scene_line(sc, wa, bcy - 3,
							      wa, bcy + 3,
							      BR_C_AXIS, 1, 0);
					if (XOF(hi) <= x1)
						br_scene_line(sc, wb, bcy - 3,
							      wb, bcy + 3,
							      BR_C_AXIS, 1, 0);
				}
			}
			br_fmt_fixed(buf, sizeof buf, c->mean, dec);
			tw = br_text_width(fv.family, fv.size, true, buf);
			if (fabs(in_end - zx) >= tw + 10) {
				br_scene_text(sc, neg ? in_end + 5 : in_end - 5,
					      bcy + fv.size * 0.36,
					      neg ? BR_ANCHOR_START :
					      BR_ANCHOR_END, &fv, buf);
			} else {
				fv.color = BR_C_TEXT;
				br_scene_text(sc, neg ? out_at - 5 :
					      out_at + 5,
					      bcy + fv.size * 0.36,
					      neg ? BR_ANCHOR_END :
					      BR_ANCHOR_START, &fv, buf);
			}
		}
	}

	br_scene_line(sc, x0, top, x0, bottom, BR_C_AXIS, 1, 0);
	br_scene_line(sc, x0, bottom, x1, bottom, BR_C_AXIS, 1, 0);
	if (ax.lo < 0)
		br_scene_line(sc, round(XOF(0)), top, round(XOF(0)), bottom,
			      BR_C_AXIS, 1, 0);
#undef XOF

	memset(&fin, 0, sizeof fin);
	fin.t = in->head;
	height = br_chart_footer(sc, &fin, o, x0, bottom + 28, any_whisker);
	if (height < bottom + 39)
		height = bottom + 39;
	sc->height = ceil(height);
	br_chart_set_title(sc, in->head);
	if (br_scene_failed(sc))
		goto nomem;
	*out = sc;
	sc = NULL;
	goto done;
nomem:
	rc = br_error_set(err, BR_EIO, NULL, 0, "out of memory");
done:
	br_scene_free(sc);
	free(colors);
	free(means);
	return rc;
}
