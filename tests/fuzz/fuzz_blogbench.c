/* fuzz_blogbench.c - libFuzzer target: br_ingest_buffer() with --input-format blogbench. */
#include "fuzz_common.h"

BR_FUZZ_TARGET("blogbench")
