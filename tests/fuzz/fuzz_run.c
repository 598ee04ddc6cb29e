/*
 * libFuzzer target: a saved run, as `sysmark show FILE` reads it (csvstore
 * from a buffer), then shown and saved again.
 */
/* SPDX-License-Identifier: MIT */

#include "fuzz.h"

int
LLVMFuzzerTestOneInput(const unsigned char *data, size_t len)
{
	struct sm_error	err;
	struct run	run;

	run_init(&run);
	if (csvstore_load_buf(&run, (const char *)data, len, "fuzz",
	    &err) != 0)
		return 0;
	fuzz_show(&run);
	fuzz_round_trip(&run);
	run_free(&run);
	return 0;
}
