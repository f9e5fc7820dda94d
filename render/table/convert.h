/*
 * convert.h - whole-resultset writers for `benchreport convert`.
 */
#ifndef BR_CONVERT_H
#define BR_CONVERT_H

#include <stdio.h>

#include "../../analysis/analysis.h"

/* What convert writes (formats.h's table names them). */
enum br_convert_fmt { BR_CONVERT_XML, BR_CONVERT_CSV, BR_CONVERT_JSON };

/* The results in format f: br_write_pts_xml(), br_write_tidy_csv()
 * (tidy_csv.h) of the analysis' result set, or br_write_json(). */
int br_write_converted(FILE *fp, const struct br_analysis *a,
		       enum br_convert_fmt f, const char *title,
		       const char *now, struct br_error *err);

/*
 * Both take the analysis of every test and system of a result set (a
 * selection of all, in input order, with BR_AN_POINTS): a Value PTS
 * would compute from runs is the analysis' mean at its display
 * precision, so converting never changes what the reports show.
 *
 * composite.xml in PTS's element order (the XSD's), readable by PTS.
 * Runs go to RawString; a published summary (mean, SE, N) keeps its mean
 * as Value and its SE and N in Entry/JSON as "benchreport-se" and
 * "benchreport-n" (PTS ignores unknown keys).  now: the LastModified
 * stamp to use when the input has none ("YYYY-MM-DD HH:MM:SS").
 */
int br_write_pts_xml(FILE *fp, const struct br_analysis *a,
		     const char *title, const char *now, struct br_error *err);

/* PTS result-file-to-json shape (doc/pts-format.md section 3.4), results
 * keyed by the comparison hash; summaries add "se" and "n". */
int br_write_json(FILE *fp, const struct br_analysis *a, const char *title,
		  const char *now, struct br_error *err);

#endif
