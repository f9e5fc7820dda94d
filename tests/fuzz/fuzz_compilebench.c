/* fuzz_compilebench.c - libFuzzer target: br_ingest_buffer() with --input-format compilebench. */
#include "fuzz_common.h"

BR_FUZZ_TARGET("compilebench")
