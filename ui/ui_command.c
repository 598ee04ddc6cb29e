/*
 * The console's command tests: those its command line gave (console -x,
 * --suite), one typed at the select screen's prompt, a suite file's rows;
 * each a test of the run, selected by a flag as a catalog test is, and
 * added to the plan the console runs (ui_choice_plan).  The core reads
 * and checks each command (command.c): a refusal is shown, never run.
 */
/* SPDX-License-Identifier: MIT */

#include <stdlib.h>
#include <string.h>

#include "ui.h"
#include "ui_choice.h"

/*
 * Take the commands given (owned from now on; NULL for none) and the
 * options a command added later gets (NULL: the defaults).
 */
void
ui_command_init(struct ui *ui, struct command_set *given,
    const struct command_opts *opts)
{
	struct ui_choice	*c = ui->choice;

	if (given != NULL) {
		c->cmds = *given;
		free(given);
	}
	if (opts != NULL)
		c->cmd_opts = *opts;
	else
		c->cmd_opts.timeout = COMMAND_TIMEOUT;
	c->csel = xcalloc(c->cmds.n + 1, 1);
	memset(c->csel, 1, c->cmds.n);
}

void
ui_command_free(struct ui *ui)
{
	command_set_free(&ui->choice->cmds);
	free(ui->choice->csel);
	ui->choice->csel = NULL;
}

/* The tests made since there were n0, selected. */
static void
ui_command_grown(struct ui *ui, size_t n0)
{
	struct ui_choice	*c = ui->choice;

	c->csel = xreallocarray(c->csel, c->cmds.n + 1, 1);
	memset(c->csel + n0, 1, c->cmds.n - n0);
}

/* A set that still has its first n tests, the rest freed. */
static void
ui_command_cut(struct command_set *set, size_t n)
{
	while (set->n > n) {
		command_free(set->cmd[--set->n]);
		free(set->cmd[set->n]);
	}
}

/*
 * Add [NAME=]CMD, or a suite file's tests when suite; 0, or -1 with err
 * saying why and nothing added.
 */
int
ui_command_add(struct ui *ui, const char *text, int suite,
    struct sm_error *err)
{
	struct command_set	*set = &ui->choice->cmds;
	size_t			 n0 = set->n;
	int			 rc;

	if (suite)
		rc = command_suite_load(set, text, NULL, 0,
		    &ui->choice->cmd_opts, err);
	else
		rc = command_add(set, text, NULL, 0, &ui->choice->cmd_opts,
		    err);
	if (rc != 0) {
		ui_command_cut(set, n0);
		return -1;
	}
	ui_command_grown(ui, n0);
	return 0;
}

/* Add copies of the selected command tests to plan; how many. */
size_t
ui_command_plan(const struct ui *ui, struct plan *plan)
{
	const struct ui_choice	*c = ui->choice;
	struct command_set	 pick = { NULL, 0 };

	pick.cmd = xcalloc(c->cmds.n + 1, sizeof *pick.cmd);
	for (size_t i = 0; i < c->cmds.n; i++)
		if (c->csel[i])
			pick.cmd[pick.n++] = c->cmds.cmd[i];
	if (pick.n > 0)
		plan_add_commands(plan, command_set_copy(&pick));
	free(pick.cmd);
	return pick.n;
}
