#!/bin/sh
# Run tests again and again, to find the flaky ones before CI does:
#
#   sh tests/repeat.sh [-n TIMES] [-l BUSY_LOOPS] TEST...
#
# A TEST is an end-to-end script (tests/e2e/NAME.sh) or a unit test
# program (build/san/test_NAME).  Each runs TIMES times (default 20),
# one after another, while BUSY_LOOPS processes (default 0) spin on the
# CPUs to load the machine as a busy CI host would.  Prints one line a
# test, "NAME: F of N failed", keeps each failed run's output in a
# directory it names, and exits 1 if any run failed.  The busy loops are
# stopped by their own pids on every exit.
set -u

times=20
loops=0
while getopts n:l: opt; do
	case $opt in
	n) times=$OPTARG ;;
	l) loops=$OPTARG ;;
	*) echo "usage: sh tests/repeat.sh [-n TIMES] [-l BUSY_LOOPS]" \
	    "TEST..." >&2; exit 2 ;;
	esac
done
shift $((OPTIND - 1))
case "$times$loops" in
*[!0-9]*) echo "repeat.sh: -n and -l take whole numbers" >&2; exit 2 ;;
esac
[ $# -gt 0 ] || { echo "repeat.sh: name a test to repeat" >&2; exit 2; }

pids=""
logs=$(mktemp -d "${TMPDIR:-/tmp}/sysmark-repeat.XXXXXX")
stop_loops() {
	for p in $pids; do
		kill "$p" 2>/dev/null
	done
	pids=""
}
trap stop_loops EXIT
trap 'exit 130' INT TERM
i=0
while [ "$i" -lt "$loops" ]; do
	sh -c 'while :; do :; done' &
	pids="$pids $!"
	i=$((i + 1))
done

bad=0
for t in "$@"; do
	name=$(basename "$t")
	fails=0
	i=1
	while [ "$i" -le "$times" ]; do
		case $t in
		*.sh) sh "$t" >"$logs/$name.$i" 2>&1 ;;
		*) "$t" >"$logs/$name.$i" 2>&1 ;;
		esac
		if [ $? -ne 0 ]; then
			fails=$((fails + 1))
		else
			rm -f "$logs/$name.$i"
		fi
		i=$((i + 1))
	done
	echo "$name: $fails of $times failed"
	[ "$fails" -eq 0 ] || bad=1
done
stop_loops
if [ "$bad" -ne 0 ]; then
	echo "the failed runs' output: $logs"
	exit 1
fi
rmdir "$logs" 2>/dev/null
exit 0
