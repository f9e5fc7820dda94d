/*
 * output.c - output files (output.h): a temporary file renamed into
 * place for regular files, in place for devices, FIFOs and standard
 * output; sets of files in a directory; the temporary files' cleanup on
 * a fatal signal.
 *
 * Every output is a stdio stream of our own (fopencookie) over its file
 * descriptor: the first write error is kept, later writes are dropped,
 * and br_out_commit() reports it with the file's name and errno.  The
 * writers see no error half-way (they check ferror() only at the end),
 * so "-o full.csv" on a full disk says "No space left on device", not a
 * bare "write error".
 */
#define _GNU_SOURCE /* fopencookie */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "output.h"

enum {
	OUT_NONE,     /* nothing open (a zeroed struct) */
	OUT_STDOUT,   /* "-" */
	OUT_STREAM,   /* the file stdout or stderr is: their FILE */
	OUT_INPLACE,  /* a device, FIFO or /proc/self/fd/N: opened */
	OUT_FILE,     /* a temporary file renamed into place */
	OUT_MEMBER,   /* a temporary file of a br_outdir set */
};

#define MAX_LINKS 40          /* symlinks followed, as the kernel does */
#define MAX_TEMPS 16384       /* temporary files at once (10,000 charts) */
#define MAX_MANIFEST (16u << 20)

/* ------------------------------------------------ the handler's list */

/*
 * Every temporary file that exists, for the signal handler: fixed slots
 * (no heap, nothing that moves), each published by its state after its
 * name is written.  The main thread changes the list with the signals
 * blocked; the handler only reads it.
 */
struct temp_slot {
	atomic_int used;
	int dirfd;
	char name[BR_OUT_TMP_SIZE];
};

static struct temp_slot temps[MAX_TEMPS];
static atomic_int temps_end;     /* slots [0, temps_end) were ever used */
static int temps_next;           /* where the next search starts */
static char made_dir[PATH_MAX];  /* a directory br_outdir_open() made */
static atomic_int made_dir_on;

static const int fatal_signals[] = {
	SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGPIPE,
	SIGALRM, SIGUSR1, SIGUSR2,   /* timeout -s, a CI runner's kill */
};
#define N_FATAL (sizeof fatal_signals / sizeof fatal_signals[0])

static void fatal_set(sigset_t *set)
{
	size_t i;

	sigemptyset(set);
	for (i = 0; i < N_FATAL; i++)
		sigaddset(set, fatal_signals[i]);
}

/* Hold the fatal signals while a temporary file appears or goes. */
static void hold(sigset_t *old)
{
	sigset_t set;

	fatal_set(&set);
	pthread_sigmask(SIG_BLOCK, &set, old);
}

static void release(const sigset_t *old)
{
	pthread_sigmask(SIG_SETMASK, old, NULL);
}

/* Record name in dirfd (signals held); its slot + 1, or 0 when full. */
static int temp_add(int dirfd, const char *name)
{
	int k;

	for (k = 0; k < MAX_TEMPS; k++) {
		int i = (temps_next + k) % MAX_TEMPS;

		if (atomic_load(&temps[i].used))
			continue;
		temps[i].dirfd = dirfd;
		memcpy(temps[i].name, name, BR_OUT_TMP_SIZE);
		atomic_store(&temps[i].used, 1);
		if (i >= atomic_load(&temps_end))
			atomic_store(&temps_end, i + 1);
		temps_next = i + 1;
		return i + 1;
	}
	return 0;
}

static void temp_forget(int slot)
{
	if (slot > 0)
		atomic_store(&temps[slot - 1].used, 0);
}

/* Async-signal-safe: unlinkat and rmdir only. */
void br_out_remove_temps(void)
{
	int i, end = atomic_load(&temps_end);

	for (i = 0; i < end; i++)
		if (atomic_load(&temps[i].used))
			unlinkat(temps[i].dirfd, temps[i].name, 0);
	if (atomic_load(&made_dir_on))
		rmdir(made_dir);
}

static void on_fatal_signal(int sig)
{
	int e = errno;

	br_out_remove_temps();
	/* SA_RESETHAND made the action the default again: the signal,
	 * pending until this returns, ends the process as it would have,
	 * so the exit status says which signal. */
	raise(sig);
	errno = e;
}

void br_out_catch_signals(void)
{
	struct sigaction sa, old;
	size_t i;

	memset(&sa, 0, sizeof sa);
	sa.sa_handler = on_fatal_signal;
	fatal_set(&sa.sa_mask);
	sa.sa_flags = SA_RESETHAND;
	for (i = 0; i < N_FATAL; i++)
		if (sigaction(fatal_signals[i], NULL, &old) == 0 &&
		    old.sa_handler != SIG_IGN)
			sigaction(fatal_signals[i], &sa, NULL);
	/* A file size limit (ulimit -f) would kill the run at the write
	 * that crosses it, leaving the temporary file: ignored, the write
	 * fails with EFBIG instead, and the run says so and exits 3. */
	signal(SIGXFSZ, SIG_IGN);
}

/* ------------------------------------------------- temporary files */

/* Six characters from [A-Za-z0-9]: O_EXCL settles any collision. */
static void temp_name(char name[BR_OUT_TMP_SIZE])
{
	static const char set[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
				  "abcdefghijklmnopqrstuvwxyz0123456789";
	static uint64_t state;
	size_t len = strlen(BR_OUT_TMP_PREFIX), i;
	uint64_t z;

	if (!state) {
		struct timespec ts;

		clock_gettime(CLOCK_REALTIME, &ts);
		state = ((uint64_t)getpid() << 32) ^ (uint64_t)ts.tv_nsec ^
			((uint64_t)ts.tv_sec * 1000003u) ^ (uintptr_t)&ts;
	}
	state += 0x9e3779b97f4a7c15u;     /* splitmix64 */
	z = state;
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
	z ^= z >> 31;
	memcpy(name, BR_OUT_TMP_PREFIX, len);
	for (i = 0; i < 6; i++) {
		name[len + i] = set[z % (sizeof set - 1)];
		z /= sizeof set - 1;
	}
	name[len + 6] = '\0';
}

/*
 * Create a new temporary file in dirfd, recorded for the handler: its
 * fd (name and slot filled), or -1 with errno.  keep: the file it will
 * replace, whose mode (and owner, when we may) it takes; NULL: a new
 * file, 0666 less the umask.
 */
static int temp_open(int dirfd, const struct stat *keep,
		     char name[BR_OUT_TMP_SIZE], int *slot)
{
	sigset_t old;
	int fd = -1, e = 0, tries;

	for (tries = 0; tries < 100; tries++) {
		temp_name(name);
		hold(&old);
		fd = openat(dirfd, name, O_WRONLY | O_CREAT | O_EXCL |
			    O_CLOEXEC, keep ? 0600 : 0666);
		e = errno;
		if (fd >= 0 && !(*slot = temp_add(dirfd, name))) {
			unlinkat(dirfd, name, 0);
			close(fd);
			fd = -1;
			e = EMFILE;
		}
		release(&old);
		if (fd >= 0 || e != EEXIST)
			break;
	}
	if (fd < 0) {
		errno = e;
		return -1;
	}
	if (keep) {
		mode_t mode = keep->st_mode & 07777;

		/* not our file and not root: ours, without set-id bits */
		if (fchown(fd, keep->st_uid, keep->st_gid) != 0)
			mode &= 0777;
		if (fchmod(fd, mode) != 0)
			fchmod(fd, mode & 0777);
	}
	return fd;
}

/* Remove a temporary file and its record. */
static void temp_remove(int dirfd, const char *name, int slot)
{
	sigset_t old;

	hold(&old);
	unlinkat(dirfd, name, 0);
	temp_forget(slot);
	release(&old);
}

/* Rename a temporary file to name; 0 or -1 with errno. */
static int temp_rename(int dirfd, const char *tmp, int slot, const char *name)
{
	sigset_t old;
	int rc, e;

	hold(&old);
	rc = renameat(dirfd, tmp, dirfd, name);
	e = errno;
	if (rc == 0)
		temp_forget(slot);
	release(&old);
	errno = e;
	return rc;
}

/* -------------------------------------------------------- the sink */

struct br_out_sink {
	int fd;
	bool own;       /* close fd with the stream (not stdout's) */
	int err;        /* the first write error, 0 while none */
};

static ssize_t sink_write(void *cookie, const char *buf, size_t size)
{
	struct br_out_sink *s = cookie;
	size_t done = 0;

	while (!s->err && done < size) {
		ssize_t n = write(s->fd, buf + done, size - done);

		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			s->err = n < 0 ? errno : EIO;
		else
			done += (size_t)n;
	}
	return (ssize_t)size;  /* an error waits for br_out_commit */
}

static int sink_close(void *cookie)
{
	struct br_out_sink *s = cookie;

	if (s->own && close(s->fd) != 0 && !s->err)
		s->err = errno;
	s->fd = -1;
	return 0;
}

/* o->fp over fd (closed with it when own); BR_OK, or errno. */
static int attach(struct br_out *o, int fd, bool own)
{
	static const cookie_io_functions_t io = {
		NULL, sink_write, NULL, sink_close,
	};

	o->sink = calloc(1, sizeof *o->sink);
	if (!o->sink)
		return ENOMEM;
	o->sink->fd = fd;
	o->sink->own = own;
	errno = 0;
	o->fp = fopencookie(o->sink, "wb", io);
	if (!o->fp)
		return errno ? errno : ENOMEM;
	setvbuf(o->fp, NULL, _IOFBF, 65536);
	return BR_OK;
}

/* ---------------------------------------------------------- one file */

static void out_free(struct br_out *o)
{
	if (o->kind == OUT_FILE && o->dirfd >= 0)
		close(o->dirfd);
	if (o->sink && o->sink->own && o->sink->fd >= 0)
		close(o->sink->fd);   /* a stream that never was */
	free(o->sink);
	free(o->path);
	free(o->name);
	memset(o, 0, sizeof *o);
}

static int out_fail(struct br_out *o, struct br_error *err, const char *path,
		    const char *what, int e)
{
	int rc = br_error_set(err, BR_EIO, path, 0, "%s: %s", what,
			      strerror(e));

	br_out_abort(o);
	return rc;
}

/*
 * path with its symlinks followed to the name they lead to, which need
 * not exist (as open(O_CREAT) would create it).  *magic is set when they
 * lead into /proc or /dev/fd: an open file, not a place in a directory.
 * NULL with errno on failure.
 */
static char *follow_links(const char *path, bool *magic)
{
	char *cur = strdup(path), buf[PATH_MAX];
	int hops;

	for (hops = 0; cur; hops++) {
		struct stat st;
		const char *slash;
		ssize_t n;
		size_t dl;
		char *next;

		if (!strncmp(cur, "/proc/", 6) || !strncmp(cur, "/dev/fd/", 8))
			*magic = true;
		if (lstat(cur, &st) != 0 || !S_ISLNK(st.st_mode))
			return cur;
		n = hops < MAX_LINKS ? readlink(cur, buf, sizeof buf - 1) : -1;
		if (n < 0) {
			int e = hops < MAX_LINKS ? errno : ELOOP;

			free(cur);
			errno = e;
			return NULL;
		}
		buf[n] = '\0';
		slash = buf[0] == '/' ? NULL : strrchr(cur, '/');
		dl = slash ? (size_t)(slash - cur) + 1 : 0;
		next = malloc(dl + (size_t)n + 1);
		if (next) {
			memcpy(next, cur, dl);
			memcpy(next + dl, buf, (size_t)n + 1);
		}
		free(cur);
		cur = next;
	}
	errno = ENOMEM;
	return NULL;
}

/* A directory to make, rename and remove files in (search and write
 * permission are enough: O_PATH when it cannot be read). */
static int open_dir(const char *path)
{
	int fd = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC);

#ifdef O_PATH
	if (fd < 0 && errno == EACCES)
		fd = open(path, O_PATH | O_DIRECTORY | O_CLOEXEC);
#endif
	return fd;
}

/* Whether st is the file descriptor fd's file. */
static bool same_file(const struct stat *st, int fd)
{
	struct stat fs;

	return fstat(fd, &fs) == 0 && fs.st_dev == st->st_dev &&
	       fs.st_ino == st->st_ino;
}

/* o->fp over fd, which o owns from now on. */
static int stream(struct br_out *o, int fd, struct br_error *err)
{
	int e = attach(o, fd, true);

	if (e) {
		if (!o->sink)
			close(fd);
		return out_fail(o, err, o->path, "cannot write", e);
	}
	return BR_OK;
}

/* Open path's file itself (a device, a FIFO, /proc/self/fd/N). */
static int open_in_place(struct br_out *o, bool regular, struct br_error *err)
{
	int fd = open(o->path, O_WRONLY | O_NOCTTY | O_CLOEXEC |
		      (regular ? O_TRUNC : 0));

	if (fd < 0)
		return out_fail(o, err, o->path, "cannot write", errno);
	o->kind = OUT_INPLACE;
	return stream(o, fd, err);
}

/* A temporary file beside dest (symlinks followed), to be renamed to it.
 * keep: the file it replaces. */
static int open_file(struct br_out *o, const char *dest,
		     const struct stat *keep, struct br_error *err)
{
	const char *slash = strrchr(dest, '/'), *base = slash ? slash + 1 : dest;
	char *dir = NULL;
	long max;
	int fd;

	o->kind = OUT_FILE;
	o->dirfd = -1;
	if (!*base)
		return out_fail(o, err, o->path, "cannot write", EISDIR);
	if (slash)
		dir = slash == dest ? strdup("/")
		      : strndup(dest, (size_t)(slash - dest));
	o->name = strdup(base);
	if ((slash && !dir) || !o->name) {
		free(dir);
		return out_fail(o, err, o->path, "cannot write", ENOMEM);
	}
	o->dirfd = open_dir(dir ? dir : ".");
	free(dir);
	if (o->dirfd < 0)
		return out_fail(o, err, o->path, "cannot write", errno);
	/* the name itself must fit: say so before the work, not after */
	max = fpathconf(o->dirfd, _PC_NAME_MAX);
	if (max > 0 && strlen(base) > (size_t)max)
		return out_fail(o, err, o->path, "cannot write", ENAMETOOLONG);
	fd = temp_open(o->dirfd, keep, o->tmp, &o->slot);
	if (fd < 0)
		return out_fail(o, err, o->path, "cannot write", errno);
	return stream(o, fd, err);
}

/* The longest leading part of path that is a file, not a directory:
 * "x.csv/" or "x.csv/y.csv" when x.csv is a regular file. */
static int not_a_dir(struct br_out *o, struct br_error *err, const char *path)
{
	char *p = strdup(path), *q;
	struct stat st;
	int rc;

	for (q = p ? strchr(p + 1, '/') : NULL; q; q = strchr(q + 1, '/')) {
		*q = '\0';
		if (stat(p, &st) == 0 && !S_ISDIR(st.st_mode))
			break;
		*q = '/';
	}
	if (q)
		rc = br_error_set(err, BR_EIO, path, 0, "cannot write: %s is "
				  "a file, not a directory", p);
	else
		rc = br_error_set(err, BR_EIO, path, 0, "cannot write: %s",
				  strerror(ENOTDIR));
	free(p);
	if (o)
		br_out_abort(o);
	return rc;
}

int br_out_open(struct br_out *o, const char *path, struct br_error *err)
{
	struct stat st;
	bool exists, magic = false;
	char *dest;
	int rc;

	memset(o, 0, sizeof *o);
	if (strcmp(path, "-") == 0) {
		int e;

		fflush(stdout);
		o->kind = OUT_STDOUT;
		e = attach(o, STDOUT_FILENO, false);
		if (e) {
			br_out_abort(o);
			return br_error_set(err, BR_EIO, NULL, 0, "cannot write "
					    "standard output: %s", strerror(e));
		}
		return BR_OK;
	}
	o->path = strdup(path);
	if (!o->path)
		return br_error_set(err, BR_EIO, path, 0, "out of memory");
	if (br_out_link_check(path, err) != BR_OK) {
		br_out_abort(o);
		return BR_EIO;
	}
	exists = stat(path, &st) == 0;
	if (!exists && errno == ENOTDIR)
		return not_a_dir(o, err, path);
	if (!exists && errno != ENOENT)
		return out_fail(o, err, path, "cannot write", errno);
	if (exists && (same_file(&st, STDOUT_FILENO) ||
		       same_file(&st, STDERR_FILENO))) {
		/* -o /dev/stdout: what the shell opened, as it opened it */
		int fd = same_file(&st, STDOUT_FILENO) ? STDOUT_FILENO
			 : STDERR_FILENO, e;

		fflush(fd == STDOUT_FILENO ? stdout : stderr);
		o->kind = OUT_STREAM;
		e = attach(o, fd, false);
		return e ? out_fail(o, err, path, "cannot write", e) : BR_OK;
	}
	if (exists && S_ISSOCK(st.st_mode)) {
		br_out_abort(o);
		return br_error_set(err, BR_EIO, path, 0, "cannot write: a "
				    "socket is not a file");
	}
	if (exists && S_ISDIR(st.st_mode))
		return out_fail(o, err, path, "cannot write", EISDIR);
	if (exists && !S_ISREG(st.st_mode))
		return open_in_place(o, false, err);
	dest = follow_links(path, &magic);
	if (!dest)
		return out_fail(o, err, path, "cannot write", errno);
	if (magic) {
		free(dest);
		return open_in_place(o, exists, err);
	}
	rc = open_file(o, dest, exists ? &st : NULL, err);
	free(dest);
	return rc;
}

static int outdir_add(struct br_out *o, struct br_error *err);

int br_out_commit(struct br_out *o, struct br_error *err)
{
	int rc = BR_OK, e;

	if (o->kind == OUT_NONE || !o->fp) {
		br_out_abort(o);
		return BR_OK;
	}
	errno = 0;
	e = fflush(o->fp) != 0 || ferror(o->fp) ? (errno ? errno : EIO) : 0;
	if (fclose(o->fp) != 0 && !e)
		e = errno ? errno : EIO;
	o->fp = NULL;
	if (o->sink->err)
		e = o->sink->err;     /* the first one, the cause */
	if (e && o->kind == OUT_STDOUT)
		rc = br_error_set(err, BR_EIO, NULL, 0, "cannot write standard "
				  "output: %s", strerror(e));
	else if (e)
		rc = br_error_set(err, BR_EIO, o->path, 0, "write error: %s",
				  strerror(e));
	if (rc == BR_OK && o->kind == OUT_FILE &&
	    temp_rename(o->dirfd, o->tmp, o->slot, o->name) != 0)
		rc = br_error_set(err, BR_EIO, o->path, 0, "cannot write: %s",
				  strerror(errno));
	if (rc == BR_OK && o->kind == OUT_MEMBER)
		rc = outdir_add(o, err);
	if (rc != BR_OK)
		br_out_abort(o);
	else
		out_free(o);
	return rc;
}

bool br_out_is_file(const struct br_out *o)
{
	return o->kind == OUT_FILE;
}

void br_out_abort(struct br_out *o)
{
	if (o->fp)
		fclose(o->fp);
	o->fp = NULL;
	if ((o->kind == OUT_FILE || o->kind == OUT_MEMBER) && o->slot)
		temp_remove(o->dirfd, o->tmp, o->slot);
	out_free(o);
}

/* --------------------------------------------------- a set in a dir */

struct member {
	char tmp[BR_OUT_TMP_SIZE];
	char *name;
	int slot;
};

struct br_outdir {
	char *path;         /* as given, for messages */
	int dirfd;
	bool made;          /* created by br_outdir_open */
	struct member *v;   /* files written, in order */
	size_t n, cap;
	const struct br_out_id *inputs;  /* never removed */
	size_t n_inputs;
	void (*warn)(void *ctx, const char *line);
	void *warn_ctx;
};

int br_outdir_open(struct br_outdir **dp, const char *dir,
		   struct br_error *err)
{
	struct br_outdir *d = calloc(1, sizeof *d);
	struct stat st;

	*dp = NULL;
	if (!d || !(d->path = strdup(dir))) {
		free(d);
		return br_error_set(err, BR_EIO, dir, 0, "out of memory");
	}
	d->dirfd = -1;
	if (br_out_link_check(dir, err) != BR_OK) {
		br_outdir_abort(d);
		return BR_EIO;
	}
	if (stat(dir, &st) != 0 && errno == ENOTDIR) {
		br_outdir_abort(d);
		return not_a_dir(NULL, err, dir);
	}
	if (stat(dir, &st) != 0) {
		sigset_t old;
		int e;

		hold(&old);
		d->made = mkdir(dir, 0777) == 0;
		e = errno;
		if (d->made && strlen(dir) < sizeof made_dir) {
			memcpy(made_dir, dir, strlen(dir) + 1);
			atomic_store(&made_dir_on, 1);
		}
		release(&old);
		if (!d->made) {
			br_outdir_abort(d);
			return br_error_set(err, BR_EIO, dir, 0, "cannot create "
					    "directory: %s", strerror(e));
		}
	}
	d->dirfd = open_dir(dir);
	if (d->dirfd < 0) {
		int e = errno;

		br_outdir_abort(d);
		return br_error_set(err, BR_EIO, dir, 0, "cannot write: %s",
				    strerror(e));
	}
	*dp = d;
	return BR_OK;
}

/* "DIR/name" for messages. */
static char *join(const char *dir, const char *name)
{
	size_t dl = strlen(dir), nl = strlen(name);
	bool sep = dl && dir[dl - 1] != '/';
	char *s = malloc(dl + sep + nl + 1);

	if (s) {
		memcpy(s, dir, dl);
		if (sep)
			s[dl] = '/';
		memcpy(s + dl + sep, name, nl + 1);
	}
	return s;
}

int br_outdir_file(struct br_outdir *d, const char *name, struct br_out *o,
		   struct br_error *err)
{
	struct stat st;
	bool keep;
	int fd;

	memset(o, 0, sizeof *o);
	o->path = join(d->path, name);
	o->name = strdup(name);
	if (!o->path || !o->name) {
		out_free(o);
		return br_error_set(err, BR_EIO, d->path, 0, "out of memory");
	}
	o->kind = OUT_MEMBER;
	o->dir = d;
	o->dirfd = d->dirfd;
	if (!*name || strchr(name, '/') || !strcmp(name, ".") ||
	    !strcmp(name, ".."))
		return out_fail(o, err, o->path, "cannot write", EINVAL);
	/* a symbolic link is replaced, not followed: its target's mode
	 * and owner are not this file's */
	keep = fstatat(d->dirfd, name, &st, AT_SYMLINK_NOFOLLOW) == 0;
	if (keep && S_ISDIR(st.st_mode))
		return out_fail(o, err, o->path, "cannot write", EISDIR);
	keep = keep && S_ISREG(st.st_mode);
	fd = temp_open(d->dirfd, keep ? &st : NULL, o->tmp, &o->slot);
	if (fd < 0)
		return out_fail(o, err, o->path, "cannot write", errno);
	return stream(o, fd, err);
}

/* br_out_commit of a member: closed; it joins the set (o keeps nothing). */
static int outdir_add(struct br_out *o, struct br_error *err)
{
	struct br_outdir *d = o->dir;

	if (d->n == d->cap) {
		size_t cap = d->cap ? d->cap * 2 : 64;
		struct member *v = realloc(d->v, cap * sizeof *v);

		if (!v)
			return br_error_set(err, BR_EIO, o->path, 0,
					    "out of memory");
		d->v = v;
		d->cap = cap;
	}
	memcpy(d->v[d->n].tmp, o->tmp, BR_OUT_TMP_SIZE);
	d->v[d->n].name = o->name;
	d->v[d->n].slot = o->slot;
	d->n++;
	o->name = NULL;
	o->slot = 0;
	return BR_OK;
}

static void outdir_free(struct br_outdir *d)
{
	size_t i;

	for (i = 0; i < d->n; i++)
		free(d->v[i].name);
	if (d->dirfd >= 0)
		close(d->dirfd);
	free(d->v);
	free(d->path);
	free(d);
}

void br_outdir_abort(struct br_outdir *d)
{
	size_t i;

	if (!d)
		return;
	for (i = 0; i < d->n; i++)
		temp_remove(d->dirfd, d->v[i].tmp, d->v[i].slot);
	if (d->made) {
		sigset_t old;

		hold(&old);
		rmdir(d->path);   /* only when empty: nothing else of ours */
		atomic_store(&made_dir_on, 0);
		release(&old);
	}
	outdir_free(d);
}

void br_outdir_set_inputs(struct br_outdir *d, const struct br_out_id *ids,
			  size_t n)
{
	d->inputs = ids;
	d->n_inputs = n;
}

void br_outdir_set_warn(struct br_outdir *d,
			void (*warn)(void *ctx, const char *line), void *ctx)
{
	d->warn = warn;
	d->warn_ctx = ctx;
}

/*
 * The manifest's lines: a name, then what the file was when this
 * program wrote it: "NAME SIZE SECONDS.NANOSECONDS INODE" (its size,
 * modification time and inode).  A line of a name alone (a manifest of
 * an earlier version, or one someone wrote) says nothing of the file.
 */
struct entry {
	char *name;
	bool known;         /* size, time and inode given */
	long long size, sec, nsec;
	unsigned long long ino;
};

/* A sorted list of entries, unique by name (the first kept). */
struct names {
	struct entry *v;
	size_t n;
};

static int cmp_name(const void *a, const void *b)
{
	return strcmp(((const struct entry *)a)->name,
		      ((const struct entry *)b)->name);
}

static void names_sort(struct names *s)
{
	size_t i, k = 0;

	if (!s->n)
		return;
	qsort(s->v, s->n, sizeof *s->v, cmp_name);
	for (i = 0; i < s->n; i++)
		if (!k || strcmp(s->v[k - 1].name, s->v[i].name))
			s->v[k++] = s->v[i];
	s->n = k;
}

static const struct entry *names_find(const struct names *s, const char *name)
{
	struct entry key;

	key.name = (char *)name;
	return s->n ? bsearch(&key, s->v, s->n, sizeof *s->v, cmp_name) : NULL;
}

static bool names_has(const struct names *s, const char *name)
{
	return names_find(s, name) != NULL;
}

/* A name a manifest may list: a plain file name in DIR, not hidden. */
static bool plain_name(const char *s)
{
	if (!*s || *s == '.' || strlen(s) > NAME_MAX)
		return false;
	for (; *s; s++)
		if (!((*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z') ||
		      (*s >= '0' && *s <= '9') || *s == '-' || *s == '_' ||
		      *s == '.' || *s == '+'))
			return false;
	return true;
}

/* One manifest line (cut at its first blank) into e; false: not one. */
static bool parse_entry(char *line, struct entry *e)
{
	char *sp = strchr(line, ' ');

	memset(e, 0, sizeof *e);
	if (sp)
		*sp++ = '\0';
	if (!plain_name(line))   /* no comment, path or hidden file */
		return false;
	e->name = line;
	e->known = sp && sscanf(sp, "%lld %lld.%lld %llu", &e->size, &e->sec,
				&e->nsec, &e->ino) == 4;
	return true;
}

/* Read fd (at most MAX_MANIFEST bytes) into *buf; false with errno. */
static bool read_all(int fd, char **buf)
{
	size_t len = 0, cap = 0;

	for (;;) {
		ssize_t got;

		if (len + 1 >= cap) {
			char *nb = cap < MAX_MANIFEST ? realloc(*buf, cap +
								65536) : NULL;

			if (!nb) {
				errno = cap < MAX_MANIFEST ? ENOMEM : EFBIG;
				return false;
			}
			*buf = nb;
			cap += 65536;
		}
		got = read(fd, *buf + len, cap - len - 1);
		if (got < 0 && errno == EINTR)
			continue;
		if (got < 0)
			return false;
		if (got == 0)
			break;
		len += (size_t)got;
	}
	(*buf)[len] = '\0';
	return true;
}

/* Say line (DIR's name first) through the set's warn callback. */
static void outdir_warn(const struct br_outdir *d, const char *name,
			const char *why)
{
	char *where = join(d->path, name);
	char *line = where ? malloc(strlen(where) + strlen(why) + 3) : NULL;

	if (line && d->warn) {
		sprintf(line, "%s: %s", where, why);
		d->warn(d->warn_ctx, line);
	}
	free(line);
	free(where);
}

/*
 * The entries DIR's manifest lists (none when there is none); *buf
 * holds their names.  *ours: the manifest is this user's (the owner of
 * the process): only then may its files be removed.  BR_OK, or BR_EIO
 * with err set.
 */
static int manifest_read(struct br_outdir *d, char **buf, struct names *s,
			 bool *ours, struct br_error *err)
{
	int fd = openat(d->dirfd, BR_OUT_MANIFEST, O_RDONLY | O_CLOEXEC |
			O_NOFOLLOW);
	struct stat st;
	size_t lines = 0;
	char *p, *line;

	*buf = NULL;
	*ours = false;
	memset(s, 0, sizeof *s);
	if (fd < 0 && errno == ENOENT)
		return BR_OK;
	if (fd < 0 || fstat(fd, &st) != 0 || !read_all(fd, buf))
		goto fail;
	*ours = st.st_uid == geteuid();
	close(fd);
	fd = -1;
	for (p = *buf; *p; p++)
		lines += *p == '\n';
	s->v = malloc((lines + 1) * sizeof *s->v);
	if (!s->v) {
		errno = ENOMEM;
		goto fail;
	}
	for (line = strtok_r(*buf, "\n", &p); line;
	     line = strtok_r(NULL, "\n", &p))
		if (parse_entry(line, &s->v[s->n]))
			s->n++;
	names_sort(s);
	return BR_OK;
fail:
	{
		int e = errno;
		char *where = join(d->path, BR_OUT_MANIFEST);

		if (fd >= 0)
			close(fd);
		br_error_set(err, BR_EIO, where ? where : d->path, 0, "cannot "
			     "read: %s", strerror(e));
		free(where);
		free(*buf);
		*buf = NULL;
		free(s->v);
		memset(s, 0, sizeof *s);
		return BR_EIO;
	}
}

static void put_entry(FILE *fp, const struct entry *e)
{
	if (e->known)
		fprintf(fp, "%s %lld %lld.%09lld %llu\n", e->name, e->size,
			e->sec, e->nsec, e->ino);
	else
		fprintf(fp, "%s\n", e->name);
}

/* A manifest listing a (and b's others): a temporary file, closed.  A
 * new file, this user's: never the owner of the one it replaces. */
static int manifest_write(struct br_outdir *d, const struct names *a,
			  const struct names *b, struct member *m,
			  struct br_error *err)
{
	int fd = temp_open(d->dirfd, NULL, m->tmp, &m->slot);
	FILE *fp = fd >= 0 ? fdopen(fd, "wb") : NULL;
	size_t i;
	int e;

	if (!fp) {
		e = errno;
		if (fd >= 0) {
			close(fd);
			temp_remove(d->dirfd, m->tmp, m->slot);
		}
		m->slot = 0;
		return br_error_set(err, BR_EIO, d->path, 0, "cannot write: "
				    "%s", strerror(e));
	}
	fputs("# benchreport render -o DIR/: the files its last run wrote "
	      "here, each with\n# its size, time and inode then.  The next "
	      "run removes those it does not\n# write again, if they are "
	      "still as written.\n", fp);
	for (i = 0; i < a->n; i++)
		put_entry(fp, &a->v[i]);
	for (i = 0; b && i < b->n; i++)
		if (!names_has(a, b->v[i].name))
			put_entry(fp, &b->v[i]);
	errno = 0;
	e = fflush(fp) != 0 || ferror(fp) ? (errno ? errno : EIO) : 0;
	if (fclose(fp) != 0 && !e)
		e = errno;
	if (e) {
		temp_remove(d->dirfd, m->tmp, m->slot);
		m->slot = 0;
		return br_error_set(err, BR_EIO, d->path, 0, "cannot write: "
				    "%s", strerror(e));
	}
	return BR_OK;
}

/* This run's set as manifest entries: each temporary file as it is (the
 * rename keeps size, time and inode).  BR_OK or BR_EIO. */
static int current_entries(struct br_outdir *d, struct names *cur,
			   struct br_error *err)
{
	size_t i;

	cur->n = 0;
	cur->v = malloc((d->n + 1) * sizeof *cur->v);
	if (!cur->v)
		return br_error_set(err, BR_EIO, d->path, 0, "out of memory");
	for (i = 0; i < d->n; i++) {
		struct entry *e = &cur->v[cur->n++];
		struct stat st;

		memset(e, 0, sizeof *e);
		e->name = d->v[i].name;
		if (fstatat(d->dirfd, d->v[i].tmp, &st,
			    AT_SYMLINK_NOFOLLOW) != 0)
			return br_error_set(err, BR_EIO, d->path, 0, "cannot "
					    "write: %s", strerror(errno));
		e->known = true;
		e->size = (long long)st.st_size;
		e->sec = (long long)st.st_mtim.tv_sec;
		e->nsec = (long long)st.st_mtim.tv_nsec;
		e->ino = (unsigned long long)st.st_ino;
	}
	names_sort(cur);
	return BR_OK;
}

/* Why the last run's file e (st) is not removed, or NULL: remove it. */
static const char *keep_reason(const struct br_outdir *d, bool ours,
			       const struct entry *e, const struct stat *st)
{
	size_t i;

	for (i = 0; i < d->n_inputs; i++)
		if (d->inputs[i].dev == st->st_dev &&
		    d->inputs[i].ino == st->st_ino)
			return "listed in " BR_OUT_MANIFEST ", but an input of "
			       "this run: kept";
	if (!ours)
		return "listed in " BR_OUT_MANIFEST ", which another user "
		       "wrote: kept";
	if (!e->known)
		return "listed in " BR_OUT_MANIFEST " without its size and "
		       "time: kept";
	if (e->size != (long long)st->st_size ||
	    e->sec != (long long)st->st_mtim.tv_sec ||
	    e->nsec != (long long)st->st_mtim.tv_nsec ||
	    e->ino != (unsigned long long)st->st_ino)
		return "changed since benchreport wrote it (size, time or "
		       "inode): kept";
	return NULL;
}

/* Step 4 of the commit: remove the last set's files this set does not
 * have, those still as benchreport wrote them; warn about the others. */
static int remove_stale(struct br_outdir *d, const struct names *cur,
			const struct names *last, bool ours,
			struct br_error *err)
{
	size_t i;

	for (i = 0; i < last->n; i++) {
		const struct entry *e = &last->v[i];
		const char *why;
		struct stat st;

		if (names_has(cur, e->name) ||
		    fstatat(d->dirfd, e->name, &st, AT_SYMLINK_NOFOLLOW) != 0)
			continue;
		if (!S_ISREG(st.st_mode)) {
			outdir_warn(d, e->name, "listed in " BR_OUT_MANIFEST
				    ", but not a regular file: kept");
			continue;
		}
		why = keep_reason(d, ours, e, &st);
		if (why)
			outdir_warn(d, e->name, why);
		else if (unlinkat(d->dirfd, e->name, 0) != 0 &&
			 errno != ENOENT)
			return br_error_set(err, BR_EIO, d->path, 0, "cannot "
					    "remove %s of the last run: %s",
					    e->name, strerror(errno));
	}
	return BR_OK;
}

/* Step 3 of the commit: rename every file of this set into place. */
static int rename_all(struct br_outdir *d, struct br_error *err)
{
	size_t i;

	for (i = 0; i < d->n; i++) {
		if (temp_rename(d->dirfd, d->v[i].tmp, d->v[i].slot,
				d->v[i].name) != 0)
			return br_error_set(err, BR_EIO, d->path, 0, "cannot "
					    "move %s into place: %s; the "
					    "directory holds this run's files "
					    "and the last run's (the next run "
					    "removes the stale ones)",
					    d->v[i].name, strerror(errno));
		d->v[i].slot = 0;
	}
	return BR_OK;
}

/*
 * The commit, under the directory's lock (other benchreport runs) and
 * with the fatal signals held, so it is not cut short:
 *   1. write the manifests: "all" (this set and the last one's others,
 *      when this one adds names) and "now" (this set);
 *   2. rename "all" into place: whatever happens next, every file of
 *      either set is listed;
 *   3. rename every file of this set into place;
 *   4. remove the files of the last set not in this one, if each is
 *      still as benchreport wrote it (size, time, inode), is not an
 *      input and the manifest is this user's; warn about the others;
 *   5. rename "now" into place.
 * Steps 1 write data; a failure there leaves DIR as it was.  Steps 2 to
 * 5 only rename and remove.
 */
int br_outdir_commit(struct br_outdir *d, struct br_error *err)
{
	struct member all = {{0}, NULL, 0}, now = {{0}, NULL, 0};
	struct names cur = {NULL, 0}, last = {NULL, 0};
	sigset_t old;
	char *buf = NULL;
	size_t i, added = 0;
	bool ours = false;
	int rc;

	hold(&old);
	flock(d->dirfd, LOCK_EX);   /* advisory: among benchreport runs */
	rc = current_entries(d, &cur, err);
	if (rc == BR_OK)
		rc = manifest_read(d, &buf, &last, &ours, err);
	if (rc != BR_OK)
		goto fail;
	for (i = 0; i < cur.n; i++)
		added += !names_has(&last, cur.v[i].name);
	if (added)
		rc = manifest_write(d, &cur, &last, &all, err);
	if (rc == BR_OK)
		rc = manifest_write(d, &cur, NULL, &now, err);
	if (rc != BR_OK)
		goto fail;
	if (added && temp_rename(d->dirfd, all.tmp, all.slot,
				 BR_OUT_MANIFEST) != 0) {
		rc = br_error_set(err, BR_EIO, d->path, 0, "cannot write "
				  BR_OUT_MANIFEST ": %s", strerror(errno));
		goto fail;
	}
	all.slot = 0;
	rc = rename_all(d, err);
	if (rc == BR_OK)
		rc = remove_stale(d, &cur, &last, ours, err);
	if (rc == BR_OK && temp_rename(d->dirfd, now.tmp, now.slot,
				       BR_OUT_MANIFEST) != 0)
		rc = br_error_set(err, BR_EIO, d->path, 0, "cannot write "
				  BR_OUT_MANIFEST ": %s", strerror(errno));
	if (rc == BR_OK)
		now.slot = 0;
fail:
	if (all.slot)
		temp_remove(d->dirfd, all.tmp, all.slot);
	if (now.slot)
		temp_remove(d->dirfd, now.tmp, now.slot);
	for (i = 0; i < d->n; i++)
		if (d->v[i].slot) {
			temp_remove(d->dirfd, d->v[i].tmp, d->v[i].slot);
			d->v[i].slot = 0;
		}
	/* a directory we made stays once anything was moved into it */
	if (rc != BR_OK && d->made)
		rmdir(d->path);
	atomic_store(&made_dir_on, 0);
	flock(d->dirfd, LOCK_UN);
	release(&old);
	free(cur.v);
	free(last.v);
	free(buf);
	outdir_free(d);
	return rc;
}
