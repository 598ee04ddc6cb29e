/*
 * The fleet run, one of the loop's jobs (ui_fleet.c): the core's fleet
 * run (src/core/fleet/fleet_run.c) begun for the Hosts screen, and the
 * model of it that screen draws (a line per host); its events reach the
 * screens as UI_EV_FLEET, its end as UI_EV_FLEET_END (ui_tell()).
 */
/* SPDX-License-Identifier: MIT */

#ifndef UI_FLEET_H
#define UI_FLEET_H

#include <limits.h>
#include <stddef.h>

#include "../src/core/core.h"

struct ui;
struct ui_job;

/* The fleet in flight, as it last told. */
struct ui_fleet {
	struct fleet_run	 *run;		/* NULL: none going on */
	int			  stop;		/* c: stop every host */
	struct fleet_view	 *views;	/* n of them */
	size_t			  n;
	char			  dir[PATH_MAX], id[64];
};

extern const struct ui_job ui_fleet_job;
int	 ui_fleet_begin(struct ui *, struct fleet_conf *);
int	 ui_fleet_running(const struct ui *);
void	 ui_fleet_stop(struct ui *);
void	 ui_fleet_free(struct ui *);

#endif
