/*
 * report_text.c - the blocks of the plain-text mail body: at most
 * BR_REPORT_WIDTH (72) columns, ASCII unless --utf8, numbers aligned,
 * sentences wrapped with render/text/words.h (the ministat-style dot
 * plots are report_plot.c).
 *
 * Every block is built from strings already made plain (br_ascii), so
 * the text escaping the template applies later changes nothing and
 * cannot widen a line.
 */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report.h"
#include "report_text_int.h"
#include "../text/uchar.h"
#include "../text/words.h"
#include "../../analysis/numfmt.h"
#include "../../analysis/brief.h"
#include "../../analysis/sentence.h"
#include "../../analysis/runnote.h"

/* s made plain for the medium: ASCII unless utf8.  Free with free(). */
static char *plain(const struct br_report *r, const char *s)
{
	if (r->o.utf8)
		return strdup(br_nz(s));
	return br_ascii(s);
}

bool br_tmem_open(struct br_tmem *m)
{
	m->buf = NULL;
	m->len = 0;
	m->nomem = false;
	m->fp = open_memstream(&m->buf, &m->len);
	return m->fp != NULL;
}

/* The text without blanks at line ends and without its last newline;
 * NULL on ENOMEM. */
char *br_tmem_finish(struct br_tmem *m)
{
	char *src, *dst, *end;

	if (fclose(m->fp) != 0 || m->nomem) {
		free(m->buf);
		return NULL;
	}
	/* line by line (memchr): each without its trailing blanks */
	src = dst = m->buf;
	end = src + strlen(src);
	while (src < end) {
		char *nl = memchr(src, '\n', (size_t)(end - src));
		char *t = nl ? nl : end;

		while (t > src && t[-1] == ' ')
			t--;
		if (dst != src)
			memmove(dst, src, (size_t)(t - src));
		dst += t - src;
		if (!nl)
			break;
		*dst++ = '\n';
		src = nl + 1;
	}
	*dst = '\0';
	if (dst > m->buf && dst[-1] == '\n')
		dst[-1] = '\0';
	return m->buf;
}

/* Print s (made plain, keeping BR_NBSP markers) wrapped: br_wrap
 * with a hanging indent. */
static void wrapped(struct br_tmem *m, const struct br_report *r, int indent,
		    int hang, const char *s)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *fp;
	const char *p = s;

	/* Plain already (printable ASCII and NBSP markers, or UTF-8 asked
	 * for): as it is. */
	if (!r->o.utf8)
		while ((*p >= 0x20 && *p <= 0x7e) || *p == BR_NBSP[0])
			p++;
	if (r->o.utf8 || !*p) {
		br_wrap(m->fp, indent, hang, W, "%s", s);
		return;
	}
	p = s;
	fp = open_memstream(&buf, &len);
	if (!fp) {
		m->nomem = true;
		return;
	}
	while (*p) {
		size_t n = strcspn(p, BR_NBSP);
		char *part = strndup(p, n), *pl = part ? plain(r, part) : NULL;

		if (!pl)
			m->nomem = true;
		else
			fputs(pl, fp);
		free(part);
		free(pl);
		p += n;
		if (*p) {
			fputc(BR_NBSP[0], fp);
			p++;
		}
	}
	if (fclose(fp) != 0 || !buf) {
		free(buf);
		m->nomem = true;
		return;
	}
	br_wrap(m->fp, indent, hang, W, "%s", buf);
	free(buf);
}

/* wrapped() of s, a malloc'd text it frees: NULL (ENOMEM) fails m. */
static void wrapped_own(struct br_tmem *m, const struct br_report *r,
			int indent, int hang, char *s)
{
	if (s)
		wrapped(m, r, indent, hang, s);
	else
		m->nomem = true;
	free(s);
}

static void wrappedf(struct br_tmem *m, const struct br_report *r, int indent,
		     int hang, const char *fmt, ...)
	__attribute__((format(printf, 5, 6)));
/* wrapped() of a printf-made text, whole however long (a name in it is
 * not cut). */
static void wrappedf(struct br_tmem *m, const struct br_report *r, int indent,
		     int hang, const char *fmt, ...)
{
	va_list ap;
	char *s;

	va_start(ap, fmt);
	s = br_vstrf(fmt, ap);
	va_end(ap);
	wrapped_own(m, r, indent, hang, s);
}

char *br_report_text_wrap(const struct br_report *r, int indent,
			  const char *s)
{
	struct br_tmem m;
	const char *p = br_nz(s);

	if (!br_tmem_open(&m))
		return NULL;
	/* paragraph by paragraph: br_wrap does not keep newlines */
	while (*p) {
		const char *nl = strchr(p, '\n');
		char *line = strndup(p, nl ? (size_t)(nl - p) : strlen(p));

		if (!line) {
			m.nomem = true;
			break;
		}
		if (*line)
			wrapped(&m, r, indent, 0, line);
		else
			fputc('\n', m.fp);
		free(line);
		p = nl ? nl + 1 : p + strlen(p);
	}
	return br_tmem_finish(&m);
}

/* One paragraph s wrapped with its continuation lines hang further in
 * (report.h; report_derived.c's blocks). */
char *br_report_text_hang(const struct br_report *r, int indent, int hang,
			  const char *s)
{
	struct br_tmem m;

	if (!br_tmem_open(&m))
		return NULL;
	wrapped(&m, r, indent, hang, br_nz(s));
	return br_tmem_finish(&m);
}

/* s cut to at most w terminal columns (w >= 3), "..." at the end when
 * cut (the columns left out take at least the 3 bytes of "..."). */
static void fit(char *s, size_t w)
{
	if (br_utf8_width(s) <= w)
		return;
	strcpy(s + br_cols_prefix(s, w - 3), "...");
}

/*
 * Every system's name made plain and at most cols columns, shortened in
 * the middle and told apart as in the charts (br_text_short_names): one
 * array for a table's rows.  NULL on ENOMEM.
 */
char **br_report_short_names(const struct br_report *r, size_t cols)
{
	size_t n = r->a->sel->n_systems, j;
	char **pl = calloc(n + 1, sizeof *pl), **out = NULL;
	bool ok = pl != NULL;

	for (j = 0; ok && j < n; j++)
		ok = (pl[j] = plain(r, br_analysis_system(r->a, j))) != NULL;
	if (ok)
		out = br_text_short_names((const char *const *)pl, n, cols);
	for (j = 0; pl && j < n; j++)
		free(pl[j]);
	free(pl);
	return out;
}

/* s padded with spaces to w columns (left or right aligned). */
static void pad(FILE *fp, const char *s, size_t w, bool right)
{
	size_t sw = br_utf8_width(s);

	if (right)
		br_spaces(fp, sw < w ? w - sw : 0);
	fputs(s, fp);
	if (!right)
		br_spaces(fp, sw < w ? w - sw : 0);
}

/* -------------------------------------------------------------- systems */

/* A system's component and note pairs, in the systems table's order. */
struct pairs {
	char **key;
	char **val;
	size_t n;
};

static void pairs_free(struct pairs *p)
{
	size_t i;

	for (i = 0; i < p->n; i++) {
		free(p->key[i]);
		free(p->val[i]);
	}
	free(p->key);
	free(p->val);
}

static bool pairs_add(struct pairs *p, const char *k, size_t kl,
		      const char *v, size_t vl)
{
	char **nk = realloc(p->key, (p->n + 1) * sizeof *nk);
	char **nv;

	if (!nk)
		return false;
	p->key = nk;
	nv = realloc(p->val, (p->n + 1) * sizeof *nv);
	if (!nv)
		return false;
	p->val = nv;
	p->key[p->n] = strndup(k, kl);
	p->val[p->n] = strndup(v, vl);
	if (!p->key[p->n] || !p->val[p->n]) {
		free(p->key[p->n]);
		free(p->val[p->n]);
		return false;
	}
	p->n++;
	return true;
}

/*
 * v[0..n) with every run of more than max bytes without a blank split by
 * blanks into pieces of max bytes (never inside a UTF-8 character), so
 * that a note line such as PTS's environment flags folds within 72
 * columns.  A new string, NULL on ENOMEM.
 */
static char *fold_words(const char *v, size_t n, size_t max)
{
	char *out = malloc(2 * n + 1), *o = out;
	size_t i, run = 0;

	if (!out)
		return NULL;
	for (i = 0; i < n; i++) {
		bool blank = v[i] == ' ' || v[i] == '\t';
		bool cont = ((unsigned char)v[i] & 0xc0) == 0x80;

		if (!blank && !cont && run >= max) {
			*o++ = ' ';
			run = 0;
		}
		*o++ = v[i];
		run = blank ? 0 : run + !cont;
	}
	*o = '\0';
	return out;
}

/* pairs_add() of a note: its value folded (fold_words) at the width of
 * pair_line's continuation lines (W - 8), so that each folded piece
 * fills a line of its own and every blank the fold adds falls at a line
 * break, never inside a line. */
static bool pairs_add_note(struct pairs *p, const char *k, const char *v,
			   size_t vl)
{
	char *f = fold_words(v, vl, W - 8);
	bool ok = f && pairs_add(p, k, strlen(k), f, strlen(f));

	free(f);
	return ok;
}

static bool system_pairs(const struct br_system *s, struct pairs *p)
{
	const char *n = s->notes;
	size_t i;

	memset(p, 0, sizeof *p);
	for (i = 0; i < s->n_hardware; i++)
		if (!pairs_add(p, s->hardware[i].key,
			       strlen(s->hardware[i].key), s->hardware[i].value,
			       strlen(s->hardware[i].value)))
			return false;
	for (i = 0; i < s->n_software; i++)
		if (!pairs_add(p, s->software[i].key,
			       strlen(s->software[i].key), s->software[i].value,
			       strlen(s->software[i].value)))
			return false;
	while (n && *n) {
		const char *nl = strchr(n, '\n');
		size_t len = nl ? (size_t)(nl - n) : strlen(n);
		const char *colon = memchr(n, ':', len);
		char key[64];

		if (len) {
			const char *v = n;
			size_t kl = 0;

			if (colon && colon - n < 40) {
				kl = (size_t)(colon - n);
				v = colon + 1;
				while (*v == ' ' && v < n + len)
					v++;
			}
			snprintf(key, sizeof key, "%.*s%snotes", (int)kl, n,
				 kl ? " " : "");
			if (!pairs_add_note(p, key, v, (size_t)(n + len - v)))
				return false;
		}
		n = nl ? nl + 1 : NULL;
	}
	/* the notes PTS prints from System/JSON */
	for (i = 0; i < s->n_details; i++) {
		char key[64];

		snprintf(key, sizeof key, "%.40s notes", s->details[i].key);
		if (!pairs_add_note(p, key, s->details[i].value,
				    strlen(s->details[i].value)))
			return false;
	}
	return true;
}

static const char *pair_get(const struct pairs *p, const char *key)
{
	size_t i;

	for (i = 0; i < p->n; i++)
		if (!strcmp(p->key[i], key))
			return p->val[i];
	return NULL;
}

static void pair_line(struct br_tmem *m, const struct br_report *r,
		      const char *k, const char *v)
{
	char *s = NULL;
	size_t len = 0;
	FILE *fp = open_memstream(&s, &len);

	if (!fp) {
		m->nomem = true;
		return;
	}
	fprintf(fp, "%s: %s", k, v && *v ? v : "-");
	fclose(fp);
	if (!s) {
		m->nomem = true;
		return;
	}
	wrapped(m, r, 4, 4, s);
	free(s);
}

/* Whether pair i of system j is shown: not common to all systems and
 * not the same as in the system before. */
static bool differs(const struct pairs *ps, size_t n, size_t j, size_t i)
{
	const char *v;
	bool all = n > 1;
	size_t k;

	for (k = 0; k < n && all; k++) {
		const char *w = pair_get(&ps[k], ps[j].key[i]);

		all = w && !strcmp(w, ps[j].val[i]);
	}
	if (all)
		return false;
	return !(j > 0 && (v = pair_get(&ps[j - 1], ps[j].key[i])) &&
		 !strcmp(v, ps[j].val[i]));
}

/*
 * What is common to every system first, then each system with what
 * differs from the one before it (the OpenBenchmarking table's merged
 * neighbouring cells, read left to right).
 */
char *br_report_text_systems(const struct br_report *r)
{
	struct pairs *ps = calloc(r->a->sel->n_systems + 1, sizeof *ps);
	struct br_tmem m;
	size_t j, i, n_common = 0;

	if (!ps || !br_tmem_open(&m)) {
		free(ps);
		return NULL;
	}
	for (j = 0; j < r->a->sel->n_systems; j++)
		if (!system_pairs(br_analysis_sys(r->a, j), &ps[j]))
			m.nomem = true;
	/* common: same value in every system */
	for (i = 0; r->a->sel->n_systems > 1 && i < ps[0].n; i++) {
		bool same = true;

		for (j = 1; j < r->a->sel->n_systems && same; j++) {
			const char *v = pair_get(&ps[j], ps[0].key[i]);

			same = v && !strcmp(v, ps[0].val[i]);
		}
		if (!same)
			continue;
		if (n_common++ == 0)
			fputs("Common to all systems:\n", m.fp);
		pair_line(&m, r, ps[0].key[i], ps[0].val[i]);
	}
	for (j = 0; j < r->a->sel->n_systems; j++) {
		char head[64];
		char *name = plain(r, br_analysis_system(r->a, j));
		size_t shown = 0;

		if (!name) {
			m.nomem = true;
			break;
		}
		snprintf(head, sizeof head, "[%zu] ", j + 1);
		if (j > 0 || n_common)
			fputc('\n', m.fp);
		/* how many pairs differ from the previous system */
		for (i = 0; i < ps[j].n; i++)
			if (differs(ps, r->a->sel->n_systems, j, i))
				shown++;
		for (i = 0; j > 0 && i < ps[j - 1].n; i++)
			if (!pair_get(&ps[j], ps[j - 1].key[i]))
				shown++;
		{
			char *line = NULL;
			size_t len = 0;
			FILE *fp = open_memstream(&line, &len);

			if (!fp) {
				m.nomem = true;
				free(name);
				break;
			}
			fprintf(fp, "%s%s%s", head, name, j == r->a->base ?
				" (baseline)" : "");
			/* "as [k]" only after a system with details: two
			 * systems nothing is known about are not alike;
			 * and not where both have only what is common to
			 * all (said once above) */
			if (j > 0 && ps[j - 1].n && !(n_common &&
			    ps[j].n == n_common && ps[j - 1].n == n_common))
				fprintf(fp, ": as [%zu]%s", j, shown ?
					", except" : "");
			fclose(fp);
			free(name);
			if (!line) {
				m.nomem = true;
				break;
			}
			wrapped(&m, r, 0, 4, line);
			free(line);
		}
		for (i = 0; i < ps[j].n; i++)
			if (differs(ps, r->a->sel->n_systems, j, i))
				pair_line(&m, r, ps[j].key[i], ps[j].val[i]);
		for (i = 0; j > 0 && i < ps[j - 1].n; i++)
			if (!pair_get(&ps[j], ps[j - 1].key[i]))
				pair_line(&m, r, ps[j - 1].key[i], "");
	}
	for (j = 0; j < r->a->sel->n_systems; j++)
		pairs_free(&ps[j]);
	free(ps);
	return br_tmem_finish(&m);
}

/* ------------------------------------------------------------ overview */

/* A cell faster than measurable in the overview's narrow columns. */
#define BEYOND_MARK "too fast"

/*
 * One entry per scalar test: its name and unit, then the systems' values
 * in columns headed [1] [2] ...; '*' marks the best, '!' the worst.
 */
char *br_report_text_overview(const struct br_report *r)
{
	size_t cw = 6, j, i, per, c0;
	bool beyond = false;
	struct br_tmem m;
	char buf[64];

	if (!br_tmem_open(&m))
		return NULL;
	for (i = 0; i < r->a->n_tests; i++) {
		const struct br_atest *rt = &r->a->tests[i];

		if (!rt->scalar)
			continue;
		for (j = 0; j < r->a->sel->n_systems; j++) {
			size_t w;

			if (rt->cells[j].beyond && cw < sizeof BEYOND_MARK)
				cw = sizeof BEYOND_MARK;
			if (!rt->cells[j].sum.n)
				continue;
			w = strlen(br_cell_shown(&rt->cells[j],
						 rt->decimals, buf,
						 sizeof buf)) + 1;
			if (w > cw)
				cw = w;
		}
	}
	cw += 2;
	per = (W - 4) / cw;
	if (per < 1)
		per = 1;
	for (c0 = 0; c0 < r->a->sel->n_systems; c0 += per) {
		size_t n = r->a->sel->n_systems - c0 < per ? r->a->sel->n_systems - c0 : per;

		if (c0)
			fputc('\n', m.fp);
		fputs("    ", m.fp);
		for (j = 0; j < n; j++) {
			snprintf(buf, sizeof buf, "[%zu] ", c0 + j + 1);
			pad(m.fp, buf, cw, true);
		}
		fputc('\n', m.fp);
		for (i = 0; i < r->a->n_tests; i++) {
			const struct br_atest *rt = &r->a->tests[i];
			const struct br_test *t = rt->t;
			char v[72];

			if (!rt->scalar)
				continue;
			wrappedf(&m, r, 0, 4, "%s%s%s (%s%s%s)",
				 br_test_title(t), t->description &&
				 *t->description ? " - " : "",
				 br_nz(t->description), t->unit.text,
				 *t->unit.text ? ", " : "",
				 t->dir == BR_DIR_HIB ? "more is better"
				 : t->dir == BR_DIR_LIB ? "fewer is better"
				 : "direction unknown");
			fputs("    ", m.fp);
			for (j = c0; j < c0 + n; j++) {
				const struct br_cell *c = &rt->cells[j];

				if (!c->sum.n) {
					snprintf(v, sizeof v, "%s ",
						 c->kind == BR_CELL_FAILED
						 ? "fail" : c->beyond ?
						 BEYOND_MARK : "-");
					beyond |= c->beyond;
				} else {
					snprintf(v, sizeof v, "%s%c",
						 br_cell_shown(c, rt->decimals,
							       buf, sizeof buf),
						 c->best ? '*' : c->worst ? '!'
						 : ' ');
				}
				pad(m.fp, v, cw, true);
			}
			fputc('\n', m.fp);
		}
	}
	if (beyond)
		fputc('\n', m.fp);
	if (beyond)
		wrappedf(&m, r, 0, 0, "\"" BEYOND_MARK "\": %s (%s)",
			 BR_BEYOND_WORDS, BR_BEYOND_WHY);
	return br_tmem_finish(&m);
}

/* ------------------------------------------------------------- geomean */

/* The overall ranking, as compare prints it (render/table/compare_out.c):
 * best first, "2-3 NAME: 1.059x; first in 1 of 8 tests". */
static void text_overall(struct br_tmem *m, const struct br_report *r)
{
	const struct br_analysis *a = r->a;
	const struct br_overall *o = &a->overall;
	char lv[24], rk[64], *line;
	size_t i, w = 1, n;

	if (o->why) {
		fputc('\n', m->fp);
		wrappedf(m, r, 0, 2, "No overall ranking: %s.", o->why);
		return;
	}
	if (!o->ok)
		return;
	fputc('\n', m->fp);
	wrappedf(m, r, 0, 2, "Overall ranking by the geometric mean against "
		 "%s; ranks are the places the %s" BR_NBSP "measurement CIs "
		 "of the pairs' direct ratios allow (Holm-adjusted):",
		 br_analysis_system(a, a->base),
		 br_fmt_level(lv, sizeof lv, a->o.confidence));
	for (i = 0; i < a->sel->n_systems; i++)
		if (o->rank_low[i] && strlen(br_fmt_rank(rk, sizeof rk,
				o->rank_low[i], o->rank_high[i])) > w)
			w = strlen(rk);
	for (i = 0; i < a->sel->n_systems; i++) {
		size_t j = o->order[i];

		if (!o->rank_low[j]) {
			snprintf(rk, sizeof rk, "-");
		} else {
			br_fmt_rank(rk, sizeof rk, o->rank_low[j],
				    o->rank_high[j]);
		}
		/* padded with spaces the wrap keeps */
		for (n = strlen(rk); n < w && n + 1 < sizeof rk; n++) {
			rk[n] = BR_NBSP[0];
			rk[n + 1] = '\0';
		}
		line = br_overall_line(a, j);   /* as compare says it */
		if (!line) {
			m->nomem = true;
			return;
		}
		wrappedf(m, r, 2, 2, "%s %s: %s", rk, br_analysis_system(a, j),
			 line);
		free(line);
	}
}

/* Whether a geometric mean's interval leaves tests out (single runs):
 * its row gets a "*" and a footnote. */
static bool geo_starred(const struct br_ageo *g)
{
	return g->ok && !isnan(g->g.meas_low) && (g->g.exact || g->hyperfine);
}

/* "* B: over 1 of 2 tests with runs; with the 1 single-run test, ..." */
static void geo_footnote(struct br_tmem *m, const struct br_report *r, size_t j)
{
	const struct br_ageo *g = &r->a->geo[j];
	char over[192], single[128];
	char *name;

	if (j == r->a->base || !geo_starred(g))
		return;
	name = plain(r, br_analysis_system(r->a, j));
	wrappedf(m, r, 2, 3, "* %s: %s%s%s", name ? name : "?",
		 br_geo_over(g, over, sizeof over), g->g.k_runs ? "; " : "",
		 br_geo_with_single(g, single, sizeof single));
	free(name);
}

/*
 * The geometric means: a table of the tests each one uses, the speedup,
 * its measurement interval and, on a second line, its across-tests
 * interval (doc/statistics.md, "Geometric mean"); then the overall
 * ranking with three systems or more.
 */
char *br_report_text_geomean(const struct br_report *r)
{
	size_t j, nw = 6, cw = 16;
	struct br_tmem m;
	char conf[24], x[48], lo[48], hi[48], ci[112], **names;
	bool any = false, exact = false;

	for (j = 0; j < r->a->sel->n_systems; j++) {
		const struct br_ageo *g = &r->a->geo[j];

		if (!g->ok)
			continue;
		any = true;
		if (!isnan(g->g.meas_low)) {
			snprintf(ci, sizeof ci, "%s to %s%s", br_fmt_x(lo,
				 sizeof lo, g->g.meas_low, 3), br_fmt_x(hi,
				 sizeof hi, g->g.meas_high, 3), geo_starred(g) ?
				 "*" : "");
			cw = strlen(ci) > cw ? strlen(ci) : cw;
		}
		if (!isnan(g->g.across_low)) {
			snprintf(ci, sizeof ci, "%s to %s", br_fmt_x(lo,
				 sizeof lo, g->g.across_low, 3), br_fmt_x(hi,
				 sizeof hi, g->g.across_high, 3));
			cw = strlen(ci) > cw ? strlen(ci) : cw;
		}
	}
	if (!any || !br_tmem_open(&m))
		return any ? NULL : strdup("");
	br_fmt_level(conf, sizeof conf, r->a->o.confidence);
	wrappedf(&m, r, 0, 1, "(speedup against %s over the tests each system "
		 "shares with it; >" BR_NBSP "1 is better; %s" BR_NBSP "CIs of "
		 "these measurements and, below, across tests like these)",
		 br_analysis_system(r->a, r->a->base), conf);
	fputc('\n', m.fp);
	for (j = 0; j < r->a->sel->n_systems; j++) {
		char *name = plain(r, br_analysis_system(r->a, j));

		if (name && br_utf8_width(name) > nw)
			nw = br_utf8_width(name);
		free(name);
	}
	/* name, tests, speedup, interval and its 13-column label in W */
	if (nw + 2 + 2 + 5 + 2 + 7 + 2 + cw + 13 > W)
		nw = W > 2 + 2 + 5 + 2 + 7 + 2 + cw + 13 + 10 ?
		     W - (2 + 2 + 5 + 2 + 7 + 2 + cw + 13) : 10;
	names = br_report_short_names(r, nw);
	if (!names)
		m.nomem = true;
	fputs("  ", m.fp);
	pad(m.fp, "System", nw, false);
	fprintf(m.fp, "  Tests  Speedup  %s CI\n", conf);
	for (j = 0; names && j < r->a->sel->n_systems; j++) {
		const struct br_ageo *g = &r->a->geo[j];

		if (j != r->a->base && !g->ok)
			continue;
		fputs("  ", m.fp);
		pad(m.fp, names[j], nw, false);
		if (j == r->a->base) {
			fprintf(m.fp, "  %5s  %7s  baseline\n", "-", "1.000x");
			continue;
		}
		fprintf(m.fp, "  %5zu  %7s  ", br_geo_k(g), br_fmt_x(x,
			sizeof x, g->g.gm, 3));
		if (isnan(g->g.meas_low)) {
			fputs("-\n", m.fp);
		} else {
			snprintf(ci, sizeof ci, "%s to %s%s", br_fmt_x(lo,
				 sizeof lo, g->g.meas_low, 3), br_fmt_x(hi,
				 sizeof hi, g->g.meas_high, 3), geo_starred(g) ?
				 "*" : "");
			pad(m.fp, ci, cw, false);
			fputs(" measurement\n", m.fp);
			exact |= geo_starred(g);
		}
		br_spaces(m.fp, 2 + nw + 2 + 5 + 2 + 7 + 2);
		if (isnan(g->g.across_low)) {
			fputs("- across tests (one test)\n", m.fp);
		} else {
			snprintf(ci, sizeof ci, "%s to %s", br_fmt_x(lo,
				 sizeof lo, g->g.across_low, 3), br_fmt_x(hi,
				 sizeof hi, g->g.across_high, 3));
			pad(m.fp, ci, cw, false);
			fputs(" across tests\n", m.fp);
		}
		if (isnan(g->g.meas_low))    /* why, naming the tests */
			wrapped_own(&m, r, 4, 1, br_geo_no_ci_why(r->a, j));
	}
	for (j = 0; exact && names && j < r->a->sel->n_systems; j++)
		geo_footnote(&m, r, j);
	br_text_short_names_free(names, r->a->sel->n_systems);
	text_overall(&m, r);
	return br_tmem_finish(&m);
}

/* ---------------------------------------------------------------- tests */

/* Under the spread table: each system's note on its runs (drift, the
 * outliers by number and value), as the HTML and Markdown reports give
 * it beside the system's name. */
static void run_notes(struct br_tmem *m, const struct br_report *r,
		      const struct br_atest *rt)
{
	size_t j;
	char note[320];
	bool first = true;

	for (j = 0; j < r->a->sel->n_systems; j++) {
		if (!*br_run_note(&rt->cells[j], rt->decimals,
				  rt->t->unit_shift, note, sizeof note))
			continue;
		if (first)
			fputc('\n', m->fp);
		first = false;
		br_wrap(m->fp, 3, 5, 72, "%s: %s",
			br_analysis_system(r->a, j), note);
	}
}

/*
 * Each entry's spread, as OpenBenchmarking.org shows it: the lowest and
 * highest run, the SD and the CV, under the test's table (names nw
 * columns wide); nothing when no entry has two runs or an SD.  Min and
 * max at the values' precision, SD at the SEs'; "-" where unknown (a
 * published summary has no runs), and no min and max columns when no
 * entry has runs.
 */
static void text_spread(struct br_tmem *m, const struct br_report *r, size_t i,
			size_t nw)
{
	const struct br_atest *rt = &r->a->tests[i];
	size_t n = r->a->sel->n_systems, j, k;
	enum { S_MIN, S_MAX, S_SD, S_CV, N_S };
	static const char *const head[N_S] = {"Min", "Max", "SD", "CV%"};
	char (*cell)[N_S][40], **names;
	size_t w[N_S] = {3, 3, 2, 3}, fixed = 3, k0 = S_SD;
	bool any = false;

	for (j = 0; j < n; j++)
		any |= rt->cells[j].sum.n >= 2 && !isnan(rt->cells[j].sum.sd);
	if (!any)
		return;
	cell = calloc(n + 1, sizeof *cell);
	if (!cell) {
		m->nomem = true;
		return;
	}
	for (j = 0; j < n; j++) {
		const struct br_summary *s = &rt->cells[j].sum;

		if (!s->n)
			continue;
		if (!isnan(s->min) && s->n >= 2) {
			k0 = S_MIN;     /* runs: min and max columns */
			br_fmt_fixed(cell[j][S_MIN], 40, s->min, rt->decimals);
			br_fmt_fixed(cell[j][S_MAX], 40, s->max, rt->decimals);
		}
		if (!isnan(s->sd))
			br_fmt_fixed(cell[j][S_SD], 40, s->sd, rt->se_decimals);
		if (!isnan(s->cv_pct))
			br_fmt_fixed(cell[j][S_CV], 40, s->cv_pct, 1);
		for (k = 0; k < N_S; k++) {
			if (!cell[j][k][0])
				strcpy(cell[j][k], "-");
			if (strlen(cell[j][k]) > w[k])
				w[k] = strlen(cell[j][k]);
		}
	}
	for (k = k0; k < N_S; k++)
		fixed += w[k] + 2;
	if (nw + fixed > W)
		nw = W > fixed + 10 ? W - fixed : 10;
	fputs("\n   ", m->fp);
	pad(m->fp, "Spread", nw, false);
	for (k = k0; k < N_S; k++) {
		fputs("  ", m->fp);
		pad(m->fp, head[k], w[k], true);
	}
	fputc('\n', m->fp);
	names = br_report_short_names(r, nw);   /* as the table above shortens */
	if (!names)
		m->nomem = true;
	for (j = 0; names && j < n; j++) {
		if (!rt->cells[j].sum.n)
			continue;
		fputs("   ", m->fp);
		pad(m->fp, names[j], nw, false);
		for (k = k0; k < N_S; k++) {
			fputs("  ", m->fp);
			pad(m->fp, cell[j][k], w[k], true);
		}
		fputc('\n', m->fp);
	}
	br_text_short_names_free(names, n);
	free(cell);
	run_notes(m, r, rt);
}

static size_t max_sz(size_t a, size_t b)
{
	return a > b ? a : b;
}

/*
 * A series result (line graph) as a table: x down the side and, for
 * each system, the mean, SE and N of each point under its name; as many
 * systems side by side as fit in the width, the rest in further blocks
 * below (x again at the side).
 */
static void series_table(struct br_tmem *m, const struct br_report *r, size_t i)
{
	size_t n = r->a->sel->n_systems, np = br_report_series_points(r, i);
	size_t j, k, xw, wm = 4, ws = 2, wn = 1, gw, per, b0, shown = 0;
	bool se = false;  /* single runs only: no SE column (issue 22) */
	struct br_point_text pt;
	char *xl = plain(r, br_report_series_x_label(r->a->tests[i].t));
	char **names;
	size_t *sys = calloc(n + 1, sizeof *sys);

	if (!xl || !sys) {
		free(xl);
		free(sys);
		m->nomem = true;
		return;
	}
	for (j = 0; j < n; j++)
		if (br_report_series_has(r, i, j))
			sys[shown++] = j;
	xw = br_utf8_width(xl);
	for (k = 0; k < np; k++)
		for (j = 0; j < shown; j++) {
			br_report_point(r, i, sys[j], k, &pt);
			xw = max_sz(xw, strlen(pt.x));
			wm = max_sz(wm, strlen(pt.mean));
			ws = max_sz(ws, strlen(pt.se));
			wn = max_sz(wn, strlen(pt.n));
			se |= *pt.se && strcmp(pt.se, "-");
		}
	if (xw > 20)
		xw = 20;
	gw = wm + (se ? 2 + ws : 0) + 2 + wn;
	/* wider groups for whole names when all still fit side by side */
	for (j = 0, k = gw; j < shown; j++) {
		char *nm = plain(r, br_analysis_system(r->a, sys[j]));

		if (nm)
			k = max_sz(k, br_utf8_width(nm));
		free(nm);
	}
	if (k > gw && 3 + xw + shown * (k + 3) <= W) {
		wm += k - gw;
		gw = k;
	}
	names = br_report_short_names(r, gw);
	per = W > 3 + xw + gw + 3 ? (W - 3 - xw) / (gw + 3) : 1;
	if (per < 1)
		per = 1;
	fputc('\n', m->fp);
	wrapped(m, r, 3, 0, se ? "Mean, SE and N of each point:" :
		"Mean and N of each point:");
	for (b0 = 0; names && b0 < shown; b0 += per) {
		size_t nb = shown - b0 < per ? shown - b0 : per;

		fputc('\n', m->fp);
		br_spaces(m->fp, 3 + xw);
		for (j = b0; j < b0 + nb; j++) {
			fputs("   ", m->fp);
			pad(m->fp, names[sys[j]], gw, false);
		}
		fputs("\n   ", m->fp);
		fit(xl, xw);
		pad(m->fp, xl, xw, false);
		for (j = b0; j < b0 + nb; j++) {
			fputs("   ", m->fp);
			pad(m->fp, "Mean", wm, true);
			fputs("  ", m->fp);
			if (se) {
				pad(m->fp, "SE", ws, true);
				fputs("  ", m->fp);
			}
			pad(m->fp, "N", wn, true);
		}
		fputc('\n', m->fp);
		for (k = 0; k < np; k++) {
			fputs("   ", m->fp);
			for (j = b0; j < b0 + nb; j++) {
				br_report_point(r, i, sys[j], k, &pt);
				if (j == b0) {
					fit(pt.x, xw);
					pad(m->fp, pt.x, xw, true);
				}
				fputs("   ", m->fp);
				pad(m->fp, pt.mean, wm, true);
				fputs("  ", m->fp);
				if (se) {
					pad(m->fp, pt.se, ws, true);
					fputs("  ", m->fp);
				}
				pad(m->fp, pt.n, wn, true);
			}
			fputc('\n', m->fp);
		}
	}
	if (!names)
		m->nomem = true;
	br_text_short_names_free(names, n);
	free(sys);
	free(xl);
}

/* the columns of a scalar test's table */
enum { C_N, C_MEAN, C_SE, C_LO, C_HI, N_C };

/*
 * A scalar test's table, shared by the steps that build and print it:
 * the cells as printed, each column's width, the names' width and the
 * headings of the Mean and CI columns.
 */
struct ttab {
	char (*cell)[N_C][40];
	size_t w[N_C];
	size_t n_c;             /* columns printed: N_C, or C_SE without SE */
	size_t nw;              /* the System column */
	size_t w_means;         /* the widest mean */
	size_t w_los;           /* the widest CI low */
	size_t fixed;           /* the width of everything but the names */
	bool any_se;
	char hdr_mean[64], hdr_lo[48];
	bool compact;           /* values of 1e9 and more with an SI prefix */
};

/* the Mean heading with the unit when it is short, and the CI heading */
static void ttab_headings(struct ttab *tb, const struct br_report *r,
			  const struct br_test *t)
{
	char lvl[24];

	snprintf(tb->hdr_lo, sizeof tb->hdr_lo, "%s CI low",
		 br_fmt_level(lvl, sizeof lvl, r->a->o.confidence));
	tb->w[C_LO] = strlen(tb->hdr_lo);
	if (*t->unit.text && br_utf8_width(t->unit.text) <= 16) {
		char *u = plain(r, t->unit.text);
		int len = snprintf(tb->hdr_mean, sizeof tb->hdr_mean,
				   "Mean (%s)", u ? u : "");

		free(u);
		/* narrow but long (combining marks): left out like a wide
		 * one, not cut */
		if (len < 0 || (size_t)len >= sizeof tb->hdr_mean)
			snprintf(tb->hdr_mean, sizeof tb->hdr_mean, "Mean");
	} else {
		snprintf(tb->hdr_mean, sizeof tb->hdr_mean, "Mean");
	}
	tb->w[C_MEAN] = br_utf8_width(tb->hdr_mean);
}

/* "N. name", the description, and the unit with the direction */
static void test_heading(struct br_tmem *m, const struct br_report *r, size_t i)
{
	const struct br_test *t = r->a->tests[i].t;
	char *title = br_report_test_name(t);

	wrapped_own(m, r, 0, 3, title ? br_strf("%zu. %s", i + 1, title)
				      : NULL);
	free(title);
	if (t->description && *t->description)
		wrapped(m, r, 3, 0, t->description);
	wrappedf(m, r, 3, 0, "%s%s%s", t->unit.text,
		 *t->unit.text ? ", " : "", br_dir_phrase(t->dir));
}

/* a test that is not one number per system: its series, or why none */
static void test_series(struct br_tmem *m, const struct br_report *r, size_t i)
{
	const struct br_test *t = r->a->tests[i].t;

	if (br_report_series_points(r, i))
		series_table(m, r, i);
	else
		wrapped(m, r, 3, 0, t->display == BR_DISPLAY_LINE ?
			"(a series result without points)" :
			"(not a numeric result)");
}

/* a row's SE and CI as printed; si: a table too wide for its names,
 * where a mean of 1e9 or more, its SE and CI are in 3 significant digits
 * with the SI prefix, as the charts show them ("7.90G"; doc/charts.md) */
static void ttab_values(char (*cell)[40], const struct br_summary *s,
			int d, bool si)
{
	if (si)
		br_fmt_value(cell[C_MEAN], 40, s->mean, d);
	if (!isnan(s->se))
		(void)(si ? br_fmt_se(cell[C_SE], 40, s->se, d, s->mean)
		       : br_fmt_fixed(cell[C_SE], 40, s->se, d));
	if (isnan(s->ci_low))
		return;
	(void)(si ? br_fmt_se(cell[C_LO], 40, s->ci_low, d, s->mean)
	       : br_fmt_fixed(cell[C_LO], 40, s->ci_low, d));
	(void)(si ? br_fmt_se(cell[C_HI], 40, s->ci_high, d, s->mean)
	       : br_fmt_fixed(cell[C_HI], 40, s->ci_high, d));
}

/* Whether the compact form (3 significant digits and the SI prefix
 * from 1e9 up) keeps what the table says: not for a test shown in
 * significant digits (numfmt.h BR_SIG), whose digits are what tells its
 * values apart, nor where an interval would print as its mean at both
 * ends ("3.76G to 3.76G" around an SE of 1.2). */
static bool compact_keeps(const struct br_atest *rt, size_t n)
{
	char m[40], lo[40], hi[40];
	size_t j;

	if (BR_IS_SIG(rt->decimals))
		return false;
	for (j = 0; j < n; j++) {
		const struct br_summary *s = &rt->cells[j].sum;

		if (!rt->cells[j].entry || !s->n || !(fabs(s->mean) >= 1e9) ||
		    isnan(s->ci_low))
			continue;
		br_fmt_value(m, sizeof m, s->mean, rt->decimals);
		br_fmt_se(lo, sizeof lo, s->ci_low, rt->se_decimals, s->mean);
		br_fmt_se(hi, sizeof hi, s->ci_high, rt->se_decimals, s->mean);
		if (!strcmp(m, lo) && !strcmp(m, hi))
			return false;
	}
	return true;
}

/* the cells, and the widths they need */
static void ttab_cells(struct ttab *tb, const struct br_report *r,
		       const struct br_atest *rt)
{
	size_t n = r->a->sel->n_systems, j, k;

	for (j = 0; j < n; j++) {
		const struct br_summary *s = &rt->cells[j].sum;
		char (*cell)[40] = tb->cell[j];
		char *name;

		if (!rt->cells[j].entry)
			continue;
		name = plain(r, br_analysis_system(r->a, j));
		if (name && br_utf8_width(name) > tb->nw)
			tb->nw = br_utf8_width(name);
		free(name);
		if (!s->n)
			continue;
		snprintf(cell[C_N], 40, "%zu", s->n);
		br_cell_shown(&rt->cells[j], rt->decimals, cell[C_MEAN], 40);
		ttab_values(cell, s, rt->se_decimals, tb->compact &&
			    fabs(s->mean) >= 1e9);
		tb->any_se |= !isnan(s->se);
		for (k = 0; k < N_C; k++) {
			if (!cell[k][0])
				strcpy(cell[k], "-");
			if (strlen(cell[k]) > tb->w[k])
				tb->w[k] = strlen(cell[k]);
		}
		if (strlen(cell[C_MEAN]) > tb->w_means)
			tb->w_means = strlen(cell[C_MEAN]);
		if (strlen(cell[C_LO]) > tb->w_los)
			tb->w_los = strlen(cell[C_LO]);
	}
}

/* the columns printed and the room left for the names */
static void ttab_fit(struct ttab *tb)
{
	size_t k;

	/* single runs only: no SE and CI columns */
	tb->n_c = tb->any_se ? N_C : C_SE;
	tb->fixed = 3;
	for (k = 0; k < tb->n_c; k++)
		tb->fixed += tb->w[k] + 2;
	/* names that would be shortened get the room of the unit in the
	 * Mean heading first (the line above the table gives the unit) */
	if (tb->nw + tb->fixed > W && tb->w[C_MEAN] > tb->w_means) {
		snprintf(tb->hdr_mean, sizeof tb->hdr_mean, "Mean");
		tb->fixed -= tb->w[C_MEAN] - tb->w_means;
		tb->w[C_MEAN] = tb->w_means;
	}
	/* then, where names cut to 10 columns would not fit either, the
	 * level in the CI heading ("99.99999% CI low"): the report's first
	 * lines give it (72 columns, issue 22) */
	if ((tb->nw < 10 ? tb->nw : 10) + tb->fixed > W && tb->any_se &&
	    tb->w[C_LO] > tb->w_los && tb->w[C_LO] > 6) {
		size_t w = tb->w_los > 6 ? tb->w_los : 6;

		snprintf(tb->hdr_lo, sizeof tb->hdr_lo, "CI low");
		tb->fixed -= tb->w[C_LO] - w;
		tb->w[C_LO] = w;
	}
	if (tb->nw + tb->fixed > W)
		tb->nw = W > tb->fixed + 10 ? W - tb->fixed : 10;
}

/* the table's heading line */
static void ttab_head_row(FILE *fp, const struct ttab *tb)
{
	fputc('\n', fp);
	fputs("   ", fp);
	pad(fp, "System", tb->nw, false);
	fputs("  ", fp);
	pad(fp, "N", tb->w[C_N], true);
	fputs("  ", fp);
	pad(fp, tb->hdr_mean, tb->w[C_MEAN], true);
	if (tb->any_se) {
		fputs("  ", fp);
		pad(fp, "SE", tb->w[C_SE], true);
		fputs("  ", fp);
		pad(fp, tb->hdr_lo, tb->w[C_LO], true);
		fputs("  ", fp);
		pad(fp, "high", tb->w[C_HI], true);
	}
	fputc('\n', fp);
}

/* a row per system with a result: its cells, or why it has no value */
static void ttab_rows(FILE *fp, const struct br_report *r,
		      const struct br_atest *rt, const struct ttab *tb,
		      char **names)
{
	size_t n = r->a->sel->n_systems, j, k;

	for (j = 0; names && j < n; j++) {
		const struct br_cell *c = &rt->cells[j];
		size_t nw = tb->nw;
		char *name;

		if (!c->entry)
			continue;
		fputs("   ", fp);
		pad(fp, names[j], nw, false);
		if (!c->sum.n) {
			const char *why = c->why ? c->why : "no value";

			name = plain(r, why);
			if (name) {
				fit(name, W - 7 - nw > 10 ? W - 7 - nw : 10);
				fprintf(fp, "  (%s)\n", name);
			}
			free(name);
			continue;
		}
		for (k = 0; k < tb->n_c; k++) {
			fputs("  ", fp);
			pad(fp, tb->cell[j][k], tb->w[k], true);
		}
		fputc('\n', fp);
	}
}

/* the verdicts against the baseline, or why there are none */
static void test_verdicts(struct br_tmem *m, const struct br_report *r, size_t i)
{
	const struct br_atest *rt = &r->a->tests[i];
	size_t j, k;

	if (!rt->cells[r->a->base].sum.n && r->a->sel->n_systems > 1) {
		char *why = br_analysis_no_baseline(r->a, i);

		fputc('\n', m->fp);
		wrappedf(m, r, 3, 1, "(no comparison: %s)", why ? why : "?");
		free(why);
	}
	for (j = 0, k = 0; j < r->a->sel->n_systems; j++) {
		char *beyond = br_analysis_beyond(r->a, i, j);

		if (!beyond && !br_report_has_cmp(r, i, j))
			continue;
		if (k++ == 0)
			fputc('\n', m->fp);
		wrapped_own(m, r, 3, 2, beyond ? beyond :
			    br_analysis_sentence(r->a, i, j));
	}
}

char *br_report_text_test(const struct br_report *r, size_t i)
{
	const struct br_atest *rt = &r->a->tests[i];
	size_t n = r->a->sel->n_systems;
	struct ttab tb = {.w = {1, 4, 2, 0, 4}, .nw = 6, .w_means = 4};
	size_t need;
	char **names;
	struct br_tmem m;

	tb.cell = calloc(n + 1, sizeof *tb.cell);
	if (!tb.cell || !br_tmem_open(&m)) {
		free(tb.cell);
		return NULL;
	}
	ttab_headings(&tb, r, rt->t);
	test_heading(&m, r, i);
	if (!rt->scalar) {
		test_series(&m, r, i);
		free(tb.cell);
		return br_tmem_finish(&m);
	}
	ttab_cells(&tb, r, rt);
	need = tb.nw;
	ttab_fit(&tb);
	if ((tb.nw + tb.fixed > W || tb.nw < need) && compact_keeps(rt, n)) {
		/* names cut short or a line too long: large values shorter */
		struct ttab c = {.w = {1, 4, 2, 0, 4}, .nw = 6, .w_means = 4,
				 .cell = tb.cell, .compact = true};

		memset(tb.cell, 0, (n + 1) * sizeof *tb.cell);
		ttab_headings(&c, r, rt->t);
		ttab_cells(&c, r, rt);
		ttab_fit(&c);
		tb = c;
	}
	names = br_report_short_names(r, tb.nw);
	if (!names)
		m.nomem = true;
	ttab_head_row(m.fp, &tb);
	ttab_rows(m.fp, r, rt, &tb, names);
	free(tb.cell);
	br_text_short_names_free(names, n);
	text_spread(&m, r, i, tb.nw);
	test_verdicts(&m, r, i);
	return br_tmem_finish(&m);
}
