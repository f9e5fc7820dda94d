/* fuzz_dbench.c - libFuzzer target: br_ingest_buffer() with --input-format dbench. */
#include "fuzz_common.h"

BR_FUZZ_TARGET("dbench")
