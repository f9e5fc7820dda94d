/*
 * logs.c - the raw-log formats, one per benchmark tool.  Each reader is
 * in ingest/log_<tool>.c; detection is by content (ingest.c takes the
 * highest score over all formats), and these names are what
 * --input-format accepts and inspect shows.
 */
#include "log_int.h"

const struct br_format br_log_formats[] = {
	{"dbench", br_detect_dbench, br_read_dbench, false},
	{"fio-json", br_detect_fio_json, br_read_fio_json, false},
	{"fio", br_detect_fio_text, br_read_fio_text, false},
	{"postmark", br_detect_postmark, br_read_postmark, false},
	{"bonnie", br_detect_bonnie, br_read_bonnie, false},
	{"time", br_detect_time, br_read_time, false},
	{"hyperfine", br_detect_hyperfine, br_read_hyperfine, false},
	{"iozone", br_detect_iozone, br_read_iozone, false},
	{"blogbench", br_detect_blogbench, br_read_blogbench, false},
	{"compilebench", br_detect_compilebench, br_read_compilebench, false},
};
const size_t br_n_log_formats =
	sizeof br_log_formats / sizeof br_log_formats[0];
