/*
 * history_report.c - a history drawn: trend charts and the report
 * (history_out.h).
 *
 * STUB while the charts and the report are written.
 */
#include "history_out.h"

int br_history_write_drawn(const struct br_history *h, const char *format,
			   bool report, const char *path,
			   const struct br_hist_out_opts *o,
			   struct br_error *err)
{
	(void)h;
	(void)report;
	(void)path;
	(void)o;
	return br_error_set(err, BR_EUSAGE, NULL, 0,
			    "history: format '%s' not drawn yet", format);
}
