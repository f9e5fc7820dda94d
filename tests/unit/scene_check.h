/*
 * scene_check.h - golden scene dumps for the chart tests: a scene is
 * compared with tests/data/render/NAME.scene; BR_RENDER_ACCEPT=1
 * rewrites it (only after looking at the PNGs: BR_RENDER_OUT=DIR writes
 * .png/.svg/.pdf/.scene of every case into DIR).
 */
#ifndef BR_SCENE_CHECK_H
#define BR_SCENE_CHECK_H

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "render/paint/render.h"
#include "render/paint/scene.h"

static inline char *dump(const struct br_scene *sc)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *fp = open_memstream(&buf, &len);

	ck_assert_ptr_nonnull(fp);
	br_scene_dump(fp, sc);
	fclose(fp);
	return buf;
}

static inline char *bytes(const struct br_scene *sc, enum br_image_format f,
		   size_t *len)
{
	struct br_paint_opts po;
	struct br_error err;
	char *buf = NULL;
	FILE *fp = open_memstream(&buf, len);

	ck_assert_ptr_nonnull(fp);
	br_paint_opts_defaults(&po);
	po.creator = "benchreport test";
	po.epoch = 0;
	br_error_clear(&err);
	ck_assert_int_eq(br_render_scenes(fp, f, (struct br_scene *const *)&sc,
					  1, &po, &err), BR_OK);
	fclose(fp);
	return buf;
}

static inline void save(const char *dir, const char *name, const char *ext,
		 const char *buf, size_t len)
{
	char path[512];
	FILE *fp;

	snprintf(path, sizeof path, "%s/%s.%s", dir, name, ext);
	fp = fopen(path, "wb");
	if (!fp)
		return;
	fwrite(buf, 1, len, fp);
	fclose(fp);
}

static inline char *slurp(const char *path)
{
	FILE *fp = fopen(path, "rb");
	char *buf;
	long n;

	if (!fp)
		return NULL;
	fseek(fp, 0, SEEK_END);
	n = ftell(fp);
	fseek(fp, 0, SEEK_SET);
	buf = malloc((size_t)n + 1);
	if (buf && fread(buf, 1, (size_t)n, fp) != (size_t)n) {
		free(buf);
		buf = NULL;
	}
	if (buf)
		buf[n] = '\0';
	fclose(fp);
	return buf;
}

/* Compare the scene with tests/data/render/NAME.scene; write outputs to
 * $BR_RENDER_OUT for looking at them. */
static inline void golden(const char *name, const struct br_scene *sc)
{
	const char *outdir = getenv("BR_RENDER_OUT");
	const char *accept = getenv("BR_RENDER_ACCEPT");
	char path[512], *got = dump(sc), *want;

	snprintf(path, sizeof path, "data/render/%s.scene", name);
	if (outdir) {
		static const enum br_image_format fmts[] = {
			BR_IMAGE_PNG, BR_IMAGE_SVG, BR_IMAGE_PDF,
		};
		size_t i, len;

		save(outdir, name, "scene", got, strlen(got));
		for (i = 0; i < 3; i++) {
			char *b = bytes(sc, fmts[i], &len);

			save(outdir, name, br_image_format_suffix(fmts[i]), b,
			     len);
			free(b);
		}
	}
	if (accept && !strcmp(accept, "1")) {
		FILE *fp = fopen(path, "wb");

		ck_assert_ptr_nonnull(fp);
		fputs(got, fp);
		fclose(fp);
	}
	want = slurp(path);
	ck_assert_msg(want != NULL, "missing golden %s", path);
	ck_assert_msg(!strcmp(got, want), "scene differs from %s (set "
		      "BR_RENDER_OUT=dir to see it)", path);
	free(want);
	free(got);
}

#endif
