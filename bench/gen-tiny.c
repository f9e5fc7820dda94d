/*
 * gen-tiny.c - writes a directory of many tiny result files for `make
 * bench` and tests/limits/scale.sh: the cost of reading many files.
 *   gen-tiny FORMAT DIR FILES
 * FORMAT is tidy-csv (benchreport's tidy CSV), pts-xml (a PTS
 * composite.xml) or numbers (ministat data).  File K holds system K's
 * results (FILES systems in all) of the same 4 tests, 3 runs each:
 * every file adds an entry to every test, which is what made reading
 * them quadratic (issue 13).  Files go 1,000 to a directory,
 * DIR/dNNN/rNNNNNN.EXT.  Deterministic; the numbers are synthetic.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#define TESTS 4
#define RUNS 3

static unsigned long long state = 88172645463325252ULL;

static double rnd(void) /* xorshift64, uniform in [0,1) */
{
	state ^= state << 13;
	state ^= state >> 7;
	state ^= state << 17;
	return (double)(state >> 11) / 9007199254740992.0;
}

static void tidy_csv(FILE *fp, int k)
{
	int t, r;

	fprintf(fp, "system,test,value,unit\n");
	for (t = 0; t < TESTS; t++)
		for (r = 0; r < RUNS; r++)
			fprintf(fp, "system-%06d,Synthetic %d,%.2f,MB/s\n", k,
				t, 100 * (t + 1) + 10 * rnd());
}

static void pts_xml(FILE *fp, int k)
{
	int t, r;

	fprintf(fp, "<?xml version=\"1.0\"?>\n<PhoronixTestSuite>\n"
		"  <System>\n    <Identifier>system-%06d</Identifier>\n"
		"    <Hardware>Processor: Example CPU</Hardware>\n"
		"  </System>\n", k);
	for (t = 0; t < TESTS; t++) {
		double v[RUNS], sum = 0;

		for (r = 0; r < RUNS; r++)
			sum += v[r] = 100 * (t + 1) + 10 * rnd();
		fprintf(fp, "  <Result>\n    <Identifier>pts/synthetic-%d-1.0.0"
			"</Identifier>\n    <Title>Synthetic %d</Title>\n"
			"    <Scale>MB/s</Scale>\n"
			"    <Proportion>HIB</Proportion>\n"
			"    <DisplayFormat>BAR_GRAPH</DisplayFormat>\n"
			"    <Data>\n      <Entry>\n"
			"        <Identifier>system-%06d</Identifier>\n"
			"        <Value>%.2f</Value>\n        <RawString>",
			t, t, k, sum / RUNS);
		for (r = 0; r < RUNS; r++)
			fprintf(fp, "%s%.2f", r ? ":" : "", v[r]);
		fprintf(fp, "</RawString>\n      </Entry>\n    </Data>\n"
			"  </Result>\n");
	}
	fprintf(fp, "</PhoronixTestSuite>\n");
}

static void numbers(FILE *fp, int k)
{
	int r;

	(void)k;
	for (r = 0; r < RUNS; r++)
		fprintf(fp, "%.2f\n", 100 + 10 * rnd());
}

int main(int argc, char **argv)
{
	static const struct {
		const char *name, *ext;
		void (*write)(FILE *fp, int k);
	} formats[] = {
		{"tidy-csv", "csv", tidy_csv},
		{"pts-xml", "xml", pts_xml},
		{"numbers", "txt", numbers},
	};
	char path[4096];
	size_t f;
	int n, k;

	if (argc != 4)
		return 2;
	for (f = 0; f < sizeof formats / sizeof formats[0]; f++)
		if (!strcmp(argv[1], formats[f].name))
			break;
	n = atoi(argv[3]);
	if (f == sizeof formats / sizeof formats[0] || n < 1)
		return 2;
	if (mkdir(argv[2], 0777) != 0 && errno != EEXIST) {
		perror(argv[2]);
		return 3;
	}
	for (k = 0; k < n; k++) {
		FILE *fp;

		snprintf(path, sizeof path, "%s/d%03d", argv[2], k / 1000);
		if (k % 1000 == 0 && mkdir(path, 0777) != 0 &&
		    errno != EEXIST) {
			perror(path);
			return 3;
		}
		snprintf(path, sizeof path, "%s/d%03d/r%06d.%s", argv[2],
			 k / 1000, k, formats[f].ext);
		fp = fopen(path, "w");
		if (!fp) {
			perror(path);
			return 3;
		}
		formats[f].write(fp, k);
		if (fclose(fp) != 0) {
			perror(path);
			return 3;
		}
	}
	return 0;
}
