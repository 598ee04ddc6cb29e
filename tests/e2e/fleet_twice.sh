#!/bin/sh
# Two fleets benchmarking one host at once (a real sshd on 127.0.0.2)
# must not both report ok: each would slow the other and both runs would
# look whole.  The agent measures under the host's lock, so the second
# fleet's agent is refused at once, saying why: that fleet exits 6, its
# host refused with no run file; the first fleet's run goes on and ends
# ok with every sample; once it has ended, the host measures again.
# shellcheck shell=sh
set -u
. tests/e2e/fleet.subr

fl_setup
cfg="-F $fl_tmp/ssh_config"
fl_start 1 known
fl_inventory "$fl_tmp/inv" 1
mkdir -p "$fl_tmp/a" "$fl_tmp/b" "$fl_tmp/c"

SYSMARK_RESULTS=$fl_tmp/results "$fl_bin" fleet run $cfg -i "$fl_tmp/inv" \
    -o "$fl_tmp/a" -t syscall -c 1 -d 0.2 -n 60 >"$fl_tmp/a.out" \
    2>"$fl_tmp/a.err" &
apid=$!
fl_wait_for 90 sh -c "grep -q 'sample syscall 1 1/' $fl_tmp/a/fleet-*/h1.log" ||
    fl_fail "fleet A measured nothing: $(cat "$fl_tmp/a.err")"
t0=$(date +%s)
fl_sysmark fleet run $cfg -i "$fl_tmp/inv" -o "$fl_tmp/b" -t syscall -c 1 \
    -d 0.2 -n 3 >"$fl_tmp/b.out" 2>"$fl_tmp/b.err"
rc=$?
db=$(ls -d "$fl_tmp"/b/fleet-*)
[ $rc -eq 6 ] || fl_fail "fleet B beside A: exit $rc: $(cat "$db/fleet.csv")"
kill -0 "$apid" 2>/dev/null ||
    fl_fail "fleet A ended before B was refused: the test proves nothing"
grep -q '^"h1",[^,]*,"refused",.*another sysmark agent is measuring this host now' \
    "$db/fleet.csv" || fl_fail "fleet B: $(cat "$db/fleet.csv")"
[ ! -e "$db/h1.csv" ] || fl_fail "fleet B kept a run measured beside A"
echo "  the second fleet refused in $(($(date +%s) - t0)) s," \
    "load $(cut -d' ' -f1-3 /proc/loadavg)"
fl_wait_for 180 sh -c "! kill -0 $apid" || fl_fail "fleet A hangs"
wait "$apid"
rc=$?
da=$(ls -d "$fl_tmp"/a/fleet-*)
[ $rc -eq 0 ] || fl_fail "fleet A: exit $rc: $(cat "$da/fleet.csv")"
grep -q '^"h1",[^,]*,"ok",' "$da/fleet.csv" || fl_fail "A: $(cat "$da/fleet.csv")"
[ "$(grep -c '^sample,syscall,' "$da/h1.csv")" -ge 60 ] ||
    fl_fail "A's run is not whole: $(grep -c '^sample,' "$da/h1.csv") samples"
# A has ended: the lock went with its agent, the host measures again.
fl_sysmark fleet run $cfg -i "$fl_tmp/inv" -o "$fl_tmp/c" -t syscall -c 1 \
    -d 0.1 -n 1 >"$fl_tmp/c.out" 2>"$fl_tmp/c.err" ||
    fl_fail "after A: $(cat "$fl_tmp/c.err")"
echo "$0: ok"
