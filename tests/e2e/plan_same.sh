#!/bin/sh
# The console and the command line make one plan: a users run and a
# calibrate started from the console record the same plan keys (the
# tests, copies, seconds, samples, repeats and their pause, warm-up,
# order, kind) as `sysmark users` and `sysmark calibrate` given the same
# choices.  The users run leaves its counts and samples to the core, so
# the mix's own users row (1,3) and USERS_SAMPLES (3) must be taken by
# both, not the console's 1,2,4,8 and its select screen's samples.
set -u
. tests/e2e/lib.subr

mkdir -p "$e2e_tmp/mixes" "$e2e_tmp/cli"
printf 'kind,what,iterations,think\nusers,"1,3",,\ncommand,true,1,0\n' \
    >"$e2e_tmp/mixes/own.csv"

# plan_keys FILE: the plan's keys and values, sorted; the order's seed
# is drawn per run, so only its presence is kept.
plan_keys() {
	grep -E '^meta,(plan_[a-z_.]*|duration|samples|repeats|repeat_gap|warmup|order|order_seed|target_ci|time_cap|kind|mix),' "$1" |
	    cut -d, -f1-3 | sed 's/^meta,order_seed,.*/meta,order_seed,SEED/' |
	    LC_ALL=C sort
}

# same WHAT CONSOLE CLI: their plan keys are the same.
same() {
	plan_keys "$2" >"$e2e_tmp/console.keys"
	plan_keys "$3" >"$e2e_tmp/cli.keys"
	grep -q '^meta,plan_copies,' "$e2e_tmp/console.keys" ||
	    e2e_fail "$1: no plan keys in $2"
	diff "$e2e_tmp/console.keys" "$e2e_tmp/cli.keys" >"$e2e_tmp/diff" || {
		cat "$e2e_tmp/diff" >&2
		e2e_fail "$1: the console's plan (<) is not the command line's (>)"
	}
}

# The users screen: the mix, 0.2 s a sample, nothing else chosen.
e2e_start SYSMARK_MIXES="$e2e_tmp/mixes"
e2e_wait "choose the tests"
# The select screen's samples must not leak into the users run.
e2e_keys m C-u 5 Enter
e2e_keys U
e2e_wait "simulated users: response time"
e2e_wait "^Users 1,3   10 s x 3 samples each"
e2e_keys t C-u 0.2 Enter
e2e_wait "^Users 1,3   0.2 s x 3 samples each"
e2e_keys Enter
e2e_wait "^sysmark -- results: " 120
e2e_users=$(grep -l "^meta,mix,own" "$e2e_tmp"/results/*.csv)
[ -n "$e2e_users" ] || e2e_fail "the users run was not saved"
env SYSMARK_MIXES="$e2e_tmp/mixes" "$e2e_bin" users -d 0.2 -q \
    -o "$e2e_tmp/cli/users.csv" own >/dev/null 2>"$e2e_tmp/err" ||
    e2e_fail "sysmark users: $(cat "$e2e_tmp/err")"
same users "$e2e_users" "$e2e_tmp/cli/users.csv"
grep -q '^meta,plan_copies,"1,3",' "$e2e_users" ||
    e2e_fail "the console did not take the mix's own users row"
grep -q '^meta,samples,3,' "$e2e_users" ||
    e2e_fail "the console did not take the users run's samples"

# Calibrate: one test, 0.1 s x 2, no pause, from the select screen (K).
e2e_keys n
e2e_wait "choose the tests"
e2e_keys x / C-u "System Call Overhead" Enter Space
e2e_keys d C-u 0.1 Enter m C-u 2 Enter
e2e_keys K
e2e_wait "calibrate: seconds between repeats"
e2e_keys C-u 0 Enter
e2e_wait "noise profile saved: .*noise-.*\.csv" 120
e2e_prof=$(ls "$e2e_tmp"/results/noise-*.csv 2>/dev/null)
[ -n "$e2e_prof" ] || e2e_fail "no noise-HOST.csv in the results"
cp "$e2e_prof" "$e2e_tmp/console-profile.csv"
env SYSMARK_RESULTS="$e2e_tmp/results" "$e2e_bin" calibrate -t syscall \
    -d 0.1 -n 2 -g 0 -q >/dev/null 2>"$e2e_tmp/err" ||
    e2e_fail "sysmark calibrate: $(cat "$e2e_tmp/err")"
same calibrate "$e2e_tmp/console-profile.csv" "$e2e_prof"
grep -q '^meta,kind,noise-profile,' "$e2e_prof" ||
    e2e_fail "the profile is not kind noise-profile"
e2e_keys q
e2e_check_restored 0
