/*
 * pts_xml_prolog.c - what comes before the root element of a PTS result
 * file: detection (br_detect_pts_xml), the UTF-8 byte order mark and the
 * encoding the XML declaration names.  The reader never lets libxml2
 * switch encodings (see parse() in pts_xml.c): UTF-8 and ASCII are read
 * as they are, ISO-8859-1 is converted here, anything else is refused.
 */
#include <string.h>
#include <strings.h>

#include "pts_xml_int.h"

#define DETECT_WINDOW 8192    /* bytes br_detect_pts_xml looks at */

/* Index of the first byte in b[i..n) that is not white space, or n. */
static size_t skip_space(const char *b, size_t n, size_t i)
{
	while (i < n && br_px_is_space((unsigned char)b[i]))
		i++;
	return i;
}

/* Index just past needle in b[i..n), or n when absent. */
static size_t skip_past(const char *b, size_t n, size_t i, const char *needle)
{
	size_t k = strlen(needle);

	for (; i + k <= n; i++)
		if (!memcmp(b + i, needle, k))
			return i + k;
	return n;
}

/* Does the element name at b[i] equal name (and end there)? */
static bool name_is(const char *b, size_t n, size_t i, const char *name)
{
	size_t k = strlen(name);

	if (i + k > n || memcmp(b + i, name, k))
		return false;
	if (i + k == n)
		return true; /* cut by the window: good enough */
	return br_px_is_space((unsigned char)b[i + k]) || b[i + k] == '>' ||
	       b[i + k] == '/';
}

/* Whether buf starts with the UTF-8 byte order mark. */
bool br_px_has_bom(const char *buf, size_t len)
{
	return len >= 3 && !memcmp(buf, "\xef\xbb\xbf", 3);
}

/*
 * The root element must be PhoronixTestSuite, after an optional BOM,
 * <?xml ...?>, comments and other processing instructions such as
 * <?xml-stylesheet?>.  A DOCTYPE naming that root also scores: the reader
 * then refuses it with a clear message instead of "unknown format".
 */
int br_detect_pts_xml(const char *buf, size_t len)
{
	size_t n = len < DETECT_WINDOW ? len : DETECT_WINDOW, i = 0;

	if (br_px_has_bom(buf, n))
		i = 3;
	for (;;) {
		i = skip_space(buf, n, i);
		if (i >= n || buf[i] != '<')
			return 0;
		if (n - i >= 2 && buf[i + 1] == '?') {
			i = skip_past(buf, n, i + 2, "?>");
		} else if (n - i >= 4 && !memcmp(buf + i, "<!--", 4)) {
			i = skip_past(buf, n, i + 4, "-->");
		} else if (n - i >= 9 && !memcmp(buf + i, "<!DOCTYPE", 9)) {
			i = skip_space(buf, n, i + 9);
			return name_is(buf, n, i, ROOT_NAME) ? 90 : 0;
		} else {
			return name_is(buf, n, i + 1, ROOT_NAME) ? BR_DETECT_SURE
								 : 0;
		}
	}
}

/* What a declared encoding name means to us (case as written). */
enum enc_kind br_px_encoding_kind(const char *enc)
{
	static const char *const utf8[] = {
		"", "utf-8", "utf8", "us-ascii", "ascii",
	};
	static const char *const latin1[] = {
		"iso-8859-1", "latin1", "iso_8859-1", "iso8859-1",
	};
	size_t i;

	for (i = 0; i < sizeof utf8 / sizeof utf8[0]; i++)
		if (!strcasecmp(enc, utf8[i]))
			return ENC_UTF8;
	for (i = 0; i < sizeof latin1 / sizeof latin1[0]; i++)
		if (!strcasecmp(enc, latin1[i]))
			return ENC_LATIN1;
	return ENC_OTHER;
}

/*
 * The encoding the XML declaration at the start of buf names, as written,
 * into out: "" when there is none.  false when the declaration names one
 * in a way we cannot read (then nothing is parsed).
 */
bool br_px_declared_encoding(const char *buf, size_t len, char *out,
			     size_t size)
{
	size_t end, i, n = 0;
	const char *hit = NULL;
	char q;

	out[0] = '\0';
	if (br_px_has_bom(buf, len)) {
		buf += 3;
		len -= 3;
	}
	if (len < 5 || memcmp(buf, "<?xml", 5))
		return true;
	for (end = 5; end + 1 < len && end < 1024; end++)
		if (buf[end] == '?' && buf[end + 1] == '>')
			break;
	for (i = 5; i + 8 <= end; i++)
		if (!memcmp(buf + i, "encoding", 8)) {
			hit = buf + i + 8;
			break;
		}
	if (!hit)
		return true;
	i = (size_t)(hit - buf);
	while (i < end && br_px_is_space((unsigned char)buf[i]))
		i++;
	if (i >= end || buf[i++] != '=')
		return false;
	while (i < end && br_px_is_space((unsigned char)buf[i]))
		i++;
	if (i >= end || (buf[i] != '"' && buf[i] != '\''))
		return false;
	q = buf[i++];
	for (; i < end && buf[i] != q; i++) {
		char c = buf[i];

		if (!((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') ||
		      (c >= '0' && c <= '9') || c == '-' || c == '_' ||
		      c == '.') || n + 1 >= size)
			return false;
		out[n++] = c;
	}
	out[n] = '\0';
	return i < end && n > 0;
}

/* ISO-8859-1 text as UTF-8 into out (room for 2 len bytes): its length. */
size_t br_px_latin1_to_utf8(const char *buf, size_t len, char *out)
{
	size_t i, n = 0;

	for (i = 0; i < len; i++) {
		unsigned char c = (unsigned char)buf[i];

		if (c < 0x80) {
			out[n++] = (char)c;
		} else {
			out[n++] = (char)(0xc0 | c >> 6);
			out[n++] = (char)(0x80 | (c & 0x3f));
		}
	}
	return n;
}
