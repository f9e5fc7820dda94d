/*
 * cmd_render.c - `benchreport render`: charts and reports.
 *
 *   -o chart.svg|png|pdf   one chart: the plan must draw one (else a
 *                          usage error naming --tests and -o DIR/)
 *   -o DIR/                every chart the plan draws, one file each,
 *                          named "NN-title-description.FMT" (--format,
 *                          svg), put in place together, replacing the
 *                          charts the last run wrote there (br_outdir,
 *                          render/output/output.h)
 *   -o report.pdf          without --tests: the PDF report (title page
 *                          with the systems table, the overview, every
 *                          chart) on A4 or --paper letter, laid out by
 *                          br_report_pdf
 *   -o report.html|txt|md  the published report, from a template
 *
 * The analysis holds the numbers, render/'s chart table decides which
 * charts (br_chart_plan) and lays them out; this file writes the files,
 * always through a temporary file renamed into place (or in place, for
 * a device or FIFO: render/output/output.h).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <sys/types.h>

#include "cli.h"
#include "render/paint/render.h"
#include "render/report/report.h"
#include "render/text/text.h"

#define RENDER_MAX_SYSTEMS 10000 /* bars or lines in one chart */
#define RENDER_MAX_CHARTS 10000  /* charts (tests) in one run */
#define MAX_TEMPLATE (4u << 20)  /* a template is a page, not a data set */

/* ------------------------------------------------------------ writing */

struct scenes_job {
	const struct br_cli *cli;
	enum br_image_format f;
	struct br_scene *const *scenes;
	size_t n;
	const char *title;
};

static int write_scenes_to(FILE *fp, void *ctx, struct br_error *err)
{
	const struct scenes_job *job = ctx;
	struct br_paint_opts po;

	br_paint_opts_defaults(&po);
	po.creator = PROG " " BR_VERSION;
	po.epoch = br_cli_epoch();
	po.title = job->title;
	return br_render_scenes(fp, job->f == BR_IMAGE_SVG &&
				job->cli->svg_paths ? BR_IMAGE_SVG_PATHS
				: job->f, job->scenes, job->n, &po, err);
}

/* Write scenes to path (NULL: -o) atomically. */
static int write_scenes(struct br_cli *cli, const char *path,
			enum br_image_format f, struct br_scene *const *scenes,
			size_t n, const char *title)
{
	struct scenes_job job = {cli, f, scenes, n, title};

	return br_cli_emit_to(cli, path, write_scenes_to, &job);
}

static void free_scenes(struct br_scene **sc, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		br_scene_free(sc[i]);
	free(sc);
}

/* "Dbench - Client Count: 1" of test i, whole however long: free() it;
 * NULL on ENOMEM. */
static char *test_name(const struct br_analysis *a, size_t i)
{
	const struct br_test *t = a->tests[i].t;

	return br_strf("%s%s%s", br_nz(t->title),
		       *br_nz(t->description) ? " - " : "",
		       br_nz(t->description));
}

/* The tests no chart draws, unless -q. */
static void say_skipped(const struct br_cli *cli, const struct br_analysis *a,
			const struct br_chart_plan *p)
{
	size_t k;

	if (p->note && !cli->quiet)
		fprintf(stderr, PROG ": render: %s\n", p->note);
	for (k = 0; k < p->n_skipped && !cli->quiet; k++) {
		char *name = test_name(a, p->skipped[k]);

		fprintf(stderr, PROG ": render: skipping %s: %s\n",
			name ? name : "?", p->why[k]);
		free(name);
	}
}

/* Lay out job j with options o; BR_EDATA (said, unless -q) when it has
 * nothing to draw. */
static int build(const struct br_cli *cli, const struct br_analysis *a,
		 const struct br_chart_opts *o, const struct br_chart_job *j,
		 struct br_scene ***scenes, size_t *n)
{
	struct br_error err;
	int rc;

	br_error_clear(&err);
	rc = br_chart_build(a, j, o, 0, scenes, n, &err);
	if (rc == BR_EDATA && !cli->quiet)
		fprintf(stderr, PROG ": render: skipping %s\n", err.msg);
	else if (rc != BR_OK)
		br_cli_report(&err);
	return rc;
}

static int nothing_drawn(void)
{
	struct br_error err;

	br_error_clear(&err);
	br_error_set(&err, BR_EDATA, NULL, 0, "render: no selected test can "
		     "be drawn");
	br_cli_report(&err);
	return BR_EDATA;
}

/* ------------------------------------------------------------- charts */

/* The files render_dir wrote, for --depfile and -v once they are in
 * place. */
struct written {
	char **v;
	size_t n;
};

static void written_free(struct written *w)
{
	size_t i;

	for (i = 0; i < w->n; i++)
		free(w->v[i]);
	free(w->v);
}

/* A chart's scenes into the set d as name. */
static int dir_chart(struct br_cli *cli, struct br_outdir *d,
		     const char *name, enum br_image_format f,
		     struct br_scene *const *sc)
{
	struct scenes_job job = {cli, f, sc, 1, sc[0]->title};
	struct br_error err;
	struct br_out out;
	int rc;

	br_error_clear(&err);
	rc = br_outdir_file(d, name, &out, &err);
	if (rc == BR_OK) {
		rc = write_scenes_to(out.fp, &job, &err);
		if (rc == BR_OK)
			rc = br_out_commit(&out, &err);
		else
			br_out_abort(&out);
	}
	if (rc != BR_OK)
		br_cli_report(&err);
	return rc;
}

/*
 * -o DIR/: every chart to a temporary file in DIR, then all of them put
 * in place at once, replacing the set the last run wrote (output.h,
 * br_outdir): a failed run leaves DIR as it was, a successful one leaves
 * this run's charts and no chart of an earlier run.
 */
static int render_dir(struct br_cli *cli, const struct br_analysis *a,
		      const struct br_chart_plan *p, const char *dir,
		      enum br_image_format f)
{
	const char *sep = dir[strlen(dir) - 1] == '/' ? "" : "/";
	int width = a->n_tests >= 100 ? 3 : 2;
	struct written w = {NULL, 0};
	struct br_outdir *d = NULL;
	struct br_error err;
	struct stat st;
	size_t k;
	int rc;

	if (stat(dir, &st) == 0 && !S_ISDIR(st.st_mode))
		return br_cli_usage(cli, "-o %s: not a directory", dir);
	br_error_clear(&err);
	w.v = calloc(p->n_jobs + 1, sizeof *w.v);
	if (!w.v)
		br_error_set(&err, BR_EIO, NULL, 0, "out of memory");
	else
		br_outdir_open(&d, dir, &err);
	if (err.code) {
		br_cli_report(&err);
		free(w.v);
		return err.code;
	}
	/* the last run's charts it keeps: inputs, or changed since */
	br_outdir_set_inputs(d, cli->files.read, cli->files.n_read);
	if (!cli->quiet)
		br_outdir_set_warn(d, br_cli_warn_line, NULL);
	say_skipped(cli, a, p);
	for (k = 0, rc = BR_OK; k < p->n_jobs && rc == BR_OK; k++) {
		struct br_scene **sc;
		char name[128 + 8];
		size_t n;

		/* --chart bar writes bar charts: the charts auto adds
		 * beside them (the overview) are for auto only */
		if (p->jobs[k].extra && cli->chart_kind &&
		    strcasecmp(cli->chart_kind, "auto"))
			continue;
		rc = build(cli, a, &cli->chart, &p->jobs[k], &sc, &n);
		if (rc == BR_EDATA) {
			rc = BR_OK;
			continue;
		}
		if (rc != BR_OK)
			break;
		br_chart_file_name(name, 128, a, &p->jobs[k], &cli->chart,
				   width);
		snprintf(name + strlen(name), sizeof name - strlen(name),
			 ".%s", br_image_format_suffix(f));
		rc = dir_chart(cli, d, name, f, sc);
		free_scenes(sc, n);
		/* the path whole, however long the directory's name */
		if (rc == BR_OK &&
		    !(w.v[w.n++] = br_strf("%s%s%s", dir, sep, name)))
			cli->deps.targets.oom = true;
	}
	if (rc == BR_OK && w.n == 0) {
		br_outdir_abort(d);
		written_free(&w);
		return nothing_drawn();
	}
	if (rc != BR_OK) {
		br_outdir_abort(d);
	} else if (br_outdir_commit(d, &err) != BR_OK) {
		br_cli_report(&err);
		rc = err.code;
	}
	for (k = 0; rc == BR_OK && k < w.n; k++)
		if (w.v[k]) {
			br_cli_dep_target(cli, w.v[k]);
			if (cli->verbose)
				fprintf(stderr, PROG ": wrote %s\n", w.v[k]);
		}
	written_free(&w);
	return rc;
}

/* The first chart of the plan that is not an extra. */
static int render_one(struct br_cli *cli, const struct br_analysis *a,
		      const struct br_chart_plan *p, enum br_image_format f)
{
	const struct br_chart_job *j = NULL;
	struct br_scene **sc;
	size_t k, n, n_main = 0;
	int rc;

	for (k = 0; k < p->n_jobs; k++)
		if (!p->jobs[k].extra) {
			if (!j)
				j = &p->jobs[k];
			n_main++;
		}
	if (!j)
		return nothing_drawn();
	/* one file, one chart: the others would be lost without a word
	 * anyone reads (a script sees exit 0) */
	if (n_main > 1)
		return br_cli_usage(cli, "-o %s is one chart, but the "
				    "selection draws %zu: pick one with "
				    "--tests, or give a directory (-o DIR/) "
				    "for a chart each", cli->output, n_main);
	rc = build(cli, a, &cli->chart, j, &sc, &n);
	if (rc == BR_EDATA)
		return nothing_drawn();
	if (rc != BR_OK)
		return rc;
	rc = write_scenes(cli, NULL, f, sc, 1, cli->title ? cli->title
			  : sc[0]->title);
	free_scenes(sc, n);
	return rc;
}

/* A line a report says (a chart skipped, a title's fallback): on
 * stderr, unless -q. */
static void say_line(void *ctx, const char *line)
{
	const struct br_cli *cli = ctx;

	if (!cli->quiet)
		fprintf(stderr, PROG ": %s\n", line);
}

/* The PDF report (br_report_pdf: page order, rows per page), written. */
static int render_pdf(struct br_cli *cli, const struct br_analysis *a,
		      const struct br_chart_plan *p)
{
	struct br_pdf_opts ro = {cli->title, say_line, cli};
	struct br_scene **pages = NULL;
	struct br_error err;
	size_t n_pages = 0;
	int rc;

	br_error_clear(&err);
	say_skipped(cli, a, p);
	rc = br_report_pdf(a, p, &cli->chart, &ro, &pages, &n_pages, &err);
	if (rc != BR_OK)
		br_cli_report(&err);
	else
		rc = write_scenes(cli, NULL, BR_IMAGE_PDF, pages, n_pages,
				  pages[0]->title);
	free_scenes(pages, n_pages);
	return rc;
}

/* Limits (tests/limits/run.sh): past these a chart is unreadable and the
 * run takes minutes and gigabytes; say so and write nothing.  Also
 * --highlight must name a selected system. */
static int check_selection(struct br_cli *cli,
			   const struct br_selection *sel)
{
	struct br_error err;
	size_t idx;

	/* the summary is a few lines for any number of tests */
	if (sel->n_systems > RENDER_MAX_SYSTEMS ||
	    (sel->n_tests > RENDER_MAX_CHARTS && !cli->summary)) {
		bool sys = sel->n_systems > RENDER_MAX_SYSTEMS;

		return br_cli_usage(cli, "render: %zu %s are more than it "
				    "draws (at most %d); choose some with %s",
				    sys ? sel->n_systems : sel->n_tests,
				    sys ? "systems" : "tests",
				    sys ? RENDER_MAX_SYSTEMS
				    : RENDER_MAX_CHARTS,
				    sys ? "--systems" : "--tests");
	}
	if (!cli->chart.highlight)
		return BR_OK;
	/* a name in any case, or its start: the system's own name */
	br_error_clear(&err);
	if (br_system_named(sel->rs, sel->systems, sel->n_systems,
			    "--highlight", cli->chart.highlight, &idx,
			    &err) != BR_OK)
		return br_cli_fail(cli, &err);
	cli->chart.highlight = sel->rs->systems[idx]->identifier;
	return BR_OK;
}

/* ------------------------------------------------------------ reports */

/* The whole of a --template file; NULL (error printed) on failure. */
static char *read_template(struct br_cli *cli, size_t *len)
{
	const char *path = cli->template_path;
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
	br_cli_dep_add(cli, path); /* --depfile: the report depends on it */
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

struct report_job {
	const struct br_cli *cli;
	const struct br_report *r;
	enum br_report_fmt fmt;
	const char *src;      /* --template text, or NULL */
	size_t len;
};

static int write_report(FILE *fp, void *ctx, struct br_error *err)
{
	const struct report_job *job = ctx;

	return br_report_write(job->r, job->fmt, job->cli->template_path,
			       job->src, job->len, fp, err);
}

static int render_report(struct br_cli *cli, enum br_report_fmt fmt)
{
	struct br_cli_input in;
	struct br_analysis *a = NULL;
	struct br_report_opts o;
	struct br_report *r = NULL;
	struct br_chart_plan plan;
	struct report_job job;
	struct br_error err;
	char *src = NULL;
	size_t len = 0;
	int rc;

	memset(&plan, 0, sizeof plan);
	if (cli->template_path) {
		src = read_template(cli, &len);
		if (!src)
			return BR_EIO;
	}
	if (cli->cmp.hide_unchanged && !(cli->an.equivalence > 0)) {
		free(src);
		return br_cli_usage(cli, "--hide-unchanged needs --equivalence "
				    "PCT: the margin a test is proven unchanged "
				    "within");
	}
	rc = br_cli_load(cli, &in);
	if (rc != BR_OK) {
		free(src);
		return rc;
	}
	rc = check_selection(cli, &in.sel);
	if (rc == BR_OK)
		rc = br_cli_analyse(cli, &in, BR_AN_RANKS | BR_AN_COMPARE |
				    BR_AN_POINTS | BR_AN_SCALING | BR_AN_OVERALL |
				    BR_AN_DERIVED, &a);
	if (rc == BR_OK)
		rc = br_cli_display_units(cli, &in, a, false);
	if (rc != BR_OK)
		goto done;
	br_error_clear(&err);
	memset(&plan, 0, sizeof plan);
	if ((fmt == BR_REPORT_HTML || (fmt == BR_REPORT_MD &&
				       cli->chart_dir)) &&
	    br_chart_plan(a, cli->chart_kind, &plan, &err) != BR_OK) {
		rc = br_cli_fail(cli, &err);
		goto done;
	}
	br_report_opts_defaults(&o);
	o.title = cli->title;
	o.plot = cli->plot;
	o.utf8 = cli->utf8;
	o.summary = cli->summary;
	o.hide_unchanged = cli->cmp.hide_unchanged;
	o.generator = PROG " " BR_VERSION;
	o.say = say_line;
	o.ctx = cli;
	if (fmt == BR_REPORT_HTML) {
		o.chart = &cli->chart;
		o.plan = &plan;
	} else if (fmt == BR_REPORT_MD && cli->chart_dir) {
		/* the charts of render -o DIR/, linked, not drawn */
		o.chart = &cli->chart;
		o.plan = &plan;
		o.chart_dir = cli->chart_dir;
	}
	rc = br_report_build(a, &o, &r, &err);
	if (rc != BR_OK) {
		rc = br_cli_fail(cli, &err);
		goto done;
	}
	job.cli = cli;
	job.r = r;
	job.fmt = fmt;
	job.src = src;
	job.len = len;
	rc = br_cli_emit(cli, write_report, &job);
done:
	br_report_free(r);
	br_chart_plan_fini(&plan);
	br_analysis_free(a);
	br_cli_input_free(&in);
	br_text_shutdown();
	free(src);
	return rc;
}

/* ---------------------------------------------------------- the command */

/*
 * What render writes, from output.c's format table: why 0: no -o, 1: -o -
 * without --format, 2: an unknown --format, 3: an -o it cannot tell.
 */
static int render_usage(const struct br_cli *cli, int why)
{
	char *ch = br_out_format_list(BR_OUT_CHART, ".", " or ");
	char *rep = br_out_format_list(BR_OUT_REPORT, ".", " or ");
	char *all = br_out_format_list(BR_OUT_CHART | BR_OUT_REPORT, "",
				       " or ");

	if (!ch || !rep || !all)
		br_cli_usage(cli, "out of memory");
	else if (why == 0)
		br_cli_usage(cli, "render needs -o OUT: a %s chart, a "
			     "directory (a chart per test), or a %s report",
			     ch, rep);
	else if (why == 1)
		br_cli_usage(cli, "-o - (stdout) needs --format %s", all);
	else if (why == 2)
		br_cli_usage(cli, "--format: render writes %s, not '%s'", all,
			     cli->format);
	else
		br_cli_usage(cli, "cannot tell the format from '%s': use a "
			     "%s chart, a directory ending in / (a chart per "
			     "test), a %s report, or --format", cli->output,
			     ch, rep);
	free(ch);
	free(rep);
	free(all);
	return BR_EUSAGE;
}

/* What -o and --format ask for: a report, a directory, or an image. */
static int target(const struct br_cli *cli, bool *is_dir, bool *report,
		  enum br_report_fmt *rf, enum br_image_format *f)
{
	const char *out = cli->output, *name;
	const struct br_out_format *row;
	struct stat st;

	*is_dir = *report = false;
	if (!out || !*out || (!strcmp(out, "-") && !cli->format))
		return render_usage(cli, out && *out);
	*is_dir = strcmp(out, "-") && (out[strlen(out) - 1] == '/' ||
		  (stat(out, &st) == 0 && S_ISDIR(st.st_mode)));
	name = cli->format ? cli->format : *is_dir ? NULL :
	       br_out_path_ext(out);
	row = br_out_format_find(name, BR_OUT_CHART | BR_OUT_REPORT);
	*report = row && (row->uses & BR_OUT_REPORT);
	if (*report)
		*rf = row->report;
	*f = row && !*report ? row->image : BR_IMAGE_SVG;
	if (!row && (cli->format || !*is_dir))
		return render_usage(cli, cli->format ? 2 : 3);
	return BR_OK;
}

/* Whether every chart of the plan but its extras (the scaling charts
 * beside --chart overview) is front pages (the overview). */
static bool front_only(const struct br_chart_plan *p)
{
	size_t k;

	for (k = 0; k < p->n_jobs; k++)
		if (!p->jobs[k].type->front && !p->jobs[k].extra)
			return false;
	return true;
}

int br_cmd_render(struct br_cli *cli)
{
	struct br_cli_input in;
	struct br_analysis *a = NULL;
	struct br_chart_plan plan;
	struct br_error err;
	enum br_image_format f = BR_IMAGE_SVG;
	enum br_report_fmt rf;
	bool is_dir, report;
	int rc;

	rc = target(cli, &is_dir, &report, &rf, &f);
	if (rc != BR_OK)
		return rc;
	if (report)
		return render_report(cli, rf);
	if (cli->summary)
		return br_cli_usage(cli, "--summary writes a .txt, .md or "
				    ".html summary, not a chart");
	rc = br_cli_load(cli, &in);
	if (rc != BR_OK)
		return rc;
	memset(&plan, 0, sizeof plan);
	rc = check_selection(cli, &in.sel);
	if (rc == BR_OK)
		rc = br_cli_analyse(cli, &in, BR_AN_COMPARE | BR_AN_POINTS |
				    BR_AN_LEAN | BR_AN_SCALING |
				    (cli->chart_kind && !strcasecmp(
				    cli->chart_kind, "groups") ?
				    BR_AN_DERIVED | BR_AN_OVERALL : 0) |
				    (cli->chart_kind && !strcasecmp(
				    cli->chart_kind, "wins") ? BR_AN_RANKS :
				    0), &a);
	if (rc == BR_OK)   /* as the report's tables show them */
		rc = br_cli_display_units(cli, &in, a, cli->chart_kind &&
					  !strcasecmp(cli->chart_kind,
						      "grouped"));
	br_error_clear(&err);
	if (rc == BR_OK && br_chart_plan(a, cli->chart_kind, &plan, &err) !=
	    BR_OK)
		rc = br_cli_fail(cli, &err);
	if (rc == BR_OK) {
		/* a .pdf without --tests is the report, unless the plan
		 * draws front pages only (--chart overview): a chart */
		if (is_dir)
			rc = render_dir(cli, a, &plan, cli->output, f);
		else if (f == BR_IMAGE_PDF && !cli->tests &&
			 !front_only(&plan))
			rc = render_pdf(cli, a, &plan);
		else
			rc = render_one(cli, a, &plan, f);
	}
	br_chart_plan_fini(&plan);
	br_analysis_free(a);
	br_cli_input_free(&in);
	br_text_shutdown();
	return rc;
}
