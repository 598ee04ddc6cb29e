#!/bin/sh
# How fast `sysmark show` reads a big run: a run of ROWS sample rows
# (default 10^6: syscall, pipe and spawn at 1 and 2 copies) is written,
# then shown REPS times; each time's wall clock and peak memory are
# printed with the load average.  A benchmark, not a test: the goal is
# under 3 s and 150 MB on a 2-CPU machine, which a test cannot promise.
#
#   sh tests/perf/show_large.sh [SYSMARK] [ROWS] [REPS]
set -eu

bin=${1:-./sysmark}
rows=${2:-1000000}
reps=${3:-3}
dir=$(mktemp -d "${TMPDIR:-/tmp}/sysmark-perf.XXXXXX")
trap 'rm -rf "$dir"' EXIT INT TERM

awk -v rows="$rows" 'BEGIN {
	print "record,name,value,version,copies,sample,unit,duration," \
	    "elapsed,iterations,status,reason,per_copy"
	print "meta,format,1,,,,,,,,,,"
	print "meta,hostname,perf,,,,,,,,,,"
	split("syscall pipe spawn", t, " ")
	per = int(rows / 6)
	n = 0
	for (k = 1; k <= 3; k++)
		for (c = 1; c <= 2; c++)
			for (i = 1; i <= per && n < rows; i++) {
				v = 1000000 + (i * 7919) % 50000
				pc = (c == 1) ? v : (v / 2) ";" (v / 2)
				printf "sample,%s,%.1f,1,%d,%d,lps,10,10.0003," \
				    "%d,ok,,%s\n", t[k], v, c, i, v * 10, pc
				n++
			}
}' >"$dir/run.csv"
echo "$(wc -l <"$dir/run.csv") lines, $(du -m "$dir/run.csv" | cut -f1) MB"

for i in $(seq "$reps"); do
	/usr/bin/time -f '%e s %M KB' "$bin" show "$dir/run.csv" \
	    >/dev/null 2>"$dir/time" || { cat "$dir/time"; exit 1; }
	echo "show: $(tail -n 1 "$dir/time"), load $(cut -d' ' -f1-3 \
	    /proc/loadavg)"
done
