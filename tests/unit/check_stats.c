/*
 * check_stats.c - stats/ against independent references.
 *
 * data/stats/refs.txt is written by data/stats/make_refs.py (scipy,
 * mpmath, exact rational arithmetic, NIST StRD certified values, and the
 * rules of doc/statistics.md re-implemented there: the resolution floor,
 * non-positive means, "too noisy", TOST runs needed, geometric means
 * with single runs, Holm's rank ranges); this file only reads it.
 * Agreement: 1e-9 relative on moments, 1e-8 on anything that uses a t
 * quantile, relative to max(|reference|, a natural scale): the
 * half-width for interval ends (an end near 0 has no relative digits),
 * a few ulps of the means for differences of means; 1e-12 on tail
 * p-values below 1e-13 and on geometric means.  Exactness cases (1e9
 * offsets, identical runs) are asserted with ==.  A reference loop lists
 * every mismatching record on stderr before it fails.
 *
 * Plus properties no table can cover: over many random and deliberately
 * borderline cases (resolution floors among them), no verdict
 * contradicts its own intervals or p, and rank ranges are Holm's over
 * br_compare's own p-values and hold the order by mean.
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

/* A sample built from a spec: "runs:v,...", "runs:v,...@r" (resolution
 * r), "summ:m,se,n", "value:v" or "none" (make_refs.py) */
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
		for (p = spec + 5; *p && *p != '@';
		     p = end + (*end == ',')) {
			ck_assert_uint_lt(t->s.n_runs, 1024);
			t->runs[t->s.n_runs++].value = strtod(p, &end);
			ck_assert_ptr_ne(end, p);
		}
		if (*p == '@') {
			t->s.resolution = strtod(p + 1, &end);
			ck_assert(end != p + 1 && *end == '\0' &&
				  t->s.resolution > 0);
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
 * In the reference loops a mismatch is printed and counted instead of
 * ending the test, so one wrong record cannot hide the others: each loop
 * ends with refs_done(), which fails when any did.
 */
static int ref_fails;

#define EXPECT(cond, ...) do { \
		if (!(cond)) { \
			ref_fails++; \
			fprintf(stderr, "check_stats: "); \
			fprintf(stderr, __VA_ARGS__); \
			fputc('\n', stderr); \
		} \
	} while (0)

static void refs_done(const char *what)
{
	ck_assert_msg(ref_fails == 0, "%s: %d mismatches (listed on stderr)",
		      what, ref_fails);
}

/*
 * |got - want| < rel * max(|want|, scale); NAN only matches NAN, and a
 * zero tolerance means exactly equal.
 */
static void near(const char *ctx, const char *field, double got,
		 double want, double rel, double scale)
{
	double tol;

	if (isnan(want)) {
		EXPECT(isnan(got), "%s %s: got %.17g, want nan", ctx, field,
		       got);
		return;
	}
	if (isnan(got)) {
		EXPECT(0, "%s %s: got nan, want %.17g", ctx, field, want);
		return;
	}
	tol = rel * fmax(fabs(want), fabs(scale));
	if (tol == 0 || isinf(want)) {
		EXPECT(got == want, "%s %s: got %.17g, want exactly %.17g",
		       ctx, field, got, want);
		return;
	}
	EXPECT(fabs(got - want) < tol, "%s %s: got %.17g, want %.17g (rel err "
	       "%.3g, tol %.3g)", ctx, field, got, want,
	       fabs(got - want) / fmax(fabs(want), DBL_MIN), tol);
}

/* Field of record r against a computed value. */
static void near_f(const struct rec *r, const char *field, double got,
		   double rel, double scale)
{
	near(get(r, "name"), field, got, num(r, field), rel, scale);
}

static void same_i(const struct rec *r, const char *field, long got)
{
	EXPECT(got == inum(r, field), "%s %s: got %ld, want %s",
	       get(r, "name"), field, got, get(r, field));
}

/* A text field: "_" stands for a space, "-" for none (NULL). */
static void same_text(const struct rec *r, const char *field,
		      const char *got)
{
	const char *want = get(r, field);
	bool same = got && strlen(got) == strlen(want);
	size_t i;

	if (strcmp(want, "-") == 0) {
		EXPECT(got == NULL, "%s %s: got \"%s\", want none",
		       get(r, "name"), field, got);
		return;
	}
	for (i = 0; same && want[i]; i++)
		same = got[i] == (want[i] == '_' ? ' ' : want[i]);
	EXPECT(same, "%s %s: got \"%s\", want \"%s\"", get(r, "name"), field,
	       got ? got : "(none)", want);
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
	refs_done("t quantiles");
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

/* 2 Q(|t|, df) against mpmath's incomplete beta function (50 digits),
 * p from 1e-13 down to 1e-300: full relative accuracy (stats.h). */
START_TEST(test_t_two_tail)
{
	size_t i, n = 0;

	load_refs();
	for (i = 0; i < n_recs; i++) {
		const struct rec *r = &recs[i];
		char ctx[96];

		if (strcmp(r->kind, "tp") != 0)
			continue;
		snprintf(ctx, sizeof ctx, "2Q(%s, %s)", get(r, "t"),
			 get(r, "df"));
		near(ctx, "p", br_t_two_tail(num(r, "t"), num(r, "df")),
		     num(r, "p"), 1e-12, 0);
		n++;
	}
	ck_assert_uint_ge(n, 200);
	refs_done("t tails");
	ck_assert(isnan(br_t_two_tail(NAN, 5)));
	ck_assert(isnan(br_t_two_tail(1, 0)));
	ck_assert(isnan(br_t_two_tail(1, -2)));
	ck_assert(isnan(br_t_two_tail(1, NAN)));
	ck_assert_double_eq(br_t_two_tail(0, 5), 1);
	ck_assert_double_eq(br_t_two_tail(INFINITY, 5), 0);
	/* df 1: 1 - 2 atan(t) / pi; df 2: 1 - t / sqrt(2 + t^2) */
	ck_assert_double_eq_tol(br_t_two_tail(1, 1), 0.5, 1e-15);
	ck_assert_double_eq_tol(br_t_two_tail(-2, 2), 1 - 2 / sqrt(6),
				1e-15);
	ck_assert_double_eq_tol(br_t_two_tail(1.959963984540054, INFINITY),
				0.05, 1e-15);
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
	same_i(r, "floored", s.floored);
	near_f(r, "resolution", s.resolution, 0, 0);
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
	ck_assert_uint_ge(n, 75);
	refs_done("summaries");
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
	refs_done("NIST");
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
	EXPECT(strcmp(br_verdict_name(c.verdict), get(r, "verdict")) == 0,
	       "%s verdict: got %s, want %s", get(r, "name"),
	       br_verdict_name(c.verdict), get(r, "verdict"));
	same_i(r, "zero_variance", c.zero_variance);
	same_i(r, "ratio_unbounded", c.ratio_unbounded);
	same_i(r, "speedup_unbounded", c.speedup_unbounded);
	same_i(r, "significant", c.significant);
	same_i(r, "too_noisy", c.too_noisy);
	same_text(r, "reason", c.reason);
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
	ck_assert_uint_ge(n, 330);
	refs_done("comparisons");
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
	refs_done("pooled");
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
		same_i(r, "k_runs", (long)g.k_runs);
		same_i(r, "skipped", (long)g.skipped);
		same_i(r, "exact", (long)g.exact);
		same_i(r, "noisy", (long)g.noisy);
		/* log1p near 1, logs far from it: every ratio keeps its
		 * digits (a ratio of 1e-17 too) */
		near_f(r, "gm", g.gm, 1e-12, 0);
		near_f(r, "gm_all", g.gm_all, 1e-12, 0);
		EXPECT(strcmp(br_verdict_name(g.verdict), get(r, "verdict"))
		       == 0, "%s verdict: got %s, want %s", get(r, "name"),
		       br_verdict_name(g.verdict), get(r, "verdict"));
		near_f(r, "meas_low", g.meas_low, T_Q, 0);
		near_f(r, "meas_high", g.meas_high, T_Q, 0);
		near_f(r, "meas_p", g.meas_p, T_Q, 0);
		near_f(r, "across_low", g.across_low, T_Q, 0);
		near_f(r, "across_high", g.across_high, T_Q, 0);
		near_f(r, "across_p", g.across_p, T_Q, 0);
		near_f(r, "gsd", g.gsd, T_MOM, 0);
		n++;
	}
	ck_assert_uint_ge(n, 37);
	refs_done("geometric means");
}
END_TEST

/* Parse "a,b,c" into k ints. */
static void parse_ints(const char *text, int *out, size_t k)
{
	const char *p = text;
	char *end;
	size_t j;

	for (j = 0; j < k; j++) {
		out[j] = (int)strtol(p, &end, 10);
		ck_assert_ptr_ne(end, p);
		p = end + (*end == ',');
	}
	ck_assert_msg(*p == '\0', "extra items in %s", text);
}

START_TEST(test_rank_refs)
{
	size_t i, n = 0;

	load_refs();
	for (i = 0; i < n_recs; i++) {
		const struct rec *r = &recs[i];
		struct br_summary s[16];
		int low[16], high[16], want_low[16], want_high[16];
		double rel[16], conf;
		char buf[16384], *save = NULL, *t, *end;
		const char *rv;
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
		     t = strtok_r(NULL, ";", &save)) {
			ck_assert_uint_lt(k, 16);
			summarize_spec(t, conf, &s[k++]);
		}
		ck_assert_int_eq(br_rank(s, k, dir, conf, low, high, rel),
				 BR_OK);
		parse_ints(get(r, "rank_low"), want_low, k);
		parse_ints(get(r, "rank_high"), want_high, k);
		rv = get(r, "relative");
		for (j = 0; j < k; j++) {
			EXPECT(low[j] == want_low[j] &&
			       high[j] == want_high[j],
			       "%s system %zu: rank %d..%d, want %d..%d",
			       get(r, "name"), j, low[j], high[j],
			       want_low[j], want_high[j]);
			near(get(r, "name"), "relative", rel[j],
			     strtod(rv, &end), T_MOM, 0);
			rv = end + (*end == ',');
		}
		n++;
	}
	ck_assert_uint_ge(n, 35);
	refs_done("ranks");
}
END_TEST

/*
 * br_rank_ranges on hand-made pair lists, alpha 0.05, worked from the
 * text of doc/statistics.md ("Ranks"): the k-th smallest p (from 0) is
 * rejected while p_(l) < alpha / (m - l) for every l <= k.  Items 0..4,
 * item 3 without a value (0..0), so N = 4.
 */
START_TEST(test_rank_ranges_holm)
{
	static const bool has[5] = {true, true, true, false, true};
	const double alpha = 0.05;
	struct br_rank_pair pr[4];
	int low[5], high[5];
	size_t j;

#define PAIRS(p2, p4) do { \
		/* unsorted on purpose: br_rank_ranges sorts */ \
		pr[0] = (struct br_rank_pair){0, 1, 0.001}; \
		pr[1] = (struct br_rank_pair){2, 1, (p2)}; \
		pr[2] = (struct br_rank_pair){0, 4, 0.0001}; \
		pr[3] = (struct br_rank_pair){4, 1, (p4)}; \
	} while (0)
#define WANT(l0, l1, l2, l4, h0, h1, h2, h4) do { \
		const int wl[5] = {l0, l1, l2, 0, l4}; \
		const int wh[5] = {h0, h1, h2, 0, h4}; \
		for (j = 0; j < 5; j++) \
			ck_assert_msg(low[j] == wl[j] && high[j] == wh[j], \
				      "line %d item %zu: %d..%d, want %d..%d", \
				      __LINE__, j, low[j], high[j], wl[j], \
				      wh[j]); \
	} while (0)

	/* m = 6 tested: 0.0001 < a/6 and 0.001 < a/5 are rejected; a/4
	 * itself is not below a/4, and the step-down stops there */
	PAIRS(alpha / 4, 0.02);
	ck_assert_uint_eq(br_rank_ranges(has, 5, pr, 4, 6, alpha, low, high),
			  2);
	WANT(1, 2, 1, 2, 2, 4, 4, 4);
	/* the proven pairs first, smallest p first */
	ck_assert(pr[0].p == 0.0001 && pr[0].better == 0 && pr[0].worse == 4);
	ck_assert(pr[1].p == 0.001 && pr[1].worse == 1);
	/* one ulp below a/4: rejected; 0.02 >= a/3 is not */
	PAIRS(nextafter(alpha / 4, 0), 0.02);
	ck_assert_uint_eq(br_rank_ranges(has, 5, pr, 4, 6, alpha, low, high),
			  3);
	WANT(1, 3, 1, 2, 2, 4, 3, 4);
	/* 0.016 < a/3: all four rejected, item 1 is proven last */
	PAIRS(nextafter(alpha / 4, 0), 0.016);
	ck_assert_uint_eq(br_rank_ranges(has, 5, pr, 4, 6, alpha, low, high),
			  4);
	WANT(1, 4, 1, 2, 2, 4, 3, 3);
	/* m counts every tested pair: with 40 of them nothing here passes
	 * 0.0001 < a/40 = 0.00125 but the first two */
	PAIRS(nextafter(alpha / 4, 0), 0.016);
	ck_assert_uint_eq(br_rank_ranges(has, 5, pr, 4, 40, alpha, low,
					 high), 2);
	WANT(1, 2, 1, 2, 2, 4, 4, 4);
	/* nothing proven: 1..N, and 0..0 without a value */
	ck_assert_uint_eq(br_rank_ranges(has, 5, pr, 0, 6, alpha, low, high),
			  0);
	ck_assert_uint_eq(br_rank_ranges(has, 5, NULL, 0, 0, alpha, low,
					 high), 0);
	WANT(1, 1, 1, 1, 4, 4, 4, 4);
	/* step-down: 0.03 fails a/2, so 0.04 is not rejected although it is
	 * below a/1 */
	pr[0] = (struct br_rank_pair){0, 1, 0.04};
	pr[1] = (struct br_rank_pair){0, 2, 0.03};
	ck_assert_uint_eq(br_rank_ranges(has, 3, pr, 2, 2, alpha, low, high),
			  0);
	for (j = 0; j < 3; j++)
		ck_assert(low[j] == 1 && high[j] == 3);
	/* one pair alone is Welch's test at a: p just below a is proven */
	pr[0] = (struct br_rank_pair){1, 0, nextafter(alpha, 0)};
	ck_assert_uint_eq(br_rank_ranges(has, 2, pr, 1, 1, alpha, low, high),
			  1);
	ck_assert(low[0] == 2 && high[0] == 2 && low[1] == 1 && high[1] == 1);
#undef PAIRS
#undef WANT
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
	/* the same written to 1: SE 1/2 each side at any n, t = 2 /
	 * sqrt(1/2) on 4 df (p 0.047), d still exact */
	parse_sample("runs:1e15,1e15,1e15@1", &t);
	ck_assert_int_eq(br_summarize(&t.s, 0.95, &s), BR_OK);
	parse_sample("runs:1000000000000002,1000000000000002,"
		     "1000000000000002@1", &t);
	ck_assert_int_eq(br_summarize(&t.s, 0.95, &s2), BR_OK);
	ck_assert(s.floored && s2.floored);
	ck_assert_double_eq(s.sd, 0);
	ck_assert_double_eq(s.mean, 1e15);
	ck_assert_double_eq(s.se, 0.5);
	br_compare(&s, &s2, BR_DIR_HIB, 0.95, 0, &c);
	ck_assert(!c.zero_variance);
	ck_assert_double_eq(c.d, 2);
	ck_assert_double_eq_tol(c.t, 2 / sqrt(0.5), 1e-12);
	ck_assert_double_eq_tol(c.df, 4, 1e-12);
	ck_assert_int_eq(c.verdict, BR_VERDICT_BETTER);
	/* below 1e-150 the squares would vanish: {1, 1.1, 0.9} x 1e-170 has
	 * sd 1e-171 (doc/statistics.md, "Numerics"), and a comparison works
	 * at that scale (Welch p 0.8185 against 1.02, 1.12, 0.92) */
	runs3(&t, 1e-170, 1.1e-170, 0.9e-170);
	ck_assert_int_eq(br_summarize(&t.s, 0.95, &s), BR_OK);
	ck_assert_double_eq_tol(s.mean, 1e-170, 1e-185);
	ck_assert_double_eq_tol(s.sd, 1e-171, 1e-185);
	ck_assert_double_eq_tol(s.se, 1e-171 / sqrt(3), 1e-185);
	ck_assert_double_eq_tol(s.cv_pct, 10, 1e-13);
	ck_assert(!s.floored && s.n_flagged == 0);
	runs3(&t, 1.02e-170, 1.12e-170, 0.92e-170);
	ck_assert_int_eq(br_summarize(&t.s, 0.95, &s2), BR_OK);
	br_compare(&s, &s2, BR_DIR_HIB, 0.95, 0, &c);
	ck_assert_double_eq_tol(c.p, 0.8185, 0.00005);
	ck_assert_double_eq_tol(c.d, 2e-172, 1e-184);
	ck_assert_double_eq_tol(c.ratio, 1.02, 1e-14);
	ck_assert(c.reason == NULL && c.ratio_ci_low < 1 &&
		  c.ratio_ci_high > 1);
}
END_TEST

/* doc/statistics.md, "Resolution" and "Outliers" */
START_TEST(test_resolution)
{
	struct br_summary a, b;
	struct br_comparison c;
	char buf[64];

	gsl_set_error_handler_off();
	/* {5, 5} against {4, 4}: SE 0.5 on each side (half the step, at any
	 * n), t = sqrt(2) on 2 df, p = 1 - sqrt(2)/2 = 0.293: no difference
	 * proven, not "25% faster (95% CI 25% to 25%)" */
	summarize_spec("runs:5,5@1", 0.95, &a);
	summarize_spec("runs:4,4@1", 0.95, &b);
	ck_assert(a.floored && b.floored);
	ck_assert_double_eq(a.resolution, 1);
	ck_assert_double_eq(a.sd, 0);              /* the runs' own */
	ck_assert_double_eq(a.cv_pct, 0);
	ck_assert_double_eq(a.se, 0.5);
	br_compare(&a, &b, BR_DIR_LIB, 0.95, 0, &c);
	snprintf(buf, sizeof buf, "%.3f %.3f %.2f %g %.3f", a.se, b.se, -c.t,
		 c.df, c.p);
	ck_assert_str_eq(buf, "0.500 0.500 1.41 2 0.293");
	ck_assert_double_eq_tol(c.p, 1 - sqrt(2) / 2, 1e-15);
	ck_assert_int_eq(c.verdict, BR_VERDICT_NO_DIFFERENCE);
	ck_assert(!c.zero_variance && !c.significant && c.reason == NULL);
	ck_assert(c.improvement_ci_low_pct < 0 &&
		  c.improvement_ci_high_pct > 25);
	/* closer than the step: floored, sd still the runs' own */
	summarize_spec("runs:5.01,5.02,5@0.1", 0.95, &a);
	ck_assert(a.floored);
	ck_assert_double_eq_tol(a.sd, 0.01, 1e-15);
	ck_assert_double_eq(a.se, 0.05);
	summarize_spec("runs:5.1,5.3,5@0.1", 0.95, &a);
	ck_assert(!a.floored);
	ck_assert_double_eq_tol(a.se, a.sd / sqrt(3), 1e-16);
	/* one run: nothing to floor */
	summarize_spec("runs:5@1", 0.95, &a);
	ck_assert(!a.floored && isnan(a.se) && isnan(a.ci_low));
	ck_assert_double_eq(a.resolution, 1);
	/* no resolution: identical runs keep SE 0 */
	summarize_spec("runs:5,5", 0.95, &a);
	ck_assert(!a.floored && a.se == 0 && a.resolution == 0);
	/* the outlier step rule: in {5, 5, 5, 5, 6} the 6 is the next value
	 * the input could write; 9 is still an outlier */
	summarize_spec("runs:5,5,5,5,6@1", 0.95, &a);
	ck_assert_uint_eq(a.n_flagged, 0);
	summarize_spec("runs:5,5,5,5,9@1", 0.95, &a);
	ck_assert_uint_eq(a.n_flagged, 1);
	ck_assert_uint_eq(a.flagged[0], 4);
	summarize_spec("runs:5,5,5,5,6", 0.95, &a);
	ck_assert_uint_eq(a.n_flagged, 1);
	summarize_spec("runs:5,5,5,5,6@0.1", 0.95, &a);
	ck_assert_uint_eq(a.n_flagged, 1);
	summarize_spec("runs:5,5,5,5,5,5,5,5,5,7@2", 0.95, &a);  /* = step */
	ck_assert_uint_eq(a.n_flagged, 0);
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

/*
 * hyperfine's relative speed from the means and standard deviations in
 * its own JSON (tests/data/logs/hyperfine/gzip-levels.json and
 * compress-named.json); references computed with Python's floats from
 * the same fields, and hyperfine's printed "2.21 +/- 0.22", "6.21 +/-
 * 0.77", "18.82 +/- 3.17" (the .stdout files beside them).
 */
START_TEST(test_hyperfine_ratio)
{
	struct br_summary g1 = {0}, g6 = {0}, g9 = {0}, xz = {0}, zs = {0};
	double r, e;
	bool b_faster;
	char buf[64];

	g1.n = g6.n = g9.n = 10;
	xz.n = zs.n = 12;
	g1.mean = 0.0374777584; g1.sd = 0.0036113258294319683;
	g6.mean = 0.082925415; g6.sd = 0.0018590157088021982;
	g9.mean = 0.2325753391; g9.sd = 0.01845016104051772;
	xz.mean = 0.15716300033333336; xz.sd = 0.02573673500376654;
	zs.mean = 0.008350336333333333; zs.sd = 0.0003235539243313891;
	ck_assert(br_hyperfine_ratio(&g1, &g6, &r, &e, &b_faster));
	ck_assert(!b_faster);
	ck_assert_double_eq_tol(r, 2.212656747368327, 1e-13);
	ck_assert_double_eq_tol(e, 0.21890382174419196, 1e-13);
	ck_assert(br_hyperfine_ratio(&g1, &g9, &r, &e, &b_faster));
	ck_assert_double_eq_tol(r, 6.205689695144628, 1e-13);
	ck_assert_double_eq_tol(e, 0.7745514085094029, 1e-13);
	snprintf(buf, sizeof buf, "%.2f +/- %.2f", r, e);
	ck_assert_str_eq(buf, "6.21 +/- 0.77");
	ck_assert(br_hyperfine_ratio(&xz, &zs, &r, &e, &b_faster));
	ck_assert(b_faster);
	ck_assert_double_eq_tol(r, 18.821158101855303, 1e-12);
	ck_assert_double_eq_tol(e, 3.1672223583778605, 1e-12);
	/* the same either way round */
	ck_assert(br_hyperfine_ratio(&zs, &xz, &r, &e, &b_faster));
	ck_assert(!b_faster);
	ck_assert_double_eq_tol(e, 3.1672223583778605, 1e-12);
	/* a single run: no +/-, as hyperfine prints none */
	zs.n = 1;
	zs.sd = NAN;
	ck_assert(br_hyperfine_ratio(&xz, &zs, &r, &e, &b_faster));
	ck_assert(isnan(e));
	zs.mean = 0;
	ck_assert(!br_hyperfine_ratio(&xz, &zs, &r, &e, &b_faster));
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
	static const char noisy[] = "too noisy to size the change as a ratio";
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

	/* a resolution on both sides: the floor, not the zero-variance
	 * rule (doc/statistics.md, "Resolution"); t = 1 / sqrt(1/2) on 4
	 * df, p 0.23 */
	summarize_spec("runs:5,5,5@1", 0.95, &a);
	summarize_spec("runs:6,6,6@1", 0.95, &b);
	br_compare(&a, &b, BR_DIR_LIB, 0.95, 0, &c);
	ck_assert(!c.zero_variance && c.reason == NULL);
	ck_assert_double_eq_tol(c.t, sqrt(2), 1e-12);
	ck_assert_double_eq_tol(c.df, 4, 1e-12);
	ck_assert_int_eq(c.verdict, BR_VERDICT_NO_DIFFERENCE);

	/* doc/statistics.md, "Ratio interval (Fieller)": the baseline is not
	 * significantly away from 0, the ratio's set is unbounded: too noisy
	 * to size as a ratio; Welch still decides and d sizes the change */
	summarize_spec("runs:-1,1,0.5,-0.2,0.7", 0.95, &a);
	summarize_spec("runs:100,101,99", 0.95, &b);
	br_compare(&a, &b, BR_DIR_HIB, 0.95, 0, &c);
	ck_assert(c.ratio_unbounded && c.speedup_unbounded && c.too_noisy);
	ck_assert_str_eq(c.reason, noisy);
	ck_assert_int_eq(c.verdict, BR_VERDICT_BETTER);
	ck_assert(c.significant && c.d_ci_low > 0 && c.d_ci_high > c.d_ci_low);
	ck_assert(isnan(c.ratio_ci_low) && isnan(c.ratio_ci_high));
	ck_assert(isnan(c.speedup_ci_low) && isnan(c.speedup_ci_high));
	ck_assert(isnan(c.improvement_ci_low_pct) &&
		  isnan(c.improvement_ci_high_pct));
	ck_assert_double_eq_tol(c.ratio, 500, 1e-12 * 500);   /* 100 / 0.2 */
	ck_assert_double_eq_tol(c.improvement_pct, 49900, 1e-12 * 49900);
	/* LIB the other way round: the ratio 0.2/100 is bounded but reaches
	 * below 0, the speedup's (denominator the noisy side) unbounded */
	br_compare(&b, &a, BR_DIR_LIB, 0.95, 0, &c);
	ck_assert(!c.ratio_unbounded && c.speedup_unbounded && c.too_noisy);
	ck_assert_str_eq(c.reason, noisy);
	ck_assert(isnan(c.ratio_ci_low) && isnan(c.speedup_ci_high) &&
		  isnan(c.improvement_ci_low_pct));
	ck_assert_int_eq(c.verdict, BR_VERDICT_BETTER);
	ck_assert(c.d_ci_high < 0);

	summarize_spec("runs:-1,0,1", 0.95, &a);
	br_compare(&a, &b, BR_DIR_HIB, 1.5, 0, &c);
	ck_assert_int_eq(c.verdict, BR_VERDICT_INCONCLUSIVE);
	ck_assert_ptr_nonnull(c.reason);
	ck_assert_int_eq(br_summarize(&(struct br_sample){0}, 0, &a),
			 BR_EUSAGE);
}
END_TEST

START_TEST(test_degenerate_nonpositive)
{
	static const char nonpos[] = "a mean is not above 0: no ratio, the "
				     "difference in the test's unit";
	struct br_summary a, b;
	struct br_comparison c;

	gsl_set_error_handler_off();
	/* doc/statistics.md, "Non-positive means": no ratio, no speedup, no
	 * percent, no mde or runs needed; the difference and its interval,
	 * the verdict from Welch */
	summarize_spec("runs:-10,-10.2,-9.8", 0.95, &a);
	summarize_spec("runs:-8,-7.9,-8.1", 0.95, &b);
	br_compare(&a, &b, BR_DIR_HIB, 0.95, 0, &c);
	ck_assert_str_eq(c.reason, nonpos);
	ck_assert(isnan(c.ratio) && isnan(c.speedup) &&
		  isnan(c.improvement_pct));
	ck_assert(isnan(c.ratio_ci_low) && isnan(c.speedup_ci_low) &&
		  isnan(c.improvement_ci_low_pct) &&
		  isnan(c.improvement_ci_high_pct));
	ck_assert(!c.too_noisy && !c.ratio_unbounded);
	ck_assert_double_eq_tol(c.d, 2, 1e-12);
	ck_assert(c.d_ci_low > 0 && c.significant);
	ck_assert_int_eq(c.verdict, BR_VERDICT_BETTER);
	/* with a margin: a percent margin needs a ratio, never equivalent */
	br_compare(&a, &b, BR_DIR_LIB, 0.95, 50, &c);
	ck_assert_int_eq(c.verdict, BR_VERDICT_WORSE);
	ck_assert(isnan(c.equiv_ci_low_pct) && isnan(c.equiv_ci_high_pct));
	br_compare(&b, &b, BR_DIR_HIB, 0.95, 50, &c);
	ck_assert_int_eq(c.verdict, BR_VERDICT_INCONCLUSIVE);
	ck_assert_str_eq(c.reason, nonpos);
	/* a mean of exactly 0 and one below 0: the same rule */
	summarize_spec("runs:-1,0,1", 0.95, &a);
	br_compare(&a, &b, BR_DIR_HIB, 0.95, 0, &c);
	ck_assert_str_eq(c.reason, nonpos);
	ck_assert(isnan(c.improvement_pct) && isnan(c.ratio));
	ck_assert_int_eq(c.verdict, BR_VERDICT_WORSE);
	/* positive baseline, candidate below 0 */
	summarize_spec("runs:1,1.2,0.8", 0.95, &a);
	br_compare(&a, &b, BR_DIR_LIB, 0.95, 0, &c);
	ck_assert_str_eq(c.reason, nonpos);
	ck_assert(isnan(c.speedup) && isnan(c.improvement_pct));
	ck_assert_int_eq(c.verdict, BR_VERDICT_BETTER);
}


/* Means and SEs of any magnitude are compared: no "values out of range"
 * case any more (doc/statistics.md, "Degenerate cases") */
START_TEST(test_any_magnitude)
{
	struct br_summary a, b;
	struct br_comparison c;

	gsl_set_error_handler_off();
	summarize_spec("summ:1e200,1e199,3", 0.95, &a);
	summarize_spec("summ:1.5e200,1e199,4", 0.95, &b);
	br_compare(&a, &b, BR_DIR_HIB, 0.95, 0, &c);
	ck_assert(c.reason == NULL && isfinite(c.p) && isfinite(c.t));
	ck_assert(isfinite(c.ratio_ci_low) && isfinite(c.d_ci_high));
	ck_assert_double_eq_tol(c.d, 0.5e200, 1e186);
	/* runs near DBL_MAX and near the smallest normals: ranks too */
	{
		struct br_summary s[3];
		int low[3], high[3];

		summarize_spec("runs:1e-300,1.01e-300,0.99e-300", 0.95, &s[0]);
		summarize_spec("runs:3e-300,3.01e-300,2.99e-300", 0.95, &s[1]);
		summarize_spec("runs:2e-300,2.01e-300,1.99e-300", 0.95, &s[2]);
		ck_assert_int_eq(br_rank(s, 3, BR_DIR_HIB, 0.95, low, high,
					 NULL), BR_OK);
		ck_assert(low[0] == 3 && high[0] == 3 && low[1] == 1 &&
			  high[1] == 1 && low[2] == 2 && high[2] == 2);
		br_compare(&s[0], &s[1], BR_DIR_LIB, 0.95, 0, &c);
		ck_assert(c.reason == NULL && c.verdict == BR_VERDICT_WORSE);
		ck_assert_double_eq_tol(c.ratio, 3, 1e-14);
		summarize_spec("runs:1e308,1.01e308,0.99e308", 0.95, &s[0]);
		summarize_spec("runs:1.7e308,1.71e308,1.69e308", 0.95, &s[1]);
		ck_assert(isfinite(s[0].sd) && isfinite(s[1].se));
		ck_assert_int_eq(br_rank(s, 2, BR_DIR_LIB, 0.95, low, high,
					 NULL), BR_OK);
		ck_assert(low[0] == 1 && high[0] == 1 && low[1] == 2 &&
			  high[1] == 2);
		br_compare(&s[0], &s[1], BR_DIR_HIB, 0.95, 0, &c);
		ck_assert(c.reason == NULL && c.verdict == BR_VERDICT_BETTER);
		ck_assert_double_eq_tol(c.d, 0.7e308, 1e294);
		ck_assert(isfinite(c.d_ci_low) && isfinite(c.d_ci_high));
	}
	/* an SE 1e200 times below the mean: its square is not 0 either,
	 * so this is Welch's test (t = 0), not the zero-variance rule */
	summarize_spec("summ:1,1e-200,3", 0.95, &a);
	summarize_spec("summ:1,2e-200,5", 0.95, &b);
	br_compare(&a, &b, BR_DIR_HIB, 0.95, 0, &c);
	ck_assert(c.reason == NULL);
	ck_assert_double_eq(c.p, 1);
	ck_assert_int_eq(c.verdict, BR_VERDICT_NO_DIFFERENCE);
	/* the interval still contains 1, strictly (delta ~ 1e-199) */
	ck_assert(c.ratio_ci_low < 1 && c.ratio_ci_high > 1);
	ck_assert(c.d_ci_low < 0 && c.d_ci_high > 0);
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

/* Past BR_RANK_MAX_SYSTEMS systems with a spread br_rank refuses at
 * once (BR_EDATA), before any pair; at the cap it ranks. */
START_TEST(test_rank_cap)
{
	size_t n = BR_RANK_MAX_SYSTEMS + 1, i;
	struct br_summary *s = calloc(n, sizeof *s);
	int *low = calloc(n, sizeof *low), *high = calloc(n, sizeof *high);

	ck_assert(s && low && high);
	for (i = 0; i < n; i++) {
		s[i].n = 2;
		s[i].mean = (double)i;
		s[i].se = 0.5;
	}
	ck_assert_int_eq(br_rank(s, n, BR_DIR_HIB, 0.95, low, high, NULL),
			 BR_EDATA);
	s[0].n = 1;   /* one single run: BR_RANK_MAX_SYSTEMS with a spread */
	s[0].se = NAN;
	ck_assert_int_eq(br_rank(s, 200, BR_DIR_HIB, 0.95, low, high, NULL),
			 BR_OK);
	ck_assert(low[0] == 1 && high[0] == 200);
	free(s);
	free(low);
	free(high);
}
END_TEST

START_TEST(test_rank_misc)
{
	struct br_summary s[5];
	int low[5], high[5];
	double rel[5];
	size_t i;

	gsl_set_error_handler_off();
	summarize_spec("runs:5,5.1,4.9", 0.95, &s[0]);
	summarize_spec("runs:9,9.1,8.9", 0.95, &s[1]);
	summarize_spec("runs:7,7.1,6.9", 0.95, &s[2]);
	/* every pair proven (p ~ 1e-5 against Holm's 0.05/3): exact ranks */
	ck_assert_int_eq(br_rank(s, 3, BR_DIR_LIB, 0.95, low, high, rel),
			 BR_OK);
	ck_assert(low[0] == 1 && high[0] == 1);
	ck_assert(low[1] == 3 && high[1] == 3);
	ck_assert(low[2] == 2 && high[2] == 2);
	ck_assert_double_eq(rel[0], 1);
	ck_assert_double_eq_tol(rel[1], 5.0 / 9, 1e-15);
	ck_assert_int_eq(br_rank(s, 3, BR_DIR_HIB, 0.95, low, high, NULL),
			 BR_OK);
	ck_assert(low[0] == 3 && high[0] == 3 && low[1] == 1 && high[1] == 1);
	/* ranks are optional (both or neither), relative too */
	for (i = 0; i < 3; i++)
		rel[i] = -1;
	ck_assert_int_eq(br_rank(s, 3, BR_DIR_HIB, 0.95, NULL, NULL, rel),
			 BR_OK);
	ck_assert_double_eq_tol(rel[0], 5.0 / 9, 1e-15);
	ck_assert_int_eq(br_rank(s, 3, BR_DIR_HIB, 0.95, NULL, NULL, NULL),
			 BR_OK);
	ck_assert_int_eq(br_rank(s, 0, BR_DIR_HIB, 0.95, low, high, NULL),
			 BR_OK);
	ck_assert_int_eq(br_rank(s, 3, BR_DIR_HIB, 1, low, high, NULL),
			 BR_EUSAGE);
	ck_assert_int_eq(br_rank(s, 3, BR_DIR_HIB, 0, low, high, NULL),
			 BR_EUSAGE);
	ck_assert_int_eq(br_rank(s, 3, BR_DIR_HIB, NAN, low, high, NULL),
			 BR_EUSAGE);
	/* a single run and a missing value among them: 1..N and 0..0 */
	summarize_spec("runs:100", 0.95, &s[3]);
	summarize_spec("none", 0.95, &s[4]);
	ck_assert_int_eq(br_rank(s, 5, BR_DIR_HIB, 0.95, low, high, rel),
			 BR_OK);
	ck_assert(low[3] == 1 && high[3] == 4);
	ck_assert(low[4] == 0 && high[4] == 0 && isnan(rel[4]));
	ck_assert(low[1] == 1 && high[1] == 2);   /* the run may be above */
	ck_assert(low[0] == 3 && high[0] == 4);
	ck_assert_double_eq(rel[3], 1);
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

Suite *br_suite_stats(void)
{
	Suite *s = suite_create("stats");
	TCase *refs = tcase_create("references");
	TCase *prose = tcase_create("exactness and examples");

	tcase_set_timeout(refs, 60);
	tcase_add_test(refs, test_t_quantile);
	tcase_add_test(refs, test_t_two_tail);
	tcase_add_test(refs, test_summary_refs);
	tcase_add_test(refs, test_nist_certified);
	tcase_add_test(refs, test_compare_refs);
	tcase_add_test(refs, test_pooled_refs);
	tcase_add_test(refs, test_geomean_refs);
	tcase_add_test(refs, test_rank_refs);
	tcase_add_test(refs, test_rank_ranges_holm);
	tcase_add_test(prose, test_exact_moments);
	tcase_add_test(prose, test_resolution);
	tcase_add_test(prose, test_pts_se);
	tcase_add_test(prose, test_ministat_example);
	tcase_add_test(prose, test_pooled_vs_welch);
	tcase_add_test(prose, test_hyperfine_ratio);
	tcase_add_test(prose, test_degenerate_reasons);
	tcase_add_test(prose, test_degenerate_nonpositive);
	tcase_add_test(prose, test_any_magnitude);
	tcase_add_test(prose, test_outliers_and_drift);
	tcase_add_test(prose, test_geomean_identity);
	tcase_add_test(prose, test_geomean_10x_example);
	tcase_add_test(prose, test_rank_misc);
	tcase_add_test(prose, test_rank_cap);
	tcase_add_test(prose, test_verdict_names);
	suite_add_tcase(s, refs);
	suite_add_tcase(s, prose);
	return s;
}
