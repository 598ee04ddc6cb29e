/*
 * Two inventory entries that ssh takes to the same machine: refused
 * before anything runs, since two benchmarks on one machine spoil both.
 * The inventory catches equal addresses and ports itself; here ssh -G
 * (which prints the configuration ssh would use, without connecting)
 * resolves each host through the user's ssh config too, so "web1" and
 * "web-primary" that a Host block sends to one HostName are caught.  All
 * hosts are resolved at once, the whole bounded by one deadline; an ssh
 * without -G, or a host it cannot resolve, is left to the run.
 */
/* SPDX-License-Identifier: MIT */

#include <errno.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "fleet.h"

#define FLEET_RESOLVE_S		10

struct fleet_resolve {
	struct fleet_proc	p;
	char			out[8192];
	size_t			n;
	char			name[256];
	int			port;
};

/* Read what is there; 1 once stdout is closed. */
static int
fleet_resolve_read(struct fleet_resolve *r)
{
	ssize_t	got;

	while (r->p.out >= 0) {
		got = read(r->p.out, r->out + r->n, sizeof r->out - 1 - r->n);
		if (got < 0 && errno == EINTR)
			continue;
		if (got < 0)
			return 0;
		if (got == 0 || (r->n += (size_t)got) + 1 >= sizeof r->out)
			fleet_proc_close(&r->p.out);
	}
	return 1;
}

/* "hostname X" and "port N" from ssh -G's output. */
static void
fleet_resolve_parse(struct fleet_resolve *r)
{
	char	*line, *save = NULL;

	r->out[r->n] = '\0';
	for (line = strtok_r(r->out, "\n", &save); line != NULL;
	    line = strtok_r(NULL, "\n", &save))
		if (strncmp(line, "hostname ", 9) == 0)
			snprintf(r->name, sizeof r->name, "%s", line + 9);
		else if (strncmp(line, "port ", 5) == 0)
			r->port = atoi(line + 5);
}

/* Start ssh -G for every host, read all within the deadline. */
static void
fleet_resolve_all(const struct fleet_ssh *s, const struct fleet_host *const *h,
    struct fleet_resolve *r, size_t n)
{
	char		*argv[FLEET_SSH_MAX_ARGS], buf[2048];
	struct pollfd	*pfd = xcalloc(n + 1, sizeof *pfd);
	uint64_t	 end = sm_now_ns() + FLEET_RESOLVE_S * 1000000000ull;
	size_t		 open;

	for (size_t i = 0; i < n; i++) {
		r[i].p.out = r[i].p.in = r[i].p.err = -1;
		if (fleet_ssh_resolve_argv(s, h[i], argv, buf, sizeof buf) ==
		    0 || fleet_proc_start(&r[i].p, argv, NULL) != 0)
			continue;
		fleet_proc_close(&r[i].p.in);
	}
	do {
		open = 0;
		for (size_t i = 0; i < n; i++)
			if (!fleet_resolve_read(&r[i]))
				pfd[open++] = (struct pollfd){ r[i].p.out,
				    POLLIN, 0 };
		if (open > 0)
			poll(pfd, open, 100);
	} while (open > 0 && sm_now_ns() < end);
	/* A failed ssh -G prints nothing on stdout: no need to wait. */
	for (size_t i = 0; i < n; i++) {
		fleet_resolve_parse(&r[i]);
		fleet_proc_end(&r[i].p);
	}
	free(pfd);
}

/*
 * Refuse two of the n hosts that ssh resolves to one host name and port;
 * 0, or -1 with both named.
 */
int
fleet_resolve_twins(const struct fleet_ssh *s,
    const struct fleet_host *const *h, size_t n, struct sm_error *err)
{
	struct fleet_resolve	*r = xcalloc(n + 1, sizeof *r);
	int			 rc = 0;

	fleet_resolve_all(s, h, r, n);
	for (size_t i = 0; i < n && rc == 0; i++)
		for (size_t j = i + 1; j < n && rc == 0; j++) {
			if (r[i].name[0] == '\0' || r[i].port != r[j].port ||
			    strcasecmp(r[i].name, r[j].name) != 0)
				continue;
			sm_error_set(err, "%s: %s and %s (%s) both reach %s "
			    "port %d (ssh -G): two benchmarks on one machine "
			    "spoil both", h[j]->where, h[j]->name, h[i]->name,
			    h[i]->where, r[i].name, r[i].port);
			rc = -1;
		}
	free(r);
	return rc;
}
