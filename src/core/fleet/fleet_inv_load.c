/*
 * An inventory file, read by the reader it needs.  sysmark reads a host
 * list and Ansible's INI form itself (fleet_inv.c), so that a machine
 * without Ansible can run a fleet; every other form Ansible takes (YAML,
 * JSON, an executable script, a directory of them with group_vars and
 * host_vars) goes through ansible-inventory (fleet_ansible.c), which
 * reads it exactly as Ansible would.  Which one is decided as Ansible's
 * own plugins decide: a directory, an executable file, a .yml, .yaml or
 * .json name, or a first line that is YAML ("---", "name:") or JSON
 * ("{") is not INI.  Reading INI stays here: it needs neither.
 */
/* SPDX-License-Identifier: MIT */

#include <sys/stat.h>

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "fleet.h"

/* Does the name end in one of Ansible's YAML or JSON extensions? */
static int
fleet_inv_load_ext(const char *path)
{
	static const char *const ext[] = { ".yml", ".yaml", ".json" };
	size_t	len = strlen(path), e;

	for (size_t i = 0; i < sizeof ext / sizeof ext[0]; i++)
		if (len > (e = strlen(ext[i])) &&
		    strcasecmp(path + len - e, ext[i]) == 0)
			return 1;
	return 0;
}

/*
 * Is the first line that says anything (not blank, not a # or ;
 * comment) YAML or JSON: "---", "{", or a key ending in ':' (which no
 * INI line can end in: a port follows a host's colon)?
 */
static int
fleet_inv_load_sniff(const char *buf, size_t len)
{
	const char	*s = buf, *end = buf + len, *eol, *last;

	for (; s < end; s = eol + 1) {
		if ((eol = memchr(s, '\n', (size_t)(end - s))) == NULL)
			eol = end;
		while (s < eol && (*s == ' ' || *s == '\t' || *s == '\r'))
			s++;
		if (s == eol || *s == '#' || *s == ';')
			continue;
		for (last = eol; last > s && (last[-1] == ' ' ||
		    last[-1] == '\t' || last[-1] == '\r'); last--)
			;
		return (eol - s >= 3 && strncmp(s, "---", 3) == 0) ||
		    *s == '{' || last[-1] == ':';
	}
	return 0;
}

/* Read and parse the inventory path into inv (initialised here). */
int
fleet_inv_load(struct fleet_inv *inv, const char *path, struct sm_error *err)
{
	struct stat	 st;
	FILE		*f;
	char		*buf;
	size_t		 n;
	int		 rc;

	fleet_inv_init(inv);
	if (stat(path, &st) != 0) {
		sm_error_set(err, "%s: %s", path, strerror(errno));
		return -1;
	}
	if (S_ISDIR(st.st_mode) || (S_ISREG(st.st_mode) &&
	    (st.st_mode & 0111)) || fleet_inv_load_ext(path))
		return fleet_ansible_load(inv, path, err);
	if ((f = fopen(path, "r")) == NULL) {
		sm_error_set(err, "%s: %s", path, strerror(errno));
		return -1;
	}
	if (fstat(fileno(f), &st) != 0 || !S_ISREG(st.st_mode) ||
	    st.st_size > FLEET_INV_MAX_FILE) {
		fclose(f);
		sm_error_set(err, "%s: not a regular file of at most %d bytes",
		    path, FLEET_INV_MAX_FILE);
		return -1;
	}
	buf = xmalloc((size_t)st.st_size + 1);
	n = fread(buf, 1, (size_t)st.st_size, f);
	fclose(f);
	if (fleet_inv_load_sniff(buf, n))
		rc = fleet_ansible_load(inv, path, err);
	else
		rc = fleet_inv_parse(inv, buf, n, path, err);
	free(buf);
	return rc;
}
