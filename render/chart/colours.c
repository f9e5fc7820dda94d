/*
 * colours.c - one colour per system for the whole run, vendor colours
 * matched by whole words, and text that can be read on a fill
 * (doc/charts.md).
 */
#include <ctype.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "chart.h"
#include "colours.h"

/*
 * Okabe and Ito's palette (2008), ordered so that the first systems get
 * the most distinct colours.  Simulated deuteranopia and protanopia
 * (Machado et al. 2009) leave every pair at least 11.6 CIEDE2000 apart
 * (normal vision 21.7; orange and yellow are the closest pair under
 * deuteranopia, blue and purple under protanopia):
 * tests/colours/cvd.py computes it, check_colours.c checks it.  PTS's
 * first eight fall to 6.0 (red and green under deuteranopia) and put
 * red, pink and orange, teal and green side by side.
 */
static const uint32_t palette[BR_N_PALETTE] = {
	0x0072b2,	/* blue */
	0xe69f00,	/* orange */
	0x009e73,	/* bluish green */
	0xd55e00,	/* vermillion */
	0x56b4e9,	/* sky blue */
	0xcc79a7,	/* reddish purple */
	0xf0e442,	/* yellow */
	0x000000,	/* black */
};

/* Every system but the highlighted one (--highlight). */
#define GREY 0xbdbdbdu

enum { INTEL, AMAZON, NVIDIA, AMD, GOOGLE, MICROSOFT, ARM, BSD };

static const char *const vendor_names[BR_N_PALETTE] = {
	"Intel", "Amazon", "NVIDIA", "AMD", "Google", "Microsoft", "ARM",
	"BSD",
};

/*
 * PTS's vendor words (doc/pts-format.md section 4.2), each now a palette
 * colour near PTS's (Intel blue, AMD red, NVIDIA green, Amazon orange,
 * ...), so vendors stay as distinct as the palette.  Matched as whole
 * words: "amd64" and "Arch" name no vendor.  PTS's "core i" and "bsd"
 * matched inside words; "core i3" ... and the BSDs' names say it whole.
 * The first word found in table order wins, GPUs first as in PTS.
 */
static const struct {
	const char *word;
	int vendor;
} vendors[] = {
	{"geforce", NVIDIA}, {"nvidia", NVIDIA}, {"quadro", NVIDIA},
	{"rtx", NVIDIA}, {"gtx", NVIDIA},
	{"radeon", AMD}, {"amd", AMD}, {"ryzen", AMD}, {"epyc", AMD},
	{"threadripper", AMD}, {"athlon", AMD}, {"opteron", AMD},
	{"firepro", AMD}, {"rx", AMD},
	{"intel", INTEL}, {"xeon", INTEL}, {"core i3", INTEL},
	{"core i5", INTEL}, {"core i7", INTEL}, {"core i9", INTEL},
	{"core ultra", INTEL}, {"pentium", INTEL}, {"celeron", INTEL},
	{"arc", INTEL},
	{"bsd", BSD}, {"freebsd", BSD}, {"openbsd", BSD}, {"netbsd", BSD},
	{"dragonflybsd", BSD},
	{"windows", MICROSOFT}, {"microsoft", MICROSOFT},
	{"ec2", AMAZON}, {"amazon", AMAZON}, {"aws", AMAZON},
	{"google", GOOGLE},
	{"arm", ARM},
};

uint32_t br_palette(size_t k)
{
	return palette[k % BR_N_PALETTE];
}

struct br_style br_series_style(size_t k)
{
	struct br_style s;

	/* the rounds of the palette: solid, long dashes, short dashes,
	 * then again (with other markers by then) */
	static const double dashes[] = {0, 6, 2.5};
	size_t round = k / BR_N_PALETTE;

	s.color = palette[k % BR_N_PALETTE];
	s.marker = (enum br_marker)(round % BR_N_MARKERS);
	s.dash = dashes[round % (sizeof dashes / sizeof dashes[0])];
	return s;
}

/* Whether word occurs in s with a non-alphanumeric character or an end
 * of s on either side, case-insensitively. */
static bool has_word(const char *s, const char *word)
{
	size_t n = strlen(word);
	const char *p;

	for (p = s; *p; p++)
		if (tolower((unsigned char)*p) ==
		    tolower((unsigned char)word[0]) &&
		    (p == s || !isalnum((unsigned char)p[-1])) &&
		    !strncasecmp(p, word, n) && !isalnum((unsigned char)p[n]))
			return true;
	return false;
}

/* The vendor of name (an index of palette), or -1. */
static int vendor_index(const char *name)
{
	size_t i;

	for (i = 0; i < sizeof vendors / sizeof vendors[0]; i++)
		if (has_word(name, vendors[i].word))
			return vendors[i].vendor;
	return -1;
}

const char *br_vendor_of(const char *name, uint32_t *color)
{
	int v = vendor_index(name);

	if (v < 0)
		return NULL;
	if (color)
		*color = palette[v];
	return vendor_names[v];
}

void br_assign_styles(const char *const *names, size_t n, bool vendor,
		      const char *highlight, struct br_style *out)
{
	size_t claims[BR_N_PALETTE] = {0}, next = 0, j;
	bool taken[BR_N_PALETTE] = {false};

	/* A vendor's colour says which system is that vendor's only when
	 * one system has it; two AMD systems take palette colours. */
	for (j = 0; vendor && j < n; j++) {
		int v = vendor_index(names[j]);

		out[j].marker = BR_MARKER_CIRCLE;
		out[j].color = BR_NONE;
		out[j].dash = 0;
		if (v >= 0)
			claims[v]++;
	}
	for (j = 0; vendor && j < n; j++) {
		int v = vendor_index(names[j]);

		if (v >= 0 && claims[v] == 1) {
			out[j].color = palette[v];
			taken[v] = true;
		}
	}
	for (j = 0; j < n; j++) {
		if (vendor && out[j].color != BR_NONE)
			continue;
		while (next < BR_N_PALETTE && taken[next])
			next++;
		out[j] = br_series_style(next++);
	}
	for (j = 0; highlight && j < n; j++)
		if (strcmp(names[j], highlight))
			out[j].color = GREY;
}

struct br_style *br_system_styles(const struct br_analysis *a,
				  const struct br_chart_opts *o)
{
	size_t n = a->sel->n_systems, j;
	struct br_style *st = calloc(n + 1, sizeof *st);
	const char **names = calloc(n + 1, sizeof *names);
	struct br_chart_opts d;

	if (!st || !names) {
		free(st);
		free(names);
		return NULL;
	}
	if (!o) {
		br_chart_opts_defaults(&d);
		o = &d;
	}
	for (j = 0; j < n; j++)
		names[j] = br_analysis_system(a, j);
	br_assign_styles(names, n, o->vendor_colors, o->highlight, st);
	free(names);
	return st;
}

/* WCAG 2.x relative luminance of an sRGB colour. */
static double luminance(uint32_t c)
{
	double v[3];
	int i;

	for (i = 0; i < 3; i++) {
		double x = (double)((c >> (16 - 8 * i)) & 0xff) / 255;

		v[i] = x <= 0.03928 ? x / 12.92 : pow((x + 0.055) / 1.055, 2.4);
	}
	return 0.2126 * v[0] + 0.7152 * v[1] + 0.0722 * v[2];
}

uint32_t br_text_on(uint32_t fill)
{
	double l = luminance(fill);

	/* contrast with black (l + 0.05) / 0.05, with white 1.05 / (l +
	 * 0.05) */
	return (l + 0.05) * (l + 0.05) >= 1.05 * 0.05 ? 0x000000 : 0xffffff;
}
