#!/bin/sh
# history --fail-on change as CI meets it, where one verdict used to go
# blind: one stray run before a -10% step (three seeds: the step found,
# the stray named in text and JSON, the gate trips as the runs come); a
# newest figure of 0 or past a double's range (a worse step, named; -f
# bmf never gives the run before it); noiseless series (20 identical
# runs, then -41.7% or -50%: found, not "~ blind"); another host's old
# step (not judged again) and --new N; byte copies of runs (counted once,
# with a warning); a busy side (flag B) named where the gate speaks, and
# --fail-on busy refusing to judge it.
set -u
bin=build/san/sysmark
tmp=$(mktemp -d "${TMPDIR:-/tmp}/sysmark-hgate.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
fail() { echo "$0: $*" >&2; [ -f "$tmp/err" ] && cat "$tmp/err" >&2; exit 1; }
runs() { PYTHONHASHSEED=0 python3 tests/perf/history_runs.py "$@" ||
    fail "cannot write runs: $*"; }
h() { XDG_CACHE_HOME=$tmp/cache $bin history "$@"; }

# One run of 40 at half speed (run 12), a -10% step from run 30: the
# step is found where it is and the stray said as one, never as "~ <x%".
for seed in 1 2 3; do
	d=$tmp/stray$seed
	runs "$d" --runs 40 --tests syscall --step syscall@30:-10 \
	    --stray syscall@12:-50 --noise 1 --seed "$seed"
	h "$d" >"$tmp/text" 2>"$tmp/err" || fail "seed $seed: status $?"
	grep -q "^syscall .* -[0-9.]*% \[.*\] worse at 2026-01-08" \
	    "$tmp/text" || fail "seed $seed: the step at run 30 not found"
	grep -q "^syscall .*~ <" "$tmp/text" && fail "seed $seed: ~ <x% over a step"
	grep -q "^Stray runs" "$tmp/text" &&
	    grep -q "^syscall .* 2026-01-04 03:00 *-[45][0-9]\.[0-9]%" \
	    "$tmp/text" || fail "seed $seed: the stray run not named"
	h -f json "$d" 2>/dev/null | python3 -c '
import json, sys
s = json.load(sys.stdin)["series"][0]
assert [x["index"] for x in s["strays"]] == [12], s["strays"]
assert -0.55 < s["strays"][0]["off"] < -0.45, s["strays"]
assert [c["index"] for c in s["change_points"]] == [30], s["change_points"]
' || fail "seed $seed: json"
	# As CI meets it: the runs arrive one at a time from run 30 on; the
	# gate trips on the step within three runs of its first.
	mkdir "$tmp/ci$seed" || fail "mkdir"
	cp "$d"/synthbox-000[0-2]?.csv "$tmp/ci$seed/" || fail "cp"
	tripped=
	for i in 30 31 32 33; do
		cp "$d/synthbox-000$i.csv" "$tmp/ci$seed/" || fail "cp $i"
		h --index none --fail-on change "$tmp/ci$seed" >/dev/null \
		    2>"$tmp/err"
		rc=$?
		[ $rc -eq 5 ] && { tripped=$i; break; }
		[ $rc -eq 0 ] || fail "seed $seed, run $i: status $rc"
	done
	[ -n "$tripped" ] || fail "seed $seed: the gate passed runs 30-33"
	grep -q "syscall on synthbox: the .* worse step, -" "$tmp/err" ||
	    fail "seed $seed: the gate's message"
done

# A newest figure of 0 or past a double's range: a worse step, named
# with its reason; bmf gives the 0, never the run before it.
for bad in 0 1.7e308; do
	d=$tmp/bad$bad
	runs "$d" --runs 30 --tests syscall --noise 1
	f=$d/synthbox-00029.csv
	sed "s/^sample,syscall,[^,]*,/sample,syscall,$bad,/" "$f" >"$f.t" &&
	    mv "$f.t" "$f" || fail "setting $bad"
	h --fail-on change "$d" >"$tmp/text" 2>"$tmp/err"; rc=$?
	[ $rc -eq 5 ] || fail "newest figure $bad: status $rc, not 5"
	grep -q "syscall in .*synthbox-00029.csv: its figure .*; left out" \
	    "$tmp/err" || fail "newest figure $bad: not named"
	grep -q "syscall on synthbox: the newest run's figure .*: a worse \
step" "$tmp/err" || fail "newest figure $bad: the gate's line"
	h -f bmf "$d" 2>/dev/null | python3 -c '
import json, sys
d = json.load(sys.stdin)
bad = float(sys.argv[1])
if bad == 0:
    assert d["syscall"]["lps (higher is better)"]["value"] == 0, d
else:
    assert "syscall" not in d, d
' "$bad" || fail "newest figure $bad: bmf"
	h --fail-on change -f json "$d" 2>/dev/null >"$tmp/doc"
	python3 tests/check/json_check.py history <"$tmp/doc" ||
	    fail "newest figure $bad: json schema"
	python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
assert len(d["left_out"]) == 1 and d["left_out"][0]["id"] == "syscall", d
t = d["gate"]["trips"]
assert len(t) == 1 and t[0]["change_point"] is None, t
assert t[0]["reason"].startswith("its figure"), t
' "$tmp/doc" || fail "newest figure $bad: json"
done

# Noiseless series: 20 identical runs, then a drop; each one found.
for drop in -16.7 -41.7 -50; do
	d=$tmp/flat$drop
	runs "$d" --runs 21 --tests syscall --step "syscall@20:$drop" --noise 0
	h --fail-on change "$d" >"$tmp/text" 2>"$tmp/err"; rc=$?
	[ $rc -eq 5 ] || fail "noiseless $drop: status $rc, not 5"
	grep -q "^syscall .*blind" "$tmp/text" && fail "noiseless $drop: blind"
	grep -q "the newest run begins a worse step, $drop" "$tmp/err" ||
	    fail "noiseless $drop: not the step"
done

# Another host's month-old step is shown, not judged again: a's last
# three runs were -20%, long before b's runs; the gate over both passes on b's
# flat newest run, and trips once b's own newest falls, naming b.
d=$tmp/hosts
runs "$d" --runs 30 --tests syscall --host boxa --step syscall@27:-20 \
    --noise 1
runs "$d" --runs 30 --first 200 --tests syscall --host boxb --noise 1
h --fail-on change "$d" >"$tmp/text" 2>"$tmp/err"; rc=$?
[ $rc -eq 0 ] || fail "another host's old step tripped the gate ($rc)"
grep -q "^syscall *boxa .* -[0-9.]*% .* worse" "$tmp/text" ||
    fail "a's step not shown"
h --fail-on change -f json "$d" 2>/dev/null | python3 -c '
import json, sys
g = json.load(sys.stdin)["gate"]
assert len(g["new_runs"]) == 1 and "boxb-00229" in g["new_runs"][0], g
assert not g["tripped"], g
' || fail "the gate's new runs"
runs "$d" --runs 1 --first 230 --tests syscall --host boxb \
    --step syscall@230:-20 --noise 1
h --fail-on change "$d" >/dev/null 2>"$tmp/err"; rc=$?
[ $rc -eq 5 ] || fail "b's newest step: status $rc, not 5"
grep -q "boxb" "$tmp/err" && ! grep -q "boxa" "$tmp/err" ||
    fail "the gate named the wrong host"
# --new N judges the N newest; it needs --fail-on change.
h --fail-on change --new 2 -f json "$d" 2>/dev/null | python3 -c '
import json, sys
g = json.load(sys.stdin)["gate"]
assert len(g["new_runs"]) == 2 and g["tripped"], g
' || fail "--new 2"
h --new 2 "$d" >/dev/null 2>"$tmp/err"; rc=$?
[ $rc -eq 2 ] && grep -q -- "--new 2 names the runs --fail-on change" \
    "$tmp/err" || fail "--new without --fail-on: status $rc"
h --fail-on change --new 0 "$d" >/dev/null 2>&1; rc=$?
[ $rc -eq 2 ] || fail "--new 0: status $rc, not 2"

# Byte copies of runs count once, each named: the last two runs saved
# again four times each under other names.
d=$tmp/copies
runs "$d" --runs 30 --tests syscall,pipe --noise 1
for i in 1 2 3 4; do
	cp "$d/synthbox-00028.csv" "$d/again-28-$i.csv" &&
	    cp "$d/synthbox-00029.csv" "$d/again-29-$i.csv" || fail "cp"
done
h -f json "$d" >"$tmp/doc" 2>"$tmp/err" || fail "copies: status $?"
# Of each five files, the first by name is kept: again-2N-1.csv.
[ "$(grep -c "is a copy of .*/again-2[89]-1.csv (the same facts and \
figures): counted once" "$tmp/err")" -eq 8 ] || fail "copies not named"
python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
assert len(d["copies"]) == 8, d["copies"]
assert all(len(s["runs"]) == 30 for s in d["series"]), "counted twice"
' "$tmp/doc" || fail "copies: json"
# A busy side is said where the gate speaks, as compare's gate says it:
# the newest run's samples taken on a busy machine (flag B) with a -30%
# step, then with none; --fail-on busy refuses to judge either (exit 5,
# "not judged") and a quiet newest run passes it.
d=$tmp/busy
runs "$d" --runs 30 --tests syscall --step syscall@29:-30 --busy 29 --noise 1
h --fail-on change "$d" >/dev/null 2>"$tmp/err"; rc=$?
[ $rc -eq 5 ] || fail "busy step: status $rc, not 5"
grep -q "syscall on synthbox: the newest run begins a worse step, .*; the \
new side ran on a busy machine (B), so load alone may explain it" \
    "$tmp/err" || fail "busy step: the busy side not named"
grep -q "1 series judged with a side that ran on a busy machine (B)" \
    "$tmp/err" || fail "busy step: the gate's count"
h --fail-on change,busy -f json "$d" 2>"$tmp/err" >"$tmp/doc"; rc=$?
[ $rc -eq 5 ] || fail "--fail-on change,busy: status $rc, not 5"
grep -q "syscall on synthbox: the new side ran on a busy machine (B): \
not judged (--fail-on busy)" "$tmp/err" || fail "busy refusal not said"
python3 tests/check/json_check.py history <"$tmp/doc" ||
    fail "busy: json schema"
python3 -c '
import json, sys
g = json.load(open(sys.argv[1]))["gate"]
assert g["fail_on"] == "change,busy" and g["busy_series"] == 1, g
t = g["trips"]
assert len(t) == 1 and t[0]["condition"] == "busy", t
assert t[0]["busy"] == "new" and t[0]["age_runs"] == 0, t
' "$tmp/doc" || fail "busy: json"
d=$tmp/busyflat
runs "$d" --runs 30 --tests syscall --busy 29 --noise 1
h --fail-on change "$d" >/dev/null 2>"$tmp/err" ||
    fail "busy, no step: status $?, not 0"
grep -q "1 series judged with a side that ran on a busy machine" \
    "$tmp/err" || fail "busy, no step: the gate's count"
h --fail-on busy "$d" >/dev/null 2>"$tmp/err"; rc=$?
[ $rc -eq 5 ] || fail "--fail-on busy, no step: status $rc, not 5"
runs "$d" --runs 1 --first 30 --tests syscall --noise 1
h --fail-on change,busy "$d" >/dev/null 2>"$tmp/err" ||
    fail "a quiet newest run: status $?, not 0"
grep -q "busy" "$tmp/err" && fail "a quiet newest run called busy"
h --fail-on worse "$d" >/dev/null 2>"$tmp/err"; rc=$?
[ $rc -eq 2 ] && grep -q "history fails on change or busy" "$tmp/err" ||
    fail "--fail-on worse: status $rc"
exit 0
