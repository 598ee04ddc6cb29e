/*
 * The live run, one of the loop's jobs (ui_live.c): the session in
 * flight and the model of it every screen reads; its events reach the
 * screens as UI_EV_RUN (ui_tell()).
 */
/* SPDX-License-Identifier: MIT */

#ifndef UI_LIVE_H
#define UI_LIVE_H

#include <limits.h>
#include <stdint.h>

#include "../src/core/core.h"

struct ui;
struct ui_job;

/* The run in flight (its session), or the last one. */
struct ui_live {
	struct session		 *session;	/* NULL: no run going on */
	struct plan		  plan;		/* the run's */
	struct run		  run;
	int			  have_run;	/* run holds a run */
	int			  calibrate;	/* save as the noise profile */
	int			  cancelled;
	int			  saved;	/* saved since it ended */
	char			  path[PATH_MAX];
	const struct bench	 *bench;	/* the current test */
	int			  ncopy;
	int			  sample;	/* 0: the warm-up */
	int			  repeat;	/* 1-based */
	uint64_t		  t_run;	/* when the run started */
	uint64_t		  t_sample;	/* when the sample started */
	size_t			  done, total;
	double			  est_total;	/* plan_estimate() */
	double			  est_done;	/* of the samples done */
	double			 *values;	/* current test's samples */
	size_t			  nvalues;
	struct table		 *table;	/* report_results() so far */
	char			  error[200];	/* last failed sample */
};


/* ui_live.c */
extern const struct ui_job ui_live_job;
int	 ui_live_start(struct ui *);
void	 ui_live_reset(struct ui *);
int	 ui_live_begin(struct ui *, const struct session_conf *);
void	 ui_live_on_event(struct ui *, const struct runner_event *);
void	 ui_live_skip(struct ui *);
void	 ui_live_cancel(struct ui *);
void	 ui_live_init(struct ui *);
void	 ui_live_free(struct ui *);

/* ui_resume.c: the run a killed console left, offered at the start */
void	 ui_resume_offer(struct ui *);

#endif
