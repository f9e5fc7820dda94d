/* fuzz_pts_raw_csv.c - libFuzzer target: br_ingest_buffer() with --input-format pts-raw-csv. */
#include "fuzz_common.h"

BR_FUZZ_TARGET("pts-raw-csv")
