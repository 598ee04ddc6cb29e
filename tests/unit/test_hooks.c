/*
 * The user's hooks (hooks.c, run --prepare/--setup/--cleanup): the
 * command runs through /bin/sh -c as written, with what it runs for in
 * the environment and stdin from /dev/null; its status, a signal, the
 * timeout (the whole process group killed) and the stop flag each end it
 * with a message quoting its last line; and through sysmark run: prepare
 * before every sample, setup once per test, cleanup after the run, a
 * failure failing the sample (prepare) or the test (setup), the commands
 * kept in the run and shown by show, and bad input refused with exit 2;
 * no test leaves a descriptor open (the teardown counts them).
 */
/* SPDX-License-Identifier: MIT */

#include <errno.h>
#include <limits.h>
#include <signal.h>

#include "testutil.h"

/* Run cmd as --prepare for syscall, sample 3, within timeout seconds. */
static int
run_hook(const char *cmd, double timeout, volatile sig_atomic_t *stop,
    char *why, size_t len)
{
	struct hooks_call	c;

	memset(&c, 0, sizeof c);
	c.what = "--prepare";
	c.cmd = cmd;
	c.test = "syscall";
	c.copies = 2;
	c.sample = 3;
	c.repeat = 1;
	c.timeout = timeout;
	c.stop = stop;
	why[0] = '\0';
	return hooks_run(&c, why, len);
}

/* Success, the environment, the text as written, and a quiet stdin. */
static void
test_ok(void **state)
{
	char	why[256], cmd[600], path[300], *text;

	(void)state;
	assert_int_equal(run_hook("true", 10, NULL, why, sizeof why),
	    HOOKS_OK);
	assert_int_equal(run_hook("test \"$SYSMARK_TEST $SYSMARK_COPIES "
	    "$SYSMARK_SAMPLE $SYSMARK_REPEAT\" = 'syscall 2 3 1'", 10, NULL,
	    why, sizeof why), HOOKS_OK);
	snprintf(path, sizeof path, "%s/out", tu_dir());
	snprintf(cmd, sizeof cmd, "printf '%%s|' \"a  b\" '$HOME' > %s",
	    path);
	assert_int_equal(run_hook(cmd, 10, NULL, why, sizeof why), HOOKS_OK);
	text = tu_slurp(path);
	assert_string_equal(text, "a  b|$HOME|");
	free(text);
	/* A prompt would wait forever on a terminal: stdin is empty. */
	assert_int_equal(run_hook("read x", 10, NULL, why, sizeof why),
	    HOOKS_FAILED);
	assert_string_equal(why, "--prepare exited with status 1");
}

/* A failure says its status or signal and quotes its last line. */
static void
test_failures(void **state)
{
	char	why[256];

	(void)state;
	assert_int_equal(run_hook("echo first; echo 'bad  thing' >&2; "
	    "printf 'x\\033y\\n\\n'; exit 4", 10, NULL, why, sizeof why),
	    HOOKS_FAILED);
	assert_string_equal(why, "--prepare exited with status 4: x\\x1by");
	assert_int_equal(run_hook("echo going; kill -TERM $$", 10, NULL, why,
	    sizeof why), HOOKS_FAILED);
	assert_string_equal(why, "--prepare killed by SIGTERM: going");
	assert_int_equal(run_hook("/nonexistent/prog", 10, NULL, why,
	    sizeof why), HOOKS_FAILED);
	assert_non_null(strstr(why, "--prepare exited with status 127: "));
}

/* Whether pid is gone (or a zombie nobody has reaped yet). */
static int
gone(pid_t pid)
{
	char	path[64], *stat;
	int	z;

	if (kill(pid, 0) != 0 && errno == ESRCH)
		return 1;
	snprintf(path, sizeof path, "/proc/%ld/stat", (long)pid);
	if ((stat = tu_slurp(path)) == NULL)
		return 1;
	z = strstr(stat, ") Z ") != NULL;
	free(stat);
	return z;
}

/* Whether the pid the file path names is gone within 5 s. */
static int
gone_soon(const char *path)
{
	char	*text = tu_slurp(path);
	long	 pid = text != NULL ? strtol(text, NULL, 10) : 0;
	int	 dead = 0;

	free(text);
	if (pid <= 1)
		return 0;
	for (int i = 0; i < 500 && !(dead = gone((pid_t)pid)); i++)
		tu_sleep_ms(10);
	return dead;
}

/*
 * What a hook leaves running in the background (--prepare
 * 'sleep 20 &') is ended with its group when the hook returns,
 * so it neither runs through the timed samples nor outlives sysmark;
 * the hook still succeeds.
 */
static void
test_background(void **state)
{
	char	why[256], cmd[600], path[300];

	(void)state;
	snprintf(path, sizeof path, "%s/bgpid", tu_dir());
	snprintf(cmd, sizeof cmd, "sleep 300 & echo $! > %s; echo started",
	    path);
	assert_int_equal(run_hook(cmd, 10, NULL, why, sizeof why), HOOKS_OK);
	assert_true(gone_soon(path));
}

/* Past the timeout the whole group dies, what it left running too. */
static void
test_timeout(void **state)
{
	char		why[256], cmd[400], path[300];
	uint64_t	t0 = sm_now_ns();

	(void)state;
	snprintf(path, sizeof path, "%s/pid", tu_dir());
	snprintf(cmd, sizeof cmd, "sleep 300 & echo $! > %s; wait", path);
	assert_int_equal(run_hook(cmd, 0.5, NULL, why, sizeof why),
	    HOOKS_FAILED);
	assert_string_equal(why, "--prepare timed out after 0.5 s (its "
	    "process group was killed)");
	assert_true(sm_now_ns() - t0 < 30 * 1000000000ull);
	assert_true(gone_soon(path));
}

/* The stop flag (a signal to sysmark) ends the wait at once. */
static void
test_stop(void **state)
{
	volatile sig_atomic_t	stop = 1;
	char			why[256];
	uint64_t		t0 = sm_now_ns();

	(void)state;
	assert_int_equal(run_hook("sleep 300", 600, &stop, why, sizeof why),
	    HOOKS_INTERRUPTED);
	assert_string_equal(why, "--prepare interrupted");
	assert_true(sm_now_ns() - t0 < 30 * 1000000000ull);
}

/* A command shown for typing again: one single-quoted shell word. */
static void
test_quote(void **state)
{
	char	buf[64];

	(void)state;
	hooks_quote("it's $x", buf, sizeof buf);
	assert_string_equal(buf, "'it'\\''s $x'");
	hooks_quote("", buf, sizeof buf);
	assert_string_equal(buf, "''");
}

/* sysmark run with the hooks, its log of what ran in which order. */
static void
test_run(void **state)
{
	char		log[300], out[300], prep[400], set[400], clean[400];
	char		*text;
	struct tu_out	o;
	struct run	run;

	(void)state;
	snprintf(log, sizeof log, "%s/log", tu_dir());
	snprintf(out, sizeof out, "%s/run.csv", tu_dir());
	snprintf(prep, sizeof prep, "echo prepare $SYSMARK_TEST "
	    "$SYSMARK_SAMPLE >> %s", log);
	snprintf(set, sizeof set, "echo setup $SYSMARK_TEST >> %s", log);
	snprintf(clean, sizeof clean, "echo cleanup $SYSMARK_TEST >> %s",
	    log);
	{
		char *const argv[] = { "sysmark", "run", "-t", "syscall,pipe", "-n", "1", "-d", "0.1", "-q", "--order",
		    "grouped", "-o", out, "--prepare", prep, "--setup", set,
		    "--cleanup", clean, NULL };

		tu_run(argv, &o);
	}
	assert_int_equal(o.status, 0);
	tu_out_free(&o);
	text = tu_slurp(log);
	assert_string_equal(text, "setup syscall\nprepare syscall 0\n"
	    "prepare syscall 1\nsetup pipe\nprepare pipe 0\n"
	    "prepare pipe 1\ncleanup syscall\ncleanup pipe\n");
	free(text);
	tu_load(&run, out);
	assert_string_equal(run_meta_get(&run, "prepare"), prep);
	assert_string_equal(run_meta_get(&run, "setup"), set);
	assert_string_equal(run_meta_get(&run, "cleanup"), clean);
	run_free(&run);
	{
		char *const argv[] = { "sysmark", "show", out, NULL };

		tu_run(argv, &o);
	}
	assert_int_equal(o.status, 0);
	assert_non_null(strstr(o.out, "Hooks, run through sh -c: --setup"));
	tu_out_free(&o);
}

/* A failed prepare fails its sample, a failed setup the whole test. */
static void
test_run_failures(void **state)
{
	char		out[300];
	struct tu_out	o;
	struct run	run;

	(void)state;
	snprintf(out, sizeof out, "%s/fail.csv", tu_dir());
	{
		char *const argv[] = { "sysmark", "run", "-t", "syscall", "-n",
		    "2", "-d", "0.1", "-q", "-o", out, "--prepare",
		    "test $SYSMARK_SAMPLE != 1 || exit 4", NULL };

		tu_run(argv, &o);
	}
	assert_int_equal(o.status, SM_EXIT_SAMPLE_FAILED);
	assert_non_null(strstr(o.out, "syscall, 1 copy, sample 1 failed: "
	    "--prepare exited with status 4"));
	tu_out_free(&o);
	tu_load(&run, out);
	assert_int_equal(run.nsamples, 3);
	assert_int_equal(run.samples[1].status, RUN_FAILED);
	assert_int_equal(run.samples[2].status, RUN_OK);
	run_free(&run);
	{
		char *const argv[] = { "sysmark", "run", "-t", "syscall", "-n",
		    "2", "-d", "0.1", "-q", "-F", "-o", out, "--setup",
		    "echo no such fixture >&2; exit 5", NULL };

		tu_run(argv, &o);
	}
	assert_int_equal(o.status, SM_EXIT_SAMPLE_FAILED);
	assert_non_null(strstr(o.out, "--setup exited with status 5: no "
	    "such fixture"));
	tu_out_free(&o);
	tu_load(&run, out);
	assert_int_equal(run.nsamples, 1);
	run_free(&run);
}

/* How many lines of text are exactly line. */
static int
count_lines(const char *text, const char *line)
{
	size_t		 n = strlen(line);
	int		 k = 0;
	const char	*p = text, *nl;

	while ((nl = strchr(p, '\n')) != NULL) {
		k += (size_t)(nl - p) == n && strncmp(p, line, n) == 0;
		p = nl + 1;
	}
	return k;
}

/*
 * A failed --setup runs once, whatever else brings its test back: a
 * second copies value, a second repeat, either order.  The first of the
 * test's samples fails with the hook's message, every later one says the
 * setup failed; the other test's setup runs once too and its samples
 * stand.
 */
static void
test_run_setup_once(void **state)
{
	static const char *const plans[][5] = {
		{ "-c", "1,2", "-R", "1", "interleaved" },
		{ "-c", "1,2", "-R", "2", "interleaved" },
		{ "-c", "1,2", "-R", "2", "grouped" },
		{ "-c", "1", "-R", "3", "grouped" },
	};
	char		log[300], out[300], set[400], *text;
	struct tu_out	o;
	struct run	run;

	(void)state;
	snprintf(log, sizeof log, "%s/setup.log", tu_dir());
	snprintf(out, sizeof out, "%s/setup.csv", tu_dir());
	snprintf(set, sizeof set, "echo $SYSMARK_TEST >> %s; "
	    "test $SYSMARK_TEST != syscall || exit 5", log);
	for (size_t i = 0; i < sizeof plans / sizeof plans[0]; i++) {
		char *const argv[] = { "sysmark", "run", "-t", "syscall,pipe",
		    "-n", "1", "-d", "0.1", "-q", "-F", "-o", out,
		    (char *)plans[i][0], (char *)plans[i][1],
		    (char *)plans[i][2], (char *)plans[i][3], "--order",
		    (char *)plans[i][4], "--setup", set, NULL };
		int	first = 0, later = 0, ok = 0;

		unlink(log);
		tu_run(argv, &o);
		assert_int_equal(o.status, SM_EXIT_SAMPLE_FAILED);
		tu_out_free(&o);
		text = tu_slurp(log);
		assert_int_equal(count_lines(text, "syscall"), 1);
		assert_int_equal(count_lines(text, "pipe"), 1);
		free(text);
		tu_load(&run, out);
		for (size_t k = 0; k < run.nsamples; k++) {
			const struct run_sample	*s = &run.samples[k];

			if (strcmp(s->test, "pipe") == 0) {
				ok += s->status == RUN_OK;
				continue;
			}
			assert_int_equal(s->status, RUN_FAILED);
			first += strstr(s->reason, "status 5") != NULL;
			later += strstr(s->reason, "--setup failed for "
			    "this test") != NULL;
		}
		assert_int_equal(first, 1);
		assert_int_equal(ok, (plans[i][1][1] == ',' ? 2 : 1) * 2 *
		    atoi(plans[i][3]));
		if (plans[i][1][1] == ',')
			assert_true(later >= 1);
		run_free(&run);
	}
}

/* Bad hook options: exit 2, the option and the value named. */
static void
test_bad_input(void **state)
{
	struct tu_out	o;

	(void)state;
	{
		char *const argv[] = { "sysmark", "run", "--prepare", "", NULL };

		tu_run(argv, &o);
	}
	assert_int_equal(o.status, SM_EXIT_INPUT);
	assert_non_null(strstr(o.err, "--prepare \"\": give a command"));
	tu_out_free(&o);
	{
		char *const argv[] = { "sysmark", "run", "--cleanup", NULL };

		tu_run(argv, &o);
	}
	assert_int_equal(o.status, SM_EXIT_INPUT);
	assert_non_null(strstr(o.err, "option --cleanup needs a value"));
	tu_out_free(&o);
}

int
main(void)
{
	const struct CMUnitTest	tests[] = {
		cmocka_unit_test_setup_teardown(test_ok,
		    tu_fds_mark, tu_fds_same),
		cmocka_unit_test_setup_teardown(test_failures,
		    tu_fds_mark, tu_fds_same),
		cmocka_unit_test_setup_teardown(test_background,
		    tu_fds_mark, tu_fds_same),
		cmocka_unit_test_setup_teardown(test_timeout,
		    tu_fds_mark, tu_fds_same),
		cmocka_unit_test_setup_teardown(test_stop,
		    tu_fds_mark, tu_fds_same),
		cmocka_unit_test_setup_teardown(test_quote,
		    tu_fds_mark, tu_fds_same),
		cmocka_unit_test_setup_teardown(test_run,
		    tu_fds_mark, tu_fds_same),
		cmocka_unit_test_setup_teardown(test_run_failures,
		    tu_fds_mark, tu_fds_same),
		cmocka_unit_test_setup_teardown(test_run_setup_once,
		    tu_fds_mark, tu_fds_same),
		cmocka_unit_test_setup_teardown(test_bad_input,
		    tu_fds_mark, tu_fds_same),
	};

	return cmocka_run_group_tests(tests, tu_dir_make, tu_dir_free);
}
