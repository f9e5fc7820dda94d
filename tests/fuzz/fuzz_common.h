/*
 * fuzz_common.h - the one entry point every fuzz target and the replay
 * harness share: read a buffer with br_ingest_buffer() as one format
 * (or detected, format NULL), then summarise every entry so hostile
 * numbers reach stats/ too.  Only crashes, sanitizer reports, leaks and
 * hangs count; errors from bad input are the expected outcome.
 */
#ifndef BR_FUZZ_COMMON_H
#define BR_FUZZ_COMMON_H

#include <stddef.h>
#include <stdint.h>

#include "ingest/ingest.h"
#include "stats/stats.h"

static int br_fuzz_one(const char *format, const uint8_t *data, size_t size)
{
	struct br_resultset *rs = br_resultset_new();
	struct br_ingest_opts o;
	struct br_error err;
	size_t i, j, k;

	if (!rs)
		return 0;
	br_ingest_opts_defaults(&o);
	o.input_format = format;
	br_error_clear(&err);
	if (br_ingest_buffer(rs, "fuzz-input", (const char *)data, size, &o,
			     &err) == BR_OK) {
		for (i = 0; i < rs->n_tests; i++) {
			const struct br_test *t = rs->tests[i];

			for (j = 0; j < t->n_entries; j++) {
				const struct br_entry *e = &t->entries[j];
				struct br_summary s;

				br_summarize(&e->sample, 0.95, &s);
				for (k = 0; k < e->n_points; k++)
					br_summarize(&e->points[k], 0.95, &s);
			}
		}
	}
	br_resultset_free(rs);
	return 0;
}

/* Each fuzz_<reader>.c defines its target with this. */
#define BR_FUZZ_TARGET(format)                                             \
	int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);      \
	int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)       \
	{                                                                  \
		return br_fuzz_one(format, data, size);                    \
	}

#endif
