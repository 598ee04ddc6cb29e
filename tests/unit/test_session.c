/*
 * The one measured run (core/session/session.c) that run, calibrate, users, the
 * agent and the console drive: it saves as it goes and never calls a
 * running run interrupted; it claims its file so that two runs never
 * write one; a stopped run ends interrupted, saved and resumable; and a
 * noise profile replaces the host's profile only whole.
 */
/* SPDX-License-Identifier: MIT */

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <sys/stat.h>
#include <sys/wait.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../../src/core/core.h"
#include "testutil.h"

/* What the front end saw. */
struct seen {
	struct session	*s;
	struct run	*run;
	int		 samples;
	int		 saved;
	int		 not_saved;
	int		 interrupted_seen;	/* status said so mid-run */
	int		 stop_after;		/* cancel after this many */
	char		 path[PATH_MAX];
	char		 file_status[64];	/* the journal's, mid-run */
};

/* The status line of the file at path, as a resume would read it. */
static void
file_status(const char *path, char *buf, size_t len)
{
	struct run	run;
	struct sm_error	err;

	buf[0] = '\0';
	run_init(&run);
	if (csvstore_load(&run, path, &err) == 0 &&
	    run_meta_get(&run, "status") != NULL)
		snprintf(buf, len, "%s", run_meta_get(&run, "status"));
	run_free(&run);
}

static void
seen_cb(const struct runner_event *ev, void *arg)
{
	struct seen	*x = arg;
	const char	*st = run_meta_get(x->run, "status");

	if (st != NULL && strcmp(st, "interrupted") == 0 &&
	    ev->type != SESSION_EV_SAVED)
		x->interrupted_seen = 1;
	if (ev->type == RUNNER_EV_SAMPLE) {
		x->samples++;
		if (x->stop_after > 0 && x->samples == x->stop_after)
			session_cancel(x->s);
	}
	if (ev->type == SESSION_EV_SAVED) {
		x->saved++;
		snprintf(x->path, sizeof x->path, "%s", ev->msg);
	}
	x->not_saved += ev->type == SESSION_EV_NOT_SAVED;
}

/* syscall, one copy, n samples of 0.1 s after a warm-up. */
static void
small_plan(struct plan *p, int n)
{
	struct sm_error	err;

	plan_init(p);
	assert_int_equal(registry_parse("syscall", &p->benches, &p->nbench,
	    &err), 0);
	p->samples = n;
	p->duration = 0.1;
}

/* Begin p into run, saved at out (a profile when kind), events to cb. */
static struct session *
begin_as(const struct plan *p, const char *out, int force, const char *kind,
    runner_cb cb, struct run *run, struct seen *x)
{
	struct session_conf	c;
	struct sm_error		err;

	memset(&c, 0, sizeof c);
	c.self = tu_bin();
	c.out = out;
	c.force = force;
	c.kind = kind;
	memset(x, 0, sizeof *x);
	x->run = run;
	run_init(run);
	x->s = session_begin(p, &c, run, cb, x, &err);
	if (x->s == NULL)
		fail_msg("session_begin: %s", err.msg);
	return x->s;
}

static struct session *
begin(const struct plan *p, const char *out, int force, struct run *run,
    struct seen *x)
{
	return begin_as(p, out, force, NULL, seen_cb, run, x);
}

static void
out_path(char *buf, size_t len, const char *name)
{
	snprintf(buf, len, "%s/%s", tu_dir(), name);
	unlink(buf);
}

/*
 * A whole run: saved as it goes (the file says running, never
 * interrupted, while it goes), then complete, its plan in it, no lock.
 */
static void
test_whole_run(void **state)
{
	struct plan	 p, back;
	struct run	 run, file;
	struct seen	 x;
	struct sm_error	 err;
	struct stat	 sb;
	char		 path[300], lock[320];

	(void)state;
	out_path(path, sizeof path, "whole.csv");
	small_plan(&p, 3);
	begin(&p, path, 0, &run, &x);
	snprintf(lock, sizeof lock, "%s.lock", path);
	assert_int_equal(stat(lock, &sb), 0);	/* held while it runs */
	assert_int_equal(session_wait(x.s), 0);
	assert_int_equal(session_end(x.s), 0);
	assert_int_equal(x.samples, 4);
	assert_false(x.interrupted_seen);
	assert_int_equal(x.saved, 1);
	assert_string_equal(x.path, path);
	assert_string_equal(session_path(x.s), path);
	assert_int_equal(stat(lock, &sb), -1);
	session_free(x.s);
	tu_load(&file, path);
	assert_string_equal(run_meta_get(&file, "status"), "complete");
	assert_int_equal(plan_read(&back, &file, path, &err), 0);
	assert_int_equal(back.samples, 3);
	assert_true(back.seed != 0);		/* the seed it ran with */
	plan_free(&back);
	plan_free(&p);
	run_free(&file);
	run_free(&run);
}

/* What the journal says while the run goes on: running, not interrupted. */
static void
mid_cb(const struct runner_event *ev, void *arg)
{
	struct seen	*x = arg;

	seen_cb(ev, arg);
	if (ev->type == RUNNER_EV_SAMPLE && x->samples == 2)
		file_status(session_path(x->s), x->file_status,
		    sizeof x->file_status);
}

static void
test_journal_mid_run(void **state)
{
	struct plan		 p;
	struct run		 run;
	struct seen		 x;
	char			 path[300];

	(void)state;
	out_path(path, sizeof path, "mid.csv");
	small_plan(&p, 3);
	begin_as(&p, path, 0, NULL, mid_cb, &run, &x);
	session_wait(x.s);
	assert_int_equal(session_end(x.s), 0);
	assert_string_equal(x.file_status, "running");
	session_free(x.s);
	plan_free(&p);
	run_free(&run);
}

/* Two runs with one -o: the second is refused before it measures. */
static void
test_one_name_one_run(void **state)
{
	struct session_conf	 c;
	struct plan		 p;
	struct run		 run, run2;
	struct seen		 x;
	struct sm_error		 err;
	char			 path[300];

	(void)state;
	out_path(path, sizeof path, "same.csv");
	small_plan(&p, 1);
	begin(&p, path, 0, &run, &x);
	memset(&c, 0, sizeof c);
	c.self = tu_bin();
	c.out = path;
	run_init(&run2);
	assert_null(session_begin(&p, &c, &run2, seen_cb, &x, &err));
	assert_non_null(strstr(err.msg, "exists"));
	/* With -F (or a resume of the file), the lock refuses it. */
	c.force = 1;
	assert_null(session_begin(&p, &c, &run2, seen_cb, &x, &err));
	assert_non_null(strstr(err.msg, "in use by another sysmark"));
	assert_int_equal(run2.nsamples, 0);
	session_wait(x.s);
	assert_int_equal(session_end(x.s), 0);
	session_free(x.s);
	/* Once the first is over, -F may replace it. */
	assert_non_null(x.s = session_begin(&p, &c, &run2, seen_cb, &x,
	    &err));
	session_free(x.s);
	plan_free(&p);
	run_free(&run);
	run_free(&run2);
}

/* Write text as the lock of the run file at path. */
static void
put_lock(const char *path, const char *text)
{
	char	lock[320];
	FILE	*f;

	snprintf(lock, sizeof lock, "%s.lock", path);
	assert_non_null(f = fopen(lock, "w"));
	fputs(text, f);
	assert_int_equal(fclose(f), 0);
}

/*
 * A lock left behind is taken over, whatever it holds (the pid of a
 * process gone, nothing, words): the run begins, the lock names it while
 * it runs and is gone after; a lock naming a live process refuses the
 * run and stays as it was.
 */
static void
test_stale_lock(void **state)
{
	char			 dead[32], mine[32], parent[32];
	const char *const	 stale[] = { dead, "", "\n", "gone\n", "-5\n" };
	const char *const	 live[] = { mine, parent };
	struct session_conf	 c;
	struct plan		 p;
	struct run		 run;
	struct seen		 x;
	struct sm_error		 err;
	struct stat		 sb;
	char			 path[300], lock[320], *text;
	pid_t			 pid;

	(void)state;
	assert_true((pid = fork()) >= 0);
	if (pid == 0)
		_exit(0);
	assert_int_equal(waitpid(pid, NULL, 0), pid);
	snprintf(dead, sizeof dead, "%ld\n", (long)pid);
	snprintf(mine, sizeof mine, "%ld\n", (long)getpid());
	snprintf(parent, sizeof parent, "%ld\n", (long)getppid());
	small_plan(&p, 1);
	for (size_t i = 0; i < sizeof stale / sizeof stale[0]; i++) {
		snprintf(path, sizeof path, "%s/stale%zu.csv", tu_dir(), i);
		snprintf(lock, sizeof lock, "%s.lock", path);
		put_lock(path, stale[i]);
		begin(&p, path, 0, &run, &x);
		text = tu_slurp(lock);
		assert_string_equal(text, mine);
		free(text);
		session_wait(x.s);
		assert_int_equal(session_end(x.s), 0);
		assert_int_equal(stat(lock, &sb), -1);
		assert_string_equal(x.path, path);
		session_free(x.s);
		run_free(&run);
	}
	for (size_t i = 0; i < sizeof live / sizeof live[0]; i++) {
		snprintf(path, sizeof path, "%s/live%zu.csv", tu_dir(), i);
		snprintf(lock, sizeof lock, "%s.lock", path);
		put_lock(path, live[i]);
		memset(&c, 0, sizeof c);
		c.self = tu_bin();
		c.out = path;
		c.force = 1;
		run_init(&run);
		assert_null(session_begin(&p, &c, &run, seen_cb, &x, &err));
		assert_non_null(strstr(err.msg, "in use by another sysmark"));
		text = tu_slurp(lock);
		assert_string_equal(text, live[i]);
		free(text);
		unlink(lock);
		run_free(&run);
	}
	plan_free(&p);
}

/* Stopped after a sample: interrupted, saved, and resumable. */
static void
test_stopped_resumes(void **state)
{
	struct plan	 p;
	struct run	 run;
	struct seen	 x;
	struct resume	 rs;
	struct sm_error	 err;
	char		 path[300];

	(void)state;
	out_path(path, sizeof path, "stop.csv");
	small_plan(&p, 5);
	begin(&p, path, 0, &run, &x);
	x.stop_after = 2;
	assert_int_equal(session_wait(x.s), 1);
	assert_int_equal(session_end(x.s), SM_EXIT_INTERRUPTED);
	assert_int_equal(x.saved, 1);
	session_free(x.s);
	assert_int_equal(resume_load(&rs, path, 0, &err), 0);
	assert_string_equal(run_meta_get(&rs.run, "status"), "interrupted");
	assert_int_equal(rs.plan.samples, 5);
	assert_int_equal(rs.session, 2);
	resume_free(&rs);
	plan_free(&p);
	run_free(&run);
}

/* A profile is never journaled: the old one stands until the new ends. */
static void
test_profile_whole(void **state)
{
	struct plan		 p;
	struct run		 run;
	struct seen		 x;
	struct stat		 sb;
	char			 path[300];

	(void)state;
	out_path(path, sizeof path, "noise-box.csv");
	small_plan(&p, 1);
	begin_as(&p, path, 1, NOISE_KIND, seen_cb, &run, &x);
	assert_false(session_journaling(x.s));
	assert_int_equal(stat(path, &sb), -1);
	session_wait(x.s);
	assert_int_equal(session_end(x.s), 0);
	assert_string_equal(run_meta_get(&run, "kind"), NOISE_KIND);
	assert_int_equal(stat(path, &sb), 0);
	session_free(x.s);
	plan_free(&p);
	run_free(&run);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_whole_run),
		cmocka_unit_test(test_journal_mid_run),
		cmocka_unit_test(test_one_name_one_run),
		cmocka_unit_test(test_stale_lock),
		cmocka_unit_test(test_stopped_resumes),
		cmocka_unit_test(test_profile_whole),
	};

	return cmocka_run_group_tests(tests, tu_results_env,
	    tu_results_env_free);
}
