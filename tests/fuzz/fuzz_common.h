/*
 * fuzz_common.h - the one entry point every fuzz target and the replay
 * harness share: read a buffer with br_ingest_buffer() as one format
 * (or detected, format NULL), then summarise every entry so hostile
 * numbers reach stats/ too.  "entry-json" is not a format but a
 * differential check: the input is one entry's Entry/JSON, read by the
 * fast reader and by json-c, which must agree.  Only crashes, sanitizer reports, leaks and
 * hangs count; errors from bad input are the expected outcome.
 */
#ifndef BR_FUZZ_COMMON_H
#define BR_FUZZ_COMMON_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ingest/ingest.h"
#include "ingest/ingest_int.h"
#include "stats/stats.h"
#include "fuzz_chart.h"

/* The fields and warnings of the one entry of doc, read with or without
 * json-c for its Entry/JSON, as one string (free()); NULL: not read. */
static char *br_fuzz_entry_fields(const char *doc, size_t len, bool json_c)
{
	struct br_resultset *rs = br_resultset_new();
	struct br_ingest_opts o;
	struct br_error err;
	char *out = NULL;
	size_t n = 0, i;
	FILE *fp;

	if (!rs)
		return NULL;
	br_ingest_opts_defaults(&o);
	o.input_format = "pts-xml";
	br_error_clear(&err);
	br_pts_xml_json_c_only = json_c;
	if (br_ingest_buffer(rs, "e.xml", doc, len, &o, &err) == BR_OK &&
	    rs->n_tests == 1 && rs->tests[0]->n_entries == 1 &&
	    (fp = open_memstream(&out, &n)) != NULL) {
		const struct br_entry *e = &rs->tests[0]->entries[0];

		fprintf(fp, "error=%s|rt=%s|cc=%s|mm=%d:%a:%a|sum=%d:%zu:%a|"
			"runs=%zu", e->error ? e->error : "(null)",
			e->run_times ? e->run_times : "(null)",
			e->compiler ? e->compiler : "(null)", e->has_min_max,
			e->has_min_max ? e->min_result : 0,
			e->has_min_max ? e->max_result : 0,
			e->sample.is_summary, e->sample.n,
			e->sample.is_summary ? e->sample.se : 0,
			e->sample.n_runs);
		for (i = 0; i < rs->n_warnings; i++)
			fprintf(fp, "|%lu %s", rs->warnings[i].loc.line,
				rs->warnings[i].msg);
		fclose(fp);
	}
	br_pts_xml_json_c_only = false;
	br_resultset_free(rs);
	return out;
}

/*
 * Entry/JSON differential: data as the JSON of one entry, read by the
 * fast reader (flat_json.c) and by json-c; any difference aborts.
 */
static int br_fuzz_entry_json(const uint8_t *data, size_t size)
{
	static const char head[] = "<?xml version=\"1.0\"?>\n"
		"<PhoronixTestSuite><System><Identifier>A</Identifier>"
		"</System><Result><Title>T</Title><Scale>s</Scale>"
		"<DisplayFormat>BAR_GRAPH</DisplayFormat><Data><Entry>"
		"<Identifier>A</Identifier><Value>5.5</Value><JSON>";
	static const char tail[] = "</JSON></Entry></Data></Result>"
				   "</PhoronixTestSuite>\n";
	char *doc = malloc(sizeof head + 6 * size + sizeof tail), *a, *b;
	size_t n, i;

	if (!doc)
		return 0;
	memcpy(doc, head, sizeof head - 1);
	n = sizeof head - 1;
	for (i = 0; i < size; i++) {
		const char *esc = data[i] == '&' ? "&amp;" : data[i] == '<' ?
				  "&lt;" : data[i] == '>' ? "&gt;" : NULL;

		if (esc) {
			memcpy(doc + n, esc, strlen(esc));
			n += strlen(esc);
		} else {
			doc[n++] = (char)data[i];
		}
	}
	memcpy(doc + n, tail, sizeof tail - 1);
	n += sizeof tail - 1;
	a = br_fuzz_entry_fields(doc, n, false);
	b = br_fuzz_entry_fields(doc, n, true);
	if ((a == NULL) != (b == NULL) || (a && strcmp(a, b))) {
		fprintf(stderr, "Entry/JSON read differently:\n fast   %s\n"
			" json-c %s\n", a ? a : "(not read)",
			b ? b : "(not read)");
		abort();
	}
	free(a);
	free(b);
	free(doc);
	return 0;
}

static int br_fuzz_one(const char *format, const uint8_t *data, size_t size)
{
	struct br_resultset *rs = br_resultset_new();
	struct br_ingest_opts o;
	struct br_error err;
	size_t i, j, k;

	if (format && !strcmp(format, "entry-json")) {
		br_resultset_free(rs);
		return br_fuzz_entry_json(data, size);
	}
	if (format && !strcmp(format, "chart")) {
		br_resultset_free(rs);
		return br_fuzz_chart(data, size);
	}
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
