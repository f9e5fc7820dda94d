/*
 * parallel.c - br_parallel_for (parallel.h) on POSIX threads.
 */
#define _GNU_SOURCE /* sched_getaffinity, CPU_COUNT */
#include <pthread.h>
#include <sched.h>
#include <unistd.h>

#include "../model/model.h"
#include "parallel.h"

#define MAX_THREADS 8

static size_t max_threads; /* 0: the online CPUs */

void br_parallel_set_max(size_t n)
{
	max_threads = n > MAX_THREADS ? MAX_THREADS : n;
}

struct span {
	int (*fn)(void *ctx, size_t i);
	void *ctx;
	size_t from, to;
	int rc;
	pthread_t th;
};

static void *run_span(void *arg)
{
	struct span *sp = arg;
	size_t i;

	for (i = sp->from; i < sp->to && sp->rc == BR_OK; i++)
		sp->rc = sp->fn(sp->ctx, i);
	return NULL;
}

/* The CPUs this process may run on (its affinity mask), else online. */
static size_t usable_cpus(void)
{
	cpu_set_t set;
	long cpus;

	if (sched_getaffinity(0, sizeof set, &set) == 0 && CPU_COUNT(&set) > 0)
		return (size_t)CPU_COUNT(&set);
	cpus = sysconf(_SC_NPROCESSORS_ONLN);
	return cpus > 1 ? (size_t)cpus : 1;
}

int br_parallel_for(size_t n, size_t min_items,
		    int (*fn)(void *ctx, size_t i), void *ctx)
{
	struct span sp[MAX_THREADS];
	size_t k, nt = usable_cpus(), started = 0;

	if (max_threads)
		nt = max_threads;
	if (nt > MAX_THREADS)
		nt = MAX_THREADS;
	if (min_items && nt > n / min_items)
		nt = n / min_items;
	if (nt < 1)
		nt = 1;
	for (k = 0; k < nt; k++) {
		sp[k].fn = fn;
		sp[k].ctx = ctx;
		sp[k].from = n * k / nt;
		sp[k].to = n * (k + 1) / nt;
		sp[k].rc = BR_OK;
	}
	/* spans 1.. in new threads (one that cannot start runs here
	 * after), span 0 in this one */
	for (k = 1; k < nt; k++) {
		if (pthread_create(&sp[k].th, NULL, run_span, &sp[k]) != 0)
			break;
		started = k;
	}
	run_span(&sp[0]);
	for (k = started + 1; k < nt; k++)
		run_span(&sp[k]);
	for (k = 1; k <= started; k++)
		pthread_join(sp[k].th, NULL);
	for (k = 0; k < nt; k++)
		if (sp[k].rc != BR_OK)
			return sp[k].rc;
	return BR_OK;
}
