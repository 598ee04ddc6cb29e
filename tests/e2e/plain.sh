#!/bin/sh
# The console on a terminal without cursor addressing (TERM=dumb): the
# questions come one line at a time and the CLI's run path does the rest.
set -u
top=$(pwd)
bin=$top/build/san/sysmark
[ -x "$bin" ] || bin=$top/sysmark
tmp=$(mktemp -d "${TMPDIR:-/tmp}/sysmark-e2e.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
out=$tmp/out

# Answers: an unknown test first (asked again), then syscall; 2 copies;
# 0.1 s; 2 samples; save under a name of ours; start.
printf 'nosuch\nsyscall\n2\n0.1\n2\n%s\ny\n' "$tmp/mine.csv" |
    TERM=dumb SYSMARK_RESULTS=$tmp $bin console >"$out" 2>&1
rc=$?
fail() {
	echo "$0: $*" >&2
	cat "$out" >&2
	exit 1
}
[ "$rc" -eq 0 ] || fail "exit status $rc"
for want in "plain console" "unknown test \"nosuch\"" "estimated time: " \
    "syscall: System Call Overhead, 2 copies" \
    "syscall, 2 copies, warm-up: " "syscall, 2 copies, sample 2/2: " \
    "saved $tmp/mine.csv" "TEST "
do
	grep -q -F "$want" "$out" || fail "no \"$want\" in the output"
done
[ -f "$tmp/mine.csv" ] || fail "nothing saved"
# Refuses to overwrite unless told to.
printf 'syscall\n1\n0.1\n1\n%s\nn\n' "$tmp/mine.csv" |
    TERM=dumb SYSMARK_RESULTS=$tmp $bin console >"$out" 2>&1
grep -q "that file exists; replace it?" "$out" ||
    fail "overwrote without asking"
# The default is UnixBench's index set, not every test.
printf '\n\n\n\n\nn\n' | TERM=dumb SYSMARK_RESULTS=$tmp \
    SYSMARK_BASELINES=$top/baselines $bin console >"$out" 2>&1
grep -q "tests (ids, commas between; all) \[dhry2reg,whetstone-double," \
    "$out" || fail "the default tests are not UnixBench's index set"
# The input ending before a run is chosen is said, and is not success.
TERM=dumb SYSMARK_RESULTS=$tmp $bin console </dev/null >"$out" 2>&1
rc=$?
[ "$rc" -eq 2 ] || fail "end of input: exit status $rc"
grep -q "the input ended before a run was chosen" "$out" ||
    fail "end of input not said"
