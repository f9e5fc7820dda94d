/*
 * runnote.c - a cell's note on its runs (runnote.h): drift and the
 * outliers by number and value, so a report says which run was flagged.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "numfmt.h"
#include "runnote.h"

/* Append printf-style text at buf + *len, never past size. */
static void add(char *buf, size_t size, size_t *len, const char *s)
{
	int w;

	if (*len >= size)
		return;
	w = snprintf(buf + *len, size - *len, "%s", s);
	if (w > 0)
		*len = *len + (size_t)w < size ? *len + (size_t)w : size - 1;
}

int br_run_decimals(const struct br_sample *s, int decimals, int shift)
{
	double r = s->resolution;
	int k;

	if (!(r > 0) || r > 1)
		return decimals;
	k = (int)lround(-log10(r));
	if (k + shift > 17 || fabs(pow(10, -k) / r - 1) > 1e-9)
		return decimals;
	return k;
}

/* A positive quantity (mean above 0, no run at or below 0) whose
 * interval reaches below 0: the runs are too noisy to bound it from
 * below (doc/statistics.md, "Per system"); the note says so beside the
 * printed bounds. */
static const char *ci_note(const struct br_summary *s, char *buf,
			   size_t size, size_t *len)
{
	if (s->n >= 2 && s->ci_low < 0 && s->mean > 0 && !(s->min <= 0)) {
		if (*len)
			add(buf, size, len, "; ");
		add(buf, size, len, "too noisy to bound below: the interval "
		    "reaches under 0");
	}
	return buf;
}

const char *br_run_note(const struct br_cell *c, int decimals, int shift,
			char *buf, size_t size)
{
	const struct br_summary *s = &c->sum;
	size_t len = 0, k;
	char v[48], one[80];

	if (!size)
		return buf;
	buf[0] = '\0';
	if (c->kind != BR_CELL_VALUE || !c->entry)
		return buf;
	if (c->too_fast) {
		/* N counts the measured runs only: say what it left out
		 * (doc/statistics.md, "Too fast to measure") */
		snprintf(one, sizeof one, "N = %zu: %zu more run%s too fast "
			 "to measure", s->n, c->too_fast,
			 c->too_fast == 1 ? "" : "s");
		add(buf, size, &len, one);
	}
	if (s->drift) {
		if (len)
			add(buf, size, &len, "; ");
		add(buf, size, &len, "run-order drift");
	}
	if (!s->n_flagged)
		return ci_note(s, buf, size, &len);
	if (len)
		add(buf, size, &len, "; ");
	add(buf, size, &len, s->n_flagged == 1 ? "outlier: run " :
						 "outliers: runs ");
	for (k = 0; k < s->n_flagged && k < BR_MAX_FLAGGED &&
		    s->flagged[k] < c->entry->sample.n_runs; k++) {
		snprintf(one, sizeof one, "%s%zu (%s)", k ? ", " : "",
			 s->flagged[k] + 1,
			 br_fmt_fixed(v, sizeof v,
				      c->entry->sample.runs[s->flagged[k]]
					      .value,
				      br_run_decimals(&c->entry->sample,
						      decimals, shift)));
		add(buf, size, &len, one);
	}
	if (s->n_flagged > BR_MAX_FLAGGED)
		add(buf, size, &len, ", ...");
	return ci_note(s, buf, size, &len);
}
