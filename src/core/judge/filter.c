/*
 * compare -t PATTERN and -g GROUP: the tests a comparison keeps.  The
 * runs are narrowed before anything is judged, so the lines, the
 * verdicts, the gate and the geometric mean all cover the same tests,
 * and the mean's row can say which.  A pattern is a comma-separated list
 * of shell globs over test ids (lat_*,syscall); a group is one of the
 * catalog's (sysmark list), in any case.
 */
/* SPDX-License-Identifier: MIT */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "judge.h"

/* The group a test id belongs to, as compare's sections name it. */
static const char *
filter_group_of(const char *id)
{
	const struct bench	*b = registry_find(id);

	return b != NULL ? b->group : "Other";
}

/* Whether f keeps test id (no pattern and no group keep everything). */
int
filter_match(const struct filter *f, const char *id)
{
	if (f->tests != NULL && !registry_glob(f->tests, id))
		return 0;
	if (f->group != NULL && strcasecmp(f->group, filter_group_of(id)))
		return 0;
	return 1;
}

/*
 * -g's value names a group of the catalog (or "Other"), in any case; it
 * is then spelt as the catalog spells it.  0 or -1.
 */
static int
filter_check_group(const char **group, struct sm_error *err)
{
	const char	*g = registry_group(*group);
	char		 names[256];

	if (strcasecmp(*group, "Other") == 0)
		g = "Other";
	if (g != NULL) {
		*group = g;
		return 0;
	}
	registry_groups(names, sizeof names);
	sm_error_set(err, "-g %.60s: no such group (the groups are %s, "
	    "Other)", *group, names);
	return -1;
}

/*
 * Check f against the n runs before narrowing them: -t must not be
 * empty, -g must be a group (then spelt as the catalog does), and
 * something in the runs must be kept.
 * 0, or -1 with err naming the option and its value.
 */
int
filter_check(struct filter *f, const struct run *runs, size_t n,
    struct sm_error *err)
{
	if (f->tests != NULL && f->tests[0] == '\0') {
		sm_error_set(err, "-t \"\": name at least one test or "
		    "pattern");
		return -1;
	}
	if (f->group != NULL && filter_check_group(&f->group, err) != 0)
		return -1;
	for (size_t r = 0; r < n; r++)
		for (size_t i = 0; i < runs[r].nsamples; i++)
			if (filter_match(f, runs[r].samples[i].test))
				return 0;
	if (f->tests != NULL && f->group != NULL)
		sm_error_set(err, "-t %.60s -g %.40s: no test of the runs "
		    "matches both", f->tests, f->group);
	else if (f->tests != NULL)
		sm_error_set(err, "-t %.60s: no test of the runs matches",
		    f->tests);
	else if (f->group != NULL)
		sm_error_set(err, "-g %.60s: the runs have no test in that "
		    "group", f->group);
	else
		return 0;
	return -1;
}

/* Drop from run every sample and response time f does not keep. */
void
filter_apply(const struct filter *f, struct run *run)
{
	size_t	k = 0;

	for (size_t i = 0; i < run->nsamples; i++) {
		if (filter_match(f, run->samples[i].test))
			run->samples[k++] = run->samples[i];
		else
			run_sample_free(&run->samples[i]);
	}
	run->nsamples = k;
	if (run->nhists > 0 && !filter_match(f, USERS_TEST)) {
		for (size_t i = 0; i < run->nhists; i++)
			hist_free(&run->hists[i].h);
		run->nhists = 0;
	}
}

/*
 * What the geometric mean is over: "group CPU, tests lat_*" and the
 * like; "" when f keeps everything.
 */
void
filter_over(const struct filter *f, char *buf, size_t len)
{
	if (f->tests != NULL && f->group != NULL)
		snprintf(buf, len, "group %s, tests %s", f->group,
		    f->tests);
	else if (f->tests != NULL)
		snprintf(buf, len, "tests %s", f->tests);
	else if (f->group != NULL)
		snprintf(buf, len, "group %s", f->group);
	else
		buf[0] = '\0';
}
