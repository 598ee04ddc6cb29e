/*
 * run --resume FILE: an interrupted run (Ctrl-C, a crash, a reboot)
 * continued from its file.  The plan comes from the file's meta
 * (plan_read(), the reader of what plan_write() wrote), never from the
 * command line, so the resumed samples belong to the same run: same
 * tests, durations, rounds, seed and hooks, measured by the same sysmark
 * and the same version of each workload.  The runner then takes only the samples the
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

#include "session.h"

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

/*
 * Whether the samples the run holds were measured by this sysmark and
 * this version of each workload: a resume adds samples to the same
 * figures, and old and new workloads are never averaged into one.
 */
static int
resume_versions(const struct resume *rs, const char *path,
    struct sm_error *err)
{
	const char	*v = run_meta_get(&rs->run, "sysmark_version");
	struct run	 here;
	char		 why[192];
	int		 other;

	if (v != NULL && strcmp(v, SYSMARK_VERSION) != 0) {
		sm_error_set(err, "%s: measured by sysmark %s, this is %s: "
		    "resume it with that version, or start a new run", path,
		    v, SYSMARK_VERSION);
		return -1;
	}
	/* One figure must never hold the samples of two builds. */
	run_init(&here);
	sysinfo_build(&here);
	other = ident_build_differs(&rs->run, "the run's", &here,
	    "this sysmark's", why, sizeof why);
	run_free(&here);
	if (other) {
		sm_error_set(err, "%s: %s: resume it with the build that "
		    "measured it, or start a new run", path, why);
		return -1;
	}
	for (size_t i = 0; i < rs->run.nsamples; i++) {
		const struct run_sample	*s = &rs->run.samples[i];

		for (size_t b = 0; b < rs->plan.nbench; b++) {
			const struct bench	*bn = rs->plan.benches[b];

			if (strcmp(bn->id, s->test) != 0 ||
			    s->version == bn->version)
				continue;
			sm_error_set(err, "%s: %s was measured at workload "
			    "version %d, this sysmark's is %d: its samples "
			    "cannot be continued; start a new run", path,
			    s->test, s->version, bn->version);
			return -1;
		}
	}
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
	if (resume_check(&rs->run, path, force, err) != 0)
		goto fail;
	if (plan_read(&rs->plan, &rs->run, path, err) != 0) {
		snprintf(err->msg + strlen(err->msg), sizeof err->msg -
		    strlen(err->msg), ": it cannot be resumed");
		goto fail;
	}
	if (resume_versions(rs, path, err) != 0)
		goto fail;
	rs->session = resume_last_session(&rs->run) + 1;
	return 0;
fail:
	resume_free(rs);
	return -1;
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
	rundate_format(t, now, sizeof now);
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
	plan_free(&rs->plan);
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
