#!/bin/sh
# sysmark run on a terminal: it says the plan and its estimated time,
# asks before a plan over 3 minutes (n: status 2, nothing measured or
# saved), starts a shorter one at once, and shows its progress as one
# line rewritten in place, naming test k of N and the time left, while
# the lines that must stay (each test's mean) stay.
set -u
. tests/e2e/lib.subr

# 21 samples of 10 s: about 4 minutes, over the 3 that ask.
e2e_args="run -t syscall -d 10 -n 20 -o $e2e_tmp/long.csv"
e2e_start
e2e_wait "^estimated time: about 4 min"
e2e_wait "This run takes about 4 min. Start it? \[y/N\]"
e2e_keys n Enter
e2e_wait "sysmark: run: not started"
e2e_wait "sysmark-exit=2"
[ ! -e "$e2e_tmp/long.csv" ] || e2e_fail "a refused run saved a file"

e2e_keys clear Enter
e2e_args="run -t syscall,pipe -d 0.5 -n 6 --order grouped -o $e2e_tmp/short.csv"
e2e_launch
e2e_wait "^test 2 of 2: pipe, 1 copy, sample [0-9]/6: .*%, about .* left" 60
n=$(e2e_screen | grep -c "^test [0-9] of 2: ")
[ "$n" -eq 1 ] || e2e_fail "$n progress lines on the screen, not one"
e2e_screen | grep -q "^  syscall, 1 copy: mean .* lps, +/- " ||
    e2e_fail "the first test's mean did not stay on the screen"
e2e_wait "sysmark-exit=0" 60
e2e_screen | grep -q "This run takes" && e2e_fail "a short plan asked first"
[ -s "$e2e_tmp/short.csv" ] || e2e_fail "the run saved nothing"
echo "run_tty: ok"
