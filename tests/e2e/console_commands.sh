#!/bin/sh
# Command tests in the console: those its command line gives (-x, a
# --suite file's, a -P scan) are listed in the select screen's Commands
# group, each saying whether a shell runs it; X adds one typed at a
# prompt, selected, and a command that cannot run (a program not on
# PATH, a {NAME} without its parameter, a suite row short of a column)
# is refused there with why; the estimate says that the commands' own
# time is unknown, as run's plan does; the selected ones are run with
# the plan, saved with their command, and the scan's curve is on the
# results.
set -u
. tests/e2e/lib.subr

printf 'id,title,command,setup,cleanup,unit,direction\nsuit1,A suite test,sleep 0.01,,,s,lower\n' \
    >"$e2e_tmp/suite.csv"
printf 'id,title,command,setup,cleanup,unit,direction\nshort,Short,true\n' \
    >"$e2e_tmp/short.csv"
e2e_args="console -x given=true --suite $e2e_tmp/suite.csv -x 'sc=echo {n}' \
-P n 1 2"
e2e_start
e2e_wait "choose the tests"
e2e_keys x
e2e_wait "Tests 0 of "
e2e_keys / C-u given Enter
e2e_wait "^Commands$"
e2e_wait "^  \[ \] given  *true$"
e2e_wait "^given (s): run directly, no shell"
e2e_keys / C-u suit1 Enter
e2e_wait "^  \[ \] suit1  *sleep 0.01$"
e2e_keys / C-u sc-2 Enter
e2e_wait "^  \[ \] sc-2  *echo 2$"

# X: a command typed at the prompt, added and selected.
e2e_keys X
e2e_wait "^command to time (\[NAME=\]CMD):"
e2e_keys "mine=echo hi | cat" Enter
e2e_wait "^added mine to Commands (selected)"
e2e_keys / C-u mine Enter
e2e_wait "^  \[x\] mine  *echo hi | cat$"
e2e_wait "^mine (s): through /bin/sh -c, its start-up subtracted"
e2e_wait "Tests 1 of "

# Refused with why, nothing added.
e2e_keys X
e2e_wait "^command to time"
e2e_keys "nosuchprog-e2e 1" Enter
e2e_wait 'program "nosuchprog-e2e" not found on PATH'
e2e_keys X
e2e_wait "^command to time"
e2e_keys "echo {m}" Enter
e2e_wait "^command: .*{m}"
e2e_keys I
e2e_wait "^suite file:"
e2e_keys "$e2e_tmp/short.csv" Enter
e2e_wait "^suite: .*short.csv:2"
e2e_wait "Tests 1 of "

# The scan's two tests too, then a short run.
e2e_keys / C-u sc-1 Enter Space Space
e2e_wait "Tests 3 of "
e2e_keys d C-u 0.2 Enter m C-u 2 Enter
# A command's own time is unknown until it runs: the estimate says so.
e2e_wait "^Estimated time [0-9.]* s, more if the commands are slow (9 executions or more)"
e2e_keys Enter
e2e_wait "sysmark -- results" 120
e2e_wait "^saved .*\.csv"
e2e_wait "^mine  "
e2e_seek "^Scans: each command's figure against its parameter" j
e2e_seek "^sc against {n} (s, lower is better)" j
e2e_shot console-commands
e2e_saved=$(e2e_screen | sed -n 's/^sysmark -- results: \(.*\.csv\)$/\1/p')
[ -f "$e2e_saved" ] || e2e_fail "no saved run at \"$e2e_saved\""
for w in 'meta,command.mine,echo hi | cat' 'meta,command.sc-1,echo 1' \
    'meta,command_param.sc-2,n=2' 'sample,mine,' 'sample,sc-2,'; do
	grep -q -F "$w" "$e2e_saved" || e2e_fail "no \"$w\" in $e2e_saved"
done
grep -q '^sample,given,\|^sample,suit1,' "$e2e_saved" &&
    e2e_fail "a test not selected was run"
e2e_keys q
e2e_check_restored 0
exit 0
