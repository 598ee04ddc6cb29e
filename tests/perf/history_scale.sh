#!/bin/sh
# How fast `sysmark history` answers over 10,000 saved runs of the whole
# catalog: the runs are written by history_runs.py into a private
# directory under $TMPDIR (unless -d names runs made already), then
# history is run once with no index (the cold build, which writes it)
# and REPS times with it up to date (warm: no run file read).  With -B
# OLD, an older sysmark is timed too, cold then warm, its warm runs
# interleaved with ours (A B A B) and their ratio printed, each with its
# own private index.  Every time is printed with the load average.
#
# Usage: sh tests/perf/history_scale.sh [-n RUNS] [-r REPS] [-d DIR]
#            [-B OLD] [-k]
#   -n RUNS   runs to write (default 10000)
#   -r REPS   warm runs (default 5)
#   -d DIR    runs written already (by history_runs.py); kept
#   -B OLD    an older sysmark to time beside ./sysmark
#   -k        keep the runs written (their directory is printed)
# From the top of the tree after `make sysmark`.  The goal: warm under
# 2 s on a quiet 2-vCPU machine.
set -eu

me=history_scale
runs=10000 reps=5 dir= old= keep=
while getopts n:r:d:B:k c; do
	case $c in
	n) runs=$OPTARG ;;
	r) reps=$OPTARG ;;
	d) dir=$OPTARG ;;
	B) old=$OPTARG ;;
	k) keep=1 ;;
	*) sed -n '/^# Usage:/,/^#   -k/s/^# \{0,1\}//p' "$0" >&2; exit 2 ;;
	esac
done
[ -x ./sysmark ] && [ -f tests/perf/history_runs.py ] ||
    { echo "$me: run from the top after make sysmark" >&2; exit 2; }
[ -z "$old" ] || [ -x "$old" ] ||
    { echo "$me: -B $old: not a program" >&2; exit 2; }
work=$(mktemp -d "${TMPDIR:-/tmp}/sysmark-scale.XXXXXX")
trap 'if [ -n "$keep" ]; then rm -rf "$work"/idx-*; else rm -rf "$work"; fi' EXIT
trap 'exit 130' INT TERM HUP

load() {
	cut -d' ' -f1-3 /proc/loadavg
}

if [ -z "$dir" ]; then
	dir=$work/runs
	echo "writing $runs runs into $dir (load $(load))"
	python3 tests/perf/history_runs.py "$dir" --runs "$runs" \
	    --sysmark ./sysmark --step syscall@$((runs * 6 / 10)):-5 \
	    --step pipe@$((runs - 10)):-8 --commit
fi
echo "$(ls "$dir" | wc -l) run files, $(du -sm "$dir" | cut -f1) MB"

# time_one BIN INDEXDIR WHAT: one history, its wall and CPU times.
time_one() {
	l=$(load)
	/usr/bin/time -f '%e %U %S' -o "$work/time" "$1" history \
	    --index "$2" "$dir" >"$work/out" 2>"$work/err" ||
	    { cat "$work/err" >&2; exit 1; }
	set -- "$1" "$2" "$3" $(cat "$work/time")
	echo "$3: $4 s elapsed, $5 s user, $6 s system (load $l)"
	last=$4
}

mkdir -m 700 "$work/idx-new"
time_one ./sysmark "$work/idx-new" "sysmark cold (index built)"
echo "index: $(du -m "$work"/idx-new/* | cut -f1) MB"
if [ -n "$old" ]; then
	mkdir -m 700 "$work/idx-old"
	time_one "$old" "$work/idx-old" "old cold (index built)"
fi
for i in $(seq "$reps"); do
	time_one ./sysmark "$work/idx-new" "sysmark warm $i"
	a=$last
	[ -n "$old" ] || continue
	time_one "$old" "$work/idx-old" "old warm $i"
	echo "  ratio sysmark/old: $(echo "$a $last" |
	    awk '{ printf "%.3f", ($2 > 0 ? $1 / $2 : 0) }')"
done
grep -A6 '^Change points' "$work/out" || echo "no change points found"
[ -z "$keep" ] || echo "runs kept in $dir"
