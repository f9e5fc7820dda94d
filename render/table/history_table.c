/*
 * history_table.c - a history as a table: text, Markdown, CSV, JSON, and
 * the gate's lines (history_out.h).
 *
 * STUB while the writers are written.
 */
#include <string.h>

#include "../report/history_out.h"

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
