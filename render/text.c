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
#include <stdlib.h>
#include <string.h>

#include "text.h"

static PangoFontMap *fontmap;
static PangoContext *context;
static PangoLayout *layout;  /* reused for measurement */

static bool setup(void)
{
	cairo_font_options_t *fo;

	if (layout)
		return true;
	fontmap = pango_cairo_font_map_new();
	if (!fontmap)
		return false;
	pango_cairo_font_map_set_resolution(PANGO_CAIRO_FONT_MAP(fontmap),
					    72.0);
	context = pango_font_map_create_context(fontmap);
	fo = cairo_font_options_create();
	cairo_font_options_set_hint_style(fo, CAIRO_HINT_STYLE_NONE);
	cairo_font_options_set_hint_metrics(fo, CAIRO_HINT_METRICS_OFF);
	cairo_font_options_set_antialias(fo, CAIRO_ANTIALIAS_GRAY);
	pango_cairo_context_set_font_options(context, fo);
	cairo_font_options_destroy(fo);
	pango_cairo_context_set_resolution(context, 72.0);
#if PANGO_VERSION_CHECK(1, 44, 0)
	pango_context_set_round_glyph_positions(context, FALSE);
#endif
	layout = pango_layout_new(context);
	return layout != NULL;
}

void br_text_shutdown(void)
{
	if (layout)
		g_object_unref(layout);
	if (context)
		g_object_unref(context);
	if (fontmap)
		g_object_unref(fontmap);
	layout = NULL;
	context = NULL;
	fontmap = NULL;
}

static void set_font(PangoLayout *l, const char *family, double size,
		     bool bold)
{
	PangoFontDescription *fd = pango_font_description_new();

	pango_font_description_set_family(fd, family ? family
					  : BR_FONT_FAMILY);
	pango_font_description_set_weight(fd, bold ? PANGO_WEIGHT_BOLD
					  : PANGO_WEIGHT_NORMAL);
	pango_font_description_set_absolute_size(fd, size * PANGO_SCALE);
	pango_layout_set_font_description(l, fd);
	pango_font_description_free(fd);
}

double br_text_width(const char *family, double size, bool bold,
		     const char *s)
{
	PangoRectangle logical;

	if (!s || !*s || !setup())
		return 0;
	set_font(layout, family, size, bold);
	pango_layout_set_text(layout, s, -1);
	pango_layout_get_extents(layout, NULL, &logical);
	return (double)logical.width / PANGO_SCALE;
}

double br_text_ascent(const char *family, double size, bool bold)
{
	if (!setup())
		return size * 0.93;
	set_font(layout, family, size, bold);
	pango_layout_set_text(layout, "Hg", -1);
	return (double)pango_layout_get_baseline(layout) / PANGO_SCALE;
}

struct _PangoLayout *br_text_layout(const char *family, double size,
				    bool bold, const char *s)
{
	PangoLayout *l;

	if (!setup())
		return NULL;
	l = pango_layout_new(context);
	if (!l)
		return NULL;
	set_font(l, family, size, bold);
	pango_layout_set_text(l, s, -1);
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
