/*
 * main.c - benchreport's entry point: subcommand dispatch (git-style
 * table) and option parsing from one option table.
 */
#include <errno.h>
#include <fcntl.h>
#include <gsl/gsl_errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

#include "analysis/parallel.h"
#include "analysis/suggest.h"
#include "render/text/escape.h"
#include "cli.h"
#include "man_text.h"

/*
 * fontconfig (under pango) keeps its configuration until FcFini(), which
 * only a program that owns fontconfig may call; tell LeakSanitizer
 * (sanitizer builds, `make sanitize`) that this is not our leak.  The
 * unit tests say the same in check_render.c.
 */
const char *__lsan_default_suppressions(void);
const char *__lsan_default_suppressions(void)
{
	return "leak:libfontconfig.so\n";
}

/* ... and quietly: golden tests compare stderr. */
const char *__lsan_default_options(void);
const char *__lsan_default_options(void)
{
	return "print_suppressions=0";
}

struct command {
	const char *name;
	unsigned id;
	int (*run)(struct br_cli *cli);
	const char *synopsis;
	const char *summary;
	const char *also;  /* words users try for it: "did you mean" */
};

static const struct command commands[] = {
	{"inspect", CMD_INSPECT, br_cmd_inspect, "INPUT...",
	 "what was read: format, systems, tests, warnings",
	 "info show list ls tests"},
	{"stats", CMD_STATS, br_cmd_stats, "INPUT... [--format F]",
	 "per test x system statistics", "stat summary summarize table"},
	{"compare", CMD_COMPARE, br_cmd_compare,
	 "INPUT... [--baseline NAME]",
	 "every system against a baseline; geometric mean",
	 "diff cmp versus vs ministat"},
	{"render", CMD_RENDER, br_cmd_render, "INPUT... -o OUT",
	 "charts and reports (format from OUT's extension)",
	 "report chart charts plot graph draw html pdf svg png"},
	{"convert", CMD_CONVERT, br_cmd_convert, "INPUT... -o OUT",
	 "normalised and merged results (.xml .csv .json)",
	 "export merge import"},
	{"history", CMD_HISTORY, br_cmd_history, "FILES|DIR... [-o OUT]",
	 "results over time: change points with intervals, trend, gate",
	 "trend changes changepoint timeline regressions otava hunter"},
};
#define N_COMMANDS (sizeof commands / sizeof commands[0])

/* What a report holds: render --help and the man page. */
static const char reports_text[] =
	"A report (.html, .txt, .md) marks a test's best and worst value "
	"only where proven against every other system; gives the geometric "
	"means with their measurement and across-tests intervals and the "
	"overall ranking; each entry's min, max, SD and CV (HTML: its runs); "
	"and where the numbers come from: the OpenBenchmarking.org result, "
	"PTS version, test dates, the system notes PTS records (compiler, "
	"governor, microcode, mitigations) and each test profile, linked.";

enum opt_id {
	OPT_HELP, OPT_VERSION, OPT_QUIET, OPT_VERBOSE, OPT_OUTPUT, OPT_FORMAT,
	OPT_CONFIDENCE, OPT_BASELINE, OPT_TESTS, OPT_SYSTEMS, OPT_TITLE,
	OPT_INPUT_FORMAT, OPT_SYSTEM, OPT_DIRECTION, OPT_TEST, OPT_COLUMN,
	OPT_DELIMITERS, OPT_EQUIVALENCE, OPT_MINISTAT,
	OPT_FAIL_ON_REGRESSION, OPT_HOLM, OPT_DETAILS, OPT_WHISKERS, OPT_SORT,
	OPT_HIGHLIGHT, OPT_SVG_TEXT, OPT_WIDTH, OPT_PAPER, OPT_CHART, OPT_DEPFILE,
	OPT_KEEP_GOING,
	OPT_TEMPLATE, OPT_CHART_DIR, OPT_PLOT, OPT_UTF8, OPT_LIST, OPT_SUMMARY, OPT_BRIEF,
	OPT_NAME, OPT_RENAME, OPT_HISTORY,
	OPT_GATE_STRICT, OPT_EXCLUDE, OPT_EXCLUDE_SYSTEMS,
	OPT_GROUP_BY, OPT_HIDE_UNCHANGED, OPT_ALL_METRICS,
	OPT_DERIVED,   /* --per, --cost, --cost-file: cli/derived.c */
};

struct option_def {
	const char *name;
	char short_name;       /* 0: none */
	const char *arg;       /* NULL: a flag */
	unsigned cmds;         /* commands that accept it */
	enum opt_id id;
	const char *help;
};

/* Every option, once.  --help and the man page are made from this. */
static const struct option_def options[] = {
	{"output", 'o', "OUT", CMD_STATS | CMD_COMPARE | CMD_RENDER |
	 CMD_CONVERT | CMD_INSPECT | CMD_HISTORY, OPT_OUTPUT,
	 "write to OUT instead of stdout (\"-\" = stdout); a file is "
	 "written to a temporary file and renamed, never left half-written; "
	 "a device or FIFO is written in place"},
	{"format", 0, "FMT", CMD_STATS | CMD_COMPARE | CMD_RENDER | CMD_CONVERT |
	 CMD_HISTORY, OPT_FORMAT, NULL /* from the format table: format_help() */},
	{"confidence", 0, "LEVEL", CMD_STATS | CMD_COMPARE | CMD_RENDER |
	 CMD_HISTORY, OPT_CONFIDENCE, "confidence level of intervals and tests, in (0,1) "
	 "or as a percent (default 0.95, or 95%)"},
	{"baseline", 0, "NAME", CMD_STATS | CMD_COMPARE | CMD_RENDER,
	 OPT_BASELINE, "system every other is compared with (default: the "
	 "first); its name, in any case, or its start"},
	{"tests", 0, "PATTERN", CMD_ALL & ~CMD_CONVERT, OPT_TESTS,
	 "only the tests PATTERN finds anywhere in their identifier, title, "
	 "description or whole name (\"Title Version - Description\"), "
	 "ignoring case; wildcards (*, ?, [...]) match within it, so "
	 "\"postmark*total\" finds \"PostMark - Total Time\"; repeat "
	 "--tests to add the tests another pattern finds (--test names a "
	 "test instead).  Exact forms: \"=NAME\" is the test whose whole "
	 "name is NAME, case included (inspect --list tests prints these), "
	 "a leading ^ and a trailing $ anchor a pattern at a name's start "
	 "and end"},
	{"systems", 0, "A,B,...", CMD_ALL & ~CMD_CONVERT, OPT_SYSTEMS,
	 "only these systems, in this order; a name may differ in case or "
	 "be the start of one system's name (as for --baseline and "
	 "--highlight)"},
	{"exclude", 0, "PATTERN", CMD_ALL & ~CMD_CONVERT, OPT_EXCLUDE,
	 "leave out the tests PATTERN finds (the rules of --tests, \"=\", "
	 "\"^\" and \"$\" included), after --tests chose; repeatable; "
	 "a pattern that finds no test is an error"},
	{"exclude-systems", 0, "PATTERN", CMD_ALL & ~CMD_CONVERT,
	 OPT_EXCLUDE_SYSTEMS,
	 "leave out the systems PATTERN finds in their names (the rules of "
	 "--tests), after --systems chose; repeatable; a pattern that "
	 "finds no system is an error"},
	{"list", 0, "tests|systems", CMD_INSPECT, OPT_LIST,
	 "print the names --tests and --systems select from, one a line, "
	 "instead of the summary"},
	{"title", 0, "TEXT", CMD_RENDER | CMD_CONVERT | CMD_HISTORY, OPT_TITLE,
	 "report title (default: the input's)"},
	{"input-format", 0, "NAME", CMD_ALL, OPT_INPUT_FORMAT,
	 "read inputs as NAME instead of detecting the format: pts-xml, "
	 "pts-csv, pts-raw-csv, tidy-csv, table, numbers, dbench, "
	 "fio-json, fio, postmark, bonnie, bonnie-table, time, hyperfine, "
	 "hyperfine-csv, hyperfine-markdown, iozone, blogbench, "
	 "compilebench, go-bench, google-benchmark, pytest-benchmark "
	 "(inspect says which one took each input, and why)"},
	{"system", 0, "NAME", CMD_ALL, OPT_SYSTEM,
	 "system name for raw logs (default: the name of the log's "
	 "directory, the real one for . and ..; a hyperfine JSON of "
	 "several commands: each command, unless --system is given); "
	 "applies to the inputs after it, but not to a file that names "
	 "its own systems (a PTS result: --name names those)"},
	{"name", 0, "FILE=LABEL", CMD_ALL, OPT_NAME,
	 "the system of input file FILE (or of the one file of results "
	 "in directory FILE) is called LABEL (each of a file of several: "
	 "\"LABEL: NAME\"), whatever its format; repeatable.  "
	 "Without it, systems of one name in several inputs with results "
	 "for the same tests are kept apart and named after their files"},
	{"rename", 0, "OLD=NEW", CMD_ALL, OPT_RENAME,
	 "the system called OLD (or read as OLD, a PTS identifier too, "
	 "when one system was) is called NEW; repeatable, all at once "
	 "(A=B and B=A swap).  inspect says where each name came from"},
	{"direction", 0, "hib|lib", CMD_ALL, OPT_DIRECTION,
	 "more (hib) or fewer (lib) is better, for results whose input "
	 "gives no direction (plain numbers, tables); applies to the "
	 "inputs after it"},
	{"test", 0, "NAME", CMD_ALL, OPT_TEST,
	 "name of the test of a hyperfine JSON (default: the file's name; "
	 "a one-command file: Hyperfine) or of a file of numbers (default: "
	 "Values); applies to the inputs after it.  Not --tests, which "
	 "selects tests"},
	{"column", 'C', "N", CMD_ALL, OPT_COLUMN,
	 "files of numbers: read column N (from 1; default 1), as "
	 "ministat -C"},
	{"delimiters", 'd', "CHARS", CMD_ALL, OPT_DELIMITERS,
	 "files of numbers: columns are separated by any of CHARS "
	 "(default space and tab), as ministat -d"},
	{"equivalence", 0, "PCT", CMD_COMPARE | CMD_RENDER, OPT_EQUIVALENCE,
	 "three-way verdict: equivalent when the difference is within "
	 "+/-PCT percent (5 or 5%; two one-sided tests)"},
	{"ministat", 0, NULL, CMD_COMPARE, OPT_MINISTAT,
	 "also print ministat's block layout (pooled t, exact quantile), "
	 "one block per test with all its systems (x + * % # @ O)"},
	{"fail-on-regression", 0, "PCT", CMD_COMPARE, OPT_FAIL_ON_REGRESSION,
	 "exit 4 when a test is significantly worse than the baseline by "
	 "more than PCT percent (5 or 5%), naming each regression on "
	 "stderr; a -o file is then not written and an earlier file at its "
	 "place removed (make runs the gate again, and no old passing "
	 "output is left to publish); tests of unknown direction are not "
	 "gated.  A line on stderr says how many tests it judged and names "
	 "those it could not (see --gate-strict)"},
	{"order", 0, "auto|date|list|args", CMD_HISTORY, OPT_HISTORY,
	 "the order of the points: the results' own dates (PTS TimeStamp, "
	 "a table's \"# system: NAME | timestamp | ...\"), the --list "
	 "file's, or the inputs' (a file's systems in its order); auto "
	 "(default): dates when every result has one, else the inputs'; "
	 "the output says which"},
	{"list", 0, "FILE", CMD_HISTORY, OPT_HISTORY,
	 "order the points as FILE lists them, one label a line ('#' "
	 "starts a comment): a system's name, or an input's path, file "
	 "stem or folder (all its systems); results the list does not "
	 "name are left out, with a warning"},
	{"since", 0, "LABEL", CMD_HISTORY, OPT_HISTORY,
	 "the changes since the point LABEL (default: the first): the "
	 "table's heading, and --fail-on-regression gates only the changes "
	 "from there on"},
	{"method", 0, "br|otava", CMD_HISTORY, OPT_HISTORY,
	 "change points by benchreport's detector (default: runs inside "
	 "each point, a permutation test, intervals on size and place) or "
	 "exactly as Apache Otava's E-Divisive finds them (no intervals)"},
	{"alpha", 0, "P", CMD_HISTORY, OPT_HISTORY,
	 "level of each split's permutation test and of the latest point's "
	 "test (default 0.01)"},
	{"fdr", 0, "Q", CMD_HISTORY, OPT_HISTORY,
	 "false discovery rate across every series (Benjamini-Hochberg, "
	 "default 0.05); a change is kept when its p is at most --alpha and "
	 "its q at most Q"},
	{"min-segment", 0, "N", CMD_HISTORY, OPT_HISTORY,
	 "the fewest points between changes (default 3): a series of fewer "
	 "than 2N points is not searched"},
	{"permutations", 0, "N", CMD_HISTORY, OPT_HISTORY,
	 "permutations of each split's test (default 999)"},
	{"seed", 0, "N", CMD_HISTORY, OPT_HISTORY,
	 "seed of the permutations (default 1); each test's own is made from "
	 "it and the test's name, so the same inputs give the same output "
	 "on any number of cores"},
	{"otava-window", 0, "N", CMD_HISTORY, OPT_HISTORY,
	 "--method otava: Otava's window_len (default 50)"},
	{"otava-pvalue", 0, "P", CMD_HISTORY, OPT_HISTORY,
	 "--method otava: Otava's max_pvalue (default 0.001)"},
	{"otava-magnitude", 0, "M", CMD_HISTORY, OPT_HISTORY,
	 "--method otava: Otava's min_magnitude (default 0)"},
	{"annotations", 0, "FILE", CMD_HISTORY, OPT_HISTORY,
	 "lines \"LABEL expected-shift [TEST-PATTERN]\" (the series are cut "
	 "before LABEL: no change is reported or gated there) and \"LABEL "
	 "ignore [TEST-PATTERN]\" (the point is left out of the series); "
	 "without a pattern, every test; '#' starts a comment"},
	{"fail-on-regression", 0, NULL, CMD_HISTORY, OPT_HISTORY,
	 "exit 4 when a regression is proven at the latest point, naming "
	 "each on stderr: a kept change that made a test worse and is still "
	 "in force, or the latest point alone significantly worse than the "
	 "points before it; a -o file is then not written and an earlier "
	 "file at its place removed.  A line on stderr says how many tests "
	 "it judged and names those it could not (see --gate-strict)"},
	{"report", 0, NULL, CMD_HISTORY, OPT_HISTORY,
	 "with a .pdf: the whole history report instead of the charts"},
	{"all", 0, NULL, CMD_HISTORY, OPT_HISTORY,
	 "list every series and every change found, also those the false "
	 "discovery rule did not keep (default: only series with a kept "
	 "change or an anomaly)"},
	{"holm", 0, NULL, CMD_STATS | CMD_COMPARE | CMD_RENDER, OPT_HOLM,
	 "accepted for old scripts: rank ranges always Holm-adjust the "
	 "pairwise tests"},
	{"brief", 0, NULL, CMD_COMPARE, OPT_BRIEF,
	 "print the compact summary instead (main findings, geometric "
	 "means, ranks, largest proven changes): the text, or with "
	 "--format md the Markdown, of render --summary; not with "
	 "--details or --ministat"},
	{"details", 0, NULL, CMD_COMPARE, OPT_DETAILS,
	 "add Welch t, df and p to text output"},
	{"whiskers", 0, "se|ci|none", CMD_RENDER, OPT_WHISKERS,
	 "bar whiskers: +/- 1 standard error (default), the t confidence "
	 "interval at --confidence, or none; the chart says which"},
	{"sort", 0, "input|name|best", CMD_RENDER, OPT_SORT,
	 "bar order: as in the input (default), by system name, or best "
	 "first"},
	{"highlight", 0, "NAME", CMD_RENDER, OPT_HIGHLIGHT,
	 "draw system NAME (in any case, or its start) in its colour and "
	 "every other one grey"},
	{"svg-text", 0, "text|paths", CMD_RENDER, OPT_SVG_TEXT,
	 "SVG text as <text> elements (default: small, searchable) or as "
	 "glyph outlines (looks the same without the fonts)"},
	{"width", 0, "PT", CMD_RENDER | CMD_HISTORY, OPT_WIDTH,
	 "chart width in points (default 600; PNG pixels are twice that; "
	 "a PDF report fits its charts to the page)"},
	{"paper", 0, "a4|letter", CMD_RENDER | CMD_HISTORY, OPT_PAPER,
	 "the PDF report's paper (default a4)"},
	{"chart", 0, "KIND", CMD_RENDER, OPT_CHART,
	 NULL /* from the chart table: br_chart_kinds_help() */},
	{"template", 0, "FILE", CMD_RENDER, OPT_TEMPLATE,
	 "lay out a .html, .txt or .md report with your own template "
	 "instead of the built-in one (syntax: doc/templates.md)"},
	{"summary", 0, NULL, CMD_RENDER, OPT_SUMMARY,
	 "a .txt, .md or .html report of a few KB whatever the number of "
	 "tests: main findings with their intervals, geometric means, "
	 "ranks, largest proven changes (templates/summary.*.tmpl); not "
	 "with --plot"},
	{"chart-dir", 0, "DIR", CMD_RENDER, OPT_CHART_DIR,
	 "Markdown report: show each test's chart from DIR, the SVG file "
	 "'render -o DIR/' writes for it (DIR as the report reaches it)"},
	{"plot", 0, NULL, CMD_RENDER, OPT_PLOT,
	 "text report: a ministat-style dot plot per test (needs raw runs; "
	 "skipped for published summaries)"},
	{"utf8", 0, NULL, CMD_RENDER, OPT_UTF8,
	 "text report: keep every character as UTF-8 (default: ASCII where "
	 "a character has a faithful ASCII form, an accented e as e; names in "
	 "other scripts stay UTF-8)"},
	{"per", 0, "cores|threads|ghz|channels|watt", CMD_STATS | CMD_COMPARE |
	 CMD_RENDER | CMD_CONVERT, OPT_DERIVED,
	 "divide each more-is-better result (multiply each fewer-is-better "
	 "one) by the count PTS reads from the system's hardware string: "
	 "cores and threads as in \"(16 Cores / 32 Threads)\", the GHz "
	 "after \"@\", memory channels from \"Memory: 4 x ...\"; a "
	 "footnote names each count, and a system without one is an error.  "
	 "watt: performance per watt and joules per run from the power "
	 "monitor PTS recorded during each test, with intervals from the "
	 "runs and the sensor samples; tests without one are left out"},
	{"cost", 0, "SYSTEM=AMOUNT[/h]", CMD_STATS | CMD_COMPARE | CMD_RENDER |
	 CMD_CONVERT, OPT_DERIVED,
	 "performance per dollar: divide each more-is-better result "
	 "(multiply each fewer-is-better one) by SYSTEM's cost; AMOUNT/h is "
	 "a cost an hour, times each run's recorded run time (PTS's "
	 "test-run-times); repeatable, every selected system needs one"},
	{"cost-file", 0, "FILE", CMD_STATS | CMD_COMPARE | CMD_RENDER |
	 CMD_CONVERT, OPT_DERIVED,
	 "the costs of --cost from FILE, lines \"SYSTEM,AMOUNT[/h]\" ('#' "
	 "starts a comment; a first line \"system,cost\" is a header)"},
	{"depfile", 0, "FILE", CMD_ALL, OPT_DEPFILE,
	 "also write a make rule to FILE: -o's file(s) depend on every "
	 "input file, directory and template read (for -include in a "
	 "Makefile)"},
	{"keep-going", 0, NULL, CMD_ALL, OPT_KEEP_GOING,
	 "a file in a directory INPUT that cannot be read or is malformed "
	 "is skipped with its error as a warning, and the run says how many "
	 "were (default: it ends the run)"},
	{"gate-strict", 0, NULL, CMD_COMPARE | CMD_HISTORY, OPT_GATE_STRICT,
	 "with --fail-on-regression: exit 4 also when the gate could not "
	 "judge a test (a failed, missing or single-run entry, no "
	 "direction, too few points); the gate's line on stderr, printed "
	 "even with -q, counts and names them"},
	{"quiet", 'q', NULL, CMD_ALL, OPT_QUIET, "no warnings on stderr "
	 "(a gate's line and its regressions are still printed)"},
	{"group-by", 0, "auto|profile|suite|unit|none", CMD_COMPARE |
	 CMD_RENDER, OPT_GROUP_BY,
	 "geometric means per group of tests: by test profile (every "
	 "option of pts/fio is one group), by the public PTS suites that "
	 "run the profile (disk, compression, memory), by unit, or none; "
	 "auto (default): by profile where that makes two groups or more "
	 "and one of them holds two tests"},
	{"all-metrics", 0, NULL, CMD_COMPARE | CMD_RENDER, OPT_ALL_METRICS,
	 "count sub-metrics (dbench's latencies, fio's percentiles, ...) "
	 "in the geometric means and the ranking made from them; default: "
	 "only each benchmark's primary metric (throughput, bandwidth and "
	 "IOPS, transactions per second, every PTS result)"},
	{"hide-unchanged", 0, NULL, CMD_COMPARE | CMD_RENDER,
	 OPT_HIDE_UNCHANGED,
	 "leave out the tests where every system is proven equivalent to "
	 "the baseline within the --equivalence margin (two one-sided "
	 "tests), and say how many (render: from the reports' two-system "
	 "table)"},
	{"verbose", 'v', NULL, CMD_ALL, OPT_VERBOSE, "more detail"},
	{"help", 'h', NULL, CMD_ALL, OPT_HELP, "show this help and exit"},
	{"version", 0, NULL, CMD_ALL, OPT_VERSION, "show the version and exit"},
};
#define N_OPTIONS (sizeof options / sizeof options[0])

void br_cli_report(const struct br_error *err)
{
	/* the file (a walk may have found it) and the message quote the
	 * input: shown as br_visible() shows them, in one write */
	char *where = br_visible_dup(err->where, 0);
	char *msg = br_visible_dup(err->msg, 0);
	const char *m = msg ? msg : "?";

	if (err->where[0])
		fprintf(stderr, PROG ": %s: %s\n", where ? where : "?", m);
	else
		fprintf(stderr, PROG ": %s\n", m);
	free(where);
	free(msg);
}

int br_cli_usage(const struct br_cli *cli, const char *fmt, ...)
{
	va_list ap;

	fputs(PROG ": ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	if (cli && cli->cmd_name)
		fprintf(stderr, PROG ": try '" PROG " %s --help'\n",
			cli->cmd_name);
	else
		fprintf(stderr, PROG ": try '" PROG " --help'\n");
	return BR_EUSAGE;
}

static void print_wrapped(FILE *fp, const char *text, int indent, int width)
{
	int col = indent;
	const char *p = text;

	while (*p) {
		const char *sp = strchr(p, ' ');
		int len = sp ? (int)(sp - p) : (int)strlen(p);

		if (col > indent && col + 1 + len > width) {
			fprintf(fp, "\n%*s", indent, "");
			col = indent;
		} else if (col > indent) {
			fputc(' ', fp);
			col++;
		}
		fwrite(p, 1, (size_t)len, fp);
		col += len;
		p += len;
		while (*p == ' ')
			p++;
	}
	fputc('\n', fp);
}

/*
 * --format's help for command cmd (0: every command, for the man page),
 * its lists from output.c's format table.
 */
static const char *format_help(unsigned cmd)
{
	static char buf[5][600];
	char *tab = br_out_format_list(BR_OUT_TABLE, "", " or ");
	char *ch = br_out_format_list(BR_OUT_CHART, "", " or ");
	char *rep = br_out_format_list(BR_OUT_REPORT, "", " or ");
	char *conv = br_out_format_list(BR_OUT_CONVERT, "", " or ");
	int k = cmd & CMD_RENDER ? 1 : cmd & CMD_CONVERT ? 2 :
		cmd & CMD_HISTORY ? 4 : cmd ? 0 : 3;

	if (!tab || !ch || !rep || !conv)
		snprintf(buf[k], sizeof buf[k], "output format");
	else if (k == 0)
		snprintf(buf[k], sizeof buf[k], "output format: %s (default: "
			 "from -o's extension, else text)", tab);
	else if (k == 1)
		snprintf(buf[k], sizeof buf[k], "output format: %s for a "
			 "chart (a pdf without --tests is the whole report), "
			 "%s for a report (default: from -o's extension; -o - "
			 "needs it)", ch, rep);
	else if (k == 2)
		snprintf(buf[k], sizeof buf[k], "output format: %s (default: "
			 "from -o's extension)", conv);
	else if (k == 4)
		snprintf(buf[k], sizeof buf[k], "output format: %s for the "
			 "table of changes; %s for a trend chart per series "
			 "(-o DIR/, or one PDF of them all), html or pdf with "
			 "--report for the report (default: from -o's "
			 "extension, else text)", tab, ch);
	else
		snprintf(buf[k], sizeof buf[k], "output format, by default "
			 "the one -o's extension names: for stats, compare and "
			 "history %s (else text); for render %s for a chart (a "
			 "pdf without --tests is the whole report), %s for a "
			 "report; for history %s for trend charts, html or pdf "
			 "with --report for its report; for convert %s", tab,
			 ch, rep, ch, conv);
	free(tab);
	free(ch);
	free(rep);
	free(conv);
	return buf[k];
}

/* An option's help for command cmd (0: the man page): its text, or made
 * from the table that defines its values. */
static const char *help_of(const struct option_def *o, unsigned cmd)
{
	if (o->help)
		return o->help;
	return o->id == OPT_FORMAT ? format_help(cmd) : br_chart_kinds_help();
}

static void help_options(FILE *fp, unsigned cmd)
{
	size_t i;

	for (i = 0; i < N_OPTIONS; i++) {
		const struct option_def *o = &options[i];
		char left[64];

		if (!(o->cmds & cmd))
			continue;
		if (o->short_name)
			snprintf(left, sizeof left, "-%c, --%s%s%s",
				 o->short_name, o->name, o->arg ? " " : "",
				 o->arg ? o->arg : "");
		else
			snprintf(left, sizeof left, "    --%s%s%s", o->name,
				 o->arg ? " " : "", o->arg ? o->arg : "");
		/* the help starts after the name and a blank at least */
		fprintf(fp, "  %-26s", left);
		if (strlen(left) >= 26)
			fprintf(fp, "\n%30s", "");
		print_wrapped(fp, help_of(o, cmd), 30, 78);
	}
}

static void help_main(FILE *fp)
{
	size_t i;

	fputs("Usage: " PROG " COMMAND INPUT... [OPTIONS]\n\n"
	      "Turns Phoronix Test Suite / OpenBenchmarking result files, "
	      "their CSV\nexports, tidy CSV and timing tables into "
	      "statistics, charts and reports.\n\nCommands:\n", fp);
	for (i = 0; i < N_COMMANDS; i++)
		fprintf(fp, "  %-10s %s\n", commands[i].name,
			commands[i].summary);
	fputs("\nINPUT is a file, a directory (read recursively) or - for "
	      "stdin; stats and\ncompare with no INPUT read stdin when it is "
	      "piped or redirected.\nRun '" PROG " COMMAND --help' for a "
	      "command's options.\n\nExit status: 0 ok, 1 bad input data or no "
	      "results, 2 usage,\n3 I/O or system error, 4 regression "
	      "found (--fail-on-regression), or a test\nthe gate could not "
	      "judge (--gate-strict).\n", fp);
}

/* Write s for roff: backslashes, leading dots and quotes, hyphens. */
static void roff_text(FILE *fp, const char *s)
{
	if (*s == '.' || *s == '\'')
		fputs("\\&", fp);
	for (; *s; s++) {
		if (*s == '\\')
			fputs("\\e", fp);
		else if (*s == '-')
			fputs("\\-", fp);
		else
			fputc(*s, fp);
	}
}

/* Commands that accept an option, for the man page: "stats, compare". */
static void roff_cmds(FILE *fp, unsigned cmds)
{
	size_t i;
	int n = 0;

	if (cmds == CMD_ALL) {
		fputs("All commands.\n", fp);
		return;
	}
	fputs("Commands: ", fp);
	for (i = 0; i < N_COMMANDS; i++)
		if (cmds & commands[i].id)
			fprintf(fp, "%s\\fB%s\\fR", n++ ? ", " : "",
				commands[i].name);
	fputs(".\n", fp);
}

/* help_man: the header, NAME and SYNOPSIS */
static void man_head(FILE *fp)
{
	size_t i;

	fputs(".\\\" Generated by 'benchreport help --man' from cli/main.c; "
	      "do not edit.\n"
	      ".TH BENCHREPORT 1 \"\" \"" PROG " " BR_VERSION "\" "
	      "\"User Commands\"\n"
	      ".SH NAME\n" PROG " \\- statistics, charts and reports from "
	      "benchmark results\n.SH SYNOPSIS\n", fp);
	for (i = 0; i < N_COMMANDS; i++) {
		fprintf(fp, ".B " PROG " %s\n", commands[i].name);
		roff_text(fp, commands[i].synopsis);
		fputs(" [\\fIOPTIONS\\fR]\n.br\n", fp);
	}
}

/* help_man: DESCRIPTION, the reports included */
static void man_description(FILE *fp)
{
	fputs(".SH DESCRIPTION\n"
	      ".B " PROG "\nturns Phoronix Test Suite / OpenBenchmarking "
	      "result files, their CSV exports, tidy CSV, timing tables and "
	      "raw benchmark logs (dbench, fio, iozone, ...) into "
	      "statistics, charts and reports.\n.PP\n"
	      ".I INPUT\nis a file, a directory (read recursively) or "
	      "\\fB\\-\\fR for standard input; \\fBstats\\fR and "
	      "\\fBcompare\\fR without an \\fIINPUT\\fR read standard "
	      "input when it is a pipe or a redirected file, as "
	      "\\fBministat\\fR(1) does.  Its format is detected "
	      "from its content; \\fB\\-\\-input\\-format\\fR names it "
	      "(\\fB\\-C\\fR or \\fB\\-d\\fR: a file of numbers).\n"
	      ".PP\nValues a table wrote as durations (26:20) are shown as "
	      "m:ss in charts and reports from 2 minutes on; statistics "
	      "stay in seconds.  A PDF report begins with the result "
	      "overview, or says on its title page why there is none, and "
	      "splits a chart too tall for a page (a bar chart of more than "
	      "24 systems, a long grouped chart) over pages, each with its "
	      "header, so that no text prints under 7 pt; line and scaling "
	      "charts take the whole text width.  Pages are A4, or Letter "
	      "with \\fB\\-\\-paper letter\\fR.\n"
	      ".PP\nA raw log's system is named after the directory that "
	      "holds it: its real name when the path says \\fI.\\fR or "
	      "\\fI..\\fR or has no directory, so \\fB" PROG " compare "
	      ". ../tmpfs\\fR run in \\fIruns/disk\\fR compares disk "
	      "with tmpfs.  \\fB\\-\\-system\\fR \\fINAME\\fR "
	      "names it instead; \\fBinspect\\fR says where each "
	      "system's and each test's name came from.\n"
	      ".PP\nInput files that name one system alike (two PTS "
	      "results of one machine) are read as one system when no test "
	      "has a result in both, or both carry the same time stamp; "
	      "otherwise they are kept apart, each named after its file: "
	      "its stem, else (where the stems are alike, as "
	      "\\fIcomposite.xml\\fR) the result's title, the system's "
	      "date or the shortest differing tail of its path, with one "
	      "warning.  \\fB\\-\\-name\\fR \\fIFILE\\fB=\\fILABEL\\fR "
	      "and \\fB\\-\\-rename\\fR \\fIOLD\\fB=\\fINEW\\fR name "
	      "them otherwise, for every command and input format.\n"
	      ".PP\nA report (\\fI.html\\fR, \\fI.txt\\fR, \\fI.md\\fR) "
	      "gives every test a table: a row per system, or for a series "
	      "(line graph) result x down the side and the mean, SE and N "
	      "of each point per system.  The \\fI.txt\\fR report is a mail "
	      "body of at most 72 terminal columns (a CJK character counts "
	      "two); names in any script are kept, right-to-left ones "
	      "between LEFT-TO-RIGHT MARKs.\n"
	      ".PP\n", fp);
	roff_text(fp, reports_text);
}

/* help_man: COMMANDS and OPTIONS, from their tables */
static void man_commands(FILE *fp)
{
	size_t i;

	fputs("\n.SH COMMANDS\n", fp);
	for (i = 0; i < N_COMMANDS; i++) {
		fprintf(fp, ".TP\n.B %s\n", commands[i].name);
		fprintf(fp, "%c", commands[i].summary[0] - 32);
		roff_text(fp, commands[i].summary + 1);
		fputs(".\n", fp);
	}
	fputs(".SH OPTIONS\n", fp);
	for (i = 0; i < N_OPTIONS; i++) {
		const struct option_def *o = &options[i];

		fputs(".TP\n", fp);
		if (o->short_name)
			fprintf(fp, "\\fB\\-%c\\fR, ", o->short_name);
		fputs("\\fB\\-\\-", fp);
		roff_text(fp, o->name);
		fputs("\\fR", fp);
		if (o->arg) {
			fputs(" \\fI", fp);
			roff_text(fp, o->arg);
			fputs("\\fR", fp);
		}
		fputc('\n', fp);
		fprintf(fp, "%c", help_of(o, 0)[0] >= 'a' &&
			help_of(o, 0)[0] <= 'z' ? help_of(o, 0)[0] - 32 :
			help_of(o, 0)[0]);
		roff_text(fp, help_of(o, 0) + 1);
		fputs(".\n", fp);
		roff_cmds(fp, o->cmds);
	}
}

/* help_man: SELECTING TESTS AND SYSTEMS and the statistics */
static void help_man(FILE *fp)
{
	man_head(fp);
	man_description(fp);
	man_commands(fp);
	br_man_selecting(fp);
	br_man_history(fp);
	br_man_exit(fp);
}

static void help_command(FILE *fp, const struct command *c)
{
	fprintf(fp, "Usage: " PROG " %s %s\n\n%c%s.\n", c->name,
		c->synopsis, c->summary[0] - 32, c->summary + 1);
	if (c->id == CMD_RENDER) {
		/* reports_text wrapped at 78 columns */
		const char *p = reports_text;

		fputc('\n', fp);
		while (*p) {
			size_t n = strlen(p), cut = n;

			if (n > 78)
				for (cut = 78; cut > 0 && p[cut] != ' '; cut--)
					;
			fprintf(fp, "%.*s\n", (int)cut, p);
			p += cut;
			while (*p == ' ')
				p++;
		}
	}
	fputs("\nOptions:\n", fp);
	help_options(fp, c->id);
}

/* The option of that name; of two (--list, --fail-on-regression: one
 * for history, one for other commands), command cmd's. */
static const struct option_def *find_long(const char *name, size_t len,
					  unsigned cmd)
{
	const struct option_def *any = NULL;
	size_t i;

	for (i = 0; i < N_OPTIONS; i++)
		if (strlen(options[i].name) == len &&
		    !strncmp(options[i].name, name, len)) {
			if (options[i].cmds & cmd)
				return &options[i];
			if (!any)
				any = &options[i];
		}
	return any;
}

static const struct option_def *find_short(char c)
{
	size_t i;

	for (i = 0; i < N_OPTIONS; i++)
		if (options[i].short_name == c)
			return &options[i];
	return NULL;
}

/* A number in [lo, hi] ((lo, hi) when open); pct: a percent, which may
 * end in '%' ("5%"). */
/*
 * "unknown option '--tset'; did you mean '--test' or '--tests'?": the
 * options nearest to name[0..len) (br_edit_distance), those of command c
 * first, then any other (and which commands take it).
 */
static int unknown_option(const struct br_cli *cli, const struct command *c,
			  const char *name, size_t len)
{
	const struct option_def *best = NULL, *also = NULL;
	char *word = strndup(name, len);
	size_t i, d, lim, bd = (size_t)-1, also_d = 0;
	int pass;

	/* the start of one of c's options ("--base") */
	for (i = 0; word && i < N_OPTIONS; i++)
		if ((options[i].cmds & c->id) &&
		    !strncasecmp(options[i].name, word, len)) {
			bd = best ? 0 : 1;
			best = &options[i];
			if (!bd)
				break;
		}
	if (bd == 0) {        /* the start of several: no guess from it */
		best = NULL;
		bd = (size_t)-1;
	}
	for (pass = 0; word && pass < 2 && !best; pass++)
		for (i = 0; i < N_OPTIONS; i++) {
			if (((options[i].cmds & c->id) != 0) != (pass == 0))
				continue;
			d = br_edit_distance(word, options[i].name);
			lim = br_suggest_limit(len > strlen(options[i].name) ?
					       len : strlen(options[i].name));
			if (d <= lim && d < bd) {
				bd = d;
				best = &options[i];
			}
		}
	/* a second option as near, or one edit further ("--tes": --test
	 * or --tests), in the same group as best: both are named */
	for (i = 0; word && best && bd > 0 && i < N_OPTIONS; i++) {
		if (&options[i] == best || !strcmp(options[i].name,
						   best->name) ||
		    ((options[i].cmds & c->id) != 0) !=
		    ((best->cmds & c->id) != 0))
			continue;
		d = br_edit_distance(word, options[i].name);
		lim = br_suggest_limit(len > strlen(options[i].name) ?
				       len : strlen(options[i].name));
		if (d <= lim && d <= bd + 1 && (!also || d < also_d)) {
			also = &options[i];
			also_d = d;
		}
	}
	free(word);
	if (best && also)
		return br_cli_usage(cli, "unknown option '--%.*s'; did you "
				    "mean '--%s' or '--%s'%s%s%s?", (int)len,
				    name, best->name, also->name,
				    best->cmds & c->id ? "" : " (not options "
				    "of ", best->cmds & c->id ? "" : c->name,
				    best->cmds & c->id ? "" : ")");
	if (best && !(best->cmds & c->id))
		return br_cli_usage(cli, "unknown option '--%.*s'; did you "
				    "mean '--%s' (not an option of %s)?",
				    (int)len, name, best->name, c->name);
	if (best)
		return br_cli_usage(cli, "unknown option '--%.*s'; did you "
				    "mean '--%s'?", (int)len, name, best->name);
	return br_cli_usage(cli, "unknown option '--%.*s'", (int)len, name);
}

static int parse_double(const struct br_cli *cli, const char *opt,
			const char *s, double lo, double hi, bool open,
			bool pct, double *out)
{
	size_t len = strlen(s);
	char *num = strdup(s);
	double v;
	bool ok;

	if (!num)
		return br_cli_usage(cli, "out of memory");
	if (pct && len > 1 && num[len - 1] == '%')
		num[len - 1] = '\0';
	ok = br_parse_number(num, &v, NULL) && (open ? v > lo && v < hi
						   : v >= lo && v <= hi);
	free(num);
	if (!ok)
		return br_cli_usage(cli, "--%s: expected a %s %s %g and %g, "
				    "got '%s'", opt, pct ? "percent" :
				    "number", open ? "strictly between" :
				    "between", lo, hi, s);
	*out = v;
	return BR_OK;
}

/* The render options with a fixed set of values. */
static int render_option(struct br_cli *cli, const struct option_def *o,
			 const char *arg)
{
	double w;

	switch (o->id) {
	case OPT_WHISKERS:
		if (!br_whiskers_parse(arg, &cli->chart.whiskers))
			return br_cli_usage(cli, "--whiskers: expected se, ci "
					    "or none, got '%s'", arg);
		break;
	case OPT_SORT:
		if (!br_sort_parse(arg, &cli->chart.sort))
			return br_cli_usage(cli, "--sort: expected input, name "
					    "or best, got '%s'", arg);
		break;
	case OPT_SVG_TEXT:
		if (strcasecmp(arg, "text") && strcasecmp(arg, "paths"))
			return br_cli_usage(cli, "--svg-text: expected text or "
					    "paths, got '%s'", arg);
		cli->svg_paths = !strcasecmp(arg, "paths");
		break;
	case OPT_WIDTH:
		if (!br_parse_number(arg, &w, NULL) || w < 300 || w > 4000)
			return br_cli_usage(cli, "--width: expected a number "
					    "between 300 and 4000, got '%s'",
					    arg);
		cli->chart.width = w;
		break;
	case OPT_PAPER:
		if (!br_paper_parse(arg, &cli->chart.paper))
			return br_cli_usage(cli, "--paper: expected a4 or "
					    "letter, got '%s'", arg);
		break;
	case OPT_CHART:
		if (!br_chart_kind_known(arg))
			return br_cli_usage(cli, "--chart: expected one of %s; "
					    "got '%s'", br_chart_kinds_list(),
					    arg);
		cli->chart_kind = arg;
		break;
	default:
		break;
	}
	return BR_OK;
}

/* Apply one option.  Returns BR_OK, BR_EUSAGE, or -1 for "exit 0". */
/* The options of how inputs are read (cli->ingest). */
static int ingest_option(struct br_cli *cli, const struct option_def *o,
			 const char *arg)
{
	switch (o->id) {
	case OPT_INPUT_FORMAT: cli->ingest.input_format = arg; break;
	case OPT_SYSTEM: cli->ingest.system = arg; break;
	case OPT_DIRECTION:
		cli->ingest.direction = br_dir_from_name(arg);
		if (cli->ingest.direction == BR_DIR_UNKNOWN)
			return br_cli_usage(cli, "--direction: expected hib, "
					    "lib, more-is-better or "
					    "fewer-is-better, got '%s'", arg);
		break;
	case OPT_TEST:
		if (!*arg)
			return br_cli_usage(cli, "--test: an empty name");
		cli->ingest.test = arg;
		break;
	case OPT_COLUMN: {
		char *end;
		long n = strtol(arg, &end, 10);

		if (end == arg || *end || n < 1 || n > 10000)
			return br_cli_usage(cli, "-C: expected a column number "
					    "from 1 to 10000, got '%s'", arg);
		cli->ingest.column = (int)n;
		break;
	}
	case OPT_DELIMITERS:
		if (!*arg)
			return br_cli_usage(cli, "-d: no delimiter characters");
		cli->ingest.delimiters = arg;
		break;
	case OPT_KEEP_GOING: cli->ingest.keep_going = true; break;
	default:
		break;
	}
	return BR_OK;
}

static int apply(struct br_cli *cli, const struct command *c,
		 const struct option_def *o, const char *arg)
{
	int rc;

	switch (o->id) {
	case OPT_HELP:
		help_command(stdout, c);
		return -1;
	case OPT_VERSION:
		printf(PROG " " BR_VERSION "\n");
		return -1;
	case OPT_QUIET: cli->quiet = true; break;
	case OPT_GATE_STRICT: cli->gate_strict = true; break;
	case OPT_EXCLUDE:
	case OPT_EXCLUDE_SYSTEMS:
		if (!*arg)
			return br_cli_usage(cli, "--%s: an empty pattern",
					    o->name);
		if (o->id == OPT_EXCLUDE)
			cli->excludes[cli->n_excludes++] = arg;
		else
			cli->exclude_systems[cli->n_exclude_systems++] = arg;
		break;
	case OPT_VERBOSE: cli->verbose++; break;
	case OPT_OUTPUT:
		if (!*arg)
			return br_cli_usage(cli, "-o: an empty file name");
		cli->output = arg;
		break;
	case OPT_FORMAT: cli->format = arg; break;
	case OPT_CONFIDENCE:          /* 0.95, or 95% */
		if (*arg && arg[strlen(arg) - 1] == '%') {
			rc = parse_double(cli, o->name, arg, 0, 100, true,
					  true, &cli->an.confidence);
			cli->an.confidence /= 100;
			return rc;
		}
		return parse_double(cli, o->name, arg, 0, 1, true, false,
				    &cli->an.confidence);
	case OPT_BASELINE:
		if (!*arg)          /* an empty $(BASE) in a Makefile */
			return br_cli_usage(cli, "--baseline: an empty name; "
					    "give the start of a system's "
					    "name, or leave --baseline out "
					    "for the first system");
		cli->an.baseline = arg;
		break;
	case OPT_TESTS:                 /* each adds tests (any matches) */
		if (!*arg)          /* an empty $(TESTS) in a Makefile */
			return br_cli_usage(cli, "--tests: an empty pattern "
					    "would select every test; leave "
					    "--tests out for all");
		if (!cli->tests)
			cli->tests = arg;
		cli->patterns[cli->n_patterns++] = arg;
		break;
	case OPT_LIST:
		if (strcmp(arg, "tests") && strcmp(arg, "systems"))
			return br_cli_usage(cli, "--list: expected tests or "
					    "systems, got '%s'", arg);
		cli->list = arg;
		break;
	case OPT_SYSTEMS: cli->systems = arg; break;
	case OPT_TITLE: cli->title = cli->chart.title = arg; break;
	case OPT_INPUT_FORMAT:
	case OPT_SYSTEM:
	case OPT_DIRECTION:
	case OPT_TEST:
	case OPT_COLUMN:
	case OPT_DELIMITERS:
	case OPT_KEEP_GOING:
		return ingest_option(cli, o, arg);
	case OPT_EQUIVALENCE:
		return parse_double(cli, o->name, arg, 0, 100, true, true,
				    &cli->an.equivalence);
	case OPT_MINISTAT: cli->cmp.ministat = true; break;
	case OPT_FAIL_ON_REGRESSION:
		return parse_double(cli, o->name, arg, 0, 1e6, false, true,
				    &cli->fail_on_regression);
	case OPT_HOLM: break;  /* always on (doc/statistics.md, "Ranks") */
	case OPT_DETAILS: cli->cmp.details = true; break;
	case OPT_DEPFILE: cli->depfile = arg; break;
	case OPT_HIGHLIGHT: cli->chart.highlight = arg; break;
	case OPT_TEMPLATE: cli->template_path = arg; break;
	case OPT_CHART_DIR: cli->chart_dir = arg; break;
	case OPT_PLOT: cli->plot = true; break;
	case OPT_UTF8: cli->utf8 = true; break;
	case OPT_SUMMARY: cli->summary = true; break;
	case OPT_BRIEF: cli->brief = true; break;
	case OPT_NAME:
		cli->naming.names[cli->naming.n_names++] = arg;
		break;
	case OPT_RENAME:
		cli->naming.renames[cli->naming.n_renames++] = arg;
		break;
	case OPT_HISTORY:
		return br_cli_history_option(cli, o->name, arg);
	case OPT_GROUP_BY:
		if (!br_group_by_parse(arg, &cli->an.group_by))
			return br_cli_usage(cli, "--group-by: expected auto, "
					    "profile, suite, unit or none, "
					    "got '%s'", arg);
		break;
	case OPT_HIDE_UNCHANGED: cli->cmp.hide_unchanged = true; break;
	case OPT_ALL_METRICS: cli->an.all_metrics = true; break;
	case OPT_DERIVED:
		return br_cli_derived_option(cli, o->name, arg);
	case OPT_WHISKERS:
	case OPT_SORT:
	case OPT_SVG_TEXT:
	case OPT_WIDTH:
	case OPT_PAPER:
	case OPT_CHART:
		return render_option(cli, o, arg);
	}
	return BR_OK;
}

static int parse_args(struct br_cli *cli, const struct command *c, int argc,
		      char **argv)
{
	bool only_inputs = false;
	/* the per-input options set since the last INPUT */
	const char *trailing[3] = {NULL, NULL, NULL};
	int i, rc;

	cli->inputs = calloc((size_t)argc + 1, sizeof *cli->inputs);
	cli->per_input = calloc((size_t)argc + 1, sizeof *cli->per_input);
	cli->patterns = calloc((size_t)argc + 1, sizeof *cli->patterns);
	cli->excludes = calloc((size_t)argc + 1, sizeof *cli->excludes);
	cli->exclude_systems = calloc((size_t)argc + 1,
				      sizeof *cli->exclude_systems);
	cli->naming.names = calloc((size_t)argc + 1, sizeof(char *));
	cli->naming.renames = calloc((size_t)argc + 1, sizeof(char *));
	if (!cli->inputs || !cli->per_input || !cli->patterns ||
	    !cli->excludes || !cli->exclude_systems || !cli->naming.names || !cli->naming.renames) {
		fprintf(stderr, PROG ": out of memory\n");
		return BR_EIO;
	}
	for (i = 0; i < argc; i++) {
		const char *a = argv[i], *arg = NULL;
		const struct option_def *o;

		if (only_inputs || a[0] != '-' || a[1] == '\0') {
			/* --system, --direction and --test apply to the
			 * inputs after them */
			cli->per_input[cli->n_inputs].system =
				cli->ingest.system;
			cli->per_input[cli->n_inputs].direction =
				cli->ingest.direction;
			cli->per_input[cli->n_inputs].test = cli->ingest.test;
			cli->inputs[cli->n_inputs++] = a;
			trailing[0] = trailing[1] = trailing[2] = NULL;
			continue;
		}
		if (!strcmp(a, "--")) {
			only_inputs = true;
			continue;
		}
		if (a[1] == '-') {
			const char *eq = strchr(a + 2, '=');
			size_t len = eq ? (size_t)(eq - a - 2) : strlen(a + 2);

			o = find_long(a + 2, len, c->id);
			if (!o)
				return unknown_option(cli, c, a + 2, len);
			if (eq && !o->arg)
				return br_cli_usage(cli, "option '--%s' takes "
						    "no value", o->name);
			if (eq)
				arg = eq + 1;
		} else {
			o = find_short(a[1]);
			if (!o)
				return br_cli_usage(cli, "unknown option "
						    "'-%c'", a[1]);
			if (a[2] && o->arg)
				arg = a + 2;
			else if (a[2])
				return br_cli_usage(cli, "unknown option "
						    "'%s'", a);
		}
		if (!(o->cmds & c->id))
			return br_cli_usage(cli, "option '--%s' does not "
					    "apply to '%s'", o->name, c->name);
		if (o->arg && !arg) {
			if (i + 1 >= argc)
				return br_cli_usage(cli, "option '--%s' needs "
						    "a value (%s)", o->name,
						    o->arg);
			arg = argv[++i];
		}
		rc = apply(cli, c, o, arg);
		if (rc != BR_OK)
			return rc;
		if (o->id == OPT_SYSTEM || o->id == OPT_DIRECTION ||
		    o->id == OPT_TEST)
			trailing[o->id == OPT_SYSTEM ? 0 :
				 o->id == OPT_DIRECTION ? 1 : 2] = o->name;
	}
	/* after the last INPUT they apply to none (with no INPUT, to
	 * standard input): said, not silently dropped */
	for (i = 0; i < 3 && cli->n_inputs > 0 && !cli->quiet; i++)
		if (trailing[i])
			fprintf(stderr, PROG ": warning: --%s comes after the "
				"last INPUT and applies to none (it applies to "
				"the inputs after it)\n", trailing[i]);
	return BR_OK;
}

/*
 * Standard output's last buffer, and any error writing it (a full disk,
 * a closed descriptor): exit 3 with one line, unless the run already
 * failed and said why.
 */
static int close_stdout(int rc)
{
	/* a write that failed while printing (output longer than the
	 * buffer) left its errno; an empty buffer's fflush would not say
	 * it again */
	int e = ferror(stdout) ? errno : 0;

	errno = 0;
	if (fflush(stdout) == 0 && !ferror(stdout)) {
		if (fclose(stdout) == 0)
			return rc;
		e = errno;
	} else {
		e = errno ? errno : e ? e : EIO;
	}
	if (rc != BR_OK && rc != BR_EREGRESS)
		return rc;
	fprintf(stderr, PROG ": cannot write standard output: %s\n",
		strerror(e));
	return BR_EIO;
}

/*
 * Whether stats or compare without an INPUT reads standard input, as
 * ministat does: when it is a pipe, a FIFO, a socket or a regular file
 * (something was piped or redirected).  A terminal, /dev/null or a
 * closed descriptor keeps the "no INPUT given" error: nothing waits
 * for typed input, and an empty file list in a script fails.
 */
static bool stdin_piped(unsigned cmd)
{
	struct stat st;

	if (!(cmd & (CMD_STATS | CMD_COMPARE)) || fstat(0, &st) != 0)
		return false;
	return S_ISFIFO(st.st_mode) || S_ISREG(st.st_mode) ||
	       S_ISSOCK(st.st_mode);
}

/* "no such command 'report'; did you mean 'render'?": the command
 * nearest to name, or to one of the words users try for it. */
static int no_such_command(const char *name)
{
	const struct command *best = NULL;
	size_t i, d, bd = (size_t)-1, lim = br_suggest_limit(strlen(name));

	for (i = 0; i < N_COMMANDS; i++) {
		const char *p = commands[i].also;

		d = br_edit_distance(name, commands[i].name);
		while (*p) {        /* the "also" words, one by one */
			size_t n = strcspn(p, " "), e;
			char *w = strndup(p, n);

			e = w ? br_edit_distance(name, w) : (size_t)-1;
			free(w);
			if (e < d)
				d = e;
			p += n + (p[n] == ' ');
		}
		if (d <= lim && d < bd) {
			bd = d;
			best = &commands[i];
		}
	}
	if (best)
		return br_cli_usage(NULL, "no such command '%s'; did you mean "
				    "'%s'?", name, best->name);
	return br_cli_usage(NULL, "no such command '%s'", name);
}

/*
 * Options that would be ignored beside --brief or --summary (the compact
 * summary has no details, ministat blocks or dot plots): a usage error
 * rather than a silent no-op.
 */
static int clashes(const struct br_cli *cli)
{
	const char *with = cli->brief ? "--brief" : "--summary", *opt =
		(cli->brief || cli->summary) && cli->cmp.details ? "--details"
		: (cli->brief || cli->summary) && cli->cmp.ministat ?
		"--ministat" : (cli->brief || cli->summary) && cli->plot ?
		"--plot" : NULL;

	if (!opt)
		return BR_OK;
	return br_cli_usage(cli, "%s prints the compact summary, which has no "
			    "%s output; leave out one of them", with, opt);
}

static int run(int argc, char **argv)
{
	struct br_cli cli;
	const struct command *c = NULL;
	size_t i;
	int rc;

	gsl_set_error_handler_off();
	memset(&cli, 0, sizeof cli);
	cli.fail_on_regression = -1;
	br_ingest_opts_defaults(&cli.ingest);
	br_analysis_opts_defaults(&cli.an);
	br_chart_opts_defaults(&cli.chart);
	br_hist_opts_defaults(&cli.hist.o);

	if (argc < 2)
		return br_cli_usage(NULL, "no command given");
	if (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h")) {
		help_main(stdout);
		return 0;
	}
	if (!strcmp(argv[1], "--version")) {
		printf(PROG " " BR_VERSION "\n");
		return 0;
	}
	if (!strcmp(argv[1], "help")) {
		if (argc < 3) {
			help_main(stdout);
			return 0;
		}
		if (!strcmp(argv[2], "--man")) { /* hidden: doc/benchreport.1 */
			help_man(stdout);
			return 0;
		}
		for (i = 0; i < N_COMMANDS; i++)
			if (!strcmp(argv[2], commands[i].name)) {
				help_command(stdout, &commands[i]);
				return 0;
			}
		return no_such_command(argv[2]);
	}
	for (i = 0; i < N_COMMANDS; i++)
		if (!strcmp(argv[1], commands[i].name))
			c = &commands[i];
	if (!c)
		return no_such_command(argv[1]);
	if (getenv("BENCHREPORT_THREADS")) {
		const char *v = getenv("BENCHREPORT_THREADS");
		char *end;
		long n = strtol(v, &end, 10);

		if (end == v || *end || n < 1 || n > 64)
			return br_cli_usage(NULL, "BENCHREPORT_THREADS: '%s' is "
					    "not a number from 1 to 64", v);
		br_parallel_set_max((size_t)n);
	}
	cli.cmd = c->id;
	cli.cmd_name = c->name;
	rc = parse_args(&cli, c, argc - 2, argv + 2);
	if (rc == BR_OK)
		rc = clashes(&cli);
	if (rc == BR_OK) {
		if (cli.n_inputs == 0 && stdin_piped(c->id)) {
			/* ministat's habit: no file reads standard input */
			cli.per_input[0].system = cli.ingest.system;
			cli.per_input[0].direction = cli.ingest.direction;
			cli.per_input[0].test = cli.ingest.test;
			cli.inputs[cli.n_inputs++] = "-";
		}
		if (cli.n_inputs == 0)
			rc = br_cli_usage(&cli, "no INPUT given");
		else
			rc = br_cli_dep_begin(&cli);
		if (rc == BR_OK && cli.n_inputs > 0) {
			rc = c->run(&cli);
			if (rc == BR_OK || (rc == BR_EREGRESS &&
					      !cli.output)) {
				int drc = br_cli_dep_write(&cli);

				if (drc != BR_OK)
					rc = drc;
			} else if (cli.depfile) {
				br_cli_dep_abort(&cli);
			}
		}
	} else if (rc < 0) {
		rc = 0;
	}
	br_cli_outputs_free(&cli);
	free(cli.inputs);
	free(cli.per_input);
	free(cli.patterns);
	free(cli.excludes);
	free(cli.exclude_systems);
	free(cli.naming.names);
	free(cli.naming.renames);
	free(cli.derive.costs);
	return rc;
}

/*
 * Standard output closed (">&-"): the run would end with "cannot write
 * standard output" and exit 3 after renaming -o into place, and make
 * would take that fresh file for a good target.  Said before anything
 * is read or written instead: exit 3, no output.  (Left closed, the
 * first file opened would also become descriptor 1, stdout.)
 */
static bool stdout_closed(void)
{
	return fcntl(STDOUT_FILENO, F_GETFD) < 0 && errno == EBADF;
}

int main(int argc, char **argv)
{
	/* an interrupted run leaves no temporary file
	 * (render/output/output.h) */
	br_out_catch_signals();
	if (stdout_closed()) {
		fprintf(stderr, PROG ": cannot write standard output: %s; "
			"nothing written\n", strerror(EBADF));
		return BR_EIO;
	}
	return close_stdout(run(argc, argv));
}
