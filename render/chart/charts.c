/*
 * charts.c - the chart table and what a run draws from it (chart.h).
 *
 * A chart type is a file (chart_NAME.c, which defines its row) and a row
 * here; --chart NAME picks the rows of that name, and auto picks by each
 * row's auto_pick in table order (doc/design.md, "Adding a chart type").
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "chart.h"
#include "../../analysis/scaling.h"

/* The rows, each defined in its own file (chart_NAME.c). */
extern const struct br_chart_type br_chart_overview_type;
extern const struct br_chart_type br_chart_groups_type;
extern const struct br_chart_type br_chart_wins_type;
extern const struct br_chart_type br_chart_tests_type;
extern const struct br_chart_type br_chart_scaling_type;
extern const struct br_chart_type br_chart_multiway_type;
extern const struct br_chart_type br_chart_bar_type;
extern const struct br_chart_type br_chart_line_type;

/* Whole charts first; per test, auto takes the first row that fits. */
const struct br_chart_type *const br_chart_types[] = {
	&br_chart_overview_type,   /* whole: the result overview (front) */
	&br_chart_tests_type,      /* whole: the grouped chart of tests */
	&br_chart_scaling_type,    /* whole: one chart per scaling family */
	&br_chart_multiway_type,   /* per test: "A: B" names, grouped */
	&br_chart_bar_type,        /* per test: bars, one per system */
	&br_chart_line_type,       /* per test: a series, a line per system */
	&br_chart_groups_type,     /* whole: group geometric means (issue 24) */
	&br_chart_wins_type,       /* whole: wins, losses and ties (issue 24) */
};
const size_t br_n_chart_types = sizeof br_chart_types /
				sizeof br_chart_types[0];

const struct br_chart_type *br_chart_find(const char *name, bool whole)
{
	size_t k;

	for (k = 0; k < br_n_chart_types; k++)
		if (!strcasecmp(br_chart_types[k]->name, name) &&
		    br_chart_types[k]->whole == whole)
			return br_chart_types[k];
	return NULL;
}

static bool is_auto(const char *kind)
{
	return !kind || !strcasecmp(kind, "auto");
}

bool br_chart_kind_known(const char *name)
{
	size_t k;

	if (is_auto(name))
		return true;
	for (k = 0; k < br_n_chart_types; k++)
		if (!strcasecmp(name, br_chart_types[k]->name))
			return true;
	return false;
}

const char *br_chart_kinds_list(void)
{
	static char list[256];
	size_t k, j, len;

	if (list[0])
		return list;
	len = (size_t)snprintf(list, sizeof list, "auto");
	for (k = 0; k < br_n_chart_types && len < sizeof list; k++) {
		for (j = 0; j < k; j++)   /* rows may share a name */
			if (!strcmp(br_chart_types[j]->name,
				    br_chart_types[k]->name))
				break;
		if (j == k)
			len += (size_t)snprintf(list + len, sizeof list - len,
						", %s",
						br_chart_types[k]->name);
	}
	return list;
}

const char *br_chart_kinds_help(void)
{
	static char help[2048];
	size_t k, len;

	if (help[0])
		return help;
	len = (size_t)snprintf(help, sizeof help, "which charts: auto "
			       "(default): the result overview, a scaling "
			       "chart per family of results that differ in "
			       "one numeric option, a grouped chart for a "
			       "pasted table or multi-way names (\"A: B\"), "
			       "else a bar or line chart per test");
	for (k = 0; k < br_n_chart_types && len < sizeof help; k++)
		if (*br_chart_types[k]->help)
			len += (size_t)snprintf(help + len, sizeof help - len,
						"; %s: %s",
						br_chart_types[k]->name,
						br_chart_types[k]->help);
	return help;
}

/* ------------------------------------------------------------- plan */

static bool named(const struct br_chart_type *ty, const char *kind)
{
	return is_auto(kind) || !strcasecmp(ty->name, kind);
}

static bool picks(const struct br_chart_type *ty, const struct br_analysis *a,
		  size_t i)
{
	return !ty->auto_pick || ty->auto_pick(a, i);
}

static void add_job(struct br_chart_plan *p, const struct br_chart_type *ty,
		    size_t test, size_t part, bool extra)
{
	struct br_chart_job *j = &p->jobs[p->n_jobs++];

	j->type = ty;
	j->test = test;
	j->part = part;
	j->extra = extra;
}

/*
 * Why no chart draws test i: the reason of the last row for its kind of
 * result (the table lists the special cases, such as multi-way names,
 * before the general one), else that kind is not drawn at all.
 */
static char *skip_reason(const struct br_analysis *a, size_t i)
{
	const struct br_test *t = a->tests[i].t;
	const struct br_chart_type *last = NULL;
	char why[512];
	size_t k;

	for (k = 0; k < br_n_chart_types; k++)
		if (!br_chart_types[k]->whole &&
		    br_chart_types[k]->display == t->display)
			last = br_chart_types[k];
	if (last)
		last->fits(a, i, why, sizeof why);
	else
		snprintf(why, sizeof why, "%s results are not drawn",
			 br_test_display_format(t));
	br_utf8_cut(why);   /* a long title may have been cut */
	return strdup(why);
}

void br_chart_plan_fini(struct br_chart_plan *p)
{
	size_t i;

	for (i = 0; i < p->n_skipped; i++)
		free(p->why[i]);
	free(p->why);
	free(p->note);
	free(p->skipped);
	free(p->jobs);
	memset(p, 0, sizeof *p);
}

int br_chart_plan(const struct br_analysis *a, const char *kind,
		  struct br_chart_plan *p, struct br_error *err)
{
	size_t nt = a->n_tests, i, k, n_named = 0, n_parts = 0;
	bool *covered = calloc(nt + 1, sizeof *covered), any_fit, per_test;
	char why[512] = "";
	int misfit = BR_EDATA;

	memset(p, 0, sizeof *p);
	for (k = 0; k < br_n_chart_types; k++)
		if (br_chart_types[k]->parts)
			n_parts += br_chart_types[k]->parts(a);
	p->jobs = calloc(nt + br_n_chart_types + n_parts + 1,
			 sizeof *p->jobs);
	p->skipped = calloc(nt + 1, sizeof *p->skipped);
	p->why = calloc(nt + 1, sizeof *p->why);
	if (!covered || !p->jobs || !p->skipped || !p->why)
		goto nomem;
	/* whole charts: the named kind's (when it fits), and the ones auto
	 * draws beside the others (covering no test) */
	for (k = 0; k < br_n_chart_types; k++) {
		const struct br_chart_type *ty = br_chart_types[k];
		bool mine = !is_auto(kind) && named(ty, kind);

		if (!ty->whole)
			continue;
		if (mine) {
			if (!ty->fits(a, SIZE_MAX, why, sizeof why)) {
				misfit = ty->misfit;
				continue;
			}
		} else if (!(is_auto(kind) || !ty->covers) ||
			   !ty->fits(a, SIZE_MAX, NULL, 0) ||
			   !picks(ty, a, SIZE_MAX)) {
			continue;
		}
		if (ty->parts)   /* one chart per part */
			for (i = 0; i < ty->parts(a); i++)
				add_job(p, ty, SIZE_MAX, i, !mine &&
					!ty->covers);
		else
			add_job(p, ty, SIZE_MAX, 0, !mine && !ty->covers);
		n_named += mine;
		for (i = 0; ty->covers && i < nt; i++)
			covered[i] |= ty->covers(a, i);
	}
	/* auto leaves an overview with nothing in it out, and says so */
	if (is_auto(kind) && br_chart_overview_empty(a, why, sizeof why)) {
		p->note = strdup(why);
		*why = '\0';
		if (!p->note)
			goto nomem;
	}
	/* per test: the named kind's row, or auto's first that fits */
	for (k = 0, per_test = is_auto(kind); k < br_n_chart_types; k++)
		per_test |= !br_chart_types[k]->whole &&
			    named(br_chart_types[k], kind);
	for (i = 0; per_test && i < nt; i++) {
		if (covered[i])
			continue;
		any_fit = false;
		for (k = 0; k < br_n_chart_types; k++) {
			const struct br_chart_type *ty = br_chart_types[k];

			if (ty->whole || !ty->fits(a, i, NULL, 0))
				continue;
			any_fit = true;
			if (!named(ty, kind) || (is_auto(kind) &&
						 !picks(ty, a, i)))
				continue;
			add_job(p, ty, i, 0, false);
			n_named += !is_auto(kind);
			break;
		}
		if (!any_fit) {
			p->skipped[p->n_skipped] = i;
			p->why[p->n_skipped] = skip_reason(a, i);
			if (!p->why[p->n_skipped++])
				goto nomem;
		}
	}
	free(covered);
	br_utf8_cut(why);
	if (!is_auto(kind) && n_named == 0) {
		br_chart_plan_fini(p);
		if (!*why)
			return br_error_set(err, BR_EDATA, NULL, 0, "render: "
					    "no selected test can be drawn as "
					    "--chart %s", kind);
		if (misfit == BR_EUSAGE)
			return br_error_set(err, BR_EUSAGE, NULL, 0, "--chart "
					    "%s: %s (pick tests with --tests)",
					    kind, why);
		return br_error_set(err, misfit, NULL, 0, "%s", why);
	}
	return BR_OK;
nomem:
	free(covered);
	br_chart_plan_fini(p);
	return br_error_set(err, BR_EIO, NULL, 0, "out of memory");
}

int br_chart_build(const struct br_analysis *a, const struct br_chart_job *j,
		   const struct br_chart_opts *o, size_t per_page,
		   struct br_scene ***scenes, size_t *n,
		   struct br_error *err)
{
	struct br_scene **sc;
	int rc;

	*scenes = NULL;
	*n = 0;
	if (j->type->pages)
		return j->type->pages(a, j->test, o, per_page, scenes, n, err);
	sc = calloc(1, sizeof *sc);
	if (!sc)
		return br_error_set(err, BR_EIO, NULL, 0, "out of memory");
	rc = j->type->layout(a, j->type->parts ? j->part : j->test, o,
			     &sc[0], err);
	if (rc != BR_OK) {
		free(sc);
		return rc;
	}
	*scenes = sc;
	*n = 1;
	return BR_OK;
}

const struct br_chart_job *br_chart_plan_test(const struct br_chart_plan *p,
					      size_t i)
{
	size_t k;

	for (k = 0; k < p->n_jobs; k++)
		if (p->jobs[k].test == i)
			return &p->jobs[k];
	return NULL;
}

/* ------------------------------------------------------------ names */

/* "Dbench", "Client Count: 1" -> "dbench-client-count-1" (ASCII only);
 * skip_parens leaves out "(...)" asides. */
static size_t slug_pass(char *buf, size_t size, const char *title,
			const char *description, bool skip_parens)
{
	const char *parts[2] = {title, description};
	size_t len = 0, i;
	bool dash = false;
	int depth = 0;

	for (i = 0; i < 2; i++) {
		const char *p = br_nz(parts[i]);

		for (; *p && len + 2 < size; p++) {
			unsigned char c = (unsigned char)*p;

			if (skip_parens && (c == '(' || c == ')')) {
				depth += c == '(' ? 1 : depth > 0 ? -1 : 0;
				dash = true;
			} else if (skip_parens && depth > 0) {
				continue;
			} else if ((c >= 'a' && c <= 'z') ||
				   (c >= '0' && c <= '9') ||
				   (c >= 'A' && c <= 'Z')) {
				if (dash && len)
					buf[len++] = '-';
				dash = false;
				buf[len++] = (char)(c | (c >= 'A' && c <= 'Z'
							 ? 0x20 : 0));
			} else {
				dash = true;
			}
		}
		dash = true;
	}
	buf[len] = '\0';
	return len;
}

#define SLUG_MAX 60   /* characters of a name after "NN-" */

/* s cut at its last '-' that leaves at most max characters (a word
 * longer than that: cut at max). */
static void cut_words(char *s, size_t max)
{
	char *cut;

	if (strlen(s) <= max)
		return;
	cut = s + max;
	while (cut > s && *cut != '-')
		cut--;
	*(cut > s ? cut : s + max) = '\0';
}

/* The longest end of s that starts at a word and holds at most max
 * characters ("" when even its last word is longer). */
static const char *tail_words(const char *s, size_t max)
{
	size_t len = strlen(s);
	const char *t = len > max ? s + len - max : s;

	while (t > s && *t && t[-1] != '-')
		t++;
	return t;
}

/* a, sep, b, c into buf (size bytes), cut at its end if need be. */
static void join(char *buf, size_t size, const char *a, const char *sep,
		 const char *b, const char *c)
{
	const char *parts[4] = {a, sep, b, c};
	size_t len = 0, i, n;

	for (i = 0; i < 4 && size; i++) {
		n = strlen(parts[i]);
		if (n > size - 1 - len)
			n = size - 1 - len;
		memcpy(buf + len, parts[i], n);
		len += n;
	}
	if (size)
		buf[len] = '\0';
}

/*
 * title's and description's slugs in at most SLUG_MAX characters: the
 * title keeps its first words (at least one) and the description as
 * much as fits, its middle going first, so that names that differ at
 * their end ("...-thread-count-1", "...-decompression-speed") keep it.
 */
static void slug_long(char *buf, size_t size, const char *title,
		      const char *description)
{
	char t[512], d[512], head[512];
	size_t dl, room;
	const char *tail;

	slug_pass(t, sizeof t, title, NULL, true);
	dl = slug_pass(d, sizeof d, NULL, description, true);
	if (!*t || !dl) {
		/* one part only: its start */
		join(buf, size, *t ? t : d, "", "", "");
		cut_words(buf, SLUG_MAX);
		return;
	}
	if (dl + 2 <= SLUG_MAX && strcspn(t, "-") + 1 + dl <= SLUG_MAX) {
		cut_words(t, SLUG_MAX - 1 - dl);
		join(buf, size, t, "-", d, "");
		return;
	}
	/* the title's first word, the description's start and end */
	t[strcspn(t, "-")] = '\0';
	cut_words(t, 20);
	room = SLUG_MAX - 1 - strlen(t);
	join(head, sizeof head, d, "", "", "");
	cut_words(head, room / 3);
	tail = tail_words(d + strlen(head), room - strlen(head) - 1);
	join(buf, size, t, "-", head, "");
	if (*head && *tail)
		join(buf + strlen(buf), size - strlen(buf), "-", tail, "", "");
	else
		join(buf + strlen(buf), size - strlen(buf), tail, "", "", "");
}

/* The slug cut at its end: links (br_chart_slug) keep the ids they
 * always had, whatever --tests selects. */
static void slug_end(char *buf, size_t size, const char *title,
		     const char *description)
{
	size_t len = slug_pass(buf, size, title, description, false);

	if (len > SLUG_MAX && slug_pass(buf, size, title, description,
					true) == 0)
		slug_pass(buf, size, title, description, false);
	cut_words(buf, SLUG_MAX);
	if (!*buf)
		snprintf(buf, size, "test");
}

/* description with the names of its first k options left out ("Record
 * Size: 4Kb - File Size: 512MB", 1 -> "4Kb - File Size: 512MB"): a
 * new string, or NULL on ENOMEM. */
static char *without_names(const char *description, size_t k)
{
	char *out = malloc(strlen(description) + 1), *o = out;
	const char *p = description;
	size_t i;

	for (i = 0; out && *p; i++) {
		const char *end = strstr(p, " - "), *colon;
		size_t n = end ? (size_t)(end - p) : strlen(p);

		colon = memchr(p, ':', n);
		if (i < k && colon && colon[1] == ' ' && colon + 2 < p + n) {
			n -= (size_t)(colon + 2 - p);
			p = colon + 2;
		}
		memcpy(o, p, n + (end ? 3 : 0));
		o += n + (end ? 3 : 0);
		p += n + (end ? 3 : 0);
	}
	if (out)
		*o = '\0';
	return out;
}

/*
 * A file's name, so that the names of a directory differ where their
 * tests do: too long, the options' names go first, from the first
 * ("threaded-i-o-tester-read-size-per-thread-32mb-thread-count-1",
 * "zstd-compression-19-long-mode-decompression-speed"), then the
 * middle (slug_long).
 */
static void slug(char *buf, size_t size, const char *title,
		 const char *description)
{
	const char *d = br_nz(description), *p;
	size_t len = slug_pass(buf, size, title, d, false), k, n_opts;
	char *shorter = NULL;

	/* too long: leave out "(...)" asides first, so a cut does not
	 * turn "(illustrative numbers, not measured)" into "...-not" */
	if (len > SLUG_MAX && slug_pass(buf, size, title, d, true) == 0)
		slug_pass(buf, size, title, d, false);
	for (p = d, n_opts = 1; (p = strstr(p, " - ")) != NULL; p += 3)
		n_opts++;
	for (k = 1; strlen(buf) > SLUG_MAX && k <= n_opts; k++) {
		free(shorter);
		if (!(shorter = without_names(d, k)))
			break;
		slug_pass(buf, size, title, shorter, true);
	}
	if (strlen(buf) > SLUG_MAX)
		slug_long(buf, size, title, shorter ? shorter : d);
	free(shorter);
	cut_words(buf, SLUG_MAX);
	if (!*buf)
		snprintf(buf, size, "test");
}

void br_chart_slug(char *buf, size_t size, const char *title,
		   const char *description)
{
	slug_end(buf, size, title, description);
}

void br_chart_file_name(char *buf, size_t size, const struct br_analysis *a,
			const struct br_chart_job *j,
			const struct br_chart_opts *o, int width)
{
	char name[128];
	size_t number;

	if (j->type->parts) {
		/* a scaling family: beside its first result, "NN-dbench-
		 * client-count-scaling"; the options it shares before the
		 * swept one, each part cut on its own, so that families
		 * that differ in a shared option ("Message Threads: 2")
		 * keep it ("NN-schbench-message-threads-2-workers-per-
		 * message-thread-scaling") */
		const struct br_family *f = &a->families[j->part];
		char *what = br_strf("%s scaling", f->option);
		char tail[128];
		size_t k;

		for (number = SIZE_MAX, k = 0; k < f->n; k++)
			number = f->tests[k] < number ? f->tests[k] : number;
		slug(name, sizeof name, a->tests[number].t->title, f->rest);
		slug(tail, sizeof tail, what ? what : "scaling", NULL);
		free(what);
		snprintf(buf, size, "%0*zu-%s-%s", width, number + 1, name,
			 tail);
		return;
	}
	if (j->test == SIZE_MAX && !j->type->covers) {
		/* the overview: first, under its own name */
		snprintf(buf, size, "%0*u-%s", width, 0u, j->type->name);
		return;
	}
	if (j->test == SIZE_MAX) {
		/* a chart of every test: titled as the input */
		slug(name, sizeof name, o->title ? o->title :
		     a->sel->rs->title ? a->sel->rs->title : "Results", NULL);
		number = 1;
	} else {
		slug(name, sizeof name, a->tests[j->test].t->title,
		     a->tests[j->test].t->description);
		number = j->test + 1;
	}
	snprintf(buf, size, "%0*zu-%s", width, number, name);
}
