/*
 * fonts.c - the private and the system fontconfig configurations
 * (fonts.h; doc/charts.md, "Fonts").
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "fonts.h"
#include "text.h"
#include "uchar.h"

/* Where distributions install DejaVu Sans (Debian and Ubuntu, Fedora,
 * Arch, Alpine, the BSDs' ports). */
static const char *const font_dirs[] = {
	"/usr/share/fonts/truetype/dejavu",
	"/usr/share/fonts/dejavu-sans-fonts",
	"/usr/share/fonts/dejavu",
	"/usr/share/fonts/TTF",
	"/usr/local/share/fonts/dejavu",
	"/usr/pkg/share/fonts/X11/TTF",
};

static struct {
	bool tried;
	FcConfig *project;       /* NULL: not found, or not wanted */
	FcCharSet *cover[2];     /* regular, bold: borrowed from project */
	FcConfig *system;        /* the system's, when made here */
} F;

/* Add dir/name to cfg; the charset of the pattern it added. */
static FcCharSet *add_file(FcConfig *cfg, const char *dir, const char *name)
{
	char path[512];
	FcFontSet *fs;
	FcCharSet *cs = NULL;
	size_t n = strlen(dir), m = strlen(name);

	if (n + m + 2 > sizeof path)
		return NULL;
	memcpy(path, dir, n);
	path[n] = '/';
	memcpy(path + n + 1, name, m + 1);
	if (!FcConfigAppFontAddFile(cfg, (const FcChar8 *)path))
		return NULL;
	fs = FcConfigGetFonts(cfg, FcSetApplication);
	if (!fs || fs->nfont < 1 ||
	    FcPatternGetCharSet(fs->fonts[fs->nfont - 1], FC_CHARSET, 0,
				&cs) != FcResultMatch)
		return NULL;
	return cs;
}

static const char *const font_files[2] = {
	"DejaVuSans.ttf", "DejaVuSans-Bold.ttf",
};

/* The first of font_dirs that has both files, or NULL. */
static const char *font_dir(void)
{
	static const char *dir;
	static bool looked;
	char path[512];
	size_t i;

	if (looked)
		return dir;
	looked = true;
	for (i = 0; i < sizeof font_dirs / sizeof font_dirs[0]; i++) {
		snprintf(path, sizeof path, "%s/%s", font_dirs[i],
			 font_files[0]);
		if (access(path, R_OK) != 0)
			continue;
		snprintf(path, sizeof path, "%s/%s", font_dirs[i],
			 font_files[1]);
		if (access(path, R_OK) == 0)
			return dir = font_dirs[i];
	}
	return NULL;
}

const char *br_fonts_file(bool bold)
{
	static char path[2][512];
	const char *dir = font_dir();

	if (!dir)
		return NULL;
	if (!path[bold][0])
		snprintf(path[bold], sizeof path[bold], "%s/%s", dir,
			 font_files[bold]);
	return path[bold];
}

/* The two files in a configuration of their own. */
static FcConfig *make_project(void)
{
	const char *dir = font_dir();
	FcConfig *cfg = dir ? FcConfigCreate() : NULL;

	if (!cfg)
		return NULL;
	F.cover[0] = add_file(cfg, dir, font_files[0]);
	F.cover[1] = F.cover[0] ? add_file(cfg, dir, font_files[1]) : NULL;
	if (F.cover[0] && F.cover[1])
		return cfg;
	FcConfigDestroy(cfg);
	F.cover[0] = F.cover[1] = NULL;
	return NULL;
}

FcConfig *br_fonts_project(void)
{
	const char *env;

	if (F.tried)
		return F.project;
	F.tried = true;
	env = getenv("BENCHREPORT_FONTS");
	if (env && !strcmp(env, "system"))
		return NULL;
	F.project = make_project();
	/* current, so that pango's start-up never reads the system's */
	if (F.project && !FcConfigSetCurrent(F.project)) {
		FcConfigDestroy(F.project);
		F.project = NULL;
	}
	return F.project;
}

FcConfig *br_fonts_system(void)
{
	if (!br_fonts_project())
		return NULL;   /* the current one is the system's */
	if (!F.system)
		F.system = FcInitLoadConfigAndFonts();
	return F.system;
}

bool br_fonts_covers(const char *family, bool bold, const char *s)
{
	const FcCharSet *cs;

	if (!br_fonts_project() || (family && strcmp(family, BR_FONT_FAMILY)))
		return false;
	cs = F.cover[bold ? 1 : 0];
	while (*s) {
		uint32_t cp;
		size_t n = br_uchar_decode(s, &cp);

		if (n == 0 || !FcCharSetHasChar(cs, cp))
			return false;
		s += n;
	}
	return true;
}

void br_fonts_shutdown(void)
{
	if (F.system)
		FcConfigDestroy(F.system);
	/* the current configuration keeps its own reference: give it
	 * back, so that the next start may choose the system's */
	if (F.project) {
		if (FcConfigGetCurrent() == F.project)
			FcConfigSetCurrent(NULL);
		FcConfigDestroy(F.project);
	}
	memset(&F, 0, sizeof F);
}
