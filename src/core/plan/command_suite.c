/*
 * Suite files: command tests written down, one per row, for `run --suite
 * FILE`.  A CSV file like the mixes (csvrows.c, strict, '#' comments),
 * whose first line names the columns:
 *
 *   id,title,command,setup,cleanup,unit,direction
 *   gzip-6,gzip -6 of the services file,gzip -6 -c /etc/services,,,ms,lower
 *
 * id is the test's name (empty: the program's); command is what is timed
 * (parameters {NAME} as with -x); setup and cleanup run through sh -c,
 * untimed, before and after each sample; unit is s, ms, us or ns per
 * execution (empty: s), or /s for executions per second; direction,
 * lower or higher (empty: as the unit says), must agree with the unit.
 * A row with a column missing, anything command_parse() refuses, or a
 * column longer than exec or a run file can take (command_suite_fits())
 * is named as path:line before anything runs.
 */
/* SPDX-License-Identifier: MIT */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "plan.h"

static const char *const command_suite_cols[] = {
	"id", "title", "command", "setup", "cleanup", "unit", "direction"
};
#define SUITE_NCOLS	(sizeof command_suite_cols / sizeof command_suite_cols[0])

/* The units a suite may give: per execution, or executions per second. */
static const struct {
	const char	*unit;
	enum bench_dir	 dir;
	double		 scale;
} command_suite_units[] = {
	{ "s", BENCH_LOWER, 1 }, { "ms", BENCH_LOWER, 1e3 },
	{ "us", BENCH_LOWER, 1e6 }, { "ns", BENCH_LOWER, 1e9 },
	{ "/s", BENCH_HIGHER, 1 }
};

struct command_suite {
	struct command_set		*set;
	const struct command_param	*param;
	size_t				 nparam;
	const struct command_opts	*opts;
};

/* The unit and direction columns into the command's; 0 or -1. */
static int
command_suite_unit(struct csvrows *cr, struct command *cmd)
{
	const char	*unit = cr->field[5], *dir = cr->field[6];
	size_t		 i, n = sizeof command_suite_units /
			     sizeof command_suite_units[0];

	if (*unit == '\0')
		unit = "s";
	for (i = 0; i < n; i++)
		if (strcmp(unit, command_suite_units[i].unit) == 0)
			break;
	if (i == n) {
		csvrows_bad(cr, "unit \"%s\": s, ms, us, ns or /s", unit);
		return -1;
	}
	if (*dir != '\0' && strcmp(dir, command_suite_units[i].dir ==
	    BENCH_LOWER ? "lower" : "higher") != 0) {
		csvrows_bad(cr, "direction \"%s\" with unit %s: %s", dir, unit,
		    command_suite_units[i].dir == BENCH_LOWER ? "a time per "
		    "execution is lower-is-better" : "executions per second "
		    "are higher-is-better");
		return -1;
	}
	snprintf(cmd->unit, sizeof cmd->unit, "%s", unit);
	cmd->dir = command_suite_units[i].dir;
	cmd->scale = command_suite_units[i].scale;
	return 0;
}

/* The spec command_add() takes: id=command, or the command alone. */
static char *
command_suite_spec(struct csvrows *cr)
{
	const char	*id = cr->field[0], *text = cr->field[2];
	char		*spec;

	if (*id != '\0' && !command_valid_name(id, strlen(id))) {
		csvrows_bad(cr, "id \"%s\": letters, digits, '_', '.' and '-', "
		    "at most 31", id);
		return NULL;
	}
	spec = xmalloc(strlen(id) + strlen(text) + 2);
	sprintf(spec, "%s%s%s", id, *id != '\0' ? "=" : "", text);
	return spec;
}

/*
 * Each column within what it goes to: setup and cleanup are one argument
 * of sh -c, as the command is; all the row's columns together one fact of
 * the run file (command_fits()).  Said as path:line otherwise.
 */
static void
command_suite_fits(struct csvrows *cr, size_t first)
{
	struct command_suite	*su = cr->data;
	struct sm_error		 e;

	for (int i = 3; i <= 4; i++)
		if (strlen(cr->field[i]) >= MIX_MAX_ARG) {
			csvrows_bad(cr, "%s: %zu bytes; exec takes at most %ld "
			    "in one argument", command_suite_cols[i],
			    strlen(cr->field[i]), MIX_MAX_ARG - 1);
			return;
		}
	for (size_t i = first; i < su->set->n; i++)
		if (command_fits(su->set->cmd[i], &e) != 0) {
			csvrows_bad(cr, "%s", e.msg);
			return;
		}
}

static void
command_suite_row(struct csvrows *cr)
{
	struct command_suite	*su = cr->data;
	struct sm_error		 e;
	struct command		 unit;
	size_t			 first = su->set->n;
	char			*spec;

	if (cr->nfield != SUITE_NCOLS) {
		csvrows_bad(cr, "expected %zu columns (id,title,command,setup,"
		    "cleanup,unit,direction), got %zu", SUITE_NCOLS,
		    cr->nfield);
		return;
	}
	if (cr->nrec == 0) {
		for (size_t i = 0; i < SUITE_NCOLS; i++)
			if (strcmp(cr->field[i], command_suite_cols[i]) != 0)
				csvrows_bad(cr, "not a suite: the first line "
				    "must be id,title,command,setup,cleanup,"
				    "unit,direction");
		return;
	}
	memset(&unit, 0, sizeof unit);
	if (command_suite_unit(cr, &unit) != 0 ||
	    (spec = command_suite_spec(cr)) == NULL)
		return;
	if (command_add(su->set, spec, su->param, su->nparam, su->opts,
	    &e) != 0) {
		free(spec);
		csvrows_bad(cr, "%s", e.msg);
		return;
	}
	free(spec);
	for (size_t i = first; i < su->set->n; i++) {
		struct command	*cmd = su->set->cmd[i];

		memcpy(cmd->unit, unit.unit, sizeof cmd->unit);
		cmd->dir = unit.dir;
		cmd->scale = unit.scale;
		if (*cr->field[1] != '\0')
			cmd->title = xstrdup(cr->field[1]);
		if (*cr->field[3] != '\0')
			cmd->setup = xstrdup(cr->field[3]);
		if (*cr->field[4] != '\0')
			cmd->cleanup = xstrdup(cr->field[4]);
		command_bench_init(cmd);
	}
	command_suite_fits(cr, first);
}

/* Add path's command tests to set; 0, or -1 with err naming path:line. */
int
command_suite_load(struct command_set *set, const char *path,
    const struct command_param *p, size_t np, const struct command_opts *o,
    struct sm_error *err)
{
	struct command_suite	su = { set, p, np, o };
	size_t			first = set->n;

	if (csvrows_read(path, command_suite_row, NULL, &su, err) != 0)
		return -1;
	if (set->n == first) {
		sm_error_set(err, "%s: the suite has no commands", path);
		return -1;
	}
	return 0;
}
