/*
 * Reading a small CSV file of rows a user wrote (a mix, a command suite), with
 * libcsv, strict: each record is handed to a callback with the line it
 * began on, so every message can name path:line.  Lines starting with
 * '#' are comments; a UTF-8 byte order mark is skipped; a NUL byte or
 * malformed CSV stops the reading with its line.
 */
/* SPDX-License-Identifier: MIT */

#include <csv.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base.h"

/* A file this large is not a list of rows a user wrote. */
#define CSVROWS_MAX	(16 << 20)

void
csvrows_bad(struct csvrows *cr, const char *fmt, ...)
{
	char	msg[200];
	va_list	ap;

	if (cr->failed)
		return;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	sm_error_set(cr->err, "%s:%zu: %s", cr->path, cr->rec_line, msg);
	cr->failed = 1;
}

static void
csvrows_on_field(void *s, size_t len, void *data)
{
	struct csvrows	*cr = data;

	csvcell_add(cr->field, CSVROWS_COLS, &cr->nfield, s, len);
}

static void
csvrows_on_row(int c, void *data)
{
	struct csvrows	*cr = data;

	(void)c;
	if (!cr->failed)
		cr->row(cr);
	csvcell_clear(cr->field, CSVROWS_COLS, &cr->nfield);
	cr->nrec++;
	cr->in_record = 0;
}

/* A byte at a time, so that messages name the line a record starts on. */
static void
csvrows_feed(struct csv_parser *p, struct csvrows *cr, FILE *f)
{
	int		ch;
	unsigned char	b;

	while (!cr->failed && (ch = getc(f)) != EOF) {
		b = (unsigned char)ch;
		if (!cr->in_record && !cr->comment && b == '#')
			cr->comment = 1;
		if (cr->comment) {
			cr->comment = b != '\n';
			cr->line += b == '\n';
			continue;
		}
		if (!cr->in_record && b != '\n' && b != '\r') {
			cr->in_record = 1;
			cr->rec_line = cr->line;
		}
		if (b == '\0') {
			csvrows_bad(cr, "binary data (a NUL byte)");
			return;
		}
		if (csv_parse(p, &b, 1, csvrows_on_field, csvrows_on_row,
		    cr) != 1) {
			csvrows_bad(cr, "malformed CSV: %s",
			    csv_strerror(csv_error(p)));
			return;
		}
		cr->line += b == '\n';
	}
	if (!cr->failed && csv_fini(p, csvrows_on_field, csvrows_on_row,
	    cr) != 0)
		csvrows_bad(cr, "malformed CSV at the end of the file: %s",
		    csv_strerror(csv_error(p)));
}

/*
 * Read path, calling row() for each record (cr->field[0 .. nfield-1],
 * cr->rec_line), then end() (optional) once the file is read whole;
 * they report with csvrows_bad().  0, or -1 with err.
 */
int
csvrows_read(const char *path, void (*row)(struct csvrows *),
    void (*end)(struct csvrows *), void *data, struct sm_error *err)
{
	struct csvrows		 cr;
	struct csv_parser	 p;
	char			 bom[3];
	size_t			 n;
	FILE			*f;

	if ((f = infile_open(path, CSVROWS_MAX, err)) == NULL)
		return -1;
	n = fread(bom, 1, sizeof bom, f);
	if (infile_bom(bom, n) == 0)
		rewind(f);
	if (csv_init(&p, CSV_STRICT | CSV_STRICT_FINI) != 0)
		sm_fatal("csv_init failed");
	memset(&cr, 0, sizeof cr);
	cr.path = path;
	cr.err = err;
	cr.row = row;
	cr.data = data;
	cr.line = cr.rec_line = 1;
	csvrows_feed(&p, &cr, f);
	if (!cr.failed && end != NULL)
		end(&cr);
	csvcell_clear(cr.field, CSVROWS_COLS, &cr.nfield);
	csv_free(&p);
	fclose(f);
	return cr.failed ? -1 : 0;
}
