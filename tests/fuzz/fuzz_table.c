/* fuzz_table.c - libFuzzer target: br_ingest_buffer() with --input-format table. */
#include "fuzz_common.h"

BR_FUZZ_TARGET("table")
