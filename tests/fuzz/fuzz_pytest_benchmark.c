/* fuzz_pytest_benchmark.c - libFuzzer target: br_ingest_buffer() with --input-format pytest-benchmark. */
#include "fuzz_common.h"

BR_FUZZ_TARGET("pytest-benchmark")
