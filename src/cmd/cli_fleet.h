/*
 * What the fleet command files share (cmd_fleet.c, cmd_fleet_run.c,
 * cmd_fleet_show.c, cmd_fleet_collect.c, cli_fleet.c): the hosts chosen,
 * ssh's options and the sessions that drive them.
 */
/* SPDX-License-Identifier: MIT */

#ifndef CMD_FLEET_H
#define CMD_FLEET_H

#include <limits.h>
#include <stdio.h>


struct cli_fleet {
	const char		*inv_path;	/* -i */
	const char		*hosts;		/* --hosts */
	const char		*pattern;
	struct fleet_inv	 inv;
	size_t			*sel;		/* the pattern's hosts */
	size_t			 nsel;
	size_t			 parallel;	/* -f */
	struct fleet_ssh	 ssh;
	struct fleet_job	 job;
	char			 ctl[64];	/* control sockets */
	char			 self[PATH_MAX];
	char			*bin, *exec;
	const struct fleet_host	**hostp;	/* the selected hosts */
	struct fleet_sess	*sess;		/* one per selected host */
	FILE			**logs;
	int			 interrupted;
};

/* cli_fleet.c */
void	 cli_fleet_init(struct cli_fleet *);
int	 cli_fleet_opt(struct cli_fleet *, int, const char *);
extern const struct option cli_fleet_long[];
int	 cli_fleet_hosts(struct cli_fleet *);
int	 cli_fleet_drive(struct cli_fleet *f, const char *argv0,
	     const char *logdir, void (*tick)(void *), void *arg);
void	 cli_fleet_free(struct cli_fleet *);
int	 cli_fleet_status(const struct cli_fleet *, enum fleet_status);

/* cmd_fleet.c */
const char *cmd_fleet_check_binary(const struct cli_fleet *,
	     const struct fleet_sess *);

/* cli_fleet_run.c: fleet run's machinery; as_run: run --hosts's */
int	 cli_fleet_run(int, char **, const char *, int calibrate, int as_run);

/* cmd_fleet_run.c */
int	 cmd_fleet_run(int, char **, const char *);
int	 cmd_fleet_calibrate(int, char **, const char *);

/* cmd_fleet_show.c */
int	 cmd_fleet_show(int, char **, const char *);

/* cli_fleet_side.c: the hosts side by side, for fleet show and fleet run */
int	 cli_fleet_side(const char *dir, const struct fleet_row *rows,
	     size_t n, const char *ref, const char *self,
	     enum table_format fmt, struct json_t *doc);

/* cmd_fleet_collect.c */
int	 cmd_fleet_collect(int, char **, const char *);

#endif
