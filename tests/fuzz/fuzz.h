/*
 * What every libFuzzer target shares: render a table into nothing, and
 * check that what a loader accepted can be saved and read back (sysmark
 * never writes a file it would refuse to read).  A broken promise aborts,
 * which libFuzzer reports as a finding.
 *
 * A new loader gets a target of its own: fuzz_NAME.c beside these, with
 * NAME.dict and its seeds named in the Makefile (FUZZ_SEEDS_NAME).
 */
/* SPDX-License-Identifier: MIT */

#ifndef FUZZ_H
#define FUZZ_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../src/core/core.h"

int	LLVMFuzzerTestOneInput(const unsigned char *, size_t);

static inline FILE *
fuzz_null(void)
{
	static FILE	*f;

	if (f == NULL && (f = fopen("/dev/null", "w")) == NULL)
		abort();
	return f;
}

/* Render t in every format, then free it. */
static inline void
fuzz_render(struct table *t)
{
	struct sm_error	err;

	if (t == NULL)
		return;
	for (int fmt = TABLE_TEXT; fmt <= TABLE_MD; fmt++)
		table_render(t, (enum table_format)fmt, fuzz_null(), &err);
	table_free(t);
}

/* What the loader accepted must save and load again, unchanged in size. */
static inline void
fuzz_round_trip(const struct run *run)
{
	struct sm_error	 err;
	struct run	 back;
	char		*buf = NULL;
	size_t		 len = 0;
	FILE		*f;

	if (csvstore_check(run, &err) != 0) {
		fprintf(stderr, "accepted but cannot be saved: %s\n", err.msg);
		abort();
	}
	if ((f = open_memstream(&buf, &len)) == NULL ||
	    csvstore_print(run, f) != 0 || fclose(f) != 0)
		abort();
	run_init(&back);
	if (csvstore_load_buf(&back, buf, len, "saved", &err) != 0) {
		fprintf(stderr, "saved but refused on reading: %s\n", err.msg);
		abort();
	}
	if (back.nsamples != run->nsamples)
		abort();
	run_free(&back);
	free(buf);
}

/*
 * The tables a run is shown in: results, statistics, memory plot; and
 * its -f json document, which must be written whatever the file held.
 */
static inline void
fuzz_show(const struct run *run)
{
	struct json_t	*doc = json_out_doc("show");
	struct sm_error	 err;
	struct table	*t = report_results(run, 1);

	json_run_add(doc, run, "fuzz");
	if (json_out_write(doc, fuzz_null(), &err) != 0)
		abort();
	/* As show prints it: what every row shares said once. */
	report_fold_samples(t);
	fuzz_render(t);
	fuzz_render(report_stats(run));
	fuzz_render(memhier_plot(run));
}

/* A report through the importers, then shown and saved. */
static inline void
fuzz_import(const unsigned char *data, size_t len)
{
	struct sm_error	  err;
	struct run	  run;
	char		**warn;
	size_t		  nwarn;
	int		  rc;

	run_init(&run);
	rc = import_read_buf((const char *)data, len, "fuzz", &run, &warn,
	    &nwarn, &err);
	for (size_t i = 0; i < nwarn; i++)
		free(warn[i]);
	free(warn);
	if (rc != 0)
		return;
	fuzz_show(&run);
	fuzz_round_trip(&run);
	run_free(&run);
}

#endif
