/*
 * logs.c - the raw-log formats, one per benchmark tool.  Each reader is
 * in ingest/log_<tool>.c; detection is by content (ingest.c takes the
 * highest score over all formats), and these names are what
 * --input-format accepts and inspect shows.
 */
#include "log_int.h"

const struct br_format br_log_formats[] = {
	{"dbench", br_detect_dbench, br_read_dbench},
	{"fio-json", br_detect_fio_json, br_read_fio_json},
	{"fio", br_detect_fio_text, br_read_fio_text},
	{"postmark", br_detect_postmark, br_read_postmark},
	{"bonnie", br_detect_bonnie, br_read_bonnie},
	{"time", br_detect_time, br_read_time},
	{"hyperfine", br_detect_hyperfine, br_read_hyperfine},
	{"iozone", br_detect_iozone, br_read_iozone},
	{"blogbench", br_detect_blogbench, br_read_blogbench},
	{"compilebench", br_detect_compilebench, br_read_compilebench},
};
const size_t br_n_log_formats =
	sizeof br_log_formats / sizeof br_log_formats[0];
