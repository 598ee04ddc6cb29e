#!/bin/sh
# A fleet run meets a full disk (real sshd on 127.0.0.2 and .3, each disk
# a tmpfs the test fills on purpose while the run goes on), and nothing
# measured is lost:
#   - the controller's results disk full: the run goes to a fallback file
#     (TMPDIR), the host ends lost saying where, its remote copy stays,
#     and once space is freed the command its reason names (fleet
#     collect DIR) fetches it;
#   - the host's disk full: the agent still sends what it measured, the
#     host is ok, its run saved, the reason saying the host's own save
#     failed;
#   - both full: the run is in the controller's fallback, and on the host
#     no stale journal (status running) claims the run's name;
#   - the controller's disk full after the host's run is saved, before
#     fleet.csv says so: no temporary file is left, the run's last line
#     says fleet.csv is stale and names the run file, exit status 3, and
#     fleet show takes the host's end from that file, not "running".
# Root only (mount); every mount is undone on every exit.
# shellcheck shell=sh
set -u
. tests/e2e/fleet.subr

[ "$(id -u)" -eq 0 ] || fl_skip "needs root (mount -t tmpfs)"
fl_setup
cfg="-F $fl_tmp/ssh_config"
mkdir -p "$fl_tmp/full" "$fl_tmp/tmp" "$fl_tmp/rtmp" "$fl_tmp/home2/.cache"
fl_mounts=""
apid=""
trap '[ -z "$apid" ] || pkill -CONT -s "$apid"
for m in $fl_mounts; do umount "$m" 2>/dev/null; done; fl_cleanup' EXIT

# fl_mount DIR SIZE: a tmpfs of SIZE on DIR, undone on exit.
fl_mount() {
	mount -t tmpfs -o "size=$2,mode=700" tmpfs "$1" ||
	    fl_skip "cannot mount tmpfs on $1"
	fl_mounts="$1 $fl_mounts"
}

# fl_fill DIR: fill DIR's file system to the last byte.
fl_fill() {
	dd if=/dev/zero of="$1/.fill" bs=4096 2>/dev/null
	[ "$(df -P "$1" | awk 'NR == 2 { print $4 }')" -eq 0 ] ||
	    fl_fail "$1 is not full: $(df -P "$1")"
}

# fl_field DIR HOST N: column N of HOST's row in DIR/fleet.csv.
fl_field() {
	grep "^\"$2\"," "$1/fleet.csv" | cut -d, -f"$3" | tr -d '"'
}

# fl_go WHAT DIR HOST: fleet run on HOST (results under DIR) in the
# background ($pid), until HOST has measured a sample; then its agent
# (its session: every process it forked) is stopped, so that the disk
# fills before the run ends however busy the machine is (fl_resume
# continues it).  The fleet's directory in $d.
fl_go() {
	TMPDIR=$fl_tmp/tmp SYSMARK_RESULTS=$fl_tmp/results "$fl_bin" fleet run \
	    $cfg -i "$fl_tmp/inv$3" -o "$2" -t syscall -d 0.2 -n 30 \
	    >"$fl_tmp/out" 2>"$fl_tmp/err" &
	pid=$!
	fl_wait_for 60 sh -c "grep -q 'sample syscall 1 2/' $2/fleet-*/h$3.log" ||
	    fl_fail "$1: h$3 measured nothing: $(cat "$fl_tmp/err")"
	d=$(ls -d "$2"/fleet-* | tail -n 1)
	apid=$(sed -n 's/.*sysmark-agent 1 pid \([0-9]*\).*/\1/p' "$d/h$3.log")
	[ -n "$apid" ] || fl_fail "$1: no agent pid in $d/h$3.log"
	pkill -STOP -s "$apid"
	! grep -q 'file [0-9]' "$d/h$3.log" ||
	    fl_fail "$1: the run ended before its agent was stopped"
}

# fl_resume: the stopped agent goes on.
fl_resume() {
	pkill -CONT -s "$apid"
}

# fl_end WHAT: wait for the fleet run ($pid); its exit status in $rc.
fl_end() {
	fl_wait_for 120 sh -c "! kill -0 $pid" || fl_fail "$1: fleet run hangs"
	wait $pid
	rc=$?
}

fl_start 1 known
fl_sshd_env="TMPDIR=$fl_tmp/rtmp"
fl_start 2 known
fl_sshd_env=""
fl_inventory "$fl_tmp/inv1" 1
fl_inventory "$fl_tmp/inv2" 2

# ---- The controller's disk fills while the host measures.
t0=$(date +%s)
fl_mount "$fl_tmp/full" 1m
fl_go local "$fl_tmp/full" 1
fl_fill "$fl_tmp/full"
fl_resume
fl_end local
[ $rc -eq 6 ] || fl_fail "local full: exit $rc: $(cat "$fl_tmp/err")"
fb=$(ls "$fl_tmp"/tmp/sysmark-unsaved-*.csv 2>/dev/null | head -n 1)
[ -n "$fb" ] || fl_fail "local full: no fallback file: $(cat "$fl_tmp/err")"
grep -q '^meta,fleet_host,h1' "$fb" || fl_fail "fallback: $(head "$fb")"
grep -q "^meta,fleet_id,$(basename "$d")" "$fb" || fl_fail "fallback id"
[ "$(grep -c '^sample,syscall,' "$fb")" -ge 8 ] ||
    fl_fail "fallback samples: $(grep -c '^sample,' "$fb")"
grep -q "h1: lost: not saved in h1.csv (.*No space left on device.*): saved in $fb instead; its copy stays on the host: sysmark fleet collect $d fetches it" \
    "$fl_tmp/err" || fl_fail "local full: not said: $(cat "$fl_tmp/err")"
rdir=$(ls -d "$fl_tmp"/home1/.cache/sysmark/run.* 2>/dev/null)
[ -s "$rdir/run.csv" ] || fl_fail "the host's copy was cleaned: $rdir"
# Space freed, the command the reason names takes the host's copy into
# the fleet, with the inventory or without.
rm -f "$fl_tmp/full/.fill"
hint=$(sed -n 's/.*its copy stays on the host: sysmark fleet collect \(.*\) fetches it.*/\1/p' \
    "$fl_tmp/err" | head -n 1)
[ "$hint" = "$d" ] || fl_fail "the hint names \"$hint\", not $d"
fl_sysmark fleet collect $cfg -i "$fl_tmp/inv1" "$hint" >"$fl_tmp/out" \
    2>"$fl_tmp/err" || fl_fail "collect: $(cat "$fl_tmp/err")"
grep -q "1 run(s) collected" "$fl_tmp/err" || fl_fail "collect: $(cat "$fl_tmp/err")"
grep -q '^meta,fleet_host,h1' "$d/h1.csv" || fl_fail "collected: $(ls "$d")"
[ "$(fl_field "$d" h1 3)" = ok ] || fl_fail "after collect: $(cat "$d/fleet.csv")"
[ ! -e "$rdir" ] || fl_fail "collect left $rdir"
echo "  local disk full: fallback $fb, collected into $d/h1.csv;" \
    "$(($(date +%s) - t0)) s, load $(cut -d' ' -f1-3 /proc/loadavg)"
rm -f "$fl_tmp"/tmp/*

# ---- The host's disk fills while it measures: the agent still sends
# its run, which the controller keeps.
t0=$(date +%s)
fl_mount "$fl_tmp/home2/.cache" 64m
fl_go remote "$fl_tmp/results" 2
fl_fill "$fl_tmp/home2/.cache"
fl_resume
fl_end remote
[ $rc -eq 0 ] || fl_fail "remote full: exit $rc: $(cat "$fl_tmp/err")"
[ "$(fl_field "$d" h2 3)" = ok ] || fl_fail "remote full: $(cat "$d/fleet.csv")"
[ "$(grep -c '^sample,syscall,' "$d/h2.csv")" -ge 8 ] ||
    fl_fail "remote full: the run that came back: $(head "$d/h2.csv")"
grep -q "the run came back whole; on the host it was not saved where asked" \
    "$d/fleet.csv" || fl_fail "remote full: reason: $(cat "$d/fleet.csv")"
rfb=$(ls "$fl_tmp"/rtmp/sysmark-unsaved-*.csv 2>/dev/null | head -n 1)
[ -n "$rfb" ] || fl_fail "remote full: the agent kept no fallback: $(cat "$d/h2.log")"
grep -q "the partial file .*run.csv, which it supersedes, was removed" \
    "$d/h2.log" || fl_fail "remote full: not said: $(cat "$d/h2.log")"
echo "  host disk full: kept in $d/h2.csv (the host's fallback $rfb);" \
    "$(($(date +%s) - t0)) s, load $(cut -d' ' -f1-3 /proc/loadavg)"
rm -f "$fl_tmp"/rtmp/* "$fl_tmp/home2/.cache/.fill"
rm -rf "$fl_tmp"/home2/.cache/sysmark/run.*

# ---- Both full: the run in the controller's fallback; on the host no
# stale journal claims the run's name.
t0=$(date +%s)
fl_go both "$fl_tmp/full" 2
fl_fill "$fl_tmp/home2/.cache"
fl_fill "$fl_tmp/full"
fl_resume
fl_end both
[ $rc -eq 6 ] || fl_fail "both full: exit $rc: $(cat "$fl_tmp/err")"
fb=$(ls "$fl_tmp"/tmp/sysmark-unsaved-*.csv 2>/dev/null | head -n 1)
[ -n "$fb" ] && [ "$(grep -c '^sample,syscall,' "$fb")" -ge 8 ] ||
    fl_fail "both full: no whole fallback: $(cat "$fl_tmp/err")"
grep -q "h2: lost: not saved in .*: saved in $fb instead" "$fl_tmp/err" ||
    fl_fail "both full: not said: $(cat "$fl_tmp/err")"
for f in "$fl_tmp"/home2/.cache/sysmark/run.*/run.csv; do
	[ -e "$f" ] || continue
	grep -q '^meta,status,running' "$f" &&
	    fl_fail "both full: a stale journal claims $f"
done
echo "  both disks full: fallback $fb, no stale journal on the host;" \
    "$(($(date +%s) - t0)) s, load $(cut -d' ' -f1-3 /proc/loadavg)"

# ---- The controller's disk fills between the host's run file and
# fleet.csv: the ssh that cleans the host ("rm -rf" its directory, after
# the run is saved and before the host ends) is held until it is full.
t0=$(date +%s)
rm -rf "$fl_tmp/full/.fill" "$fl_tmp"/full/fleet-* "$fl_tmp"/tmp/*
cat >"$fl_tmp/bin/ssh" <<EOT
#!/bin/sh
case "\$*" in
*"c 'rm -rf"*)
	: >"$fl_tmp/held"
	n=0
	while [ -e "$fl_tmp/hold" ] && [ \$n -lt 300 ]; do
		sleep 0.1
		n=\$((n + 1))
	done ;;
esac
exec /usr/bin/ssh "\$@"
EOT
: >"$fl_tmp/hold"
TMPDIR=$fl_tmp/tmp SYSMARK_RESULTS=$fl_tmp/results "$fl_bin" fleet run $cfg \
    -i "$fl_tmp/inv1" -o "$fl_tmp/full" -t syscall -d 0.1 -n 3 \
    >"$fl_tmp/out" 2>"$fl_tmp/err" &
pid=$!
fl_wait_for 60 test -e "$fl_tmp/held" ||
    fl_fail "stale: h1 never came to its clean step: $(cat "$fl_tmp/err")"
d=$(ls -d "$fl_tmp"/full/fleet-* | tail -n 1)
[ -s "$d/h1.csv" ] || fl_fail "stale: no h1.csv before the clean step"
fl_fill "$fl_tmp/full"
rm -f "$fl_tmp/hold"
fl_end stale
[ $rc -eq 3 ] || fl_fail "stale: exit $rc: $(cat "$fl_tmp/err")"
[ "$(fl_field "$d" h1 3)" = running ] ||
    fl_fail "stale: fleet.csv was written after all: $(cat "$d/fleet.csv")"
[ ! -e "$d/.fleet.csv.tmp" ] || fl_fail "stale: $d/.fleet.csv.tmp left"
last=$(tail -n 1 "$fl_tmp/err")
case $last in
*"fleet.csv is stale"*"the runs are in h1.csv") ;;
*) fl_fail "stale: the last line: $last" ;;
esac
fl_sysmark fleet show "$d" >"$fl_tmp/out" 2>&1 ||
    fl_fail "stale: fleet show: $(cat "$fl_tmp/out")"
grep -q '^h1 .* ok .*fleet.csv is stale' "$fl_tmp/out" ||
    fl_fail "stale: fleet show: $(cat "$fl_tmp/out")"
echo "  full between the run file and fleet.csv: said, h1.csv read;" \
    "$(($(date +%s) - t0)) s, load $(cut -d' ' -f1-3 /proc/loadavg)"
echo "$0: ok"
