/*
 * A ratio drawn in characters: w columns stand for 0 .. max, '#' fills up
 * to the ratio and a '|' marks 1.0, where a figure equals its reference.
 * Plain ASCII on purpose: every terminal, down to a VT100 on a serial
 * line, shows the same bar.
 */
/* SPDX-License-Identifier: MIT */

#include <math.h>

#include "ui.h"
#include "w.h"

void
w_bar_draw(struct ui *ui, int y, int x, int w, double ratio, double max)
{
	int	n, one;

	if (w < 4 || !(ratio >= 0) || !(max > 0) || isinf(ratio))
		return;
	n = (int)(ratio / max * w + 0.5);
	one = (int)(1.0 / max * w + 0.5);
	if (n > w)
		n = w;
	for (int i = 0; i < w; i++) {
		if (i == one)
			ui_puts(ui, y, x + i, 1, UI_NATTR, "|");
		else if (i < n)
			ui_puts(ui, y, x + i, 1, UI_A_GOOD, "#");
	}
}
