/*
 * check_output.c - output files (render/output/output.c): the temporary file
 * and its name, modes and symlinks kept, devices, FIFOs, sockets and
 * standard output written in place or refused, write errors with their
 * cause, the signal handler's cleanup, and sets of files in a directory
 * (render -o DIR/) replaced as a whole.  Everything happens in a fresh
 * directory under /tmp; device nodes are made there (root only).
 */
#include <check.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <sys/un.h>
#include <unistd.h>

#include "model/model.h"
#include "render/output/output.h"

Suite *br_suite_output(void);

/* ------------------------------------------------------------ helpers */

static char dir[64];

static void setup(void)
{
	snprintf(dir, sizeof dir, "/tmp/br-check-output-XXXXXX");
	ck_assert_ptr_nonnull(mkdtemp(dir));
	umask(022);
}

static void teardown(void)
{
	char cmd[128];

	snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
	ck_assert_int_eq(system(cmd), 0);
}

/* dir/name in a static buffer (two at a time: copy one to keep it). */
static const char *at(const char *name)
{
	static char buf[2][4096];
	static int k;

	k ^= 1;
	snprintf(buf[k], sizeof buf[k], "%s/%s", dir, name);
	return buf[k];
}

/* The entries of d (not . and ..), sorted, joined by spaces. */
static const char *listing(const char *d)
{
	static char buf[8192];
	struct dirent **v;
	int n, i;

	buf[0] = '\0';
	n = scandir(d, &v, NULL, alphasort);
	ck_assert_int_ge(n, 0);
	for (i = 0; i < n; i++) {
		if (strcmp(v[i]->d_name, ".") && strcmp(v[i]->d_name, "..")) {
			if (buf[0])
				strcat(buf, " ");
			strncat(buf, v[i]->d_name, sizeof buf - strlen(buf) - 1);
		}
		free(v[i]);
	}
	free(v);
	return buf;
}

/* How many temporary files d holds; the last one's name in last. */
static int temps(const char *d, char *last)
{
	DIR *dp = opendir(d);
	struct dirent *de;
	int n = 0;

	ck_assert_ptr_nonnull(dp);
	while ((de = readdir(dp)) != NULL)
		if (!strncmp(de->d_name, BR_OUT_TMP_PREFIX,
			     strlen(BR_OUT_TMP_PREFIX))) {
			n++;
			if (last)
				snprintf(last, 256, "%s", de->d_name);
		}
	closedir(dp);
	return n;
}

static void put(const char *path, const char *text, mode_t mode)
{
	FILE *fp = fopen(path, "w");

	ck_assert_ptr_nonnull(fp);
	fputs(text, fp);
	ck_assert_int_eq(fclose(fp), 0);
	ck_assert_int_eq(chmod(path, mode), 0);
}

/* The first line of path ("" when empty or missing). */
static const char *first_line(const char *path)
{
	static char buf[256];
	FILE *fp = fopen(path, "r");

	buf[0] = '\0';
	if (fp) {
		if (!fgets(buf, sizeof buf, fp))
			buf[0] = '\0';
		fclose(fp);
	}
	buf[strcspn(buf, "\n")] = '\0';
	return buf;
}

/* Write text to path through br_out; the status. */
static int write_out(const char *path, const char *text, struct br_error *err)
{
	struct br_out o;
	int rc;

	br_error_clear(err);
	rc = br_out_open(&o, path, err);
	if (rc != BR_OK)
		return rc;
	fputs(text, o.fp);
	return br_out_commit(&o, err);
}

static mode_t mode_of(const char *path)
{
	struct stat st;

	ck_assert_int_eq(lstat(path, &st), 0);
	return st.st_mode;
}

/* -------------------------------------------------------- one output */

/* A new file: a short hidden temporary file beside it, then the name. */
START_TEST(test_new_file)
{
	struct br_error err;
	struct br_out o;
	char tmp[256];

	br_error_clear(&err);
	ck_assert_int_eq(br_out_open(&o, at("out.csv"), &err), BR_OK);
	fputs("hello\n", o.fp);
	ck_assert_int_eq(temps(dir, tmp), 1);
	ck_assert_uint_eq(strlen(tmp), BR_OUT_TMP_SIZE - 1);
	ck_assert_str_eq(listing(dir), tmp);
	ck_assert_int_eq(br_out_commit(&o, &err), BR_OK);
	ck_assert_str_eq(listing(dir), "out.csv");
	ck_assert_str_eq(first_line(at("out.csv")), "hello");
	ck_assert_int_eq(mode_of(at("out.csv")) & 07777, 0644);
	br_out_abort(&o);   /* released: a no-op */
}
END_TEST

/* A name of NAME_MAX characters works (the temporary name is short); one
 * more is refused before anything is written. */
START_TEST(test_long_name)
{
	char name[300];
	struct br_error err;
	struct br_out o;

	memset(name, 'n', 255);
	memcpy(name + 251, ".csv", 5);
	ck_assert_int_eq(write_out(at(name), "x\n", &err), BR_OK);
	ck_assert_str_eq(listing(dir), name);
	unlink(at(name));
	memset(name, 'n', 256);
	memcpy(name + 252, ".csv", 5);
	br_error_clear(&err);
	ck_assert_int_eq(br_out_open(&o, at(name), &err), BR_EIO);
	ck_assert_ptr_nonnull(strstr(err.msg, "File name too long"));
	ck_assert_str_eq(listing(dir), "");
}
END_TEST

/* An overwritten file keeps its mode: 0600 stays 0600. */
START_TEST(test_keeps_mode)
{
	struct br_error err;

	put(at("secret.csv"), "old\n", 0600);
	ck_assert_int_eq(write_out(at("secret.csv"), "new\n", &err), BR_OK);
	ck_assert_int_eq(mode_of(at("secret.csv")) & 07777, 0600);
	ck_assert_str_eq(first_line(at("secret.csv")), "new");
	put(at("shared.csv"), "old\n", 0664);
	ck_assert_int_eq(write_out(at("shared.csv"), "new\n", &err), BR_OK);
	ck_assert_int_eq(mode_of(at("shared.csv")) & 07777, 0664);
}
END_TEST

/* A symlink: its target is replaced, the link stays; a dangling link's
 * target is made. */
START_TEST(test_symlink)
{
	struct br_error err;

	ck_assert_int_eq(mkdir(at("sub"), 0755), 0);
	put(at("sub/target.csv"), "old\n", 0640);
	ck_assert_int_eq(symlink("sub/target.csv", at("link.csv")), 0);
	ck_assert_int_eq(write_out(at("link.csv"), "new\n", &err), BR_OK);
	ck_assert(S_ISLNK(mode_of(at("link.csv"))));
	ck_assert_str_eq(first_line(at("sub/target.csv")), "new");
	ck_assert_int_eq(mode_of(at("sub/target.csv")) & 07777, 0640);
	ck_assert_str_eq(listing(at("sub")), "target.csv");
	ck_assert_int_eq(symlink("sub/made.csv", at("dangling.csv")), 0);
	ck_assert_int_eq(write_out(at("dangling.csv"), "made\n", &err), BR_OK);
	ck_assert(S_ISLNK(mode_of(at("dangling.csv"))));
	ck_assert_str_eq(first_line(at("sub/made.csv")), "made");
}
END_TEST

/* A FIFO is written into, not replaced. */
START_TEST(test_fifo)
{
	struct br_error err;
	char buf[64];
	ssize_t n;
	int rd;

	ck_assert_int_eq(mkfifo(at("out.fifo"), 0644), 0);
	rd = open(at("out.fifo"), O_RDONLY | O_NONBLOCK);
	ck_assert_int_ge(rd, 0);
	ck_assert_int_eq(write_out(at("out.fifo"), "through\n", &err), BR_OK);
	n = read(rd, buf, sizeof buf - 1);
	ck_assert_int_eq(n, 8);
	buf[n] = '\0';
	ck_assert_str_eq(buf, "through\n");
	close(rd);
	ck_assert(S_ISFIFO(mode_of(at("out.fifo"))));
	ck_assert_str_eq(listing(dir), "out.fifo");
}
END_TEST

/* A socket cannot be opened: an error, and it stays. */
START_TEST(test_socket)
{
	struct sockaddr_un sa;
	struct br_error err;
	struct br_out o;
	int s = socket(AF_UNIX, SOCK_STREAM, 0);

	ck_assert_int_ge(s, 0);
	memset(&sa, 0, sizeof sa);
	sa.sun_family = AF_UNIX;
	snprintf(sa.sun_path, sizeof sa.sun_path, "%s", at("out.sock"));
	ck_assert_int_eq(bind(s, (struct sockaddr *)&sa, sizeof sa), 0);
	br_error_clear(&err);
	ck_assert_int_eq(br_out_open(&o, at("out.sock"), &err), BR_EIO);
	ck_assert_ptr_nonnull(strstr(err.msg, "socket"));
	ck_assert(S_ISSOCK(mode_of(at("out.sock"))));
	ck_assert_str_eq(listing(dir), "out.sock");
	close(s);
}
END_TEST

/* Devices (nodes made here, as root): written in place; a full one says
 * why. */
START_TEST(test_devices)
{
	struct br_error err;

	if (geteuid() != 0)
		return;     /* mknod needs root */
	ck_assert_int_eq(mknod(at("null"), S_IFCHR | 0666, makedev(1, 3)), 0);
	ck_assert_int_eq(mknod(at("full"), S_IFCHR | 0666, makedev(1, 7)), 0);
	ck_assert_int_eq(write_out(at("null"), "gone\n", &err), BR_OK);
	ck_assert(S_ISCHR(mode_of(at("null"))));
	ck_assert_int_eq(write_out(at("full"), "x\n", &err), BR_EIO);
	ck_assert_str_eq(err.where, at("full"));
	ck_assert_str_eq(err.msg, "write error: No space left on device");
	ck_assert(S_ISCHR(mode_of(at("full"))));
	ck_assert_str_eq(listing(dir), "full null");
}
END_TEST

/* Standard output: its errors say so; -o naming stdout's file (as
 * /dev/stdout does) writes through it, the file and link untouched. */
START_TEST(test_stdout)
{
	struct br_error err;
	struct stat before, after;
	int saved, fd;

	fflush(stdout);
	saved = dup(STDOUT_FILENO);
	fd = open("/dev/full", O_WRONLY);  /* opened, never replaced */
	ck_assert_int_ge(fd, 0);
	dup2(fd, STDOUT_FILENO);
	close(fd);
	ck_assert_int_eq(write_out("-", "x\n", &err), BR_EIO);
	ck_assert_str_eq(err.where, "");
	ck_assert_str_eq(err.msg, "cannot write standard output: No space "
			 "left on device");
	put(at("captured.txt"), "", 0644);
	fd = open(at("captured.txt"), O_WRONLY);
	ck_assert_int_ge(fd, 0);
	dup2(fd, STDOUT_FILENO);
	close(fd);
	ck_assert_int_eq(symlink("/proc/self/fd/1", at("stdout")), 0);
	ck_assert_int_eq(stat(at("captured.txt"), &before), 0);
	ck_assert_int_eq(write_out(at("stdout"), "printed\n", &err), BR_OK);
	dup2(saved, STDOUT_FILENO);
	close(saved);
	ck_assert_int_eq(stat(at("captured.txt"), &after), 0);
	ck_assert(before.st_ino == after.st_ino);
	ck_assert_str_eq(first_line(at("captured.txt")), "printed");
	ck_assert(S_ISLNK(mode_of(at("stdout"))));
}
END_TEST

/* Abort removes the temporary file; twice, or on a zeroed struct, is
 * harmless.  br_out_remove_temps() (the signal handler's work) removes
 * every temporary file there is. */
START_TEST(test_abort_and_signal_cleanup)
{
	struct br_error err;
	struct br_out a, b, z;

	br_error_clear(&err);
	ck_assert_int_eq(br_out_open(&a, at("a.csv"), &err), BR_OK);
	fputs("partial", a.fp);
	br_out_abort(&a);
	br_out_abort(&a);
	memset(&z, 0, sizeof z);
	br_out_abort(&z);
	ck_assert_str_eq(listing(dir), "");
	ck_assert_int_eq(br_out_open(&a, at("a.csv"), &err), BR_OK);
	ck_assert_int_eq(br_out_open(&b, at("b.csv"), &err), BR_OK);
	ck_assert_int_eq(temps(dir, NULL), 2);
	br_out_remove_temps();
	ck_assert_str_eq(listing(dir), "");
	br_out_abort(&a);
	br_out_abort(&b);
	ck_assert_int_eq(write_out(at("c.csv"), "c\n", &err), BR_OK);
	ck_assert_str_eq(listing(dir), "c.csv");
}
END_TEST

/* ----------------------------------------------------------- a set */

/* Write the set names (space-separated, each containing text) to d and
 * commit it (or abort it). */
static int write_set(const char *d, const char *names, const char *text,
		     bool commit, struct br_error *err)
{
	struct br_outdir *od;
	char buf[1024], *name, *save;
	int rc;

	br_error_clear(err);
	rc = br_outdir_open(&od, d, err);
	if (rc != BR_OK)
		return rc;
	snprintf(buf, sizeof buf, "%s", names);
	for (name = strtok_r(buf, " ", &save); name;
	     name = strtok_r(NULL, " ", &save)) {
		struct br_out o;

		rc = br_outdir_file(od, name, &o, err);
		if (rc != BR_OK) {
			br_outdir_abort(od);
			return rc;
		}
		fputs(text, o.fp);
		ck_assert_int_eq(br_out_commit(&o, err), BR_OK);
	}
	if (!commit) {
		br_outdir_abort(od);
		return BR_OK;
	}
	return br_outdir_commit(od, err);
}

/* Nothing shows before the commit; then the set replaces the last one,
 * and files it never wrote stay. */
START_TEST(test_set_replaces_last)
{
	char c[4096];
	struct br_error err;
	struct br_outdir *od;
	struct br_out o;

	snprintf(c, sizeof c, "%s", at("c"));
	br_error_clear(&err);
	ck_assert_int_eq(br_outdir_open(&od, c, &err), BR_OK);
	ck_assert_int_eq(br_outdir_file(od, "1.svg", &o, &err), BR_OK);
	fputs("one", o.fp);
	ck_assert_int_eq(br_out_commit(&o, &err), BR_OK);
	ck_assert_int_eq(temps(c, NULL), 1);
	ck_assert_int_eq(br_outdir_file(od, "2.svg", &o, &err), BR_OK);
	ck_assert_int_eq(br_out_commit(&o, &err), BR_OK);
	ck_assert_int_eq(temps(c, NULL), 2);
	ck_assert_int_eq(br_outdir_commit(od, &err), BR_OK);
	ck_assert_str_eq(listing(c), BR_OUT_MANIFEST " 1.svg 2.svg");
	ck_assert_str_eq(first_line(at("c/1.svg")), "one");

	put(at("c/README"), "mine\n", 0644);
	ck_assert_int_eq(write_set(c, "2.svg 3.svg", "two", true, &err),
			 BR_OK);
	ck_assert_str_eq(listing(c), BR_OUT_MANIFEST " 2.svg 3.svg README");
	ck_assert_str_eq(first_line(at("c/2.svg")), "two");

	/* aborted: as before */
	ck_assert_int_eq(write_set(c, "2.svg 4.svg", "three", false, &err),
			 BR_OK);
	ck_assert_str_eq(listing(c), BR_OUT_MANIFEST " 2.svg 3.svg README");
	ck_assert_str_eq(first_line(at("c/2.svg")), "two");

	/* the same set again: nothing goes */
	ck_assert_int_eq(write_set(c, "3.svg 2.svg", "four", true, &err),
			 BR_OK);
	ck_assert_str_eq(listing(c), BR_OUT_MANIFEST " 2.svg 3.svg README");
	ck_assert_str_eq(first_line(at("c/3.svg")), "four");
}
END_TEST

/* A manifest lists plain names in DIR only: a path, a hidden file or a
 * directory it names is never removed. */
START_TEST(test_set_hostile_manifest)
{
	char c[4096];
	struct br_error err;
	FILE *fp;

	snprintf(c, sizeof c, "%s", at("c"));
	ck_assert_int_eq(write_set(c, "1.svg", "one", true, &err), BR_OK);
	put(at("victim"), "keep\n", 0644);
	put(at("c/.hidden"), "keep\n", 0644);
	ck_assert_int_eq(mkdir(at("c/sub"), 0755), 0);
	put(at("c/sub/x"), "keep\n", 0644);
	ck_assert_int_eq(mkdir(at("c/adir"), 0755), 0);
	fp = fopen(at("c/" BR_OUT_MANIFEST), "a");
	ck_assert_ptr_nonnull(fp);
	fputs("../victim\n.hidden\nsub/x\nadir\n/etc/passwd\n", fp);
	fclose(fp);
	ck_assert_int_eq(write_set(c, "2.svg", "two", true, &err), BR_OK);
	ck_assert_str_eq(listing(c), ".benchreport-manifest .hidden 2.svg "
			 "adir sub");
	ck_assert_str_eq(first_line(at("victim")), "keep");
	ck_assert_str_eq(first_line(at("c/sub/x")), "keep");
}
END_TEST

/* The kernel's protected_symlinks rule (links.c), for every link on the
 * way: a link of another user in a sticky world-writable directory is
 * not followed, one of ours or of the directory's owner is.  Root only:
 * it gives the links to uid 65534 with lchown. */
START_TEST(test_protected_links)
{
	static const char planted[] = "cannot write: not following a "
		"symbolic link of another user (uid 65534) in a sticky "
		"world-writable directory";
	struct br_error err;

	if (geteuid() != 0)
		return;
	put(at("victim"), "keep\n", 0600);
	ck_assert_int_eq(mkdir(at("s"), 0755), 0);
	ck_assert_int_eq(chmod(at("s"), 01777), 0);
	ck_assert_int_eq(symlink("../victim", at("s/l")), 0);
	ck_assert_int_eq(lchown(at("s/l"), 65534, 65534), 0);
	br_error_clear(&err);
	ck_assert_int_eq(br_out_link_check(at("s/l"), &err), BR_EIO);
	ck_assert_str_eq(err.msg, planted);
	ck_assert_int_eq(write_out(at("s/l"), "new\n", &err), BR_EIO);
	ck_assert_str_eq(err.msg, planted);
	ck_assert_str_eq(first_line(at("victim")), "keep");
	/* through a link of ours outside: its target's links count too */
	ck_assert_int_eq(symlink("s/l", at("a")), 0);
	br_error_clear(&err);
	ck_assert_int_eq(br_out_link_check(at("a"), &err), BR_EIO);
	ck_assert_int_eq(symlink("s", at("sd")), 0);
	br_error_clear(&err);
	ck_assert_int_eq(br_out_link_check(at("sd/l"), &err), BR_EIO);
	/* ours, in the same directory: followed */
	ck_assert_int_eq(symlink("../victim", at("s/mine")), 0);
	ck_assert_int_eq(br_out_link_check(at("s/mine"), &err), BR_OK);
	/* the directory's owner's: followed */
	ck_assert_int_eq(mkdir(at("o"), 0755), 0);
	ck_assert_int_eq(chmod(at("o"), 01777), 0);
	ck_assert_int_eq(chown(at("o"), 65534, 65534), 0);
	ck_assert_int_eq(symlink("../victim", at("o/l")), 0);
	ck_assert_int_eq(lchown(at("o/l"), 65534, 65534), 0);
	ck_assert_int_eq(br_out_link_check(at("o/l"), &err), BR_OK);
	/* world-writable but not sticky: the rule does not apply */
	ck_assert_int_eq(mkdir(at("w"), 0755), 0);
	ck_assert_int_eq(chmod(at("w"), 0777), 0);
	ck_assert_int_eq(symlink("../victim", at("w/l")), 0);
	ck_assert_int_eq(lchown(at("w/l"), 65534, 65534), 0);
	ck_assert_int_eq(br_out_link_check(at("w/l"), &err), BR_OK);
	/* a name that does not exist yet, in the sticky directory */
	ck_assert_int_eq(br_out_link_check(at("s/new.csv"), &err), BR_OK);
}
END_TEST

/* A failed set in a directory it made removes the directory; a name
 * taken by a directory fails before anything moves. */
START_TEST(test_set_failures)
{
	struct br_error err;

	ck_assert_int_eq(write_set(at("new"), "1.svg 2.svg", "x", false,
				   &err), BR_OK);
	ck_assert_str_eq(listing(dir), "");
	ck_assert_int_eq(write_set(at("c"), "1.svg", "one", true, &err),
			 BR_OK);
	ck_assert_int_eq(mkdir(at("c/2.svg"), 0755), 0);
	ck_assert_int_eq(write_set(at("c"), "1.svg 2.svg", "two", true, &err),
			 BR_EIO);
	ck_assert_str_eq(err.msg, "cannot write: Is a directory");
	ck_assert_str_eq(first_line(at("c/1.svg")), "one");
	ck_assert_str_eq(listing(at("c")), BR_OUT_MANIFEST " 1.svg 2.svg");
	ck_assert_int_eq(write_set(at("c/1.svg"), "x.svg", "x", true, &err),
			 BR_EIO);
}
END_TEST

Suite *br_suite_output(void)
{
	Suite *s = suite_create("output");
	TCase *tc = tcase_create("file");

	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, test_new_file);
	tcase_add_test(tc, test_long_name);
	tcase_add_test(tc, test_keeps_mode);
	tcase_add_test(tc, test_symlink);
	tcase_add_test(tc, test_fifo);
	tcase_add_test(tc, test_socket);
	tcase_add_test(tc, test_devices);
	tcase_add_test(tc, test_stdout);
	tcase_add_test(tc, test_abort_and_signal_cleanup);
	tcase_add_test(tc, test_protected_links);
	suite_add_tcase(s, tc);
	tc = tcase_create("set");
	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, test_set_replaces_last);
	tcase_add_test(tc, test_set_hostile_manifest);
	tcase_add_test(tc, test_set_failures);
	suite_add_tcase(s, tc);
	return s;
}
