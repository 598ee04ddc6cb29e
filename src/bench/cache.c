/*
 * The CPU's data cache sizes, for bw_mem's buffer size and for the run's
 * record (sysinfo.c), which the memory plot (memhier.c) names levels by.
 * Three sources, in order, and the one used is said: the kernel's sysfs
 * (Linux), the C library's sysconf() (glibc's _SC_LEVEL*_CACHE_SIZE,
 * itself from CPUID), and the CPU's own CPUID cache descriptors (x86:
 * leaf 4, or 0x8000001D on AMD).  Some virtual machines have no sysfs
 * cache directory at all, so the later sources matter.
 */
/* SPDX-License-Identifier: MIT */

#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#if defined(__x86_64__) || defined(__i386__)
#include <cpuid.h>
#endif

#include "bench.h"

/* sysfs: CPU 0's data and unified caches, by level. */
static int
cache_sysfs(size_t *bytes)
{
#ifdef __linux__
	char	path[96], line[32], type[32], *end;
	int	found = 0, level;
	size_t	v;
	FILE	*f;

	for (int i = 0; i < 16; i++) {
		snprintf(path, sizeof path, "/sys/devices/system/cpu/cpu0/"
		    "cache/index%d/type", i);
		if ((f = fopen(path, "r")) == NULL)
			break;
		type[0] = '\0';
		if (fgets(type, sizeof type, f) == NULL)
			type[0] = '\0';
		fclose(f);
		if (type[0] == 'I')		/* Instruction */
			continue;
		snprintf(path, sizeof path, "/sys/devices/system/cpu/cpu0/"
		    "cache/index%d/level", i);
		if ((f = fopen(path, "r")) == NULL)
			continue;
		level = fscanf(f, "%d", &level) == 1 ? level : 0;
		fclose(f);
		snprintf(path, sizeof path, "/sys/devices/system/cpu/cpu0/"
		    "cache/index%d/size", i);
		if (level < 1 || level > 4 || (f = fopen(path, "r")) == NULL)
			continue;
		if (fgets(line, sizeof line, f) != NULL) {
			v = strtoul(line, &end, 10);
			v <<= *end == 'K' ? 10 : *end == 'M' ? 20 : 0;
			bytes[level - 1] = v;
			found = 1;
		}
		fclose(f);
	}
	return found;
#else
	(void)bytes;
	return 0;
#endif
}

/* glibc's sysconf() names, where the C library has them. */
static int
cache_sysconf(size_t *bytes)
{
	int	found = 0;
#ifdef _SC_LEVEL1_DCACHE_SIZE
	const int	name[4] = { _SC_LEVEL1_DCACHE_SIZE, _SC_LEVEL2_CACHE_SIZE,
			    _SC_LEVEL3_CACHE_SIZE, _SC_LEVEL4_CACHE_SIZE };
	long		v;

	for (int i = 0; i < 4; i++)
		if ((v = sysconf(name[i])) > 0) {
			bytes[i] = (size_t)v;
			found = 1;
		}
#else
	(void)bytes;
#endif
	return found;
}

/* CPUID's deterministic cache parameters, subleaf by subleaf. */
static int
cache_cpuid(size_t *bytes)
{
	int	found = 0;
#if defined(__x86_64__) || defined(__i386__)
	unsigned	a, b, c, d, leaf = 4, max;

	if (__get_cpuid(0x80000000, &max, &b, &c, &d) && max >= 0x8000001D &&
	    __get_cpuid(0, &a, &b, &c, &d) && b == 0x68747541) /* "Auth" */
		leaf = 0x8000001D;
	for (unsigned sub = 0; sub < 16; sub++) {
		unsigned type, level;

		__cpuid_count(leaf, sub, a, b, c, d);
		if ((type = a & 0x1f) == 0)
			break;
		level = (a >> 5) & 7;
		if (type == 2 || level < 1 || level > 4)	/* instruction */
			continue;
		bytes[level - 1] = (size_t)((b >> 22) + 1) *
		    (((b >> 12) & 0x3ff) + 1) * ((b & 0xfff) + 1) * (c + 1);
		found = 1;
	}
#else
	(void)bytes;
#endif
	return found;
}

const char *
bench_caches(size_t bytes[4])
{
	for (int i = 0; i < 4; i++)
		bytes[i] = 0;
	if (cache_sysfs(bytes))
		return "sysfs";
	if (cache_sysconf(bytes))
		return "sysconf";
	if (cache_cpuid(bytes))
		return "CPUID";
	return NULL;
}
