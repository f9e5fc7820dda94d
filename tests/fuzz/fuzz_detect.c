/* fuzz_detect.c - libFuzzer target: br_ingest_buffer() with no --input-format: the format is detected from content, as for any INPUT. */
#include "fuzz_common.h"

BR_FUZZ_TARGET(NULL)
