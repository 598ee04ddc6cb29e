/*
 * The terminal: taking it, and always giving it back (on quit, Ctrl-C,
 * SIGTERM and a crash).  Signal handlers only set flags, which the loop
 * in ui.c reads through ui_term_stopped() and ui_term_resized(); the
 * crash handler restores the modes and the screen with async-signal-safe
 * calls only.  Also whether the console must use its plain mode.
 */
/* SPDX-License-Identifier: MIT */

#define _DEFAULT_SOURCE		/* TIOCGWINSZ, set_escdelay() */

#include <sys/ioctl.h>

#include <langinfo.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <termios.h>
#include <unistd.h>

#include "ui.h"
#include "console.h"
#include "ui_edit.h"
#include "ui_term.h"

/* After ui.h: term.h defines macros such as "lines" that core.h uses. */
#include <term.h>


/* Signal handlers only set these; the loop acts on them. */
static volatile sig_atomic_t	ui_sig_stop;
static volatile sig_atomic_t	ui_sig_winch;
static volatile sig_atomic_t	ui_sig_cont;	/* back from Ctrl-Z */
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

/* ---- Signals and terminal restore ---- */

static void
ui_on_signal(int sig)
{
	if (sig == SIGWINCH)
		ui_sig_winch = 1;
	else if (sig == SIGCONT)
		ui_sig_cont = 1;
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

void
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
	sigaction(SIGCONT, &sa, NULL);
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
	/* Headings stay bold only: a color costs each of them ~20 bytes. */
	ui->attr[UI_A_WARN] = A_BOLD | COLOR_PAIR(2);
	ui->attr[UI_A_GOOD] = COLOR_PAIR(3);
	ui->attr[UI_A_MARK] = A_BOLD | COLOR_PAIR(4);
}

/*
 * Home, End, PgUp and PgDn are what the terminfo entry names (khome,
 * kend, kpp, knp: keypad() maps them to KEY_HOME...).  An entry that names
 * none of a key (vt100's names none of the four) still gets the
 * sequences terminals and tmux send for it (VT220 editing keys, xterm's
 * normal and application modes), unless the entry gives them another
 * meaning; < > K J do the same everywhere.
 */
static const struct {
	const char	*cap;
	int		 key;
	const char	*seq[4];
} ui_term_fallback[] = {
	{ "khome", KEY_HOME, { "\033[1~", "\033[7~", "\033[H", "\033OH" } },
	{ "kend", KEY_END, { "\033[4~", "\033[8~", "\033[F", "\033OF" } },
	{ "kpp", KEY_PPAGE, { "\033[5~", NULL, NULL, NULL } },
	{ "knp", KEY_NPAGE, { "\033[6~", NULL, NULL, NULL } },
};

static void
ui_term_keys(void)
{
	const char	*s;

	for (size_t i = 0; i < sizeof ui_term_fallback /
	    sizeof ui_term_fallback[0]; i++) {
		s = tigetstr(ui_term_fallback[i].cap);
		if (s != NULL && s != (char *)-1 && *s != '\0')
			continue;
		for (size_t j = 0; j < 4 && ui_term_fallback[i].seq[j] != NULL;
		    j++)
			if (key_defined(ui_term_fallback[i].seq[j]) == 0)
				define_key(ui_term_fallback[i].seq[j],
				    ui_term_fallback[i].key);
	}
}

void
ui_term_start(struct ui *ui)
{
	ui_crash_tio_ok = tcgetattr(STDIN_FILENO, &ui_crash_tio) == 0;
	initscr();
	cbreak();
	noecho();
	nonl();
	keypad(stdscr, TRUE);
	ui_term_keys();
	nodelay(stdscr, TRUE);
	curs_set(0);
	/*
	 * No typeahead check: with one, ncurses flushes line by line to
	 * look for keys between them, several writes per update on a slow
	 * line; the loop reads keys itself, between updates.
	 */
	typeahead(-1);
	leaveok(stdscr, TRUE);	/* no cursor move to park it after updates */
	/*
	 * Esc is never needed, so waiting long for the rest of a function
	 * key costs nothing and keeps slow serial lines from splitting one.
	 */
	if (getenv("ESCDELAY") == NULL)
		set_escdelay(300);
	ui_colors(ui);
	/*
	 * ncurses 6.4 also flushes after every cursor move until its screen
	 * has once been suspended and resumed (it stays "initial" until
	 * then): five writes an update instead of one.  Suspend and resume
	 * once, before anything is drawn and after the colors are set, so that
	 * the blanks it clears are the blanks screens draw.
	 */
	endwin();
	refresh();
	ui->utf8 = strcmp(nl_langinfo(CODESET), "UTF-8") == 0;
	ui_crash_add("sgr0");
	ui_crash_add("cnorm");
	ui_crash_add("rmkx");
	ui_crash_add("rmcup");
	sm_set_fatal_hook(ui_fatal_restore);
}

void
ui_term_end(void)
{
	ui_edit_end();	/* its window is the terminal's */
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

/* The signal that asks the console to stop, or 0. */
int
ui_term_stopped(void)
{
	return ui_sig_stop;
}

/*
 * The terminal hung up (poll said so): stop as SIGHUP stops, keeping the
 * run, whichever of the two comes first.
 */
void
ui_term_hangup(void)
{
	if (ui_sig_stop == 0)
		ui_sig_stop = SIGHUP;
}

/* Ctrl-C's state (see ui_sig_int), and setting it from the loop. */
int
ui_term_ctrl_c(void)
{
	return ui_sig_int;
}

void
ui_term_set_ctrl_c(int v)
{
	ui_sig_int = v;
}

/*
 * Repaint the whole screen from scratch (Ctrl-L, and back from Ctrl-Z):
 * what ran meanwhile may have reset the terminal, and ncurses sends the
 * alternate character set's setup (enacs, which designates the line
 * drawing set) only once, at start: without it again, rules drawn in that
 * set come out as "qqqq".
 */
void
ui_term_repaint(void)
{
	char	*enacs = tigetstr("enacs");

	/* At once, on its own: ncurses' buffer is empty between updates. */
	if (enacs != NULL && enacs != (char *)-1) {
		tputs(enacs, 1, putchar);
		fflush(stdout);
	}
	clearok(curscr, TRUE);
}

/* 1 once after each SIGCONT, the screen then repainted whole. */
int
ui_term_resumed(void)
{
	if (!ui_sig_cont)
		return 0;
	ui_sig_cont = 0;
	ui_term_repaint();
	return 1;
}

/* 1 once after each SIGWINCH, the terminal then resized to its size. */
int
ui_term_resized(void)
{
	if (!ui_sig_winch)
		return 0;
	ui_sig_winch = 0;
	ui_resize();
	return 1;
}
