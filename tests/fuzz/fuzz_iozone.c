/* fuzz_iozone.c - libFuzzer target: br_ingest_buffer() with --input-format iozone. */
#include "fuzz_common.h"

BR_FUZZ_TARGET("iozone")
