#!/bin/sh
# The users screen: the mixes listed, a bad one refused with path:line
# before anything runs, a good one run at 1 and 2 users through the run
# screen, and the results screen showing the same response-time table
# and plot as `sysmark users`.
set -u
. tests/e2e/lib.subr

mkdir -p "$e2e_tmp/mixes"
printf 'kind,what,iterations,think\ntest,nosuch,1,0\n' \
    >"$e2e_tmp/mixes/bad.csv"
printf 'kind,what,iterations,think\ncommand,sleep 0.01,1,0.01\n' \
    >"$e2e_tmp/mixes/quick.csv"

e2e_start SYSMARK_MIXES="$e2e_tmp/mixes"
e2e_wait "choose the tests"
e2e_keys U
e2e_wait "simulated users: response time"
e2e_wait "^ bad"
e2e_wait "bad.csv:2: unknown test \"nosuch\""
e2e_keys Enter
e2e_wait "bad.csv:2: unknown test \"nosuch\""
e2e_keys j t C-u 0.3x1 Enter u C-u 1,2 Enter
e2e_wait "^Users 1,2   0.3 s x 1 samples each"
e2e_wait "1. command sleep 0.01 x1, think 0.01 s"
e2e_shot users
e2e_keys Enter
e2e_wait "^sysmark -- results: "
e2e_wait "^Simulated users"
e2e_keys J J
e2e_wait "Simulated users: mix quick, response time per step"
e2e_wait "^ *[12]\*\{0,1\} .* sleep .*ms"
e2e_shot users-results
# Saved as it ended, as every run is: quit asks nothing.
grep -q "^meta,mix,quick" "$e2e_tmp"/results/*.csv ||
    e2e_fail "the users run was not saved"
e2e_keys q
e2e_check_restored 0
