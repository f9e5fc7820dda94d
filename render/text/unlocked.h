/*
 * unlocked.h - stdio without a lock per call, for a writer whose every
 * stream is written by one thread at a time (a scene's SVG, a report's
 * own memory stream, the output by the main thread): in a large HTML
 * report the locks cost more than the formatting.  Include after
 * <stdio.h> in a file that defines _GNU_SOURCE first.
 */
#ifndef BR_TEXT_UNLOCKED_H
#define BR_TEXT_UNLOCKED_H

#include <stdio.h>

#ifdef __GLIBC__
#define fputc(c, fp) fputc_unlocked(c, fp)
#define fputs(s, fp) fputs_unlocked(s, fp)
#define fwrite(p, size, n, fp) fwrite_unlocked(p, size, n, fp)
#endif

#endif
