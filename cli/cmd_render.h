/*
 * cmd_render.h - the render command's own options (--whiskers, --sort,
 * --highlight, --svg-text, --width), kept by cmd_render.c.
 */
#ifndef BR_CMD_RENDER_H
#define BR_CMD_RENDER_H

#include "cli.h"
#include "render/report.h"
#include "render/scene.h"

/*
 * Apply render option name (long name, without "--") with its argument.
 * Returns BR_OK, or BR_EUSAGE after printing the usage error.
 */
int br_render_option(const struct br_cli *cli, const char *name,
		     const char *arg);

/* The chart of test t over the selection, as render draws it (for the
 * HTML report).  BR_EDATA when nothing is drawable. */
int br_render_chart(const struct br_cli *cli, const struct br_selection *sel,
		    const struct br_test *t, struct br_scene **out,
		    struct br_error *err);

/* render_report.c: --plot, --utf8, --template (always BR_OK). */
int br_report_option(const struct br_cli *cli, const char *name,
		     const char *arg);
/* Whether --format or the extension ext asks for a report (.html .txt
 * .md), and which. */
bool br_report_wanted(const struct br_cli *cli, const char *ext,
		      enum br_report_fmt *fmt);
/* Write the report to cli->output; returns the exit code (errors
 * printed). */
int br_render_report(struct br_cli *cli, enum br_report_fmt fmt);

#endif
