/*
 * select.c - which tests and systems a run looks at: --tests PATTERN
 * (repeatable; "=EXACT", "^" and "$" anchors), --exclude PATTERN,
 * --systems A,B,..., --exclude-systems PATTERN, and the system a name
 * means (--systems, --baseline, --highlight).  The rules are in doc/design.md,
 * "Choosing tests and systems".
 */
#define _GNU_SOURCE /* FNM_CASEFOLD, strcasestr */
#include <fnmatch.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "analysis.h"
#include "suggest.h"

/* Names listed in a "did you mean" (the rest are counted). */
#define SUGGEST_MAX 3
/* Edit-distance cells a --tests suggestion may take (about 0.1 s). */
#define SUGGEST_CELLS ((size_t)40000000)

static bool has_wildcard(const char *p)
{
	return strpbrk(p, "*?[") != NULL;
}

/*
 * A pattern as written: "=TEXT" is exact (the whole of a name, case
 * included), a leading '^' anchors it at the start of a name and a
 * trailing '$' at its end; otherwise it may match anywhere.
 */
struct pat {
	char *core;       /* the pattern without its marks */
	bool exact, start, end;
};

static bool pat_parse(const char *p, struct pat *pt)
{
	size_t n;

	memset(pt, 0, sizeof *pt);
	if (*p == '=') {
		pt->exact = true;
		pt->core = strdup(p + 1);
		return pt->core != NULL;
	}
	if (*p == '^') {
		pt->start = true;
		p++;
	}
	n = strlen(p);
	if (n > 0 && p[n - 1] == '$') {
		pt->end = true;
		n--;
	}
	pt->core = strndup(p, n);
	return pt->core != NULL;
}

/* The pattern to measure a typo's distance with: its text without the
 * marks ("=", "^", "$"), which are no part of any name.  Free it. */
static char *pat_text(const char *p)
{
	struct pat pt;

	return pat_parse(p, &pt) ? pt.core : NULL;
}

/* Whether s ends with e, ignoring ASCII case. */
static bool ends_with(const char *s, const char *e)
{
	size_t n = strlen(s), m = strlen(e);

	return n >= m && strcasecmp(s + n - m, e) == 0;
}

/* The pattern matches s: a substring, or with wildcards a glob that may
 * start and end anywhere ("*PATTERN*"); anchored at an end by '^' or
 * '$', the whole of s by "=" (exactly) or both anchors. */
static bool match_pat(const struct pat *pt, const char *s)
{
	char *glob;
	bool m;

	if (!s || !*s)
		return false;
	if (pt->exact)
		return strcmp(s, pt->core) == 0;
	if (!has_wildcard(pt->core)) {
		if (pt->start && pt->end)
			return strcasecmp(s, pt->core) == 0;
		if (pt->start)
			return strncasecmp(s, pt->core, strlen(pt->core)) == 0;
		if (pt->end)
			return ends_with(s, pt->core);
		return strcasestr(s, pt->core) != NULL;
	}
	glob = br_strf("%s%s%s", pt->start ? "" : "*", pt->core,
		       pt->end ? "" : "*");
	m = glob && fnmatch(glob, s, FNM_CASEFOLD) == 0;
	free(glob);
	return m;
}

char *br_test_full_name(const struct br_test *t)
{
	const char *v = br_nz(t->app_version), *d = br_nz(t->description);

	return br_strf("%s%s%s%s%s", br_nz(t->title), *v ? " " : "", v,
		       *d ? " - " : "", d);
}

/* "Title - Description", without the version (NULL on ENOMEM). */
static char *title_desc(const struct br_test *t)
{
	return br_strf("%s - %s", br_nz(t->title), br_nz(t->description));
}

/* Whether pt matches one of t's names (br_test_matches). */
static bool test_matches(const struct pat *pt, const struct br_test *t)
{
	char *both, *full;
	bool m;

	full = br_test_full_name(t);
	if (pt->exact) {
		/* the full name only: what inspect --list tests prints */
		m = full && match_pat(pt, full);
		free(full);
		return m;
	}
	if (match_pat(pt, t->identifier) || match_pat(pt, t->title) ||
	    match_pat(pt, t->description)) {
		free(full);
		return true;
	}
	/* whole, however long: a cut one would miss a pattern on its end
	 * (and end in half a character); no memory, no match */
	both = title_desc(t);
	m = (both && match_pat(pt, both)) || (full && match_pat(pt, full));
	free(both);
	free(full);
	return m;
}

bool br_test_matches(const char *pat, const struct br_test *t)
{
	struct pat pt;
	bool m;

	if (!pat_parse(pat, &pt))
		return false;
	m = test_matches(&pt, t);
	free(pt.core);
	return m;
}

void br_selection_fini(struct br_selection *sel)
{
	free(sel->tests);
	free(sel->systems);
	memset(sel, 0, sizeof *sel);
}

/* ------------------------------------------------------ did you mean */

/* Candidates for a suggestion: indexes and their distance, best first. */
struct near {
	size_t *idx, *dist, n;
};

static bool near_init(struct near *nr, size_t cap)
{
	nr->n = 0;
	nr->idx = calloc(cap + 1, sizeof *nr->idx);
	nr->dist = calloc(cap + 1, sizeof *nr->dist);
	return nr->idx && nr->dist;
}

static void near_fini(struct near *nr)
{
	free(nr->idx);
	free(nr->dist);
}

/* Keep only the candidates at the least distance, in input order. */
static void near_keep_best(struct near *nr)
{
	size_t k, m = SIZE_MAX, n = 0;

	for (k = 0; k < nr->n; k++)
		if (nr->dist[k] < m)
			m = nr->dist[k];
	for (k = 0; k < nr->n; k++)
		if (nr->dist[k] == m) {
			nr->idx[n] = nr->idx[k];
			nr->dist[n++] = m;
		}
	nr->n = n;
}

/*
 * "; did you mean 'A', 'B' or 'C'?" (", or N more" past SUGGEST_MAX) for
 * the names of nr, made by name(ctx, idx); "" when there are none or
 * even one would not fit in an error message.  Free the result.
 */
static char *did_you_mean(const struct near *nr,
			  char *(*name)(const void *ctx, size_t idx),
			  const void *ctx, size_t room)
{
	size_t shown = nr->n < SUGGEST_MAX ? nr->n : SUGGEST_MAX;

	for (; shown > 0; shown--) {
		char *s = br_strf("; did you mean"), *t;
		size_t k;

		for (k = 0; s && k < shown; k++) {
			char *nm = name(ctx, nr->idx[k]);

			t = nm ? br_strf("%s%s '%s'", s, k == 0 ? "" :
					 k + 1 < shown || shown < nr->n ? "," :
					 " or", nm) : NULL;
			free(nm);
			free(s);
			s = t;
		}
		if (s && shown < nr->n) {
			t = br_strf("%s or %zu more", s, nr->n - shown);
			free(s);
			s = t;
		}
		if (s) {
			t = br_strf("%s?", s);
			free(s);
			s = t;
		}
		if (s && strlen(s) < room)
			return s;
		free(s);
	}
	return strdup("");
}

/* What is left of an error message after head. */
static size_t room_after(const char *head, const struct br_error *err)
{
	size_t n = strlen(head);

	return n < sizeof err->msg ? sizeof err->msg - n : 0;
}

/* The usage error "HEAD; did you mean ...?" for the names of nr (then
 * freed, with head): BR_EUSAGE, or BR_EIO on ENOMEM. */
static int no_match(struct near *nr, char *head,
		    char *(*name)(const void *ctx, size_t idx),
		    const void *ctx, struct br_error *err)
{
	char *tail = head ? did_you_mean(nr, name, ctx, room_after(head, err))
		     : NULL;
	int rc;

	if (head && tail)
		rc = br_error_set(err, BR_EUSAGE, NULL, 0, "%s%s", head,
				  tail);
	else
		rc = br_error_set(err, BR_EIO, NULL, 0, "out of memory");
	free(head);
	free(tail);
	near_fini(nr);
	return rc;
}

static char *test_name_of(const void *ctx, size_t idx)
{
	const struct br_resultset *rs = ctx;

	return br_test_full_name(rs->tests[idx]);
}

/* A test's exact selector, for a mistyped exact pattern. */
static char *test_selector_of(const void *ctx, size_t idx)
{
	char *full = test_name_of(ctx, idx), *s;

	s = full ? br_strf("=%s", full) : NULL;
	free(full);
	return s;
}

static char *system_name_of(const void *ctx, size_t idx)
{
	const struct br_resultset *rs = ctx;

	return strdup(rs->systems[idx]->identifier);
}

/* How far pattern is from test t: its least distance to a name of t. */
static size_t test_distance(const char *pat, const struct br_test *t)
{
	char *full = br_test_full_name(t), *both = title_desc(t);
	size_t d = SIZE_MAX, e;

	if (full && (e = br_pattern_distance(pat, full)) < d)
		d = e;
	if (both && (e = br_pattern_distance(pat, both)) < d)
		d = e;
	if (t->identifier && (e = br_pattern_distance(pat,
						      t->identifier)) < d)
		d = e;
	free(full);
	free(both);
	return d;
}

/*
 * Word by word: each word of pat (split at blanks, wildcards and "-:,")
 * near some part of t's name; the sum of their distances, or SIZE_MAX
 * when a word is too far.
 */
static size_t words_distance(const char *pat, const struct br_test *t)
{
	static const char seps[] = " \t*?[]-:,";
	char *full = br_test_full_name(t), *copy = strdup(pat), *w, *save;
	size_t sum = 0, d, words = 0;

	if (!full || !copy) {
		free(full);
		free(copy);
		return SIZE_MAX;
	}
	for (w = strtok_r(copy, seps, &save); w && sum != SIZE_MAX;
	     w = strtok_r(NULL, seps, &save)) {
		d = br_pattern_distance(w, full);
		if (d > br_suggest_limit(strlen(w)) ||
		    (d > 0 && strlen(w) < 3))
			sum = SIZE_MAX;
		else
			sum += d;
		words++;
	}
	free(full);
	free(copy);
	return words > 1 ? sum : SIZE_MAX;
}

/* The edit-distance cells (suggest.c) comparing a pattern of np bytes
 * with test t's names cost: each name about three times over (whole, by
 * words, title and description), plus the allocations. */
static size_t suggest_cost(size_t np, const struct br_test *t)
{
	size_t n = strlen(br_nz(t->identifier)) + strlen(br_nz(t->title)) +
		   strlen(br_nz(t->description)) +
		   strlen(br_nz(t->app_version));

	return (np + 1) * (3 * n + 24);
}

/* "OPT: no test matches 'pattern'", and the closest tests (to the
 * pattern without its marks). */
static int no_test_matches(const struct br_resultset *rs, const char *opt,
			   const char *pattern, struct br_error *err)
{
	struct near nr;
	char *pat = pat_text(pattern);
	size_t i, d, spent, lim;
	int rc;

	if (!pat || !near_init(&nr, rs->n_tests)) {
		free(pat);
		near_fini(&nr);
		return br_error_set(err, BR_EIO, NULL, 0, "out of memory");
	}
	lim = br_suggest_limit(strlen(pat));
	/* near as a whole, or word by word ("dbench client 1" is near
	 * "Dbench 4.0 - Client Count: 1" by its words); among the tests
	 * that fit in SUGGEST_CELLS cells of edit-distance tables, in
	 * input order, so that a typo against a million tests costs a
	 * fraction of a second, not a minute (issue 25) */
	for (i = 0, spent = 0; i < rs->n_tests && spent < SUGGEST_CELLS;
	     i++) {
		size_t w = words_distance(pat, rs->tests[i]);

		spent += suggest_cost(strlen(pat), rs->tests[i]);

		d = test_distance(pat, rs->tests[i]);
		if (d > lim)
			d = SIZE_MAX;
		if (w < d)
			d = w;
		if (d != SIZE_MAX) {
			nr.idx[nr.n] = i;
			nr.dist[nr.n++] = d;
		}
	}
	near_keep_best(&nr);
	rc = no_match(&nr, br_strf("%s: no test matches '%s'", opt, pattern),
		      *pattern == '=' ? test_selector_of : test_name_of, rs,
		      err);
	free(pat);
	return rc;
}

/* ----------------------------------------------------- system names */

static size_t among_at(const size_t *among, size_t k)
{
	return among ? among[k] : k;
}

/* "OPT: 'x' could be 'A', 'B' or 'C'; give more of the name". */
static int ambiguous(const struct br_resultset *rs, const char *opt,
		     const char *name, const struct near *nr,
		     struct br_error *err)
{
	char *head = br_strf("%s: '%s' could be", opt, name);
	size_t room = head ? room_after(head, err) : 0;
	char *list = head ? did_you_mean(nr, system_name_of, rs, room > 24 ?
					 room - 24 : 0) : NULL;
	int rc;

	/* did_you_mean's "; did you mean 'A' or 'B'?" less its frame */
	if (head && list && *list) {
		list[strlen(list) - 1] = '\0';
		rc = br_error_set(err, BR_EUSAGE, NULL, 0, "%s%s; give more "
				  "of the name", head, list +
				  strlen("; did you mean"));
	} else if (head && list) {
		rc = br_error_set(err, BR_EUSAGE, NULL, 0, "%s more than one "
				  "system; give more of the name", head);
	} else {
		rc = br_error_set(err, BR_EIO, NULL, 0, "out of memory");
	}
	free(head);
	free(list);
	return rc;
}

int br_system_named(const struct br_resultset *rs, const size_t *among,
		    size_t n_among, const char *opt, const char *name,
		    size_t *idx, struct br_error *err)
{
	struct near nr;
	size_t n = among ? n_among : rs->n_systems, k, i, len = strlen(name);
	size_t lim = br_suggest_limit(len), d;
	int rc, pass;

	for (k = 0; k < n; k++)
		if (!strcmp(rs->systems[among_at(among, k)]->identifier,
			    name)) {
			*idx = among_at(among, k);
			return BR_OK;
		}
	if (!near_init(&nr, n)) {
		near_fini(&nr);
		return br_error_set(err, BR_EIO, NULL, 0, "out of memory");
	}
	/* the same name in another case, else the start of one name */
	for (pass = 0; pass < 2 && nr.n == 0; pass++)
		for (k = 0; k < n; k++) {
			const char *id;

			i = among_at(among, k);
			id = rs->systems[i]->identifier;
			if (pass == 0 ? !strcasecmp(id, name)
				      : !strncasecmp(id, name, len))
				nr.idx[nr.n++] = i;
		}
	if (nr.n == 1) {
		*idx = nr.idx[0];
		near_fini(&nr);
		return BR_OK;
	}
	if (nr.n > 1) {
		rc = ambiguous(rs, opt, name, &nr, err);
		near_fini(&nr);
		return rc;
	}
	for (k = 0; k < n; k++) {
		i = among_at(among, k);
		d = br_pattern_distance(name, rs->systems[i]->identifier);
		if (d <= lim) {
			nr.idx[nr.n] = i;
			nr.dist[nr.n++] = d;
		}
	}
	near_keep_best(&nr);
	return no_match(&nr, br_strf("%s: no system named '%s' %s", opt, name,
				     among ? "among the selected systems" :
				     "in the input"), system_name_of, rs, err);
}

/* ---------------------------------------------------------- selection */

/* The systems of the comma-separated list, in its order, each once. */
static int select_systems(const struct br_resultset *rs, const char *list,
			  struct br_selection *sel, struct br_error *err)
{
	bool *on = calloc(rs->n_systems + 1, sizeof *on);
	const char *p = list;
	int rc = BR_OK;

	if (!on)
		return br_error_set(err, BR_EIO, NULL, 0, "out of memory");
	for (;;) {
		const char *end = strchr(p, ',');
		size_t len = end ? (size_t)(end - p) : strlen(p), idx;
		char *name = strndup(p, len);

		if (!name) {
			rc = br_error_set(err, BR_EIO, NULL, 0,
					  "out of memory");
			break;
		}
		if (!*name) {
			rc = br_error_set(err, BR_EUSAGE, NULL, 0, "--systems: "
					  "an empty name in '%s'", list);
			free(name);
			break;
		}
		rc = br_system_named(rs, NULL, 0, "--systems", name, &idx,
				     err);
		if (rc == BR_OK && on[idx])   /* "e,e", "ext4,EXT4" */
			rc = br_error_set(err, BR_EUSAGE, NULL, 0, "--systems: "
					  "'%s' names %s a second time",
					  name, rs->systems[idx]->identifier);
		free(name);
		if (rc != BR_OK)
			break;
		on[idx] = true;
		sel->systems[sel->n_systems++] = idx;
		if (!end)
			break;
		p = end + 1;
	}
	free(on);
	return rc;
}

/* The tests: those any of sp->tests matches (all without one), less
 * those any of sp->exclude matches; each pattern must match some test
 * (one that matches none is most likely a typo). */
static int select_tests(const struct br_resultset *rs,
			const struct br_select_spec *sp,
			struct br_selection *sel, struct br_error *err)
{
	size_t n = sp->n_tests + sp->n_exclude, i, k;
	struct pat *pt = calloc(n + 1, sizeof *pt);
	bool *hit = calloc(n + 1, sizeof *hit);
	int rc = pt && hit ? BR_OK : BR_EIO;

	for (k = 0; rc == BR_OK && k < n; k++)
		if (!pat_parse(k < sp->n_tests ? sp->tests[k] :
			       sp->exclude[k - sp->n_tests], &pt[k]))
			rc = BR_EIO;
	for (i = 0; rc == BR_OK && i < rs->n_tests; i++) {
		bool in = sp->n_tests == 0, out = false;

		for (k = 0; k < n; k++) {
			if (!test_matches(&pt[k], rs->tests[i]))
				continue;
			hit[k] = true;
			if (k < sp->n_tests)
				in = true;
			else
				out = true;
		}
		if (in && !out)
			sel->tests[sel->n_tests++] = i;
	}
	if (rc != BR_OK)
		rc = br_error_set(err, BR_EIO, NULL, 0, "out of memory");
	for (k = 0; rc == BR_OK && k < n; k++)
		if (!hit[k])
			rc = k < sp->n_tests ?
			     no_test_matches(rs, "--tests", sp->tests[k], err) :
			     no_test_matches(rs, "--exclude",
					     sp->exclude[k - sp->n_tests], err);
	if (rc == BR_OK && sp->n_exclude && sel->n_tests == 0 &&
	    rs->n_tests > 0)
		rc = br_error_set(err, BR_EUSAGE, NULL, 0, "--exclude: no test "
				  "is left");
	for (k = 0; pt && k < n; k++)
		free(pt[k].core);
	free(pt);
	free(hit);
	return rc;
}

/* "--exclude-systems: no system matches 'x'", and the closest names. */
static int no_system_matches(const struct br_resultset *rs,
			     const char *pattern, struct br_error *err)
{
	struct near nr;
	char *pat = pat_text(pattern);
	size_t i, d, lim;
	int rc;

	if (!pat || !near_init(&nr, rs->n_systems)) {
		free(pat);
		near_fini(&nr);
		return br_error_set(err, BR_EIO, NULL, 0, "out of memory");
	}
	lim = br_suggest_limit(strlen(pat));
	for (i = 0; i < rs->n_systems; i++) {
		d = br_pattern_distance(pat, rs->systems[i]->identifier);
		if (d <= lim) {
			nr.idx[nr.n] = i;
			nr.dist[nr.n++] = d;
		}
	}
	near_keep_best(&nr);
	rc = no_match(&nr, br_strf("--exclude-systems: no system matches "
				   "'%s'", pattern), system_name_of, rs, err);
	free(pat);
	return rc;
}

/* Leave out of sel the systems any of sp->exclude_systems matches by
 * name; each must match some system of the input. */
static int exclude_systems(const struct br_resultset *rs,
			   const struct br_select_spec *sp,
			   struct br_selection *sel, struct br_error *err)
{
	size_t k, i, j, n = 0;
	struct pat pt;
	bool *out = calloc(rs->n_systems + 1, sizeof *out);
	int rc = out ? BR_OK : BR_EIO;

	for (k = 0; rc == BR_OK && k < sp->n_exclude_systems; k++) {
		bool hit = false;

		if (!pat_parse(sp->exclude_systems[k], &pt)) {
			rc = BR_EIO;
			break;
		}
		for (i = 0; i < rs->n_systems; i++)
			if (match_pat(&pt, rs->systems[i]->identifier))
				hit = out[i] = true;
		free(pt.core);
		if (!hit) {
			free(out);
			return no_system_matches(rs, sp->exclude_systems[k],
						 err);
		}
	}
	if (rc != BR_OK) {
		free(out);
		return br_error_set(err, BR_EIO, NULL, 0, "out of memory");
	}
	for (j = 0; j < sel->n_systems; j++)
		if (!out[sel->systems[j]])
			sel->systems[n++] = sel->systems[j];
	sel->n_systems = n;
	free(out);
	if (n == 0 && rs->n_systems > 0)
		return br_error_set(err, BR_EUSAGE, NULL, 0, "--exclude-systems: "
				    "no system is left");
	return BR_OK;
}

int br_select_spec(const struct br_resultset *rs,
		   const struct br_select_spec *sp, struct br_selection *sel,
		   struct br_error *err)
{
	size_t i;
	int rc = BR_OK;

	memset(sel, 0, sizeof *sel);
	sel->rs = rs;
	sel->systems = calloc(rs->n_systems + 1, sizeof *sel->systems);
	sel->tests = calloc(rs->n_tests + 1, sizeof *sel->tests);
	if (!sel->systems || !sel->tests) {
		br_selection_fini(sel);
		return br_error_set(err, BR_EIO, NULL, 0, "out of memory");
	}
	if (sp->systems) {
		rc = select_systems(rs, sp->systems, sel, err);
	} else {
		for (i = 0; i < rs->n_systems; i++)
			sel->systems[sel->n_systems++] = i;
	}
	if (rc == BR_OK)
		rc = exclude_systems(rs, sp, sel, err);
	if (rc == BR_OK)
		rc = select_tests(rs, sp, sel, err);
	if (rc != BR_OK)
		br_selection_fini(sel);
	sel->rs = rs;
	return rc;
}

int br_select_any(const struct br_resultset *rs, const char *const *patterns,
		  size_t n_patterns, const char *systems,
		  struct br_selection *sel, struct br_error *err)
{
	struct br_select_spec sp;

	memset(&sp, 0, sizeof sp);
	sp.tests = patterns;
	sp.n_tests = n_patterns;
	sp.systems = systems;
	return br_select_spec(rs, &sp, sel, err);
}

int br_select(const struct br_resultset *rs, const char *pattern,
	      const char *systems, struct br_selection *sel,
	      struct br_error *err)
{
	return br_select_any(rs, &pattern, pattern ? 1 : 0, systems, sel,
			     err);
}

static int cmp_ptr(const void *a, const void *b)
{
	uintptr_t x = (uintptr_t)*(const void *const *)a;
	uintptr_t y = (uintptr_t)*(const void *const *)b;

	return x < y ? -1 : x > y;
}

bool *br_selection_warnings(const struct br_selection *sel)
{
	const struct br_resultset *rs = sel->rs;
	const struct br_test **in = calloc(sel->n_tests + 1, sizeof *in);
	bool *shown = calloc(rs->n_warnings + 1, sizeof *shown);
	size_t k;

	if (!in || !shown) {
		free(in);
		free(shown);
		return NULL;
	}
	for (k = 0; k < sel->n_tests; k++)
		in[k] = rs->tests[sel->tests[k]];
	qsort(in, sel->n_tests, sizeof *in, cmp_ptr);
	for (k = 0; k < rs->n_warnings; k++) {
		const struct br_warning *w = &rs->warnings[k];
		const struct br_test *t = w->test;
		size_t j;

		if (!t && w->n_tests) {
			/* about several tests: shown when one is */
			for (j = 0; j < w->n_tests && !shown[k]; j++)
				shown[k] = sel->n_tests &&
					   bsearch(&w->tests[j], in,
						   sel->n_tests, sizeof *in,
						   cmp_ptr);
			continue;
		}
		shown[k] = !t || (sel->n_tests &&
				  bsearch(&t, in, sel->n_tests, sizeof *in,
					  cmp_ptr));
	}
	free(in);
	return shown;
}
