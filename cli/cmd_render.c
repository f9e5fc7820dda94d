/*
 * cmd_render.c - `benchreport render`: charts and reports.
 *
 *   -o chart.svg|png|pdf   one chart: the first drawable selected test
 *                          (a note on stderr when --tests matched more)
 *   -o DIR/                one chart per selected test, named
 *                          "NN-title-description.FMT" (--format, svg)
 *   -o report.pdf          without --tests: an A4 report (title page with
 *                          the systems table, then every chart)
 *
 * Summaries come from br_summarize(); layout from render/chart.h; bytes
 * from render/render.h, always through br_out (temporary file + rename).
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <sys/types.h>

#include "cli.h"
#include "cmd_render.h"
#include "render_input.h"
#include "render/chart.h"
#include "render/output.h"
#include "render/render.h"
#include "render/text.h"
#include "stats/stats.h"

/* Render options from the command line (set before br_cmd_render). */
static struct {
	bool init;
	struct br_chart_opts chart;
	bool svg_paths;
	enum br_chart_kind kind;   /* --chart */
	bool grouped_all;          /* scalar tests in one grouped chart */
	size_t base;               /* baseline: index into sel->systems */
} ro;

static void ro_init(void)
{
	if (ro.init)
		return;
	br_chart_opts_defaults(&ro.chart);
	ro.init = true;
}

int br_render_option(const struct br_cli *cli, const char *name,
		     const char *arg)
{
	ro_init();
	if (!strcmp(name, "whiskers")) {
		if (!br_whiskers_parse(arg, &ro.chart.whiskers))
			return br_cli_usage(cli, "--whiskers: expected se, ci "
					    "or none, got '%s'", arg);
	} else if (!strcmp(name, "sort")) {
		if (!br_sort_parse(arg, &ro.chart.sort))
			return br_cli_usage(cli, "--sort: expected input, name "
					    "or best, got '%s'", arg);
	} else if (!strcmp(name, "highlight")) {
		ro.chart.highlight = arg;
	} else if (!strcmp(name, "svg-text")) {
		if (!strcasecmp(arg, "text"))
			ro.svg_paths = false;
		else if (!strcasecmp(arg, "paths"))
			ro.svg_paths = true;
		else
			return br_cli_usage(cli, "--svg-text: expected text or "
					    "paths, got '%s'", arg);
	} else if (!strcmp(name, "width")) {
		double w;

		if (!br_parse_number(arg, &w, NULL) || w < 300 || w > 4000)
			return br_cli_usage(cli, "--width: expected a number "
					    "between 300 and 4000, got '%s'",
					    arg);
		ro.chart.width = w;
	} else if (!strcmp(name, "chart")) {
		if (!br_chart_kind_parse(arg, &ro.kind))
			return br_cli_usage(cli, "--chart: expected auto, bar, "
					    "grouped, line or overview, got "
					    "'%s'", arg);
	}
	return BR_OK;
}

/* ------------------------------------------------------------- charts */

static const char *nz(const char *s)
{
	return s ? s : "";
}

static bool drawable(const struct br_test *t)
{
	size_t i;

	if (t->display == BR_DISPLAY_BAR)
		return true;
	if (t->display != BR_DISPLAY_LINE)
		return false;
	for (i = 0; i < t->n_entries; i++)
		if (t->entries[i].n_points)
			return true;
	return false;
}

/* Drawn as a chart of its own, given --chart (drawable tests only). */
static bool own_chart(const struct br_test *t)
{
	if (ro.kind == BR_CHART_OVERVIEW)
		return false;
	if (ro.kind == BR_CHART_BAR)
		return t->display == BR_DISPLAY_BAR;
	if (ro.kind == BR_CHART_LINE)
		return t->display == BR_DISPLAY_LINE;
	return !(ro.grouped_all && t->display == BR_DISPLAY_BAR);
}

static const char *display_name(const struct br_test *t)
{
	return t->display_format && *t->display_format ? t->display_format
	       : "this kind of result";
}

/* Lay out the chart of test t over the selected systems. */
static int make_chart(const struct br_cli *cli, const struct br_selection *sel,
		      const struct br_test *t, struct br_scene **out,
		      struct br_error *err)
{
	size_t n = sel->n_systems, i, k;
	struct br_summary *sum = calloc(n + 1, sizeof *sum);
	struct br_summary **psum = calloc(n + 1, sizeof *psum);
	struct br_chart_input in;
	int rc;

	*out = NULL;
	if (!sum || !psum) {
		free(sum);
		free(psum);
		return br_error_set(err, BR_EIO, NULL, 0, "out of memory");
	}
	if (t->display == BR_DISPLAY_BAR && ro.kind != BR_CHART_BAR &&
	    br_is_multiway(sel)) {
		free(sum);
		free(psum);
		return br_multiway_chart(cli, sel, t, &ro.chart, out, err);
	}
	for (i = 0; i < n; i++) {
		size_t e = br_test_find_entry(t, sel->systems[i]);
		const struct br_entry *en;

		if (e == (size_t)-1)
			continue;
		en = &t->entries[e];
		if (en->error)
			continue;
		if (en->n_points) {
			psum[i] = calloc(en->n_points, sizeof *psum[i]);
			if (!psum[i]) {
				rc = br_error_set(err, BR_EIO, NULL, 0,
						  "out of memory");
				goto done;
			}
			for (k = 0; k < en->n_points; k++)
				if (br_summarize(&en->points[k],
						 cli->confidence,
						 &psum[i][k]) != BR_OK)
					psum[i][k].n = 0;
		} else if (br_summarize(&en->sample, cli->confidence,
					&sum[i]) != BR_OK) {
			sum[i].n = 0;
		}
	}
	in.rs = sel->rs;
	in.t = t;
	in.systems = sel->systems;
	in.sum = sum;
	in.n = n;
	if (t->display == BR_DISPLAY_LINE)
		rc = br_chart_line(&in, (const struct br_summary *const *)psum,
				   &ro.chart, out, err);
	else
		rc = br_chart_bar(&in, &ro.chart, out, err);
done:
	for (i = 0; i < n; i++)
		free(psum[i]);
	free(psum);
	free(sum);
	return rc;
}

int br_render_chart(const struct br_cli *cli, const struct br_selection *sel,
		    const struct br_test *t, struct br_scene **out,
		    struct br_error *err)
{
	return make_chart(cli, sel, t, out, err);
}

static long long source_date_epoch(void)
{
	const char *s = getenv("SOURCE_DATE_EPOCH");
	char *end;
	long long v;

	if (!s || !*s)
		return -1;
	errno = 0;
	v = strtoll(s, &end, 10);
	if (errno || *end || v < 0)
		return -1;
	return v;
}

static void paint_opts(struct br_paint_opts *po)
{
	br_paint_opts_defaults(po);
	po->creator = PROG " " BR_VERSION;
	po->epoch = source_date_epoch();
}

/* Write scenes to path atomically. */
static int write_scenes(const char *path, enum br_image_format f,
			struct br_scene *const *scenes, size_t n,
			const char *title, struct br_error *err)
{
	struct br_paint_opts po;
	struct br_out out;
	int rc;

	paint_opts(&po);
	po.title = title;
	if (f == BR_IMAGE_SVG && ro.svg_paths)
		f = BR_IMAGE_SVG_PATHS;
	rc = br_out_open(&out, path, err);
	if (rc != BR_OK)
		return rc;
	rc = br_render_scenes(out.fp, f, scenes, n, &po, err);
	if (rc == BR_OK)
		return br_out_commit(&out, err);
	br_out_abort(&out);
	return rc;
}

/* "Dbench", "Client Count: 1" -> "dbench-client-count-1" (ASCII only). */
static size_t slug_pass(char *buf, size_t size, const struct br_test *t,
			bool skip_parens)
{
	const char *parts[2] = {t->title, t->description};
	size_t len = 0, i;
	bool dash = false;
	int depth = 0;

	for (i = 0; i < 2; i++) {
		const char *p = parts[i] ? parts[i] : "";

		for (; *p && len + 2 < size; p++) {
			unsigned char c = (unsigned char)*p;

			if (skip_parens && (c == '(' || c == ')')) {
				depth += c == '(' ? 1 : depth > 0 ? -1 : 0;
				dash = true;
			} else if (skip_parens && depth > 0) {
				continue;
			} else if ((c >= 'a' && c <= 'z') ||
				   (c >= '0' && c <= '9') ||
				   (c >= 'A' && c <= 'Z')) {
				if (dash && len)
					buf[len++] = '-';
				dash = false;
				buf[len++] = (char)(c | (c >= 'A' && c <= 'Z'
							 ? 0x20 : 0));
			} else {
				dash = true;
			}
		}
		dash = true;
	}
	buf[len] = '\0';
	return len;
}

static void slug(char *buf, size_t size, const struct br_test *t)
{
	size_t len = slug_pass(buf, size, t, false);

	/* too long: leave out "(...)" asides first, so a cut does not
	 * turn "(illustrative numbers, not measured)" into "...-not" */
	if (len > 60 && slug_pass(buf, size, t, true) == 0)
		len = slug_pass(buf, size, t, false);
	len = strlen(buf);
	/* at most 60 characters, cut at a word */
	if (len > 60) {
		char *cut = buf + 60;

		while (cut > buf && *cut != '-')
			cut--;
		*(cut > buf ? cut : buf + 60) = '\0';
	}
	if (!*buf)
		snprintf(buf, size, "test");
}

/*
 * The charts that are not one test's: the result overview (one scene;
 * *scenes NULL when there is none to draw and it was not asked for) and
 * the grouped chart of every scalar test (ro.grouped_all).  Errors are
 * printed; BR_EDATA only when --chart overview cannot be drawn.
 */
static int overview(struct br_cli *cli, const struct br_selection *sel,
		    size_t per_scene, struct br_scene ***scenes, size_t *n)
{
	struct br_error err;
	int rc;

	br_error_clear(&err);
	*scenes = NULL;
	*n = 0;
	/* PTS leaves multi-way comparisons out of its overview */
	if (ro.kind != BR_CHART_OVERVIEW && br_is_multiway(sel))
		return BR_OK;
	rc = br_overview_charts(cli, sel, ro.base, &ro.chart, per_scene,
				scenes, n, &err);
	if (rc == BR_EDATA && ro.kind != BR_CHART_OVERVIEW) {
		if (cli->verbose)
			fprintf(stderr, PROG ": render: no overview: %s\n",
				err.msg);
		return BR_OK;
	}
	if (rc != BR_OK)
		br_cli_report(&err);
	return rc;
}

static void free_scenes(struct br_scene **sc, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		br_scene_free(sc[i]);
	free(sc);
}

/* DIR/00-overview.EXT and the grouped chart as DIR/01-TITLE.EXT. */
static int dir_extra(struct br_cli *cli, const struct br_selection *sel,
		     const char *dir, enum br_image_format f, size_t width,
		     size_t *written)
{
	const char *sep = dir[strlen(dir) - 1] == '/' ? "" : "/";
	struct br_scene **ov = NULL, *sc = NULL;
	struct br_error err;
	char path[4096];
	size_t n = 0;
	int rc;

	rc = overview(cli, sel, 0, &ov, &n);
	if (rc != BR_OK)
		return rc;
	br_error_clear(&err);
	if (n) {
		snprintf(path, sizeof path, "%s%s%0*u-overview.%s", dir, sep,
			 (int)width, 0u, br_image_format_suffix(f));
		rc = write_scenes(path, f, ov, 1, ov[0]->title, &err);
		free_scenes(ov, n);
		if (rc != BR_OK) {
			br_cli_report(&err);
			return rc;
		}
		(*written)++;
		if (cli->verbose)
			fprintf(stderr, PROG ": wrote %s\n", path);
	}
	if (!ro.grouped_all || ro.kind == BR_CHART_OVERVIEW)
		return BR_OK;
	rc = br_grouped_tests_chart(cli, sel, &ro.chart, &sc, &err);
	if (rc == BR_OK) {
		struct br_test named;
		char name[128];

		memset(&named, 0, sizeof named);
		named.title = sc->title;
		slug(name, sizeof name, &named);
		snprintf(path, sizeof path, "%s%s%0*u-%s.%s", dir, sep,
			 (int)width, 1u, name, br_image_format_suffix(f));
		rc = write_scenes(path, f, &sc, 1, sc->title, &err);
		br_scene_free(sc);
	}
	if (rc != BR_OK) {
		br_cli_report(&err);
		return rc;
	}
	(*written)++;
	if (cli->verbose)
		fprintf(stderr, PROG ": wrote %s\n", path);
	return BR_OK;
}

static int render_dir(struct br_cli *cli, const struct br_selection *sel,
		      const char *dir, enum br_image_format f)
{
	size_t i, written = 0, width = sel->n_tests >= 100 ? 3 : 2;
	struct br_error err;
	struct stat st;
	int rc = BR_OK;

	br_error_clear(&err);
	if (stat(dir, &st) != 0) {
		if (mkdir(dir, 0777) != 0) {
			br_error_set(&err, BR_EIO, dir, 0, "cannot create "
				     "directory: %s", strerror(errno));
			br_cli_report(&err);
			return BR_EIO;
		}
	} else if (!S_ISDIR(st.st_mode)) {
		return br_cli_usage(cli, "-o %s: not a directory", dir);
	}
	rc = dir_extra(cli, sel, dir, f, width, &written);
	if (rc != BR_OK)
		return rc;
	for (i = 0; i < sel->n_tests && ro.kind != BR_CHART_OVERVIEW; i++) {
		const struct br_test *t = sel->rs->tests[sel->tests[i]];
		struct br_scene *sc;
		char name[128], path[4096];

		if (!drawable(t)) {
			if (!cli->quiet)
				fprintf(stderr, PROG ": render: skipping "
					"%s%s%s: %s is not drawn\n",
					nz(t->title), *nz(t->description) ?
					" - " : "", nz(t->description),
					display_name(t));
			continue;
		}
		if (!own_chart(t))
			continue;
		slug(name, sizeof name, t);
		snprintf(path, sizeof path, "%s%s%0*zu-%s.%s", dir,
			 dir[strlen(dir) - 1] == '/' ? "" : "/", (int)width,
			 i + 1, name, br_image_format_suffix(f));
		br_error_clear(&err);
		rc = make_chart(cli, sel, t, &sc, &err);
		if (rc == BR_EDATA) {
			if (!cli->quiet)
				fprintf(stderr, PROG ": render: skipping %s\n",
					err.msg);
			rc = BR_OK;
			continue;
		}
		if (rc == BR_OK) {
			rc = write_scenes(path, f, &sc, 1, sc->title, &err);
			br_scene_free(sc);
		}
		if (rc != BR_OK) {
			br_cli_report(&err);
			return rc;
		}
		written++;
		if (cli->verbose)
			fprintf(stderr, PROG ": wrote %s\n", path);
	}
	if (written == 0) {
		br_error_set(&err, BR_EDATA, NULL, 0, "render: no selected "
			     "test can be drawn");
		br_cli_report(&err);
		return BR_EDATA;
	}
	return BR_OK;
}

static int render_one(struct br_cli *cli, const struct br_selection *sel,
		      enum br_image_format f)
{
	const struct br_test *t = NULL;
	struct br_scene *sc = NULL;
	struct br_error err;
	size_t i, n_drawable = 0;
	int rc;

	br_error_clear(&err);
	if (ro.kind == BR_CHART_OVERVIEW || ro.grouped_all) {
		struct br_scene **ov = NULL;
		size_t n = 0;

		if (ro.kind == BR_CHART_OVERVIEW) {
			rc = overview(cli, sel, 0, &ov, &n);
			if (rc != BR_OK)
				return rc;
			sc = ov[0];
			free(ov);
		} else {
			rc = br_grouped_tests_chart(cli, sel, &ro.chart, &sc,
						    &err);
		}
		if (rc == BR_OK) {
			rc = write_scenes(cli->output, f, &sc, 1, cli->title ?
					  cli->title : sc->title, &err);
			br_scene_free(sc);
		}
		if (rc != BR_OK)
			br_cli_report(&err);
		return rc;
	}
	for (i = 0; i < sel->n_tests; i++)
		if (drawable(sel->rs->tests[sel->tests[i]]) &&
		    own_chart(sel->rs->tests[sel->tests[i]])) {
			if (!t)
				t = sel->rs->tests[sel->tests[i]];
			n_drawable++;
		}
	br_error_clear(&err);
	if (!t) {
		br_error_set(&err, BR_EDATA, NULL, 0, "render: no selected "
			     "test can be drawn");
		br_cli_report(&err);
		return BR_EDATA;
	}
	if (n_drawable > 1 && !cli->quiet)
		fprintf(stderr, PROG ": render: %zu tests selected; drawing "
			"the first, \"%s%s%s\" (use --tests to pick one, or "
			"-o DIR/ for all)\n", n_drawable, nz(t->title),
			*nz(t->description) ? " - " : "", nz(t->description));
	rc = make_chart(cli, sel, t, &sc, &err);
	if (rc == BR_OK) {
		rc = write_scenes(cli->output, f, &sc, 1, cli->title ?
				  cli->title : sc->title, &err);
		br_scene_free(sc);
	}
	if (rc != BR_OK)
		br_cli_report(&err);
	return rc;
}

/* Overview rows a report page holds (A4, chart scaled to the text). */
#define REPORT_OVERVIEW_ROWS 40

/* The A4 report: title page, systems table, the result overview, every
 * drawable test. */
static int render_report(struct br_cli *cli, const struct br_selection *sel)
{
	struct br_scene **charts = calloc(sel->n_tests + 2, sizeof *charts);
	struct br_scene **pages = NULL, **front = NULL;
	size_t n_charts = 0, n_pages = 0, n_front = 0, i;
	const char *title = cli->title ? cli->title : sel->rs->title;
	struct br_report_input ri;
	struct br_error err;
	int rc = BR_OK;

	br_error_clear(&err);
	if (!charts) {
		br_error_set(&err, BR_EIO, NULL, 0, "out of memory");
		br_cli_report(&err);
		return BR_EIO;
	}
	/* the overview pages after the title page, the grouped chart
	 * first among the charts */
	rc = overview(cli, sel, REPORT_OVERVIEW_ROWS, &front, &n_front);
	if (rc != BR_OK) {
		free(charts);
		return rc;
	}
	if (ro.grouped_all) {
		rc = br_grouped_tests_chart(cli, sel, &ro.chart, &charts[0],
					    &err);
		if (rc == BR_OK)
			n_charts++;
	}
	for (i = 0; i < sel->n_tests && rc == BR_OK; i++) {
		const struct br_test *t = sel->rs->tests[sel->tests[i]];

		if (!drawable(t)) {
			if (!cli->quiet)
				fprintf(stderr, PROG ": render: skipping "
					"%s%s%s: %s is not drawn\n",
					nz(t->title), *nz(t->description) ?
					" - " : "", nz(t->description),
					display_name(t));
			continue;
		}
		if (!own_chart(t))
			continue;
		rc = make_chart(cli, sel, t, &charts[n_charts], &err);
		if (rc == BR_EDATA) {
			if (!cli->quiet)
				fprintf(stderr, PROG ": render: skipping %s\n",
					err.msg);
			br_error_clear(&err);
			rc = BR_OK;
			continue;
		}
		if (rc == BR_OK)
			n_charts++;
	}
	if (rc == BR_OK) {
		ri.rs = sel->rs;
		ri.systems = sel->systems;
		ri.n_systems = sel->n_systems;
		ri.title = title && *title ? title : "Benchmark results";
		ri.description = sel->rs->description;
		ri.charts = charts;
		ri.n_charts = n_charts;
		ri.front = front;
		ri.n_front = n_front;
		rc = br_report_pages(&ri, &ro.chart, &pages, &n_pages, &err);
	}
	if (rc == BR_OK)
		rc = write_scenes(cli->output, BR_IMAGE_PDF, pages, n_pages,
				  ri.title, &err);
	for (i = 0; i < n_pages; i++)
		br_scene_free(pages[i]);
	free(pages);
	for (i = 0; i < n_charts; i++)
		br_scene_free(charts[i]);
	free(charts);
	free_scenes(front, n_front);
	if (rc != BR_OK)
		br_cli_report(&err);
	return rc;
}

/*
 * Decide what --chart means for this selection: the baseline, and whether
 * the scalar tests share one grouped chart (auto: a table whose tests
 * share unit and direction; grouped: always, unless the systems are a
 * multi-way comparison, which groups each test's bars instead).
 */
static int plan(struct br_cli *cli, const struct br_selection *sel)
{
	char why[512];
	size_t i;

	ro.base = 0;
	if (cli->baseline) {
		for (i = 0; i < sel->n_systems; i++)
			if (!strcmp(sel->rs->systems[sel->systems[i]]
				    ->identifier, cli->baseline))
				break;
		if (i == sel->n_systems)
			return br_cli_usage(cli, "--baseline: no selected "
					    "system named '%s'",
					    cli->baseline);
		ro.base = i;
	}
	ro.grouped_all = false;
	if (ro.kind == BR_CHART_GROUPED && !br_is_multiway(sel)) {
		if (!br_grouped_fits(sel, why, sizeof why))
			return br_cli_usage(cli, "--chart grouped: %s (pick "
					    "tests with --tests)", why);
		ro.grouped_all = true;
	} else if (ro.kind == BR_CHART_AUTO && br_input_is_table(sel->rs) &&
		   !br_is_multiway(sel)) {
		ro.grouped_all = br_grouped_fits(sel, NULL, 0);
	}
	return BR_OK;
}

#define RENDER_MAX_SYSTEMS 10000 /* bars or lines in one chart */
#define RENDER_MAX_CHARTS 10000  /* charts (tests) in one run */

static const char *extension(const char *path)
{
	const char *slash = strrchr(path, '/'), *dot = strrchr(path, '.');

	if (!dot || (slash && dot < slash) || dot == path ||
	    (slash && dot == slash + 1))
		return NULL;
	return dot + 1;
}

int br_cmd_render(struct br_cli *cli)
{
	struct br_selection sel;
	enum br_image_format f = BR_IMAGE_SVG;
	const char *out = cli->output, *ext;
	struct stat st;
	bool is_dir, report = false;
	enum br_report_fmt rf;
	size_t i;
	int rc;

	ro_init();
	ro.chart.confidence = cli->confidence;
	if (!out)
		return br_cli_usage(cli, "render needs -o OUT: a .svg, .png "
				    "or .pdf file, a directory, or a .html, "
				    ".txt or .md report");
	if (!strcmp(out, "-") && !cli->format)
		return br_cli_usage(cli, "-o - (stdout) needs --format svg, "
				    "png or pdf");
	ext = extension(out);
	is_dir = strcmp(out, "-") && (out[strlen(out) - 1] == '/' ||
		 (stat(out, &st) == 0 && S_ISDIR(st.st_mode)));
	if (br_report_wanted(cli, is_dir ? NULL : ext, &rf))
		return br_render_report(cli, rf);
	if (cli->format) {
		if (!br_image_format_parse(cli->format, &f))
			return br_cli_usage(cli, "--format: render writes svg, "
					    "png or pdf, not '%s'", cli->format);
	} else if (!is_dir) {
		if (!ext || !br_image_format_parse(ext, &f))
			return br_cli_usage(cli, "cannot tell the format from "
					    "'%s': use .svg, .png, .pdf, a "
					    "directory ending in /, or "
					    "--format", out);
	}
	/* A .pdf without --tests is the report; with it, one chart. */
	report = !is_dir && f == BR_IMAGE_PDF && !cli->tests &&
		 ro.kind != BR_CHART_OVERVIEW;

	rc = br_cli_load(cli, &sel);
	if (rc != BR_OK)
		return rc;
	br_cli_print_warnings(cli, sel.rs);
	/* Limits (tests/limits/run.sh): past these a chart is unreadable
	 * and the run takes minutes and gigabytes; say so and write nothing. */
	if (sel.n_systems > RENDER_MAX_SYSTEMS ||
	    sel.n_tests > RENDER_MAX_CHARTS) {
		bool sys = sel.n_systems > RENDER_MAX_SYSTEMS;

		rc = br_cli_usage(cli, "render: %zu %s are more than it draws "
				  "(at most %d); choose some with %s",
				  sys ? sel.n_systems : sel.n_tests,
				  sys ? "systems" : "tests",
				  sys ? RENDER_MAX_SYSTEMS : RENDER_MAX_CHARTS,
				  sys ? "--systems" : "--tests");
		br_cli_selection_free(&sel);
		return rc;
	}
	if (ro.chart.highlight) {
		bool found = false;

		for (i = 0; i < sel.n_systems && !found; i++)
			found = !strcmp(sel.rs->systems[sel.systems[i]]
					->identifier, ro.chart.highlight);
		if (!found) {
			rc = br_cli_usage(cli, "--highlight: no selected system "
					  "named '%s'", ro.chart.highlight);
			br_cli_selection_free(&sel);
			return rc;
		}
	}
	rc = plan(cli, &sel);
	if (rc != BR_OK) {
		br_cli_selection_free(&sel);
		return rc;
	}
	if (is_dir)
		rc = render_dir(cli, &sel, out, f);
	else if (report)
		rc = render_report(cli, &sel);
	else
		rc = render_one(cli, &sel, f);
	br_cli_selection_free(&sel);
	br_text_shutdown();
	return rc;
}
