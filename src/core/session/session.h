/*
 * The core's session layer: one measured run, whoever drives it
 * (session.c), and a run continued from its file (resume.c).
 *
 * Layers call only down: this header includes the one below it (users),
 * so a file here sees every lower layer and none above
 * (tests/structure/layers.sh checks the calls).
 */
/* SPDX-License-Identifier: MIT */

#ifndef SYSMARK_SESSION_H
#define SYSMARK_SESSION_H

#include "../users/users.h"

/* resume.c: run --resume, an interrupted run continued from its file */
struct resume {
	struct run		 run;		/* the file's */
	struct plan		 plan;		/* as the file records it */
	int			 session;	/* the new samples' */
};
int	 resume_load(struct resume *, const char *, int, struct sm_error *);
void	 resume_note_gap(struct resume *);
int	 resume_find(const char *, char *, size_t);
void	 resume_free(struct resume *);

/*
 * session.c: one measured run, whoever drives it (run, calibrate, users,
 * the agent, the console): begun (the machine's facts, the plan noted,
 * warnings, the file claimed), stepped, and ended (its notes, warnings,
 * the save with its fallback, the exit status), speaking only through
 * runner events.  Every session journals as it goes (journal.c) unless
 * it is a noise profile, which replaces the host's profile only whole.
 */
struct session_conf {
	const char		*self;		/* sysmark's path, or NULL */
	const char		*out;		/* the file; NULL: a default
						   name claimed now */
	int			 force;		/* out may be replaced */
	const char		*kind;		/* "noise-profile", or NULL */
	const char		*label;		/* meta label, or NULL */
	const char		*note;		/* meta note, or NULL */
	const struct mix	*mix;		/* a users run: its mix... */
	struct bench		*users;		/* ...as this test */
	struct resume		*from;		/* a resume: the file's run,
						   taken over */
	const struct run	*base;		/* -b's run, or NULL */
	const struct run	*noise;		/* -C's host profile, or NULL */
	volatile sig_atomic_t	*stop;		/* set by a signal, or NULL */
	int			 nosave;	/* measure, write no file */
};
struct session;
struct session *session_begin(const struct plan *,
	     const struct session_conf *, struct run *, runner_cb, void *,
	     struct sm_error *);
int	 session_fd(const struct session *);
int	 session_timeout_ms(const struct session *);
int	 session_step(struct session *);
void	 session_cancel(struct session *);
void	 session_skip_test(struct session *);
int	 session_wait(struct session *);
int	 session_end(struct session *);
const char *session_path(const struct session *);
int	 session_journaling(const struct session *);
void	 session_free(struct session *);

#endif
