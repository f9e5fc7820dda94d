/* fuzz_time.c - libFuzzer target: br_ingest_buffer() with --input-format time. */
#include "fuzz_common.h"

BR_FUZZ_TARGET("time")
