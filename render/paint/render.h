/*
 * render.h - backends: paint scenes into bytes.
 *
 *   svg       hand-written SVG with <text> elements (searchable, small);
 *             every string escaped; no generated ids
 *   svg-paths cairo's SVG surface: text as glyph outlines (exact look
 *             without the fonts installed)
 *   pdf       cairo PDF: vector, fonts embedded as subsets; one scene a
 *             page; title/creator/date metadata
 *   png       cairo image surface at a scale (2x by default)
 *
 * Same scene and options give the same bytes: the PDF dates come from
 * opts->epoch (SOURCE_DATE_EPOCH), never from the clock.
 * Backends write to the caller's FILE (br_out from output.h); they never
 * print, and report failure through br_error.
 */
#ifndef BR_RENDER_H
#define BR_RENDER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "../../model/model.h"
#include "scene.h"

enum br_image_format {
	BR_IMAGE_SVG,
	BR_IMAGE_SVG_PATHS,
	BR_IMAGE_PDF,
	BR_IMAGE_PNG,
};

/* (Their names, for --format and extensions: formats.h's table.) */
/* File suffix without the dot: "svg", "pdf", "png". */
const char *br_image_format_suffix(enum br_image_format f);

struct br_paint_opts {
	double png_scale;     /* pixels per point for PNG; 2 */
	const char *title;    /* PDF/SVG title; NULL: the first scene's */
	const char *creator;  /* PDF creator, e.g. "benchreport 0.1.0" */
	long long epoch;      /* PDF dates, seconds since 1970; < 0: none */
	bool svg_classes;     /* SVG inline in the HTML report: styles as
			       * the classes of br_svg_css(), lines as
			       * paths, no XML declaration */
};

void br_paint_opts_defaults(struct br_paint_opts *o);

/*
 * Write scenes to fp in format f.  PDF makes one page per scene (each its
 * own size); the other formats take exactly one scene.  Returns BR_OK,
 * or BR_EIO with err set (cairo's status or a write error).
 */
int br_render_scenes(FILE *fp, enum br_image_format f,
		     struct br_scene *const *scenes, size_t n,
		     const struct br_paint_opts *o, struct br_error *err);

/* The hand-written SVG of one scene. */
int br_render_svg(FILE *fp, const struct br_scene *s,
		  const struct br_paint_opts *o, struct br_error *err);

/*
 * The style sheet of the classes an SVG written with svg_classes uses
 * (svg_css.c): a page that shows such charts has it once.  Made once,
 * static.  br_svg_class: the class of a style key (svg.c), "" for the
 * defaults, NULL when the table has none (the attributes are written).
 */
const char *br_svg_css(void);
const char *br_svg_class(const char *key);

/* Paint a scene on a cairo context (current transform applies). */
struct _cairo;
void br_cairo_paint(struct _cairo *cr, const struct br_scene *s);

#endif
