#!/bin/sh
# The pickers say which runs and baselines cover the tests at hand: on
# the compare screen, beside each entry, how many of the reference's
# tests (the first picked) it has; in the reference picker of the
# results screen, how many of the shown run's.  A baseline that shares
# no test says "tests 0/2" instead of leaving a column of "-" to find.
# A description too long for the line is cut with a mark, and the
# entry at the cursor is shown whole (under the compare list; beside the
# reference picker's count).
# Files written by hand; no measurement, no clock.
set -u
. tests/e2e/lib.subr

e2e_baseline	# oldbox: syscall and context1
cat >"$e2e_tmp/baselines/dhrybox.csv" <<'CSV'
record,name,value,version,copies,sample,unit,duration,elapsed,iterations,status,reason,per_copy
meta,format,1,,,,,,,,,,
meta,hostname,dhrybox,,,,,,,,,,
meta,source,"Dhrystone 2.1 on a 1990s workstation, as its maker published it",,,,,,,,,,
sample,dhry2reg,5000000,3,1,1,lps,10,10,50000000,ok,,
sample,dhry2reg,5100000,3,1,2,lps,10,10,51000000,ok,,
CSV
mkdir -p "$e2e_tmp/results"
sed 's/oldbox/mine/' "$e2e_tmp/baselines/oldbox.csv" \
    >"$e2e_tmp/results/mine.csv"

e2e_start TERM=vt100 NO_COLOR=1
e2e_wait "choose the tests"
e2e_keys o
e2e_wait "^  \[ \] saved run  mine "
e2e_keys Space
e2e_wait "^  \[1\] saved run  mine "
e2e_wait "^  \[ \] baseline   oldbox  *tests 2/2 "
e2e_wait "^  \[ \] baseline   dhrybox  *tests 0/2 "
e2e_screen | grep -q "^  \[1\] saved run  mine  *tests" &&
    e2e_fail "the reference is held against itself"
# A description past 80 columns is cut with a mark, never silently, and
# the footer shows the cursor's entry whole.
e2e_wait "^  \[ \] baseline   dhrybox  *tests 0/2  Dhrystone 2.1 on a 1990s workstati~$"
e2e_cursor_to dhrybox
e2e_wait "^[0-9]*/[0-9]*  Dhrystone 2.1 on a 1990s workstation, as its maker published it$"
e2e_cursor_to mine

# Opened whole (v), its reference picker (b) says the same.
e2e_keys v
e2e_wait "^sysmark -- mine, as saved"
e2e_keys b
e2e_wait "choose the reference"
e2e_wait "^  baseline  oldbox  *tests 2/2 "
e2e_wait "^  baseline  dhrybox  *tests 0/2  Dhrystone 2.1 on a 1990s workstatio~$"
e2e_keys Down Down
e2e_wait "^4 of 4 match  Dhrystone 2.1 on a 1990s workstation, as its maker published it$"
e2e_keys Escape
e2e_keys q
e2e_check_restored 0
