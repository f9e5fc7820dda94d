/*
 * report_fit.c - a Markdown report that fits GitHub's limit on a comment
 * or file shown (BR_MD_LIMIT characters; doc/templates.md, "Markdown on
 * GitHub"): written whole when it fits, else with the most tests'
 * sections that fit, the report saying so (md_cut) and a warning said.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report.h"
#include "../../analysis/sentence.h"

/* r's Markdown with its first k tests' sections, in a new buffer
 * (*out, *bytes) and its length in characters (*chars). */
static int md_with(const struct br_report *r, size_t k, const char *name,
		   const char *src, size_t len, char **out, size_t *bytes,
		   size_t *chars, struct br_error *err)
{
	struct br_report c = *r;
	FILE *fp;
	size_t i, n = 0;
	int rc;

	c.md_fitting = true;
	c.md_tests = k;
	*out = NULL;
	*bytes = 0;
	fp = open_memstream(out, bytes);
	if (!fp)
		return br_error_set(err, BR_EIO, NULL, 0, "out of memory");
	rc = br_report_write(&c, BR_REPORT_MD, name, src, len, fp, err);
	if (fclose(fp) != 0 && rc == BR_OK)
		rc = br_error_set(err, BR_EIO, NULL, 0, "out of memory");
	if (rc != BR_OK) {
		free(*out);
		*out = NULL;
		return rc;
	}
	/* characters: UTF-8 bytes that do not continue one */
	for (i = 0; i < *bytes; i++)
		n += ((unsigned char)(*out)[i] & 0xc0) != 0x80;
	*chars = n;
	return BR_OK;
}

static int put(const char *s, size_t n, FILE *fp, struct br_error *err)
{
	if (n && fwrite(s, 1, n, fp) != n)
		return br_error_set(err, BR_EIO, NULL, 0, "write error");
	return BR_OK;
}

int br_report_md_fit(const struct br_report *r, const char *name,
		     const char *src, size_t len, FILE *fp,
		     struct br_error *err)
{
	size_t total = r->a->n_tests, lo = 0, hi = total, bytes, chars, all;
	char *s, *best = NULL;
	size_t best_bytes = 0;
	int rc = md_with(r, total, name, src, len, &s, &bytes, &all, err);

	if (rc != BR_OK)
		return rc;
	if (all <= BR_MD_LIMIT || !total) {
		rc = put(s, bytes, fp, err);
		free(s);
		return rc;
	}
	free(s);
	/* the most sections that fit: lo fits (or is 0), hi does not */
	while (lo < hi) {
		size_t mid = lo + (hi - lo + 1) / 2;

		rc = md_with(r, mid, name, src, len, &s, &bytes, &chars, err);
		if (rc != BR_OK) {
			free(best);
			return rc;
		}
		if (chars <= BR_MD_LIMIT) {
			free(best);
			best = s;
			best_bytes = bytes;
			lo = mid;
		} else {
			free(s);
			hi = mid - 1;
		}
	}
	if (!best) {
		rc = md_with(r, 0, name, src, len, &best, &best_bytes, &chars,
			     err);
		if (rc != BR_OK)
			return rc;
	}
	if (r->o.say) {
		char *w = br_md_cut_warning(all, lo, total);

		if (w)
			r->o.say(r->o.ctx, w);
		free(w);
	}
	rc = put(best, best_bytes, fp, err);
	free(best);
	return rc;
}
