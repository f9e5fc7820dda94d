/* fuzz_chart.c - libFuzzer target: fuzzed numbers laid out by every chart type (fuzz_chart.h). */
#include "fuzz_common.h"

BR_FUZZ_TARGET("chart")
