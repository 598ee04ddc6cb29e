/*
 * ssh's command line for one host, as pdsh and Ansible learned to build
 * it: an argv for execvp, never a local shell; BatchMode so that no
 * password or host-key prompt can hang a batch run; a ConnectTimeout and
 * ServerAlive probes so that a dead link is noticed; one master
 * connection per host (ControlMaster) whose socket lives in a private
 * 0700 directory and is named by %C, a hash, so that a long host name
 * cannot overflow a socket path; host keys checked strictly unless
 * --accept-new trusts a first key (a changed key is refused either way);
 * "--" before the destination so that nothing can be read as an option.
 * The user's own ~/.ssh/config and keys are honoured: nothing here turns
 * them off, and -F names another config.  Pure: it builds, never runs.
 */
/* SPDX-License-Identifier: MIT */

#include <stdio.h>
#include <string.h>

#include "fleet.h"

/* Seconds between keep-alive probes, and how many may go unanswered. */
#define FLEET_SSH_ALIVE_INTERVAL	5
#define FLEET_SSH_ALIVE_COUNT		3
#define FLEET_SSH_PERSIST		"60"	/* seconds a master idles */

struct fleet_ssh_buf {
	char	**argv;
	size_t	  argc;
	char	 *buf;		/* where "-o" values are written */
	size_t	  used, len;
	int	  full;
};

/* Append a fixed argument. */
static void
fleet_ssh_arg(struct fleet_ssh_buf *b, const char *s)
{
	if (b->argc + 1 >= FLEET_SSH_MAX_ARGS) {
		b->full = 1;
		return;
	}
	b->argv[b->argc++] = (char *)s;
	b->argv[b->argc] = NULL;
}

/* Append "-o" and a formatted value kept in b's buffer. */
static void
fleet_ssh_opt(struct fleet_ssh_buf *b, const char *fmt, const char *v)
{
	char	*at = b->buf + b->used;
	int	 n = snprintf(at, b->len - b->used, fmt, v);

	if (n < 0 || (size_t)n >= b->len - b->used) {
		b->full = 1;
		return;
	}
	b->used += (size_t)n + 1;
	fleet_ssh_arg(b, "-o");
	fleet_ssh_arg(b, at);
}

/* The options every call shares, up to the destination. */
static void
fleet_ssh_common(struct fleet_ssh_buf *b, const struct fleet_ssh *s,
    const struct fleet_host *h)
{
	char	num[16];

	fleet_ssh_arg(b, s->ssh != NULL ? s->ssh : "ssh");
	if (s->config != NULL) {
		fleet_ssh_arg(b, "-F");
		fleet_ssh_arg(b, s->config);
	}
	fleet_ssh_arg(b, "-T");
	fleet_ssh_opt(b, "BatchMode=%s", "yes");
	snprintf(num, sizeof num, "%d", s->connect_timeout > 0 ?
	    s->connect_timeout : 10);
	fleet_ssh_opt(b, "ConnectTimeout=%s", num);
	snprintf(num, sizeof num, "%d", FLEET_SSH_ALIVE_INTERVAL);
	fleet_ssh_opt(b, "ServerAliveInterval=%s", num);
	snprintf(num, sizeof num, "%d", FLEET_SSH_ALIVE_COUNT);
	fleet_ssh_opt(b, "ServerAliveCountMax=%s", num);
	fleet_ssh_opt(b, "StrictHostKeyChecking=%s", s->accept_new ?
	    "accept-new" : "yes");
	fleet_ssh_opt(b, "ForwardAgent=%s", "no");
	fleet_ssh_opt(b, "ForwardX11=%s", "no");
	if (s->control_dir != NULL) {
		fleet_ssh_opt(b, "ControlMaster=%s", "auto");
		fleet_ssh_opt(b, "ControlPath=%s/%%C", s->control_dir);
		fleet_ssh_opt(b, "ControlPersist=%s", FLEET_SSH_PERSIST);
	}
	if (h->user != NULL) {
		fleet_ssh_arg(b, "-l");
		fleet_ssh_arg(b, h->user);
	}
	if (h->port > 0) {
		snprintf(num, sizeof num, "%d", h->port);
		fleet_ssh_opt(b, "Port=%s", num);
	}
	if (h->key != NULL) {
		fleet_ssh_arg(b, "-i");
		fleet_ssh_arg(b, h->key);
	}
}

/*
 * The argv that runs the remote command cmd (a fixed string of sysmark's
 * own, never anything a user typed) on h, NULL-terminated in argv
 * (FLEET_SSH_MAX_ARGS), its option values kept in buf.  Returns argc, or
 * 0 if h fails validation (err is not kept: fleet_valid_host() says why)
 * or the buffers are too small.
 */
size_t
fleet_ssh_argv(const struct fleet_ssh *s, const struct fleet_host *h,
    const char *cmd, char **argv, char *buf, size_t len)
{
	struct fleet_ssh_buf	b = { argv, 0, buf, 0, len, 0 };

	if (fleet_valid_host(h, NULL) != 0 || (s->control_dir != NULL &&
	    strchr(s->control_dir, '%') != NULL))
		return 0;
	fleet_ssh_common(&b, s, h);
	fleet_ssh_arg(&b, "--");
	fleet_ssh_arg(&b, h->addr);
	fleet_ssh_arg(&b, cmd);
	return b.full ? 0 : b.argc;
}

/* The argv that stops h's master connection (ssh -O exit); argc or 0. */
size_t
fleet_ssh_exit_argv(const struct fleet_ssh *s, const struct fleet_host *h,
    char **argv, char *buf, size_t len)
{
	struct fleet_ssh_buf	b = { argv, 0, buf, 0, len, 0 };

	if (fleet_valid_host(h, NULL) != 0 || s->control_dir == NULL)
		return 0;
	fleet_ssh_common(&b, s, h);
	fleet_ssh_arg(&b, "-O");
	fleet_ssh_arg(&b, "exit");
	fleet_ssh_arg(&b, "--");
	fleet_ssh_arg(&b, h->addr);
	return b.full ? 0 : b.argc;
}

/* ssh -G for h: the configuration ssh would use, printed; argc or 0. */
size_t
fleet_ssh_resolve_argv(const struct fleet_ssh *s, const struct fleet_host *h,
    char **argv, char *buf, size_t len)
{
	struct fleet_ssh_buf	b = { argv, 0, buf, 0, len, 0 };
	struct fleet_ssh	plain = *s;

	if (fleet_valid_host(h, NULL) != 0)
		return 0;
	plain.control_dir = NULL;
	fleet_ssh_common(&b, &plain, h);
	fleet_ssh_arg(&b, "-G");
	fleet_ssh_arg(&b, "--");
	fleet_ssh_arg(&b, h->addr);
	return b.full ? 0 : b.argc;
}
