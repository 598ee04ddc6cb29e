#!/bin/sh
# SPDX-License-Identifier: MIT
#
# Duet against sequential runs at equal wall time, on one pair of
# commands of 1-50 ms (gzip -1 of two files, FB's larger by PCT%):
#   sequential: RUNS runs a side of `run -x c=...`, taken in turn
#     A B A B ... (K runs a side, as run --detect plans them), -n N;
#     compare -p none A... -- B...;
#   duet: one `run --duet` of the two, its pairs as many as fill the same
#     wall time; compare DUET.
# TRIALS A/A trials of each (both sides the same file) give the false-call
# rate (better or worse; 5% expected at alpha 0.05) and the smallest
# detectable change; one A/B trial of each gives the ratio with its
# interval.  -w cpu takes a pair that needs nothing the two CPUs share
# but the core: a shell counting to 20,000 and to PCT% more (memory and
# caches untouched), to tell the host's interference from the pair's.
# Every trial prints its wall time and the load average before
# it; the runs stay in a private directory.  Both methods share the host
# with whatever else runs: duet's figures are relative (both commands at
# once), sequential's are not.
#
#   sh tests/perf/duet_vs_seq.sh [-t TRIALS] [-k RUNS] [-n N] [-d SECONDS]
#                                [-p PCT] [-s SYSMARK] [-w gzip|cpu]
set -u
trials=10 runs=3 n=4 secs=0.5 pct=5 sm=./sysmark work=gzip
while getopts t:k:n:d:p:s:w: o; do
	case $o in
	t) trials=$OPTARG ;;
	k) runs=$OPTARG ;;
	n) n=$OPTARG ;;
	d) secs=$OPTARG ;;
	p) pct=$OPTARG ;;
	s) sm=$OPTARG ;;
	w) work=$OPTARG ;;
	*) sed -n '/^#   sh/,/SYSMARK\]/p' "$0" >&2; exit 2 ;;
	esac
done
tmp=$(mktemp -d "${TMPDIR:-/tmp}/sysmark-duet.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
SYSMARK_RESULTS=$tmp
export SYSMARK_RESULTS
# Two inputs: FA about 1 MB of text, FB PCT% more of the same text.
for i in $(seq 40); do cat /etc/services; done | head -c 1000000 >"$tmp/fa"
size=$(awk -v p="$pct" 'BEGIN { printf "%d", 1000000 * (1 + p / 100) }')
for i in $(seq 50); do cat /etc/services; done | head -c "$size" >"$tmp/fb"
# What a side runs: $F (a file for gzip) or the count's end for cpu.
case $work in
gzip) cmd='gzip -1 -c "$F"' ;;
cpu)
	cmd='n=$(cat "$F"); i=0; while [ $i -lt $n ]; do i=$((i + 1)); done'
	echo 20000 >"$tmp/fa"
	awk -v p="$pct" 'BEGIN { printf "%d\n", 20000 * (1 + p / 100) }' \
	    >"$tmp/fb" ;;
*) echo "duet_vs_seq.sh: -w gzip or -w cpu" >&2; exit 2 ;;
esac
# Duet pairs filling the sequential wall time: 2 K (N + 1) samples there;
# here N' + 1 pairs and 2 alone samples every 4 pairs.
dn=$(awk -v k="$runs" -v n="$n" 'BEGIN { t = 2 * k * (n + 1);
	for (m = 1; (m + 1) + 2 * int((m + 3) / 4) <= t; m++) ; print m - 1 }')
judge() {
	python3 -c 'import json, math, sys
d = json.load(sys.stdin)
l = [x for c in d["comparisons"] for x in c["lines"]][0]
lo, hi = l["ci_low_pct"], l["ci_high_pct"]
mid = 100 * (math.sqrt((1 + lo / 100) * (1 + hi / 100)) - 1) \
    if lo is not None and hi is not None else float("nan")
print("%s %.2f %.2f %.2f %.2f %s" % (l["verdict"], mid, lo if lo is not None
    else float("nan"), hi if hi is not None else float("nan"),
    l["detectable_pct"] if l["detectable_pct"] is not None
    else float("nan"), l["basis"]), end="")
w = [x for c in d["comparisons"] for x in c["warnings"] if "duet: in" in x or "interfere" in x]
print(" [%s]" % w[0] if w else "")'
}
seq_trial() {	# $1: side B's file; prints the verdict line
	rm -f "$tmp"/s*.csv
	for i in $(seq "$runs"); do
		F=$tmp/fa "$sm" run -x "c=$cmd" -d "$secs" -n "$n" \
		    -q -y -o "$tmp/sa$i.csv" >/dev/null 2>&1
		F=$1 "$sm" run -x "c=$cmd" -d "$secs" -n "$n" \
		    -q -y -o "$tmp/sb$i.csv" >/dev/null 2>&1
	done
	"$sm" compare -p none -f json "$tmp"/sa*.csv -- "$tmp"/sb*.csv \
	    2>/dev/null | judge
}
duet_trial() {
	rm -f "$tmp/d.csv"
	FA=$tmp/fa FB=$1 "$sm" run -x "a=F=\$FA; $cmd" \
	    -x "b=F=\$FB; $cmd" --duet -d "$secs" -n "$dn" -q -y \
	    -o "$tmp/d.csv" >/dev/null 2>&1
	"$sm" compare -f json "$tmp/d.csv" 2>/dev/null | judge
}
timed() {	# $1 label, then the trial
	label=$1
	shift
	la=$(cut -d' ' -f1 /proc/loadavg)
	t0=$(date +%s)
	r=$("$@")
	echo "$label $(($(date +%s) - t0))s load=$la $r"
}
echo "# $(date -u +%FT%H:%MZ) $(nproc) CPUs; sequential: $runs runs a side" \
    "of -n $n -d $secs; duet: -n $dn -d $secs; FB +$pct% of FA"
echo "# label wall load verdict ratio% lo% hi% detectable% basis [check]"
for t in $(seq "$trials"); do
	timed "aa-seq-$t" seq_trial "$tmp/fa"
	timed "aa-duet-$t" duet_trial "$tmp/fa"
done
timed "ab-seq" seq_trial "$tmp/fb"
timed "ab-duet" duet_trial "$tmp/fb"
echo "# $(date -u +%FT%H:%MZ) load at the end: $(cut -d' ' -f1-3 /proc/loadavg)"
