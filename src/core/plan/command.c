/*
 * Command tests: a command line a user gives (`run -x 'CMD'`, a suite
 * file) made a test of the run like the catalog's, so it gets every
 * statistic, the compare, the gate and the report.
 *
 * Here the command is read and checked before anything runs: split into
 * words as sh would (quotes, backslashes) so that a command without shell
 * syntax is started directly, with no shell's start-up in its figure;
 * one with shell syntax (a pipe, a redirection, a variable, a glob, a
 * keyword) goes through /bin/sh -c, and its shell's start-up is measured
 * and subtracted (command_bench.c).  An empty command, an unbalanced
 * quote, a program not on PATH and a {NAME} no parameter gives are
 * refused with where they were given.  The test's id is its name; its
 * version a hash of what is run, so a changed command is never compared
 * with the old one as if it were the same test.
 */
/* SPDX-License-Identifier: MIT */

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <jansson.h>

#include "plan.h"

/* Characters that, outside quotes, mean the shell has work to do. */
static const char	command_special[] = "|&;<>()$`*?[\n";

/* Words that are the shell's, never a program on PATH. */
static const char *const command_shell_words[] = {
	"!", "{", "}", "case", "do", "done", "elif", "else", "esac", "fi",
	"for", "if", "in", "then", "until", "while", ".", ":", "alias",
	"break", "cd", "continue", "eval", "exec", "exit", "export",
	"read", "readonly", "return", "set", "shift", "source", "trap",
	"type", "ulimit", "umask", "unalias", "unset", "wait", NULL
};

/* The words being split: each ends at a NUL in buf. */
struct command_words {
	char	*buf;
	char	**word;
	size_t	 n;
	int	 shell;		/* shell syntax seen */
};

static int	command_parse_text(struct command *, const char *,
		    const struct command_opts *, struct sm_error *);

static int
command_is_shell_word(const char *w)
{
	for (size_t i = 0; command_shell_words[i] != NULL; i++)
		if (strcmp(w, command_shell_words[i]) == 0)
			return 1;
	return 0;
}

/*
 * NAME=command whose NAME is no name: one word before the first '=' (so
 * not `echo a=b` nor `dd if=x`) that is empty, too long or holds what a
 * test id may not (`=true`, `tést=true`, an escape), or no command after
 * it.  Run as a command it would be a shell assignment, not what was
 * meant: 1 with err naming it, made visible; 0 when spec is no such thing.
 */
static int
command_bad_name(const char *spec, const char *eq, struct sm_error *err)
{
	size_t	 n;
	char	*name, *v;

	if (eq == NULL || (n = (size_t)(eq - spec)) > strcspn(spec, " \t"))
		return 0;
	if (command_valid_name(spec, n)) {
		if (eq[1] != '\0')
			return 0;
		sm_error_set(err, "%.*s=: no command after the name", (int)n,
		    spec);
		return 1;
	}
	name = xmalloc(n + 1);
	memcpy(name, spec, n);
	name[n] = '\0';
	v = xvisible(name, 0);
	sm_error_set(err, "name \"%.64s\" (before the '='): a test's name is "
	    "letters, digits, '_', '.' and '-', at most %zu",
	    v, sizeof ((struct run_sample *)0)->test - 1);
	free(v);
	free(name);
	return 1;
}

/* A name a test id may be: letters, digits, '_', '.', '-'. */
int
command_valid_name(const char *s, size_t len)
{
	if (len == 0 || len >= sizeof ((struct run_sample *)0)->test)
		return 0;
	for (size_t i = 0; i < len; i++)
		if (!isalnum((unsigned char)s[i]) && strchr("_.-", s[i]) == NULL)
			return 0;
	return 1;
}

/* Note shell syntax at c, outside quotes, at the start of a word or not. */
static void
command_note(struct command_words *w, const char *c, int word_start,
    size_t nword)
{
	if (strchr(command_special, *c) != NULL)
		w->shell = 1;
	else if (word_start && (*c == '#' || *c == '~'))
		w->shell = 1;
	else if (*c == '=' && nword == 0)
		w->shell = 1;	/* VAR=value before the program */
}

/*
 * Split text into words as sh does with quotes and backslashes; literal
 * (-N) takes every other character as itself.  0, or -1 with err set.
 */
static int
command_split(const char *text, int literal, struct command_words *w,
    struct sm_error *err)
{
	const char	*c = text;
	char		*o;
	int		 in_word = 0;

	memset(w, 0, sizeof *w);
	w->buf = o = xmalloc(strlen(text) + 1);
	w->word = xcalloc(strlen(text) / 2 + 2, sizeof *w->word);
	for (; *c != '\0'; c++) {
		if (*c == ' ' || *c == '\t') {
			if (in_word)
				*o++ = '\0';
			in_word = 0;
			continue;
		}
		if (!in_word) {
			w->word[w->n++] = o;
			in_word = 1;
			if (!literal)
				command_note(w, c, 1, w->n - 1);
		} else if (!literal)
			command_note(w, c, 0, w->n - 1);
		if (*c == '\'') {
			const char *end = strchr(c + 1, '\'');

			if (end == NULL)
				goto unbalanced;
			memcpy(o, c + 1, (size_t)(end - c - 1));
			o += end - c - 1;
			c = end;
		} else if (*c == '"') {
			for (c++; *c != '"'; c++) {
				if (*c == '\0')
					goto unbalanced;
				if ((*c == '$' || *c == '`') && !literal)
					w->shell = 1;
				if (*c == '\\' && strchr("$`\"\\", c[1]) != NULL)
					c++;
				*o++ = *c;
			}
		} else if (*c == '\\') {
			if (*++c == '\0') {
				sm_error_set(err, "a backslash ends the "
				    "command");
				return -1;
			}
			*o++ = *c;
		} else
			*o++ = *c;
	}
	*o = '\0';
	if (w->n > 0 && !literal && command_is_shell_word(w->word[0]))
		w->shell = 1;
	return 0;
unbalanced:
	sm_error_set(err, "an unbalanced %c quote", *c == '\0' ? '"' : *c);
	return -1;
}

/* The program must exist: on PATH, or at the path given. */
static int
command_check_program(const char *prog, struct sm_error *err)
{
	char	found[PATH_MAX];

	if (strchr(prog, '/') != NULL) {
		if (access(prog, X_OK) == 0)
			return 0;
		sm_error_set(err, "%s is not an executable file", prog);
		return -1;
	}
	if (bench_which(prog, found, sizeof found) == 0)
		return 0;
	sm_error_set(err, "program \"%s\" not found on PATH", prog);
	return -1;
}

/* A {NAME} left in text: its name in buf, 1; else 0. */
static int
command_unset_param(const char *text, char *buf, size_t len)
{
	for (const char *p = text; (p = strchr(p, '{')) != NULL; p++) {
		size_t	n = strspn(p + 1, "abcdefghijklmnopqrstuvwxyz"
		    "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_");

		if (n == 0 || p[n + 1] != '}' || (p > text && p[-1] == '$'))
			continue;
		snprintf(buf, len, "%.*s", (int)n, p + 1);
		return 1;
	}
	return 0;
}

/* FNV-1a over the text and how it is run, kept positive. */
static int
command_hash(const char *text, int shell)
{
	uint32_t	h = 2166136261u;

	for (const char *p = text; *p != '\0'; p++)
		h = (h ^ (unsigned char)*p) * 16777619u;
	h = (h ^ (shell ? 's' : 'x')) * 16777619u;
	return (int)(h & 0x7fffffff);
}

/* A name from the program's base name, as ids may be spelled. */
static void
command_derive_name(const char *prog, char *name, size_t len)
{
	const char	*base = strrchr(prog, '/');
	size_t		 n = 0;

	base = base != NULL ? base + 1 : prog;
	for (; *base != '\0' && n + 1 < len; base++)
		if (isalnum((unsigned char)*base) || strchr("_.-", *base))
			name[n++] = *base;
	name[n] = '\0';
	if (n == 0)
		snprintf(name, len, "cmd");
}

/* What is executed: the words, or /bin/sh -c and the text. */
static char **
command_argv(struct command_words *w, int shell, const char *text)
{
	char	**argv;

	if (shell) {
		argv = xcalloc(4, sizeof *argv);
		argv[0] = xstrdup("/bin/sh");
		argv[1] = xstrdup("-c");
		argv[2] = xstrdup(text);
	} else {
		argv = xcalloc(w->n + 1, sizeof *argv);
		for (size_t i = 0; i < w->n; i++)
			argv[i] = xstrdup(w->word[i]);
	}
	free(w->word);
	return argv;
}

/*
 * Make a command test of text (NAME='CMD' names it; else the name is the
 * program's); 0, or -1 with err saying what is wrong (the caller says
 * where).  Parameters have been substituted (command_scan()).
 */
int
command_parse(struct command *cmd, const char *spec,
    const struct command_opts *o, struct sm_error *err)
{
	const char	*eq = strchr(spec, '=');

	memset(cmd, 0, sizeof *cmd);
	if (command_bad_name(spec, eq, err))
		return -1;
	if (eq != NULL && command_valid_name(spec, (size_t)(eq - spec)) &&
	    eq[1] != '\0') {
		snprintf(cmd->name, sizeof cmd->name, "%.*s",
		    (int)(eq - spec), spec);
		spec = eq + 1;
	}
	return command_parse_text(cmd, spec, o, err);
}

/* command_parse() of the command alone (cmd zeroed but for its name). */
static int
command_parse_text(struct command *cmd, const char *text,
    const struct command_opts *o, struct sm_error *err)
{
	struct command_words	 w;
	char			 param[64];

	cmd->opts = *o;
	/* Options made without one (opts zeroed) get the default bound. */
	if (!(cmd->opts.setup_timeout > 0))
		cmd->opts.setup_timeout = COMMAND_SETUP_TIMEOUT;
	text += strspn(text, " \t");
	if (*text == '\0') {
		sm_error_set(err, "the command is empty");
		return -1;
	}
	if (strlen(text) >= MIX_MAX_ARG) {
		sm_error_set(err, "the command is %zu bytes; exec takes at "
		    "most %ld in one argument", strlen(text), MIX_MAX_ARG - 1);
		return -1;
	}
	if (command_unset_param(text, param, sizeof param)) {
		sm_error_set(err, "{%s}: no parameter %s is given (-P or -L)",
		    param, param);
		return -1;
	}
	if (command_split(text, o->no_shell, &w, err) != 0)
		goto fail;
	if (w.n == 0) {
		sm_error_set(err, "the command is empty");
		goto fail;
	}
	cmd->shell = w.shell && !o->no_shell;
	if ((!cmd->shell || !command_is_shell_word(w.word[0])) &&
	    strchr(w.word[0], '=') == NULL &&
	    strpbrk(w.word[0], command_special) == NULL &&
	    command_check_program(w.word[0], err) != 0)
		goto fail;
	if (cmd->name[0] == '\0')
		command_derive_name(w.word[0], cmd->name, sizeof cmd->name);
	cmd->text = xstrdup(text);
	cmd->argv = command_argv(&w, cmd->shell, text);
	cmd->version = command_hash(text, cmd->shell);
	free(w.buf);
	return 0;
fail:
	free(w.buf);
	free(w.word);
	return -1;
}

/*
 * The id and version sysmark would give text as a command test, without
 * checking that its program is here (an imported run's command, measured
 * elsewhere): so that a hyperfine export and a run -x of the same command
 * are the same test.
 */
void
command_ident(const char *text, char name[32], int *version)
{
	struct command_words	w;
	struct sm_error		err;

	if (command_split(text, 0, &w, &err) != 0 || w.n == 0) {
		snprintf(name, 32, "cmd");
		*version = command_hash(text, 1);
	} else {
		command_derive_name(w.word[0], name, 32);
		*version = command_hash(text, w.shell);
	}
	free(w.buf);
	free(w.word);
}

void
command_free(struct command *cmd)
{
	if (cmd->argv != NULL)
		for (size_t i = 0; cmd->argv[i] != NULL; i++)
			free(cmd->argv[i]);
	free(cmd->argv);
	free(cmd->text);
	free(cmd->title);
	free(cmd->setup);
	free(cmd->cleanup);
	free(cmd->param);
	memset(cmd, 0, sizeof *cmd);
}

/* ---- Parameters ---- */

static void
command_param_add(struct command_param *p, const char *v)
{
	p->values = xreallocarray(p->values, p->n + 1, sizeof *p->values);
	p->values[p->n++] = xstrdup(v);
}

static int
command_param_name(struct command_param *p, const char *name,
    struct sm_error *err)
{
	memset(p, 0, sizeof *p);
	if (!command_valid_name(name, strlen(name)) ||
	    strpbrk(name, ".-") != NULL || strlen(name) >= sizeof p->name) {
		sm_error_set(err, "parameter name \"%s\": letters, digits "
		    "and '_' only, at most %zu", name, sizeof p->name - 1);
		return -1;
	}
	snprintf(p->name, sizeof p->name, "%s", name);
	return 0;
}

/* -P NAME LO HI [-D STEP]: LO, LO+STEP, ... up to HI. */
int
command_param_range(struct command_param *p, const char *name,
    const char *lo, const char *hi, const char *step, struct sm_error *err)
{
	double	a, b, d = 1, v;
	char	buf[32];
	size_t	n;

	if (command_param_name(p, name, err) != 0)
		return -1;
	if (sm_parse_double(lo, &a) != 0 || sm_parse_double(hi, &b) != 0 ||
	    (step != NULL && sm_parse_double(step, &d) != 0)) {
		sm_error_set(err, "-P %s %s %s%s%s: not numbers", name, lo, hi,
		    step != NULL ? " -D " : "", step != NULL ? step : "");
		return -1;
	}
	if (!(d > 0) || a > b || (b - a) / d > COMMAND_MAX_VALUES) {
		sm_error_set(err, "-P %s: from %g to %g by %g is not a range "
		    "of at most %d values", name, a, b, d, COMMAND_MAX_VALUES);
		return -1;
	}
	n = (size_t)((b - a) / d * (1 + 1e-9)) + 1;
	for (size_t i = 0; i < n; i++) {
		v = a + d * (double)i;
		snprintf(buf, sizeof buf, "%.10g", v);
		command_param_add(p, buf);
	}
	return 0;
}

/* -L NAME a,b,c. */
int
command_param_list(struct command_param *p, const char *name,
    const char *list, struct sm_error *err)
{
	const char	*c = list, *end;
	char		*v;

	if (command_param_name(p, name, err) != 0)
		return -1;
	for (;; c = end + 1) {
		end = c + strcspn(c, ",");
		if (end == c || p->n == COMMAND_MAX_VALUES) {
			sm_error_set(err, "-L %s %s: %s", name, list,
			    end == c ? "an empty value" : "too many values");
			command_param_free(p);
			return -1;
		}
		v = xmalloc((size_t)(end - c) + 1);
		memcpy(v, c, (size_t)(end - c));
		v[end - c] = '\0';
		command_param_add(p, v);
		free(v);
		if (*end == '\0')
			return 0;
	}
}

void
command_param_free(struct command_param *p)
{
	for (size_t i = 0; i < p->n; i++)
		free(p->values[i]);
	free(p->values);
	memset(p, 0, sizeof *p);
}

/* text with every {name} replaced by value; allocated. */
static char *
command_subst(const char *text, const char *name, const char *value)
{
	size_t		 nl = strlen(name), vl = strlen(value), n = 0;
	const char	*c;
	char		*out, *o;

	for (c = text; (c = strchr(c, '{')) != NULL; c++)
		n++;
	out = o = xmalloc(strlen(text) + n * vl + 1);
	for (c = text; *c != '\0'; ) {
		if (*c == '{' && strncmp(c + 1, name, nl) == 0 &&
		    c[nl + 1] == '}' && (c == text || c[-1] != '$')) {
			memcpy(o, value, vl);
			o += vl;
			c += nl + 2;
		} else
			*o++ = *c++;
	}
	*o = '\0';
	return out;
}

/* ---- A run's command tests ---- */

static struct command *
command_set_find(const struct command_set *set, const char *name)
{
	for (size_t i = 0; i < set->n; i++)
		if (strcmp(set->cmd[i]->name, name) == 0)
			return set->cmd[i];
	return NULL;
}

/*
 * Add cmd to the set under a name no other test has: a name given twice
 * is refused, a derived one gets -2, -3...
 */
static int
command_set_put(struct command_set *set, struct command *cmd, int given,
    struct sm_error *err)
{
	char	base[25];

	if (command_set_find(set, cmd->name) != NULL ||
	    registry_find(cmd->name) != NULL) {
		if (given) {
			sm_error_set(err, "test name \"%s\" is given twice "
			    "(or is a catalog test's)", cmd->name);
			return -1;
		}
		memcpy(base, cmd->name, sizeof base - 1);
		base[sizeof base - 1] = '\0';
		for (int k = 2; k < 1000000 && (command_set_find(set,
		    cmd->name) != NULL || registry_find(cmd->name) != NULL);
		    k++)
			snprintf(cmd->name, sizeof cmd->name, "%s-%u", base,
			    (unsigned)k % 1000000u);
	}
	set->cmd = xreallocarray(set->cmd, set->n + 1, sizeof *set->cmd);
	set->cmd[set->n++] = cmd;
	command_bench_init(cmd);
	return 0;
}

/* The name spec gives (NAME='CMD'), or NULL. */
static int
command_named(const char *spec)
{
	const char	*eq = strchr(spec, '=');

	return eq != NULL && eq[1] != '\0' &&
	    command_valid_name(spec, (size_t)(eq - spec));
}

/*
 * A scan's test name: the command's, then each value (as names may be
 * spelled), cut to fit; "-" and the values' own hash when they did not.
 */
static void
command_scan_name(struct command *cmd, const char *suffix)
{
	char	name[sizeof cmd->name];
	size_t	n = strlen(cmd->name), k = 0;

	memcpy(name, cmd->name, n + 1);
	for (const char *c = suffix; *c != '\0' && n + k + 1 < sizeof name;
	    c++)
		if (isalnum((unsigned char)*c) || strchr("_.-", *c) != NULL)
			name[n + k++] = *c;
	name[n + k] = '\0';
	if (n + k + 1 >= sizeof name)
		snprintf(name + sizeof name - 10, 10, "-%08x",
		    (unsigned)command_hash(suffix, 0));
	memcpy(cmd->name, name, sizeof name);
}

/* One command of a scan: the values at the odometer's digits. */
static int
command_scan_one(struct command_set *set, const char *spec,
    const struct command_param *p, size_t np, const size_t *at,
    const struct command_opts *o, struct sm_error *err)
{
	struct command	*cmd = xcalloc(1, sizeof *cmd);
	char		 label[256] = "", suffix[256] = "", *text, *t;
	size_t		 ll = 0, sl = 0;

	text = xstrdup(spec);
	for (size_t i = 0; i < np; i++) {
		t = command_subst(text, p[i].name, p[i].values[at[i]]);
		free(text);
		text = t;
		ll += (size_t)snprintf(label + ll, sizeof label - ll,
		    "%s%s=%s", i ? " " : "", p[i].name, p[i].values[at[i]]);
		sl += (size_t)snprintf(suffix + sl, sizeof suffix - sl, "-%s",
		    p[i].values[at[i]]);
		ll = ll < sizeof label ? ll : sizeof label - 1;
		sl = sl < sizeof suffix ? sl : sizeof suffix - 1;
	}
	if (command_parse(cmd, text, o, err) != 0) {
		free(text);
		free(cmd);
		return -1;
	}
	free(text);
	if (np > 0) {
		cmd->param = xstrdup(label);
		command_scan_name(cmd, suffix);
	}
	if (command_set_put(set, cmd, command_named(spec) && np == 0,
	    err) != 0) {
		command_free(cmd);
		free(cmd);
		return -1;
	}
	return 0;
}

/*
 * Add spec's command tests to set: one, or with parameters one per value
 * (every combination, the last parameter turning fastest).  0, or -1
 * with err set (the caller says where spec came from).
 */
int
command_add(struct command_set *set, const char *spec,
    const struct command_param *p, size_t np, const struct command_opts *o,
    struct sm_error *err)
{
	struct command_param	use[COMMAND_MAX_PARAMS];
	size_t			at[COMMAND_MAX_PARAMS] = { 0 }, i, nuse = 0;
	char			*tag;

	/* Only the parameters spec names apply to it. */
	for (i = 0; i < np; i++) {
		tag = xmalloc(strlen(p[i].name) + 3);
		sprintf(tag, "{%s}", p[i].name);
		if (strstr(spec, tag) != NULL && nuse < COMMAND_MAX_PARAMS)
			use[nuse++] = p[i];
		free(tag);
	}
	np = nuse;
	p = use;
	for (;;) {
		if (command_scan_one(set, spec, p, np, at, o, err) != 0)
			return -1;
		for (i = np; i > 0; i--) {
			if (++at[i - 1] < p[i - 1].n)
				break;
			at[i - 1] = 0;
		}
		if (i == 0)
			return 0;
	}
}

void
command_set_free(struct command_set *set)
{
	for (size_t i = 0; i < set->n; i++) {
		command_free(set->cmd[i]);
		free(set->cmd[i]);
	}
	free(set->cmd);
	memset(set, 0, sizeof *set);
}

/* ---- Copies and the plan's record of them ---- */

static char *
command_strdup(const char *s)
{
	return s != NULL ? xstrdup(s) : NULL;
}

/* A copy of set, each command and what it owns copied. */
struct command_set *
command_set_copy(const struct command_set *src)
{
	struct command_set	*dst = xcalloc(1, sizeof *dst);
	size_t			 n;

	dst->cmd = xcalloc(src->n + 1, sizeof *dst->cmd);
	for (size_t i = 0; i < src->n; i++) {
		const struct command	*a = src->cmd[i];
		struct command		*b = xcalloc(1, sizeof *b);

		*b = *a;
		b->text = xstrdup(a->text);
		b->param = command_strdup(a->param);
		b->title = command_strdup(a->title);
		b->setup = command_strdup(a->setup);
		b->cleanup = command_strdup(a->cleanup);
		for (n = 0; a->argv[n] != NULL; n++)
			;
		b->argv = xcalloc(n + 1, sizeof *b->argv);
		for (size_t k = 0; k < n; k++)
			b->argv[k] = xstrdup(a->argv[k]);
		command_bench_init(b);
		dst->cmd[dst->n++] = b;
	}
	return dst;
}

/* All a command test is made of, as one JSON object (allocated). */
char *
command_encode(const struct command *cmd)
{
	json_t	*o;
	char	*s;

	o = json_pack("{s:s, s:b, s:i, s:f, s:b, s:b, s:s, s:i, s:f}",
	    "text", cmd->text, "no_shell", cmd->opts.no_shell,
	    "warmup", (int)cmd->opts.warmup, "timeout", cmd->opts.timeout,
	    "ignore_fail", cmd->opts.ignore_fail,
	    "show_output", cmd->opts.show_output, "unit", cmd->unit,
	    "higher", cmd->dir == BENCH_HIGHER, "scale", cmd->scale);
	if (o == NULL)
		sm_fatal("json_pack failed");
	if (cmd->opts.setup_timeout != COMMAND_SETUP_TIMEOUT)
		json_object_set_new(o, "setup_timeout",
		    json_real(cmd->opts.setup_timeout));
	if (cmd->param != NULL)
		json_object_set_new(o, "param", json_string(cmd->param));
	if (cmd->title != NULL)
		json_object_set_new(o, "title", json_string(cmd->title));
	if (cmd->setup != NULL)
		json_object_set_new(o, "setup", json_string(cmd->setup));
	if (cmd->cleanup != NULL)
		json_object_set_new(o, "cleanup", json_string(cmd->cleanup));
	if ((s = json_dumps(o, JSON_COMPACT)) == NULL)
		sm_fatal("json_dumps failed");
	json_decref(o);
	return s;
}

/*
 * Whether cmd fits in a run file: the run records it as one fact,
 * plan_command.NAME (command_encode()'s JSON of its text, title, setup
 * and cleanup), which must stay within what a saved run holds of one, so
 * that a suite's long column is refused before the run, not after it.
 * 0, or -1 with err naming the longest column and its length.
 */
int
command_fits(const struct command *cmd, struct sm_error *err)
{
	const char	*col[] = { "command", "title", "setup", "cleanup" };
	const char	*val[] = { cmd->text, cmd->title, cmd->setup,
			    cmd->cleanup };
	char		*enc = command_encode(cmd);
	size_t		 n = strlen("plan_command.") + strlen(cmd->name) +
			    strlen(enc), most = 0, len;
	int		 k = 0;

	free(enc);
	if (n <= CSVSTORE_MAX_FACT)
		return 0;
	for (int i = 0; i < 4; i++)
		if (val[i] != NULL && (len = strlen(val[i])) > most) {
			most = len;
			k = i;
		}
	sm_error_set(err, "%s: %zu bytes; a run file holds at most %d bytes "
	    "of a test's command, title, setup and cleanup together (%zu "
	    "here, as saved)", col[k], most, CSVSTORE_MAX_FACT, n);
	return -1;
}

/* An optional string member, copied; NULL when absent. */
static char *
command_member(json_t *o, const char *key)
{
	json_t	*v = json_object_get(o, key);

	return json_is_string(v) ? xstrdup(json_string_value(v)) : NULL;
}

/*
 * The command test id that command_encode() wrote as s, added to set and
 * checked again as command_parse() checks it.  0, or -1 with err.
 */
int
command_decode(struct command_set *set, const char *id, const char *s,
    struct sm_error *err)
{
	struct command_opts	 o;
	struct command		*cmd;
	json_error_t		 jerr;
	const char		*text, *unit;
	json_t			*root;
	int			 no_shell, ignore, show, warmup, higher;
	double			 timeout, scale;

	memset(&o, 0, sizeof o);
	root = json_loads(s, JSON_REJECT_DUPLICATES, &jerr);
	if (root == NULL || json_unpack(root, "{s:s, s:b, s:i, s:F, s:b, s:b, "
	    "s:s, s:i, s:F}", "text", &text, "no_shell", &no_shell, "warmup",
	    &warmup, "timeout", &timeout, "ignore_fail", &ignore,
	    "show_output", &show, "unit", &unit, "higher", &higher, "scale",
	    &scale) != 0 || warmup < 0 || !(timeout >= 0) || !(scale > 0) ||
	    strlen(unit) >= sizeof cmd->unit ||
	    !command_valid_name(id, strlen(id))) {
		sm_error_set(err, "%s: not a command test's record", id);
		json_decref(root);
		return -1;
	}
	o.no_shell = no_shell;
	o.setup_timeout = json_is_number(json_object_get(root,
	    "setup_timeout")) ? json_number_value(json_object_get(root,
	    "setup_timeout")) : COMMAND_SETUP_TIMEOUT;
	if (!(o.setup_timeout >= 1 && o.setup_timeout <= 86400)) {
		sm_error_set(err, "%s: not a command test's record", id);
		json_decref(root);
		return -1;
	}
	o.warmup = (unsigned)warmup;
	o.timeout = timeout;
	o.ignore_fail = ignore;
	o.show_output = show;
	cmd = xcalloc(1, sizeof *cmd);
	snprintf(cmd->name, sizeof cmd->name, "%s", id);
	if (command_parse_text(cmd, text, &o, err) != 0) {
		json_decref(root);
		free(cmd);
		return -1;
	}
	snprintf(cmd->unit, sizeof cmd->unit, "%s", unit);
	cmd->dir = higher ? BENCH_HIGHER : BENCH_LOWER;
	cmd->scale = scale;
	cmd->param = command_member(root, "param");
	cmd->title = command_member(root, "title");
	cmd->setup = command_member(root, "setup");
	cmd->cleanup = command_member(root, "cleanup");
	json_decref(root);
	set->cmd = xreallocarray(set->cmd, set->n + 1, sizeof *set->cmd);
	set->cmd[set->n++] = cmd;
	command_bench_init(cmd);
	return 0;
}
