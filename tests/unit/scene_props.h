/*
 * scene_props.h - what every chart must hold, checked on its scene
 * (issue 21, "How we will know"): no text outside the canvas, no two
 * texts overlapping, no two names alike, every value label next to its
 * bar's end, one notation for the axis, value labels and SE lines.
 * The text boxes are the measured runs of the scene (br_prim.text_w),
 * not pixels.  Each check returns NULL or a sentence saying what broke.
 */
#ifndef BR_SCENE_PROPS_H
#define BR_SCENE_PROPS_H

#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "render/chart/chart.h"
#include "render/paint/scene.h"

/* A value label sits at most this far beyond its bar or whisker (6 pt
 * and rounding), or inside its bar. */
#define PROPS_NEAR 8.0

struct tbox {
	double l, r, t, b;
};

/* The box of text run p: its measured width, ascent 0.75 and descent
 * 0.2 of its size; a vertical run (90 degrees) turned. */
static inline struct tbox props_box(const struct br_prim *p)
{
	double a = p->anchor == BR_ANCHOR_START ? 0 :
		   p->anchor == BR_ANCHOR_MIDDLE ? p->text_w / 2 : p->text_w;
	struct tbox b;

	if (fabs(p->angle) > 45) {  /* reads upwards from (x, y) */
		b.l = p->x - 0.75 * p->size;
		b.r = p->x + 0.2 * p->size;
		b.b = p->y + a;
		b.t = b.b - p->text_w;
		return b;
	}
	b.l = p->x - a;
	b.r = b.l + p->text_w;
	b.t = p->y - 0.75 * p->size;
	b.b = p->y + 0.2 * p->size;
	return b;
}

static inline bool props_is_text(const struct br_prim *p)
{
	return p->kind == BR_PRIM_TEXT && p->text && *p->text;
}

/* Every text inside the canvas (half a point of rounding). */
static inline const char *props_inside(const struct br_scene *sc,
				       char *msg, size_t size)
{
	size_t i;

	for (i = 0; i < sc->n_prims; i++) {
		const struct br_prim *p = &sc->prims[i];
		struct tbox b;

		if (!props_is_text(p))
			continue;
		b = props_box(p);
		if (b.l < -0.5 || b.r > sc->width + 0.5 || b.t < -0.5 ||
		    b.b > sc->height + 0.5) {
			snprintf(msg, size, "\"%s\" off the %.0fx%.0f canvas "
				 "(%.1f..%.1f, %.1f..%.1f)", p->text,
				 sc->width, sc->height, b.l, b.r, b.t, b.b);
			return msg;
		}
	}
	return NULL;
}

/* No two texts overlap by more than a point either way. */
static inline const char *props_overlap(const struct br_scene *sc,
					char *msg, size_t size)
{
	size_t i, j;

	for (i = 0; i < sc->n_prims; i++) {
		const struct br_prim *p = &sc->prims[i];
		struct tbox a;

		if (!props_is_text(p))
			continue;
		a = props_box(p);
		for (j = i + 1; j < sc->n_prims; j++) {
			const struct br_prim *q = &sc->prims[j];
			struct tbox b;

			if (!props_is_text(q))
				continue;
			b = props_box(q);
			if (fmin(a.r, b.r) - fmax(a.l, b.l) > 1 &&
			    fmin(a.b, b.b) - fmax(a.t, b.t) > 1) {
				snprintf(msg, size, "\"%s\" overlaps \"%s\"",
					 p->text, q->text);
				return msg;
			}
		}
	}
	return NULL;
}

/* A bar chart's names (bold 11 pt, right-aligned beside the bars or
 * over them): no two alike. */
static inline const char *props_names(const struct br_scene *sc, char *msg,
				      size_t size)
{
	size_t i, j;

	for (i = 0; i < sc->n_prims; i++) {
		const struct br_prim *p = &sc->prims[i];

		if (!props_is_text(p) || !p->bold || p->size != 11)
			continue;
		for (j = i + 1; j < sc->n_prims; j++) {
			const struct br_prim *q = &sc->prims[j];

			if (props_is_text(q) && q->bold && q->size == 11 &&
			    !strcmp(p->text, q->text)) {
				snprintf(msg, size, "two names read \"%s\"",
					 p->text);
				return msg;
			}
		}
	}
	return NULL;
}

/* Whether p is a tick label (regular 10 pt in the axis colour) or a
 * legend entry (bold 9 pt in the heading colour). */
static inline bool props_tick(const struct br_prim *p)
{
	return props_is_text(p) && !p->bold && p->size == 10 &&
	       p->fill == BR_C_TEXT;
}

static inline bool props_legend(const struct br_prim *p)
{
	return props_is_text(p) && p->bold && p->size == 9 &&
	       p->fill == BR_C_HEAD;
}

/* A key number ("11"): a trend chart prints each change's number on
 * its tag over the plot and again before its words below, on purpose,
 * so two such texts may read the same. */
static inline bool props_key_number(const struct br_prim *p)
{
	const char *c = p->text;

	if (!*c)
		return false;
	for (; *c; c++)
		if (*c < '0' || *c > '9')
			return false;
	return true;
}

/* No two tick labels of one axis (same anchor, on one line) and no two
 * legend entries read the same ("1.0k" twice, or two names cut to
 * "Intel Core i9-9900K ..."). */
static inline const char *props_same_marks(const struct br_scene *sc,
					   char *msg, size_t size)
{
	size_t i, j;

	for (i = 0; i < sc->n_prims; i++) {
		const struct br_prim *p = &sc->prims[i];
		bool tick = props_tick(p);

		if (!tick && (!props_legend(p) || props_key_number(p)))
			continue;
		for (j = i + 1; j < sc->n_prims; j++) {
			const struct br_prim *q = &sc->prims[j];

			if (tick ? !props_tick(q) || q->anchor != p->anchor ||
				   (p->anchor == BR_ANCHOR_END ? q->x != p->x
							       : q->y != p->y)
				 : !props_legend(q))
				continue;
			if (!strcmp(p->text, q->text)) {
				snprintf(msg, size, "two %s read \"%s\"",
					 tick ? "tick labels" : "legend entries",
					 p->text);
				return msg;
			}
		}
	}
	return NULL;
}

/* Whether p is a line of a row's label: bold 11 pt or an 8 pt note
 * beside the plot (right-aligned at axis_x - 5) or over it (from
 * axis_x + 4); SE lines ("SE +/- ...", "N = 1") are not. */
static inline bool props_row_text(const struct br_scene *sc,
				  const struct br_prim *p, bool *bold)
{
	bool side = p->anchor == BR_ANCHOR_END &&
		    fabs(p->x - (sc->axis_x - 5)) < 0.01;
	bool over = p->anchor == BR_ANCHOR_START &&
		    fabs(p->x - (sc->axis_x + 4)) < 0.01;

	if (!props_is_text(p) || !(side || over) || sc->axis_x <= 0)
		return false;
	*bold = p->bold && p->size == 11;
	return *bold || (!p->bold && p->size == 8 &&
			 strncmp(p->text, "SE +/- ", 7) &&
			 strncmp(p->text, "N = ", 4));
}

/* The rows' labels of a bar or grouped chart (a name in one or two
 * lines, a group's title and note), each joined with '|': no two
 * alike (issue 21, defect 3). */
static inline const char *props_rows(const struct br_scene *sc, char *msg,
				     size_t size)
{
	static char rows[512][160];
	size_t n = 0, i, j;
	double last_y = -1e9;
	bool noted = false, bold;

	for (i = 0; i < sc->n_prims && n < 512; i++) {
		const struct br_prim *p = &sc->prims[i];

		if (!props_row_text(sc, p, &bold))
			continue;
		if (bold && (n == 0 || noted || fabs(p->y - last_y - 13) >
			     0.01)) {
			snprintf(rows[n++], sizeof rows[0], "%s", p->text);
			noted = false;
		} else if (n) {
			size_t l = strlen(rows[n - 1]);

			snprintf(rows[n - 1] + l, sizeof rows[0] - l, "|%s",
				 p->text);
			noted |= !bold;
		}
		if (bold)
			last_y = p->y;
	}
	for (i = 0; i < n; i++)
		for (j = i + 1; j < n; j++)
			if (!strcmp(rows[i], rows[j])) {
				snprintf(msg, size, "two rows read \"%s\"",
					 rows[i]);
				return msg;
			}
	return NULL;
}

/* No two labels alike: rows, tick labels, legend entries. */
static inline const char *props_distinct(const struct br_scene *sc,
					 char *msg, size_t size)
{
	const char *m = props_same_marks(sc, msg, size);

	return m ? m : props_rows(sc, msg, size);
}

/* The bar (outlined rect) whose rows hold height y, or NULL. */
static inline const struct br_prim *props_bar_at(const struct br_scene *sc,
						 double y)
{
	size_t i;

	for (i = 0; i < sc->n_prims; i++) {
		const struct br_prim *p = &sc->prims[i];

		if (p->kind == BR_PRIM_RECT && p->stroke == BR_C_OUTLINE &&
		    y >= p->y && y <= p->y + p->h)
			return p;
	}
	return NULL;
}

/* A bar chart's value labels (bold 10 pt): inside their bar, or at most
 * PROPS_NEAR beyond the bar's or its whisker's end. */
static inline const char *props_near(const struct br_scene *sc, char *msg,
				     size_t size)
{
	size_t i, k;

	for (i = 0; i < sc->n_prims; i++) {
		const struct br_prim *p = &sc->prims[i], *bar;
		double cy = p->y - 3.5, lo, hi, gap;
		struct tbox b;

		if (!props_is_text(p) || !p->bold || p->size != 10 ||
		    p->anchor == BR_ANCHOR_MIDDLE)
			continue;
		bar = props_bar_at(sc, cy);
		if (!bar)
			continue;  /* a zero-length bar: nothing to be near */
		b = props_box(p);
		if (b.l >= bar->x - 0.5 && b.r <= bar->x + bar->w + 0.5)
			continue;  /* inside */
		lo = bar->x;
		hi = bar->x + bar->w;
		for (k = 0; k < sc->n_prims; k++) {
			const struct br_prim *w = &sc->prims[k];

			if (w->kind == BR_PRIM_LINE && w->y == w->y2 &&
			    fabs(w->y - cy) < 0.01 && w->dash == 0) {
				lo = fmin(lo, fmin(w->x, w->x2));
				hi = fmax(hi, fmax(w->x, w->x2));
			}
		}
		gap = p->anchor == BR_ANCHOR_START ? b.l - hi : lo - b.r;
		if (gap < 0 || gap > PROPS_NEAR) {
			snprintf(msg, size, "value \"%s\" %.1f pt from its "
				 "bar's end", p->text, gap);
			return msg;
		}
	}
	return NULL;
}

/* The notation of a number's text: "dur", "si:<prefix>", "sci",
 * "plain", or "" for 0 (any notation's). */
static inline void props_class(const char *s, char *out, size_t size)
{
	size_t n = strlen(s);

	if (strspn(s, "-0.") == n)   /* 0, 0.00: no prefix to show */
		snprintf(out, size, "%s", "");
	else if (strchr(s, ':'))
		snprintf(out, size, "dur");
	else if (strstr(s, "e+") || strstr(s, "e-"))
		snprintf(out, size, "sci");
	else if (n && strchr("kMGTPEmnpfa", s[n - 1]))
		snprintf(out, size, "si:%c", s[n - 1]);
	else if (n >= 2 && !strcmp(s + n - 2, "\u00b5"))
		snprintf(out, size, "si:u");
	else
		snprintf(out, size, "plain");
}

/* Whether s is a number as a chart writes one, alone: "1,378,135",
 * "-0.5", "335\u00b5", "1.38T", "1.00e-300", "6:19", "1:02:03". */
static inline bool props_numeric(const char *s)
{
	const char *p = s + (*s == '-');

	if (*p < '0' || *p > '9')
		return false;
	while ((*p >= '0' && *p <= '9') || *p == ',' || *p == '.' ||
	       *p == ':')
		p++;
	if (*p == 'e' && (p[1] == '+' || p[1] == '-')) {
		for (p += 2; *p >= '0' && *p <= '9'; p++)
			;
	}
	if (*p && strchr("kMGTPEmnpfa", *p) && !p[1])
		p++;
	else if (!strcmp(p, "\u00b5"))
		p += strlen("\u00b5");
	return *p == '\0';
}

/* The number text p shows of a chart's values, in num; false for any
 * other text: names, titles and legends (in BR_C_HEAD), sentences, and
 * with skip_x a horizontal axis' middle-anchored labels (a line or
 * scaling chart's x axis: another quantity). */
static inline bool props_number_of(const struct br_prim *p, bool skip_x,
				   char *num, size_t size)
{
	static const char *const pre[] = {"SE +/- ", "Min: ", "Avg: ",
					  "Max: "};
	size_t k;

	for (k = 0; k < sizeof pre / sizeof *pre; k++) {
		size_t n = strlen(pre[k]);
		const char *s = p->text + n, *e;

		if (strncmp(p->text, pre[k], n))
			continue;
		e = strstr(s, ", N");
		snprintf(num, size, "%.*s", e ? (int)(e - s) : 63, s);
		return true;
	}
	if (p->fill == BR_C_HEAD || !props_numeric(p->text))
		return false;
	if (skip_x && p->anchor == BR_ANCHOR_MIDDLE)
		return false;
	snprintf(num, size, "%s", p->text);
	return true;
}

/* A chart's numbers: axis labels, value labels, SEs ("SE +/- x, N =
 * y") and a line chart's "Min: x", in one notation (doc/charts.md,
 * "Numbers").  skip_x: as props_number_of(). */
static inline const char *props_notation(const struct br_scene *sc,
					 bool skip_x, char *msg, size_t size)
{
	char first[16] = "", what[16], num[64], firsttext[64] = "";
	size_t i;

	for (i = 0; i < sc->n_prims; i++) {
		const struct br_prim *p = &sc->prims[i];

		if (!props_is_text(p) ||
		    !props_number_of(p, skip_x, num, sizeof num))
			continue;
		props_class(num, what, sizeof what);
		if (!*what)
			continue;
		if (!*first) {
			snprintf(first, sizeof first, "%s", what);
			snprintf(firsttext, sizeof firsttext, "%s", num);
		} else if (strcmp(first, what)) {
			snprintf(msg, size, "\"%s\" (%s) beside \"%s\" (%s)",
				 num, what, firsttext, first);
			return msg;
		}
	}
	return NULL;
}

/* Every property of a bar chart (bar: its own checks too); NULL: all
 * hold. */
static inline const char *props_check(const struct br_scene *sc, bool bar,
				      char *msg, size_t size)
{
	const char *m = props_inside(sc, msg, size);

	if (!m)
		m = props_overlap(sc, msg, size);
	if (!m)
		m = props_distinct(sc, msg, size);
	if (!m && bar)
		m = props_names(sc, msg, size);
	if (!m && bar)
		m = props_near(sc, msg, size);
	if (!m && bar)
		m = props_notation(sc, false, msg, size);
	return m;
}

/* The properties of a chart of kind type ("bar", "grouped", "line",
 * "scaling", "overview"): a bar chart's all; one notation in grouped,
 * line and scaling charts too (their x axis aside); no text off the
 * canvas and no overlap in every kind. */
static inline const char *props_check_kind(const struct br_scene *sc,
					   const char *type, char *msg,
					   size_t size)
{
	bool xy = !strcmp(type, "line") || !strcmp(type, "scaling");
	const char *m = props_check(sc, !strcmp(type, "bar"), msg, size);

	if (!m && (xy || !strcmp(type, "grouped")))
		m = props_notation(sc, xy, msg, size);
	return m;
}

#endif
