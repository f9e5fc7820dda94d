/*
 * escape.h - text escaping for the markup outputs.  Every string that
 * came from an input goes through one of these: names and titles like
 * "<script>", "]]>" or "</svg>" must stay text.
 */
#ifndef BR_ESCAPE_H
#define BR_ESCAPE_H

#include <stdio.h>

/*
 * XML/HTML text and attribute values: & < > " ' escaped; characters XML
 * 1.0 forbids (C0 controls but tab/newline/CR) dropped; invalid UTF-8
 * bytes replaced by U+FFFD.
 */
void br_xml_text(FILE *fp, const char *s);

#endif
