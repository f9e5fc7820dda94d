/*
 * replay.c - feeds files to the fuzz targets' entry point without
 * libFuzzer (fio's t/fuzz/onefile.c), so `make check` replays every
 * past finding with gcc, and under `make sanitize` with ASan + UBSan.
 *
 *   replay [-f FORMAT] PATH...
 *
 * PATH is a file or a directory (read one level deep, sorted).  The
 * format is FORMAT, else the name of the file's directory:
 * tests/fuzz/regress/<format>/<case>, where <format> is an
 * --input-format name or "detect" (no format: detection, as fuzz_detect).
 * Exit 0 when every file was fed (bad input data is expected and fine);
 * a crash or a sanitizer report is the failure.
 */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "fuzz_common.h"

/*
 * The chart target lays out text through pango, and fontconfig keeps its
 * configuration until FcFini(), which only the program owning fontconfig
 * may call: not our leak (tests/fuzz/lsan.supp says the same for the
 * libFuzzer targets, cli/main.c for benchreport).
 */
const char *__lsan_default_suppressions(void);
const char *__lsan_default_suppressions(void)
{
	return "leak:libfontconfig.so\n";
}

/* ... and quietly. */
const char *__lsan_default_options(void);
const char *__lsan_default_options(void)
{
	return "print_suppressions=0";
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The format a file is replayed as: the forced one, or its dir's name. */
static const char *format_for(const char *forced, const char *path,
			      char *buf, size_t size)
{
	const char *slash, *start;

	if (forced)
		return strcmp(forced, "detect") ? forced : NULL;
	slash = strrchr(path, '/');
	if (!slash)
		return NULL;
	start = slash;
	while (start > path && start[-1] != '/')
		start--;
	snprintf(buf, size, "%.*s", (int)(slash - start), start);
	return strcmp(buf, "detect") ? buf : NULL;
}

static int replay_file(const char *forced, const char *path)
{
	char fmt[256];
	const char *format = format_for(forced, path, fmt, sizeof fmt);
	FILE *fp = fopen(path, "rb");
	uint8_t *data;
	long len;

	if (!fp) {
		perror(path);
		return 1;
	}
	if (fseek(fp, 0, SEEK_END) != 0 || (len = ftell(fp)) < 0 ||
	    fseek(fp, 0, SEEK_SET) != 0) {
		perror(path);
		fclose(fp);
		return 1;
	}
	data = malloc((size_t)len + 1);
	if (!data || fread(data, 1, (size_t)len, fp) != (size_t)len) {
		fprintf(stderr, "%s: cannot read\n", path);
		free(data);
		fclose(fp);
		return 1;
	}
	fclose(fp);
	br_fuzz_one(format, data, (size_t)len);
	free(data);
	return 0;
}

static int replay_path(const char *forced, const char *path, int *n)
{
	struct stat st;
	struct dirent *de;
	char **names = NULL;
	size_t n_names = 0, i;
	DIR *d;
	int bad = 0;

	if (stat(path, &st) != 0) {
		perror(path);
		return 1;
	}
	if (!S_ISDIR(st.st_mode)) {
		(*n)++;
		return replay_file(forced, path);
	}
	d = opendir(path);
	if (!d) {
		perror(path);
		return 1;
	}
	while ((de = readdir(d)) != NULL) {
		char **nn;
		size_t len;

		if (de->d_name[0] == '.')
			continue;
		nn = realloc(names, (n_names + 1) * sizeof *names);
		if (!nn)
			break;
		names = nn;
		len = strlen(path) + strlen(de->d_name) + 2;
		names[n_names] = malloc(len);
		if (!names[n_names])
			break;
		snprintf(names[n_names++], len, "%s/%s", path, de->d_name);
	}
	closedir(d);
	qsort(names, n_names, sizeof *names, cmp_str);
	for (i = 0; i < n_names; i++) {
		if (stat(names[i], &st) == 0 && S_ISDIR(st.st_mode))
			bad |= replay_path(forced, names[i], n);
		else if (strcmp(strrchr(names[i], '/') + 1, "README.md")) {
			(*n)++;
			bad |= replay_file(forced, names[i]);
		}
		free(names[i]);
	}
	free(names);
	return bad;
}

int main(int argc, char **argv)
{
	const char *forced = NULL;
	int i = 1, bad = 0, n = 0;

	if (argc > 2 && !strcmp(argv[1], "-f")) {
		forced = argv[2];
		i = 3;
	}
	if (i >= argc) {
		fprintf(stderr, "usage: replay [-f FORMAT] PATH...\n");
		return 2;
	}
	for (; i < argc; i++)
		bad |= replay_path(forced, argv[i], &n);
	printf("fuzz replay: %d file%s replayed%s\n", n, n == 1 ? "" : "s",
	       bad ? ", some unreadable" : "");
	return bad;
}
