/*
 * The core's import layer: results of other suites read as runs
 * (import*.c).
 *
 * Layers call only down: this header includes the one below it (plan),
 * so a file here sees every lower layer and none above
 * (tests/structure/layers.sh checks the calls).
 */
/* SPDX-License-Identifier: MIT */

#ifndef SYSMARK_IMPORT_H
#define SYSMARK_IMPORT_H

#include "../plan/plan.h"

/* import.c: results of other suites -> runs; import_text.c: shared */
struct import {
	const char	 *path;
	char		**lines;	/* the file, one string per line */
	size_t		  nlines;
	struct run	 *run;
	char		**warn;		/* "path:line: ... skipped" */
	size_t		  nwarn;
	size_t		  nresults;
};
#define IMPORT_MAX_FILE	(4 << 20)	/* bytes: reports are small */
int	 import_read(const char *, struct run *, char ***, size_t *,
	     struct sm_error *);
int	 import_read_buf(const char *buf, size_t len, const char *name,
	     struct run *run, char ***warn, size_t *nwarn,
	     struct sm_error *err);
void	 import_warn(struct import *, size_t, const char *);
struct import_result {
	const char	*id;
	const char	*unit;
	int		 copies;
	double		 duration;	/* seconds; 0: not known */
	double		 value;
};
struct run_sample *import_add(struct import *, size_t,
	     const struct import_result *);
const char *import_skip_space(const char *);
int	 import_blank(const char *);
int	 import_rule(const char *, char);
const char *import_after(const char *line, const char *prefix);
const char *import_test_id(const char *, size_t);
int	 import_result(struct import *, size_t, int, struct sm_error *);
int	 import_index_row(const char *);
int	 import_number(const char *, size_t, double *);
int	 import_seen(const struct import *, const char *, int);

/* import_json.c: hyperfine's and Google Benchmark's JSON */
int	 import_json_is(const char *, size_t);
int	 import_json_read(struct import *, const char *, size_t,
	     struct sm_error *);

/* import_byte.c */
int	 import_byte_read(struct import *, size_t, struct sm_error *);

/* import_bytelog.c */
int	 import_bytelog_is(const struct import *);
int	 import_bytelog_read(struct import *, struct sm_error *);

/* import_lmbench3.c */
int	 import_lmbench3_is(const struct import *);
int	 import_lmbench3_read(struct import *, struct sm_error *);

/* import_unixbench.c */
int	 import_unixbench_read(struct import *, size_t, struct sm_error *);

#endif
