/* fuzz_fio_json.c - libFuzzer target: br_ingest_buffer() with --input-format fio-json. */
#include "fuzz_common.h"

BR_FUZZ_TARGET("fio-json")
