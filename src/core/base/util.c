/*
 * Small things every part of sysmark needs: the error buffer that fallible
 * functions fill for their caller, allocation that never returns NULL,
 * the one monotonic clock, strict number parsing and recursive removal of
 * a private temporary directory.
 *
 * sm_fatal() is for broken invariants and exhausted memory only; anything a
 * user can cause comes back as -1 plus a message in struct sm_error.
 */
/* SPDX-License-Identifier: MIT */

#define _XOPEN_SOURCE 700	/* nftw() */

#include <sys/stat.h>

#include <errno.h>
#include <float.h>
#include <ftw.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "base.h"

static void	(*util_fatal_hook)(void);

/* Format a message into the caller's error buffer. */
void
sm_error_set(struct sm_error *err, const char *fmt, ...)
{
	va_list	ap;
	char	msg[sizeof err->msg];

	if (err == NULL)
		return;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	/* It is printed: what a file or a host put in it, made visible. */
	visible_buf(msg, err->msg, sizeof err->msg, 0);
}

/* Run before sm_fatal() prints, so the console can give the terminal back. */
void
sm_set_fatal_hook(void (*hook)(void))
{
	util_fatal_hook = hook;
}

/* Report a broken invariant or exhausted memory and exit. */
void
sm_fatal(const char *fmt, ...)
{
	va_list	ap;

	if (util_fatal_hook != NULL)
		util_fatal_hook();
	fputs("sysmark: fatal: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	exit(SM_EXIT_INTERNAL);
}

void *
xmalloc(size_t size)
{
	void	*p;

	if ((p = malloc(size == 0 ? 1 : size)) == NULL)
		sm_fatal("out of memory allocating %zu bytes", size);
	return p;
}

void *
xcalloc(size_t n, size_t size)
{
	void	*p;

	if ((p = calloc(n == 0 ? 1 : n, size == 0 ? 1 : size)) == NULL)
		sm_fatal("out of memory allocating %zu x %zu bytes", n, size);
	return p;
}

void *
xreallocarray(void *old, size_t n, size_t size)
{
	void	*p;

	if (size != 0 && n > SIZE_MAX / size)
		sm_fatal("allocation of %zu x %zu bytes overflows", n, size);
	if ((p = realloc(old, n * size == 0 ? 1 : n * size)) == NULL)
		sm_fatal("out of memory allocating %zu x %zu bytes", n, size);
	return p;
}

char *
xstrdup(const char *s)
{
	size_t	 len = strlen(s) + 1;
	char	*p = xmalloc(len);

	memcpy(p, s, len);
	return p;
}

/* s made visible (visible.c), a new string (the caller frees it). */
char *
xvisible(const char *s, unsigned flags)
{
	size_t	 need = visible_buf(s, (char[1]){ 0 }, 1, flags);
	char	*v = xmalloc(need + 1);

	visible_buf(s, v, need + 1, flags);
	return v;
}

/* Nanoseconds on CLOCK_MONOTONIC: immune to date changes during a run. */
uint64_t
sm_now_ns(void)
{
	struct timespec	ts;

	if (clock_gettime(CLOCK_MONOTONIC, &ts) != 0)
		sm_fatal("clock_gettime(CLOCK_MONOTONIC): %s", strerror(errno));
	return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

/*
 * Where v lies from lo to hi on a log scale (0 at lo, 1 at hi), 0 when it
 * cannot be placed.  The logs are taken apart: hi / lo overflows to
 * infinity where each log is finite (an imported 1e306 beside 1e-310
 * once made a bar's width NaN).
 */
double
sm_log_frac(double v, double lo, double hi)
{
	double	span;

	if (!(lo > 0) || !(v > lo) || !(hi > lo))
		return 0;
	span = log(hi) - log(lo);
	return span > 0 ? (log(v) - log(lo)) / span : 0;
}

/* Parse a whole string as a finite double; 0 or -1. */
int
sm_parse_double(const char *s, double *out)
{
	char	*end;
	double	 v;

	if (s == NULL || *s == '\0')
		return -1;
	errno = 0;
	v = strtod(s, &end);
	/*
	 * Underflow (ERANGE with a subnormal result, 4.9e-324) is a finite
	 * number like any other: refusing it would refuse to read back what
	 * "%.17g" wrote.
	 */
	if ((errno != 0 && !(errno == ERANGE && fabs(v) <= DBL_MIN)) ||
	    *end != '\0' || end == s || !isfinite(v))
		return -1;
	*out = v;
	return 0;
}

/* Parse a whole string as an integer in [min, max]; 0 or -1. */
int
sm_parse_int(const char *s, long min, long max, long *out)
{
	char	*end;
	long	 v;

	if (s == NULL || *s == '\0')
		return -1;
	errno = 0;
	v = strtol(s, &end, 10);
	if (errno != 0 || *end != '\0' || v < min || v > max)
		return -1;
	*out = v;
	return 0;
}

static int
util_rm_one(const char *path, const struct stat *sb, int flag,
    struct FTW *ftw)
{
	(void)sb;
	(void)ftw;
	if (flag == FTW_DP)
		return rmdir(path) == 0 || errno == ENOENT ? 0 : -1;
	return unlink(path) == 0 || errno == ENOENT ? 0 : -1;
}

/* Remove a directory tree without following links; 0 or -1 with errno. */
int
sm_rmtree(const char *path)
{
	return nftw(path, util_rm_one, 16, FTW_DEPTH | FTW_PHYS);
}

/* "SIGSEGV" for SIGSEGV: what a user reads in a failed sample's reason. */
const char *
sm_signame(int sig)
{
	static const struct {
		int		 sig;
		const char	*name;
	} names[] = {
		{ SIGHUP, "SIGHUP" }, { SIGINT, "SIGINT" },
		{ SIGQUIT, "SIGQUIT" }, { SIGILL, "SIGILL" },
		{ SIGABRT, "SIGABRT" }, { SIGFPE, "SIGFPE" },
		{ SIGKILL, "SIGKILL" }, { SIGSEGV, "SIGSEGV" },
		{ SIGPIPE, "SIGPIPE" }, { SIGALRM, "SIGALRM" },
		{ SIGTERM, "SIGTERM" }, { SIGBUS, "SIGBUS" },
		{ SIGUSR1, "SIGUSR1" }, { SIGUSR2, "SIGUSR2" },
		{ SIGXCPU, "SIGXCPU" }, { SIGXFSZ, "SIGXFSZ" },
		{ SIGTRAP, "SIGTRAP" }, { SIGSYS, "SIGSYS" },
	};

	for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
		if (names[i].sig == sig)
			return names[i].name;
	return "unknown signal";
}
