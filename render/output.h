/*
 * output.h - where bytes go.  Every output is written to a temporary file
 * beside its destination and renamed into place on success, so a failed
 * run never leaves a partial file and parallel builds never see one.
 * "-" means stdout.
 */
#ifndef BR_OUTPUT_H
#define BR_OUTPUT_H

#include <stdio.h>

#include "../model/model.h"

struct br_out {
	FILE *fp;        /* write here */
	char *path;      /* destination, or NULL for stdout */
	char *tmp;       /* temporary file, or NULL for stdout */
};

/* Open an output for path ("-" = stdout).  BR_EIO on failure. */
int br_out_open(struct br_out *o, const char *path, struct br_error *err);

/* Flush, close and rename into place.  On failure removes the temporary
 * file and returns BR_EIO.  Always releases o. */
int br_out_commit(struct br_out *o, struct br_error *err);

/* Discard: close and remove the temporary file.  Safe to call twice. */
void br_out_abort(struct br_out *o);

#endif
