/*
 * The CPU's clock, watched: the cpufreq governor, the current frequency
 * of the CPUs sysmark may run on, boost (turbo) and the hottest thermal
 * zone, as the kernel shows them in sysfs -- the commonest cause of a
 * benchmark that drifts.  The run records them at its start (meta
 * cpu_governor, cpu_boost, cpu_freq_mhz, cpu_temp_c) and as each sample
 * ends (the sample's freq_mhz and temp_c); the warnings before and after
 * a run and compare's are made here.  Where the kernel offers none of it
 * (a VM without cpufreq) the meta says "not available" and the samples
 * hold nothing: no figure is invented.
 *
 * The sysfs root is SYSMARK_SYSFS when set (tests point it at a fixture
 * tree), else /sys.  Only Linux has these files.
 */
/* SPDX-License-Identifier: MIT */

#ifdef __linux__
#define _GNU_SOURCE	/* sched_getaffinity() */
#include <sched.h>
#endif

#include <dirent.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "machine.h"

/* Most CPUs whose frequency is read: the mean of more says no more. */
#define CPUFREQ_MAX_CPUS	1024
/* A move past this share of the highest frequency is worth a warning. */
#define CPUFREQ_MOVED		0.10
/* ...and a temperature range past this many degrees. */
#define CPUFREQ_TEMP_MOVED	10.0

/* The sysfs root: SYSMARK_SYSFS, for fixture trees, else /sys. */
static const char *
cpufreq_root(void)
{
	const char	*r = getenv("SYSMARK_SYSFS");

	return r != NULL && *r != '\0' ? r : "/sys";
}

/*
 * The first line of root/rel, trimmed; 0, or -1 if absent or empty.
 * Only Linux has these files: elsewhere nothing is read.
 */
static int
cpufreq_read(const char *rel, char *buf, size_t len)
{
	char	 path[PATH_MAX];
	FILE	*f;

#ifndef __linux__
	return -1;
#endif
	if (snprintf(path, sizeof path, "%s/%s", cpufreq_root(), rel) >=
	    (int)sizeof path || (f = fopen(path, "r")) == NULL)
		return -1;
	if (fgets(buf, (int)len, f) == NULL) {
		fclose(f);
		return -1;
	}
	fclose(f);
	buf[strcspn(buf, "\r\n")] = '\0';
	return buf[0] == '\0' ? -1 : 0;
}

/* A whole number from root/rel; 0, or -1. */
static int
cpufreq_read_num(const char *rel, double *v)
{
	char	buf[64];

	if (cpufreq_read(rel, buf, sizeof buf) != 0 ||
	    sm_parse_double(buf, v) != 0)
		return -1;
	return 0;
}

/* The CPUs the kernel may number, at most CPUFREQ_MAX_CPUS. */
static int
cpufreq_ncpu(void)
{
	long	n = sysconf(_SC_NPROCESSORS_CONF);

	return n < 1 ? 1 : n > CPUFREQ_MAX_CPUS ? CPUFREQ_MAX_CPUS : (int)n;
}

/* Whether sysmark may run on CPU i (its affinity; all if unknown). */
static int
cpufreq_used(int i)
{
#ifdef __linux__
	cpu_set_t	set;

	if (sched_getaffinity(0, sizeof set, &set) == 0 && i < CPU_SETSIZE)
		return CPU_ISSET(i, &set);
#endif
	(void)i;
	return 1;
}

/*
 * The governor of the CPUs used: one name, or "mixed (a, b)" when they
 * differ; 0, or -1 when no CPU has cpufreq.
 */
int
cpufreq_governor(char *buf, size_t len)
{
	char	rel[96], g[64], first[64] = "", other[64] = "";

	for (int i = 0; i < cpufreq_ncpu(); i++) {
		snprintf(rel, sizeof rel, "devices/system/cpu/cpu%d/cpufreq/"
		    "scaling_governor", i);
		if (!cpufreq_used(i) || cpufreq_read(rel, g, sizeof g) != 0)
			continue;
		if (first[0] == '\0')
			snprintf(first, sizeof first, "%s", g);
		else if (strcmp(g, first) != 0 && other[0] == '\0')
			snprintf(other, sizeof other, "%s", g);
	}
	if (first[0] == '\0')
		return -1;
	if (other[0] != '\0')
		snprintf(buf, len, "mixed (%s, %s)", first, other);
	else
		snprintf(buf, len, "%s", first);
	return 0;
}

/*
 * Boost (AMD, acpi-cpufreq: cpufreq/boost = 1) or turbo (intel_pstate:
 * no_turbo = 0): "on" or "off"; 0, or -1 when the kernel does not say.
 */
int
cpufreq_boost(char *buf, size_t len)
{
	double	v;

	if (cpufreq_read_num("devices/system/cpu/cpufreq/boost", &v) == 0) {
		snprintf(buf, len, "%s", v != 0 ? "on" : "off");
		return 0;
	}
	if (cpufreq_read_num("devices/system/cpu/intel_pstate/no_turbo",
	    &v) == 0) {
		snprintf(buf, len, "%s", v != 0 ? "off" : "on");
		return 0;
	}
	return -1;
}

/* The mean current frequency of the CPUs used, in MHz; NaN: unknown. */
double
cpufreq_mhz(void)
{
	char	rel[96];
	double	khz, sum = 0;
	int	n = 0;

	for (int i = 0; i < cpufreq_ncpu(); i++) {
		snprintf(rel, sizeof rel, "devices/system/cpu/cpu%d/cpufreq/"
		    "scaling_cur_freq", i);
		if (!cpufreq_used(i) || cpufreq_read_num(rel, &khz) != 0 ||
		    !(khz > 0))
			continue;
		sum += khz / 1000;
		n++;
	}
	return n > 0 ? sum / n : NAN;
}

/* The hottest thermal zone, in degrees Celsius; NaN: none readable. */
double
cpufreq_temp_c(void)
{
	char		 path[PATH_MAX], rel[NAME_MAX + 32];
	struct dirent	*de;
	DIR		*d;
	double		 mc, hot = NAN;

	snprintf(path, sizeof path, "%s/class/thermal", cpufreq_root());
	if ((d = opendir(path)) == NULL)
		return NAN;
	while ((de = readdir(d)) != NULL) {
		if (strncmp(de->d_name, "thermal_zone", 12) != 0)
			continue;
		snprintf(rel, sizeof rel, "class/thermal/%s/temp", de->d_name);
		/* A zone that cannot say (ENODATA, -1) is left out. */
		if (cpufreq_read_num(rel, &mc) == 0 && mc > -273150 &&
		    !(mc / 1000 <= hot))
			hot = mc / 1000;
	}
	closedir(d);
	return hot;
}

/* A figure as meta: "%.0f" or "%.1f", or "not available". */
static void
cpufreq_set(struct run *run, const char *key, double v, const char *fmt)
{
	char	buf[32];

	if (!isfinite(v)) {
		run_meta_set(run, key, CPUFREQ_NA);
		return;
	}
	snprintf(buf, sizeof buf, fmt, v);
	run_meta_set(run, key, buf);
}

/* Record the CPU's clock and heat in the run's meta, at its start. */
void
cpufreq_collect(struct run *run)
{
	char	buf[160];

	run_meta_set(run, "cpu_governor", cpufreq_governor(buf, sizeof buf) ==
	    0 ? buf : CPUFREQ_NA);
	run_meta_set(run, "cpu_boost", cpufreq_boost(buf, sizeof buf) == 0 ?
	    buf : CPUFREQ_NA);
	cpufreq_set(run, "cpu_freq_mhz", cpufreq_mhz(), "%.0f");
	cpufreq_set(run, "cpu_temp_c", cpufreq_temp_c(), "%.1f");
}

/* What a sample's end shows: frequency and temperature (NaN: unknown). */
void
cpufreq_sample(struct run_sample *s)
{
	s->freq_mhz = cpufreq_mhz();
	s->temp_c = cpufreq_temp_c();
}

/* Whether governor g (meta or live) deserves a warning. */
static int
cpufreq_bad_governor(const char *g)
{
	return g != NULL && strcmp(g, CPUFREQ_NA) != 0 &&
	    strcmp(g, "performance") != 0;
}

/*
 * Before a run: 1 with a warning in msg when the governor is known and
 * not performance, saying how to set it.
 */
int
cpufreq_warn_governor(const struct run *run, char *msg, size_t len)
{
	const char	*g = run_meta_get(run, "cpu_governor");

	if (!cpufreq_bad_governor(g))
		return 0;
	snprintf(msg, len, "the cpufreq governor is %s, not performance: the "
	    "clock follows the load and figures drift; to set it: cpupower "
	    "frequency-set -g performance (or: echo performance | tee "
	    "%s/devices/system/cpu/cpu*/cpufreq/scaling_governor)", g,
	    cpufreq_root());
	return 1;
}

/* The same, read now and said in a line (the console's select screen). */
int
cpufreq_warn_now(char *msg, size_t len)
{
	char	g[160];

	if (cpufreq_governor(g, sizeof g) != 0 || !cpufreq_bad_governor(g))
		return 0;
	snprintf(msg, len, "Governor %s, not performance: cpupower "
	    "frequency-set -g performance", g);
	return 1;
}

/*
 * The lowest and highest frequency (or with temp, temperature) of the
 * run's samples; how many samples had one.
 */
static int
cpufreq_range(const struct run *run, int temp, double *lo, double *hi)
{
	int	n = 0;

	*lo = INFINITY;
	*hi = -INFINITY;
	for (size_t i = 0; i < run->nsamples; i++) {
		double	v = temp ? run->samples[i].temp_c :
			    run->samples[i].freq_mhz;

		if (!isfinite(v))
			continue;
		*lo = fmin(*lo, v);
		*hi = fmax(*hi, v);
		n++;
	}
	return n;
}

/*
 * After a run: 1 with a warning in msg (also kept as meta cpu_warning)
 * when the samples' frequency moved by more than 10% or their
 * temperature by more than 10 degrees.
 */
int
cpufreq_warn_moved(struct run *run, char *msg, size_t len)
{
	double	flo, fhi, tlo, thi;
	size_t	n = 0;

	msg[0] = '\0';
	if (cpufreq_range(run, 0, &flo, &fhi) > 1 &&
	    fhi - flo > CPUFREQ_MOVED * fhi)
		n += (size_t)snprintf(msg, len, "the CPU frequency moved "
		    "from %.0f to %.0f MHz during the run", flo, fhi);
	if (n < len && cpufreq_range(run, 1, &tlo, &thi) > 1 &&
	    thi - tlo > CPUFREQ_TEMP_MOVED)
		snprintf(msg + n, len - n, "%sthe temperature moved from %.1f "
		    "to %.1f C", n > 0 ? "; " : "the CPU's ", tlo, thi);
	if (msg[0] == '\0')
		return 0;
	run_meta_set(run, "cpu_warning", msg);
	return 1;
}

/* Whether two runs' meta key both say something and differ. */
static int
cpufreq_differ(const struct run *a, const struct run *b, const char *key)
{
	const char	*x = run_meta_get(a, key), *y = run_meta_get(b, key);

	return x != NULL && y != NULL && strcmp(x, y) != 0;
}

/*
 * compare: 1 with a warning in msg when runs a and b (named na, nb) were
 * taken under different governors or boost states.
 */
int
cpufreq_warn_compare(const struct run *a, const char *na,
    const struct run *b, const char *nb, char *msg, size_t len)
{
	const char	*key = cpufreq_differ(a, b, "cpu_governor") ?
			    "cpu_governor" : cpufreq_differ(a, b, "cpu_boost") ?
			    "cpu_boost" : NULL;

	if (key == NULL)
		return 0;
	snprintf(msg, len, "%s and %s ran with different CPU %s (%s, %s): a "
	    "change may be the clock's, not the system's", na, nb,
	    strcmp(key, "cpu_boost") == 0 ? "boost" : "governors",
	    run_meta_get(a, key), run_meta_get(b, key));
	return 1;
}

/*
 * The CPU line of a report: "CPU clock: governor performance, boost on,
 * 2400 MHz (2390 to 2410 during the run), 45.0 C"; empty when the run
 * recorded nothing of it (an older run, an import).
 */
void
cpufreq_head(const struct run *run, char *buf, size_t len)
{
	const char	*g = run_meta_get(run, "cpu_governor");
	const char	*b = run_meta_get(run, "cpu_boost");
	const char	*f = run_meta_get(run, "cpu_freq_mhz");
	const char	*t = run_meta_get(run, "cpu_temp_c");
	double		 lo, hi;
	size_t		 n;

	buf[0] = '\0';
	if (g == NULL && f == NULL && cpufreq_range(run, 0, &lo, &hi) == 0)
		return;
	n = (size_t)snprintf(buf, len, "CPU clock: governor %s, boost %s, "
	    "frequency %s%s", g != NULL ? g : CPUFREQ_NA, b != NULL ? b :
	    CPUFREQ_NA, f != NULL ? f : CPUFREQ_NA, f != NULL &&
	    strcmp(f, CPUFREQ_NA) != 0 ? " MHz" : "");
	if (n < len && cpufreq_range(run, 0, &lo, &hi) > 0)
		n += (size_t)snprintf(buf + n, len - n, " (%.0f to %.0f over "
		    "the samples)", lo, hi);
	if (n < len)
		n += (size_t)snprintf(buf + n, len - n, ", temperature %s%s",
		    t != NULL ? t : CPUFREQ_NA, t != NULL &&
		    strcmp(t, CPUFREQ_NA) != 0 ? " C" : "");
	if (n < len && cpufreq_range(run, 1, &lo, &hi) > 0)
		snprintf(buf + n, len - n, " (%.1f to %.1f over the samples)",
		    lo, hi);
}
