/*
 * What the cmocka tests share: the includes cmocka wants before its own
 * header, and a way to run the sanitized sysmark binary and capture what
 * it prints, so that CLI behaviour is tested as a user meets it.
 */
/* SPDX-License-Identifier: MIT */

#ifndef TESTUTIL_H
#define TESTUTIL_H

#include <sys/types.h>
#include <sys/wait.h>

#include <dirent.h>
#include <fcntl.h>
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <cmocka.h>

#include "../../src/core/core.h"

/* Debian's cmocka 1.1 has no assert_double_equal. */
#define assert_near(a, b, eps) \
	tu_assert_near((a), (b), (eps), #a, __FILE__, __LINE__)

/* Append n samples of one test (copies 1, indexes 1..n) to a run. */
static inline void
tu_add_samples(struct run *run, const char *test, int version,
    const char *unit, const double *v, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		struct run_sample	*s = run_add_sample(run);

		snprintf(s->test, sizeof s->test, "%s", test);
		snprintf(s->unit, sizeof s->unit, "%s", unit);
		s->version = version;
		s->copies = 1;
		s->index = (int)i + 1;
		s->value = v[i];
		s->status = RUN_OK;
	}
}

static inline void
tu_assert_near(double a, double b, double eps, const char *expr,
    const char *file, int line)
{
	if (fabs(a - b) <= eps)
		return;
	print_error("%s = %.17g, expected %.17g (within %g)\n", expr, a, b,
	    eps);
	_fail(file, line);
}

struct tu_out {
	int	 status;	/* exit status, or 128 + signal */
	char	*out;		/* stdout, NUL-terminated */
	char	*err;		/* stderr */
};

static inline void
tu_sleep_ms(long ms)
{
	struct timespec	ts = { ms / 1000, (ms % 1000) * 1000000L };

	nanosleep(&ts, NULL);
}

/* The binary under test: $SYSMARK_BIN or the sanitized build. */
static inline const char *
tu_bin(void)
{
	const char	*b = getenv("SYSMARK_BIN");

	return b != NULL ? b : "build/san/sysmark";
}

static inline char *
tu_slurp_fd(int fd)
{
	size_t	 len = 0, cap = 4096;
	char	*buf = malloc(cap);
	ssize_t	 n;

	assert_non_null(buf);
	lseek(fd, 0, SEEK_SET);
	while ((n = read(fd, buf + len, cap - len - 1)) > 0) {
		len += (size_t)n;
		if (cap - len < 2) {
			cap *= 2;
			buf = realloc(buf, cap);
			assert_non_null(buf);
		}
	}
	buf[len] = '\0';
	return buf;
}

/* Read a whole file; the caller frees. */
static inline char *
tu_slurp(const char *path)
{
	int	 fd = open(path, O_RDONLY);
	char	*s;

	assert_true(fd >= 0);
	s = tu_slurp_fd(fd);
	close(fd);
	return s;
}

/*
 * Descriptors: how many this process has open (-1: none to be read), and
 * a setup and a teardown that fail a test leaving one open that it found
 * closed (a pipe to a child, a file): cmocka_unit_test_setup_teardown(
 * test, tu_fds_mark, tu_fds_same).
 */
static inline int
tu_fds(void)
{
	DIR		*d = opendir("/proc/self/fd");
	struct dirent	*e;
	int		 n = 0;

	if (d == NULL)
		return -1;
	while ((e = readdir(d)) != NULL)
		n += e->d_name[0] != '.';
	closedir(d);
	return n - 1;	/* the directory's own */
}

static inline int *
tu_fds_slot(void)
{
	static int	at;

	return &at;
}

static inline int
tu_fds_mark(void **state)
{
	(void)state;
	*tu_fds_slot() = tu_fds();
	return 0;
}

static inline int
tu_fds_same(void **state)
{
	int	now = tu_fds();

	(void)state;
	if (now == *tu_fds_slot())
		return 0;
	print_error("%d descriptors open after the test, %d before\n", now,
	    *tu_fds_slot());
	return -1;
}

/* Run the program prog with argv and capture its output and status. */
static inline void
tu_exec_prog(const char *prog, char *const argv[], struct tu_out *o)
{
	FILE	*fo = tmpfile(), *fe = tmpfile();
	pid_t	 pid;
	int	 st;

	assert_non_null(fo);
	assert_non_null(fe);
	pid = fork();
	assert_true(pid >= 0);
	if (pid == 0) {
		dup2(fileno(fo), STDOUT_FILENO);
		dup2(fileno(fe), STDERR_FILENO);
		execv(prog, argv);
		_exit(127);
	}
	assert_int_equal(waitpid(pid, &st, 0), pid);
	o->status = WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
	o->out = tu_slurp_fd(fileno(fo));
	o->err = tu_slurp_fd(fileno(fe));
	fclose(fo);
	fclose(fe);
}

/* Run argv (argv[0] is replaced by the binary under test) and capture. */
static inline void
tu_run(char *const argv[], struct tu_out *o)
{
	tu_exec_prog(tu_bin(), argv, o);
}

static inline void
tu_out_free(struct tu_out *o)
{
	free(o->out);
	free(o->err);
}

/* A fresh private directory under $TMPDIR; the caller removes it. */
static inline void
tu_tmpdir(char *buf, size_t len)
{
	const char	*base = getenv("TMPDIR");

	snprintf(buf, len, "%s/sysmark-test.XXXXXX",
	    base != NULL && *base != '\0' ? base : "/tmp");
	assert_non_null(mkdtemp(buf));
}

/*
 * A private directory for a group of tests, tu_dir(): cmocka's group
 * setup (tu_dir_make) and teardown (tu_dir_free).
 */
#define TU_DIR_MAX	256

static inline char *
tu_dir(void)
{
	static char	dir[TU_DIR_MAX];

	return dir;
}

static inline int
tu_dir_make(void **state)
{
	(void)state;
	tu_tmpdir(tu_dir(), TU_DIR_MAX);
	return 0;
}

static inline int
tu_dir_free(void **state)
{
	(void)state;
	sm_rmtree(tu_dir());
	return 0;
}

/*
 * The same, tu_results_dir(), with its results/ as $SYSMARK_RESULTS, so
 * that the runs the tests save land nowhere else.
 */
static inline char *
tu_results_dir(void)
{
	return tu_dir();
}

static inline int
tu_results_env(void **state)
{
	char	res[300];

	tu_dir_make(state);
	snprintf(res, sizeof res, "%s/results", tu_dir());
	setenv("SYSMARK_RESULTS", res, 1);
	return 0;
}

static inline int
tu_results_env_free(void **state)
{
	return tu_dir_free(state);
}

/* Load a run or fail the test with csvstore's message. */
static inline void
tu_load(struct run *run, const char *path)
{
	struct sm_error	err;

	run_init(run);
	if (csvstore_load(run, path, &err) != 0)
		fail_msg("%s", err.msg);
}

/* Render a table to a string; the caller frees. */
static inline char *
tu_render(const struct table *t, enum table_format fmt)
{
	struct sm_error	 err;
	char		*buf = NULL;
	size_t		 len = 0;
	FILE		*f = open_memstream(&buf, &len);

	assert_non_null(f);
	assert_int_equal(table_render(t, fmt, f, &err), 0);
	fclose(f);
	return buf;
}

/* compare's default rule: higher is better, alpha 5%, 1% effect, no profile. */
static inline void
tu_rule_default(struct signif_rule *r)
{
	r->dir = BENCH_HIGHER;
	r->alpha = 0.05;
	r->min_effect = 0.01;
	r->floor = 0;
	r->noise_relvar = r->noise_df = NAN;
	r->noise_within = 0;
}

#endif
