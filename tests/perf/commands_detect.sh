#!/bin/sh
# SPDX-License-Identifier: MIT
#
# Does `run --detect 5` find a 5% slowdown of a command made on purpose?
# The command is `gzip -1 -c FILE`; side B's FILE holds PERCENT% more of
# the same data than side A's, so gzip works that much longer while the
# command, hence the test's id and version, stays the same.  The host's
# noise profile for the command is made first (`calibrate -x`, REPEATS
# repeats of SAMPLES samples of SECONDS), then each of TRIALS trials
# takes A and B with the settings --detect chooses (A first in odd
# trials, B first in even ones) and `compare A B` judges them.  Prints
# the plan --detect chose, each trial's verdict and change, how many
# found the slowdown, and the load as they ran.  Everything it writes
# stays in a private directory (SYSMARK_RESULTS points there).
#
#   sh tests/perf/commands_detect.sh [-p PERCENT] [-t TRIALS] [-d SECONDS]
#                                    [-n SAMPLES] [-R REPEATS] [-s SYSMARK]
set -eu
pct=5 trials=3 secs=1 samples=5 repeats=5 sm=$(pwd)/sysmark
while getopts p:t:d:n:R:s: o; do
	case $o in
	p) pct=$OPTARG ;;
	t) trials=$OPTARG ;;
	d) secs=$OPTARG ;;
	n) samples=$OPTARG ;;
	R) repeats=$OPTARG ;;
	s) sm=$OPTARG ;;
	*) sed -n '/^#   sh/,/SYSMARK\]/p' "$0" >&2; exit 2 ;;
	esac
done
tmp=$(mktemp -d "${TMPDIR:-/tmp}/sysmark-detect.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
export SYSMARK_RESULTS="$tmp"
# The data: /etc/services over and over, BYTES of it for A.
bytes=2000000
: >"$tmp/pool"
while [ "$(wc -c <"$tmp/pool")" -lt $((bytes * 2)) ]; do
	cat /etc/services >>"$tmp/pool"
done
head -c "$bytes" "$tmp/pool" >"$tmp/a.data"
head -c $((bytes + bytes * pct / 100)) "$tmp/pool" >"$tmp/b.data"
cmd="gzip -1 -c $tmp/data"
side() {	# a|b OUT
	cp "$tmp/$1.data" "$tmp/data"
	"$sm" run -x "gz=$cmd" -N --detect "$pct" -q -o "$2" </dev/null \
	    >"$tmp/plan" 2>&1 || { cat "$tmp/plan" >&2; exit 1; }
}
echo "load at start: $(cut -d' ' -f1-3 /proc/loadavg)"
cp "$tmp/a.data" "$tmp/data"
"$sm" calibrate -x "gz=$cmd" -N -d "$secs" -n "$samples" -R "$repeats" \
    -g 0 -q >/dev/null 2>&1 || { echo "calibrate failed" >&2; exit 1; }
found=0
for i in $(seq "$trials"); do
	if [ $((i % 2)) -eq 1 ]; then
		side a "$tmp/A$i.csv"; side b "$tmp/B$i.csv"
	else
		side b "$tmp/B$i.csv"; side a "$tmp/A$i.csv"
	fi
	[ "$i" -gt 1 ] || sed -n '/--detect/p' "$tmp/plan" | head -n 3
	v=$("$sm" compare -f json "$tmp/A$i.csv" "$tmp/B$i.csv" 2>/dev/null |
	    python3 -c 'import json,sys
d = json.load(sys.stdin)
c = [l for x in d["comparisons"] for l in x["lines"] if l["id"] == "gz"]
det = c[0]["detectable_pct"] if c else None
print("%s %.2f %s" % (c[0]["verdict"], c[0]["change_pct"],
    "%.2f" % det if isinstance(det, (int, float)) else "-")
    if c else "none 0 -")')
	set -- $v
	[ "$1" = worse ] && found=$((found + 1))
	echo "trial $i: $1, change $2% (detectable $3%)"
done
echo "found the ${pct}% slowdown in $found of $trials trials"
echo "load at end: $(cut -d' ' -f1-3 /proc/loadavg)"
