#!/bin/sh
# A lost terminal keeps the run: sysmark started from
# a shell in a tmux window (so the shell, not sysmark, leads the session,
# as under ssh), a short run to "not saved yet", then the window killed.
# The tty then fails reads and writes with EIO, and SIGHUP comes in
# either order, or not at all while the shell waits ignoring it; the run
# must be kept under a default name in results/ as a second Ctrl-C keeps
# it, and nothing sysmark started is left.
set -u
. tests/e2e/lib.subr
e2e_bin=${SYSMARK_BIN:-$e2e_bin}

# hangup_case NAME SHELL-SETUP: one run, the window killed under it.
hangup_case() {
	rm -rf "$e2e_tmp/results"
	$e2e_tmux new-session -d -x 80 -y 24 -s e2e "PS1='$ ' sh" ||
	    e2e_fail "tmux cannot start"
	[ -z "$2" ] || e2e_keys "$2" Enter
	e2e_launch
	e2e_choose 1
	e2e_keys Enter
	e2e_wait "^saved .*\.csv" 60
	pid=$(e2e_pid)
	[ -n "$pid" ] || e2e_fail "$1: sysmark's pid not found"
	$e2e_tmux kill-window -t e2e
	# sysmark must end by itself, having saved: polled with a deadline.
	end=$(($(date +%s) + 30))
	while kill -0 "$pid" 2>/dev/null; do
		if [ "$(date +%s)" -gt "$end" ]; then
			kill -KILL "$pid"
			echo "$0: $1: sysmark did not end" >&2
			exit 1
		fi
		sleep 0.1
	done
	n=$(find "$e2e_tmp/results" -name '*.csv' 2>/dev/null | wc -l)
	if [ "$n" -ne 1 ]; then
		echo "$0: $1: $n runs in results/, not 1" >&2
		exit 1
	fi
	grep -q '^sample,syscall,' "$e2e_tmp"/results/*.csv ||
	    { echo "$0: $1: the kept run has no syscall sample" >&2; exit 1; }
	end=$(($(date +%s) + 10))
	while grep -q -l -a "SYSMARK_E2E=$e2e_tag" /proc/[0-9]*/environ \
	    2>/dev/null; do
		[ "$(date +%s)" -le "$end" ] ||
		    { echo "$0: $1: processes left behind" >&2; exit 1; }
		sleep 0.1
	done
}

# The shell dies of the hang-up and SIGHUP follows the EIO closely.
hangup_case "plain shell" ""
# The shell ignores SIGHUP and waits: only the EIO says the tty is gone.
hangup_case "shell ignoring SIGHUP" "trap '' HUP"
exit 0
