/* ui_edit.c: the answer typed in the status line (the form library). */
/* SPDX-License-Identifier: MIT */

#ifndef UI_EDIT_H
#define UI_EDIT_H

#include <stddef.h>

void	 ui_edit_open(const char *, int w);
int	 ui_edit_key(int c, int wide, char *, size_t);
void	 ui_edit_draw(int y, int x, int w, const char *);
void	 ui_edit_end(void);

#endif
