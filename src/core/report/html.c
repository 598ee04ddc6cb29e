/*
 * A struct table (table.c) as an HTML table: the same model the text,
 * CSV and Markdown renderers and the console draw, so the report's tables
 * hold exactly the figures `sysmark show` and `compare` print.  The title
 * is shown above the table (its lines kept) and is its caption for
 * screen readers, section rows span the table,
 * right-aligned columns are numbers, notes follow as a list.
 */
/* SPDX-License-Identifier: MIT */

#include <stdio.h>
#include <string.h>

#include "report.h"

static void
html_row(struct sbuf *b, const struct table *t, const struct table_row *r)
{
	if (r->section) {
		sbuf_printf(b, "<tr class=\"sec\"><th colspan=\"%zu\" "
		    "scope=\"colgroup\">", t->ncols);
		sbuf_esc(b, r->cells[0] != NULL ? r->cells[0] : "");
		sbuf_puts(b, "</th></tr>\n");
		return;
	}
	sbuf_puts(b, "<tr>");
	for (size_t c = 0; c < t->ncols; c++) {
		const char	*v = r->cells[c] != NULL ? r->cells[c] : "";

		if (c == 0)
			sbuf_puts(b, "<th scope=\"row\">");
		else
			sbuf_puts(b, t->cols[c].align == TABLE_RIGHT ?
			    "<td class=\"n\">" : "<td>");
		sbuf_esc(b, v);
		sbuf_puts(b, c == 0 ? "</th>" : "</td>");
	}
	sbuf_puts(b, "</tr>\n");
}

/* The table t into b; cls the table's class (NULL: none). */
void
html_table(struct sbuf *b, const struct table *t, const char *cls)
{
	/*
	 * The title is shown above the scrolling box, wrapped to the page
	 * (a phone's width), and kept as the caption for screen readers.
	 */
	if (t->title != NULL && t->title[0] != '\0') {
		sbuf_puts(b, "<p class=\"cap\" aria-hidden=\"true\">");
		sbuf_esc(b, t->title);
		sbuf_puts(b, "</p>\n");
	}
	sbuf_printf(b, "<div class=\"tw\"><table%s%s%s>\n", cls ? " class=\"" :
	    "", cls ? cls : "", cls ? "\"" : "");
	if (t->title != NULL && t->title[0] != '\0') {
		sbuf_puts(b, "<caption class=\"vh\">");
		sbuf_esc(b, t->title);
		sbuf_puts(b, "</caption>\n");
	}
	sbuf_puts(b, "<thead><tr>");
	for (size_t c = 0; c < t->ncols; c++) {
		sbuf_printf(b, "<th scope=\"col\"%s>", t->cols[c].align ==
		    TABLE_RIGHT ? " class=\"n\"" : "");
		sbuf_esc(b, t->cols[c].header);
		sbuf_puts(b, "</th>");
	}
	sbuf_puts(b, "</tr></thead>\n<tbody>\n");
	for (size_t i = 0; i < t->nrows; i++)
		html_row(b, t, &t->rows[i]);
	sbuf_puts(b, "</tbody></table></div>\n");
	if (t->nnotes == 0)
		return;
	sbuf_puts(b, "<ul class=\"notes\">\n");
	for (size_t i = 0; i < t->nnotes; i++) {
		sbuf_puts(b, "<li>");
		sbuf_esc(b, t->notes[i]);
		sbuf_puts(b, "</li>\n");
	}
	sbuf_puts(b, "</ul>\n");
}
