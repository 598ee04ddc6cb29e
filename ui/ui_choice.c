/*
 * What the select screen has chosen, apart from any screen: the tests,
 * the rest of the plan (copies, duration, samples, -C's target), the presets
 * that set them, whether the choice has left its preset ("custom"), and
 * the plan it makes.
 * The run model (ui_live.c) and the screens share this file, so none of
 * them depends on another for it.
 */
/* SPDX-License-Identifier: MIT */

#include <stdlib.h>
#include <string.h>

#include "ui.h"

/*
 * Presets.  UnixBench (the default, as it is UnixBench's): the tests of
 * its index baseline, 10 s samples.  quick: the first test of each group
 * (a representative subset) in short samples.  BYTE: the tests of the
 * BYTE index baseline as the BYTE reports ran them, 10 s x 6 (seed 004:
 * "(10 secs, 6 samples)").  everything: every test, 5 s x 6.  A preset
 * whose baseline is missing selects the first test of each group.
 */
static const struct ui_preset ui_presets[] = {
	{ "UnixBench", 0, "unixbench", 10, 3 },
	{ "quick", 1, NULL, 1, 3 },
	{ "BYTE", 0, "byte-3.11", 10, 6 },
	{ "everything", 0, NULL, 5, 6 },
};
#define UI_NPRESET	(sizeof ui_presets / sizeof ui_presets[0])

/* Set every test of group (all, command tests too, when NULL) to on. */
void
ui_choice_set(struct ui *ui, const char *group, int on)
{
	for (size_t i = 0; registry_all[i] != NULL; i++)
		if (group == NULL ||
		    strcmp(group, registry_all[i]->group) == 0)
			ui->choice.sel[i] = (unsigned char)on;
	if (group == NULL && ui->choice.csel != NULL)
		memset(ui->choice.csel, on, ui->choice.cmds.n);
}

/* Select the group unless all of it is selected already, then clear it. */
void
ui_choice_toggle_group(struct ui *ui, const char *group)
{
	int	all = 1;

	for (size_t i = 0; registry_all[i] != NULL; i++)
		if (strcmp(group, registry_all[i]->group) == 0 &&
		    !ui->choice.sel[i])
			all = 0;
	ui_choice_set(ui, group, !all);
}

/* Select the first test of each group. */
static void
ui_choice_subset(struct ui *ui)
{
	const char	*group = NULL;

	for (size_t i = 0; registry_all[i] != NULL; i++) {
		if (group != NULL &&
		    strcmp(group, registry_all[i]->group) == 0)
			continue;
		group = registry_all[i]->group;
		ui->choice.sel[i] = 1;
	}
}

/* Select exactly the tests the baseline name has; 0, or -1 if missing. */
static int
ui_choice_baseline(struct ui *ui, const char *name)
{
	struct sm_error	err;
	struct run	run;

	run_init(&run);
	if (baseline_resolve(ui->self[0] ? ui->self : NULL, name, &run,
	    &err) != 0) {
		run_free(&run);
		return -1;
	}
	for (size_t i = 0; registry_all[i] != NULL; i++)
		for (size_t k = 0; k < run.nsamples && !ui->choice.sel[i]; k++)
			ui->choice.sel[i] = strcmp(run.samples[k].test,
			    registry_all[i]->id) == 0;
	run_free(&run);
	return 0;
}

/* Apply preset p, remembering what it chose to tell "custom" apart. */
void
ui_choice_preset(struct ui *ui, const struct ui_preset *p)
{
	struct ui_choice	*c = &ui->choice;

	c->preset = p;
	c->plan.duration = p->duration;
	c->plan.samples = p->samples;
	c->plan.copies[0] = 1;
	c->plan.ncopies = 1;
	ui_choice_set(ui, NULL, p->subset == 0 && p->baseline == NULL);
	if (p->subset)
		ui_choice_subset(ui);
	if (p->baseline != NULL && ui_choice_baseline(ui, p->baseline) != 0) {
		ui_choice_subset(ui);
		ui_message(ui, "no %s baseline here: the first test of each "
		    "group is selected", p->baseline);
	}
	memcpy(c->preset_sel, c->sel, registry_count());
}

/* The choice a console starts with: UnixBench's index set. */
void
ui_choice_defaults(struct ui *ui)
{
	plan_init(&ui->choice.plan);
	ui->choice.sel = xcalloc(registry_count(), 1);
	ui->choice.preset_sel = xcalloc(registry_count(), 1);
	ui->choice.cal_gap = -1;
	ui_choice_preset(ui, &ui_presets[0]);
}

void
ui_choice_free(struct ui *ui)
{
	free(ui->choice.sel);
	free(ui->choice.preset_sel);
	plan_free(&ui->choice.plan);
}

/* 1 when the settings have left what the preset chose. */
int
ui_choice_custom(const struct ui *ui)
{
	const struct ui_choice	*c = &ui->choice;

	return c->plan.duration != c->preset->duration ||
	    c->plan.samples != c->preset->samples || c->plan.ncopies != 1 ||
	    c->plan.copies[0] != 1 ||
	    memcmp(c->sel, c->preset_sel, registry_count()) != 0 ||
	    memchr(c->csel, 1, c->cmds.n) != NULL;
}

/* The preset after the current one. */
const struct ui_preset *
ui_choice_next_preset(const struct ui *ui)
{
	for (size_t i = 0; i < UI_NPRESET; i++)
		if (ui->choice.preset == &ui_presets[i])
			return &ui_presets[(i + 1) % UI_NPRESET];
	return &ui_presets[0];
}

/* "UnixBench", or "custom" once the choice has left it. */
const char *
ui_choice_preset_name(const struct ui *ui)
{
	return ui_choice_custom(ui) ? "custom" : ui->choice.preset->name;
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
		if (ui->choice.sel[i])
			b[n++] = registry_all[i];
	plan_copy(plan, &ui->choice.plan);
	plan_set_benches(plan, b, n);
	free(b);
	return n + ui_command_plan(ui, plan);
}
