#!/bin/sh
# Run every test program given, then the end-to-end scripts, and close with
# one line that counts them all: "tests: N passed, M failed".
set -u

passed=0
failed=0
log=$(mktemp "${TMPDIR:-/tmp}/sysmark-tests.XXXXXX")
trap 'rm -f "$log"' EXIT INT TERM

# cmocka ends each group with "[  PASSED  ] N test(s)." and, on failure,
# "[  FAILED  ] M test(s), listed below:".
for t in "$@"; do
	"$t" >"$log" 2>&1
	rc=$?
	cat "$log"
	p=$(sed -n 's/^\[  PASSED  \] \([0-9]*\) test.*/\1/p' "$log" | tail -n 1)
	f=$(sed -n 's/^\[  FAILED  \] \([0-9]*\) test(s), listed.*/\1/p' \
	    "$log" | tail -n 1)
	passed=$((passed + ${p:-0}))
	failed=$((failed + ${f:-0}))
	if [ "$rc" -ne 0 ] && [ -z "$f" ]; then
		echo "$t: exited with status $rc"
		failed=$((failed + 1))
	fi
done

for s in tests/e2e/*.sh; do
	[ -f "$s" ] || continue
	if sh "$s"; then
		echo "[       OK ] $s"
		passed=$((passed + 1))
	else
		echo "[  FAILED  ] $s"
		failed=$((failed + 1))
	fi
done

echo "tests: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
