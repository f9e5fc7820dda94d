/* fuzz_tidy_csv.c - libFuzzer target: br_ingest_buffer() with --input-format tidy-csv. */
#include "fuzz_common.h"

BR_FUZZ_TARGET("tidy-csv")
