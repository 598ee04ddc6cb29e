/*
 * Driving many hosts at once: at most -f sessions active, the rest
 * waiting their turn in inventory order; one poll() over every active
 * session's pipes with a short timeout, so deadlines and heartbeats are
 * served without threads.  A stop flag (Ctrl-C) interrupts every host
 * and the loop goes on until each has stopped as fleet_sess_interrupt()
 * bounds it.  Then each host's master connection is told to exit and the
 * private directory of control sockets is removed.
 */
/* SPDX-License-Identifier: MIT */

#include <sys/stat.h>

#include <errno.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "fleet.h"

#define FLEET_LOOP_TICK_MS	200

/* Start waiting hosts while fewer than parallel are active. */
static void
fleet_loop_fill(struct fleet_sess *s, size_t n, size_t parallel)
{
	size_t	active = 0;

	for (size_t i = 0; i < n; i++)
		active += s[i].status != FLEET_ST_PENDING &&
		    !fleet_sess_done(&s[i]);
	for (size_t i = 0; i < n && active < parallel; i++)
		if (s[i].status == FLEET_ST_PENDING) {
			fleet_sess_start(&s[i]);
			active++;
		}
}

/* The fds of every active session into pfd (room for 3 n); how many. */
static size_t
fleet_loop_fds(const struct fleet_sess *s, size_t n, struct pollfd *pfd)
{
	size_t	np = 0;

	for (size_t i = 0; i < n; i++)
		np += fleet_sess_fds(&s[i], pfd + np);
	return np;
}

/*
 * One pass without blocking, for a caller with a poll loop of its own
 * (the console): stop interrupts every host (once: *stopped remembers),
 * else waiting hosts start; every session moves on.  1 when all are done.
 */
int
fleet_loop_pass(struct fleet_sess *s, size_t n, size_t parallel, int stop,
    int *stopped)
{
	size_t	done = 0;

	if (stop && !*stopped) {
		*stopped = 1;
		for (size_t i = 0; i < n; i++)
			fleet_sess_interrupt(&s[i]);
	}
	if (!*stopped)
		fleet_loop_fill(s, n, parallel);
	for (size_t i = 0; i < n; i++) {
		fleet_sess_step(&s[i]);
		done += fleet_sess_done(&s[i]);
	}
	return done == n;
}

/*
 * Run the n sessions, parallel at once, until all are done; tick (may
 * be NULL) is called after every pass.  1 if *stop interrupted them.
 */
int
fleet_loop_run(struct fleet_sess *s, size_t n, size_t parallel,
    volatile sig_atomic_t *stop, void (*tick)(void *), void *arg)
{
	struct pollfd	*pfd = xcalloc(3 * n + 1, sizeof *pfd);
	int		 stopped = 0;

	while (!fleet_loop_pass(s, n, parallel, stop != NULL && *stop,
	    &stopped)) {
		/* A second Ctrl-C: no more waiting for anyone's last words. */
		for (size_t i = 0; stop != NULL && *stop > 1 && i < n; i++)
			fleet_sess_abandon(&s[i]);
		if (stop != NULL && *stop > 1)
			continue;
		if (tick != NULL)
			tick(arg);
		if (poll(pfd, fleet_loop_fds(s, n, pfd), FLEET_LOOP_TICK_MS) <
		    0 && errno != EINTR)
			sm_fatal("poll: %s", strerror(errno));
	}
	if (tick != NULL)
		tick(arg);
	free(pfd);
	return stopped;
}

/*
 * A private 0700 directory for the control sockets, its owner named so
 * that one left by a controller killed with SIGKILL is swept by the next
 * sysmark (privdir.c); 0 or -1.
 */
int
fleet_loop_control_dir(char *buf, size_t len, struct sm_error *err)
{
	/* Short, under /tmp: a socket path has about 100 bytes. */
	if (privdir_make_in("/tmp", buf, len, err) != 0)
		return -1;
	chmod(buf, 0700);
	return 0;
}

/*
 * End every host's master connection (ssh -O exit, each bounded), then
 * remove the control directory and whatever is left in it.
 */
void
fleet_loop_end_masters(const struct fleet_ssh *ssh,
    const struct fleet_host *const *hosts, size_t n)
{
	struct fleet_proc	 p;
	char			*argv[FLEET_SSH_MAX_ARGS], buf[2048];
	uint64_t		 deadline;

	for (size_t i = 0; ssh->control_dir != NULL && i < n; i++) {
		if (fleet_ssh_exit_argv(ssh, hosts[i], argv, buf, sizeof buf)
		    == 0 || fleet_proc_start(&p, argv, NULL) != 0)
			continue;
		fleet_proc_close(&p.in);
		deadline = sm_now_ns() + 3000000000ull;
		while (!fleet_proc_reap(&p) && sm_now_ns() < deadline)
			poll(NULL, 0, 10);
		fleet_proc_end(&p);
	}
	if (ssh->control_dir != NULL)
		sm_rmtree(ssh->control_dir);
}
