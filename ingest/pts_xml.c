/* STUB: to be replaced by the real reader. */
#include "ingest_int.h"
int br_detect_pts_xml(const char *buf, size_t len)
{
	(void)buf;
	(void)len;
	return 0;
}

int br_read_pts_xml(struct br_resultset *rs, const char *name, const char *buf,
		 size_t len, const struct br_ingest_opts *o,
		 struct br_error *err)
{
	(void)rs;
	(void)buf;
	(void)len;
	(void)o;
	return br_error_set(err, BR_EDATA, name, 0, "reader not implemented");
}
