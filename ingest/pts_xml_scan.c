/*
 * pts_xml_scan.c - the pre-scan of a PTS result file's bytes before
 * libxml2 sees them (pts_xml_int.h).  PTS writes no attributes; libxml2
 * checks an element's attributes for duplicates in time quadratic in
 * their number (100,000 on one element took 5.7 s, 200,000 a minute), so
 * a start tag with more than MAX_ATTRS of them is refused here, in one
 * pass over the bytes, before libxml2 parses it (issue 25, item 7).
 *
 * An attribute is counted at each '=' in a start tag outside a quoted
 * value: every attribute of a well-formed tag has exactly one, and a tag
 * that is not well-formed is libxml2's error anyway.  Comments, CDATA
 * sections, processing instructions (the XML declaration) and
 * declarations (<!DOCTYPE ...>, which the parser refuses) are skipped;
 * end tags hold no attributes.
 */
#include <string.h>

#include "pts_xml_int.h"

enum {
	S_TEXT = 0,     /* character data */
	S_LT,           /* just after '<' */
	S_BANG,         /* just after "<!" */
	S_TAG,          /* in a start tag, outside quotes */
	S_VALUE,        /* in a quoted attribute value */
	S_END,          /* an end tag, to its '>' */
	S_COMMENT,      /* <!-- ... --> */
	S_CDATA,        /* <![CDATA[ ... ]]> */
	S_PI,           /* <? ... ?> */
	S_DECL          /* <!DOCTYPE ...>, to the first '>' */
};

/* The state after "<!" and byte c. */
static unsigned char after_bang(unsigned char c)
{
	return c == '-' ? S_COMMENT : c == '[' ? S_CDATA : S_DECL;
}

/* The state after '<' and byte c. */
static unsigned char after_lt(struct ascan *s, unsigned char c)
{
	s->run = 0;
	switch (c) {
	case '!': return S_BANG;
	case '?': return S_PI;
	case '/': return S_END;
	default:
		s->attrs = 0;
		return S_TAG;
	}
}

/* One byte c of a comment, CDATA or PI: the state after it.  A comment
 * ends at "-->" (its opening "<!-" counts no dash: "<!-->" is no end),
 * CDATA at "]]>", a PI at "?>". */
static unsigned char in_skip(struct ascan *s, unsigned char c)
{
	unsigned char mark = s->state == S_COMMENT ? '-' :
			     s->state == S_CDATA ? ']' : '?';
	unsigned need = s->state == S_PI ? 1 : 2;

	if (c == '>' && s->run >= need)
		return S_TEXT;
	if (c == mark) {
		if (s->run < 255)
			s->run++;
	} else {
		s->run = 0;
	}
	return s->state;
}

/* The newlines of p[0..n). */
static size_t newlines(const char *p, size_t n)
{
	const char *end = p + n;
	size_t k = 0;

	while ((p = memchr(p, '\n', (size_t)(end - p))) != NULL) {
		k++;
		p++;
	}
	return k;
}

bool br_px_scan_attrs(struct pstate *st, const char *p, size_t n)
{
	struct ascan *s = &st->scan;
	size_t i;

	if (s->line == 0)
		s->line = 1;
	for (i = 0; i < n; i++) {
		unsigned char c = (unsigned char)p[i];

		if (s->state == S_TEXT) {
			/* character data to the next tag, at memchr's pace */
			const char *lt = memchr(p + i, '<', n - i);
			size_t to = lt ? (size_t)(lt - p) : n;

			s->line += newlines(p + i, to - i);
			i = to;
			if (!lt)
				break;
			s->state = S_LT;
			s->tag_line = s->line;
			continue;
		}
		if (s->state == S_END) {
			/* an end tag: to its '>' */
			const char *gt = memchr(p + i, '>', n - i);
			size_t to = gt ? (size_t)(gt - p) : n;

			s->line += newlines(p + i, to - i);
			i = to;
			if (!gt)
				break;
			s->state = S_TEXT;
			continue;
		}
		if (c == '\n')
			s->line++;
		switch (s->state) {
		case S_LT:
			s->state = after_lt(s, c);
			break;
		case S_BANG:
			s->state = after_bang(c);
			break;
		case S_TAG:
			if (c == '>') {
				s->state = S_TEXT;
			} else if (c == '"' || c == '\'') {
				s->quote = c;
				s->state = S_VALUE;
			} else if (c == '=' && ++s->attrs > MAX_ATTRS) {
				br_px_fail(st, BR_EDATA, s->tag_line, "an "
					   "element with more than %d "
					   "attributes (PTS result files use "
					   "none)", MAX_ATTRS);
				return false;
			}
			break;
		case S_VALUE:
			if (c == s->quote)
				s->state = S_TAG;
			break;
		case S_END:
		case S_DECL:
			if (c == '>')
				s->state = S_TEXT;
			break;
		default:
			s->state = in_skip(s, c);
		}
	}
	return true;
}
