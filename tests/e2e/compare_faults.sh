#!/bin/sh
# compare against runs counted twice and profiles that do not fit,
# on runs written by hand so that no verdict
# depends on a measurement: one run named twice on a side (or a byte
# copy) is refused; an interrupted calibrate's profile is used with a
# note, or not at all under 2 repeats; -p refuses another host's profile
# (unless -F) and a plain run; a corrupt noise-HOST.csv found beside the
# results is named with the reason it is not used.
set -u
. tests/e2e/cli.subr
export SYSMARK_RESULTS="$tmp/results"
mkdir -p "$SYSMARK_RESULTS"

compare() {
	"$bin" compare "$@" >"$out" 2>"$err"
	rc=$?
}

# run FILE HOST DATE KIND STATUS "REPEAT:VALUE ...": a run of syscall.
run() {
	{
		echo 'record,name,value,version,copies,sample,unit,duration,elapsed,iterations,status,reason,per_copy,repeat,busy'
		echo 'meta,format,2,,,,,,,,,,,,'
		echo "meta,hostname,$2,,,,,,,,,,,,"
		echo "meta,date,$3,,,,,,,,,,,,"
		[ -z "$4" ] || echo "meta,kind,$4,,,,,,,,,,,,"
		echo "meta,repeats,5,,,,,,,,,,,,"
		echo "meta,status,$5,,,,,,,,,,,,"
		i=0
		for rv in $6; do
			i=$((i + 1))
			echo "sample,syscall,${rv#*:},1,1,$i,lps,1,1,1000,ok,,${rv#*:},${rv%%:*},"
		done
	} >"$1"
}

run "$tmp/A.csv" box 2026-01-01T10:00:00 "" complete "1:100 1:101 1:99"
run "$tmp/B.csv" box 2026-01-01T11:00:00 "" complete "1:90 1:91 1:89"
cp "$tmp/A.csv" "$tmp/A-copy.csv"

# 4. The same run twice on a side, by name or as a copy: refused.
compare -p none "$tmp/A.csv" "$tmp/A-copy.csv" -- "$tmp/B.csv" "$tmp/B.csv"
[ "$rc" -eq 2 ] || fail "4: status $rc, not 2"
grep -q "A.csv and .*A-copy.csv are the same run" "$err" || fail "4: no reason"
grep -q 'better\|worse' "$out" && fail "4: a verdict was given"
compare -p none "$tmp/A.csv" -- "$tmp/B.csv" "$tmp/B.csv"
[ "$rc" -eq 2 ] || fail "4: B B: status $rc, not 2"
# The same run on both sides, in either form, is one run compared with
# itself: refused alike, with the reason.
for form in "$tmp/A.csv $tmp/A.csv" "$tmp/A.csv -- $tmp/A.csv" \
    "$tmp/A.csv -- $tmp/A-copy.csv" "$tmp/B.csv $tmp/A.csv $tmp/A-copy.csv"; do
	# shellcheck disable=SC2086
	compare -p none --fail-on worse $form
	[ "$rc" -eq 2 ] || fail "4: $form: status $rc, not 2"
	grep -q "the same run (same facts and samples): compared with itself" \
	    "$err" || fail "4: $form: no reason"
done

# 5. A calibrate interrupted one repeat short: used, and said so.
prof=$SYSMARK_RESULTS/noise-box.csv
run "$prof" box 2026-01-01T09:00:00 noise-profile interrupted \
    "1:100 1:98 2:103 2:101 3:97 3:99 4:102 4:100"
compare "$tmp/A.csv" "$tmp/B.csv"
[ "$rc" -eq 0 ] || fail "5: status $rc"
tr '\n' ' ' <"$out" | grep -q 'noise-box.csv *(interrupted: *4 of *5 *repeats)' ||
    fail "5: no word of the interruption"
# Interrupted after one repeat: no spread to use; not used, and said so.
run "$prof" box 2026-01-01T09:00:00 noise-profile interrupted "1:100 1:98"
compare "$tmp/A.csv" "$tmp/B.csv"
grep -q 'noise-box.csv is not used: a noise profile of 1 repeat (calibrate was interrupted); at least 2' \
    "$err" || fail "5: a 1-repeat profile not named"
compare -p "$prof" "$tmp/A.csv" "$tmp/B.csv"
[ "$rc" -eq 2 ] || fail "5: -p a 1-repeat profile: status $rc"
rm -f "$prof"

# 6. -p with another host's profile: refused unless -F; a plain run:
# refused.
other=$tmp/noise-other.csv
run "$other" otherbox 2026-01-01T09:00:00 noise-profile complete \
    "1:100 1:98 2:103 2:101 3:97 3:99"
compare -p "$other" "$tmp/A.csv" "$tmp/B.csv"
[ "$rc" -eq 2 ] || fail "6: another host's: status $rc"
grep -q "noise profile of host otherbox, and the runs come from box (-F" \
    "$err" || fail "6: another host's: no reason"
compare -F -p "$other" "$tmp/A.csv" "$tmp/B.csv"
[ "$rc" -eq 0 ] || fail "6: -F: status $rc"
grep -q 'judged with the host noise profile' "$out" || fail "6: -F: unused"
compare -p "$tmp/A.csv" "$tmp/A.csv" "$tmp/B.csv"
[ "$rc" -eq 2 ] || fail "6: a plain run as -p: status $rc"
grep -q "not a noise profile" "$err" || fail "6: a plain run: no reason"

# 7. A corrupt noise-HOST.csv beside the results: named, with why.
run "$prof" box 2026-01-01T09:00:00 noise-profile complete "1:100 2:98"
echo 'sample,syscall,zz,1' >>"$prof"
compare "$tmp/A.csv" "$tmp/B.csv"
[ "$rc" -eq 0 ] || fail "7: status $rc"
grep -q "noise-box.csv is not used: .*noise-box.csv:[0-9]*: " "$err" ||
    fail "7: the corrupt profile is not named"

# 8. A wide interval is lopsided: the text prints the csv's two ends.
run "$tmp/W1.csv" box 2026-01-01T12:00:00 "" complete "1:100 1:50 1:150"
run "$tmp/W2.csv" box 2026-01-01T13:00:00 "" complete "1:140 1:60 1:190"
compare -p none -f csv "$tmp/W1.csv" "$tmp/W2.csv"
ends=$(awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i }
    NR == 2 { printf "%+.1f%%..%+.1f%%", $c["ci_low_pct"], $c["ci_high_pct"] }' "$out")
case $ends in *..*) ;; *) fail "8: no interval in the csv" ;; esac
compare -p none "$tmp/W1.csv" "$tmp/W2.csv"
grep -q -F -- "$ends" "$out" || fail "8: the text does not print $ends"
grep -q -F '+/-' "$out" && fail "8: a half-width printed"

# 9. -R with one sample a repeat: no within part, said as "-", never nan.
run "$tmp/R.csv" box 2026-01-01T14:00:00 "" complete "1:100 2:104 3:97 4:101"
sed -i 's/^meta,repeats,5,/meta,repeats,4,/' "$tmp/R.csv"
for f in text csv md; do
	"$bin" show -f $f "$tmp/R.csv" >"$out" 2>"$err" ||
	    fail "9: show -f $f failed"
	grep -qi 'nan' "$out" && fail "9: show -f $f prints nan"
	compare -p none -f $f "$tmp/R.csv" "$tmp/A.csv"
	grep -qi 'nan' "$out" && fail "9: compare -f $f prints nan"
done
"$bin" show "$tmp/R.csv" >"$out" 2>"$err"
# What every row shares is said once above the table, SAMPLES included.
grep -q '^Every test: (1 sec, 4 x 1)$' "$out" ||
    fail "9: the samples are not said as 4 x 1"
grep -q '^System Call Overhead .*%  *-$' "$out" ||
    fail "9: the CV cell is not -"
grep -q 'one sample a repeat has' "$out" || fail "9: show does not say why"
compare -p none "$tmp/R.csv" "$tmp/A.csv"
# A long title wraps within its column: its first line carries the row.
grep -q '^System Call\( Overhead\)\{0,1\} .* -/[0-9.]*%\( .*\)\{0,1\}$' "$out" ||
    fail "9: W/B CV is not -/B%"
tr '\n' ' ' <"$out" | tr -s ' ' |
    grep -q 'with one sample a repeat there is no within' ||
    fail "9: compare does not say why"

# 10. An interrupted -R run reads back as one: it says so, and its
# SAMPLES cell counts repeats as RESULT does (3 repeats, the last short).
run "$tmp/I.csv" box 2026-01-01T15:00:00 "" interrupted \
    "1:100 1:101 2:99 2:100 3:98"
sed -i 's/^meta,repeats,5,/meta,repeats,3,/' "$tmp/I.csv"
"$bin" show "$tmp/I.csv" >"$out" 2>"$err" || fail "10: show failed"
grep -q '(1 sec, 3 x 1-2)' "$out" || fail "10: SAMPLES is not 3 x 1-2"
grep -q 'samples)' "$out" && fail "10: SAMPLES counts samples, not repeats"
grep -q '^Interrupted: the run was stopped in repeat 3 of 3' "$out" ||
    fail "10: no sign of the interruption"

# 11. A figure that drops to 0 is -100% and worse:
# --fail-on worse and any-change trip on it, and nothing says n/a.
run "$tmp/Z.csv" box 2026-01-01T16:00:00 "" complete "1:0 1:0 1:0"
run "$tmp/N.csv" box 2026-01-01T16:30:00 "" complete "1:100 1:101 1:99"
for gate in worse any-change; do
	compare -p none --fail-on $gate "$tmp/N.csv" "$tmp/Z.csv"
	[ "$rc" -eq 5 ] || fail "11: --fail-on $gate: status $rc, not 5"
done
tr '\n' ' ' <"$out" | grep -q '0\.0 *-100\.00% .* worse ' ||
    fail "11: the drop to 0 is not -100% worse"
grep -q 'n/a' "$out" && fail "11: the drop to 0 is n/a"
compare -p none --fail-on worse "$tmp/Z.csv" "$tmp/N.csv"
[ "$rc" -eq 0 ] || fail "11: a rise from 0 tripped worse: status $rc"
exit 0
