#!/bin/sh
# SPDX-License-Identifier: MIT
#
# The runs a drift A/A is judged on: the same ten catalog tests of the
# same build, run again and again for MINUTES minutes, a run starting
# at most every PERIOD seconds, all saved in DIR (SYSMARK_RESULTS), with
# the load average before each run in DIR/load.txt.  drift_aa.sh then
# pairs them 1, 10 and 60 minutes apart and judges each pair.  Run long
# things niced on a shared machine; the load it meets is the figure's.
# A second call adds its runs to DIR's: two bursts of 13 minutes, the
# second begun an hour after the first, give pairs 1, 10 and 60 minutes
# apart without an hour of quiet between them.  -t names other tests
# (a comma list), for a series the estimate was not tuned on.
#
#   sh tests/perf/drift_series.sh [-m MINUTES] [-p PERIOD] [-s SYSMARK] [-t TESTS] DIR
set -eu
minutes=65 period=60 sm=./sysmark
tests=dhry2reg,whetstone-double,hanoi,syscall,pipe,context1,spawn,fscopy,lat_syscall_stat,lat_pagefault
while getopts m:p:s:t: o; do
	case $o in
	m) minutes=$OPTARG ;;
	p) period=$OPTARG ;;
	s) sm=$OPTARG ;;
	t) tests=$OPTARG ;;
	*) sed -n '/^#   sh/p' "$0" >&2; exit 2 ;;
	esac
done
shift $((OPTIND - 1))
[ $# -eq 1 ] || { sed -n '/^#   sh/p' "$0" >&2; exit 2; }
dir=$1
mkdir -p "$dir"
SYSMARK_RESULTS=$dir
export SYSMARK_RESULTS
end=$(($(date +%s) + minutes * 60))
i=$(awk 'NF == 5' "$dir/load.txt" 2>/dev/null | wc -l)
while [ "$(date +%s)" -lt "$end" ]; do
	t0=$(date +%s)
	i=$((i + 1))
	echo "$i $t0 $(cut -d' ' -f1-3 /proc/loadavg)" >>"$dir/load.txt"
	timeout 600 "$sm" run -t "$tests" -d 0.5 -n 5 -q -y \
	    -o "$dir/run-$(printf %03d $i).csv" >/dev/null 2>>"$dir/errors.txt" ||
	    echo "run $i failed" >>"$dir/errors.txt"
	left=$((t0 + period - $(date +%s)))
	[ "$left" -le 0 ] || sleep "$left"
done
echo "$i runs, $(date -u +%H:%M) UTC" >>"$dir/load.txt"
