/*
 * scaling.c - scaling families (scaling.h): the selected bar results
 * that differ in one numeric option only, as PTS's analyzer condenses
 * "Client Count: 1" ... "Client Count: 48" into one line graph
 * (doc/charts.md, "Scaling charts").
 *
 * The results are sorted into groups (same title, version, unit,
 * direction and option names, in order); within a group the option with
 * the most distinct numeric values is the x axis, and the results that
 * agree in every other option make a family.  Sorting keeps it
 * O(n log n) in the number of results.
 */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "scaling.h"

/* ------------------------------------------------------------ options */

static bool blank(char c)
{
	return c == ' ' || c == '\t';
}

static void trim(const char **s, size_t *len)
{
	while (*len && blank(**s)) {
		(*s)++;
		(*len)--;
	}
	while (*len && blank((*s)[*len - 1]))
		(*len)--;
}

size_t br_options_split(const char *desc, struct br_option *opt, size_t max)
{
	const char *p = desc ? desc : "", *end;
	size_t n = 0, len = strlen(p);

	trim(&p, &len);
	if (!len)
		return 0;
	for (;;) {
		const char *c;
		size_t k;

		end = strstr(p, " - ");
		len = end ? (size_t)(end - p) : strlen(p);
		if (n == max)
			return 0;
		opt[n].name = p;
		opt[n].name_len = 0;
		opt[n].value = p;
		opt[n].value_len = len;
		for (k = 0, c = NULL; k + 1 < len && !c; k++)
			if (p[k] == ':' && p[k + 1] == ' ')
				c = p + k;
		if (c) {
			opt[n].name_len = (size_t)(c - p);
			opt[n].value = c + 2;
			opt[n].value_len = len - (opt[n].name_len + 2);
		}
		trim(&opt[n].name, &opt[n].name_len);
		trim(&opt[n].value, &opt[n].value_len);
		n++;
		if (!end)
			return n;
		p = end + 3;
	}
}

/* Whether s[0..len) is words of letters (single blanks between them):
 * the "Clients" of "12 Clients", as PTS 5's Dbench wrote its values. */
static bool word(const char *s, size_t len)
{
	size_t i;

	for (i = 0; i < len; i++) {
		unsigned char c = (unsigned char)s[i];

		if ((c | 0x20) >= 'a' && (c | 0x20) <= 'z')
			continue;
		if (c == ' ' && i > 0 && i + 1 < len && s[i + 1] != ' ')
			continue;
		return false;
	}
	return len > 1;
}

bool br_option_number(const char *s, size_t len, struct br_optnum *out)
{
	char num[32], suf[32];
	const char *num_end;
	struct br_unit u;
	size_t i = 0;
	double v;

	trim(&s, &len);
	while (i < len && ((s[i] >= '0' && s[i] <= '9') || s[i] == '.'))
		i++;
	if (i == 0 || i >= sizeof num)
		return false;
	memcpy(num, s, i);
	num[i] = '\0';
	if (!br_parse_number(num, &v, NULL) || !(v >= 0))
		return false;
	s += i;
	len -= i;
	num_end = s;
	trim(&s, &len);
	if (len >= sizeof suf)
		return false;
	memcpy(suf, s, len);
	suf[len] = '\0';
	out->bytes = false;
	out->exp = 0;
	out->v = v;
	out->word = NULL;
	out->word_len = 0;
	if (len == 0)
		return true;
	if (s > num_end && word(s, len)) {   /* "12 Clients", "4 Threads" */
		br_unit_parse(suf, &u);
		if (u.dim == BR_DIM_UNKNOWN || u.dim == BR_DIM_COUNT) {
			out->word = s;
			out->word_len = len;
			return true;
		}
	}
	if (len == 1 && strchr("kKMGT", suf[0])) {   /* 10k, 2M: counts */
		out->exp = suf[0] == 'k' || suf[0] == 'K' ? 1 : suf[0] == 'M'
			   ? 2 : suf[0] == 'G' ? 3 : 4;
		out->v = v * pow(1000, out->exp);
		return true;
	}
	br_unit_parse(suf, &u);
	if (u.dim != BR_DIM_BYTES)
		return false;
	/* the model reads kB as 1000 bytes; an option's size is what the
	 * program was given, and disk benchmarks take k, m, g as 1024^n */
	switch (u.canon[0]) {
	case 'k': case 'K': out->exp = 1; break;
	case 'M': out->exp = 2; break;
	case 'G': out->exp = 3; break;
	case 'T': out->exp = 4; break;
	default: out->exp = 0; break;
	}
	out->bytes = true;
	out->v = v * pow(1024, out->exp);
	return isfinite(out->v);
}

/* ------------------------------------------------------------ families */

struct member {
	size_t test;                    /* index into a->tests */
	const struct br_test *t;
	size_t n_opt;
	struct br_option opt[BR_MAX_OPTIONS];
	size_t k;                       /* the group's x option */
	struct br_optnum x;             /* its value */
};

static int span_cmp(const char *a, size_t na, const char *b, size_t nb)
{
	int c = memcmp(a, b, na < nb ? na : nb);

	return c ? c : na < nb ? -1 : na > nb;
}

/* Same group: title, version, unit, direction, option names. */
static int group_cmp(const struct member *x, const struct member *y)
{
	int c;
	size_t k;

	if ((c = strcmp(br_nz(x->t->title), br_nz(y->t->title))) ||
	    (c = strcmp(br_nz(x->t->app_version), br_nz(y->t->app_version))) ||
	    (c = strcmp(br_nz(x->t->unit.text), br_nz(y->t->unit.text))))
		return c;
	if (x->t->dir != y->t->dir)
		return x->t->dir < y->t->dir ? -1 : 1;
	if (x->n_opt != y->n_opt)
		return x->n_opt < y->n_opt ? -1 : 1;
	for (k = 0; k < x->n_opt; k++)
		if ((c = span_cmp(x->opt[k].name, x->opt[k].name_len,
				  y->opt[k].name, y->opt[k].name_len)))
			return c;
	return 0;
}

static int by_group(const void *p, const void *q)
{
	const struct member *x = p, *y = q;
	int c = group_cmp(x, y);

	return c ? c : x->test < y->test ? -1 : x->test > y->test;
}

/* Same family: the other options' values; then by x, then input order. */
static int family_cmp(const struct member *x, const struct member *y)
{
	size_t k;
	int c;

	for (k = 0; k < x->n_opt; k++)
		if (k != x->k && (c = span_cmp(x->opt[k].value,
					       x->opt[k].value_len,
					       y->opt[k].value,
					       y->opt[k].value_len)))
			return c;
	return 0;
}

static int by_family(const void *p, const void *q)
{
	const struct member *const *x = p, *const *y = q;
	int c = family_cmp(*x, *y);

	if (c)
		return c;
	if ((*x)->x.v != (*y)->x.v)
		return (*x)->x.v < (*y)->x.v ? -1 : 1;
	return (*x)->test < (*y)->test ? -1 : (*x)->test > (*y)->test;
}

static int by_double(const void *p, const void *q)
{
	double x = *(const double *)p, y = *(const double *)q;

	return x < y ? -1 : x > y;
}

static int by_first(const void *p, const void *q)
{
	const struct br_family *x = p, *y = q;
	size_t fx = SIZE_MAX, fy = SIZE_MAX, i;

	for (i = 0; i < x->n; i++)
		fx = x->tests[i] < fx ? x->tests[i] : fx;
	for (i = 0; i < y->n; i++)
		fy = y->tests[i] < fy ? y->tests[i] : fy;
	return fx < fy ? -1 : fx > fy;
}

/* Whether option k of m counts as a number for the x axis: a named
 * option's number, or a value without a name that is a count with its
 * word ("12 Clients": the word names the axis). */
static bool x_number(const struct member *m, size_t k, struct br_optnum *v)
{
	return br_option_number(m->opt[k].value, m->opt[k].value_len, v) &&
	       (m->opt[k].name_len || v->word);
}

/* The x option of group g[0..n): the option with the most distinct
 * numeric values (x_number; a tie: the later); SIZE_MAX when none has
 * two.  tmp: room for n doubles. */
static size_t x_option(const struct member *g, size_t n, double *tmp)
{
	size_t best = SIZE_MAX, best_n = 1, k, i, m, d;
	struct br_optnum v;

	for (k = 0; k < g[0].n_opt; k++) {
		for (i = m = 0; i < n; i++)
			if (x_number(&g[i], k, &v))
				tmp[m++] = v.v;
		qsort(tmp, m, sizeof *tmp, by_double);
		for (i = d = 0; i < m; i++)
			d += i == 0 || tmp[i] != tmp[i - 1];
		if (d >= best_n) {
			best = k;
			best_n = d;
		}
	}
	return best_n >= 2 ? best : SIZE_MAX;
}

/* Whether x written with d decimals is x. */
static bool exact(double x, int d)
{
	double m = x * pow(10, d);

	return fabs(m - round(m)) <= 1e-9 * fmax(1, fabs(m));
}

static const char *const size_units[] = {"bytes", "KB", "MB", "GB", "TB"};

/* The family of f[0..n) (sorted by x), distinct x and one kind; false
 * when that leaves fewer than 2 points.  BR_EIO on ENOMEM. */
static int add_family(struct br_analysis *a, size_t *cap,
		      struct member *const *f, size_t n)
{
	struct br_family *fam;
	const struct member *m0 = f[0];
	size_t i, d = 0, k;
	int e = 4;
	char *rest;
	size_t rest_len = 0;

	for (i = 0; i < n; i++) {
		if (f[i]->x.bytes != m0->x.bytes)
			return BR_OK;   /* sizes and numbers: no axis */
		if (span_cmp(br_nz(f[i]->x.word), f[i]->x.word_len,
			     br_nz(m0->x.word), m0->x.word_len))
			return BR_OK;   /* "4 Threads", "8 Processes" */
		if (f[i]->x.exp < e)
			e = f[i]->x.exp;
		d += i == 0 || f[i]->x.v != f[i - 1]->x.v;
	}
	if (d < 2)
		return BR_OK;
	if (a->n_families == *cap) {
		size_t nc = *cap ? 2 * *cap : 8;
		struct br_family *nf = realloc(a->families, nc * sizeof *nf);

		if (!nf)
			return BR_EIO;
		a->families = nf;
		*cap = nc;
	}
	fam = &a->families[a->n_families];
	memset(fam, 0, sizeof *fam);
	fam->tests = malloc(d * sizeof *fam->tests);
	fam->x = malloc(d * sizeof *fam->x);
	fam->option = m0->opt[m0->k].name_len ?
		strndup(m0->opt[m0->k].name, m0->opt[m0->k].name_len) :
		strndup(m0->x.word, m0->x.word_len);
	for (k = 0; k < m0->n_opt; k++)
		if (k != m0->k)
			rest_len += (size_t)(m0->opt[k].value - m0->opt[k].name) +
				    m0->opt[k].value_len + 3;
	fam->rest = rest = malloc(rest_len + 1);
	a->n_families++;   /* freed with the others from here on */
	if (!fam->tests || !fam->x || !fam->option || !rest)
		return BR_EIO;
	*rest = '\0';
	for (k = 0; k < m0->n_opt; k++) {
		size_t len = (size_t)(m0->opt[k].value - m0->opt[k].name) +
			     m0->opt[k].value_len;

		if (k == m0->k)
			continue;
		if (*fam->rest)
			rest = strcpy(rest, " - ") + 3;
		memcpy(rest, m0->opt[k].name, len);
		rest += len;
		*rest = '\0';
	}
	fam->unit = m0->x.bytes ? size_units[e] : "";
	for (i = 0; i < n; i++) {
		if (i && f[i]->x.v == f[i - 1]->x.v)
			continue;   /* the same x twice: the first result */
		fam->tests[fam->n] = f[i]->test;
		fam->x[fam->n++] = m0->x.bytes ? f[i]->x.v / pow(1024, e)
				   : f[i]->x.v;
	}
	fam->log = fam->x[0] > 0 && fam->x[fam->n - 1] / fam->x[0] >= 8;
	for (i = 0; i < fam->n; i++)
		while (fam->x_decimals < 3 && !exact(fam->x[i],
						     fam->x_decimals))
			fam->x_decimals++;
	return BR_OK;
}

/* The families of group g[0..n). */
static int group_families(struct br_analysis *a, size_t *cap,
			  struct member *g, size_t n, double *tmp,
			  struct member **ptr)
{
	size_t k = x_option(g, n, tmp), i, m = 0, j;
	int rc = BR_OK;

	if (k == SIZE_MAX)
		return BR_OK;
	for (i = 0; i < n; i++) {
		g[i].k = k;
		if (x_number(&g[i], k, &g[i].x))
			ptr[m++] = &g[i];
	}
	qsort(ptr, m, sizeof *ptr, by_family);
	for (i = 0; i < m && rc == BR_OK; i = j) {
		for (j = i + 1; j < m && !family_cmp(ptr[i], ptr[j]); j++)
			;
		rc = add_family(a, cap, ptr + i, j - i);
	}
	return rc;
}

int br_scaling_find(struct br_analysis *a)
{
	struct member *m = calloc(a->n_tests + 1, sizeof *m), **ptr = NULL;
	double *tmp = NULL;
	size_t n = 0, i, j, cap = 0;
	int rc = BR_OK;

	if (!m)
		return BR_EIO;
	for (i = 0; i < a->n_tests; i++) {
		const struct br_atest *at = &a->tests[i];

		if (!at->scalar || !at->n_values)
			continue;
		m[n].test = i;
		m[n].t = at->t;
		m[n].n_opt = br_options_split(at->t->description, m[n].opt,
					      BR_MAX_OPTIONS);
		n += m[n].n_opt > 0;
	}
	qsort(m, n, sizeof *m, by_group);
	tmp = malloc((n + 1) * sizeof *tmp);
	ptr = malloc((n + 1) * sizeof *ptr);
	if (!tmp || !ptr)
		rc = BR_EIO;
	for (i = 0; i < n && rc == BR_OK; i = j) {
		for (j = i + 1; j < n && !group_cmp(&m[i], &m[j]); j++)
			;
		if (j - i >= 2)
			rc = group_families(a, &cap, m + i, j - i, tmp, ptr);
	}
	free(m);
	free(tmp);
	free(ptr);
	if (rc != BR_OK)
		return BR_EIO;
	if (a->n_families > 1)
		qsort(a->families, a->n_families, sizeof *a->families,
		      by_first);
	return BR_OK;
}

void br_scaling_free(struct br_analysis *a)
{
	size_t i;

	for (i = 0; i < a->n_families; i++) {
		free(a->families[i].tests);
		free(a->families[i].x);
		free(a->families[i].option);
		free(a->families[i].rest);
	}
	free(a->families);
	a->families = NULL;
	a->n_families = 0;
}
