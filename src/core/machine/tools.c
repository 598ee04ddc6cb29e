/*
 * The external programs a run depended on.  The C compiler, shell and dc
 * tests measure the system's programs as much as the machine (seed 003
 * shows a compiler upgrade as a "-99%" change), so the run records, for
 * each program a planned bench names in its tool field, where it was
 * found and the first line of its --version: meta "tool.cc" and so on.
 */
/* SPDX-License-Identifier: MIT */

#include <stdio.h>
#include <string.h>

#include "machine.h"

/* "path: first line of path --version", or the path alone. */
static void
tools_describe(const char *path, char *buf, size_t len)
{
	char	 cmd[1200], line[200] = "";
	FILE	*p;

	snprintf(buf, len, "%s", path);
	if (strchr(path, '\'') != NULL)
		return;
	snprintf(cmd, sizeof cmd, "'%s' --version 2>/dev/null </dev/null",
	    path);
	if ((p = popen(cmd, "r")) == NULL)
		return;
	if (fgets(line, sizeof line, p) == NULL)
		line[0] = '\0';
	/* A program without --version (dash) exits non-zero: path only. */
	if (pclose(p) != 0 || line[0] == '\0')
		return;
	line[strcspn(line, "\n")] = '\0';
	snprintf(buf, len, "%s: %s", path, line);
}

void
tools_record(struct run *run, const struct bench *const *b, size_t n)
{
	char	key[64], path[1024], desc[1400];

	for (size_t i = 0; i < n; i++) {
		if (b[i]->tool == NULL)
			continue;
		snprintf(key, sizeof key, "tool.%s", b[i]->tool);
		if (run_meta_get(run, key) != NULL)
			continue;
		if (bench_which(b[i]->tool, path, sizeof path) != 0)
			snprintf(desc, sizeof desc, "not found");
		else
			tools_describe(path, desc, sizeof desc);
		run_meta_set(run, key, desc);
	}
}
