/*
 * A fleet's hosts, chosen and checked before any ssh runs: the inventory
 * file (-i), the hosts named on the command line (--hosts) or the
 * inventory a front end loaded with its own picks (the console), then
 * the pattern; every host validated (fleet_valid_host()) and no machine
 * named twice (fleet_resolve_twins()).  fleet collect DIR chooses its
 * hosts from the fleet's own fleet.csv (fleet_collect.c).
 */
/* SPDX-License-Identifier: MIT */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fleet_run_int.h"

/* The front end's own picks in its loaded inventory; 0 or -1. */
static int
fleet_pick_flags(struct fleet_run *r, struct sm_error *err)
{
	r->sel = xcalloc(r->c.inv->nhosts + 1, sizeof *r->sel);
	for (size_t i = 0; i < r->c.inv->nhosts; i++)
		if (r->c.pick == NULL || r->c.pick[i])
			r->sel[r->nsel++] = i;
	if (r->nsel == 0) {
		sm_error_set(err, "no host picked");
		return -1;
	}
	return 0;
}

/* The inventory and the pattern, unless the front end brought them. */
static int
fleet_pick_select(struct fleet_run *r, struct sm_error *err)
{
	int	rc;

	if (r->c.inv != NULL) {
		r->invp = r->c.inv;
		return fleet_pick_flags(r, err);
	}
	r->invp = &r->inv;
	if (r->c.hosts == NULL && r->c.inv_path == NULL) {
		sm_error_set(err, "fleet: name the hosts with -i INVENTORY or "
		    "--hosts HOST,...");
		return -1;
	}
	fleet_inv_free(&r->inv);
	rc = r->c.hosts != NULL ? fleet_inv_from_list(&r->inv, r->c.hosts,
	    err) : fleet_inv_load(&r->inv, r->c.inv_path, err);
	if (rc != 0)
		return -1;
	return fleet_pattern_select(&r->inv, r->c.pattern, &r->sel, &r->nsel,
	    err);
}

/* Every chosen host valid, none twice; their pointers in r->hosts. */
static int
fleet_pick_check(struct fleet_run *r, struct sm_error *err)
{
	r->hosts = xcalloc(r->nsel + 1, sizeof *r->hosts);
	for (size_t i = 0; i < r->nsel; i++) {
		r->hosts[i] = &r->invp->hosts[r->sel[i]];
		if (fleet_valid_host(r->hosts[i], err) != 0)
			return -1;
	}
	return fleet_resolve_twins(&r->ssh, r->hosts, r->nsel, err);
}

/*
 * The hosts of r, by the conf's inventory, --hosts or picks and pattern
 * (collect DIR: by the fleet's fleet.csv); 0, or -1 with err.
 */
int
fleet_pick_hosts(struct fleet_run *r, struct sm_error *err)
{
	char	*pat = NULL;
	int	 rc;

	if (r->c.ssh_config != NULL && !fleet_valid_path(r->c.ssh_config)) {
		sm_error_set(err, "-F: not a file name");
		return -1;
	}
	if (r->c.hosts != NULL && r->c.inv_path != NULL) {
		sm_error_set(err, "fleet: -i and --hosts exclude each other");
		return -1;
	}
	if (r->c.mode == FLEET_COLLECT && (rc = fleet_collect_is_dir(r, err))
	    != 0) {
		if (rc < 0 || (rc = fleet_collect_hosts(r, &pat, err)) < 0) {
			free(pat);
			return -1;
		}
		r->invp = &r->inv;
		/* 1: every host of the fleet gave a run, none is asked */
		if (rc == 0)
			rc = fleet_pattern_select(&r->inv, pat, &r->sel,
			    &r->nsel, err);
		free(pat);
		if (rc < 0)
			return -1;
	} else if (fleet_pick_select(r, err) != 0)
		return -1;
	return fleet_pick_check(r, err);
}
