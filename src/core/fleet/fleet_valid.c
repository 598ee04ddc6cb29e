/*
 * What may reach ssh's argv at all, checked before any ssh runs: host
 * names, addresses, users and paths from an inventory or the command
 * line, and the remote directory a host reports back.  ssh gets its
 * arguments through execvp (no local shell), but the destination, user
 * and options still pass through ssh's own option parser and, for the
 * remote command, the remote user's shell, so a leading '-' or a shell
 * metacharacter is refused here rather than quoted somewhere else.
 */
/* SPDX-License-Identifier: MIT */

#include <ctype.h>
#include <string.h>

#include "fleet.h"

/* Every byte of s in the set, s not empty and not starting with '-'. */
static int
fleet_valid_chars(const char *s, const char *extra, size_t max)
{
	size_t	n = strlen(s);

	if (n == 0 || n > max || s[0] == '-')
		return 0;
	for (; *s != '\0'; s++)
		if (!isalnum((unsigned char)*s) && strchr(extra, *s) == NULL)
			return 0;
	return 1;
}

/* An inventory name (host or group): letters, digits, '.', '-', '_'. */
int
fleet_valid_name(const char *s)
{
	return fleet_valid_chars(s, "._-", 255) && s[0] != '.';
}

/* What ssh connects to: a name, an IPv4 or an IPv6 address. */
int
fleet_valid_addr(const char *s)
{
	return fleet_valid_chars(s, ".-_:", 255) && s[0] != '.';
}

/*
 * A target as fleet.csv writes it, [USER@]ADDR[:PORT], an IPv6 address in
 * brackets ([::1]:2222) as ssh writes one; files written before the
 * brackets ("::1:2223") still read, the port after the last colon.  No
 * port (web1, [::1]) is ssh's own choice, its config's or 22: *port 0.
 * The parts into user, addr and *port; 0, or -1 if it is not one.
 */
int
fleet_valid_target(const char *t, char *user, size_t ulen, char *addr,
    size_t alen, int *port)
{
	const char	*at = strchr(t, '@'), *a = at != NULL ? at + 1 : t;
	const char	*end, *colon;
	long		 p = 0;

	snprintf(user, ulen, "%.*s", at != NULL ? (int)(at - t) : 0, t);
	if (*a == '[') {
		if ((end = strchr(a, ']')) == NULL ||
		    (end[1] != ':' && end[1] != '\0'))
			return -1;
		colon = end[1] == ':' ? end + 1 : NULL;
		a++;
	} else if ((colon = end = strrchr(a, ':')) == NULL)
		end = a + strlen(a);
	if ((size_t)(end - a) >= alen || (colon != NULL &&
	    sm_parse_int(colon + 1, 1, 65535, &p) != 0))
		return -1;
	snprintf(addr, alen, "%.*s", (int)(end - a), a);
	*port = (int)p;
	return fleet_valid_addr(addr) && (user[0] == '\0' ||
	    fleet_valid_user(user)) ? 0 : -1;
}

/* A remote user name, as POSIX and useradd allow (plus '.'). */
int
fleet_valid_user(const char *s)
{
	return fleet_valid_chars(s, "._-", 64);
}

/* A local file name for ssh -i / -F: no control characters. */
int
fleet_valid_path(const char *s)
{
	if (*s == '\0' || strlen(s) > 4000)
		return 0;
	for (; *s != '\0'; s++)
		if (iscntrl((unsigned char)*s))
			return 0;
	return 1;
}

/*
 * The directory a host's mktemp made, which later commands name: an
 * absolute path of safe characters only, so that it can sit inside
 * single quotes in a remote command without any escaping.
 */
int
fleet_valid_remote_dir(const char *s)
{
	if (s[0] != '/' || strstr(s, "/../") != NULL || strlen(s) > 1000)
		return 0;
	for (; *s != '\0'; s++)
		if (!isalnum((unsigned char)*s) && strchr("/._-+", *s) == NULL)
			return 0;
	return 1;
}

/*
 * The fleet's id (fleet-DATE, made by fleet_out_dir()) for the remote
 * directories' names, run.ID.XXXXXX, so that fleet collect tells one
 * fleet's runs from another's; an id of other characters is left out.
 */
void
fleet_job_id(struct fleet_job *job, const char *id)
{
	job->id_dot[0] = '\0';
	if (*id != '\0' && strspn(id, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJ"
	    "KLMNOPQRSTUVWXYZ0123456789-") == strlen(id) &&
	    strlen(id) + 2 < sizeof job->id_dot)
		snprintf(job->id_dot, sizeof job->id_dot, "%s.", id);
}

/*
 * The fleet id in a remote directory's name (.../run.ID.XXXXXX) into id;
 * 0, or -1 for a directory named before ids were (run.XXXXXX).
 */
int
fleet_valid_dir_id(const char *dir, char *id, size_t len)
{
	const char	*base = strrchr(dir, '/'), *dot;

	base = base != NULL ? base + 1 : dir;
	if (strncmp(base, "run.", 4) != 0 || (dot = strrchr(base + 4, '.'))
	    == NULL || dot == base + 4)
		return -1;
	snprintf(id, len, "%.*s", (int)(dot - base - 4), base + 4);
	return 0;
}

/* Everything of h that ssh will see; 0, or -1 naming what and where. */
int
fleet_valid_host(const struct fleet_host *h, struct sm_error *err)
{
	if (!fleet_valid_name(h->name))
		sm_error_set(err, "%s: host \"%s\": not a host name",
		    h->where, h->name);
	else if (!fleet_valid_addr(h->addr))
		sm_error_set(err, "%s: %s: address \"%s\" is not a host name "
		    "or address", h->where, h->name, h->addr);
	else if (h->user != NULL && !fleet_valid_user(h->user))
		sm_error_set(err, "%s: %s: user \"%s\" is not a user name",
		    h->where, h->name, h->user);
	else if (h->key != NULL && !fleet_valid_path(h->key))
		sm_error_set(err, "%s: %s: the key file's name has control "
		    "characters", h->where, h->name);
	else if (h->port < 0 || h->port > 65535)
		sm_error_set(err, "%s: %s: port %d", h->where, h->name,
		    h->port);
	else
		return 0;
	return -1;
}
