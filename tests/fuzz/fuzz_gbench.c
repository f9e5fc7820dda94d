/* fuzz_gbench.c - libFuzzer target: br_ingest_buffer() with --input-format google-benchmark. */
#include "fuzz_common.h"

BR_FUZZ_TARGET("google-benchmark")
