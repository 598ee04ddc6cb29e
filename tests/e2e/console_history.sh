#!/bin/sh
# The History screen on a VT100 at 80x24: H from the compare
# and results screens; one line per series with its sparkline and last
# step (a slowdown found where it was put, "~ <x%" where there is none,
# a stray run named as one, not as a step);
# Enter on a series shows the runs on each side of its change compared
# (the title saying where it began: a clear step, at one run);
# a corrupt run file is read around and said to be.
set -u
. tests/e2e/lib.subr

PYTHONHASHSEED=0 python3 tests/perf/history_runs.py "$e2e_tmp/results" \
    --runs 30 --tests syscall,pipe,spawn --step pipe@20:-8 --noise 1 \
    --stray syscall@10:-50 ||
    e2e_fail "cannot write the synthetic runs"
printf 'record,name\nmeta,format,"3\n' >"$e2e_tmp/results/broken.csv"

e2e_start TERM=vt100 NO_COLOR=1 XDG_CACHE_HOME=$e2e_tmp/cache
e2e_wait "choose the tests"
e2e_keys o
e2e_wait "sysmark -- compare"
e2e_keys H
e2e_wait "sysmark -- history: 30 runs, 3 series, some files read around"
e2e_wait "^syscall .* ~ <[0-9.]*%"
e2e_wait "^pipe .* -[0-9.]*% \[-[0-9.]*, -[0-9.]*\] from run 21"
e2e_wait "^syscall .* ~ <[0-9.]*%; stray run 11 (-50%)"
e2e_wait "highlighted: a change point starts there"
e2e_shot history-list
# The catalog's order: syscall, pipe, spawn.  On syscall, Enter says
# there is no change; j moves to pipe.
e2e_screen | sed -n 3p | grep -q "^syscall" ||
    e2e_fail "syscall is not the first series"
e2e_keys Enter
e2e_wait "no change point in this series"
e2e_keys j Enter
e2e_wait "history: pipe, change point 1 of 1 (began at run 21)"
e2e_wait "^From: before the change and 19 more runs"
e2e_wait "^To: from the change and 9 more runs"
e2e_wait "^pipe .* -[0-9.]*% .* worse"
e2e_shot history-sides
e2e_keys Enter
e2e_wait "sysmark -- history: 30 runs"
[ -n "$(ls "$e2e_tmp/cache/sysmark/"history-*.idx)" ] ||
    e2e_fail "no index kept"
e2e_keys q
e2e_check_restored 0
