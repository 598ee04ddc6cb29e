#!/bin/sh
# The index is in view on the results screen: with an index baseline as
# the reference, its score is said in the first lines, above the run's
# table, not only in the INDEX VALUES block pages further down (at 80x24,
# TERM=vt100).  A saved BYTE run (tests/data/seed003-linux-1.3.3.csv)
# against byte-3.11: the AVERAGE its block ends with.  No measurement.
set -u
. tests/e2e/lib.subr

mkdir -p "$e2e_tmp/results"
cp tests/data/seed003-linux-1.3.3.csv "$e2e_tmp/results/linux133.csv"
e2e_start TERM=vt100 NO_COLOR=1 SYSMARK_BASELINES="$e2e_top/baselines"
e2e_wait "choose the tests"
e2e_keys o
e2e_wait "^  \[ \] saved run  linux133 "
e2e_keys v
e2e_wait "^sysmark -- linux133, as saved"
e2e_keys b
e2e_wait "choose the reference"
e2e_keys byte-3.11 Enter
e2e_wait "^Index against byte-3.11: average [0-9]"
# In view: above the run's own table, on the first screen.
line=$(e2e_screen | grep -n "^Index against byte-3.11" | cut -d: -f1)
table=$(e2e_screen | grep -n "^TEST  " | head -n 1 | cut -d: -f1)
[ -n "$table" ] && [ "$line" -lt "$table" ] ||
    e2e_fail "the index line is not above the run's table"
# The same figure as the block's AVERAGE row further down.
want=$(e2e_screen | sed -n 's/^Index against byte-3.11: average \([0-9.]*\).*/\1/p')
e2e_seek "^AVERAGE  " J
e2e_screen | grep -q "^AVERAGE  *$want " ||
    e2e_fail "the index line says $want, the block otherwise"
e2e_keys q
e2e_check_restored 0
