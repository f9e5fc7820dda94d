/*
 * convert.h - whole-resultset writers for `benchreport convert`.
 */
#ifndef BR_CONVERT_H
#define BR_CONVERT_H

#include <stdio.h>

#include "../model/model.h"

/*
 * composite.xml in PTS's element order (the XSD's), readable by PTS.
 * Runs go to RawString; a published summary (mean, SE, N) keeps its mean
 * as Value and its SE and N in Entry/JSON as "benchreport-se" and
 * "benchreport-n" (PTS ignores unknown keys).  now: the LastModified
 * stamp to use when the input has none ("YYYY-MM-DD HH:MM:SS").
 */
int br_write_pts_xml(FILE *fp, const struct br_resultset *rs,
		     const char *title, const char *now, struct br_error *err);

/* PTS result-file-to-json shape (PTS-FORMAT.md 3), results keyed by the
 * comparison hash; summaries add "se" and "n". */
int br_write_json(FILE *fp, const struct br_resultset *rs, const char *title,
		  const char *now, struct br_error *err);

/* The mean (or published value) of a sample as PTS would write Value. */
const char *br_sample_value_text(const struct br_sample *s, char *buf,
				 size_t size);

#endif
