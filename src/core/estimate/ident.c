/*
 * What a test of a run is and which way is better for it, as the run's
 * own file says: the one place every judging path (compare and its gate,
 * history and its gate, the console, the report, fleet show, the JSON,
 * BMF and Otava exports) takes them from, so that no two can disagree.
 *
 * A test's direction is what its run recorded: "dir:<id>" (every run
 * and import writes it since ident_record() exists), else a command's
 * own plan (plan_command.<id>, whose "higher" a suite's direction column
 * or -x's seconds set), else, for files that recorded neither, the
 * catalog, else its unit (a time is a cost, anything else a rate).
 *
 * Its identity is its id, its workload version (for a command a hash of
 * its text, shell, setup and cleanup; command.c) and the build that
 * measured it: sysmark's version, the compiler and bench_cflags.  Two
 * figures of different versions or builds are not comparable; a file
 * that does not say (an import) differs from none.
 */
/* SPDX-License-Identifier: MIT */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "estimate.h"

/* The facts a build is named by, in the order it is spelled. */
static const char *const ident_build_keys[] = {
	"sysmark_version", "compiler", "bench_cflags"
};
#define IDENT_NBUILD	(sizeof ident_build_keys / sizeof ident_build_keys[0])

/* Is this unit a time per operation (so less is better)? */
static int
ident_time_unit(const char *unit)
{
	static const char *const times[] = { "s", "ms", "us", "ns", NULL };

	for (size_t i = 0; unit != NULL && times[i] != NULL; i++)
		if (strcmp(unit, times[i]) == 0)
			return 1;
	return 0;
}

/* "lower" or "higher" as a direction; -1 for neither. */
static int
ident_parse_dir(const char *v)
{
	if (v == NULL)
		return -1;
	if (strcmp(v, "lower") == 0)
		return BENCH_LOWER;
	if (strcmp(v, "higher") == 0)
		return BENCH_HIGHER;
	return -1;
}

/* A command's direction from its plan_command.<id>, or -1. */
static int
ident_command_dir(const struct run *run, const char *test)
{
	char		 key[64];
	const char	*v;
	json_t		*root, *h;
	int		 dir = -1;

	snprintf(key, sizeof key, "plan_command.%s", test);
	if ((v = run_meta_get(run, key)) == NULL ||
	    (root = json_loads(v, 0, NULL)) == NULL)
		return -1;
	if (json_is_integer(h = json_object_get(root, "higher")) ||
	    json_is_boolean(h))
		dir = json_is_true(h) || (json_is_integer(h) &&
		    json_integer_value(h) != 0) ? BENCH_HIGHER : BENCH_LOWER;
	json_decref(root);
	return dir;
}

/* What run itself records of test's direction, or -1. */
static int
ident_recorded_dir(const struct run *run, const char *test)
{
	char	key[64];
	int	d;

	snprintf(key, sizeof key, "dir:%s", test);
	if ((d = ident_parse_dir(run_meta_get(run, key))) >= 0)
		return d;
	return ident_command_dir(run, test);
}

/*
 * Which way is better for test, as the runs say: the first that records
 * it, else the catalog, else a time unit means lower, else higher.
 */
enum bench_dir
ident_dir(const struct run *const *runs, size_t nrun, const char *test)
{
	const struct bench	*b;
	int			 d;

	for (size_t r = 0; r < nrun; r++)
		if ((d = ident_recorded_dir(runs[r], test)) >= 0)
			return (enum bench_dir)d;
	if ((b = registry_find(test)) != NULL)
		return b->dir;
	for (size_t r = 0; r < nrun; r++)
		if (ident_time_unit(run_test_unit(runs[r], test)))
			return BENCH_LOWER;
	return BENCH_HIGHER;
}

/* "lower" or "higher", as files and the JSON spell a direction. */
const char *
ident_dir_name(enum bench_dir dir)
{
	return dir == BENCH_LOWER ? "lower" : "higher";
}

/*
 * Record in run every test's direction it does not record yet, as
 * ident_dir() finds it now: a file written so says it by itself, and a
 * later catalog cannot turn its verdicts round.
 */
void
ident_record(struct run *run)
{
	const struct run	*one = run;
	char			 key[64];

	for (size_t i = 0; i < run->nsamples; i++) {
		const char *test = run->samples[i].test;

		snprintf(key, sizeof key, "dir:%s", test);
		if (run_meta_get(run, key) == NULL)
			run_meta_set(run, key, ident_dir_name(ident_dir(&one,
			    1, test)));
	}
}

/*
 * The build that measured run, "sysmark 0.1.0, cc 12.2.0, -O2 -g" (the
 * facts it has), into buf; 0 if it records none of them.
 */
int
ident_build(const struct run *run, char *buf, size_t len)
{
	const char	*v;
	size_t		 at = 0;
	int		 any = 0;

	buf[0] = '\0';
	for (size_t i = 0; i < IDENT_NBUILD && at < len; i++) {
		v = run_meta_get(run, ident_build_keys[i]);
		at += (size_t)snprintf(buf + at, len - at, "%s%s%s",
		    i > 0 ? ", " : "", i == 0 ? "sysmark " : "",
		    v != NULL ? v : "?");
		any |= v != NULL;
	}
	if (!any)
		buf[0] = '\0';
	return any;
}

/*
 * Whether runs a and b (called an and bn) were measured by different
 * builds: a fact both record and that differs.  If so, why[] names it
 * with both values: another build: compiler "cc 12" (old), "cc 13" (new).
 */
int
ident_build_differs(const struct run *a, const char *an, const struct run *b,
    const char *bn, char *why, size_t len)
{
	const char	*x, *y;

	for (size_t i = 0; i < IDENT_NBUILD; i++) {
		x = run_meta_get(a, ident_build_keys[i]);
		y = run_meta_get(b, ident_build_keys[i]);
		if (x == NULL || y == NULL || strcmp(x, y) == 0)
			continue;
		snprintf(why, len, "another build: %s \"%s\" (%s), \"%s\" (%s)",
		    ident_build_keys[i], x, an, y, bn);
		return 1;
	}
	return 0;
}

/* Test's identity and direction as run records them, into id. */
void
ident_test(const struct run *run, const char *test, struct ident *id)
{
	const struct run	*one = run;
	const char		*u = run_test_unit(run, test);

	memset(id, 0, sizeof *id);
	id->dir = ident_dir(&one, 1, test);
	id->recorded = ident_recorded_dir(run, test) >= 0;
	snprintf(id->unit, sizeof id->unit, "%s", u != NULL ? u : "");
	for (size_t i = 0; i < run->nsamples; i++)
		if (strcmp(run->samples[i].test, test) == 0) {
			id->version = run->samples[i].version;
			break;
		}
	ident_build(run, id->build, sizeof id->build);
}

/*
 * Whether test measured in runs a and b is not the same test, so that
 * no verdict may be given: its version, its direction or its build
 * differs.  why[] says which, with both sides.
 */
int
ident_differs(const struct run *a, const struct run *b, const char *test,
    char *why, size_t len)
{
	struct ident	x, y;

	ident_test(a, test, &x);
	ident_test(b, test, &y);
	if (runset_version_differs(x.version, y.version)) {
		snprintf(why, len, "another workload: version %d, not %d",
		    y.version, x.version);
		return 1;
	}
	/* A file that recorded nothing contradicts none. */
	if (x.recorded && y.recorded && x.dir != y.dir) {
		snprintf(why, len, "%s is better now, %s before",
		    ident_dir_name(y.dir), ident_dir_name(x.dir));
		return 1;
	}
	return ident_build_differs(a, "old", b, "new", why, len);
}
