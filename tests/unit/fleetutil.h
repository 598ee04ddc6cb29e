/*
 * What the fleet's tests share: a host by name and the hosts a pattern
 * selects, as the tests compare them.
 */
/* SPDX-License-Identifier: MIT */

#ifndef FLEETUTIL_H
#define FLEETUTIL_H

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

#endif
