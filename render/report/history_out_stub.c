/*
 * history_out_stub.c - STUB of history_out.h while its writers are
 * written (render/table/history_table.c, render/report/history_report.c
 * replace it).
 */
#include <string.h>

#include "history_out.h"

void br_hist_out_opts_defaults(struct br_hist_out_opts *o)
{
	memset(o, 0, sizeof(*o));
}

int br_history_write_table(FILE *f, const struct br_history *h,
			   const char *format,
			   const struct br_hist_out_opts *o,
			   struct br_error *err)
{
	(void)f;
	(void)h;
	(void)o;
	return br_error_set(err, BR_EUSAGE, NULL, 0,
			    "history: format '%s' not written yet", format);
}

size_t br_history_write_gate(FILE *f, const struct br_history *h)
{
	(void)f;
	(void)h;
	return 0;
}

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
