/*
 * The screens, named here for ui.c alone (its table by enum ui_scr): a
 * screen or a job reaches another screen only through ui_switch(),
 * ui_show_table() and the events of ui_tell().
 */
/* SPDX-License-Identifier: MIT */

#ifndef UI_SCR_H
#define UI_SCR_H

#include "ui.h"

extern const struct ui_screen scr_select;
extern const struct ui_screen scr_run;
extern const struct ui_screen scr_results;
extern const struct ui_screen scr_compare;
extern const struct ui_screen scr_help;
extern const struct ui_screen scr_pick;
extern const struct ui_screen scr_users;
extern const struct ui_screen scr_hosts;
extern const struct ui_screen scr_history;

#endif
