#!/bin/sh
# SPDX-License-Identifier: MIT
#
# A/A on one command: PAIRS pairs of runs of the same command, each
# pair judged the way each tool would be used.  sysmark: two runs of
# `run -x` (SAMPLES samples of SECONDS), then `compare -f json`; a pair
# counts as called changed when its verdict is better or worse.
# hyperfine: two --export-json files of RUNS executions, then Welch's
# t-test on their times (tests/perf/welch.py, as hyperfine's
# scripts/welch_ttest.py does); called changed when p < 0.05.  Nothing
# changed between the two sides, so every call is a false one: at alpha
# 0.05 about 1 in 20 is expected by chance.  Prints each pair and the
# counts, with the load as they ran.  The runs stay in a private
# directory (SYSMARK_RESULTS points there).
#
#   sh tests/perf/commands_aa.sh [-p PAIRS] [-d SECONDS] [-n SAMPLES]
#                                [-r RUNS] [-s SYSMARK] [CMD]
set -eu
pairs=10 secs=1 samples=5 runs=50 sm=./sysmark
while getopts p:d:n:r:s: o; do
	case $o in
	p) pairs=$OPTARG ;;
	d) secs=$OPTARG ;;
	n) samples=$OPTARG ;;
	r) runs=$OPTARG ;;
	s) sm=$OPTARG ;;
	*) sed -n '/^#   sh/,/CMD\]/p' "$0" >&2; exit 2 ;;
	esac
done
shift $((OPTIND - 1))
cmd=${1:-gzip -1 -c /etc/services}
tmp=$(mktemp -d "${TMPDIR:-/tmp}/sysmark-aa.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
export SYSMARK_RESULTS="$tmp"
sm_run() {
	"$sm" run -x "c=$cmd" -N -d "$secs" -n "$samples" -q -F -o "$1" \
	    >/dev/null 2>&1 || true
}
hf_run() {
	hyperfine -N -w 3 -r "$runs" --export-json "$1" "$cmd" \
	    >/dev/null 2>&1 || true
}
echo "command: $cmd; load at start: $(cut -d' ' -f1-3 /proc/loadavg)"
smc=0 hfc=0
for i in $(seq "$pairs"); do
	sm_run "$tmp/a$i.csv"
	hf_run "$tmp/a$i.json"
	hf_run "$tmp/b$i.json"
	sm_run "$tmp/b$i.csv"
	v=$("$sm" compare -p none -f json "$tmp/a$i.csv" "$tmp/b$i.csv" \
	    2>/dev/null | python3 -c 'import json,sys
d = json.load(sys.stdin)
c = [l for x in d["comparisons"] for l in x["lines"] if l["id"] == "c"]
print("%s %.2f" % (c[0]["verdict"], c[0]["change_pct"]) if c else "none 0")')
	w=$(python3 tests/perf/welch.py "$tmp/a$i.json" "$tmp/b$i.json")
	p=${w##* }
	case ${v%% *} in better|worse) smc=$((smc + 1)) ;; esac
	if awk -v p="$p" 'BEGIN { exit !(p < 0.05) }'; then
		hfc=$((hfc + 1))
	fi
	echo "pair $i: sysmark ${v%% *} (${v#* }%); hyperfine $w"
done
echo "called changed: sysmark $smc of $pairs, hyperfine+Welch $hfc of $pairs"
echo "load at end: $(cut -d' ' -f1-3 /proc/loadavg)"
