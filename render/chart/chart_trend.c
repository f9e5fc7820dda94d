/*
 * chart_trend.c - a history's trend charts (trend.h; doc/charts.md,
 * "Trend charts"): what trend_plot.c draws, read from the history.
 * A series' chart: each point the analysis' cell (its drawn mean and
 * interval; a point without a value, or muted by an annotation, is a
 * gap), the levels between its kept changes (each change's mean_before
 * and mean_after, +/- its segment's SD), each kept change a marker with
 * its words, interval and place.  The suite trend: the geometric mean
 * at every point with its interval as a band, around 1 (the first
 * point).  Nothing is computed here.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "trend.h"
#include "trend_plot.h"
#include "../../analysis/numfmt.h"

/* What a series' chart is drawn from; free with trend_fini(). */
struct trend_data {
	struct tr_in in;
	struct tr_pt *pt;
	const char **labels;
	struct tr_seg *seg;
	struct tr_mark *mk;
	char **detail;
	char *bars_note;
};

static void trend_fini(struct trend_data *d)
{
	size_t i;

	if (d->detail)
		for (i = 0; i < d->in.n_mk; i++)
			free(d->detail[i]);
	free(d->detail);
	free(d->pt);
	free(d->labels);
	free(d->seg);
	free(d->mk);
	free(d->bars_note);
}

/* The history's point labels. */
static bool trend_labels(struct trend_data *d, const struct br_history *h)
{
	size_t k;

	d->labels = calloc(h->n_points + 1, sizeof *d->labels);
	if (!d->labels)
		return false;
	for (k = 0; k < h->n_points; k++)
		d->labels[k] = br_nz(h->points[k].label);
	d->in.labels = d->labels;
	d->in.n = h->n_points;
	d->in.order_words = h->order_words;
	return true;
}

/* Each point: its cell's drawn mean and interval. */
static void trend_points(struct trend_data *d, const struct br_history *h,
			 const struct br_hist_series *se)
{
	double dur = -1;
	size_t k;

	for (k = 0; k < h->n_points; k++) {
		const struct br_cell *c = &se->at->cells[k];
		const struct br_summary *s = &c->drawn;
		struct tr_pt *p = &d->pt[k];

		if (c->kind != BR_CELL_VALUE || s->n == 0 ||
		    !isfinite(s->mean) || (se->muted && se->muted[k]))
			continue;
		p->ok = true;
		p->v = s->mean;
		p->ci = s->n >= 2 && isfinite(s->ci_low) &&
			isfinite(s->ci_high) && s->ci_high > s->ci_low;
		p->lo = s->ci_low;
		p->hi = s->ci_high;
		dur = br_chart_dur_scale(dur, c);
	}
	for (k = 0; k < se->n_anomalies; k++)
		if (se->anomalies[k] < h->n_points)
			d->pt[se->anomalies[k]].anomaly = true;
	d->in.dur_scale = dur > 0 ? dur : 0;
}

/* The levels between the kept shifts: the first change's level before,
 * then each one's after, +/- the SD of its segment's points. */
static void trend_segments(struct trend_data *d, const struct br_history *h,
			   const struct br_hist_series *se)
{
	const struct br_cp_change *prev = NULL;
	size_t i, from = 0;

	for (i = 0; i < se->n_changes; i++) {
		const struct br_cp_change *c = &se->changes[i].cp;
		struct tr_seg *g = &d->seg[d->in.n_seg];

		if (!se->changes[i].kept || c->kind != BR_CP_SHIFT ||
		    c->at <= from || c->at >= h->n_points)
			continue;
		g->from = from;
		g->to = c->at;
		g->level = prev ? prev->mean_after : c->mean_before;
		g->lo = g->level - (prev ? prev->sd_after : c->sd_before);
		g->hi = g->level + (prev ? prev->sd_after : c->sd_before);
		if (isfinite(g->level))
			d->in.n_seg++;
		from = c->at;
		prev = c;
	}
	if (prev && isfinite(prev->mean_after)) {
		struct tr_seg *g = &d->seg[d->in.n_seg++];

		g->from = from;
		g->to = h->n_points;
		g->level = prev->mean_after;
		g->lo = g->level - prev->sd_after;
		g->hi = g->level + prev->sd_after;
	}
}

/* A change's interval and place: its ci_words, else the ratio (or
 * difference) as the detector gives it; where_words. */
static char *trend_detail(const struct br_history *h,
			  const struct br_hist_change *c, int dec)
{
	char lv[24], a[48], b[48], ci[160] = "";
	const struct br_cp_change *p = &c->cp;

	br_fmt_level(lv, sizeof lv, h->o.cp.confidence > 0 ?
		     h->o.cp.confidence : 0.95);
	if (c->ci_words && *c->ci_words)
		snprintf(ci, sizeof ci, "%s", c->ci_words);
	else if (isfinite(p->ratio_lo) && isfinite(p->ratio_hi) && !p->diff)
		snprintf(ci, sizeof ci, "after / before %s, %s CI %s to %s",
			 br_fmt_x(a, sizeof a, p->ratio, 3), lv,
			 br_fmt_x(b, sizeof b, p->ratio_lo, 3),
			 br_fmt_x(a + 24, sizeof a - 24, p->ratio_hi, 3));
	else if (isfinite(p->ratio_lo) && isfinite(p->ratio_hi))
		snprintf(ci, sizeof ci, "after - before, %s CI %s to %s", lv,
			 br_fmt_value(a, sizeof a, p->ratio_lo, dec),
			 br_fmt_value(b, sizeof b, p->ratio_hi, dec));
	return br_strf("%s%s%s%s", ci, *ci && c->where_words &&
		       *c->where_words ? "; " : "", br_nz(c->where_words),
		       c->expected ? " (an expected shift)" : "");
}

/* The kept changes as markers. */
static bool trend_marks(struct trend_data *d, const struct br_history *h,
			const struct br_hist_series *se)
{
	size_t i;

	for (i = 0; i < se->n_changes; i++) {
		const struct br_hist_change *c = &se->changes[i];
		struct tr_mark *m = &d->mk[d->in.n_mk];

		if (!c->kept || c->cp.at >= h->n_points)
			continue;
		m->at = c->cp.at;
		m->at_lo = c->cp.at_lo <= c->cp.at ? c->cp.at_lo : c->cp.at;
		m->at_hi = c->cp.at_hi >= c->cp.at && c->cp.at_hi <
			   h->n_points ? c->cp.at_hi : c->cp.at;
		m->kind = c->cp.kind == BR_CP_NOISE ? TR_OTHER :
			  c->regression ? TR_REGRESSION : TR_IMPROVEMENT;
		m->words = c->words && *c->words ? c->words : "A change";
		d->detail[d->in.n_mk] = trend_detail(h, c, se->at->decimals);
		if (!d->detail[d->in.n_mk])
			return false;
		m->detail = d->detail[d->in.n_mk++];
	}
	return true;
}

int br_chart_trend(const struct br_history *h, size_t s,
		   const struct br_chart_opts *o, struct br_scene **out,
		   struct br_error *err)
{
	const struct br_hist_series *se = &h->series[s];
	struct trend_data d;
	char lv[24];
	size_t k;
	int rc;

	*out = NULL;
	memset(&d, 0, sizeof d);
	d.pt = calloc(h->n_points + 1, sizeof *d.pt);
	d.seg = calloc(se->n_changes + 2, sizeof *d.seg);
	d.mk = calloc(se->n_changes + 1, sizeof *d.mk);
	d.detail = calloc(se->n_changes + 1, sizeof *d.detail);
	if (!d.pt || !d.seg || !d.mk || !d.detail || !trend_labels(&d, h))
		goto nomem;
	d.in.t = se->at->t;
	d.in.pt = d.pt;
	d.in.seg = d.seg;
	d.in.mk = d.mk;
	d.in.ref = NAN;
	d.in.decimals = se->at->decimals;
	trend_points(&d, h, se);
	for (k = 0; k < h->n_points && !d.pt[k].ok; k++)
		;
	if (k == h->n_points) {
		trend_fini(&d);
		return br_error_set(err, BR_EDATA, NULL, 0, "%s: no point has "
				    "a value", br_nz(se->name));
	}
	trend_segments(&d, h, se);
	if (!trend_marks(&d, h, se))
		goto nomem;
	br_fmt_level(lv, sizeof lv, h->o.an.confidence);
	d.bars_note = br_strf("Bars: the %s CI of each point's mean (t "
			      "interval of its runs).", lv);
	if (!d.bars_note)
		goto nomem;
	d.in.what = "Mean";
	d.in.bars_note = d.bars_note;
	d.in.band_note = "Band: the level between kept changes (the "
			 "detector's segment mean) +/- the SD of its points' "
			 "means.";
	rc = br_trend_plot(&d.in, o, out, err);
	trend_fini(&d);
	return rc;
nomem:
	trend_fini(&d);
	return br_error_set(err, BR_EIO, NULL, 0, "out of memory");
}

/* ------------------------------------------------------ suite trend */

int br_chart_suite_trend(const struct br_history *h,
			 const struct br_chart_opts *o, struct br_scene **out,
			 struct br_error *err)
{
	const struct br_hist_trend *tr = &h->trend;
	struct trend_data d;
	struct br_test t;
	char lv[24], *desc = NULL;
	size_t k;
	int rc;

	*out = NULL;
	if (!tr->ok || !tr->gm)
		return br_error_set(err, BR_EDATA, NULL, 0, "no suite trend: "
				    "no test has a value at every point");
	memset(&d, 0, sizeof d);
	memset(&t, 0, sizeof t);
	d.pt = calloc(h->n_points + 1, sizeof *d.pt);
	if (!d.pt || !trend_labels(&d, h))
		goto nomem;
	for (k = 0; k < h->n_points; k++) {
		struct tr_pt *p = &d.pt[k];

		p->ok = isfinite(tr->gm[k]);
		p->v = tr->gm[k];
		p->lo = tr->lo ? tr->lo[k] : NAN;
		p->hi = tr->hi ? tr->hi[k] : NAN;
		p->ci = p->ok && isfinite(p->lo) && isfinite(p->hi) &&
			p->hi >= p->lo;
	}
	br_fmt_level(lv, sizeof lv, h->o.an.confidence);
	desc = br_strf("Geometric mean of speedups against %s, over the %zu "
		       "test%s every point shares", d.labels[0], tr->n_tests,
		       tr->n_tests == 1 ? "" : "s");
	d.bars_note = br_strf("Band: the %s CI of each point's geometric "
			      "mean.  Dashed: 1, the level of %s.", lv,
			      d.labels[0]);
	if (!desc || !d.bars_note)
		goto nomem;
	t.title = "Suite trend";
	t.description = desc;
	t.unit.text = "Speedup";
	t.dir = BR_DIR_HIB;
	d.in.t = &t;
	d.in.pt = d.pt;
	d.in.band_points = true;
	d.in.ref = 1;
	d.in.decimals = 3;
	d.in.what = "Geometric mean";
	d.in.bars_note = d.bars_note;
	rc = br_trend_plot(&d.in, o, out, err);
	free(desc);
	trend_fini(&d);
	return rc;
nomem:
	free(desc);
	trend_fini(&d);
	return br_error_set(err, BR_EIO, NULL, 0, "out of memory");
}
