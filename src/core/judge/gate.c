/*
 * compare's regression gate, --fail-on LIST: which verdicts make compare
 * exit with a status of its own, so that `git bisect run` and a CI step
 * can act on a comparison without reading its table.  The verdicts are
 * bmdiff.c's, the same the table prints; this file only names the
 * conditions and says whether a line meets one.  blind:PCT is the gate
 * against a comparison too coarse to judge: a "~" line whose smallest
 * detectable change is over PCT% passed only because it could not see,
 * so it trips; and every outcome names the largest change the
 * comparison could have missed (gate_missable()).
 */
/* SPDX-License-Identifier: MIT */

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "judge.h"

static const struct {
	const char	*name;
	unsigned	 bit;
} gate_names[] = {
	{ "worse", GATE_WORSE },
	{ "small", GATE_SMALL },
	{ "any-change", GATE_ANY_CHANGE },
	{ "incomparable", GATE_INCOMPARABLE },
	{ "busy", GATE_BUSY },
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

/* "blind:PCT" (len bytes at s) into g; 0, or -1 with err. */
static int
gate_parse_blind(const char *s, size_t len, struct gate *g,
    struct sm_error *err)
{
	char	num[32];
	double	v;

	if (len - 6 >= sizeof num) {
		sm_error_set(err, "blind:PCT: a percentage, such as blind:20");
		return -1;
	}
	memcpy(num, s + 6, len - 6);
	num[len - 6] = '\0';
	if (sm_parse_double(num, &v) != 0 || !(v > 0) || v > 1e6) {
		sm_error_set(err, "blind:%s: PCT must be a percentage above 0, "
		    "such as blind:20", num);
		return -1;
	}
	g->mask |= GATE_BLIND;
	g->blind = v / 100;
	return 0;
}

/*
 * Parse "worse,small,blind:20,..." into *g; 0, or -1 with err naming the
 * word that is not a condition.
 */
int
gate_parse(const char *list, struct gate *g, struct sm_error *err)
{
	const char	*p = list, *end;
	unsigned	 bit;
	size_t		 len;

	g->mask = 0;
	g->blind = NAN;
	do {
		end = strchr(p, ',');
		len = end != NULL ? (size_t)(end - p) : strlen(p);
		if (len >= 6 && strncmp(p, "blind:", 6) == 0) {
			if (gate_parse_blind(p, len, g, err) != 0)
				return -1;
		} else if ((bit = gate_lookup(p, len)) == 0) {
			sm_error_set(err, "\"%.*s\" is not a condition: use "
			    "worse, small, any-change, incomparable, busy or "
			    "blind:PCT, separated by commas",
			    (int)(len > 40 ? 40 : len), p);
			return -1;
		} else
			g->mask |= bit;
		p = end + 1;
	} while (end != NULL);
	return 0;
}

/* A line judged unchanged ("~"), with the change it could have missed. */
static int
gate_unseen(const struct bmdiff_line *l)
{
	return l->kind == BMDIFF_RANKED && l->s.verdict == SIGNIF_SAME &&
	    !isnan(l->s.detect);
}

/*
 * The largest change any of the n lines could have missed: the largest
 * smallest detectable change of those judged "~", its test in *test;
 * NaN (and NULL) when no line was judged unchanged.
 */
double
gate_missable(const struct bmdiff_line *lines, size_t n, const char **test)
{
	double	max = NAN;

	*test = NULL;
	for (size_t i = 0; i < n; i++) {
		if (!gate_unseen(&lines[i]) || lines[i].s.detect <= max)
			continue;
		max = lines[i].s.detect;
		*test = lines[i].g.test;
	}
	return max;
}

/* What gate_missable() found, as the gate's messages end. */
void
gate_missable_str(double d, const char *test, char *buf, size_t len)
{
	if (isnan(d))
		snprintf(buf, len, "no line was judged unchanged, so none could "
		    "hide a change");
	else if (blind_is(d))
		snprintf(buf, len, "%s could not see a change at all: its "
		    "smallest detectable change is over %.0f%%", test,
		    100 * BLIND_LIMIT);
	else
		snprintf(buf, len, "the largest change this comparison could "
		    "have missed is %.*f%% (%s)", d < 0.1 ? 1 : 0, 100 * d,
		    test);
}

/* Whether a ranked line's change, significant, points the worse way. */
static int
gate_worse_way(const struct bmdiff_line *l)
{
	return isfinite(l->gain) && l->gain < 0;
}

/*
 * Which sides of line l ran on a busy machine (flag B: on average half
 * a process or more besides sysmark was runnable as samples started):
 * GATE_SIDE_OLD, GATE_SIDE_NEW, both, or 0.
 */
unsigned
gate_busy_sides(const struct bmdiff_line *l)
{
	unsigned	sides = 0;

	if (l->e[0].flags.busy >= ESTIMATE_BUSY)
		sides |= GATE_SIDE_OLD;
	if (l->e[1].flags.busy >= ESTIMATE_BUSY)
		sides |= GATE_SIDE_NEW;
	return sides;
}

/* "both sides", "the old side", "the new side": who ran busy, or "". */
const char *
gate_busy_str(unsigned sides)
{
	switch (sides) {
	case GATE_SIDE_OLD | GATE_SIDE_NEW:
		return "both sides";
	case GATE_SIDE_OLD:
		return "the old side";
	case GATE_SIDE_NEW:
		return "the new side";
	}
	return "";
}

/*
 * The condition of mask that line l meets, by name, or NULL:
 *   worse         the verdict is worse (significant, and at least -e);
 *   small         significant but under -e (or the floor), and worse;
 *   any-change    better, worse or small, either way;
 *   incomparable  no verdict: one side lacks the test, the versions
 *                 differ, a side has a single figure, or a figure is
 *                 not a number;
 *   blind         "~", but a change of more than blind:PCT could have
 *                 gone unseen;
 *   busy          a side ran on a busy machine (flag B): the line is
 *                 not judged at all, so load alone neither fails nor
 *                 passes it.
 */
const char *
gate_trip(const struct gate *g, const struct bmdiff_line *l)
{
	enum signif_verdict	v = l->s.verdict;
	unsigned		mask = g->mask;

	if (l->kind != BMDIFF_RANKED || v == SIGNIF_SINGLE ||
	    v == SIGNIF_INVALID)
		return mask & GATE_INCOMPARABLE ? "incomparable" : NULL;
	if ((mask & GATE_BUSY) && gate_busy_sides(l) != 0)
		return "busy";
	if ((mask & GATE_WORSE) && v == SIGNIF_WORSE)
		return "worse";
	if ((mask & GATE_SMALL) && v == SIGNIF_SMALL && gate_worse_way(l))
		return "small";
	if ((mask & GATE_ANY_CHANGE) && (v == SIGNIF_BETTER ||
	    v == SIGNIF_WORSE || v == SIGNIF_SMALL))
		return "any-change";
	if ((mask & GATE_BLIND) && gate_unseen(l) && l->s.detect > g->blind)
		return "blind";
	return NULL;
}

/* The conditions of mask as the option spells them, comma-separated. */
void
gate_str(const struct gate *g, char *buf, size_t len)
{
	size_t	at = 0;

	buf[0] = '\0';
	for (size_t i = 0; i < sizeof gate_names / sizeof gate_names[0] &&
	    at < len; i++)
		if (g->mask & gate_names[i].bit)
			at += (size_t)snprintf(buf + at, len - at, "%s%s",
			    at > 0 ? "," : "", gate_names[i].name);
	if ((g->mask & GATE_BLIND) && at < len)
		snprintf(buf + at, len - at, "%sblind:%g", at > 0 ? "," : "",
		    100 * g->blind);
}
