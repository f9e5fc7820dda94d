/*
 * render_report.c - `benchreport render -o report.html|.txt|.md`: the
 * published report (render/report.h) from a built-in template or the
 * user's own (--template FILE); --plot and --utf8 shape the text one.
 * Charts come from the render command's chart code (br_render_chart),
 * so its chart options apply.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "cmd_render.h"
#include "render/output.h"
#include "render/report.h"
#include "render/text.h"

/* Limit for a --template file: a template is a page, not a data set. */
#define MAX_TEMPLATE (4u << 20)

static struct {
	bool plot;
	bool utf8;
	const char *template_path;
} rr;

int br_report_option(const struct br_cli *cli, const char *name,
		     const char *arg)
{
	(void)cli;
	if (!strcmp(name, "plot"))
		rr.plot = true;
	else if (!strcmp(name, "utf8"))
		rr.utf8 = true;
	else if (!strcmp(name, "template"))
		rr.template_path = arg;
	return BR_OK;
}

bool br_report_wanted(const struct br_cli *cli, const char *ext,
		      enum br_report_fmt *fmt)
{
	if (cli->format)
		return br_report_fmt_from_ext(cli->format, fmt);
	return br_report_fmt_from_ext(ext, fmt);
}

/* The whole of a --template file; NULL (error printed) on failure. */
static char *read_template(const char *path, size_t *len)
{
	FILE *fp = fopen(path, "rb");
	char *buf = NULL;
	size_t n = 0, cap = 0;
	struct br_error err;

	br_error_clear(&err);
	if (!fp) {
		br_error_set(&err, BR_EIO, path, 0, "cannot read template: "
			     "%s", strerror(errno));
		br_cli_report(&err);
		return NULL;
	}
	br_cli_add_dep(path); /* --depfile: the report depends on it */
	for (;;) {
		size_t got;

		if (n + 4096 + 1 > cap) {
			char *nb = realloc(buf, cap + 65536);

			if (!nb) {
				br_error_set(&err, BR_EIO, path, 0,
					     "out of memory");
				break;
			}
			buf = nb;
			cap += 65536;
		}
		got = fread(buf + n, 1, cap - n - 1, fp);
		n += got;
		if (n > MAX_TEMPLATE) {
			br_error_set(&err, BR_EDATA, path, 0, "template "
				     "larger than %u bytes", MAX_TEMPLATE);
			break;
		}
		if (got == 0) {
			if (ferror(fp))
				br_error_set(&err, BR_EIO, path, 0, "read "
					     "error: %s", strerror(errno));
			break;
		}
	}
	fclose(fp);
	if (err.code != BR_OK) {
		br_cli_report(&err);
		free(buf);
		return NULL;
	}
	if (!buf && !(buf = malloc(1))) {
		fprintf(stderr, PROG ": out of memory\n");
		return NULL;
	}
	buf[n] = '\0';
	*len = n;
	return buf;
}

struct chart_ctx {
	const struct br_cli *cli;
	const struct br_selection *sel;
};

static int chart(void *ctx, const struct br_test *t, struct br_scene **out,
		 struct br_error *err)
{
	const struct chart_ctx *c = ctx;

	return br_render_chart(c->cli, c->sel, t, out, err);
}

struct report_job {
	const struct br_report *r;
	enum br_report_fmt fmt;
	const char *src;      /* --template text, or NULL */
	size_t len;
};

static int write_report(FILE *fp, void *ctx, struct br_error *err)
{
	const struct report_job *job = ctx;

	return br_report_write(job->r, job->fmt, rr.template_path, job->src,
			       job->len, fp, err);
}

int br_render_report(struct br_cli *cli, enum br_report_fmt fmt)
{
	struct br_selection sel;
	struct br_report_opts o;
	struct br_report *r = NULL;
	struct chart_ctx cc;
	struct report_job job;
	struct br_error err;
	char *src = NULL;
	size_t len = 0;
	int rc;

	if (rr.template_path) {
		src = read_template(rr.template_path, &len);
		if (!src)
			return BR_EIO;
		br_cli_add_dep(rr.template_path);
	}
	rc = br_cli_load(cli, &sel);
	if (rc != BR_OK) {
		free(src);
		return rc;
	}
	br_cli_print_warnings(cli, sel.rs);
	br_report_opts_defaults(&o);
	o.confidence = cli->confidence;
	o.equivalence = cli->equivalence;
	o.baseline = cli->baseline;
	o.title = cli->title;
	o.plot = rr.plot;
	o.utf8 = rr.utf8;
	o.generator = PROG " " BR_VERSION;
	cc.cli = cli;
	cc.sel = &sel;
	if (fmt == BR_REPORT_HTML) {
		o.chart = chart;
		o.chart_ctx = &cc;
	}
	br_error_clear(&err);
	rc = br_report_build(sel.rs, sel.tests, sel.n_tests, sel.systems,
			     sel.n_systems, &o, &r, &err);
	if (rc == BR_EUSAGE) {
		rc = br_cli_usage(cli, "%s", err.msg);
		goto done;
	}
	if (rc != BR_OK) {
		br_cli_report(&err);
		goto done;
	}
	job.r = r;
	job.fmt = fmt;
	job.src = src;
	job.len = len;
	rc = br_cli_emit(cli, write_report, &job);
done:
	br_report_free(r);
	br_cli_selection_free(&sel);
	br_text_shutdown();
	free(src);
	return rc;
}
