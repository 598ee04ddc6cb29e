/*
 * sysmark completion bash|zsh: a completion script for the shell, made
 * from the commands' table (main_cmds) and each command's usage, so a new
 * command or option completes with no script to edit.  It completes the
 * command after "sysmark", a command's subcommands (fleet's) right after
 * it, its options (the words of its synopsis and the leading field of
 * each option line, as tests/e2e/manpage.sh reads them) after a "-", test
 * ids after -t where -t takes them, the presets after --preset, the
 * groups after -g GROUP, the baselines (as the script is made) after -b
 * where -b names one, the mixes for users' MIX, and file names elsewhere
 * and beside the baselines and mixes.
 *
 * Every word printed is checked to be an option, a lower-case name or a
 * test id made of safe characters, so the script never holds anything a
 * shell would expand.
 */
/* SPDX-License-Identifier: MIT */

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd.h"

const char cmd_completion_usage[] =
"usage: sysmark completion bash|zsh\n"
"\n"
"Print a completion script for bash or zsh, made from the commands'\n"
"usages: source <(sysmark completion bash) loads it in this shell.\n";

/* A set of words, each pointing into a usage or the registry. */
struct cmd_completion_set {
	const char	**w;
	size_t		 *len;
	size_t		  n;
};

/* Add a word once. */
static void
cmd_completion_add(struct cmd_completion_set *s, const char *w, size_t len)
{
	for (size_t i = 0; i < s->n; i++)
		if (s->len[i] == len && strncmp(s->w[i], w, len) == 0)
			return;
	s->w = xreallocarray(s->w, s->n + 1, sizeof *s->w);
	s->len = xreallocarray(s->len, s->n + 1, sizeof *s->len);
	s->w[s->n] = w;
	s->len[s->n++] = len;
}

static void
cmd_completion_free(struct cmd_completion_set *s)
{
	free(s->w);
	free(s->len);
	s->w = NULL;
	s->len = NULL;
	s->n = 0;
}

/* Is w[0..len) an option: -x or --name? */
static int
cmd_completion_is_opt(const char *w, size_t len)
{
	size_t	i = w[1] == '-' ? 2 : 1;

	if (len < 2 || w[0] != '-' || i >= len || !isalpha((unsigned char)w[i]))
		return 0;
	if (i == 1 && len != 2)
		return 0;
	for (; i < len; i++)
		if (!isalnum((unsigned char)w[i]) && w[i] != '-')
			return 0;
	return 1;
}

/* Add the options among the words of s[0..len) (split at " []|,"). */
static void
cmd_completion_opts_in(struct cmd_completion_set *set, const char *s,
    size_t len)
{
	size_t	i = 0, j;

	while (i < len) {
		while (i < len && strchr(" []|,", s[i]) != NULL)
			i++;
		for (j = i; j < len && strchr(" []|,", s[j]) == NULL; j++)
			;
		if (j > i && cmd_completion_is_opt(s + i, j - i))
			cmd_completion_add(set, s + i, j - i);
		i = j;
	}
}

/*
 * A usage's options: every option word of its synopsis (up to the first
 * blank line), and the leading field of each option line after it
 * ("  -t ID,...      tests to run": up to the first two spaces).
 */
static void
cmd_completion_opts(struct cmd_completion_set *set, const char *usage)
{
	const char	*p = usage, *eol, *gap;
	int		 body = 0;

	for (; *p != '\0'; p = *eol != '\0' ? eol + 1 : eol) {
		eol = strchr(p, '\n');
		if (eol == NULL)
			eol = p + strlen(p);
		if (eol == p) {
			body = 1;
			continue;
		}
		if (!body) {
			cmd_completion_opts_in(set, p, (size_t)(eol - p));
			continue;
		}
		if (eol - p < 3 || strncmp(p, "  -", 3) != 0)
			continue;
		gap = strstr(p + 2, "  ");
		if (gap == NULL || gap > eol)
			gap = eol;
		cmd_completion_opts_in(set, p + 2, (size_t)(gap - p - 2));
	}
}

/*
 * A command's subcommands: in its synopsis, the lower-case words right
 * after "sysmark NAME " ("fleet check", "completion bash|zsh").
 */
static void
cmd_completion_subs(struct cmd_completion_set *set, const char *name,
    const char *usage)
{
	const char	*end = strstr(usage, "\n\n"), *p = usage, *q;
	size_t		 nlen = strlen(name);

	if (end == NULL)
		end = usage + strlen(usage);
	while ((p = strstr(p, "sysmark ")) != NULL && p < end) {
		p += 8;
		if (strncmp(p, name, nlen) != 0 || p[nlen] != ' ')
			continue;
		for (p += nlen + 1;; p = q + 1) {
			for (q = p; islower((unsigned char)*q); q++)
				;
			if (q == p || (*q != ' ' && *q != '\n' && *q != '|'))
				break;
			cmd_completion_add(set, p, (size_t)(q - p));
			if (*q != '|')
				break;
		}
	}
}

/* Does the command's -t take test ids (run's, compare's patterns)? */
static int
cmd_completion_takes_ids(const char *usage)
{
	return strstr(usage, "-t ID") != NULL ||
	    strstr(usage, "-t PATTERN") != NULL ||
	    strstr(usage, "[-t -c") != NULL;
}

/* A test id as the script may hold it: no character a shell expands. */
static int
cmd_completion_safe_id(const char *id)
{
	if (*id == '\0' || *id == '-')
		return 0;
	for (; *id != '\0'; id++)
		if (!isalnum((unsigned char)*id) && strchr("_@.-", *id) == NULL)
			return 0;
	return 1;
}

static void
cmd_completion_print(FILE *f, const struct cmd_completion_set *s)
{
	for (size_t i = 0; i < s->n; i++)
		fprintf(f, "%s%.*s", i > 0 ? " " : "", (int)s->len[i], s->w[i]);
}

/* The test ids, space-separated. */
static void
cmd_completion_print_ids(FILE *f)
{
	int	first = 1;

	for (size_t i = 0; i < registry_count(); i++) {
		if (!cmd_completion_safe_id(registry_all[i]->id))
			continue;
		fprintf(f, "%s%s", first ? "" : " ", registry_all[i]->id);
		first = 0;
	}
}

/* A group's name as the script may hold it: "lmbench: file system". */
static int
cmd_completion_safe_group(const char *g)
{
	for (; *g != '\0'; g++)
		if (!isalnum((unsigned char)*g) && strchr(" :_-", *g) == NULL)
			return 0;
	return 1;
}

/*
 * The groups of the catalog, each once, between sep ("\\n" for bash's
 * $'...', which splits them at new lines, as they hold spaces) and each
 * within q (zsh's words, each quoted).
 */
static void
cmd_completion_print_groups(FILE *f, const char *sep, const char *q)
{
	char	seen[1024];
	size_t	at = 0;

	seen[0] = '\0';
	for (size_t i = 0; i < registry_count(); i++) {
		const char *g = registry_all[i]->group;

		if (strstr(seen, g) != NULL || !cmd_completion_safe_group(g) ||
		    at + strlen(g) + 2 >= sizeof seen)
			continue;
		fprintf(f, "%s%s%s%s", at > 0 ? sep : "", q, g, q);
		at += (size_t)snprintf(seen + at, sizeof seen - at, "|%s|", g);
	}
}

/* The presets' names, space-separated. */
static void
cmd_completion_print_presets(FILE *f)
{
	char	names[256];

	preset_names(names, sizeof names);
	for (char *p = names; *p != '\0'; p++)
		fputc(*p == '|' ? ' ' : *p, f);
}

/* The names of n words from a data directory, those safe to hold. */
static void
cmd_completion_print_names(FILE *f, char **v, size_t n)
{
	int	first = 1;

	for (size_t i = 0; i < n; i++) {
		if (cmd_completion_safe_id(v[i])) {
			fprintf(f, "%s%s", first ? "" : " ", v[i]);
			first = 0;
		}
		free(v[i]);
	}
	free(v);
}

/* The baselines and the mixes that self finds, as the script is made. */
static void
cmd_completion_print_data(FILE *f, const char *self, int mixes)
{
	char	**v;
	size_t	  n = mixes ? mix_list(self, &v) : baseline_list(self, &v);

	cmd_completion_print_names(f, v, n);
}

/* The commands, then the global options of main's usage. */
static void
cmd_completion_print_cmds(FILE *f)
{
	struct cmd_completion_set	s = { 0 };

	for (size_t i = 0; i < main_ncmds; i++)
		cmd_completion_add(&s, main_cmds[i].name, strlen(main_cmds[i].name));
	cmd_completion_add(&s, "-h", 2);
	cmd_completion_add(&s, "--help", 6);
	cmd_completion_add(&s, "-V", 2);
	cmd_completion_add(&s, "--version", 9);
	cmd_completion_print(f, &s);
	cmd_completion_free(&s);
}

/*
 * One case arm a command: NAME) opts='...'; subs='...'; ids=0|1.
 * open and close are the shell's case syntax ("NAME)" or "(NAME)").
 */
static void
cmd_completion_print_arm(FILE *f, const struct main_cmd *c, const char *open,
    const char *close)
{
	struct cmd_completion_set	s = { 0 };

	fprintf(f, "\t%s%s%s\n\t\topts='", open, c->name, close);
	cmd_completion_opts(&s, c->usage);
	cmd_completion_print(f, &s);
	cmd_completion_free(&s);
	fputs("'\n\t\tsubs='", f);
	cmd_completion_subs(&s, c->name, c->usage);
	cmd_completion_print(f, &s);
	cmd_completion_free(&s);
	fprintf(f, "'\n\t\tids=%d base=%d mix=%d grp=%d ;;\n",
	    cmd_completion_takes_ids(c->usage),
	    strstr(c->usage, "against a baseline") != NULL ||
	    strstr(c->usage, "-b BASELINE") != NULL,
	    strstr(c->usage, " MIX\n") != NULL,
	    strstr(c->usage, "-g GROUP") != NULL);
}

static void
cmd_completion_print_arms(FILE *f, const char *open, const char *close)
{
	for (size_t i = 0; i < main_ncmds; i++)
		if (main_cmds[i].usage != NULL)
			cmd_completion_print_arm(f, &main_cmds[i], open, close);
}

static void
cmd_completion_bash(FILE *f, const char *self)
{
	fprintf(f, "# bash completion for sysmark %s, made by `sysmark "
	    "completion bash`\n# from the commands' usages.  Load it with: "
	    "source <(sysmark completion bash)\n", SYSMARK_VERSION);
	fputs("_sysmark()\n{\n"
	    "\tlocal cur=${COMP_WORDS[COMP_CWORD]} opts= subs= ids=0 pre=\n"
	    "\tlocal base=0 mix=0 grp=0\n"
	    "\tlocal prev=${COMP_WORDS[COMP_CWORD-1]}\n"
	    "\tCOMPREPLY=()\n"
	    "\tif [ \"$COMP_CWORD\" -eq 1 ]; then\n"
	    "\t\tCOMPREPLY=($(compgen -W '", f);
	cmd_completion_print_cmds(f);
	fputs("' -- \"$cur\"))\n\t\treturn 0\n\tfi\n"
	    "\tcase ${COMP_WORDS[1]} in\n", f);
	cmd_completion_print_arms(f, "", ")");
	fputs("\tesac\n"
	    "\tif [ \"$prev\" = -t ] && [ \"$ids\" = 1 ]; then\n"
	    "\t\tcase $cur in *,*) pre=${cur%,*},; cur=${cur##*,} ;; esac\n"
	    "\t\tCOMPREPLY=($(compgen -P \"$pre\" -W '", f);
	cmd_completion_print_ids(f);
	fputs("' -- \"$cur\"))\n\t\treturn 0\n\tfi\n"
	    "\tcase $prev in\n"
	    "\t--preset)\n\t\tCOMPREPLY=($(compgen -W '", f);
	cmd_completion_print_presets(f);
	fputs("' -- \"$cur\"))\n\t\treturn 0 ;;\n"
	    "\t-g)\n\t\t[ \"$grp\" = 1 ] || return 0\n"
	    "\t\tlocal IFS=$'\\n'\n"
	    "\t\tCOMPREPLY=($(compgen -W $'", f);
	cmd_completion_print_groups(f, "\\n", "");
	fputs("' -- \"$cur\"))\n"
	    "\t\t[ ${#COMPREPLY[@]} -eq 0 ] ||\n"
	    "\t\t\tCOMPREPLY=($(printf '%q\\n' \"${COMPREPLY[@]}\"))\n"
	    "\t\treturn 0 ;;\n"
	    "\t-b)\n\t\t[ \"$base\" = 1 ] &&\n"
	    "\t\t\tCOMPREPLY=($(compgen -W '", f);
	cmd_completion_print_data(f, self, 0);
	fputs("' -- \"$cur\"))\n\t\treturn 0 ;;\n"
	    "\tesac\n"
	    "\tcase $cur in\n"
	    "\t-*) COMPREPLY=($(compgen -W \"$opts\" -- \"$cur\")) ;;\n"
	    "\t*) [ \"$COMP_CWORD\" -ne 2 ] ||\n"
	    "\t\tCOMPREPLY=($(compgen -W \"$subs\" -- \"$cur\"))\n"
	    "\t\t[ \"$mix\" = 1 ] && [ \"${prev#-}\" = \"$prev\" ] &&\n"
	    "\t\t\tCOMPREPLY+=($(compgen -W '", f);
	cmd_completion_print_data(f, self, 1);
	fputs("' -- \"$cur\")) ;;\n"
	    "\tesac\n"
	    "\treturn 0\n}\n"
	    "complete -o default -F _sysmark sysmark\n", f);
}

static void
cmd_completion_zsh(FILE *f, const char *self)
{
	fprintf(f, "#compdef sysmark\n# zsh completion for sysmark %s, made "
	    "by `sysmark completion zsh`\n# from the commands' usages.  "
	    "Save it as _sysmark in a directory of $fpath,\n# or load it "
	    "after compinit: source <(sysmark completion zsh)\n",
	    SYSMARK_VERSION);
	fputs("_sysmark()\n{\n"
	    "\tlocal opts= subs= ids=0 base=0 mix=0 grp=0\n"
	    "\tif (( CURRENT == 2 )); then\n"
	    "\t\tcompadd -- ", f);
	cmd_completion_print_cmds(f);
	fputs("\n\t\treturn\n\tfi\n"
	    "\tcase $words[2] in\n", f);
	cmd_completion_print_arms(f, "(", ")");
	fputs("\tesac\n"
	    "\tif [[ $words[CURRENT-1] == -t && $ids == 1 ]]; then\n"
	    "\t\tcompset -P '*,'\n"
	    "\t\tcompadd -- ", f);
	cmd_completion_print_ids(f);
	fputs("\n\telif [[ $words[CURRENT-1] == --preset ]]; then\n"
	    "\t\tcompadd -- ", f);
	cmd_completion_print_presets(f);
	fputs("\n\telif [[ $words[CURRENT-1] == -g && $grp == 1 ]]; then\n"
	    "\t\tcompadd -- ", f);
	cmd_completion_print_groups(f, " ", "'");
	fputs("\n\telif [[ $words[CURRENT-1] == -b && $base == 1 ]]; then\n"
	    "\t\tcompadd -- ", f);
	cmd_completion_print_data(f, self, 0);
	fputs("\n\t\t_files\n"
	    "\telif [[ $PREFIX == -* ]]; then\n"
	    "\t\tcompadd -- ${=opts}\n"
	    "\telif (( CURRENT == 3 )) && [[ -n $subs ]]; then\n"
	    "\t\tcompadd -- ${=subs}\n"
	    "\telse\n"
	    "\t\t[[ $mix == 1 && $words[CURRENT-1] != -* ]] &&\n"
	    "\t\t\tcompadd -- ", f);
	cmd_completion_print_data(f, self, 1);
	fputs("\n\t\t_files\n"
	    "\tfi\n}\n"
	    "if [[ $funcstack[1] == _sysmark ]]; then\n"
	    "\t_sysmark \"$@\"\n"
	    "else\n"
	    "\tcompdef _sysmark sysmark\n"
	    "fi\n", f);
}

/* sysmark completion bash|zsh */
int
cmd_completion(int argc, char **argv, const char *argv0)
{
	struct cmd_args	 ops = { 0 };
	const char	*shell = NULL;
	char		 self[PATH_MAX];
	int		 rc = 0;

	/* No options: an unknown one is named, "--" ends them. */
	while (rc == 0 && cmd_getopt(argc, argv, "", NULL, &ops) != -1)
		rc = SM_EXIT_INPUT;
	if (rc == 0 && ops.n != 1)
		rc = cmd_usage_error("completion: name one shell, bash or "
		    "zsh");
	if (rc == 0)
		shell = ops.v[0];
	cmd_args_free(&ops);
	if (rc != 0)
		return rc;
	if (paths_self_exe(argv0, self, sizeof self) != 0)
		self[0] = '\0';
	if (strcmp(shell, "bash") == 0)
		cmd_completion_bash(stdout, self[0] ? self : NULL);
	else if (strcmp(shell, "zsh") == 0)
		cmd_completion_zsh(stdout, self[0] ? self : NULL);
	else
		return cmd_usage_error("completion: the shell is bash or zsh");
	if (fflush(stdout) != 0) {
		fputs("sysmark: completion: the script could not be written\n",
		    stderr);
		return SM_EXIT_INPUT;
	}
	return SM_EXIT_OK;
}
