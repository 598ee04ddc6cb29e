/*
 * Inventories in the forms Ansible users keep them (YAML, JSON, a
 * script, a directory with group_vars and host_vars), read by Ansible
 * itself: `ansible-inventory -i PATH --list` prints the inventory as
 * Ansible resolved it, as JSON, every host's variables already merged
 * from its groups.  That document builds the fleet's inventory through
 * fleet_inv.c's own checks, so a variable is honoured or refused exactly
 * as on an INI line, and two hosts reaching one address are refused.
 *
 * ansible-inventory is found on PATH by sysmark, then run without a shell
 * (fork and exec, an argv), its stdin empty, in a process group of its
 * own that is killed past FLEET_ANSIBLE_S; its output is read up to
 * FLEET_ANSIBLE_MAX_OUT bytes.  ANSIBLE_INVENTORY_UNPARSED_FAILED makes
 * it fail on a file none of its plugins can read, instead of printing an
 * empty inventory.  Without it on PATH such an inventory is refused with
 * a sentence that says what to install; the INI reader needs none of it.
 */
/* SPDX-License-Identifier: MIT */

#include <sys/stat.h>

#include <ctype.h>
#include <errno.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <jansson.h>

#include "fleet.h"

#define FLEET_ANSIBLE_MAX_DEPTH	256	/* groups within groups */

/* What ansible-inventory gave: stdout whole, the last line of stderr. */
struct fleet_ansible_out {
	char	*buf;
	size_t	 n, cap;
	char	 errl[256];	/* the last line said on stderr */
	char	 errcur[256];	/* the line being read */
	size_t	 nerr;
};

/* Copy src into dst (size bytes), control characters made visible. */
static void
fleet_ansible_visible(char *dst, size_t size, const char *src)
{
	size_t	o = 0;

	for (; *src != '\0' && o + 5 < size; src++) {
		if (iscntrl((unsigned char)*src))
			o += (size_t)snprintf(dst + o, size - o, "\\x%02x",
			    (unsigned char)*src);
		else
			dst[o++] = *src;
	}
	dst[o] = '\0';
}

/* The full path of ansible-inventory found on PATH, into out; 0 or -1. */
static int
fleet_ansible_find(char *out, size_t size)
{
	const char	*path = getenv("PATH"), *p, *colon;
	struct stat	 st;
	size_t		 len;

	if (path == NULL)
		return -1;
	for (p = path;; p = colon + 1) {
		colon = strchr(p, ':');
		len = colon != NULL ? (size_t)(colon - p) : strlen(p);
		/* An empty entry is the current directory, as for execvp. */
		if ((size_t)snprintf(out, size, "%.*s/%s", (int)(len ? len : 1),
		    len ? p : ".", FLEET_ANSIBLE_PROG) < size &&
		    stat(out, &st) == 0 && S_ISREG(st.st_mode) &&
		    access(out, X_OK) == 0)
			return 0;
		if (colon == NULL)
			return -1;
	}
}

/* Keep stderr's last non-empty line (an ERROR! line wins once seen). */
static void
fleet_ansible_err_byte(struct fleet_ansible_out *o, char c)
{
	if (c != '\n') {
		if (o->nerr + 1 < sizeof o->errcur)
			o->errcur[o->nerr++] = c;
		return;
	}
	o->errcur[o->nerr] = '\0';
	if (o->nerr > 0 && strncmp(o->errl, "ERROR!", 6) != 0)
		memcpy(o->errl, o->errcur, o->nerr + 1);
	o->nerr = 0;
}

/*
 * Read what *fd has (stderr when is_err); 1 once it is closed, -1 past
 * the output's cap.
 */
static int
fleet_ansible_read(int *fd, int is_err, struct fleet_ansible_out *o)
{
	char	buf[8192];
	ssize_t	got;

	for (;;) {
		if ((got = read(*fd, buf, sizeof buf)) < 0 && errno == EINTR)
			continue;
		if (got < 0)
			return 0;
		if (got == 0) {
			fleet_proc_close(fd);
			return 1;
		}
		if (is_err) {
			for (ssize_t i = 0; i < got; i++)
				fleet_ansible_err_byte(o, buf[i]);
			continue;
		}
		if (o->n + (size_t)got > FLEET_ANSIBLE_MAX_OUT)
			return -1;
		while (o->n + (size_t)got + 1 > o->cap) {
			o->cap = o->cap ? o->cap * 2 : 65536;
			o->buf = xreallocarray(o->buf, o->cap, 1);
		}
		memcpy(o->buf + o->n, buf, (size_t)got);
		o->n += (size_t)got;
	}
}

/*
 * Run prog on path, reading all it prints until it exits, within
 * FLEET_ANSIBLE_S; its exit status, or -1 with why.
 */
static int
fleet_ansible_run(const char *prog, const char *path,
    struct fleet_ansible_out *o, struct sm_error *err)
{
	static char	 unparsed[] = "ANSIBLE_INVENTORY_UNPARSED_FAILED=True";
	char		*argv[] = { (char *)prog, "-i", (char *)path, "--list",
			    NULL }, *env[] = { unparsed, NULL };
	struct fleet_proc p;
	struct pollfd	 pfd[2];
	uint64_t	 end = sm_now_ns() + FLEET_ANSIBLE_S * 1000000000ull;
	nfds_t		 n;
	int		 rc = 0;

	if (fleet_proc_start_env(&p, argv, env, err) != 0)
		return -1;
	fleet_proc_close(&p.in);
	while (rc >= 0 && (p.out >= 0 || p.err >= 0) && sm_now_ns() < end) {
		n = 0;
		if (p.out >= 0)
			pfd[n++] = (struct pollfd){ p.out, POLLIN, 0 };
		if (p.err >= 0)
			pfd[n++] = (struct pollfd){ p.err, POLLIN, 0 };
		poll(pfd, n, 100);
		if (p.out >= 0)
			rc = fleet_ansible_read(&p.out, 0, o);
		if (rc >= 0 && p.err >= 0)
			fleet_ansible_read(&p.err, 1, o);
	}
	while (rc >= 0 && !fleet_proc_reap(&p) && sm_now_ns() < end)
		nanosleep(&(struct timespec){ 0, 10000000 }, NULL);
	if (rc < 0)
		sm_error_set(err, "%s: %s printed more than %d MiB", path,
		    FLEET_ANSIBLE_PROG, FLEET_ANSIBLE_MAX_OUT >> 20);
	else if (!p.reaped) {
		sm_error_set(err, "%s: %s did not finish within %d s", path,
		    FLEET_ANSIBLE_PROG, FLEET_ANSIBLE_S);
		rc = -1;
	} else
		rc = p.status;
	fleet_proc_end(&p);
	return rc;
}

/* A variable's JSON value as text, as Ansible would put it in INI. */
static int
fleet_ansible_value(const json_t *v, char *buf, size_t size)
{
	if (json_is_string(v))
		return (size_t)snprintf(buf, size, "%s", json_string_value(v))
		    < size ? 0 : -1;
	if (json_is_integer(v))
		snprintf(buf, size, "%" JSON_INTEGER_FORMAT,
		    json_integer_value(v));
	else if (json_is_boolean(v))
		snprintf(buf, size, "%s", json_is_true(v) ? "true" : "false");
	else if (json_is_real(v))
		snprintf(buf, size, "%g", json_real_value(v));
	else
		return -1;
	return 0;
}

/* A member of a group's "hosts" or "children": a name, or -1 with why. */
static const char *
fleet_ansible_name(const json_t *v, const char *where, struct sm_error *err)
{
	if (json_is_string(v))
		return json_string_value(v);
	sm_error_set(err, "%s: a member that is not a name in %s's output",
	    where, FLEET_ANSIBLE_PROG);
	return NULL;
}

/*
 * Group name and, depth first, its hosts and children, as
 * `ansible-inventory --graph` shows them (the JSON's keys are sorted;
 * its lists keep the inventory's order); seen marks the groups walked.
 * 0 or -1 with why.
 */
static int
fleet_ansible_walk(struct fleet_inv *inv, const char *path,
    const json_t *root, const char *name, json_t *seen, int depth,
    struct sm_error *err)
{
	const json_t	*g = json_object_get(root, name), *v;
	const char	*member;
	char		 where[128], hwhere[128];
	long		 gi, i;
	size_t		 k;

	snprintf(where, sizeof where, "%s, group %.60s", path, name);
	if (depth > FLEET_ANSIBLE_MAX_DEPTH) {
		sm_error_set(err, "%s: groups nested more than %d deep", where,
		    FLEET_ANSIBLE_MAX_DEPTH);
		return -1;
	}
	if (g != NULL && !json_is_object(g)) {
		sm_error_set(err, "%s: not an object in %s's output", where,
		    FLEET_ANSIBLE_PROG);
		return -1;
	}
	if ((gi = fleet_inv_add_group(inv, name, where, err)) < 0)
		return -1;
	json_object_set_new(seen, name, json_true());
	json_array_foreach(json_object_get(g, "hosts"), k, v) {
		if ((member = fleet_ansible_name(v, where, err)) == NULL)
			return -1;
		snprintf(hwhere, sizeof hwhere, "%s, host %.60s", path, member);
		if ((i = fleet_inv_add_host(inv, member, hwhere, err)) < 0)
			return -1;
		fleet_inv_add_member(inv, (size_t)gi, (size_t)i);
	}
	json_array_foreach(json_object_get(g, "children"), k, v) {
		if ((member = fleet_ansible_name(v, where, err)) == NULL ||
		    (i = fleet_inv_add_group(inv, member, where, err)) < 0 ||
		    fleet_inv_add_child(inv, (size_t)gi, (size_t)i, where,
		    err) != 0)
			return -1;
		if (json_object_get(seen, member) == NULL &&
		    fleet_ansible_walk(inv, path, root, member, seen,
		    depth + 1, err) != 0)
			return -1;
	}
	return 0;
}

/* One host's variables (_meta.hostvars.NAME); 0 or -1 with why. */
static int
fleet_ansible_hostvars(struct fleet_inv *inv, const char *path,
    const char *name, const json_t *vars, struct sm_error *err)
{
	const char	*key;
	const json_t	*v;
	char		 where[128], val[1024];
	long		 h;

	snprintf(where, sizeof where, "%s, host %.60s", path, name);
	if ((h = fleet_inv_add_host(inv, name, where, err)) < 0)
		return -1;
	json_object_foreach((json_t *)vars, key, v) {
		if (fleet_ansible_value(v, val, sizeof val) != 0) {
			/* A list or a mapping: no connection variable is. */
			if (strncmp(key, "ansible_", 8) != 0)
				continue;
			snprintf(val, sizeof val, "(not a single value)");
		}
		if (fleet_inv_add_var(inv, (size_t)h, key, val, where,
		    err) != 0)
			return -1;
	}
	return 0;
}

/* The inventory from ansible-inventory's JSON; 0 or -1 with why. */
static int
fleet_ansible_build(struct fleet_inv *inv, const char *path,
    const json_t *root, struct sm_error *err)
{
	const char	*name;
	const json_t	*v, *hostvars;
	json_t		*seen = json_object();
	int		 rc = 0;

	if (!json_is_object(root) || seen == NULL) {
		json_decref(seen);
		sm_error_set(err, "%s: %s printed no inventory", path,
		    FLEET_ANSIBLE_PROG);
		return -1;
	}
	json_object_set_new(seen, "_meta", json_true());
	rc = fleet_ansible_walk(inv, path, root, "all", seen, 0, err);
	/* Groups "all" does not reach, if Ansible ever prints one. */
	json_object_foreach((json_t *)root, name, v)
		if (rc == 0 && json_object_get(seen, name) == NULL)
			rc = fleet_ansible_walk(inv, path, root, name, seen, 0,
			    err);
	json_decref(seen);
	hostvars = json_object_get(json_object_get(root, "_meta"),
	    "hostvars");
	json_object_foreach((json_t *)hostvars, name, v)
		if (rc == 0 && json_is_object(v))
			rc = fleet_ansible_hostvars(inv, path, name, v, err);
	return rc == 0 ? fleet_inv_finish(inv, path, err) : -1;
}

/*
 * Read the inventory path through ansible-inventory into inv
 * (fleet_inv_init()ed); 0, or -1 with why.
 */
int
fleet_ansible_load(struct fleet_inv *inv, const char *path,
    struct sm_error *err)
{
	struct fleet_ansible_out o = { 0 };
	char		 prog[4096], said[256];
	json_t		*root;
	json_error_t	 jerr;
	int		 rc;

	if (fleet_ansible_find(prog, sizeof prog) != 0) {
		sm_error_set(err, "%s: an inventory in YAML, JSON, a script or "
		    "a directory is read by %s, which is not on PATH: install "
		    "Ansible (Debian's ansible package), or write the "
		    "inventory in Ansible's INI form", path,
		    FLEET_ANSIBLE_PROG);
		return -1;
	}
	if ((rc = fleet_ansible_run(prog, path, &o, err)) != 0) {
		fleet_ansible_err_byte(&o, '\n');
		fleet_ansible_visible(said, sizeof said, o.errl);
		if (rc > 0)
			sm_error_set(err, "%s: %s failed (exit status %d)%s%s",
			    path, FLEET_ANSIBLE_PROG, rc, said[0] ? ": " : "",
			    said);
		free(o.buf);
		return -1;
	}
	root = json_loadb(o.buf != NULL ? o.buf : "", o.n, 0, &jerr);
	free(o.buf);
	if (root == NULL) {
		fleet_ansible_visible(said, sizeof said, jerr.text);
		sm_error_set(err, "%s: %s printed no JSON: %s (line %d)",
		    path, FLEET_ANSIBLE_PROG, said, jerr.line);
		return -1;
	}
	rc = fleet_ansible_build(inv, path, root, err);
	json_decref(root);
	return rc;
}
