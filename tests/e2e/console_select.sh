#!/bin/sh
# The select screen as a new user meets it: the first screen
# fits a serial line; UnixBench's index set is the default, a long run
# asks first, a preset never silently replaces a hand-made choice and
# "custom" shows when the choice leaves its preset; every test is
# registered once; the list shows where it is; find matches id, title
# and description in any case, with f for the next match; Space moves
# down; calibrated tests are estimated at their real length; help is
# wrapped, not cut, at 80 columns; r without a run says so.
set -u
. tests/e2e/lib.subr

# The first screen, logged from before sysmark starts (it waits for the
# log to be attached): under 1500 bytes.
$e2e_tmux new-session -d -x 80 -y 24 -s first "until [ -e $e2e_tmp/go ]; \
do sleep 0.05; done; exec env \
SYSMARK_RESULTS=$e2e_tmp/results SYSMARK_BASELINES=$e2e_tmp/none \
$e2e_bin console" || e2e_fail "tmux cannot start"
: >"$e2e_tmp/first"
$e2e_tmux pipe-pane -o -t first "cat >>$e2e_tmp/first"
touch "$e2e_tmp/go"
e2e_end=$(($(date +%s) + 20))
until $e2e_tmux capture-pane -p -t first | grep -q "Estimated time"; do
	[ "$(date +%s)" -le "$e2e_end" ] || e2e_fail "no first screen"
	sleep 0.1
done
# The log lags the screen: wait for it to stop growing.
e2e_was=-1
until [ "$(wc -c <"$e2e_tmp/first")" -eq "$e2e_was" ]; do
	[ "$(date +%s)" -le "$e2e_end" ] || e2e_fail "the log keeps growing"
	e2e_was=$(wc -c <"$e2e_tmp/first")
	sleep 0.3
done
e2e_bytes=$(wc -c <"$e2e_tmp/first")
[ "$e2e_bytes" -gt 200 ] || e2e_fail "first screen not logged"
[ "$e2e_bytes" -lt 1500 ] || e2e_fail "first screen $e2e_bytes bytes"
$e2e_tmux kill-session -t first

mkdir -p "$e2e_tmp/baselines"
cp baselines/unixbench.csv "$e2e_tmp/baselines/"
e2e_start
e2e_wait "Preset UnixBench"
e2e_wait "Tests 12 of "
e2e_wait "more below  group 1/14$"
# The default run is long: Enter asks, n keeps the select screen.
e2e_keys Enter
e2e_wait "This run takes about [0-9:]*\. Start it? (y/n)"
e2e_keys n
e2e_wait "^not done"
e2e_wait "choose the tests"

# Every test once: all of them selected is the number of ids listed.
e2e_ids=$($e2e_bin list | awk 'NR > 1 && length($0) > 60 && $1 !~ /:$/ { print $1 }' |
    sort -u | wc -l)
e2e_keys a
e2e_wait "Tests $e2e_ids of $e2e_ids   Preset custom$"

# A preset asks before replacing a choice of one's own.
e2e_keys p
e2e_wait "Replace your own selection and settings with the quick preset"
e2e_keys n
e2e_wait "Preset custom$"
e2e_keys p y
e2e_wait "Preset quick$"

# Find in any case, the next match, Space toggles and moves down.
e2e_keys / C-u CALL Enter
e2e_wait "^iocall (lps): "
e2e_keys f
e2e_wait "^syscall (lps): "
# The last test of its group: Space moves on to the next group's heading
# (the position counts groups and tests apart).
e2e_wait " test [0-9]*/[0-9]*$"
e2e_keys Space
e2e_wait "^  \[x\] syscall "
e2e_wait " group [0-9]*/[0-9]*$"
e2e_keys / C-u "two processes pass" Enter
e2e_wait "^context1 (lps): "
e2e_keys / C-u "nosuchthing" Enter
e2e_wait "no test matches \"nosuchthing\""

# Calibrated tests: about 0.3 s a sample whatever -d says.
e2e_keys x / C-u lat_syscall Enter Space / C-u lat_pipe Enter Space
e2e_keys d C-u 10 Enter m C-u 3 Enter
e2e_wait "Samples 3   Tests 2 of"
e2e_wait "Estimated time [0-9] s (2 lmbench-style tests"

# Help: long lines wrap at 80 columns instead of being cut.
e2e_keys '?'
e2e_wait "^Everywhere"
e2e_keys J
e2e_wait "^  p  *next preset: UnixBench"
e2e_wait "selection of your own"
e2e_keys q

# v (the last run's results) with no run yet says so, from the history
# screen (in the compare screen's list it opens the entry under the
# cursor).
e2e_keys H
e2e_wait "^sysmark -- history"
e2e_keys v
e2e_wait "no run yet"
e2e_keys q
e2e_check_restored 0
