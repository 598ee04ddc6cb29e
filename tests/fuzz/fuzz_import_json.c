/*
 * libFuzzer target: a hyperfine --export-json or Google Benchmark
 * --benchmark_out document (import_json.c), as `sysmark import` reads it
 * through import_read_buf(); its seeds are real files made with each.
 */
/* SPDX-License-Identifier: MIT */

#include "fuzz.h"

int
LLVMFuzzerTestOneInput(const unsigned char *data, size_t len)
{
	fuzz_import(data, len);
	return 0;
}
