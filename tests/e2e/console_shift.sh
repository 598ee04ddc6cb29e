#!/bin/sh
# The console's Compare screen judges two runs taken hours apart as
# sysmark compare does (issue 51): its legend says the host's drift at
# that gap was measured from the saved runs and names the host-wide shift
# of three unrelated tests, on the runs of shift.subr; each line of the
# legend is whole, with nothing of another line left at its end.
set -u
. tests/e2e/lib.subr
. tests/e2e/shift.subr

mkdir -p "$e2e_tmp/results"
shift_fixtures "$e2e_tmp/results" "$e2e_tmp/results"
e2e_start
e2e_wait "choose the tests"
e2e_keys o
e2e_wait "compare: pick runs"
e2e_cursor_to old
e2e_keys Space
e2e_cursor_to new
e2e_keys Space Enter
e2e_wait "L: legend of the marks"
e2e_keys L
e2e_wait "compare: the legend of the table"
e2e_wait "^Host-wide shift: 3 of 3 tests, from 3 groups, moved together on the new side,$"
e2e_wait "^slower by 15.0% (the median; 15.0% to 15.0%)"
e2e_keys J J J J J J J J J J J J J J J J J J J J
e2e_wait "^Sides 240 min apart: the host's drift at that gap, measured from its saved runs"
e2e_wait "is in the basis of 3$"
e2e_wait "^tests (up to [0-9.]*% added spread).$"
e2e_keys L q y
e2e_check_restored 0
