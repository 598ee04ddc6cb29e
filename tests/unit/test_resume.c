/*
 * run --resume and the journal it stands on: a run saves itself as it
 * goes (private while it runs, atomically replaced, no link followed),
 * so that Ctrl-C or a SIGKILL leaves a file that resumes; the resumed
 * run takes only the missing samples, each once, in a new session, with
 * the gap recorded and flagged G; an interrupted run's last line says
 * how to resume; and every run that cannot resume is refused with exit 2.
 */
/* SPDX-License-Identifier: MIT */

#include <sys/stat.h>

#include <limits.h>
#include <signal.h>

#include "testutil.h"

/* The sample rows of the file at path (0 while it does not exist). */
static int
count_samples(const char *path)
{
	char	*text, *p;
	int	 n = 0;

	if (access(path, R_OK) != 0)
		return 0;
	text = tu_slurp(path);
	for (p = text; (p = strstr(p, "\nsample,")) != NULL; p++)
		n++;
	free(text);
	return n;
}

/*
 * Start sysmark run (2 tests x 6 samples + warm-ups: 14), wait until its
 * file holds at least k samples, send sig; its exit status.  mode gets
 * the file's permissions as they were while it ran.
 */
static int
run_and_stop(const char *path, int k, int sig, mode_t *mode)
{
	char *const	 argv[] = { "sysmark", "run", "-t", "syscall,pipe",
			    "-n", "6", "-d", "0.2", "-q", "-o", (char *)path,
			    NULL };
	struct stat	 sb;
	pid_t		 pid;
	int		 st, i;

	pid = fork();
	assert_true(pid >= 0);
	if (pid == 0) {
		int	null = open("/dev/null", O_WRONLY);

		dup2(null, STDOUT_FILENO);
		dup2(null, STDERR_FILENO);
		execv(tu_bin(), argv);
		_exit(127);
	}
	for (i = 0; i < 12000 && count_samples(path) < k; i++)
		tu_sleep_ms(10);
	assert_true(count_samples(path) >= k);
	assert_int_equal(lstat(path, &sb), 0);
	*mode = sb.st_mode & 07777;
	kill(pid, sig);
	assert_int_equal(waitpid(pid, &st, 0), pid);
	return WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
}

/* Each (test, repeat, sample) once, and the session of each sample. */
static void
check_whole(const struct run *run, int sessions)
{
	int	seen[2][7] = { { 0 } }, top = 1;

	assert_int_equal(run->nsamples, 14);
	for (size_t i = 0; i < run->nsamples; i++) {
		const struct run_sample *s = &run->samples[i];
		int t = strcmp(s->test, "pipe") == 0;

		assert_true(s->index >= 0 && s->index <= 6);
		assert_int_equal(s->repeat, 1);
		/* A sample may fail on a machine loaded past its grace. */
		assert_int_not_equal(s->status, RUN_SKIPPED);
		seen[t][s->index]++;
		assert_true(s->session >= top);	/* appended, in order */
		top = s->session;
	}
	for (int t = 0; t < 2; t++)
		for (int k = 0; k <= 6; k++)
			assert_int_equal(seen[t][k], 1);
	assert_int_equal(top, sessions);
}

/* Resume path; the captured output in o. */
static void
resume(const char *path, struct tu_out *o)
{
	char *const	argv[] = { "sysmark", "run", "--resume", (char *)path,
			    "-q", NULL };

	tu_run(argv, o);
}

/*
 * A resume ended well: 0, or 1 when a sample failed (a machine loaded
 * past the grace period); with every sample, G marks the tests.
 */
static void
resumed_ok(const struct tu_out *o)
{
	if (o->status != 0 && o->status != SM_EXIT_SAMPLE_FAILED)
		fail_msg("resume: exit %d: %s%s", o->status, o->out, o->err);
	if (o->status == 0)
		assert_non_null(strstr(o->out, " G\n"));
}

/* Ctrl-C at a third: interrupted, resumable, then whole. */
static void
test_interrupt_and_resume(void **state)
{
	char		path[300], *text;
	struct tu_out	o;
	struct run	run;
	mode_t		mode;

	(void)state;
	snprintf(path, sizeof path, "%s/int.csv", tu_dir());
	assert_int_equal(run_and_stop(path, 5, SIGINT, &mode),
	    SM_EXIT_INTERRUPTED);
	assert_int_equal(mode, 0600);
	tu_load(&run, path);
	assert_string_equal(run_meta_get(&run, "status"), "interrupted");
	assert_string_equal(run_meta_get(&run, "plan_tests"), "syscall,pipe");
	assert_true(run.nsamples >= 5 && run.nsamples < 14);
	run_free(&run);
	resume(path, &o);
	resumed_ok(&o);
	assert_non_null(strstr(o.out, "Resumed (1): stopped "));
	tu_out_free(&o);
	tu_load(&run, path);
	check_whole(&run, 2);
	assert_string_equal(run_meta_get(&run, "status"), "complete");
	assert_string_equal(run_meta_get(&run, "resumed"), "1");
	assert_non_null(strstr(run_meta_get(&run, "gap.1"), "status "
	    "interrupted); resumed "));
	run_free(&run);
	resume(path, &o);
	assert_int_equal(o.status, SM_EXIT_INPUT);
	assert_non_null(strstr(o.err, "the run is complete: nothing to "
	    "resume"));
	tu_out_free(&o);
	text = tu_slurp(path);
	assert_non_null(strstr(text, "meta,format,5,"));
	free(text);
}

/* The interrupted run's last line is the command that resumes it. */
static void
test_last_line(void **state)
{
	char		path[300], want[400], *text, *last;
	mode_t		mode;
	pid_t		pid;
	int		st, i, errfd;

	(void)state;
	snprintf(path, sizeof path, "%s/line.csv", tu_dir());
	snprintf(want, sizeof want, "%s/err", tu_dir());
	errfd = open(want, O_WRONLY | O_CREAT | O_TRUNC, 0600);
	assert_true(errfd >= 0);
	pid = fork();
	assert_true(pid >= 0);
	if (pid == 0) {
		char *const	argv[] = { "sysmark", "run", "-t", "syscall",
				    "-n", "20", "-d", "0.2", "-o", path, NULL };

		dup2(errfd, STDERR_FILENO);
		close(STDOUT_FILENO);
		execv(tu_bin(), argv);
		_exit(127);
	}
	close(errfd);
	for (i = 0; i < 12000 && count_samples(path) < 2; i++)
		tu_sleep_ms(10);
	kill(pid, SIGINT);
	assert_int_equal(waitpid(pid, &st, 0), pid);
	(void)mode;
	text = tu_slurp(want);
	assert_non_null(text);
	text[strlen(text) - 1] = '\0';
	last = strrchr(text, '\n') + 1;
	snprintf(want, sizeof want, " run --resume %s", path);
	assert_non_null(strstr(last, "to resume: "));
	assert_non_null(strstr(last, want));
	free(text);
}

/* SIGKILL mid-run (a crash): the file loads, status running, resumes. */
static void
test_sigkill(void **state)
{
	char		path[300];
	struct tu_out	o;
	struct run	run;
	struct stat	sb;
	mode_t		mode;

	(void)state;
	snprintf(path, sizeof path, "%s/kill.csv", tu_dir());
	assert_int_equal(run_and_stop(path, 4, SIGKILL, &mode), 128 + SIGKILL);
	tu_load(&run, path);
	assert_string_equal(run_meta_get(&run, "status"), "running");
	assert_true(run.nsamples >= 4 && run.nsamples < 14);
	run_free(&run);
	resume(path, &o);
	resumed_ok(&o);
	tu_out_free(&o);
	tu_load(&run, path);
	check_whole(&run, 2);
	assert_non_null(strstr(run_meta_get(&run, "gap.1"), "status "
	    "running); resumed "));
	run_free(&run);
	/* Saved at the end, a run gets the usual mode again. */
	assert_int_equal(stat(path, &sb), 0);
	assert_int_equal(sb.st_mode & 0077, 0644 & 0077 & ~umask(022));
}

/* Write text to tu_dir()/name; its path in path. */
static void
put(const char *name, const char *text, char *path, size_t len)
{
	FILE	*f;

	snprintf(path, len, "%s/%s", tu_dir(), name);
	assert_non_null(f = fopen(path, "w"));
	fputs(text, f);
	fclose(f);
}

/* What cannot resume is refused, exit 2, the file and the reason named. */
static void
test_refusals(void **state)
{
	static const char	head[] = "record,name,value,version,copies,"
	    "sample,unit,duration,elapsed,iterations,status,reason,per_copy,"
	    "repeat,busy,freq_mhz,temp_c,session\nmeta,format,3,,,,,,,,,,,,,,,"
	    "\n";
	char			path[300], text[2048], me[256] = "";
	struct tu_out		o;
	struct {
		const char	*meta;
		const char	*want;
	} c[] = {
		{ "meta,status,interrupted,,,,,,,,,,,,,,,\n", "does not record "
		    "its plan_tests (saved by an older sysmark?): it cannot be "
		    "resumed" },
		{ "meta,status,interrupted,,,,,,,,,,,,,,,\nmeta,kind,noise-"
		    "profile,,,,,,,,,,,,,,,\n", "a noise-profile, not a run" },
		{ "meta,status,interrupted,,,,,,,,,,,,,,,\nmeta,hostname,"
		    "elsewhere,,,,,,,,,,,,,,,\n", "measured on elsewhere" },
		{ "", "status \"(none)\": only an interrupted run resumes" },
		{ "meta,status,interrupted,,,,,,,,,,,,,,,\nmeta,samples,6,,,,,,"
		    ",,,,,,,,,\nmeta,duration,1,,,,,,,,,,,,,,,\nmeta,plan_tests,"
		    "nosuch,,,,,,,,,,,,,,,\n", "meta plan_tests: " },
	};

	(void)state;
	gethostname(me, sizeof me - 1);
	for (size_t i = 0; i < sizeof c / sizeof c[0]; i++) {
		snprintf(text, sizeof text, "%s%s", head, c[i].meta);
		put("bad.csv", text, path, sizeof path);
		resume(path, &o);
		assert_int_equal(o.status, SM_EXIT_INPUT);
		if (strstr(o.err, c[i].want) == NULL)
			fail_msg("case %zu: %s", i, o.err);
		assert_non_null(strstr(o.err, path));
		tu_out_free(&o);
	}
	{
		char *const	argv[] = { "sysmark", "run", "--resume", path,
				    "-n", "3", NULL };

		tu_run(argv, &o);
	}
	assert_int_equal(o.status, SM_EXIT_INPUT);
	assert_non_null(strstr(o.err, "the plan and settings come from the "
	    "file; -n cannot be given with it"));
	tu_out_free(&o);
	{
		char *const	argv[] = { "sysmark", "run", "--resume", "",
				    NULL };

		tu_run(argv, &o);
	}
	assert_int_equal(o.status, SM_EXIT_INPUT);
	assert_non_null(strstr(o.err, "--resume \"\": name the run file"));
	tu_out_free(&o);
	snprintf(path, sizeof path, "%s/none.csv", tu_dir());
	resume(path, &o);
	assert_int_equal(o.status, SM_EXIT_INPUT);
	assert_non_null(strstr(o.err, "none.csv"));
	tu_out_free(&o);
}

/*
 * A run whose pid still lives (this test's) is refused; -F, for a pid
 * that is not sysmark's, resumes it: every sample is there, so the
 * resume only completes it.
 */
static void
test_still_running(void **state)
{
	char		path[300], text[4096], row[256], me[256] = "";
	struct tu_out	o;
	size_t		n;

	(void)state;
	gethostname(me, sizeof me - 1);
	n = (size_t)snprintf(text, sizeof text, "record,name,value,version,"
	    "copies,sample,unit,duration,elapsed,iterations,status,reason,"
	    "per_copy,repeat,busy,freq_mhz,temp_c,session\nmeta,format,3,,,,,"
	    ",,,,,,,,,,\nmeta,hostname,%s,,,,,,,,,,,,,,,\nmeta,status,"
	    "running,,,,,,,,,,,,,,,\nmeta,journal_pid,%ld,,,,,,,,,,,,,,,\n"
	    "meta,samples,2,,,,,,,,,,,,,,,\nmeta,duration,0.1,,,,,,,,,,,,,,,"
	    "\nmeta,plan_tests,syscall,,,,,,,,,,,,,,,\nmeta,plan_copies,1,,,,"
	    ",,,,,,,,,,,\n", me, (long)getpid());
	for (int k = 0; k <= 2; k++) {
		snprintf(row, sizeof row, "sample,syscall,100,1,1,%d,lps,0.1,"
		    "0.1,10,ok,,100,1,,,,1\n", k);
		n += (size_t)snprintf(text + n, sizeof text - n, "%s", row);
	}
	put("alive.csv", text, path, sizeof path);
	resume(path, &o);
	assert_int_equal(o.status, SM_EXIT_INPUT);
	assert_non_null(strstr(o.err, "the run is still going (pid "));
	tu_out_free(&o);
	{
		char *const	argv[] = { "sysmark", "run", "--resume", path,
				    "-F", "-q", NULL };

		tu_run(argv, &o);
	}
	assert_int_equal(o.status, 0);
	tu_out_free(&o);
	assert_int_equal(count_samples(path), 3);
}

/*
 * What the console offers: the newest resumable run of the results
 * directory; not a complete one, nor a noise profile.
 */
static void
test_find(void **state)
{
	char	res[300], path[PATH_MAX], text[2048], me[256] = "", *p;
	FILE	*f;

	(void)state;
	gethostname(me, sizeof me - 1);
	snprintf(res, sizeof res, "%s/results", tu_dir());
	setenv("SYSMARK_RESULTS", res, 1);
	assert_int_equal(resume_find(NULL, path, sizeof path), -1);
	snprintf(text, sizeof text, "record,name,value,version,copies,sample,"
	    "unit,duration,elapsed,iterations,status,reason,per_copy,repeat,"
	    "busy,freq_mhz,temp_c,session\nmeta,format,3,,,,,,,,,,,,,,,\n"
	    "meta,hostname,%s,,,,,,,,,,,,,,,\nmeta,status,interrupted,,,,,,,"
	    ",,,,,,,,\nmeta,samples,2,,,,,,,,,,,,,,,\nmeta,duration,0.1,,,,,"
	    ",,,,,,,,,,\nmeta,plan_tests,syscall,,,,,,,,,,,,,,,\nmeta,"
	    "plan_copies,1,,,,,,,,,,,,,,,\nsample,syscall,100,1,1,0,lps,0.1,"
	    "0.1,10,ok,,100,1,,,,1\n", me);
	for (int i = 0; i < 3; i++) {
		snprintf(path, sizeof path, "%s/%s.csv", res, i == 0 ? "a-1" :
		    i == 1 ? "a-2" : "noise-x");
		assert_non_null(f = fopen(path, "w"));
		fputs(text, f);
		fclose(f);
	}
	assert_int_equal(resume_find(NULL, path, sizeof path), 0);
	assert_non_null(p = strrchr(path, '/'));
	assert_string_equal(p, "/a-2.csv");
	snprintf(path, sizeof path, "%s/a-2.csv", res);
	unlink(path);
	assert_int_equal(resume_find(NULL, path, sizeof path), 0);
	assert_string_equal(strrchr(path, '/'), "/a-1.csv");
	unsetenv("SYSMARK_RESULTS");
}

/* The journal: at most once a second, never through a link. */
static void
test_journal(void **state)
{
	struct journal	j;
	struct sm_error	err;
	struct run	run;
	char		path[300], victim[300], *text;

	(void)state;
	run_init(&run);
	run_meta_set(&run, "hostname", "box");
	snprintf(path, sizeof path, "%s/j.csv", tu_dir());
	assert_int_equal(journal_begin(&j, NULL, path, 1, &run, &err), 0);
	assert_int_equal(journal_write(&j, &run, 0), 0);
	assert_int_equal(count_samples(path), 0);
	run_meta_set(&run, "later", "1");
	assert_int_equal(journal_write(&j, &run, 0), 0);
	text = tu_slurp(path);
	assert_null(strstr(text, "later"));	/* within the second */
	free(text);
	assert_int_equal(journal_write(&j, &run, 1), 0);
	text = tu_slurp(path);
	assert_non_null(strstr(text, "meta,later,1"));
	assert_non_null(strstr(text, "meta,status,running"));
	free(text);
	put("victim", "keep", victim, sizeof victim);
	unlink(path);
	assert_int_equal(symlink(victim, path), 0);
	assert_int_equal(journal_write(&j, &run, 1), -1);
	assert_non_null(strstr(j.err.msg, "not replaced"));
	text = tu_slurp(victim);
	assert_string_equal(text, "keep");
	free(text);
	assert_int_equal(journal_write(&j, &run, 1), 0);	/* said once */
	journal_release(&j);
	run_free(&run);
}

int
main(void)
{
	const struct CMUnitTest	tests[] = {
		cmocka_unit_test(test_interrupt_and_resume),
		cmocka_unit_test(test_last_line),
		cmocka_unit_test(test_sigkill),
		cmocka_unit_test(test_refusals),
		cmocka_unit_test(test_still_running),
		cmocka_unit_test(test_find),
		cmocka_unit_test(test_journal),
	};

	return cmocka_run_group_tests(tests, tu_dir_make, tu_dir_free);
}
