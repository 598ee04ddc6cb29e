#!/bin/sh
# Back from Ctrl-Z, and on Ctrl-L, the console repaints whole and sends
# the terminal's alternate character set setup again: ncurses sends
# enacs once, at start, and whatever ran while sysmark was stopped
# (here a terminal reset) may have undone it, leaving rules
# drawn in the line-drawing set as "qqqq".  What sysmark writes is
# logged with pipe-pane and searched for enacs; each wait has a deadline.
set -u
. tests/e2e/lib.subr
e2e_bin=${SYSMARK_BIN:-$e2e_bin}

enacs=$(TERM=screen tput enacs)
[ -n "$enacs" ] || e2e_fail "screen's terminfo has no enacs"
log=$e2e_tmp/out.log

# log_wait TEXT: until sysmark's output (since logging began) holds TEXT.
log_wait() {
	end=$(($(date +%s) + 15))
	while ! grep -q -F -- "$1" "$log" 2>/dev/null; do
		[ "$(date +%s)" -le "$end" ] ||
		    e2e_fail "no \"$1\" in what sysmark wrote"
		sleep 0.1
	done
}

# logged KEYS...: keys sent with the pane's output logged afresh.
logged() {
	rm -f "$log"
	$e2e_tmux pipe-pane -t e2e "cat >'$log'"
	e2e_keys "$@"
}

e2e_start TERM=screen LANG=C LC_ALL=C
e2e_wait "choose the tests"
e2e_keys '?'
e2e_wait "^Everywhere"
e2e_keys C-z
e2e_wait "Stopped\|stopped\|suspended"
logged "printf '\\033c'; fg" Enter
log_wait "Everywhere"
log_wait "$enacs"
e2e_wait "^Everywhere"
$e2e_tmux pipe-pane -t e2e
logged C-l
log_wait "Everywhere"
log_wait "$enacs"
$e2e_tmux pipe-pane -t e2e
# Resumed with fg, the shell no longer echoes the status: wait for the
# process to end, then for the terminal to be back in its modes.
pid=$(e2e_pid)
[ -n "$pid" ] || e2e_fail "sysmark's pid not found"
e2e_keys q q
end=$(($(date +%s) + 15))
while kill -0 "$pid" 2>/dev/null; do
	[ "$(date +%s)" -le "$end" ] || e2e_fail "sysmark did not quit"
	sleep 0.1
done
e2e_keys "stty -a | grep -q ' icanon ' && echo tty-restored" Enter
e2e_wait "^tty-restored"
