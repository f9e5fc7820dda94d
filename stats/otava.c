/*
 * otava.c - Apache Otava's change-point search, reproduced (otava.h;
 * doc/statistics.md, "Otava parity").
 *
 * STUB: the interface is fixed, the search is being written.
 */
#include <stdlib.h>

#include "otava.h"

void br_otava_opts_defaults(struct br_otava_opts *o)
{
	o->window_len = 50;
	o->max_pvalue = 0.001;
	o->min_magnitude = 0.0;
}

int br_otava_changes(const double *x, size_t n,
		     const struct br_otava_opts *o, struct br_otava_cp **out,
		     size_t *n_out, struct br_error *err)
{
	(void)x;
	(void)n;
	(void)o;
	(void)err;
	*out = NULL;
	*n_out = 0;
	return BR_OK;
}
