/*
 * Mix files: what one simulated user does, for `sysmark users`.  A mix is
 * a CSV file (read with libcsv, strict) whose rows are the steps a user
 * repeats in order, each followed by its think time:
 *
 *   kind,what,iterations,think
 *   source,"Jan Stubbs, net.unix-wizards, 2 Jan 1986",,
 *   test,iocall,1001,0
 *   command,cc -c "$SYSMARK_MIX_DIR/hello.c",1,2.5
 *
 * A test step runs iterations loops of a catalog test (sysmark list); a
 * command step runs a command line through /bin/sh -c, iterations times,
 * in the user's private directory.  think is seconds of idle time after
 * the step.  An optional users row ("users,\"1,2,8,64\",,") gives the
 * user counts to run when none are asked for.  Lines starting with '#'
 * are comments.
 *
 * Everything that can be wrong with a mix is found here, before anything
 * runs, and named as path:line: an unknown or pinned test, a test that
 * cannot run here, a command not on PATH, a negative think time, a mix
 * without steps.  Seed 000 (Jan Stubbs) is where the idea comes from:
 * "one shell file for each simulated user".
 */
/* SPDX-License-Identifier: MIT */

#define _DEFAULT_SOURCE		/* realpath() */

#include <sys/stat.h>

#include <errno.h>
#include <limits.h>
#include <locale.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "users.h"

static const char *const mix_cols[] = {
	"kind", "what", "iterations", "think"
};
#define MIX_NCOLS	(sizeof mix_cols / sizeof mix_cols[0])

struct mix_load {
	struct mix		*mix;
	struct csvrows		*cr;	/* the file being read */
};

static void
mix_bad(struct mix_load *ld, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

static void
mix_bad(struct mix_load *ld, const char *fmt, ...)
{
	char	msg[200];
	va_list	ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	csvrows_bad(ld->cr, "%s", msg);
}

/* The step kind a command stands for: its program's name. */
static void
mix_command_kind(const char *cmd, char *kind, size_t len)
{
	const char	*end = cmd + strcspn(cmd, " \t"), *base = cmd;

	if (end > cmd && end[-1] == '"')
		end--;
	for (const char *p = cmd; p < end; p++)
		if (*p == '/' || *p == '"')
			base = p + 1;
	snprintf(kind, len, "%.*s", (int)(end - base), base);
}

/*
 * The command goes to exec as one argument of sh -c: Linux takes at most
 * MIX_MAX_ARG bytes in one (MAX_ARG_STRLEN, 32 pages), and every system
 * at most ARG_MAX for all of them with the environment.  Longer, exec
 * fails with E2BIG in every sample: refused here with the reason.
 */
static int
mix_check_length(struct mix_load *ld, const char *cmd)
{
	size_t	n = strlen(cmd);
	long	max = sysconf(_SC_ARG_MAX);

	if (max <= 0 || max > MIX_MAX_ARG)
		max = MIX_MAX_ARG;
	if (n < (size_t)max)
		return 0;
	mix_bad(ld, "the command is %zu bytes; exec takes at most %ld bytes "
	    "in one argument: put it in a script and run that", n, max - 1);
	return -1;
}

/*
 * The command's program must exist: on PATH, at an absolute path, or in
 * the mix's directory as "$SYSMARK_MIX_DIR/prog".  A relative path would
 * be looked up here but run from the user's directory: refused.
 */
static int
mix_check_command(struct mix_load *ld, const char *cmd)
{
	static const char	 var[] = "$SYSMARK_MIX_DIR/";
	char			 prog[PATH_MAX], found[PATH_MAX];
	size_t			 n = strcspn(cmd, " \t");
	int			 q = cmd[0] == '"';

	if (mix_check_length(ld, cmd) != 0)
		return -1;
	if (n == 0) {
		mix_bad(ld, "a command is needed in column \"what\"");
		return -1;
	}
	if (n >= sizeof prog) {
		mix_bad(ld, "the command's program name is %zu bytes, longer "
		    "than a path can be (%zu)", n, sizeof prog - 1);
		return -1;
	}
	snprintf(prog, sizeof prog, "%.*s", (int)(n - 2 * q), cmd + q);
	if (strncmp(prog, var, sizeof var - 1) == 0)
		snprintf(found, sizeof found, "%s/%s", ld->mix->dir,
		    prog + sizeof var - 1);
	else if (strchr(prog, '/') != NULL && prog[0] != '/') {
		mix_bad(ld, "command \"%s\": a relative path would be run "
		    "from each user's own directory; give an absolute path "
		    "or $SYSMARK_MIX_DIR/", prog);
		return -1;
	} else if (strchr(prog, '/') != NULL)
		snprintf(found, sizeof found, "%s", prog);
	else if (bench_which(prog, found, sizeof found) != 0) {
		mix_bad(ld, "command \"%s\" not found on PATH", prog);
		return -1;
	}
	if (access(found, X_OK) != 0) {
		mix_bad(ld, "command \"%s\": %s is not an executable file",
		    prog, found);
		return -1;
	}
	return 0;
}

static int
mix_check_test(struct mix_load *ld, const char *id,
    const struct bench **out)
{
	const char	*why;

	if ((*out = registry_find(id)) == NULL) {
		mix_bad(ld, "unknown test \"%s\" (sysmark list shows the "
		    "tests)", id);
		return -1;
	}
	if ((*out)->place != BENCH_ANYWHERE) {
		mix_bad(ld, "test \"%s\" pins its processes to CPUs, which "
		    "a user step cannot do", id);
		return -1;
	}
	if ((*out)->available != NULL && (why = (*out)->available()) != NULL) {
		mix_bad(ld, "test \"%s\" cannot run here: %s", id, why);
		return -1;
	}
	return 0;
}

/* The step kind's index, adding it if new; -1 when there are too many. */
static long
mix_kind(struct mix_load *ld, const char *kind)
{
	struct mix	*m = ld->mix;

	for (size_t i = 0; i < m->nkinds; i++)
		if (strcmp(m->kinds[i], kind) == 0)
			return (long)i;
	if (m->nkinds == MIX_MAX_KINDS) {
		mix_bad(ld, "more than %d step kinds", MIX_MAX_KINDS);
		return -1;
	}
	snprintf(m->kinds[m->nkinds], sizeof m->kinds[0], "%s", kind);
	return (long)m->nkinds++;
}

/* iterations (empty: 1) and think (empty: 0) of a step row. */
static int
mix_numbers(struct mix_load *ld, struct mix_step *st)
{
	const char	*it = ld->cr->field[2], *th = ld->cr->field[3];
	long		 n = 1;

	if (*it != '\0' && sm_parse_int(it, 1, MIX_MAX_ITERATIONS, &n) != 0) {
		mix_bad(ld, "iterations \"%s\": must be a whole number from "
		    "1 to %ld", it, MIX_MAX_ITERATIONS);
		return -1;
	}
	st->iterations = (uint64_t)n;
	st->think = 0;
	if (*th != '\0' && (sm_parse_double(th, &st->think) != 0 ||
	    !(st->think >= 0 && st->think <= MIX_MAX_THINK))) {
		mix_bad(ld, "think time \"%s\": must be a number of seconds "
		    "from 0 to %g", th, MIX_MAX_THINK);
		return -1;
	}
	return 0;
}

static void
mix_step_row(struct mix_load *ld, enum mix_kind kind)
{
	struct mix	*m = ld->mix;
	struct mix_step	 st;
	char		 label[32];
	long		 k;

	memset(&st, 0, sizeof st);
	st.kind = kind;
	st.line = ld->cr->rec_line;
	if (m->nsteps == MIX_MAX_STEPS) {
		mix_bad(ld, "more than %d steps", MIX_MAX_STEPS);
		return;
	}
	if (kind == MIX_TEST && mix_check_test(ld, ld->cr->field[1], &st.bench))
		return;
	if (kind == MIX_COMMAND && mix_check_command(ld, ld->cr->field[1]))
		return;
	if (mix_numbers(ld, &st) != 0)
		return;
	if (kind == MIX_TEST)
		snprintf(label, sizeof label, "%s", st.bench->id);
	else
		mix_command_kind(ld->cr->field[1], label, sizeof label);
	if ((k = mix_kind(ld, label)) < 0)
		return;
	st.kind_index = (size_t)k;
	if (kind == MIX_COMMAND)
		st.command = xstrdup(ld->cr->field[1]);
	m->steps = xreallocarray(m->steps, m->nsteps + 1, sizeof *m->steps);
	m->steps[m->nsteps++] = st;
}

static void
mix_users_row(struct mix_load *ld)
{
	struct mix	*m = ld->mix;
	struct sm_error	 e;

	if (m->nusers > 0)
		mix_bad(ld, "a second users row");
	else if (mix_parse_users(ld->cr->field[1], m->users, sizeof m->users /
	    sizeof m->users[0], &m->nusers, &e) != 0)
		mix_bad(ld, "users %s", e.msg);
}

static void
mix_record(struct mix_load *ld)
{
	const char	*kind;

	if (ld->cr->nfield != MIX_NCOLS) {
		mix_bad(ld, "expected %zu fields (kind,what,iterations,think), "
		    "got %zu", MIX_NCOLS, ld->cr->nfield);
		return;
	}
	if (ld->cr->nrec == 0) {
		for (size_t i = 0; i < MIX_NCOLS; i++)
			if (strcmp(ld->cr->field[i], mix_cols[i]) != 0) {
				mix_bad(ld, "not a mix: the first line must "
				    "be kind,what,iterations,think");
				return;
			}
		return;
	}
	kind = ld->cr->field[0];
	if (strcmp(kind, "test") == 0)
		mix_step_row(ld, MIX_TEST);
	else if (strcmp(kind, "command") == 0)
		mix_step_row(ld, MIX_COMMAND);
	else if (strcmp(kind, "source") == 0 && ld->mix->source == NULL)
		ld->mix->source = xstrdup(ld->cr->field[1]);
	else if (strcmp(kind, "source") == 0)
		mix_bad(ld, "a second source row");
	else if (strcmp(kind, "users") == 0)
		mix_users_row(ld);
	else
		mix_bad(ld, "unknown kind \"%s\" (expected test, command, "
		    "source or users)", kind);
}

/* One record of the file (csvrows.c calls it). */
static void
mix_on_row(struct csvrows *cr)
{
	struct mix_load	*ld = cr->data;

	ld->cr = cr;
	mix_record(ld);
}

/* At the end of the file: a mix without steps is named by its last line. */
static void
mix_on_end(struct csvrows *cr)
{
	struct mix_load	*ld = cr->data;

	ld->cr = cr;
	if (ld->mix->nsteps > 0)
		return;
	cr->rec_line = cr->line > 1 ? cr->line - 1 : 1;
	mix_bad(ld, "the mix has no steps (a user needs a test or command "
	    "row)");
}

/* Name, directory and path of the mix file. */
static void
mix_names(struct mix *m, const char *path)
{
	const char	*slash = strrchr(path, '/');
	const char	*base = slash != NULL ? slash + 1 : path;
	size_t		 n = strlen(base);
	char		 dir[PATH_MAX], abs[PATH_MAX];

	m->path = xstrdup(path);
	if (n > 4 && strcmp(base + n - 4, ".csv") == 0)
		n -= 4;
	m->name = xmalloc(n + 1);
	memcpy(m->name, base, n);
	m->name[n] = '\0';
	if (slash == NULL)
		snprintf(dir, sizeof dir, ".");
	else
		snprintf(dir, sizeof dir, "%.*s",
		    (int)(slash - path + (slash == path)), path);
	/* Commands run elsewhere, in each user's private directory. */
	m->dir = realpath(dir, abs) != NULL ? xstrdup(abs) : xstrdup(dir);
}

/*
 * The mixes directory: $SYSMARK_MIXES, the source tree's mixes/ when run
 * from there, or the installed data directory.
 */
static void
mix_dir(const char *self, char *buf, size_t len)
{
	paths_data_dir(self, "SYSMARK_MIXES", "mixes", buf, len);
}

/* The names of the shipped mixes, sorted (free each and the array). */
size_t
mix_list(const char *self, char ***names)
{
	char	dir[PATH_MAX];

	mix_dir(self, dir, sizeof dir);
	return paths_list_csv(dir, names);
}

/* What arg names: an existing file, else a shipped mix of that name. */
static int
mix_resolve(const char *self, const char *arg, char *path, size_t len,
    struct sm_error *err)
{
	char		dir[PATH_MAX];
	struct stat	sb;

	if (stat(arg, &sb) == 0 || strchr(arg, '/') != NULL) {
		snprintf(path, len, "%s", arg);
		return 0;
	}
	mix_dir(self, dir, sizeof dir);
	if (snprintf(path, len, "%s/%s.csv", dir, arg) >= (int)len ||
	    stat(path, &sb) != 0) {
		sm_error_set(err, "%s: no such file, and no mix of that name "
		    "in %s", arg, dir);
		return -1;
	}
	return 0;
}

/*
 * Load and check the mix arg names (a file, or a name in mixes/) into
 * an empty mix; 0, or -1 with a message naming path:line.
 */
int
mix_load(struct mix *m, const char *self, const char *arg,
    struct sm_error *err)
{
	struct mix_load	 ld;
	char		 path[PATH_MAX];
	locale_t	 c, old;
	int		 rc;

	memset(m, 0, sizeof *m);
	if (mix_resolve(self, arg, path, sizeof path, err) != 0)
		return -1;
	mix_names(m, path);
	memset(&ld, 0, sizeof ld);
	ld.mix = m;
	if ((c = newlocale(LC_NUMERIC_MASK, "C", (locale_t)0)) == (locale_t)0)
		sm_fatal("newlocale(C): %s", strerror(errno));
	old = uselocale(c);
	rc = csvrows_read(m->path, mix_on_row, mix_on_end, &ld, err);
	uselocale(old);
	freelocale(c);
	if (rc != 0) {
		mix_free(m);
		return -1;
	}
	return 0;
}

void
mix_free(struct mix *m)
{
	for (size_t i = 0; i < m->nsteps; i++)
		free(m->steps[i].command);
	free(m->steps);
	free(m->path);
	free(m->name);
	free(m->dir);
	free(m->source);
	memset(m, 0, sizeof *m);
}

/*
 * Parse a user-count list ("1,2,4,8", or cpus and scale as for copies)
 * into at most max distinct values from 1 to MIX_MAX_USERS; 0, or -1.
 */
int
mix_parse_users(const char *arg, int *out, size_t max, size_t *n,
    struct sm_error *err)
{
	char	*copy = xstrdup(arg), *tok, *save = NULL;
	long	 v;
	int	 rc = 0;

	for (tok = strtok_r(copy, ", ", &save); tok != NULL && rc == 0;
	    tok = strtok_r(NULL, ", ", &save))
		if (strcmp(tok, "cpus") != 0 && strcmp(tok, PLAN_SCALE) &&
		    sm_parse_int(tok, 1, MIX_MAX_USERS, &v) != 0)
			rc = -1;
	free(copy);
	if (rc == 0 && plan_parse_copies(arg, out, max, n, err) != 0)
		return -1;
	for (size_t i = 0; rc == 0 && i < *n; i++)
		if (out[i] > MIX_MAX_USERS)
			rc = -1;
	if (rc != 0)
		sm_error_set(err, "%s: user counts must be whole numbers "
		    "from 1 to %d (or cpus, scale)", arg, MIX_MAX_USERS);
	return rc;
}
