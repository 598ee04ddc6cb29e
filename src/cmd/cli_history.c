/*
 * What history shares with show and report: saved runs loaded as a
 * history through the index, files read around named on stderr
 * (cli_history_load(), history and report --history), and a history
 * exported for the dashboards (cli_history_export(); show -f bmf|otava
 * as a one-run history, cli_history_show()).
 */
/* SPDX-License-Identifier: MIT */

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd.h"

/* A file read around, named on stderr with control characters shown. */
static void
cli_history_warn(const char *msg, void *arg)
{
	char	*v = xvisible(msg, 0);

	(void)arg;
	fprintf(stderr, "sysmark: history: %s (read around)\n", v);
	free(v);
}

/* No saved run in the n paths: said, naming the one path there was. */
static void
cli_history_none(char **paths, int n)
{
	char	*v;

	if (n != 1) {
		fputs("sysmark: history: no saved runs there\n", stderr);
		return;
	}
	v = xvisible(paths[0], 0);
	fprintf(stderr, "sysmark: history: no saved runs in %s\n", v);
	free(v);
}

/* The export -f names ('b' bmf, 'o' otava, 'c' otava-config), or 0. */
int
cli_history_export_kind(const char *name)
{
	if (strcmp(name, "bmf") == 0)
		return 'b';
	if (strcmp(name, "otava") == 0)
		return 'o';
	return strcmp(name, "otava-config") == 0 ? 'c' : 0;
}

/*
 * -f bmf, otava or otava-config ('b', 'o' or 'c') of history h; Otava's
 * configuration names the CSV as sysmark.csv, where its comment says to
 * save it.
 */
int
cli_history_export(const struct history *h, int kind)
{
	if (kind == 'b')
		return cli_json_write(history_bmf(h));
	if (kind == 'c')
		history_otava_config(h, "sysmark.csv", stdout);
	else
		history_otava(h, stdout);
	return fflush(stdout) == 0 ? 0 : SM_EXIT_INPUT;
}

/* show -f bmf|otava|otava-config: one run, as its own one-run history. */
int
cli_history_show(const char *path, const struct run *run, const char *fmt)
{
	struct history_query	q = { 0 };
	struct history		h;
	int			rc;

	changepoint_opts_default(&q.cp);
	history_init(&h);
	history_add_loaded(&h, path, run);
	history_build(&h, &q);
	rc = cli_history_export(&h, cli_history_export_kind(fmt));
	history_free(&h);
	return rc;
}

/*
 * The runs of paths[0..n) into h through the index (index: --index's
 * value, or NULL for the default), files read around named on stderr,
 * then its series built as q asks.  0, or the exit status.
 */
int
cli_history_load(struct history *h, char **paths, int n, const char *index,
    const struct history_query *q, struct histindex_stats *st)
{
	char	cache[PATH_MAX];

	history_init(h);
	histindex_load(h, paths, (size_t)n, histindex_cache(index, cache,
	    sizeof cache), cli_history_warn, NULL, st);
	if (h->nruns == 0) {
		history_free(h);
		cli_history_none(paths, n);
		return SM_EXIT_INPUT;
	}
	history_build(h, q);
	return 0;
}
