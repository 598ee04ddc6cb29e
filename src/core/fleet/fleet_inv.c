/*
 * The fleet's inventory: a plain file with one host a line, or the part
 * of Ansible's INI inventory an admin already has: comments, host and
 * host:port, ranges (web[01:20], db[a:c]), [group], [group:children],
 * [group:vars], and the four variables that say how to reach a host
 * (ansible_host, ansible_port, ansible_user,
 * ansible_ssh_private_key_file).  A variable that would change how
 * Ansible connects and that sysmark does not honour (a password, become,
 * another connection type, extra ssh arguments) is refused with its
 * path:line rather than silently ignored, and so are two entries that
 * reach the same address and port: two benchmarks on one machine spoil
 * both.  Group variables reach a host from its deepest group, host
 * variables win over all, as in Ansible.
 *
 * The other forms Ansible reads (YAML, JSON, a script, a directory) come
 * through ansible-inventory (fleet_ansible.c), which builds the same
 * inventory with the fleet_inv_add_* functions at the end of this file;
 * fleet_inv_load.c decides which reader a file needs, and
 * fleet_inv_list.c turns --hosts into this file's lines.
 */
/* SPDX-License-Identifier: MIT */

#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "fleet.h"

static int	fleet_inv_expand(const char *, char ***, size_t *,
	    struct sm_error *);

#define FLEET_INV_MAX_TOKENS	64		/* on one line */

/* Where the parser is: the section a line belongs to. */
enum fleet_inv_kind {
	FLEET_INV_HOSTS,
	FLEET_INV_CHILDREN,
	FLEET_INV_VARS
};
struct fleet_inv_ctx {
	struct fleet_inv	*inv;
	const char		*path;
	size_t			 line;
	size_t			 group;		/* the section's group */
	enum fleet_inv_kind	 kind;
};

/* Variables that change how Ansible connects and that sysmark ignores. */
static const char *const fleet_inv_refused[] = {
	"ansible_password", "ansible_ssh_pass", "ansible_ssh_password",
	"ansible_become", "ansible_become_user", "ansible_become_method",
	"ansible_become_pass", "ansible_become_password",
	"ansible_become_exe", "ansible_become_flags", "ansible_sudo",
	"ansible_sudo_pass", "ansible_su", "ansible_su_pass",
	"ansible_ssh_common_args", "ansible_ssh_extra_args",
	"ansible_ssh_args", "ansible_ssh_executable",
	"ansible_private_key_passphrase", "ansible_ssh_private_key_passphrase",
	"ansible_sftp_extra_args", "ansible_scp_extra_args",
	"ansible_ssh_transfer_method", "ansible_network_os",
};

static int	fleet_inv_error(struct fleet_inv_ctx *, struct sm_error *,
		    const char *, ...) __attribute__((format(printf, 3, 4)));

/* "path:line: message" ("path: message" at line 0); returns -1. */
static int
fleet_inv_error(struct fleet_inv_ctx *c, struct sm_error *err,
    const char *fmt, ...)
{
	char	msg[200];
	va_list	ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	if (c->line == 0)	/* no line: ansible-inventory's output */
		sm_error_set(err, "%s: %s", c->path, msg);
	else
		sm_error_set(err, "%s:%zu: %s", c->path, c->line, msg);
	return -1;
}

/* ---- Groups and hosts ---- */

/* The group named name, made if absent; its index. */
static size_t
fleet_inv_group(struct fleet_inv *inv, const char *name)
{
	struct fleet_group	*g;

	for (size_t i = 0; i < inv->ngroups; i++)
		if (strcmp(inv->groups[i].name, name) == 0)
			return i;
	inv->groups = xreallocarray(inv->groups, inv->ngroups + 1,
	    sizeof *inv->groups);
	g = &inv->groups[inv->ngroups];
	memset(g, 0, sizeof *g);
	g->name = xstrdup(name);
	return inv->ngroups++;
}

/* Append v to the index list *list of *n, once. */
static void
fleet_inv_add_index(size_t **list, size_t *n, size_t v)
{
	for (size_t i = 0; i < *n; i++)
		if ((*list)[i] == v)
			return;
	*list = xreallocarray(*list, *n + 1, sizeof **list);
	(*list)[(*n)++] = v;
}

/* The host named name, made (at c's line) if absent; its index or -1. */
static long
fleet_inv_host(struct fleet_inv_ctx *c, const char *name, struct sm_error *err)
{
	struct fleet_inv	*inv = c->inv;
	struct fleet_host	*h;

	for (size_t i = 0; i < inv->nhosts; i++)
		if (strcmp(inv->hosts[i].name, name) == 0)
			return (long)i;
	if (inv->nhosts >= FLEET_MAX_HOSTS)
		return fleet_inv_error(c, err, "more than %d hosts",
		    FLEET_MAX_HOSTS);
	if (!fleet_valid_name(name))
		return fleet_inv_error(c, err, "\"%s\" is not a host name "
		    "(letters, digits, '.', '-', '_'; not starting with '-')",
		    name);
	inv->hosts = xreallocarray(inv->hosts, inv->nhosts + 1,
	    sizeof *inv->hosts);
	h = &inv->hosts[inv->nhosts];
	memset(h, 0, sizeof *h);
	h->name = xstrdup(name);
	if (c->line == 0)
		snprintf(h->where, sizeof h->where, "%s", c->path);
	else
		snprintf(h->where, sizeof h->where, "%s:%zu", c->path,
		    c->line);
	return (long)inv->nhosts++;
}

/* ---- Variables ---- */

/* Refuse what sysmark cannot honour; 0 for a variable it may ignore. */
static int
fleet_inv_check_var(struct fleet_inv_ctx *c, const char *k, const char *v,
    struct sm_error *err)
{
	for (size_t i = 0; i < sizeof fleet_inv_refused /
	    sizeof fleet_inv_refused[0]; i++)
		if (strcmp(k, fleet_inv_refused[i]) == 0)
			return fleet_inv_error(c, err, "%s: sysmark does not "
			    "honour this variable (it connects with ssh's "
			    "keys and config only); remove it or use "
			    "another inventory", k);
	if (strcmp(k, "ansible_connection") == 0 && strcmp(v, "ssh") != 0 &&
	    strcmp(v, "smart") != 0)
		return fleet_inv_error(c, err, "ansible_connection=%s: "
		    "sysmark connects with ssh only", v);
	return 0;
}

/* Set one of the four honoured variables on h; 0 or -1. */
static int
fleet_inv_apply(struct fleet_inv_ctx *c, struct fleet_host *h, const char *k,
    const char *v, int own, struct sm_error *err)
{
	long	port;
	char  **field = NULL;
	unsigned bit = 0;

	if (strcmp(k, "ansible_host") == 0 || strcmp(k, "ansible_ssh_host")
	    == 0) {
		if (!fleet_valid_addr(v))
			return fleet_inv_error(c, err, "%s=%s: not a host "
			    "name or address", k, v);
		field = &h->addr, bit = FLEET_VAR_HOST;
	} else if (strcmp(k, "ansible_user") == 0 ||
	    strcmp(k, "ansible_ssh_user") == 0) {
		if (!fleet_valid_user(v))
			return fleet_inv_error(c, err, "%s=%s: not a user "
			    "name", k, v);
		field = &h->user, bit = FLEET_VAR_USER;
	} else if (strcmp(k, "ansible_ssh_private_key_file") == 0) {
		if (!fleet_valid_path(v))
			return fleet_inv_error(c, err, "%s: not a file "
			    "name", k);
		field = &h->key, bit = FLEET_VAR_KEY;
	} else if (strcmp(k, "ansible_port") == 0 ||
	    strcmp(k, "ansible_ssh_port") == 0) {
		if (sm_parse_int(v, 1, 65535, &port) != 0)
			return fleet_inv_error(c, err, "%s=%s: a port is a "
			    "number from 1 to 65535", k, v);
		if (own || !(h->set & FLEET_VAR_PORT))
			h->port = (int)port;
		h->set |= own ? FLEET_VAR_PORT : 0;
		return 0;
	} else
		return fleet_inv_check_var(c, k, v, err);
	if (!own && (h->set & bit))
		return 0;
	free(*field);
	*field = xstrdup(v);
	h->set |= own ? bit : 0;
	return 0;
}

/* Split "k=v" in place; 0 or -1 (no '=' or an empty key). */
static int
fleet_inv_split_var(struct fleet_inv_ctx *c, char *tok, char **k, char **v,
    struct sm_error *err)
{
	char	*eq = strchr(tok, '=');

	if (eq == NULL || eq == tok)
		return fleet_inv_error(c, err, "\"%s\": expected "
		    "name=value", tok);
	*eq = '\0';
	*k = tok;
	*v = eq + 1;
	return 0;
}

/* ---- Tokens ---- */

/*
 * Split a line into whitespace-separated tokens in place, honouring
 * "..." and '...' inside a token (name="a b"); the count or -1.
 */
static int
fleet_inv_tokens(struct fleet_inv_ctx *c, char *s, char **tok,
    struct sm_error *err)
{
	int	n = 0;
	char	*w, q;

	while (*s != '\0') {
		while (isspace((unsigned char)*s))
			s++;
		if (*s == '\0' || *s == '#')
			break;
		if (n == FLEET_INV_MAX_TOKENS)
			return fleet_inv_error(c, err, "too many words");
		tok[n++] = w = s;
		for (q = 0; *s != '\0' && (q || !isspace((unsigned char)*s));
		    s++) {
			if ((*s == '"' || *s == '\'') && (q == 0 || q == *s))
				q = q ? 0 : *s;
			else
				*w++ = *s;
		}
		if (q)
			return fleet_inv_error(c, err, "unclosed quote");
		if (*s != '\0')
			s++;
		*w = '\0';
	}
	return n;
}

/* ---- Ranges: web[01:20], db[a:c], n[0:10:2] ---- */

/* Expand the first [a:b(:s)] of pat into out; 0, 1 (none) or -1. */
static int
fleet_inv_range(const char *pat, char ***out, size_t *n, struct sm_error *err)
{
	const char	*open = strchr(pat, '['), *close;
	char		 a[32], b[32], st[32] = "1", buf[512];
	long		 lo, hi, step;
	int		 alpha, width, f;

	if (open == NULL)
		return 1;
	if ((close = strchr(open, ']')) == NULL || close - open > 60) {
		sm_error_set(err, "\"%s\": unclosed range", pat);
		return -1;
	}
	f = sscanf(open, "[%31[^]:]:%31[^]:]:%31[^]:]]", a, b, st);
	alpha = f >= 2 && isalpha((unsigned char)a[0]) && !a[1] &&
	    isalpha((unsigned char)b[0]) && !b[1];
	if (f < 2 || (!alpha && (sm_parse_int(a, 0, 999999, &lo) != 0 ||
	    sm_parse_int(b, 0, 999999, &hi) != 0)) ||
	    sm_parse_int(st, 1, 999999, &step) != 0) {
		sm_error_set(err, "\"%s\": a range is [FIRST:LAST] or "
		    "[FIRST:LAST:STEP], numbers or single letters", pat);
		return -1;
	}
	if (alpha)
		lo = a[0], hi = b[0];
	if (hi < lo) {
		sm_error_set(err, "\"%s\": the range's end comes before its "
		    "start", pat);
		return -1;
	}
	width = alpha ? 1 : (int)strlen(a);
	for (long v = lo; v <= hi; v += step) {
		if (*n >= FLEET_MAX_HOSTS) {
			sm_error_set(err, "\"%s\": more than %d hosts", pat,
			    FLEET_MAX_HOSTS);
			return -1;
		}
		if (alpha)
			snprintf(buf, sizeof buf, "%.*s%c%s", (int)(open - pat),
			    pat, (int)v, close + 1);
		else
			snprintf(buf, sizeof buf, "%.*s%0*ld%s",
			    (int)(open - pat), pat, width, v, close + 1);
		if (fleet_inv_expand(buf, out, n, err) != 0)
			return -1;
	}
	return 0;
}

/*
 * Append the names pat stands for to *out (*n of them), every range
 * expanded; 0 or -1 with why.
 */
static int
fleet_inv_expand(const char *pat, char ***out, size_t *n, struct sm_error *err)
{
	int	rc;

	if (strlen(pat) > 255) {
		sm_error_set(err, "\"%.40s...\": name too long", pat);
		return -1;
	}
	if ((rc = fleet_inv_range(pat, out, n, err)) <= 0)
		return rc;
	*out = xreallocarray(*out, *n + 1, sizeof **out);
	(*out)[(*n)++] = xstrdup(pat);
	return 0;
}

/* ---- Lines ---- */

/* "[name]", "[name:children]" or "[name:vars]" starts a section. */
static int
fleet_inv_section(struct fleet_inv_ctx *c, char *s, struct sm_error *err)
{
	char	*end = strchr(s, ']'), *colon;

	if (end == NULL || end[1] != '\0')
		return fleet_inv_error(c, err, "a section is [NAME], "
		    "[NAME:children] or [NAME:vars]");
	*end = '\0';
	c->kind = FLEET_INV_HOSTS;
	if ((colon = strchr(s + 1, ':')) != NULL) {
		*colon++ = '\0';
		if (strcmp(colon, "children") == 0)
			c->kind = FLEET_INV_CHILDREN;
		else if (strcmp(colon, "vars") == 0)
			c->kind = FLEET_INV_VARS;
		else
			return fleet_inv_error(c, err, "[%s:%s]: a section "
			    "is [NAME], [NAME:children] or [NAME:vars]",
			    s + 1, colon);
	}
	if (!fleet_valid_name(s + 1))
		return fleet_inv_error(c, err, "[%s]: not a group name", s + 1);
	c->group = fleet_inv_group(c->inv, s + 1);
	return 0;
}

/* Split "name:port" (port after the last ']'); 0 or -1. */
static int
fleet_inv_port(struct fleet_inv_ctx *c, char *tok, long *port,
    struct sm_error *err)
{
	char	*close = strrchr(tok, ']'), *colon;

	*port = 0;
	colon = strrchr(close != NULL ? close : tok, ':');
	if (colon == NULL)
		return 0;
	*colon++ = '\0';
	if (sm_parse_int(colon, 1, 65535, port) != 0)
		return fleet_inv_error(c, err, "\"%s:%s\": a port is a "
		    "number from 1 to 65535", tok, colon);
	return 0;
}

/* One host line: a name or range, an optional port, then k=v. */
static int
fleet_inv_host_line(struct fleet_inv_ctx *c, char **tok, int ntok,
    struct sm_error *err)
{
	char	**names = NULL, *k = NULL, *v = NULL;
	size_t	  n = 0, i;
	long	  port, h = 0;
	int	  rc = fleet_inv_port(c, tok[0], &port, err);

	if (rc == 0 && fleet_inv_expand(tok[0], &names, &n, err) != 0)
		rc = fleet_inv_error(c, err, "%s", err->msg);
	for (i = 0; rc == 0 && i < n; i++) {
		if ((h = fleet_inv_host(c, names[i], err)) < 0)
			rc = -1;
		else if (port != 0) {
			c->inv->hosts[h].port = (int)port;
			c->inv->hosts[h].set |= FLEET_VAR_PORT;
		}
		if (rc == 0)
			fleet_inv_add_index(&c->inv->groups[c->group].hosts,
			    &c->inv->groups[c->group].nhosts, (size_t)h);
		for (int t = 1; rc == 0 && t < ntok; t++) {
			char	copy[512];

			snprintf(copy, sizeof copy, "%s", tok[t]);
			rc = fleet_inv_split_var(c, copy, &k, &v, err);
			if (rc == 0)
				rc = fleet_inv_apply(c, &c->inv->hosts[h], k,
				    v, 1, err);
		}
	}
	for (i = 0; i < n; i++)
		free(names[i]);
	free(names);
	return rc;
}

/* One line of a [group:vars] section: k=v or k = v. */
static int
fleet_inv_var_line(struct fleet_inv_ctx *c, char **tok, int ntok,
    struct sm_error *err)
{
	struct fleet_group	*g = &c->inv->groups[c->group];
	struct fleet_var	*fv;
	char			*k = NULL, *v = NULL;

	if (ntok == 3 && strcmp(tok[1], "=") == 0)
		k = tok[0], v = tok[2];
	else if (ntok != 1 || fleet_inv_split_var(c, tok[0], &k, &v, err) != 0)
		return fleet_inv_error(c, err, "expected name=value");
	if (fleet_inv_check_var(c, k, v, err) != 0)
		return -1;
	g->vars = xreallocarray(g->vars, g->nvars + 1, sizeof *g->vars);
	fv = &g->vars[g->nvars++];
	fv->key = xstrdup(k);
	fv->value = xstrdup(v);
	snprintf(fv->where, sizeof fv->where, "%s:%zu", c->path, c->line);
	return 0;
}

/* One line, its comments and blanks already gone. */
static int
fleet_inv_line(struct fleet_inv_ctx *c, char *s, struct sm_error *err)
{
	char	*tok[FLEET_INV_MAX_TOKENS];
	int	 n;
	size_t	 child;

	if (*s == '[')
		return fleet_inv_section(c, s, err);
	if ((n = fleet_inv_tokens(c, s, tok, err)) <= 0)
		return n;
	if (c->kind == FLEET_INV_VARS)
		return fleet_inv_var_line(c, tok, n, err);
	if (c->kind == FLEET_INV_HOSTS)
		return fleet_inv_host_line(c, tok, n, err);
	if (n != 1 || !fleet_valid_name(tok[0]))
		return fleet_inv_error(c, err, "a children section lists "
		    "one group name a line");
	child = fleet_inv_group(c->inv, tok[0]);
	if (child == 0)
		return fleet_inv_error(c, err, "\"all\" cannot be a child");
	fleet_inv_add_index(&c->inv->groups[c->group].children,
	    &c->inv->groups[c->group].nchildren, child);
	return 0;
}

/* ---- Resolving ---- */

/* Is host h in group g or one of its descendants (depth bounds cycles)? */
static int
fleet_inv_member_at(const struct fleet_inv *inv, size_t g, size_t h,
    size_t depth)
{
	const struct fleet_group	*gr = &inv->groups[g];

	if (g == 0)
		return 1;
	if (depth > inv->ngroups)
		return 0;
	for (size_t i = 0; i < gr->nhosts; i++)
		if (gr->hosts[i] == h)
			return 1;
	for (size_t i = 0; i < gr->nchildren; i++)
		if (fleet_inv_member_at(inv, gr->children[i], h, depth + 1))
			return 1;
	return 0;
}

/* A group's depth: all is 0, a top group 1, a child one past its parent. */
static size_t
fleet_inv_depth(const struct fleet_inv *inv, size_t g, size_t guard)
{
	size_t	d = g == 0 ? 0 : 1, pd;

	if (g == 0 || guard > inv->ngroups)
		return d;
	for (size_t p = 1; p < inv->ngroups; p++)
		for (size_t i = 0; i < inv->groups[p].nchildren; i++)
			if (inv->groups[p].children[i] == g &&
			    (pd = fleet_inv_depth(inv, p, guard + 1) + 1) > d)
				d = pd;
	return d;
}

/* Group variables onto hosts, shallow groups first so deep ones win. */
static int
fleet_inv_resolve_vars(struct fleet_inv *inv, const char *path,
    struct sm_error *err)
{
	struct fleet_inv_ctx	 c = { inv, path, 0, 0, FLEET_INV_HOSTS };
	size_t			 maxd = 0, *depth;
	int			 rc = 0;

	depth = xcalloc(inv->ngroups, sizeof *depth);
	for (size_t g = 0; g < inv->ngroups; g++)
		if ((depth[g] = fleet_inv_depth(inv, g, 0)) > maxd)
			maxd = depth[g];
	for (size_t d = 0; d <= maxd && rc == 0; d++)
		for (size_t g = 0; g < inv->ngroups && rc == 0; g++)
			for (size_t h = 0; depth[g] == d && h < inv->nhosts &&
			    rc == 0; h++)
				for (size_t v = 0; fleet_inv_member(inv, g, h)
				    && v < inv->groups[g].nvars && rc == 0;
				    v++) {
					struct fleet_var *fv =
					    &inv->groups[g].vars[v];

					sscanf(strrchr(fv->where, ':') + 1,
					    "%zu", &c.line);
					rc = fleet_inv_apply(&c, &inv->hosts[h],
					    fv->key, fv->value, 0, err);
				}
	free(depth);
	return rc;
}

/* Two hosts that reach the same address and port: refused. */
static int
fleet_inv_check_twins(const struct fleet_inv *inv, struct sm_error *err)
{
	const struct fleet_host	*a, *b;

	for (size_t i = 0; i < inv->nhosts; i++)
		for (size_t j = i + 1; j < inv->nhosts; j++) {
			a = &inv->hosts[i];
			b = &inv->hosts[j];
			if (strcasecmp(a->addr, b->addr) != 0 ||
			    (a->port ? a->port : 22) !=
			    (b->port ? b->port : 22))
				continue;
			sm_error_set(err, "%s: %s is the same host and port "
			    "as %s (%s): two benchmarks on one machine spoil "
			    "both", b->where, b->name, a->name, a->where);
			return -1;
		}
	return 0;
}

/* After parsing: variables resolved, addresses set, twins refused. */
int
fleet_inv_finish(struct fleet_inv *inv, const char *path, struct sm_error *err)
{
	if (inv->nhosts == 0) {
		sm_error_set(err, "%s: no hosts", path);
		return -1;
	}
	if (fleet_inv_resolve_vars(inv, path, err) != 0)
		return -1;
	for (size_t h = 0; h < inv->nhosts; h++)
		if (inv->hosts[h].addr == NULL)
			inv->hosts[h].addr = xstrdup(inv->hosts[h].name);
	return fleet_inv_check_twins(inv, err);
}

/* ---- Public ---- */

/* Is host h in group g, directly or through its children? */
int
fleet_inv_member(const struct fleet_inv *inv, size_t g, size_t h)
{
	return fleet_inv_member_at(inv, g, h, 0);
}

/* An empty inventory: only the group "all". */
void
fleet_inv_init(struct fleet_inv *inv)
{
	memset(inv, 0, sizeof *inv);
	fleet_inv_group(inv, "all");
}

/* Free what the inventory holds. */
void
fleet_inv_free(struct fleet_inv *inv)
{
	for (size_t i = 0; i < inv->nhosts; i++) {
		free(inv->hosts[i].name);
		free(inv->hosts[i].addr);
		free(inv->hosts[i].user);
		free(inv->hosts[i].key);
	}
	for (size_t i = 0; i < inv->ngroups; i++) {
		for (size_t v = 0; v < inv->groups[i].nvars; v++) {
			free(inv->groups[i].vars[v].key);
			free(inv->groups[i].vars[v].value);
		}
		free(inv->groups[i].vars);
		free(inv->groups[i].hosts);
		free(inv->groups[i].children);
		free(inv->groups[i].name);
	}
	free(inv->hosts);
	free(inv->groups);
	memset(inv, 0, sizeof *inv);
}

/* Parse len bytes of buf (named path) into inv, fleet_inv_init()ed. */
int
fleet_inv_parse(struct fleet_inv *inv, const char *buf, size_t len,
    const char *path, struct sm_error *err)
{
	struct fleet_inv_ctx	 c = { inv, path, 0, 0, FLEET_INV_HOSTS };
	char			*copy = xmalloc(len + 1), *s, *next, *end;
	int			 rc = 0;

	memcpy(copy, buf, len);
	copy[len] = '\0';
	if (strlen(copy) != len) {
		free(copy);
		sm_error_set(err, "%s: a NUL byte: not a text file", path);
		return -1;
	}
	for (s = copy; s != NULL && rc == 0; s = next) {
		c.line++;
		if ((next = strchr(s, '\n')) != NULL)
			*next++ = '\0';
		while (isspace((unsigned char)*s))
			s++;
		end = s + strlen(s);
		while (end > s && isspace((unsigned char)end[-1]))
			*--end = '\0';
		if (*s != '\0' && *s != '#' && *s != ';')
			rc = fleet_inv_line(&c, s, err);
	}
	free(copy);
	return rc == 0 ? fleet_inv_finish(inv, path, err) : -1;
}

/* ---- Building from another reader's output (fleet_ansible.c) ---- */

/*
 * The host named name, made if absent, its first mention where (a path,
 * and what names the host in it); its index, or -1 with why.
 */
long
fleet_inv_add_host(struct fleet_inv *inv, const char *name,
    const char *where, struct sm_error *err)
{
	struct fleet_inv_ctx	c = { inv, where, 0, 0, FLEET_INV_HOSTS };

	return fleet_inv_host(&c, name, err);
}

/* The group named name, made if absent; its index, or -1 with why. */
long
fleet_inv_add_group(struct fleet_inv *inv, const char *name,
    const char *where, struct sm_error *err)
{
	struct fleet_inv_ctx	c = { inv, where, 0, 0, FLEET_INV_HOSTS };

	if (!fleet_valid_name(name))
		return fleet_inv_error(&c, err, "\"%s\" is not a group name",
		    name);
	return (long)fleet_inv_group(inv, name);
}

/* Host h in group g. */
void
fleet_inv_add_member(struct fleet_inv *inv, size_t g, size_t h)
{
	fleet_inv_add_index(&inv->groups[g].hosts, &inv->groups[g].nhosts, h);
}

/* Group child under group g; 0, or -1 for "all" (the root). */
int
fleet_inv_add_child(struct fleet_inv *inv, size_t g, size_t child,
    const char *where, struct sm_error *err)
{
	struct fleet_inv_ctx	c = { inv, where, 0, 0, FLEET_INV_HOSTS };

	if (child == 0)
		return fleet_inv_error(&c, err, "\"all\" cannot be a child");
	fleet_inv_add_index(&inv->groups[g].children,
	    &inv->groups[g].nchildren, child);
	return 0;
}

/*
 * Host h's own variable k=v, checked as on an INI host line: the four
 * honoured set, a refused one is an error, any other ignored.
 */
int
fleet_inv_add_var(struct fleet_inv *inv, size_t h, const char *k,
    const char *v, const char *where, struct sm_error *err)
{
	struct fleet_inv_ctx	c = { inv, where, 0, 0, FLEET_INV_HOSTS };

	return fleet_inv_apply(&c, &inv->hosts[h], k, v, 1, err);
}
