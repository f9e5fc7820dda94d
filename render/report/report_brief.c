/*
 * report_brief.c - the compact summary (analysis/brief.h) as template
 * values (doc/templates.md, "The summary"): lists for .md and .html,
 * blocks wrapped to 72 columns for .txt.  Only formatting happens here.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report.h"
#include "../text/escape.h"
#include "../text/words.h"
#include "../../analysis/brief.h"

static const char *const names[] = {
	"findings", "findings_text", "geomeans", "has_geomeans",
	"geomeans_more", "geomeans_text", "ranking_head", "ranking",
	"has_ranking", "ranking_more", "ranking_text", "gains", "has_gains",
	"gains_more", "losses", "has_losses", "losses_more", "changes_text",
	"has_changes", "sys_common", "systems_brief", "sys_note",
	"systems_text_brief", "source_brief", "primary", "has_primary",
	"primary_more", "primary_note", "primary_text", "brief_spreads",
};

/* s without BR_NBSP markers (for .md and .html). */
static const char *spaced(char *s)
{
	char *p;

	for (p = s; *p; p++)
		if (*p == BR_NBSP[0])
			*p = ' ';
	return s;
}

/* s made plain for the text medium (ASCII unless --utf8), keeping its
 * BR_NBSP markers; NULL on ENOMEM. */
static char *plain(const struct br_report *r, const char *s)
{
	char *buf = NULL;
	size_t len = 0;
	bool ok = true;
	FILE *fp;

	if (r->o.utf8)
		return strdup(s);
	fp = open_memstream(&buf, &len);
	if (!fp)
		return NULL;
	while (*s) {
		size_t n = strcspn(s, BR_NBSP);
		char *part = strndup(s, n), *pl = part ? br_ascii(part) : NULL;

		if (pl)
			fputs(pl, fp);
		else
			ok = false;
		free(part);
		free(pl);
		s += n;
		if (*s) {
			fputc(BR_NBSP[0], fp);
			s++;
		}
	}
	if (fclose(fp) != 0 || !ok) {
		free(buf);
		return NULL;
	}
	return buf;
}

/* A text block being made: lines wrapped to BR_REPORT_WIDTH. */
struct block {
	char *buf;
	size_t len;
	FILE *fp;
	bool bad;
};

static void bl_open(struct block *b)
{
	b->buf = NULL;
	b->len = 0;
	b->fp = open_memstream(&b->buf, &b->len);
	b->bad = !b->fp;
}

/* "LEAD TEXT" wrapped: the first line at indent, the rest at indent +
 * hang. */
static void bl_line(struct block *b, const struct br_report *r, int indent,
		    int hang, const char *lead, const char *text)
{
	char *s, *p;

	if (b->bad)
		return;
	s = br_strf("%s%s", lead, text);
	p = s ? plain(r, s) : NULL;
	if (p)
		br_wrap(b->fp, indent, hang, BR_REPORT_WIDTH, "%s", p);
	else
		b->bad = true;
	free(s);
	free(p);
}

/* The block without its last newline; NULL on ENOMEM. */
static char *bl_close(struct block *b)
{
	if (!b->fp)
		return NULL;
	if (fclose(b->fp) != 0 || b->bad) {
		free(b->buf);
		return NULL;
	}
	if (b->len && b->buf[b->len - 1] == '\n')
		b->buf[b->len - 1] = '\0';
	return b->buf;
}

/* "and 3 more systems (benchreport compare lists them)" or "" */
static char *more(size_t n, const char *what)
{
	if (!n)
		return strdup("");
	return br_strf("and %zu more %s%s", n, what, n == 1 ? "" : "s");
}

/* "and 12 more proven improvements" past the n listed of all; with none
 * listed (every one too noisy to size as a ratio, or in a test without
 * a direction) "2 proven improvements (benchreport compare lists them)" */
static char *more_changes(size_t n, size_t all, const char *what)
{
	if (n || all == 0)
		return more(all - n, what);
	return br_strf("%zu %s%s (benchreport compare lists %s)", all, what,
		       all == 1 ? "" : "s", all == 1 ? "it" : "them");
}

/* "- and 12 more proven improvements" */
static void more_line(struct block *bl, const struct br_report *r, size_t n,
		      size_t all, const char *what)
{
	char *s = more_changes(n, all, what);

	if (s)
		bl_line(bl, r, 0, 2, "- ", s);
	else
		bl->bad = true;
	free(s);
}

/* "(and 10 more systems: benchreport compare lists them all)" */
static void more_note(struct block *bl, const struct br_report *r,
		      int indent, size_t n)
{
	char *s = more(n, "system"), *t = s ? br_strf("(%s: benchreport "
					"compare lists them all)", s) : NULL;

	if (t)
		bl_line(bl, r, indent, 2, "", t);
	else
		bl->bad = true;
	free(s);
	free(t);
}

/* A list of items: name and text (and rank), the text spaced. */
static void items(struct br_tdoc *d, struct br_tnode *root, const char *key,
		  const struct br_report *r, struct br_brief_item *v, size_t n,
		  const char *const *anchors)
{
	struct br_tnode *list = br_tset_list(d, root, key);
	size_t k;

	for (k = 0; k < n; k++) {
		struct br_tnode *it = br_tlist_add(d, list);

		br_tset(d, it, "name", spaced(v[k].name));
		br_tset(d, it, "text", spaced(v[k].text));
		br_tset(d, it, "rank", v[k].rank);
		if (v[k].test != (size_t)-1)
			br_tset(d, it, "anchor", anchors ? anchors[v[k].test]
				: NULL);
		else
			br_tset(d, it, "system", br_analysis_system(r->a,
								    v[k].sys));
	}
}

/* "and 3 more primary results (the full report lists them)", "" */
static char *primary_more(const struct br_brief *b)
{
	if (!b->primary_more)
		return strdup("");
	return br_strf("and %zu more primary result%s (the full report "
		       "lists %s)", b->primary_more, b->primary_more == 1 ?
		       "" : "s", b->primary_more == 1 ? "it" : "them");
}

/* "Each benchmark's primary metric; its 72 sub-metrics ..." or "" */
static char *primary_note(const struct br_brief *b)
{
	if (!b->n_sub)
		return strdup("");
	return br_strf("Each benchmark's primary metric; the %zu "
		       "sub-metric%s (latencies, percentiles, ...) %s in the "
		       "full report", b->n_sub, b->n_sub == 1 ? "" : "s",
		       b->n_sub == 1 ? "is" : "are");
}

/* The text blocks of the summary's start: systems and source, primary
 * results. */
static void lead_blocks(struct br_tdoc *d, struct br_tnode *root,
			const struct br_report *r, const struct br_brief *b)
{
	struct block bl;
	char url[160], *s;
	size_t k;

	br_ob_result_url(r->a->sel->rs->reference_id, url, sizeof url);
	bl_open(&bl);
	if (b->sys_common)
		bl_line(&bl, r, 0, 2, "", b->sys_common);
	for (k = 0; k < b->n_sys; k++) {
		char *lead = br_strf("%s: ", b->sys[k].name);

		if (lead)
			bl_line(&bl, r, 0, 2, lead, b->sys[k].text);
		else
			bl.bad = true;
		free(lead);
	}
	if (b->sys_more)
		more_note(&bl, r, 0, b->sys_more);
	if (b->sys_note)
		bl_line(&bl, r, 0, 2, "", b->sys_note);
	if (b->source)
		bl_line(&bl, r, 0, 2, "Source: ", b->source);
	if (*url && !bl.bad)
		fprintf(bl.fp, "  %s\n", url);
	br_tset_owned(d, root, "systems_text_brief", bl_close(&bl));

	bl_open(&bl);
	if ((s = primary_note(b)) && *s) {
		bl_line(&bl, r, 0, 0, "", s);
		fputc('\n', bl.fp);
	}
	bl.bad |= !s;
	free(s);
	for (k = 0; k < b->n_primary; k++) {
		char *lead = br_strf("- %s: ", b->primary[k].name);

		if (lead)
			bl_line(&bl, r, 0, 2, lead, b->primary[k].text);
		else
			bl.bad = true;
		free(lead);
	}
	if ((s = primary_more(b)) && *s)
		bl_line(&bl, r, 0, 2, "- ", s);
	bl.bad |= !s;
	free(s);
	br_tset_owned(d, root, "primary_text", bl_close(&bl));
}

/* The text blocks (made before items() spaces the strings). */
static void text_blocks(struct br_tdoc *d, struct br_tnode *root,
			const struct br_report *r, const struct br_brief *b)
{
	struct block bl;
	size_t k, w = 1;
	int side;
	char pad[48];

	lead_blocks(d, root, r, b);
	bl_open(&bl);
	for (k = 0; k < b->n_findings; k++)
		bl_line(&bl, r, 0, 2, "- ", b->findings[k]);
	br_tset_owned(d, root, "findings_text", bl_close(&bl));

	bl_open(&bl);
	for (k = 0; k < b->n_geo; k++) {
		char *lead = br_strf("%s: ", b->geo[k].name);

		if (lead)
			bl_line(&bl, r, 0, 2, lead, b->geo[k].text);
		else
			bl.bad = true;
		free(lead);
	}
	if (b->geo_more)
		more_note(&bl, r, 0, b->geo_more);
	br_tset_owned(d, root, "geomeans_text", bl_close(&bl));

	bl_open(&bl);
	if (b->ranking_head)
		bl_line(&bl, r, 0, 2, "", b->ranking_head);
	for (k = 0; k < b->n_ranks; k++)
		if (strlen(b->ranks[k].rank) > w)
			w = strlen(b->ranks[k].rank);
	for (k = 0; k < b->n_ranks && w < sizeof pad - 2; k++) {
		char *lead;
		size_t n = strlen(b->ranks[k].rank);

		/* the rank padded with markers br_wrap keeps */
		memcpy(pad, b->ranks[k].rank, n);
		memset(pad + n, BR_NBSP[0], w - n);
		pad[w] = '\0';
		lead = br_strf("%s %s: ", pad, b->ranks[k].name);
		if (lead)
			bl_line(&bl, r, 2, 2, lead, b->ranks[k].text);
		else
			bl.bad = true;
		free(lead);
	}
	if (b->ranks_more)
		more_note(&bl, r, 2, b->ranks_more);
	br_tset_owned(d, root, "ranking_text", bl_close(&bl));

	bl_open(&bl);
	for (side = 0; side < 2; side++) {
		const struct br_brief_item *v = side ? b->losses : b->gains;
		size_t n = side ? b->n_losses : b->n_gains;
		size_t all = side ? b->all_losses : b->all_gains;

		/* a side whose proven changes are all too noisy to size
		 * has none listed, only its "and N more" */
		if (!all)
			continue;
		if (side && b->all_gains)
			fputc('\n', bl.fp);
		bl_line(&bl, r, 0, 0, "", side ? "Worse than the baseline:" :
			"Better than the baseline:");
		for (k = 0; k < n; k++) {
			char *lead = br_strf("- %s: ", v[k].name);

			if (lead)
				bl_line(&bl, r, 0, 2, lead, v[k].text);
			else
				bl.bad = true;
			free(lead);
		}
		if (all > n)
			more_line(&bl, r, n, all, side ? "proven regression" :
				  "proven improvement");
	}
	br_tset_owned(d, root, "changes_text", bl_close(&bl));
}

static bool wanted(const struct br_tdoc *d)
{
	size_t k;

	for (k = 0; k < sizeof names / sizeof names[0]; k++)
		if (br_tdoc_wants(d, names[k]))
			return true;
	return false;
}

int br_report_brief_values(struct br_tdoc *d, struct br_tnode *root,
			   const struct br_report *r, enum br_report_fmt fmt,
			   const char *const *anchors)
{
	struct br_brief *b;
	struct br_tnode *list;
	size_t k;

	if (!wanted(d))
		return BR_OK;
	b = br_brief_build(r->a);
	if (!b)
		return BR_EIO;
	if (fmt == BR_REPORT_TEXT)
		text_blocks(d, root, r, b);
	br_tset(d, root, "sys_common", b->sys_common ? spaced(b->sys_common)
		: "");
	items(d, root, "systems_brief", r, b->sys, b->n_sys, anchors);
	br_tset(d, root, "sys_note", b->sys_note ? spaced(b->sys_note) : "");
	br_tset(d, root, "source_brief", b->source ? spaced(b->source) : "");
	items(d, root, "primary", r, b->primary, b->n_primary, anchors);
	br_tset_bool(d, root, "has_primary", b->n_primary > 0);
	br_tset_owned(d, root, "primary_more", primary_more(b));
	br_tset_owned(d, root, "primary_note", primary_note(b));
	/* two systems: a test's spread is its comparison, listed above */
	br_tset_bool(d, root, "brief_spreads", r->a->n_spreads > 0 &&
		     r->a->sel->n_systems > 2);
	list = br_tset_list(d, root, "findings");
	for (k = 0; k < b->n_findings; k++)
		br_tset(d, br_tlist_add(d, list), "text",
			spaced(b->findings[k]));
	items(d, root, "geomeans", r, b->geo, b->n_geo,
	      anchors);
	br_tset_bool(d, root, "has_geomeans", b->n_geo > 0);
	br_tset_owned(d, root, "geomeans_more", more(b->geo_more, "system"));
	br_tset(d, root, "ranking_head", b->ranking_head ?
		spaced(b->ranking_head) : "");
	items(d, root, "ranking", r, b->ranks, b->n_ranks,
	      anchors);
	br_tset_bool(d, root, "has_ranking", b->n_ranks > 0);
	br_tset_owned(d, root, "ranking_more", more(b->ranks_more,
						     "system"));
	items(d, root, "gains", r, b->gains, b->n_gains,
	      anchors);
	items(d, root, "losses", r, b->losses, b->n_losses,
	      anchors);
	br_tset_bool(d, root, "has_gains", b->all_gains > 0);
	br_tset_bool(d, root, "has_losses", b->all_losses > 0);
	br_tset_owned(d, root, "gains_more", more_changes(b->n_gains,
		      b->all_gains, "proven improvement"));
	br_tset_owned(d, root, "losses_more", more_changes(b->n_losses,
		      b->all_losses, "proven regression"));
	br_tset_bool(d, root, "has_changes", b->all_gains + b->all_losses > 0);
	br_brief_free(b);
	return BR_OK;
}
