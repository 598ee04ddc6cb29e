/*
 * The warnings a comparison opens with, one a line: the runs differ in a
 * fact that decides the figures (host, OS, CPU, file system), or a run
 * started on a machine that was not idle (seed 000: figures from busy
 * machines were worthless).  A side of many runs (history --compare
 * hands it every run of a level) gets one line for its busy runs, with
 * how many and their load, not a line each: thirty such lines buried
 * the comparison and could fill the report's header before its From
 * and To.
 */
/* SPDX-License-Identifier: MIT */

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "judge.h"

/* One side's runs, then the other's, as one list. */
static const struct run *
warn_run(const struct compare_side *a, const struct compare_side *b,
    size_t r)
{
	return r < a->nrun ? a->runs[r] : b->runs[r - a->nrun];
}

/*
 * A warning line when the runs differ in a fact that decides the figures:
 * the host, the OS (and its version), the CPU model or the file system
 * the tests' files were on.
 */
static void
warn_mismatch(const struct compare_side *a, const struct compare_side *b,
    char *buf, size_t len)
{
	static const char *const keys[] = { "hostname", "os", "os_version",
	    "cpu_model", "tmpdir_fs" };
	static const char *const what[] = { "hosts", "OS", "OS versions",
	    "CPUs", "file systems" };
	size_t		 nall = a->nrun + b->nrun, n;
	const char	*v0, *v;

	if (nall == 0)
		return;
	for (size_t k = 0; k < sizeof keys / sizeof keys[0]; k++) {
		v0 = run_meta_get(warn_run(a, b, 0), keys[k]);
		for (size_t r = 1; r < nall && v0 != NULL; r++) {
			v = run_meta_get(warn_run(a, b, r), keys[k]);
			if (v == NULL || strcmp(v, v0) == 0)
				continue;
			n = strlen(buf);
			snprintf(buf + n, len - n, "warning: the runs come "
			    "from different %s (%s, %s): a change may be the "
			    "machine's, not the software's\n", what[k], v0, v);
			break;
		}
	}
}

/* The load average a run recorded as it started; NAN if none. */
static double
warn_load(const struct run *run)
{
	const char	*v = run_meta_get(run, "load_average");
	char		*end;
	double		 la;

	if (v == NULL)
		return NAN;
	la = strtod(v, &end);
	return end != v && *end == '\0' ? la : NAN;
}

/*
 * The side's runs that started on a machine that was not idle: the run's
 * own sentence when one did, else one line saying how many of how many
 * and the range of their load averages.
 */
static void
warn_idle_side(const struct compare_side *s, char *buf, size_t len)
{
	const char	*w, *first = NULL;
	double		 lo = INFINITY, hi = -INFINITY, la;
	size_t		 k = 0, n = strlen(buf);
	char		 range[64] = "";

	for (size_t r = 0; r < s->nrun; r++) {
		if ((w = run_meta_get(s->runs[r], "idle_warning")) == NULL)
			continue;
		first = first != NULL ? first : w;
		k++;
		if (!isnan(la = warn_load(s->runs[r]))) {
			lo = fmin(lo, la);
			hi = fmax(hi, la);
		}
	}
	if (k == 1)
		snprintf(buf + n, len - n, "warning: %s: %s\n", s->name, first);
	if (k < 2)
		return;
	if (lo < hi)
		snprintf(range, sizeof range, " (load average %.2f to %.2f)",
		    lo, hi);
	else if (lo == hi)
		snprintf(range, sizeof range, " (load average %.2f)", lo);
	snprintf(buf + n, len - n, "warning: %s: %zu of %zu runs started on "
	    "a machine that was not idle%s; figures will be low and noisy\n",
	    s->name, k, s->nrun, range);
}

void
compare_warnings(const struct compare_side *a, const struct compare_side *b,
    char *buf, size_t len)
{
	if (len == 0)
		return;
	buf[0] = '\0';
	warn_mismatch(a, b, buf, len);
	warn_idle_side(a, buf, len);
	warn_idle_side(b, buf, len);
	if (duet_sides(a, b))
		duet_interference(a->runs[0], b->runs[0], buf, len);
}
