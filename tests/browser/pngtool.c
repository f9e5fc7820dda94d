/*
 * pngtool.c - what tests/browser/run.sh needs to know about Chromium's
 * screenshots, with cairo (already a dependency):
 *
 *   pngtool blank FILE            exit 0 when the image is one colour
 *   pngtool bands FILE RRGGBB...  count the horizontal bands (runs of
 *                                 rows separated by >= 40 rows without)
 *                                 holding 20 pixels in a row of the
 *                                 colours: one band per drawn chart
 *   pngtool crop FILE X Y W H OUT a part of the image, for looking at
 *   pngtool at FILE X Y           the colour of one pixel, as RRGGBB
 */
#include <cairo.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static cairo_surface_t *load(const char *path, int *w, int *h)
{
	cairo_surface_t *s = cairo_image_surface_create_from_png(path);

	if (cairo_surface_status(s) != CAIRO_STATUS_SUCCESS) {
		fprintf(stderr, "pngtool: %s: %s\n", path,
			cairo_status_to_string(cairo_surface_status(s)));
		exit(2);
	}
	cairo_surface_flush(s);
	*w = cairo_image_surface_get_width(s);
	*h = cairo_image_surface_get_height(s);
	return s;
}

static uint32_t px(cairo_surface_t *s, int x, int y)
{
	const unsigned char *d = cairo_image_surface_get_data(s);
	int stride = cairo_image_surface_get_stride(s);

	return *(const uint32_t *)(d + (size_t)y * (size_t)stride +
				   (size_t)x * 4) & 0xffffff;
}

int main(int argc, char **argv)
{
	cairo_surface_t *s;
	int w, h, x, y;

	if (argc < 3) {
		fprintf(stderr, "usage: pngtool blank|bands|crop|at FILE ...\n");
		return 2;
	}
	s = load(argv[2], &w, &h);
	if (!strcmp(argv[1], "blank")) {
		uint32_t first = px(s, 0, 0);

		for (y = 0; y < h; y++)
			for (x = 0; x < w; x++)
				if (px(s, x, y) != first)
					return 1;
		return 0;
	}
	if (!strcmp(argv[1], "bands")) {
		uint32_t *want = calloc((size_t)argc, sizeof *want);
		int n_want = 0, i, bands = 0, gap = 1000, run;

		for (i = 3; i < argc; i++)
			want[n_want++] = (uint32_t)strtoul(argv[i], NULL, 16);
		for (y = 0; y < h; y++) {
			int hit = 0;

			/* a run of 20 pixels: bars, not the swatches
			 * (coloured glyphs) beside the systems' names */
			for (x = 0, run = 0; x < w && !hit; x++) {
				bool in = false;

				for (i = 0; i < n_want && !in; i++)
					in = px(s, x, y) == want[i];
				run = in ? run + 1 : 0;
				hit = run >= 20;
			}
			if (hit) {
				if (gap >= 40)
					bands++;
				gap = 0;
			} else {
				gap++;
			}
		}
		printf("%d\n", bands);
		free(want);
		return 0;
	}
	if (!strcmp(argv[1], "crop") && argc == 8) {
		int cx = atoi(argv[3]), cy = atoi(argv[4]);
		int cw = atoi(argv[5]), ch = atoi(argv[6]);
		cairo_surface_t *o = cairo_image_surface_create(
			CAIRO_FORMAT_RGB24, cw, ch);
		cairo_t *cr = cairo_create(o);

		cairo_set_source_surface(cr, s, -cx, -cy);
		cairo_paint(cr);
		cairo_destroy(cr);
		return cairo_surface_write_to_png(o, argv[7]) ==
		       CAIRO_STATUS_SUCCESS ? 0 : 2;
	}
	if (!strcmp(argv[1], "at") && argc == 5) {
		x = atoi(argv[3]);
		y = atoi(argv[4]);
		if (x < 0 || y < 0 || x >= w || y >= h)
			return 2;
		printf("%06x\n", (unsigned)px(s, x, y));
		return 0;
	}
	fprintf(stderr, "pngtool: unknown command %s\n", argv[1]);
	return 2;
}
