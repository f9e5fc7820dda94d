/*
 * check_entries.c - a test's entries by system (model/resultset.c):
 * br_test_find_entry() agrees with a plain scan whatever the order the
 * entries came in, through truncations and duplicate systems, and costs
 * O(1), so reading n files costs O(n) (issue 13, item 15).
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/model.h"

Suite *br_suite_entries(void);

static struct br_test *new_test(struct br_resultset *rs)
{
	struct br_test proto, *t;
	struct br_error err;
	bool created;

	br_test_proto(&proto, "T", "MB/s", BR_DIR_HIB, BR_DISPLAY_BAR, NULL);
	t = br_rs_test(rs, &proto, &created, &err);
	ck_assert_ptr_nonnull(t);
	return t;
}

static void add(struct br_resultset *rs, struct br_test *t, size_t sys)
{
	struct br_error err;

	br_error_clear(&err);
	ck_assert_ptr_nonnull(br_test_add_entry(rs, t, sys, NULL, &err));
}

/* What br_test_find_entry must say: the first entry of system. */
static size_t scan(const struct br_test *t, size_t system)
{
	size_t i;

	for (i = 0; i < t->n_entries; i++)
		if (t->entries[i].system == system)
			return i;
	return (size_t)-1;
}

static unsigned long long rnd_state = 0x2545f4914f6cdd1dULL;

static size_t rnd(size_t n)
{
	rnd_state ^= rnd_state << 13;
	rnd_state ^= rnd_state >> 7;
	rnd_state ^= rnd_state << 17;
	return (size_t)(rnd_state % n);
}

/* Every system in [0, universe) found where a scan finds it. */
static void agrees(const struct br_test *t, size_t universe)
{
	size_t s;

	for (s = 0; s < universe; s++)
		ck_assert_msg(br_test_find_entry(t, s) == scan(t, s),
			      "system %zu: %zu, scan %zu (%zu entries)", s,
			      br_test_find_entry(t, s), scan(t, s),
			      t->n_entries);
}

START_TEST(test_find_any_order)
{
	static const size_t sizes[] = {0, 1, 8, 9, 17, 100, 5000};
	struct br_resultset *rs = br_resultset_new();
	size_t k;

	for (k = 0; k < sizeof sizes / sizeof sizes[0]; k++) {
		struct br_test *t = new_test(rs);
		size_t n = sizes[k], universe = 2 * n + 3, i;
		char *used = calloc(universe, 1);

		ck_assert_ptr_nonnull(used);
		br_test_clear_entries(t);
		/* n distinct systems in random order, half of the universe
		 * left out, found and not found alike */
		for (i = 0; i < n;) {
			size_t s = rnd(universe);

			if (used[s])
				continue;
			used[s] = 1;
			add(rs, t, s);
			i++;
		}
		agrees(t, universe);
		free(used);
	}
	br_resultset_free(rs);
}
END_TEST

START_TEST(test_truncate_keeps_index)
{
	struct br_resultset *rs = br_resultset_new();
	struct br_test *t = new_test(rs);
	size_t round, universe = 3000;

	/* Random appends and truncations (a PTS file replacing a result
	 * keeps what earlier files gave): always what a scan says. */
	for (round = 0; round < 60; round++) {
		size_t adds = rnd(400), i;

		for (i = 0; i < adds; i++) {
			size_t s = rnd(universe);

			if (br_test_find_entry(t, s) == (size_t)-1)
				add(rs, t, s);
		}
		agrees(t, universe);
		br_test_truncate_entries(t, t->n_entries ?
					 rnd(t->n_entries + 1) : 0);
		agrees(t, universe);
	}
	br_test_truncate_entries(t, 5);
	agrees(t, universe);
	br_test_clear_entries(t);
	ck_assert_uint_eq(t->n_entries, 0);
	agrees(t, universe);
	br_resultset_free(rs);
}
END_TEST

START_TEST(test_duplicate_system_first_wins)
{
	struct br_resultset *rs = br_resultset_new();
	struct br_test *t = new_test(rs);
	size_t i;

	for (i = 0; i < 20; i++)
		add(rs, t, i);
	add(rs, t, 7);   /* entry 20: a second one for system 7 */
	ck_assert_uint_eq(br_test_find_entry(t, 7), 7);
	br_test_truncate_entries(t, 20);
	ck_assert_uint_eq(br_test_find_entry(t, 7), 7);
	br_test_truncate_entries(t, 7);
	ck_assert_uint_eq(br_test_find_entry(t, 7), (size_t)-1);
	agrees(t, 40);
	br_resultset_free(rs);
}
END_TEST

START_TEST(test_find_descending)
{
	/* Systems arriving in descending order, each looked up before it
	 * is added (a miss) and after (a hit), as the readers do, through
	 * every growth of the index.  The cost of many entries is measured
	 * by make bench and make limits (100,000 files), not here. */
	struct br_resultset *rs = br_resultset_new();
	struct br_test *t = new_test(rs);
	size_t n = 5000, i;

	for (i = 0; i < n; i++) {
		size_t s = n - 1 - i;

		ck_assert_uint_eq(br_test_find_entry(t, s), (size_t)-1);
		add(rs, t, s);
		ck_assert_uint_eq(br_test_find_entry(t, s), i);
	}
	for (i = 0; i < n; i++)
		ck_assert_uint_eq(br_test_find_entry(t, i), n - 1 - i);
	br_resultset_free(rs);
}
END_TEST

Suite *br_suite_entries(void)
{
	Suite *s = suite_create("entries");
	TCase *tc = tcase_create("entries");

	tcase_add_test(tc, test_find_any_order);
	tcase_add_test(tc, test_truncate_keeps_index);
	tcase_add_test(tc, test_duplicate_system_first_wins);
	tcase_add_test(tc, test_find_descending);
	tcase_set_timeout(tc, 20);
	suite_add_tcase(s, tc);
	return s;
}
