/*
 * The widgets (w_*.c): each draws into the rectangle or line it is given
 * and owns no data.
 */
/* SPDX-License-Identifier: MIT */

#ifndef UI_W_H
#define UI_W_H

#include <stddef.h>

#include "ui.h"

int	 w_table_lines(const struct table *, int);
#define W_TABLE_FIT	0	/* titles where they fit, else keys */
#define W_TABLE_KEYS	1	/* test ids and copies, always */
int	 w_table_draw(struct ui *, const struct table *, struct ui_rect,
	     int first, int left, int cur, int names);
int	 w_table_max_left(const struct table *, int);
int	 w_table_col(const struct table *, const char *);
void	 w_bar_draw(struct ui *, int y, int x, int w, double ratio,
	     double max);
#define W_SPARKLINE_STEP 0.02	/* one level: 2% of the mean */
void	 w_sparkline_draw(struct ui *, int y, int x, int w, const double *v,
	     size_t n, const unsigned char *flag, double mean);
void	 w_progress_draw(struct ui *, int y, int x, int w, int lw,
	     double frac, const char *label);
void	 w_status_draw(struct ui *, const char *);
int	 w_status_field_x(const char *question);

#endif
