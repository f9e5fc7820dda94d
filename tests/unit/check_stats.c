/*
 * check_stats.c - stats/ against independent references.
 *
 * data/stats/refs.txt is written by data/stats/make_refs.py (scipy,
 * exact rational arithmetic, NIST StRD certified values); this file only
 * reads it.  Agreement: 1e-9 relative on moments, 1e-8 on anything that
 * uses a t quantile, relative to max(|reference|, a natural scale): the
 * half-width for interval ends (an end near 0 has no relative digits),
 * a few ulps of the means for differences of means.  Exactness cases
 * (1e9 offsets, identical runs) are asserted with ==.
 *
 * Plus properties no table can cover: over many random and deliberately
 * borderline cases, no verdict contradicts its own intervals or p.
 */
#include <check.h>
#include <float.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <gsl/gsl_errno.h>

#include "model/model.h"
#include "stats/pooled.h"
#include "stats/stats.h"

Suite *br_suite_stats(void);

#define REFS "data/stats/refs.txt"
#define MAX_KEYS 48

#ifndef T_MOM
#define T_MOM 1e-9  /* moments */
#endif
#ifndef T_Q
#define T_Q 1e-8    /* anything through a t quantile */
#endif

/* ------------------------------------------------------------ records */

struct rec {
	char *kind;
	char *key[MAX_KEYS];
	char *val[MAX_KEYS];
	size_t n;
};

static char *refs_text;
static struct rec *recs;
static size_t n_recs;

/* Load REFS once per process (Check forks per test: cheap enough). */
static void load_refs(void)
{
	FILE *fp;
	long size;
	char *p, *line;
	size_t cap = 0;

	if (recs)
		return;
	gsl_set_error_handler_off();
	fp = fopen(REFS, "rb");
	ck_assert_msg(fp != NULL, "cannot open %s (run from tests/)", REFS);
	ck_assert_int_eq(fseek(fp, 0, SEEK_END), 0);
	size = ftell(fp);
	ck_assert_int_ge(size, 1);
	rewind(fp);
	refs_text = malloc((size_t)size + 1);
	ck_assert_ptr_nonnull(refs_text);
	ck_assert_uint_eq(fread(refs_text, 1, (size_t)size, fp), (size_t)size);
	refs_text[size] = '\0';
	fclose(fp);
	for (p = refs_text; p && *p; p = line) {
		struct rec *r;
		char *tok, *save = NULL, *nl = strchr(p, '\n');

		line = nl ? nl + 1 : NULL;
		if (nl)
			*nl = '\0';
		if (*p == '#' || *p == '\0')
			continue;
		if (n_recs == cap) {
			cap = cap ? 2 * cap : 256;
			recs = realloc(recs, cap * sizeof *recs);
			ck_assert_ptr_nonnull(recs);
		}
		r = &recs[n_recs++];
		memset(r, 0, sizeof *r);
		r->kind = strtok_r(p, " ", &save);
		while ((tok = strtok_r(NULL, " ", &save)) != NULL) {
			char *eq = strchr(tok, '=');

			ck_assert_msg(eq && r->n < MAX_KEYS, "bad token %s",
				      tok);
			*eq = '\0';
			r->key[r->n] = tok;
			r->val[r->n++] = eq + 1;
		}
	}
}

static const char *get(const struct rec *r, const char *key)
{
	size_t i;

	for (i = 0; i < r->n; i++)
		if (strcmp(r->key[i], key) == 0)
			return r->val[i];
	ck_abort_msg("record %s has no %s", r->kind, key);
	return NULL;
}

static double num(const struct rec *r, const char *key)
{
	return strtod(get(r, key), NULL);
}

static long inum(const struct rec *r, const char *key)
{
	return strtol(get(r, key), NULL, 10);
}

/* ------------------------------------------------------------ samples */

/* A sample built from a spec: "runs:v,...", "summ:m,se,n", ... */
struct tsample {
	struct br_sample s;
	struct br_run runs[1024];
};

static void parse_sample(const char *spec, struct tsample *t)
{
	const char *p;
	char *end;

	memset(t, 0, sizeof *t);
	t->s.se = NAN;
	if (strncmp(spec, "runs:", 5) == 0) {
		t->s.runs = t->runs;
		for (p = spec + 5; *p; p = end + (*end == ',')) {
			ck_assert_uint_lt(t->s.n_runs, 1024);
			t->runs[t->s.n_runs++].value = strtod(p, &end);
			ck_assert_ptr_ne(end, p);
		}
	} else if (strncmp(spec, "summ:", 5) == 0) {
		t->s.has_value = t->s.is_summary = true;
		t->s.value = strtod(spec + 5, &end);
		t->s.se = strtod(end + 1, &end);
		t->s.n = (size_t)strtoul(end + 1, &end, 10);
	} else if (strncmp(spec, "value:", 6) == 0) {
		t->s.has_value = true;
		t->s.value = strtod(spec + 6, NULL);
	} else {
		ck_assert_str_eq(spec, "none");
	}
}

/* Summary of a spec; asserts BR_OK unless the spec is "none". */
static void summarize_spec(const char *spec, double conf,
			   struct br_summary *out)
{
	static struct tsample t;
	int rc;

	parse_sample(spec, &t);
	rc = br_summarize(&t.s, conf, out);
	ck_assert_int_eq(rc, strcmp(spec, "none") ? BR_OK : BR_EDATA);
}

/* ---------------------------------------------------------- tolerance */

/*
 * |got - want| < rel * max(|want|, scale), via ck_assert_double_eq_tol;
 * NAN only matches NAN, and a zero tolerance means exactly equal.
 */
static void near(const char *ctx, const char *field, double got,
		 double want, double rel, double scale)
{
	double tol;

	if (isnan(want)) {
		ck_assert_msg(isnan(got), "%s %s: got %.17g, want nan", ctx,
			      field, got);
		return;
	}
	ck_assert_msg(!isnan(got), "%s %s: got nan, want %.17g", ctx, field,
		      want);
	tol = rel * fmax(fabs(want), fabs(scale));
	if (tol == 0 || isinf(want)) {
		ck_assert_msg(got == want, "%s %s: got %.17g, want exactly "
			      "%.17g", ctx, field, got, want);
		return;
	}
	ck_assert_msg(fabs(got - want) < tol, "%s %s: got %.17g, want %.17g "
		      "(rel err %.3g, tol %.3g)", ctx, field, got, want,
		      fabs(got - want) / fmax(fabs(want), DBL_MIN), tol);
	ck_assert_double_eq_tol(got, want, tol);
}

/* Field of record r against a computed value. */
static void near_f(const struct rec *r, const char *field, double got,
		   double rel, double scale)
{
	near(get(r, "name"), field, got, num(r, field), rel, scale);
}

static void same_i(const struct rec *r, const char *field, long got)
{
	ck_assert_msg(got == inum(r, field), "%s %s: got %ld, want %s",
		      get(r, "name"), field, got, get(r, field));
}

/* -------------------------------------------------- reference records */

START_TEST(test_t_quantile)
{
	size_t i, n = 0;

	load_refs();
	for (i = 0; i < n_recs; i++) {
		const struct rec *r = &recs[i];
		char ctx[64];

		if (strcmp(r->kind, "tq") != 0)
			continue;
		snprintf(ctx, sizeof ctx, "q(%s, %s)", get(r, "p"),
			 get(r, "df"));
		/* polished to ~1e-13; raw gsl_cdf_tdist_Pinv is ~5e-9 */
		near(ctx, "q", br_t_quantile(num(r, "p"), num(r, "df")),
		     num(r, "q"), 1e-12, 0);
		n++;
	}
	ck_assert_uint_ge(n, 100);
	ck_assert(isnan(br_t_quantile(0, 5)));
	ck_assert(isnan(br_t_quantile(1, 5)));
	ck_assert(isnan(br_t_quantile(0.9, 0)));
	ck_assert(isnan(br_t_quantile(NAN, 5)));
	ck_assert(isnan(br_t_quantile(0.9, NAN)));
	ck_assert_double_eq(br_t_quantile(0.5, 7), 0);
	ck_assert_double_eq_tol(br_t_quantile(0.975, INFINITY),
				1.959963984540054, 1e-15);
}
END_TEST

static void check_summary_rec(const struct rec *r)
{
	struct br_summary s;
	struct tsample t;
	const char *fl;
	double sx, ci;
	int rc;
	size_t i;

	parse_sample(get(r, "sample"), &t);
	rc = br_summarize(&t.s, num(r, "conf"), &s);
	same_i(r, "status", rc);
	same_i(r, "n", (long)s.n);
	same_i(r, "from_summary", s.from_summary);
	same_i(r, "sign_change", s.sign_change);
	same_i(r, "n_flagged", (long)s.n_flagged);
	same_i(r, "drift", s.drift);
	ck_assert(s.drift == (s.drift_reason != NULL));
	fl = get(r, "flagged");
	for (i = 0; i < s.n_flagged && i < BR_MAX_FLAGGED; i++) {
		char *end;

		ck_assert_uint_eq(s.flagged[i], strtoul(fl, &end, 10));
		fl = end + (*end == ',');
	}
	/* a few ulps of the data for location statistics */
	sx = 1e-6 * fmax(fabs(num(r, "min")), fmax(fabs(num(r, "max")),
						  fabs(num(r, "mean"))));
	ci = fmax(fabs(num(r, "ci_low")), fabs(num(r, "ci_high")));
	near_f(r, "mean", s.mean, T_MOM, sx);
	near_f(r, "sd", s.sd, T_MOM, 0);
	near_f(r, "se", s.se, T_MOM, 0);
	near_f(r, "ci_low", s.ci_low, T_Q, ci);
	near_f(r, "ci_high", s.ci_high, T_Q, ci);
	near_f(r, "median", s.median, T_MOM, sx);
	near_f(r, "q1", s.q1, T_MOM, sx);
	near_f(r, "q3", s.q3, T_MOM, sx);
	near_f(r, "min", s.min, 0, 0);
	near_f(r, "max", s.max, 0, 0);
	near_f(r, "cv_pct", s.cv_pct, T_MOM, 0);
	near_f(r, "lag1", s.lag1, T_MOM, 1);
	near_f(r, "trend_slope", s.trend_slope, T_MOM,
	       (num(r, "max") - num(r, "min")) / (double)(s.n ? s.n : 1));
	/* p below 1e-14 is rounding noise (pts_ext4 is an exact line) */
	near_f(r, "trend_p", s.trend_p, T_Q, 1e-6);
}

START_TEST(test_summary_refs)
{
	size_t i, n = 0;

	load_refs();
	for (i = 0; i < n_recs; i++) {
		if (strcmp(recs[i].kind, "summary") != 0)
			continue;
		check_summary_rec(&recs[i]);
		n++;
	}
	ck_assert_uint_ge(n, 60);
}
END_TEST

/* NIST StRD certified values (tolerance per dataset, see make_refs.py) */
START_TEST(test_nist_certified)
{
	size_t i, n = 0;

	load_refs();
	for (i = 0; i < n_recs; i++) {
		const struct rec *r = &recs[i];
		struct br_summary s;
		double tol;

		if (strcmp(r->kind, "certified") != 0)
			continue;
		summarize_spec(get(r, "sample"), 0.95, &s);
		tol = num(r, "tol");
		near_f(r, "mean", s.mean, 1e-14, 0);
		near_f(r, "sd", s.sd, tol, 0);
		near_f(r, "lag1", s.lag1, tol, 0);
		n++;
	}
	ck_assert_uint_eq(n, 8);
}
END_TEST

static void check_compare_rec(const struct rec *r)
{
	struct br_summary a, b;
	struct br_comparison c;
	double conf = num(r, "conf"), sm, sp, lo, hi;
	enum br_dir dir;

	dir = strcmp(get(r, "dir"), "LIB") == 0 ? BR_DIR_LIB : BR_DIR_HIB;
	summarize_spec(get(r, "a"), conf, &a);
	summarize_spec(get(r, "b"), conf, &b);
	br_compare(&a, &b, dir, conf, num(r, "equiv"), &c);
	ck_assert_msg(strcmp(br_verdict_name(c.verdict), get(r, "verdict")) ==
		      0, "%s verdict: got %s, want %s", get(r, "name"),
		      br_verdict_name(c.verdict), get(r, "verdict"));
	same_i(r, "zero_variance", c.zero_variance);
	same_i(r, "ratio_unbounded", c.ratio_unbounded);
	same_i(r, "speedup_unbounded", c.speedup_unbounded);
	/* sm: a few ulps of the means, the floor for differences */
	sm = 1e-6 * fmax(fabs(a.mean), fabs(b.mean));
	sp = a.n && a.mean != 0 ? 100 * sm / fabs(a.mean) : 0;
	near_f(r, "d", c.d, T_MOM, sm);
	near_f(r, "se_d", c.se_d, T_MOM, 0);
	near_f(r, "t", c.t, T_MOM, c.se_d > 0 ? sm / c.se_d : 0);
	near_f(r, "df", c.df, T_MOM, 0);
	near_f(r, "p", c.p, T_Q, 0);
	lo = num(r, "d_ci_low");
	hi = num(r, "d_ci_high");
	near_f(r, "d_ci_low", c.d_ci_low, T_Q, fmax(fmax(fabs(lo), fabs(hi)),
						      sm));
	near_f(r, "d_ci_high", c.d_ci_high, T_Q, fmax(fmax(fabs(lo), fabs(hi)),
							sm));
	near_f(r, "ratio", c.ratio, T_MOM, 0);
	near_f(r, "ratio_ci_low", c.ratio_ci_low, T_Q, 0);
	near_f(r, "ratio_ci_high", c.ratio_ci_high, T_Q, 0);
	near_f(r, "speedup", c.speedup, T_MOM, 0);
	near_f(r, "speedup_ci_low", c.speedup_ci_low, T_Q, 0);
	near_f(r, "speedup_ci_high", c.speedup_ci_high, T_Q, 0);
	near_f(r, "improvement_pct", c.improvement_pct, T_MOM, sp);
	lo = num(r, "improvement_ci_low_pct");
	hi = num(r, "improvement_ci_high_pct");
	near_f(r, "improvement_ci_low_pct", c.improvement_ci_low_pct, T_Q,
	       fmax(fmax(fabs(lo), fabs(hi)), sp));
	near_f(r, "improvement_ci_high_pct", c.improvement_ci_high_pct, T_Q,
	       fmax(fmax(fabs(lo), fabs(hi)), sp));
	lo = num(r, "equiv_ci_low_pct");
	hi = num(r, "equiv_ci_high_pct");
	near_f(r, "equiv_ci_low_pct", c.equiv_ci_low_pct, T_Q,
	       fmax(fmax(fabs(lo), fabs(hi)), sp));
	near_f(r, "equiv_ci_high_pct", c.equiv_ci_high_pct, T_Q,
	       fmax(fmax(fabs(lo), fabs(hi)), sp));
	near_f(r, "mde_pct", c.mde_pct, T_Q, 0);
	near_f(r, "runs_needed", c.runs_needed, 0, 0);
}

START_TEST(test_compare_refs)
{
	size_t i, n = 0;

	load_refs();
	for (i = 0; i < n_recs; i++) {
		if (strcmp(recs[i].kind, "compare") != 0)
			continue;
		check_compare_rec(&recs[i]);
		n++;
	}
	ck_assert_uint_ge(n, 250);
}
END_TEST

START_TEST(test_pooled_refs)
{
	size_t i, n = 0;

	load_refs();
	for (i = 0; i < n_recs; i++) {
		const struct rec *r = &recs[i];
		struct br_summary a, b;
		struct br_pooled pt;
		double conf;

		if (strcmp(r->kind, "pooled") != 0)
			continue;
		conf = num(r, "conf");
		summarize_spec(get(r, "a"), conf, &a);
		summarize_spec(get(r, "b"), conf, &b);
		ck_assert(br_pooled_t(&a, &b, conf, &pt));
		near_f(r, "d", pt.d, T_MOM, 0);
		near_f(r, "e", pt.e, T_Q, 0);
		near_f(r, "s_p", pt.s_p, T_MOM, 0);
		near_f(r, "pct", pt.pct, T_MOM, 0);
		near_f(r, "pct_e", pt.pct_e, T_Q, 0);
		near_f(r, "t", pt.t, T_MOM, 0);
		near_f(r, "df", pt.df, 0, 0);
		near_f(r, "p", pt.p, T_Q, 0);
		same_i(r, "different", pt.different);
		n++;
	}
	ck_assert_uint_eq(n, 3);
}
END_TEST

/* Split "DIR/spec/spec;DIR/spec/spec" into summaries. */
static size_t parse_tests(const char *text, double conf,
			  struct br_summary *a, struct br_summary *b,
			  enum br_dir *dir, size_t max)
{
	char buf[16384], *save = NULL, *t;
	size_t k = 0;

	ck_assert_uint_lt(strlen(text), sizeof buf);
	strcpy(buf, text);
	for (t = strtok_r(buf, ";", &save); t; t = strtok_r(NULL, ";", &save)) {
		char *s1 = strchr(t, '/'), *s2;

		ck_assert_ptr_nonnull(s1);
		*s1++ = '\0';
		s2 = strchr(s1, '/');
		ck_assert_ptr_nonnull(s2);
		*s2++ = '\0';
		ck_assert_uint_lt(k, max);
		dir[k] = strcmp(t, "LIB") == 0 ? BR_DIR_LIB : BR_DIR_HIB;
		summarize_spec(s1, conf, &a[k]);
		summarize_spec(s2, conf, &b[k]);
		k++;
	}
	return k;
}

START_TEST(test_geomean_refs)
{
	size_t i, n = 0;

	load_refs();
	for (i = 0; i < n_recs; i++) {
		const struct rec *r = &recs[i];
		struct br_summary a[16], b[16];
		const struct br_summary *pa[16], *pb[16];
		enum br_dir dir[16];
		struct br_geomean g;
		double conf;
		size_t k, j;
		int rc;

		if (strcmp(r->kind, "geomean") != 0)
			continue;
		conf = num(r, "conf");
		k = parse_tests(get(r, "tests"), conf, a, b, dir, 16);
		for (j = 0; j < k; j++) {
			pa[j] = &a[j];
			pb[j] = &b[j];
		}
		rc = br_geomean(pa, pb, dir, k, conf, &g);
		same_i(r, "status", rc);
		same_i(r, "k", (long)g.k);
		same_i(r, "skipped", (long)g.skipped);
		near_f(r, "gm", g.gm, T_MOM, 0);
		near_f(r, "meas_low", g.meas_low, T_Q, 0);
		near_f(r, "meas_high", g.meas_high, T_Q, 0);
		near_f(r, "across_low", g.across_low, T_Q, 0);
		near_f(r, "across_high", g.across_high, T_Q, 0);
		near_f(r, "gsd", g.gsd, T_MOM, 0);
		n++;
	}
	ck_assert_uint_ge(n, 25);
}
END_TEST

START_TEST(test_rank_refs)
{
	size_t i, n = 0;

	load_refs();
	for (i = 0; i < n_recs; i++) {
		const struct rec *r = &recs[i];
		struct br_summary s[16];
		int rank[16];
		double rel[16], conf;
		char buf[16384], *save = NULL, *t, *end;
		const char *rk, *rv;
		size_t k = 0, j;
		enum br_dir dir;

		if (strcmp(r->kind, "rank") != 0)
			continue;
		conf = num(r, "conf");
		dir = strcmp(get(r, "dir"), "LIB") == 0 ? BR_DIR_LIB :
							  BR_DIR_HIB;
		ck_assert_uint_lt(strlen(get(r, "systems")), sizeof buf);
		strcpy(buf, get(r, "systems"));
		for (t = strtok_r(buf, ";", &save); t;
		     t = strtok_r(NULL, ";", &save))
			summarize_spec(t, conf, &s[k++]);
		ck_assert_int_eq(br_rank(s, k, dir, conf, inum(r, "holm"), rank,
					 rel), BR_OK);
		rk = get(r, "ranks");
		rv = get(r, "relative");
		for (j = 0; j < k; j++) {
			long want = strtol(rk, &end, 10);

			ck_assert_msg(rank[j] == want, "%s rank[%zu]: got %d, "
				      "want %ld", get(r, "name"), j, rank[j],
				      want);
			rk = end + (*end == ',');
			near(get(r, "name"), "relative", rel[j],
			     strtod(rv, &end), T_MOM, 0);
			rv = end + (*end == ',');
		}
		n++;
	}
	ck_assert_uint_ge(n, 25);
}
END_TEST

/* ------------------------------------------------ exactness and prose */

static void runs3(struct tsample *t, double x, double y, double z)
{
	char spec[128];

	snprintf(spec, sizeof spec, "runs:%.17g,%.17g,%.17g", x, y, z);
	parse_sample(spec, t);
}

START_TEST(test_exact_moments)
{
	struct tsample t;
	struct br_summary s, s2;
	struct br_comparison c;

	gsl_set_error_handler_off();
	runs3(&t, 1e9 + 1, 1e9 + 2, 1e9 + 3);
	ck_assert_int_eq(br_summarize(&t.s, 0.95, &s), BR_OK);
	ck_assert_double_eq(s.mean, 1e9 + 2);
	ck_assert_double_eq(s.sd, 1);
	runs3(&t, 0.1, 0.1, 0.1);
	ck_assert_int_eq(br_summarize(&t.s, 0.95, &s), BR_OK);
	ck_assert_double_eq(s.mean, 0.1);
	ck_assert_double_eq(s.sd, 0);
	ck_assert_double_eq(s.ci_low, 0.1);
	ck_assert_double_eq(s.q1, 0.1);
	ck_assert_double_eq(s.q3, 0.1);
	ck_assert_double_eq(s.cv_pct, 0);
	ck_assert(isnan(s.lag1));
	ck_assert(isnan(s.trend_slope));
	runs3(&t, 1e15, 1e15, 1e15);
	ck_assert_int_eq(br_summarize(&t.s, 0.95, &s), BR_OK);
	ck_assert_double_eq(s.mean, 1e15);
	ck_assert_double_eq(s.sd, 0);
	/* 1e9 + {1,5,3} vs 1e9 + {2,6,4}: ministat said "1 +/- 0" */
	runs3(&t, 1e9 + 1, 1e9 + 5, 1e9 + 3);
	ck_assert_int_eq(br_summarize(&t.s, 0.95, &s), BR_OK);
	runs3(&t, 1e9 + 2, 1e9 + 6, 1e9 + 4);
	ck_assert_int_eq(br_summarize(&t.s, 0.95, &s2), BR_OK);
	ck_assert_double_eq(s.mean, 1e9 + 3);
	ck_assert_double_eq(s.sd, 2);
	br_compare(&s, &s2, BR_DIR_HIB, 0.95, 0, &c);
	ck_assert_double_eq(c.d, 1);
	ck_assert_double_eq_tol(c.p, 0.57, 0.005);
	ck_assert_int_eq(c.verdict, BR_VERDICT_NO_DIFFERENCE);
	ck_assert(c.improvement_ci_low_pct < 0 &&
		  c.improvement_ci_high_pct > 0);
	/* 1e15 triples, 2 apart: zero variance, exact difference */
	runs3(&t, 1e15, 1e15, 1e15);
	ck_assert_int_eq(br_summarize(&t.s, 0.95, &s), BR_OK);
	runs3(&t, 1e15 + 2, 1e15 + 2, 1e15 + 2);
	ck_assert_int_eq(br_summarize(&t.s, 0.95, &s2), BR_OK);
	br_compare(&s, &s2, BR_DIR_HIB, 0.95, 0, &c);
	ck_assert_double_eq(c.d, 2);
	ck_assert(c.zero_variance);
	ck_assert_double_eq(c.p, 0);
	ck_assert_int_eq(c.verdict, BR_VERDICT_BETTER);
}
END_TEST

/* doc/pts-format.md section 2.2: "SE +/- 0.70, N = 3" and "SE +/- 0.83, N = 9" */
START_TEST(test_pts_se)
{
	struct tsample t;
	struct br_summary s;
	char buf[32], spec[512];
	int k, off;

	gsl_set_error_handler_off();
	runs3(&t, 843.79, 845.00, 846.21);
	ck_assert_int_eq(br_summarize(&t.s, 0.95, &s), BR_OK);
	ck_assert_double_eq_tol(s.sd, 1.21, 1e-12);
	ck_assert_double_eq_tol(s.se, 0.6986, 0.00005);
	snprintf(buf, sizeof buf, "%.2f", s.se);
	ck_assert_str_eq(buf, "0.70");
	off = snprintf(spec, sizeof spec, "runs:");
	for (k = -4; k <= 4; k++)
		off += snprintf(spec + off, sizeof spec - (size_t)off,
				"%s%.17g", k > -4 ? "," : "", 60.99 + k * 0.91);
	parse_sample(spec, &t);
	ck_assert_int_eq(br_summarize(&t.s, 0.95, &s), BR_OK);
	ck_assert_uint_eq(s.n, 9);
	snprintf(buf, sizeof buf, "%.2f", s.se);
	ck_assert_str_eq(buf, "0.83");
	/* a 95% CI at n = 3 is +/- 4.30 SE (doc/statistics.md) */
	runs3(&t, 843.79, 845.00, 846.21);
	ck_assert_int_eq(br_summarize(&t.s, 0.95, &s), BR_OK);
	ck_assert_double_eq_tol((s.ci_high - s.mean) / s.se, 4.3027, 5e-5);
}
END_TEST

/* ministat(1)'s example, at the man page's printed precision */
START_TEST(test_ministat_example)
{
	struct br_summary ig, ch;
	struct br_pooled pt;
	char buf[128];

	gsl_set_error_handler_off();
	summarize_spec("runs:50,200,150,400,750,400,150", 0.8, &ig);
	summarize_spec("runs:150,400,720,500,930", 0.8, &ch);
	snprintf(buf, sizeof buf, "%3zu %10g %10g %10g %10g %12.8g", ig.n,
		 ig.min, ig.max, ig.median, ig.mean, ig.sd);
	ck_assert_str_eq(buf, "  7         50        750        200        "
			 "300    238.04761");
	snprintf(buf, sizeof buf, "%3zu %10g %10g %10g %10g %12.8g", ch.n,
		 ch.min, ch.max, ch.median, ch.mean, ch.sd);
	ck_assert_str_eq(buf, "  5        150        930        500        "
			 "540    299.08193");
	ck_assert(br_pooled_t(&ig, &ch, 0.8, &pt));
	ck_assert(pt.different);
	snprintf(buf, sizeof buf, "%g %g%% %g", pt.d, pt.pct, pt.s_p);
	ck_assert_str_eq(buf, "240 80% 264.159");
	/* ministat's table t 1.372 gives 212.215 and 70.7384%; exact t
	 * 1.3721836 gives 212.243 and 70.7478% */
	snprintf(buf, sizeof buf, "%g %g%%", pt.e, pt.pct_e);
	ck_assert_str_eq(buf, "212.243 70.7478%");
	ck_assert(br_pooled_t(&ig, &ch, 0.95, &pt));
	ck_assert(!pt.different);
}
END_TEST

/* doc/statistics.md, "Where ministat and PTS differ": pooled p 0.0036 but Welch p 0.159 */
START_TEST(test_pooled_vs_welch)
{
	struct br_summary a, b;
	struct br_pooled pt;
	struct br_comparison c;

	gsl_set_error_handler_off();
	summarize_spec("runs:540.8,846.9,1153.1,1459.2", 0.95, &a);
	summarize_spec("runs:1368.699,1368.704,1368.71,1368.715,1368.721,"
		       "1368.726,1368.732,1368.738,1368.743,1368.749,1368.754,"
		       "1368.76", 0.95, &b);
	ck_assert(br_pooled_t(&a, &b, 0.95, &pt));
	ck_assert_double_eq_tol(pt.p, 0.0036, 0.00005);
	ck_assert(pt.different);
	br_compare(&a, &b, BR_DIR_HIB, 0.95, 0, &c);
	ck_assert_double_eq_tol(c.p, 0.159, 0.0005);
	ck_assert_int_eq(c.verdict, BR_VERDICT_NO_DIFFERENCE);
}
END_TEST

START_TEST(test_degenerate_reasons)
{
	struct br_summary a, b, z;
	struct br_comparison c;

	gsl_set_error_handler_off();
	summarize_spec("runs:10,11,12", 0.95, &a);
	summarize_spec("runs:13", 0.95, &b);
	br_compare(&a, &b, BR_DIR_HIB, 0.95, 0, &c);
	ck_assert_int_eq(c.verdict, BR_VERDICT_SINGLE_RUN);
	ck_assert_str_eq(c.reason, "single run, no statistical comparison");
	ck_assert_double_eq_tol(c.improvement_pct, 100.0 * 2 / 11, 1e-12);
	ck_assert(isnan(c.p) && isnan(c.improvement_ci_low_pct));

	summarize_spec("runs:5,5,5", 0.95, &a);
	summarize_spec("runs:6,6,6", 0.95, &b);
	br_compare(&a, &b, BR_DIR_LIB, 0.95, 0, &c);
	ck_assert_int_eq(c.verdict, BR_VERDICT_WORSE);
	ck_assert(c.zero_variance);
	ck_assert_str_eq(c.reason,
			 "zero variance: timer resolution or too few runs?");
	ck_assert_double_eq(c.p, 0);
	br_compare(&a, &a, BR_DIR_LIB, 0.95, 0, &c);
	ck_assert_int_eq(c.verdict, BR_VERDICT_NO_DIFFERENCE);
	ck_assert_double_eq(c.p, 1);

	summarize_spec("none", 0.95, &z);
	br_compare(&z, &b, BR_DIR_HIB, 0.95, 0, &c);
	ck_assert_int_eq(c.verdict, BR_VERDICT_SINGLE_RUN);
	ck_assert_str_eq(c.reason, "missing result, no comparison");
	ck_assert(isnan(c.d));
	br_compare(NULL, &b, BR_DIR_HIB, 0.95, 0, &c);
	ck_assert_int_eq(c.verdict, BR_VERDICT_SINGLE_RUN);

	summarize_spec("summ:100,nan,5", 0.95, &a);
	summarize_spec("summ:103,0.8,7", 0.95, &b);
	ck_assert_uint_eq(a.n, 5);
	ck_assert(a.from_summary && isnan(a.sd) && isnan(a.median));
	br_compare(&a, &b, BR_DIR_HIB, 0.95, 0, &c);
	ck_assert_int_eq(c.verdict, BR_VERDICT_SINGLE_RUN);
	ck_assert_str_eq(c.reason,
			 "no spread published, no statistical comparison");

	summarize_spec("value:123.4", 0.95, &a);
	ck_assert_uint_eq(a.n, 1);
	ck_assert(a.from_summary);
	ck_assert_double_eq(a.mean, 123.4);
	ck_assert(isnan(a.sd) && isnan(a.min) && isnan(a.ci_low));

	summarize_spec("runs:-1,1,0.5,-0.2,0.7", 0.95, &a);
	summarize_spec("runs:100,101,99", 0.95, &b);
	br_compare(&a, &b, BR_DIR_HIB, 0.95, 0, &c);
	ck_assert(c.ratio_unbounded && c.speedup_unbounded);
	ck_assert_str_eq(c.reason, "baseline too noisy for a ratio");
	ck_assert_int_eq(c.verdict, BR_VERDICT_BETTER);
	ck_assert(c.d_ci_low > 0);
	br_compare(&b, &a, BR_DIR_LIB, 0.95, 0, &c);
	ck_assert(!c.ratio_unbounded && c.speedup_unbounded);
	ck_assert_str_eq(c.reason, "candidate too noisy for a ratio");

	summarize_spec("runs:-10,-10.2,-9.8", 0.95, &a);
	summarize_spec("runs:-8,-7.9,-8.1", 0.95, &b);
	br_compare(&a, &b, BR_DIR_HIB, 0.95, 0, &c);
	ck_assert_str_eq(c.reason, "non-positive mean: no ratio, percent of "
			 "|baseline|");
	ck_assert(isnan(c.speedup) && isnan(c.ratio_ci_low));
	ck_assert_double_eq_tol(c.improvement_pct, 20, 1e-12);
	ck_assert_int_eq(c.verdict, BR_VERDICT_BETTER);
	ck_assert(c.improvement_ci_low_pct > 0);
	br_compare(&a, &b, BR_DIR_LIB, 0.95, 0, &c);
	ck_assert_double_eq_tol(c.improvement_pct, -20, 1e-12);
	ck_assert_int_eq(c.verdict, BR_VERDICT_WORSE);
	ck_assert(c.improvement_ci_high_pct < 0);

	summarize_spec("runs:-1,0,1", 0.95, &a);
	br_compare(&a, &b, BR_DIR_HIB, 0.95, 0, &c);
	ck_assert_str_eq(c.reason, "zero baseline mean: no ratio or percent");
	ck_assert(isnan(c.improvement_pct) && isnan(c.mde_pct));
	ck_assert_int_eq(c.verdict, BR_VERDICT_WORSE);

	summarize_spec("summ:1e200,1e199,3", 0.95, &a);
	br_compare(&a, &b, BR_DIR_HIB, 0.95, 0, &c);
	ck_assert_int_eq(c.verdict, BR_VERDICT_SINGLE_RUN);
	ck_assert_str_eq(c.reason,
			 "values out of range, no statistical comparison");
	summarize_spec("summ:1,1e-200,3", 0.95, &a);
	br_compare(&b, &a, BR_DIR_HIB, 0.95, 0, &c);
	ck_assert_int_eq(c.verdict, BR_VERDICT_SINGLE_RUN);

	summarize_spec("runs:-1,0,1", 0.95, &a);
	br_compare(&a, &b, BR_DIR_HIB, 1.5, 0, &c);
	ck_assert_int_eq(c.verdict, BR_VERDICT_INCONCLUSIVE);
	ck_assert_ptr_nonnull(c.reason);
	ck_assert_int_eq(br_summarize(&(struct br_sample){0}, 0, &a),
			 BR_EUSAGE);
}
END_TEST

START_TEST(test_outliers_and_drift)
{
	struct br_summary s;

	gsl_set_error_handler_off();
	/* "1 of 10 runs flagged (run 7: 45.0)" */
	summarize_spec("runs:10,10.1,9.9,10.05,9.95,10.02,45,10,9.98,10.03",
		       0.95, &s);
	ck_assert_uint_eq(s.n_flagged, 1);
	ck_assert_uint_eq(s.flagged[0], 6);
	summarize_spec("runs:10,10,10,10,11", 0.95, &s);   /* MeanAD */
	ck_assert_uint_eq(s.n_flagged, 1);
	ck_assert_uint_eq(s.flagged[0], 4);
	summarize_spec("runs:10,11", 0.95, &s);            /* n < 3 */
	ck_assert_uint_eq(s.n_flagged, 0);
	summarize_spec("runs:7,7,7,7,7", 0.95, &s);
	ck_assert_uint_eq(s.n_flagged, 0);
	ck_assert(!s.drift && isnan(s.lag1));
	ck_assert_double_eq(s.trend_slope, 0);
	ck_assert_double_eq(s.trend_p, 1);
	summarize_spec("runs:1,2,3,4,5", 0.95, &s);       /* perfect line */
	ck_assert_double_eq(s.trend_p, 0);
	ck_assert(s.drift);
	ck_assert_str_eq(s.drift_reason, "runs trend over run order");
	summarize_spec("runs:1,2,3,4", 0.95, &s);         /* too short */
	ck_assert(isnan(s.trend_p) && !isnan(s.lag1) && !s.drift);
	summarize_spec("runs:1,2", 0.95, &s);
	ck_assert(isnan(s.lag1));
	summarize_spec("runs:1,2,1,2,1,2,1,2,1,2,1,2", 0.95, &s);
	ck_assert(s.lag1 < -0.9 && !s.drift);              /* alternation */
	summarize_spec("runs:1,1.1,1.2,1.1,1,0.9,0.8,0.9,1,1.1,1.2,1.1",
		       0.95, &s);
	ck_assert(s.drift);
	ck_assert_str_eq(s.drift_reason, "runs are autocorrelated (lag 1)");
	summarize_spec("summ:100.5,0.25,5", 0.95, &s);
	ck_assert(!s.drift && isnan(s.lag1) && s.n_flagged == 0);
}
END_TEST

/* GM of speedups = PTS's ratio of per-system geomeans (doc/statistics.md) */
START_TEST(test_geomean_identity)
{
	struct br_summary a[3], b[3];
	const struct br_summary *pa[3] = {&a[0], &a[1], &a[2]};
	const struct br_summary *pb[3] = {&b[0], &b[1], &b[2]};
	enum br_dir dir[3] = {BR_DIR_HIB, BR_DIR_LIB, BR_DIR_HIB};
	struct br_geomean g;
	double ga = 1, gb = 1;
	int i;

	gsl_set_error_handler_off();
	summarize_spec("runs:10,10.5,9.8", 0.95, &a[0]);
	summarize_spec("runs:12,12.3,11.9", 0.95, &b[0]);
	summarize_spec("runs:5,5.2,4.9,5.1", 0.95, &a[1]);
	summarize_spec("runs:4,4.1,3.9", 0.95, &b[1]);
	summarize_spec("summ:200,1.5,5", 0.95, &a[2]);
	summarize_spec("summ:210,2.5,5", 0.95, &b[2]);
	ck_assert_int_eq(br_geomean(pa, pb, dir, 3, 0.95, &g), BR_OK);
	for (i = 0; i < 3; i++) {
		/* PTS: LIB values become 100/x */
		ga *= dir[i] == BR_DIR_LIB ? 100 / a[i].mean : a[i].mean;
		gb *= dir[i] == BR_DIR_LIB ? 100 / b[i].mean : b[i].mean;
	}
	ck_assert_double_eq_tol(g.gm, cbrt(gb) / cbrt(ga), 1e-12);
	ck_assert(g.meas_low < g.gm && g.gm < g.meas_high);
	ck_assert(g.across_low < g.meas_low && g.meas_high < g.across_high);
	ck_assert(br_geomean_usable(&a[0], &b[0]));
	ck_assert(!br_geomean_usable(NULL, &b[0]));
}
END_TEST

/* doc/statistics.md, "Geometric mean": one 10x test among three ties */
START_TEST(test_geomean_10x_example)
{
	struct br_summary a, b, b10;
	const struct br_summary *pa[4] = {&a, &a, &a, &a};
	const struct br_summary *pb[4] = {&b, &b, &b, &b10};
	struct br_geomean g;
	char buf[64];

	gsl_set_error_handler_off();
	summarize_spec("summ:100,1.67,3", 0.95, &a);
	summarize_spec("summ:100,1.67,3", 0.95, &b);
	summarize_spec("summ:1000,16.7,3", 0.95, &b10);
	ck_assert_int_eq(br_geomean(pa, pb, NULL, 4, 0.95, &g), BR_OK);
	snprintf(buf, sizeof buf, "%.2f %.2f-%.2f %.2f-%.1f", g.gm,
		 g.meas_low, g.meas_high, g.across_low, g.across_high);
	ck_assert_str_eq(buf, "1.78 1.73-1.82 0.28-11.1");
	ck_assert_double_eq_tol(g.gsd, exp(log(10) / 2), 1e-12);
}
END_TEST

START_TEST(test_rank_misc)
{
	struct br_summary s[3];
	int rank[3];

	gsl_set_error_handler_off();
	summarize_spec("runs:5,5.1,4.9", 0.95, &s[0]);
	summarize_spec("runs:9,9.1,8.9", 0.95, &s[1]);
	summarize_spec("runs:7,7.1,6.9", 0.95, &s[2]);
	ck_assert_int_eq(br_rank(s, 3, BR_DIR_LIB, 0.95, false, rank, NULL),
			 BR_OK);
	ck_assert_int_eq(rank[0], 1);
	ck_assert_int_eq(rank[1], 3);
	ck_assert_int_eq(rank[2], 2);
	ck_assert_int_eq(br_rank(s, 3, BR_DIR_HIB, 0.95, true, NULL, NULL),
			 BR_OK);
	ck_assert_int_eq(br_rank(s, 0, BR_DIR_HIB, 0.95, true, rank, NULL),
			 BR_OK);
	ck_assert_int_eq(br_rank(s, 3, BR_DIR_HIB, 1, false, rank, NULL),
			 BR_EUSAGE);
}
END_TEST

START_TEST(test_verdict_names)
{
	ck_assert_str_eq(br_verdict_name(BR_VERDICT_BETTER), "better");
	ck_assert_str_eq(br_verdict_name(BR_VERDICT_WORSE), "worse");
	ck_assert_str_eq(br_verdict_name(BR_VERDICT_NO_DIFFERENCE),
			 "no-difference");
	ck_assert_str_eq(br_verdict_name(BR_VERDICT_EQUIVALENT),
			 "equivalent");
	ck_assert_str_eq(br_verdict_name(BR_VERDICT_INCONCLUSIVE),
			 "inconclusive");
	ck_assert_str_eq(br_verdict_name(BR_VERDICT_SINGLE_RUN),
			 "single-run");
	ck_assert_str_eq(br_verdict_name((enum br_verdict)99), "");
}
END_TEST

/* ------------------------------------------------------ invariants */

static uint64_t rng_state = 88172645463325252ULL;

static double uniform(void)
{
	rng_state ^= rng_state << 13;
	rng_state ^= rng_state >> 7;
	rng_state ^= rng_state << 17;
	return ((double)(rng_state >> 11) + 0.5) / 9007199254740992.0;
}

static double gauss(void)
{
	return sqrt(-2 * log(uniform())) * cos(2 * M_PI * uniform());
}

/*
 * The promise of stats.h: a verdict never contradicts its own intervals
 * or p.  Without equivalence: better <=> improvement CI above 0 <=>
 * p < alpha with d in the better direction (worse likewise); with it,
 * equivalent <=> the 1-2a CI inside (-m, m), else as before, else
 * inconclusive.  And no NaN anywhere on the verdict path.
 */
static void check_invariants(const struct br_summary *a,
			     const struct br_summary *b, enum br_dir dir,
			     double conf, double m, const char *what)
{
	struct br_comparison c;
	double alpha = 1 - conf;
	bool lib = dir == BR_DIR_LIB, up, down, sig, inside;

	br_compare(a, b, dir, conf, m, &c);
	ck_assert_msg(!isnan(c.p) && !isnan(c.d_ci_low) && !isnan(c.d_ci_high),
		      "%s: NaN on the verdict path", what);
	ck_assert_msg(c.verdict != BR_VERDICT_SINGLE_RUN, "%s", what);
	sig = c.p < alpha;
	ck_assert_msg(sig == (c.d_ci_low > 0 || c.d_ci_high < 0),
		      "%s: p %.17g vs d CI [%.17g, %.17g]", what, c.p,
		      c.d_ci_low, c.d_ci_high);
	up = lib ? c.d_ci_high < 0 : c.d_ci_low > 0;
	down = lib ? c.d_ci_low > 0 : c.d_ci_high < 0;
	if (!c.speedup_unbounded || !(a->mean > 0 && b->mean > 0)) {
		ck_assert_msg(!isnan(c.improvement_ci_low_pct) ||
			      a->mean == 0, "%s: no improvement CI", what);
		if (a->mean != 0) {
			ck_assert_msg(up == (c.improvement_ci_low_pct > 0) &&
				      down == (c.improvement_ci_high_pct < 0),
				      "%s: improvement CI [%.17g, %.17g] vs "
				      "p %.17g", what,
				      c.improvement_ci_low_pct,
				      c.improvement_ci_high_pct, c.p);
			ck_assert(c.improvement_ci_low_pct <=
				  c.improvement_pct &&
				  c.improvement_pct <=
				  c.improvement_ci_high_pct);
		}
	}
	if (!c.ratio_unbounded && a->mean > 0 && b->mean > 0) {
		ck_assert(c.ratio_ci_low <= c.ratio && c.ratio <=
			  c.ratio_ci_high);
		ck_assert((c.ratio_ci_low > 1) == (c.d_ci_low > 0));
		ck_assert((c.ratio_ci_high < 1) == (c.d_ci_high < 0));
		if (!c.speedup_unbounded)
			ck_assert((c.speedup_ci_low > 1) == up &&
				  (c.speedup_ci_high < 1) == down);
		if (lib && !c.speedup_unbounded) {
			/* Fieller is inversion-consistent */
			ck_assert_double_eq_tol(c.speedup_ci_low,
						1 / c.ratio_ci_high,
						1e-12 * c.speedup_ci_low);
			ck_assert_double_eq_tol(c.speedup_ci_high,
						1 / c.ratio_ci_low,
						1e-12 * c.speedup_ci_high);
		}
	}
	inside = m > 0 && c.equiv_ci_low_pct > -m && c.equiv_ci_high_pct < m;
	if (m > 0 && inside)
		ck_assert_int_eq(c.verdict, BR_VERDICT_EQUIVALENT);
	else if (up)
		ck_assert_int_eq(c.verdict, BR_VERDICT_BETTER);
	else if (down)
		ck_assert_int_eq(c.verdict, BR_VERDICT_WORSE);
	else
		ck_assert_int_eq(c.verdict, m > 0 ? BR_VERDICT_INCONCLUSIVE :
					      BR_VERDICT_NO_DIFFERENCE);
	if (m > 0 && !isnan(c.equiv_ci_low_pct) &&
	    !isnan(c.improvement_ci_low_pct)) {
		/* the 1-2a interval sits inside the 1-a one */
		ck_assert(c.equiv_ci_low_pct >= c.improvement_ci_low_pct);
		ck_assert(c.equiv_ci_high_pct <= c.improvement_ci_high_pct);
	}
	{
		/* Ranks decide significance without the quantile (whole-df
		 * brackets) or with Holm's p: both agree with the CI. */
		struct br_summary pair[2];
		int rank[2], want_a = up ? 2 : 1, want_b = down ? 2 : 1;
		int holm;

		pair[0] = *a;
		pair[1] = *b;
		for (holm = 0; holm <= 1; holm++) {
			ck_assert_int_eq(br_rank(pair, 2, dir, conf, holm,
						 rank, NULL), BR_OK);
			ck_assert_msg(rank[0] == want_a && rank[1] == want_b,
				      "%s: ranks %d %d (holm %d) vs d CI "
				      "[%.17g, %.17g]", what, rank[0],
				      rank[1], holm, c.d_ci_low,
				      c.d_ci_high);
		}
	}
}

static void random_summary(struct br_summary *s, size_t n, double mean,
			   double cv, bool summary, double conf)
{
	struct tsample t;
	size_t i;

	memset(&t, 0, sizeof t);
	if (summary) {
		t.s.has_value = t.s.is_summary = true;
		t.s.value = mean;
		t.s.se = fabs(mean) * cv / sqrt((double)n);
		t.s.n = n;
	} else {
		t.s.runs = t.runs;
		t.s.n_runs = n;
		for (i = 0; i < n; i++)
			t.runs[i].value = mean * (1 + cv * gauss());
	}
	ck_assert_int_eq(br_summarize(&t.s, conf, s), BR_OK);
}

START_TEST(test_invariants_random)
{
	static const double confs[] = {0.5, 0.8, 0.9, 0.95, 0.99, 0.999};
	static const double margins[] = {0, 0, 0.5, 1, 5};
	struct br_summary a, b;
	char what[64];
	int i;

	gsl_set_error_handler_off();
	for (i = 0; i < 20000; i++) {
		double conf = confs[(int)(uniform() * 6)];
		double m = margins[(int)(uniform() * 5)];
		double scale = pow(10, uniform() * 12 - 3);
		double cva = pow(10, uniform() * 4 - 4.3);
		double cvb = pow(10, uniform() * 4 - 4.3);
		double shift = uniform() < 0.3 ? 0 : (uniform() - 0.5) *
			       pow(10, -uniform() * 4);
		size_t na = 2 + (size_t)(uniform() * 14);
		size_t nb = 2 + (size_t)(uniform() * 14);
		enum br_dir dir = uniform() < 0.5 ? BR_DIR_HIB : BR_DIR_LIB;

		random_summary(&a, na, scale, cva, uniform() < 0.2, conf);
		random_summary(&b, nb, scale * (1 + shift), cvb,
			       uniform() < 0.2, conf);
		snprintf(what, sizeof what, "random case %d", i);
		check_invariants(&a, &b, dir, conf, m, what);
	}
}
END_TEST

/* Lean summaries (charts, convert) have the full ones' numbers: random
 * samples from 1 to 40 runs, magnitudes from 1e-5 to 1e200, ties. */
START_TEST(test_lean_summary)
{
	int i;

	for (i = 0; i < 5000; i++) {
		struct br_run runs[40];
		struct br_sample s;
		struct br_summary full, lean;
		double scale = pow(10, uniform() * 205 - 5);
		size_t n = 1 + (size_t)(uniform() * 40), k;

		memset(&s, 0, sizeof s);
		for (k = 0; k < n; k++) {
			runs[k].value = uniform() < 0.1 && k ? runs[0].value
					: scale * (1 + 0.1 * gauss());
			runs[k].loc.file = NULL;
			runs[k].loc.line = 0;
		}
		s.runs = runs;
		s.n_runs = n;
		ck_assert_int_eq(br_summarize_ex(&s, 0.95, false, &full),
				 BR_OK);
		ck_assert_int_eq(br_summarize_ex(&s, 0.95, true, &lean),
				 BR_OK);
		ck_assert_uint_eq(full.n, lean.n);
		ck_assert(memcmp(&full.mean, &lean.mean, sizeof full.mean) ==
			  0);
#define SAME(f) ck_assert_msg(full.f == lean.f || (isnan(full.f) && \
			      isnan(lean.f)), "case %d: " #f " %g vs %g", i, \
			      full.f, lean.f)
		SAME(sd);
		SAME(se);
		SAME(ci_low);
		SAME(ci_high);
		SAME(min);
		SAME(max);
		SAME(cv_pct);
#undef SAME
		ck_assert(isnan(lean.median) && lean.n_flagged == 0 &&
			  !lean.drift);
	}
}
END_TEST

/* Means placed within a few ulps of the significance boundary. */
START_TEST(test_invariants_boundary)
{
	struct br_summary a, b;
	char what[64];
	int i, k;

	gsl_set_error_handler_off();
	for (i = 0; i < 400; i++) {
		double conf = 0.8 + 0.19 * uniform();
		double ma = pow(10, uniform() * 8 - 2), sea, seb, va, vb;
		double wa, wb, df, q, se_d, sgn = uniform() < 0.5 ? -1 : 1;
		size_t na = 2 + (size_t)(uniform() * 10);
		size_t nb = 2 + (size_t)(uniform() * 10);

		sea = ma * pow(10, -1 - 3 * uniform());
		seb = ma * pow(10, -1 - 3 * uniform());
		va = sea * sea;
		vb = seb * seb;
		wa = va / (va + vb);
		wb = vb / (va + vb);
		df = 1 / (wa * wa / (double)(na - 1) +
			  wb * wb / (double)(nb - 1));
		q = br_t_quantile(1 - (1 - conf) / 2, df);
		se_d = sqrt(va + vb);
		for (k = -6; k <= 6; k++) {
			struct br_sample sa = {0}, sb = {0};

			sa.has_value = sa.is_summary = true;
			sa.value = ma;
			sa.se = sea;
			sa.n = na;
			sb = sa;
			sb.value = ma + sgn * q * se_d *
				   (1 + k * DBL_EPSILON);
			sb.se = seb;
			sb.n = nb;
			ck_assert_int_eq(br_summarize(&sa, conf, &a), BR_OK);
			ck_assert_int_eq(br_summarize(&sb, conf, &b), BR_OK);
			snprintf(what, sizeof what, "boundary %d/%d", i, k);
			check_invariants(&a, &b, BR_DIR_HIB, conf, 0, what);
			check_invariants(&a, &b, BR_DIR_LIB, conf, 0, what);
			check_invariants(&a, &b, BR_DIR_HIB, conf, 1, what);
		}
	}
}
END_TEST

Suite *br_suite_stats(void)
{
	Suite *s = suite_create("stats");
	TCase *refs = tcase_create("references");
	TCase *prose = tcase_create("exactness and examples");
	TCase *inv = tcase_create("invariants");

	tcase_set_timeout(refs, 60);
	tcase_set_timeout(inv, 120);
	tcase_add_test(refs, test_t_quantile);
	tcase_add_test(refs, test_summary_refs);
	tcase_add_test(refs, test_nist_certified);
	tcase_add_test(refs, test_compare_refs);
	tcase_add_test(refs, test_pooled_refs);
	tcase_add_test(refs, test_geomean_refs);
	tcase_add_test(refs, test_rank_refs);
	tcase_add_test(prose, test_exact_moments);
	tcase_add_test(prose, test_pts_se);
	tcase_add_test(prose, test_ministat_example);
	tcase_add_test(prose, test_pooled_vs_welch);
	tcase_add_test(prose, test_degenerate_reasons);
	tcase_add_test(prose, test_outliers_and_drift);
	tcase_add_test(prose, test_geomean_identity);
	tcase_add_test(prose, test_geomean_10x_example);
	tcase_add_test(prose, test_rank_misc);
	tcase_add_test(prose, test_verdict_names);
	tcase_add_test(inv, test_invariants_random);
	tcase_add_test(inv, test_lean_summary);
	tcase_add_test(inv, test_invariants_boundary);
	suite_add_tcase(s, refs);
	suite_add_tcase(s, prose);
	suite_add_tcase(s, inv);
	return s;
}
