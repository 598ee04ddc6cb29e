#!/bin/sh
# The run screen with calibrated (lmbench-style) tests: they
# are shown as the median of 11 calibrated batches a sample, not as -d
# seconds, and the
# time left comes from what they really take; the finished-so-far table
# lists finished tests only; the two bars have one
# width; the sparkline says what a step means; the results keys show at
# once when the run ends; one sample is "1 sample".
set -u
. tests/e2e/lib.subr

e2e_start
e2e_wait "choose the tests"
# The memory-latency sweeps, fixed stride and random: 42 calibrated
# tests.  -d 10 does not apply.
e2e_keys x / C-u lat_mem_rd@512 Enter
e2e_keys d C-u 10 Enter m C-u 1 Enter
e2e_wait "^lat_mem_rd@512 (ns): "
e2e_keys g
e2e_wait "Samples 1   Tests 4[0-9] of"
e2e_keys Enter
e2e_wait "sysmark -- running"
# Interleaved rounds: the header says which round, then the test.
e2e_wait "^\(warm-up round\|round 1 of 1\): .*, calibrated"
e2e_wait "^Sample  median of 11 calibrated batches, about 0.3 s, whatever the sample length"
# No option of the command line is named on a screen.
e2e_screen | grep -q -E '[ (]-[a-zA-Z]( |\))' && e2e_fail "an option named"
# Well under a minute left, never 23 x 10 s.
e2e_wait "^Run  .*\] *[0-9]*%  [0-9.]* s left, [0-9]* of [0-9]* samples"
e2e_wait "(no test finished yet)\|Finished so far"
e2e_wait "one step: 2% of the mean"
e2e_shot run-calibrated
e2e_wait "sysmark -- results" 120
e2e_wait "^saved .*\.csv"
e2e_wait "(1 sample)$"
e2e_keys q y
e2e_wait "sysmark-exit=0"
e2e_keys clear Enter
e2e_end=$(($(date +%s) + 15))
while e2e_screen | grep -q "sysmark-exit"; do
	[ "$(date +%s)" -le "$e2e_end" ] || e2e_fail "screen not cleared"
	sleep 0.1
done

# A timed test: the sample and run bars end in the same column, and the
# current test is not in the finished table.
e2e_launch
e2e_wait "choose the tests"
e2e_keys x / C-u "System Call Overhead" Enter Space
e2e_keys d C-u 3 Enter m C-u 2 Enter Enter
e2e_wait "^Sample  \["
e2e_wait "(no test finished yet)"
e2e_screen | awk '/^Sample  \[/ { s = index($0, "]") }
    /^Run  *\[/ { r = index($0, "]") }
    END { exit !(s > 0 && s == r) }' || e2e_fail "bars of unequal width"
e2e_keys A y
e2e_wait "results (aborted)"
e2e_keys q y
e2e_check_restored 0
