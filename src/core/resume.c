/*
 * run --resume FILE: an interrupted run (Ctrl-C, a crash, a reboot)
 * continued from its file.  The plan and settings come from the file's
 * meta (resume_note_plan() writes what the runner's own notes lack: the
 * tests, the copies and -b's baseline), never from the command line, so
 * the resumed samples belong to the same run: same tests, durations,
 * rounds, seed and hooks.  The runner then takes only the samples the
 * file does not hold (runner_resume()), each in its own round and
 * repeat, marked with a new session number; the gap is recorded in the
 * meta (resumed, gap.N) and flagged G in the results table.
 *
 * A run is resumable when its status is "interrupted", or "running" with
 * its process gone (a crash); one still running is refused, as are
 * another host's runs, a noise profile and a users run, and a run saved
 * before the plan was recorded.
 */
/* SPDX-License-Identifier: MIT */

#include <errno.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "core.h"

/* The copies values of a plan, "1,2": the same list -c takes. */
static void
resume_copies_str(const struct runner_plan *p, char *buf, size_t len)
{
	size_t	n = 0;

	buf[0] = '\0';
	for (size_t i = 0; i < p->ncopies && n < len; i++)
		n += (size_t)snprintf(buf + n, len - n, "%s%d", i ? "," : "",
		    p->copies[i]);
}

/*
 * Record what the runner's meta lacks for a resume: plan_tests,
 * plan_copies and plan_baseline (run -b with -C), as given.
 */
void
resume_note_plan(const struct runner_plan *p, struct run *run,
    const char *baseline)
{
	char	*tests = xcalloc(p->nbench + 1, 33), buf[16 * 12];

	for (size_t i = 0; i < p->nbench; i++) {
		if (i > 0)
			strcat(tests, ",");
		strncat(tests, p->benches[i]->id, 32);
	}
	run_meta_set(run, "plan_tests", tests);
	free(tests);
	resume_copies_str(p, buf, sizeof buf);
	run_meta_set(run, "plan_copies", buf);
	if (baseline != NULL)
		run_meta_set(run, "plan_baseline", baseline);
}

/* A meta value the plan needs; NULL with err naming it when absent. */
static const char *
resume_need(const struct run *run, const char *path, const char *key,
    struct sm_error *err)
{
	const char	*v = run_meta_get(run, key);

	if (v == NULL)
		sm_error_set(err, "%s: the run does not record its %s (saved "
		    "by an older sysmark?): it cannot be resumed", path, key);
	return v;
}

/* Whether the run's own process still goes on (same host, pid alive). */
static int
resume_alive(const struct run *run, long *pid)
{
	const char	*p = run_meta_get(run, "journal_pid");
	const char	*st = run_meta_get(run, "status");

	if (p == NULL || st == NULL || strcmp(st, "running") != 0 ||
	    sm_parse_int(p, 2, (long)INT32_MAX, pid) != 0)
		return 0;
	return kill((pid_t)*pid, 0) == 0 || errno == EPERM;
}

/* Whether the run may be resumed here; 0 or -1 with err. */
static int
resume_check(const struct run *run, const char *path, int force,
    struct sm_error *err)
{
	const char	*st = run_meta_get(run, "status");
	const char	*host = run_meta_get(run, "hostname");
	const char	*kind = run_meta_get(run, "kind");
	char		 me[256] = "";
	long		 pid;

	gethostname(me, sizeof me - 1);
	if (st != NULL && strcmp(st, "complete") == 0) {
		sm_error_set(err, "%s: the run is complete: nothing to resume",
		    path);
		return -1;
	}
	if (st == NULL || (strcmp(st, "interrupted") != 0 &&
	    strcmp(st, "running") != 0)) {
		sm_error_set(err, "%s: status \"%s\": only an interrupted run "
		    "resumes", path, st != NULL ? st : "(none)");
		return -1;
	}
	if (kind != NULL || run_meta_get(run, "mix") != NULL) {
		sm_error_set(err, "%s: a %s, not a run: only sysmark run's runs "
		    "resume", path, kind != NULL ? kind : "users run");
		return -1;
	}
	if (host != NULL && strcmp(host, me) != 0) {
		sm_error_set(err, "%s: measured on %s, this is %s: resume it "
		    "there", path, host, me);
		return -1;
	}
	if (!force && resume_alive(run, &pid)) {
		sm_error_set(err, "%s: the run is still going (pid %ld); if "
		    "that process is not sysmark, -F resumes anyway", path,
		    pid);
		return -1;
	}
	return 0;
}

/* The numbers of the plan, from the meta; 0 or -1 with err. */
static int
resume_numbers(struct resume *rs, const char *path, struct sm_error *err)
{
	const struct run	*run = &rs->run;
	const char		*v;
	long			 n;

	if ((v = resume_need(run, path, "samples", err)) == NULL)
		return -1;
	if (sm_parse_int(v, 1, RUNNER_MAX_SAMPLES, &n) != 0) {
		sm_error_set(err, "%s: meta samples \"%s\" is not a count of "
		    "samples", path, v);
		return -1;
	}
	rs->samples = (int)n;
	if ((v = resume_need(run, path, "duration", err)) == NULL)
		return -1;
	if (sm_parse_double(v, &rs->duration) != 0 ||
	    rs->duration < RUNNER_MIN_DURATION ||
	    rs->duration > RUNNER_MAX_DURATION) {
		sm_error_set(err, "%s: meta duration \"%s\" is not a sample "
		    "length", path, v);
		return -1;
	}
	v = run_meta_get(run, "repeats");
	rs->repeats = 1;
	if (v != NULL && sm_parse_int(v, 1, RUNNER_MAX_REPEATS, &n) == 0)
		rs->repeats = (int)n;
	v = run_meta_get(run, "warmup");
	rs->warmup = v == NULL || strcmp(v, "0") != 0;
	rs->target = run_target(run);
	v = run_meta_get(run, "time_cap");
	if (v == NULL || sm_parse_double(v, &rs->time_cap) != 0)
		rs->time_cap = 0;
	return 0;
}

/* The tests, copies, order and seed, from the meta; 0 or -1 with err. */
static int
resume_what(struct resume *rs, const char *path, struct sm_error *err)
{
	const struct run	*run = &rs->run;
	const char		*v;
	struct sm_error		 e;
	char			*end;

	if ((v = resume_need(run, path, "plan_tests", err)) == NULL)
		return -1;
	if (*v == '\0' || registry_parse(v, &rs->benches, &rs->nbench,
	    &e) != 0) {
		sm_error_set(err, "%s: meta plan_tests: %s", path, *v ? e.msg :
		    "no test");
		return -1;
	}
	if ((v = resume_need(run, path, "plan_copies", err)) == NULL)
		return -1;
	if (runner_parse_copies(v, rs->copies, sizeof rs->copies /
	    sizeof rs->copies[0], &rs->ncopies, &e) != 0) {
		sm_error_set(err, "%s: meta plan_copies: %s", path, e.msg);
		return -1;
	}
	v = run_meta_get(run, "order");
	rs->order = v != NULL && strcmp(v, "grouped") == 0 ?
	    RUNNER_ORDER_GROUPED : RUNNER_ORDER_INTERLEAVED;
	v = run_meta_get(run, "order_seed");
	errno = 0;
	rs->seed = v != NULL ? strtoull(v, &end, 10) : 0;
	if (v == NULL || *v == '\0' || *end != '\0' || errno != 0)
		rs->seed = 0;	/* the rounds' order is new, not their content */
	return 0;
}

/* The sessions so far: the highest any sample has. */
static int
resume_last_session(const struct run *run)
{
	int	last = 1;

	for (size_t i = 0; i < run->nsamples; i++)
		if (run->samples[i].session > last)
			last = run->samples[i].session;
	return last;
}

/* The hooks and baseline, copied: the runner rewrites their meta. */
static char *
resume_dup(const struct run *run, const char *key)
{
	const char	*v = run_meta_get(run, key);

	return v != NULL ? xstrdup(v) : NULL;
}

/*
 * Load the run at path and its plan into rs for run --resume; force
 * resumes one whose pid is alive (not sysmark's, the user says).  0, or
 * -1 with err.
 */
int
resume_load(struct resume *rs, const char *path, int force,
    struct sm_error *err)
{
	memset(rs, 0, sizeof *rs);
	run_init(&rs->run);
	if (csvstore_load(&rs->run, path, err) != 0)
		return -1;
	if (resume_check(&rs->run, path, force, err) != 0 ||
	    resume_numbers(rs, path, err) != 0 ||
	    resume_what(rs, path, err) != 0) {
		resume_free(rs);
		return -1;
	}
	rs->prepare = resume_dup(&rs->run, "prepare");
	rs->setup = resume_dup(&rs->run, "setup");
	rs->cleanup = resume_dup(&rs->run, "cleanup");
	rs->baseline = resume_dup(&rs->run, "plan_baseline");
	rs->session = resume_last_session(&rs->run) + 1;
	return 0;
}

/*
 * Record the gap before the new session: when the run stopped (its last
 * save), when it resumed, how much it held, and the machine now.
 */
void
resume_note_gap(struct resume *rs)
{
	const char	*last = run_meta_get(&rs->run, "journal_date");
	char		 key[32], buf[400], now[32], clock[160] = "";
	time_t		 t = time(NULL);
	size_t		 ok = 0;

	for (size_t i = 0; i < rs->run.nsamples; i++)
		ok += rs->run.samples[i].status == RUN_OK;
	strftime(now, sizeof now, "%Y-%m-%dT%H:%M:%S%z", localtime(&t));
	if (cpufreq_governor(clock, sizeof clock) != 0)
		snprintf(clock, sizeof clock, "%s", CPUFREQ_NA);
	snprintf(buf, sizeof buf, "stopped %s after %zu samples (%zu "
	    "measured, status %s); resumed %s, load average %.2f, governor "
	    "%s", last != NULL ? last : "at an unknown time",
	    rs->run.nsamples, ok, run_meta_get(&rs->run, "status"), now,
	    sysinfo_loadavg(), clock);
	snprintf(key, sizeof key, "gap.%d", rs->session - 1);
	run_meta_set(&rs->run, key, buf);
	snprintf(key, sizeof key, "%d", rs->session - 1);
	run_meta_set(&rs->run, "resumed", key);
}

void
resume_free(struct resume *rs)
{
	run_free(&rs->run);
	free(rs->benches);
	free(rs->prepare);
	free(rs->setup);
	free(rs->cleanup);
	free(rs->baseline);
	memset(rs, 0, sizeof *rs);
}

/* Most saved runs the console looks through for one to resume. */
#define RESUME_FIND_MAX		50

/*
 * Whether the file at path looks resumable from its first lines: the
 * meta rows come before every sample, so the status is among them.
 */
static int
resume_looks(const char *path)
{
	char	 line[512];
	FILE	*f;
	int	 yes = 0;

	if ((f = fopen(path, "r")) == NULL)
		return 0;
	for (int i = 0; i < 10000 && fgets(line, sizeof line, f) != NULL;
	    i++) {
		if (strncmp(line, "sample,", 7) == 0 ||
		    strncmp(line, "hist,", 5) == 0)
			break;
		if (strncmp(line, "meta,status,interrupted,", 24) == 0 ||
		    strncmp(line, "meta,status,running,", 20) == 0)
			yes = 1;
	}
	fclose(f);
	return yes;
}

/*
 * The newest run in the results directory that run --resume would take
 * (of the RESUME_FIND_MAX newest names), for the console to offer; 0
 * with its path, or -1.
 */
int
resume_find(const char *self, char *path, size_t len)
{
	struct sm_error	  err;
	struct resume	  rs;
	char		  dir[PATH_MAX], **names;
	size_t		  n, tried = 0;
	int		  rc = -1;

	if (paths_results_dir(self, dir, sizeof dir, &err) != 0)
		return -1;
	n = paths_list_csv(dir, &names);
	for (size_t i = n; i-- > 0 && rc != 0 && tried < RESUME_FIND_MAX;) {
		if (strncmp(names[i], "noise-", 6) == 0)
			continue;
		tried++;
		snprintf(path, len, "%s/%s.csv", dir, names[i]);
		if (!resume_looks(path) || resume_load(&rs, path, 0, &err))
			continue;
		resume_free(&rs);
		rc = 0;
	}
	for (size_t i = 0; i < n; i++)
		free(names[i]);
	free(names);
	return rc;
}
