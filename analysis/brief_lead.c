/*
 * brief_lead.c - how the summary starts (analysis/brief.h,
 * doc/statistics.md "The summary"): the systems, what they share and
 * what differs, from their hardware and software fields; where the
 * numbers come from; and each benchmark's primary metric, one line each
 * with its values and its comparison (doc/statistics.md, "Primary
 * metrics").
 */
#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "brief.h"
#include "numfmt.h"
#include "sentence.h"

/* ------------------------------------------------------------- systems */

/* The fields that tell machines and setups apart, in the order a line
 * gives them (PTS's component names, doc/pts-format.md section 1.3);
 * the first BR_HW_KEYS are hardware. */
static const char *const keys[] = {
	"Processor", "Memory", "Disk", "System Layer",
	"OS", "Kernel", "Compiler", "File-System",
};
#define N_KEYS (sizeof keys / sizeof keys[0])
#define BR_HW_KEYS 4
#define VALUE_MAX 60     /* a value longer than this is cut, "..." */

/* System s's value of key, or NULL. */
static const char *field(const struct br_system *s, const char *key)
{
	size_t k;

	for (k = 0; k < s->n_hardware; k++)
		if (s->hardware[k].key && !strcasecmp(s->hardware[k].key, key))
			return s->hardware[k].value;
	for (k = 0; k < s->n_software; k++)
		if (s->software[k].key && !strcasecmp(s->software[k].key, key))
			return s->software[k].value;
	return NULL;
}

/* "Key: value" appended to fp after "; " (unless *first), a value
 * longer than VALUE_MAX bytes cut at a blank before it, "...". */
static void put_field(FILE *fp, bool *first, const char *key, const char *v)
{
	size_t n = strlen(v), m = n;

	if (n > VALUE_MAX) {
		m = br_utf8_fit(v, VALUE_MAX);
		while (m > VALUE_MAX / 2 && v[m] != ' ')
			m--;
		while (m > 0 && (v[m - 1] == ' ' || v[m - 1] == '+' ||
				 v[m - 1] == '@' || v[m - 1] == '(' ||
				 v[m - 1] == '/'))
			m--;
	}
	fprintf(fp, "%s%s: %.*s%s", *first ? "" : "; ", key, (int)m, v,
		m < n ? " ..." : "");
	*first = false;
}

/* What key holds across the selected systems: 0 no system has it, 1
 * every system has the same value, 2 two systems have different values,
 * 3 the systems that have it agree but some lack it. */
static int key_state(const struct br_analysis *a, const char *key)
{
	const char *v0 = NULL, *v;
	size_t j, have = 0;
	bool same = true;

	for (j = 0; j < a->sel->n_systems; j++) {
		v = field(br_analysis_sys(a, j), key);
		if (!v || !*v)
			continue;
		have++;
		if (!v0)
			v0 = v;
		same &= !strcmp(v, v0);
	}
	return !have ? 0 : !same ? 2 : have == a->sel->n_systems ? 1 : 3;
}

/* The value of key most systems have, when more than half of 3 or
 * more have it and some other value differs (state 2): said once, "Unless a line
 * says otherwise", and left out of their lines; else NULL. */
static const char *usual_value(const struct br_analysis *a, const char *key)
{
	size_t j, i, n = a->sel->n_systems, c;

	for (j = 0; n >= 3 && j < n; j++) {
		const char *v = field(br_analysis_sys(a, j), key);

		if (!v || !*v)
			continue;
		for (i = 0, c = 0; i < n; i++) {
			const char *w = field(br_analysis_sys(a, i), key);

			c += w && !strcmp(v, w);
		}
		if (2 * c > n)
			return v;
	}
	return NULL;
}

/* The text of a memstream, or NULL when it failed. */
static char *closed(FILE *fp, char **buf)
{
	if (fclose(fp) != 0) {
		free(*buf);
		return NULL;
	}
	return *buf;
}

/* System j's line: its differing fields, or that none are recorded. */
static char *sys_line(const struct br_analysis *a, size_t j,
		      const int *state, const char *const *usual, bool any)
{
	const struct br_system *s = br_analysis_sys(a, j);
	char *buf = NULL;
	size_t len = 0, k;
	bool first = true, own = false;
	FILE *fp = open_memstream(&buf, &len);

	if (!fp)
		return NULL;
	for (k = 0; k < N_KEYS; k++) {
		const char *v = field(s, keys[k]);

		own |= v && *v;
		if (state[k] < 2 || (usual[k] && v && !strcmp(v, usual[k])))
			continue;
		if (v && *v)
			put_field(fp, &first, keys[k], v);
		else if (usual[k])     /* not the usual one: unknown */
			put_field(fp, &first, keys[k], "not recorded");
	}
	if (!any || !own)
		fprintf(fp, "no hardware or software recorded%s%s%s",
			s->named_by ? " (named " : "", s->named_by ?
			s->named_by : "", s->named_by ? ")" : "");
	else if (first)
		fputs("as above", fp);
	return closed(fp, &buf);
}

/* sys_common and sys_note: the fields every system has alike ("Common:
 * ..."), with the usual values of the others ("Unless a line says
 * otherwise: ..."), on one line. */
static bool sys_shared(const struct br_analysis *a, struct br_brief *b,
		       const int *state, const char *const *usual)
{
	char *buf = NULL;
	size_t len = 0, k, hw = 0;
	bool first = true, most = false;
	FILE *fp = open_memstream(&buf, &len);

	if (!fp)
		return false;
	for (k = 0; k < N_KEYS; k++)
		most |= usual[k] != NULL;
	fputs(most ? "Unless a line says otherwise: " : "Common: ", fp);
	for (k = 0; k < N_KEYS; k++)
		if (state[k] == 1 || usual[k])
			put_field(fp, &first, keys[k], usual[k] ? usual[k] :
				  field(br_analysis_sys(a, 0), keys[k]));
	if (!(b->sys_common = closed(fp, &buf)))
		return false;
	if (first) {
		free(b->sys_common);
		b->sys_common = NULL;
	}
	buf = NULL;
	if (!(fp = open_memstream(&buf, &len)))
		return false;
	for (k = 0; k < BR_HW_KEYS; k++)
		if (state[k] == 2)
			fprintf(fp, "%s%s", hw++ ? ", " : "", keys[k]);
	if (!(buf = closed(fp, &buf)))
		return false;
	if (hw && a->sel->n_systems > 1)
		b->sys_note = br_strf("The systems differ in hardware (%s), "
				      "not only in software: a difference "
				      "between them is not the software's "
				      "alone", buf);
	free(buf);
	return !hw || a->sel->n_systems < 2 || b->sys_note;
}

/* Whether every system was named the same way (named_by), so one
 * line says it for all. */
static bool one_naming(const struct br_analysis *a)
{
	const char *by = br_analysis_sys(a, 0)->named_by;
	size_t j;

	for (j = 1; j < a->sel->n_systems; j++) {
		const char *o = br_analysis_sys(a, j)->named_by;

		if (!by != !o || (by && strcmp(by, o)))
			return false;
	}
	return true;
}

static bool systems(const struct br_analysis *a, struct br_brief *b)
{
	int state[N_KEYS];
	const char *usual[N_KEYS];
	size_t j, k, n = a->sel->n_systems;
	bool any = false, differ = false;

	for (k = 0; k < N_KEYS; k++) {
		any |= (state[k] = n ? key_state(a, keys[k]) : 0) != 0;
		differ |= state[k] >= 2;
		usual[k] = state[k] == 2 ? usual_value(a, keys[k]) : NULL;
	}
	if (!n)
		return true;
	if (n == 1)     /* its own line says it all */
		for (k = 0; k < N_KEYS; k++)
			state[k] += state[k] == 1;
	if (!sys_shared(a, b, state, usual))
		return false;
	if (any && !differ && n > 1)
		return true;    /* the common line says it all */
	if (!any && one_naming(a)) {
		const char *by = br_analysis_sys(a, 0)->named_by;

		b->sys_note = br_strf("No hardware or software recorded%s%s%s",
				      by ? " (systems named " : "",
				      by ? by : "", by ? ")" : "");
		return b->sys_note != NULL;
	}
	b->sys = calloc(n < BR_BRIEF_SYS_LINES ? n : BR_BRIEF_SYS_LINES,
			sizeof *b->sys);
	if (!b->sys)
		return false;
	for (j = 0; j < n; j++) {
		struct br_brief_item *it;

		if (b->n_sys == BR_BRIEF_SYS_LINES) {
			b->sys_more++;
			continue;
		}
		it = &b->sys[b->n_sys++];
		it->test = (size_t)-1;
		it->sys = j;
		it->name = strdup(br_analysis_system(a, j));
		it->text = sys_line(a, j, state, usual, any);
		if (!it->name || !it->text)
			return false;
	}
	return true;
}

/* -------------------------------------------------------------- source */

/* The first 10 bytes of a "YYYY-MM-DD HH:MM:SS" timestamp, else all. */
static void date_of(const char *ts, char *buf, size_t size)
{
	size_t n = strlen(ts);

	if (n > 10 && ts[4] == '-' && ts[7] == '-' && ts[10] == ' ')
		n = 10;
	snprintf(buf, size, "%.*s", BR_UTF8_PREC(ts, n < size ? n : size - 1));
}

/* Versions in order: runs of digits by value ("8.10" after "8.9"),
 * other bytes as bytes. */
static int ver_cmp(const char *x, const char *y)
{
	while (*x && *y) {
		if (isdigit((unsigned char)*x) && isdigit((unsigned char)*y)) {
			char *ex, *ey;
			unsigned long long nx = strtoull(x, &ex, 10);
			unsigned long long ny = strtoull(y, &ey, 10);

			if (nx != ny)
				return nx < ny ? -1 : 1;
			x = ex;
			y = ey;
			continue;
		}
		if (*x != *y)
			return (unsigned char)*x < (unsigned char)*y ? -1 : 1;
		x++;
		y++;
	}
	return (unsigned char)*x - (unsigned char)*y;
}

/* "; tested 2019-04-24 to 2019-04-25" and "; PTS 8.6.1" (or "PTS 8.4.0
 * to 8.6.1") from the systems' fields, into fp. */
static void tested(const struct br_analysis *a, FILE *fp)
{
	char lo[32] = "", hi[32] = "", d[32];
	const char *vlo = NULL, *vhi = NULL;
	size_t j;

	for (j = 0; j < a->sel->n_systems; j++) {
		const struct br_system *s = br_analysis_sys(a, j);
		const char *v = s->client_version;

		if (s->timestamp && *s->timestamp) {
			date_of(s->timestamp, d, sizeof d);
			if (!*lo || strcmp(d, lo) < 0)
				snprintf(lo, sizeof lo, "%s", d);
			if (!*hi || strcmp(d, hi) > 0)
				snprintf(hi, sizeof hi, "%s", d);
		}
		if (v && *v) {
			if (!vlo || ver_cmp(v, vlo) < 0)
				vlo = v;
			if (!vhi || ver_cmp(v, vhi) > 0)
				vhi = v;
		}
	}
	if (*lo)
		fprintf(fp, "; tested %s%s%s", lo, strcmp(lo, hi) ? " to " :
			"", strcmp(lo, hi) ? hi : "");
	if (vlo)
		fprintf(fp, "; PTS %s%s%s", vlo, strcmp(vlo, vhi) ? " to " :
			"", strcmp(vlo, vhi) ? vhi : "");
}

/* "Read from 44 files (bonnie 6, dbench 6, ...)" into fp. */
static void read_from(const struct br_resultset *rs, FILE *fp)
{
	size_t k, m, shown = 0;

	for (k = 1; k < rs->n_sources; k++)
		if (strcmp(rs->sources[k].format, rs->sources[0].format))
			break;
	if (k == rs->n_sources) {       /* one format */
		fprintf(fp, "Read from %zu %s file%s", rs->n_sources,
			rs->sources[0].format, rs->n_sources == 1 ? "" : "s");
		return;
	}
	fprintf(fp, "Read from %zu files (", rs->n_sources);
	for (k = 0; k < rs->n_sources; k++) {
		size_t n = 0;
		const char *f = rs->sources[k].format;

		for (m = 0; m < k && strcmp(rs->sources[m].format, f); m++)
			;
		if (m < k)
			continue;       /* counted with its first */
		for (m = k; m < rs->n_sources; m++)
			n += !strcmp(rs->sources[m].format, f);
		if (shown++ == 8) {
			fputs(", ...", fp);
			break;
		}
		fprintf(fp, "%s%s %zu", shown > 1 ? ", " : "", f, n);
	}
	fputc(')', fp);
}

static bool source(const struct br_analysis *a, struct br_brief *b)
{
	const struct br_resultset *rs = a->sel->rs;
	char *buf = NULL;
	size_t len = 0;
	FILE *fp = open_memstream(&buf, &len);

	if (!fp)
		return false;
	if (rs->reference_id && *rs->reference_id)
		fprintf(fp, "OpenBenchmarking.org result %s",
			rs->reference_id);
	else if (rs->n_sources)
		read_from(rs, fp);
	/* a summary of what was read says what was not (--keep-going) */
	if (rs->n_skipped)
		fprintf(fp, "; %zu file%s skipped for an error (--keep-going)",
			rs->n_skipped, rs->n_skipped == 1 ? "" : "s");
	if (rs->test_client && *rs->test_client)
		fprintf(fp, "; written by %s", rs->test_client);
	if (rs->last_modified && *rs->last_modified)
		fprintf(fp, "; last modified %s", rs->last_modified);
	tested(a, fp);
	if (!(b->source = closed(fp, &buf)))
		return false;
	if (*b->source == ';')        /* nothing before the first "; " */
		memmove(b->source, b->source + 2, strlen(b->source + 2) + 1);
	if (!*b->source) {
		free(b->source);
		b->source = NULL;
	}
	return true;
}

/* ------------------------------------------------------ primary metrics */

/* The system with the best mean in test i (ranks: relative 1), the
 * first such; (size_t)-1 when none or the test has no direction. */
static size_t best_of(const struct br_atest *at, size_t n)
{
	size_t j, best = (size_t)-1;

	if (at->t->dir == BR_DIR_UNKNOWN)
		return best;
	for (j = 0; j < n; j++)
		if (at->cells[j].kind == BR_CELL_VALUE &&
		    (best == (size_t)-1 || at->cells[j].relative >
		     at->cells[best].relative))
			best = j;
	return best;
}

/* "ext4-vda 646.4, tmpfs-shm 1,566 MB/s" (with more than 6 systems the
 * baseline's and the best's only) into fp. */
static void values(const struct br_analysis *a, size_t i, size_t best,
		   FILE *fp)
{
	const struct br_atest *at = &a->tests[i];
	size_t j, n = a->sel->n_systems, k = 0;
	char v[64];

	for (j = 0; j < n; j++) {
		const struct br_cell *c = &at->cells[j];

		if (c->kind == BR_CELL_NONE ||
		    (n > 6 && j != a->base && j != best))
			continue;
		fprintf(fp, "%s%s %s", k++ ? ", " : "",
			br_analysis_system(a, j), c->kind == BR_CELL_VALUE ?
			br_cell_chart_text(c, at->decimals, v, sizeof v) :
			c->kind == BR_CELL_FAILED ? "failed" :
			c->why ? c->why : "no value");
	}
	if (n > 6)
		fprintf(fp, " (%zu systems: the baseline and the best shown)",
			n);
}

/* One system alone: "(95% CI 640.2 to 652.6)" or "(single run)". */
static void alone(const struct br_analysis *a, const struct br_atest *at,
		  FILE *fp)
{
	const struct br_cell *c = &at->cells[0];
	char lv[24], lo[64], hi[64];

	if (c->kind != BR_CELL_VALUE)
		return;
	if (c->sum.n < 2 || isnan(c->sum.ci_low))
		fputs(" (single run)", fp);
	else
		fprintf(fp, " (%s" BR_NBSP "CI %s to %s)",
			br_fmt_level(lv, sizeof lv, a->o.confidence),
			br_fmt_value(lo, sizeof lo, c->sum.ci_low,
				     at->se_decimals),
			br_fmt_value(hi, sizeof hi, c->sum.ci_high,
				     at->se_decimals));
}

/* "; " and the comparison the line states, into fp: the candidate's
 * against the baseline (two systems), the best's (more), or why there
 * is none. */
static bool verdict(const struct br_analysis *a, size_t i, size_t best,
		    FILE *fp)
{
	const struct br_atest *at = &a->tests[i];
	size_t j, n = a->sel->n_systems, who = (size_t)-1;
	char *s;

	if (n == 1) {
		alone(a, at, fp);
		return true;
	}
	if (!at->compared) {
		if (!(s = br_analysis_no_baseline(a, i)))
			return false;
		fprintf(fp, "; not compared: %s", s);
		free(s);
		return true;
	}
	if (n == 2 || best == (size_t)-1)
		who = a->base == 0 ? 1 : 0;
	else if (best != a->base)
		who = best;
	else    /* the baseline is best: the next one against it */
		for (j = 0; j < n; j++)
			if (j != a->base && at->cells[j].cmp &&
			    (who == (size_t)-1 || at->cells[j].relative >
			     at->cells[who].relative))
				who = j;
	if (n > 2 && best != (size_t)-1)
		fprintf(fp, "; %s: %s", at->cells[best].best ?
			"best (proven)" : "highest (not proven best)",
			br_analysis_system(a, best));
	if (who == (size_t)-1)
		return true;
	if (at->cells[who].kind != BR_CELL_VALUE || !at->cells[who].cmp) {
		fprintf(fp, "; not compared: %s has %s",
			br_analysis_system(a, who), at->cells[who].kind ==
			BR_CELL_NONE ? "no result" : "no value");
		return true;
	}
	if (!(s = br_analysis_sentence(a, i, who)))
		return false;
	fprintf(fp, "; %s", s);
	free(s);
	return true;
}

static char *primary_line(const struct br_analysis *a, size_t i)
{
	char *buf = NULL;
	size_t len = 0, best = best_of(&a->tests[i], a->sel->n_systems);
	FILE *fp = open_memstream(&buf, &len);
	bool ok;

	if (!fp)
		return NULL;
	values(a, i, best, fp);
	ok = verdict(a, i, best, fp);
	buf = closed(fp, &buf);
	if (!ok) {
		free(buf);
		return NULL;
	}
	return buf;
}

/* "Dbench 4.0 - Client Count: 1 (MB/s)": the unit the values are shown
 * in (a time test's chosen one, "ms", analysis/units.h), else PTS's
 * scale */
static char *primary_name(const struct br_test *t)
{
	char *s = br_brief_test_name(t), *out;
	const char *u = t->unit_shift && *t->unit.text ? t->unit.text :
			t->scale;

	if (!s || !u || !*u)
		return s;
	out = br_strf("%s (%s)", s, u);
	free(s);
	return out;
}

static bool primary(const struct br_analysis *a, struct br_brief *b)
{
	size_t i;
	bool any = false;   /* a primary metric selected: else the
			     * sub-metrics selected stand for them, as in
			     * the geometric means */

	for (i = 0; i < a->n_tests; i++)
		any |= a->tests[i].scalar && !a->tests[i].t->sub_metric;
	b->primary = calloc(BR_BRIEF_PRIMARY, sizeof *b->primary);
	if (!b->primary)
		return false;
	for (i = 0; i < a->n_tests; i++) {
		const struct br_atest *at = &a->tests[i];
		struct br_brief_item *it;

		if (at->t->sub_metric && any) {
			b->n_sub++;
			continue;
		}
		/* with a value somewhere: a failed test says nothing */
		if (!at->scalar || !at->n_values ||
		    b->n_primary == BR_BRIEF_PRIMARY) {
			b->primary_more++;
			continue;
		}
		it = &b->primary[b->n_primary++];
		it->test = i;
		it->sys = (size_t)-1;
		it->name = primary_name(at->t);
		it->text = primary_line(a, i);
		if (!it->name || !it->text)
			return false;
	}
	return true;
}

bool br_brief_lead(const struct br_analysis *a, struct br_brief *b)
{
	return systems(a, b) && source(a, b) && primary(a, b);
}
