/*
 * Sweeping up after a sample: what its copies started and left running.
 * A copy leads its own process group (runner.c), so what stays in that
 * group dies with one kill(); a process that left the group (setsid, a
 * daemon) is found another way: on Linux sysmark is a child subreaper
 * (PR_SET_CHILD_SUBREAPER), so an orphan of the run is reparented to
 * sysmark rather than to init, and carries the run's mark in its
 * environment (SWEEP_VAR, set in each copy).  Each is counted, ended and
 * reaped, so the run can say how many it had to end: they are found among
 * sysmark's children, which Linux lists in /proc/self/task/TID/children
 * (the whole of /proc is read only where it does not, or when a group
 * still has members), so an ordinary sample costs a few system calls.
 * Elsewhere only the group is killed and nothing is counted.
 */
/* SPDX-License-Identifier: MIT */

#include <sys/types.h>
#include <sys/wait.h>

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#ifdef __linux__
#include <sys/prctl.h>
#endif

#include "measure.h"

/* How long the orphans of a sample may take to be ended and reaped. */
#define SWEEP_WAIT_NS	(5 * 1000000000ull)
/* A mark longer than this is not looked for (runner tmpdirs are short). */
#define SWEEP_ENV_MAX	(4 << 20)

/* Orphans of the run come back to sysmark, not to init. */
void
sweep_subreaper(void)
{
#ifdef PR_SET_CHILD_SUBREAPER
	prctl(PR_SET_CHILD_SUBREAPER, 1);
#endif
}

#ifdef __linux__

struct sweep_proc {
	pid_t	pid;
	pid_t	ppid;
	pid_t	pgrp;
	char	state;
	int	dying;		/* a zombie already */
};

/* Whether SIGKILL is pending for pid: it is ending already. */
static int
sweep_dying(pid_t pid)
{
	char			 path[64], line[256];
	unsigned long long	 mask;
	FILE			*f;
	int			 dying = 0;

	snprintf(path, sizeof path, "/proc/%ld/status", (long)pid);
	if ((f = fopen(path, "r")) == NULL)
		return 1;	/* gone */
	while (fgets(line, sizeof line, f) != NULL)
		if ((sscanf(line, "ShdPnd: %llx", &mask) == 1 ||
		    sscanf(line, "SigPnd: %llx", &mask) == 1) &&
		    (mask & (1ull << (SIGKILL - 1))))
			dying = 1;
	fclose(f);
	return dying;
}

/* /proc/PID/stat's fields that matter here; 0, or -1 if it is gone. */
static int
sweep_read(pid_t pid, struct sweep_proc *p)
{
	char	path[64], buf[1024], *s;
	long	ppid, pgrp;
	ssize_t	n;
	int	fd;

	snprintf(path, sizeof path, "/proc/%ld/stat", (long)pid);
	if ((fd = open(path, O_RDONLY)) < 0)
		return -1;
	n = read(fd, buf, sizeof buf - 1);
	close(fd);
	if (n <= 0)
		return -1;
	buf[n] = '\0';
	/* The command name may hold anything: parse after its last ')'. */
	if ((s = strrchr(buf, ')')) == NULL ||
	    sscanf(s + 1, " %c %ld %ld", &p->state, &ppid, &pgrp) != 3)
		return -1;
	p->pid = pid;
	p->ppid = (pid_t)ppid;
	p->pgrp = (pid_t)pgrp;
	/* Zombies only: the rest is asked of the few that matter. */
	p->dying = p->state == 'Z' || p->state == 'X';
	return 0;
}

/* Every process, through fn(p, arg); fn returns how many it counts. */
static int
sweep_each(int (*fn)(const struct sweep_proc *, void *), void *arg)
{
	DIR			*d = opendir("/proc");
	struct dirent		*e;
	struct sweep_proc	 p;
	int			 n = 0;
	char			*end;
	long			 pid;

	if (d == NULL)
		return 0;
	while ((e = readdir(d)) != NULL) {
		pid = strtol(e->d_name, &end, 10);
		if (*end != '\0' || pid <= 0 || sweep_read((pid_t)pid, &p))
			continue;
		n += fn(&p, arg);
	}
	closedir(d);
	return n;
}

struct sweep_groups {
	const pid_t	*pgid;
	size_t		 n;
};

static int
sweep_in_groups(const struct sweep_proc *p, void *arg)
{
	const struct sweep_groups	*g = arg;

	for (size_t i = 0; i < g->n; i++)
		if (p->pgrp == g->pgid[i])
			return !p->dying && !sweep_dying(p->pid);
	return 0;
}

/* Whether pid's environment holds the line mark ("NAME=value"). */
static int
sweep_marked(pid_t pid, const char *mark)
{
	char	path[64], *buf;
	size_t	len = 0;
	ssize_t	n;
	int	fd, found = 0;

	snprintf(path, sizeof path, "/proc/%ld/environ", (long)pid);
	if ((fd = open(path, O_RDONLY)) < 0)
		return 0;
	buf = xmalloc(SWEEP_ENV_MAX + 1);
	while (len < SWEEP_ENV_MAX &&
	    (n = read(fd, buf + len, SWEEP_ENV_MAX - len)) > 0)
		len += (size_t)n;
	close(fd);
	buf[len] = '\0';
	for (size_t i = 0; i < len && !found; i += strlen(buf + i) + 1)
		found = strcmp(buf + i, mark) == 0;
	free(buf);
	return found;
}

struct sweep_orphans {
	const char	*mark;
	pid_t		 self;
	int		 found;		/* alive or not reaped yet */
	pid_t		*killed;	/* counted already */
	size_t		 nkilled;
};

/* 1 the first time pid is ended in this sweep. */
static int
sweep_first(struct sweep_orphans *o, pid_t pid)
{
	for (size_t i = 0; i < o->nkilled; i++)
		if (o->killed[i] == pid)
			return 0;
	o->killed = xreallocarray(o->killed, o->nkilled + 1,
	    sizeof *o->killed);
	o->killed[o->nkilled++] = pid;
	return 1;
}

/* One of sysmark's children that is not a copy: reap it or end it. */
static int
sweep_orphan(const struct sweep_proc *p, void *arg)
{
	struct sweep_orphans	*o = arg;
	int			 dying;

	if (p->ppid != o->self || !sweep_marked(p->pid, o->mark))
		return 0;
	o->found = 1;
	if (p->state == 'Z' || p->state == 'X') {
		waitpid(p->pid, NULL, WNOHANG);
		return 0;
	}
	dying = sweep_dying(p->pid);	/* before this sweep's own kill */
	/* It may lead a group or session of its own, with members. */
	if (p->pgrp == p->pid)
		kill(-p->pid, SIGKILL);
	kill(p->pid, SIGKILL);
	return sweep_first(o, p->pid) && !dying;
}

/* The pids in a children file (one line, space-separated) through fn. */
static int
sweep_children_of(const char *path, int (*fn)(const struct sweep_proc *,
    void *), void *arg)
{
	struct sweep_proc	 p;
	FILE			*f = fopen(path, "r");
	long			 pid;
	int			 n = 0;

	if (f == NULL)
		return -1;
	while (fscanf(f, "%ld", &pid) == 1)
		if (pid > 0 && sweep_read((pid_t)pid, &p) == 0)
			n += fn(&p, arg);
	fclose(f);
	return n;
}

/*
 * sysmark's own children through fn, as sweep_each() does for every
 * process, from /proc/self/task/TID/children (Linux 3.5 and later): far
 * cheaper than reading every process's stat after each sample.  -1 if the
 * kernel does not list children.
 */
static int
sweep_children(int (*fn)(const struct sweep_proc *, void *), void *arg)
{
	DIR		*d = opendir("/proc/self/task");
	struct dirent	*e;
	char		 path[64];
	int		 n = 0, k, any = 0;

	if (d == NULL)
		return -1;
	while ((e = readdir(d)) != NULL) {
		if (e->d_name[0] == '.')
			continue;
		snprintf(path, sizeof path, "/proc/self/task/%.20s/children",
		    e->d_name);
		if ((k = sweep_children_of(path, fn, arg)) < 0)
			continue;
		any = 1;
		n += k;
	}
	closedir(d);
	return any ? n : -1;
}

/* Whether a process is left in one of the groups (a zombie counts). */
static int
sweep_any_left(const pid_t *pgid, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (pgid[i] > 0 && (kill(-pgid[i], 0) == 0 || errno == EPERM))
			return 1;
	return 0;
}

#endif /* __linux__ */

/*
 * What is left of the n process groups pgid (their leaders reaped) is
 * killed, in one look through /proc however many copies there were;
 * returns how many were alive and not ending already.
 */
int
sweep_groups(const pid_t *pgid, size_t n)
{
#ifdef __linux__
	struct sweep_groups	g = { pgid, n };
#endif
	int			alive = 0;

	if (n == 0)
		return 0;
#ifdef __linux__
	/* Mostly nothing is left: then /proc is not read at all. */
	if (!sweep_any_left(pgid, n))
		return 0;
	alive = sweep_each(sweep_in_groups, &g);
#endif
	for (size_t i = 0; i < n; i++)
		if (pgid[i] > 0)
			kill(-pgid[i], SIGKILL);
	return alive;
}

/*
 * The run's orphans (processes marked with mark, reparented to sysmark)
 * ended and reaped, their own children in turn, within SWEEP_WAIT_NS;
 * returns how many were alive.
 */
int
sweep_orphans(const char *mark)
{
	int	n = 0;
#ifdef __linux__
	struct sweep_orphans	o = { mark, getpid(), 1, NULL, 0 };
	uint64_t		end = sm_now_ns() + SWEEP_WAIT_NS;
	int			k;

	while (o.found && sm_now_ns() < end) {
		o.found = 0;
		if ((k = sweep_children(sweep_orphan, &o)) < 0)
			k = sweep_each(sweep_orphan, &o);
		n += k;
		if (o.found)
			poll(NULL, 0, 5);
	}
	free(o.killed);
#else
	(void)mark;
#endif
	return n;
}
