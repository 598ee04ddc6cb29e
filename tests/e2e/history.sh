#!/bin/sh
# sysmark history: every format (text, csv, md, json, bmf, otava,
# otava-config) on
# synthetic runs with a step put in; --fail-on change exits 5 when the
# newest run begins a worse step, not for an old one, and says so in
# the JSON; --compare N (its table and, with -f json, compare's
# document); no operand: the results directory, the fleets in it named
# as not read; a fleet's own fleet.csv is no run to warn about; the title
# counts the runs the filters kept; a corrupt file is named and read
# around; the index is private.
set -u
bin=build/san/sysmark
tmp=$(mktemp -d "${TMPDIR:-/tmp}/sysmark-history.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
fail() { echo "$0: $*" >&2; exit 1; }

PYTHONHASHSEED=0 python3 tests/perf/history_runs.py "$tmp/runs" --runs 30 \
    --tests syscall,pipe,spawn --step pipe@20:-8 --noise 1 --commit ||
    fail "cannot write the runs"
printf 'record,name\nmeta,format,"3\n' >"$tmp/runs/broken.csv"
h() { SYSMARK_RESULTS=$tmp XDG_CACHE_HOME=$tmp/cache $bin history "$@"; }

h "$tmp/runs" >"$tmp/text" 2>"$tmp/err"; rc=$?
[ $rc -eq 0 ] || fail "text: status $rc"
grep -q "^History: 30 runs, 3 series" "$tmp/text" || fail "no title"
grep -q "^pipe .* -[0-9.]*% \[-[0-9.]*, -[0-9.]*\] worse at 2026-01-06" \
    "$tmp/text" || fail "the step in pipe not found at run 21"
grep -q "^syscall .* ~ <[0-9.]*%" "$tmp/text" || fail "syscall not flat"
grep -q "broken.csv:[0-9]*: .*(read around)" "$tmp/err" ||
    fail "the corrupt file not named"
[ "$(stat -c %a "$tmp"/cache/sysmark/history-*.idx)" = 600 ] ||
    fail "the index is not private"

h -f csv "$tmp/runs" 2>/dev/null | grep -q '^1,pipe,synthbox,' ||
    fail "csv: no change point row"
h -f md "$tmp/runs" 2>/dev/null | grep -q '^| pipe | synthbox | 30 |' ||
    fail "md: no pipe row"
h -f json "$tmp/runs" 2>/dev/null | python3 -c '
import json, sys
d = json.load(sys.stdin)
s = {x["id"]: x for x in d["series"]}
assert d["command"] == "history" and d["files_read_around"] == 1
assert [c["index"] for c in s["pipe"]["change_points"]] == [20]
c = s["pipe"]["change_points"][0]
assert c["worse"] is True
assert c["start_first_index"] <= 20 <= c["start_last_index"]
assert c["start_first"] <= c["name"] <= c["start_last"]
assert s["syscall"]["change_points"] == []
assert len(s["spawn"]["runs"]) == 30
' || fail "json"
h -f bmf "$tmp/runs" 2>/dev/null | python3 -c '
import json, sys
d = json.load(sys.stdin)
v = d["pipe"]["lps (higher is better)"]
assert v["lower_value"] < v["value"] < v["upper_value"]
' || fail "bmf"
h -f otava -b commit "$tmp/runs" 2>/dev/null >"$tmp/otava"
head -1 "$tmp/otava" | grep -q '^time,commit,syscall,pipe,spawn$' ||
    fail "otava: header"
[ "$(wc -l <"$tmp/otava")" -eq 31 ] || fail "otava: not 30 rows"
sed -n 2p "$tmp/otava" | grep -q '^2026-01-01 03:00:00 +0000,c00000,' ||
    fail "otava: first row"
# Otava's configuration of that CSV: each column by name, with the
# direction the runs record (tests/check/verdicts.py checks a lower one).
h -f otava-config "$tmp/runs" 2>/dev/null | python3 -c '
import sys, yaml
t = yaml.safe_load(sys.stdin)["tests"]["sysmark"]
assert t["type"] == "csv" and t["time_column"] == "time", t
m = t["metrics"]
assert set(m) == {"syscall", "pipe", "spawn"}, m
assert all(m[k]["column"] == k and m[k]["direction"] == 1 for k in m), m
' || fail "otava-config"

# The gate: pipe's step is 10 runs old and was found before the newest
# run came, so no trip; a newest run 20% down on syscall begins a worse
# step: status 5.  (spawn is left out of the first: in its runs, flat
# in 1% noise, the newest run is the first to make a -2% step found, a
# false one, which trips the gate as a real one would: doc/history.md
# says how often that happens.)
h --fail-on change -t syscall,pipe "$tmp/runs" >/dev/null 2>&1; rc=$?
[ $rc -eq 0 ] || fail "--fail-on change tripped on an old step ($rc)"
PYTHONHASHSEED=0 python3 tests/perf/history_runs.py "$tmp/runs" --runs 1 \
    --first 30 --tests syscall,pipe,spawn --step pipe@20:-8 \
    --step syscall@30:-20 --noise 1 --commit
h --fail-on change "$tmp/runs" >/dev/null 2>"$tmp/err"; rc=$?
[ $rc -eq 5 ] || fail "--fail-on change: status $rc, not 5"
grep -q "syscall on synthbox: the newest run begins a worse step" \
    "$tmp/err" || fail "the gate does not name the series"
h --fail-on change -f json "$tmp/runs" 2>/dev/null | python3 -c '
import json, sys
g = json.load(sys.stdin)["gate"]
assert g["tripped"] and g["exit_status"] == 5, g
assert "syscall" in [t["id"] for t in g["trips"]], g
' || fail "--fail-on change -f json: the gate"

h --compare 2 "$tmp/runs" 2>/dev/null >"$tmp/cmp"
grep -q "^Pipe Throughput .* worse" "$tmp/cmp" || fail "--compare 2"
# -f json: compare's own document, the sides named, each run's file.
h --compare 2 -f json "$tmp/runs" 2>/dev/null | python3 -c '
import json, sys
d = json.load(sys.stdin)
c = d["comparisons"][0]
assert d["command"] == "compare", d["command"]
assert c["old"]["name"] == "before the change", c["old"]
assert c["new"]["name"] == "from the change", c["new"]
assert len(c["old"]["runs"]) + len(c["new"]["runs"]) == len(d["runs"])
assert all(r["file"].endswith(".csv") for r in d["runs"])
pipe = [l for l in c["lines"] if l["id"] == "pipe"]
assert pipe and pipe[0]["verdict"] == "worse", pipe
' || fail "--compare 2 -f json"
h --compare 99 "$tmp/runs" >/dev/null 2>&1; rc=$?
[ $rc -eq 2 ] || fail "--compare 99: status $rc, not 2"
h --compare 2 -f bmf "$tmp/runs" >/dev/null 2>"$tmp/err"; rc=$?
[ $rc -eq 2 ] && grep -q "not -f bmf" "$tmp/err" ||
    fail "--compare 2 -f bmf: status $rc, not a usage error"
# No operand: the results directory, where run saves.
SYSMARK_RESULTS=$tmp/runs XDG_CACHE_HOME=$tmp/cache $bin history -t pipe \
    2>/dev/null | grep -q "^pipe .* worse at" || fail "no operand: no history"
mkdir "$tmp/none" || fail "mkdir"
SYSMARK_RESULTS=$tmp/none $bin history >/dev/null 2>"$tmp/err"; rc=$?
[ $rc -eq 2 ] && grep -q "no saved runs in $tmp/none" "$tmp/err" ||
    fail "an empty results directory: status $rc"

# A fleet's directory: its fleet.csv, sysmark's own table, is no run to
# warn about; with no operand the fleets left out are named; the title
# counts the runs -t and --since kept, not every file read.
mkdir -p "$tmp/fl/fleet-20260101-100000" || fail "mkdir"
printf '"host","target","status"\n"h1","h1","ok"\n' \
    >"$tmp/fl/fleet-20260101-100000/fleet.csv"
cp "$tmp/runs"/*.csv "$tmp/fl/fleet-20260101-100000/" || fail "cp"
rm -f "$tmp/fl/fleet-20260101-100000/broken.csv"
h "$tmp"/fl/fleet-* >"$tmp/text" 2>"$tmp/err" || fail "a fleet: status $?"
grep -q "fleet.csv" "$tmp/err" &&
    fail "fleet.csv warned about: $(cat "$tmp/err")"
grep -q "^History: [0-9]* runs, 3 series" "$tmp/text" ||
    fail "a fleet: no title: $(head -n 1 "$tmp/text") $(cat "$tmp/err")"
cp "$tmp/runs/synthbox-00000.csv" "$tmp/fl/" || fail "cp"
SYSMARK_RESULTS=$tmp/fl XDG_CACHE_HOME=$tmp/cache $bin history \
    >/dev/null 2>"$tmp/err"
grep -q "fleet directories not read.* fleet-20260101-100000" "$tmp/err" ||
    fail "no operand: the fleet left out unnamed: $(cat "$tmp/err")"
# From 2026-01-06 on: runs 21 to 30 and the newest the gate added.
h --since 2026-01-06 "$tmp/runs" >"$tmp/text" 2>/dev/null ||
    fail "--since: status $?"
grep -q "^History: 11 runs, 3 series" "$tmp/text" ||
    fail "--since: the title counts runs left out: $(head -n 1 "$tmp/text")"

# run --commit: kept as the run's commit (over SYSMARK_COMMIT), shown by
# show and compare; history -b commit puts runs of one commit together,
# commits as first measured: X, Y, X taken in turn order as X, X, Y.
mkdir "$tmp/c" || fail "mkdir"
i=0
for rev in cafe01 beef02 cafe01; do
	i=$((i + 1))
	SYSMARK_COMMIT=ignored SYSMARK_RESULTS=$tmp $bin run -q -t syscall \
	    -d 0.1 -n 2 --commit "$rev" -o "$tmp/c/r$i.csv" >/dev/null 2>&1 ||
	    fail "run --commit $rev"
done
# Three runs taken in a second or two: their starts, kept to the second,
# are set a day apart, in the order taken, so no order hangs on a tie.
for i in 1 2 3; do
	sed "s/^meta,date,[^,]*,/meta,date,2026-01-0${i}T10:00:00+0000,/" \
	    "$tmp/c/r$i.csv" >"$tmp/c/r$i.tmp" &&
	    mv "$tmp/c/r$i.tmp" "$tmp/c/r$i.csv" || fail "dating r$i"
done
grep -q '^meta,commit,cafe01,' "$tmp/c/r1.csv" || fail "no commit in meta"
$bin show "$tmp/c/r2.csv" | grep -q '^Commit: beef02' ||
    fail "show: no commit"
$bin compare "$tmp/c/r1.csv" "$tmp/c/r2.csv" 2>/dev/null |
    grep -q 'commit beef02' || fail "compare: no commit"
order() {
	h --index none -f json -b "$1" "$tmp/c" 2>/dev/null | python3 -c '
import json, sys
d = json.load(sys.stdin)
print(" ".join(r["commit"] for r in d["series"][0]["runs"]))'
}
[ "$(order commit)" = "cafe01 cafe01 beef02" ] ||
    fail "-b commit: $(order commit)"
[ "$(order date)" = "cafe01 beef02 cafe01" ] || fail "-b date: $(order date)"
SYSMARK_RESULTS=$tmp $bin run -q -t syscall --commit 'a b' >/dev/null \
    2>"$tmp/err"; rc=$?
[ $rc -eq 2 ] && grep -q 'a revision has no spaces' "$tmp/err" ||
    fail "--commit 'a b': status $rc"

# show exports one run the same ways.
$bin show -f bmf "$tmp/runs/synthbox-00030.csv" | python3 -c '
import json, sys
d = json.load(sys.stdin)
assert set(d) == {"syscall", "pipe", "spawn"}
assert list(d["syscall"]) == ["lps (higher is better)"], d
' || fail "show -f bmf"
$bin show -f otava "$tmp/runs/synthbox-00030.csv" | sed -n 2p |
    grep -q '^2026-01-08 15:00:00 +0000,c00030,' || fail "show -f otava"
exit 0
