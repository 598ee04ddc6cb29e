/*
 * What the command files share: the options of the commands that measure
 * or save, the helpers in cmd.c, and each command's entry point, which
 * main.c's table calls as fn(argc - 1, argv + 1, argv0).  A command is
 * one file, src/cmd_NAME.c, as in tmux; only what another file uses is
 * declared here, the rest stays static in its file.
 */
/* SPDX-License-Identifier: MIT */

#ifndef CMD_H
#define CMD_H

#include <limits.h>

#include "core/core.h"

/* What run, calibrate, users and import were asked for. */
struct cmd_opts {
	const struct bench	**benches;
	size_t			  nbench;
	int			  copies[16];
	size_t			  ncopies;
	int			  samples;
	double			  duration;
	int			  repeats;
	enum runner_order	  order;
	double			  target;	/* -C, a fraction */
	double			  time_cap;	/* -T */
	double			  gap;		/* calibrate -g */
	const char		 *baseline;	/* -b: index, -C's aim */
	struct run		  base;
	int			  calibrate;
	const char		 *out;
	int			  force;
	int			  quiet;
	int			  stats;
	enum table_format	  fmt;
	char			  self[PATH_MAX];
	const struct mix	 *mix;		/* sysmark users: the mix */
	struct bench		  users;	/* ...run as this test */
	int			  users_given;	/* -u, else the mix's own */
};

/* cmd.c */
int	 cmd_usage_error(const char *, ...)
	     __attribute__((format(printf, 1, 2)));
int	 cmd_input_error(const struct sm_error *);
int	 cmd_parse_format(const char *, enum table_format *);
void	 cmd_opts_init(struct cmd_opts *);
int	 cmd_opts_parse(int, const char *, struct cmd_opts *);
int	 cmd_opts_finish(struct cmd_opts *, const char *);
int	 cmd_format_only(int, char **, enum table_format *);
int	 cmd_getopt(int, char **, const char *, const char **);
void	 cmd_long_opt(int, char **, const char *, char);
int	 cmd_load_baseline(const char *, const char *, struct run *);
int	 cmd_load_runs(char **, int, const char *, struct run **, char ***,
	     int *);
void	 cmd_free_runs(struct run *, char **, int);
int	 cmd_check_out(const struct cmd_opts *);
int	 cmd_save(const struct run *, const struct cmd_opts *);
int	 cmd_render(struct table *, enum table_format);
int	 cmd_render_all(struct table **, size_t, enum table_format, int, int);
int	 cmd_print(const struct run *, enum table_format, int);
int	 cmd_index(const struct run *, const struct run *, const char *,
	     enum table_format);

/* cmd_measure.c */
int	 cmd_measure(struct cmd_opts *);
void	 cmd_measure_fill(const struct cmd_opts *, struct runner_plan *);

/* The commands, one file each. */
int	 cmd_run(int, char **, const char *);
int	 cmd_calibrate(int, char **, const char *);
void	 cmd_calibrate_gap(struct cmd_opts *, int);
int	 cmd_users(int, char **, const char *);
int	 cmd_show(int, char **, const char *);
int	 cmd_compare(int, char **, const char *);
int	 cmd_import(int, char **, const char *);
int	 cmd_list(int, char **, const char *);
int	 cmd_console(int, char **, const char *);
int	 cmd_agent(int, char **, const char *);
int	 cmd_fleet(int, char **, const char *);

#endif
