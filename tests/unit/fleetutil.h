/*
 * What the fleet's tests share: a host by name and the hosts a pattern
 * selects, as the tests compare them; the count of open descriptors, as
 * a setup and a teardown that fail a test leaving one open (the ssh
 * pipes, ansible-inventory's).
 */
/* SPDX-License-Identifier: MIT */

#ifndef FLEETUTIL_H
#define FLEETUTIL_H

#include <dirent.h>

#include "../../src/core/core.h"

/* The index of host name, or -1. */
static inline long
fu_host(const struct fleet_inv *inv, const char *name)
{
	for (size_t i = 0; i < inv->nhosts; i++)
		if (strcmp(inv->hosts[i].name, name) == 0)
			return (long)i;
	return -1;
}

/* The names pattern selects, joined by spaces. */
static inline void
fu_select(const struct fleet_inv *inv, const char *pat, char *out,
    size_t len)
{
	struct sm_error	 err;
	size_t		*idx, n;

	out[0] = '\0';
	if (fleet_pattern_select(inv, pat, &idx, &n, &err) != 0) {
		snprintf(out, len, "ERR %.200s", err.msg);
		free(idx);
		return;
	}
	for (size_t i = 0; i < n; i++)
		snprintf(out + strlen(out), len - strlen(out), "%s%s",
		    i ? " " : "", inv->hosts[idx[i]].name);
	free(idx);
}

/* The hosts pattern selects are want, joined by spaces, or fail. */
static inline void
fu_expect(const struct fleet_inv *inv, const char *pat, const char *want)
{
	char	got[1024];

	fu_select(inv, pat, got, sizeof got);
	if (strcmp(got, want) != 0)
		fail_msg("%s selects \"%s\", not \"%s\"", pat, got, want);
}

/* How many descriptors this process has open (-1: none to be read). */
static inline int
fu_fds(void)
{
	DIR		*d = opendir("/proc/self/fd");
	struct dirent	*e;
	int		 n = 0;

	if (d == NULL)
		return -1;
	while ((e = readdir(d)) != NULL)
		n += e->d_name[0] != '.';
	closedir(d);
	return n - 1;	/* the directory's own */
}

static inline int *
fu_fds_slot(void)
{
	static int	at;

	return &at;
}

/* A setup: note the descriptors open before the test. */
static inline int
fu_fds_mark(void **state)
{
	(void)state;
	*fu_fds_slot() = fu_fds();
	return 0;
}

/* A teardown: the test left as many open as it found. */
static inline int
fu_fds_same(void **state)
{
	int	now = fu_fds();

	(void)state;
	if (now == *fu_fds_slot())
		return 0;
	print_error("%d descriptors open after the test, %d before\n", now,
	    *fu_fds_slot());
	return -1;
}

#endif
