#!/bin/sh
# SPDX-License-Identifier: MIT
#
# The drift A/A: runs of one build from drift_series.sh (DIR), paired
# GAP minutes apart (each run with the one nearest GAP after it, within
# 20%, for each gap of 1, 10 and 60; at most PAIRS
# pairs a gap, spread over the series), each pair judged by compare -p
# none twice: with the drift term (SYSMARK_RESULTS=DIR: the host's saved
# runs, the pair itself left out) and without (an empty results
# directory: drift not measured).  Nothing changed, so every better or
# worse line is a false call: at alpha 0.05 about 5% by chance.  Prints
# each gap's calls of lines and the median detectable change, both ways,
# the calls made in pairs where compare named a host-wide shift (the
# host moved as a whole between the two runs: the calls are the host's,
# and compare says so), and the load the runs met (DIR/load.txt).
#
#   sh tests/perf/drift_aa.sh [-p PAIRS] [-s SYSMARK] DIR
set -u
pairs=10 sm=./sysmark
while getopts p:s: o; do
	case $o in
	p) pairs=$OPTARG ;;
	s) sm=$OPTARG ;;
	*) sed -n '/^#   sh/p' "$0" >&2; exit 2 ;;
	esac
done
shift $((OPTIND - 1))
[ $# -eq 1 ] || { sed -n '/^#   sh/p' "$0" >&2; exit 2; }
dir=$1
empty=$(mktemp -d "${TMPDIR:-/tmp}/sysmark-drift.XXXXXX")
trap 'rm -rf "$empty"' EXIT
# Each run's start (seconds) from load.txt: "N EPOCH LOAD1 LOAD5 LOAD15".
pick() {	# $1: gap in minutes; prints "A B" file pairs
	awk -v gap="$1" -v max="$pairs" -v dir="$dir" '
	NF == 5 { t[$1] = $2; n = $1 }
	END {
		for (i = 1; i <= n; i++) {
			best = 0
			for (j = i + 1; j <= n; j++) {
				d = (t[j] - t[i]) / 60
				if (d < 0.8 * gap || d > 1.2 * gap)
					continue
				if (!best || (d - gap) ^ 2 < bd) { best = j; bd = (d - gap) ^ 2 }
			}
			if (best) { a[++k] = i; b[k] = best }
		}
		step = k > max ? k / max : 1
		for (x = 1; x <= k && x <= max * step; x += step)
			printf "%s/run-%03d.csv %s/run-%03d.csv\n", dir,
			    a[int(x)], dir, b[int(x)]
	}' "$dir/load.txt"
}
judge() {	# $1 results dir, $2 $3 the runs: "calls lines shifted detect..."
	SYSMARK_RESULTS=$1 "$sm" compare -p none -f json "$2" "$3" \
	    2>/dev/null | python3 -c 'import json, sys
d = json.load(sys.stdin)
l = [x for c in d["comparisons"] for x in c["lines"] if x["kind"] == "ranked"]
c = sum(1 for x in l if x["verdict"] in ("better", "worse"))
shift = any(k.get("host_shift") for k in d["comparisons"])
print(c, len(l), int(shift), " ".join("%.1f" % x["detectable_pct"] for x in l
    if x["detectable_pct"] is not None))'
}
echo "# $(date -u +%FT%H:%MZ); runs in $dir: $(grep -c '^[0-9]* [0-9]* ' "$dir/load.txt")," \
    "load average $(awk 'NF == 5 { print $3 }' "$dir/load.txt" | sort -n |
    sed -n '1p;$p' | tr '\n' ' ')(min, max, 1-min)"
for gap in 1 10 60; do
	for how in drift none; do
		res=$dir
		[ $how = none ] && res=$empty
		pick $gap | while read -r a b; do judge "$res" "$a" "$b"; done |
		    python3 -c 'import sys
gap, how = sys.argv[1], sys.argv[2]
p = c = n = cs = 0
v = []
for line in sys.stdin:
    f = line.split()
    if len(f) < 3:
        continue
    p += 1
    c += int(f[0])
    n += int(f[1])
    cs += int(f[0]) * int(f[2])
    v += [float(x) for x in f[3:]]
v.sort()
print("gap %2s min, %-5s: %d pairs, %d of %d lines called (%.1f%%; %d in "
    "pairs with a host-wide shift named), median detectable %.1f%%" % (gap,
    how, p, c, n, 100.0 * c / n if n else 0, cs, v[len(v) // 2] if v else
    float("nan")))' $gap $how
	done
done
