#!/bin/sh
# The fleet's own overhead per host (connect, probe, copy of the binary,
# fetch of the run, cleanup), as a ratio to the time the plan took on
# the host, at -f 1 and -f 4, on four local sshd (tests/e2e/fleet.subr).
# The two settings are interleaved (A B A B ...) ROUNDS times (default
# 3); each line gives, per host, seconds in all, the agent's seconds and
# their difference, then the mean ratio, with the load average.
# Usage: sh tests/perf/fleet_overhead.sh [ROUNDS [PLAN...]]
# Run from the top of the tree after `make`; not a test.
set -u
. tests/e2e/fleet.subr
fl_bin=$fl_top/sysmark
[ -x "$fl_bin" ] || { echo "$0: build ./sysmark first (make)" >&2; exit 2; }
rounds=${1:-3}
[ $# -gt 0 ] && shift
[ $# -gt 0 ] || set -- -t syscall -d 1 -n 3

fl_setup
for n in 1 2 3 4; do
	fl_start $n known
done
fl_inventory "$fl_tmp/inv" 1 2 3 4
echo "plan: $*; binary $(wc -c <"$fl_bin") bytes + helper"
for r in $(seq "$rounds"); do
	for f in 1 4; do
		rm -rf "$fl_tmp/results"/fleet-*
		fl_sysmark fleet run -q -F "$fl_tmp/ssh_config" -f $f \
		    -i "$fl_tmp/inv" "$@" >/dev/null 2>&1
		d=$(ls -d "$fl_tmp"/results/fleet-*)
		printf 'round %d -f %d load %s: ' "$r" $f \
		    "$(cut -d' ' -f1-3 /proc/loadavg)"
		tail -n +2 "$d/fleet.csv" | tr -d '"' | awk -F, '
		    { o = $8 - $9; s += o / $9; n++
		      printf "%s %s-%s=%.2f s, ", $1, $8, $9, o }
		    END { printf "mean overhead/plan %.3f\n", s / n }'
	done
done
