#!/bin/sh
# The console on a VT100 without color (TERM=vt100, NO_COLOR set): the
# same screens still say everything with attributes alone.  Then the
# ways out that are not q: Ctrl-C (which asks first, and pressed again
# keeps the run) and SIGTERM during a run (the latter
# with `sysmark console -r 1`), and a crash (SIGSEGV); each must give
# the terminal back and leave no child behind.
set -u
. tests/e2e/lib.subr

e2e_baseline
e2e_start TERM=vt100 NO_COLOR=1
e2e_choose 3
e2e_keys '?'
e2e_wait "^Everywhere"
e2e_wait "Esc  *not needed anywhere"
e2e_keys J
e2e_wait "^Select"
e2e_keys q
e2e_wait "choose the tests"
e2e_keys Enter
e2e_wait "sysmark -- running"
e2e_wait "^Samples  #1 "
e2e_wait "^sysmark -- results: "
e2e_wait "^syscall x2 "
e2e_wait "^context1 x2 "
e2e_keys b
e2e_wait "choose the reference"
e2e_keys old Enter
e2e_wait "Ratio to oldbox"
e2e_colors no

# Ctrl-C in the middle of a run asks first; n goes on.  A second Ctrl-C
# at the question quits keeping what was measured, as the CLI does.
# Samples of 3 s keep the run going however slowly the keys arrive.
e2e_keys n d C-u 3 Enter Enter
e2e_wait "^Samples  #1 "
e2e_keys C-c
e2e_wait "A run is going on: stop it and quit"
e2e_keys n
e2e_wait "sysmark -- running"
e2e_keys C-c
e2e_wait "A run is going on: stop it and quit"
e2e_keys C-c
e2e_check_restored 130
e2e_wait "the run is kept in $e2e_tmp/results/"
# The run has been saved as it went: its file is the newest.
kept=$(ls -t "$e2e_tmp"/results/*.csv | head -n 1)
[ -n "$kept" ] || e2e_fail "no run kept in $e2e_tmp/results"
grep -q "^meta,status,interrupted," $kept ||
    e2e_fail "the kept run is not marked interrupted"

# SIGTERM in the middle of a run, then a crash (SIGSEGV) of sysmark.
for sig in TERM SEGV; do
	e2e_keys clear Enter
	e2e_args="console -r 1"
	e2e_launch TERM=vt100 NO_COLOR=1
	e2e_wait "choose the tests"
	e2e_keys x / C-u syscall Enter Space d C-u 1 Enter Enter
	e2e_wait "^Samples  (none yet)"
	e2e_wait "1.0 updates/s"
	pid=$(e2e_pid)
	[ -n "$pid" ] || e2e_fail "cannot find the sysmark process"
	kill -"$sig" "$pid"
	[ "$sig" = TERM ] && e2e_check_restored 130 || e2e_check_restored 139
done
