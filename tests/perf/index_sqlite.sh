#!/bin/sh
# sysmark's history index (histindex.c) against SQLite (Debian's sqlite3)
# holding the same summaries, at 10,000 runs of the whole catalog
# (issue 49): what each costs cold and warm, taken in turn (A B A B), and
# what each says when a summary is changed in place.
#
# - sysmark cold: `history` with an empty index directory (every run
#   file parsed, the index written); warm: the index up to date.
# - SQLite cold: the same summaries (one row a run and test: file, host,
#   test, version, copies, mean, ci95, n, from `history -f json`) loaded
#   into a fresh database with `.import` and an index on (host, test):
#   the cost SQLite adds on top of parsing the runs, which it would share;
#   warm: `SELECT` of every row, which is what a history reads.
# - Integrity: one summary's mean changed in place, the file's size and
#   time kept, in each.  sysmark's entry hash (FNV-1a over what an entry
#   says) sees it and reads the run again; SQLite's `PRAGMA
#   integrity_check` checks the b-trees' structure, not the numbers they
#   hold (page checksums need the cksumvfs shim, a loadable extension
#   that is not part of Debian's libsqlite3), so the changed mean is
#   served.
# Every time is printed with the load average.
#
# Usage: sh tests/perf/index_sqlite.sh [-n RUNS] [-r REPS] [-d DIR] [-k]
#   -n RUNS   runs to write (default 10000)
#   -r REPS   warm rounds, each sysmark then SQLite (default 5)
#   -d DIR    runs written already (by history_runs.py); kept
#   -k        keep the runs written (their directory is printed)
# From the top of the tree after `make sysmark`.
set -eu

me=index_sqlite
runs=10000 reps=5 dir= keep=
while getopts n:r:d:k c; do
	case $c in
	n) runs=$OPTARG ;;
	r) reps=$OPTARG ;;
	d) dir=$OPTARG ;;
	k) keep=1 ;;
	*) sed -n '/^# Usage:/,/^#   -k/s/^# \{0,1\}//p' "$0" >&2; exit 2 ;;
	esac
done
[ -x ./sysmark ] && command -v sqlite3 >/dev/null ||
    { echo "$me: run from the top after make sysmark, with sqlite3" >&2
      exit 2; }
work=$(mktemp -d "${TMPDIR:-/tmp}/sysmark-sqlite.XXXXXX")
trap 'if [ -n "$keep" ]; then rm -rf "$work"/idx "$work"/db*; else rm -rf "$work"; fi' EXIT
trap 'exit 130' INT TERM HUP

load() {
	cut -d' ' -f1-3 /proc/loadavg
}

if [ -z "$dir" ]; then
	dir=$work/runs
	echo "writing $runs runs into $dir (load $(load))"
	python3 tests/perf/history_runs.py "$dir" --runs "$runs" \
	    --sysmark ./sysmark >/dev/null
fi
echo "$(ls "$dir" | wc -l) run files, $(du -sm "$dir" | cut -f1) MB"

# timed WHAT CMD...: run CMD, print its wall and CPU times and the load.
timed() {
	what=$1
	shift
	l=$(load)
	/usr/bin/time -f '%e %U %S' -o "$work/time" "$@" >"$work/out" \
	    2>"$work/err" || { cat "$work/err" >&2; exit 1; }
	set -- $(cat "$work/time")
	echo "$what: $1 s elapsed, $2 s user, $3 s system (load $l)"
	last=$1
}

mkdir -m 700 "$work/idx"
timed "sysmark cold (index built)" ./sysmark history --index "$work/idx" \
    "$dir"
echo "sysmark index: $(du -m "$work"/idx/* | cut -f1) MB"

# The summaries, one row a run and test, as SQLite's import reads them.
./sysmark history --index "$work/idx" -f json "$dir" >"$work/json"
python3 - "$work/json" "$work/sums.csv" <<'EOF'
import csv, json, sys
doc = json.load(open(sys.argv[1]))
with open(sys.argv[2], "w", newline="") as f:
    w = csv.writer(f)
    for s in doc["series"]:
        for p in s["runs"]:
            w.writerow([p["file"], s["host"], s["id"], s["version"],
                        s["copies"], p["mean"], p["ci95"], p["n"]])
EOF
echo "summaries: $(wc -l <"$work/sums.csv")"
cat >"$work/build.sql" <<EOF
CREATE TABLE sums(file TEXT, host TEXT, test TEXT, version INTEGER,
    copies INTEGER, mean REAL, ci95 REAL, n INTEGER);
.mode csv
.import $work/sums.csv sums
CREATE INDEX sums_series ON sums(host, test, version, copies);
EOF
timed "SQLite cold (summaries imported)" sqlite3 "$work/db" \
    ".read $work/build.sql"
echo "SQLite database: $(du -m "$work/db" | cut -f1) MB"

for i in $(seq "$reps"); do
	timed "sysmark warm $i" ./sysmark history --index "$work/idx" "$dir"
	a=$last
	timed "SQLite warm $i (every row selected)" sqlite3 "$work/db" \
	    "SELECT * FROM sums"
	echo "  ratio sysmark/SQLite: $(echo "$a $last" |
	    awk '{ printf "%.2f", ($2 > 0 ? $1 / $2 : 0) }')"
done

# Integrity: change one mean in place in each, size and time kept.
f=$(head -1 "$work/sums.csv" | cut -d, -f1)
t=$(head -1 "$work/sums.csv" | cut -d, -f3)
m=$(head -1 "$work/sums.csv" | cut -d, -f6)
echo "changing the mean of $t in $f ($m) in place"
sqlite3 "$work/db" "SELECT count(*) FROM sums" >/dev/null
python3 - "$work/db" "$m" <<'EOF'
import struct, sys
path, mean = sys.argv[1], float(sys.argv[2])
data = bytearray(open(path, "rb").read())
old = struct.pack(">d", mean)	# SQLite stores a REAL big-endian
at = data.find(old)
if at < 0:
    sys.exit("the mean's bytes are not in the database")
data[at:at + 8] = struct.pack(">d", mean * 2)
open(path, "r+b").write(data)
EOF
echo "SQLite PRAGMA integrity_check: $(sqlite3 "$work/db" 'PRAGMA integrity_check')"
echo "SQLite serves: $(sqlite3 "$work/db" "SELECT mean FROM sums WHERE file = '$f' AND test = '$t'")"
python3 - "$work/idx" "$m" <<'EOF'
import os, struct, sys
d = sys.argv[1]
path = os.path.join(d, sorted(os.listdir(d))[0])
st = os.stat(path)
data = bytearray(open(path, "rb").read())
old = struct.pack("=d", float(sys.argv[2]))
at = data.find(old)
if at < 0:
    sys.exit("the mean's bytes are not in the index")
data[at:at + 8] = struct.pack("=d", float(sys.argv[2]) * 2)
open(path, "r+b").write(data)
os.utime(path, ns=(st.st_atime_ns, st.st_mtime_ns))
EOF
./sysmark history --index "$work/idx" -f json -t "$t" "$dir" >"$work/json"
python3 - "$work/json" "$f" "$m" <<'EOF'
import json, sys
doc = json.load(open(sys.argv[1]))
for s in doc["series"]:
    for p in s["runs"]:
        if p["file"] == sys.argv[2]:
            print("sysmark serves: %s (the file says %s)" % (p["mean"],
                                                            sys.argv[3]))
EOF
[ -z "$keep" ] || echo "runs kept in $dir"
