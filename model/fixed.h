/*
 * fixed.h - "%.*f" without printf's arbitrary-precision path.
 *
 * Reports and SVG charts write millions of fixed-decimal numbers, and
 * glibc's printf formats each through multi-precision arithmetic.
 * br_fixed() writes the same bytes as snprintf(buf, size, "%.*f", d, v)
 * and returns the same count; it computes the digits itself when the
 * rounding is certain (see fixed.c) and calls snprintf otherwise.
 */
#ifndef BR_FIXED_H
#define BR_FIXED_H

#include <stddef.h>

int br_fixed(char *buf, size_t size, double v, int d);

#endif
