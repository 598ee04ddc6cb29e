/*
 * The core's table layer: tables as text, CSV and Markdown: what every
 * command and screen prints (table.c).
 *
 * Layers call only down: this header includes the one below it (stats),
 * so a file here sees every lower layer and none above
 * (tests/structure/layers.sh checks the calls).
 */
/* SPDX-License-Identifier: MIT */

#ifndef SYSMARK_TABLE_H
#define SYSMARK_TABLE_H

#include "../stats/stats.h"

/* table.c */
#define TABLE_TEXT_WIDTH	80	/* what a terminal is assumed to have */
enum table_align {
	TABLE_LEFT = 0,
	TABLE_RIGHT
};
enum table_format {
	TABLE_TEXT = 0,
	TABLE_CSV,
	TABLE_MD,
	TABLE_JSON		/* whole documents only: json_out.c */
};
struct table_col {
	char			*header;
	enum table_align	 align;
	int			 yields;	/* text: wraps first */
};
struct table_row {
	int	  section;	/* a heading spanning the row */
	char	**cells;
	char	 *key;		/* a short unique name for the first cell
				   where it does not fit ("syscall x2"), or
				   NULL */
};
struct table {
	char			*title;
	struct table_col	*cols;
	size_t			 ncols;
	struct table_row	*rows;
	size_t			 nrows;
	char			**notes;
	size_t			 nnotes;
	size_t			 width;		/* text: fit to this; 0: any */
	size_t			 wrap;		/* text: the wrapping column */
};
struct table *table_new(const char *);
void	 table_set_title(struct table *, const char *);
void	 table_free(struct table *);
void	 table_add_col(struct table *, const char *, enum table_align);
void	 table_drop_col(struct table *, size_t);
size_t	 table_add_row(struct table *);
void	 table_add_section(struct table *, const char *, ...)
	     __attribute__((format(printf, 2, 3)));
void	 table_set(struct table *t, size_t row, size_t col,
	     const char *fmt, ...)
	     __attribute__((format(printf, 4, 5)));
void	 table_set_key(struct table *, size_t, const char *, ...)
	     __attribute__((format(printf, 3, 4)));
void	 table_add_note(struct table *, const char *, ...)
	     __attribute__((format(printf, 2, 3)));
size_t	 table_col_width(const struct table *, size_t);
void	 table_fit(struct table *t, size_t width, size_t col);
void	 table_yield(struct table *, size_t);
int	 table_format_parse(const char *, enum table_format *);
int	 table_render(const struct table *, enum table_format, FILE *,
	     struct sm_error *);

#endif
