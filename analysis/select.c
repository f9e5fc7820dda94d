/*
 * select.c - which tests and systems a run looks at: --tests PATTERN and
 * --systems A,B,... (doc/design.md, "Command line").
 */
#define _GNU_SOURCE /* FNM_CASEFOLD, strcasestr */
#include <fnmatch.h>
#include <stdlib.h>
#include <string.h>

#include "analysis.h"

static bool has_wildcard(const char *p)
{
	return strpbrk(p, "*?[") != NULL;
}

static bool match_one(const char *pat, const char *s)
{
	if (!s || !*s)
		return false;
	if (has_wildcard(pat))
		return fnmatch(pat, s, FNM_CASEFOLD) == 0;
	return strcasestr(s, pat) != NULL;
}

bool br_test_matches(const char *pat, const struct br_test *t)
{
	char *both;
	bool m;

	if (match_one(pat, t->identifier) || match_one(pat, t->title) ||
	    match_one(pat, t->description))
		return true;
	/* whole, however long: a cut one would miss a pattern on its end
	 * (and end in half a character); no memory, no match */
	both = br_strf("%s - %s", br_nz(t->title), br_nz(t->description));
	m = both && match_one(pat, both);
	free(both);
	return m;
}

void br_selection_fini(struct br_selection *sel)
{
	free(sel->tests);
	free(sel->systems);
	memset(sel, 0, sizeof *sel);
}

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
		idx = br_rs_find_system(rs, name);
		if (idx == (size_t)-1) {
			rc = br_error_set(err, BR_EUSAGE, NULL, 0, "--systems: "
					  "no system named '%s' in the input",
					  name);
			free(name);
			break;
		}
		free(name);
		if (!on[idx]) {
			on[idx] = true;
			sel->systems[sel->n_systems++] = idx;
		}
		if (!end)
			break;
		p = end + 1;
	}
	free(on);
	return rc;
}

int br_select(const struct br_resultset *rs, const char *pattern,
	      const char *systems, struct br_selection *sel,
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
	if (systems) {
		rc = select_systems(rs, systems, sel, err);
	} else {
		for (i = 0; i < rs->n_systems; i++)
			sel->systems[sel->n_systems++] = i;
	}
	for (i = 0; rc == BR_OK && i < rs->n_tests; i++)
		if (!pattern || br_test_matches(pattern, rs->tests[i]))
			sel->tests[sel->n_tests++] = i;
	if (rc == BR_OK && pattern && sel->n_tests == 0)
		rc = br_error_set(err, BR_EUSAGE, NULL, 0, "--tests: no test "
				  "matches '%s'", pattern);
	if (rc != BR_OK)
		br_selection_fini(sel);
	sel->rs = rs;
	return rc;
}
