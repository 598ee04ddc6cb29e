/*
 * A progress bar with its percentage and a label after it, such as the
 * time left: "[#########...........]  45%  3 s left".  The label gets a
 * fixed width, so bars drawn one under the other are equally long.
 * ASCII and in one attribute, so it reads the same on every terminal and
 * each update sends a few bytes.
 */
/* SPDX-License-Identifier: MIT */

#include <string.h>

#include "ui.h"
#include "w.h"

void
w_progress_draw(struct ui *ui, int y, int x, int w, int lw, double frac,
    const char *label)
{
	char	bar[256];
	int	bw = w - 9 - lw, n;

	if (frac < 0)
		frac = 0;
	if (frac > 1)
		frac = 1;
	if (bw > (int)sizeof bar - 1)
		bw = (int)sizeof bar - 1;
	if (bw < 4) {
		ui_printf(ui, y, x, w, UI_NATTR, "%3d%%  %s",
		    (int)(frac * 100), label);
		return;
	}
	n = (int)(frac * bw);
	memset(bar, '.', (size_t)bw);
	memset(bar, '#', (size_t)n);
	bar[bw] = '\0';
	/* One attribute: a color change costs ~10 bytes an update. */
	ui_puts(ui, y, x, 1, UI_NATTR, "[");
	ui_puts(ui, y, x + 1, bw, UI_NATTR, bar);
	ui_printf(ui, y, x + 1 + bw, w - 1 - bw, UI_NATTR, "] %3d%%  %s",
	    (int)(frac * 100), label);
}
