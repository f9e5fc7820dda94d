/*
 * svg_css.c - the styles of the HTML report's inline charts as classes.
 *
 * A chart repeats a few dozen styles on every element: a name's size,
 * weight, colour and anchor, a bar's fill and outline, a whisker's
 * stroke.  Inside the HTML report (doc/templates.md, chart_css) each is
 * written once, as a class in the page's style sheet, and the elements
 * name the class: the page is far smaller and looks the same.  The most
 * common text and stroke styles are the defaults of text and path in a
 * chart (no class at all).  A style not in the table keeps its
 * attributes (svg.c).
 *
 * A key is what svg.c would write: a letter for the element (t text, p a
 * path of lines, r rect, c circle, l polyline, g polygon) and the style
 * attributes as written.  The table is made once; it is read only after.
 */
#include <pthread.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../chart/colours.h"
#include "../text/text.h"
#include "render.h"

#define MAX_CLASSES 128
#define KEY_LEN 112

static struct {
	char key[KEY_LEN];
	char name[4];
	unsigned long hash;
} table[MAX_CLASSES];
static size_t n_table;
/* Open addressing over table: index + 1, 0 for an empty slot. */
#define SLOTS 512
static unsigned char slots[SLOTS];
static char *css;
static pthread_once_t once = PTHREAD_ONCE_INIT;

/* The text styles of the charts, the most used first (the first is the
 * default: no class). */
static const char *const texts[] = {
	" font-size=\"11\" font-weight=\"bold\" fill=\"#231f20\" "
	"text-anchor=\"end\"",
	" font-size=\"8\" fill=\"#757575\" text-anchor=\"end\"",
	" font-size=\"10\" font-weight=\"bold\" text-anchor=\"end\"",
	" font-size=\"10\" fill=\"#065695\" text-anchor=\"middle\"",
	" font-size=\"10\" font-weight=\"bold\" fill=\"#ffffff\" "
	"text-anchor=\"end\"",
	" font-size=\"9\" font-weight=\"bold\" fill=\"#231f20\"",
	" font-size=\"17\" font-weight=\"bold\" fill=\"#231f20\"",
	" font-size=\"8\" font-weight=\"bold\" fill=\"#757575\" "
	"text-anchor=\"end\"",
	" font-size=\"8\" font-weight=\"bold\" fill=\"#065695\"",
	" font-size=\"10\" fill=\"#065695\" text-anchor=\"end\"",
	" font-size=\"8\" fill=\"#757575\"",
	" font-size=\"11\" font-weight=\"bold\" fill=\"#231f20\"",
	" font-size=\"10\" font-weight=\"bold\" fill=\"#065695\"",
	" font-size=\"8\" font-weight=\"bold\" fill=\"#065695\" "
	"text-anchor=\"middle\"",
	" font-size=\"9\" fill=\"#808080\"",
	" font-size=\"11\" font-weight=\"bold\" fill=\"#9e9e9e\"",
	" font-size=\"11\" font-weight=\"bold\" fill=\"#9e9e9e\" "
	"text-anchor=\"end\"",
	" font-size=\"9\" font-weight=\"bold\" fill=\"#065695\"",
	" font-size=\"9\" font-weight=\"bold\" text-anchor=\"end\"",
	" font-size=\"9\" font-weight=\"bold\" fill=\"#ffffff\" "
	"text-anchor=\"end\"",
};

/* Lines (drawn as paths), fills and outlines that are not a system's. */
static const char *const fixed[] = {
	"p stroke=\"#ffffff\" stroke-width=\"3\"",   /* whisker halo */
	"p stroke=\"#757575\"",
	"p stroke=\"#231f20\"",
	"p stroke=\"#bababa\" stroke-dasharray=\"5,5\"",
	"p stroke=\"#065695\" stroke-width=\"1.5\"",
	"r fill=\"#fefefe\"",
	"g fill=\"#065695\"",
	"r fill=\"#ffffff\"",
	"g fill=\"#ffffff\"",
	"r fill=\"#f2f2f2\"",
};

/* The styles that take each palette colour ("%s": "#rrggbb"). */
static const char *const per_colour[] = {
	"r fill=\"%s\" stroke=\"#949494\"",
	"p stroke=\"%s\"",
	"r fill=\"%s\"",
	"c fill=\"%s\"",
	"g fill=\"%s\"",
	"l fill=\"none\" stroke=\"%s\" stroke-width=\"2\" "
	"stroke-linejoin=\"round\"",
	"l fill=\"none\" stroke=\"%s\" stroke-width=\"2\" "
	"stroke-dasharray=\"6,6\" stroke-linejoin=\"round\"",
};

/* FNV-1a of a key: most lookups differ here and compare no string. */
static unsigned long hash_of(const char *s)
{
	unsigned long h = 2166136261u;

	for (; *s; s++)
		h = (h ^ (unsigned char)*s) * 16777619u;
	return h;
}

/* Class k's name: a-z, A-Z, then a letter and a digit. */
static void class_name(size_t k, char *out)
{
	static const char letters[] =
		"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";

	if (k < 52) {
		out[0] = letters[k];
		out[1] = '\0';
	} else {
		out[0] = letters[(k - 52) / 10];
		out[1] = (char)('0' + (k - 52) % 10);
		out[2] = '\0';
	}
}

static void add(const char *key)
{
	size_t i;

	if (n_table == MAX_CLASSES || strlen(key) >= KEY_LEN)
		return;
	for (i = 0; i < n_table; i++)
		if (!strcmp(table[i].key, key))
			return;
	strcpy(table[n_table].key, key);
	table[n_table].hash = hash_of(key);
	for (i = table[n_table].hash % SLOTS; slots[i]; i = (i + 1) % SLOTS)
		;
	slots[i] = (unsigned char)(n_table + 1);
	class_name(n_table, table[n_table].name);
	n_table++;
}

/* ` name="value"` pairs as CSS declarations; sizes and widths in px. */
static void declarations(FILE *fp, const char *attrs)
{
	const char *p = attrs;

	while ((p = strchr(p, ' ')) != NULL) {
		const char *eq = strchr(p, '='), *end;

		if (!eq || eq[1] != '"' || !(end = strchr(eq + 2, '"')))
			break;
		fprintf(fp, "%.*s:%.*s", (int)(eq - p - 1), p + 1,
			(int)(end - eq - 2), eq + 2);
		if (!strncmp(p + 1, "font-size=", 10) ||
		    !strncmp(p + 1, "stroke-width=", 13))
			fputs("px", fp);
		fputc(';', fp);
		p = end + 1;
	}
}

/* A text or path class says everything the default would otherwise
 * give it. */
static void resets(FILE *fp, char kind, const char *attrs)
{
	if (kind == 't') {
		if (!strstr(attrs, "font-weight="))
			fputs("font-weight:normal;", fp);
		if (!strstr(attrs, " fill="))
			fputs("fill:#000000;", fp);
		if (!strstr(attrs, "text-anchor="))
			fputs("text-anchor:start;", fp);
	} else if (kind == 'p') {
		if (!strstr(attrs, "stroke-width="))
			fputs("stroke-width:1px;", fp);
	}
}

static void make_css(void)
{
	char *buf = NULL;
	size_t len = 0, i;
	FILE *fp = open_memstream(&buf, &len);

	if (!fp)
		return;
	fputs(".qc{font-family:" BR_FONT_FAMILY ",sans-serif}"
	      ".qc path{fill:none}", fp);
	for (i = 0; i < n_table; i++) {
		const char *attrs = table[i].key + 1;
		char kind = table[i].key[0];
		bool dflt = i == 0 || (kind == 'p' &&
				       !strcmp(table[i].key, fixed[0]));

		if (dflt)
			fprintf(fp, "\n.qc %s{", kind == 't' ? "text" : "path");
		else
			fprintf(fp, "\n.qc .%s{", table[i].name);
		declarations(fp, attrs);
		if (!dflt)
			resets(fp, kind, attrs);
		fputc('}', fp);
	}
	fputc('\n', fp);
	if (fclose(fp) != 0) {
		free(buf);
		return;
	}
	css = buf;
}

static void make_table(void)
{
	char key[KEY_LEN];
	size_t i, k;

	for (i = 0; i < sizeof texts / sizeof *texts; i++) {
		snprintf(key, sizeof key, "t%s", texts[i]);
		add(key);
	}
	for (i = 0; i < sizeof fixed / sizeof *fixed; i++)
		add(fixed[i]);
	for (i = 0; i < sizeof per_colour / sizeof *per_colour; i++)
		for (k = 0; k < BR_N_PALETTE; k++) {
			char hex[8];

			snprintf(hex, sizeof hex, "#%06x",
				 (unsigned)(br_palette(k) & 0xffffffu));
			snprintf(key, sizeof key, per_colour[i], hex);
			add(key);
		}
	make_css();
}

const char *br_svg_css(void)
{
	pthread_once(&once, make_table);
	return css ? css : "";
}

const char *br_svg_class(const char *key)
{
	unsigned long h = hash_of(key);
	size_t i;

	pthread_once(&once, make_table);
	if (!css)
		return NULL;
	for (i = h % SLOTS; slots[i]; i = (i + 1) % SLOTS) {
		size_t k = (size_t)slots[i] - 1;

		if (table[k].hash == h && !strcmp(table[k].key, key))
			/* the defaults: no class */
			return k == 0 || !strcmp(key, fixed[0]) ? "" :
			       table[k].name;
	}
	return NULL;
}
