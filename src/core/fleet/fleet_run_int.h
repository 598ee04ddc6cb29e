/*
 * What fleet_run.c, fleet_pick.c and fleet_collect.c share: one fleet
 * run's state (struct fleet_run), which no front end sees.
 */
/* SPDX-License-Identifier: MIT */

#ifndef SYSMARK_FLEET_RUN_INT_H
#define SYSMARK_FLEET_RUN_INT_H

#include <limits.h>
#include <stdarg.h>

#include "fleet.h"

#define FLEET_COLLECT_MAX	64	/* directories fetched per host */

struct fleet_run {
	struct fleet_conf	 c;
	struct fleet_inv	 inv;		/* loaded here, unless c.inv */
	const struct fleet_inv	*invp;
	size_t			*sel, nsel;	/* the chosen hosts */
	const struct fleet_host	**hosts;
	struct fleet_ssh	 ssh;
	struct fleet_job	 job;
	char			 ctl[64];	/* control sockets */
	char			*bin, *exec, *plan;
	size_t			 plan_len;
	struct fleet_sess	*sess;		/* one per chosen host */
	FILE			**logs;
	char			(*files)[PATH_MAX];	/* the runs kept */
	struct fleet_view	*views;		/* as last told */
	char			 dir[PATH_MAX], id[64];
	char			 stale[256];	/* fleet.csv's last write
						   failed: why, else "" */
	int			 stopped, interrupted, done, ended;
	/* collect */
	struct fleet_row	*rows;		/* DIR: its fleet.csv */
	size_t			 nrows;
	char			(*got)[FLEET_COLLECT_MAX][512];
	char			(*cut)[128];	/* DIR: why not whole, or "" */
	size_t			*ngot, saved;
	size_t			 unasked;	/* hosts collect could not ask */
};

/* Tell the front end a line (fleet_run.c, fleet_collect.c). */
static inline void
fleet_run_note(struct fleet_run *r, const char *fmt, ...)
{
	struct fleet_event	ev;
	char			text[1024];
	va_list			ap;

	va_start(ap, fmt);
	vsnprintf(text, sizeof text, fmt, ap);
	va_end(ap);
	memset(&ev, 0, sizeof ev);
	ev.kind = FLEET_EV_NOTE;
	ev.text = text;
	if (r->c.on_event != NULL)
		r->c.on_event(&ev, r->c.arg);
}

/* fleet_pick.c: the hosts, chosen and checked before any ssh runs */
int	 fleet_pick_hosts(struct fleet_run *, struct sm_error *);

/* fleet_collect.c: fleet collect's part of a run */
int	 fleet_collect_is_dir(struct fleet_run *, struct sm_error *);
int	 fleet_collect_hosts(struct fleet_run *, char **, struct sm_error *);
void	 fleet_collect_on_file(struct fleet_sess *, void *);
void	 fleet_collect_finish(struct fleet_run *);

#endif
