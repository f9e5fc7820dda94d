/*
 * logs.c - the raw-log formats (one per benchmark tool).  STUB: no log
 * reader yet; the readers of dbench, iozone, fio, ... are registered here.
 */
#include "ingest_int.h"

const struct br_format br_log_formats[] = {
	{NULL, NULL, NULL},
};
const size_t br_n_log_formats = 0;
