/* fuzz_pts_csv.c - libFuzzer target: br_ingest_buffer() with --input-format pts-csv. */
#include "fuzz_common.h"

BR_FUZZ_TARGET("pts-csv")
