/*
 * What csvstore.c, csvstore_read.c and csvstore_write.c share and no
 * one else uses: the columns of a run file and the C locale numbers are
 * read and written in.  The public interface is in store.h.
 */
/* SPDX-License-Identifier: MIT */

#ifndef SYSMARK_CSVSTORE_INT_H
#define SYSMARK_CSVSTORE_INT_H

#include <locale.h>

enum csvstore_col {
	COL_RECORD, COL_NAME, COL_VALUE, COL_VERSION, COL_COPIES, COL_SAMPLE,
	COL_UNIT, COL_DURATION, COL_ELAPSED, COL_ITERATIONS, COL_STATUS,
	COL_REASON, COL_PER_COPY, COL_REPEAT, COL_BUSY, COL_FREQ, COL_TEMP,
	COL_SESSION, COL_USER, COL_SYS, COL_RSS, COL_EXEC_MIN, COL_EXEC_MEAN,
	COL_EXEC_MAX, COL_EXEC_SD
};

/* The columns' names, as the header record holds them. */
extern const char *const csvstore_cols[COL_EXEC_SD + 1];
/*
 * Format 1 files end at per_copy, format 2 at busy, 3 at session, 4 at
 * maxrss_kb.
 */
#define CSVSTORE_NCOLS_V1	13
#define CSVSTORE_NCOLS_V2	15
#define CSVSTORE_NCOLS_V3	18
#define CSVSTORE_NCOLS_V4	21
#define CSVSTORE_NCOLS	(sizeof csvstore_cols / sizeof csvstore_cols[0])

locale_t csvstore_c_locale(void);

#endif
