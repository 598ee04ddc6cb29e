/*
 * The catalog: every benchmark sysmark knows, in the order reports list
 * them.  Adding a benchmark is one new file under src/bench/ plus one line
 * here, as adding a meter to htop is.
 */
/* SPDX-License-Identifier: MIT */

#include <stdlib.h>
#include <string.h>

#include "core.h"

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

/*
 * Turn "syscall,pipe" into benchmarks, refusing unknown and repeated ids.
 * A NULL or empty list means the whole catalog.  *out is allocated.
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
	    tok = strtok_r(NULL, ",", &save)) {
		const struct bench	*b = registry_find(tok);
		size_t			 j;

		if (b == NULL) {
			sm_error_set(err, "unknown test \"%s\" (sysmark list "
			    "shows the catalog)", tok);
			break;
		}
		for (j = 0; j < k && v[j] != b; j++)
			;
		if (j < k) {
			sm_error_set(err, "test \"%s\" is named twice", tok);
			break;
		}
		v[k++] = b;
	}
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
