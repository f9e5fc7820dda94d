/*
 * pair.c - CPU time of two commands run in turn (A B A B ...), for
 * bench/speed.sh: the machine's speed drifts, so each A is held against
 * the B beside it.
 *
 *   pair RUNS COMMAND_A... -- COMMAND_B...
 *
 * One warm-up run of each, then RUNS counted pairs; each run's output
 * goes to /dev/null, its CPU time (user + system, from wait4's rusage,
 * in microseconds) is kept.  Prints one line: the median CPU seconds of
 * A, of B, and the median of the pairs' ratios A/B.  Exit 1 when a
 * command cannot be started or fails.
 */
#define _DEFAULT_SOURCE
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <unistd.h>

static double run(char **argv)
{
	struct rusage ru;
	int st, fd;
	pid_t pid = fork();

	if (pid < 0)
		return -1;
	if (pid == 0) {
		fd = open("/dev/null", O_WRONLY);
		if (fd >= 0) {
			dup2(fd, 1);
			dup2(fd, 2);
		}
		execvp(argv[0], argv);
		_exit(127);
	}
	if (wait4(pid, &st, 0, &ru) != pid || !WIFEXITED(st) ||
	    WEXITSTATUS(st) != 0)
		return -1;
	return (double)(ru.ru_utime.tv_sec + ru.ru_stime.tv_sec) +
	       (double)(ru.ru_utime.tv_usec + ru.ru_stime.tv_usec) / 1e6;
}

static int cmp(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

static double median(double *v, int n)
{
	qsort(v, (size_t)n, sizeof *v, cmp);
	return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

int main(int argc, char **argv)
{
	int n, i, sep = 0;
	double *a, *b, *r;

	if (argc < 5 || (n = atoi(argv[1])) < 1) {
		fprintf(stderr, "usage: pair RUNS A... -- B...\n");
		return 2;
	}
	for (i = 2; i < argc; i++)
		if (!strcmp(argv[i], "--"))
			sep = i;
	if (sep <= 2 || sep + 1 >= argc) {
		fprintf(stderr, "pair: no '--' between the commands\n");
		return 2;
	}
	argv[sep] = NULL;
	a = calloc((size_t)n, sizeof *a);
	b = calloc((size_t)n, sizeof *b);
	r = calloc((size_t)n, sizeof *r);
	if (!a || !b || !r || run(argv + 2) < 0 || run(argv + sep + 1) < 0) {
		fprintf(stderr, "pair: a command failed: %s\n", argv[2]);
		return 1;
	}
	for (i = 0; i < n; i++) {
		a[i] = run(argv + 2);
		b[i] = run(argv + sep + 1);
		if (a[i] < 0 || b[i] < 0) {
			fprintf(stderr, "pair: a command failed\n");
			return 1;
		}
		r[i] = a[i] / (b[i] > 1e-6 ? b[i] : 1e-6);
	}
	printf("%.4f %.4f %.4f\n", median(a, n), median(b, n), median(r, n));
	free(a);
	free(b);
	free(r);
	return 0;
}
