/*
 * What each unit a test reports in means, in one table that `sysmark
 * list` prints under its catalog and the console's help lists, so that
 * lps or KBps is defined once.  The workloads set the unit (bench.h's
 * unit and scale): a unit added there without a line here fails
 * test_units, which walks the registry.
 */
/* SPDX-License-Identifier: MIT */

#include <string.h>

#include "base.h"

static const struct {
	const char	*unit;
	const char	*what;
} units[] = {
	{ "lps", "loops a second: how many times the test's work (one "
	    "call, one message, one program) was done each second; higher "
	    "is better" },
	{ "lpm", "loops a minute: how many times the test's shell scripts "
	    "ran each minute; higher is better" },
	{ "KBps", "kilobytes (1024 bytes) a second through the file; higher "
	    "is better" },
	{ "MB/s", "megabytes (1,048,576 bytes) a second, as lmbench counts "
	    "them; higher is better" },
	{ "MWIPS", "millions of Whetstone instructions a second; higher is "
	    "better" },
	{ "us", "microseconds one operation took (a millionth of a second); "
	    "lower is better" },
	{ "ns", "nanoseconds one operation took (a thousandth of a "
	    "microsecond); lower is better" },
};

#define UNITS_N	(sizeof units / sizeof units[0])

/* What unit means, or NULL when no test reports in it. */
const char *
unit_describe(const char *unit)
{
	for (size_t i = 0; i < UNITS_N; i++)
		if (strcmp(units[i].unit, unit) == 0)
			return units[i].what;
	return NULL;
}

/* The i-th unit, for listing them all; NULL past the last. */
const char *
unit_at(size_t i)
{
	return i < UNITS_N ? units[i].unit : NULL;
}
