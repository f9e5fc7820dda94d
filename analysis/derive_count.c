/*
 * derive_count.c - the counts --per divides by, read from a system's
 * hardware string by the rules of PTS's result viewer
 * (doc/statistics.md, "Derived results"), and the costs --cost and
 * --cost-file give.
 */
#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "derive.h"

bool br_per_from_name(const char *s, enum br_per *out)
{
	static const struct {
		const char *name;
		enum br_per per;
	} names[] = {
		{"cores", BR_PER_CORES}, {"threads", BR_PER_THREADS},
		{"ghz", BR_PER_GHZ}, {"channels", BR_PER_CHANNELS},
		{"watt", BR_PER_WATT}, {"watts", BR_PER_WATT},
	};
	size_t i;

	for (i = 0; i < sizeof names / sizeof names[0]; i++)
		if (!strcasecmp(s, names[i].name)) {
			*out = names[i].per;
			return true;
		}
	return false;
}

static const char *hw_value(const struct br_system *s, const char *key)
{
	size_t i;

	for (i = 0; i < s->n_hardware; i++)
		if (!strcmp(s->hardware[i].key, key))
			return s->hardware[i].value;
	return NULL;
}

/* s[0..n) as a number > 0, blanks around it allowed (PHP's is_numeric
 * of PTS's cut); false for anything else. */
static bool number_in(const char *s, size_t n, double *v)
{
	char buf[64], *end;

	while (n && isspace((unsigned char)*s))
		s++, n--;
	while (n && isspace((unsigned char)s[n - 1]))
		n--;
	if (!n || n >= sizeof buf)
		return false;
	memcpy(buf, s, n);
	buf[n] = '\0';
	if (!isdigit((unsigned char)buf[0]) && buf[0] != '.')
		return false;
	*v = strtod(buf, &end);
	return *end == '\0' && isfinite(*v) && *v > 0;
}

/* "(16 Cores / 32 Threads)": the text after the first '('. */
static const char *paren(const char *proc)
{
	const char *p = proc ? strchr(proc, '(') : NULL;

	return p ? p + 1 : NULL;
}

static bool cores(const char *proc, double *v)
{
	const char *p = paren(proc), *x;

	if (!p || !(x = strstr(p, " Core")))
		return false;
	return number_in(p, (size_t)(x - p), v);
}

static bool threads(const char *proc, double *v)
{
	const char *p = paren(proc), *x, *y;

	if (p && (x = strstr(p, " Threads")) != NULL) {
		y = strstr(p, " / ");
		if (y && y < x)
			p = y + 3;
		if (number_in(p, (size_t)(x - p), v))
			return true;
	}
	return cores(proc, v);   /* PTS: no thread count -> the cores */
}

/* "AMD Ryzen 9 5950X 16-Core @ 3.40GHz (16 Cores / 32 Threads)": the
 * number between " @ " and "GHz", before any '('. */
static bool ghz(const char *proc, double *v)
{
	const char *at, *g, *par;

	if (!proc || !(at = strstr(proc, " @ ")))
		return false;
	par = strchr(proc, '(');
	at += 3;
	g = strstr(at, "GHz");
	if (!g || (par && g > par))
		return false;
	return number_in(at, (size_t)(g - at), v);
}

/* "4 x 16384 MB DDR4": 4; "2 x AMD EPYC ...": 2. */
static bool times_prefix(const char *s, double *v)
{
	const char *x = s ? strstr(s, " x ") : NULL;

	return x && number_in(s, (size_t)(x - s), v);
}

static bool channels(const struct br_system *s, double *v)
{
	double dimms, sockets;

	if (!times_prefix(hw_value(s, "Memory"), &dimms))
		return false;
	if (!times_prefix(hw_value(s, "Processor"), &sockets))
		sockets = 1;
	/* PTS: more DIMMs than sockets, and a whole number a socket */
	if (!(dimms > sockets) || floor(dimms / sockets) != dimms / sockets)
		return false;
	*v = dimms / sockets;
	return true;
}

bool br_per_count(const struct br_system *s, enum br_per per, double *count)
{
	const char *proc = hw_value(s, "Processor");

	switch (per) {
	case BR_PER_CORES: return cores(proc, count);
	case BR_PER_THREADS: return threads(proc, count);
	case BR_PER_GHZ: return ghz(proc, count);
	case BR_PER_CHANNELS: return channels(s, count);
	case BR_PER_NONE: case BR_PER_WATT: break;
	}
	return false;
}

/* "$2.50/h" -> 2.5, per hour; false unless a number > 0. */
static bool amount(const char *s, double *v, bool *per_hour)
{
	size_t n = strlen(s);

	while (*s == ' ')
		s++, n--;
	while (n && s[n - 1] == ' ')
		n--;
	*per_hour = false;
	if (n >= 2 && s[n - 2] == '/' && (s[n - 1] == 'h' || s[n - 1] == 'H')) {
		*per_hour = true;
		n -= 2;
	}
	if (n && *s == '$')
		s++, n--;
	return number_in(s, n, v);
}

int br_cost_parse(struct br_resultset *rs, const char *arg, const char *where,
		  struct br_cost *c, struct br_error *err)
{
	const char *eq = strrchr(arg, '=');

	if (!eq || eq == arg)
		return br_error_set(err, BR_EUSAGE, NULL, 0,
				    "%s: '%s' is not SYSTEM=AMOUNT or "
				    "SYSTEM=AMOUNT/h", where, arg);
	if (!amount(eq + 1, &c->amount, &c->per_hour))
		return br_error_set(err, BR_EUSAGE, NULL, 0,
				    "%s: '%s' is not a cost above 0 (100, "
				    "$100 or 2.50/h)", where, eq + 1);
	c->system = br_rs_strn(rs, arg, (size_t)(eq - arg));
	c->where = where;
	return c->system ? BR_OK : br_error_set(err, BR_EIO, NULL, 0,
						"out of memory");
}

/* Cut line (in place) into name and amount at its last comma; a name
 * in double quotes loses them.  false when there is no comma. */
static bool cost_fields(char *line, char **name, char **amt)
{
	char *comma = strrchr(line, ','), *e;

	if (!comma)
		return false;
	*comma = '\0';
	*amt = comma + 1;
	while (*line == ' ' || *line == '\t')
		line++;
	e = line + strlen(line);
	while (e > line && (e[-1] == ' ' || e[-1] == '\t'))
		*--e = '\0';
	if (e - line >= 2 && *line == '"' && e[-1] == '"') {
		e[-1] = '\0';
		line++;
	}
	*name = line;
	return true;
}

static int add_cost(struct br_cost **costs, size_t *n, const struct br_cost *c,
		    struct br_error *err)
{
	struct br_cost *v = realloc(*costs, (*n + 1) * sizeof *v);

	if (!v)
		return br_error_set(err, BR_EIO, NULL, 0, "out of memory");
	v[(*n)++] = *c;
	*costs = v;
	return BR_OK;
}

/* One line of a cost file (no newline): BR_OK, also for a comment or a
 * blank line or the header (nothing added). */
static int cost_line(struct br_resultset *rs, const char *path,
		     unsigned long ln, char *line, struct br_cost **costs,
		     size_t *n, struct br_error *err)
{
	struct br_cost c;
	char *name, *amt;
	size_t len = strlen(line);

	if (len && line[len - 1] == '\r')
		line[--len] = '\0';
	while (*line == ' ' || *line == '\t')
		line++;
	if (!*line || *line == '#')
		return BR_OK;
	if (!cost_fields(line, &name, &amt) || !*name)
		return br_error_set(err, BR_EDATA, path, ln,
				    "not SYSTEM,AMOUNT: '%s'", line);
	if (!amount(amt, &c.amount, &c.per_hour)) {
		if (!*n && !strcasecmp(name, "system"))
			return BR_OK;   /* the header */
		return br_error_set(err, BR_EDATA, path, ln,
				    "'%s' is not a cost above 0 (100, $100 "
				    "or 2.50/h)", amt);
	}
	c.system = br_rs_str(rs, name);
	c.where = br_arena_printf(rs->arena, "%s:%lu", path, ln);
	if (!c.system || !c.where)
		return br_error_set(err, BR_EIO, NULL, 0, "out of memory");
	return add_cost(costs, n, &c, err);
}

int br_cost_file_parse(struct br_resultset *rs, const char *path, char *text,
		       struct br_cost **costs, size_t *n_costs,
		       struct br_error *err)
{
	unsigned long ln = 0;
	char *line = text, *nl;
	size_t before = *n_costs;
	int rc;

	while (line && *line) {
		nl = strchr(line, '\n');
		if (nl)
			*nl = '\0';
		rc = cost_line(rs, path, ++ln, line, costs, n_costs, err);
		if (rc != BR_OK)
			return rc;
		line = nl ? nl + 1 : NULL;
	}
	if (*n_costs == before)
		return br_error_set(err, BR_EDATA, path, 0,
				    "no cost in the file (lines "
				    "\"SYSTEM,AMOUNT\" or \"SYSTEM,AMOUNT/h\")");
	return BR_OK;
}

int br_cost_add_arg(struct br_resultset *rs, const char *arg,
		    struct br_cost **costs, size_t *n, struct br_error *err)
{
	struct br_cost c;
	int rc = br_cost_parse(rs, arg, "--cost", &c, err);

	return rc != BR_OK ? rc : add_cost(costs, n, &c, err);
}
