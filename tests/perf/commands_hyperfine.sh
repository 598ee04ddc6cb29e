#!/bin/sh
# SPDX-License-Identifier: MIT
#
# Command tests beside hyperfine: for each command, with and without a
# shell, PAIRS interleaved pairs (sysmark then hyperfine, then the other
# way round), the ratio of their mean seconds per execution for each
# pair, the median ratio and the load average as they ran; then the
# same for the sd of one execution (sysmark's "executions" in its JSON,
# hyperfine's "stddev"), the spread hyperfine prints after "+/-".
#
#   sh tests/perf/commands_hyperfine.sh [-p PAIRS] [-d SECONDS] [-s SYSMARK]
#                                       [-k PATTERN]
#
# sysmark takes 3 samples of SECONDS (default 1) after its warm-up
# sample; hyperfine takes as many executions as sysmark's samples held
# (so both sides time about as long), after 3 warm-up executions.
# Without a shell both run the program directly (hyperfine -N); with one
# both go through /bin/sh -c and subtract its start-up.  -k keeps only
# the commands PATTERN (grep -E) matches, to take more pairs of one.
set -eu
pairs=5
secs=1
sm=./sysmark
keep=.
while getopts p:d:s:k: o; do
	case $o in
	k) keep=$OPTARG ;;
	p) pairs=$OPTARG ;;
	d) secs=$OPTARG ;;
	s) sm=$OPTARG ;;
	*) exit 2 ;;
	esac
done
tmp=$(mktemp -d "${TMPDIR:-/tmp}/sysmark-hf.XXXXXX")
trap 'rm -rf "$tmp"' EXIT

# sysmark's mean seconds per execution, how many it took a sample, and
# the sd of one execution.
sm_mean() {
	rm -f "$tmp/s.csv"
	"$sm" run -x "c=$1" $2 -d "$secs" -n 3 -q -F -o "$tmp/s.csv" \
	    >/dev/null 2>&1 || true
	set -- $(awk -F, '$1 == "sample" && $6 > 0 && $11 == "ok" {
		s += $3; n++; it += $10 }
	    END { if (n) printf "%.9g %d\n", s / n, it / n; else print "- 0" }' \
	    "$tmp/s.csv")
	echo "$1 $2 $("$sm" show -f json "$tmp/s.csv" | python3 -c '
import json, sys
e = json.load(sys.stdin)["runs"][0]["tests"][0]["executions"]
print("%.9g" % e["sd"] if e else "-")')"
}

# hyperfine's mean seconds per execution and sd of one.
hf_mean() {
	hyperfine $2 -w 3 -r "$3" --export-json "$tmp/h.json" "$1" \
	    >/dev/null 2>&1 || true
	python3 -c 'import json,sys
r = json.load(open(sys.argv[1]))["results"][0]
print("%.9g %.9g" % (r["mean"], r["stddev"]))' "$tmp/h.json"
}

# The median of the numbers given.
median() {
	echo "$@" | tr ' ' '\n' | sort -n |
	    awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'
}

# a / b to 3 places.
ratio() {
	awk -v a="$1" -v b="$2" 'BEGIN { printf "%.3f", a / b }'
}

one() {
	cmd=$1 mode=$2
	echo "$cmd" | grep -Eq -- "$keep" || return 0
	smopt="" hfopt="-N"
	[ "$mode" = shell ] && smopt="" && hfopt=""
	[ "$mode" = noshell ] && smopt="-N"
	ratios="" sds=""
	load0=$(cut -d' ' -f1 /proc/loadavg)
	runs=0
	for i in $(seq "$pairs"); do
		# odd pairs sysmark first, even ones hyperfine first (its
		# executions: as many as sysmark's last sample held)
		if [ $((i % 2)) -eq 0 ] && [ "$runs" -ge 2 ]; then
			set -- $(hf_mean "$cmd" "$hfopt" "$runs")
			h=$1 hsd=$2
			set -- $(sm_mean "$cmd" "$smopt")
			s=$1 ssd=$3
		else
			set -- $(sm_mean "$cmd" "$smopt")
			s=$1 runs=$2 ssd=$3
			[ "$runs" -ge 2 ] || runs=2
			set -- $(hf_mean "$cmd" "$hfopt" "$runs")
			h=$1 hsd=$2
		fi
		ratios="$ratios $(ratio "$s" "$h")"
		sds="$sds $(ratio "$ssd" "$hsd")"
	done
	load1=$(cut -d' ' -f1 /proc/loadavg)
	printf '%-28s %-8s mean: median %s  pairs%s  load %s-%s\n' "$cmd" \
	    "$mode" "$(median $ratios)" "$ratios" "$load0" "$load1"
	printf '%-28s %-8s sd of one: median %s  pairs%s\n' "" "" \
	    "$(median $sds)" "$sds"
}

for c in 'gzip -1 -c /etc/services' 'sleep 0.02' 'sleep 0.5'; do
	one "$c" noshell
done
for c in 'gzip -1 -c /etc/services > /dev/null' 'sleep 0.02; :' \
    'sleep 0.5; :'; do
	one "$c" shell
done
