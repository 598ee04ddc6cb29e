/*
 * Facts about the machine, recorded with every run: the things that decide
 * a score and that the classic suites never wrote down (seed 000's results
 * from busy machines, seed 003's kernels compared without their CPU
 * governor).  Each fact is a key/value pair in the run, so a saved run
 * keeps whatever this system could tell and an older one simply lacks it.
 *
 * Linux-only sources sit behind __linux__; elsewhere the portable facts
 * remain.
 */
/* SPDX-License-Identifier: MIT */

#define _DEFAULT_SOURCE		/* getloadavg(), utmpx */

#include <sys/types.h>
#include <sys/utsname.h>

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <utmpx.h>

#include "machine.h"

#ifndef SYSMARK_CC
#define SYSMARK_CC	"unknown"
#endif
#ifndef SYSMARK_BENCH_CFLAGS
#define SYSMARK_BENCH_CFLAGS	SYSMARK_CFLAGS
#endif
#ifndef SYSMARK_CFLAGS
#define SYSMARK_CFLAGS	"unknown"
#endif

/* First line of a file, trimmed; 0 on success. */
static int
sysinfo_read_line(const char *path, char *buf, size_t len)
{
	FILE	*f;
	char	*nl;

	if ((f = fopen(path, "r")) == NULL)
		return -1;
	if (fgets(buf, (int)len, f) == NULL) {
		fclose(f);
		return -1;
	}
	fclose(f);
	if ((nl = strchr(buf, '\n')) != NULL)
		*nl = '\0';
	return buf[0] == '\0' ? -1 : 0;
}

/* The value of the first "key<tab>: value" line of a /proc file. */
static int
sysinfo_proc_field(const char *path, const char *key, char *buf, size_t len)
{
	FILE	*f;
	char	 line[4096], *colon, *v;
	size_t	 klen = strlen(key);
	int	 rc = -1;

	if ((f = fopen(path, "r")) == NULL)
		return -1;
	while (fgets(line, sizeof line, f) != NULL) {
		if (strncmp(line, key, klen) != 0 ||
		    (colon = strchr(line, ':')) == NULL)
			continue;
		for (v = colon + 1; *v == ' ' || *v == '\t'; v++)
			;
		v[strcspn(v, "\n")] = '\0';
		snprintf(buf, len, "%s", v);
		rc = 0;
		break;
	}
	fclose(f);
	return rc;
}

static void
sysinfo_set_num(struct run *run, const char *key, double v, const char *fmt)
{
	char	buf[64];

	snprintf(buf, sizeof buf, fmt, v);
	run_meta_set(run, key, buf);
}

int
sysinfo_ncpu(void)
{
	long	n = sysconf(_SC_NPROCESSORS_ONLN);

	return n > 0 ? (int)n : 1;
}

/* The one-minute load average, or -1 where the system does not tell. */
double
sysinfo_loadavg(void)
{
	double	la[1];

	return getloadavg(la, 1) == 1 ? la[0] : -1;
}

/*
 * Processes runnable right now besides the caller, from the kernel's
 * "running/total" count (the caller itself is running while it reads);
 * -1 where the system does not say.
 */
int
sysinfo_busy(void)
{
#ifdef __linux__
	char	line[128];
	int	running, total;

	if (sysinfo_read_line("/proc/loadavg", line, sizeof line) == 0 &&
	    sscanf(line, "%*f %*f %*f %d/%d", &running, &total) == 2)
		return running > 1 ? running - 1 : 0;
#endif
	return -1;
}

/*
 * The CPU time stolen by the hypervisor and all CPU time, in ticks since
 * boot (/proc/stat's "cpu" line); 0, or -1 where unknown.
 */
int
sysinfo_cpu_times(uint64_t *steal, uint64_t *total)
{
#ifdef __linux__
	unsigned long long	v[8] = { 0 };
	char			line[256];

	if (sysinfo_read_line("/proc/stat", line, sizeof line) == 0 &&
	    sscanf(line, "cpu %llu %llu %llu %llu %llu %llu %llu %llu", &v[0],
	    &v[1], &v[2], &v[3], &v[4], &v[5], &v[6], &v[7]) == 8) {
		*steal = v[7];
		*total = 0;
		for (int i = 0; i < 8; i++)
			*total += v[i];
		return 0;
	}
#endif
	(void)steal;
	(void)total;
	return -1;
}

/*
 * 1 with a warning in buf when the machine is not idle, as the seeds ask
 * (000: figures from busy machines were worthless): a load average of 0.5
 * or more, or other processes running now.  0 when it looks idle.
 */
int
sysinfo_not_idle(char *buf, size_t len)
{
	double	la = sysinfo_loadavg();
	int	busy = sysinfo_busy();

	if (la < 0.5 && busy <= 0)
		return 0;
	if (busy > 0)
		snprintf(buf, len, "this machine is not idle: load average "
		    "%.2f, %d other process%s running; figures will be low "
		    "and noisy", la, busy, busy == 1 ? "" : "es");
	else
		snprintf(buf, len, "this machine is not idle: load average "
		    "%.2f; figures will be low and noisy", la);
	return 1;
}

static int
sysinfo_users(void)
{
	struct utmpx	*u;
	int		 n = 0;

	setutxent();
	while ((u = getutxent()) != NULL)
		if (u->ut_type == USER_PROCESS)
			n++;
	endutxent();
	return n;
}

static void
sysinfo_cpu_model(struct run *run)
{
	char	buf[256];

#ifdef __linux__
	if (sysinfo_proc_field("/proc/cpuinfo", "model name", buf,
	    sizeof buf) == 0 ||
	    sysinfo_proc_field("/proc/cpuinfo", "Model", buf,
	    sizeof buf) == 0 ||
	    sysinfo_proc_field("/proc/cpuinfo", "cpu model", buf,
	    sizeof buf) == 0) {
		run_meta_set(run, "cpu_model", buf);
		return;
	}
#endif
	(void)buf;
	run_meta_set(run, "cpu_model", "unknown");
}

#ifdef __linux__
/*
 * "guest (KVM)", "guest" or "none detected": the CPU's hypervisor flag,
 * then the hypervisor and DMI names where the kernel exposes them.  A
 * guest can hide all of these, hence "detected".
 */
static const char *
sysinfo_virt(char *buf, size_t len)
{
	char	flags[4096], name[128];
	int	guest;

	guest = sysinfo_proc_field("/proc/cpuinfo", "flags", flags,
	    sizeof flags) == 0 && strstr(flags, " hypervisor") != NULL;
	if (sysinfo_read_line("/sys/hypervisor/type", name,
	    sizeof name) == 0 ||
	    sysinfo_read_line("/sys/class/dmi/id/sys_vendor", name,
	    sizeof name) == 0) {
		if (guest || strcmp(name, "xen") == 0 ||
		    strstr(name, "QEMU") != NULL || strstr(name, "KVM") ||
		    strstr(name, "VMware") || strstr(name, "Microsoft") ||
		    strstr(name, "Amazon EC2") || strstr(name, "Google")) {
			snprintf(buf, len, "guest (%s)", name);
			return buf;
		}
	}
	return guest ? "guest" : "none detected";
}
#endif

/* Virtualisation and CPU quota: Linux tells through /sys. */
static void
sysinfo_linux(struct run *run)
{
#ifdef __linux__
	char	buf[256];

	run_meta_set(run, "virtualization", sysinfo_virt(buf, sizeof buf));
	if (sysinfo_read_line("/sys/class/dmi/id/product_name", buf,
	    sizeof buf) == 0)
		run_meta_set(run, "machine", buf);
	if (sysinfo_read_line("/sys/fs/cgroup/cpu.max", buf,
	    sizeof buf) == 0)
		run_meta_set(run, "cgroup_cpu_max", buf);
	else if (sysinfo_read_line("/sys/fs/cgroup/cpu/cpu.cfs_quota_us",
	    buf, sizeof buf) == 0)
		run_meta_set(run, "cgroup_cpu_quota_us", buf);
#else
	(void)run;
#endif
}

/*
 * The CPU caches as the kernel reports them for CPU 0: cache.L1d,
 * cache.L1i, cache.L2, cache.L3 = "32K" and so on, recorded beside the
 * levels the memory-latency curve shows (memhier.c); and the clock rate
 * (mhz), which lmbench's tables print beside each host.  When sysfs has
 * no cache directory (some virtual machines), the data caches come from
 * sysconf() or CPUID instead (src/bench/cache.c); cache.source says
 * which.
 */
/* The data caches from wherever cache.c finds them, when sysfs had none. */
static void
sysinfo_caches_elsewhere(struct run *run)
{
	static const char *const key[4] = {
		"cache.L1d", "cache.L2", "cache.L3", "cache.L4"
	};
	size_t		 bytes[4];
	const char	*source;
	char		 buf[32];

	for (int i = 0; i < 4; i++)
		if (run_meta_get(run, key[i]) != NULL) {
			run_meta_set(run, "cache.source", "sysfs");
			return;
		}
	if ((source = bench_caches(bytes)) == NULL)
		return;
	for (int i = 0; i < 4; i++) {
		if (bytes[i] == 0)
			continue;
		snprintf(buf, sizeof buf, "%zuK", bytes[i] >> 10);
		run_meta_set(run, key[i], buf);
	}
	run_meta_set(run, "cache.source", source);
}

static void
sysinfo_caches(struct run *run)
{
#ifdef __linux__
	char	path[96], level[16], type[32], size[32], key[32];
	double	mhz;

	if (sysinfo_proc_field("/proc/cpuinfo", "cpu MHz", size,
	    sizeof size) == 0 && sm_parse_double(size, &mhz) == 0)
		sysinfo_set_num(run, "mhz", mhz, "%.0f");

	for (int i = 0; i < 16; i++) {
		snprintf(path, sizeof path, "/sys/devices/system/cpu/cpu0/"
		    "cache/index%d/level", i);
		if (sysinfo_read_line(path, level, sizeof level) != 0)
			break;
		snprintf(path, sizeof path, "/sys/devices/system/cpu/cpu0/"
		    "cache/index%d/type", i);
		if (sysinfo_read_line(path, type, sizeof type) != 0)
			continue;
		snprintf(path, sizeof path, "/sys/devices/system/cpu/cpu0/"
		    "cache/index%d/size", i);
		if (sysinfo_read_line(path, size, sizeof size) != 0)
			continue;
		snprintf(key, sizeof key, "cache.L%s%s", level,
		    strcmp(type, "Data") == 0 ? "d" :
		    strcmp(type, "Instruction") == 0 ? "i" : "");
		run_meta_set(run, key, size);
	}
#endif
	sysinfo_caches_elsewhere(run);
}

/*
 * The commit measured, from SYSMARK_COMMIT (run --commit sets the same
 * fact): a history can order runs by it.  Printable ASCII only, at most
 * 64 characters, so that it is a name and nothing else.
 */
static void
sysinfo_commit(struct run *run)
{
	const char	*v = getenv("SYSMARK_COMMIT");
	char		 buf[65];
	size_t		 n = 0;

	for (; v != NULL && *v != '\0' && n < sizeof buf - 1; v++)
		if (*v > ' ' && *v < 0x7f)
			buf[n++] = *v;
	buf[n] = '\0';
	if (n > 0)
		run_meta_set(run, "commit", buf);
}

/* This host's name into buf, "unknown" when it cannot be had. */
void
sysinfo_hostname(char *buf, size_t len)
{
	if (len == 0)
		return;
	if (gethostname(buf, len) != 0)
		snprintf(buf, len, "unknown");
	buf[len - 1] = '\0';
}

/*
 * The build that measures: the facts ident.c names a build by (the
 * workloads' own flags decide Dhrystone and Whetstone).
 */
void
sysinfo_build(struct run *run)
{
	run_meta_set(run, "compiler", SYSMARK_CC);
	run_meta_set(run, "bench_cflags", SYSMARK_BENCH_CFLAGS);
	run_meta_set(run, "sysmark_version", SYSMARK_VERSION);
}

/* Record what sysmark can learn about this machine and this moment. */
void
sysinfo_collect(struct run *run)
{
	struct utsname	 u;
	char		 buf[256];
	time_t		 now = time(NULL);
	long		 pages, psize;
	double		 la;

	if (gethostname(buf, sizeof buf) == 0) {
		buf[sizeof buf - 1] = '\0';
		run_meta_set(run, "hostname", buf);
	}
	if (uname(&u) == 0) {
		snprintf(buf, sizeof buf, "%s %s %s", u.sysname, u.release,
		    u.machine);
		run_meta_set(run, "os", buf);
		run_meta_set(run, "os_version", u.version);
	}
	sysinfo_cpu_model(run);
	sysinfo_set_num(run, "cpus", sysinfo_ncpu(), "%.0f");
	pages = sysconf(_SC_PHYS_PAGES);
	psize = sysconf(_SC_PAGESIZE);
	if (pages > 0 && psize > 0)
		sysinfo_set_num(run, "memory_mb",
		    (double)pages * (double)psize / 1048576.0, "%.0f");
	if ((la = sysinfo_loadavg()) >= 0)
		sysinfo_set_num(run, "load_average", la, "%.2f");
	sysinfo_set_num(run, "users", sysinfo_users(), "%.0f");
	run_meta_set(run, "cflags", SYSMARK_CFLAGS);
	sysinfo_build(run);
	rundate_format(now, buf, sizeof buf);
	run_meta_set(run, "date", buf);
	sysinfo_commit(run);
	sysinfo_linux(run);
	cpufreq_collect(run);
	sysinfo_caches(run);
}
