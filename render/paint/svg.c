/*
 * svg.c - a scene as hand-written SVG that keeps text as text.
 *
 * Text runs become <text> with the scene's measured anchor; viewers
 * substitute fonts, so the family list falls back to sans-serif.  Every
 * string goes through br_xml_text().  Output depends only on the scene:
 * no ids, no dates, numbers with at most 2 decimals.  Inside the HTML
 * report (svg_classes) the styles are classes of the page's style sheet
 * (svg_css.c) and a line joins the path of an earlier line of its stroke
 * when nothing drawn between them comes near it (line_path).
 */
#define _GNU_SOURCE   /* fputs_unlocked, fwrite_unlocked */
#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../model/fixed.h"
#include "../text/escape.h"
#include "render.h"
#include "../text/text.h"
#include "../text/unlocked.h"

/* v with at most 2 decimals, no trailing zeros, "-0" as "0"; returns
 * the length written to buf (64 bytes).  A coordinate is a point of a
 * drawing a few thousand points wide: one past +/-1e9 (a layout gone
 * wrong; "%.2f" of 1e300 does not fit the buffer) is written as the
 * edge of that range, never past the buffer. */
static size_t num_str(char *buf, double v)
{
	char *end;

	if (!(fabs(v) <= 1e9))
		v = v < 0 ? -1e9 : isnan(v) ? 0 : 1e9;
	end = buf + br_fixed(buf, 64, v, 2) - 1;
	while (*end == '0')
		*end-- = '\0';
	if (*end == '.')
		*end-- = '\0';
	if (!strcmp(buf, "-0")) {
		strcpy(buf, "0");
		end = buf;
	}
	return (size_t)(end - buf + 1);
}

static void num(FILE *fp, double v)
{
	char buf[64];

	fwrite(buf, 1, num_str(buf, v), fp);
}

static void attr_num(FILE *fp, const char *name, double v)
{
	fputc(' ', fp);
	fputs(name, fp);
	fputs("=\"", fp);
	num(fp, v);
	fputc('"', fp);
}

/* A primitive's style attributes, as they are written (` fill="#..."`),
 * built in a buffer: written as they are, or as a class (svg_css.c). */
struct style {
	char b[256];
	size_t n;
};

static void st_putn(struct style *st, const char *s, size_t k)
{
	if (st->n + k < sizeof st->b) {
		memcpy(st->b + st->n, s, k);
		st->n += k;
		st->b[st->n] = '\0';
	}
}

static void st_put(struct style *st, const char *s)
{
	st_putn(st, s, strlen(s));
}

static void st_num(struct style *st, double v)
{
	char buf[64];

	num_str(buf, v);
	st_put(st, buf);
}

static void st_color(struct style *st, const char *name, uint32_t c)
{
	static const char hex[] = "0123456789abcdef";
	char buf[10];
	int k;

	st_putn(st, " ", 1);
	st_put(st, name);
	if (c == BR_NONE) {
		st_putn(st, "=\"none\"", 7);
		return;
	}
	buf[0] = '=';  /* ="#rrggbb" */
	buf[1] = '"';
	buf[2] = '#';
	for (k = 0; k < 6; k++)
		buf[3 + k] = hex[(c >> (20 - 4 * k)) & 0xf];
	buf[9] = '"';
	st_putn(st, buf, 10);
}

static void stroke(struct style *st, const struct br_prim *p)
{
	st_color(st, "stroke", p->stroke);
	if (p->stroke != BR_NONE && p->stroke_width != 1) {
		st_put(st, " stroke-width=\"");
		st_num(st, p->stroke_width);
		st_put(st, "\"");
	}
	if (p->dash > 0) {
		st_put(st, " stroke-dasharray=\"");
		st_num(st, p->dash);
		st_put(st, ",");
		st_num(st, p->dash);
		st_put(st, "\"");
	}
}

static const char *const anchors[] = {"start", "middle", "end"};

static void text_style(struct style *st, const struct br_prim *p)
{
	st_put(st, " font-size=\"");
	st_num(st, p->size);
	st_put(st, "\"");
	if (p->bold)
		st_put(st, " font-weight=\"bold\"");
	if (p->family && strcmp(p->family, BR_FONT_FAMILY)) {
		/* a static family name (scene.h): escaped all the same */
		const char *c;

		st_put(st, " font-family=\"");
		for (c = p->family; *c; c++) {
			char one[2] = {*c, '\0'};

			st_put(st, *c == '&' ? "&amp;" : *c == '<' ? "&lt;" :
			       *c == '>' ? "&gt;" : *c == '"' ? "&quot;" : one);
		}
		st_put(st, ", sans-serif\"");
	}
	if (p->fill != 0)
		st_color(st, "fill", p->fill);
	if (p->anchor != BR_ANCHOR_START) {
		st_put(st, " text-anchor=\"");
		st_put(st, anchors[p->anchor]);
		st_put(st, "\"");
	}
}

/* The style as it is, or (classes) as the class svg_css.c has for it
 * (none for the defaults). */
static void put_style(FILE *fp, char kind, struct style *st, bool classes)
{
	if (classes) {
		char key[sizeof st->b + 1];
		const char *cls;

		key[0] = kind;
		memcpy(key + 1, st->b, st->n + 1);
		cls = br_svg_class(key);
		if (cls) {
			if (*cls) {
				fputs(" class=\"", fp);
				fputs(cls, fp);
				fputc('"', fp);
			}
			return;
		}
	}
	fwrite(st->b, 1, st->n, fp);
}

static void text(FILE *fp, const struct br_prim *p, bool classes)
{
	struct style st = {.n = 0};

	fputs("<text", fp);
	attr_num(fp, "x", p->x);
	attr_num(fp, "y", p->y);
	text_style(&st, p);
	put_style(fp, 't', &st, classes);
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

/* A box that holds everything a primitive paints, with a margin for
 * antialiasing and (text) for a viewer's wider font. */
struct box {
	double x0, y0, x1, y1;
};

static struct box box_of(const struct br_prim *p)
{
	double m = 1, w;
	struct box b = {-HUGE_VAL, -HUGE_VAL, HUGE_VAL, HUGE_VAL};
	size_t k;

	if (p->stroke != BR_NONE && p->kind != BR_PRIM_TEXT)
		m += p->stroke_width / 2;
	switch (p->kind) {
	case BR_PRIM_RECT:
		b = (struct box){p->x, p->y, p->x + p->w, p->y + p->h};
		break;
	case BR_PRIM_LINE:
		b = (struct box){fmin(p->x, p->x2), fmin(p->y, p->y2),
				 fmax(p->x, p->x2), fmax(p->y, p->y2)};
		break;
	case BR_PRIM_CIRCLE:
		b = (struct box){p->x - p->r, p->y - p->r, p->x + p->r,
				 p->y + p->r};
		break;
	case BR_PRIM_POLYLINE:
		b = (struct box){HUGE_VAL, HUGE_VAL, -HUGE_VAL, -HUGE_VAL};
		for (k = 0; k < p->n_pts; k++) {
			b.x0 = fmin(b.x0, p->pts[2 * k]);
			b.x1 = fmax(b.x1, p->pts[2 * k]);
			b.y0 = fmin(b.y0, p->pts[2 * k + 1]);
			b.y1 = fmax(b.y1, p->pts[2 * k + 1]);
		}
		break;
	case BR_PRIM_TEXT:
		if (p->angle != 0 || !(p->text_w >= 0))
			return b;   /* anywhere */
		w = 1.25 * p->text_w + p->size;
		b.y0 = p->y - 1.2 * p->size;
		b.y1 = p->y + 0.4 * p->size;
		b.x0 = p->anchor == BR_ANCHOR_START ? p->x - p->size / 2 :
		       p->anchor == BR_ANCHOR_MIDDLE ? p->x - w / 2 : p->x - w;
		b.x1 = p->anchor == BR_ANCHOR_START ? p->x + w :
		       p->anchor == BR_ANCHOR_MIDDLE ? p->x + w / 2 :
		       p->x + p->size / 2;
		break;
	}
	return (struct box){b.x0 - m, b.y0 - m, b.x1 + m, b.y1 + m};
}

static bool overlap(const struct box *a, const struct box *b)
{
	return a->x0 < b->x1 && b->x0 < a->x1 && a->y0 < b->y1 &&
	       b->y0 < a->y1;
}

/* One line as path data: "M x y" and H, V or L to its end. */
static void line_data(FILE *fp, const struct br_prim *p)
{
	char x1[64], y1[64], x2[64], y2[64];

	num_str(x1, p->x);
	num_str(y1, p->y);
	num_str(x2, p->x2);
	num_str(y2, p->y2);
	fprintf(fp, "M%s %s", x1, y1);
	if (!strcmp(x1, x2))
		fprintf(fp, "V%s", y2);
	else if (!strcmp(y1, y2))
		fprintf(fp, "H%s", x2);
	else
		fprintf(fp, "L%s %s", x2, y2);
}

#define MAX_PASSED 128

/*
 * Line k and the later lines of its stroke, as one path (classes: the
 * HTML report): a later line joins when it paints nowhere near anything
 * drawn between them (then drawing it earlier changes nothing); those
 * are marked in done.  A group with a tip ends the search, as do more
 * than MAX_PASSED primitives in between.
 */
static void line_path(FILE *fp, const struct br_scene *s, size_t k,
		      bool *done)
{
	const struct br_prim *q = &s->prims[k];
	struct style st = {.n = 0};
	struct box passed[MAX_PASSED];
	size_t i, n_passed = 0, j;

	stroke(&st, q);
	fputs("<path", fp);
	put_style(fp, 'p', &st, true);
	fputs(" d=\"", fp);
	line_data(fp, &s->prims[k]);
	for (i = k + 1; i < s->n_prims && n_passed < MAX_PASSED; i++) {
		const struct br_prim *p = &s->prims[i];
		struct box b;

		if (done[i])
			continue;
		if (p->tip)
			break;
		b = box_of(p);
		if (p->kind == BR_PRIM_LINE) {
			/* its stroke written as line k's is */
			j = p->stroke == q->stroke &&
			    p->stroke_width == q->stroke_width &&
			    p->dash == q->dash ? 0 : n_passed + 1;
			while (j < n_passed && !overlap(&b, &passed[j]))
				j++;
			if (j == n_passed) {
				line_data(fp, p);
				done[i] = true;
				continue;
			}
		}
		passed[n_passed++] = b;
	}
	fputs("\"/>\n", fp);
}

static void shape(FILE *fp, const struct br_prim *p, bool classes)
{
	struct style st = {.n = 0};
	size_t k;
	char kind = 'r';

	switch (p->kind) {
	case BR_PRIM_RECT:
		fputs("<rect", fp);
		attr_num(fp, "x", p->x);
		attr_num(fp, "y", p->y);
		attr_num(fp, "width", p->w);
		attr_num(fp, "height", p->h);
		break;
	case BR_PRIM_LINE:
		fputs("<line", fp);
		attr_num(fp, "x1", p->x);
		attr_num(fp, "y1", p->y);
		attr_num(fp, "x2", p->x2);
		attr_num(fp, "y2", p->y2);
		stroke(&st, p);
		fwrite(st.b, 1, st.n, fp);
		fputs("/>\n", fp);
		return;
	case BR_PRIM_POLYLINE:
		kind = p->fill != BR_NONE ? 'g' : 'l';
		fputs(p->fill != BR_NONE ? "<polygon" : "<polyline", fp);
		fputs(" points=\"", fp);
		for (k = 0; k < p->n_pts; k++) {
			if (k)
				fputc(' ', fp);
			num(fp, p->pts[2 * k]);
			fputc(',', fp);
			num(fp, p->pts[2 * k + 1]);
		}
		fputc('"', fp);
		st_color(&st, "fill", p->fill);
		if (p->stroke != BR_NONE) {
			stroke(&st, p);
			st_put(&st, " stroke-linejoin=\"round\"");
		}
		put_style(fp, kind, &st, classes);
		fputs("/>\n", fp);
		return;
	case BR_PRIM_CIRCLE:
		kind = 'c';
		fputs("<circle", fp);
		attr_num(fp, "cx", p->x);
		attr_num(fp, "cy", p->y);
		attr_num(fp, "r", p->r);
		break;
	case BR_PRIM_TEXT:
		return;
	}
	st_color(&st, "fill", p->fill);
	if (p->stroke != BR_NONE)
		stroke(&st, p);
	put_style(fp, kind, &st, classes);
	fputs("/>\n", fp);
}

int br_render_svg(FILE *fp, const struct br_scene *s,
		  const struct br_paint_opts *o, struct br_error *err)
{
	const char *title = o && o->title ? o->title : s->title;
	bool classes = o && o->svg_classes, *done;
	size_t i;

	/* inline in HTML (classes): no declaration, no namespace, the
	 * family in the page's style sheet (class qc, svg_css.c) */
	if (classes)
		fputs("<svg class=\"qc\"", fp);
	else
		fputs("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
		      "<svg xmlns=\"http://www.w3.org/2000/svg\" "
		      "version=\"1.1\"", fp);
	attr_num(fp, "width", s->width);
	attr_num(fp, "height", s->height);
	fputs(" viewBox=\"0 0 ", fp);
	num(fp, s->width);
	fputc(' ', fp);
	num(fp, s->height);
	fputs(classes ? "\">\n" : "\" font-family=\"" BR_FONT_FAMILY
	      ", sans-serif\">\n", fp);
	if (title) {
		fputs("<title>", fp);
		br_xml_text(fp, title);
		fputs("</title>\n", fp);
	}
	if (s->background != BR_NONE) {
		struct style st = {.n = 0};

		fputs(classes ? "<rect" : "<rect x=\"0\" y=\"0\"", fp);
		attr_num(fp, "width", s->width);
		attr_num(fp, "height", s->height);
		st_color(&st, "fill", s->background);
		put_style(fp, 'r', &st, classes);
		fputs("/>\n", fp);
	}
	done = classes ? calloc(s->n_prims ? s->n_prims : 1, sizeof *done)
	       : NULL;
	for (i = 0; i < s->n_prims; i++) {
		const struct br_prim *p = &s->prims[i];
		const char *prev = i > 0 ? s->prims[i - 1].tip : NULL;
		const char *next;

		if (done && done[i])
			continue;   /* drawn earlier, in a path (no tip) */

		/* the runs of a shortened label in a group whose title
		 * (shown on hover) is what they stand for */
		if (p->tip && (!prev || strcmp(prev, p->tip))) {
			fputs("<g><title>", fp);
			br_xml_text(fp, p->tip);
			fputs("</title>\n", fp);
		}
		if (p->kind == BR_PRIM_TEXT)
			text(fp, p, classes);
		else if (p->kind == BR_PRIM_LINE && done && !p->tip)
			line_path(fp, s, i, done);
		else
			shape(fp, p, classes);
		next = i + 1 < s->n_prims ? s->prims[i + 1].tip : NULL;
		if (p->tip && (!next || strcmp(next, p->tip)))
			fputs("</g>\n", fp);
	}
	free(done);
	fputs("</svg>\n", fp);
	if (ferror(fp))
		return br_error_set(err, BR_EIO, NULL, 0, "write error");
	return BR_OK;
}
