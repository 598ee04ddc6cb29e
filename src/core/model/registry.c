/*
 * The catalog: every benchmark sysmark knows, in the order reports list
 * them.  Adding a benchmark is one new file under src/bench/ plus one line
 * here, as adding a meter to htop is.
 */
/* SPDX-License-Identifier: MIT */

#include <fnmatch.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "model.h"

extern const struct bench bench_dhry2;
extern const struct bench bench_dhry2reg;
extern const struct bench bench_whetstone;
extern const struct bench bench_arith_arithoh;
extern const struct bench bench_arith_register;
extern const struct bench bench_arith_short;
extern const struct bench bench_arith_int;
extern const struct bench bench_arith_long;
extern const struct bench bench_arith_float;
extern const struct bench bench_arith_double;
extern const struct bench bench_iocall;
extern const struct bench bench_syscall;
extern const struct bench bench_pipe;
extern const struct bench bench_context1;
extern const struct bench bench_spawn;
extern const struct bench bench_execl;
extern const struct bench bench_hanoi;
extern const struct bench bench_fsread;
extern const struct bench bench_fswrite;
extern const struct bench bench_fscopy;
extern const struct bench bench_fsread30;
extern const struct bench bench_fswrite30;
extern const struct bench bench_fscopy30;
extern const struct bench bench_fstime;
extern const struct bench bench_fsbuffer;
extern const struct bench bench_fsdisk;
extern const struct bench bench_cc;
extern const struct bench bench_shell1;
extern const struct bench bench_shell2;
extern const struct bench bench_shell4;
extern const struct bench bench_shell8;
extern const struct bench bench_shell16;
extern const struct bench bench_dc;
extern const struct bench bench_lat_syscall;
extern const struct bench bench_lat_syscall_read;
extern const struct bench bench_lat_syscall_write;
extern const struct bench bench_lat_syscall_stat;
extern const struct bench bench_lat_syscall_fstat;
extern const struct bench bench_lat_syscall_open;
extern const struct bench bench_lat_sig_install;
extern const struct bench bench_lat_sig_catch;
extern const struct bench bench_lat_proc_fork;
extern const struct bench bench_lat_proc_exec;
extern const struct bench bench_lat_proc_sh;
extern const struct bench bench_lat_mmap;
extern const struct bench bench_lat_pagefault;
extern const struct bench bench_lat_ctx_2p0k;
extern const struct bench bench_lat_ctx_2p16k;
extern const struct bench bench_lat_ctx_2p64k;
extern const struct bench bench_lat_ctx_8p0k;
extern const struct bench bench_lat_ctx_8p16k;
extern const struct bench bench_lat_ctx_8p64k;
extern const struct bench bench_lat_ctx_16p0k;
extern const struct bench bench_lat_ctx_16p16k;
extern const struct bench bench_lat_ctx_16p64k;
extern const struct bench bench_lat_ctx_2p0k_1cpu;
extern const struct bench bench_lat_ctx_2p16k_1cpu;
extern const struct bench bench_lat_ctx_2p64k_1cpu;
extern const struct bench bench_lat_ctx_8p0k_1cpu;
extern const struct bench bench_lat_ctx_8p16k_1cpu;
extern const struct bench bench_lat_ctx_8p64k_1cpu;
extern const struct bench bench_lat_ctx_16p0k_1cpu;
extern const struct bench bench_lat_ctx_16p16k_1cpu;
extern const struct bench bench_lat_ctx_16p64k_1cpu;
extern const struct bench bench_lat_ctx_2p0k_2cpu;
extern const struct bench bench_lat_ctx_2p16k_2cpu;
extern const struct bench bench_lat_ctx_2p64k_2cpu;
extern const struct bench bench_lat_ctx_8p0k_2cpu;
extern const struct bench bench_lat_ctx_8p16k_2cpu;
extern const struct bench bench_lat_ctx_8p64k_2cpu;
extern const struct bench bench_lat_ctx_16p0k_2cpu;
extern const struct bench bench_lat_ctx_16p16k_2cpu;
extern const struct bench bench_lat_ctx_16p64k_2cpu;
extern const struct bench bench_lat_pipe;
extern const struct bench bench_lat_unix;
extern const struct bench bench_lat_udp;
extern const struct bench bench_lat_tcp;
extern const struct bench bench_lat_connect;
extern const struct bench bench_lat_pipe_1cpu;
extern const struct bench bench_lat_unix_1cpu;
extern const struct bench bench_lat_udp_1cpu;
extern const struct bench bench_lat_tcp_1cpu;
extern const struct bench bench_lat_connect_1cpu;
extern const struct bench bench_lat_pipe_2cpu;
extern const struct bench bench_lat_unix_2cpu;
extern const struct bench bench_lat_udp_2cpu;
extern const struct bench bench_lat_tcp_2cpu;
extern const struct bench bench_lat_connect_2cpu;
extern const struct bench bench_bw_pipe;
extern const struct bench bench_bw_unix;
extern const struct bench bench_bw_tcp;
extern const struct bench bench_bw_pipe_1cpu;
extern const struct bench bench_bw_unix_1cpu;
extern const struct bench bench_bw_tcp_1cpu;
extern const struct bench bench_bw_pipe_2cpu;
extern const struct bench bench_bw_unix_2cpu;
extern const struct bench bench_bw_tcp_2cpu;
extern const struct bench bench_bw_file_rd;
extern const struct bench bench_bw_mmap_rd;
extern const struct bench bench_bw_mem_rd;
extern const struct bench bench_bw_mem_wr;
extern const struct bench bench_bw_mem_rdwr;
extern const struct bench bench_bw_mem_bcopy;
extern const struct bench bench_bw_mem_cp;
extern const struct bench bench_lat_fs_create_0k;
extern const struct bench bench_lat_fs_delete_0k;
extern const struct bench bench_lat_fs_create_10k;
extern const struct bench bench_lat_fs_delete_10k;
extern const struct bench bench_lat_mem_rd_512;
extern const struct bench bench_lat_mem_rd_1K;
extern const struct bench bench_lat_mem_rd_2K;
extern const struct bench bench_lat_mem_rd_4K;
extern const struct bench bench_lat_mem_rd_8K;
extern const struct bench bench_lat_mem_rd_16K;
extern const struct bench bench_lat_mem_rd_32K;
extern const struct bench bench_lat_mem_rd_64K;
extern const struct bench bench_lat_mem_rd_128K;
extern const struct bench bench_lat_mem_rd_256K;
extern const struct bench bench_lat_mem_rd_512K;
extern const struct bench bench_lat_mem_rd_1M;
extern const struct bench bench_lat_mem_rd_2M;
extern const struct bench bench_lat_mem_rd_4M;
extern const struct bench bench_lat_mem_rd_8M;
extern const struct bench bench_lat_mem_rd_16M;
extern const struct bench bench_lat_mem_rd_32M;
extern const struct bench bench_lat_mem_rd_64M;
extern const struct bench bench_lat_mem_rd_128M;
extern const struct bench bench_lat_mem_rd_256M;
extern const struct bench bench_lat_mem_rd_64M_s16;
extern const struct bench bench_lat_mem_rd_64M_s256;
extern const struct bench bench_lat_mem_rd_rand_512;
extern const struct bench bench_lat_mem_rd_rand_1K;
extern const struct bench bench_lat_mem_rd_rand_2K;
extern const struct bench bench_lat_mem_rd_rand_4K;
extern const struct bench bench_lat_mem_rd_rand_8K;
extern const struct bench bench_lat_mem_rd_rand_16K;
extern const struct bench bench_lat_mem_rd_rand_32K;
extern const struct bench bench_lat_mem_rd_rand_64K;
extern const struct bench bench_lat_mem_rd_rand_128K;
extern const struct bench bench_lat_mem_rd_rand_256K;
extern const struct bench bench_lat_mem_rd_rand_512K;
extern const struct bench bench_lat_mem_rd_rand_1M;
extern const struct bench bench_lat_mem_rd_rand_2M;
extern const struct bench bench_lat_mem_rd_rand_4M;
extern const struct bench bench_lat_mem_rd_rand_8M;
extern const struct bench bench_lat_mem_rd_rand_16M;
extern const struct bench bench_lat_mem_rd_rand_32M;
extern const struct bench bench_lat_mem_rd_rand_64M;
extern const struct bench bench_lat_mem_rd_rand_128M;
extern const struct bench bench_lat_mem_rd_rand_256M;

const struct bench *const registry_all[] = {
	&bench_dhry2,
	&bench_dhry2reg,
	&bench_whetstone,
	&bench_arith_arithoh,
	&bench_arith_register,
	&bench_arith_short,
	&bench_arith_int,
	&bench_arith_long,
	&bench_arith_float,
	&bench_arith_double,
	&bench_hanoi,
	&bench_iocall,
	&bench_syscall,
	&bench_pipe,
	&bench_context1,
	&bench_spawn,
	&bench_execl,
	&bench_fsread,
	&bench_fswrite,
	&bench_fscopy,
	&bench_fsread30,
	&bench_fswrite30,
	&bench_fscopy30,
	&bench_fstime,
	&bench_fsbuffer,
	&bench_fsdisk,
	&bench_cc,
	&bench_shell1,
	&bench_shell2,
	&bench_shell4,
	&bench_shell8,
	&bench_shell16,
	&bench_dc,
	&bench_lat_syscall,
	&bench_lat_syscall_read,
	&bench_lat_syscall_write,
	&bench_lat_syscall_stat,
	&bench_lat_syscall_fstat,
	&bench_lat_syscall_open,
	&bench_lat_sig_install,
	&bench_lat_sig_catch,
	&bench_lat_proc_fork,
	&bench_lat_proc_exec,
	&bench_lat_proc_sh,
	&bench_lat_mmap,
	&bench_lat_pagefault,
	&bench_lat_ctx_2p0k,
	&bench_lat_ctx_2p16k,
	&bench_lat_ctx_2p64k,
	&bench_lat_ctx_8p0k,
	&bench_lat_ctx_8p16k,
	&bench_lat_ctx_8p64k,
	&bench_lat_ctx_16p0k,
	&bench_lat_ctx_16p16k,
	&bench_lat_ctx_16p64k,
	&bench_lat_ctx_2p0k_1cpu,
	&bench_lat_ctx_2p16k_1cpu,
	&bench_lat_ctx_2p64k_1cpu,
	&bench_lat_ctx_8p0k_1cpu,
	&bench_lat_ctx_8p16k_1cpu,
	&bench_lat_ctx_8p64k_1cpu,
	&bench_lat_ctx_16p0k_1cpu,
	&bench_lat_ctx_16p16k_1cpu,
	&bench_lat_ctx_16p64k_1cpu,
	&bench_lat_ctx_2p0k_2cpu,
	&bench_lat_ctx_2p16k_2cpu,
	&bench_lat_ctx_2p64k_2cpu,
	&bench_lat_ctx_8p0k_2cpu,
	&bench_lat_ctx_8p16k_2cpu,
	&bench_lat_ctx_8p64k_2cpu,
	&bench_lat_ctx_16p0k_2cpu,
	&bench_lat_ctx_16p16k_2cpu,
	&bench_lat_ctx_16p64k_2cpu,
	&bench_lat_pipe,
	&bench_lat_unix,
	&bench_lat_udp,
	&bench_lat_tcp,
	&bench_lat_connect,
	&bench_lat_pipe_1cpu,
	&bench_lat_unix_1cpu,
	&bench_lat_udp_1cpu,
	&bench_lat_tcp_1cpu,
	&bench_lat_connect_1cpu,
	&bench_lat_pipe_2cpu,
	&bench_lat_unix_2cpu,
	&bench_lat_udp_2cpu,
	&bench_lat_tcp_2cpu,
	&bench_lat_connect_2cpu,
	&bench_bw_pipe,
	&bench_bw_unix,
	&bench_bw_tcp,
	&bench_bw_pipe_1cpu,
	&bench_bw_unix_1cpu,
	&bench_bw_tcp_1cpu,
	&bench_bw_pipe_2cpu,
	&bench_bw_unix_2cpu,
	&bench_bw_tcp_2cpu,
	&bench_bw_file_rd,
	&bench_bw_mmap_rd,
	&bench_bw_mem_rd,
	&bench_bw_mem_wr,
	&bench_bw_mem_rdwr,
	&bench_bw_mem_bcopy,
	&bench_bw_mem_cp,
	&bench_lat_fs_create_0k,
	&bench_lat_fs_delete_0k,
	&bench_lat_fs_create_10k,
	&bench_lat_fs_delete_10k,
	&bench_lat_mem_rd_512,
	&bench_lat_mem_rd_1K,
	&bench_lat_mem_rd_2K,
	&bench_lat_mem_rd_4K,
	&bench_lat_mem_rd_8K,
	&bench_lat_mem_rd_16K,
	&bench_lat_mem_rd_32K,
	&bench_lat_mem_rd_64K,
	&bench_lat_mem_rd_128K,
	&bench_lat_mem_rd_256K,
	&bench_lat_mem_rd_512K,
	&bench_lat_mem_rd_1M,
	&bench_lat_mem_rd_2M,
	&bench_lat_mem_rd_4M,
	&bench_lat_mem_rd_8M,
	&bench_lat_mem_rd_16M,
	&bench_lat_mem_rd_32M,
	&bench_lat_mem_rd_64M,
	&bench_lat_mem_rd_128M,
	&bench_lat_mem_rd_256M,
	&bench_lat_mem_rd_64M_s16,
	&bench_lat_mem_rd_64M_s256,
	&bench_lat_mem_rd_rand_512,
	&bench_lat_mem_rd_rand_1K,
	&bench_lat_mem_rd_rand_2K,
	&bench_lat_mem_rd_rand_4K,
	&bench_lat_mem_rd_rand_8K,
	&bench_lat_mem_rd_rand_16K,
	&bench_lat_mem_rd_rand_32K,
	&bench_lat_mem_rd_rand_64K,
	&bench_lat_mem_rd_rand_128K,
	&bench_lat_mem_rd_rand_256K,
	&bench_lat_mem_rd_rand_512K,
	&bench_lat_mem_rd_rand_1M,
	&bench_lat_mem_rd_rand_2M,
	&bench_lat_mem_rd_rand_4M,
	&bench_lat_mem_rd_rand_8M,
	&bench_lat_mem_rd_rand_16M,
	&bench_lat_mem_rd_rand_32M,
	&bench_lat_mem_rd_rand_64M,
	&bench_lat_mem_rd_rand_128M,
	&bench_lat_mem_rd_rand_256M,
	NULL
};

size_t
registry_count(void)
{
	size_t	n = 0;

	while (registry_all[n] != NULL)
		n++;
	return n;
}

/* The benchmark with this id, or NULL. */
const struct bench *
registry_find(const char *id)
{
	for (size_t i = 0; registry_all[i] != NULL; i++)
		if (strcmp(registry_all[i]->id, id) == 0)
			return registry_all[i];
	return NULL;
}

/* Append b to v[] unless it is there; 1 if it was appended. */
static int
registry_add(const struct bench **v, size_t *k, const struct bench *b)
{
	for (size_t j = 0; j < *k; j++)
		if (v[j] == b)
			return 0;
	v[(*k)++] = b;
	return 1;
}

/*
 * A family is the ids named NAME@VARIANT (the memory-latency sweep):
 * append those of name not in v[] yet; returns how many the family has.
 */
static size_t
registry_family(const char *name, const struct bench **v, size_t *k)
{
	size_t	len = strlen(name), n = 0;

	for (size_t i = 0; registry_all[i] != NULL; i++) {
		if (strncmp(registry_all[i]->id, name, len) != 0 ||
		    registry_all[i]->id[len] != '@')
			continue;
		n++;
		registry_add(v, k, registry_all[i]);
	}
	return n;
}

/* Whether test id matches one of the shell globs of the list (a,b*). */
int
registry_glob(const char *list, const char *id)
{
	char	*copy = xstrdup(list), *p, *save = NULL;
	int	 hit = 0;

	for (p = strtok_r(copy, ",", &save); p != NULL && !hit;
	    p = strtok_r(NULL, ",", &save))
		hit = fnmatch(p, id, 0) == 0;
	free(copy);
	return hit;
}

/* The group named name, in any case, as the catalog spells it; or NULL. */
const char *
registry_group(const char *name)
{
	for (size_t k = 0; registry_all[k] != NULL; k++)
		if (strcasecmp(name, registry_all[k]->group) == 0)
			return registry_all[k]->group;
	return NULL;
}

/* The catalog's groups, "CPU, IPC, ...", each once, into buf. */
void
registry_groups(char *buf, size_t len)
{
	size_t	at = 0;

	buf[0] = '\0';
	for (size_t k = 0; registry_all[k] != NULL && at < len; k++)
		if (strstr(buf, registry_all[k]->group) == NULL)
			at += (size_t)snprintf(buf + at, len - at, "%s%s",
			    at > 0 ? ", " : "", registry_all[k]->group);
}

/*
 * A token with glob characters (lat_*): append the tests it matches, in
 * the catalog's order, those named already once; how many it matches.
 */
static size_t
registry_globbed(const char *tok, const struct bench **v, size_t *k)
{
	size_t	n = 0;

	for (size_t i = 0; registry_all[i] != NULL; i++)
		if (fnmatch(tok, registry_all[i]->id, 0) == 0) {
			registry_add(v, k, registry_all[i]);
			n++;
		}
	return n;
}

/* One token of registry_parse()'s list into v[]; 0, or -1 with err. */
static int
registry_token(const char *tok, const struct bench **v, size_t *k,
    struct sm_error *err)
{
	const struct bench	*b = registry_find(tok);
	char			 hint[160];

	if (b == NULL && strpbrk(tok, "*?[") != NULL) {
		if (registry_globbed(tok, v, k) > 0)
			return 0;
		sm_error_set(err, "\"%s\" matches no test (sysmark list shows "
		    "the catalog)", tok);
		return -1;
	}
	if (b == NULL && registry_family(tok, v, k) > 0)
		return 0;
	if (b == NULL) {
		suggest_test(tok, hint, sizeof hint);
		sm_error_set(err, "unknown test \"%s\"%s (sysmark list shows "
		    "the catalog)", tok, hint);
		return -1;
	}
	if (!registry_add(v, k, b)) {
		sm_error_set(err, "test \"%s\" is named twice", tok);
		return -1;
	}
	return 0;
}

/*
 * Turn "syscall,pipe" into benchmarks, refusing unknown and repeated ids;
 * an unknown one gets the nearest id as a "did you mean".  A shell glob
 * (lat_*) selects the tests it matches, and a name with no test of its
 * own its family (lat_mem_rd selects every lat_mem_rd@SIZE).  A NULL or
 * empty list means the whole catalog.  *out is allocated.
 */
int
registry_parse(const char *list, const struct bench ***out, size_t *n,
    struct sm_error *err)
{
	const struct bench	**v;
	char			 *copy, *tok, *save = NULL;
	size_t			  k = 0;

	v = xcalloc(registry_count() + 1, sizeof *v);
	if (list == NULL || *list == '\0') {
		for (k = 0; registry_all[k] != NULL; k++)
			v[k] = registry_all[k];
		*out = v;
		*n = k;
		return 0;
	}
	copy = xstrdup(list);
	for (tok = strtok_r(copy, ",", &save); tok != NULL;
	    tok = strtok_r(NULL, ",", &save))
		if (registry_token(tok, v, &k, err) != 0)
			break;
	if (tok != NULL || k == 0) {
		if (k == 0 && tok == NULL)
			sm_error_set(err, "no test named in \"%s\"", list);
		free(copy);
		free(v);
		return -1;
	}
	free(copy);
	*out = v;
	*n = k;
	return 0;
}

/*
 * Keep of v[] only the tests of group (registry_group's spelling);
 * returns how many are left.
 */
size_t
registry_keep_group(const struct bench **v, size_t n, const char *group)
{
	size_t	k = 0;

	for (size_t i = 0; i < n; i++)
		if (strcmp(v[i]->group, group) == 0)
			v[k++] = v[i];
	return k;
}
