/*
 * Runs on disk: one CSV file per run, read and written through libcsv.
 *
 *   record,name,value,version,copies,sample,unit,duration,elapsed,
 *       iterations,status,reason,per_copy,repeat,busy,freq_mhz,temp_c,
 *       session,user_s,sys_s,maxrss_kb,exec_min,exec_mean,exec_max,exec_sd
 *   meta,format,5,,,,,,,,,,,,,,,,,,,,,,    <- always the first record
 *   meta,hostname,box,,,,,,,,,,,,,,,,,,,,,,   <- one per system fact
 *   sample,syscall,2345678.9,1,1,1,lps,10,10.0003,23457000,ok,,2345678.9,
 *       1,0,2400,45.0,1,9.8,0.2,1840,,,,
 *   sample,gz,0.0031,7,1,1,s,0.3,0.31,97,ok,,0.0031,
 *       1,0,2400,45.0,1,0.29,0.02,1840,0.0029,0.0031,0.0044,0.00021
 *
 * Format 2 added two columns: the repeat (run -R) a sample belongs to,
 * and how many other processes were runnable as it started.  Format 3
 * added three: the CPUs' mean frequency and the hottest thermal zone as
 * the sample ended (empty where the kernel does not say, cpufreq.c), and
 * the session, 1 for the samples of the run itself and 2, 3... for those
 * run --resume added after each interruption (resume.c).  A format 1
 * file has 13 columns and loads as one repeat, load unknown; format 2
 * has 15 and loads as one session, clock unknown.  Format 4 added the
 * children's CPU time, user and system seconds, and their peak resident
 * set in KB, summed over the sample's copies (the largest copy's peak),
 * from wait4() as each copy is reaped; a format 3 file loads with them
 * unknown (empty cells, as in imported runs).
 * Format 5 added a command test's single executions, each timed alone
 * by sysmark-exec and the shell's mean start-up taken off: the fastest,
 * the mean, the slowest and the sd of one execution, seconds, over the
 * sample's iterations; empty for catalog tests and imports, and a
 * format 4 file loads with them unknown.
 * Sample 0 of a (test, copies, repeat) is its warm-up: stored and shown,
 * left out of every statistic.
 *
 * Every figure a report shows can be recomputed from the sample rows, so
 * the file is the truth and nothing derived is stored.  per_copy holds the
 * copies' own figures separated by ';'.
 *
 * A users run (sysmark users) adds one hist record per step kind and
 * counted sample: its response times as a histogram (hist.c), the count
 * in value, the bucket scheme in version, the users in copies, the
 * buckets in use in per_copy, the repeat in repeat:
 *
 *   hist,iocall,5210,1,4,1,ns,,,,ok,,"1630:12;1631:40;...",1,
 *
 * Files without hist records read as before.  Baselines and imported
 * reports use the same format, with empty cells for what they do not
 * know.
 *
 * This file holds the format's columns and the rules a sample must meet
 * to be saved or loaded (the same rules both ways, so that sysmark never
 * writes what it would refuse to read back).  Writing is
 * csvstore_write.c's job, reading csvstore_read.c's; what they share is
 * in csvstore_int.h.
 */
/* SPDX-License-Identifier: MIT */

#include <errno.h>
#include <locale.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "store.h"
#include "csvstore_int.h"

/* The columns of every record, in order (csvstore_int.h). */
const char *const csvstore_cols[] = {
	"record", "name", "value", "version", "copies", "sample", "unit",
	"duration", "elapsed", "iterations", "status", "reason", "per_copy",
	"repeat", "busy", "freq_mhz", "temp_c", "session", "user_s", "sys_s",
	"maxrss_kb", "exec_min", "exec_mean", "exec_max", "exec_sd",
};

/* ---- Numbers in the C locale ---- */

locale_t
csvstore_c_locale(void)
{
	locale_t	c = newlocale(LC_NUMERIC_MASK, "C", (locale_t)0);

	if (c == (locale_t)0)
		sm_fatal("newlocale(C): %s", strerror(errno));
	return c;
}

/* ---- What a run file may hold ---- */

/*
 * Whether a sample is one this file format may hold: the same rules for
 * saving and loading, so that sysmark never writes what it would refuse
 * to read back.  0, or -1 with why filled in.
 */
/* A unit of time: the figure is a latency, which cannot be 0. */
static int
csvstore_is_time(const char *unit)
{
	return strcmp(unit, "ns") == 0 || strcmp(unit, "us") == 0 ||
	    strcmp(unit, "ms") == 0 || strcmp(unit, "s") == 0;
}

int
csvstore_check_sample(const struct run_sample *s, char *why, size_t len)
{
	if (s->test[0] == '\0' || s->copies < 1 ||
	    s->copies > RUN_MAX_COPIES || s->index < RUN_WARMUP ||
	    s->repeat < 1 || s->version < 0) {
		snprintf(why, len, "sample %d of \"%s\" at %d copies, repeat "
		    "%d: not a test, copies, repeat and sample number",
		    s->index, s->test, s->copies, s->repeat);
		return -1;
	}
	if (!(s->duration >= 0 && s->duration <= CSVSTORE_MAX_SECONDS)) {
		snprintf(why, len, "%s: duration %g s is outside 0 to %g s",
		    s->test, s->duration, CSVSTORE_MAX_SECONDS);
		return -1;
	}
	if (!(s->elapsed >= 0 && s->elapsed <= CSVSTORE_MAX_SECONDS)) {
		snprintf(why, len, "%s: elapsed time %g s is outside 0 to "
		    "%g s", s->test, s->elapsed, CSVSTORE_MAX_SECONDS);
		return -1;
	}
	if (s->status != RUN_OK)
		return 0;
	/* Rates and times alike: a figure is finite and not negative. */
	if (!isfinite(s->value) || s->value < 0) {
		snprintf(why, len, "%s: the figure %g is not a finite number "
		    "of 0 or more", s->test, s->value);
		return -1;
	}
	if (s->value == 0 && csvstore_is_time(s->unit)) {
		snprintf(why, len, "%s: a latency of 0 %s", s->test, s->unit);
		return -1;
	}
	for (int i = 0; s->per_copy != NULL && i < s->copies; i++) {
		if (!isfinite(s->per_copy[i]) || s->per_copy[i] < 0) {
			snprintf(why, len, "%s: copy %d's figure %g is not a "
			    "finite number of 0 or more", s->test, i + 1,
			    s->per_copy[i]);
			return -1;
		}
	}
	return 0;
}

/* Whether the whole run can be saved and read back; 0 or -1. */
int
csvstore_check(const struct run *run, struct sm_error *err)
{
	char	why[200];

	for (size_t i = 0; i < run->nmeta; i++) {
		size_t	n = strlen(run->meta[i].key) +
			    strlen(run->meta[i].value);

		if (run->meta[i].key[0] == '\0') {
			sm_error_set(err, "a fact with an empty name cannot "
			    "be saved");
			return -1;
		}
		if (n > CSVSTORE_MAX_FACT) {
			sm_error_set(err, "fact \"%.40s\" cannot be saved: "
			    "%zu bytes, over the %d a saved run can hold",
			    run->meta[i].key, n, CSVSTORE_MAX_FACT);
			return -1;
		}
	}
	for (size_t i = 0; i < run->nsamples; i++) {
		if (csvstore_check_sample(&run->samples[i], why,
		    sizeof why) != 0) {
			sm_error_set(err, "cannot be saved: %s", why);
			return -1;
		}
	}
	return 0;
}
