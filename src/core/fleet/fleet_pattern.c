/*
 * Host patterns, as Ansible reads them: terms separated by ':' or ',',
 * each a host, a group (with its children), "all" or "*", or a glob
 * (web*); "!term" takes hosts away and "&term" keeps only hosts also in
 * it.  As in Ansible the plain terms are joined first, then the '&'
 * terms narrow them, then the '!' terms remove, whatever their order.
 * The hosts come out in inventory order.  A term that names nothing is
 * an error rather than an empty fleet: a typo must not run zero hosts.
 */
/* SPDX-License-Identifier: MIT */

#include <fnmatch.h>
#include <stdlib.h>
#include <string.h>

#include "fleet.h"

/* Mark in sel[] the hosts term names; how many it names. */
static size_t
fleet_pattern_term(const struct fleet_inv *inv, const char *term,
    unsigned char *sel)
{
	size_t	n = 0;
	int	glob = strpbrk(term, "*?[") != NULL;

	if (strcmp(term, "*") == 0)
		term = "all";
	for (size_t g = 0; g < inv->ngroups; g++) {
		if (glob ? fnmatch(term, inv->groups[g].name, 0) != 0 :
		    strcmp(term, inv->groups[g].name) != 0)
			continue;
		for (size_t h = 0; h < inv->nhosts; h++)
			if (fleet_inv_member(inv, g, h))
				n += sel[h] = 1;
	}
	for (size_t h = 0; h < inv->nhosts; h++)
		if (glob ? fnmatch(term, inv->hosts[h].name, 0) == 0 :
		    strcmp(term, inv->hosts[h].name) == 0)
			n += sel[h] = 1;
	return n;
}

/* Apply the terms of one kind ('+', '&' or '!') to in[]. */
static int
fleet_pattern_pass(const struct fleet_inv *inv, char **terms, size_t nterms,
    char kind, unsigned char *in, struct sm_error *err)
{
	unsigned char	*t = xcalloc(inv->nhosts, 1);
	int		 rc = 0;

	for (size_t i = 0; i < nterms && rc == 0; i++) {
		const char	*term = terms[i];
		char		 k = *term == '!' || *term == '&' ? *term : '+';

		if (k != kind)
			continue;
		term += k != '+';
		memset(t, 0, inv->nhosts);
		if (*term == '\0' || fleet_pattern_term(inv, term, t) == 0) {
			sm_error_set(err, "pattern \"%s\": no host or group "
			    "by that name", terms[i]);
			rc = -1;
		}
		for (size_t h = 0; h < inv->nhosts && rc == 0; h++)
			if (kind == '+')
				in[h] |= t[h];
			else if (kind == '&')
				in[h] &= t[h];
			else
				in[h] &= !t[h];
	}
	free(t);
	return rc;
}

/*
 * Whether pattern has an empty term: "", ":", "a,,b", "a:", a bare "!"
 * or "&".  Such a term names nothing, and must not read as "all".
 */
static int
fleet_pattern_empty(const char *pattern)
{
	size_t	len;

	for (const char *p = pattern;; p += len + 1) {
		len = strcspn(p, ":,");
		if (len == 0 || (len == 1 && (*p == '!' || *p == '&')))
			return 1;
		if (p[len] == '\0')
			return 0;
	}
}

/*
 * The hosts pattern (NULL: all) selects, as indexes into inv->hosts in
 * inventory order, in *out (allocated) and *n; 0 or -1 with why.
 */
int
fleet_pattern_select(const struct fleet_inv *inv, const char *pattern,
    size_t **out, size_t *n, struct sm_error *err)
{
	unsigned char	 *in = xcalloc(inv->nhosts + 1, 1);
	char		 *copy = xstrdup(pattern ? pattern : "all");
	char		**terms = NULL, *s, *save = NULL;
	size_t		  nterms = 0;
	int		  rc, plain = 0;

	if (pattern != NULL && fleet_pattern_empty(pattern)) {
		sm_error_set(err, "pattern \"%s\": an empty term names no "
		    "host (name one, a group, or all)", pattern);
		*out = xcalloc(1, sizeof **out);
		*n = 0;
		free(in);
		free(copy);
		return -1;
	}
	for (s = strtok_r(copy, ":,", &save); s != NULL;
	    s = strtok_r(NULL, ":,", &save)) {
		terms = xreallocarray(terms, nterms + 1, sizeof *terms);
		terms[nterms++] = s;
		plain |= *s != '!' && *s != '&';
	}
	/* Only exclusions or intersections: they narrow "all". */
	if (!plain)
		memset(in, 1, inv->nhosts);
	rc = fleet_pattern_pass(inv, terms, nterms, '+', in, err);
	if (rc == 0)
		rc = fleet_pattern_pass(inv, terms, nterms, '&', in, err);
	if (rc == 0)
		rc = fleet_pattern_pass(inv, terms, nterms, '!', in, err);
	*out = xcalloc(inv->nhosts + 1, sizeof **out);
	*n = 0;
	for (size_t h = 0; rc == 0 && h < inv->nhosts; h++)
		if (in[h])
			(*out)[(*n)++] = h;
	if (rc == 0 && *n == 0) {
		sm_error_set(err, "pattern \"%s\" leaves no host", pattern ?
		    pattern : "all");
		rc = -1;
	}
	free(terms);
	free(copy);
	free(in);
	return rc;
}
