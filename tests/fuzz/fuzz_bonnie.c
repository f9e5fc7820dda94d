/* fuzz_bonnie.c - libFuzzer target: br_ingest_buffer() with --input-format bonnie. */
#include "fuzz_common.h"

BR_FUZZ_TARGET("bonnie")
