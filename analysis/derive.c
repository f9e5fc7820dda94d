/*
 * derive.c - performance per core, thread, GHz or memory channel, and
 * per dollar (doc/statistics.md, "Derived results"): each selected
 * test's values scaled, once, by an exact number per system, so that
 * every output reads the derived numbers (derive.h).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "derive.h"
#include "numfmt.h"

/* The number one selected system's values are divided (more is better)
 * or multiplied (fewer is better) by. */
struct factor {
	double k;          /* a count, a cost, or a cost an hour */
	bool per_hour;     /* k an hour: times each entry's run time */
	bool set;
};

static const char *const per_opt[] = {"", "cores", "threads", "ghz",
				      "channels", "watt"};
static const char *const per_word[] = {"", "Core", "Thread", "GHz",
				       "Channel", "Watt"};
static const char *const per_what[] = {"performance per dollar",
				       "performance per core",
				       "performance per thread",
				       "performance per GHz",
				       "performance per memory channel",
				       "performance per watt"};
static const char *const per_noun[] = {"", "core count", "thread count",
				       "base clock (GHz)",
				       "memory channel count", "mean power"};

static const char *hw_of(const struct br_system *s, const char *key)
{
	size_t i;

	for (i = 0; i < s->n_hardware; i++)
		if (!strcmp(s->hardware[i].key, key))
			return s->hardware[i].value;
	return NULL;
}

/* A system without the count is bad data for --per: one line, exit 1,
 * naming the system and the string looked in. */
static int per_factors(const struct br_resultset *rs,
		       const struct br_selection *sel, enum br_per per,
		       struct factor *f, struct br_error *err)
{
	const char *key = per == BR_PER_CHANNELS ? "Memory" : "Processor";
	size_t j;

	for (j = 0; j < sel->n_systems; j++) {
		const struct br_system *s = rs->systems[sel->systems[j]];
		const char *v = hw_of(s, key);

		if (!br_per_count(s, per, &f[j].k))
			return br_error_set(err, BR_EDATA, NULL, 0,
					    "--per %s: system '%s' has no %s "
					    "in its hardware string (%s: %s)",
					    per_opt[per], s->identifier,
					    per_noun[per], key,
					    v ? v : "not given");
		f[j].set = true;
	}
	return BR_OK;
}

static int gather_costs(struct br_resultset *rs,
			const struct br_derive_opts *o, struct br_cost **costs,
			size_t *n, struct br_error *err)
{
	size_t i;
	int rc;

	for (i = 0; i < o->n_cost_args; i++) {
		rc = br_cost_add_arg(rs, o->cost_args[i], costs, n, err);
		if (rc != BR_OK)
			return rc;
	}
	if (o->cost_text)
		return br_cost_file_parse(rs, o->cost_path, o->cost_text,
					  costs, n, err);
	return BR_OK;
}

static int place_cost(const struct br_resultset *rs,
		      const struct br_selection *sel, const struct br_cost *c,
		      struct factor *f, struct br_error *err)
{
	struct br_error e2;
	size_t idx, j;
	int rc = br_system_named(rs, sel->systems, sel->n_systems, c->where,
				 c->system, &idx, err);

	if (rc == BR_EUSAGE) {
		/* a cost of a system --systems left out is not used; one of
		 * no system at all is a mistake */
		br_error_clear(&e2);
		if (br_system_named(rs, NULL, 0, c->where, c->system, &idx,
				    &e2) == BR_OK) {
			br_error_clear(err);
			return BR_OK;
		}
	}
	if (rc != BR_OK)
		return rc;
	for (j = 0; j < sel->n_systems && sel->systems[j] != idx; j++)
		;
	if (f[j].set)
		return br_error_set(err, BR_EUSAGE, NULL, 0,
				    "%s: a second cost for system '%s'",
				    c->where, rs->systems[idx]->identifier);
	f[j].k = c->amount;
	f[j].per_hour = c->per_hour;
	f[j].set = true;
	return BR_OK;
}

static int cost_factors(struct br_resultset *rs,
			const struct br_selection *sel,
			const struct br_derive_opts *o, struct factor *f,
			struct br_error *err)
{
	struct br_cost *costs = NULL;
	size_t n = 0, i, j;
	int rc = gather_costs(rs, o, &costs, &n, err);

	for (i = 0; rc == BR_OK && i < n; i++)
		rc = place_cost(rs, sel, &costs[i], f, err);
	free(costs);
	if (rc != BR_OK)
		return rc;
	for (j = 0; j < sel->n_systems; j++)
		if (!f[j].set)
			return br_error_set(err, BR_EUSAGE, NULL, 0,
					    "--cost: no cost for system '%s' "
					    "(give it one, or leave it out "
					    "with --systems)",
					    rs->systems[sel->systems[j]]
						    ->identifier);
	return BR_OK;
}

/* The mean of PTS's test-run-times ("68.46:68.45:68.41"); false when
 * there is none or a time is not above 0. */
static bool mean_run_time(const char *rt, double *mean)
{
	double sum = 0, v;
	size_t n = 0;
	char *end;

	if (!rt)
		return false;
	while (*rt) {
		v = strtod(rt, &end);
		if (end == rt || !(v > 0) || !isfinite(v))
			return false;
		sum += v;
		n++;
		rt = end;
		if (*rt == ':')
			rt++;
		else if (*rt)
			return false;
	}
	if (!n)
		return false;
	*mean = sum / (double)n;
	return true;
}

/* The published value scaled, written with as many significant digits
 * as PTS wrote it with ("132.00" / 1500: "0.088000"), so the display
 * precision (doc/statistics.md, "Display precision") follows the
 * derived number; NULL without a text or on ENOMEM. */
static const char *scaled_text(struct br_resultset *rs, const char *text,
			       double v)
{
	int sig = text ? br_text_sig(text) : 0, d;

	if (sig <= 0 || !(v > 0) || !isfinite(v))
		return NULL;
	d = sig - 1 - (int)floor(log10(v));
	if (d < 0)
		d = 0;
	if (d > 17)
		d = 17;
	return br_arena_printf(rs->arena, "%.*f", d, v);
}

static void scale_sample(struct br_resultset *rs, struct br_sample *s,
			 double m)
{
	size_t i;

	for (i = 0; i < s->n_runs; i++)
		s->runs[i].value *= m;
	s->value *= m;
	s->value_text = s->has_value ?
		scaled_text(rs, s->value_text, s->value) : NULL;
	if (s->is_summary && isfinite(s->se))
		s->se *= m;
	s->resolution *= m;
	s->duration = false;
}

static void scale_entry(struct br_resultset *rs, struct br_entry *e, double m)
{
	scale_sample(rs, &e->sample, m);
	if (e->has_min_max) {
		e->min_result *= m;
		e->max_result *= m;
	}
}

/* An entry per hour whose run time is not recorded: no value. */
static void strip_entry(struct br_entry *e)
{
	e->sample.n_runs = 0;
	e->sample.has_value = false;
	e->sample.is_summary = false;
	e->sample.value_text = NULL;
	e->note = "no run time recorded to cost a run by";
}

/* A number for the annotation: up to 4 significant digits. */
static void put_num(FILE *fp, double v)
{
	fprintf(fp, "%.4g", v);
}

/* One system's part of the annotation, and its entry scaled. */
static void derive_entry(struct br_resultset *rs, FILE *fp, const char *name,
			 struct br_entry *e,
			 const struct factor *f, bool hib, bool cost,
			 struct br_derive_info *info)
{
	double k = f->k, t;

	fprintf(fp, "%s %s", name, cost ? "$" : "");
	put_num(fp, f->k);
	if (f->per_hour) {
		fputs("/h", fp);
		if (!e || !mean_run_time(e->run_times, &t)) {
			fputs(" (no run time)", fp);
			if (e && !e->error && !e->pass_fail) {
				strip_entry(e);
				info->no_time++;
			}
			return;
		}
		k = f->k * t / 3600;
		fputs(" x ", fp);
		put_num(fp, t);
		fputs(" s a run = $", fp);
		put_num(fp, k);
	}
	if (e)
		scale_entry(rs, e, hib ? 1 / k : k);
}

static int annotate(struct br_resultset *rs, struct br_test *t,
		    const char *text, struct br_error *err)
{
	const char *a = t->annotation && *t->annotation ?
		br_arena_printf(rs->arena, "%s %s", t->annotation, text) :
		br_rs_str(rs, text);

	if (!a)
		return br_error_set(err, BR_EIO, NULL, 0, "out of memory");
	t->annotation = a;
	return BR_OK;
}

/* The unit after deriving: PTS's "MB/s Per Core", "Seconds x Dollar". */
static int rename_unit(struct br_resultset *rs, struct br_test *t,
		       const char *word, struct br_error *err)
{
	const char *base = t->unit.text && *t->unit.text ? t->unit.text :
		(t->scale ? t->scale : "");
	const char *s = br_arena_printf(rs->arena, "%s%s%s %s", base,
					*base ? " " : "",
					t->dir == BR_DIR_HIB ? "Per" : "x",
					word);

	if (!s)
		return br_error_set(err, BR_EIO, NULL, 0, "out of memory");
	t->scale = s;
	br_unit_parse(s, &t->unit);
	return BR_OK;
}

static int derive_test(struct br_resultset *rs, const struct br_selection *sel,
		       struct br_test *t, const struct factor *f,
		       enum br_per per, struct br_derive_info *info,
		       struct br_error *err)
{
	bool hib = t->dir == BR_DIR_HIB, cost = per == BR_PER_NONE;
	char *text = NULL;
	size_t len = 0, j, ei;
	FILE *fp = open_memstream(&text, &len);
	int rc;

	if (!fp)
		return br_error_set(err, BR_EIO, NULL, 0, "out of memory");
	for (j = 0; j < sel->n_systems && !f[j].per_hour; j++)
		;
	if (cost)
		fprintf(fp, "Per Dollar: %s by each system's cost%s: ",
			hib ? "divided" : "multiplied",
			j < sel->n_systems ? " (of a run: a cost an hour x the "
			"mean run time PTS recorded)" : "");
	else
		fprintf(fp, "Per %s: %s by each system's %s from its "
			"hardware string: ", per_word[per],
			hib ? "divided" : "multiplied", per_noun[per]);
	for (j = 0; j < sel->n_systems; j++) {
		size_t s = sel->systems[j];

		ei = br_test_find_entry(t, s);
		fputs(j ? ", " : "", fp);
		derive_entry(rs, fp, rs->systems[s]->identifier,
			     ei == (size_t)-1 ? NULL : &t->entries[ei], &f[j],
			     hib, cost, info);
	}
	fputc('.', fp);
	if (fclose(fp) != 0 || !text) {
		free(text);
		return br_error_set(err, BR_EIO, NULL, 0, "out of memory");
	}
	rc = annotate(rs, t, text, err);
	t->derived_note = rc == BR_OK ? br_rs_str(rs, text) : NULL;
	free(text);
	if (rc == BR_OK && !t->derived_note)
		rc = br_error_set(err, BR_EIO, NULL, 0, "out of memory");
	if (rc == BR_OK)
		rc = rename_unit(rs, t, cost ? "Dollar" : per_word[per], err);
	return rc;
}

static bool derivable(const struct br_test *t)
{
	return t->display == BR_DISPLAY_BAR && t->dir != BR_DIR_UNKNOWN;
}

/* Per hour: some entry of every per-hour system records its run time. */
static int check_times(const struct br_resultset *rs,
		       const struct br_selection *sel, const struct factor *f,
		       struct br_error *err)
{
	size_t i, j, ei;
	double t;

	for (j = 0; j < sel->n_systems; j++) {
		bool any = false;

		if (!f[j].per_hour)
			continue;
		for (i = 0; i < sel->n_tests && !any; i++) {
			const struct br_test *tt = rs->tests[sel->tests[i]];

			ei = br_test_find_entry(tt, sel->systems[j]);
			any = ei != (size_t)-1 && derivable(tt) &&
			      mean_run_time(tt->entries[ei].run_times, &t);
		}
		if (!any)
			return br_error_set(err, BR_EUSAGE, NULL, 0,
					    "--cost: system '%s' has a cost an "
					    "hour but no run time recorded "
					    "(PTS's test-run-times) in any "
					    "selected test",
					    rs->systems[sel->systems[j]]
						    ->identifier);
	}
	return BR_OK;
}

static int derive_all(struct br_resultset *rs, struct br_selection *sel,
		      const struct factor *f, enum br_per per,
		      struct br_derive_info *info, struct br_error *err)
{
	size_t i, kept = 0;
	int rc;

	for (i = 0; i < sel->n_tests; i++) {
		struct br_test *t = rs->tests[sel->tests[i]];

		if (!derivable(t)) {
			info->dropped++;
			continue;
		}
		rc = derive_test(rs, sel, t, f, per, info, err);
		if (rc != BR_OK)
			return rc;
		sel->tests[kept++] = sel->tests[i];
	}
	sel->n_tests = kept;
	if (!kept)
		return br_error_set(err, BR_EDATA, NULL, 0,
				    "%s: no selected test is a bar result "
				    "with a direction to derive", info->what);
	return BR_OK;
}

int br_derive_apply(struct br_resultset *rs, struct br_selection *sel,
		    const struct br_derive_opts *o,
		    struct br_derive_info *info, struct br_error *err)
{
	bool cost = o->n_cost_args || o->cost_text;
	struct factor *f;
	int rc;

	memset(info, 0, sizeof *info);
	if (o->per == BR_PER_NONE && !cost)
		return BR_OK;
	if (o->per != BR_PER_NONE && cost)
		return br_error_set(err, BR_EUSAGE, NULL, 0,
				    "--per and --cost: one at a time");
	info->what = cost ? "--cost" : "--per";
	info->why = "not a bar result with a direction";
	if (o->per == BR_PER_WATT) {
		rc = br_derive_power(rs, sel, info, err);
		info->applied = rc == BR_OK;
		return rc;
	}
	f = calloc(sel->n_systems ? sel->n_systems : 1, sizeof *f);
	if (!f)
		return br_error_set(err, BR_EIO, NULL, 0, "out of memory");
	rc = cost ? cost_factors(rs, sel, o, f, err) :
		per_factors(rs, sel, o->per, f, err);
	if (rc == BR_OK && cost)
		rc = check_times(rs, sel, f, err);
	if (rc == BR_OK)
		rc = derive_all(rs, sel, f, cost ? BR_PER_NONE : o->per, info,
				err);
	info->applied = rc == BR_OK;
	if (info->applied)
		rs->derived = per_what[cost ? BR_PER_NONE : o->per];
	free(f);
	return rc;
}
