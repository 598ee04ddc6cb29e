#!/bin/sh
# The console's Hosts screen (H) against two real sshd: an inventory
# opened, a bad one refused with path:line, hosts picked with the test
# list's keys, the select screen's tests run on both at once with a line
# per host, and the compare screen showing the hosts side by side; the
# runs, logs and fleet.csv saved as fleet run saves them; nothing left
# running on the hosts.
# shellcheck shell=sh
set -u
. tests/e2e/lib.subr
. tests/e2e/fleet.subr
trap 'fl_cleanup; e2e_cleanup' EXIT

fl_setup
fl_start 1 known
fl_start 2 known
fl_inventory "$fl_tmp/inv" 1 2
printf '[g]\nh ansible_password=x\n' >"$fl_tmp/bad.inv"
fl_console
e2e_choose 1
e2e_keys F
e2e_wait "inventory file:"
e2e_keys "$fl_tmp/bad.inv" Enter
e2e_wait "bad.inv:2: ansible_password: sysmark does not honour"
e2e_keys i
e2e_wait "inventory file:"
e2e_keys C-u "$fl_tmp/inv" Enter
e2e_wait "2 of 2 host(s) picked"
e2e_wait "^\[x\] h1  *127.0.0.2:"
e2e_keys Space
e2e_wait "1 of 2 host(s) picked"
e2e_keys a
e2e_wait "2 of 2 host(s) picked"
e2e_shot hosts
e2e_keys Enter
e2e_wait "^HOST  *STATUS  *TEST  *SAMPLES"
e2e_wait "^h2  *\(connecting\|running\|ok\)"
# Enter started the run, and the screen took it: the frame did not take
# it again as a key that does nothing.
e2e_screen | grep -q "that key does nothing" &&
    e2e_fail "the key that started the fleet was called one that does nothing"
e2e_shot hosts-running
e2e_wait "^TEST  *h1  *h2  *RATIO" 120
e2e_wait "compare: 2 side by side"
e2e_shot hosts-compare
[ "$(grep -c '"ok"' "$fl_tmp"/results/fleet-*/fleet.csv)" -eq 2 ] ||
    e2e_fail "fleet.csv: $(cat "$fl_tmp"/results/fleet-*/fleet.csv)"
[ -f "$(ls -d "$fl_tmp"/results/fleet-*)/h2.csv" ] || e2e_fail "no h2.csv"
e2e_keys q
e2e_check_restored 0
ps -eo args | grep -v grep | grep -q "$fl_tmp/home.*sysmark" &&
    e2e_fail "left on a host: $(ps -eo pid,args | grep "$fl_tmp/home")"
exit 0
