/*
 * One run's plan: the tests, copies, samples, duration, repeats, order
 * and seed, warm-up, the pause between repeats, -C's target and cap, the
 * hooks and the baseline -C aims at.  Every front end (run, calibrate,
 * users, the agent, the console, a resume) fills one struct plan and
 * hands it, read-only, to the session and the runner; nothing else holds
 * these settings.  Here are its defaults (plan_init(), the only place a
 * default is set), its check, its estimate, the -c parser, and the one
 * writer (plan_write()) and the one reader (plan_read()) of its keys in
 * the run file, so a saved run can be continued with its own plan.
 */
/* SPDX-License-Identifier: MIT */

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "plan.h"

/* ---- Making and freeing ---- */

/* The defaults every front end starts from. */
void
plan_init(struct plan *p)
{
	memset(p, 0, sizeof *p);
	p->copies[0] = 1;
	p->ncopies = 1;
	p->samples = PLAN_SAMPLES;
	p->duration = PLAN_DURATION;
	p->repeats = 1;
	p->order = RUNNER_ORDER_INTERLEAVED;
	p->warmup = 1;
	p->time_cap = PLAN_TIME_CAP;
}

void
plan_free(struct plan *p)
{
	free(p->benches);
	free(p->prepare);
	free(p->setup);
	free(p->cleanup);
	free(p->baseline);
	if (p->commands != NULL)
		command_set_free(p->commands);
	free(p->commands);
	memset(p, 0, sizeof *p);
}

/* A string field set to a copy of v (NULL clears it). */
void
plan_set_str(char **field, const char *v)
{
	free(*field);
	*field = v != NULL ? xstrdup(v) : NULL;
}

/* The tests, copied from benches[0..n). */
void
plan_set_benches(struct plan *p, const struct bench *const *benches,
    size_t n)
{
	free(p->benches);
	p->benches = xcalloc(n > 0 ? n : 1, sizeof *p->benches);
	if (n > 0)
		memcpy(p->benches, benches, n * sizeof *p->benches);
	p->nbench = n;
}

/*
 * The command tests set holds join the plan's tests, after those it has;
 * the plan owns set (allocated) from now on.
 */
void
plan_add_commands(struct plan *p, struct command_set *set)
{
	const struct bench	**b;

	b = xcalloc(p->nbench + set->n + 1, sizeof *b);
	if (p->nbench > 0)
		memcpy(b, p->benches, p->nbench * sizeof *b);
	for (size_t i = 0; i < set->n; i++)
		b[p->nbench + i] = &set->cmd[i]->bench;
	free(p->benches);
	p->benches = b;
	p->nbench += set->n;
	p->commands = set;
}

/* 1 if every test of p is a command test (run -x, --suite, a scan). */
int
plan_commands_only(const struct plan *p)
{
	return p->commands != NULL && p->nbench > 0 &&
	    p->commands->n == p->nbench;
}

/*
 * A plan of commands alone takes what hyperfine takes by default, at
 * least 10 executions and 3 s, not the catalog's 6 x 10 s: a command is
 * usually timed to answer a question now, and sysmark's statistics
 * (the interval of the mean, the flags) come on top.
 */
void
plan_command_defaults(struct plan *p)
{
	if (!plan_commands_only(p))
		return;
	p->samples = PLAN_COMMAND_SAMPLES;
	p->duration = PLAN_COMMAND_DURATION;
}

/*
 * A bench of src's that is one of its command tests, as the same test in
 * dst's copy of them.
 */
static const struct bench *
plan_copy_bench(const struct plan *src, const struct plan *dst,
    const struct bench *b)
{
	for (size_t k = 0; src->commands != NULL && k < src->commands->n; k++)
		if (b == &src->commands->cmd[k]->bench)
			return &dst->commands->cmd[k]->bench;
	return b;
}

/* dst becomes a copy of src that owns its own arrays and strings. */
void
plan_copy(struct plan *dst, const struct plan *src)
{
	*dst = *src;
	dst->benches = NULL;
	dst->prepare = dst->setup = dst->cleanup = dst->baseline = NULL;
	dst->commands = src->commands != NULL ?
	    command_set_copy(src->commands) : NULL;
	plan_set_benches(dst, (const struct bench *const *)src->benches,
	    src->nbench);
	for (size_t i = 0; i < dst->nbench; i++)
		dst->benches[i] = plan_copy_bench(src, dst, dst->benches[i]);
	plan_set_str(&dst->prepare, src->prepare);
	plan_set_str(&dst->setup, src->setup);
	plan_set_str(&dst->cleanup, src->cleanup);
	plan_set_str(&dst->baseline, src->baseline);
}

/* ---- Checking and estimating ---- */

/* Whether the plan can run as it stands; 0, or -1 with err. */
int
plan_check(const struct plan *p, struct sm_error *err)
{
	if (p->nbench == 0 || p->ncopies == 0) {
		sm_error_set(err, "nothing to run");
		return -1;
	}
	if (!(p->duration >= PLAN_MIN_DURATION &&
	    p->duration <= PLAN_MAX_DURATION)) {
		sm_error_set(err, "duration %g s: must be between %g and %g",
		    p->duration, PLAN_MIN_DURATION, PLAN_MAX_DURATION);
		return -1;
	}
	if (p->samples < 1 || p->samples > PLAN_MAX_SAMPLES) {
		sm_error_set(err, "samples %d: must be between 1 and %d",
		    p->samples, PLAN_MAX_SAMPLES);
		return -1;
	}
	if (p->repeats < 0 || p->repeats > PLAN_MAX_REPEATS) {
		sm_error_set(err, "repeats %d: must be between 1 and %d",
		    p->repeats, PLAN_MAX_REPEATS);
		return -1;
	}
	if (!(p->target >= 0 && p->target < 1) || !(p->time_cap >= 0) ||
	    !(p->gap >= 0)) {
		sm_error_set(err, "target %g, time cap %g s, gap %g s: out of "
		    "range", p->target, p->time_cap, p->gap);
		return -1;
	}
	return plan_duet_check(p, err);
}

/*
 * What one sample of b is expected to take at d seconds: d, or for a
 * calibrated bench, whose length -d does not set, about what one
 * calibration and batch take (0.15 to 0.4 s here).  Setup, fork and
 * reaping add a few milliseconds.
 */
double
plan_sample_estimate(const struct bench *b, double d)
{
	return (b->timing == BENCH_CALIBRATED ? PLAN_CALIBRATED_S : d) + 0.01;
}

/*
 * The least number of times the plan executes its command tests: a
 * command's own time is unknown until it runs, and each sample runs it
 * once or more, after its -w warm-up executions, so a plan of commands
 * takes at least this many times their time, whatever plan_estimate()
 * (which counts -d a sample) says.  0 without command tests.
 */
double
plan_command_runs(const struct plan *p)
{
	int	rep = p->repeats > 1 ? p->repeats : 1;
	double	n = 0;

	for (size_t i = 0; p->benches != NULL && i < p->nbench; i++) {
		const struct command	*c = command_of(p->benches[i]);

		if (c != NULL)
			n += 1.0 + c->opts.warmup;
	}
	return n * (double)p->ncopies * (p->samples + (p->warmup ? 1 : 0)) *
	    rep;
}

/* The whole plan's expected length in seconds, if nothing fails. */
double
plan_estimate(const struct plan *p)
{
	int	rep = p->repeats > 1 ? p->repeats : 1;
	double	t = 0;

	/* Callers that hold no bench list get the upper bound. */
	for (size_t i = 0; i < p->nbench; i++)
		t += p->benches != NULL ? plan_sample_estimate(p->benches[i],
		    p->duration) : p->duration + 0.01;
	return t * (double)p->ncopies * (p->samples + (p->warmup ? 1 : 0)) *
	    rep + p->gap * (rep - 1);
}

/*
 * 1 with a warning in msg when the plan runs more copies at once than the
 * machine has CPUs: the copies then take turns, and the figures measure
 * the scheduler as much as the test.
 */
int
plan_crowded(const struct plan *p, char *msg, size_t len)
{
	int	most = 0, ncpu = sysinfo_ncpu();

	for (size_t i = 0; i < p->ncopies; i++)
		if (p->copies[i] > most)
			most = p->copies[i];
	if (most <= ncpu)
		return 0;
	snprintf(msg, len, "%d copies on %d CPU%s: the copies take turns, so "
	    "the figures measure the scheduler as much as the test", most,
	    ncpu, ncpu == 1 ? "" : "s");
	return 1;
}

/* ---- -c COPIES,... ---- */

/* Add v to the list unless it is there; 0, or -1 when the list is full. */
static int
plan_add_copies(int *out, size_t max, size_t *n, long v)
{
	for (size_t i = 0; i < *n; i++)
		if (out[i] == v)
			return 0;
	if (*n == max)
		return -1;
	out[(*n)++] = (int)v;
	return 0;
}

/*
 * The scaling series: 1, 2, 4, ... up to twice the CPUs, with the CPU
 * count and twice it when they are not powers of two.
 */
static int
plan_add_scale(int *out, size_t max, size_t *n)
{
	long	ncpu = sysinfo_ncpu(), top = 2 * ncpu;
	int	rc = 0;

	if (top > RUN_MAX_COPIES)
		top = RUN_MAX_COPIES;
	for (long v = 1; v <= top && rc == 0; v *= 2) {
		if (v / 2 < ncpu && ncpu < v)
			rc = plan_add_copies(out, max, n, ncpu);
		if (rc == 0)
			rc = plan_add_copies(out, max, n, v);
	}
	if (rc == 0 && ncpu <= top)
		rc = plan_add_copies(out, max, n, ncpu);
	if (rc == 0)
		rc = plan_add_copies(out, max, n, top);
	return rc;
}

/*
 * Parse a copies list such as "1,cpus" (cpus = one per CPU, scale = the
 * scaling series) into at most max distinct values; 0, or -1 with a
 * message.
 */
int
plan_parse_copies(const char *arg, int *out, size_t max, size_t *n,
    struct sm_error *err)
{
	char	*copy = xstrdup(arg), *tok, *save = NULL;
	long	 v = 0;
	int	 rc = 0;

	*n = 0;
	for (tok = strtok_r(copy, ", ", &save); tok != NULL && rc == 0;
	    tok = strtok_r(NULL, ", ", &save)) {
		if (strcmp(tok, PLAN_SCALE) == 0)
			rc = plan_add_scale(out, max, n);
		else if (strcmp(tok, "cpus") == 0)
			v = sysinfo_ncpu();
		else if (sm_parse_int(tok, 1, RUN_MAX_COPIES, &v) != 0) {
			sm_error_set(err, "%s: copies must be whole numbers "
			    "from 1 to %d, cpus or scale", arg,
			    RUN_MAX_COPIES);
			rc = -1;
			break;
		}
		if (rc == 0 && strcmp(tok, PLAN_SCALE) != 0)
			rc = plan_add_copies(out, max, n, v);
		if (rc != 0)
			sm_error_set(err, "%s: at most %zu values", arg, max);
	}
	if (rc == 0 && *n == 0) {
		sm_error_set(err, "%s: no copies value given", arg);
		rc = -1;
	}
	free(copy);
	return rc;
}

/* ---- The plan in the run file ---- */

/* The shortest text that reads back as d exactly. */
static void
plan_fmt_double(double d, char *buf, size_t len)
{
	double	back;

	snprintf(buf, len, "%g", d);
	if (sm_parse_double(buf, &back) == 0 && back == d)
		return;
	snprintf(buf, len, "%.17g", d);
}

/* One key: a double, an int, or a string (NULL: the key is left out). */
static void
plan_put_double(struct run *run, const char *key, double d)
{
	char	buf[40];

	plan_fmt_double(d, buf, sizeof buf);
	run_meta_set(run, key, buf);
}

static void
plan_put_int(struct run *run, const char *key, long long v)
{
	char	buf[32];

	snprintf(buf, sizeof buf, "%lld", v);
	run_meta_set(run, key, buf);
}

/* "a,b,c": the tests' ids, as -t takes them. */
static void
plan_put_tests(const struct plan *p, struct run *run)
{
	struct sbuf	sb;

	sbuf_init(&sb);
	for (size_t i = 0; i < p->nbench; i++)
		sbuf_printf(&sb, "%s%s", i > 0 ? "," : "", p->benches[i]->id);
	run_meta_set(run, "plan_tests", sb.s);
	sbuf_free(&sb);
}

/*
 * "dir:ID": which way is better for each test, as this build measures
 * it, so the file says it by itself (ident.c reads it first).
 */
static void
plan_put_dirs(const struct plan *p, struct run *run)
{
	char	key[64];

	for (size_t i = 0; i < p->nbench; i++) {
		snprintf(key, sizeof key, "dir:%s", p->benches[i]->id);
		run_meta_set(run, key, ident_dir_name(p->benches[i]->dir));
	}
}

/* "1,2": the copies values, as -c takes them. */
static void
plan_put_copies(const struct plan *p, struct run *run)
{
	char	buf[PLAN_NCOPIES * 12];
	size_t	n = 0;

	buf[0] = '\0';
	for (size_t i = 0; i < p->ncopies && n < sizeof buf; i++)
		n += (size_t)snprintf(buf + n, sizeof buf - n, "%s%d",
		    i ? "," : "", p->copies[i]);
	run_meta_set(run, "plan_copies", buf);
}

/*
 * Each command test: what the table and compare show (command_meta()),
 * and all it is made of, plan_command.ID, for resume and the fleet.
 */
static void
plan_put_commands(const struct plan *p, struct run *run)
{
	char	key[64], *v;

	for (size_t i = 0; p->commands != NULL && i < p->commands->n; i++) {
		const struct command *cmd = p->commands->cmd[i];

		command_meta(cmd, run);
		snprintf(key, sizeof key, "plan_command.%s", cmd->name);
		run_meta_set(run, key, v = command_encode(cmd));
		free(v);
	}
}

/*
 * Record the whole plan in the run's meta, every key plan_read() reads:
 * the one place a plan is written into a run file.
 */
void
plan_write(const struct plan *p, struct run *run)
{
	plan_put_tests(p, run);
	plan_put_dirs(p, run);
	plan_put_copies(p, run);
	plan_put_double(run, "duration", p->duration);
	plan_put_int(run, "samples", p->samples);
	plan_put_int(run, "repeats", p->repeats > 1 ? p->repeats : 1);
	run_meta_set(run, "warmup", p->warmup ? "1" : "0");
	run_meta_set(run, "order", p->order == RUNNER_ORDER_GROUPED ?
	    "grouped" : "interleaved");
	plan_put_int(run, "order_seed", (long long)p->seed);
	if (p->gap > 0)
		plan_put_double(run, "repeat_gap", p->gap);
	if (p->target > 0) {
		plan_put_double(run, "target_ci", p->target);
		plan_put_double(run, "time_cap", p->time_cap);
	}
	if (p->prepare != NULL)
		run_meta_set(run, "prepare", p->prepare);
	if (p->setup != NULL)
		run_meta_set(run, "setup", p->setup);
	if (p->cleanup != NULL)
		run_meta_set(run, "cleanup", p->cleanup);
	if (p->baseline != NULL)
		run_meta_set(run, "plan_baseline", p->baseline);
	plan_put_commands(p, run);
	plan_duet_write(p, run);
}

/* A key the plan needs; NULL with err naming it when absent. */
static const char *
plan_need(const struct run *run, const char *path, const char *key,
    struct sm_error *err)
{
	const char	*v = run_meta_get(run, key);

	if (v == NULL)
		sm_error_set(err, "%s: the run does not record its %s (saved "
		    "by an older sysmark?)", path, key);
	return v;
}

/* A bad value: err names the file, the key and what it should be. */
static int
plan_bad(const char *path, const char *key, const char *v, const char *what,
    struct sm_error *err)
{
	sm_error_set(err, "%s: meta %s \"%.40s\" is not %s", path, key, v,
	    what);
	return -1;
}

/*
 * The tests of list ("a,b,c"): a catalog test by its id, a command test
 * from its plan_command.ID (checked again here: its program must be on
 * this machine's PATH).  0, or -1 with err.
 */
static int
plan_read_tests(struct plan *p, const struct run *run, const char *list,
    struct sm_error *err)
{
	const struct bench	**b = xcalloc(strlen(list) / 2 + 2, sizeof *b);
	struct command_set	 *set = xcalloc(1, sizeof *set);
	char			 *ids = xstrdup(list), *id, *save = NULL;
	char			  key[64];
	const char		 *v;
	size_t			  n = 0;
	int			  rc = 0;

	for (id = strtok_r(ids, ",", &save); id != NULL && rc == 0;
	    id = strtok_r(NULL, ",", &save)) {
		snprintf(key, sizeof key, "plan_command.%s", id);
		if ((b[n] = registry_find(id)) != NULL)
			n++;
		else if ((v = run_meta_get(run, key)) == NULL) {
			sm_error_set(err, "unknown test \"%s\"", id);
			rc = -1;
		} else if ((rc = command_decode(set, id, v, err)) == 0)
			b[n++] = &set->cmd[set->n - 1]->bench;
	}
	free(ids);
	if (rc == 0) {
		p->benches = b;
		p->nbench = n;
		p->commands = set;
		return 0;
	}
	free(b);
	command_set_free(set);
	free(set);
	return -1;
}

/* The tests and copies; 0 or -1 with err. */
static int
plan_read_what(struct plan *p, const struct run *run, const char *path,
    struct sm_error *err)
{
	struct sm_error	 e;
	const char	*v;

	if ((v = plan_need(run, path, "plan_tests", err)) == NULL)
		return -1;
	free(p->benches);
	p->benches = NULL;
	if (*v == '\0' || plan_read_tests(p, run, v, &e) != 0) {
		sm_error_set(err, "%s: meta plan_tests: %s", path, *v ? e.msg :
		    "no test");
		return -1;
	}
	if ((v = plan_need(run, path, "plan_copies", err)) == NULL)
		return -1;
	if (plan_parse_copies(v, p->copies, PLAN_NCOPIES, &p->ncopies,
	    &e) != 0) {
		sm_error_set(err, "%s: meta plan_copies: %s", path, e.msg);
		return -1;
	}
	return 0;
}

/* The counts and lengths; 0 or -1 with err. */
static int
plan_read_numbers(struct plan *p, const struct run *run, const char *path,
    struct sm_error *err)
{
	const char	*v;
	long		 n;

	if ((v = plan_need(run, path, "samples", err)) == NULL)
		return -1;
	if (sm_parse_int(v, 1, PLAN_MAX_SAMPLES, &n) != 0)
		return plan_bad(path, "samples", v, "a count of samples", err);
	p->samples = (int)n;
	if ((v = plan_need(run, path, "duration", err)) == NULL)
		return -1;
	if (sm_parse_double(v, &p->duration) != 0 ||
	    !(p->duration >= PLAN_MIN_DURATION &&
	    p->duration <= PLAN_MAX_DURATION))
		return plan_bad(path, "duration", v, "a sample length", err);
	if ((v = run_meta_get(run, "repeats")) != NULL) {
		if (sm_parse_int(v, 1, PLAN_MAX_REPEATS, &n) != 0)
			return plan_bad(path, "repeats", v, "a count of "
			    "repeats", err);
		p->repeats = (int)n;
	}
	v = run_meta_get(run, "repeat_gap");
	if (v != NULL && (sm_parse_double(v, &p->gap) != 0 || !(p->gap >= 0)))
		return plan_bad(path, "repeat_gap", v, "a pause", err);
	p->target = run_target(run);
	v = run_meta_get(run, "time_cap");
	if (v != NULL && (sm_parse_double(v, &p->time_cap) != 0 ||
	    !(p->time_cap >= 0)))
		return plan_bad(path, "time_cap", v, "a time cap", err);
	return 0;
}

/* The order, its seed and the warm-up; 0 or -1 with err. */
static int
plan_read_order(struct plan *p, const struct run *run, const char *path,
    struct sm_error *err)
{
	const char	*v = run_meta_get(run, "order");
	char		*end;

	if (v != NULL && strcmp(v, "grouped") != 0 &&
	    strcmp(v, "interleaved") != 0)
		return plan_bad(path, "order", v, "grouped or interleaved",
		    err);
	p->order = v != NULL && strcmp(v, "grouped") == 0 ?
	    RUNNER_ORDER_GROUPED : RUNNER_ORDER_INTERLEAVED;
	v = run_meta_get(run, "warmup");
	p->warmup = v == NULL || strcmp(v, "0") != 0;
	if ((v = run_meta_get(run, "order_seed")) == NULL)
		return 0;
	errno = 0;
	p->seed = strtoull(v, &end, 10);
	/* A seed that does not read gives new rounds, not new content. */
	if (*v == '\0' || *end != '\0' || errno != 0)
		p->seed = 0;
	return 0;
}

/*
 * The plan a run file records (plan_write()'s keys), for run --resume and
 * the console's resume; path names the file in messages.  p is
 * initialised here.  0, or -1 with err naming the file and the key.
 */
int
plan_read(struct plan *p, const struct run *run, const char *path,
    struct sm_error *err)
{
	plan_init(p);
	if (plan_read_what(p, run, path, err) != 0 ||
	    plan_read_numbers(p, run, path, err) != 0 ||
	    plan_read_order(p, run, path, err) != 0) {
		plan_free(p);
		return -1;
	}
	plan_set_str(&p->prepare, run_meta_get(run, "prepare"));
	plan_set_str(&p->setup, run_meta_get(run, "setup"));
	plan_set_str(&p->cleanup, run_meta_get(run, "cleanup"));
	plan_set_str(&p->baseline, run_meta_get(run, "plan_baseline"));
	if (plan_duet_read(p, run, path, err) != 0) {
		plan_free(p);
		return -1;
	}
	return 0;
}

/* ---- The plan as lines (the fleet's agents) ---- */

/* The keys plan_read() reads, beside each command test's. */
static const char *const plan_keys[] = {
	"plan_tests", "plan_copies", "duration", "samples", "repeats",
	"warmup", "order", "order_seed", "repeat_gap", "target_ci",
	"time_cap", "prepare", "setup", "cleanup", "plan_baseline", "duet"
};
#define PLAN_KEY_COMMAND	"plan_command."

/* Whether plan_read() reads key. */
static int
plan_key(const char *key)
{
	for (size_t i = 0; i < sizeof plan_keys / sizeof plan_keys[0]; i++)
		if (strcmp(key, plan_keys[i]) == 0)
			return 1;
	return strncmp(key, PLAN_KEY_COMMAND, strlen(PLAN_KEY_COMMAND)) == 0 &&
	    key[strlen(PLAN_KEY_COMMAND)] != '\0';
}

/*
 * The whole plan as lines "KEY VALUE", the keys plan_write() records and
 * plan_read() reads: so a fleet's agent gets its plan as a resume gets a
 * saved run's, command tests and all, through plan_read_line() and
 * plan_read().  copies, when not NULL, is -c as given ("cpus", "scale":
 * each host's own), else the plan's values.  0, or -1 with err naming a
 * key whose value holds a control character (no line could carry it).
 */
int
plan_write_lines(const struct plan *p, const char *copies, FILE *f,
    struct sm_error *err)
{
	struct run	 run;
	int		 rc = 0;

	run_init(&run);
	plan_write(p, &run);
	if (copies != NULL)
		run_meta_set(&run, "plan_copies", copies);
	for (size_t i = 0; rc == 0 && i < run.nmeta; i++) {
		const char	*k = run.meta[i].key, *v = run.meta[i].value;

		if (!plan_key(k))
			continue;
		for (const char *c = v; rc == 0 && *c != '\0'; c++)
			if ((unsigned char)*c < 0x20 || *c == 0x7f) {
				sm_error_set(err, "%s: a control character "
				    "in the value", k);
				rc = -1;
			}
		if (rc == 0)
			fprintf(f, "%s %s\n", k, v);
	}
	run_free(&run);
	return rc;
}

/*
 * One line of plan_write_lines() into run's meta, for plan_read(); 0, or
 * -1 with err when it is no "KEY VALUE" of a plan.
 */
int
plan_read_line(struct run *run, char *line, struct sm_error *err)
{
	char	*sp = strchr(line, ' ');

	if (sp == NULL || sp == line) {
		sm_error_set(err, "\"%.60s\": expected KEY VALUE", line);
		return -1;
	}
	*sp = '\0';
	if (!plan_key(line)) {
		sm_error_set(err, "\"%.60s\": not a key of a plan", line);
		*sp = ' ';
		return -1;
	}
	if (run_meta_get(run, line) != NULL) {
		sm_error_set(err, "\"%.60s\": given twice", line);
		*sp = ' ';
		return -1;
	}
	run_meta_set(run, line, sp + 1);
	*sp = ' ';
	return 0;
}
