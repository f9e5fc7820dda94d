/*
 * links.c - the kernel's protected_symlinks rule, applied by benchreport
 * itself (output.h, br_out_link_check).
 *
 * The writer follows a symbolic link -o names and renames a temporary
 * file over the link's target, so the kernel never follows that link
 * for an open and its rule never applies.  The rule: a symbolic link in
 * a sticky, world-writable directory (/tmp) is followed only when the
 * one following it owns it, or the directory's owner does.  Otherwise
 * another user could plant "report.csv -> /etc/shadow" in /tmp and have
 * root replace /etc/shadow.  Every symbolic link on the way is checked,
 * not only the last name: the path is resolved here one name at a time,
 * each link's target put in its place.
 */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "output.h"

#define MAX_HOPS 40   /* links followed, as the kernel does */

/* Whether the directory dir lets link st be followed (the rule above). */
static bool may_follow(const char *dir, const struct stat *st)
{
	struct stat ds;

	if (stat(*dir ? dir : ".", &ds) != 0)
		return true;       /* the open will fail, and say why */
	if (!(ds.st_mode & S_ISVTX) || !(ds.st_mode & S_IWOTH))
		return true;
	return st->st_uid == geteuid() || st->st_uid == ds.st_uid;
}

/* Put target, then '/', then rest in place of rest (PATH_MAX bytes);
 * false when too long. */
static bool splice(char *rest, const char *target)
{
	char buf[PATH_MAX];
	int n = snprintf(buf, sizeof buf, "%s%s%s", target, *rest ? "/" : "",
			 rest);

	if (n < 0 || (size_t)n >= sizeof buf)
		return false;
	memcpy(rest, buf, (size_t)n + 1);
	return true;
}

int br_out_link_check(const char *path, struct br_error *err)
{
	char done[PATH_MAX] = "", rest[PATH_MAX], cand[PATH_MAX];
	int hops = 0;

	if (strlen(path) >= sizeof rest)
		return BR_OK;            /* the open says ENAMETOOLONG */
	if (path[0] == '/')
		strcpy(done, "/");
	strcpy(rest, path);
	while (rest[0]) {
		size_t n = strcspn(rest, "/");
		char name[NAME_MAX + 2], target[PATH_MAX];
		struct stat st;
		ssize_t len;
		int w;

		if (n > NAME_MAX)
			return BR_OK;
		memcpy(name, rest, n);
		name[n] = '\0';
		memmove(rest, rest + n + (rest[n] == '/'),
			strlen(rest + n + (rest[n] == '/')) + 1);
		if (n == 0 || !strcmp(name, "."))
			continue;
		w = snprintf(cand, sizeof cand, "%s%s%s", done, *done &&
			     strcmp(done, "/") ? "/" : "", name);
		if (w < 0 || (size_t)w >= sizeof cand ||
		    lstat(cand, &st) != 0)
			return BR_OK;    /* nothing further to follow */
		if (!S_ISLNK(st.st_mode)) {
			memcpy(done, cand, (size_t)w + 1);
			continue;
		}
		if (!may_follow(done, &st))
			return br_error_set(err, BR_EIO, path, 0, "cannot "
					    "write: not following a symbolic "
					    "link of another user (uid %lu) "
					    "in a sticky world-writable "
					    "directory", (unsigned long)
					    st.st_uid);
		if (++hops > MAX_HOPS || !strncmp(cand, "/proc/", 6))
			return BR_OK;    /* ELOOP, or /proc's own links */
		len = readlink(cand, target, sizeof target - 1);
		if (len <= 0)
			return BR_OK;
		target[len] = '\0';
		if (!splice(rest, target))
			return BR_OK;
		if (target[0] == '/')
			strcpy(done, "/");
	}
	return BR_OK;
}
