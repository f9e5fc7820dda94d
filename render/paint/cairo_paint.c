/*
 * cairo_paint.c - scenes painted with cairo: PDF, PNG and SVG with text
 * as outlines.  One painter for every surface (rrdtool's
 * graph_cairo_setup idea); only the surface creation differs.  Output
 * goes through a stream callback into the caller's FILE.
 */
#include <cairo-pdf.h>
#include <cairo-svg.h>
#include <cairo.h>
#include <math.h>
#include <pango/pangocairo.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "render.h"
#include "../text/hbwidth.h"
#include "../text/text.h"

void br_paint_opts_defaults(struct br_paint_opts *o)
{
	memset(o, 0, sizeof *o);
	o->png_scale = 2;
	o->epoch = -1;
}

const char *br_image_format_suffix(enum br_image_format f)
{
	switch (f) {
	case BR_IMAGE_PDF: return "pdf";
	case BR_IMAGE_PNG: return "png";
	case BR_IMAGE_SVG:
	case BR_IMAGE_SVG_PATHS: break;
	}
	return "svg";
}

static void set_color(cairo_t *cr, uint32_t c)
{
	cairo_set_source_rgb(cr, ((c >> 16) & 0xff) / 255.0,
			     ((c >> 8) & 0xff) / 255.0, (c & 0xff) / 255.0);
}

static void do_stroke(cairo_t *cr, const struct br_prim *p)
{
	if (p->stroke == BR_NONE || p->stroke_width <= 0) {
		cairo_new_path(cr);
		return;
	}
	set_color(cr, p->stroke);
	cairo_set_line_width(cr, p->stroke_width);
	if (p->dash > 0) {
		double d[2] = {p->dash, p->dash};

		cairo_set_dash(cr, d, 2, 0);
	} else {
		cairo_set_dash(cr, NULL, 0, 0);
	}
	cairo_stroke(cr);
}

static void paint_text(cairo_t *cr, const struct br_prim *p)
{
	PangoLayout *l;
	double baseline, dx = 0;

	if (p->anchor == BR_ANCHOR_MIDDLE)
		dx = -p->text_w / 2;
	else if (p->anchor == BR_ANCHOR_END)
		dx = -p->text_w;
	cairo_save(cr);
	cairo_translate(cr, p->x, p->y);
	if (p->angle != 0)
		cairo_rotate(cr, -p->angle * M_PI / 180);
	set_color(cr, p->fill);
	/* on a PDF page, plain Latin text is drawn from the HarfBuzz run
	 * that measured it (hbwidth.h): the glyphs pango would draw */
	if (cairo_surface_get_type(cairo_get_target(cr)) ==
	    CAIRO_SURFACE_TYPE_PDF &&
	    br_hb_show(cr, p->family, p->size, p->bold, p->text, dx, 0)) {
		cairo_new_path(cr);
		cairo_restore(cr);
		return;
	}
	l = br_text_layout_shared(p->family, p->size, p->bold, p->text);
	if (!l) {
		cairo_restore(cr);
		return;
	}
	baseline = (double)pango_layout_get_baseline(l) / PANGO_SCALE;
	cairo_move_to(cr, dx, -baseline);
	pango_cairo_show_layout(cr, l);
	cairo_new_path(cr);   /* the path is not part of save/restore */
	cairo_restore(cr);
}

void br_cairo_paint(cairo_t *cr, const struct br_scene *s)
{
	size_t i, k;

	cairo_save(cr);
	if (s->background != BR_NONE) {
		set_color(cr, s->background);
		cairo_rectangle(cr, 0, 0, s->width, s->height);
		cairo_fill(cr);
	}
	cairo_set_line_cap(cr, CAIRO_LINE_CAP_BUTT);
	for (i = 0; i < s->n_prims; i++) {
		const struct br_prim *p = &s->prims[i];

		switch (p->kind) {
		case BR_PRIM_RECT:
			cairo_rectangle(cr, p->x, p->y, p->w, p->h);
			if (p->fill != BR_NONE) {
				set_color(cr, p->fill);
				cairo_fill_preserve(cr);
			}
			do_stroke(cr, p);
			break;
		case BR_PRIM_LINE:
			cairo_move_to(cr, p->x, p->y);
			cairo_line_to(cr, p->x2, p->y2);
			do_stroke(cr, p);
			break;
		case BR_PRIM_POLYLINE:
			cairo_new_path(cr);
			for (k = 0; k < p->n_pts; k++)
				cairo_line_to(cr, p->pts[2 * k],
					      p->pts[2 * k + 1]);
			cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND);
			if (p->fill != BR_NONE) {
				cairo_close_path(cr);
				set_color(cr, p->fill);
				cairo_fill_preserve(cr);
			}
			do_stroke(cr, p);
			cairo_set_line_join(cr, CAIRO_LINE_JOIN_MITER);
			break;
		case BR_PRIM_CIRCLE:
			cairo_new_sub_path(cr);
			cairo_arc(cr, p->x, p->y, p->r, 0, 2 * M_PI);
			if (p->fill != BR_NONE) {
				set_color(cr, p->fill);
				cairo_fill_preserve(cr);
			}
			do_stroke(cr, p);
			break;
		case BR_PRIM_TEXT:
			paint_text(cr, p);
			break;
		}
	}
	cairo_restore(cr);
}

static cairo_status_t write_fp(void *closure, const unsigned char *data,
			       unsigned int length)
{
	FILE *fp = closure;

	if (length && fwrite(data, 1, length, fp) != length)
		return CAIRO_STATUS_WRITE_ERROR;
	return CAIRO_STATUS_SUCCESS;
}

static int cairo_fail(struct br_error *err, cairo_status_t st)
{
	return br_error_set(err, BR_EIO, NULL, 0, "cairo: %s",
			    cairo_status_to_string(st));
}

/* "YYYY-MM-DDTHH:MM:SSZ" (UTC) for the PDF metadata. */
static void iso_date(char *buf, size_t size, long long epoch)
{
	time_t t = (time_t)epoch;
	struct tm tm;

	gmtime_r(&t, &tm);
	strftime(buf, size, "%Y-%m-%dT%H:%M:%SZ", &tm);
}

static int render_pdf(FILE *fp, struct br_scene *const *scenes, size_t n,
		      const struct br_paint_opts *o, struct br_error *err)
{
	cairo_surface_t *sf;
	cairo_status_t st;
	cairo_t *cr;
	const char *title = o->title ? o->title : scenes[0]->title;
	size_t i;

	sf = cairo_pdf_surface_create_for_stream(write_fp, fp,
						 scenes[0]->width,
						 scenes[0]->height);
	st = cairo_surface_status(sf);
	if (st != CAIRO_STATUS_SUCCESS) {
		cairo_surface_destroy(sf);
		return cairo_fail(err, st);
	}
	if (title)
		cairo_pdf_surface_set_metadata(sf, CAIRO_PDF_METADATA_TITLE,
					       title);
	if (o->creator)
		cairo_pdf_surface_set_metadata(sf, CAIRO_PDF_METADATA_CREATOR,
					       o->creator);
	/* cairo stamps the clock by default, which would make every run
	 * differ: with SOURCE_DATE_EPOCH both dates are that moment,
	 * without it an empty date makes cairo leave them out. */
	{
		char date[32] = "";

		if (o->epoch >= 0)
			iso_date(date, sizeof date, o->epoch);
		cairo_pdf_surface_set_metadata(sf,
			CAIRO_PDF_METADATA_CREATE_DATE, date);
		cairo_pdf_surface_set_metadata(sf,
			CAIRO_PDF_METADATA_MOD_DATE, date);
	}
	cr = cairo_create(sf);
	for (i = 0; i < n; i++) {
		cairo_pdf_surface_set_size(sf, scenes[i]->width,
					   scenes[i]->height);
		br_cairo_paint(cr, scenes[i]);
		cairo_show_page(cr);
	}
	st = cairo_status(cr);
	cairo_destroy(cr);
	cairo_surface_finish(sf);
	if (st == CAIRO_STATUS_SUCCESS)
		st = cairo_surface_status(sf);
	cairo_surface_destroy(sf);
	if (st != CAIRO_STATUS_SUCCESS)
		return cairo_fail(err, st);
	return BR_OK;
}

static int render_png(FILE *fp, const struct br_scene *s,
		      const struct br_paint_opts *o, struct br_error *err)
{
	double scale = o->png_scale > 0 ? o->png_scale : 2;
	int w = (int)ceil(s->width * scale), h = (int)ceil(s->height * scale);
	cairo_surface_t *sf;
	cairo_status_t st;
	cairo_t *cr;

	/* cairo's image limit: a limit of the output, not an I/O error
	 * (exit 1, as for other limits; --format svg or pdf has none) */
	if (w < 1 || h < 1 || w > 32767 || h > 32767)
		return br_error_set(err, BR_EDATA, NULL, 0, "PNG of %dx%d "
				    "pixels is too large (at most 32767 a "
				    "side): choose fewer systems with "
				    "--systems, or write SVG or PDF", w, h);
	sf = cairo_image_surface_create(CAIRO_FORMAT_RGB24, w, h);
	cr = cairo_create(sf);
	cairo_scale(cr, scale, scale);
	br_cairo_paint(cr, s);
	st = cairo_status(cr);
	cairo_destroy(cr);
	if (st == CAIRO_STATUS_SUCCESS)
		st = cairo_surface_write_to_png_stream(sf, write_fp, fp);
	cairo_surface_destroy(sf);
	if (st != CAIRO_STATUS_SUCCESS)
		return cairo_fail(err, st);
	return BR_OK;
}

static int render_svg_paths(FILE *fp, const struct br_scene *s,
			    struct br_error *err)
{
	cairo_surface_t *sf;
	cairo_status_t st;
	cairo_t *cr;

	sf = cairo_svg_surface_create_for_stream(write_fp, fp, s->width,
						 s->height);
	st = cairo_surface_status(sf);
	if (st != CAIRO_STATUS_SUCCESS) {
		cairo_surface_destroy(sf);
		return cairo_fail(err, st);
	}
	cairo_svg_surface_restrict_to_version(sf, CAIRO_SVG_VERSION_1_1);
	cr = cairo_create(sf);
	br_cairo_paint(cr, s);
	st = cairo_status(cr);
	cairo_destroy(cr);
	cairo_surface_finish(sf);
	if (st == CAIRO_STATUS_SUCCESS)
		st = cairo_surface_status(sf);
	cairo_surface_destroy(sf);
	if (st != CAIRO_STATUS_SUCCESS)
		return cairo_fail(err, st);
	return BR_OK;
}

int br_render_scenes(FILE *fp, enum br_image_format f,
		     struct br_scene *const *scenes, size_t n,
		     const struct br_paint_opts *o, struct br_error *err)
{
	struct br_paint_opts def;
	int rc;

	if (!o) {
		br_paint_opts_defaults(&def);
		o = &def;
	}
	if (n == 0)
		return br_error_set(err, BR_EDATA, NULL, 0, "nothing to draw");
	switch (f) {
	case BR_IMAGE_PDF:
		rc = render_pdf(fp, scenes, n, o, err);
		break;
	case BR_IMAGE_PNG:
		rc = render_png(fp, scenes[0], o, err);
		break;
	case BR_IMAGE_SVG_PATHS:
		rc = render_svg_paths(fp, scenes[0], err);
		break;
	case BR_IMAGE_SVG:
	default:
		rc = br_render_svg(fp, scenes[0], o, err);
		break;
	}
	if (rc == BR_OK && ferror(fp))
		rc = br_error_set(err, BR_EIO, NULL, 0, "write error");
	return rc;
}
