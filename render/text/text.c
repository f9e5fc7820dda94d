/*
 * text.c - deterministic text measurement (and layouts for painting)
 * with pango on a private pangocairo font map.
 *
 * Why a private font map at 72 dpi with hinting off: layout must not
 * depend on the output device.  Hinted metrics would round advances to
 * whole device pixels and make the PNG at 2x lay out differently from the
 * PDF; unrounded glyph positions keep widths exact and identical for
 * every backend.
 */
#include <pango/pangocairo.h>
#include <pango/pangofc-fontmap.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "escape.h"
#include "fonts.h"
#include "hbwidth.h"
#include "text.h"

/*
 * The font last set on each reused layout, so repeated runs in one font
 * (every tick label, every name) skip building a font description.
 */
struct font_key {
	const char *family;   /* compared by content */
	double size;
	bool bold;
	bool set;
};

/*
 * Two font maps (fonts.h): the project's, on a private fontconfig
 * configuration of DejaVu Sans alone, for every string its files cover;
 * the system's for the rest (fallback fonts), made on first need.  A
 * string covered by DejaVu Sans gets the same glyphs from both.
 */
enum { W_PROJECT, W_SYSTEM };
struct world {
	PangoFontMap *fontmap;
	PangoContext *context;
	PangoLayout *layout;  /* reused for measurement */
	PangoLayout *paint;   /* reused for painting (br_text_layout_shared) */
	struct font_key layout_font, paint_font;
};
static struct world worlds[2];
/*
 * Widths already measured: a chart set repeats most of its strings
 * (names, ticks, "SE +/- ...", captions), and the ellipsizing and
 * wrapping searches measure the same prefixes again.  Open addressing,
 * keyed by font and text; cleared when full, so memory stays bounded.
 */
#define WCACHE_SIZE 16384    /* slots, a power of two */
#define WCACHE_MAX 12000     /* entries before the table is cleared */
struct wentry {
	char *key;            /* family \x1f size \x1f bold \x1f text */
	uint64_t hash;
	double width;
};
static struct wentry *wcache;
static size_t wcache_n;

static void pcache_clear(void);

static void wcache_clear(void)
{
	size_t i;

	for (i = 0; wcache && i < WCACHE_SIZE; i++)
		free(wcache[i].key);
	free(wcache);
	wcache = NULL;
	wcache_n = 0;
}

/* A font map on cfg (NULL: pango's default, the current configuration)
 * at 72 dpi, unhinted, with unrounded glyph positions. */
static bool world_make(struct world *w, FcConfig *cfg)
{
	cairo_font_options_t *fo;

	w->fontmap = pango_cairo_font_map_new();
	if (!w->fontmap)
		return false;
	if (cfg && PANGO_IS_FC_FONT_MAP(w->fontmap))
		pango_fc_font_map_set_config(PANGO_FC_FONT_MAP(w->fontmap),
					     cfg);
	pango_cairo_font_map_set_resolution(PANGO_CAIRO_FONT_MAP(w->fontmap),
					    72.0);
	w->context = pango_font_map_create_context(w->fontmap);
	fo = cairo_font_options_create();
	cairo_font_options_set_hint_style(fo, CAIRO_HINT_STYLE_NONE);
	cairo_font_options_set_hint_metrics(fo, CAIRO_HINT_METRICS_OFF);
	cairo_font_options_set_antialias(fo, CAIRO_ANTIALIAS_GRAY);
	pango_cairo_context_set_font_options(w->context, fo);
	cairo_font_options_destroy(fo);
	pango_cairo_context_set_resolution(w->context, 72.0);
#if PANGO_VERSION_CHECK(1, 44, 0)
	pango_context_set_round_glyph_positions(w->context, FALSE);
#endif
	w->layout = pango_layout_new(w->context);
	return w->layout != NULL;
}

/* The font map for s in family (bold): the project's when its files
 * have every character, else the system's; NULL when none can be made. */
static struct world *setup(const char *family, bool bold, const char *s)
{
	struct world *w;
	FcConfig *cfg;

	if (br_fonts_covers(family, bold, s)) {
		w = &worlds[W_PROJECT];
		cfg = br_fonts_project();
	} else {
		w = &worlds[W_SYSTEM];
		cfg = br_fonts_system();
	}
	if (w->layout)
		return w;
	if (w->fontmap)
		return NULL;   /* tried, failed */
	return world_make(w, cfg) ? w : NULL;
}

static void world_free(struct world *w)
{
	if (w->paint)
		g_object_unref(w->paint);
	if (w->layout)
		g_object_unref(w->layout);
	if (w->context)
		g_object_unref(w->context);
	if (w->fontmap)
		g_object_unref(w->fontmap);
	memset(w, 0, sizeof *w);
}

void br_text_shutdown(void)
{
	wcache_clear();
	pcache_clear();
	world_free(&worlds[W_PROJECT]);
	world_free(&worlds[W_SYSTEM]);
	br_hb_shutdown();
	br_fonts_shutdown();
}

static void set_font(PangoLayout *l, const char *family, double size,
		     bool bold)
{
	PangoFontDescription *fd = pango_font_description_new();

	if (!family)
		family = BR_FONT_FAMILY;

	pango_font_description_set_family(fd, family ? family
					  : BR_FONT_FAMILY);
	pango_font_description_set_weight(fd, bold ? PANGO_WEIGHT_BOLD
					  : PANGO_WEIGHT_NORMAL);
	pango_font_description_set_absolute_size(fd, size * PANGO_SCALE);
	pango_layout_set_font_description(l, fd);
	pango_font_description_free(fd);
}

/* Set the font of a reused layout unless it already has it. */
static void set_font_cached(PangoLayout *l, struct font_key *k,
			    const char *family, double size, bool bold)
{
	if (!family)
		family = BR_FONT_FAMILY;
	if (k->set && k->size == size && k->bold == bold &&
	    (k->family == family || !strcmp(k->family, family)))
		return;
	set_font(l, family, size, bold);
	k->family = family;   /* static strings (struct br_font) */
	k->size = size;
	k->bold = bold;
	k->set = true;
}

/* Pango gets s as every chart medium shows it (br_display_dup: U+FFFD
 * for bytes that are not UTF-8, which Pango would warn about, "U+202E"
 * for a bidi override, which it would apply), so that what is measured
 * is what is painted, and what the SVG writes. */
static void set_text(PangoLayout *l, const char *s)
{
	const unsigned char *p = (const unsigned char *)s;
	char *d;

	while (*p >= 0x20 && *p < 0x7f)
		p++;
	if (!*p || !(d = br_display_dup(s))) {
		pango_layout_set_text(l, s, -1);
		return;
	}
	pango_layout_set_text(l, d, -1);
	free(d);
}

static uint64_t fnv1a(const char *s, size_t n)
{
	uint64_t h = 14695981039346656037ull;
	size_t i;

	for (i = 0; i < n; i++) {
		h ^= (unsigned char)s[i];
		h *= 1099511628211ull;
	}
	return h;
}

static double measure(const char *family, double size, bool bold,
		      const char *s)
{
	PangoRectangle logical;
	struct world *w;
	double hw;

	if (br_hb_width(family, size, bold, s, &hw))
		return hw;
	if (!(w = setup(family, bold, s)))
		return 0;
	set_font_cached(w->layout, &w->layout_font, family, size, bold);
	set_text(w->layout, s);
	pango_layout_get_extents(w->layout, NULL, &logical);
	return (double)logical.width / PANGO_SCALE;
}

double br_text_width(const char *family, double size, bool bold,
		     const char *s)
{
	char head[128];
	size_t hl, sl, slot;
	uint64_t h;
	char *key;
	double w;

	if (!s || !*s)
		return 0;
	if (!family)
		family = BR_FONT_FAMILY;
	hl = (size_t)snprintf(head, sizeof head, "%s\x1f%.17g\x1f%d\x1f",
			      family, size, bold);
	if (hl >= sizeof head)
		return measure(family, size, bold, s);
	sl = strlen(s);
	h = fnv1a(s, sl) ^ (fnv1a(head, hl) * 31);
	if (!wcache) {
		wcache = calloc(WCACHE_SIZE, sizeof *wcache);
		if (!wcache)
			return measure(family, size, bold, s);
	}
	for (slot = (size_t)h & (WCACHE_SIZE - 1); wcache[slot].key;
	     slot = (slot + 1) & (WCACHE_SIZE - 1)) {
		const char *k = wcache[slot].key;

		if (wcache[slot].hash == h && !strncmp(k, head, hl) &&
		    !strcmp(k + hl, s))
			return wcache[slot].width;
	}
	w = measure(family, size, bold, s);
	if (wcache_n >= WCACHE_MAX) {
		wcache_clear();
		return w;
	}
	key = malloc(hl + sl + 1);
	if (!key)
		return w;   /* not cached; still measured */
	memcpy(key, head, hl);
	memcpy(key + hl, s, sl + 1);
	wcache[slot].key = key;
	wcache[slot].hash = h;
	wcache[slot].width = w;
	wcache_n++;
	return w;
}

/*
 * Painting shapes every run again; charts of one report repeat most runs
 * (names, ticks, captions), so shaped layouts are kept in a direct-mapped
 * table: a hit costs a hash and a compare, a miss replaces the slot.
 */
#define PCACHE_SIZE 1024
struct pentry {
	char *key;            /* as the width cache's */
	PangoLayout *layout;
};
static struct pentry *pcache;

static void pcache_clear(void)
{
	size_t i;

	for (i = 0; pcache && i < PCACHE_SIZE; i++) {
		free(pcache[i].key);
		if (pcache[i].layout)
			g_object_unref(pcache[i].layout);
	}
	free(pcache);
	pcache = NULL;
}

struct _PangoLayout *br_text_layout_shared(const char *family, double size,
					   bool bold, const char *s)
{
	char head[128];
	size_t hl, sl;
	struct pentry *e;
	struct world *w;
	PangoLayout *l;
	char *key;

	if (!family)
		family = BR_FONT_FAMILY;
	if (!s)
		s = "";
	if (!(w = setup(family, bold, s)))
		return NULL;
	hl = (size_t)snprintf(head, sizeof head, "%s\x1f%.17g\x1f%d\x1f",
			      family, size, bold);
	if (!pcache)
		pcache = calloc(PCACHE_SIZE, sizeof *pcache);
	if (hl >= sizeof head || !pcache) {
		/* uncached: one reused layout */
		if (!w->paint && !(w->paint = pango_layout_new(w->context)))
			return NULL;
		set_font_cached(w->paint, &w->paint_font, family, size, bold);
		set_text(w->paint, s);
		return w->paint;
	}
	sl = strlen(s);
	e = &pcache[(fnv1a(s, sl) ^ (fnv1a(head, hl) * 31)) &
		    (PCACHE_SIZE - 1)];
	if (e->key && !strncmp(e->key, head, hl) && !strcmp(e->key + hl, s))
		return e->layout;
	key = malloc(hl + sl + 1);
	l = key ? pango_layout_new(w->context) : NULL;
	if (!l) {
		free(key);
		return NULL;
	}
	memcpy(key, head, hl);
	memcpy(key + hl, s, sl + 1);
	set_font(l, family, size, bold);
	set_text(l, s);
	free(e->key);
	if (e->layout)
		g_object_unref(e->layout);
	e->key = key;
	e->layout = l;
	return l;
}

/* Length of the UTF-8 prefix of s that keeps n characters. */
static size_t utf8_prefix(const char *s, size_t n)
{
	const char *p = s;

	while (*p && n > 0) {
		p++;
		while ((*p & 0xc0) == 0x80)
			p++;
		n--;
	}
	return (size_t)(p - s);
}

static size_t utf8_chars(const char *s)
{
	size_t n = 0;

	for (; *s; s++)
		if ((*s & 0xc0) != 0x80)
			n++;
	return n;
}

#define ELLIPSIS "\xe2\x80\xa6"

char *br_text_ellipsize(const char *family, double size, bool bold,
			const char *s, double max_w)
{
	size_t lo = 0, hi, len = strlen(s);
	char *buf;

	if (br_text_width(family, size, bold, s) <= max_w)
		return strdup(s);
	buf = malloc(len + sizeof ELLIPSIS);
	if (!buf)
		return NULL;
	/* Largest character count k whose prefix + "..." fits. */
	hi = utf8_chars(s);
	while (lo < hi) {
		size_t mid = (lo + hi + 1) / 2, b = utf8_prefix(s, mid);

		memcpy(buf, s, b);
		strcpy(buf + b, ELLIPSIS);
		if (br_text_width(family, size, bold, buf) <= max_w)
			lo = mid;
		else
			hi = mid - 1;
	}
	{
		size_t b = utf8_prefix(s, lo);

		/* no dangling space before the ellipsis */
		while (b > 0 && s[b - 1] == ' ')
			b--;
		memcpy(buf, s, b);
		strcpy(buf + b, ELLIPSIS);
	}
	return buf;
}

void br_text_lines_free(char **lines, size_t n)
{
	size_t i;

	if (!lines)
		return;
	for (i = 0; i < n; i++)
		free(lines[i]);
	free(lines);
}

static bool add_line(char ***lines, size_t *n, const char *s, size_t len)
{
	char **nl = realloc(*lines, (*n + 1) * sizeof *nl);

	if (!nl)
		return false;
	*lines = nl;
	nl[*n] = strndup(s, len);
	if (!nl[*n])
		return false;
	(*n)++;
	return true;
}

size_t br_text_wrap(const char *family, double size, bool bold,
		    const char *s, double max_w, char ***lines)
{
	size_t n = 0, len = strlen(s);
	char *buf = malloc(len + 1);
	const char *p = s;

	*lines = NULL;
	if (!buf)
		return (size_t)-1;
	while (*p == ' ')
		p++;
	while (*p) {
		size_t best = 0, i = 0;

		/* Longest run of whole words from p that fits. */
		for (;;) {
			size_t j = i;

			while (p[j] == ' ')
				j++;
			while (p[j] && p[j] != ' ')
				j++;
			memcpy(buf, p, j);
			buf[j] = '\0';
			if (br_text_width(family, size, bold, buf) > max_w)
				break;
			best = j;
			if (!p[j])
				break;
			i = j;
		}
		if (best == 0) {
			/* One word wider than a line: cut it by characters. */
			size_t k = 1, nchar = 1, word = strcspn(p, " ");

			while (k < word) {
				size_t b = utf8_prefix(p, nchar + 1);

				memcpy(buf, p, b);
				buf[b] = '\0';
				if (b > word || br_text_width(family, size, bold,
							     buf) > max_w)
					break;
				k = b;
				nchar++;
			}
			best = utf8_prefix(p, nchar);
		}
		if (!add_line(lines, &n, p, best)) {
			free(buf);
			br_text_lines_free(*lines, n);
			*lines = NULL;
			return (size_t)-1;
		}
		p += best;
		while (*p == ' ')
			p++;
	}
	free(buf);
	return n;
}
