/*
 * floor_pdf.c - cairo and pango alone drawing what a bar chart page of
 * benchreport's PDF report draws, with nothing computed: the floor under
 * the PDF rows of bench/speed.sh.  Most of a PDF report's time is cairo
 * writing PDF (its numbers, zlib, font subsets), which runs at a
 * different speed on each machine; held against this floor, the PDF
 * rows compare like with like wherever they run.
 *
 * usage: floor_pdf CHARTS SYSTEMS PAGES [toy] > file.pdf
 * Each chart: a title and subtitle, five dashed grid lines with their
 * labels, and per system its name, an "SE +/- ..., N = 5" line, a bar
 * (filled and outlined), its value and a tick: the elements and text
 * sizes of render/chart/chart_bar.c; the charts spread evenly over
 * PAGES A4 pages (where they fall on a page costs nothing).  With "toy",
 * text goes through cairo's own text functions instead of pango: the
 * floor of cairo alone, with no shaping (README.md, "Speed").
 */
#include <cairo-pdf.h>
#include <cairo.h>
#include <pango/pangocairo.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static cairo_status_t out(void *c, const unsigned char *d, unsigned int n)
{
	return fwrite(d, 1, n, c) == n ? CAIRO_STATUS_SUCCESS
				       : CAIRO_STATUS_WRITE_ERROR;
}

static int toy;

static void text(cairo_t *cr, PangoLayout *l, PangoFontDescription *fd,
		 double size, double x, double y, const char *s)
{
	if (toy) {
		cairo_set_font_size(cr, size);
		cairo_move_to(cr, x, y + size);
		cairo_show_text(cr, s);
		return;
	}
	pango_font_description_set_absolute_size(fd, size * PANGO_SCALE);
	pango_layout_set_font_description(l, fd);
	pango_layout_set_text(l, s, -1);
	cairo_move_to(cr, x, y);
	pango_cairo_show_layout(cr, l);
}

static void chart(cairo_t *cr, PangoLayout *l, PangoFontDescription *fd,
		  int pg, int systems)
{
	char buf[64];
	int i;

	cairo_set_source_rgb(cr, .14, .12, .13);
	snprintf(buf, sizeof buf, "Synthetic %d 1.0", pg);
	text(cr, l, fd, 14.9, 47, 45, buf);
	text(cr, l, fd, 9.6, 47, 64, "Test: 101");
	for (i = 1; i <= 5; i++) {
		double d[2] = {4.375, 4.375}, x = 120 + 70 * i;

		cairo_set_dash(cr, d, 2, 0);
		cairo_set_source_rgb(cr, .73, .73, .73);
		cairo_set_line_width(cr, .875);
		cairo_move_to(cr, x, 98);
		cairo_line_to(cr, x, 476);
		cairo_stroke(cr);
		cairo_set_source_rgb(cr, .02, .34, .58);
		snprintf(buf, sizeof buf, "%d", 200 * i);
		text(cr, l, fd, 8.75, x - 8, 482, buf);
	}
	cairo_set_dash(cr, NULL, 0, 0);
	for (i = 0; i < systems; i++) {
		double y = 103 + 31.5 * i, w = 60 + (pg * 37 + i * 53) % 300;

		cairo_set_source_rgb(cr, .14, .12, .13);
		snprintf(buf, sizeof buf, "System %d", i + 1);
		text(cr, l, fd, 9.6, 65, y, buf);
		cairo_set_source_rgb(cr, .46, .46, .46);
		snprintf(buf, sizeof buf, "SE +/- %d.%02d, N = 5", i % 3,
			 (pg + i) % 100);
		text(cr, l, fd, 7, 51, y + 10, buf);
		cairo_move_to(cr, 116.375, y + 26);
		cairo_line_to(cr, 119.875, y + 26);
		cairo_stroke(cr);
		cairo_rectangle(cr, 119.875, y, w, 21);
		cairo_set_source_rgb(cr, (i % 3) / 3.0, .45, .7);
		cairo_fill_preserve(cr);
		cairo_set_source_rgb(cr, .58, .58, .58);
		cairo_stroke(cr);
		cairo_set_source_rgb(cr, 1, 1, 1);
		snprintf(buf, sizeof buf, "%d.%02d", 100 + (int)w, i * 7 % 100);
		text(cr, l, fd, 8.75, 119.875 + w - 40, y + 5, buf);
	}
}

int main(int argc, char **argv)
{
	int charts = argc > 1 ? atoi(argv[1]) : 100;
	int systems = argc > 2 ? atoi(argv[2]) : 12;
	int pages = argc > 3 && atoi(argv[3]) > 0 ? atoi(argv[3]) : charts;
	int c, pg = -1;

	toy = argc > 4 && !strcmp(argv[4], "toy");
	cairo_surface_t *sf = cairo_pdf_surface_create_for_stream(out, stdout,
								  595.28,
								  841.89);
	cairo_t *cr = cairo_create(sf);
	PangoLayout *l = pango_cairo_create_layout(cr);
	PangoFontDescription *fd =
		pango_font_description_from_string("DejaVu Sans");

	cairo_select_font_face(cr, "DejaVu Sans", CAIRO_FONT_SLANT_NORMAL,
			       CAIRO_FONT_WEIGHT_NORMAL);

	for (c = 0; c < charts; c++) {
		/* chart c goes on page c * pages / charts */
		if ((long)c * pages / charts != pg) {
			if (pg >= 0)
				cairo_show_page(cr);
			pg = (int)((long)c * pages / charts);
			cairo_set_source_rgb(cr, 1, 1, 1);
			cairo_paint(cr);
		}
		chart(cr, l, fd, c, systems);
	}
	if (pg >= 0)
		cairo_show_page(cr);
	pango_font_description_free(fd);
	g_object_unref(l);
	cairo_destroy(cr);
	cairo_surface_finish(sf);
	cairo_surface_destroy(sf);
	return 0;
}
