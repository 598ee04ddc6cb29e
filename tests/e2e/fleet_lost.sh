#!/bin/sh
# A host lost in the ways fleet_fail.sh does not drop it, against real
# sshd: its ssh killed by a signal mid-run (SIGKILL, as the OOM killer
# does) is lost with that as the reason (never the agent's last line),
# and the run its agent kept stays on the host for fleet collect; a host
# whose port only ssh's config knows (Host alias, Port) is reached by
# fleet collect DIR as the run reached it; and a host fleet collect
# cannot reach is named with ssh's reason, exit status 6, not "0 run(s)
# collected" and 0.
# shellcheck shell=sh
set -u
. tests/e2e/fleet.subr

fl_setup
fl_start 1 known
# h1 is an alias whose address and port only ssh's config holds.
{ printf 'Host h1\n\tHostName 127.0.0.2\n\tPort %s\n' $((fl_port0 + 1))
  cat "$fl_tmp/ssh_config"; } >"$fl_tmp/ssh_config_alias"
cfg="-F $fl_tmp/ssh_config_alias"
printf 'h1\n' >"$fl_tmp/inv"

# fl_row DIR: h1's row of DIR/fleet.csv.
fl_row() {
	grep '^"h1",' "$1/fleet.csv"
}

# fl_start_run: a fleet run on h1 in the background ($pid), once its
# agent has taken two samples; its directory in $d.
fl_start_run() {
	fl_prev=$(ls -d "$fl_tmp"/results/fleet-* 2>/dev/null | tail -n 1)
	SYSMARK_RESULTS=$fl_tmp/results "$fl_bin" fleet run $cfg \
	    -i "$fl_tmp/inv" -t syscall -d 0.2 -n 50 >"$fl_tmp/out" \
	    2>"$fl_tmp/err" &
	pid=$!
	fl_wait_for 60 sh -c "[ \"\$(ls -d $fl_tmp/results/fleet-* | tail -n 1)\" != '$fl_prev' ] &&
	    grep -q 'sample syscall 1 2/' \$(ls -d $fl_tmp/results/fleet-* | tail -n 1)/h1.log" ||
	    fl_fail "h1 never logged two samples: $(cat "$fl_tmp/err")"
	d=$(ls -d "$fl_tmp"/results/fleet-* | tail -n 1)
}

# ---- The ssh that carries the agent killed by SIGKILL.
fl_start_run
ssh_pid=$(pgrep -P "$pid" -f ' agent -o ')
[ -n "$ssh_pid" ] || fl_fail "no ssh child carrying the agent"
kill -KILL "$ssh_pid"
fl_wait_for 60 sh -c "! kill -0 $pid" || fl_fail "fleet run hangs after ssh died"
wait $pid
[ $? -eq 6 ] || fl_fail "ssh killed: not 6: $(cat "$fl_tmp/err")"
fl_row "$d" | grep -q '"lost",.*"ssh was killed by signal 9' ||
    fl_fail "ssh killed: $(fl_row "$d")"
fl_row "$d" | grep -q 'not idle\|agent exited' &&
    fl_fail "the reason is the agent's: $(fl_row "$d")"
# The agent, its input closed, keeps its finished samples there.
fl_wait_for 60 sh -c "ls $fl_tmp/home1/.cache/sysmark/run.*/run.csv &&
    ! ls $fl_tmp/home1/.cache/sysmark/run.*/run.csv.lock" ||
    fl_fail "the agent's run was not kept: $(ls -R "$fl_tmp/home1/.cache" 2>&1)"

# ---- fleet collect DIR reaches h1 through ssh's config, port and all.
: >"$fl_tmp/argv.log"
fl_sysmark fleet collect $cfg "$d" >"$fl_tmp/out" 2>"$fl_tmp/err"
grep -q "1 run(s) collected" "$fl_tmp/err" ||
    fl_fail "collect DIR via ssh's config: $(cat "$fl_tmp/err") $(fl_row "$d")"
grep -q '^Port=22$' "$fl_tmp/argv.log" &&
    fl_fail "collect forced port 22 on a host ssh's config places"
[ -f "$d/h1.csv" ] || fl_fail "no h1.csv collected"
[ -z "$(ls "$fl_tmp/home1/.cache/sysmark")" ] || fl_fail "collect left files"

# ---- A host fleet collect cannot reach: named, exit status 6.
printf 'h1 ansible_host=127.0.0.2 ansible_port=%s\n' $((fl_port0 + 7)) \
    >"$fl_tmp/inv_none"
fl_sysmark fleet collect $cfg -w 2 -i "$fl_tmp/inv_none" >"$fl_tmp/out" \
    2>"$fl_tmp/err"
st=$?
[ $st -eq 6 ] || fl_fail "collect of an unreachable host: exit $st: $(cat "$fl_tmp/err")"
grep -q "^h1: not asked: " "$fl_tmp/err" ||
    fl_fail "the unreachable host is not named: $(cat "$fl_tmp/err")"
echo "$0: ok"
