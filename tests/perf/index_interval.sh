#!/bin/sh
# The honest index interval: how close to the UnixBench index score one
# run gets, and what it costs.  With this host's noise profile (made here
# by `sysmark calibrate` for the index's tests at the same sample length,
# or -P FILE), runs `sysmark run -b unixbench -C PERCENT` for each target
# (default 2% then 1%) and prints, for each: what sysmark said before
# measuring when more samples of one run cannot reach the target (and the
# -R it suggests, with its estimate of that run's time), the INDEX VALUES
# table (every line's interval and its BASIS), whether the score got
# within the target, and the wall time.  With -r it then runs the -R
# sysmark suggested, at the same target, and prints the same again.
# Ends with one line per run: target, score, interval, basis, wall time.
#
# Usage: sh tests/perf/index_interval.sh [-t ID,...] [-d SECONDS]
#            [-n SAMPLES] [-T SECONDS] [-C PERCENT,...] [-r]
#            [-P PROFILE | -R REPEATS -g SECONDS]
#   -t ID,...    the tests (default: UnixBench's index set, the tests of
#                baselines/unixbench.csv); fewer make a Partial Index
#   -d SECONDS   one sample, of the profile and the runs (default 2)
#   -n SAMPLES   samples of each test before -C adds more (default 6)
#   -T SECONDS   each run's time cap, run -T (default 600)
#   -C LIST      the targets, percent of the score (default 2,1)
#   -r           also run the -R sysmark suggests for a target
#   -P PROFILE   a noise profile of this host covering the tests, taken
#                at -d; without it one is made
#   -R -g        calibrate's repeats and pause when making the profile
# From the top of the tree after `make`.  Everything it writes stays in a
# private directory (SYSMARK_RESULTS points there), never in results/;
# its path is printed.
# Smoke check: sh tests/perf/index_interval.sh -t dhry2reg,syscall,pipe \
#                  -d 0.2 -n 3 -T 5 -R 3 -g 0 -r
# Not a test: the figures depend on the machine and its load.
set -u

me=tests/perf/index_interval.sh
[ -f tests/perf/lib.sh ] ||
    { echo "$me: run from the top of the tree" >&2; exit 2; }
. ./tests/perf/lib.sh
# Defaults; tests= is the index's set, found below.
tests= dur=2 samples=6 cap=600 targets=2,1 follow=
profile= cal_r= cal_g=

while getopts t:d:n:T:C:rP:R:g:h opt; do
	case $opt in
	t) tests=$OPTARG ;;
	d) perf_number -d "$OPTARG"; dur=$OPTARG ;;
	n) perf_number -n "$OPTARG"; samples=$OPTARG ;;
	T) perf_number -T "$OPTARG"; cap=$OPTARG ;;
	C) targets=$OPTARG ;;
	r) follow=1 ;;
	P) profile=$OPTARG ;;
	R) perf_number -R "$OPTARG"; cal_r=$OPTARG ;;
	g) perf_number -g "$OPTARG"; cal_g=$OPTARG ;;
	*) perf_usage '-R -g' ;;
	esac
done
shift $((OPTIND - 1))
[ $# -eq 0 ] || perf_usage '-R -g'
case $tests in
-* | *[!A-Za-z0-9_.@,-]*)
	echo "$me: -t $tests: test ids, comma-separated" >&2
	exit 2 ;;
esac
case $targets in
'' | *[!0-9.,]* | ,* | *, | *,,*)
	echo "$me: -C $targets: percentages, comma-separated" >&2
	exit 2 ;;
esac
perf_profile_opts "$profile" "$cal_r$cal_g"

perf_setup index

# The table titled $1 in file $2: its title, a blank line, its rows.
section() {
	awk -v t="$1" '$0 == t { on = 1 } on { print } on && /^$/ && ++b == 2 {
		exit }' "$2"
}

# Seconds since the epoch, with a fraction where date gives one.
now() {
	date +%s.%N 2>/dev/null | sed 's/\.N$//'
}

if [ -z "$tests" ]; then
	perf_bounded 60 "$work/base.json" "$work/base.err" "$bin" show -f json \
	    "$top/baselines/unixbench.csv" ||
	    { cat "$work/base.err" >&2; exit 2; }
	tests=$(python3 -c 'import json, sys
run = json.load(open(sys.argv[1]))["runs"][0]
print(",".join(t["id"] for t in run["tests"]))' "$work/base.json") || exit 2
fi
ntests=$(printf '%s\n' "$tests" | tr ',' '\n' | grep -c .)
echo "tests: $tests"

# ---- The host profile ----
if [ -n "$profile" ]; then
	cp "$profile" "$noise" || exit 2
	pd=$(sed -n 's/^meta,duration,\([^,]*\),.*/\1/p' "$noise")
	echo "profile: $profile (copied to $noise)"
	[ "$pd" = "$dur" ] || echo "warning: the profile's samples last" \
	    "${pd:-?} s, these runs' $dur s: its spread may not hold" >&2
else
	set -- -t "$tests" -d "$dur" -n "$samples" -q
	[ -z "$cal_r" ] || set -- "$@" -R "$cal_r"
	[ -z "$cal_g" ] || set -- "$@" -g "$cal_g"
	bound=$(awk -v d="$dur" -v n="$samples" -v k="$ntests" \
	    -v r="${cal_r:-5}" -v g="${cal_g:--1}" 'BEGIN {
		gap = g < 0 ? 300 : (r - 1) * g
		printf "%d", 3 * (r * k * (n + 1) * (d + 1) + gap) + 300 }')
	t0=$(now)
	perf_calibrate "$bound" "$@"
	section "HOST NOISE PROFILE" "$work/calibrate.txt"
	awk -v a="$t0" -v b="$(now)" 'BEGIN {
		printf "calibrate took %.0f s\n\n", b - a }'
fi

summary=$work/summary.txt
: >"$summary"
# The first pass (-n samples of every test) plus the cap, three times over.
bound=$(awk -v d="$dur" -v n="$samples" -v k="$ntests" -v c="$cap" 'BEGIN {
	printf "%d", 3 * (k * (n + 1) * (d + 1) + c) + 300 }')

# One run aimed at TARGET percent, with REPEATS (1: none); prints what
# sysmark said and the index, adds a line to the summary, and leaves the
# -R sysmark suggested (or nothing) in $suggest.
index_run() {
	target=$1 reps=$2 name=C$1-R$2
	set -- run -t "$tests" -d "$dur" -n "$samples" -b unixbench \
	    -C "$target" -T "$cap" -o "$work/$name.csv"
	[ "$reps" -le 1 ] || set -- "$@" -R "$reps"
	echo "== sysmark $* =="
	t0=$(now)
	perf_bounded $((bound * reps)) "$work/$name.txt" "$work/$name.err" \
	    "$bin" "$@"
	rc=$?
	wall=$(awk -v a="$t0" -v b="$(now)" 'BEGIN { printf "%.0f", b - a }')
	if [ $rc -ne 0 ] && [ $rc -ne 1 ]; then
		echo "$me: the run failed (status $rc):" >&2
		cat "$work/$name.err" >&2
		exit 1
	fi
	# Before measuring: the index's reach on this profile, if short.
	said=$(sed -n '/^run -C /{p;n;/^  \(with\|not even\)/p;}' \
	    "$work/$name.err")
	suggest=$(printf '%s\n' "$said" |
	    sed -n 's/^  with -R \([0-9]*\) it could.*/\1/p')
	if [ -n "$said" ]; then
		echo "sysmark said before measuring:"
		printf '%s\n' "$said" | sed 's/^/  /'
	else
		echo "sysmark said before measuring: nothing: by the profile" \
		    "these runs can reach $target%, or it lacks a test (its" \
		    "BASIS then reads samples)"
	fi
	echo
	section "INDEX VALUES" "$work/$name.txt"
	sed -n '/^INDEX VALUES$/,$p' "$work/$name.txt" |
	    sed -n '/^run -C /{N;p;}' | sed 's/\n */ /'
	echo "wall time: $wall s (-T $cap)"
	echo
	score=$(sed -n '/^INDEX VALUES$/,$p' "$work/$name.txt" |
	    awk '/^System Benchmarks (Index Score|Partial Index Score)/ {
		print $(NF - 2), $(NF - 1), $NF; exit }')
	reached=no
	sed -n '/^INDEX VALUES$/,$p' "$work/$name.txt" |
	    grep -q "interval got within it" && reached=yes
	set -- ${score:-- - -}
	printf '%-7s %-3s %9s %7s  %-8s %7s  %-7s %s\n' "$target%" "$reps" \
	    "$1" "$2" "$3" "$wall s" "$reached" \
	    "$(printf '%s\n' "$said" | sed -n 's/^  //p' | grep . || echo -)" \
	    >>"$summary"
}

oldifs=$IFS
IFS=,
set -- $targets
IFS=$oldifs
for target in "$@"; do
	index_run "$target" 1
	if [ -n "$follow" ] && [ -n "$suggest" ]; then
		index_run "$target" "$suggest"
	fi
done

echo "== summary (load average $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null)) =="
printf '%-7s %-3s %9s %7s  %-8s %7s  %-7s %s\n' TARGET -R SCORE "+/- CI" \
    BASIS WALL REACHED "SYSMARK'S PLAN FOR IT"
cat "$summary"
echo "runs and the profile kept in $work"
