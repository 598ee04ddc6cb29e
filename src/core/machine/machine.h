/*
 * The core's machine layer: the machine a run measures: its facts
 * (sysinfo.c), its clock (cpufreq.c), its file systems (fsinfo.c) and its
 * tools (tools.c).
 *
 * Layers call only down: this header includes the one below it (estimate),
 * so a file here sees every lower layer and none above
 * (tests/structure/layers.sh checks the calls).
 */
/* SPDX-License-Identifier: MIT */

#ifndef SYSMARK_MACHINE_H
#define SYSMARK_MACHINE_H

#include "../estimate/estimate.h"

/* sysinfo.c */
void	 sysinfo_collect(struct run *);
void	 sysinfo_hostname(char *, size_t);
void	 sysinfo_build(struct run *);
double	 sysinfo_loadavg(void);
int	 sysinfo_cpu_times(uint64_t *steal, uint64_t *total);
int	 sysinfo_ncpu(void);
int	 sysinfo_busy(void);
int	 sysinfo_not_idle(char *, size_t);

/* cpufreq.c: the CPU's clock and heat, from sysfs ($SYSMARK_SYSFS) */
#define CPUFREQ_NA	"not available"
int	 cpufreq_governor(char *, size_t);
int	 cpufreq_boost(char *, size_t);
double	 cpufreq_mhz(void);
double	 cpufreq_temp_c(void);
void	 cpufreq_collect(struct run *);
void	 cpufreq_sample(struct run_sample *);
int	 cpufreq_warn_governor(const struct run *, char *, size_t);
int	 cpufreq_warn_now(char *, size_t);
int	 cpufreq_warn_moved(struct run *, char *, size_t);
int	 cpufreq_warn_compare(const struct run *a, const char *na,
	     const struct run *b, const char *nb, char *msg, size_t len);
void	 cpufreq_head(const struct run *, char *, size_t);

/* fsinfo.c */
void	 fsinfo_collect(struct run *, const char *);
void	 fsinfo_unescape(char *);

/* tools.c */
void	 tools_record(struct run *, const struct bench *const *, size_t);

#endif
