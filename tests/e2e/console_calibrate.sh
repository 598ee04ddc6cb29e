#!/bin/sh
# The console's calibrate: K calibrates (an A/A run of 5 repeats
# with the pause between them asked, as calibrate -g, and a bad pause
# refused with what is allowed), the profile lands where compare looks
# for it (results/noise-HOST.csv, kind noise-profile, 5 repeats) and
# the compare screen uses it as `sysmark compare` does; C sets run -C's
# target and the results say what it was.
set -u
. tests/e2e/lib.subr

e2e_start
e2e_wait "choose the tests"
e2e_keys x / C-u "System Call Overhead" Enter Space
e2e_keys d C-u 0.1 Enter m C-u 2 Enter

# A pause that is not a number of seconds is refused, and nothing runs.
e2e_keys K
e2e_wait "calibrate: seconds between repeats (empty: spread over 5 min):"
e2e_keys C-u abc Enter
e2e_wait "pause abc: seconds from 0 to [0-9]*, or empty to spread the repeats"
e2e_wait "choose the tests"

# No pause: five repeats back to back, saved as the host's profile.
e2e_keys K C-u 0 Enter
e2e_wait "noise profile saved: .*noise-.*\.csv" 60
e2e_prof=$(ls "$e2e_tmp"/results/noise-*.csv 2>/dev/null)
[ -n "$e2e_prof" ] || e2e_fail "no noise-HOST.csv in the results"
grep -q "^meta,kind,noise-profile," "$e2e_prof" ||
    e2e_fail "the profile is not marked kind=noise-profile"
e2e_reps=$(awk -F, '$1 == "sample" && $2 == "syscall" { print $14 }' \
    "$e2e_prof" | sort -u | wc -l)
[ "$e2e_reps" -eq 5 ] || e2e_fail "$e2e_reps repeats in the profile, not 5"
e2e_sm=$(grep -c "^sample,syscall," "$e2e_prof")
# 5 repeats of a warm-up and 2 samples.
[ "$e2e_sm" -eq 15 ] || e2e_fail "$e2e_sm samples in the profile, not 15"

# C: the target interval, then a run that says what it aimed at.
e2e_keys n
e2e_wait "choose the tests"
e2e_keys C C-u 200 Enter
e2e_wait "target 200: a percentage from 0 (fixed samples) to below 100"
e2e_keys C C-u 50 Enter Enter
e2e_wait "sysmark -- results" 60
e2e_wait "run -C 50%: C marks a test whose 95% interval did not get within"

# Two runs of one run each, compared on the compare screen: the same
# profile as `sysmark compare` finds widens both intervals.
e2e_keys s Enter
e2e_wait "^saved "
e2e_rerun n Enter
e2e_keys s Enter
e2e_wait "^saved "
e2e_keys o
e2e_wait "compare: pick runs"
e2e_keys Space j Space Enter
e2e_wait "compare: the second against the first, ranked by change"
# W/B CV: the runs' own within-run CV / the profile's between-run CV
# ("-" without a profile).  The interval's two ends push it past 80
# columns: l scrolls the table sideways, the test column staying.
e2e_wait "^syscall "
e2e_keys l l
e2e_wait "^syscall .*  [0-9.]*/[0-9]"
e2e_shot compare-profile
e2e_keys q
e2e_check_restored 0
