/* fuzz_postmark.c - libFuzzer target: br_ingest_buffer() with --input-format postmark. */
#include "fuzz_common.h"

BR_FUZZ_TARGET("postmark")
