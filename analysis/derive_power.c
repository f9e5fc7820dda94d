/*
 * derive_power.c - --per watt: performance per watt and joules per run
 * from the power monitor results PTS records during each test
 * (analysis/derive.h; doc/statistics.md, "Performance per watt").
 *
 * PTS's system_monitor module (pts-core/modules/system_monitor.php,
 * MONITOR=cpu.power and friends) writes, after each test, a copy of the
 * test's result with an empty Identifier, Description "<sensor> Monitor"
 * ("CPU Power Consumption Monitor"), Scale the sensor's unit, LINE_GRAPH,
 * Parent the comparison hash of the test it ran during, and as each
 * system's Value the comma list of sensor samples.  PTS's viewer
 * (pts_result_file_analyzer.php, generate_composite_for_sensors) derives
 * from it X / mean(W) for a more-is-better test ("MB/s Per Watt") and X s
 * x mean(W) for a fewer-is-better one in seconds, ms or us ("Joules Per
 * Run Average"), from 3 samples on.  The same values here, each entry a
 * summary with the interval of stats/power.h.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "derive.h"
#include "stats/power.h"
#include "stats/stats.h"

/* The monitors PTS derives from, in the order one is preferred. */
static const char *const sensors[] = {
	"System Power Consumption", "CPU Power Consumption",
	"GPU Power Consumption",
};
#define N_SENSORS (sizeof sensors / sizeof sensors[0])
#define MIN_SAMPLES 3   /* PTS's: fewer samples, no value */

static bool has_ci(const char *hay, const char *needle)
{
	size_t n = strlen(needle);

	for (; *hay; hay++)
		if (!strncasecmp(hay, needle, n))
			return true;
	return false;
}

/* Which monitor t is (an index into sensors), -1: none; *to_w converts
 * its unit to watts. */
static int sensor_of(const struct br_test *t, double *to_w)
{
	size_t k;

	if (t->display != BR_DISPLAY_LINE || !t->parent || !*t->parent ||
	    !t->description || !has_ci(t->description, " Monitor") ||
	    !t->scale)
		return -1;
	if (!strcmp(t->scale, "Watts"))
		*to_w = 1;
	else if (!strcmp(t->scale, "Milliwatts"))
		*to_w = 1e-3;
	else
		return -1;
	for (k = 0; k < N_SENSORS; k++)
		if (has_ci(t->description, sensors[k]))
			return (int)k;
	return -1;
}

/* The preferred monitor recorded during t, or NULL. */
static const struct br_test *monitor_of(const struct br_resultset *rs,
					const struct br_test *t, double *to_w)
{
	const struct br_test *best = NULL;
	char hash[41];
	int kind = (int)N_SENSORS, k;
	double w;
	size_t i;

	br_test_hash(t, hash);
	for (i = 0; i < rs->n_tests; i++) {
		const struct br_test *s = rs->tests[i];

		k = sensor_of(s, &w);
		if (k >= 0 && k < kind && !strcmp(s->parent, hash)) {
			best = s;
			kind = k;
			*to_w = w;
		}
	}
	return best;
}

/* The multiplier of a fewer-is-better unit to seconds (PTS's: Seconds,
 * msec or ms, Microseconds or us); 0: none. */
static double to_seconds(const char *scale)
{
	if (!scale)
		return 0;
	if (!strcmp(scale, "Seconds"))
		return 1;
	if (!strcmp(scale, "msec") || !strcmp(scale, "ms"))
		return 1e-3;
	if (!strcmp(scale, "Microseconds") || !strcmp(scale, "us"))
		return 1e-6;
	return 0;
}

struct side {
	double mean, se;
	size_t n;
};

/* The mean power of one system's samples, in watts; n = 0: none. */
static struct side power_of(const struct br_test *mon, size_t system,
			    double to_w)
{
	struct side w = {NAN, NAN, 0};
	size_t ei = br_test_find_entry(mon, system), i;
	const struct br_entry *e;
	double s = 0, ss = 0;

	if (ei == (size_t)-1)
		return w;
	e = &mon->entries[ei];
	for (i = 0; i < e->n_points; i++)
		if (e->points[i].has_value && isfinite(e->points[i].value)) {
			s += e->points[i].value * to_w;
			w.n++;
		}
	if (w.n < MIN_SAMPLES) {
		w.n = 0;
		return w;
	}
	w.mean = s / (double)w.n;
	for (i = 0; i < e->n_points; i++)
		if (e->points[i].has_value && isfinite(e->points[i].value)) {
			double d = e->points[i].value * to_w - w.mean;

			ss += d * d;
		}
	w.se = sqrt(ss / (double)(w.n - 1) / (double)w.n);
	return w;
}

/* The entry's value x (seconds for joules), SE and runs. */
static struct side value_of(const struct br_entry *e, double mult)
{
	struct side x = {NAN, NAN, 0};
	struct br_summary s;

	if (br_summarize(&e->sample, 0.95, &s) != BR_OK || s.n == 0)
		return x;
	x.mean = s.mean * mult;
	x.se = s.n >= 2 ? s.se * mult : NAN;
	x.n = s.n;
	return x;
}

/* Entry e becomes P or J: a summary whose interval is stats/power.h's,
 * or the value alone; false: no power for it (e left without a value). */
static bool derive_entry(struct br_entry *e, struct side x, struct side w,
			 bool per)
{
	struct br_sample *s = &e->sample;
	struct br_power_ci c;

	br_power_ci(x.mean, x.se, x.n, w.mean, w.se, w.n, per, 0.95, &c);
	s->n_runs = 0;
	s->value_text = NULL;
	s->resolution = 0;
	s->duration = false;
	s->is_summary = false;
	s->log_ci = false;
	e->has_min_max = false;
	if (!c.ok) {
		s->has_value = false;
		e->note = w.n ? "no value to derive from" :
			"no power recorded (3 samples or more)";
		return false;
	}
	s->has_value = true;
	s->value = c.value;
	if (isnan(c.df))
		return true;
	s->is_summary = true;
	s->log_ci = true;
	s->df = c.df;
	s->se = c.value * sqrt(x.se / x.mean * (x.se / x.mean) +
			       w.se / w.mean * (w.se / w.mean));
	s->n = x.n;   /* the runs: comparisons between systems take n - 1
		       * df, fewer than df (conservative) */
	return true;
}

/* The test's note: what was done and each system's mean power. */
static void put_note(FILE *fp, const struct br_resultset *rs,
		     const struct br_selection *sel, const struct br_test *mon,
		     double to_w, bool per)
{
	size_t j;

	if (per)
		fprintf(fp, "Per Watt: divided by each system's mean power "
			"during the test (PTS's %s): ", mon->description);
	else
		fprintf(fp, "Joules per run: the mean run time in seconds "
			"times each system's mean power during the test "
			"(PTS's %s): ", mon->description);
	for (j = 0; j < sel->n_systems; j++) {
		struct side w = power_of(mon, sel->systems[j], to_w);

		fprintf(fp, "%s%s ", j ? ", " : "",
			rs->systems[sel->systems[j]]->identifier);
		if (!w.n)
			fputs("none", fp);
		else
			fprintf(fp, "%.4g W (SE %.2g, %zu samples)", w.mean,
				w.se, w.n);
	}
	fputc('.', fp);
}

static int set_note(struct br_resultset *rs, struct br_test *t,
		    const struct br_selection *sel, const struct br_test *mon,
		    double to_w, bool per, struct br_error *err)
{
	char *text = NULL;
	size_t len = 0;
	FILE *fp = open_memstream(&text, &len);
	const char *a = NULL;

	if (!fp)
		return br_error_set(err, BR_EIO, NULL, 0, "out of memory");
	put_note(fp, rs, sel, mon, to_w, per);
	if (fclose(fp) == 0 && text) {
		t->derived_note = br_rs_str(rs, text);
		a = t->annotation && *t->annotation ?
			br_arena_printf(rs->arena, "%s %s", t->annotation,
					text) : t->derived_note;
	}
	free(text);
	t->scale = per ? br_arena_printf(rs->arena, "%s Per Watt",
					 t->scale ? t->scale : "") :
		"Joules Per Run Average";
	if (!a || !t->derived_note || !t->scale)
		return br_error_set(err, BR_EIO, NULL, 0, "out of memory");
	t->annotation = a;
	br_unit_parse(t->scale, &t->unit);
	return BR_OK;
}

/* One test: its monitor, each selected system's entry derived.  *kept:
 * it can be derived (a bar result with a monitor and a direction PTS
 * derives for). */
static int derive_test(struct br_resultset *rs, const struct br_selection *sel,
		       struct br_test *t, bool *kept, struct br_error *err)
{
	double to_w = 1, mult = 1;
	const struct br_test *mon;
	bool per = t->dir == BR_DIR_HIB;
	size_t j, ei;

	*kept = false;
	if (t->display != BR_DISPLAY_BAR || t->dir == BR_DIR_UNKNOWN ||
	    (!per && (mult = to_seconds(t->scale)) == 0))
		return BR_OK;
	mon = monitor_of(rs, t, &to_w);
	if (!mon)
		return BR_OK;
	*kept = true;
	for (j = 0; j < sel->n_systems; j++) {
		ei = br_test_find_entry(t, sel->systems[j]);
		if (ei == (size_t)-1 || t->entries[ei].error ||
		    t->entries[ei].pass_fail)
			continue;
		derive_entry(&t->entries[ei], value_of(&t->entries[ei], mult),
			     power_of(mon, sel->systems[j], to_w), per);
	}
	return set_note(rs, t, sel, mon, to_w, per, err);
}

int br_derive_power(struct br_resultset *rs, struct br_selection *sel,
		    struct br_derive_info *info, struct br_error *err)
{
	size_t i, n = 0;
	bool kept;
	int rc;

	info->what = "--per watt";
	info->why = "no power monitor result recorded during it, or not a "
		"bar result PTS derives from (more is better, or fewer is "
		"better in seconds, ms or us)";
	for (i = 0; i < sel->n_tests; i++) {
		rc = derive_test(rs, sel, rs->tests[sel->tests[i]], &kept,
				 err);
		if (rc != BR_OK)
			return rc;
		if (kept)
			sel->tests[n++] = sel->tests[i];
		else
			info->dropped++;
	}
	sel->n_tests = n;
	if (!n)
		return br_error_set(err, BR_EDATA, NULL, 0,
				    "--per watt: no selected test has a power "
				    "monitor result (PTS's \"CPU Power "
				    "Consumption Monitor\" and the like, "
				    "recorded with MONITOR=cpu.power, "
				    "sys.power or gpu.power)");
	return BR_OK;
}
