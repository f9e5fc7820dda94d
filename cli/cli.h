/*
 * cli.h - the command line: one table of commands, one table of options
 * (the single source of --help and the man page), shared input loading.
 * Only cli/ prints or exits.
 */
#ifndef BR_CLI_H
#define BR_CLI_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "ingest/ingest.h"
#include "model/model.h"
#include "render/table.h"

#define PROG "benchreport"
#define BR_VERSION "0.1.0"

enum {
	CMD_INSPECT = 1 << 0,
	CMD_STATS = 1 << 1,
	CMD_COMPARE = 1 << 2,
	CMD_RENDER = 1 << 3,
	CMD_CONVERT = 1 << 4,
	CMD_ALL = 0x1f,
};

struct br_cli {
	unsigned cmd;            /* CMD_* of the running command */
	const char *cmd_name;
	int verbose;             /* -v count */
	bool quiet;              /* -q */
	double confidence;       /* --confidence, default 0.95 */
	const char *baseline;    /* --baseline NAME */
	const char *tests;       /* --tests PATTERN */
	const char *systems;     /* --systems A,B,... */
	const char *title;       /* --title TEXT */
	const char *format;      /* --format */
	const char *output;      /* -o / --output */
	double equivalence;      /* --equivalence PCT (0: off) */
	bool ministat;           /* --ministat */
	double fail_on_regression; /* --fail-on-regression PCT; < 0: off */
	bool holm;               /* --holm */
	bool details;            /* --details */
	const char *depfile;     /* --depfile FILE: make rule, see depfile.c */
	struct br_ingest_opts ingest;
	const char **inputs;
	const char **input_systems; /* --system in force for each input */
	size_t n_inputs;
};

/* The loaded inputs and what the user selected from them. */
struct br_selection {
	struct br_resultset *rs;
	size_t *tests;           /* indexes into rs->tests, in input order */
	size_t n_tests;
	size_t *systems;         /* indexes into rs->systems, selected order */
	size_t n_systems;
	bool *system_on;         /* rs->n_systems flags */
};

/* Print "benchreport: WHERE: MSG" (or without WHERE) to stderr. */
void br_cli_report(const struct br_error *err);
/* Usage error: message, then the try-help line; returns BR_EUSAGE. */
int br_cli_usage(const struct br_cli *cli, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/*
 * Read every input into a new resultset and apply --tests/--systems.
 * On error prints it and returns its code; sel is then empty.
 */
int br_cli_load(const struct br_cli *cli, struct br_selection *sel);
void br_cli_selection_free(struct br_selection *sel);

/* --format resolved against the output file's extension; text default. */
int br_cli_table_format(const struct br_cli *cli, enum br_fmt *fmt);

/*
 * Write a command's output: open -o (or stdout) atomically, call
 * write(fp, ctx, err), commit on BR_OK or discard, and print any error.
 * Returns write's code or the I/O error.
 */
int br_cli_emit(const struct br_cli *cli,
		int (*write)(FILE *fp, void *ctx, struct br_error *err),
		void *ctx);

/* Print warnings unless -q. */
void br_cli_print_warnings(const struct br_cli *cli,
			   const struct br_resultset *rs);

/*
 * --depfile (depfile.c).  br_cli_dep_begin() checks the options and
 * starts recording inputs and outputs (call before running a command);
 * br_cli_dep_write() writes the rule after a successful run and returns
 * BR_OK or the error it printed.  br_cli_add_dep() adds a file the
 * output was built from that ingest does not read (a --template file).
 */
int br_cli_dep_begin(struct br_cli *cli);
int br_cli_dep_write(const struct br_cli *cli);
void br_cli_dep_abort(void);
void br_cli_add_dep(const char *path);

int br_cmd_inspect(struct br_cli *cli);
int br_cmd_stats(struct br_cli *cli);
int br_cmd_compare(struct br_cli *cli);
int br_cmd_render(struct br_cli *cli);
int br_cmd_convert(struct br_cli *cli);

#endif
