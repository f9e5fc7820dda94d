/*
 * scene.c - building, combining and dumping scenes.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "scene.h"
#include "../text/text.h"

struct br_scene *br_scene_new(double width, double height)
{
	struct br_scene *s = calloc(1, sizeof *s);

	if (!s)
		return NULL;
	s->width = width;
	s->height = height;
	s->background = 0xfefefe;
	return s;
}

static void prim_fini(struct br_prim *p)
{
	free(p->pts);
	free(p->text);
	free(p->tip);
}

void br_scene_free(struct br_scene *s)
{
	size_t i;

	if (!s)
		return;
	for (i = 0; i < s->n_prims; i++)
		prim_fini(&s->prims[i]);
	free(s->prims);
	free(s->title);
	free(s);
}

bool br_scene_failed(const struct br_scene *s)
{
	return !s || s->nomem;
}

void br_scene_set_title(struct br_scene *s, const char *title)
{
	char *t = title ? strdup(title) : NULL;

	if (title && !t) {
		s->nomem = true;
		return;
	}
	free(s->title);
	s->title = t;
}

/* A new zeroed primitive at the end, or NULL (nomem latched). */
static struct br_prim *push(struct br_scene *s, enum br_prim_kind kind)
{
	struct br_prim *p;

	if (s->nomem)
		return NULL;
	if (s->n_prims == s->cap_prims) {
		size_t cap = s->cap_prims ? 2 * s->cap_prims : 64;
		struct br_prim *np = realloc(s->prims, cap * sizeof *np);

		if (!np) {
			s->nomem = true;
			return NULL;
		}
		s->prims = np;
		s->cap_prims = cap;
	}
	p = &s->prims[s->n_prims++];
	memset(p, 0, sizeof *p);
	p->kind = kind;
	p->fill = BR_NONE;
	p->stroke = BR_NONE;
	return p;
}

void br_scene_rect(struct br_scene *s, double x, double y, double w, double h,
		   uint32_t fill, uint32_t stroke, double stroke_width)
{
	struct br_prim *p = push(s, BR_PRIM_RECT);

	if (!p)
		return;
	p->x = x;
	p->y = y;
	p->w = w;
	p->h = h;
	p->fill = fill;
	p->stroke = stroke;
	p->stroke_width = stroke_width;
}

void br_scene_line(struct br_scene *s, double x1, double y1, double x2,
		   double y2, uint32_t color, double width, double dash)
{
	struct br_prim *p = push(s, BR_PRIM_LINE);

	if (!p)
		return;
	p->x = x1;
	p->y = y1;
	p->x2 = x2;
	p->y2 = y2;
	p->stroke = color;
	p->stroke_width = width;
	p->dash = dash;
}

void br_scene_polyline(struct br_scene *s, const double *pts, size_t n,
		       uint32_t color, double width)
{
	br_scene_polygon(s, pts, n, BR_NONE, color, width);
}

void br_scene_polyline_dash(struct br_scene *s, const double *pts, size_t n,
			    uint32_t color, double width, double dash)
{
	size_t before = s->n_prims;

	br_scene_polygon(s, pts, n, BR_NONE, color, width);
	if (s->n_prims > before)
		s->prims[s->n_prims - 1].dash = dash;
}

void br_scene_polygon(struct br_scene *s, const double *pts, size_t n,
		      uint32_t fill, uint32_t color, double width)
{
	struct br_prim *p;
	double *copy;

	if (n == 0 || s->nomem)
		return;
	copy = malloc(2 * n * sizeof *copy);
	if (!copy) {
		s->nomem = true;
		return;
	}
	memcpy(copy, pts, 2 * n * sizeof *copy);
	p = push(s, BR_PRIM_POLYLINE);
	if (!p) {
		free(copy);
		return;
	}
	p->pts = copy;
	p->n_pts = n;
	p->x = pts[0];
	p->y = pts[1];
	p->fill = fill;
	p->stroke = color;
	p->stroke_width = width;
}

void br_scene_circle(struct br_scene *s, double cx, double cy, double r,
		     uint32_t fill, uint32_t stroke, double stroke_width)
{
	struct br_prim *p = push(s, BR_PRIM_CIRCLE);

	if (!p)
		return;
	p->x = cx;
	p->y = cy;
	p->r = r;
	p->fill = fill;
	p->stroke = stroke;
	p->stroke_width = stroke_width;
}

void br_scene_marker(struct br_scene *s, enum br_marker m, double cx,
		     double cy, double r, uint32_t fill, uint32_t stroke,
		     double stroke_width)
{
	/* sized so that each shape covers about the circle's area: a
	 * triangle or diamond as large as the circle would look smaller */
	const double sq = r * 0.89, tri = r * 1.35, dia = r * 1.25;
	double pts[8];
	size_t n = 0;

	switch (m) {
	case BR_MARKER_SQUARE:
		br_scene_rect(s, cx - sq, cy - sq, 2 * sq, 2 * sq, fill,
			      stroke, stroke_width);
		return;
	case BR_MARKER_TRIANGLE:
	case BR_MARKER_TRIANGLE_DOWN: {
		/* centroid on (cx, cy); apex up or down */
		double d = m == BR_MARKER_TRIANGLE ? 1 : -1;

		pts[0] = cx;                 pts[1] = cy - d * tri;
		pts[2] = cx + tri * 0.866;   pts[3] = cy + d * tri / 2;
		pts[4] = cx - tri * 0.866;   pts[5] = cy + d * tri / 2;
		n = 3;
		break;
	}
	case BR_MARKER_DIAMOND:
		pts[0] = cx;       pts[1] = cy - dia;
		pts[2] = cx + dia; pts[3] = cy;
		pts[4] = cx;       pts[5] = cy + dia;
		pts[6] = cx - dia; pts[7] = cy;
		n = 4;
		break;
	case BR_MARKER_CIRCLE:
	case BR_N_MARKERS:
	default:
		br_scene_circle(s, cx, cy, r, fill, stroke, stroke_width);
		return;
	}
	br_scene_polygon(s, pts, n, fill, stroke, stroke_width);
}

double br_scene_text_rotated(struct br_scene *s, double x, double y,
			     enum br_anchor anchor, const struct br_font *f,
			     double angle, const char *text)
{
	struct br_prim *p;
	char *copy;
	double w;

	if (!text || !*text || s->nomem)
		return 0;
	copy = strdup(text);
	if (!copy) {
		s->nomem = true;
		return 0;
	}
	p = push(s, BR_PRIM_TEXT);
	if (!p) {
		free(copy);
		return 0;
	}
	w = br_text_width(f->family, f->size, f->bold, text);
	p->x = x;
	p->y = y;
	p->text = copy;
	p->family = f->family;
	p->size = f->size;
	p->bold = f->bold;
	p->fill = f->color;
	p->anchor = anchor;
	p->angle = angle;
	p->text_w = w;
	return w;
}

double br_scene_text(struct br_scene *s, double x, double y,
		     enum br_anchor anchor, const struct br_font *f,
		     const char *text)
{
	return br_scene_text_rotated(s, x, y, anchor, f, 0, text);
}

void br_scene_tip(struct br_scene *s, const char *tip)
{
	struct br_prim *p;

	if (s->nomem || s->n_prims == 0 || !tip)
		return;
	p = &s->prims[s->n_prims - 1];
	free(p->tip);
	p->tip = strdup(tip);
	if (!p->tip)
		s->nomem = true;
}

void br_scene_append(struct br_scene *dst, const struct br_scene *src,
		     double dx, double dy, double scale)
{
	size_t i, k;

	for (i = 0; i < src->n_prims && !dst->nomem; i++) {
		const struct br_prim *sp = &src->prims[i];
		struct br_prim *p;
		char *text = NULL, *tip = NULL;
		double *pts = NULL;

		if ((sp->text && !(text = strdup(sp->text))) ||
		    (sp->tip && !(tip = strdup(sp->tip)))) {
			free(text);
			dst->nomem = true;
			return;
		}
		if (sp->pts) {
			pts = malloc(2 * sp->n_pts * sizeof *pts);
			if (!pts) {
				free(text);
				free(tip);
				dst->nomem = true;
				return;
			}
			for (k = 0; k < sp->n_pts; k++) {
				pts[2 * k] = sp->pts[2 * k] * scale + dx;
				pts[2 * k + 1] = sp->pts[2 * k + 1] * scale +
						 dy;
			}
		}
		p = push(dst, sp->kind);
		if (!p) {
			free(text);
			free(tip);
			free(pts);
			return;
		}
		*p = *sp;
		p->text = text;
		p->tip = tip;
		p->pts = pts;
		p->x = sp->x * scale + dx;
		p->y = sp->y * scale + dy;
		p->x2 = sp->x2 * scale + dx;
		p->y2 = sp->y2 * scale + dy;
		p->w *= scale;
		p->h *= scale;
		p->r *= scale;
		p->stroke_width *= scale;
		p->dash *= scale;
		p->size *= scale;
		p->text_w *= scale;
	}
}

/* ---------------------------------------------------------------- dump */

/* Fixed 2 decimals with "-0.00" printed as "0.00". */
static void num(FILE *fp, double v)
{
	char buf[64];

	snprintf(buf, sizeof buf, "%.2f", v);
	if (!strcmp(buf, "-0.00"))
		strcpy(buf, "0.00");
	fputs(buf, fp);
}

static void color(FILE *fp, uint32_t c)
{
	if (c == BR_NONE)
		fputs("none", fp);
	else
		fprintf(fp, "#%06x", (unsigned)(c & 0xffffff));
}

static void quoted(FILE *fp, const char *s)
{
	fputc('"', fp);
	for (; *s; s++) {
		if (*s == '"' || *s == '\\')
			fputc('\\', fp);
		if ((unsigned char)*s < 0x20)
			fprintf(fp, "\\x%02x", (unsigned)(unsigned char)*s);
		else
			fputc(*s, fp);
	}
	fputc('"', fp);
}

static const char *const anchor_names[] = {"start", "middle", "end"};

void br_scene_dump(FILE *fp, const struct br_scene *s)
{
	size_t i, k;

	fputs("scene ", fp);
	num(fp, s->width);
	fputc(' ', fp);
	num(fp, s->height);
	fputs(" bg ", fp);
	color(fp, s->background);
	if (s->title) {
		fputc(' ', fp);
		quoted(fp, s->title);
	}
	fputc('\n', fp);
	for (i = 0; i < s->n_prims; i++) {
		const struct br_prim *p = &s->prims[i];

		switch (p->kind) {
		case BR_PRIM_RECT:
			fputs("rect ", fp);
			num(fp, p->x); fputc(' ', fp);
			num(fp, p->y); fputc(' ', fp);
			num(fp, p->w); fputc(' ', fp);
			num(fp, p->h);
			fputs(" fill ", fp);
			color(fp, p->fill);
			fputs(" stroke ", fp);
			color(fp, p->stroke);
			fputc(' ', fp);
			num(fp, p->stroke_width);
			break;
		case BR_PRIM_LINE:
			fputs("line ", fp);
			num(fp, p->x); fputc(' ', fp);
			num(fp, p->y); fputc(' ', fp);
			num(fp, p->x2); fputc(' ', fp);
			num(fp, p->y2); fputc(' ', fp);
			color(fp, p->stroke);
			fputc(' ', fp);
			num(fp, p->stroke_width);
			if (p->dash > 0) {
				fputs(" dash ", fp);
				num(fp, p->dash);
			}
			break;
		case BR_PRIM_POLYLINE:
			fputs(p->fill != BR_NONE ? "polygon fill " :
			      "polyline ", fp);
			if (p->fill != BR_NONE) {
				color(fp, p->fill);
				fputs(" stroke ", fp);
			}
			color(fp, p->stroke);
			fputc(' ', fp);
			num(fp, p->stroke_width);
			for (k = 0; k < p->n_pts; k++) {
				fputc(' ', fp);
				num(fp, p->pts[2 * k]);
				fputc(',', fp);
				num(fp, p->pts[2 * k + 1]);
			}
			if (p->dash > 0) {
				fputs(" dash ", fp);
				num(fp, p->dash);
			}
			break;
		case BR_PRIM_CIRCLE:
			fputs("circle ", fp);
			num(fp, p->x); fputc(' ', fp);
			num(fp, p->y); fputc(' ', fp);
			num(fp, p->r);
			fputs(" fill ", fp);
			color(fp, p->fill);
			fputs(" stroke ", fp);
			color(fp, p->stroke);
			fputc(' ', fp);
			num(fp, p->stroke_width);
			break;
		case BR_PRIM_TEXT:
			fputs("text ", fp);
			num(fp, p->x); fputc(' ', fp);
			num(fp, p->y); fputc(' ', fp);
			fputs(anchor_names[p->anchor], fp);
			fputc(' ', fp);
			num(fp, p->size);
			fputs(p->bold ? " bold " : " regular ", fp);
			color(fp, p->fill);
			if (p->angle != 0) {
				fputs(" rotate ", fp);
				num(fp, p->angle);
			}
			fputs(" w ", fp);
			num(fp, p->text_w);
			fputc(' ', fp);
			quoted(fp, p->text);
			if (p->tip) {
				fputs(" tip ", fp);
				quoted(fp, p->tip);
			}
			break;
		}
		fputc('\n', fp);
	}
}
