/*
 * THE table: the one model every report, comparison and baseline view is
 * built into, and three renderers for it: aligned text for a terminal,
 * CSV (through libcsv) for spreadsheets and scripts, and Markdown to paste
 * into a mail or an issue.  The console draws the same struct, so a
 * number can never differ between the screen and a file.
 *
 * A table has a title (may span lines), columns with an alignment, rows
 * of text cells, section rows that head a group of rows, and notes that
 * follow it.  Cells are formatted by the caller; this file only lays out.
 */
/* SPDX-License-Identifier: MIT */

#include <csv.h>
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "table.h"

#define TABLE_GAP	2	/* spaces between text columns */
#define TABLE_MIN_WRAP	12	/* a wrapped column keeps this much */
#define TABLE_INDENT	2	/* wrapped lines after the first */

/*
 * A cell, key, section or note, formatted and made visible: what a file
 * or a host sent (a test id, a meta value, a host's reason) reaches every
 * renderer, and the console, with its control characters shown as \xNN
 * (visible.c).  Notes keep their newlines.
 */
static char *
table_vfmt(unsigned flags, const char *fmt, va_list ap)
{
	va_list	 ap2;
	char	*s, *v;
	int	 n;

	va_copy(ap2, ap);
	n = vsnprintf(NULL, 0, fmt, ap2);
	va_end(ap2);
	if (n < 0)
		sm_fatal("vsnprintf: bad format \"%s\"", fmt);
	s = xmalloc((size_t)n + 1);
	vsnprintf(s, (size_t)n + 1, fmt, ap);
	v = xvisible(s, flags);
	free(s);
	return v;
}

struct table *
table_new(const char *title)
{
	struct table	*t = xcalloc(1, sizeof *t);

	t->title = xvisible(title != NULL ? title : "", VISIBLE_LINES);
	return t;
}

/* The title, made visible as the cells are; it may span lines. */
void
table_set_title(struct table *t, const char *title)
{
	free(t->title);
	t->title = xvisible(title, VISIBLE_LINES);
}

void
table_free(struct table *t)
{
	if (t == NULL)
		return;
	for (size_t r = 0; r < t->nrows; r++) {
		for (size_t c = 0; c < t->ncols; c++)
			free(t->rows[r].cells[c]);
		free(t->rows[r].cells);
		free(t->rows[r].key);
	}
	for (size_t c = 0; c < t->ncols; c++)
		free(t->cols[c].header);
	for (size_t i = 0; i < t->nnotes; i++)
		free(t->notes[i]);
	free(t->rows);
	free(t->cols);
	free(t->notes);
	free(t->title);
	free(t);
}

/* Columns come first: a table gains no column once it has rows. */
void
table_add_col(struct table *t, const char *header, enum table_align align)
{
	if (t->nrows != 0)
		sm_fatal("table_add_col after rows");
	t->cols = xreallocarray(t->cols, t->ncols + 1, sizeof *t->cols);
	t->cols[t->ncols].header = xvisible(header, 0);
	t->cols[t->ncols].align = align;
	t->cols[t->ncols].yields = 0;
	t->ncols++;
}

/* Remove column c and its cells (a column said once elsewhere). */
void
table_drop_col(struct table *t, size_t c)
{
	if (c >= t->ncols)
		sm_fatal("table_drop_col(%zu) outside %zu columns", c, t->ncols);
	free(t->cols[c].header);
	memmove(&t->cols[c], &t->cols[c + 1], (t->ncols - c - 1) *
	    sizeof *t->cols);
	for (size_t r = 0; r < t->nrows; r++) {
		free(t->rows[r].cells[c]);
		memmove(&t->rows[r].cells[c], &t->rows[r].cells[c + 1],
		    (t->ncols - c - 1) * sizeof *t->rows[r].cells);
	}
	t->ncols--;
	if (t->wrap > c && t->wrap < t->ncols + 1)
		t->wrap--;
}

/* A new row of empty cells; returns its index. */
size_t
table_add_row(struct table *t)
{
	struct table_row	*row;

	t->rows = xreallocarray(t->rows, t->nrows + 1, sizeof *t->rows);
	row = &t->rows[t->nrows];
	row->section = 0;
	row->key = NULL;
	row->cells = xcalloc(t->ncols, sizeof *row->cells);
	for (size_t c = 0; c < t->ncols; c++)
		row->cells[c] = xstrdup("");
	return t->nrows++;
}

/* A heading row: its text sits in the first cell and spans the table. */
void
table_add_section(struct table *t, const char *fmt, ...)
{
	va_list	ap;
	size_t	r = table_add_row(t);

	t->rows[r].section = 1;
	free(t->rows[r].cells[0]);
	va_start(ap, fmt);
	t->rows[r].cells[0] = table_vfmt(0, fmt, ap);
	va_end(ap);
}

/* The row's short name, for displays too narrow for its first cell. */
void
table_set_key(struct table *t, size_t row, const char *fmt, ...)
{
	va_list	ap;

	if (row >= t->nrows)
		sm_fatal("table_set_key(%zu) outside %zu rows", row, t->nrows);
	free(t->rows[row].key);
	va_start(ap, fmt);
	t->rows[row].key = table_vfmt(0, fmt, ap);
	va_end(ap);
}

void
table_set(struct table *t, size_t row, size_t col, const char *fmt, ...)
{
	va_list	ap;

	if (row >= t->nrows || col >= t->ncols)
		sm_fatal("table_set(%zu, %zu) outside %zux%zu", row, col,
		    t->nrows, t->ncols);
	free(t->rows[row].cells[col]);
	va_start(ap, fmt);
	t->rows[row].cells[col] = table_vfmt(0, fmt, ap);
	va_end(ap);
}

void
table_add_note(struct table *t, const char *fmt, ...)
{
	va_list	ap;

	t->notes = xreallocarray(t->notes, t->nnotes + 1, sizeof *t->notes);
	va_start(ap, fmt);
	t->notes[t->nnotes++] = table_vfmt(VISIBLE_LINES, fmt, ap);
	va_end(ap);
}

/* The width of column c: its widest cell or header (sections excluded). */
size_t
table_col_width(const struct table *t, size_t c)
{
	size_t	w = strlen(t->cols[c].header), n;

	for (size_t r = 0; r < t->nrows; r++) {
		if (t->rows[r].section)
			continue;
		if ((n = strlen(t->rows[r].cells[c])) > w)
			w = n;
	}
	return w;
}

/*
 * Ask the text renderer to keep lines within width columns by wrapping
 * column col's cells (and the title, sections and notes) at spaces.
 */
void
table_fit(struct table *t, size_t width, size_t col)
{
	if (col >= t->ncols)
		sm_fatal("table_fit: no column %zu", col);
	t->width = width;
	t->wrap = col;
}

/*
 * Let column col's cells wrap, down to its header's width, before the
 * wrapping column is shrunk: a cell of short marks (a row's flags) gives
 * way sooner than a title that a reader scans down the page.
 */
void
table_yield(struct table *t, size_t col)
{
	if (col >= t->ncols)
		sm_fatal("table_yield: no column %zu", col);
	t->cols[col].yields = 1;
}

int
table_format_parse(const char *name, enum table_format *out)
{
	if (strcmp(name, "text") == 0)
		*out = TABLE_TEXT;
	else if (strcmp(name, "csv") == 0)
		*out = TABLE_CSV;
	else if (strcmp(name, "md") == 0 || strcmp(name, "markdown") == 0)
		*out = TABLE_MD;
	else
		return -1;
	return 0;
}

/* ---- Text ---- */

/*
 * Break s into lines of at most w columns at spaces (a word longer than a
 * line is cut); lines after the first are indented by TABLE_INDENT and
 * count it.  Returns the number of lines; *out holds them, allocated.
 */
static size_t
table_wrap(const char *s, size_t w, char ***out)
{
	char	**v = NULL;
	size_t	  n = 0, avail, len, cut, indent;

	do {
		indent = n == 0 ? 0 : TABLE_INDENT;
		avail = w > indent + 1 ? w - indent : 1;
		len = strlen(s);
		cut = len;
		if (len > avail) {
			for (cut = avail; cut > 0 && s[cut] != ' '; cut--)
				;
			if (cut == 0)
				cut = avail;
		}
		v = xreallocarray(v, n + 1, sizeof *v);
		v[n] = xmalloc(indent + cut + 1);
		snprintf(v[n++], indent + cut + 1, "%*s%.*s", (int)indent, "",
		    (int)cut, s);
		for (s += cut; *s == ' '; s++)
			;
	} while (*s != '\0');
	*out = v;
	return n;
}

static void
table_wrap_free(char **v, size_t n)
{
	for (size_t i = 0; i < n; i++)
		free(v[i]);
	free(v);
}

/* Print text line by line, each line wrapped to width (0: as it is). */
static void
table_text_block(const char *text, size_t width, FILE *f)
{
	const char	 *p = text, *nl;
	char		 *line, **v;
	size_t		  n, len;

	do {
		nl = strchr(p, '\n');
		len = nl != NULL ? (size_t)(nl - p) : strlen(p);
		line = xmalloc(len + 1);
		memcpy(line, p, len);
		line[len] = '\0';
		if (width == 0 || len <= width)
			fprintf(f, "%s\n", line);
		else {
			n = table_wrap(line, width, &v);
			for (size_t i = 0; i < n; i++)
				fprintf(f, "%s\n", v[i]);
			table_wrap_free(v, n);
		}
		free(line);
		p = nl != NULL ? nl + 1 : p + len;	/* never NULL + 1 */
	} while (nl != NULL);
}

static void
table_text_line(const struct table *t, char *const *cells, const size_t *w,
    FILE *f)
{
	size_t	end = t->ncols;

	/* Trailing empty cells would only leave trailing blanks. */
	while (end > 1 && cells[end - 1][0] == '\0')
		end--;
	for (size_t c = 0; c < end; c++) {
		int	pad = (int)w[c];
		int	last = c + 1 == end;

		if (c > 0)
			fprintf(f, "%*s", TABLE_GAP, "");
		if (t->cols[c].align == TABLE_RIGHT)
			fprintf(f, "%*s", pad, cells[c]);
		else
			fprintf(f, "%-*s", last ? 0 : pad, cells[c]);
	}
	fputc('\n', f);
}

/*
 * Take up to over columns from the yielding columns, none below its
 * header's width; returns what is still over.
 */
static size_t
table_text_yield(const struct table *t, size_t *w, size_t over)
{
	size_t	floor, give;

	for (size_t c = 0; c < t->ncols && over > 0; c++) {
		if (!t->cols[c].yields || c == t->wrap)
			continue;
		floor = strlen(t->cols[c].header);
		if (w[c] <= floor)
			continue;
		give = w[c] - floor < over ? w[c] - floor : over;
		w[c] -= give;
		over -= give;
	}
	return over;
}

/*
 * Shrink the yielding columns, then the wrapping column, so that a line
 * fits the table's width; returns 0, or -1 when no shrinking can make it
 * fit (then nothing is changed and the table goes into panels).
 */
static int
table_text_fit(const struct table *t, size_t *w)
{
	size_t	total = TABLE_GAP * (t->ncols - 1), over, *tried;

	if (t->width == 0)
		return 0;
	for (size_t c = 0; c < t->ncols; c++)
		total += w[c];
	if (total <= t->width)
		return 0;
	tried = xcalloc(t->ncols, sizeof *tried);
	memcpy(tried, w, t->ncols * sizeof *w);
	over = table_text_yield(t, tried, total - t->width);
	if (over > 0 && tried[t->wrap] < over + TABLE_MIN_WRAP &&
	    t->ncols >= 3) {
		free(tried);
		return -1;
	}
	if (over > 0)
		tried[t->wrap] = tried[t->wrap] > over + TABLE_MIN_WRAP ?
		    tried[t->wrap] - over : TABLE_MIN_WRAP;
	memcpy(w, tried, t->ncols * sizeof *w);
	free(tried);
	return 0;
}

/*
 * A row, each cell longer than its column (the wrapping column's, a
 * yielding column's) spread over as many lines as it needs.
 */
static void
table_text_row(const struct table *t, char *const *cells, const size_t *w,
    FILE *f)
{
	char	***v = xcalloc(t->ncols, sizeof *v), **line;
	size_t	  *n = xcalloc(t->ncols, sizeof *n), lines = 1;

	for (size_t c = 0; c < t->ncols && t->width != 0; c++)
		if (strlen(cells[c]) > w[c] &&
		    (n[c] = table_wrap(cells[c], w[c], &v[c])) > lines)
			lines = n[c];
	line = xcalloc(t->ncols, sizeof *line);
	for (size_t i = 0; i < lines; i++) {
		for (size_t c = 0; c < t->ncols; c++)
			if (v[c] != NULL)
				line[c] = i < n[c] ? v[c][i] : "";
			else
				line[c] = i == 0 ? cells[c] : "";
		table_text_line(t, line, w, f);
	}
	for (size_t c = 0; c < t->ncols; c++)
		if (v[c] != NULL)
			table_wrap_free(v[c], n[c]);
	free(line);
	free(v);
	free(n);
}

/* The header line and every row, in the widths w. */
static void
table_text_body(const struct table *t, const size_t *w, FILE *f)
{
	char	**hdr = xcalloc(t->ncols, sizeof *hdr);

	for (size_t c = 0; c < t->ncols; c++)
		hdr[c] = t->cols[c].header;
	table_text_line(t, hdr, w, f);
	for (size_t r = 0; r < t->nrows; r++) {
		if (t->rows[r].section) {
			if (r > 0)
				fputc('\n', f);
			table_text_block(t->rows[r].cells[0], t->width, f);
		} else
			table_text_row(t, t->rows[r].cells, w, f);
	}
	free(hdr);
}

/*
 * One panel of a table too wide for its width: column 0 (the names) and
 * columns first..end-1, as a view sharing the table's cells.
 */
static void
table_text_panel(const struct table *t, const size_t *w, size_t first,
    size_t end, FILE *f)
{
	struct table	 v;
	size_t		*vw, n = 1 + end - first;

	memset(&v, 0, sizeof v);
	v.ncols = n;
	v.nrows = t->nrows;
	v.width = t->width;
	v.wrap = t->wrap >= first && t->wrap < end ? 1 + t->wrap - first : 0;
	v.cols = xcalloc(n, sizeof *v.cols);
	v.rows = xcalloc(t->nrows, sizeof *v.rows);
	vw = xcalloc(n, sizeof *vw);
	for (size_t c = 0; c < n; c++) {
		size_t	from = c == 0 ? 0 : first + c - 1;

		v.cols[c] = t->cols[from];
		vw[c] = w[from];
	}
	for (size_t r = 0; r < t->nrows; r++) {
		v.rows[r].section = t->rows[r].section;
		v.rows[r].cells = xcalloc(n, sizeof *v.rows[r].cells);
		for (size_t c = 0; c < n; c++)
			v.rows[r].cells[c] =
			    t->rows[r].cells[c == 0 ? 0 : first + c - 1];
	}
	/* The names may still need wrapping to fit beside these columns. */
	(void)table_text_fit(&v, vw);
	table_text_body(&v, vw, f);
	for (size_t r = 0; r < t->nrows; r++)
		free(v.rows[r].cells);
	free(v.rows);
	free(v.cols);
	free(vw);
}

/*
 * Aligned text.  A table wider than its width even with its wrapping
 * column shrunk is cut into panels of whole columns, each repeating the
 * first column, as a printed report continues a wide table below.
 */
static void
table_render_text(const struct table *t, FILE *f)
{
	size_t	*w = xcalloc(t->ncols, sizeof *w);
	size_t	 end, total;

	for (size_t c = 0; c < t->ncols; c++)
		w[c] = table_col_width(t, c);
	if (t->title[0] != '\0') {
		table_text_block(t->title, t->width, f);
		fputc('\n', f);
	}
	if (table_text_fit(t, w) == 0)
		table_text_body(t, w, f);
	else
		for (size_t first = 1; first < t->ncols; first = end) {
			total = w[0] + TABLE_GAP + w[first];
			for (end = first + 1; end < t->ncols &&
			    total + TABLE_GAP + w[end] <= t->width; end++)
				total += TABLE_GAP + w[end];
			if (first > 1)
				fputc('\n', f);
			table_text_panel(t, w, first, end, f);
		}
	for (size_t i = 0; i < t->nnotes; i++) {
		if (i == 0)
			fputc('\n', f);
		table_text_block(t->notes[i], t->width, f);
	}
	free(w);
}

/* ---- CSV ---- */

static void
table_csv_line(char *const *cells, size_t n, FILE *f)
{
	for (size_t c = 0; c < n; c++) {
		if (c > 0)
			fputc(',', f);
		if (strpbrk(cells[c], ",\"\r\n") != NULL)
			csv_fwrite(f, cells[c], strlen(cells[c]));
		else
			fputs(cells[c], f);
	}
	fputc('\n', f);
}

/* Plain data: a header and the rows; a section row keeps its label. */
static void
table_render_csv(const struct table *t, FILE *f)
{
	char	**hdr = xcalloc(t->ncols, sizeof *hdr);

	for (size_t c = 0; c < t->ncols; c++)
		hdr[c] = t->cols[c].header;
	table_csv_line(hdr, t->ncols, f);
	for (size_t r = 0; r < t->nrows; r++)
		table_csv_line(t->rows[r].cells, t->ncols, f);
	free(hdr);
}

/* ---- Markdown ---- */

static void
table_md_cell(const char *s, FILE *f)
{
	for (; *s != '\0'; s++) {
		if (*s == '|')
			fputc('\\', f);
		fputc(*s == '\n' ? ' ' : *s, f);
	}
}

static void
table_render_md(const struct table *t, FILE *f)
{
	if (t->title[0] != '\0') {
		for (const char *p = t->title; *p != '\0'; p++) {
			if (*p == '\n')
				fputs("  ", f);	/* a Markdown line break */
			fputc(*p, f);
		}
		fputs("\n\n", f);
	}
	fputc('|', f);
	for (size_t c = 0; c < t->ncols; c++) {
		fputc(' ', f);
		table_md_cell(t->cols[c].header, f);
		fputs(" |", f);
	}
	fputs("\n|", f);
	for (size_t c = 0; c < t->ncols; c++)
		fputs(t->cols[c].align == TABLE_RIGHT ? " ---: |" : " :--- |",
		    f);
	fputc('\n', f);
	for (size_t r = 0; r < t->nrows; r++) {
		fputc('|', f);
		for (size_t c = 0; c < t->ncols; c++) {
			fputs(t->rows[r].section && c == 0 ? " **" : " ", f);
			table_md_cell(t->rows[r].cells[c], f);
			fputs(t->rows[r].section && c == 0 ? "** |" : " |", f);
		}
		fputc('\n', f);
	}
	for (size_t i = 0; i < t->nnotes; i++)
		fprintf(f, "\n%s\n", t->notes[i]);
}

/* Write the table in one of the three formats; 0 or -1 on a write error. */
int
table_render(const struct table *t, enum table_format fmt, FILE *f,
    struct sm_error *err)
{
	switch (fmt) {
	case TABLE_TEXT:
		table_render_text(t, f);
		break;
	case TABLE_CSV:
		table_render_csv(t, f);
		break;
	case TABLE_MD:
		table_render_md(t, f);
		break;
	case TABLE_JSON:
		/* A command writes one JSON document, never table by table. */
		sm_fatal("table_render: JSON is written by json_out.c");
	}
	if (fflush(f) != 0 || ferror(f)) {
		sm_error_set(err, "writing the table: %s", strerror(errno));
		return -1;
	}
	return 0;
}
