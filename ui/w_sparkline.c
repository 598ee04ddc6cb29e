/*
 * A sparkline: one column per sample, its height scaled between the
 * smallest and largest value shown, so the spread of a test is seen at a
 * glance; outliers (flagged by the core's stats_outliers()) are drawn
 * highlighted.  Block glyphs on a UTF-8 terminal, an ASCII ramp elsewhere.
 */
/* SPDX-License-Identifier: MIT */

#include <string.h>

#include "ui.h"

static const char *const w_sparkline_utf8[] = {
	"\xe2\x96\x81", "\xe2\x96\x82", "\xe2\x96\x83", "\xe2\x96\x84",
	"\xe2\x96\x85", "\xe2\x96\x86", "\xe2\x96\x87", "\xe2\x96\x88"
};
static const char *const w_sparkline_ascii[] = {
	"_", ".", ",", "-", "=", "+", "*", "#"
};

/* The last w of n values (flag[i] marks an outlier). */
void
w_sparkline_draw(struct ui *ui, int y, int x, int w, const double *v,
    size_t n, const unsigned char *flag)
{
	const char *const	*ramp = ui->utf8 ? w_sparkline_utf8 :
				    w_sparkline_ascii;
	size_t			 from = n > (size_t)w ? n - (size_t)w : 0;
	double			 lo = 0, hi = 0;
	int			 level;

	for (size_t i = from; i < n; i++) {
		if (i == from || v[i] < lo)
			lo = v[i];
		if (i == from || v[i] > hi)
			hi = v[i];
	}
	for (size_t i = from; i < n; i++) {
		level = hi > lo ? (int)((v[i] - lo) / (hi - lo) * 7 + 0.5) : 3;
		/* One column, but up to three bytes in UTF-8. */
		ui_puts(ui, y, x + (int)(i - from), (int)strlen(ramp[level]),
		    flag[i] ? UI_A_MARK : UI_A_GOOD, ramp[level]);
	}
}
