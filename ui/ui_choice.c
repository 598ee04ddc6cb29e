/*
 * What the select screen has chosen, apart from any screen: the tests,
 * the rest of the plan (copies, duration, samples, -C's target), the preset
 * that set them (the core's list, preset.c, which run --preset shares), whether the choice has left its preset ("custom"), and
 * the plan it makes.
 * The run model (ui_live.c) and the screens share this file, so none of
 * them depends on another for it.
 */
/* SPDX-License-Identifier: MIT */

#include <stdlib.h>
#include <string.h>

#include "ui.h"
#include "ui_choice.h"

/* Set every test of group (all, command tests too, when NULL) to on. */
void
ui_choice_set(struct ui *ui, const char *group, int on)
{
	for (size_t i = 0; registry_all[i] != NULL; i++)
		if (group == NULL ||
		    strcmp(group, registry_all[i]->group) == 0)
			ui->choice->sel[i] = (unsigned char)on;
	if (group == NULL && ui->choice->csel != NULL)
		memset(ui->choice->csel, on, ui->choice->cmds.n);
}

/* Select the group unless all of it is selected already, then clear it. */
void
ui_choice_toggle_group(struct ui *ui, const char *group)
{
	int	all = 1;

	for (size_t i = 0; registry_all[i] != NULL; i++)
		if (strcmp(group, registry_all[i]->group) == 0 &&
		    !ui->choice->sel[i])
			all = 0;
	ui_choice_set(ui, group, !all);
}

/* Apply preset p, remembering what it chose to tell "custom" apart. */
void
ui_choice_preset(struct ui *ui, const struct preset *p)
{
	struct ui_choice	*c = ui->choice;
	struct sm_error		 err;

	c->preset = p;
	/* A preset chosen anew starts from one copy, as it was made for. */
	c->plan.copies[0] = 1;
	c->plan.ncopies = 1;
	if (preset_apply(p, ui->self[0] ? ui->self : NULL, &c->plan, c->sel,
	    &err) != 0)
		ui_message(ui, "no %s baseline here: the first test of each "
		    "group is selected", p->baseline);
	memcpy(c->preset_sel, c->sel, registry_count());
}

/* The choice a console starts with: UnixBench's index set. */
void
ui_choice_defaults(struct ui *ui)
{
	plan_init(&ui->choice->plan);
	ui->choice->sel = xcalloc(registry_count(), 1);
	ui->choice->preset_sel = xcalloc(registry_count(), 1);
	ui->choice->cal_gap = -1;
	ui_choice_preset(ui, &preset_all[0]);
}

void
ui_choice_free(struct ui *ui)
{
	free(ui->choice->sel);
	free(ui->choice->preset_sel);
	plan_free(&ui->choice->plan);
}

/* 1 when the settings have left what the preset chose. */
int
ui_choice_custom(const struct ui *ui)
{
	const struct ui_choice	*c = ui->choice;

	return c->plan.duration != c->preset->duration ||
	    c->plan.samples != c->preset->samples || c->plan.ncopies != 1 ||
	    c->plan.copies[0] != 1 ||
	    memcmp(c->sel, c->preset_sel, registry_count()) != 0 ||
	    memchr(c->csel, 1, c->cmds.n) != NULL;
}

/* The preset after the current one. */
const struct preset *
ui_choice_next_preset(const struct ui *ui)
{
	const struct preset	*p = ui->choice->preset;

	return p != NULL && p[1].name != NULL ? p + 1 : &preset_all[0];
}

/* "UnixBench", or "custom" once the choice has left it. */
const char *
ui_choice_preset_name(const struct ui *ui)
{
	return ui_choice_custom(ui) ? "custom" : ui->choice->preset->title;
}

/*
 * The plan for what is chosen, into *plan (initialised here): the
 * choice's plan with the selected tests, the command tests last.  Returns how many are selected.
 */
size_t
ui_choice_plan(const struct ui *ui, struct plan *plan)
{
	const struct bench	**b = xcalloc(registry_count() + 1, sizeof *b);
	size_t			  n = 0;

	for (size_t i = 0; registry_all[i] != NULL; i++)
		if (ui->choice->sel[i])
			b[n++] = registry_all[i];
	plan_copy(plan, &ui->choice->plan);
	plan_set_benches(plan, b, n);
	free(b);
	return n + ui_command_plan(ui, plan);
}
