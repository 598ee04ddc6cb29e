#!/bin/sh
# What a test is decides whether it is judged at all: a suite test whose
# setup changed (1 KB, then 20 MB) is another version, not "worse"; runs
# of another build (compiler, bench_cflags) are "build differs" in
# compare and apart in history, and run --resume refuses to mix them,
# naming both builds; an index entry whose mean was changed in place
# (size and time kept) is read again, not served; and a side that ran
# on a busy machine is named where the gate speaks, --fail-on busy
# refusing to judge it.
set -u
. tests/e2e/cli.subr
export SYSMARK_RESULTS="$tmp" XDG_CACHE_HOME="$tmp/cache"
cd "$tmp" || fail "cd $tmp"
kinds=$top/tests/data/kinds

# A file's meta KEY set to VALUE (added when missing), into OUT.
meta() {	# IN OUT KEY VALUE
	python3 - "$@" <<'EOF' || fail "meta $3"
import csv, sys
src, dst, key, value = sys.argv[1:5]
rows = list(csv.reader(open(src, newline="")))
hit = [r for r in rows if r[:2] == ["meta", key]]
for r in hit:
    r[2] = value
if not hit:
    rows.insert(2, ["meta", key, value] + [""] * (len(rows[0]) - 3))
csv.writer(open(dst, "w", newline=""), lineterminator="\n").writerows(rows)
EOF
}

# --- A suite test whose setup changed: another workload, not worse
# (named by its suite's title, as catalog tests are by theirs).
for size in 1024 20000000; do
	printf 'id,title,command,setup,cleanup,unit,direction\n%s\n' \
	    "wrk,Read the file,cat data.bin,head -c $size /dev/zero > data.bin,rm -f data.bin,s,lower" \
	    >"s$size.suite"
	"$bin" run -q --suite "s$size.suite" -d 0.1 -n 3 -o "s$size.csv" \
	    >"$out" 2>"$err" || fail "run --suite s$size.suite: status $?"
done
"$bin" compare -p none --fail-on worse s1024.csv s20000000.csv >"$out" \
    2>"$err"; rc=$?
[ $rc -eq 0 ] || fail "a changed setup judged worse (status $rc)"
grep -q "^Read the file (version [0-9]* ->" "$out" ||
    fail "a changed setup is not another version"
"$bin" compare -p none --fail-on incomparable s1024.csv s20000000.csv \
    >"$out" 2>"$err"; rc=$?
[ $rc -eq 5 ] || fail "--fail-on incomparable: status $rc, not 5"

# --- Another build: compare, history, resume.
meta "$kinds/cat_higher.csv" a.csv compiler "cc 12.2.0"
meta a.csv b.csv compiler "cc 14.1.0"
"$bin" compare -p none --fail-on worse a.csv b.csv >"$out" 2>"$err"; rc=$?
[ $rc -eq 0 ] || fail "another build judged (status $rc)"
grep -q "Not ranked: another build measured them" "$out" ||
    fail "compare does not say the builds differ"
grep -q 'compiler "cc 12.2.0" (old), "cc 14.1.0" (new)' "$out" ||
    fail "compare does not name both builds"
"$bin" compare -p none -f json a.csv b.csv 2>"$err" | python3 -c '
import json, sys
l = json.load(sys.stdin)["comparisons"][0]["lines"][0]
assert l["kind"] == "build differs", l["kind"]
' || fail "compare -f json: the kind"
meta a.csv a2.csv label "again"
"$bin" compare -p none a.csv b.csv a2.csv >"$out" 2>"$err" ||
    fail "side by side: status $?"
grep -q "^System Call Overhead .* ! " "$out" ||
    fail "side by side: no ! on another build's ratio"
mkdir h || fail "mkdir"
python3 - "$kinds/cat_higher.csv" h <<'EOF' || fail "the runs of two builds"
import csv, datetime, sys
src, out = sys.argv[1:3]
rows = list(csv.reader(open(src, newline="")))
for i in range(12):
    when = datetime.datetime(2026, 1, 1) + datetime.timedelta(days=i)
    body = []
    for r in rows:
        r = list(r)
        if r[:2] == ["meta", "date"]:
            r[2] = when.strftime("%Y-%m-%dT%H:%M:%S+0000")
        if r[:2] == ["meta", "bench_cflags"]:
            r[2] = "-O2 -g" if i < 6 else "-O3 -march=native"
        body.append(r)
    with open("%s/r%02d.csv" % (out, i), "w", newline="") as f:
        csv.writer(f, lineterminator="\n").writerows(body)
EOF
"$bin" history h >"$out" 2>"$err" || fail "history: status $?"
# (the cell wraps: its lines joined again)
sed -e ':a' -e 'N' -e '$!ba' -e 's/\n  */ /g' "$out" |
    grep -q "^syscall b2 .*not compared with the 6 runs before: another build" ||
    fail "history does not mark the new build's series"
"$bin" history -f json h 2>"$err" | python3 -c '
import json, sys
s = json.load(sys.stdin)["series"]
assert [x["apart"] for x in s] == [None, "build"], s
assert "-O3 -march=native" in s[1]["build"], s[1]["build"]
' || fail "history -f json: apart"
"$bin" run -q -t syscall -d 0.1 -n 3 -o r.csv >"$out" 2>"$err" ||
    fail "run: status $?"
meta r.csv r1.csv status interrupted
meta r1.csv r2.csv bench_cflags "-O3 -fplanted"
cp r2.csv resume.csv || fail "cp"
"$bin" run --resume resume.csv -q >"$out" 2>"$err"; rc=$?
[ $rc -eq 2 ] || fail "resume of another build: status $rc, not 2"
grep -q 'another build: bench_cflags "-O3 -fplanted" (the run.s), ".*" (this sysmark.s)' \
    "$err" || fail "resume does not name both builds"
cmp -s r2.csv resume.csv || fail "the refused run was changed"

# --- The index: a mean changed in place is not served.
python3 - "$top/tests/check" "$kinds" <<'EOF' || fail "the series"
import sys
sys.path.insert(0, sys.argv[1])
import verdicts
verdicts.series(sys.argv[2] + "/cat_higher.csv", "syscall",
                lambda i: 0.8 if i >= 16 else 1.0, "ix", False, 7)
EOF
export XDG_CACHE_HOME="$tmp/ixcache"	# its index alone there
"$bin" history -f json ix >before.json 2>"$err" || fail "history: $?"
idx=$(ls ixcache/sysmark/history-*.idx) || fail "no index"
python3 - "$idx" before.json <<'EOF' || fail "cannot corrupt the index"
import json, os, struct, sys
idx, doc = sys.argv[1:3]
st = os.stat(idx)
mean = json.load(open(doc))["series"][0]["runs"][20]["mean"]
b = open(idx, "rb").read()
old = struct.pack("=d", mean)
assert b.count(old) == 1, "the mean is not in the index once"
open(idx, "r+b").write(b.replace(old, struct.pack("=d", mean / 0.8)))
os.utime(idx, ns=(st.st_atime_ns, st.st_mtime_ns))
EOF
"$bin" history -f json ix >after.json 2>"$err" || fail "history: $?"
cmp -s before.json after.json ||
    fail "an index entry changed in place was served as the truth"
"$bin" history --fail-on change ix >"$out" 2>"$err"; rc=$?
[ $rc -eq 0 ] || fail "the corrupted index tripped the gate ($rc)"

# --- A busy side: named where the gate speaks; --fail-on busy refuses.
python3 - "$kinds/cat_higher.csv" <<'EOF' || fail "the busy runs"
import csv, sys
rows = list(csv.reader(open(sys.argv[1], newline="")))
for name, f in (("busy-a.csv", 1.0), ("busy-b.csv", 0.8)):
    body = []
    for k, r in enumerate(rows):
        r = list(r)
        if r[0] == "sample":	# 1000 lps, +-0.3%, a load of 1.5
            r[2] = "%.9g" % (1000 * f * (1 + 0.003 * (-1) ** k))
            r[12] = r[2]
            r[14] = "1.5"
        body.append(r)
    csv.writer(open(name, "w", newline=""), lineterminator="\n").writerows(
        body)
EOF
"$bin" compare -p none --fail-on worse busy-a.csv busy-b.csv >"$out" \
    2>"$err"; rc=$?
[ $rc -eq 5 ] || fail "--fail-on worse: status $rc, not 5"
grep -q "syscall.*worse.*; both sides ran on a busy machine (B)" "$err" ||
    fail "the gate's message does not say both sides were busy"
meta busy-a.csv busy-a2.csv label "again"
"$bin" compare -p none --fail-on busy busy-a.csv busy-a2.csv >"$out" \
    2>"$err"; rc=$?
[ $rc -eq 5 ] && grep -q "syscall, 1 copy, .*: busy" "$err" ||
    fail "--fail-on busy: status $rc, or the line not named busy"
"$bin" compare -p none --fail-on worse,busy -f json busy-a.csv busy-b.csv \
    2>"$err" | python3 -c '
import json, sys
g = json.load(sys.stdin)["gate"]
assert g["busy_lines"] == 1 and g["exit_status"] == 5, g
assert [(t["condition"], t["busy"]) for t in g["trips"]] == \
    [("busy", "both")], g["trips"]
' || fail "--fail-on worse,busy -f json: the trip"
exit 0
