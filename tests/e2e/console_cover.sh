#!/bin/sh
# The pickers say which runs and baselines cover the tests at hand: on
# the compare screen, beside each entry, how many of the reference's
# tests (the first picked) it has; in the reference picker of the
# results screen, how many of the shown run's.  A baseline that shares
# no test says "tests 0/2" instead of leaving a column of "-" to find.
# Files written by hand; no measurement, no clock.
set -u
. tests/e2e/lib.subr

e2e_baseline	# oldbox: syscall and context1
cat >"$e2e_tmp/baselines/dhrybox.csv" <<'CSV'
record,name,value,version,copies,sample,unit,duration,elapsed,iterations,status,reason,per_copy
meta,format,1,,,,,,,,,,
meta,hostname,dhrybox,,,,,,,,,,
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

# Opened whole (v), its reference picker (b) says the same.
e2e_keys v
e2e_wait "^sysmark -- mine, as saved"
e2e_keys b
e2e_wait "choose the reference"
e2e_wait "^  baseline  oldbox  *tests 2/2 "
e2e_wait "^  baseline  dhrybox  *tests 0/2 "
e2e_keys Escape
e2e_keys q
e2e_check_restored 0
