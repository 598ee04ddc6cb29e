/*
 * A duet run's one file as the two sides it holds (run --duet): compare
 * DUET and report DUET take its first command's samples as OLD and the
 * second's as NEW, and the judge takes such sides on their pairs
 * (judge_duet(), src/core/judge/duet.c).
 */
/* SPDX-License-Identifier: MIT */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd.h"

/*
 * When the one run loaded is a duet, replace it (in *runs and *names, k
 * of them loaded) with its two halves, set *split to 1 and *n to 2: the
 * runs then are two sides as any.  Its path in *args stands for both
 * (dup: a copy, as the caller frees each).  0, or the exit status; one
 * run that is no duet is left alone, or with strict is a usage error.
 */
int
cli_duet_expand(struct cli_duet *d, int strict)
{
	struct run	*two;
	struct sm_error	 err;

	if (*d->n != 1)
		return 0;
	if (!duet_is(&(*d->runs)[0]))
		return !strict ? 0 : cmd_usage_error("compare: name at least "
		    "two runs or baselines, or one duet run (run --duet)");
	two = xcalloc(2, sizeof *two);
	if (duet_split(&(*d->runs)[0], &two[0], &two[1], &err) != 0) {
		free(two);
		return cmd_input_error(&err);
	}
	cmd_free_runs(*d->runs, *d->names, *d->k);
	*d->runs = two;
	*d->names = xcalloc(2, sizeof **d->names);
	for (int i = 0; i < 2; i++)
		(*d->names)[i] = xstrdup(run_meta_get(&two[i], "label"));
	*d->args = xreallocarray(*d->args, 2, sizeof **d->args);
	(*d->args)[1] = d->dup ? xstrdup((*d->args)[0]) : (*d->args)[0];
	*d->n = *d->k = 2;
	*d->split = 1;
	return 0;
}

/*
 * run --duet's verdict under its results: the second command against
 * the first on the pairs, as compare DUET prints it.  0 or the status.
 */
int
cli_duet_print(const struct run *run, enum table_format fmt)
{
	struct run		 h[2];
	const struct run	*ha = &h[0], *hb = &h[1];
	struct compare_side	 a = { &ha, 1, NULL }, b = { &hb, 1, NULL };
	struct compare_opts	 o;
	struct sm_error		 err;
	int			 rc;

	if (duet_split(run, &h[0], &h[1], &err) != 0)
		return cmd_input_error(&err);
	a.name = run_meta_get(&h[0], "label");
	b.name = run_meta_get(&h[1], "label");
	compare_opts_default(&o);
	putchar('\n');
	rc = cmd_render(bmdiff_report(&a, &b, &o), fmt);
	run_free(&h[0]);
	run_free(&h[1]);
	return rc;
}
