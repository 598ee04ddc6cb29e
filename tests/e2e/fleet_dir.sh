#!/bin/sh
# A fleet's directory read back by one rule, the
# same for fleet show (text and JSON) and report DIR: a host whose run
# file is gone or does not load is not "ok" (lost, saying why) and both
# end with status 6; a fleet.csv whose last row is cut short is read
# without that row, said, status 6; a row cut short elsewhere is refused
# (2); a whole fleet is 0 for both.
set -u
. tests/e2e/cli.subr
export SYSMARK_RESULTS="$tmp/results"
mkdir -p "$SYSMARK_RESULTS"
fl=$tmp/fleet
data=$top/tests/data/fleet-20261201

fresh() {
	rm -rf "$fl"
	mkdir -p "$fl"
	cp "$data/alpha.csv" "$data/beta.csv" "$data/fleet.csv" "$fl/"
}

# both WANT: fleet show, fleet show -f json and report DIR end with WANT.
both() {
	"$bin" fleet show "$fl" >"$out" 2>"$err"
	rc=$?
	[ "$rc" -eq "$1" ] || fail "$2: fleet show: status $rc, not $1"
	"$bin" fleet show -f json "$fl" >"$tmp/doc" 2>>"$err"
	rc=$?
	[ "$rc" -eq "$1" ] || fail "$2: fleet show -f json: status $rc, not $1"
	rm -f "$tmp/r.html"
	"$bin" report -o "$tmp/r.html" "$fl" >>"$out" 2>>"$err"
	rc=$?
	[ "$rc" -eq "$1" ] || fail "$2: report DIR: status $rc, not $1"
}

fresh
both 0 "a whole fleet"
grep -q '^beta .* ok ' "$out" || fail "a whole fleet: beta is not ok"

# A run file that does not load: beta is lost, said why, in both.
fresh
echo 'sample,syscall,zz,1' >>"$fl/beta.csv"
both 6 "a corrupt run"
grep -q '^beta .* lost .*its run file does not load' "$out" ||
    fail "a corrupt run: beta is not shown lost"
grep -q 'beta: lost: its run file does not load: .*beta.csv:[0-9]*:' "$err" ||
    fail "a corrupt run: report does not name beta"
[ -f "$tmp/r.html" ] || fail "a corrupt run: no report written for alpha"
python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); h={x["host"]:x for x in d["hosts"]}; assert h["beta"]["status"]=="lost", h' \
    "$tmp/doc" || fail "a corrupt run: JSON calls beta $(cat "$tmp/doc")"

# A run file that is gone: the same.
fresh
rm "$fl/beta.csv"
both 6 "a missing run"
grep -q '^beta .* lost ' "$out" && grep -q 'beta: lost: .*No such file' "$err" ||
    fail "a missing run: beta is not shown lost"

# fleet.csv cut in its last row: read without it, said, 6.
fresh
head -c -25 "$data/fleet.csv" >"$fl/fleet.csv"
both 6 "a cut fleet.csv"
grep -q 'fleet.csv:3: its last row is cut short: that host is left out' \
    "$err" || fail "a cut fleet.csv: not said"
grep -q '^alpha .* ok ' "$out" || fail "a cut fleet.csv: alpha not shown"
# Cut anywhere else: refused, as before.
fresh
sed -i '2s/,"ok",.*/,"ok"/' "$fl/fleet.csv"
both 2 "a bad row"
exit 0
