#!/bin/sh
# Does `run --detect PERCENT` find a real slowdown of about PERCENT?  The
# slowdown is made on purpose: tests/perf/duty.c (built here) runs one
# process pinned on each CPU that spins SHARE% of every 10 ms and sleeps
# the rest, so a CPU-bound test loses about SHARE% of its CPU.
#
# With this host's noise profile (made here by `sysmark calibrate` for
# the test, or -P FILE), it prints the settings run --detect chooses and
# sysmark's estimate of their time, then for each trial measures sides A
# (no load) and B (the load) with those settings, and a second A side,
# A', as an A/A control.  When the plan is K runs a side, the three
# sides' runs are taken in turn, a round at a time (A' A B, then B A A',
# alternating from round to round and trial to trial); with one run a
# side the rounds are the trial.  `sysmark compare A... -- B...` judges A
# -> B and A' against A.  It ends with a table (each verdict with its
# change and the smallest change that comparison could see, the load
# generator's measured share, the load average) and "found the slowdown
# in k of n trials; A/A false calls m of n", the change run --detect
# promised beside those the comparisons reported they could see (their
# median within 25% of it, or not), then the lag-1 correlation
# of each side's repeat (or run) means in the order taken.  Expect about
# 80% found when the real slowdown is at least the detectable change, and
# about 5% false calls.
#
# Usage: sh tests/perf/detect_trials.sh [-t TEST] [-p PERCENT] [-s SHARE]
#            [-P PROFILE | -d SECONDS -n SAMPLES -R REPEATS -g SECONDS]
#            [TRIALS]
#   -t TEST     the test (default dhry2reg: CPU-bound, one copy)
#   -p PERCENT  run --detect's target (default 5)
#   -s SHARE    the load's share of each 10 ms, percent (default 5)
#   -P PROFILE  a noise profile of this host covering TEST (e.g. the
#               noise-HOST.csv a calibrate left); without it one is made
#   -d -n -R -g calibrate's sample length, samples, repeats and pause
#               when making the profile (default: calibrate's own)
#   TRIALS      default 5
# From the top of the tree after `make`.  Everything it writes (the
# profile, every run, every comparison) stays in a private directory,
# never in results/ (SYSMARK_RESULTS points there); its path is printed.
# Smoke check: sh tests/perf/detect_trials.sh -d 0.2 -n 3 -R 3 -g 0 \
#                  -p 50 -s 50 1
# Not a test: what it finds depends on the machine and its load.
set -u

me=tests/perf/detect_trials.sh
[ -f tests/perf/lib.sh ] ||
    { echo "$me: run from the top of the tree" >&2; exit 2; }
. ./tests/perf/lib.sh
# Defaults; the profile's making (-d -n -R -g) is calibrate's own.
test_id=dhry2reg pct=5 share=5
profile= cal_d= cal_n= cal_r= cal_g=

while getopts t:p:s:P:d:n:R:g:h opt; do
	case $opt in
	t) test_id=$OPTARG ;;
	p) perf_number -p "$OPTARG"; pct=$OPTARG ;;
	s) perf_number -s "$OPTARG"; share=$OPTARG ;;
	P) profile=$OPTARG ;;
	d) perf_number -d "$OPTARG"; cal_d=$OPTARG ;;
	n) perf_number -n "$OPTARG"; cal_n=$OPTARG ;;
	R) perf_number -R "$OPTARG"; cal_r=$OPTARG ;;
	g) perf_number -g "$OPTARG"; cal_g=$OPTARG ;;
	*) perf_usage TRIALS ;;
	esac
done
shift $((OPTIND - 1))
trials=${1:-5}
[ $# -le 1 ] || perf_usage TRIALS
case $trials in
'' | *[!0-9]* | 0) echo "$me: TRIALS $trials: a count from 1" >&2; exit 2 ;;
esac
case $test_id in
'' | -* | *[!A-Za-z0-9_.@-]*)
	echo "$me: -t $test_id: one test id (sysmark list shows them)" >&2
	exit 2 ;;
esac
perf_profile_opts "$profile" "$cal_d$cal_n$cal_r$cal_g"

perf_setup detect
duty_pid=

# Stop the load generator by its pid: it stops its own processes, then
# says what share it used; wait for that line (10 s), else kill it.
duty_stop() {
	[ -n "$duty_pid" ] || return 0
	kill "$duty_pid" 2>/dev/null
	i=0
	while ! grep -q '^duty: used' "$work/duty.out" 2>/dev/null &&
	    [ $i -lt 100 ]; do
		sleep 0.1
		i=$((i + 1))
	done
	[ $i -lt 100 ] || kill -KILL "$duty_pid" 2>/dev/null
	wait "$duty_pid" 2>/dev/null
	duty_pid=
}

# Start it and wait (10 s at most) until every process is pinned.
duty_start() {
	: >"$work/duty.out"
	"$work/duty" "$share" >"$work/duty.out" 2>"$work/duty.err" \
	    </dev/null &
	duty_pid=$!
	i=0
	while ! grep -q '^duty: running' "$work/duty.out"; do
		if [ $i -ge 100 ] || ! kill -0 "$duty_pid" 2>/dev/null; then
			echo "$me: the load did not start:" >&2
			cat "$work/duty.err" >&2
			duty_stop
			return 1
		fi
		sleep 0.1
		i=$((i + 1))
	done
}

cleanup() {
	perf_stop_job
	duty_stop
}
trap 'cleanup; echo "$me: interrupted; kept $work" >&2; exit 130' \
    INT TERM HUP
trap 'cleanup' EXIT

${CC:-cc} -std=c11 -O2 -o "$work/duty" "$top/tests/perf/duty.c" ||
    { echo "$me: could not build tests/perf/duty.c" >&2; exit 2; }

# ---- The host profile ----
if [ -n "$profile" ]; then
	cp "$profile" "$noise" || exit 2
	echo "profile: $profile (copied to $noise)"
else
	set -- -t "$test_id" -q
	[ -z "$cal_d" ] || set -- "$@" -d "$cal_d"
	[ -z "$cal_n" ] || set -- "$@" -n "$cal_n"
	[ -z "$cal_r" ] || set -- "$@" -R "$cal_r"
	[ -z "$cal_g" ] || set -- "$@" -g "$cal_g"
	# calibrate spreads its repeats over 5 minutes unless -g says.
	bound=$(awk -v d="${cal_d:-10}" -v n="${cal_n:-6}" \
	    -v r="${cal_r:-5}" -v g="${cal_g:--1}" 'BEGIN {
		gap = g < 0 ? 300 : (r - 1) * g
		printf "%d", 3 * (r * (n + 1) * d + gap) + 300 }')
	perf_calibrate "$bound" "$@"
	sed -n '/^SMALLEST DETECTABLE CHANGE/,$p' "$work/calibrate.txt"
	echo
fi

# ---- What run --detect chooses ----
# With a time cap of 1 ms and no terminal to ask, run --detect says what
# it chose and how long it would take, then refuses: nothing is measured.
perf_bounded 120 "$work/plan.out" "$work/plan.err" "$bin" run \
    --detect "$pct" -t "$test_id" -T 0.001 -o "$work/plan.csv"
plan=$(grep '^run --detect' "$work/plan.err")
if [ -z "$plan" ]; then
	echo "$me: run --detect $pct chose no settings:" >&2
	cat "$work/plan.err" >&2
	exit 1
fi
echo "$plan"
# The change it promises for the hardest test: what each comparison it
# planned should then report it can see.
promise=$(printf '%s\n' "$plan" |
    sed -n 's/.*(the hardest, [^,]*, at \([0-9.]*\)%).*/\1/p')
# One run's time, and how many runs a side the plan takes.
est=$(printf '%s\n' "$plan" |
    sed -n 's/.* about \([0-9.]*\) \([a-z]*\) a run.*/\1 \2/p' |
    awk '{ print $1 * ($2 == "h" ? 3600 : $2 == "min" ? 60 : 1) }')
[ -n "$est" ] || est=600
nruns=$(printf '%s\n' "$plan" |
    sed -n 's/^run --detect [0-9.]*%: \([0-9]*\) runs a side .*/\1/p')
[ -n "$nruns" ] || nruns=1
bound=$(awk -v e="$est" 'BEGIN { printf "%d", 3 * e + 300 }')
awk -v e="$est" -v k="$trials" -v r="$nruns" 'BEGIN {
	t = 3 * k * r * e
	printf "%d trial%s of 3 sides each (A, B, A'\''), %d run%s a side: " \
	    "about %s in all, by sysmark'\''s estimate\n\n", k,
	    k == 1 ? "" : "s", r, r == 1 ? "" : "s",
	    t < 100 ? sprintf("%.0f s", t) : t < 6000 ? \
	    sprintf("%.0f min", t / 60) : sprintf("%.1f h", t / 3600) }'

# ---- The trials ----
# One run of the plan into $work/NAME.csv; B runs under the load, whose
# measured share of the CPU is added to $work/used.
measure() {
	name=$1
	[ "$2" = B ] && { duty_start || exit 1; }
	perf_bounded "$bound" "$work/$name.json" "$work/$name.err" "$bin" run \
	    --detect "$pct" -t "$test_id" -T 86400 -q -f json \
	    -l "$name" -o "$work/$name.csv"
	mrc=$?
	if [ "$2" = B ]; then
		duty_stop
		sed -n 's/^duty: used \([0-9.]*\)%.*/\1/p' "$work/duty.out" \
		    >>"$work/used"
	fi
	if [ $mrc -ne 0 ] && [ $mrc -ne 1 ]; then
		echo "$me: run $name failed (status $mrc):" >&2
		cat "$work/$name.err" >&2
		exit 1
	fi
	[ $mrc -eq 0 ] || echo "$me: $name: a sample failed (kept)" >&2
}

# The K runs of each side of trial k, a round at a time (duty_start and
# duty_stop count with i, so the round has its own name).
trial_runs() {
	round=1
	while [ "$round" -le "$nruns" ]; do
		if [ $(((k + round) % 2)) -eq 0 ]; then
			measure "t$k-A2-$round" A; measure "t$k-A-$round" A
			measure "t$k-B-$round" B
		else
			measure "t$k-B-$round" B; measure "t$k-A-$round" A
			measure "t$k-A2-$round" A
		fi
		round=$((round + 1))
	done
}

# The files of one side of trial k: side_files A.
side_files() {
	j=1
	while [ "$j" -le "$nruns" ]; do
		printf '%s\n' "$work/t$k-$1-$j.csv"
		j=$((j + 1))
	done
}

# compare OLD... -- NEW... of trial k (sides A, A2, B); its verdict,
# change, detectable change, basis.
judge() {
	# shellcheck disable=SC2046 # one path a line, none with a space
	perf_bounded 120 "$work/$3.json" "$work/$3.err" "$bin" compare -f json \
	    -p "$noise" $(side_files "$1") -- $(side_files "$2") ||
	    { cat "$work/$3.err" >&2; exit 1; }
python3 - "$work/$3.json" "$test_id" <<'PY'
import json, sys

def pct(v, fmt):
    return "-" if v is None else fmt % v

doc = json.load(open(sys.argv[1]))
for l in doc["comparisons"][0]["lines"]:
    if l["id"] == sys.argv[2] and l["copies"] == 1:
        print(l["verdict"] or "-", pct(l["change_pct"], "%+.1f%%"),
              pct(l["detectable_pct"], "%.1f%%"), l["basis"] or "-")
        break
else:
    print("- - - -")
PY
}

rows=$work/table.txt
: >"$rows"
found=0
false_calls=0
k=1
while [ $k -le "$trials" ]; do
	: >"$work/used"
	# A B B A over two trials (and over rounds): A' A B, then B A A'.
	if [ $((k % 2)) -eq 1 ]; then order="A' A B"; else order="B A A'"; fi
	trial_runs
	used=$(awk '{ s += $1; n++ } END { if (n) printf "%.1f%%", s / n }' \
	    "$work/used")
	load=$(cut -d' ' -f1 /proc/loadavg 2>/dev/null || echo -)
	judge A B "t$k-AB" >"$work/v.txt" || exit 1
	read -r abv abc abd abb <"$work/v.txt"
	judge A2 A "t$k-AA" >"$work/v.txt" || exit 1
	read -r aav aac aad aab <"$work/v.txt"
	[ "$abv" != worse ] || found=$((found + 1))
	case $aav in
	better | worse | small) false_calls=$((false_calls + 1)) ;;
	esac
	printf '%-5s  %-6s  %-7s %7s %7s  %-7s %7s %7s  %6s %5s\n' \
	    "$k" "$order" "$abv" "$abc" "$abd" "$aav" "$aac" "$aad" \
	    "${used:--}" "$load" >>"$rows"
	echo "trial $k of $trials ($order first): A/B $abv $abc (basis $abb)," \
	    "A/A $aav $aac; load $load"
	k=$((k + 1))
done

echo
echo "run --detect $pct on $test_id, load $share% of every 10 ms on each CPU"
printf '%-5s  %-6s  %-7s %7s %7s  %-7s %7s %7s  %6s %5s\n' TRIAL ORDER \
    "A/B" CHANGE "CAN SEE" "A/A" CHANGE "CAN SEE" "DUTY" LOAD
cat "$rows"
echo
echo "found the slowdown in $found of $trials trials;" \
    "A/A false calls $false_calls of $trials"
# The promise against what the comparisons reported they could see (A/B
# and A/A alike: both are comparisons of the plan's sides).
awk -v p="${promise:-nan}" '
$7 ~ /%$/ { v[n++] = $7 + 0 }
$10 ~ /%$/ { v[n++] = $10 + 0 }
END {
	if (n == 0 || p == "nan") { print "promise or reports missing"; exit }
	for (i = 0; i < n; i++)
		for (j = i + 1; j < n; j++)
			if (v[j] < v[i]) { t = v[i]; v[i] = v[j]; v[j] = t }
	m = n % 2 ? v[(n - 1) / 2] : (v[n / 2 - 1] + v[n / 2]) / 2
	ok = (m / p >= 0.75 && m / p <= 1.25) ? "within" : "NOT within"
	printf "promised %.1f%%; the %d comparisons reported %.1f-%.1f%% " \
	    "(median %.1f%%): median / promise %.2f, %s 25%%\n", p, n,
	    v[0], v[n - 1], m, m / p, ok
}' "$rows"
cat <<'END'
A/B: compare A B, worse = found.  A/A: compare A' A, better, worse or small =
  a false call.  ORDER: the first round's (with runs a side, rounds
  alternate it).  CAN SEE: the smallest change that comparison finds with 80%
  power.  DUTY: the share of each CPU the load really used (under other load
  its spinning, timed by the clock, gets less CPU).  LOAD: the 1-minute load
  average after the trial.
END
# Whether a side's units were independent, as compare's estimate takes
# them (but for one run's many repeats, which it batches): the lag-1
# correlation of each side's repeat (or run) means, in the order taken.
python3 - "$work" "$test_id" "$trials" "$nruns" <<'PY'
import csv, os, sys

work, test = sys.argv[1], sys.argv[2]
trials, nruns = int(sys.argv[3]), int(sys.argv[4])

def means(path):
    reps = {}
    for r in csv.reader(open(path)):
        if (len(r) > 13 and r[0] == "sample" and r[1] == test and
                r[10] == "ok" and int(r[5]) >= 1):
            reps.setdefault(int(r[13]), []).append(float(r[2]))
    return [sum(v) / len(v) for _, v in sorted(reps.items())]

def lag1(m):
    if len(m) < 3:
        return None
    mean = sum(m) / len(m)
    d = [x - mean for x in m]
    den = sum(x * x for x in d)
    return sum(d[i] * d[i + 1] for i in range(len(d) - 1)) / den \
        if den > 0 else None

cells = []
for k in range(1, trials + 1):
    for side in ("A", "A2", "B"):
        m = []
        for i in range(1, nruns + 1):
            path = os.path.join(work, "t%d-%s-%d.csv" % (k, side, i))
            if os.path.exists(path):
                m += means(path)
        v = lag1(m)
        cells.append("t%d-%s %s" % (k, side, "-" if v is None else
                                     "%+.2f" % v))
print("lag-1 correlation of each side's repeat or run means, in the order "
      "taken (independent: near 0, give or take 2 / sqrt(count)):")
for i in range(0, len(cells), 5):
    print("  " + "   ".join(cells[i:i + 5]))
PY
echo "runs, comparisons and the profile kept in $work"
