/*
 * The console's entry points, all the command line calls of ui/ (from
 * src/cmd/cmd_console.c): the full-screen console (ui.c), the plain one
 * for a terminal that cannot move its cursor (ui_plain.c), and the test
 * telling which to start (ui_term.c).  No curses here.
 */
/* SPDX-License-Identifier: MIT */

#ifndef UI_CONSOLE_H
#define UI_CONSOLE_H

#include <limits.h>

#include "../src/core/core.h"

#define UI_REFRESH_MS	500	/* two screen updates a second by default */

/* ui.c */
int	 ui_main(const char *argv0, int refresh_ms,
	     struct command_set *, const struct command_opts *);

/* ui_term.c */
int	 ui_plain_terminal(void);

/* ui_plain.c: the console on a terminal that cannot move its cursor */
struct ui_plain_choice {
	struct plan	plan;
	char		out[PATH_MAX];	/* save the run here */
	int		force;		/* replacing the file there */
};
int	 ui_plain_ask(const char *, struct ui_plain_choice *, int *);

#endif
