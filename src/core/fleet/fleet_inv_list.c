/*
 * --hosts HOST,...: the inventory of a command line, each entry
 * ([USER@]HOST[:PORT], an IPv6 address as ssh takes it) checked as the
 * user typed it, then written as the inventory line it means and read by
 * the inventory's own reader (fleet_inv.c), so both take the same hosts
 * the same way; an error names the entry, never the line it became.
 */
/* SPDX-License-Identifier: MIT */

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fleet.h"

/*
 * An IPv6 entry of --hosts, taken as ssh takes it: "[ADDR]:PORT", or an
 * address alone ("::1", "fe80::1:2223": a bare address has no port).
 * Written to f as an inventory entry named after the address, its ':'
 * as '_' (a name is also a file name), and its port ("__1-2222"); 1 if
 * it was one, else 0.
 */
static int
fleet_inv_list_v6(FILE *f, const char *s)
{
	const char	*end = strchr(s, ']');
	char		 name[256];
	size_t		 len, i;

	if (*s == '[' && end != NULL)
		len = (size_t)(end - s - 1), s++;
	else if (strchr(s, '[') == NULL && strchr(s, ':') != strrchr(s, ':'))
		len = strlen(s), end = NULL;
	else
		return 0;
	snprintf(name, sizeof name, "%.*s%s%.8s", (int)len, s,
	    end != NULL && end[1] == ':' ? "-" : "",
	    end != NULL && end[1] == ':' ? end + 2 : "");
	for (i = 0; name[i] != '\0'; i++)
		if (name[i] == ':')
			name[i] = '_';
	fprintf(f, "%s ansible_host=%.*s", name, (int)len, s);
	if (end != NULL && end[1] == ':')
		fprintf(f, " ansible_port=%s", end + 2);
	else if (end != NULL && end[1] != '\0')
		fprintf(f, " ansible_port=-");	/* refused: not a port */
	return 1;
}

/* A --hosts entry refused: err names it as the user typed it. */
static int
fleet_inv_list_bad(struct sm_error *err, const char *entry, const char *why,
    const char *part)
{
	sm_error_set(err, "--hosts \"%.100s\": %s%s%.100s%s", entry, why,
	    part != NULL ? " (\"" : "", part != NULL ? part : "",
	    part != NULL ? "\")" : "");
	return -1;
}

/*
 * One entry of --hosts checked in the user's own terms before it becomes
 * an inventory line: [USER@]HOST[:PORT], [USER@][ADDR]:PORT, or a bare
 * IPv6 address.  0, or -1 with err naming the entry.
 */
static int
fleet_inv_list_entry(const char *e, struct sm_error *err)
{
	const char	*at = strchr(e, '@'), *h = at != NULL ? at + 1 : e;
	const char	*rb, *colon = NULL;
	char		 user[256];
	long		 port;

	if (at != NULL) {
		snprintf(user, sizeof user, "%.*s", (int)(at - e), e);
		if (!fleet_valid_user(user))
			return fleet_inv_list_bad(err, e, "not a user name",
			    user);
		if (strchr(h, '@') != NULL)
			return fleet_inv_list_bad(err, e, "one '@' at most",
			    NULL);
	}
	if (*h == '\0' || *h == ':')
		return fleet_inv_list_bad(err, e, "no host named", NULL);
	if (*h == '[') {
		if ((rb = strchr(h, ']')) == NULL || rb == h + 1)
			return fleet_inv_list_bad(err, e, "an IPv6 address is "
			    "written [ADDR] or [ADDR]:PORT", NULL);
		if (rb[1] != '\0' && rb[1] != ':')
			return fleet_inv_list_bad(err, e, "only :PORT may "
			    "follow [ADDR]", rb + 1);
		colon = rb[1] == ':' ? rb + 1 : NULL;
	} else if (strchr(h, '[') != NULL || strchr(h, ':') == strrchr(h,
	    ':')) {
		/* HOST[:PORT], HOST a name or a range (db[1:3]) */
		rb = strrchr(h, ']');
		colon = strrchr(rb != NULL ? rb : h, ':');
	}
	if (colon != NULL && sm_parse_int(colon + 1, 1, 65535, &port) != 0)
		return fleet_inv_list_bad(err, e, "a port is a number from 1 "
		    "to 65535", colon + 1);
	return 0;
}

/*
 * What the inventory reader said of --hosts' line n, said of the entry
 * the user typed instead ("--hosts \"db[3:1]\": ..."), never of the
 * inventory line it became.
 */
static void
fleet_inv_list_where(struct sm_error *err, char **entries, size_t n)
{
	static const char	 pre[] = "--hosts:";
	char			 msg[sizeof err->msg], *end;
	unsigned long		 line;

	if (strncmp(err->msg, pre, sizeof pre - 1) != 0)
		return;
	line = strtoul(err->msg + sizeof pre - 1, &end, 10);
	if (line < 1 || line > n || strncmp(end, ": ", 2) != 0)
		return;
	snprintf(msg, sizeof msg, "%s", end + 2);
	sm_error_set(err, "--hosts \"%.100s\": %s", entries[line - 1], msg);
}

/*
 * run --hosts: "web1,user@web2:2222,db[1:3],[::1]:2222" as an inventory
 * of its own, each entry [USER@]HOST[:PORT] or [USER@][ADDR]:PORT.  An
 * error names the entry as typed.
 */
int
fleet_inv_from_list(struct fleet_inv *inv, const char *list,
    struct sm_error *err)
{
	char	*copy, *s, *save = NULL, *at, *buf = NULL, **entries = NULL;
	size_t	 len = 0, n = 0;
	FILE	*f;
	int	 rc = 0;

	fleet_inv_init(inv);
	/* Each entry becomes an inventory line: nothing may start another. */
	if (strpbrk(list, "\n\r#;= \t\"'") != NULL) {
		sm_error_set(err, "--hosts %s: a list of [USER@]HOST[:PORT] "
		    "separated by commas", list);
		return -1;
	}
	copy = xstrdup(list);
	f = open_memstream(&buf, &len);
	if (f == NULL)
		sm_fatal("open_memstream: %s", strerror(errno));
	for (s = strtok_r(copy, ",", &save); s != NULL && rc == 0;
	    s = strtok_r(NULL, ",", &save)) {
		entries = xreallocarray(entries, n + 1, sizeof *entries);
		entries[n++] = xstrdup(s);
		if ((rc = fleet_inv_list_entry(s, err)) != 0)
			break;
		if ((at = strchr(s, '@')) != NULL)
			*at++ = '\0';
		if (!fleet_inv_list_v6(f, at != NULL ? at : s))
			fprintf(f, "%s", at != NULL ? at : s);
		if (at != NULL)
			fprintf(f, " ansible_user=%s", s);
		fputc('\n', f);
	}
	fclose(f);
	if (rc == 0 && (rc = fleet_inv_parse(inv, buf, len, "--hosts", err))
	    != 0)
		fleet_inv_list_where(err, entries, n);
	for (size_t i = 0; i < n; i++)
		free(entries[i]);
	free(entries);
	free(copy);
	free(buf);
	return rc;
}
