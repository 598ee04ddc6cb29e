/*
 * compare's regression gate, --fail-on LIST: which verdicts make compare
 * exit with a status of its own, so that `git bisect run` and a CI step
 * can act on a comparison without reading its table.  The verdicts are
 * bmdiff.c's, the same the table prints; this file only names the
 * conditions and says whether a line meets one.
 */
/* SPDX-License-Identifier: MIT */

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "core.h"

static const struct {
	const char	*name;
	unsigned	 bit;
} gate_names[] = {
	{ "worse", GATE_WORSE },
	{ "small", GATE_SMALL },
	{ "any-change", GATE_ANY_CHANGE },
	{ "incomparable", GATE_INCOMPARABLE },
};

/* The condition named by the len bytes at s, or 0. */
static unsigned
gate_lookup(const char *s, size_t len)
{
	for (size_t i = 0; i < sizeof gate_names / sizeof gate_names[0]; i++)
		if (strlen(gate_names[i].name) == len &&
		    strncmp(gate_names[i].name, s, len) == 0)
			return gate_names[i].bit;
	return 0;
}

/*
 * Parse "worse,small,..." into *mask; 0, or -1 with err naming the word
 * that is not a condition.
 */
int
gate_parse(const char *list, unsigned *mask, struct sm_error *err)
{
	const char	*p = list, *end;
	unsigned	 bit;
	size_t		 len;

	*mask = 0;
	do {
		end = strchr(p, ',');
		len = end != NULL ? (size_t)(end - p) : strlen(p);
		if ((bit = gate_lookup(p, len)) == 0) {
			sm_error_set(err, "\"%.*s\" is not a condition: use "
			    "worse, small, any-change or incomparable, "
			    "separated by commas", (int)(len > 40 ? 40 : len),
			    p);
			return -1;
		}
		*mask |= bit;
		p = end + 1;
	} while (end != NULL);
	return 0;
}

/* Whether a ranked line's change, significant, points the worse way. */
static int
gate_worse_way(const struct bmdiff_line *l)
{
	return isfinite(l->gain) && l->gain < 0;
}

/*
 * The condition of mask that line l meets, by name, or NULL:
 *   worse         the verdict is worse (significant, and at least -e);
 *   small         significant but under -e (or the floor), and worse;
 *   any-change    better, worse or small, either way;
 *   incomparable  no verdict: one side lacks the test, the versions
 *                 differ, a side has a single figure, or a figure is
 *                 not a number.
 */
const char *
gate_trip(unsigned mask, const struct bmdiff_line *l)
{
	enum signif_verdict	v = l->s.verdict;

	if (l->kind != BMDIFF_RANKED || v == SIGNIF_SINGLE ||
	    v == SIGNIF_INVALID)
		return mask & GATE_INCOMPARABLE ? "incomparable" : NULL;
	if ((mask & GATE_WORSE) && v == SIGNIF_WORSE)
		return "worse";
	if ((mask & GATE_SMALL) && v == SIGNIF_SMALL && gate_worse_way(l))
		return "small";
	if ((mask & GATE_ANY_CHANGE) && (v == SIGNIF_BETTER ||
	    v == SIGNIF_WORSE || v == SIGNIF_SMALL))
		return "any-change";
	return NULL;
}

/* The conditions of mask as the option spells them, comma-separated. */
void
gate_str(unsigned mask, char *buf, size_t len)
{
	size_t	at = 0;

	buf[0] = '\0';
	for (size_t i = 0; i < sizeof gate_names / sizeof gate_names[0] &&
	    at < len; i++)
		if (mask & gate_names[i].bit)
			at += (size_t)snprintf(buf + at, len - at, "%s%s",
			    at > 0 ? "," : "", gate_names[i].name);
}
