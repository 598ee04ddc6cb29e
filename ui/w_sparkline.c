/*
 * A sparkline: one column per sample, its height the sample's distance
 * from the mean in fixed steps of W_SPARKLINE_STEP of the mean, so that a
 * height means the same relative spread on every test and every run (two
 * samples 0.1% apart draw level, not a low and a full bar); the mean is
 * the middle, farther than four steps is drawn at the edge.  Outliers
 * (flagged by the core's stats_outliers()) are drawn highlighted.  Block
 * glyphs on a UTF-8 terminal, an ASCII ramp elsewhere.
 */
/* SPDX-License-Identifier: MIT */

#include <math.h>
#include <string.h>

#include "ui.h"
#include "w.h"

static const char *const w_sparkline_utf8[] = {
	"\xe2\x96\x81", "\xe2\x96\x82", "\xe2\x96\x83", "\xe2\x96\x84",
	"\xe2\x96\x85", "\xe2\x96\x86", "\xe2\x96\x87", "\xe2\x96\x88"
};
static const char *const w_sparkline_ascii[] = {
	"_", ".", ",", "-", "=", "+", "*", "#"
};

/* The level, 0 to 7, of v around mean. */
static int
w_sparkline_level(double v, double mean)
{
	double	d;

	if (!(mean != 0) || !isfinite(v))
		return 3;
	d = floor((v - mean) / fabs(mean) / W_SPARKLINE_STEP + 4);
	return d < 0 ? 0 : d > 7 ? 7 : (int)d;
}

/* The last w of n values (flag[i] marks an outlier) around their mean. */
void
w_sparkline_draw(struct ui *ui, int y, int x, int w, const double *v,
    size_t n, const unsigned char *flag, double mean)
{
	const char *const	*ramp = ui->utf8 ? w_sparkline_utf8 :
				    w_sparkline_ascii;
	size_t			 from = n > (size_t)w ? n - (size_t)w : 0;
	int			 level;

	for (size_t i = from; i < n; i++) {
		level = w_sparkline_level(v[i], mean);
		/* One column, but up to three bytes in UTF-8. */
		ui_puts(ui, y, x + (int)(i - from), (int)strlen(ramp[level]),
		    flag[i] ? UI_A_MARK : UI_A_GOOD, ramp[level]);
	}
}
