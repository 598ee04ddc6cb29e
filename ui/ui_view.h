/*
 * What the results screen shows (ui_view.c): the live run or a saved one
 * opened, its table and the reference it is compared with; the report
 * and the picker read it too.
 */
/* SPDX-License-Identifier: MIT */

#ifndef UI_VIEW_H
#define UI_VIEW_H

#include "../src/core/core.h"

struct ui;

void	 ui_view_init(struct ui *);
void	 ui_view_free(struct ui *);
void	 ui_view_live(struct ui *);
void	 ui_view_open(struct ui *, struct run *, const char *);
int	 ui_view_saved(const struct ui *);
const char *ui_view_name(const struct ui *);
const struct run *ui_view_run(const struct ui *);
const struct table *ui_view_table(const struct ui *);
char	*ui_view_label(const struct ui *);
const char *ui_view_ref(const struct ui *);
void	 ui_view_set_ref(struct ui *, const char *);

#endif
