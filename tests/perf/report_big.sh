#!/bin/sh
# How long `sysmark report` takes, and how big the page is, for the big
# input it is budgeted for: 20 runs of every test in the catalog (6 samples
# and a warm-up each, made-up figures drawn from a seeded generator:
# nothing is measured), compared on one page.  Renders it REPS times
# (default 5) and prints each time, the median, the page's size, and the
# load average.  Budget: under 1 s and under 5 MB.
# Usage: sh tests/perf/report_big.sh [REPS]   (after `make`, from the top)
# Not a test: the time depends on the machine and its load.
set -u

reps=${1:-5}
top=$(pwd)
bin=$top/sysmark
[ -x "$bin" ] || { echo "$0: build ./sysmark first (make)" >&2; exit 2; }
tmp=$(mktemp -d "${TMPDIR:-/tmp}/sysmark-bigreport.XXXXXX")
trap 'rm -rf "$tmp"' EXIT INT TERM

"$bin" list -f csv >"$tmp/catalog.csv" || exit 2
python3 - "$tmp" <<'PY'
import csv, random, sys
tmp = sys.argv[1]
tests = [r for r in csv.DictReader(open(tmp + "/catalog.csv")) if r["UNIT"]]
rng = random.Random(21)
head = ("record,name,value,version,copies,sample,unit,duration,elapsed,"
        "iterations,status,reason,per_copy,repeat,busy\n")
for k in range(20):
    with open("%s/run%02d.csv" % (tmp, k + 1), "w") as f:
        f.write(head)
        for key, v in (("format", 2), ("hostname", "big"),
                       ("cpus", 2), ("os", "Linux"),
                       ("date", "2026-12-01T10:%02d:00+0000" % k)):
            f.write("meta,%s,%s,,,,,,,,,,,,\n" % (key, v))
        for t in tests:
            base = 10 ** rng.uniform(0, 6) * (1 + 0.01 * k)
            for i in range(7):
                v = base * rng.gauss(1, 0.03)
                f.write("sample,%s,%.6g,%s,1,%d,%s,1,1,%d,ok,,%.6g,1,0\n"
                        % (t["ID"], v, t["V"], i, t["UNIT"], max(1, int(v)),
                           v))
PY
echo "input: 20 runs of $(($(wc -l <"$tmp/catalog.csv") - 1)) catalog" \
    "lines, $(du -sk "$tmp" | cut -f1) KB of CSV"
# Wall time, and with GNU time (Debian's "time") the CPU time and peak
# memory too: on a loaded machine the CPU time says more than the wall.
gtime=
[ -x /usr/bin/time ] && gtime=/usr/bin/time
times=""
for r in $(seq 1 "$reps"); do
	t0=$(date +%s%N)
	if [ -n "$gtime" ]; then
		$gtime -f "%U %S %M" -o "$tmp/time" "$bin" report -F \
		    -o "$tmp/big.html" "$tmp"/run*.csv 2>/dev/null
	else
		"$bin" report -F -o "$tmp/big.html" "$tmp"/run*.csv 2>/dev/null
	fi || { echo "$0: report failed" >&2; exit 1; }
	t1=$(date +%s%N)
	ms=$(((t1 - t0) / 1000000))
	times="$times $ms"
	if [ -n "$gtime" ]; then
		set -- $(cat "$tmp/time")
		echo "render $r: $ms ms wall, $1 s user, $2 s system," \
		    "peak $(($3 / 1024)) MB"
	else
		echo "render $r: $ms ms wall"
	fi
done
median=$(echo $times | tr ' ' '\n' | sort -n | sed -n "$(((reps + 1) / 2))p")
size=$(wc -c <"$tmp/big.html")
echo "median $median ms wall (budget 1000), page $size bytes" \
    "($((size / 1024)) KB; budget 5 MB)"
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg)"
