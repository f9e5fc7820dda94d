/*
 * report_text_int.h - what the plain-text blocks (report_text.c) share
 * with the dot plots (report_plot.c).
 */
#ifndef BR_REPORT_TEXT_INT_H
#define BR_REPORT_TEXT_INT_H

#include <stdbool.h>
#include <stdio.h>

#include "report.h"

#define W BR_REPORT_WIDTH

/* A memory stream; its text is returned by br_tmem_finish(). */
struct br_tmem {
	char *buf;
	size_t len;
	FILE *fp;
	bool nomem;
};

bool br_tmem_open(struct br_tmem *m);
/* The text without blanks at line ends and without its last newline;
 * NULL on ENOMEM. */
char *br_tmem_finish(struct br_tmem *m);

/* Every system's name made plain and at most cols columns, told apart
 * as in the charts; NULL on ENOMEM (br_text_short_names_free). */
char **br_report_short_names(const struct br_report *r, size_t cols);

#endif
