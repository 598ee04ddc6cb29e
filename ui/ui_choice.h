/*
 * What is chosen for the next run (ui_choice.c: the tests, presets and
 * the plan's settings; ui_command.c: the command tests), read by the
 * screens that start a run and by the jobs that run it.
 */
/* SPDX-License-Identifier: MIT */

#ifndef UI_CHOICE_H
#define UI_CHOICE_H

#include "../src/core/core.h"

struct ui;

/*
 * What the select screen has chosen: the tests by flag, the rest of the
 * run's plan (copies, duration, samples, -C's target) as a plan whose
 * tests ui_choice_plan() fills from the flags.
 */
struct ui_choice {
	unsigned char		*sel;	/* one flag per registry_all[] entry */
	struct plan		 plan;	/* its benches unset */
	const struct preset	*preset;	/* the last one applied */
	unsigned char		*preset_sel;	/* what it selected */
	double			 cal_gap;	/* calibrate -g; < 0: spread */
	struct command_set	 cmds;	/* command tests (ui_command.c) */
	unsigned char		*csel;	/* one flag per cmds.cmd[] */
	struct command_opts	 cmd_opts;	/* console -N, -i, -w ... */
};


/* ui_choice.c */
void	 ui_choice_defaults(struct ui *);
void	 ui_choice_free(struct ui *);
void	 ui_choice_set(struct ui *, const char *, int);
void	 ui_choice_toggle_group(struct ui *, const char *);
void	 ui_choice_preset(struct ui *, const struct preset *);
const struct preset *ui_choice_next_preset(const struct ui *);
int	 ui_choice_custom(const struct ui *);
const char *ui_choice_preset_name(const struct ui *);
size_t	 ui_choice_plan(const struct ui *, struct plan *);

/* ui_command.c */
void	 ui_command_init(struct ui *, struct command_set *,
	     const struct command_opts *);
void	 ui_command_free(struct ui *);
int	 ui_command_add(struct ui *, const char *, int suite,
	     struct sm_error *);
size_t	 ui_command_plan(const struct ui *, struct plan *);

#endif
