#!/bin/sh
# The console killed with SIGKILL mid-fleet (two real sshd) loses no
# host: fleet.csv is there from the fleet's first pass, both hosts
# running, and each host's remote directory carries the fleet's id; each
# agent, its input gone, keeps what it measured; fleet collect DIR then
# fetches every host's run into the fleet, tagged with the fleet's id,
# fleet.csv naming each host's file (interrupted: each run is a part),
# and leaves another fleet's run on the host where it is.
# shellcheck shell=sh
set -u
. tests/e2e/lib.subr
. tests/e2e/fleet.subr
trap 'fl_cleanup; e2e_cleanup' EXIT

fl_setup
fl_start 1 known
fl_start 2 known
fl_inventory "$fl_tmp/inv" 1 2
# Another fleet's run, left on h1 by an older fleet: not this one's.
mkdir -p "$fl_tmp/home1/.cache/sysmark/run.fleet-older.AbCdEf"
cp "$fl_top/tests/data/fleet-20261201/alpha.csv" \
    "$fl_tmp/home1/.cache/sysmark/run.fleet-older.AbCdEf/run.csv"
fl_console_fleet "$fl_tmp/inv"
e2e_wait "^fleet fleet-[0-9-]*, 2 host(s)"
d=$(ls -d "$fl_tmp"/results/fleet-*)
id=$(basename "$d")
[ -f "$d/fleet.csv" ] || e2e_fail "no fleet.csv at the fleet's start"
for n in 1 2; do
	fl_wait_for 90 sh -c "grep -q 'sample syscall 2 2/' $d/h$n.log" ||
	    e2e_fail "h$n measured nothing: $(cat "$d/h$n.log")"
	ls -d "$fl_tmp/home$n/.cache/sysmark/run.$id."* >/dev/null 2>&1 ||
	    e2e_fail "h$n: no remote directory named for $id: $(ls "$fl_tmp/home$n/.cache/sysmark")"
done
pid=$(e2e_pid)
[ -n "$pid" ] || e2e_fail "no console process"
kill -KILL "$pid"
fl_wait_for 30 sh -c "! kill -0 $pid" || e2e_fail "pid $pid outlived SIGKILL"
for n in 1 2; do
	grep -q "^\"h$n\",[^,]*,\"running\"," "$d/fleet.csv" ||
	    e2e_fail "fleet.csv after SIGKILL: $(cat "$d/fleet.csv")"
	# The agent, its input gone, keeps what it measured and ends.
	fl_wait_for 60 sh -c "ls $fl_tmp/home$n/.cache/sysmark/run.$id.*/run.csv &&
	    ! ls $fl_tmp/home$n/.cache/sysmark/run.$id.*/run.csv.lock" ||
	    e2e_fail "h$n's agent kept nothing: $(ls -R "$fl_tmp/home$n/.cache")"
done
fl_sysmark fleet collect -F "$fl_tmp/ssh_config" "$d" >"$fl_tmp/out" \
    2>"$fl_tmp/err"
grep -q "2 run(s) collected into $d" "$fl_tmp/err" ||
    e2e_fail "collect: $(cat "$fl_tmp/err")"
grep -q "h1: .*run.fleet-older.AbCdEf is fleet fleet-older's run: left there" \
    "$fl_tmp/err" || e2e_fail "collect took another fleet's run: $(cat "$fl_tmp/err")"
for n in 1 2; do
	grep -q "^meta,fleet_id,$id," "$d/h$n.csv" ||
	    e2e_fail "h$n.csv: no fleet id: $(head "$d/h$n.csv")"
	grep -q "^meta,fleet_host,h$n," "$d/h$n.csv" || e2e_fail "h$n.csv host"
	[ "$(grep -c '^sample,syscall,' "$d/h$n.csv")" -ge 1 ] ||
	    e2e_fail "h$n.csv: no samples"
	grep -q "^\"h$n\",.*,\"h$n.csv\",\"collected later" "$d/fleet.csv" ||
	    e2e_fail "fleet.csv not updated: $(cat "$d/fleet.csv")"
	! ls -d "$fl_tmp/home$n/.cache/sysmark/run.$id."* >/dev/null 2>&1 ||
	    e2e_fail "h$n: collect left its directory"
done
# Each run is the part its agent measured before the console died: the
# hosts are interrupted, not ok, and fleet show exits 6.
fl_sysmark fleet show "$d" >"$fl_tmp/out" 2>&1
[ $? -eq 6 ] || e2e_fail "fleet show: not 6: $(cat "$fl_tmp/out")"
[ "$(grep -c '^h[12] .* interrupted ' "$fl_tmp/out")" -eq 2 ] ||
    e2e_fail "fleet show: $(cat "$fl_tmp/out")"
[ -f "$fl_tmp/home1/.cache/sysmark/run.fleet-older.AbCdEf/run.csv" ] ||
    e2e_fail "collect removed another fleet's run"
e2e_keys "stty sane; tput rmcup; clear" C-j
echo "  console killed mid-fleet: both hosts collected into $d;" \
    "load $(cut -d' ' -f1-3 /proc/loadavg)"
exit 0
