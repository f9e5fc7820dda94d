/*
 * scene.h - a chart as a flat list of drawing primitives, in points.
 *
 * Layout code (chart_*.c) turns summaries into a scene; backends
 * (cairo_paint.c for PDF/PNG, svg.c) only paint it.  A scene is pure data:
 * br_scene_dump() prints it as stable text (2 decimals) so most chart bugs
 * show up as text diffs in golden tests.
 *
 * Coordinates: origin top left, y down, 1 unit = 1 pt (= 1 px at 1x).
 * Text runs are single lines positioned at their baseline; x is the
 * anchor point (start, middle or end of the run).  The measured width is
 * stored with the run so backends and tests agree on extents.
 *
 * Ownership: a scene owns copies of every string and point array given to
 * it.  Free with br_scene_free().  Adding never fails visibly: on ENOMEM
 * the scene remembers it (br_scene_failed()) and ignores later additions.
 */
#ifndef BR_SCENE_H
#define BR_SCENE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* 0xRRGGBB, or BR_NONE for "no fill" / "no stroke". */
#define BR_NONE 0xff000000u

enum br_prim_kind {
	BR_PRIM_RECT,
	BR_PRIM_LINE,
	BR_PRIM_POLYLINE,
	BR_PRIM_CIRCLE,
	BR_PRIM_TEXT,
};

enum br_anchor { BR_ANCHOR_START, BR_ANCHOR_MIDDLE, BR_ANCHOR_END };

struct br_prim {
	enum br_prim_kind kind;
	double x, y;         /* rect: top left; line: start; circle: centre;
			      * text: anchor point on the baseline */
	double w, h;         /* rect size */
	double x2, y2;       /* line end */
	double r;            /* circle radius */
	double *pts;         /* polyline: x0 y0 x1 y1 ... (owned); closed
			      * and filled when fill != BR_NONE */
	size_t n_pts;        /* polyline: number of points */
	uint32_t fill;       /* rect/circle fill; text colour */
	uint32_t stroke;     /* rect/circle/line/polyline stroke */
	double stroke_width;
	double dash;         /* on/off dash length; 0 = solid */
	char *text;          /* text run, UTF-8 (owned) */
	const char *family;  /* static font family name */
	double size;         /* font size in points (pixels at 1x) */
	bool bold;
	enum br_anchor anchor;
	double angle;        /* text rotation in degrees, counter-clockwise */
	double text_w;       /* measured advance width of the run */
	char *tip;           /* text: what it stands for when shortened
			      * (SVG shows it on hover), or NULL (owned) */
};

struct br_scene {
	double width, height;
	uint32_t background;  /* page colour */
	char *title;          /* document title (PDF metadata), or NULL */
	double axis_x;        /* a chart's value axis: where its plot
			       * starts (0: none), for a report to line
			       * its charts up; not painted */
	struct br_prim *prims;
	size_t n_prims, cap_prims;
	bool nomem;
};

/* New empty scene of the given size; NULL on ENOMEM. */
struct br_scene *br_scene_new(double width, double height);
void br_scene_free(struct br_scene *s);

/* True when an allocation failed while building s. */
bool br_scene_failed(const struct br_scene *s);

void br_scene_set_title(struct br_scene *s, const char *title);

void br_scene_rect(struct br_scene *s, double x, double y, double w, double h,
		   uint32_t fill, uint32_t stroke, double stroke_width);
void br_scene_line(struct br_scene *s, double x1, double y1, double x2,
		   double y2, uint32_t color, double width, double dash);
/* pts: n points as x,y pairs (copied). */
void br_scene_polyline(struct br_scene *s, const double *pts, size_t n,
		       uint32_t color, double width);
/* The same, dashed (on/off dash long; 0: solid): a line whose colour
 * another line of the chart shares, or one without intervals. */
void br_scene_polyline_dash(struct br_scene *s, const double *pts, size_t n,
			    uint32_t color, double width, double dash);
/* Closed polygon filled with fill (stroke BR_NONE for none). */
void br_scene_polygon(struct br_scene *s, const double *pts, size_t n,
		      uint32_t fill, uint32_t stroke, double width);
void br_scene_circle(struct br_scene *s, double cx, double cy, double r,
		     uint32_t fill, uint32_t stroke, double stroke_width);

/*
 * Point markers.  Colour alone tells at most 8 series apart (the palette,
 * render/chart/colours.c); past that, series of dot and line charts differ by
 * shape as well.  Every shape but the circle is a polygon, so backends
 * need nothing new.
 */
enum br_marker {
	BR_MARKER_CIRCLE,
	BR_MARKER_SQUARE,
	BR_MARKER_TRIANGLE,
	BR_MARKER_DIAMOND,
	BR_MARKER_TRIANGLE_DOWN,
	BR_N_MARKERS
};

/* Marker m centred on (cx, cy), about as large as a circle of radius r. */
void br_scene_marker(struct br_scene *s, enum br_marker m, double cx,
		     double cy, double r, uint32_t fill, uint32_t stroke,
		     double stroke_width);

/* A text style: family (static string), size, weight, colour. */
struct br_font {
	const char *family;
	double size;
	bool bold;
	uint32_t color;
};

/*
 * Text run at baseline (x, y), anchored; text is measured with
 * br_text_width() (text.h).  Returns the measured width.
 */
double br_scene_text(struct br_scene *s, double x, double y,
		     enum br_anchor anchor, const struct br_font *f,
		     const char *text);
/* Rotated text run (degrees, counter-clockwise, about the anchor). */
double br_scene_text_rotated(struct br_scene *s, double x, double y,
			     enum br_anchor anchor, const struct br_font *f,
			     double angle, const char *text);

/* The full text the last primitive (a shortened text run) stands for:
 * a tooltip in SVG; other backends ignore it. */
void br_scene_tip(struct br_scene *s, const char *tip);

/* Append every primitive of src to dst, scaled by scale (about src's
 * origin, sizes and line widths too) and then shifted by (dx, dy). */
void br_scene_append(struct br_scene *dst, const struct br_scene *src,
		     double dx, double dy, double scale);

/* Stable text dump, one primitive a line, numbers with 2 decimals. */
void br_scene_dump(FILE *fp, const struct br_scene *s);

#endif
