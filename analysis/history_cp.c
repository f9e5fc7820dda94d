/*
 * history_cp.c - the change points of every series of a history, the
 * gate's test of the latest point, the false discovery rate across the
 * history and the gate (history.h; doc/design.md, "History").
 *
 * Each series goes to the detector (stats/changepoint.h) with the
 * analysis's cells as its points: a cell with runs gives its runs, one
 * with a published mean, SE and N those; a point without a usable value
 * or muted by an "ignore" annotation is skipped, and an "expected
 * shift" cuts the series before its point.  The detector's seed is the
 * option's mixed with a hash of the test's identity (identifier,
 * options, unit), never its position, so adding a test changes no other
 * test's result; br_parallel_for keeps the output the same on any
 * number of cores.  With the Otava method, Otava's E-Divisive search
 * (stats/otava.h) runs on the point means, each part between expected
 * shifts on its own, and its numbers fill the same fields (no
 * intervals).
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "history_int.h"
#include "parallel.h"

/* ------------------------------------------------------- annotations */

/* flags[s * np + j]: annotations of series s at point j. */
static int note_flags(struct br_history *h, unsigned char *flags,
		      struct br_error *err)
{
	size_t k, m, s, np = h->n_points;

	for (k = 0; k < h->o.n_notes; k++) {
		const struct br_hist_note *nt = &h->o.notes[k];
		size_t *idx, n;
		bool amb;

		n = br_hist_named(h, nt->label, &idx, &amb);
		if (n == (size_t)-1)
			return br_error_set(err, BR_EIO, NULL, 0,
					    "out of memory");
		if (!n) {
			free(idx);
			return br_error_set(err, BR_EUSAGE, nt->loc.file,
					    nt->loc.line, "'%s' names %s",
					    nt->label, amb ? "several inputs;"
					    " give the path" : "no point of "
					    "the history");
		}
		unsigned char f = nt->kind == BR_HIST_NOTE_IGNORE ?
				  BR_HIST_F_MUTED : BR_HIST_F_SPLIT;

		for (s = 0; s < h->n_series; s++) {
			if (nt->test && !br_test_matches(nt->test,
							 h->series[s].at->t))
				continue;
			for (m = 0; m < n; m++)
				flags[s * np + idx[m]] |= f;
		}
		free(idx);
	}
	for (s = 0; s < h->n_series; s++)
		for (m = 0; m < np; m++)
			h->series[s].muted[m] = flags[s * np + m] &
						BR_HIST_F_MUTED;
	return BR_OK;
}

/* ------------------------------------------------------------ detect */

/* FNV-1a over a test's identity, then mixed with the seed
 * (splitmix64's finaliser). */
static uint64_t hash_str(uint64_t h, const char *s)
{
	for (; s && *s; s++) {
		h ^= (unsigned char)*s;
		h *= 1099511628211ULL;
	}
	h ^= 0xff;
	return h * 1099511628211ULL;
}

static uint64_t series_seed(uint64_t seed, const struct br_test *t)
{
	uint64_t z = 14695981039346656037ULL;

	z = hash_str(z, t->identifier);
	z = hash_str(z, t->title);
	z = hash_str(z, t->arguments);
	z = hash_str(z, t->description);
	z = hash_str(z, t->scale);
	z ^= seed + 0x9e3779b97f4a7c15ULL;
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

struct cp_job {
	struct br_history *h;
	const unsigned char *flags;
	struct br_cp_result *res;  /* per series */
	struct br_error *errs;     /* per series */
};

/* The detector's points of series s; runs[] holds the copies of the
 * runs (free both). */
static struct br_cp_obs *series_obs(const struct cp_job *job, size_t s,
				    double **runs)
{
	const struct br_history *h = job->h;
	const struct br_atest *at = h->series[s].at;
	size_t j, nr = 0, np = h->n_points;
	struct br_cp_obs *obs = calloc(np + 1, sizeof *obs);

	for (j = 0; j < np; j++)
		if (at->cells[j].kind == BR_CELL_VALUE)
			nr += at->cells[j].entry->sample.n_runs;
	*runs = malloc((nr + 1) * sizeof **runs);
	if (!obs || !*runs) {
		free(obs);
		free(*runs);
		return NULL;
	}
	for (nr = 0, j = 0; j < np; j++) {
		const struct br_cell *c = &at->cells[j];
		const struct br_sample *smp = c->entry ? &c->entry->sample :
					      NULL;
		struct br_cp_obs *o = &obs[j];
		size_t r;

		o->split_before = job->flags[s * np + j] & BR_HIST_F_SPLIT;
		o->skip = c->kind != BR_CELL_VALUE ||
			  (job->flags[s * np + j] & BR_HIST_F_MUTED);
		if (o->skip)
			continue;
		o->mean = c->sum.mean;
		o->se = c->sum.se;
		o->n = c->sum.n;
		if (c->sum.from_summary || smp->n_runs != c->sum.n)
			continue;
		o->runs = *runs + nr;
		o->n_runs = smp->n_runs;
		for (r = 0; r < smp->n_runs; r++)
			(*runs)[nr++] = smp->runs[r].value;
	}
	return obs;
}

/* Otava's changes on the point means of one part [a, b) of obs. */
static int otava_part(const struct cp_job *job, const struct br_cp_obs *obs,
		      size_t a, size_t b, double *x, size_t *map,
		      struct br_cp_result *r, struct br_error *err)
{
	struct br_otava_cp *cps = NULL;
	size_t n = 0, m = 0, k;
	int rc;

	for (k = a; k < b; k++)
		if (!obs[k].skip) {
			map[m] = k;
			x[m++] = obs[k].mean;
		}
	rc = br_otava_changes(x, m, &job->h->o.otava, &cps, &n, err);
	for (k = 0; rc == BR_OK && k < n; k++) {
		struct br_cp_change *c = &r->changes[r->n_changes++];
		const struct br_otava_cp *o = &cps[k];

		memset(c, 0, sizeof *c);
		c->kind = BR_CP_SHIFT;
		c->at = c->at_lo = c->at_hi = map[o->index < m ? o->index :
						  m - 1];
		c->mean_before = o->mean_before;
		c->mean_after = o->mean_after;
		c->sd_before = o->stddev_before;
		c->sd_after = o->stddev_after;
		c->diff = !(o->mean_before > 0 && o->mean_after > 0);
		c->ratio = c->diff ? o->mean_after - o->mean_before :
			   o->mean_after / o->mean_before;
		c->ratio_lo = c->ratio_hi = NAN;
		c->sd_ratio = c->sd_ratio_lo = c->sd_ratio_hi = NAN;
		c->pvalue = o->pvalue;
		c->n_before = o->index - (k ? cps[k - 1].index : 0);
		c->n_after = (k + 1 < n ? cps[k + 1].index : m) - o->index;
	}
	free(cps);
	return rc;
}

/* The Otava method on obs[0..n): each part between expected shifts. */
static int otava_series(const struct cp_job *job, const struct br_cp_obs *obs,
			size_t n, struct br_cp_result *r, struct br_error *err)
{
	double *x = malloc((n + 1) * sizeof *x);
	size_t *map = malloc((n + 1) * sizeof *map), a = 0, b;
	int rc = BR_OK;

	memset(r, 0, sizeof *r);
	r->pvalue = 1;
	r->changes = calloc(n + 1, sizeof *r->changes);
	if (!x || !map || !r->changes)
		rc = br_error_set(err, BR_EIO, NULL, 0, "out of memory");
	r->log_scale = true;
	for (b = 0; b < n; b++)
		if (!obs[b].skip) {
			r->n_used++;
			if (!(obs[b].mean > 0))
				r->log_scale = false;
		}
	for (b = 1; rc == BR_OK && b <= n; b++)
		if (b == n || obs[b].split_before) {
			rc = otava_part(job, obs, a, b, x, map, r, err);
			a = b;
		}
	for (b = 0; b < r->n_changes; b++)
		if (r->changes[b].pvalue < r->pvalue)
			r->pvalue = r->changes[b].pvalue;
	free(x);
	free(map);
	return rc;
}

static int detect_one(void *ctx, size_t s)
{
	const struct cp_job *job = ctx;
	struct br_history *h = job->h;
	double *runs = NULL;
	struct br_cp_obs *obs = series_obs(job, s, &runs);
	struct br_cp_opts o = h->o.cp;
	int rc;

	if (!obs)
		return br_error_set(&job->errs[s], BR_EIO, NULL, 0,
				    "out of memory");
	o.seed = series_seed(h->o.cp.seed, h->series[s].at->t);
	if (h->o.method == BR_HIST_METHOD_OTAVA)
		rc = otava_series(job, obs, h->n_points, &job->res[s],
				  &job->errs[s]);
	else
		rc = br_changepoints(obs, h->n_points, &o, &job->res[s],
				     &job->errs[s]);
	free(obs);
	free(runs);
	return rc;
}

/* ------------------------------------------------------ put together */

/* Series s's changes from the detector's result, plus the latest-point
 * change when its p is at most alpha; *lp gets the latest test's p
 * (NAN: not tested). */
static int take_changes(struct br_history *h, size_t s,
			struct br_cp_result *r, const unsigned char *flags,
			double *lp)
{
	struct br_hist_series *se = &h->series[s];
	struct br_cp_change lc;
	size_t k, np = h->n_points;
	bool latest = br_hist_latest(h, s, r, flags, &lc, lp) &&
		      *lp <= h->o.cp.alpha;

	se->pvalue = r->pvalue;
	se->log_scale = r->n_used ? r->log_scale : se->log_scale;
	se->changes = calloc(r->n_changes + 2, sizeof *se->changes);
	if (!se->changes)
		return BR_EIO;
	for (k = 0; k < r->n_changes; k++) {
		struct br_hist_change *c = &se->changes[se->n_changes++];

		c->cp = r->changes[k];
		c->expected = c->cp.at < np && (flags[s * np + c->cp.at] &
						 BR_HIST_F_SPLIT);
	}
	if (latest) {
		struct br_hist_change *c = &se->changes[se->n_changes++];

		c->cp = lc;
		c->latest_test = true;
	}
	se->anomalies = r->anomalies;
	se->n_anomalies = r->n_anomalies;
	r->anomalies = NULL;
	r->n_anomalies = 0;
	return BR_OK;
}

/* The Benjamini-Hochberg family: every change's p; a tested series
 * without a change, its whole-series p; every latest-point test's p. */
static int fdr(struct br_history *h, const double *lp, bool *tested)
{
	size_t s, k, m = 0;
	double *p, *q;

	for (s = 0; s < h->n_series; s++)
		m += h->series[s].n_changes + 2;
	p = malloc((m + 1) * sizeof *p);
	q = malloc((m + 1) * sizeof *q);
	if (!p || !q) {
		free(p);
		free(q);
		return BR_EIO;
	}
	m = 0;
	for (s = 0; s < h->n_series; s++) {
		const struct br_hist_series *se = &h->series[s];
		size_t detected = 0;

		for (k = 0; k < se->n_changes; k++)
			if (!se->changes[k].latest_test) {
				p[m++] = se->changes[k].cp.pvalue;
				detected++;
			}
		if (tested[s] && !detected)
			p[m++] = se->pvalue;
		if (!isnan(lp[s]))
			p[m++] = lp[s];
	}
	br_bh_adjust(p, m, q);
	m = 0;
	for (s = 0; s < h->n_series; s++) {
		struct br_hist_series *se = &h->series[s];
		size_t detected = 0;

		for (k = 0; k < se->n_changes; k++)
			if (!se->changes[k].latest_test) {
				se->changes[k].qvalue = q[m++];
				detected++;
			}
		if (tested[s] && !detected)
			m++;
		if (!isnan(lp[s])) {
			if (se->n_changes &&
			    se->changes[se->n_changes - 1].latest_test)
				se->changes[se->n_changes - 1].qvalue = q[m];
			m++;
		}
	}
	free(p);
	free(q);
	return BR_OK;
}

/* Whether change c is worse in the test's direction. */
static bool is_regression(const struct br_test *t,
			  const struct br_hist_change *c)
{
	double one = c->cp.diff ? 0 : 1;

	if (c->cp.kind != BR_CP_SHIFT || t->dir == BR_DIR_UNKNOWN)
		return false;
	return t->dir == BR_DIR_HIB ? c->cp.ratio < one : c->cp.ratio > one;
}

/* Kept, regression, Otava's fields and the words of every change. */
static int judge(struct br_history *h)
{
	size_t s, k;

	for (s = 0; s < h->n_series; s++) {
		struct br_hist_series *se = &h->series[s];

		for (k = 0; k < se->n_changes; k++) {
			struct br_hist_change *c = &se->changes[k];
			double r = c->cp.mean_after / c->cp.mean_before;

			c->kept = h->o.method == BR_HIST_METHOD_OTAVA &&
					  !c->latest_test ? true :
				  c->cp.pvalue <= h->o.cp.alpha &&
				  c->qvalue <= h->o.fdr_q;
			c->regression = is_regression(se->at->t, c);
			c->forward_change_percent = 100 * (r - 1);
			/* Otava's magnitude (doc/statistics.md, "Otava
			 * parity"): the larger of the two relative
			 * changes, so a halving and a doubling weigh the
			 * same */
			c->magnitude = fmax(fabs(r - 1), fabs(1 / r - 1));
			if (!isfinite(r))
				c->forward_change_percent = c->magnitude = NAN;
			se->n_kept += c->kept;
			h->n_changes += c->kept;
			if (br_hist_change_words(h, se, c) != BR_OK)
				return BR_EIO;
		}
	}
	return BR_OK;
}

/* The gate: per series, (a) its last kept change of the detector when
 * it is a regression, not expected, at or after the "since" point; (b)
 * the latest point's own test, kept and worse. */
static int gate(struct br_history *h)
{
	size_t s, k;

	h->gate = calloc(2 * h->n_series + 1, sizeof *h->gate);
	if (!h->gate)
		return BR_EIO;
	for (s = 0; s < h->n_series; s++) {
		struct br_hist_series *se = &h->series[s];
		size_t last = (size_t)-1;

		for (k = 0; k < se->n_changes; k++)
			if (se->changes[k].kept && !se->changes[k].latest_test)
				last = k;
		if (last != (size_t)-1 && se->at->cells[h->n_points - 1].kind
		    == BR_CELL_VALUE) {
			struct br_hist_change *c = &se->changes[last];

			c->at_latest = true;
			if (c->regression && !c->expected &&
			    c->cp.at >= h->since)
				h->gate[h->n_gate++] =
					(struct br_hist_gate_item){s, last};
		}
		for (k = 0; k < se->n_changes; k++) {
			struct br_hist_change *c = &se->changes[k];

			if (!c->latest_test)
				continue;
			c->at_latest = true;
			if (c->kept && c->regression)
				h->gate[h->n_gate++] =
					(struct br_hist_gate_item){s, k};
		}
	}
	return BR_OK;
}

static int run_detector(struct br_history *h, struct cp_job *job,
			struct br_error *err)
{
	size_t s;
	int rc;

	job->h = h;
	job->res = calloc(h->n_series + 1, sizeof *job->res);
	job->errs = calloc(h->n_series + 1, sizeof *job->errs);
	if (!job->res || !job->errs)
		return br_error_set(err, BR_EIO, NULL, 0, "out of memory");
	rc = br_parallel_for(h->n_series, 4, detect_one, job);
	for (s = 0; rc != BR_OK && s < h->n_series; s++)
		if (job->errs[s].code != BR_OK) {
			*err = job->errs[s];
			return rc;
		}
	if (rc != BR_OK)
		return br_error_set(err, rc, NULL, 0, "out of memory");
	return BR_OK;
}

static int after_detector(struct br_history *h, struct cp_job *job,
			  struct br_error *err)
{
	double *lp = malloc((h->n_series + 1) * sizeof *lp);
	bool *tested = calloc(h->n_series + 1, sizeof *tested);
	size_t s, min_n = h->o.method == BR_HIST_METHOD_OTAVA ? 2 :
			  2 * h->o.cp.min_seg;
	int rc = lp && tested ? BR_OK : BR_EIO;

	for (s = 0; rc == BR_OK && s < h->n_series; s++) {
		tested[s] = job->res[s].n_used >= min_n;
		h->n_tested += tested[s];
		h->series[s].tested = tested[s];
		rc = take_changes(h, s, &job->res[s], job->flags, &lp[s]);
		h->series[s].latest_pvalue = lp[s];
	}
	if (rc == BR_OK)
		rc = fdr(h, lp, tested);
	if (rc == BR_OK)
		rc = judge(h);
	if (rc == BR_OK)
		rc = gate(h);
	if (rc == BR_OK) {
		h->expected_false = h->o.fdr_q * (double)h->n_changes;
		rc = br_hist_fdr_words(h);
	}
	free(lp);
	free(tested);
	if (rc != BR_OK)
		return br_error_set(err, BR_EIO, NULL, 0, "out of memory");
	return BR_OK;
}

int br_hist_changes(struct br_history *h, struct br_error *err)
{
	unsigned char *flags = calloc(h->n_series * h->n_points + 1, 1);
	struct cp_job job;
	size_t s;
	int rc;

	memset(&job, 0, sizeof job);
	job.flags = flags;
	rc = flags ? note_flags(h, flags, err) :
	     br_error_set(err, BR_EIO, NULL, 0, "out of memory");
	if (rc == BR_OK)
		rc = run_detector(h, &job, err);
	if (rc == BR_OK)
		rc = after_detector(h, &job, err);
	for (s = 0; job.res && s < h->n_series; s++)
		br_cp_result_free(&job.res[s]);
	free(job.res);
	free(job.errs);
	free(flags);
	return rc;
}
