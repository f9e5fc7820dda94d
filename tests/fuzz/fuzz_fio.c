/* fuzz_fio.c - libFuzzer target: br_ingest_buffer() with --input-format fio. */
#include "fuzz_common.h"

BR_FUZZ_TARGET("fio")
