/*
 * A comparison that cannot see: when a test's smallest detectable change
 * (signif_detect_of()) is so large that a figure twice or half as large
 * could go unseen, a percentage ("267021%") means nothing to a reader.
 * compare's table, calibrate's table and the gate's messages say it in
 * words through these, and name what can see a change instead: for an
 * lmbench-style IPC test, its pinned variants (_1cpu, _2cpu: the
 * scheduler places the two processes the same way each time, where the
 * free one is placed differently from run to run).
 *
 * The bound, BLIND_LIMIT, is 100%: a ratio of 2.  A test that could miss
 * its figure doubling (or, lower-is-better, halving) tells no change a
 * tuning or a regression makes from none; under it the percentage is
 * still a figure one can plan repeats against.
 */
/* SPDX-License-Identifier: MIT */

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "estimate.h"

/* Whether a detectable change (a fraction) is past meaning anything. */
int
blind_is(double detect)
{
	return !isnan(detect) && detect > BLIND_LIMIT;
}

/* The pinned variants of test that the registry has, "" for none. */
static void
blind_pinned(const char *test, char *buf, size_t len)
{
	static const char *const suffix[] = { "_1cpu", "_2cpu" };
	char	id[96];
	size_t	n = 0;

	buf[0] = '\0';
	for (size_t i = 0; i < sizeof suffix / sizeof suffix[0]; i++) {
		snprintf(id, sizeof id, "%s%s", test, suffix[i]);
		if (registry_find(id) == NULL || n >= len)
			continue;
		n += (size_t)snprintf(buf + n, len - n, "%s%s",
		    n > 0 ? " and " : "", id);
	}
}

/*
 * The sentence for a test that cannot see a change on this host: what
 * it means, and what can see one.
 */
void
blind_advice(const char *test, char *buf, size_t len)
{
	char	pinned[200];

	blind_pinned(test, pinned, sizeof pinned);
	snprintf(buf, len, "%s cannot see a change on this host: its smallest "
	    "detectable change is over %.0f%%, so a figure twice or half as "
	    "large could go unseen.  %s%s%s", test, 100 * BLIND_LIMIT,
	    pinned[0] != '\0' ? "Its pinned variants, " : "More repeats (-R) "
	    "or a quieter host lower it", pinned, pinned[0] != '\0' ?
	    ", place its processes the same way each run and can." : ".");
}
