#!/bin/sh
# Duet runs (run --duet) as a user meets them:
#   - two commands, or one scanned over two values, run at once: each
#     pair's two samples have the same index, each command was pinned to
#     a CPU (its placement says "duet: CPU"), and the run keeps each
#     command's figures alone (duet_alone.ID) for the interference check;
#     its progress names the pair's two figures and the alone rounds;
#     a resumed duet adds its alone figures to those kept at the stop;
#   - run prints the verdict on the pairs; compare DUET judges on them
#     (basis "pairs" in csv and JSON, the check's line in its warnings);
#     a duet whose second command is twice as slow trips the gate
#     (--fail-on worse, exit 5), and the report shows the pair's line;
#   - refused before anything runs, exit 2: three commands, a catalog
#     test, -c 2, --detect, and one CPU (taskset), which names why;
#     compare of one run that is no duet.
set -u
top=$(pwd)
bin=$top/build/san/sysmark
[ -x "$bin" ] || bin=$top/sysmark
tmp=$(mktemp -d "${TMPDIR:-/tmp}/sysmark-e2e.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
out=$tmp/out
SYSMARK_RESULTS=$tmp
export SYSMARK_RESULTS
fail() {
	echo "$0: $*" >&2
	cat "$out" >&2
	exit 1
}
want() {
	grep -q -F -- "$1" "$2" || fail "no \"$1\" in $2"
}

$bin run -x 'a=true' -x 'b=true' -N --duet -d 0.1 -n 5 -o "$tmp/d.csv" \
    >"$out" 2>&1 || fail "run --duet: exit status $?"
for w in 'meta,duet,1' 'meta,placement.a,duet: CPU' \
    'meta,placement.b,duet: CPU' 'meta,duet_alone.a,2 ' \
    'meta,duet_alone.b,2 '
do
	want "$w" "$tmp/d.csv"
done
want 'A duet (run --duet)' "$out"
want 'a~b' "$out"
# Progress (no terminal: a line each) says each pair's two figures and
# the rounds that time one alone, never a test past the plan's two.
grep -q 'test [0-9]* of 2' "$out" && fail "duet progress counted as tests"
grep -q '^warm-up pair: a [0-9.e-]* s, b [0-9.e-]* s; ' "$out" ||
    fail "no warm-up pair line"
grep -q '^pair 5/5: a [0-9.e-]* s, b [0-9.e-]* s; [0-9]*%, about ' "$out" ||
    fail "no last pair line"
grep -q '^[ab] alone, on the CPU it had; ' "$out" || fail "no alone line"
# Every index 0-5 of a has its b: the pairs were taken together.
for k in 0 1 2 3 4 5; do
	[ "$(grep -c "^sample,[ab],[^,]*,[^,]*,1,$k," "$tmp/d.csv")" -eq 2 ] ||
	    fail "sample $k: not a pair"
done

# Interrupted, then resumed: the alone figures taken before the stop
# stay, and the resumed part's are added to them.
$bin run -x 'a=sleep 0.02' -x 'b=sleep 0.02' -N --duet -d 0.2 -n 20 \
    -o "$tmp/r.csv" >"$out" 2>&1 &
pid=$!
end=$(($(date +%s) + 60))
while :; do
	n=$(grep -c '^sample,a,' "$tmp/r.csv" 2>/dev/null)
	[ "${n:-0}" -lt 6 ] || break
	[ "$(date +%s)" -le "$end" ] || fail "no duet sample saved to interrupt"
	sleep 0.1
done
kill -INT "$pid"
wait "$pid"
want 'meta,status,interrupted' "$tmp/r.csv"
n1=$(sed -n 's/^meta,duet_alone\.a,\([0-9]*\) .*/\1/p' "$tmp/r.csv")
[ -n "$n1" ] || fail "no alone figure kept at the stop"
$bin run --resume "$tmp/r.csv" >"$out" 2>&1 || fail "resume of a duet: $?"
k=$(grep -c '^a alone' "$out")
n2=$(sed -n 's/^meta,duet_alone\.a,\([0-9]*\) .*/\1/p' "$tmp/r.csv")
[ "$n2" -eq $((n1 + k)) ] ||
    fail "alone figures: $n1 before the stop, $k resumed, $n2 kept"

$bin run -x 'e=echo {n}' -L n 1,2 -N --duet -d 0.1 -n 2 -q \
    -o "$tmp/s.csv" >"$out" 2>&1 || fail "run --duet of a scan: $?"
want 'meta,plan_tests,"e-1,e-2"' "$tmp/s.csv"

$bin compare -f csv "$tmp/d.csv" >"$out" 2>&1 || fail "compare DUET: $?"
want 'a~b' "$out"
want ',pairs,' "$out"
$bin compare -f json "$tmp/d.csv" >"$out" 2>&1 || fail "compare -f json: $?"
want '"basis": "pairs"' "$out"
want 'duet' "$out"

# b twice as slow as a in every pair, the host swinging both (figures
# set, not measured): worse, and the gate trips.
awk -F, 'BEGIN { OFS = "," } $1 == "sample" {
	$3 = 0.001 * (1 + ($6 % 3) / 2) * ($2 == "b" ? 2 : 1) } { print }' \
    "$tmp/d.csv" >"$tmp/slow.csv"
$bin compare --fail-on worse "$tmp/slow.csv" >"$out" 2>&1
[ $? -eq 5 ] || fail "compare --fail-on worse of a slower b: not 5"
want 'worse' "$out"
$bin report -o "$tmp/r.html" "$tmp/slow.csv" >"$out" 2>&1 ||
    fail "report DUET: $?"
want 'a~b' "$tmp/r.html"

refuse() {
	what=$1 msg=$2
	shift 2
	"$@" >"$out" 2>&1
	[ $? -eq 2 ] || fail "$what: not refused with 2"
	want "$msg" "$out"
}
refuse 'three commands' 'two commands' $bin run -x a=true -x b=true \
    -x c=true -N --duet -d 0.1 -n 1 --no-save
refuse 'a catalog test' 'catalog test' $bin run -t syscall -x a=true -N \
    --duet -d 0.1 -n 1 --no-save
refuse '-c 2' 'one copy' $bin run -x a=true -x b=true -N -c 2 --duet \
    -d 0.1 -n 1 --no-save
refuse '--detect' 'leave out --detect' $bin run -x a=true -x b=true -N \
    --duet --detect 5 --no-save
$bin run -x a=true -N -d 0.1 -n 1 -q -o "$tmp/one.csv" >"$out" 2>&1 ||
    fail "run -x: $?"
refuse "one run" "one duet run" $bin compare "$tmp/one.csv"
if command -v taskset >/dev/null 2>&1; then
	refuse 'one CPU' 'only one CPU' taskset -c 0 $bin run -x a=true \
	    -x b=true -N --duet -d 0.1 -n 1 --no-save
fi
exit 0
