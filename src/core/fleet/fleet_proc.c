/*
 * One ssh process of the fleet: forked with three pipes (stdin, stdout,
 * stderr), all non-blocking on our side, in a process group of its own
 * so that the terminal's Ctrl-C reaches sysmark only and sysmark decides
 * how each host stops.  The child execs with execvp and no shell.  It is
 * killed by its pid and reaped with WNOHANG, so no wait here can hang.
 *
 * An ssh that starts a ControlPersist master leaves that master holding
 * its stderr, so the end of a process is its exit (reaped), not the end
 * of its stderr: what is already in the pipes is read after the reap.
 */
/* SPDX-License-Identifier: MIT */

#include <sys/types.h>
#include <sys/wait.h>

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "fleet.h"

/* Close *fd if open. */
void
fleet_proc_close(int *fd)
{
	if (*fd >= 0)
		close(*fd);
	*fd = -1;
}

/*
 * In the child: the pipes onto 0, 1, 2, default signals, env's
 * "NAME=value" strings (or NULL) added to the environment, then exec.
 */
static void
fleet_proc_child(char *const argv[], char *const env[], int in[2],
    int out[2], int err[2])
{
	struct sigaction	sa;
	const char		*eq;
	char			 name[128];

	setpgid(0, 0);
	for (size_t i = 0; env != NULL && env[i] != NULL; i++) {
		if ((eq = strchr(env[i], '=')) == NULL ||
		    (size_t)(eq - env[i]) >= sizeof name)
			_exit(127);
		snprintf(name, sizeof name, "%.*s", (int)(eq - env[i]), env[i]);
		if (setenv(name, eq + 1, 1) != 0)
			_exit(127);
	}
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = SIG_DFL;
	sigemptyset(&sa.sa_mask);
	for (int sig = 1; sig < 32; sig++)
		if (sig != SIGKILL && sig != SIGSTOP)
			sigaction(sig, &sa, NULL);
	if (dup2(in[0], 0) < 0 || dup2(out[1], 1) < 0 || dup2(err[1], 2) < 0)
		_exit(127);
	for (int fd = 3; fd < 1024; fd++)
		close(fd);
	execvp(argv[0], argv);
	dprintf(2, "sysmark: cannot run %s: %s\n", argv[0], strerror(errno));
	_exit(127);
}

/* Make fd non-blocking and close-on-exec. */
static void
fleet_proc_nonblock(int fd)
{
	fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK);
	fcntl(fd, F_SETFD, FD_CLOEXEC);
}

/* Start argv; 0, or -1 with why. */
int
fleet_proc_start(struct fleet_proc *p, char *const argv[], struct sm_error *err)
{
	return fleet_proc_start_env(p, argv, NULL, err);
}

/* Start argv with env added to its environment; 0, or -1 with why. */
int
fleet_proc_start_env(struct fleet_proc *p, char *const argv[],
    char *const env[], struct sm_error *err)
{
	int	in[2] = { -1, -1 }, out[2] = { -1, -1 }, er[2] = { -1, -1 };

	memset(p, 0, sizeof *p);
	p->in = p->out = p->err = -1;
	if (pipe(in) != 0 || pipe(out) != 0 || pipe(er) != 0) {
		sm_error_set(err, "pipe: %s", strerror(errno));
		goto fail;
	}
	if ((p->pid = fork()) < 0) {
		sm_error_set(err, "fork: %s", strerror(errno));
		goto fail;
	}
	if (p->pid == 0)
		fleet_proc_child(argv, env, in, out, er);
	/* Both sides set the group, so a kill right away finds it. */
	setpgid(p->pid, p->pid);
	close(in[0]);
	close(out[1]);
	close(er[1]);
	p->in = in[1];
	p->out = out[0];
	p->err = er[0];
	fleet_proc_nonblock(p->in);
	fleet_proc_nonblock(p->out);
	fleet_proc_nonblock(p->err);
	return 0;
fail:
	for (int i = 0; i < 2; i++) {
		fleet_proc_close(&in[i]);
		fleet_proc_close(&out[i]);
		fleet_proc_close(&er[i]);
	}
	return -1;
}

/* Reap p if it has ended; 1 once reaped (p->status set), else 0. */
int
fleet_proc_reap(struct fleet_proc *p)
{
	int	st;
	pid_t	r;

	if (p->reaped)
		return 1;
	if (p->pid <= 0)
		return p->reaped = 1;
	while ((r = waitpid(p->pid, &st, WNOHANG)) < 0 && errno == EINTR)
		;
	if (r != p->pid)
		return 0;
	p->reaped = 1;
	p->status = WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
	p->signo = WIFSIGNALED(st) ? WTERMSIG(st) : 0;
	return 1;
}

/* Kill p's process group (ssh and anything it forked but a master). */
static void
fleet_proc_kill(struct fleet_proc *p)
{
	if (p->pid > 0 && !p->reaped) {
		kill(-p->pid, SIGKILL);
		kill(p->pid, SIGKILL);
	}
}

/* Kill if needed, reap (bounded: SIGKILL is not refused), close all. */
void
fleet_proc_end(struct fleet_proc *p)
{
	uint64_t	deadline = sm_now_ns() + 5000000000ull;

	if (p->pid > 0 && !fleet_proc_reap(p)) {
		fleet_proc_kill(p);
		while (!fleet_proc_reap(p) && sm_now_ns() < deadline)
			nanosleep(&(struct timespec){ 0, 10000000 }, NULL);
	}
	fleet_proc_close(&p->in);
	fleet_proc_close(&p->out);
	fleet_proc_close(&p->err);
	p->pid = 0;
}
