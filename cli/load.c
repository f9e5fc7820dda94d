/*
 * load.c - what every command shares: reading every INPUT into one
 * result set, the selection (--tests, --systems), the analysis, and
 * writing the output atomically.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <fcntl.h>
#include <unistd.h>

#include "cli.h"
#include "analysis/units.h"
#include "render/text/escape.h"

/*
 * The warnings of rs; with a selection only those about what it uses
 * (shown: br_selection_warnings()), and one line for the rest unless -v
 * shows them too.
 */
static void print_warnings(const struct br_cli *cli,
			   const struct br_resultset *rs,
			   const struct br_selection *sel)
{
	bool *shown = NULL;
	size_t i, hidden = 0;

	if (cli->quiet)
		return;
	if (sel && cli->verbose == 0)
		shown = br_selection_warnings(sel); /* NULL: show them all */
	/* File names and messages quote the input: shown as br_visible()
	 * shows them, so no ESC or bidi override reaches the terminal.  One
	 * write per line (stderr is unbuffered; make -j shares it). */
	for (i = 0; i < rs->n_warnings; i++) {
		const struct br_warning *w = &rs->warnings[i];
		char *file = br_visible_dup(w->loc.file, 0);
		char *msg = br_visible_dup(w->msg, 0);
		const char *f = file ? file : "?", *m = msg ? msg : "?";

		if (shown && !shown[i])
			hidden++;
		else if (w->loc.file && w->loc.line)
			fprintf(stderr, PROG ": warning: %s:%lu: %s\n", f,
				w->loc.line, m);
		else if (w->loc.file)
			fprintf(stderr, PROG ": warning: %s: %s\n", f, m);
		else
			fprintf(stderr, PROG ": warning: %s\n", m);
		free(file);
		free(msg);
	}
	if (hidden)
		fprintf(stderr, PROG ": %zu warning%s about tests not selected "
			"by --tests %s hidden (-v shows them)\n", hidden,
			hidden == 1 ? "" : "s", hidden == 1 ? "is" : "are");
	free(shown);
}

void br_cli_warn_line(void *ctx, const char *line)
{
	char *vis = br_visible_dup(line, 0);

	(void)ctx;
	fprintf(stderr, PROG ": warning: %s\n", vis ? vis : line);
	free(vis);
}

int br_cli_fail(const struct br_cli *cli, const struct br_error *err)
{
	if (err->code == BR_EUSAGE) {
		/* a "did you mean" quotes the input's names */
		char *msg = br_visible_dup(err->msg, 0);

		br_cli_usage(cli, "%s", msg ? msg : err->msg);
		free(msg);
		return BR_EUSAGE;
	}
	br_cli_report(err);
	return err->code;
}

void br_cli_input_free(struct br_cli_input *in)
{
	br_selection_fini(&in->sel);
	br_resultset_free(in->rs);
	memset(in, 0, sizeof *in);
}

/* Whether any test of rs has an entry (a result, failed or not). */
static bool any_entry(const struct br_resultset *rs)
{
	size_t i;

	for (i = 0; i < rs->n_tests; i++)
		if (rs->tests[i]->n_entries)
			return true;
	return false;
}

/*
 * Nothing to work on: one line that says where benchreport looked and
 * what it passed over ("no results in runs/ (3 files skipped: not a
 * format benchreport reads)"), instead of an empty table or a blank PDF.
 */
static int no_results(const struct br_cli *cli, const struct br_resultset *rs)
{
	const char *why = NULL, *prefix = "skipped: ";
	size_t i, skipped = 0, same = 0;
	char *where = br_visible_dup(cli->n_inputs == 1 ? cli->inputs[0] :
				     "the inputs", 0);
	char *reason;

	for (i = 0; i < rs->n_warnings; i++) {
		const char *m = rs->warnings[i].msg;

		if (strncmp(m, prefix, strlen(prefix)))
			continue;
		m += strlen(prefix);
		skipped++;
		if (!why)
			why = m;
		same += !strcmp(m, why);
	}
	reason = br_visible_dup(why ? why : "", 0);
	if (skipped)
		fprintf(stderr, PROG ": no results in %s (%zu file%s "
			"skipped%s%s)\n", where ? where : "?", skipped,
			skipped == 1 ? "" : "s", same == skipped ? ": " :
			", the first: ", reason ? reason : "?");
	else if (rs->n_sources)
		fprintf(stderr, PROG ": no results in %s (%zu file%s read, "
			"none with a result)\n", where ? where : "?",
			rs->n_sources, rs->n_sources == 1 ? "" : "s");
	else
		fprintf(stderr, PROG ": no results in %s (no files in %s)\n",
			where ? where : "?", cli->n_inputs == 1 ? "it" : "them");
	free(where);
	free(reason);
	return BR_EDATA;
}

/*
 * --test names the test of a hyperfine JSON or a file of numbers only:
 * one warning for input path when files it read since source `from` are
 * of other formats (each names its own tests), so it is not ignored
 * unsaid.
 */
static void test_unused(struct br_resultset *rs, size_t from,
			const char *path, const char *test)
{
	const struct br_source *first = NULL;
	struct br_loc loc = {path, 0};
	size_t k, n = 0;

	for (k = from; k < rs->n_sources; k++)
		if (strcmp(rs->sources[k].format, "hyperfine") &&
		    strcmp(rs->sources[k].format, "numbers")) {
			first = first ? first : &rs->sources[k];
			n++;
		}
	if (n == 1) {
		loc.file = first->path;
		br_rs_warn(rs, &loc, "--test %s: not used, a %s file names "
			   "its own tests", test, first->format);
	} else if (n > 1) {
		br_rs_warn(rs, &loc, "--test %s: not used for %zu files, whose "
			   "formats name their own tests (only hyperfine and "
			   "numbers take it)", test, n);
	}
}

/*
 * --system names the systems of raw logs and numbers files only: one
 * warning for input path when files it read since source `from` name
 * their systems themselves (a PTS result file, ...), with what does
 * name them (--name, --rename).
 */
static void system_unused(struct br_resultset *rs, size_t from,
			  const char *path, const char *system)
{
	const struct br_source *first = NULL;
	struct br_loc loc = {path, 0};
	size_t k, n = 0;

	for (k = from; k < rs->n_sources; k++)
		if (rs->sources[k].own_names) {
			first = first ? first : &rs->sources[k];
			n++;
		}
	if (n == 1) {
		loc.file = first->path;
		br_rs_warn(rs, &loc, "--system %s: not used, a %s file names "
			   "its own systems (--name %s=%s names them)", system,
			   first->format, first->path, system);
	} else if (n > 1) {
		br_rs_warn(rs, &loc, "--system %s: not used for %zu files that "
			   "name their own systems (--name FILE=LABEL or "
			   "--rename OLD=NEW names them)", system, n);
	}
}

/* A --tests or --systems that fits nothing: the message, and where to
 * see the names instead of the try-help line. */
static int select_failed(const struct br_cli *cli, const struct br_error *err)
{
	bool tests = !strncmp(err->msg, "--tests:", 8);
	char *msg;

	if (err->code != BR_EUSAGE || (!tests &&
				       strncmp(err->msg, "--systems:", 10)))
		return br_cli_fail(cli, err);
	msg = br_visible_dup(err->msg, 0);
	fprintf(stderr, PROG ": %s\n" PROG ": '" PROG " inspect --list %s "
		"INPUT...' lists the names\n", msg ? msg : err->msg, tests ?
		"tests" : "systems");
	free(msg);
	return BR_EUSAGE;
}

/* The systems' final names (br_ingest_names): a --name or --rename
 * that names nothing, or a name taken, is one line and exit 2. */
static int name_systems(const struct br_cli *cli, struct br_resultset *rs)
{
	struct br_naming nm;
	struct br_error err;
	char *msg;

	br_error_clear(&err);
	nm.names = cli->naming.names;
	nm.n_names = cli->naming.n_names;
	nm.renames = cli->naming.renames;
	nm.n_renames = cli->naming.n_renames;
	if (br_ingest_names(rs, &nm, &err) == BR_OK)
		return BR_OK;
	msg = br_visible_dup(err.msg, 0);  /* it quotes the input's names */
	fprintf(stderr, PROG ": %s\n", msg ? msg : err.msg);
	free(msg);
	return err.code;
}

/* --keep-going: how many files were skipped for an error, one line on
 * stderr (even with -q: the results leave those files out). */
static void say_kept_going(const struct br_cli *cli,
			   const struct br_resultset *rs)
{
	size_t n = rs->n_skipped;

	if (cli->ingest.keep_going && n)
		fprintf(stderr, PROG ": --keep-going: %zu file%s skipped for "
			"an error, %zu read\n", n, n == 1 ? "" : "s",
			rs->n_sources);
}

int br_cli_load(const struct br_cli *cli, struct br_cli_input *in)
{
	struct br_error err;
	size_t i;
	int rc;

	memset(in, 0, sizeof *in);
	br_error_clear(&err);
	in->rs = br_resultset_new();
	if (!in->rs) {
		fprintf(stderr, PROG ": out of memory\n");
		return BR_EIO;
	}
	for (i = 0; i < cli->n_inputs; i++) {
		struct br_ingest_opts o = cli->ingest;
		size_t before = in->rs->n_sources;

		o.system = cli->per_input[i].system;
		o.direction = cli->per_input[i].direction;
		o.test = cli->per_input[i].test;
		rc = br_ingest_path(in->rs, cli->inputs[i], &o, &err);
		if (rc != BR_OK) {
			br_cli_input_free(in);
			return br_cli_fail(cli, &err);
		}
		if (o.test)
			test_unused(in->rs, before, cli->inputs[i], o.test);
		if (o.system)
			system_unused(in->rs, before, cli->inputs[i], o.system);
	}
	rc = name_systems(cli, in->rs);
	if (rc == BR_OK)
		rc = br_cli_dep_check(cli);
	if (rc != BR_OK) {
		br_cli_input_free(in);
		return rc;
	}
	if (cli->cmd != CMD_INSPECT && !any_entry(in->rs)) {
		print_warnings(cli, in->rs, NULL);
		say_kept_going(cli, in->rs);
		rc = no_results(cli, in->rs);
		br_cli_input_free(in);
		return rc;
	}
	{
		struct br_select_spec sp = {
			cli->patterns, cli->n_patterns, cli->systems,
			cli->excludes, cli->n_excludes, cli->exclude_systems,
			cli->n_exclude_systems,
		};

		rc = br_select_spec(in->rs, &sp, &in->sel, &err);
	}
	if (rc != BR_OK) {
		br_cli_input_free(in);
		return select_failed(cli, &err);
	}
	if (cli->cmd != CMD_INSPECT)  /* inspect lists them in its output */
		print_warnings(cli, in->rs, &in->sel);
	say_kept_going(cli, in->rs);
	if (cli->cmd & (CMD_STATS | CMD_COMPARE | CMD_RENDER | CMD_CONVERT)) {
		rc = br_cli_derive(cli, in);   /* --per, --cost */
		if (rc != BR_OK) {
			br_cli_input_free(in);
			return rc;
		}
	}
	return BR_OK;
}

int br_cli_analyse(const struct br_cli *cli, const struct br_cli_input *in,
		   unsigned what, struct br_analysis **a)
{
	struct br_analysis_opts o = cli->an;
	struct br_error err;

	br_error_clear(&err);
	o.what = what;
	if (br_analyse(&in->sel, &o, a, &err) != BR_OK)
		return br_cli_fail(cli, &err);
	return BR_OK;
}

int br_cli_display_units(const struct br_cli *cli, struct br_cli_input *in,
			 struct br_analysis *a, bool one_axis)
{
	struct br_error err;

	br_error_clear(&err);
	if (br_display_units(in->rs, a, one_axis, &err) != BR_OK)
		return br_cli_fail(cli, &err);
	return BR_OK;
}

int br_cli_table_format(const struct br_cli *cli, enum br_fmt *fmt)
{
	const struct br_out_format *f;
	const char *ext;

	*fmt = BR_FMT_TEXT;
	if (cli->format) {
		f = br_out_format_find(cli->format, BR_OUT_TABLE);
		if (f)
			*fmt = f->table;
		else {
			char *list = br_out_format_list(BR_OUT_TABLE, "",
							" or ");

			br_cli_usage(cli, "--format: unknown format '%s' (%s)",
				     cli->format, list ? list : "?");
			free(list);
			return BR_EUSAGE;
		}
		return BR_OK;
	}
	if (cli->output && (ext = br_out_path_ext(cli->output)) != NULL) {
		f = br_out_format_find(ext, BR_OUT_TABLE);
		if (f)
			*fmt = f->table;
		else {
			char *list = br_out_format_list(BR_OUT_TABLE, "",
							" or ");

			br_cli_usage(cli, "cannot tell the format from '%s': "
				     "use --format %s", cli->output,
				     list ? list : "?");
			free(list);
			return BR_EUSAGE;
		}
	}
	return BR_OK;
}

/*
 * A failed gate's file output: the new one discarded and the earlier
 * file at its place (the one the rename would have replaced, found as
 * safely as a write finds it) removed, so no passing output of an
 * earlier run is left; "PATH: not written: WHY" or "PATH: not written,
 * the earlier file removed: WHY".  Releases o.
 */
static void gate_failed(struct br_out *o, const char *dest, const char *why)
{
	struct br_error e;
	bool removed = o->dirfd >= 0 && o->name &&
		       unlinkat(o->dirfd, o->name, 0) == 0;

	br_out_abort(o);
	br_error_clear(&e);
	br_error_set(&e, BR_EREGRESS, dest, 0, "not written%s: %s",
		     removed ? ", the earlier file removed" : "", why);
	br_cli_report(&e);
}

int br_cli_gate_unwrite(const char *path, const char *why)
{
	struct br_out o;
	struct br_error err;

	br_error_clear(&err);
	if (br_out_open(&o, path, &err) != BR_OK || !br_out_is_file(&o)) {
		br_out_abort(&o);
		br_error_clear(&err);
		br_error_set(&err, BR_EREGRESS, path, 0, "not written: %s",
			     why);
		br_cli_report(&err);
		return BR_EREGRESS;
	}
	gate_failed(&o, path, why);
	return BR_EREGRESS;
}

int br_cli_emit_to(struct br_cli *cli, const char *path,
		   int (*write)(FILE *fp, void *ctx, struct br_error *err),
		   void *ctx)
{
	struct br_out out;
	struct br_error err;
	char *dest;
	int rc;

	br_error_clear(&err);
	rc = br_out_open(&out, path ? path : cli->output ? cli->output : "-",
			 &err);
	if (rc == BR_OK) {
		/* the commit releases out.path: keep it for --depfile */
		dest = out.path ? strdup(out.path) : NULL;
		if (out.path && !dest)
			cli->deps.targets.oom = true;
		rc = write(out.fp, ctx, &err);
		if (rc == BR_EREGRESS && br_out_is_file(&out)) {
			/* a failed gate leaves no file for make to take as
			 * up to date, nor an earlier passing one for a CI
			 * job to publish; stdout and devices have it */
			gate_failed(&out, dest, err.msg);
			free(dest);
			return rc;
		}
		if (rc == BR_OK || rc == BR_EREGRESS) {
			int crc = br_out_commit(&out, &err);

			if (crc != BR_OK)
				rc = crc;
		} else {
			br_out_abort(&out);
		}
		if ((rc == BR_OK || rc == BR_EREGRESS) && dest)
			br_cli_dep_target(cli, dest);
		free(dest);
	}
	if (rc != BR_OK && rc != BR_EREGRESS)
		br_cli_report(&err);
	return rc;
}

int br_cli_emit(struct br_cli *cli,
		int (*write)(FILE *fp, void *ctx, struct br_error *err),
		void *ctx)
{
	return br_cli_emit_to(cli, NULL, write, ctx);
}

long long br_cli_epoch(void)
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

void br_cli_now(char *buf, size_t size)
{
	long long e = br_cli_epoch();
	time_t t = e >= 0 ? (time_t)e : time(NULL);
	struct tm tm;

	gmtime_r(&t, &tm);
	strftime(buf, size, "%Y-%m-%d %H:%M:%S", &tm);
}
