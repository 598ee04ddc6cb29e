/*
 * sysmark list: every test the registry holds, by group, with its id
 * (what -t takes), title, unit, version and description, and under
 * them what each unit means (units.c).
 */
/* SPDX-License-Identifier: MIT */

#include <stdio.h>
#include <string.h>

#include "cmd.h"

const char cmd_list_usage[] =
"usage: sysmark list [-f FORMAT]\n"
"\n"
"List every test: its id (what -t takes), title, unit and version;\n"
"then what each unit means.\n"
"\n"
CMD_HELP_F;

/* sysmark list [-f FORMAT]: the tests, grouped as the registry is. */
int
cmd_list(int argc, char **argv, const char *argv0)
{
	enum table_format	 fmt = TABLE_TEXT;
	struct table		*t;
	struct sm_error		 err;
	const char		*group = NULL;
	struct json_t		*doc;
	struct cmd_args		 ops = { 0 };
	int			 c, rc = 0;

	(void)argv0;
	while (rc == 0 && (c = cmd_getopt(argc, argv, "f:", NULL, &ops)) !=
	    -1)
		rc = c == '?' ? SM_EXIT_INPUT : cmd_parse_format(optarg, &fmt);
	rc = cmd_args_none(&ops, "list", rc);
	if (rc != 0)
		return rc;
	if (fmt == TABLE_JSON) {
		doc = json_out_doc("list");
		json_out_catalog(doc);
		return cli_json_write(doc);
	}
	t = table_new(NULL);
	table_add_col(t, "ID", TABLE_LEFT);
	table_add_col(t, "TEST", TABLE_LEFT);
	table_add_col(t, "UNIT", TABLE_LEFT);
	table_add_col(t, "V", TABLE_RIGHT);
	table_add_col(t, "DESCRIPTION", TABLE_LEFT);
	for (size_t k = 0; registry_all[k] != NULL; k++) {
		const struct bench	*b = registry_all[k];
		size_t			 r;

		if (group == NULL || strcmp(group, b->group) != 0)
			table_add_section(t, "%s", group = b->group);
		r = table_add_row(t);
		table_set(t, r, 0, "%s", b->id);
		table_set(t, r, 1, "%s", b->title);
		table_set(t, r, 2, "%s", b->unit);
		table_set(t, r, 3, "%d", b->version);
		table_set(t, r, 4, "%s", b->desc);
	}
	for (size_t k = 0; unit_at(k) != NULL; k++)
		table_add_note(t, "%s: %s.", unit_at(k),
		    unit_describe(unit_at(k)));
	rc = table_render(t, fmt, stdout, &err);
	table_free(t);
	return rc == 0 ? 0 : cmd_input_error(&err);
}
