#!/bin/sh
# SPDX-License-Identifier: MIT
#
# What sysmark adds to each execution of a command test, measured on
# `true` (or -c CMD, a program and its words, no shell): PAIRS
# interleaved pairs (sysmark first in odd pairs, the floor first in even
# ones) of `sysmark run -x CMD -N` and tests/perf/execloop.c (start,
# wait and nothing else, built here), each SECONDS long; per pair the
# difference in microseconds and the ratio, then their medians and the
# load average as they ran.  The floor's own column is its time from
# each start to its reaping alone, as hyperfine times a run.  With -H,
# hyperfine -N on the command as well, for its own figure beside ours.
#
#   sh tests/perf/commands_cost.sh [-p PAIRS] [-d SECONDS] [-s SYSMARK]
#                                  [-c CMD] [-H]
set -eu
pairs=5 secs=2 sm=./sysmark hf=0 cmd=true
while getopts p:d:s:c:H o; do
	case $o in
	c) cmd=$OPTARG ;;
	p) pairs=$OPTARG ;;
	d) secs=$OPTARG ;;
	s) sm=$OPTARG ;;
	H) hf=1 ;;
	*) sed -n '/^#   sh/p' "$0" >&2; exit 2 ;;
	esac
done
tmp=$(mktemp -d "${TMPDIR:-/tmp}/sysmark-cost.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
cc -O2 -o "$tmp/execloop" tests/perf/execloop.c
sm_mean() {
	"$sm" run -x "t=$cmd" -N -d "$secs" -n 1 -q -F -o "$tmp/s.csv" \
	    >/dev/null 2>&1 || true
	awk -F, '$1 == "sample" && $6 > 0 && $11 == "ok" { s += $3; n++ }
	    END { if (n) printf "%.9g\n", s / n; else print "nan" }' "$tmp/s.csv"
}
hf_mean() {
	hyperfine -N -w 10 -m 200 --export-json "$tmp/h.json" "$cmd" \
	    >/dev/null 2>&1 || { echo nan; return; }
	python3 -c 'import json,sys
print("%.9g" % json.load(open(sys.argv[1]))["results"][0]["mean"])' \
	    "$tmp/h.json"
}
echo "load at start: $(cut -d' ' -f1-3 /proc/loadavg)"
printf '%-5s %12s %12s %12s %10s %8s %12s\n' pair sysmark_s floor_s \
    floor_own_s added_us ratio hyperfine_s
for i in $(seq "$pairs"); do
	if [ $((i % 2)) -eq 1 ]; then
		s=$(sm_mean); f=$("$tmp/execloop" "$secs" $cmd)
	else
		f=$("$tmp/execloop" "$secs" $cmd); s=$(sm_mean)
	fi
	o=${f#* } f=${f% *}
	h=-
	[ "$hf" -eq 0 ] || h=$(hf_mean)
	awk -v i="$i" -v s="$s" -v f="$f" -v o="$o" -v h="$h" 'BEGIN {
	    printf "%-5d %12.6g %12.6g %12.6g %10.1f %8.3f %12s\n", i, s, f,
	    o, (s - f) * 1e6, s / f, h }'
done | tee "$tmp/t"
med() {	# column $1 of the table's rows: its median
	awk -v c="$1" 'NR > 1 { print $c }' "$tmp/t" | sort -g |
	    awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'
}
echo "median: added $(med 5) us an execution, ratio $(med 6)"
echo "load at end: $(cut -d' ' -f1-3 /proc/loadavg)"
