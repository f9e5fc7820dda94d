/*
 * check_walk.c - reading inputs from the file system (ingest/ingest.c):
 * directory walks skip FIFOs, sockets and devices with a warning, never
 * loop through symbolic links, never read the temporary files of a
 * killed run; a FIFO or device named as an input is read, up to the
 * input cap counted as it streams; a text format stops at its first NUL
 * byte, so /dev/zero is refused at once.
 */
#include <check.h>
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <unistd.h>

#include "ingest/ingest.h"
#include "model/model.h"

Suite *br_suite_walk(void);

static char root[64];

static void make_root(void)
{
	snprintf(root, sizeof root, "/tmp/br-walk-XXXXXX");
	ck_assert_ptr_nonnull(mkdtemp(root));
}

/* root/rel as a path (static buffer, one at a time per slot). */
static const char *at(const char *rel)
{
	static char buf[4][256];
	static int k;

	k = (k + 1) % 4;
	snprintf(buf[k], sizeof buf[k], "%s/%s", root, rel);
	return buf[k];
}

static void put(const char *rel, const char *text)
{
	FILE *fp = fopen(at(rel), "w");

	ck_assert_ptr_nonnull(fp);
	fputs(text, fp);
	ck_assert_int_eq(fclose(fp), 0);
}

static void dir(const char *rel)
{
	ck_assert_int_eq(mkdir(at(rel), 0755), 0);
}

static void link_to(const char *target, const char *rel)
{
	ck_assert_int_eq(symlink(target, at(rel)), 0);
}

static void rm_tree(void)
{
	char cmd[128];

	snprintf(cmd, sizeof cmd, "rm -rf '%s'", root);
	ck_assert_int_eq(system(cmd), 0);
}

/* Read path with format (NULL: detect) and cap max (0: the default). */
static int read_path(struct br_resultset *rs, const char *path,
		     const char *format, size_t max, struct br_error *err)
{
	struct br_ingest_opts o;

	br_ingest_opts_defaults(&o);
	o.input_format = format;
	o.max_input_bytes = max;
	br_error_clear(err);
	return br_ingest_path(rs, path, &o, err);
}

/* Whether rs has a warning about the file ending in rel saying what. */
static bool warned(const struct br_resultset *rs, const char *rel,
		   const char *what)
{
	size_t i, n = strlen(rel);

	for (i = 0; i < rs->n_warnings; i++) {
		const struct br_warning *w = &rs->warnings[i];
		size_t m = w->loc.file ? strlen(w->loc.file) : 0;

		if (m >= n && !strcmp(w->loc.file + m - n, rel) &&
		    strstr(w->msg, what))
			return true;
	}
	return false;
}

static bool has_system(const struct br_resultset *rs, const char *id)
{
	return br_rs_find_system(rs, id) != (size_t)-1;
}

START_TEST(test_walk_skips_fifo_socket_device)
{
	struct br_resultset *rs = br_resultset_new();
	struct sockaddr_un sa;
	struct br_error err;
	int fd;

	make_root();
	dir("d");
	put("d/a", "1\n2\n3\n");
	ck_assert_int_eq(mkfifo(at("d/fifo"), 0644), 0);
	link_to("/dev/null", "d/null");
	fd = socket(AF_UNIX, SOCK_STREAM, 0);
	ck_assert_int_ge(fd, 0);
	memset(&sa, 0, sizeof sa);
	sa.sun_family = AF_UNIX;
	snprintf(sa.sun_path, sizeof sa.sun_path, "%s", at("d/sock"));
	ck_assert_int_eq(bind(fd, (struct sockaddr *)&sa, sizeof sa), 0);
	/* Before: opening d/fifo waited for a writer forever. */
	ck_assert_int_eq(read_path(rs, at("d"), NULL, 0, &err), BR_OK);
	ck_assert_uint_eq(rs->n_systems, 1);
	ck_assert(has_system(rs, "a"));
	ck_assert(warned(rs, "/d/fifo", "skipped: a FIFO, not a regular"));
	ck_assert(warned(rs, "/d/sock", "skipped: a socket, not a regular"));
	ck_assert(warned(rs, "/d/null", "skipped: a device, not a regular"));
	close(fd);
	br_resultset_free(rs);
	rm_tree();
}
END_TEST

START_TEST(test_walk_symlink_loops)
{
	struct br_resultset *rs = br_resultset_new();
	struct br_error err;

	make_root();
	dir("top");
	dir("top/d");
	dir("top/e");
	put("top/d/a", "1\n2\n3\n");
	put("top/e/b", "4\n5\n6\n");
	link_to("..", "top/d/up");          /* the walk's parent */
	link_to(".", "top/d/self");
	link_to("../..", "top/d/grandup");
	link_to("loop", "top/d/loop");      /* never resolves: ELOOP */
	link_to("../e", "top/d/e-again");   /* no loop: read again */
	/* Walking d: before, up led into top, then top/e and top/d again,
	 * until "nested too deeply" or "already has a result". */
	ck_assert_msg(read_path(rs, at("top/d"), NULL, 0, &err) == BR_OK,
		      "%s: %s", err.where, err.msg);
	ck_assert_uint_eq(rs->n_systems, 2);
	ck_assert(has_system(rs, "a"));
	ck_assert(has_system(rs, "b")); /* through e-again only */
	ck_assert(warned(rs, "/top/d/up", "skipped: a symbolic link loop"));
	ck_assert(warned(rs, "/top/d/self", "skipped: a symbolic link loop"));
	ck_assert(warned(rs, "/top/d/grandup", "skipped: a symbolic link "
					       "loop"));
	ck_assert(warned(rs, "/top/d/loop", "skipped: a symbolic link loop"));
	br_resultset_free(rs);

	/* Walking top: d/up is top itself.  e is reached twice (e and
	 * d/e-again), which is no loop: b has a result twice. */
	rs = br_resultset_new();
	ck_assert_int_eq(unlink(at("top/d/e-again")), 0);
	ck_assert_msg(read_path(rs, at("top"), NULL, 0, &err) == BR_OK,
		      "%s: %s", err.where, err.msg);
	ck_assert_uint_eq(rs->n_systems, 2);
	ck_assert_uint_eq(rs->tests[0]->n_entries, 2);
	ck_assert_uint_eq(rs->tests[0]->entries[0].sample.n_runs, 3);
	ck_assert(warned(rs, "/top/d/up", "back into a directory"));
	br_resultset_free(rs);

	/* Named on the command line, a self-link is an error, as ever. */
	rs = br_resultset_new();
	ck_assert_int_eq(read_path(rs, at("top/d/loop"), NULL, 0, &err),
			 BR_EIO);
	ck_assert(strstr(err.msg, "cannot open"));
	br_resultset_free(rs);
	rm_tree();
}
END_TEST

START_TEST(test_walk_skips_leftovers)
{
	static const char csv[] = "system,test,value,unit\n"
				  "ghost,t1,5,MB/s\n";
	struct br_resultset *rs = br_resultset_new();
	struct br_error err;

	make_root();
	dir("d");
	put("d/a", "1\n2\n3\n");
	/* Temporary outputs of a killed run: render/output/output.c's mkstemp
	 * names of today and before, the hidden ones of the writer. */
	put("d/out.csv.tmp.AbC123", csv);
	put("d/ghost.tmp.000000", csv);
	put("d/.benchreport-tmp.XyZ123", csv);
	put("d/.benchreport-manifest", csv);
	/* Not that pattern: read. */
	put("d/keep.tmp.12345", "7\n8\n");
	put("d/tmp.ABCDEF", "9\n10\n");
	ck_assert_msg(read_path(rs, at("d"), NULL, 0, &err) == BR_OK,
		      "%s: %s", err.where, err.msg);
	ck_assert(!has_system(rs, "ghost"));
	ck_assert(has_system(rs, "a"));
	ck_assert(has_system(rs, "keep.tmp.12345"));
	ck_assert(has_system(rs, "tmp.ABCDEF"));
	ck_assert_uint_eq(rs->n_systems, 3);
	br_resultset_free(rs);

	/* Named on the command line, such a file is read. */
	rs = br_resultset_new();
	ck_assert_int_eq(read_path(rs, at("d/out.csv.tmp.AbC123"), NULL, 0,
				   &err), BR_OK);
	ck_assert(has_system(rs, "ghost"));
	br_resultset_free(rs);
	rm_tree();
}
END_TEST

/* A FIFO at root/rel and a child writing text to it (forever: once
 * more than once); returns the child's pid. */
static pid_t feed_fifo(const char *rel, const char *text, bool forever)
{
	pid_t pid;

	ck_assert_int_eq(mkfifo(at(rel), 0644), 0);
	pid = fork();
	ck_assert_int_ge(pid, 0);
	if (pid == 0) {
		FILE *fp = fopen(at(rel), "w");

		signal(SIGPIPE, SIG_DFL);
		if (!fp)
			_exit(3);
		do
			if (fputs(text, fp) == EOF)
				_exit(0);
		while (forever);
		_exit(fclose(fp) == 0 ? 0 : 3);
	}
	return pid;
}

static void reap(pid_t pid)
{
	kill(pid, SIGKILL);
	while (waitpid(pid, NULL, 0) < 0 && errno == EINTR)
		;
}

START_TEST(test_fifo_input_read)
{
	struct br_resultset *rs = br_resultset_new();
	struct br_error err;
	pid_t pid;

	/* bash's <(cmd): a FIFO named as an input is waited for and read. */
	make_root();
	pid = feed_fifo("in", "1\n2\n3\n", false);
	ck_assert_msg(read_path(rs, at("in"), NULL, 0, &err) == BR_OK,
		      "%s: %s", err.where, err.msg);
	ck_assert_uint_eq(rs->tests[0]->entries[0].sample.n_runs, 3);
	reap(pid);
	br_resultset_free(rs);
	rm_tree();
}
END_TEST

START_TEST(test_fifo_input_cap)
{
	static const char *const formats[] = {NULL, "numbers", "dbench"};
	struct br_resultset *rs = br_resultset_new();
	size_t i = (size_t)_i;
	struct br_error err;
	pid_t pid;

	/* An endless stream of valid numbers: refused at the cap. */
	make_root();
	pid = feed_fifo("in", "1\n2\n3\n", true);
	ck_assert_int_eq(read_path(rs, at("in"), formats[i], 1 << 20, &err),
			 BR_EDATA);
	ck_assert_str_eq(err.msg, "input larger than 1048576 bytes");
	reap(pid);
	br_resultset_free(rs);
	rm_tree();
}
END_TEST

START_TEST(test_dev_zero_refused_at_once)
{
	static const struct {
		const char *format;
		size_t max;
		const char *where, *msg;
	} cases[] = {
		/* before: read 2 GiB, then "input larger than" */
		{"numbers", 0, "/dev/zero:1", "NUL byte in a data file"},
		{"tidy-csv", 0, "/dev/zero:1", "NUL byte in text input"},
		{"pts-csv", 0, "/dev/zero:1", "NUL byte in text input"},
		{"table", 0, "/dev/zero:1", "NUL byte in text input"},
		{"pts-xml", 0, "/dev/zero:1", "malformed XML"},
		/* before: a raw log read a NUL as a blank, to the cap */
		{"dbench", 1 << 20, "/dev/zero:1", "NUL byte in text input"},
		{"fio-json", 1 << 20, "/dev/zero:1", "NUL byte in text input"},
		{"pts-raw-csv", 0, "/dev/zero:1", "NUL byte in text input"},
		/* detected: not a format, from the first 64 KiB */
		{NULL, 0, "/dev/zero:1", "not a format benchreport reads"},
	};
	struct br_resultset *rs = br_resultset_new();
	size_t i = (size_t)_i;
	struct br_error err;

	ck_assert_int_eq(read_path(rs, "/dev/zero", cases[i].format,
				   cases[i].max, &err), BR_EDATA);
	ck_assert_str_eq(err.where, cases[i].where);
	ck_assert_msg(strstr(err.msg, cases[i].msg) != NULL, "%s: %s",
		      cases[i].format ? cases[i].format : "detected",
		      err.msg);
	br_resultset_free(rs);
}
END_TEST

START_TEST(test_nul_after_the_head)
{
	struct br_resultset *rs = br_resultset_new();
	struct br_error err;
	FILE *fp;
	int k;

	/* 200,000 lines of numbers (about 1.2 MB), a NUL on line 150,001:
	 * the read stops there and the error names that line, as when the
	 * whole file was read. */
	make_root();
	fp = fopen(at("nul"), "w");
	ck_assert_ptr_nonnull(fp);
	for (k = 1; k <= 200000; k++)
		fprintf(fp, k == 150001 ? "5%c\n" : "%d\n",
			k == 150001 ? 0 : k % 97);
	ck_assert_int_eq(fclose(fp), 0);
	ck_assert_int_eq(read_path(rs, at("nul"), NULL, 0, &err), BR_EDATA);
	ck_assert(strstr(err.where, "/nul:150001"));
	ck_assert_str_eq(err.msg, "NUL byte in a data file");
	br_resultset_free(rs);

	/* The same through a FIFO. */
	rs = br_resultset_new();
	{
		char *text = malloc(1600000), *p = text;
		pid_t pid;

		ck_assert_ptr_nonnull(text);
		for (k = 1; k <= 200000; k++)
			p += sprintf(p, "%d\n", k % 97);
		pid = feed_fifo("fifo", text, false);
		ck_assert_int_eq(read_path(rs, at("fifo"), NULL, 0, &err),
				 BR_OK);
		ck_assert_uint_eq(rs->tests[0]->entries[0].sample.n_runs,
				  200000);
		reap(pid);
		free(text);
	}
	br_resultset_free(rs);
	rm_tree();
}
END_TEST

Suite *br_suite_walk(void)
{
	Suite *s = suite_create("walk");
	TCase *tc = tcase_create("walk");

	tcase_add_test(tc, test_walk_skips_fifo_socket_device);
	tcase_add_test(tc, test_walk_symlink_loops);
	tcase_add_test(tc, test_walk_skips_leftovers);
	tcase_add_test(tc, test_fifo_input_read);
	tcase_add_loop_test(tc, test_fifo_input_cap, 0, 3);
	tcase_add_loop_test(tc, test_dev_zero_refused_at_once, 0, 8);
	tcase_add_test(tc, test_nul_after_the_head);
	tcase_set_timeout(tc, 20);
	suite_add_tcase(s, tc);
	return s;
}
