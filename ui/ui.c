/*
 * The console's frame: it takes the terminal and always gives it back (on
 * quit, Ctrl-C, SIGTERM and a crash), waits in poll() on the keyboard and
 * the runner together, hands keys and runner events to the screen shown,
 * and redraws at most refresh_ms apart while a run goes on, so the parent
 * stays idle and a 9600-baud line is not flooded.  Screens change models;
 * only this loop draws (tmux's model/tty split, htop's REDRAW flag).
 */
/* SPDX-License-Identifier: MIT */

#define _DEFAULT_SOURCE		/* TIOCGWINSZ, set_escdelay() */

#include <sys/ioctl.h>

#include <errno.h>
#include <langinfo.h>
#include <locale.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <termios.h>
#include <unistd.h>

#include "ui.h"

/* After ui.h: term.h defines macros such as "lines" that core.h uses. */
#include <term.h>

/* Signal handlers only set these; the loop acts on them. */
static volatile sig_atomic_t	ui_sig_stop;
static volatile sig_atomic_t	ui_sig_winch;
/* Ctrl-C: 1 pressed, 2 being asked about; pressed again, it stops. */
static volatile sig_atomic_t	ui_sig_int;

/*
 * What a crash handler may use to give the terminal back: the modes from
 * before curses and the escape sequences that leave its screen, both set
 * up before any handler is installed, used with async-signal-safe calls.
 */
static struct termios		ui_crash_tio;
static int			ui_crash_tio_ok;
static char			ui_crash_seq[256];
static size_t			ui_crash_len;

static const struct ui_key ui_global_help[] = {
	{ "? F1", "this help (q, ? or Enter goes back)" },
	{ "q", "quit (asks first while a run goes on or is unsaved)" },
	{ "j k arrows", "move; J K PgDn PgUp page; < > Home End ends" },
	{ "h l arrows", "scroll tables sideways" },
	{ "+ -", "screen updates per second while a test runs" },
	{ "Ctrl-L", "repaint the whole screen" },
	{ "Ctrl-C", "quit, asking first if a run would be lost; pressed "
	    "again, quit keeping the run" },
	{ "Esc", "not needed anywhere; cancels a question" },
	{ NULL, NULL }
};

/* ---- Signals and terminal restore ---- */

static void
ui_on_signal(int sig)
{
	if (sig == SIGWINCH)
		ui_sig_winch = 1;
	else if (sig == SIGINT && ui_sig_int == 0)
		ui_sig_int = 1;
	else
		ui_sig_stop = sig;
}

static void
ui_on_crash(int sig)
{
	ssize_t	n;

	if (ui_crash_tio_ok)
		tcsetattr(STDIN_FILENO, TCSANOW, &ui_crash_tio);
	n = write(STDOUT_FILENO, ui_crash_seq, ui_crash_len);
	(void)n;
	raise(sig);	/* SA_RESETHAND: the default action, core dump kept */
}

static void
ui_crash_add(const char *cap)
{
	char	*s = tigetstr(cap);
	size_t	 n;

	if (s == NULL || s == (char *)-1)
		return;
	n = strlen(s);
	if (ui_crash_len + n < sizeof ui_crash_seq) {
		memcpy(ui_crash_seq + ui_crash_len, s, n);
		ui_crash_len += n;
	}
}

static void
ui_signals(void)
{
	struct sigaction	sa;
	const int		crash[] = { SIGSEGV, SIGBUS, SIGABRT, SIGFPE,
				    SIGILL };

	memset(&sa, 0, sizeof sa);
	sigemptyset(&sa.sa_mask);
	sa.sa_handler = ui_on_signal;
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
	sigaction(SIGHUP, &sa, NULL);
	sigaction(SIGWINCH, &sa, NULL);
	sa.sa_handler = ui_on_crash;
	sa.sa_flags = SA_RESETHAND;
	for (size_t i = 0; i < sizeof crash / sizeof crash[0]; i++)
		sigaction(crash[i], &sa, NULL);
}

/* sm_fatal()'s hook: give the terminal back before the message prints. */
static void
ui_fatal_restore(void)
{
	if (!isendwin())
		endwin();
}

/* ---- Terminal ---- */

/*
 * 1 if the console must use its plain mode: no terminal at both ends
 * (answers piped in, output logged), or one that cannot address the
 * cursor.
 */
int
ui_plain_terminal(void)
{
	const char	*term = getenv("TERM");
	char		*cup;
	int		 err, plain;

	if (!isatty(STDIN_FILENO) || !isatty(STDOUT_FILENO))
		return 1;
	if (term == NULL || *term == '\0' || strcmp(term, "dumb") == 0)
		return 1;
	if (setupterm(NULL, STDOUT_FILENO, &err) != OK)
		return 1;
	cup = tigetstr("cup");
	plain = cup == NULL || cup == (char *)-1;
	del_curterm(cur_term);	/* initscr() sets up its own */
	return plain;
}

static void
ui_colors(struct ui *ui)
{
	const char	*nc = getenv("NO_COLOR");

	ui->attr[UI_A_TITLE] = A_BOLD;
	ui->attr[UI_A_CURSOR] = A_REVERSE;
	ui->attr[UI_A_SECTION] = A_BOLD;
	ui->attr[UI_A_WARN] = A_BOLD | A_UNDERLINE;
	ui->attr[UI_A_GOOD] = A_NORMAL;
	ui->attr[UI_A_MARK] = A_REVERSE;
	ui->attr[UI_A_KEY] = A_REVERSE;
	/* https://no-color.org: present and not empty means no color. */
	if (!has_colors() || (nc != NULL && *nc != '\0'))
		return;
	start_color();
	use_default_colors();
	init_pair(1, COLOR_CYAN, -1);
	init_pair(2, COLOR_RED, -1);
	init_pair(3, COLOR_GREEN, -1);
	init_pair(4, COLOR_YELLOW, -1);
	ui->attr[UI_A_TITLE] = A_BOLD | COLOR_PAIR(1);
	ui->attr[UI_A_SECTION] = A_BOLD | COLOR_PAIR(1);
	ui->attr[UI_A_WARN] = A_BOLD | COLOR_PAIR(2);
	ui->attr[UI_A_GOOD] = COLOR_PAIR(3);
	ui->attr[UI_A_MARK] = A_BOLD | COLOR_PAIR(4);
}

static void
ui_term_start(struct ui *ui)
{
	ui_crash_tio_ok = tcgetattr(STDIN_FILENO, &ui_crash_tio) == 0;
	initscr();
	cbreak();
	noecho();
	nonl();
	keypad(stdscr, TRUE);
	nodelay(stdscr, TRUE);
	curs_set(0);
	/*
	 * Esc is never needed, so waiting long for the rest of a function
	 * key costs nothing and keeps slow serial lines from splitting one.
	 */
	if (getenv("ESCDELAY") == NULL)
		set_escdelay(300);
	ui_colors(ui);
	ui->utf8 = strcmp(nl_langinfo(CODESET), "UTF-8") == 0;
	ui_crash_add("sgr0");
	ui_crash_add("cnorm");
	ui_crash_add("rmkx");
	ui_crash_add("rmcup");
	sm_set_fatal_hook(ui_fatal_restore);
}

static void
ui_term_end(void)
{
	if (!isendwin())
		endwin();
	sm_set_fatal_hook(NULL);
}

static void
ui_resize(void)
{
	struct winsize	ws;

	if (ioctl(STDOUT_FILENO, TIOCGWINSZ, &ws) == 0 && ws.ws_row > 0 &&
	    ws.ws_col > 0)
		resizeterm(ws.ws_row, ws.ws_col);
}

/* ---- Drawing helpers for screens and widgets ---- */

/* Text at (y, x), cut at w columns. */
void
ui_puts(struct ui *ui, int y, int x, int w, enum ui_attr a, const char *s)
{
	if (w <= 0 || y < 0 || y >= LINES || x >= COLS)
		return;
	if (x + w > COLS)
		w = COLS - x;
	attrset(a == UI_NATTR ? A_NORMAL : ui->attr[a]);
	mvaddnstr(y, x, s, w);
	attrset(A_NORMAL);
}

void
ui_printf(struct ui *ui, int y, int x, int w, enum ui_attr a,
    const char *fmt, ...)
{
	char	buf[1024];
	va_list	ap;

	va_start(ap, fmt);
	vsnprintf(buf, sizeof buf, fmt, ap);
	va_end(ap);
	ui_puts(ui, y, x, w, a, buf);
}

/*
 * Text in r, broken at newlines and between words to r.w columns, its
 * line first at the top of r (first < 0 starts lower down).  Returns how
 * many lines the whole text takes; with r.h 0 it only counts.
 */
int
ui_text(struct ui *ui, struct ui_rect r, int first, enum ui_attr a,
    const char *s)
{
	int	n = 0, len, cut, y;

	while (s != NULL && *s != '\0' && r.w > 0) {
		len = (int)strcspn(s, "\n");
		cut = len;
		if (len > r.w) {
			for (cut = r.w; cut > 0 && s[cut] != ' '; cut--)
				;
			if (cut == 0)
				cut = r.w;
		}
		y = r.y + n++ - first;
		if (y >= r.y && y < r.y + r.h)
			ui_printf(ui, y, r.x, r.w, a, "%.*s", cut, s);
		s += cut;
		while (*s == ' ')
			s++;
		if (cut == len && *s == '\n')
			s++;
	}
	return n;
}

/*
 * A rule.  A UTF-8 locale means a terminal that shows UTF-8, so the box
 * character is written as text: emulators such as tmux ignore the VT100
 * charset switch there.  Elsewhere (a real VT220 on a serial line) the
 * terminal's own line drawing, which ncurses turns into '-' where the
 * terminal has none.
 */
void
ui_hline(struct ui *ui, int y, int x, int w)
{
	if (!ui->utf8) {
		mvhline(y, x, ACS_HLINE, w);
		return;
	}
	move(y, x);
	for (int i = 0; i < w && x + i < COLS; i++)
		addstr("\xe2\x94\x80");
}

/* The area screens draw in: everything above the status line. */
struct ui_rect
ui_body(void)
{
	struct ui_rect	r = { 0, 0, LINES - 1, COLS };

	return r;
}

/* Clamp a scroll offset so that n lines fill a view of h lines. */
int
ui_scroll(int top, int delta, int n, int h)
{
	top += delta;
	if (top > n - h)
		top = n - h;
	return top < 0 ? 0 : top;
}

/*
 * The scrolling keys of a view: j k J K < > move *top, h l move *left
 * (when given).  Returns 1 if c was one; draw() clamps with ui_scroll().
 */
int
ui_scroll_key(int c, int *top, int *left)
{
	switch (c) {
	case 'j':
	case 'k':
		*top += c == 'j' ? 1 : -1;
		break;
	case 'J':
	case 'K':
		*top += (c == 'J' ? 1 : -1) * (LINES - 4);
		break;
	case '<':
	case '>':
		*top = c == '<' ? 0 : INT_MAX / 2;
		break;
	case 'h':
	case 'l':
		if (left == NULL)
			return 0;
		*left += c == 'l' ? 8 : -8;
		if (*left < 0)
			*left = 0;
		return 1;
	default:
		return 0;
	}
	if (*top < 0)
		*top = 0;
	return 1;
}

int
ui_running(const struct ui *ui)
{
	return ui->live.runner != NULL;
}

/* "42.5 s" or "12:05" or "2:03:10". */
void
ui_format_secs(double s, char *buf, size_t len)
{
	long	t;

	if (s < 0)
		s = 0;
	t = (long)(s + 0.5);
	if (s < 60)
		snprintf(buf, len, "%.1f s", s);
	else if (t < 3600)
		snprintf(buf, len, "%ld:%02ld", t / 60, t % 60);
	else
		snprintf(buf, len, "%ld:%02ld:%02ld", t / 3600, t / 60 % 60,
		    t % 60);
}

void
ui_message(struct ui *ui, const char *fmt, ...)
{
	va_list	ap;

	va_start(ap, fmt);
	vsnprintf(ui->msg, sizeof ui->msg, fmt, ap);
	va_end(ap);
	ui->dirty = 1;
}

/* Ask in the status line; done() gets the text, or "y" for a yes. */
void
ui_ask(struct ui *ui, int yesno, const char *question, const char *text,
    void (*done)(struct ui *, const char *))
{
	ui->prompt.active = 1;
	ui->prompt.yesno = yesno;
	snprintf(ui->prompt.question, sizeof ui->prompt.question, "%s",
	    question);
	snprintf(ui->prompt.text, sizeof ui->prompt.text, "%s",
	    text != NULL ? text : "");
	ui->prompt.done = done;
	ui->dirty = 1;
}

void
ui_switch(struct ui *ui, const struct ui_screen *scr)
{
	if (ui->scr != NULL && ui->scr->leave != NULL)
		ui->scr->leave(ui);
	if (scr == &scr_help && ui->scr != &scr_help)
		ui->back = ui->scr;
	ui->scr = scr;
	if (scr->enter != NULL)
		scr->enter(ui);
	ui->dirty = 1;
}

static void
ui_draw_small(struct ui *ui)
{
	char	buf[128];

	snprintf(buf, sizeof buf, "sysmark needs at least %dx%d; this "
	    "terminal is %dx%d.", UI_MIN_COLS, UI_MIN_LINES, COLS, LINES);
	mvaddnstr(0, 0, buf, COLS);
	mvaddnstr(1, 0, "Enlarge it (a running test goes on),", COLS);
	mvaddnstr(2, 0, "or press q to quit.", COLS);
	if (ui->prompt.active)
		mvaddnstr(4, 0, ui->prompt.question, COLS);
}

static void
ui_draw(struct ui *ui)
{
	erase();
	if (LINES < UI_MIN_LINES || COLS < UI_MIN_COLS)
		ui_draw_small(ui);
	else {
		ui->scr->draw(ui);
		w_status_draw(ui, ui->scr->status);
	}
	refresh();
}

/* ---- Keys ---- */

/* Function keys become their letters, so every screen handles letters. */
static int
ui_key_normalize(int c)
{
	switch (c) {
	case KEY_UP:
		return 'k';
	case KEY_DOWN:
		return 'j';
	case KEY_LEFT:
		return 'h';
	case KEY_RIGHT:
		return 'l';
	case KEY_NPAGE:
		return 'J';
	case KEY_PPAGE:
		return 'K';
	case KEY_HOME:
		return '<';
	case KEY_END:
		return '>';
	case KEY_ENTER:
	case '\r':
		return UI_KEY_ENTER;
	case KEY_F(1):
		return '?';
	}
	return c;
}

static void
ui_prompt_key(struct ui *ui, int c)
{
	struct ui_prompt	*p = &ui->prompt;
	size_t			 len = strlen(p->text);

	if (p->yesno || c == '\r' || c == '\n' || c == KEY_ENTER) {
		p->active = 0;
		if (!p->yesno)
			p->done(ui, p->text);
		else if (c == 'y' || c == 'Y')
			p->done(ui, "y");
		else
			ui_message(ui, "not done");
		return;
	}
	if (c == UI_KEY_ESC || c == UI_CTRL('g')) {
		p->active = 0;
		ui_message(ui, "cancelled");
	} else if ((c == KEY_BACKSPACE || c == 127 || c == '\b') && len > 0)
		p->text[len - 1] = '\0';
	else if (c == UI_CTRL('u'))
		p->text[0] = '\0';
	else if (c >= ' ' && c < 127 && len + 1 < sizeof p->text) {
		p->text[len] = (char)c;
		p->text[len + 1] = '\0';
	}
}

static void
ui_quit_confirmed(struct ui *ui, const char *answer)
{
	(void)answer;
	ui->quit = 1;
}

static void
ui_quit(struct ui *ui)
{
	if (ui_running(ui))
		ui_ask(ui, 1, "A run is going on: stop it and quit? (y/n)",
		    NULL, ui_quit_confirmed);
	else if (ui->live.have_run && !ui->live.saved)
		ui_ask(ui, 1, "This run is not saved: quit anyway? (y/n)",
		    NULL, ui_quit_confirmed);
	else
		ui->quit = 1;
}

static void
ui_key(struct ui *ui, int c)
{
	ui->msg[0] = '\0';
	ui->dirty = 1;
	if (ui->prompt.active) {
		ui_prompt_key(ui, c);
		return;
	}
	c = ui_key_normalize(c);
	if (LINES < UI_MIN_LINES || COLS < UI_MIN_COLS) {
		if (c == 'q')
			ui_quit(ui);
		return;
	}
	if (c == UI_KEY_ESC || ui->scr->key(ui, c))
		return;
	switch (c) {
	case '?':
		ui_switch(ui, &scr_help);
		break;
	case 'q':
		ui_quit(ui);
		break;
	case UI_CTRL('l'):
		clearok(curscr, TRUE);
		break;
	case '+':
	case '-':
		ui->refresh_ms = c == '+' ? ui->refresh_ms / 2 :
		    ui->refresh_ms * 2;
		if (ui->refresh_ms < 100)
			ui->refresh_ms = 100;
		if (ui->refresh_ms > 10000)
			ui->refresh_ms = 10000;
		ui_message(ui, "%.1f screen updates a second while tests run",
		    1000.0 / ui->refresh_ms);
		break;
	default:
		ui_message(ui, "that key does nothing here; ? lists the keys");
		break;
	}
}

static void
ui_read_keys(struct ui *ui)
{
	int	c;

	while ((c = getch()) != ERR && !ui->quit)
		ui_key(ui, c);
}

/* ---- The loop ---- */

/*
 * Ctrl-C asks, as q does, before a run in progress or unsaved is lost; a
 * second Ctrl-C (or SIGTERM) ends the console keeping the run, as the
 * command line does (ui_keep).
 */
static void
ui_ctrl_c(struct ui *ui)
{
	if (ui_sig_int == 1) {
		ui_sig_int = 2;
		ui_quit(ui);
		ui->dirty = 1;
	} else if (ui_sig_int == 2 && !ui->prompt.active && !ui->quit)
		ui_sig_int = 0;		/* answered no: ask again next time */
}

/*
 * Stopped by a signal with a run that would be lost: stop it and save
 * what it measured under a default name.  path gets a line to print once
 * the terminal is back ("" when there was nothing to keep).
 */
static void
ui_keep(struct ui *ui, char *line, size_t len)
{
	struct ui_live	*l = &ui->live;
	struct sm_error	 err;
	char		 path[PATH_MAX];

	line[0] = '\0';
	if (l->runner != NULL)
		runner_cancel(l->runner);	/* its samples so far stay */
	if (!l->have_run || l->saved || l->run.nsamples == 0)
		return;
	switch (save_run(&l->run, ui->self[0] ? ui->self : NULL, NULL, 0,
	    path, sizeof path, &err)) {
	case SAVE_OK:
		snprintf(line, len, "sysmark: the run is kept in %s", path);
		break;
	case SAVE_FALLBACK:
		snprintf(line, len, "sysmark: %s\nsysmark: the run is kept "
		    "in %s", err.msg, path);
		break;
	default:
		snprintf(line, len, "sysmark: %s: the run is lost", err.msg);
		break;
	}
}

/* Sleep until a key, a runner record, the next redraw or idle check. */
static int
ui_poll_timeout(const struct ui *ui, uint64_t next_draw)
{
	uint64_t	now = sm_now_ns();
	int		t, r;

	if (!ui_running(ui))
		return 5000;	/* the idle check on the select screen */
	t = next_draw > now ? (int)((next_draw - now) / 1000000) + 1 : 0;
	r = runner_timeout_ms(ui->live.runner);
	return r >= 0 && r < t ? r : t;
}

static void
ui_loop(struct ui *ui)
{
	struct pollfd	pfd[2];
	uint64_t	next_draw = 0, now;

	while (!ui->quit && !ui_sig_stop) {
		ui_ctrl_c(ui);
		if (ui->quit)
			break;
		if (ui_sig_winch) {
			ui_sig_winch = 0;
			ui_resize();
			ui->dirty = 1;
		}
		now = sm_now_ns();
		if (ui->dirty || (ui_running(ui) && now >= next_draw)) {
			ui_draw(ui);
			ui->dirty = 0;
			next_draw = now + (uint64_t)ui->refresh_ms * 1000000;
		}
		pfd[0].fd = STDIN_FILENO;
		pfd[0].events = POLLIN;
		pfd[1].fd = ui_running(ui) ? runner_fd(ui->live.runner) : -1;
		pfd[1].events = POLLIN;
		pfd[0].revents = pfd[1].revents = 0;
		if (poll(pfd, 2, ui_poll_timeout(ui, next_draw)) < 0) {
			if (errno != EINTR)
				sm_fatal("poll: %s", strerror(errno));
			continue;
		}
		if (pfd[0].revents & (POLLHUP | POLLERR | POLLNVAL))
			ui->quit = 1;	/* the terminal is gone */
		else if (pfd[0].revents & POLLIN)
			ui_read_keys(ui);
		if (ui_running(ui))
			scr_run_step(ui);
		else if (!ui->dirty && ui->scr == &scr_select)
			ui->dirty = now >= ui->idle_at;
	}
}

static void
ui_init(struct ui *ui, const char *argv0, int refresh_ms)
{
	memset(ui, 0, sizeof *ui);
	ui->refresh_ms = refresh_ms > 0 ? refresh_ms : UI_REFRESH_MS;
	if (paths_self_exe(argv0, ui->self, sizeof ui->self) != 0)
		ui->self[0] = '\0';
	ui->choice.sel = xcalloc(registry_count(), 1);
	run_init(&ui->live.run);
	scr_select_defaults(ui);
}

static void
ui_free(struct ui *ui)
{
	scr_run_free(ui);
	ui_source_free(ui);
	table_free(ui->res_cmp);
	table_free(ui->res_index);
	table_free(ui->cmp_table);
	free(ui->choice.sel);
}

/*
 * The console, until the user quits.  refresh_ms spaces the redraws while
 * tests run (0: the default).  Returns the exit status.
 */
int
ui_main(const char *argv0, int refresh_ms)
{
	struct ui	ui;
	char		kept[2 * PATH_MAX + 300];
	int		sig;

	setlocale(LC_ALL, "");
	setlocale(LC_NUMERIC, "C");	/* 1234.5, never 1234,5 */
	ui_init(&ui, argv0, refresh_ms);
	ui_signals();
	ui_term_start(&ui);
	ui_switch(&ui, &scr_select);
	ui_loop(&ui);
	kept[0] = '\0';
	if (ui_sig_stop)
		ui_keep(&ui, kept, sizeof kept);
	scr_run_free(&ui);	/* kills and reaps every child first */
	ui_term_end();
	ui_free(&ui);
	if ((sig = ui_sig_stop) != 0) {
		fprintf(stderr, "sysmark: stopped by %s\n", sm_signame(sig));
		if (kept[0] != '\0')
			fprintf(stderr, "%s\n", kept);
		return SM_EXIT_INTERRUPTED;
	}
	/* Quit by Ctrl-C, when the user agreed to lose the run. */
	return ui_sig_int ? SM_EXIT_INTERRUPTED : SM_EXIT_OK;
}

/* The help lines every screen shares. */
const struct ui_key *
ui_global_keys(void)
{
	return ui_global_help;
}
