/*
 * fonts.h - the fontconfig configurations behind text.c's font maps
 * (doc/charts.md, "Fonts").
 *
 * Reading the system's fontconfig configuration (dozens of XML files and
 * the caches of every installed font) costs more than laying out a chart.
 * The project draws in one family, DejaVu Sans, regular and bold, so a
 * private configuration that holds just those two files is made first,
 * and made current (the system's is then never read by pango).  A string
 * with a character neither file has goes to the system's configuration,
 * read on first need, so its glyphs are chosen exactly as before:
 * fallback fonts for CJK, symbols, whatever the machine has.
 *
 * BENCHREPORT_FONTS=system skips the private configuration (every string
 * through the system's), for comparing the two and as a way out.
 */
#ifndef BR_TEXT_FONTS_H
#define BR_TEXT_FONTS_H

#include <fontconfig/fontconfig.h>
#include <stdbool.h>

/* The private configuration, made current; NULL when the files are not
 * found in the usual font directories or BENCHREPORT_FONTS=system. */
FcConfig *br_fonts_project(void);

/* The system's configuration for the fallback font map: NULL means
 * pango's default (the current one), which is the system's unless the
 * private one was made current. */
FcConfig *br_fonts_system(void);

/* Whether family is the project's and the project's regular (or bold)
 * file has every character of the UTF-8 string s. */
bool br_fonts_covers(const char *family, bool bold, const char *s);

/* The path of the project's regular (or bold) file, NULL when not
 * found (render/text/hbwidth.c reads it directly). */
const char *br_fonts_file(bool bold);

/* Release both configurations (after the font maps that use them). */
void br_fonts_shutdown(void);

#endif
