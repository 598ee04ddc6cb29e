/*
 * What the runner owes the machine and the user beyond the figures: no
 * hang and no leak.  Copies see no descriptor of the parent however high
 * it is, use the run's private directory as TMPDIR, and a relative TMPDIR
 * works; private directories of dead sysmarks are removed, live ones are
 * not; 512 copies get the setup time they need; and a copy stuck in the
 * kernel (writing to a frozen file system) is left after a bounded wait,
 * named by pid, instead of hanging the run.
 */
/* SPDX-License-Identifier: MIT */

#include <sys/resource.h>
#include <sys/stat.h>

#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <signal.h>

#include "testutil.h"

#define HIGH_FD	1500	/* above the 1023 the old loop stopped at */

static char	orig_tmpdir[PATH_MAX];	/* TMPDIR as the suite got it */

/* Each test sets TMPDIR for the runner; the next one starts from ours. */
static int
reset_tmpdir(void **state)
{
	(void)state;
	if (orig_tmpdir[0] != '\0')
		setenv("TMPDIR", orig_tmpdir, 1);
	else
		unsetenv("TMPDIR");
	return 0;
}

struct seen {
	int	errors;
	char	last_error[256];
	int	finished;
	int	cancelled;
};

static void
seen_cb(const struct runner_event *ev, void *arg)
{
	struct seen	*s = arg;

	if (ev->type == RUNNER_EV_ERROR) {
		s->errors++;
		snprintf(s->last_error, sizeof s->last_error, "%s", ev->msg);
	} else if (ev->type == RUNNER_EV_FINISHED) {
		s->finished++;
		s->cancelled = ev->cancelled;
	}
}

/* ---- Workloads made for these tests ---- */

static void
spin_loop(struct bench_ctx *ctx, uint64_t n)
{
	while (n-- > 0)
		ctx->sink += n;
}

/* Fails unless the parent's high descriptor is closed and TMPDIR is ours. */
static int
clean_setup(struct bench_ctx *ctx)
{
	const char	*t = getenv("TMPDIR");

	if (fcntl(HIGH_FD, F_GETFD) != -1)
		bench_fail(ctx, "descriptor %d is open in the copy", HIGH_FD);
	if (t == NULL || strcmp(t, ctx->tmpdir) != 0 || t[0] != '/')
		bench_fail(ctx, "TMPDIR is %s, not %s", t ? t : "unset",
		    ctx->tmpdir);
	return 0;
}

/* Write and sync a block at a time: frozen, the file system holds it. */
static void
sync_loop(struct bench_ctx *ctx, uint64_t n)
{
	char	path[PATH_MAX], block[4096];
	int	fd;

	memset(block, 'x', sizeof block);
	snprintf(path, sizeof path, "%s/data", ctx->tmpdir);
	if ((fd = open(path, O_WRONLY | O_CREAT | O_APPEND, 0600)) < 0)
		bench_fail(ctx, "%s: %s", path, strerror(errno));
	while (n-- > 0)
		if (write(fd, block, sizeof block) != (ssize_t)sizeof block ||
		    fsync(fd) != 0)
			bench_fail(ctx, "write: %s", strerror(errno));
	close(fd);
}

#define TB(name, fn, su) { .id = #name, .title = #name, .group = "Test", \
	.unit = "lps", .dir = BENCH_HIGHER, .version = 1, .desc = #name, \
	.scale = 1, .setup = su, .loop = fn }

static const struct bench tb_clean = TB(clean, spin_loop, clean_setup);
static const struct bench tb_sync = TB(sync, sync_loop, NULL);

/* ---- Helpers ---- */

static struct run *
run_one(const struct bench *b, int copies, double duration, double grace,
    struct seen *seen)
{
	const struct bench	*benches[1] = { b };
	int			 cps[1] = { copies };
	struct plan	 plan;
	struct runner_env	 env;
	struct sm_error		 err;
	struct runner		*r;
	struct run		*run = calloc(1, sizeof *run);

	assert_non_null(run);
	memset(&plan, 0, sizeof plan);
	memset(&env, 0, sizeof env);
	plan.benches = benches;
	plan.nbench = 1;
	memcpy(plan.copies, cps, sizeof cps);
	plan.ncopies = 1;
	plan.samples = 1;
	plan.duration = duration;
	env.grace = grace;
	env.self_exe = "/bin/false";
	memset(seen, 0, sizeof *seen);
	run_init(run);
	r = runner_start(&plan, &env, run, seen_cb, seen, &err);
	if (r == NULL)
		fail_msg("%s", err.msg);
	runner_wait(r, NULL);
	runner_free(r);
	return run;
}

static size_t
count_entries(const char *dir)
{
	DIR		*d = opendir(dir);
	struct dirent	*e;
	size_t		 n = 0;

	assert_non_null(d);
	while ((e = readdir(d)) != NULL)
		if (strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, ".."))
			n++;
	closedir(d);
	return n;
}

static void
sh(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* Run a shell command; its exit status. */
static int
sh_status(const char *cmd)
{
	int	st = system(cmd);

	return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

static void
sh(const char *fmt, ...)
{
	char	cmd[1024];
	va_list	ap;

	va_start(ap, fmt);
	vsnprintf(cmd, sizeof cmd, fmt, ap);
	va_end(ap);
	assert_int_equal(sh_status(cmd), 0);
}

/* ---- Tests ---- */

/*
 * A descriptor above 1023 is closed in the copies, and their TMPDIR is
 * their private directory, absolute even when the user's TMPDIR is not.
 */
static void
test_copies_start_clean(void **state)
{
	char		 top[256], cwd[PATH_MAX];
	struct seen	 seen;
	struct run	*run;
	int		 fd;

	(void)state;
	tu_tmpdir(top, sizeof top);
	assert_non_null(getcwd(cwd, sizeof cwd));
	assert_int_equal(chdir(top), 0);
	sh("mkdir rel");
	setenv("TMPDIR", "rel", 1);
	fd = open("/dev/null", O_RDONLY);
	assert_int_equal(dup2(fd, HIGH_FD), HIGH_FD);
	close(fd);
	run = run_one(&tb_clean, 2, 0.1, 5, &seen);
	close(HIGH_FD);
	assert_int_equal(seen.errors, 0);
	assert_int_equal(run->samples[0].status, RUN_OK);
	assert_int_equal(count_entries("rel"), 0);
	run_free(run);
	free(run);
	assert_int_equal(chdir(cwd), 0);
	sm_rmtree(top);
}

/* A private directory whose owner is dead goes; a living owner's stays. */
static void
test_stale_private_dirs_removed(void **state)
{
	char		 top[256], dead[300], live[300], bare[300], path[400];
	struct seen	 seen;
	struct run	*run;
	pid_t		 pid;
	FILE		*f;

	(void)state;
	tu_tmpdir(top, sizeof top);
	setenv("TMPDIR", top, 1);
	/* A pid that surely belonged to a process now gone. */
	if ((pid = fork()) == 0)
		_exit(0);
	assert_int_equal(waitpid(pid, NULL, 0), pid);
	snprintf(dead, sizeof dead, "%s/sysmark.dead01", top);
	snprintf(live, sizeof live, "%s/sysmark.live01", top);
	snprintf(bare, sizeof bare, "%s/sysmark.bare01", top);
	assert_int_equal(mkdir(dead, 0700), 0);
	assert_int_equal(mkdir(live, 0700), 0);
	assert_int_equal(mkdir(bare, 0700), 0);
	snprintf(path, sizeof path, "%s/owner", dead);
	assert_non_null(f = fopen(path, "w"));
	fprintf(f, "%ld\n", (long)pid);
	fclose(f);
	snprintf(path, sizeof path, "%s/s0", dead);
	assert_int_equal(mkdir(path, 0700), 0);
	snprintf(path, sizeof path, "%s/owner", live);
	assert_non_null(f = fopen(path, "w"));
	fprintf(f, "%ld\n", (long)getppid());
	fclose(f);
	run = run_one(&tb_clean, 1, 0.1, 5, &seen);
	assert_int_equal(access(dead, F_OK), -1);
	assert_int_equal(access(live, F_OK), 0);
	assert_int_equal(access(bare, F_OK), 0);
	assert_int_equal(count_entries(top), 2);
	run_free(run);
	free(run);
	sm_rmtree(top);
}

/*
 * 512 copies of the pipe test on a couple of CPUs: forking and setting
 * them up takes far longer than the fixed grace period once allowed, but
 * the setup deadline grows with the copies, and a warning says the copies
 * outnumber the CPUs.
 */
static void
test_512_copies_set_up(void **state)
{
	const struct bench	*pipe_b = registry_find("pipe");
	const struct bench	*benches[1] = { pipe_b };
	int			 cps[1] = { 512 };
	struct plan	 plan;
	struct runner_env	 env;
	struct seen		 seen;
	struct run		*run;
	char			 top[256], msg[200];

	(void)state;
	assert_non_null(pipe_b);
	tu_tmpdir(top, sizeof top);
	setenv("TMPDIR", top, 1);
	memset(&plan, 0, sizeof plan);
	memset(&env, 0, sizeof env);
	plan.benches = benches;
	plan.nbench = 1;
	memcpy(plan.copies, cps, sizeof cps);
	plan.ncopies = 1;
	assert_true(plan_crowded(&plan, msg, sizeof msg) ==
	    (sysinfo_ncpu() < 512));
	if (sysinfo_ncpu() < 512)
		assert_non_null(strstr(msg, "512 copies on "));
	run = run_one(pipe_b, 512, 0.2, runner_default_grace(0.2), &seen);
	if (run->samples[0].status != RUN_OK)
		fail_msg("512 copies: %s", run->samples[0].reason);
	assert_int_equal(seen.errors, 0);
	run_free(run);
	free(run);
	assert_int_equal(count_entries(top), 0);
	sm_rmtree(top);
}

/* Past what RLIMIT_NPROC allows, the copies are refused before a fork. */
static void
test_copies_limit_from_rlimit(void **state)
{
	const struct bench	*benches[1] = { &tb_clean };
	int			 cps[1] = { 100 };
	struct plan	 plan;
	struct runner_env	 env;
	struct sm_error		 err;
	struct rlimit		 old, rl;
	struct run		 run;

	(void)state;
	assert_int_equal(getrlimit(RLIMIT_NPROC, &old), 0);
	rl = old;
	rl.rlim_cur = 200;
	assert_int_equal(setrlimit(RLIMIT_NPROC, &rl), 0);
	assert_int_equal(runner_max_copies(), 50);
	memset(&plan, 0, sizeof plan);
	memset(&env, 0, sizeof env);
	plan.benches = benches;
	plan.nbench = 1;
	memcpy(plan.copies, cps, sizeof cps);
	plan.ncopies = 1;
	plan.samples = 1;
	plan.duration = 0.1;
	env.grace = 1;
	run_init(&run);
	assert_null(runner_start(&plan, &env, &run, seen_cb, NULL, &err));
	assert_non_null(strstr(err.msg, "copies 100: must be between 1 and "
	    "50 (RLIMIT_NPROC allows 200 processes, 4 per copy)"));
	assert_int_equal(setrlimit(RLIMIT_NPROC, &old), 0);
	run_free(&run);
}

/* Wait until path holds data (the copy is writing), at most 60 s. */
static int
wait_for_data(const char *dir)
{
	char		cmd[600];
	uint64_t	end = sm_now_ns() + 60 * 1000000000ull;

	snprintf(cmd, sizeof cmd, "find '%s' -name data -size +0 | grep -q .",
	    dir);
	while (sm_now_ns() < end) {
		if (sh_status(cmd) == 0)
			return 0;
		tu_sleep_ms(50);
	}
	return -1;
}

/*
 * A copy writing to a file system that gets frozen (fsfreeze) sleeps in
 * the kernel where SIGKILL cannot reach it.  The run must not hang: the
 * copy is left after the bounded wait and named by pid, the run stops.
 */
static void
test_stuck_copy_is_left(void **state)
{
	char		 top[256], mnt[300], cmd[800];
	struct seen	 seen;
	struct run	*run;
	uint64_t	 t0;
	pid_t		 helper;
	long		 pid;
	const char	*p;

	(void)state;
	if (geteuid() != 0)
		skip();
	tu_tmpdir(top, sizeof top);
	snprintf(mnt, sizeof mnt, "%s/mnt", top);
	snprintf(cmd, sizeof cmd, "cd '%s' && mkdir mnt && truncate -s 32M "
	    "img && mkfs.ext4 -q -F img && mount -o loop img mnt", top);
	if (sh_status(cmd) != 0) {
		print_message("skipped: cannot loop-mount an ext4 image\n");
		sm_rmtree(top);
		skip();
	}
	setenv("TMPDIR", mnt, 1);
	/* The freezer: once the copy writes, freeze under it. */
	if ((helper = fork()) == 0) {
		snprintf(cmd, sizeof cmd, "fsfreeze -f '%s'", mnt);
		_exit(wait_for_data(mnt) == 0 && sh_status(cmd) == 0 ? 0 : 1);
	}
	t0 = sm_now_ns();
	run = run_one(&tb_sync, 1, 2, 1, &seen);
	assert_true((sm_now_ns() - t0) / 1000000000u < 60);
	snprintf(cmd, sizeof cmd, "fsfreeze -u '%s'", mnt);
	sh_status(cmd);
	assert_int_equal(waitpid(helper, NULL, 0), helper);
	assert_int_equal(run->nsamples, 1);
	assert_int_equal(run->samples[0].status, RUN_FAILED);
	if ((p = strstr(run->samples[0].reason, "(pid ")) == NULL)
		fail_msg("reason: %s", run->samples[0].reason);
	assert_non_null(strstr(p, "did not die within 5 s of SIGKILL and is "
	    "left behind"));
	assert_true(seen.cancelled);
	/* Thawed, the copy dies; reap it so nothing is left. */
	pid = strtol(p + 5, NULL, 10);
	assert_int_equal(waitpid((pid_t)pid, NULL, 0), (pid_t)pid);
	run_free(run);
	free(run);
	sh("umount '%s'", mnt);
	sm_rmtree(top);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup(test_copies_start_clean, reset_tmpdir),
		cmocka_unit_test_setup(test_stale_private_dirs_removed,
		    reset_tmpdir),
		cmocka_unit_test(test_copies_limit_from_rlimit),
		cmocka_unit_test_setup(test_stuck_copy_is_left, reset_tmpdir),
		cmocka_unit_test_setup(test_512_copies_set_up, reset_tmpdir),
	};
	const char	*t = getenv("TMPDIR");

	if (t != NULL)
		snprintf(orig_tmpdir, sizeof orig_tmpdir, "%s", t);

	return cmocka_run_group_tests(tests, NULL, NULL);
}
