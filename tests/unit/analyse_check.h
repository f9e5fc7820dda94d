/*
 * analyse_check.h - what the unit tests that need a whole analysis share:
 * read a file, select everything, analyse it, failing the test on any
 * error.
 */
#ifndef BR_ANALYSE_CHECK_H
#define BR_ANALYSE_CHECK_H

#include <check.h>

#include "analysis/analysis.h"
#include "ingest/ingest.h"
#include "model/model.h"

/* path read into rs, every test and system selected into *sel, analysed
 * for what (BR_AN_* flags).  Free with br_analysis_free() and
 * br_selection_fini(). */
static inline struct br_analysis *analyse_file(struct br_resultset *rs,
					       const char *path, unsigned what,
					       struct br_selection *sel)
{
	struct br_ingest_opts io;
	struct br_analysis_opts ao;
	struct br_analysis *a = NULL;
	struct br_error err;

	ck_assert_ptr_nonnull(rs);
	br_ingest_opts_defaults(&io);
	br_error_clear(&err);
	ck_assert_msg(br_ingest_path(rs, path, &io, &err) == BR_OK, "%s: %s",
		      path, err.msg);
	ck_assert_int_eq(br_select(rs, NULL, NULL, sel, &err), BR_OK);
	br_analysis_opts_defaults(&ao);
	ao.what = what;
	ck_assert_int_eq(br_analyse(sel, &ao, &a, &err), BR_OK);
	return a;
}

#endif
