#!/bin/sh
# Command tests with the rest of what a run does, each checked on what it
# leaves:
#   - -w N runs N untimed executions a sample besides the timed ones
#     (counted by the command itself); --show-output lets the output
#     through, which is otherwise gone;
#   - --timeout ends an execution that outlasts it and fails the sample
#     saying so; what a command leaves running is swept at the sample's
#     end;
#   - -R repeats the plan; the run's --setup and --cleanup hooks and a
#     suite's own setup and cleanup columns run;
#   - an interrupted run of command tests resumes from its file, the
#     command rebuilt from it;
#   - compare calls runs of one command one test, and a changed command a
#     test whose version differs; the gate (--fail-on) passes on it;
#   - the report of a command run is well-formed; show -f json gives each
#     sample's CPU time and peak RSS, and a time as lower is better; -L's
#     scan is drawn by show;
#   - calibrate -x makes the noise profile run --detect needs for the
#     command;
#   - a Google Benchmark --benchmark_out file imports and compares.
set -u
. tests/e2e/cli.subr
export SYSMARK_RESULTS="$tmp/results"
mkdir -p "$SYSMARK_RESULTS"
want() {
	grep -q -F -- "$1" "$2" || fail "no \"$1\" in $2"
}
col() {	# FILE TEST COLUMN: that column of TEST's samples, one a line
	awk -F, -v t="$2" -v c="$3" '$1 == "sample" && $2 == t { print $c }' "$1"
}

# -w 3: executions = the timed ones (iterations) + 3 a sample.
$bin run -x "w=sh -c 'echo x >>$tmp/count'" -w 3 -d 0.2 -n 2 -q \
    -o "$tmp/w.csv" >"$out" 2>"$err" || fail "-w: exit status $?"
timed=$(col "$tmp/w.csv" w 10 | awk '{ s += $1 } END { print s }')
nsamp=$(col "$tmp/w.csv" w 10 | wc -l)
[ "$(wc -l <"$tmp/count")" -eq $((timed + 3 * nsamp)) ] ||
    fail "-w 3: $(wc -l <"$tmp/count") executions for $timed timed in $nsamp samples"

# Output: to /dev/null, unless --show-output.
$bin run -x 'o=echo hidden-e2e' -d 0.2 -n 1 -q -o "$tmp/o.csv" \
    >"$out" 2>"$err" || fail "run: exit status $?"
grep -q hidden-e2e "$out" "$err" && fail "the output was not hidden"
$bin run -x 'o=echo shown-e2e' --show-output -d 0.2 -n 1 -q \
    -o "$tmp/o2.csv" >"$out" 2>"$err" || fail "--show-output: exit status $?"
cat "$out" "$err" | grep -q shown-e2e || fail "--show-output: no output"

# --timeout, and what is left running swept.
$bin run -x 'sl=sleep 31.75' --timeout 0.3 -d 0.2 -n 1 -q -o "$tmp/t.csv" \
    >"$out" 2>"$err"
[ $? -eq 1 ] || fail "--timeout: not exit status 1"
col "$tmp/t.csv" sl 11 | grep -q failed || fail "--timeout: no failed sample"
col "$tmp/t.csv" sl 12 | grep -q -i "time" || fail "--timeout: no reason"
pgrep -x -f "sleep 31.75" >/dev/null &&
    fail "the timed-out command is still running"
$bin run -x "bg=sh -c 'sleep 47.5 & echo started'" -d 0.2 -n 1 -q \
    -o "$tmp/bg.csv" >"$out" 2>"$err" || fail "bg: exit status $?"
pgrep -x -f "sleep 47.5" >/dev/null && fail "a command's child was left running"

# -R 2, the run's hooks and a suite's.
printf 'id,title,command,setup,cleanup,unit,direction\n%s\n' \
    "h,Hooked,true,touch $tmp/suite-setup,touch $tmp/suite-cleanup,s,lower" \
    >"$tmp/suite.csv"
$bin run --suite "$tmp/suite.csv" -R 2 -d 0.2 -n 1 -q \
    --setup "echo setup >>$tmp/hooks" --cleanup "echo cleanup >>$tmp/hooks" \
    -o "$tmp/r.csv" >"$out" 2>"$err" || fail "-R 2: exit status $?"
col "$tmp/r.csv" h 14 | grep -q '^2$' || fail "-R 2: no sample of repeat 2"
want setup "$tmp/hooks"
want cleanup "$tmp/hooks"
[ -e "$tmp/suite-setup" ] && [ -e "$tmp/suite-cleanup" ] ||
    fail "the suite's setup or cleanup did not run"

# Interrupted, then resumed from the file it left.
$bin run -x 'rs=sleep 0.01' -d 0.5 -n 6 -q -o "$tmp/rs.csv" \
    >"$out" 2>"$err" &
pid=$!
end=$(($(date +%s) + 60))
until [ "$(col "$tmp/rs.csv" rs 11 2>/dev/null | grep -c ok)" -ge 2 ]; do
	[ "$(date +%s)" -le "$end" ] || fail "no sample saved to interrupt"
	sleep 0.1
done
kill -INT "$pid"
wait "$pid"
n1=$(col "$tmp/rs.csv" rs 11 | grep -c ok)
[ "$n1" -lt 7 ] || fail "the run ended before it was interrupted"
$bin run --resume "$tmp/rs.csv" -q >"$out" 2>"$err" ||
    fail "--resume: exit status $?"
[ "$(col "$tmp/rs.csv" rs 11 | grep -c ok)" -gt "$n1" ] ||
    fail "--resume took no sample"
want "meta,status,complete" "$tmp/rs.csv"

# compare, the gate, a changed command.
$bin run -x 'e=echo 1' -d 0.2 -n 3 -q -o "$tmp/e1.csv" >"$out" 2>"$err" &&
$bin run -x 'e=echo 1' -d 0.2 -n 3 -q -o "$tmp/e2.csv" >"$out" 2>"$err" &&
$bin run -x 'e=echo 2' -d 0.2 -n 3 -q -o "$tmp/e3.csv" >"$out" 2>"$err" ||
    fail "run -x e: exit status $?"
$bin compare -p none --fail-on incomparable "$tmp/e1.csv" "$tmp/e2.csv" \
    >"$out" 2>"$err" || fail "compare --fail-on: exit status $?"
grep -q "^e " "$out" || fail "compare: no line for e"
$bin compare -p none "$tmp/e1.csv" "$tmp/e3.csv" >"$out" 2>"$err" ||
    fail "compare a changed command: exit status $?"
grep -q -i "version" "$out" || fail "a changed command compared as the same"

# The report, JSON's CPU time and RSS, the scan of -L.
$bin report -o "$tmp/e.html" "$tmp/e1.csv" "$tmp/e2.csv" >"$out" 2>"$err" ||
    fail "report: exit status $?"
python3 tests/check/htmlcheck.py "$tmp/e.html" >"$out" || fail "report not well-formed"
want "e, 1 copy: every sample" "$tmp/e.html"
$bin show -f json "$tmp/e1.csv" >"$out" 2>"$err" || fail "show -f json: $?"
python3 -c 'import json, sys
t = [x for x in json.load(open(sys.argv[1]))["runs"][0]["tests"]
     if x["id"] == "e"][0]
assert not t["higher_is_better"], "a time, lower is better"
s = t["samples"]
assert s and all(x["user_s"] >= 0 and x["sys_s"] >= 0 and
                 x["maxrss_kb"] > 0 for x in s), s' "$out" >"$err" 2>&1 ||
    fail "JSON: $(tail -n 1 "$err")"
$bin run -x 'l=echo {w}' -L w 1,2,5 -d 0.2 -n 1 -q -o "$tmp/l.csv" \
    >"$out" 2>"$err" || fail "-L: exit status $?"
$bin show "$tmp/l.csv" >"$out" 2>"$err" || fail "show -L: exit status $?"
want "l against {w} (s, lower is better)" "$out"
grep -q "^ *5  l-5 " "$out" || fail "show: no point at w = 5"

# calibrate -x, then run --detect on the command.
$bin run -x 'd=true' --detect 30 -q -o "$tmp/d0.csv" </dev/null \
    >"$out" 2>"$err" && fail "--detect without a profile ran"
$bin calibrate -x 'd=true' -d 0.2 -n 2 -R 2 -g 0 -q >"$out" 2>"$err" ||
    fail "calibrate -x: exit status $?"
want "meta,command.d,true" "$SYSMARK_RESULTS/noise-$(hostname).csv"
$bin run -x 'd=true' --detect 50 -q -o "$tmp/d.csv" </dev/null \
    >"$out" 2>"$err"
case $? in
0) want "sample,d," "$tmp/d.csv" ;;
2) grep -q "not reachable on this host" "$err" ||
       fail "--detect refused: $(cat "$err")" ;;
*) fail "--detect: exit status $?" ;;
esac

# Google Benchmark's output is imported and compared.
cat >"$tmp/gb.json" <<'JSON'
{"context": {"date": "2026-12-02T10:00:00+00:00", "host_name": "gbhost",
 "executable": "./bm", "num_cpus": 2, "library_build_type": "release"},
 "benchmarks": [
 {"name": "BM_x", "run_name": "BM_x", "run_type": "iteration",
  "repetitions": 3, "repetition_index": 0, "threads": 1,
  "iterations": 1000, "real_time": 10.0, "cpu_time": 10.0, "time_unit": "ns"},
 {"name": "BM_x", "run_name": "BM_x", "run_type": "iteration",
  "repetitions": 3, "repetition_index": 1, "threads": 1,
  "iterations": 1000, "real_time": 11.0, "cpu_time": 11.0, "time_unit": "ns"},
 {"name": "BM_x", "run_name": "BM_x", "run_type": "iteration",
  "repetitions": 3, "repetition_index": 2, "threads": 1,
  "iterations": 1000, "real_time": 10.5, "cpu_time": 10.5, "time_unit": "ns"},
 {"name": "BM_x_mean", "run_name": "BM_x", "run_type": "aggregate",
  "aggregate_name": "mean", "repetitions": 3, "threads": 1,
  "iterations": 3, "real_time": 10.5, "cpu_time": 10.5, "time_unit": "ns"}]}
JSON
$bin import -q -o "$tmp/gb.csv" "$tmp/gb.json" >"$out" 2>"$err" ||
    fail "import Google Benchmark: exit status $?"
[ "$(awk -F, '$1 == "sample"' "$tmp/gb.csv" | wc -l)" -eq 3 ] ||
    fail "import: not the 3 repetitions as samples"
sed 's/"real_time": 11.0/"real_time": 12.0/' "$tmp/gb.json" >"$tmp/gb2.json"
$bin import -q -o "$tmp/gb2.csv" "$tmp/gb2.json" >"$out" 2>"$err" ||
    fail "import Google Benchmark: exit status $?"
$bin compare -p none "$tmp/gb.csv" "$tmp/gb2.csv" >"$out" 2>"$err" ||
    fail "compare the import: exit status $?"
grep -q "^BM_x " "$out" || fail "compare: no line for BM_x"
exit 0
