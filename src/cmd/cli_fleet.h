/*
 * What the fleet command files share (cmd_fleet.c, cmd_fleet_run.c,
 * cmd_fleet_show.c, cmd_fleet_collect.c, cli_fleet.c): the fleet's
 * options, one fleet run driven to its end (src/core/fleet/fleet_run.c)
 * with what it told, and the tables printed from it.
 */
/* SPDX-License-Identifier: MIT */

#ifndef CMD_FLEET_H
#define CMD_FLEET_H

#include <limits.h>
#include <stdio.h>


struct cli_fleet {
	struct fleet_conf	 c;		/* the options */
	char			 self[PATH_MAX];
	int			 progress;	/* a line as a host starts,
						   ends (run, calibrate) */
	struct fleet_view	*views;		/* each host as last told */
	size_t			 n;
	struct fleet_row	*rows;		/* fleet.csv's, at the end */
	char			 dir[PATH_MAX], id[64];
	char			 stale[1024];	/* why fleet.csv is stale,
						   said last; else "" */
};

/* cli_fleet.c */
void	 cli_fleet_init(struct cli_fleet *);
int	 cli_fleet_opt(struct cli_fleet *, int, const char *);
extern const struct option cli_fleet_long[];
int	 cli_fleet_drive(struct cli_fleet *, const char *, int *);
void	 cli_fleet_free(struct cli_fleet *);
struct table *cli_fleet_table(const struct fleet_row *, size_t);

/* cli_fleet_run.c: fleet run's machinery; as_run: run --hosts's */
int	 cli_fleet_run(int, char **, const char *, int calibrate, int as_run);

/* cmd_fleet_run.c */
int	 cmd_fleet_run(int, char **, const char *);
int	 cmd_fleet_calibrate(int, char **, const char *);

/* cmd_fleet_show.c */
int	 cmd_fleet_show(int, char **, const char *);

/* cli_fleet_side.c: the hosts side by side, for fleet show and fleet run */
int	 cli_fleet_side(const struct fleet_dir *, enum table_format,
	     struct json_t *);

/* cmd_fleet_collect.c */
int	 cmd_fleet_collect(int, char **, const char *);

#endif
