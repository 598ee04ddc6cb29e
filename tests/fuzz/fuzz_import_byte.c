/*
 * libFuzzer target: a BYTE UNIX Benchmarks 3.x report (import_byte.c),
 * as `sysmark import` reads it.  The importers sit behind one entry,
 * import_read_buf(), which picks one by the banner line, so this target
 * differs from its siblings by its seeds and dictionary (see Makefile).
 */
/* SPDX-License-Identifier: MIT */

#include "fuzz.h"

int
LLVMFuzzerTestOneInput(const unsigned char *data, size_t len)
{
	fuzz_import(data, len);
	return 0;
}
