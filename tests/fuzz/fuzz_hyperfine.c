/* fuzz_hyperfine.c - libFuzzer target: br_ingest_buffer() with --input-format hyperfine. */
#include "fuzz_common.h"

BR_FUZZ_TARGET("hyperfine")
