/*
 * parallel.h - a loop over independent items on every online CPU, for
 * the per-test work of large reports (stats/ and the text writers are
 * reentrant).  Items are split into contiguous spans, one per thread, so
 * results land where a serial loop would put them: output never depends
 * on the number of CPUs.
 */
#ifndef BR_PARALLEL_H
#define BR_PARALLEL_H

#include <stddef.h>

/*
 * fn(ctx, i) for every i in [0, n); threads only when each gets at least
 * min_items (fewer items: the calling thread does them all).  A span
 * stops at its first failure; the result is the failure of the lowest
 * span that failed, else BR_OK.
 */
int br_parallel_for(size_t n, size_t min_items,
		    int (*fn)(void *ctx, size_t i), void *ctx);

/* At most n threads from now on (1: none; 0, the default: the CPUs this
 * process may run on, at most 8).  Not thread-safe: call before any work
 * starts. */
void br_parallel_set_max(size_t n);

#endif
