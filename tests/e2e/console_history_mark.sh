#!/bin/sh
# The History screen's sparkline shows a series' newest 30 runs, and a
# change point at the oldest of them is highlighted too: 40 runs, pipe
# 8% slower from run 11 (0-based 10, the first the sparkline shows), on a
# VT100 without color, where the highlight is reverse video: pipe's line
# has it in its sparkline's first column (after the 14 of the name and
# one space), and nowhere else.
set -u
. tests/e2e/lib.subr

PYTHONHASHSEED=0 python3 tests/perf/history_runs.py "$e2e_tmp/results" \
    --runs 40 --tests syscall,pipe --step pipe@10:-8 --noise 1 ||
    e2e_fail "cannot write the synthetic runs"

e2e_start TERM=vt100 NO_COLOR=1 XDG_CACHE_HOME=$e2e_tmp/cache
e2e_wait "choose the tests"
e2e_keys o
e2e_wait "sysmark -- compare"
e2e_keys H
e2e_wait "sysmark -- history: 40 runs, 2 series"
e2e_wait "^pipe .* -[0-9.]*% \[-[0-9.]*, -[0-9.]*\] from run 11"
e2e_wait "highlighted: a change point starts there"
# The cursor is on syscall (the catalog's first), so pipe's name is not
# reverse video: the only reverse on its line is the change point's.
e2e_screen | sed -n 3p | grep -q "^syscall" ||
    e2e_fail "syscall is not the first series"
$e2e_tmux capture-pane -e -p -t e2e | grep "^pipe" >"$e2e_tmp/pipe" ||
    e2e_fail "no pipe line"
esc=$(printf '\033')
# The columns before the first reverse video, escapes taken out.
before=$(sed "s/$esc\[\([0-9]*;\)*7m.*//; s/$esc\[[0-9;]*m//g" \
    "$e2e_tmp/pipe")
n=$(grep -o "$esc\[\([0-9]*;\)*7m" "$e2e_tmp/pipe" | wc -l)
[ "$n" -eq 1 ] && [ "${#before}" -eq 15 ] ||
    e2e_fail "pipe's change point at run 11 is not highlighted at its
sparkline's first column ($n reverse video, after ${#before} columns):
$(cat -v "$e2e_tmp/pipe")"
e2e_keys q
e2e_check_restored 0
echo "console_history_mark: ok"
