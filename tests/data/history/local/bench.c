/*
 * bench.c - the "project" of the local history (NOTES.md): a fixed
 * amount of serial integer work, so its CPU time follows the work.
 * make-history.sh builds it once per "commit" with -DCOMMIT=k; the work
 * changes at two commits only:
 *   commits 0-7    BASE iterations
 *   commits 8-15   BASE * 108 / 100  (commit 8: 8% more work, a slowdown)
 *   commits 16-23  BASE * 90 / 100   (commit 16: 90% of commit 0's work,
 *                                     1.2x faster than commit 15)
 * One run per execution; it prints one line:
 *   CPU_SECONDS WALL_SECONDS CHECKSUM
 * the process's CPU time and the wall time of the work (both read with
 * clock_gettime around the loop, nanosecond clocks) and a checksum that
 * keeps the loop from being optimised away.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdint.h>
#include <stdio.h>
#include <time.h>

#ifndef COMMIT
#define COMMIT 0
#endif
#define BASE 24000000ULL

static uint64_t iterations(void)
{
#if COMMIT >= 16
	return BASE * 90 / 100;
#elif COMMIT >= 8
	return BASE * 108 / 100;
#else
	return BASE;
#endif
}

static double since(const struct timespec *a, const struct timespec *b)
{
	return (double)(b->tv_sec - a->tv_sec) +
	       (double)(b->tv_nsec - a->tv_nsec) / 1e9;
}

int main(void)
{
	uint64_t x = 88172645463325252ULL, acc = 0, n = iterations(), i;
	struct timespec c0, c1, w0, w1;

	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &c0);
	clock_gettime(CLOCK_MONOTONIC, &w0);
	for (i = 0; i < n; i++) { /* xorshift64: each step needs the last */
		x ^= x << 13;
		x ^= x >> 7;
		x ^= x << 17;
		acc += x >> 60;
	}
	clock_gettime(CLOCK_MONOTONIC, &w1);
	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &c1);
	printf("%.9f %.9f %llu\n", since(&c0, &c1), since(&w0, &w1),
	       (unsigned long long)acc);
	return 0;
}
