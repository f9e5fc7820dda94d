/* fuzz_pts_xml.c - libFuzzer target: br_ingest_buffer() with --input-format pts-xml. */
#include "fuzz_common.h"

BR_FUZZ_TARGET("pts-xml")
