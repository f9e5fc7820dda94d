/*
 * log_fio.c - fio's JSON output (fio 2.x and 3.x) and its normal text
 * output, old ("io=, bw=, iops=", "aggrb=") and new ("IOPS=, BW=").
 *
 * Results per job and data direction (read, write, trim): bandwidth,
 * IOPS, mean completion and total latency, completion latency
 * percentiles (50, 95, 99, 99.9); and per group, when a group reports
 * several jobs, the aggregate bandwidth.  The test is "Flexible IO
 * Tester", described by the job name, its rw and bs (when the log shows
 * them), the direction and the metric, so JSON and text logs of one job
 * line up:
 *
 *   Job: randread - Type: randread - Block Size: 4KiB - Read Bandwidth
 *
 * Units as fio means them: JSON "bw" is KiB/s; fio 2.x text "KB/s" is
 * KiB/s too (kb_base=1024, fio 3 renamed it); latency is microseconds
 * (3.x JSON nanoseconds are divided by 1000).  A job name seen again in
 * one log (numjobs without group_reporting) is "NAME #2", "#3", ...
 * In JSON, a job whose name is the last component of its filename= or
 * directory= (--name=sdb --filename=/dev/sdb) names its target: the job
 * name is the system (unless --system), its tests leave "Job: NAME" out
 * so the targets line up, and its group is not summed across targets.
 */
#include <ctype.h>
#include <json-c/json.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "log_int.h"

#define MAX_JOBS 256

static const struct {
	double pct;
	const char *label;
} pcts[] = {
	{50.0, "P50"}, {95.0, "P95"}, {99.0, "P99"}, {99.9, "P99.9"},
};
#define N_PCTS (sizeof pcts / sizeof pcts[0])

/* A job as named in results: name, rw, bs (canonical). */
struct job {
	char name[80];
	char rw[24];
	char bs[40];
	bool is_target;   /* the name names its target: the system's name */
};

static const char *dir_title(const char *d)
{
	if (strcmp(d, "read") == 0)
		return "Read";
	if (strcmp(d, "write") == 0)
		return "Write";
	if (strcmp(d, "trim") == 0)
		return "Trim";
	return d;
}

static int add(struct br_log *lg, const struct job *j, const char *dir,
	       const char *metric, const char *unit, enum br_dir bd, double v,
	       unsigned long line)
{
	char prefix[200];

	if (j->is_target && j->rw[0] && j->bs[0])
		snprintf(prefix, sizeof prefix, "Type: %s - Block Size: %s",
			 j->rw, j->bs);
	else if (j->rw[0] && j->bs[0])
		snprintf(prefix, sizeof prefix, "Job: %s - Type: %s - Block "
			 "Size: %s", j->name, j->rw, j->bs);
	else
		snprintf(prefix, sizeof prefix, "Job: %s", j->name);
	/* a job's bandwidth and IOPS are what fio users quote; its
	 * latencies and percentiles are sub-metrics (br_test.sub_metric) */
	lg->sub_metric = strcmp(metric, "Bandwidth") != 0 &&
			 strcmp(metric, "IOPS") != 0;
	return br_log_addf(lg, "fio", "Flexible IO Tester", unit, bd, v, line,
			   "%s - %s %s", prefix, dir_title(dir), metric);
}

/*
 * A fio size ("4k", "64K", "1m", "4096", "64.0KiB", "4K") in bytes; fio's
 * k is 1024 unless written kB with kb_base=1000, which we do not see.
 */
static bool fio_size(const char *s, double *bytes)
{
	const char *p = s;
	double v, m = 1;

	if (!br_log_num(&p, &v) || v < 0)
		return false;
	switch (tolower((unsigned char)*p)) {
	case 'k': m = 1024.0; p++; break;
	case 'm': m = 1048576.0; p++; break;
	case 'g': m = 1073741824.0; p++; break;
	case 't': m = 1099511627776.0; p++; break;
	case 'b': case '\0': case '-': case ',': case '/': case ' ': break;
	default: return false;
	}
	*bytes = v * m;
	return true;
}

/* Canonical block size text: 4096 -> "4KiB". */
static void fmt_bs(double b, char *out, size_t cap)
{
	static const char *const u[] = {"B", "KiB", "MiB", "GiB"};
	int i = 0;

	while (i < 3 && b >= 1024 && fmod(b, 1024) == 0) {
		b /= 1024;
		i++;
	}
	snprintf(out, cap, "%.15g%s", b, u[i]);
}

/* The k-th name seen again becomes "NAME #k". */
static void unique_name(struct job *seen, size_t *n_seen, const char *name,
			char *out, size_t cap)
{
	size_t i, k = 1;

	for (i = 0; i < *n_seen; i++)
		if (strcmp(seen[i].name, name) == 0)
			k++;
	if (*n_seen < MAX_JOBS) {
		snprintf(seen[*n_seen].name, sizeof seen[0].name, "%s", name);
		br_utf8_cut(seen[*n_seen].name);
		(*n_seen)++;
	}
	if (k == 1)
		snprintf(out, cap, "%s", name);
	else
		snprintf(out, cap, "%s #%zu", name, k);
	br_utf8_cut(out);   /* a long name: cut, but not in a character */
}

/* --------------------------------------------------------------- JSON */

/* Offset of the object holding "fio version", or len. */
static size_t json_start(const char *buf, size_t len)
{
	static const char key[] = "\"fio version\"";
	size_t k = sizeof key - 1, i;
	const char *p = buf;

	for (i = 0; i + k <= len; i = (size_t)(p - buf) + 1) {
		p = memchr(buf + i, '"', len - i);
		if (!p || (size_t)(p - buf) + k > len)
			return len;
		if (memcmp(p, key, k) == 0)
			break;
	}
	if (i + k > len)
		return len;
	while (p > buf && p[-1] != '{')
		p--;
	return p > buf ? (size_t)(p - 1 - buf) : len;
}

int br_detect_fio_json(const char *buf, size_t len)
{
	if (br_log_has(buf, len, "\"fio version\"") &&
	    br_log_has(buf, len, "\"jobs\""))
		return 95;
	if (br_log_has(buf, len, "\"fio version\""))
		return 80; /* truncated: let the reader say so */
	return 0;
}

static bool jnum(struct json_object *o, const char *key, double *v)
{
	struct json_object *x;

	if (!o || !json_object_object_get_ex(o, key, &x))
		return false;
	if (!json_object_is_type(x, json_type_double) &&
	    !json_object_is_type(x, json_type_int))
		return false;
	*v = json_object_get_double(x);
	return isfinite(*v);
}

static const char *jstr(struct json_object *o, const char *key)
{
	struct json_object *x;

	if (!o || !json_object_object_get_ex(o, key, &x) ||
	    !json_object_is_type(x, json_type_string))
		return NULL;
	return json_object_get_string(x);
}

static struct json_object *jobj(struct json_object *o, const char *key)
{
	struct json_object *x;

	if (!o || !json_object_object_get_ex(o, key, &x) ||
	    !json_object_is_type(x, json_type_object))
		return NULL;
	return x;
}

/* rw and bs of a job from its options, else the global ones. */
static void job_config(struct json_object *job, struct json_object *global,
		       struct job *j)
{
	struct json_object *opt = jobj(job, "job options");
	const char *rw = jstr(opt, "rw"), *bs = jstr(opt, "bs");
	double b;

	if (!rw)
		rw = jstr(opt, "readwrite");
	if (!rw)
		rw = jstr(global, "rw");
	if (!rw)
		rw = jstr(global, "readwrite");
	if (!bs)
		bs = jstr(opt, "blocksize");
	if (!bs)
		bs = jstr(global, "bs");
	if (!bs)
		bs = jstr(global, "blocksize");
	/* fio 2.x JSON does not echo the job file: leave them out then */
	if (!rw)
		return;
	if (!bs)
		bs = "4k"; /* fio's default */
	snprintf(j->rw, sizeof j->rw, "%s", rw);
	br_utf8_cut(j->rw);
	if (fio_size(bs, &b))
		fmt_bs(b, j->bs, sizeof j->bs);
	else
		snprintf(j->bs, sizeof j->bs, "%s", bs);
	br_utf8_cut(j->bs);
}

/*
 * Whether job name jn names the job's target: it is the last component
 * of its "filename" or "directory" option (--name=sdb --filename=/dev/sdb,
 * --name=ext4 --directory=/mnt/ext4).  Then the job name names the
 * system (doc: README "Inputs"), unless --system does, and the tests
 * leave it out so that the targets' jobs line up.  *target: the option.
 */
static bool names_target(struct json_object *job, struct json_object *global,
			 const char *jn, const char **target)
{
	struct json_object *opt = jobj(job, "job options");
	const char *t = jstr(opt, "filename"), *b, *e;

	if (!t)
		t = jstr(opt, "directory");
	if (!t)
		t = jstr(global, "filename");
	if (!t)
		t = jstr(global, "directory");
	if (!t || !*jn || strchr(t, ':'))
		return false;  /* none, or several ("a:b") */
	for (e = t + strlen(t); e > t && e[-1] == '/'; e--)
		;
	for (b = e; b > t && b[-1] != '/'; b--)
		;
	*target = t;
	return (size_t)(e - b) == strlen(jn) && !strncmp(b, jn, strlen(jn));
}

/* Latency object of a direction: 3.x "clat_ns" (ns), 2.x "clat" (us). */
static struct json_object *lat_obj(struct json_object *d, const char *base,
				   double *to_us)
{
	char key[16];
	struct json_object *o;

	snprintf(key, sizeof key, "%s_ns", base);
	o = jobj(d, key);
	if (o) {
		*to_us = 1e-3;
		return o;
	}
	*to_us = 1;
	return jobj(d, base);
}

static int json_dir(struct br_log *lg, const struct job *j, const char *dir,
		    struct json_object *d, unsigned long line)
{
	struct json_object *lat, *pct;
	double v, ios = 0, bytes = 0, iops = 0, f;
	size_t i;
	int rc;

	jnum(d, "total_ios", &ios);
	jnum(d, "io_bytes", &bytes);
	jnum(d, "iops", &iops);
	if (ios <= 0 && bytes <= 0 && iops <= 0)
		return BR_OK; /* direction not used */
	if (!jnum(d, "bw", &v))
		return br_log_fail(lg, line, "fio JSON: job %s %s has no "
				   "\"bw\"", j->name, dir);
	rc = add(lg, j, dir, "Bandwidth", "KiB/s", BR_DIR_HIB, v, line);
	if (rc == BR_OK)
		rc = add(lg, j, dir, "IOPS", "IOPS", BR_DIR_HIB, iops, line);
	lat = lat_obj(d, "clat", &f);
	if (rc == BR_OK && jnum(lat, "mean", &v))
		rc = add(lg, j, dir, "Completion Latency", "us", BR_DIR_LIB,
			 v * f, line);
	pct = jobj(lat, "percentile");
	if (pct) {
		json_object_object_foreach(pct, key, val) {
			const char *p = key;
			double k;

			if (rc != BR_OK || !br_log_num(&p, &k))
				continue;
			for (i = 0; i < N_PCTS; i++)
				if (fabs(k - pcts[i].pct) < 1e-6 &&
				    (json_object_is_type(val, json_type_int) ||
				     json_object_is_type(val,
							 json_type_double))) {
					char m[48];

					snprintf(m, sizeof m, "Completion "
						 "Latency %s", pcts[i].label);
					rc = add(lg, j, dir, m, "us",
						 BR_DIR_LIB,
						 json_object_get_double(val) *
							 f, line);
				}
		}
	}
	lat = lat_obj(d, "lat", &f);
	if (rc == BR_OK && jnum(lat, "mean", &v))
		rc = add(lg, j, dir, "Total Latency", "us", BR_DIR_LIB, v * f,
			 line);
	return rc;
}

struct group {
	double id;
	size_t n_jobs;
	char names[160];
	double kb[3], ms[3];
	unsigned long line;
	bool targets;   /* its jobs name their targets: systems, no sum */
};

/* The log's own system name, for the jobs that do not name theirs. */
struct fio_own {
	const char *system, *named_by;
};

static void log_own(struct br_log *lg, const struct fio_own *own)
{
	if (lg->system == own->system)
		return;
	lg->system = own->system;
	lg->named_by = own->named_by;
	lg->sys = (size_t)-1;
}

/* Name the system after job jn when it names its target (names_target),
 * else after the log (its directory, --system). */
static int job_system(struct br_log *lg, struct json_object *job,
		      struct json_object *global, const char *jn,
		      struct job *j, const struct br_ingest_opts *o,
		      const struct fio_own *own)
{
	const char *target = NULL;
	char *how;

	log_own(lg, own);
	if ((o && o->system && *o->system) || !j->rw[0] ||
	    !names_target(job, global, jn, &target))
		return BR_OK;
	j->is_target = true;
	how = br_strf("from fio's job name, which names its target (%.*s)",
		      BR_UTF8_PREC(target, 200));
	if (!how)
		return br_log_fail(lg, 0, "out of memory");
	lg->named_by = br_rs_str(lg->rs, how);
	free(how);
	return br_log_system_named(lg, jn, strlen(jn), lg->named_by, o);
}

int br_read_fio_json(struct br_resultset *rs, const char *name,
		     const char *buf, size_t len,
		     const struct br_ingest_opts *o, struct br_error *err)
{
	static const char *const dirs[3] = {"read", "write", "trim"};
	struct json_object *root, *jobs, *global;
	struct br_log_pos pos = {0, 0};
	struct job seen[MAX_JOBS];
	struct group groups[16];
	size_t n_seen = 0, n_groups = 0, i, n, from;
	struct br_log lg;
	struct fio_own own;
	size_t start = json_start(buf, len);
	int rc, d;

	rc = br_log_open(&lg, rs, name, o, err);
	lg.test_named_by = "from fio's job (its name where that does not "
		"name the system; rw, bs) and the measure";
	if (rc != BR_OK)
		return rc;
	if (start == len)
		return br_log_fail(&lg, 1, "fio JSON: no object with \"fio "
				   "version\"");
	root = br_log_json(&lg, buf, len, start, "fio JSON");
	if (!root)
		return err->code;
	global = jobj(root, "global options");
	if (!json_object_object_get_ex(root, "jobs", &jobs) ||
	    !json_object_is_type(jobs, json_type_array)) {
		json_object_put(root);
		return br_log_fail(&lg, br_line_of(buf, len, start),
				   "fio JSON: no \"jobs\" array");
	}
	n = json_object_array_length(jobs);
	from = start;
	own.system = lg.system;
	own.named_by = lg.named_by;
	for (i = 0; i < n && rc == BR_OK; i++) {
		struct json_object *job = json_object_array_get_idx(jobs, i);
		const char *jn = jstr(job, "jobname");
		const char *at;
		struct job j;
		struct group *g = NULL;
		unsigned long line;
		double gid = 0, v;
		size_t k;

		/* the line of this job's "jobname" */
		at = from < len ? memchr(buf + from, 'j', len - from) : NULL;
		while (at && (size_t)(at - buf) + 9 <= len &&
		       memcmp(at, "jobname\"", 8) != 0)
			at = memchr(at + 1, 'j', len - (size_t)(at + 1 - buf));
		if (at && (size_t)(at - buf) + 9 <= len)
			from = (size_t)(at - buf) + 8;
		line = br_log_line_at(&pos, buf, len, from);
		if (!jn) {
			rc = br_log_fail(&lg, line, "fio JSON: job %zu has "
					 "no \"jobname\"", i + 1);
			break;
		}
		memset(&j, 0, sizeof j);
		unique_name(seen, &n_seen, jn, j.name, sizeof j.name);
		job_config(job, global, &j);
		rc = job_system(&lg, job, global, jn, &j, o, &own);
		jnum(job, "groupid", &gid);
		for (k = 0; k < n_groups; k++)
			if (groups[k].id == gid)
				g = &groups[k];
		if (!g && n_groups < sizeof groups / sizeof groups[0]) {
			g = &groups[n_groups++];
			memset(g, 0, sizeof *g);
			g->id = gid;
			g->line = line;
		}
		if (g) {
			size_t l = strlen(g->names);

			g->n_jobs++;
			g->targets |= j.is_target;
			snprintf(g->names + l, sizeof g->names - l, "%s%s",
				 l ? ", " : "", j.name);
			br_utf8_cut(g->names);
		}
		for (d = 0; d < 3 && rc == BR_OK; d++) {
			struct json_object *dj = jobj(job, dirs[d]);

			if (!dj)
				continue;
			rc = json_dir(&lg, &j, dirs[d], dj, line);
			if (g && (jnum(dj, "io_kbytes", &v) ||
				  jnum(dj, "io_bytes", &v)))
				g->kb[d] += v;
			if (g && jnum(dj, "runtime", &v) && v > g->ms[d])
				g->ms[d] = v;
		}
	}
	json_object_put(root);
	log_own(&lg, &own);   /* groups are the log's */
	for (i = 0; i < n_groups && rc == BR_OK; i++) {
		struct group *g = &groups[i];

		if (g->n_jobs < 2 || g->targets)
			continue;
		for (d = 0; d < 3 && rc == BR_OK; d++)
			if (g->ms[d] > 0 && g->kb[d] > 0) {
				/* the jobs' sum: the jobs are primary */
				lg.sub_metric = true;
				rc = br_log_addf(&lg, "fio",
						 "Flexible IO Tester", "KiB/s",
						 BR_DIR_HIB,
						 g->kb[d] * 1000 / g->ms[d],
						 g->line, "Group: %.0f (%s) - "
						 "%s Bandwidth", g->id,
						 g->names, dir_title(dirs[d]));
			}
	}
	if (rc != BR_OK)
		return rc;
	return br_log_close(&lg, "fio", br_line_of(buf, len, len));
}

/* --------------------------------------------------------------- text */

int br_detect_fio_text(const char *buf, size_t len)
{
	if (br_log_has(buf, len, "(groupid=") && br_log_has(buf, len, "jobs="))
		return 90;
	if (br_log_has(buf, len, ": (g=") && br_log_has(buf, len, "rw="))
		return 80;
	if (br_log_has(buf, len, "Run status group "))
		return 70;
	return 0;
}

/* "3556MiB/s", "52512KB/s", "51.3MiB/s": value and unit (fio 2.x "KB"
 * means KiB). */
static bool rate(const char **s, double *v, const char **unit)
{
	static const struct {
		const char *text, *unit;
	} units[] = {
		{"KiB/s", "KiB/s"}, {"MiB/s", "MiB/s"}, {"GiB/s", "GiB/s"},
		{"kB/s", "kB/s"}, {"KB/s", "KiB/s"}, {"MB/s", "MiB/s"},
		{"GB/s", "GiB/s"}, {"B/s", "B/s"},
	};
	const char *p = *s;
	size_t i;

	if (!br_log_num(&p, v))
		return false;
	for (i = 0; i < sizeof units / sizeof units[0]; i++)
		if (strncmp(p, units[i].text, strlen(units[i].text)) == 0) {
			*unit = units[i].unit;
			*s = p + strlen(units[i].text);
			return true;
		}
	return false;
}

/* "13.1k" -> 13100 */
static bool count(const char **s, double *v)
{
	const char *p = *s;

	if (!br_log_num(&p, v))
		return false;
	if (*p == 'k' || *p == 'K') {
		*v *= 1e3;
		p++;
	} else if (*p == 'M' || *p == 'm') {
		*v *= 1e6;
		p++;
	}
	*s = p;
	return true;
}

/* "(usec)" -> "us" */
static const char *paren_unit(const char *s)
{
	if (strstr(s, "(nsec)"))
		return "ns";
	if (strstr(s, "(usec)"))
		return "us";
	if (strstr(s, "(msec)"))
		return "ms";
	if (strstr(s, "(sec)"))
		return "Seconds";
	return NULL;
}

/* "NAME: (g=0): rw=write, bs=(R) 64.0KiB-64.0KiB, (W) ..." */
static void config_line(const char *s, struct job *cfg, size_t *n_cfg)
{
	const char *c = strstr(s, ": (g="), *p;
	struct job *j;
	size_t n = (size_t)(c - s), i;
	double b;

	for (i = 0; i < *n_cfg; i++)
		if (strlen(cfg[i].name) == n && !strncmp(cfg[i].name, s, n))
			return;
	if (*n_cfg >= MAX_JOBS || n == 0 || n >= sizeof cfg->name)
		return;
	j = &cfg[(*n_cfg)++];
	memset(j, 0, sizeof *j);
	memcpy(j->name, s, n);
	p = strstr(c, "rw=");
	if (p) {
		p += 3;
		n = strcspn(p, ", ");
		snprintf(j->rw, sizeof j->rw, "%.*s", (int)n, p);
		br_utf8_cut(j->rw);
	}
	p = strstr(c, "bs=");
	if (p) {
		p += 3;
		if (strncmp(p, "(R) ", 4) == 0)
			p += 4;
		if (fio_size(p, &b))
			fmt_bs(b, j->bs, sizeof j->bs);
	}
}

struct tstate {
	struct br_log *lg;
	struct job cfg[MAX_JOBS], seen[MAX_JOBS];
	size_t n_cfg, n_seen;
	struct job cur;        /* job whose results are being read */
	char dir[8];           /* its current direction, "" none */
	bool in_pct;           /* inside a percentile block */
	const char *pct_unit;
	double gid;            /* group of the current job */
	int gjobs[64];         /* job reports per group id (< 64) */
	int in_group;          /* group id of "Run status group", or -1 */
};

/* "NAME: (groupid=0, jobs=1): err= 0: ..." */
static void job_line(struct tstate *st, const char *s)
{
	const char *c = strstr(s, ": (groupid="), *p;
	char nm[80];
	size_t n = (size_t)(c - s), i;
	double g = 0;

	snprintf(nm, sizeof nm, "%.*s", BR_UTF8_PREC(s, n < 79 ? n : 79));
	memset(&st->cur, 0, sizeof st->cur);
	unique_name(st->seen, &st->n_seen, nm, st->cur.name,
		    sizeof st->cur.name);
	for (i = 0; i < st->n_cfg; i++)
		if (strcmp(st->cfg[i].name, nm) == 0) {
			snprintf(st->cur.rw, sizeof st->cur.rw, "%s",
				 st->cfg[i].rw);
			snprintf(st->cur.bs, sizeof st->cur.bs, "%s",
				 st->cfg[i].bs);
		}
	p = c + 11;
	if (br_log_num(&p, &g) && g >= 0 && g < 64)
		st->gjobs[(int)g]++;
	st->gid = g;
	st->dir[0] = '\0';
	st->in_pct = false;
}

/* "  read: IOPS=13.1k, BW=51.3MiB/s (53.8MB/s)(16.0MiB/312msec)" or
 * "  read : io=1024.0MB, bw=52512KB/s, iops=13128, runt= 19968msec" */
static int dir_line(struct tstate *st, const char *dir, const char *s,
		    unsigned long line)
{
	const char *p, *unit;
	double bw, iops;
	int rc;

	snprintf(st->dir, sizeof st->dir, "%s", dir);
	st->in_pct = false;
	if ((p = strstr(s, "BW=")) || (p = strstr(s, "bw="))) {
		p += 3;
		if (!rate(&p, &bw, &unit))
			return br_log_fail(st->lg, line, "fio: job %s: bad "
					   "bandwidth", st->cur.name);
	} else {
		return br_log_fail(st->lg, line, "fio: job %s: no bandwidth "
				   "in the %s line", st->cur.name, dir);
	}
	rc = add(st->lg, &st->cur, dir, "Bandwidth", unit, BR_DIR_HIB, bw,
		 line);
	if (rc == BR_OK && ((p = strstr(s, "IOPS=")) ||
			    (p = strstr(s, "iops=")))) {
		p += 5;
		if (!count(&p, &iops))
			return br_log_fail(st->lg, line, "fio: job %s: bad "
					   "IOPS", st->cur.name);
		rc = add(st->lg, &st->cur, dir, "IOPS", "IOPS", BR_DIR_HIB,
			 iops, line);
	}
	return rc;
}

/* "     |  1.00th=[    9],  5.00th=[    9], 10.00th=[   10]," */
static int pct_line(struct tstate *st, const char *s, unsigned long line)
{
	const char *p = s;
	size_t i;
	int rc = BR_OK;

	while (rc == BR_OK && (p = strstr(p, "th=[")) != NULL) {
		const char *b = p, *q;
		double k, v;

		while (b > s && (isdigit((unsigned char)b[-1]) ||
				 b[-1] == '.'))
			b--;
		q = b;
		p += 4;
		if (!br_log_num(&q, &k) || !br_log_num(&p, &v))
			return br_log_fail(st->lg, line, "fio: bad "
					   "percentile entry");
		for (i = 0; i < N_PCTS; i++)
			if (fabs(k - pcts[i].pct) < 1e-6) {
				char m[48];

				snprintf(m, sizeof m, "Completion Latency %s",
					 pcts[i].label);
				rc = add(st->lg, &st->cur, st->dir, m,
					 st->pct_unit, BR_DIR_LIB, v, line);
			}
	}
	return rc;
}

/* "   READ: bw=3556MiB/s (3728MB/s), ..." or "READ: io=..., aggrb=..." */
static int group_line(struct tstate *st, const char *s, unsigned long line)
{
	const char *p, *unit;
	const char *dir = strncmp(s, "READ:", 5) == 0 ? "read"
			: strncmp(s, "WRITE:", 6) == 0 ? "write" : "trim";
	double bw;

	if (st->in_group < 0 || st->gjobs[st->in_group] < 2)
		return BR_OK;
	p = strstr(s, "aggrb=");
	p = p ? p + 6 : strstr(s, "bw=");
	if (p && p[0] == 'b')
		p += 3;
	if (!p || !rate(&p, &bw, &unit))
		return br_log_fail(st->lg, line, "fio: bad group bandwidth");
	st->lg->sub_metric = true;  /* the jobs' sum: the jobs are primary */
	return br_log_addf(st->lg, "fio", "Flexible IO Tester", unit,
			   BR_DIR_HIB, bw, line, "Group: %d - %s Aggregate "
			   "Bandwidth", st->in_group, dir_title(dir));
}

int br_read_fio_text(struct br_resultset *rs, const char *name,
		     const char *buf, size_t len,
		     const struct br_ingest_opts *o, struct br_error *err)
{
	struct br_log_iter it;
	struct br_log lg;
	struct tstate *st = calloc(1, sizeof *st);
	bool summed = false;   /* a "Run status group" line after the jobs */
	int rc;

	if (!st)
		return br_error_set(err, BR_EIO, name, 0, "out of memory");
	rc = br_log_open(&lg, rs, name, o, err);
	lg.test_named_by = "from fio's job (its name where that does not "
		"name the system; rw, bs) and the measure";
	st->lg = &lg;
	st->in_group = -1;
	br_log_iter_init(&it, buf, len);
	while (rc == BR_OK && br_log_next(&it)) {
		const char *s = br_log_skip(it.line), *p;
		size_t w = strcspn(s, " :");
		double g;

		if (st->in_pct && s[0] == '|') {
			rc = pct_line(st, s, it.no);
			continue;
		}
		st->in_pct = false;
		if (strstr(it.line, ": (g=") && it.line[0] != ' ') {
			config_line(it.line, st->cfg, &st->n_cfg);
		} else if (strstr(it.line, ": (groupid=") &&
			   it.line[0] != ' ') {
			job_line(st, it.line);
			st->in_group = -1;
			summed = false;
		} else if (strncmp(s, "Run status group ", 17) == 0) {
			p = s + 17;
			st->in_group = br_log_num(&p, &g) && g >= 0 && g < 64
				       ? (int)g : -1;
		} else if (st->in_group >= 0 &&
			   (strncmp(s, "READ:", 5) == 0 ||
			    strncmp(s, "WRITE:", 6) == 0 ||
			    strncmp(s, "TRIM:", 5) == 0)) {
			rc = group_line(st, s, it.no);
			summed = true;
		} else if (st->cur.name[0] && (w == 4 || w == 5) &&
			   (strncmp(s, "read", 4) == 0 ||
			    strncmp(s, "write", 5) == 0 ||
			    strncmp(s, "trim", 4) == 0) &&
			   *br_log_skip(s + w) == ':' &&
			   (strstr(s, "IOPS=") || strstr(s, "io="))) {
			char dir[8];

			snprintf(dir, sizeof dir, "%.*s", (int)w, s);
			rc = dir_line(st, dir, s, it.no);
		} else if (st->dir[0] && (strncmp(s, "clat (", 6) == 0 ||
					  strncmp(s, "lat (", 5) == 0) &&
			   (p = strstr(s, "avg=")) != NULL) {
			const char *unit = paren_unit(s);
			double v;

			p += 4;
			if (!unit || !br_log_num(&p, &v)) {
				rc = br_log_fail(&lg, it.no, "fio: bad latency"
						 " line");
				break;
			}
			rc = add(&lg, &st->cur, st->dir, s[0] == 'c'
				 ? "Completion Latency" : "Total Latency",
				 unit, BR_DIR_LIB, v, it.no);
		} else if (st->dir[0] &&
			   strncmp(s, "clat percentiles (", 18) == 0) {
			st->pct_unit = paren_unit(s);
			st->in_pct = st->pct_unit != NULL;
		}
	}
	free(st);
	if (rc != BR_OK)
		return rc;
	/* fio ends with its groups' "Run status group N (all jobs):" */
	if (lg.n_results && !summed)
		br_log_warn_cut(&lg, it.no, "fio", "no \"Run status group\" "
				"bandwidth line after its last job");
	return br_log_close(&lg, "fio", it.no);
}
