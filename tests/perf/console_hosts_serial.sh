#!/bin/sh
# What the console's Hosts screen costs a serial line with many hosts:
# HOSTS inventory entries (default 32: four local sshd, each listening on
# HOSTS/4 ports, tests/e2e/fleet.subr) running one syscall sample of -d
# SECONDS (default 10) at once, the console in a private 80x24 tmux whose
# pane output is logged.  Prints the bytes per second while the hosts
# run and, with strace, write(2) calls per screen update, with the load
# average.  Usage: sh tests/perf/console_hosts_serial.sh [HOSTS [SECONDS
# [WINDOW]]] (WINDOW: seconds measured, default 3 x SECONDS)
# Run from the top of the tree after `make`; not a test.  The budget is
# 100 bytes/s and one write per update.
set -u
. tests/e2e/fleet.subr
fl_bin=$fl_top/sysmark
nh=${1:-32}
dur=${2:-10}
per=$(( (nh + 3) / 4 ))
tm="tmux -L sysmark-hs-$$ -f /dev/null"
trap '$tm kill-server 2>/dev/null; sleep 1; fl_cleanup' EXIT

fl_setup
for n in 1 2 3 4; do
	fl_start $n known
	# More ports on the same sshd: each (address, port) is a host.
	for k in $(seq 2 "$per"); do
		echo "ListenAddress 127.0.0.$((n + 1)):$((fl_port0 + 10 * k + n))"
	done >>"$fl_tmp/sshd$n.conf"
	eval "kill \$fl_pid$n"
	sleep 0.5
	$fl_sshd -D -e -f "$fl_tmp/sshd$n.conf" 2>>"$fl_tmp/sshd$n.log" &
	fl_pids="$fl_pids $!"
done
: >"$fl_tmp/inv"
i=0
for k in $(seq 1 "$per"); do
	for n in 1 2 3 4; do
		[ $i -lt "$nh" ] || break
		p=$((fl_port0 + n))
		[ "$k" -eq 1 ] || p=$((fl_port0 + 10 * k + n))
		echo "h$i ansible_host=127.0.0.$((n + 1)) ansible_port=$p" >>"$fl_tmp/inv"
		printf '[127.0.0.%d]:%d %s\n' $((n + 1)) $p \
		    "$(cut -d' ' -f1-2 "$fl_tmp/hostkey$n.pub")" >>"$fl_tmp/known_hosts"
		i=$((i + 1))
	done
done
sleep 1
mkdir -p "$fl_tmp/cbin"
printf '#!/bin/sh\nexec /usr/bin/ssh -F %s "$@"\n' "$fl_tmp/ssh_config" \
    >"$fl_tmp/cbin/ssh"
chmod 755 "$fl_tmp/cbin/ssh"
screen() { $tm capture-pane -p -t s; }
wait_for() {
	end=$(($(date +%s) + $2))
	until screen | grep -q -e "$1"; do
		[ "$(date +%s)" -le "$end" ] || { echo "timed out: $1" >&2; screen >&2; exit 1; }
		sleep 0.2
	done
}
$tm new-session -d -x 80 -y 24 -s s "sleep 1; exec env \
PATH=$fl_tmp/cbin:$PATH SYSMARK_RESULTS=$fl_tmp/results $fl_bin console 2>$fl_tmp/console.err; echo console-exit=\$?; cat $fl_tmp/console.err; sleep 600" || exit 1
$tm pipe-pane -o -t s "cat >>$fl_tmp/pane"
wait_for "choose the tests" 15
$tm send-keys -t s x / C-u syscall Enter Space d C-u "$dur" Enter n C-u 1 Enter H
wait_for "inventory file:" 10
$tm send-keys -t s "$fl_tmp/inv" Enter
wait_for "$nh of $nh host(s) picked" 10
$tm send-keys -t s Enter
wait_for "^h[0-9]* *running" 120
sleep 2
pid=$($tm list-panes -t s -F '#{pane_pid}')
b0=$(wc -c <"$fl_tmp/pane")
win=${3:-$((3 * dur))}
if command -v strace >/dev/null 2>&1; then
	timeout "$win" strace -q -p "$pid" -e trace=write -o "$fl_tmp/strace" 2>/dev/null
else
	sleep "$win"
fi
b1=$(wc -c <"$fl_tmp/pane")
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "$nh hosts running: $(( (b1 - b0) / win )) bytes/s ($((b1 - b0)) bytes in $win s)"
[ -f "$fl_tmp/strace" ] && echo "writes: $(grep -c '^write(1,' "$fl_tmp/strace") in $win s (2 updates/s)"
screen | head -8
wait_for "side by side\\|console-exit" 900
screen | tail -5
echo "ok: $(grep -c '"ok"' "$fl_tmp"/results/fleet-*/fleet.csv) of $nh"
