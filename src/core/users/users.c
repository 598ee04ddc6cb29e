/*
 * Simulated users (sysmark users): U copies of one user, each running a
 * mix (mix.c) over and over, all released together, for the sample's
 * length.  What seed 000 asked for: Jan Stubbs's "one shell file for each
 * simulated user", to "measure response time degradation as you add
 * simulated users".
 *
 * A mix runs as one test of the ordinary runner, so it gets everything a
 * test gets: each user is a copy in its own process group behind the
 * barrier, with its own private directory (the users' files never
 * collide), a deadline, and failure reasons.  One iteration of the test
 * is one step; the figure is steps per minute.  Inside, every step is
 * timed on its own (its think time is not part of it) into a histogram
 * per step kind (hist.c), which each user leaves in its directory at the
 * end and the parent merges into the run (users_collect()).
 *
 * This file is the workload and its plan; the report, which derives
 * everything from those histograms and the samples, is users_report.c.
 */
/* SPDX-License-Identifier: MIT */

#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "users.h"

#define USERS_HIST_FILE	"users.hist"

/* ---- One user, in its own process ---- */

struct users_user {
	const struct mix	*mix;
	struct bench_ctx	*sub;		/* one per step */
	struct hist		 kind[MIX_MAX_KINDS];
	size_t			 pos;		/* the next step */
};

static void
users_think(double seconds)
{
	struct timespec	ts, left;

	ts.tv_sec = (time_t)seconds;
	ts.tv_nsec = (long)((seconds - (double)ts.tv_sec) * 1e9);
	while (nanosleep(&ts, &left) != 0 && errno == EINTR)
		ts = left;
}

static int
users_setup(struct bench_ctx *ctx)
{
	const struct mix	*m = ctx->bench->arg;
	struct users_user	*u = xcalloc(1, sizeof *u);
	char			 n[16];

	u->mix = m;
	u->sub = xcalloc(m->nsteps, sizeof *u->sub);
	/* Users start at different steps, as people do not log in at once. */
	u->pos = (size_t)ctx->copy % m->nsteps;
	for (size_t k = 0; k < m->nkinds; k++)
		hist_init(&u->kind[k]);
	snprintf(n, sizeof n, "%d", ctx->copy + 1);
	if (setenv("SYSMARK_MIX_DIR", m->dir, 1) != 0 ||
	    setenv("SYSMARK_USER", n, 1) != 0)
		bench_fail(ctx, "setenv: %s", strerror(errno));
	ctx->state = u;
	for (size_t i = 0; i < m->nsteps; i++) {
		struct bench_ctx	*s = &u->sub[i];

		if (m->steps[i].kind != MIX_TEST)
			continue;
		s->bench = m->steps[i].bench;
		s->copy = ctx->copy;
		s->copies = ctx->copies;
		s->tmpdir = ctx->tmpdir;
		s->self_exe = ctx->self_exe;
		s->report_fd = ctx->report_fd;
		if (s->bench->setup != NULL && s->bench->setup(s) != 0)
			bench_fail(ctx, "step on line %zu (%s): setup failed",
			    m->steps[i].line, s->bench->id);
	}
	return 0;
}

static void
users_command(struct bench_ctx *ctx, const struct mix_step *st,
    const char *kind)
{
	char	*argv[] = { "sh", "-c", st->command, NULL };

	for (uint64_t k = 0; k < st->iterations; k++)
		bench_command_wait(ctx, bench_command(ctx, ctx->tmpdir, NULL,
		    NULL, argv), kind);
}

/* n steps, each timed on its own, each followed by its think time. */
static void
users_loop(struct bench_ctx *ctx, uint64_t n)
{
	struct users_user	*u = ctx->state;
	const struct mix	*m = u->mix;

	while (n-- > 0) {
		const struct mix_step	*st = &m->steps[u->pos];
		struct bench_ctx	*s = &u->sub[u->pos];
		uint64_t		 t0;

		if (st->kind == MIX_TEST && s->bench->prepare != NULL)
			s->bench->prepare(s, st->iterations);
		t0 = sm_now_ns();
		if (st->kind == MIX_TEST)
			s->bench->loop(s, st->iterations);
		else
			users_command(ctx, st, m->kinds[st->kind_index]);
		hist_record(&u->kind[st->kind_index], sm_now_ns() - t0);
		if (st->think > 0)
			users_think(st->think);
		u->pos = (u->pos + 1) % m->nsteps;
	}
}

/* Leave the histograms for the parent: "KIND BUCKETS" per line. */
static void
users_teardown(struct bench_ctx *ctx)
{
	struct users_user	*u = ctx->state;
	const struct mix	*m = u->mix;
	char			 path[PATH_MAX];
	FILE			*f;

	snprintf(path, sizeof path, "%s/%s", ctx->tmpdir, USERS_HIST_FILE);
	if ((f = fopen(path, "w")) == NULL)
		bench_fail(ctx, "%s: %s", path, strerror(errno));
	for (size_t k = 0; k < m->nkinds; k++) {
		char	*enc = hist_encode(&u->kind[k]);

		fprintf(f, "%zu %s\n", k, enc);
		free(enc);
	}
	if (fclose(f) != 0)
		bench_fail(ctx, "%s: %s", path, strerror(errno));
	for (size_t i = 0; i < m->nsteps; i++)
		if (u->sub[i].bench != NULL &&
		    u->sub[i].bench->teardown != NULL)
			u->sub[i].bench->teardown(&u->sub[i]);
}

/*
 * The runner's test for a mix: one iteration is one step.  Filled as
 * soon as the mix is loaded, so the plan's listing names it.
 */
void
users_bench(const struct mix *m, struct bench *b)
{
	memset(b, 0, sizeof *b);
	b->id = USERS_TEST;
	b->title = "Simulated users, all steps";
	b->group = "Users";
	b->unit = "steps/m";
	b->dir = BENCH_HIGHER;
	b->version = 1;
	b->desc = "U users each repeating a mix of steps (sysmark users)";
	b->scale = 60;
	b->setup = users_setup;
	b->loop = users_loop;
	b->teardown = users_teardown;
	b->arg = m;
}

/* ---- The parent: taking the histograms in ---- */

/* One line "KIND BUCKETS" of a user's file, merged into the sample's. */
static int
users_collect_line(const struct mix *m, char *line, struct hist *h,
    struct run_sample *s, struct run *run)
{
	struct sm_error	 e;
	struct run_hist	*rh;
	unsigned long	 k;
	char		*end;

	line[strcspn(line, "\n")] = '\0';
	k = strtoul(line, &end, 10);
	memset(h->bucket, 0, HIST_NBUCKETS * sizeof *h->bucket);
	h->count = 0;
	if (end == line || *end != ' ' || k >= m->nkinds ||
	    hist_decode(h, end + 1, &e) != 0)
		return -1;
	if ((rh = run_find_hist(run, m->kinds[k], s->copies, s->index,
	    s->repeat)) == NULL)
		rh = run_add_hist(run, m->kinds[k], s->copies, s->index,
		    s->repeat);
	hist_merge(&rh->h, h);
	return 0;
}

/* One user's file, merged into the sample's histograms. */
static int
users_collect_one(const struct mix *m, const char *path, int user,
    struct run_sample *s, struct run *run)
{
	struct hist	 h;
	char		*line = NULL, why[160];
	size_t		 cap = 0;
	FILE		*f;
	int		 rc = 0;

	if ((f = fopen(path, "r")) == NULL) {
		snprintf(why, sizeof why, "user %d: %s: %s", user,
		    USERS_HIST_FILE, strerror(errno));
		run_sample_reason(s, why);
		return -1;
	}
	hist_init(&h);
	while (rc == 0 && getline(&line, &cap, f) > 0)
		rc = users_collect_line(m, line, &h, s, run);
	if (rc != 0) {
		snprintf(why, sizeof why, "user %d: %s: malformed histograms",
		    user, USERS_HIST_FILE);
		run_sample_reason(s, why);
	}
	free(line);
	hist_free(&h);
	fclose(f);
	return rc;
}

static int
users_collect(void *arg, const char *dir, struct run_sample *s,
    struct run *run)
{
	const struct mix	*m = arg;
	char			 path[PATH_MAX];

	for (int k = 0; k < s->copies; k++) {
		snprintf(path, sizeof path, "%s/c%d/%s", dir, k,
		    USERS_HIST_FILE);
		if (users_collect_one(m, path, k + 1, s, run) != 0)
			return -1;
	}
	return 0;
}

/*
 * The plan of a users run, wherever it is made (sysmark users, the
 * console): the mix as one test b, at 1, 2, 4 and 8 users, USERS_SAMPLES
 * samples, each users count's samples back to back.
 */
void
users_plan_init(struct plan *p, const struct bench *b)
{
	plan_init(p);
	plan_set_benches(p, &b, 1);
	for (p->ncopies = 0; p->ncopies < 4; p->ncopies++)
		p->copies[p->ncopies] = 1 << p->ncopies;
	p->samples = USERS_SAMPLES;
	p->order = RUNNER_ORDER_GROUPED;
}

/*
 * The user counts of a users run of mix m: those chosen (-u, the
 * console's u: n of them), else the mix's own users row, else
 * users_plan_init's 1, 2, 4 and 8.  chosen may be p's own copies.
 */
void
users_plan_counts(struct plan *p, const struct mix *m, const int *chosen,
    size_t n)
{
	if (n == 0 && m->nusers > 0) {
		chosen = m->users;
		n = m->nusers;
	}
	if (n == 0)
		return;
	if (n > PLAN_NCOPIES)
		n = PLAN_NCOPIES;
	memmove(p->copies, chosen, n * sizeof *p->copies);
	p->ncopies = n;
}

/*
 * Make a run of plan (whose one test is b, its copies the user counts)
 * run the mix: b becomes the mix's test, env gives each sample the mix's
 * think times as grace and collects the steps' response times, and the
 * run records what the mix was, step by step.
 */
void
users_prepare(const struct plan *plan, struct runner_env *env,
    struct bench *b, const struct mix *m, struct run *run)
{
	char	key[32], val[512];

	users_bench(m, b);
	/*
	 * A step and its think time cannot be cut short: a sample lasts at
	 * least until the step under way and its think end, and the batches
	 * may go once round the mix past -d, so the copies are given every
	 * think time of the mix beyond the usual grace.
	 */
	env->grace = runner_default_grace(plan->duration);
	for (size_t i = 0; i < m->nsteps; i++)
		env->grace += m->steps[i].think;
	env->collect = users_collect;
	env->collect_arg = (void *)m;
	run_meta_set(run, "mix", m->name);
	snprintf(val, sizeof val, "Simulated users, mix %s", m->name);
	run_meta_set(run, "title:" USERS_TEST, val);
	run_meta_set(run, "mix.path", m->path);
	if (m->source != NULL)
		run_meta_set(run, "mix.source", m->source);
	for (size_t i = 0; i < m->nsteps; i++) {
		const struct mix_step	*st = &m->steps[i];

		snprintf(key, sizeof key, "mix.step.%zu", i + 1);
		snprintf(val, sizeof val, "%s %s x%" PRIu64 ", think %g s",
		    st->kind == MIX_TEST ? "test" : "command",
		    st->kind == MIX_TEST ? st->bench->id : st->command,
		    st->iterations, st->think);
		run_meta_set(run, key, val);
	}
}
