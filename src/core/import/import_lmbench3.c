/*
 * lmbench3 results files -> runs.  lmbench3's scripts write one raw file
 * per run: bracketed "[KEY: value]" header lines, then each program's own
 * output.  Single figures are "Name: value microseconds" or "Name: value
 * MB/sec"; series follow a title line ("Memory load latency", "Memory
 * partial read bandwidth", "libc bcopy aligned") and a quoted parameter
 * line ("stride=128, "size=0k ovr=3.26) as "x y" pairs, up to a blank
 * line.  Each figure becomes a sample under sysmark's lmbench id:
 *
 * - the memory load latency series at stride 128 becomes lat_mem_rd@SIZE
 *   (lmbench's sizes are in MB of 2^20; sizes between sysmark's sweep
 *   points are counted in a note, not imported);
 * - a bandwidth series keeps its largest size (memory, not a cache);
 * - lmbench3 counts MB as 10^6 bytes, sysmark (like lmbench 1.0, whose
 *   tables are the shipped baselines) as 2^20: bandwidths are converted,
 *   and the run's note says so.
 *
 * A line this file does not know is reported as path:line and skipped.
 */
/* SPDX-License-Identifier: MIT */

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "import.h"

#define LM3_MB		(1e6 / 1048576.0)	/* lmbench3 MB/s -> 2^20 */

struct lm3_name {
	const char	*name;
	const char	*id;
};

/* "Name: value microseconds" and "Name: value MB/sec" figures. */
static const struct lm3_name lm3_single[] = {
	{ "Simple syscall", "lat_syscall" },
	{ "Simple read", "lat_syscall_read" },
	{ "Simple write", "lat_syscall_write" },
	{ "Simple stat", "lat_syscall_stat" },
	{ "Simple fstat", "lat_syscall_fstat" },
	{ "Simple open/close", "lat_syscall_open" },
	{ "Signal handler installation", "lat_sig_install" },
	{ "Signal handler overhead", "lat_sig_catch" },
	{ "Pipe latency", "lat_pipe" },
	{ "AF_UNIX sock stream latency", "lat_unix" },
	{ "UDP latency using localhost", "lat_udp" },
	{ "TCP latency using localhost", "lat_tcp" },
	{ "TCP/IP connection cost to localhost", "lat_connect" },
	{ "Process fork+exit", "lat_proc_fork" },
	{ "Process fork+execve", "lat_proc_exec" },
	{ "Process fork+/bin/sh -c", "lat_proc_sh" },
	{ "Pipe bandwidth", "bw_pipe" },
	{ "AF_UNIX sock stream bandwidth", "bw_unix" },
};

/* Series titles: bandwidths (largest size kept) and the latency curve. */
static const struct lm3_name lm3_series[] = {
	{ "Memory partial read bandwidth", "bw_mem_rd" },
	{ "Memory partial write bandwidth", "bw_mem_wr" },
	{ "Memory partial read/write bandwidth", "bw_mem_rdwr" },
	{ "libc bcopy aligned", "bw_mem_bcopy" },
	{ "File read bandwidth", "bw_file_rd" },
	{ "Mmap read bandwidth", "bw_mmap_rd" },
	{ "Memory load latency", "lat_mem_rd@" },
	{ "Random load latency", "lat_mem_rd_rand@" },
};

struct lm3 {
	const char		*series;	/* id or id prefix, or NULL */
	long			 stride;	/* latency series: bytes */
	long			 ctx_kb;	/* lat_ctx series, or -1 */
	double			 best_size;	/* bandwidth: largest so far */
	size_t			 best;		/* its sample + 1, or 0 */
	size_t			 between;	/* latency sizes not imported */
};

static const char *
lm3_lookup(const struct lm3_name *t, size_t n, const char *name, size_t len)
{
	for (size_t i = 0; i < n; i++)
		if (strlen(t[i].name) == len && strncmp(t[i].name, name,
		    len) == 0)
			return t[i].id;
	return NULL;
}

/* A sample from line i; a second one for the same test is reported. */
static struct run_sample *
lm3_add(struct import *im, size_t i, const char *id, const char *unit,
    double v)
{
	if (import_seen(im, id, 1)) {
		import_warn(im, i, "a second result for the same test");
		return NULL;
	}
	return import_add(im, i, &(struct import_result){ id, unit, 1, 0,
	    v });
}

#define LM3_UNAME_WORDS	32

/*
 * uname -a ("Linux vm 6.18.44 #1 SMP ... x86_64 GNU/Linux") as a run of
 * sysmark's records it: os "Linux 6.18.44 x86_64", os_version "#1 SMP
 * ...", hostname "vm", so that compare does not warn of different OS
 * when both come from one machine.  Linux's trailing operating-system
 * field ("GNU/Linux") is dropped; a line too short for the fields is
 * kept whole as os.
 */
static void
lm3_uname(struct import *im, const char *s, size_t len)
{
	char	 buf[512], os[256], ver[256] = "";
	char	*w[LM3_UNAME_WORDS], *save = NULL;
	int	 n = 0;

	snprintf(buf, sizeof buf, "%.*s", (int)len, s);
	for (char *t = strtok_r(buf, " ", &save); t != NULL && n <
	    LM3_UNAME_WORDS; t = strtok_r(NULL, " ", &save))
		w[n++] = t;
	if (n > 0 && strcmp(w[n - 1], "GNU/Linux") == 0)
		n--;
	if (n < 5) {
		snprintf(os, sizeof os, "%.*s", (int)len, s);
		run_meta_set(im->run, "os", os);
		if (n >= 2)
			run_meta_set(im->run, "hostname", w[1]);
		return;
	}
	snprintf(os, sizeof os, "%s %s %s", w[0], w[2], w[n - 1]);
	for (int i = 3; i < n - 1; i++)
		snprintf(ver + strlen(ver), sizeof ver - strlen(ver), "%s%s",
		    i > 3 ? " " : "", w[i]);
	run_meta_set(im->run, "os", os);
	run_meta_set(im->run, "os_version", ver);
	run_meta_set(im->run, "hostname", w[1]);
}

/* "[lmbench3.0 results for SYSTEM]" and "[KEY: value]". */
static void
lm3_header(struct import *im, const char *line)
{
	const char	*p = line + 1, *colon = strchr(line, ':');
	size_t		 len = strcspn(p, "]");
	char		 key[64];

	if (strncmp(p, "lmbench3", 8) == 0 && strstr(p, " results for ")) {
		p = strstr(p, " results for ") + strlen(" results for ");
		lm3_uname(im, p, strcspn(p, "]"));
		return;
	}
	if (colon == NULL || (size_t)(colon - p) >= len ||
	    (size_t)(colon - p) >= 40)
		return;
	snprintf(key, sizeof key, "lmbench3.%.*s", (int)(colon - p), p);
	p = import_skip_space(colon + 1);
	len = strcspn(p, "]");
	{
		char	val[256];

		snprintf(val, sizeof val, "%.*s", (int)len, p);
		run_meta_set(im->run, key, val);
		/* "[MHZ: 2096 MHz, ...]": the clock lmbench's tables print. */
		if (strcmp(key, "lmbench3.MHZ") == 0) {
			snprintf(val, sizeof val, "%.*s", (int)strspn(p,
			    "0123456789"), p);
			if (val[0] != '\0')
				run_meta_set(im->run, "mhz", val);
		}
	}
}

/* "Name: value microseconds|MB/sec"; 1 if it was one of ours. */
static int
lm3_single_line(struct import *im, size_t i, const char *line)
{
	const char	*colon = strrchr(line, ':'), *id, *unit;
	char		*end;
	double		 v;

	if (colon == NULL)
		return 0;
	if (strncmp(line, "Pagefaults on ", 14) == 0)
		id = "lat_pagefault";
	else if ((id = lm3_lookup(lm3_single, sizeof lm3_single /
	    sizeof lm3_single[0], line, (size_t)(colon - line))) == NULL)
		return 0;
	v = strtod(colon + 1, &end);
	if (end == colon + 1)
		return 0;
	unit = import_skip_space(end);
	if (strcmp(unit, "microseconds") == 0)
		lm3_add(im, i, id, "us", v);
	else if (strcmp(unit, "MB/sec") == 0)
		lm3_add(im, i, id, "MB/s", v * LM3_MB);
	else
		return 0;
	return 1;
}

/* The sweep id for a size in lmbench's MB (2^20), or NULL. */
static const struct bench *
lm3_mem_id(const char *prefix, double mb, long stride)
{
	static const char *const unit[] = { "", "K", "M", "G" };
	double		bytes = mb * 1048576.0;
	long		size = 512;
	int		u = 0;
	char		id[64];

	/* The sweep's sizes stop well short of 8 GB (and of overflow). */
	while ((double)size * 1.5 < bytes) {
		if (size >= (1L << 33))
			return NULL;
		size *= 2;
	}
	if (fabs(bytes - (double)size) > (double)size * 0.01)
		return NULL;
	for (long s = size; s >= 1024 && s % 1024 == 0; s /= 1024)
		u++;
	snprintf(id, sizeof id, "%s%ld%s", prefix, size >> (10 * u),
	    unit[u]);
	if (stride != 128 && strcmp(prefix, "lat_mem_rd@") == 0)
		snprintf(id + strlen(id), sizeof id - strlen(id), "/s%ld",
		    stride);
	return registry_find(id);
}

/*
 * A larger size's figure replaces sample k's, checked as import_add
 * checks a new one: a figure the run file could not hold is reported
 * and the earlier one kept.  0, or -1 if line i was skipped.
 */
static int
lm3_replace(struct import *im, size_t i, size_t k, double v)
{
	struct run_sample	*s = &im->run->samples[k];
	double			 old = s->value;
	char			 why[160];

	s->value = v;
	if (csvstore_check_sample(s, why, sizeof why) == 0)
		return 0;
	s->value = old;
	import_warn(im, i, why);
	return -1;
}

/* An "x y" line inside a series; 1 if taken. */
static int
lm3_pair(struct import *im, size_t i, struct lm3 *st, double x, double y)
{
	const struct bench	*b;
	char			 id[64];

	if (st->ctx_kb >= 0) {
		snprintf(id, sizeof id, "lat_ctx_%.0fp%ldk", x, st->ctx_kb);
		if (x != floor(x) || registry_find(id) == NULL)
			return 0;
		lm3_add(im, i, id, "us", y);
		return 1;
	}
	if (st->series == NULL)
		return 0;
	if (strchr(st->series, '@') != NULL) {
		if ((b = lm3_mem_id(st->series, x, st->stride)) == NULL)
			st->between++;
		else
			lm3_add(im, i, b->id, "ns", y);
		return 1;
	}
	if (st->best == 0 || x > st->best_size) {
		if (st->best == 0) {
			if (lm3_add(im, i, st->series, "MB/s", y * LM3_MB) ==
			    NULL)
				return 1;
			st->best = im->run->nsamples;
		} else if (lm3_replace(im, i, st->best - 1, y * LM3_MB) != 0)
			return 1;
		st->best_size = x;
	}
	return 1;
}

/* A series title or parameter line; 1 if it was one. */
static int
lm3_title(struct lm3 *st, const char *line)
{
	const char	*t = *line == '"' ? line + 1 : line, *id;
	long		 v;
	double		 ovr;

	if (sscanf(t, "size=%ldk ovr=%lf", &v, &ovr) == 2) {
		st->ctx_kb = v;
		return 1;
	}
	if (sscanf(t, "stride=%ld", &v) == 1 && st->series != NULL) {
		st->stride = v;
		return 1;
	}
	if ((id = lm3_lookup(lm3_series, sizeof lm3_series /
	    sizeof lm3_series[0], t, strlen(t))) == NULL)
		return 0;
	st->series = id;
	st->stride = 128;
	st->best = 0;
	return 1;
}

/* lat_fs: "SIZEk COUNT CREATES/s DELETES/s". */
static int
lm3_fs(struct import *im, size_t i, const char *line)
{
	long	kb, count;
	double	c, d;
	char	k, id[64];

	if (sscanf(line, "%ld%c %ld %lf %lf", &kb, &k, &count, &c, &d) != 5 ||
	    k != 'k' || c <= 0 || d <= 0)
		return 0;
	snprintf(id, sizeof id, "lat_fs_create_%ldk", kb);
	if (registry_find(id) == NULL)
		return 0;
	lm3_add(im, i, id, "us", 1e6 / c);
	snprintf(id, sizeof id, "lat_fs_delete_%ldk", kb);
	lm3_add(im, i, id, "us", 1e6 / d);
	return 1;
}

static void
lm3_line(struct import *im, struct lm3 *st, size_t i)
{
	const char	*line = import_skip_space(im->lines[i]);
	double		 x, y;
	char		 rest;

	if (*line == '\0') {
		st->series = NULL;
		st->ctx_kb = -1;
		return;
	}
	if (*line == '[') {
		lm3_header(im, line);
		return;
	}
	if (sscanf(line, "%lf %lf %c", &x, &y, &rest) == 2) {
		if (!lm3_pair(im, i, st, x, y))
			import_warn(im, i, "figure outside a known series");
		return;
	}
	if (lm3_single_line(im, i, line) || lm3_title(st, line) ||
	    lm3_fs(im, i, line))
		return;
	import_warn(im, i, "unknown line");
}

/* 1 if the file starts the way lmbench3's results do. */
int
import_lmbench3_is(const struct import *im)
{
	return im->nlines > 0 && (strncmp(im->lines[0], "[lmbench3", 9) == 0 ||
	    strncmp(im->lines[0], "[LMBENCH_VER:", 13) == 0);
}

int
import_lmbench3_read(struct import *im, struct sm_error *err)
{
	struct lm3	st;
	char		note[200];

	(void)err;
	memset(&st, 0, sizeof st);
	st.ctx_kb = -1;
	for (size_t i = 0; i < im->nlines; i++)
		lm3_line(im, &st, i);
	snprintf(note, sizeof note, "lmbench3 counts MB/s in 10^6 bytes: "
	    "its bandwidths are converted to sysmark's 2^20%s", st.between ?
	    "; memory latency sizes between sysmark's sweep points are not "
	    "imported" : "");
	run_meta_set(im->run, "note", note);
	return 0;
}
