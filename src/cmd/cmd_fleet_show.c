/*
 * sysmark fleet show DIR: a fleet's status table (from its fleet.csv),
 * then every host that gave a run side by side, compare's own table, one
 * column per host with its ratio to the first host or to -b (a host of
 * the fleet, a baseline or a run file: cli_fleet_side.c).  fleet run
 * ends by printing the same two tables.
 */
/* SPDX-License-Identifier: MIT */

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cmd.h"
#include "cli_fleet.h"

/* -f json: fleet.csv's rows, each column a key (doc/json.md). */
static struct json_t *
cmd_fleet_show_hosts(const struct fleet_row *rows, size_t n)
{
	static const char *const keys[FLEET_OUT_NCOLS] = {
		"host", "target", "status", "ssh_exit", "agent_exit", "start",
		"end", "seconds", "agent_seconds", "samples", "file", "reason"
	};
	struct json_t	*arr = json_out_array(), *h;

	for (size_t i = 0; i < n; i++) {
		h = json_out_object();
		for (size_t c = 0; c < FLEET_OUT_NCOLS; c++)
			json_out_str(h, keys[c], rows[i].f[c]);
		json_out_append(arr, h);
	}
	return arr;
}

/* The status table and the side by side, as text, csv, md or JSON. */
static int
cmd_fleet_show_print(const struct fleet_dir *d, enum table_format fmt)
{
	struct json_t	*doc;
	int		 rc;

	if (fmt != TABLE_JSON) {
		rc = cmd_render(cli_fleet_table(d->rows, d->n), fmt);
		return rc != 0 ? rc : cli_fleet_side(d, fmt, NULL);
	}
	doc = json_out_doc("fleet show");
	json_out_set(doc, "hosts", cmd_fleet_show_hosts(d->rows, d->n));
	if ((rc = cli_fleet_side(d, fmt, doc)) != 0) {
		json_out_free(doc);
		return rc;
	}
	return cli_json_write(doc);
}

/* sysmark fleet show [-f FORMAT] [-b HOST|BASELINE] DIR */
int
cmd_fleet_show(int argc, char **argv, const char *argv0)
{
	enum table_format	 fmt = TABLE_TEXT;
	struct fleet_dir	 d;
	struct sm_error		 err;
	const char		*ref = NULL;
	char			 self[PATH_MAX];
	int			 c, rc = 0;

	while (rc == 0 && (c = getopt(argc, argv, ":f:b:")) != -1)
		rc = c == 'f' ? cmd_parse_format(optarg, &fmt) : c == 'b' ?
		    (ref = optarg, 0) : cmd_usage_error("fleet show: usage: "
		    "sysmark fleet show [-f FORMAT] [-b HOST] DIR");
	if (rc == 0 && optind + 1 != argc)
		rc = cmd_usage_error("fleet show: name one fleet directory");
	if (rc != 0)
		return rc;
	if (paths_self_exe(argv0, self, sizeof self) != 0)
		self[0] = '\0';
	if (fleet_dir_load(&d, argv[optind], NULL, 0, FLEET_DIR_RUNS |
	    FLEET_DIR_PROFILES, ref, self[0] ? self : NULL, &err) != 0)
		return cmd_input_error(&err);
	if (d.note[0] != '\0')
		fprintf(stderr, "sysmark: %s\n", d.note);
	rc = cmd_fleet_show_print(&d, fmt);
	/* As fleet run ends: 6 when some host gave no complete run. */
	if (rc == 0 && d.bad > 0)
		rc = SM_EXIT_FLEET_PARTIAL;
	fleet_dir_free(&d);
	return rc;
}
