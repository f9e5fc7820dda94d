/*
 * man_text.h - the man page's text-only sections (man_text.c).
 */
#ifndef BR_MAN_TEXT_H
#define BR_MAN_TEXT_H

#include <stdio.h>

void br_man_selecting(FILE *fp);
void br_man_history(FILE *fp);
void br_man_exit(FILE *fp);

#endif
