#!/bin/sh
# SPDX-License-Identifier: MIT
#
# Where sysmark's spawn stands against UnixBench's: PAIRS rounds, each of
# UnixBench's spawn (built by you outside this tree; -u names its top,
# holding pgms/spawn), `sysmark run -t spawn`, and sysmark-exec's looper
# driven by tests/perf/spawn_batches.py twice: in 2 ms batches as the
# sampler asks, and in batches grown to half a second (a round trip or
# two a sample); the order of the four rotates from round to round.  Each
# figure is forks a second over SECONDS; the ratios to UnixBench's are
# printed a round a line, then their medians and the load as they ran.
# The helper alone at UnixBench's rate shows the fork path costs nothing
# more; the 2 ms batches against the long ones show the round trips'
# share; sysmark against the 2 ms batches what else the harness adds.
#
#   sh tests/perf/spawn_ub.sh -u UNIXBENCH [-p PAIRS] [-d SECONDS]
#                             [-s SYSMARK]
set -eu
ub='' pairs=5 secs=3 sm=./sysmark
while getopts u:p:d:s: o; do
	case $o in
	u) ub=$OPTARG ;;
	p) pairs=$OPTARG ;;
	d) secs=$OPTARG ;;
	s) sm=$OPTARG ;;
	*) sed -n '/^#   sh/,/SYSMARK\]/p' "$0" >&2; exit 2 ;;
	esac
done
[ -x "$ub/pgms/spawn" ] || { echo "spawn_ub: -u $ub: no pgms/spawn" >&2; exit 2; }
helper=$(dirname "$sm")/sysmark-exec
[ -x "$helper" ] || { echo "spawn_ub: no $helper" >&2; exit 2; }
tmp=$(mktemp -d "${TMPDIR:-/tmp}/sysmark-spawn.XXXXXX")
trap 'rm -rf "$tmp"' EXIT

fig() {
	case $1 in
	ub) "$ub/pgms/spawn" "$secs" 2>&1 >/dev/null |
	    awk -F'|' -v d="$secs" '$1 == "COUNT" { printf "%.6g\n", $2 / d }' ;;
	sm) "$sm" run -t spawn -d "$secs" -n 1 -q -F -o "$tmp/s.csv" \
	    >/dev/null 2>&1 || true
	    awk -F, '$1 == "sample" && $6 > 0 && $11 == "ok" { print $3 }' \
		"$tmp/s.csv" ;;
	b2) python3 tests/perf/spawn_batches.py "$helper" "$secs" ;;
	bl) python3 tests/perf/spawn_batches.py "$helper" "$secs" -m 0.5 ;;
	esac
}
echo "load at start: $(cut -d' ' -f1-3 /proc/loadavg)"
printf '%-5s %10s %10s %10s %10s  %s\n' round unixbench sysmark \
    batch2ms batchlong "ratios to unixbench: sysmark 2ms long"
order="ub sm b2 bl"
for i in $(seq "$pairs"); do
	for k in $order; do
		eval "v_$k=\$(fig $k)"
	done
	# shellcheck disable=SC2154
	awk -v i="$i" -v u="$v_ub" -v s="$v_sm" -v b="$v_b2" -v l="$v_bl" \
	    'BEGIN { printf "%-5d %10.0f %10.0f %10.0f %10.0f  %.3f %.3f %.3f\n",
	    i, u, s, b, l, s / u, b / u, l / u }'
	order="${order#* } ${order%% *}"
done | tee "$tmp/t"
for c in 6 7 8; do
	awk -v c="$c" 'NR > 1 && NF == 8 { print $c }' "$tmp/t" | sort -g |
	    awk '{ v[NR] = $1 } END { printf "%s ", v[int((NR + 1) / 2)] }'
done | awk '{ print "median ratios: sysmark " $1 ", helper 2 ms batches " \
    $2 ", helper long batches " $3 }'
echo "load at end: $(cut -d' ' -f1-3 /proc/loadavg)"
