/*
 * The user's hooks: run --prepare CMD before every sample, --setup CMD
 * before a test's first sample and --cleanup CMD after the run, as
 * hyperfine's --prepare, --setup and --cleanup.  The contract is
 * hyperfine's too: the command runs through /bin/sh -c exactly as the
 * user wrote it (it is the user's own shell line, so sysmark neither
 * quotes nor edits it), with what it is run for in the environment
 * (SYSMARK_TEST, SYSMARK_COPIES, SYSMARK_SAMPLE, SYSMARK_REPEAT), never
 * spliced into the text.
 *
 * A hook runs outside the timed part, in its own process group, with
 * stdin from /dev/null (no prompt in a batch run) and its output in an
 * unlinked file, read back only to quote its last line when it fails.
 * The wait is bounded: past its timeout, or when the caller's stop flag
 * is raised, the whole group is killed.  When the hook returns, what it
 * left running in the background (`sleep 20 &`) is ended with its group
 * too: it would run through the timed samples and outlive sysmark.
 */
/* SPDX-License-Identifier: MIT */

#include <sys/types.h>
#include <sys/wait.h>

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "measure.h"

/* How often the wait looks at the clock and the stop flag. */
#define HOOKS_POLL_MS	50

/* The child: its own group, quiet stdin, output to the file, then sh. */
static void
hooks_child(const struct hooks_call *c, int wfd)
{
	char	num[16];
	int	fd;

	setpgid(0, 0);
	signal(SIGINT, SIG_DFL);
	signal(SIGTERM, SIG_DFL);
	signal(SIGHUP, SIG_DFL);
	signal(SIGPIPE, SIG_DFL);
	signal(SIGXFSZ, SIG_DFL);
	if ((fd = open("/dev/null", O_RDONLY)) >= 0 && fd != STDIN_FILENO) {
		dup2(fd, STDIN_FILENO);
		close(fd);
	}
	dup2(wfd, STDOUT_FILENO);
	dup2(wfd, STDERR_FILENO);
	if (wfd > STDERR_FILENO)
		close(wfd);
	if (c->test != NULL)
		setenv("SYSMARK_TEST", c->test, 1);
	snprintf(num, sizeof num, "%d", c->copies);
	setenv("SYSMARK_COPIES", num, 1);
	snprintf(num, sizeof num, "%d", c->sample);
	setenv("SYSMARK_SAMPLE", num, 1);
	snprintf(num, sizeof num, "%d", c->repeat);
	setenv("SYSMARK_REPEAT", num, 1);
	execl("/bin/sh", "sh", "-c", c->cmd, (char *)NULL);
	_exit(127);
}

/*
 * Where the hook's output goes: an unlinked file in $TMPDIR (or /tmp),
 * read back only for its last line, and never a pipe: what a --setup
 * leaves running in the background may go on writing after the hook
 * ends, and must not die of SIGPIPE for it.  /dev/null if no file can
 * be made.
 */
static int
hooks_outfile(void)
{
	const char	*dir = getenv("TMPDIR");
	char		 path[PATH_MAX];
	int		 fd;

	snprintf(path, sizeof path, "%s/.sysmark-hook.XXXXXX",
	    dir != NULL && *dir != '\0' ? dir : "/tmp");
	if ((fd = mkstemp(path)) >= 0) {
		unlink(path);
		return fd;
	}
	return open("/dev/null", O_WRONLY);
}

/* The last bytes of the hook's output as a string, a NUL shown as '?'. */
static void
hooks_tail(int fd, char *tail, size_t len)
{
	off_t	end = lseek(fd, 0, SEEK_END), from;
	ssize_t	n = 0;

	if (end > 0) {
		from = end > (off_t)(len - 1) ? end - (off_t)(len - 1) : 0;
		n = pread(fd, tail, (size_t)(end - from), from);
	}
	n = n > 0 ? n : 0;
	tail[n] = '\0';
	for (ssize_t i = 0; i < n; i++)
		if (tail[i] == '\0')
			tail[i] = '?';
}

/* The output's last non-empty line, made visible (visible.c), into line. */
static void
hooks_last_line(char *tail, char *line, size_t len)
{
	char	*end = tail + strlen(tail), *start;

	while (end > tail && (end[-1] == '\n' || end[-1] == '\r' ||
	    end[-1] == ' '))
		*--end = '\0';
	start = strrchr(tail, '\n') != NULL ? strrchr(tail, '\n') + 1 : tail;
	visible_buf(start, line, len, 0);
}

/* Why the hook failed, from its wait status, with its last line. */
static void
hooks_why(const struct hooks_call *c, int st, char *tail, char *why,
    size_t len)
{
	char	line[128];

	hooks_last_line(tail, line, sizeof line);
	if (WIFSIGNALED(st))
		snprintf(why, len, "%s killed by %s%s%s", c->what,
		    sm_signame(WTERMSIG(st)), line[0] ? ": " : "", line);
	else
		snprintf(why, len, "%s exited with status %d%s%s", c->what,
		    WEXITSTATUS(st), line[0] ? ": " : "", line);
}

/* Kill the hook's group and reap it (SIGKILL cannot be refused). */
static void
hooks_kill(pid_t pid)
{
	int	st;

	kill(-pid, SIGKILL);
	while (waitpid(pid, &st, 0) < 0 && errno == EINTR)
		;
}

/* Whether pid has exited, left unreaped (waitid's WNOWAIT). */
static int
hooks_exited(pid_t pid)
{
	siginfo_t	si;

	memset(&si, 0, sizeof si);
	if (waitid(P_PID, (id_t)pid, &si, WEXITED | WNOHANG | WNOWAIT) != 0)
		return errno != EINTR;
	return si.si_pid == pid;
}

/* Wait for pid within the timeout; see hooks_run. */
static int
hooks_wait(const struct hooks_call *c, pid_t pid, int out, char *why,
    size_t len)
{
	uint64_t	deadline = sm_now_ns() + (uint64_t)(c->timeout * 1e9);
	char		tail[256];
	int		st, ms = 1;

	/* Short hooks are waited for briefly, long ones every 50 ms. */
	for (; !hooks_exited(pid); ms = ms < HOOKS_POLL_MS ? 2 * ms :
	    HOOKS_POLL_MS) {
		if (c->stop != NULL && *c->stop) {
			hooks_kill(pid);
			snprintf(why, len, "%s interrupted", c->what);
			return HOOKS_INTERRUPTED;
		}
		if (sm_now_ns() >= deadline) {
			hooks_kill(pid);
			snprintf(why, len, "%s timed out after %g s (its process "
			    "group was killed)", c->what, c->timeout);
			return HOOKS_FAILED;
		}
		poll(NULL, 0, ms);
	}
	/*
	 * The hook has exited but is not reaped: its pid, so its group's id,
	 * cannot be taken by another process yet.  What it left running in
	 * its group is ended now, then it is reaped.
	 */
	kill(-pid, SIGKILL);
	while (waitpid(pid, &st, 0) < 0 && errno == EINTR)
		;
	if (WIFEXITED(st) && WEXITSTATUS(st) == 0)
		return HOOKS_OK;
	hooks_tail(out, tail, sizeof tail);
	hooks_why(c, st, tail, why, len);
	return HOOKS_FAILED;
}

/*
 * Run hook c and wait for it: HOOKS_OK, HOOKS_FAILED with why saying how
 * (its status, a signal, the timeout, and its last line of output), or
 * HOOKS_INTERRUPTED when *c->stop was raised meanwhile.
 */
int
hooks_run(const struct hooks_call *c, char *why, size_t len)
{
	int	out, rc;
	pid_t	pid;

	if ((out = hooks_outfile()) < 0) {
		snprintf(why, len, "%s: /dev/null: %s", c->what,
		    strerror(errno));
		return HOOKS_FAILED;
	}
	fcntl(out, F_SETFD, FD_CLOEXEC);
	if ((pid = fork()) < 0) {
		snprintf(why, len, "%s: fork: %s", c->what, strerror(errno));
		close(out);
		return HOOKS_FAILED;
	}
	if (pid == 0)
		hooks_child(c, out);
	/* Also done by the child: whichever runs first wins the race. */
	setpgid(pid, pid);
	rc = hooks_wait(c, pid, out, why, len);
	close(out);
	return rc;
}

/*
 * s as one shell word, in single quotes where it needs them (a '
 * becomes '\''), into buf:
 * how a command or a path is shown for the user to type again.
 */
void
hooks_quote(const char *s, char *buf, size_t len)
{
	size_t	n = 0;

	if (len == 0)
		return;
	/* A word of these needs no quotes, as a user would type it. */
	if (*s != '\0' && strspn(s, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklm"
	    "nopqrstuvwxyz0123456789_./+-=:,@%") == strlen(s)) {
		snprintf(buf, len, "%s", s);
		return;
	}
	buf[n++] = '\'';
	for (; *s != '\0' && n + 5 < len; s++) {
		if (*s == '\'') {
			memcpy(buf + n, "'\\''", 4);
			n += 4;
		} else
			buf[n++] = *s;
	}
	if (n + 1 < len)
		buf[n++] = '\'';
	buf[n < len ? n : len - 1] = '\0';
}

/*
 * The hooks lines of a report ("Hooks, run through sh -c: --prepare
 * 'sync' --cleanup 'rm -f x'")
 * and a warning per failed cleanup; empty when the run had none.
 */
void
hooks_head(const struct run *run, char *buf, size_t len)
{
	static const char *const keys[] = { "setup", "prepare", "cleanup" };
	const char	*v;
	char		 q[400];
	size_t		 n = 0;

	buf[0] = '\0';
	for (size_t i = 0; i < sizeof keys / sizeof keys[0]; i++) {
		if ((v = run_meta_get(run, keys[i])) == NULL || n >= len)
			continue;
		hooks_quote(v, q, sizeof q);
		n += (size_t)snprintf(buf + n, len - n, "%s--%s %s",
		    n == 0 ? "Hooks, run through sh -c: " : " ", keys[i], q);
	}
	for (size_t i = 0; i < run->nmeta && n < len; i++)
		if (strncmp(run->meta[i].key, "cleanup_failed.", 15) == 0)
			n += (size_t)snprintf(buf + n, len - n, "%sWarning: "
			    "%s: %s", n > 0 ? "\n" : "", run->meta[i].key +
			    15, run->meta[i].value);
}
