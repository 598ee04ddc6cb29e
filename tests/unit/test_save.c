/*
 * A measurement is never lost: every way a save can fail, injected.  What
 * can be known before the run is refused before it (a read-only or missing
 * directory, a link, a name too long, -o ""); what cannot (a full disk, a
 * file size limit) still prints the table and keeps the run in a fallback
 * file, with an exit status that says so.  Default names are claimed with
 * O_EXCL, so racing runs and planted links never cost a run.
 */
/* SPDX-License-Identifier: MIT */

#include <sys/mount.h>
#include <sys/resource.h>
#include <sys/stat.h>

#include <errno.h>
#include <limits.h>
#include <signal.h>

#include "testutil.h"

static char	top[256];	/* this test's own directory */
static char	orig_tmpdir[PATH_MAX];	/* TMPDIR as the suite got it */
static char	orig_cwd[PATH_MAX];	/* where the suite started */

static int
setup_top(void **state)
{
	(void)state;
	if (orig_tmpdir[0] != '\0')
		setenv("TMPDIR", orig_tmpdir, 1);
	else
		unsetenv("TMPDIR");
	unsetenv("SYSMARK_RESULTS");
	unsetenv("XDG_DATA_HOME");
	/* A test that failed in another directory leaves none behind. */
	if (chdir(orig_cwd) != 0)
		return -1;
	tu_tmpdir(top, sizeof top);
	return 0;
}

static int
teardown_top(void **state)
{
	char	mnt[300];

	(void)state;
	snprintf(mnt, sizeof mnt, "%s/mnt", top);
	umount(mnt);
	sm_rmtree(top);
	return 0;
}

/* Mount a tmpfs of size bytes (read-only with ro) at top/mnt, or skip. */
static void
mount_tmpfs(const char *opts, char *mnt, size_t len)
{
	snprintf(mnt, len, "%s/mnt", top);
	assert_int_equal(mkdir(mnt, 0755), 0);
	if (mount("tmpfs", mnt, "tmpfs", 0, opts) != 0) {
		print_message("skipped: mount -t tmpfs: %s\n", strerror(errno));
		skip();
	}
}

/* The one fallback file in dir, loaded; its path in buf. */
static void
assert_fallback(const char *dir, char *buf, size_t len)
{
	struct run	run;
	char		cmd[600];
	FILE		*p;

	snprintf(cmd, sizeof cmd, "ls %s/sysmark-unsaved-*.csv", dir);
	assert_non_null(p = popen(cmd, "r"));
	assert_non_null(fgets(buf, (int)len, p));
	pclose(p);
	buf[strcspn(buf, "\n")] = '\0';
	tu_load(&run, buf);
	assert_true(run.nsamples >= 1);
	assert_int_equal(run.samples[0].status, RUN_OK);
	run_free(&run);
}

/* ---- What cannot be known before the run ---- */

/* Fill the file system of dir to its last byte (dir/fill). */
static void
fill_up(const char *dir)
{
	char	 fill[400];
	FILE	*f;

	snprintf(fill, sizeof fill, "%s/fill", dir);
	assert_non_null(f = fopen(fill, "w"));
	while (fputs("xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx", f) >= 0 &&
	    fflush(f) == 0)
		;
	fclose(f);
}

/* dir holds the files named in want (space-separated, sorted), no other. */
static void
assert_holds(const char *dir, const char *want)
{
	char	cmd[600], got[600];
	FILE	*p;
	size_t	n;

	snprintf(cmd, sizeof cmd, "ls -A %s | sort | tr '\\n' ' '", dir);
	assert_non_null(p = popen(cmd, "r"));
	n = fread(got, 1, sizeof got - 1, p);
	pclose(p);
	got[n] = '\0';
	if (strcmp(got, want) != 0)
		fail_msg("%s holds \"%s\", not \"%s\"", dir, got, want);
}

/* A full disk: the table is printed, the run is in a fallback file. */
static void
test_full_disk_falls_back(void **state)
{
	char		 mnt[300], tmp[300], fb[PATH_MAX];
	char		*argv[] = { "sysmark", "run", "-t", "syscall", "-d",
	    "0.1", "-n", "2", "-q", "-f", "csv", NULL };
	struct tu_out	 o;

	(void)state;
	mount_tmpfs("size=16k", mnt, sizeof mnt);
	fill_up(mnt);
	snprintf(tmp, sizeof tmp, "%s/tmp", top);
	assert_int_equal(mkdir(tmp, 0700), 0);
	setenv("SYSMARK_RESULTS", mnt, 1);
	setenv("TMPDIR", tmp, 1);
	tu_run(argv, &o);
	if (o.status != SM_EXIT_SAVED_ELSEWHERE)
		fail_msg("status %d: %s", o.status, o.err);
	/* The table still reaches stdout (csv: no wrapped titles). */
	assert_non_null(strstr(o.out, "\nSystem Call Overhead,"));
	assert_non_null(strstr(o.err, "No space left on device"));
	assert_fallback(tmp, fb, sizeof fb);
	assert_non_null(strstr(o.err, fb));
	/* The name claimed for it is given back: no empty run file. */
	assert_holds(mnt, "fill ");
	tu_out_free(&o);
	unsetenv("SYSMARK_RESULTS");
	unsetenv("TMPDIR");
}

/*
 * A resume whose save meets a full disk: the whole run is in a fallback
 * file, and the interrupted file it continued is gone, so that no later
 * resume measures its samples again into a second whole copy.
 */
static void
test_resume_full_disk(void **state)
{
	char		 mnt[300], tmp[300], path[400], fb[PATH_MAX];
	char		*argv[] = { "sysmark", "run", "-t", "syscall", "-d",
	    "0.1", "-n", "3", "-q", "-o", path, NULL };
	char		*again[] = { "sysmark", "run", "--resume", path, "-q",
	    NULL };
	struct sm_error	 err;
	struct tu_out	 o;
	struct run	 run;

	(void)state;
	mount_tmpfs("size=256k", mnt, sizeof mnt);
	snprintf(path, sizeof path, "%s/r.csv", mnt);
	tu_run(argv, &o);
	if (o.status != 0 && o.status != SM_EXIT_SAMPLE_FAILED)
		fail_msg("run: status %d: %s", o.status, o.err);
	tu_out_free(&o);
	/* Its last sample not taken: interrupted, as Ctrl-C leaves it. */
	tu_load(&run, path);
	assert_int_equal(run.nsamples, 4);
	run.nsamples--;
	run_meta_set(&run, "status", "interrupted");
	assert_int_equal(csvstore_save(&run, path, 1, &err), 0);
	run_free(&run);
	fill_up(mnt);
	snprintf(tmp, sizeof tmp, "%s/tmp", top);
	assert_int_equal(mkdir(tmp, 0700), 0);
	setenv("TMPDIR", tmp, 1);
	tu_run(again, &o);
	if (o.status != SM_EXIT_SAVED_ELSEWHERE)
		fail_msg("resume: status %d: %s", o.status, o.err);
	assert_fallback(tmp, fb, sizeof fb);
	assert_non_null(strstr(o.err, fb));
	tu_out_free(&o);
	tu_load(&run, fb);
	assert_int_equal(run.nsamples, 4);
	assert_string_equal(run_meta_get(&run, "status"), "complete");
	run_free(&run);
	/* Nothing left to resume, nor an empty file or a lock. */
	assert_holds(mnt, "fill ");
	tu_run(again, &o);
	assert_int_equal(o.status, SM_EXIT_INPUT);
	tu_out_free(&o);
	unsetenv("TMPDIR");
}

/* Read what fd holds until EOF; the caller frees. */
static char *
slurp_pipe(int fd)
{
	size_t	 len = 0, cap = 65536;
	char	*buf = malloc(cap);
	ssize_t	 n;

	assert_non_null(buf);
	while ((n = read(fd, buf + len, cap - len - 1)) > 0)
		if ((len += (size_t)n) + 1 == cap)
			assert_non_null(buf = realloc(buf, cap *= 2));
	buf[len] = '\0';
	close(fd);
	return buf;
}

/*
 * RLIMIT_FSIZE too small for any run file: SIGXFSZ must not kill sysmark,
 * the table is printed, and with no file able to take the run, the run
 * itself is written to stderr (exit 4), whole enough to load.
 */
static void
test_file_size_limit_keeps_run(void **state)
{
	char		 out[300], *so, *se, *csv;
	char		*argv[] = { "sysmark", "run", "-t", "syscall", "-d",
	    "0.1", "-n", "2", "-q", "-o", out, NULL };
	int		 po[2], pe[2], st;
	struct sm_error	 err;
	struct run	 run;
	pid_t		 pid;

	(void)state;
	snprintf(out, sizeof out, "%s/r.csv", top);
	assert_int_equal(pipe(po), 0);
	assert_int_equal(pipe(pe), 0);
	if ((pid = fork()) == 0) {
		struct rlimit	rl = { 200, 200 };	/* a header fits */

		dup2(po[1], STDOUT_FILENO);
		dup2(pe[1], STDERR_FILENO);
		setrlimit(RLIMIT_FSIZE, &rl);
		execv(tu_bin(), argv);
		_exit(127);
	}
	close(po[1]);
	close(pe[1]);
	se = slurp_pipe(pe[0]);
	so = slurp_pipe(po[0]);
	assert_int_equal(waitpid(pid, &st, 0), pid);
	assert_true(WIFEXITED(st));
	assert_int_equal(WEXITSTATUS(st), SM_EXIT_NOT_SAVED);
	assert_non_null(strstr(so, "System Call"));
	assert_non_null(strstr(se, "r.csv: cannot save: File too large"));
	assert_int_equal(access(out, F_OK), -1);
	assert_non_null(csv = strstr(se, "here it is:\n"));
	csv += strlen("here it is:\n");
	run_init(&run);
	if (csvstore_load_buf(&run, csv, strlen(csv), "stderr", &err) != 0)
		fail_msg("%s", err.msg);
	/* the warm-up sample and the two counted ones */
	assert_int_equal(run.nsamples, 3);
	assert_int_equal(run.samples[0].index, RUN_WARMUP);
	run_free(&run);
	free(so);
	free(se);
}

/*
 * Run argv with stdout on outfd (closed here) and stderr captured; with
 * fsize > 0, under that RLIMIT_FSIZE, so that no fallback file takes a
 * run.  The exit status (128 + a signal), stderr in o->err.
 */
static void
run_stdout_to(char *const argv[], int outfd, rlim_t fsize, struct tu_out *o)
{
	pid_t	pid;
	int	pe[2], st;

	/* A pipe, not a file: RLIMIT_FSIZE would cut a file short. */
	assert_int_equal(pipe(pe), 0);
	if ((pid = fork()) == 0) {
		struct rlimit	rl = { fsize, fsize };

		dup2(outfd, STDOUT_FILENO);
		dup2(pe[1], STDERR_FILENO);
		if (fsize > 0)
			setrlimit(RLIMIT_FSIZE, &rl);
		execv(tu_bin(), argv);
		_exit(127);
	}
	close(outfd);
	close(pe[1]);
	o->out = NULL;
	o->err = slurp_pipe(pe[0]);
	assert_int_equal(waitpid(pid, &st, 0), pid);
	o->status = WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
}

/*
 * -o - with a reader that went away (SIGPIPE) or stdout on a full disk
 * (/dev/full): the run measured is never lost.  It goes to a fallback
 * file as a failed -o FILE does (exit 3), its path said; with no file
 * able to take it, onto stderr (exit 4), whole enough to load.
 */
static void
test_stdout_failing_keeps_run(void **state)
{
	char		 tmp[300], fb[PATH_MAX], *csv;
	char		*argv[] = { "sysmark", "run", "-t", "syscall", "-d",
	    "0.1", "-n", "1", "-q", "-o", "-", NULL };
	int		 po[2];
	struct tu_out	 o;
	struct sm_error	 err;
	struct run	 run;

	(void)state;
	snprintf(tmp, sizeof tmp, "%s/tmp", top);
	assert_int_equal(mkdir(tmp, 0700), 0);
	setenv("TMPDIR", tmp, 1);
	/* The reader is gone before the run ends. */
	assert_int_equal(pipe(po), 0);
	close(po[0]);
	run_stdout_to(argv, po[1], 0, &o);
	if (o.status != SM_EXIT_SAVED_ELSEWHERE)
		fail_msg("status %d: %s", o.status, o.err);
	assert_non_null(strstr(o.err, "sysmark: -o -: the run could not be "
	    "written to stdout (Broken pipe); the run is saved in "));
	assert_fallback(tmp, fb, sizeof fb);
	assert_non_null(strstr(o.err, fb));
	assert_int_equal(unlink(fb), 0);
	tu_out_free(&o);
	/* A full disk. */
	run_stdout_to(argv, open("/dev/full", O_WRONLY), 0, &o);
	if (o.status != SM_EXIT_SAVED_ELSEWHERE)
		fail_msg("status %d: %s", o.status, o.err);
	assert_non_null(strstr(o.err, "(No space left on device); the run "
	    "is saved in "));
	assert_fallback(tmp, fb, sizeof fb);
	assert_int_equal(unlink(fb), 0);
	tu_out_free(&o);
	/* No file takes it either: stderr holds it, as documented. */
	run_stdout_to(argv, open("/dev/full", O_WRONLY), 200, &o);
	assert_int_equal(o.status, SM_EXIT_NOT_SAVED);
	assert_non_null(csv = strstr(o.err, "nor to a fallback file; here it "
	    "is:\n"));
	csv = strchr(csv, '\n') + 1;
	run_init(&run);
	if (csvstore_load_buf(&run, csv, strlen(csv), "stderr", &err) != 0)
		fail_msg("%s", err.msg);
	assert_int_equal(run.nsamples, 2);
	run_free(&run);
	tu_out_free(&o);
	unsetenv("TMPDIR");
}

/* ---- What is refused before the run ---- */

static void
expect_refused(char *const argv[], const char *msg)
{
	struct tu_out	o;
	uint64_t	t0 = sm_now_ns();

	tu_run(argv, &o);
	assert_int_equal(o.status, SM_EXIT_INPUT);
	if (strstr(o.err, msg) == NULL)
		fail_msg("expected \"%s\" in: %s", msg, o.err);
	/* Refused before the run: no sample was taken. */
	assert_null(strstr(o.err, "sample 1/"));
	assert_true(sm_now_ns() - t0 < 30 * 1000000000ull);
	tu_out_free(&o);
}

static void
test_read_only_dir_refused_before(void **state)
{
	char	 mnt[300], out[400];
	char	*a[] = { "sysmark", "run", "-t", "syscall", "-d", "0.1", "-n",
	    "1", "-o", out, NULL };
	char	*b[] = { "sysmark", "run", "-t", "syscall", "-d", "0.1", "-n",
	    "1", NULL };

	(void)state;
	mount_tmpfs("ro", mnt, sizeof mnt);
	snprintf(out, sizeof out, "%s/r.csv", mnt);
	expect_refused(a, "cannot write in ");
	expect_refused(a, "Read-only file system");
	setenv("SYSMARK_RESULTS", mnt, 1);
	expect_refused(b, "Read-only file system");
	unsetenv("SYSMARK_RESULTS");
}

static void
test_bad_targets_refused_before(void **state)
{
	char	 link[300], longname[PATH_MAX], nodir[300];
	char	*a[] = { "sysmark", "run", "-t", "syscall", "-d", "0.1", "-n",
	    "1", "-o", link, "-F", NULL };
	char	*b[] = { "sysmark", "run", "-t", "syscall", "-d", "0.1", "-n",
	    "1", "-o", "", NULL };
	char	*c[] = { "sysmark", "run", "-t", "syscall", "-d", "0.1", "-n",
	    "1", "-o", longname, NULL };
	char	*d[] = { "sysmark", "run", "-t", "syscall", "-d", "0.1", "-n",
	    "1", "-o", nodir, NULL };
	char	*e[] = { "sysmark", "run", "-t", "", NULL };

	(void)state;
	/* A dangling link: even -F does not write through it. */
	snprintf(link, sizeof link, "%s/link.csv", top);
	assert_int_equal(symlink("/nonexistent/target.csv", link), 0);
	expect_refused(a, "link.csv: is a symbolic link; not written to");
	expect_refused(b, "-o: \"\": no file name");
	snprintf(longname, sizeof longname, "%s/%0300d.csv", top, 0);
	expect_refused(c, "a file name of 304 bytes; this file system takes "
	    "at most 255");
	snprintf(nodir, sizeof nodir, "%s/missing/r.csv", top);
	expect_refused(d, "missing: No such file or directory");
	expect_refused(e, "-t \"\": name at least one test");
}

/*
 * The sanitized binary sits outside a source tree, like an installed one:
 * with neither SYSMARK_RESULTS nor HOME there is nowhere to save, which
 * is said before the run.
 */
static void
test_no_home_refused_before(void **state)
{
	char	*home = getenv("HOME") != NULL ? strdup(getenv("HOME")) : NULL;
	char	*a[] = { "sysmark", "run", "-t", "syscall", "-d", "0.1", "-n",
	    "1", NULL };

	(void)state;
	unsetenv("SYSMARK_RESULTS");
	unsetenv("HOME");
	unsetenv("XDG_DATA_HOME");
	expect_refused(a, "no place for results: set SYSMARK_RESULTS or HOME");
	if (home != NULL)
		setenv("HOME", home, 1);
	free(home);
}

/*
 * A binary in a source tree saves into that tree's results/ only while
 * the user is in the tree (at its top or below); called from anywhere
 * else it saves into the XDG data directory, and SYSMARK_RESULTS wins
 * over both.
 */
static void
test_results_dir_follows_the_user(void **state)
{
	struct sm_error	err;
	char		self[300], dir[PATH_MAX], want[PATH_MAX];
	char		src[300], sub[300], xdg[300];

	(void)state;
	snprintf(src, sizeof src, "%s/tree", top);
	assert_int_equal(mkdir(src, 0755), 0);
	snprintf(src, sizeof src, "%s/tree/src", top);
	assert_int_equal(mkdir(src, 0755), 0);
	snprintf(src, sizeof src, "%s/tree/src/core", top);
	assert_int_equal(mkdir(src, 0755), 0);
	snprintf(src, sizeof src, "%s/tree/src/core/core.h", top);
	close(open(src, O_WRONLY | O_CREAT, 0644));
	snprintf(sub, sizeof sub, "%s/tree/src", top);
	snprintf(self, sizeof self, "%s/tree/sysmark", top);
	snprintf(xdg, sizeof xdg, "%s/xdg", top);
	setenv("XDG_DATA_HOME", xdg, 1);

	assert_int_equal(chdir(sub), 0);
	assert_int_equal(paths_results_dir(self, dir, sizeof dir, &err), 0);
	snprintf(want, sizeof want, "%s/tree/results", top);
	assert_string_equal(dir, want);

	assert_int_equal(chdir(top), 0);
	assert_int_equal(paths_results_dir(self, dir, sizeof dir, &err), 0);
	snprintf(want, sizeof want, "%s/sysmark/results", xdg);
	assert_string_equal(dir, want);

	/* A sibling whose name starts like the tree's is not inside it. */
	snprintf(sub, sizeof sub, "%s/treex", top);
	assert_int_equal(mkdir(sub, 0755), 0);
	assert_int_equal(chdir(sub), 0);
	assert_int_equal(paths_results_dir(self, dir, sizeof dir, &err), 0);
	assert_string_equal(dir, want);

	snprintf(want, sizeof want, "%s/mine", top);
	setenv("SYSMARK_RESULTS", want, 1);
	assert_int_equal(paths_results_dir(self, dir, sizeof dir, &err), 0);
	assert_string_equal(dir, want);
	unsetenv("SYSMARK_RESULTS");
	unsetenv("XDG_DATA_HOME");
	assert_int_equal(chdir(orig_cwd), 0);
}

/* ---- Default names ---- */

/* A link planted at the default name is stepped over, never followed. */
static void
test_claim_steps_over_links(void **state)
{
	struct sm_error	err;
	char		path[PATH_MAX], link[300], target[300];
	struct stat	sb;

	(void)state;
	snprintf(link, sizeof link, "%s/box-1.csv", top);
	snprintf(target, sizeof target, "%s/target", top);
	assert_int_equal(symlink(target, link), 0);
	assert_int_equal(paths_claim(top, "box-1", path, sizeof path, &err),
	    0);
	assert_non_null(strstr(path, "/box-1-2.csv"));
	assert_int_equal(access(target, F_OK), -1);
	assert_int_equal(lstat(link, &sb), 0);
	assert_true(S_ISLNK(sb.st_mode));
}

/* Eight runs ending in one second each get a name of their own. */
static void
test_racing_runs_get_their_own_names(void **state)
{
	enum { N = 8 };
	int		go[2], res[2];
	char		names[N][PATH_MAX], c;
	pid_t		pid[N];

	(void)state;
	assert_int_equal(pipe(go), 0);
	assert_int_equal(pipe(res), 0);
	for (int i = 0; i < N; i++) {
		if ((pid[i] = fork()) == 0) {
			struct sm_error	err;
			char		path[PATH_MAX];

			close(go[1]);
			while (read(go[0], &c, 1) < 0 && errno == EINTR)
				;
			if (paths_claim(top, "box-2", path, sizeof path,
			    &err) != 0)
				snprintf(path, sizeof path, "FAILED %s",
				    err.msg);
			if (write(res[1], path, sizeof path) !=
			    (ssize_t)sizeof path)
				_exit(1);
			_exit(0);
		}
	}
	close(go[0]);
	close(go[1]);	/* all released at once */
	close(res[1]);
	for (int i = 0; i < N; i++) {
		assert_int_equal(read(res[0], names[i], PATH_MAX), PATH_MAX);
		assert_null(strstr(names[i], "FAILED"));
		for (int j = 0; j < i; j++)
			assert_string_not_equal(names[i], names[j]);
	}
	close(res[0]);
	for (int i = 0; i < N; i++)
		assert_int_equal(waitpid(pid[i], NULL, 0), pid[i]);
}

/* Saved runs honour the umask, not a fixed 0644. */
static void
test_umask_honoured(void **state)
{
	struct sm_error	err;
	struct stat	sb;
	struct run	run;
	char		path[300];
	mode_t		old;

	(void)state;
	tu_load(&run, "tests/data/run_small.csv");
	snprintf(path, sizeof path, "%s/private.csv", top);
	old = umask(077);
	assert_int_equal(csvstore_save(&run, path, 0, &err), 0);
	umask(old);
	assert_int_equal(stat(path, &sb), 0);
	assert_int_equal(sb.st_mode & 0777, 0600);
	run_free(&run);
}

/* A long path is cut at its head so the reason still shows. */
static void
test_long_path_keeps_reason(void **state)
{
	struct sm_error	err;
	struct run	run;
	char		path[PATH_MAX];
	size_t		n;

	(void)state;
	n = (size_t)snprintf(path, sizeof path, "/nonexistent");
	while (n + 20 < sizeof path / 2)
		n += (size_t)snprintf(path + n, sizeof path - n,
		    "/a-long-directory");
	snprintf(path + n, sizeof path - n, "/run.csv");
	tu_load(&run, "tests/data/run_small.csv");
	assert_int_equal(csvstore_save(&run, path, 0, &err), -1);
	assert_non_null(strstr(err.msg, "No such file or directory"));
	assert_true(strncmp(err.msg, "...", 3) == 0);
	run_free(&run);
	run_init(&run);
	assert_int_equal(csvstore_load(&run, path, &err), -1);
	assert_non_null(strstr(err.msg, "No such file or directory"));
}

int
main(void)
{
#define T(f)	cmocka_unit_test_setup_teardown(f, setup_top, teardown_top)
	const struct CMUnitTest tests[] = {
		T(test_full_disk_falls_back),
		T(test_resume_full_disk),
		T(test_file_size_limit_keeps_run),
		T(test_stdout_failing_keeps_run),
		T(test_read_only_dir_refused_before),
		T(test_bad_targets_refused_before),
		T(test_no_home_refused_before),
		T(test_results_dir_follows_the_user),
		T(test_claim_steps_over_links),
		T(test_racing_runs_get_their_own_names),
		T(test_umask_honoured),
		T(test_long_path_keeps_reason),
	};

	if (getcwd(orig_cwd, sizeof orig_cwd) == NULL)
		return 1;
	if (getenv("TMPDIR") != NULL)
		snprintf(orig_tmpdir, sizeof orig_tmpdir, "%s",
		    getenv("TMPDIR"));
	return cmocka_run_group_tests(tests, NULL, NULL);
}
