/*
 * sysmark agent: the remote end of a fleet run, started by `sysmark fleet
 * run` through ssh, never by hand.  The plan comes on stdin as the keys
 * a run file records it by, one "KEY VALUE" a line (plan_write_lines()),
 * and is read and checked by the code that resumes a run (plan_read()),
 * command tests included, so a test id never meets a shell.
 * While it measures, the agent writes one line per sample and a
 * heartbeat on stdout; the fleet writes a heartbeat on its stdin.  When
 * its input closes or the fleet's heartbeat stops, it stops as Ctrl-C
 * does: the finished samples are kept and saved (-o FILE, where `fleet
 * collect` finds them).  Then the run file itself follows on stdout, so
 * no second connection is needed to fetch it.  It measures under the
 * host's lock (hostlock.c): a second fleet's agent on the same host at
 * once is refused.
 *
 * Protocol (lines on stdout; see src/core/fleet/fleet.h):
 *   sysmark-agent 1 pid PID       hello, before reading the plan
 *   hb                            every FLEET_HEARTBEAT_S seconds
 *   sample|error|skipped TEXT     progress, one line each
 *   file BYTES                    then BYTES of the run's CSV
 *   exit STATUS                   the exit status that follows
 */
/* SPDX-License-Identifier: MIT */

#include <ctype.h>
#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cmd.h"

const char cmd_agent_usage[] =
"usage: sysmark agent -o FILE\n"
"\n"
"The remote side of sysmark fleet, started over ssh: reads run's plan on\n"
"stdin, runs it, streams progress and heartbeats, and stops keeping its\n"
"finished samples when its input closes.  Not for use by hand.\n";

/* What the measuring loop watches beside the session. */
struct cmd_agent {
	struct session	*s;
	uint64_t	 last_in;	/* when the fleet was last heard */
	uint64_t	 next_hb;	/* when to write the next heartbeat */
	char		 why[64];	/* why the run was stopped, or "" */
	int		 done;		/* the run is over */
};

static volatile sig_atomic_t cmd_agent_stop;

/* SIGTERM and SIGHUP stop the run as a closed input does. */
static void
cmd_agent_on_signal(int sig)
{
	(void)sig;
	cmd_agent_stop = 1;
}

/* Write all of buf to stdout; a closed connection is not an error here. */
static void
cmd_agent_write(const char *buf, size_t len)
{
	ssize_t	n;

	while (len > 0) {
		if ((n = write(STDOUT_FILENO, buf, len)) < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			return;
		buf += n;
		len -= (size_t)n;
	}
}

/* One protocol line, control characters made spaces: one write. */
static void
cmd_agent_say(const char *fmt, ...)
{
	char	line[FLEET_LINE_MAX];
	va_list	ap;
	int	n;

	va_start(ap, fmt);
	n = vsnprintf(line, sizeof line - 1, fmt, ap);
	va_end(ap);
	if (n < 0)
		return;
	if ((size_t)n > sizeof line - 2)
		n = sizeof line - 2;
	for (int i = 0; i < n; i++)
		if (iscntrl((unsigned char)line[i]))
			line[i] = ' ';
	line[n++] = '\n';
	cmd_agent_write(line, (size_t)n);
}

/* Read one line of the plan (bounded by FLEET_PLAN_S); 1, 0 at EOF, -1. */
static int
cmd_agent_getline(char *buf, size_t len, uint64_t deadline)
{
	struct pollfd	pfd = { STDIN_FILENO, POLLIN, 0 };
	size_t		n = 0;
	uint64_t	now;

	while (n + 1 < len) {
		if ((now = sm_now_ns()) >= deadline)
			return -1;
		if (poll(&pfd, 1, (int)((deadline - now) / 1000000 + 1)) <= 0)
			continue;
		/* One byte at a time: what follows the plan is not ours. */
		if (read(STDIN_FILENO, buf + n, 1) != 1)
			return 0;
		if (buf[n] == '\n') {
			buf[n] = '\0';
			return 1;
		}
		n++;
	}
	return -1;
}

/*
 * The plan: "KEY VALUE" lines up to "go" (plan_write_lines()), read as
 * run --resume reads a saved run's plan (plan_read()), so a test id or a
 * command never meets a shell and every value is checked as there.
 */
static int
cmd_agent_plan(struct cmd_opts *m)
{
	char		*line = xmalloc(FLEET_PLAN_LINE_MAX);
	uint64_t	 deadline = sm_now_ns() + FLEET_PLAN_S * 1000000000ull;
	struct sm_error	 err;
	struct run	 plan;
	int		 rc = 0, got;

	run_init(&plan);
	if (cmd_agent_getline(line, FLEET_PLAN_LINE_MAX, deadline) != 1 ||
	    strcmp(line, FLEET_PLAN_HELLO) != 0)
		rc = cmd_usage_error("agent: no plan on stdin (this command "
		    "is started by sysmark fleet run)");
	while (rc == 0 && (got = cmd_agent_getline(line, FLEET_PLAN_LINE_MAX,
	    deadline)) == 1 && strcmp(line, "go") != 0) {
		if (strcmp(line, FLEET_PLAN_CALIBRATE) == 0)
			m->calibrate = 1;
		else if (plan_read_line(&plan, line, &err) != 0)
			rc = cmd_usage_error("agent: plan line %s", err.msg);
	}
	if (rc == 0 && got != 1)
		rc = cmd_usage_error("agent: the plan ended before \"go\"");
	plan_free(&m->plan);
	if (rc == 0 && plan_read(&m->plan, &plan, "the fleet's plan", &err)
	    != 0)
		rc = cmd_input_error(&err);
	if (rc == 0 && m->calibrate && m->plan.repeats < 2)
		rc = cmd_usage_error("-R %d: calibrate needs at least 2 "
		    "repeats to see the spread between them", m->plan.repeats);
	run_free(&plan);
	free(line);
	return rc;
}

/* Progress on stdout, a line per sample. */
static void
cmd_agent_progress(const struct runner_event *ev, void *arg)
{
	char	v[64];

	(void)arg;
	if (ev->type == SESSION_EV_WARNING || ev->type ==
	    SESSION_EV_NOT_SAVED)
		fprintf(stderr, "sysmark agent: %s\n", ev->msg);
	else if (ev->type == RUNNER_EV_SAMPLE) {
		label_value(ev->rs->value, v, sizeof v);
		cmd_agent_say("sample %s %d %d/%d %s %s", ev->bench->id,
		    ev->copies, ev->sample, ev->nsamples, v, ev->rs->unit);
	} else if (ev->type == RUNNER_EV_ERROR)
		cmd_agent_say("error %s %d %s", ev->bench->id, ev->copies,
		    ev->msg);
	else if (ev->type == RUNNER_EV_SKIPPED)
		cmd_agent_say("skipped %s %s", ev->bench->id, ev->msg);
}

/* Read the fleet's heartbeat; 0, or -1 once the input is closed. */
static int
cmd_agent_input(struct cmd_agent *a)
{
	char	buf[256];
	ssize_t	n = read(STDIN_FILENO, buf, sizeof buf);

	if (n < 0 && errno == EINTR)
		return 0;
	if (n <= 0)
		return -1;
	a->last_in = sm_now_ns();
	return 0;
}

/* One pass of the loop: heartbeat out, input in, the runner stepped. */
static void
cmd_agent_pass(struct cmd_agent *a)
{
	struct pollfd	pfd[2];
	uint64_t	now = sm_now_ns();
	int		t = session_timeout_ms(a->s);

	if (now >= a->next_hb) {
		cmd_agent_say("hb");
		a->next_hb = now + FLEET_HEARTBEAT_S * 1000000000ull;
	}
	pfd[0] = (struct pollfd){ session_fd(a->s), POLLIN, 0 };
	/* Once stopping, stdin is no longer watched: it may stay readable. */
	pfd[1] = (struct pollfd){ STDIN_FILENO, POLLIN, 0 };
	if (t < 0 || t > 1000)
		t = 1000;
	if (poll(pfd, a->why[0] ? 1 : 2, t) < 0 && errno != EINTR)
		sm_fatal("poll: %s", strerror(errno));
	if (!a->why[0] && (pfd[1].revents & (POLLIN | POLLHUP | POLLERR)) &&
	    cmd_agent_input(a) != 0)
		snprintf(a->why, sizeof a->why, "the fleet's input closed");
	else if (!a->why[0] && sm_now_ns() - a->last_in >
	    FLEET_HEARTBEAT_LOST_S * 1000000000ull)
		snprintf(a->why, sizeof a->why, "the fleet's heartbeat "
		    "stopped");
	else if (!a->why[0] && cmd_agent_stop)
		snprintf(a->why, sizeof a->why, "signalled");
	if (session_step(a->s))
		a->done = 1;
}

/*
 * The host's lock (hostlock.c), held until the agent exits: a second
 * fleet's agent on this host is refused (the fleet shows the host
 * refused, saying why); a lock that cannot be had at all is said and the
 * run goes on without it.  0 or the exit status.
 */
static int
cmd_agent_lock(int *fd)
{
	struct sm_error	err;
	int		rc = hostlock_take(NULL, fd, &err);

	if (rc > 0)
		return cmd_input_error(&err);
	if (rc < 0)
		fprintf(stderr, "sysmark agent: %s: measuring without the "
		    "host's lock\n", err.msg);
	return 0;
}

/*
 * Measure the plan in a session of its own (saved as it goes into -o
 * FILE, where fleet collect finds it), heartbeat and all; the session,
 * or NULL when it could not begin.
 */
static struct session *
cmd_agent_measure(struct cmd_opts *m, struct run *run)
{
	struct session_conf	c;
	struct cmd_agent	a;
	struct sm_error		err;
	int			stopped = 0;

	memset(&a, 0, sizeof a);
	memset(&c, 0, sizeof c);
	c.self = m->self;
	c.out = m->out;
	c.force = 1;
	c.kind = m->calibrate ? NOISE_KIND : NULL;
	if ((a.s = session_begin(&m->plan, &c, run, cmd_agent_progress, NULL,
	    &err)) == NULL) {
		cmd_input_error(&err);
		return NULL;
	}
	a.last_in = a.next_hb = sm_now_ns();
	while (!a.done) {
		cmd_agent_pass(&a);
		if (a.why[0] && !stopped) {
			stopped = 1;
			fprintf(stderr, "sysmark agent: %s: stopping, keeping "
			    "the finished samples\n", a.why);
			session_cancel(a.s);
		}
	}
	return a.s;
}

/* The run's CSV on stdout after "file BYTES". */
static void
cmd_agent_send(const struct run *run)
{
	char	*buf = NULL;
	size_t	 len = 0;
	FILE	*f = open_memstream(&buf, &len);

	if (f == NULL)
		sm_fatal("open_memstream: %s", strerror(errno));
	csvstore_print(run, f);
	fclose(f);
	cmd_agent_say("file %zu", len);
	cmd_agent_write(buf, len);
	free(buf);
}

/* The agent's signals: stop on TERM/HUP, survive a closed stdout. */
static void
cmd_agent_signals(void)
{
	struct sigaction	sa;

	memset(&sa, 0, sizeof sa);
	sa.sa_handler = cmd_agent_on_signal;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGTERM, &sa, NULL);
	sigaction(SIGHUP, &sa, NULL);
	sigaction(SIGINT, &sa, NULL);
	signal(SIGPIPE, SIG_IGN);
}

/*
 * sysmark agent -o FILE: measure the plan on stdin, save it in FILE, and
 * send it whatever became of that save: a full remote disk must not keep
 * a finished measurement from the fleet.
 */
int
cmd_agent(int argc, char **argv, const char *argv0)
{
	struct cmd_opts	 m;
	struct session	*s = NULL;
	struct run	 run;
	int		 c, rc = 0, lock = -1;

	cmd_opts_init(&m);
	m.quiet = 1;
	m.force = 1;
	while (rc == 0 && (c = getopt(argc, argv, ":o:")) != -1)
		rc = c == 'o' ? cmd_opts_parse(c, optarg, &m) :
		    cmd_usage_error("agent: usage: sysmark agent -o FILE");
	if (rc == 0 && (m.out == NULL || optind < argc))
		rc = cmd_usage_error("agent: usage: sysmark agent -o FILE");
	/* Its own session: the fleet's kill reaches every copy it forks. */
	setsid();
	cmd_agent_signals();
	cmd_agent_say("sysmark-agent 1 pid %ld", (long)getpid());
	if (rc == 0)
		rc = cmd_agent_plan(&m);
	if (rc == 0)
		rc = cmd_opts_finish(&m, argv0);
	if (rc == 0)
		rc = cmd_check_out(&m);
	if (rc == 0)
		rc = cmd_agent_lock(&lock);
	run_init(&run);
	if (rc == 0 && (s = cmd_agent_measure(&m, &run)) == NULL)
		rc = SM_EXIT_INPUT;
	if (s != NULL) {
		rc = session_end(s);
		cmd_agent_send(&run);
		session_free(s);
	}
	cmd_agent_say("exit %d", rc);
	hostlock_release(&lock);
	run_free(&run);
	cmd_opts_free(&m);
	return rc;
}
