/*
 * "Did you mean": the catalog's test nearest a name that is not one, so
 * that `run -t sycall` can say syscall.  Near is the edit distance
 * (insertions, deletions and substitutions, in any case) to a test's id
 * or to its title, whichever is smaller; a name farther than a third of
 * its length from every test gets no suggestion, as a guess that far off
 * would mislead more than help.
 */
/* SPDX-License-Identifier: MIT */

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model.h"

/* The longest name compared; longer ones are cut (ids and titles fit). */
#define SUGGEST_MAX	64

/* The edit distance between a and b, in any case (two rows of the table). */
static size_t
suggest_distance(const char *a, const char *b)
{
	size_t	la = strnlen(a, SUGGEST_MAX), lb = strnlen(b, SUGGEST_MAX);
	size_t	row[2][SUGGEST_MAX + 1], *prev = row[0], *cur = row[1], *t;

	for (size_t j = 0; j <= lb; j++)
		prev[j] = j;
	for (size_t i = 1; i <= la; i++) {
		cur[0] = i;
		for (size_t j = 1; j <= lb; j++) {
			size_t	sub = prev[j - 1] + (tolower((unsigned char)
				    a[i - 1]) != tolower((unsigned char)
				    b[j - 1]));
			size_t	del = prev[j] + 1, ins = cur[j - 1] + 1;

			cur[j] = sub < del ? sub : del;
			if (ins < cur[j])
				cur[j] = ins;
		}
		t = prev;
		prev = cur;
		cur = t;
	}
	return prev[lb];
}

/*
 * Into buf, ": did you mean \"ID\" (TITLE)?" for the test nearest name,
 * or "" when none is near enough.
 */
void
suggest_test(const char *name, char *buf, size_t len)
{
	const struct bench	*best = NULL;
	size_t			 bestd = strnlen(name, SUGGEST_MAX) / 3 + 1, d,
				 dt;

	buf[0] = '\0';
	for (size_t i = 0; registry_all[i] != NULL; i++) {
		d = suggest_distance(name, registry_all[i]->id);
		dt = suggest_distance(name, registry_all[i]->title);
		if (dt < d)
			d = dt;
		if (d < bestd) {
			bestd = d;
			best = registry_all[i];
		}
	}
	if (best != NULL)
		snprintf(buf, len, ": did you mean \"%s\" (%s)?", best->id,
		    best->title);
}
