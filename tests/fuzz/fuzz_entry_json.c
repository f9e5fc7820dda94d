/* fuzz_entry_json.c - libFuzzer target: an Entry/JSON read by flat_json.c and by json-c must agree. */
#include "fuzz_common.h"

BR_FUZZ_TARGET("entry-json")
