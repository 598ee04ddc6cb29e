/*
 * The terminal (ui_term.c: curses started and ended, the signals, a
 * resize, a hang-up) and the keys (ui_key.c: read, normalized, handed to
 * the prompt, the screen or the frame), as the loop (ui.c) uses them.
 */
/* SPDX-License-Identifier: MIT */

#ifndef UI_TERM_H
#define UI_TERM_H

struct ui;

/* ui_term.c */
void	 ui_signals(void);
void	 ui_term_start(struct ui *);
void	 ui_term_end(void);
int	 ui_term_stopped(void);
void	 ui_term_hangup(void);
void	 ui_term_repaint(void);
int	 ui_term_resumed(void);
int	 ui_term_resized(void);
int	 ui_term_ctrl_c(void);
void	 ui_term_set_ctrl_c(int);

/* ui_key.c */
void	 ui_read_keys(struct ui *);
void	 ui_quit(struct ui *);

#endif
