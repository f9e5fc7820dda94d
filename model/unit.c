/*
 * unit.c - units and directions.  A known unit maps to a dimension and a
 * scale to that dimension's base unit, so KB/s and MB/s, ms and s can be
 * compared.  Decimal prefixes (kB, MB) are powers of 1000, binary ones
 * (KiB, MiB) powers of 1024; "KB/s" is read as kB/s (1000), the reading
 * PTS and most tools document, so KiB/s and kB/s stay distinct and exact.
 * Unknown units are kept verbatim, never guessed into another.
 *
 * Also the PTS names of the model's enums, both ways: Proportion for
 * directions, DisplayFormat for display kinds (doc/pts-format.md).
 */
#include <ctype.h>
#include <string.h>
#include <strings.h>

#include "model.h"

struct unit_def {
	const char *name;  /* matched case-insensitively after normalising */
	const char *canon;
	enum br_dim dim;
	double scale;
};

#define KB 1e3
#define MB 1e6
#define GB 1e9
#define TB 1e12
#define KIB 1024.0
#define MIB (1024.0 * 1024.0)
#define GIB (1024.0 * 1024.0 * 1024.0)
#define TIB (1024.0 * 1024.0 * 1024.0 * 1024.0)

static const struct unit_def units[] = {
	/* time */
	{"seconds", "Seconds", BR_DIM_TIME, 1},
	{"second", "Seconds", BR_DIM_TIME, 1},
	{"sec", "Seconds", BR_DIM_TIME, 1},
	{"secs", "Seconds", BR_DIM_TIME, 1},
	{"s", "Seconds", BR_DIM_TIME, 1},
	{"milliseconds", "ms", BR_DIM_TIME, 1e-3},
	{"millisecond", "ms", BR_DIM_TIME, 1e-3},
	{"msec", "ms", BR_DIM_TIME, 1e-3},
	{"ms", "ms", BR_DIM_TIME, 1e-3},
	{"microseconds", "us", BR_DIM_TIME, 1e-6},
	{"microsecond", "us", BR_DIM_TIME, 1e-6},
	{"usec", "us", BR_DIM_TIME, 1e-6},
	{"us", "us", BR_DIM_TIME, 1e-6},
	{"\xc2\xb5s", "us", BR_DIM_TIME, 1e-6},
	{"nanoseconds", "ns", BR_DIM_TIME, 1e-9},
	{"nanosecond", "ns", BR_DIM_TIME, 1e-9},
	{"nsec", "ns", BR_DIM_TIME, 1e-9},
	{"ns", "ns", BR_DIM_TIME, 1e-9},
	{"minutes", "Minutes", BR_DIM_TIME, 60},
	{"minute", "Minutes", BR_DIM_TIME, 60},
	{"min", "Minutes", BR_DIM_TIME, 60},
	{"hours", "Hours", BR_DIM_TIME, 3600},
	{"hour", "Hours", BR_DIM_TIME, 3600},
	/* byte rates */
	{"b/s", "B/s", BR_DIM_BYTE_RATE, 1},
	{"bytes/s", "B/s", BR_DIM_BYTE_RATE, 1},
	{"bytes/sec", "B/s", BR_DIM_BYTE_RATE, 1},
	{"kb/s", "kB/s", BR_DIM_BYTE_RATE, KB},
	{"kb/sec", "kB/s", BR_DIM_BYTE_RATE, KB},
	{"kbytes/sec", "kB/s", BR_DIM_BYTE_RATE, KB},
	{"kbytes/s", "kB/s", BR_DIM_BYTE_RATE, KB},
	{"kib/s", "KiB/s", BR_DIM_BYTE_RATE, KIB},
	{"kib/sec", "KiB/s", BR_DIM_BYTE_RATE, KIB},
	{"mb/s", "MB/s", BR_DIM_BYTE_RATE, MB},
	{"mb/sec", "MB/s", BR_DIM_BYTE_RATE, MB},
	{"mbytes/sec", "MB/s", BR_DIM_BYTE_RATE, MB},
	{"mbytes/s", "MB/s", BR_DIM_BYTE_RATE, MB},
	{"megabytes/sec", "MB/s", BR_DIM_BYTE_RATE, MB},
	{"mib/s", "MiB/s", BR_DIM_BYTE_RATE, MIB},
	{"mib/sec", "MiB/s", BR_DIM_BYTE_RATE, MIB},
	{"gb/s", "GB/s", BR_DIM_BYTE_RATE, GB},
	{"gb/sec", "GB/s", BR_DIM_BYTE_RATE, GB},
	{"gib/s", "GiB/s", BR_DIM_BYTE_RATE, GIB},
	{"tb/s", "TB/s", BR_DIM_BYTE_RATE, TB},
	/* bit rates */
	{"bit/s", "bit/s", BR_DIM_BIT_RATE, 1},
	{"bps", "bit/s", BR_DIM_BIT_RATE, 1},
	{"kbit/s", "kbit/s", BR_DIM_BIT_RATE, KB},
	{"kbps", "kbit/s", BR_DIM_BIT_RATE, KB},
	{"mbit/s", "Mbit/s", BR_DIM_BIT_RATE, MB},
	{"mbps", "Mbit/s", BR_DIM_BIT_RATE, MB},
	{"gbit/s", "Gbit/s", BR_DIM_BIT_RATE, GB},
	{"gbps", "Gbit/s", BR_DIM_BIT_RATE, GB},
	/* operation rates */
	{"tps", "TPS", BR_DIM_OP_RATE, 1},
	{"transactions/s", "TPS", BR_DIM_OP_RATE, 1},
	{"transactions/sec", "TPS", BR_DIM_OP_RATE, 1},
	{"transactions per second", "TPS", BR_DIM_OP_RATE, 1},
	{"ops/s", "Ops/sec", BR_DIM_OP_RATE, 1},
	{"ops/sec", "Ops/sec", BR_DIM_OP_RATE, 1},
	{"op/s", "Ops/sec", BR_DIM_OP_RATE, 1},
	{"operations/s", "Ops/sec", BR_DIM_OP_RATE, 1},
	{"operations per second", "Ops/sec", BR_DIM_OP_RATE, 1},
	{"iops", "IOPS", BR_DIM_OP_RATE, 1},
	{"kiops", "kIOPS", BR_DIM_OP_RATE, KB},
	{"files/s", "Files/s", BR_DIM_OP_RATE, 1},
	{"files/sec", "Files/s", BR_DIM_OP_RATE, 1},
	{"files per second", "Files/s", BR_DIM_OP_RATE, 1},
	{"requests/s", "Requests/s", BR_DIM_OP_RATE, 1},
	{"requests per second", "Requests/s", BR_DIM_OP_RATE, 1},
	{"queries/s", "Queries/s", BR_DIM_OP_RATE, 1},
	{"queries per second", "Queries/s", BR_DIM_OP_RATE, 1},
	{"qps", "Queries/s", BR_DIM_OP_RATE, 1},
	{"fps", "FPS", BR_DIM_OP_RATE, 1},
	{"frames per second", "FPS", BR_DIM_OP_RATE, 1},
	{"events/s", "Events/s", BR_DIM_OP_RATE, 1},
	{"events per second", "Events/s", BR_DIM_OP_RATE, 1},
	{"ops/min", "Ops/min", BR_DIM_OP_RATE, 1.0 / 60},
	/* sizes */
	{"bytes", "Bytes", BR_DIM_BYTES, 1},
	{"kb", "kB", BR_DIM_BYTES, KB},
	{"kib", "KiB", BR_DIM_BYTES, KIB},
	{"mb", "MB", BR_DIM_BYTES, MB},
	{"mib", "MiB", BR_DIM_BYTES, MIB},
	{"gb", "GB", BR_DIM_BYTES, GB},
	{"gib", "GiB", BR_DIM_BYTES, GIB},
	{"tb", "TB", BR_DIM_BYTES, TB},
	{"tib", "TiB", BR_DIM_BYTES, TIB},
	/* scores, percent, frequency */
	{"score", "Score", BR_DIM_SCORE, 1},
	{"final score", "Final Score", BR_DIM_SCORE, 1},
	{"points", "Points", BR_DIM_SCORE, 1},
	{"%", "%", BR_DIM_PERCENT, 1},
	{"percent", "%", BR_DIM_PERCENT, 1},
	{"hz", "Hz", BR_DIM_FREQ, 1},
	{"khz", "kHz", BR_DIM_FREQ, KB},
	{"mhz", "MHz", BR_DIM_FREQ, MB},
	{"ghz", "GHz", BR_DIM_FREQ, GB},
};

void br_unit_parse(const char *s, struct br_unit *out)
{
	char norm[64];
	size_t n = 0, i;
	const char *p;

	out->dim = BR_DIM_UNKNOWN;
	out->scale = 1;
	out->text = s ? s : "";
	out->canon = out->text;
	if (!s)
		return;
	while (*s == ' ' || *s == '\t')
		s++;
	/* Lower-case, squeeze blanks, "per second" spacing kept. */
	for (p = s; *p && n + 1 < sizeof norm; p++) {
		if ((*p == ' ' || *p == '\t') && (n == 0 || norm[n - 1] == ' '))
			continue;
		norm[n++] = (char)tolower((unsigned char)*p);
	}
	if (*p)
		return; /* too long to be a unit we know */
	while (n && norm[n - 1] == ' ')
		n--;
	norm[n] = '\0';
	for (i = 0; i < sizeof units / sizeof units[0]; i++) {
		if (strcmp(norm, units[i].name) == 0) {
			out->dim = units[i].dim;
			out->scale = units[i].scale;
			out->canon = units[i].canon;
			return;
		}
	}
}

const char *br_dim_name(enum br_dim d)
{
	switch (d) {
	case BR_DIM_TIME: return "time";
	case BR_DIM_BYTE_RATE: return "byte-rate";
	case BR_DIM_BIT_RATE: return "bit-rate";
	case BR_DIM_OP_RATE: return "op-rate";
	case BR_DIM_BYTES: return "bytes";
	case BR_DIM_SCORE: return "score";
	case BR_DIM_PERCENT: return "percent";
	case BR_DIM_FREQ: return "frequency";
	case BR_DIM_COUNT: return "count";
	case BR_DIM_UNKNOWN: break;
	}
	return "unknown";
}

enum br_dir br_dir_from_name(const char *s)
{
	static const struct {
		const char *name;
		enum br_dir dir;
	} names[] = {
		{"hib", BR_DIR_HIB}, {"more-is-better", BR_DIR_HIB},
		{"higher-is-better", BR_DIR_HIB}, {"lib", BR_DIR_LIB},
		{"fewer-is-better", BR_DIR_LIB}, {"less-is-better", BR_DIR_LIB},
		{"lower-is-better", BR_DIR_LIB},
	};
	size_t i;

	for (i = 0; s && i < sizeof names / sizeof names[0]; i++)
		if (!strcasecmp(s, names[i].name))
			return names[i].dir;
	return BR_DIR_UNKNOWN;
}

enum br_dir br_dir_from_proportion(const char *s)
{
	if (!s)
		return BR_DIR_UNKNOWN;
	while (*s == ' ')
		s++;
	if (!strncasecmp(s, "HIB", 3))
		return BR_DIR_HIB;
	if (!strncasecmp(s, "LIB", 3))
		return BR_DIR_LIB;
	return BR_DIR_UNKNOWN;
}

enum br_dir br_dir_from_unit(const struct br_unit *u)
{
	switch (u->dim) {
	case BR_DIM_TIME:
		return BR_DIR_LIB;
	case BR_DIM_BYTE_RATE:
	case BR_DIM_BIT_RATE:
	case BR_DIM_OP_RATE:
		return BR_DIR_HIB;
	default:
		return BR_DIR_UNKNOWN;
	}
}

const char *br_dir_name(enum br_dir d)
{
	return d == BR_DIR_HIB ? "HIB" : d == BR_DIR_LIB ? "LIB" : "";
}

const char *br_dir_phrase(enum br_dir d)
{
	return d == BR_DIR_HIB ? "More Is Better"
	       : d == BR_DIR_LIB ? "Fewer Is Better" : "Direction Unknown";
}

/* The display kind of a PTS DisplayFormat; see model.h. */
enum br_display br_display_from_pts(const char *s)
{
	if (!s || !*s)
		return BR_DISPLAY_BAR;
	if (!strcmp(s, "LINE_GRAPH") || !strcmp(s, "FILLED_LINE_GRAPH"))
		return BR_DISPLAY_LINE;
	if (!strcmp(s, "PASS_FAIL"))
		return BR_DISPLAY_PASS_FAIL;
	if (!strcmp(s, "MULTI_PASS_FAIL"))
		return BR_DISPLAY_MULTI_PASS_FAIL;
	if (!strcmp(s, "IMAGE_COMPARISON") || !strcmp(s, "NO_RESULT") ||
	    !strcmp(s, "SCATTER_PLOT") || !strcmp(s, "PIE_CHART"))
		return BR_DISPLAY_OTHER;
	return BR_DISPLAY_BAR; /* unknown formats are drawn as bars (PTS) */
}

/* The PTS DisplayFormat of a display kind; see model.h. */
const char *br_display_pts_name(enum br_display d)
{
	switch (d) {
	case BR_DISPLAY_LINE: return "LINE_GRAPH";
	case BR_DISPLAY_PASS_FAIL: return "PASS_FAIL";
	case BR_DISPLAY_MULTI_PASS_FAIL: return "MULTI_PASS_FAIL";
	case BR_DISPLAY_BAR:
	case BR_DISPLAY_OTHER: break;
	}
	return "BAR_GRAPH";
}

const char *br_test_display_format(const struct br_test *t)
{
	if (t->display_format && *t->display_format)
		return t->display_format;
	return br_display_pts_name(t->display);
}
