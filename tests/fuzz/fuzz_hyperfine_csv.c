/* fuzz_hyperfine_csv.c - libFuzzer target: br_ingest_buffer() with --input-format hyperfine-csv. */
#include "fuzz_common.h"

BR_FUZZ_TARGET("hyperfine-csv")
