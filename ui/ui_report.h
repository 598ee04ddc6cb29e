/* ui_report.c: the HTML report of what the screens show. */
/* SPDX-License-Identifier: MIT */

#ifndef UI_REPORT_H
#define UI_REPORT_H

#include <stddef.h>

#include "../src/core/core.h"

struct ui;
struct ui_source;

void	 ui_report_write(struct ui *, const struct run *const *runs,
	     const char *const *names, size_t n, const struct run *base,
	     const char *base_name);
void	 ui_report_sources(struct ui *, const struct ui_source *const *,
	     size_t);
void	 ui_report_results(struct ui *);

#endif
