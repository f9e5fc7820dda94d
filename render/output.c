/*
 * output.c - atomic output files (temporary file + rename).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "output.h"

int br_out_open(struct br_out *o, const char *path, struct br_error *err)
{
	size_t len;
	int fd;

	memset(o, 0, sizeof *o);
	if (strcmp(path, "-") == 0) {
		o->fp = stdout;
		return BR_OK;
	}
	len = strlen(path);
	o->path = strdup(path);
	o->tmp = malloc(len + 16);
	if (!o->path || !o->tmp) {
		br_out_abort(o);
		return br_error_set(err, BR_EIO, path, 0, "out of memory");
	}
	/* Same directory as the destination, so rename() is atomic; the
	 * random suffix keeps parallel writers apart. */
	snprintf(o->tmp, len + 16, "%s.tmp.XXXXXX", path);
	fd = mkstemp(o->tmp);
	if (fd < 0) {
		int e = errno;

		free(o->tmp);
		o->tmp = NULL;
		br_out_abort(o);
		return br_error_set(err, BR_EIO, path, 0, "cannot write: %s",
				    strerror(e));
	}
	/* mkstemp makes 0600; outputs are ordinary files. */
	{
		mode_t mask = umask(0);

		umask(mask);
		fchmod(fd, 0666 & ~mask);
	}
	o->fp = fdopen(fd, "wb");
	if (!o->fp) {
		close(fd);
		br_out_abort(o);
		return br_error_set(err, BR_EIO, path, 0, "cannot write: %s",
				    strerror(errno));
	}
	return BR_OK;
}

int br_out_commit(struct br_out *o, struct br_error *err)
{
	int rc = BR_OK;

	if (!o->fp)
		return BR_OK;
	if (!o->path) {
		if (fflush(o->fp) != 0 || ferror(o->fp))
			rc = br_error_set(err, BR_EIO, "<stdout>", 0,
					  "write error: %s", strerror(errno));
		o->fp = NULL;
		return rc;
	}
	if (fflush(o->fp) != 0 || ferror(o->fp)) {
		rc = br_error_set(err, BR_EIO, o->path, 0, "write error: %s",
				  strerror(errno));
	}
	if (fclose(o->fp) != 0 && rc == BR_OK)
		rc = br_error_set(err, BR_EIO, o->path, 0, "write error: %s",
				  strerror(errno));
	o->fp = NULL;
	if (rc == BR_OK && rename(o->tmp, o->path) != 0)
		rc = br_error_set(err, BR_EIO, o->path, 0, "cannot write: %s",
				  strerror(errno));
	if (rc != BR_OK)
		unlink(o->tmp);
	free(o->tmp);
	free(o->path);
	o->tmp = o->path = NULL;
	return rc;
}

void br_out_abort(struct br_out *o)
{
	if (o->fp && o->path)
		fclose(o->fp);
	o->fp = NULL;
	if (o->tmp)
		unlink(o->tmp);
	free(o->tmp);
	free(o->path);
	o->tmp = o->path = NULL;
}
