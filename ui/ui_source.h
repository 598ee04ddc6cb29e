/*
 * The saved runs and baselines (ui_source.c), listed by the compare
 * screen and the picker, read by the results screen and the report.
 */
/* SPDX-License-Identifier: MIT */

#ifndef UI_SOURCE_H
#define UI_SOURCE_H

#include <stddef.h>

#include "../src/core/core.h"

struct ui;

/* A saved run, a baseline, or the run in memory, to compare. */
enum ui_source_kind {
	UI_SRC_CURRENT,
	UI_SRC_SAVED,
	UI_SRC_BASELINE
};
struct ui_source {
	enum ui_source_kind	 kind;
	char			*name;		/* column heading */
	char			*path;		/* file or baseline name */
	char			*about;		/* date and host, or source */
	char			*tests;		/* " id id ... ": what it has */
	int			 pick;		/* 0, or order picked */
};

/* ui_source.c */
void	 ui_source_scan(struct ui *);
void	 ui_source_free(struct ui *);
void	 ui_source_describe(struct ui *);
char	*ui_source_tests(const struct run *);
void	 ui_source_cover(const struct ui_source *, const char *tests,
	     char *buf, size_t len);
struct ui_source *ui_source_find(struct ui *, const char *);
int	 ui_source_load(struct ui *, const struct ui_source *, struct run *,
	     struct sm_error *);
int	 ui_source_open(struct ui *, const struct ui_source *);
struct table *ui_source_compare(struct ui *, const struct ui_source *const *,
	     size_t, struct sm_error *);
struct ui_source_runs {
	struct run		 *runs;
	const struct run	**rp;		/* the runs, or the live one */
	const char		**names;
};
int	 ui_source_load_all(struct ui *, const struct ui_source *const *,
	     size_t, struct ui_source_runs *, struct sm_error *);
void	 ui_source_runs_free(struct ui_source_runs *, size_t);

#endif
