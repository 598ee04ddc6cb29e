/*
 * The console's frame: what the loop (ui.c), its screens and its jobs
 * share.  ui.c owns the poll() loop, ui_state.c the changes screens ask
 * for (a switch, a message, a question, a table to show) and the events
 * jobs tell, ui_draw.c the drawing helpers.  Each module has its own
 * header: ui_term.h (the terminal, the signals, the keys), ui_edit.h,
 * ui_choice.h (what is chosen), ui_live.h and ui_fleet.h (the jobs: the
 * run in flight, the fleet run), ui_source.h (the saved runs and
 * baselines), ui_view.h (what the results screen shows), ui_report.h,
 * w.h (the widgets), scr.h (the screens, named by ui.c alone) and
 * console.h (what the command line calls).  Each scr_*.c file is one
 * screen (a const struct ui_screen, its state private to it); each w_*.c
 * file a widget that draws into a rectangle it is given and owns no
 * data.  Everything shown comes from the core API (src/core/core.h) and
 * its events: the console never measures or computes a figure itself.
 */
/* SPDX-License-Identifier: MIT */

#ifndef UI_H
#define UI_H

#include <limits.h>
#include <stddef.h>
#include <stdint.h>

/* The wide-character calls (get_wch, the form's wide input). */
#define NCURSES_WIDECHAR 1
#include <curses.h>

#include "../src/core/core.h"

#define UI_MIN_COLS	80
#define UI_MIN_LINES	24
#define UI_MAX_COPIES	8

/* Key codes after ui_key_normalize(): letters stand for function keys. */
#define UI_KEY_ENTER	'\n'
#define UI_KEY_ESC	27
#define UI_CTRL(c)	((c) & 0x1f)

enum ui_attr {
	UI_A_TITLE,		/* screen title line */
	UI_A_CURSOR,		/* the highlighted row */
	UI_A_SECTION,		/* group headings, table headers */
	UI_A_WARN,		/* not idle, failures */
	UI_A_GOOD,		/* bars and finished figures */
	UI_A_MARK,		/* outliers */
	UI_A_KEY,		/* the status line */
	UI_NATTR
};

struct ui_rect {
	int	y, x, h, w;
};

/* One line of the help screen. */
struct ui_key {
	const char	*keys;
	const char	*what;
};

struct ui;
struct pollfd;

/*
 * What a job tells the screens (ui_tell()): every screen's on_event sees
 * every event, shown or not, and acts on what concerns it; so a job never
 * names a screen, and a screen hears of a job without the loop's help.
 */
enum ui_event_kind {
	UI_EV_RUN_BEGIN,	/* the live session is about to begin */
	UI_EV_RUN,		/* the live session's event: run */
	UI_EV_FLEET,		/* the fleet run's event, its model updated */
	UI_EV_FLEET_END		/* the fleet run ended: dir holds its runs */
};
struct ui_event {
	enum ui_event_kind		 kind;
	const struct runner_event	*run;	/* UI_EV_RUN */
	const struct fleet_event	*fleet;	/* UI_EV_FLEET */
	const char			*dir;	/* UI_EV_FLEET_END */
};

/*
 * A screen: key() returns 1 when it used the key; on_event() sees every
 * job's events (struct ui_event); draw() paints the whole screen but the
 * status line, which ui.c draws from status; show_table() takes a table
 * another screen gives it to show (ui_show_table()).  init() makes the
 * screen's own state (its cursors, scroll offsets and tables, a struct
 * private to its file, as tmux keeps a mode's data) when the console
 * starts, free() frees it when it ends.
 */
struct ui_screen {
	const char		*name;
	const char		*status;
	const struct ui_key	*help;		/* ends with { NULL, NULL } */
	void			 (*enter)(struct ui *);
	void			 (*leave)(struct ui *);
	int			 (*key)(struct ui *, int);
	void			 (*on_event)(struct ui *,
				     const struct ui_event *);
	void			 (*show_table)(struct ui *, struct table *);
	void			 (*draw)(struct ui *);
	void			 (*init)(struct ui *);
	void			 (*free)(struct ui *);
	int			 idle_check;	/* redraw every few s */
};

/*
 * A job the loop drives while it goes on (the live session, the fleet
 * run), on the core's pattern: its pipes polled (fds), its deadline kept
 * (timeout_ms: -1 for none), moved on without blocking (step), and
 * stopped at the console's end keeping what it did (end, bounded).  What
 * happens in it reaches the screens as events (ui_tell()).
 */
struct ui_job {
	const char	*name;
	int		 (*running)(const struct ui *);
	size_t		 (*fds)(struct ui *, struct pollfd *, size_t);
	int		 (*timeout_ms)(const struct ui *);
	void		 (*step)(struct ui *);
	void		 (*end)(struct ui *);
};

/* A question in the status line: text to edit, or yes/no. */
struct ui_prompt {
	int	 active;
	int	 yesno;
	char	 question[96];
	char	 text[PATH_MAX];
	void	 (*done)(struct ui *, const char *);
	void	 (*step)(struct ui *, int);	/* arrows, when set */
	void	 (*cancel)(struct ui *);	/* Esc, when set */
};

/*
 * The screens by name.  A screen switches to another by its id, never by
 * naming its struct: ui.c alone maps ids to screens (ui->screens), so no
 * screen depends on another.
 */
enum ui_scr {
	UI_SCR_SELECT, UI_SCR_RUN, UI_SCR_RESULTS, UI_SCR_COMPARE,
	UI_SCR_HELP, UI_SCR_PICK, UI_SCR_USERS, UI_SCR_HOSTS, UI_SCR_HISTORY,
	UI_SCR_N
};

struct ui {
	const struct ui_screen *const *screens;	/* by enum ui_scr */
	const struct ui_screen	*scr;
	enum ui_scr		 scr_id;
	enum ui_scr		 back;		/* where help returns to */
	struct ui_choice	*choice;	/* ui_choice.h */
	struct ui_live		*live;		/* ui_live.h: a job */
	struct ui_fleet		*fleet;		/* ui_fleet.h: a job */
	struct ui_prompt	 prompt;
	char			 msg[256];	/* shown until the next key */
	int			 dirty;
	int			 quit;
	int			 refresh_ms;
	int			 utf8;		/* the locale is UTF-8 */
	attr_t			 attr[UI_NATTR];
	char			 self[PATH_MAX];
	char			 idle[256];	/* "": the machine is idle */
	char			 governor[160];	/* "", or cpufreq_warn_now() */
	uint64_t		 idle_at;

	/*
	 * Each screen's own state: its cursors, scroll offsets and tables,
	 * a struct private to its file (made by the screen's init(), freed
	 * by its free(); the Hosts screen makes its own on first use).
	 */
	struct scr_select	*select;
	struct scr_run		*run;
	struct scr_results	*results;
	struct scr_pick		*pick;
	struct scr_compare	*compare;
	struct scr_help		*help;
	struct scr_users	*users;
	struct scr_hosts	*hosts;
	struct scr_history	*history;

	/*
	 * Shared by several screens, so owned by files of their own: what
	 * the results screen shows (ui_view.c); the saved runs and
	 * baselines, listed by the compare screen and the picker, read by
	 * the results screen and the report (ui_source.c).
	 */
	struct ui_view		*view;
	struct ui_source	*src;
	size_t			 nsrc;

	char			 resume_path[PATH_MAX];	/* ui_resume.c */
};

/* ui_state.c */
void	 ui_switch(struct ui *, enum ui_scr);
void	 ui_show_table(struct ui *, enum ui_scr, struct table *);
void	 ui_tell(struct ui *, const struct ui_event *);
void	 ui_message(struct ui *, const char *, ...)
	     __attribute__((format(printf, 2, 3)));
void	 ui_ask(struct ui *, int yesno, const char *question,
	     const char *text, void (*done)(struct ui *, const char *));
int	 ui_running(const struct ui *);

/* ui_draw.c */
void	 ui_puts(struct ui *, int y, int x, int w, enum ui_attr,
	     const char *s);
void	 ui_puts_mark(struct ui *, int y, int x, int w, enum ui_attr,
	     const char *);
void	 ui_printf(struct ui *, int y, int x, int w, enum ui_attr,
	     const char *fmt, ...) __attribute__((format(printf, 6, 7)));
void	 ui_hline(struct ui *, int y, int x, int w);
int	 ui_text(struct ui *, struct ui_rect, int first, enum ui_attr,
	     const char *s);
struct ui_rect ui_body(void);
int	 ui_scroll(int top, int delta, int n, int h);
int	 ui_scroll_key(int c, int *top, int *left);
int	 ui_contains(const char *s, const char *text);
void	 ui_format_secs(double s, char *buf, size_t len);

#endif
