/*
 * units.c - time results in the unit their size calls for (units.h;
 * doc/statistics.md, "Time units").
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "units.h"
#include "analysis_int.h"

static const char *const tu_text[BR_TU_N] = {"ns", "\xc2\xb5s", "ms", "s"};
static const int tu_exp[BR_TU_N] = {-9, -6, -3, 0};

const char *br_tunit_text(enum br_tunit u)
{
	return u < BR_TU_N ? tu_text[u] : "";
}

double br_tunit_seconds(enum br_tunit u)
{
	return u < BR_TU_N ? pow(10, tu_exp[u]) : NAN;
}

enum br_tunit br_tunit_for(double m)
{
	int u;

	if (!(m > 0) || !isfinite(m))
		return BR_TU_N;
	for (u = BR_TU_S; u > BR_TU_NS; u--)
		if (m >= br_tunit_seconds((enum br_tunit)u))
			return (enum br_tunit)u;
	return BR_TU_NS;
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

double br_tunit_typical(double *v, size_t n)
{
	size_t i, k = 0;

	for (i = 0; i < n; i++)
		if (isfinite(v[i]) && v[i] != 0)
			v[k++] = fabs(v[i]);
	if (!k)
		return 0;
	qsort(v, k, sizeof *v, cmp_double);
	return v[k / 2];
}

bool br_text_shift10(const char *text, int k, char *out, size_t cap)
{
	char dig[64];
	const char *p = text;
	size_t nd = 0, len = 0, i;
	long point = -1, e = 0, pos;
	bool neg = false;

	if (!cap)
		return false;
	out[0] = '\0';
	if (!p)
		return false;
	while (*p == ' ')
		p++;
	if (*p == '-' || *p == '+')
		neg = *p++ == '-';
	for (; (*p >= '0' && *p <= '9') || *p == '.'; p++) {
		if (*p == '.') {
			if (point >= 0)
				return false;
			point = (long)nd;
		} else if (nd + 1 < sizeof dig) {
			dig[nd++] = *p;
		} else {
			return false;
		}
	}
	if (!nd)
		return false;
	if (point < 0)
		point = (long)nd;
	if (*p == 'e' || *p == 'E') {
		char *end;

		e = strtol(p + 1, &end, 10);
		if (end == p + 1 || labs(e) > 400)
			return false;
		p = end;
	}
	while (*p == ' ')
		p++;
	if (*p)
		return false;
	pos = point + e + k;  /* digits before the point */
#define PUT(c) do { if (len + 1 >= cap) return false; \
		out[len++] = (c); out[len] = '\0'; } while (0)
	if (neg)
		PUT('-');
	if (pos <= 0) {
		PUT('0');
		PUT('.');
		for (; pos < 0; pos++)
			PUT('0');
		for (i = 0; i < nd; i++)
			PUT(dig[i]);
		return true;
	}
	/* the integer part without its leading zeros (one stays) */
	for (i = 0; (long)i < pos - 1 && (i >= nd || dig[i] == '0'); i++)
		;
	for (; (long)i < pos; i++)
		PUT(i < nd ? dig[i] : '0');
	if (i < nd) {
		PUT('.');
		for (; i < nd; i++)
			PUT(dig[i]);
	}
#undef PUT
	return true;
}

double br_shift10(double v, int k)
{
	char a[40], b[96];
	int p = 15;

	if (!isfinite(v) || v == 0)
		return v;
	do
		snprintf(a, sizeof a, "%.*g", p, v);
	while (strtod(a, NULL) != v && ++p <= 17);
	if (br_text_shift10(a, k, b, sizeof b))
		return strtod(b, NULL);
	return k >= 0 ? v * pow(10, k) : v / pow(10, -k);
}

static void scale_sample(struct br_resultset *rs, struct br_sample *s, int k)
{
	char buf[128];
	size_t i;

	for (i = 0; i < s->n_runs; i++)
		s->runs[i].value = br_shift10(s->runs[i].value, k);
	s->value = br_shift10(s->value, k);
	if (s->value_text)
		s->value_text = br_text_shift10(s->value_text, k, buf,
						sizeof buf) ?
			br_rs_str(rs, buf) : NULL;
	if (isfinite(s->se))
		s->se = br_shift10(s->se, k);
	s->resolution = br_shift10(s->resolution, k);
}

static void scale_test(struct br_resultset *rs, struct br_test *t,
		       enum br_tunit u, int k)
{
	size_t i, j;

	for (i = 0; i < t->n_entries; i++) {
		struct br_entry *e = &t->entries[i];

		scale_sample(rs, &e->sample, k);
		for (j = 0; e->points && j < e->n_points; j++)
			scale_sample(rs, &e->points[j], k);
		if (e->has_min_max) {
			e->min_result = br_shift10(e->min_result, k);
			e->max_result = br_shift10(e->max_result, k);
		}
	}
	t->unit.text = tu_text[u];
	t->unit.canon = tu_text[u];
	t->unit.scale = br_tunit_seconds(u);
}

/* The power of ten of t's unit when it may be scaled (ns, us, ms or s,
 * no duration, not derived), else 1 (never a power of ten here). */
static int scalable(const struct br_test *t)
{
	size_t i, j;
	int u;

	if (t->unit.dim != BR_DIM_TIME || t->derived_note)
		return 1;
	for (u = 0; u < BR_TU_N; u++)
		if (t->unit.scale == br_tunit_seconds((enum br_tunit)u))
			break;
	if (u == BR_TU_N)
		return 1;
	for (i = 0; i < t->n_entries; i++) {
		if (t->entries[i].sample.duration)
			return 1;
		for (j = 0; j < t->entries[i].n_points; j++)
			if (t->entries[i].points[j].duration)
				return 1;
	}
	return tu_exp[u];
}

/* Whether sample s's spread is so narrow beside its mean (|mean| over
 * SD above 1e6, or a mean of 0) that moving its runs' point would cost
 * the SD digits:
 * a double holds about 16, and 3760000001 ns beside ...02 as
 * 3.760000001 s keep 7 of the SD's. */
static bool narrow(const struct br_sample *s)
{
	double mean = 0, ss = 0, sd, d;
	size_t i;

	if (s->is_summary) {
		sd = isfinite(s->se) && s->n >= 2 ?
			s->se * sqrt((double)s->n) : 0;
		mean = s->value;
	} else if (s->n_runs >= 2) {
		/* about the first run: equal runs give 0 exactly */
		double o = s->runs[0].value, m = 0;

		for (i = 0; i < s->n_runs; i++)
			m += s->runs[i].value - o;
		m /= (double)s->n_runs;
		for (i = 0; i < s->n_runs; i++) {
			d = s->runs[i].value - o - m;
			ss += d * d;
		}
		sd = sqrt(ss / (double)(s->n_runs - 1));
		mean = o + m;
	} else {
		return false;
	}
	/* and a mean of exactly 0 (runs -1, 2, -1) would move to a
	 * rounding residue (1e-19), with a CV of its own */
	return sd > 0 && (fabs(mean) > 1e6 * sd || mean == 0);
}

/* Whether t's runs keep their SD's digits when their point moves (no
 * sample is narrow); a test that would not keeps its unit. */
static bool keeps_spread(const struct br_test *t)
{
	size_t i, j;

	for (i = 0; i < t->n_entries; i++) {
		const struct br_entry *e = &t->entries[i];

		for (j = 0; j <= e->n_points; j++)
			if (narrow(j < e->n_points ? &e->points[j] :
				   &e->sample))
				return false;
	}
	return true;
}

/* The value a sample shows, in seconds: its published value, else its
 * summary mean or the mean of its runs; NAN when none. */
static double shown(const struct br_sample *s, double scale)
{
	double sum = 0;
	size_t i;

	if (s->has_value || s->is_summary)
		return s->value * scale;
	if (!s->n_runs)
		return NAN;
	for (i = 0; i < s->n_runs; i++)
		sum += s->runs[i].value;
	return sum / (double)s->n_runs * scale;
}

/* Append test t's shown values (selected systems) to *v. */
static bool gather(const struct br_test *t, const struct br_selection *sel,
		   double **v, size_t *n, size_t *cap)
{
	size_t j, k, p;

	for (j = 0; j < sel->n_systems; j++) {
		const struct br_entry *e;

		k = br_test_find_entry(t, sel->systems[j]);
		if (k == (size_t)-1 || t->entries[k].error)
			continue;
		e = &t->entries[k];
		for (p = 0; p <= e->n_points; p++) {
			if (*n == *cap) {
				double *nv = realloc(*v, (*cap * 2 + 16) *
						     sizeof *nv);

				if (!nv)
					return false;
				*v = nv;
				*cap = *cap * 2 + 16;
			}
			(*v)[(*n)++] = shown(p < e->n_points ? &e->points[p] :
					     &e->sample, t->unit.scale);
		}
	}
	return true;
}

/* Whether test b is drawn on one axis with a test of unit scale and
 * table_row row (before either is scaled): they share a unit. */
static bool together(double scale, bool row, const struct br_test *b,
		     bool one_axis)
{
	if (scale != b->unit.scale)
		return false;
	return one_axis || (row && b->table_row);
}

int br_display_units(struct br_resultset *rs, struct br_analysis *a,
		     bool one_axis, struct br_error *err)
{
	const struct br_selection *sel = a->sel;
	double *v = NULL;
	size_t i, j, n, last, cap = 0;
	bool *done = calloc(sel->n_tests + 1, sizeof *done);
	/* each test's scalable(), once: the loops below ask it of every
	 * pair of tests (2,900 tests: 13% of a text report's time) */
	int *own = malloc((sel->n_tests + 1) * sizeof *own);

	if (!done || !own)
		goto nomem;
	for (i = 0; i < sel->n_tests; i++)
		own[i] = scalable(rs->tests[sel->tests[i]]);
	for (i = 0; i < sel->n_tests; i++) {
		struct br_test *t = rs->tests[sel->tests[i]];
		double scale = t->unit.scale;
		bool row = t->table_row;
		enum br_tunit u;

		if (done[i] || own[i] == 1)
			continue;
		/* drawn alone (no shared axis, not a table's row): itself */
		last = !one_axis && !row ? i + 1 : sel->n_tests;
		n = 0;
		for (j = i; j < last; j++) {
			const struct br_test *o = rs->tests[sel->tests[j]];

			if ((j == i || (!done[j] && own[j] == own[i] &&
					together(scale, row, o, one_axis))) &&
			    !gather(o, sel, &v, &n, &cap))
				goto nomem;
		}
		u = br_tunit_for(br_tunit_typical(v, n));
		for (j = i; j < last; j++) {
			struct br_test *o = rs->tests[sel->tests[j]];

			if (j != i && (done[j] || own[j] != own[i] ||
				       !together(scale, row, o, one_axis)))
				continue;
			done[j] = true;
			if (u == BR_TU_N || tu_exp[u] == own[j] ||
			    !keeps_spread(o))
				continue;
			o->unit_shift = own[j] - tu_exp[u];
			scale_test(rs, o, u, o->unit_shift);
			if (br_analysis_moved(a, j) != BR_OK)
				goto nomem;
		}
	}
	free(v);
	free(done);
	free(own);
	return BR_OK;
nomem:
	free(v);
	free(done);
	free(own);
	return br_error_set(err, BR_EIO, NULL, 0, "out of memory");
}
