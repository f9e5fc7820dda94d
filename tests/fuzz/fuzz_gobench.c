/* fuzz_gobench.c - libFuzzer target: br_ingest_buffer() with --input-format go-bench. */
#include "fuzz_common.h"

BR_FUZZ_TARGET("go-bench")
