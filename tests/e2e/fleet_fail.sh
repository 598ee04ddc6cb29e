#!/bin/sh
# The fleet's failure cases against real sshd, each ending in its status
# with ssh's own words as the reason, one host's failure never stopping
# the others, exit status 6 when some host gave no complete run: a
# refused port (unreachable), a listener that never answers (unreachable
# within -w), a key the host refuses (auth, no prompt), an unknown host
# key (hostkey; --accept-new trusts it) and a changed one (hostkey even
# with --accept-new), a connection dropped mid-run (lost, the reason
# ssh's failure, not the agent's last words; fleet collect
# then fetches the part the agent kept, which is no whole run: the host
# is interrupted, not ok, and fleet show exits 6), a wedged agent (timeout, then
# killed on its host) and, as root, a home on a noexec mount (no-binary).
# Each status's time to be declared is printed for the record.
# shellcheck shell=sh
set -u
. tests/e2e/fleet.subr

fl_setup
cfg="-F $fl_tmp/ssh_config"
ssh-keygen -q -t ed25519 -N '' -f "$fl_tmp/otherkey"

# fl_status DIR HOST: the host's status in DIR/fleet.csv.
fl_status() {
	grep "^\"$2\"," "$1/fleet.csv" | cut -d, -f3 | tr -d '"'
}

# fl_expect DIR HOST STATUS [REASON]: the status, and the reason's words.
fl_expect() {
	st=$(fl_status "$1" "$2")
	[ "$st" = "$3" ] || fl_fail "$2: $st, expected $3: $(cat "$1/fleet.csv")"
	[ -z "${4:-}" ] || grep "^\"$2\"," "$1/fleet.csv" | grep -q -e "$4" ||
	    fl_fail "$2: reason: $(grep "^\"$2\"," "$1/fleet.csv")"
	echo "  $2: $3 in $(grep "^\"$2\"," "$1/fleet.csv" | cut -d, -f8 | tr -d '"') s"
}

# fl_last_dir: the newest fleet directory.
fl_last_dir() {
	ls -d "$fl_tmp"/results/fleet-* | tail -n 1
}

# fl_run_h1 PATTERN: a long fleet run on h1 in the background ($pid),
# until its new fleet's h1.log has a line matching PATTERN.
fl_run_h1() {
	fl_prev=$(fl_last_dir)
	SYSMARK_RESULTS=$fl_tmp/results "$fl_bin" fleet run $cfg \
	    -i "$fl_tmp/inv1" -t syscall -d 0.2 -n 50 >"$fl_tmp/out" \
	    2>"$fl_tmp/err" &
	pid=$!
	fl_wait_for 60 sh -c "[ \"\$(ls -d $fl_tmp/results/fleet-* | tail -n 1)\" != '$fl_prev' ] &&
	    grep -q '$1' \$(ls -d $fl_tmp/results/fleet-* | tail -n 1)/h1.log" ||
	    fl_fail "h1 never logged /$1/"
}

# fl_kill_sessions N: kill sshd N's per-connection processes, not sshd N.
fl_kill_sessions() {
	eval "fl_parent=\$fl_pid$1"
	for c in $(ps -eo pid=,ppid= | awk -v p="$fl_parent" '$2 == p { print $1 }'); do
		kill -KILL "$c" 2>/dev/null
	done
}

# ---- Connection failures: refused, hanging, auth; one healthy host.
fl_start 1 known
fl_start 3 known
cp "$fl_tmp/otherkey.pub" "$fl_tmp/other_keys"
fl_start 4 known "$fl_tmp/other_keys"
kill -STOP "$fl_pid3"
fl_inventory "$fl_tmp/inv" 1 2 3 4
fl_sysmark fleet run $cfg -w 3 -i "$fl_tmp/inv" -t syscall -d 0.1 -n 1 \
    >"$fl_tmp/out" 2>"$fl_tmp/err"
rc=$?
[ $rc -eq 6 ] || fl_fail "partial fleet: exit $rc: $(cat "$fl_tmp/out" "$fl_tmp/err")"
d=$(fl_last_dir)
fl_expect "$d" h1 ok
fl_expect "$d" h2 unreachable "Connection refused"
fl_expect "$d" h3 unreachable "timed out"
fl_expect "$d" h4 auth "Permission denied"
[ -f "$d/h1.csv" ] && [ ! -f "$d/h2.csv" ] || fl_fail "run files: $(ls "$d")"
kill -CONT "$fl_pid3"

# ---- Host keys: unknown, accepted on first use, then changed.
fl_start 2
fl_wait_for 10 sh -c "ssh-keyscan -p $((fl_port0 + 2)) 127.0.0.3 2>/dev/null | grep -q ed25519" ||
    fl_fail "sshd 2 did not come up"
fl_inventory "$fl_tmp/inv2" 2
fl_sysmark fleet check $cfg -i "$fl_tmp/inv2" >"$fl_tmp/out" 2>&1
[ $? -eq 6 ] || fl_fail "unknown key: $(cat "$fl_tmp/out")"
grep -q "hostkey" "$fl_tmp/out" || fl_fail "unknown key: $(cat "$fl_tmp/out")"
grep -q "ssh-keyscan" "$fl_tmp/out" || fl_fail "no keyscan hint: $(cat "$fl_tmp/out")"
fl_sysmark fleet check $cfg --accept-new -i "$fl_tmp/inv2" >"$fl_tmp/out" 2>&1 ||
    fl_fail "accept-new: $(cat "$fl_tmp/out")"
grep -q "127.0.0.3" "$fl_tmp/known_hosts" || fl_fail "key not kept"
sed -i "/127.0.0.3/s/ssh-ed25519 .*/$(cut -d' ' -f1-2 "$fl_tmp/otherkey.pub" | sed 's,/,\\/,g')/" \
    "$fl_tmp/known_hosts"
fl_sysmark fleet check $cfg --accept-new -i "$fl_tmp/inv2" >"$fl_tmp/out" 2>&1
[ $? -eq 6 ] && grep -q "hostkey" "$fl_tmp/out" ||
    fl_fail "changed key accepted: $(cat "$fl_tmp/out")"

# ---- A connection dropped mid-run: lost; collect fetches the rest.
fl_inventory "$fl_tmp/inv1" 1
SYSMARK_RESULTS=$fl_tmp/results "$fl_bin" fleet run $cfg -i "$fl_tmp/inv1" \
    -t syscall -d 0.2 -n 50 >"$fl_tmp/out" 2>"$fl_tmp/err" &
pid=$!
fl_wait_for 60 sh -c "grep -q 'sample syscall 1 2/' $fl_tmp/results/fleet-*/h1.log 2>/dev/null" ||
    fl_fail "no samples from h1"
fl_kill_sessions 1
fl_wait_for 60 sh -c "! kill -0 $pid" || fl_fail "fleet run hangs after a drop"
wait $pid
[ $? -eq 6 ] || fl_fail "dropped: $(cat "$fl_tmp/err")"
fl_expect "$(fl_last_dir)" h1 lost "ssh failed (exit 255)"
d=$(fl_last_dir)
# The dropped agent ends on its own (input closed): its lock goes.
fl_wait_for 60 sh -c "ls $fl_tmp/home1/.cache/sysmark/run.*/run.csv &&
    ! ls $fl_tmp/home1/.cache/sysmark/run.*/run.csv.lock" ||
    fl_fail "the agent kept nothing: $(ls -R "$fl_tmp/home1/.cache")"
fl_sysmark fleet collect $cfg "$d" >"$fl_tmp/out" 2>"$fl_tmp/err" ||
    fl_fail "collect: $(cat "$fl_tmp/err")"
grep -q "1 run(s) collected" "$fl_tmp/err" || fl_fail "collect: $(cat "$fl_tmp/err")"
[ -z "$(ls "$fl_tmp/home1/.cache/sysmark")" ] || fl_fail "collect left files"
# While an agent still writes its run (its lock names a live pid), collect
# leaves its directory alone: removing it under the agent would lose the
# run's last samples and leave what the agent writes next behind.
busy=$fl_tmp/home1/.cache/sysmark/run.$(basename "$d").Busy01
mkdir -p "$busy"
cp "$fl_top/tests/data/fleet-20261201/alpha.csv" "$busy/run.csv"
sleep 300 </dev/null >/dev/null 2>&1 &
bpid=$!
trap 'kill $bpid 2>/dev/null; fl_cleanup' EXIT
echo $bpid >"$busy/run.csv.lock"
fl_sysmark fleet collect $cfg -i "$fl_tmp/inv1" >"$fl_tmp/out" 2>"$fl_tmp/err"
grep -q "h1: 1 run(s) still being measured there" "$fl_tmp/err" ||
    fl_fail "collect took a running agent's directory: $(cat "$fl_tmp/err")"
[ -f "$busy/run.csv" ] || fl_fail "collect removed a running agent's run"
kill $bpid
rm -rf "$busy" "$(fl_last_dir)"
d=$(fl_last_dir)
grep -q '^meta,fleet_host,h1' "$d/h1.csv" || fl_fail "collected run: $(head "$d/h1.csv")"
# The dropped agent stopped early: the run it kept is a part (interrupted,
# some of its samples), so the host is not ok, and fleet show says so.
grep -q '^meta,status,interrupted' "$d/h1.csv" ||
    fl_fail "the collected run is not the interrupted part: $(head "$d/h1.csv")"
grep -q '^"h1",[^,]*,"interrupted",.*"h1.csv","collected later: its run was cut short (interrupted, [0-9]* sample(s)); was lost: ' \
    "$d/fleet.csv" || fl_fail "fleet.csv not updated: $(cat "$d/fleet.csv")"
fl_sysmark fleet show "$d" >"$fl_tmp/out" 2>&1
[ $? -eq 6 ] || fl_fail "show after collecting a part: not 6: $(cat "$fl_tmp/out")"
grep -q '^h1 .* interrupted ' "$fl_tmp/out" ||
    fl_fail "show after collect: $(cat "$fl_tmp/out")"

# ---- A wedged agent: timeout, then killed on its host.  Wedged once it
# has a sample to keep (wedged at its hello, before it read the plan, it
# had none some of the time, and collect -i then found nothing to fetch).
fl_run_h1 'sample syscall 1 2/'
apid=$(sed -n 's/.*sysmark-agent 1 pid \([0-9]*\).*/\1/p' "$(fl_last_dir)/h1.log")
kill -STOP "$apid"
fl_wait_for 60 sh -c "! kill -0 $pid" || fl_fail "fleet run hangs on a wedged agent"
wait $pid
[ $? -eq 6 ] || fl_fail "wedged: $(cat "$fl_tmp/err")"
fl_expect "$(fl_last_dir)" h1 timeout "sent nothing"
fl_wait_for 10 sh -c "! kill -0 $apid" || fl_fail "the wedged agent survives"
# Stopped by TERM, the agent kept its samples: collect -i fetches them.
fl_sysmark fleet collect $cfg -i "$fl_tmp/inv1" >"$fl_tmp/out" 2>"$fl_tmp/err" ||
    fl_fail "collect -i: $(cat "$fl_tmp/err")"
grep -q "1 run(s) collected" "$fl_tmp/err" || fl_fail "collect -i: $(cat "$fl_tmp/err")"
fl_sysmark show "$(fl_last_dir)/h1-1.csv" >/dev/null || fl_fail "collected run"
[ -z "$(ls "$fl_tmp/home1/.cache/sysmark")" ] || fl_fail "collect -i left files"

# ---- A pid that is no longer the agent: an agent
# names a pid in its hello, then falls silent; by the STOP step that pid
# is another process (here, named on purpose: a sleep leading its own
# session and group).  It must not be signalled, nor its group.
t0=$(date +%s)
mkdir -p "$fl_tmp/rbin"
setsid sleep 300 </dev/null >/dev/null 2>&1 &
victim=$!
fl_wait_for 10 sh -c "[ \"\$(ps -o sid= -p $victim | tr -d ' ')\" = $victim ]" ||
    fl_fail "the bystander did not lead its session"
# A fake sysmark first in host 3's PATH: an agent doing what
# $fl_tmp/fake says (reuse: name the bystander's pid and fall silent).
echo reuse >"$fl_tmp/fake"
cat >"$fl_tmp/rbin/sysmark" <<EOT
#!/bin/sh
[ "\$1" = --version ] && { echo "$("$fl_bin" --version)"; exit 0; }
case \$(cat "$fl_tmp/fake") in
reuse)	echo "sysmark-agent 1 pid $victim" ;;
file)	echo "sysmark-agent 1 pid \$\$"; echo "file 1073741824"
	head -c 300000000 /dev/zero ;;
line)	echo "sysmark-agent 1 pid \$\$"
	head -c 50000000 /dev/zero | tr '\\0' x ;;
twice)	echo "sysmark-agent 1 pid \$\$"
	for k in 1 2; do
		echo "file \$(wc -c <"$fl_top/tests/data/fleet-20261201/alpha.csv")"
		cat "$fl_top/tests/data/fleet-20261201/alpha.csv"
	done
	echo "exit 0"; exit 0 ;;
esac
while read -r l; do :; done
EOT
chmod 755 "$fl_tmp/rbin/sysmark"
kill "$fl_pid3"
wait "$fl_pid3" 2>/dev/null
fl_sshd_env="PATH=$fl_tmp/rbin:/usr/bin:/bin"
fl_start 3 known
fl_sshd_env=""
fl_inventory "$fl_tmp/inv3" 3
fl_sysmark fleet run $cfg -i "$fl_tmp/inv3" -t syscall -d 0.1 -n 1 \
    >"$fl_tmp/out" 2>"$fl_tmp/err"
[ $? -eq 6 ] || fl_fail "reused pid: $(cat "$fl_tmp/err")"
fl_expect "$(fl_last_dir)" h3 timeout "sent nothing"
kill -0 "$victim" 2>/dev/null ||
    fl_fail "the stop step killed pid $victim, which was not the agent"
grep -q "not signalled: pid $victim is no longer the agent" \
    "$(fl_last_dir)/h3.log" || fl_fail "reused pid: $(cat "$(fl_last_dir)/h3.log")"
kill "$victim"
echo "  reused pid: $(($(date +%s) - t0)) s, load $(cut -d' ' -f1-3 /proc/loadavg)"

# ---- More than the plan can make (point 9): a run file announced at
# 1 GiB, a 50 MB line.  The host ends failed, said why; the controller
# neither allocates for the announcement nor writes the line to the log.
for mode in file line; do
	t0=$(date +%s)
	echo $mode >"$fl_tmp/fake"
	SYSMARK_RESULTS=$fl_tmp/results /usr/bin/time -f %M -o "$fl_tmp/rss" \
	    "$fl_bin" fleet run $cfg -i "$fl_tmp/inv3" -t syscall -d 0.1 -n 1 \
	    >"$fl_tmp/out" 2>"$fl_tmp/err"
	[ $? -eq 6 ] || fl_fail "$mode: $(cat "$fl_tmp/err")"
	d=$(fl_last_dir)
	case $mode in
	file) fl_expect "$d" h3 failed "a run file of 1073741824 bytes, more than this plan can make" ;;
	line) fl_expect "$d" h3 failed "output of [0-9]* bytes, more than this plan can make" ;;
	esac
	log=$(wc -c <"$d/h3.log")
	[ "$log" -lt 2000000 ] || fl_fail "$mode: a log of $log bytes"
	rss=$(tail -n 1 "$fl_tmp/rss")
	[ "$rss" -lt 200000 ] || fl_fail "$mode: the controller grew to $rss KiB"
	echo "  $mode: $(($(date +%s) - t0)) s, log $log B, RSS $rss KiB, load $(cut -d' ' -f1-3 /proc/loadavg)"
done

# ---- A run file sent twice (point 17): the first is kept and the host
# is ok, never "not kept".
t0=$(date +%s)
echo twice >"$fl_tmp/fake"
fl_sysmark fleet run $cfg -i "$fl_tmp/inv3" -t syscall -d 0.1 -n 1 \
    >"$fl_tmp/out" 2>"$fl_tmp/err" || fl_fail "twice: $(cat "$fl_tmp/err")"
d=$(fl_last_dir)
fl_expect "$d" h3 ok
grep -q 'not kept' "$d/fleet.csv" "$fl_tmp/err" && fl_fail "twice: $(cat "$fl_tmp/err")"
grep -q '^meta,fleet_host,h3' "$d/h3.csv" || fl_fail "twice: no run kept"
grep -q "a second run file was sent; the first, kept in h3.csv, stays" \
    "$fl_tmp/err" || fl_fail "twice: not said: $(cat "$fl_tmp/err")"
echo "  twice: $(($(date +%s) - t0)) s, load $(cut -d' ' -f1-3 /proc/loadavg)"

# ---- A home on a noexec mount (root only): no-binary, said why.
kill "$fl_pid4"
wait "$fl_pid4" 2>/dev/null
fl_start 4 known
if [ "$(id -u)" -eq 0 ]; then
	mkdir -p "$fl_tmp/home4/.cache"
	if mount -t tmpfs -o noexec,mode=700 tmpfs "$fl_tmp/home4/.cache"; then
		fl_inventory "$fl_tmp/inv4" 4
		fl_sysmark fleet run $cfg -i "$fl_tmp/inv4" -t syscall -d 0.1 \
		    -n 1 >"$fl_tmp/out" 2>"$fl_tmp/err"
		[ $? -eq 6 ] || fl_fail "noexec: $(cat "$fl_tmp/err")"
		fl_expect "$(fl_last_dir)" h4 no-binary "noexec"
		umount "$fl_tmp/home4/.cache"
	else
		echo "$0: noexec case skipped: cannot mount tmpfs" >&2
	fi
else
	echo "$0: noexec case skipped: needs root" >&2
fi
# ---- A host in a network namespace of its own (root): reachable over
# its veth pair, then a blackhole route for the replies makes connect
# hang: unreachable within -w.
if [ "$(id -u)" -eq 0 ] && fl_start_netns 5; then
	printf 'ns ansible_host=%s ansible_port=%s\n' "$fl_ns_addr" \
	    $((fl_port0 + 5)) >"$fl_tmp/inv5"
	fl_sysmark fleet run $cfg -w 3 -i "$fl_tmp/inv5" -t syscall -d 0.1 \
	    -n 1 >"$fl_tmp/out" 2>"$fl_tmp/err" ||
	    fl_fail "netns host: $(cat "$fl_tmp/out" "$fl_tmp/err")"
	fl_expect "$(fl_last_dir)" ns ok
	ip netns exec "$fl_netns" ip route add blackhole \
	    "10.199.$(($$ % 250)).1/32" || fl_fail "no blackhole route"
	fl_sysmark fleet run $cfg -w 3 -i "$fl_tmp/inv5" -t syscall -d 0.1 \
	    -n 1 >"$fl_tmp/out" 2>"$fl_tmp/err"
	[ $? -eq 6 ] || fl_fail "blackhole: $(cat "$fl_tmp/err")"
	fl_expect "$(fl_last_dir)" ns unreachable "timed out"
else
	echo "$0: network namespace cases skipped (need root and ip netns)" >&2
fi
# ---- The controller killed with SIGKILL (point 13): fleet.csv is there
# from the start (h1 running), fleet show reads it, fleet collect DIR
# fetches the run the agent kept, tagged with this fleet's id, and leaves
# another fleet's run on the host; the next sysmark sweeps the 0700
# directory of control sockets the killed one left.
t0=$(date +%s)
mkdir -p "$fl_tmp/home1/.cache/sysmark/run.fleet-older.AbCdEf"
cp "$fl_top/tests/data/fleet-20261201/alpha.csv" \
    "$fl_tmp/home1/.cache/sysmark/run.fleet-older.AbCdEf/run.csv"
fl_run_h1 'sample syscall 1 2/'
d=$(fl_last_dir)
ctl=$(grep -l "^$pid\$" /tmp/sysmark.*/owner 2>/dev/null | head -n 1)
[ -n "$ctl" ] || fl_fail "no control directory named for pid $pid"
kill -KILL "$pid"
wait "$pid" 2>/dev/null
fl_expect "$d" h1 running
fl_sysmark fleet show "$d" >"$fl_tmp/out" 2>"$fl_tmp/err"
[ $? -eq 6 ] || fl_fail "fleet show after SIGKILL: $(cat "$fl_tmp/err")"
grep -q '^h1 .* running' "$fl_tmp/out" || fl_fail "fleet show: $(cat "$fl_tmp/out")"
# The agent, its input gone, keeps what it measured, and ends: its lock
# goes.
fl_wait_for 60 sh -c "ls $fl_tmp/home1/.cache/sysmark/run.fleet-*-*/run.csv" ||
    fl_fail "the agent kept nothing: $(ls -R "$fl_tmp/home1/.cache")"
fl_wait_for 60 sh -c \
    "! ls $fl_tmp/home1/.cache/sysmark/run.fleet-*-*/run.csv.lock" ||
    fl_fail "the agent never ended: $(ls -R "$fl_tmp/home1/.cache")"
fl_sysmark fleet collect $cfg "$d" >"$fl_tmp/out" 2>"$fl_tmp/err" ||
    fl_fail "collect after SIGKILL: $(cat "$fl_tmp/err")"
grep -q "1 run(s) collected" "$fl_tmp/err" || fl_fail "collect: $(cat "$fl_tmp/err")"
grep -q "is fleet fleet-older's run: left there" "$fl_tmp/err" ||
    fl_fail "collect took another fleet's run: $(cat "$fl_tmp/err")"
[ -f "$fl_tmp/home1/.cache/sysmark/run.fleet-older.AbCdEf/run.csv" ] ||
    fl_fail "collect removed another fleet's run"
grep -q "^meta,fleet_id,$(basename "$d")," "$d/h1.csv" ||
    fl_fail "collected run: $(grep fleet_id "$d/h1.csv")"
# The agent stopped when its controller died: a part, not ok.
fl_expect "$d" h1 interrupted "collected later: its run was cut short (interrupted, [0-9]* sample(s)); was running"
[ ! -e "$ctl" ] || fl_fail "the killed controller's $ctl was not swept"
rm -rf "$fl_tmp/home1/.cache/sysmark"
echo "  SIGKILL, show, collect: $(($(date +%s) - t0)) s, load $(cut -d' ' -f1-3 /proc/loadavg)"

# ---- A second Ctrl-C ends the fleet at once (point 23): the first
# waits up to 15 s for an agent's last words, and this agent is stopped
# (SIGSTOP), so it has none; the second must not wait for them.
fl_run_h1 'sysmark-agent 1 pid'
apid=$(sed -n 's/.*sysmark-agent 1 pid \([0-9]*\).*/\1/p' "$(fl_last_dir)/h1.log")
kill -STOP "$apid"
# Whatever happens next, the stopped agent is not left behind.
trap 'kill -KILL "$apid" 2>/dev/null; fl_cleanup' EXIT
kill -INT "$pid"
fl_wait_for 10 grep -q "closing the agent's input" "$(fl_last_dir)/h1.log" ||
    fl_fail "the first Ctrl-C did not reach h1"
t0=$(date +%s)
kill -INT "$pid"
fl_wait_for 8 sh -c "! kill -0 $pid" ||
    fl_fail "a second Ctrl-C still waits: $(cat "$fl_tmp/err")"
wait $pid
rc=$?
t1=$(date +%s)
[ $rc -eq 130 ] || fl_fail "second Ctrl-C: exit $rc: $(cat "$fl_tmp/err")"
fl_expect "$(fl_last_dir)" h1 interrupted "interrupted"
kill -KILL "$apid" 2>/dev/null
rm -rf "$fl_tmp/home1/.cache/sysmark"
echo "  second Ctrl-C: ended $((t1 - t0)) s after it, load $(cut -d' ' -f1-3 /proc/loadavg)"

# ---- IPv6 targets: fleet collect DIR asks a host
# whose target is [::1]:PORT, or ::1:PORT as older files wrote it, and
# never says every host gave a run.  Nothing listens there: the ssh
# wrapper's log proves ssh was given the address.
t0=$(date +%s)
d6=$fl_tmp/results/fleet-v6
mkdir -p "$d6"
{
	echo '"host","target","status","ssh_exit","agent_exit","start","end","seconds","agent_seconds","samples","file","reason"'
	echo '"v6a","[::1]:1","lost","255","0","s","e","1.00","0.00","0","","x"'
	echo '"v6b","::1:2","lost","255","0","s","e","1.00","0.00","0","","x"'
} >"$d6/fleet.csv"
: >"$fl_tmp/argv.log"
fl_sysmark fleet collect $cfg -w 2 "$d6" >"$fl_tmp/out" 2>"$fl_tmp/err"
grep -q "every host gave a run" "$fl_tmp/err" &&
    fl_fail "IPv6 hosts skipped: $(cat "$fl_tmp/err")"
[ "$(grep -c '^::1$' "$fl_tmp/argv.log")" -ge 2 ] ||
    fl_fail "ssh was not given ::1 twice: $(cat "$fl_tmp/argv.log")"
grep -q '^Port=2$' "$fl_tmp/argv.log" || fl_fail "::1:2's port was not 2"
echo "  ipv6 collect: $(($(date +%s) - t0)) s, load $(cut -d' ' -f1-3 /proc/loadavg)"
echo "$0: ok"
