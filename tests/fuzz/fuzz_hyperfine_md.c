/* fuzz_hyperfine_md.c - libFuzzer target: br_ingest_buffer() with --input-format hyperfine-markdown. */
#include "fuzz_common.h"

BR_FUZZ_TARGET("hyperfine-markdown")
