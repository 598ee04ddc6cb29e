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
# trials, B first in even ones) and `compare A B` judges them; when the
# plan is K runs a side, each side's K runs are taken in turn with the
# other's (A B A B ..., or B A B A ...) and `compare A... -- B...`
# judges them, as the plan says.  Prints the plan --detect chose, each
# trial's verdict, change and the change that comparison could see, how
# many found the slowdown, and the load as they ran.  Everything it writes
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
	    >"$tmp/out" 2>&1 || { cat "$tmp/out" >&2; exit 1; }
}
echo "load at start: $(cut -d' ' -f1-3 /proc/loadavg)"
cp "$tmp/a.data" "$tmp/data"
"$sm" calibrate -x "gz=$cmd" -N -d "$secs" -n "$samples" -R "$repeats" \
    -g 0 -q >/dev/null 2>&1 || { echo "calibrate failed" >&2; exit 1; }
"$sm" run -x "gz=$cmd" -N --detect "$pct" --dry-run </dev/null \
    >"$tmp/plan" 2>&1 || { cat "$tmp/plan" >&2; exit 1; }
sed -n '/--detect/p' "$tmp/plan" | head -n 3
# K runs a side when the plan says so, else one.
k=$(sed -n 's/^run --detect [0-9.]*%: \([0-9]*\) runs a side .*/\1/p' \
    "$tmp/plan")
[ -n "$k" ] || k=1
found=0
for i in $(seq "$trials"); do
	as= bs=
	for j in $(seq "$k"); do
		if [ $(((i + j) % 2)) -eq 0 ]; then
			side a "$tmp/A$i-$j.csv"; side b "$tmp/B$i-$j.csv"
		else
			side b "$tmp/B$i-$j.csv"; side a "$tmp/A$i-$j.csv"
		fi
		as="$as $tmp/A$i-$j.csv" bs="$bs $tmp/B$i-$j.csv"
	done
	# shellcheck disable=SC2086
	v=$("$sm" compare -f json $as -- $bs 2>/dev/null |
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
