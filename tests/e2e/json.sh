#!/bin/sh
# -f json from every command that prints a result: each document is
# checked against the schema of doc/json.md (tests/check/json_check.py), and the
# figures read back exactly: every sample value of `show -f json` equals
# the one in the run's CSV file, to the last bit, and NaN never appears.
set -u
. tests/e2e/lib.subr	# e2e_top, e2e_bin, e2e_tmp and its removal
top=$e2e_top bin=$e2e_bin tmp=$e2e_tmp
data=$top/tests/data
check="python3 $top/tests/check/json_check.py"
export SYSMARK_RESULTS="$tmp/results" SYSMARK_BASELINES="$top/baselines"
mkdir -p "$SYSMARK_RESULTS"

fail() {
	echo "$0: $*" >&2
	[ -f "$tmp/err" ] && cat "$tmp/err" >&2
	exit 1
}

# json COMMAND STATUS ARGS...: run sysmark COMMAND -f json ARGS, expect
# the exit status and a document that passes the schema check.
json() {
	cmd=$1 want=$2
	shift 2
	"$bin" "$cmd" -f json "$@" >"$tmp/doc" 2>"$tmp/err"
	rc=$?
	[ "$rc" -eq "$want" ] || fail "$cmd $*: exit status $rc, not $want"
	$check "$cmd" <"$tmp/doc" >"$tmp/why" 2>&1 ||
	    fail "$cmd $*: $(cat "$tmp/why")"
}

json list 0
json show 0 "$data/run_small.csv"
json show 0 -b byte-3.11 "$data/seed003-linux-1.3.4.csv"
grep -q '"index"' "$tmp/doc" || fail "show -b: no index table"
json show 0 --best "$data/run_small.csv" lmbench-alpha
json import 0 -o "$tmp/imp.csv" "$data/unixbench-6.0.0.txt"
grep -q "\"file\": \"$tmp/imp.csv\"" "$tmp/doc" || fail "import: no file"
json compare 0 -p none "$data/gate-a1.csv" "$data/gate-a2.csv"
json compare 5 -p none --fail-on worse "$data/gate-a1.csv" \
    "$data/gate-slow.csv"
grep -q '"tripped": true' "$tmp/doc" || fail "compare: gate not in JSON"
json compare 0 -p none "$data/gate-a1.csv" "$data/gate-a2.csv" \
    "$data/gate-only.csv"
[ "$(grep -c '"lines": \[' "$tmp/doc")" -eq 2 ] ||
    fail "three runs: not two comparisons"
json compare 0 -p none -t 'dhry*' "$data/gate-a1.csv" -- \
    "$data/gate-slow.csv"
grep -q '"over": "tests dhry\*"' "$tmp/doc" || fail "-t: geomean's over"
json run 0 -t syscall -d 0.1 -n 2 -q -l "json test" --note "a, b" \
    -o "$tmp/run.csv"
grep -q '"label": "json test"' "$tmp/doc" || fail "run: no label"
json calibrate 0 -t syscall -d 0.1 -n 2 -R 2 -g 0 -q
grep -q '"noise"' "$tmp/doc" || fail "calibrate: no noise table"
# With that host profile the index's interval is the profile's, in the
# JSON as in the text (it once took the samples' alone).
json show 0 -b unixbench "$tmp/run.csv"
python3 - "$tmp/doc" <<'EOF' || fail "show -b -f json: the index ignores the profile"
import json, sys
rows = json.load(open(sys.argv[1]))["index"]["rows"]
basis = [r["cells"][-1] for r in rows if "cells" in r and r["cells"][-1]]
if not basis or set(basis) != {"profile"}:
    sys.exit("BASIS %r" % basis)
EOF
printf 'kind,what,iterations,think\ntest,syscall,100,0\n' >"$tmp/mix.csv"
json users 0 -u 1,2 -d 0.1 -n 1 -q -o "$tmp/users.csv" "$tmp/mix.csv"
grep -q '"response_times": \[$' "$tmp/doc" || fail "users: no times"

# Read back exactly: show's sample values against the CSV's own text.
"$bin" show -f json "$tmp/run.csv" >"$tmp/doc" || fail "show run.csv"
python3 - "$tmp/run.csv" "$tmp/doc" <<'EOF' || fail "not read back exactly"
import csv, json, sys
rows = [r for r in csv.DictReader(open(sys.argv[1])) if r["record"] ==
        "sample" and r["status"] == "ok"]
doc = json.load(open(sys.argv[2]))
vals = [s["value"] for t in doc["runs"][0]["tests"] for s in t["samples"]
        if s["status"] == "ok"]
want = [float(r["value"]) for r in rows]
if not want or vals != want:
    sys.exit("json %r != csv %r" % (vals, want))
EOF
# No NaN or Infinity anywhere: a run with a failed sample has NaN figures.
"$bin" show -f json "$data/run_small.csv" >"$tmp/doc"
grep -q -i -e 'nan' -e 'infinity' "$tmp/doc" && fail "NaN in the JSON"
grep -q '"value": null' "$tmp/doc" || fail "a failed sample's value is not null"
# fleet show -f json: a document, never an internal
# error: every fleet.csv row as "hosts", each host's run, the side by
# side as a TABLE; a host whose run is missing is in "hosts" only.
fl=$tmp/fleet
mkdir -p "$fl"
cp "$data/fleet-20261201/alpha.csv" "$data/fleet-20261201/beta.csv" "$fl/"
{
	echo '"host","target","status","ssh_exit","agent_exit","start","end","seconds","agent_seconds","samples","file","reason"'
	for h in alpha beta; do
		echo "\"$h\",\"$h:22\",\"ok\",\"0\",\"0\",\"2026-12-01T10:00:00\",\"2026-12-01T10:01:00\",\"60.00\",\"59.00\",\"6\",\"$h.csv\",\"\""
	done
	echo '"gamma","gamma:22","unreachable","255","0","2026-12-01T10:00:00","2026-12-01T10:00:01","1.00","0.00","0","","Connection refused"'
} >"$fl/fleet.csv"
"$bin" fleet show -f json "$fl" >"$tmp/doc" 2>"$tmp/err"
rc=$?
[ "$rc" -eq 6 ] || fail "fleet show -f json: exit status $rc, not 6 (gamma is not ok)"
python3 - "$tmp/doc" <<'EOF' || fail "fleet show -f json: not the document"
import json, sys
doc = json.load(open(sys.argv[1]))
assert doc["sysmark_json"] == 1 and doc["command"] == "fleet show", doc
hosts = {h["host"]: h for h in doc["hosts"]}
assert sorted(hosts) == ["alpha", "beta", "gamma"], hosts
assert hosts["gamma"]["status"] == "unreachable", hosts["gamma"]
assert hosts["gamma"]["reason"] == "Connection refused", hosts["gamma"]
assert [r["file"] for r in doc["runs"]] == ["alpha", "beta"], doc["runs"]
t = doc["side_by_side"]
assert t["columns"][:3] == ["TEST", "alpha", ""], t["columns"]
assert any("cells" in r for r in t["rows"]), t
EOF
# history: its series with their runs and change points; --compare N
# gives compare's document for the two sides of a change point.
PYTHONHASHSEED=0 python3 "$top/tests/perf/history_runs.py" "$tmp/hist" \
    --runs 20 --tests syscall,pipe --step pipe@10:-20 --noise 1 ||
    fail "cannot write the history's runs"
json history 0 --index none "$tmp/hist"
grep -q '"worse": true' "$tmp/doc" || fail "history: no worse step"
grep -q '"gate": null' "$tmp/doc" || fail "history: a gate not asked for"
json history 0 --index none --fail-on change "$tmp/hist"
grep -q '"tripped": false' "$tmp/doc" || fail "history: the gate's outcome"
json history 0 --index none -t pipe "$tmp/hist"/synthbox-0000[0-3].csv
grep -q '"status": "too short"' "$tmp/doc" || fail "history: not too short"
"$bin" history -f json --index none --compare 1 "$tmp/hist" >"$tmp/doc" \
    2>"$tmp/err" || fail "history --compare 1 -f json"
$check compare <"$tmp/doc" >"$tmp/why" 2>&1 ||
    fail "history --compare 1 -f json: $(cat "$tmp/why")"
# A bad format is a usage error naming json among the choices.
"$bin" list -f yaml >/dev/null 2>"$tmp/err"
[ $? -eq 2 ] && grep -q "text, csv, md or json" "$tmp/err" ||
    fail "-f yaml: not a usage error naming json"
exit 0
