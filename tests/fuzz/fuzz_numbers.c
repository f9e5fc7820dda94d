/* fuzz_numbers.c - libFuzzer target: br_ingest_buffer() with --input-format numbers. */
#include "fuzz_common.h"

BR_FUZZ_TARGET("numbers")
