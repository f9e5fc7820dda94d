/*
 * error.c - the one error struct every fallible call fills.
 * First error wins: once err->code is set, later calls keep it.
 */
#include <stdio.h>
#include <string.h>

#include "model.h"

void br_error_clear(struct br_error *err)
{
	if (!err)
		return;
	err->code = BR_OK;
	err->where[0] = '\0';
	err->msg[0] = '\0';
}

/* After snprintf into buf returned n: a cut text must not end in the
 * middle of a character (the message goes to a terminal as UTF-8). */
static void mend(char *buf, size_t size, int n)
{
	if (n < 0 || (size_t)n >= size)
		br_utf8_cut(buf);
}

int br_error_setv(struct br_error *err, int code, const char *file,
		  unsigned long line, const char *fmt, va_list ap)
{
	char *p;
	int n = 0;

	if (!err || err->code != BR_OK)
		return code;
	err->code = code;
	if (file && line)
		n = snprintf(err->where, sizeof err->where, "%s:%lu", file,
			     line);
	else if (file)
		n = snprintf(err->where, sizeof err->where, "%s", file);
	else
		err->where[0] = '\0';
	mend(err->where, sizeof err->where, n);
	n = vsnprintf(err->msg, sizeof err->msg, fmt, ap);
	mend(err->msg, sizeof err->msg, n);
	/* One line, always: a message quoting input must not break it. */
	for (p = err->msg; *p; p++)
		if (*p == '\n' || *p == '\r')
			*p = ' ';
	return code;
}

int br_error_set(struct br_error *err, int code, const char *file,
		 unsigned long line, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	br_error_setv(err, code, file, line, fmt, ap);
	va_end(ap);
	return code;
}
