/*
 * cmd_history.c - `benchreport history`: every system of every input as
 * a point of one history, with change points, the suite trend and the
 * gate (analysis/history.h; doc/design.md, "History").
 *
 * It reads the list file (--list: one label per line, '#' comments) and
 * the annotations file (--annotations: "LABEL expected-shift|ignore
 * [TEST-PATTERN]" per line), loads the inputs as every command does
 * (--name, --rename, --tests, --systems), builds the history and writes
 * it: the table formats (text, md, csv, json) through
 * br_history_write_table, the drawn ones (svg, png, pdf, html; --report
 * for a PDF report) through br_history_write_drawn.  With
 * --fail-on-regression a regression proven at the latest point names
 * itself on stderr and the run exits 4, leaving a -o file unwritten.
 */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "analysis/gate.h"
#include "cli.h"
#include "render/report/history_out.h"
#include "render/text/escape.h"

/* ---------------------------------------------------------- options */

/* A whole number in [lo, hi]. */
static int parse_count(const struct br_cli *cli, const char *name,
		       const char *arg, double lo, double hi, double *out)
{
	double v;

	if (!br_parse_number(arg, &v, NULL) || v != (double)(long long)v ||
	    v < lo || v > hi)
		return br_cli_usage(cli, "--%s: expected a whole number from "
				    "%g to %g, got '%s'", name, lo, hi, arg);
	*out = v;
	return BR_OK;
}

/* A level in (0, 1), or a percent in (0, 100) with '%'. */
static int parse_level(const struct br_cli *cli, const char *name,
		       const char *arg, double *out)
{
	size_t n = strlen(arg);
	char buf[64];
	double v, scale = 1;

	snprintf(buf, sizeof buf, "%s", arg);
	if (n && n < sizeof buf && buf[n - 1] == '%') {
		buf[n - 1] = 0;
		scale = 100;
	}
	if (!br_parse_number(buf, &v, NULL) || !(v / scale > 0) ||
	    !(v / scale < 1))
		return br_cli_usage(cli, "--%s: expected a level between 0 and "
				    "1 (or a percent), got '%s'", name, arg);
	*out = v / scale;
	return BR_OK;
}

static int parse_choice(struct br_cli *cli, const char *name,
			const char *arg)
{
	struct br_hist_opts *o = &cli->hist.o;
	static const char *const orders[] = {"auto", "date", "list", "args"};
	size_t k;

	if (!strcmp(name, "method")) {
		if (strcasecmp(arg, "br") && strcasecmp(arg, "otava"))
			return br_cli_usage(cli, "--method: expected br or "
					    "otava, got '%s'", arg);
		o->method = strcasecmp(arg, "otava") ? BR_HIST_METHOD_BR :
			    BR_HIST_METHOD_OTAVA;
		return BR_OK;
	}
	for (k = 0; k < 4; k++)
		if (!strcasecmp(arg, orders[k])) {
			o->order = (enum br_hist_order)k;
			return BR_OK;
		}
	return br_cli_usage(cli, "--order: expected auto, date, list or args, "
			    "got '%s'", arg);
}

int br_cli_history_option(struct br_cli *cli, const char *name,
			  const char *arg)
{
	struct br_hist_opts *o = &cli->hist.o;
	double v;
	int rc = BR_OK;

	if (!strcmp(name, "order") || !strcmp(name, "method"))
		return parse_choice(cli, name, arg);
	if (!strcmp(name, "list"))
		cli->hist.list_path = arg;
	else if (!strcmp(name, "annotations"))
		cli->hist.annotations = arg;
	else if (!strcmp(name, "since"))
		o->since = arg;
	else if (!strcmp(name, "fail-on-regression"))
		cli->hist.gate = true;
	else if (!strcmp(name, "report"))
		cli->hist.report = true;
	else if (!strcmp(name, "all"))
		cli->hist.all = true;
	else if (!strcmp(name, "alpha"))
		rc = parse_level(cli, name, arg, &o->cp.alpha);
	else if (!strcmp(name, "fdr"))
		rc = parse_level(cli, name, arg, &o->fdr_q);
	else if (!strcmp(name, "otava-pvalue"))
		rc = parse_level(cli, name, arg, &o->otava.max_pvalue);
	else if (!strcmp(name, "otava-magnitude")) {
		if (!br_parse_number(arg, &v, NULL) || !(v >= 0))
			return br_cli_usage(cli, "--otava-magnitude: expected "
					    "a number from 0 up, got '%s'", arg);
		o->otava.min_magnitude = v;
	} else if (!strcmp(name, "seed")) {
		rc = parse_count(cli, name, arg, 0, 9007199254740992.0, &v);
		o->cp.seed = (uint64_t)v;
	} else if (!strcmp(name, "min-segment")) {
		rc = parse_count(cli, name, arg, 1, 1000000, &v);
		o->cp.min_seg = (size_t)v;
	} else if (!strcmp(name, "permutations")) {
		rc = parse_count(cli, name, arg, 1, 1000000000, &v);
		o->cp.permutations = (size_t)v;
	} else if (!strcmp(name, "otava-window")) {
		rc = parse_count(cli, name, arg, 2, 1000000, &v);
		o->otava.window_len = (size_t)v;
	}
	return rc;
}

/* ------------------------------------------------------ input files */

/* A list or annotations file, read whole; its lines are cut in place
 * and the strings point into it. */
struct hfile {
	char *text;
	char **lines;         /* the lines that hold something */
	unsigned long *line;  /* ... their line numbers */
	size_t n;
};

static void hfile_free(struct hfile *f)
{
	free(f->text);
	free(f->lines);
	free(f->line);
	memset(f, 0, sizeof *f);
}

/* Trim blanks at both ends of s, in place. */
static char *trim(char *s)
{
	char *e;

	while (*s == ' ' || *s == '\t' || *s == '\r')
		s++;
	e = s + strlen(s);
	while (e > s && (e[-1] == ' ' || e[-1] == '\t' || e[-1] == '\r'))
		*--e = 0;
	return s;
}

static int read_text(const char *path, char **out, size_t *len)
{
	FILE *fp = fopen(path, "rb");
	size_t cap = 4096, n = 0, got;
	char *buf = malloc(cap + 1);

	*out = NULL;
	if (!fp || !buf) {
		int e = errno;

		if (fp)
			fclose(fp);
		free(buf);
		fprintf(stderr, PROG ": %s: cannot read: %s\n", path,
			strerror(e ? e : ENOMEM));
		return BR_EIO;
	}
	while ((got = fread(buf + n, 1, cap - n, fp)) > 0) {
		char *nb;

		n += got;
		if (n < cap)
			continue;
		nb = cap < ((size_t)1 << 30) ? realloc(buf, 2 * cap + 1) : NULL;
		if (!nb) {
			fclose(fp);
			free(buf);
			fprintf(stderr, PROG ": %s: too large\n", path);
			return BR_EIO;
		}
		buf = nb;
		cap *= 2;
	}
	got = (size_t)ferror(fp);
	fclose(fp);
	if (got) {
		free(buf);
		fprintf(stderr, PROG ": %s: cannot read\n", path);
		return BR_EIO;
	}
	buf[n] = 0;
	*out = buf;
	*len = n;
	return BR_OK;
}

/* The lines of path that hold something, comments ('#' to the end of
 * the line) and blanks cut. */
static int read_lines(struct br_cli *cli, const char *path, struct hfile *f)
{
	size_t len, k, cap = 1;
	unsigned long ln = 0;
	char *p, *nl;
	int rc = read_text(path, &f->text, &len);

	if (rc != BR_OK)
		return rc;
	br_cli_dep_add(cli, path);
	for (k = 0; k < len; k++)
		cap += f->text[k] == '\n';
	if (memchr(f->text, 0, len)) {
		fprintf(stderr, PROG ": %s: a NUL byte: not a text file\n", path);
		return BR_EDATA;
	}
	f->lines = malloc(cap * sizeof *f->lines);
	f->line = malloc(cap * sizeof *f->line);
	if (!f->lines || !f->line) {
		fprintf(stderr, PROG ": out of memory\n");
		return BR_EIO;
	}
	for (p = f->text; p; p = nl) {
		char *hash, *s;

		nl = strchr(p, '\n');
		if (nl)
			*nl++ = 0;
		ln++;
		if ((hash = strchr(p, '#')) != NULL)
			*hash = 0;
		s = trim(p);
		if (!*s)
			continue;
		f->lines[f->n] = s;
		f->line[f->n++] = ln;
	}
	return BR_OK;
}

/* One annotation line: "LABEL expected-shift|ignore [TEST-PATTERN]". */
static int parse_note(const char *path, char *s, unsigned long ln,
		      struct br_hist_note *nt)
{
	char *kind, *rest;

	kind = s + strcspn(s, " \t");
	if (*kind)
		*kind++ = 0;
	kind = trim(kind);
	rest = kind + strcspn(kind, " \t");
	if (*rest)
		*rest++ = 0;
	rest = trim(rest);
	nt->label = s;
	nt->test = *rest ? rest : NULL;
	nt->loc.file = path;
	nt->loc.line = ln;
	if (!strcasecmp(kind, "expected-shift"))
		nt->kind = BR_HIST_NOTE_EXPECTED;
	else if (!strcasecmp(kind, "ignore"))
		nt->kind = BR_HIST_NOTE_IGNORE;
	else {
		char *k = br_visible_dup(*kind ? kind : s, 0);

		fprintf(stderr, PROG ": %s:%lu: %s%s%s: expected "
			"\"LABEL expected-shift [TEST-PATTERN]\" or \"LABEL "
			"ignore [TEST-PATTERN]\"\n", path, ln,
			*kind ? "unknown annotation '" : "no annotation after '",
			k ? k : "?", "'");
		free(k);
		return BR_EDATA;
	}
	return BR_OK;
}

/* The options' files into cli->hist.o; lists and notes kept in *lf, *af
 * and *notes for as long as the history lives. */
static int read_files(struct br_cli *cli, struct hfile *lf, struct hfile *af,
		      struct br_hist_note **notes)
{
	struct br_hist_opts *o = &cli->hist.o;
	size_t k;
	int rc;

	if (cli->hist.list_path) {
		rc = read_lines(cli, cli->hist.list_path, lf);
		if (rc != BR_OK)
			return rc;
		if (!lf->n)
			return br_cli_usage(cli, "--list: %s names no result",
					    cli->hist.list_path);
		o->list = (const char *const *)lf->lines;
		o->list_lines = lf->line;
		o->n_list = lf->n;
		o->list_path = cli->hist.list_path;
		if (o->order == BR_HIST_ORDER_AUTO)
			o->order = BR_HIST_ORDER_LIST;
	} else if (o->order == BR_HIST_ORDER_LIST) {
		return br_cli_usage(cli, "--order list needs --list FILE");
	}
	if (!cli->hist.annotations)
		return BR_OK;
	rc = read_lines(cli, cli->hist.annotations, af);
	*notes = calloc(af->n + 1, sizeof **notes);
	if (rc == BR_OK && !*notes) {
		fprintf(stderr, PROG ": out of memory\n");
		rc = BR_EIO;
	}
	for (k = 0; rc == BR_OK && k < af->n; k++)
		rc = parse_note(cli->hist.annotations, af->lines[k],
				af->line[k], &(*notes)[k]);
	o->notes = *notes;
	o->n_notes = af->n;
	return rc;
}

/* ----------------------------------------------------------- output */

/* Which writer: a table format's name, or a drawn one's. */
struct hist_out {
	const char *table;   /* "text", "md", "csv", "json"; NULL */
	const char *drawn;   /* "svg", "png", "pdf", "html"; NULL */
};

/* A usage error that lists history's formats (from the format table). */
static int format_error(const struct br_cli *cli, const char *what,
			const char *name)
{
	char *list = br_out_format_list(BR_OUT_TABLE | BR_OUT_CHART |
					BR_OUT_REPORT, "", " or ");
	int rc = br_cli_usage(cli, what, name, list ? list : "?");

	free(list);
	return rc;
}

static int history_format(const struct br_cli *cli, struct hist_out *w)
{
	const char *name = cli->format;
	const struct br_out_format *f;

	w->table = w->drawn = NULL;
	if (!name && cli->output)
		name = br_out_path_ext(cli->output);
	if (!name) {
		if (cli->output && strcmp(cli->output, "-"))
			return format_error(cli, "cannot tell the format from "
					    "'%s': use --format %s",
					    cli->output);
		name = "text";
	}
	if ((f = br_out_format_find(name, BR_OUT_TABLE)) != NULL)
		w->table = f->name;
	else if ((f = br_out_format_find(name, BR_OUT_CHART |
					 BR_OUT_REPORT)) != NULL)
		w->drawn = f->name;
	else
		return format_error(cli, cli->format ? "--format: unknown "
				    "format '%s' (%s)" : "cannot tell the "
				    "format from '%s': use --format %s",
				    cli->format ? name : cli->output);
	if (cli->hist.report && (!w->drawn || strcmp(w->drawn, "pdf")))
		return br_cli_usage(cli, "--report writes a PDF report: use it "
				    "with --format pdf or -o FILE.pdf");
	if (w->drawn && (!cli->output || !strcmp(cli->output, "-")))
		return br_cli_usage(cli, "--format %s: give -o FILE or -o DIR/ "
				    "(charts and reports are written to files)",
				    w->drawn);
	return BR_OK;
}

struct table_job {
	const struct br_history *h;
	const char *format;
	const struct br_hist_out_opts *oo;
	const char *fail;        /* the gate failed: why; NULL: passed */
};

static int write_table(FILE *fp, void *ctx, struct br_error *err)
{
	const struct table_job *job = ctx;
	int rc = br_history_write_table(fp, job->h, job->format, job->oo,
					err);

	if (rc == BR_OK && job->fail)
		rc = br_error_set(err, BR_EREGRESS, NULL, 0, "%s", job->fail);
	return rc;
}

/* The history's warnings, unless -q. */
static void say_warnings(const struct br_cli *cli, const struct br_history *h)
{
	size_t k;

	for (k = 0; !cli->quiet && k < h->n_warnings; k++) {
		char *s = br_visible_dup(h->warnings[k], 0);

		fprintf(stderr, PROG ": warning: %s\n", s ? s : h->warnings[k]);
		free(s);
	}
}

static int emit(struct br_cli *cli, const struct br_history *h,
		const struct hist_out *w, const char *fail)
{
	struct br_hist_out_opts oo;
	struct br_error err;
	int rc;

	br_hist_out_opts_defaults(&oo);
	oo.title = cli->title;
	oo.generator = PROG " " BR_VERSION;
	oo.chart = &cli->chart;
	oo.all = cli->hist.all;
	oo.inputs = cli->files.read;
	oo.n_inputs = cli->files.n_read;
	oo.warn = cli->quiet ? NULL : br_cli_warn_line;
	if (w->table) {
		struct table_job job = {h, w->table, &oo, fail};

		return br_cli_emit(cli, write_table, &job);
	}
	if (fail)
		return br_cli_gate_unwrite(cli->output, fail);
	br_error_clear(&err);
	rc = br_history_write_drawn(h, w->drawn, cli->hist.report,
				    cli->output, &oo, &err);
	if (rc != BR_OK)
		return br_cli_fail(cli, &err);
	br_cli_dep_target(cli, cli->output);
	return BR_OK;
}

/*
 * --fail-on-regression: each regression on stderr, then the gate's line
 * (analysis/gate.h), -q or not.  *fail: why the gate fails (a new
 * string: a regression, or with --gate-strict a test it could not
 * judge), NULL when it passes.
 */
static int gate(const struct br_cli *cli, const struct br_history *h,
		char **fail)
{
	struct br_gate g;
	char *s;

	if (br_history_write_gate(stderr, h) > 0 &&
	    !(*fail = strdup("a regression was found "
			     "(--fail-on-regression)"))) {
		fprintf(stderr, PROG ": out of memory\n");
		return BR_EIO;
	}
	if (br_gate_history(h, &g) != BR_OK) {
		fprintf(stderr, PROG ": out of memory\n");
		return BR_EIO;
	}
	s = br_visible_dup(g.line, 0);
	fprintf(stderr, PROG ": %s\n", s ? s : g.line);
	free(s);
	if (!*fail && cli->gate_strict && g.strict) {
		fprintf(stderr, PROG ": %s\n", g.strict);
		*fail = g.strict;
		g.strict = NULL;
	}
	br_gate_fini(&g);
	return BR_OK;
}

static int run_history(struct br_cli *cli, const struct hist_out *w)
{
	struct br_cli_input in;
	struct br_history *h = NULL;
	struct br_error err;
	char *fail = NULL;
	int rc = br_cli_load(cli, &in);

	if (rc != BR_OK)
		return rc;
	cli->hist.o.an.confidence = cli->an.confidence;
	cli->hist.o.cp.confidence = cli->an.confidence;
	cli->hist.o.sel = &in.sel;
	br_error_clear(&err);
	rc = br_history_build(in.rs, &cli->hist.o, &h, &err);
	if (rc == BR_EUSAGE && err.where[0]) {
		/* a list's or an annotation's line: "FILE:LINE: ..." */
		char *at = br_visible_dup(err.where, 0);
		char *m = br_visible_dup(err.msg, 0);

		br_cli_usage(cli, "%s: %s", at ? at : err.where,
			     m ? m : err.msg);
		free(at);
		free(m);
	} else if (rc != BR_OK) {
		rc = br_cli_fail(cli, &err);
	}
	if (rc == BR_OK) {
		say_warnings(cli, h);
		if (cli->hist.gate)
			rc = gate(cli, h, &fail);
		if (rc == BR_OK)
			rc = emit(cli, h, w, fail);
	}
	free(fail);
	br_history_free(h);
	br_cli_input_free(&in);
	return rc;
}

int br_cmd_history(struct br_cli *cli)
{
	struct hfile lf, af;
	struct br_hist_note *notes = NULL;
	struct hist_out w;
	int rc;

	memset(&lf, 0, sizeof lf);
	memset(&af, 0, sizeof af);
	rc = history_format(cli, &w);
	if (rc == BR_OK && cli->gate_strict && !cli->hist.gate)
		rc = br_cli_usage(cli, "--gate-strict: give "
				  "--fail-on-regression");
	if (rc == BR_OK)
		rc = read_files(cli, &lf, &af, &notes);
	if (rc == BR_OK)
		rc = run_history(cli, &w);
	free(notes);
	hfile_free(&lf);
	hfile_free(&af);
	return rc;
}
