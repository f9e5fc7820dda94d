/*
 * hbwidth.c - widths of plain Latin text in DejaVu Sans by HarfBuzz
 * alone (hbwidth.h; doc/charts.md, "Fonts").
 *
 * What pango does for such a string, done directly: one run, left to
 * right, script Latin (Common when no character is Latin), the default
 * language, the font file's HarfBuzz face at a scale of the size in
 * pango units (the integer pango keeps), no features beyond HarfBuzz's
 * defaults, the string itself as context; the width is the sum of the
 * advances, in pango units.  Only characters that are shaped alone and
 * the same in every language system of DejaVu Sans are taken (see
 * simple()); anything else, or a language that does not write Latin, is
 * left to pango.  tests/unit/check_fonts.c holds the two equal.
 *
 * On PDF pages the same glyphs are drawn from the same run (br_hb_show):
 * laying a label out again in pango, only to draw it, was a fifth of a
 * PDF report's time.  The glyphs, their positions in pango units and
 * the clusters that keep the text copyable are what pango's renderer
 * would give cairo for that run.
 */
#include <cairo-ft.h>
#include <hb.h>
#include <pango/pango.h>
#include <stdlib.h>
#include <string.h>

#include "fonts.h"
#include "hbwidth.h"
#include "text.h"
#include "uchar.h"

static struct {
	bool tried, ok;
	hb_font_t *font[2];      /* regular, bold; scaled per call */
	hb_buffer_t *buf;
	hb_language_t lang;
	/* br_hb_show's: the same files as cairo font faces */
	bool cairo_tried, cairo_ok;
	cairo_font_face_t *face[2];
} H;

/* FreeType, for the cairo faces: once per process, never freed (cairo
 * may hold the faces past br_hb_shutdown) */
static FT_Library ft_lib;

static const cairo_user_data_key_t ft_key;

/* Printable ASCII, Latin-1 and Latin Extended-A/B letters and signs (no
 * controls, no soft hyphen, no combining marks), general punctuation
 * (dashes, quotes, the ellipsis, per mille) and the multiplication
 * sign: characters DejaVu Sans shapes one glyph each. */
static bool simple(uint32_t c, bool *latin)
{
	if ((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') ||
	    (c >= 0xc0 && c <= 0x24f && c != 0xd7 && c != 0xf7)) {
		*latin = true;
		return true;
	}
	return (c >= 0x20 && c <= 0x7e) ||
	       (c >= 0xa0 && c <= 0xbf && c != 0xad) || c == 0xd7 ||
	       c == 0xf7 || (c >= 0x2010 && c <= 0x2027) ||
	       (c >= 0x2030 && c <= 0x203a);
}

static bool setup(void)
{
	PangoLanguage *pl;
	int i;

	const char *env = getenv("BENCHREPORT_FONTS");

	if (H.tried)
		return H.ok;
	H.tried = true;
	if (env && *env)      /* "system" or "pango": pango for all */
		return false;
	pl = pango_language_get_default();
	if (!pango_language_includes_script(pl, PANGO_SCRIPT_LATIN))
		return false;
	H.lang = hb_language_from_string(pango_language_to_string(pl), -1);
	for (i = 0; i < 2; i++) {
		const char *path = br_fonts_file(i == 1);
		hb_blob_t *blob;
		hb_face_t *face;

		if (!path)
			return false;
		blob = hb_blob_create_from_file(path);
		face = hb_face_create(blob, 0);
		hb_blob_destroy(blob);
		H.font[i] = hb_font_create(face);
		hb_face_destroy(face);
		if (hb_face_get_glyph_count(hb_font_get_face(H.font[i])) == 0)
			return false;
	}
	H.buf = hb_buffer_create();
	H.ok = hb_buffer_allocation_successful(H.buf);
	return H.ok;
}

/* s shaped into H.buf at size (in pango units, into *scale), as pango
 * would shape it; false when s is not such text. */
static bool shape(const char *family, double size, bool bold,
		  const char *s, int *scale)
{
	const char *p;
	bool latin = false;

	if ((family && strcmp(family, BR_FONT_FAMILY)) || !(size > 0) ||
	    size > 1e5)
		return false;
	for (p = s; *p;) {
		uint32_t c;
		size_t k = br_uchar_decode(p, &c);

		if (k == 0 || !simple(c, &latin))
			return false;
		p += k;
	}
	if (!setup())
		return false;
	for (p = s; *p;) {   /* every character in the font */
		uint32_t c;
		hb_codepoint_t g;

		p += br_uchar_decode(p, &c);
		if (!hb_font_get_nominal_glyph(H.font[bold], c, &g))
			return false;
	}
	*scale = (int)(size * PANGO_SCALE);  /* pango keeps an int */
	hb_font_set_scale(H.font[bold], *scale, *scale);
	hb_buffer_clear_contents(H.buf);
	hb_buffer_set_direction(H.buf, HB_DIRECTION_LTR);
	hb_buffer_set_script(H.buf, latin ? HB_SCRIPT_LATIN : HB_SCRIPT_COMMON);
	hb_buffer_set_language(H.buf, H.lang);
	hb_buffer_set_flags(H.buf, HB_BUFFER_FLAG_BOT | HB_BUFFER_FLAG_EOT);
	hb_buffer_add_utf8(H.buf, s, -1, 0, -1);
	hb_shape(H.font[bold], H.buf, NULL, 0);
	return true;
}

bool br_hb_width(const char *family, double size, bool bold,
		 const char *s, double *width)
{
	hb_glyph_position_t *pos;
	unsigned n, i;
	int scale;
	long long sum = 0;

	if (!shape(family, size, bold, s, &scale))
		return false;
	pos = hb_buffer_get_glyph_positions(H.buf, &n);
	for (i = 0; i < n; i++)
		sum += pos[i].x_advance;
	*width = (double)sum / PANGO_SCALE;
	return true;
}

static void ft_done(void *face)
{
	FT_Done_Face(face);
}

/* The two font files as cairo font faces (once). */
static bool cairo_setup(void)
{
	int i;

	if (H.cairo_tried)
		return H.cairo_ok;
	H.cairo_tried = true;
	if (!ft_lib && FT_Init_FreeType(&ft_lib))
		return false;
	for (i = 0; i < 2; i++) {
		FT_Face ft;
		const char *path = br_fonts_file(i == 1);

		if (!path || FT_New_Face(ft_lib, path, 0, &ft))
			return false;
		H.face[i] = cairo_ft_font_face_create_for_ft_face(ft, 0);
		/* the FT face lives as long as cairo keeps the font face */
		if (cairo_font_face_set_user_data(H.face[i], &ft_key, ft,
						  ft_done)) {
			FT_Done_Face(ft);
			return false;
		}
	}
	H.cairo_ok = true;
	return true;
}

/* The clusters of the shaped run over the n bytes of its text, in
 * logical order: bytes and glyphs of each (cl has room for ng). */
static int clusters(const hb_glyph_info_t *info, unsigned ng, size_t n,
		    cairo_text_cluster_t *cl)
{
	unsigned i, j;
	int k = 0;

	for (i = 0; i < ng; i = j) {
		for (j = i; j < ng && info[j].cluster == info[i].cluster; j++)
			;
		cl[k].num_glyphs = (int)(j - i);
		cl[k].num_bytes = (int)((j < ng ? info[j].cluster : n) -
					info[i].cluster);
		k++;
	}
	return k;
}

bool br_hb_show(cairo_t *cr, const char *family, double size, bool bold,
		const char *s, double x, double y)
{
	hb_glyph_info_t *info;
	hb_glyph_position_t *pos;
	cairo_glyph_t *g;
	cairo_text_cluster_t *cl;
	unsigned n, i;
	int scale, ncl;
	long long pen = 0;
	size_t len = strlen(s);

	if (!shape(family, size, bold, s, &scale) || !cairo_setup())
		return false;
	info = hb_buffer_get_glyph_infos(H.buf, &n);
	pos = hb_buffer_get_glyph_positions(H.buf, &n);
	g = malloc((n + 1) * sizeof *g);
	cl = malloc((n + 1) * sizeof *cl);
	if (!g || !cl) {
		free(g);
		free(cl);
		return false;
	}
	for (i = 0; i < n; i++) {
		g[i].index = info[i].codepoint;
		g[i].x = x + (double)(pen + pos[i].x_offset) / PANGO_SCALE;
		g[i].y = y - (double)pos[i].y_offset / PANGO_SCALE;
		pen += pos[i].x_advance;
	}
	ncl = clusters(info, n, len, cl);
	cairo_set_font_face(cr, H.face[bold]);
	cairo_set_font_size(cr, (double)scale / PANGO_SCALE);
	cairo_show_text_glyphs(cr, s, (int)len, g, (int)n, cl, ncl, 0);
	free(g);
	free(cl);
	return true;
}

void br_hb_shutdown(void)
{
	if (H.font[0])
		hb_font_destroy(H.font[0]);
	if (H.font[1])
		hb_font_destroy(H.font[1]);
	if (H.buf)
		hb_buffer_destroy(H.buf);
	/* cairo frees each FT face with its font face (ft_done) */
	if (H.face[0])
		cairo_font_face_destroy(H.face[0]);
	if (H.face[1])
		cairo_font_face_destroy(H.face[1]);
	memset(&H, 0, sizeof H);
}
