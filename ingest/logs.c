/*
 * logs.c - the raw-log formats, one per benchmark tool.  Each reader is
 * in ingest/log_<tool>.c; detection is by content (ingest.c takes the
 * highest score over all formats), and these names are what
 * --input-format accepts and inspect shows.
 */
#include <string.h>

#include "log_int.h"

/* whole_set: Go's, Google Benchmark's and pytest-benchmark's files
 * each hold a whole set of runs, so two files of one directory are two
 * sets ("benchreport compare old.txt new.txt", as benchstat reads them),
 * kept apart and named after their stems; a raw log of one run adds up
 * with the other logs of its directory. */
const struct br_format br_log_formats[] = {
	{"dbench", br_detect_dbench, br_read_dbench, false, false},
	{"fio-json", br_detect_fio_json, br_read_fio_json, false, false},
	{"fio", br_detect_fio_text, br_read_fio_text, false, false},
	{"postmark", br_detect_postmark, br_read_postmark, false, false},
	{"bonnie", br_detect_bonnie, br_read_bonnie, false, false},
	{"time", br_detect_time, br_read_time, false, false},
	{"hyperfine", br_detect_hyperfine, br_read_hyperfine, false, false},
	{"iozone", br_detect_iozone, br_read_iozone, false, false},
	{"blogbench", br_detect_blogbench, br_read_blogbench, false, false},
	{"compilebench", br_detect_compilebench, br_read_compilebench, false,
	 false},
	{"go-bench", br_detect_gobench, br_read_gobench, false, true},
	{"google-benchmark", br_detect_gbench, br_read_gbench, false,
	 true},
	{"hyperfine-csv", br_detect_hyperfine_csv, br_read_hyperfine_csv, false,
	 false},
	{"hyperfine-markdown", br_detect_hyperfine_md, br_read_hyperfine_md,
	 false, false},
	{"pytest-benchmark", br_detect_pytest_benchmark,
	 br_read_pytest_benchmark, false, true},
	{"bonnie-table", br_detect_bonnie_table, br_read_bonnie_table, false,
	 false},
};
const size_t br_n_log_formats =
	sizeof br_log_formats / sizeof br_log_formats[0];

/* What each format's detection looks for: inspect says it for every
 * input ("why this reader took the file"). */
static const struct {
	const char *name, *why;
} whys[] = {
	{"pts-xml", "a PhoronixTestSuite XML root element"},
	{"pts-csv", "the layout of PTS's result-file-to-csv export"},
	{"pts-raw-csv", "the layout of PTS's result-file-raw-to-csv export"},
	{"tidy-csv", "a CSV header naming its test, system and value "
	 "columns"},
	{"table", "a whitespace-aligned table under a header row"},
	{"numbers", "lines that start with a number"},
	{"dbench", "\"dbench version\" or a \"Throughput N MB/sec ... "
	 "procs\" line"},
	{"fio-json", "a JSON object with \"fio version\""},
	{"fio", "fio's job lines \"(groupid=\" or \"Run status group\""},
	{"postmark", "\"PostMark v\" or \"seconds of transactions (\""},
	{"bonnie", "a bonnie++ CSV line (1.0x, 1.96 or 1.97+ layout)"},
	{"time", "the lines of GNU time, time -p or a shell's time"},
	{"hyperfine", "a JSON object with \"results\", \"command\" and "
	 "\"mean\""},
	{"iozone", "iozone's banner, \"Children see throughput\" or a "
	 "\"kB  reclen\" table"},
	{"blogbench", "\"Final score for writes:\" or \"... reads :\""},
	{"compilebench", "compilebench's \"... total runs N avg\" lines"},
	{"go-bench", "a line \"BenchmarkNAME  ITERATIONS  VALUE UNIT ...\" "
	 "(go test -bench)"},
	{"google-benchmark", "a JSON object with \"context\" and "
	 "\"benchmarks\" (Google Benchmark)"},
	{"hyperfine-csv", "hyperfine's --export-csv header \"command,mean,"
	 "stddev,median,user,system,min,max\""},
	{"hyperfine-markdown", "hyperfine's --export-markdown header "
	 "\"| Command | Mean [...]\""},
	{"pytest-benchmark", "a JSON object with \"machine_info\" and "
	 "\"benchmarks\" (pytest-benchmark)"},
	{"bonnie-table", "bonnie++'s \"------Sequential Output------\" table, "
	 "with no CSV line"},
};

const char *br_format_why(const char *name)
{
	size_t i;

	for (i = 0; i < sizeof whys / sizeof whys[0]; i++)
		if (!strcmp(whys[i].name, name))
			return whys[i].why;
	return NULL;
}
