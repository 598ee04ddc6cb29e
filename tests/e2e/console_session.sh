#!/bin/sh
# The console measures through the core's session, as sysmark run does:
# - every byte it sends the terminal during an uninterrupted run (tmux
#   pipe-pane, so every refresh is seen, not a few captures) never says
#   "Interrupted" nor "SKIPPED", and the run is saved as it goes and when it ends;
# - a console killed with SIGKILL mid-run leaves its run file, which the
#   next console offers to resume and sysmark run --resume continues.
set -u
. tests/e2e/lib.subr

log=$e2e_tmp/pane.log
e2e_start
e2e_wait "choose the tests"
$e2e_tmux pipe-pane -o -t e2e "cat >> '$log'"
e2e_keys x / C-u "System Call Overhead" Enter Space
e2e_keys d C-u 0.3 Enter m C-u 3 Enter Enter
e2e_wait "sysmark -- running"
e2e_wait "sysmark -- results" 120
e2e_wait "^saved $e2e_tmp/results/"
$e2e_tmux pipe-pane -t e2e
grep -q "running" "$log" || e2e_fail "the pane log holds no run screen"
if grep -a -q "Interrupted" "$log"; then
	e2e_fail "an uninterrupted run was shown as Interrupted"
fi
if grep -a -q "SKIPPED" "$log"; then
	e2e_fail "a test of an uninterrupted run was shown as SKIPPED"
fi
f=$(ls "$e2e_tmp"/results/*.csv | head -n 1)
grep -q "^meta,status,complete" "$f" || e2e_fail "$f: not complete"
grep -q "^meta,plan_tests,syscall" "$f" || e2e_fail "$f: no plan"
[ ! -e "$f.lock" ] || e2e_fail "$f.lock left behind"
e2e_keys q
e2e_wait "sysmark-exit=0"
rm -f "$e2e_tmp"/results/*.csv

# Killed mid-run: the journal stays, "running" with its dead pid.
e2e_keys clear Enter
e2e_launch
e2e_wait "choose the tests"
e2e_keys x / C-u "System Call Overhead" Enter Space
e2e_keys d C-u 0.3 Enter m C-u 20 Enter Enter
e2e_wait "sysmark -- running"
end=$(($(date +%s) + 60))
while :; do
	f=$(ls "$e2e_tmp"/results/*.csv 2>/dev/null | head -n 1)
	[ -n "$f" ] && [ "$(grep -c '^sample,' "$f")" -ge 2 ] && break
	[ "$(date +%s)" -le "$end" ] || e2e_fail "no journal with 2 samples"
	sleep 0.1
done
pid=$(e2e_pid)
[ -n "$pid" ] || e2e_fail "no console process"
kill -KILL "$pid"
end=$(($(date +%s) + 30))
while kill -0 "$pid" 2>/dev/null; do
	[ "$(date +%s)" -le "$end" ] || e2e_fail "pid $pid outlived SIGKILL"
	sleep 0.1
done
grep -q "^meta,status,running" "$f" || e2e_fail "$f: not a running journal"
# The killed console left the terminal raw: set it right, then go on.
e2e_keys "stty sane; tput rmcup; clear" C-j
e2e_launch
e2e_wait "was interrupted: resume it? (y/n)"
e2e_keys n q
e2e_wait "sysmark-exit=0"
"$e2e_bin" run --resume "$f" -q >/dev/null 2>"$e2e_tmp/resume.err" ||
    e2e_fail "run --resume: $(cat "$e2e_tmp/resume.err")"
grep -q "^meta,status,complete" "$f" || e2e_fail "$f: resume did not end it"
[ "$(grep -c '^sample,syscall,' "$f")" -ge 21 ] ||
    e2e_fail "$f: not every sample after the resume"
exit 0
