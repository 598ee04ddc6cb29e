/*
 * The console: what its screens, widgets and main loop share.  ui.c owns
 * the poll() loop, ui_term.c the terminal and the signals, ui_key.c the
 * keys, ui_state.c the changes screens ask for, ui_draw.c the drawing
 * helpers, ui_choice.c what is chosen, ui_live.c the run in flight,
 * ui_source.c the saved runs and baselines, ui_view.c what the results
 * screen shows; each scr_*.c file is one screen (a const struct
 * ui_screen, its state private to it); each w_*.c file is a widget that
 * draws into a rectangle it is given and owns no data.  Everything shown
 * comes from the core API (src/core/core.h) and its events: the console
 * never measures or computes a figure itself.
 */
/* SPDX-License-Identifier: MIT */

#ifndef UI_H
#define UI_H

#include <limits.h>
#include <stdint.h>

/* The wide-character calls (get_wch, the form's wide input). */
#define NCURSES_WIDECHAR 1
#include <curses.h>

#include "../src/core/core.h"

#define UI_MIN_COLS	80
#define UI_MIN_LINES	24
#define UI_MAX_COPIES	8
#define UI_REFRESH_MS	500	/* two screen updates a second by default */

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

/*
 * A screen: key() returns 1 when it used the key; on_event() sees every
 * runner event while this screen is shown; draw() paints the whole
 * screen but the status line, which ui.c draws from status.  init()
 * makes the screen's own state (its cursors, scroll offsets and tables,
 * a struct private to its file, as tmux keeps a mode's data) when the
 * console starts, free() frees it when it ends.
 */
struct ui_screen {
	const char		*name;
	const char		*status;
	const struct ui_key	*help;		/* ends with { NULL, NULL } */
	void			 (*enter)(struct ui *);
	void			 (*leave)(struct ui *);
	int			 (*key)(struct ui *, int);
	void			 (*on_event)(struct ui *,
				     const struct runner_event *);
	void			 (*draw)(struct ui *);
	void			 (*init)(struct ui *);
	void			 (*free)(struct ui *);
	int			 idle_check;	/* redraw every few s */
};

/*
 * What the select screen has chosen: the tests by flag, the rest of the
 * run's plan (copies, duration, samples, -C's target) as a plan whose
 * tests ui_choice_plan() fills from the flags.
 */
struct ui_choice {
	unsigned char		*sel;	/* one flag per registry_all[] entry */
	struct plan		 plan;	/* its benches unset */
	const struct preset	*preset;	/* the last one applied */
	unsigned char		*preset_sel;	/* what it selected */
	double			 cal_gap;	/* calibrate -g; < 0: spread */
	struct command_set	 cmds;	/* command tests (ui_command.c) */
	unsigned char		*csel;	/* one flag per cmds.cmd[] */
	struct command_opts	 cmd_opts;	/* console -N, -i, -w ... */
};

/* The run in flight (its session), or the last one. */
struct ui_live {
	struct session		 *session;	/* NULL: no run going on */
	struct plan		  plan;		/* the run's */
	struct run		  run;
	int			  have_run;	/* run holds a run */
	int			  calibrate;	/* save as the noise profile */
	int			  cancelled;
	int			  saved;	/* saved since it ended */
	char			  path[PATH_MAX];
	const struct bench	 *bench;	/* the current test */
	int			  ncopy;
	int			  sample;	/* 0: the warm-up */
	int			  repeat;	/* 1-based */
	uint64_t		  t_run;	/* when the run started */
	uint64_t		  t_sample;	/* when the sample started */
	size_t			  done, total;
	double			  est_total;	/* plan_estimate() */
	double			  est_done;	/* of the samples done */
	double			 *values;	/* current test's samples */
	size_t			  nvalues;
	struct table		 *table;	/* report_results() so far */
	char			  error[200];	/* last failed sample */
};

/* A saved run, a baseline, or the run in memory, to compare. */
enum ui_source_kind {
	UI_SRC_CURRENT,
	UI_SRC_SAVED,
	UI_SRC_BASELINE
};
struct ui_source {
	enum ui_source_kind	 kind;
	char			*name;		/* column heading */
	char			*path;		/* file or baseline name */
	char			*about;		/* date and host, or source */
	int			 pick;		/* 0, or order picked */
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
	struct ui_choice	 choice;
	struct ui_live		 live;
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

/* ui.c, ui_key.c, ui_term.c */
int	 ui_main(const char *argv0, int refresh_ms,
	     struct command_set *, const struct command_opts *);
void	 ui_read_keys(struct ui *);
int	 ui_plain_terminal(void);
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
void	 ui_quit(struct ui *);

/* ui_state.c */
void	 ui_switch(struct ui *, enum ui_scr);
void	 ui_message(struct ui *, const char *, ...)
	     __attribute__((format(printf, 2, 3)));
void	 ui_ask(struct ui *, int yesno, const char *question,
	     const char *text, void (*done)(struct ui *, const char *));
int	 ui_running(const struct ui *);

/* ui_draw.c */
void	 ui_puts(struct ui *, int y, int x, int w, enum ui_attr,
	     const char *s);
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

/* ui_edit.c: the answer typed in the status line */
void	 ui_edit_open(const char *, int w);
int	 ui_edit_key(int c, int wide, char *, size_t);
void	 ui_edit_draw(int y, int x, int w, const char *);
void	 ui_edit_end(void);

/* ui_choice.c */
void	 ui_choice_defaults(struct ui *);
void	 ui_choice_free(struct ui *);
void	 ui_choice_set(struct ui *, const char *, int);
void	 ui_choice_toggle_group(struct ui *, const char *);
void	 ui_choice_preset(struct ui *, const struct preset *);
const struct preset *ui_choice_next_preset(const struct ui *);
int	 ui_choice_custom(const struct ui *);
const char *ui_choice_preset_name(const struct ui *);
size_t	 ui_choice_plan(const struct ui *, struct plan *);
/* ui_command.c */
void	 ui_command_init(struct ui *, struct command_set *,
	     const struct command_opts *);
void	 ui_command_free(struct ui *);
int	 ui_command_add(struct ui *, const char *, int suite,
	     struct sm_error *);
size_t	 ui_command_plan(const struct ui *, struct plan *);

/* ui_live.c */
int	 ui_live_start(struct ui *);
void	 ui_live_reset(struct ui *);
int	 ui_live_begin(struct ui *, const struct session_conf *);
void	 ui_live_step(struct ui *);
void	 ui_live_end(struct ui *);
void	 ui_live_on_event(struct ui *, const struct runner_event *);
void	 ui_live_free(struct ui *);

/* ui_resume.c */
void	 ui_resume_offer(struct ui *);

/* ui_source.c */
void	 ui_source_scan(struct ui *);
void	 ui_source_free(struct ui *);
void	 ui_source_describe(struct ui *);
struct ui_source *ui_source_find(struct ui *, const char *);
int	 ui_source_load(struct ui *, const struct ui_source *, struct run *,
	     struct sm_error *);
int	 ui_source_open(struct ui *, const struct ui_source *);
struct table *ui_source_compare(struct ui *, const struct ui_source *const *,
	     size_t, struct sm_error *);
struct ui_source_runs {
	struct run		 *runs;
	const struct run	**rp;		/* the runs, or the live one */
	const char		**names;
};
int	 ui_source_load_all(struct ui *, const struct ui_source *const *,
	     size_t, struct ui_source_runs *, struct sm_error *);
void	 ui_source_runs_free(struct ui_source_runs *, size_t);

/* ui_view.c */
void	 ui_view_init(struct ui *);
void	 ui_view_free(struct ui *);
void	 ui_view_live(struct ui *);
void	 ui_view_open(struct ui *, struct run *, const char *);
int	 ui_view_saved(const struct ui *);
const char *ui_view_name(const struct ui *);
const struct run *ui_view_run(const struct ui *);
const struct table *ui_view_table(const struct ui *);
char	*ui_view_label(const struct ui *);
const char *ui_view_ref(const struct ui *);
void	 ui_view_set_ref(struct ui *, const char *);

/* ui_report.c */
void	 ui_report_write(struct ui *, const struct run *const *runs,
	     const char *const *names, size_t n, const struct run *base,
	     const char *base_name);
void	 ui_report_sources(struct ui *, const struct ui_source *const *,
	     size_t);
void	 ui_report_results(struct ui *);


/* ui_plain.c: the console on a terminal that cannot move its cursor */
struct ui_plain_choice {
	struct plan	plan;
	char		out[PATH_MAX];	/* save the run here */
	int		force;		/* replacing the file there */
};
int	 ui_plain_ask(const char *, struct ui_plain_choice *, int *);

/* Widgets: each draws into the rectangle it is given. */
int	 w_table_lines(const struct table *, int);
int	 w_table_draw(struct ui *, const struct table *, struct ui_rect,
	     int first, int left, int cur);
int	 w_table_max_left(const struct table *, int);
int	 w_table_col(const struct table *, const char *);
void	 w_bar_draw(struct ui *, int y, int x, int w, double ratio,
	     double max);
#define W_SPARKLINE_STEP 0.02	/* one level: 2% of the mean */
void	 w_sparkline_draw(struct ui *, int y, int x, int w, const double *v,
	     size_t n, const unsigned char *flag, double mean);
void	 w_progress_draw(struct ui *, int y, int x, int w, int lw,
	     double frac, const char *label);
void	 w_status_draw(struct ui *, const char *);
int	 w_status_field_x(const char *question);

/* The screens. */
extern const struct ui_screen scr_select;
extern const struct ui_screen scr_run;
extern const struct ui_screen scr_results;
extern const struct ui_screen scr_compare;
extern const struct ui_screen scr_help;
extern const struct ui_screen scr_pick;
extern const struct ui_screen scr_users;

extern const struct ui_screen scr_hosts;
extern const struct ui_screen scr_history;

/* scr_run.c */
void	 scr_run_restart(struct ui *);
void	 scr_run_finished(struct ui *);

/* scr_compare.c */
void	 scr_compare_show_table(struct ui *, struct table *);

/* scr_hosts.c */
struct pollfd;
int	 scr_hosts_running(const struct ui *);
size_t	 scr_hosts_fds(struct ui *, struct pollfd *, size_t);
void	 scr_hosts_step(struct ui *);
void	 scr_hosts_free(struct ui *);

#endif
