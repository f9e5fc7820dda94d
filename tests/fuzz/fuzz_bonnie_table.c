/* fuzz_bonnie_table.c - libFuzzer target: br_ingest_buffer() with --input-format bonnie-table. */
#include "fuzz_common.h"

BR_FUZZ_TARGET("bonnie-table")
