#!/bin/sh
# A real series for `sysmark history`: RUNS runs (default 30) of six
# CPU-bound tests taken in turn on this machine, with a slowdown of
# SHARE% (default 5) made on purpose from run AT (default 20) on by the
# duty-cycle load (tests/perf/duty.c, built here: one process pinned on
# each CPU this one may use, spinning SHARE% of every 10 ms period, so
# that the measured test, whichever CPU it is on, loses about SHARE% of
# it; the spinners run SCHED_FIFO, duty -r, so that the other processes
# of a loaded machine cannot starve them of their share).  Then history
# is asked: the step should be found at run AT (or
# the next) with its size, and no change called before it.  Prints each
# run's load and the answer; the runs are kept in a private directory
# under $TMPDIR, whose path is printed.
#
# Usage: sh tests/perf/history_real.sh [-n RUNS] [-a AT] [-s SHARE]
#            [-d SECONDS] [-N SAMPLES] [-t ID,...] [-j DIR]
#   -n RUNS      runs in the series (default 30)
#   -a AT        the first run slowed, 1-based (default 20)
#   -s SHARE     the duty load's share of each CPU, percent (default 5)
#   -d SECONDS   one sample (default 0.5); -N samples a run (default 6)
#   -t ID,...    the six tests (default dhry2reg,whetstone-double,
#                arithoh,hanoi,syscall,pipe)
#   -j DIR       take no runs: judge those this script left in DIR (its
#                private directory) with today's sysmark
# Then the runs are replayed as CI meets them, one more at a time from
# run 8: at each, the series that history --fail-on change trips on, and
# those the older rule (the newest run begins a worse step) would have.
# From the top of the tree after `make sysmark`.  Exit 0 when the step
# was found where it was put (run AT or the next) in every series and no
# change was called before it, 1 otherwise.
set -eu

me=history_real
runs=30 at=20 share=5 dur=0.5 samples=6 judge=
tests=dhry2reg,whetstone-double,arithoh,hanoi,syscall,pipe
while getopts n:a:s:d:N:t:j: c; do
	case $c in
	n) runs=$OPTARG ;;
	a) at=$OPTARG ;;
	s) share=$OPTARG ;;
	d) dur=$OPTARG ;;
	N) samples=$OPTARG ;;
	t) tests=$OPTARG ;;
	j) judge=$OPTARG ;;
	*) sed -n '/^# Usage:/,/^# From the top/{/^# From/d;s/^# \{0,1\}//p;}' \
	    "$0" >&2; exit 2 ;;
	esac
done
top=$(pwd)
[ -x "$top/sysmark" ] && [ -f "$top/tests/perf/duty.c" ] ||
    { echo "$me: run from the top after make sysmark" >&2; exit 2; }
if [ -n "$judge" ]; then
	[ -d "$judge/runs" ] || { echo "$me: no runs in $judge" >&2; exit 2; }
	work=$judge
else
	work=$(mktemp -d "${TMPDIR:-/tmp}/sysmark-real.XXXXXX")
	mkdir "$work/runs"
fi
SYSMARK_RESULTS=$work
export SYSMARK_RESULTS
[ -n "$judge" ] || ${CC:-cc} -std=c11 -O2 -o "$work/duty" \
    "$top/tests/perf/duty.c" ||
    { echo "$me: could not build tests/perf/duty.c" >&2; exit 2; }

duty_pid=
duty_stop() {
	[ -n "$duty_pid" ] || return 0
	kill "$duty_pid" 2>/dev/null || true
	i=0
	while kill -0 "$duty_pid" 2>/dev/null && [ $i -lt 100 ]; do
		sleep 0.1
		i=$((i + 1))
	done
	[ $i -lt 100 ] || kill -KILL "$duty_pid" 2>/dev/null || true
	wait "$duty_pid" 2>/dev/null || true
	duty_pid=
	grep '^duty: used' "$work/duty.out" || true
}
trap 'duty_stop' EXIT
trap 'exit 130' INT TERM HUP

# The duty load running, or exit: waits (a bound of 10 s) for its word.
duty_start() {
	: >"$work/duty.out"
	"$work/duty" -r "$share" >"$work/duty.out" 2>"$work/duty.err" &
	duty_pid=$!
	i=0
	while ! grep -q '^duty: running' "$work/duty.out"; do
		if [ $i -ge 100 ] || ! kill -0 "$duty_pid" 2>/dev/null; then
			echo "$me: the duty load did not start" >&2
			cat "$work/duty.err" >&2
			exit 2
		fi
		sleep 0.1
		i=$((i + 1))
	done
}

# The series: run AT on with the duty load.
take_runs() {
	echo "$runs runs of $tests, -d $dur -n $samples; $share% duty load" \
	    "from run $at; runs in $work/runs"
	for i in $(seq "$runs"); do
		n=$(printf '%02d' "$i")
		[ "$i" -lt "$at" ] || [ -n "$duty_pid" ] || duty_start
		l=$(cut -d' ' -f1-3 /proc/loadavg)
		SYSMARK_COMMIT=run-$n "$top/sysmark" run -q -t "$tests" \
		    -d "$dur" -n "$samples" -l "run-$n" \
		    -o "$work/runs/run-$n.csv" >/dev/null 2>"$work/run.err" ||
		    { cat "$work/run.err" >&2; exit 1; }
		echo "run $n done$([ -z "$duty_pid" ] || echo ', duty on')" \
		    "(load $l)"
	done
}

[ -n "$judge" ] || take_runs
duty_stop

"$top/sysmark" history --index none -b label "$work/runs" | tee "$work/out"
"$top/sysmark" history --index none -b label -f json "$work/runs" \
    >"$work/out.json"

# CI's view: the runs replayed one at a time, the gate asked at each.
replay_gate() {
	rm -rf "$work/grow"
	mkdir "$work/grow"
	i=0
	for f in "$work"/runs/run-*.csv; do
		i=$((i + 1))
		cp "$f" "$work/grow/"
		[ "$i" -ge 8 ] || continue
		"$top/sysmark" history --index none -b label --fail-on change \
		    -f json "$work/grow" 2>/dev/null | python3 -c '
import json, sys
d, n = json.load(sys.stdin), int(sys.argv[1])
gate = [t["id"] for t in d["gate"]["trips"]]
old = [k["id"] for k in d["series"] if k["change_points"] and
       k["change_points"][-1]["worse"] and
       k["change_points"][-1]["index"] == n - 1]
if gate or old:
    print("run %d: the gate trips on %s; the older rule on %s" %
          (n, " ".join(gate) or "none", " ".join(old) or "none"))
' "$i"
	done
	rm -rf "$work/grow"
}
echo "As CI meets them, a run at a time:"
replay_gate
# Each series' change points (their first run, 1-based) and verdict.
python3 - "$work/out.json" "$at" <<'EOF'
import json, sys
doc = json.load(open(sys.argv[1]))
at = int(sys.argv[2])
early = found = held = 0
for k in doc["series"]:
    cps = k["change_points"]
    hit = False
    if not cps and k["detectable"] is None:
        print("%-18s too short to search" % k["id"])
    elif not cps:
        print("%-18s no change (a step of %.1f%% would be found)" %
              (k["id"], 100 * k["detectable"]))
    for c in cps:
        run = c["index"] + 1
        first, last = c["start_first_index"] + 1, c["start_last_index"] + 1
        print("%-18s change at run %d (began in runs %d-%d): %+.1f%% "
              "[%+.1f, %+.1f], p %.3f" %
              (k["id"], run, first, last, 100 * c["change"],
               100 * c["change_lo"], 100 * c["change_hi"], c["p"]))
        held += first <= at <= last
        if run < at:
            early += 1
        elif run <= at + 1:
            hit = True
    found += hit
print("steps found at run %d or %d: %d of %d series; changes called "
      "before run %d: %d" % (at, at + 1, found, len(doc["series"]), at,
                             early))
print("change points whose range of runs it may have begun at holds run "
      "%d: %d of %d" % (at, held, sum(len(k["change_points"])
                                    for k in doc["series"])))
sys.exit(0 if found == len(doc["series"]) and early == 0 else 1)
EOF
