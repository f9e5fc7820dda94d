/*
 * cli.h - the command line: parse -> load -> analyse -> emit.  One table
 * of commands, one table of options (the single source of --help and the
 * man page); the options are parsed into the structs below, which cli
 * owns and passes down (doc/design.md, "Command line").  Only cli/
 * prints or exits; it computes nothing.
 */
#ifndef BR_CLI_H
#define BR_CLI_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "analysis/analysis.h"
#include "analysis/history.h"
#include "ingest/ingest.h"
#include "model/model.h"
#include "render/chart/chart.h"
#include "render/output/formats.h"
#include "render/output/output.h"
#include "render/table/results.h"
#include "render/table/table.h"

#define PROG "benchreport"
#define BR_VERSION "0.1.0"

enum {
	CMD_INSPECT = 1 << 0,
	CMD_STATS = 1 << 1,
	CMD_COMPARE = 1 << 2,
	CMD_RENDER = 1 << 3,
	CMD_CONVERT = 1 << 4,
	CMD_HISTORY = 1 << 5,
	CMD_ALL = 0x3f,
};

/* Paths for --depfile (depfile.c): every output written, every input. */
struct br_paths {
	char **v;
	size_t n, cap;
	bool oom;
};

struct br_deps {
	struct br_paths targets;  /* files written, in order */
	struct br_paths prereqs;  /* files and directories read */
	struct br_out out;        /* the depfile, opened before the run */
	bool on;
};

struct br_cli {
	unsigned cmd;            /* CMD_* of the running command */
	const char *cmd_name;
	int verbose;             /* -v count */
	bool quiet;              /* -q */
	const char *tests;       /* the first --tests PATTERN; NULL: none */
	const char **patterns;   /* every --tests PATTERN (any may match) */
	size_t n_patterns;
	const char *systems;     /* --systems A,B,... */
	const char *list;        /* inspect --list tests|systems; NULL */
	const char *title;       /* --title TEXT */
	const char *format;      /* --format */
	const char *output;      /* -o / --output */
	const char *depfile;     /* --depfile FILE */
	double fail_on_regression; /* --fail-on-regression PCT; < 0: off */
	struct br_ingest_opts ingest;   /* --input-format, --system,
					 * --test, -C, -d */
	/* --name FILE=LABEL, --rename OLD=NEW (arrays of argc) */
	struct {
		const char **names;
		size_t n_names;
		const char **renames;
		size_t n_renames;
	} naming;
	struct br_analysis_opts an;     /* --confidence, --baseline,
					 * --equivalence */
	struct br_compare_opts cmp;     /* --details, --ministat */
	struct br_chart_opts chart;     /* --whiskers, --sort, --highlight,
					 * --width, --title */
	const char *chart_kind;  /* --chart KIND; NULL: auto */
	bool svg_paths;          /* --svg-text paths */
	const char *template_path; /* --template FILE */
	const char *chart_dir;   /* --chart-dir DIR (Markdown report) */
	bool plot, utf8;         /* --plot, --utf8 (text report) */
	bool summary;            /* render --summary */
	bool brief;              /* compare --brief */
	struct br_deps deps;     /* --depfile's record */
	/* This run's outputs and the files it read (depfile.c,
	 * br_cli_dep_begin): a walk leaves the outputs out, and render -o
	 * DIR/ never removes an input. */
	struct br_cli_files {
		struct br_ingest_skip skip[2];   /* -o, --depfile */
		char *names[2];                  /* their names, if not made */
		struct br_out_id *read;          /* every file read */
		size_t n_read, cap_read;
	} files;
	/* history's options (cmd_history.c): the history's options from
	 * br_hist_opts_defaults(), then the command line's */
	struct br_cli_history {
		struct br_hist_opts o;
		const char *list_path;    /* --list FILE */
		const char *annotations;  /* --annotations FILE */
		bool gate;                /* --fail-on-regression */
		bool report;              /* --report: a PDF report */
		bool all;                 /* --all: every series */
	} hist;
	const char **inputs;
	/* --system, --direction and --test in force for each input (each
	 * applies to the inputs after it) */
	struct br_cli_per_input {
		const char *system;
		enum br_dir direction;
		const char *test;
	} *per_input;
	size_t n_inputs;
	/* Added with the gate's line (issue 25): */
	bool gate_strict;        /* --gate-strict: exit 4 also when the gate
				  * could not judge a test */
	/* Added with selection (issue 26): */
	const char **excludes;   /* every --exclude PATTERN (tests) */
	size_t n_excludes;
	const char **exclude_systems; /* every --exclude-systems PATTERN */
	size_t n_exclude_systems;
	/* derived results (cli/derived.c): --per, each --cost, --cost-file */
	struct br_cli_derive {
		int per;                /* enum br_per; 0: none */
		const char **costs;     /* malloc'd; main() frees it */
		size_t n_costs;
		const char *cost_file;
	} derive;
};

/* The loaded inputs and what the user selected from them. */
struct br_cli_input {
	struct br_resultset *rs;
	struct br_selection sel;
};

/* Print "benchreport: WHERE: MSG" (or without WHERE) to stderr. */
void br_cli_report(const struct br_error *err);
/* Usage error: message, then the try-help line; returns BR_EUSAGE. */
int br_cli_usage(const struct br_cli *cli, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
/* An error from below: usage errors get the try-help line.  Returns its
 * code. */
int br_cli_fail(const struct br_cli *cli, const struct br_error *err);

/*
 * Read every input into a new resultset, print its warnings (unless -q)
 * and apply --tests/--systems.  On error prints it and returns its code;
 * in is then empty.  Free with br_cli_input_free().
 */
int br_cli_load(const struct br_cli *cli, struct br_cli_input *in);
void br_cli_input_free(struct br_cli_input *in);

/* Analyse the selection with the command line's options and what (BR_AN_*
 * flags).  On error prints it and returns its code. */
int br_cli_analyse(const struct br_cli *cli, const struct br_cli_input *in,
		   unsigned what, struct br_analysis **a);

/*
 * Time results of the selection in the unit their size calls for, for
 * the outputs people read (analysis/units.h): text and Markdown
 * reports, HTML, charts, `stats` and `compare` as text; one_axis: one
 * unit for every test of a unit (--chart grouped).  Call after
 * br_cli_analyse, with its analysis a, which moves too.  On error prints
 * it and returns its code.
 */
int br_cli_display_units(const struct br_cli *cli, struct br_cli_input *in,
			 struct br_analysis *a, bool one_axis);

/* --format resolved against the output file's extension; text default. */
int br_cli_table_format(const struct br_cli *cli, enum br_fmt *fmt);

/*
 * Write a command's output: open path (NULL: -o, else stdout) atomically,
 * call write(fp, ctx, err), commit on BR_OK or discard, record it for
 * --depfile and print any error.  Returns write's code or the I/O error.
 */
int br_cli_emit_to(struct br_cli *cli, const char *path,
		   int (*write)(FILE *fp, void *ctx, struct br_error *err),
		   void *ctx);
int br_cli_emit(struct br_cli *cli,
		int (*write)(FILE *fp, void *ctx, struct br_error *err),
		void *ctx);
/*
 * A failed gate's output file that is not written (a chart, a report):
 * the earlier file at path, when there is one, is removed so no passing
 * output of an earlier run is left, and "PATH: not written[, the earlier
 * file removed]: WHY" is printed.  Returns BR_EREGRESS.
 */
int br_cli_gate_unwrite(const char *path, const char *why);

/* "YYYY-MM-DD HH:MM:SS" (UTC) of SOURCE_DATE_EPOCH, or of now. */
void br_cli_now(char *buf, size_t size);
/* SOURCE_DATE_EPOCH, or -1 when unset or not a number. */
long long br_cli_epoch(void);

/*
 * --depfile (depfile.c).  br_cli_dep_begin() checks the options and
 * starts recording inputs (call before running a command);
 * br_cli_dep_write() writes the rule after a successful run and returns
 * BR_OK or the error it printed; br_cli_dep_abort() discards it.
 * br_cli_dep_add() records a file read that ingest does not report (a
 * --template file), br_cli_dep_target() a file written.
 */
int br_cli_dep_begin(struct br_cli *cli);
int br_cli_dep_write(struct br_cli *cli);
void br_cli_dep_abort(struct br_cli *cli);
/* After the inputs are read, before any output: whether make can read
 * the names of the inputs and of -o (else the error, printed), so a
 * rule that cannot be written leaves no -o file behind either. */
int br_cli_dep_check(const struct br_cli *cli);
void br_cli_dep_add(struct br_cli *cli, const char *path);
/* "benchreport: warning: LINE" on stderr, LINE shown as br_visible()
 * shows it (a callback: ctx unused), e.g. for a file -o DIR/ keeps. */
void br_cli_warn_line(void *ctx, const char *line);
/* Free cli->files. */
void br_cli_outputs_free(struct br_cli *cli);
void br_cli_dep_target(struct br_cli *cli, const char *path);

int br_cmd_inspect(struct br_cli *cli);
int br_cmd_stats(struct br_cli *cli);
int br_cmd_compare(struct br_cli *cli);
int br_cmd_render(struct br_cli *cli);
int br_cmd_convert(struct br_cli *cli);
int br_cmd_history(struct br_cli *cli);

/* One of history's own options (main.c's table names them): parsed into
 * cli->hist.  BR_OK, or BR_EUSAGE after saying why. */
int br_cli_history_option(struct br_cli *cli, const char *name,
			  const char *arg);

/* --per, --cost, --cost-file (cli/derived.c): into cli->derive.  BR_OK,
 * or BR_EUSAGE after saying why. */
int br_cli_derived_option(struct br_cli *cli, const char *name,
			  const char *arg);
/* After the selection: derive the selected tests' results
 * (analysis/derive.h) as the options ask, print its warnings.  On error
 * prints it and returns its code. */
int br_cli_derive(const struct br_cli *cli, struct br_cli_input *in);

#endif
