/*
 * derived.c - the command line of derived results: --per, --cost and
 * --cost-file read into cli->derive, and, once the selection is made,
 * handed to analysis/derive.h, which computes them (doc/statistics.md,
 * "Derived results").  Nothing here computes.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/derive.h"
#include "cli.h"

int br_cli_derived_option(struct br_cli *cli, const char *name,
			  const char *arg)
{
	struct br_cli_derive *d = &cli->derive;
	enum br_per per;

	if (!strcmp(name, "per")) {
		if (!br_per_from_name(arg, &per))
			return br_cli_usage(cli, "--per: expected cores, "
					    "threads, ghz, channels or watt, "
					    "got '%s'", arg);
		d->per = (int)per;
	} else if (!strcmp(name, "cost")) {
		const char **v = realloc(d->costs,
					 (d->n_costs + 1) * sizeof *v);

		if (!v) {
			fprintf(stderr, PROG ": out of memory\n");
			return BR_EIO;
		}
		v[d->n_costs++] = arg;
		d->costs = v;
	} else if (!strcmp(name, "cost-file")) {
		d->cost_file = arg;
	}
	return BR_OK;
}

/* The cost file, read whole (NUL-terminated); NULL after saying why. */
static char *read_cost_file(const char *path, int *rc)
{
	FILE *fp = fopen(path, "rb");
	size_t cap = 4096, n = 0, got;
	char *buf = NULL, *nb;

	*rc = BR_EIO;
	if (!fp) {
		fprintf(stderr, PROG ": %s: %s\n", path, strerror(errno));
		return NULL;
	}
	for (;;) {
		nb = realloc(buf, cap + 1);
		if (!nb)
			break;
		buf = nb;
		got = fread(buf + n, 1, cap - n, fp);
		n += got;
		if (n < cap)
			break;
		cap *= 2;
	}
	if (!nb || ferror(fp)) {
		fprintf(stderr, PROG ": %s: %s\n", path,
			nb ? "read error" : "out of memory");
		fclose(fp);
		free(buf);
		return NULL;
	}
	fclose(fp);
	buf[n] = '\0';
	*rc = BR_OK;
	return buf;
}

static void derive_warnings(const struct br_cli *cli,
			    const struct br_derive_info *info)
{
	if (cli->quiet)
		return;
	if (info->dropped)
		fprintf(stderr, PROG ": warning: %s: %zu selected test%s "
			"left out: %s\n", info->what, info->dropped,
			info->dropped == 1 ? "" : "s", info->why);
	if (info->no_time)
		fprintf(stderr, PROG ": warning: %s: %zu result%s without "
			"a recorded run time, so without a cost a run\n",
			info->what, info->no_time,
			info->no_time == 1 ? "" : "s");
}

int br_cli_derive(const struct br_cli *cli, struct br_cli_input *in)
{
	const struct br_cli_derive *d = &cli->derive;
	struct br_derive_opts o;
	struct br_derive_info info;
	struct br_error err;
	int rc = BR_OK;

	memset(&o, 0, sizeof o);
	br_error_clear(&err);
	o.per = (enum br_per)d->per;
	o.cost_args = d->costs;
	o.n_cost_args = d->n_costs;
	if (d->cost_file) {
		o.cost_path = d->cost_file;
		o.cost_text = read_cost_file(d->cost_file, &rc);
		if (!o.cost_text)
			return rc;
	}
	rc = br_derive_apply(in->rs, &in->sel, &o, &info, &err);
	free(o.cost_text);
	if (rc != BR_OK)
		return br_cli_fail(cli, &err);
	derive_warnings(cli, &info);
	return BR_OK;
}
