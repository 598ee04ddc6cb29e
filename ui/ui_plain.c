/*
 * The console on a terminal that cannot move its cursor (TERM=dumb, a
 * printing terminal, an editor's shell buffer): the same choices asked
 * one line at a time, answered with the core's own parsers, into a plan
 * that the command line's measuring run (cli_measure.c) then measures,
 * with the progress lines and table `sysmark run` shows.  So this mode
 * shares the CLI's run path instead of copying it.
 */
/* SPDX-License-Identifier: MIT */

#include <sys/stat.h>

#include <stdlib.h>
#include <string.h>

#include "ui.h"
#include "console.h"

/* Ask with a default; the answer (or the default) lands in buf. */
static int
ui_plain_line(const char *question, const char *def, char *buf, size_t len)
{
	size_t	n;

	printf("%s [%s]: ", question, def);
	fflush(stdout);
	if (fgets(buf, (int)len, stdin) == NULL) {
		putchar('\n');
		return -1;
	}
	n = strcspn(buf, "\r\n");
	buf[n] = '\0';
	if (n == 0)
		snprintf(buf, len, "%s", def);
	return 0;
}

static void
ui_plain_catalog(void)
{
	const char	*group = NULL;
	char		 msg[256];

	printf("sysmark %s: plain console (no terminal here that can move "
	    "its cursor)\n", SYSMARK_VERSION);
	for (size_t i = 0; registry_all[i] != NULL; i++) {
		const struct bench	*b = registry_all[i];

		if (group == NULL || strcmp(group, b->group) != 0)
			printf("%s\n", group = b->group);
		printf("  %-10s %-5s %s\n", b->id, b->unit, b->title);
	}
	if (sysinfo_not_idle(msg, sizeof msg))
		printf("warning: %s\n", msg);
	else
		printf("idle check: the machine looks idle\n");
}

/* Ask until the answer parses; -1 at end of input. */
/*
 * The default answer: the console's first preset (UnixBench's index
 * set), from the core's list; when its baseline is missing, that
 * preset's own fallback, the first test of each group.
 */
static void
ui_plain_default_tests(const char *self, char *def, size_t len)
{
	struct sm_error	 err;
	unsigned char	*sel = xcalloc(registry_count(), 1);
	size_t		 pos = 0;

	def[0] = '\0';
	(void)preset_select(&preset_all[0], self, sel, &err);
	for (size_t i = 0; registry_all[i] != NULL && pos < len; i++)
		if (sel[i])
			pos += (size_t)snprintf(def + pos, len - pos, "%s%s",
			    pos > 0 ? "," : "", registry_all[i]->id);
	free(sel);
}

static int
ui_plain_tests(const char *self, char *buf, size_t len)
{
	const struct bench	**b;
	struct sm_error		  err;
	size_t			  n;
	char			  def[256];

	ui_plain_default_tests(self, def, sizeof def);
	for (;;) {
		if (ui_plain_line("tests (ids, commas between; all)", def, buf,
		    len) != 0)
			return -1;
		if (strcmp(buf, "all") == 0)
			buf[0] = '\0';
		if (registry_parse(buf, &b, &n, &err) == 0) {
			free(b);
			return 0;
		}
		printf("%s\n", err.msg);
	}
}

static int
ui_plain_settings(char *copies, char *dur, char *samples, size_t len)
{
	struct sm_error	err;
	int		v[UI_MAX_COPIES];
	size_t		n;
	double		d;
	long		k;

	do {
		if (ui_plain_line("copies (e.g. 1,cpus)", "1", copies,
		    len) != 0)
			return -1;
	} while (plan_parse_copies(copies, v, UI_MAX_COPIES, &n, &err) &&
	    printf("%s\n", err.msg));
	do {
		if (ui_plain_line("seconds per sample", "10", dur, len) != 0)
			return -1;
	} while ((sm_parse_double(dur, &d) != 0 || d < PLAN_MIN_DURATION ||
	    d > PLAN_MAX_DURATION) && printf("from %g to %g seconds\n",
	    PLAN_MIN_DURATION, PLAN_MAX_DURATION));
	do {
		if (ui_plain_line("samples per test", "6", samples, len) != 0)
			return -1;
	} while (sm_parse_int(samples, 1, PLAN_MAX_SAMPLES, &k) != 0 &&
	    printf("a whole number from 1 to %d\n", PLAN_MAX_SAMPLES));
	return 0;
}

/* The file to save to; *replace is set when the user agreed to it. */
static int
ui_plain_save(const char *self, char *path, size_t len, int *replace)
{
	struct sm_error	err;
	struct run	run;
	struct stat	sb;
	char		def[PATH_MAX], yn[8];

	run_init(&run);
	sysinfo_collect(&run);
	if (paths_default_run(self, &run, def, sizeof def, &err) != 0) {
		printf("%s\n", err.msg);
		def[0] = '\0';
	}
	run_free(&run);
	*replace = 0;
	for (;;) {
		if (ui_plain_line("save as", def, path, len) != 0)
			return -1;
		if (stat(path, &sb) != 0)
			return 0;
		if (ui_plain_line("that file exists; replace it?", "n", yn,
		    sizeof yn) != 0)
			return -1;
		if ((*replace = yn[0] == 'y' || yn[0] == 'Y'))
			return 0;
	}
}

/* The plan the answers make, and how long it will take said. */
static void
ui_plain_plan(const char *tests, const char *copies, const char *dur,
    const char *samples, struct plan *plan)
{
	struct sm_error	err;
	long		k = 0;
	char		est[32];

	if (registry_parse(tests[0] != '\0' ? tests : NULL, &plan->benches,
	    &plan->nbench, &err) != 0 ||
	    plan_parse_copies(copies, plan->copies, PLAN_NCOPIES,
	    &plan->ncopies, &err) != 0 ||
	    sm_parse_double(dur, &plan->duration) != 0 ||
	    sm_parse_int(samples, 1, PLAN_MAX_SAMPLES, &k) != 0)
		sm_fatal("plain console: checked answers do not parse");
	plan->samples = (int)k;
	ui_format_secs(plan_estimate(plan), est, sizeof est);
	printf("estimated time: %s\n", est);
}

/*
 * Ask what to run into c (its plan made with plan_init(): the caller
 * frees it); 0 when the run is to start, -1 when the user stops, *eof
 * set when the input ended before that.
 */
int
ui_plain_ask(const char *argv0, struct ui_plain_choice *c, int *eof)
{
	char	self[PATH_MAX], tests[256], copies[64], dur[64];
	char	samples[64], go[8];

	if (paths_self_exe(argv0, self, sizeof self) != 0)
		self[0] = '\0';
	*eof = 1;
	ui_plain_catalog();
	if (ui_plain_tests(self[0] ? self : NULL, tests, sizeof tests) != 0 ||
	    ui_plain_settings(copies, dur, samples, sizeof copies) != 0 ||
	    ui_plain_save(self[0] ? self : NULL, c->out, sizeof c->out,
	    &c->force) != 0)
		return -1;
	ui_plain_plan(tests, copies, dur, samples, &c->plan);
	if (ui_plain_line("start the run? (y/n)", "y", go, sizeof go) != 0)
		return -1;
	*eof = 0;
	return go[0] == 'y' || go[0] == 'Y' ? 0 : -1;
}
