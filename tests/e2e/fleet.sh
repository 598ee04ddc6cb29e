#!/bin/sh
# The fleet on four healthy hosts (real sshd on 127.0.0.2 to .5): fleet
# check, fleet run (binary copied through ssh's stdin, one run file per
# host, fleet.csv, logs, the side-by-side table), fleet show, run
# --hosts; names, users and test ids that try to inject are refused
# before any ssh runs (the ssh wrapper's log stays empty); Ctrl-C mid-run
# exits 130, keeps what finished and leaves no sysmark process on any
# host.
# shellcheck shell=sh
set -u
. tests/e2e/fleet.subr

fl_setup
for n in 1 2 3 4; do
	fl_start $n known
done
fl_inventory "$fl_tmp/inv" 1 2 3 4
: >"$fl_tmp/argv.log"
cfg="-F $fl_tmp/ssh_config"

# ---- Injection: refused before any ssh runs.
for bad in '-oProxyCommand=touch@x' 'a;touch' 'a$(id)' 'a`id`' "a'b"; do
	printf '%s\n' "$bad" >"$fl_tmp/bad.inv"
	fl_sysmark fleet check $cfg -i "$fl_tmp/bad.inv" \
	    >"$fl_tmp/out" 2>"$fl_tmp/err"
	[ $? -eq 2 ] || fl_fail "inventory host \"$bad\" not refused"
	grep -q "bad.inv:1:" "$fl_tmp/err" || fl_fail "no path:line for $bad"
done
printf 'h1 ansible_host=127.0.0.2 ansible_user=-lroot\n' >"$fl_tmp/bad.inv"
fl_sysmark fleet check $cfg -i "$fl_tmp/bad.inv" 2>"$fl_tmp/err" &&
    fl_fail "a user starting with - accepted"
grep -q "not a user name" "$fl_tmp/err" || fl_fail "user: $(cat "$fl_tmp/err")"
fl_sysmark run --hosts 'x;id@127.0.0.2' -t syscall 2>"$fl_tmp/err" &&
    fl_fail "--hosts with ; accepted"
fl_sysmark fleet run $cfg -i "$fl_tmp/inv" -t 'syscall;touch /tmp/x' \
    -d 0.1 -n 1 2>"$fl_tmp/err" && fl_fail "a test id with ; accepted"
grep -q "no test" "$fl_tmp/err" || grep -q "unknown" "$fl_tmp/err" ||
    fl_fail "test id: $(cat "$fl_tmp/err")"
[ -s "$fl_tmp/argv.log" ] && fl_fail "ssh ran: $(cat "$fl_tmp/argv.log")"

# The agent checks its plan as a resume checks a run file's: a bad line,
# an unknown test or key, a value out of range, a key given twice.
for plan in 'plan_tests syscall;id' 'duration 1; rm -rf x' 'bogus 1' \
    'rm -rf /' '-t syscall' "plan_tests syscall
plan_copies 1
samples 1
duration 1e9" "plan_tests syscall
plan_tests spawn"; do
	printf 'sysmark-plan 2\n%s\ngo\n' "$plan" |
	    "$fl_bin" agent -o "$fl_tmp/agent.csv" >"$fl_tmp/out" 2>"$fl_tmp/err"
	[ $? -eq 2 ] || fl_fail "agent took \"$plan\": $(cat "$fl_tmp/err")"
	grep -q "^exit 2$" "$fl_tmp/out" || fl_fail "agent: $(cat "$fl_tmp/out")"
done
[ ! -e "$fl_tmp/agent.csv" ] || fl_fail "a refused plan left a run"

# Two entries ssh's config sends to one machine: refused (ssh -G).
{ printf 'Host alias1 alias2\n\tHostName 127.0.0.2\n\tPort %s\n' \
    $((fl_port0 + 1)); cat "$fl_tmp/ssh_config"; } >"$fl_tmp/ssh_config2"
printf 'alias1\nalias2\n' >"$fl_tmp/twins.inv"
fl_sysmark fleet check -F "$fl_tmp/ssh_config2" -i "$fl_tmp/twins.inv" \
    >"$fl_tmp/out" 2>"$fl_tmp/err" && fl_fail "twins accepted"
grep -q "twins.inv:2: alias2 and alias1 (.*twins.inv:1) both reach 127.0.0.2" \
    "$fl_tmp/err" || fl_fail "twins: $(cat "$fl_tmp/err")"
grep -q -- "^-G$" "$fl_tmp/argv.log" || fl_fail "no ssh -G"
: >"$fl_tmp/argv.log"

# ---- fleet check.
fl_sysmark fleet check $cfg -i "$fl_tmp/inv" >"$fl_tmp/out" 2>"$fl_tmp/err" ||
    fl_fail "fleet check: $? $(cat "$fl_tmp/out" "$fl_tmp/err")"
for n in 1 2 3 4; do
	grep -q "^h$n  *reachable  *Linux" "$fl_tmp/out" ||
	    fl_fail "check: h$n: $(cat "$fl_tmp/out")"
done
grep -q "none: copied" "$fl_tmp/out" || fl_fail "check: $(cat "$fl_tmp/out")"
# Every ssh: no shell, BatchMode, strict host keys, "--" before the host.
grep -q "^BatchMode=yes$" "$fl_tmp/argv.log" || fl_fail "no BatchMode"
grep -q "^StrictHostKeyChecking=yes$" "$fl_tmp/argv.log" ||
    fl_fail "host keys not strict"
grep -q "^ControlPath=/tmp/sysmark\.[^/]*/%C$" "$fl_tmp/argv.log" ||
    fl_fail "no ControlPath"
grep -A1 -e '^--$' "$fl_tmp/argv.log" | grep -q '^127\.0\.0\.2$' ||
    fl_fail "no -- before the host"

# ---- fleet run: four hosts, a run file each.
fl_sysmark fleet run $cfg -i "$fl_tmp/inv" -t syscall,pipe -d 0.1 -n 2 \
    >"$fl_tmp/out" 2>"$fl_tmp/err" ||
    fl_fail "fleet run: $? $(cat "$fl_tmp/out" "$fl_tmp/err")"
dir=$(ls -d "$fl_tmp"/results/fleet-*)
[ "$(ls "$dir"/h?.csv | wc -l)" -eq 4 ] || fl_fail "run files: $(ls "$dir")"
[ "$(grep -c '"ok"' "$dir/fleet.csv")" -eq 4 ] ||
    fl_fail "fleet.csv: $(cat "$dir/fleet.csv")"
grep -q '^fleet_host,h3' "$dir/h3.csv" || grep -q 'fleet_host.*h3' "$dir/h3.csv" ||
    fl_fail "no fleet_host in h3.csv"
# Side by side, in as many 80-column panels as the columns need.
[ "$(grep "^TEST " "$fl_tmp/out" | tr -s ' ' '\n' | grep -c '^h[1-4]$')" \
    -eq 4 ] && grep -q "^TEST  *h1  *h2  *RATIO" "$fl_tmp/out" ||
    fl_fail "no side by side: $(cat "$fl_tmp/out")"
grep -q "sysmark-agent 1 pid" "$dir/h2.log" || fl_fail "h2.log"
# The remote directories are gone, the runs compare unchanged.
for n in 1 2 3 4; do
	[ -z "$(ls "$fl_tmp/home$n/.cache/sysmark")" ] ||
	    fl_fail "left on h$n: $(ls "$fl_tmp/home$n/.cache/sysmark")"
done
fl_sysmark compare "$dir/h1.csv" "$dir/h2.csv" >/dev/null ||
    fl_fail "compare on fleet runs"

# ---- fleet show, -b a host of the fleet.
fl_sysmark fleet show -b h3 "$dir" >"$fl_tmp/out" 2>"$fl_tmp/err" ||
    fl_fail "fleet show: $(cat "$fl_tmp/err")"
grep -q "^h4  *127.0.0.5:[0-9]*  *ok " "$fl_tmp/out" ||
    fl_fail "show: $(cat "$fl_tmp/out")"
grep -q "^TEST  *h3  *h1  *RATIO" "$fl_tmp/out" ||
    fl_fail "show -b h3: $(cat "$fl_tmp/out")"

# ---- fleet calibrate: a profile per host, then used side by side.
fl_sysmark fleet calibrate $cfg -i "$fl_tmp/inv" -t syscall -d 0.1 -n 2 \
    -R 2 -g 0 >"$fl_tmp/out" 2>"$fl_tmp/err" ||
    fl_fail "fleet calibrate: $(cat "$fl_tmp/out" "$fl_tmp/err")"
for n in 1 2 3 4; do
	grep -q '^kind,noise-profile' "$fl_tmp/results/noise-fleet/h$n.csv" ||
	    grep -q 'noise-profile' "$fl_tmp/results/noise-fleet/h$n.csv" ||
	    fl_fail "no profile for h$n"
done
fl_sysmark fleet show "$dir" >"$fl_tmp/out" 2>"$fl_tmp/err" ||
    fl_fail "fleet show: $(cat "$fl_tmp/err")"
grep -q "judged with its own noise" "$fl_tmp/out" ||
    fl_fail "profiles not used: $(cat "$fl_tmp/out")"

# ---- run --hosts, two hosts, one at a time.
rm -rf "$fl_tmp/results"/fleet-*
fl_sysmark run $cfg -f 1 -q --hosts \
    "$fl_user@127.0.0.2:$((fl_port0 + 1)),127.0.0.3:$((fl_port0 + 2))" \
    -t syscall -d 0.1 -n 1 >"$fl_tmp/out" 2>"$fl_tmp/err" ||
    fl_fail "run --hosts: $(cat "$fl_tmp/out" "$fl_tmp/err")"
[ "$(grep -c '"ok"' "$fl_tmp"/results/fleet-*/fleet.csv)" -eq 2 ] ||
    fl_fail "run --hosts: $(cat "$fl_tmp"/results/fleet-*/fleet.csv)"

# ---- Command tests travel in the plan: each host's run has the -x
# test, its samples, and its options (fleet run spells run's -i and -w
# --ignore-failure and --warmup: there -i and -w are the fleet's).
rm -rf "$fl_tmp/results"/fleet-*
fl_sysmark fleet run $cfg -i "$fl_tmp/inv" -x 'hello=true' --warmup 1 \
    --ignore-failure -d 0.1 -n 2 'h1:h2' >"$fl_tmp/out" 2>"$fl_tmp/err" ||
    fl_fail "fleet run -x: $(cat "$fl_tmp/out" "$fl_tmp/err")"
for n in 1 2; do
	f=$(ls "$fl_tmp"/results/fleet-*/h$n.csv)
	grep -q '^meta,plan_tests,hello' "$f" &&
	    grep '^meta,plan_command.hello,' "$f" | grep '"warmup"":1,' |
	    grep -q '"ignore_fail"":true' ||
	    fl_fail "h$n: no command test in its plan: $(grep plan "$f")"
	[ "$(grep -c '^sample,hello,' "$f")" -ge 2 ] ||
	    fl_fail "h$n: no samples of the command: $(grep -c sample "$f")"
done
# run --hosts: -i and -w are run's; -o (a file in run) is refused.
rm -rf "$fl_tmp/results"/fleet-*
fl_sysmark run $cfg -q --hosts "127.0.0.2:$((fl_port0 + 1))" \
    -x 'fails=false' -i -w 2 -d 0.1 -n 1 --dir "$fl_tmp/results" \
    >"$fl_tmp/out" 2>"$fl_tmp/err" ||
    fl_fail "run --hosts -x -i: $(cat "$fl_tmp/out" "$fl_tmp/err")"
grep '^meta,plan_command.fails,' "$fl_tmp"/results/fleet-*/*.csv |
    grep '"warmup"":2,' | grep -q '"ignore_fail"":true' ||
    fl_fail "run --hosts -i -w: $(grep plan_command "$fl_tmp"/results/fleet-*/*.csv)"
fl_sysmark run $cfg --hosts "127.0.0.2:$((fl_port0 + 1))" -t syscall \
    -o "$fl_tmp/x.csv" >"$fl_tmp/out" 2>"$fl_tmp/err"
[ $? -eq 2 ] && grep -q -- "-o names one run file .* --dir DIR" "$fl_tmp/err" ||
    fl_fail "run --hosts -o: $(cat "$fl_tmp/err")"
# run --hosts chooses tests as run does: --preset, narrowed by -g, with
# -d and -n given yielding the preset's own; an unknown group refused.
rm -rf "$fl_tmp/results"/fleet-*
fl_sysmark run $cfg -q --hosts "127.0.0.2:$((fl_port0 + 1))" \
    --preset quick -g ipc -d 0.1 -n 1 >"$fl_tmp/out" 2>"$fl_tmp/err" ||
    fl_fail "run --hosts --preset -g: $(cat "$fl_tmp/out" "$fl_tmp/err")"
f=$(ls "$fl_tmp"/results/fleet-*/*.csv | grep -v fleet.csv)
grep -qx 'meta,plan_tests,pipe,*' "$f" &&
    grep -q '^meta,duration,0.1,' "$f" ||
    fl_fail "run --hosts --preset -g: $(grep -e plan_ -e duration "$f")"
fl_sysmark run $cfg --hosts "127.0.0.2:$((fl_port0 + 1))" -g nosuch \
    >"$fl_tmp/out" 2>"$fl_tmp/err"
[ $? -eq 2 ] && grep -q -- "-g nosuch: no such group" "$fl_tmp/err" ||
    fl_fail "run --hosts -g nosuch: $(cat "$fl_tmp/err")"

# ---- Ctrl-C mid-run: 130, what finished kept, nothing left behind.
rm -rf "$fl_tmp/results"/fleet-*
SYSMARK_RESULTS=$fl_tmp/results "$fl_bin" fleet run $cfg -i "$fl_tmp/inv" \
    -t syscall,pipe -d 0.5 -n 20 >"$fl_tmp/out" 2>"$fl_tmp/err" &
pid=$!
fl_wait_for 60 sh -c "[ \$(grep -c 'sample' $fl_tmp/results/fleet-*/h*.log 2>/dev/null | \
    awk -F: '\$2 > 2' | wc -l) -eq 4 ]" || fl_fail "no samples came"
kill -INT $pid
fl_wait_for 40 sh -c "! kill -0 $pid" || fl_fail "fleet run did not stop"
wait $pid
rc=$?
[ $rc -eq 130 ] || fl_fail "Ctrl-C: exit $rc: $(cat "$fl_tmp/err")"
[ "$(grep -c '"interrupted"' "$fl_tmp"/results/fleet-*/fleet.csv)" -eq 4 ] ||
    fl_fail "statuses: $(cat "$fl_tmp"/results/fleet-*/fleet.csv)"
[ "$(ls "$fl_tmp"/results/fleet-*/h?.csv | wc -l)" -eq 4 ] ||
    fl_fail "interrupted runs not kept"
fl_wait_for 10 sh -c "! ps -eo args | grep -v grep | grep -q '$fl_tmp/home.*sysmark'" ||
    fl_fail "left running: $(ps -eo pid,args | grep "$fl_tmp/home")"
for n in 1 2 3 4; do
	[ -z "$(ls "$fl_tmp/home$n/.cache/sysmark")" ] ||
	    fl_fail "left on h$n after Ctrl-C"
done
echo "$0: ok"
