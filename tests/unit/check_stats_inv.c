/*
 * check_stats_inv.c - properties of the statistics that must hold on any
 * input (doc/statistics.md): random and boundary comparisons against
 * their own intervals and verdicts, lean summaries against full ones,
 * and rank ranges against Holm's method written from the doc.  The
 * reference values are in check_stats.c.
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
#include "stats/stats.h"

Suite *br_suite_stats_inv(void);

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
 * or p.  Without equivalence: better <=> d's interval above 0 (below for
 * LIB) <=> p < alpha <=> significant, and where the change is sized as a
 * ratio the ratio, speedup and improvement intervals say the same;
 * with a margin, equivalent <=> the 1-2a CI inside (-m, m), else as
 * before, else inconclusive.  Too noisy (doc/statistics.md, "Ratio
 * interval (Fieller)"): no ratio, speedup or percent interval; no ratio
 * at all with a mean not above 0 ("Non-positive means").  And no NaN
 * anywhere on the verdict path.
 */
static void check_invariants(const struct br_summary *a,
			     const struct br_summary *b, enum br_dir dir,
			     double conf, double m, const char *what)
{
	struct br_comparison c;
	double alpha = 1 - conf;
	bool lib = dir == BR_DIR_LIB, up, down, sig, inside, ratio_ok;

	br_compare(a, b, dir, conf, m, &c);
	ck_assert_msg(!isnan(c.p) && !isnan(c.d_ci_low) && !isnan(c.d_ci_high),
		      "%s: NaN on the verdict path", what);
	ck_assert_msg(c.verdict != BR_VERDICT_SINGLE_RUN, "%s", what);
	sig = c.p < alpha;
	ck_assert_msg(sig == (c.d_ci_low > 0 || c.d_ci_high < 0),
		      "%s: p %.17g vs d CI [%.17g, %.17g]", what, c.p,
		      c.d_ci_low, c.d_ci_high);
	ck_assert_msg(c.significant == sig, "%s: significant", what);
	ck_assert(c.d_ci_low <= c.d && c.d <= c.d_ci_high);
	up = lib ? c.d_ci_high < 0 : c.d_ci_low > 0;
	down = lib ? c.d_ci_low > 0 : c.d_ci_high < 0;
	ratio_ok = a->mean > 0 && b->mean > 0;
	if (c.ratio_unbounded || c.speedup_unbounded)
		ck_assert_msg(c.too_noisy, "%s: unbounded, not too noisy",
			      what);
	if (!ratio_ok) {
		ck_assert_msg(isnan(c.ratio) && isnan(c.speedup) &&
			      isnan(c.improvement_pct) &&
			      isnan(c.ratio_ci_low) && isnan(c.ratio_ci_high) &&
			      isnan(c.speedup_ci_low) &&
			      isnan(c.speedup_ci_high) &&
			      isnan(c.improvement_ci_low_pct) &&
			      isnan(c.improvement_ci_high_pct) &&
			      isnan(c.equiv_ci_low_pct) &&
			      isnan(c.equiv_ci_high_pct) && !c.too_noisy,
			      "%s: a ratio without positive means", what);
		ck_assert(c.zero_variance || (c.reason && strncmp(c.reason,
			  "a mean is not above 0", 21) == 0));
	} else if (c.too_noisy) {
		ck_assert_msg(isnan(c.ratio_ci_low) && isnan(c.ratio_ci_high) &&
			      isnan(c.speedup_ci_low) &&
			      isnan(c.speedup_ci_high) &&
			      isnan(c.improvement_ci_low_pct) &&
			      isnan(c.improvement_ci_high_pct),
			      "%s: too noisy with a ratio interval", what);
		ck_assert(!isnan(c.ratio) && !isnan(c.improvement_pct));
		ck_assert_str_eq(c.reason,
				 "too noisy to size the change as a ratio");
		ck_assert(!c.zero_variance);
	} else {
		ck_assert_msg(!isnan(c.improvement_ci_low_pct) &&
			      !isnan(c.ratio_ci_low) && c.ratio_ci_low > 0 &&
			      c.speedup_ci_low > 0, "%s: no ratio interval",
			      what);
		ck_assert_msg(up == (c.improvement_ci_low_pct > 0) &&
			      down == (c.improvement_ci_high_pct < 0),
			      "%s: improvement CI [%.17g, %.17g] vs p %.17g",
			      what, c.improvement_ci_low_pct,
			      c.improvement_ci_high_pct, c.p);
		ck_assert(c.improvement_ci_low_pct <= c.improvement_pct &&
			  c.improvement_pct <= c.improvement_ci_high_pct);
		ck_assert(c.improvement_ci_low_pct > -100);
		ck_assert(c.ratio_ci_low <= c.ratio && c.ratio <=
			  c.ratio_ci_high);
		ck_assert((c.ratio_ci_low > 1) == (c.d_ci_low > 0));
		ck_assert((c.ratio_ci_high < 1) == (c.d_ci_high < 0));
		ck_assert((c.speedup_ci_low > 1) == up &&
			  (c.speedup_ci_high < 1) == down);
		ck_assert(c.reason == NULL || c.zero_variance);
		if (lib) {
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
	if (!ratio_ok || c.zero_variance)
		ck_assert_msg(isnan(c.mde_pct) && isnan(c.runs_needed),
			      "%s: mde %g, runs %g without a ratio", what,
			      c.mde_pct, c.runs_needed);
	else
		ck_assert_msg(c.mde_pct > 0 && (isnan(c.runs_needed) ||
			      c.runs_needed >= 2), "%s: mde %g, runs %g",
			      what, c.mde_pct, c.runs_needed);
	{
		/* Two systems, one tested pair: Holm is Welch's test at a, so
		 * the ranges are exact ranks exactly when compare proves the
		 * pair (the whole-df brackets ranks use agree with the CI) */
		struct br_summary pair[2];
		int low[2], high[2], la = up ? 2 : 1, lb = down ? 2 : 1;
		int ha = down ? 1 : 2, hb = up ? 1 : 2;

		pair[0] = *a;
		pair[1] = *b;
		ck_assert_int_eq(br_rank(pair, 2, dir, conf, low, high, NULL),
				 BR_OK);
		ck_assert_msg(low[0] == la && high[0] == ha && low[1] == lb &&
			      high[1] == hb, "%s: ranks %d..%d %d..%d vs d CI "
			      "[%.17g, %.17g]", what, low[0], high[0], low[1],
			      high[1], c.d_ci_low, c.d_ci_high);
	}
}

/* n runs (or a published summary) around mean with this CV; with res > 0
 * the runs are rounded to multiples of res and carry it as their
 * resolution (identical or close runs then get the floor). */
static void random_summary(struct br_summary *s, size_t n, double mean,
			   double cv, bool summary, double res, double conf)
{
	struct br_sample smp;
	struct br_run runs[64];
	size_t i;

	ck_assert_uint_le(n, 64);
	memset(&smp, 0, sizeof smp);
	memset(runs, 0, sizeof runs);
	if (summary) {
		smp.has_value = smp.is_summary = true;
		smp.value = mean;
		smp.se = fabs(mean) * cv / sqrt((double)n);
		smp.n = n;
	} else {
		smp.runs = runs;
		smp.n_runs = n;
		for (i = 0; i < n; i++) {
			double v = mean * (1 + cv * gauss());

			runs[i].value = res > 0 ? round(v / res) * res : v;
		}
		smp.resolution = res;
	}
	ck_assert_int_eq(br_summarize(&smp, conf, s), BR_OK);
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
		/* a quarter written to a step from 1e-1 to 1e-5 of the scale,
		 * often coarser than the spread (the floor) */
		double res = uniform() < 0.25 ? scale * pow(10, -1 - (int)
							    (uniform() * 5))
					      : 0;

		random_summary(&a, na, scale, cva, uniform() < 0.2, res, conf);
		random_summary(&b, nb, scale * (1 + shift), cvb,
			       uniform() < 0.2, res, conf);
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

/* Holm's step-down on p[0..m) at alpha (doc/statistics.md, "Ranks"),
 * written from the text: rejected[i] for the pairs it proves. */
static void holm_from_doc(const double *p, size_t m, double alpha,
			  bool *rejected)
{
	size_t order[64], i, j, k;

	ck_assert_uint_le(m, 64);
	for (i = 0; i < m; i++) {
		order[i] = i;
		rejected[i] = false;
	}
	for (i = 1; i < m; i++)       /* insertion sort by p */
		for (j = i; j > 0 && p[order[j]] < p[order[j - 1]]; j--) {
			k = order[j];
			order[j] = order[j - 1];
			order[j - 1] = k;
		}
	for (k = 0; k < m; k++) {
		if (!(p[order[k]] < alpha / (double)(m - k)))
			break;
		rejected[order[k]] = true;
	}
}

/*
 * Ranks of 2 to 8 systems (single runs, floors, summaries among them):
 * the ranges are what Holm over br_compare's own p-values gives
 * (doc/statistics.md, "Ranks"), rank_low <= rank_high within 1..N, and
 * the order by mean fits every range, so every pair br_compare proves
 * unadjusted fits them too.
 */
START_TEST(test_rank_invariants)
{
	int it;

	gsl_set_error_handler_off();
	for (it = 0; it < 3000; it++) {
		struct br_summary s[8];
		struct br_comparison c;
		int low[8], high[8], want_low[8], want_high[8];
		double p[64], conf = uniform() < 0.5 ? 0.95 : 0.9;
		size_t pi[64], pj[64], n = 2 + (size_t)(uniform() * 7), i, j;
		size_t m = 0;
		bool rej[64], testable[8];
		enum br_dir dir = uniform() < 0.5 ? BR_DIR_HIB : BR_DIR_LIB;
		bool lib = dir == BR_DIR_LIB;

		for (i = 0; i < n; i++) {
			double mean = 100 * (1 + 0.05 * (uniform() - 0.5));
			double cv = pow(10, -3 * uniform() - 1);
			size_t runs = uniform() < 0.15 ? 1 : 2 +
				      (size_t)(uniform() * 6);
			double res = uniform() < 0.3 ? pow(10, -(int)(uniform()
								  * 4)) : 0;

			random_summary(&s[i], runs, mean, cv, uniform() < 0.15,
				       res, conf);
			testable[i] = s[i].n >= 2 && isfinite(s[i].se);
		}
		ck_assert_int_eq(br_rank(s, n, dir, conf, low, high, NULL),
				 BR_OK);
		for (i = 0; i < n; i++)
			for (j = i + 1; j < n; j++) {
				if (!testable[i] || !testable[j])
					continue;
				br_compare(&s[i], &s[j], dir, conf, 0, &c);
				ck_assert(!isnan(c.p));
				pi[m] = i;
				pj[m] = j;
				p[m++] = c.p;
			}
		holm_from_doc(p, m, 1 - conf, rej);
		for (i = 0; i < n; i++) {
			want_low[i] = 1;
			want_high[i] = (int)n;
		}
		for (j = 0; j < m; j++) {
			/* proven: the higher mean is better for HIB */
			bool jb = (s[pj[j]].mean > s[pi[j]].mean) != lib;

			if (!rej[j])
				continue;
			want_low[jb ? pi[j] : pj[j]]++;
			want_high[jb ? pj[j] : pi[j]]--;
		}
		for (i = 0; i < n; i++) {
			int pos = 1;

			ck_assert_msg(low[i] == want_low[i] &&
				      high[i] == want_high[i],
				      "case %d system %zu: %d..%d, Holm gives "
				      "%d..%d", it, i, low[i], high[i],
				      want_low[i], want_high[i]);
			ck_assert(1 <= low[i] && low[i] <= high[i] &&
				  high[i] <= (int)n);
			/* its place in the order by mean, ties by index (tied
			 * means are never proven, so any order of them fits) */
			for (j = 0; j < n; j++)
				if ((lib ? s[j].mean < s[i].mean :
					   s[j].mean > s[i].mean) ||
				    (s[j].mean == s[i].mean && j < i))
					pos++;
			ck_assert_msg(low[i] <= pos && pos <= high[i],
				      "case %d: system %zu at %d outside "
				      "%d..%d", it, i, pos, low[i], high[i]);
		}
	}
}
END_TEST

Suite *br_suite_stats_inv(void)
{
	Suite *s = suite_create("stats_inv");
	TCase *inv = tcase_create("invariants");

	tcase_set_timeout(inv, 120);
	tcase_add_test(inv, test_invariants_random);
	tcase_add_test(inv, test_lean_summary);
	tcase_add_test(inv, test_invariants_boundary);
	tcase_add_test(inv, test_rank_invariants);
	suite_add_tcase(s, inv);
	return s;
}
