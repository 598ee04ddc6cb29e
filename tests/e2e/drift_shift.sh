#!/bin/sh
# Two sides taken hours apart (issue 51), on runs written by hand so that
# no verdict depends on a measurement:
# - compare adds the host's drift at that gap, measured from this host's
#   saved runs (the variogram of doc/statistics.md), and says so; with no
#   saved runs it says drift was not measured; a host profile holds the
#   drift of the window its repeats covered (calibrate -g), no further;
# - three unrelated tests (System, IPC, Process) that ran 15% slower
#   together are named as a host-wide shift, with its size, in compare's
#   text and JSON and in the report's headline, whatever the verdicts.
set -u
. tests/e2e/cli.subr
export SYSMARK_RESULTS="$tmp/results"
mkdir -p "$SYSMARK_RESULTS"

. tests/e2e/shift.subr
shift_fixtures "$SYSMARK_RESULTS" "$tmp"

"$bin" compare "$tmp/old.csv" "$tmp/new.csv" >"$out" 2>"$err" ||
    fail "compare exited $?"
tr '\n' ' ' <"$out" | tr -s ' ' >"$tmp/flat"
grep -q "Sides 240 min apart: the host's drift at that gap, measured from its saved runs" "$tmp/flat" ||
    fail "no measured drift note"
grep -q "is in the basis of 3 tests" "$tmp/flat" || fail "drift not in every test's basis"
grep -q "Host-wide shift: 3 of 3 tests, from 3 groups, moved together on the new side, slower by 15.0%" "$tmp/flat" ||
    fail "no host-wide shift named"

"$bin" compare -f json "$tmp/old.csv" "$tmp/new.csv" >"$out" 2>"$err" ||
    fail "compare -f json exited $?"
python3 "$top/tests/check/json_check.py" compare <"$out" >"$err" 2>&1 ||
    fail "JSON off its schema"
python3 - "$out" <<'EOF' || fail "JSON's host_shift"
import json, sys
c = json.load(open(sys.argv[1]))["comparisons"][0]
s = c["host_shift"]
assert s["way"] == "slower" and s["tests"] == 3 and s["of"] == 3, s
assert s["groups"] == 3 and abs(s["median_pct"] + 15) < 0.01, s
EOF

"$bin" report -o "$tmp/r.html" "$tmp/old.csv" "$tmp/new.csv" >"$out" 2>"$err" ||
    fail "report exited $?"
grep -q 'The host itself shifted: 3 of 3 tests, from 3 groups, ran 15% slower together' "$tmp/r.html" ||
    fail "the report's headline does not name the shift"

# A host profile whose repeats covered the whole 8 hours about the sides
# (calibrate -g) holds the drift: no term is added.  One that covered 5
# minutes does not: the term is added past it.
profile() {
	{
		echo 'record,name,value,version,copies,sample,unit,duration,elapsed,iterations,status,reason,per_copy,repeat,busy'
		echo 'meta,format,2,,,,,,,,,,,,'
		echo 'meta,hostname,boxa,,,,,,,,,,,,'
		echo 'meta,kind,noise-profile,,,,,,,,,,,,'
		echo 'meta,repeats,3,,,,,,,,,,,,'
		echo "meta,date,$2,,,,,,,,,,,,"
		echo "meta,date_end,$3,,,,,,,,,,,,"
		for t in syscall pipe spawn; do
			for r in 1 2 3; do
				for i in 1 2 3; do
					v=$((98 + i + r))
					echo "sample,$t,$v,1,1,$i,lps,1,1,100,ok,,$v,$r,"
				done
			done
		done
	} >"$1"
}
profile "$tmp/wide.csv" 2026-12-01T08:00:00+0000 2026-12-01T16:00:00+0000
profile "$tmp/narrow.csv" 2026-12-01T08:00:00+0000 2026-12-01T08:05:00+0000
"$bin" compare -p "$tmp/wide.csv" "$tmp/old.csv" "$tmp/new.csv" >"$out" 2>"$err" ||
    fail "compare -p wide exited $?"
grep -q "Window\|Sides [0-9]* min apart" "$out" && fail "drift added within the profile's window"
"$bin" compare -p "$tmp/narrow.csv" "$tmp/old.csv" "$tmp/new.csv" >"$out" 2>"$err" ||
    fail "compare -p narrow exited $?"
grep -q "^Sides 240 min apart: the host's drift" "$out" || fail "no drift past the profile's window"

# No saved runs: the gap is still seen, the drift said unmeasured.
rm -f "$SYSMARK_RESULTS"/saved-*.csv
"$bin" compare "$tmp/old.csv" "$tmp/new.csv" >"$out" 2>"$err" ||
    fail "compare with no history exited $?"
tr '\n' ' ' <"$out" | tr -s ' ' >"$tmp/flat"
grep -q "Sides 240 min apart: drift was not measured for 3 tests" "$tmp/flat" ||
    fail "no unmeasured drift note"

# Sides of one test each way: no shift is named for scatter.
shift_run "$tmp/mixed.csv" 2026-12-01T14:00:00+0000 "0.85 1.15 1"
"$bin" compare "$tmp/old.csv" "$tmp/mixed.csv" >"$out" 2>"$err" ||
    fail "compare of scattered tests exited $?"
! grep -q "Host-wide shift" "$out" || fail "a shift named for tests that moved both ways"
exit 0
