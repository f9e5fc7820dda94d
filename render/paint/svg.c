/*
 * svg.c - a scene as hand-written SVG that keeps text as text.
 *
 * Text runs become <text> with the scene's measured anchor; viewers
 * substitute fonts, so the family list falls back to sans-serif.  Every
 * string goes through br_xml_text().  Output depends only on the scene:
 * no ids, no dates, numbers with at most 2 decimals.
 */
#define _GNU_SOURCE   /* fputs_unlocked, fwrite_unlocked */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "../../model/fixed.h"
#include "../text/escape.h"
#include "render.h"
#include "../text/text.h"
#include "../text/unlocked.h"

static void num(FILE *fp, double v)
{
	char buf[64], *end;

	end = buf + br_fixed(buf, sizeof buf, v, 2) - 1;
	while (*end == '0')
		*end-- = '\0';
	if (*end == '.')
		*end = '\0';
	if (!strcmp(buf, "-0"))
		strcpy(buf, "0");
	fputs(buf, fp);
}

static void attr_num(FILE *fp, const char *name, double v)
{
	fputc(' ', fp);
	fputs(name, fp);
	fputs("=\"", fp);
	num(fp, v);
	fputc('"', fp);
}

static void attr_color(FILE *fp, const char *name, uint32_t c)
{
	static const char hex[] = "0123456789abcdef";
	char buf[10];
	int k;

	fputc(' ', fp);
	fputs(name, fp);
	if (c == BR_NONE) {
		fputs("=\"none\"", fp);
		return;
	}
	buf[0] = '=';  /* ="#rrggbb" */
	buf[1] = '"';
	buf[2] = '#';
	for (k = 0; k < 6; k++)
		buf[3 + k] = hex[(c >> (20 - 4 * k)) & 0xf];
	buf[9] = '"';
	fwrite(buf, 1, sizeof buf, fp);
}

static void stroke(FILE *fp, const struct br_prim *p)
{
	attr_color(fp, "stroke", p->stroke);
	if (p->stroke != BR_NONE && p->stroke_width != 1)
		attr_num(fp, "stroke-width", p->stroke_width);
	if (p->dash > 0) {
		fputs(" stroke-dasharray=\"", fp);
		num(fp, p->dash);
		fputc(',', fp);
		num(fp, p->dash);
		fputc('"', fp);
	}
}

static const char *const anchors[] = {"start", "middle", "end"};

static void text(FILE *fp, const struct br_prim *p)
{
	fputs("<text", fp);
	attr_num(fp, "x", p->x);
	attr_num(fp, "y", p->y);
	attr_num(fp, "font-size", p->size);
	if (p->bold)
		fputs(" font-weight=\"bold\"", fp);
	if (p->family && strcmp(p->family, BR_FONT_FAMILY)) {
		fputs(" font-family=\"", fp);
		br_xml_text(fp, p->family);
		fputs(", sans-serif\"", fp);
	}
	if (p->fill != 0)
		attr_color(fp, "fill", p->fill);
	if (p->anchor != BR_ANCHOR_START)
		fprintf(fp, " text-anchor=\"%s\"", anchors[p->anchor]);
	if (p->angle != 0) {
		fputs(" transform=\"rotate(", fp);
		num(fp, -p->angle);
		fputc(' ', fp);
		num(fp, p->x);
		fputc(' ', fp);
		num(fp, p->y);
		fputs(")\"", fp);
	}
	fputc('>', fp);
	br_xml_text(fp, p->text);
	fputs("</text>\n", fp);
}

int br_render_svg(FILE *fp, const struct br_scene *s,
		  const struct br_paint_opts *o, struct br_error *err)
{
	const char *title = o && o->title ? o->title : s->title;
	size_t i, k;

	fputs("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n", fp);
	fputs("<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\"", fp);
	attr_num(fp, "width", s->width);
	attr_num(fp, "height", s->height);
	fputs(" viewBox=\"0 0 ", fp);
	num(fp, s->width);
	fputc(' ', fp);
	num(fp, s->height);
	fputs("\" font-family=\"" BR_FONT_FAMILY ", sans-serif\">\n", fp);
	if (title) {
		fputs("<title>", fp);
		br_xml_text(fp, title);
		fputs("</title>\n", fp);
	}
	if (s->background != BR_NONE) {
		fputs("<rect x=\"0\" y=\"0\"", fp);
		attr_num(fp, "width", s->width);
		attr_num(fp, "height", s->height);
		attr_color(fp, "fill", s->background);
		fputs("/>\n", fp);
	}
	for (i = 0; i < s->n_prims; i++) {
		const struct br_prim *p = &s->prims[i];
		const char *prev = i > 0 ? s->prims[i - 1].tip : NULL;
		const char *next = i + 1 < s->n_prims ? s->prims[i + 1].tip
				   : NULL;

		/* the runs of a shortened label in a group whose title
		 * (shown on hover) is what they stand for */
		if (p->tip && (!prev || strcmp(prev, p->tip))) {
			fputs("<g><title>", fp);
			br_xml_text(fp, p->tip);
			fputs("</title>\n", fp);
		}
		switch (p->kind) {
		case BR_PRIM_RECT:
			fputs("<rect", fp);
			attr_num(fp, "x", p->x);
			attr_num(fp, "y", p->y);
			attr_num(fp, "width", p->w);
			attr_num(fp, "height", p->h);
			attr_color(fp, "fill", p->fill);
			if (p->stroke != BR_NONE)
				stroke(fp, p);
			fputs("/>\n", fp);
			break;
		case BR_PRIM_LINE:
			fputs("<line", fp);
			attr_num(fp, "x1", p->x);
			attr_num(fp, "y1", p->y);
			attr_num(fp, "x2", p->x2);
			attr_num(fp, "y2", p->y2);
			stroke(fp, p);
			fputs("/>\n", fp);
			break;
		case BR_PRIM_POLYLINE:
			fputs(p->fill != BR_NONE ? "<polygon" : "<polyline",
			      fp);
			fputs(" points=\"", fp);
			for (k = 0; k < p->n_pts; k++) {
				if (k)
					fputc(' ', fp);
				num(fp, p->pts[2 * k]);
				fputc(',', fp);
				num(fp, p->pts[2 * k + 1]);
			}
			fputc('"', fp);
			attr_color(fp, "fill", p->fill);
			if (p->stroke != BR_NONE) {
				stroke(fp, p);
				fputs(" stroke-linejoin=\"round\"", fp);
			}
			fputs("/>\n", fp);
			break;
		case BR_PRIM_CIRCLE:
			fputs("<circle", fp);
			attr_num(fp, "cx", p->x);
			attr_num(fp, "cy", p->y);
			attr_num(fp, "r", p->r);
			attr_color(fp, "fill", p->fill);
			if (p->stroke != BR_NONE)
				stroke(fp, p);
			fputs("/>\n", fp);
			break;
		case BR_PRIM_TEXT:
			text(fp, p);
			break;
		}
		if (p->tip && (!next || strcmp(next, p->tip)))
			fputs("</g>\n", fp);
	}
	fputs("</svg>\n", fp);
	if (ferror(fp))
		return br_error_set(err, BR_EIO, NULL, 0, "write error");
	return BR_OK;
}
