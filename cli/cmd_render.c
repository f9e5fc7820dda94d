/*
 * cmd_render.c - `benchreport render`: charts and reports.  Not built
 * yet (issues "Charts" and "Reports"); says so instead of pretending.
 */
#include <stdio.h>

#include "cli.h"

int br_cmd_render(struct br_cli *cli)
{
	(void)cli;
	fprintf(stderr, PROG ": render: charts and reports are not "
		"available in this version yet\n");
	return BR_EUSAGE;
}
