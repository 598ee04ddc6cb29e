/*
 * The catalog's workloads: each one run directly (setup, a few loops,
 * teardown) so its own checks run; checks that must fail when an
 * external program answers wrong (a fake dc, a fake wc); tests that
 * cannot run are skipped, not failed; and the external programs'
 * versions are recorded.  (test_runner.c runs the whole catalog briefly
 * at 1 and 2 copies: the smoke test.)
 */
/* SPDX-License-Identifier: MIT */

#include <sys/stat.h>

#include "testutil.h"
#include "../../src/core/core.h"

/* The sysmark binary the workloads see; a test may point it elsewhere. */
static const char	*self_exe = "build/san/sysmark";

/*
 * The parent's half of a child's sample: what it reported through
 * bench_fail() on pipe p into msg ("" if nothing), then its exit status.
 */
static int
reaped(pid_t pid, int p[2], char *msg, size_t len)
{
	struct bench_msg	m;
	int			st;

	close(p[1]);
	memset(&m, 0, sizeof m);
	if (read(p[0], &m, sizeof m) != (ssize_t)sizeof m)
		m.text[0] = '\0';
	close(p[0]);
	assert_int_equal(waitpid(pid, &st, 0), pid);
	snprintf(msg, len, "%.*s", (int)sizeof m.text, m.text);
	return WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
}

/*
 * Run b's setup, n loops and teardown in a child with PATH set to path
 * (NULL: unchanged).  Returns the child's exit status; msg gets what it
 * reported through bench_fail(), or "".
 */
static int
once(const struct bench *b, uint64_t n, const char *path, char *msg,
    size_t len)
{
	struct bench_ctx	ctx;
	char			dir[256];
	int			p[2], st;
	pid_t			pid;

	tu_tmpdir(dir, sizeof dir);
	assert_int_equal(pipe(p), 0);
	if ((pid = fork()) == 0) {
		close(p[0]);
		if (path != NULL)
			setenv("PATH", path, 1);
		memset(&ctx, 0, sizeof ctx);
		ctx.bench = b;
		ctx.copies = 1;
		ctx.tmpdir = dir;
		ctx.self_exe = self_exe;
		ctx.report_fd = p[1];
		if (b->setup != NULL && b->setup(&ctx) != 0)
			_exit(2);
		if (b->prepare != NULL)
			b->prepare(&ctx, n);
		b->loop(&ctx, n);
		if (b->teardown != NULL)
			b->teardown(&ctx);
		_exit(0);
	}
	st = reaped(pid, p, msg, len);
	sm_rmtree(dir);
	return st;
}

/* Loops enough to pass each workload's checks (the files wrap around). */
static uint64_t
loops_for(const struct bench *b)
{
	if (strcmp(b->unit, "lpm") == 0)
		return 2;
	if (strcmp(b->unit, "KBps") == 0)
		return 8500;
	if (strcmp(b->id, "execl") == 0 || strcmp(b->id, "spawn") == 0)
		return 5;
	return 300;
}

static void
test_every_workload_checks_out(void **state)
{
	char	msg[256];
	int	rc;

	(void)state;
	for (size_t i = 0; registry_all[i] != NULL; i++) {
		const struct bench *b = registry_all[i];

		if (b->available != NULL && b->available() != NULL)
			continue;
		rc = once(b, loops_for(b), NULL, msg, sizeof msg);
		if (rc != 0 || msg[0] != '\0')
			fail_msg("%s: status %d: %s", b->id, rc, msg);
	}
}

/* Every test is registered once: ids are unique. */
static void
test_ids_unique(void **state)
{
	const char	*id;

	(void)state;
	for (size_t i = 0; registry_all[i] != NULL; i++) {
		id = registry_all[i]->id;
		for (size_t k = i + 1; registry_all[k] != NULL; k++)
			if (strcmp(id, registry_all[k]->id) == 0)
				fail_msg("%s registered twice", id);
	}
}

/* A directory holding one fake program that prints text. */
static void
fake(char *dir, size_t len, const char *name, const char *text)
{
	char	path[512];
	FILE	*f;

	tu_tmpdir(dir, len);
	snprintf(path, sizeof path, "%s/%s", dir, name);
	assert_non_null(f = fopen(path, "w"));
	fprintf(f, "#!/bin/sh\ncat >/dev/null\necho '%s'\n", text);
	fclose(f);
	chmod(path, 0755);
}

static void
test_dc_wrong_digits_fail(void **state)
{
	char	dir[256], msg[256];

	(void)state;
	fake(dir, sizeof dir, "dc", "1.5");
	assert_int_equal(once(registry_find("dc"), 1, dir, msg, sizeof msg),
	    1);
	assert_string_equal(msg, "dc printed \"1.5\", not sqrt(2)");
	sm_rmtree(dir);
}

/*
 * The looper (a small process running dc batch by batch) passes a dc's
 * failure on: its exit status names the sample's failure.
 */
static void
test_dc_failure_reported(void **state)
{
	char	dir[256], path[600], msg[256];
	FILE	*f;

	(void)state;
	tu_tmpdir(dir, sizeof dir);
	snprintf(path, sizeof path, "%s/dc", dir);
	assert_non_null(f = fopen(path, "w"));
	fprintf(f, "#!/bin/sh\nexit 3\n");
	fclose(f);
	chmod(path, 0755);
	assert_int_equal(once(registry_find("dc"), 2, dir, msg, sizeof msg),
	    1);
	assert_string_equal(msg, "dc: exited with status 3");
	sm_rmtree(dir);
}

static void
test_shell_wrong_count_fails(void **state)
{
	char	dir[256], path[600], msg[256], *p;
	long	od;

	(void)state;
	if (registry_find("shell1")->available() != NULL)
		skip();
	fake(dir, sizeof dir, "wc", "0");
	snprintf(path, sizeof path, "%s:%s", dir, getenv("PATH"));
	assert_int_equal(once(registry_find("shell2"), 1, path, msg,
	    sizeof msg), 1);
	assert_non_null(strstr(msg, "shell script 1: wc counted 0 0 0 and od"));
	/* The input is the size of the suite's sort.src: about 8.5 KB. */
	assert_non_null(p = strrchr(msg, ' '));
	od = strtol(p + 1, NULL, 10);
	assert_in_range(od, 8000 / 16, 9000 / 16);
	sm_rmtree(dir);
}

/* Without the programs they need, the tests are skipped, not failed. */
static void
test_missing_programs_skip(void **state)
{
	char		 dir[256], out[300], *path = xstrdup(getenv("PATH"));
	char		*argv[] = { "sysmark", "run", "-t", "C,dc,shell1",
	    "-d", "0.1", "-n", "2", "-q", "-o", out, NULL };
	struct tu_out	 o;
	struct run	 run;
	struct sm_error	 err;
	const char	*line;

	(void)state;
	tu_tmpdir(dir, sizeof dir);
	snprintf(out, sizeof out, "%s/run.csv", dir);
	assert_non_null(registry_find("C")->available);
	setenv("PATH", "/nonexistent", 1);
	assert_non_null(registry_find("dc")->available());
	tu_run(argv, &o);
	setenv("PATH", path, 1);
	free(path);
	assert_int_equal(o.status, 0);
	line = strstr(o.out, "C Compiler Test");
	assert_non_null(line);
	assert_non_null(strstr(line, "SKIPPED"));
	assert_true(strstr(line, "SKIPPED") < strchr(line, '\n'));
	assert_non_null(strstr(o.out, "C skipped: no C compiler (cc) in "
	    "PATH"));
	assert_non_null(strstr(o.out, "dc skipped: no dc in PATH"));
	assert_non_null(strstr(o.out, "shell1 skipped:"));
	tu_out_free(&o);
	run_init(&run);
	assert_int_equal(csvstore_load(&run, out, &err), 0);
	assert_int_equal(run.nsamples, 3);
	assert_int_equal(run.samples[0].status, RUN_SKIPPED);
	assert_false(run_failed(&run));
	assert_string_equal(run_meta_get(&run, "tool.cc"), "not found");
	run_free(&run);
	sm_rmtree(dir);
}

/* The external program a test ran is recorded with its version. */
static void
test_tool_version_recorded(void **state)
{
	char		 dir[256], out[300];
	char		*argv[] = { "sysmark", "run", "-t", "dc", "-d", "0.1",
	    "-n", "1", "-q", "-o", out, NULL };
	struct tu_out	 o;
	struct run	 run;
	struct sm_error	 err;

	(void)state;
	if (registry_find("dc")->available() != NULL)
		skip();
	tu_tmpdir(dir, sizeof dir);
	snprintf(out, sizeof out, "%s/run.csv", dir);
	tu_run(argv, &o);
	assert_int_equal(o.status, 0);
	tu_out_free(&o);
	run_init(&run);
	assert_int_equal(csvstore_load(&run, out, &err), 0);
	assert_non_null(strstr(run_meta_get(&run, "tool.dc"), "/dc"));
	assert_true(runset_figure(&run, "dc", 1) > 0);
	run_free(&run);
	sm_rmtree(dir);
}

/*
 * The exec tests' helper: a chain of N ends in status 0, a bad count or
 * command is a usage error, hello writes its greeting; without the helper
 * the exec tests fail with a message naming where it was looked for.
 */
static void
test_exec_helper(void **state)
{
	char		 msg[256];
	struct tu_out	 o;
	char		*chain[] = { "build/san/sysmark-exec", "chain", "40", NULL };
	char		*bad[] = { "build/san/sysmark-exec", "chain", "4x", NULL };
	char		*hello[] = { "build/san/sysmark-exec", "hello", NULL };

	(void)state;
	tu_exec_prog(chain[0], chain, &o);
	assert_int_equal(o.status, 0);
	tu_out_free(&o);
	tu_exec_prog(bad[0], bad, &o);
	assert_int_equal(o.status, 2);
	tu_out_free(&o);
	tu_exec_prog(hello[0], hello, &o);
	assert_int_equal(o.status, 0);
	assert_string_equal(o.out, "Hello world\n");
	tu_out_free(&o);
	self_exe = "/nonexistent/sysmark";
	assert_int_not_equal(once(registry_find("execl"), 3, NULL, msg, sizeof msg), 0);
	assert_non_null(strstr(msg, "sysmark-exec is neither beside"));
	assert_int_not_equal(once(registry_find("lat_proc_sh"), 3, NULL, msg,
	    sizeof msg), 0);
	assert_non_null(strstr(msg, "/nonexistent/sysmark"));
	self_exe = "build/san/sysmark";
}

/* A looper test's sample in a child, as once() runs it; its message. */
static int
looper_child(struct bench_ctx *ctx, char *const argv[], uint64_t n,
    char *msg, size_t len)
{
	struct bench_looper	lp;
	int			p[2];
	pid_t			pid;

	assert_int_equal(pipe(p), 0);
	if ((pid = fork()) == 0) {
		close(p[0]);
		ctx->report_fd = p[1];
		bench_looper_start(ctx, &lp, NULL, -1, argv);
		bench_looper_run(ctx, &lp, n, "the looper", -1, NULL);
		bench_looper_stop(&lp);
		_exit(0);
	}
	return reaped(pid, p, msg, len);
}

/*
 * The looper times its own batches, so that the round trips to it are
 * no part of a figure: batches of 1 and 3 runs of a 20 ms sleep add at
 * least 20 ms a run to looper_ns, and no more than the wall time around
 * them; it has no heap (on Linux), which its children's exit() would
 * write to; a reply with no time (a sysmark-exec of another version)
 * fails the sample, saying so.
 */
static void
test_looper_times_batches(void **state)
{
	struct bench_ctx	 ctx;
	struct bench_looper	 lp;
	char			*argv[] = { "sleep", "0.02", NULL };
	char			 dir[256], path[300], msg[256];
	uint64_t		 t0, wall, ns = 0;
	FILE			*f;

	(void)state;
	memset(&ctx, 0, sizeof ctx);
	ctx.bench = registry_find("spawn");
	ctx.self_exe = self_exe;
	ctx.report_fd = -1;
	bench_looper_start(&ctx, &lp, NULL, -1, argv);
	for (uint64_t n = 1; n <= 3; n += 2) {
		t0 = sm_now_ns();
		bench_looper_run(&ctx, &lp, n, "sleep", -1, NULL);
		wall = sm_now_ns() - t0;
		assert_int_equal(ctx.looper_timed, 1);
		assert_true(ctx.looper_ns - ns >= n * 20000000ull);
		assert_true(ctx.looper_ns - ns <= wall);
		ns = ctx.looper_ns;
	}
#ifdef __linux__
	/* Nor does it read them through stdio: no heap for a child to copy. */
	snprintf(path, sizeof path, "/proc/%ld/maps", (long)lp.pid);
	assert_non_null(f = fopen(path, "r"));
	while (fgets(msg, sizeof msg, f) != NULL)
		assert_null(strstr(msg, "[heap]"));
	fclose(f);
#endif
	bench_looper_stop(&lp);
	/* An older helper: its reply is the status alone. */
	tu_tmpdir(dir, sizeof dir);
	snprintf(path, sizeof path, "%s/sysmark-exec", dir);
	assert_non_null(f = fopen(path, "w"));
	fputs("#!/bin/sh\nwhile read n; do echo 0 >&3; done\n", f);
	fclose(f);
	chmod(path, 0755);
	snprintf(path, sizeof path, "%s/sysmark", dir);
	memset(&ctx, 0, sizeof ctx);
	ctx.bench = registry_find("spawn");
	ctx.self_exe = path;
	assert_int_equal(looper_child(&ctx, argv, 2, msg, sizeof msg), 1);
	assert_non_null(strstr(msg, "the looper's reply has no time"));
	sm_rmtree(dir);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_ids_unique),
		cmocka_unit_test(test_every_workload_checks_out),
		cmocka_unit_test(test_dc_wrong_digits_fail),
		cmocka_unit_test(test_dc_failure_reported),
		cmocka_unit_test(test_shell_wrong_count_fails),
		cmocka_unit_test(test_missing_programs_skip),
		cmocka_unit_test(test_tool_version_recorded),
		cmocka_unit_test(test_exec_helper),
		cmocka_unit_test(test_looper_times_batches),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
