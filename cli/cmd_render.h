/*
 * cmd_render.h - the render command's own options (--whiskers, --sort,
 * --highlight, --svg-text, --width), kept by cmd_render.c.
 */
#ifndef BR_CMD_RENDER_H
#define BR_CMD_RENDER_H

#include "cli.h"

/*
 * Apply render option name (long name, without "--") with its argument.
 * Returns BR_OK, or BR_EUSAGE after printing the usage error.
 */
int br_render_option(const struct br_cli *cli, const char *name,
		     const char *arg);

#endif
