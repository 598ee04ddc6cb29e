/*
 * The presets: named plans a user picks instead of listing tests, the
 * same list for the console's select screen (p) and run --preset.
 * unixbench (the console's first, as it is UnixBench's): the tests of
 * its index baseline, 10 s x 3.  quick: the first test of each group (a
 * representative subset) in 1 s samples.  byte: the tests of the BYTE
 * index baseline as the BYTE reports ran them, 10 s x 6 (seed 004:
 * "(10 secs, 6 samples)").  lmbench: the lmbench-style tests (lat_*,
 * bw_*), whose samples are calibrated batches that -d does not set.
 * all: every test, 5 s x 6.  A preset whose baseline is missing selects
 * the first test of each group, and says so.
 */
/* SPDX-License-Identifier: MIT */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "plan.h"

const struct preset preset_all[] = {
	{ "unixbench", "UnixBench", 0, "unixbench", NULL, 10, 3 },
	{ "quick", "quick", 1, NULL, NULL, 1, 3 },
	{ "byte", "BYTE", 0, "byte-3.11", NULL, 10, 6 },
	{ "lmbench", "lmbench", 0, NULL, "lat_*,bw_*", 1, 6 },
	{ "all", "all", 0, NULL, NULL, 5, 6 },
	{ NULL, NULL, 0, NULL, NULL, 0, 0 }
};

/* The preset named name, in any case; or NULL. */
const struct preset *
preset_find(const char *name)
{
	for (const struct preset *p = preset_all; p->name != NULL; p++)
		if (strcasecmp(name, p->name) == 0)
			return p;
	return NULL;
}

/* The presets' names, "unixbench|quick|...", into buf. */
void
preset_names(char *buf, size_t len)
{
	size_t	at = 0;

	buf[0] = '\0';
	for (const struct preset *p = preset_all; p->name != NULL &&
	    at < len; p++)
		at += (size_t)snprintf(buf + at, len - at, "%s%s",
		    at > 0 ? "|" : "", p->name);
}

/* Flag the first test of each group. */
static void
preset_subset(unsigned char *sel)
{
	const char	*group = NULL;

	for (size_t i = 0; registry_all[i] != NULL; i++) {
		if (group != NULL && strcmp(group, registry_all[i]->group) == 0)
			continue;
		group = registry_all[i]->group;
		sel[i] = 1;
	}
}

/* Flag the tests the baseline name has; 0, or -1 with err if missing. */
static int
preset_baseline(const char *self, const char *name, unsigned char *sel,
    struct sm_error *err)
{
	struct run	run;

	run_init(&run);
	if (baseline_resolve(self, name, &run, err) != 0) {
		run_free(&run);
		return -1;
	}
	for (size_t i = 0; registry_all[i] != NULL; i++)
		for (size_t k = 0; k < run.nsamples && !sel[i]; k++)
			sel[i] = strcmp(run.samples[k].test,
			    registry_all[i]->id) == 0;
	run_free(&run);
	return 0;
}

/*
 * The tests p selects, as one flag per registry_all[] entry (sel holds
 * registry_count() of them).  0; or -1 with err when p's baseline is
 * missing, the first test of each group flagged instead.
 */
int
preset_select(const struct preset *p, const char *self, unsigned char *sel,
    struct sm_error *err)
{
	memset(sel, 0, registry_count());
	if (p->subset) {
		preset_subset(sel);
		return 0;
	}
	if (p->baseline != NULL) {
		if (preset_baseline(self, p->baseline, sel, err) == 0)
			return 0;
		preset_subset(sel);
		return -1;
	}
	for (size_t i = 0; registry_all[i] != NULL; i++)
		sel[i] = p->tests == NULL || registry_glob(p->tests,
		    registry_all[i]->id);
	return 0;
}

/*
 * Set plan as p says, for the console and run --preset alike: its tests
 * (flagged in sel too, registry_count() of them), duration and samples;
 * its copies are left as chosen.  0; or -1 with err when p's baseline is
 * missing, the first test of each group taken instead.
 */
int
preset_apply(const struct preset *p, const char *self, struct plan *plan,
    unsigned char *sel, struct sm_error *err)
{
	const struct bench	**b = xcalloc(registry_count() + 1, sizeof *b);
	size_t			  n = 0;
	int			  rc;

	rc = preset_select(p, self, sel, err);
	for (size_t i = 0; registry_all[i] != NULL; i++)
		if (sel[i])
			b[n++] = registry_all[i];
	plan_set_benches(plan, b, n);
	plan->duration = p->duration;
	plan->samples = p->samples;
	free(b);
	return rc;
}

/* preset_apply() where only the plan is wanted; 0, or -1 with err. */
int
preset_plan(const struct preset *p, const char *self, struct plan *plan,
    struct sm_error *err)
{
	unsigned char	*sel = xcalloc(registry_count(), 1);
	int		 rc;

	rc = preset_apply(p, self, plan, sel, err);
	free(sel);
	return rc;
}
