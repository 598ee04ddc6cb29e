/*
 * The core's users layer: simulated users: a mix of steps (mix.c), U users
 * running it as one test (users.c), their response times (users_report.c).
 *
 * Layers call only down: this header includes the one below it (measure),
 * so a file here sees every lower layer and none above
 * (tests/structure/layers.sh checks the calls).
 */
/* SPDX-License-Identifier: MIT */

#ifndef SYSMARK_USERS_H
#define SYSMARK_USERS_H

#include "../measure/measure.h"

/* mix.c: one simulated user's steps */
#define MIX_MAX_STEPS		64
#define MIX_MAX_KINDS		16
#define MIX_MAX_THINK		3600.0	/* seconds */
#define MIX_MAX_USERS		256
#define MIX_MAX_ITERATIONS	1000000000L
enum mix_kind {
	MIX_TEST = 0,
	MIX_COMMAND
};
struct mix_step {
	enum mix_kind		 kind;
	const struct bench	*bench;		/* MIX_TEST */
	char			*command;	/* MIX_COMMAND, for sh -c */
	uint64_t		 iterations;	/* loops, or runs, per step */
	double			 think;		/* seconds after the step */
	size_t			 kind_index;	/* into mix.kinds */
	size_t			 line;
};
struct mix {
	char			*path;
	char			*name;		/* the file's name, no .csv */
	char			*dir;		/* where it lives */
	char			*source;	/* where the mix comes from */
	struct mix_step		*steps;
	size_t			 nsteps;
	char			 kinds[MIX_MAX_KINDS][32];	/* step kinds */
	size_t			 nkinds;
	int			 users[16];	/* its own user counts */
	size_t			 nusers;
};
int	 mix_load(struct mix *m, const char *self, const char *arg,
	     struct sm_error *err);
void	 mix_free(struct mix *);
int	 mix_parse_users(const char *, int *, size_t, size_t *,
	     struct sm_error *);
size_t	 mix_list(const char *, char ***);

/* users.c: U users running a mix at once, as one runner test */
#define USERS_SAMPLES		3	/* users -n, the console's too */
void	 users_plan_init(struct plan *, const struct bench *);
void	 users_bench(const struct mix *, struct bench *);
void	 users_plan_counts(struct plan *, const struct mix *, const int *,
	     size_t);
void	 users_prepare(const struct plan *, struct runner_env *,
	     struct bench *, const struct mix *, struct run *);

/* users_report.c: a users run's tables, plot and curve */
struct table *users_table(const struct run *);
struct table *users_plot(const struct run *);
struct table *users_compare(const struct run *const *, const char *const *,
	     size_t);
struct users_pct {
	int	users;
	double	p50, p90, p99;	/* ns, over every step */
};
size_t	 users_curve(const struct run *, struct users_pct **, int *);

#endif
