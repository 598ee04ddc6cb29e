/*
 * The hosts of a fleet side by side: every host that gave a run in
 * compare's own table, one column per host with its ratio to the first
 * host or to -b, each judged with the host's own noise profile when all
 * have one.  fleet show prints it, and fleet run as it ends.
 */
/* SPDX-License-Identifier: MIT */

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cmd.h"
#include "cli_fleet.h"

/*
 * The side-by-side table, the hosts judged with each one's own noise
 * profile when every one of them has one.
 */
static struct table *
cli_fleet_side_table(const struct fleet_dir *d, const struct run **rp,
    struct compare_opts *o)
{
	const struct run	**pp = xcalloc(d->nruns + 1, sizeof *pp);
	struct table		*t;
	int			 all = d->profiles != NULL &&
				    d->nprofiles == d->nruns;

	for (size_t i = 0; all && i < d->nruns; i++)
		pp[i] = &d->profiles[i];
	if (all)
		o->profiles = pp;
	t = compare_side_by_side_opts(rp, d->names, d->nruns, o);
	if (all)
		table_add_note(t, "Each host is judged with its own noise "
		    "profile (sysmark fleet calibrate).");
	else if (d->nprofiles > 0)
		table_add_note(t, "Only %zu of %zu hosts have a noise profile "
		    "(sysmark fleet calibrate): none is used.", d->nprofiles,
		    d->nruns);
	free(pp);
	return t;
}

/* -f json: each host's run, and the side-by-side table (or null). */
static void
cli_fleet_side_json(struct json_t *doc, const struct run **rp,
    const char **names, size_t k, struct table *t)
{
	struct json_t	*runs = json_out_array();

	for (size_t i = 0; i < k; i++)
		json_out_append(runs, json_run_object(rp[i], names[i]));
	json_out_set(doc, "runs", runs);
	if (t == NULL) {
		json_out_null(doc, "side_by_side");
		return;
	}
	json_out_set(doc, "side_by_side", json_out_table(t));
	table_free(t);
}

/*
 * The hosts of d side by side (its runs: a -b host or baseline first),
 * printed in fmt, or with doc (-f json) added to it; 0 or the exit status.
 */
int
cli_fleet_side(const struct fleet_dir *d, enum table_format fmt,
    struct json_t *doc)
{
	const struct run	**rp = xcalloc(d->nruns + 1, sizeof *rp);
	struct table		*t = NULL;
	struct compare_opts	 o;
	int			 rc = 0;

	for (size_t i = 0; i < d->nruns; i++)
		rp[i] = &d->runs[i];
	compare_opts_default(&o);
	o.wide = fmt != TABLE_TEXT;
	if (d->nruns >= 2)
		t = cli_fleet_side_table(d, rp, &o);
	else
		fprintf(stderr, "fewer than two runs: nothing side by side\n");
	if (doc != NULL)
		cli_fleet_side_json(doc, rp, d->names, d->nruns, t);
	else if (t != NULL) {
		putchar('\n');
		rc = cmd_render(t, fmt);
	}
	free(rp);
	return rc;
}
