#!/bin/sh
# A test is named one way, and its title tells the truth.  At 132x43
# (xterm-256color), where titles would fit: the run screen's table of the
# tests finished so far names each by its id from the first update to
# the last (it once flipped between ids and titles as rows came in);
# and "File Read (10 seconds)", BYTE's title, says the length its samples
# really run (1 s) on the select, run and results screens, never 10 s.
# Waits for the screen, never for a clock.
set -u
. tests/e2e/lib.subr

$e2e_tmux new-session -d -x 132 -y 43 -s e2e "PS1='$ ' sh" ||
    e2e_fail "tmux cannot start"
e2e_launch TERM=xterm-256color
e2e_wait "choose the tests"
e2e_keys x / C-u syscall Enter Space / C-u fsread Enter Space
e2e_keys d C-u 1 Enter m C-u 3 Enter
e2e_wait "Duration 1 s   Samples 3"
e2e_wait "^  \[x\] fsread  *File Read (1 second)$"
e2e_screen | grep -q "(10 seconds)" && e2e_fail "a 10 s title for 1 s samples"
e2e_keys Enter
e2e_wait "sysmark -- running"

# Every update until the results: the finished rows start with an id.
e2e_end=$(($(date +%s) + 120))
: >"$e2e_tmp/rows"
while ! e2e_screen | grep -q "^sysmark -- results"; do
	e2e_screen >"$e2e_tmp/now"
	# The table's rows: from its header to the first blank line.
	awk '/Finished so far/ { on = 1; next }
	    on && /^TEST / { rows = 1; next }
	    rows && NF == 0 { exit }
	    rows { print }' "$e2e_tmp/now" >>"$e2e_tmp/rows"
	grep -q "(10 seconds)" "$e2e_tmp/now" &&
	    e2e_fail "a 10 s title on the run screen"
	[ "$(date +%s)" -le "$e2e_end" ] || e2e_fail "the run never ended"
	sleep 0.2
done
grep -q . "$e2e_tmp/rows" || e2e_fail "no finished row ever seen"
if grep -v '^\(fsread\|syscall\) ' "$e2e_tmp/rows" >"$e2e_tmp/bad"; then
	e2e_fail "a finished row not named by its id: $(head -n 3 \
	    "$e2e_tmp/bad")"
fi

e2e_wait "^File Read (1 second)  "
e2e_wait "^System Call Overhead  "
e2e_screen | grep -q "(10 seconds)" && e2e_fail "a 10 s title in the results"
e2e_keys q
e2e_check_restored 0
