/*
 * analysis.c - building the analysis of a selection (analysis.h): the
 * usable-entry rule, the baseline, per-test summaries, ranks and
 * comparisons (on every CPU for large inputs), then the geometric means,
 * the overview rows and the overall ranking (overall.c).
 */
#include <ctype.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis.h"
#include "analysis_int.h"
#include "numfmt.h"
#include "parallel.h"
#include "sentence.h"
#include "scaling.h"
#include "units.h"

void br_analysis_opts_defaults(struct br_analysis_opts *o)
{
	memset(o, 0, sizeof *o);
	o->confidence = 0.95;
}

const struct br_system *br_analysis_sys(const struct br_analysis *a,
					size_t j)
{
	return a->sel->rs->systems[a->sel->systems[j]];
}

const char *br_analysis_system(const struct br_analysis *a, size_t j)
{
	return br_analysis_sys(a, j)->identifier;
}

/* ---------------------------------------------------------- multi-way */

/* "2020-01-01 12:00"-like: starts with digits-digits-digits. */
static bool looks_like_date(const char *s)
{
	int parts = 0;

	while (*s) {
		if (!isdigit((unsigned char)*s))
			return false;
		while (isdigit((unsigned char)*s))
			s++;
		parts++;
		if (*s != '-')
			break;
		s++;
	}
	return parts >= 3;
}

bool br_multiway_split(const char *id, size_t *pre_len, const char **post)
{
	const char *c = strstr(id, ": ");

	if (!c || strstr(c + 2, ": ") || c == id || !c[2] ||
	    looks_like_date(id))
		return false;
	*pre_len = (size_t)(c - id);
	*post = c + 2;
	return true;
}

/* A part of a name, for sorting. */
struct part {
	const char *s;
	size_t len;
};

static int by_part(const void *x, const void *y)
{
	const struct part *p = x, *q = y;
	int c = memcmp(p->s, q->s, p->len < q->len ? p->len : q->len);

	return c ? c : (p->len > q->len) - (p->len < q->len);
}

/* Distinct parts among n sorted ones. */
static size_t distinct(const struct part *v, size_t n)
{
	size_t i, k = n > 0;

	for (i = 1; i < n; i++)
		k += by_part(&v[i], &v[i - 1]) != 0;
	return k;
}

/*
 * PTS's multi-way rule (doc/pts-format.md section 1.5), in O(n log n): all
 * names split, fewer groups (parts before ": ") than names, more than one
 * series (parts after it), and - so that a chart of groups x series stays
 * a grid and not a diagonal of 10,000 bars - at most 4 cells per name.
 */
static bool is_multiway(const struct br_analysis *a)
{
	size_t n = a->sel->n_systems, i, ng, ns;
	struct part *pre, *post;
	bool yes = false;

	if (n < 2)
		return false;
	pre = malloc(n * sizeof *pre);
	post = malloc(n * sizeof *post);
	for (i = 0; pre && post && i < n; i++) {
		const char *id = br_analysis_system(a, i), *p;
		size_t len;

		if (!br_multiway_split(id, &len, &p))
			break;
		pre[i].s = id;
		pre[i].len = len;
		post[i].s = p;
		post[i].len = strlen(p);
	}
	if (pre && post && i == n) {
		qsort(pre, n, sizeof *pre, by_part);
		qsort(post, n, sizeof *post, by_part);
		ng = distinct(pre, n);
		ns = distinct(post, n);
		yes = ng < n && ns > 1 && ng * ns <= 4 * n;
	}
	free(pre);
	free(post);
	return yes;
}

/* -------------------------------------------------------------- cells */

/*
 * Whether a published value's text can be printed as it is: a plain
 * decimal number ("-12.50"), not a table's "1,234" or a duration.
 */
static bool plain_number(const char *s)
{
	size_t digits;

	if (!s)
		return false;
	s += *s == '-';
	digits = strspn(s, "0123456789");
	s += digits;
	if (*s == '.') {
		s++;
		if (!isdigit((unsigned char)*s))
			return false;
		s += strspn(s, "0123456789");
	}
	return digits && !*s;
}

/* One value draws and labels a bar: the one shown (the published one,
 * as PTS shows it, or the mean of the runs where that gives way,
 * shown_as_mean); the interval moves with it. */
static void set_drawn(struct br_cell *c)
{
	c->drawn = c->sum;
	c->drawn.mean = c->shown;
	c->drawn.ci_low += c->shown - c->sum.mean;
	c->drawn.ci_high += c->shown - c->sum.mean;
}

/*
 * The usable-entry rule, one for every output: an entry counts when it
 * did not fail, is a number (not PASS/FAIL, not a series) and summarises
 * to at least one value with a finite mean.
 */
static void classify(struct br_cell *c, const struct br_entry *e,
		     const struct br_test *t, double confidence, bool lean)
{
	c->entry = e;
	c->relative = NAN;
	c->too_fast = e ? e->n_too_fast : 0;
	if (!e) {
		c->kind = BR_CELL_NONE;
		c->why = "no result";
	} else if (e->error) {
		c->kind = BR_CELL_FAILED;
		c->why = *e->error ? e->error : "failed";
	} else if (e->pass_fail) {
		c->kind = BR_CELL_PASS_FAIL;
		c->why = e->pass_fail;
	} else if (e->n_points) {
		c->kind = BR_CELL_SERIES;
		c->n_points = e->n_points;
	} else if (br_summarize_ex(&e->sample, confidence, lean, &c->sum) !=
		   BR_OK || c->sum.n == 0 || !isfinite(c->sum.mean)) {
		memset(&c->sum, 0, sizeof c->sum);
		c->kind = BR_CELL_NO_VALUE;
		c->why = e->note ? e->note : "no value";
		/* every run too fast: a result, not a gap (doc/
		 * statistics.md, "Too fast to measure") */
		c->beyond = e->n_too_fast > 0 && !e->sample.n_runs &&
			    !e->sample.has_value;
		if (c->beyond)
			c->why = BR_BEYOND_WORDS;
	} else {
		c->kind = BR_CELL_VALUE;
		c->shown = c->sum.mean;
		if (e->sample.has_value && isfinite(e->sample.value)) {
			c->shown = e->sample.value;
			if (plain_number(e->sample.value_text))
				c->shown_text = e->sample.value_text;
		}
		set_drawn(c);
		if (e->sample.duration && t->unit.dim == BR_DIM_TIME &&
		    t->unit.scale > 0)
			c->dur_scale = t->unit.scale;
	}
}

bool br_entry_published_off(const struct br_entry *e, double *published,
			    double *mean, size_t *n)
{
	struct br_summary sum;
	double unit;

	if (!e || e->error || e->pass_fail || e->n_points ||
	    !e->sample.has_value || !e->sample.n_runs ||
	    !isfinite(e->sample.value) ||
	    br_summarize_ex(&e->sample, 0.95, true, &sum) != BR_OK ||
	    !sum.n || !isfinite(sum.mean))
		return false;
	unit = pow(10, -(e->sample.value_text ?
			 br_text_decimals(e->sample.value_text) : 0));
	*published = e->sample.value;
	*mean = sum.mean;
	*n = sum.n;
	/* a hair of slack: 5434.96 - 5434.95 is not quite 0.01 in binary */
	return fabs(sum.mean - e->sample.value) > unit * (1 + 1e-9);
}

const char *br_cell_shown(const struct br_cell *c, int decimals, char *buf,
			  size_t size)
{
	if (c->kind != BR_CELL_VALUE) {
		if (size)
			*buf = '\0';
		return buf;
	}
	/* written as a duration: as one again from 2 minutes on ("26:20"),
	 * where seconds are hard to read (doc/table.md, "Durations") */
	if (c->dur_scale > 0 && c->shown * c->dur_scale >= BR_DURATION_FROM)
		return br_fmt_duration(buf, size, c->shown * c->dur_scale,
				       c->dur_scale == 1 ? decimals : 0);
	/* PTS's text, unless the test prints more or fewer decimals (a
	 * table's "12.5" among "8.25"s, a 3-decimal value of 10 or more):
	 * then the same published value at the test's precision */
	if (c->shown_text && br_text_decimals(c->shown_text) == decimals) {
		size_t n = strlen(c->shown_text);

		if (size) {   /* as snprintf "%s" would, without printf */
			n = n < size ? n : size - 1;
			memcpy(buf, c->shown_text, n);
			buf[n] = '\0';
		}
		return buf;
	}
	return br_fmt_fixed(buf, size, c->shown, decimals);
}

const char *br_cell_chart_text(const struct br_cell *c, int decimals,
			       char *buf, size_t size)
{
	/* grouped digits from 10,000, an SI prefix from 1e9, never 0 for a
	 * tiny value (doc/charts.md, "Numbers"); elsewhere the published
	 * text as br_cell_shown() gives it */
	if (c->kind == BR_CELL_VALUE && c->dur_scale == 0 &&
	    (fabs(c->shown) >= 1e4 ||
	    (c->shown != 0 && fabs(c->shown) < 0.5 * pow(10, -decimals))))
		return br_fmt_value(buf, size, c->shown, decimals);
	return br_cell_shown(c, decimals, buf, size);
}

/* Summaries of a series cell's points (n = 0 where a point has none). */
static int summarize_points(struct br_cell *c, double confidence, bool lean)
{
	size_t k;

	double sum = 0;

	c->points = calloc(c->n_points, sizeof *c->points);
	if (!c->points)
		return BR_EIO;
	c->series_min = INFINITY;
	c->series_max = -INFINITY;
	for (k = 0; k < c->n_points; k++) {
		const struct br_summary *p = &c->points[k];

		if (br_summarize_ex(&c->entry->points[k], confidence, lean,
				    &c->points[k]) != BR_OK ||
		    !isfinite(p->mean) || p->n == 0) {
			memset(&c->points[k], 0, sizeof c->points[k]);
			continue;
		}
		c->series_n++;
		c->series_min = fmin(c->series_min, p->mean);
		c->series_max = fmax(c->series_max, p->mean);
		sum += p->mean;
	}
	c->series_avg = c->series_n ? sum / (double)c->series_n : NAN;
	if (!c->series_n)
		c->series_min = c->series_max = NAN;
	return BR_OK;
}

/* ------------------------------------------------------------ per test */

/*
 * A test where some system was faster than measurable (bonnie++'s
 * "+++++"): every measured system is behind it (a measured run took at
 * least the tool's shortest measurable time, one too fast less), so
 * none is best or 100%, and its places come after those systems
 * (doc/statistics.md, "Too fast to measure").  The worst stays: behind
 * every measured system, it is behind the unmeasured ones too.
 */
static void behind_beyond(struct br_atest *at, size_t n)
{
	size_t j;

	for (j = 0; j < n; j++) {
		struct br_cell *c = &at->cells[j];

		c->best = false;
		c->relative = NAN;
		if (c->rank_low > 0) {
			c->rank_low += (int)at->n_beyond;
			c->rank_high += (int)at->n_beyond;
		}
	}
}

/* Ranks, relative performance, best and worst of a scalar test. */
static int rank_test(const struct br_analysis *a, struct br_atest *at)
{
	size_t n = a->sel->n_systems, j, n_val = 0;
	struct br_summary *sum = malloc((n + 1) * sizeof *sum);
	int *low = malloc((n + 1) * sizeof *low);
	int *high = malloc((n + 1) * sizeof *high);
	double *rel = malloc((n + 1) * sizeof *rel);
	int rc = BR_EIO;

	if (!sum || !low || !high || !rel)
		goto out;
	for (j = 0; j < n; j++)
		sum[j] = at->cells[j].sum;
	rc = br_rank(sum, n, at->t->dir, a->o.confidence, low, high, rel);
	if (rc != BR_OK)
		goto out;
	for (j = 0; j < n; j++) {
		at->cells[j].rank_low = low[j];
		at->cells[j].rank_high = high[j];
		at->cells[j].relative = rel[j];
		n_val += low[j] > 0;
	}
	/* best and worst only when proven (doc/statistics.md, "Best and
	 * worst"): a rank range of exactly 1 (or of exactly N), which
	 * means every other system with a value is proven behind it (or
	 * ahead of it) by the ranks' Welch tests, Holm-adjusted; with a
	 * known direction and two values or more */
	if (n_val >= 2 && at->t->dir != BR_DIR_UNKNOWN)
		for (j = 0; j < n; j++) {
			at->cells[j].best = low[j] == 1 && high[j] == 1;
			at->cells[j].worst = low[j] == (int)n_val &&
					     high[j] == (int)n_val;
		}
	if (at->n_beyond && at->t->dir != BR_DIR_UNKNOWN)
		behind_beyond(at, n);
out:
	free(sum);
	free(low);
	free(high);
	free(rel);
	return rc;
}

/* Every candidate of test i against the baseline. */
static void compare_test(struct br_analysis *a, size_t i)
{
	struct br_atest *at = &a->tests[i];
	const struct br_cell *base = &at->cells[a->base];
	size_t n = a->sel->n_systems, j;

	for (j = 0; j < n; j++) {
		struct br_cell *c = &at->cells[j];
		struct br_comparison *cmp = &a->cmp_store[i * n + j];

		if (j == a->base)
			continue;
		/* a candidate without a value gets the degenerate
		 * comparison that says so ("missing result") */
		br_compare_ex(&base->sum, c->kind == BR_CELL_VALUE ? &c->sum
			      : NULL, at->t->dir, a->o.confidence,
			      a->o.equivalence,
			      (a->o.what & BR_AN_PLANNING) != 0, cmp);
		c->cmp = cmp;
		if ((a->o.what & BR_AN_POOLED) && c->kind == BR_CELL_VALUE &&
		    br_pooled_t(&base->sum, &c->sum, a->o.confidence,
				&a->pooled_store[i * n + j]))
			c->pooled = &a->pooled_store[i * n + j];
	}
}

/*
 * The test's precision follows its data (br_display_refine): the runs'
 * digits, and values that differ print differently, among the computed
 * means and among the shown values.  Where that takes more decimals
 * than PTS's rule gave, a published value written with fewer (PTS's
 * "0.02" for runs 0.022, 0.021, 0.023) is shown as the mean of its runs
 * instead: "0.020" would claim a digit nobody wrote.
 */
static int refine_decimals(struct br_atest *at, size_t n_cells,
			   const struct br_sample *const *samples,
			   size_t n_samples, const double *means, size_t k)
{
	size_t n = 0, j, lens[2];
	double *shown = malloc((n_cells + 1) * sizeof *shown);
	const double *lists[2];
	int pts = at->decimals;

	if (!shown)
		return BR_EIO;
	for (j = 0; j < n_cells; j++) {
		const struct br_cell *c = &at->cells[j];

		if (c->kind == BR_CELL_VALUE && c->dur_scale == 0)
			shown[n++] = c->shown;
	}
	lists[0] = means;
	lens[0] = k;
	lists[1] = shown;
	lens[1] = n;
	at->decimals = br_display_refine(pts, samples, n_samples, lists, lens,
					 2);
	free(shown);
	return BR_OK;
}

/* Where the test's precision ended above PTS's pts (or in significant
 * digits), a published value written with fewer gives way to the mean
 * of its runs (refine_decimals). */
static void shown_as_mean(struct br_atest *at, size_t n_cells, int pts)
{
	size_t j;

	for (j = 0; (BR_IS_SIG(at->decimals) || at->decimals > pts) &&
		    j < n_cells; j++) {
		struct br_cell *c = &at->cells[j];

		if (c->kind == BR_CELL_VALUE && c->shown_text &&
		    c->entry->sample.n_runs &&
		    (BR_IS_SIG(at->decimals) ?
		     br_text_sig(c->shown_text) <
		     BR_SIG_DIGITS(at->decimals) :
		     br_text_decimals(c->shown_text) < at->decimals)) {
			c->shown = c->sum.mean;
			c->shown_text = NULL;
			set_drawn(c);   /* the bar is drawn as it is labelled */
		}
	}
}

/* Whether v with d decimals prints above (sign 1) or below (-1) w with
 * e decimals. */
static bool prints_past(double v, int d, double w, int e, int sign)
{
	char a[400], b[400];
	double x, y;

	if (!isfinite(v) || !isfinite(w))
		return false;
	x = strtod(br_fmt_fixed(a, sizeof a, v, d), NULL);
	y = strtod(br_fmt_fixed(b, sizeof b, w, e), NULL);
	return sign > 0 ? x > y : x < y;
}

/* The half width of s's interval at the confidence level, or at 95%
 * where it is higher (a narrower interval: see points_within). */
static double half_width(const struct br_summary *s, double confidence)
{
	double h = (s->ci_high - s->ci_low) / 2;

	if (confidence > 0.95 && s->n >= 2 && isfinite(h))
		h *= br_t_quantile(0.975, (double)(s->n - 1)) /
		     br_t_quantile(1 - (1 - confidence) / 2,
				   (double)(s->n - 1));
	return h;
}

/*
 * Every printed interval holds its printed point (doc/statistics.md,
 * "Display precision"): a mean of whole-number runs 4.4 is "4" by PTS's
 * rule, below its interval 4.04 to 4.76 at the SEs' 2 decimals; the
 * values then take decimals, up to the SEs', until each point prints
 * within its interval.  Above 95% confidence the 95% interval decides
 * (a point within it is within every wider one), so a test's digits
 * are the same at every level from 95% up.
 */
static void points_within(struct br_atest *at, size_t n, double confidence)
{
	size_t j;

	if (BR_IS_SIG(at->decimals))
		return;
	for (j = 0; j < n && at->decimals < at->se_decimals; j++) {
		const struct br_summary *s = &at->cells[j].sum;
		double h;

		/* the mean (a published value is PTS's, of its own) */
		if (at->cells[j].kind != BR_CELL_VALUE ||
		    at->cells[j].dur_scale > 0)
			continue;
		h = half_width(s, confidence);
		if (prints_past(s->mean - h, at->se_decimals, s->mean,
				at->decimals, 1) ||
		    prints_past(s->mean + h, at->se_decimals, s->mean,
				at->decimals, -1)) {
			at->decimals++;
			j = (size_t)-1;     /* again from the first */
		}
	}
}

/* points_within, then the values refined again where it raised the
 * decimals: means of 644.533 and 644.5 print "645" and "644" at 0
 * decimals, "644.5" twice at the 1 their intervals take, "644.53" and
 * "644.50" at 2 (values that differ print differently, at every
 * precision the test ends at). */
static int points_distinct(struct br_atest *at, size_t n, double confidence,
			   const struct br_sample *const *samples,
			   size_t n_samples, const double *means, size_t k)
{
	int d = at->decimals;

	points_within(at, n, confidence);
	if (at->decimals == d)
		return BR_OK;
	if (refine_decimals(at, n, samples, n_samples, means, k) != BR_OK)
		return BR_EIO;
	if (BR_IS_SIG(at->decimals) || at->decimals > at->se_decimals)
		at->se_decimals = br_se_decimals(at->decimals);
	return BR_OK;
}

/* The largest interval end or SD among the test's n cells (0: none): its
 * SE decimals must not print it past a double's digits either. */
static double ci_top(const struct br_atest *at, size_t n)
{
	double m = 0;
	size_t j;

	for (j = 0; j < n; j++) {
		const struct br_cell *c = &at->cells[j];

		if (c->kind != BR_CELL_VALUE)
			continue;
		if (isfinite(c->sum.ci_low) && fabs(c->sum.ci_low) > m)
			m = fabs(c->sum.ci_low);
		if (isfinite(c->sum.ci_high) && fabs(c->sum.ci_high) > m)
			m = fabs(c->sum.ci_high);
		/* the spread table's SD is shown at the SEs' decimals too
		 * (a published SE of 4.78e6 over 513 runs: SD 1.08e8) */
		if (isfinite(c->sum.sd) && fabs(c->sum.sd) > m)
			m = fabs(c->sum.sd);
	}
	return m;
}

/* Decimals d of a value before its point moved k places right: d - k
 * (never below 0), significant digits as they were. */
static int shift_decimals(int d, int k)
{
	if (BR_IS_SIG(d))
		return d;
	return d - k > 0 ? d - k : 0;
}

/*
 * A test shown in a time unit chosen for its size (analysis/units.h):
 * the precision it has in its own unit, its point moved with the
 * values (0.1052 s: 105.2 ms; 1723 ns: 1.723 us; SE 6.67 ns: 0.00667
 * us), so no value gains or loses a digit by the move.  Returns PTS's
 * decimals, moved too.
 */
static int unit_decimals(struct br_atest *at)
{
	int k = at->t->unit_shift;

	at->decimals = shift_decimals(at->decimals, k);
	at->se_decimals = shift_decimals(at->se_decimals, k);
	/* moved to a smaller unit, the SEs keep at least the decimals
	 * they have in any unit (SE 0.0005 ms is 0.50 us, not "0") */
	if (!BR_IS_SIG(at->decimals) && !BR_IS_SIG(at->se_decimals) &&
	    at->se_decimals < br_se_decimals(at->decimals))
		at->se_decimals = br_se_decimals(at->decimals);
	return shift_decimals(at->pts_decimals, k);
}

/* The samples of test at's n cells (*samples, n_samples) and every
 * value it shows (*means, k: the means, or the series' points). */
static int shown_values(const struct br_atest *at, size_t n,
			const struct br_sample ***samples, size_t *n_samples,
			double **means, size_t *k)
{
	size_t j, n_means = 0;

	for (j = 0; j < n; j++)
		n_means += at->cells[j].kind == BR_CELL_SERIES ?
			   at->cells[j].n_points : 1;
	*means = calloc(n_means + 1, sizeof **means);
	*samples = calloc(n + 1, sizeof **samples);
	if (!*means || !*samples) {
		free(*means);
		free(*samples);
		return BR_EIO;
	}
	for (j = 0, *n_samples = 0; j < n; j++)
		if (at->cells[j].entry)
			(*samples)[(*n_samples)++] =
				&at->cells[j].entry->sample;
	for (j = 0, *k = 0; j < n; j++) {
		const struct br_cell *c = &at->cells[j];
		size_t p;

		if (c->kind != BR_CELL_SERIES) {
			(*means)[(*k)++] = c->kind == BR_CELL_VALUE ?
					   c->sum.mean : NAN;
			continue;
		}
		for (p = 0; p < c->n_points; p++)
			(*means)[(*k)++] = c->points && c->points[p].n ?
					   c->points[p].mean : NAN;
	}
	return BR_OK;
}

/* The display precision of test at (n cells) in its own unit: PTS's
 * rule, refined (refine_decimals), its SEs', every point within its
 * interval; *pts: PTS's rule alone. */
static int own_decimals(struct br_atest *at, size_t n, double confidence,
			const struct br_sample *const *samples,
			size_t n_samples, const double *means, size_t k,
			int *pts)
{
	double se_top;

	*pts = at->decimals = br_display_decimals(samples, n_samples, means,
						  k);
	if (refine_decimals(at, n, samples, n_samples, means, k) != BR_OK)
		return BR_EIO;
	at->se_decimals = br_se_decimals_of(at->decimals, means, k);
	se_top = ci_top(at, n);
	if (br_se_decimals_of(at->decimals, &se_top, 1) < at->se_decimals)
		at->se_decimals = br_se_decimals_of(at->decimals, &se_top, 1);
	/* an interval end too large for the values' decimals (a mean of
	 * 0.368009636 beside an end of 1e6, which 8 decimals take past a
	 * double's digits): "0.36800964" both ends around "0.368009636";
	 * significant digits keep every interval around its point */
	if (!BR_IS_SIG(at->decimals) && at->se_decimals < at->decimals) {
		at->decimals = BR_SIG(1);
		if (refine_decimals(at, n, samples, n_samples, means, k) !=
		    BR_OK)
			return BR_EIO;
		at->se_decimals = br_se_decimals(at->decimals);
	}
	at->pts_decimals = *pts;
	return points_distinct(at, n, confidence, samples, n_samples, means,
			       k);
}

/* Everything of test i that depends on it alone. */
static int test_numbers(void *ctx, size_t i)
{
	struct br_analysis *a = ctx;
	struct br_atest *at = &a->tests[i];
	const struct br_selection *sel = a->sel;
	size_t n = sel->n_systems, j, k, n_samples;
	const struct br_sample **samples;
	double *means;
	int rc = BR_OK, pts;

	for (j = 0; j < n; j++) {
		struct br_cell *c = &at->cells[j];

		classify(c, c->entry, at->t, a->o.confidence,
			 (a->o.what & BR_AN_LEAN) != 0);
		at->n_values += c->kind == BR_CELL_VALUE;
		at->n_beyond += c->beyond;
		if (c->kind == BR_CELL_SERIES &&
		    (a->o.what & BR_AN_POINTS) &&
		    summarize_points(c, a->o.confidence,
				     (a->o.what & BR_AN_LEAN) != 0) != BR_OK)
			return BR_EIO;
	}
	/* display precision from the selected entries and every value
	 * shown: means, or the series' points */
	if (shown_values(at, n, &samples, &n_samples, &means, &k) != BR_OK)
		return BR_EIO;
	if (own_decimals(at, n, a->o.confidence, samples, n_samples, means,
			 k, &pts) != BR_OK) {
		free(means);
		free(samples);
		return BR_EIO;
	}
	shown_as_mean(at, n, pts);
	free(means);
	free(samples);
	if (!at->scalar)
		return BR_OK;
	if (a->o.what & BR_AN_RANKS)
		rc = rank_test(a, at);
	at->compared = at->cells[a->base].kind == BR_CELL_VALUE;
	if (rc == BR_OK && (a->o.what & BR_AN_COMPARE) && at->compared)
		compare_test(a, i);
	return rc;
}

/* ------------------------------------------------- a unit for its size */

/* s's numbers in a unit 10^k times smaller (br_shift10: as their
 * decimal digits read); its ratios (CV, lag-1, p) stay. */
static void move_summary(struct br_summary *s, int k)
{
	double *v[] = {&s->mean, &s->sd, &s->se, &s->ci_low, &s->ci_high,
		       &s->median, &s->q1, &s->q3, &s->min, &s->max,
		       &s->resolution, &s->trend_slope};
	size_t i;

	for (i = 0; i < sizeof v / sizeof *v; i++)
		*v[i] = br_shift10(*v[i], k);
}

static void move_comparison(struct br_comparison *c, int k)
{
	c->d = br_shift10(c->d, k);
	c->se_d = br_shift10(c->se_d, k);
	c->d_ci_low = br_shift10(c->d_ci_low, k);
	c->d_ci_high = br_shift10(c->d_ci_high, k);
}

static void move_cell(struct br_analysis *a, size_t i, size_t j, int k)
{
	struct br_cell *c = &a->tests[i].cells[j];
	size_t n = a->sel->n_systems, p;

	move_summary(&c->sum, k);
	for (p = 0; c->points && p < c->n_points; p++)
		move_summary(&c->points[p], k);
	c->series_min = br_shift10(c->series_min, k);
	c->series_avg = br_shift10(c->series_avg, k);
	c->series_max = br_shift10(c->series_max, k);
	if (c->kind == BR_CELL_VALUE) {
		c->shown = br_shift10(c->shown, k);
		/* the entry's text, moved with it (units.c) */
		if (c->shown_text)
			c->shown_text = c->entry->sample.value_text;
		set_drawn(c);
	}
	if (c->cmp)
		move_comparison(&a->cmp_store[i * n + j], k);
	if (c->pooled) {
		struct br_pooled *pl = &a->pooled_store[i * n + j];

		pl->d = br_shift10(pl->d, k);
		pl->e = br_shift10(pl->e, k);
		pl->s_p = br_shift10(pl->s_p, k);
	}
}

int br_analysis_moved(struct br_analysis *a, size_t i)
{
	struct br_atest *at = &a->tests[i];
	size_t n = a->sel->n_systems, n_samples, k, j;
	const struct br_sample **samples;
	double *means;
	int pts, rc;

	for (j = 0; j < n; j++)
		move_cell(a, i, j, at->t->unit_shift);
	for (j = 0; j < a->n_spreads; j++)
		if (a->spreads[j].test == i)
			move_comparison(&a->spreads[j].cmp, at->t->unit_shift);
	if (shown_values(at, n, &samples, &n_samples, &means, &k) != BR_OK)
		return BR_EIO;
	/* the precision it had in its own unit, its point moved; means of
	 * 0.0615 and 0.06163 ms, distinct at their 4 decimals, are "62"
	 * twice at the 0 of us that leaves: refined again */
	at->pts_decimals = pts = unit_decimals(at);
	rc = refine_decimals(at, n, samples, n_samples, means, k);
	if (BR_IS_SIG(at->decimals))   /* the same digits for all */
		at->se_decimals = at->decimals;
	else if (!BR_IS_SIG(at->se_decimals) &&
		 at->se_decimals < at->decimals)
		at->se_decimals = at->decimals;
	if (rc == BR_OK)
		rc = points_distinct(at, n, a->o.confidence, samples,
				     n_samples, means, k);
	if (rc == BR_OK)
		shown_as_mean(at, n, pts);
	free(means);
	free(samples);
	return rc;
}

/* ------------------------------------------------------ across tests */

/* Whether test i's pair (baseline, j) counts in j's geometric mean. */
static bool geo_uses(const struct br_analysis *a, size_t i, size_t j)
{
	const struct br_atest *at = &a->tests[i];
	const struct br_cell *b = &at->cells[a->base], *c = &at->cells[j];

	return at->compared && at->t->dir != BR_DIR_UNKNOWN &&
	       !(a->primary_only && at->t->sub_metric) &&
	       c->kind == BR_CELL_VALUE && br_geomean_usable(&b->sum,
							     &c->sum);
}

/* Whether candidate j's geometric mean is a hyperfine file's: every test
 * it uses is hyperfine's, and those with runs are its wall times (user
 * and system times are means only), so its headline is over wall time. */
static bool geo_hyperfine(const struct br_analysis *a, const size_t *idx,
			  size_t n_idx, size_t j)
{
	size_t s, i, n = 0;

	for (s = 0; s < n_idx; s++) {
		const struct br_atest *at = &a->tests[i = idx ? idx[s] : s];
		const struct br_summary *sb = &at->cells[a->base].sum;
		const struct br_summary *sj = &at->cells[j].sum;
		bool runs;

		if (!geo_uses(a, i, j))
			continue;
		runs = sb->n >= 2 && sj->n >= 2 && !isnan(sb->se) &&
		       !isnan(sj->se);
		if (!at->t->identifier ||
		    strcmp(at->t->identifier, "hyperfine") ||
		    runs != br_hyperfine_wall(at->t))
			return false;
		n++;
	}
	return n > 0;
}

void br_geo_candidate(const struct br_analysis *a, const size_t *idx,
		      size_t n_idx, size_t j, const struct br_summary **ga,
		      const struct br_summary **gb, enum br_dir *gd,
		      struct br_ageo *g)
{
	size_t s, i, k = 0, n = idx ? n_idx : a->n_tests;

	memset(g, 0, sizeof *g);
	for (s = 0; s < n; s++) {
		i = idx ? idx[s] : s;
		if (!a->tests[i].compared)
			continue;
		if (a->primary_only && a->tests[i].t->sub_metric) {
			g->sub_metrics++;
			continue;
		}
		if (!geo_uses(a, i, j)) {
			g->skipped++;
			continue;
		}
		ga[k] = &a->tests[i].cells[a->base].sum;
		gb[k] = &a->tests[i].cells[j].sum;
		gd[k] = a->tests[i].t->dir;
		k++;
	}
	g->ok = k > 0 && br_geomean(ga, gb, gd, k, a->o.confidence,
				    &g->g) == BR_OK;
	if (g->ok) {
		g->verdict = g->g.verdict;
		g->hyperfine = g->g.exact && g->g.k_runs &&
			       geo_hyperfine(a, idx, n, j);
	}
}

/* Geometric means against the baseline; the skipped and overview
 * lists. */
static int geomeans(struct br_analysis *a)
{
	size_t nt = a->n_tests, i, j;
	const struct br_summary **ga = calloc(nt + 1, sizeof *ga);
	const struct br_summary **gb = calloc(nt + 1, sizeof *gb);
	enum br_dir *gd = calloc(nt + 1, sizeof *gd);
	int rc = BR_EIO;

	a->geo = calloc(a->sel->n_systems + 1, sizeof *a->geo);
	a->skipped = calloc(nt + 1, sizeof *a->skipped);
	a->overview = calloc(nt + 1, sizeof *a->overview);
	if (!ga || !gb || !gd || !a->geo || !a->skipped || !a->overview)
		goto out;
	for (i = 0; i < nt; i++) {
		const struct br_atest *at = &a->tests[i];

		if (at->scalar && !at->compared)
			a->skipped[a->n_skipped++] = i;
		if (!at->compared || at->t->dir == BR_DIR_UNKNOWN)
			continue;
		a->overview[a->n_overview++] = i;
		for (j = 0; j < a->sel->n_systems; j++)
			if (j != a->base &&
			    at->cells[j].kind == BR_CELL_VALUE) {
				a->n_overview_shown++;
				break;
			}
	}
	for (j = 0; j < a->sel->n_systems; j++) {
		if (j == a->base)
			continue;
		br_geo_candidate(a, NULL, 0, j, ga, gb, gd, &a->geo[j]);
		if (a->geo[j].ok && a->geo[j].g.k > a->geo_k)
			a->geo_k = a->geo[j].g.k;
	}
	rc = BR_OK;
out:
	free(ga);
	free(gb);
	free(gd);
	return rc;
}

/* ------------------------------------------------------------- build */

void br_analysis_free(struct br_analysis *a)
{
	size_t i, n;

	if (!a)
		return;
	n = a->sel ? a->sel->n_systems : 0;
	for (i = 0; a->cell_store && i < a->n_tests * n; i++)
		free(a->cell_store[i].points);
	free(a->cell_store);
	free(a->cmp_store);
	free(a->pooled_store);
	free(a->tests);
	free(a->skipped);
	free(a->overview);
	free(a->geo);
	br_scaling_free(a);
	br_overall_fini(&a->overall);
	br_derived_free(a);
	free(a);
}

/* The baseline: opts.baseline among the selected systems (a name as
 * br_system_named() reads it), else the first.  BR_EUSAGE with the
 * reason when it is not there. */
static int find_baseline(struct br_analysis *a, struct br_error *err)
{
	const struct br_selection *sel = a->sel;
	size_t j, idx;

	a->base = 0;
	if (!a->o.baseline)
		return BR_OK;
	a->base_given = true;
	if (br_system_named(sel->rs, sel->systems, sel->n_systems,
			    "--baseline", a->o.baseline, &idx, err) == BR_OK) {
		for (j = 0; j < sel->n_systems; j++)
			if (sel->systems[j] == idx)
				a->base = j;
		return BR_OK;
	}
	if (err->code != BR_EUSAGE)
		return err->code;
	/* not among the selected: in the input at all? */
	br_error_clear(err);
	if (br_system_named(sel->rs, NULL, 0, "--baseline", a->o.baseline,
			    &idx, err) == BR_OK)
		return br_error_set(err, BR_EUSAGE, NULL, 0, "--baseline: "
				    "'%s' is not among the selected systems",
				    sel->rs->systems[idx]->identifier);
	return err->code;
}

/* Each test's cells get their entries, found by one pass over the
 * entries (the first entry of a system wins). */
static int place_entries(struct br_analysis *a)
{
	const struct br_selection *sel = a->sel;
	const struct br_resultset *rs = sel->rs;
	size_t *pos = malloc((rs->n_systems + 1) * sizeof *pos), i, j;

	if (!pos)
		return BR_EIO;
	for (j = 0; j < rs->n_systems; j++)
		pos[j] = SIZE_MAX;
	for (j = 0; j < sel->n_systems; j++)
		pos[sel->systems[j]] = j;
	for (i = 0; i < a->n_tests; i++) {
		const struct br_test *t = a->tests[i].t;

		for (j = 0; j < t->n_entries; j++) {
			size_t s = t->entries[j].system;
			struct br_cell *c;

			if (s >= rs->n_systems || pos[s] == SIZE_MAX)
				continue;
			c = &a->tests[i].cells[pos[s]];
			if (!c->entry)
				c->entry = &t->entries[j];
		}
	}
	free(pos);
	return BR_OK;
}

/* An entry with a spread (runs or a published SE, N >= 2): ranks test it
 * against every other such entry of its test. */
static bool has_spread(const struct br_entry *e)
{
	const struct br_sample *s = &e->sample;

	return s->n_runs >= 2 || (s->is_summary && s->n >= 2 &&
				  isfinite(s->se));
}

/* Ranks test every pair of systems with a spread, so past
 * BR_RANK_MAX_SYSTEMS of them in one test the time is refused up front
 * (doc/statistics.md, "Ranks"), never a silently empty column. */
static int rank_cap(const struct br_analysis *a, struct br_error *err)
{
	size_t i, j, k;

	for (i = 0; i < a->n_tests; i++) {
		const struct br_atest *at = &a->tests[i];

		if (!at->scalar)
			continue;
		for (j = k = 0; j < a->sel->n_systems; j++)
			k += at->cells[j].entry && has_spread(at->cells[j].entry);
		if (k > BR_RANK_MAX_SYSTEMS)
			return br_error_set(err, BR_EDATA, at->t->loc.file,
					    at->t->loc.line, "%s: %zu "
					    "systems with repeated runs are more "
					    "than ranks compare pairwise (at "
					    "most %d); choose some with "
					    "--systems", br_nz(at->t->title), k,
					    BR_RANK_MAX_SYSTEMS);
	}
	return BR_OK;
}

int br_analyse(const struct br_selection *sel,
	       const struct br_analysis_opts *o, struct br_analysis **out,
	       struct br_error *err)
{
	struct br_analysis *a = calloc(1, sizeof *a);
	size_t nt = sel->n_tests, ns = sel->n_systems, i, k, cells;
	int rc;

	*out = NULL;
	if (!a)
		return br_error_set(err, BR_EIO, NULL, 0, "out of memory");
	a->sel = sel;
	a->o = *o;
	if ((a->o.what & BR_AN_OVERALL) && !br_overall_possible(a))
		a->o.what &= ~(unsigned)BR_AN_OVERALL;
	if (a->o.what & BR_AN_OVERALL)
		a->o.what |= BR_AN_RANKS | BR_AN_COMPARE;
	if (a->o.what & (BR_AN_PLANNING | BR_AN_POOLED))
		a->o.what |= BR_AN_COMPARE;
	if (a->o.what & BR_AN_DERIVED)
		a->o.what |= BR_AN_RANKS | BR_AN_COMPARE;
	if (!(o->confidence > 0 && o->confidence < 1)) {
		free(a);
		return br_error_set(err, BR_EUSAGE, NULL, 0, "--confidence: "
				    "expected a number strictly between 0 "
				    "and 1, got %g", o->confidence);
	}
	if (o->equivalence > 0 && !(o->confidence > 0.5)) {
		free(a);
		return br_error_set(err, BR_EUSAGE, NULL, 0, "--equivalence: "
				    "its interval is at 1 - 2 (1 - confidence), "
				    "so --confidence must be above 0.5, not %g",
				    o->confidence);
	}
	if (ns == 0) {
		free(a);
		return br_error_set(err, BR_EDATA, NULL, 0, "no system in the "
				    "input has a result");
	}
	rc = find_baseline(a, err);
	if (rc != BR_OK) {
		free(a);
		return rc;
	}
	a->multiway = is_multiway(a);
	if (ns && nt > (SIZE_MAX / sizeof *a->cmp_store - 1) / ns)
		goto nomem;
	cells = nt * ns;
	a->tests = calloc(nt + 1, sizeof *a->tests);
	a->cell_store = calloc(cells + 1, sizeof *a->cell_store);
	if (!a->tests || !a->cell_store)
		goto nomem;
	if (a->o.what & BR_AN_COMPARE) {
		a->cmp_store = malloc((cells + 1) * sizeof *a->cmp_store);
		if (!a->cmp_store)
			goto nomem;
	}
	if (a->o.what & BR_AN_POOLED) {
		a->pooled_store = malloc((cells + 1) *
					 sizeof *a->pooled_store);
		if (!a->pooled_store)
			goto nomem;
	}
	a->n_tests = nt;
	for (i = 0, k = 0; i < nt; i++) {
		struct br_atest *at = &a->tests[i];

		at->t = sel->rs->tests[sel->tests[i]];
		at->cells = &a->cell_store[i * ns];
		at->scalar = at->t->display == BR_DISPLAY_BAR;
		a->n_scalar += at->scalar;
		k += at->scalar && at->t->sub_metric;
	}
	/* sub-metrics stay out of the geometric means unless asked, or
	 * unless they are all that is selected (doc/statistics.md,
	 * "Primary metrics") */
	a->primary_only = !a->o.all_metrics && k > 0 && k < a->n_scalar;
	if (place_entries(a) != BR_OK)
		goto nomem;
	if ((a->o.what & BR_AN_RANKS) && (rc = rank_cap(a, err)) != BR_OK) {
		br_analysis_free(a);
		return rc;
	}
	/* independent per test: on every CPU for large inputs (the numbers
	 * are the same whichever thread made them) */
	if (br_parallel_for(nt, 64, test_numbers, a) != BR_OK)
		goto nomem;
	if ((a->o.what & BR_AN_RANKS) && br_wins(a) != BR_OK)
		goto nomem;
	if ((a->o.what & BR_AN_COMPARE) && geomeans(a) != BR_OK)
		goto nomem;
	if ((a->o.what & BR_AN_OVERALL) && br_overall(a) != BR_OK)
		goto nomem;
	if ((a->o.what & BR_AN_SCALING) && br_scaling_find(a) != BR_OK)
		goto nomem;
	if ((a->o.what & BR_AN_DERIVED) && br_derived(a) != BR_OK)
		goto nomem;
	*out = a;
	return BR_OK;
nomem:
	br_analysis_free(a);
	return br_error_set(err, BR_EIO, NULL, 0, "out of memory");
}

/* ------------------------------------------------------------ readers */

void br_speedup_of_cmp(const struct br_comparison *c, struct br_speedup *s)
{
	s->s = c->speedup;
	s->lo = c->speedup_ci_low;
	s->hi = c->speedup_ci_high;
	if (c->speedup_unbounded || !(isfinite(s->lo) && isfinite(s->hi)))
		s->lo = s->hi = NAN;
	s->not_proven = isfinite(s->lo) && s->lo <= 1 && s->hi >= 1;
}

void br_speedup_of_geo(const struct br_ageo *g, struct br_speedup *s)
{
	s->s = s->lo = s->hi = NAN;
	s->not_proven = false;
	if (!g->ok)
		return;
	s->s = g->g.gm;
	s->lo = g->g.meas_low;
	s->hi = g->g.meas_high;
	if (!(isfinite(s->lo) && isfinite(s->hi)))
		s->lo = s->hi = NAN;
	s->not_proven = isfinite(s->lo) && s->lo <= 1 && s->hi >= 1;
}

double br_analysis_vs_base(const struct br_analysis *a, size_t i, size_t j)
{
	const struct br_cell *c = &a->tests[i].cells[j];

	if (c->kind != BR_CELL_VALUE)
		return NAN;
	if (j == a->base)
		return c->sum.mean > 0 ? 1 : NAN;
	return c->cmp ? c->cmp->speedup : NAN;
}

bool br_comparison_regressed(const struct br_comparison *c, double pct)
{
	return c && c->verdict == BR_VERDICT_WORSE &&
	       !isnan(c->improvement_ci_high_pct) &&
	       c->improvement_ci_high_pct < -pct;
}

bool br_analysis_regressed(const struct br_analysis *a, double pct)
{
	size_t i, j;

	for (i = 0; i < a->n_tests; i++) {
		if (!a->tests[i].compared ||
		    a->tests[i].t->dir == BR_DIR_UNKNOWN)
			continue;
		for (j = 0; j < a->sel->n_systems; j++)
			if (br_comparison_regressed(a->tests[i].cells[j].cmp,
						    pct))
				return true;
	}
	return false;
}

size_t br_analysis_ungated(const struct br_analysis *a)
{
	size_t i, n = 0;

	for (i = 0; i < a->n_tests; i++)
		n += a->tests[i].compared &&
		     a->tests[i].t->dir == BR_DIR_UNKNOWN;
	return n;
}

/* Whether s is a PTS variable left unexpanded: "$result_name". */
static bool unexpanded(const char *s)
{
	size_t k;

	if (!s || s[0] != '$' || !s[1])
		return false;
	for (k = 1; s[k]; k++)
		if (!(s[k] == '_' || (s[k] >= 'a' && s[k] <= 'z') ||
		      (s[k] >= 'A' && s[k] <= 'Z') ||
		      (s[k] >= '0' && s[k] <= '9')))
			return false;
	return true;
}

const char *br_analysis_title(const struct br_analysis *a, const char *given,
			      char *buf, size_t size, char **warning)
{
	const struct br_resultset *rs = a->sel->rs;
	const char *t = rs->title, *path, *base, *dot;

	if (warning)
		*warning = NULL;
	if (given && *given)
		return given;
	if (unexpanded(t) && rs->n_sources && rs->sources[0].path && size) {
		path = rs->sources[0].path;
		base = strrchr(path, '/');
		base = base ? base + 1 : path;
		dot = strrchr(base, '.');
		snprintf(buf, size, "%.*s", (int)(dot && dot > base ?
			 dot - base : (int)strlen(base)), base);
		if (*buf) {
			if (warning)
				*warning = br_strf("warning: %s: the title "
						   "\"%s\" is a PTS variable "
						   "left unexpanded; the "
						   "report is titled \"%s\" "
						   "after the file", path, t,
						   buf);
			return buf;
		}
	}
	return t && *t ? t : "Benchmark results";
}

const char *br_test_title(const struct br_test *t)
{
	return t && t->title && *t->title ? t->title : "(untitled)";
}
