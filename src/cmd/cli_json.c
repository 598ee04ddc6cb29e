/*
 * -f json on the command line: the documents of the commands that print
 * a run (run, show, import, users, calibrate), built from json_run.c and
 * json_out.c with the same extra tables the text form prints after the
 * results, and written whole, once, on stdout.  compare and list build
 * theirs in their own files from the same pieces.
 */
/* SPDX-License-Identifier: MIT */

#include <stdio.h>
#include <stdlib.h>

#include "cmd.h"

/* Write doc on stdout and free it; 0 or the exit status. */
int
cli_json_write(struct json_t *doc)
{
	struct sm_error	err;

	if (json_out_write(doc, stdout, &err) != 0)
		return cmd_input_error(&err);
	return 0;
}

/*
 * command's document for run, saved as file (NULL: not saved): the run,
 * its curves and response-time tables, with base the INDEX VALUES table
 * against it (named name), with noise calibrate's profile table.
 */
int
cli_json_run(const char *command, const struct run *run, const char *file,
    const struct run *base, const char *name, int noise)
{
	struct json_t	 *doc = json_out_doc(command);
	struct table	**t;
	struct table	 *one;
	char		 *label;
	size_t		  n;

	json_run_add(doc, run, file);
	n = curves_tables(run, &t);
	json_out_add_tables(doc, t, n);
	free(t);
	if (base != NULL) {
		label = paths_label(name);
		one = cmd_index_table(run, base, label);
		json_out_set(doc, "index", json_out_table(one));
		table_free(one);
		free(label);
	}
	if (noise) {
		one = noise_table(run);
		json_out_set(doc, "noise", json_out_table(one));
		table_free(one);
	}
	return cli_json_write(doc);
}
