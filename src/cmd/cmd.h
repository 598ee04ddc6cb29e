/*
 * What the command files share: the options of the commands that measure
 * or save, the helpers in cmd.c, and each command's entry point, which
 * main.c's table calls as fn(argc - 1, argv + 1, argv0).  A command is
 * one file, src/cmd/cmd_NAME.c, as in tmux, and only a command's file
 * is named so; the helpers several commands use are src/cmd/cli_NAME.c
 * (cli_measure.c, cli_json.c, cli_gate.c, cli_plan.c; cli_fleet.c for
 * the fleet commands), each function prefixed with its file's name
 * (cli_plan_fresh() is in cli_plan.c); cmd.c's own are cmd_.  Only what
 * another file uses is declared here, the rest stays static in its file.
 */
/* SPDX-License-Identifier: MIT */

#ifndef CMD_H
#define CMD_H

#include <getopt.h>
#include <limits.h>

#include "../core/core.h"

/*
 * What run, calibrate, users, the agent and import were asked for: the
 * plan (core/plan/plan.c), and beside it only what is not the plan: where the
 * run goes, how it is shown, what kind of run it is.
 */
struct cmd_opts {
	struct plan		  plan;
	double			  detect;	/* run --detect, a fraction */
	struct run		  base;		/* plan.baseline's run */
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
	const char		 *label;	/* run -l, meta "label" */
	const char		 *note;		/* run --note, meta "note" */
	char			  saved[PATH_MAX]; /* where the run went */
	const char		 *resume;	/* run --resume FILE */
	struct resume		 *from;		/* ...loaded */
	int			  ask;		/* run: a long plan asks */
	int			  yes;		/* run --yes */
	int			  nosave;	/* run --no-save, -o - */
};

/*
 * The options several commands share, as their usage describes them; a
 * command's usage (cmd_NAME_usage, beside its options in its file) is
 * its synopsis, a blank line, then these and its own.
 */
#define CMD_HELP_T \
"  -t ID,...      tests to run, ids or globs such as lat_* (default: all;\n" \
"                 `sysmark list` shows them)\n"
#define CMD_HELP_C \
"  -c COPIES,...  copies run at once, e.g. 1,cpus (default 1); scale is\n" \
"                 1, 2, 4, ... up to twice the CPUs\n"
#define CMD_HELP_D \
"  -d SECONDS     length of one sample, 0.1 to 86400 (default 10); the\n" \
"                 lmbench-style tests (lat_*, bw_*) take the median of\n" \
"                 11 calibrated batches of at least 10 ms per sample\n"
#define CMD_HELP_N \
"  -n SAMPLES     samples per test and copies value (default 6), after\n" \
"                 one warm-up sample that is shown but not counted\n"
#define CMD_HELP_O \
"  -o FILE        save the run here (default results/HOST-DATE.csv)\n" \
"  -F             replace FILE if it exists\n"
#define CMD_HELP_Q \
"  -q             no progress on stderr\n"
#define CMD_HELP_S \
"  -s             also print every statistic: n, mean, median, min, max, sd\n"
#define CMD_HELP_F \
"  -f FORMAT      text, csv, md, or json: one document for scripts\n" \
"                 (schema in doc/json.md)\n"

/* cmd.c */
int	 cmd_usage_error(const char *, ...)
	     __attribute__((format(printf, 1, 2)));
int	 cmd_input_error(const struct sm_error *);
int	 cmd_parse_format(const char *, enum table_format *);
void	 cmd_opts_init(struct cmd_opts *);
void	 cmd_opts_free(struct cmd_opts *);
int	 cmd_opts_parse(int, const char *, struct cmd_opts *);
int	 cmd_opts_finish(struct cmd_opts *, const char *);
/* What cmd_getopt() collects beside the options: the operands, in order. */
struct cmd_args {
	char	**v;		/* argv's own strings, not copies */
	int	  n;
	int	  sides;	/* "--" is an operand: OLD... -- NEW... */
};
int	 cmd_getopt(int, char **, const char *, const struct option *,
	     struct cmd_args *);
void	 cmd_args_free(struct cmd_args *);
int	 cmd_args_none(struct cmd_args *, const char *, int);
int	 cmd_load_baseline(const char *name, const char *argv0,
	     struct run *base);
int	 cmd_load_runs(char **, int, const char *, struct run **, char ***,
	     int *);
void	 cmd_free_runs(struct run *, char **, int);
int	 cmd_check_out(const struct cmd_opts *);
int	 cmd_save(const struct run *, struct cmd_opts *);
int	 cmd_render(struct table *, enum table_format);
int	 cmd_render_all(struct table **t, size_t n, enum table_format fmt,
	     int rc, int lead);
int	 cmd_print(const struct run *, enum table_format, int);
int	 cmd_noise_find(const char *self, const struct run *const *runs,
	     size_t n, struct run *profile, char *path, size_t len);
struct table *cmd_index_table(const struct run *run,
	    const struct run *base, const char *label);
int	 cmd_index(const struct run *run, const struct run *base,
	     const char *name, enum table_format fmt);

/* cli_commands.c: run -x, --suite and their options */
#define CLI_COMMANDS_SUITE	'7'	/* --suite, as getopt sees it */
#define CLI_COMMANDS_SHOW	'8'	/* --show-output */
#define CLI_COMMANDS_TIMEOUT	'9'	/* --timeout */
#define CLI_COMMANDS_SETUP_TIMEOUT '0'	/* --setup-timeout */
struct cli_commands {
	const char		**spec;		/* -x */
	size_t			  nspec;
	const char		**suite;	/* --suite */
	size_t			  nsuite;
	struct command_param	  param[COMMAND_MAX_PARAMS];
	struct {
		const char	*name, *lo, *hi, *step;
	}			  range[COMMAND_MAX_PARAMS];	/* -P, -D */
	int			  is_range[COMMAND_MAX_PARAMS];
	size_t			  nparam;
	struct command_opts	  opts;
};
void	 cli_commands_init(struct cli_commands *);
void	 cli_commands_free(struct cli_commands *);
int	 cli_commands_opt(struct cli_commands *, int, const char *, int,
	     char **);
int	 cli_commands_given(const struct cli_commands *);
int	 cli_commands_finish(struct cli_commands *, struct plan *);

/* cli_duet.c: a duet run's one file as its two sides */
struct cli_duet {
	struct run	**runs;		/* cmd_load_runs()'s */
	char		***names;
	char		***args;	/* the operands */
	int		 *n;
	int		 *k;		/* runs loaded */
	int		 *split;
	int		  dup;		/* the caller frees each operand */
};
int	 cli_duet_expand(struct cli_duet *, int strict);
int	 cli_duet_print(const struct run *, enum table_format);
/* cli_json.c */
int	 cli_json_write(struct json_t *);
int	 cli_json_run(const char *command, const struct run *run,
	     const char *file, const struct run *base, const char *name,
	     int noise);

/* cli_gate.c: compare --fail-on and compare -f json */
struct cli_gate {
	struct gate	gate;		/* mask 0: no gate */
	char		list[64];	/* the conditions, as gate_str() */
};
size_t	 cli_gate_judge(const struct cli_gate *g, const struct run *runs,
	     char **args, char **names, int n, int split,
	     const struct compare_opts *o, const struct filter *f,
	     struct json_t **doc);
size_t	 cli_gate_curves(const struct run *runs, char **names, int n,
	     struct table ***curves);
int	 cli_gate_json(const struct cli_gate *g, const struct run *runs,
	     char **args, char **names, int n, int split,
	     const struct compare_opts *o, const struct filter *f,
	     size_t *tripped);

/* cli_plan.c */
/* What -t, -g and --preset choose, in run and run --hosts. */
struct cli_plan_pick {
	const struct preset	*preset;
	const char		*group;
	int			 given_d, given_n, given_t;
};
void	 cli_plan_given(struct cli_plan_pick *, int);
int	 cli_plan_group(const char *, const char **);
int	 cli_plan_preset(const char *, const struct preset **);
int	 cli_plan_select(struct cmd_opts *, const struct cli_plan_pick *,
	    const char *);
int	 cli_plan_profile(const struct cmd_opts *, struct run *, char *,
	     size_t);
int	 cli_plan_detect(struct cmd_opts *, int);
void	 cli_plan_reach(const struct cmd_opts *, const struct run *);
void	 cli_plan_print(const struct cmd_opts *, FILE *);
int	 cli_plan_go(const struct cmd_opts *);
/* cli_measure.c */
int	 cli_measure(struct cmd_opts *);

/* The commands, one file each, and their usage. */
extern const char cmd_run_usage[], cmd_calibrate_usage[], cmd_users_usage[],
	     cmd_show_usage[], cmd_compare_usage[], cmd_import_usage[],
	     cmd_list_usage[], cmd_console_usage[], cmd_report_usage[],
	     cmd_fleet_usage[], cmd_agent_usage[];
int	 cmd_run(int, char **, const char *);
int	 cmd_calibrate(int, char **, const char *);
int	 cmd_users(int, char **, const char *);
int	 cmd_show(int, char **, const char *);
int	 cmd_compare(int, char **, const char *);
int	 cmd_import(int, char **, const char *);
int	 cmd_list(int, char **, const char *);
int	 cmd_console(int, char **, const char *);
int	 cmd_report(int, char **, const char *);
int	 cmd_agent(int, char **, const char *);
int	 cmd_fleet(int, char **, const char *);
extern const char cmd_history_usage[];
int	 cmd_history(int, char **, const char *);
/* cli_history.c: history's loading and export, shared with show and report */
int	 cli_history_load(struct history *h, char **paths, int n,
	     const char *index, const struct history_query *q,
	     struct histindex_stats *st);
int	 cli_history_export_kind(const char *);
int	 cli_history_export(const struct history *, int);
int	 cli_history_show(const char *path, const struct run *run,
	     const char *fmt);

/* main.c: the commands' table, read by cmd_completion.c */
struct main_cmd {
	const char	*name;
	int		 (*fn)(int, char **, const char *);
	const char	*usage;		/* beside its options, in its file */
};
extern const struct main_cmd main_cmds[];
extern const size_t main_ncmds;
/* cmd_completion.c */
extern const char cmd_completion_usage[];
int	 cmd_completion(int, char **, const char *);

#endif
