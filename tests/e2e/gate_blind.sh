#!/bin/sh
# The gate that knows what it could see: compare --fail-on
# blind:PCT exits 5 when a line judged "~" could have missed a change
# over PCT, says so line by line, and its JSON names the condition; every
# gate message names the largest change the comparison could have missed;
# a detectable change past 100% is said in words, not as a figure.
set -u
top=$(pwd)
bin=$top/build/san/sysmark
[ -x "$bin" ] || bin=$top/sysmark
data=$top/tests/data
tmp=$(mktemp -d "${TMPDIR:-/tmp}/sysmark-blind.XXXXXX")
trap 'rm -rf "$tmp"' EXIT

fail() {
	echo "$0: $*" >&2
	cat "$tmp/err" >&2
	exit 1
}

# The A/A pair could miss about 1.1%: blind:0.5 trips, blind:5 does not.
"$bin" compare -p none --fail-on blind:0.5 "$data/gate-a1.csv" \
    "$data/gate-a2.csv" >/dev/null 2>"$tmp/err"
[ $? -eq 5 ] || fail "blind:0.5 did not exit 5"
grep -q "^sysmark: --fail-on blind:0.5: syscall, 1 copy, before -> again: \
blind (~: a change of up to 1\.[0-9]% could have gone unseen)$" "$tmp/err" ||
    fail "no blind line for syscall"
grep -q "^sysmark: the gate tripped on 2 lines (--fail-on blind:0.5): exit \
status 5; the largest change this comparison could have missed is 1\.[0-9]% \
(" "$tmp/err" || fail "the tripped message names no missable change"

"$bin" compare -p none --fail-on worse,blind:5 "$data/gate-a1.csv" \
    "$data/gate-a2.csv" >/dev/null 2>"$tmp/err"
[ $? -eq 0 ] || fail "blind:5 tripped on an A/A pair"
grep -q "^sysmark: the gate passed: no line is worse,blind:5; the largest \
change this comparison could have missed is 1\.[0-9]% (" "$tmp/err" ||
    fail "the passed message names no missable change"

# The JSON: its own condition, the threshold and the missable change.
"$bin" compare -p none -f json --fail-on blind:0.5 "$data/gate-a1.csv" \
    "$data/gate-a2.csv" >"$tmp/doc" 2>"$tmp/err"
[ $? -eq 5 ] || fail "-f json blind:0.5 did not exit 5"
python3 "$top/tests/check/json_check.py" compare <"$tmp/doc" ||
    fail "the document does not match doc/json.md"
python3 - "$tmp/doc" <<'PY' || fail "the JSON gate is wrong"
import json, sys
g = json.load(open(sys.argv[1]))["gate"]
assert g["fail_on"] == "blind:0.5", g
assert g["tripped"] and g["exit_status"] == 5 and g["lines"] == 2, g
assert g["blind_pct"] == 0.5, g
assert 0.5 < g["missable_pct"] < 5, g
assert {t["condition"] for t in g["trips"]} == {"blind"}, g
assert {t["id"] for t in g["trips"]} == {"dhry2reg", "syscall"}, g
PY

# Past 100%: one figure a side of lat_unix spread over 2x, so the table
# and the gate say it in words and name the pinned variants.
for side in a b; do
	cat >"$tmp/$side.csv" <<'CSV'
record,name,value,version,copies,sample,unit,duration,elapsed,iterations,status,reason,per_copy,repeat,busy
meta,format,2,,,,,,,,,,,,
meta,hostname,testbox,,,,,,,,,,,,
CSV
done
for v in 5 30 9 40; do
	echo "sample,lat_unix,$v,3,1,1,us,0.3,0.3,1000,ok,,,${r:=1}," >>"$tmp/a.csv"
	r=$((r + 1))
done
r=1
for v in 6 28 10 35; do
	echo "sample,lat_unix,$v,3,1,1,us,0.3,0.3,1000,ok,,,$r," >>"$tmp/b.csv"
	r=$((r + 1))
done
"$bin" compare -p none --fail-on worse "$tmp/a.csv" "$tmp/b.csv" \
    >"$tmp/out" 2>"$tmp/err"
[ $? -eq 0 ] || fail "a blind comparison tripped worse"
cat "$tmp/out" >>"$tmp/err"
grep -q "~ blind" "$tmp/out" || fail "the table gives no ~ blind"
grep -q "~ <[0-9]\{3,\}%" "$tmp/out" && fail "the table prints a figure past 100%"
tr '\n' ' ' <"$tmp/out" | tr -s ' ' | grep -q "lat_unix cannot see a change \
on this host" || fail "the table does not say it in words"
tr '\n' ' ' <"$tmp/out" | tr -s ' ' | grep -q "lat_unix_1cpu and \
lat_unix_2cpu" || fail "the table does not name the pinned variants"
grep -q "the gate passed: no line is worse; lat_unix could not see a change \
at all" "$tmp/err" || fail "the gate message gives a figure, not words"
"$bin" compare -p none --fail-on blind:20 "$tmp/a.csv" "$tmp/b.csv" \
    >/dev/null 2>"$tmp/err"
[ $? -eq 5 ] || fail "blind:20 did not trip on a blind line"
echo "$0: ok"
