/*
 * One host of a fleet: the steps sysmark takes with it over ssh, each
 * one ssh process (over one master connection), each with a deadline.
 *
 *   PROBE -- os, arch, cpus, load, a sysmark in PATH? --+-- check: DONE
 *     |                                                 |
 *   PREP  -- mktemp -d under ~/.cache/sysmark          |
 *     |  no matching sysmark there: arch must match     |
 *   COPY, COPY_EXEC -- the binaries through ssh's stdin |
 *     |                                                 |
 *   AGENT -- plan on stdin, heartbeats both ways, the run file back
 *     |  silent too long: STOP (the agent killed on the host)
 *   CLEAN -- rm -rf the directory (kept when a run was left in it)
 *     v
 *   DONE, in one status (fleet_status_name())
 *
 * Every remote command is a fixed string of sysmark's own; the only
 * things formatted into them are the directory the host's mktemp made
 * and the agent's pid, both checked (fleet_valid_remote_dir(), a number)
 * before use.  The plan and the binaries travel on stdin.
 *
 * It is longer than a file here should be because it is one state
 * machine: each step's start, its reading of the host's lines and its
 * end are kept beside the others so that the transitions above can be
 * read in one place; what is not a step (the host's files, the caps, the
 * pid check) lives in fleet_out.c, fleet_plan.c and fleet_proc.c.
 */
/* SPDX-License-Identifier: MIT */

#include <sys/types.h>

#include <errno.h>
#include <math.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <string.h>
#include <unistd.h>

#include "fleet.h"

static void	fleet_sess_file_done(struct fleet_sess *);

#define FLEET_NS		1000000000ull
#define FLEET_STEP_S		20	/* a short step past ConnectTimeout */
#define FLEET_COPY_S		300	/* copying the binaries */
#define FLEET_STOP_GRACE_S	15	/* an interrupted agent's last words */

static const char fleet_probe_cmd[] =
    "sh -c 'echo os $(uname -s); echo arch $(uname -m); "
    "echo cpus $(getconf _NPROCESSORS_ONLN 2>/dev/null); "
    "echo load $(cut -d\" \" -f1-3 /proc/loadavg 2>/dev/null); "
    "echo version $(sysmark --version 2>/dev/null); echo end'";
/* The directory is named after the fleet: fleet collect tells them apart. */
static const char fleet_prep_cmd[] =
    "sh -c 'umask 077 && mkdir -p \"$HOME/.cache/sysmark\" && "
    "d=$(mktemp -d \"$HOME/.cache/sysmark/run.%sXXXXXX\") && echo dir $d && "
    "b=$(command -v sysmark) && "
    "[ \"$($b --version 2>/dev/null)\" = \"sysmark " SYSMARK_VERSION "\" ] "
    "&& echo have $b; echo end'";
static const char fleet_copy_cmd[] =
    "sh -c 'cat > \"%s/%s\" && chmod 700 \"%s/%s\" && echo end'";
static const char fleet_agent_cmd[] =
    "sh -c 'cd \"%s\" && exec \"%s\" agent -o \"%s/run.csv\"'";
/*
 * The agent's pid came from its hello and it may have exited since: a
 * pid reused by another process (and its group) must not be signalled.
 * So nothing is signalled unless the process at that pid is still this
 * run's agent, the one whose command line names this run's directory
 * (/proc/PID/cmdline, or ps where there is no /proc).  While its group
 * has a member the pid cannot be reused, so the group is killed only
 * after the agent was found there at the start.
 */
static const char fleet_stop_cmd[] =
    "sh -c 'p=%ld; ours() { { tr \"\\000\" \" \" </proc/$p/cmdline || "
    "ps -ww -o args= -p $p; } 2>/dev/null | "
    "grep -qF -- \" agent -o %s/run.csv\"; }; "
    "if ours; then kill -CONT $p; kill -TERM $p; i=0; "
    "while ours && [ $i -lt 50 ]; do sleep 0.1; i=$((i+1)); done; "
    "kill -KILL -- -$p 2>/dev/null; pkill -KILL -s $p 2>/dev/null; "
    "else echo not signalled: pid $p is no longer the agent of this run; "
    "fi; "
    "[ -s \"%s/run.csv\" ] || rm -rf \"%s\"; echo end'";
static const char fleet_clean_cmd[] = "sh -c 'rm -rf \"%s\"; echo end'";
/*
 * A directory whose agent still runs (its run.csv.lock names a live pid,
 * journal.c) is left alone: its file is still being written, and removing
 * it under the agent would lose the run's last samples.
 */
static const char fleet_collect_cmd[] =
    "sh -c 'for d in \"$HOME\"/.cache/sysmark/run.*; do "
    "[ -s \"$d/run.csv\" ] || continue; "
    "p=$(cat \"$d/run.csv.lock\" 2>/dev/null); case $p in \"\"|*[!0-9]*) "
    ";; *) if kill -0 $p 2>/dev/null; then echo busy $p $d; continue; fi;; "
    "esac; "
    "echo file $(wc -c < \"$d/run.csv\") $d; cat \"$d/run.csv\"; done; "
    "echo end'";

static const char *const fleet_status_names[] = {
	[FLEET_ST_PENDING] = "pending",
	[FLEET_ST_RUNNING] = "running",
	[FLEET_ST_OK] = "ok",
	[FLEET_ST_FAILED_SAMPLES] = "failed-samples",
	[FLEET_ST_REFUSED] = "refused",
	[FLEET_ST_UNREACHABLE] = "unreachable",
	[FLEET_ST_AUTH] = "auth",
	[FLEET_ST_HOSTKEY] = "hostkey",
	[FLEET_ST_NO_BINARY] = "no-binary",
	[FLEET_ST_LOST] = "lost",
	[FLEET_ST_TIMEOUT] = "timeout",
	[FLEET_ST_INTERRUPTED] = "interrupted",
	[FLEET_ST_FAILED] = "failed",
};

static const char *const fleet_step_names[] = {
	"probe", "prep", "copy", "copy-exec", "agent", "stop", "clean",
	"collect", "done"
};

static void	fleet_sess_log(struct fleet_sess *, const char *, ...)
		    __attribute__((format(printf, 2, 3)));
static void	fleet_sess_fail(struct fleet_sess *, enum fleet_status,
		    const char *, ...) __attribute__((format(printf, 3, 4)));
static void	fleet_sess_note(struct fleet_sess *, const char *, ...)
		    __attribute__((format(printf, 2, 3)));
static void	fleet_sess_begin(struct fleet_sess *, enum fleet_step);

/*
 * A timestamped line in the host's log, made visible (visible.c): the
 * host's own words are in it, and a log is read with cat.
 */
static void
fleet_sess_log(struct fleet_sess *s, const char *fmt, ...)
{
	va_list	 ap;
	char	 line[FLEET_LINE_MAX + 128], *v;

	if (s->log == NULL)
		return;
	va_start(ap, fmt);
	vsnprintf(line, sizeof line, fmt, ap);
	va_end(ap);
	v = xvisible(line, 0);
	fprintf(s->log, "%8.3f %s\n", (double)(sm_now_ns() - s->started) /
	    FLEET_NS, v);
	free(v);
	fflush(s->log);
}

/*
 * The reason, unless one was said first; printed, and kept in fleet.csv:
 * the host's words made visible.
 */
static void
fleet_sess_reason(struct fleet_sess *s, const char *fmt, va_list ap)
{
	char	why[sizeof s->reason];

	if (s->reason[0] != '\0')
		return;
	vsnprintf(why, sizeof why, fmt, ap);
	visible_buf(why, s->reason, sizeof s->reason, 0);
}

/* The host ends in status st, the reason said; then cleaning if needed. */
static void
fleet_sess_fail(struct fleet_sess *s, enum fleet_status st, const char *fmt,
    ...)
{
	va_list	ap;

	if (s->status == FLEET_ST_RUNNING || s->status == FLEET_ST_PENDING)
		s->status = st;
	va_start(ap, fmt);
	fleet_sess_reason(s, fmt, ap);
	va_end(ap);
	fleet_sess_log(s, "%s: %s", fleet_status_names[st], s->reason);
}

/* What the host's row must say beside its status, which stays. */
static void
fleet_sess_note(struct fleet_sess *s, const char *fmt, ...)
{
	va_list	ap;

	va_start(ap, fmt);
	fleet_sess_reason(s, fmt, ap);
	va_end(ap);
	fleet_sess_log(s, "note: %s", s->reason);
}

/* ---- Reading what ssh says ---- */

/*
 * ssh's own failure, from its last words on stderr: which status.  Until
 * the agent runs a failure to connect; afterwards a lost connection.
 */
static enum fleet_status
fleet_sess_classify(const struct fleet_sess *s)
{
	const char	*e = s->errs;

	if (strstr(e, "Host key verification failed") != NULL ||
	    strstr(e, "IDENTIFICATION HAS CHANGED") != NULL ||
	    strstr(e, "host key is known") != NULL)
		return FLEET_ST_HOSTKEY;
	if (strstr(e, "Permission denied") != NULL ||
	    strstr(e, "Too many authentication failures") != NULL)
		return FLEET_ST_AUTH;
	if (s->step == FLEET_STEP_AGENT && s->agent_pid > 0)
		return FLEET_ST_LOST;
	return FLEET_ST_UNREACHABLE;
}

/*
 * ssh failed: the status from its words, the reason its last line (not
 * the agent's: a connection lost while the agent ran is ssh's failure,
 * whatever the agent said last on the same stderr).
 */
static void
fleet_sess_ssh_fail(struct fleet_sess *s)
{
	enum fleet_status	st = s->interrupted ? FLEET_ST_INTERRUPTED :
				    fleet_sess_classify(s);
	int			port = s->h->port ? s->h->port : 22;

	if (s->p.signo != 0 && (st == FLEET_ST_LOST ||
	    st == FLEET_ST_UNREACHABLE)) {
		fleet_sess_fail(s, st, "ssh was killed by signal %d (%s)",
		    s->p.signo, strsignal(s->p.signo));
		return;
	}
	if (st == FLEET_ST_LOST) {
		fleet_sess_fail(s, st, "ssh failed (exit %d)%s%s", s->p.status,
		    s->ssh_err[0] ? ": " : "", s->ssh_err);
		return;
	}
	if (st != FLEET_ST_HOSTKEY) {
		fleet_sess_fail(s, st, "%s", s->ssh_err[0] ? s->ssh_err :
		    "ssh failed");
		return;
	}
	if (strstr(s->errs, "CHANGED") != NULL)
		fleet_sess_fail(s, st, "%s (the host's key CHANGED: find out "
		    "why before you trust it)", s->last_err);
	else
		fleet_sess_fail(s, st, "%s (unknown host key: check it, then "
		    "ssh-keyscan -p %d %s >> ~/.ssh/known_hosts, or use "
		    "--accept-new)", s->last_err, port, s->h->addr);
}

/* Keep stderr's last line (the reason) and log every line. */
static void
fleet_sess_err_line(struct fleet_sess *s, char *line)
{
	size_t	len = strlen(line);

	if (len > 0 && line[len - 1] == '\r')
		line[--len] = '\0';
	if (len == 0)
		return;
	fleet_sess_log(s, "%s: stderr: %s", fleet_step_names[s->step], line);
	snprintf(s->last_err, sizeof s->last_err, "%.255s", line);
	/* The agent and what it runs say "sysmark...": not ssh's words. */
	if (s->step != FLEET_STEP_AGENT || strncmp(line, "sysmark", 7) != 0)
		snprintf(s->ssh_err, sizeof s->ssh_err, "%.255s", line);
	if (strlen(s->errs) + len + 2 < sizeof s->errs) {
		strcat(s->errs, line);
		strcat(s->errs, "\n");
	}
}

/*
 * The host sent more than its plan can make (a log line, a file): it
 * ends failed with why, and what it sends from now on is dropped; the
 * step is cut at the next fleet_sess_step().
 */
static void
fleet_sess_over(struct fleet_sess *s, const char *what, size_t got,
    size_t cap)
{
	if (s->over)
		return;
	s->over = 1;
	s->in_file = 0;
	fleet_sess_fail(s, FLEET_ST_FAILED, "it sent %s of %zu bytes, more "
	    "than this plan can make (%zu): cut", what, got, cap);
}

/* n more bytes of output that is not a run file; 0, or -1 past the cap. */
static int
fleet_sess_count(struct fleet_sess *s, size_t n)
{
	if (s->over)
		return -1;
	s->out_got += n;
	if (s->out_got <= s->job->max_out)
		return 0;
	fleet_sess_over(s, "output", s->out_got, s->job->max_out);
	return -1;
}

/* Read stderr into lines. */
static void
fleet_sess_read_err(struct fleet_sess *s)
{
	char	buf[1024];
	ssize_t	n;

	while (s->p.err >= 0 && (n = read(s->p.err, buf, sizeof buf)) != 0) {
		if (n < 0) {
			if (errno != EINTR)
				break;
			continue;
		}
		if (fleet_sess_count(s, (size_t)n) != 0)
			continue;
		for (ssize_t i = 0; i < n; i++) {
			if (buf[i] != '\n' && s->nerrl + 1 < sizeof s->errl) {
				s->errl[s->nerrl++] = buf[i];
				continue;
			}
			if (buf[i] != '\n')
				continue;
			s->errl[s->nerrl] = '\0';
			fleet_sess_err_line(s, s->errl);
			s->nerrl = 0;
		}
	}
}

/*
 * "file BYTES [DIR]": the run's bytes follow.  A size past what the plan
 * can make fails the host at once; the buffer grows as bytes come, never
 * to the size announced.
 */
static void
fleet_sess_file_start(struct fleet_sess *s, const char *arg)
{
	long	n;
	char	num[32] = "", dir[sizeof s->cdir] = "";

	sscanf(arg, "%31s %511s", num, dir);
	if (sm_parse_int(num, 0, CSVSTORE_MAX_FILE, &n) != 0) {
		fleet_sess_log(s, "bad file line: %s", arg);
		return;
	}
	if ((size_t)n > s->job->max_file) {
		fleet_sess_over(s, "a run file", (size_t)n, s->job->max_file);
		return;
	}
	free(s->file);
	s->file = xmalloc(1);
	s->file_cap = 0;
	s->file_len = (size_t)n;
	s->file_got = 0;
	s->in_file = 1;
	snprintf(s->cdir, sizeof s->cdir, "%s", dir);
}

/* Take more bytes of the run file, the buffer grown to what came. */
static void
fleet_sess_file_add(struct fleet_sess *s, const char *buf, size_t take)
{
	size_t	cap = s->file_cap > 0 ? s->file_cap : 8192;

	while (cap < s->file_got + take)
		cap *= 2;
	if (cap > s->file_len)
		cap = s->file_len;
	if (cap != s->file_cap) {
		s->file = xreallocarray(s->file, cap + 1, 1);
		s->file_cap = cap;
	}
	memcpy(s->file + s->file_got, buf, take);
	s->file_got += take;
}

/* One line on stdout: a probe fact, the agent's progress, ... */
static void
fleet_sess_out_line(struct fleet_sess *s, const char *l)
{
	const char	*sp = strchr(l, ' ');
	const char	*arg = sp != NULL ? sp + 1 : "";
	size_t		 klen = sp != NULL ? (size_t)(sp - l) : strlen(l);

	s->last_out = sm_now_ns();
	if (strcmp(l, "hb") != 0)
		fleet_sess_log(s, "%s: %s", fleet_step_names[s->step], l);
#define KEY(k)	(klen == strlen(k) && strncmp(l, k, klen) == 0)
	if (KEY("end"))
		s->got_end = 1;
	else if (KEY("os"))
		snprintf(s->os, sizeof s->os, "%s", arg);
	else if (KEY("arch"))
		snprintf(s->arch, sizeof s->arch, "%s", arg);
	else if (KEY("cpus"))
		snprintf(s->cpus, sizeof s->cpus, "%s", arg);
	else if (KEY("load"))
		snprintf(s->load, sizeof s->load, "%s", arg);
	else if (KEY("version"))
		snprintf(s->version, sizeof s->version, "%s", arg);
	else if (KEY("dir"))
		snprintf(s->dir, sizeof s->dir, "%s", arg);
	else if (KEY("have"))
		snprintf(s->bin, sizeof s->bin, "%s", arg);
	else if (KEY("sysmark-agent"))
		sscanf(arg, "1 pid %ld", &s->agent_pid);
	else if (KEY("sample")) {
		s->samples++;
		sscanf(arg, "%63s", s->current);
		sp = strchr(arg, '/');
		if (sp != NULL && (sp = strchr(sp, ' ')) != NULL)
			snprintf(s->figure, sizeof s->figure, "%s", sp + 1);
	} else if (KEY("error"))
		s->errors++;
	else if (KEY("busy"))
		s->busy++;
	else if (KEY("exit"))
		sscanf(arg, "%d", &s->agent_exit);
	else if (KEY("file"))
		fleet_sess_file_start(s, arg);
#undef KEY
}

/* Bytes of stdout: lines, or the run file's bytes after "file N". */
static void
fleet_sess_out_bytes(struct fleet_sess *s, const char *buf, size_t n)
{
	size_t	take;

	while (n > 0 && !s->over) {
		if (s->in_file) {
			take = s->file_len - s->file_got;
			take = take < n ? take : n;
			fleet_sess_file_add(s, buf, take);
			buf += take;
			n -= take;
			if (s->file_got == s->file_len)
				fleet_sess_file_done(s);
			continue;
		}
		if (fleet_sess_count(s, 1) != 0)
			return;
		if (*buf == '\n' || s->nline + 1 >= sizeof s->line) {
			s->line[s->nline] = '\0';
			s->nline = 0;
			fleet_sess_out_line(s, s->line);
		} else
			s->line[s->nline++] = *buf;
		buf++;
		n--;
	}
}

/* Read stdout. */
static void
fleet_sess_read_out(struct fleet_sess *s)
{
	char	buf[8192];
	ssize_t	n;

	while (s->p.out >= 0) {
		if ((n = read(s->p.out, buf, sizeof buf)) < 0 && errno == EINTR)
			continue;
		if (n < 0)
			return;
		if (n == 0) {
			fleet_proc_close(&s->p.out);
			return;
		}
		fleet_sess_out_bytes(s, buf, (size_t)n);
	}
}

/* Write what is left of the feed; close stdin after unless kept open. */
static void
fleet_sess_write_in(struct fleet_sess *s)
{
	ssize_t	n;

	while (s->p.in >= 0 && s->feed_off < s->feed_len) {
		n = write(s->p.in, s->feed + s->feed_off, s->feed_len -
		    s->feed_off);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0 && errno == EAGAIN)
			return;
		if (n < 0) {
			fleet_proc_close(&s->p.in);
			return;
		}
		s->feed_off += (size_t)n;
	}
	if (s->p.in >= 0 && !s->keep_open)
		fleet_proc_close(&s->p.in);
}

/* The heartbeat to the agent, while it runs. */
static void
fleet_sess_heartbeat(struct fleet_sess *s)
{
	uint64_t	now = sm_now_ns();

	if (s->step != FLEET_STEP_AGENT || s->p.in < 0 ||
	    s->feed_off < s->feed_len || now < s->next_hb)
		return;
	if (write(s->p.in, "hb\n", 3) < 0 && errno != EAGAIN)
		fleet_proc_close(&s->p.in);
	s->next_hb = now + FLEET_HEARTBEAT_S * FLEET_NS;
}

/* ---- Steps ---- */

/* Start ssh with remote command cmd and stdin feed; a step begins. */
static void
fleet_sess_spawn(struct fleet_sess *s, const char *cmd, const char *feed,
    size_t len, int keep_open, double secs)
{
	char		*argv[FLEET_SSH_MAX_ARGS], buf[4096];
	struct sm_error	 err;

	s->feed = feed;
	s->feed_len = len;
	s->feed_off = 0;
	s->keep_open = keep_open;
	s->got_end = 0;
	s->errs[0] = s->last_err[0] = s->ssh_err[0] = '\0';
	s->nline = s->nerrl = 0;
	s->step_start = s->last_out = sm_now_ns();
	s->deadline = s->last_out + (uint64_t)(secs * FLEET_NS);
	if (fleet_ssh_argv(s->ssh, s->h, cmd, argv, buf, sizeof buf) == 0) {
		fleet_sess_fail(s, FLEET_ST_REFUSED, "%s: not a name ssh may "
		    "be given", s->h->name);
		s->step = FLEET_STEP_DONE;
		return;
	}
	fleet_sess_log(s, "%s: ssh ... -- %s %s", fleet_step_names[s->step],
	    s->h->addr, cmd);
	if (fleet_proc_start(&s->p, argv, &err) != 0) {
		fleet_sess_fail(s, FLEET_ST_REFUSED, "%s", err.msg);
		s->step = FLEET_STEP_DONE;
	}
}

/* The remote command for step st, from its fixed template. */
static int
fleet_sess_cmd(const struct fleet_sess *s, enum fleet_step st, char *cmd,
    size_t len)
{
	const char	*d = s->dir;

	switch (st) {
	case FLEET_STEP_PROBE:
		return snprintf(cmd, len, "%s", fleet_probe_cmd);
	case FLEET_STEP_PREP:
		return snprintf(cmd, len, fleet_prep_cmd, s->job->id_dot);
	case FLEET_STEP_COPY:
		return snprintf(cmd, len, fleet_copy_cmd, d, "sysmark", d,
		    "sysmark");
	case FLEET_STEP_COPY_EXEC:
		return snprintf(cmd, len, fleet_copy_cmd, d, "sysmark-exec", d,
		    "sysmark-exec");
	case FLEET_STEP_AGENT:
		return snprintf(cmd, len, fleet_agent_cmd, d, s->bin, d);
	case FLEET_STEP_STOP:
		return snprintf(cmd, len, fleet_stop_cmd, s->agent_pid, d, d,
		    d);
	case FLEET_STEP_CLEAN:
		return snprintf(cmd, len, fleet_clean_cmd, d);
	case FLEET_STEP_COLLECT:
		return snprintf(cmd, len, "%s", fleet_collect_cmd);
	default:
		return -1;
	}
}

/* Begin step st: its command, stdin and deadline. */
static void
fleet_sess_begin(struct fleet_sess *s, enum fleet_step st)
{
	const struct fleet_job	*j = s->job;
	char			 cmd[2048];
	double			 t = j->connect_timeout + FLEET_STEP_S;

	s->step = st;
	if (st == FLEET_STEP_DONE) {
		s->ended = sm_now_ns();
		s->wall_end = time(NULL);
		if (s->status == FLEET_ST_RUNNING)
			s->status = FLEET_ST_OK;
		fleet_sess_log(s, "done: %s", fleet_status_names[s->status]);
		return;
	}
	if (st == FLEET_STEP_CLEAN && s->keep) {
		/* Not kept here (fleet_out_save()): the host's copy stays. */
		fleet_sess_log(s, "clean: skipped, %s stays for fleet collect",
		    s->dir);
		fleet_sess_begin(s, FLEET_STEP_DONE);
		return;
	}
	if (fleet_sess_cmd(s, st, cmd, sizeof cmd) >= (int)sizeof cmd) {
		fleet_sess_fail(s, FLEET_ST_REFUSED, "remote directory name "
		    "too long");
		s->step = FLEET_STEP_DONE;
		return;
	}
	if (st == FLEET_STEP_COPY)
		fleet_sess_spawn(s, cmd, j->bin, j->bin_len, 0, FLEET_COPY_S);
	else if (st == FLEET_STEP_COPY_EXEC)
		fleet_sess_spawn(s, cmd, j->exec, j->exec_len, 0, FLEET_COPY_S);
	else if (st == FLEET_STEP_AGENT) {
		s->agent_start = sm_now_ns();
		s->next_hb = s->agent_start + FLEET_HEARTBEAT_S * FLEET_NS;
		fleet_sess_spawn(s, cmd, j->plan, j->plan_len, 1, 0);
	} else
		fleet_sess_spawn(s, cmd, NULL, 0, 0, t);
}

/* The run file arrived whole: the caller takes it from s->file. */
static void
fleet_sess_file_done(struct fleet_sess *s)
{
	s->in_file = 0;
	s->got_file = 1;
	s->file[s->file_len] = '\0';
	fleet_sess_log(s, "%s: received %zu bytes of run file",
	    fleet_step_names[s->step], s->file_len);
	if (s->job->on_file != NULL)
		s->job->on_file(s, s->job->arg);
	free(s->file);
	s->file = NULL;
}

/* After the probe: the facts checked, then PREP (or DONE for check). */
static enum fleet_step
fleet_sess_after_probe(struct fleet_sess *s)
{
	if (!s->got_end) {
		fleet_sess_fail(s, FLEET_ST_UNREACHABLE, "the probe did not "
		    "finish: %s", s->last_err);
		return FLEET_STEP_DONE;
	}
	if (s->job->check_only)
		return FLEET_STEP_DONE;
	return FLEET_STEP_PREP;
}

/* After PREP: a remote sysmark of our version, or a copy if the arch fits. */
static enum fleet_step
fleet_sess_after_prep(struct fleet_sess *s)
{
	if (!s->got_end || !fleet_valid_remote_dir(s->dir)) {
		fleet_sess_fail(s, FLEET_ST_NO_BINARY, "no private directory "
		    "under ~/.cache/sysmark: %s", s->dir[0] ? "unsafe name" :
		    s->last_err);
		s->dir[0] = '\0';
		return FLEET_STEP_DONE;
	}
	if (s->bin[0] != '\0' && fleet_valid_remote_dir(s->bin))
		return FLEET_STEP_AGENT;
	if (strcmp(s->os, s->job->os) != 0 || strcmp(s->arch, s->job->arch)
	    != 0) {
		fleet_sess_fail(s, FLEET_ST_NO_BINARY, "no sysmark %s there, "
		    "and it is %s %s, this one %s %s: install sysmark on it",
		    SYSMARK_VERSION, s->os, s->arch, s->job->os, s->job->arch);
		return FLEET_STEP_CLEAN;
	}
	if (snprintf(s->bin, sizeof s->bin, "%.480s/sysmark", s->dir) >=
	    (int)sizeof s->bin)
		return FLEET_STEP_CLEAN;
	return FLEET_STEP_COPY;
}

/* The agent's status, from its exit and its "exit N" line. */
static enum fleet_step
fleet_sess_after_agent(struct fleet_sess *s)
{
	int	st = s->p.status;

	/* ssh ended or killed (a signal is never the agent's exit). */
	if ((st == 255 || s->p.signo != 0) && !s->got_file) {
		fleet_sess_ssh_fail(s);
		/* A lost agent keeps its run there for fleet collect. */
		return s->agent_pid > 0 ? FLEET_STEP_DONE : FLEET_STEP_CLEAN;
	}
	if (s->agent_pid <= 0)
		fleet_sess_fail(s, FLEET_ST_NO_BINARY, "sysmark cannot run "
		    "there (a noexec mount?): %s", s->last_err);
	else if (st == SM_EXIT_INPUT)
		fleet_sess_fail(s, FLEET_ST_REFUSED, "%s", s->last_err);
	else if (st == SM_EXIT_INTERRUPTED || s->interrupted)
		fleet_sess_fail(s, FLEET_ST_INTERRUPTED, "%s", s->interrupted ?
		    "interrupted (Ctrl-C)" : s->last_err);
	else if ((st == SM_EXIT_SAVED_ELSEWHERE || st == SM_EXIT_NOT_SAVED) &&
	    s->got_file)
		fleet_sess_note(s, "the run came back whole; on the host it "
		    "was not saved where asked: %s", s->last_err);
	else if (st == SM_EXIT_SAMPLE_FAILED)
		fleet_sess_fail(s, FLEET_ST_FAILED_SAMPLES, "%d sample(s) "
		    "failed", s->errors);
	else if (st != 0)
		fleet_sess_fail(s, FLEET_ST_LOST, "the agent exited with %d: "
		    "%s", st, s->last_err);
	if (st == 0 && !s->got_file)
		fleet_sess_fail(s, FLEET_ST_LOST, "no run file came back");
	return FLEET_STEP_CLEAN;
}

/* The step's ssh has ended: its outcome, then the next step. */
static void
fleet_sess_next(struct fleet_sess *s)
{
	enum fleet_step	next = FLEET_STEP_DONE;
	int		st = s->p.status;

	fleet_sess_read_out(s);
	fleet_sess_read_err(s);
	if (s->over)
		s->over = 2;	/* the step has ended: nothing to cut */
	fleet_proc_end(&s->p);
	fleet_sess_log(s, "%s: ssh exited %d", fleet_step_names[s->step], st);
	if (s->step == FLEET_STEP_AGENT) {
		s->agent_end = sm_now_ns();
		next = fleet_sess_after_agent(s);
	} else if (s->step == FLEET_STEP_STOP || s->step == FLEET_STEP_CLEAN)
		next = FLEET_STEP_DONE;
	else if (st == 255 || s->p.signo != 0)
		fleet_sess_ssh_fail(s);
	else if (st != 0 || (s->step == FLEET_STEP_COLLECT && !s->got_end))
		fleet_sess_fail(s, FLEET_ST_NO_BINARY, "%s", s->last_err[0] ?
		    s->last_err : "the remote command failed");
	else if (s->step == FLEET_STEP_PROBE)
		next = fleet_sess_after_probe(s);
	else if (s->step == FLEET_STEP_PREP)
		next = fleet_sess_after_prep(s);
	else if (s->step == FLEET_STEP_COPY)
		next = FLEET_STEP_COPY_EXEC;
	else if (s->step == FLEET_STEP_COPY_EXEC)
		next = FLEET_STEP_AGENT;
	if (st != 0 && s->step < FLEET_STEP_AGENT && s->dir[0] &&
	    st != 255)
		next = FLEET_STEP_CLEAN;
	fleet_sess_begin(s, next);
}

/* A step overran its deadline, or the agent fell silent: kill, move on. */
static void
fleet_sess_overdue(struct fleet_sess *s)
{
	enum fleet_step	step = s->step;

	fleet_proc_end(&s->p);
	if (step == FLEET_STEP_AGENT) {
		fleet_sess_fail(s, s->interrupted ? FLEET_ST_INTERRUPTED :
		    FLEET_ST_TIMEOUT, "the agent sent nothing for %d s",
		    FLEET_HEARTBEAT_LOST_S);
		s->agent_end = sm_now_ns();
		fleet_sess_begin(s, s->agent_pid > 0 ? FLEET_STEP_STOP :
		    FLEET_STEP_CLEAN);
		return;
	}
	fleet_sess_fail(s, step == FLEET_STEP_PROBE ? FLEET_ST_UNREACHABLE :
	    FLEET_ST_TIMEOUT, "no answer within %.0f s (%s)",
	    (double)(sm_now_ns() - s->step_start) / FLEET_NS,
	    fleet_step_names[step]);
	fleet_sess_begin(s, step < FLEET_STEP_AGENT && step > FLEET_STEP_PREP ?
	    FLEET_STEP_CLEAN : FLEET_STEP_DONE);
}

/* The host went past a cap (fleet_sess_over()): its step is cut. */
static void
fleet_sess_cut(struct fleet_sess *s)
{
	enum fleet_step	step = s->step;

	s->over = 2;
	fleet_proc_end(&s->p);
	if (step == FLEET_STEP_AGENT) {
		s->agent_end = sm_now_ns();
		fleet_sess_begin(s, s->agent_pid > 0 ? FLEET_STEP_STOP :
		    FLEET_STEP_CLEAN);
		return;
	}
	fleet_sess_begin(s, s->dir[0] && step < FLEET_STEP_STOP ?
	    FLEET_STEP_CLEAN : FLEET_STEP_DONE);
}

/* ---- Public ---- */

/* The name of a status, as fleet.csv and the table show it. */
const char *
fleet_status_name(enum fleet_status st)
{
	return fleet_status_names[st];
}

/* A host ready to start, its log (may be NULL) kept open by the caller. */
void
fleet_sess_init(struct fleet_sess *s, const struct fleet_host *h,
    const struct fleet_ssh *ssh, const struct fleet_job *job, FILE *log)
{
	memset(s, 0, sizeof *s);
	s->h = h;
	s->ssh = ssh;
	s->job = job;
	s->log = log;
	s->status = FLEET_ST_PENDING;
	s->step = FLEET_STEP_DONE;
	s->p.in = s->p.out = s->p.err = -1;
}

/* Start the host's first step (collect: straight to COLLECT). */
void
fleet_sess_start(struct fleet_sess *s)
{
	fleet_sess_start_at(s, s->job->collect ? FLEET_STEP_COLLECT :
	    FLEET_STEP_PROBE);
}

/* Start the host at step st (CLEAN: of s->dir, set by the caller). */
void
fleet_sess_start_at(struct fleet_sess *s, enum fleet_step st)
{
	s->started = sm_now_ns();
	s->wall_start = time(NULL);
	s->status = FLEET_ST_RUNNING;
	fleet_sess_begin(s, st);
}

/* Is the host finished (in its final status)? */
int
fleet_sess_done(const struct fleet_sess *s)
{
	return s->status != FLEET_ST_PENDING && s->step == FLEET_STEP_DONE;
}

/* The fds to poll for s into pfd (room for 3); how many. */
size_t
fleet_sess_fds(const struct fleet_sess *s, struct pollfd *pfd)
{
	size_t	n = 0;

	if (s->p.out >= 0)
		pfd[n++] = (struct pollfd){ s->p.out, POLLIN, 0 };
	if (s->p.err >= 0)
		pfd[n++] = (struct pollfd){ s->p.err, POLLIN, 0 };
	if (s->p.in >= 0 && s->feed_off < s->feed_len)
		pfd[n++] = (struct pollfd){ s->p.in, POLLOUT, 0 };
	return n;
}

/* Move s on: I/O, the step's end, deadlines.  Never blocks. */
void
fleet_sess_step(struct fleet_sess *s)
{
	uint64_t	now;

	if (fleet_sess_done(s) || s->status == FLEET_ST_PENDING)
		return;
	fleet_sess_write_in(s);
	fleet_sess_heartbeat(s);
	fleet_sess_read_out(s);
	fleet_sess_read_err(s);
	if (s->over == 1) {
		fleet_sess_cut(s);
		return;
	}
	if (fleet_proc_reap(&s->p) && (s->p.out < 0 || s->step !=
	    FLEET_STEP_AGENT || !s->in_file)) {
		fleet_sess_next(s);
		return;
	}
	now = sm_now_ns();
	if (s->step == FLEET_STEP_AGENT) {
		if ((s->interrupted && now > s->deadline) || now -
		    s->last_out > (uint64_t)FLEET_HEARTBEAT_LOST_S * FLEET_NS)
			fleet_sess_overdue(s);
		return;
	}
	if (now > s->deadline)
		fleet_sess_overdue(s);
}

/*
 * Ctrl-C: an agent's input is closed, so it stops, keeps its finished
 * samples and sends them; any other step is killed and the directory
 * cleaned.  Bounded: an agent that does not finish within
 * FLEET_STOP_GRACE_S is stopped on its host.
 */
void
fleet_sess_interrupt(struct fleet_sess *s)
{
	if (s->interrupted || fleet_sess_done(s))
		return;
	s->interrupted = 1;
	if (s->status == FLEET_ST_PENDING) {
		s->status = FLEET_ST_INTERRUPTED;
		snprintf(s->reason, sizeof s->reason, "not started "
		    "(interrupted)");
		s->started = s->ended = sm_now_ns();
		s->wall_start = s->wall_end = time(NULL);
		return;
	}
	if (s->step == FLEET_STEP_AGENT) {
		fleet_sess_log(s, "interrupted: closing the agent's input");
		fleet_proc_close(&s->p.in);
		s->deadline = sm_now_ns() + FLEET_STOP_GRACE_S * FLEET_NS;
		return;
	}
	if (s->step == FLEET_STEP_CLEAN || s->step == FLEET_STEP_STOP)
		return;
	fleet_proc_end(&s->p);
	fleet_sess_fail(s, FLEET_ST_INTERRUPTED, "interrupted (Ctrl-C) "
	    "during %s", fleet_step_names[s->step]);
	fleet_sess_begin(s, s->dir[0] ? FLEET_STEP_CLEAN : FLEET_STEP_DONE);
}

/*
 * A second Ctrl-C: the host ends now, whatever step it is in, its ssh
 * killed.  An agent whose input closes keeps its finished samples on its
 * host, for fleet collect.
 */
void
fleet_sess_abandon(struct fleet_sess *s)
{
	if (fleet_sess_done(s))
		return;
	fleet_proc_end(&s->p);
	if (s->step == FLEET_STEP_AGENT)
		s->agent_end = sm_now_ns();
	fleet_sess_fail(s, FLEET_ST_INTERRUPTED, "interrupted twice: ended "
	    "at once during %s%s", fleet_step_names[s->step],
	    s->step == FLEET_STEP_AGENT ? " (what the agent finished stays "
	    "on the host for fleet collect)" : "");
	fleet_sess_begin(s, FLEET_STEP_DONE);
}

/* Free what s holds (its process is ended first). */
void
fleet_sess_free(struct fleet_sess *s)
{
	fleet_proc_end(&s->p);
	free(s->file);
	s->file = NULL;
}
