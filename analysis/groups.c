/*
 * groups.c - geometric means per group of tests (--group-by, doc/
 * statistics.md, "Geometric mean per group"): by test profile (every
 * option of pts/fio is one group), by a PTS suite that names the
 * profile (the table below), or by unit.  Each group's geometric means
 * against the baseline and its ranking are the overall ones made over
 * its tests only (br_geo_candidate, br_overall_over).
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "analysis_int.h"

#define GROUPS_MAX 100  /* more groups than this: none (groups_why) */

/*
 * Public PTS suite definitions, reduced to the profiles they run (any
 * options): phoronix-test-suite/phoronix-test-suite,
 * ob-cache/test-suites/pts/disk-1.3.2/suite-definition.xml (commit
 * 65d7453b783f0ed2fb11a3f2ab760e0086b02be9),
 * .../compression-1.1.4/suite-definition.xml (a56181e7d5d7dc2f0fe13ab2
 * 282e3033ff35039e) and .../memory-1.1.0/suite-definition.xml
 * (27a6c36d9b00a92cff6a3949b662d0b10ba2791a).  A test is in every suite
 * that names its profile, as PTS's suites_in_result_file() finds them.
 */
static const struct suite {
	const char *id, *title;
	const char *const profiles[13];
} suites[] = {
	{"pts/disk-1.3.2", "Disk Test Suite",
	 {"pts/sqlite", "pts/fs-mark", "pts/compilebench", "pts/ior",
	  "pts/iozone", "pts/dbench", "pts/postmark", "pts/fio", NULL}},
	{"pts/compression-1.1.4", "Compression Tests",
	 {"pts/compress-7zip", "pts/compress-gzip", "pts/compress-pbzip2",
	  "pts/compress-zstd", "pts/compress-lz4", "pts/compress-rar",
	  "pts/compress-xz", "pts/system-decompress-xz",
	  "pts/system-decompress-gzip", "pts/system-decompress-zlib",
	  "pts/lzbench", "pts/blosc", NULL}},
	{"pts/memory-1.1.0", "Memory Test Suite",
	 {"pts/ramspeed", "pts/stream", "pts/t-test1", "pts/cachebench",
	  "pts/tinymembench", "pts/mbw", NULL}},
};

/* A test's profile: its identifier without the version ("pts/fio-1.15.0"
 * -> "pts/fio"), else its title.  Into buf. */
static const char *profile_of(const struct br_test *t, char *buf,
			      size_t size)
{
	const char *id = t->identifier && *t->identifier ? t->identifier
		: br_nz(t->title);
	size_t len = strlen(id), k = len;

	while (k > 0 && (isdigit((unsigned char)id[k - 1]) ||
			 id[k - 1] == '.'))
		k--;
	if (k > 1 && k < len && id[k - 1] == '-' &&
	    isdigit((unsigned char)id[k]))
		len = k - 1;
	if (len >= size)
		len = size - 1;
	memcpy(buf, id, len);
	buf[len] = '\0';
	return buf;
}

/* The key of test i in grouping by: "" for none. */
static const char *key_of(const struct br_analysis *a, size_t i,
			  enum br_group_by by, char *buf, size_t size)
{
	const struct br_test *t = a->tests[i].t;

	if (by == BR_GROUP_UNIT)
		return br_nz(t->scale);
	return profile_of(t, buf, size);
}

static bool in_suite(const struct suite *s, const char *profile)
{
	size_t k;

	for (k = 0; s->profiles[k]; k++)
		if (!strcmp(s->profiles[k], profile))
			return true;
	return false;
}

static bool groupable(const struct br_analysis *a, size_t i)
{
	return a->tests[i].scalar && a->tests[i].t->dir != BR_DIR_UNKNOWN;
}

/* Append test i to the group named name (made when new). */
static int add_to(struct br_analysis *a, const char *name,
		  const char *source, size_t i)
{
	struct br_group *g = NULL;
	size_t k;

	for (k = 0; k < a->n_groups; k++)
		if (!strcmp(a->groups[k].name, name)) {
			g = &a->groups[k];
			break;
		}
	if (!g) {
		if (a->n_groups == GROUPS_MAX)
			return BR_EDATA;
		g = &a->groups[a->n_groups];
		g->name = strdup(name);
		g->source = source;
		g->tests = calloc(a->n_tests + 1, sizeof *g->tests);
		if (!g->name || !g->tests)
			return BR_EIO;
		a->n_groups++;
	}
	g->tests[g->n_tests++] = i;
	return BR_OK;
}

/* The groups of grouping by, tests in order; BR_EDATA past GROUPS_MAX. */
static int make_groups(struct br_analysis *a, enum br_group_by by)
{
	char buf[256];
	size_t i, s;
	int rc = BR_OK;

	for (i = 0; i < a->n_tests && rc == BR_OK; i++) {
		bool any = false;

		if (!groupable(a, i))
			continue;
		if (by != BR_GROUP_SUITE) {
			rc = add_to(a, key_of(a, i, by, buf, sizeof buf), NULL,
				    i);
			continue;
		}
		profile_of(a->tests[i].t, buf, sizeof buf);
		for (s = 0; s < sizeof suites / sizeof *suites; s++)
			if (in_suite(&suites[s], buf)) {
				any = true;
				rc = add_to(a, suites[s].title, suites[s].id,
					    i);
				if (rc != BR_OK)
					break;
			}
		a->n_ungrouped += !any;
	}
	return rc;
}

/* Whether AUTO's grouping by profile says something: two groups or more,
 * one of them with two tests. */
static bool worth_it(const struct br_analysis *a)
{
	size_t k;

	if (a->n_groups < 2)
		return false;
	for (k = 0; k < a->n_groups; k++)
		if (a->groups[k].n_tests >= 2)
			return true;
	return false;
}

static void drop_groups(struct br_analysis *a)
{
	size_t k;

	for (k = 0; k < a->n_groups; k++) {
		free(a->groups[k].name);
		free(a->groups[k].tests);
	}
	a->n_groups = 0;
	a->n_ungrouped = 0;
}

/* Each group's geometric means and ranking. */
static int group_means(struct br_analysis *a, struct br_group *g,
		       const struct br_summary **ga,
		       const struct br_summary **gb, enum br_dir *gd)
{
	size_t n = a->sel->n_systems, j;
	int rc = BR_OK;

	g->geo = calloc(n + 1, sizeof *g->geo);
	if (!g->geo)
		return BR_EIO;
	for (j = 0; j < n; j++)
		if (j != a->base)
			br_geo_candidate(a, g->tests, g->n_tests, j, ga, gb,
					 gd, &g->geo[j]);
	if (a->o.what & BR_AN_OVERALL)
		rc = br_overall_over(a, g->tests, g->n_tests, g->geo,
				     &g->overall);
	return rc;
}

int br_groups(struct br_analysis *a)
{
	enum br_group_by by = a->o.group_by;
	size_t nt = a->n_tests, k;
	const struct br_summary **ga, **gb;
	enum br_dir *gd;
	int rc;

	a->grouped_by = BR_GROUP_NONE;
	if (by == BR_GROUP_NONE || a->sel->n_systems < 2)
		return BR_OK;
	a->groups = calloc(GROUPS_MAX, sizeof *a->groups);
	if (!a->groups)
		return BR_EIO;
	rc = make_groups(a, by == BR_GROUP_AUTO ? BR_GROUP_PROFILE : by);
	if (rc == BR_EIO)
		return rc;
	if (rc == BR_EDATA || (by == BR_GROUP_AUTO && !worth_it(a))) {
		if (rc == BR_EDATA && by != BR_GROUP_AUTO)
			a->groups_why = "more than 100 groups";
		drop_groups(a);
		return BR_OK;
	}
	a->grouped_by = by == BR_GROUP_AUTO ? BR_GROUP_PROFILE : by;
	ga = calloc(nt + 1, sizeof *ga);
	gb = calloc(nt + 1, sizeof *gb);
	gd = calloc(nt + 1, sizeof *gd);
	rc = ga && gb && gd ? BR_OK : BR_EIO;
	for (k = 0; k < a->n_groups && rc == BR_OK; k++)
		rc = group_means(a, &a->groups[k], ga, gb, gd);
	free(ga);
	free(gb);
	free(gd);
	return rc;
}

const char *br_group_by_name(enum br_group_by by)
{
	switch (by) {
	case BR_GROUP_AUTO:
		return "auto";
	case BR_GROUP_NONE:
		return "none";
	case BR_GROUP_PROFILE:
		return "profile";
	case BR_GROUP_SUITE:
		return "suite";
	case BR_GROUP_UNIT:
		return "unit";
	}
	return "none";
}

bool br_group_by_parse(const char *s, enum br_group_by *by)
{
	enum br_group_by k;

	for (k = BR_GROUP_AUTO; k <= BR_GROUP_UNIT; k++)
		if (!strcmp(s, br_group_by_name(k))) {
			*by = k;
			return true;
		}
	return false;
}
