/*
 * gen-dbench.c - writes a directory of raw dbench 4 logs for `make bench`,
 * shaped like tests/data/logs/dbench/dbench-4.00-2clients.txt (a real
 * `dbench -t 5 2` run): the banner, launch lines, one progress line per
 * second, the operation table and the Throughput line.
 *   gen-dbench DIR LOGS SYSTEMS
 * writes DIR/system-K/dbench-cC-runR.txt, LOGS files over SYSTEMS
 * directories (the directory is the system name), client counts 1, 2,
 * 4, 8 in turn.  Deterministic (fixed seed); the numbers are synthetic.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>

static unsigned long long state = 88172645463325252ULL;

static double rnd(void) /* xorshift64, uniform in [0,1) */
{
	state ^= state << 13;
	state ^= state >> 7;
	state ^= state << 17;
	return (double)(state >> 11) / 9007199254740992.0;
}

static const struct {
	const char *name;
	double share;   /* of all operations */
	double avg_ms;  /* average latency */
} ops[] = {
	{"NTCreateX", 0.1714, 0.010}, {"Close", 0.1259, 0.001},
	{"Rename", 0.0073, 0.011},    {"Unlink", 0.0347, 0.026},
	{"Deltree", 0.000004, 1.159}, {"Mkdir", 0.000002, 0.002},
	{"Qpathinfo", 0.1554, 0.002}, {"Qfileinfo", 0.0272, 0.000},
	{"Qfsinfo", 0.0285, 0.001},   {"Sfileinfo", 0.0139, 0.002},
	{"Find", 0.0601, 0.009},      {"WriteX", 0.0854, 0.007},
	{"ReadX", 0.2687, 0.002},     {"LockX", 0.00056, 0.003},
	{"UnlockX", 0.00056, 0.001},  {"Flush", 0.0120, 0.365},
};
#define N_OPS (sizeof ops / sizeof ops[0])

static int write_log(const char *path, int clients, double speed)
{
	FILE *fp = fopen(path, "w");
	double mbs = 0, total_ops = 0, max_lat = 0;
	int s, i;

	if (!fp)
		return -1;
	fprintf(fp, "dbench version 4.00 - Copyright Andrew Tridgell "
		"1999-2004\n\nRunning for 5 seconds with load "
		"'/usr/share/dbench/client.txt' and minimum warmup 1 secs\n");
	for (i = 1; i <= clients; i++)
		fprintf(fp, "%d of %d processes prepared for launch   0 sec\n",
			i, clients);
	fprintf(fp, "releasing clients\n");
	for (s = 1; s <= 4; s++) {
		double lat = 5 + 4 * rnd();

		mbs = speed * (0.98 + 0.04 * rnd());
		total_ops += mbs * 90;
		if (lat > max_lat)
			max_lat = lat;
		fprintf(fp, "%4d  %8.0f  %7.2f MB/sec  execute %3d sec  latency "
			"%.3f ms\n", clients, total_ops, mbs, s, lat);
	}
	fprintf(fp, "%4d  cleanup   5 sec\n   0  cleanup   5 sec\n\n"
		" Operation      Count    AvgLat    MaxLat\n"
		" ----------------------------------------\n", clients);
	for (i = 0; i < (int)N_OPS; i++)
		fprintf(fp, " %-12s %8.0f %9.3f %9.3f\n", ops[i].name,
			total_ops * ops[i].share + 1,
			ops[i].avg_ms * (0.9 + 0.2 * rnd()),
			ops[i].avg_ms * 50 + 5 * rnd());
	fprintf(fp, "\nThroughput %.2f MB/sec  %d clients  %d procs  "
		"max_latency=%.3f ms\n\n", mbs, clients, clients, max_lat);
	return fclose(fp);
}

int main(int argc, char **argv)
{
	char path[4096];
	int n, systems, i;

	if (argc != 4)
		return 2;
	n = atoi(argv[2]);
	systems = atoi(argv[3]);
	if (n < 1 || systems < 1)
		return 2;
	if (mkdir(argv[1], 0777) != 0 && errno != EEXIST) {
		perror(argv[1]);
		return 3;
	}
	for (i = 0; i < systems; i++) {
		snprintf(path, sizeof path, "%s/system-%02d", argv[1], i + 1);
		if (mkdir(path, 0777) != 0 && errno != EEXIST) {
			perror(path);
			return 3;
		}
	}
	for (i = 0; i < n; i++) {
		int sys = i % systems, clients = 1 << ((i / systems) % 4);
		double speed = (800 + 60 * sys) * (clients > 4 ? 4 : clients)
			       / (clients > 1 ? 1.6 : 1);

		snprintf(path, sizeof path, "%s/system-%02d/dbench-c%d-run%04d"
			 ".txt", argv[1], sys + 1, clients, i / systems / 4 + 1);
		if (write_log(path, clients, speed) != 0) {
			perror(path);
			return 3;
		}
	}
	return 0;
}
