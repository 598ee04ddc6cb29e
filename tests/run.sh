#!/bin/sh
# Run every test program given, then the end-to-end scripts, and close with
# one line that counts them all: "tests: N passed, M failed".
set -u

passed=0
failed=0
log=$(mktemp "${TMPDIR:-/tmp}/sysmark-tests.XXXXXX")
child=""
# Stopped (SIGTERM, SIGINT, SIGHUP), it stops the test it runs, and all
# that test started in its process group, and ends.  Each test runs in
# the background in a group of its own (setsid: without a terminal sh
# has no job control) and is waited for: a shell runs a trap only once
# the command in the foreground is done, which could be never.
# fd 3: stderr as given, for the trap (which may run inside a redirection).
exec 3>&2
trap 'rm -f "$log"' EXIT
trap 'run_stop 143' TERM
trap 'run_stop 130' INT
trap 'run_stop 129' HUP

run_stop() {
	[ -z "$child" ] || kill -TERM "-$child" 2>/dev/null
	echo "tests: stopped" >&3
	exit "$1"
}

# Run "$@" in the background and wait for it; its exit status.
run_one() {
	setsid "$@" </dev/null &
	child=$!
	wait "$child"
	rc=$?
	child=""
	return "$rc"
}

# cmocka ends each group with "[  PASSED  ] N test(s)." and, on failure,
# "[  FAILED  ] M test(s), listed below:".
for t in "$@"; do
	run_one "$t" >"$log" 2>&1
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
	if run_one sh "$s"; then
		echo "[       OK ] $s"
		passed=$((passed + 1))
	else
		echo "[  FAILED  ] $s"
		failed=$((failed + 1))
	fi
done

echo "tests: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
