/*
 * The lmbench-style benchmarks themselves: the loopback tests bind and
 * connect to 127.0.0.1 only and leave no descriptor, socket or partner
 * behind (run in this process, outside the harness, so that what is
 * left can be counted), the memory-latency sweep is one family,
 * lat_pagefault faults afresh on every pass over its file, lat_fs
 * makes and removes exactly its files, at most 100 a directory, in a
 * fresh tree for each batch, and a short
 * run of a handful of tests through the CLI succeeds.
 */
/* SPDX-License-Identifier: MIT */

#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/socket.h>
#include <sys/wait.h>

#include <netinet/in.h>
#include <arpa/inet.h>

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>

#include "testutil.h"
#include "../../src/core/core.h"

/* Every AF_INET socket among our descriptors is on 127.0.0.1. */
static int
lm_inet_sockets(void)
{
	struct sockaddr_in	a;
	socklen_t		len;
	int			n = 0;

	for (int fd = 0; fd < 1024; fd++) {
		len = sizeof a;
		if (getsockname(fd, (struct sockaddr *)&a, &len) != 0 ||
		    a.sin_family != AF_INET)
			continue;
		assert_int_equal(ntohl(a.sin_addr.s_addr), INADDR_LOOPBACK);
		assert_int_not_equal(ntohs(a.sin_port), 0);
		n++;
	}
	return n;
}

static void
test_loopback_cleanup(void **state)
{
	const char *const	 ids[] = { "lat_udp", "lat_tcp", "lat_connect",
				    "bw_tcp", "lat_pipe", "lat_unix",
				    "bw_unix", "lat_ctx_8p16k" };
	char			 dir[256];

	(void)state;
	tu_tmpdir(dir, sizeof dir);
	for (size_t i = 0; i < sizeof ids / sizeof ids[0]; i++) {
		const struct bench	*b = registry_find(ids[i]);
		struct bench_ctx	 ctx;
		int			 before = tu_fds();

		assert_non_null(b);
		memset(&ctx, 0, sizeof ctx);
		ctx.bench = b;
		ctx.tmpdir = dir;
		ctx.report_fd = -1;
		assert_int_equal(b->setup(&ctx), 0);
		if (strstr(ids[i], "tcp") != NULL ||
		    strstr(ids[i], "udp") != NULL)
			assert_true(lm_inet_sockets() >= 1);
		b->loop(&ctx, 200);
		b->teardown(&ctx);
		assert_int_equal(tu_fds(), before);
		assert_int_equal(lm_inet_sockets(), 0);
		/* The partners were reaped: no child is left. */
		assert_int_equal(waitpid(-1, NULL, WNOHANG), -1);
		assert_int_equal(errno, ECHILD);
	}
	sm_rmtree(dir);
}

static void
test_sweep_family(void **state)
{
	const struct bench	**v;
	struct sm_error		  err;
	size_t			  n, sweep = 0;

	(void)state;
	assert_int_equal(registry_parse("lat_mem_rd", &v, &n, &err), 0);
	for (size_t i = 0; i < n; i++) {
		assert_int_equal(strncmp(v[i]->id, "lat_mem_rd@", 11), 0);
		sweep += strchr(v[i]->id, '/') == NULL;
	}
	/* 512 B to 256 MB, doubling: 20 sizes. */
	assert_int_equal(sweep, 20);
	assert_string_equal(v[0]->id, "lat_mem_rd@512");
	free(v);
	assert_int_equal(registry_parse("lat_mem", &v, &n, &err), -1);
	assert_non_null(strstr(err.msg, "unknown test \"lat_mem\""));
}

/* Every lat_* and bw_* test is timed lmbench's way. */
static void
test_all_calibrated(void **state)
{
	size_t	n = 0;

	(void)state;
	for (size_t i = 0; registry_all[i] != NULL; i++) {
		const struct bench	*b = registry_all[i];

		if (strncmp(b->id, "lat_", 4) != 0 &&
		    strncmp(b->id, "bw_", 3) != 0)
			continue;
		n++;
		if (b->timing != BENCH_CALIBRATED)
			fail_msg("%s is not calibrated", b->id);
		assert_true(b->scale > 0);
		assert_string_equal(b->unit, b->dir == BENCH_LOWER ?
		    (strncmp(b->id, "lat_mem_rd", 10) == 0 ? "ns" : "us") :
		    "MB/s");
		/*
		 * Partner tests come in threes: the id named after lmbench's
		 * test where the scheduler puts it, as lmbench leaves it, and
		 * the pinned variants named for their placement.
		 */
		if (b->place == BENCH_TWO_CPUS) {
			assert_non_null(strstr(b->id, "_2cpu"));
			assert_ptr_equal(b->available, bench_two_cpus);
		}
		if (b->place == BENCH_ONE_CPU) {
			char			 base[32];
			const struct bench	*lm;
			size_t			 len = strlen(b->id);

			assert_true(len > 5);
			assert_string_equal(b->id + len - 5, "_1cpu");
			snprintf(base, sizeof base, "%.*s", (int)(len - 5),
			    b->id);
			assert_non_null(lm = registry_find(base));
			assert_int_equal(lm->place, BENCH_ANYWHERE);
			/* Placed by the scheduler from version 3 on. */
			assert_true(lm->version >= 3);
			strcat(base, "_2cpu");
			assert_non_null(registry_find(base));
		}
	}
	assert_true(n >= 80);
}

static long
lm_minflt(void)
{
	struct rusage	ru;

	assert_int_equal(getrusage(RUSAGE_SELF, &ru), 0);
	return ru.ru_minflt;
}

/*
 * lat_pagefault's shape: a pass reads every page of its 16 MB file once
 * and then maps the file afresh, so the next pass faults as much as the
 * first (at least one fault for each 16 pages the kernel maps around a
 * fault); its overhead, remapping alone, faults on nothing.
 */
static void
test_pagefault_shape(void **state)
{
	const struct bench	*b = registry_find("lat_pagefault");
	struct bench_ctx	 ctx;
	char			 dir[256];
	uint64_t		 pages = (16u << 20) / (size_t)sysconf(_SC_PAGESIZE);
	long			 f0, f1, f2;

	(void)state;
	assert_non_null(b);
	tu_tmpdir(dir, sizeof dir);
	memset(&ctx, 0, sizeof ctx);
	ctx.bench = b;
	ctx.copies = 1;
	ctx.tmpdir = dir;
	assert_int_equal(b->setup(&ctx), 0);
	b->prepare(&ctx, pages);
	f0 = lm_minflt();
	b->loop(&ctx, pages);
	f1 = lm_minflt();
	b->loop(&ctx, pages);
	f2 = lm_minflt();
	assert_true(f1 - f0 >= (long)(pages / 16));
	assert_true(f2 - f1 >= (long)(pages / 16));
	/* Every page's first byte is 'x': each read was of the file. */
	assert_true(ctx.sink == pages * 'x');
	f0 = lm_minflt();
	b->overhead(&ctx, 2 * pages);
	assert_true(lm_minflt() - f0 < (long)(pages / 16));
	b->teardown(&ctx);
	sm_rmtree(dir);
}

/* Regular files in dir of size bytes, or -1 if dir cannot be read. */
static int
lm_count_files(const char *dir, off_t size)
{
	DIR		*d = opendir(dir);
	struct dirent	*e;
	struct stat	 sb;
	char		 path[512];
	int		 n = 0;

	if (d == NULL)
		return -1;
	while ((e = readdir(d)) != NULL) {
		snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
		if (stat(path, &sb) == 0 && S_ISREG(sb.st_mode) &&
		    sb.st_size == size)
			n++;
	}
	closedir(d);
	return n;
}

/* 1 if path names a directory. */
static int
lm_is_dir(const char *path)
{
	struct stat	sb;

	return stat(path, &sb) == 0 && S_ISDIR(sb.st_mode);
}

/* Write calls this process has made (Linux's /proc/self/io), or -1. */
static long
lm_write_calls(void)
{
	FILE	*f = fopen("/proc/self/io", "r");
	char	 line[128];
	long	 n = -1;

	if (f == NULL)
		return -1;
	while (fgets(line, sizeof line, f) != NULL)
		if (sscanf(line, "syscw: %ld", &n) == 1)
			break;
	fclose(f);
	return n;
}

/*
 * lat_fs's shape: a create batch of 250 makes 250 files of 10 KB, 100 to
 * a directory d<k> of the copy's directory; the next batch's prepare()
 * removes them and their directories, untimed, and makes fresh ones of
 * the number it needs; a delete batch removes exactly the files its
 * prepare() made; teardown leaves nothing.  A 0 KB create calls no
 * write(), a 10 KB one calls it once.
 */
static void
test_lat_fs_shape(void **state)
{
	const struct bench	*mk = registry_find("lat_fs_create_10k");
	const struct bench	*mk0 = registry_find("lat_fs_create_0k");
	const struct bench	*rm = registry_find("lat_fs_delete_0k");
	struct bench_ctx	 ctx;
	char			 dir[256], sub[300];
	long			 w;

	(void)state;
	tu_tmpdir(dir, sizeof dir);
	memset(&ctx, 0, sizeof ctx);
	ctx.bench = mk;
	ctx.copies = 1;
	ctx.tmpdir = dir;
	assert_int_equal(mk->setup(&ctx), 0);
	mk->prepare(&ctx, 250);
	w = lm_write_calls();
	mk->loop(&ctx, 250);
	if (w >= 0)
		assert_int_equal(lm_write_calls() - w, 250);
	for (int k = 0; k < 3; k++) {
		snprintf(sub, sizeof sub, "%s/d%d", dir, k);
		assert_int_equal(lm_count_files(sub, 10240), k < 2 ? 100 : 50);
	}
	mk->prepare(&ctx, 10);
	snprintf(sub, sizeof sub, "%s/d0", dir);
	assert_int_equal(lm_count_files(sub, 10240), 0);
	snprintf(sub, sizeof sub, "%s/d1", dir);
	assert_false(lm_is_dir(sub));
	mk->teardown(&ctx);
	snprintf(sub, sizeof sub, "%s/d0", dir);
	assert_false(lm_is_dir(sub));
	ctx.bench = mk0;
	assert_int_equal(mk0->setup(&ctx), 0);
	mk0->prepare(&ctx, 50);
	w = lm_write_calls();
	mk0->loop(&ctx, 50);
	if (w >= 0)
		assert_int_equal(lm_write_calls() - w, 0);
	assert_int_equal(lm_count_files(sub, 0), 50);
	mk0->teardown(&ctx);
	ctx.bench = rm;
	assert_int_equal(rm->setup(&ctx), 0);
	rm->prepare(&ctx, 120);
	snprintf(sub, sizeof sub, "%s/d1", dir);
	assert_int_equal(lm_count_files(sub, 0), 20);
	rm->loop(&ctx, 120);
	assert_int_equal(lm_count_files(sub, 0), 0);
	rm->teardown(&ctx);
	assert_false(lm_is_dir(sub));
	sm_rmtree(dir);
}

static void
test_cli_run(void **state)
{
	char	 dir[256], out[300];
	char	*argv[] = { "sysmark", "run", "-q", "-n", "1", "-t",
		    "lat_syscall,lat_syscall_read,lat_sig_catch,lat_proc_fork,"
		    "lat_proc_exec,lat_mmap,"
		    "lat_proc_sh,lat_pipe_2cpu,lat_fs_create_0k,lat_pagefault,"
		    "bw_file_rd,bw_pipe,lat_mem_rd@4K", "-o", out, NULL };
	struct tu_out	o;

	(void)state;
	tu_tmpdir(dir, sizeof dir);
	snprintf(out, sizeof out, "%s/run.csv", dir);
	setenv("SYSMARK_RESULTS", dir, 1);
	tu_run(argv, &o);
	if (o.status != 0)
		fail_msg("status %d: %s%s", o.status, o.out, o.err);
	assert_non_null(strstr(o.out, "Null Syscall"));
	assert_non_null(strstr(o.out, "Memory read latency"));
	tu_out_free(&o);
	sm_rmtree(dir);
}

int
main(void)
{
	const struct CMUnitTest	tests[] = {
		cmocka_unit_test(test_loopback_cleanup),
		cmocka_unit_test(test_sweep_family),
		cmocka_unit_test(test_all_calibrated),
		cmocka_unit_test(test_pagefault_shape),
		cmocka_unit_test(test_lat_fs_shape),
		cmocka_unit_test(test_cli_run),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
