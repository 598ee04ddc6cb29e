/*
 * libFuzzer target: a baseline, as `show -b`, `compare` and `show --best`
 * use one: loaded, then its index table, lmbench's best-of-the-breed
 * tables and a comparison against itself.
 */
/* SPDX-License-Identifier: MIT */

#include "fuzz.h"

int
LLVMFuzzerTestOneInput(const unsigned char *data, size_t len)
{
	struct compare_opts	  o;
	struct sm_error		  err;
	struct run		  base;
	const struct run	 *two[2] = { &base, &base };
	const char		 *names[2] = { "a", "b" };
	struct table		**best;
	size_t			  n;

	run_init(&base);
	if (csvstore_load_buf(&base, (const char *)data, len, "fuzz",
	    &err) != 0)
		return 0;
	compare_opts_default(&o);
	fuzz_render(index_table(&base, &base, "base"));
	fuzz_render(compare_table(two, names, 2, &o));
	n = best_tables(two, names, 2, &best);
	for (size_t i = 0; i < n; i++)
		fuzz_render(best[i]);
	free(best);
	run_free(&base);
	return 0;
}
