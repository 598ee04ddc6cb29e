/*
 * csvcell.c: the cells of one CSV record, as libcsv hands them over.
 *
 * libcsv calls back once per field with bytes that are not
 * NUL-terminated and that it reuses at once.  Every loader that reads
 * a record of known width (run files, mix files) keeps a copy of each
 * cell until the record ends, counts the cells beyond its width without
 * keeping them (so that "expected N columns" can say how many there
 * were), and frees them all at the end of the record.
 */
#include <stdlib.h>
#include <string.h>

#include "base.h"

/* Keep the next cell of a record in field[*n] if it fits in max. */
void
csvcell_add(char **field, size_t max, size_t *n, const void *s, size_t len)
{
	char	*f;

	if (*n >= max) {
		(*n)++;
		return;
	}
	f = xmalloc(len + 1);
	if (len > 0)
		memcpy(f, s, len);
	f[len] = '\0';
	field[(*n)++] = f;
}

/* Free the cells kept of a record and start the next one. */
void
csvcell_clear(char **field, size_t max, size_t *n)
{
	for (size_t i = 0; i < *n && i < max; i++)
		free(field[i]);
	*n = 0;
}
