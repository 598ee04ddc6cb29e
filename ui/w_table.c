/*
 * The table widget: draws any struct table the core built (a run's
 * results, a comparison) into a rectangle, from a given first line and
 * column, so screens scroll it both ways; the first column, the test
 * names, stays put while the others scroll, and scrolling stops at the
 * last column.  When the table is wider than the rectangle, the test
 * names give way to their keys (id and copies), never to cut titles that
 * look alike.  It lays out text only; every figure in it was formatted by
 * the core.
 */
/* SPDX-License-Identifier: MIT */

#include <stdlib.h>
#include <string.h>

#include "ui.h"
#include "w.h"

#define W_TABLE_GAP	2
#define W_TABLE_MIN0	16	/* the narrowest the test names get */

/* Lines the table takes at w columns: header, rows, a blank, notes. */
int
w_table_lines(const struct table *t, int w)
{
	struct ui_rect	r = { 0, 0, 0, w };
	int		n = 1 + (int)t->nrows;

	if (t->nnotes > 0)
		n++;
	for (size_t i = 0; i < t->nnotes; i++)
		n += ui_text(NULL, r, 0, UI_NATTR, t->notes[i]);
	return n;
}

/* The rightmost column with this header, or -1. */
int
w_table_col(const struct table *t, const char *header)
{
	for (size_t c = t->ncols; c-- > 0; )
		if (strcmp(t->cols[c].header, header) == 0)
			return (int)c;
	return -1;
}

/* The width of the first column when rows show their keys. */
static size_t
w_table_key_width(const struct table *t)
{
	size_t	w = strlen(t->cols[0].header), n;

	for (size_t i = 0; i < t->nrows; i++) {
		if (t->rows[i].section)
			continue;
		n = strlen(t->rows[i].key != NULL ? t->rows[i].key :
		    t->rows[i].cells[0]);
		if (n > w)
			w = n;
	}
	return w;
}

/*
 * Column widths fitted to w; returns the width of a full line.  When the
 * first column, the test names, makes the line too wide, or *keys asks
 * for them (W_TABLE_KEYS), its rows show their keys (test id and copies:
 * short and unique) instead of titles cut into look-alikes; *keys says
 * which were chosen.
 */
static int
w_table_widths(const struct table *t, size_t *cw, int w, int *keys)
{
	int	total = 0;

	for (size_t c = 0; c < t->ncols; c++)
		total += (int)(cw[c] = table_col_width(t, c)) +
		    (c > 0 ? W_TABLE_GAP : 0);
	if (total <= w && *keys != W_TABLE_KEYS) {
		*keys = 0;
		return total;
	}
	*keys = 1;
	total -= (int)cw[0];
	cw[0] = w_table_key_width(t);
	/* Compared as ints: the other columns alone may be wider than w. */
	if (total + (int)cw[0] > w && cw[0] > W_TABLE_MIN0)
		cw[0] = w - total > W_TABLE_MIN0 ? (size_t)(w - total) :
		    W_TABLE_MIN0;
	return total + (int)cw[0];
}

/* How far right the table can scroll in w columns: its last column shows. */
int
w_table_max_left(const struct table *t, int w)
{
	size_t	*cw = xcalloc(t->ncols, sizeof *cw);
	int	 keys = W_TABLE_FIT, total = w_table_widths(t, cw, w, &keys);

	free(cw);
	return total > w ? total - w : 0;
}

/*
 * The first n columns of cell into out (not terminated), '~' marking a
 * cut.  A trailing "(2 copies)" is kept, cut before, so that rows that
 * differ only there still look different.
 */
static void
w_table_cut(const char *cell, size_t n, char *out)
{
	size_t		 len = strlen(cell), tail = 0;
	const char	*paren = strrchr(cell, '(');

	if (len <= n) {
		memcpy(out, cell, len);
		return;
	}
	if (n == 0)
		return;
	if (paren != NULL && cell[len - 1] == ')' && len - (size_t)(paren -
	    cell) < n / 2)
		tail = len - (size_t)(paren - cell);
	memcpy(out, cell, n - tail);
	out[n - tail - 1] = '~';
	memcpy(out + n - tail, paren != NULL ? paren : cell, tail);
}

/*
 * The width cell c may take: its column's, and when it is wider, the
 * blank cells after it too (a summary row's "geomean of 4 ratios" over
 * the empty figures beside it, not cut to "geomean of 4 ra~"); *span
 * gets how many columns it covers.
 */
static size_t
w_table_room(const struct table *t, char *const *cells, const size_t *cw,
    size_t c, size_t *span)
{
	size_t	room = cw[c], n = strlen(cells[c]);

	*span = 1;
	while (room < n && c + *span < t->ncols &&
	    cells[c + *span][0] == '\0' &&
	    t->cols[c].align == TABLE_LEFT)
		room += W_TABLE_GAP + cw[c + (*span)++];
	if (room < n)
		*span = 1;
	return *span > 1 ? room : cw[c];
}

/* One line of cells into buf, each cut or padded to its width. */
static void
w_table_line(const struct table *t, char *const *cells, const size_t *cw,
    char *buf, size_t len)
{
	size_t	pos = 0, n, pad, w, span;

	for (size_t c = 0; c < t->ncols && pos + 1 < len; c += span) {
		if (c > 0)
			for (int g = 0; g < W_TABLE_GAP && pos + 1 < len; g++)
				buf[pos++] = ' ';
		w = w_table_room(t, cells, cw, c, &span);
		n = strlen(cells[c]);
		pad = n < w ? w - n : 0;
		if (n > w)
			n = w;
		if (pos + w + 1 >= len)
			break;
		if (t->cols[c].align == TABLE_RIGHT) {
			memset(buf + pos, ' ', pad);
			pos += pad;
		}
		w_table_cut(cells[c], n, buf + pos);
		pos += n;
		if (t->cols[c].align == TABLE_LEFT) {
			memset(buf + pos, ' ', pad);
			pos += pad;
		}
	}
	buf[pos] = '\0';
}

/*
 * A line: its first column stays put, the rest scrolls left columns
 * under it (tmux's and less's frozen first column).
 */
static void
w_table_text(struct ui *ui, int y, struct ui_rect r, int left, int fixed,
    enum ui_attr a, const char *s)
{
	int	len = (int)strlen(s);

	ui_printf(ui, y, r.x, fixed < r.w ? fixed : r.w, a, "%.*s", fixed, s);
	if (len > fixed + left && fixed < r.w)
		ui_puts(ui, y, r.x + fixed, r.w - fixed, a, s + fixed + left);
}

/* Row i's cells, its first one its key when keys are shown. */
static void
w_table_row_line(const struct table *t, size_t i, const size_t *cw, int keys,
    char *line, size_t len)
{
	char	**cells = xcalloc(t->ncols, sizeof *cells);

	memcpy(cells, t->rows[i].cells, t->ncols * sizeof *cells);
	if (keys && t->rows[i].key != NULL)
		cells[0] = t->rows[i].key;
	w_table_line(t, cells, cw, line, len);
	free(cells);
}

/*
 * Draw t in r: table line first at the top of r (first may be negative
 * to start lower down), the columns after the first scrolled left
 * columns (at most until the last shows), row cur (-1: none)
 * highlighted; names W_TABLE_FIT shows the tests' titles where they fit
 * and their keys where not, W_TABLE_KEYS their keys always (a table that
 * grows as tests finish names each the same way from one update to the
 * next).  Returns the width of a full line as drawn, so a caller can draw
 * beside it.
 */
int
w_table_draw(struct ui *ui, const struct table *t, struct ui_rect r,
    int first, int left, int cur, int names)
{
	size_t	*cw = xcalloc(t->ncols, sizeof *cw);
	char	**hdr = xcalloc(t->ncols, sizeof *hdr);
	char	 line[1024];
	int	 total, y, keys = names, fixed;

	total = w_table_widths(t, cw, r.w, &keys);
	fixed = (int)cw[0] + W_TABLE_GAP;
	if (left > total - r.w)
		left = total - r.w;
	if (left < 0)
		left = 0;
	for (size_t c = 0; c < t->ncols; c++)
		hdr[c] = t->cols[c].header;
	for (int i = first < 0 ? 0 : first; i <= (int)t->nrows; i++) {
		if ((y = r.y + i - first) >= r.y + r.h)
			break;
		if (i == 0) {
			w_table_line(t, hdr, cw, line, sizeof line);
			w_table_text(ui, y, r, left, fixed, UI_A_SECTION, line);
		} else if (t->rows[i - 1].section)
			ui_puts(ui, y, r.x, r.w, i - 1 == cur ? UI_A_CURSOR :
			    UI_A_TITLE, t->rows[i - 1].cells[0]);
		else {
			w_table_row_line(t, (size_t)i - 1, cw, keys, line,
			    sizeof line);
			w_table_text(ui, y, r, left, fixed, i - 1 == cur ?
			    UI_A_CURSOR : UI_NATTR, line);
		}
	}
	/* Notes are prose: wrapped to the rectangle, not scrolled sideways. */
	for (size_t i = 0, vy = t->nrows + 2; i < t->nnotes; i++)
		vy += (size_t)ui_text(ui, r, first - (int)vy, UI_NATTR,
		    t->notes[i]);
	free(hdr);
	free(cw);
	return total - left < r.w ? total - left : r.w;
}
