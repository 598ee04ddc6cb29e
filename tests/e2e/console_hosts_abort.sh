#!/bin/sh
# A on the Hosts screen while a fleet runs (two real sshd, both hosts
# measuring): the fleet stops, every host's line leaves "running", the
# hosts are compared side by side with what they finished, nothing is
# left running on a host, and A is taken as the key that did it: from the
# key to the fleet's end (screens polled) the console never calls it a
# key that does nothing.
# shellcheck shell=sh
set -u
. tests/e2e/lib.subr
. tests/e2e/fleet.subr
trap 'fl_cleanup; e2e_cleanup' EXIT

fl_setup
fl_start 1 known
fl_start 2 known
fl_inventory "$fl_tmp/inv" 1 2
fl_console_fleet "$fl_tmp/inv"
e2e_wait "^fleet fleet-[0-9-]*, 2 host(s): A aborts"
d=$(ls -d "$fl_tmp"/results/fleet-*)
for n in 1 2; do
	fl_wait_for 90 sh -c "grep -q 'sample syscall 2 2/' $d/h$n.log" ||
	    e2e_fail "h$n measured nothing: $(cat "$d/h$n.log")"
done
e2e_keys A
end=$(($(date +%s) + 90))
while ! e2e_screen | grep -q "the fleet's runs are in"; do
	e2e_screen | grep -q "that key does nothing" &&
	    e2e_fail "A, which stops the fleet, was called a key that does nothing"
	[ "$(date +%s)" -le "$end" ] ||
	    e2e_fail "the fleet did not end in 90 s after A"
	sleep 0.05
done
e2e_screen | grep -q "that key does nothing" &&
    e2e_fail "A, which stops the fleet, was called a key that does nothing"
e2e_wait "compare: 2 side by side"
grep -q '"running"\|"ok"' "$d/fleet.csv" &&
    e2e_fail "fleet.csv after A: $(cat "$d/fleet.csv")"
e2e_keys q
e2e_check_restored 0
fl_wait_for 30 sh -c "! ps -eo args | grep -v grep | grep -q '$fl_tmp/home.*sysmark'" ||
    e2e_fail "left on a host: $(ps -eo pid,args | grep "$fl_tmp/home")"
echo "console_hosts_abort: ok; load $(cut -d' ' -f1-3 /proc/loadavg)"
exit 0
